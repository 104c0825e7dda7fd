"""The HTML report in a real browser: Debian's headless chromium, driven with ``--dump-dom``
and ``--screenshot``. The page records JS errors and loaded images in the DOM; chromium's
stderr log (``--enable-logging=stderr``) shows every console message, and the report writes
none, so any console line is a failure. The screenshot goes to test-artifacts/."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import quote

import pytest
from PIL import Image, ImageStat

from saferelbench.reports.build import ReportOptions, build_report
from saferelbench.reports.loading import load_runs
from tests.reports.conftest import XSS_SAMPLE

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"


@pytest.fixture(scope="module")
def chromium() -> str:
    exe = next((p for p in map(shutil.which, ("chromium", "chromium-browser")) if p), None)
    if exe is None:
        message = "the browser test needs Debian's chromium on PATH (apt-get install chromium; .ci/run prepares it)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return exe


def run_chromium(
    exe: str, url: str, profile: Path, *extra: str
) -> subprocess.CompletedProcess[str]:
    args = [
        exe,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
        "--enable-logging=stderr",
        "--v=0",
        "--virtual-time-budget=10000",
        "--hide-scrollbars",
        *extra,
        url,
    ]
    return subprocess.run(args, capture_output=True, text=True, timeout=180, check=False)


def console_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if ":CONSOLE" in line or "Uncaught" in line]


@pytest.fixture(scope="module")
def report_html(
    synthetic_runs: list[Path],
    hostile_run: Path,
    oracle_run_no_images: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> Path:
    out = tmp_path_factory.mktemp("browser-report")
    build_report(
        load_runs([hostile_run, synthetic_runs[0], oracle_run_no_images]),
        out,
        ReportOptions(resamples=200),
    )
    return out / "report.html"


def test_viewer_shows_a_drawn_image_at_every_step(
    chromium: str, report_html: Path, oracle_run_no_images: Path, tmp_path: Path
) -> None:
    """A built-in agent's run made with images off: the default report draws every step and the
    browser shows them (the image elements loaded; they are not the "no image" placeholder)."""
    episode = load_runs([oracle_run_no_images])[0].episodes[0]
    url = f"{report_html.as_uri()}#episode={quote(f'r2/{episode.sample_id}', safe='')}"
    res = run_chromium(chromium, url, tmp_path / "profile", "--dump-dom")
    assert res.returncode == 0, res.stderr[-2000:]
    dom = res.stdout
    assert console_lines(res.stderr) == []
    assert f'data-episode="r2/{episode.sample_id}"' in dom
    steps = re.findall(r'<div class="step[^"]*" id="step-(\d+)" data-step="\d+">(.*?)<div>', dom)
    assert len(steps) == len(episode.steps) >= 2
    for _, card in steps:
        assert re.search(r'<img src="frames/[0-9a-f]{16}\.png" alt="observation at step', card)
    assert 'class="noimg"' not in dom
    assert f'data-images-loaded="{len(episode.steps)}"' in dom


def test_report_loads_and_viewer_shows_the_episode(
    chromium: str, report_html: Path, tmp_path: Path
) -> None:
    key = f"r0/{XSS_SAMPLE}"
    url = f"{report_html.as_uri()}#episode={quote(key, safe='')}"
    res = run_chromium(chromium, url, tmp_path / "profile", "--dump-dom")
    assert res.returncode == 0, res.stderr[-2000:]
    dom = res.stdout
    assert 'data-report-ready="yes"' in dom, "report.js did not finish"
    assert console_lines(res.stderr) == []
    # the page's own error capture found nothing (status banner hidden and empty)
    assert '<div id="report-status" class="status" hidden=""></div>' in dom
    # the viewer shows the chosen episode, its three steps, the failing step highlighted
    assert 'id="drawer" class="drawer"' in dom and 'id="drawer" class="drawer" hidden' not in dom
    assert len(re.findall(r'class="step[^"]*" id="step-\d+"', dom)) == 3
    assert 'class="step failing hazard" id="step-1"' in dom
    assert 'data-first-failing="1"' in dom
    assert (
        'data-images-loaded="2"' in dom
    )  # the two real images loaded; the escaping path is dropped
    # model text is shown as text, never as markup
    assert "Caution: &lt;script&gt;alert(1)&lt;/script&gt;" in dom
    assert "<script>alert(1)</script>" not in dom and "<b>bold</b>" not in dom
    assert "hostile_&lt;img src=x onerror=alert(2)&gt;" in dom


def test_episode_list_and_screenshot(
    chromium: str, report_html: Path, synthetic_runs: list[Path], tmp_path: Path
) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "report-episode.png"
    shot.unlink(missing_ok=True)
    url = f"{report_html.as_uri()}#episode={quote('r1/sp_sup000', safe='')}"
    res = run_chromium(
        chromium, url, tmp_path / "profile", f"--screenshot={shot}", "--window-size=1400,1000"
    )
    assert res.returncode == 0, res.stderr[-2000:]
    assert console_lines(res.stderr) == []
    with Image.open(shot) as img:
        assert img.size == (1400, 1000)
        assert max(ImageStat.Stat(img.convert("L")).stddev) > 10, "blank screenshot"
    dom = run_chromium(chromium, report_html.as_uri(), tmp_path / "profile2", "--dump-dom").stdout
    # every episode of the three runs is listed (filters start at "all"); no episode open
    total = 3 + len(load_runs([synthetic_runs[0]])[0].episodes) + 3
    assert dom.count("<tr data-key=") == total
    assert f"{total} of {total} episodes" in dom
    assert 'id="drawer" class="drawer" hidden' in dom
