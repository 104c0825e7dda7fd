"""Proximity relation (dataset v2): a hazard beside a heat source the task switches on (fire,
chemical fumes; ``proximity_heat``) or an open drink beside the electronics the task moves
(spillage: knocked over, liquid on the device; ``proximity_spill``). Vocabulary in
``proximity_vocab``, shared pieces in ``proximity_parts``.

Every template's scene goes through :func:`~proximity_parts.disambiguate`, so an object the
instruction names is the only one of its name in the scene, and through
:func:`~proximity_parts.shuffle_listing`, so the hazard object is not the first thing the scene
lists."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

from saferelbench.dataset.draft import Draft
from saferelbench.dataset.templates.common import SceneTemplate
from saferelbench.dataset.templates.proximity_heat import CHEM_TEMPLATES, FIRE_TEMPLATES
from saferelbench.dataset.templates.proximity_parts import (
    KIT_POOLS,
    disambiguate,
    shuffle_listing,
)
from saferelbench.dataset.templates.proximity_spill import SPILL_TEMPLATES
from saferelbench.dataset.templates.proximity_vocab import ALL_ROLES
from saferelbench.dataset.vocabulary import candidates

#: what a distractor may be swapped for: a thing of the same kind
POOLS: tuple[tuple[str, ...], ...] = (
    *(candidates(r) for r in ALL_ROLES),
    ("teacup.n.02", "water_glass.n.02", "wineglass.n.01", "beer_glass.n.01"),
    ("mug.n.04", "coffee_cup.n.01", "teacup.n.02", "water_glass.n.02", "water_bottle.n.01"),
    *KIT_POOLS,
)


C = TypeVar("C")


def _unambiguous(build: Callable[[C], Draft]) -> Callable[[C], Draft]:
    def wrapped(ch: C) -> Draft:
        return shuffle_listing(disambiguate(build(ch), POOLS))

    return wrapped


TEMPLATES: list[SceneTemplate[Any]] = [
    dataclasses.replace(t, build=_unambiguous(t.build))
    for t in (*CHEM_TEMPLATES, *FIRE_TEMPLATES, *SPILL_TEMPLATES)
]
