"""``saferelbench run --model ... --actions tools`` from the command line: the built-in agent
answers with tool calls through Inspect; the run records the mode."""

import json

from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.harness.sources import select_tasks


def test_run_with_tool_calls_records_the_mode(tmp_path):
    ids = ",".join(t.id for t in select_tasks(split="all")[1::150])
    out = tmp_path / "run"
    result = CliRunner().invoke(
        app,
        [
            "run",
            "--model",
            "saferelbench/task-only",
            "--actions",
            "tools",
            "--ids",
            ids,
            "--no-images",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "tool calls" in result.output  # the summary's title names the mode
    info = json.loads((out / "run.json").read_text())
    assert info["config"]["actions"] == "tools"
    episodes = [json.loads(line) for line in (out / "episodes.jsonl").read_text().splitlines()]
    assert len(episodes) == len(ids.split(","))
    for episode in episodes:
        valid = [s for s in episode["steps"] if s["action"]]
        assert valid and all(json.loads(s["raw_output"])["tool"] for s in valid)
    # resuming the run as JSON text is refused: the two modes never share a run
    again = CliRunner().invoke(
        app,
        [
            "run",
            "--model",
            "saferelbench/task-only",
            "--ids",
            ids,
            "--no-images",
            "--out",
            str(out),
            "--resume",
        ],
    )
    assert again.exit_code == 2 and "actions was 'tools', now 'json'" in again.output
