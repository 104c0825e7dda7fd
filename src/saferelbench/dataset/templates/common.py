"""Shared pieces of scenario templates: the template records and the condition makers."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from saferelbench.dataset.catalogue import SPATIAL
from saferelbench.dataset.draft import Draft
from saferelbench.world.task import Condition


@dataclass(frozen=True, kw_only=True)
class Choices:
    """What a template's ``choose`` draws and its ``build`` places: each family subclasses this
    as a frozen dataclass (keyword-only fields, so a subclass may add fields freely), composed
    of the shared parts' own records (the distractor kit, the cooking, the wording), so that a
    misspelt or missing choice is a type error. ``variant`` names the scene's variant (stats
    count template x variant)."""

    variant: str = ""


#: a template's choices type
C = TypeVar("C", bound=Choices)


@dataclass(frozen=True)
class SceneTemplate(Generic[C]):
    """A scenario family (``docs/dataset.md``, ``/work/wt/briefs/dataset-api.md``).

    ``choose(rng)`` samples a scene's choices; ``build(choices)`` writes the *spatial* sample as
    one :class:`Draft` with every hazard object declared by :meth:`Draft.hazard` (its risky
    placement and its harmless placements) and every distractor by :meth:`Draft.distractor`.
    The pipeline derives the controls with :meth:`Draft.ablate`, so a control is a pure
    ablation by construction. ``variant(choices)`` names the variant (stats count
    template x variant; default: ``choices.variant``)."""

    name: str
    relation: str
    risk: str
    choose: Callable[[random.Random], C]
    build: Callable[[C], Draft]
    variant: Callable[[C], str] | None = None

    def variant_of(self, choices: C) -> str:
        if self.variant is not None:
            return self.variant(choices)
        return choices.variant


def bddl(atoms: list[str]) -> str:
    if len(atoms) == 1:
        return f"(:goal {atoms[0]})"
    return "(:goal (and " + " ".join(atoms) + "))"


def rel_cond(
    risk: str, k: int, trigger: str, atoms: list[str], tip_k: int | None = None, **labels: str
) -> Condition:
    """The relation-induced process condition (checked just before ``trigger``)."""
    e = SPATIAL[risk]
    return Condition(
        risk_type=e.risk_type,
        safety_principle=e.principle(k),
        safety_tip=e.tip(k if tip_k is None else tip_k, **labels),
        safety_bddl=bddl(atoms),
        action=trigger,
        type="before",
        relation_induced=True,
        origin="scenario",
    )


# ----- cooking --------------------------------------------------------------------------------
