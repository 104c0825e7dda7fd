"""Measure the built-in agents on the whole dataset: planning time per sample and what they score.

    .venv/bin/python benchmarks/bench_agents.py [--agents oracle task-only random] [--limit N]
        [--every K] [--seed S] [--plain] [--json OUT.json]

Each sample is played in a plain loop (simulator + evaluator, no prompts, no images), so the
time is the agents' own (for oracle / task-only: the planner's search). Besides timings it
prints, per agent, SR and SSR, the planner's cost per sample (successor states simulated, i.e.
calls of the simulator's ``step``: median, p95, max and total; states expanded; CPU seconds of
the agent), and checks the benchmark's sanity targets: the oracle reaches SR = SSR = 1 with
plans no longer than the golden ones; task-only reaches the goal (except where a goal-ruining
hazard stops it) and violates the relation-induced condition on every spatial sample. ``--every K`` plays every K-th sample;
``--seed S`` builds a fresh dataset with that seed first (tasks no cache can know);
``--plain`` turns the planner's class-by-class successor simulation off (every successor of
every expanded state simulated), for comparison. The plan cache is off (every plan searched). Without the dataset
installed it falls back to the IS-Bench examples. Figures are recorded in docs/performance.md.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from saferelbench.agents.base import HistoryItem, Observation
from saferelbench.agents.parsing import parse_output
from saferelbench.agents.registry import make_agent
from saferelbench.world.events import Outcome
from saferelbench.world.scene_builder import build_world
from saferelbench.world.simulator import finish, step
from saferelbench.world.task import Task
from saferelbench.world.verdict import TaskEvaluator, Trajectory, TrajectoryStep

EXAMPLES = (
    Path(__file__).resolve().parent.parent.parent
    / "shared"
    / "notes"
    / "isbench-examples"
    / "tasks"
)


def load_tasks(limit: int | None, seed: int | None = None) -> tuple[list[Task], str]:
    if seed is not None:
        from saferelbench.dataset.pipeline import build_dataset

        print(f"(building a fresh dataset, seed {seed} ...)", flush=True)
        fresh: list[Task] = list(build_dataset(seed))
        return fresh[:limit], f"fresh dataset, seed {seed}"
    try:
        from saferelbench.dataset.store import load_samples

        tasks: list[Task] = list(load_samples())
        source = "dataset"
    except Exception as exc:  # the dataset may not be installed yet
        from saferelbench.dataset.isbench import load_task

        print(f"(dataset not available: {exc}; using the IS-Bench examples)")
        tasks = [load_task(p) for p in sorted(EXAMPLES.glob("*.json"))]
        source = "isbench-examples"
    return (tasks[:limit] if limit else tasks), source


def play(agent_name: str, task: Task, seed: int = 0, plain: bool = False) -> dict[str, Any]:
    """One episode; returns timings, the plan and the verdict's key facts."""
    agent = make_agent(agent_name)
    if hasattr(agent, "plan_cache"):  # the search is measured, never the shipped plan cache
        agent.plan_cache = False
    if plain and hasattr(agent, "lazy"):
        agent.lazy = False
    world = build_world(task)
    scene, state = world.scene, world.initial
    limit = len(task.golden_plan) + 10
    agent.reset(task, seed)
    trajectory = Trajectory(initial=state)
    history: list[HistoryItem] = []
    actions: list[str] = []
    act_time = act_cpu = 0.0
    for i in range(1, limit + 1):
        obs = Observation(
            task=task,
            scene=scene,
            state=state,
            step=i,
            history=tuple(history),
            extra={"step_limit": limit},
        )
        t0, c0 = time.perf_counter(), time.process_time()
        raw = agent.act(obs)
        act_time += time.perf_counter() - t0
        act_cpu += time.process_time() - c0
        parsed = parse_output(raw, list(task.objects))
        if parsed.action is None:
            history.append(HistoryItem(None, parsed.caution, "invalid", parsed.error or ""))
            trajectory.steps.append(
                TrajectoryStep(parsed.raw_action or "", Outcome.INVALID, state, state)
            )
            actions.append("<invalid>")
            continue
        after, result = step(scene, state, parsed.action, i)
        trajectory.steps.append(
            TrajectoryStep(result.action, result.outcome, state, after, result.events)
        )
        history.append(
            HistoryItem(parsed.action, parsed.caution, result.outcome.value, result.reason)
        )
        actions.append(parsed.action)
        state = after
        if result.outcome is Outcome.DONE:
            break
    trajectory.final_events = finish(scene, world.initial, state, len(trajectory.steps) + 1)
    verdict = TaskEvaluator(task, scene).evaluate(trajectory)
    relation = [v for v in verdict.conditions if v.relation_induced]
    return {
        "id": task.id,
        "split": getattr(task, "split", "isbench"),
        "time": act_time,
        "cpu": act_cpu,
        "steps": len(actions),
        "golden": len(task.golden_plan),
        "success": verdict.task_success,
        "safe": verdict.safe,
        "relation_violated": any(v.status == "violated" for v in relation),
        # a hazard that ruins the goal (the vase to deliver breaks) may fail the blind agent
        "goal_ruining": any(
            getattr(h, "goal_ruining", False) for h in getattr(task, "hazards", ())
        ),
        "has_relation_condition": bool(relation),
        "hazards": len(trajectory.hazards),
        "failures": list(getattr(agent, "failures", [])),
        "searches": getattr(agent, "searches", None),
        "expanded": getattr(agent, "expanded", None),
        "simulated": stats.simulated if (stats := getattr(agent, "stats", None)) else None,
        "actions": actions,
    }


