"""FILL_WITH, POUR_INTO and SPREAD: moving substances between sources, containers and things.

A source never runs dry and pouring does not empty the container poured from (IS-Bench's
semantics); where the objects stand does not matter, and no container needs to be open.
"""

from __future__ import annotations

from saferelbench.world.action_specs._common import (
    ability,
    distinct,
    has_ability,
    holder,
    not_substance,
    reach,
    running_source,
    source,
)
from saferelbench.world.action_specs._spec import ActionSpec, Binding, Param, Precondition
from saferelbench.world.state import Scene, State
from saferelbench.world.substances import producing

FAMILY = "liquids"


def _fill(scene: Scene, state: State, b: Binding) -> State:
    for s in producing(scene, state, b["source"]):
        state = state.with_filled(b["target"], s)
    return state


def _pour(scene: Scene, state: State, b: Binding) -> State:
    for s in state.substances_in(b["container"]):
        state = state.with_filled(b["target"], s)
    return state


def _spread(scene: Scene, state: State, b: Binding) -> State:
    target = b["target"]
    subs = state.substances_in(b["container"])
    if "cloth" in scene.info(target).abilities:
        return state.with_saturated(state.saturated | {(target, s) for s in subs})
    return state.with_covered(state.covered | {(target, s) for s in subs})


_TARGET_FILLABLE = has_ability("target", "fillable", "not_fillable", "{target} cannot be filled")

FILL_WITH = ActionSpec(
    name="FILL_WITH",
    family=FAMILY,
    params=(
        Param("target", "the container to fill", ability("fillable")),
        Param("source", "the running source (a tap)", source),
    ),
    description="fill a container from a running source (a sink's tap must be on)",
    preconditions=(
        distinct("target", "source"),
        _TARGET_FILLABLE,
        reach("target"),
        *running_source("source"),
    ),
    effect=_fill,
)

POUR_INTO = ActionSpec(
    name="POUR_INTO",
    family=FAMILY,
    params=(
        Param("container", "the container to pour from", holder),
        Param("target", "the container to pour into", ability("fillable")),
    ),
    description="pour what a container holds into another container (the first keeps some)",
    preconditions=(
        distinct("container", "target"),
        _TARGET_FILLABLE,
        reach("container"),
        reach("target"),
        Precondition(
            "source_empty",
            "{container} holds nothing to pour",
            lambda sc, st, b: bool(st.substances_in(b["container"])),
        ),
    ),
    effect=_pour,
)

SPREAD = ActionSpec(
    name="SPREAD",
    family=FAMILY,
    params=(
        Param("container", "the container of the substance to spread", holder),
        Param("target", "the surface, object or cloth to spread it on", not_substance),
    ),
    description=(
        "spread what a container holds onto a thing (it becomes covered with it; a cloth "
        "becomes soaked with it)"
    ),
    preconditions=(
        distinct("container", "target"),
        Precondition(
            "not_a_thing",
            "{target} is not a thing to spread something on",
            lambda sc, st, b: not_substance(sc, sc.info(b["target"])),
        ),
        Precondition(
            "source_empty",
            "{container} holds nothing to spread",
            lambda sc, st, b: bool(st.substances_in(b["container"])),
        ),
        reach("container"),
        reach("target"),
    ),
    effect=_spread,
)

SPECS = (FILL_WITH, POUR_INTO, SPREAD)
