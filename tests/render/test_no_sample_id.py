"""No image carries a sample id (issue 11, point 5): an id in the picture tells a model which
benchmark item it is looking at. The renderer draws text only from object names, hazard
captions and an optional title; these tests check what every caller passes as the title."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import saferelbench.cli.render_cmd as render_cmd
from saferelbench.cli.main import app
from saferelbench.dataset.store import load_samples
from saferelbench.harness.episode import render_png
from saferelbench.render import Rendering, render
from saferelbench.world.scene_builder import build_world


def test_render_command_titles_name_no_sample(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sample = load_samples(relation="proximity")[0]
    titles: list[str | None] = []

    def spy(*args: Any, **kwargs: Any) -> Rendering:
        titles.append(kwargs.get("title"))
        return render(*args, **kwargs)

    monkeypatch.setattr(render_cmd, "render", spy)
    result = CliRunner().invoke(app, ["render", sample.id, "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert len(titles) == len(sample.golden_plan) + 1
    assert all(t and sample.id not in t and sample.pair_id not in t for t in titles)


def test_agent_images_have_no_title() -> None:
    sample = load_samples(relation="containment")[0]
    world = build_world(sample)
    png = render_png(world.scene, world.initial, True)
    assert png == render(world.scene, world.initial, labels=True).png_bytes()
    titled = render(world.scene, world.initial, labels=True, title=sample.id).png_bytes()
    assert titled != png  # a title would show: the comparison above can fail
