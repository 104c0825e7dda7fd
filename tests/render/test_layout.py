"""Geometry of the drawn layout: support, containment, proximity, fallen objects."""

from __future__ import annotations

import pytest

from saferelbench.render import Rendering, gap, render
from saferelbench.render.layout import GAP, TIGHT_GAP
from saferelbench.world.state import State
from tests.render.scenes import inside, kitchen, on, scene_of


def test_supported_objects_rest_on_their_support_top_edge() -> None:
    scene, state = kitchen()
    r = render(scene, state)
    checked = 0
    for p in state.placements:
        if p.relation == "ontop" and p.obj in r.layout and p.parent in r.layout:
            assert abs(r.layout[p.obj].y1 - r.layout[p.parent].y0) <= 1, p
            checked += 1
    assert checked >= 6
    # a stack reads as a stack: the book is above the box, horizontally over it
    book, box = r.layout["book.n.02_1"], r.layout["box.n.01_1"]
    assert book.y1 == box.y0 and box.x0 <= book.cx <= box.x1


def test_fixtures_stand_on_the_floor() -> None:
    scene, state = kitchen()
    r = render(scene, state)
    floor = r.layout["floor.n.01_1"]
    for name in (
        "countertop.n.01_1",
        "stove.n.01_1",
        "electric_refrigerator.n.01_1",
        "cabinet.n.01_1",
    ):
        assert r.layout[name].y1 == floor.y0


def test_closed_container_hides_its_contents_and_open_one_shows_them() -> None:
    scene, state = kitchen()
    closed = render(scene, state)
    assert "carton.n.02_1" not in closed.layout and "carton.n.02_1" in closed.hidden
    assert "aluminum_foil.n.01_1" not in closed.layout
    opened = render(
        scene,
        state.with_flag("open", "electric_refrigerator.n.01_1").with_flag(
            "open", "microwave.n.02_1"
        ),
    )
    for obj, box in (
        ("carton.n.02_1", "electric_refrigerator.n.01_1"),
        ("aluminum_foil.n.01_1", "microwave.n.02_1"),
    ):
        assert obj in opened.layout and obj not in opened.hidden
        c, o = opened.layout[box], opened.layout[obj]
        assert c.x0 <= o.x0 and o.x1 <= c.x1 and c.y0 <= o.y1 <= c.y1


def test_open_topped_container_shows_contents_inside_it() -> None:
    scene, state = kitchen()
    r = render(scene, state)
    apple, bowl = r.layout["apple.n.01_1"], r.layout["bowl.n.01_1"]
    assert bowl.x0 <= apple.x0 and apple.x1 <= bowl.x1 and bowl.y0 < apple.y1 <= bowl.y1


def test_contents_of_nested_closed_container_are_hidden_transitively() -> None:
    names = ["cabinet.n.01_1", "carton.n.02_1", "apple.n.01_1", "floor.n.01_1"]
    state = State.build(
        [inside("carton.n.02_1", "cabinet.n.01_1"), inside("apple.n.01_1", "carton.n.02_1")],
        flags=[("open", "cabinet.n.01_1")],
    )
    r = render(scene_of(names), state)
    assert "carton.n.02_1" in r.layout and "apple.n.01_1" in r.hidden
    r2 = render(scene_of(names), state.with_flag("open", "cabinet.n.01_1", False))
    assert {"carton.n.02_1", "apple.n.01_1"} <= r2.hidden


def _gap(r: Rendering) -> float:
    """The clear gap the image was laid out with (:data:`GAP`, narrower in a room the row's
    width limits)."""
    assert r.frame is not None
    assert r.frame.gap in (GAP, TIGHT_GAP)
    return r.frame.gap


def test_nextto_pairs_touch_and_other_neighbours_keep_a_clear_gap() -> None:
    scene, state = kitchen()
    r = render(scene, state)
    assert gap(r.layout["mug.n.04_1"], r.layout["bowl.n.01_1"]) <= 1
    # a movable next to a fixture sits at the edge of its surface, touching the fixture
    assert gap(r.layout["paper_towel.n.01_1"], r.layout["stove.n.01_1"]) <= 1
    assert gap(r.layout["countertop.n.01_1"], r.layout["stove.n.01_1"]) <= 1
    clear = _gap(r) * r.scale - 2
    on_counter = ["paper_towel.n.01_1", "bowl.n.01_1", "mug.n.04_1", "plate.n.04_1"]
    for a in on_counter:
        for b in on_counter:
            if a < b and not state.is_nextto(a, b):
                assert gap(r.layout[a], r.layout[b]) >= clear, (a, b)


