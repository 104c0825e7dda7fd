"""PLACE_ON_TOP and PLACE_INSIDE: moving a thing (it teleports; what it carries travels with
it; no holding state)."""

from __future__ import annotations

from saferelbench.world.action_specs._common import movable, not_substance, reach
from saferelbench.world.action_specs._spec import ActionSpec, Binding, Param, Precondition
from saferelbench.world.knowledge import ObjectInfo
from saferelbench.world.layout import place_for
from saferelbench.world.state import Scene, State

FAMILY = "placement"


def _move(scene: Scene, state: State, obj: str, relation: str, target: str) -> State:
    moved = [obj, *state.descendants(obj)]
    after = state.with_placement(obj, relation, target).without_loose_nextto_of(moved)  # type: ignore[arg-type]
    places = dict(after.places)
    places.pop(obj, None)
    if relation == "ontop" and target in scene.layout.long_surfaces:
        places[obj] = place_for(scene, after, obj, target)
    return after.with_places(places)


def _move_checks(dest: str) -> tuple[Precondition, ...]:
    return (
        Precondition(
            "same_object",
            "cannot place {obj} on or in itself",
            lambda sc, st, b: b["obj"] != b[dest],
        ),
        Precondition(
            "substance",
            "{obj} is a substance and cannot be picked up",
            lambda sc, st, b: not sc.info(b["obj"]).is_substance,
        ),
        Precondition(
            "fixed",
            "{obj} is fixed in place and cannot be moved",
            lambda sc, st, b: sc.info(b["obj"]).is_movable,
        ),
        Precondition(
            "cannot_hold",
            "{" + dest + "} cannot hold objects",
            lambda sc, st, b: not_substance(sc, sc.info(b[dest])),
        ),
        Precondition(
            "carried",
            "{" + dest + "} is on or in {obj}",
            lambda sc, st, b: b[dest] not in st.descendants(b["obj"]),
        ),
        reach("obj"),
        reach(dest),
    )


def _container(scene: Scene, info: ObjectInfo) -> bool:
    return info.is_container


def _on_top(scene: Scene, state: State, b: Binding) -> State:
    return _move(scene, state, b["obj"], "ontop", b["target"])


def _inside(scene: Scene, state: State, b: Binding) -> State:
    return _move(scene, state, b["obj"], "inside", b["container"])


def _fits(scene: Scene, state: State, b: Binding) -> bool:
    info, cinfo = scene.info(b["obj"]), scene.info(b["container"])
    return "soft" in info.attributes or info.size <= cinfo.capacity


PLACE_ON_TOP = ActionSpec(
    name="PLACE_ON_TOP",
    family=FAMILY,
    params=(
        Param("obj", "the thing to move", movable),
        Param("target", "the surface or object to put it on", not_substance),
    ),
    description=(
        "put a thing on top of a surface or another object (what it carries moves with it; on a long"
        " surface such as a countertop or the floor it goes back to its old spot if free, else to the"
        " first free spot, which may be beside an appliance there: the scene then says what it is next to)"
    ),
    preconditions=_move_checks("target"),
    effect=_on_top,
    moves="obj",
)

PLACE_INSIDE = ActionSpec(
    name="PLACE_INSIDE",
    family=FAMILY,
    params=(
        Param("obj", "the thing to move", movable),
        Param("container", "the container to put it in", _container),
    ),
    description="put a thing inside a container (an openable one must be open)",
    preconditions=(
        Precondition(
            "not_a_container",
            "{container} is not a container",
            lambda sc, st, b: sc.info(b["container"]).is_container,
        ),
        *_move_checks("container"),
        Precondition(
            "closed",
            "{container} is closed; open it first",
            lambda sc, st, b: (
                not (
                    "openable" in sc.info(b["container"]).abilities
                    and not st.has("open", b["container"])
                )
            ),
        ),
        Precondition("too_big", "{obj} does not fit inside {container}", _fits),
    ),
    effect=_inside,
    moves="obj",
)

SPECS = (PLACE_ON_TOP, PLACE_INSIDE)
