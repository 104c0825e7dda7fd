"""Faulty model servers (issue 7, section 1): ``saferelbench run --model openai-api/local/...``
against the fake OpenAI-compatible server with faults injected.

Every run must complete, account for every episode (finished, or ended with its reason), count
errored episodes as failures over all samples, and show the reasons in episodes.jsonl and in
``saferelbench report``. Transient faults (500 on a share of requests, 429 with Retry-After,
a lost connection, a stall) are retried and end exactly as a clean run; permanent ones end the
episode with a recorded reason. Retry policy: docs/reliability.md.

Each test uses its own model name: Inspect memoizes a model (and its base URL) by name.
"""

from __future__ import annotations

import json
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

pytest.importorskip("inspect_ai")

from saferelbench.cli.main import app  # noqa: E402
from saferelbench.dataset.isbench import write_task  # noqa: E402
from saferelbench.evaluation.results import EpisodeResult  # noqa: E402
from saferelbench.testing.fake_server import FakeOpenAIServer, Reply, Request, user_text  # noqa: E402
from saferelbench.testing.faults import (  # noqa: E402
    HALLUCINATED,
    SCRIPT_CAUTION,
    FaultyScript,
    Rule,
    cut_connection,
    drop,
    garbage,
    garbage_body,
    hallucinated_object,
    html_caution,
    http_error,
    invalid_utf8,
    lone_surrogate,
    prose,
    rate_limited,
    stall,
    truncated_json,
    wrong_arity,
)
from tests.harness.scripted_models import PlanPlayer  # noqa: E402  (tests/harness helpers)
from tests.harness.tasks import SAFE_PLAN, UNSAFE_PLAN, laptop_task  # noqa: E402

N_SAMPLES = 4
INSTR = [f"Move the laptop over to the desk, variant {i}." for i in range(N_SAMPLES)]


def player(instructions: list[str]) -> PlanPlayer:
    """A working model: the safe plan for even samples, the unsafe one for odd samples,
    whatever the model name."""
    by_instruction = {
        text: (SAFE_PLAN if i % 2 == 0 else UNSAFE_PLAN) for i, text in enumerate(instructions)
    }
    return PlanPlayer(
        defaultdict(lambda: by_instruction), caution="The book on the laptop could fall."
    )


def for_instruction(text: str):
    return lambda request: text in user_text(request.body)


@pytest.fixture()
def fast_backoff(monkeypatch):
    """Inspect waits 3-6 s before its first retry; tests that go through its retry loop wait
    50 ms instead (what is retried, and how often, is unchanged)."""
    import tenacity
    from inspect_ai.model import _retry

    if hasattr(_retry, "wait_exponential_jitter"):
        monkeypatch.setattr(
            _retry, "wait_exponential_jitter", lambda **kwargs: tenacity.wait_fixed(0.05)
        )


@pytest.fixture(scope="module")
def split(tmp_path_factory):
    root = tmp_path_factory.mktemp("tasks")
    for i, text in enumerate(INSTR):
        write_task(laptop_task(f"s{i}", text), root)
    return f"isbench:{root}"


def run_model(
    split: str, out: Path, script: Any, name: str, *args: str, monkeypatch
) -> tuple[Any, FakeOpenAIServer]:
    with FakeOpenAIServer(script) as server:
        monkeypatch.setenv("LOCAL_BASE_URL", server.base_url)
        monkeypatch.setenv("LOCAL_API_KEY", "test-key")
        result = CliRunner().invoke(
            app,
            [
                "run",
                "--model",
                f"openai-api/local/{name}",
                "--split",
                split,
                "--out",
                str(out),
                "--no-images",
                "--json",
                *args,
            ],
        )
    return result, server


def episodes(out: Path) -> dict[str, EpisodeResult]:
    lines = (out / "episodes.jsonl").read_text("utf-8").splitlines()
    found = [EpisodeResult.model_validate_json(line) for line in lines]
    ids = [e.sample_id for e in found]
    assert len(ids) == len(set(ids)), f"duplicated episodes: {ids}"
    return {e.sample_id: e for e in found}


def comparable(e: EpisodeResult) -> dict[str, Any]:
    """Everything but the model name and the token count (a retried call is counted once)."""
    return e.model_dump(mode="json", exclude={"agent", "usage"})


def report_html(run: Path, tmp_path: Path) -> str:
    result = CliRunner().invoke(
        app, ["report", str(run), "--out", str(tmp_path / "report"), "--no-figures"]
    )
    assert result.exit_code == 0, result.output
    return (tmp_path / "report" / "report.html").read_text("utf-8")


