"""SafeRelBench: spatial-relation-aware process-level safety for VLM-driven household robots.

The public API (everything else is internal and may change)::

    import saferelbench as srb

    tasks = srb.select_tasks(split="spatial", limit=5)        # or srb.load_samples(...)
    result = srb.run_episode(tasks[0], srb.make_agent("oracle"))
    print(result.task_success, result.safe)

- samples: :func:`load_samples`, :func:`get_sample`, :func:`select_tasks`, :class:`Sample`,
  :class:`Task`;
- agents: the :class:`Agent` protocol, what it sees (:class:`Observation`,
  :class:`HistoryItem`), :func:`make_agent`, :func:`agent_names`;
- episodes and runs: :func:`run_episode`, :func:`run_native`, :class:`EpisodeConfig`,
  :class:`RunConfig`, :class:`RunDir`;
- results: :class:`EpisodeResult`, :class:`RunInfo`, :class:`RunSummary`, :func:`summarize`;
- Inspect AI: :func:`inspect_task` (the ``saferelbench`` ``@task``; imports ``inspect_ai``);
- Gymnasium: :class:`SafeRelBenchEnv` (``SafeRelBench-v0``, registered on first use, as by
  ``import saferelbench.gym``) and :func:`play_env` (a Python agent through it);
- errors: :class:`SafeRelBenchError`, the base of every error the package raises on purpose.

Names are imported on first use, so ``import saferelbench`` stays cheap.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: public name -> module that defines it
_EXPORTS: dict[str, str] = {
    "load_samples": "saferelbench.dataset.store",
    "get_sample": "saferelbench.dataset.store",
    "select_tasks": "saferelbench.harness.sources",
    "Sample": "saferelbench.dataset.sample",
    "Task": "saferelbench.world.task",
    "Agent": "saferelbench.agents.base",
    "Observation": "saferelbench.agents.base",
    "HistoryItem": "saferelbench.agents.base",
    "make_agent": "saferelbench.agents.registry",
    "agent_names": "saferelbench.agents.registry",
    "run_episode": "saferelbench.harness.episode",
    "EpisodeConfig": "saferelbench.harness.episode",
    "RunConfig": "saferelbench.harness.config",
    "run_native": "saferelbench.harness.runner",
    "RunDir": "saferelbench.harness.rundir",
    "EpisodeResult": "saferelbench.evaluation.results",
    "RunInfo": "saferelbench.evaluation.results",
    "RunSummary": "saferelbench.evaluation.results",
    "summarize": "saferelbench.evaluation.metrics",
    "SafeRelBenchError": "saferelbench.world.errors",
    "SafeRelBenchEnv": "saferelbench.gym",
    "play_env": "saferelbench.gym",
}

__all__ = [
    "Agent",
    "EpisodeConfig",
    "EpisodeResult",
    "HistoryItem",
    "Observation",
    "RunConfig",
    "RunDir",
    "RunInfo",
    "RunSummary",
    "SafeRelBenchEnv",
    "SafeRelBenchError",
    "Sample",
    "Task",
    "__version__",
    "agent_names",
    "get_sample",
    "inspect_task",
    "load_samples",
    "make_agent",
    "play_env",
    "run_episode",
    "run_native",
    "select_tasks",
    "summarize",
]

if TYPE_CHECKING:
    from saferelbench.agents.base import Agent, HistoryItem, Observation
    from saferelbench.agents.registry import agent_names, make_agent
    from saferelbench.dataset.sample import Sample
    from saferelbench.dataset.store import get_sample, load_samples
    from saferelbench.evaluation.metrics import summarize
    from saferelbench.evaluation.results import EpisodeResult, RunInfo, RunSummary
    from saferelbench.gym import SafeRelBenchEnv, play_env
    from saferelbench.harness.config import RunConfig
    from saferelbench.harness.episode import EpisodeConfig, run_episode
    from saferelbench.harness.rundir import RunDir
    from saferelbench.harness.runner import run_native
    from saferelbench.harness.sources import select_tasks
    from saferelbench.world.errors import SafeRelBenchError
    from saferelbench.world.task import Task


def inspect_task(**task_args: Any) -> Any:
    """The ``saferelbench`` Inspect task (``inspect_ai.Task``) for ``inspect_ai.eval``; the
    arguments are the task's ``-T`` arguments (split, prompt, limit, ids, ...). The built-in
    agents are registered as Inspect providers too (``saferelbench/oracle`` ...)."""
    from saferelbench.inspect_adapter import registry  # noqa: F401  (task + providers)
    from saferelbench.inspect_adapter.task import saferelbench

    return saferelbench(**task_args)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'saferelbench' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
