""":func:`saferelbench.render.layout.fresh_frame` is the frame a fresh layout keeps, worked out
without placing what the row carries: the same frame, on every step of golden plans."""

from __future__ import annotations

from saferelbench.dataset.store import load_samples
from saferelbench.render.layout import Layout, _rowed, fresh_frame, layout
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


def _drawn(lay: Layout) -> tuple[object, ...]:
    """Everything of a layout the picture is drawn from."""
    nodes = tuple(
        (n, node.box, node.parts, node.inner, node.shows_inside, node.tilt)
        for n, node in sorted(lay.nodes.items())
    )
    return (nodes, lay.order, lay.roots, lay.hidden, lay.floor_box, lay.scale, lay.frame)


def test_the_settled_layout_is_the_layout_in_its_own_fresh_frame() -> None:
    """``layout(..., settle=True)`` (the row measured once where that gives the same) is the layout
    in the fresh frame of its own state, worked out in two passes: the same boxes, order and
    kept frame, for the first state of every shipped sample and every state of every third
    golden plan, at two sizes. The states include crowded rows where a huddle is squeezed
    (measuring again then differs, so the second pass is made)."""
    checked = reshaped = 0
    for i, sample in enumerate(load_samples()):
        world = build_world(sample)
        states = [world.initial]
        if i % 3 == 0:
            trajectory, _ = run_actions(world, [p.action for p in sample.golden_plan])
            states += [step.after for step in trajectory.steps]
        for state in states:
            for size, header in (((1024, 768), 56.0), ((640, 480), 36.0)):
                frame = fresh_frame(world.scene, state, *size, header)
                two_passes = layout(world.scene, state, *size, header, frame=frame)
                one_pass = layout(world.scene, state, *size, header, settle=True)
                assert _drawn(one_pass) == _drawn(two_passes), (sample.id, size)
                checked += 1
        b = _rowed(world.scene, world.initial, 1024, 768, 56.0, None, None)[0]
        reshaped += b.reshaped
    assert checked > 3000
    assert 0 < reshaped < len(load_samples())  # both ways are taken
