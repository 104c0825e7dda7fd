"""``saferelbench verify RUN [RUN ...]``: replay every recorded episode in the simulator, score
it again and report every episode whose record differs (see :mod:`saferelbench.reports.verify`);
optionally export a verified run's figures as a Hugging Face ``.eval_results`` file.

Exit code 0: every run matches its replay; 1: some record differs; 2: unreadable input.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

if TYPE_CHECKING:
    from saferelbench.reports.verify import RunCheck

err_console = Console(stderr=True)


def fail(message: str) -> typer.Exit:
    err_console.print(f"[red]error:[/red] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(code=2)


def verify(
    runs: Annotated[
        list[Path],
        typer.Argument(
            help="Run directories, Inspect logs (.eval/.json) or Inspect log directories.",
            show_default=False,
        ),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", metavar="", help="Print one JSON object on stdout.")
    ] = False,
    hf_results: Annotated[
        Path | None,
        typer.Option(
            help="Write the verified run's figures as a Hugging Face .eval_results YAML file "
            "(one run only; refused when the run differs from its replay)."
        ),
    ] = None,
    dataset_id: Annotated[
        str | None, typer.Option(help="--hf-results: the dataset's Hub id.")
    ] = None,
    source_url: Annotated[
        str | None,
        typer.Option(help="--hf-results: where the run can be seen (default: its file URI)."),
    ] = None,
    show: Annotated[int, typer.Option(help="Differences printed per run (all with --json).")] = 20,
) -> None:
    """Replay every recorded episode, recompute verdicts and metrics, report what differs
    (exit 0: everything matches; 1: something differs; 2: unreadable input)."""
    from saferelbench.reports.loading import ReportInputError
    from saferelbench.reports.verify import verify_paths

    try:
        checks = verify_paths(runs)
    except ReportInputError as err:
        raise fail(str(err)) from None
    if not checks:
        raise fail("no runs to verify")
    if hf_results is not None:
        _write_hf_results(checks, hf_results, dataset_id, source_url)
    ok = all(c.ok for c in checks)
    if as_json:
        print(json.dumps({"ok": ok, "runs": [c.to_json() for c in checks]}, indent=2))
    else:
        console = Console()
        for c in checks:
            versions = ", ".join(f"{k} {'n/a' if v is None else v}" for k, v in c.versions.items())
            if c.ok:
                console.print(
                    f"[green]verified[/green] {c.source}: {c.episodes} episodes replayed, "
                    f"verdicts, steps and metrics match ({versions})",
                    highlight=False,
                    soft_wrap=True,
                )
            else:
                console.print(
                    f"[red]differs[/red] {c.source}: {len(c.bad_episodes)} of {c.episodes} "
                    f"episodes differ from their replay, {len(c.findings)} difference(s)",
                    highlight=False,
                    soft_wrap=True,
                )
                for f in c.findings[:show]:
                    console.print(f"  {f.line()}", highlight=False, soft_wrap=True)
                if len(c.findings) > show:
                    console.print(f"  ... and {len(c.findings) - show} more (--json lists all)")
            for note in c.notes:
                console.print(f"  note: {note}", highlight=False, soft_wrap=True)
    if not ok:
        raise typer.Exit(code=1)


def _write_hf_results(
    checks: list[RunCheck], path: Path, dataset_id: str | None, source_url: str | None
) -> None:
    import yaml

    from saferelbench.reports.results_export import (
        DEFAULT_DATASET_ID,
        NotVerified,
        hf_eval_results,
    )

    runs = checks
    if len(runs) != 1:
        raise fail(f"--hf-results: give exactly one run to export ({len(runs)} given)")
    try:
        entries = hf_eval_results(
            runs[0], dataset_id=dataset_id or DEFAULT_DATASET_ID, source_url=source_url
        )
    except NotVerified as err:
        raise fail(str(err)) from None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(yaml.safe_dump(entries, sort_keys=False), encoding="utf-8")
    except OSError as err:
        raise fail(f"{path}: cannot write: {err.strerror or err}") from None
    err_console.print(f"wrote {len(entries)} result entries to {path}", highlight=False)


def register(app: typer.Typer) -> None:
    app.command("verify")(verify)
