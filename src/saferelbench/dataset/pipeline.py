"""The construction pipeline: composition -> seeded scene sampling per template -> spatial
sample + matched control(s) -> JSONL.

``build_dataset(seed)`` is deterministic: the same seed gives the same samples byte for byte
(``saferelbench build-dataset`` and ``tests/dataset/test_pipeline.py`` rely on it).

**Stable identities.** A pair is drawn from its template, its index within that template and
the dataset seed only (:func:`pair_seed`), and named after them (:func:`pair_id`:
``sup-falling_tidy-03``): the samples a group allots to a template (:func:`apportion`, a
divisor method, so removing a template never takes a pair from another), the redraws of
duplicates (within the template) and the second controls (the first pairs of a template that
have a second harmless placement) depend on nothing another template does. Adding or removing
a template therefore changes only its own pairs, and the other templates of its group gain
pairs at the end of their lists (``tests/dataset/test_stable_ids.py``).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from saferelbench.dataset.draft import Draft, finalize, renumber, scrambled_order, shuffled_goal
from saferelbench.dataset.sample import Sample
from saferelbench.dataset.stats import instruction_pattern, structure
from saferelbench.dataset.templates import SceneTemplate, for_risk

DEFAULT_SEED = 507

#: Spatial samples per (relation, risk): the paper's Fig. 3 / App. A.1.
COMPOSITION: tuple[tuple[str, str, int], ...] = (
    ("supporting", "falling_object", 60),
    ("supporting", "tipping", 12),
    ("containment", "fire", 32),
    ("containment", "spillage_overflow", 21),
    ("containment", "chemical", 18),
    ("containment", "food_contamination", 15),
    ("proximity", "chemical", 30),
    ("proximity", "fire", 30),
    ("proximity", "spillage_overflow", 30),
)

#: The 11 controls beyond one per spatial sample go to the smallest groups, where a second
#: control (the hazard object in another harmless place) narrows the "w/o" estimate the most.
EXTRA_CONTROLS: dict[tuple[str, str], int] = {
    ("supporting", "tipping"): 4,
    ("containment", "food_contamination"): 4,
    ("containment", "chemical"): 3,
}

#: Relative weights of templates inside one group (default 1: every template of a group
#: gets as many pairs as the others, give or take one).
WEIGHTS: dict[str, int] = {}

#: Redraws of one pair before the build gives up (a duplicate or near-duplicate scene).
MAX_ATTEMPTS = 200

_ABBREV = {"supporting": "sup", "containment": "con", "proximity": "pro"}


def apportion(
    templates: Sequence[SceneTemplate[Any]], n: int, caps: dict[str, int] | None = None
) -> dict[str, int]:
    """``n`` samples over ``templates`` by weight (:data:`WEIGHTS`), Sainte-Laguë: seat after
    seat goes to the template of the highest ``weight / (2 * seats + 1)``, ties to the template
    listed first (a template module lists first the families that should get a group's odd
    samples). A template at its cap (``caps``) takes no more. Removing a template never lowers
    another's count: the others' quotients and their order among themselves are unchanged."""
    seats = {t.name: 0 for t in templates}
    weight = {t.name: WEIGHTS.get(t.name, 1) for t in templates}
    rank = {t.name: i for i, t in enumerate(templates)}
    for _ in range(n):
        open_ = [t for t in seats if caps is None or seats[t] < caps.get(t, 0)]
        if not open_:
            break
        best = max(open_, key=lambda t: (weight[t] / (2 * seats[t] + 1), -rank[t]))
        seats[best] += 1
    return seats


#: The tag hashed into every pair seed. Like the dataset seed it is a choice: of the eleven
#: tags tried, this one keeps the shares the templates' own tests ask for (kitchen at most 40%
#: and two relation risks in at least 20% of the proximity scenes) and every stats target met,
#: with the diversity figures closest to dataset version 2's (docs/dataset.md, changelog).
SEED_TAG = "scene"


def pair_seed(seed: int, template: str, index: int, attempt: int = 0) -> int:
    """The scene seed of pair ``index`` (0-based) of ``template``: a hash of the dataset seed,
    the template's name, the index and the redraw ``attempt`` (nothing positional)."""
    text = f"{SEED_TAG}:{seed}:{template}:{index}:{attempt}"
    return int(hashlib.sha256(text.encode()).hexdigest()[:12], 16) % (2**31)


