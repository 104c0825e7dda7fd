"""No dead code in the package: vulture, as configured in pyproject.toml, reports nothing.

Vulture is in the dev extra, so it must be installed wherever the tests run. What it cannot see
used (public API, framework hooks) is named in ``vulture_whitelist.py`` with the reason.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WHITELIST = ROOT / "vulture_whitelist.py"


def _vulture(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "vulture", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )


def test_vulture_finds_no_dead_code_in_the_package() -> None:
    result = _vulture()  # paths, threshold and whitelist from [tool.vulture]
    assert result.returncode == 0 and not result.stdout.strip(), (
        "dead code (delete it, or name it in vulture_whitelist.py with who uses it):\n"
        + result.stdout
        + result.stderr
    )


def test_vulture_at_the_configured_threshold_reports_a_dead_function(tmp_path: Path) -> None:
    """The check can fail: an unused function in a module is reported at the threshold used."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["vulture"]
    (tmp_path / "mod.py").write_text(
        "def used() -> int:\n    return 1\n\n\ndef never_called() -> int:\n    return used()\n",
        encoding="utf-8",
    )
    result = _vulture("mod.py", "--min-confidence", str(config["min_confidence"]), cwd=tmp_path)
    assert "never_called" in result.stdout, result.stdout + result.stderr
    assert "'used'" not in result.stdout


def test_every_whitelisted_name_still_exists_in_the_package() -> None:
    """A whitelist entry whose name left the package would hide the next dead thing so named."""
    names = re.findall(r"^_\.(\w+)", WHITELIST.read_text(encoding="utf-8"), flags=re.MULTILINE)
    assert names
    source = "\n".join(
        p.read_text(encoding="utf-8") for p in (ROOT / "src" / "saferelbench").rglob("*.py")
    )
    missing = [n for n in names if not re.search(rf"\b{re.escape(n)}\b", source)]
    assert not missing, f"whitelisted but not in src/saferelbench: {missing}"
