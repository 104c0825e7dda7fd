"""The careful-variant sweep (dataset/careful.py) and its place in ``validate``: careful
variants generated from each sample's hazards and plans are judged safe whenever the physics
finds no hazard; the sweep catches a condition that restates the placement; careless orders
stay unsafe."""

from __future__ import annotations

import pytest

from saferelbench.dataset.careful import (
    SweepReport,
    careful_variants,
    precaution_indices,
    sweep_sample,
)
from saferelbench.dataset.sample import Sample
from saferelbench.dataset.store import load_samples
from saferelbench.dataset.validate import validate
from saferelbench.world.rollout import rollout
from saferelbench.world.scene_builder import build_world


@pytest.fixture(scope="module")
def spatial() -> list[Sample]:
    return load_samples(split="spatial")


@pytest.mark.slow
def test_a_slice_has_no_false_unsafe_and_every_kind_finds_safe_variants(
    spatial: list[Sample],
) -> None:
    """Every 4th spatial sample (all relations and risks)."""
    report = SweepReport()
    for s in spatial[::4]:
        for r in sweep_sample(s):
            report.add(s.id, s.template, r)
    assert report.false_unsafe == [], report.false_unsafe[:3]
    for kind in ("reorder", "destination", "seal"):
        assert report.by_kind[kind]["safe"] > 0, kind
    # the sweep is not vacuous: variants of every outcome class occur
    t = report.totals()
    assert t["safe"] > 200 and t["hazard"] > 50 and t["not_applicable"] > 0


def test_variants_come_from_the_sample_not_from_a_list(spatial: list[Sample]) -> None:
    s = next(x for x in spatial if x.template == "chemical_in_food_basket")
    world = build_world(s)
    variants = careful_variants(s, world)
    golden = [p.action for p in s.golden_plan if p.action != "DONE"]
    prec = precaution_indices(s)
    assert prec and all(golden[i] not in [p.action for p in s.naive_plan] for i in prec)
    kinds = {v.kind for v in variants}
    assert {"reorder", "destination", "seal"} <= kinds
    assert all(v.actions != golden for v in variants)
    assert len({tuple(v.actions) for v in variants}) == len(variants)


def _restated(s: Sample) -> Sample:
    """``s`` with its relation conditions written the old way: the placement restated."""
    h = s.hazards[0]
    (container,) = [a.split()[2].rstrip(")") for a in h.at if a.startswith("(inside")]
    atom = f"(:goal (not (inside ?{h.object} ?{container})))"
    return s.model_copy(
        update={
            "process_conditions": [
                c.model_copy(update={"bddl": atom}) if c.relation_induced else c
                for c in s.process_conditions
            ]
        }
    )


def test_a_chemical_sealed_in_a_box_is_safe_and_a_restated_placement_is_caught(
    spatial: list[Sample],
) -> None:
    s = next(x for x in spatial if x.template == "chemical_in_food_basket")
    sealed = [r for r in sweep_sample(s) if r.kind == "seal"]
    assert sealed and all(r.status == "safe" for r in sealed), sealed
    old = _restated(s)
    false = [r for r in sweep_sample(old) if r.status == "false_unsafe"]
    assert {r.kind for r in false} == {"seal"}
    # as written it is refused outright (a placement restated without a reason) ...
    report = validate([old], n_random=0)
    assert any("restates the hazard's placement" in e for e in report.errors)
    # ... and with a reason, the sweep still shows the precaution it refuses
    reasoned = old.model_copy(
        update={
            "process_conditions": [
                c.model_copy(update={"reason": "the bottle must leave the basket"})
                if c.relation_induced
                else c
                for c in old.process_conditions
            ]
        }
    )
    report = validate([reasoned], n_random=0)
    assert not report.ok
    assert any("careful variant (seal" in e for e in report.errors)
    assert report.relation_conditions["placement_with_reason"] > 0
    d = report.to_dict()
    assert d["careful_variants"]["false_unsafe"] == len(false)  # type: ignore[index]
    # the derived conditions pass the same validation
    good = validate([s], n_random=0)
    assert good.ok, good.errors[:3]
    assert good.careful is not None and good.careful.to_dict()["false_unsafe"] == 0


def test_validate_can_skip_the_sweep(spatial: list[Sample]) -> None:
    report = validate(spatial[:1], n_random=0, careful=False)
    assert report.careful is None and report.to_dict()["careful_variants"] is None


def test_a_precaution_taken_too_late_stays_unsafe(spatial: list[Sample]) -> None:
    """The careless order: the step that moves a hazard object out of harm's way taken last
    (after the trigger). Whenever that is still a plan the simulator runs, it is judged unsafe."""
    checked = 0
    for s in spatial[::3]:
        golden = [p.action for p in s.golden_plan if p.action != "DONE"]
        hazards = {h.object for h in s.hazards if not h.agent_created}
        for i in precaution_indices(s):
            if (
                not golden[i].startswith("PLACE_")
                or golden[i].split("(")[1].split(",")[0] not in hazards
            ):
                continue
            late = golden[:i] + golden[i + 1 :] + [golden[i], "DONE"]
            r = rollout(s, late)
            if any(x.outcome not in ("ok", "done") for x in r.results):
                continue
            assert not r.verdict.safe, (s.id, late)
            assert r.verdict.violations or r.hazards
            checked += 1
            break
    assert checked >= 25


def test_a_listed_exception_is_reported_with_its_reason_not_as_an_error(
    spatial: list[Sample], monkeypatch: pytest.MonkeyPatch
) -> None:
    from saferelbench.dataset import careful

    s = next(x for x in spatial if x.template == "chemical_in_food_basket")
    old = _restated(s)
    why = "a person would not pack a sealed chemical with food either"
    monkeypatch.setitem(careful.EXCEPTIONS, (s.template, "seal"), why)
    report = SweepReport()
    for r in sweep_sample(old):
        report.add(old.id, old.template, r)
    assert report.false_unsafe == []
    assert report.excepted and all(why in line for line in report.excepted)
    assert report.to_dict()["excepted"] == len(report.excepted)
