"""``saferelbench sweep``: models x prompt variants in one go, through Inspect's eval-set, and
one report over the grid.

    saferelbench sweep --model openai/gpt-4o --model vllm/Qwen/Qwen2.5-VL-7B-Instruct \\
        --prompt base risk_aware action_grounded --split spatial --out sweeps/main

Each cell records into ``OUT/cells/<model>__<prompt>/`` (an ordinary run directory); the
Inspect logs of all cells are in ``OUT/inspect/``; the report goes to ``OUT/report/``. Running
the same command again keeps the finished cells and runs the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import BaseModel, ConfigDict
from rich.console import Console

from saferelbench.cli.run_options import command_function
from saferelbench.harness.config import RunConfig, RunConfigError
from saferelbench.harness.options import Option
from saferelbench.harness.provenance import new_run_info
from saferelbench.harness.sources import SourceError, select_tasks

err_console = Console(stderr=True)

#: The configuration option the sweep offers as a list (the grid's prompt variants).
GRID_OPTIONS = ("prompt",)


class SweepCommand(BaseModel):
    """What ``sweep`` needs besides the run configuration: the grid's models and prompt
    variants, the sweep directory, and how eval-set runs the cells."""

    model_config = ConfigDict(frozen=True, protected_namespaces=(), use_attribute_docstrings=True)

    more_prompts: Annotated[list[str] | None, Option(argument=True, metavar="PROMPT...")] = None
    """More prompt variants (so that '--prompt base risk_aware action_grounded' works)."""
    model: list[str] | None = None
    """A model of the grid (repeat: --model A --model B)."""
    prompt: list[str] | None = None
    """Prompt variants of the grid: base, risk_aware, action_grounded (default: base)."""
    out: Path = Path("sweep")
    """Sweep directory."""
    max_connections: int | None = None
    """Concurrent model connections per model."""
    retry_attempts: int = 3
    """eval-set: times a failed cell is run again."""
    model_arg: Annotated[
        list[str] | None, Option(flags=("--model-arg", "-M"), metavar="KEY=VALUE")
    ] = None
    """Provider argument KEY=VALUE (repeatable), as inspect's -M."""
    report: bool = True
    """Write OUT/report/ at the end."""


SWEEP_HELP = "Run every model with every prompt variant (Inspect eval-set) and report the grid."


def sweep_command(config_type: type[RunConfig] = RunConfig) -> Callable[..., None]:
    """The ``sweep`` command for ``config_type``: one option per field of
    :class:`SweepCommand` and of the configuration (the prompt variant a list of them)."""

    def execute(command: SweepCommand, options: dict[str, Any]) -> None:
        run_sweep_command(command, config_type, options)

    function = command_function(config_type, execute, SweepCommand, replaces=GRID_OPTIONS)
    function.__name__ = "sweep"
    function.__doc__ = SWEEP_HELP
    return function


def run_sweep_command(
    command: SweepCommand, config_type: type[RunConfig], options: dict[str, Any]
) -> None:
    """The sweep of ``command`` over the configuration ``options`` give."""
    from saferelbench.cli.run_cmd import _price_table, fail, parse_model_args

    model, prompt, more_prompts = command.model, command.prompt, command.more_prompts
    out, report = command.out, command.report
    models = list(model or [])
    if not models:
        raise fail("give at least one --model")
    for name in models:
        if "/" not in name:
            raise fail(f"--model {name!r}: expected PROVIDER/MODEL, e.g. openai/gpt-4o")
    variants = [
        p for item in [*(prompt or ["base"]), *(more_prompts or [])] for p in item.split(",") if p
    ]
    price_table = None
    for name in models:  # every model of the grid needs a price under --max-cost
        price_table = _price_table(name, options.get("prices"), options.get("max_cost"))
    options["prices"] = price_table.to_json() if price_table is not None else None
    model_args = parse_model_args(command.model_arg)
    try:
        configs = [config_type.build(**options, prompt=variant) for variant in variants]
    except RunConfigError as exc:
        raise fail(str(exc)) from None
    unique: dict[str, RunConfig] = {}
    for c in configs:
        unique.setdefault(c.variant, c)
    configs = list(unique.values())
    try:
        tasks = select_tasks(**configs[0].selection())
    except (SourceError, ValueError, OSError) as exc:
        raise fail(str(exc).strip()) from None
    info = new_run_info(
        "sweep",
        "sweep",
        configs[0],
        sweep={"models": models, "prompts": [c.variant for c in configs]},
    )
    from saferelbench.inspect_adapter.sweep import run_sweep

    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / ".write-check"
        probe.write_text("")
        probe.unlink()
    except OSError as exc:
        raise fail(
            f"{exc.filename or out}: cannot write the sweep directory: {exc.strerror}"
        ) from None
    try:
        outcome = run_sweep(
            tasks,
            models,
            configs,
            out,
            info=info,
            model_args=model_args,
            max_connections=command.max_connections,
            retry_attempts=command.retry_attempts,
            display="rich" if err_console.is_terminal else "none",
        )
    except KeyboardInterrupt:
        err_console.print(f"interrupted; run the same command again to continue {out}")
        raise typer.Exit(code=130) from None
    console = Console()
    not_run = sum(len(c.not_run) for c in outcome.cells)
    console.print(
        f"{len(outcome.cells)} cells ({len(models)} models x {len(configs)} prompts) in {out}",
        highlight=False,
    )
    if report:
        from saferelbench.reports.sweep import sweep_report

        made = sweep_report([c.run_dir.path for c in outcome.cells], out / "report")
        console.print(f"report: {made.files['report.md']} and {made.files['sweep.md']}")
    if not outcome.success or not_run:
        err_console.print(
            f"[yellow]warning:[/yellow] {not_run} sample(s) of the grid did not run; "
            "run the same command again to continue",
            highlight=False,
        )
        raise typer.Exit(code=1)


#: ``saferelbench sweep`` (the typer command, made from RunConfig).
sweep = sweep_command()


def register(app: typer.Typer) -> None:
    app.command("sweep")(sweep)
