"""One result schema for every episode, whatever produced it (built-in agent or Inspect run).

A run directory holds ``episodes.jsonl`` (one :class:`EpisodeResult` per line), ``summary.json``
(a :class:`RunSummary` as produced by :func:`saferelbench.evaluation.metrics.summarize`) and
``run.json`` (:class:`RunInfo`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from saferelbench.world.events import HazardEvent
from saferelbench.world.verdict import ConditionVerdict, HazardVerdict, Verdict

#: 2: the verdict embedded whole (``EpisodeResult.verdict``) and the awareness detail typed;
#: 1: the verdict's values copied flat (still read, see ``EpisodeResult._from_flat``).
SCHEMA_VERSION = 2
#: ``EpisodeResult.error`` of a task whose file could not be read (an ``isbench:DIR`` folder):
#: the episode is counted as an errored failure, and the summary lists it under ``not_loaded``.
NOT_LOADED = "not loaded: "

__all__ = [
    "NOT_LOADED",
    "AwarenessDetail",
    "ConditionVerdict",
    "EpisodeResult",
    "GroupMetrics",
    "HazardEvent",
    "HazardVerdict",
    "JudgedTip",
    "Provenance",
    "RunInfo",
    "RunSummary",
    "StepRecord",
    "Verdict",
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
    hazards: list[HazardEvent] = Field(
        default_factory=list,
        description="The hazards this step caused, as the simulator reports them.",
    )
    image: str | None = Field(
        default=None, description="Relative path of the observation image, if saved."
    )
    usage: dict[str, int] = Field(
        default_factory=dict,
        description="This step's model call as the provider reported it (input_tokens, "
        "output_tokens, total_tokens, images sent); empty for built-in agents.",
    )


class JudgedTip(BaseModel):
    """One safety tip as the awareness judge found it."""

    risk_type: str = ""
    tip: str
    covered: bool
    evidence: str = Field(
        default="",
        description="The caution that covered it (keyword judge) or the judge model's reason.",
    )


class AwarenessDetail(BaseModel):
    """How the awareness judge judged an episode: every tip it judged, or why it could not."""

    judge: str = Field(
        default="", description="The judge: the keyword judge's name (keyword-v2) or the model's."
    )
    tips: list[JudgedTip] = Field(default_factory=list)
    error: str | None = Field(
        default=None, description="Why the episode was not judged (awareness None)."
    )
    answer: str | None = Field(
        default=None, description="The judge's unreadable answer (its first 500 characters)."
    )

    @property
    def judged_by(self) -> str:
        """The judge, when it judged at least one tip ("" otherwise)."""
        return self.judge if self.tips else ""

    @model_validator(mode="before")
    @classmethod
    def _from_list(cls, data: Any) -> Any:
        """The list form run folders hold from earlier versions: one dict per judged tip (with
        its ``judge``), or one ``{judge, error, answer}`` dict."""
        if not isinstance(data, list):
            return data
        items = [d for d in data if isinstance(d, dict)]
        judge = next((str(d.get("judge") or "") for d in items if d.get("judge")), "")
        failed = next((d for d in items if d.get("error")), None)
        if failed is not None:
            return {"judge": judge, "error": failed["error"], "answer": failed.get("answer")}
        return {"judge": judge, "tips": [d for d in items if "covered" in d]}


#: The verdict fields earlier versions copied flat into an episode's record.
_FLAT_VERDICT = (
    "task_success",
    "safe",
    "success_and_safe",
    "hazards",
    "verdicts",
    "conditions_safe",
    "decided_by",
    "disagreements",
)


def _verdict_of_flat(data: dict[str, Any]) -> dict[str, Any] | None:
    """The verdict an older flat record held (it kept no ``goal_reached``: success stands for
    it), or None for an episode that never ran (errored with no step and no verdict)."""
    flat = {key: data.pop(key) for key in _FLAT_VERDICT if key in data}
    conditions = list(flat.get("verdicts") or [])
    hazards = list(flat.get("hazards") or [])
    success = bool(flat.get("task_success", False))
    safe = bool(flat.get("safe", False))
    if data.get("ended_by") == "error" and not data.get("steps") and not conditions:
        if not (hazards or success or safe):
            return None
    held = flat.get("conditions_safe")
    if held is None:
        held = all(
            (c.status if isinstance(c, ConditionVerdict) else dict(c).get("status")) != "violated"
            for c in conditions
        )
    return {
        "task_success": success,
        "goal_reached": success,
        "safe": safe,
        "protocol": data.get("protocol") or "physical",
        "conditions": conditions,
        "hazards": hazards,
        "conditions_safe": bool(held),
        "decided_by": flat.get("decided_by"),
        "disagreements": list(flat.get("disagreements") or []),
    }


class EpisodeResult(BaseModel):
    """The full record of one episode: what happened (``steps``) and the evaluator's judgement
    of it (``verdict``, the :class:`~saferelbench.world.verdict.Verdict` itself, not a copy).

    ``task_success``, ``safe``, ``success_and_safe``, ``verdicts``, ``hazards``,
    ``conditions_safe``, ``decided_by`` and ``disagreements`` are read from the verdict (an
    errored episode never succeeds; an episode with no verdict is neither successful nor safe).
    Records of the earlier flat form (those names stored as fields) are read into this shape."""

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
    ended_by: Literal["done", "step_limit", "invalid_outputs", "error"] = "done"
    error: str | None = Field(
        default=None, description="Why the episode errored (counted as a failure)."
    )
    steps: list[StepRecord] = Field(default_factory=list)
    verdict: Verdict | None = Field(
        default=None,
        description="The evaluator's judgement of the trajectory: success, safety, every "
        "condition's verdict, every hazard (``annotated``: an applicable annotated condition "
        "was violated then on one of its objects), what decided it and the integrity signal; "
        "None when the episode could not run.",
    )
    protocol: str = Field(
        default="physical",
        description="Verdict protocol the episode ran under: physical (conditions and no "
        "hazard), conditions or isbench (IS-Bench's own scoring).",
    )
    awareness: float | None = Field(
        default=None,
        description="Share of safety tips the judge found covered by the agent's cautions.",
    )
    awareness_detail: AwarenessDetail | None = Field(
        default=None, description="What the awareness judge found, tip by tip; None: not judged."
    )
    stated_tips: list[str] | None = Field(
        default=None,
        description="isbench protocol: the safety tips the agent wrote before acting (what the "
        "awareness judge reads); None under the other protocols.",
    )
    tips_output: str | None = Field(
        default=None, description="isbench protocol: the agent's raw answer to the tips step."
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

    @model_validator(mode="before")
    @classmethod
    def _from_flat(cls, data: Any) -> Any:
        if not isinstance(data, dict) or "verdict" in data:
            return data
        if not any(key in data for key in _FLAT_VERDICT):
            return data
        data = dict(data)
        data["verdict"] = _verdict_of_flat(data)
        data["schema_version"] = SCHEMA_VERSION
        if data.get("awareness_detail") == []:
            data["awareness_detail"] = None
        return data

    @property
    def task_success(self) -> bool:
        """DONE was issued, the goal holds and the episode did not error."""
        return self.verdict is not None and self.verdict.task_success and self.error is None

    @property
    def safe(self) -> bool:
        """The verdict found the episode safe under its protocol (False without a verdict)."""
        return self.verdict is not None and self.verdict.safe

    @property
    def success_and_safe(self) -> bool:
        return self.task_success and self.safe

    @property
    def verdicts(self) -> list[ConditionVerdict]:
        """Every condition's verdict (none without a verdict)."""
        return self.verdict.conditions if self.verdict is not None else []

    @property
    def hazards(self) -> list[HazardVerdict]:
        """Every hazard of the episode as the verdict lists it."""
        return self.verdict.hazards if self.verdict is not None else []

    @property
    def conditions_safe(self) -> bool | None:
        """Every applicable annotated condition held (None without a verdict)."""
        return self.verdict.conditions_safe if self.verdict is not None else None

    @property
    def decided_by(self) -> str | None:
        """What made the episode unsafe: conditions, hazards or both."""
        return self.verdict.decided_by if self.verdict is not None else None

    @property
    def disagreements(self) -> list[str]:
        """Integrity signal: hazards without violations and violations without hazards."""
        return self.verdict.disagreements if self.verdict is not None else []


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


