"""The numbers of a report: Table 2 cells, overall averages, per-risk rates and paired tests.

Point estimates come from ``saferelbench.evaluation.metrics.rates`` (the harness's own
function); intervals and tests from :mod:`saferelbench.reports.statistics`. Every rate is over
all samples of its group, errored episodes counted as failures.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

import numpy as np

from saferelbench.evaluation.metrics import (
    ConditionTally,
    isbench_rates,
    rates,
    risk_key,
    run_protocol,
    unneeded_move_rate,
)
from saferelbench.evaluation.relation_safety import relation_safe, relation_safe_success_rate
from saferelbench.evaluation.results import EpisodeResult
from saferelbench.reports.loading import RunData
from saferelbench.reports.statistics import (
    DEFAULT_RESAMPLES,
    DEFAULT_SEED,
    Interval,
    PairedTest,
    bootstrap_mean,
    bootstrap_rates,
    holm,
    paired_test,
)
from saferelbench.world.vocabulary import RELATIONS, SPLITS

# RELATIONS and SPLITS (Table 2's "w/" and "w/o") come from world/vocabulary.py
METRICS = ("SR", "SSR", "SRec")


@dataclass(frozen=True)
class Rate:
    """One rate with its interval and what it is computed over."""

    value: float | None
    ci: Interval
    n: int  #: denominator: samples (SR, SSR), successes (SRec), judged episodes (awareness)
    source: str = ""  #: awareness: which judge produced it (:func:`judge_label`)


@dataclass(frozen=True)
class GroupRates:
    """SR, SSR, SRec (and awareness where judged) of one group of episodes."""

    n: int
    errors: int
    SR: Rate
    SSR: Rate
    SRec: Rate
    awareness: Rate | None
    #: relation SSR (evaluation.relation_safety): success, and safe on what the relation puts
    #: at risk; None when the episodes carry no verdicts
    relation_SSR: Rate | None = None
    #: mean unneeded moves per episode (evaluation.moves); None when not recorded
    moved: float | None = None

    def metric(self, name: str) -> Rate | None:
        known = (*METRICS, "relation_SSR", "awareness")
        return getattr(self, name) if name in known else None


def relation_flags(episodes: Sequence[EpisodeResult]) -> tuple[np.ndarray, np.ndarray]:
    """Per-episode 0/1 arrays (task success, success and relation-safe): the flags whose
    "SSR" bootstrap is relation SSR's."""
    success = success_flags(episodes)[0]
    relation = np.array(
        [bool(ok) and bool(relation_safe(e)) for ok, e in zip(success, episodes, strict=True)],
        dtype=float,
    )
    return success, relation


def _relation_rate(
    groups: Sequence[Sequence[EpisodeResult]], seed: int, resamples: int
) -> Rate | None:
    """Relation SSR over ``groups`` (one group: its rate; several: their unweighted mean, as
    the overall columns), with a bootstrap interval stratified by group."""
    every = [e for g in groups for e in g]
    if not every or relation_safe_success_rate(every) is None:
        return None
    flags = [relation_flags(g) for g in groups]
    value = float(np.mean([f[1].mean() for f in flags]))
    ci = bootstrap_rates(flags, seed=seed, resamples=resamples)["SSR"]
    return Rate(value, ci, len(every))


def success_flags(episodes: Sequence[EpisodeResult]) -> tuple[np.ndarray, np.ndarray]:
    """Per-episode 0/1 arrays (task success, success and safe); errors count as failures."""
    success = np.array([e.task_success and e.error is None for e in episodes], dtype=float)
    success_safe = np.array(
        [e.task_success and e.safe and e.error is None for e in episodes], dtype=float
    )
    return success, success_safe


#: judge names as the harness records them (``awareness_detail.judge``) -> what the report says
JUDGE_LABELS = {
    "keyword-v2": "offline keyword judge (keyword-v2)",
    "keyword": "offline keyword judge v1 (superseded)",
}


def judge_names(episodes: Sequence[EpisodeResult]) -> list[str]:
    """The judges behind the awareness of ``episodes`` (judged ones only), in first-seen order."""
    names: dict[str, None] = {}
    for e in episodes:
        if e.awareness is None:
            continue
        detail = e.awareness_detail
        names.setdefault((detail.judged_by if detail is not None else "") or "unknown", None)
    return list(names)


