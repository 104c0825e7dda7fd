"""Run options declared once, as the fields of a pydantic model.

Each field of a run configuration (:class:`saferelbench.harness.config.RunConfig`, or a
subclass adding a field) is one parameter: an option of ``saferelbench run`` and an argument
of the Inspect task (``-T name=value``), with the field's default and its help text (the
field's ``description``, or the docstring written under it). :func:`parameters` lists them;
the command line (``cli.run_options``) and the task (``inspect_adapter.task``) build their
signatures from that list, so a new field needs no other edit.

A field offered in another shape carries an :class:`Option` in its ``Annotated`` metadata: its
own flags (``--save-frames/--no-frames``), a command-line type (a file path where the
configuration holds the file's content), a place on one side only, or several parameters for
one composite field (the prompt options).
"""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel
from pydantic_core import PydanticUndefined

__all__ = ["Option", "Parameter", "parameters"]


@dataclass(frozen=True)
class Parameter:
    """One run option as the command line and the Inspect task offer it."""

    name: str
    #: the value's type on the command line (typer reads it)
    annotation: Any
    default: Any
    help: str = ""
    #: command-line declaration, e.g. ``("--save-frames/--no-frames",)``; empty: ``--name``
    flags: tuple[str, ...] = ()
    #: the value's type as an Inspect task argument (None: ``annotation``)
    task_annotation: Any = None
    cli: bool = True
    task: bool = True
    #: the lowest value the command line accepts (typer's ``min``), if any
    minimum: int | None = None
    #: how help names the value (None: its type)
    metavar: str | None = None
    #: a positional command-line argument rather than an option
    argument: bool = False

    @property
    def task_type(self) -> Any:
        return self.annotation if self.task_annotation is None else self.task_annotation

    @property
    def is_flag(self) -> bool:
        return self.annotation is bool


@dataclass(frozen=True)
class Option:
    """How a field is offered where it differs from the plain rule (one parameter named after
    the field, of the field's type, on both sides)."""

    flags: tuple[str, ...] = ()
    help: str | None = None
    cli_type: Any = None
    task_type: Any = None
    cli: bool = True
    task: bool = True
    #: the lowest value the command line accepts (typer checks it; the configuration's own
    #: checks give their messages otherwise)
    minimum: int | None = None
    metavar: str | None = None
    #: a positional command-line argument rather than an option
    argument: bool = False
    #: the parameters one composite field is offered as (its own name and type are then unused)
    expand: tuple[Parameter, ...] = ()


def _plain_type(annotation: Any) -> Any:
    """``Literal[...]`` offered as ``str`` (the configuration checks the value and names the
    choices in its message); other types as they are."""
    if typing.get_origin(annotation) is Literal:
        return str
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        args = typing.get_args(annotation)
        if any(typing.get_origin(a) is Literal for a in args):
            return str | None if type(None) in args else str
    return annotation


def _default(field: Any) -> Any:
    if field.default is not PydanticUndefined:
        return field.default
    if field.default_factory is not None:
        return field.default_factory()
    return ...


def parameters(model: type[BaseModel]) -> list[Parameter]:
    """The run options ``model`` declares, in field order (composite fields expanded)."""
    found: list[Parameter] = []
    for name, field in model.model_fields.items():
        option = next((m for m in field.metadata if isinstance(m, Option)), Option())
        if option.expand:
            found.extend(option.expand)
            continue
        found.append(
            Parameter(
                name=name,
                annotation=option.cli_type or _plain_type(field.annotation),
                default=_default(field),
                help=option.help or field.description or "",
                flags=option.flags,
                task_annotation=option.task_type or _plain_type(field.annotation),
                cli=option.cli,
                task=option.task,
                minimum=option.minimum,
                metavar=option.metavar,
                argument=option.argument,
            )
        )
    return found
