"""Inspect logs as report input: written offline with Inspect's own log API, read back through
``read_eval_log`` into the same EpisodeResults as a native run."""

from __future__ import annotations

from pathlib import Path

import pytest

from saferelbench.reports.loading import ReportInputError, load_runs
from saferelbench.reports.tables import run_table
from tests.reports.builders import small_fixture, write_run_dir


def write_log(
    path: Path,
    *,
    prompt: str = "risk_aware",
    error_sample: bool = True,
    fmt: str = "eval",
    record_dir: str | None = None,
) -> Path:
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

    episodes = [
        e.model_copy(update={"agent": "openai/gpt-4o", "prompt": prompt}) for e in small_fixture()
    ]
    # the fixture's errored episode is the one the log holds as an unscored, errored sample
    scored = [e for e in episodes if e.error is None]
    samples = [
        EvalSample(
            id=e.sample_id,
            epoch=1,
            input="instruction",
            target="success and safe",
            metadata={"split": e.split, "relation": e.relation, "risk": e.risk, "pair_id": None},
            scores={
                "saferelbench": Score(value=1.0, metadata={"episode": e.model_dump(mode="json")})
            },
        )
        for e in scored
    ]
    if error_sample:
        samples.append(
            EvalSample(
                id="s4",
                epoch=1,
                input="instruction",
                target="success and safe",
                metadata={
                    "split": "spatial",
                    "relation": "supporting",
                    "risk": "falling_object",
                    "pair_id": None,
                },
                error=EvalError(
                    message="RateLimitError: too many requests\nmore",
                    traceback="",
                    traceback_ansi="",
                ),
            )
        )
    log = EvalLog(
        status="success" if not error_sample else "error",
        eval=EvalSpec(
            created="2026-01-01T00:00:00+00:00",
            task="saferelbench/saferelbench",
            dataset=EvalDataset(name="saferelbench", samples=len(samples)),
            model="openai/gpt-4o",
            config=EvalConfig(),
            task_args={"prompt": prompt, "seed": 3, "split": "all", "record_dir": record_dir},
        ),
        samples=samples,
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    write_eval_log(log, str(path), format=fmt)  # type: ignore[arg-type]
    return path


def test_inspect_log_gives_the_episodes_and_run_info(tmp_path: Path) -> None:
    path = write_log(tmp_path / "logs" / "run.eval", record_dir=str(tmp_path))
    (r,) = load_runs([path])
    assert r.kind == "inspect"
    assert r.image_root == tmp_path  # step images are relative to the task's record_dir
    assert (r.info.agent, r.info.prompt, r.info.seed) == ("openai/gpt-4o", "risk_aware", 3)
    assert r.label == "openai/gpt-4o · risk_aware"
    assert len(r.episodes) == 8
    errored = [e for e in r.episodes if e.error is not None]
    assert len(errored) == 1
    e = errored[0]
    assert (e.sample_id, e.split, e.relation, e.ended_by) == (
        "s4",
        "spatial",
        "supporting",
        "error",
    )
    assert e.error == "RateLimitError: too many requests"
    assert not e.task_success


def test_inspect_and_native_runs_give_the_same_table(tmp_path: Path) -> None:
    log = write_log(tmp_path / "logs" / "run.json", fmt="json")
    native = write_run_dir(tmp_path / "native", small_fixture())
    from_log, from_dir = load_runs([log, native])  # mixing both kinds in one report works
    a = run_table(from_log, resamples=300)
    b = run_table(from_dir, resamples=300)
    assert a.cells == b.cells
    assert a.overall == b.overall
    assert a.pooled.errors == b.pooled.errors == 1


def test_log_directory_and_bad_logs(tmp_path: Path) -> None:
    write_log(tmp_path / "logs" / "a.eval", prompt="base", error_sample=False)
    write_log(tmp_path / "logs" / "b.eval", prompt="action_grounded", error_sample=False)
    runs = load_runs([tmp_path / "logs"])
    assert sorted(r.info.prompt for r in runs) == ["action_grounded", "base"]
    assert all(r.image_root == tmp_path / "logs" for r in runs)  # no record_dir: beside the log
    bad = tmp_path / "bad.eval"
    bad.write_bytes(b"not a zip file")
    with pytest.raises(ReportInputError, match="bad.eval"):
        load_runs([bad])


def test_bad_episode_metadata_names_the_sample_and_field(tmp_path: Path) -> None:
    from inspect_ai.log import (
        EvalConfig,
        EvalDataset,
        EvalLog,
        EvalSample,
        EvalSpec,
        write_eval_log,
    )
    from inspect_ai.scorer import Score

    log = EvalLog(
        eval=EvalSpec(
            created="2026-01-01T00:00:00+00:00",
            task="t",
            dataset=EvalDataset(samples=1),
            model="m/x",
            config=EvalConfig(),
        ),
        samples=[
            EvalSample(
                id="s9",
                epoch=1,
                input="i",
                target="t",
                scores={"saferelbench": Score(value=0, metadata={"episode": {"sample_id": "s9"}})},
            )
        ],
    )
    write_eval_log(log, str(tmp_path / "x.eval"))
    with pytest.raises(ReportInputError, match=r"sample s9.*'(split|agent)'"):
        load_runs([tmp_path / "x.eval"])


def test_inspect_log_of_a_run_without_images_gets_drawn_frames(
    oracle_run_no_images: Path, tmp_path: Path
) -> None:
    """The viewer draws an Inspect run's steps as it does a run directory's: from the episodes
    the scorer stored, with no image anywhere."""
    from inspect_ai.log import (
        EvalConfig,
        EvalDataset,
        EvalLog,
        EvalSample,
        EvalSpec,
        write_eval_log,
    )
    from inspect_ai.scorer import Score

    from saferelbench.reports.build import ReportOptions, build_report

    episodes = load_runs([oracle_run_no_images])[0].episodes
    samples = [
        EvalSample(
            id=e.sample_id,
            epoch=1,
            input="instruction",
            target="success and safe",
            metadata={"split": e.split, "relation": e.relation, "risk": e.risk},
            scores={
                "saferelbench": Score(value=1.0, metadata={"episode": e.model_dump(mode="json")})
            },
        )
        for e in episodes
    ]
    log = EvalLog(
        status="success",
        eval=EvalSpec(
            created="2026-01-01T00:00:00+00:00",
            task="saferelbench/saferelbench",
            dataset=EvalDataset(name="saferelbench", samples=len(samples)),
            model="openai/gpt-4o",
            config=EvalConfig(),
            task_args={"prompt": "base", "split": "all", "images": False},
        ),
        samples=samples,
    )
    path = tmp_path / "logs" / "run.eval"
    path.parent.mkdir()
    write_eval_log(log, str(path), format="eval")
    out = tmp_path / "report"
    report = build_report(load_runs([path]), out, ReportOptions(resamples=200, figures=False))
    assert report.warnings == []
    html = (out / "report.html").read_text()
    steps = sum(len(e.steps) for e in episodes)
    assert html.count('"image":"frames/') == steps
    assert len(list((out / "frames").glob("*.png"))) >= len(episodes)
