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
from saferelbench.evaluation.results import RunInfo
from saferelbench.harness.config import RunConfig
from saferelbench.harness.errors import Redactor, describe_error
from saferelbench.harness.rundir import IMAGES, RunDir
from saferelbench.harness.runner import RunOutcome, errored_result
from saferelbench.inspect_adapter.retry import DEFAULT_RETRY, RetryPolicy
from saferelbench.inspect_adapter.scrub import scrub_file
from saferelbench.world.task import Task

LOG_SUBDIR = "inspect"


def run_inspect(
    tasks: Sequence[Task],
    model: str,
    config: RunConfig,
    *,
    info: RunInfo,
    out: RunDir,
    resume: bool = False,
    judge_model: str | None = None,
    model_args: dict[str, Any] | None = None,
    max_connections: int | None = None,
    display: str = "rich",
    log_images: bool = False,
    retry: RetryPolicy = DEFAULT_RETRY,
    retry_errors: bool = False,
) -> RunOutcome:
    """Evaluate ``model`` on ``tasks``; return every episode of ``out`` and the summary.

    ``config`` (selection, prompt, seed, judge, temperature ...) is passed on as task arguments
    so the log records how the run was made; ``tasks`` must be its selection. ``retry`` bounds
    Inspect's retries of failed model calls; ``retry_errors`` (with ``resume``) runs errored
    episodes again. Secrets of the environment and of ``model_args`` are scrubbed from every
    file of the run directory, the Inspect log included, when the call ends (however it ends).
    """
    from inspect_ai import eval as inspect_eval

    # registers the task and the saferelbench/<agent> providers even where the installed
    # entry point is stale (an editable install made before a move)
    from saferelbench.inspect_adapter import registry  # noqa: F401
    from saferelbench.inspect_adapter.task import saferelbench

    started = time.perf_counter()
    redactor = Redactor.from_environment(model_args)
    done_ids = out.prepare(info, resume=resume, retry_errors=retry_errors)
    if resume:  # leftovers of a run that was killed before it could clean up
        scrub_run_dir(out, redactor)
        sweep_dead_sample_buffers(out)
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
            judge_model=judge_model,
            model_args=model_args,
            max_connections=max_connections,
            display=display,
            log_images=log_images,
            retry=retry,
        )
        # Ctrl-C: Inspect cancels the eval and returns a "cancelled" log, or no log at all
        interrupted = bool(todo) and (
            not logs or any(getattr(log, "status", None) == "cancelled" for log in logs)
        )
        missing = _record_missing(out, todo, logs, model, config, redactor, interrupted)
    except KeyboardInterrupt:
        out.write_summary(summarize(out.read_episodes()))  # what finished; --resume continues
        raise
    finally:
        scrub_run_dir(out, redactor)
    episodes = out.read_episodes()
    summary = summarize(episodes)
    out.write_summary(summary)
    extra = {
        "logs": [str(getattr(log, "location", "")) for log in logs],
        "not_run": missing,
        "interrupted": interrupted,
    }
    return RunOutcome(
        episodes=episodes,
        summary=summary,
        # the episodes this call really recorded (a cancelled eval returns early)
        ran=len({e.sample_id for e in episodes} - done_ids),
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
    config: RunConfig,
    *,
    out: RunDir,
    judge_model: str | None,
    model_args: dict[str, Any] | None,
    max_connections: int | None,
    display: str,
    log_images: bool,
    retry: RetryPolicy,
) -> list[Any]:
    logs: list[Any] = []
    if todo:
        args = config.task_args()
        args.update(ids=[t.id for t in todo], record_dir=str(out.path))
        inspect_task = saferelbench(**args)
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
    config: RunConfig,
    redactor: Redactor,
    interrupted: bool = False,
) -> list[str]:
    """Record an errored episode for every sample Inspect reports as errored without a scored
    episode; return the ids of samples that did not run at all (cancelled or failed eval):
    those stay unrecorded so that ``--resume`` runs them. After an interruption (Ctrl-C: the
    log is "cancelled") nothing is recorded as errored: the samples that were in flight were
    cut off, not broken, and run again on ``--resume``."""
    recorded = {e.sample_id for e in out.iter_episodes()}
    errors: dict[str, str] = {}
    for log in [] if interrupted else logs:
        for sample in getattr(log, "samples", None) or []:
            if sample.error is not None and str(sample.id) not in recorded:
                lines = str(sample.error.message).strip().splitlines() or ["sample error"]
                errors[str(sample.id)] = describe_error(lines[-1], redactor=redactor)
    missing: list[str] = []
    for t in todo:
        if t.id in recorded:
            continue
        if t.id in errors:
            out.append_episode(
                errored_result(t, model, config, config.seed, f"inspect: {errors[t.id]}")
            )
        else:
            missing.append(t.id)
    return missing
