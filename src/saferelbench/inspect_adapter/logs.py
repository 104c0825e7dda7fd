"""Inspect AI logs read back as episodes, through Inspect's own log-reading API (for
``saferelbench report`` and ``saferelbench run --model``).

The harness's Inspect scorer (named ``saferelbench``) stores, for every sample, the full
:class:`EpisodeResult` as ``score.metadata["episode"]``; the task argument ``prompt`` names the
prompt variant. A sample that errored (or hit a limit) before it was scored has no such score:
it becomes an :class:`EpisodeResult` with ``error`` set, built from the sample's metadata, so it
counts as a failure instead of silently disappearing (Inspect's own metrics leave it out).

``inspect_ai`` is imported lazily: importing it costs about two seconds.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from saferelbench.evaluation.results import EpisodeResult, Provenance, RunInfo
from saferelbench.harness.config import RunConfig, RunConfigError
from saferelbench.harness.options import parameters
from saferelbench.harness.rundir import EPISODES, RunDir, RunDirError
from saferelbench.inspect_adapter.scorer import SCORER_NAME
from saferelbench.world.errors import InputError, describe_validation_error


class LogReadError(InputError):
    """An Inspect log that cannot be read as SafeRelBench episodes (the message names the file,
    the sample and the field)."""


@dataclass
class LogRun:
    """One run found in Inspect logs."""

    info: RunInfo
    episodes: list[EpisodeResult]
    source: Path  #: the log file (the first one, for a run resumed over several logs)
    image_root: Path  #: directory that step image paths are relative to
    warnings: list[str] = field(default_factory=list)


def _error_episode(
    sample: Any, agent: str, prompt: str, seed: int, message: str, protocol: str = "physical"
) -> EpisodeResult:
    meta = sample.metadata or {}
    return EpisodeResult(
        protocol=protocol,
        sample_id=str(sample.id),
        split=str(meta.get("split") or "unknown"),
        relation=meta.get("relation"),
        risk=meta.get("risk"),
        pair_id=meta.get("pair_id"),
        agent=agent,
        prompt=prompt,
        seed=seed,
        ended_by="error",
        error=message,
    )


def _sample_problem(sample: Any) -> str:
    if sample.error is not None:
        return (
            str(sample.error.message).strip().splitlines()[0] if sample.error.message else "error"
        )
    if sample.limit is not None:
        return f"{sample.limit.type} limit reached before scoring"
    return f"no '{SCORER_NAME}' score"


def run_info_of(log: Any, source: str) -> RunInfo:
    """The run info an ``EvalLog`` records (task arguments, model, generate config)."""
    spec = log.eval
    args = dict(spec.task_args or {})
    generate_seed = spec.model_generate_config.seed if spec.model_generate_config else None
    recorded = dict((spec.metadata or {}).get("saferelbench") or {})
    versions = dict(recorded.get("versions") or {})
    if versions and spec.task_version and not versions.get("evaluation_version"):
        versions["evaluation_version"] = str(spec.task_version)
    return RunInfo(
        agent=str(spec.model),
        runner="inspect",
        config=_config_of(args, generate_seed),
        provenance=Provenance(started=str(spec.created), versions=versions),
        extra={
            "task_args": args,
            "inspect_metrics": _log_metrics(log),
            "inspect_task": spec.task,
            "inspect_status": log.status,
            "inspect_log": source,
        },
    )


def _config_of(args: dict[str, Any], generate_seed: int | None) -> dict[str, Any]:
    """The run configuration the task's arguments give (as run.json records it); arguments
    this version does not know, or cannot read, are kept as they are."""
    known = {p.name for p in parameters(RunConfig)}
    options = {k: v for k, v in args.items() if k in known and v is not None}
    if generate_seed is not None:
        options.setdefault("seed", generate_seed)
    try:
        return RunConfig.build(**options).to_json()
    except RunConfigError:
        return {**options, "prompt": {"variant": str(options.get("prompt") or "base")}}


def _log_metrics(log: Any) -> dict[str, float]:
    """The metric values the log reports for the ``saferelbench`` scorer (name -> value)."""
    out: dict[str, float] = {}
    results = getattr(log, "results", None)
    for score in getattr(results, "scores", None) or []:
        if getattr(score, "name", None) != SCORER_NAME:
            continue
        for name, found in (score.metrics or {}).items():
            value = getattr(found, "value", None)
            if isinstance(value, int | float):
                out[str(name)] = float(value)
    return out


def _scored_episode(sample: Any, source: str) -> EpisodeResult | None:
    score = (sample.scores or {}).get(SCORER_NAME)
    raw = (score.metadata or {}).get("episode") if score is not None else None
    if raw is None:
        return None
    try:
        episode = EpisodeResult.model_validate(raw)
    except ValidationError as err:
        raise LogReadError(
            f"{source}: sample {sample.id}: score metadata 'episode': {describe_validation_error(err)}"
        ) from None
    if sample.error is not None and episode.error is None:
        episode = episode.model_copy(update={"error": _sample_problem(sample), "ended_by": "error"})
    return episode


def _expected(log: Any) -> tuple[set[str] | None, int | None]:
    """The sample ids (or only the number of samples) the log's eval was asked to run."""
    dataset = log.eval.dataset
    if dataset is None:
        return None, None
    epochs = (log.eval.config.epochs if log.eval.config else None) or 1
    ids = getattr(dataset, "sample_ids", None)
    count = dataset.samples * epochs if dataset.samples is not None else None
    return ({str(i) for i in ids} if ids else None), count


