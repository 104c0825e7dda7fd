"""Replay all of IS-Bench's golden plans on the symbolic simulator, timed.

    .venv/bin/python benchmarks/bench_isbench.py [--data /work/isbench/data] [--repeat 3]
        [--out benchmarks/results/isbench_replay.json]

For every task of ``DATA/tasks/*.json`` (IS-Bench's ``data/`` folder, commit 812f545 of
AI45Lab/IS-Bench; it is not part of this repository) it loads the task (JSON + BDDL), builds
the world and replays the golden plan, under the default world and under IS-Bench's
conventions (:func:`saferelbench.world.scene_builder.with_isbench_conventions`), judged by the
``physical`` (default) and ``conditions`` protocols (and by ``isbench`` when the
evaluator has it). It prints the counts
and the wall times (median of ``--repeat`` passes) and writes them, with every failing task
and its reason, to the results JSON. Without the data folder it says so and exits with 2.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from saferelbench.dataset.isbench import list_tasks, load_task
from saferelbench.world.errors import SafeRelBenchError
from saferelbench.world.rollout import rollout
from saferelbench.world.scene_builder import build_world, with_isbench_conventions
from saferelbench.world.verdict import PROTOCOLS

ISBENCH_COMMIT = "812f545"
HERE = Path(__file__).resolve().parent


def one_pass(files: list[Path]) -> dict[str, Any]:
    """Load and replay every task once; counts and failures per configuration."""
    configs: list[tuple[str, bool, str]] = [
        ("default world, physical", False, "physical"),
        ("default world, conditions", False, "conditions"),
        ("isbench conventions, conditions", True, "conditions"),
    ]
    if "isbench" in PROTOCOLS:
        configs.append(("isbench conventions, isbench protocol", True, "isbench"))
    out: dict[str, Any] = {
        name: {"replayed": 0, "task_success": 0, "success_and_safe": 0, "failures": []}
        for name, _, _ in configs
    }
    load_errors: list[dict[str, str]] = []
    t0 = time.perf_counter()
    for f in files:
        try:
            task = load_task(f)
            base = build_world(task)
        except SafeRelBenchError as exc:
            load_errors.append({"task": f.stem, "reason": str(exc)})
            continue
        plan = [s.action for s in task.golden_plan]
        for name, conventions, protocol in configs:
            world = with_isbench_conventions(base) if conventions else base
            r = rollout(task, plan, world=world, protocol=protocol)
            row = out[name]
            row["replayed"] += 1
            row["task_success"] += int(r.verdict.task_success)
            ok = r.verdict.task_success and r.verdict.safe
            row["success_and_safe"] += int(ok)
            if not ok:
                why = (
                    "task not completed"
                    if not r.verdict.task_success
                    else "; ".join(
                        [" ".join(v.reason.split()) for v in r.verdict.violations]
                        + [f"hazard: {h.detail}" for h in r.verdict.hazards]
                    )
                )
                row["failures"].append({"task": task.id, "reason": why})
    seconds = time.perf_counter() - t0
    return {"configs": out, "load_errors": load_errors, "seconds": seconds}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", type=Path, default=Path("/work/isbench/data"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--out", type=Path, default=HERE / "results" / "isbench_replay.json")
    args = ap.parse_args()
    if not (args.data / "tasks").is_dir():
        print(
            f"IS-Bench data not found: {args.data}/tasks is missing (get AI45Lab/IS-Bench's "
            "data/ folder and pass --data DIR)"
        )
        return 2
    files = list_tasks(args.data)
    passes = [one_pass(files) for _ in range(max(1, args.repeat))]
    first = passes[0]
    wall = statistics.median(p["seconds"] for p in passes)
    n_configs = len(first["configs"])
    print(
        f"machine: {platform.machine()} python {platform.python_version()}; "
        f"IS-Bench {ISBENCH_COMMIT}: {len(files)} tasks"
    )
    print(f"not loadable: {len(first['load_errors'])}")
    for e in first["load_errors"]:
        print(f"  {e['task']}: {e['reason']}")
    for name, row in first["configs"].items():
        print(
            f"{name}: replayed {row['replayed']}, task_success {row['task_success']}, "
            f"success and safe {row['success_and_safe']} of {len(files)}"
        )
        for fl in row["failures"]:
            print(f"  {fl['task']}: {fl['reason'][:160]}")
    print(
        f"replay of all {len(files)} golden plans (load + build + replay, x{n_configs} "
        f"configurations): {wall:.2f} s (median of {len(passes)})"
    )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    result = {
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "isbench_commit": ISBENCH_COMMIT,
        "tasks": len(files),
        "wall_seconds_median": round(wall, 3),
        "wall_seconds_all": [round(p["seconds"], 3) for p in passes],
        "configurations": n_configs,
        "machine": f"{platform.machine()} python {platform.python_version()}",
        "load_errors": first["load_errors"],
        "results": first["configs"],
    }
    args.out.write_text(json.dumps(result, indent=2) + "\n", "utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
