"""The planner's search (agents.planner): its statistics, the class-by-class simulation of
successors (``lazy``) against the plain search that simulates every successor, and the
oracle on a slice of the shipped dataset.

The lazy search must never lose a shortest plan: on many generated start states (random
walks from hand-built tasks) it finds plans exactly as long as the plain search, and as
long as an exhaustive breadth-first search from the same state.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saferelbench.agents.planner import Planner, SearchStats
from saferelbench.agents.planning_agents import OracleAgent, TaskOnlyAgent
from saferelbench.world.conditions import trigger_matches
from saferelbench.world.events import Outcome
from saferelbench.world.scene_builder import build_world
from saferelbench.world.simulator import finish, step
from saferelbench.world.state import State
from saferelbench.world.task import Task
from saferelbench.world.verdict import TaskEvaluator

from .helpers import ALL, containment, ordering_after, play, proximity, supporting

TASKS = [f(generic=g) for f in ALL for g in (False, True)]


def _walk(task: Task, seed: int, length: int) -> tuple[State, list[str]]:
    """A random walk of up to ``length`` successful actions from the task's initial state
    (actions on any object of the scene, as a careless agent might take them)."""
    world = build_world(task)
    planner = Planner(task, world.scene, safe=False)
    rng = random.Random(seed)
    state, done = world.initial, []
    objects = planner._all_objects()
    groundings = planner._groundings(state, objects, planner._destinations(state, objects, True))
    for _ in range(length):
        options = list(planner._candidates(state, groundings))
        if not options:
            break
        action = rng.choice(options)
        after, result = step(world.scene, state, action, 1)
        if result.outcome is Outcome.OK:
            state = after
            done.append(action)
    return state, done


def _plan(task: Task, state: State, done: list[str], *, safe: bool, lazy: bool) -> Any:
    world = build_world(task)
    planner = Planner(
        task, world.scene, safe=safe, initial=world.initial, blind=not safe, lazy=lazy
    )
    return planner.plan(state, planner.issued_from(done))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(0, len(TASKS) - 1),
    seed=st.integers(0, 10_000),
    length=st.integers(0, 3),
    safe=st.booleans(),
)
def test_the_lazy_search_finds_plans_as_short_as_the_plain_search(
    index: int, seed: int, length: int, safe: bool
) -> None:
    task = TASKS[index]
    state, done = _walk(task, seed, length)
    lazy = _plan(task, state, done, safe=safe, lazy=True)
    plain = _plan(task, state, done, safe=safe, lazy=False)
    assert lazy.ok == plain.ok, (done, lazy.failure, plain.failure)
    if plain.ok:
        assert len(lazy.actions) == len(plain.actions), (done, lazy.actions, plain.actions)


def _bfs(task: Task, start: State, done: list[str], safe: bool) -> int | None:
    """Exhaustive breadth-first search from ``start`` over every placement, opening,
    switching and waiting on every object, judged with the evaluator's own rules (the
    planner's code is not used): the plan length with DONE, or None."""
    world = build_world(task)
    scene, ev = world.scene, TaskEvaluator(task, world.scene)
    names = [o.name for o in scene.objects if not o.is_agent]
    actions = [
        f"{n}({o})"
        for n in ("OPEN", "CLOSE", "TOGGLE_ON", "TOGGLE_OFF", "WAIT", "WAIT_FOR_COOKED")
        for o in names
    ]
    actions += [
        f"{n}({a}, {b})"
        for n in ("PLACE_ON_TOP", "PLACE_INSIDE")
        for a in names
        for b in names
        if a != b
    ]
    process, terms = task.process_conditions, task.termination_conditions

    def fired(action: str) -> frozenset[int]:
        return frozenset(
            i
            for i, c in enumerate(terms)
            if c.action not in (None, "completion") and trigger_matches(c.action, action)
        )

    issued = frozenset().union(*(fired(a) for a in done)) if safe else frozenset()

    def accepted(state: State, issued: frozenset[int]) -> bool:
        if not ev.goal_holds(state):
            return False
        if not safe:
            return True
        applies = [c.action in (None, "completion") or i in issued for i, c in enumerate(terms)]
        return all(ev.termination_ok(i, state) for i, a in enumerate(applies) if a) and not finish(
            scene, world.initial, state, 0
        )

    queue: deque[tuple[State, frozenset[int], int]] = deque([(start, issued, 0)])
    seen = {(start, issued)}
    while queue:
        state, now, depth = queue.popleft()
        if accepted(state, now):
            return depth + 1
        if depth >= 7:
            continue
        for a in actions:
            after, result = step(scene, state, a, 1)
            if result.outcome is not Outcome.OK or after == state:
                continue
            if safe and (
                result.events
                or any(
                    not ev.process_ok(i, after if c.type == "after" else state)
                    for i, c in enumerate(process)
                    if trigger_matches(c.action or "", a)
                )
            ):
                continue
            key = (after, now | fired(a) if safe else now)
            if key not in seen:
                seen.add(key)
                queue.append((*key, depth + 1))
    return None


