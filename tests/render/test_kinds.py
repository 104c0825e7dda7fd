"""One record per object kind (``render/kinds.py``): the catalog, the layout and the painters
read the same record, and which kind a name gets follows one stated rule rather than the order
of the records."""

from __future__ import annotations

import dataclasses

import pytest

from saferelbench.render import kinds
from saferelbench.render.catalog import look_of
from saferelbench.render.items import block
from saferelbench.render.kinds import KINDS, Kind, Words, best_word
from saferelbench.render.layout import inner_insets
from saferelbench.world.knowledge import describe


def _kind(synset: str, *extra: str) -> str:
    return look_of(describe(synset + "_1", list(extra))).kind


def test_every_record_is_registered_once_under_its_name() -> None:
    assert all(name == record.name for name, record in KINDS.items())
    assert len(KINDS) == len(kinds.RECORDS)
    with pytest.raises(ValueError, match="registered twice"):
        kinds._registry([KINDS["cup"], KINDS["cup"]])


def test_a_keyword_gives_one_kind_only() -> None:
    thief = Kind("thief", block, words=(Words(("mug",), 10, 10, (1, 2, 3)),))
    with pytest.raises(ValueError, match="'mug' gives both 'cup' and 'thief'"):
        kinds._registry([KINDS["cup"], thief])
    # the same word may mean one kind in the room and another in the hand
    assert best_word("console", True)[0].name == "table"  # type: ignore[index]
    assert best_word("console", False)[0].name == "console"  # type: ignore[index]


@pytest.mark.parametrize(
    ("synset", "kind"),
    [
        ("pencil_box.n.01", "box"),  # a box for pencils, not a pencil
        ("soap_dish.n.01", "plate"),
        ("butter_knife.n.01", "utensil"),
        ("glass_jar.n.01", "jar"),
        ("orange_juice__carton.n.01", "box"),
        ("tomato_sauce.n.01", "bottle"),
        ("paper_coffee_filter.n.01", "tray"),
        ("ammonia_water__atomizer.n.01", "spray"),
        ("cardboard.n.01", "tray"),  # "board" ends the word, "card" only begins it
        ("watering_can.n.01", "bucket"),  # a phrase before its words
        ("jigsaw_puzzle.n.01", "puzzle"),
        ("teaspoon.n.02", "spoon"),
        ("pancake.n.01", "flat_food"),  # "pan" is a whole word only
    ],
)
def test_the_word_that_names_a_thing_best_wins(synset: str, kind: str) -> None:
    """A phrase before a whole word before a word inside a compound; then the word nearest the
    end (the head of an English compound); then the longer keyword."""
    assert _kind(synset) == kind


def test_a_microwave_oven_is_a_microwave_and_a_toaster_oven_its_own() -> None:
    assert _kind("microwave_oven.n.01", "fixture") == "microwave"
    assert _kind("toaster_oven.n.01", "fixture") == "toaster_oven"
    assert _kind("oven.n.01", "fixture") == "oven"


def test_the_layout_and_the_painters_read_the_record(monkeypatch: pytest.MonkeyPatch) -> None:
    bowl = KINDS["bowl"]
    assert inner_insets("bowl", 60, 30) == bowl.inside(60, 30)
    wide = dataclasses.replace(bowl, insets=kinds.fixed(1, 2, 3, 4))
    monkeypatch.setitem(KINDS, "bowl", wide)
    assert inner_insets("bowl", 60, 30) == (1, 2, 3, 4)
    assert KINDS["shelf"].furniture and KINDS["shelf"].rank == 3
    assert not KINDS["toaster_oven"].furniture  # a room appliance painted as a thing
    assert KINDS["gadget"].slotted and KINDS["microwave"].pedestal and KINDS["box"].shows_open


def test_an_unnamed_thing_gets_the_kind_of_its_first_trait() -> None:
    assert _kind("zorblax.n.01", "breakable", "toggleable") == "device"  # toggleable first
    assert _kind("zorblax.n.01", "fillable") == "jar"
    assert _kind("zorblax.n.01") == "block"
    traits = [t.trait for k in KINDS.values() for t in k.traits]
    assert sorted(traits) == sorted(kinds.TRAIT_ORDER)
