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
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from saferelbench.cli.run_output import (  # the tables are re-exported from here too
    ProgressBar,
    isbench_table,
    print_tables,
    summary_table,
)
from saferelbench.evaluation.results import RunInfo
from saferelbench.harness.config import RunConfig, RunConfigError
from saferelbench.harness.rundir import RunDir, RunDirError
from saferelbench.harness.runner import RunOutcome, now_iso, package_version, run_native
from saferelbench.harness.sources import SourceError, UnloadableTask, select_tasks
from saferelbench.inspect_adapter.retry import (
    DEFAULT_ATTEMPT_TIMEOUT,
    DEFAULT_MAX_RETRIES,
    DEFAULT_TIMEOUT,
    RetryPolicy,
)
from saferelbench.world.verdict import DEFAULT_PROTOCOL, protocol_choices

__all__ = ["fail", "isbench_table", "parse_model_args", "register", "run", "summary_table"]

err_console = Console(stderr=True)


#: The run options' defaults and descriptions are RunConfig's (declared once, there).
_DEFAULTS = RunConfig()


def _doc(field: str) -> str:
    return str(RunConfig.model_fields[field].description or "")


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


def run(
    agent: Annotated[
        str | None,
        typer.Option(
            help="Built-in agent (in-process): oracle, task-only, random, replay, or a blanket-caution baseline: checklist, clear-all, clear-away."
        ),
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
    split: Annotated[str, typer.Option(help=_doc("split"))] = _DEFAULTS.split,
    relation: Annotated[str | None, typer.Option(help=_doc("relation"))] = _DEFAULTS.relation,
    risk: Annotated[str | None, typer.Option(help=_doc("risk"))] = _DEFAULTS.risk,
    prompt: Annotated[
        str,
        typer.Option(
            help="Prompt variant: base, risk_aware or action_grounded (risk-aware etc. accepted)."
        ),
    ] = _DEFAULTS.variant,
    limit: Annotated[int | None, typer.Option(help=_doc("limit"))] = _DEFAULTS.limit,
    ids: Annotated[
        str | None, typer.Option(help=_doc("ids") + " As the Inspect task's -T ids=.")
    ] = None,
    seed: Annotated[int, typer.Option(help=_doc("seed"))] = _DEFAULTS.seed,
    out: Annotated[
        Path | None, typer.Option(help="Run directory (default: runs/<agent>_<prompt>_<time>).")
    ] = None,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume", metavar="", help="Continue the run in --out, skipping finished samples."
        ),
    ] = False,
    as_json: Annotated[
        bool,
        typer.Option("--json", metavar="", help="Print the summary as one JSON object on stdout."),
    ] = False,
    no_images: Annotated[
        bool,
        typer.Option("--no-images", metavar="", help="No observation image: a text-only prompt."),
    ] = False,
    save_images: Annotated[
        bool,
        typer.Option(
            "--save-images",
            metavar="",
            help="Built-in agents: also save every observation PNG under RUN/images/.",
        ),
    ] = False,
    no_frames: Annotated[
        bool,
        typer.Option(
            "--no-frames",
            metavar="",
            help="--model runs: keep no observation PNG under RUN/images/ (the model still sees every image; report redraws them).",
        ),
    ] = False,
    dry_run: Annotated[
        bool,
        typer.Option(
            "--dry-run",
            metavar="",
            help="Print the first sample's first prompt and write its image to OUT/dry-run/; call no agent or model.",
        ),
    ] = False,
    no_fail_fast: Annotated[
        bool,
        typer.Option(
            "--no-fail-fast",
            metavar="",
            help="--model runs: run every sample even when the first ones gave no readable answer (default: stop after them, exit 3).",
        ),
    ] = False,
    step_limit: Annotated[int | None, typer.Option(help=_doc("step_limit"))] = _DEFAULTS.step_limit,
    max_invalid: Annotated[int, typer.Option(help=_doc("max_invalid"))] = _DEFAULTS.max_invalid,
    report_failures: Annotated[
        bool,
        typer.Option(
            "--report-failures",
            metavar="",
            help="Tell the agent when an action failed (default: action history only, as the paper).",
        ),
    ] = False,
    scene_text: Annotated[
        bool,
        typer.Option(
            "--scene-text",
            metavar="",
            help="Add a text description of the current scene to the prompt.",
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
            metavar="",
            help="With --resume: also run again the episodes that ended with an error.",
        ),
    ] = False,
    protocol: Annotated[
        str,
        typer.Option(help=f"Verdict protocol: {protocol_choices()}."),
    ] = DEFAULT_PROTOCOL,
    workers: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="--model runs: worker processes sharing the samples and the connections. Default: one per core, one per 16 connections (1 below 32).",
        ),
    ] = None,
    cache: Annotated[
        str | None,
        typer.Option(
            help="--model runs: Inspect's response cache with this expiry (30s, 10m, 12h, 3D, 1W, 1M, 'never'); a repeated call is answered from the cache.",
        ),
    ] = None,
    prices: Annotated[
        Path | None,
        typer.Option(
            help="--model runs: price table (TOML or JSON, per million tokens) for the cost estimate and --max-cost."
        ),
    ] = None,
    max_cost: Annotated[
        float | None,
        typer.Option(
            help="--model runs: start no further sample once the run has cost this much (needs --prices); --resume continues."
        ),
    ] = None,
    token_budget: Annotated[
        int | None,
        typer.Option(
            help="--model runs: start no further sample once the run has used this many tokens; --resume continues."
        ),
    ] = None,
    actions: Annotated[
        str,
        typer.Option(
            help="--model runs: json (a JSON text answer, the paper's protocol) or tools (one typed tool call per action). Results of the two are never pooled."
        ),
    ] = _DEFAULTS.actions,
    image_history: Annotated[
        int, typer.Option(min=1, help=_doc("image_history"))
    ] = _DEFAULTS.image_history,
) -> None:
    """Evaluate an agent on SafeRelBench (closed loop, step level) and print SR / SSR / SRec.

    Exit codes: 0 complete and measured; 1 incomplete (--resume continues); 2 bad input or nothing could start; 3 the agent was not measured (no answer could be read); 130 interrupted.
    """
    model_args = _check_options(
        agent, model, plan, judge, model_arg, out, resume, retry_errors, no_frames
    )
    if model is None and actions == "tools":
        raise fail(
            "--actions tools only applies to --model runs (a Python agent answers in text; "
            "run a built-in agent with tool calls as --model saferelbench/NAME)"
        )
    retry = _retry_policy(model, max_retries, timeout, attempt_timeout)
    _check_model_only(
        model,
        {
            "--workers": workers,
            "--cache": cache,
            "--prices": prices,
            "--max-cost": max_cost,
            "--token-budget": token_budget,
        },
    )
    price_table = _price_table(model, prices, max_cost)
    plans: dict[str, Any] | None = None
    if plan is not None:
        plans, ids = _replay_plans(plan, ids)
    try:
        config = RunConfig.build(
            split=split,
            relation=relation,
            risk=risk,
            ids=ids,
            limit=limit,
            seed=seed,
            prompt=prompt,
            report_failures=report_failures,
            scene_text=scene_text,
            step_limit=step_limit,
            max_invalid=max_invalid,
            images=not no_images,
            judge="model" if judge else "auto",
            temperature=temperature,
            protocol=protocol,
            cache=cache,
            max_cost=max_cost,
            token_budget=token_budget,
            prices=price_table.to_json() if price_table is not None else None,
            **({"save_frames": False} if no_frames else {}),
            actions=actions,
            image_history=image_history,
        )
    except RunConfigError as exc:
        raise fail(str(exc)) from None
    tasks = _select(config)
    name = agent if agent is not None else str(model)
    run_dir = RunDir(out or default_out(name, config.variant))
    if dry_run:
        _dry_run(tasks, config, run_dir.path)
        return
    episode_options = {
        "step_limit": step_limit,
        "protocol": protocol,
        "max_invalid": max_invalid,
        "report_failures": report_failures,
        "scene_text": scene_text,
    }
    info = _run_info(name, agent, config, split, relation, risk, limit, seed, judge, plan, retry)
    info.extra = {
        **episode_options,
        "actions": config.actions,
        "image_history": config.image_history,
        **info.extra,
    }
    _check_writable(run_dir.path)
    try:
        if agent is not None:
            outcome = _run_builtin(
                agent,
                plans,
                tasks,
                config,
                info,
                run_dir,
                resume,
                save_images,
                not as_json or err_console.is_terminal,
                retry_errors,
            )
        else:
            outcome = _run_model_checked(
                str(model),
                judge,
                model_args,
                tasks,
                config,
                info,
                run_dir,
                resume,
                max_connections,
                "rich" if (err_console.is_terminal and not as_json) else "none",
                retry,
                retry_errors,
                workers,
                fail_fast=not no_fail_fast,
            )
    except RunDirError as exc:
        raise fail(str(exc)) from None
    except OSError as exc:  # the run directory could not be written (full disk, permissions)
        raise fail(_os_message(exc, run_dir.path)) from None
    except KeyboardInterrupt:
        _interrupted(run_dir, None)
    if outcome.extra.get("interrupted"):
        _interrupted(run_dir, outcome.ran)
    _report_outcome(outcome, name, config, run_dir, as_json)


