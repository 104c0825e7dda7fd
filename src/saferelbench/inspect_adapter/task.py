"""The ``saferelbench`` Inspect task: the selected samples, the episode solver, the scorer.

Only :mod:`saferelbench.inspect_adapter` imports ``inspect_ai``; the rest of the package runs
without it (``import inspect_ai`` costs ~2 s).
"""

from __future__ import annotations

from typing import Any, cast

from inspect_ai import Task as InspectTask
from inspect_ai import task

from saferelbench.harness import sources
from saferelbench.harness.config import RunConfig, RunConfigError
from saferelbench.harness.versions import EVALUATION_VERSION, versions_for
from saferelbench.inspect_adapter.dataset import to_inspect_dataset
from saferelbench.inspect_adapter.scorer import episode_scorer, isbench_metrics
from saferelbench.inspect_adapter.solver import episode_solver
from saferelbench.inspect_adapter.task_args import config_task
from saferelbench.inspect_adapter.tools import TOOL_LOOPS


@task
@config_task(RunConfig)
def saferelbench(
    config: RunConfig, record_dir: str | None = None, tool_loop: str = "plain"
) -> InspectTask:
    """SafeRelBench under the closed-loop step-level protocol.

    Every argument but two is a field of :class:`~saferelbench.harness.config.RunConfig` (its
    default, help text and check are there; ``saferelbench run --help`` lists them):
    ``split`` (all, spatial, control, isbench:DIR or file:PATH.jsonl), ``ids``, ``prompt``,
    ``protocol``, ``actions``, ``image_history``, ``cache``, ``max_cost`` ... The other two:
    ``record_dir``: also write episodes and images into this saferelbench run directory (the
    budget options and ``save_frames`` act on it); ``tool_loop`` (with ``actions=tools``):
    plain, generate (Inspect's ``use_tools`` + ``generate``) or react (its ``react()`` agent).
    """
    if tool_loop not in TOOL_LOOPS:
        raise RunConfigError(f"--tool-loop: {tool_loop!r} is not one of {', '.join(TOOL_LOOPS)}")
    tasks = sources.select_tasks(**config.selection())
    return InspectTask(
        dataset=to_inspect_dataset(tasks),
        solver=episode_solver(config=config.to_json(), record_dir=record_dir, loop=tool_loop),
        scorer=episode_scorer(judge=config.judge, record_dir=record_dir),
        metrics=cast(Any, isbench_metrics()) if config.protocol == "isbench" else None,
        version=EVALUATION_VERSION,
        metadata={
            "saferelbench": {
                "prompt": config.variant,
                "seed": config.seed,
                "images": config.images,
                "split": config.split,
                "protocol": config.protocol,
                "versions": versions_for(
                    split=config.split,
                    protocol=config.protocol,
                    prompt=config.variant,
                    config=config,
                    tasks=tasks if config.split.startswith("file:") else None,
                ),
                "actions": config.actions,
                "image_history": config.image_history,
            }
        },
    )
