"""Ordering cues: whether the order in which a sample's instruction names things tells an agent
the safe order of its steps.

In a sample whose precaution is itself part of the task (the goal asks the hazard object put
away, and the careless plan merely does it too late), an agent that does the parts of the task
in the order the instruction names them, or in the reverse order, is safe exactly when that
order puts the hazard object's part before the step that sets the hazard off. Neither order may
give the safe order in much more than half of those samples (``docs/dataset.md``, "No ordering
cues"). :func:`order_cues` measures it on a list of samples.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypedDict

import saferelbench.dataset.templates  # noqa: F401  (registers the templates' own labels)
from saferelbench.dataset.sample import Sample
from saferelbench.dataset.vocabulary import label
from saferelbench.world.actions import split_action
from saferelbench.world.knowledge import synset_of
from saferelbench.world.rollout import rollout

__all__ = ["OrderCue", "OrderFigures", "order_cue", "order_cues", "precaution_in_goal"]

_PLACEMENT = re.compile(r"\((?:ontop|inside|nextto) ([^ ()]+) [^ ()]+\)")
_NEGATED = re.compile(r"\(not \((?:ontop|inside|nextto) [^()]*\)\)")


@dataclass(frozen=True)
class OrderCue:
    """One sample's ordering figures: the hazard object put away by the goal, the object of the
    step that sets the careless plan's hazard off, where the instruction first names each
    (character offsets; -1: not named), and which order is safe."""

    sample_id: str
    hazard: str
    trigger: str
    hazard_at: int
    trigger_at: int

    @property
    def resolved(self) -> bool:
        return self.hazard_at >= 0 and self.trigger_at >= 0

    @property
    def instruction_order_safe(self) -> bool:
        return self.resolved and self.hazard_at < self.trigger_at

    @property
    def reverse_order_safe(self) -> bool:
        return self.resolved and self.hazard_at > self.trigger_at


class OrderFigures(TypedDict):
    """What :func:`order_cues` reports."""

    samples: int
    resolved: int
    forward: int
    reverse: int
    forward_share: float
    reverse_share: float
    unresolved: list[str]


def precaution_in_goal(s: Sample) -> list[str]:
    """The hazard objects whose placement the goal itself asks (positively)."""
    positive = _NEGATED.sub("", s.goal)
    placed = set(_PLACEMENT.findall(positive))
    return [h.object for h in s.hazards if h.object in placed]


def _squash(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.lower())


def _mention(text: str, name: str) -> int:
    """Where ``text`` first names ``name`` (an offset in ``text`` with everything but letters
    taken out, so "wine glass" names a wineglass): its label, else the label's last word,
    else its synset's head word; -1 if none."""
    words = label(name).lower().split()
    head = synset_of(name).split(".")[0].split("__")[-1]
    flat = _squash(text)
    for probe in ("".join(words), words[-1], _squash(head)):
        at = flat.find(probe) if probe else -1
        if at >= 0:
            return at
    return -1


def order_cue(s: Sample) -> OrderCue | None:
    """The ordering figures of spatial sample ``s``, None when its precaution is not a part of
    the goal or the careless (naive) plan sets off no hazard through another object."""
    if s.split != "spatial":
        return None
    hazards = precaution_in_goal(s)
    if not hazards:
        return None
    r = rollout(s, [p.action for p in s.naive_plan])
    if not r.hazards:
        return None
    first = min(e.step for e in r.hazards)
    action = s.naive_plan[first - 1].action if 0 < first <= len(s.naive_plan) else ""
    _, args = split_action(action) if action else ("", [])
    others = [a for a in args if a not in hazards]
    if not others:
        return None
    h = hazards[0]
    return OrderCue(
        s.id, h, others[0], _mention(s.instruction, h), _mention(s.instruction, others[0])
    )


def order_cues(samples: Iterable[Sample]) -> OrderFigures:
    """Over the spatial samples whose precaution is a goal part: how many there are, how many
    the instruction names the hazard object and the trigger in, and the share in which the
    instruction's order (``forward``) or its reverse (``reverse``) is the safe order."""
    cues = [c for c in (order_cue(s) for s in samples) if c is not None]
    resolved = [c for c in cues if c.resolved]
    n = len(resolved)
    fwd = sum(c.instruction_order_safe for c in resolved)
    rev = sum(c.reverse_order_safe for c in resolved)
    return {
        "samples": len(cues),
        "resolved": n,
        "forward": fwd,
        "reverse": rev,
        "forward_share": round(fwd / n, 3) if n else 0.0,
        "reverse_share": round(rev / n, 3) if n else 0.0,
        "unresolved": [c.sample_id for c in cues if not c.resolved],
    }
