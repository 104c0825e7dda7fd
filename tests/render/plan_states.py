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


def images_of(
    sample: Sample, oracle: bool, *, labels: bool = True
) -> Iterator[tuple[str, Scene, State, Rendering]]:
    """Every state of :func:`states_of` drawn on its own (what the probe and the review sheet
    show) and, after the initial image, in its plan's steady frame chain from the initial state
    (what the agent is shown, :class:`SteadyFrames`). A drawing is a function of its inputs, so
    a state reached again (the plans share a prefix, or two plans are one) is drawn once and
    yielded again: the same state on its own, the same chain of states in steady frames.
    ``labels=False`` leaves out the name tags, which move no box (``test_labels_keep_geometry``)."""
    alone: dict[State, Rendering] = {}
    steady: dict[tuple[State, ...], Rendering] = {}
    chains: dict[str, tuple[SteadyFrames, tuple[State, ...]]] = {}
    for label, scene, state in states_of(sample, oracle):
        if state not in alone:
            alone[state] = render(scene, state, labels=labels)
        yield label, scene, state, alone[state]
        if label == "initial":
            initial = state
            continue
        plan = label.split(" ", 1)[0]
        if plan not in chains:
            chains[plan] = (SteadyFrames(scene, initial), (initial,))
            _draw(chains[plan][0], initial, (initial,), steady, labels)
        chain, drawn = chains[plan]
        drawn = (*drawn, state)
        chains[plan] = (chain, drawn)
        yield f"{label} (steady)", scene, state, _draw(chain, state, drawn, steady, labels)


def _draw(
    chain: SteadyFrames,
    state: State,
    drawn: tuple[State, ...],
    seen: dict[tuple[State, ...], Rendering],
    labels: bool,
) -> Rendering:
    """``chain.draw(state)``, or the drawing of the same chain of states made before (then the
    chain goes on from that drawing's frame, as it would have had it drawn it)."""
    if drawn in seen:
        chain.last = seen[drawn].frame
    else:
        seen[drawn] = chain.draw(state, labels=labels)
    return seen[drawn]
