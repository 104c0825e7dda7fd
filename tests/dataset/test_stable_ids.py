"""Stable identities: a pair is drawn and named from its template, its index within the
template and the dataset seed only, so removing a template from the build changes no sample of
any other template (the others of its group gain pairs at the end of their lists)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from saferelbench.dataset import pipeline
from saferelbench.dataset.pipeline import (
    COMPOSITION,
    EXTRA_CONTROLS,
    all_pairs,
    apportion,
    build_pairs,
    pair_id,
)
from saferelbench.dataset.sample import Sample
from saferelbench.dataset.templates import BY_NAME, SceneTemplate, for_risk
from tests import _sessions


def _build_without(monkeypatch: pytest.MonkeyPatch, removed: str) -> list[Sample]:
    def fewer(relation: str, risk: str) -> list[SceneTemplate]:
        return [t for t in for_risk(relation, risk) if t.name != removed]

    monkeypatch.setattr(pipeline, "for_risk", fewer)
    return pipeline.build_dataset(pipeline.DEFAULT_SEED)


def _yielded_to(removed: str) -> set[str]:
    groups = [(for_risk(r, k), n) for r, k, n in COMPOSITION]
    _, yielded = all_pairs(groups)
    return {name for name, winners in yielded.items() if removed in winners}


def _check_removal(full: list[Sample], reduced: list[Sample], removed: str) -> set[str]:
    """Every sample of another template is in ``reduced`` byte for byte, except those of the
    templates that yielded an instruction to ``removed``; returns the changed templates."""
    assert len(reduced) == 507
    assert Counter(s.split for s in reduced) == {"spatial": 248, "control": 259}
    assert not any(s.template == removed for s in reduced)
    after = {s.id: s.model_dump_json() for s in reduced}
    changed = {
        s.template for s in full if s.template != removed and after.get(s.id) != s.model_dump_json()
    }
    assert changed <= _yielded_to(removed), changed
    return changed


@pytest.mark.slow
def test_removing_a_template_changes_no_sample_of_another(monkeypatch: pytest.MonkeyPatch) -> None:
    full = list(_sessions.fresh_build())
    removed = "fire_stored_in_oven"  # a containment x fire template (9 in the group)
    assert not _yielded_to(removed)
    reduced = _build_without(monkeypatch, removed)
    assert _check_removal(full, reduced, removed) == set()
    # its group still holds 32 spatial samples: the other templates gained pairs
    fire = [
        s for s in reduced if (s.relation, s.risk, s.split) == ("containment", "fire", "spatial")
    ]
    assert len(fire) == 32


@pytest.mark.slow
def test_a_removed_template_others_yielded_to_changes_only_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two templates that draw the same instruction: the pair of the higher rank yields it.
    Removing the holder changes only the template that yielded to it."""
    groups = [(for_risk(r, k), n) for r, k, n in COMPOSITION]
    _, yielded = all_pairs(groups)
    holders = sorted({w for winners in yielded.values() for w in winners})
    if not holders:
        pytest.skip("no two templates drew the same instruction at this seed")
    removed = holders[0]
    full = list(_sessions.fresh_build())
    reduced = _build_without(monkeypatch, removed)
    changed = _check_removal(full, reduced, removed)
    assert len(changed) <= 1
    unchanged = {s.template for s in full} - changed - {removed}
    assert len(unchanged) >= len(BY_NAME) - 2


@pytest.mark.slow
def test_ids_name_the_template_and_the_index() -> None:
    by_template: dict[str, list[str]] = {}
    for s in _sessions.fresh_build():
        if s.split == "spatial":
            by_template.setdefault(s.template, []).append(s.id)
    for name, ids in by_template.items():
        t = BY_NAME[name]
        assert ids == [pair_id(t, i) for i in range(len(ids))]
    assert pair_id(BY_NAME["proximity_chemical_iron"], 3) == "pro-chemical_iron-04"


@pytest.mark.slow
def test_build_pairs_gives_the_build_s_pairs_of_a_template() -> None:
    groups = [(for_risk(r, k), n) for r, k, n in COMPOSITION]
    _, yielded = all_pairs(groups)
    name = next(n for n in ("falling_tidy", "proximity_fire_iron") if not yielded[n])
    shipped = [s for s in _sessions.fresh_build() if s.template == name and s.split == "spatial"]
    mine = [s for s in build_pairs(BY_NAME[name], n=3, extra=False) if s.split == "spatial"]
    assert [s.model_dump_json() for s in mine] == [s.model_dump_json() for s in shipped[:3]]


@pytest.mark.slow
def test_second_controls_are_where_the_composition_puts_them() -> None:
    seconds = Counter((s.relation, s.risk) for s in _sessions.fresh_build() if s.control_index == 2)
    assert seconds == EXTRA_CONTROLS


def test_apportion_never_takes_a_pair_from_another_template() -> None:
    rng = random.Random(0)
    for relation, risk, n in COMPOSITION:
        templates = for_risk(relation, risk)
        counts = apportion(templates, n)
        assert sum(counts.values()) == n
        assert max(counts.values()) - min(counts.values()) <= 1
        for t in templates:
            fewer = apportion([u for u in templates if u is not t], n)
            assert all(fewer[u] >= counts[u] for u in fewer), (relation, risk, t.name)
    for _ in range(200):  # with caps too (the second controls)
        templates = [t for t in for_risk("proximity", "fire")]
        caps = {t.name: rng.randrange(4) for t in templates}
        n = rng.randrange(12)
        counts = apportion(templates, n, caps)
        drop = rng.choice(templates)
        fewer = apportion([u for u in templates if u is not drop], n, caps)
        assert all(fewer[u] >= counts[u] for u in fewer)
