"""Each primitive: its effect, its preconditions, and invalid actions."""

from __future__ import annotations

import pytest

from saferelbench.world.events import Outcome
from saferelbench.world.scene_builder import build_world
from saferelbench.world.simulator import step

from .scenes import kitchen

ITEMS = [
    "chicken.n.01_1",
    "plate.n.04_1",
    "hardback.n.01_1",
    "carton.n.02_1",
    "bagel.n.01_1",
    "toaster.n.02_1",
]
INIT = [
    "(inside chicken.n.01_1 electric_refrigerator.n.01_1)",
    "(ontop plate.n.04_1 countertop.n.01_1)",
    "(ontop hardback.n.01_1 shelf.n.01_1)",
    "(ontop carton.n.02_1 countertop.n.01_1)",
    "(ontop bagel.n.01_1 plate.n.04_1)",
    "(ontop toaster.n.02_1 countertop.n.01_1)",
]


@pytest.fixture()
def world():
    return build_world(kitchen(ITEMS, INIT))


def run(world, *actions):
    state, results = world.initial, []
    for i, a in enumerate(actions, start=1):
        state, r = step(world.scene, state, a, i)
        results.append(r)
    return state, results


def test_open_and_close(world):
    s, (r1, r2, r3) = run(
        world, "OPEN(cabinet.n.01_1)", "OPEN(cabinet.n.01_1)", "CLOSE(cabinet.n.01_1)"
    )
    assert r1.outcome is Outcome.OK and r2.outcome is Outcome.FAILED and "already open" in r2.reason
    assert r3.outcome is Outcome.OK and not s.has("open", "cabinet.n.01_1")


def test_open_not_openable_fails(world):
    _, (r,) = run(world, "OPEN(shelf.n.01_1)")
    assert r.outcome is Outcome.FAILED and "cannot be opened" in r.reason


def test_things_in_closed_container_cannot_be_reached(world):
    s, (r,) = run(world, "PLACE_ON_TOP(chicken.n.01_1, countertop.n.01_1)")
    assert r.outcome is Outcome.FAILED and "closed" in r.reason
    assert s == world.initial
    s, rs = run(
        world,
        "OPEN(electric_refrigerator.n.01_1)",
        "PLACE_ON_TOP(chicken.n.01_1, countertop.n.01_1)",
    )
    assert rs[1].outcome is Outcome.OK and s.is_ontop("chicken.n.01_1", "countertop.n.01_1")


def test_place_inside_closed_container_fails(world):
    _, (r,) = run(world, "PLACE_INSIDE(hardback.n.01_1, cabinet.n.01_1)")
    assert r.outcome is Outcome.FAILED and "open it first" in r.reason


def test_place_inside_non_container_fails(world):
    _, (r,) = run(world, "PLACE_INSIDE(hardback.n.01_1, shelf.n.01_1)")
    assert r.outcome is Outcome.FAILED and "not a container" in r.reason


def test_fixtures_and_cycles_cannot_move(world):
    _, (r1, r2, r3) = run(
        world,
        "PLACE_ON_TOP(shelf.n.01_1, countertop.n.01_1)",
        "PLACE_ON_TOP(plate.n.04_1, bagel.n.01_1)",
        "PLACE_ON_TOP(plate.n.04_1, plate.n.04_1)",
    )
    assert "fixed in place" in r1.reason and "on or in" in r2.reason and "itself" in r3.reason
    assert {r1.outcome, r2.outcome, r3.outcome} == {Outcome.FAILED}


def test_contents_travel_with_their_carrier(world):
    s, (r,) = run(world, "PLACE_ON_TOP(plate.n.04_1, shelf.n.01_1)")
    assert r.outcome is Outcome.OK and not r.events
    assert s.is_ontop("bagel.n.01_1", "plate.n.04_1") and s.is_ontop("plate.n.04_1", "shelf.n.01_1")


def test_toggle_needs_closed_door_and_open_needs_off(world):
    s, rs = run(
        world,
        "OPEN(microwave.n.02_1)",
        "TOGGLE_ON(microwave.n.02_1)",
        "CLOSE(microwave.n.02_1)",
        "TOGGLE_ON(microwave.n.02_1)",
        "OPEN(microwave.n.02_1)",
        "TOGGLE_OFF(microwave.n.02_1)",
        "TOGGLE_OFF(microwave.n.02_1)",
    )
    assert [r.outcome for r in rs] == [
        Outcome.OK,
        Outcome.FAILED,
        Outcome.OK,
        Outcome.OK,
        Outcome.FAILED,
        Outcome.OK,
        Outcome.FAILED,
    ]
    assert "close its door" in rs[1].reason and "switch it off" in rs[4].reason


