"""The versions of the runs a report pools: shown in the report (``versions.json``, the
Markdown's versions table) and checked before pooling, since scores of different evaluation
versions (their ``N`` part) are not comparable."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from saferelbench.harness.versions import VERSION_KEYS, comparability
from saferelbench.reports.loading import RunData

__all__ = ["mixed_versions", "versions_of", "versions_rows"]


def versions_of(run: RunData) -> dict[str, Any]:
    """The run's versions record; older runs without one: protocol and prompt as recorded."""
    found = dict(run.info.versions)
    found.setdefault("protocol", run.info.protocol)
    found.setdefault("prompt", run.info.prompt)
    return {key: found.get(key) for key in VERSION_KEYS}


def mixed_versions(runs: Sequence[RunData]) -> str | None:
    """One line naming the runs' different evaluation versions, or None when they agree (runs
    made before versions were recorded are not counted: their version is unknown)."""
    by_version: dict[str, list[str]] = {}
    for run in runs:
        version = versions_of(run).get("evaluation_version")
        if version:
            by_version.setdefault(str(comparability(version)), []).append(
                f"{run.source} ({version})"
            )
    if len(by_version) < 2:
        return None
    listed = "; ".join(", ".join(sources) for sources in by_version.values())
    return (
        "the runs were made under different evaluation versions, whose scores are not "
        f"comparable: {listed} (pass --allow-mixed-versions to report them together anyway)"
    )


def versions_rows(runs: Sequence[RunData]) -> tuple[list[str], list[list[str]]]:
    """Header and rows of the report's versions table (one row per run)."""
    header = ["Run", *VERSION_KEYS]
    rows = [
        [run.label, *(str(v) if v is not None else "n/a" for v in versions_of(run).values())]
        for run in runs
    ]
    return header, rows
