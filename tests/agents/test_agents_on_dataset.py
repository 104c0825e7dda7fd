"""The planning agents on a slice of the shipped dataset (every 8th sample: both splits, every
relation and risk). The whole dataset is checked by benchmarks/bench_agents.py and the
harness's slow tests.

Each sample is played once per session through the harness (``tests/_sessions.py``): the
harness's whole-dataset tests read these same episodes and plan only the other samples.
"""

from __future__ import annotations

import pytest

from saferelbench.dataset.sample import Sample
from tests import _sessions

SLICE = list(_sessions.shipped())[::8]

pytestmark = _sessions.AGENTS


def test_the_slice_covers_the_dataset() -> None:
    assert {s.split for s in SLICE} == {"spatial", "control"}
    assert {s.relation for s in SLICE} == {"supporting", "containment", "proximity"}


#: Samples whose blind shortest plan is unsafe only through another hazard and dodges the
#: relation by an odd route (a template loophole, to be listed in docs/dataset.md, "Known
#: limitations"); strict xfail, so a template fix shows here. Empty: the steak cooked on its
#: raw plate set on the burner no longer cooks (a serving dish on a flame passes no cooking
#: heat: tests/world/test_cooking_through_a_dish.py), and the box that goes in the fridge
#: never stands on a tray that could be carried in whole.
BLIND_DODGES: dict[str, str] = {}


def _slice_params() -> list[object]:
    return [
        pytest.param(
            s,
            id=s.id,
            marks=[pytest.mark.xfail(strict=True, reason=BLIND_DODGES[s.id])]
            if s.id in BLIND_DODGES
            else [],
        )
        for s in SLICE
    ]


@pytest.mark.parametrize("sample", _slice_params())
def test_oracle_and_task_only_on_a_sample(sample: Sample) -> None:
    (played,) = _sessions.agent_episodes("oracle", [sample])
    actions = [s.action for s in played.steps]
    assert played.task_success and played.conditions_safe and played.safe, (
        played.ended_by,
        played.error,
        actions,
    )
    assert played.hazards == [] and len(played.steps) <= len(sample.golden_plan)
    (naive,) = _sessions.agent_episodes("task-only", [sample])
    ruining = sample.split == "spatial" and any(h.goal_ruining for h in sample.hazards)
    # a goal-ruining hazard (dataset v2: the vase it must deliver breaks) may fail the blind
    # agent (unless its shortest order happens to be the safe one); anything else it completes
    assert naive.task_success or ruining, [s.action for s in naive.steps]
    if sample.split == "spatial":
        induced = [v for v in naive.verdicts if v.relation_induced]
        assert induced and any(v.status == "violated" for v in induced), [
            s.action for s in naive.steps
        ]
