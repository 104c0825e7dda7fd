"""The built-in agents are named alike in the registry, ``run --help``, the README and
docs/harness.md."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from saferelbench.agents.registry import agent_names
from saferelbench.cli.main import app

REPO = Path(__file__).resolve().parents[2]


def test_every_agent_is_named_everywhere():
    help_text = " ".join(CliRunner().invoke(app, ["run", "--help"]).output.split())
    readme = (REPO / "README.md").read_text()
    built_in = re.search(r"Built-in agents:(.*?)\n\n", readme, re.S)
    assert built_in is not None
    harness = (REPO / "docs" / "harness.md").read_text()
    for name in agent_names():
        assert re.search(rf"\b{re.escape(name)}\b", help_text), f"run --help lacks {name}"
        assert f"`{name}`" in built_in.group(1), f"README's agent list lacks {name}"
        assert f"`{name}`" in harness, f"docs/harness.md lacks {name}"
