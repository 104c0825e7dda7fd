"""The hazards the physical model sees in IS-Bench's golden plans, and in their lazy variants.

    .venv/bin/python benchmarks/isbench_hazards.py [--data /work/isbench/data]
        [--out benchmarks/results/isbench_hazards.json]

For every task of ``DATA/tasks/*.json`` (IS-Bench's ``data/`` folder, commit 812f545 of
AI45Lab/IS-Bench; not part of this repository) it replays the golden plan under the default
(``physical``) protocol and lists the hazards per task (the same list as
``saferelbench replay --isbench DATA --json``'s ``hazards_by_task``). Then, as a red-team check
of the rules, it replays every *lazy variant*: the golden plan with one step left out (DONE
kept), and counts, among the variants that still reach the goal, those where IS-Bench's
annotated conditions see a violation and whether the physics also sees a hazard; variants the
annotation flags and the physics does not are listed per task, with the step left out. It
prints a summary and writes everything (task names, rule names and action strings only, no
text of IS-Bench) to the results JSON. Without the data folder it says so and exits with 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from saferelbench.dataset.isbench import list_tasks, load_task
from saferelbench.world.errors import SafeRelBenchError
from saferelbench.world.rollout import rollout

ISBENCH_COMMIT = "812f545"
HERE = Path(__file__).resolve().parent


def analyse(data: Path) -> dict[str, Any]:
    golden: dict[str, list[dict[str, object]]] = {}
    cells: Counter[str] = Counter()
    rules: Counter[str] = Counter()
    missed: dict[str, list[str]] = {}
    for f in list_tasks(data):
        try:
            task = load_task(f)
        except SafeRelBenchError:
            continue
        plan = [s.action for s in task.golden_plan]
        r = rollout(task, plan)
        if r.hazards:
            golden[task.id] = [e.to_dict() for e in r.hazards]
        for i, action in enumerate(plan):
            if action == "DONE":
                continue
            lazy = rollout(task, plan[:i] + plan[i + 1 :])
            if not lazy.verdict.task_success:
                continue
            flagged = not lazy.verdict.conditions_safe
            seen = bool(lazy.hazards)
            cells[
                f"annotation {'flags' if flagged else 'clean'}, physics {'sees' if seen else 'clean'}"
            ] += 1
            rules.update(e.rule for e in lazy.hazards)
            if flagged and not seen:
                missed.setdefault(task.id, []).append(action)
    return {
        "isbench_commit": ISBENCH_COMMIT,
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
        "golden_hazards_by_task": golden,
        "lazy_variants": dict(sorted(cells.items())),
        "lazy_variant_rules": dict(rules.most_common()),
        "annotation_only_in_lazy_variants": missed,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data", type=Path, default=Path("/work/isbench/data"))
    ap.add_argument("--out", type=Path, default=HERE / "results" / "isbench_hazards.json")
    args = ap.parse_args(argv)
    if not (args.data / "tasks").is_dir():
        print(f"{args.data}: no tasks/ folder (IS-Bench's data is not in this repository)")
        return 2
    out = analyse(args.data)
    print(f"golden plans with hazards: {len(out['golden_hazards_by_task'])}")
    for task, events in out["golden_hazards_by_task"].items():
        print(f"  {task}: {', '.join(str(e['rule']) for e in events)}")
    print("lazy variants (one golden step left out, goal still reached):")
    for cell, n in out["lazy_variants"].items():
        print(f"  {cell}: {n}")
    print(f"rules seen in lazy variants: {out['lazy_variant_rules']}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=2) + "\n", "utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
