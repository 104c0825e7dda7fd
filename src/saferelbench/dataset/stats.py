"""Dataset statistics (paper Fig. 3) plus the diversity and difficulty figures.

:func:`compute_stats` is what ``saferelbench stats --json`` prints. Besides the composition it
reports, over the whole dataset and per relation x risk: distinct instructions and instruction
patterns (object names masked), synsets, templates and template variants, rooms (share per
room), distractors per scene, the shares of spatial samples with two relation risks, with an
agent-created risk and with a goal-ruining risk, the median golden plan length (DONE
included), the hazard rules the naive plans fire (the heavy-load tipping rule among them),
freezing tasks, and near-duplicates (:func:`near_duplicates`).
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from collections.abc import Iterable, Sequence

from saferelbench.dataset.order_cues import order_cues
from saferelbench.dataset.sample import RELATIONS, Sample
from saferelbench.dataset.vocabulary import label
from saferelbench.world.actions import split_action
from saferelbench.world.knowledge import synset_of
from saferelbench.world.rollout import rollout

#: Diversity and difficulty targets (``docs/dataset.md``); ``targets`` in the stats says which hold.
TARGETS: dict[str, float] = {
    # a pure-ablation control repeats its pair's instruction: at most one per pair (248), so
    # 300 distinct instructions cannot be reached; "every pair's instruction distinct" can
    "distinct_instructions": 300,
    "pairs_with_own_instruction": 1.0,
    "distinct_synsets": 250,
    "template_variants": 60,
    "max_room_share": 0.45,
    "plan_length_median": 8,
    "share_multi_hazard": 0.20,
    "share_agent_created": 0.15,
    "share_goal_ruining": 0.30,
}

_NAME = re.compile(r"[a-z0-9_]+\.n\.\d+_\d+")


def instruction_pattern(s: Sample) -> str:
    """The instruction with every object's name masked (``<x>``): what is left is the phrasing."""
    text = s.instruction.lower()
    names = sorted({label(o) for o in s.objects}, key=len, reverse=True)
    for n in names:
        text = re.sub(rf"\b{re.escape(n.lower())}\b", "<x>", text)
    return re.sub(r"\s+", " ", text).strip()


def structure(s: Sample) -> frozenset[str]:
    """The initial scene with instance names replaced by their synsets (``(ontop mug.n.04
    laptop.n.01)``): what two samples share when they differ only by which instance is which."""
    return frozenset(_NAME.sub(lambda m: synset_of(m.group(0)), a) for a in s.init)


def near_duplicates(samples: Sequence[Sample], max_diff: int = 2) -> list[tuple[str, str]]:
    """Pairs of spatial samples (of different pairs) of the same template and variant whose
    instruction patterns are equal and whose scene structures differ in at most ``max_diff``
    atoms: the same scene with one object swapped counts."""
    spatial = [s for s in samples if s.split == "spatial"]
    groups: dict[tuple[str, str, str], list[Sample]] = {}
    for s in spatial:
        groups.setdefault((s.template, s.variant, instruction_pattern(s)), []).append(s)
    out: list[tuple[str, str]] = []
    for members in groups.values():
        structs = [(s, structure(s)) for s in members]
        for i, (a, sa) in enumerate(structs):
            for b, sb in structs[i + 1 :]:
                if a.pair_id != b.pair_id and len(sa ^ sb) <= max_diff:
                    out.append((a.id, b.id))
    return out


def _median(values: list[int]) -> float:
    return float(statistics.median(values)) if values else 0.0


def _share(n: int, total: int) -> float:
    return round(n / total, 4) if total else 0.0


def _group_figures(samples: list[Sample]) -> dict[str, object]:
    """The diversity and difficulty figures of one set of samples (all, or one relation x risk)."""
    spatial = [s for s in samples if s.split == "spatial"]
    n_sp = len(spatial)
    distractors = [len(s.distractors) for s in samples]
    rooms = Counter(s.room for s in samples)
    return {
        "samples": len(samples),
        "spatial": n_sp,
        "distinct_instructions": len({s.instruction for s in samples}),
        "instruction_patterns": len({instruction_pattern(s) for s in samples}),
        "distinct_synsets": len({synset_of(o) for s in samples for o in s.objects}),
        "templates": len({s.template for s in samples}),
        "template_variants": len({(s.template, s.variant) for s in samples}),
        "rooms": {r: _share(n, len(samples)) for r, n in sorted(rooms.items())},
        "distractors_per_scene": {
            "mean": round(statistics.fmean(distractors), 3) if distractors else 0.0,
            "min": min(distractors, default=0),
            "max": max(distractors, default=0),
            "counts": {str(k): v for k, v in sorted(Counter(distractors).items())},
        },
        "share_with_lookalike": _share(
            sum(any(d.lookalike for d in s.distractors) for s in samples), len(samples)
        ),
        "share_multi_hazard": _share(sum(len(s.hazards) >= 2 for s in spatial), n_sp),
        "share_agent_created": _share(
            sum(any(h.agent_created for h in s.hazards) for s in spatial), n_sp
        ),
        "share_goal_ruining": _share(
            sum(any(h.goal_ruining for h in s.hazards) for s in spatial), n_sp
        ),
        "share_annotation_only": _share(
            sum(any(h.annotation_only for h in s.hazards) for s in spatial), n_sp
        ),
        "plan_length_median": _median([len(s.golden_plan) for s in samples]),
        "plan_length_median_spatial": _median([len(s.golden_plan) for s in spatial]),
    }