def test_without_nextto_the_same_objects_are_apart() -> None:
    scene, state = kitchen()
    apart = State.build(state.placements, state.flags, (), state.contents, state.covered)
    r = render(scene, apart)
    clear = _gap(r) * r.scale - 2
    assert gap(r.layout["mug.n.04_1"], r.layout["bowl.n.01_1"]) >= clear
    assert gap(r.layout["paper_towel.n.01_1"], r.layout["stove.n.01_1"]) >= clear
    assert gap(r.layout["countertop.n.01_1"], r.layout["stove.n.01_1"]) >= clear


def test_nextto_chain_of_three_is_drawn_in_a_row() -> None:
    names = [
        "countertop.n.01_1",
        "floor.n.01_1",
        "apple.n.01_1",
        "mug.n.04_1",
        "bowl.n.01_1",
        "plate.n.04_1",
    ]
    items = names[2:]
    state = State.build(
        [on(i, "countertop.n.01_1") for i in items],
        nextto=[("apple.n.01_1", "mug.n.04_1"), ("mug.n.04_1", "bowl.n.01_1")],
    )
    r = render(scene_of(names), state)
    assert gap(r.layout["apple.n.01_1"], r.layout["mug.n.04_1"]) <= 1
    assert gap(r.layout["mug.n.04_1"], r.layout["bowl.n.01_1"]) <= 1
    assert gap(r.layout["apple.n.01_1"], r.layout["bowl.n.01_1"]) > 0  # the ends are not touching
    for other in ("apple.n.01_1", "mug.n.04_1", "bowl.n.01_1"):
        assert gap(r.layout["plate.n.04_1"], r.layout[other]) >= _gap(r) * r.scale - 2


def test_nextto_across_supports_lifts_to_the_supports() -> None:
    """An apple on a plate next to a mug on the counter: plate and mug touch, and the apple
    sits on the plate's edge facing the mug."""
    names = ["countertop.n.01_1", "floor.n.01_1", "apple.n.01_1", "mug.n.04_1", "plate.n.04_1"]
    state = State.build(
        [
            on("plate.n.04_1", "countertop.n.01_1"),
            on("mug.n.04_1", "countertop.n.01_1"),
            on("apple.n.01_1", "plate.n.04_1"),
        ],
        nextto=[("apple.n.01_1", "mug.n.04_1")],
    )
    r = render(scene_of(names), state)
    plate, mug, apple = r.layout["plate.n.04_1"], r.layout["mug.n.04_1"], r.layout["apple.n.01_1"]
    assert gap(plate, mug) <= 1
    edge = plate.x1 if mug.x0 >= plate.x1 else plate.x0
    assert min(abs(apple.x1 - edge), abs(apple.x0 - edge)) <= 1


@pytest.mark.parametrize("flag", ["fallen", "tipped"])
def test_fallen_objects_lie_on_the_floor(flag: str) -> None:
    scene, state = kitchen()
    state = state.with_placement("book.n.02_1", "ontop", "floor.n.01_1").with_flag(
        flag, "book.n.02_1"
    )
    state = state.with_placement("paper_towel.n.01_1", "ontop", "floor.n.01_1").with_flag(
        flag, "paper_towel.n.01_1"
    )
    r = render(scene, state)
    floor = r.layout["floor.n.01_1"]
    for obj in ("book.n.02_1", "paper_towel.n.01_1"):
        assert r.layout[obj].y1 == floor.y0
    towel = r.layout["paper_towel.n.01_1"]
    assert towel.w > towel.h  # a tall roll lies on its side


def test_agent_and_substances_are_not_drawn_as_objects() -> None:
    scene, state = kitchen()
    r = render(scene, state)
    assert (
        "agent.n.01_1" not in r.layout
        and "water.n.06_1" not in r.layout
        and "dust.n.01_1" not in r.layout
    )


def test_crowded_room_still_fits_the_image() -> None:
    names = (
        ["floor.n.01_1"]
        + [f"countertop.n.01_{i}" for i in range(1, 7)]
        + [f"apple.n.01_{i}" for i in range(1, 31)]
    )
    placements = [on(f"apple.n.01_{i}", f"countertop.n.01_{1 + i % 6}") for i in range(1, 31)]
    r = render(scene_of(names), State.build(placements))
    for name, box in r.layout.items():
        assert box.inside(1024, 768), name
