"""States and hazards are visible (issue 11, point 5): switching on, opening and filling to
the brim change the pixels around every such thing the dataset uses, and every hazard mark
(fumes included) changes the image; a chemical contamination leaves a chemical mark."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from saferelbench.render import render
from saferelbench.world.knowledge import describe
from saferelbench.world.state import Placement, Scene, State
from tests.render.test_glyphs import _drawn, dataset_synsets

#: changed pixels that make a state plain to see at 1024x768 (a 9x9 px badge is 81)
VISIBLE = 250
FUMES = (150, 200, 90)  #: the fill of the fume puffs (render/effects.py)


def _scene(*objects: tuple[str, list[str]]) -> Scene:
    infos = [describe("countertop.n.01_1"), describe("floor.n.01_1")]
    infos += [describe(name, abilities) for name, abilities in objects]
    return Scene("kitchen", tuple(infos), "floor.n.01_1")


def _changed(scene: Scene, before: State, after: State, name: str) -> int:
    a = render(scene, before, labels=False)
    b = render(scene, after, labels=False)
    box = a.layout[name].expand(40)
    diff = ImageChops.difference(a.image.crop(box), b.image.crop(box)).convert("L")
    hist = diff.histogram()  # one bin per grey level of the difference
    return sum(hist[9:])


def _single(synset: str) -> tuple[Scene, State, str]:
    info = describe(synset + "_1")
    name = info.name
    scene = _scene((name, sorted(info.abilities)))
    placements = [] if info.is_fixture else [Placement(name, "ontop", "countertop.n.01_1")]
    return scene, State.build(placements), name


def _with(flag: str, need: str) -> list[str]:
    out = []
    for synset in sorted(dataset_synsets()):
        info = _drawn(synset)
        if info is not None and need in info.abilities:
            out.append(synset)
    return out


@pytest.mark.parametrize(
    ("flag", "ability"),
    [("toggled_on", "toggleable"), ("open", "openable"), ("brim_full", "fillable")],
)
def test_every_switchable_openable_fillable_thing_shows_the_state(flag: str, ability: str) -> None:
    synsets = _with(flag, ability)
    assert len(synsets) >= 5
    faint = []
    for synset in synsets:
        scene, state, name = _single(synset)
        if _changed(scene, state, state.with_flag(flag, name), name) < VISIBLE:
            faint.append(synset)
    assert not faint, f"{flag} hardly visible on {faint}"


@pytest.mark.parametrize(
    "flag",
    [
        "hot",
        "on_fire",
        "broken",
        "fallen",
        "tipped",
        "spilled",
        "contaminated",
        "sparking",
        "dirty",
        "fumes",
        "frozen",
        "cooked",
    ],
)
@pytest.mark.parametrize(
    "synset", ["mug.n.04", "apple.n.01", "bottle__of__bleach_agent.n.01", "plate.n.04"]
)
def test_every_hazard_mark_is_visible(flag: str, synset: str) -> None:
    scene, state, name = _single(synset)
    assert _changed(scene, state, state.with_flag(flag, name), name) >= VISIBLE


def test_a_chemical_contamination_leaves_a_chemical_mark() -> None:
    scene = _scene(("apple.n.01_1", []), ("bottle__of__bleach_agent.n.01_1", ["openable"]))
    on = [
        Placement(n, "ontop", "countertop.n.01_1")
        for n in ("apple.n.01_1", "bottle__of__bleach_agent.n.01_1")
    ]
    near = State.build(on, nextto=[("apple.n.01_1", "bottle__of__bleach_agent.n.01_1")])
    apart = State.build(on)
    tainted, germs = (
        near.with_flag("contaminated", "apple.n.01_1"),
        apart.with_flag("contaminated", "apple.n.01_1"),
    )
    # by germs: no chemical nearby; by the bleach beside it: the warning mark on top
    with_mark = _changed(scene, near, tainted, "apple.n.01_1")
    without = _changed(scene, apart, germs, "apple.n.01_1")
    assert with_mark > without + VISIBLE


def test_a_chemical_mix_keeps_fuming_in_later_images() -> None:
    bleach, ammonia, basket = (
        "bottle__of__bleach_agent.n.01_1",
        "bottle__of__ammonia.n.01_1",
        "wicker_basket.n.01_1",
    )
    scene = _scene((bleach, []), (ammonia, []), (basket, []))
    apart = State.build(
        [Placement(n, "ontop", "countertop.n.01_1") for n in (bleach, ammonia, basket)]
    )
    together = apart.with_placement(bleach, "inside", basket).with_placement(
        ammonia, "inside", basket
    )
    calm = together.with_placement(ammonia, "ontop", "countertop.n.01_1")
    # no event is passed: the fumes come from the state alone

    def fume_pixels(state: State) -> int:
        img = render(scene, state, labels=False).image
        return sum(n for n, c in (img.getcolors(1 << 20) or []) if c == FUMES)

    assert fume_pixels(together) > VISIBLE and fume_pixels(calm) == 0
    assert render(scene, together).png_bytes() == render(scene, together).png_bytes()