def summarise(agent: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    times = [r["time"] for r in rows]
    n = len(rows)
    spatial = [r for r in rows if r["split"] == "spatial"]
    out: dict[str, Any] = {
        "agent": agent,
        "n": n,
        "SR": sum(r["success"] for r in rows) / n,
        "SSR": sum(r["success"] and r["safe"] for r in rows) / n,
        "total_s": sum(times),
        "mean_ms": 1000 * statistics.mean(times),
        "median_ms": 1000 * statistics.median(times),
        "max_ms": 1000 * max(times),
        "slowest": max(rows, key=lambda r: r["time"])["id"],
        "with_hazards": sum(r["hazards"] > 0 for r in rows),
        "planner_failures": sum(bool(r["failures"]) for r in rows),
    }
    out["cpu_s"] = sum(r["cpu"] for r in rows)
    if agent in ("oracle", "task-only"):
        states = sorted(r["simulated"] or 0 for r in rows)
        out["states_simulated"] = {
            "median": statistics.median(states),
            "p95": states[min(n - 1, int(0.95 * n))],
            "max": states[-1],
            "total": sum(states),
        }
        out["states_expanded_total"] = sum(r["expanded"] or 0 for r in rows)
        out["longer_than_golden"] = [r["id"] for r in rows if r["steps"] > r["golden"]]
        out["mean_plan_length"] = statistics.mean(r["steps"] for r in rows)
        out["mean_golden_length"] = statistics.mean(r["golden"] for r in rows)
        out["states_expanded_max"] = max(r["expanded"] or 0 for r in rows)
    if spatial:
        out["spatial_n"] = len(spatial)
        out["spatial_relation_violated"] = sum(r["relation_violated"] for r in spatial)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--agents", nargs="+", default=["oracle", "task-only", "random"])
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--every", type=int, default=1, help="play every K-th sample only")
    ap.add_argument("--seed", type=int, default=None, help="build a fresh dataset with this seed")
    ap.add_argument(
        "--plain",
        action="store_true",
        help="simulate every successor of every expanded state (no class-by-class simulation)",
    )
    ap.add_argument(
        "--json", type=Path, default=None, help="write per-sample rows and summaries here"
    )
    args = ap.parse_args()
    if args.every < 1:
        ap.error("--every must be at least 1")
    tasks, source = load_tasks(args.limit, args.seed)
    tasks = tasks[:: args.every]
    print(
        f"machine: {platform.machine()} python {platform.python_version()}, load {os.getloadavg()[0]:.1f};"
        f" {len(tasks)} tasks from {source}"
    )
    make_agent("oracle").act  # noqa: B018  (import cost outside the timings)
    build_world(tasks[0])  # warm the object taxonomy (a one-off ~0.1 s)

    ok = True
    report: dict[str, Any] = {
        "source": source,
        "every": args.every,
        "plain": args.plain,
        "load": os.getloadavg()[0],
        "summaries": [],
        "rows": {},
    }
    for agent in args.agents:
        t0 = time.perf_counter()
        rows = []
        for k, t in enumerate(tasks, 1):
            rows.append(play(agent, t, plain=args.plain))
            if k % 50 == 0:
                print(f"  {agent}: {k}/{len(tasks)} samples", file=sys.stderr, flush=True)
        wall = time.perf_counter() - t0
        s = summarise(agent, rows)
        s["wall_s"] = wall
        report["summaries"].append(s)
        report["rows"][agent] = rows
        print(
            f"{agent:10s} n={s['n']} SR={s['SR']:.3f} SSR={s['SSR']:.3f}  agent time: total {s['total_s']:.2f} s, "
            f"mean {s['mean_ms']:.1f} ms, median {s['median_ms']:.1f} ms, max {s['max_ms']:.0f} ms ({s['slowest']}); "
            f"agent CPU {s['cpu_s']:.2f} s; wall {wall:.2f} s"
        )
        if "states_simulated" in s:
            sim = s["states_simulated"]
            print(
                f"    states simulated per sample: median {sim['median']:g}, p95 {sim['p95']}, "
                f"max {sim['max']}, total {sim['total']}; states expanded {s['states_expanded_total']}"
                f"{' (plain search)' if args.plain else ''}"
            )
        if agent == "oracle":
            good = s["SR"] == 1 and s["SSR"] == 1 and not s["longer_than_golden"]
            ok &= good
            print(
                f"    oracle target SR=SSR=1, no plan longer than golden: {'OK' if good else 'FAILED'}"
                f" (mean plan {s['mean_plan_length']:.2f} vs golden {s['mean_golden_length']:.2f};"
                f" longer: {s['longer_than_golden'][:5]}; failures: {s['planner_failures']}; hazards: {s['with_hazards']})"
            )
            for r in rows:
                if not (r["success"] and r["safe"]):
                    print(
                        f"      {r['id']}: success={r['success']} safe={r['safe']} {r['failures'][:1]} {r['actions']}"
                    )
        if agent == "task-only":
            spatial_n = s.get("spatial_n", 0)
            missed = [r for r in rows if not r["success"] and not r["goal_ruining"]]
            good = not missed and s.get("spatial_relation_violated", 0) == spatial_n
            ok &= good
            print(
                "    task-only target: the goal reached on every sample whose hazard does not ruin"
                " it, relation condition violated on every spatial sample:"
                f" {'OK' if good else 'FAILED'} ({len(missed)} missed;"
                f" {s.get('spatial_relation_violated', 0)}/{spatial_n} violated)"
            )
            for r in rows:
                if r in missed or (r["split"] == "spatial" and not r["relation_violated"]):
                    print(
                        f"      {r['id']}: success={r['success']} relation_violated={r['relation_violated']} {r['actions']}"
                    )
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
