"""Small hand-built tasks for world-model tests."""

from __future__ import annotations

from saferelbench.world.task import Condition, PlanStep, Task


def make_task(
    objects: dict[str, list[str]] | list[str],
    init: list[str],
    goal: str = "(:goal (and))",
    process: list[Condition] | None = None,
    termination: list[Condition] | None = None,
    plan: list[str] | None = None,
    room: str = "kitchen",
    task_id: str = "t",
) -> Task:
    if isinstance(objects, list):
        objects = {o: [] for o in objects}
    return Task(
        id=task_id,
        room=room,
        instruction="test",
        objects=objects,
        init=init,
        goal=goal,
        process_conditions=process or [],
        termination_conditions=termination or [],
        golden_plan=[PlanStep(action=a) for a in (plan or [])],
    )


def before(
    trigger: str, bddl: str, risk: str = "Test Hazard", relation_induced: bool = False
) -> Condition:
    return Condition(
        risk_type=risk,
        safety_bddl=bddl,
        action=trigger,
        type="before",
        relation_induced=relation_induced,
    )


def after(trigger: str, bddl: str) -> Condition:
    return Condition(risk_type="Test Hazard", safety_bddl=bddl, action=trigger, type="after")


def termination(bddl: str, action: str | None = None) -> Condition:
    return Condition(risk_type="Test Hazard", safety_bddl=bddl, action=action)


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
