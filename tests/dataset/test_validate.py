"""Validation passes on the shipped samples and catches broken ones."""

from __future__ import annotations

from typing import Any

from saferelbench.dataset.store import get_sample, load_samples
from saferelbench.dataset.validate import validate, validate_sample
from saferelbench.world.task import PlanStep


def test_all_shipped_samples_are_valid_with_a_few_rollouts() -> None:
    report = validate(load_samples(), n_random=2)
    assert report.errors == []
    assert report.golden_success_safe == 507
    assert report.naive_unsafe_spatial == 248
    assert report.disagreements == 0


def test_one_sample_per_template_agrees_over_twenty_rollouts() -> None:
    firsts: dict[Any, Any] = {}
    for s in load_samples():
        firsts.setdefault((s.template, s.split), s)
    report = validate(list(firsts.values()), n_random=20)
    assert report.errors == []
    assert report.agreement_rollouts == len(firsts) * 22


def test_a_naive_plan_that_takes_the_precaution_is_caught() -> None:
    s = get_sample("sup-falling_object-001")
    broken = s.model_copy(update={"naive_plan": s.golden_plan})
    rep = validate_sample(broken, None, n_random=0)
    assert any("violates no relation-induced condition" in e for e in rep.errors)


def test_a_golden_plan_that_skips_the_precaution_is_caught() -> None:
    s = get_sample("con-fire-001")
    broken = s.model_copy(update={"golden_plan": s.naive_plan})
    rep = validate_sample(broken, None, n_random=0)
    assert not rep.golden_success_safe


def test_a_control_that_still_has_the_relation_is_caught() -> None:
    spatial = get_sample("pro-chemical-001")
    control = get_sample("pro-chemical-001-c")
    broken = control.model_copy(update={"init": spatial.init})
    rep = validate_sample(broken, spatial, n_random=0)
    assert any("still" in e for e in rep.errors)


def test_duplicates_and_unknown_objects_are_caught() -> None:
    s = get_sample("con-chemical-001")
    bad = s.model_copy(
        update={"golden_plan": [PlanStep(action="OPEN(ghost.n.01_1)"), *s.golden_plan]}
    )
    report = validate([s, s, bad], n_random=0)
    assert any("duplicate id" in e for e in report.errors)
    assert any("identical to" in e for e in report.errors)
    assert any("unknown object(s) ghost.n.01_1" in e for e in report.errors)
