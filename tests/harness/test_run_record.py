"""run.json records the run configuration once, with the provenance; older run.json files (the
options as RunInfo fields and loose ``extra`` keys, the configuration again in
``extra.config``) are still read by resume, reports and verify."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.evaluation.results import RunInfo
from saferelbench.harness.config import RunConfig
from saferelbench.harness.rundir import RunDir


def invoke(*args: Any) -> Any:
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.fixture(scope="module")
def oracle_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("record") / "run"
    r = invoke(
        "run", "--agent", "oracle", "--split", "spatial", "--limit", "3", "--no-images",
        "--prompt", "risk-aware", "--out", out,
    )  # fmt: skip
    assert r.exit_code == 0, r.output
    return out


def older_shape(info: dict[str, Any], *, with_config: bool) -> dict[str, Any]:
    """run.json as the releases before the one-record shape wrote it."""
    config = info["config"]
    extra = {
        "step_limit": config["step_limit"],
        "protocol": config["protocol"],
        "max_invalid": config["max_invalid"],
        "report_failures": config["prompt"]["report_failures"],
        "scene_text": config["prompt"]["scene_text"],
        "actions": config["actions"],
        "image_history": config["image_history"],
        **info["extra"],
        "runner": info["runner"],
        **({"config": config} if with_config else {}),
    }
    return {
        "agent": info["agent"],
        "prompt": config["prompt"]["variant"],
        "seed": config["seed"],
        "split": config["split"],
        "relation": config["relation"],
        "risk": config["risk"],
        "limit": config["limit"],
        "images": config["images"],
        "started": info["provenance"]["started"],
        "saferelbench_version": info["provenance"]["saferelbench_version"],
        "versions": info["provenance"]["versions"],
        "extra": extra,
    }


def test_run_json_holds_the_configuration_once_and_the_provenance(oracle_run: Path) -> None:
    info = json.loads((oracle_run / "run.json").read_text())
    assert set(info) == {"agent", "runner", "config", "provenance", "extra"}
    assert (info["agent"], info["runner"]) == ("oracle", "native")
    config = RunConfig.from_json(info["config"])
    assert config == RunConfig.build(
        split="spatial", limit=3, images=False, prompt="risk-aware", judge="auto"
    )
    assert info["extra"] == {"judge": "keyword"}  # only what the runner adds
    provenance = info["provenance"]
    assert provenance["started"] and provenance["python"] and provenance["platform"]
    assert provenance["versions"]["prompt"] == "risk_aware"
    assert "pydantic" in provenance["packages"]
    text = json.dumps(info)
    assert text.count('"risk_aware"') == 2  # the configuration and the versions record
    assert text.count('"image_history"') == 1


@pytest.mark.parametrize("with_config", [True, False], ids=["extra.config", "fields only"])
def test_an_older_run_json_reads_as_the_same_run(oracle_run: Path, with_config: bool) -> None:
    new = json.loads((oracle_run / "run.json").read_text())
    old = RunInfo.model_validate(older_shape(new, with_config=with_config))
    now = RunInfo.model_validate(new)
    for key in ("agent", "prompt", "seed", "split", "limit", "images", "protocol", "started"):
        assert getattr(old, key) == getattr(now, key), key
    assert old.versions == now.versions and old.runner == "native"
    assert old.setting("image_history") == 1 and old.setting("actions") == "json"
    assert "config" not in old.extra and "protocol" not in old.extra
    assert old.extra["judge"] == "keyword"
    if with_config:
        assert RunConfig.from_json(old.config) == RunConfig.from_json(now.config)


@pytest.mark.parametrize("with_config", [True, False], ids=["extra.config", "fields only"])
def test_verify_report_and_resume_read_an_older_run(
    oracle_run: Path, tmp_path: Path, with_config: bool
) -> None:
    import shutil

    run = tmp_path / "old"
    shutil.copytree(oracle_run, run)
    new = json.loads((run / "run.json").read_text())
    (run / "run.json").write_text(json.dumps(older_shape(new, with_config=with_config)))
    checked = invoke("verify", run)
    assert checked.exit_code == 0, checked.output
    reported = invoke("report", run, "--out", tmp_path / "rep", "--no-figures", "--no-html")
    assert reported.exit_code == 0, reported.output
    resumed = invoke(
        "run", "--agent", "oracle", "--split", "spatial", "--limit", "3", "--no-images",
        "--prompt", "risk_aware", "--out", run, "--resume",
    )  # fmt: skip
    assert resumed.exit_code == 0, resumed.output
    assert len(RunDir(run).read_episodes()) == 3
    refused = invoke(
        "run", "--agent", "oracle", "--split", "spatial", "--limit", "3", "--no-images",
        "--out", run, "--resume",
    )  # fmt: skip
    assert refused.exit_code == 2 and "cannot resume" in refused.output


def flat_record(record: dict[str, Any]) -> dict[str, Any]:
    """An episode record in the flat form of schema version 1."""
    verdict = record.pop("verdict")
    ok = record["error"] is None
    record.update(
        schema_version=1,
        task_success=verdict["task_success"] and ok,
        safe=verdict["safe"],
        success_and_safe=verdict["task_success"] and verdict["safe"] and ok,
        hazards=verdict["hazards"],
        verdicts=verdict["conditions"],
        conditions_safe=verdict["conditions_safe"],
        decided_by=verdict["decided_by"],
        disagreements=verdict["disagreements"],
    )
    detail = record.pop("awareness_detail")
    record["awareness_detail"] = [
        {"judge": detail["judge"], **tip} for tip in (detail["tips"] if detail else [])
    ]
    return record


def test_episodes_recorded_before_typed_hazards_still_verify(tmp_path: Path) -> None:
    """Older episodes.jsonl (the verdict's values flat, hazards without ``annotated``, the
    awareness detail a list) read, and verify passes."""
    from saferelbench.harness.sources import select_tasks

    ids = ",".join(t.id for t in select_tasks(split="all")[::50])
    out = tmp_path / "random"
    r = invoke("run", "--agent", "random", "--ids", ids, "--no-images", "--out", out)
    assert r.exit_code == 0, r.output
    lines = (out / "episodes.jsonl").read_text().splitlines()
    older = []
    for line in lines:
        record = flat_record(json.loads(line))
        for hazard in record["hazards"]:
            hazard.pop("annotated")
        older.append(json.dumps(record))
    assert sum(len(json.loads(x)["hazards"]) for x in older) > 0
    (out / "episodes.jsonl").write_text("\n".join(older) + "\n")
    episodes = RunDir(out).read_episodes()
    assert all(not h.annotated for e in episodes for h in e.hazards)
    assert all(h.rule for e in episodes for s in e.steps for h in s.hazards)
    checked = invoke("verify", out)
    assert checked.exit_code == 0, checked.output