def pair_id(template: SceneTemplate[Any], index: int) -> str:
    """``<relation abbreviation>-<template name without its relation prefix>-<index + 1>``,
    e.g. ``pro-chemical_iron-04`` for pair 4 of ``proximity_chemical_iron``."""
    name = template.name.removeprefix(f"{template.relation}_")
    return f"{_ABBREV[template.relation]}-{name}-{index + 1:02d}"


def _signature(s: Sample) -> str:
    return json.dumps([s.instruction, sorted(s.init), s.goal])


def _near_key(s: Sample) -> tuple[str, str, str]:
    return (s.template, s.variant, instruction_pattern(s))


@dataclass
class Pair:
    """One drawn pair before its controls are written: the spatial sample, the draft its
    controls ablate and the fields they share."""

    template: SceneTemplate[Any]
    index: int
    spatial: Sample
    draft: Draft
    common: dict[str, Any]

    @property
    def second_control_possible(self) -> bool:
        return all(len(h.harmless) >= 2 for h in self.draft.hazards)

    def controls(self, count: int) -> list[Sample]:
        """The first ``count`` controls (1 or 2): each an ablation (``Draft.ablate``)."""
        out = []
        for k in range(count):
            cid = f"{self.common['pair_id']}-c" if k == 0 else f"{self.common['pair_id']}-c{k + 1}"
            out.append(
                finalize(
                    self.draft.ablate(k),
                    sample_id=cid,
                    split="control",
                    control_index=k + 1,
                    **self.common,
                )
            )
        return out


def _draw_pair(template: SceneTemplate[Any], index: int, seed: int) -> Pair:
    """One spatial draft of ``template`` from ``seed``: instance numbers, listing order and the
    goal's conjunct order drawn (no surface cue may name the hazard)."""
    rng = random.Random(seed)
    choices = template.choose(rng)
    pid = pair_id(template, index)
    common: dict[str, Any] = dict(
        relation=template.relation,
        risk=template.risk,
        pair_id=pid,
        seed=seed,
        template=template.name,
        variant=template.variant_of(choices),
        twist=None,
    )
    draft = template.build(choices)
    if not draft.hazards:
        raise ValueError(f"template {template.name}: the scene declares no hazard (Draft.hazard)")
    draft = shuffled_goal(scrambled_order(renumber(draft, seed), seed), seed)
    spatial = finalize(draft, sample_id=pid, split="spatial", **common)
    return Pair(template, index, spatial, draft, common)


def template_pairs(
    template: SceneTemplate[Any],
    n: int,
    seed: int = DEFAULT_SEED,
    taken: frozenset[str] = frozenset(),
) -> list[Pair]:
    """The first ``n`` pairs of ``template`` (spatial sample and draft; controls on demand).
    A scene that is a near-duplicate of an earlier pair of the template
    (:func:`~saferelbench.dataset.stats.near_duplicates`), repeats its instruction or its whole
    scene, or whose instruction is in ``taken`` (held by another template's pair), is drawn
    again; pair ``i`` never depends on pairs past it, so the first ``n`` pairs are the same
    whatever ``n``."""
    pairs: list[Pair] = []
    seen: set[str] = set()
    shapes: dict[tuple[str, str, str], list[frozenset[str]]] = {}
    instructions: set[str] = set(taken)
    for i in range(n):
        for attempt in range(MAX_ATTEMPTS):
            pair = _draw_pair(template, i, pair_seed(seed, template.name, i, attempt))
            spatial = pair.spatial
            near = any(
                len(structure(spatial) ^ other) <= 2 for other in shapes.get(_near_key(spatial), [])
            )
            if (
                not near
                and spatial.instruction not in instructions
                and _signature(spatial) not in seen
            ):
                break
        else:  # pragma: no cover - the pools are large enough
            raise RuntimeError(f"no unique scene for {template.name} #{i + 1}")
        shapes.setdefault(_near_key(spatial), []).append(structure(spatial))
        instructions.add(spatial.instruction)
        seen.add(_signature(spatial))
        pairs.append(pair)
    return pairs


def _rank_of(p: Pair) -> str:
    return hashlib.sha256(f"clash:{p.template.name}:{p.index}".encode()).hexdigest()


