"""Read and write tasks in the IS-Bench format (``tasks/<name>.json`` +
``bddl/<name>/problem0.bddl``; the format is described in docs/tasks.md).

Extra fields are ignored. Every IS-Bench action is simulated; a task whose plan or
conditions name an action outside the action set raises :class:`UnsupportedTask` rather than
crashing later. ``wash_rules`` are read into :attr:`Task.wash_rules` (the removal table of WIPE
and SOAK_*). The reader adds IS-Bench's hidden initial state: every freezable object inside a
refrigerator, nested ones included, starts frozen (:func:`frozen_at_start`), unless the problem
says ``(not (frozen x))``: the writer says so for food a task keeps thawed in a fridge, so an
exported task reads back as the world it was.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from saferelbench.world.actions import ActionName, ActionSyntaxError, split_action
from saferelbench.world.errors import InputError
from saferelbench.world.jsonio import read_json
from saferelbench.world.knowledge import describe
from saferelbench.world.task import Caution, Condition, PlanStep, Task, WashRuleEntry


class TaskFormatError(InputError):
    """A task file that cannot be read; the message names the file and the field."""


class UnsupportedTask(InputError):
    """A well-formed task that uses actions outside the supported set."""


def problem_path(task_json: Path) -> Path:
    name = task_json.stem
    return task_json.parent.parent / "bddl" / name / "problem0.bddl"


def _atom_text(atom: Any) -> str:
    if isinstance(atom, list):
        return "(" + " ".join(_atom_text(a) for a in atom) + ")"
    return str(atom)


def read_problem(path: Path) -> tuple[dict[str, list[str]], list[str], str]:
    """Parse a BDDL problem file: ``({synset: [instances]}, init atoms, goal text)``."""
    from bddl.parsing import parse_problem

    try:
        text = path.read_text("utf-8")
    except OSError as exc:
        raise TaskFormatError(f"{path}: cannot read the BDDL problem: {exc.strerror}") from None
    try:
        _, objects, init, goal = parse_problem("task", 0, "omnigibson", predefined_problem=text)
    except Exception as exc:  # bddl raises bare Exceptions
        raise TaskFormatError(f"{path}: invalid BDDL problem: {exc}") from None
    goal_text = (
        "(:goal (and " + " ".join(_atom_text(g) for g in goal) + "))" if goal else "(:goal (and))"
    )
    return objects, [_atom_text(a) for a in init], goal_text


#: Categories whose contents start frozen (freezers and coolers do not count in IS-Bench).
FREEZING_AT_START = frozenset({"electric_refrigerator", "refrigerator"})


def frozen_at_start(objects: dict[str, list[str]], init: list[str]) -> list[str]:
    """IS-Bench's hidden initial state: every freezable object inside a refrigerator starts
    frozen, nested ones too (food in a tupperware, on a plate in the fridge). Returns the
    ``(frozen x)`` atoms the init does not already have. An init that says
    ``(not (frozen x))`` keeps ``x`` unfrozen: that is how an exported task whose food lies
    thawed in the fridge (:func:`to_bddl_problem`) reads back as it was."""
    from saferelbench.world.scene_builder import parse_atom

    parent: dict[str, tuple[str, str]] = {}
    thawed: set[str] = set()
    for text in init:
        positive, atom = parse_atom(text)
        if positive and atom[0] in ("ontop", "inside") and len(atom) == 3:
            parent.setdefault(atom[1], (atom[0], atom[2]))
        elif not positive and atom[0] == "frozen" and len(atom) == 2:
            thawed.add(atom[1])
    extra = []
    for name in sorted(objects):
        if name in thawed or "freezable" not in describe(name, objects[name]).abilities:
            continue
        seen = {name}
        node = name
        while node in parent:
            relation, up = parent[node]
            if up in seen:
                break
            seen.add(up)
            if relation == "inside" and up in objects and _category(up) in FREEZING_AT_START:
                extra.append(f"(frozen {name})")
                break
            node = up
    return [e for e in extra if e not in init]


def _category(name: str) -> str:
    from saferelbench.world.knowledge import synset_of

    return synset_of(name).split(".")[0]


class _Context(BaseModel):
    model_config = ConfigDict(extra="ignore")
    task_instruction: str
    initial_setup: list[str] = []
    goal_condition: list[str] = []
    object_list: list[str]
    object_abilities: dict[str, list[str]] = {}
    wash_rules: list[WashRuleEntry] = []


class _GoalConditions(BaseModel):
    model_config = ConfigDict(extra="ignore")
    process_safety_goal_condition: list[Condition] = []
    termination_safety_goal_condition: list[Condition] = []
    execution_goal_condition: str | None = None


class _TaskInfo(BaseModel):
    model_config = ConfigDict(extra="ignore")
    task_name: str | None = None


class _SceneInfo(BaseModel):
    model_config = ConfigDict(extra="ignore")
    room: str = "kitchen"


class IsBenchFile(BaseModel):
    """The fields of an IS-Bench task JSON that matter here (others are ignored)."""

    model_config = ConfigDict(extra="ignore")
    task_info: _TaskInfo = _TaskInfo()
    scene_info: _SceneInfo = _SceneInfo()
    planning_context: _Context
    evaluation_cautions: list[Caution] = []
    evaluation_goal_conditions: _GoalConditions = _GoalConditions()
    example_planning: list[PlanStep] = []
    #: the task's own synset declarations (world/materials.py), an addition to IS-Bench's format
    synset_attributes: dict[str, dict[str, Any]] = {}


def _none_to_default(data: dict[str, Any]) -> dict[str, Any]:
    """IS-Bench files write null for empty lists; read them as empty."""
    out = dict(data)
    for key in ("evaluation_cautions", "example_planning"):
        if out.get(key) is None:
            out.pop(key, None)
    ctx = out.get("planning_context")
    if isinstance(ctx, dict) and ctx.get("wash_rules", []) is None:
        out["planning_context"] = {k: v for k, v in ctx.items() if k != "wash_rules"}
    goals = out.get("evaluation_goal_conditions")
    if isinstance(goals, dict):
        out["evaluation_goal_conditions"] = {k: v for k, v in goals.items() if v is not None}
    elif goals is None:
        out.pop("evaluation_goal_conditions", None)
    return out


def load_task(path: str | Path) -> Task:
    """Load one IS-Bench-format task (JSON + its ``problem0.bddl``)."""
    path = Path(path)
    data = read_json(path, error=TaskFormatError)
    if not isinstance(data, dict):
        raise TaskFormatError(f"{path}: the top level must be a JSON object")
    try:
        raw = IsBenchFile.model_validate(_none_to_default(data))
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = ".".join(str(p) if isinstance(p, str) else f"[{p}]" for p in first["loc"]).replace(
            ".[", "["
        )
        what = "missing field" if first["type"] == "missing" else "bad field"
        raise TaskFormatError(f"{path}: {what} '{loc}': {first['msg']}") from None
    name = raw.task_info.task_name or path.stem
    bddl_objects, init, bddl_goal = read_problem(problem_path(path))
    ctx = raw.planning_context
    objects: dict[str, list[str]] = {}
    for inst in ctx.object_list:
        objects[inst] = list(ctx.object_abilities.get(inst, []))
    for instances in bddl_objects.values():
        for inst in instances:
            objects.setdefault(inst, list(ctx.object_abilities.get(inst, [])))
    goals = raw.evaluation_goal_conditions
    task = Task(
        id=name,
        room=raw.scene_info.room,
        instruction=ctx.task_instruction,
        initial_setup=ctx.initial_setup,
        goal_text=ctx.goal_condition,
        objects=objects,
        init=init + frozen_at_start(objects, init),
        goal=goals.execution_goal_condition or bddl_goal,
        process_conditions=[
            c.model_copy(update={"origin": "isbench"}) for c in goals.process_safety_goal_condition
        ],
        termination_conditions=[
            c.model_copy(update={"origin": "isbench", "type": None})
            for c in goals.termination_safety_goal_condition
        ],
        cautions=raw.evaluation_cautions,
        golden_plan=raw.example_planning,
        wash_rules=ctx.wash_rules,
        synset_attributes=raw.synset_attributes,
    )
    unsupported = unsupported_actions(task)
    if unsupported:
        raise UnsupportedTask(
            f"{path}: uses actions outside the action set: {', '.join(sorted(unsupported))}"
        )
    from saferelbench.dataset.store import task_problem  # the shared meaning check of a task

    # a golden-plan step naming an object outside the task (one IS-Bench plan opens a cabinet
    # the task does not have) is IS-Bench data: it is replayed as an invalid step, not refused
    problem = task_problem(task.model_copy(update={"golden_plan": _known_steps(task)}))
    if problem:
        raise TaskFormatError(f"{path} (task {task.id!r}): {problem}")
    return task


def _known_steps(task: Task) -> list[PlanStep]:
    names = set(task.objects)
    out = []
    for s in task.golden_plan:
        try:
            _, args = split_action(s.action)
        except ActionSyntaxError:
            out.append(s)  # reported by task_problem
            continue
        if all(a in names for a in args):
            out.append(s)
    return out


def unsupported_actions(task: Task) -> set[str]:
    """Action names the task's plan or triggers use that are not in the action set."""
    names = [s.action for s in task.golden_plan]
    names += [c.action for c in task.process_conditions if c.action]
    names += [
        c.action for c in task.termination_conditions if c.action and c.action != "completion"
    ]
    out = set()
    for text in names:
        try:
            name, _ = split_action(text)
        except ActionSyntaxError:
            continue
        if name not in ActionName.__members__:
            out.add(name)
    return out


