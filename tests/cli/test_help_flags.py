"""Every command's help shows its flags as plain flags: no ``<bool>`` metavar on an option
that takes no value (``--resume true`` is an error, so help must not suggest it)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from saferelbench.cli.main import app

COMMANDS = ["run", "replay", "report", "render", "validate", "stats", "build-dataset", "sweep"]


@pytest.mark.parametrize("command", COMMANDS)
def test_flags_carry_no_bool_metavar(command: str) -> None:
    result = CliRunner().invoke(app, [command, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    flagged = [
        line for line in result.output.splitlines() if "<bool>" in line and "--help" not in line
    ]
    assert flagged == [], flagged
