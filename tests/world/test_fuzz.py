"""Fuzzing the action parser and the task / BDDL loaders: the only exceptions allowed are the
project's own clear errors."""

from __future__ import annotations

import json
import shutil

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saferelbench.dataset.isbench import TaskFormatError, UnsupportedTask, load_task
from saferelbench.world.actions import ActionSyntaxError, parse_action
from saferelbench.world.conditions import ConditionError
from saferelbench.world.scene_builder import TaskError, build_world
from saferelbench.world.verdict import TaskEvaluator

from .scenes import kitchen

ACTIONISH = st.one_of(
    st.text(max_size=60),
    st.builds(
        lambda n, a: f"{n}({', '.join(a)})",
        st.sampled_from(["OPEN", "place_on_top", "DONE", "Wait", "X"]),
        st.lists(st.text(max_size=8), max_size=3),
    ),
)


@settings(max_examples=400, deadline=None)
@given(ACTIONISH)
def test_action_parser_only_raises_its_own_error(text):
    try:
        action = parse_action(text)
    except ActionSyntaxError as exc:
        assert str(exc)
    else:
        assert parse_action(str(action)) == action


BDDLISH = st.one_of(
    st.text(alphabet="()?:- abcdefghijklmnopqrstuvwxyz._0123456789", max_size=80),
    st.builds(
        lambda p, args, neg: (
            f"(:goal (not ({p} {' '.join(args)})))" if neg else f"(:goal ({p} {' '.join(args)}))"
        ),
        st.sampled_from(["ontop", "inside", "open", "nextto", "frozen", "flying", "forall", "and"]),
        st.lists(
            st.sampled_from(
                [
                    "?carton.n.02_1",
                    "?shelf.n.01_1",
                    "?ghost.n.01_1",
                    "carton.n.02_1",
                    "(open ?shelf.n.01_1)",
                ]
            ),
            max_size=3,
        ),
        st.booleans(),
    ),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(BDDLISH, BDDLISH)
def test_condition_compiler_only_raises_clear_errors(goal, cond):
    from .scenes import before

    task = kitchen(
        ["carton.n.02_1"],
        ["(ontop carton.n.02_1 countertop.n.01_1)"],
        goal=goal,
        process=[before("OPEN(cabinet.n.01_1)", cond)],
    )
    world = build_world(task)
    try:
        ev = TaskEvaluator(task, world.scene)
    except ConditionError as exc:
        assert "task 't'" in str(exc) and "field '" in str(exc)
    else:
        ev.goal_holds(world.initial)
        ev.process_ok(0, world.initial)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.text(max_size=30),
            st.builds(
                lambda p, a: f"({p} {a})",
                st.sampled_from(["ontop", "inside", "open", "nextto", "not", "inroom"]),
                st.text(alphabet="abc._ 0123456789n", max_size=25),
            ),
        ),
        max_size=5,
    )
)
def test_init_atoms_only_raise_task_errors(init):
    task = kitchen(["carton.n.02_1"], init)
    try:
        build_world(task)
    except TaskError as exc:
        assert "task 't'" in str(exc) and "field 'init" in str(exc)


def _mutations():
    leaf = st.one_of(
        st.none(),
        st.integers(),
        st.text(max_size=10),
        st.lists(st.integers(), max_size=2),
        st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    )
    paths = st.sampled_from(
        [
            ("planning_context",),
            ("planning_context", "object_list"),
            ("planning_context", "object_abilities"),
            ("planning_context", "task_instruction"),
            ("evaluation_goal_conditions",),
            ("evaluation_goal_conditions", "process_safety_goal_condition"),
            ("evaluation_goal_conditions", "execution_goal_condition"),
            ("example_planning",),
            ("task_info",),
            ("scene_info",),
            ("evaluation_cautions",),
        ]
    )
    return st.lists(st.tuples(paths, leaf, st.booleans()), min_size=1, max_size=3)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(_mutations())
def test_mutated_isbench_files_give_clear_errors(isbench_examples, tmp_path_factory, mutations):
    root = tmp_path_factory.mktemp("fuzz")
    shutil.copytree(isbench_examples, root / "d")
    f = root / "d" / "tasks" / "clear_laptop_before_moving.json"
    data = json.loads(f.read_text())
    for path, value, delete in mutations:
        cur = data
        for key in path[:-1]:
            cur = cur.setdefault(key, {}) if isinstance(cur, dict) else {}
        if isinstance(cur, dict):
            if delete:
                cur.pop(path[-1], None)
            else:
                cur[path[-1]] = value
    f.write_text(json.dumps(data))
    try:
        task = load_task(f)
        world = build_world(task)
        TaskEvaluator(task, world.scene)
    except (TaskFormatError, UnsupportedTask, TaskError, ConditionError) as exc:
        assert str(exc)
