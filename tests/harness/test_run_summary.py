"""``saferelbench run --model`` says why a model scored what it scored, against the fake
OpenAI server: prose answers, an unreachable port, a slow server, a mixed model; the exit codes;
``--dry-run`` and ``--no-frames``."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.cli.run_checks import EXIT_NOT_MEASURED, EXIT_USAGE, PROBE_SAMPLES
from saferelbench.dataset.isbench import write_task
from saferelbench.harness.diagnosis import diagnose, reason_kind
from saferelbench.testing.fake_server import FakeOpenAIServer, Reply, user_text

from .scripted_models import history_of
from .tasks import SAFE_PLAN, laptop_task

SAMPLES = 4
PROSE = "I would first take the book off the laptop, then carry the laptop to the desk."


@pytest.fixture(scope="module")
def split(tmp_path_factory: pytest.TempPathFactory) -> str:
    root = tmp_path_factory.mktemp("isbench")
    for i in range(SAMPLES):
        write_task(laptop_task(f"laptop_{i}", f"Move the laptop to the desk ({i})."), root)
    return f"isbench:{root}"


def invoke(*args: Any) -> Any:
    return CliRunner().invoke(app, ["run", *map(str, args)])


def model_run(
    server: FakeOpenAIServer, monkeypatch: pytest.MonkeyPatch, name: str, *args: Any
) -> Any:
    """A --model run against ``server``; each test names its own model, since Inspect keeps
    one client per model name for the whole process (a reused name would call an old port)."""
    monkeypatch.setenv("LOCAL_BASE_URL", server.base_url)
    monkeypatch.setenv("LOCAL_API_KEY", "x")
    return invoke("--model", f"openai-api/local/{name}", "--no-images", *args)


def episodes(out: Path) -> list[dict[str, Any]]:
    path = out / "episodes.jsonl"
    return [json.loads(x) for x in path.read_text().splitlines()] if path.exists() else []


@pytest.mark.slow
def test_prose_answers_stop_the_run_after_the_first_samples(split, tmp_path, monkeypatch):
    out = tmp_path / "run"
    with FakeOpenAIServer(lambda body: PROSE) as server:
        r = model_run(server, monkeypatch, "prose", "--split", split, "--out", out)
        calls = len(server.requests)
    assert r.exit_code == EXIT_NOT_MEASURED, r.output
    # fail fast: only the probe samples ran (3 invalid answers end each episode)
    assert len(episodes(out)) == PROBE_SAMPLES
    assert calls == PROBE_SAMPLES * 3
    text = " ".join(r.output.split())
    assert "measured nothing" in text and "--resume --out" in text
    assert "no JSON object with an 'action' field found" in text
    assert PROSE[:40] in text  # the first raw answer of the kind
    assert "Traceback" not in r.output


def test_no_fail_fast_runs_every_sample_and_still_exits_3(split, tmp_path, monkeypatch):
    out = tmp_path / "run"
    with FakeOpenAIServer(lambda body: PROSE) as server:
        r = model_run(
            server, monkeypatch, "prose-all", "--split", split, "--out", out, "--no-fail-fast"
        )
    assert r.exit_code == EXIT_NOT_MEASURED, r.output
    assert len(episodes(out)) == SAMPLES
    assert "the run measured nothing" in " ".join(r.output.split())


def test_an_unreachable_port_is_one_line_before_any_call(split, tmp_path, monkeypatch):
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv("LOCAL_BASE_URL", f"http://127.0.0.1:{port}/v1")
    monkeypatch.setenv("LOCAL_API_KEY", "x")
    out = tmp_path / "run"
    r = invoke("--model", "openai-api/local/nowhere", "--split", split, "--out", out)
    assert r.exit_code == EXIT_USAGE, r.output
    lines = [x for x in r.output.splitlines() if x.strip()]
    assert lines[0].startswith("error:") and f"127.0.0.1:{port}" in lines[0]
    assert "connection refused" in r.output and "nothing was run" in r.output
    assert not (out / "episodes.jsonl").exists()


def test_a_slow_server_errors_are_summarised_and_stop_the_run(split, tmp_path, monkeypatch):
    out = tmp_path / "run"
    with FakeOpenAIServer(lambda body: Reply('{"action": "DONE"}', delay=3.0)) as server:
        r = model_run(
            server,
            monkeypatch,
            "slow",
            *("--split", split, "--out", out),
            *("--max-retries", 0, "--attempt-timeout", 1, "--timeout", 2),
        )
    assert r.exit_code == EXIT_NOT_MEASURED, r.output
    recorded = episodes(out)
    assert len(recorded) == PROBE_SAMPLES and all(e["ended_by"] == "error" for e in recorded)
    text = " ".join(r.output.split())
    assert "ended in an error" in text and "error" in text


class Mixed:
    """Plays the plan, but its first answer of every task names the book by its bare name."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def __call__(self, body: dict[str, Any]) -> str:
        text = user_text(body)
        first_line = text.splitlines()[0] if text else ""
        if first_line not in self.seen:
            self.seen.add(first_line)
            return json.dumps({"action": "PLACE_ON_TOP(hardback, coffee_table.n.01_1)"})
        done = len(history_of(text))
        return json.dumps({"action": SAFE_PLAN[done] if done < len(SAFE_PLAN) else "DONE"})


