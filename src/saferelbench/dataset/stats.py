"""Dataset statistics (paper Fig. 3) plus diversity figures."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from saferelbench.dataset.sample import RELATIONS, Sample
from saferelbench.world.actions import split_action
from saferelbench.world.knowledge import synset_of


def compute_stats(samples: Iterable[Sample]) -> dict[str, object]:
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
    return {
        "total": len(samples),
        "spatial": len(spatial),
        "control": len(controls),
        "by_relation": {r: sum(1 for s in spatial if s.relation == r) for r in RELATIONS},
        "controls_by_relation": {r: sum(1 for s in controls if s.relation == r) for r in RELATIONS},
        "by_risk": dict(sorted(by_risk.items())),
        "controls_by_twist": dict(sorted(Counter(str(s.twist) for s in controls).items())),
        "golden_actions_spatial": dict(actions.most_common()),
        "golden_actions_all": dict(all_actions.most_common()),
        "distinct_synsets": len({synset_of(o) for s in samples for o in s.objects}),
        "distinct_templates": len({s.template for s in samples}),
        "rooms": dict(sorted(Counter(s.room for s in samples).items())),
        "plan_lengths": {str(k): v for k, v in sorted(lengths.items())},
        "distinct_plan_lengths": len(lengths),
    }
