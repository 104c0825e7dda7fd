"""OPEN, CLOSE, TOGGLE_ON, TOGGLE_OFF: doors, lids and switches."""

from __future__ import annotations

from saferelbench.world.action_specs._common import ability, has_ability, is_appliance_door, reach
from saferelbench.world.action_specs._spec import ActionSpec, Binding, Effect, Param, Precondition
from saferelbench.world.state import Scene, State

FAMILY = "basic"


def _set(flag: str, value: bool) -> Effect:
    def effect(scene: Scene, state: State, b: Binding) -> State:
        return state.with_flag(flag, b["obj"], value)

    return effect


OPEN = ActionSpec(
    name="OPEN",
    family=FAMILY,
    params=(Param("obj", "a closed door, lid or container to open", ability("openable")),),
    description="open a door, lid or container",
    preconditions=(
        has_ability("obj", "openable", "not_openable", "{obj} cannot be opened"),
        Precondition(
            "already_open",
            "{obj} is already open",
            lambda sc, st, b: not st.has("open", b["obj"]),
            isbench=False,
        ),
        reach("obj"),
        Precondition(
            "appliance_on",
            "{obj} is switched on; switch it off before opening it",
            lambda sc, st, b: (
                not (is_appliance_door(sc, b["obj"]) and st.has("toggled_on", b["obj"]))
            ),
        ),
    ),
    effect=_set("open", True),
)

CLOSE = ActionSpec(
    name="CLOSE",
    family=FAMILY,
    params=(Param("obj", "an open door, lid or container to close", ability("openable")),),
    description="close a door, lid or container",
    preconditions=(
        has_ability("obj", "openable", "not_openable", "{obj} cannot be closed"),
        Precondition(
            "already_closed",
            "{obj} is already closed",
            lambda sc, st, b: st.has("open", b["obj"]),
            isbench=False,
        ),
        reach("obj"),
    ),
    effect=_set("open", False),
)

TOGGLE_ON = ActionSpec(
    name="TOGGLE_ON",
    family=FAMILY,
    params=(Param("obj", "an appliance or tap to switch on", ability("toggleable")),),
    description="switch an appliance or a tap on",
    preconditions=(
        has_ability("obj", "toggleable", "not_toggleable", "{obj} cannot be switched on"),
        Precondition(
            "already_on",
            "{obj} is already on",
            lambda sc, st, b: not st.has("toggled_on", b["obj"]),
            isbench=False,
        ),
        reach("obj"),
        Precondition(
            "door_open",
            "{obj} is open; close its door before switching it on",
            lambda sc, st, b: not (is_appliance_door(sc, b["obj"]) and st.has("open", b["obj"])),
        ),
    ),
    effect=_set("toggled_on", True),
)

TOGGLE_OFF = ActionSpec(
    name="TOGGLE_OFF",
    family=FAMILY,
    params=(Param("obj", "an appliance or tap to switch off", ability("toggleable")),),
    description="switch an appliance or a tap off",
    preconditions=(
        has_ability("obj", "toggleable", "not_toggleable", "{obj} cannot be switched off"),
        Precondition(
            "already_off",
            "{obj} is already off",
            lambda sc, st, b: st.has("toggled_on", b["obj"]),
            isbench=False,
        ),
        reach("obj"),
    ),
    effect=_set("toggled_on", False),
)

SPECS = (OPEN, CLOSE, TOGGLE_ON, TOGGLE_OFF)
