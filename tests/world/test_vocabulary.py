"""The vocabulary is defined once and every layer agrees with it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from saferelbench.world import vocabulary as v

SRC = Path(__file__).resolve().parents[2] / "src" / "saferelbench"


def test_hazard_rules_use_the_vocabulary() -> None:
    from saferelbench.world import hazards

    assert hazards.RISK_NAMES == v.RISK_NAMES
    rule_risks = {r.risk for r in hazards.RULES}
    assert rule_risks <= set(v.RISK_NAMES)


def test_every_emitted_hazard_kind_is_in_the_vocabulary() -> None:
    kinds: set[str] = set()
    for path in (SRC / "world").rglob("*.py"):
        text = path.read_text("utf-8")
        kinds |= set(re.findall(r'emit\(\s*"([a-z_]+)"', text))
        kinds |= set(re.findall(r'HazardEvent\(\s*"([a-z_]+)"', text))
    assert kinds and kinds <= set(v.HAZARD_KINDS)


def test_dataset_samples_use_only_vocabulary_words() -> None:
    from saferelbench.dataset.store import load_samples

    samples = list(load_samples())
    assert {s.relation for s in samples} == set(v.RELATIONS)
    assert {s.risk for s in samples} <= set(v.RISKS)
    for s in samples:
        if s.split == "spatial":
            assert s.risk in v.RISKS_BY_RELATION[s.relation], s.id


def test_no_other_module_spells_the_risk_list() -> None:
    """`spillage` alone (a drifted spelling) appears nowhere as a risk key."""
    for path in SRC.rglob("*.py"):
        assert '"spillage"' not in path.read_text("utf-8"), path


def test_check_quotes_the_value_and_lists_the_valid_ones() -> None:
    with pytest.raises(v.VocabularyError) as info:
        v.check_risk("fires", "--risk")
    message = str(info.value)
    assert "'fires'" in message and "spillage_overflow" in message and "\n" not in message
