"""The probe through Inspect against the fake OpenAI-compatible server on 127.0.0.1, the
``saferelbench probe`` command (built-in answerers and ``--model``) and the report's probe table.

The scripted model ``probe-oracle`` answers a question only when the request carries the image
of the step the question is about (it looks the answer up by image and question text), so an
accuracy of 1.0 shows the right image went with each question; ``probe-yes`` always says yes."""

from __future__ import annotations

import hashlib
import json

import pytest

pytest.importorskip("inspect_ai")

from inspect_ai import eval as inspect_eval  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from saferelbench.cli.main import app  # noqa: E402
from saferelbench.dataset.store import get_sample  # noqa: E402
from saferelbench.evaluation.probe import ANSWER_FORMAT  # noqa: E402
from saferelbench.evaluation.probe_run import probe_images, read_probe_result  # noqa: E402
from saferelbench.inspect_adapter import registry  # noqa: E402, F401
from saferelbench.inspect_adapter.probe import PROBE_SCORER, saferelbench_probe  # noqa: E402
from saferelbench.inspect_adapter.solver import png_data_uri  # noqa: E402
from saferelbench.render import render  # noqa: E402
from saferelbench.testing.fake_server import FakeOpenAIServer, image_urls, user_text  # noqa: E402

IDS = "sup-falling_tidy-03"
MAX_STEPS = 0


def _digest(uri: str) -> str:
    return hashlib.sha256(uri.encode()).hexdigest()


@pytest.fixture(scope="module")
def key():
    """(image digest, question prompt) -> expected answer, for every probe question of IDS."""
    tasks = [get_sample(i) for i in IDS.split(",")]
    out: dict[tuple[str, str], str] = {}
    for im in probe_images(tasks, seed=0, max_steps=MAX_STEPS):
        uri = png_data_uri(render(im.scene, im.state).png_bytes())
        for q in im.questions:
            out[(_digest(uri), f"{q.text} {ANSWER_FORMAT[q.form]}")] = q.answer
    return out


@pytest.fixture(scope="module")
def server(key):
    def script(body):
        if body.get("model") == "probe-yes":
            return "Yes."
        urls = image_urls(body)
        found = key.get((_digest(urls[0]), user_text(body))) if len(urls) == 1 else None
        return found if found is not None else "I do not know"

    with FakeOpenAIServer(script, models=("probe-oracle", "probe-yes")) as srv:
        mp = pytest.MonkeyPatch()
        mp.setenv("LOCAL_BASE_URL", srv.base_url)
        mp.setenv("LOCAL_API_KEY", "test-key")
        yield srv
        mp.undo()


def _eval(model, tmp_path):
    logs = inspect_eval(
        saferelbench_probe(ids=IDS, max_steps=MAX_STEPS),
        model=model,
        log_dir=str(tmp_path / "logs"),
        display="none",
        max_retries=0,
    )
    assert len(logs) == 1 and logs[0].status == "success"
    return logs[0]


def _metrics(log):
    return {k: v.value for k, v in log.results.scores[0].metrics.items()}


def test_the_probe_task_through_the_fake_server_scores_exactly(server, key, tmp_path):
    before = len(server.requests)
    log = _eval("openai-api/local/probe-oracle", tmp_path)
    requests = server.requests[before:]
    assert len(requests) == len(key) == len(log.samples)
    assert all(image_urls(r)[0].startswith("data:image/png;base64,") for r in requests)
    m = _metrics(log)
    assert m["accuracy"] == 1.0
    assert {"supporting", "containment", "proximity", "state"} <= set(m)
    assert all(s.scores[PROBE_SCORER].value == "C" for s in log.samples)
    assert all(not (m.metadata or {}) for s in log.samples for m in s.messages)


def test_a_model_that_always_says_yes_scores_half_the_yes_no_questions(server, tmp_path):
    yes = _eval("openai-api/local/probe-yes", tmp_path)
    yesno = [s for s in yes.samples if s.metadata["form"] == "yesno"]
    correct = [s for s in yes.samples if s.scores[PROBE_SCORER].value == "C"]
    # always "yes": right on exactly the "yes" half of the yes/no questions, never on a list
    assert len(correct) * 2 == len(yesno)
    assert all(s.metadata["form"] == "yesno" for s in correct)


