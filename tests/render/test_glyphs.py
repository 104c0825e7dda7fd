"""Every kind of thing the dataset uses is drawn as a recognisable kind (issue 11, point 5):
at most 5% of the synsets share a generic glyph (the rounded block for movables, the plain
box for furniture). Synsets come from the shipped samples, ``dataset/vocabulary.py`` and any
``dataset/templates/*_vocab.py``, so new ones are measured as they are added."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw

import saferelbench.dataset as dataset_pkg
from saferelbench.dataset.store import load_samples
from saferelbench.render.catalog import look_of
from saferelbench.render.items import ItemLook
from saferelbench.render.kinds import KINDS, paint_item
from saferelbench.render.paint import Pen
from saferelbench.world.knowledge import ObjectInfo, describe

GENERIC = frozenset({"block", "fixture"})
SYNSET = re.compile(r"\b([a-z][a-z0-9_]*\.n\.\d\d)\b")


@lru_cache(maxsize=1)
def dataset_synsets() -> frozenset[str]:
    names = {n.rsplit("_", 1)[0] for s in load_samples() for n in s.objects}
    root = Path(dataset_pkg.__file__).parent
    sources = [root / "vocabulary.py", *sorted((root / "templates").glob("*_vocab.py"))]
    for src in sources:
        if src.exists():
            names |= set(SYNSET.findall(src.read_text(encoding="utf-8")))
    return frozenset(names)


def _drawn(synset: str) -> ObjectInfo | None:
    info = describe(synset + "_1")
    if info.is_substance or info.is_agent or (info.is_fixture and info.category == "floor"):
        return None  # not drawn as an object (a fill, a puddle; the floor band)
    return info


def test_at_most_five_percent_of_the_datasets_synsets_share_a_generic_glyph() -> None:
    infos = [i for i in map(_drawn, sorted(dataset_synsets())) if i is not None]
    assert len(infos) > 100
    generic = sorted(i.synset for i in infos if look_of(i).kind in GENERIC)
    assert len(generic) <= 0.05 * len(infos), generic


def test_every_kind_used_has_its_own_painter() -> None:
    for synset in sorted(dataset_synsets()):
        info = _drawn(synset)
        if info is None:
            continue
        kind = look_of(info).kind
        assert kind in KINDS and callable(KINDS[kind].painter), synset


def _glyph(kind: str) -> bytes:
    img = Image.new("RGB", (90, 80), (236, 231, 220))
    paint_item(Pen(ImageDraw.Draw(img), 1.0), kind, (10, 10, 80, 70), ItemLook((120, 160, 200)))
    return img.tobytes()


def test_each_item_kind_looks_different_from_the_block_and_from_each_other() -> None:
    kinds = sorted(k for k, record in KINDS.items() if not record.furniture and k != "block")
    drawn = {k: _glyph(k) for k in kinds}
    block = _glyph("block")
    assert all(img != block for img in drawn.values())
    assert len(set(drawn.values())) == len(kinds)


def test_compound_words_and_head_nouns_pick_the_kind() -> None:
    def kind(synset: str) -> str:
        return look_of(describe(synset + "_1")).kind

    assert kind("teaspoon.n.02") == "spoon" and kind("tablespoon.n.02") == "spoon"
    assert kind("tablefork.n.01") == "fork"
    assert kind("wineglass.n.01") == "glass"
    assert kind("bottle__of__glass_cleaner.n.01") == "chem_bottle"  # a bottle, not a glass
    assert kind("pancake.n.01") == "flat_food"  # "pan" is a whole word only


def test_an_unknown_synset_gets_a_kind_from_what_the_world_knows() -> None:
    assert look_of(describe("zorblax.n.01_1")).kind == "block"  # nothing known: generic
    assert look_of(describe("zorblax.n.01_1", ["fillable"])).kind == "jar"
    assert look_of(describe("zorblax.n.01_1", ["breakable"])).kind == "vase"
