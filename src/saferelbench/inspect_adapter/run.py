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

import contextlib
import json
import os
import signal
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from saferelbench.evaluation.metrics import summarize
from saferelbench.evaluation.results import EpisodeResult, RunInfo
from saferelbench.harness.config import RunConfig
from saferelbench.harness.errors import Redactor, describe_error
from saferelbench.harness.ledger import BUDGET_MARKER, PriceTable, ledger
from saferelbench.harness.rundir import IMAGES, RunDir, write_json_atomic
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
    workers: int = 1,
) -> RunOutcome:
    """Evaluate ``model`` on ``tasks``; return every episode of ``out`` and the summary.

    ``workers`` > 1 shards the samples still to run over that many processes, each its own
    Inspect eval with its share of ``max_connections``, all appending to ``out`` (see
    :func:`_run_workers`); the run directory and the summary are those of a single process.

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
    prices = PriceTable.from_json(config.prices)
    locations: list[str] = []
    dead: list[dict[str, Any]] = []
    budget_stop = False
    try:
        if workers > 1 and len(todo) > 1:
            locations, missing, interrupted, dead, budget_stop = _run_workers(
                todo,
                min(workers, len(todo)),
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
        else:
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
            missing, budget_stop = _record_missing(
                out, todo, logs, model, config, redactor, interrupted
            )
            locations = [str(getattr(log, "location", "")) for log in logs]
    except KeyboardInterrupt:
        # what finished; --resume continues
        out.write_summary(_summary(out.read_episodes(), model, prices))
        raise
    finally:
        scrub_run_dir(out, redactor)
    episodes = out.read_episodes()
    summary = _summary(episodes, model, prices)
    out.write_summary(summary)
    extra = {
        "logs": locations,
        "not_run": missing,
        "interrupted": interrupted,
        "dead_workers": dead,
        "budget_stop": budget_stop,
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


def _summary(
    episodes: Sequence[EpisodeResult], model: str, prices: PriceTable | None
) -> dict[str, Any]:
    """The metrics summary plus the usage ledger (totals, per-sample means, cost)."""
    summary = summarize(episodes)
    summary["usage"] = ledger(episodes, model, prices)
    return summary


def auto_workers(max_connections: int | None, samples: int) -> int:
    """The default ``--workers``: one process per core, but only as many as the connections
    keep busy (one process serves ~16 concurrent calls well, docs/performance.md) and never
    more than the samples."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    wanted = max(1, (max_connections or 0) // 16)
    return max(1, min(cores or 1, wanted, samples))


WORKERS_DIR = ".workers"


