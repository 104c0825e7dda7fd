"""How hard a ``--model`` run tries before it gives up on one model call.

Inspect AI retries a model call that failed with a *transient* error: HTTP 429, 408, 409 and
5xx, a dropped or refused connection, a read timeout, and an attempt that exceeded
``attempt_timeout``. Its defaults are unbounded (retry forever, no time limit per attempt), so a
server that stays broken would stall a paid run for ever; a run here bounds both. A call that
is still failing after the budget raises, and the episode ends with ``ended_by="error"`` and the
reason (counted as a failure; ``--resume --retry-errors`` runs it again later).

Two layers retry, and this policy sets the outer one:

- the provider's own SDK (OpenAI's client for ``openai/``, ``openai-api/``, ``vllm/``): 2 quick
  retries (0.5-8 s back-off, *honouring Retry-After* up to 2 minutes); ``-M max_retries=N``
  changes it for OpenAI-based providers;
- Inspect around it: ``max_retries`` retries with exponential back-off starting at 3 s (plus
  up to 3 s jitter: about 3, 6, 12, 24, 48, 96 s), until ``timeout`` seconds have passed since
  the first attempt; every attempt is cut at ``attempt_timeout`` seconds.

Errors that are not transient (400, 401, 403, 404, 422, an unreadable response body) are not
retried by either layer: the episode ends at once with the reason.

See docs/reliability.md for the table of faults and what each one does to a run.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: Defaults of ``saferelbench run --model`` (see the module docstring).
DEFAULT_MAX_RETRIES = 6
DEFAULT_TIMEOUT = 900  #: seconds for one call, all retries included (15 min)
DEFAULT_ATTEMPT_TIMEOUT = 180  #: seconds for one attempt (a VLM answering an image can be slow)


@dataclass(frozen=True)
class RetryPolicy:
    """Inspect's retry settings for one run; ``None`` leaves Inspect's own (unbounded) default."""

    max_retries: int | None = DEFAULT_MAX_RETRIES
    timeout: int | None = DEFAULT_TIMEOUT
    attempt_timeout: int | None = DEFAULT_ATTEMPT_TIMEOUT

    def __post_init__(self) -> None:
        for name in ("max_retries", "timeout", "attempt_timeout"):
            value = getattr(self, name)
            if value is not None and (
                not isinstance(value, int) or value < (0 if name == "max_retries" else 1)
            ):
                floor = 0 if name == "max_retries" else 1
                raise ValueError(f"{name} must be an integer of at least {floor}, got {value!r}")

    def eval_args(self) -> dict[str, Any]:
        """Keyword arguments for ``inspect_ai.eval`` (GenerateConfig fields)."""
        return {k: v for k, v in self.as_dict().items() if v is not None}

    def as_dict(self) -> dict[str, int | None]:
        return {
            "max_retries": self.max_retries,
            "timeout": self.timeout,
            "attempt_timeout": self.attempt_timeout,
        }


DEFAULT_RETRY = RetryPolicy()
