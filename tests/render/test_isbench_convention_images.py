"""Under IS-Bench's convention (``--protocol isbench``: things that start on the same support
are next to each other until moved) the picture follows that convention's ``nextto``, not the
default model's places. Hand-made task (no IS-Bench file)."""

from __future__ import annotations

from saferelbench.render import render
from saferelbench.world.rollout import run_actions
from saferelbench.world.scene_builder import build_world, with_isbench_conventions
from saferelbench.world.task import Task
from tests.render.proximity_check import proximity_errors

ITEMS = ["mug.n.04_1", "apple.n.01_1", "bowl.n.01_1", "plate.n.04_1"]
TASK = Task(
    id="same_support",
    room="kitchen",
    instruction="Tidy up.",
    initial_setup=[],
    goal_text=[],
    objects={
        n: list[str]()
        for n in ["countertop.n.01_1", "breakfast_table.n.01_1", "floor.n.01_1", *ITEMS]
    },
    init=["(inroom countertop.n.01_1 kitchen)", "(inroom breakfast_table.n.01_1 kitchen)"]
    + [f"(ontop {n} countertop.n.01_1)" for n in ITEMS],
    goal="(:goal (ontop ?mug.n.04_1 ?countertop.n.01_1))",
    golden_plan=[],
)


def test_things_that_start_on_one_support_are_drawn_together_then_apart_once_moved() -> None:
    world = with_isbench_conventions(build_world(TASK))
    state = world.initial
    assert all(state.is_nextto(a, b) for i, a in enumerate(ITEMS) for b in ITEMS[i + 1 :])
    r = render(world.scene, state)
    assert proximity_errors(world.scene, state, r) == []
    # the same scene under the default model: places, not one group
    default = build_world(TASK)
    assert not all(
        default.initial.is_nextto(a, b) for i, a in enumerate(ITEMS) for b in ITEMS[i + 1 :]
    )
    plan = [
        "PLACE_ON_TOP(apple.n.01_1, breakfast_table.n.01_1)",
        "PLACE_ON_TOP(apple.n.01_1, countertop.n.01_1)",
    ]
    trajectory, _ = run_actions(world, plan)
    for step in trajectory.steps:
        after = step.after
        assert proximity_errors(world.scene, after, render(world.scene, after)) == [], step.action
    last = trajectory.steps[-1].after
    assert not last.is_nextto("apple.n.01_1", "mug.n.04_1")  # moved: no longer next to them
    assert last.is_nextto("bowl.n.01_1", "mug.n.04_1")
