"""The states whose images the drawn-relation checks read: a sample's initial state and the
state after every step of its golden, naive and (optionally) oracle plan."""

from __future__ import annotations

from collections.abc import Iterator

from saferelbench.dataset.sample import Sample
from saferelbench.render import Rendering, render
from saferelbench.render.steady import SteadyFrames
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


def images_of(sample: Sample, oracle: bool) -> Iterator[tuple[str, Scene, State, Rendering]]:
    """Every state of :func:`states_of` drawn on its own (what the probe and the review sheet
    show) and, after the initial image, in its plan's steady frame chain from the initial state
    (what the agent is shown, :class:`SteadyFrames`)."""
    chains: dict[str, SteadyFrames] = {}
    for label, scene, state in states_of(sample, oracle):
        yield label, scene, state, render(scene, state)
        if label == "initial":
            initial = state
            continue
        plan = label.split(" ", 1)[0]
        if plan not in chains:
            chains[plan] = SteadyFrames(scene, initial)
            chains[plan].draw(initial)
        yield f"{label} (steady)", scene, state, chains[plan].draw(state)
