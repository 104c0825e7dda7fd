"""``saferelbench run``: the main job. Evaluate an agent under the closed-loop protocol and
print SR / SSR / SRec.

- ``--agent oracle|task-only|random|replay|checklist|clear-all|clear-away`` runs a built-in
  agent in-process (fast, no Inspect);
- ``--model PROVIDER/MODEL`` runs any model through Inspect AI (``--judge PROVIDER/MODEL``
  for the awareness judge).

Both write RUN/episodes.jsonl, RUN/summary.json and RUN/run.json; ``--resume`` continues an
interrupted run; ``--json`` prints the summary as one JSON object on stdout. What it prints
is ``run_output``; the answers' diagnosis, fail fast, ``--dry-run`` and the exit codes are
``run_checks``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console

from saferelbench.cli.run_options import RunCommand, command_function
from saferelbench.cli.run_output import (  # the tables are re-exported from here too
    ProgressBar,
    isbench_table,
    print_tables,
    summary_table,
)
from saferelbench.evaluation.results import RunInfo
from saferelbench.harness.config import RunConfig, RunConfigError
from saferelbench.harness.provenance import new_run_info
from saferelbench.harness.rundir import RunDir, RunDirError
from saferelbench.harness.runner import RunOutcome, run_native
from saferelbench.harness.sources import SourceError, UnloadableTask, select_tasks
from saferelbench.inspect_adapter.retry import RetryPolicy

__all__ = [
    "fail",
    "isbench_table",
    "parse_model_args",
    "register",
    "run",
    "run_command",
    "summary_table",
]

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


def parse_model_args(items: list[str] | None) -> dict[str, Any]:
    """``-M KEY=VALUE`` options (repeatable) as a dict; a malformed one is a clear error."""
    model_args: dict[str, Any] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise fail(f"--model-arg {item!r}: expected KEY=VALUE")
        model_args[key.strip()] = _literal(value)
    return model_args


def default_out(name: str, prompt: str) -> Path:
    slug = re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("_")
    return Path("runs") / f"{slug}_{prompt}_{datetime.now().strftime('%Y%m%d-%H%M%S')}"


# ----- the command ------------------------------------------------------------------------------

RUN_HELP = """Evaluate an agent on SafeRelBench (closed loop, step level) and print SR / SSR / SRec.

