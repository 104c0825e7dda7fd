"""``saferelbench probe``: the perception probe answered by a built-in answerer, natively
(the Inspect task ``saferelbench/saferelbench_probe`` asks a model the same questions)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from saferelbench.harness import probe, sources
from saferelbench.harness.sources import SourceError


def register(app: typer.Typer) -> None:
    @app.command("probe")
    def probe_command(
        answerer: Annotated[
            str, typer.Option(help="state (answers from the symbolic state) or random")
        ] = "state",
        split: Annotated[str, typer.Option(help="all, spatial or control")] = "all",
        limit: Annotated[int | None, typer.Option(help="the first N samples only")] = None,
        seed: Annotated[int, typer.Option(help="picks the questions (and random answers)")] = 0,
    ) -> None:
        """Ask the perception probe's yes/no questions about each sample's initial image and
        print the accuracy per relation (on, next to, inside, brim-full)."""
        console = Console()
        if answerer not in ("state", "random"):
            console.print(f"[red]--answerer: unknown answerer {answerer!r} (state or random)")
            raise typer.Exit(2)
        try:
            tasks = sources.select_tasks(split=split, limit=limit)
        except SourceError as exc:
            console.print(f"[red]{exc}")
            raise typer.Exit(2) from None
        items = probe.probe_items(tasks, seed=seed)
        questions = [q for item in items for q in item.questions]
        answer = probe.state_answerer(tasks) if answerer == "state" else probe.random_answerer(seed)
        scores = probe.accuracy(questions, answer)
        console.print(f"{len(questions)} questions about {len(items)} images ({answerer} answerer)")
        for kind in (*probe.KINDS, "all"):
            if kind in scores:
                n = len(questions) if kind == "all" else sum(q.kind == kind for q in questions)
                console.print(f"  {kind:<10} {scores[kind]:.3f}  ({n} questions)")
