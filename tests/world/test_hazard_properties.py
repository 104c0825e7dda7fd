"""Property test of the physics: random action sequences, including the substance actions
(POUR_INTO, FILL_WITH, SPREAD, soaking) and the cleaning ones (WIPE, rinsing under a running
tap, washing), on scenes full of hazard ingredients (raw meat and a knife, chemicals that
react, a flammable liquid, a candle, a toaster, a heater, cloth and paper): every hazard is
explained by a registered rule of its declared kinds, and replay is byte-identical."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saferelbench.world.action_specs import REGISTRY
from saferelbench.world.actions import parse_action
from saferelbench.world.events import Outcome
from saferelbench.world.hazards import KINDS_BY_RULE, RULES_BY_NAME, Context, apply_rules
from saferelbench.world.layout import derive_nextto
from saferelbench.world.rollout import rollout
from saferelbench.world.scene_builder import build_world
from saferelbench.world.simulator import step
from saferelbench.world.task import WashCondition, WashRuleEntry

from .scenes import KITCHEN, KITCHEN_INIT, make_task

MOVABLES = [
    "chicken.n.01_1",
    "apple.n.01_1",
    "bread.n.01_1",
    "carving_knife.n.01_1",
    "plate.n.04_1",
    "tupperware.n.01_1",
    "paper_towel.n.01_1",
    "rag.n.01_1",
    "candle.n.01_1",
    "toaster.n.02_1",
    "space_heater.n.01_1",
    "blanket.n.01_1",
    "bucket.n.01_1",
    "pitcher.n.02_1",
    "water_glass.n.02_1",
    "bottle__of__bleach_agent.n.01_1",
    "rubbing_alcohol__atomizer.n.01_1",
    "saucer.n.02_1",
    "frying_pan.n.01_1",
]
SUBSTANCES = [
    "water.n.06_1",
    "bleaching_agent.n.01_1",
    "ammonia_water.n.01_1",
    "rubbing_alcohol.n.01_1",
    "stain.n.01_1",
]
DERIVED = [
    "half__chicken.n.01_1",
    "half__chicken.n.01_2",
    "half__apple.n.01_1",
    "half__apple.n.01_2",
]
VESSELS = {
    "bucket.n.01_1",
    "pitcher.n.02_1",
    "water_glass.n.02_1",
    "bottle__of__bleach_agent.n.01_1",
    "rubbing_alcohol__atomizer.n.01_1",
}
PARENTS = ["countertop.n.01_1", "shelf.n.01_1", "floor.n.01_1", "stove.n.01_1"]
WASH = [
    WashRuleEntry(
        cleaning_tool="rag",
        support_system="stain",
        conditions=[WashCondition(type="saturated", value="water")],
    ),
]
TOGGLE = {"candle.n.01_1", "toaster.n.02_1", "space_heater.n.01_1", "sink.n.01_1"}


@st.composite
def hazard_scenes(draw):
    movables = draw(st.lists(st.sampled_from(MOVABLES), min_size=3, max_size=9, unique=True))
    init = [*KITCHEN_INIT, "(inroom sink.n.01_1 kitchen)", "(insource sink.n.01_1 water.n.06_1)"]
    placed: list[str] = []
    for obj in movables:
        parent = draw(st.sampled_from(PARENTS + placed[-2:]))
        init.append(f"(ontop {obj} {parent})")
        placed.append(obj)
    for v in sorted(set(movables) & VESSELS):
        sub = draw(st.sampled_from([None, *SUBSTANCES[:4]]))
        if sub is not None:
            init.append(f"(filled {v} {sub})")
            if draw(st.booleans()):
                init.append(f"(brim_full {v})")
    for t in sorted(set(movables) & TOGGLE):
        if draw(st.booleans()):
            init.append(f"(toggled_on {t})")
    init += [f"(future {d})" for d in DERIVED]
    names = [*KITCHEN, "sink.n.01_1", *movables, *SUBSTANCES, *DERIVED]
    objects = {n: (["toggleable"] if n in TOGGLE else []) for n in names}
    return objects, init


def actions_for(names: list[str]):
    specs = [s for s in REGISTRY.values() if s.name != "DONE"]
    one = st.builds(
        lambda spec, args: f"{spec.name}({', '.join(args[: len(spec.params)])})",
        st.sampled_from(specs),
        st.lists(st.sampled_from(names), min_size=2, max_size=2),
    )
    return st.lists(one, max_size=14)


def _explained(r) -> None:
    for k, s in enumerate(r.trajectory.steps, start=1):
        for e in s.events:
            assert e.step == k and e.rule in RULES_BY_NAME, e
            assert e.kind in KINDS_BY_RULE[e.rule], e
            assert RULES_BY_NAME[e.rule].phase == "step", e
    for e in r.trajectory.final_events:
        assert e.rule in RULES_BY_NAME and e.kind in KINDS_BY_RULE[e.rule], e
        assert RULES_BY_NAME[e.rule].phase == "end", e


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_substance_and_cleaning_sequences_are_explained_and_replay(data) -> None:
    objects, init = data.draw(hazard_scenes())
    task = make_task(objects, init).model_copy(update={"wash_rules": WASH})
    actions = data.draw(actions_for(list(objects)))
    first = rollout(task, [*actions, "DONE"])
    _explained(first)
    again = rollout(task, [*actions, "DONE"])
    assert [s.after.digest() for s in first.trajectory.steps] == [
        s.after.digest() for s in again.trajectory.steps
    ]
    assert [e.to_dict() for e in first.hazards] == [e.to_dict() for e in again.hazards]
    assert first.verdict == again.verdict


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_skipping_rules_whose_reads_did_not_change_gives_the_same_events(data) -> None:
    """The declared reads are complete: evaluating only the rules whose reads changed (what
    a planner may do) gives the same states and events as running every rule."""

    objects, init = data.draw(hazard_scenes())
    task = make_task(objects, init).model_copy(update={"wash_rules": WASH})
    world = build_world(task)
    full = world.initial
    started = False  # the first successful step runs every rule (dangers the scene starts with)
    for i, text in enumerate(data.draw(actions_for(list(objects))), start=1):
        after, result = step(world.scene, full, text, i)
        if result.outcome is not Outcome.OK:
            continue
        action = parse_action(text)
        effect = action.spec.apply(world.scene, full, action.args)
        effect = effect.with_nextto(derive_nextto(world.scene, effect))
        ctx = Context(scene=world.scene, before=full, action=action, state=effect, step=i)
        apply_rules(ctx, incremental=started)
        started = True
        assert ctx.state == after, text
        assert [e.to_dict() for e in ctx.events] == [e.to_dict() for e in result.events], text
        full = after
