"""The probe over an IS-Bench-format folder: a task file that cannot be read is skipped with a
warning that names it, the others are probed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.dataset.isbench import write_task
from tests.probe.scenes import kitchen


def test_an_unreadable_task_is_skipped_with_a_warning_and_the_rest_is_probed(tmp_path: Path):
    root = tmp_path / "isb"
    good = kitchen()
    write_task(good, root)
    write_task(good.model_copy(update={"id": "broken"}), root)
    shutil.rmtree(root / "bddl" / "broken")
    out = tmp_path / "probe.json"
    res = CliRunner().invoke(
        app, ["probe", "--agent", "state", "--split", f"isbench:{root}", "--out", str(out)]
    )
    assert res.exit_code == 0, res.output
    assert "broken: skipped" in res.output
    data = json.loads(out.read_text())
    assert {a["sample"] for a in data["answers"]} == {good.id}
    # the initial image and the one after the single golden-plan action (DONE adds none)
    assert {a["step"] for a in data["answers"]} == {0, 1}
    assert data["summary"]["by_relation"]["all"]["accuracy"] == 1.0

    shutil.rmtree(root / "bddl" / good.id)
    res = CliRunner().invoke(
        app, ["probe", "--agent", "state", "--split", f"isbench:{root}", "--out", str(out)]
    )
    assert res.exit_code == 2 and "error:" in res.output
