"""The ``saferelbench`` command. Each sub-command lives in its own ``*_cmd.py`` module that
registers itself here; this is the only module that wires the layers together."""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperCommand, TyperGroup


def _plain_help(option: Any) -> Any:
    """Typer (0.29) shows every option's type as its metavar, a flag's too (``<bool>``): the
    project's flags pass ``metavar=""``; this blanks it on the one flag typer adds itself."""
    if option is not None and option.metavar is None:
        option.metavar = ""
    return option


class _Command(TyperCommand):
    """A sub-command whose ``--help`` row shows no metavar."""

    def get_help_option(self, ctx: Any) -> Any:
        return _plain_help(super().get_help_option(ctx))


class _Group(TyperGroup):
    """The root command, whose ``--help`` row shows no metavar."""

    def get_help_option(self, ctx: Any) -> Any:
        return _plain_help(super().get_help_option(ctx))


app = typer.Typer(
    name="saferelbench",
    help="SafeRelBench: process-level, spatial-relation-aware safety evaluation of embodied agents.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=_Group,
)


@app.callback()
def _root() -> None:
    """SafeRelBench: process-level, spatial-relation-aware safety evaluation of embodied agents."""


def _register() -> None:
    from saferelbench.cli import commands

    for module in commands.MODULES:
        module.register(app)
    for info in app.registered_commands:  # typer's default class, unless a command chose one
        if info.cls in (None, TyperCommand):
            info.cls = _Command


_register()
