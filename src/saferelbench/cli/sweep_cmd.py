"""``saferelbench sweep``: models x prompt variants in one go, through Inspect's eval-set, and
one report over the grid.

    saferelbench sweep --model openai/gpt-4o --model vllm/Qwen/Qwen2.5-VL-7B-Instruct \\
        --prompt base risk_aware action_grounded --split spatial --out sweeps/main

Each cell records into ``OUT/cells/<model>__<prompt>/`` (an ordinary run directory); the
Inspect logs of all cells are in ``OUT/inspect/``; the report goes to ``OUT/report/``. Running
the same command again keeps the finished cells and runs the rest.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from saferelbench.harness.config import RunConfig, RunConfigError
from saferelbench.harness.provenance import new_run_info
from saferelbench.harness.sources import SourceError, select_tasks

err_console = Console(stderr=True)


def sweep(
    more_prompts: Annotated[
        list[str] | None,
        typer.Argument(
            help="More prompt variants (so that '--prompt base risk_aware action_grounded' works).",
            show_default=False,
        ),
    ] = None,
    model: Annotated[
        list[str] | None,
        typer.Option(help="A model of the grid (repeat: --model A --model B)."),
    ] = None,
    prompt: Annotated[
        list[str] | None,
        typer.Option(help="Prompt variants of the grid: base, risk_aware, action_grounded."),
    ] = None,
    out: Annotated[Path, typer.Option(help="Sweep directory.")] = Path("sweep"),
    split: Annotated[str, typer.Option(help="Samples: all, spatial, control, ...")] = "all",
    relation: Annotated[str | None, typer.Option(help="One relation only.")] = None,
    risk: Annotated[str | None, typer.Option(help="One risk type only.")] = None,
    limit: Annotated[int | None, typer.Option(help="The first N selected samples.")] = None,
    ids: Annotated[str | None, typer.Option(help="Comma-separated sample ids.")] = None,
    seed: Annotated[int, typer.Option(help="Seed.")] = 0,
    no_images: Annotated[
        bool, typer.Option("--no-images", metavar="", help="Text-only prompts.")
    ] = False,
    max_connections: Annotated[
        int | None, typer.Option(help="Concurrent model connections per model.")
    ] = None,
    retry_attempts: Annotated[
        int, typer.Option(help="eval-set: times a failed cell is run again.")
    ] = 3,
    cache: Annotated[
        str | None, typer.Option(help="Inspect's response cache with this expiry (1W, ...).")
    ] = None,
    prices: Annotated[
        Path | None, typer.Option(help="Price table (TOML/JSON) for the cost estimates.")
    ] = None,
    model_arg: Annotated[
        list[str] | None,
        typer.Option("--model-arg", "-M", help="Provider argument KEY=VALUE (repeatable)."),
    ] = None,
    report: Annotated[
        bool, typer.Option("--report/--no-report", metavar="", help="Write OUT/report/ at the end.")
    ] = True,
) -> None:
    """Run every model with every prompt variant (Inspect eval-set) and report the grid."""
    from saferelbench.cli.run_cmd import fail, parse_model_args

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
    if prices is not None:
        from saferelbench.harness.ledger import PriceError, load_prices

        try:
            price_table = load_prices(prices)
        except PriceError as exc:
            raise fail(str(exc)) from None
    model_args = parse_model_args(model_arg)
    try:
        configs = [
            RunConfig.build(
                split=split,
                relation=relation,
                risk=risk,
                ids=ids,
                limit=limit,
                seed=seed,
                prompt=variant,
                images=not no_images,
                cache=cache,
                prices=price_table.to_json() if price_table is not None else None,
            )
            for variant in variants
        ]
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
            max_connections=max_connections,
            retry_attempts=retry_attempts,
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


def register(app: typer.Typer) -> None:
    app.command("sweep")(sweep)
