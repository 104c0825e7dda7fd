"""Secrets (issue 7, section 4): an API key never appears in results, logs, reports or error
messages.

A canary key goes through a full ``saferelbench run --model`` (a subprocess, so stdout,
stderr and Inspect's own files are the real ones) against a fake server that echoes the
request headers — Authorization included — in its 401 and 500 error messages and, once, in a
model answer. Then ``saferelbench report`` runs (in-process) on the run directory and on its Inspect logs.
Every file produced (run directory, Inspect ``.eval`` members decompressed, reports, Inspect's
trace files under XDG_DATA_HOME decompressed) and every stdout/stderr is searched for the key.
"""

from __future__ import annotations

import gzip
import json
import logging
import os
import subprocess
import sys
import uuid
import zipfile
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("inspect_ai")

import inspect_ai.log  # noqa: E402,F401  (teaches zipfile the zstd members of .eval logs)
from typer.testing import CliRunner  # noqa: E402

from saferelbench.cli.main import app  # noqa: E402
from saferelbench.dataset.isbench import write_task  # noqa: E402
from saferelbench.harness.errors import (  # noqa: E402
    REDACTED,
    RedactingFilter,
    Redactor,
    describe_error,
)
from saferelbench.inspect_adapter.scrub import scrub_file  # noqa: E402
from saferelbench.testing.fake_server import FakeOpenAIServer, Reply, Request, user_text  # noqa: E402
from saferelbench.testing.faults import FaultyScript, Rule, http_error  # noqa: E402
from tests.harness.scripted_models import PlanPlayer  # noqa: E402
from tests.harness.tasks import SAFE_PLAN, laptop_task  # noqa: E402

CLI = str(Path(sys.executable).parent / "saferelbench")
INSTR = [
    "Move the laptop to the desk (401).",
    "Move the laptop to the desk (500).",
    "Move the laptop to the desk (echoed in the answer).",
    "Move the laptop to the desk (healthy).",
]


def echo_in_answer(request: Request, clean: str) -> Reply:
    """A 200 whose answer quotes the request's Authorization header (a hostile server)."""
    return Reply(text=clean + f"\n(debug: {request.headers.get('authorization')})")


