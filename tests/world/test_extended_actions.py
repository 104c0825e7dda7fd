"""The extended IS-Bench actions on hand-made tasks: each one's success and every precondition
failure with its own reason code (issue 12, section 2)."""

from __future__ import annotations

import pytest

from saferelbench.world.events import Outcome
from saferelbench.world.scene_builder import World, build_world
from saferelbench.world.simulator import step
from saferelbench.world.state import State
from saferelbench.world.task import Task, WashCondition, WashRuleEntry

from .scenes import KITCHEN, KITCHEN_INIT, make_task

EXTRA = {
    "sink.n.01_1": ["toggleable"],
    "washer.n.03_1": [],
    "rag.n.01_1": [],
    "sponge.n.01_1": [],
    "vacuum.n.04_1": [],
    "liquid_soap__bottle.n.01_1": [],
    "bucket.n.01_1": [],
    "bowl.n.01_1": [],
    "mug.n.04_1": [],
    "plate.n.04_1": [],
    "hardback.n.01_1": [],
    "jersey.n.03_1": [],
    "carving_knife.n.01_1": [],
    "apple.n.01_1": [],
    "half__apple.n.01_1": [],
    "half__apple.n.01_2": [],
    "chicken_soup.n.01_1": [],
    "cooked__chicken_soup.n.01_1": [],
    "cooked__water.n.01_1": [],
    "water.n.06_1": [],
    "liquid_soap.n.01_1": [],
    "stain.n.01_1": [],
    "dust.n.01_1": [],
    "rust.n.01_1": [],
}
INIT = [
    "(inroom sink.n.01_1 kitchen)",
    "(inroom washer.n.03_1 kitchen)",
    "(insource sink.n.01_1 water.n.06_1)",
    "(ontop rag.n.01_1 countertop.n.01_1)",
    "(inside sponge.n.01_1 cabinet.n.01_1)",
    "(ontop vacuum.n.04_1 floor.n.01_1)",
    "(ontop liquid_soap__bottle.n.01_1 countertop.n.01_1)",
    "(filled liquid_soap__bottle.n.01_1 liquid_soap.n.01_1)",
    "(inside bucket.n.01_1 cabinet.n.01_1)",
    "(filled bucket.n.01_1 water.n.06_1)",
    "(covered bucket.n.01_1 dust.n.01_1)",
    "(ontop bowl.n.01_1 countertop.n.01_1)",
    "(ontop mug.n.04_1 countertop.n.01_1)",
    "(ontop plate.n.04_1 countertop.n.01_1)",
    "(covered plate.n.04_1 stain.n.01_1)",
    "(covered plate.n.04_1 rust.n.01_1)",
    "(covered countertop.n.01_1 dust.n.01_1)",
    "(ontop hardback.n.01_1 shelf.n.01_1)",
    "(ontop jersey.n.03_1 floor.n.01_1)",
    "(covered jersey.n.03_1 stain.n.01_1)",
    "(ontop carving_knife.n.01_1 countertop.n.01_1)",
    "(ontop apple.n.01_1 countertop.n.01_1)",
    "(future half__apple.n.01_1)",
    "(future half__apple.n.01_2)",
    "(future cooked__chicken_soup.n.01_1)",
    "(future cooked__water.n.01_1)",
]
RULES = [
    WashRuleEntry(
        cleaning_tool="rag",
        support_system="stain",
        conditions=[WashCondition(type="saturated", value="liquid_soap", source=["bottle"])],
    ),
    WashRuleEntry(cleaning_tool="rag", support_system="water"),
    WashRuleEntry(
        cleaning_tool="vacuum",
        support_system="dust",
        conditions=[WashCondition(type="toggled_on", value=True)],
    ),
]


def utility(extra_init: list[str] | None = None) -> Task:
    objects: dict[str, list[str]] = {o: [] for o in KITCHEN}
    objects.update(EXTRA)
    task = make_task(objects, KITCHEN_INIT + INIT + (extra_init or []))
    return task.model_copy(update={"wash_rules": RULES})


@pytest.fixture(scope="module")
def world() -> World:
    return build_world(utility())


