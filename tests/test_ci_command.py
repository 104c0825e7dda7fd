"""CI runs exactly the README's test command (docs/testing.md repeats it), and that command
runs pytest under pytest-xdist with the groups that keep a shared sweep in one worker."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _command(path: Path) -> str:
    lines = [
        line.strip()
        for line in path.read_text("utf-8").splitlines()
        if line.strip().startswith(".venv/bin/ruff check .")
    ]
    assert len(lines) == 1, (path, lines)
    return lines[0]


def test_ci_runs_exactly_the_readme_test_command() -> None:
    readme = _command(ROOT / "README.md")
    assert _command(ROOT / ".ci" / "run") == readme
    assert _command(ROOT / "docs" / "testing.md") == readme


def test_the_test_command_runs_pytest_under_xdist_by_group() -> None:
    pytest_part = _command(ROOT / "README.md").split("&&")[-1].split()
    assert pytest_part[:3] == [".venv/bin/python", "-m", "pytest"]
    assert "-n" in pytest_part and "--dist" in pytest_part
    assert pytest_part[pytest_part.index("--dist") + 1] == "loadgroup"
