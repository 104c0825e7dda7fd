"""``saferelbench show RUN SAMPLE_ID``: one recorded episode in the terminal and as a page."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.harness.rundir import RunDir

SAMPLE = "sup-falling_freeze-06"


def invoke(*args: object):
    return CliRunner().invoke(app, [*map(str, args)])


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("show") / "run"
    r = invoke("run", "--agent", "task-only", "--ids", SAMPLE, "--out", out)
    assert r.exit_code == 0, r.output
    return out


def test_the_terminal_view_has_steps_hazards_and_conditions(run_dir):
    (episode,) = RunDir(run_dir).read_episodes()
    r = invoke("show", run_dir, SAMPLE)
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())
    assert SAMPLE in text and "task: " in text
    assert f"ended by {episode.ended_by}" in text
    for step in episode.steps:  # every step, with its outcome
        assert f" {step.index} " in text
    for h in episode.hazards:
        assert f"{h.kind} ({', '.join(h.objects)})" in text
    for v in episode.verdicts:
        if v.origin != "generic" or v.status == "violated":
            assert f"{v.kind} #{v.index} · {v.risk_type}" in text
            assert v.status in text
    assert "relation-induced" in text


def test_an_unknown_sample_gets_the_nearest_ids(run_dir):
    r = invoke("show", run_dir, "sup-falling_freez-06")
    assert r.exit_code == 2
    assert r.output.startswith("error:") and f"did you mean {SAMPLE}" in r.output


def test_a_missing_run_is_one_line(tmp_path):
    r = invoke("show", tmp_path / "nowhere", SAMPLE)
    assert r.exit_code == 2 and r.output.startswith("error:")
    assert "Traceback" not in r.output


def test_the_page_holds_this_episode_with_images_before_and_after(run_dir, tmp_path):
    page = tmp_path / "episode.html"
    r = invoke("show", run_dir, SAMPLE, "--html", page)
    assert r.exit_code == 0, r.output
    html = page.read_text()
    block = re.search(
        r'<script type="application/json" id="report-data">(.*?)</script>', html, re.S
    )
    assert block is not None
    data = json.loads(block.group(1))
    (episode,) = data["episodes"]
    assert episode["id"] == SAMPLE
    steps = episode["steps"]
    assert all(s["image"] and s["after"] for s in steps)  # embedded: "#hash"
    # the image after a step is the observation of the next one
    for a, b in zip(steps, steps[1:], strict=False):
        assert a["after"] == b["image"]
    assert all(ref.lstrip("#") in data["images"] for s in steps for ref in (s["image"], s["after"]))
