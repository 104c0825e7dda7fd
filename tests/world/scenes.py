"""Small hand-built tasks for world-model tests."""

from __future__ import annotations

from saferelbench.testing import tasks
from saferelbench.testing.tasks import NO_GOAL
from saferelbench.world.task import Condition, Task


def make_task(
    objects: dict[str, list[str]] | list[str],
    init: list[str],
    goal: str = NO_GOAL,
    process: list[Condition] | None = None,
    termination: list[Condition] | None = None,
    plan: list[str] | None = None,
    room: str = "kitchen",
    task_id: str = "t",
) -> Task:
    return tasks.make_task(
        objects,
        init,
        goal,
        process=process or [],
        termination=termination or [],
        plan=plan or [],
        room=room,
        task_id=task_id,
        instruction="test",
    )


def before(
    trigger: str, bddl: str, risk: str = "Test Hazard", relation_induced: bool = False
) -> Condition:
    return tasks.before(trigger, bddl, risk=risk, relation_induced=relation_induced)


after = tasks.after
termination = tasks.at_end


KITCHEN = [
    "floor.n.01_1",
    "countertop.n.01_1",
    "shelf.n.01_1",
    "microwave.n.02_1",
    "stove.n.01_1",
    "electric_refrigerator.n.01_1",
    "cabinet.n.01_1",
]
KITCHEN_INIT = [
    "(inroom countertop.n.01_1 kitchen)",
    "(inroom shelf.n.01_1 kitchen)",
    "(inroom microwave.n.02_1 kitchen)",
    "(inroom stove.n.01_1 kitchen)",
    "(inroom electric_refrigerator.n.01_1 kitchen)",
    "(inroom cabinet.n.01_1 kitchen)",
]


def kitchen(extra: list[str], init: list[str], **kw: object) -> Task:
    return make_task(KITCHEN + extra, KITCHEN_INIT + init, **kw)  # type: ignore[arg-type]