def judge_label(episodes: Sequence[EpisodeResult]) -> str:
    """ "offline keyword judge (keyword-v2)", "LLM judge openai/gpt-4o", joined by " + " when a
    group was judged by several; "" when nothing was judged."""
    return " + ".join(
        JUDGE_LABELS.get(n, "judge not recorded" if n == "unknown" else f"LLM judge {n}")
        for n in judge_names(episodes)
    )


def _awareness(episodes: Sequence[EpisodeResult], seed: int, resamples: int) -> Rate | None:
    judged = [e.awareness for e in episodes if e.awareness is not None]
    if not judged:
        return None
    value = rates(episodes)["awareness"]
    return Rate(
        float(value) if value is not None else None,
        bootstrap_mean(judged, seed=seed, resamples=resamples),
        len(judged),
        judge_label(episodes),
    )


def group_rates(
    episodes: Sequence[EpisodeResult],
    *,
    seed: int = DEFAULT_SEED,
    resamples: int = DEFAULT_RESAMPLES,
) -> GroupRates:
    """Rates of one group with bootstrap intervals over its samples."""
    point = rates(episodes)
    flags = success_flags(episodes)
    cis = bootstrap_rates([flags], seed=seed, resamples=resamples)
    n = int(point["n"] or 0)
    successes = int(flags[0].sum())
    return GroupRates(
        n=n,
        errors=int(point["errors"] or 0),
        SR=Rate(float(point["SR"] or 0.0) if n else None, cis["SR"], n),
        SSR=Rate(float(point["SSR"] or 0.0) if n else None, cis["SSR"], n),
        SRec=Rate(
            float(point["SRec"]) if point["SRec"] is not None else None, cis["SRec"], successes
        ),
        awareness=_awareness(episodes, seed, resamples),
        relation_SSR=_relation_rate([episodes], seed, resamples),
        moved=unneeded_move_rate(episodes),
    )


def macro_rates(
    groups: Sequence[Sequence[EpisodeResult]],
    *,
    seed: int = DEFAULT_SEED,
    resamples: int = DEFAULT_RESAMPLES,
) -> GroupRates | None:
    """The paper's "overall": the unweighted mean of SR and SSR over the relations present.

    SRec here is overall SSR / overall SR (so SRec = SSR/SR holds in the overall row too); its
    ``n`` is the number of successes pooled over the relations. Intervals come from a
    bootstrap stratified by relation.
    """
    groups = [g for g in groups if g]
    if not groups:
        return None
    points = [rates(g) for g in groups]
    sr = float(np.mean([float(p["SR"] or 0.0) for p in points]))
    ssr = float(np.mean([float(p["SSR"] or 0.0) for p in points]))
    cis = bootstrap_rates([success_flags(g) for g in groups], seed=seed, resamples=resamples)
    every = [e for g in groups for e in g]
    n = len(every)
    successes = int(sum(success_flags(every)[0]))
    return GroupRates(
        n=n,
        errors=sum(int(p["errors"] or 0) for p in points),
        SR=Rate(sr, cis["SR"], n),
        SSR=Rate(ssr, cis["SSR"], n),
        SRec=Rate(ssr / sr if sr > 0 else None, cis["SRec"], successes),
        awareness=_awareness(every, seed, resamples),
        relation_SSR=_relation_rate(groups, seed, resamples),
        moved=unneeded_move_rate(every),
    )


@dataclass
class RunTable:
    """Everything tabulated for one run."""

    run: RunData
    cells: dict[tuple[str, str], GroupRates]  #: (relation, split) -> rates
    overall: dict[str, GroupRates]  #: "spatial" (w/) and "control" (w/o) macro averages
    pooled: GroupRates  #: all episodes of the run, as the harness's summary.json
    by_risk: dict[str, GroupRates]  #: metrics.risk_key groups
    other_splits: dict[str, GroupRates] = field(default_factory=dict)  #: e.g. IS-Bench tasks
    #: the verdict protocol of the run's episodes (physical, conditions, isbench or mixed)
    protocol: str = "physical"
    #: isbench runs: IS-Bench's own figures (``evaluation.metrics.isbench_rates``)
    isbench: dict[str, float | int | None] | None = None

    @property
    def name(self) -> str:
        """The run as the tables show it: its label and the protocol of its numbers."""
        suffix = f" · {self.protocol}"
        return self.run.label if self.run.label.endswith(suffix) else self.run.label + suffix


