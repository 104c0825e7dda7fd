"""What the test session computes once and many tests assert: the dataset, and the sweeps over
it (the built-in agents through the harness, the red-team and blanket routines).

- :func:`shipped` is the shipped file, loaded once. Tests about the seed-507 build read it:
  ``tests/dataset/test_pipeline.py`` proves the build equals the shipped file byte for byte
  (:func:`fresh_build`), so a second build would only repeat that work.
- :func:`fresh_build` builds the dataset of a seed once per process.
- :func:`agent_episodes` runs a built-in agent through the harness on the samples not run yet
  and keeps every episode, so a slice checked by one test is not planned again by the
  whole-dataset test.
- :func:`routine_plan` and :func:`routine_outcome` plan (and judge) a red-team or blanket
  routine once per sample, whoever asks.

Under pytest-xdist every worker process has caches of its own: the tests that share a sweep
carry the same ``pytest.mark.xdist_group`` (:data:`AGENTS`, :data:`BLANKET`, :func:`group_of`),
and ``--dist loadgroup`` runs each group in one worker.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from functools import cache
from typing import Any

import pytest

from saferelbench.agents import routines
from saferelbench.dataset.pipeline import DEFAULT_SEED, build_dataset
from saferelbench.dataset.sample import Sample
from saferelbench.dataset.store import load_samples
from saferelbench.evaluation.results import EpisodeResult
from saferelbench.world.task import Task

#: xdist groups: tests that read one cached sweep run in one worker
AGENTS = pytest.mark.xdist_group("agents-sweep")
BLANKET = pytest.mark.xdist_group("blanket-sweep")

#: the routines of :mod:`saferelbench.agents.blanket` (the shipped baselines, any surface
#: policy): one group, since several tests judge them all on overlapping samples
BLANKET_ROUTINES = frozenset({"checklist", "clear-all", "clear-away"})
#: routines judged together by one test (or one built from another: ``lucky-reorder`` is the
#: best of ``reorder:0`` .. ``reorder:4``) share a group
TOGETHER: tuple[frozenset[str], ...] = (
    frozenset({"reorder:0", "lucky-reorder"}),
    frozenset({"neighbours-dry-empty", "stacked-top-dry"}),
    frozenset({"class:chemical", "class-stow:chemical"}),
)


def group_of(*names: str) -> pytest.MarkDecorator:
    """The xdist group of the tests that judge routine(s) ``names``: the red-team sweep is
    spread over the workers routine by routine, and a test that judges a routine on samples
    the sweep also judges runs where the sweep's outcomes are cached."""
    groups = set()
    for name in names:
        if name.partition(":")[0] in BLANKET_ROUTINES:
            groups.add("blanket-sweep")
            continue
        together = next((t for t in TOGETHER if name in t), frozenset({name}))
        groups.add("routine:" + "+".join(sorted(together)))
    assert len(groups) == 1, f"routines {names} are swept in different groups {groups}"
    return pytest.mark.xdist_group(groups.pop())


# ----- the dataset -------------------------------------------------------------------------------


@cache
def shipped() -> tuple[Sample, ...]:
    """Every shipped sample (the seed-507 build, as ``test_pipeline`` proves)."""
    return tuple(load_samples())


def shipped_where(
    *, split: str | None = None, relation: str | None = None, min_version: int = 0
) -> list[Sample]:
    return [
        s
        for s in shipped()
        if (split is None or s.split == split)
        and (relation is None or s.relation == relation)
        and s.dataset_version >= min_version
    ]


@cache
def fresh_build(seed: int = DEFAULT_SEED) -> tuple[Sample, ...]:
    """``build_dataset(seed)``, built once per process."""
    return tuple(build_dataset(seed=seed))


# ----- identity of a sample (content, not only id: build_pairs reuses ids) ------------------------

_keys: dict[int, tuple[object, str]] = {}


def key(task: Task) -> str:
    """``task``'s id and a digest of its content (samples of other seeds share ids)."""
    held = _keys.get(id(task))
    if held is not None and held[0] is task:
        return held[1]
    digest = hashlib.sha1(task.model_dump_json().encode("utf-8")).hexdigest()[:16]
    value = f"{task.id}#{digest}"
    _keys[id(task)] = (task, value)  # holding the object keeps its id unique
    return value


# ----- built-in agents through the harness -------------------------------------------------------

_episodes: dict[tuple[str, str], EpisodeResult] = {}


def agent_episodes(agent: str, tasks: Sequence[Task]) -> list[EpisodeResult]:
    """The episodes of built-in ``agent`` on ``tasks`` through the harness (``run_native``,
    text only, seed 0, keyword judge off), each sample run once per process."""
    from saferelbench.agents.registry import make_agent
    from saferelbench.evaluation.results import RunInfo
    from saferelbench.harness.episode import EpisodeConfig
    from saferelbench.harness.runner import run_native

    todo = {key(t): t for t in tasks if (agent, key(t)) not in _episodes}
    if todo:
        out = run_native(
            list(todo.values()),
            make_agent(agent),
            EpisodeConfig(images=False),
            info=RunInfo(agent=agent),
            seed=0,
            judge="none",
        )
        by_id = {e.sample_id: e for e in out.episodes}
        for k, t in todo.items():
            _episodes[(agent, k)] = by_id[t.id]
    return [_episodes[(agent, key(t))] for t in tasks]


def summary(episodes: Iterable[EpisodeResult]) -> dict[str, Any]:
    from saferelbench.evaluation.metrics import summarize

    return summarize(list(episodes))


# ----- red-team and blanket routines -------------------------------------------------------------

_plans: dict[tuple[str, str], list[str]] = {}
_outcomes: dict[tuple[str, str], dict[str, Any]] = {}


def _name(routine: str) -> str:
    return "clear-away:seeded" if routine == "clear-away" else routine  # one plan, two names


def routine_plan(routine: str, task: Task) -> list[str]:
    """:func:`saferelbench.agents.routines.routine_plan` (not sighted, seed 0), once per sample."""
    k = (_name(routine), key(task))
    if k not in _plans:
        _plans[k] = routines.routine_plan(routine, task)
    return list(_plans[k])


def blanket_plan(task: Task, clearing: str, surface: str = "seeded") -> list[str]:
    """``blanket.blanket_plan(task, clearing, surface=surface)`` (seed 0), through the cache."""
    name = {"none": "checklist", "floor": "clear-all"}.get(clearing, f"clear-away:{surface}")
    return routine_plan(name, task)


def routine_outcome(routine: str, task: Task) -> dict[str, Any]:
    """:func:`saferelbench.agents.routines.judge` of the routine's plan, once per sample."""
    k = (_name(routine), key(task))
    if k not in _outcomes:
        _outcomes[k] = routines.judge(task, routine_plan(routine, task))
    return dict(_outcomes[k])


def score_routine(routine: str, samples: Iterable[Task]) -> dict[str, Any]:
    """:func:`saferelbench.agents.routines.score_routine` over the cached outcomes."""
    return routines.score_routine(routine, samples, outcomes=routine_outcome)
