"""CUT: slicing a thing with a slicer; it is replaced by its halves (the task's declared
``half__X`` instances, which become ``real``; the cut thing stops being real)."""

from __future__ import annotations

from saferelbench.world.action_specs._common import ability, distinct, has_ability, reach
from saferelbench.world.action_specs._spec import ActionSpec, Binding, Param
from saferelbench.world.layout import place_for
from saferelbench.world.state import Scene, State
from saferelbench.world.substances import derivative_instance

FAMILY = "cutting"


def _cut(scene: Scene, state: State, b: Binding) -> State:
    target = b["target"]
    where = state.placement(target)
    state = state.with_flag("future", target)
    for half in derivative_instance(scene, target, "sliced"):
        state = state.with_flag("future", half, False)
        if where is not None:
            state = state.with_placement(half, where.relation, where.parent)
            if where.relation == "ontop" and where.parent in scene.layout.long_surfaces:
                places = dict(state.places)
                places[half] = place_for(scene, state, half, where.parent)
                state = state.with_places(places)
    return state


CUT = ActionSpec(
    name="CUT",
    family=FAMILY,
    params=(
        Param("target", "the thing to cut", ability("sliceable")),
        Param("tool", "the knife or other slicer", ability("slicer")),
    ),
    description="cut a thing with a knife; it is replaced by its halves",
    preconditions=(
        distinct("target", "tool"),
        has_ability("tool", "slicer", "not_a_slicer", "{tool} cannot cut"),
        has_ability("target", "sliceable", "not_sliceable", "{target} cannot be cut"),
        reach("target"),
        reach("tool"),
    ),
    effect=_cut,
)

SPECS = (CUT,)
