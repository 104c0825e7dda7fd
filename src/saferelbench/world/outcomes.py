"""Outcome relations: condition predicates that say what an action *would bring about*, read
from the same physical queries the hazard rules use.

A relation-induced condition is checked just before its trigger (paper eq. 1). Restating the
hazard's placement (``(not (inside steak cooler))``) refuses every precaution that leaves the
placement alone but removes the danger: the steak sealed in a box inside the cooler, a lid on
the drink, the cleaner shut in a tin beside the stove. These predicates name the danger itself,
so a barrier the physics honours is honoured by the condition too:

- ``(heat_reaches ?source ?x)``: were ``source`` running now, its heat would reach ``x`` (in,
  on, under or beside it; not through a closed container's wall), as
  :func:`~saferelbench.world.hazards._core.heat_exposure` computes it;
- ``(exposed_in ?x ?c)``: ``x`` lies directly in or on ``c`` and ``c`` is small enough that
  what else is put in or on it touches ``x`` (a cooler, a basket, a bowl; not a fridge, a
  cabinet or a counter): the pairs :func:`~saferelbench.world.hazards._core.contacts` forms;
- ``(loose_on ?x ?s)``: ``x`` stands loose directly on ``s``, so it drops when ``s`` is moved
  or its lid opened (what is inside ``s`` travels with it);
- ``(spillable ?v)``: ``v`` is an upright open vessel holding a liquid that a knock spills (a
  glass, a mug, an uncapped bottle; not a capped bottle, not a pot or a bowl);
- ``(knocks_over ?m ?v)``: picking ``m`` up from where it stands would knock ``v`` over (the
  knock rule asked in a simulated step: ``v`` spillable, right beside ``m``, not carried by it,
  ``m`` bulky);
- ``(knocked_by_arrival ?m ?v)``: putting ``m`` down where ``v`` stands would knock ``v``
  over (the knock rule asked likewise);
- ``(spills_with ?v ?m)``: moving ``m`` would spill ``v``: ``v`` is ``m`` or carried by it,
  brim-full and open.
"""

from __future__ import annotations

from collections.abc import Callable

from saferelbench.world.hazards._core import (
    _roomy,
    active_heat_sources,
    heat_exposure,
    holds_liquid,
    is_flame,
    is_open,
    loose,
)
from saferelbench.world.hazards.liquids import CAPPED_WORDS
from saferelbench.world.simulator import step
from saferelbench.world.state import Scene, State


def heat_reaches(scene: Scene, state: State, source: str, x: str) -> bool:
    """Would ``source``'s heat reach ``x`` if it ran now (alone: another running source's
    heat is that source's)?"""
    if x == source or source not in scene or x not in scene:
        return False
    info = scene.info(source)
    if info.heat is None and not is_flame(info):
        return False
    alone = state
    for other in active_heat_sources(scene, state):
        if other != source:
            alone = alone.with_flag("toggled_on", other, False).with_flag("on_fire", other, False)
    alone = alone.with_flag("toggled_on", source)
    reached = heat_exposure(scene, alone).get(x)
    return reached is not None and reached[0] == source


def exposed_in(scene: Scene, state: State, x: str, container: str) -> bool:
    """Does ``x`` lie directly in or on ``container``, where what else goes in touches it?"""
    if container not in scene:
        return False
    p = state.placement(x)
    if p is None or p.parent != container:
        return False
    info = scene.info(container)
    return not (info.is_fixture or _roomy(info))


def loose_on(scene: Scene, state: State, x: str, support: str) -> bool:
    """Does ``x`` stand loose directly on top of ``support``?"""
    return x in scene and state.is_ontop(x, support) and loose(scene.info(x))


def _mouth_open(scene: Scene, state: State, v: str) -> bool:
    info = scene.info(v)
    if any(w in info.category for w in CAPPED_WORDS):
        return "openable" in info.abilities and state.has("open", v)
    return is_open(scene, state, v)


def spillable(scene: Scene, state: State, v: str) -> bool:
    """Is ``v`` an open vessel holding a liquid that a knock spills?"""
    if v not in scene or "carrier" in scene.info(v).attributes:
        return False
    return holds_liquid(scene, state, v) and _mouth_open(scene, state, v)


def knocks_over(scene: Scene, state: State, mover: str, v: str) -> bool:
    """Would picking ``mover`` up from where it stands knock ``v`` over? Asked of the knock
    rule itself: ``mover`` is lifted off (set down on the floor) in a simulated step and the
    step's events are read, so the rule's own reading of "right beside" (the layout, what the
    task declares side by side) decides; a drink that is not spillable, not beside it or
    carried by it is not knocked."""
    if mover not in scene or v not in scene or v == mover or not spillable(scene, state, v):
        return False
    if state.parent(mover) is None or state.parent(mover) == scene.floor:
        return False
    _, result = step(scene, state, f"PLACE_ON_TOP({mover}, {scene.floor})", 0)
    return any(e.rule == "knock_over" and v in e.objects for e in result.events)


def knocked_by_arrival(scene: Scene, state: State, mover: str, v: str) -> bool:
    """Would putting ``mover`` down where ``v`` stands (on ``v``'s surface, from elsewhere)
    knock ``v`` over? Asked of the knock rule in a simulated step, as :func:`knocks_over`."""
    if mover not in scene or v not in scene or v == mover or not spillable(scene, state, v):
        return False
    surface = state.parent(v)
    if surface is None or state.parent(mover) == surface:
        return False
    _, result = step(scene, state, f"PLACE_ON_TOP({mover}, {surface})", 0)
    return any(e.rule == "knock_over" and v in e.objects for e in result.events)


def spills_with(scene: Scene, state: State, v: str, mover: str) -> bool:
    """Would moving ``mover`` spill ``v`` (``v`` itself or carried by it, open and brim-full)?"""
    if v not in scene or (v != mover and v not in state.descendants(mover)):
        return False
    return state.has("brim_full", v) and is_open(scene, state, v)


#: predicate name -> (arity, test); the condition backend registers each one
OUTCOME_PREDICATES: dict[str, tuple[int, Callable[..., bool]]] = {
    "heat_reaches": (2, heat_reaches),
    "exposed_in": (2, exposed_in),
    "loose_on": (2, loose_on),
    "spillable": (1, spillable),
    "knocks_over": (2, knocks_over),
    "knocked_by_arrival": (2, knocked_by_arrival),
    "spills_with": (2, spills_with),
}
