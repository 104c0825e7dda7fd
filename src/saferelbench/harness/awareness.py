"""Applying an awareness judge to a finished episode (fills ``awareness`` and its detail).

Under the ``physical`` and ``conditions`` protocols the judge reads the per-step cautions and
judges the scenario's distinct tips; under ``isbench`` it reads the tips the agent wrote before
acting (``EpisodeResult.stated_tips``) and judges IS-Bench's reference list
(:func:`~saferelbench.evaluation.judge.reference_tips`), as IS-Bench does.

The logic lives in :mod:`saferelbench.evaluation.judge`; this module feeds it an
:class:`EpisodeResult`. The model judge takes any object with an async
``generate(input: str, config=...)`` returning something with ``.completion`` (an Inspect
``Model``), so nothing here imports Inspect.
"""

from __future__ import annotations

from typing import Any

from saferelbench.evaluation.judge import (
    JUDGE_SYSTEM,
    TIPS_JUDGE_SYSTEM,
    KeywordJudge,
    Tip,
    TipJudgement,
    awareness_rate,
    awareness_tips,
    judge_prompt,
    parse_judge_answer,
    reference_tips,
    tips_judge_prompt,
)
from saferelbench.evaluation.results import AwarenessDetail, EpisodeResult, JudgedTip
from saferelbench.harness.errors import Redactor, describe_error
from saferelbench.world.task import Task


def _cautions(result: EpisodeResult) -> list[str]:
    """What the judge reads: the stated tips (isbench) or the per-step cautions."""
    if result.protocol == "isbench":
        return list(result.stated_tips or [])
    return [s.caution for s in result.steps if s.caution]


def _tips(task: Task, result: EpisodeResult) -> list[Tip]:
    return reference_tips(task) if result.protocol == "isbench" else awareness_tips(task)


def _with(result: EpisodeResult, judge: str, judgements: list[TipJudgement]) -> EpisodeResult:
    detail = AwarenessDetail(
        judge=judge,
        tips=[
            JudgedTip(risk_type=j.risk_type, tip=j.tip, covered=j.covered, evidence=j.evidence)
            for j in judgements
        ],
    )
    return result.model_copy(
        update={"awareness": awareness_rate(judgements), "awareness_detail": detail}
    )


def _unjudged(
    result: EpisodeResult, judge: str, error: str, answer: str | None = None
) -> EpisodeResult:
    detail = AwarenessDetail(judge=judge, error=error, answer=answer)
    return result.model_copy(update={"awareness": None, "awareness_detail": detail})


def judge_with_keywords(
    task: Task, result: EpisodeResult, judge: KeywordJudge | None = None
) -> EpisodeResult:
    """The scripted offline judge (content-word overlap; for tests and built-in agents)."""
    judge = judge or KeywordJudge()
    return _with(result, judge.name, judge.judge(_tips(task, result), _cautions(result)))


async def judge_with_model_async(
    task: Task, result: EpisodeResult, model: Any, retries: int = 1
) -> EpisodeResult:
    """Ask a judge model once per episode about all tips; an unreadable answer is retried,
    then recorded as not judged (awareness None) with the reason, never guessed."""
    tips = _tips(task, result)
    name = str(getattr(model, "name", None) or model)
    if not tips:
        return _with(result, name, [])
    body = (
        tips_judge_prompt(task, tips, _cautions(result))
        if result.protocol == "isbench"
        else judge_prompt(task, tips, [(s.action, s.caution) for s in result.steps])
    )
    system = TIPS_JUDGE_SYSTEM if result.protocol == "isbench" else JUDGE_SYSTEM
    text = system + "\n\n" + body
    answer = ""
    for _ in range(retries + 1):
        try:
            output = await model.generate(text)
        except Exception as exc:  # the judge failing (after Inspect's retries) must not turn the
            # agent's episode into an errored one: the episode stays, unjudged, with the reason
            reason = describe_error(exc, redactor=Redactor.from_environment())
            return _unjudged(result, name, f"judge call failed: {reason}")
        answer = str(output.completion)
        parsed = parse_judge_answer(answer, len(tips))
        if parsed is not None:
            judgements = [
                TipJudgement(t.risk_type, t.text, covered, reason, name)
                for t, (covered, reason) in zip(tips, parsed, strict=True)
            ]
            return _with(result, name, judgements)
    return _unjudged(result, name, "unreadable judge answer", answer[:500])
