"""Table numbers against hand-computed values, and paired comparisons of runs."""

from __future__ import annotations

import pytest

from saferelbench.evaluation.metrics import rates
from saferelbench.reports.tables import compare_runs, comparisons, group_rates, run_table
from tests.reports.builders import ep, run, small_fixture


def test_table2_cells_match_hand_computed_values() -> None:
    t = run_table(run(small_fixture()), resamples=300)
    sup = t.cells[("supporting", "spatial")]
    assert (sup.n, sup.errors) == (4, 1)
    assert sup.SR.value == pytest.approx(2 / 4)  # the errored "success" is a failure
    assert sup.SSR.value == pytest.approx(1 / 4)
    assert sup.SRec.value == pytest.approx(1 / 2)
    assert sup.SRec.n == 2  # SRec is over the successes
    con = t.cells[("containment", "spatial")]
    assert (con.SR.value, con.SSR.value, con.SRec.value) == (1.0, 1.0, 1.0)
    ctl = t.cells[("supporting", "control")]
    assert (ctl.SR.value, ctl.SSR.value) == (0.5, 0.5)
    assert ("proximity", "spatial") not in t.cells
    # overall = mean over the relations present (paper Fig. 4), SRec = SSR / SR
    over = t.overall["spatial"]
    assert over.SR.value == pytest.approx((0.5 + 1.0) / 2)
    assert over.SSR.value == pytest.approx((0.25 + 1.0) / 2)
    assert over.SRec.value == pytest.approx(0.625 / 0.75)
    assert over.n == 6
    assert t.overall["control"].SR.value == 0.5


def test_pooled_numbers_equal_the_harness_metrics() -> None:
    episodes = small_fixture()
    t = run_table(run(episodes), resamples=200)
    point = rates(episodes)
    assert t.pooled.SR.value == pytest.approx(point["SR"])
    assert t.pooled.SSR.value == pytest.approx(point["SSR"])
    assert t.pooled.SRec.value == pytest.approx(point["SRec"])
    assert t.pooled.n == 8 and t.pooled.errors == 1
    assert set(t.by_risk) == {"supporting/falling_object", "containment/fire", "control/supporting"}


def test_intervals_contain_the_estimate_and_awareness_counts_judged_only() -> None:
    episodes = [
        ep(f"s{i}", success=i % 3 != 0, safe=i % 2 == 0, awareness=0.5 if i < 4 else None)
        for i in range(30)
    ]
    g = group_rates(episodes, resamples=500)
    for r in (g.SR, g.SSR, g.SRec):
        assert r.ci.low is not None and r.ci.high is not None and r.value is not None
        assert r.ci.low <= r.value <= r.ci.high
    assert g.awareness is not None and g.awareness.n == 4 and g.awareness.value == 0.5
    assert group_rates(episodes, resamples=500, seed=5) == group_rates(
        episodes, resamples=500, seed=5
    )


def test_compare_runs_pairs_by_sample_id() -> None:
    a = run([ep(f"s{i}", success=i < 3) for i in range(10)] + [ep("only_a")], label="A")
    b = run([ep(f"s{i}", success=i < 9) for i in reversed(range(10))], label="B")
    found = compare_runs(a, b, resamples=300)
    sr = next(c for c in found if c.scope == "all" and c.metric == "SR")
    assert sr.test.n == 10 and sr.unpaired == 1
    assert (sr.test.only_a, sr.test.only_b) == (0, 6)
    assert sr.test.mcnemar_p == pytest.approx(2 / 64)
    assert sr.test.diff == pytest.approx(0.6)
    assert {c.scope for c in found} == {"all", "spatial"}  # no controls in either run


def test_comparisons_adjust_p_values_and_limit_pairs() -> None:
    runs = [
        run([ep(f"s{i}", success=(i + k) % 2 == 0) for i in range(8)], label=f"R{k}")
        for k in range(3)
    ]
    found = comparisons(runs, resamples=200)
    assert {(c.run_a, c.run_b) for c in found} == {("R0", "R1"), ("R0", "R2"), ("R1", "R2")}
    assert all(c.holm_p >= c.test.mcnemar_p for c in found)
    few = comparisons(runs, resamples=200, max_all_pairs=2)
    assert {(c.run_a, c.run_b) for c in few} == {("R0", "R1"), ("R0", "R2")}
