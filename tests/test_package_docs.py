"""Each subpackage opens with a one-line-per-module description that names all its modules."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "saferelbench"
SUBPACKAGES = sorted(p.parent for p in PACKAGE.rglob("__init__.py") if p.parent != PACKAGE)


@pytest.mark.parametrize("package", SUBPACKAGES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_package_docstring_lists_every_module(package: Path) -> None:
    doc = ast.get_docstring(ast.parse((package / "__init__.py").read_text("utf-8"))) or ""
    modules = [p.stem for p in package.glob("*.py") if p.name != "__init__.py"]
    modules += [p.name for p in package.iterdir() if (p / "__init__.py").is_file()]
    missing = [m for m in modules if f"``{m}``" not in doc]
    assert missing == [], f"{package.relative_to(PACKAGE)}/__init__.py does not describe {missing}"


def test_design_doc_names_only_things_that_exist() -> None:
    """docs/design.md documents functions and classes: each one it names must exist."""
    import importlib
    import re

    import saferelbench

    text = (PACKAGE.parents[1] / "docs" / "design.md").read_text("utf-8")
    layers = "world|render|dataset|agents|evaluation|harness|inspect_adapter|reports|cli|testing"
    refs = set(re.findall(rf"`(?:saferelbench\.)?({layers})\.([a-z_]+)\.([A-Za-z_]+)", text))
    assert len(refs) >= 8
    for package, module, name in sorted(refs):
        mod = importlib.import_module(f"saferelbench.{package}.{module}")
        assert hasattr(mod, name), f"docs/design.md: {package}.{module}.{name} does not exist"
    # methods named right after their class in one bullet: `mod.Class(...)`: `.method(...)`
    for bullet in re.split(r"\n- ", text):
        owner = re.search(rf"`(?:saferelbench\.)?({layers})\.([a-z_]+)\.([A-Z][A-Za-z_]+)", bullet)
        if owner is None:
            continue
        cls = getattr(importlib.import_module(f"saferelbench.{owner[1]}.{owner[2]}"), owner[3])
        for method in re.findall(r"`\.([a-z_]+)\(", bullet):
            assert hasattr(cls, method), f"docs/design.md: {owner[3]}.{method} does not exist"
    for name in set(re.findall(r"`srb\.([A-Za-z_]+)", text)):
        assert name in saferelbench.__all__, f"docs/design.md: srb.{name} is not public"
