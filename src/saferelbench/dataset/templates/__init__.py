"""Scenario templates per relation x risk type (stage 2 of the construction pipeline).

- ``common``: the template record, condition makers, shared cooking sub-plans;
- ``containment``: what is inside something the task heats, carries or fills (the families in
  ``containment_fire``, ``containment_spill``, ``containment_chemical`` and
  ``containment_contamination``; shared pieces in ``containment_common`` and
  ``containment_vocab``);
- ``proximity``: something flammable, chemical or wet next to an appliance switched on;
  ``proximity_heat`` (fire and chemical beside a heat source), ``proximity_spill`` (an open
  drink beside the electronics the task moves), ``proximity_parts`` (their shared pieces),
  ``proximity_vocab`` (their object roles and labels);
- ``supporting``: loose or top-heavy things on an object the task moves (dataset v2 scene
  templates);
- ``supporting_kit``: the scene pieces the supporting templates share (fixtures, the hazard
  placement, the goal a hazard ruins, distractors and the over-caution traps);
- ``supporting_vocab``: the per-room kits the supporting templates draw from.
"""

from __future__ import annotations

from typing import Any

from saferelbench.dataset.templates.common import SceneTemplate
from saferelbench.dataset.templates.containment import TEMPLATES as _CONTAINMENT
from saferelbench.dataset.templates.proximity import TEMPLATES as _PROXIMITY
from saferelbench.dataset.templates.supporting import TEMPLATES as _SUPPORTING

TEMPLATES: tuple[SceneTemplate[Any], ...] = (*_SUPPORTING, *_CONTAINMENT, *_PROXIMITY)
BY_NAME: dict[str, SceneTemplate[Any]] = {t.name: t for t in TEMPLATES}


def for_risk(relation: str, risk: str) -> list[SceneTemplate[Any]]:
    return [t for t in TEMPLATES if t.relation == relation and t.risk == risk]


__all__ = ["BY_NAME", "TEMPLATES", "SceneTemplate", "for_risk"]