def test_the_builtin_answerers_through_inspect(tmp_path):
    state = _eval("saferelbench-probe/state", tmp_path)
    assert _metrics(state)["accuracy"] == 1.0
    guesses = [_eval("saferelbench-probe/random", tmp_path) for _ in range(2)]
    values = [[s.scores[PROBE_SCORER].value for s in g.samples] for g in guesses]
    assert values[0] == values[1]  # seeded per question: the same guesses whatever the order
    assert 0.2 < _metrics(guesses[0])["accuracy"] < 0.8
    # the question's metadata rides on the message for these providers only
    first = state.samples[0].messages[-2]
    assert first.metadata and "saferelbench_probe" in first.metadata


def test_the_task_is_registered_under_its_inspect_name():
    from inspect_ai._util.registry import registry_lookup

    assert registry_lookup("task", "saferelbench/saferelbench_probe") is not None


def test_probe_command_with_a_model_and_with_the_builtin_agents(server, key, tmp_path):
    runner = CliRunner()
    out = tmp_path / "model.json"
    args = ["probe", "--ids", IDS, "--max-steps", str(MAX_STEPS), "--out", str(out)]
    res = runner.invoke(app, [*args, "--model", "openai-api/local/probe-oracle"])
    assert res.exit_code == 0, res.output
    header, answers = read_probe_result(out)
    assert header["agent"] == "openai-api/local/probe-oracle"
    assert len(answers) == len(key) and all(a.correct for a in answers)
    assert "containment" in res.output and "1.000" in res.output

    state_out = tmp_path / "state.json"
    res = runner.invoke(app, [*args[:-1], str(state_out), "--agent", "state"])
    assert res.exit_code == 0, res.output
    state = json.loads(state_out.read_text())
    assert state["summary"]["by_relation"]["all"]["accuracy"] == 1.0
    # the same questions whichever answers them
    _, state_answers = read_probe_result(state_out)
    assert [a.question for a in state_answers] == [a.question for a in answers]

    rand_out = tmp_path / "random.json"
    res = runner.invoke(app, [*args[:-1], str(rand_out), "--agent", "random", "--seed", "0"])
    assert res.exit_code == 0, res.output
    rand = json.loads(rand_out.read_text())["summary"]["by_relation"]["all"]["accuracy"]
    assert 0.2 < rand < 0.8

    for bad in (["--agent", "psychic"], ["--agent", "state", "--model", "x"], []):
        res = runner.invoke(app, ["probe", "--ids", IDS, *bad])
        assert res.exit_code == 2 and "error:" in res.output


def test_report_puts_probe_accuracy_beside_ssr(tmp_path):
    runner = CliRunner()
    run_dir = tmp_path / "run"
    res = runner.invoke(
        app, ["run", "--agent", "oracle", "--ids", IDS, "--out", str(run_dir), "--no-images"]
    )
    assert res.exit_code == 0, res.output
    probe = tmp_path / "probe.json"
    res = runner.invoke(app, ["probe", "--agent", "state", "--ids", IDS, "--out", str(probe)])
    assert res.exit_code == 0, res.output
    out = tmp_path / "report"
    res = runner.invoke(
        app,
        ["report", str(run_dir), "--out", str(out), "--probe", str(probe), "--no-figures",
         "--no-html", "--images", "none", "--resamples", "100"],
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    table = (out / "probe.md").read_text()
    rows = {line.split("|")[2].strip(): line for line in table.splitlines() if "| oracle" in line}
    assert set(rows) == {"supporting", "containment", "proximity"}
    cells = [c.strip() for c in rows["supporting"].split("|")]
    assert cells[3] == "100.0" and cells[5] == "100.0"  # SSR of the oracle, probe accuracy
    assert (out / "probe.csv").read_text().count("\n") == 4

    bad = tmp_path / "bad.json"
    bad.write_text('{"kind": "something else"}')
    res = runner.invoke(app, ["report", str(run_dir), "--out", str(out), "--probe", str(bad)])
    assert res.exit_code == 2 and "not a probe result" in res.output
