"""The one JSON / JSONL reader: every file the project reads (samples, IS-Bench tasks, plans,
run directories, report inputs) goes through it, so a bad file always gets the same kind of
message: ``FILE: line N, sample 'ID': field 'NAME': reason``.

- :func:`read_json`: one JSON document;
- :func:`iter_jsonl`: the objects of a JSONL file with their line numbers (a torn last line,
  what a crash mid-append leaves, can be skipped instead of raised);
- :func:`validate`: a pydantic model from a parsed object, the first field error named.

Each function raises ``error`` (default :class:`~saferelbench.world.errors.InputError`): a
caller passes its own subclass so that its ``except`` clauses keep working.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from saferelbench.world.errors import InputError, describe_validation_error

M = TypeVar("M", bound=BaseModel)
E = type[Exception]

#: A hint added to the error of a torn last line.
TORN_HINT = (
    " (a torn last line: the run was interrupted; `saferelbench run --resume --out RUN` repairs it)"
)


def _where(path: Path | str, line: int | None = None, sample: object = None) -> str:
    out = str(path)
    if line is not None:
        out += f": line {line}"
    if sample is not None:
        out += f", sample {str(sample)!r}" if line is not None else f": sample {str(sample)!r}"
    return out


def read_bytes(path: Path, error: E = InputError) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise error(f"{path}: cannot read: {exc.strerror or exc}") from None


def parse(text: str | bytes, where: str, error: E = InputError) -> Any:
    """``json.loads`` with the project's messages (``where`` names the file and line)."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise error(f"{where}: not UTF-8 text (byte {exc.start + 1})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        line = f"line {exc.lineno} " if "line" not in where else ""
        raise error(f"{where}: not valid JSON ({exc.msg}, {line}column {exc.colno})") from None
    except RecursionError:  # pathologically nested input
        raise error(f"{where}: not valid JSON (nested too deeply)") from None


def read_json(path: Path | str, error: E = InputError) -> Any:
    """One JSON document."""
    path = Path(path)
    return parse(read_bytes(path, error), str(path), error)


def iter_jsonl(
    path: Path | str, *, error: E = InputError, skip_torn_tail: bool = False, kind: str = "record"
) -> Iterator[tuple[int, dict[str, Any]]]:
    """``(line number, object)`` for every non-blank line; a line that is not a JSON object is
    an error naming the line. ``skip_torn_tail``: a last line without its newline that does not
    parse is skipped (else its error says it is torn)."""
    path = Path(path)
    data = read_bytes(path, error)
    lines = data.split(b"\n")
    for number, raw_line in enumerate(lines, start=1):
        if not raw_line.strip():
            continue
        torn = number == len(lines)  # no newline after it: possibly cut by a crash
        try:
            value = parse(raw_line, _where(path, number), error)
        except Exception as exc:
            if not isinstance(exc, error):
                raise
            if torn and skip_torn_tail:
                return
            if torn:
                raise error(f"{exc}{TORN_HINT}") from None
            raise
        if not isinstance(value, dict):
            raise error(
                f"{_where(path, number)}: a {kind} is a JSON object, got {type(value).__name__}"
            )
        yield number, value


def validate(
    model: type[M],
    raw: Any,
    *,
    path: Path | str,
    line: int | None = None,
    sample: object = None,
    error: E = InputError,
) -> M:
    """``model.model_validate(raw)``; a failure names the file, line, sample and field."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        raise error(f"{_where(path, line, sample)}: {describe_validation_error(exc)}") from None
