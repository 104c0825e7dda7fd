"""The built-in planning agents on IS-Bench-format tasks, task by task, against the golden plans.

    .venv/bin/python benchmarks/bench_agents_isbench.py /path/to/IS-Bench/data
        [--agents oracle task-only] [--ids a,b] [--json OUT.json]

For every task that loads: the golden plan replayed (``saferelbench replay``'s verdict, default
protocol), then each agent played through the harness's episode loop (``run_episode``, text
only, as ``saferelbench run --agent NAME``). It prints, per agent, how many tasks end in
success and safe, how many of the golden plans' success-and-safe tasks it also solves safely,
and (for the oracle) the tasks where the golden plan is success and safe but the oracle is not,
with the verdict's reasons, plus planning time and the planner's successor states simulated.
Tasks that do not load are listed by name with the reason. Figures are quoted in docs/harness.md (built-in agents on IS-Bench).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from saferelbench.agents.registry import make_agent
from saferelbench.dataset.isbench import list_tasks, load_task
from saferelbench.harness.episode import run_episode
from saferelbench.world.rollout import rollout


def _quantile(values: list[int], q: float) -> float:
    """The ``q`` quantile of sorted ``values`` as ``bench_agents.py`` reads it (the median
    for 0.5; else the value at rank ``int(q * n)``; 0 when empty)."""
    if not values:
        return 0
    if q == 0.5:
        return statistics.median(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def reasons(result: Any, agent: Any) -> str:
    parts = [f"planner: {f}" for f in getattr(agent, "failures", [])[:1]]
    parts += [v.reason for v in result.verdicts if v.status == "violated"][:2]
    parts += [f"hazard: {h.get('detail', h.get('kind'))}" for h in result.hazards][:2]
    if not result.task_success:
        parts.insert(0, "task not completed")
    return " ".join("; ".join(parts).split())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("data", type=Path, help="IS-Bench-format folder (tasks/ and bddl/)")
    ap.add_argument("--agents", nargs="+", default=["oracle", "task-only"])
    ap.add_argument("--ids", default="", help="comma-separated task names (default: all)")
    ap.add_argument("--json", type=Path, default=None, help="write every row here")
    args = ap.parse_args(argv)
    only = {i for i in args.ids.split(",") if i}
    rows: list[dict[str, Any]] = []
    unloadable: dict[str, str] = {}
    for f in list_tasks(args.data):
        if only and f.stem not in only:
            continue
        try:
            task = load_task(f)
        except Exception as exc:  # reported by name, the run goes on
            unloadable[f.stem] = str(exc).splitlines()[0]
            continue
        golden = rollout(task, [s.action for s in task.golden_plan]).verdict
        row: dict[str, Any] = {
            "task": task.id,
            "golden_ok": golden.task_success and golden.safe,
            "golden_steps": len(task.golden_plan),
        }
        for name in args.agents:
            agent = make_agent(name)
            if hasattr(agent, "plan_cache"):  # the search is measured, never a plan cache
                agent.plan_cache = False
            t0, c0 = time.perf_counter(), time.process_time()
            result = run_episode(task, agent)
            cpu = time.process_time() - c0
            row[name] = {
                "ok": result.task_success and result.safe,
                "success": result.task_success,
                "safe": result.safe,
                "steps": len(result.steps),
                "seconds": round(time.perf_counter() - t0, 3),
                "cpu": round(cpu, 4),
                "simulated": stats.simulated if (stats := getattr(agent, "stats", None)) else None,
                "why": "" if result.task_success and result.safe else reasons(result, agent),
                "actions": [s.action for s in result.steps],
            }
        rows.append(row)
    golden_ok = [r for r in rows if r["golden_ok"]]
    print(
        f"{len(rows)} tasks loaded, {len(unloadable)} not; golden success-and-safe {len(golden_ok)}"
    )
    for name, why in unloadable.items():
        print(f"  not loaded: {name}: {why}")
    for name in args.agents:
        ok = [r for r in rows if r[name]["ok"]]
        both = [r for r in golden_ok if r[name]["ok"]]
        secs = [r[name]["seconds"] for r in rows]
        cpus = [r[name]["cpu"] for r in rows]
        sims = sorted(r[name]["simulated"] or 0 for r in rows)
        longer = [r["task"] for r in rows if r[name]["ok"] and r[name]["steps"] > r["golden_steps"]]
        print(
            f"{name}: success-and-safe {len(ok)}/{len(rows)}, success {sum(r[name]['success'] for r in rows)}; "
            f"where the golden plan is success-and-safe: {len(both)}/{len(golden_ok)}; "
            f"time {sum(secs):.1f} s (max {max(secs, default=0):.1f} s), "
            f"CPU {sum(cpus):.2f} s; "
            f"states simulated {sum(sims)} (per task median {_quantile(sims, 0.5):g}, "
            f"p95 {_quantile(sims, 0.95):g}, max {max(sims, default=0)}); "
            f"successful and safe plans longer than golden: {len(longer)}"
        )
        for r in golden_ok if name == "oracle" else []:  # the naive agents miss by design
            if not r[name]["ok"]:
                print(f"  {r['task']}: {r[name]['why']}")
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "unloadable": unloadable}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
