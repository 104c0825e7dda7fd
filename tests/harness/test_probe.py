"""The perception probe: yes/no questions about each initial image whose answers the state
fixes, balanced, about visible objects only; a state-reading answerer scores 1.0 and a random
one about chance, natively and through Inspect against a real HTTP server on 127.0.0.1."""

from __future__ import annotations

import base64
import re

import pytest

from saferelbench.dataset.store import load_samples
from saferelbench.harness import probe, sources
from saferelbench.render import render
from saferelbench.testing.fake_server import FakeOpenAIServer, image_urls, user_text
from saferelbench.world.scene_builder import build_world


def test_questions_are_balanced_about_visible_things_and_keyed_by_the_state() -> None:
    tasks = load_samples()[::6]
    items = probe.probe_items(tasks)
    questions = [q for item in items for q in item.questions]
    assert len(items) > 60 and len(questions) > 300
    for kind in probe.KINDS:
        kind_qs = [q for q in questions if q.kind == kind]
        assert sum(q.answer == "yes" for q in kind_qs) * 2 == len(kind_qs), kind
    states = {t.id: build_world(t) for t in tasks}
    for q in questions:
        world = states[q.sample]
        visible = render(world.scene, world.initial).layout
        assert q.a in visible and (q.b is None or q.b in visible)
        assert (q.answer == "yes") == probe.holds(world.initial, q.kind, q.a, q.b)
        assert q.a in q.text and (q.b is None or q.b in q.text)


def test_a_state_answerer_scores_one_and_a_random_one_about_chance() -> None:
    tasks = load_samples()[::4]
    questions = [q for item in probe.probe_items(tasks) for q in item.questions]
    assert probe.accuracy(questions, probe.state_answerer(tasks))["all"] == 1.0
    chance = probe.accuracy(questions, probe.random_answerer(7))["all"]
    assert 0.4 <= chance <= 0.6
    assert probe.accuracy(questions, lambda q: "Yes.")["all"] == 0.5  # the key is balanced


pytest.importorskip("inspect_ai")


def _states_by_question() -> dict[tuple[str, str], str]:
    """(image, question) -> the answer the state gives (what a model that sees perfectly
    says; the image tells the samples apart, as it would for a model)."""
    tasks = sources.select_tasks(split="all", limit=8)  # what the task asks about
    answer = probe.state_answerer(tasks)
    return {
        ("data:image/png;base64," + base64.b64encode(item.png).decode("ascii"), q.text): answer(q)
        for item in probe.probe_items(tasks)
        for q in item.questions
    }


@pytest.mark.parametrize("model", ["seeing", "always-yes"])
def test_the_inspect_probe_scores_exactly(model: str, tmp_path, monkeypatch) -> None:
    from inspect_ai import eval as inspect_eval

    from saferelbench.inspect_adapter.probe import saferelbench_probe

    key = _states_by_question()

    def respond(body: dict) -> str:
        (image,) = image_urls(body)  # the question comes with its image
        question = re.sub(re.escape(probe.SUFFIX) + "$", "", user_text(body).strip())
        return (key[image, question].capitalize() + ".") if model == "seeing" else "Yes"

    with FakeOpenAIServer(respond) as server:
        monkeypatch.setenv("LOCAL_BASE_URL", server.base_url)
        monkeypatch.setenv("LOCAL_API_KEY", "test-key")
        (log,) = inspect_eval(
            saferelbench_probe(limit=8),
            model=f"openai-api/local/{model}",
            log_dir=str(tmp_path / "logs"),
            display="none",
            max_retries=0,
        )
    assert log.status == "success" and log.samples and len(log.samples) == len(key)
    assert log.results is not None
    values = {k: v.value for k, v in log.results.scores[0].metrics.items()}
    overall = values.get("all", values.get("accuracy"))
    assert overall == (1.0 if model == "seeing" else 0.5), values
