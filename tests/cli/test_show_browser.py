"""``show --html`` in a real browser: the one-episode page opens on its episode, and every step
shows its image before and after the action (headless chromium, as tests/reports/test_browser)."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from saferelbench.cli.main import app
from tests.reports.test_browser import chromium, console_lines, run_chromium

pytestmark = [pytest.mark.browser, pytest.mark.slow]
__all__ = ["chromium"]  # the fixture, used by name

SAMPLE = "sup-falling_freeze-06"


def test_the_page_opens_on_the_episode_with_images_before_and_after(chromium, tmp_path):
    run = tmp_path / "run"
    r = CliRunner().invoke(app, ["run", "--agent", "task-only", "--ids", SAMPLE, "--out", str(run)])
    assert r.exit_code == 0, r.output
    page = tmp_path / "episode.html"
    r = CliRunner().invoke(app, ["show", str(run), SAMPLE, "--html", str(page)])
    assert r.exit_code == 0, r.output
    res = run_chromium(chromium, page.as_uri(), tmp_path / "profile", "--dump-dom")
    assert res.returncode == 0, res.stderr[-2000:]
    assert console_lines(res.stderr) == []
    dom = res.stdout
    assert f'data-episode="r0/{SAMPLE}"' in dom  # opened without a #episode= link
    cards = re.findall(r'<div class="pair">(.*?)</div>', dom)
    assert cards
    for k, card in enumerate(cards, start=1):
        assert f'alt="observation at step {k} (before the action)"' in card
        assert f'alt="after step {k} (' in card
        assert 'class="noimg"' not in card
