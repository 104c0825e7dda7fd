"""``saferelbench show RUN SAMPLE_ID``: one recorded episode at a glance.

In the terminal: what the task asked, every step (the action or the unreadable answer, its
outcome and reason, the caution, the hazards it caused, the conditions it violated), the
episode's hazards and every condition's verdict (generic conditions that held or never
applied folded into one line). ``--html FILE`` writes a standalone one-episode page with the
report's viewer: each step's image before and after its action, full size on click.
"""

from __future__ import annotations

import difflib
import shutil
import tempfile
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.table import Table

err_console = Console(stderr=True)

OUTCOME_STYLE = {"ok": "green", "done": "green", "failed": "yellow", "invalid": "red"}


def fail(message: str) -> typer.Exit:
    err_console.print(f"[red]error:[/red] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(code=2)


def _short(text: str | None, limit: int = 90) -> str:
    one = " ".join((text or "").split())
    return one if len(one) <= limit else one[: limit - 1] + "…"


def show(
    run: Annotated[
        Path,
        typer.Argument(
            help="A run directory (episodes.jsonl) or an Inspect log (.eval/.json, or a folder).",
            metavar="RUN",
        ),
    ],
    sample_id: Annotated[str, typer.Argument(help="The episode's sample id.", metavar="SAMPLE_ID")],
    html: Annotated[
        Path | None,
        typer.Option(
            help="Also write a standalone one-episode page here (images before and after each step)."
        ),
    ] = None,
    run_index: Annotated[
        int,
        typer.Option(
            "--run", help="With an Inspect log folder of several runs: which one (0-based)."
        ),
    ] = 0,
) -> None:
    """Show one recorded episode: its steps, outcomes, hazards and condition verdicts."""
    from saferelbench.reports.loading import ReportInputError, load_runs

    try:
        runs = load_runs([run])
    except ReportInputError as exc:
        raise fail(str(exc)) from None
    if not runs:
        raise fail(f"{run}: no run found")
    if not 0 <= run_index < len(runs):
        raise fail(f"--run {run_index}: {run} holds {len(runs)} run(s) (0 .. {len(runs) - 1})")
    data = runs[run_index]
    matches = [e for e in data.episodes if e.sample_id == sample_id]
    if not matches:
        ids = [e.sample_id for e in data.episodes]
        near = difflib.get_close_matches(sample_id, ids, n=3)
        hint = f" (did you mean {', '.join(near)}?)" if near else ""
        raise fail(f"{run}: no episode of sample {sample_id!r}{hint}")
    episode = matches[-1]  # a resumed run with --retry-errors keeps the latest
    console = Console()
    print_episode(console, data, episode)
    if html is not None:
        _write_html(data, episode, html)
        console.print(f"page: {html}", highlight=False)


def print_episode(console: Console, data: Any, e: Any) -> None:
    """The terminal view of episode ``e`` of run ``data``."""
    from saferelbench.reports.html import outcome
    from saferelbench.reports.replay import Replayer

    task = Replayer().task_for(data, e.sample_id)
    group = " · ".join(str(x) for x in (e.split, e.relation, e.risk) if x)
    console.print(f"[bold]{e.sample_id}[/bold]  {group}  ·  {data.label}", highlight=False)
    if task is not None:
        console.print(f"task: {task.instruction}", highlight=False, soft_wrap=True)
    verdict = outcome(e).replace("_", ", ")
    console.print(
        f"outcome: [bold]{verdict}[/bold] · ended by {e.ended_by} · {len(e.steps)} step(s) · "
        f"protocol {e.protocol}"
        + (f" · unsafe by {e.decided_by}" if e.decided_by else "")
        + (f" · awareness {e.awareness:.2f}" if e.awareness is not None else "")
        + (f" · {e.unneeded_moves} unneeded move(s)" if e.unneeded_moves else ""),
        highlight=False,
    )
    if e.error:
        console.print(f"[red]error:[/red] {e.error}", highlight=False, soft_wrap=True)
    console.print(step_table(e))
    if e.hazards:
        console.print("[bold]hazards[/bold]")
        for h in e.hazards:
            console.print(
                f"  step {h.step}: {h.kind} ({', '.join(h.objects)})"
                + (f": {h.detail}" if h.detail else ""),
                highlight=False,
                soft_wrap=True,
            )
    for line in condition_lines(e):
        console.print(line, highlight=False, soft_wrap=True)
    quiet = [v for v in e.verdicts if v.origin == "generic" and v.status != "violated"]
    if quiet:
        console.print(
            f"[dim]{len(quiet)} generic condition(s) not violated (rule-derived safety net) "
            "not listed[/dim]",
            highlight=False,
        )
    if e.disagreements:
        console.print(f"[dim]integrity: {'; '.join(e.disagreements)}[/dim]", highlight=False)


def step_table(e: Any) -> Table:
    table = Table(
        "#", "action (or answer)", "outcome", "what happened", title="steps", box=box.SIMPLE_HEAD
    )
    table.title_justify = "left"
    table.columns[1].overflow = table.columns[3].overflow = "fold"
    table.columns[2].no_wrap = True
    violated: dict[int, list[str]] = {}
    for v in e.verdicts:
        if v.status == "violated":
            for k in set(v.violated_steps) | ({v.step} if v.step is not None else set()):
                violated.setdefault(k, []).append(
                    f"violates {v.kind} #{v.index} ({v.risk_type}"
                    + (", relation" if v.relation_induced else "")
                    + ")"
                )
    for s in e.steps:
        action = s.action or f"[red]{_short(s.raw_output, 60)!r}[/red]"
        notes = [s.reason] if s.reason else []
        notes += [f"caution: {s.caution}"] if s.caution else []
        notes += [f"[yellow]hazard: {h.kind} ({', '.join(h.objects)})[/yellow]" for h in s.hazards]
        notes += [f"[red]{x}[/red]" for x in violated.get(s.index, [])]
        style = OUTCOME_STYLE.get(s.outcome, "")
        table.add_row(
            str(s.index), action, f"[{style}]{s.outcome}[/{style}]", "\n".join(notes) or ""
        )
    end = len(e.steps) + 1
    if violated.get(end):  # termination conditions: judged on the final state
        table.add_row("end", "", "", "\n".join(f"[red]{x}[/red]" for x in violated[end]))
    return table


def condition_lines(e: Any) -> list[str]:
    """Every condition's verdict (generic ones that were not violated left out), three lines
    each: what it is and how it fared, when it is checked and what must hold, the reason."""
    status_style = {"violated": "red", "held": "green"}
    lines = ["[bold]conditions[/bold]"]
    for v in e.verdicts:
        if v.origin == "generic" and v.status != "violated":
            continue
        style = status_style.get(v.status, "dim")
        head = f"{v.kind} #{v.index} · {v.risk_type}" + (
            " · relation-induced" if v.relation_induced else f" · {v.origin}"
        )
        lines.append(f"  {head} · [{style}]{v.status}[/{style}]")
        trigger = (f"{v.type} " if v.type else "") + (v.action or "end state")
        lines.append(f"      {trigger}: {' '.join(v.bddl.split())}")
        if v.reason:
            lines.append(f"      [dim]{v.reason}[/dim]")
    if len(lines) == 1:
        lines.append("  none recorded")
    return lines


def _write_html(data: Any, episode: Any, path: Path) -> None:
    """The report's page and viewer for this one episode, images embedded (one file)."""
    from dataclasses import replace

    from saferelbench.reports.build import ReportOptions, build_report

    one = replace(data, episodes=[episode], warnings=[])
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            build_report(
                [one], Path(tmp), ReportOptions(resamples=100, figures=False, images="embed")
            )
            shutil.copyfile(Path(tmp) / "report.html", path)
    except OSError as exc:
        raise fail(f"--html {path}: cannot write: {exc.strerror or exc}") from None


def register(app: typer.Typer) -> None:
    app.command("show")(show)
