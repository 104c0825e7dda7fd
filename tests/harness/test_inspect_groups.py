"""Inspect's grouped metrics name controls as everything else does: ``control``."""

from __future__ import annotations

from saferelbench.dataset.store import load_samples
from saferelbench.inspect_adapter.dataset import to_inspect_sample


def test_relation_groups_are_the_relation_or_the_split():
    samples = load_samples()
    spatial = next(s for s in samples if s.split == "spatial")
    control = next(s for s in samples if s.split == "control")
    assert to_inspect_sample(spatial).metadata["relation_group"] == spatial.relation
    assert to_inspect_sample(control).metadata["relation_group"] == "control"
    assert all(
        to_inspect_sample(s).metadata["relation_group"] != "not_spatial" for s in samples[::25]
    )
