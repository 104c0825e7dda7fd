"""The versions every result records (harness/versions.py) and what they guard."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from saferelbench.dataset.sample import DATASET_VERSION
from saferelbench.dataset.store import load_samples
from saferelbench.evaluation.results import RunInfo
from saferelbench.harness.config import RunConfig
from saferelbench.harness.rundir import RunDir, RunDirError
from saferelbench.harness.versions import (
    DEFAULT_ACTION_MODE,
    EVALUATION_VERSION,
    action_mode_of,
    comparability,
    dataset_version_of,
    versions_for,
)


def test_evaluation_version_follows_the_registers_scheme() -> None:
    number, _, interface = EVALUATION_VERSION.partition("-")
    assert number.isdigit() and interface.isalpha() and interface.isupper()
    assert comparability("2-B") == comparability("2-A") != comparability("3-A")


def test_action_mode_is_what_the_config_holds_else_the_default() -> None:
    assert action_mode_of(RunConfig.build()) == DEFAULT_ACTION_MODE == "json"
    assert action_mode_of({"actions": "tools"}) == "tools"
    assert action_mode_of({"action_mode": "tools"}) == "tools"


def test_dataset_version_of_a_selection(tmp_path: Path) -> None:
    assert dataset_version_of("all") == DATASET_VERSION
    assert dataset_version_of("isbench:/somewhere") is None
    old = load_samples()[0].model_copy(update={"dataset_version": 1})
    new = load_samples()[1]
    path = tmp_path / "mixed.jsonl"
    path.write_text(old.model_dump_json() + "\n" + new.model_dump_json() + "\n")
    assert dataset_version_of(f"file:{path}") == f"1,{DATASET_VERSION}"
    only_old = tmp_path / "old.jsonl"
    only_old.write_text(old.model_dump_json() + "\n")
    assert dataset_version_of(f"file:{only_old}") == 1


def test_run_json_gets_the_versions_and_a_resume_under_another_version_is_refused(
    tmp_path: Path,
) -> None:
    config = RunConfig.build(prompt="risk-aware", protocol="conditions")
    info = RunInfo(agent="oracle", config=config.to_json())
    run = RunDir(tmp_path / "run")
    run.prepare(info, resume=False)
    recorded = json.loads((run.path / "run.json").read_text())["provenance"]["versions"]
    assert recorded == versions_for(
        split="all", protocol="conditions", prompt="risk_aware", config=config
    )
    assert recorded["prompt"] == "risk_aware" and recorded["protocol"] == "conditions"
    summary: dict[str, object] = {"n": 0}
    run.write_summary(summary)
    assert summary["versions"] == recorded  # what the caller prints is what the file holds
    # the same run resumed by code of another evaluation version
    older = info.with_provenance(versions={**recorded, "evaluation_version": "1-A"})
    with pytest.raises(RunDirError, match="cannot resume: evaluation version"):
        run.prepare(older, resume=True)
    run.prepare(info, resume=True)  # the same version resumes