def run(w: World, *actions: str) -> tuple[State, list[tuple[Outcome, str]]]:
    state = w.initial
    out = []
    for i, a in enumerate(actions, start=1):
        state, r = step(w.scene, state, a, i)
        out.append((r.outcome, r.code))
    return state, out


def fails(w: World, code: str, *actions: str) -> State:
    """Run ``actions``: all but the last succeed, the last fails with ``code`` and changes
    nothing."""
    state, out = run(w, *actions[:-1])
    assert all(o is Outcome.OK for o, _ in out), out
    after, r = step(w.scene, state, actions[-1], len(actions))
    assert (r.outcome, r.code) == (Outcome.FAILED, code), (actions[-1], r.reason)
    assert after == state and r.reason
    return state


# ----- WIPE -----------------------------------------------------------------------------------
def test_wipe_removes_what_the_tool_can_remove_now_and_nothing_else(world: World) -> None:
    s, out = run(
        world,
        "SOAK_INSIDE(rag.n.01_1, liquid_soap__bottle.n.01_1)",
        "WIPE(plate.n.04_1, rag.n.01_1)",
    )
    assert all(o is Outcome.OK for o, _ in out)
    # the stain goes (rag soaked with soap), the rust stays (nothing here removes it)
    assert s.coverings("plate.n.04_1") == ["rust.n.01_1"]
    assert s.saturated_with("rag.n.01_1") == ["liquid_soap.n.01_1"]  # unchanged by wiping
    # a fixture can be wiped; the vacuum removes dust only while on
    fails(world, "removal_condition", "WIPE(countertop.n.01_1, vacuum.n.04_1)")
    s, out = run(world, "TOGGLE_ON(vacuum.n.04_1)", "WIPE(countertop.n.01_1, vacuum.n.04_1)")
    assert out[-1] == (Outcome.OK, "") and not s.is_covered("countertop.n.01_1")


@pytest.mark.parametrize(
    ("code", "actions"),
    [
        ("same_object", ["WIPE(rag.n.01_1, rag.n.01_1)"]),
        ("not_a_cleaning_tool", ["WIPE(plate.n.04_1, mug.n.04_1)"]),
        ("not_covered", ["WIPE(mug.n.04_1, rag.n.01_1)"]),
        ("unreachable", ["WIPE(bucket.n.01_1, rag.n.01_1)"]),
        ("unreachable", ["WIPE(plate.n.04_1, sponge.n.01_1)"]),
        ("cannot_remove", ["WIPE(plate.n.04_1, vacuum.n.04_1)"]),
        ("removal_condition", ["WIPE(plate.n.04_1, rag.n.01_1)"]),
    ],
)
def test_wipe_failures(world: World, code: str, actions: list[str]) -> None:
    fails(world, code, *actions)


def test_wipe_message_says_what_the_tool_needs(world: World) -> None:
    _, r = step(world.scene, world.initial, "WIPE(plate.n.04_1, rag.n.01_1)", 1)
    assert "soaked with liquid soap to remove the stain" in r.reason


# ----- SOAK_UNDER / SOAK_INSIDE ---------------------------------------------------------------
def test_soak_under_a_running_tap(world: World) -> None:
    s, out = run(world, "TOGGLE_ON(sink.n.01_1)", "SOAK_UNDER(rag.n.01_1, sink.n.01_1)")
    assert out[-1] == (Outcome.OK, "") and s.is_saturated("rag.n.01_1", "water.n.06_1")
    fails(
        world,
        "already_saturated",
        "TOGGLE_ON(sink.n.01_1)",
        "SOAK_UNDER(rag.n.01_1, sink.n.01_1)",
        "SOAK_UNDER(rag.n.01_1, sink.n.01_1)",
    )


