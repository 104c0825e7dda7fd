"""Crashes and resume (issue 7, section 2).

``saferelbench run`` is killed with SIGKILL in the middle of a native run and of an Inspect
(``--model``) run, then resumed with ``--resume``: the final episodes.jsonl must equal an
uninterrupted run with the same seed (same sample ids, same per-episode results), with no
episode lost or duplicated, and no results file ever half-written or unreadable. Plus the
run-directory mechanics that make it so (torn lines, stale temporary files, one record per
sample, ``--retry-errors``).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.dataset.isbench import write_task
from saferelbench.evaluation.results import AwarenessDetail, EpisodeResult, JudgedTip, RunInfo
from saferelbench.harness.episode import EpisodeConfig
from saferelbench.harness.rundir import RETRIED_ERRORS, RunDir, write_json_atomic
from saferelbench.harness.runner import run_native
from saferelbench.testing.fake_server import FakeOpenAIServer, Reply, user_text
from saferelbench.testing.scripts import instruction_of
from tests.harness.scripted_models import PlanPlayer  # tests/harness helpers
from tests.harness.tasks import SAFE_PLAN, UNSAFE_PLAN, ScriptedAgent, answer, laptop_task

CLI = str(Path(sys.executable).parent / "saferelbench")


# ----- helpers ----------------------------------------------------------------------------------


def complete_lines(path: Path) -> int:
    return path.read_bytes().count(b"\n") if path.exists() else 0


def start(args: list[str], env: dict[str, str] | None = None) -> subprocess.Popen:
    return subprocess.Popen(
        [CLI, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, **(env or {})},
    )


@pytest.fixture()
def data_home(tmp_path) -> dict[str, str]:
    """Inspect's per-user files (trace logs, the live sample buffer a killed run leaves
    behind) go to the test's folder, not the user's home."""
    return {"XDG_DATA_HOME": str(tmp_path / "xdg")}


def kill_after(proc: subprocess.Popen, episodes: Path, lines: int, timeout: float = 120) -> int:
    """SIGKILL ``proc`` as soon as episodes.jsonl holds ``lines`` complete lines; return how
    many it held. Fails if the process ended by itself first (the test would prove nothing)."""
    deadline = time.monotonic() + timeout
    while complete_lines(episodes) < lines:
        if proc.poll() is not None:
            raise AssertionError(
                f"the run ended before it could be killed: {proc.stderr.read().decode()[-2000:] if proc.stderr else ''}"
            )
        if time.monotonic() > deadline:
            proc.kill()
            raise AssertionError("the run never got far enough to be killed")
        time.sleep(0.005)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    return complete_lines(episodes)


def check_readable(run: Path) -> list[EpisodeResult]:
    """Every results file of a run directory killed at any moment is readable: run.json and
    summary.json whole (old or new), episodes.jsonl whole lines plus at most one torn last line."""
    json.loads((run / "run.json").read_text("utf-8"))
    if (run / "summary.json").exists():
        json.loads((run / "summary.json").read_text("utf-8"))
    data = (run / "episodes.jsonl").read_bytes()
    whole = data[: data.rfind(b"\n") + 1]
    return [EpisodeResult.model_validate_json(line) for line in whole.splitlines()]


def final_episodes(run: Path) -> list[EpisodeResult]:
    data = (run / "episodes.jsonl").read_bytes()
    assert data.endswith(b"\n"), "torn last line left behind"
    episodes = [EpisodeResult.model_validate_json(line) for line in data.splitlines()]
    ids = [e.sample_id for e in episodes]
    assert len(ids) == len(set(ids)), "an episode was recorded twice"
    assert not list(run.glob(".*.tmp")), "a temporary file was left behind"
    return episodes


def by_id(episodes: list[EpisodeResult]) -> dict[str, dict[str, Any]]:
    return {e.sample_id: e.model_dump(mode="json") for e in episodes}


def tear(run: Path, sample_id: str) -> None:
    """What a kill during a write leaves: half a record (cut inside a multi-byte character) at
    the end of episodes.jsonl, and half a summary in write_json_atomic's temporary file."""
    with (run / "episodes.jsonl").open("ab") as f:
        f.write(
            b'{"schema_version":1,"sample_id":"'
            + sample_id.encode()
            + b'","split":"spatial","caution":"caf\xc3'
        )
    (run / ".summary.json.k1ll3d.tmp").write_text('{"n": 3, "SR"')


