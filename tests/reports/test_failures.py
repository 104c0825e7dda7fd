"""Failure analysis: how each violated condition failed, and the unsafe first actions."""

from __future__ import annotations

from typing import Literal

from saferelbench.evaluation.results import ConditionVerdict, StepRecord
from saferelbench.reports.failures import analyse, classify, generic_action

TRAY = "tray.n.01_1"
CUP = "cup.n.01_1"
MOVE_TRAY = f"PLACE_ON_TOP({TRAY}, table.n.02_1)"
MOVE_CUP = f"PLACE_ON_TOP({CUP}, counter.n.01_1)"


def steps(*actions: str) -> list[StepRecord]:
    return [StepRecord(index=i, action=a, outcome="ok") for i, a in enumerate(actions, start=1)]


def violated(
    step: int, violated_steps: list[int], kind: Literal["process", "termination"] = "process"
) -> ConditionVerdict:
    return ConditionVerdict(
        kind=kind,
        index=0,
        risk_type="falling_object",
        bddl=f"(not (ontop ?{CUP} ?{TRAY}))",
        action=MOVE_TRAY if kind == "process" else None,
        type="before" if kind == "process" else None,
        status="violated",
        step=step,
        violated_steps=violated_steps,
        relation_induced=True,
    )


def episode(actions: list[str], verdicts: list[ConditionVerdict], sample_id: str = "x"):
    from tests.reports.builders import ep

    return ep(sample_id, success=True, safe=False, steps=steps(*actions), verdicts=verdicts)


def test_never_too_late_and_repeated() -> None:
    never = episode([MOVE_TRAY, "DONE"], [violated(1, [1])])
    assert classify(never.verdicts[0], never) == "never"
    late = episode([MOVE_TRAY, MOVE_CUP, "DONE"], [violated(1, [1])])
    assert classify(late.verdicts[0], late) == "too_late"
    again = episode([MOVE_TRAY, MOVE_CUP, MOVE_TRAY, "DONE"], [violated(1, [1, 3])])
    assert classify(again.verdicts[0], again) == "repeated"
    # a precaution taken *before* the violation is not "too late"
    before = episode([MOVE_CUP, MOVE_TRAY, "DONE"], [violated(2, [2])])
    assert classify(before.verdicts[0], before) == "never"
    end = episode(["DONE"], [violated(2, [], kind="termination")])
    assert classify(end.verdicts[0], end) == "never"


def test_analyse_counts_and_first_actions() -> None:
    from tests.reports.builders import ep

    episodes = [
        episode([MOVE_TRAY, "DONE"], [violated(1, [1])], "a"),
        episode([MOVE_TRAY, MOVE_CUP, "DONE"], [violated(1, [1])], "b"),
        episode([MOVE_CUP, MOVE_TRAY, "DONE"], [violated(2, [2])], "c"),
        ep("safe", success=True, safe=True),
        ep("err", success=False, safe=False, error="boom"),  # errored: not analysed as unsafe
        ep("unexplained", success=True, safe=False),
    ]
    a = analyse("run", episodes)
    assert a.unsafe == 4 and a.unexplained == 1
    assert a.how_counts() == {"never": 2, "too_late": 1}
    assert a.first_actions[0] == ("PLACE_ON_TOP(tray, table)", 3)
    ((key, counts),) = a.by_condition()
    assert key == ("falling_object", "process", "PLACE_ON_TOP", True)
    assert sum(counts.values()) == 3


def test_generic_action() -> None:
    assert (
        generic_action("PLACE_INSIDE(mug.n.04_1, cabinet.n.01_2)") == "PLACE_INSIDE(mug, cabinet)"
    )
    assert generic_action("DONE") == "DONE"
    assert generic_action(None) == "(no action)"
    assert generic_action("not an action (") == "not an action ("
