"""Issue 14: worker processes, the usage and cost ledger, the budget stop and the response
cache of ``saferelbench run --model``, against the fake OpenAI-compatible server on 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import psutil
import pytest
from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.dataset.isbench import write_task
from saferelbench.evaluation.results import EpisodeResult
from saferelbench.harness.ledger import PriceError, load_prices
from saferelbench.testing.fake_server import FakeOpenAIServer, Reply
from tests.harness.scripted_models import PlanPlayer
from tests.harness.tasks import SAFE_PLAN, UNSAFE_PLAN, laptop_task

CLI = str(Path(sys.executable).parent / "saferelbench")
INSTR = [f"Carry the laptop over to the desk, variant {i}." for i in range(8)]


def player(latency: float = 0.0) -> Any:
    by_instruction = {
        text: (SAFE_PLAN if i % 2 == 0 else UNSAFE_PLAN) for i, text in enumerate(INSTR)
    }
    play = PlanPlayer(defaultdict(lambda: by_instruction), caution="Mind the book.")
    return lambda body: Reply(text=play(body), delay=latency)


@pytest.fixture(scope="module")
def split(tmp_path_factory: pytest.TempPathFactory) -> str:
    root = tmp_path_factory.mktemp("worker_tasks")
    for i, text in enumerate(INSTR):
        write_task(laptop_task(f"w{i}", text), root)
    return f"isbench:{root}"


@pytest.fixture()
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    values = {
        "LOCAL_API_KEY": "sk-worker-secret-0123456789",
        "XDG_DATA_HOME": str(tmp_path / "xdg"),
        "INSPECT_CACHE_DIR": str(tmp_path / "cache"),
    }
    for key, value in values.items():
        monkeypatch.setenv(key, value)
    return values


def episodes(run: Path) -> list[EpisodeResult]:
    data = (run / "episodes.jsonl").read_bytes()
    assert data.endswith(b"\n")
    found = [EpisodeResult.model_validate_json(line) for line in data.splitlines()]
    assert len({e.sample_id for e in found}) == len(found), "an episode was recorded twice"
    return found


def by_id(found: list[EpisodeResult]) -> dict[str, dict[str, Any]]:
    return {e.sample_id: e.model_dump(mode="json") for e in found}


def invoke(args: list[str]) -> Any:
    return CliRunner().invoke(app, args, catch_exceptions=False)


def base_args(model: str, split: str, *extra: str) -> list[str]:
    # --no-fail-fast: the first samples are not run apart (a log of their own), so each worker
    # writes exactly one log; failing fast is tested in tests/harness/test_run_summary.py
    return [
        "run",
        "--model",
        model,
        "--split",
        split,
        "--max-connections",
        "4",
        "--json",
        "--no-fail-fast",
        *extra,
    ]


@pytest.mark.slow
def test_a_sharded_run_equals_an_unsharded_one(
    split: str, tmp_path: Path, env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with FakeOpenAIServer(player()) as server:
        monkeypatch.setenv("LOCAL_BASE_URL", server.base_url)
        one = invoke([*base_args("openai-api/local/shard1", split), "--out", str(tmp_path / "a")])
        assert one.exit_code == 0, one.output
        # the same model name for both runs: the episodes record it
        two = invoke(
            [
                *base_args("openai-api/local/shard1", split),
                "--workers",
                "3",
                "--out",
                str(tmp_path / "b"),
            ]
        )
        assert two.exit_code == 0, two.output
    single, sharded = episodes(tmp_path / "a"), episodes(tmp_path / "b")
    assert len(single) == len(sharded) == len(INSTR)
    assert by_id(single) == by_id(sharded)
    assert json.loads(one.stdout) == json.loads(two.stdout)  # the summary, usage included
    assert json.loads((tmp_path / "b" / "summary.json").read_text()) == json.loads(two.stdout)
    assert len(list((tmp_path / "b" / "inspect").glob("*.eval"))) == 3  # one log per worker
    for path in (tmp_path / "b").rglob("*"):  # the key is scrubbed from every worker's files
        if path.is_file() and path.suffix != ".png":
            assert b"sk-worker-secret" not in path.read_bytes(), path
    from saferelbench.reports.loading import load_runs

    (report_run,) = load_runs([tmp_path / "b" / "inspect"])  # the workers' logs are one run
    assert sorted(e.sample_id for e in report_run.episodes) == sorted(by_id(sharded))


def _worker_pids(parent: int) -> list[int]:
    try:
        children = psutil.Process(parent).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    out = []
    for child in children:
        try:
            if "spawn_main" in " ".join(child.cmdline()):
                out.append(child.pid)
        except psutil.NoSuchProcess:
            continue
    return out


@pytest.mark.slow
def test_sigkill_of_one_worker_then_resume_equals_an_uninterrupted_run(
    split: str, tmp_path: Path, env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    model = "openai-api/local/killworker"
    args = [*base_args(model, split), "--workers", "2", "--no-images"]
    run = tmp_path / "killed"
    with FakeOpenAIServer(player(0.2)) as server:
        monkeypatch.setenv("LOCAL_BASE_URL", server.base_url)
        proc = subprocess.Popen(
            [CLI, *args, "--out", str(run)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ},
        )
        deadline = time.monotonic() + 120
        victim = None
        while victim is None:
            assert proc.poll() is None, proc.stderr.read().decode()[-2000:] if proc.stderr else ""
            assert time.monotonic() < deadline, "the workers never started"
            lines = (
                (run / "episodes.jsonl").read_bytes().count(b"\n")
                if (run / "episodes.jsonl").exists()
                else 0
            )
            pids = _worker_pids(proc.pid)
            if lines >= 1 and len(pids) == 2:
                victim = pids[0]
            time.sleep(0.01)
        os.kill(victim, signal.SIGKILL)
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 1, err.decode()[-2000:]
        assert "died (killed by signal 9)" in err.decode()
        assert "--resume" in err.decode()
        killed_count = len(episodes(run))
        assert killed_count < len(INSTR)
        resumed = invoke([*args, "--out", str(run), "--resume"])
        assert resumed.exit_code == 0, resumed.output
        reference = invoke([*args, "--out", str(tmp_path / "reference")])
        assert reference.exit_code == 0, reference.output
    assert by_id(episodes(run)) == by_id(episodes(tmp_path / "reference"))
    assert json.loads(resumed.stdout) == json.loads(reference.stdout)
    for path in run.rglob("*"):
        if path.is_file():
            assert b"sk-worker-secret" not in path.read_bytes(), path


def test_the_ledger_matches_the_usage_the_server_reports(
    split: str, tmp_path: Path, env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    prices = tmp_path / "prices.toml"
    prices.write_text(
        'currency = "EUR"\n[models."openai-api/local/*"]\ninput = 2.0\noutput = 8.0\nimage = 0.001\n'
    )
    with FakeOpenAIServer(player()) as server:
        monkeypatch.setenv("LOCAL_BASE_URL", server.base_url)
        result = invoke(
            [
                *base_args("openai-api/local/ledger", split),
                "--prices",
                str(prices),
                "--out",
                str(tmp_path / "run"),
            ]
        )
        assert result.exit_code == 0, result.output
        reported = list(server.usage)
    usage = json.loads(result.stdout)["usage"]
    total_in = sum(u["prompt_tokens"] for u in reported)
    total_out = sum(u["completion_tokens"] for u in reported)
    assert total_in > len(reported) * 85  # an image and the prompt text per call
    assert usage["totals"] == {
        "calls": len(reported),
        "input_tokens": total_in,
        "output_tokens": total_out,
        "total_tokens": total_in + total_out,
        "images": len(reported),
    }
    assert usage["per_sample"]["input_tokens"] == round(total_in / len(INSTR), 2)
    expected = total_in * 2.0 / 1e6 + total_out * 8.0 / 1e6 + len(reported) * 0.001
    assert usage["cost"]["currency"] == "EUR"
    assert usage["cost"]["total"] == pytest.approx(expected, abs=1e-6)
    # per call, too: every step records its own call's usage
    steps = [s for e in episodes(tmp_path / "run") for s in e.steps]
    assert sorted(s.usage["input_tokens"] for s in steps) == sorted(
        u["prompt_tokens"] for u in reported
    )


def test_a_budget_stop_is_clean_and_resumable(
    split: str, tmp_path: Path, env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    model = "openai-api/local/budget"
    args = ["run", "--model", model, "--split", split, "--max-connections", "1", "--json"]
    run = tmp_path / "run"
    with FakeOpenAIServer(player()) as server:
        monkeypatch.setenv("LOCAL_BASE_URL", server.base_url)
        stopped = invoke([*args, "--token-budget", "1", "--out", str(run)])
        assert stopped.exit_code == 1, stopped.output
        assert "budget reached" in stopped.stderr
        first = episodes(run)
        assert 1 <= len(first) < len(INSTR)  # the samples in flight finished, no more started
        assert all(e.ended_by != "error" for e in first)  # a budget stop is no error
        summary = json.loads(stopped.stdout)
        assert summary["n"] == len(first) and summary["errors"] == 0
        resumed = invoke([*args, "--out", str(run), "--resume"])
        assert resumed.exit_code == 0, resumed.output
        reference = invoke([*args, "--out", str(tmp_path / "reference")])
        assert reference.exit_code == 0
    assert by_id(episodes(run)) == by_id(episodes(tmp_path / "reference"))
    assert json.loads(resumed.stdout) == json.loads(reference.stdout)


def test_max_cost_needs_a_price(split: str, tmp_path: Path) -> None:
    result = invoke(
        [*base_args("openai-api/local/x", split), "--max-cost", "1", "--out", str(tmp_path / "r")]
    )
    assert result.exit_code == 2
    assert "--max-cost needs a price for openai-api/local/x" in result.stderr


def test_a_bad_price_table_names_the_file_and_field(tmp_path: Path) -> None:
    bad = tmp_path / "p.toml"
    bad.write_text('[models."m"]\ninput = "cheap"\n')
    with pytest.raises(PriceError, match=r"p\.toml: models\.m\.input: expected a number"):
        load_prices(bad)


@pytest.mark.slow
def test_the_cache_makes_a_repeated_run_issue_no_calls(
    split: str, tmp_path: Path, env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    model = "openai-api/local/cached"
    with FakeOpenAIServer(player()) as server:
        monkeypatch.setenv("LOCAL_BASE_URL", server.base_url)
        first = invoke([*base_args(model, split), "--cache", "1D", "--out", str(tmp_path / "a")])
        assert first.exit_code == 0, first.output
        calls = len(server.requests)
        assert calls > 0
        again = invoke([*base_args(model, split), "--cache", "1D", "--out", str(tmp_path / "b")])
        assert again.exit_code == 0, again.output
        assert len(server.requests) == calls  # every answer came from the cache
        uncached = invoke([*base_args(model, split), "--out", str(tmp_path / "c")])
        assert uncached.exit_code == 0
        assert len(server.requests) == 2 * calls  # without --cache, the calls are made
    assert by_id(episodes(tmp_path / "a")) == by_id(episodes(tmp_path / "b"))
    assert list((tmp_path / "cache").rglob("*")), "the cache lives in INSPECT_CACHE_DIR"


def test_a_bad_cache_expiry_is_an_error(split: str, tmp_path: Path) -> None:
    result = invoke(
        [*base_args("openai-api/local/x", split), "--cache", "soon", "--out", str(tmp_path / "r")]
    )
    assert result.exit_code == 2
    assert "--cache" in result.stderr and "expiry" in result.stderr
