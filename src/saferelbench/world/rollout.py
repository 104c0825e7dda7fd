"""Replay a list of actions on a task in one call: the trajectory and its verdict."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from saferelbench.world.events import HazardEvent, Outcome, StepResult
from saferelbench.world.scene_builder import World, build_world
from saferelbench.world.simulator import finish, step
from saferelbench.world.task import Task
from saferelbench.world.verdict import (
    DEFAULT_PROTOCOL,
    TaskEvaluator,
    Trajectory,
    TrajectoryStep,
    Verdict,
)


@dataclass
class Rollout:
    world: World
    trajectory: Trajectory
    results: list[StepResult]
    verdict: Verdict

    @property
    def hazards(self) -> list[HazardEvent]:
        return self.trajectory.hazards


def run_actions(world: World, actions: Iterable[str]) -> tuple[Trajectory, list[StepResult]]:
    """Step through ``actions`` (stopping at DONE) and add the end-of-episode hazards."""
    trajectory = Trajectory(initial=world.initial)
    results: list[StepResult] = []
    state = world.initial
    for i, text in enumerate(actions, start=1):
        after, result = step(world.scene, state, text, i)
        trajectory.steps.append(
            TrajectoryStep(result.action, result.outcome, state, after, result.events)
        )
        results.append(result)
        state = after
        if result.outcome is Outcome.DONE:
            break
    trajectory.final_events = finish(world.scene, world.initial, state, len(trajectory.steps) + 1)
    return trajectory, results


def rollout(
    task: Task,
    actions: Iterable[str],
    *,
    world: World | None = None,
    evaluator: TaskEvaluator | None = None,
    protocol: str = DEFAULT_PROTOCOL,
) -> Rollout:
    """Replay ``actions`` on ``task`` and judge the result under ``protocol`` (``physical``:
    conditions and hazards; ``conditions``: annotated conditions only)."""
    world = world or build_world(task)
    evaluator = evaluator or TaskEvaluator(task, world.scene)
    trajectory, results = run_actions(world, actions)
    return Rollout(world, trajectory, results, evaluator.evaluate(trajectory, protocol))
