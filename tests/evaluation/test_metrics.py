"""SR, SSR, SRec and their standard errors: one computation for summaries and Inspect."""

from __future__ import annotations

import math

from saferelbench.evaluation import metrics
from saferelbench.evaluation.results import EpisodeResult, RunSummary, Verdict


def _ep(i: int, success: bool, safe: bool, error: str | None = None) -> EpisodeResult:
    return EpisodeResult(
        sample_id=f"s{i}",
        split="spatial",
        relation="supporting",
        risk="fire",
        agent="a",
        verdict=Verdict(task_success=success, goal_reached=success, safe=safe),
        error=error,
    )


def test_rates_of_no_episode_are_undefined_not_zero() -> None:
    r = metrics.rates([])
    assert r["n"] == 0 and r["SR"] is None and r["SSR"] is None and r["SRec"] is None
    RunSummary.model_validate(metrics.summarize([]))  # the schema accepts it


def test_rates_and_standard_errors() -> None:
    eps = [_ep(0, True, True), _ep(1, True, False), _ep(2, False, True), _ep(3, True, True, "x")]
    r = metrics.rates(eps)
    assert r["SR"] == 0.5 and r["SSR"] == 0.25 and r["SRec"] == 0.5 and r["errors"] == 1
    se = metrics.standard_errors(eps)
    assert se["SR"] is not None and math.isclose(se["SR"], math.sqrt(0.25 / 3))
    assert se["SRec"] is not None and math.isclose(se["SRec"], math.sqrt(0.25 / 1))
    summary = RunSummary.model_validate(metrics.summarize(eps))
    assert summary.stderr["SSR"] is not None and summary.by_relation["supporting"].n == 4


def test_standard_error_needs_two_observations() -> None:
    assert metrics.standard_error(1, 1) is None and metrics.standard_error(0, 0) is None
    assert metrics.standard_error(2, 2) == 0.0
