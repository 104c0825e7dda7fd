"""``saferelbench sweep``: models x prompts through Inspect's eval-set, one report."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.testing.fake_server import FakeOpenAIServer
from saferelbench.testing.scripts import GoldenPlanPlayer


@pytest.mark.slow
def test_a_sweep_runs_the_grid_and_reports_every_cell(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LOCAL_API_KEY", "sk-sweep-secret-0123456789")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    out = tmp_path / "sweep"
    args = [
        "sweep",
        "--model",
        "openai-api/local/sweep-a",
        "--model",
        "openai-api/local/sweep-b",
        "--prompt",
        "base",
        "risk-aware",
        "--split",
        "spatial",
        "--limit",
        "3",
        "--no-images",
        "--out",
        str(out),
    ]
    with FakeOpenAIServer(GoldenPlanPlayer()) as server:
        monkeypatch.setenv("LOCAL_BASE_URL", server.base_url)
        result = CliRunner().invoke(app, args, catch_exceptions=False)
        assert result.exit_code == 0, result.output
        calls = len(server.requests)
        again = CliRunner().invoke(app, args, catch_exceptions=False)
        assert again.exit_code == 0, again.output
        assert len(server.requests) == calls  # eval-set kept the finished cells
    cells = sorted(p.name for p in (out / "cells").iterdir())
    assert cells == [
        "openai-api_local_sweep-a__base",
        "openai-api_local_sweep-a__risk_aware",
        "openai-api_local_sweep-b__base",
        "openai-api_local_sweep-b__risk_aware",
    ]
    for cell in cells:
        summary = json.loads((out / "cells" / cell / "summary.json").read_text())
        assert summary["n"] == 3 and summary["usage"]["totals"]["calls"] > 0
    report = out / "report"
    assert (report / "figures" / "fig_prompts.png").exists()  # the prompt-variant figure
    with (report / "comparisons.csv").open() as f:
        pairs = {(r[0], r[1]) for r in list(csv.reader(f))[1:]}
    assert len(pairs) == 6  # every pair of the 4 cells
    grid = (report / "sweep.md").read_text()
    assert "risk_aware" in grid and "openai-api/local/sweep-b" in grid
    table2 = (report / "table2.md").read_text()
    assert table2.count("sweep-a") >= 2 and table2.count("sweep-b") >= 2
    for path in out.rglob("*"):
        if path.is_file():
            assert b"sk-sweep-secret" not in path.read_bytes(), path
