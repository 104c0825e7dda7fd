"""Run options are declared once, in RunConfig: a field added there (here in a subclass) is an
option of ``saferelbench run`` and an argument of the Inspect task with no other edit, its
help text taken from the field's docstring."""

from __future__ import annotations

import inspect
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from saferelbench.cli.run_cmd import run_command
from saferelbench.harness.config import RunConfig, RunConfigError
from saferelbench.harness.options import parameters


class WithDetour(RunConfig):
    detour_budget: int = 4
    """Extra steps a careful agent may spend on a detour."""
    careful: bool = False
    """Ask the agent to check each object before moving it."""


def _app(config_type: type[RunConfig]) -> typer.Typer:
    app = typer.Typer()
    app.command("run")(run_command(config_type))
    app.command("other")(lambda: None)  # two commands: typer keeps the sub-command name
    return app


def test_a_new_field_is_a_run_option_with_its_docstring_as_help() -> None:
    result = CliRunner().invoke(_app(WithDetour), ["run", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "--detour-budget" in result.output and "--careful" in result.output
    assert "Extra steps a careful agent may spend on a detour." in result.output
    assert "Ask the agent to check each object before moving it." in result.output
    plain = CliRunner().invoke(_app(RunConfig), ["run", "--help"], env={"COLUMNS": "200"})
    assert "--detour-budget" not in plain.output


def test_a_new_field_reaches_the_configuration_from_the_command_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import saferelbench.cli.run_cmd as run_cmd

    seen: list[RunConfig] = []

    def capture(job: Any) -> None:
        seen.append(job.config)

    monkeypatch.setattr(run_cmd, "run_job", capture)
    args = ["run", "--agent", "oracle", "--limit", "1", "--detour-budget", "7", "--careful"]
    result = CliRunner().invoke(_app(WithDetour), args)
    assert result.exit_code == 0, result.output
    (config,) = seen
    assert isinstance(config, WithDetour)
    assert (config.detour_budget, config.careful, config.limit) == (7, True, 1)
    bad = CliRunner().invoke(_app(WithDetour), ["run", "--agent", "oracle", "--detour-budget", "x"])
    assert bad.exit_code == 2 and "detour-budget" in bad.output


def test_a_new_field_is_an_inspect_task_argument() -> None:
    pytest.importorskip("inspect_ai")
    from inspect_ai import task
    from inspect_ai._util.registry import registry_info

    from saferelbench.inspect_adapter.task_args import config_task

    seen: list[RunConfig] = []

    @task(name="detour_probe_task")
    @config_task(WithDetour)
    def detour(config: RunConfig, record_dir: str | None = None) -> Any:
        from inspect_ai import Task

        seen.append(config)
        return Task()

    params = inspect.signature(detour).parameters
    assert params["detour_budget"].default == 4 and params["careful"].default is False
    assert "record_dir" in params and "split" in params
    made = detour(detour_budget=9, careful=True, limit=2)
    assert "detour_budget" in registry_info(made).metadata["params"]
    config = seen[-1]
    assert isinstance(config, WithDetour)
    assert (config.detour_budget, config.careful, config.limit) == (9, True, 2)
    with pytest.raises(RunConfigError, match="--detour-budget"):
        detour(detour_budget="many")
    # what `inspect eval ... -T detour_budget=5` does: the registry creates it by name
    from inspect_ai._eval.registry import task_create

    task_create(registry_info(detour).name, detour_budget=5)
    assert isinstance(seen[-1], WithDetour) and seen[-1].detour_budget == 5


def test_every_field_is_a_parameter_of_the_command_or_the_task() -> None:
    """Nothing of RunConfig is left out: each field, or its expanded parameters, is offered."""
    names = {p.name for p in parameters(RunConfig)}
    for field in RunConfig.model_fields:
        assert field in names, field
    assert {"report_failures", "scene_text"} <= names
    assert RunConfig.build(**RunConfig().options()) == RunConfig()
    task_names = {name for name, value in RunConfig().task_args().items()}
    assert task_names == {p.name for p in parameters(RunConfig) if p.task}


def test_the_shipped_task_and_command_offer_every_run_option() -> None:
    pytest.importorskip("inspect_ai")
    from saferelbench.cli.run_cmd import run
    from saferelbench.inspect_adapter.task import saferelbench

    task_params = inspect.signature(saferelbench).parameters
    command_params = inspect.signature(run).parameters
    for p in parameters(RunConfig):
        assert (p.name in task_params) is p.task, p.name
        assert p.name in command_params or not p.cli, p.name
    # the one field the command line offers otherwise: --judge names a judge model
    assert [p.name for p in parameters(RunConfig) if not p.cli] == ["judge"]
