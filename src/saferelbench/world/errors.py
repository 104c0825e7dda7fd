"""The base of every error the project raises on purpose (bad input, a run directory it
cannot use, a model call that failed): ``except SafeRelBenchError`` catches them all, and each
message names the file, the sample and the field where it can."""

from __future__ import annotations

from typing import Any


class SafeRelBenchError(Exception):
    """An error of SafeRelBench with a message meant for the user."""


class InputError(SafeRelBenchError, ValueError):
    """Bad input (a file, a field, an option): the message names the file, the line, the
    sample and the field where they are known."""


def describe_validation_error(err: Any) -> str:
    """The first field error of a pydantic ``ValidationError`` as
    ``field 'steps[0].outcome': message``."""
    first = err.errors()[0]
    where = ""
    for part in first["loc"]:
        where += f"[{part}]" if isinstance(part, int) else (f".{part}" if where else str(part))
    return f"field '{where or '(record)'}': {first['msg']}"
