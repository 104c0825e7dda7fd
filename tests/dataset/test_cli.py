"""The dataset commands end to end."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.dataset.store import shipped_path

runner = CliRunner()


def test_build_dataset_regenerates_the_shipped_file(tmp_path: Path) -> None:
    out = tmp_path / "s.jsonl"
    res = runner.invoke(app, ["build-dataset", "--seed", "507", "--out", str(out)])
    assert res.exit_code == 0, res.output
    assert out.read_bytes() == shipped_path().read_bytes()


def _subset(tmp_path: Path, n: int = 6) -> Path:
    p = tmp_path / "sub.jsonl"
    p.write_text("".join(shipped_path().read_text("utf-8").splitlines(keepends=True)[:n]))
    return p


def test_validate_json_on_a_subset(tmp_path: Path) -> None:
    res = runner.invoke(
        app, ["validate", "--json", "--no-baselines", "--file", str(_subset(tmp_path))]
    )
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    for key in (
        "samples",
        "golden_success_safe",
        "naive_unsafe_spatial",
        "agreement_rollouts",
        "disagreements",
        "errors",
    ):
        assert key in data
    assert data["samples"] == 6 and data["errors"] == [] and data["agreement_rollouts"] == 6 * 22


def test_validate_fails_on_a_broken_sample(tmp_path: Path) -> None:
    raw = json.loads(shipped_path().read_text("utf-8").splitlines()[0])
    raw["naive_plan"] = raw["golden_plan"]
    p = tmp_path / "bad.jsonl"
    p.write_text(json.dumps(raw) + "\n")
    res = runner.invoke(app, ["validate", "--json", "--file", str(p), "--rollouts", "0"])
    assert res.exit_code == 1
    assert json.loads(res.output)["errors"]


def test_stats_json() -> None:
    res = runner.invoke(app, ["stats", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert (data["total"], data["spatial"], data["control"]) == (507, 248, 259)
    assert data["by_relation"] == {"supporting": 72, "containment": 86, "proximity": 90}
    assert data["by_risk"]["containment/fire"] == 32
    assert data["by_risk"]["supporting/tipping"] == 12
    assert sum(data["controls_by_relation"].values()) == 259
    assert data["golden_actions_spatial"]["PLACE_ON_TOP"] > 0


def test_bad_file_is_one_line_error(tmp_path: Path) -> None:
    p = tmp_path / "bad.jsonl"
    p.write_text("{nope\n")
    res = runner.invoke(app, ["stats", "--file", str(p)])
    assert res.exit_code == 2
    assert "line 1" in res.output and "Traceback" not in res.output
