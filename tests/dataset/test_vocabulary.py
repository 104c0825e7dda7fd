"""Object pools: every synset exists in the bddl taxonomy and satisfies its role."""

from __future__ import annotations

import pytest
from bddl.object_taxonomy import ObjectTaxonomy

from saferelbench.dataset.vocabulary import LIQUIDS, ROLES, ROOMS, candidates, label


@pytest.fixture(scope="module")
def taxonomy() -> ObjectTaxonomy:
    return ObjectTaxonomy()


@pytest.mark.parametrize("role", sorted(ROLES))
def test_every_listed_synset_is_a_taxonomy_leaf_and_fits_its_role(
    role: str, taxonomy: ObjectTaxonomy
) -> None:
    r = ROLES[role]
    for s in r.synsets:
        assert taxonomy.is_valid_synset(s), s
        assert taxonomy.is_leaf(s), s
    assert candidates(role) == r.synsets, (
        f"synsets that no longer fit {role}: {set(r.synsets) - set(candidates(role))}"
    )


def test_rooms_and_liquids_are_real_synsets(taxonomy: ObjectTaxonomy) -> None:
    for room in ROOMS.values():
        for s in (*room.surfaces, *room.cabinets):
            assert taxonomy.is_valid_synset(s), s
    for liquids in LIQUIDS.values():
        for s in liquids:
            assert "liquid" in taxonomy.get_abilities(s), s


def test_labels_read_naturally() -> None:
    assert label("electric_refrigerator.n.01_1") == "fridge"
    assert label("bottle__of__bleach_agent.n.01") == "bottle of bleach agent"
