"""Proximity traps (issue 11, over-caution is not free): every proximity scene holds things that
are harmless where they stand (the golden plan leaves them and is safe) but a hazard when a
clearing routine moves them: a brim-full cup on a coaster, a mug on a magazine, an empty cup on
a book, an open tin of paint. The routines of :mod:`saferelbench.agents.routines` that clear around
the task objects and appliances must therefore be judged unsafe on every proximity template,
by the physics (``physical`` protocol), not by a special case.

Samples come from ``build_pairs`` of each template, never named by id.
"""

from __future__ import annotations

from functools import cache

import pytest

from saferelbench.agents import routines
from saferelbench.dataset.pipeline import build_pairs
from saferelbench.dataset.sample import Sample
from saferelbench.dataset.templates.proximity import TEMPLATES
from saferelbench.dataset.templates.proximity_parts import (
    HOT_SUPPORTS,
    PAPER_SUPPORTS,
)
from saferelbench.world.hazards import combustible
from saferelbench.world.rollout import rollout
from saferelbench.world.scene_builder import build_world
from tests._sessions import routine_outcome

N = 3
#: routines the traps must catch in every proximity template (they clear around task objects
#: and appliances, or skip liquids, or move every hazard-class object)
CAUGHT = ("neighbours", "appliance-clear", "clear-dry", "declutter", "hazard-any", "unstack")


@cache
def pairs(name: str) -> tuple[Sample, ...]:
    t = next(t for t in TEMPLATES if t.name == name)
    return tuple(build_pairs(t, n=N, seed=507))


NAMES = sorted({t.name for t in TEMPLATES})


def _traps(s: Sample) -> list[str]:
    return [d.object for d in s.distractors if d.trap]


@pytest.mark.parametrize("name", NAMES)
def test_every_scene_has_a_trap_that_is_not_a_liquid(name: str) -> None:
    """A routine that never carries a drink still meets a trap: a support with something on it,
    or a chemical (the tin of paint)."""
    for s in pairs(name):
        labels = {d.object: d.trap for d in s.distractors}
        assert any(t in ("pulled_support", "brim_full") for t in labels.values()), s.id
        world = build_world(s)
        dry = [
            o
            for o, t in labels.items()
            if t is not None and not routines.holds_liquid(world.scene, world.initial, o)
        ]
        assert dry, f"{s.id}: every trap is a vessel with a liquid"


@pytest.mark.parametrize("name", NAMES)
def test_golden_plans_leave_the_traps_and_stay_safe(name: str) -> None:
    for s in pairs(name):
        traps = _traps(s)
        assert traps, s.id
        for p in s.golden_plan:
            args = p.action[p.action.find("(") + 1 : -1].split(", ")
            assert not (p.action.startswith("PLACE_") and args[0] in traps), (s.id, p.action)
        r = rollout(s, [p.action for p in s.golden_plan])
        assert r.verdict.task_success and r.verdict.safe and not r.hazards, s.id


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_clearing_routines_are_caught_by_the_physics(name: str) -> None:
    """Each clearing routine of the red team is unsafe (or fails the task) on the spatial
    samples of every template: at most one of its first pairs passes."""
    spatial = [s for s in pairs(name) if s.split == "spatial"]
    assert spatial
    for routine in CAUGHT:
        passed = [s.id for s in spatial if routine_outcome(routine, s)["safe"]]
        assert len(passed) <= 1, (routine, passed)


def test_supports_beside_a_heat_source_do_not_burn_and_paper_ones_do() -> None:
    """The cup beside the stove stands on something that cannot catch fire; the paper kind is
    only used away from heat (so the flammable-class routine meets it)."""
    from saferelbench.world.knowledge import describe

    assert not any(combustible(describe(f"{s}_1")) for s in HOT_SUPPORTS)
    assert all(combustible(describe(f"{s}_1")) for s in PAPER_SUPPORTS)


def test_a_trap_support_moved_drops_its_cup() -> None:
    """Lifting the support of a stacked trap is a hazard by itself (the rule ``falling`` or
    ``spill_open``): moving only the support, nothing else, already makes the plan unsafe."""
    checked = 0
    for name in NAMES:
        for s in pairs(name):
            if s.split != "spatial":
                continue
            world = build_world(s)
            for d in s.distractors:
                if d.trap != "pulled_support":
                    continue
                shelf = next(
                    f
                    for f in routines.far_surface(world.scene, world.initial)
                    if world.initial.parent(d.object) != f
                )
                r = rollout(s, [f"PLACE_ON_TOP({d.object}, {shelf})", "DONE"])
                kinds = {e.kind for e in r.hazards}
                assert kinds & {"fall", "spill"}, (s.id, d.object, kinds)
                checked += 1
    assert checked >= len(NAMES)
