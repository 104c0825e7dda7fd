"""A scripted OpenAI-compatible HTTP server on 127.0.0.1, standing in for a real model.

It answers ``GET /v1/models`` and ``POST /v1/chat/completions`` (non-streaming) with whatever
a *script* returns for the request, and keeps every request body, so tests can check what a
provider really sent (the image data URI, the prompt text, the temperature) and benchmarks can
measure the harness's overhead per call without a model.

A script is ``(request_body: dict) -> str | Reply`` (or a dict of Reply's fields). A :class:`Reply` can also ask for an HTTP
error status, a delay, a body cut short, a raw body or a dropped connection. A script object
with a ``respond(request: Request) -> str | Reply`` method also gets the request's headers and
arrival number: :mod:`saferelbench.testing.faults` builds fault injection on that.
Stdlib only (``http.server`` in a daemon thread).

From a shell, ``python -m saferelbench.testing.fake_server --host 127.0.0.1 --port 8765``
serves a model that plays each sample's golden plan (recognised by its instruction), so the
``--model`` path can be tried offline (docs/harness.md).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from saferelbench.testing.chat import image_urls, user_text

__all__ = ["FakeOpenAIServer", "Reply", "Request", "completion_body", "image_urls", "user_text"]


@dataclass
class Reply:
    """One scripted answer."""

    text: str = ""
    status: int = 200  #: HTTP status; not 200 sends an OpenAI-style error body
    delay: float = 0.0  #: seconds to wait before answering
    truncate: int | None = None  #: send only the first N bytes of the body
    raw_body: bytes | None = None  #: send exactly these bytes instead of a completion
    headers: dict[str, str] | None = None  #: extra headers (e.g. Retry-After)
    drop: bool = False  #: close the connection without answering at all
    finish_reason: str = "stop"
    #: reported usage; None: counted from the request (4 characters of text a token, 85 an
    #: image) and from the answer, so it varies with the prompt as a provider's would
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    #: tool calls to answer with, each ``{"name": ..., "arguments": dict or raw JSON text}``
    #: (the finish reason becomes ``tool_calls``); ``text`` is then the message's content
    tool_calls: list[dict[str, Any]] | None = None


def count_prompt_tokens(body: dict[str, Any]) -> int:
    """The fake provider's input-token count of a request: 4 characters of text a token (at
    least 1 a message), 85 tokens an image."""
    tokens = 0
    for message in body.get("messages") or []:
        content = message.get("content")
        parts = content if isinstance(content, list) else [{"type": "text", "text": content}]
        chars = 0
        for part in parts:
            if not isinstance(part, dict):
                continue
            if part.get("type") == "image_url":
                tokens += 85
            else:
                chars += len(str(part.get("text") or ""))
        tokens += max(1, chars // 4)
    return tokens


def reported_usage(reply: Reply, body: dict[str, Any]) -> dict[str, int]:
    """The usage block the server sends with ``reply`` to ``body``."""
    prompt = reply.prompt_tokens if reply.prompt_tokens is not None else count_prompt_tokens(body)
    completion = (
        reply.completion_tokens
        if reply.completion_tokens is not None
        else max(1, len(reply.text) // 4)
    )
    return {
        "prompt_tokens": prompt,
        "completion_tokens": completion,
        "total_tokens": prompt + completion,
    }


Script = Callable[[dict[str, Any]], "str | Reply | dict[str, Any]"]


@dataclass(frozen=True)
class Request:
    """One chat request as a ``respond`` script sees it."""

    index: int  #: 1-based arrival number (over the server's life)
    body: dict[str, Any]
    headers: dict[str, str]  #: lower-case names


def completion_body(
    model: str, reply: Reply, index: int, body: dict[str, Any] | None = None
) -> dict[str, Any]:
    return {
        "id": f"chatcmpl-fake-{index}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": _message(reply, index),
                "finish_reason": "tool_calls" if reply.tool_calls else reply.finish_reason,
            }
        ],
        "usage": reported_usage(reply, body or {}),
    }


def _message(reply: Reply, index: int) -> dict[str, Any]:
    """The assistant message of a completion: its text, and its tool calls if any."""
    if not reply.tool_calls:
        return {"role": "assistant", "content": reply.text}
    calls = []
    for i, call in enumerate(reply.tool_calls):
        arguments = call.get("arguments") or {}
        calls.append(
            {
                "id": f"call_{index}_{i}",
                "type": "function",
                "function": {
                    "name": str(call["name"]),
                    "arguments": arguments if isinstance(arguments, str) else json.dumps(arguments),
                },
            }
        )
    return {"role": "assistant", "content": reply.text or None, "tool_calls": calls}


class _Server(ThreadingHTTPServer):
    #: the default backlog (5) refuses connections when 64 clients start at once
    request_queue_size = 256


class FakeOpenAIServer:
    """Use as a context manager: ``with FakeOpenAIServer(script) as server: server.base_url``."""

    def __init__(
        self,
        script: Script,
        *,
        models: tuple[str, ...] = ("scripted",),
        host: str = "127.0.0.1",
        port: int = 0,
    ) -> None:
        self.script = script
        self.host = host
        self._port = port  #: 0: any free port
        self.models = models
        self.requests: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        #: the usage block of every completion sent (what a provider bills), in send order
        self.usage: list[dict[str, int]] = []
        self._lock = threading.Lock()
        self._closing = threading.Event()  #: set on stop: ends scripted stalls early
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # ----- life cycle ---------------------------------------------------------------------------
    def start(self) -> FakeOpenAIServer:
        handler = _make_handler(self)
        self._httpd = _Server((self.host, self._port), handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, name="fake-openai", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        self._closing.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()
            self._httpd = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> FakeOpenAIServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        assert self._httpd is not None, "server not started"
        return int(self._httpd.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}/v1"

    # ----- handling ----------------------------------------------------------------------------
    def _record(self, body: dict[str, Any], headers: dict[str, str]) -> int:
        with self._lock:
            self.requests.append(body)
            self.headers.append(headers)
            return len(self.requests)

    def answer(
        self, body: dict[str, Any], headers: dict[str, str] | None = None, index: int = 0
    ) -> Reply:
        respond = getattr(self.script, "respond", None)
        if respond is not None:
            out = respond(Request(index=index, body=body, headers=dict(headers or {})))
        else:
            out = self.script(body)
        # a str is the answer's text, a dict the fields of a Reply; anything else is a Reply
        # (by shape: under ``python -m`` this module's Reply and an imported one are two classes)
        if isinstance(out, dict):
            return Reply(**out)
        return Reply(text=out) if isinstance(out, str) else out

    def wait(self, seconds: float) -> None:
        """Sleep for a scripted delay, but wake up when the server stops."""
        self._closing.wait(seconds)


def _make_handler(server: FakeOpenAIServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        # Headers and body go out in two writes; without TCP_NODELAY, Nagle's algorithm and the
        # client's delayed ACK add ~40 ms to every keep-alive response.
        disable_nagle_algorithm = True

        def log_message(self, format: str, *args: Any) -> None:  # keep test output quiet
            return

        def _send(
            self,
            status: int,
            body: bytes,
            headers: dict[str, str] | None = None,
            length: int | None = None,
        ) -> None:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(length if length is not None else len(body)))
            for k, v in (headers or {}).items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(body)
            self.wfile.flush()

        def do_GET(self) -> None:
            if self.path.rstrip("/").endswith("/models"):
                data = {
                    "object": "list",
                    "data": [
                        {"id": m, "object": "model", "owned_by": "fake"} for m in server.models
                    ],
                }
                self._send(200, json.dumps(data).encode())
            else:
                self._send(404, b'{"error": {"message": "not found"}}')

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            if not self.path.rstrip("/").endswith("/chat/completions"):
                self._send(404, b'{"error": {"message": "not found"}}')
                return
            try:
                body = json.loads(raw or b"{}")
            except json.JSONDecodeError:
                self._send(400, b'{"error": {"message": "bad json"}}')
                return
            headers = {k.lower(): v for k, v in self.headers.items()}
            index = server._record(body, headers)
            try:
                reply = server.answer(body, headers, index)
            except Exception as exc:  # a broken script is a 500, visible to the client
                msg = json.dumps(
                    {"error": {"message": f"script failed: {exc}", "type": "server_error"}}
                )
                self._send(500, msg.encode())
                return
            if reply.delay:
                server.wait(reply.delay)
            if reply.drop:  # no status line at all: the client sees the connection close
                self.close_connection = True
                return
            try:
                self._reply(reply, body, index)
            except OSError:  # the client gave up first (a stall past its timeout)
                self.close_connection = True

        def _reply(self, reply: Reply, body: dict[str, Any], index: int) -> None:
            if reply.raw_body is not None:
                payload = reply.raw_body
            elif reply.status != 200:
                payload = json.dumps(
                    {
                        "error": {
                            "message": reply.text or f"status {reply.status}",
                            "type": "fake_error",
                            "code": reply.status,
                        }
                    }
                ).encode()
            else:
                completion = completion_body(str(body.get("model", "scripted")), reply, index, body)
                payload = json.dumps(completion).encode()
                if reply.truncate is None:
                    with server._lock:
                        server.usage.append(dict(completion["usage"]))
            if reply.truncate is not None:
                # Announce the full length, send less, then close: a connection cut mid-body.
                self._send(
                    reply.status, payload[: reply.truncate], reply.headers, length=len(payload)
                )
                self.close_connection = True
                return
            self._send(reply.status, payload, reply.headers)

    return Handler


# ----- helpers for scripts ----------------------------------------------------------------------


# ----- command line -------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    """``python -m saferelbench.testing.fake_server``: serve a scripted model until Ctrl-C."""
    import argparse
    import sys

    from saferelbench.testing.scripts import FixedAnswer, GoldenPlanPlayer

    parser = argparse.ArgumentParser(
        prog="python -m saferelbench.testing.fake_server",
        description="A scripted OpenAI-compatible server, to try `saferelbench run --model` offline.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    parser.add_argument("--port", type=int, default=8765, help="port (0: any free port)")
    parser.add_argument(
        "--script",
        choices=("golden", "done", "probe"),
        default="golden",
        help="golden: play each sample's golden plan (default); done: answer DONE at once; "
        "probe: answer the perception probe's questions about --ids as the models probe-state "
        "(from the state) and probe-random (guesses)",
    )
    parser.add_argument("--ids", default="", help="probe: comma-separated sample ids")
    parser.add_argument("--max-steps", type=int, default=None, help="probe: its --max-steps")
    args = parser.parse_args(argv)
    script: Script = GoldenPlanPlayer() if args.script == "golden" else FixedAnswer("DONE")
    models: tuple[str, ...] = ("scripted",)
    if args.script == "probe":
        from saferelbench.dataset.store import get_sample
        from saferelbench.testing.probe_answers import PROBE_MODELS, ProbeAnswers

        ids = [i for i in args.ids.split(",") if i]
        if not ids:
            parser.error("--script probe needs --ids")
        script = ProbeAnswers([get_sample(i) for i in ids], max_steps=args.max_steps)
        models = PROBE_MODELS
    try:
        server = FakeOpenAIServer(script, host=args.host, port=args.port, models=models).start()
    except OSError as exc:
        print(f"error: cannot listen on {args.host}:{args.port}: {exc.strerror}", file=sys.stderr)
        return 2
    print(server.base_url, flush=True)
    print(
        f"try: LOCAL_BASE_URL={server.base_url} LOCAL_API_KEY=none "
        "saferelbench run --model openai-api/local/fake --limit 3 --no-images",
        file=sys.stderr,
        flush=True,
    )
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
