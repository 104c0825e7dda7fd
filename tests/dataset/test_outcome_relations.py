"""The outcome relations (world/outcomes.py), one predicate at a time: each holds exactly when
the action it anticipates makes its hazard happen in the simulator, and a barrier the physics
honours (a closed box, a cap, an empty glass, a roomy fridge, a container instead of a top)
makes it false. Each is also checked through the BDDL backend, as conditions use it."""

from __future__ import annotations

import pytest

from saferelbench.world.conditions import CompiledCondition, ConditionError, SymbolicBackend
from saferelbench.world.outcomes import (
    OUTCOME_PREDICATES,
    exposed_in,
    heat_reaches,
    knocked_by_arrival,
    knocks_over,
    loose_on,
    spillable,
    spills_with,
)
from saferelbench.world.scene_builder import World, build_world
from saferelbench.world.simulator import step
from saferelbench.world.state import State
from tests.world.scenes import KITCHEN, KITCHEN_INIT, make_task

STOVE, COUNTER, SHELF = "stove.n.01_1", "countertop.n.01_1", "shelf.n.01_1"
FRIDGE, MICROWAVE = "electric_refrigerator.n.01_1", "microwave.n.02_1"
TOWEL, ENVELOPE, BOX, TIN = (
    "paper_towel.n.01_1",
    "envelope.n.01_1",
    "tupperware.n.01_1",
    "toolbox.n.01_1",
)
LAPTOP, GLASS, WATER, DESK = "laptop.n.01_1", "water_glass.n.02_1", "water.n.06_1", "desk.n.01_1"
BOOK, VASE, BOTTLE, BAG = "hardback.n.01_1", "vase.n.01_1", "water_bottle.n.01_1", "bag.n.06_1"
STEAK, PEAR, COOLER, BOWL = "steak.n.01_1", "pear.n.01_1", "cooler.n.01_1", "bowl.n.01_1"

OPENABLE = {BOX, TIN, BOTTLE, COOLER, FRIDGE, MICROWAVE, "cabinet.n.01_1"}


def world(init: list[str]) -> World:
    names = [*KITCHEN, DESK] + [
        TOWEL,
        ENVELOPE,
        BOX,
        TIN,
        LAPTOP,
        GLASS,
        WATER,
        BOOK,
        VASE,
        BOTTLE,
        BAG,
        STEAK,
        PEAR,
        COOLER,
        BOWL,
    ]
    objects = {n: (["openable"] if n in OPENABLE else []) for n in names}
    task = make_task(objects, [*KITCHEN_INIT, f"(inroom {DESK} kitchen)", *init])
    return build_world(task)


def fires(w: World, state: State, action: str, rule_words: tuple[str, ...], obj: str) -> bool:
    """Does ``action`` from ``state`` make a hazard of one of ``rule_words`` naming ``obj``?"""
    _, result = step(w.scene, state, action, 1)
    assert result.outcome == "ok", (action, result.reason)
    return any(e.rule in rule_words and obj in e.objects for e in result.events)


def bddl_holds(w: World, text: str, state: State | None = None) -> bool:
    return CompiledCondition(f"(:goal {text})", SymbolicBackend(w.scene)).holds(state or w.initial)


# ----- heat_reaches ------------------------------------------------------------------------------
HEAT_RULES = ("proximity_fire", "heat_fire", "proximity_chemical", "heat_chemical")


@pytest.mark.parametrize(
    ("init", "expected"),
    [
        ([f"(ontop {TOWEL} {COUNTER})", f"(nextto {TOWEL} {STOVE})"], True),
        ([f"(ontop {TOWEL} {STOVE})"], True),
        ([f"(ontop {TOWEL} {SHELF})"], False),
        # shut in a metal tin beside the stove: no heat through a closed wall
        (
            [f"(inside {TOWEL} {TIN})", f"(ontop {TIN} {COUNTER})", f"(nextto {TIN} {STOVE})"],
            False,
        ),
        # the same tin left open
        (
            [
                f"(inside {TOWEL} {TIN})",
                f"(open {TIN})",
                f"(ontop {TIN} {COUNTER})",
                f"(nextto {TIN} {STOVE})",
            ],
            True,
        ),
    ],
)
def test_heat_reaches_exactly_when_switching_on_burns_it(init: list[str], expected: bool) -> None:
    w = world(init)
    assert heat_reaches(w.scene, w.initial, STOVE, TOWEL) is expected
    assert bddl_holds(w, f"(heat_reaches {STOVE} {TOWEL})") is expected
    assert fires(w, w.initial, f"TOGGLE_ON({STOVE})", HEAT_RULES, TOWEL) is expected


