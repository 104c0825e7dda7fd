"""Property tests of the built-in agents over every action of the specs: the random agent never
crashes the loop, and episodes replay byte for byte."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saferelbench.agents.random_agent import MALFORMED, RandomAgent
from saferelbench.world.scene_builder import build_world
from saferelbench.world.task import Task

from .helpers import ALL, play
from .substance_tasks import ALL_SUBSTANCE_TASKS

TASKS: list[Callable[[], Task]] = [*ALL_SUBSTANCE_TASKS, *ALL]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    which=st.integers(0, len(TASKS) - 1),
    seed=st.integers(0, 10_000),
    invalid=st.sampled_from([0.0, 0.2]),
)
def test_random_agent_over_every_action_never_crashes_and_replays(
    which: int, seed: int, invalid: float
) -> None:
    task = TASKS[which]()
    agent = RandomAgent(done_prob=0.02, invalid_prob=invalid)
    first = play(agent, task, seed=seed, limit=25)
    again = play(RandomAgent(done_prob=0.02, invalid_prob=invalid), task, seed=seed, limit=25)
    assert first.raw == again.raw  # same task, seed and observations: same answers
    assert first.verdict == again.verdict
    for raw, action in zip(first.raw, first.actions, strict=True):
        assert action != "<invalid>" or raw in MALFORMED, raw
    # every well-formed answer names an action of the specs with objects of the task
    world = build_world(task)
    for action in first.actions:
        if action in ("<invalid>", "DONE"):
            continue
        args = action[action.index("(") + 1 : -1].split(", ")
        assert all(a in world.scene for a in args), action


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(which=st.integers(0, len(TASKS) - 1), seed=st.integers(0, 10_000))
def test_random_steps_then_the_oracle_still_finishes_or_says_why(which: int, seed: int) -> None:
    """Whatever a random prefix did, the oracle's answers are valid actions and its episode ends
    with DONE (goal reached, or no plan left: it then says DONE at once)."""
    from saferelbench.agents.planning_agents import OracleAgent

    task = TASKS[which]()
    randoms = play(RandomAgent(done_prob=0.0, invalid_prob=0.0), task, seed=seed, limit=5).actions
    prefix = [a for a in randoms if a not in ("DONE", "<invalid>")]  # it says DONE at its limit
    oracle = OracleAgent(max_expansions=3_000)
    played = play(oracle, task, prefix=prefix, limit=len(prefix) + 20)
    assert played.actions[-1] == "DONE", played.actions
    assert "<invalid>" not in played.actions[len(prefix) :]
    if not played.verdict.task_success:
        assert oracle.failures, played.actions
