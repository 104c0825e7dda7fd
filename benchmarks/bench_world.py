"""Measure the simulator: cost of one step (action + proximity + every hazard rule of the
physical model + the task's condition checks) and of replaying golden plans (the IS-Bench
examples, and the dataset when it is installed). The target is a step under 150 us.

    .venv/bin/python benchmarks/bench_world.py [--repeat 7]

Prints medians of several runs; figures are recorded in README.md / docs/performance.md.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from pathlib import Path

from saferelbench.dataset.isbench import load_task
from saferelbench.world.rollout import rollout
from saferelbench.world.scene_builder import build_world
from saferelbench.world.simulator import step
from saferelbench.world.verdict import TaskEvaluator

EXAMPLES = (
    Path(__file__).resolve().parent.parent.parent
    / "shared"
    / "notes"
    / "isbench-examples"
    / "tasks"
)


def median_time(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    tasks = [load_task(p) for p in sorted(EXAMPLES.glob("*.json"))]
    try:
        from saferelbench.dataset.store import load_samples

        samples = load_samples()
    except Exception as exc:  # the dataset may not be installed yet
        print(f"(dataset not available: {exc})")
        samples = []
    print(
        f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}"
    )

    # one step = simulator transition (with the physical hazard rules) + checking every
    # process condition of the task on the state before it
    def per_step(task) -> float:
        world = build_world(task)
        evaluator = TaskEvaluator(task, world.scene)
        plan = [s.action for s in task.golden_plan]
        n_conditions = len(task.process_conditions)

        def steps() -> None:
            state = world.initial
            for i, a in enumerate(plan, start=1):
                after, _ = step(world.scene, state, a, i)
                for k in range(n_conditions):
                    evaluator.process_ok(k, state)
                state = after

        reps = 50

        def many() -> None:
            for _ in range(reps):
                steps()

        return median_time(many, args.repeat) / reps / len(plan)

    pool = samples or tasks
    first = per_step(pool[0])
    print(f"step (action + rules + condition checks): {first * 1e6:.1f} us  [{pool[0].id}]")
    sweep = pool[:: max(1, len(pool) // 60)]
    figures = sorted((per_step(t), t.id) for t in sweep)
    med = statistics.median(f for f, _ in figures)
    print(
        f"step over {len(sweep)} tasks (every {max(1, len(pool) // 60)}th): median {med * 1e6:.1f} us,"
        f" max {figures[-1][0] * 1e6:.1f} us [{figures[-1][1]}]"
    )

    def replay(ts) -> None:
        for t in ts:
            rollout(t, [s.action for s in t.golden_plan])

    print(
        f"replay of the {len(tasks)} IS-Bench examples (build + compile + run + judge): {median_time(lambda: replay(tasks), args.repeat) * 1e3:.1f} ms"
    )
    if samples:
        print(
            f"replay of all {len(samples)} dataset golden plans: {median_time(lambda: replay(samples), args.repeat):.2f} s"
        )


if __name__ == "__main__":
    main()
