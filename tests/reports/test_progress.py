"""The long phases report their progress: validate's baselines and report's episode frames."""

from __future__ import annotations

from saferelbench.dataset.store import load_samples
from saferelbench.harness.baselines import baseline_scores
from saferelbench.reports.build import ReportOptions, build_report

from .builders import ep, run


def test_baseline_scores_tell_every_episode():
    tasks = load_samples()[:2]
    calls: list[tuple[str, int, int]] = []
    baseline_scores(tasks, ("checklist", "random"), progress=lambda *a: calls.append(a))
    assert [c[1] for c in calls] == list(range(1, 5)) and {c[2] for c in calls} == {4}
    assert [c[0] for c in calls] == ["checklist"] * 2 + ["random"] * 2


def test_the_report_tells_every_episode_of_its_page(tmp_path):
    calls: list[tuple[str, int, int]] = []
    eps = [ep(f"s{i}") for i in range(4)]
    options = ReportOptions(resamples=100, figures=False, images="none")
    options.progress = lambda *a: calls.append(a)
    build_report([run(eps)], tmp_path, options)
    assert calls == [("episodes", k, 4) for k in range(1, 5)]
