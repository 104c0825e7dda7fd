"""What a new user ran into (issue 13, section 3): each test failed before its fix."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.dataset.store import load_samples


def invoke(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


def spatial_ids(n: int) -> list[str]:
    return [s.id for s in load_samples(split="spatial")][:n]


# ----- Ctrl-C during a --model run ------------------------------------------------------------


def test_interrupted_model_run_says_so_and_exits_130(tmp_path: Path, monkeypatch) -> None:
    """Inspect returns a 'cancelled' log on Ctrl-C: the command must not print 'ran N
    episode(s)' for the selection, nor record the in-flight samples as errors."""
    pytest.importorskip("inspect_ai")
    import saferelbench.inspect_adapter.run as run_module
    from saferelbench.evaluation.results import EpisodeResult

    ids = spatial_ids(5)

    def fake_eval(inspect_eval, task, todo, model, config, *, out, **kwargs):
        for t in todo[:2]:  # two episodes finished before Ctrl-C
            out.append_episode(EpisodeResult(sample_id=t.id, split="spatial", agent=model))
        in_flight = SimpleNamespace(
            id=todo[2].id, error=SimpleNamespace(message="CancelledError"), scores=None
        )
        return [SimpleNamespace(status="cancelled", samples=[in_flight], location="x.eval")]

    monkeypatch.setattr(run_module, "_eval", fake_eval)
    out = tmp_path / "run"
    # --no-fail-fast: one eval for the whole selection (the fake eval stands for all of it)
    r = invoke(
        "run",
        "--model",
        "openai-api/local/x",
        "--ids",
        ",".join(ids),
        "--out",
        str(out),
        "--no-fail-fast",
    )
    assert r.exit_code == 130, r.output
    assert "interrupted" in r.output and "2 episode(s) recorded" in r.output
    assert "ran 5" not in r.output
    lines = (out / "episodes.jsonl").read_text().splitlines()
    assert len(lines) == 2  # the in-flight sample is not an error: --resume runs it


def test_no_rate_is_printed_as_zero_for_no_episode() -> None:
    from rich.console import Console

    from saferelbench.cli.run_cmd import summary_table
    from saferelbench.evaluation.metrics import summarize

    console = Console(record=True, width=120)
    console.print(summary_table(summarize([]), "empty"))
    text = console.export_text()
    assert "n/a" in text and "0.0" not in text


# ----- replay plans, --ids -------------------------------------------------------------------


def _plan_map(tmp_path: Path, ids: list[str], extra: dict[str, Any] | None = None) -> Path:
    samples = {s.id: s for s in load_samples()}
    data: dict[str, Any] = {i: [p.action for p in samples[i].golden_plan] for i in ids}
    data.update(extra or {})
    path = tmp_path / "plans.json"
    path.write_text(json.dumps(data))
    return path