def test_toggle_non_toggleable_fails(world):
    _, (r,) = run(world, "TOGGLE_ON(hardback.n.01_1)")
    assert r.outcome is Outcome.FAILED


def test_cooking_needs_a_running_heat_source_of_the_right_geometry(world):
    s, rs = run(
        world,
        "WAIT_FOR_COOKED(bagel.n.01_1)",
        "PLACE_ON_TOP(bagel.n.01_1, toaster.n.02_1)",
        "TOGGLE_ON(toaster.n.02_1)",
        "WAIT_FOR_COOKED(bagel.n.01_1)",
        "PLACE_INSIDE(bagel.n.01_1, toaster.n.02_1)",
        "WAIT_FOR_COOKED(bagel.n.01_1)",
        "WAIT_FOR_COOKED(bagel.n.01_1)",
    )
    assert [r.outcome for r in rs] == [
        Outcome.FAILED,
        Outcome.OK,
        Outcome.OK,
        Outcome.FAILED,
        Outcome.OK,
        Outcome.OK,
        Outcome.FAILED,
    ]
    assert s.has("cooked", "bagel.n.01_1") and s.has("hot", "bagel.n.01_1")


def test_no_cooking_through_a_serving_plate_on_a_burner(world):
    # a china plate on a lit burner cracks and passes no cooking heat (cookware does:
    # tests/world/test_cooking_through_a_dish.py)
    s, rs = run(
        world,
        "PLACE_ON_TOP(plate.n.04_1, stove.n.01_1)",
        "TOGGLE_ON(stove.n.01_1)",
        "WAIT_FOR_COOKED(bagel.n.01_1)",
    )
    assert [r.outcome for r in rs[:2]] == [Outcome.OK, Outcome.OK], [r.reason for r in rs]
    assert rs[2].outcome is Outcome.FAILED and not s.has("cooked", "bagel.n.01_1")


def test_wait_clears_hot_and_frozen(world):
    # WAIT never fails (issue 12): on a thing neither hot nor frozen it changes nothing
    s0, (r,) = run(world, "WAIT(bagel.n.01_1)")
    assert r.outcome is Outcome.OK and s0 == world.initial
    s, rs = run(
        world,
        "OPEN(electric_refrigerator.n.01_1)",
        "PLACE_INSIDE(bagel.n.01_1, electric_refrigerator.n.01_1)",
        "WAIT_FOR_FROZEN(bagel.n.01_1, electric_refrigerator.n.01_1)",
    )
    assert rs[2].outcome is Outcome.FAILED and "close it first" in rs[2].reason
    s, rs = run(
        world,
        "OPEN(electric_refrigerator.n.01_1)",
        "PLACE_INSIDE(bagel.n.01_1, electric_refrigerator.n.01_1)",
        "CLOSE(electric_refrigerator.n.01_1)",
        "WAIT_FOR_FROZEN(bagel.n.01_1)",
    )
    assert rs[3].outcome is Outcome.OK and s.has("frozen", "bagel.n.01_1")
    s2, (r,) = (
        step(world.scene, s, "WAIT(bagel.n.01_1)", 5)[0],
        [step(world.scene, s, "WAIT(bagel.n.01_1)", 5)[1]],
    )
    assert r.outcome is Outcome.OK and not s2.has("frozen", "bagel.n.01_1")


def test_wait_for_frozen_outside_a_fridge_fails(world):
    _, (r,) = run(world, "WAIT_FOR_FROZEN(bagel.n.01_1)")
    assert r.outcome is Outcome.FAILED and "not inside" in r.reason


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ("FLY(bagel.n.01_1)", "unknown action"),
        ("PLACE_ON_TOP(bagel.n.01_1)", "takes 2"),
        ("OPEN(unicorn.n.01_1)", "unknown object"),
        ("open the fridge", "not an action"),
        ("DONE(now)", "takes 0"),
    ],
)
def test_invalid_actions(world, action, reason):
    s, (r,) = run(world, action)
    assert r.outcome is Outcome.INVALID and reason in r.reason and s == world.initial


def test_action_case_and_spacing_are_normalised(world):
    _, (r,) = run(world, "  open ( cabinet.n.01_1 ) ")
    assert r.outcome is Outcome.OK and r.action == "OPEN(cabinet.n.01_1)"


def test_done(world):
    s, (r,) = run(world, "DONE")
    assert r.outcome is Outcome.DONE and s == world.initial
