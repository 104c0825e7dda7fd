"""The ``saferelbench`` command. Each sub-command lives in its own ``*_cmd.py`` module that
registers itself here; this is the only module that wires the layers together."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="saferelbench",
    help="SafeRelBench: process-level, spatial-relation-aware safety evaluation of embodied agents.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """SafeRelBench: process-level, spatial-relation-aware safety evaluation of embodied agents."""


def _register() -> None:
    from saferelbench.cli import commands

    for module in commands.MODULES:
        module.register(app)


_register()