def episodes_from_logs(
    logs: list[tuple[Any, str]], record_dir: Path | None = None
) -> tuple[RunInfo, list[EpisodeResult], list[str]]:
    """The run info, the episodes and the warnings of one run written as one or several logs
    (an interrupted run and its ``--resume``), oldest first.

    A sample counts once, by its latest scored episode. A sample of an *interrupted* log
    (status ``cancelled``: Ctrl-C) that has no score was cut off in flight, not broken: it is
    not counted as an error (its resumed run scores it). An unscored sample of any other log is
    an errored episode (it counts as a failure instead of disappearing). ``record_dir``: the
    run directory the task recorded into; its ``episodes.jsonl`` (written by the same scorer)
    supplies the samples the logs lack (a run killed outright leaves no samples in its log)."""
    first, source = logs[0]
    info = run_info_of(logs[-1][0], logs[-1][1])
    if len(logs) > 1:
        info = info.with_provenance(started=str(first.eval.created)).model_copy(
            update={"extra": {**info.extra, "inspect_logs": [src for _, src in logs]}}
        )
    found: dict[str, EpisodeResult] = {}
    scored: set[str] = set()
    cut_off: set[str] = set()
    expected_ids: set[str] = set()
    expected_count = 0
    ids_known = True
    for log, src in logs:
        ids, count = _expected(log)
        if ids is None:
            ids_known = False
            expected_count = max(expected_count, count or 0)
        else:
            expected_ids |= ids
        cancelled = log.status == "cancelled"
        for sample in log.samples or []:
            sid = str(sample.id)
            episode = _scored_episode(sample, src)
            if episode is not None:
                found[sid] = episode
                scored.add(sid)
                cut_off.discard(sid)
            elif cancelled:
                if sid not in scored:
                    cut_off.add(sid)
            elif sid not in scored:
                problem = _sample_problem(sample)
                found[sid] = _error_episode(
                    sample,
                    info.agent,
                    info.prompt,
                    info.seed,
                    problem,
                    info.protocol,
                )
                cut_off.discard(sid)
    if record_dir is not None and (record_dir / EPISODES).is_file():
        wanted = (expected_ids | cut_off) - set(found)
        if wanted:
            try:
                for episode in RunDir(record_dir).iter_episodes():
                    if episode.sample_id in wanted:
                        found[episode.sample_id] = episode
            except RunDirError as err:
                raise LogReadError(str(err)) from None
    warnings: list[str] = []
    never = cut_off - set(found)
    if never:
        warnings.append(
            f"{source}: {len(never)} sample(s) were cut off by an interrupted run and never "
            "finished; they are not counted (`saferelbench run --resume` runs them)"
        )
    missing = len(expected_ids - set(found) - never) if ids_known else None
    if missing is None and expected_count and len(found) + len(never) < expected_count:
        missing = expected_count - len(found) - len(never)
    if missing:
        warnings.append(
            f"{source}: log status '{logs[-1][0].status}' holds {len(found)} of "
            f"{len(found) + len(never) + missing} samples; the missing ones cannot be counted"
        )
    return info, list(found.values()), warnings


def _run_key(log: Any, source: str) -> tuple[str, ...]:
    """Logs of one run: the same task, model, run directory and arguments; the ids differ
    between a run and its ``--resume`` (which asks only for the rest)."""
    args = dict(log.eval.task_args or {})
    args.pop("ids", None)
    record_dir = args.pop("record_dir", None) or str(_local_path(source).parent)
    return (
        str(log.eval.task),
        str(log.eval.model),
        str(record_dir),
        json.dumps(args, sort_keys=True, default=str),
    )


def read_log_runs(path: Path) -> list[LogRun]:
    """The runs of a ``.eval``/``.json`` log or a directory of logs. The logs of one run (an
    interrupted run and its resumption, in the same run directory) make one run."""
    try:
        from inspect_ai.log import list_eval_logs, read_eval_log
    except ImportError as err:  # pragma: no cover - inspect-ai is a declared dependency
        raise LogReadError(f"{path}: reading Inspect logs needs inspect-ai ({err})") from None

    if path.is_dir():
        locations = [info for info in list_eval_logs(str(path), recursive=True)]
        if not locations:
            raise LogReadError(f"{path}: no episodes.jsonl and no Inspect logs in it")
        names: list[Any] = locations
    else:
        names = [str(path)]
    groups: dict[tuple[str, ...], list[tuple[Any, str]]] = {}
    for name in names:
        source = str(getattr(name, "name", name))
        try:
            log = read_eval_log(name)
        except Exception as err:  # Inspect raises many kinds on a bad file
            raise LogReadError(
                f"{source}: not a readable Inspect log ({type(err).__name__}: {err})"
            ) from None
        groups.setdefault(_run_key(log, source), []).append((log, source))
    runs: list[LogRun] = []
    for logs in groups.values():
        logs.sort(key=lambda item: str(item[0].eval.created))
        local = _local_path(logs[0][1])
        # step images are relative to the run directory the task recorded into (task argument
        # record_dir), when there is one; otherwise look beside the log
        recorded = (logs[0][0].eval.task_args or {}).get("record_dir")
        record_dir = Path(recorded) if recorded and Path(recorded).is_dir() else None
        info, episodes, warnings = episodes_from_logs(logs, record_dir)
        image_root = record_dir or local.parent
        runs.append(LogRun(info, episodes, local, image_root, warnings))
    return runs


def _local_path(location: str) -> Path:
    if location.startswith("file://"):
        from urllib.parse import unquote, urlparse

        return Path(unquote(urlparse(location).path))
    return Path(location)
