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

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from saferelbench.evaluation.results import EpisodeResult, RunInfo
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


def _error_episode(sample: Any, agent: str, prompt: str, seed: int, message: str) -> EpisodeResult:
    meta = sample.metadata or {}
    return EpisodeResult(
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


def episodes_from_log(log: Any, source: str) -> tuple[RunInfo, list[EpisodeResult], list[str]]:
    """The run info, the episodes and any warnings of one ``EvalLog``."""
    spec = log.eval
    args = dict(spec.task_args or {})
    prompt = str(args.get("prompt") or "base")
    generate_seed = spec.model_generate_config.seed if spec.model_generate_config else None
    seed = int(args.get("seed") or generate_seed or 0)
    agent = str(spec.model)
    info = RunInfo(
        agent=agent,
        prompt=prompt,
        seed=seed,
        split=args.get("split"),
        relation=args.get("relation"),
        risk=args.get("risk"),
        limit=args.get("limit"),
        images=bool(args.get("images", True)),
        started=str(spec.created),
        extra={"inspect_task": spec.task, "inspect_status": log.status, "inspect_log": source},
    )
    warnings: list[str] = []
    episodes: list[EpisodeResult] = []
    for sample in log.samples or []:
        score = (sample.scores or {}).get(SCORER_NAME)
        raw = (score.metadata or {}).get("episode") if score is not None else None
        if raw is None:
            episodes.append(_error_episode(sample, agent, prompt, seed, _sample_problem(sample)))
            continue
        try:
            episode = EpisodeResult.model_validate(raw)
        except ValidationError as err:
            raise LogReadError(
                f"{source}: sample {sample.id}: score metadata 'episode': {describe_validation_error(err)}"
            ) from None
        if sample.error is not None and episode.error is None:
            episode = episode.model_copy(
                update={"error": _sample_problem(sample), "ended_by": "error"}
            )
        episodes.append(episode)
    expected = spec.dataset.samples if spec.dataset else None
    epochs = (spec.config.epochs if spec.config else None) or 1
    if expected is not None and len(episodes) < expected * epochs:
        warnings.append(
            f"{source}: log status '{log.status}' holds {len(episodes)} of {expected * epochs} "
            "samples; the missing ones cannot be counted"
        )
    return info, episodes, warnings


def read_log_runs(path: Path) -> list[LogRun]:
    """One run per log file: ``path`` is a ``.eval``/``.json`` log or a directory of logs."""
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
    runs: list[LogRun] = []
    for name in names:
        source = getattr(name, "name", name)
        try:
            log = read_eval_log(name)
        except Exception as err:  # Inspect raises many kinds on a bad file
            raise LogReadError(
                f"{source}: not a readable Inspect log ({type(err).__name__}: {err})"
            ) from None
        info, episodes, warnings = episodes_from_log(log, str(source))
        local = _local_path(str(source))
        # step images are relative to the run directory the task recorded into (task argument
        # record_dir), when there is one; otherwise look beside the log
        record_dir = (log.eval.task_args or {}).get("record_dir")
        image_root = Path(record_dir) if record_dir and Path(record_dir).is_dir() else local.parent
        runs.append(LogRun(info, episodes, local, image_root, warnings))
    return runs


def _local_path(location: str) -> Path:
    if location.startswith("file://"):
        from urllib.parse import unquote, urlparse

        return Path(unquote(urlparse(location).path))
    return Path(location)