def _check_options(
    agent: str | None,
    model: str | None,
    plan: Path | None,
    judge: str | None,
    model_arg: list[str] | None,
    out: Path | None,
    resume: bool,
    retry_errors: bool,
    no_frames: bool,
) -> dict[str, Any]:
    """The checks between options; returns the ``-M`` model arguments."""
    if (agent is None) == (model is None):
        raise fail(
            "give exactly one of --agent (built-in, in-process) or --model (through Inspect)"
        )
    is_replay = (agent or "").strip().lower() == "replay"
    if plan is not None and not is_replay:
        raise fail("--plan only applies to --agent replay")
    if judge is not None and model is None:
        raise fail("--judge only applies to --model runs (built-in runs use the keyword judge)")
    model_args = parse_model_args(model_arg)
    if model_args and model is None:
        raise fail("--model-arg only applies to --model runs")
    if no_frames and model is None:
        raise fail("--no-frames only applies to --model runs (built-in runs keep none by default)")
    if resume and out is None:
        raise fail("--resume needs --out DIR (the run to continue)")
    if resume and out is not None and not out.is_dir():
        raise fail(
            f"--resume --out {out}: no such run directory (nothing to continue; "
            "drop --resume to start a new run there)"
        )
    if retry_errors and not resume:
        raise fail("--retry-errors only applies with --resume")
    return model_args