def naive_rules(samples: Iterable[Sample]) -> Counter[str]:
    """How many spatial samples' naive plans fire each hazard rule (the physics in use)."""
    out: Counter[str] = Counter()
    for s in samples:
        if s.split != "spatial":
            continue
        r = rollout(s, [p.action for p in s.naive_plan])
        for rule in sorted({e.rule for e in r.hazards}):
            out[rule] += 1
    return out


def compute_stats(samples: Iterable[Sample], *, physics: bool = True) -> dict[str, object]:
    """Everything ``saferelbench stats`` reports (``physics=False`` skips the naive rollouts)."""
    samples = list(samples)
    spatial = [s for s in samples if s.split == "spatial"]
    controls = [s for s in samples if s.split == "control"]
    actions: Counter[str] = Counter()
    for s in spatial:
        for step in s.golden_plan:
            actions[split_action(step.action)[0]] += 1
    all_actions: Counter[str] = Counter()
    for s in samples:
        for step in s.golden_plan:
            all_actions[split_action(step.action)[0]] += 1
    by_risk: Counter[str] = Counter(f"{s.relation}/{s.risk}" for s in spatial)
    lengths = Counter(len(s.golden_plan) for s in samples)
    overall = _group_figures(samples)
    per_group = {
        key: _group_figures([s for s in samples if f"{s.relation}/{s.risk}" == key])
        for key in sorted(by_risk)
    }
    dups = near_duplicates(samples)
    rules = naive_rules(samples) if physics else Counter()
    rooms = overall["rooms"]
    assert isinstance(rooms, dict)
    pair_instructions = Counter(s.instruction for s in spatial)
    own = sum(1 for s in spatial if pair_instructions[s.instruction] == 1)
    checks = {
        "distinct_instructions": overall["distinct_instructions"],
        "pairs_with_own_instruction": _share(own, len(spatial)),
        "distinct_synsets": overall["distinct_synsets"],
        "template_variants": overall["template_variants"],
        "max_room_share": max(rooms.values(), default=0.0),
        "plan_length_median": overall["plan_length_median"],
        "share_multi_hazard": overall["share_multi_hazard"],
        "share_agent_created": overall["share_agent_created"],
        "share_goal_ruining": overall["share_goal_ruining"],
    }
    targets = {
        k: {
            "value": v,
            "target": TARGETS[k],
            "met": (v <= TARGETS[k]) if k == "max_room_share" else (v >= TARGETS[k]),  # type: ignore[operator]
        }
        for k, v in checks.items()
    }
    return {
        "total": len(samples),
        "spatial": len(spatial),
        "control": len(controls),
        "dataset_versions": dict(sorted(Counter(str(s.dataset_version) for s in samples).items())),
        "by_relation": {r: sum(1 for s in spatial if s.relation == r) for r in RELATIONS},
        "controls_by_relation": {r: sum(1 for s in controls if s.relation == r) for r in RELATIONS},
        "by_risk": dict(sorted(by_risk.items())),
        "second_controls": sum(1 for s in controls if (s.control_index or 1) > 1),
        "controls_by_twist": dict(sorted(Counter(str(s.twist) for s in controls).items())),
        "golden_actions_spatial": dict(actions.most_common()),
        "golden_actions_all": dict(all_actions.most_common()),
        "distinct_synsets": overall["distinct_synsets"],
        "distinct_templates": overall["templates"],
        "rooms": dict(sorted(Counter(s.room for s in samples).items())),
        "plan_lengths": {str(k): v for k, v in sorted(lengths.items())},
        "distinct_plan_lengths": len(lengths),
        "overall": overall,
        "per_relation_risk": per_group,
        "near_duplicates": [list(p) for p in dups],
        "naive_hazard_rules": dict(sorted(rules.items())),
        "heavy_load_tipping_samples": rules.get("tipping_overload", 0),
        "freezing_tasks": sum(
            any(p.action.startswith("WAIT_FOR_FROZEN") for p in s.golden_plan) for s in samples
        ),
        "targets": targets,
        # the instruction's order (or its reverse) as the safe order, where the precaution is a
        # part of the goal (dataset.order_cues; at most 0.6 either way)
        "order_cues": order_cues(samples) if physics else None,
    }
