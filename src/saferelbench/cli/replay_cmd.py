"""``saferelbench replay``: replay a plan (default: the golden plan) on a task, or every golden
plan of an IS-Bench-format directory."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from saferelbench.cli.replay_table import print_rollout
from saferelbench.dataset.isbench import TaskFormatError, UnsupportedTask, list_tasks, load_task
from saferelbench.world.conditions import ConditionError
from saferelbench.world.events import Outcome
from saferelbench.world.rollout import Rollout, rollout
from saferelbench.world.scene_builder import TaskError
from saferelbench.world.task import Task
from saferelbench.world.verdict import DEFAULT_PROTOCOL, PROTOCOLS, Verdict, protocol_choices

console = Console()
LOAD_ERRORS = (TaskFormatError, TaskError, ConditionError, UnsupportedTask)


def fail(message: str) -> typer.Exit:
    """Print one clear error line and return the exit to raise."""
    Console(stderr=True).print(f"[red]error:[/red] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(code=2)


def read_plan(path: Path, task_id: str) -> list[str]:
    """The actions of a PLAN.json for ``task_id``, replayed as written (no DONE is added): one
    plan (a list of action strings or of ``{"action", "caution"}`` objects, or
    ``{"plan": [...]}``), or a map sample id -> plan (the file ``run --agent replay --plan``
    takes)."""
    from saferelbench.world.jsonio import read_json
    from saferelbench.world.vocabulary import did_you_mean

    data = read_json(path, error=ValueError)
    if isinstance(data, dict):
        keys = [k for k in ("plan", "steps", "example_planning", "golden_plan") if k in data]
        if keys:
            data = data[keys[0]]
        else:
            bad = [k for k, v in data.items() if not isinstance(v, list)]
            if bad:
                raise ValueError(
                    f"{path}: a plan must be a JSON list of steps, or a map sample id -> plan "
                    f"(sample {bad[0]!r} holds {type(data[bad[0]]).__name__})"
                )
            if task_id not in data:
                raise ValueError(
                    f"{path}: no plan for {task_id!r} in this id -> plan map"
                    + did_you_mean(task_id, data)
                )
            data = data[task_id]
    if not isinstance(data, list):
        raise ValueError(f"{path}: a plan must be a JSON list")
    actions = []
    for i, item in enumerate(data):
        if isinstance(item, str):
            actions.append(item)
        elif isinstance(item, dict) and isinstance(item.get("action"), str):
            actions.append(item["action"])
        else:
            raise ValueError(
                f"{path}: item [{i}] must be an action string or an object with a string 'action'"
            )
    return actions


def load_any(spec: str) -> Task:
    """A task file path (IS-Bench format) or a dataset sample id."""
    path = Path(spec)
    if path.suffix == ".json" or path.exists():
        return load_task(path)
    from saferelbench.dataset.store import get_sample  # the dataset layer's sample store

    return get_sample(spec)


def rollout_json(task: Task, r: Rollout) -> dict[str, Any]:
    return {
        "task": task.id,
        "task_success": r.verdict.task_success,
        "goal_reached": r.verdict.goal_reached,
        "safe": r.verdict.safe,
        "protocol": r.verdict.protocol,
        "conditions_safe": r.verdict.conditions_safe,
        "decided_by": r.verdict.decided_by,
        "steps": [
            {
                "index": i,
                "action": res.action,
                "outcome": res.outcome.value,
                "reason": res.reason,
                "hazards": [e.to_dict() for e in res.events],
            }
            for i, res in enumerate(r.results, start=1)
        ],
        "hazards": [e.to_dict() for e in r.hazards],
        "violations": [v.model_dump() for v in r.verdict.violations],
        "conditions": [v.model_dump() for v in r.verdict.conditions],
        "disagreements": r.verdict.disagreements,
    }


def replay(
    task: Annotated[
        str | None, typer.Argument(help="Task JSON (IS-Bench format) or dataset sample id.")
    ] = None,
    plan: Annotated[
        Path | None,
        typer.Option(
            help="PLAN.json: list of action strings or {action, caution} objects, or the sample id -> plan map of run --plan."
        ),
    ] = None,
    isbench: Annotated[
        Path | None, typer.Option(help="Replay every golden plan of an IS-Bench-format directory.")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", metavar="", help="Print one JSON object.")
    ] = False,
    protocol: Annotated[
        str,
        typer.Option(help=f"Verdict protocol: {protocol_choices()}."),
    ] = DEFAULT_PROTOCOL,
) -> None:
    """Replay a plan on a task and print each step, the hazards and the verdicts."""
    if protocol not in PROTOCOLS:
        raise fail(f"--protocol must be one of {', '.join(PROTOCOLS)}, not {protocol!r}")
    if isbench is not None:
        _replay_dir(isbench, as_json, protocol)
        return
    if task is None:
        raise fail("give a TASK (file or sample id) or --isbench DIR")
    try:
        t = load_any(task)
        actions = read_plan(plan, t.id) if plan else [s.action for s in t.golden_plan]
        r = _rollout(t, actions, protocol)
    except (*LOAD_ERRORS, ValueError, KeyError) as exc:
        raise fail(str(exc).strip("'\"")) from None
    if as_json:
        print(json.dumps(rollout_json(t, r), indent=2))
    else:
        print_rollout(console, t, r)


def _rollout(task: Task, actions: list[str], protocol: str) -> Rollout:
    """Replay under ``protocol``, in the world that protocol uses (``isbench``: IS-Bench's
    simulator conventions)."""
    from saferelbench.harness.episode import world_for

    return rollout(task, actions, world=world_for(task, protocol), protocol=protocol)


def _tally(verdict: Verdict) -> dict[str, int]:
    """Evaluated and held conditions of one verdict, per kind (IS-Bench's SRec counts)."""
    out = {"process_evaluated": 0, "process_held": 0}
    out |= {"termination_evaluated": 0, "termination_held": 0}
    for v in verdict.conditions:
        if v.status in ("held", "violated"):
            out[f"{v.kind}_evaluated"] += 1
            out[f"{v.kind}_held"] += v.status == "held"
    return out


def _replay_dir(directory: Path, as_json: bool, protocol: str = DEFAULT_PROTOCOL) -> None:
    from saferelbench.dataset.isbench import folder_problem

    problem = folder_problem(directory)
    if problem:
        raise fail(f"--isbench {problem}")
    try:
        files = list_tasks(directory)
    except TaskFormatError as exc:
        raise fail(str(exc)) from None
    summary: dict[str, Any] = {
        "tasks": len(files),
        "replayed": 0,
        "unsupported": 0,
        "task_success": 0,
        "safe": 0,
        "protocol": protocol,
        "failures": [],
        # per replayed task with any, the hazards the physical model sees in its golden plan
        "hazards_by_task": {},
    }
    for f in files:
        try:
            t = load_task(f)
            r = _rollout(t, [s.action for s in t.golden_plan], protocol)
        except UnsupportedTask as exc:
            summary["unsupported"] += 1
            summary["failures"].append({"task": f.stem, "reason": f"unsupported: {exc}"})
            continue
        except LOAD_ERRORS as exc:
            summary["failures"].append({"task": f.stem, "reason": str(exc)})
            continue
        summary["replayed"] += 1
        for i, res in enumerate(r.results, start=1):
            if res.outcome is Outcome.INVALID:  # e.g. an object outside the object list: under
                # isbench no step (IS-Bench's rule); listed, and the task not failed for it
                summary.setdefault("warnings", []).append(
                    {"task": t.id, "step": i, "reason": f"{res.action}: {res.reason}"}
                )
        if r.hazards:
            summary["hazards_by_task"][t.id] = [e.to_dict() for e in r.hazards]
        summary["task_success"] += int(r.verdict.task_success)
        summary["safe"] += int(r.verdict.safe)
        if protocol == "isbench":
            counts = summary.setdefault("conditions", dict.fromkeys(_tally(r.verdict), 0))
            for key, value in _tally(r.verdict).items():
                counts[key] += value
        if not (r.verdict.task_success and r.verdict.safe):
            why = (
                "task not completed"
                if not r.verdict.task_success
                else "; ".join(
                    [v.reason for v in r.verdict.violations]
                    # hazards decide only under physical; the other protocols do not count them
                    + [
                        f"hazard: {h.detail}"
                        for h in r.verdict.hazards
                        if r.verdict.protocol == "physical"
                    ]
                )
            )
            summary["failures"].append({"task": t.id, "reason": why})
    if as_json:
        print(json.dumps(summary, indent=2))
        return
    console.print(
        f"{summary['tasks']} tasks: {summary['replayed']} replayed, {summary['unsupported']} unsupported; "
        f"golden plans successful {summary['task_success']}, safe {summary['safe']} "
        f"(protocol {protocol})"
    )
    counts = summary.get("conditions")
    if counts:
        held = counts["process_held"] + counts["termination_held"]
        evaluated = counts["process_evaluated"] + counts["termination_evaluated"]
        console.print(
            f"conditions held / evaluated: {held}/{evaluated} (process "
            f"{counts['process_held']}/{counts['process_evaluated']}, termination "
            f"{counts['termination_held']}/{counts['termination_evaluated']})",
            highlight=False,
        )
    for item in summary["failures"]:
        console.print(f"  [yellow]{item['task']}[/yellow]: {item['reason']}", highlight=False)
    for item in summary.get("warnings", []):
        console.print(
            f"  warning: {item['task']} step {item['step']}: {item['reason']}", highlight=False
        )


def register(app: typer.Typer) -> None:
    app.command("replay")(replay)
