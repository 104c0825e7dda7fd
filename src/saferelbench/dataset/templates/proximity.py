"""Proximity relation (dataset v2): a hazard beside a heat source the task switches on (fire,
chemical fumes; ``proximity_heat``) or an open drink beside the electronics the task moves
(spillage: knocked over, liquid on the device; ``proximity_spill``). Vocabulary in
``proximity_vocab``, shared pieces in ``proximity_parts``."""

from __future__ import annotations

from saferelbench.dataset.templates.common import SceneTemplate
from saferelbench.dataset.templates.proximity_heat import CHEM_TEMPLATES, FIRE_TEMPLATES
from saferelbench.dataset.templates.proximity_spill import SPILL_TEMPLATES

TEMPLATES: list[SceneTemplate] = [*CHEM_TEMPLATES, *FIRE_TEMPLATES, *SPILL_TEMPLATES]
