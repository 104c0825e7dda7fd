"""The one registration of every hazard rule and state effect.

A rule is a function decorated with :func:`rule`, which declares its name, relation, risk,
the event kinds it may emit, its phase (``step``: after every successful step; ``end``: on the
final state), its place in the step pipeline and the parts of the state it reads. The
pipeline, ``KINDS_BY_RULE``, the rules table of ``docs/hazards.md`` and the checks that every
event is explained by a rule all derive from this registry; a rule never names itself: the
context it is called with emits under the registered name.

The declared reads (:data:`READS`) let a caller skip a rule when nothing it reads changed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from saferelbench.world.events import HazardEvent
from saferelbench.world.state import Scene, State

Phase = Literal["step", "end"]

#: The parts of the world a rule may read.
READS: dict[str, str] = {
    "action": "the executed action (what moved, what was poured, wiped, switched)",
    "placements": "what stands on or in what (the placement tree and places)",
    "nextto": "derived proximity",
    "flags": "unary states (toggled_on, open, cooked, dirty, brim_full, ...)",
    "substances": "contents, filled, covered, saturated",
    "events": "the events earlier rules of the same step emitted",
    "initial": "the initial state (end rules)",
}


class RuleError(ValueError):
    """A rule registered twice, or emitting a kind it did not declare."""


@dataclass(frozen=True)
class Rule:
    """A registered hazard rule."""

    name: str
    relation: str  #: supporting / containment / proximity / none / episode
    risk: str  #: key of RISK_NAMES
    kinds: tuple[str, ...]  #: the event kinds it may emit (the first is its main kind)
    summary: str  #: trigger -> consequence, one line
    source: str  #: the household-safety guidance or everyday physics behind it
    phase: Phase
    reads: frozenset[str]
    order: int  #: position in the step pipeline (effects and rules sorted by it)
    check: Callable[[Any], None] = field(compare=False)

    @property
    def kind(self) -> str:
        return self.kinds[0]

    @property
    def doc(self) -> str:
        """The rule's docstring, first paragraph, on one line."""
        text = (self.check.__doc__ or "").strip().split("\n\n")[0]
        return " ".join(text.split())


@dataclass(frozen=True)
class Effect:
    """A state refinement that emits no event (proximity again, soiled surfaces)."""

    name: str
    order: int
    reads: frozenset[str]
    apply: Callable[[Any], None] = field(compare=False)


_RULES: dict[str, Rule] = {}
_EFFECTS: dict[str, Effect] = {}


def _check_reads(name: str, reads: tuple[str, ...]) -> frozenset[str]:
    unknown = set(reads) - set(READS)
    if unknown:
        raise RuleError(f"rule {name}: unknown reads {sorted(unknown)}; known: {sorted(READS)}")
    return frozenset(reads)


def rule(
    *,
    name: str,
    relation: str,
    risk: str,
    kinds: tuple[str, ...],
    summary: str,
    source: str,
    reads: tuple[str, ...],
    phase: Phase = "step",
    order: int = 0,
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register the decorated function as the hazard rule ``name``."""

    def register(func: Callable[..., None]) -> Callable[..., None]:
        if name in _RULES:
            raise RuleError(f"rule {name} registered twice")
        _RULES[name] = Rule(
            name,
            relation,
            risk,
            tuple(kinds),
            summary,
            source,
            phase,
            _check_reads(name, reads),
            order,
            func,
        )
        return func

    return register


def effect(
    *, name: str, order: int, reads: tuple[str, ...]
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register the decorated function as a state effect of the step pipeline."""

    def register(func: Callable[..., None]) -> Callable[..., None]:
        if name in _EFFECTS or name in _RULES:
            raise RuleError(f"effect {name} registered twice")
        _EFFECTS[name] = Effect(name, order, _check_reads(name, reads), func)
        return func

    return register


def registered_rules() -> tuple[Rule, ...]:
    """Every rule, step rules in pipeline order, then end rules in registration order."""
    steps = sorted((r for r in _RULES.values() if r.phase == "step"), key=lambda r: r.order)
    ends = [r for r in _RULES.values() if r.phase == "end"]
    return (*steps, *ends)


def pipeline() -> tuple[Rule | Effect, ...]:
    """Step rules and effects, in the order they run after a step."""
    items: list[Rule | Effect] = [r for r in _RULES.values() if r.phase == "step"]
    items += list(_EFFECTS.values())
    return tuple(sorted(items, key=lambda r: r.order))


@dataclass
class EndContext:
    """The final state of an episode being judged by the end rules."""

    scene: Scene
    initial: State
    final: State
    step: int
    events: list[HazardEvent] = field(default_factory=list)
    rule: Rule | None = None

    def emit(self, kind: str, objects: list[str] | tuple[str, ...], detail: str) -> None:
        self.events.append(_event(self.rule, kind, objects, self.step, detail))


def _event(
    r: Rule | None, kind: str, objects: list[str] | tuple[str, ...], step: int, detail: str
) -> HazardEvent:
    if r is None:
        raise RuleError("an event emitted outside a registered rule")
    if kind not in r.kinds:
        raise RuleError(f"rule {r.name} emitted kind {kind!r}, declared {list(r.kinds)}")
    return HazardEvent(kind, r.name, tuple(objects), step, detail)
