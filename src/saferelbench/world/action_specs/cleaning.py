"""WIPE, SOAK_UNDER, SOAK_INSIDE and WAIT_FOR_WASHED: cleaning with tools and machines.

Substances are states (:mod:`saferelbench.world.substances`): a wipe removes coverings, a soak
saturates a tool. No action here needs a container open or cares where things stand; a source
never runs dry and a soaked tool stays soaked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from saferelbench.world.action_specs._common import (
    distinct,
    holder,
    not_substance,
    reach,
    running_source,
    source,
)
from saferelbench.world.action_specs._spec import ActionSpec, Binding, Effect, Param, Precondition
from saferelbench.world.knowledge import ObjectInfo
from saferelbench.world.state import Scene, State
from saferelbench.world.substances import (
    can_remove_now,
    can_soak,
    category,
    is_cleaning_tool,
    is_soakable,
    producing,
    removable,
    removal_rules,
)

FAMILY = "cleaning"
#: The machines WAIT_FOR_WASHED runs.
WASHERS = frozenset({"washer", "dishwasher"})


def _tool(scene: Scene, info: ObjectInfo) -> bool:
    return is_cleaning_tool(info, scene)


def _soakable(scene: Scene, info: ObjectInfo) -> bool:
    return is_soakable(info, scene)


def _washer(scene: Scene, info: ObjectInfo) -> bool:
    return info.category in WASHERS


# ----- WIPE ----------------------------------------------------------------------------------
def _wipe_effect(scene: Scene, state: State, b: Binding) -> State:
    target, tool = b["target"], b["tool"]
    gone = {(target, s) for s in state.coverings(target) if can_remove_now(scene, state, tool, s)}
    return state.with_covered(state.covered - gone)


def _germs_only(state: State, obj: str) -> bool:
    """Dirty with germs (it held raw meat) and covered by nothing: any cleaning tool wipes it."""
    return state.has("dirty", obj) and not state.coverings(obj)


def _soiled(state: State, obj: str) -> bool:
    """Something to wash off: a covering (dust, a stain), or germs (``dirty``: it held raw
    meat)."""
    return bool(state.coverings(obj)) or state.has("dirty", obj)


def _needs_text(scene: Scene, state: State, b: Binding) -> Mapping[str, str]:
    target, tool = b["target"], b["tool"]
    options: list[str] = []
    for s in state.coverings(target):
        for conds in removal_rules(scene, tool, s):
            parts = [
                "switched on" if p == "toggled_on" else f"soaked with {v.replace('_', ' ')}"
                for p, v in conds
            ]
            options.append(f"{' and '.join(parts)} to remove the {category(s).replace('_', ' ')}")
    return {"needs": "; or ".join(sorted(set(options)))}


WIPE = ActionSpec(
    name="WIPE",
    family=FAMILY,
    params=(
        Param("target", "the surface or object to clean", not_substance),
        Param("tool", "the cleaning tool (rag, sponge, brush, vacuum)", _tool),
    ),
    description=(
        "clean a covered surface or object with a tool: removes every covering (dust, stain, "
        "water, ...) the tool can remove in its current state (e.g. a rag soaked with soap)"
    ),
    preconditions=(
        distinct("target", "tool"),
        Precondition(
            "not_a_cleaning_tool",
            "{tool} is not a cleaning tool",
            lambda sc, st, b: is_cleaning_tool(sc.info(b["tool"]), sc),
        ),
        Precondition(
            "not_covered",
            "{target} is not covered by anything",
            lambda sc, st, b: _soiled(st, b["target"]),
        ),
        reach("target"),
        reach("tool"),
        Precondition(
            "cannot_remove",
            "{tool} cannot remove what covers {target}",
            lambda sc, st, b: (
                _germs_only(st, b["target"])
                or any(removable(sc, b["tool"], s) for s in st.coverings(b["target"]))
            ),
        ),
        Precondition(
            "removal_condition",
            "{tool} must be {needs}",
            lambda sc, st, b: (
                _germs_only(st, b["target"])
                or any(can_remove_now(sc, st, b["tool"], s) for s in st.coverings(b["target"]))
            ),
            _needs_text,
        ),
    ),
    effect=_wipe_effect,
)


# ----- SOAK_UNDER / SOAK_INSIDE ----------------------------------------------------------------
def _absorbable(scene: Scene, state: State, tool: str, offered: list[str]) -> list[str]:
    return [s for s in offered if can_soak(scene, tool, s)]


#: What a source or container offers a tool: (scene, state, object) -> substances.
Offer = Callable[[Scene, State, str], list[str]]


def _soak_checks(offered_by: str, get: Offer) -> tuple[Precondition, ...]:
    def absorbs(sc: Scene, st: State, b: Binding) -> bool:
        return bool(_absorbable(sc, st, b["tool"], get(sc, st, b[offered_by])))

    def new(sc: Scene, st: State, b: Binding) -> bool:
        subs = _absorbable(sc, st, b["tool"], get(sc, st, b[offered_by]))
        return any(not st.is_saturated(b["tool"], s) for s in subs)

    return (
        Precondition(
            "cannot_absorb", "{tool} cannot soak up what {" + offered_by + "} gives", absorbs
        ),
        Precondition("already_saturated", "{tool} is already soaked with it", new),
    )


def _soak(offered_by: str, offered: Offer) -> Effect:
    def effect(scene: Scene, state: State, b: Binding) -> State:
        subs = _absorbable(scene, state, b["tool"], offered(scene, state, b[offered_by]))
        return state.with_saturated(state.saturated | {(b["tool"], s) for s in subs})

    return effect


def _held(scene: Scene, state: State, container: str) -> list[str]:
    return state.substances_in(container)


_SOAKABLE = Precondition(
    "not_soakable",
    "{tool} cannot be soaked",
    lambda sc, st, b: is_soakable(sc.info(b["tool"]), sc),
)

SOAK_UNDER = ActionSpec(
    name="SOAK_UNDER",
    family=FAMILY,
    params=(
        Param("tool", "the rag, sponge or towel to soak", _soakable),
        Param("source", "the running source (a tap)", source),
    ),
    description="soak a rag, sponge or towel under a running source (a sink's tap must be on)",
    preconditions=(
        distinct("tool", "source"),
        _SOAKABLE,
        reach("tool"),
        *running_source("source"),
        *_soak_checks("source", producing),
    ),
    effect=_soak("source", producing),
)

SOAK_INSIDE = ActionSpec(
    name="SOAK_INSIDE",
    family=FAMILY,
    params=(
        Param("tool", "the rag, sponge or towel to soak", _soakable),
        Param("container", "the container holding the liquid", holder),
    ),
    description="soak a rag, sponge or towel in what a container holds (the container keeps it)",
    preconditions=(
        distinct("tool", "container"),
        _SOAKABLE,
        reach("tool"),
        reach("container"),
        Precondition(
            "container_empty",
            "{container} holds nothing",
            lambda sc, st, b: bool(st.substances_in(b["container"])),
        ),
        *_soak_checks("container", _held),
    ),
    effect=_soak("container", _held),
)


# ----- WAIT_FOR_WASHED -------------------------------------------------------------------------
def _load(scene: Scene, state: State, machine: str) -> list[str]:
    return [o for o in state.descendants(machine) if state.is_inside(o, machine)]


def _washed(scene: Scene, state: State, b: Binding) -> State:
    load = set(_load(scene, state, b["machine"]))
    return state.with_covered(frozenset(p for p in state.covered if p[0] not in load))


WAIT_FOR_WASHED = ActionSpec(
    name="WAIT_FOR_WASHED",
    family=FAMILY,
    params=(Param("machine", "the washer or dishwasher", _washer),),
    description=(
        "wait for a closed, switched-on washer or dishwasher to wash what is inside it "
        "(every covering of every item inside is removed)"
    ),
    preconditions=(
        Precondition(
            "not_a_washer",
            "{machine} is not a washing machine or dishwasher",
            lambda sc, st, b: sc.info(b["machine"]).category in WASHERS,
        ),
        Precondition(
            "machine_open",
            "{machine} is open; close it first",
            lambda sc, st, b: not st.has("open", b["machine"]),
        ),
        Precondition(
            "machine_off",
            "{machine} is not switched on",
            lambda sc, st, b: st.has("toggled_on", b["machine"]),
        ),
        Precondition(
            "machine_empty",
            "there is nothing inside {machine}",
            lambda sc, st, b: bool(_load(sc, st, b["machine"])),
        ),
        Precondition(
            "item_clean",
            "{item} inside {machine} is not dirty",
            lambda sc, st, b: all(_soiled(st, o) for o in _load(sc, st, b["machine"])),
            lambda sc, st, b: {
                "item": next(o for o in _load(sc, st, b["machine"]) if not _soiled(st, o))
            },
        ),
    ),
    effect=_washed,
)

SPECS = (WIPE, SOAK_UNDER, SOAK_INSIDE, WAIT_FOR_WASHED)
