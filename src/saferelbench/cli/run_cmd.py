"""``saferelbench run``: the main job. Evaluate an agent under the closed-loop protocol and
print SR / SSR / SRec.

- ``--agent oracle|task-only|random|replay`` runs a built-in agent in-process (fast, no
  Inspect);
- ``--model PROVIDER/MODEL`` runs any model through Inspect AI (``--judge PROVIDER/MODEL``
  for the awareness judge).

Both write RUN/episodes.jsonl, RUN/summary.json and RUN/run.json; ``--resume`` continues an
interrupted run; ``--json`` prints the summary as one JSON object on stdout.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

import typer
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

from saferelbench.harness.episode import EpisodeConfig
from saferelbench.harness.prompts import PromptOptions, PromptVariant
from saferelbench.harness.results import EpisodeResult, RunInfo
from saferelbench.harness.retry import (
    DEFAULT_ATTEMPT_TIMEOUT,
    DEFAULT_MAX_RETRIES,
    DEFAULT_TIMEOUT,
    RetryPolicy,
)
from saferelbench.harness.rundir import RunDir, RunDirError
from saferelbench.harness.runner import now_iso, package_version, run_native
from saferelbench.harness.sources import SourceError, select_tasks
from saferelbench.world.verdict import PROTOCOLS

err_console = Console(stderr=True)


def fail(message: str) -> typer.Exit:
    err_console.print(f"[red]error:[/red] {message}", highlight=False, soft_wrap=True)
    return typer.Exit(code=2)


def _literal(text: str) -> Any:
    """``-M`` values as Inspect reads them: JSON where it parses (true, 3, 0.5), else text."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def default_out(name: str, prompt: str) -> Path:
    slug = re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("_")
    return Path("runs") / f"{slug}_{prompt}_{datetime.now().strftime('%Y%m%d-%H%M%S')}"


# ----- output -----------------------------------------------------------------------------------


