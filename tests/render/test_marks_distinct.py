"""Each state mark shows at the default size and no two marks look alike: one thing drawn in
each state, compared pixel by pixel with the same thing unmarked and with every other mark."""

from __future__ import annotations

from itertools import combinations

import pytest
from PIL import Image, ImageChops

from saferelbench.render import render
from saferelbench.world.knowledge import describe
from saferelbench.world.state import Layout, Placement, Scene, State

COUNTER = "countertop.n.01_1"
MUG = "mug.n.04_1"
WATER = "water.n.06_1"

#: mark -> (the thing, how the state marks it)
MARKS: dict[str, tuple[str, dict[str, list[tuple[str, str]]]]] = {
    "hot": (MUG, {"flags": [("hot", MUG)]}),
    "brim-full": (MUG, {"flags": [("brim_full", MUG)], "filled": [(MUG, WATER)]}),
    "filled": (MUG, {"filled": [(MUG, WATER)]}),
    "frozen": (MUG, {"flags": [("frozen", MUG)]}),
    "dirty": (MUG, {"flags": [("dirty", MUG)]}),
    "wet": (MUG, {"covered": [(MUG, WATER)]}),
    "broken": (MUG, {"flags": [("broken", MUG)]}),
    "spilled": (MUG, {"flags": [("spilled", MUG)]}),
    "on fire": (MUG, {"flags": [("on_fire", MUG)]}),
    "open": ("jar.n.01_1", {"flags": [("open", "jar.n.01_1")]}),
    "switched on": ("toaster.n.02_1", {"flags": [("toggled_on", "toaster.n.02_1")]}),
    "cooked": ("hamburger.n.01_1", {"flags": [("cooked", "hamburger.n.01_1")]}),
    "soaked": ("rag.n.01_1", {"saturated": [("rag.n.01_1", WATER)]}),
}


def _image(thing: str, marks: dict[str, list[tuple[str, str]]]) -> Image.Image:
    names = [COUNTER, "floor.n.01_1", "agent.n.01_1", WATER, thing]
    layout = Layout(long_surfaces=frozenset({COUNTER, "floor.n.01_1"}))
    scene = Scene("kitchen", tuple(describe(n) for n in names), "floor.n.01_1", layout)
    state = State.build(
        [Placement(thing, "ontop", COUNTER)],
        flags=marks.get("flags", []),
        covered=marks.get("covered", []),
        saturated=marks.get("saturated", []),
        filled=marks.get("filled", []),
    )
    return render(scene, state).image


def _changed(a: Image.Image, b: Image.Image) -> int:
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 24 else 0)
    return diff.histogram()[255]


@pytest.mark.parametrize("mark", sorted(MARKS))
def test_each_mark_shows_at_the_default_size(mark: str) -> None:
    thing, marks = MARKS[mark]
    assert _changed(_image(thing, {}), _image(thing, marks)) >= 60, mark


def test_no_two_marks_on_one_thing_look_alike() -> None:
    images = {m: _image(t, s) for m, (t, s) in MARKS.items() if t == MUG}
    assert len(images) >= 9
    for a, b in combinations(sorted(images), 2):
        assert _changed(images[a], images[b]) >= 60, (a, b)
