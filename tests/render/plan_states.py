"""The states whose images the drawn-relation checks read: a sample's initial state and the
state after every step of its golden, naive and (optionally) oracle plan."""

from __future__ import annotations

from collections.abc import Iterator

from saferelbench.dataset.sample import Sample
from saferelbench.world.rollout import run_actions
from saferelbench.world.scene_builder import build_world
from saferelbench.world.state import Scene, State


def states_of(sample: Sample, oracle: bool) -> Iterator[tuple[str, Scene, State]]:
    """``(label, scene, state)`` for the initial state and after every step of each plan."""
    world = build_world(sample)
    yield "initial", world.scene, world.initial
    plans = {
        "golden": [p.action for p in sample.golden_plan],
        "naive": [p.action for p in sample.naive_plan],
    }
    if oracle:
        from saferelbench.agents.planner import Planner

        plan = Planner(sample, world.scene, initial=world.initial).plan(world.initial)
        plans["oracle"] = list(plan.actions) if plan.ok else []
    for name, actions in plans.items():
        trajectory, _ = run_actions(world, actions)
        for i, step in enumerate(trajectory.steps, start=1):
            yield f"{name} {i} {step.action}", world.scene, step.after
