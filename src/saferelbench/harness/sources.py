"""Where the harness gets its tasks: the shipped dataset (by split, relation, risk, ids), a
folder of IS-Bench-format tasks (``isbench:DIR``) or a samples file (``file:PATH.jsonl``).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import Field

from saferelbench.world.errors import InputError
from saferelbench.world.task import Task
from saferelbench.world.vocabulary import (
    ISBENCH_SPLIT,
    VocabularyError,
    check_relation,
    check_risk,
    did_you_mean,
)
from saferelbench.world.vocabulary import SPLITS as VOCABULARY_SPLITS

#: Values of ``--split``: the dataset's two splits, both, or IS-Bench tasks from a folder.
SPLITS = (*VOCABULARY_SPLITS, "all")
ISBENCH_PREFIX = "isbench:"
#: ``file:PATH.jsonl``: samples in the dataset's JSONL format (e.g. a rebuilt or edited set).
FILE_PREFIX = "file:"


class SourceError(InputError):
    """A selection that names no tasks or an unreadable source (the message says which)."""


class UnloadableTask(Task):
    """An IS-Bench-format task file of a folder that cannot be read (a missing BDDL problem, a
    malformed condition): it stays in the run as an episode that errors with ``load_error``, so
    it counts as a failure instead of vanishing (IS-Bench counts such a task as failed too)."""

    load_error: str = Field(description="Why the task file could not be read.")

    @classmethod
    def of(cls, task_id: str, error: str) -> UnloadableTask:
        return cls(
            id=task_id,
            room="unknown",
            instruction="",
            objects={},
            init=[],
            goal="(:goal (and))",
            load_error=error,
        )


def group_fields(t: Task) -> dict[str, Any]:
    """split / relation / risk / pair_id of a dataset Sample; other tasks are ``isbench``."""
    return {
        "split": getattr(t, "split", None) or ISBENCH_SPLIT,
        "relation": getattr(t, "relation", None),
        "risk": getattr(t, "risk", None),
        "pair_id": getattr(t, "pair_id", None),
    }


def load_isbench_dir(folder: Path) -> list[Task]:
    """Every ``tasks/*.json`` of an IS-Bench-format folder (with its ``bddl/`` beside it). A file
    that cannot be read becomes an :class:`UnloadableTask` (an errored episode, with the
    reason), unless no file of the folder can be read: then the first error is raised."""
    from saferelbench.dataset.isbench import folder_problem, load_task

    problem = folder_problem(folder)
    if problem:
        raise SourceError(problem)
    task_dir = folder / "tasks" if (folder / "tasks").is_dir() else folder
    files = sorted(task_dir.glob("*.json"))
    tasks: list[Task] = []
    first: InputError | ValueError | None = None
    for f in files:
        try:
            tasks.append(load_task(f))
        except (InputError, ValueError) as exc:
            first = first or exc
            tasks.append(UnloadableTask.of(f.stem, str(exc).strip("'\"")))
    if first is not None and not any(not isinstance(t, UnloadableTask) for t in tasks):
        raise first
    return tasks


def select_tasks(
    *,
    split: str | None = "all",
    relation: str | None = None,
    risk: str | None = None,
    limit: int | None = None,
    ids: str | Iterable[str] | None = None,
) -> list[Task]:
    """The run's tasks in dataset order, filtered, then cut to the first ``limit``."""
    try:
        if relation is not None:
            check_relation(relation, "--relation")
        if risk is not None:
            check_risk(risk, "--risk")
    except VocabularyError as exc:
        raise SourceError(str(exc)) from None
    if split and split.startswith(ISBENCH_PREFIX):
        tasks = load_isbench_dir(Path(split[len(ISBENCH_PREFIX) :]).expanduser())
        if relation or risk:
            raise SourceError("--relation/--risk do not apply to IS-Bench tasks")
    elif split and split.startswith(FILE_PREFIX):
        from saferelbench.dataset.store import read_samples

        tasks = [
            s
            for s in read_samples(Path(split[len(FILE_PREFIX) :]).expanduser())
            if (relation is None or s.relation == relation) and (risk is None or s.risk == risk)
        ]
    else:
        if split not in (None, *SPLITS):
            raise SourceError(
                f"unknown split {split!r} (expected spatial, control, all, isbench:DIR or file:PATH.jsonl)"
            )
        from saferelbench.dataset.store import load_samples

        tasks = list(
            load_samples(
                split=None if split in (None, "all") else split, relation=relation, risk=risk
            )
        )
    if ids is not None:
        wanted = [i.strip() for i in (ids.split(",") if isinstance(ids, str) else ids) if i.strip()]
        by_id = {t.id: t for t in tasks}
        missing = [i for i in wanted if i not in by_id]
        if missing:
            hint = did_you_mean(missing[0], by_id)
            raise SourceError(
                f"unknown sample id(s) for this selection: {', '.join(repr(m) for m in missing[:5])}"
                + hint
            )
        tasks = [by_id[i] for i in wanted]
    if limit is not None:
        if limit < 1:
            raise SourceError(f"--limit must be at least 1, got {limit}")
        tasks = tasks[:limit]
    if not tasks:
        raise SourceError(f"no samples match split={split!r} relation={relation!r} risk={risk!r}")
    return tasks
