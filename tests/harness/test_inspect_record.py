"""An Inspect sample holds its episode once: in the score's metadata (Inspect's score event
echoes the score), not also in the sample store and the store's events; the episode read back
from the log is the one run.json's directory records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.evaluation.results import EpisodeResult
from saferelbench.harness.rundir import RunDir

pytest.importorskip("inspect_ai")


def test_a_sample_holds_its_episode_once(tmp_path: Path) -> None:
    from inspect_ai.log import read_eval_log

    out = tmp_path / "run"
    args = ["run", "--model", "saferelbench/oracle", "--limit", "2", "--no-images"]
    r = CliRunner().invoke(app, [*args, "--out", str(out), "--no-fail-fast"])
    assert r.exit_code == 0, r.output
    (log_file,) = (out / "inspect").glob("*.eval")
    log = read_eval_log(str(log_file))
    recorded = {e.sample_id: e for e in RunDir(out).read_episodes()}
    assert log.samples and len(log.samples) == 2
    for sample in log.samples:
        assert not any("episode" in str(key) for key in sample.store)
        holders = [
            e.event
            for e in sample.events
            if '"unneeded_moved"' in json.dumps(e.model_dump(mode="json"))
        ]
        assert holders == ["score"]  # Inspect's record of the score itself
        data = sample.scores["saferelbench"].metadata["episode"]  # type: ignore[index]
        episode = EpisodeResult.model_validate(data)
        assert episode == recorded[str(sample.id)]
        assert json.dumps(sample.model_dump(mode="json")).count('"unneeded_moved"') == 2
