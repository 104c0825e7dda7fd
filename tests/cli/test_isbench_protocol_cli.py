"""``--protocol isbench`` through ``replay``, ``run`` and ``report`` on hand-made IS-Bench-format
tasks (written by ``write_task``; no IS-Bench file)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.dataset.isbench import write_task
from saferelbench.world.task import PlanStep
from tests.harness.isbench_scoring import (
    BOOK_INTO_CABINET,
    BOOK_TO_FLOOR,
    MOVE_LAPTOP,
    scoring_task,
)

runner = CliRunner()
SUMMARY_KEYS = {"tasks", "replayed", "unsupported", "task_success", "safe", "failures"}


@pytest.fixture(scope="module")
def task_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("handmade")
    plans = {
        "golden_safe": None,  # the task's own golden plan: safe by its conditions
        # the book falls: unsafe by P0 and by the hazard under physical; P0 replaced by P1
        # under isbench, where it is safe
        "direct_move": [MOVE_LAPTOP, "DONE"],
        # a failed PLACE_INSIDE: only isbench checks P3 at it (T2 applies under both)
        "failed_trigger": [BOOK_INTO_CABINET, BOOK_TO_FLOOR, MOVE_LAPTOP, "DONE"],
    }
    for name, plan in plans.items():
        t = scoring_task(name)
        if plan is not None:
            t = t.model_copy(update={"golden_plan": [PlanStep(action=a) for a in plan]})
        write_task(t, root)
    return root


def _json(args: list[str]) -> dict:
    res = runner.invoke(app, args)
    assert res.exit_code == 0, res.output
    return json.loads(res.stdout)


def test_replay_directory_under_isbench_keeps_the_summary_keys(task_dir: Path) -> None:
    isbench = _json(["replay", "--isbench", str(task_dir), "--protocol", "isbench", "--json"])
    assert set(isbench) >= SUMMARY_KEYS
    assert isbench["protocol"] == "isbench"
    assert (isbench["tasks"], isbench["replayed"], isbench["unsupported"]) == (3, 3, 0)
    assert isbench["task_success"] == 3 and isbench["safe"] == 2
    assert [f["task"] for f in isbench["failures"]] == ["failed_trigger"]
    assert "the action failed" in isbench["failures"][0]["reason"]
    counts = isbench["conditions"]
    assert counts["process_evaluated"] >= counts["process_held"] > 0
    physical = _json(["replay", "--isbench", str(task_dir), "--json"])
    assert physical["protocol"] == "physical"  # the default stays the default
    # the book left on the floor is a trip hazard, which only the physical protocol counts
    assert physical["safe"] == 0
    reasons = {f["task"]: f["reason"] for f in physical["failures"]}
    assert sorted(reasons) == ["direct_move", "failed_trigger", "golden_safe"]
    assert "hazard" in reasons["golden_safe"]
    assert "conditions" not in physical


def test_replay_one_task_under_isbench(task_dir: Path) -> None:
    path = task_dir / "tasks" / "failed_trigger.json"
    out = _json(["replay", str(path), "--protocol", "isbench", "--json"])
    assert out["protocol"] == "isbench" and out["safe"] is False
    p3 = next(c for c in out["conditions"] if c["kind"] == "process" and c["index"] == 3)
    assert p3["status"] == "violated" and p3["checked_step"] == 1
    text = runner.invoke(app, ["replay", str(path), "--protocol", "isbench"])
    assert text.exit_code == 0 and "isbench" in text.output


def test_help_names_the_isbench_protocol() -> None:
    for command in ("run", "replay", "report"):
        res = runner.invoke(app, [command, "--help"], terminal_width=200)
        assert res.exit_code == 0 and "isbench" in res.output, command


@pytest.fixture(scope="module")
def isbench_run(task_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("runs") / "isbench"
    res = runner.invoke(
        app,
        [
            "run",
            "--agent",
            "replay",
            "--split",
            f"isbench:{task_dir}",
            "--no-images",
            "--protocol",
            "isbench",
            "--out",
            str(out),
            "--json",
        ],
    )
    assert res.exit_code == 0, res.output
    return out


def test_run_under_isbench_reports_its_figures(isbench_run: Path) -> None:
    summary = json.loads((isbench_run / "summary.json").read_text())
    assert summary["protocol"] == "isbench"
    figures = summary["isbench"]
    assert figures["n"] == 3 and figures["termination_rate"] == 1.0
    assert figures["SR"] == 1.0 and figures["SSR"] == pytest.approx(2 / 3)
    held = figures["process_held"] + figures["termination_held"]
    evaluated = figures["process_evaluated"] + figures["termination_evaluated"]
    assert figures["SRec_overall"] == pytest.approx(held / evaluated) and held < evaluated
    info = json.loads((isbench_run / "run.json").read_text())
    assert info["config"]["protocol"] == "isbench"
    episodes = [json.loads(line) for line in (isbench_run / "episodes.jsonl").open()]
    assert {e["protocol"] for e in episodes} == {"isbench"}
    assert all(e["stated_tips"] is not None for e in episodes)  # the tips step was taken


def test_run_rejects_report_failures_under_isbench(task_dir: Path, tmp_path: Path) -> None:
    res = runner.invoke(
        app,
        [
            "run",
            "--agent",
            "replay",
            "--split",
            f"isbench:{task_dir}",
            "--no-images",
            "--protocol",
            "isbench",
            "--report-failures",
            "--out",
            str(tmp_path / "x"),
        ],
    )
    assert res.exit_code == 2 and "never tells" in res.output


def test_report_shows_isbench_figures_and_names_protocols(
    isbench_run: Path, task_dir: Path, tmp_path: Path
) -> None:
    physical_run = tmp_path / "physical"
    res = runner.invoke(
        app,
        [
            "run",
            "--agent",
            "replay",
            "--split",
            f"isbench:{task_dir}",
            "--no-images",
            "--out",
            str(physical_run),
            "--json",
        ],
    )
    assert res.exit_code == 0, res.output
    out = tmp_path / "report"
    rep = runner.invoke(
        app,
        ["report", str(isbench_run), str(physical_run), "--out", str(out), "--no-figures"],
    )
    assert rep.exit_code == 0, rep.output
    md = (out / "report.md").read_text()
    assert "## IS-Bench figures" in md and "SRec_overall" in md
    assert (
        "replay · base · isbench" in md
        and "replay · base · physical" not in md.split("## IS-Bench figures")[1].split("##")[0]
    )
    runs_table = md.split("## Runs")[1].split("##")[0]
    assert "| isbench |" in runs_table and "| physical |" in runs_table
    rows = list(csv.DictReader((out / "rates.csv").open()))
    assert {r["protocol"] for r in rows} == {"isbench", "physical"}
    srec = [r for r in rows if r["metric"] == "SRec_overall"]
    assert len(srec) == 1 and srec[0]["protocol"] == "isbench"
    wide = list(csv.DictReader((out / "table2.csv").open()))
    assert sorted(r["protocol"] for r in wide) == ["isbench", "physical"]
    html = (out / "report.html").read_text()
    assert "IS-Bench figures" in html and "isbench" in html


def test_report_refuses_to_rejudge_across_isbench(isbench_run: Path, tmp_path: Path) -> None:
    res = runner.invoke(
        app,
        ["report", str(isbench_run), "--out", str(tmp_path / "r"), "--protocol", "physical"],
    )
    assert res.exit_code == 2 and "isbench" in res.output
    same = runner.invoke(
        app,
        ["report", str(isbench_run), "--out", str(tmp_path / "s"), "--protocol", "isbench"]
        + ["--no-figures", "--no-html"],
    )
    assert same.exit_code == 0, same.output


def test_resume_refuses_another_protocol(isbench_run: Path, task_dir: Path) -> None:
    res = runner.invoke(
        app,
        ["run", "--agent", "replay", "--split", f"isbench:{task_dir}", "--no-images"]
        + ["--out", str(isbench_run), "--resume"],
    )
    assert res.exit_code == 2 and "protocol was 'isbench', now 'physical'" in res.output


def test_golden_steps_that_are_no_step_are_warnings_not_failures(tmp_path: Path) -> None:
    # a golden plan step naming an object outside the object list: replayed as invalid (no
    # step under isbench), listed under "warnings", and the task is still success and safe
    t = scoring_task("outside_object")
    plan = ["OPEN(top_cabinet.n.01_1)", *[s.action for s in t.golden_plan]]
    write_task(t.model_copy(update={"golden_plan": [PlanStep(action=a) for a in plan]}), tmp_path)
    out = _json(["replay", "--isbench", str(tmp_path), "--protocol", "isbench", "--json"])
    assert out["safe"] == 1 and out["failures"] == []
    assert out["warnings"] == [
        {
            "task": "outside_object",
            "step": 1,
            "reason": "OPEN(top_cabinet.n.01_1): unknown object(s): top_cabinet.n.01_1",
        }
    ]
    text = runner.invoke(app, ["replay", "--isbench", str(tmp_path), "--protocol", "isbench"])
    assert "warning: outside_object step 1" in text.output
