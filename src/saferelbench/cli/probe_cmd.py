"""``saferelbench probe``: the perception probe (docs/probe.md). Questions about each selected
sample's images (initial scene and the scene after each golden-plan step) answered by a built-in
answerer (``--agent state`` / ``random``) or by a model through Inspect (``--model``); writes
the result file and prints the accuracy per relation."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from saferelbench.cli.replay_cmd import fail
from saferelbench.evaluation.probe import PROBE_RELATIONS, ProbeAnswer, ProbeSummary
from saferelbench.evaluation.probe_run import (
    BUILTIN_ANSWERERS,
    PLANS,
    ProbeImage,
    ProbeTaskError,
    answer_all,
    builtin_answerer,
    probe_images,
    probe_ready,
    result_json,
    write_probe_result,
)
from saferelbench.harness import sources
from saferelbench.world.errors import InputError

console = Console()


def probe_cmd(
    agent: Annotated[
        str | None,
        typer.Option(
            help=f"Built-in answerer: {', '.join(BUILTIN_ANSWERERS)} (state: reads the state, "
            "accuracy 1.0; random: seeded guesses)."
        ),
    ] = None,
    model: Annotated[
        str | None, typer.Option(help="An Inspect model (e.g. openai/gpt-4o) to ask instead.")
    ] = None,
    split: Annotated[
        str, typer.Option(help="spatial, control, all, isbench:DIR or file:PATH.jsonl.")
    ] = "all",
    relation: Annotated[str | None, typer.Option(help="Only samples of this relation.")] = None,
    risk: Annotated[str | None, typer.Option(help="Only samples of this risk type.")] = None,
    ids: Annotated[str | None, typer.Option(help="Comma-separated sample ids.")] = None,
    limit: Annotated[int | None, typer.Option(min=1, help="At most this many samples.")] = None,
    every: Annotated[
        int, typer.Option(min=1, help="Keep every N-th selected sample (a quick slice).")
    ] = 1,
    seed: Annotated[int, typer.Option(help="Seed of the questions (and of --agent random).")] = 0,
    per_relation: Annotated[
        int, typer.Option(min=1, help='"Yes" questions (and as many "no") per relation and image.')
    ] = 2,
    plan: Annotated[
        str,
        typer.Option(
            help="Whose step images: golden (the safe plan) or naive (a sample's unsafe plan)."
        ),
    ] = "golden",
    max_steps: Annotated[
        int | None, typer.Option(min=0, help="Plan steps per sample (default: all).")
    ] = None,
    out: Annotated[Path, typer.Option(help="The probe result file (JSON).")] = Path(
        "probe-result.json"
    ),
    max_connections: Annotated[
        int | None, typer.Option(min=1, help="With --model: concurrent requests.")
    ] = None,
) -> None:
    """Ask perception questions about the benchmark's images and score them exactly."""
    if (agent is None) == (model is None):
        raise fail("give exactly one of --agent (state, random) or --model")
    if plan not in PLANS:
        raise fail(f"--plan {plan!r}: choose from {', '.join(PLANS)}")
    if agent is not None and agent not in BUILTIN_ANSWERERS:
        raise fail(f"--agent {agent!r}: choose from {', '.join(BUILTIN_ANSWERERS)}")
    try:
        tasks = sources.select_tasks(split=split, relation=relation, risk=risk, ids=ids)
    except (InputError, ValueError) as exc:
        raise fail(str(exc)) from None
    tasks, skipped = probe_ready(tasks[::every][:limit])
    for t in skipped:
        Console(stderr=True).print(
            f"[yellow]warning:[/yellow] {t.id}: skipped, its task file could not be read: "
            f"{getattr(t, 'load_error', '')}",
            highlight=False,
            soft_wrap=True,
        )
    if not tasks:
        raise fail("the selection holds no sample the probe can draw")
    answers: list[ProbeAnswer]
    if agent is not None:
        images = probe_images(
            tasks, seed=seed, per_relation=per_relation, max_steps=max_steps, plan=plan
        )
        seen: set[str] = set()
        with Progress(console=console, transient=True, disable=not console.is_terminal) as bar:
            job = bar.add_task("probing samples", total=len(tasks))

            def advance(image: ProbeImage) -> None:
                if image.task.id not in seen:
                    seen.add(image.task.id)
                    bar.update(job, completed=len(seen))

            try:
                answers = answer_all(images, builtin_answerer(agent, seed), progress=advance)
            except ProbeTaskError as exc:
                raise fail(str(exc)) from None
        name = agent
    else:
        from saferelbench.inspect_adapter.probe import run_probe_model

        assert model is not None
        log_dir = out.parent / (out.stem + "-inspect")
        try:
            answers = run_probe_model(
                tasks,
                model,
                seed=seed,
                per_relation=per_relation,
                max_steps=max_steps,
                plan=plan,
                log_dir=log_dir,
                max_connections=max_connections,
                display="rich" if console.is_terminal else "none",
            )
        except ProbeTaskError as exc:
            raise fail(str(exc)) from None
        except (ValueError, RuntimeError, OSError, ImportError) as exc:
            raise fail(f"--model {model}: {exc}") from None
        name = model
        unanswered = sum(1 for a in answers if not a.response)
        if unanswered:
            Console(stderr=True).print(
                f"[yellow]warning:[/yellow] {unanswered} of {len(answers)} questions got no "
                f"answer (scored wrong); the Inspect log is in {log_dir}",
                highlight=False,
                soft_wrap=True,
            )
    data = result_json(answers, agent=name, seed=seed, per_relation=per_relation, plan=plan)
    try:
        write_probe_result(out, data)
    except OSError as exc:
        raise fail(f"{out}: cannot write the probe result: {exc.strerror or exc}") from None
    summary = ProbeSummary.of(answers)
    table = Table(title=f"Perception probe: {name} ({len(tasks)} samples, seed {seed})")
    for col in ("relation", "questions", "correct", "accuracy"):
        table.add_column(col, justify="left" if col == "relation" else "right")
    for rel in (*PROBE_RELATIONS, "all"):
        acc = summary.by_relation.get(rel)
        if acc is None:
            continue
        value = "-" if acc.value is None else f"{acc.value:.3f}"
        table.add_row(rel, str(acc.total), str(acc.correct), value)
    console.print(table)
    console.print(f"wrote {out}", highlight=False, soft_wrap=True)


def register(app: typer.Typer) -> None:
    app.command("probe")(probe_cmd)
