import json

from saferelbench.agents.registry import make_agent
from saferelbench.evaluation.results import RunInfo, RunSummary
from saferelbench.harness.episode import EpisodeConfig
from saferelbench.harness.rundir import RunDir
from saferelbench.harness.runner import run_native

from .tasks import SAFE_PLAN, UNSAFE_PLAN, ScriptedAgent, laptop_task

TEXT_ONLY = EpisodeConfig(images=False)


def tasks(n: int):
    return [laptop_task(f"t{i}") for i in range(n)]


def test_run_writes_episodes_summary_and_info(tmp_path):
    plans = {"t0": SAFE_PLAN, "t1": UNSAFE_PLAN, "t2": ["OPEN(laptop.n.01_1)"]}
    info = RunInfo(agent="replay")
    out = run_native(
        tasks(3), make_agent("replay", plan=plans), TEXT_ONLY, info=info, out=RunDir(tmp_path)
    )
    assert out.ran == 3
    lines = (tmp_path / "episodes.jsonl").read_text().splitlines()
    assert [json.loads(line)["sample_id"] for line in lines] == ["t0", "t1", "t2"]
    summary = RunSummary.model_validate_json((tmp_path / "summary.json").read_text())
    assert summary.n == 3 and summary.SR == 2 / 3 and summary.SSR == 1 / 3 and summary.SRec == 0.5
    assert json.loads((tmp_path / "run.json").read_text())["agent"] == "replay"


def test_errors_are_counted_over_all_samples(tmp_path):
    agent = ScriptedAgent([], raise_at=1)
    out = run_native(tasks(4), agent, TEXT_ONLY, info=RunInfo(agent="x"), out=RunDir(tmp_path))
    assert out.summary["n"] == 4 and out.summary["errors"] == 4 and out.summary["SR"] == 0.0


def test_a_task_that_cannot_be_built_is_an_errored_episode(tmp_path):
    bad = laptop_task("bad").model_copy(update={"init": ["(ontop nothing.n.01_1"]})
    out = run_native(
        [bad, laptop_task("ok")],
        make_agent("replay", plan=SAFE_PLAN),
        TEXT_ONLY,
        info=RunInfo(agent="replay"),
        out=RunDir(tmp_path),
    )
    by_id = {e.sample_id: e for e in out.episodes}
    assert by_id["bad"].ended_by == "error" and "bad" in (by_id["bad"].error or "")
    assert by_id["ok"].success_and_safe
    assert out.summary["n"] == 2 and out.summary["errors"] == 1


def test_resume_skips_finished_samples_and_never_duplicates(tmp_path):
    info = RunInfo(agent="replay")
    agent = make_agent("replay", plan=SAFE_PLAN)
    run_native(tasks(2), agent, TEXT_ONLY, info=info, out=RunDir(tmp_path))
    # simulate a crash while writing the third episode
    with (tmp_path / "episodes.jsonl").open("a") as f:
        f.write('{"sample_id": "t2", "split": "spat')
    out = run_native(tasks(4), agent, TEXT_ONLY, info=info, out=RunDir(tmp_path), resume=True)
    assert out.ran == 2 and out.skipped == 2
    ids = [
        json.loads(line)["sample_id"]
        for line in (tmp_path / "episodes.jsonl").read_text().splitlines()
    ]
    assert ids == ["t0", "t1", "t2", "t3"]
    assert out.summary["n"] == 4 and out.summary["SSR"] == 1.0


def test_keyword_judge_fills_awareness(tmp_path):
    out = run_native(
        tasks(1),
        make_agent("replay", golden=True),
        TEXT_ONLY,
        info=RunInfo(agent="replay"),
        out=None,
    )
    e = out.episodes[0]
    assert e.awareness is not None and e.awareness_detail
    assert out.summary["awareness"] == e.awareness


def test_progress_hook_sees_every_episode():
    seen = []
    run_native(
        tasks(3),
        make_agent("replay", plan=SAFE_PLAN),
        TEXT_ONLY,
        info=RunInfo(agent="r"),
        progress=lambda done, total, r: seen.append((done, total, r is not None)),
    )
    assert seen == [(0, 3, False), (1, 3, True), (2, 3, True), (3, 3, True)]


def test_interrupted_run_keeps_finished_episodes_and_resumes(tmp_path):
    import pytest

    class InterruptOnThird(ScriptedAgent):
        def reset(self, task, seed):
            if task.id == "t2":
                raise KeyboardInterrupt
            super().reset(task, seed)

    info = RunInfo(agent="scripted")
    with pytest.raises(KeyboardInterrupt):
        run_native(tasks(4), InterruptOnThird([]), TEXT_ONLY, info=info, out=RunDir(tmp_path))
    assert json.loads((tmp_path / "summary.json").read_text())["n"] == 2
    out = run_native(
        tasks(4), ScriptedAgent([]), TEXT_ONLY, info=info, out=RunDir(tmp_path), resume=True
    )
    assert out.ran == 2 and out.summary["n"] == 4
