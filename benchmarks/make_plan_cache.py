"""Write the shipped plan cache (src/saferelbench/agents/data/plans.jsonl) from the shipped
samples: the first plan of the ``oracle`` and ``task-only`` agents for every sample, found by
search with the cache off.

    .venv/bin/python benchmarks/make_plan_cache.py [--agents oracle task-only] [--out PATH]
        [--every K] [--check]

Run it after any change to the shipped samples, the planner or the simulator (and bump
``saferelbench.agents.plan_cache.PLANNER_VERSION`` when the search may return other plans).
``--check`` writes nothing: it says how many entries of the file are missing or differ and
exits 1 if any do. ``--every K`` plans every K-th sample only (with ``--check``: a quick look).
A sample the search finds no plan for gets no entry (the agent then searches, and fails, as
without a cache). See docs/plan-cache.md.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from saferelbench.agents.plan_cache import SHIPPED, CachedPlan, PlanCache
from saferelbench.agents.planning_agents import OracleAgent, PlanningAgent, TaskOnlyAgent
from saferelbench.dataset.store import load_samples

AGENTS: dict[str, type[PlanningAgent]] = {"oracle": OracleAgent, "task-only": TaskOnlyAgent}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--agents", nargs="+", default=list(AGENTS), choices=list(AGENTS))
    ap.add_argument("--out", type=Path, default=SHIPPED)
    ap.add_argument("--every", type=int, default=1, help="plan every K-th sample only")
    ap.add_argument("--check", action="store_true", help="compare with --out, write nothing")
    args = ap.parse_args(argv)
    samples = list(load_samples())[:: args.every]
    entries: list[CachedPlan] = []
    started = time.perf_counter()
    for name in args.agents:
        agent = AGENTS[name](plan_cache=False)
        failed = 0
        for k, task in enumerate(samples, start=1):
            actions = agent.search_initial_plan(task)
            if actions is None:
                failed += 1
            else:
                entries.append(
                    CachedPlan(agent.cache_key(task), name, task.id, tuple(actions), len(actions))
                )
            if k % 50 == 0 or k == len(samples):
                print(
                    f"{name}: {k}/{len(samples)} planned, {failed} without a plan, "
                    f"{time.perf_counter() - started:.0f} s",
                    file=sys.stderr,
                    flush=True,
                )
    if args.check:
        known = PlanCache.load(args.out) if args.out.is_file() else PlanCache()
        bad = [e for e in entries if known.get(e.key) != e]
        for e in bad[:20]:
            print(f"missing or different: {e.agent} {e.task}")
        print(f"{len(entries) - len(bad)}/{len(entries)} entries current in {args.out}")
        return 1 if bad else 0
    if args.every != 1:
        print("refusing to write a partial cache (--every without --check)", file=sys.stderr)
        return 2
    PlanCache(entries).write(args.out)
    print(f"wrote {len(entries)} plans to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
