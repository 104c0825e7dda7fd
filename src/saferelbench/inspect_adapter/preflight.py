"""Checking, before a paid run starts, that the model's server can be reached at all.

With Inspect's defaults a call to a mistyped base URL is retried for minutes, on every sample.
:func:`unreachable` opens one TCP connection to the provider's base URL (no HTTP request, no
tokens) and says why it failed, so ``saferelbench run`` can stop at once with one line.
The URL is the one Inspect reads: ``-M base_url=...`` or the provider's ``<PROVIDER>_BASE_URL``
variable (``openai-api/<service>/...``: ``<SERVICE>_BASE_URL``). Providers without one (their
own default endpoint) and the in-process ``saferelbench/*`` providers are not checked.
"""

from __future__ import annotations

import os
import socket
from typing import Any
from urllib.parse import urlsplit

#: Seconds to wait for the TCP connection.
CONNECT_TIMEOUT = 10.0
#: Providers served in-process: nothing to connect to.
IN_PROCESS = ("saferelbench/", "mockllm/", "none/")


def base_url(model: str, model_args: dict[str, Any] | None = None) -> str | None:
    """The base URL Inspect will call for ``model``, when one is known."""
    args = model_args or {}
    if isinstance(args.get("base_url"), str):
        return str(args["base_url"])
    provider = model.split("/", 1)[0]
    if provider == "openai-api":  # openai-api/<service>/<model>: <SERVICE>_BASE_URL
        service = model.split("/")[1] if model.count("/") >= 2 else ""
        return os.environ.get(f"{service.upper().replace('-', '_')}_BASE_URL")
    # Inspect's providers read <PROVIDER>_BASE_URL; the provider object itself is not built
    # here (some start a local server when they have no URL)
    return os.environ.get(f"{provider.upper().replace('-', '_')}_BASE_URL") or None


def unreachable(
    model: str, model_args: dict[str, Any] | None = None, timeout: float = CONNECT_TIMEOUT
) -> str | None:
    """Why ``model``'s server cannot be reached (one line), or None when it can (or when
    there is nothing to check)."""
    if model.startswith(IN_PROCESS):
        return None
    url = base_url(model, model_args)
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        with socket.create_connection((parts.hostname, port), timeout=timeout):
            return None
    except socket.gaierror as exc:
        why = f"unknown host {parts.hostname!r} ({exc.strerror or exc})"
    except TimeoutError:
        why = f"no answer within {timeout:g} s"
    except ConnectionRefusedError:
        why = "connection refused (is the server running on that port?)"
    except OSError as exc:
        why = exc.strerror or type(exc).__name__
    if not _builds(model, model_args):
        return None  # the eval reports the provider's own, earlier error (a missing key ...)
    return f"cannot connect to {url}: {why}"


def _builds(model: str, model_args: dict[str, Any] | None) -> bool:
    """Whether Inspect can make the model's client (it can when the key and provider exist).
    Only asked once a base URL is known, so no provider starts a local server of its own."""
    try:
        from inspect_ai.model import get_model

        get_model(model, memoize=False, **(model_args or {}))
    except Exception:  # noqa: BLE001 (any reason: the eval will say it)
        return False
    return True