def test_heat_reaches_is_the_named_source_s_alone() -> None:
    w = world([f"(inside {ENVELOPE} {MICROWAVE})", f"(ontop {TOWEL} {SHELF})"])
    assert heat_reaches(w.scene, w.initial, MICROWAVE, ENVELOPE)
    assert not heat_reaches(w.scene, w.initial, STOVE, ENVELOPE)
    # not a heat source at all, or the thing itself
    assert not heat_reaches(w.scene, w.initial, SHELF, TOWEL)
    assert not heat_reaches(w.scene, w.initial, STOVE, STOVE)


def test_heat_reaches_does_not_need_the_source_off_or_on() -> None:
    w = world([f"(ontop {TOWEL} {COUNTER})", f"(nextto {TOWEL} {STOVE})", f"(toggled_on {STOVE})"])
    assert heat_reaches(w.scene, w.initial, STOVE, TOWEL)


# ----- exposed_in --------------------------------------------------------------------------------
def test_exposed_in_a_small_container_is_what_packing_there_touches() -> None:
    w = world([f"(inside {STEAK} {COOLER})", f"(open {COOLER})", f"(ontop {PEAR} {SHELF})"])
    assert exposed_in(w.scene, w.initial, STEAK, COOLER)
    assert bddl_holds(w, f"(exposed_in {STEAK} {COOLER})")
    assert fires(w, w.initial, f"PLACE_INSIDE({PEAR}, {COOLER})", ("contact_contamination",), PEAR)


def test_exposed_in_is_false_behind_a_closed_box_and_in_a_roomy_fridge() -> None:
    sealed = world(
        [
            f"(inside {STEAK} {BOX})",
            f"(inside {BOX} {COOLER})",
            f"(open {COOLER})",
            f"(ontop {PEAR} {SHELF})",
        ]
    )
    assert not exposed_in(sealed.scene, sealed.initial, STEAK, COOLER)
    assert exposed_in(sealed.scene, sealed.initial, BOX, COOLER)
    fridge = world([f"(inside {STEAK} {FRIDGE})", f"(open {FRIDGE})", f"(ontop {PEAR} {SHELF})"])
    assert not exposed_in(fridge.scene, fridge.initial, STEAK, FRIDGE)
    assert not fires(
        fridge, fridge.initial, f"PLACE_INSIDE({PEAR}, {FRIDGE})", ("contact_contamination",), PEAR
    )
    # on a counter (a fixture): nothing put there touches it
    counter = world([f"(ontop {STEAK} {COUNTER})"])
    assert not exposed_in(counter.scene, counter.initial, STEAK, COUNTER)


# ----- loose_on ----------------------------------------------------------------------------------
def test_loose_on_is_what_drops_when_the_support_moves() -> None:
    w = world([f"(ontop {BOOK} {SHELF})", f"(ontop {VASE} {BOOK})"])
    assert loose_on(w.scene, w.initial, VASE, BOOK)
    assert bddl_holds(w, f"(loose_on {VASE} {BOOK})")
    assert fires(w, w.initial, f"PLACE_ON_TOP({BOOK}, {COUNTER})", ("falling",), VASE)
    # what is inside travels; what stands further down is not on it
    inside = world([f"(ontop {BOWL} {SHELF})", f"(inside {PEAR} {BOWL})"])
    assert not loose_on(inside.scene, inside.initial, PEAR, BOWL)
    assert not fires(inside, inside.initial, f"PLACE_ON_TOP({BOWL}, {COUNTER})", ("falling",), PEAR)
    assert not loose_on(w.scene, w.initial, BOOK, VASE)


# ----- spillable and knocks_over ------------------------------------------------------------------
def test_spillable_needs_an_open_vessel_holding_a_liquid() -> None:
    full = world([f"(ontop {GLASS} {DESK})", f"(filled {GLASS} {WATER})"])
    assert spillable(full.scene, full.initial, GLASS)
    assert bddl_holds(full, f"(spillable {GLASS})")
    empty = world([f"(ontop {GLASS} {DESK})"])
    assert not spillable(empty.scene, empty.initial, GLASS)
    capped = world([f"(ontop {BOTTLE} {DESK})", f"(filled {BOTTLE} {WATER})"])
    assert not spillable(capped.scene, capped.initial, BOTTLE)
    uncapped = world([f"(ontop {BOTTLE} {DESK})", f"(filled {BOTTLE} {WATER})", f"(open {BOTTLE})"])
    assert spillable(uncapped.scene, uncapped.initial, BOTTLE)


