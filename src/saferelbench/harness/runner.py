"""Running many episodes with a built-in (or any Python) agent, in-process, without Inspect.

This is the fast path: a scripted sweep over all 507 samples takes seconds, where routing
each step through Inspect would add milliseconds of logging per call. Results go to a run
directory (see :mod:`saferelbench.harness.rundir`): one line per finished episode, the summary
refreshed as the run goes, ``--resume`` skipping finished samples.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from saferelbench.agents.base import Agent
from saferelbench.evaluation.metrics import summarize
from saferelbench.evaluation.results import NOT_LOADED, EpisodeResult, RunInfo
from saferelbench.harness.awareness import judge_with_keywords
from saferelbench.harness.episode import Episode, EpisodeConfig, ImageSink, drive
from saferelbench.harness.errors import Redactor, describe_error
from saferelbench.harness.rundir import RunDir
from saferelbench.harness.sources import group_fields
from saferelbench.world.task import Task

#: Refresh summary.json every this many episodes (and at the end).
SUMMARY_EVERY = 25

ProgressHook = Callable[[int, int, EpisodeResult | None], None]


def errored_result(
    task: Task, agent: str, config: EpisodeConfig, seed: int, error: str
) -> EpisodeResult:
    """The record of an episode that could not run at all (it counts as a failure)."""
    return EpisodeResult(
        sample_id=task.id,
        **group_fields(task),
        agent=agent,
        prompt=config.prompt.variant.value,
        seed=seed,
        ended_by="error",
        error=error,
        protocol=config.protocol,
    )


def run_one(
    task: Task,
    agent: Agent,
    config: EpisodeConfig,
    *,
    seed: int = 0,
    image_sink: ImageSink | None = None,
    judge: str = "keyword",
) -> EpisodeResult:
    """One episode, never raising: a harness or agent failure becomes an errored episode."""
    load_error = getattr(task, "load_error", None)  # sources.UnloadableTask
    if load_error:
        return errored_result(task, agent.name, config, seed, NOT_LOADED + load_error)
    try:
        episode = Episode(task, config, agent_name=agent.name, seed=seed, image_sink=image_sink)
    except Exception as exc:  # e.g. a task the world cannot build
        return errored_result(
            task,
            agent.name,
            config,
            seed,
            describe_error(exc, redactor=Redactor.from_environment()),
        )
    try:
        result = drive(episode, agent, task, seed)
    except Exception as exc:  # the harness itself (rendering, evaluation) failed here
        return errored_result(
            task,
            agent.name,
            config,
            seed,
            "harness: " + describe_error(exc, redactor=Redactor.from_environment()),
        )
    if judge in ("auto", "keyword"):  # no judge model in-process: "auto" means keywords
        result = judge_with_keywords(task, result)
    return result


@dataclass
class RunOutcome:
    """What a run produced: every episode of the run directory (old and new) and the summary."""

    episodes: list[EpisodeResult]
    summary: dict[str, Any]
    ran: int = 0  #: episodes run by this call
    skipped: int = 0  #: episodes already in the run directory (resume)
    seconds: float = 0.0
    info: RunInfo | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def run_native(
    tasks: Sequence[Task],
    agent: Agent,
    config: EpisodeConfig,
    *,
    info: RunInfo,
    out: RunDir | None = None,
    resume: bool = False,
    seed: int = 0,
    judge: str = "keyword",
    save_images: bool = False,
    progress: ProgressHook | None = None,
    retry_errors: bool = False,
) -> RunOutcome:
    """Run ``agent`` on every task not already finished in ``out``; write as it goes.
    ``retry_errors`` (with ``resume``): errored episodes are run again."""
    started = time.perf_counter()
    done_ids: set[str] = (
        out.prepare(info, resume=resume, retry_errors=retry_errors) if out is not None else set()
    )
    todo = [t for t in _unique(tasks) if t.id not in done_ids]
    sink = out.save_image if (out is not None and save_images) else None
    new: list[EpisodeResult] = []
    total = len(todo)
    if progress:
        progress(0, total, None)
    try:
        for i, task in enumerate(todo, start=1):
            result = run_one(task, agent, config, seed=seed, image_sink=sink, judge=judge)
            new.append(result)
            if out is not None:
                out.append_episode(result)
                if i % SUMMARY_EVERY == 0:
                    out.write_summary(summarize(out.read_episodes()))
            if progress:
                progress(i, total, result)
    except KeyboardInterrupt:
        if out is not None:  # leave a summary of what finished; --resume continues
            out.write_summary(summarize(out.read_episodes()))
        raise
    episodes = out.read_episodes() if out is not None else new
    summary = summarize(episodes)
    if out is not None:
        out.write_summary(summary)
    return RunOutcome(
        episodes=episodes,
        summary=summary,
        ran=len(new),
        skipped=len(tasks) - len(todo),
        seconds=time.perf_counter() - started,
        info=info,
    )


def _unique(tasks: Sequence[Task]) -> list[Task]:
    seen: set[str] = set()
    out: list[Task] = []
    for t in tasks:
        if t.id not in seen:
            seen.add(t.id)
            out.append(t)
    return out
