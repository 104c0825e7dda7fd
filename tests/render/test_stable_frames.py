"""Steady frames: drawn against the episode's first state (``render(..., reference=initial)``),
the scale and the widths of what stands along the wall stay those of the first image wherever
they still fit, so consecutive images of a golden plan keep what did not move in its place.

Measured over every 8th shipped sample's golden plan: layout boxes of the objects whose
placement (and place on a long surface) did not change, frame to frame."""

from __future__ import annotations

from functools import lru_cache

from saferelbench.dataset.store import load_samples
from saferelbench.render import render
from saferelbench.world.rollout import run_actions
from saferelbench.world.scene_builder import build_world


@lru_cache(maxsize=2)
def _figures(steady: bool) -> tuple[int, int, int, int]:
    """(frame pairs, pairs with another scale, unmoved boxes, unmoved boxes that changed)."""
    pairs = rescaled = unmoved = changed = 0
    for s in load_samples()[::8]:
        world = build_world(s)
        ref = world.initial if steady else None
        trajectory, _ = run_actions(world, [p.action for p in s.golden_plan])
        before, prev = world.initial, render(world.scene, world.initial, reference=ref)
        for step in trajectory.steps:
            after = step.after
            cur = render(world.scene, after, reference=ref)
            pairs += 1
            rescaled += cur.scale != prev.scale
            for name, box in cur.layout.items():
                if name == cur.floor or name not in prev.layout:
                    continue
                if before.placement(name) != after.placement(name):
                    continue
                if before.place_of.get(name) != after.place_of.get(name):
                    continue
                unmoved += 1
                changed += prev.layout[name] != box
            before, prev = after, cur
    return pairs, rescaled, unmoved, changed


def test_a_reference_frame_keeps_the_scale_and_more_of_what_did_not_move() -> None:
    pairs, rescaled, unmoved, changed = _figures(True)
    _, rescaled_free, unmoved_free, changed_free = _figures(False)
    assert pairs > 400 and unmoved == unmoved_free > 5000
    assert rescaled * 2 < rescaled_free  # the scale changes in less than half as many steps
    assert changed < changed_free


def test_the_first_image_is_drawn_in_its_own_frame() -> None:
    s = load_samples()[0]
    world = build_world(s)
    a = render(world.scene, world.initial, reference=world.initial)
    b = render(world.scene, world.initial, reference=world.initial)
    assert a.png_bytes() == b.png_bytes()
    free = render(world.scene, world.initial)
    assert a.scale <= free.scale  # the frame leaves room to grow
    assert set(a.layout) == set(free.layout)
