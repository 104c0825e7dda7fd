"""``saferelbench check-extensions``: is every action, hazard rule, object kind, scene template
and the Gymnasium environment complete? Runs the checkers of
:mod:`saferelbench.testing.checks` over every registered item (``docs/extending.md``).

Exit code 0: every extension is complete; 1: some item is not (each printed with what it
misses).
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from saferelbench.testing.checks import GROUPS, check_all

console = Console()


def check_extensions(
    only: Annotated[
        list[str] | None,
        typer.Option(
            metavar="GROUP", help=f"Check only these groups ({', '.join(GROUPS)}); repeatable."
        ),
    ] = None,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", metavar="", help="Print every item checked.")
    ] = False,
) -> None:
    """Check every registered extension (actions, hazard rules, object kinds, scene
    templates, the Gymnasium environment); exit 1 naming each incomplete one."""
    unknown = sorted(set(only or ()) - set(GROUPS))
    if unknown:
        console.print(f"[red]error:[/red] unknown group(s) {unknown}; known: {list(GROUPS)}")
        raise typer.Exit(code=2)
    counts = {"checked": 0}

    def progress(item: str, problem: str | None) -> None:
        counts["checked"] += 1
        if problem is not None:
            console.print(f"[red]FAIL[/red] {item}: {problem}", highlight=False, soft_wrap=True)
        elif verbose:
            console.print(f"[green]ok[/green]   {item}", highlight=False)

    with console.status("checking extensions ..."):
        failures = check_all(progress, only=only or ())
    if failures:
        console.print(f"{len(failures)} of {counts['checked']} extensions incomplete.")
        raise typer.Exit(code=1)
    console.print(f"All {counts['checked']} extensions complete.")


def register(app: typer.Typer) -> None:
    app.command("check-extensions")(check_extensions)
