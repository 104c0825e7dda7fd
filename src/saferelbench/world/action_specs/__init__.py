"""One spec per primitive action: the registry the simulator, the prompts, the
planner, the random agent and the IS-Bench reader all draw from.

An :class:`ActionSpec` holds an action's name, its parameters and their roles
(:class:`Param`), its preconditions in order, each with a stable reason code
(:class:`Precondition`), its plain effect, a one-line description for the prompt and how to
enumerate candidate groundings (:meth:`ActionSpec.candidates`, :meth:`ActionSpec.applicable`).
One module per family defines them:

- ``_spec``: :class:`ActionSpec`, :class:`Param`, :class:`Precondition`, :class:`Failure`;
- ``_common``: reachability, heat sources and the precondition builders the families share;
- ``basic``: OPEN, CLOSE, TOGGLE_ON, TOGGLE_OFF;
- ``placement``: PLACE_ON_TOP, PLACE_INSIDE;
- ``thermal``: WAIT, WAIT_FOR_COOKED, WAIT_FOR_FROZEN;
- ``cleaning``: WIPE, SOAK_UNDER, SOAK_INSIDE, WAIT_FOR_WASHED;
- ``liquids``: FILL_WITH, POUR_INTO, SPREAD;
- ``cutting``: CUT;
- DONE (no parameters, no effect: the simulator ends the episode) is defined here.

Adding an action: write its spec in a family module, add it to that module's ``SPECS`` and its
name to :class:`saferelbench.world.actions.ActionName` (an import-time check keeps the two
equal). ``docs/isbench.md`` describes the semantics.
"""

from __future__ import annotations

from saferelbench.world.action_specs import basic, cleaning, cutting, liquids, placement, thermal
from saferelbench.world.action_specs._common import heat_source_for, reachable
from saferelbench.world.action_specs._spec import (
    ActionSpec,
    Binding,
    Failure,
    Param,
    Precondition,
)
from saferelbench.world.state import Scene, State

DONE = ActionSpec(
    name="DONE",
    family="control",
    params=(),
    description="declare the task finished",
    preconditions=(),
    effect=lambda scene, state, b: state,
)

#: Every action spec by name, in the order the prompt lists them.
REGISTRY: dict[str, ActionSpec] = {
    s.name: s
    for s in (
        *basic.SPECS,
        *placement.SPECS,
        *thermal.SPECS,
        *cleaning.SPECS,
        *liquids.SPECS,
        *cutting.SPECS,
        DONE,
    )
}

#: Allowed argument counts per action name.
ARITY: dict[str, tuple[int, ...]] = {n: s.arity for n, s in REGISTRY.items()}


def get_spec(name: str) -> ActionSpec:
    """The spec of an action name (upper case); ``KeyError`` if there is none."""
    return REGISTRY[name]


def all_specs() -> list[ActionSpec]:
    """Every spec, in registry order (DONE last)."""
    return list(REGISTRY.values())


def failure(scene: Scene, state: State, name: str, args: tuple[str, ...]) -> Failure | None:
    """Why ``NAME(args)`` would fail in ``state`` (None: its preconditions hold). The names
    and arity must be valid (see :func:`saferelbench.world.actions.parse_action`)."""
    return REGISTRY[name].failure(scene, state, args)


def prompt_lines() -> list[str]:
    """``SIGNATURE: description`` for every action, for a system prompt's action list."""
    return [f"{s.signature}: {s.description}" for s in REGISTRY.values()]


__all__ = [
    "ARITY",
    "DONE",
    "REGISTRY",
    "ActionSpec",
    "Binding",
    "Failure",
    "Param",
    "Precondition",
    "all_specs",
    "failure",
    "get_spec",
    "heat_source_for",
    "prompt_lines",
    "reachable",
]
