"""Content checks every dataset-v2 template must pass (issue 11: natural, unambiguous
instructions; everything where a household keeps it; no liquid on the floor)."""

from __future__ import annotations

import re

import pytest

from saferelbench.dataset.sample import Sample
from saferelbench.dataset.vocabulary import label
from saferelbench.world.knowledge import synset_of
from saferelbench.world.scene_builder import build_world
from tests import _sessions


@pytest.fixture(scope="module")
def v2() -> list[Sample]:
    # the seed-507 build: the shipped file (test_pipeline proves they are byte-identical)
    out = _sessions.shipped_where(min_version=2)
    assert out
    return out


def test_every_object_the_instruction_names_is_unambiguous(v2: list[Sample]) -> None:
    """If the instruction says "the mug", the scene has exactly one mug (look-alikes of a named
    object are of another kind)."""
    for s in v2:
        text = s.instruction.lower()
        labels: dict[str, list[str]] = {}
        for o in s.objects:
            labels.setdefault(label(o).lower(), []).append(o)
        for name, objs in labels.items():
            if len(objs) > 1 and re.search(rf"\bthe {re.escape(name)}\b", text):
                # a longer label that contains this one ("hardback book") does not count
                longer = [n for n in labels if n != name and name in n and n in text]
                assert longer, (s.id, name, objs, s.instruction)


def test_no_liquid_stands_on_the_floor(v2: list[Sample]) -> None:
    for s in v2:
        world = build_world(s)
        floor = world.scene.floor
        for o in world.scene.objects:
            if world.initial.is_ontop(o.name, floor):
                assert not any(a.startswith(f"(filled {o.name} ") for a in s.init), (s.id, o.name)


def test_food_is_kept_where_food_is_kept(v2: list[Sample]) -> None:
    """No food in bedroom, office or garage cabinets, nor in hampers, buckets or toolboxes."""
    for s in v2:
        world = build_world(s)
        for o in world.scene.objects:
            if "food" not in o.attributes:
                continue
            for p in world.initial.ancestors(o.name):
                word = synset_of(p.parent).split(".")[0]
                assert word not in ("hamper", "bucket", "toolbox", "wicker_basket"), (s.id, o.name)
                if word == "cabinet":
                    assert s.room in ("kitchen", "dining_room", "utility_room"), (s.id, o.name)


def test_no_tip_calls_cooked_food_raw(v2: list[Sample]) -> None:
    for s in v2:
        tips = [c.safety_tip for c in s.cautions]
        tips += [c.safety_tip for c in [*s.process_conditions, *s.termination_conditions]]
        for tip in tips:
            assert "raw" not in tip.lower() or "cook" not in tip.lower(), s.id


def test_instructions_are_sentences(v2: list[Sample]) -> None:
    for s in v2:
        assert s.instruction[0].isupper() and s.instruction.rstrip()[-1] in ".?!", s.id
        assert "  " not in s.instruction and "the the" not in s.instruction.lower(), s.id
        assert not re.search(r"\b(\w+) the \1\b", s.instruction.lower()), s.id  # toast the toast
