"""Blanket-caution baselines: fixed routines that understand nothing of the scene.

A benchmark of *spatial* safety must not reward them. Each builds its
whole plan once, from the episode's first observation (the sample's initial facts), and then
answers it step by step:

``checklist``
    thaw everything frozen (``WAIT``), close everything open, switch off everything on; then
    the ``task-only`` plan (the planner's shortest plan, blind to safety: ``blind=True``) from
    that state; then clean up: switch off what is on and close what is open, each only if the
    goal still holds afterwards.
``clear-all``
    the checklist, and before the task-only plan it also moves every movable object the goal
    does not need *to the floor*, leaf first (what lies on top before what it lies on), taking
    things out of closed containers (it opens them, empties them and closes them again). It is
    the over-cautious agent that clears every surface by dumping everything on the floor.
``clear-away``
    the same clearing, but each object goes to *another plain surface of the room* (a table,
    counter, shelf or desk fixture that is not a container, not a heat source and not the
    surface it stands on); the floor only if the room has no other plain surface. Which surface
    is a policy: ``surface="seeded"`` (default: a seeded choice per object, from the episode
    seed, so ``--seed`` varies it), ``"first"`` or ``"last"`` (in name order).

"The goal does not need" means: not named by the goal, not a heat or cold source the goal
needs (the toaster for "toast the bagel"), and not what holds such an object (the pan the
chicken lies in). Everything else movable is cleared, floor objects excepted (nothing to clear
them from). Every action of the routine is checked on the simulator as the plan is built and
dropped if it would fail, so the plans are valid action sequences; hazards they cause are
*not* avoided: that is the point.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import Literal

from saferelbench.agents.base import Observation
from saferelbench.agents.goal_analysis import appliances_for, bddl_objects, bddl_predicates
from saferelbench.agents.parsing import format_answer
from saferelbench.agents.planner import Planner
from saferelbench.world.events import Outcome
from saferelbench.world.scene_builder import build_world
from saferelbench.world.simulator import step
from saferelbench.world.state import Scene, State
from saferelbench.world.task import Task
from saferelbench.world.verdict import TaskEvaluator

Clearing = Literal["none", "floor", "surface"]
SurfacePolicy = Literal["seeded", "first", "last"]
SURFACE_POLICIES: tuple[str, ...] = ("seeded", "first", "last")


@dataclass
class PlanBuilder:
    """Accumulates a plan, applying each action on the simulator; failing actions are dropped."""

    scene: Scene
    state: State
    actions: list[str]

    def try_(self, action: str) -> bool:
        after, result = step(self.scene, self.state, action, len(self.actions) + 1)
        if result.outcome is not Outcome.OK:
            return False
        self.actions.append(action)
        self.state = after
        return True


def plain_surfaces(scene: Scene) -> list[str]:
    """The room's plain surfaces: fixtures that are no container, no heat source, not the
    floor (tables, counters, shelves, desks), in name order."""
    return sorted(
        o.name
        for o in scene.objects
        if o.is_fixture and not o.is_container and o.heat is None and o.name != scene.floor
    )


def kept_objects(task: Task, scene: Scene, state: State) -> set[str]:
    """What the clearing leaves in place: goal objects, the appliances the goal needs, and
    whatever holds them (transitively)."""
    _, named = bddl_objects(task.goal, scene)
    keep = set(named) | set(appliances_for(bddl_predicates(task.goal, scene), scene))
    for o in list(keep):
        if o in scene:
            keep.update(p.parent for p in state.ancestors(o))
    return keep


def blanket_plan(
    task: Task,
    clearing: Clearing = "none",
    *,
    surface: SurfacePolicy = "seeded",
    seed: int = 0,
    state: State | None = None,
    max_expansions: int = 20_000,
) -> list[str]:
    """The whole plan of a blanket routine for ``task`` (ending with DONE), from ``state``
    (default: the task's initial state)."""
    world = build_world(task)
    scene = world.scene
    b = PlanBuilder(scene, state if state is not None else world.initial, [])
    _prelude(b)
    if clearing != "none":
        rng = random.Random(f"saferelbench-clear-away:{seed}:{task.id}")
        _clear(b, task, clearing, surface, rng)
    planner = Planner(
        task, scene, safe=False, blind=True, max_expansions=max_expansions, initial=world.initial
    )
    result = planner.plan(b.state)
    if result.ok:
        for s in result.steps:
            if s.action != "DONE":
                b.try_(s.action)
    _clean_up(b, TaskEvaluator(task, scene))
    return [*b.actions, "DONE"]


def _prelude(b: PlanBuilder) -> None:
    """Thaw what is frozen, close what is open, switch off what is on (name order)."""
    scene = b.scene
    for o in scene.objects:
        if b.state.has("frozen", o.name):
            b.try_(f"WAIT({o.name})")
    for o in scene.objects:
        if "openable" in o.abilities and b.state.has("open", o.name):
            b.try_(f"CLOSE({o.name})")
    for o in scene.objects:
        if "toggleable" in o.abilities and b.state.has("toggled_on", o.name):
            b.try_(f"TOGGLE_OFF({o.name})")


def _depth(state: State, obj: str) -> int:
    return sum(1 for _ in state.ancestors(obj))


def _clear(
    b: PlanBuilder, task: Task, clearing: Clearing, policy: SurfacePolicy, rng: random.Random
) -> None:
    scene = b.scene
    keep = kept_objects(task, scene, b.state)
    surfaces = plain_surfaces(scene)
    todo = [
        o.name
        for o in scene.objects
        if o.is_movable and o.name not in keep and not b.state.is_ontop(o.name, scene.floor)
    ]
    # leaf first: the deepest things (on top of / inside others) move before their supports
    todo.sort(key=lambda n: (-_depth(b.state, n), n))
    opened: list[str] = []
    for obj in todo:
        for container in reversed(b.state.enclosing_containers(obj)):  # outermost first
            info = scene.info(container)
            if "openable" in info.abilities and not b.state.has("open", container):
                if b.try_(f"OPEN({container})"):
                    opened.append(container)
        for target in _targets(b.state, scene, obj, clearing, policy, surfaces, rng):
            if b.try_(f"PLACE_ON_TOP({obj}, {target})"):
                break
    for container in reversed(opened):  # innermost first
        if b.state.has("open", container):
            b.try_(f"CLOSE({container})")


def _targets(
    state: State,
    scene: Scene,
    obj: str,
    clearing: Clearing,
    policy: SurfacePolicy,
    surfaces: list[str],
    rng: random.Random,
) -> list[str]:
    """Where to try to put ``obj``, best first (the floor is always the last resort)."""
    if clearing == "floor":
        return [scene.floor]
    chain = [p.parent for p in state.ancestors(obj)]
    here = chain[-1] if chain else None
    others = [s for s in surfaces if s != here]
    if not others:
        return [scene.floor]
    if policy == "first":
        ordered = others
    elif policy == "last":
        ordered = list(reversed(others))
    else:
        pick = rng.choice(others)
        ordered = [pick, *(s for s in others if s != pick)]
    return [*ordered, scene.floor]


def _clean_up(b: PlanBuilder, evaluator: TaskEvaluator) -> None:
    """Switch off what is on and close what is open, unless that undoes the goal."""
    goal_before = evaluator.goal_holds(b.state)
    for flag, verb in (("toggled_on", "TOGGLE_OFF"), ("open", "CLOSE")):
        for o in b.scene.objects:
            if not b.state.has(flag, o.name):
                continue
            after, result = step(b.scene, b.state, f"{verb}({o.name})", len(b.actions) + 1)
            if result.outcome is Outcome.OK and (not goal_before or evaluator.goal_holds(after)):
                b.actions.append(f"{verb}({o.name})")
                b.state = after


class BlanketAgent:
    """A fixed routine (see the module docstring); the plan is built at the first step."""

    name = "blanket"
    clearing: Clearing = "none"

    def __init__(self, *, surface: str = "seeded", max_expansions: int = 20_000) -> None:
        if surface not in SURFACE_POLICIES:
            raise ValueError(
                f"{self.name}: surface must be one of {', '.join(SURFACE_POLICIES)}, "
                f"got {surface!r}"
            )
        if max_expansions < 1:
            raise ValueError(f"{self.name}: max_expansions must be positive")
        self.surface: SurfacePolicy = surface  # type: ignore[assignment]
        self.max_expansions = max_expansions
        self._task: Task | None = None
        self._seed = 0
        self._queue: deque[str] | None = None

    def reset(self, task: Task, seed: int) -> None:
        self._task = task
        self._seed = seed
        self._queue = None

    def act(self, observation: Observation) -> str:
        if self._task is None or self._task.id != observation.task.id:
            self.reset(observation.task, 0)
        if self._queue is None:
            self._queue = deque(
                blanket_plan(
                    observation.task,
                    self.clearing,
                    surface=self.surface,
                    seed=self._seed,
                    state=observation.state,
                    max_expansions=self.max_expansions,
                )
            )
        return format_answer(self._queue.popleft() if self._queue else "DONE")


class ChecklistAgent(BlanketAgent):
    """Thaw, close, switch off; the task-only plan; clean up."""

    name = "checklist"
    clearing: Clearing = "none"


class ClearAllAgent(BlanketAgent):
    """The checklist, and every object the goal does not need goes to the floor first."""

    name = "clear-all"
    clearing: Clearing = "floor"


class ClearAwayAgent(BlanketAgent):
    """The checklist, and every object the goal does not need goes to another plain surface."""

    name = "clear-away"
    clearing: Clearing = "surface"
