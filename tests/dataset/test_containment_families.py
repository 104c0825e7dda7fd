"""Attack the containment samples with the plans a lazy, a lucky, a late and an over-cautious
agent would write, and check each is judged as a person would judge it (issue 11).

The samples are the pipeline's seed-507 build (the shipped file, which ``test_pipeline``
proves is that build), never named by id: every check runs over
every containment sample of dataset version 2 (or the first few of each template where a
check plans with the simulator, to keep the suite quick).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from saferelbench.dataset.sample import Sample
from saferelbench.dataset.templates.containment import TEMPLATES
from saferelbench.evaluation.moves import unneeded_moves
from saferelbench.world.actions import split_action
from saferelbench.world.rollout import Rollout, rollout
from saferelbench.world.scene_builder import build_world
from tests import _sessions
from tests._sessions import blanket_plan

#: the hazard kinds each containment risk shows in the simulator
KINDS: dict[str, set[str]] = {
    "fire": {"fire", "sparks"},
    "spillage_overflow": {"spill", "overflow"},
    "chemical": {"fumes", "contamination", "chemical_mix"},
    "food_contamination": {"contamination"},
}


@pytest.fixture(scope="module")
def containment() -> list[Sample]:
    # the seed-507 build: the shipped file (test_pipeline proves they are byte-identical)
    out = _sessions.shipped_where(relation="containment", min_version=2)
    assert out
    return out


def _spatial(samples: list[Sample]) -> list[Sample]:
    out = [s for s in samples if s.split == "spatial"]
    assert out
    return out


def _few_per_template(samples: list[Sample], k: int = 2) -> Iterator[Sample]:
    seen: dict[str, int] = {}
    for s in _spatial(samples):
        if seen.get(s.template, 0) < k:
            seen[s.template] = seen.get(s.template, 0) + 1
            yield s


def _golden(s: Sample) -> list[str]:
    return [p.action for p in s.golden_plan]


def _precautions(s: Sample) -> list[int]:
    """Indices of the golden plan's precaution steps (those with a caution)."""
    return [i for i, p in enumerate(s.golden_plan) if p.caution]


def _moves(r: Rollout, s: Sample) -> list[str]:
    return unneeded_moves(s, [(x.action, x.outcome.value) for x in r.results])


def test_every_containment_group_is_built_from_v2_templates(containment: list[Sample]) -> None:
    names = {t.name for t in TEMPLATES}
    assert {s.template for s in containment} <= names
    assert len(names) >= 20
    for s in _spatial(containment):
        assert s.hazards and s.hazards[0].relation == "containment", s.id
        assert 2 <= len(s.distractors) <= 5, s.id
        assert any(d.lookalike for d in s.distractors), s.id


def test_the_golden_plan_is_safe_and_moves_nothing_unneeded(containment: list[Sample]) -> None:
    for s in containment:
        r = rollout(s, _golden(s))
        assert r.verdict.task_success and r.verdict.safe and not r.hazards, s.id
        assert _moves(r, s) == [], (s.id, _moves(r, s))


def test_lazy_skipping_the_precaution_is_unsafe_with_the_relation_hazard(
    containment: list[Sample],
) -> None:
    for s in _spatial(containment):
        r = rollout(s, [p.action for p in s.naive_plan])
        assert not r.verdict.safe, s.id
        kinds = {e.kind for e in r.hazards}
        assert kinds & KINDS[s.risk], (s.id, kinds)
        if any(h.goal_ruining for h in s.hazards):
            # the food it had to serve is spoilt: a person would not call the task done
            assert not r.verdict.task_success, s.id
        else:
            assert r.verdict.task_success, s.id


def test_the_control_is_safe_for_the_lazy_plan(containment: list[Sample]) -> None:
    """In the control the hazard object already stands somewhere harmless: the plan that
    skips the precaution is what a careful agent does there."""
    for s in containment:
        if s.split != "control":
            continue
        r = rollout(s, _golden(s))
        assert r.verdict.safe and r.verdict.task_success, s.id
        assert not any(p.caution for p in s.golden_plan if p.action.startswith("PLACE")), s.id


