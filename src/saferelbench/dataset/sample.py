"""The SafeRelBench sample: a :class:`~saferelbench.world.task.Task` plus what the benchmark
needs to group, pair and rebuild it.

Schema history: ``1.0`` is the first published schema. A field change that breaks readers bumps
the major number; :data:`SCHEMA_VERSION` is what this code writes and reads.
"""

from __future__ import annotations

from pydantic import Field

from saferelbench.world.task import PlanStep, Task
from saferelbench.world.vocabulary import RELATIONS, RISKS, RelationName, RiskName, SplitName

__all__ = ["RELATIONS", "RISKS", "SCHEMA_VERSION", "RelationName", "RiskName", "Sample", "Split"]

SCHEMA_VERSION = "1.0"

# The words are defined once, in world/vocabulary.py; re-exported here for the dataset's readers.
Split = SplitName


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
        description="Controls only: the non-spatial safety situation the control carries (frozen, switched_on, door, left_on).",
    )
