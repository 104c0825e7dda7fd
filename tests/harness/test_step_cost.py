"""The per-call savings of issue 14 (docs/performance.md) keep what the harness promises:
the model still gets the current frame every step, the built-in providers still get the step
metadata they rebuild the state from, and a sample still carries its whole task."""

from __future__ import annotations

import base64

from saferelbench.harness.episode import Episode, EpisodeConfig
from saferelbench.inspect_adapter.dataset import TASK_KEY, task_metadata, task_of, to_inspect_sample
from saferelbench.inspect_adapter.solver import META_KEY, step_messages, wants_step_metadata

from .tasks import BOOK, LAPTOP, TABLE, answer, laptop_task

IMAGES = EpisodeConfig(images=True, step_limit=5)


def _image_uri(messages: list) -> str:
    parts = messages[1].content
    images = [p for p in parts if p.type == "image"]
    assert len(images) == 1  # the current frame only, every step
    return str(images[0].image)


def test_a_failed_action_reuses_the_frame_and_its_data_uri_a_successful_one_draws_anew() -> None:
    episode = Episode(laptop_task(), IMAGES)
    assert episode.image_pending  # nothing drawn yet
    first = _image_uri(step_messages(episode, 0))
    assert not episode.image_pending
    png = episode.image()
    assert png is not None and first == "data:image/png;base64," + base64.b64encode(png).decode()
    episode.submit(answer(f"CLOSE({LAPTOP})"))  # already closed: fails, the state stays
    assert episode.steps[-1].outcome != "ok"
    assert not episode.image_pending  # same state: no redraw needed
    again = _image_uri(step_messages(episode, 0))
    assert again is first  # the very same string: no second base64 encoding
    episode.submit(answer(f"PLACE_ON_TOP({BOOK}, {TABLE})"))
    assert episode.steps[-1].outcome == "ok"
    assert episode.image_pending  # the state changed: a new frame is drawn
    moved = _image_uri(step_messages(episode, 0))
    assert moved != first


def test_step_metadata_goes_only_to_providers_that_read_it() -> None:
    from inspect_ai.model import get_model

    from saferelbench.inspect_adapter import registry  # noqa: F401 (the providers)

    assert wants_step_metadata(get_model("saferelbench/oracle").api)
    assert not wants_step_metadata(object())
    episode = Episode(laptop_task(), EpisodeConfig(images=False))
    with_meta = step_messages(episode, 3)
    meta = with_meta[1].metadata
    assert meta is not None and meta[META_KEY]["seed"] == 3
    assert task_of(meta[META_KEY]).id == episode.task.id  # the first step carries the task
    without = step_messages(episode, 3, metadata=False)
    assert without[1].metadata is None
    assert [m.text for m in without] == [m.text for m in with_meta]  # same prompt


def test_a_sample_carries_its_task_as_one_json_string_and_old_nested_logs_still_read() -> None:
    task = laptop_task()
    sample = to_inspect_sample(task)
    assert sample.metadata is not None and isinstance(sample.metadata[TASK_KEY], str)
    assert task_of(sample.metadata, sample.id) == task
    nested = dict(task_metadata(task), **{TASK_KEY: task.model_dump(mode="json")})
    assert task_of(nested, sample.id) == task
