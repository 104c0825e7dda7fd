"""The probe accuracy beside SSR per relation is in the report's page and report.md, not only
in probe.md (``saferelbench report RUN --probe PROBE_RESULT``)."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from saferelbench.cli.main import app

IDS = "sup-falling_tidy-01"


def test_report_page_and_markdown_show_probe_accuracy_beside_ssr(tmp_path):
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
         "--images", "none", "--resamples", "100"],
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    page = (out / "report.html").read_text()
    assert 'id="sec-probe"' in page and 'href="#sec-probe"' in page
    section = page.split('id="sec-probe"', 1)[1].split("</section>", 1)[0]
    assert "probe answered by state" in section
    rows = re.findall(r"<tr>(.*?)</tr>", section, re.S)
    cells = [re.findall(r"<t[dh]>(.*?)</t[dh]>", r) for r in rows]
    body = {c[1]: c for c in cells[1:]}
    assert set(body) == {"supporting", "containment", "proximity"}
    assert body["supporting"][2] == "100.0" and body["supporting"][4] == "100.0"
    md = (out / "report.md").read_text()
    assert "## Perception probe beside SSR" in md
    assert (out / "probe.md").exists() and (out / "probe.csv").exists()


def test_a_report_without_a_probe_has_no_probe_section(tmp_path):
    runner = CliRunner()
    run_dir = tmp_path / "run"
    res = runner.invoke(
        app, ["run", "--agent", "oracle", "--ids", IDS, "--out", str(run_dir), "--no-images"]
    )
    assert res.exit_code == 0, res.output
    out = tmp_path / "report"
    res = runner.invoke(
        app,
        ["report", str(run_dir), "--out", str(out), "--no-figures", "--images", "none",
         "--resamples", "100"],
    )  # fmt: skip
    assert res.exit_code == 0, res.output
    assert 'id="sec-probe"' not in (out / "report.html").read_text()
    assert not (out / "probe.md").exists()
