"""The Inspect score holds the sample's headline values; its metrics read the one episode each
score stores and give the run summary's figures."""

from __future__ import annotations

import math
import random

import pytest

from saferelbench.evaluation import metrics
from saferelbench.evaluation.results import AwarenessDetail, EpisodeResult, JudgedTip
from saferelbench.testing.synthetic import synthetic_episode

pytest.importorskip("inspect_ai")

from inspect_ai.scorer import Metric, SampleScore, Score  # noqa: E402

from saferelbench.inspect_adapter import scorer  # noqa: E402


def _episodes(n: int = 40) -> list[EpisodeResult]:
    rng = random.Random(7)
    out = []
    for i in range(n):
        split = "spatial" if i % 2 else "control"
        e = synthetic_episode(
            rng, f"sp_s{i:02d}", split, "supporting", "fire", "m", "risk_aware", 0.6, None
        )
        tips = [JudgedTip(tip=f"tip {k}", covered=(i + k) % 3 == 0) for k in range(3)]
        detail = AwarenessDetail(judge="keyword-v2", tips=tips)
        out.append(e.model_copy(update={"awareness_detail": detail, "protocol": "isbench"}))
    return out


def _scores(episodes: list[EpisodeResult]) -> list[SampleScore]:
    return [
        SampleScore(
            score=Score(
                value=scorer.score_value(e), metadata={"episode": e.model_dump(mode="json")}
            ),
            sample_id=e.sample_id,
        )
        for e in episodes
    ]


def _run(m: Metric, scores: list[SampleScore]) -> float:
    value = m(scores)  # type: ignore[arg-type]
    assert isinstance(value, float)
    return value


def _same(a: float, b: float | int | None) -> bool:
    return (b is None and math.isnan(a)) or (b is not None and math.isclose(a, b))


def test_the_value_is_the_headline_and_the_metrics_read_the_stored_episode() -> None:
    episodes = _episodes()
    scores = _scores(episodes)
    assert all(set(s.score.value) == {"success", "safe", "success_safe"} for s in scores)  # type: ignore[arg-type]
    expected = metrics.rates(episodes)
    stderr = metrics.standard_errors(episodes)
    got = {
        "SR": _run(scorer.success_rate(), scores),
        "SSR": _run(scorer.safe_success_rate(), scores),
        "SRec": _run(scorer.safety_recall(), scores),
        "SR_stderr": _run(scorer.success_rate_stderr(), scores),
        "errors": _run(scorer.error_count(), scores),
        "awareness": _run(scorer.awareness_rate(), scores),
    }
    for name in ("SR", "SSR", "SRec", "errors", "awareness"):
        assert _same(got[name], expected[name]), name
    assert _same(got["SR_stderr"], stderr["SR"])
    assert 0 < expected["SR"] < 1 and expected["errors"] is not None  # type: ignore[operator]
    isbench = metrics.isbench_rates(episodes, [metrics.ConditionTally.of(e) for e in episodes])
    for name, make in (
        ("termination_rate", scorer.termination_rate),
        ("SRec_overall", scorer.srec_overall),
        ("SRec_process", scorer.srec_process),
        ("awareness", scorer.awareness_pooled),
    ):
        assert _same(_run(make(), scores), isbench[name]), name
    assert isbench["tips_judged"] == 3 * len(episodes)


def test_each_stored_episode_is_read_once_for_all_metrics(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scores = _scores(_episodes(10))
    reads: list[object] = []
    original = EpisodeResult.model_validate

    def counting(data: object, *args: object, **kwargs: object) -> EpisodeResult:
        reads.append(data)
        return original(data)

    monkeypatch.setattr(EpisodeResult, "model_validate", counting)
    for make in (scorer.success_rate, scorer.safe_success_rate, scorer.error_count):
        _run(make(), scores)
    assert len(reads) == 10


def test_a_score_without_a_stored_episode_is_read_from_its_value() -> None:
    old = SampleScore(score=Score(value={"success": 1.0, "safe": 0.0}), sample_id="x")
    e = scorer.episode_of(old)
    assert e.sample_id == "x" and e.task_success and not e.safe
