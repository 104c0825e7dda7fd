"""``saferelbench report`` through the real command-line entry point."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from saferelbench.cli.main import app
from tests.reports.builders import small_fixture, write_run_dir

runner = CliRunner()


def test_report_command_writes_the_report(synthetic_runs: list[Path], tmp_path: Path) -> None:
    out = tmp_path / "rep"
    res = runner.invoke(
        app,
        [
            "report",
            *map(str, synthetic_runs),
            "--out",
            str(out),
            "--resamples",
            "200",
            "--no-figures",
        ],
    )
    assert res.exit_code == 0, res.output
    assert "2 run(s)" in res.stdout
    assert (out / "report.html").is_file() and (out / "table2.tex").is_file()
    assert not (out / "figures").exists()


def test_bad_inputs_give_one_clear_line(tmp_path: Path) -> None:
    res = runner.invoke(app, ["report", str(tmp_path / "nope"), "--out", str(tmp_path / "o")])
    assert res.exit_code == 2
    assert "nope" in res.output and "Traceback" not in res.output

    run = write_run_dir(tmp_path / "run", small_fixture())
    lines = (run / "episodes.jsonl").read_text().splitlines()
    lines[2] = lines[2].replace('"split":"spatial"', '"split":7')
    (run / "episodes.jsonl").write_text("\n".join(lines) + "\n")
    res = runner.invoke(app, ["report", str(run), "--out", str(tmp_path / "o")])
    assert res.exit_code == 2
    message = " ".join(res.output.split())
    assert "episodes.jsonl: line 3, sample 's3': field 'split'" in message
    assert "Traceback" not in res.output

    res = runner.invoke(app, ["report", str(run), "--images", "inline"])
    assert res.exit_code == 2 and "--images" in res.output


def test_report_lists_every_file_it_writes(
    oracle_run_no_images: Path, synthetic_runs: list[Path], tmp_path: Path
) -> None:
    out = tmp_path / "rep"
    res = runner.invoke(
        app,
        [
            "report",
            str(oracle_run_no_images),
            str(synthetic_runs[0]),
            "--out",
            str(out),
            "--resamples",
            "200",
        ],
        terminal_width=400,
    )
    assert res.exit_code == 0, res.output
    written = sorted(p for p in out.rglob("*") if p.is_file() and p.parent.name != "frames")
    assert len(written) >= 10  # tables, pages and figures (PNG and SVG)
    listed = res.stdout
    missing = [str(p) for p in written if f"  {p}  (" not in listed]
    assert missing == []
    frames = list((out / "frames").glob("*.png"))
    assert frames and f"  {out / 'frames'}/  ({len(frames)} files," in listed
