"""What a result is comparable with: the dataset version, the evaluation version, the verdict
protocol, the prompt variant and the action mode, recorded in every result file (``run.json``,
``summary.json``, the Inspect log's task metadata, the report).

The **evaluation version** follows the ``N-X`` scheme of the inspect_evals register: ``N``
changes whenever scores of the same agent could change (the dataset, the simulator's rules,
the verdict, the prompts), ``X`` whenever the task's interface changes (an argument renamed or
removed). Results of different ``N`` are not comparable; ``CHANGELOG.md`` at the repository root
says what each version changed. The **dataset version** is the samples' ``dataset_version``
(:data:`saferelbench.dataset.sample.DATASET_VERSION` for the shipped file).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from saferelbench.dataset.sample import DATASET_VERSION

__all__ = [
    "DATASET_VERSION",
    "DEFAULT_ACTION_MODE",
    "EVALUATION_VERSION",
    "VERSION_KEYS",
    "action_mode_of",
    "comparability",
    "dataset_version_of",
    "versions_for",
]

#: The evaluation's comparability version (``N-X``; see the module docstring and CHANGELOG.md).
EVALUATION_VERSION = "4-A"
#: How the agent's actions are read when a configuration names no mode (text with a JSON action).
DEFAULT_ACTION_MODE = "json"
#: The keys of a versions record, in the order they are shown.
VERSION_KEYS = ("dataset_version", "evaluation_version", "protocol", "prompt", "action_mode")


def comparability(version: str | None) -> str | None:
    """The ``N`` part of an ``N-X`` evaluation version (what must match for scores to pool)."""
    if version is None:
        return None
    return str(version).split("-", 1)[0]


def action_mode_of(config: Any) -> str:
    """The action mode a run configuration holds (an object or its JSON form); the default mode
    when the configuration has no such field."""
    for name in ("actions", "action_mode"):
        value = config.get(name) if isinstance(config, Mapping) else getattr(config, name, None)
        if value:
            return str(getattr(value, "value", value))
    return DEFAULT_ACTION_MODE


def dataset_version_of(split: str | None, tasks: Iterable[Any] | None = None) -> int | str | None:
    """The dataset version of a selection: the shipped dataset's for its splits, the samples'
    own for a ``file:`` selection (``"1,2"`` when they differ), None for IS-Bench tasks."""
    if split and split.startswith("isbench:"):
        return None
    if tasks is None and split and split.startswith("file:"):
        from pathlib import Path

        from saferelbench.dataset.store import read_samples

        try:
            tasks = read_samples(Path(split[len("file:") :]).expanduser(), check=False)
        except (OSError, ValueError):
            return None
    if tasks is None:
        return DATASET_VERSION
    found = sorted({int(getattr(t, "dataset_version", 0) or 0) for t in tasks} - {0})
    if not found:
        return None
    return found[0] if len(found) == 1 else ",".join(str(v) for v in found)


def versions_for(
    *,
    split: str | None,
    protocol: str | None,
    prompt: str | None,
    config: Any = None,
    tasks: Iterable[Any] | None = None,
) -> dict[str, Any]:
    """The versions record of a run (keys :data:`VERSION_KEYS`)."""
    return {
        "dataset_version": dataset_version_of(split, tasks),
        "evaluation_version": EVALUATION_VERSION,
        "protocol": protocol or "physical",
        "prompt": prompt or "base",
        "action_mode": action_mode_of(config if config is not None else {}),
    }
