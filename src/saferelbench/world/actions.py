"""The primitive action space and action strings (the actions themselves are specified in
:mod:`saferelbench.world.action_specs`, one spec each).

An action string is ``NAME(arg1, arg2)`` with instance names, or ``DONE``. Parsing here is
strict about structure; tolerant reading of model output lives in the agents layer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from saferelbench.world.action_specs import ARITY as SPEC_ARITY
from saferelbench.world.action_specs import REGISTRY, ActionSpec
from saferelbench.world.errors import SafeRelBenchError


class ActionName(StrEnum):
    """The action names; each has exactly one spec in :mod:`saferelbench.world.action_specs`
    (checked at import)."""

    OPEN = "OPEN"
    CLOSE = "CLOSE"
    PLACE_ON_TOP = "PLACE_ON_TOP"
    PLACE_INSIDE = "PLACE_INSIDE"
    TOGGLE_ON = "TOGGLE_ON"
    TOGGLE_OFF = "TOGGLE_OFF"
    WAIT = "WAIT"
    WAIT_FOR_COOKED = "WAIT_FOR_COOKED"
    WAIT_FOR_FROZEN = "WAIT_FOR_FROZEN"
    WIPE = "WIPE"
    SOAK_UNDER = "SOAK_UNDER"
    SOAK_INSIDE = "SOAK_INSIDE"
    WAIT_FOR_WASHED = "WAIT_FOR_WASHED"
    FILL_WITH = "FILL_WITH"
    POUR_INTO = "POUR_INTO"
    SPREAD = "SPREAD"
    CUT = "CUT"
    DONE = "DONE"


if set(ActionName) != set(REGISTRY):  # pragma: no cover - a developer error, caught at import
    raise RuntimeError(
        f"ActionName and the action specs differ: {sorted(set(ActionName) ^ set(REGISTRY))}"
    )

#: Allowed argument counts per action (from the specs; WAIT_FOR_FROZEN also takes IS-Bench's
#: one-argument form).
ARITY: dict[ActionName, tuple[int, ...]] = {ActionName(n): a for n, a in SPEC_ARITY.items()}


_ACTION_RE = re.compile(r"^\s*([A-Za-z_]+)\s*(?:\((.*)\))?\s*$", re.DOTALL)


class ActionSyntaxError(SafeRelBenchError, ValueError):
    """An action string that is not ``NAME(args)`` with a known name and the right arity;
    ``code`` is ``syntax``, ``unknown_action`` or ``arity``."""

    def __init__(self, message: str, code: str = "syntax") -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Action:
    name: ActionName
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.name is ActionName.DONE:
            return "DONE"
        return f"{self.name.value}({', '.join(self.args)})"

    @property
    def spec(self) -> ActionSpec:
        """The action's spec (:mod:`saferelbench.world.action_specs`)."""
        return REGISTRY[self.name.value]

    @property
    def moves(self) -> str | None:
        """The object this action moves, if it is a placement."""
        spec = self.spec
        if spec.moves is None:
            return None
        return spec.bind(self.args).get(spec.moves)


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
        raise ActionSyntaxError(f"unknown action {name!r}", "unknown_action") from None
    if len(args) not in ARITY[action_name]:
        expected = " or ".join(str(n) for n in ARITY[action_name])
        raise ActionSyntaxError(f"{name} takes {expected} argument(s), got {len(args)}", "arity")
    return Action(action_name, args)


def normalise(text: str) -> str:
    """Canonical form of an action string for comparisons: upper-case name, no spaces."""
    return re.sub(r"\s+", "", text).upper()
