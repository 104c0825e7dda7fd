""":func:`saferelbench.render.layout.fresh_frame` is the frame a fresh layout keeps, worked out
without placing what the row carries: the same frame, on every step of golden plans."""

from __future__ import annotations

from saferelbench.dataset.store import load_samples
from saferelbench.render.layout import fresh_frame, layout
from saferelbench.world.rollout import run_actions
from saferelbench.world.scene_builder import build_world


def test_the_fresh_frame_is_the_layouts_own() -> None:
    checked = 0
    for sample in load_samples()[::6]:
        world = build_world(sample)
        trajectory, _ = run_actions(world, [p.action for p in sample.golden_plan])
        states = [world.initial, *(step.after for step in trajectory.steps)]
        for state in states[::2]:
            for size, header in (((1024, 768), 56.0), ((512, 384), 30.0)):
                whole = layout(world.scene, state, *size, header)
                assert fresh_frame(world.scene, state, *size, header) == whole.frame, sample.id
                checked += 1
    assert checked > 300
