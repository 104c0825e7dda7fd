"""The Inspect task's arguments, made from the run configuration's fields.

:func:`config_task` turns ``body(config, **own)`` into a task function whose signature holds one
parameter per task option of the configuration class (``harness.options.parameters``) and then
``body``'s own keyword parameters. Inspect reads that signature (``inspect eval ... -T
name=value``, the registry's parameter list, the arguments recorded in a log), so a field added
to the configuration is a task argument with no other edit.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, TypeVar

from saferelbench.harness.config import RunConfig
from saferelbench.harness.options import parameters

__all__ = ["config_task"]

R = TypeVar("R")


def config_task(
    config_type: type[RunConfig],
) -> Callable[[Callable[..., R]], Callable[..., R]]:
    """Decorate ``body(config, **own)``: the result takes the task options of ``config_type``
    and ``body``'s own parameters, builds the configuration (a bad value raises
    :class:`~saferelbench.harness.config.RunConfigError` naming it) and calls ``body``."""

    def decorate(body: Callable[..., R]) -> Callable[..., R]:
        own = list(inspect.signature(body).parameters.values())[1:]
        kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
        options = [p for p in parameters(config_type) if p.task]
        taken = {p.name for p in options}
        clash = [p.name for p in own if p.name in taken]
        if clash:
            raise TypeError(f"{body.__name__}: {', '.join(clash)} is a run option already")
        signature = inspect.Signature(
            [
                inspect.Parameter(p.name, kind, default=p.default, annotation=p.task_type)
                for p in options
            ]
            + [p.replace(kind=kind) for p in own],
            return_annotation=inspect.signature(body).return_annotation,
        )

        @functools.wraps(body)
        def task_function(*args: Any, **kwargs: Any) -> R:
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            values = dict(bound.arguments)
            rest = {p.name: values.pop(p.name) for p in own}
            return body(config_type.build(**values), **rest)

        task_function.__signature__ = signature  # type: ignore[attr-defined]
        task_function.__annotations__ = {
            **{p.name: p.task_type for p in options},
            **{p.name: p.annotation for p in own},
        }
        return task_function

    return decorate