@pytest.mark.parametrize(
    ("code", "actions"),
    [
        ("same_object", ["SOAK_UNDER(sink.n.01_1, sink.n.01_1)"]),
        ("not_soakable", ["SOAK_UNDER(mug.n.04_1, sink.n.01_1)"]),
        ("unreachable", ["SOAK_UNDER(sponge.n.01_1, sink.n.01_1)"]),
        ("not_a_source", ["SOAK_UNDER(rag.n.01_1, mug.n.04_1)"]),
        ("source_off", ["SOAK_UNDER(rag.n.01_1, sink.n.01_1)"]),
        ("cannot_absorb", ["TOGGLE_ON(sink.n.01_1)", "SOAK_UNDER(vacuum.n.04_1, sink.n.01_1)"]),
    ],
)
def test_soak_under_failures(world: World, code: str, actions: list[str]) -> None:
    fails(world, code, *actions)


def test_soak_inside_keeps_the_container_full(world: World) -> None:
    s, out = run(world, "SOAK_INSIDE(rag.n.01_1, liquid_soap__bottle.n.01_1)")
    assert out == [(Outcome.OK, "")]
    assert s.is_saturated("rag.n.01_1", "liquid_soap.n.01_1")
    assert s.is_filled("liquid_soap__bottle.n.01_1", "liquid_soap.n.01_1")


@pytest.mark.parametrize(
    ("code", "actions"),
    [
        ("same_object", ["SOAK_INSIDE(rag.n.01_1, rag.n.01_1)"]),
        ("not_soakable", ["SOAK_INSIDE(mug.n.04_1, liquid_soap__bottle.n.01_1)"]),
        ("unreachable", ["SOAK_INSIDE(sponge.n.01_1, liquid_soap__bottle.n.01_1)"]),
        ("unreachable", ["SOAK_INSIDE(rag.n.01_1, bucket.n.01_1)"]),
        ("container_empty", ["SOAK_INSIDE(rag.n.01_1, bowl.n.01_1)"]),
        ("cannot_absorb", ["SOAK_INSIDE(vacuum.n.04_1, liquid_soap__bottle.n.01_1)"]),
        (
            "already_saturated",
            [
                "SOAK_INSIDE(rag.n.01_1, liquid_soap__bottle.n.01_1)",
                "SOAK_INSIDE(rag.n.01_1, liquid_soap__bottle.n.01_1)",
            ],
        ),
    ],
)
def test_soak_inside_failures(world: World, code: str, actions: list[str]) -> None:
    fails(world, code, *actions)


# ----- FILL_WITH / POUR_INTO / SPREAD -----------------------------------------------------------
def test_fill_from_a_running_tap_then_pour(world: World) -> None:
    s, out = run(
        world,
        "TOGGLE_ON(sink.n.01_1)",
        "FILL_WITH(mug.n.04_1, sink.n.01_1)",
        "POUR_INTO(mug.n.04_1, bowl.n.01_1)",
    )
    assert all(o is Outcome.OK for o, _ in out)
    assert s.is_filled("mug.n.04_1", "water.n.06_1") and s.contains("mug.n.04_1", "water.n.06_1")
    # pouring fills the target and does not empty the source
    assert s.is_filled("bowl.n.01_1", "water.n.06_1") and s.is_filled("mug.n.04_1")


@pytest.mark.parametrize(
    ("code", "actions"),
    [
        ("same_object", ["FILL_WITH(sink.n.01_1, sink.n.01_1)"]),
        ("not_fillable", ["FILL_WITH(hardback.n.01_1, sink.n.01_1)"]),
        ("unreachable", ["FILL_WITH(bucket.n.01_1, sink.n.01_1)"]),
        ("not_a_source", ["FILL_WITH(mug.n.04_1, bowl.n.01_1)"]),
        ("source_off", ["FILL_WITH(mug.n.04_1, sink.n.01_1)"]),
    ],
)
def test_fill_with_failures(world: World, code: str, actions: list[str]) -> None:
    fails(world, code, *actions)


@pytest.mark.parametrize(
    ("code", "actions"),
    [
        ("same_object", ["POUR_INTO(mug.n.04_1, mug.n.04_1)"]),
        ("not_fillable", ["POUR_INTO(liquid_soap__bottle.n.01_1, hardback.n.01_1)"]),
        ("unreachable", ["POUR_INTO(bucket.n.01_1, mug.n.04_1)"]),
        ("unreachable", ["POUR_INTO(liquid_soap__bottle.n.01_1, bucket.n.01_1)"]),
        ("source_empty", ["POUR_INTO(bowl.n.01_1, mug.n.04_1)"]),
    ],
)
def test_pour_into_failures(world: World, code: str, actions: list[str]) -> None:
    fails(world, code, *actions)