def _retry_policy(
    model: str | None, max_retries: int | None, timeout: int | None, attempt_timeout: int | None
) -> RetryPolicy:
    given = {"max_retries": max_retries, "timeout": timeout, "attempt_timeout": attempt_timeout}
    if model is None and any(v is not None for v in given.values()):
        raise fail("--max-retries/--timeout/--attempt-timeout only apply to --model runs")
    try:
        return RetryPolicy(**{k: v for k, v in given.items() if v is not None})
    except ValueError as exc:
        raise fail(f"--{str(exc).replace('_', '-')}") from None


def _check_model_only(model: str | None, model_only: dict[str, Any]) -> None:
    if model is None and any(v is not None for v in model_only.values()):
        given_flags = [k for k, v in model_only.items() if v is not None]
        raise fail(f"{'/'.join(given_flags)} only apply to --model runs")


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


def _run_info(
    name: str,
    agent: str | None,
    config: RunConfig,
    split: str,
    relation: str | None,
    risk: str | None,
    limit: int | None,
    seed: int,
    judge: str | None,
    plan: Path | None,
    retry: RetryPolicy,
) -> RunInfo:
    return RunInfo(
        agent=name,
        prompt=config.variant,
        seed=seed,
        split=split,
        relation=relation,
        risk=risk,
        limit=limit,
        images=config.images,
        started=now_iso(),
        saferelbench_version=package_version(),
        extra={
            "judge": judge or "keyword",
            "runner": "native" if agent is not None else "inspect",
            # what a report needs to re-simulate an episode: the selection (the tasks) and
            # each episode's actions (in episodes.jsonl)
            "config": config.to_json(),
            **({"tasks_from": _resolved_source(split)} if ":" in split else {}),
            **({"ids": list(config.ids)} if config.ids else {}),
            **({"retry": retry.as_dict()} if agent is None else {}),
            **({"plan": str(plan)} if plan is not None else {}),
        },
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


def _run_builtin(
    agent_name: str,
    plans: dict[str, Any] | None,
    tasks: list[Any],
    config: RunConfig,
    info: RunInfo,
    run_dir: RunDir,
    resume: bool,
    save_images: bool,
    show_progress: bool,
    retry_errors: bool,
) -> RunOutcome:
    from saferelbench.agents.registry import make_agent

    options: dict[str, Any] = {}
    if agent_name.strip().lower() == "replay":
        plan_file = info.extra.get("plan")
        options = {"plan": plans if plans is not None else plan_file} if plan_file else {}
        options = options or {"golden": True}
    try:
        agent = make_agent(agent_name, **options)
    except ValueError as exc:
        raise fail(str(exc)) from None
    with ProgressBar(f"{agent.name}", show_progress) as bar:
        return run_native(
            tasks,
            agent,
            config,
            info=info,
            out=run_dir,
            resume=resume,
            seed=config.seed,
            judge=config.judge,
            save_images=save_images and config.images,
            progress=bar,
            retry_errors=retry_errors,
        )


def _run_model_checked(
    model: str,
    judge: str | None,
    model_args: dict[str, Any],
    tasks: list[Any],
    config: RunConfig,
    info: RunInfo,
    run_dir: RunDir,
    resume: bool,
    max_connections: int | None,
    display: str,
    retry: RetryPolicy,
    retry_errors: bool,
    workers: int | None = None,
    *,
    fail_fast: bool = True,
) -> RunOutcome:
    """:func:`_run_model`, failing fast: an unreachable server stops the run before the first
    call (exit 2), and first samples without one readable answer stop it there (exit 3)."""
    from saferelbench.cli.run_checks import not_measured, probe_then_rest
    from saferelbench.inspect_adapter.preflight import unreachable

    if "/" not in model:
        raise fail(f"--model {model!r}: expected PROVIDER/MODEL, e.g. openai/gpt-4o")
    why = unreachable(model, model_args)
    if why is not None:
        raise fail(f"--model {model}: {why}; nothing was run")

    def run_part(part: list[Any], part_resume: bool, part_retry_errors: bool) -> RunOutcome:
        return _run_model(
            model,
            judge,
            model_args,
            part,
            config,
            info,
            run_dir,
            part_resume,
            max_connections,
            display,
            retry,
            part_retry_errors,
            workers,
        )

    if not fail_fast:
        return run_part(tasks, resume, retry_errors)
    return probe_then_rest(
        run_part,
        tasks,
        run_dir,
        resume,
        retry_errors,
        lambda diag: not_measured(
            err_console, diag, run_dir.path, f"--model {model}: the first samples"
        ),
    )


def _run_model(
    model: str,
    judge: str | None,
    model_args: dict[str, Any],
    tasks: list[Any],
    config: RunConfig,
    info: RunInfo,
    run_dir: RunDir,
    resume: bool,
    max_connections: int | None,
    display: str,
    retry: RetryPolicy,
    retry_errors: bool,
    workers: int | None = None,
) -> RunOutcome:
    from saferelbench.inspect_adapter.run import auto_workers, run_inspect

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
            judge_model=judge,
            model_args=model_args,
            max_connections=max_connections,
            display=display,
            retry=retry,
            retry_errors=retry_errors,
            workers=workers or auto_workers(max_connections, len(tasks)),
        )
    except (RunDirError, KeyboardInterrupt):
        raise
    except Exception as exc:  # the eval could not start (unknown provider, missing key, ...)
        from saferelbench.harness.errors import Redactor, describe_error

        reason = describe_error(exc, redactor=Redactor.from_environment(model_args))
        raise fail(f"--model {model}: {reason} (run directory: {run_dir.path})") from None


def register(app: typer.Typer) -> None:
    app.command("run")(run)
