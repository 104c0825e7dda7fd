"""Image history: the last K frames, oldest first, each marked with its step, at every step;
in the episode, in the JSON-mode request a model gets, and recorded with the run."""

import json

import pytest
from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.dataset.isbench import write_task
from saferelbench.harness.config import RunConfig, RunConfigError
from saferelbench.harness.episode import Episode, EpisodeConfig, render_png
from saferelbench.testing.fake_server import FakeOpenAIServer

from .scripted_models import PlanPlayer
from .tasks import BOOK, SAFE_PLAN, TABLE, laptop_task

# the book goes back and forth: every state differs from the one before
MOVES = [f"PLACE_ON_TOP({BOOK}, {TABLE})", f"PLACE_ON_TOP({BOOK}, desk.n.01_1)"] * 2 + ["DONE"]


def answer(action):
    return json.dumps({"action": action, "caution": None})


@pytest.mark.parametrize("k", [1, 2, 3])
def test_episode_frames_are_the_last_k_in_order(k):
    episode = Episode(laptop_task(), EpisodeConfig(image_history=k))
    shown: list[bytes] = []  # the image of each step, as it was shown then
    for step, action in enumerate(MOVES, start=1):
        frames = episode.frames()
        png = episode.image()
        assert png is not None
        shown.append(png)
        expected = list(range(max(1, step - k + 1), step + 1))
        assert [s for s, _ in frames] == expected
        assert [png for _, png in frames] == [shown[s - 1] for s in expected]
        episode.submit(answer(action))
    # each step drawn; a return to the book's first place may be drawn in a shifted (steady) frame
    assert len(shown) - 2 <= len(set(shown)) <= len(shown)


def test_an_invalid_answer_repeats_the_frame_of_the_same_state():
    episode = Episode(laptop_task(), EpisodeConfig(image_history=2))
    first = episode.image()
    episode.submit("no idea")
    frames = episode.frames()
    assert [s for s, _ in frames] == [1, 2]
    assert frames[0][1] == frames[1][1] == first


def test_frames_redrawn_for_steps_never_drawn():
    """A frame the agent never looked at is drawn when the history needs it: the same PNG."""
    task = laptop_task()
    episode = Episode(task, EpisodeConfig(image_history=3))
    episode.submit(answer(MOVES[0]))  # no image read at step 1
    frames = episode.frames()
    assert [s for s, _ in frames] == [1, 2]
    assert frames[0][1] == render_png(episode.scene, episode.initial, True)


def test_observation_offers_the_frames():
    episode = Episode(laptop_task(), EpisodeConfig(image_history=2))
    episode.submit(answer(MOVES[0]))
    frames_of = episode.observe().extra["frames"]
    assert callable(frames_of)
    frames = frames_of()
    assert [s for s, _ in frames] == [1, 2]


def test_images_off_no_frames():
    assert Episode(laptop_task(), EpisodeConfig(images=False, image_history=3)).frames() == []


def test_image_history_must_be_positive():
    with pytest.raises(RunConfigError, match="--image-history must be at least 1"):
        RunConfig.build(image_history=0)
    assert RunConfig().image_history == 1
    assert RunConfig.build(image_history=2).task_args()["image_history"] == 2


def _user_parts(body):
    user = [m for m in body["messages"] if m["role"] == "user"][-1]
    return user["content"]


@pytest.fixture
def split(tmp_path):
    write_task(laptop_task("laptop_0", "Move the laptop to the desk."), tmp_path / "tasks")
    return f"isbench:{tmp_path / 'tasks'}"


def test_requests_carry_the_last_k_frames_labelled_in_order(split, tmp_path):
    plans = {"scripted": {"Move the laptop to the desk.": SAFE_PLAN}}
    with FakeOpenAIServer(PlanPlayer(plans)) as server, pytest.MonkeyPatch.context() as mp:
        mp.setenv("LOCAL_BASE_URL", server.base_url)
        mp.setenv("LOCAL_API_KEY", "x")
        out = tmp_path / "run"
        result = CliRunner().invoke(
            app,
            [
                "run",
                "--model",
                "openai-api/local/scripted",
                "--split",
                split,
                "--image-history",
                "2",
                "--out",
                str(out),
                "--json",
                "--protocol",
                "physical",
            ],
        )
        assert result.exit_code == 0, result.output
        bodies = list(server.requests)
    assert len(bodies) == len(SAFE_PLAN)
    for step, body in enumerate(bodies, start=1):
        parts = _user_parts(body)
        kinds = [p["type"] for p in parts]
        labels = [p["text"] for p in parts if p["type"] == "text"][:-1]  # the last: the prompt
        expected = list(range(max(1, step - 1), step + 1))
        assert labels == [
            f"Image at step {s}" + (" (now):" if s == step else ":") for s in expected
        ], step
        assert kinds == ["text", "image_url"] * len(expected) + ["text"]
        assert f"This is step {step} of" in parts[-1]["text"]
    # the frame of step 1, shown as the newest at step 1, is the older one at step 2
    assert bodies[0]["messages"][1]["content"][1] == bodies[1]["messages"][1]["content"][1]
    info = json.loads((out / "run.json").read_text())
    assert info["config"]["image_history"] == 2 and info["config"]["actions"] == "json"


def test_run_json_records_modes_and_resume_refuses_a_change(split, tmp_path):
    out = tmp_path / "run"
    base = ["run", "--agent", "oracle", "--split", split, "--out", str(out), "--no-images"]
    first = CliRunner().invoke(app, [*base, "--image-history", "3"])
    assert first.exit_code == 0, first.output
    info = json.loads((out / "run.json").read_text())
    assert (info["config"]["actions"], info["config"]["image_history"]) == ("json", 3)
    again = CliRunner().invoke(app, [*base, "--resume", "--image-history", "1"])
    assert again.exit_code == 2
    assert "image_history was 3, now 1" in again.output


def test_tools_mode_needs_a_model(split, tmp_path):
    result = CliRunner().invoke(
        app,
        [
            "run",
            "--agent",
            "oracle",
            "--split",
            split,
            "--actions",
            "tools",
            "--out",
            str(tmp_path / "r"),
        ],
    )
    assert result.exit_code == 2
    assert "--actions tools only applies to --model runs" in result.output
    bad = CliRunner().invoke(
        app,
        [
            "run",
            "--model",
            "saferelbench/oracle",
            "--split",
            split,
            "--actions",
            "xml",
            "--out",
            str(tmp_path / "r2"),
        ],
    )
    assert bad.exit_code == 2 and "--actions" in bad.output and "xml" in bad.output
