""":func:`saferelbench.world.knowledge.describe` keeps what it works out per synset and
arguments: what it gives is what a fresh computation gives, for every object of every shipped
sample, with the instance's own name."""

from __future__ import annotations

import pytest

from saferelbench.dataset.store import load_samples
from saferelbench.world import knowledge
from saferelbench.world.knowledge import describe, synset_of
from saferelbench.world.materials import UnknownSynsetError


def fresh(name: str, abilities: list[str] | None, declared: dict | None) -> knowledge.ObjectInfo:
    return knowledge._describe(name, synset_of(name), abilities, False, declared, True)


def test_every_shipped_object_is_described_as_afresh() -> None:
    seen = 0
    for sample in load_samples():
        for name, abilities in sample.objects.items():
            declared = sample.synset_attributes.get(synset_of(name))
            kept = describe(name, abilities, table_openable=False, declared=declared, strict=True)
            assert kept == fresh(name, abilities, declared), (sample.id, name)
            assert kept.name == name
            seen += 1
    assert seen > 5000


def test_two_instances_of_one_synset_differ_only_in_name() -> None:
    one, two = describe("stove.n.01_1", []), describe("stove.n.01_2", [])
    assert one.name == "stove.n.01_1" and two.name == "stove.n.01_2"
    assert one.profile == two.profile and one.abilities == two.abilities


def test_the_arguments_are_part_of_what_is_kept() -> None:
    plain = describe("bottle.n.01_1", [])
    listed = describe("bottle.n.01_1", ["openable"])
    assert "openable" in listed.abilities
    assert plain != listed
    declared = describe("bottle.n.01_1", [], declared={"material": "metal"})
    assert declared.profile is not None and declared.profile.material == "metal"
    assert describe("bottle.n.01_1", []).profile == plain.profile  # not the declared one


def test_a_declared_value_that_is_not_plain_data_is_described_afresh() -> None:
    info = describe("stove.n.01_1", [], declared={"hot": frozenset({"top"})})
    assert info.profile is not None and info.profile.hot == frozenset({"top"})


def test_an_unknown_synset_is_an_error_every_time() -> None:
    for _ in range(2):  # an error is not kept as an answer
        with pytest.raises(UnknownSynsetError):
            describe("ghost_zorblax.n.01_1", [], strict=True)
