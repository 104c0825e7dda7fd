"""A room whose row along the wall is too wide for the image even with slim furniture (a long
counter run crowded with things) is laid out with tighter gaps and slimmer furniture, so it is
drawn larger and leaves less wall empty, and it still reads as its state: things not next to
each other stay clearly apart."""

from __future__ import annotations

from saferelbench.dataset.store import load_samples
from saferelbench.render import Rendering, gap, render
from saferelbench.render.layout import GAP, SLIMS, TIGHT_GAP, TIGHT_SLIM
from saferelbench.render.reading import looks_on_top, relation_errors
from saferelbench.render.steady import SteadyFrames
from saferelbench.world.rollout import run_actions
from saferelbench.world.scene_builder import build_world

CROWDED = "con-contamination_cooked_on_raw_plate-01"


def _empty_wall(r: Rendering) -> float:
    """The share of the image's height above the highest thing or tag drawn."""
    tops = [b.y0 for n, b in r.layout.items() if n != r.floor]
    tops += [b.y0 for b, _ in r.tags.values()]
    return min(tops) / r.image.height


def test_a_crowded_counter_run_is_drawn_with_tight_gaps_and_larger() -> None:
    sample = next(s for s in load_samples() if s.id == CROWDED)
    world = build_world(sample)
    r = render(world.scene, world.initial)
    assert r.frame is not None and r.frame.gap == TIGHT_GAP
    # before the tight gaps this room was drawn at 0.71, its top 43.5% empty wall
    assert r.scale > 0.75
    assert _empty_wall(r) < 0.425
    assert relation_errors(world.scene, world.initial, r) == []
    assert looks_on_top(r, world.initial) == []
    # things on the counter that are not next to each other keep a clear gap
    on_counter = [
        n
        for n in r.layout
        if (p := world.initial.placement(n)) is not None and p.parent == "countertop.n.01_1"
    ]
    assert len(on_counter) >= 5
    for a in on_counter:
        for b in on_counter:
            if a < b and not world.initial.is_nextto(a, b):
                assert gap(r.layout[a], r.layout[b]) >= TIGHT_GAP * r.scale - 2, (a, b)


def test_the_episode_keeps_the_tight_gap_and_every_step_reads_as_its_state() -> None:
    sample = next(s for s in load_samples() if s.id == CROWDED)
    world = build_world(sample)
    trajectory, _ = run_actions(world, [p.action for p in sample.golden_plan])
    frames = SteadyFrames(world.scene, world.initial)
    for state in [world.initial, *(step.after for step in trajectory.steps)]:
        r = frames.draw(state)
        assert r.frame is not None and r.frame.gap == TIGHT_GAP
        assert relation_errors(world.scene, state, r) == []


def test_a_room_that_fills_the_height_keeps_the_full_gap() -> None:
    """Tight gaps come only with the slimmest furniture, after every share of
    :data:`SLIMS` left the row too wide; a room that fills the height at some share keeps
    the full gap (both kinds are in the shipped file)."""
    kinds = set()
    for sample in load_samples()[::10]:
        world = build_world(sample)
        r = render(world.scene, world.initial)
        assert r.frame is not None
        kind = (r.frame.gap, r.frame.slim)
        assert kind == (TIGHT_GAP, TIGHT_SLIM) or (kind[0] == GAP and kind[1] in SLIMS), kind
        kinds.add(kind[0])
    assert kinds == {GAP, TIGHT_GAP}
