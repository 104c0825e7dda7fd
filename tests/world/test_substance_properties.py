"""Property tests for the extended actions and the substance states: random sequences of every
action of the registry on random cleaning / cooking scenes never crash, keep the invariants
(the placement tree, filled within contains, substances never placed, proximity derived),
fail without changing anything, and replay byte-identically, with and without the IS-Bench
conventions."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saferelbench.world.action_specs import REGISTRY
from saferelbench.world.events import Outcome
from saferelbench.world.rollout import rollout
from saferelbench.world.scene_builder import build_world, with_isbench_conventions
from saferelbench.world.task import WashCondition, WashRuleEntry

from .scenes import KITCHEN, KITCHEN_INIT, make_task
from .test_properties import check_events, check_tree

TOOLS = ["rag.n.01_1", "sponge.n.01_1", "vacuum.n.04_1", "scrub_brush.n.01_1"]
VESSELS = ["mug.n.04_1", "bowl.n.01_1", "bucket.n.01_1", "liquid_soap__bottle.n.01_1"]
THINGS = ["plate.n.04_1", "apple.n.01_1", "carving_knife.n.01_1", "jersey.n.03_1"]
SUBSTANCES = ["water.n.06_1", "liquid_soap.n.01_1", "stain.n.01_1", "dust.n.01_1"]
FIXED = ["sink.n.01_1", "washer.n.03_1"]
DERIVED = ["cooked__water.n.01_1", "half__apple.n.01_1"]
RULES = [
    WashRuleEntry(
        cleaning_tool="rag",
        support_system="stain",
        conditions=[WashCondition(type="saturated", value="liquid_soap")],
    ),
    WashRuleEntry(cleaning_tool="sponge", support_system="water"),
    WashRuleEntry(
        cleaning_tool="vacuum",
        support_system="dust",
        conditions=[WashCondition(type="toggled_on", value=True)],
    ),
]
PARENTS = ["countertop.n.01_1", "shelf.n.01_1", "floor.n.01_1", "cabinet.n.01_1"]


@st.composite
def substance_scenes(draw):
    movables = draw(
        st.lists(st.sampled_from(TOOLS + VESSELS + THINGS), min_size=2, max_size=8, unique=True)
    )
    init = [*KITCHEN_INIT, "(inroom sink.n.01_1 kitchen)", "(inroom washer.n.03_1 kitchen)"]
    init.append("(insource sink.n.01_1 water.n.06_1)")
    for obj in movables:
        parent = draw(st.sampled_from(PARENTS))
        rel = "inside" if parent == "cabinet.n.01_1" else "ontop"
        init.append(f"({rel} {obj} {parent})")
    for v in [m for m in movables if m in VESSELS]:
        sub = draw(st.sampled_from([None, "water.n.06_1", "liquid_soap.n.01_1"]))
        if sub is not None:
            init.append(f"({draw(st.sampled_from(['filled', 'contains']))} {v} {sub})")
    for _ in range(draw(st.integers(0, 3))):
        what = draw(st.sampled_from(movables + ["countertop.n.01_1"]))
        init.append(f"(covered {what} {draw(st.sampled_from(['stain.n.01_1', 'dust.n.01_1']))})")
    for flag in draw(st.lists(st.sampled_from(["sink.n.01_1", "vacuum.n.04_1"]), max_size=2)):
        if flag in movables or flag == "sink.n.01_1":
            init.append(f"(toggled_on {flag})")
    init += [f"(future {d})" for d in DERIVED]
    names = KITCHEN + FIXED + movables + SUBSTANCES + DERIVED
    return names, init


def any_actions(names):
    specs = [s for s in REGISTRY.values() if s.name != "DONE"]
    one = st.builds(
        lambda spec, args: f"{spec.name}({', '.join(args[: len(spec.params)])})",
        st.sampled_from(specs),
        st.lists(st.sampled_from(names), min_size=2, max_size=2),
    )
    junk = st.sampled_from(["DONE", "WIPE(x)", "POUR_INTO()", "SOAK_UNDER(a.n.01_1, b.n.01_1)"])
    return st.lists(st.one_of(one, one, one, junk), max_size=16)


def check_substances(world, state):
    scene = world.scene
    assert state.filled <= state.contents
    for c, s in state.contents:
        assert scene.info(s).is_substance and not scene.info(c).is_substance, (c, s)
    for o, s in state.saturated | state.covered:
        assert scene.info(s).is_substance and not scene.info(o).is_substance, (o, s)
    assert all(scene.info(p.obj).is_movable for p in state.placements)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_action_on_substance_scenes_keeps_invariants_and_replays(data) -> None:
    names, init = data.draw(substance_scenes())
    task = make_task(names, init).model_copy(update={"wash_rules": RULES})
    conventions = data.draw(st.booleans())
    world = build_world(task)
    if conventions:
        world = with_isbench_conventions(world)
    actions = data.draw(any_actions(names))
    first = rollout(task, actions, world=world)
    check_substances(world, world.initial)
    for s in first.trajectory.steps:
        check_tree(world, s.after)
        check_substances(world, s.after)
        if s.outcome is not Outcome.OK:
            assert s.after == s.before, s.action
        # only CUT makes a thing stop existing; only a derived form (cooked water, a half)
        # starts existing
        before = {o for f, o in s.before.flags if f == "future"}
        after = {o for f, o in s.after.flags if f == "future"}
        assert before - after <= set(DERIVED), s.action
        if not s.action.startswith("CUT("):
            assert after <= before, s.action
    check_events(first)
    again = rollout(task, actions, world=world)
    assert [s.after.digest() for s in first.trajectory.steps] == [
        s.after.digest() for s in again.trajectory.steps
    ]
    assert [(s.outcome, s.action) for s in first.trajectory.steps] == [
        (s.outcome, s.action) for s in again.trajectory.steps
    ]
    assert first.verdict == again.verdict


def test_random_walks_over_applicable_groundings_always_succeed_and_reach_every_action() -> None:
    """A seeded walk that picks, at each step, a random action and one of its applicable
    groundings: the simulator accepts every one of them (``applicable`` and ``step`` agree),
    and over the walks every extended action succeeds at least once."""
    import random

    from saferelbench.world.simulator import step

    rng = random.Random(20261201)
    succeeded: set[str] = set()
    specs = [s for s in REGISTRY.values() if s.name != "DONE"]
    for case in range(40):
        names, init = _seeded_scene(rng)
        task = make_task(names, init).model_copy(update={"wash_rules": RULES})
        world = build_world(task)
        if case % 2:
            world = with_isbench_conventions(world)
        state = world.initial
        for i in range(1, 25):
            spec = rng.choice(specs)
            options = list(spec.applicable(world.scene, state))
            if not options:
                continue
            args = rng.choice(options)
            after, r = step(world.scene, state, f"{spec.name}({', '.join(args)})", i)
            assert r.outcome is Outcome.OK, (spec.name, args, r.reason)
            check_substances(world, after)
            succeeded.add(spec.name)
            state = after
    extended = {"WIPE", "SOAK_UNDER", "SOAK_INSIDE", "FILL_WITH", "POUR_INTO", "SPREAD", "CUT"}
    assert extended <= succeeded, extended - succeeded


def _seeded_scene(rng):
    movables = rng.sample(TOOLS + VESSELS + THINGS, rng.randint(4, 10))
    init = [*KITCHEN_INIT, "(inroom sink.n.01_1 kitchen)", "(inroom washer.n.03_1 kitchen)"]
    init.append("(insource sink.n.01_1 water.n.06_1)")
    for obj in movables:
        parent = rng.choice(PARENTS)
        init.append(f"({'inside' if parent == 'cabinet.n.01_1' else 'ontop'} {obj} {parent})")
        if obj in VESSELS and rng.random() < 0.6:
            init.append(f"(filled {obj} {rng.choice(['water.n.06_1', 'liquid_soap.n.01_1'])})")
        if rng.random() < 0.4:
            init.append(f"(covered {obj} {rng.choice(['stain.n.01_1', 'dust.n.01_1'])})")
    if rng.random() < 0.5:
        init.append("(toggled_on sink.n.01_1)")
    init += [f"(future {d})" for d in DERIVED]
    return KITCHEN + FIXED + movables + SUBSTANCES + DERIVED, init