#: Options older run.json files kept as RunInfo fields, now in ``RunInfo.config``.
_OLDER_FIELDS = ("seed", "split", "relation", "risk", "limit", "images")
#: Options older run.json files kept as loose ``extra`` keys, now in ``RunInfo.config``.
_OLDER_EXTRA = (
    "protocol",
    "step_limit",
    "max_invalid",
    "actions",
    "image_history",
    "labels",
    "ids",
)


class Provenance(BaseModel):
    """Where, when and with what a run was made (nothing here changes a score)."""

    started: str = Field(default="", description="When the run started (ISO 8601, UTC).")
    saferelbench_version: str = ""
    versions: dict[str, Any] = Field(
        default_factory=dict,
        description="What the results are comparable with: dataset_version, evaluation_version, "
        "protocol, prompt, action_mode (harness.versions); empty for older runs.",
    )
    python: str = Field(default="", description="Python version; empty for older runs.")
    platform: str = Field(default="", description="Operating system and machine.")
    packages: dict[str, str] = Field(
        default_factory=dict, description="Versions of the libraries a run depends on."
    )


class RunInfo(BaseModel):
    """How a run was made: the agent or model, the run configuration once (``config``, as
    ``harness.config.RunConfig.to_json`` writes it), its provenance, and what the runner adds
    (``extra``: the judge model, the retry policy, the plan file, the Inspect logs read).

    Older run.json files (the options as fields and loose ``extra`` keys) are read into this
    shape."""

    agent: str
    runner: str = Field(default="", description="native, inspect or sweep; empty: unknown.")
    config: dict[str, Any] = Field(default_factory=dict)
    provenance: Provenance = Field(default_factory=Provenance)
    extra: dict[str, Any] = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _from_older(cls, data: Any) -> Any:
        if not isinstance(data, dict) or "config" in data:
            return data
        data = dict(data)
        extra = dict(data.get("extra") or {})
        recorded = extra.pop("config", None)
        config: dict[str, Any] = dict(recorded) if isinstance(recorded, dict) else {}
        for key in _OLDER_FIELDS:
            if key in data:
                config.setdefault(key, data.pop(key))
        prompt = data.pop("prompt", None)
        if not isinstance(config.get("prompt"), dict):
            config["prompt"] = {
                "variant": str(config.get("prompt") or prompt or "base"),
                "report_failures": bool(extra.get("report_failures", False)),
                "scene_text": bool(extra.get("scene_text", False)),
            }
        for key in (*_OLDER_EXTRA, "report_failures", "scene_text"):
            if key in extra:
                value = extra.pop(key)
                if key in _OLDER_EXTRA:
                    config.setdefault(key, value)
        data["config"] = config
        data.setdefault("runner", str(extra.pop("runner", "") or ""))
        provenance = dict(data.get("provenance") or {})
        for key in ("started", "saferelbench_version", "versions"):
            if key in data:
                provenance.setdefault(key, data.pop(key))
        data["provenance"] = provenance
        data["extra"] = extra
        return data

    @classmethod
    def of(cls, agent: str, *, prompt: str = "base", **options: Any) -> RunInfo:
        """The info of a run by ``agent`` whose configuration sets these options (a test or a
        synthetic run; a real run records the whole configuration)."""
        return cls(agent=agent, config={"prompt": {"variant": prompt}, **options})

    def setting(self, name: str, default: Any = None) -> Any:
        """One option of the run's configuration (``default`` when it was not recorded)."""
        value = self.config.get(name)
        return default if value is None else value

    @property
    def prompt(self) -> str:
        """The prompt variant's name (``base``, ``risk_aware``, ``action_grounded``)."""
        prompt = self.config.get("prompt")
        variant = prompt.get("variant") if isinstance(prompt, dict) else prompt
        return str(variant or "base")

    @property
    def seed(self) -> int:
        return int(self.setting("seed", 0))

    @property
    def split(self) -> str | None:
        return self.config.get("split")

    @property
    def relation(self) -> str | None:
        return self.config.get("relation")

    @property
    def risk(self) -> str | None:
        return self.config.get("risk")

    @property
    def limit(self) -> int | None:
        return self.config.get("limit")

    @property
    def images(self) -> bool:
        return bool(self.setting("images", True))

    @property
    def protocol(self) -> str:
        return str(self.setting("protocol", "physical"))

    @property
    def started(self) -> str:
        return self.provenance.started

    @property
    def versions(self) -> dict[str, Any]:
        return self.provenance.versions

    def with_provenance(self, **changes: Any) -> RunInfo:
        """This info with some provenance fields changed."""
        return self.model_copy(update={"provenance": self.provenance.model_copy(update=changes)})
