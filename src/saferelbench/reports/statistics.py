"""Uncertainty for the benchmark's rates: seeded bootstrap intervals and paired tests.

The paper reports point estimates only. With a few dozen samples per relation, a difference of
0.1 in SSR can be noise, so every rate in a report carries a 95% percentile-bootstrap interval
(resampling samples with replacement, seeded so the same inputs give the same interval), and two
runs on the same samples are compared with tests that use the pairing:

- McNemar's exact test on the discordant pairs (one run succeeded where the other failed);
- a paired bootstrap of the difference (resampling samples, keeping both runs' outcomes together).

Point estimates are never computed here: they come from ``saferelbench.evaluation.metrics`` so
the numbers match the harness's ``summary.json``; this module only adds intervals and tests.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

DEFAULT_RESAMPLES = 2000
DEFAULT_SEED = 0
CONFIDENCE = 0.95


@dataclass(frozen=True)
class Interval:
    """A two-sided confidence interval; ``None`` bounds when the statistic is undefined."""

    low: float | None
    high: float | None


def _percentiles(values: np.ndarray, confidence: float) -> Interval:
    values = values[~np.isnan(values)]
    if values.size == 0:
        return Interval(None, None)
    alpha = (1.0 - confidence) / 2.0
    low, high = np.quantile(values, [alpha, 1.0 - alpha])
    return Interval(float(low), float(high))


def _resample_means(
    columns: Sequence[np.ndarray], rng: np.random.Generator, resamples: int
) -> list[np.ndarray]:
    """Bootstrap means of several per-sample columns, resampled jointly (same indices)."""
    n = len(columns[0])
    idx = rng.integers(0, n, size=(resamples, n))
    return [col[idx].mean(axis=1) for col in columns]


def bootstrap_rates(
    strata: Sequence[tuple[np.ndarray, np.ndarray]],
    *,
    seed: int = DEFAULT_SEED,
    resamples: int = DEFAULT_RESAMPLES,
    confidence: float = CONFIDENCE,
) -> dict[str, Interval]:
    """Intervals for SR, SSR and SRec = SSR/SR.

    ``strata`` holds one ``(success, success_and_safe)`` pair of 0/1 arrays per stratum. With one
    stratum this is the plain bootstrap of a group; with several (the three relations) samples
    are resampled within each stratum and the statistic is the unweighted mean over strata,
    which is how the paper's "overall" scores average the relations (Fig. 4).
    SRec per resample is mean-SSR / mean-SR (undefined resamples, SR = 0, are left out).
    """
    strata = [(s, ss) for s, ss in strata if len(s) > 0]
    if not strata:
        none = Interval(None, None)
        return {"SR": none, "SSR": none, "SRec": none}
    rng = np.random.default_rng(seed)
    sr_parts: list[np.ndarray] = []
    ssr_parts: list[np.ndarray] = []
    for success, success_safe in strata:
        sr, ssr = _resample_means(
            [np.asarray(success, float), np.asarray(success_safe, float)], rng, resamples
        )
        sr_parts.append(sr)
        ssr_parts.append(ssr)
    sr_all = np.mean(sr_parts, axis=0)
    ssr_all = np.mean(ssr_parts, axis=0)
    with np.errstate(divide="ignore", invalid="ignore"):
        srec = np.where(sr_all > 0, ssr_all / np.where(sr_all > 0, sr_all, 1.0), np.nan)
    return {
        "SR": _percentiles(sr_all, confidence),
        "SSR": _percentiles(ssr_all, confidence),
        "SRec": _percentiles(srec, confidence),
    }


def bootstrap_mean(
    values: Sequence[float],
    *,
    seed: int = DEFAULT_SEED,
    resamples: int = DEFAULT_RESAMPLES,
    confidence: float = CONFIDENCE,
) -> Interval:
    """Interval for the mean of real values (used for the judge's awareness scores)."""
    arr = np.asarray(values, float)
    if arr.size == 0:
        return Interval(None, None)
    rng = np.random.default_rng(seed)
    (means,) = _resample_means([arr], rng, resamples)
    return _percentiles(means, confidence)


@dataclass(frozen=True)
class PairedTest:
    """Comparison of run A and run B on the same samples for one 0/1 outcome."""

    n: int  #: paired samples
    rate_a: float
    rate_b: float
    both: int  #: samples where both runs have outcome 1
    only_a: int  #: A = 1, B = 0 (discordant)
    only_b: int  #: A = 0, B = 1 (discordant)
    neither: int
    mcnemar_p: float  #: exact two-sided McNemar p-value
    diff: float  #: rate_b - rate_a
    diff_ci: Interval  #: paired bootstrap interval of ``diff``
    bootstrap_p: float  #: two-sided paired bootstrap p-value for ``diff == 0``


def mcnemar_exact(only_a: int, only_b: int) -> float:
    """Exact two-sided McNemar p-value: binomial test of the discordant pairs against 1/2.

    Computed with integer arithmetic (``math.comb``), so it is exact for any table size.
    """
    n = only_a + only_b
    if n == 0:
        return 1.0
    k = min(only_a, only_b)
    tail = sum(math.comb(n, i) for i in range(k + 1))
    # 2 * tail / 2**n, as an exact fraction turned into a float at the end
    return min(1.0, (2 * tail) / (1 << n))


def paired_test(
    a: Sequence[int] | np.ndarray,
    b: Sequence[int] | np.ndarray,
    *,
    seed: int = DEFAULT_SEED,
    resamples: int = DEFAULT_RESAMPLES,
    confidence: float = CONFIDENCE,
) -> PairedTest:
    """McNemar exact test and paired bootstrap of ``mean(b) - mean(a)`` (same sample order)."""
    xa = np.asarray(a, int)
    xb = np.asarray(b, int)
    if xa.shape != xb.shape:
        raise ValueError("paired outcomes must have the same length")
    n = int(xa.size)
    both = int(np.sum((xa == 1) & (xb == 1)))
    only_a = int(np.sum((xa == 1) & (xb == 0)))
    only_b = int(np.sum((xa == 0) & (xb == 1)))
    neither = n - both - only_a - only_b
    if n == 0:
        return PairedTest(0, 0.0, 0.0, 0, 0, 0, 0, 1.0, 0.0, Interval(None, None), 1.0)
    diff = float(xb.mean() - xa.mean())
    rng = np.random.default_rng(seed)
    (boot,) = _resample_means([(xb - xa).astype(float)], rng, resamples)
    # p-value from the bootstrap distribution shifted to the null (difference 0)
    extreme = int(np.sum(np.abs(boot - diff) >= abs(diff) - 1e-12))
    bootstrap_p = min(1.0, (extreme + 1) / (resamples + 1))
    if diff == 0.0:
        bootstrap_p = 1.0
    return PairedTest(
        n=n,
        rate_a=float(xa.mean()),
        rate_b=float(xb.mean()),
        both=both,
        only_a=only_a,
        only_b=only_b,
        neither=neither,
        mcnemar_p=mcnemar_exact(only_a, only_b),
        diff=diff,
        diff_ci=_percentiles(boot, confidence),
        bootstrap_p=bootstrap_p,
    )


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm-Bonferroni adjusted p-values (same order as given), for many comparisons at once."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted
