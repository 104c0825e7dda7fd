"""SafeRelBench tasks as Inspect samples. Each sample carries its whole task in its metadata
(key ``task``), so the solver, the scorer and the built-in providers need no registry: what a
sample runs is in the sample (and in the log). The task is kept as one JSON string, not as
nested JSON: Inspect deep-copies a sample's metadata several times per sample and walks it
when it writes the log, and a string costs nothing there (docs/performance.md).
:func:`task_of` reads both forms (logs written before keep the nested form).

The other metadata keys are ``split``, ``relation``, ``risk`` and ``pair_id`` (real values,
None allowed: the reports read them) and the grouping keys of the Inspect metrics
(:data:`GROUPS`, always strings since ``grouped()`` raises on a missing key).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any

from inspect_ai.dataset import MemoryDataset, Sample

from saferelbench.dataset.sample import Sample as DatasetSample
from saferelbench.evaluation import metrics
from saferelbench.harness.sources import UnloadableTask, group_fields
from saferelbench.world.errors import SafeRelBenchError
from saferelbench.world.task import Task

#: Key of the task in the sample metadata (and of the first step message's metadata).
TASK_KEY = "task"
#: ``sample`` (a SafeRelBench sample), ``task`` (an IS-Bench-format task) or ``unloadable`` (a
#: task file that could not be read: the episode errors with the reason).
TASK_KIND_KEY = "task_kind"

#: Grouping keys of the Inspect metrics, computed by the same functions as
#: ``evaluation.metrics.summarize`` (``relation_group``: ``metrics.relation_key``,
#: ``risk_group``: ``metrics.risk_key``).
GROUPS = (("split", "split"), ("relation_group", "relation"), ("risk_group", "risk"))


class SampleMetadataError(SafeRelBenchError, ValueError):
    """An Inspect sample that does not carry a SafeRelBench task."""


def task_metadata(t: Task) -> dict[str, Any]:
    """The task as JSON metadata (with its kind, so it is read back as the same class)."""
    return {
        TASK_KEY: t.model_dump_json(),
        TASK_KIND_KEY: (
            "sample"
            if isinstance(t, DatasetSample)
            else "unloadable"
            if isinstance(t, UnloadableTask)
            else "task"
        ),
    }


def task_of(metadata: Mapping[str, Any] | None, sample_id: object = None) -> Task:
    """The task a sample (or a step message) carries (a JSON string, or nested JSON)."""
    raw = (metadata or {}).get(TASK_KEY)
    if not isinstance(raw, dict | str):
        raise SampleMetadataError(
            f"sample {sample_id}: no SafeRelBench task in its metadata "
            f"(field {TASK_KEY!r}; samples come from saferelbench.inspect_adapter.dataset)"
        )
    kind = (metadata or {}).get(TASK_KIND_KEY)
    kinds: dict[str, type[Task]] = {"sample": DatasetSample, "unloadable": UnloadableTask}
    cls = kinds.get(str(kind), Task)
    if isinstance(raw, str):
        return cls.model_validate_json(raw)
    return cls.model_validate(raw)


def to_inspect_sample(t: Task) -> Sample:
    fields = group_fields(t)
    shim = SimpleNamespace(**fields)
    meta: dict[str, Any] = dict(fields)
    # controls (and IS-Bench tasks) by their split, the word the summary and reports use
    meta["relation_group"] = metrics.relation_key(shim) or str(fields.get("split") or "none")
    meta["risk_group"] = metrics.risk_key(shim) or "none"
    meta.update(task_metadata(t))
    return Sample(id=t.id, input=t.instruction, target="success and safe", metadata=meta)


def to_inspect_dataset(tasks: list[Task]) -> MemoryDataset:
    return MemoryDataset([to_inspect_sample(t) for t in tasks], name="saferelbench")
