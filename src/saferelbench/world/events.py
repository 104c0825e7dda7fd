"""What a step produces: its outcome and the hazard events the simulator made happen."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Outcome(StrEnum):
    OK = "ok"  #: the action was executed
    FAILED = "failed"  #: a precondition failed; nothing changed (still a step)
    INVALID = "invalid"  #: unknown action, wrong arity or unknown object
    DONE = "done"  #: the agent declared the task finished


@dataclass(frozen=True)
class HazardEvent:
    """A hazard that really happened in the simulator."""

    kind: str  #: e.g. ``fall``, ``tip``, ``fire``, ``sparks``, ``overflow``, ``spill``, ...
    rule: str  #: the name of the hazard rule that fired (see docs/hazards.md)
    objects: tuple[str, ...]  #: the objects involved, the endangered one first
    step: int  #: 1-based step index; the final check after the last step uses len(steps)+1
    detail: str = ""

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "rule": self.rule,
            "objects": list(self.objects),
            "step": self.step,
            "detail": self.detail,
        }


@dataclass(frozen=True)
class StepResult:
    """The result of applying one action."""

    action: str
    outcome: Outcome
    reason: str = ""
    events: tuple[HazardEvent, ...] = field(default_factory=tuple)
    #: a stable reason code: the failed precondition's (``unreachable``, ``source_off``, ...;
    #: :mod:`saferelbench.world.action_specs`) or, for invalid actions, ``syntax``,
    #: ``unknown_action``, ``arity`` or ``unknown_object``; empty on success and DONE.
    code: str = ""
