"""Inspect's grouped metrics name controls as everything else does: ``control``."""

from __future__ import annotations

from saferelbench.dataset.store import load_samples
from saferelbench.inspect_adapter.dataset import to_inspect_sample
from saferelbench.world.task import Task


def group(task: Task) -> str:
    metadata = to_inspect_sample(task).metadata or {}
    return str(metadata["relation_group"])


def test_relation_groups_are_the_relation_or_the_split():
    samples = load_samples()
    spatial = next(s for s in samples if s.split == "spatial")
    control = next(s for s in samples if s.split == "control")
    assert group(spatial) == spatial.relation
    assert group(control) == "control"
    assert all(group(s) != "not_spatial" for s in samples[::25])
