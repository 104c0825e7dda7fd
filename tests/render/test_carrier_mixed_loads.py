"""A carrier holding one load inside it and another on top of it (a platter with a tray in it,
the tray carrying a radio, and a chicken leg lying on the platter) is drawn as the world has
it: the two loads stand side by side on the carrier, so what one of them carries touches
neither the other nor anything else it is not next to, and every load reads as on or inside
what holds it (docs/rendering.md, "Layout algorithm").

The states come from the real simulator on a few shipped samples: every movable container
there that takes something inside it gets an inner load and a load on top, one of the two
carrying a third thing, as far as the simulator allows. A thing standing on an inner load whose
top is level with the carrier's rim reads as standing on the rim whatever the layout (a crumpled
foil as deep as the bowl it is in): its own reading is not checked here, its proximity is."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from saferelbench.dataset.store import load_samples
from saferelbench.render import render
from saferelbench.render.reading import relation_errors
from saferelbench.world.scene_builder import build_world
from saferelbench.world.simulator import step
from saferelbench.world.state import Scene, State
from tests.render.proximity_check import proximity_errors

SAMPLES = (
    "con-contamination_grill_platter-03",
    "sup-falling_freeze-01",
    "con-fire_foil_microwave-02",
)


def _movable(scene: Scene) -> list[str]:
    return sorted(
        o.name
        for o in scene.objects
        if not o.is_fixture and o.name != scene.floor and "substance" not in o.attributes
    )


def _try(scene: Scene, state: State, action: str) -> State | None:
    after, result = step(scene, state, action, 1)
    return after if result.outcome.name == "OK" else None


def _loaded(scene: Scene, state: State, carrier: str, loaded_inside: bool) -> State | None:
    """``carrier`` with one thing inside it and one on top of it, the inner one
    (``loaded_inside``) or the top one carrying a third thing; None when the simulator
    refuses every choice."""
    others = [n for n in _movable(scene) if n != carrier]
    for inner in others:
        with_inner = _try(scene, state, f"PLACE_INSIDE({inner}, {carrier})")
        if with_inner is None:
            continue
        for upper in others:
            if upper == inner:
                continue
            both = _try(scene, with_inner, f"PLACE_ON_TOP({upper}, {carrier})")
            if both is None:
                continue
            holder = inner if loaded_inside else upper
            for load in others:
                if load in (inner, upper):
                    continue
                done = _try(scene, both, f"PLACE_ON_TOP({load}, {holder})")
                if done is not None:
                    return done
            break
        return None
    return None


def _cases() -> Iterator[tuple[str, str, bool]]:
    wanted = set(SAMPLES)
    for s in load_samples():
        if s.id not in wanted:
            continue
        scene = build_world(s).scene
        for c in _movable(scene):
            if scene.info(c).is_container:
                for loaded_inside in (True, False):
                    yield s.id, c, loaded_inside


CASES = list(_cases())


def test_there_are_carriers_to_load() -> None:
    assert len({c for _, c, _ in CASES}) >= 3


@pytest.mark.parametrize(("sid", "carrier", "loaded_inside"), CASES)
def test_a_carrier_with_loads_on_and_in_it_is_drawn_as_the_world_has_it(
    sid: str, carrier: str, loaded_inside: bool
) -> None:
    world = build_world(next(s for s in load_samples() if s.id == sid))
    scene = world.scene
    state = _loaded(scene, world.initial, carrier, loaded_inside)
    if state is None:
        pytest.skip("the simulator takes no such loads here")
    r = render(scene, state, labels=False)
    if carrier not in r.layout:
        pytest.skip("the carrier is hidden")
    place = {p.obj: p for p in state.placements}
    held = {n for n in place if carrier in {q.parent for q in state.ancestors(n)}}
    assert {place[n].relation for n in held if place[n].parent == carrier} == {"inside", "ontop"}
    level = {  # stands on an inner load whose top is level with the rim: reads as on the rim
        n
        for n in held
        if place[n].parent in held
        and place[n].parent in r.layout
        and place[place[n].parent].relation == "inside"
        and abs(r.layout[place[n].parent].y0 - r.layout[carrier].y0) <= 1
    }
    errors = []
    for e in proximity_errors(scene, state, r) + relation_errors(scene, state, r):
        words = e.split(" ")
        named = {words[0], words[2]} if words[1] == "and" else {words[0]}
        if " are next to each other " in e:  # the world's pairs reaching outside: elsewhere
            wrong = named <= held | {carrier}
        else:
            wrong = bool(named & held) and not (words[1] != "and" and named <= level)
        if wrong:
            errors.append(e)
    assert not errors, errors