# ----- native runs ------------------------------------------------------------------------------

NATIVE = [
    "run",
    "--agent",
    "random",
    "--seed",
    "3",
    "--split",
    "spatial",
    "--limit",
    "40",
    "--json",
]  # images on: slower


@pytest.mark.slow
def test_native_run_killed_twice_then_resumed_equals_an_uninterrupted_run(tmp_path, data_home):
    run = tmp_path / "killed"
    first = kill_after(start([*NATIVE, "--out", str(run)], data_home), run / "episodes.jsonl", 5)
    assert 5 <= first < 40
    done = check_readable(run)
    tear(run, "not_finished_sample")
    second = kill_after(
        start([*NATIVE, "--out", str(run), "--resume"], data_home),
        run / "episodes.jsonl",
        len(done) + 5,
    )
    assert second < 40
    check_readable(run)
    tear(run, "another_sample")
    result = CliRunner().invoke(app, [*NATIVE, "--out", str(run), "--resume"])
    assert result.exit_code == 0, result.output
    resumed = final_episodes(run)

    reference = CliRunner().invoke(app, [*NATIVE, "--out", str(tmp_path / "reference")])
    assert reference.exit_code == 0, reference.output
    uninterrupted = final_episodes(tmp_path / "reference")
    assert len(resumed) == len(uninterrupted) == 40
    assert by_id(resumed) == by_id(uninterrupted)
    assert json.loads(result.stdout) == json.loads(reference.stdout)  # the summary too


# ----- Inspect runs -----------------------------------------------------------------------------

INSTR = [f"Bring the laptop to the desk, case {i}." for i in range(6)]


def slow_player(latency: float) -> Any:
    by_instruction = {
        text: (SAFE_PLAN if i % 2 == 0 else UNSAFE_PLAN) for i, text in enumerate(INSTR)
    }
    play = PlanPlayer(defaultdict(lambda: by_instruction), caution="Mind the book.")
    return lambda body: Reply(text=play(body), delay=latency)


@pytest.fixture(scope="module")
def split(tmp_path_factory):
    root = tmp_path_factory.mktemp("tasks")
    for i, text in enumerate(INSTR):
        write_task(laptop_task(f"case{i}", text), root)
    return f"isbench:{root}"


