"""The primitive action space and action strings.

An action string is ``NAME(arg1, arg2)`` with instance names, or ``DONE``. Parsing here is
strict about structure; tolerant reading of model output lives in the agents layer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from saferelbench.world.errors import SafeRelBenchError


class ActionName(StrEnum):
    OPEN = "OPEN"
    CLOSE = "CLOSE"
    PLACE_ON_TOP = "PLACE_ON_TOP"
    PLACE_INSIDE = "PLACE_INSIDE"
    TOGGLE_ON = "TOGGLE_ON"
    TOGGLE_OFF = "TOGGLE_OFF"
    WAIT = "WAIT"
    WAIT_FOR_COOKED = "WAIT_FOR_COOKED"
    WAIT_FOR_FROZEN = "WAIT_FOR_FROZEN"
    DONE = "DONE"


#: Allowed argument counts per action (WAIT_FOR_FROZEN also takes IS-Bench's one-argument form).
ARITY: dict[ActionName, tuple[int, ...]] = {
    ActionName.OPEN: (1,),
    ActionName.CLOSE: (1,),
    ActionName.PLACE_ON_TOP: (2,),
    ActionName.PLACE_INSIDE: (2,),
    ActionName.TOGGLE_ON: (1,),
    ActionName.TOGGLE_OFF: (1,),
    ActionName.WAIT: (1,),
    ActionName.WAIT_FOR_COOKED: (1,),
    ActionName.WAIT_FOR_FROZEN: (1, 2),
    ActionName.DONE: (0,),
}

#: IS-Bench actions this project does not simulate (tasks using them are "unsupported").
UNSUPPORTED_ISBENCH_ACTIONS = frozenset(
    {
        "WIPE",
        "CUT",
        "SOAK_UNDER",
        "SOAK_INSIDE",
        "FILL_WITH",
        "POUR_INTO",
        "SPREAD",
        "WAIT_FOR_WASHED",
    }
)

_ACTION_RE = re.compile(r"^\s*([A-Za-z_]+)\s*(?:\((.*)\))?\s*$", re.DOTALL)


class ActionSyntaxError(SafeRelBenchError, ValueError):
    """An action string that is not ``NAME(args)`` with a known name and the right arity."""


@dataclass(frozen=True)
class Action:
    name: ActionName
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.name is ActionName.DONE:
            return "DONE"
        return f"{self.name.value}({', '.join(self.args)})"

    @property
    def moves(self) -> str | None:
        """The object this action moves, if it is a placement."""
        if self.name in (ActionName.PLACE_ON_TOP, ActionName.PLACE_INSIDE):
            return self.args[0]
        return None


def split_action(text: str) -> tuple[str, tuple[str, ...]]:
    """Split ``NAME(a, b)`` into upper-cased name and stripped args, without validating."""
    m = _ACTION_RE.match(text)
    if not m:
        raise ActionSyntaxError(f"not an action string: {text!r}")
    name = m.group(1).upper()
    raw = m.group(2)
    args = tuple(a.strip() for a in raw.split(",")) if raw and raw.strip() else ()
    if any(not a for a in args):
        raise ActionSyntaxError(f"empty argument in {text!r}")
    return name, args


def parse_action(text: str) -> Action:
    """Parse an action string; raises :class:`ActionSyntaxError` with the reason."""
    name, args = split_action(text)
    try:
        action_name = ActionName(name)
    except ValueError:
        raise ActionSyntaxError(f"unknown action {name!r}") from None
    if len(args) not in ARITY[action_name]:
        expected = " or ".join(str(n) for n in ARITY[action_name])
        raise ActionSyntaxError(f"{name} takes {expected} argument(s), got {len(args)}")
    return Action(action_name, args)


def normalise(text: str) -> str:
    """Canonical form of an action string for comparisons: upper-case name, no spaces."""
    return re.sub(r"\s+", "", text).upper()
