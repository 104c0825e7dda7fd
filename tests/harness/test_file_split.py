"""``saferelbench run --split file:PATH.jsonl``: a samples file of the dataset's format."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.dataset.store import shipped_path

runner = CliRunner()


def _first_lines(n: int) -> list[str]:
    """The first ``n`` samples whose hazard does not spoil the goal (task-only completes those;
    dataset v2's goal-ruining samples it may fail)."""
    out = []
    with shipped_path().open(encoding="utf-8") as f:
        for line in f:
            if not any(h.get("goal_ruining") for h in json.loads(line).get("hazards", [])):
                out.append(line)
            if len(out) == n:
                break
    return out


def test_run_on_a_samples_file(tmp_path):
    path = tmp_path / "mine.jsonl"
    path.write_text("".join(_first_lines(3)), "utf-8")
    res = runner.invoke(
        app,
        [
            "run",
            "--agent",
            "task-only",
            "--split",
            f"file:{path}",
            "--no-images",
            "--out",
            str(tmp_path / "run"),
            "--json",
        ],
    )
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout[res.stdout.index("{") :])
    assert summary["n"] == 3 and summary["SR"] == 1.0 and summary["SSR"] == 0.0


def test_a_broken_samples_file_is_one_clear_error(tmp_path):
    path = tmp_path / "broken.jsonl"
    lines = _first_lines(2)
    lines[1] = lines[1].replace('"goal":"(:goal (and (', '"goal":"(:goal (and (levitating ', 1)
    path.write_text("".join(lines), "utf-8")
    res = runner.invoke(
        app,
        [
            "run",
            "--agent",
            "oracle",
            "--split",
            f"file:{path}",
            "--no-images",
            "--out",
            str(tmp_path / "run"),
        ],
    )
    assert res.exit_code == 2
    assert "broken.jsonl" in res.output and "line 2" in res.output and "field 'goal'" in res.output
    assert "Traceback" not in res.output