@pytest.mark.slow
def test_inspect_run_killed_then_resumed_equals_an_uninterrupted_run(
    split, tmp_path, monkeypatch, data_home
):
    model = "openai-api/local/resumable"  # a name no other test uses: Inspect memoizes models
    args = [
        "run",
        "--model",
        model,
        "--split",
        split,
        "--no-images",
        "--max-connections",
        "2",
        "--json",
        "--no-fail-fast",  # one log per invocation (failing fast runs the first samples apart)
    ]
    with FakeOpenAIServer(slow_player(0.15)) as server:
        env = {"LOCAL_BASE_URL": server.base_url, "LOCAL_API_KEY": "test-key", **data_home}
        run = tmp_path / "killed"
        killed_at = kill_after(start([*args, "--out", str(run)], env), run / "episodes.jsonl", 2)
        assert killed_at < len(INSTR)
        done = check_readable(run)
        assert list((run / "inspect").glob("*.eval")), "the killed run's Inspect log is kept"
        tear(run, "case_torn")
        monkeypatch.setenv("LOCAL_BASE_URL", server.base_url)
        monkeypatch.setenv("LOCAL_API_KEY", "test-key")
        monkeypatch.setenv("XDG_DATA_HOME", data_home["XDG_DATA_HOME"])
        buffers = list(Path(data_home["XDG_DATA_HOME"]).rglob("samplebuffer/*/*.db"))
        # live sample events are off (log_realtime=False): a killed run leaves no buffer of
        # unredacted events behind (the resume would also remove one left by another setup)
        assert not buffers, "a killed run left Inspect's live sample buffer (events, unredacted)"
        before = len(server.requests)
        resumed_result = CliRunner().invoke(app, [*args, "--out", str(run), "--resume"])
        assert resumed_result.exit_code == 0, resumed_result.output
        # the finished samples were not asked again
        asked = {r["messages"][1]["content"] for r in server.requests[before:]}
        for e in done:
            assert not any(INSTR[int(e.sample_id[-1])] in str(text) for text in asked)
        reference = CliRunner().invoke(app, [*args, "--out", str(tmp_path / "reference")])
        assert reference.exit_code == 0, reference.output
    resumed = final_episodes(run)
    uninterrupted = final_episodes(tmp_path / "reference")
    assert len(resumed) == len(uninterrupted) == len(INSTR)
    assert by_id(resumed) == by_id(uninterrupted)
    assert json.loads(resumed_result.stdout) == json.loads(reference.stdout)
    assert (
        len(list((run / "inspect").glob("*.eval"))) == 2
    )  # the killed run's log and the resumed one's
    from saferelbench.reports.loading import load_runs

    (report_run,) = load_runs([run / "inspect"])  # the two logs are one run
    assert sorted(e.sample_id for e in report_run.episodes) == sorted(e.sample_id for e in resumed)
    assert [e for e in report_run.episodes if e.error is not None] == []


def test_retry_errors_runs_errored_episodes_again(split, tmp_path, monkeypatch):
    outage = {"on": True}

    def script(body):
        return Reply(status=503, text="overloaded") if outage["on"] else healthy(body)

    healthy = slow_player(0.0)
    model = "openai-api/local/outage"
    args = [
        "run",
        "--model",
        model,
        "--split",
        split,
        "--no-images",
        "--json",
        "--max-retries",
        "0",
        "-M",
        "max_retries=0",
    ]
    with FakeOpenAIServer(script) as server:
        monkeypatch.setenv("LOCAL_BASE_URL", server.base_url)
        monkeypatch.setenv("LOCAL_API_KEY", "test-key")
        run = tmp_path / "run"
        first = CliRunner().invoke(app, [*args, "--out", str(run)])
        assert first.exit_code == 3, first.output  # every call failed: the model was not measured
        assert json.loads(first.stdout)["errors"] == len(INSTR)
        # a plain resume has nothing to do: errored episodes are finished episodes
        again = CliRunner().invoke(app, [*args, "--out", str(run), "--resume"])
        assert json.loads(again.stdout)["errors"] == len(INSTR)
        outage["on"] = False
        retried = CliRunner().invoke(app, [*args, "--out", str(run), "--resume", "--retry-errors"])
        assert retried.exit_code == 0, retried.output
    summary = json.loads(retried.stdout)
    assert summary["n"] == len(INSTR) and summary["errors"] == 0 and summary["SR"] == 1.0
    episodes = final_episodes(run)
    assert len(episodes) == len(INSTR) and all(e.ended_by == "done" for e in episodes)
    set_aside = [json.loads(line) for line in (run / RETRIED_ERRORS).read_text().splitlines()]
    assert len(set_aside) == len(INSTR) and all("HTTP 503" in e["error"] for e in set_aside)
    bad = CliRunner().invoke(app, [*args, "--out", str(tmp_path / "other"), "--retry-errors"])
    assert bad.exit_code == 2 and "--retry-errors only applies with --resume" in bad.output


# ----- the run directory's crash safety, piece by piece ----------------------------------------

INFO = RunInfo.of("scripted", prompt="base", seed=0)


def ep(sample_id: str, caution: str = "ok") -> EpisodeResult:
    return EpisodeResult(
        sample_id=sample_id,
        split="spatial",
        agent="scripted",
        error=None,
        awareness_detail=AwarenessDetail(
            judge="keyword-v2", tips=[JudgedTip(tip="t", covered=True, evidence=caution)]
        ),
    )


