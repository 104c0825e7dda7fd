"""``saferelbench render``: one PNG per step plus a contact sheet; clear errors."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image
from typer.testing import CliRunner

from saferelbench.cli.main import app

runner = CliRunner()


def test_render_writes_one_png_per_step_and_a_contact_sheet(
    isbench_examples: Path, tmp_path: Path
) -> None:
    task = isbench_examples / "tasks" / "clear_laptop_before_moving.json"
    plan = tmp_path / "plan.json"
    plan.write_text(
        json.dumps(
            ["PLACE_ON_TOP(laptop.n.01_1, desk.n.01_1)", {"action": "DONE", "caution": None}]
        )
    )
    out = tmp_path / "out"
    result = runner.invoke(app, ["render", str(task), "--plan", str(plan), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.iterdir()) == [
        "contact_sheet.png",
        "step_000.png",
        "step_001.png",
        "step_002.png",
    ]
    assert Image.open(out / "step_001.png").size == (1024, 768)
    # the unsafe move makes the book fall: step 1 differs from the initial image
    assert (out / "step_000.png").read_bytes() != (out / "step_001.png").read_bytes()
    assert "1 hazard event" in result.output


def test_render_golden_plan_without_labels(isbench_examples: Path, tmp_path: Path) -> None:
    task = isbench_examples / "tasks" / "put_away_cereal_and_toast.json"
    out = tmp_path / "out"
    result = runner.invoke(app, ["render", str(task), "--out", str(out), "--no-labels"])
    assert result.exit_code == 0, result.output
    assert len(list(out.glob("step_*.png"))) == 10  # initial + 9 golden steps


def test_render_bad_inputs_exit_2_with_one_line(isbench_examples: Path, tmp_path: Path) -> None:
    missing = runner.invoke(app, ["render", str(tmp_path / "nope.json")])
    assert (
        missing.exit_code == 2
        and "nope.json" in missing.output
        and "Traceback" not in missing.output
    )
    bad_plan = tmp_path / "plan.json"
    bad_plan.write_text("{not json")
    task = isbench_examples / "tasks" / "clear_laptop_before_moving.json"
    result = runner.invoke(
        app, ["render", str(task), "--plan", str(bad_plan), "--out", str(tmp_path / "o")]
    )
    assert result.exit_code == 2 and "plan.json" in result.output
