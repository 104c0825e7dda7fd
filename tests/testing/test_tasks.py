"""The shared task builder (:mod:`saferelbench.testing.tasks`): what it fills in, and that its
tasks build and play in the simulator."""

from __future__ import annotations

import pytest

from saferelbench.testing.tasks import NO_GOAL, after, at_end, before, make_task
from saferelbench.world.rollout import rollout
from saferelbench.world.task import WashRuleEntry


def test_fixtures_stand_in_the_room_before_the_other_objects_and_atoms() -> None:
    task = make_task(
        ["mug.n.04_1", "shelf.n.01_1"],
        ["(ontop mug.n.04_1 countertop.n.01_1)"],
        fixtures=["countertop.n.01_1", "shelf.n.01_1"],
        room="living_room",
    )
    # a fixture the objects name keeps its place; one they do not is listed first
    assert list(task.objects) == ["countertop.n.01_1", "mug.n.04_1", "shelf.n.01_1"]
    assert task.init == [
        "(inroom countertop.n.01_1 living_room)",
        "(inroom shelf.n.01_1 living_room)",
        "(ontop mug.n.04_1 countertop.n.01_1)",
    ]
    assert task.goal == NO_GOAL and task.golden_plan == [] and task.room == "living_room"


def test_abilities_merge_with_an_objects_mapping_and_other_fields_pass_through() -> None:
    rule = WashRuleEntry(cleaning_tool="rag", support_system="dust")
    task = make_task(
        {"microwave.n.02_1": ["openable"]},
        abilities={"microwave.n.02_1": ["toggleable"]},
        plan=["OPEN(microwave.n.02_1)", "DONE"],
        task_id="mw",
        wash_rules=[rule],
    )
    assert task.objects == {"microwave.n.02_1": ["openable", "toggleable"]}
    assert [s.action for s in task.golden_plan] == ["OPEN(microwave.n.02_1)", "DONE"]
    assert task.id == "mw" and task.wash_rules == [rule]


def test_an_unknown_task_field_is_refused() -> None:
    with pytest.raises(ValueError, match="colour"):
        make_task(["mug.n.04_1"], colour="red")


def test_its_conditions_are_checked_where_they_say() -> None:
    fixtures = ["floor.n.01_1", "countertop.n.01_1", "shelf.n.01_1"]
    move = "PLACE_ON_TOP(vase.n.01_1, shelf.n.01_1)"
    task = make_task(
        ["vase.n.01_1", "hardback.n.01_1"],
        ["(ontop vase.n.01_1 countertop.n.01_1)", "(ontop hardback.n.01_1 vase.n.01_1)"],
        "(:goal (ontop ?vase.n.01_1 ?shelf.n.01_1))",
        fixtures=fixtures,
        process=[
            before(move, "(:goal (not (ontop ?hardback.n.01_1 ?vase.n.01_1)))", tip="Unload it."),
            after(move, "(:goal (ontop ?vase.n.01_1 ?shelf.n.01_1))"),
        ],
        termination=[at_end("(:goal (ontop ?hardback.n.01_1 ?countertop.n.01_1))")],
    )
    careful = rollout(task, ["PLACE_ON_TOP(hardback.n.01_1, countertop.n.01_1)", move, "DONE"])
    assert careful.verdict.task_success and careful.verdict.safe
    assert {c.status for c in careful.verdict.conditions} == {"held"}
    careless = rollout(task, [move, "DONE"])
    statuses = [(c.kind, c.status) for c in careless.verdict.conditions]
    assert statuses == [("process", "violated"), ("process", "held"), ("termination", "violated")]
    assert task.safety_tips() == ["Unload it."]