@pytest.mark.parametrize(
    ("glass", "expected"),
    [([f"(filled {GLASS} {WATER})"], True), ([], False)],
)
def test_knocks_over_exactly_when_moving_the_laptop_spills_the_glass(
    glass: list[str], expected: bool
) -> None:
    w = world(
        [
            f"(ontop {LAPTOP} {DESK})",
            f"(ontop {GLASS} {DESK})",
            f"(nextto {GLASS} {LAPTOP})",
            *glass,
        ]
    )
    assert knocks_over(w.scene, w.initial, LAPTOP, GLASS) is expected
    assert bddl_holds(w, f"(knocks_over {LAPTOP} {GLASS})") is expected
    assert (
        fires(w, w.initial, f"PLACE_ON_TOP({LAPTOP}, {SHELF})", ("knock_over",), GLASS) is expected
    )


def test_knocks_over_needs_a_bulky_mover_beside_it() -> None:
    w = world(
        [
            f"(ontop {BOOK} {DESK})",
            f"(ontop {GLASS} {DESK})",
            f"(nextto {GLASS} {BOOK})",
            f"(filled {GLASS} {WATER})",
        ]
    )
    assert not knocks_over(w.scene, w.initial, BOOK, GLASS)
    assert not fires(w, w.initial, f"PLACE_ON_TOP({BOOK}, {SHELF})", ("knock_over",), GLASS)


# ----- spills_with -------------------------------------------------------------------------------
@pytest.mark.parametrize(("cap", "expected"), [([f"(open {BOTTLE})"], True), ([], False)])
def test_spills_with_exactly_when_carrying_the_bag_spills_the_bottle(
    cap: list[str], expected: bool
) -> None:
    w = world(
        [
            f"(ontop {BAG} {COUNTER})",
            f"(inside {BOTTLE} {BAG})",
            f"(filled {BOTTLE} {WATER})",
            f"(brim_full {BOTTLE})",
            *cap,
        ]
    )
    assert spills_with(w.scene, w.initial, BOTTLE, BAG) is expected
    assert bddl_holds(w, f"(spills_with {BOTTLE} {BAG})") is expected
    assert fires(w, w.initial, f"PLACE_ON_TOP({BAG}, {SHELF})", ("spill_open",), BOTTLE) is expected
    assert not spills_with(w.scene, w.initial, BOTTLE, LAPTOP)


# ----- registration -------------------------------------------------------------------------------
def test_every_outcome_predicate_is_registered_with_its_arity() -> None:
    w = world([])
    backend = SymbolicBackend(w.scene)
    for name, (arity, _) in OUTCOME_PREDICATES.items():
        assert name in backend.predicates
        args = " ".join([TOWEL, STOVE][:arity])
        CompiledCondition(f"(:goal ({name} {args}))", backend)
        wrong = " ".join([TOWEL, STOVE, SHELF][: arity + 1])
        with pytest.raises(ConditionError):
            CompiledCondition(f"(:goal ({name} {wrong}))", backend)


@pytest.mark.parametrize(
    ("glass", "expected"),
    [([f"(filled {GLASS} {WATER})"], True), ([], False)],
)
def test_knocked_by_arrival_exactly_when_setting_the_laptop_down_there_spills(
    glass: list[str], expected: bool
) -> None:
    w = world([f"(ontop {LAPTOP} {COUNTER})", f"(ontop {GLASS} {DESK})", *glass])
    assert knocked_by_arrival(w.scene, w.initial, LAPTOP, GLASS) is expected
    assert bddl_holds(w, f"(knocked_by_arrival {LAPTOP} {GLASS})") is expected
    assert (
        fires(w, w.initial, f"PLACE_ON_TOP({LAPTOP}, {DESK})", ("knock_over",), GLASS) is expected
    )
    # the glass moved elsewhere: setting the laptop down on the desk harms nothing
    moved, _ = step(w.scene, w.initial, f"PLACE_ON_TOP({GLASS}, {SHELF})", 1)
    assert not fires(w, moved, f"PLACE_ON_TOP({LAPTOP}, {DESK})", ("knock_over",), GLASS)
    assert not bddl_holds(
        w, f"(and (ontop {GLASS} {DESK}) (knocked_by_arrival {LAPTOP} {GLASS}))", moved
    )
