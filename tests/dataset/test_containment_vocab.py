"""The containment templates' own object pools: every synset is a bddl taxonomy leaf and still
satisfies its pool's predicate; traps are open vessels holding real liquids."""

from __future__ import annotations

import pytest
from bddl.object_taxonomy import ObjectTaxonomy

from saferelbench.dataset.templates import containment_vocab as vocab
from saferelbench.dataset.vocabulary import Role, candidates

ROLES = sorted((r for r in vars(vocab).values() if isinstance(r, Role)), key=lambda r: r.name)


@pytest.fixture(scope="module")
def taxonomy() -> ObjectTaxonomy:
    return ObjectTaxonomy()


@pytest.mark.parametrize("role", ROLES, ids=lambda r: r.name)
def test_every_pool_synset_is_a_leaf_that_fits_its_pool(
    role: Role, taxonomy: ObjectTaxonomy
) -> None:
    for s in role.synsets:
        assert taxonomy.is_valid_synset(s) and taxonomy.is_leaf(s), (role.name, s)
    assert candidates(role) == role.synsets, (
        f"{role.name}: no longer fit: {set(role.synsets) - set(candidates(role))}"
    )


def test_traps_are_open_vessels_with_real_liquids(taxonomy: ObjectTaxonomy) -> None:
    open_vessels = set(candidates(vocab.OPEN_VESSEL))
    for room, traps in vocab.TRAPS.items():
        assert traps, room
        for vessel, liquid in traps:
            assert vessel in open_vessels, (room, vessel)
            assert "liquid" in taxonomy.get_abilities(liquid), (room, liquid)


def test_bottles_hold_what_their_label_says(taxonomy: ObjectTaxonomy) -> None:
    for bottle, liquids in vocab.BOTTLE_LIQUIDS.items():
        assert bottle in candidates(vocab.TRAVEL_BOTTLE), bottle
        for liquid in liquids:
            assert "liquid" in taxonomy.get_abilities(liquid), (bottle, liquid)


def test_clutter_is_real_and_room_appropriate(taxonomy: ObjectTaxonomy) -> None:
    for room, things in vocab.CLUTTER.items():
        for s in things:
            assert taxonomy.is_valid_synset(s) and taxonomy.is_leaf(s), (room, s)


def test_the_toaster_never_toasts_toast() -> None:
    assert "toast.n.01" not in candidates(vocab.TOASTER_BREAD)
