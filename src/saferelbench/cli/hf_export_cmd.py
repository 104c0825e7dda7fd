"""``saferelbench export-dataset --format hf``: the dataset as a Hugging Face dataset repository
(see :mod:`saferelbench.dataset.hf_export`), each sample with its initial observation drawn."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from saferelbench.dataset.hf_export import write_hf_dataset
from saferelbench.dataset.sample import Sample
from saferelbench.harness.versions import EVALUATION_VERSION


def initial_png(sample: Sample) -> bytes:
    """The sample's initial observation, as the agent sees it at step 1 (labels on)."""
    from saferelbench.harness.episode import render_png, world_for

    world = world_for(sample, "physical")
    return render_png(world.scene, world.initial, True)


def export_hf(samples: Sequence[Sample], out: Path, *, images: bool, dataset_id: str) -> str:
    """Write the repository; return the line to print."""
    err = Console(stderr=True)
    with Progress(
        TextColumn("drawing initial images" if images else "writing rows"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    ) as bar:
        job = bar.add_task("export", total=len(samples))
        counts = write_hf_dataset(
            samples,
            out,
            image_source=initial_png if images else None,
            dataset_id=dataset_id,
            evaluation_version=EVALUATION_VERSION,
            progress=lambda done, _total: bar.update(job, completed=done),
        )
    return (
        f"exported {len(samples)} samples to {out} (hf: {counts['spatial']} spatial, "
        f"{counts['control']} control rows; {'with' if images else 'without'} images)"
    )
