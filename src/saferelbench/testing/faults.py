"""Fault injection for :class:`~saferelbench.testing.fake_server.FakeOpenAIServer`.

Wrap a clean script (one that answers like a working model) in :class:`FaultyScript` with
:class:`Rule` s saying *which* requests go wrong (by arrival number, every n-th, the first n,
a seeded share, or a predicate on the request) and *how* (a :data:`Fault`)::

    script = FaultyScript(PlanPlayer(plans), Rule(http_error(500), every=3))
    with FakeOpenAIServer(script) as server: ...

The faults cover the server side (HTTP errors, rate limits, stalls, dropped or cut connections,
bodies that are not JSON or not UTF-8) and the model side (prose instead of JSON, hallucinated
object names, wrong arity, 50 KB of garbage, lone surrogates, a caution holding HTML and a
``<script>``). :attr:`FaultyScript.injected` records every fault dealt, for assertions.
"""

from __future__ import annotations

import json
import random
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from saferelbench.testing.fake_server import Reply, Request, completion_body

#: ``(request, clean_answer_text) -> Reply``; ``__name__`` names the fault in :attr:`injected`.
Fault = Callable[[Request, str], Reply]

ACTION_RE = re.compile(r"([A-Z_]+)\(([^()]*)\)")
HALLUCINATED = "unicorn.n.01_1"
SCRIPT_CAUTION = '<script>alert("pwned")</script><b onmouseover="x()">Hot</b> pan & "steam" </div>'


def _named(name: str, fn: Fault) -> Fault:
    fn.__name__ = name
    return fn


# ----- server faults ----------------------------------------------------------------------------


def http_error(
    status: int = 500, message: str = "internal server error", *, echo_headers: bool = False
) -> Fault:
    """An HTTP error with an OpenAI-style error body; ``echo_headers`` puts the request's
    headers (Authorization included) into the message, as careless servers and proxies do."""

    def fault(request: Request, clean: str) -> Reply:
        text = message + (
            f" (request headers: {json.dumps(request.headers)})" if echo_headers else ""
        )
        return Reply(status=status, text=text)

    return _named(f"http_{status}", fault)


def rate_limited(retry_after: float = 1.0) -> Fault:
    """HTTP 429 with a ``Retry-After`` header (seconds)."""

    def fault(request: Request, clean: str) -> Reply:
        value = str(int(retry_after)) if float(retry_after).is_integer() else str(retry_after)
        return Reply(
            status=429, text="rate limit exceeded, slow down", headers={"Retry-After": value}
        )

    return _named("rate_limited", fault)


def stall(seconds: float) -> Fault:
    """Answer correctly, but only after ``seconds`` (past the client's timeout)."""

    def fault(request: Request, clean: str) -> Reply:
        return Reply(text=clean, delay=seconds)

    return _named("stall", fault)


def drop() -> Fault:
    """Close the connection without sending a status line."""
    return _named("drop", lambda request, clean: Reply(drop=True))


def cut_connection(keep: int = 40) -> Fault:
    """Announce the full body, send only ``keep`` bytes, close: a connection lost mid-body."""
    return _named("cut_connection", lambda request, clean: Reply(text=clean, truncate=keep))


def _body(request: Request, text: str) -> bytes:
    return json.dumps(
        completion_body(str(request.body.get("model", "m")), Reply(text=text), request.index)
    ).encode()


