"""Reports of ``isbench`` runs replay each episode in the world it ran in (IS-Bench's
simulator conventions), so the viewer's frames and the failure analysis follow the record."""

from __future__ import annotations

from pathlib import Path

from saferelbench.evaluation.results import RunInfo
from saferelbench.harness.episode import EpisodeConfig, run_episode
from saferelbench.reports.loading import RunData
from saferelbench.reports.replay import Replayed, Replayer
from tests.harness.isbench_scoring import OPEN_CABINET, TipsAgent, answer, scoring_task


def test_an_isbench_episode_replays_without_diverging() -> None:
    task = scoring_task()
    plan = [answer(OPEN_CABINET), answer(OPEN_CABINET), answer("DONE")]
    outcomes = {}
    for protocol in ("isbench", "physical"):
        e = run_episode(task, TipsAgent(plan), EpisodeConfig(images=False, protocol=protocol))
        run = RunData(
            label="x", info=RunInfo(agent="x"), episodes=[e], source=Path("."), kind="native"
        )
        replayer = Replayer()
        replayer.task_for = lambda run, sample_id: task  # type: ignore[method-assign]
        got = replayer.replay(run, e)
        assert isinstance(got, Replayed) and got.complete, getattr(got, "problem", got)
        outcomes[protocol] = [s.outcome for s in e.steps]
    assert outcomes == {"isbench": ["ok", "ok", "done"], "physical": ["ok", "failed", "done"]}


def test_tables_and_figures_name_the_protocol() -> None:
    from saferelbench.reports.figures import protocol_note
    from saferelbench.reports.tables import run_table

    task = scoring_task()
    plan = [answer("DONE")]
    tables = []
    for protocol in ("isbench", "physical"):
        e = run_episode(task, TipsAgent(plan), EpisodeConfig(images=False, protocol=protocol))
        run = RunData(
            label=f"a · base · {protocol}",
            info=RunInfo(agent="a"),
            episodes=[e],
            source=Path("."),
            kind="native",
        )
        tables.append(run_table(run, resamples=100))
    assert [t.protocol for t in tables] == ["isbench", "physical"]
    assert [t.name for t in tables] == ["a · base · isbench", "a · base · physical"]
    assert tables[0].isbench is not None and tables[1].isbench is None
    assert protocol_note(tables) is None and protocol_note(tables[1:]) == "protocol physical"
