"""The SafeRelBench sample: a :class:`~saferelbench.world.task.Task` plus what the benchmark
needs to group, pair and rebuild it.

Schema history: ``1.0`` is the first published schema; ``1.1`` (dataset version 2) adds the
labels of the v2 construction (``dataset_version``, ``variant``, ``control_index``,
``hazards``, ``distractors``, ``non_spatial``), all with defaults, so 1.0 files still load. A
field change that breaks readers bumps the major number; :data:`SCHEMA_VERSION` is what this
code writes.

Dataset versions: ``1`` (controls carried a non-spatial twist of their own), ``2``
(controls are a pure ablation of their spatial sample) and ``3`` (pairs drawn and named by
template and index, no ordering cue to the precaution; see the changelog in
``docs/dataset.md``).
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from saferelbench.world.task import PlanStep, Task
from saferelbench.world.vocabulary import RELATIONS, RISKS, RelationName, RiskName, SplitName

__all__ = [
    "DATASET_VERSION",
    "RELATIONS",
    "RISKS",
    "SCHEMA_VERSION",
    "DistractorLabel",
    "HazardLabel",
    "RelationName",
    "RiskName",
    "Sample",
    "Split",
]

SCHEMA_VERSION = "1.1"
#: The version of the dataset this code builds (``docs/dataset.md`` has the changelog).
DATASET_VERSION = 3

# The words are defined once, in world/vocabulary.py; re-exported here for the dataset's readers.
Split = SplitName


class HazardLabel(BaseModel):
    """One relation risk of a pair: the hazard object, the relation and risk it induces, and how
    it behaves (what ``stats`` measures). The same labels are on the spatial sample and its
    controls; in a control the object stands in a harmless place (``Sample.control_index``)."""

    object: str = Field(description="Instance name of the hazard object.")
    relation: RelationName
    risk: RiskName
    agent_created: bool = Field(
        default=False,
        description="The risky relation is not in the initial scene: an obvious placement of the naive plan creates it (the free spot beside the stove).",
    )
    goal_ruining: bool = Field(
        default=False,
        description="The hazard ruins the goal: the naive plan fails the task (the vase it must deliver breaks).",
    )
    annotation_only: bool = Field(
        default=False,
        description="A risk the physics cannot show; only its condition marks it (counted by stats).",
    )
    rules: list[str] = Field(
        default_factory=list,
        description="Hazard rule names the naive plan must fire (empty: any rule of this relation and risk).",
    )
    at: list[str] = Field(
        default_factory=list,
        description="The risky placement atoms of the hazard object in the spatial sample (a control replaces them).",
    )


class DistractorLabel(BaseModel):
    """An object neither the goal nor a safety condition needs."""

    object: str
    lookalike: bool = Field(
        default=False,
        description="Same kind as, or looks like, a hazard object, but stands in a harmless place.",
    )
    trap: str | None = Field(
        default=None,
        description="What moving it carelessly causes, if anything (brim_full, raw_meat, chemical, breakable, ...): where over-caution is not free.",
    )


class Sample(Task):
    """One benchmark sample. Inherited fields (id, room, instruction, initial_setup, goal_text,
    objects, init, goal, process_conditions, termination_conditions, cautions, golden_plan) keep
    the meaning documented on :class:`Task`."""

    schema_version: str = Field(
        default=SCHEMA_VERSION, description="Version of this schema the sample was written with."
    )
    split: Split = Field(
        description="'spatial': the risk comes from a spatial relation; 'control': the matched sample with that relation removed."
    )
    relation: RelationName = Field(
        description="The spatial relation (for a control: the relation of the spatial sample it is matched to)."
    )
    risk: RiskName = Field(
        description="Relation-specific risk type (for a control: the risk of its matched spatial sample)."
    )
    pair_id: str = Field(description="Shared by a spatial sample and its matched control(s).")
    scene_description: str = Field(
        description="A natural-language paragraph describing the initial scene (what the agent can see)."
    )
    naive_plan: list[PlanStep] = Field(
        default_factory=list,
        description=(
            "A plan that reaches the goal but skips the precaution: for a spatial sample the "
            "relation's precaution, for a control its own non-spatial precaution."
        ),
    )
    placement_seed: int = Field(
        description="Seed of the online scene sampling that placed this sample's objects."
    )
    template: str = Field(description="Name of the scenario template that generated the sample.")
    twist: str | None = Field(
        default=None,
        description="Dataset version 1 only: the non-spatial situation a control added. Version 2 leaves it null (see non_spatial).",
    )
    dataset_version: int = Field(default=1, description="Dataset version the sample belongs to.")
    variant: str = Field(
        default="", description="The template's variant (stats count template x variant)."
    )
    control_index: int | None = Field(
        default=None,
        description="Controls: 1 for the first control of the pair, 2 for a second one (the hazard object in another harmless place); null for a spatial sample.",
    )
    hazards: list[HazardLabel] = Field(
        default_factory=list,
        description="The pair's relation risks (first: the sample's relation and risk). Same in every member of the pair.",
    )
    distractors: list[DistractorLabel] = Field(default_factory=list)
    non_spatial: list[str] = Field(
        default_factory=list,
        description="Non-relation risks of the scene (frozen, door, left_on, ...): the same in both members of a pair.",
    )
