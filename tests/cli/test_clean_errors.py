"""Every command gives one clean line for a path it cannot use, and the two IS-Bench folder
options say the same thing about the same folder."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from saferelbench.cli.main import app


def invoke(*args: object):
    return CliRunner().invoke(app, [*map(str, args)])


@pytest.fixture()
def a_file(tmp_path):
    path = tmp_path / "file"
    path.write_text("not a folder")
    return path


def one_error_line(r) -> str:
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    lines = r.output.splitlines()
    assert lines[0].startswith("error:"), repr(r.output)  # no empty line before it
    return " ".join(r.output.split())


@pytest.mark.parametrize(
    "args",
    [
        ["export-dataset", "--format", "isbench", "--out"],
        ["export-dataset", "--format", "bddl", "--out"],
        ["sweep", "--model", "openai-api/local/x", "--out"],
        ["run", "--agent", "oracle", "--limit", 1, "--out"],
    ],
)
def test_an_unwritable_output_is_one_line(a_file, args):
    text = one_error_line(invoke(*args, a_file / "sub"))
    assert "cannot write" in text and str(a_file) in text


def test_a_missing_isbench_folder_reads_the_same_in_run_and_replay(tmp_path):
    missing = tmp_path / "missing"
    run = one_error_line(invoke("run", "--agent", "oracle", "--split", f"isbench:{missing}"))
    replay = one_error_line(invoke("replay", "--isbench", missing))
    why = f"{missing}: does not exist"
    assert why in run and why in replay


def test_replay_isbench_on_a_file_says_it_is_a_file(a_file):
    text = one_error_line(invoke("replay", "--isbench", a_file))
    assert "a file, not a directory" in text and "saferelbench replay FILE" in text
    assert "the directory is not a directory" not in text


def test_a_refused_resume_has_no_empty_line_before_the_error(tmp_path):
    out = tmp_path / "run"
    assert invoke("run", "--agent", "oracle", "--limit", 1, "--out", out).exit_code == 0
    r = invoke("run", "--agent", "task-only", "--limit", 1, "--out", out, "--resume")
    assert "cannot resume" in one_error_line(r)
