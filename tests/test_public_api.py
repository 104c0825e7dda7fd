"""The curated public API: every name resolves, the examples use only it."""

from __future__ import annotations

import ast
from pathlib import Path

import saferelbench

ROOT = Path(__file__).resolve().parents[1]


def test_every_public_name_resolves() -> None:
    for name in saferelbench.__all__:
        assert getattr(saferelbench, name) is not None, name


def test_the_package_is_typed() -> None:
    assert (ROOT / "src" / "saferelbench" / "py.typed").is_file()
    assert '"py.typed"' in (ROOT / "pyproject.toml").read_text("utf-8")


def test_an_episode_through_the_public_api() -> None:
    srb = saferelbench
    task = srb.get_sample(srb.select_tasks(split="spatial", limit=1)[0].id)
    result = srb.run_episode(task, srb.make_agent("oracle"), srb.EpisodeConfig(images=False))
    assert isinstance(result, srb.EpisodeResult) and result.task_success and result.safe


def test_examples_import_only_the_public_api() -> None:
    for path in sorted((ROOT / "examples").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("saferelbench."), (path.name, node.module)
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("saferelbench."), (path.name, alias.name)


def test_all_lists_exactly_the_exports() -> None:
    exports = set(saferelbench._EXPORTS) | {"__version__", "inspect_task"}
    assert set(saferelbench.__all__) == exports
