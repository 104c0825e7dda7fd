"""The symbolic simulator: ``step(scene, state, action) -> (state, result)``, pure and
deterministic.

Preconditions follow IS-Bench's reference semantics (see ../shared/notes/isbench-format.md):
objects inside a closed container cannot be reached; a closed container cannot be filled; an
appliance's door must be closed before TOGGLE_ON and it must be off before OPEN; cooking needs a
switched-on heat source of the right geometry; a thing goes inside a container only if it
fits (sizes in ``attributes.json``). A failed precondition changes nothing and returns the
reason. After the plain effect of an action, proximity is derived from the new placements and
the hazard rules of :mod:`saferelbench.world.hazards` work out the consequences of the state
after the step, however it came about.
"""

from __future__ import annotations

from saferelbench.world.actions import Action, ActionName, ActionSyntaxError, parse_action
from saferelbench.world.events import HazardEvent, Outcome, StepResult
from saferelbench.world.hazards import Context, apply_rules, finish_events
from saferelbench.world.layout import derive_nextto, place_for
from saferelbench.world.state import Scene, State


class _Failed(Exception):
    """A precondition that did not hold; the message is the reason shown to the agent."""


def step(scene: Scene, state: State, action_text: str, step_index: int) -> tuple[State, StepResult]:
    """Apply one action. Never raises for bad actions: see :class:`Outcome`."""
    try:
        action = parse_action(action_text)
    except ActionSyntaxError as exc:
        return state, StepResult(action_text, Outcome.INVALID, str(exc))
    text = str(action)
    unknown = [a for a in action.args if a not in scene]
    if unknown:
        return state, StepResult(text, Outcome.INVALID, f"unknown object(s): {', '.join(unknown)}")
    if action.name is ActionName.DONE:
        return state, StepResult(text, Outcome.DONE, "task declared finished")
    try:
        effect = _effect(scene, state, action)
    except _Failed as exc:
        return state, StepResult(text, Outcome.FAILED, str(exc))
    if (
        effect.placements != state.placements
        or effect.places != state.places
        or effect.loose_nextto != state.loose_nextto
    ):
        effect = effect.with_nextto(derive_nextto(scene, effect))
    ctx = Context(scene=scene, before=state, action=action, state=effect, step=step_index)
    apply_rules(ctx)
    return ctx.state, StepResult(text, Outcome.OK, "", tuple(ctx.events))


def finish(scene: Scene, initial: State, final: State, step_index: int) -> list[HazardEvent]:
    """Hazards that the end of the episode makes real (appliances left on, doors left open)."""
    return finish_events(scene, initial, final, step_index)


# ----- preconditions and plain effects ------------------------------------------------------
def reachable(scene: Scene, state: State, obj: str) -> bool:
    """False if ``obj`` is (transitively) inside a closed openable container."""
    return all(
        "openable" not in scene.info(c).abilities or state.has("open", c)
        for c in state.enclosing_containers(obj)
    )


def _need_reachable(scene: Scene, state: State, *objs: str) -> None:
    for o in objs:
        if not reachable(scene, state, o):
            closed = next(c for c in state.enclosing_containers(o) if not state.has("open", c))
            raise _Failed(f"{o} is inside {closed}, which is closed")


def _is_appliance_door(scene: Scene, obj: str) -> bool:
    info = scene.info(obj)
    return (
        "openable" in info.abilities
        and "toggleable" in info.abilities
        and (info.is_fixture or info.heat is not None)
    )


def _effect(scene: Scene, state: State, action: Action) -> State:
    handler = _HANDLERS[action.name]
    return handler(scene, state, action.args)


def _open(scene: Scene, state: State, args: tuple[str, ...]) -> State:
    (obj,) = args
    if "openable" not in scene.info(obj).abilities:
        raise _Failed(f"{obj} cannot be opened")
    if state.has("open", obj):
        raise _Failed(f"{obj} is already open")
    _need_reachable(scene, state, obj)
    if _is_appliance_door(scene, obj) and state.has("toggled_on", obj):
        raise _Failed(f"{obj} is switched on; switch it off before opening it")
    return state.with_flag("open", obj)


def _close(scene: Scene, state: State, args: tuple[str, ...]) -> State:
    (obj,) = args
    if "openable" not in scene.info(obj).abilities:
        raise _Failed(f"{obj} cannot be closed")
    if not state.has("open", obj):
        raise _Failed(f"{obj} is already closed")
    _need_reachable(scene, state, obj)
    return state.with_flag("open", obj, False)


def _check_move(scene: Scene, state: State, obj: str, target: str) -> None:
    info, tinfo = scene.info(obj), scene.info(target)
    if obj == target:
        raise _Failed(f"cannot place {obj} on or in itself")
    if info.is_substance:
        raise _Failed(f"{obj} is a substance and cannot be picked up")
    if not info.is_movable:
        raise _Failed(f"{obj} is fixed in place and cannot be moved")
    if tinfo.is_substance or tinfo.is_agent:
        raise _Failed(f"{target} cannot hold objects")
    if target in state.descendants(obj):
        raise _Failed(f"{target} is on or in {obj}")
    _need_reachable(scene, state, obj, target)


