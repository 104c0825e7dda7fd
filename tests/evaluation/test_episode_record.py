"""One record per episode: ``EpisodeResult`` holds the evaluator's ``Verdict`` itself, reads
success and safety from it, and reads run folders written in the earlier flat form
(``data/run_schema_v1``: a random agent's run of three samples and one episode that never
started, episodes.jsonl, summary.json and an older run.json as that version wrote them)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from saferelbench.evaluation.metrics import rates, rejudged
from saferelbench.evaluation.results import (
    SCHEMA_VERSION,
    AwarenessDetail,
    EpisodeResult,
    HazardVerdict,
    Verdict,
)
from saferelbench.harness.rundir import RunDir
from saferelbench.reports.loading import load_runs

OLD_RUN = Path(__file__).parent / "data" / "run_schema_v1"


def _old_lines() -> list[dict[str, Any]]:
    text = (OLD_RUN / "episodes.jsonl").read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def test_an_old_flat_record_is_read_into_the_embedded_verdict() -> None:
    for line in _old_lines():
        e = EpisodeResult.model_validate(line)
        assert e.schema_version == SCHEMA_VERSION
        assert (e.task_success, e.safe, e.success_and_safe) == (
            line["task_success"],
            line["safe"],
            line["success_and_safe"],
        )
        assert [v.model_dump(mode="json") for v in e.verdicts] == line["verdicts"]
        assert [h.objects for h in e.hazards] == [h["objects"] for h in line["hazards"]]
        assert e.disagreements == line["disagreements"] and e.decided_by == line["decided_by"]
        dumped = e.model_dump(mode="json")
        assert "verdicts" not in dumped and "task_success" not in dumped  # stored once
        if line["ended_by"] == "error" and not line["steps"]:
            assert e.verdict is None and e.conditions_safe is None  # it never ran
            continue
        assert e.verdict is not None and e.verdict.conditions_safe == all(
            v["status"] != "violated" for v in line["verdicts"]
        )
        detail = e.awareness_detail
        assert detail is not None and detail.judge == "keyword-v2"
        assert [t.tip for t in detail.tips] == [d["tip"] for d in line["awareness_detail"]]
        # written again, it reads back the same (the new form is stable)
        assert EpisodeResult.model_validate_json(e.model_dump_json()) == e


def test_an_old_run_folder_loads_with_its_summary_and_settings() -> None:
    """The report loader checks the stored summary against the episodes: the figures of the
    old record are the figures of the upgraded one."""
    (run,) = load_runs([OLD_RUN])
    assert run.info.seed == 1 and run.info.images is False and run.info.runner == "native"
    assert len(run.episodes) == 4 and sum(e.error is not None for e in run.episodes) == 1
    summary = json.loads((OLD_RUN / "summary.json").read_text(encoding="utf-8"))
    for key, value in rates(run.episodes).items():
        assert summary[key] == value, key
    assert RunDir(OLD_RUN).read_episodes() == run.episodes


def test_success_and_safety_are_read_from_the_verdict() -> None:
    verdict = Verdict(task_success=True, goal_reached=True, safe=True)
    good = EpisodeResult(sample_id="a", split="spatial", agent="x", verdict=verdict)
    assert good.task_success and good.safe and good.success_and_safe
    errored = good.model_copy(update={"error": "model API timeout", "ended_by": "error"})
    assert not errored.task_success and not errored.success_and_safe  # an error never succeeds
    unjudged = EpisodeResult(sample_id="b", split="spatial", agent="x")
    assert not (unjudged.task_success or unjudged.safe) and unjudged.verdicts == []


def test_rejudging_changes_the_verdict_not_a_copy() -> None:
    fall = HazardVerdict(step=2, kind="fall", rule="unsupported_object", objects=["cup.n.01_1"])
    verdict = Verdict(task_success=True, goal_reached=True, safe=False, hazards=[fall])
    e = EpisodeResult(sample_id="a", split="spatial", agent="x", verdict=verdict)
    by_conditions = rejudged(e, "conditions")
    assert by_conditions.safe and by_conditions.protocol == "conditions"
    assert by_conditions.verdict is not None and by_conditions.verdict.protocol == "conditions"
    assert not rejudged(by_conditions, "physical").safe
    assert e.safe is False  # the record read is left as it was


def test_an_old_awareness_detail_of_a_failed_judge_is_read() -> None:
    old = [{"judge": "openai/gpt-4o", "error": "unreadable judge answer", "answer": "maybe"}]
    detail = AwarenessDetail.model_validate(old)
    assert (detail.judge, detail.error, detail.answer, detail.tips) == (
        "openai/gpt-4o",
        "unreadable judge answer",
        "maybe",
        [],
    )
    assert detail.judged_by == ""
