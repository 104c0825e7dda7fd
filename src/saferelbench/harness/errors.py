"""Turning failures into recorded reasons, and keeping secrets out of everything written.

- :func:`describe_error`: one readable line for an exception that ended an episode (Inspect
  wraps a call that failed after its retries in ``tenacity.RetryError``, whose text names
  nothing useful: we unwrap it and say how many attempts were made).
- :func:`clean_text`: model text made safe to store (a lone surrogate, legal in JSON and so in
  a decoded answer, cannot be encoded as UTF-8 and would make the episode unwritable).
- :class:`Redactor`: the secret values of this process (API keys and tokens from the
  environment, keys given as model arguments) replaced by ``[REDACTED]`` wherever a message is
  recorded or printed (:func:`saferelbench.inspect_adapter.scrub.scrub_file` applies it to
  files written by others, Inspect logs); :func:`install_log_redaction` applies it to every log record (Inspect's trace file
  ``~/.local/share/inspect_ai/traces/`` and its console output keep the text of provider errors,
  which may echo request headers).
"""

from __future__ import annotations

import logging
import os
import re
import traceback
from collections.abc import Iterable, Mapping
from typing import Any

#: What a reason may hold (the raw answer is kept in full elsewhere; this is a summary).
MAX_REASON = 600
REDACTED = "[REDACTED]"
#: Environment variables (and model arguments) whose values are secrets.
SECRET_NAME = re.compile(r"(?i)(api[_-]?key|token|secret|passw(or)?d|credential|access[_-]?key)")
#: Shorter values are not treated as secrets (``LOCAL_API_KEY=x`` in tests; replacing "x"
#: everywhere would wreck the logs and protect nothing).
MIN_SECRET = 8


def clean_text(text: str) -> str:
    """``text`` with lone surrogates replaced by U+FFFD, so it can always be written as UTF-8."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")


def _one_line(exc: BaseException) -> str:
    name = type(exc).__name__
    message = str(exc).strip()
    if type(exc).__name__ == "AttemptTimeoutError" or isinstance(exc, TimeoutError):
        message = message or "timed out"
    status = getattr(exc, "status_code", None)
    head = f"HTTP {status} {name}" if isinstance(status, int) else name
    return f"{head}: {message}" if message else head


def describe_error(exc: BaseException | str, *, redactor: Redactor | None = None) -> str:
    """One line (at most :data:`MAX_REASON` characters) saying why a model call failed."""
    if isinstance(exc, str):
        text = exc
    else:
        attempts = None
        last = getattr(exc, "last_attempt", None)  # tenacity.RetryError: Inspect gave up
        if last is not None and callable(getattr(last, "exception", None)):
            attempts = getattr(last, "attempt_number", None)
            inner = last.exception()
            if isinstance(inner, BaseException):
                exc = inner
        # Inspect's ModelGenerateError leads with the whole request (prompt, even images):
        # the provider's own error, which it keeps as the cause, is the reason.
        cause = exc.__cause__
        if getattr(exc, "provider_message", None) is not None and isinstance(cause, BaseException):
            exc = cause
        text = _one_line(exc)
        if attempts:
            text = f"model call failed after {attempts} attempt(s): {text}"
    text = " ".join(clean_text(text).split())
    if redactor is not None:
        text = redactor(text)
    return text if len(text) <= MAX_REASON else text[: MAX_REASON - 1] + "…"


class Redactor:
    """Replaces known secret values by :data:`REDACTED`. Callable on a string."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        # longest first, so a key that contains another is replaced whole
        self.secrets = sorted(
            {s for s in secrets if isinstance(s, str) and len(s) >= MIN_SECRET},
            key=len,
            reverse=True,
        )

    @classmethod
    def from_environment(
        cls, extra: Mapping[str, Any] | None = None, env: Mapping[str, str] | None = None
    ) -> Redactor:
        """Secrets of ``env`` (default: os.environ) and string values of ``extra`` (e.g. model
        arguments) whose names look like keys, tokens or passwords."""
        env = os.environ if env is None else env
        values = [v for k, v in env.items() if SECRET_NAME.search(k)]
        values += [
            str(v) for k, v in (extra or {}).items() if SECRET_NAME.search(str(k)) and v is not None
        ]
        return cls(values)

    def __bool__(self) -> bool:
        return bool(self.secrets)

    def __call__(self, text: str) -> str:
        for secret in self.secrets:
            if secret in text:
                text = text.replace(secret, REDACTED)
        return text

    def bytes(self, data: bytes) -> bytes:
        for secret in self.secrets:
            raw = secret.encode("utf-8")
            if raw in data:
                data = data.replace(raw, REDACTED.encode())
        return data


class RedactingFilter(logging.Filter):
    """A handler filter that rewrites a record's message, arguments, extra fields and
    exception text without the secrets (filters run before the handler formats)."""

    def __init__(self) -> None:
        super().__init__("")
        self.redactor = Redactor()

    def add(self, redactor: Redactor) -> None:
        self.redactor = Redactor([*self.redactor.secrets, *redactor.secrets])

    def filter(self, record: logging.LogRecord) -> bool:
        r = self.redactor
        if not r:
            return True
        try:
            message = record.getMessage()
        except Exception:  # a broken format string: leave it to the handler's own error path
            message = None
        if message is not None and r(message) != message:
            record.msg, record.args = r(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = "".join(traceback.format_exception(*record.exc_info)).rstrip()
        for key, value in list(record.__dict__.items()):
            if isinstance(value, str) and key != "msg":
                cleaned = r(value)
                if cleaned != value:
                    record.__dict__[key] = cleaned
        return True


_LOG_FILTER = RedactingFilter()


def install_log_redaction(redactor: Redactor) -> None:
    """Redact ``redactor``'s secrets from every record of every logging handler that exists
    now (call it once the handlers are set up, e.g. when Inspect runs the first sample).
    Idempotent; secrets accumulate over calls."""
    if not redactor:
        return
    _LOG_FILTER.add(redactor)
    loggers: list[logging.Logger] = [logging.getLogger()]
    loggers += [
        lg for lg in logging.Logger.manager.loggerDict.values() if isinstance(lg, logging.Logger)
    ]
    for logger in loggers:
        for handler in logger.handlers:
            if _LOG_FILTER not in handler.filters:
                handler.addFilter(_LOG_FILTER)
            inner = getattr(
                handler, "trace_logger", None
            )  # Inspect's LogHandler writes its trace file itself
            if isinstance(inner, logging.Handler) and _LOG_FILTER not in inner.filters:
                inner.addFilter(_LOG_FILTER)
