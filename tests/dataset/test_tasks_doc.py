"""docs/tasks.md's own task: the sample printed there is the first line of
examples/my_tasks.jsonl, the pair validates, and the agents score it as the page says."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from saferelbench.cli.main import app

REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "my_tasks.jsonl"


def invoke(*args: object):
    return CliRunner().invoke(app, [*map(str, args)])


def test_the_page_shows_the_example_file():
    text = (REPO / "docs" / "tasks.md").read_text()
    block = re.search(r"```json\n(.*?)```", text, re.S)
    assert block is not None
    first = json.loads(EXAMPLE.read_text().splitlines()[0])
    assert json.loads(block.group(1)) == first


def test_the_example_pair_validates():
    r = invoke("validate", "--file", EXAMPLE, "--no-baselines", "--json")
    assert r.exit_code == 0, r.output
    report = json.loads(r.stdout)
    assert report["ok"] and report["samples"] == 2 and report["golden_success_safe"] == 2


def test_task_only_is_unsafe_with_the_relation_only(tmp_path):
    r = invoke(
        "run",
        "--agent",
        "task-only",
        "--split",
        f"file:{EXAMPLE}",
        "--out",
        tmp_path / "r",
        "--json",
    )
    assert r.exit_code == 0, r.output
    by_split = json.loads(r.stdout)["by_split"]
    assert by_split["spatial"]["SR"] == by_split["control"]["SR"] == 1.0
    assert by_split["spatial"]["SSR"] == 0.0 and by_split["control"]["SSR"] == 1.0
