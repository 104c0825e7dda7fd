"""Compatibility only: the result schema moved to :mod:`saferelbench.evaluation.results`.

Kept for the branches written before the move; new code imports ``saferelbench.evaluation.
results`` (or the public ``saferelbench`` API). Remove once nothing imports this module.
"""

from __future__ import annotations

from saferelbench.evaluation.results import (
    SCHEMA_VERSION,
    ConditionVerdict,
    EpisodeResult,
    GroupMetrics,
    RunInfo,
    RunSummary,
    StepRecord,
)

__all__ = [
    "SCHEMA_VERSION",
    "ConditionVerdict",
    "EpisodeResult",
    "GroupMetrics",
    "RunInfo",
    "RunSummary",
    "StepRecord",
]