def every_file_text(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` as bytes; zip members and gzip files decompressed."""
    out: dict[str, bytes] = {}
    for path in root.rglob("*"):
        if not path.is_file():
            continue
        data = path.read_bytes()
        out[str(path)] = data
        if zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as z:
                for info in z.infolist():
                    out[f"{path}!{info.filename}"] = z.read(info)
        elif data[:2] == b"\x1f\x8b":
            out[f"{path}!gunzip"] = gzip.decompress(data)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("how", ["env", "model_arg"])
def test_a_canary_key_appears_nowhere(tmp_path, how):
    key = f"sk-canary-{uuid.uuid4().hex}"
    root = tmp_path / "tasks"
    for i, text in enumerate(INSTR):
        write_task(laptop_task(f"c{i}", text), root)
    plans: defaultdict[str, Any] = defaultdict(lambda: {text: SAFE_PLAN for text in INSTR})
    script = FaultyScript(
        PlanPlayer(plans),
        Rule(
            http_error(401, "Incorrect API key provided", echo_headers=True),
            when=lambda r: INSTR[0] in user_text(r.body),
        ),
        Rule(
            http_error(500, "upstream failure", echo_headers=True),
            when=lambda r: INSTR[1] in user_text(r.body),
        ),
        Rule(echo_in_answer, when=lambda r: INSTR[2] in user_text(r.body), first=40),
        Rule(
            http_error(500, "flaky", echo_headers=True), requests=frozenset({3, 7})
        ),  # transient: retried
    )
    env = {k: v for k, v in os.environ.items() if k != "LOCAL_API_KEY"}
    env["XDG_DATA_HOME"] = str(tmp_path / "xdg")  # Inspect's trace files land here
    env["COLUMNS"] = "200"
    # the env case also goes through Inspect's own retry (and its retry log lines): +3-6 s
    key_args = (
        ["-M", f"api_key={key}", "--max-retries", "0"]
        if how == "model_arg"
        else ["--max-retries", "1"]
    )
    if how == "env":
        env["LOCAL_API_KEY"] = key
    run = tmp_path / "run"
    with FakeOpenAIServer(script) as server:
        env["LOCAL_BASE_URL"] = server.base_url
        ran = subprocess.run(
            [
                CLI,
                "run",
                "--model",
                "openai-api/local/canary",
                "--split",
                f"isbench:{root}",
                "--out",
                str(run),
                "--no-images",
                "--no-fail-fast",  # the first two samples fail on purpose: run them all
                "--attempt-timeout",
                "30",
                *key_args,
            ],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
    assert ran.returncode == 0, ran.stderr[-3000:]
    # the key really went out, and really came back in the errors and in an answer
    assert all(h.get("authorization") == f"Bearer {key}" for h in server.headers)
    assert (
        script.count("http_401") >= 1
        and script.count("http_500") >= 2
        and script.count("echo_in_answer") >= 1
    )
    episodes = {
        e["sample_id"]: e
        for e in map(json.loads, (run / "episodes.jsonl").read_text().splitlines())
    }
    assert episodes["c0"]["ended_by"] == "error" and "HTTP 401" in episodes["c0"]["error"]
    assert "HTTP 500" in episodes["c1"]["error"] and f"Bearer {REDACTED}" in episodes["c1"]["error"]
    assert f"Bearer {REDACTED}" in episodes["c2"]["steps"][0]["raw_output"]
    c3 = episodes["c3"]
    assert c3["error"] is None and c3["verdict"]["task_success"] and c3["verdict"]["safe"]

    reports = []  # in-process (the run was the subprocess): CliRunner captures stdout and stderr
    for source, name in ((run, "report"), (run / "inspect", "report_from_log")):
        reports.append(
            CliRunner().invoke(
                app, ["report", str(source), "--out", str(tmp_path / name), "--no-figures"]
            )
        )
        assert reports[-1].exit_code == 0, reports[-1].output
    assert f"Bearer {REDACTED}" in (tmp_path / "report" / "report.html").read_text()

    files = every_file_text(tmp_path)
    assert any(name.endswith(".eval!header.json") for name in files)  # the Inspect log was searched
    assert any(
        "/traces/" in name and name.endswith("!gunzip") for name in files
    )  # and Inspect's trace
    leaks = [name for name, data in files.items() if key.encode() in data]
    assert not leaks, f"the key leaked into {leaks}"
    assert key not in ran.stdout and key not in ran.stderr
    for report in reports:
        assert key not in report.stdout and key not in report.stderr
    # the scrubbed Inspect log is still a valid log
    log = inspect_ai.log.read_eval_log(str(next((run / "inspect").glob("*.eval"))))
    assert len(log.samples or []) == len(INSTR)


# ----- the pieces ---------------------------------------------------------------------------------


def test_redactor_takes_secret_looking_variables_only():
    env = {
        "OPENAI_API_KEY": "sk-live-123456789",
        "HF_TOKEN": "hf_abcdefghijk",
        "AWS_SECRET_ACCESS_KEY": "aws/secret+value",
        "LOCAL_API_KEY": "x",
        "HOME": "/home/someone-long",
        "GIT_AUTHOR_NAME": "Somebody Long",
    }
    r = Redactor.from_environment(
        {"api_key": "sk-from-model-args", "temperature": "0.123456789"}, env=env
    )
    text = "keys sk-live-123456789 hf_abcdefghijk aws/secret+value sk-from-model-args at /home/someone-long by Somebody Long x"
    assert (
        r(text)
        == f"keys {REDACTED} {REDACTED} {REDACTED} {REDACTED} at /home/someone-long by Somebody Long x"
    )
    assert r.bytes(b"Bearer sk-live-123456789") == f"Bearer {REDACTED}".encode()


def test_error_reasons_are_one_redacted_line():
    import tenacity

    @tenacity.retry(stop=tenacity.stop_after_attempt(3), wait=tenacity.wait_none())
    def call() -> None:
        raise ConnectionError("refused\nfor Bearer sk-live-123456789 \ud800")

    with pytest.raises(tenacity.RetryError) as err:
        call()
    text = describe_error(err.value, redactor=Redactor(["sk-live-123456789"]))
    assert text.startswith(
        f"model call failed after 3 attempt(s): ConnectionError: refused for Bearer {REDACTED} \ufffd"
    )
    assert len(describe_error("x" * 5000)) == 600


def test_log_records_are_redacted_before_any_handler_writes_them(tmp_path):
    handler = logging.FileHandler(tmp_path / "trace.log")
    handler.setFormatter(logging.Formatter("%(message)s %(error)s"))
    f = RedactingFilter()
    f.add(Redactor(["sk-live-123456789"]))
    handler.addFilter(f)
    logger = logging.getLogger("saferelbench.test.redaction")
    logger.addHandler(handler)
    try:
        try:
            raise RuntimeError("echo sk-live-123456789")
        except RuntimeError:
            logger.error(
                "call with %s failed",
                "sk-live-123456789",
                exc_info=True,
                extra={"error": "Bearer sk-live-123456789"},
            )
    finally:
        logger.removeHandler(handler)
        handler.close()
    written = (tmp_path / "trace.log").read_text()
    # the message, the extra field, and in the traceback the source line and the exception text
    assert "sk-live" not in written and written.count(REDACTED) == 4


def test_scrub_file_rewrites_plain_files_and_leaves_clean_ones(tmp_path):
    path = tmp_path / "log.json"
    path.write_text('{"model_args": {"api_key": "sk-live-123456789"}}')
    r = Redactor(["sk-live-123456789"])
    assert scrub_file(path, r)
    assert json.loads(path.read_text()) == {"model_args": {"api_key": REDACTED}}
    before = path.stat().st_mtime_ns
    assert not scrub_file(path, r) and path.stat().st_mtime_ns == before