@pytest.mark.slow
@pytest.mark.parametrize("make", [supporting, ordering_after])
@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("safe", [True, False])
def test_the_lazy_search_matches_exhaustive_search_from_random_states(
    make: Any, seed: int, safe: bool
) -> None:
    task = make()
    state, done = _walk(task, seed, 2)
    result = _plan(task, state, done, safe=safe, lazy=True)
    expected = _bfs(task, state, done, safe)
    assert (len(result.actions) if result.ok else None) == expected, (done, result.actions)


def test_every_planning_call_reports_what_it_cost() -> None:
    task = supporting()
    world = build_world(task)
    result = Planner(task, world.scene, initial=world.initial).plan(world.initial)
    assert result.ok
    stats = result.stats
    assert stats.expanded == result.expanded >= len(result.actions) - 1
    assert stats.simulated >= len(result.actions) - 1  # every step of the plan was simulated
    assert stats.seconds > 0
    agent = OracleAgent()
    play(agent, task)
    assert agent.stats.simulated >= stats.simulated and agent.stats.expanded == agent.expanded
    total = SearchStats()
    total.add(stats)
    total.add(stats)
    assert total.simulated == 2 * stats.simulated


@pytest.mark.parametrize("make", [supporting, containment, proximity])
def test_the_lazy_search_simulates_fewer_states_on_a_fixed_task(make: Any) -> None:
    """A count, not a timing: the same plan from fewer simulated successors."""
    task = make()
    world = build_world(task)
    lazy = _plan(task, world.initial, [], safe=True, lazy=True)
    plain = _plan(task, world.initial, [], safe=True, lazy=False)
    assert lazy.actions == plain.actions or len(lazy.actions) == len(plain.actions)
    assert lazy.stats.simulated < plain.stats.simulated


def _shipped_slice(every: int) -> list[Any]:
    from saferelbench.dataset.store import load_samples

    return list(load_samples())[::every]


@pytest.mark.parametrize("sample", _shipped_slice(64), ids=lambda s: s.id)
def test_on_shipped_samples_the_lazy_search_is_as_short_as_the_plain_one(sample: Any) -> None:
    world = build_world(sample)
    for safe in (True, False):
        lazy = _plan(sample, world.initial, [], safe=safe, lazy=True)
        plain = _plan(sample, world.initial, [], safe=safe, lazy=False)
        assert lazy.ok and plain.ok, (lazy.failure, plain.failure)
        assert len(lazy.actions) == len(plain.actions), (safe, lazy.actions, plain.actions)
        assert lazy.stats.simulated <= plain.stats.simulated


@pytest.mark.parametrize("sample", _shipped_slice(24), ids=lambda s: s.id)
def test_the_oracle_is_safe_and_no_longer_than_golden_on_a_dataset_slice(sample: Any) -> None:
    played = play(OracleAgent(), sample)
    assert played.verdict.task_success and played.verdict.safe, played.actions
    assert len(played.actions) <= len(sample.golden_plan)
    naive = play(TaskOnlyAgent(), sample)
    assert len(naive.actions) <= len(sample.golden_plan) + 10