Exit codes: 0 complete and measured; 1 incomplete (--resume continues); 2 bad input or nothing could start; 3 the agent was not measured (no answer could be read); 130 interrupted.
"""

#: Run-configuration options that only a --model run uses (a built-in agent refuses them).
MODEL_ONLY = ("cache", "prices", "max_cost", "token_budget")


@dataclass
class Job:
    """One run being made: the command's options, the configuration, the tasks and where the
    results go."""

    command: RunCommand
    config: RunConfig
    tasks: list[Any]
    info: RunInfo
    run_dir: RunDir
    retry: RetryPolicy
    model_args: dict[str, Any]
    plans: dict[str, Any] | None

    @property
    def name(self) -> str:
        return self.command.agent or str(self.command.model)


def run_command(config_type: type[RunConfig] = RunConfig) -> Callable[..., None]:
    """The ``run`` command for ``config_type``: one option per field of :class:`RunCommand`
    and of the configuration (``cli.run_options``)."""

    def execute(command: RunCommand, options: dict[str, Any]) -> None:
        run_job(_prepare(command, config_type, options))

    function = command_function(config_type, execute)
    function.__name__ = "run"
    function.__doc__ = RUN_HELP
    return function


#: ``saferelbench run`` (the typer command, made from RunConfig).
run = run_command()


def _prepare(command: RunCommand, config_type: type[RunConfig], options: dict[str, Any]) -> Job:
    """The checks between options, the configuration, the selected tasks, the run info."""
    model_args = _check_options(command, options)
    retry = _retry_policy(command)
    price_table = _price_table(command.model, options.get("prices"), options.get("max_cost"))
    plans: dict[str, Any] | None = None
    if command.plan is not None:
        plans, options["ids"] = _replay_plans(command.plan, options.get("ids"))
    options["prices"] = price_table.to_json() if price_table is not None else None
    options["judge"] = "model" if command.judge else "auto"
    try:
        config = config_type.build(**options)
    except RunConfigError as exc:
        raise fail(str(exc)) from None
    tasks = _select(config)
    name = command.agent or str(command.model)
    run_dir = RunDir(command.out or default_out(name, config.variant))
    info = _run_info(name, command, config, retry)
    return Job(command, config, tasks, info, run_dir, retry, model_args, plans)


def run_job(job: Job) -> None:
    """A dry run, or the run itself: its table or JSON summary, warnings and exit code."""
    if job.command.dry_run:
        _dry_run(job.tasks, job.config, job.run_dir.path)
        return
    _check_writable(job.run_dir.path)
    try:
        outcome = _run_builtin(job) if job.command.agent is not None else _run_model_checked(job)
    except RunDirError as exc:
        raise fail(str(exc)) from None
    except OSError as exc:  # the run directory could not be written (full disk, permissions)
        raise fail(_os_message(exc, job.run_dir.path)) from None
    except KeyboardInterrupt:
        _interrupted(job.run_dir, None)
    if outcome.extra.get("interrupted"):
        _interrupted(job.run_dir, outcome.ran)
    _report_outcome(outcome, job.name, job.config, job.run_dir, job.command.as_json)


def _check_options(command: RunCommand, options: dict[str, Any]) -> dict[str, Any]:
    """The checks between options; returns the ``-M`` model arguments."""
    agent, model = command.agent, command.model
    if (agent is None) == (model is None):
        raise fail(
            "give exactly one of --agent (built-in, in-process) or --model (through Inspect)"
        )
    is_replay = (agent or "").strip().lower() == "replay"
    if command.plan is not None and not is_replay:
        raise fail("--plan only applies to --agent replay")
    if command.judge is not None and model is None:
        raise fail("--judge only applies to --model runs (built-in runs use the keyword judge)")
    model_args = parse_model_args(command.model_arg)
    if model_args and model is None:
        raise fail("--model-arg only applies to --model runs")
    if options.get("save_frames") is False and model is None:
        raise fail("--no-frames only applies to --model runs (built-in runs keep none by default)")
    if command.resume and command.out is None:
        raise fail("--resume needs --out DIR (the run to continue)")
    if command.resume and command.out is not None and not command.out.is_dir():
        raise fail(
            f"--resume --out {command.out}: no such run directory (nothing to continue; "
            "drop --resume to start a new run there)"
        )
    if command.retry_errors and not command.resume:
        raise fail("--retry-errors only applies with --resume")
    if model is None and options.get("actions") == "tools":
        raise fail(
            "--actions tools only applies to --model runs (a Python agent answers in text; "
            "run a built-in agent with tool calls as --model saferelbench/NAME)"
        )
    given = {"--workers": command.workers} | {
        "--" + name.replace("_", "-"): options.get(name) for name in MODEL_ONLY
    }
    if model is None and any(v is not None for v in given.values()):
        raise fail(
            f"{'/'.join(k for k, v in given.items() if v is not None)} only apply to --model runs"
        )
    return model_args


def _retry_policy(command: RunCommand) -> RetryPolicy:
    given = {
        "max_retries": command.max_retries,
        "timeout": command.timeout,
        "attempt_timeout": command.attempt_timeout,
    }
    if command.model is None and any(v is not None for v in given.values()):
        raise fail("--max-retries/--timeout/--attempt-timeout only apply to --model runs")
    try:
        return RetryPolicy(**{k: v for k, v in given.items() if v is not None})
    except ValueError as exc:
        raise fail(f"--{str(exc).replace('_', '-')}") from None


def _price_table(model: str | None, prices: Path | None, max_cost: float | None) -> Any:
    price_table = None
    if prices is not None:
        from saferelbench.harness.ledger import PriceError, load_prices

        try:
            price_table = load_prices(prices)
        except PriceError as exc:
            raise fail(str(exc)) from None
    if max_cost is not None and (price_table is None or price_table.price_of(str(model)) is None):
        raise fail(
            f"--max-cost needs a price for {model} in a --prices file"
            + (f" ({prices} has none)" if prices is not None else "")
        )
    return price_table


def _select(config: RunConfig) -> list[Any]:
    """The selected tasks; an unreadable task file of an ``isbench:DIR`` folder is a warning
    (it runs as an errored episode)."""
    try:
        tasks = select_tasks(**config.selection())
    except (SourceError, ValueError, OSError) as exc:
        raise fail(_message(exc)) from None
    except KeyError as exc:  # str(KeyError) is the repr of its argument
        raise fail(str(exc.args[0]) if exc.args else "unknown key") from None
    for t in tasks:
        if isinstance(t, UnloadableTask):
            err_console.print(
                f"[yellow]warning:[/yellow] {t.id}: cannot be read, counted as an errored "
                f"episode: {t.load_error}",
                highlight=False,
                soft_wrap=True,
            )
    return list(tasks)


def _run_info(name: str, command: RunCommand, config: RunConfig, retry: RetryPolicy) -> RunInfo:
    """run.json: the configuration once (what a report needs to re-simulate an episode, with
    each episode's actions in episodes.jsonl), the provenance, and what this command adds."""
    split = config.split
    return new_run_info(
        name,
        "native" if command.agent is not None else "inspect",
        config,
        judge=command.judge or "keyword",
        **({"tasks_from": _resolved_source(split)} if ":" in split else {}),
        **({"retry": retry.as_dict()} if command.agent is None else {}),
        **({"plan": str(command.plan)} if command.plan is not None else {}),
    )


def _check_writable(path: Path) -> None:
    """One clean line when the run directory cannot be made or written."""
    from saferelbench.harness.rundir import write_json_atomic

    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / ".write-check.json"
        write_json_atomic(probe, {})
        probe.unlink()
    except OSError as exc:
        raise fail(_os_message(exc, path)) from None


def _os_message(exc: OSError, path: Path) -> str:
    where = exc.filename if exc.filename else path
    return f"{where}: cannot write the run directory: {exc.strerror or exc}"


def _dry_run(tasks: list[Any], config: RunConfig, out: Path) -> None:
    from saferelbench.cli.run_checks import dry_run

    if not tasks:
        raise fail("--dry-run: the selection holds no sample")
    try:
        dry_run(Console(), tasks, config, out)
    except OSError as exc:
        raise fail(f"--dry-run: {_os_message(exc, out)}") from None


def _report_outcome(
    outcome: RunOutcome, name: str, config: RunConfig, run_dir: RunDir, as_json: bool
) -> None:
    """The table (or the JSON summary), the warnings, the answers' diagnosis; the exit code."""
    from saferelbench.cli.run_checks import EXIT_INCOMPLETE, not_measured, report_diagnosis

    summary = outcome.summary
    not_run = outcome.extra.get("not_run") or []
    for worker in outcome.extra.get("dead_workers") or []:
        err_console.print(
            f"[red]worker {worker['worker']} (pid {worker['pid']}) died ({worker['how']}); "
            f"{len(worker['not_run'])} of its sample(s) did not finish[/red]",
            highlight=False,
        )
    if outcome.extra.get("budget_stop"):
        err_console.print(
            "[yellow]budget reached:[/yellow] no further sample was started "
            "(raise --max-cost / --token-budget and --resume to continue)",
            highlight=False,
        )
    if as_json:
        print(json.dumps(summary, indent=2))
    else:
        print_tables(outcome, name, config, run_dir)
    diag = report_diagnosis(err_console, outcome.episodes)
    if not_run:
        err_console.print(
            f"[yellow]warning:[/yellow] {len(not_run)} sample(s) did not run; "
            f"continue with --resume --out {run_dir.path}",
            highlight=False,
        )
        raise typer.Exit(code=EXIT_INCOMPLETE)
    if not diag.measured:
        raise not_measured(err_console, diag, run_dir.path, "the run")


def _resolved_source(split: str) -> str:
    """``isbench:DIR`` / ``file:PATH`` with an absolute path (a report may run elsewhere)."""
    prefix, _, rest = split.partition(":")
    return f"{prefix}:{Path(rest).expanduser().resolve()}"


def _message(exc: BaseException) -> str:
    return str(exc).strip()


def _interrupted(run_dir: RunDir, ran: int | None) -> NoReturn:
    """Ctrl-C: say how many episodes are recorded (native and --model runs alike), exit 130."""
    try:
        recorded = len(run_dir.read_episodes())
    except RunDirError:
        recorded = 0
    this_run = f"{ran} in this run, " if ran is not None else ""
    err_console.print(
        f"interrupted; {this_run}{recorded} episode(s) recorded in {run_dir.path}; "
        f"continue with --resume --out {run_dir.path}",
        highlight=False,
    )
    raise typer.Exit(code=130)


def _replay_plans(plan: Path, ids: str | None) -> tuple[dict[str, Any] | None, str | None]:
    """A plan file for ``--agent replay``: one plan for every sample, or a map sample id ->
    plan. A map restricts the run to its ids (dataset order is kept by ``--ids`` only when
    given; the map's ids must all be samples of the selection, checked by select_tasks)."""
    from saferelbench.agents.replay import PlanError, load_plans

    try:
        loaded = load_plans(plan)
    except PlanError as exc:
        raise fail(str(exc)) from None
    if not isinstance(loaded, dict):
        return None, ids
    if ids is not None:
        wanted = [i.strip() for i in ids.split(",") if i.strip()]
        unmapped = [i for i in wanted if i not in loaded]
        if unmapped:
            raise fail(
                f"--plan {plan}: no plan for sample(s) {', '.join(unmapped[:5])} given in --ids"
            )
        return dict(loaded), ids
    return dict(loaded), ",".join(loaded)


def _run_builtin(job: Job) -> RunOutcome:
    from saferelbench.agents.registry import make_agent

    agent_name = str(job.command.agent)
    options: dict[str, Any] = {}
    if agent_name.strip().lower() == "replay":
        plan_file = job.command.plan
        options = (
            {"plan": job.plans if job.plans is not None else str(plan_file)} if plan_file else {}
        )
        options = options or {"golden": True}
    try:
        agent = make_agent(agent_name, **options)
    except ValueError as exc:
        raise fail(str(exc)) from None
    show_progress = not job.command.as_json or err_console.is_terminal
    with ProgressBar(f"{agent.name}", show_progress) as bar:
        return run_native(
            job.tasks,
            agent,
            job.config,
            info=job.info,
            out=job.run_dir,
            resume=job.command.resume,
            seed=job.config.seed,
            judge=job.config.judge,
            save_images=job.command.save_images and job.config.images,
            progress=bar,
            retry_errors=job.command.retry_errors,
        )


def _run_model_checked(job: Job) -> RunOutcome:
    """:func:`_run_model`, failing fast: an unreachable server stops the run before the first
    call (exit 2), and first samples without one readable answer stop it there (exit 3)."""
    from saferelbench.cli.run_checks import not_measured, probe_then_rest
    from saferelbench.inspect_adapter.preflight import unreachable

    model = str(job.command.model)
    if "/" not in model:
        raise fail(f"--model {model!r}: expected PROVIDER/MODEL, e.g. openai/gpt-4o")
    why = unreachable(model, job.model_args)
    if why is not None:
        raise fail(f"--model {model}: {why}; nothing was run")

    def run_part(part: list[Any], part_resume: bool, part_retry_errors: bool) -> RunOutcome:
        return _run_model(job, part, part_resume, part_retry_errors)

    if job.command.no_fail_fast:
        return run_part(job.tasks, job.command.resume, job.command.retry_errors)
    return probe_then_rest(
        run_part,
        job.tasks,
        job.run_dir,
        job.command.resume,
        job.command.retry_errors,
        lambda diag: not_measured(
            err_console, diag, job.run_dir.path, f"--model {model}: the first samples"
        ),
    )


def _run_model(job: Job, tasks: list[Any], resume: bool, retry_errors: bool) -> RunOutcome:
    """Some of the job's tasks through Inspect (``resume``: the run directory holds others)."""
    from saferelbench.inspect_adapter.run import auto_workers, run_inspect

    command, model = job.command, str(job.command.model)
    try:
        return run_inspect(
            tasks,
            model,
            job.config,
            info=job.info,
            out=job.run_dir,
            resume=resume,
            judge_model=command.judge,
            model_args=job.model_args,
            max_connections=command.max_connections,
            display="rich" if (err_console.is_terminal and not command.as_json) else "none",
            retry=job.retry,
            retry_errors=retry_errors,
            workers=command.workers or auto_workers(command.max_connections, len(tasks)),
        )
    except (RunDirError, KeyboardInterrupt):
        raise
    except Exception as exc:  # the eval could not start (unknown provider, missing key, ...)
        from saferelbench.harness.errors import Redactor, describe_error

        reason = describe_error(exc, redactor=Redactor.from_environment(job.model_args))
        raise fail(f"--model {model}: {reason} (run directory: {job.run_dir.path})") from None


def register(app: typer.Typer) -> None:
    app.command("run")(run)
