"""``saferelbench verify``: a recorded run is replayed in the simulator; it passes only when every
step, verdict and metric matches, and a tampered record is named by episode and field."""

from __future__ import annotations

import json
import shutil
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from saferelbench.agents.registry import agent_names
from saferelbench.cli.main import app
from saferelbench.dataset.store import load_samples
from saferelbench.harness.versions import EVALUATION_VERSION, VERSION_KEYS
from saferelbench.reports.verify import verify_paths
from saferelbench.testing.fake_server import FakeOpenAIServer, Reply
from tests.harness.scripted_models import PlanPlayer


def _ids() -> list[str]:
    """Two pairs (a spatial sample and its control) of two relations, derived from the data."""
    spatial = load_samples(split="spatial")
    controls = {s.pair_id: s.id for s in load_samples(split="control")}
    picked: list[str] = []
    for relation in ("supporting", "proximity"):
        first = next(s for s in spatial if s.relation == relation)
        picked += [first.id, controls[first.pair_id]]
    return picked


IDS = _ids()


def invoke(*args: Any) -> Any:
    return CliRunner().invoke(app, [str(a) for a in args], catch_exceptions=False)


def native_run(out: Path, agent: str, *extra: Any) -> Path:
    r = invoke("run", "--agent", agent, "--ids", ",".join(IDS), "--no-images", "--out", out, *extra)
    assert r.exit_code == 0, r.output
    return out


def verify_json(path: Path) -> tuple[int, dict[str, Any]]:
    r = invoke("verify", path, "--json")
    return r.exit_code, json.loads(r.stdout)


@pytest.fixture(scope="module")
def oracle_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return native_run(tmp_path_factory.mktemp("oracle") / "run", "oracle")


@pytest.fixture(scope="module")
def random_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return native_run(tmp_path_factory.mktemp("random") / "run", "random", "--seed", 3)


# ----- it passes ------------------------------------------------------------------------------
@pytest.mark.parametrize("agent", agent_names())
def test_verify_passes_on_every_builtin_agent(agent: str, tmp_path: Path) -> None:
    run = native_run(tmp_path / agent, agent)
    code, out = verify_json(run)
    assert code == 0, out
    (checked,) = out["runs"]
    assert checked["ok"] and checked["episodes"] == len(IDS) and checked["findings"] == []
    assert checked["versions"]["evaluation_version"] == EVALUATION_VERSION
    # the replay's metrics are the run's own
    summary = json.loads((run / "summary.json").read_text())
    for key in ("n", "SR", "SSR", "SRec"):
        assert checked["metrics"][key] == summary[key]


def test_every_result_file_records_the_versions(oracle_run: Path) -> None:
    recorded = json.loads((oracle_run / "run.json").read_text())["provenance"]["versions"]
    for versions in (recorded, json.loads((oracle_run / "summary.json").read_text())["versions"]):
        assert tuple(versions) == VERSION_KEYS
        assert versions["evaluation_version"] == EVALUATION_VERSION
        assert versions["dataset_version"] == 3 and versions["protocol"] == "physical"
        assert versions["prompt"] == "base" and versions["action_mode"] == "json"


def test_verify_passes_on_a_resumed_run(tmp_path: Path) -> None:
    run = tmp_path / "resumed"
    first = invoke(
        "run", "--agent", "random", "--ids", ",".join(IDS[:2]), "--no-images", "--out", run
    )
    assert first.exit_code == 0, first.output
    native_run(run, "random", "--resume")
    assert len((run / "episodes.jsonl").read_text().splitlines()) == len(IDS)
    code, out = verify_json(run)
    assert code == 0, out


# ----- it fails, naming the episode and the field --------------------------------------------
def tampered(source: Path, dest: Path, change: Any) -> Path:
    shutil.copytree(source, dest)
    lines = [json.loads(line) for line in (dest / "episodes.jsonl").read_text().splitlines()]
    change(lines, dest)
    (dest / "episodes.jsonl").write_text("".join(json.dumps(e) + "\n" for e in lines))
    return dest


def findings_of(run: Path) -> list[dict[str, Any]]:
    code, out = verify_json(run)
    assert code == 1, out
    assert out["ok"] is False
    return [f for checked in out["runs"] for f in checked["findings"]]


def test_a_flipped_safe_flag_is_named(oracle_run: Path, tmp_path: Path) -> None:
    def flip(lines: list[dict[str, Any]], _: Path) -> None:
        lines[1]["verdict"]["safe"] = not lines[1]["verdict"]["safe"]

    found = findings_of(tampered(oracle_run, tmp_path / "t", flip))
    assert [(f["sample_id"], f["field"]) for f in found] == [(IDS[1], "safe")]


def test_a_removed_step_is_named(random_run: Path, tmp_path: Path) -> None:
    lines = [json.loads(line) for line in (random_run / "episodes.jsonl").read_text().splitlines()]
    victim = max(range(len(lines)), key=lambda i: len(lines[i]["steps"]))
    assert len(lines[victim]["steps"]) >= 3

    def drop(found: list[dict[str, Any]], _: Path) -> None:
        found[victim]["steps"].pop(1)

    found = findings_of(tampered(random_run, tmp_path / "t", drop))
    sid = lines[victim]["sample_id"]
    assert found[0]["sample_id"] == sid and found[0]["field"] == "steps[2].index"
    assert {f["sample_id"] for f in found} <= {sid, None}