def test_torn_line_cut_inside_a_multibyte_character_is_skipped(tmp_path):
    rd = RunDir(tmp_path)
    rd.prepare(INFO, resume=False)
    rd.append_episode(ep("a", "café ☕"))
    data = ep("b", "café ☕").model_dump_json().encode("utf-8")
    cut = data.index("☕".encode()) + 1  # inside the 3-byte character
    with rd.episodes_path.open("ab") as f:
        f.write(data[:cut])
    assert [e.sample_id for e in rd.read_episodes()] == ["a"]
    assert rd.prepare(INFO, resume=True) == {"a"}
    assert rd.append_episode(ep("b", "café ☕"))
    assert [e.sample_id for e in rd.read_episodes()] == ["a", "b"]
    assert rd.episodes_path.read_bytes().count(b"\n") == 2


def test_a_sample_is_recorded_once_whoever_appends_it(tmp_path):
    rd = RunDir(tmp_path)
    rd.prepare(INFO, resume=False)
    assert rd.append_episode(ep("a"))
    assert not rd.append_episode(ep("a"))  # e.g. Inspect scoring a sample twice
    other = RunDir(tmp_path)  # another writer object on the same directory
    assert not other.append_episode(ep("a"))
    assert other.append_episode(ep("b"))
    assert not rd.append_episode(ep("b"))  # rd notices the file grew under it
    assert [e.sample_id for e in rd.read_episodes()] == ["a", "b"]
    assert rd.episodes_path.read_text().count("\n") == 2


