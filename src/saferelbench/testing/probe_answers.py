"""Scripted probe answerers for :class:`~saferelbench.testing.fake_server.FakeOpenAIServer`:
the perception probe (docs/probe.md) through Inspect against a real HTTP server, offline.

A request of the probe task carries one image and one question. :class:`ProbeAnswers` knows the
probe images of the tasks it was built for (it draws them as the probe task does and keys them
by their data URI), so it finds the state the image shows and answers as the model it is asked
for: ``probe-state`` reads the answer off that state (accuracy 1.0; a wrong image with the
question shows up as a wrong answer), ``probe-random`` guesses (a fair coin for yes/no, none or
one shown object for a list; near chance). A request it does not know gets "I do not know"."""

from __future__ import annotations

import base64
import hashlib
import random
from collections.abc import Iterable
from typing import Any

from saferelbench.evaluation.probe import ANSWER_FORMAT, random_answer, shown_objects, state_answer
from saferelbench.evaluation.probe_run import ProbeImage, probe_images
from saferelbench.render import render
from saferelbench.testing.chat import image_urls, user_text
from saferelbench.world.task import Task

#: the models a :class:`ProbeAnswers` script answers as
PROBE_MODELS = ("probe-state", "probe-random")


def _digest(uri: str) -> str:
    return hashlib.sha256(uri.encode()).hexdigest()


def image_uri(image: ProbeImage) -> str:
    """The data URI the probe task sends with the questions about ``image``."""
    png = render(image.scene, image.state).png_bytes()
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


class ProbeAnswers:
    """A fake-server script answering the probe questions about ``tasks`` (the probe's seed,
    ``max_steps`` and plan must be the probe task's)."""

    def __init__(
        self,
        tasks: Iterable[Task],
        *,
        seed: int = 0,
        max_steps: int | None = None,
        plan: str = "golden",
        guess_seed: int = 0,
    ) -> None:
        self.guess_seed = guess_seed
        self.key: dict[tuple[str, str], tuple[ProbeImage, Any]] = {}
        for im in probe_images(list(tasks), seed=seed, max_steps=max_steps, plan=plan):
            uri = _digest(image_uri(im))
            for q in im.questions:
                self.key[(uri, f"{q.text} {ANSWER_FORMAT[q.form]}")] = (im, q)

    def __len__(self) -> int:
        return len(self.key)

    def __call__(self, body: dict[str, Any]) -> str:
        urls = image_urls(body)
        found = self.key.get((_digest(urls[0]), user_text(body))) if len(urls) == 1 else None
        if found is None:
            return "I do not know"
        image, q = found
        if body.get("model") == "probe-random":
            rng = random.Random(f"probe-random:{self.guess_seed}:{image.key}/{q.qid}")
            return random_answer(rng, q, sorted(shown_objects(image.scene, image.state)))
        return state_answer(image.scene, image.state, q)
