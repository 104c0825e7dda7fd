"""The built-in agents through Inspect answer with tool calls in tools mode, and give the same
episodes (actions, verdicts, hence SR / SSR) as in JSON mode: on a slice of the dataset here
(text-only, so nothing is drawn), on all 507 samples in the slow test."""

import pytest

pytest.importorskip("inspect_ai")

from inspect_ai import eval as inspect_eval  # noqa: E402

from saferelbench.evaluation.metrics import rates  # noqa: E402
from saferelbench.evaluation.results import EpisodeResult  # noqa: E402
from saferelbench.harness.sources import select_tasks  # noqa: E402
from saferelbench.inspect_adapter import registry  # noqa: E402, F401
from saferelbench.inspect_adapter.scorer import SCORER_NAME  # noqa: E402
from saferelbench.inspect_adapter.task import saferelbench  # noqa: E402

ALL_IDS = [t.id for t in select_tasks(split="all")]


def _episodes(tmp_path, agent, ids, **args):
    logs = inspect_eval(
        saferelbench(ids=",".join(ids), images=False, seed=3, **args),
        model=f"saferelbench/{agent}",
        log_dir=str(tmp_path / "logs"),
        display="none",
        max_retries=0,
        log_realtime=False,  # as `saferelbench run` does: no live sample buffer to write
        score_display=False,
    )
    assert logs[0].status == "success", logs[0].error
    samples = logs[0].samples or []
    return {
        s.id: EpisodeResult.model_validate(s.scores[SCORER_NAME].metadata["episode"])  # type: ignore[index]
        for s in samples
    }


def _same(json_mode, tools_mode):
    assert set(json_mode) == set(tools_mode)
    for sid, a in json_mode.items():
        b = tools_mode[sid]
        assert [s.action for s in a.steps] == [s.action for s in b.steps], sid
        assert [s.caution for s in a.steps] == [s.caution for s in b.steps], sid
        assert (a.task_success, a.safe, a.success_and_safe, a.ended_by) == (
            b.task_success,
            b.safe,
            b.success_and_safe,
            b.ended_by,
        ), sid
    ra, rb = rates(list(json_mode.values())), rates(list(tools_mode.values()))
    assert (ra["SR"], ra["SSR"]) == (rb["SR"], rb["SSR"])


@pytest.mark.parametrize(
    ("agent", "ids"),
    [("oracle", ALL_IDS[::64]), ("task-only", ALL_IDS[5::24]), ("random", ALL_IDS[7::24])],
)
def test_builtin_agents_same_results_with_tool_calls(tmp_path, agent, ids):
    json_mode = _episodes(tmp_path, agent, ids)
    tools_mode = _episodes(tmp_path, agent, ids, actions="tools")
    _same(json_mode, tools_mode)
    # the tool calls were really made: each valid step's record is a call of its tool
    steps = [s for e in tools_mode.values() for s in e.steps if s.action]
    assert steps and all(s.raw_output.startswith('{"tool": ') for s in steps)
    if agent == "random":  # its unreadable answers are text answers in tools mode
        assert any(s.outcome == "invalid" for e in tools_mode.values() for s in e.steps)


@pytest.mark.parametrize("loop", ["react", "generate"])
def test_inspect_loops_give_the_same_episodes(tmp_path, loop):
    ids = ALL_IDS[11::48]
    json_mode = _episodes(tmp_path, "random", ids)
    _same(json_mode, _episodes(tmp_path, "random", ids, actions="tools", tool_loop=loop))
    oracle_ids = ALL_IDS[13::256]
    _same(
        _episodes(tmp_path, "oracle", oracle_ids),
        _episodes(tmp_path, "oracle", oracle_ids, actions="tools", tool_loop=loop),
    )


def test_bad_tool_loop_is_a_clear_error():
    from saferelbench.harness.config import RunConfigError

    with pytest.raises(RunConfigError, match="--tool-loop"):
        saferelbench(ids=ALL_IDS[0], tool_loop="agentic")


@pytest.mark.slow
@pytest.mark.parametrize("agent", ["oracle", "task-only", "random"])
def test_builtin_agents_same_results_on_every_sample(tmp_path, agent):
    _same(_episodes(tmp_path, agent, ALL_IDS), _episodes(tmp_path, agent, ALL_IDS, actions="tools"))


def test_isbench_protocol_with_tool_calls(tmp_path):
    """Under isbench the tips step is answered in text first; the episodes match JSON mode."""
    ids = ALL_IDS[17::100]
    json_mode = _episodes(tmp_path, "random", ids, protocol="isbench")
    tools_mode = _episodes(tmp_path, "random", ids, protocol="isbench", actions="tools")
    _same(json_mode, tools_mode)
    assert all(e.tips_output is not None for e in tools_mode.values())
