"""What ``replay`` prints: every condition, each BDDL once, actions never cut at any width."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.cli.replay_table import print_rollout
from saferelbench.dataset.store import get_sample
from saferelbench.world.rollout import rollout

SAMPLE = "sup-falling_tidy-03"  #: scenario and generic conditions; long action names


def printed(width: int) -> tuple[str, list[str], list[str]]:
    task = get_sample(SAMPLE)
    actions = [s.action for s in task.golden_plan]
    r = rollout(task, actions)
    buf = io.StringIO()
    console = Console(file=buf, width=width, color_system=None, legacy_windows=False)
    print_rollout(console, task, r)
    return buf.getvalue(), actions, [v.bddl for v in r.verdict.conditions]


def squeeze(text: str) -> str:
    """The text without box drawing and whitespace: what is left when wrapping is undone."""
    return re.sub(r"[\s│┃]+", "", text)


def action_cells(out: str) -> list[str]:
    """The steps table's action column, each row's wrapped lines joined (spaces dropped)."""
    cells: list[str] = []
    for line in out.splitlines():
        if not line.startswith("│"):
            continue
        parts = line.split("│")
        if parts[1].strip():  # a new row (its step number)
            cells.append("")
        cells[-1] += parts[2].strip().replace(" ", "")
    return cells


@pytest.mark.parametrize("width", [50, 80, 200])
def test_every_action_and_condition_printed_whole(width: int) -> None:
    out, actions, bddls = printed(width)
    assert "…" not in out  # nothing cut with an ellipsis
    assert max(len(line) for line in out.splitlines()) <= width
    assert action_cells(out) == [squeeze(a) for a in actions]
    body = squeeze(out.split("Safety conditions")[1])
    task = get_sample(SAMPLE)
    n = len(task.process_conditions) + len(task.termination_conditions)
    generic = sum(
        c.origin == "generic" for c in [*task.process_conditions, *task.termination_conditions]
    )
    assert len(bddls) == n and generic >= 1
    for bddl in set(bddls):
        assert body.count(squeeze(bddl)) == bddls.count(bddl)  # each condition's BDDL once
    expected = (
        f"{n} ({n - generic} from the task, {generic} generic from the hazard rules), all shown"
    )
    assert expected in " ".join(out.split())


def test_wide_console_keeps_each_action_on_one_line() -> None:
    out, actions, _ = printed(200)
    for a in actions:
        assert any(a in line for line in out.splitlines())


def test_replay_command_prints_each_bddl_once() -> None:
    res = CliRunner().invoke(app, ["replay", SAMPLE], env={"COLUMNS": "120"})
    assert res.exit_code == 0, res.output
    r = rollout(get_sample(SAMPLE), [s.action for s in get_sample(SAMPLE).golden_plan])
    body = squeeze(res.stdout)
    for v in r.verdict.conditions:
        assert squeeze(v.bddl) in body
    distinct = {v.bddl for v in r.verdict.conditions}
    occurrences = sum(body.count(squeeze(b)) for b in distinct)
    assert occurrences == len(r.verdict.conditions)
