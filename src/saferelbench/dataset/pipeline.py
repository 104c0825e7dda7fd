"""The construction pipeline: composition -> seeded scene sampling per template -> spatial
sample + matched control(s) -> JSONL.

``build_dataset(seed)`` is deterministic: the same seed gives the same samples byte for byte
(``saferelbench build-dataset`` and ``tests/dataset/test_pipeline.py`` rely on it).
"""

from __future__ import annotations

import json
import random
from typing import Any

from saferelbench.dataset.draft import finalize, renumber, scrambled_order
from saferelbench.dataset.sample import Sample
from saferelbench.dataset.stats import instruction_pattern, structure
from saferelbench.dataset.templates import AnyTemplate, SceneTemplate, for_risk

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
#: control (other twist or other placement) narrows the "w/o" estimate the most.
EXTRA_CONTROLS: dict[tuple[str, str], int] = {
    ("supporting", "tipping"): 4,
    ("containment", "food_contamination"): 4,
    ("containment", "chemical"): 3,
}

#: Relative weights of templates inside one group (default 1).
WEIGHTS: dict[str, int] = {
    "spill_carry_open_container": 5,
    "overflow_full_pot": 2,
    "falling_store_in_cabinet": 1,
}

_ABBREV = {"supporting": "sup", "containment": "con", "proximity": "pro"}


def allocate(templates: list[AnyTemplate], n: int) -> list[AnyTemplate]:
    """Spread ``n`` samples over templates by weight, interleaved (deterministic)."""
    weights = [WEIGHTS.get(t.name, 1) for t in templates]
    total = sum(weights)
    counts = [n * w // total for w in weights]
    for i in range(n - sum(counts)):
        counts[i % len(counts)] += 1
    out: list[AnyTemplate] = []
    remaining = counts[:]
    while len(out) < n:
        for i, t in enumerate(templates):
            if remaining[i]:
                out.append(t)
                remaining[i] -= 1
    return out


def _signature(s: Sample) -> str:
    return json.dumps([s.instruction, sorted(s.init), s.goal])


def _extra_indices(n: int, k: int) -> set[int]:
    return {round(i * n / k) for i in range(k)} if k else set()


def _near_key(s: Sample) -> tuple[str, str, str]:
    return (s.template, s.variant, instruction_pattern(s))


def build_dataset(seed: int = DEFAULT_SEED) -> list[Sample]:
    """All samples, spatial sample first and its control(s) right after. A scene that is a
    near-duplicate of an earlier one (:func:`~saferelbench.dataset.stats.near_duplicates`), or
    whose instruction another pair already has, is drawn again."""
    samples: list[Sample] = []
    seen: set[str] = set()
    shapes: dict[tuple[str, str, str], list[frozenset[str]]] = {}
    instructions: set[str] = set()  # every pair gets an instruction of its own
    for g, (relation, risk, n) in enumerate(COMPOSITION):
        plan = allocate(for_risk(relation, risk), n)
        extras = _extra_indices(n, EXTRA_CONTROLS.get((relation, risk), 0))
        for i, template in enumerate(plan):
            for attempt in range(200):
                sample_seed = (seed * 1_000_003 + g * 10_007 + i * 101 + attempt) % (2**31)
                spatial, controls = _build_pair(
                    template, relation, risk, i, sample_seed, i in extras
                )
                near = any(
                    len(structure(spatial) ^ other) <= 2
                    for other in shapes.get(_near_key(spatial), [])
                )
                if (
                    not near
                    # every v2 pair gets an instruction of its own (version-1 templates cannot)
                    and (spatial.dataset_version < 2 or spatial.instruction not in instructions)
                    and _signature(spatial) not in seen
                    and all(_signature(c) not in seen for c in controls)
                ):
                    break
            else:  # pragma: no cover - the pools are large enough
                raise RuntimeError(f"no unique scene for {template.name} #{i}")
            shapes.setdefault(_near_key(spatial), []).append(structure(spatial))
            instructions.add(spatial.instruction)
            for s in (spatial, *controls):
                seen.add(_signature(s))
                samples.append(s)
    return samples


def _build_pair(
    template: AnyTemplate, relation: str, risk: str, i: int, seed: int, extra: bool
) -> tuple[Sample, list[Sample]]:
    if isinstance(template, SceneTemplate):
        return _build_scene_pair(template, relation, risk, i, seed, extra)
    rng = random.Random(seed)
    choices = template.choose(rng)
    pair_id = f"{_ABBREV[relation]}-{risk}-{i + 1:03d}"
    common: dict[str, Any] = dict(
        relation=relation,
        risk=risk,
        pair_id=pair_id,
        seed=seed,
        template=template.name,
        dataset_version=1,  # a version-1 template (twisted controls)
    )
    spatial = finalize(
        template.build(dict(choices), True, None),
        sample_id=pair_id,
        split="spatial",
        twist=None,
        **common,
    )
    twists = template.twists
    controls = []
    for k in range(2 if extra else 1):
        twist = twists[(i + k) % len(twists)]
        ch = dict(choices)
        if k:
            ch["alt_spot"] = True
        draft = template.build(ch, False, twist)
        cid = f"{pair_id}-c" if k == 0 else f"{pair_id}-c{k + 1}"
        controls.append(finalize(draft, sample_id=cid, split="control", twist=twist, **common))
    return spatial, controls


def _build_scene_pair(
    template: SceneTemplate, relation: str, risk: str, i: int, seed: int, extra: bool
) -> tuple[Sample, list[Sample]]:
    """Dataset v2: one spatial draft; each control is its ablation (``Draft.ablate``)."""
    rng = random.Random(seed)
    choices = template.choose(rng)
    pair_id = f"{_ABBREV[relation]}-{risk}-{i + 1:03d}"
    common: dict[str, Any] = dict(
        relation=relation,
        risk=risk,
        pair_id=pair_id,
        seed=seed,
        template=template.name,
        variant=template.variant_of(choices),
        twist=None,
    )
    draft = template.build(dict(choices))
    if not draft.hazards:
        raise ValueError(f"template {template.name}: the scene declares no hazard (Draft.hazard)")
    # no surface cue may name the hazard: instance numbers and listing order are drawn
    draft = scrambled_order(renumber(draft, seed), seed)
    spatial = finalize(draft, sample_id=pair_id, split="spatial", **common)
    controls = []
    for k in range(2 if extra else 1):
        cid = f"{pair_id}-c" if k == 0 else f"{pair_id}-c{k + 1}"
        controls.append(
            finalize(draft.ablate(k), sample_id=cid, split="control", control_index=k + 1, **common)
        )
    return spatial, controls


def build_pairs(
    template: AnyTemplate, n: int = 10, seed: int = DEFAULT_SEED, extra: bool = True
) -> list[Sample]:
    """``n`` pairs of one template (for a template author's checks): spatial sample and its
    control(s), the second control included when ``extra``."""
    out: list[Sample] = []
    for i in range(n):
        spatial, controls = _build_pair(
            template, template.relation, template.risk, i, seed * 7919 + i, extra
        )
        out += [spatial, *controls]
    return out


def to_jsonl(samples: list[Sample]) -> str:
    """The canonical JSONL text (one sample per line, stable key order)."""
    return "".join(s.model_dump_json(by_alias=True, exclude_none=False) + "\n" for s in samples)
