"""What went wrong in a run, by reason: invalid answers and errored episodes grouped by the kind
of their reason, each kind with its count and its first occurrence (sample, step, the raw
answer as the agent wrote it). ``saferelbench run`` prints it after every run and uses it to
decide whether the run measured the agent at all (:attr:`Diagnosis.measured`).

A reason's *kind* is its text with the specifics taken out (quoted names, numbers, the
suggestion in parentheses): ``unknown object 'vase': not an object of this task (did you mean
vase.n.01_1?)`` and the same for ``'hamper'`` are one kind.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from saferelbench.evaluation.results import EpisodeResult

#: Errors that say the model cannot be reached or used at all (not one bad sample): no
#: connection, a timeout, a refused key, an unknown model or route.
UNREACHABLE = re.compile(
    r"connect|timed? ?out|timeout|HTTP 40[134]\b|Authentication|PermissionDenied|NotFound",
    re.IGNORECASE,
)
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
_PARENS = re.compile(r"\s*\([^()]*\)")
_NUMBER = re.compile(r"\d+(\.\d+)?")


def reason_kind(reason: str) -> str:
    """``reason`` without its specifics (quoted names, numbers, parentheses)."""
    text = reason.split("\n", 1)[0]
    text = _QUOTED.sub("…", text)
    for _ in range(2):  # nested parentheses
        text = _PARENS.sub("", text)
    text = _NUMBER.sub("N", text)
    text = text.split(": the answer is a bare action", 1)[0] + (
        ": a bare action" if ": the answer is a bare action" in reason else ""
    )
    return " ".join(text.split()).rstrip(" :;,") or "(no reason)"


@dataclass
class Kind:
    """One kind of invalid answer or error: how often, and where it first happened."""

    kind: str
    count: int = 0
    episodes: set[str] = field(default_factory=set)
    sample_id: str = ""
    step: int | None = None
    reason: str = ""  #: the first occurrence's full reason
    raw: str | None = None  #: the first occurrence's raw answer (None for an error)

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "count": self.count,
            "episodes": len(self.episodes),
            "first": {
                "sample_id": self.sample_id,
                "step": self.step,
                "reason": self.reason,
                "raw_output": self.raw,
            },
        }


@dataclass
class Diagnosis:
    """Invalid answers and errors of a set of episodes, by kind (most frequent first)."""

    episodes: int = 0
    answers: int = 0  #: steps with an answer (valid or not)
    readable: int = 0  #: answers that named a valid action
    invalid: list[Kind] = field(default_factory=list)
    errors: list[Kind] = field(default_factory=list)

    @property
    def invalid_count(self) -> int:
        return sum(k.count for k in self.invalid)

    @property
    def error_count(self) -> int:
        return sum(k.count for k in self.errors)

    @property
    def clean(self) -> bool:
        return not self.invalid and not self.errors

    @property
    def unreachable(self) -> bool:
        """Every episode ended in an error that says the model cannot be reached or used
        (:data:`UNREACHABLE`): no connection, timeouts, a refused key, an unknown model."""
        return (
            self.episodes > 0
            and self.error_count == self.episodes
            and all(UNREACHABLE.search(k.reason) for k in self.errors)
        )

    @property
    def hopeless(self) -> bool:
        """No answer could be read, and for a reason that will not go away by itself: every
        answer was unreadable, or the model could not be reached (a sample-specific server
        fault is not enough: the next samples may work)."""
        return not self.measured and (self.answers > 0 or self.unreachable)

    @property
    def measured(self) -> bool:
        """Whether the agent was measured at all: some answer named a valid action. A run
        where every call failed, or every answer was unreadable, measured the harness or the
        server, not the agent."""
        return self.readable > 0 or self.episodes == 0

    def to_json(self) -> dict[str, object]:
        return {
            "episodes": self.episodes,
            "answers": self.answers,
            "readable": self.readable,
            "invalid": [k.to_json() for k in self.invalid],
            "errors": [k.to_json() for k in self.errors],
            "measured": self.measured,
        }

    def headline(self) -> str:
        """One line: what was wrong, with the most frequent kind and its first raw answer."""
        parts = []
        if self.answers:
            parts.append(f"{self.invalid_count} of {self.answers} answer(s) unreadable")
        if self.errors:
            parts.append(f"{self.error_count} of {self.episodes} episode(s) ended in an error")
        text = "; ".join(parts) or "no answer"
        top = self.errors[0] if self.errors and not self.readable else None
        top = top or (self.invalid[0] if self.invalid else None)
        if top is not None:
            text += f"; most often: {top.reason}"
            if top.raw is not None:
                text += f" (first answer, {top.sample_id} step {top.step}: {short(top.raw)})"
        return text


def short(text: str, limit: int = 120) -> str:
    """``text`` on one line, cut to ``limit`` characters, quoted."""
    one = " ".join(text.split())
    return repr(one if len(one) <= limit else one[: limit - 1] + "…")


def diagnose(episodes: Iterable[EpisodeResult]) -> Diagnosis:
    """Group the invalid answers and the errors of ``episodes`` by kind."""
    out = Diagnosis()
    invalid: dict[str, Kind] = {}
    errors: dict[str, Kind] = {}
    for episode in episodes:
        out.episodes += 1
        for step in episode.steps:
            out.answers += 1
            if step.outcome != "invalid":
                out.readable += 1
                continue
            reason = step.reason or "(no reason)"
            kind = invalid.setdefault(reason_kind(reason), Kind(reason_kind(reason)))
            if not kind.count:
                kind.sample_id, kind.step, kind.reason = episode.sample_id, step.index, reason
                kind.raw = step.raw_output if step.raw_output is not None else ""
            kind.count += 1
            kind.episodes.add(episode.sample_id)
        if episode.ended_by == "error" or episode.error:
            reason = episode.error or "(no reason)"
            kind = errors.setdefault(reason_kind(reason), Kind(reason_kind(reason)))
            if not kind.count:
                kind.sample_id, kind.reason = episode.sample_id, reason
            kind.count += 1
            kind.episodes.add(episode.sample_id)
    out.invalid = sorted(invalid.values(), key=lambda k: -k.count)
    out.errors = sorted(errors.values(), key=lambda k: -k.count)
    return out
