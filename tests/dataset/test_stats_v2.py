"""stats: the diversity and difficulty figures, and near-duplicates (issue 11, points 2-3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.dataset.sample import Sample
from saferelbench.dataset.stats import (
    compute_stats,
    instruction_pattern,
    near_duplicates,
    structure,
)
from tests import _sessions

runner = CliRunner()


@pytest.fixture(scope="module")
def built() -> list[Sample]:
    # the seed-507 build: the shipped file (test_pipeline proves they are byte-identical)
    return list(_sessions.shipped())


def test_the_build_has_no_near_duplicates(built: list[Sample]) -> None:
    assert near_duplicates(built) == []


def test_a_scene_with_one_object_swapped_is_a_near_duplicate(built: list[Sample]) -> None:
    a = next(s for s in built if s.split == "spatial" and s.dataset_version >= 2)
    # the same scene with one more harmless thing on the shelf, under another pair id
    shelf = next(o for o in a.objects if o.startswith("shelf."))
    b = a.model_copy(
        update={
            "id": "copy-001",
            "pair_id": "copy-001",
            "init": [*a.init, f"(ontop pen.n.01_9 {shelf})"],
            "objects": {**a.objects, "pen.n.01_9": []},
        }
    )
    assert instruction_pattern(a) == instruction_pattern(b)
    assert len(structure(a) ^ structure(b)) == 1
    assert near_duplicates([a, b]) == [(a.id, "copy-001")]
    # a genuinely different scene of the same template is not
    other = next(
        s
        for s in built
        if s.split == "spatial" and s.template == a.template and s.pair_id != a.pair_id
    )
    assert (a.id, other.id) not in near_duplicates([a, other])


def test_instruction_patterns_mask_object_names(built: list[Sample]) -> None:
    s = next(s for s in built if s.dataset_version >= 2)
    pattern = instruction_pattern(s)
    assert "<x>" in pattern
    assert pattern != s.instruction.lower()


def test_stats_report_every_figure_per_relation_and_risk(built: list[Sample]) -> None:
    st = compute_stats(built)
    groups = st["per_relation_risk"]
    assert isinstance(groups, dict) and len(groups) == 9
    for key in (
        "distinct_instructions",
        "instruction_patterns",
        "distinct_synsets",
        "template_variants",
        "rooms",
        "distractors_per_scene",
        "share_multi_hazard",
        "share_agent_created",
        "share_goal_ruining",
        "plan_length_median",
    ):
        assert key in st["overall"], key  # type: ignore[operator]
        assert all(key in g for g in groups.values()), key
    targets = st["targets"]
    assert isinstance(targets, dict)
    assert set(targets) >= {"distinct_instructions", "max_room_share"}


def test_the_supporting_groups_meet_their_targets(built: list[Sample]) -> None:
    st = compute_stats([s for s in built if s.relation == "supporting"])
    overall = st["overall"]
    assert isinstance(overall, dict)
    d = overall["distractors_per_scene"]
    assert d["min"] >= 2 and d["max"] <= 5
    assert overall["share_with_lookalike"] == 1.0
    assert overall["share_multi_hazard"] >= 0.20
    assert overall["share_agent_created"] >= 0.15
    assert overall["share_goal_ruining"] >= 0.30
    assert overall["plan_length_median"] >= 8
    assert max(overall["rooms"].values()) <= 0.45
    assert overall["rooms"].get("kitchen", 0.0) <= 0.20  # the freezing family only
    heavy = st["heavy_load_tipping_samples"]
    assert isinstance(heavy, int) and heavy >= 1
    assert overall["distinct_instructions"] == overall["spatial"]  # one per pair


def test_stats_json_on_a_file(tmp_path: Path) -> None:
    from saferelbench.dataset.pipeline import to_jsonl

    built = list(_sessions.shipped())
    p = tmp_path / "s.jsonl"
    p.write_text(to_jsonl([s for s in built if s.relation == "supporting"]))
    res = runner.invoke(app, ["stats", "--json", "--file", str(p)])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["total"] == 148 and data["near_duplicates"] == []
