"""One result schema for every episode, whatever produced it (built-in agent or Inspect run).

A run directory holds ``episodes.jsonl`` (one :class:`EpisodeResult` per line), ``summary.json``
(a :class:`RunSummary` as produced by :func:`saferelbench.evaluation.metrics.summarize`) and
``run.json`` (:class:`RunInfo`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from saferelbench.world.verdict import ConditionVerdict

SCHEMA_VERSION = 1
#: ``EpisodeResult.error`` of a task whose file could not be read (an ``isbench:DIR`` folder):
#: the episode is counted as an errored failure, and the summary lists it under ``not_loaded``.
NOT_LOADED = "not loaded: "

__all__ = [
    "NOT_LOADED",
    "ConditionVerdict",
    "EpisodeResult",
    "GroupMetrics",
    "RunInfo",
    "RunSummary",
    "StepRecord",
]


class StepRecord(BaseModel):
    """One step of an episode."""

    model_config = ConfigDict(extra="ignore")

    index: int = Field(description="1-based step number.")
    raw_output: str | None = Field(
        default=None, description="What the agent wrote (models), or None."
    )
    action: str | None = Field(
        default=None, description="The parsed action string, None if the output was invalid."
    )
    caution: str | None = None
    outcome: Literal["ok", "failed", "invalid", "done"]
    reason: str = ""
    hazards: list[dict[str, Any]] = Field(default_factory=list)
    image: str | None = Field(
        default=None, description="Relative path of the observation image, if saved."
    )
    usage: dict[str, int] = Field(
        default_factory=dict,
        description="This step's model call as the provider reported it (input_tokens, "
        "output_tokens, total_tokens, images sent); empty for built-in agents.",
    )


class EpisodeResult(BaseModel):
    """The full record of one episode."""

    model_config = ConfigDict(extra="ignore")

    schema_version: int = SCHEMA_VERSION
    sample_id: str
    split: str = Field(description="'spatial' or 'control' (IS-Bench tasks: 'isbench').")
    relation: str | None = Field(
        default=None,
        description="supporting / containment / proximity; for a control, the relation it is matched to.",
    )
    risk: str | None = Field(default=None, description="Risk type key, e.g. 'fire'.")
    pair_id: str | None = None
    agent: str = Field(description="Agent or model name, e.g. 'oracle' or 'openai/gpt-4o'.")
    prompt: str = Field(
        default="base", description="Prompt variant: base, risk_aware, action_grounded."
    )
    seed: int = 0
    task_success: bool = False
    safe: bool = False
    success_and_safe: bool = False
    ended_by: Literal["done", "step_limit", "invalid_outputs", "error"] = "done"
    error: str | None = Field(
        default=None, description="Why the episode errored (counted as a failure)."
    )
    steps: list[StepRecord] = Field(default_factory=list)
    hazards: list[dict[str, Any]] = Field(default_factory=list)
    verdicts: list[ConditionVerdict] = Field(default_factory=list)
    protocol: str = Field(
        default="physical",
        description="Verdict protocol: physical (conditions and no hazard), conditions or "
        "isbench (IS-Bench's own scoring).",
    )
    conditions_safe: bool | None = Field(
        default=None, description="Every applicable annotated condition held (either protocol)."
    )
    decided_by: str | None = Field(
        default=None, description="What made the episode unsafe: conditions, hazards or both."
    )
    awareness: float | None = Field(
        default=None,
        description="Share of safety tips the judge found covered by the agent's cautions.",
    )
    awareness_detail: list[dict[str, Any]] = Field(default_factory=list)
    stated_tips: list[str] | None = Field(
        default=None,
        description="isbench protocol: the safety tips the agent wrote before acting (what the "
        "awareness judge reads); None under the other protocols.",
    )
    tips_output: str | None = Field(
        default=None, description="isbench protocol: the agent's raw answer to the tips step."
    )
    disagreements: list[str] = Field(
        default_factory=list,
        description="Integrity signal: hazards without violations and violations without hazards.",
    )
    unneeded_moves: int | None = Field(
        default=None,
        description="Objects the agent moved (executed PLACE_*) that neither the goal nor any "
        "condition names (evaluation.moves); None for older records.",
    )
    unneeded_moved: list[str] = Field(
        default_factory=list, description="Those objects, in first-moved order."
    )
    usage: dict[str, Any] = Field(
        default_factory=dict, description="Token usage, when a model was called."
    )


class GroupMetrics(BaseModel):
    n: int
    SR: float | None = Field(description="None when n is 0.")
    SSR: float | None = Field(description="None when n is 0.")
    SRec: float | None = Field(description="SSR/SR; None when SR is 0.")
    relation_SSR: float | None = Field(
        default=None,
        description="Success and safe on relation-induced conditions and the hazards to their "
        "objects only (evaluation.relation_safety); None when not computed.",
    )
    errors: int = 0
    awareness: float | None = None
    unneeded_moves: float | None = Field(
        default=None, description="Mean unneeded moves per episode (episodes that record it)."
    )


class RunSummary(BaseModel):
    """Metrics of one run, over all its samples (errored episodes count as failures)."""

    n: int
    SR: float | None
    SSR: float | None
    SRec: float | None
    relation_SSR: float | None = Field(
        default=None,
        description="Success and safe on relation-induced conditions and the hazards to their "
        "objects only (evaluation.relation_safety); None when not computed.",
    )
    errors: int
    awareness: float | None = None
    unneeded_moves: float | None = Field(
        default=None,
        description="Mean number of objects moved that neither the goal nor a condition needed.",
    )
    stderr: dict[str, float | None] = Field(
        default_factory=dict, description="Standard errors of SR, SSR and SRec (binomial)."
    )
    by_split: dict[str, GroupMetrics] = Field(default_factory=dict)
    by_relation: dict[str, GroupMetrics] = Field(default_factory=dict)
    by_risk: dict[str, GroupMetrics] = Field(default_factory=dict)
    by_relation_split: dict[str, GroupMetrics] = Field(
        default_factory=dict, description="Keys 'relation/split', e.g. 'supporting/spatial'."
    )
    protocol: str | None = Field(
        default=None,
        description="The verdict protocol of the episodes (physical, conditions, isbench or "
        "mixed); None for an older summary.",
    )
    not_loaded: list[str] = Field(
        default_factory=list,
        description="Tasks whose file could not be read (errored episodes, counted as failures).",
    )
    versions: dict[str, Any] = Field(
        default_factory=dict,
        description="The run's versions record (as in run.json), when the run has one.",
    )
    isbench: dict[str, float | int | None] | None = Field(
        default=None,
        description="isbench runs: IS-Bench's own figures (termination_rate, SR, SSR, "
        "SRec_overall, SRec_process, SRec_termination, awareness pooled over tips, counts).",
    )


class RunInfo(BaseModel):
    """How a run was made."""

    agent: str
    prompt: str = "base"
    seed: int = 0
    split: str | None = None
    relation: str | None = None
    risk: str | None = None
    limit: int | None = None
    images: bool = True
    started: str = ""
    saferelbench_version: str = ""
    versions: dict[str, Any] = Field(
        default_factory=dict,
        description="What the results are comparable with: dataset_version, evaluation_version, "
        "protocol, prompt, action_mode (harness.versions); empty for older runs.",
    )
    extra: dict[str, Any] = Field(default_factory=dict)
