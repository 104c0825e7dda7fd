"""``saferelbench review``: the human-review sheet of a dataset (one HTML page per relation
with each sample's image, instruction, hazard and golden plan, its control beside it)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from saferelbench.cli.replay_cmd import fail
from saferelbench.dataset.sample import Sample
from saferelbench.dataset.store import SampleLoadError, load_samples, read_samples
from saferelbench.reports.review import write_review
from saferelbench.world.vocabulary import RELATIONS

console = Console()


def _pick(samples: list[Sample], per_relation: int | None) -> list[Sample]:
    """The first ``per_relation`` pairs of each relation (with all their members)."""
    if per_relation is None:
        return samples
    keep: dict[str, list[str]] = {}
    for s in samples:
        pairs = keep.setdefault(s.relation, [])
        if s.pair_id not in pairs and len(pairs) < per_relation:
            pairs.append(s.pair_id)
    return [s for s in samples if s.pair_id in keep.get(s.relation, [])]


def review_cmd(
    out: Annotated[
        Path, typer.Option(help="Directory for index.html, RELATION.html, review.csv, images/.")
    ] = Path("review-out"),
    file: Annotated[
        Path | None,
        typer.Option("--file", help="A samples JSONL file (default: the shipped dataset)."),
    ] = None,
    relation: Annotated[
        list[str] | None,
        typer.Option(help=f"Only this relation (repeatable): {', '.join(RELATIONS)}."),
    ] = None,
    pairs: Annotated[
        int | None, typer.Option(min=1, help="At most this many pairs per relation (default: all).")
    ] = None,
    no_images: Annotated[
        bool, typer.Option("--no-images", metavar="", help="Write the pages without images.")
    ] = False,
) -> None:
    """Write a review page per relation for a person to check samples by eye."""
    for r in relation or []:
        if r not in RELATIONS:
            raise fail(f"--relation {r!r}: not a relation (choose from {', '.join(RELATIONS)})")
    try:
        samples = read_samples(file) if file else load_samples()
    except SampleLoadError as exc:
        raise fail(str(exc)) from None
    chosen = _pick(samples, pairs)
    try:
        summary = write_review(chosen, out, images=not no_images, relations=relation or None)
    except OSError as exc:
        raise fail(f"{out}: cannot write the review: {exc.strerror or exc}") from None
    console.print(
        f"wrote {len(summary.pages)} review page(s) for {summary.samples} samples "
        f"({summary.images} images) and review.csv to {out}",
        highlight=False,
        soft_wrap=True,
    )


def register(app: typer.Typer) -> None:
    app.command("review")(review_cmd)
