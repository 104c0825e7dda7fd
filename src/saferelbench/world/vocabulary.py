"""The benchmark's words, defined once: spatial relations, splits, risk types, hazard-event
kinds and state flags. Every layer imports them from here (``world`` is the lowest layer).

- :data:`RELATIONS`: the three spatial relations a sample is built around;
- :data:`SPLITS`: ``spatial`` (the risk comes from the relation) and ``control`` (matched, the
  relation removed); IS-Bench tasks are reported under :data:`ISBENCH_SPLIT`;
- :data:`RISKS`: the relation-specific risk types of the samples, :data:`RISKS_BY_RELATION`
  which relation carries which; :data:`RISK_NAMES`: every risk key (the generic hazard rules'
  too) with its display name, as a condition's ``risk_type`` says it;
- :data:`HAZARD_KINDS`: the ``kind`` of a :class:`~saferelbench.world.events.HazardEvent`;
- :data:`UNARY_FLAGS`: the unary state flags; :data:`PLACEMENTS`: ``ontop`` and ``inside``.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Literal, get_args

from saferelbench.world.errors import SafeRelBenchError

RelationName = Literal["supporting", "containment", "proximity"]
SplitName = Literal["spatial", "control"]
RiskName = Literal[
    "falling_object", "tipping", "fire", "spillage_overflow", "chemical", "food_contamination"
]
PlacementRelation = Literal["ontop", "inside"]

RELATIONS: tuple[str, ...] = get_args(RelationName)
SPLITS: tuple[str, ...] = get_args(SplitName)
#: The split name of tasks that are not SafeRelBench samples (IS-Bench-format folders).
ISBENCH_SPLIT = "isbench"
RISKS: tuple[str, ...] = get_args(RiskName)
PLACEMENTS: tuple[str, ...] = get_args(PlacementRelation)

#: Which risk types each relation's spatial samples carry (the paper's Fig. 3).
RISKS_BY_RELATION: dict[str, tuple[str, ...]] = {
    "supporting": ("falling_object", "tipping"),
    "containment": ("fire", "spillage_overflow", "chemical", "food_contamination"),
    "proximity": ("chemical", "fire", "spillage_overflow"),
}

#: Risk key -> display name (a condition's ``risk_type``). The six sample risks first, then
#: the risks of generic hazard rules.
RISK_NAMES: dict[str, str] = {
    "falling_object": "Falling Object Hazard",
    "tipping": "Tipping Hazard",
    "fire": "Fire Hazard",
    "spillage_overflow": "Spillage/Overflow Hazard",
    "chemical": "Chemical Hazard",
    "food_contamination": "Food Contamination",
    "electrical": "Electrical Hazard",
    "undercooking": "Food Safety Hazard",
    "unattended_appliance": "Fire Hazard",
    "open_door": "Collision Hazard",
    "trip": "Trip Hazard",
    "breakage": "Breakage Hazard",
    "water_damage": "Water Damage Hazard",
}

#: Kinds of hazard events the simulator emits (``HazardEvent.kind``; docs/hazards.md).
HAZARD_KINDS: tuple[str, ...] = (
    "fall",
    "tip",
    "fire",
    "sparks",
    "fumes",
    "breakage",
    "overflow",
    "spill",
    "contamination",
    "chemical_mix",
    "electrical",
    "undercooked",
    "appliance_left_on",
    "door_left_open",
    "trip",
    "water_left_running",
    "left_at_appliance",
)
#: Kinds drawn as a chemical cloud (``chemical`` and ``toxic_gas`` still occur in recorded runs).
CHEMICAL_KINDS: tuple[str, ...] = ("fumes", "chemical_mix", "chemical", "toxic_gas")

#: Unary state flags. The first seven are BEHAVIOR-1K predicates; the rest are hazard marks of
#: this project that the evaluator can also read (``(fallen ?x)``, ...).
UNARY_FLAGS: tuple[str, ...] = (
    "open",
    "toggled_on",
    "cooked",
    "frozen",
    "hot",
    "on_fire",
    "broken",
    "fallen",
    "tipped",
    "spilled",
    "contaminated",
    "sparking",
    # the physical hazard model (docs/hazards.md)
    "brim_full",  #: full to the brim: spills when moved open or when something goes in/on it
    "dirty",  #: a surface that held raw meat or a dirty item (until cleaned)
    "fumes",  #: a heated chemical giving off toxic fumes
    # substances as states
    "future",  #: a thing no transition has created yet (``cooked__water``); ``real`` = not future
)


class VocabularyError(SafeRelBenchError, ValueError):
    """A word that is not in the vocabulary (the message lists the valid ones)."""


def nearest(value: str, candidates: Iterable[str], n: int = 3) -> list[str]:
    """The candidates closest to a mistyped ``value`` (difflib's ratio), best first."""
    return difflib.get_close_matches(value, list(candidates), n=n, cutoff=0.5)


def did_you_mean(value: str, candidates: Iterable[str], n: int = 3) -> str:
    """``"; did you mean 'a', 'b'?"`` or nothing."""
    near = nearest(value, candidates, n)
    return f"; did you mean {', '.join(repr(c) for c in near)}?" if near else ""


def check(kind: str, value: str, valid: tuple[str, ...]) -> str:
    """``value`` if it is one of ``valid``, else a :class:`VocabularyError` that quotes it and
    lists the valid values (``kind`` names the field, e.g. ``"--risk"``)."""
    if value in valid:
        return value
    raise VocabularyError(f"unknown {kind} {value!r}; valid values: {', '.join(valid)}")


def check_relation(value: str, kind: str = "relation") -> str:
    return check(kind, value, RELATIONS)


def check_risk(value: str, kind: str = "risk") -> str:
    return check(kind, value, RISKS)