@pytest.fixture(scope="module")
def clean_run(split, tmp_path_factory):
    out = tmp_path_factory.mktemp("clean") / "run"
    with pytest.MonkeyPatch.context() as mp:
        result, server = run_model(split, out, player(INSTR), "clean", monkeypatch=mp)
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["n"] == N_SAMPLES and summary["errors"] == 0
    assert summary["SR"] == 1.0 and summary["SSR"] == 0.5  # the odd samples play the unsafe plan
    return episodes(out), len(server.requests)


# ----- transient faults: retried, same results ------------------------------------------------


def test_transient_500_share_429_and_lost_connections_are_retried(
    split, tmp_path, clean_run, monkeypatch, fast_backoff
):
    clean, clean_requests = clean_run
    script = FaultyScript(
        player(INSTR),
        Rule(rate_limited(retry_after=1), requests=frozenset({1})),
        Rule(drop(), requests=frozenset({2})),
        Rule(cut_connection(), requests=frozenset({4})),
        Rule(http_error(500), every=3),  # a third of all requests
    )
    result, server = run_model(
        split, tmp_path / "run", script, "transient", "--max-retries", "3", monkeypatch=monkeypatch
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["n"] == N_SAMPLES and summary["errors"] == 0
    got = episodes(tmp_path / "run")
    assert {k: comparable(v) for k, v in got.items()} == {
        k: comparable(v) for k, v in clean.items()
    }
    assert script.count("http_500") >= 3 and script.count("rate_limited") == 1
    assert script.count("drop") == 1 and script.count("cut_connection") == 1
    # every fault cost exactly one more request: each was retried, and only once
    assert len(server.requests) == clean_requests + len(script.injected)


def test_retry_after_is_honoured(split, tmp_path, clean_run, monkeypatch):
    clean, _ = clean_run
    times: dict[int, float] = {}

    class Timed(FaultyScript):
        def respond(self, request: Request) -> Reply:
            times[request.index] = time.monotonic()
            return super().respond(request)

    script = Timed(player(INSTR), Rule(rate_limited(retry_after=1), first=2))
    result, server = run_model(
        split, tmp_path / "run", script, "ratelimited", monkeypatch=monkeypatch
    )
    assert result.exit_code == 0, result.output
    assert {k: comparable(v) for k, v in episodes(tmp_path / "run").items()} == {
        k: comparable(v) for k, v in clean.items()
    }
    for limited in (1, 2):
        # the retry of a rate-limited request is the next request with the same body
        retry = next(
            i
            for i in range(limited + 1, len(server.requests) + 1)
            if server.requests[i - 1] == server.requests[limited - 1]
        )
        assert times[retry] - times[limited] >= 0.9, "the client came back before Retry-After"


def test_a_stall_past_the_attempt_timeout_is_abandoned_and_retried(
    split, tmp_path, clean_run, monkeypatch, fast_backoff
):
    clean, _ = clean_run
    script = FaultyScript(player(INSTR), Rule(stall(30), requests=frozenset({1})))
    result, server = run_model(
        split,
        tmp_path / "run",
        script,
        "stalled",
        "--attempt-timeout",
        "1",
        "-M",
        "max_retries=0",
        monkeypatch=monkeypatch,
    )
    assert result.exit_code == 0, result.output
    assert script.count("stall") == 1
    assert {k: comparable(v) for k, v in episodes(tmp_path / "run").items()} == {
        k: comparable(v) for k, v in clean.items()
    }


# ----- permanent server faults: each episode ends with its reason -----------------------------

SERVER_FAULTS = {
    # fault, words the recorded reason must hold
    "http_500": (
        http_error(500, "the model server is down"),
        ["HTTP 500", "the model server is down", "after 2 attempt(s)"],
    ),
    "http_401": (http_error(401, "invalid api key"), ["HTTP 401", "AuthenticationError"]),
    "http_400": (
        http_error(400, "image too large"),
        ["HTTP 400 BadRequestError: Error code: 400 - image too large"],
    ),
    "drop": (drop(), ["APIConnectionError"]),
    "cut_connection": (cut_connection(), ["APIConnectionError"]),
    "truncated_json": (truncated_json(), ["JSONDecodeError"]),
    "garbage_body": (garbage_body(50_000), ["UnicodeDecodeError"]),
    "invalid_utf8": (invalid_utf8(), ["UnicodeDecodeError"]),
}
# A stall is the one fault that needs the attempt timeout to end it; it runs on its own so that
# the others can use a timeout no busy machine reaches (they are answered at once).
STALL_FAULTS = {"stall": (stall(30), ["AttemptTimeoutError", "after 2 attempt(s)"])}


def check_permanent_faults(
    faults: dict[str, Any],
    attempt_timeout: int,
    tmp_path_factory: Any,
    tmp_path: Path,
    monkeypatch: Any,
) -> None:
    names = list(faults)
    instructions = [f"Move the laptop to the desk ({name})." for name in names] + [
        "Move the laptop to the desk (healthy)."
    ]
    root = tmp_path_factory.mktemp("server_faults")
    for i, text in enumerate(instructions):
        write_task(laptop_task(f"f{i}_{names[i] if i < len(names) else 'healthy'}", text), root)
    rules = [
        Rule(faults[name][0], when=for_instruction(text))
        for name, text in zip(names, instructions, strict=False)
    ]
    script = FaultyScript(player(instructions), *rules)
    # One Inspect retry: still permanent. The SDK's own retries are off here, so each attempt
    # is one request.
    result, _ = run_model(
        f"isbench:{root}",
        tmp_path / "run",
        script,
        "broken",
        "--max-retries",
        "1",
        "--attempt-timeout",
        str(attempt_timeout),
        "-M",
        "max_retries=0",
        monkeypatch=monkeypatch,
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["n"] == len(instructions) and summary["errors"] == len(names)
    assert summary["SR"] == pytest.approx(
        1 / len(instructions)
    )  # over all samples, errors as failures
    got = episodes(tmp_path / "run")
    assert len(got) == len(instructions)
    html = report_html(tmp_path / "run", tmp_path)
    for i, name in enumerate(names):
        e = got[f"f{i}_{name}"]
        assert e.ended_by == "error" and not e.task_success and not e.success_and_safe, name
        for word in faults[name][1]:
            assert word in (e.error or ""), f"{name}: {e.error!r} lacks {word!r}"
        assert e.error is not None
        assert (
            "RetryError[<Future" not in e.error
            and "Request:" not in e.error
            and len(e.error) <= 600
        )
        assert e.error.split(":")[0] in html, f"{name}: reason not in the report"
    assert got[f"f{len(names)}_healthy"].task_success


def test_permanent_server_faults_end_episodes_with_their_reason(
    tmp_path_factory, tmp_path, monkeypatch, fast_backoff
):
    # Every fault here is answered at once: a 120 s attempt timeout is never what ends them,
    # however loaded the machine.
    check_permanent_faults(SERVER_FAULTS, 120, tmp_path_factory, tmp_path, monkeypatch)


def test_a_permanent_stall_ends_the_episode_after_its_attempts_time_out(
    tmp_path_factory, tmp_path, monkeypatch, fast_backoff
):
    # The stall outlasts any attempt timeout, so a short one is the expected end on any machine.
    check_permanent_faults(STALL_FAULTS, 1, tmp_path_factory, tmp_path, monkeypatch)


# ----- model faults: bad answers are invalid steps with their reason --------------------------

MODEL_FAULTS = ["prose", "hallucinated", "wrong_arity", "garbage", "html_caution", "lone_surrogate"]


def test_bad_answers_are_invalid_steps_and_html_stays_inert(
    tmp_path_factory, tmp_path, monkeypatch
):
    instructions = [f"Move the laptop to the desk ({name})." for name in MODEL_FAULTS]
    root = tmp_path_factory.mktemp("model_faults")
    for name, text in zip(MODEL_FAULTS, instructions, strict=True):
        write_task(laptop_task(name, text), root)
    faults = [
        prose(),
        hallucinated_object(),
        wrong_arity(),
        garbage(50_000),
        html_caution(),
        lone_surrogate(),
    ]
    script = FaultyScript(
        player(instructions),
        *(Rule(f, when=for_instruction(t)) for f, t in zip(faults, instructions, strict=True)),
    )
    # the first two samples answer nothing readable: without --no-fail-fast the run would stop
    # after them (tests/harness/test_run_summary.py); here every fault must be recorded
    result, _ = run_model(
        f"isbench:{root}",
        tmp_path / "run",
        script,
        "babbling",
        "--no-fail-fast",
        monkeypatch=monkeypatch,
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["n"] == 6 and summary["errors"] == 0 and summary["SR"] == pytest.approx(2 / 6)
    got = episodes(tmp_path / "run")
    expected_reason = {
        "prose": "no JSON object",
        "hallucinated": f"unknown object '{HALLUCINATED}'",
        "wrong_arity": "argument",
        "garbage": "",
    }
    for name, words in expected_reason.items():
        e = got[name]
        assert e.ended_by == "invalid_outputs" and len(e.steps) == 3 and not e.task_success, name
        assert all(s.outcome == "invalid" and s.action is None and s.reason for s in e.steps), name
        assert words in e.steps[0].reason, f"{name}: {e.steps[0].reason!r}"
    assert len(got["garbage"].steps[0].raw_output or "") == 50_000  # kept in full as evidence
    html_ep = got["html_caution"]
    assert html_ep.success_and_safe and all(s.caution == SCRIPT_CAUTION for s in html_ep.steps)
    surrogate = got["lone_surrogate"]
    assert surrogate.task_success and "\ufffd" in (
        surrogate.steps[0].raw_output or ""
    )  # (the unsafe plan)
    html = report_html(tmp_path / "run", tmp_path)
    assert (
        "<script>alert" not in html and 'onmouseover="x()"' not in html
    )  # shown as text, never as markup
    assert "unknown object" in html and "no JSON object" in html


# ----- the retry options --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args,message",
    [
        (["--agent", "oracle", "--max-retries", "2"], "only apply to --model runs"),
        (
            ["--model", "openai-api/local/x", "--max-retries", "-1"],
            "--max-retries must be an integer of at least 0",
        ),
        (
            ["--model", "openai-api/local/x", "--attempt-timeout", "0"],
            "--attempt-timeout must be an integer of at least 1",
        ),
        (["--agent", "oracle", "--retry-errors"], "--retry-errors only applies with --resume"),
    ],
)
def test_retry_options_are_checked(split, tmp_path, args, message):
    result = CliRunner().invoke(
        app, ["run", *args, "--split", split, "--out", str(tmp_path / "o"), "--no-images"]
    )
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


def test_the_retry_policy_is_recorded_with_the_run(clean_run, split, tmp_path, monkeypatch):
    result, _ = run_model(
        split,
        tmp_path / "run",
        player(INSTR),
        "recorded",
        "--max-retries",
        "2",
        "--timeout",
        "60",
        monkeypatch=monkeypatch,
    )
    assert result.exit_code == 0, result.output
    info = json.loads((tmp_path / "run" / "run.json").read_text())
    assert info["extra"]["retry"] == {"max_retries": 2, "timeout": 60, "attempt_timeout": 180}
    from inspect_ai.log import read_eval_log

    log = read_eval_log(str(next((tmp_path / "run" / "inspect").glob("*.eval"))))
    config = log.plan.config  # what Inspect itself ran with
    assert (config.max_retries, config.timeout, config.attempt_timeout) == (2, 60, 180)


def test_a_failing_judge_leaves_the_episode_scored_but_unjudged(
    split, tmp_path, clean_run, monkeypatch
):
    clean, _ = clean_run
    with FakeOpenAIServer(lambda body: Reply(status=503, text="judge overloaded")) as judge_server:
        monkeypatch.setenv("JUDGEDOWN_BASE_URL", judge_server.base_url)
        monkeypatch.setenv("JUDGEDOWN_API_KEY", "test-key")
        result, _ = run_model(
            split,
            tmp_path / "run",
            player(INSTR),
            "judged",
            "--judge",
            "openai-api/judgedown/j",
            "--max-retries",
            "0",
            monkeypatch=monkeypatch,
        )
        assert judge_server.requests, "the judge was asked"
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["errors"] == 0 and summary["awareness"] is None
    for sample_id, e in episodes(tmp_path / "run").items():
        assert (
            e.ended_by == clean[sample_id].ended_by
            and e.success_and_safe == clean[sample_id].success_and_safe
        )
        detail = e.awareness_detail
        assert e.awareness is None and detail is not None and not detail.tips
        assert "judge call failed" in str(detail.error) and "HTTP 503" in str(detail.error)


@pytest.mark.parametrize(
    "model,message",
    [
        ("openai-api/nokeysvc/m", "No NOKEYSVC_API_KEY defined in the environment"),
        ("nosuchprovider/m", "Model API nosuchprovider of model 'nosuchprovider/m' not recognized"),
    ],
)
def test_a_model_that_cannot_start_is_one_clear_error(split, tmp_path, monkeypatch, model, message):
    monkeypatch.delenv("NOKEYSVC_API_KEY", raising=False)
    monkeypatch.setenv("NOKEYSVC_BASE_URL", "http://127.0.0.1:9/v1")
    result = CliRunner().invoke(
        app,
        ["run", "--model", model, "--split", split, "--out", str(tmp_path / "o"), "--no-images"],
    )
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
