"""Queries and precondition builders shared by the action families."""

from __future__ import annotations

from collections.abc import Mapping

from saferelbench.world.action_specs._spec import Accepts, Binding, Precondition
from saferelbench.world.knowledge import ObjectInfo
from saferelbench.world.state import Scene, State
from saferelbench.world.substances import producing


def reachable(scene: Scene, state: State, obj: str) -> bool:
    """False if ``obj`` is (transitively) inside a closed openable container."""
    return all(
        "openable" not in scene.info(c).abilities or state.has("open", c)
        for c in state.enclosing_containers(obj)
    )


def closed_around(scene: Scene, state: State, obj: str) -> str:
    """The nearest closed openable container around ``obj`` (call when not reachable)."""
    return next(
        c
        for c in state.enclosing_containers(obj)
        if "openable" in scene.info(c).abilities and not state.has("open", c)
    )


def is_appliance_door(scene: Scene, obj: str) -> bool:
    info = scene.info(obj)
    return (
        "openable" in info.abilities
        and "toggleable" in info.abilities
        and (info.is_fixture or info.heat is not None)
    )


def cracks_on_flame(scene: Scene, holder: str, source: str) -> bool:
    """Whether ``holder`` standing directly on ``source`` is glass or ceramic that is not
    cookware on a source that heats from below by contact (a plate, a platter or a mug on a
    burner or a grill grate): it cracks there (the ``heat_breakage`` rule) and passes no cooking
    heat to what it holds. Pans are metal; an oven or a microwave heats from all sides."""
    o, heat = scene.info(holder), scene.info(source).heat
    return (
        heat is not None
        and not heat.requires_inside
        and "breakable" in o.abilities
        and "metal" not in o.attributes
        and "food" not in o.attributes
        and "cookable" not in o.abilities
    )


def heat_source_for(scene: Scene, state: State, obj: str) -> str | None:
    """The switched-on heat source that would cook ``obj`` where it is, if any. A dish that
    cracks on the source (:func:`cracks_on_flame`) between ``obj`` and the source carries no
    cooking heat: food on a serving plate set on a burner does not cook."""
    below = obj
    for p in state.ancestors(obj):
        info = scene.info(p.parent)
        if info.heat is None:
            below = p.parent
            continue
        if below != obj and cracks_on_flame(scene, below, p.parent):
            return None
        if info.heat.requires_inside != (p.relation == "inside"):
            return None
        if info.heat.requires_toggled_on and not state.has("toggled_on", p.parent):
            return None
        if (
            info.heat.requires_closed
            and "openable" in info.abilities
            and state.has("open", p.parent)
        ):
            return None
        return p.parent
    return None


def reach(param: str) -> Precondition:
    """``param`` is not inside a closed container (reason ``unreachable``)."""

    def holds(scene: Scene, state: State, b: Binding) -> bool:
        return param not in b or reachable(scene, state, b[param])

    def detail(scene: Scene, state: State, b: Binding) -> Mapping[str, str]:
        return {"closed": closed_around(scene, state, b[param])}

    return Precondition(
        "unreachable", "{" + param + "} is inside {closed}, which is closed", holds, detail
    )


def distinct(a: str, b: str) -> Precondition:
    return Precondition(
        "same_object",
        "{" + a + "} and {" + b + "} are the same object",
        lambda sc, st, bd: bd[a] != bd[b],
    )


def has_ability(param: str, ability: str, code: str, message: str) -> Precondition:
    return Precondition(code, message, lambda sc, st, b: ability in sc.info(b[param]).abilities)


def running_source(param: str) -> tuple[Precondition, Precondition]:
    """``param`` gives a substance (reason ``not_a_source``) and is running now
    (``source_off``)."""
    return (
        Precondition(
            "not_a_source",
            "{" + param + "} does not give any substance",
            lambda sc, st, b: bool(sc.yields(b[param])),
        ),
        Precondition(
            "source_off",
            "{" + param + "} is not running; switch it on first",
            lambda sc, st, b: bool(producing(sc, st, b[param])),
        ),
    )


def not_substance(scene: Scene, info: ObjectInfo) -> bool:
    """Accepts things: no substance, not the agent."""
    return not (info.is_substance or info.is_agent)


def source(scene: Scene, info: ObjectInfo) -> bool:
    """Accepts what gives a substance (a tap)."""
    return bool(scene.yields(info.name))


def holder(scene: Scene, info: ObjectInfo) -> bool:
    """Accepts what can hold a substance: a fillable thing or a container."""
    return "fillable" in info.abilities or info.is_container


def movable(scene: Scene, info: ObjectInfo) -> bool:
    return info.is_movable


def ability(name: str) -> Accepts:
    """Accepts objects with the ability ``name``."""

    def accepts(scene: Scene, info: ObjectInfo) -> bool:
        return name in info.abilities

    return accepts
