"""``saferelbench check-extensions``: exit 0 when every checked item is complete, 1 naming
each incomplete one, 2 for an unknown group."""

from __future__ import annotations

import dataclasses

import pytest
from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.render import kinds
from saferelbench.world.hazards import RULES


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["check-extensions", *args], env={"COLUMNS": "200"})
    return result.exit_code, str(result.output)


def test_every_rule_checked_is_complete() -> None:
    code, out = _run("--only", "rules", "--verbose")
    assert code == 0, out
    assert f"All {len(RULES)} extensions complete." in out
    assert all(f"rule {r.name}" in out for r in RULES)


def test_an_incomplete_kind_is_named_and_the_exit_code_is_1(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    candle = dataclasses.replace(kinds.KINDS["candle"], painter=lambda p, b, st: None)
    monkeypatch.setitem(kinds.KINDS, "candle", candle)
    code, out = _run("--only", "kinds")
    assert code == 1, out
    assert "FAIL kind candle: its painter draws nothing" in out
    assert "1 of " in out and "extensions incomplete" in out


def test_an_unknown_group_is_a_clear_error() -> None:
    code, out = _run("--only", "widgets")
    assert code == 2 and "unknown group(s) ['widgets']" in out
