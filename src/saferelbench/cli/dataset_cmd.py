"""``saferelbench build-dataset | validate | stats | export-dataset``: the dataset commands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from saferelbench.dataset.pipeline import DEFAULT_SEED, build_dataset, to_jsonl
from saferelbench.dataset.sample import Sample
from saferelbench.dataset.stats import compute_stats
from saferelbench.dataset.store import SampleLoadError, load_samples, read_samples, shipped_path
from saferelbench.dataset.validate import DEFAULT_RANDOM_ROLLOUTS, validate

console = Console()


def _fail(message: str) -> typer.Exit:
    Console(stderr=True).print(f"[red]error:[/red] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(code=2)


def _load(path: Path | None) -> list[Sample]:
    try:
        return read_samples(path) if path else load_samples()
    except SampleLoadError as exc:
        raise _fail(str(exc)) from None


def build_dataset_cmd(
    seed: Annotated[int, typer.Option(help="Seed of the online scene sampling.")] = DEFAULT_SEED,
    out: Annotated[Path, typer.Option(help="Output JSONL file.")] = Path("samples.jsonl"),
) -> None:
    """Rebuild the 507 samples (the shipped file is seed 507, byte for byte)."""
    samples = build_dataset(seed)
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(to_jsonl(samples), encoding="utf-8")
    except OSError as exc:
        raise _fail(f"{out}: cannot write: {exc.strerror or exc}") from None
    same = (
        out.resolve() != shipped_path().resolve()
        and out.read_bytes() == shipped_path().read_bytes()
    )
    console.print(
        f"wrote {len(samples)} samples to {out}"
        + (" (identical to the shipped file)" if same else "")
    )


def validate_cmd(
    json_out: Annotated[
        bool, typer.Option("--json", metavar="", help="Print the report as JSON.")
    ] = False,
    file: Annotated[
        Path | None, typer.Option(help="Validate this JSONL file instead of the shipped samples.")
    ] = None,
    rollouts: Annotated[
        int, typer.Option(min=0, help="Seeded random rollouts per sample.")
    ] = DEFAULT_RANDOM_ROLLOUTS,
    baselines: Annotated[
        bool,
        typer.Option(
            "--baselines/--no-baselines",
            metavar="",
            help="Also score the blanket-caution baselines (checklist, clear-all, clear-away).",
        ),
    ] = True,
) -> None:
    """Check every sample: loads, BDDL parses, golden safe, naive unsafe, controls, agreement;
    then the SR/SSR of the blanket-caution baselines under both protocols."""
    samples = _load(file)
    if json_out:
        report = validate(samples, rollouts)
    else:
        columns = (
            TextColumn("validating"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TextColumn("{task.description}"),
        )
        with Progress(*columns, console=console, transient=True) as progress:
            task = progress.add_task("", total=len(samples))
            report = validate(
                samples,
                rollouts,
                progress=lambda sid: progress.update(task, advance=1, description=sid),
            )
    data: dict[str, Any] = report.to_dict()
    scores = _baseline_scores(samples, show=not json_out) if baselines and report.ok else None
    data["baselines"] = [s.model_dump() for s in scores] if scores is not None else None
    failures = _baseline_failures(scores) if scores is not None else []
    data["baseline_failures"] = failures
    if failures:
        data["ok"] = False
    if json_out:
        typer.echo(json.dumps(data, indent=2))
    else:
        table = Table(title="Dataset validation", show_header=False)
        for key in (
            "samples",
            "spatial",
            "golden_success_safe",
            "naive_unsafe_spatial",
            "agreement_rollouts",
            "disagreements",
        ):
            table.add_row(key, str(data[key]))
        sweep = data.get("careful_variants")
        if sweep:
            table.add_row(
                "careful variants",
                f"{sweep['variants']} tried: {sweep['safe']} safe, {sweep['hazard']} hazardous, "
                f"{sweep['not_applicable']} not a plan, {sweep['false_unsafe']} falsely unsafe",
            )
        table.add_row("errors", str(len(report.errors)))
        console.print(table)
        for e in report.errors[:50]:
            console.print(f"[red]x[/red] {e}", highlight=False, soft_wrap=True)
        if len(report.errors) > 50:
            console.print(f"... and {len(report.errors) - 50} more")
        if scores is not None:
            console.print(_baseline_table(scores))
        for f in failures:
            console.print(f"[red]x[/red] {f}", highlight=False, soft_wrap=True)
        console.print(
            "[green]all samples valid[/green]" if data["ok"] else "[red]validation failed[/red]"
        )
    if not data["ok"]:
        raise typer.Exit(code=1)


def _baseline_scores(samples: list[Sample], show: bool = True) -> list[Any]:
    """SR/SSR of the blanket baselines and the reference agents (computed at harness level:
    dataset/ may not import agents), with a progress bar (the longest phase of validate)."""
    from saferelbench.harness.baselines import BASELINES, REFERENCES, baseline_scores

    agents = (*BASELINES, *REFERENCES)
    columns = (
        TextColumn(f"baselines ({len(agents)} agents; --no-baselines skips them)"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("{task.description}"),
    )
    with Progress(*columns, console=console, transient=True, disable=not show) as progress:
        task = progress.add_task("", total=len(agents) * len(samples))

        def tell(agent: str, done: int, total: int) -> None:
            progress.update(task, completed=done, description=agent)

        return list(baseline_scores(samples, agents, progress=tell))


def _baseline_failures(scores: list[Any]) -> list[str]:
    from saferelbench.harness.baselines import baseline_checks

    return baseline_checks(scores)


def _baseline_table(scores: list[Any]) -> Table:
    table = Table(title="Blanket-caution baselines (must stay low on the spatial split)")
    for column in ("agent", "split", "n", "SR", "SSR physical", "SSR conditions", "unneeded"):
        table.add_column(column, justify="left" if column in ("agent", "split") else "right")
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for s in scores:
        row = rows.setdefault((s.agent, s.split), {"n": s.n, "sr": s.sr, "moves": s.unneeded_moves})
        row[s.protocol] = s.ssr
    for (agent, split), row in rows.items():
        table.add_row(
            agent,
            split,
            str(row["n"]),
            f"{row['sr']:.3f}",
            f"{row.get('physical', 0.0):.3f}",
            f"{row.get('conditions', 0.0):.3f}",
            f"{row['moves']:.2f}",
        )
    return table


def stats_cmd(
    json_out: Annotated[
        bool, typer.Option("--json", metavar="", help="Print the statistics as JSON.")
    ] = False,
    file: Annotated[
        Path | None, typer.Option(help="Use this JSONL file instead of the shipped samples.")
    ] = None,
) -> None:
    """Composition (paper Fig. 3), action distribution and diversity of the samples."""
    stats = compute_stats(_load(file))
    if json_out:
        typer.echo(json.dumps(stats, indent=2))
        return
    console.print(
        f"[bold]{stats['total']}[/bold] samples: {stats['spatial']} spatial + {stats['control']} controls"
    )
    table = Table(title="Spatial samples per relation / risk type")
    table.add_column("relation/risk")
    table.add_column("spatial", justify="right")
    for key, n in stats["by_risk"].items():  # type: ignore[attr-defined]
        table.add_row(key, str(n))
    console.print(table)
    rel = Table(title="Per relation")
    for col in ("relation", "spatial", "controls"):
        rel.add_column(col)
    for r, n in stats["by_relation"].items():  # type: ignore[attr-defined]
        rel.add_row(r, str(n), str(stats["controls_by_relation"][r]))  # type: ignore[index]
    console.print(rel)
    acts = Table(title="Action types in golden plans (spatial samples)")
    acts.add_column("action")
    acts.add_column("count", justify="right")
    for a, n in stats["golden_actions_spatial"].items():  # type: ignore[attr-defined]
        acts.add_row(a, str(n))
    console.print(acts)
    targets = Table(title="Diversity and difficulty: the dataset's targets (whole file)")
    for col in ("figure", "value", "target", "met"):
        targets.add_column(col)
    for key, t in stats["targets"].items():  # type: ignore[attr-defined]
        targets.add_row(key, str(t["value"]), str(t["target"]), "yes" if t["met"] else "NO")
    targets.add_row("near-duplicates", str(len(stats["near_duplicates"])), "0", "")  # type: ignore[arg-type]
    console.print(targets)
    console.print(
        f"distinct synsets: {stats['distinct_synsets']}, templates: {stats['distinct_templates']}, "
        f"rooms: {len(stats['rooms'])} ({', '.join(stats['rooms'])}), "  # type: ignore[arg-type]
        f"plan lengths: {stats['distinct_plan_lengths']} distinct ({', '.join(stats['plan_lengths'])})"  # type: ignore[arg-type]
    )


def export_cmd(
    out: Annotated[Path, typer.Option(help="Output directory.")],
    fmt: Annotated[
        str,
        typer.Option(
            "--format",
            help="'isbench' (tasks/*.json + bddl/*/problem0.bddl), 'bddl' (problem files only) "
            "or 'hf' (a Hugging Face dataset repository: card, JSONL splits, images, eval.yaml).",
        ),
    ] = "isbench",
    file: Annotated[
        Path | None, typer.Option(help="Use this JSONL file instead of the shipped samples.")
    ] = None,
    images: Annotated[
        bool,
        typer.Option(
            "--images/--no-images", metavar="", help="hf: draw each sample's initial image."
        ),
    ] = True,
    dataset_id: Annotated[
        str | None, typer.Option(help="hf: the Hub id the card's example loads.")
    ] = None,
) -> None:
    """Export the samples to the IS-Bench task format, to BEHAVIOR-1K BDDL problem files or to
    a Hugging Face dataset repository."""
    samples = _load(file)
    if fmt not in ("isbench", "bddl", "hf"):
        raise _fail(f"--format: unknown format {fmt!r} (use 'isbench', 'bddl' or 'hf')")
    if fmt == "hf":
        from saferelbench.cli.hf_export_cmd import export_hf
        from saferelbench.dataset.hf_export import DEFAULT_DATASET_ID

        try:
            line = export_hf(
                samples, out, images=images, dataset_id=dataset_id or DEFAULT_DATASET_ID
            )
        except OSError as exc:
            raise _fail(f"{exc.filename or out}: cannot write: {exc.strerror or exc}") from None
        console.print(line, highlight=False)
        return
    try:
        _export(samples, fmt, out)
    except OSError as exc:
        raise _fail(f"{exc.filename or out}: cannot write: {exc.strerror or exc}") from None
    console.print(f"exported {len(samples)} samples to {out} ({fmt})")


def _export(samples: list[Sample], fmt: str, out: Path) -> None:
    if fmt == "isbench":
        from saferelbench.dataset.isbench import write_task

        for s in samples:
            write_task(s, out)
        return
    from saferelbench.dataset.bddl_export import to_bddl

    for s in samples:
        p = out / s.id / "problem0.bddl"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(to_bddl(s), encoding="utf-8")


def register(app: typer.Typer) -> None:
    app.command("build-dataset")(build_dataset_cmd)
    app.command("validate")(validate_cmd)
    app.command("stats")(stats_cmd)
    app.command("export-dataset")(export_cmd)
