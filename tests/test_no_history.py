"""The code and docs speak of the project, not of its history: no turn, issue or session
numbers and no names kept for old imports in ``src/``, ``docs/`` or the README (the version
history lives in CHANGELOG.md)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: ``\bturn``: "return 0" is code, "turn 3" is history.
HISTORY = re.compile(
    r"\bturn[- ][0-9]|\bissue [0-9]|\bsession [0-9]|kept for old imports", re.IGNORECASE
)
SUFFIXES = {".py", ".md", ".jinja", ".html", ".toml", ".txt", ".yaml", ".yml", ".cfg"}


def _files() -> list[Path]:
    files = [ROOT / "README.md"]
    for top in ("src", "docs"):
        files += [p for p in (ROOT / top).rglob("*") if p.suffix in SUFFIXES and p.is_file()]
    return files


def history_lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if HISTORY.search(line)]


def test_the_pattern_finds_history_and_not_code() -> None:
    assert history_lines("x = 1\nreturn 0\n# added in turn 3\nsee issue 12") == [
        "# added in turn 3",
        "see issue 12",
    ]


def test_no_history_in_src_docs_or_readme() -> None:
    found = [
        f"{p.relative_to(ROOT)}: {line}"
        for p in _files()
        for line in history_lines(p.read_text("utf-8"))
    ]
    assert found == [], "\n".join(found)
