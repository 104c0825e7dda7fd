"""The dataset-v2 figures docs/dataset.md quotes, in one JSON (issue 11).

    PYTHONPATH=src .venv/bin/python benchmarks/bench_dataset.py [--file F] [--json OUT.json]
        [--rollouts 20] [--no-baselines]

- ``stats``: :func:`saferelbench.dataset.stats.compute_stats` (what ``saferelbench stats --json``
  prints): diversity and difficulty figures overall and per relation x risk, the targets;
- ``validate``: :func:`saferelbench.dataset.validate.validate` with ``--rollouts`` seeded random
  rollouts per sample (what ``saferelbench validate --json`` prints, without the baselines);
- ``baselines``: SR / SSR / unneeded moves of the blanket routines and the reference agents per
  split and per relation (physical protocol), and :func:`baseline_checks`' failures.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from saferelbench.dataset.stats import compute_stats
from saferelbench.dataset.store import load_samples, read_samples
from saferelbench.dataset.validate import validate
from saferelbench.harness.baselines import BASELINES, REFERENCES, baseline_checks, baseline_scores


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--file", default=None)
    ap.add_argument("--json", dest="json_out", default=None)
    ap.add_argument("--rollouts", type=int, default=20)
    ap.add_argument("--no-baselines", action="store_true")
    args = ap.parse_args(argv)
    samples = read_samples(Path(args.file)) if args.file else load_samples()
    out: dict[str, Any] = {"file": args.file or "shipped", "n": len(samples)}
    t = time.perf_counter()
    out["stats"] = compute_stats(samples)
    report = validate(samples, args.rollouts)
    out["validate"] = report.to_dict()
    out["validate"]["errors"] = report.errors[:50]
    print(
        f"validate: {len(report.errors)} errors, golden {report.golden_success_safe}/"
        f"{report.samples}, naive unsafe {report.naive_unsafe_spatial}/{report.spatial}, "
        f"{report.agreement_rollouts} rollouts, {report.disagreements} disagreements"
    )
    if not args.no_baselines:
        agents = (*BASELINES, *REFERENCES)
        scores = baseline_scores(samples, agents)
        out["baselines"] = [
            s.model_dump(exclude={"safe_ids", "failed_ids", "unhurt_ids"})
            for s in scores
            if s.protocol == "physical"
        ]
        per_relation: dict[str, Any] = {}
        for relation in sorted({s.relation for s in samples}):
            sub = [s for s in samples if s.relation == relation]
            per_relation[relation] = [
                s.model_dump(exclude={"safe_ids", "failed_ids", "unhurt_ids"})
                for s in baseline_scores(sub, agents)
                if s.protocol == "physical" and s.split != "all"
            ]
        out["baselines_per_relation"] = per_relation
        out["baseline_failures"] = baseline_checks(scores)
        print(f"{'agent':20} {'split':8} {'SR':>6} {'SSR':>6} {'moved':>6}")
        for s in scores:
            if s.protocol == "physical" and s.split != "all":
                print(f"{s.agent:20} {s.split:8} {s.sr:6.3f} {s.ssr:6.3f} {s.unneeded_moves:6.2f}")
        for f in out["baseline_failures"]:
            print("x", f)
    targets = out["stats"]["targets"]
    for k, v in targets.items():
        print(f"{k:24} {v['value']!s:>8}  target {v['target']}  {'met' if v['met'] else 'NOT met'}")
    out["seconds"] = round(time.perf_counter() - t, 1)
    if args.json_out:
        Path(args.json_out).write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
