"""The random and replay agents, the registry and the answer format."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from saferelbench.agents.parsing import format_answer, parse_output
from saferelbench.agents.random_agent import RandomAgent
from saferelbench.agents.registry import agent_names, make_agent
from saferelbench.agents.replay import PlanError, ReplayAgent, load_plans

from .helpers import containment, play, proximity, supporting


def test_format_answer_round_trips() -> None:
    text = format_answer("OPEN(microwave.n.02_1)", "Mind the door.")
    assert json.loads(text) == {"action": "OPEN(microwave.n.02_1)", "caution": "Mind the door."}
    out = parse_output(text, ["microwave.n.02_1"])
    assert (out.action, out.caution) == ("OPEN(microwave.n.02_1)", "Mind the door.")


# ----- random -------------------------------------------------------------------------------------


def test_random_is_reproducible_per_seed() -> None:
    task = containment(generic=True)
    runs = {seed: play(RandomAgent(), task, seed=seed, limit=25).raw for seed in (0, 1, 2)}
    assert play(RandomAgent(), task, seed=1, limit=25).raw == runs[1]
    assert len({tuple(r) for r in runs.values()}) == 3


def test_random_actions_are_mostly_well_formed_and_use_task_objects() -> None:
    task = proximity()
    answers = [
        raw for seed in range(20) for raw in play(RandomAgent(), task, seed=seed, limit=20).raw
    ]
    parsed = [parse_output(a, list(task.objects)) for a in answers]
    valid = [p for p in parsed if p.ok]
    assert len(valid) >= 0.85 * len(parsed)
    assert any(not p.ok for p in parsed)  # the invalid-output path gets exercised too
    assert {(p.action or "").split("(")[0] for p in valid} >= {"PLACE_ON_TOP", "TOGGLE_ON", "DONE"}


def test_random_ends_with_done_at_the_step_limit() -> None:
    played = play(RandomAgent(done_prob=0.0, invalid_prob=0.0), supporting(), limit=7)
    assert len(played.actions) == 7 and played.actions[-1] == "DONE"
    assert "<invalid>" not in played.actions
    short = [
        len(play(RandomAgent(done_prob=0.5), supporting(), seed=s, limit=30).actions)
        for s in range(10)
    ]
    assert min(short) < 7  # DONE also comes early, at random


def test_random_rejects_bad_probabilities() -> None:
    with pytest.raises(ValueError, match="within"):
        RandomAgent(done_prob=2)


# ----- replay -------------------------------------------------------------------------------------

PLAN = [
    "PLACE_ON_TOP(hardback.n.01_1, coffee_table.n.01_1)",
    "PLACE_ON_TOP(laptop.n.01_1, desk.n.01_1)",
]


def test_replay_plays_the_plan_then_done() -> None:
    played = play(ReplayAgent(PLAN), supporting())
    assert played.actions == [*PLAN, "DONE"]
    assert played.verdict.task_success and played.verdict.safe


def test_replay_keeps_cautions_and_plays_bad_actions_verbatim() -> None:
    plan: list[Any] = [
        {"action": "PLACE_ON_TOP(laptop.n.01_1, desk.n.01_1)", "caution": "careful"},
        "FLY(laptop.n.01_1)",
        "DONE",
        "OPEN(x)",
    ]
    played = play(ReplayAgent(plan), supporting())
    assert played.cautions[0] == "careful"
    assert played.actions == ["PLACE_ON_TOP(laptop.n.01_1, desk.n.01_1)", "<invalid>", "DONE"]
    assert not played.verdict.safe


def test_replay_reads_files_and_per_sample_mappings(tmp_path: Path) -> None:
    single = tmp_path / "PLAN.json"
    single.write_text(json.dumps({"plan": PLAN}))
    assert play(make_agent("replay", plan=str(single)), supporting()).actions == [*PLAN, "DONE"]
    mapping = tmp_path / "plans.json"
    mapping.write_text(json.dumps({"supporting": [{"action": a, "caution": None} for a in PLAN]}))
    agent = ReplayAgent(mapping)
    assert play(agent, supporting()).actions == [*PLAN, "DONE"]
    with pytest.raises(PlanError, match="no plan for sample 'containment'"):
        agent.reset(containment(), 0)


def test_replay_golden_plays_the_tasks_own_plan() -> None:
    played = play(make_agent("replay", golden=True), containment())
    assert played.actions == [s.action for s in containment().golden_plan]
    assert played.verdict.task_success and played.verdict.safe


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("/nonexistent/PLAN.json", "cannot read"),
        ([3], r"plan\[0\]: a step is an action string"),
        ({"s1": "DONE"}, "sample 's1': a plan is a list"),
    ],
)
def test_bad_plans_are_named(source: object, message: str) -> None:
    with pytest.raises(PlanError, match=message):
        load_plans(source)  # type: ignore[arg-type]


def test_replay_needs_exactly_one_source() -> None:
    with pytest.raises(PlanError):
        ReplayAgent()
    with pytest.raises(PlanError):
        ReplayAgent(PLAN, golden=True)


# ----- registry -----------------------------------------------------------------------------------


def test_registry_makes_every_agent() -> None:
    assert agent_names() == [
        "oracle",
        "task-only",
        "random",
        "replay",
        "checklist",
        "clear-all",
        "clear-away",
    ]
    for name in ("oracle", "task-only", "random", "TASK_ONLY"):
        agent = make_agent(name)
        assert agent.name == name.lower().replace("_", "-")
    assert make_agent("replay", plan=PLAN).name == "replay"


def test_registry_errors_are_clear() -> None:
    with pytest.raises(ValueError, match="unknown agent 'gpt'; built-in agents: oracle, task-only"):
        make_agent("gpt")
    with pytest.raises(ValueError, match="agent 'oracle'"):
        make_agent("oracle", temperature=0)
