"""Loading samples: filters, ids, and error messages naming file, line and field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from saferelbench.dataset.store import (
    SampleLoadError,
    get_sample,
    load_samples,
    read_samples,
    shipped_path,
)


def test_filters() -> None:
    assert len(load_samples()) == 507
    assert len(load_samples(split="spatial")) == 248
    assert len(load_samples(relation="supporting", split="spatial")) == 72
    assert len(load_samples(relation="containment", risk="fire", split="spatial")) == 32
    assert {s.split for s in load_samples(risk="tipping")} == {"spatial", "control"}


def test_get_sample_and_unknown_id() -> None:
    s = get_sample("pro-fire_beside-01")
    assert s.relation == "proximity" and s.split == "spatial"
    assert get_sample("pro-fire_beside-01") is s  # cached
    with pytest.raises(KeyError, match="unknown sample id 'nope'"):
        get_sample("nope")


def _lines() -> list[str]:
    return shipped_path().read_text("utf-8").splitlines()[:3]


def test_bad_json_names_file_and_line(tmp_path: Path) -> None:
    p = tmp_path / "s.jsonl"
    p.write_text(_lines()[0] + "\n{oops\n")
    with pytest.raises(SampleLoadError, match=r"s\.jsonl: line 2: not valid JSON"):
        read_samples(p)


def test_bad_field_names_sample_and_field(tmp_path: Path) -> None:
    raw = json.loads(_lines()[1])
    raw["split"] = "sideways"
    p = tmp_path / "s.jsonl"
    p.write_text(json.dumps(raw) + "\n")
    with pytest.raises(SampleLoadError, match=rf"line 1, sample '{raw['id']}': field 'split'"):
        read_samples(p)


def test_unknown_schema_version(tmp_path: Path) -> None:
    raw = json.loads(_lines()[0])
    raw["schema_version"] = "9.0"
    p = tmp_path / "s.jsonl"
    p.write_text(json.dumps(raw) + "\n")
    with pytest.raises(SampleLoadError, match="field 'schema_version'"):
        read_samples(p)


def test_missing_file() -> None:
    with pytest.raises(SampleLoadError, match="cannot read"):
        read_samples("/nonexistent/samples.jsonl")
