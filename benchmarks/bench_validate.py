"""Time ``saferelbench validate`` over all shipped samples (20 seeded random rollouts each).

Usage: ``.venv/bin/python benchmarks/bench_validate.py [--repeat N]``; prints the wall time per
run and the best, which docs/dataset.md quotes.
"""

from __future__ import annotations

import argparse
import time

from saferelbench.dataset.store import load_samples
from saferelbench.dataset.validate import DEFAULT_RANDOM_ROLLOUTS, validate


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--rollouts", type=int, default=DEFAULT_RANDOM_ROLLOUTS)
    args = parser.parse_args()
    samples = load_samples()
    times = []
    for _ in range(args.repeat):
        t0 = time.perf_counter()
        report = validate(samples, args.rollouts)
        times.append(time.perf_counter() - t0)
        assert report.ok, report.errors[:3]
        print(f"{len(samples)} samples, {report.agreement_rollouts} rollouts: {times[-1]:.2f} s")
    print(f"best of {args.repeat}: {min(times):.2f} s")


if __name__ == "__main__":
    main()
