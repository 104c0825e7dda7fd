"""WAIT, WAIT_FOR_COOKED and WAIT_FOR_FROZEN: letting time pass for heat and cold.

WAIT never fails (it clears ``hot`` and ``frozen`` on its argument, if any). WAIT_FOR_COOKED
cooks a cookable thing in or on a switched-on heat source of the right geometry (and everything
else that source cooks with it); on a *substance* (the soup in a bowl) or on a non-cookable
container (a mug of water) it turns what the heated container holds into the task's declared
cooked form (``cooked__water``), which becomes ``real``.
"""

from __future__ import annotations

from saferelbench.world.action_specs._common import ability, has_ability, heat_source_for
from saferelbench.world.action_specs._spec import ActionSpec, Binding, Param, Precondition
from saferelbench.world.knowledge import ObjectInfo
from saferelbench.world.state import Scene, State
from saferelbench.world.substances import derivative_instance

FAMILY = "thermal"


def _wait(scene: Scene, state: State, b: Binding) -> State:
    return state.with_flag("hot", b["obj"], False).with_flag("frozen", b["obj"], False)


def _solid_cookable(info: ObjectInfo) -> bool:
    return "cookable" in info.abilities and not info.is_substance


def _heated_holders(scene: Scene, state: State, obj: str) -> list[str]:
    """For a substance: the containers holding it; for a container: itself."""
    if scene.info(obj).is_substance:
        return sorted(c for c, s in state.contents if s == obj)
    return [obj]


def _convertible(scene: Scene, state: State, holder: str) -> list[tuple[str, str]]:
    """(substance, cooked form) for what ``holder`` contains that has a declared cooked form."""
    out = []
    for sub in state.substances_in(holder):
        forms = derivative_instance(scene, sub, "cooked")
        if forms:
            out.append((sub, forms[0]))
    return out


def _cookable_at_all(scene: Scene, state: State, b: Binding) -> bool:
    info = scene.info(b["obj"])
    return _solid_cookable(info) or info.is_substance or bool(state.substances_in(b["obj"]))


def _not_cooked(scene: Scene, state: State, b: Binding) -> bool:
    return not (_solid_cookable(scene.info(b["obj"])) and state.has("cooked", b["obj"]))


def _in_container(scene: Scene, state: State, b: Binding) -> bool:
    if not scene.info(b["obj"]).is_substance:
        return True
    return bool(_heated_holders(scene, state, b["obj"]))


def _has_cooked_form(scene: Scene, state: State, b: Binding) -> bool:
    obj = b["obj"]
    info = scene.info(obj)
    if _solid_cookable(info):
        return True
    if info.is_substance:
        return bool(derivative_instance(scene, obj, "cooked"))
    return bool(_convertible(scene, state, obj))


def _heated(scene: Scene, state: State, b: Binding) -> bool:
    obj = b["obj"]
    if _solid_cookable(scene.info(obj)):
        return heat_source_for(scene, state, obj) is not None
    return any(
        heat_source_for(scene, state, h) is not None for h in _heated_holders(scene, state, obj)
    )


