"""A grid of models x prompt variants through Inspect's ``eval_set``.

Every cell (one model, one prompt variant) is an Inspect task bound to its model, recording
into its own saferelbench run directory ``SWEEP/cells/<model>__<prompt>/`` (run.json,
episodes.jsonl, summary.json with the usage ledger, images); all cells share one Inspect log
directory ``SWEEP/inspect/``. ``eval_set`` runs the grid, retries a cell whose eval failed
(``retry_attempts``) and, run again on the same ``SWEEP``, keeps the cells that finished and
runs only the rest: a sweep that stopped half way is continued by repeating the command.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from saferelbench.evaluation.results import RunInfo
from saferelbench.harness.config import RunConfig
from saferelbench.harness.errors import Redactor
from saferelbench.harness.ledger import PriceTable
from saferelbench.harness.rundir import RunDir
from saferelbench.inspect_adapter.retry import DEFAULT_RETRY, RetryPolicy
from saferelbench.inspect_adapter.run import _record_missing, _summary, scrub_run_dir
from saferelbench.world.task import Task

CELLS = "cells"
LOGS = "inspect"


def cell_name(model: str, prompt: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", model).strip("_") + "__" + prompt


@dataclass
class Cell:
    model: str
    config: RunConfig
    run_dir: RunDir
    not_run: list[str] = field(default_factory=list)


@dataclass
class SweepOutcome:
    cells: list[Cell]
    success: bool  #: every cell's eval finished
    logs: list[str]


def run_sweep(
    tasks: Sequence[Task],
    models: Sequence[str],
    configs: Sequence[RunConfig],
    out: Path,
    *,
    info: RunInfo,
    model_args: dict[str, Any] | None = None,
    max_connections: int | None = None,
    retry_attempts: int = 3,
    retry: RetryPolicy = DEFAULT_RETRY,
    display: str = "rich",
) -> SweepOutcome:
    """Run every (model, config) cell on ``tasks`` (the selection of every config)."""
    from inspect_ai import eval_set, task_with

    from saferelbench.inspect_adapter import registry  # noqa: F401
    from saferelbench.inspect_adapter.task import saferelbench

    redactor = Redactor.from_environment(model_args)
    cells: list[Cell] = []
    inspect_tasks: list[Any] = []
    for model in models:
        for config in configs:
            run_dir = RunDir(out / CELLS / cell_name(model, config.variant))
            cell_info = info.model_copy(
                update={"agent": model, "runner": "sweep", "config": config.to_json()}
            )
            run_dir.prepare(cell_info, resume=True)  # a re-run continues the cell
            cells.append(Cell(model, config, run_dir))
            args = config.task_args()
            args.update(ids=[t.id for t in tasks], record_dir=str(run_dir.path))
            inspect_tasks.append(task_with(saferelbench(**args), model=model))
    success = False
    logs: list[Any] = []
    try:
        success, logs = eval_set(
            inspect_tasks,
            log_dir=str(out / LOGS),
            retry_attempts=retry_attempts,
            model_args=model_args or {},
            display=display,  # type: ignore[arg-type]
            fail_on_error=False,
            log_images=False,
            log_realtime=False,
            max_connections=max_connections,
            score_display=False,
            **retry.eval_args(),
        )
    finally:
        for cell in cells:
            scrub_run_dir(cell.run_dir, redactor)
        from saferelbench.inspect_adapter.scrub import scrub_file

        for path in sorted((out / LOGS).glob("*")):
            if path.is_file():
                scrub_file(path, redactor)
    full_logs = _read_full(logs)
    for cell in cells:
        own = [
            log
            for log in full_logs
            if str(getattr(log.eval, "task_args", {}).get("record_dir")) == str(cell.run_dir.path)
        ]
        cell.not_run, _ = _record_missing(
            cell.run_dir, list(tasks), own, cell.model, cell.config, redactor
        )
        prices = PriceTable.from_json(cell.config.prices)
        cell.run_dir.write_summary(_summary(cell.run_dir.read_episodes(), cell.model, prices))
    return SweepOutcome(cells, bool(success), [str(getattr(x, "location", "")) for x in logs])


def _read_full(logs: Sequence[Any]) -> list[Any]:
    """eval_set returns log headers: read the samples back (their errors are needed)."""
    from inspect_ai.log import read_eval_log

    out = []
    for log in logs:
        location = getattr(log, "location", None)
        try:
            out.append(read_eval_log(location) if location else log)
        except Exception:  # noqa: BLE001 (an unreadable log: its samples stay not run)
            out.append(log)
    return out
