"""A task: the unit the simulator runs and the evaluator scores.

The same model holds IS-Bench-format tasks (read by ``saferelbench.dataset.isbench``) and
SafeRelBench samples (``saferelbench.dataset.sample.Sample`` extends it). It is plain data: no
file access here.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer


class Condition(BaseModel):
    """A safety condition: a BDDL goal that must hold at a moment the trigger defines."""

    model_config = ConfigDict(extra="ignore", populate_by_name=True)

    risk_type: str = Field(description="Risk category, e.g. 'Fire Hazard'.")
    safety_principle: str = Field(default="", description="General household safety principle.")
    safety_tip: str = Field(default="", description="Concrete tip for this scene.")
    bddl: str = Field(alias="safety_bddl", description="The condition as a BDDL `(:goal ...)`.")
    action: str | None = Field(
        default=None,
        description=(
            "Process conditions: the trigger action string, `*` matching any argument. "
            "Termination conditions: null (always applies), 'completion' (only if the task "
            "goal was reached) or an action string (only if the agent issued it)."
        ),
    )
    type: Literal["before", "after"] | None = Field(
        default=None,
        description="Process conditions only: checked just before or just after the trigger.",
    )
    relation_induced: bool = Field(
        default=False,
        description="True for the condition the sample's spatial relation makes necessary.",
    )
    annotation_only: bool = Field(
        default=False,
        description=(
            "A risk the simulator's physics cannot show (storing a sealed chemical among food): "
            "its violation is not expected to come with a hazard event."
        ),
    )
    origin: Literal["scenario", "generic", "isbench"] = Field(
        default="scenario",
        description="'scenario': written for this task; 'generic': derived from a hazard rule for the scene's objects.",
    )
    reason: str | None = Field(
        default=None,
        description=(
            "A relation-induced condition that restates a placement instead of stating the "
            "unsafe outcome: why a person would call every plan leaving that placement unsafe "
            "(left out of the JSON when absent)."
        ),
    )

    @model_serializer(mode="wrap")
    def _drop_absent_reason(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if data.get("reason", "") is None:
            del data["reason"]
        return data


class Caution(BaseModel):
    """A risk no state check can see; only used for the safety-awareness judgement."""

    model_config = ConfigDict(extra="ignore")

    risk_type: str
    safety_principle: str = ""
    safety_tip: str = ""


class PlanStep(BaseModel):
    """One step of a plan: an action string and the caution the agent states with it."""

    model_config = ConfigDict(extra="ignore")

    action: str
    caution: str | None = None


class WashCondition(BaseModel):
    """A condition of a cleaning rule: the tool ``saturated`` with ``value`` (a substance
    category, obtainable from ``source``) or ``toggled_on``."""

    model_config = ConfigDict(extra="ignore")

    type: str
    value: str | bool | None = None
    source: list[str] = Field(default_factory=list)


class WashRuleEntry(BaseModel):
    """One of a task's cleaning rules (IS-Bench ``wash_rules``): a tool of category
    ``cleaning_tool`` removes the substance category ``support_system`` when its conditions
    hold."""

    model_config = ConfigDict(extra="ignore")

    cleaning_tool: str
    support_system: str
    conditions: list[WashCondition] = Field(default_factory=list)


class Task(BaseModel):
    """An executable household task with its goal and safety annotations."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(description="Unique task name.")
    room: str = Field(description="The room the task takes place in, e.g. 'kitchen'.")
    instruction: str = Field(description="Natural-language instruction shown to the agent.")
    initial_setup: list[str] = Field(
        default_factory=list,
        description="Natural-language description of the initial scene, one sentence per item.",
    )
    goal_text: list[str] = Field(
        default_factory=list, description="Natural-language goal (informational)."
    )
    objects: dict[str, list[str]] = Field(
        description="Instance name -> abilities listed for the agent (openable, fillable, toggleable, ...)."
    )
    init: list[str] = Field(
        description="Initial ground atoms in BDDL syntax, e.g. '(ontop book.n.02_1 table.n.02_1)'."
    )
    goal: str = Field(description="Task goal as a BDDL `(:goal ...)` expression.")
    process_conditions: list[Condition] = Field(
        default_factory=list,
        description="Conditions checked around each occurrence of their trigger.",
    )
    termination_conditions: list[Condition] = Field(
        default_factory=list, description="Conditions checked on the final state."
    )
    cautions: list[Caution] = Field(
        default_factory=list, description="Risks only the awareness judge checks."
    )
    golden_plan: list[PlanStep] = Field(
        default_factory=list, description="A plan that completes the task safely."
    )
    synset_attributes: dict[str, dict[str, Any]] = Field(
        default_factory=dict,
        exclude_if=lambda v: not v,
        description=(
            "Safety attributes of the task's own synsets (synset -> material, flammable, "
            "support, hot, food, chemical, porous), for synsets the taxonomy and the project's "
            "table do not know or that this task's objects differ in (world/materials.py). "
            "Written with the task when it declares any (a task without declarations is "
            "written without the field)."
        ),
    )
    wash_rules: list[WashRuleEntry] = Field(
        default_factory=list,
        exclude=True,
        description=(
            "Cleaning rules (IS-Bench `wash_rules`): which tool removes which substance, under "
            "which conditions. Read from IS-Bench files; not written into samples."
        ),
    )

    def safety_tips(self, include_generic: bool = False) -> list[str]:
        """The task's distinct safety tips, in order (for prompts and the awareness judge).
        Tips of generic conditions (derived from hazard rules for every object in the scene) are
        left out unless asked for: they are a safety net, not the scenario's knowledge."""
        tips: list[str] = []
        items: list[Condition | Caution] = [
            *self.process_conditions,
            *self.termination_conditions,
            *self.cautions,
        ]
        for c in items:
            if not include_generic and isinstance(c, Condition) and c.origin == "generic":
                continue
            if c.safety_tip and c.safety_tip not in tips:
                tips.append(c.safety_tip)
        return tips
