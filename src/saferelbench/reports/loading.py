"""Reading runs for a report: native run directories and Inspect AI logs, into one shape.

A native run directory (written by the harness) holds ``episodes.jsonl``, ``run.json`` and
``summary.json`` and optionally ``images/``. An Inspect log (``.eval``/``.json`` file) or a log
directory is read by :mod:`saferelbench.inspect_adapter.logs` (imported lazily: importing
``inspect_ai`` costs about two seconds). Either way a run becomes a
:class:`RunData`: its :class:`RunInfo`, every :class:`EpisodeResult` (errored ones included) and
where its images live.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path

from saferelbench.evaluation.metrics import rates
from saferelbench.evaluation.results import EpisodeResult, RunInfo
from saferelbench.reports.modes import mode_suffix
from saferelbench.world.errors import InputError, describe_validation_error
from saferelbench.world.jsonio import iter_jsonl, read_json, validate

__all__ = ["ReportInputError", "RunData", "describe_validation_error", "load_runs"]


class ReportInputError(InputError):
    """Bad report input; the message names the file, the sample and the field."""


@dataclass
class RunData:
    """One run as the report sees it."""

    label: str  #: unique display name, e.g. "oracle · base"
    info: RunInfo
    episodes: list[EpisodeResult]
    source: Path  #: the run directory or log file it came from
    kind: str  #: "native" or "inspect"
    image_root: Path | None = None  #: directory that step image paths are relative to
    warnings: list[str] = field(default_factory=list)


def read_episodes_jsonl(path: Path) -> list[EpisodeResult]:
    """Every line of an ``episodes.jsonl``; a bad line raises :class:`ReportInputError`
    naming the file, the line, the sample and the field."""
    return [
        validate(
            EpisodeResult,
            raw,
            path=path,
            line=lineno,
            sample=raw.get("sample_id", "?"),
            error=ReportInputError,
        )
        for lineno, raw in iter_jsonl(path, error=ReportInputError, kind="episode")
    ]


def _summary_mismatch(summary_path: Path, episodes: list[EpisodeResult]) -> str | None:
    """Compare the harness's ``summary.json`` headline numbers with ours (a trust check)."""
    try:
        summary = json.loads(summary_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return f"{summary_path}: unreadable, not checked"
    if not isinstance(summary, dict):
        return f"{summary_path}: not a JSON object, not checked"
    ours = rates(episodes)
    for key in ("n", "SR", "SSR"):
        theirs = summary.get(key)
        mine = ours[key]
        if theirs is None or mine is None:
            continue
        if not math.isclose(float(theirs), float(mine), abs_tol=1e-9):
            return f"{summary_path}: {key}={theirs} but the episodes give {mine}"
    return None


def load_run_dir(path: Path) -> RunData:
    """A native run directory."""
    episodes_path = path / "episodes.jsonl"
    if not episodes_path.is_file():
        raise ReportInputError(f"{path}: no episodes.jsonl (not a run directory)")
    episodes = read_episodes_jsonl(episodes_path)
    warnings: list[str] = []
    info_path = path / "run.json"
    if info_path.is_file():
        raw_info = read_json(info_path, error=ReportInputError)
        info = validate(RunInfo, raw_info, path=info_path, error=ReportInputError)
    else:
        first = episodes[0] if episodes else None
        info = RunInfo.of(
            first.agent if first else path.name, prompt=first.prompt if first else "base"
        )
        warnings.append(f"{info_path}: missing; agent and prompt taken from the episodes")
    summary_path = path / "summary.json"
    if summary_path.is_file():
        mismatch = _summary_mismatch(summary_path, episodes)
        if mismatch:
            warnings.append(mismatch)
    if not episodes:
        warnings.append(f"{episodes_path}: no episodes")
    return RunData(
        label=f"{info.agent} · {info.prompt}{mode_suffix(info)}",
        info=info,
        episodes=episodes,
        source=path,
        kind="native",
        image_root=path,
        warnings=warnings,
    )


def load_runs(paths: list[Path]) -> list[RunData]:
    """Load every input; an Inspect log directory may hold several runs. Labels are made unique."""
    runs: list[RunData] = []
    for path in paths:
        if path.is_dir() and (path / "episodes.jsonl").is_file():
            runs.append(load_run_dir(path))
        elif path.is_dir() or path.suffix in (".eval", ".json"):
            if not path.exists():
                raise ReportInputError(f"{path}: no such file or directory")
            runs.extend(load_inspect_runs(path))
        elif not path.exists():
            raise ReportInputError(f"{path}: no such file or directory")
        else:
            raise ReportInputError(
                f"{path}: not a run directory (episodes.jsonl) nor an Inspect log (.eval/.json)"
            )
    _unique_labels(runs)
    return runs


def load_inspect_runs(path: Path) -> list[RunData]:
    """Every run of an Inspect log (``.eval``/``.json``) or a directory of logs."""
    from saferelbench.inspect_adapter.logs import LogReadError, read_log_runs

    try:
        found = read_log_runs(path)
    except LogReadError as err:
        raise ReportInputError(str(err)) from None
    return [
        RunData(
            label=f"{r.info.agent} · {r.info.prompt}{mode_suffix(r.info)}",
            info=r.info,
            episodes=r.episodes,
            source=r.source,
            kind="inspect",
            image_root=r.image_root,
            warnings=r.warnings,
        )
        for r in found
    ]


def _unique_labels(runs: list[RunData]) -> None:
    """Tell apart runs with the same agent and prompt: by verdict protocol, else by seed, else
    by input kind, else by #."""
    from saferelbench.evaluation.metrics import run_protocol

    groups: dict[str, list[RunData]] = {}
    for run in runs:
        groups.setdefault(run.label, []).append(run)
    for label, same in groups.items():
        if len(same) < 2:
            continue
        protocols = [run_protocol(r.episodes) or "physical" for r in same]
        if len(set(protocols)) == len(same):
            suffixes = protocols
        elif len({r.info.seed for r in same}) == len(same):
            suffixes = [f"seed {r.info.seed}" for r in same]
        elif len({r.kind for r in same}) == len(same):
            suffixes = [r.kind for r in same]
        else:
            suffixes = [f"#{i}" for i in range(1, len(same) + 1)]
        for run, suffix in zip(same, suffixes, strict=True):
            run.label = f"{label} · {suffix}"
