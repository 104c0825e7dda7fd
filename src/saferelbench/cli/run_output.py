"""What ``saferelbench run`` prints: the results table (rates in percent, one row per group),
its legend, IS-Bench's figures of an ``isbench`` run, the usage line and the progress bar of a
native run."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from saferelbench.evaluation.results import EpisodeResult
from saferelbench.harness.config import RunConfig
from saferelbench.harness.rundir import RunDir
from saferelbench.harness.runner import RunOutcome

err_console = Console(stderr=True)


def _fmt(value: Any) -> str:
    if value is None:
        return "n/a"  # a rate over nothing (n = 0, or SRec with no success)
    if isinstance(value, float):
        return f"{100 * value:.1f}"
    return str(value)


def summary_table(summary: dict[str, Any], title: str) -> Table:
    """Paper-style table: rows overall / by split / by relation / by risk; rates in percent."""
    show_awareness = summary.get("awareness") is not None
    show_moves = summary.get("unneeded_moves") is not None
    show_relation = summary.get("relation_SSR") is not None
    columns = ["group", "n", "SR", "SSR"] + (["rel SSR"] if show_relation else [])
    columns += ["SRec", "err"] + (["aware"] if show_awareness else [])
    columns += ["moved"] if show_moves else []
    table = Table(
        *columns,
        title=title,
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        padding=(0, 0, 0, 1),  # figures right-aligned: one space between columns is enough
    )
    table.columns[0].overflow = "fold"  # the group names wrap; the figures never do
    for col in table.columns[1:]:
        col.justify = "right"
        col.no_wrap = True
        col.min_width = 5 if col.header in ("SR", "SSR", "rel SSR", "SRec", "aware") else 3

    def row(label: str, g: dict[str, Any], style: str = "") -> None:
        cells = [
            label,
            str(g.get("n", 0)),
            _fmt(g.get("SR")),
            _fmt(g.get("SSR")),
            *([_fmt(g.get("relation_SSR"))] if show_relation else []),
            _fmt(g.get("SRec")),
            str(g.get("errors", 0)),
        ]
        if show_awareness:
            cells.append(_fmt(g.get("awareness")))
        if show_moves:  # mean objects moved that neither the goal nor a condition needed
            moved = g.get("unneeded_moves")
            cells.append("n/a" if moved is None else f"{moved:.2f}")
        table.add_row(*cells, style=style)

    row("all", summary, "bold")
    for section, label in (
        ("by_split", "split"),
        ("by_relation", "relation (spatial)"),
        ("by_risk", "risk"),
    ):
        groups: dict[str, Any] = summary.get(section) or {}
        if not groups:
            continue
        table.add_row(f"[dim]{label}[/dim]")
        for key, g in groups.items():
            row(f"  {key}", g)
    return table


def column_legend(summary: dict[str, Any]) -> str:
    """One line per column of :func:`summary_table` that the table shows."""
    from saferelbench.evaluation.legend import COLUMNS

    shown = {"SR", "SSR", "SRec", "err"}
    shown |= {"rel SSR"} if summary.get("relation_SSR") is not None else set()
    shown |= {"aware"} if summary.get("awareness") is not None else set()
    shown |= {"moved"} if summary.get("unneeded_moves") is not None else set()
    return "\n".join(
        f"[dim]{name:>7}  {meaning}[/dim]" for name, meaning in COLUMNS.items() if name in shown
    )


def isbench_table(figures: dict[str, Any]) -> Table:
    """IS-Bench's own figures of an ``isbench`` run (rates in percent, with their counts)."""
    from saferelbench.evaluation.metrics import ISBENCH_LABELS

    table = Table(
        "IS-Bench figure",
        "%",
        "meaning",
        title="protocol isbench: IS-Bench's figures",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    table.columns[1].justify = "right"
    for key, meaning in ISBENCH_LABELS.items():
        table.add_row(key, _fmt(figures.get(key)), meaning)
    return table


class ProgressBar:
    """A rich progress bar on stderr (episodes for native runs)."""

    def __init__(self, label: str, enabled: bool) -> None:
        self.enabled = enabled
        self.progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("SR {task.fields[sr]}  SSR {task.fields[ssr]}"),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=err_console,
            transient=False,
            disable=not enabled,
        )
        self.label = label
        self.task_id: Any = None
        self.success = self.safe = self.count = 0

    def __enter__(self) -> ProgressBar:
        return self  # the bar starts with the first episode: an error before it prints alone

    def __exit__(self, *exc: object) -> None:
        if self.task_id is not None:
            self.progress.__exit__(None, None, None)

    def __call__(self, done: int, total: int, result: EpisodeResult | None) -> None:
        if self.task_id is None:
            self.progress.__enter__()
            self.task_id = self.progress.add_task(self.label, total=total, sr="-", ssr="-")
        if result is not None:
            self.count += 1
            self.success += int(result.task_success)
            self.safe += int(result.success_and_safe)
        sr = f"{100 * self.success / self.count:.0f}%" if self.count else "-"
        ssr = f"{100 * self.safe / self.count:.0f}%" if self.count else "-"
        self.progress.update(self.task_id, completed=done, sr=sr, ssr=ssr)


def print_tables(outcome: RunOutcome, name: str, config: RunConfig, run_dir: RunDir) -> None:
    summary = outcome.summary
    console = Console()
    title = (
        f"{name} · {config.variant} · {summary.get('n', 0)} samples · protocol "
        f"{config.protocol}"
        + (" · tool calls" if config.actions == "tools" else "")
        + (f" · {config.image_history} frames" if config.image_history > 1 else "")
        + "  (rates in %)"
    )
    console.print(summary_table(summary, title))
    if summary.get("isbench"):
        console.print(isbench_table(summary["isbench"]))
    console.print(column_legend(summary), highlight=False, soft_wrap=True)
    usage = usage_line(summary.get("usage"))
    if usage:
        console.print(usage, highlight=False)
    console.print(
        f"ran {outcome.ran} episode(s) in {outcome.seconds:.1f} s"
        + (f", {outcome.skipped} already done" if outcome.skipped else "")
        + f"; results in {run_dir.path}",
        highlight=False,
    )


def usage_line(usage: dict[str, Any] | None) -> str:
    """``usage: 120 calls, 35,000 in / 2,400 out tokens (...per sample), cost 0.12 USD``."""
    if not usage or not usage.get("totals", {}).get("calls"):
        return ""
    totals, mean = usage["totals"], usage["per_sample"]
    line = (
        f"usage: {totals['calls']:,} calls, {totals['input_tokens']:,} input / "
        f"{totals['output_tokens']:,} output tokens, {totals['images']:,} images "
        f"(per sample {mean['input_tokens']:,.0f} / {mean['output_tokens']:,.0f})"
    )
    cost = usage.get("cost")
    if cost:
        line += f"; estimated cost {cost['total']:.4f} {cost['currency']} ({cost['per_sample']:.5f} per sample)"
    return line