def truncated_json() -> Fault:
    """A complete HTTP 200 response whose JSON body stops half way."""

    def fault(request: Request, clean: str) -> Reply:
        full = _body(request, clean)
        return Reply(raw_body=full[: len(full) // 2])

    return _named("truncated_json", fault)


def garbage_body(size: int = 50_000, seed: int = 0) -> Fault:
    """``size`` random bytes as the HTTP 200 body (neither JSON nor UTF-8)."""

    def fault(request: Request, clean: str) -> Reply:
        return Reply(raw_body=random.Random(seed * 1_000_003 + request.index).randbytes(size))

    return _named("garbage_body", fault)


def invalid_utf8() -> Fault:
    """A completion whose body holds bytes that are not UTF-8 inside the answer text."""

    def fault(request: Request, clean: str) -> Reply:
        return Reply(
            raw_body=_body(request, "@@BAD@@").replace(b"@@BAD@@", b"caution \xff\xfe\xc3( broken")
        )

    return _named("invalid_utf8", fault)


def lone_surrogate() -> Fault:
    """Valid JSON whose answer text holds an escaped lone surrogate (``\\ud800``): legal JSON,
    but not encodable as UTF-8 once decoded."""

    def fault(request: Request, clean: str) -> Reply:
        return Reply(
            raw_body=_body(request, clean + " @@SUR@@").replace(b"@@SUR@@", b"\\ud800 lone")
        )

    return _named("lone_surrogate", fault)


# ----- model faults (HTTP 200, a bad answer) ----------------------------------------------------


def prose(
    text: str = "I would carefully pick up the laptop and carry it to the desk, then I am done.",
) -> Fault:
    """An answer in prose, no JSON."""
    return _named("prose", lambda request, clean: Reply(text=text))


def _rewrite_action(clean: str, change: Callable[[str, list[str]], str], fallback: str) -> str:
    match = ACTION_RE.search(clean)
    if match is None or not match.group(2).strip():
        return json.dumps({"action": fallback, "caution": None})
    args = [a.strip() for a in match.group(2).split(",")]
    return json.dumps({"action": change(match.group(1), args), "caution": None})


def hallucinated_object() -> Fault:
    """The clean action with its first object replaced by one that is not in the scene."""

    def fault(request: Request, clean: str) -> Reply:
        text = _rewrite_action(
            clean,
            lambda skill, args: f"{skill}({', '.join([HALLUCINATED, *args[1:]])})",
            f"PLACE_ON_TOP({HALLUCINATED}, floor.n.01_1)",
        )
        return Reply(text=text)

    return _named("hallucinated_object", fault)


def wrong_arity() -> Fault:
    """The clean action with one argument too many."""

    def fault(request: Request, clean: str) -> Reply:
        text = _rewrite_action(
            clean,
            lambda skill, args: f"{skill}({', '.join([*args, args[-1]])})",
            "OPEN(a.n.01_1, b.n.01_1, c.n.01_1)",
        )
        return Reply(text=text)

    return _named("wrong_arity", fault)


def garbage(size: int = 50_000, seed: int = 0) -> Fault:
    """``size`` characters of printable junk (with stray brackets and quotes) as the answer."""
    alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789 {}[]()",:._-\n\t\\'

    def fault(request: Request, clean: str) -> Reply:
        rng = random.Random(seed * 1_000_003 + request.index)
        return Reply(text="".join(rng.choice(alphabet) for _ in range(size)))

    return _named("garbage", fault)


def html_caution(caution: str = SCRIPT_CAUTION) -> Fault:
    """The clean action, with a caution holding HTML and a ``<script>``."""

    def fault(request: Request, clean: str) -> Reply:
        match = re.search(r"\{.*\}", clean, re.S)
        try:
            answer = json.loads(match.group(0)) if match else {"action": "DONE"}
        except json.JSONDecodeError:
            answer = {"action": "DONE"}
        answer["caution"] = caution
        return Reply(text=json.dumps(answer))

    return _named("html_caution", fault)


# ----- which requests ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Rule:
    """Which requests get ``fault``: all the given selectors must agree (none given: every
    request). ``share`` is pseudo-random but fixed per arrival number and ``seed``."""

    fault: Fault
    requests: frozenset[int] | None = None  #: exact arrival numbers (1-based)
    every: int | None = None  #: every n-th request (n, 2n, ...)
    first: int | None = None  #: the first n requests
    share: float | None = None  #: this fraction of requests
    seed: int = 0
    when: Callable[[Request], bool] | None = None  #: a predicate on the request

    def matches(self, request: Request) -> bool:
        i = request.index
        if self.requests is not None and i not in self.requests:
            return False
        if self.every is not None and i % self.every != 0:
            return False
        if self.first is not None and i > self.first:
            return False
        if self.share is not None and random.Random(f"{self.seed}:{i}").random() >= self.share:
            return False
        return self.when is None or self.when(request)


class FaultyScript:
    """A clean script plus fault rules; the first matching rule decides a request's fault."""

    def __init__(self, script: Callable[[dict[str, Any]], str | Reply], *rules: Rule) -> None:
        self.script = script
        self.rules = list(rules)
        self.injected: list[tuple[int, str]] = []  #: (arrival number, fault name)
        self._lock = threading.Lock()

    def __call__(self, body: dict[str, Any]) -> str | Reply:  # plain-script use: no faults
        return self.script(body)

    def respond(self, request: Request) -> Reply:
        clean = self.script(request.body)
        clean_text = clean.text if isinstance(clean, Reply) else clean
        for rule in self.rules:
            if rule.matches(request):
                with self._lock:
                    self.injected.append((request.index, rule.fault.__name__))
                return rule.fault(request, clean_text)
        return clean if isinstance(clean, Reply) else Reply(text=clean)

    def count(self, name: str) -> int:
        return sum(1 for _, n in self.injected if n == name)