def test_a_removed_last_step_is_a_truncated_record(oracle_run: Path, tmp_path: Path) -> None:
    def cut(lines: list[dict[str, Any]], _: Path) -> None:
        lines[0]["steps"].pop()

    found = findings_of(tampered(oracle_run, tmp_path / "t", cut))
    assert (found[0]["sample_id"], found[0]["field"]) == (IDS[0], "ended_by")
    assert "truncated" in found[0]["note"]


def test_a_changed_action_is_named(oracle_run: Path, tmp_path: Path) -> None:
    def change(lines: list[dict[str, Any]], _: Path) -> None:
        step = lines[2]["steps"][0]
        step["action"] = lines[2]["steps"][1]["action"]  # what the record says was done

    found = findings_of(tampered(oracle_run, tmp_path / "t", change))
    assert (found[0]["sample_id"], found[0]["field"]) == (IDS[2], "steps[1].action")


def test_a_changed_answer_and_action_change_the_replay(oracle_run: Path, tmp_path: Path) -> None:
    """The answer text and the action both edited, consistently: the replay of the new action
    (the plan's last step played first) no longer matches what the record says came of it."""

    def change(lines: list[dict[str, Any]], _: Path) -> None:
        steps = lines[0]["steps"]
        action = steps[-2]["action"]
        steps[0]["action"] = action
        steps[0]["raw_output"] = json.dumps({"action": action, "caution": None})

    found = findings_of(tampered(oracle_run, tmp_path / "t", change))
    assert found[0]["sample_id"] == IDS[0]
    assert found[0]["field"].startswith("steps[1].")


def test_another_dataset_version_is_named(oracle_run: Path, tmp_path: Path) -> None:
    def version(_: list[dict[str, Any]], dest: Path) -> None:
        info = json.loads((dest / "run.json").read_text())
        info["provenance"]["versions"]["dataset_version"] = 1
        (dest / "run.json").write_text(json.dumps(info))

    found = findings_of(tampered(oracle_run, tmp_path / "t", version))
    assert [(f["sample_id"], f["field"]) for f in found] == [(None, "dataset_version")]
    r = invoke("verify", tmp_path / "t")
    assert "dataset_version" in r.output and "recorded 1" in r.output


def test_another_evaluation_version_is_named(oracle_run: Path, tmp_path: Path) -> None:
    def version(_: list[dict[str, Any]], dest: Path) -> None:
        info = json.loads((dest / "run.json").read_text())
        info["provenance"]["versions"]["evaluation_version"] = "1-A"
        (dest / "run.json").write_text(json.dumps(info))

    found = findings_of(tampered(oracle_run, tmp_path / "t", version))
    assert [(f["sample_id"], f["field"]) for f in found] == [(None, "evaluation_version")]


def test_an_edited_summary_is_named(oracle_run: Path, tmp_path: Path) -> None:
    def summary(_: list[dict[str, Any]], dest: Path) -> None:
        data = json.loads((dest / "summary.json").read_text())
        data["SSR"] = 0.99
        (dest / "summary.json").write_text(json.dumps(data))

    found = findings_of(tampered(oracle_run, tmp_path / "t", summary))
    assert [(f["sample_id"], f["field"]) for f in found] == [(None, "summary.SSR")]


def test_an_episode_of_another_dataset_is_named(oracle_run: Path, tmp_path: Path) -> None:
    def rename(lines: list[dict[str, Any]], _: Path) -> None:
        lines[0]["sample_id"] = "sup-no-such-sample"

    found = findings_of(tampered(oracle_run, tmp_path / "t", rename))
    assert ("sup-no-such-sample", "sample_id") in [(f["sample_id"], f["field"]) for f in found]


# ----- results export -------------------------------------------------------------------------
def test_hf_results_of_a_verified_run(oracle_run: Path, tmp_path: Path) -> None:
    target = tmp_path / ".eval_results" / "saferelbench.yaml"
    r = invoke("verify", oracle_run, "--hf-results", target, "--dataset-id", "me/saferelbench")
    assert r.exit_code == 0, r.output
    entries = yaml.safe_load(target.read_text())
    summary = json.loads((oracle_run / "summary.json").read_text())
    by_task = {e["dataset"]["task_id"]: e for e in entries}
    assert by_task["ssr_all"]["value"] == pytest.approx(summary["SSR"])
    assert by_task["sr_spatial"]["value"] == pytest.approx(summary["by_split"]["spatial"]["SR"])
    for entry in entries:
        assert entry["dataset"]["id"] == "me/saferelbench"
        assert f"evaluation version {EVALUATION_VERSION}" in entry["notes"]
        assert entry["source"]["url"].startswith("file://")


