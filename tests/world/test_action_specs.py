"""The action registry: one spec per action, from which names, arity, parsing, the prompt's
action list, groundings and failure codes all come (issue 12, section 1)."""

from __future__ import annotations

import pytest

from saferelbench.world.action_specs import (
    ARITY,
    REGISTRY,
    all_specs,
    failure,
    get_spec,
    prompt_lines,
)
from saferelbench.world.actions import (
    ARITY as ACTION_ARITY,
)
from saferelbench.world.actions import (
    Action,
    ActionName,
    ActionSyntaxError,
    parse_action,
)
from saferelbench.world.events import Outcome
from saferelbench.world.scene_builder import build_world
from saferelbench.world.simulator import step

from .scenes import kitchen

ISBENCH_ACTIONS = {
    "OPEN",
    "CLOSE",
    "PLACE_ON_TOP",
    "PLACE_INSIDE",
    "TOGGLE_ON",
    "TOGGLE_OFF",
    "WIPE",
    "CUT",
    "SOAK_UNDER",
    "SOAK_INSIDE",
    "FILL_WITH",
    "POUR_INTO",
    "SPREAD",
    "WAIT_FOR_COOKED",
    "WAIT_FOR_WASHED",
    "WAIT",
    "WAIT_FOR_FROZEN",
    "DONE",
}


def test_the_registry_lists_every_action_name_once_and_nothing_else() -> None:
    assert list(REGISTRY) == [s.name for s in all_specs()]
    assert set(REGISTRY) == {n.value for n in ActionName} == ISBENCH_ACTIONS
    assert all(get_spec(n.value).name == n.value for n in ActionName)
    assert all(s.isbench for s in all_specs())


def test_every_spec_describes_itself_for_the_prompt() -> None:
    lines = prompt_lines()
    assert len(lines) == len(REGISTRY)
    for spec, line in zip(all_specs(), lines, strict=True):
        assert spec.description and line == f"{spec.signature}: {spec.description}"
        assert all(p.name and p.role for p in spec.params), spec.name
        assert len({p.name for p in spec.params}) == len(spec.params), spec.name
        # optional parameters only at the end
        flags = [p.optional for p in spec.params]
        assert flags == sorted(flags), spec.name
        codes = [pre.code for pre in spec.preconditions]
        assert all(c and c == c.lower() and " " not in c for c in codes), spec.name
    assert get_spec("WIPE").signature == "WIPE(target, tool)"
    assert get_spec("WAIT_FOR_FROZEN").signature == "WAIT_FOR_FROZEN(obj[, cold_source])"
    assert get_spec("DONE").signature == "DONE"


def test_arity_and_parsing_come_from_the_specs() -> None:
    assert ARITY["WAIT_FOR_FROZEN"] == (1, 2) and ARITY["WIPE"] == (2,) and ARITY["DONE"] == (0,)
    assert {n.value: a for n, a in ACTION_ARITY.items()} == ARITY
    a = parse_action("wipe( plate.n.04_1 , rag.n.01_1 )")
    assert a == Action(ActionName.WIPE, ("plate.n.04_1", "rag.n.01_1"))
    assert a.spec is REGISTRY["WIPE"] and a.moves is None
    assert parse_action("PLACE_ON_TOP(a, b)").moves == "a"
    with pytest.raises(ActionSyntaxError) as err:
        parse_action("WIPE(plate.n.04_1)")
    assert err.value.code == "arity"
    with pytest.raises(ActionSyntaxError) as err:
        parse_action("JUGGLE(x)")
    assert err.value.code == "unknown_action"
    with pytest.raises(ActionSyntaxError) as err:
        parse_action("OPEN(a,)")
    assert err.value.code == "syntax"


def test_invalid_steps_carry_a_code_and_failed_steps_the_precondition_code() -> None:
    w = build_world(kitchen(["mug.n.04_1"], ["(ontop mug.n.04_1 countertop.n.01_1)"]))
    cases = {
        "FLY(mug.n.04_1)": (Outcome.INVALID, "unknown_action"),
        "OPEN(mug.n.04_1, mug.n.04_1)": (Outcome.INVALID, "arity"),
        "OPEN(unicorn.n.01_1)": (Outcome.INVALID, "unknown_object"),
        "not an action": (Outcome.INVALID, "syntax"),
        "OPEN(mug.n.04_1)": (Outcome.FAILED, "not_openable"),
        "CLOSE(cabinet.n.01_1)": (Outcome.FAILED, "already_closed"),
        "PLACE_INSIDE(mug.n.04_1, mug.n.04_1)": (Outcome.FAILED, "same_object"),
        "PLACE_INSIDE(mug.n.04_1, cabinet.n.01_1)": (Outcome.FAILED, "closed"),
        "TOGGLE_OFF(stove.n.01_1)": (Outcome.FAILED, "already_off"),
        "OPEN(cabinet.n.01_1)": (Outcome.OK, ""),
        "DONE": (Outcome.DONE, ""),
    }
    for text, (outcome, code) in cases.items():
        after, r = step(w.scene, w.initial, text, 1)
        assert (r.outcome, r.code) == (outcome, code), text
        if outcome is not Outcome.OK:
            assert after == w.initial and r.reason
    f = failure(w.scene, w.initial, "OPEN", ("mug.n.04_1",))
    assert f is not None and (f.code, f.message) == ("not_openable", "mug.n.04_1 cannot be opened")


def test_candidates_follow_the_params_and_applicable_the_preconditions() -> None:
    w = build_world(
        kitchen(
            ["mug.n.04_1", "bagel.n.01_1"],
            ["(ontop mug.n.04_1 countertop.n.01_1)", "(inside bagel.n.01_1 cabinet.n.01_1)"],
        )
    )
    opens = list(get_spec("OPEN").candidates(w.scene, w.initial))
    assert ("cabinet.n.01_1",) in opens and ("mug.n.04_1",) not in opens
    assert all("openable" in w.scene.info(a).abilities for (a,) in opens)
    places = set(get_spec("PLACE_ON_TOP").candidates(w.scene, w.initial))
    assert ("bagel.n.01_1", "mug.n.04_1") in places
    assert all(a != b and w.scene.info(a).is_movable for a, b in places)
    ok = set(get_spec("PLACE_ON_TOP").applicable(w.scene, w.initial))
    # the bagel is in the closed cabinet: no placement of it is applicable, the mug's are
    assert ok and not any(a == "bagel.n.01_1" for a, _ in ok)
    assert ("mug.n.04_1", "shelf.n.01_1") in ok
    for args in ok:
        assert step(w.scene, w.initial, f"PLACE_ON_TOP({', '.join(args)})", 1)[1].outcome is (
            Outcome.OK
        )
    frozen = list(get_spec("WAIT_FOR_FROZEN").candidates(w.scene, w.initial))
    assert all(len(a) == 1 for a in frozen)  # the optional parameter is left out