def _cook_solid(scene: Scene, state: State, obj: str) -> State:
    source = heat_source_for(scene, state, obj)
    assert source is not None
    # waiting cooks everything the same source cooks (the chicken and the potatoes in the pan)
    together = [
        o
        for o in state.descendants(source)
        if "cookable" in scene.info(o).abilities
        and not scene.info(o).is_substance
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


def _convert(scene: Scene, state: State, holder: str, only: str | None) -> State:
    for sub, cooked in _convertible(scene, state, holder):
        if only is not None and sub != only:
            continue
        was_filled = state.is_filled(holder, sub)
        contents = (state.contents - {(holder, sub)}) | {(holder, cooked)}
        filled = state.filled - {(holder, sub)}
        if was_filled:
            filled |= {(holder, cooked)}
        state = state.with_contents(contents, filled)
        state = state.with_flag("future", cooked, False).with_flag("hot", cooked)
    return state


def _cook(scene: Scene, state: State, b: Binding) -> State:
    obj = b["obj"]
    info = scene.info(obj)
    if _solid_cookable(info):
        return _cook_solid(scene, state, obj)
    only = obj if info.is_substance else None
    for holder in _heated_holders(scene, state, obj):
        if heat_source_for(scene, state, holder) is not None:
            state = _convert(scene, state, holder, only)
    return state


def _frozen_sources(scene: Scene, state: State, b: Binding) -> list[str]:
    sources = [
        c for c in state.enclosing_containers(b["obj"]) if "cold_source" in scene.info(c).abilities
    ]
    if "cold_source" in b:
        sources = [c for c in sources if c == b["cold_source"]]
    return sources


def _freeze(scene: Scene, state: State, b: Binding) -> State:
    return state.with_flag("frozen", b["obj"]).with_flag("hot", b["obj"], False)


def _cookable_or_holder(scene: Scene, info: ObjectInfo) -> bool:
    return "cookable" in info.abilities or info.is_substance or "fillable" in info.abilities


WAIT = ActionSpec(
    name="WAIT",
    family=FAMILY,
    params=(Param("obj", "the thing to let cool down or thaw"),),
    description="wait until a thing is no longer hot or frozen (never fails)",
    preconditions=(),
    effect=_wait,
    needs_real=False,
)

WAIT_FOR_COOKED = ActionSpec(
    name="WAIT_FOR_COOKED",
    family=FAMILY,
    params=(
        Param(
            "obj",
            "the food, or the substance or container of liquid, on or in a switched-on heat source",
            _cookable_or_holder,
        ),
    ),
    description=(
        "wait until food (or the liquid in a heated container) on or in a switched-on heat "
        "source is cooked"
    ),
    preconditions=(
        Precondition("not_cookable", "{obj} cannot be cooked", _cookable_at_all),
        Precondition("already_cooked", "{obj} is already cooked", _not_cooked),
        Precondition("not_in_container", "{obj} is in no container", _in_container),
        Precondition("no_cooked_form", "nothing in {obj} can become cooked", _has_cooked_form),
        Precondition(
            "not_heated",
            "{obj} is not in or on a switched-on heat source that can cook it",
            _heated,
        ),
    ),
    effect=_cook,
)

WAIT_FOR_FROZEN = ActionSpec(
    name="WAIT_FOR_FROZEN",
    family=FAMILY,
    params=(
        Param("obj", "the thing inside a freezer or fridge", ability("freezable")),
        Param(
            "cold_source", "the freezer or fridge it is in", ability("cold_source"), optional=True
        ),
    ),
    description="wait until a thing inside a freezer or fridge is frozen",
    preconditions=(
        has_ability("obj", "freezable", "not_freezable", "{obj} cannot be frozen"),
        Precondition(
            "already_frozen",
            "{obj} is already frozen",
            lambda sc, st, b: not st.has("frozen", b["obj"]),
        ),
        Precondition(
            "not_a_cold_source",
            "{cold_source} cannot freeze things",
            lambda sc, st, b: (
                "cold_source" not in b or "cold_source" in sc.info(b["cold_source"]).abilities
            ),
        ),
        Precondition(
            "not_in_cold_source",
            "{obj} is not inside a freezer or fridge",
            lambda sc, st, b: bool(_frozen_sources(sc, st, b)),
        ),
        Precondition(
            "cold_source_open",
            "{source} is open; close it first",
            lambda sc, st, b: (
                not (
                    "openable" in sc.info(_frozen_sources(sc, st, b)[0]).abilities
                    and st.has("open", _frozen_sources(sc, st, b)[0])
                )
            ),
            lambda sc, st, b: {"source": _frozen_sources(sc, st, b)[0]},
            isbench=False,
        ),
    ),
    effect=_freeze,
)

SPECS = (WAIT, WAIT_FOR_COOKED, WAIT_FOR_FROZEN)
