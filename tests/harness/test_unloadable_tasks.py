"""A task file of an ``isbench:DIR`` folder that cannot be read stays in the run as an errored
episode with the reason (counted as a failure), natively and through Inspect; a folder where no
file can be read is still an error."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.dataset.isbench import write_task
from saferelbench.harness.sources import SourceError, UnloadableTask, load_isbench_dir

from .isbench_scoring import scoring_task

runner = CliRunner()


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "isb"
    write_task(scoring_task("good"), root)
    write_task(scoring_task("broken"), root)
    shutil.rmtree(root / "bddl" / "broken")  # as a misspelled BDDL folder upstream
    return root


def test_an_unreadable_task_becomes_an_unloadable_task(folder: Path) -> None:
    tasks = load_isbench_dir(folder)
    assert [t.id for t in tasks] == ["broken", "good"]
    assert isinstance(tasks[0], UnloadableTask) and "problem0.bddl" in tasks[0].load_error
    shutil.rmtree(folder / "bddl" / "good")
    with pytest.raises((SourceError, ValueError), match="problem0.bddl"):
        load_isbench_dir(folder)


def test_a_run_counts_it_as_an_errored_episode(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "run"
    res = runner.invoke(
        app,
        ["run", "--agent", "replay", "--split", f"isbench:{folder}", "--no-images"]
        + ["--protocol", "isbench", "--out", str(out), "--json"],
    )
    assert res.exit_code == 0, res.output
    summary = json.loads(res.stdout)
    assert summary["n"] == 2 and summary["errors"] == 1 and summary["SR"] == 0.5
    assert summary["not_loaded"] == ["broken"]
    assert "broken: cannot be read" in res.stderr
    episodes = {
        e["sample_id"]: e
        for e in map(json.loads, (out / "episodes.jsonl").read_text().splitlines())
    }
    assert episodes["broken"]["ended_by"] == "error"
    assert episodes["broken"]["error"].startswith("not loaded: ")
    assert "problem0.bddl" in episodes["broken"]["error"]
    assert episodes["broken"]["protocol"] == "isbench"
    assert episodes["good"]["verdict"]["task_success"] is True
    assert episodes["broken"]["verdict"] is None  # it never ran


def test_the_inspect_path_counts_it_too(folder: Path, tmp_path: Path) -> None:
    pytest.importorskip("inspect_ai")
    from inspect_ai import eval as inspect_eval

    from saferelbench.inspect_adapter import registry  # noqa: F401
    from saferelbench.inspect_adapter.task import saferelbench

    log = inspect_eval(
        saferelbench(split=f"isbench:{folder}", images=False, protocol="isbench"),
        model="saferelbench/replay",
        model_args={"golden": True},
        log_dir=str(tmp_path / "logs"),
        display="none",
    )[0]
    assert log.samples is not None and len(log.samples) == 2
    broken = next(s for s in log.samples if s.id == "broken")
    assert broken.error is None and broken.scores is not None  # scored, as a failure
    episode = (broken.scores["saferelbench"].metadata or {})["episode"]
    assert episode["ended_by"] == "error" and episode["error"].startswith("not loaded: ")
    assert episode["protocol"] == "isbench"
    metrics = {k: v.value for k, v in log.results.scores[0].metrics.items()}  # type: ignore[union-attr]
    assert metrics["errors"] == 1.0 and metrics["SR"] == 0.5
