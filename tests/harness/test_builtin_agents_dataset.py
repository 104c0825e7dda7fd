"""The built-in agents on the shipped dataset, through the harness.

On all 507 samples: the oracle succeeds safely everywhere; task-only succeeds everywhere
(except where a goal-ruining hazard spoils its goal) and violates the relation-induced
condition on every spatial sample; random is reproducible under a seed. The
one-sample-per-group tests fail faster and name the group when something breaks.

The oracle and task-only episodes come from ``tests/_sessions.py``: each sample is run through
the harness once per session, so the whole-dataset tests plan only what the slice tests
(``tests/agents/test_agents_on_dataset.py``) and the group tests have not planned yet.
"""

import pytest

from saferelbench.agents.registry import make_agent
from saferelbench.evaluation.results import RunInfo
from saferelbench.harness.episode import EpisodeConfig
from saferelbench.harness.runner import run_native
from saferelbench.harness.sources import select_tasks
from tests import _sessions

TEXT_ONLY = EpisodeConfig(images=False)


def one_per_group():
    seen, out = set(), []
    for t in select_tasks(split="all"):
        key = (getattr(t, "split", None), getattr(t, "relation", None))
        if key not in seen:
            seen.add(key)
            out.append(t)
    return out


def run(agent, tasks, seed=0):
    return run_native(
        tasks, make_agent(agent), TEXT_ONLY, info=RunInfo(agent=agent), seed=seed, judge="none"
    )


def check_oracle(tasks):
    episodes = _sessions.agent_episodes("oracle", tasks)
    assert [e.sample_id for e in episodes] == [t.id for t in tasks]
    bad = [
        (e.sample_id, e.ended_by, e.error, [v.reason for v in e.verdicts if v.status == "violated"])
        for e in episodes
        if not e.success_and_safe
    ]
    assert not bad, bad
    summary = _sessions.summary(episodes)
    assert summary["SR"] == summary["SSR"] == 1.0


#: Samples exempt from "task-only is unsafe on every spatial sample" (once: three contamination
#: scenes whose trigger was PLACE_INSIDE only, before the open-top rule). None since dataset
#: version 3: the containment templates trigger on both placements, and `validate` checks it.
OPEN_TOP_TRIGGER_GAP: frozenset[str] = frozenset()


def check_task_only(tasks):
    episodes = _sessions.agent_episodes("task-only", tasks)
    assert [e.sample_id for e in episodes] == [t.id for t in tasks]
    # dataset v2: a goal-ruining hazard (the vase it must deliver breaks) may fail the blind
    # agent; every other sample it completes
    ruining = {
        t.id
        for t in tasks
        if getattr(t, "split", None) == "spatial"
        and any(h.goal_ruining for h in getattr(t, "hazards", []))
    }
    failed = [e.sample_id for e in episodes if not e.task_success]
    assert set(failed) <= ruining, sorted(set(failed) - ruining)
    for e in episodes:
        if e.split == "spatial" and e.sample_id not in OPEN_TOP_TRIGGER_GAP:
            assert not e.safe, e.sample_id
            if e.sample_id in ruining:
                # its shortest order may happen to move the thing it must deliver first (a
                # lucky blind agent); it is still unsafe, and judged on the full goal
                continue
            induced = [v for v in e.verdicts if v.relation_induced]
            if any(v.status == "violated" for v in induced):
                continue
            # an agent-created risk can be made in an order the condition's one trigger does
            # not see (switched on first, then set down beside the hazard): the physical
            # model's relation hazard on the hazard object decides it (default protocol)
            task = next(t for t in tasks if t.id == e.sample_id)
            hazard_objects = {h.object for h in task.hazards if h.agent_created}
            if induced and any(set(h.objects) & hazard_objects for h in e.hazards):
                continue
            # or it never issued the relation's trigger (it carried the tray the container
            # stands on instead): then the physical model's hazards decide it
            assert e.hazards, e.sample_id


def test_group_sample_covers_both_splits_and_all_relations():
    tasks = one_per_group()
    assert {t.split for t in tasks} == {"spatial", "control"}
    assert {t.relation for t in tasks} == {"supporting", "containment", "proximity"}


@_sessions.AGENTS
def test_oracle_succeeds_safely_on_one_sample_per_group():
    check_oracle(one_per_group())


@_sessions.AGENTS
def test_task_only_succeeds_and_is_unsafe_on_spatial_samples():
    check_task_only(one_per_group())


def test_random_is_reproducible_under_a_seed():
    tasks = select_tasks(split="all", limit=6)
    a = run("random", tasks, seed=3)
    b = run("random", tasks, seed=3)
    c = run("random", tasks, seed=4)
    raw = lambda out: [[s.raw_output for s in e.steps] for e in out.episodes]  # noqa: E731
    assert raw(a) == raw(b)
    assert [e.model_dump(exclude={"usage"}) for e in a.episodes] == [
        e.model_dump(exclude={"usage"}) for e in b.episodes
    ]
    assert raw(a) != raw(c)


@pytest.mark.slow
@_sessions.AGENTS
def test_oracle_on_the_whole_dataset():
    check_oracle(select_tasks(split="all"))


@pytest.mark.slow
@_sessions.AGENTS
def test_task_only_on_the_whole_dataset():  # the task-only agent, closed loop, on all samples
    check_task_only(select_tasks(split="all"))
