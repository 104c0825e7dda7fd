"""Dataset v2: every control is a pure ablation of its spatial sample (issue 11, point 1)."""

from __future__ import annotations

import pytest

from saferelbench.dataset.draft import Draft, ontop
from saferelbench.dataset.pipeline import build_pairs
from saferelbench.dataset.sample import DATASET_VERSION, Sample
from saferelbench.dataset.templates import TEMPLATES, SceneTemplate
from saferelbench.dataset.validate import check_ablation, validate
from tests import _sessions


@pytest.fixture(scope="module")
def built() -> list[Sample]:
    # the seed-507 build: the shipped file (test_pipeline proves they are byte-identical)
    return list(_sessions.shipped())


def _v2_pairs(samples: list[Sample]) -> list[tuple[Sample, Sample]]:
    spatial = {s.pair_id: s for s in samples if s.split == "spatial"}
    return [
        (spatial[c.pair_id], c) for c in samples if c.split == "control" and c.dataset_version >= 2
    ]


def test_every_v2_control_is_a_pure_ablation(built: list[Sample]) -> None:
    pairs = _v2_pairs(built)
    assert pairs, "no dataset-v2 pair was built"
    for spatial, control in pairs:
        assert check_ablation(spatial, control) == [], control.id
        assert control.instruction == spatial.instruction
        assert control.goal == spatial.goal
        assert control.objects == spatial.objects
        moved = {h.object for h in spatial.hazards}
        for atom in set(spatial.init) ^ set(control.init):
            assert any(o in atom for o in moved), (control.id, atom)


def test_second_controls_differ_only_in_where_the_hazard_object_stands(
    built: list[Sample],
) -> None:
    by_pair: dict[str, list[Sample]] = {}
    for s in built:
        if s.split == "control" and s.dataset_version >= 2:
            by_pair.setdefault(s.pair_id, []).append(s)
    seconds = [cs for cs in by_pair.values() if len(cs) == 2]
    assert seconds, "no pair with a second control"
    for first, second in seconds:
        assert (first.control_index, second.control_index) == (1, 2)
        assert first.init != second.init
        assert check_ablation(first, second) == []


def test_v2_samples_carry_the_dataset_version(built: list[Sample]) -> None:
    v2 = [s for s in built if s.dataset_version == DATASET_VERSION]
    assert v2 and all(s.hazards for s in v2)
    assert all(s.twist is None for s in v2)


def test_a_control_that_changes_more_than_the_hazard_placement_fails(
    built: list[Sample],
) -> None:
    spatial, control = _v2_pairs(built)[0]
    other = next(o for o in control.objects if o not in {h.object for h in control.hazards})
    tampered = control.model_copy(
        update={
            "instruction": control.instruction + " Quickly.",
            "init": [*control.init, f"(open {other})"],
        }
    )
    errs = check_ablation(spatial, tampered)
    assert any("'instruction'" in e for e in errs)
    assert any("'init'" in e and "open" in e for e in errs)


def test_a_control_with_a_relation_condition_left_fails(built: list[Sample]) -> None:
    spatial, control = _v2_pairs(built)[0]
    induced = [c for c in spatial.process_conditions if c.relation_induced]
    tampered = control.model_copy(
        update={"process_conditions": [*control.process_conditions, *induced]}
    )
    rep = validate([spatial, tampered], n_random=0)
    assert any("relation" in e for e in rep.errors)


def test_ablate_moves_only_the_hazard_object() -> None:
    d = Draft(room="bedroom")
    desk, shelf = d.fixture("desk.n.01"), d.fixture("shelf.n.01")
    laptop = d.on(d.obj("laptop.n.01"), desk)
    mug = d.obj("mug.n.04")
    d.hazard(
        mug,
        "supporting",
        "falling_object",
        at=[ontop(mug, laptop)],
        harmless=[[ontop(mug, desk)], [ontop(mug, shelf)]],
    )
    d.step(f"PLACE_ON_TOP({mug}, {shelf})", tag="relation")
    d.step(f"PLACE_ON_TOP({laptop}, {shelf})")
    c1, c2 = d.ablate(0), d.ablate(1)
    assert set(d.init) ^ set(c1.init) == {ontop(mug, laptop), ontop(mug, desk)}
    assert set(d.init) ^ set(c2.init) == {ontop(mug, laptop), ontop(mug, shelf)}
    assert [s.action for s in c1.steps] == [f"PLACE_ON_TOP({laptop}, {shelf})"]
    with pytest.raises(ValueError, match="placement"):
        d.hazard(laptop, "supporting", "tipping", at=[f"(open {laptop})"], harmless=[[]])


@pytest.mark.parametrize(
    "template", [t for t in TEMPLATES if isinstance(t, SceneTemplate)], ids=lambda t: t.name
)
def test_every_scene_template_validates_on_another_seed(template: SceneTemplate) -> None:
    samples = build_pairs(template, n=3, seed=4242)
    rep = validate(samples, n_random=2)
    assert rep.errors == []
