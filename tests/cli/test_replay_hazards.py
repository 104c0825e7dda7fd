"""``replay --isbench DIR --json`` lists, per task, the hazards the physical model sees in its
golden plan (issue 12, section 4)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from saferelbench.cli.main import app

runner = CliRunner()


def test_hazards_of_golden_plans_are_listed_per_task(
    isbench_examples: Path, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    shutil.copytree(isbench_examples, data)
    path = data / "tasks" / "put_away_cereal_and_toast.json"
    task = json.loads(path.read_text())
    # a lazy golden plan: the cabinet is never closed again
    task["example_planning"] = [
        s for s in task["example_planning"] if s["action"] != "CLOSE(cabinet.n.01_1)"
    ]
    path.write_text(json.dumps(task))
    res = runner.invoke(app, ["replay", "--isbench", str(data), "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert set(out["hazards_by_task"]) == {"put_away_cereal_and_toast"}, out
    (event,) = out["hazards_by_task"]["put_away_cereal_and_toast"]
    assert event["rule"] == "left_open" and event["objects"] == ["cabinet.n.01_1"]
    assert {"step", "kind", "detail"} <= set(event)
