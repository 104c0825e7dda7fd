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


#: Samples whose blind shortest plan is unsafe only through another hazard (a plate set on a
#: lit burner breaks; a brim-full glass spills; the stove is left on) and dodges the relation
#: by an odd route (the steak cooked on the plate it lay on raw, the meatball's whole tray
#: carried): a template loophole listed in docs/dataset.md, "Known limitations". Strict, so a
#: template fix shows here.
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
