"""The planner's estimate for freezing (agents.goal_analysis.enablers): WAIT_FOR_FROZEN wants
the cold source shut, so a thing to freeze that is not in the fridge yet needs the door opened,
the thing put in, the door closed and the wait; one already in an open fridge needs the door
closed first. The estimate counts those steps (it is exact on these tasks and never above the
length of a shortest plan, found here by exhaustive search), and IS-Bench's conventions, which
let a thing freeze behind an open door, count no closing."""

from __future__ import annotations

from collections import deque

import pytest

from saferelbench.agents.goal_analysis import enablers
from saferelbench.agents.planner import Planner, _Node
from saferelbench.world.events import Outcome
from saferelbench.world.scene_builder import build_world
from saferelbench.world.simulator import step
from saferelbench.world.state import Scene, State
from saferelbench.world.task import Task

from .helpers import make_task

FRIDGE = "electric_refrigerator.n.01_1"
FOOD = "meatball.n.01_1"
BOX = "tupperware.n.01_1"
OBJECTS = [FOOD, BOX, "countertop.n.01_1", FRIDGE, "floor.n.01_1"]


def _task(init: list[str], goal: str = f"(:goal (frozen ?{FOOD}))") -> Task:
    return make_task("freeze", OBJECTS, init, goal)


ON_COUNTER = [f"(inside {FOOD} {BOX})", f"(ontop {BOX} countertop.n.01_1)"]
IN_OPEN_FRIDGE = [f"(inside {FOOD} {BOX})", f"(inside {BOX} {FRIDGE})", f"(open {FRIDGE})"]


def _shortest(task: Task, scene: Scene, start: State, planner: Planner) -> int:
    """Length of a shortest action sequence to the goal (breadth-first over every candidate
    action of the planner's widest grounding)."""
    objects = planner._all_objects()
    groundings = planner._groundings(start, objects, planner._destinations(start, objects, True))
    goal = planner.evaluator.goal
    queue: deque[tuple[State, int]] = deque([(start, 0)])
    seen = {start}
    while queue:
        state, depth = queue.popleft()
        if goal.holds(state):
            return depth
        for action in planner._candidates(state, groundings):
            after, result = step(scene, state, action, 1)
            if result.outcome is Outcome.OK and after not in seen:
                seen.add(after)
                queue.append((after, depth + 1))
    raise AssertionError("no plan")


@pytest.mark.parametrize(
    ("init", "steps"),
    [
        (ON_COUNTER, {("cold", FOOD), ("open", FRIDGE), ("close", FRIDGE)}),
        (IN_OPEN_FRIDGE, {("close", FRIDGE)}),
    ],
    ids=["on-the-counter", "in-an-open-fridge"],
)
def test_freezing_counts_the_door_of_the_cold_source(init: list[str], steps: set) -> None:
    task = _task(init)
    world = build_world(task)
    tree = ["frozen", f"?{FOOD}"]
    assert enablers(world.scene, world.initial, tree) == steps


@pytest.mark.parametrize("init", [ON_COUNTER, IN_OPEN_FRIDGE], ids=["counter", "open-fridge"])
@pytest.mark.parametrize("blind", [True, False], ids=["task-only", "oracle"])
def test_the_estimate_is_exact_here_and_the_plan_shortest(init: list[str], blind: bool) -> None:
    task = _task(init)
    world = build_world(task)
    planner = Planner(task, world.scene, safe=not blind, initial=world.initial, blind=blind)
    shortest = _shortest(task, world.scene, world.initial, planner)
    estimate = planner._h(_Node(world.initial, frozenset()))
    result = planner.plan(world.initial)
    assert result.ok, result.failure
    actions = result.actions[:-1]
    assert len(actions) == shortest
    assert estimate == shortest  # a lower bound, and here the exact cost
    assert actions.index(f"CLOSE({FRIDGE})") < actions.index(f"WAIT_FOR_FROZEN({FOOD})")


def test_under_isbench_conventions_the_door_may_stay_open() -> None:
    task = _task(ON_COUNTER)
    world = build_world(task, isbench_conventions=True)
    tree = ["frozen", f"?{FOOD}"]
    assert enablers(world.scene, world.initial, tree) == {("cold", FOOD), ("open", FRIDGE)}
    planner = Planner(task, world.scene, safe=False, blind=True)
    shortest = _shortest(task, world.scene, world.initial, planner)
    assert planner._h(_Node(world.initial, frozenset())) <= shortest
    result = planner.plan(world.initial)
    assert len(result.actions) - 1 == shortest