def test_spread_covers_a_thing_and_soaks_a_cloth(world: World) -> None:
    s, out = run(
        world,
        "SPREAD(liquid_soap__bottle.n.01_1, hardback.n.01_1)",
        "SPREAD(liquid_soap__bottle.n.01_1, rag.n.01_1)",
    )
    assert all(o is Outcome.OK for o, _ in out)
    assert s.is_covered("hardback.n.01_1", "liquid_soap.n.01_1")
    assert s.is_saturated("rag.n.01_1", "liquid_soap.n.01_1")
    assert not s.is_covered("rag.n.01_1")


@pytest.mark.parametrize(
    ("code", "actions"),
    [
        ("same_object", ["SPREAD(mug.n.04_1, mug.n.04_1)"]),
        ("source_empty", ["SPREAD(bowl.n.01_1, hardback.n.01_1)"]),
        ("unreachable", ["SPREAD(bucket.n.01_1, hardback.n.01_1)"]),
        ("unreachable", ["SPREAD(liquid_soap__bottle.n.01_1, sponge.n.01_1)"]),
    ],
)
def test_spread_failures(world: World, code: str, actions: list[str]) -> None:
    fails(world, code, *actions)


# ----- WAIT_FOR_WASHED ------------------------------------------------------------------------
LOAD = [
    "OPEN(washer.n.03_1)",
    "PLACE_INSIDE(jersey.n.03_1, washer.n.03_1)",
    "CLOSE(washer.n.03_1)",
    "TOGGLE_ON(washer.n.03_1)",
]


def test_washing_removes_every_covering_inside(world: World) -> None:
    s, out = run(world, *LOAD, "WAIT_FOR_WASHED(washer.n.03_1)")
    assert all(o is Outcome.OK for o, _ in out), out
    assert not s.is_covered("jersey.n.03_1") and s.is_covered("plate.n.04_1")


@pytest.mark.parametrize(
    ("code", "actions"),
    [
        ("not_a_washer", ["WAIT_FOR_WASHED(cabinet.n.01_1)"]),
        ("machine_open", ["OPEN(washer.n.03_1)", "WAIT_FOR_WASHED(washer.n.03_1)"]),
        ("machine_off", [*LOAD[:3], "WAIT_FOR_WASHED(washer.n.03_1)"]),
        ("machine_empty", ["TOGGLE_ON(washer.n.03_1)", "WAIT_FOR_WASHED(washer.n.03_1)"]),
        (
            "item_clean",
            [
                "OPEN(washer.n.03_1)",
                "PLACE_INSIDE(mug.n.04_1, washer.n.03_1)",
                *LOAD[1:],
                "WAIT_FOR_WASHED(washer.n.03_1)",
            ],
        ),
    ],
)
def test_wait_for_washed_failures(world: World, code: str, actions: list[str]) -> None:
    fails(world, code, *actions)


# ----- CUT ------------------------------------------------------------------------------------
def test_cut_replaces_the_thing_by_its_halves(world: World) -> None:
    s, out = run(world, "CUT(apple.n.01_1, carving_knife.n.01_1)")
    assert out == [(Outcome.OK, "")]
    assert not s.is_real("apple.n.01_1")
    for half in ("half__apple.n.01_1", "half__apple.n.01_2"):
        assert s.is_real(half) and s.is_ontop(half, "countertop.n.01_1")
    assert world.initial.is_real("apple.n.01_1")
    assert not world.initial.is_real("half__apple.n.01_1")


@pytest.mark.parametrize(
    ("code", "actions"),
    [
        ("same_object", ["CUT(carving_knife.n.01_1, carving_knife.n.01_1)"]),
        ("not_a_slicer", ["CUT(apple.n.01_1, mug.n.04_1)"]),
        ("not_sliceable", ["CUT(mug.n.04_1, carving_knife.n.01_1)"]),
        (
            "unreachable",
            [
                "OPEN(cabinet.n.01_1)",
                "PLACE_INSIDE(apple.n.01_1, cabinet.n.01_1)",
                "CLOSE(cabinet.n.01_1)",
                "CUT(apple.n.01_1, carving_knife.n.01_1)",
            ],
        ),
    ],
)
def test_cut_failures(world: World, code: str, actions: list[str]) -> None:
    fails(world, code, *actions)