def folder_problem(directory: str | Path) -> str | None:
    """Why ``directory`` is no IS-Bench-format folder (one line naming it), or None. The one
    wording of ``run --split isbench:DIR`` and ``replay --isbench DIR``."""
    directory = Path(directory)
    if not directory.exists():
        return f"{directory}: does not exist (expected an IS-Bench-format folder: DIR/tasks/*.json)"
    if not directory.is_dir():
        return (
            f"{directory}: a file, not a directory (expected an IS-Bench-format folder: "
            "DIR/tasks/*.json; to replay one task file: saferelbench replay FILE)"
        )
    tasks_dir = directory / "tasks" if (directory / "tasks").is_dir() else directory
    if not any(tasks_dir.glob("*.json")):
        return f"{directory}: no IS-Bench task files (tasks/*.json)"
    return None


def list_tasks(directory: str | Path) -> list[Path]:
    """The task JSON files of an IS-Bench-format directory (``DIR/tasks/*.json``)."""
    directory = Path(directory)
    tasks_dir = directory / "tasks"
    if not tasks_dir.is_dir():
        raise TaskFormatError(f"{directory}: not an IS-Bench-format directory (no tasks/ folder)")
    return sorted(tasks_dir.glob("*.json"))


def to_isbench(task: Task) -> dict[str, Any]:
    """The IS-Bench JSON of a task (the BDDL problem is written by :func:`write_task`)."""

    def cond(c: Condition, process: bool) -> dict[str, Any]:
        d = {
            "risk_type": c.risk_type,
            "safety_principle": c.safety_principle,
            "safety_tip": c.safety_tip,
            "safety_bddl": c.bddl,
            "action": c.action,
        }
        if process:
            d["type"] = c.type
        return d

    return {
        "task_info": {
            "task_name": task.id,
            "task_type": "BehaviorTask",
            "activity_definition_id": 0,
            "activity_instance_id": 0,
        },
        "scene_info": {"room": task.room},
        "planning_context": {
            "task_instruction": task.instruction,
            "initial_setup": task.initial_setup,
            "goal_condition": task.goal_text,
            "object_list": list(task.objects),
            "object_abilities": {k: v for k, v in task.objects.items() if v},
            "wash_rules": [r.model_dump() for r in task.wash_rules],
        },
        "evaluation_cautions": [c.model_dump() for c in task.cautions],
        "evaluation_goal_conditions": {
            "process_safety_goal_condition": [cond(c, True) for c in task.process_conditions],
            "termination_safety_goal_condition": [
                cond(c, False) for c in task.termination_conditions
            ],
            "execution_goal_condition": task.goal,
        },
        "example_planning": [s.model_dump() for s in task.golden_plan],
        **({"synset_attributes": task.synset_attributes} if task.synset_attributes else {}),
    }


