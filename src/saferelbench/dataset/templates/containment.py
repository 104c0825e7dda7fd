"""Containment relation: what is *in* (or on) something the task heats, fills, packs or serves
from.

The scenario families live in one module per risk (dataset v2, ``SceneTemplate``s: one
spatial scene each, the controls derived by moving the hazard object somewhere harmless):

- :mod:`.containment_fire`: foil, cutlery, paper, towels in a microwave, oven, toaster oven,
  toaster, pan or on a grill;
- :mod:`.containment_spill`: an open brim-full bottle inside the backpack, cooler or toolbox
  the task packs and carries;
- :mod:`.containment_chemical`: a chemical in the basket, bucket or cooler the food (or an
  incompatible chemical) goes into, or left inside an appliance that heats;
- :mod:`.containment_contamination`: food put into a bowl, plate, platter or cooler that a dirty
  rag or raw meat has soiled.

Shared pieces: :mod:`.containment_common` (conditions, distractor kit, appliance sub-plans) and
:mod:`.containment_vocab` (object pools, liquids, traps, labels).

Order matters: the pipeline spreads each group's samples over its templates in this order,
the first ones getting one sample more when the count does not divide evenly.
"""

from __future__ import annotations

from typing import Any

from saferelbench.dataset.templates.common import SceneTemplate
from saferelbench.dataset.templates.containment_chemical import TEMPLATES as _CHEMICAL
from saferelbench.dataset.templates.containment_contamination import TEMPLATES as _CONTAMINATION
from saferelbench.dataset.templates.containment_fire import TEMPLATES as _FIRE
from saferelbench.dataset.templates.containment_spill import TEMPLATES as _SPILL


def _order(templates: list[SceneTemplate[Any]], names: tuple[str, ...]) -> list[SceneTemplate[Any]]:
    by_name = {t.name: t for t in templates}
    return [by_name[n] for n in names] + [t for t in templates if t.name not in names]


TEMPLATES: list[SceneTemplate[Any]] = [
    # the families outside the kitchen first (they get the extra samples)
    *_order(
        _FIRE,
        (
            "fire_clutter_on_grill",
            "fire_paper_in_toaster",
            "fire_stored_in_toaster_oven",
            "fire_foil_microwave",
            "fire_stored_in_oven",
        ),
    ),
    *_order(_SPILL, ("spill_bottle_in_backpack", "spill_jar_in_toolbox")),
    *_order(_CHEMICAL, ("chemical_bleach_in_bucket", "chemical_in_food_basket")),
    # agent-created first; the second controls (pipeline.EXTRA_CONTROLS) land on the 1st, 3rd,
    # 5th and 6th food-contamination template, which all have two distinct harmless places
    *_order(
        _CONTAMINATION,
        (
            "contamination_cooked_on_raw_plate",
            "contamination_raw_meat_stowed_with_food",
            "contamination_grill_platter",
            "contamination_dirty_bowl",
        ),
    ),
]