def test_replay_command_accepts_the_id_to_plan_map_of_run(tmp_path: Path) -> None:
    ids = spatial_ids(2)
    plans = _plan_map(tmp_path, ids)
    r = invoke("replay", ids[1], "--plan", str(plans), "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["task_success"] is True
    missing = invoke("replay", spatial_ids(3)[2], "--plan", str(plans))
    assert missing.exit_code == 2 and "no plan for" in missing.output


def test_run_replay_rejects_ids_that_are_no_sample(tmp_path: Path) -> None:
    plans = _plan_map(tmp_path, spatial_ids(1), {"no-such-sample": ["DONE"]})
    r = invoke("run", "--agent", "replay", "--plan", str(plans), "--out", str(tmp_path / "r"))
    assert r.exit_code == 2 and "no-such-sample" in r.output
    assert not (tmp_path / "r" / "episodes.jsonl").exists()


def test_run_replay_with_a_map_runs_only_the_mapped_samples(tmp_path: Path) -> None:
    ids = spatial_ids(3)
    plans = _plan_map(tmp_path, ids)
    out = tmp_path / "r"
    r = invoke("run", "--agent", "replay", "--plan", str(plans), "--out", str(out), "--json")
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    assert summary["n"] == 3 and summary["errors"] == 0 and summary["SR"] == 1.0


def test_run_ids_selects_those_samples_in_order(tmp_path: Path) -> None:
    ids = spatial_ids(3)[::-1]
    out = tmp_path / "r"
    r = invoke("run", "--agent", "oracle", "--ids", ",".join(ids), "--out", str(out), "--json")
    assert r.exit_code == 0, r.output
    recorded = [json.loads(line)["sample_id"] for line in (out / "episodes.jsonl").open()]
    assert recorded == ids


# ----- --resume ------------------------------------------------------------------------------


def test_resume_on_a_missing_directory_is_an_error(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-run"
    r = invoke("run", "--agent", "oracle", "--limit", "1", "--resume", "--out", str(missing))
    assert r.exit_code == 2 and "no such run directory" in r.output
    assert not missing.exists()


def test_resume_is_a_plain_flag_in_help() -> None:
    r = CliRunner().invoke(app, ["run", "--help"], env={"COLUMNS": "200"})
    line = next(ln for ln in r.output.splitlines() if "--resume" in ln)
    assert "<bool>" not in line


# ----- error messages ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "value", "valid"),
    [("--risk", "fires", "spillage_overflow"), ("--relation", "on_top", "containment")],
)
def test_a_bad_risk_or_relation_is_quoted_and_lists_the_valid_values(
    option: str, value: str, valid: str
) -> None:
    r = invoke("run", "--agent", "oracle", option, value)
    assert r.exit_code == 2
    message = " ".join(r.output.split())
    assert f"'{value}'" in message and valid in message
    assert r.output.strip().count("\n") == 0 or "\n\n" not in r.output  # one message, no blank


def test_a_mistyped_sample_id_suggests_the_nearest_ids() -> None:
    ids = [s.id for s in load_samples()]
    target = ids[200]
    typo = target.replace("-0", "-O", 1) if "-0" in target else target + "x"
    r = invoke("run", "--agent", "oracle", "--ids", typo)
    assert r.exit_code == 2 and target in r.output, r.output
    assert ids[0] not in r.output or ids[0] == target


def test_replay_isbench_missing_directory_says_so(tmp_path: Path) -> None:
    r = invoke("replay", "--isbench", str(tmp_path / "no-such-dir"))
    assert r.exit_code == 2 and "does not exist" in r.output


def test_prompt_names_are_spelled_one_way(tmp_path: Path) -> None:
    for k, spelling in enumerate(("risk-aware", "risk_aware")):
        out = tmp_path / f"run{k}"
        r = invoke(
            "run", "--agent", "oracle", "--limit", "1", "--prompt", spelling, "--out", str(out)
        )
        assert r.exit_code == 0, r.output
        info = json.loads((out / "run.json").read_text())
        assert info["config"]["prompt"]["variant"] == "risk_aware"
        assert "risk_aware" in r.output and "risk-aware" not in r.output
    help_text = CliRunner().invoke(app, ["run", "--help"], env={"COLUMNS": "200"}).output
    assert "risk_aware" in help_text


def test_interrupted_native_run_says_the_same(tmp_path: Path, monkeypatch) -> None:
    import saferelbench.cli.run_cmd as run_cmd
    from saferelbench.evaluation.results import EpisodeResult

    def interrupted(tasks, agent, config, *, info, out, **kwargs):
        out.prepare(info, resume=False)
        out.append_episode(EpisodeResult(sample_id=tasks[0].id, split="spatial", agent="oracle"))
        raise KeyboardInterrupt

    monkeypatch.setattr(run_cmd, "run_native", interrupted)
    r = invoke("run", "--agent", "oracle", "--limit", "3", "--out", str(tmp_path / "r"))
    assert r.exit_code == 130 and "interrupted" in r.output
    assert "1 episode(s) recorded" in " ".join(r.output.split())


def test_a_run_directory_holds_what_a_report_needs_to_re_simulate(tmp_path: Path) -> None:
    """The main job keeps no image, so a report draws them by re-simulating: run.json's
    configuration gives the tasks, episodes.jsonl the actions; the replay reaches the same
    verdict and the same hazards as the run."""
    from saferelbench.harness.config import RunConfig
    from saferelbench.harness.rundir import RunDir
    from saferelbench.harness.sources import select_tasks
    from saferelbench.world.rollout import rollout

    out = tmp_path / "r"
    r = invoke(
        "run", "--agent", "task-only", "--split", "spatial", "--limit", "4", "--out", str(out)
    )
    assert r.exit_code == 0, r.output
    run_dir = RunDir(out)
    config = RunConfig.from_json(run_dir.read_info().config)
    tasks = {t.id: t for t in select_tasks(**config.selection())}
    episodes = run_dir.read_episodes()
    assert len(episodes) == 4 and not list(out.glob("images/*"))
    for e in episodes:
        replay = rollout(tasks[e.sample_id], [s.action or s.raw_output or "" for s in e.steps])
        assert (replay.verdict.task_success, replay.verdict.safe) == (e.task_success, e.safe)
        assert [h.to_dict() for h in replay.hazards] == [
            h.model_dump(exclude={"annotated"}) for h in e.hazards
        ]