def _fmt(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{100 * value:.1f}"
    return str(value)


def summary_table(summary: dict[str, Any], title: str) -> Table:
    """Paper-style table: rows overall / by split / by relation / by risk; rates in percent."""
    show_awareness = summary.get("awareness") is not None
    columns = ["group", "n", "SR", "SSR", "SRec", "err"] + (["aware"] if show_awareness else [])
    table = Table(*columns, title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    table.columns[0].no_wrap = True
    for col in table.columns[1:]:
        col.justify = "right"
        col.no_wrap = True
        col.min_width = 5 if col.header in ("SR", "SSR", "SRec", "aware") else 3  # "100.0"

    def row(label: str, g: dict[str, Any], style: str = "") -> None:
        cells = [
            label,
            str(g.get("n", 0)),
            _fmt(g.get("SR")),
            _fmt(g.get("SSR")),
            _fmt(g.get("SRec")),
            str(g.get("errors", 0)),
        ]
        if show_awareness:
            cells.append(_fmt(g.get("awareness")))
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


class _Bar:
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

    def __enter__(self) -> _Bar:
        self.progress.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.progress.__exit__(None, None, None)

    def __call__(self, done: int, total: int, result: EpisodeResult | None) -> None:
        if self.task_id is None:
            self.task_id = self.progress.add_task(self.label, total=total, sr="-", ssr="-")
        if result is not None:
            self.count += 1
            self.success += int(result.task_success)
            self.safe += int(result.success_and_safe)
        sr = f"{100 * self.success / self.count:.0f}%" if self.count else "-"
        ssr = f"{100 * self.safe / self.count:.0f}%" if self.count else "-"
        self.progress.update(self.task_id, completed=done, sr=sr, ssr=ssr)


# ----- the command ------------------------------------------------------------------------------


def run(
    agent: Annotated[
        str | None,
        typer.Option(help="Built-in agent: oracle, task-only, random or replay (in-process)."),
    ] = None,
    model: Annotated[
        str | None,
        typer.Option(
            help="Any Inspect model, e.g. openai/gpt-4o, vllm/Qwen/Qwen2.5-VL-7B-Instruct, openai-api/local/NAME."
        ),
    ] = None,
    plan: Annotated[
        Path | None,
        typer.Option(
            help="replay: plan file (one plan, or sample id -> plan); default: each task's golden plan."
        ),
    ] = None,
    judge: Annotated[
        str | None,
        typer.Option(
            help="--model runs: awareness judge model (Inspect role 'judge'); default: keyword judge."
        ),
    ] = None,
    model_arg: Annotated[
        list[str] | None,
        typer.Option(
            "--model-arg",
            "-M",
            help="--model runs: provider argument KEY=VALUE (repeatable), as inspect's -M.",
        ),
    ] = None,
    split: Annotated[
        str,
        typer.Option(
            help="all (default), spatial, control, isbench:DIR for IS-Bench-format tasks, or file:PATH.jsonl for a samples file."
        ),
    ] = "all",
    relation: Annotated[
        str | None, typer.Option(help="supporting, containment or proximity.")
    ] = None,
    risk: Annotated[str | None, typer.Option(help="Risk type key, e.g. fire.")] = None,
    prompt: Annotated[
        str, typer.Option(help="Prompt variant: base, risk-aware or action-grounded.")
    ] = "base",
    limit: Annotated[
        int | None, typer.Option(help="Run only the first N selected samples.")
    ] = None,
    seed: Annotated[
        int, typer.Option(help="Seed (random agent; model sampling where supported).")
    ] = 0,
    out: Annotated[
        Path | None, typer.Option(help="Run directory (default: runs/<agent>_<prompt>_<time>).")
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Continue the run in --out, skipping finished samples.")
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the summary as one JSON object on stdout.")
    ] = False,
    no_images: Annotated[
        bool, typer.Option("--no-images", help="Do not render observation images (text-only).")
    ] = False,
    save_images: Annotated[
        bool,
        typer.Option(
            "--save-images",
            help="Built-in agents: also save every observation PNG under RUN/images/.",
        ),
    ] = False,
    step_limit: Annotated[
        int | None, typer.Option(help="Steps per episode (default: golden plan length + 10).")
    ] = None,
    max_invalid: Annotated[
        int, typer.Option(help="Consecutive invalid outputs that end an episode.")
    ] = 3,
    report_failures: Annotated[
        bool,
        typer.Option(
            "--report-failures",
            help="Tell the agent when an action failed (default: action history only, as the paper).",
        ),
    ] = False,
    scene_text: Annotated[
        bool,
        typer.Option(
            "--scene-text", help="Add a text description of the current scene to the prompt."
        ),
    ] = False,
    max_connections: Annotated[
        int | None, typer.Option(help="--model runs: concurrent model connections.")
    ] = None,
    temperature: Annotated[
        float,
        typer.Option(
            help="--model runs: sampling temperature (0 = deterministic where supported)."
        ),
    ] = 0.0,
    max_retries: Annotated[
        int | None,
        typer.Option(
            help=f"--model runs: Inspect retries of a model call that failed transiently (429, 5xx, timeout, lost connection), back-off from 3 s. Default {DEFAULT_MAX_RETRIES}."
        ),
    ] = None,
    timeout: Annotated[
        int | None,
        typer.Option(
            help=f"--model runs: seconds one model call may take, all retries included. Default {DEFAULT_TIMEOUT}."
        ),
    ] = None,
    attempt_timeout: Annotated[
        int | None,
        typer.Option(
            help=f"--model runs: seconds one attempt may take before it is abandoned and retried. Default {DEFAULT_ATTEMPT_TIMEOUT}."
        ),
    ] = None,
    retry_errors: Annotated[
        bool,
        typer.Option(
            "--retry-errors",
            help="With --resume: also run again the episodes that ended with an error.",
        ),
    ] = False,
    protocol: Annotated[
        str,
        typer.Option(
            help="Verdict: physical (annotated conditions and no simulator hazard) or conditions (annotated conditions only, the paper's eq. 1)."
        ),
    ] = "physical",
) -> None:
    """Evaluate an agent on SafeRelBench (closed loop, step level) and print SR / SSR / SRec."""
    if (agent is None) == (model is None):
        raise fail(
            "give exactly one of --agent (built-in, in-process) or --model (through Inspect)"
        )
    if plan is not None and (agent or "").lower() != "replay":
        raise fail("--plan only applies to --agent replay")
    if judge is not None and model is None:
        raise fail("--judge only applies to --model runs (built-in runs use the keyword judge)")
    model_args: dict[str, Any] = {}
    for item in model_arg or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise fail(f"--model-arg {item!r}: expected KEY=VALUE")
        model_args[key.strip()] = _literal(value)
    if model_args and model is None:
        raise fail("--model-arg only applies to --model runs")
    if resume and out is None:
        raise fail("--resume needs --out DIR (the run to continue)")
    if retry_errors and not resume:
        raise fail("--retry-errors only applies with --resume")
    given = {"max_retries": max_retries, "timeout": timeout, "attempt_timeout": attempt_timeout}
    if model is None and any(v is not None for v in given.values()):
        raise fail("--max-retries/--timeout/--attempt-timeout only apply to --model runs")
    try:
        retry = RetryPolicy(**{k: v for k, v in given.items() if v is not None})
    except ValueError as exc:
        raise fail(f"--{str(exc).replace('_', '-')}") from None
    if step_limit is not None and step_limit < 1:
        raise fail(f"--step-limit must be at least 1, got {step_limit}")
    if max_invalid < 1:
        raise fail(f"--max-invalid must be at least 1, got {max_invalid}")
    if protocol not in PROTOCOLS:
        raise fail(f"--protocol must be one of {', '.join(PROTOCOLS)}, not {protocol!r}")
    try:
        variant = PromptVariant.parse(prompt)
    except ValueError as exc:
        raise fail(str(exc)) from None
    config = EpisodeConfig(
        prompt=PromptOptions(variant, report_failures=report_failures, scene_text=scene_text),
        step_limit=step_limit,
        max_invalid=max_invalid,
        images=not no_images,
        protocol=protocol,
    )
    try:
        tasks = select_tasks(split=split, relation=relation, risk=risk, limit=limit)
    except (SourceError, ValueError, KeyError, OSError) as exc:
        raise fail(str(exc).strip("'\"")) from None
    name = agent if agent is not None else str(model)
    run_dir = RunDir(out or default_out(name, variant.value))
    info = RunInfo(
        agent=name,
        prompt=variant.value,
        seed=seed,
        split=split,
        relation=relation,
        risk=risk,
        limit=limit,
        images=config.images,
        started=now_iso(),
        saferelbench_version=package_version(),
        extra={
            "step_limit": step_limit,
            "protocol": protocol,
            "max_invalid": max_invalid,
            "report_failures": report_failures,
            "scene_text": scene_text,
            "judge": judge or "keyword",
            "runner": "native" if agent is not None else "inspect",
            **({"retry": retry.as_dict()} if model is not None else {}),
            **({"plan": str(plan)} if plan is not None else {}),
        },
    )
    try:
        if agent is not None:
            outcome = _run_builtin(
                agent,
                plan,
                tasks,
                config,
                info,
                run_dir,
                resume,
                seed,
                save_images,
                not as_json or err_console.is_terminal,
                retry_errors,
            )
        else:
            outcome = _run_model(
                str(model),
                judge,
                model_args,
                tasks,
                config,
                info,
                run_dir,
                resume,
                seed,
                max_connections,
                temperature,
                {"split": split, "relation": relation, "risk": risk, "limit": limit},
                "rich" if (err_console.is_terminal and not as_json) else "none",
                retry,
                retry_errors,
            )
    except RunDirError as exc:
        raise fail(str(exc)) from None
    except KeyboardInterrupt:
        err_console.print(
            f"interrupted; finished episodes are kept: continue with --resume --out {run_dir.path}"
        )
        raise typer.Exit(code=130) from None
    summary = outcome.summary
    not_run = outcome.extra.get("not_run") or []
    if as_json:
        print(json.dumps(summary, indent=2))
    else:
        console = Console()
        title = f"{name} · {variant.value} · {summary.get('n', 0)} samples  (rates in %)"
        console.print(summary_table(summary, title))
        console.print(
            f"ran {outcome.ran} episode(s) in {outcome.seconds:.1f} s"
            + (f", {outcome.skipped} already done" if outcome.skipped else "")
            + f"; results in {run_dir.path}",
            highlight=False,
        )
    if not_run:
        err_console.print(
            f"[yellow]warning:[/yellow] {len(not_run)} sample(s) did not run (interrupted?); "
            f"continue with --resume --out {run_dir.path}",
            highlight=False,
        )
        raise typer.Exit(code=1)


def _run_builtin(
    agent_name: str,
    plan: Path | None,
    tasks: list[Any],
    config: EpisodeConfig,
    info: RunInfo,
    run_dir: RunDir,
    resume: bool,
    seed: int,
    save_images: bool,
    show_progress: bool,
    retry_errors: bool,
) -> Any:
    from saferelbench.agents.registry import make_agent

    options: dict[str, Any] = {}
    if agent_name.strip().lower() == "replay":
        options = {"plan": str(plan)} if plan is not None else {"golden": True}
    try:
        agent = make_agent(agent_name, **options)
    except ValueError as exc:
        raise fail(str(exc)) from None
    with _Bar(f"{agent.name}", show_progress) as bar:
        return run_native(
            tasks,
            agent,
            config,
            info=info,
            out=run_dir,
            resume=resume,
            seed=seed,
            save_images=save_images and config.images,
            progress=bar,
            retry_errors=retry_errors,
        )


def _run_model(
    model: str,
    judge: str | None,
    model_args: dict[str, Any],
    tasks: list[Any],
    config: EpisodeConfig,
    info: RunInfo,
    run_dir: RunDir,
    resume: bool,
    seed: int,
    max_connections: int | None,
    temperature: float,
    selection: dict[str, Any],
    display: str,
    retry: RetryPolicy,
    retry_errors: bool,
) -> Any:
    from saferelbench.harness.inspect_run import run_inspect

    if "/" not in model:
        raise fail(f"--model {model!r}: expected PROVIDER/MODEL, e.g. openai/gpt-4o")
    try:
        return run_inspect(
            tasks,
            model,
            config,
            info=info,
            out=run_dir,
            resume=resume,
            seed=seed,
            judge_model=judge,
            judge="model" if judge else "keyword",
            model_args=model_args,
            max_connections=max_connections,
            temperature=temperature,
            selection=selection,
            display=display,
            retry=retry,
            retry_errors=retry_errors,
        )
    except RunDirError:
        raise
    except Exception as exc:  # the eval could not start (unknown provider, missing key, ...)
        from saferelbench.harness.errors import Redactor, describe_error

        reason = describe_error(exc, redactor=Redactor.from_environment(model_args))
        raise fail(f"--model {model}: {reason} (run directory: {run_dir.path})") from None


def register(app: typer.Typer) -> None:
    app.command("run")(run)