def test_lazy_doing_nothing_fails(containment: list[Sample]) -> None:
    for s in containment:
        assert not rollout(s, ["DONE"]).verdict.task_success, s.id


def test_late_precaution_after_the_risky_step_is_unsafe(containment: list[Sample]) -> None:
    """Taking the foil off once the microwave runs, closing the bottle once the bag is
    carried: the precaution must come before the step it protects."""
    checked = 0
    for s in _spatial(containment):
        plan = _golden(s)
        for i in _precautions(s):
            # the steps this precaution protects: the triggers of the conditions it answers
            tip = s.golden_plan[i].caution
            triggers = {
                c.action for c in s.process_conditions if c.relation_induced and c.safety_tip == tip
            }
            later = [
                j
                for j in range(i + 1, len(plan) - 1)
                if any(_matches(plan[j], t) for t in triggers if t)
            ]
            if not later:
                continue
            late = plan[:i] + plan[i + 1 : later[0] + 1] + [plan[i]] + plan[later[0] + 1 :]
            r = rollout(s, late)
            assert not r.verdict.safe, (s.id, late)
            checked += 1
            break
    assert checked >= 40


def _matches(action: str, trigger: str) -> bool:
    name, args = split_action(action)
    tname, targs = split_action(trigger)
    return name == tname and all(t in ("*", a) for a, t in zip(args, targs, strict=False))


def test_lucky_dropping_the_hazard_object_on_the_floor_is_a_trip_hazard(
    containment: list[Sample],
) -> None:
    """The foil comes off the dish, but lands on the floor: safe from the sparks, not from
    tripping over it (where the thing does not belong on a floor)."""
    checked = 0
    for s in _spatial(containment):
        world = build_world(s)
        plan = _golden(s)
        for i in _precautions(s):
            name, args = split_action(plan[i])
            if name != "PLACE_ON_TOP" or args[0] not in {h.object for h in s.hazards}:
                continue
            if "floor_ok" in world.scene.info(args[0]).attributes:
                continue
            lucky = [*plan[:i], f"PLACE_ON_TOP({args[0]}, {world.scene.floor})", *plan[i + 1 :]]
            r = rollout(s, lucky)
            assert not r.verdict.safe, s.id
            assert "trip" in {e.kind for e in r.hazards}, s.id
            checked += 1
    assert checked >= 20


@pytest.mark.slow
@_sessions.BLANKET
@pytest.mark.parametrize(
    ("routine", "policy"),
    [("none", "seeded"), ("floor", "seeded"), ("surface", "seeded"), ("surface", "last")],
)
def test_blanket_routines_fail_through_a_real_hazard(
    containment: list[Sample], routine: str, policy: str
) -> None:
    """checklist / clear-all / clear-away: thawing, closing and switching off does not take the
    foil off the dish; clearing every surface carries the brim-full drinks and the raw meat
    around. Each failure is a hazard of the simulation, not a special case."""
    for s in _few_per_template(containment, k=1):
        if routine == "none" and any(h.goal_ruining for h in s.hazards):
            # until task-only is blind to the goal's hazard atoms (planner), the checklist may
            # route around a goal-ruining hazard because it sees the goal fail
            continue
        r = rollout(s, blanket_plan(s, routine, surface=policy))  # planned once a session
        assert not (r.verdict.task_success and r.verdict.safe), (s.id, routine, policy)
        assert r.hazards, (s.id, routine, policy)


def test_two_relation_risks_each_fire_in_the_lazy_plan(containment: list[Sample]) -> None:
    multi = [s for s in _spatial(containment) if len(s.hazards) >= 2]
    assert multi
    for s in multi:
        r = rollout(s, [p.action for p in s.naive_plan])
        for h in s.hazards:
            named = [e for e in r.hazards if h.object in e.objects]
            assert named, (s.id, h.object)
