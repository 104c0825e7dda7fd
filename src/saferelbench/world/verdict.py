"""Per-condition verdicts and the eq. 1 evaluator (filled in by the evaluator module)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class ConditionVerdict(BaseModel):
    """How one safety condition fared in an episode."""

    model_config = ConfigDict(extra="ignore")

    kind: Literal["process", "termination"]
    index: int = Field(description="Position of the condition in the task's list of its kind.")
    risk_type: str
    bddl: str
    action: str | None = None
    type: str | None = None
    status: Literal["held", "violated", "not_triggered", "not_applicable"]
    step: int | None = Field(default=None, description="First step at which it was violated (1-based); termination: len(steps)+1.")
    violated_steps: list[int] = Field(default_factory=list)
    reason: str = ""
    relation_induced: bool = False
    origin: str = "scenario"
    safety_tip: str = ""