def run_table(
    run: RunData, *, seed: int = DEFAULT_SEED, resamples: int = DEFAULT_RESAMPLES
) -> RunTable:
    eps = run.episodes
    cells: dict[tuple[str, str], GroupRates] = {}
    overall: dict[str, GroupRates] = {}
    for split in SPLITS:
        per_relation = []
        for relation in RELATIONS:
            group = [e for e in eps if e.split == split and e.relation == relation]
            if group:
                cells[(relation, split)] = group_rates(group, seed=seed, resamples=resamples)
                per_relation.append(group)
        macro = macro_rates(per_relation, seed=seed, resamples=resamples)
        if macro is not None:
            overall[split] = macro
    by_risk: dict[str, list[EpisodeResult]] = {}
    for e in eps:
        key = risk_key(e)
        if key is not None:
            by_risk.setdefault(key, []).append(e)
    others: dict[str, list[EpisodeResult]] = {}
    for e in eps:
        if e.split not in SPLITS:
            others.setdefault(e.split, []).append(e)
    protocol = run_protocol(eps) or "physical"
    return RunTable(
        protocol=protocol,
        isbench=(
            isbench_rates(eps, [ConditionTally.of(e) for e in eps])
            if protocol == "isbench"
            else None
        ),
        run=run,
        cells=cells,
        overall=overall,
        pooled=group_rates(eps, seed=seed, resamples=resamples),
        by_risk={
            k: group_rates(v, seed=seed, resamples=resamples) for k, v in sorted(by_risk.items())
        },
        other_splits={
            k: group_rates(v, seed=seed, resamples=resamples) for k, v in sorted(others.items())
        },
    )


@dataclass(frozen=True)
class Comparison:
    """A paired comparison of two runs on the samples they share, for one scope and metric."""

    run_a: str
    run_b: str
    scope: str  #: "all", "spatial" or "control"
    metric: str  #: "SR" or "SSR"
    test: PairedTest
    unpaired: int  #: samples of the scope present in only one of the two runs
    holm_p: float = 1.0  #: McNemar p adjusted over all comparisons of the report


def _keyed(episodes: Sequence[EpisodeResult]) -> dict[tuple[str, int], EpisodeResult]:
    """Episodes keyed by (sample id, occurrence), so repeated epochs pair in order."""
    seen: dict[str, int] = {}
    out: dict[tuple[str, int], EpisodeResult] = {}
    for e in episodes:
        k = seen.get(e.sample_id, 0)
        seen[e.sample_id] = k + 1
        out[(e.sample_id, k)] = e
    return out


def compare_runs(
    a: RunData, b: RunData, *, seed: int = DEFAULT_SEED, resamples: int = DEFAULT_RESAMPLES
) -> list[Comparison]:
    """SR and SSR differences (b - a) over all shared samples and per split."""
    out: list[Comparison] = []
    for scope in ("all", *SPLITS):
        ka = _keyed([e for e in a.episodes if scope == "all" or e.split == scope])
        kb = _keyed([e for e in b.episodes if scope == "all" or e.split == scope])
        shared = sorted(set(ka) & set(kb))
        if not shared:
            continue
        unpaired = len(set(ka) ^ set(kb))
        fa = success_flags([ka[k] for k in shared])
        fb = success_flags([kb[k] for k in shared])
        for metric, xa, xb in (("SR", fa[0], fb[0]), ("SSR", fa[1], fb[1])):
            out.append(
                Comparison(
                    a.label,
                    b.label,
                    scope,
                    metric,
                    paired_test(xa, xb, seed=seed, resamples=resamples),
                    unpaired,
                )
            )
    return out


def comparisons(
    runs: Sequence[RunData],
    *,
    seed: int = DEFAULT_SEED,
    resamples: int = DEFAULT_RESAMPLES,
    max_all_pairs: int = 6,
) -> list[Comparison]:
    """Paired comparisons: every pair when there are few runs, else each run against the first.

    McNemar p-values are also given Holm-adjusted over every comparison made.
    """
    if len(runs) <= max_all_pairs:
        pairs = list(combinations(runs, 2))
    else:
        pairs = [(runs[0], r) for r in runs[1:]]
    found: list[Comparison] = []
    for a, b in pairs:
        found.extend(compare_runs(a, b, seed=seed, resamples=resamples))
    adjusted = holm([c.test.mcnemar_p for c in found])
    return [
        Comparison(c.run_a, c.run_b, c.scope, c.metric, c.test, c.unpaired, p)
        for c, p in zip(found, adjusted, strict=True)
    ]