def test_hf_results_are_refused_for_a_run_that_differs(oracle_run: Path, tmp_path: Path) -> None:
    def flip(lines: list[dict[str, Any]], _: Path) -> None:
        verdict = lines[0]["verdict"]
        verdict["task_success"] = not verdict["task_success"]

    run = tampered(oracle_run, tmp_path / "t", flip)
    target = tmp_path / "out.yaml"
    r = invoke("verify", run, "--hf-results", target)
    assert r.exit_code == 2 and not target.exists()
    assert "only a verified run is exported" in r.output


# ----- model runs: Inspect logs, workers -----------------------------------------------------
def golden_player() -> Any:
    plans = {s.instruction: [p.action for p in s.golden_plan] for s in load_samples()}
    play = PlanPlayer(defaultdict(lambda: plans), caution="Mind what stands nearby.")
    return lambda body: Reply(text=play(body))


@pytest.mark.slow
def test_verify_passes_on_a_workers_run_and_its_inspect_logs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LOCAL_API_KEY", "sk-verify-secret-0123456789")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("INSPECT_CACHE_DIR", str(tmp_path / "cache"))
    run = tmp_path / "model"
    with FakeOpenAIServer(golden_player()) as server:
        monkeypatch.setenv("LOCAL_BASE_URL", server.base_url)
        r = invoke(
            "run",
            "--model",
            "openai-api/local/verify-workers",
            "--ids",
            ",".join(IDS),
            "--no-images",
            "--workers",
            "2",
            "--no-fail-fast",  # one log per worker (failing fast runs the first samples apart)
            "--out",
            run,
            "--json",
        )
        assert r.exit_code == 0, r.output
    code, out = verify_json(run)
    assert code == 0, out
    assert out["runs"][0]["metrics"]["SR"] == 1.0  # the golden plans were played
    logs = sorted((run / "inspect").glob("*.eval"))
    assert len(logs) == 2
    for log in logs:  # each worker's log on its own: its episodes replay as recorded
        (checked,) = verify_paths([log])
        assert checked.kind == "inspect" and checked.ok, [f.line() for f in checked.findings]
        assert checked.versions["evaluation_version"] == EVALUATION_VERSION
    (pooled,) = verify_paths([run / "inspect"])  # the two logs are one run
    assert pooled.ok and pooled.episodes == len(IDS)


@pytest.mark.slow
def test_an_inspect_log_records_the_versions_and_a_tampered_one_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from inspect_ai.log import read_eval_log, write_eval_log

    monkeypatch.setenv("LOCAL_API_KEY", "sk-verify-secret-0123456789")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("INSPECT_CACHE_DIR", str(tmp_path / "cache"))
    run = tmp_path / "model"
    with FakeOpenAIServer(golden_player()) as server:
        monkeypatch.setenv("LOCAL_BASE_URL", server.base_url)
        r = invoke(
            "run",
            "--model",
            "openai-api/local/verify-log",
            "--ids",
            ",".join(IDS[:2]),
            "--no-images",
            "--out",
            run,
            "--json",
        )
        assert r.exit_code == 0, r.output
    (log_path,) = (run / "inspect").glob("*.eval")
    log = read_eval_log(str(log_path))
    assert log.eval.task_version == EVALUATION_VERSION
    assert log.eval.metadata is not None and log.samples
    versions = log.eval.metadata["saferelbench"]["versions"]
    assert tuple(versions) == VERSION_KEYS and versions["evaluation_version"] == EVALUATION_VERSION
    code, out = verify_json(log_path)
    assert code == 0, out
    assert not any("no recorded summary" in n for n in out["runs"][0]["notes"])  # SR, SSR checked
    # one safe flag flipped inside the log's stored episode
    sample = log.samples[0]
    assert sample.scores is not None
    stored = sample.scores["saferelbench"].metadata
    assert stored is not None
    verdict = stored["episode"]["verdict"]
    verdict["safe"] = not verdict["safe"]
    tampered_log = tmp_path / "tampered.eval"
    write_eval_log(log, str(tampered_log))
    found = findings_of(tampered_log)
    assert (str(sample.id), "safe") in [(f["sample_id"], f["field"]) for f in found]


def test_steps_after_the_end_are_named(oracle_run: Path, tmp_path: Path) -> None:
    def extra(lines: list[dict[str, Any]], _: Path) -> None:
        steps = lines[3]["steps"]
        steps.append({**steps[-1], "index": steps[-1]["index"] + 1})

    found = findings_of(tampered(oracle_run, tmp_path / "t", extra))
    assert (found[0]["sample_id"], found[0]["field"]) == (IDS[3], "steps")
    assert "after the end" in found[0]["note"]


def test_the_plain_output_names_episode_and_field(oracle_run: Path, tmp_path: Path) -> None:
    def flip(lines: list[dict[str, Any]], _: Path) -> None:
        lines[2]["verdict"]["safe"] = not lines[2]["verdict"]["safe"]

    run = tampered(oracle_run, tmp_path / "t", flip)
    r = invoke("verify", oracle_run, run)
    assert r.exit_code == 1
    assert f"verified {oracle_run}" in r.output.replace("\n", " ")
    assert f"episode {IDS[2]}: field 'safe'" in r.output
    missing = invoke("verify", tmp_path / "nowhere")
    assert missing.exit_code == 2 and "no such file or directory" in missing.output
