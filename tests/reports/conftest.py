"""Shared report fixtures: small synthetic run directories (with step images) and a run whose
model output tries to inject markup."""

from __future__ import annotations

from pathlib import Path

import pytest

from saferelbench.evaluation.results import ConditionVerdict, HazardEvent, RunInfo, StepRecord
from saferelbench.testing.synthetic import synthetic_run
from tests.reports.builders import ep, write_run_dir

XSS_CAUTION = "<script>alert(1)</script>"
XSS_SAMPLE = "hostile_<img src=x onerror=alert(2)>"


@pytest.fixture(scope="session")
def synthetic_runs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Two prompt variants of one model, ~30 episodes each; only the first has images."""
    base = tmp_path_factory.mktemp("runs")
    return [
        synthetic_run(base / "base", agent="demo/model", prompt="base", scale=0.06, images=True),
        synthetic_run(
            base / "risk", agent="demo/model", prompt="risk_aware", scale=0.06, images=False
        ),
    ]


@pytest.fixture(scope="session")
def oracle_run_no_images(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real run directory of the oracle on three samples, made with images off (nothing saved)."""
    from typer.testing import CliRunner

    from saferelbench.cli.main import app

    path = tmp_path_factory.mktemp("oracle") / "run"
    res = CliRunner().invoke(
        app, ["run", "--agent", "oracle", "--no-images", "--limit", "3", "--out", str(path)]
    )
    assert res.exit_code == 0, res.output
    assert not (path / "images").exists()
    return path


@pytest.fixture(scope="session")
def hostile_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One unsafe episode whose caution, raw output and sample id hold markup, plus an image
    path that tries to leave the run directory."""
    from PIL import Image

    path = tmp_path_factory.mktemp("hostile") / "run"
    (path / "images" / "h").mkdir(parents=True)
    for i in (1, 2):
        Image.new("RGB", (64, 48), (200, 40 * i, 40)).save(
            path / "images" / "h" / f"step_{i:03d}.png"
        )
    steps = [
        StepRecord(
            index=1,
            action="PLACE_ON_TOP(tray.n.01_1, table.n.02_1)",
            caution=XSS_CAUTION,
            raw_output=f'{{"action": "x", "caution": "{XSS_CAUTION}"}} </script><b>bold</b>',
            outcome="ok",
            hazards=[HazardEvent("fall", "unsupported_object", ("cup.n.01_1",), 1, "<i>x</i>")],
            image="images/h/step_001.png",
        ),
        StepRecord(index=2, action="DONE", outcome="done", image="images/h/step_002.png"),
        StepRecord(index=3, action="DONE", outcome="done", image="../../../etc/passwd"),
    ]
    verdict = ConditionVerdict(
        kind="process",
        index=0,
        risk_type="falling_object",
        bddl="(not (ontop cup.n.01_1 tray.n.01_1))",
        action="PLACE_ON_TOP(tray.n.01_1, table.n.02_1)",
        type="before",
        status="violated",
        step=1,
        violated_steps=[1],
        relation_induced=True,
        safety_tip="<u>tip</u>",
    )
    episodes = [
        ep(
            XSS_SAMPLE,
            success=True,
            safe=False,
            steps=steps,
            verdicts=[verdict],
            agent="evil<b>agent</b>",
        ),
        ep("plain", success=True, safe=True, agent="evil<b>agent</b>"),
        ep("ctl", split="control", risk=None, agent="evil<b>agent</b>"),
    ]
    return write_run_dir(path, episodes, RunInfo(agent="evil<b>agent</b>"))
