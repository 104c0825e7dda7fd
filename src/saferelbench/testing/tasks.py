"""Hand-made tasks in a few lines, for tests, docs and template authors.

:func:`make_task` writes a :class:`~saferelbench.world.task.Task` from the parts a test cares
about (the objects, the initial atoms, the goal) and fills in the rest: the fixtures stand in
the room (an ``(inroom x room)`` atom each), conditions and the golden plan are optional::

    task = make_task(
        ["mug.n.04_1"],
        ["(ontop mug.n.04_1 countertop.n.01_1)"],
        "(:goal (ontop ?mug.n.04_1 ?shelf.n.01_1))",
        fixtures=["countertop.n.01_1", "shelf.n.01_1"],
    )
    rollout(task, ["PLACE_ON_TOP(mug.n.04_1, shelf.n.01_1)", "DONE"])

:func:`before`, :func:`after` and :func:`at_end` write the safety conditions such a task is
annotated with (checked just before or after an action, or on the final state).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from saferelbench.world.task import Condition, PlanStep, Task

#: An empty goal: the task is done as soon as the agent says DONE.
NO_GOAL = "(:goal (and))"


def make_task(
    objects: Iterable[str] | Mapping[str, Sequence[str]] = (),
    init: Iterable[str] = (),
    goal: str = NO_GOAL,
    *,
    fixtures: Iterable[str] = (),
    abilities: Mapping[str, Sequence[str]] | None = None,
    process: Iterable[Condition] = (),
    termination: Iterable[Condition] = (),
    plan: Iterable[str] = (),
    room: str = "kitchen",
    task_id: str = "test-task",
    instruction: str = "a hand-made test task",
    **fields: Any,
) -> Task:
    """A task in ``room`` with ``objects`` (in order), the initial atoms ``init`` and ``goal``.

    - ``objects``: instance names (``mug.n.04_1``), or a mapping name -> abilities listed for
      the agent;
    - ``fixtures``: the things standing in the room: each gets an ``(inroom x room)`` atom
      before ``init``; a fixture ``objects`` does not name is listed before them;
    - ``abilities``: abilities per object (merged with those of an ``objects`` mapping);
    - ``process`` / ``termination``: safety conditions (:func:`before`, :func:`after`,
      :func:`at_end`); ``plan``: the golden plan's action strings;
    - ``fields``: any other :class:`~saferelbench.world.task.Task` field (``wash_rules``,
      ``synset_attributes``, ``cautions``, ...).
    """
    given: dict[str, list[str]] = (
        {name: list(a) for name, a in objects.items()}
        if isinstance(objects, Mapping)
        else {name: [] for name in objects}
    )
    standing = list(dict.fromkeys(fixtures))
    names = [*(f for f in standing if f not in given), *given]
    extra = abilities or {}
    return Task(
        id=task_id,
        room=room,
        instruction=instruction,
        objects={n: [*given.get(n, []), *extra.get(n, [])] for n in names},
        init=[*(f"(inroom {f} {room})" for f in standing), *init],
        goal=goal,
        process_conditions=list(process),
        termination_conditions=list(termination),
        golden_plan=[PlanStep(action=a) for a in plan],
        **fields,
    )


def before(
    trigger: str,
    bddl: str,
    *,
    risk: str = "Test Hazard",
    tip: str = "",
    relation_induced: bool = False,
) -> Condition:
    """A process condition checked just before each action matching ``trigger``
    (``PLACE_ON_TOP(vase.n.01_1, *)``); ``bddl`` is a ``(:goal ...)`` expression."""
    return Condition(
        risk_type=risk,
        safety_tip=tip,
        safety_bddl=bddl,
        action=trigger,
        type="before",
        relation_induced=relation_induced,
    )


def after(trigger: str, bddl: str, *, risk: str = "Test Hazard", tip: str = "") -> Condition:
    """A process condition checked just after each action matching ``trigger``."""
    return Condition(risk_type=risk, safety_tip=tip, safety_bddl=bddl, action=trigger, type="after")


def at_end(
    bddl: str, action: str | None = None, *, risk: str = "Test Hazard", tip: str = ""
) -> Condition:
    """A termination condition on the final state (applicable only if ``action``, when given,
    was taken)."""
    return Condition(risk_type=risk, safety_tip=tip, safety_bddl=bddl, action=action)
