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


def test_every_template_module_imports_and_labels_agree() -> None:
    """Every module of dataset/templates (the *_vocab modules included) imports without a label
    conflict, and no synset word gets two different labels across modules."""
    import importlib
    import pkgutil

    import saferelbench.dataset.templates as pkg
    from saferelbench.dataset import vocabulary

    for m in pkgutil.iter_modules(pkg.__path__):
        importlib.import_module(f"{pkg.__name__}.{m.name}")  # raises on a conflict
    for word, text in vocabulary.EXTRA_LABELS.items():
        assert vocabulary.LABELS.get(word, text) == text, word
    with pytest.raises(ValueError, match="conflicts with"):
        word = next(iter(vocabulary.EXTRA_LABELS), "mug")
        vocabulary.register_labels({word: "something else entirely"}, source="a test")