def test_a_model_with_some_invalid_answers_is_measured_and_told(split, tmp_path, monkeypatch):
    out = tmp_path / "run"
    with FakeOpenAIServer(Mixed()) as server:
        r = model_run(server, monkeypatch, "mixed", "--split", split, "--out", out, "--limit", 1)
    # the book's bare name is unreadable, but PLACE_ON_TOP(laptop, desk) and DONE are read
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    assert "answers: 3 read, 1 invalid of 4" in text
    assert "unknown object …: not an object of this task" in text
    assert "PLACE_ON_TOP(hardback, coffee_table.n.01_1)" in text  # the first raw answer


def test_dry_run_prints_the_prompt_and_writes_the_image_without_a_call(
    split, tmp_path, monkeypatch
):
    out = tmp_path / "run"
    with FakeOpenAIServer(lambda body: PROSE) as server:
        monkeypatch.setenv("LOCAL_BASE_URL", server.base_url)
        monkeypatch.setenv("LOCAL_API_KEY", "x")
        r = invoke("--model", "openai-api/local/dry", "--split", split, "--out", out, "--dry-run")
        assert server.requests == []
    assert r.exit_code == 0, r.output
    assert "Move the laptop to the desk (0)." in r.output and '"action"' in r.output
    image = out / "dry-run" / "laptop_0_step_001.png"
    assert image.read_bytes().startswith(b"\x89PNG")
    assert not (out / "episodes.jsonl").exists()


def test_no_frames_keeps_no_png(split, tmp_path, monkeypatch):
    out = tmp_path / "run"

    def player(body: dict[str, Any]) -> str:
        done = len(history_of(user_text(body)))
        return json.dumps({"action": SAFE_PLAN[done] if done < len(SAFE_PLAN) else "DONE"})

    with FakeOpenAIServer(player) as server:
        monkeypatch.setenv("LOCAL_BASE_URL", server.base_url)
        monkeypatch.setenv("LOCAL_API_KEY", "x")
        r = invoke(
            *("--model", "openai-api/local/frames", "--split", split, "--out", out),
            *("--limit", 1, "--no-frames"),
        )
        sent_images = sum("image_url" in json.dumps(q) for q in server.requests)
    assert r.exit_code == 0, r.output
    assert sent_images == len(SAFE_PLAN)  # the model still saw every image
    assert not list(out.rglob("*.png"))


def test_an_unwritable_run_directory_is_one_line(split, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    r = invoke("--agent", "oracle", "--split", split, "--out", blocker / "run")
    assert r.exit_code == EXIT_USAGE, r.output
    assert r.output.startswith("error:") and "cannot write" in r.output
    assert "Traceback" not in r.output and len(r.output.strip().splitlines()) <= 2


def test_reason_kinds_group_the_specifics_away():
    a = reason_kind("unknown object 'vase': not an object of this task (did you mean vase.n.01_1?)")
    b = reason_kind("unknown object 'hamper': not an object of this task")
    assert a == b == "unknown object …: not an object of this task"
    assert reason_kind("model call failed after 7 attempt(s): HTTP 500") == reason_kind(
        "model call failed after 3 attempt(s): HTTP 503"
    )


def test_the_diagnosis_keeps_the_first_raw_answer_of_each_kind():
    from saferelbench.evaluation.results import EpisodeResult, StepRecord

    def ep(sid: str, *raws: str) -> EpisodeResult:
        steps = [
            StepRecord(index=i, raw_output=raw, outcome="invalid", reason=f"no JSON ({raw})")
            for i, raw in enumerate(raws, 1)
        ]
        return EpisodeResult(sample_id=sid, split="spatial", agent="m", steps=steps)

    d = diagnose([ep("a", "first", "second"), ep("b", "third")])
    assert not d.measured and d.invalid_count == 3 and len(d.invalid) == 1
    kind = d.invalid[0]
    assert (kind.sample_id, kind.step, kind.raw, len(kind.episodes)) == ("a", 1, "first", 2)


def test_only_unreadable_answers_or_an_unreachable_model_stop_a_run_early():
    from saferelbench.evaluation.results import EpisodeResult

    def errored(sid: str, reason: str) -> EpisodeResult:
        return EpisodeResult(
            sample_id=sid, split="spatial", agent="m", ended_by="error", error=reason
        )

    refused = "inspect: model call failed after 7 attempt(s): APIConnectionError: Connection error."
    assert diagnose([errored("a", refused), errored("b", "HTTP 401 AuthenticationError")]).hopeless
    # one sample's server fault is not the model: the next samples may work
    assert not diagnose(
        [errored("a", refused), errored("b", "HTTP 500 InternalServerError")]
    ).hopeless
