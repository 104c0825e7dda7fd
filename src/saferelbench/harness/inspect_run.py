"""Running a model through Inspect AI into a saferelbench run directory.

``inspect_ai.eval()`` runs the ``saferelbench`` task; its scorer appends every scored episode
to ``RUN/episodes.jsonl`` as it goes (so an interrupted run keeps what finished and
``--resume`` asks Inspect only for the rest). Afterwards the log is read back: any sample that
Inspect reports without an episode (a sample error, a cancelled run) is recorded as an errored
episode, so the summary is computed over *all* selected samples (Inspect's own metrics
silently drop errored samples). The Inspect log itself stays in ``RUN/inspect/`` for
``inspect view``.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from saferelbench.evaluation.metrics import summarize
from saferelbench.harness.episode import EpisodeConfig
from saferelbench.harness.errors import Redactor, describe_error, scrub_file
from saferelbench.harness.results import RunInfo
from saferelbench.harness.retry import DEFAULT_RETRY, RetryPolicy
from saferelbench.harness.rundir import IMAGES, RunDir
from saferelbench.harness.runner import RunOutcome, errored_result
from saferelbench.world.task import Task

LOG_SUBDIR = "inspect"


def run_inspect(
    tasks: Sequence[Task],
    model: str,
    config: EpisodeConfig,
    *,
    info: RunInfo,
    out: RunDir,
    resume: bool = False,
    seed: int = 0,
    judge_model: str | None = None,
    judge: str = "auto",
    model_args: dict[str, Any] | None = None,
    max_connections: int | None = None,
    display: str = "rich",
    log_images: bool = False,
    temperature: float | None = 0.0,
    selection: dict[str, Any] | None = None,
    retry: RetryPolicy = DEFAULT_RETRY,
    retry_errors: bool = False,
) -> RunOutcome:
    """Evaluate ``model`` on ``tasks``; return every episode of ``out`` and the summary.

    ``selection`` (split, relation, risk, limit) is passed on as task arguments so the log
    records how the samples were chosen; ``tasks`` must be that selection. ``retry`` bounds
    Inspect's retries of failed model calls; ``retry_errors`` (with ``resume``) runs errored
    episodes again. Secrets of the environment and of ``model_args`` are scrubbed from every
    file of the run directory, the Inspect log included, when the call ends (however it ends).
    """
    selection = selection or {}
    from inspect_ai import eval as inspect_eval

    from saferelbench.harness import sources
    from saferelbench.harness.inspect_task import saferelbench

    started = time.perf_counter()
    redactor = Redactor.from_environment(model_args)
    done_ids = out.prepare(info, resume=resume, retry_errors=retry_errors)
    if resume:  # leftovers of a run that was killed before it could clean up
        scrub_run_dir(out, redactor)
        sweep_dead_sample_buffers(out)
    sources.register(tasks)
    todo = [t for t in tasks if t.id not in done_ids]
    logs: list[Any] = []
    try:
        logs = _eval(
            inspect_eval,
            saferelbench,
            todo,
            model,
            config,
            out=out,
            seed=seed,
            judge_model=judge_model,
            judge=judge,
            model_args=model_args,
            max_connections=max_connections,
            display=display,
            log_images=log_images,
            temperature=temperature,
            selection=selection,
            retry=retry,
        )
        missing = _record_missing(out, todo, logs, model, config, seed, redactor)
    finally:
        scrub_run_dir(out, redactor)
    episodes = out.read_episodes()
    summary = summarize(episodes)
    out.write_summary(summary)
    extra = {"logs": [str(getattr(log, "location", "")) for log in logs], "not_run": missing}
    return RunOutcome(
        episodes=episodes,
        summary=summary,
        ran=len(todo),
        skipped=len(tasks) - len(todo),
        seconds=time.perf_counter() - started,
        info=info,
        extra=extra,
    )


def _eval(
    inspect_eval: Any,
    saferelbench: Any,
    todo: Sequence[Task],
    model: str,
    config: EpisodeConfig,
    *,
    out: RunDir,
    seed: int,
    judge_model: str | None,
    judge: str,
    model_args: dict[str, Any] | None,
    max_connections: int | None,
    display: str,
    log_images: bool,
    temperature: float | None,
    selection: dict[str, Any],
    retry: RetryPolicy,
) -> list[Any]:
    logs: list[Any] = []
    if todo:
        inspect_task = saferelbench(
            split=selection.get("split"),
            relation=selection.get("relation"),
            risk=selection.get("risk"),
            limit=selection.get("limit"),
            prompt=config.prompt.variant.value,
            step_limit=config.step_limit,
            seed=seed,
            images=config.images,
            judge=judge,
            max_invalid=config.max_invalid,
            report_failures=config.prompt.report_failures,
            scene_text=config.prompt.scene_text,
            temperature=temperature,
            ids=[t.id for t in todo],
            record_dir=str(out.path),
            protocol=config.protocol,
        )
        logs = inspect_eval(
            inspect_task,
            model=model,
            model_args=model_args or {},
            model_roles={"judge": judge_model} if judge_model else None,
            log_dir=str(out.path / LOG_SUBDIR),
            display=display,
            fail_on_error=False,  # one broken sample must not stop a paid run; it is counted
            log_images=log_images,
            # live sample events cost CPU on the one event loop that drives every sample
            # (docs/performance.md); the final log is the same without them
            log_realtime=False,
            max_connections=max_connections,
            score_display=False,
            **retry.eval_args(),
        )
    return list(logs)


def scrub_run_dir(out: RunDir, redactor: Redactor) -> list[Path]:
    """Remove secrets from every file of the run directory (Inspect logs included); return the
    files that held one. Images are skipped: we render them, nothing else writes there."""
    if not redactor or not out.path.exists():
        return []
    changed: list[Path] = []
    for path in sorted(out.path.rglob("*")):
        if (
            path.is_file()
            and IMAGES not in path.relative_to(out.path).parts[:1]
            and scrub_file(path, redactor)
        ):
            changed.append(path)
    return changed


def sweep_dead_sample_buffers(out: RunDir) -> list[Path]:
    """Delete the live-view sample buffers a killed run left for this run's Inspect logs.

    While a sample runs, Inspect mirrors its events (model errors included, unredacted) into
    an SQLite buffer under ``~/.local/share/inspect_ai/samplebuffer/``, deleted when the eval
    ends; after a SIGKILL it stays until Inspect's own sweep (3 days later). The finished
    samples are in our episodes.jsonl and the rest run again, so a dead process's buffer holds
    nothing of value. Best effort: this relies on Inspect internals and does nothing if they
    change.
    """
    removed: list[Path] = []
    try:
        import psutil
        from inspect_ai.log._recorders.buffer.database import (
            cleanup_sample_buffer_db,
            sample_buffer_dbs,
        )

        for log in sorted((out.path / LOG_SUBDIR).glob("*.eval")):
            for db in sample_buffer_dbs(str(log.resolve())):
                pid = db.name.rsplit(".", 2)[-2]
                if pid.isdigit() and not psutil.pid_exists(int(pid)):
                    cleanup_sample_buffer_db(db)
                    removed.append(db)
    except Exception:  # noqa: BLE001 (best effort, see above)
        return removed
    return removed


def _record_missing(
    out: RunDir,
    todo: Sequence[Task],
    logs: list[Any],
    model: str,
    config: EpisodeConfig,
    seed: int,
    redactor: Redactor,
) -> list[str]:
    """Record an errored episode for every sample Inspect reports as errored without a scored
    episode; return the ids of samples that did not run at all (cancelled or failed eval):
    those stay unrecorded so that ``--resume`` runs them."""
    recorded = {e.sample_id for e in out.iter_episodes()}
    errors: dict[str, str] = {}
    for log in logs:
        for sample in getattr(log, "samples", None) or []:
            if sample.error is not None and str(sample.id) not in recorded:
                lines = str(sample.error.message).strip().splitlines() or ["sample error"]
                errors[str(sample.id)] = describe_error(lines[-1], redactor=redactor)
    missing: list[str] = []
    for t in todo:
        if t.id in recorded:
            continue
        if t.id in errors:
            out.append_episode(errored_result(t, model, config, seed, f"inspect: {errors[t.id]}"))
        else:
            missing.append(t.id)
    return missing
