"""``saferelbench report RUN [RUN ...]``: paper-style tables with confidence intervals, paired
tests, figures, failure analysis and a single-file HTML report with an episode viewer.

A RUN is a native run directory (``episodes.jsonl``), an Inspect log (``.eval``/``.json``) or a
directory of Inspect logs; they can be mixed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

err_console = Console(stderr=True)


def fail(message: str) -> typer.Exit:
    err_console.print(f"[red]error:[/red] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(code=2)


def report(
    runs: Annotated[
        list[Path],
        typer.Argument(
            help="Run directories, Inspect logs (.eval/.json) or Inspect log directories.",
            show_default=False,
        ),
    ],
    out: Annotated[Path, typer.Option(help="Output directory.")] = Path("report"),
    seed: Annotated[int, typer.Option(help="Bootstrap seed (same seed, same intervals).")] = 0,
    resamples: Annotated[int, typer.Option(help="Bootstrap resamples.")] = 2000,
    images: Annotated[
        str,
        typer.Option(
            help="Step images in the viewer: draw (every step drawn again from its task and actions, written under OUT/frames/; needs no saved image), embed (the same frames inside report.html: one standalone file, larger), link (relative paths to the runs' saved PNGs) or none."
        ),
    ] = "draw",
    ablation: Annotated[
        str,
        typer.Option(
            help="Scope of the prompt-variant figure: overall, or a relation (the paper uses supporting)."
        ),
    ] = "overall",
    figures: Annotated[
        bool, typer.Option("--figures/--no-figures", metavar="", help="Draw the figures.")
    ] = True,
    html: Annotated[
        bool, typer.Option("--html/--no-html", metavar="", help="Write report.html.")
    ] = True,
    allow_mixed_versions: Annotated[
        bool,
        typer.Option(
            "--allow-mixed-versions",
            metavar="",
            help="Report runs of different evaluation versions together (their scores are not comparable).",
        ),
    ] = False,
    protocol: Annotated[
        str | None,
        typer.Option(
            help="Re-judge every episode under this verdict protocol: physical (conditions and no hazard) or conditions (annotated conditions only), from its stored verdict. Runs recorded under isbench (IS-Bench's own checking) are reported as recorded and cannot be re-judged, nor can other runs be re-judged as isbench. Default: as recorded."
        ),
    ] = None,
    probe: Annotated[
        Path | None,
        typer.Option(
            help="A probe result (saferelbench probe): probe accuracy beside SSR per relation in report.html and report.md, and probe.md / probe.csv."
        ),
    ] = None,
) -> None:
    """Tables (Markdown, CSV, LaTeX), figures (PNG, SVG) and report.html for one or more runs."""
    from saferelbench.reports.build import ReportOptions, build_report
    from saferelbench.reports.html import IMAGE_MODES
    from saferelbench.reports.loading import ReportInputError, load_runs
    from saferelbench.world.vocabulary import RELATIONS

    if images not in IMAGE_MODES:
        raise fail(f"--images must be one of {', '.join(IMAGE_MODES)}, not {images!r}")
    if ablation != "overall" and ablation not in RELATIONS:
        raise fail(f"--ablation must be overall or one of {', '.join(RELATIONS)}, not {ablation!r}")
    if resamples < 100:
        raise fail("--resamples must be at least 100")
    try:
        loaded = load_runs(runs)
    except ReportInputError as err:
        raise fail(str(err)) from None
    if not loaded:
        raise fail("no runs to report")
    from saferelbench.reports.versions import mixed_versions

    mixed = mixed_versions(loaded)
    if mixed and not allow_mixed_versions:
        raise fail(mixed)
    if protocol is not None:
        from saferelbench.evaluation.metrics import rejudged
        from saferelbench.world.verdict import PROTOCOLS

        if protocol not in PROTOCOLS:
            raise fail(f"--protocol must be one of {', '.join(PROTOCOLS)}, not {protocol!r}")
        for run in loaded:
            recorded = {e.protocol for e in run.episodes}
            if protocol == "isbench" and recorded - {"isbench"}:
                raise fail(
                    f"{run.source}: --protocol isbench needs episodes run under it (IS-Bench's "
                    "step limit, invalid-answer rules and tips step); run the agent with "
                    "--protocol isbench"
                )
            if protocol != "isbench" and "isbench" in recorded:
                raise fail(
                    f"{run.source}: recorded under the isbench protocol (conditions checked at "
                    f"first occurrences only), which cannot be re-judged as {protocol}"
                )
        for run in loaded:
            if protocol == "isbench":
                continue  # already judged so
            run.episodes[:] = [rejudged(e, protocol) for e in run.episodes]
    probe_result = None
    if probe is not None:
        from saferelbench.evaluation.probe_run import ProbeResultError, read_probe_result

        try:
            probe_result = read_probe_result(probe)
        except ProbeResultError as err:
            raise fail(str(err)) from None
    options = ReportOptions(
        seed=seed,
        resamples=resamples,
        images=images,
        figures=figures,
        html=html,
        ablation=ablation,
        probe=probe_result,
    )
    try:
        with phase_progress(err_console, "report.html: episodes" + frames_note(images)) as tell:
            options.progress = tell
            made = build_report(loaded, out, options)
    except OSError as err:
        raise fail(f"{err.filename or out}: cannot write: {err.strerror}") from None
    console = Console()
    for warning in made.warnings:
        err_console.print(f"[yellow]warning:[/yellow] {warning}", highlight=False, soft_wrap=True)
    console.print(
        f"{len(loaded)} run(s), {sum(len(r.episodes) for r in loaded)} episodes -> {out}/",
        highlight=False,
    )
    print_files(console, made.files, out)


def frames_note(images: str) -> str:
    return " (drawing each step's frames)" if images in ("draw", "embed") else ""


@contextmanager
def phase_progress(console: Console, label: str) -> Iterator[Callable[[str, int, int], None]]:
    """A progress bar on stderr (a terminal only) fed by ``tell(phase, done, total)``."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=not console.is_terminal,
        transient=True,
    ) as bar:
        task_ids: dict[str, Any] = {}

        def tell(phase: str, done: int, total: int) -> None:
            if phase not in task_ids:
                task_ids[phase] = bar.add_task(label, total=total)
            bar.update(task_ids[phase], completed=done)

        yield tell


def _size(nbytes: int) -> str:
    return f"{nbytes / 1e6:.1f} MB" if nbytes >= 100_000 else f"{nbytes / 1e3:.0f} kB"


def print_files(console: Console, files: dict[str, Path], out: Path) -> None:
    """Every file the report wrote, relative to ``out``, with its size (a folder of frames as
    one line: how many files and their total size)."""
    for name in sorted(files):
        path = files[name]
        if path.is_dir():
            inside = [p for p in path.iterdir() if p.is_file()]
            total = sum(p.stat().st_size for p in inside)
            console.print(
                f"  {path}/  ({len(inside)} files, {_size(total)})", highlight=False, soft_wrap=True
            )
        elif path.is_file():
            console.print(
                f"  {path}  ({_size(path.stat().st_size)})", highlight=False, soft_wrap=True
            )


def register(app: typer.Typer) -> None:
    app.command(name="report")(report)