# ----- WAIT_FOR_COOKED on substances and containers of liquid --------------------------------
MICROWAVE_MUG = [
    "TOGGLE_ON(sink.n.01_1)",
    "FILL_WITH(mug.n.04_1, sink.n.01_1)",
    "TOGGLE_OFF(sink.n.01_1)",
    "OPEN(microwave.n.02_1)",
    "PLACE_INSIDE(mug.n.04_1, microwave.n.02_1)",
    "CLOSE(microwave.n.02_1)",
    "TOGGLE_ON(microwave.n.02_1)",
]


def test_waiting_on_a_mug_of_water_cooks_what_it_holds(world: World) -> None:
    s, out = run(world, *MICROWAVE_MUG, "WAIT_FOR_COOKED(mug.n.04_1)")
    assert all(o is Outcome.OK for o, _ in out), out
    assert s.is_real("cooked__water.n.01_1")
    assert s.is_filled("mug.n.04_1", "cooked__water.n.01_1")
    assert not s.contains("mug.n.04_1", "water.n.06_1")
    assert s.contents <= s.contents | s.filled and s.filled <= s.contents


def test_waiting_on_a_substance_cooks_it_in_its_heated_container() -> None:
    w = build_world(
        utility(
            [
                "(filled bowl.n.01_1 chicken_soup.n.01_1)",
            ]
        )
    )
    s, out = run(
        w,
        "OPEN(microwave.n.02_1)",
        "PLACE_INSIDE(bowl.n.01_1, microwave.n.02_1)",
        "CLOSE(microwave.n.02_1)",
        "TOGGLE_ON(microwave.n.02_1)",
        "WAIT_FOR_COOKED(chicken_soup.n.01_1)",
    )
    assert all(o is Outcome.OK for o, _ in out), out
    assert s.is_real("cooked__chicken_soup.n.01_1")
    assert s.contains("bowl.n.01_1", "cooked__chicken_soup.n.01_1")
    assert not w.initial.is_real("cooked__chicken_soup.n.01_1")


@pytest.mark.parametrize(
    ("code", "actions"),
    [
        ("not_cookable", ["WAIT_FOR_COOKED(hardback.n.01_1)"]),
        ("not_in_container", ["WAIT_FOR_COOKED(dust.n.01_1)"]),
        ("no_cooked_form", ["WAIT_FOR_COOKED(liquid_soap__bottle.n.01_1)"]),
        ("not_heated", ["WAIT_FOR_COOKED(apple.n.01_1)"]),
        (
            "not_heated",
            [
                "TOGGLE_ON(sink.n.01_1)",
                "FILL_WITH(mug.n.04_1, sink.n.01_1)",
                "WAIT_FOR_COOKED(mug.n.04_1)",
            ],
        ),
        (
            "already_cooked",
            [
                "PLACE_ON_TOP(apple.n.01_1, stove.n.01_1)",
                "TOGGLE_ON(stove.n.01_1)",
                "WAIT_FOR_COOKED(apple.n.01_1)",
                "WAIT_FOR_COOKED(apple.n.01_1)",
            ],
        ),
    ],
)
def test_wait_for_cooked_failures(world: World, code: str, actions: list[str]) -> None:
    fails(world, code, *actions)


def test_no_extended_action_needs_the_container_open_or_cares_where_things_stand(
    world: World,
) -> None:
    # the soap bottle stands on the counter, the rag on the floor: SOAK_INSIDE works anyway
    s, out = run(
        world,
        "PLACE_ON_TOP(rag.n.01_1, floor.n.01_1)",
        "SOAK_INSIDE(rag.n.01_1, liquid_soap__bottle.n.01_1)",
    )
    assert out[-1] == (Outcome.OK, "")
    assert s.is_saturated("rag.n.01_1", "liquid_soap.n.01_1")
