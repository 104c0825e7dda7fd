"""Reports record each run's versions and refuse to pool runs of different evaluation versions
unless asked."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.harness.versions import EVALUATION_VERSION, VERSION_KEYS


def invoke(*args: object):
    return CliRunner().invoke(app, [str(a) for a in args], catch_exceptions=False)


def test_mixed_evaluation_versions_are_refused_unless_asked(tmp_path: Path) -> None:
    run = tmp_path / "new"
    r = invoke("run", "--agent", "oracle", "--limit", "2", "--no-images", "--out", run)
    assert r.exit_code == 0, r.output
    old = tmp_path / "old"
    shutil.copytree(run, old)
    info = json.loads((old / "run.json").read_text())
    info["provenance"]["versions"]["evaluation_version"] = "1-A"
    info["agent"] = "oracle-old"
    (old / "run.json").write_text(json.dumps(info))
    quick = ("--no-figures", "--no-html", "--resamples", "100")

    refused = invoke("report", run, old, "--out", tmp_path / "r1", *quick)
    assert refused.exit_code == 2
    lines = [line for line in refused.output.splitlines() if line.strip()]
    assert len(lines) == 1, refused.output  # one clear line
    assert (
        "different evaluation versions" in refused.output
        and "--allow-mixed-versions" in refused.output
    )
    assert not (tmp_path / "r1" / "report.md").exists()

    made = invoke("report", run, old, "--out", tmp_path / "r2", "--allow-mixed-versions", *quick)
    assert made.exit_code == 0, made.output
    versions = json.loads((tmp_path / "r2" / "versions.json").read_text())
    assert sorted(v["evaluation_version"] for v in versions.values()) == ["1-A", EVALUATION_VERSION]
    assert all(tuple(v) == VERSION_KEYS for v in versions.values())
    markdown = (tmp_path / "r2" / "report.md").read_text()
    assert "## Versions" in markdown and "1-A" in markdown

    same = invoke("report", run, "--out", tmp_path / "r3", *quick)
    assert same.exit_code == 0, same.output
