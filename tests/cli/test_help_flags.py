"""Every command's help shows its flags as plain flags: no ``<bool>`` metavar on an option
that takes no value (``--resume true`` is an error, so help must not suggest it), ``--help``
included (typer 0.29 writes the type of every option, flags too; see cli/main.py)."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from saferelbench.cli.main import app


def _help(*command: str) -> str:
    result = CliRunner().invoke(app, [*command, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return str(result.output)


@pytest.mark.parametrize(
    "command", [[], *([c.name] for c in app.registered_commands if c.name)], ids=str
)
def test_flags_carry_no_bool_metavar(command: list[str]) -> None:
    output = _help(*command)
    assert [line for line in output.splitlines() if "<bool>" in line] == []
    # the --help row: the flag, then straight its help text
    assert re.search(r"--help\s+Show this message and exit\.", output), output
