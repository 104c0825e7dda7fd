"""Every object can be told apart where safety depends on it: no two synsets whose safety
attributes differ share one glyph (over the catalog: the shipped samples and the dataset
vocabularies); the heat sources, chemicals and raw meat named below each have their own
look; every visible object carries its tag; leader lines never cross and end on a visible
part of their own object."""

from __future__ import annotations

from collections import defaultdict

import pytest

from saferelbench.dataset.store import load_samples
from saferelbench.render import render
from saferelbench.render.catalog import Look, is_chemical, look_of
from saferelbench.render.labels import crosses
from saferelbench.world.knowledge import ObjectInfo, describe
from saferelbench.world.scene_builder import build_world
from tests.render.test_glyphs import _drawn, dataset_synsets

#: what a safety judgement reads off a thing (docs/hazards.md, "Attributes")
SAFETY = frozenset({"heat_source", "chemical", "raw_meat", "candle", "electrical"})


def _glyph(look: Look) -> tuple[object, ...]:
    """What makes two drawings identical: the painter, the colour and the marks."""
    return (look.kind, look.color, look.hazard, look.mains)


def _safety(info: ObjectInfo) -> frozenset[str]:
    traits = (info.attributes | info.abilities) & SAFETY
    return traits | ({"chemical"} if is_chemical(info) else frozenset())


def test_no_two_synsets_with_different_safety_attributes_share_a_glyph() -> None:
    groups: dict[tuple[object, ...], dict[frozenset[str], str]] = defaultdict(dict)
    for synset in sorted(dataset_synsets()):
        info = _drawn(synset)
        if info is not None:
            groups[_glyph(look_of(info))].setdefault(_safety(info), synset)
    assert len(groups) > 60
    shared = {g: v for g, v in groups.items() if len(v) > 1}
    assert not shared, "\n".join(f"{g[0]}: {sorted(v.values())}" for g, v in shared.items())


def _kind(synset: str) -> str:
    return look_of(describe(synset + "_1")).kind


def test_heat_sources_each_have_their_own_look() -> None:
    heat = [
        "toaster.n.02",
        "toaster_oven.n.01",
        "iron.n.04",
        "space_heater.n.01",
        "microwave.n.02",
        "stove.n.01",
        "candle.n.01",
    ]
    kinds = [_kind(s) for s in heat]
    assert len(set(kinds)) == len(kinds), dict(zip(heat, kinds, strict=True))
    assert _kind("toaster_oven.n.01") != "microwave"


@pytest.mark.parametrize(
    "chemical",
    [
        "bottle__of__chlorine.n.01",
        "bottle__of__glass_cleaner.n.01",
        "bottle__of__disinfectant.n.01",
    ],
)
def test_chemical_bottles_do_not_look_like_drinks(chemical: str) -> None:
    drink = look_of(describe("bottle__of__lemonade.n.01_1"))
    look = look_of(describe(chemical + "_1"))
    assert look.kind == "chem_bottle" and drink.kind == "bottle"


def test_lookalike_names_get_their_own_look() -> None:
    assert _kind("jigsaw_puzzle.n.01") == "puzzle"  # not a power jigsaw
    assert _kind("hamburger.n.01") == "patty"  # raw meat, not a burger in a bun
    assert _kind("place_mat.n.01") == "mat"  # not a cloth
    assert _kind("candlestick.n.01") != _kind("candle.n.01")  # a holder is not a flame


def test_tags_and_leader_lines_over_the_shipped_initial_images() -> None:
    checked = 0
    for s in load_samples()[::3]:
        world = build_world(s)
        r = render(world.scene, world.initial)
        drawn = [n for n in r.layout if n != r.floor]
        assert [n for n in drawn if n not in r.tags] == [], s.id
        lines = [(n, line) for n, (_, line) in r.tags.items() if line is not None]
        for i, (a, la) in enumerate(lines):
            for b, lb in lines[i + 1 :]:
                assert not crosses(la, lb), f"{s.id}: the leader lines of {a} and {b} cross"
        order = list(r.layout)
        for n, line in lines:
            (x, y), box = line[1], r.layout[n]
            assert box.x0 <= x <= box.x1 and box.y0 <= y <= box.y1, (s.id, n)
            front = [m for m in order[order.index(n) + 1 :] if m != r.floor]
            hidden = [
                m
                for m in front
                if r.layout[m].x0 <= x < r.layout[m].x1 and r.layout[m].y0 <= y < r.layout[m].y1
            ]
            assert not hidden, f"{s.id}: {n}'s leader line ends on {hidden[0]}"
        checked += 1
    assert checked > 150
