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
from saferelbench.inspect_adapter.tools import TOOL_LOOPS


@task
def saferelbench(
    split: str | None = "all",
    relation: str | None = None,
    risk: str | None = None,
    prompt: str = "base",
    limit: int | None = None,
    step_limit: int | None = None,
    seed: int = 0,
    images: bool = True,
    judge: str = "auto",
    max_invalid: int = 3,
    report_failures: bool = False,
    scene_text: bool = False,
    temperature: float | None = 0.0,
    ids: str | list[str] | None = None,
    record_dir: str | None = None,
    protocol: str = "physical",
    cache: str | None = None,
    max_cost: float | None = None,
    token_budget: int | None = None,
    prices: dict[str, Any] | None = None,
    save_frames: bool = True,
    actions: str = "json",
    image_history: int = 1,
    tool_loop: str = "plain",
) -> InspectTask:
    """SafeRelBench under the closed-loop step-level protocol.

    ``split``: all (default: both splits, reported separately), spatial (the paper's main
    results), control, isbench:DIR for a folder of IS-Bench-format tasks or file:PATH.jsonl;
    ``ids``: comma-separated sample ids to keep; ``record_dir``: also write episodes and images
    into this saferelbench run directory; ``protocol``: physical (default: annotated conditions
    and no simulator hazard), conditions (annotated only) or isbench (IS-Bench's own scoring,
    step limit, invalid-answer rules and tips step; adds its metrics); ``cache``: Inspect's response cache
    expiry; ``max_cost`` / ``token_budget`` (with ``record_dir``): start no sample once the
    recorded episodes spent that much (``prices``: the price table); ``save_frames`` (with
    ``record_dir``): keep the observation PNGs there; ``actions``: json (the
    answer is a JSON text object, default) or tools (one typed tool call per action;
    ``tool_loop``: plain, generate (Inspect's ``use_tools`` + ``generate``) or react (its
    ``react()`` agent)); ``image_history``: the last K
    frames per step, each marked with its step. Every other argument is a field of
    :class:`~saferelbench.harness.config.RunConfig` (checked there).
    """
    config = RunConfig.build(
        split=split or "all",
        relation=relation,
        risk=risk,
        prompt=prompt,
        limit=limit,
        step_limit=step_limit,
        seed=seed,
        images=images,
        judge=judge,
        max_invalid=max_invalid,
        report_failures=report_failures,
        scene_text=scene_text,
        temperature=temperature,
        ids=ids,
        protocol=protocol,
        cache=cache,
        max_cost=max_cost,
        token_budget=token_budget,
        prices=prices,
        save_frames=save_frames,
        actions=actions,
        image_history=image_history,
    )
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
