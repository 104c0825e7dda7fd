"""The architecture rule: each layer imports only from the layers before it (docs/design.md)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "saferelbench"
ORDER = [
    "world",
    "render",
    "dataset",
    "agents",
    "evaluation",
    "harness",
    "inspect_adapter",
    "reports",
    "cli",
]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"))
    found = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.module.startswith("saferelbench.")
        ):
            found.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("saferelbench."):
                    found.add(alias.name.split(".")[1])
    return found


def test_layers_import_only_downward():
    problems = []
    for layer in ORDER:
        rank = ORDER.index(layer)
        for path in sorted((PACKAGE / layer).rglob("*.py")):
            for imported in _imports(path):
                if imported in ORDER and ORDER.index(imported) > rank:
                    problems.append(f"{path.relative_to(PACKAGE)} imports saferelbench.{imported}")
    assert problems == []


def test_world_model_knows_nothing_of_models_files_or_rendering():
    for path in (PACKAGE / "world").rglob("*.py"):
        text = path.read_text("utf-8")
        for banned in ("inspect_ai", "PIL", "matplotlib", "openai"):
            assert f"import {banned}" not in text and f"from {banned}" not in text, (
                path.name,
                banned,
            )


def test_only_the_inspect_adapter_imports_inspect_ai():
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.relative_to(PACKAGE).parts[0] == "inspect_adapter":
            continue
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            names = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else []
            )
            if any(n == "inspect_ai" or n.startswith("inspect_ai.") for n in names):
                offenders.append(str(path.relative_to(PACKAGE)))
    assert offenders == []
