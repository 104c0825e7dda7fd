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
