"""Bootstrap intervals, McNemar's exact test, the paired bootstrap and Holm's adjustment."""

from __future__ import annotations

import math

import numpy as np
import pytest

from saferelbench.reports.statistics import (
    bootstrap_mean,
    bootstrap_rates,
    holm,
    mcnemar_exact,
    paired_test,
)


def test_mcnemar_exact_on_known_tables() -> None:
    # b=1, c=9: p = 2 * (C(10,0) + C(10,1)) / 2**10 = 22/1024
    assert mcnemar_exact(1, 9) == pytest.approx(22 / 1024)
    assert mcnemar_exact(9, 1) == pytest.approx(22 / 1024)
    # b=0, c=6: p = 2 / 64
    assert mcnemar_exact(0, 6) == pytest.approx(2 / 64)
    assert mcnemar_exact(5, 5) == 1.0
    assert mcnemar_exact(0, 0) == 1.0
    # large tables stay exact and finite (integer arithmetic)
    assert 0.0 < mcnemar_exact(400, 480) < 0.01


def test_paired_test_counts_the_2x2_table() -> None:
    # A, B outcomes on 12 samples: both 2, only A 1, only B 9, neither 0
    a = [1, 1, 1] + [0] * 9
    b = [1, 1, 0] + [1] * 9
    t = paired_test(a, b, seed=3, resamples=500)
    assert (t.both, t.only_a, t.only_b, t.neither) == (2, 1, 9, 0)
    assert t.n == 12
    assert t.diff == pytest.approx(11 / 12 - 3 / 12)
    assert t.mcnemar_p == pytest.approx(22 / 1024)
    assert t.diff_ci.low is not None and t.diff_ci.high is not None
    assert t.diff_ci.low <= t.diff <= t.diff_ci.high
    assert t.bootstrap_p < 0.05
    same = paired_test(a, a)
    assert same.diff == 0.0 and same.mcnemar_p == 1.0 and same.bootstrap_p == 1.0


def test_bootstrap_is_deterministic_under_a_seed() -> None:
    rng = np.random.default_rng(7)
    success = (rng.random(60) < 0.6).astype(float)
    success_safe = success * (rng.random(60) < 0.5)
    first = bootstrap_rates([(success, success_safe)], seed=11, resamples=800)
    again = bootstrap_rates([(success, success_safe)], seed=11, resamples=800)
    other = bootstrap_rates([(success, success_safe)], seed=12, resamples=800)
    assert first == again
    assert first != other
    sr = success.mean()
    assert first["SR"].low is not None and first["SR"].high is not None
    assert first["SR"].low < sr < first["SR"].high
    # the 95% interval of a proportion with n=60 is about +-1.96*sqrt(p(1-p)/n)
    half = 1.96 * math.sqrt(sr * (1 - sr) / 60)
    assert first["SR"].high - first["SR"].low == pytest.approx(2 * half, rel=0.25)


def test_bootstrap_edge_cases() -> None:
    ones = np.ones(10)
    cis = bootstrap_rates([(ones, ones)], resamples=200)
    assert (cis["SR"].low, cis["SR"].high) == (1.0, 1.0)
    assert (cis["SRec"].low, cis["SRec"].high) == (1.0, 1.0)
    zeros = np.zeros(10)
    cis = bootstrap_rates([(zeros, zeros)], resamples=200)
    assert (cis["SR"].low, cis["SR"].high) == (0.0, 0.0)
    assert cis["SRec"].low is None  # SR = 0 in every resample: SRec undefined
    empty = bootstrap_rates([(np.zeros(0), np.zeros(0))])
    assert empty["SR"].low is None
    assert bootstrap_mean([]).low is None


def test_stratified_bootstrap_averages_strata() -> None:
    # stratum 1 all successes, stratum 2 none: every resample's mean over strata is exactly 0.5
    cis = bootstrap_rates([(np.ones(5), np.ones(5)), (np.zeros(50), np.zeros(50))], resamples=300)
    assert (cis["SR"].low, cis["SR"].high) == (0.5, 0.5)


def test_holm() -> None:
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])
    assert holm([]) == []