def _run_workers(
    todo: Sequence[Task],
    workers: int,
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
) -> tuple[list[str], list[str], bool, list[dict[str, Any]], bool]:
    """Run ``todo`` in ``workers`` processes; return the logs, the ids not run, whether the run
    was interrupted, the workers that died and whether the budget stopped the run.

    Sample ``i`` goes to worker ``i mod workers`` (each shard a mix of the selection). Each
    worker is a spawned process running :func:`_worker_main`: its own Inspect eval over its
    shard with ``ceil(max_connections / workers)`` connections, appending its episodes to
    ``out`` (``RunDir.append_episode`` locks the file) and its log to ``out/inspect/``. The
    parent writes ``run.json`` before and ``summary.json`` after, as a single process does;
    since every episode is one line of the shared ``episodes.jsonl``, the run directory is the
    one a single process writes (up to the order of the lines, which concurrency decides in
    both cases). A worker that dies (SIGKILL, out of memory) loses only its episodes in flight:
    it is reported, and its unfinished samples stay unrecorded for ``--resume``.
    """
    import multiprocessing as mp

    shards = [list(todo[k::workers]) for k in range(workers)]
    connections = -(-max_connections // workers) if max_connections else None
    state = out.path / WORKERS_DIR
    state.mkdir(exist_ok=True)
    for old in state.glob("*.json"):
        old.unlink()
    ctx = mp.get_context("spawn")  # no fork of a process that may hold threads and an event loop
    # the workers start their evals together, once every one has imported Inspect and built
    # its task (a worker still importing would otherwise leave the first ones alone with the
    # connections for a second or two)
    ready = ctx.Barrier(len(shards))
    procs: list[Any] = []
    for k, shard in enumerate(shards):
        spec = {
            "index": k,
            "tasks": shard,
            "model": model,
            "config": config.to_json(),
            "out": str(out.path),
            "judge_model": judge_model,
            "model_args": model_args or {},
            "max_connections": connections,
            "log_images": log_images,
            "retry": retry.as_dict(),
            "result": str(state / f"worker-{k}.json"),
        }
        proc = ctx.Process(target=_worker_main, args=(spec, ready), name=f"saferelbench-worker-{k}")
        proc.start()
        procs.append(proc)
    try:
        _wait(procs, out, len(todo), display)
    except KeyboardInterrupt:
        for proc in procs:  # a terminal's Ctrl-C reached them too; a signal to us alone did not
            if proc.is_alive() and proc.pid is not None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(proc.pid, signal.SIGINT)
        for proc in procs:
            proc.join(timeout=60)
            if proc.is_alive():
                proc.terminate()
                proc.join()
        raise
    locations: list[str] = []
    interrupted = False
    budget_stop = False
    dead: list[dict[str, Any]] = []
    recorded = {e.sample_id for e in out.iter_episodes()}
    for k, proc in enumerate(procs):
        result_path = state / f"worker-{k}.json"
        result: dict[str, Any] = {}
        if result_path.exists():
            result = json.loads(result_path.read_text(encoding="utf-8"))
        if proc.exitcode != 0 or not result:
            code = proc.exitcode
            how = f"killed by signal {-code}" if code is not None and code < 0 else f"exit {code}"
            unfinished = [t.id for t in shards[k] if t.id not in recorded]
            dead.append({"worker": k, "pid": proc.pid, "how": how, "not_run": unfinished})
            continue
        locations.extend(result.get("logs", []))
        interrupted = interrupted or bool(result.get("interrupted"))
        budget_stop = budget_stop or bool(result.get("budget_stop"))
    missing = [t.id for t in todo if t.id not in recorded]
    return locations, missing, interrupted, dead, budget_stop


def _wait(procs: list[Any], out: RunDir, total: int, display: str) -> None:
    """Wait for the workers, with a progress bar of recorded episodes on a terminal."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    with Progress(
        "[bold]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        disable=display != "rich",
        transient=False,
    ) as progress:
        bar = progress.add_task(f"{len(procs)} workers", total=total)
        start = out.episodes_path.stat().st_size if out.episodes_path.exists() else 0
        lines = out.episodes_path.read_bytes().count(b"\n") if start else 0
        while any(proc.is_alive() for proc in procs):
            for proc in procs:
                proc.join(timeout=0.5)
                if display == "rich" and out.episodes_path.exists():
                    done = out.episodes_path.read_bytes().count(b"\n") - lines
                    progress.update(bar, completed=done)
                if proc.is_alive():
                    break


def _worker_main(spec: dict[str, Any], ready: Any = None) -> None:
    """One worker process: an Inspect eval of its shard into the shared run directory; its
    result (logs, ids not run, interrupted, budget stop) goes to ``spec["result"]``."""
    from inspect_ai import eval as inspect_eval

    from saferelbench.inspect_adapter import registry  # noqa: F401
    from saferelbench.inspect_adapter.task import saferelbench

    tasks: list[Task] = spec["tasks"]
    model = str(spec["model"])
    config = RunConfig.from_json(spec["config"])
    out = RunDir(spec["out"])
    redactor = Redactor.from_environment(spec["model_args"])
    logs: list[Any] = []
    if ready is not None:
        with contextlib.suppress(Exception):  # a sibling that died first: start anyway
            ready.wait(timeout=60)
    try:
        logs = _eval(
            inspect_eval,
            saferelbench,
            tasks,
            model,
            config,
            out=out,
            judge_model=spec["judge_model"],
            model_args=spec["model_args"],
            max_connections=spec["max_connections"],
            display="none",
            log_images=bool(spec["log_images"]),
            retry=RetryPolicy(**spec["retry"]),
        )
        interrupted = not logs or any(getattr(log, "status", None) == "cancelled" for log in logs)
        missing, budget_stop = _record_missing(
            out, tasks, logs, model, config, redactor, interrupted
        )
    except KeyboardInterrupt:
        interrupted, missing, budget_stop = True, [], False
    finally:
        for log in logs:  # its own files only: other workers are still writing theirs
            location = Path(str(getattr(log, "location", "")))
            if location.is_file():
                scrub_file(location, redactor)
    write_json_atomic(
        Path(spec["result"]),
        {
            "logs": [str(getattr(log, "location", "")) for log in logs],
            "not_run": missing,
            "interrupted": interrupted,
            "budget_stop": budget_stop,
        },
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
) -> tuple[list[str], bool]:
    """Record an errored episode for every sample Inspect reports as errored without a scored
    episode; return the ids of samples that did not run at all (cancelled or failed eval):
    those stay unrecorded so that ``--resume`` runs them. After an interruption (Ctrl-C: the
    log is "cancelled") nothing is recorded as errored: the samples that were in flight were
    cut off, not broken, and run again on ``--resume``. Samples a spent budget kept from
    starting are not run either (the second value tells whether that happened)."""
    recorded = {e.sample_id for e in out.iter_episodes()}
    errors: dict[str, str] = {}
    budget_stop = False
    for log in [] if interrupted else logs:
        for sample in getattr(log, "samples", None) or []:
            if sample.error is not None and str(sample.id) not in recorded:
                if BUDGET_MARKER in str(sample.error.message):
                    budget_stop = True
                    continue
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
    return missing, budget_stop