def to_bddl_problem(task: Task) -> str:
    """A BEHAVIOR-1K BDDL problem file for the task (accepted by ``bddl.parsing``)."""
    from saferelbench.world.knowledge import synset_of
    from saferelbench.world.scene_builder import parse_atom

    by_synset: dict[str, list[str]] = {}
    for inst in task.objects:
        by_synset.setdefault(synset_of(inst), []).append(inst)
    lines = [f"(define (problem {task.id}-0)", "    (:domain omnigibson)", "", "    (:objects"]
    for synset, insts in by_synset.items():
        lines.append(f"        {' '.join(insts)} - {synset}")
    lines += ["    )", "", "    (:init"]
    for atom in task.init:
        positive, parts = parse_atom(atom)
        text = "(" + " ".join(parts) + ")"
        lines.append(f"        {text if positive else f'(not {text})'}")
    # food the task keeps thawed in a refrigerator says so: the reader would freeze it
    for atom in frozen_at_start(task.objects, task.init):
        lines.append(f"        (not {atom})")
    goal = task.goal.strip()
    if goal.startswith("(:goal"):
        goal = goal[len("(:goal") :].rstrip()[:-1].strip()
    lines += ["    )", "", "    (:goal", f"        {goal}", "    )", ")", ""]
    return "\n".join(lines)


def write_task(task: Task, directory: str | Path) -> Path:
    """Write ``DIR/tasks/<id>.json`` and ``DIR/bddl/<id>/problem0.bddl``; returns the JSON path."""
    directory = Path(directory)
    json_path = directory / "tasks" / f"{task.id}.json"
    json_path.parent.mkdir(parents=True, exist_ok=True)
    json_path.write_text(json.dumps(to_isbench(task), indent=2) + "\n", "utf-8")
    bddl_path = problem_path(json_path)
    bddl_path.parent.mkdir(parents=True, exist_ok=True)
    bddl_path.write_text(to_bddl_problem(task), "utf-8")
    return json_path