def _move(scene: Scene, state: State, obj: str, relation: str, target: str) -> State:
    moved = [obj, *state.descendants(obj)]
    after = state.with_placement(obj, relation, target).without_loose_nextto_of(moved)  # type: ignore[arg-type]
    places = dict(after.places)
    places.pop(obj, None)
    if relation == "ontop" and target in scene.layout.long_surfaces:
        places[obj] = place_for(scene, after, obj, target)
    return after.with_places(places)


def _place_on_top(scene: Scene, state: State, args: tuple[str, ...]) -> State:
    obj, target = args
    _check_move(scene, state, obj, target)
    return _move(scene, state, obj, "ontop", target)


def _place_inside(scene: Scene, state: State, args: tuple[str, ...]) -> State:
    obj, container = args
    cinfo = scene.info(container)
    if not cinfo.is_container:
        raise _Failed(f"{container} is not a container")
    _check_move(scene, state, obj, container)
    if "openable" in cinfo.abilities and not state.has("open", container):
        raise _Failed(f"{container} is closed; open it first")
    info = scene.info(obj)
    if "soft" not in info.attributes and info.size > cinfo.capacity:
        raise _Failed(f"{obj} does not fit inside {container}")
    return _move(scene, state, obj, "inside", container)


def _toggle_on(scene: Scene, state: State, args: tuple[str, ...]) -> State:
    (obj,) = args
    if "toggleable" not in scene.info(obj).abilities:
        raise _Failed(f"{obj} cannot be switched on")
    if state.has("toggled_on", obj):
        raise _Failed(f"{obj} is already on")
    _need_reachable(scene, state, obj)
    if _is_appliance_door(scene, obj) and state.has("open", obj):
        raise _Failed(f"{obj} is open; close its door before switching it on")
    return state.with_flag("toggled_on", obj)


def _toggle_off(scene: Scene, state: State, args: tuple[str, ...]) -> State:
    (obj,) = args
    if "toggleable" not in scene.info(obj).abilities:
        raise _Failed(f"{obj} cannot be switched off")
    if not state.has("toggled_on", obj):
        raise _Failed(f"{obj} is already off")
    _need_reachable(scene, state, obj)
    return state.with_flag("toggled_on", obj, False)


def _wait(scene: Scene, state: State, args: tuple[str, ...]) -> State:
    (obj,) = args
    if not (state.has("hot", obj) or state.has("frozen", obj)):
        raise _Failed(f"{obj} is neither hot nor frozen; there is nothing to wait for")
    return state.with_flag("hot", obj, False).with_flag("frozen", obj, False)


def heat_source_for(scene: Scene, state: State, obj: str) -> str | None:
    """The switched-on heat source that would cook ``obj`` where it is, if any."""
    for p in state.ancestors(obj):
        info = scene.info(p.parent)
        if info.heat is None:
            continue
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


def _wait_for_cooked(scene: Scene, state: State, args: tuple[str, ...]) -> State:
    (obj,) = args
    if "cookable" not in scene.info(obj).abilities:
        raise _Failed(f"{obj} cannot be cooked")
    if state.has("cooked", obj):
        raise _Failed(f"{obj} is already cooked")
    source = heat_source_for(scene, state, obj)
    if source is None:
        raise _Failed(f"{obj} is not in or on a switched-on heat source that can cook it")
    # waiting cooks everything the same source cooks (the chicken and the potatoes in the pan)
    together = [
        o
        for o in state.descendants(source)
        if "cookable" in scene.info(o).abilities
        and not state.has("cooked", o)
        and heat_source_for(scene, state, o) == source
    ]
    for o in sorted({obj, *together}):
        state = state.with_flag("cooked", o).with_flag("hot", o).with_flag("frozen", o, False)
        # the pan or dish it cooked in reached cooking heat with it: no longer dirty from it
        for p in state.ancestors(o):
            if p.parent == source:
                break
            state = state.with_flag("dirty", p.parent, False)
    return state


def _wait_for_frozen(scene: Scene, state: State, args: tuple[str, ...]) -> State:
    obj = args[0]
    if "freezable" not in scene.info(obj).abilities:
        raise _Failed(f"{obj} cannot be frozen")
    if state.has("frozen", obj):
        raise _Failed(f"{obj} is already frozen")
    sources = [
        c for c in state.enclosing_containers(obj) if "cold_source" in scene.info(c).abilities
    ]
    if len(args) == 2:
        if "cold_source" not in scene.info(args[1]).abilities:
            raise _Failed(f"{args[1]} cannot freeze things")
        sources = [c for c in sources if c == args[1]]
    if not sources:
        raise _Failed(f"{obj} is not inside a freezer or fridge")
    if "openable" in scene.info(sources[0]).abilities and state.has("open", sources[0]):
        raise _Failed(f"{sources[0]} is open; close it first")
    return state.with_flag("frozen", obj).with_flag("hot", obj, False)


_HANDLERS = {
    ActionName.OPEN: _open,
    ActionName.CLOSE: _close,
    ActionName.PLACE_ON_TOP: _place_on_top,
    ActionName.PLACE_INSIDE: _place_inside,
    ActionName.TOGGLE_ON: _toggle_on,
    ActionName.TOGGLE_OFF: _toggle_off,
    ActionName.WAIT: _wait,
    ActionName.WAIT_FOR_COOKED: _wait_for_cooked,
    ActionName.WAIT_FOR_FROZEN: _wait_for_frozen,
}
