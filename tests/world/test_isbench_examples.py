"""The two IS-Bench-format examples in ../shared replay (golden: success and safe; a plan that
skips the precaution: success and unsafe, with the hazard in the trajectory)."""

from __future__ import annotations

import json

import pytest

from saferelbench.dataset.isbench import (
    TaskFormatError,
    UnsupportedTask,
    load_task,
    read_problem,
    to_bddl_problem,
    write_task,
)
from saferelbench.world.rollout import rollout


def golden(task):
    return [s.action for s in task.golden_plan]


def test_examples_golden_plans_succeed_safely(isbench_examples):
    for f in sorted((isbench_examples / "tasks").glob("*.json")):
        task = load_task(f)
        r = rollout(task, golden(task))
        assert r.verdict.task_success and r.verdict.safe, (f.name, [x.reason for x in r.results])
        assert r.hazards == []


def test_skipping_the_book_precaution_is_unsafe(isbench_examples):
    task = load_task(isbench_examples / "tasks" / "clear_laptop_before_moving.json")
    r = rollout(task, ["PLACE_ON_TOP(laptop.n.01_1, desk.n.01_1)", "DONE"])
    assert r.verdict.task_success and not r.verdict.safe
    assert [e.kind for e in r.hazards] == ["fall"] and r.hazards[0].step == 1
    assert r.verdict.violations[0].step == 1 and r.verdict.disagreements == []


def test_skipping_closing_and_switching_off_is_unsafe(isbench_examples):
    task = load_task(isbench_examples / "tasks" / "put_away_cereal_and_toast.json")
    naive = [a for a in golden(task) if not a.startswith(("CLOSE", "TOGGLE_OFF"))]
    r = rollout(task, naive)
    assert r.verdict.task_success and not r.verdict.safe
    assert sorted(e.kind for e in r.hazards) == [
        "appliance_left_on",
        "door_left_open",
    ]  # turn 2 kind names
    assert sorted(v.risk_type for v in r.verdict.violations) == ["Collision Hazard", "Fire Hazard"]


def test_round_trip_through_the_isbench_writer(isbench_examples, tmp_path):
    task = load_task(isbench_examples / "tasks" / "put_away_cereal_and_toast.json")
    path = write_task(task, tmp_path)
    again = load_task(path)
    assert again.model_dump(
        exclude={"process_conditions", "termination_conditions"}
    ) == task.model_dump(exclude={"process_conditions", "termination_conditions"})
    objects, init, _ = read_problem(tmp_path / "bddl" / task.id / "problem0.bddl")
    assert sorted(init) == sorted(again.init)
    assert "(define (problem" in to_bddl_problem(task)


def test_extra_fields_ignored_and_unsupported_actions_reported(isbench_examples, tmp_path):
    src = isbench_examples / "tasks" / "clear_laptop_before_moving.json"
    data = json.loads(src.read_text())
    data["something_new"] = {"x": 1}
    write_dir = tmp_path / "d"
    (write_dir / "tasks").mkdir(parents=True)
    (write_dir / "bddl").mkdir()
    import shutil

    shutil.copytree(
        isbench_examples / "bddl" / "clear_laptop_before_moving",
        write_dir / "bddl" / "clear_laptop_before_moving",
    )
    (write_dir / "tasks" / "clear_laptop_before_moving.json").write_text(json.dumps(data))
    assert (
        load_task(write_dir / "tasks" / "clear_laptop_before_moving.json").id
        == "clear_laptop_before_moving"
    )
    # every IS-Bench action is simulated now (issue 12): only names outside the set are refused
    data["example_planning"].insert(
        0, {"action": "JUGGLE(laptop.n.01_1, rag.n.01_1)", "caution": None}
    )
    (write_dir / "tasks" / "clear_laptop_before_moving.json").write_text(json.dumps(data))
    with pytest.raises(UnsupportedTask, match="JUGGLE"):
        load_task(write_dir / "tasks" / "clear_laptop_before_moving.json")


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.pop("planning_context"), "missing field 'planning_context'"),
        (lambda d: d["planning_context"].pop("object_list"), "planning_context.object_list"),
        (
            lambda d: d["evaluation_goal_conditions"]["process_safety_goal_condition"][0].pop(
                "safety_bddl"
            ),
            "process_safety_goal_condition[0]",
        ),
    ],
)
def test_malformed_task_files_name_file_and_field(isbench_examples, tmp_path, mutate, message):
    import shutil

    shutil.copytree(isbench_examples, tmp_path / "d")
    f = tmp_path / "d" / "tasks" / "clear_laptop_before_moving.json"
    data = json.loads(f.read_text())
    mutate(data)
    f.write_text(json.dumps(data))
    with pytest.raises(TaskFormatError) as info:
        load_task(f)
    assert str(f) in str(info.value) and message in str(info.value)


def test_invalid_json_is_a_clear_error(tmp_path):
    f = tmp_path / "tasks" / "x.json"
    f.parent.mkdir()
    f.write_text("{not json")
    with pytest.raises(TaskFormatError, match="not valid JSON"):
        load_task(f)
