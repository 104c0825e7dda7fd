"""The IS-Bench states are drawn (issue 12, section 2): dust, stains and wet patches on
surfaces, a soaked tool, a vessel's fill (``filled`` high, only ``contains`` low) and a
running tap. Each test builds a small task through the real scene builder and checks that the
pixels in (or just around) the object's box change with the state."""

from __future__ import annotations

from PIL import ImageChops

from saferelbench.render import render
from saferelbench.world.scene_builder import build_world
from saferelbench.world.state import Scene, State
from saferelbench.world.task import Task

VISIBLE = 250  #: changed pixels that make a state plain to see at 1024x768

OBJECTS = {
    "countertop.n.01_1": [],
    "sink.n.01_1": ["toggleable"],
    "rag.n.01_1": [],
    "mug.n.04_1": ["fillable"],
    "floor.n.01_1": [],
    "water.n.06_1": [],
    "dust.n.01_1": [],
    "stain.n.01_1": [],
    "mud.n.03_1": [],
}
BASE = [
    "(inroom countertop.n.01_1 kitchen)",
    "(inroom sink.n.01_1 kitchen)",
    "(inroom floor.n.01_1 kitchen)",
    "(ontop rag.n.01_1 countertop.n.01_1)",
    "(ontop mug.n.04_1 countertop.n.01_1)",
    "(insource sink.n.01_1 water.n.06_1)",
]


def _world(*extra: str) -> tuple[Scene, State]:
    task = Task(
        id="substances",
        room="kitchen",
        instruction="Look.",
        initial_setup=[],
        goal_text=[],
        objects=OBJECTS,
        init=BASE + list(extra),
        goal="(:goal (and (ontop rag.n.01_1 countertop.n.01_1)))",
        golden_plan=[],
    )
    world = build_world(task)
    return world.scene, world.initial


def _changed(a: State, b: State, scene: Scene, name: str, grow: int = 12) -> int:
    ra, rb = render(scene, a, labels=False), render(scene, b, labels=False)
    assert ra.layout[name] == rb.layout[name]
    box = ra.layout[name].expand(grow)
    diff = ImageChops.difference(ra.image.crop(box), rb.image.crop(box)).convert("L")
    return sum(diff.histogram()[9:])


def test_dust_stain_mud_and_water_on_a_surface_are_drawn_and_differ() -> None:
    scene, plain = _world()
    drawn = {}
    for substance in ("dust.n.01_1", "stain.n.01_1", "mud.n.03_1", "water.n.06_1"):
        _, covered = _world(f"(covered countertop.n.01_1 {substance})")
        assert covered.is_covered("countertop.n.01_1", substance)
        assert _changed(plain, covered, scene, "countertop.n.01_1") >= VISIBLE, substance
        r = render(scene, covered, labels=False)
        drawn[substance] = r.image.crop(r.layout["countertop.n.01_1"]).tobytes()
    assert len(set(drawn.values())) == 4  # each kind of covering looks its own way


def test_a_soaked_tool_is_drawn_wet() -> None:
    scene, dry = _world()
    _, wet = _world("(saturated rag.n.01_1 water.n.06_1)")
    assert wet.is_saturated("rag.n.01_1")
    assert _changed(dry, wet, scene, "rag.n.01_1") >= VISIBLE


def test_a_vessels_fill_shows_and_filled_is_higher_than_contains() -> None:
    scene, empty = _world()
    _, some = _world("(contains mug.n.04_1 water.n.06_1)")
    _, full = _world("(filled mug.n.04_1 water.n.06_1)")
    assert some.contains("mug.n.04_1") and not some.is_filled("mug.n.04_1")
    assert _changed(empty, some, scene, "mug.n.04_1", 0) > 0
    assert _changed(empty, full, scene, "mug.n.04_1", 0) > _changed(
        empty, some, scene, "mug.n.04_1", 0
    )
    assert _changed(some, full, scene, "mug.n.04_1", 0) > 0


def test_a_running_tap_is_drawn() -> None:
    scene, off = _world()
    on = off.with_flag("toggled_on", "sink.n.01_1")
    assert _changed(off, on, scene, "sink.n.01_1", 40) >= VISIBLE
