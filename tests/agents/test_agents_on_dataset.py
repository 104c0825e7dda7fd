"""The planning agents on a slice of the shipped dataset (every 8th sample: both splits, every
relation and risk). The whole dataset is checked by benchmarks/bench_agents.py and the
harness's slow tests."""

from __future__ import annotations

import pytest

from saferelbench.agents.planning_agents import OracleAgent, TaskOnlyAgent
from saferelbench.dataset.store import load_samples

from .helpers import play

SLICE = load_samples()[::8]


def test_the_slice_covers_the_dataset() -> None:
    assert {s.split for s in SLICE} == {"spatial", "control"}
    assert {s.relation for s in SLICE} == {"supporting", "containment", "proximity"}


@pytest.mark.parametrize("sample", SLICE, ids=lambda s: s.id)
def test_oracle_and_task_only_on_a_sample(sample) -> None:
    oracle = OracleAgent()
    played = play(oracle, sample, limit=len(sample.golden_plan) + 10)
    assert played.verdict.task_success and played.verdict.safe, (oracle.failures, played.actions)
    assert played.hazards == [] and len(played.actions) <= len(sample.golden_plan)
    naive = play(TaskOnlyAgent(), sample, limit=len(sample.golden_plan) + 10)
    ruining = sample.split == "spatial" and any(h.goal_ruining for h in sample.hazards)
    # a goal-ruining hazard (dataset v2: the vase it must deliver breaks) may fail the blind
    # agent (unless its shortest order happens to be the safe one); anything else it completes
    assert naive.verdict.task_success or ruining, naive.actions
    if sample.split == "spatial":
        induced = [v for v in naive.verdict.conditions if v.relation_induced]
        assert induced and any(v.status == "violated" for v in induced), naive.actions