def all_pairs(
    groups: Sequence[tuple[Sequence[SceneTemplate[Any]], int]], seed: int = DEFAULT_SEED
) -> tuple[dict[str, list[Pair]], dict[str, set[str]]]:
    """Every template's pairs (``groups``: the templates of a group and its sample count),
    each template drawn on its own; then, where two templates drew the same instruction, the
    pair of the higher rank (a hash of its template and index, not a position) yields it and
    its template is drawn again without it, until every pair's instruction is its own.
    Returns the pairs by template and, per template, the templates it yielded an instruction
    to (the only way one template's pairs depend on another's)."""
    counts: dict[str, int] = {}
    by_name: dict[str, SceneTemplate[Any]] = {}
    for templates, n in groups:
        counts.update(apportion(templates, n))
        by_name.update({t.name: t for t in templates})
    taken: dict[str, set[str]] = {name: set() for name in by_name}
    yielded: dict[str, set[str]] = {name: set() for name in by_name}
    pairs = {name: template_pairs(by_name[name], counts[name], seed) for name in by_name}
    while True:
        holder: dict[str, Pair] = {}
        redraw: set[str] = set()
        for name in by_name:
            for p in pairs[name]:
                other = holder.setdefault(p.spatial.instruction, p)
                if other is not p:
                    loser, winner = sorted((p, other), key=_rank_of, reverse=True)
                    taken[loser.template.name].add(p.spatial.instruction)
                    yielded[loser.template.name].add(winner.template.name)
                    redraw.add(loser.template.name)
        if not redraw:
            return pairs, yielded
        for name in sorted(redraw):
            pairs[name] = template_pairs(by_name[name], counts[name], seed, frozenset(taken[name]))


def build_group(
    templates: Sequence[SceneTemplate[Any]],
    pairs: dict[str, list[Pair]],
    extra: int = 0,
) -> list[Sample]:
    """One relation x risk group from its templates' ``pairs``: ``extra`` second controls go
    to the pairs that have a second harmless placement (a template's first such pairs,
    apportioned over the templates like the pairs). Samples in template order, each spatial
    sample followed by its control(s)."""
    capable = {t.name: [p for p in pairs[t.name] if p.second_control_possible] for t in templates}
    seconds = apportion(
        [t for t in templates if capable[t.name]],
        extra,
        caps={name: len(ps) for name, ps in capable.items()},
    )
    if sum(seconds.values()) < extra:
        raise RuntimeError(f"only {sum(seconds.values())} of {extra} second controls possible")
    twice = {id(p) for name, k in seconds.items() for p in capable[name][:k]}
    out: list[Sample] = []
    for t in templates:
        for p in pairs[t.name]:
            out += [p.spatial, *p.controls(2 if id(p) in twice else 1)]
    return out


def build_dataset(seed: int = DEFAULT_SEED) -> list[Sample]:
    """All samples, group by group (:data:`COMPOSITION`), spatial sample first and its
    control(s) right after. Every pair's instruction and every scene is its own."""
    groups = [(for_risk(relation, risk), n) for relation, risk, n in COMPOSITION]
    pairs, _ = all_pairs(groups, seed)
    samples: list[Sample] = []
    for (relation, risk, _n), (templates, _) in zip(COMPOSITION, groups, strict=True):
        samples += build_group(templates, pairs, EXTRA_CONTROLS.get((relation, risk), 0))
    seen: dict[str, str] = {}
    for s in samples:
        other = seen.setdefault(_signature(s), s.id)
        if other != s.id:  # pragma: no cover - templates write different scenes
            raise RuntimeError(f"{s.id} and {other} are the same scene")
    return samples


def build_pairs(
    template: SceneTemplate[Any], n: int = 10, seed: int = DEFAULT_SEED, extra: bool = True
) -> list[Sample]:
    """The first ``n`` pairs of one template (for a template author's checks; with the seed
    of a build, the pairs that build holds): spatial sample and its control(s), the second
    control included when ``extra`` (for every pair; an error where the scene has no second
    harmless placement)."""
    out: list[Sample] = []
    for p in template_pairs(template, n, seed):
        out += [p.spatial, *p.controls(2 if extra else 1)]
    return out


def to_jsonl(samples: list[Sample]) -> str:
    """The canonical JSONL text (one sample per line, stable key order)."""
    return "".join(s.model_dump_json(by_alias=True, exclude_none=False) + "\n" for s in samples)
