"""The options of ``saferelbench sweep`` come from RunConfig as those of ``run`` do: a field added
to the configuration (here in a subclass) is a sweep option with its docstring as help, and
reaches every cell's configuration; the prompt variant is the grid's list."""

from __future__ import annotations

from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from saferelbench.cli.sweep_cmd import sweep_command
from saferelbench.harness.config import RunConfig
from saferelbench.harness.options import parameters


class WithDetour(RunConfig):
    detour_budget: int = 4
    """Extra steps a careful agent may spend on a detour."""
    careful: bool = False
    """Ask the agent to check each object before moving it."""


class Stop(Exception):
    """Raised in place of the eval-set run: the test only needs what it was given."""


def _app(config_type: type[RunConfig]) -> typer.Typer:
    app = typer.Typer()
    app.command("sweep")(sweep_command(config_type))
    app.command("other")(lambda: None)  # two commands: typer keeps the sub-command name
    return app


def _help(config_type: type[RunConfig]) -> str:
    result = CliRunner().invoke(_app(config_type), ["sweep", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.output


def test_a_new_field_is_a_sweep_option_with_its_docstring_as_help() -> None:
    shown = _help(WithDetour)
    assert "--detour-budget" in shown and "--careful" in shown
    assert "Extra steps a careful agent may spend on a detour." in shown
    assert "Ask the agent to check each object before moving it." in shown
    assert "--detour-budget" not in _help(RunConfig)


def test_every_command_line_option_of_the_configuration_is_a_sweep_option() -> None:
    shown = _help(RunConfig)
    for p in parameters(RunConfig):
        if p.cli:
            flag = p.flags[0].split("/")[0] if p.flags else "--" + p.name.replace("_", "-")
            assert flag in shown, flag
    assert "--model" in shown and "--retry-attempts" in shown and "PROMPT..." in shown


def test_a_new_field_reaches_every_cell_of_the_grid(monkeypatch: pytest.MonkeyPatch) -> None:
    import saferelbench.inspect_adapter.sweep as sweep_module

    seen: list[list[RunConfig]] = []

    def capture(tasks: Any, models: Any, configs: list[RunConfig], *args: Any, **kw: Any) -> Any:
        seen.append(configs)
        raise Stop

    monkeypatch.setattr(sweep_module, "run_sweep", capture)
    args = ["sweep", "--model", "openai-api/local/m", "--prompt", "base", "risk_aware"]
    args += ["--limit", "2", "--no-images", "--detour-budget", "7", "--careful"]
    result = CliRunner().invoke(_app(WithDetour), args)
    assert isinstance(result.exception, Stop), result.output
    (configs,) = seen
    assert [c.variant for c in configs] == ["base", "risk_aware"]
    for config in configs:
        assert isinstance(config, WithDetour)
        assert (config.detour_budget, config.careful, config.limit, config.images) == (
            7,
            True,
            2,
            False,
        )
    bad = CliRunner().invoke(_app(WithDetour), ["sweep", "--model", "a/b", "--detour-budget", "x"])
    assert bad.exit_code == 2 and "detour-budget" in bad.output
    none = CliRunner().invoke(_app(WithDetour), ["sweep", "--limit", "1"])
    assert none.exit_code != 0 and "give at least one --model" in none.output
