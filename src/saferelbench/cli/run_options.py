"""The options of ``saferelbench run``: those of the command itself (:class:`RunCommand`: which
agent or model, where the run goes, how it is executed) and the run configuration's
(:class:`~saferelbench.harness.config.RunConfig`, one option per field), both made into one
typer signature by :func:`command_function`. A field added to the configuration is an option
with no other edit; its help text is the field's description or docstring.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from pydantic import BaseModel, ConfigDict

from saferelbench.harness.config import RunConfig
from saferelbench.harness.options import Option, Parameter, parameters
from saferelbench.inspect_adapter.retry import (
    DEFAULT_ATTEMPT_TIMEOUT,
    DEFAULT_MAX_RETRIES,
    DEFAULT_TIMEOUT,
)

__all__ = ["CONFIG_PANEL", "RunCommand", "command_function"]

#: The help section listing the run configuration's options.
CONFIG_PANEL = "Run configuration (RunConfig)"
_MODEL = "--model runs: "


class RunCommand(BaseModel):
    """What ``run`` needs besides the run configuration: the agent or model, the run
    directory, and how the run is executed and shown."""

    model_config = ConfigDict(frozen=True, protected_namespaces=(), use_attribute_docstrings=True)

    agent: str | None = None
    """Built-in agent (in-process): oracle, task-only, random, replay, or a blanket-caution
    baseline: checklist, clear-all, clear-away."""
    model: str | None = None
    """Any Inspect model, e.g. openai/gpt-4o, vllm/Qwen/Qwen2.5-VL-7B-Instruct,
    openai-api/local/NAME."""
    plan: Path | None = None
    """replay: plan file (one plan, or sample id -> plan); default: each task's golden plan."""
    judge: str | None = None
    """--model runs: awareness judge model (Inspect role 'judge'); default: keyword judge."""
    model_arg: Annotated[
        list[str] | None, Option(flags=("--model-arg", "-M"), metavar="KEY=VALUE")
    ] = None
    """--model runs: provider argument KEY=VALUE (repeatable), as inspect's -M."""
    out: Path | None = None
    """Run directory (default: runs/<agent>_<prompt>_<time>)."""
    resume: bool = False
    """Continue the run in --out, skipping finished samples."""
    retry_errors: bool = False
    """With --resume: also run again the episodes that ended with an error."""
    as_json: Annotated[bool, Option(flags=("--json",))] = False
    """Print the summary as one JSON object on stdout."""
    save_images: bool = False
    """Built-in agents: also save every observation PNG under RUN/images/."""
    dry_run: bool = False
    """Print the first sample's first prompt and write its image to OUT/dry-run/; call no
    agent or model."""
    no_fail_fast: bool = False
    """--model runs: run every sample even when the first ones gave no readable answer
    (default: stop after them, exit 3)."""
    max_connections: int | None = None
    """--model runs: concurrent model connections."""
    #: max_retries, timeout, attempt_timeout: their help names a default (_COMPUTED_HELP)
    max_retries: int | None = None
    timeout: int | None = None
    attempt_timeout: int | None = None
    workers: Annotated[int | None, Option(minimum=1)] = None
    """--model runs: worker processes sharing the samples and the connections. Default: one
    per core, one per 16 connections (1 below 32)."""


#: Help texts that name a default computed elsewhere (a docstring cannot be formatted).
_COMPUTED_HELP = {
    "max_retries": f"{_MODEL}Inspect retries of a model call that failed transiently (429, "
    f"5xx, timeout, lost connection), back-off from 3 s. Default {DEFAULT_MAX_RETRIES}.",
    "timeout": f"{_MODEL}seconds one model call may take, all retries included. "
    f"Default {DEFAULT_TIMEOUT}.",
    "attempt_timeout": f"{_MODEL}seconds one attempt may take before it is abandoned and "
    f"retried. Default {DEFAULT_ATTEMPT_TIMEOUT}.",
}


def _flags(p: Parameter) -> tuple[str, ...]:
    if p.flags:
        return p.flags
    name = "--" + p.name.replace("_", "-")
    if p.is_flag and p.default is True:
        return (f"{name}/--no-{name[2:]}",)
    return (name,)


def _help(p: Parameter) -> str:
    return " ".join((_COMPUTED_HELP.get(p.name) or p.help).split())


def _typer_parameter(p: Parameter, panel: str | None) -> inspect.Parameter:
    declared: Any
    if p.argument:
        declared = typer.Argument(
            help=_help(p), metavar=p.metavar, show_default=False, rich_help_panel=panel
        )
    else:
        declared = typer.Option(
            *_flags(p),
            help=_help(p),
            metavar="" if p.is_flag else p.metavar,  # a flag takes no value (cli.main)
            min=p.minimum,
            rich_help_panel=panel,
        )
    return inspect.Parameter(
        p.name,
        inspect.Parameter.KEYWORD_ONLY,
        default=p.default,
        annotation=Annotated[p.annotation, declared],
    )


def command_function(
    config_type: type[RunConfig],
    execute: Callable[[Any, dict[str, Any]], None],
    command_type: type[BaseModel] = RunCommand,
    *,
    replaces: tuple[str, ...] = (),
) -> Callable[..., None]:
    """A function typer can register: its parameters are ``command_type``'s fields (default
    :class:`RunCommand`), then the command-line options of ``config_type`` but those the
    command ``replaces`` with its own (the sweep's list of prompt variants); it calls
    ``execute(command, options)`` with the configuration's option values by name."""
    own = parameters(command_type)
    options = [p for p in parameters(config_type) if p.cli and p.name not in replaces]
    clash = {p.name for p in own} & {p.name for p in options}
    if clash:
        raise TypeError(f"run options declared twice: {', '.join(sorted(clash))}")
    signature = inspect.Signature(
        [_typer_parameter(p, None) for p in own]
        + [_typer_parameter(p, CONFIG_PANEL) for p in options]
    )

    def run(**values: Any) -> None:
        command = command_type(**{p.name: values.pop(p.name) for p in own})
        execute(command, values)

    run.__signature__ = signature  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in signature.parameters.values()}
    return run
