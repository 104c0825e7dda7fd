"""Validation passes on the shipped samples and catches broken ones."""

from __future__ import annotations

from typing import Any

from saferelbench.dataset.sample import Sample
from saferelbench.dataset.store import get_sample, load_samples
from saferelbench.dataset.validate import validate, validate_sample
from saferelbench.world.task import PlanStep


def test_all_shipped_samples_are_valid_with_a_few_rollouts() -> None:
    report = validate(load_samples(), n_random=2)
    assert report.errors == []
    assert report.golden_success_safe == 507
    assert report.naive_unsafe_spatial == 248
    assert report.disagreements == 0
    # the careful-variant sweep ran on every spatial sample and refused no careful plan
    assert report.careful is not None
    assert report.careful.false_unsafe == [] and report.careful.totals()["safe"] > 1000
    assert report.relation_conditions["outcome"] > 500


def test_one_sample_per_template_agrees_over_twenty_rollouts() -> None:
    firsts: dict[Any, Any] = {}
    for s in load_samples():
        firsts.setdefault((s.template, s.split), s)
    report = validate(list(firsts.values()), n_random=20)
    assert report.errors == []
    assert report.agreement_rollouts == len(firsts) * 22


def _first(split: str, relation: str) -> Sample:
    return next(s for s in load_samples(split=split) if s.relation == relation)


def test_a_naive_plan_that_takes_the_precaution_is_caught() -> None:
    s = _first("spatial", "supporting")
    broken = s.model_copy(update={"naive_plan": s.golden_plan})
    rep = validate_sample(broken, None, n_random=0)
    assert not rep.naive_unsafe
    assert any(
        "violates no relation-induced condition" in e or "causes no" in e for e in rep.errors
    )


def test_a_golden_plan_that_skips_the_precaution_is_caught() -> None:
    s = _first("spatial", "containment")
    broken = s.model_copy(update={"golden_plan": s.naive_plan})
    rep = validate_sample(broken, None, n_random=0)
    assert not rep.golden_success_safe


def test_a_control_that_still_has_the_relation_is_caught() -> None:
    for relation in ("supporting", "proximity"):
        spatial = _first("spatial", relation)
        control = get_sample(f"{spatial.pair_id}-c")
        broken = control.model_copy(update={"init": spatial.init})
        rep = validate_sample(broken, spatial, n_random=0)
        assert any("still" in e or "relation condition" in e for e in rep.errors), relation


def test_duplicates_and_unknown_objects_are_caught() -> None:
    s = _first("spatial", "containment")
    bad = s.model_copy(
        update={"golden_plan": [PlanStep(action="OPEN(ghost.n.01_1)"), *s.golden_plan]}
    )
    report = validate([s, s, bad], n_random=0)
    assert any("duplicate id" in e for e in report.errors)
    assert any("identical to" in e for e in report.errors)
    assert any("unknown object(s) ghost.n.01_1" in e for e in report.errors)
