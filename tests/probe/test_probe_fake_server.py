"""The probe through Inspect against the fake server's own probe answerers
(:mod:`saferelbench.testing.probe_answers`): ``probe-state`` answers from the state the image
shows (accuracy 1.0), ``probe-random`` guesses (near chance)."""

from __future__ import annotations

import pytest

pytest.importorskip("inspect_ai")

from inspect_ai import eval as inspect_eval  # noqa: E402

from saferelbench.dataset.store import get_sample  # noqa: E402
from saferelbench.inspect_adapter import registry  # noqa: E402, F401
from saferelbench.inspect_adapter.probe import PROBE_SCORER, saferelbench_probe  # noqa: E402
from saferelbench.testing.fake_server import FakeOpenAIServer  # noqa: E402
from saferelbench.testing.probe_answers import PROBE_MODELS, ProbeAnswers  # noqa: E402

IDS = "sup-falling_tidy-01,pro-fire_beside-01"
MAX_STEPS = 1


@pytest.fixture(scope="module")
def answers() -> ProbeAnswers:
    return ProbeAnswers([get_sample(i) for i in IDS.split(",")], max_steps=MAX_STEPS)


@pytest.fixture(scope="module")
def server(answers):
    with FakeOpenAIServer(answers, models=PROBE_MODELS) as srv:
        mp = pytest.MonkeyPatch()
        mp.setenv("LOCAL_BASE_URL", srv.base_url)
        mp.setenv("LOCAL_API_KEY", "test-key")
        yield srv
        mp.undo()


def _eval(model: str, tmp_path):
    logs = inspect_eval(
        saferelbench_probe(ids=IDS, max_steps=MAX_STEPS),
        model=f"openai-api/local/{model}",
        log_dir=str(tmp_path / model),
        display="none",
        max_retries=0,
    )
    assert len(logs) == 1 and logs[0].status == "success"
    return logs[0]


def test_an_answerer_reading_the_state_scores_every_question(server, answers, tmp_path):
    before = len(server.requests)
    log = _eval("probe-state", tmp_path)
    assert len(server.requests) - before == len(log.samples) == len(answers) > 20
    metrics = {k: v.value for k, v in log.results.scores[0].metrics.items()}
    assert metrics["accuracy"] == 1.0
    assert {"supporting", "containment", "proximity", "state"} <= set(metrics)


def test_a_guessing_answerer_scores_near_chance(server, tmp_path):
    log = _eval("probe-random", tmp_path)
    scored = [(s.metadata["form"], s.scores[PROBE_SCORER].value == "C") for s in log.samples]
    yesno = [ok for form, ok in scored if form == "yesno"]
    assert len(yesno) > 12
    rate = sum(yesno) / len(yesno)
    assert 0.25 <= rate <= 0.75  # a fair coin on balanced yes/no questions
    overall = sum(ok for _, ok in scored) / len(scored)
    assert overall < 0.7  # far from the state answerer's 1.0


def test_a_question_it_does_not_know_gets_no_answer(answers):
    body = {"model": "probe-state", "messages": [{"role": "user", "content": "Is it?"}]}
    assert answers(body) == "I do not know"
