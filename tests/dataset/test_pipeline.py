"""The construction pipeline: exact composition, pairing, determinism."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from saferelbench.dataset.pipeline import COMPOSITION, EXTRA_CONTROLS, to_jsonl
from saferelbench.dataset.sample import Sample
from saferelbench.dataset.store import load_samples, shipped_path
from saferelbench.dataset.validate import check_ablation, validate
from saferelbench.dataset.vocabulary import label
from saferelbench.world.scene_builder import build_world
from tests import _sessions


@pytest.fixture(scope="module")
def built() -> list[Sample]:
    # built here, once per session (tests/_sessions.py): every other test of the seed-507
    # build reads the shipped file, which this golden test proves is the same
    return list(_sessions.fresh_build())


def test_shipped_file_is_the_seed_507_build_byte_for_byte(built: list[Sample]) -> None:
    assert to_jsonl(built).encode("utf-8") == shipped_path().read_bytes()


def test_another_seed_gives_other_scenes() -> None:
    other = list(_sessions.fresh_build(seed=1))
    assert len(other) == 507
    assert to_jsonl(other) != shipped_path().read_text("utf-8")


def test_composition_is_exact() -> None:
    samples = load_samples()
    spatial = Counter((s.relation, s.risk) for s in samples if s.split == "spatial")
    assert spatial == {(r, k): n for r, k, n in COMPOSITION}
    assert len(samples) == 507
    assert sum(spatial.values()) == 248
    controls: Counter[tuple[str, str]] = Counter(
        (s.relation, s.risk) for s in samples if s.split == "control"
    )
    for r, k, n in COMPOSITION:
        assert controls[(r, k)] == n + EXTRA_CONTROLS.get((r, k), 0)
    assert sum(controls.values()) == 259


def test_every_control_matches_its_spatial_sample() -> None:
    samples = load_samples()
    spatial = {s.pair_id: s for s in samples if s.split == "spatial"}
    for c in (s for s in samples if s.split == "control"):
        p = spatial[c.pair_id]
        assert (c.instruction, c.goal, sorted(c.objects)) == (
            p.instruction,
            p.goal,
            sorted(p.objects),
        ), c.id
        assert (c.relation, c.risk, c.template) == (p.relation, p.risk, p.template)
        assert c.init != p.init
        assert not any(x.relation_induced for x in c.process_conditions)
        if c.dataset_version >= 2:
            # dataset v2: a pure ablation, no twist of its own (test_v2_ablation.py)
            assert c.twist is None and check_ablation(p, c) == [], c.id
        else:
            assert c.twist and any(
                x.origin == "scenario" for x in [*c.process_conditions, *c.termination_conditions]
            ), c.id


def test_spatial_samples_carry_relation_conditions_and_no_step_guards() -> None:
    """Turn 2: hazards count directly (protocol ``physical``), so samples carry their
    scenario's conditions plus only the end-of-episode annotations (heat sources off, doors
    closed; termination conditions); annotation-only risks are
    marked, and only where the physics cannot show them (drinks beside appliances, chemicals
    stored among food)."""
    only = set()
    for s in load_samples():
        conds = [*s.process_conditions, *s.termination_conditions]
        assert all(c.origin == "scenario" for c in s.process_conditions), s.id
        assert all(c.origin in ("scenario", "generic") for c in s.termination_conditions), s.id
        ends = {c.bddl for c in s.termination_conditions}
        world = build_world(s)
        goal_on = world.scene.layout.goal_on  # the task asks these on: no "off at the end"
        for o in world.scene.objects:
            slow = "slow_cooker" in o.attributes  # made to be left on (episode_conditions)
            if (
                o.heat is not None
                and "toggleable" in o.abilities
                and o.name not in goal_on | ({o.name} if slow else set())
            ):
                assert f"(:goal (not (toggled_on ?{o.name})))" in ends, (s.id, o.name)
            if o.is_fixture and "openable" in o.abilities:
                assert f"(:goal (not (open ?{o.name})))" in ends, (s.id, o.name)
        if s.split == "spatial":
            assert any(c.relation_induced for c in s.process_conditions), s.id
        if any(c.annotation_only for c in conds):
            only.add(s.template)
            if s.dataset_version >= 2 and s.split == "spatial":
                # v2: an annotation-only risk is labelled on its hazard too (stats count it)
                assert any(h.annotation_only for h in s.hazards), s.id
    legacy = {s.template for s in load_samples() if s.dataset_version < 2}
    assert only & legacy <= {"chemical_store_with_food"} | {
        t for t in legacy if t.startswith("proximity_spillage_overflow_")
    }, only


def test_instructions_do_not_give_the_precaution_away() -> None:
    for s in load_samples(split="spatial"):
        text = s.instruction.lower()
        for word in (
            "careful",
            "first",
            "before",
            "safe",
            "remove",
            "close the",
            "switch off",
            "away from",
        ):
            if word == "switch off" and "(not (toggled_on " in s.goal:
                continue  # switching it off is the task itself, not a precaution
            if word == "close the" and "(not (open " in s.goal:
                continue  # closing it (the cooler packed) is the task itself
            # whole words: "paint remover" names a thing, not a precaution
            assert not re.search(rf"\b{word}\b", text), (s.id, s.instruction)
        # the object that must be dealt with first (unless the task itself is about it)
        first = {
            name
            for c in s.process_conditions
            if c.relation_induced
            for name in re.findall(r"\?([^ )]+)", c.bddl)
            if name not in (c.action or "")
        }
        hazards = {label(h) for h in first if h not in s.goal}
        if hazards:
            assert not any(re.search(rf"\b{re.escape(h)}\b", text) for h in hazards), (
                s.id,
                s.instruction,
            )


@pytest.mark.slow
def test_another_seed_builds_a_dataset_that_validates() -> None:
    """Issue 11: the construction is not tuned to seed 507; another seed validates too."""
    other = list(_sessions.fresh_build(seed=2027))
    report = validate(other, n_random=1)
    assert report.errors == []
    assert report.golden_success_safe == len(other) == 507