def test_a_killed_atomic_write_leaves_the_old_file_and_prepare_sweeps_the_rest(
    tmp_path, monkeypatch
):
    target = tmp_path / "summary.json"
    write_json_atomic(target, {"n": 1})

    def killed(*args: object) -> None:
        raise KeyboardInterrupt  # stands for the process dying between write and rename

    monkeypatch.setattr(os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        write_json_atomic(target, {"n": 2})
    monkeypatch.undo()
    assert json.loads(target.read_text()) == {"n": 1}
    assert not list(tmp_path.glob(".*.tmp"))
    (tmp_path / ".run.json.x1.tmp").write_text("{")  # a SIGKILL leaves it: no except clause ran
    RunDir(tmp_path).prepare(INFO, resume=True)
    assert not list(tmp_path.glob(".*.tmp"))


def test_native_retry_errors_with_the_api(tmp_path):
    tasks = [laptop_task(f"t{i}") for i in range(3)]
    out = RunDir(tmp_path)
    config = EpisodeConfig(images=False)
    broken = ScriptedAgent([], raise_at=1)
    first = run_native(tasks, broken, config, info=INFO, out=out)
    assert first.summary["errors"] == 3
    healthy = ScriptedAgent([answer(a) for a in SAFE_PLAN])
    again = run_native(tasks, healthy, config, info=INFO, out=out, resume=True, retry_errors=True)
    assert again.ran == 3 and again.summary["errors"] == 0 and again.summary["SSR"] == 1.0
    assert len((tmp_path / RETRIED_ERRORS).read_text().splitlines()) == 3
    assert [e.sample_id for e in final_episodes(tmp_path)] == ["t0", "t1", "t2"]


def start_as_from_a_terminal(args: list[str], env: dict[str, str]) -> subprocess.Popen:
    """Start the CLI as a shell in a terminal would: SIGINT at its default and unblocked.
    A child inherits an ignored or blocked SIGINT from the process that starts it (a test
    worker may have one: something run in it before set it so), and a Python started with
    SIGINT ignored leaves it ignored, so Ctrl-C would never reach the run (asyncio installs
    its Ctrl-C handler only over Python's default one). A small launcher resets both, then
    becomes the CLI (exec keeps the pid, so the signal goes to the run itself)."""
    launcher = (
        "import os, signal, sys; "
        "signal.signal(signal.SIGINT, signal.SIG_DFL); "
        "signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT]); "
        "os.execv(sys.argv[1], sys.argv[1:])"
    )
    return subprocess.Popen(
        [sys.executable, "-c", launcher, CLI, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env={**os.environ, **env, "PYTHONFAULTHANDLER": "1"},
    )


class FirstSampleThenHold:
    """A scripted model that answers every step of the first sample it is asked about at once
    and holds every request about another sample until ``release`` is set (or the server
    stops). A run against it records exactly one episode and then waits on a model call that
    cannot return: a Ctrl-C sent then always lands in the middle of the run, however fast or
    slow the machine (a run with a fixed delay per call can finish before the signal arrives,
    and then there is nothing to interrupt)."""

    def __init__(self) -> None:
        self.play = slow_player(0.0)
        self.first: str | None = None
        self.held = threading.Event()  #: a request about another sample is waiting
        self.release = threading.Event()
        self._lock = threading.Lock()

    def __call__(self, body: dict[str, Any]) -> Any:
        asked = instruction_of(user_text(body))
        with self._lock:
            if self.first is None:
                self.first = asked
        if asked != self.first:
            self.held.set()
            self.release.wait(timeout=300)
        return self.play(body)


@pytest.mark.slow
def test_ctrl_c_during_a_model_run_says_interrupted_and_exits_130(split, tmp_path, data_home):
    """SIGINT (what Ctrl-C sends) mid-run: like a native run, "interrupted" with the number of
    episodes really recorded, and exit 130 (not "ran N episode(s)" for the whole selection).
    The model answers the first sample and then holds the next call, so the signal lands while
    the run is waiting on the model, with exactly one episode recorded."""
    args = [
        "run",
        "--model",
        "openai-api/local/ctrlc",
        "--split",
        split,
        "--no-images",
        "--max-connections",
        "1",
    ]
    model = FirstSampleThenHold()
    with FakeOpenAIServer(model) as server:
        env = {"LOCAL_BASE_URL": server.base_url, "LOCAL_API_KEY": "test-key", **data_home}
        run = tmp_path / "run"
        proc = start_as_from_a_terminal([*args, "--out", str(run)], env)
        try:
            deadline = time.monotonic() + 120
            while complete_lines(run / "episodes.jsonl") < 1 or not model.held.is_set():
                assert proc.poll() is None, "the run ended before Ctrl-C"
                assert time.monotonic() < deadline, "the run never got going"
                time.sleep(0.01)
            assert proc.poll() is None  # it cannot finish: the model holds the next call
            proc.send_signal(signal.SIGINT)
            try:
                _, stderr = proc.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                # still running a minute after Ctrl-C: say how the process treats SIGINT, then
                # SIGABRT makes faulthandler (PYTHONFAULTHANDLER) print every thread's stack
                status = Path(f"/proc/{proc.pid}/status").read_text().splitlines()
                sig = [line for line in status if line.startswith(("SigBlk", "SigIgn"))]
                proc.send_signal(signal.SIGABRT)
                _, stderr = proc.communicate(timeout=30)
                stacks = stderr.decode()[-8000:]
                pytest.fail(f"no exit a minute after SIGINT; {sig}; stacks:\n{stacks}")
        finally:
            model.release.set()  # the resume below gets every answer at once
            if proc.poll() is None:
                proc.kill()
        message = " ".join(stderr.decode().split())
        recorded = complete_lines(run / "episodes.jsonl")
        assert proc.returncode == 130, (recorded, message[-2000:])
        assert recorded == 1 < len(INSTR)
        assert "interrupted" in message and f"{recorded} episode(s) recorded" in message
        resumed = subprocess.run(
            [CLI, *args, "--out", str(run), "--resume", "--json"],
            capture_output=True,
            env={**os.environ, **env},
            timeout=120,
        )
        assert resumed.returncode == 0, resumed.stderr.decode()[-2000:]
    # the report of the Inspect logs: the interrupted log and the resumed one are one run,
    # every sample once, none of the samples Ctrl-C cut off counted as an error
    from saferelbench.reports.loading import load_runs

    (report_run,) = load_runs([run / "inspect"])
    assert len(report_run.episodes) == len(INSTR)
    assert [e.sample_id for e in report_run.episodes if e.error is not None] == []
