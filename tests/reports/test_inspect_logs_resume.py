"""`report RUN/inspect` after an interrupted and resumed `run --model`: the two `.eval` logs
are one run, and the samples the interruption cut off are not errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from saferelbench.evaluation.results import EpisodeResult, Verdict
from saferelbench.reports.loading import load_runs

pytest.importorskip("inspect_ai")

IDS = [f"s{i}" for i in range(1, 6)]


def _episode(sid: str) -> EpisodeResult:
    return EpisodeResult(
        sample_id=sid,
        split="spatial",
        relation="supporting",
        risk="fire",
        agent="openai/gpt-4o",
        verdict=Verdict(task_success=True, goal_reached=True, safe=True),
    )


def _write(
    path: Path,
    *,
    created: str,
    status: str,
    ids: list[str],
    scored: list[str],
    cancelled: list[str],
    record_dir: str,
) -> None:
    from inspect_ai.log import (
        EvalConfig,
        EvalDataset,
        EvalError,
        EvalLog,
        EvalSample,
        EvalSpec,
        write_eval_log,
    )
    from inspect_ai.scorer import Score

    meta = {"split": "spatial", "relation": "supporting", "risk": "fire", "pair_id": None}
    samples = [
        EvalSample(
            id=sid,
            epoch=1,
            input="i",
            target="t",
            metadata=meta,
            scores={
                "saferelbench": Score(
                    value=1.0, metadata={"episode": _episode(sid).model_dump(mode="json")}
                )
            },
        )
        for sid in scored
    ]
    samples += [
        EvalSample(
            id=sid,
            epoch=1,
            input="i",
            target="t",
            metadata=meta,
            error=EvalError(
                message="CancelledError: Cancelled by SIGINT", traceback="", traceback_ansi=""
            ),
        )
        for sid in cancelled
    ]
    log = EvalLog(
        status=status,  # type: ignore[arg-type]
        eval=EvalSpec(
            created=created,
            task="saferelbench/saferelbench",
            dataset=EvalDataset(name="saferelbench", samples=len(ids), sample_ids=ids),
            model="openai/gpt-4o",
            config=EvalConfig(),
            task_args={
                "prompt": "base",
                "seed": 0,
                "split": "all",
                "ids": ids,
                "record_dir": record_dir,
            },
        ),
        samples=samples,
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    write_eval_log(log, str(path))


def test_a_resumed_run_is_one_run_without_cut_off_errors(tmp_path: Path) -> None:
    logs = tmp_path / "run" / "inspect"
    _write(
        logs / "a.eval",
        created="2026-01-01T00:00:00+00:00",
        status="cancelled",
        ids=IDS,
        scored=IDS[:3],
        cancelled=IDS[3:],
        record_dir=str(tmp_path / "run"),
    )
    _write(
        logs / "b.eval",
        created="2026-01-01T01:00:00+00:00",
        status="success",
        ids=IDS[3:],
        scored=IDS[3:],
        cancelled=[],
        record_dir=str(tmp_path / "run"),
    )
    (run,) = load_runs([logs])
    assert sorted(e.sample_id for e in run.episodes) == IDS
    assert [e for e in run.episodes if e.error is not None] == []
    assert run.warnings == []


def test_an_interrupted_run_alone_does_not_count_its_cut_off_samples(tmp_path: Path) -> None:
    logs = tmp_path / "run" / "inspect"
    _write(
        logs / "a.eval",
        created="2026-01-01T00:00:00+00:00",
        status="cancelled",
        ids=IDS,
        scored=IDS[:3],
        cancelled=IDS[3:4],
        record_dir=str(tmp_path / "run"),
    )
    (run,) = load_runs([logs])
    assert sorted(e.sample_id for e in run.episodes) == IDS[:3]
    assert any("cut off" in w for w in run.warnings)
    assert any("holds 3 of 5" in w for w in run.warnings)
