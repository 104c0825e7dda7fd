"""The choices a template's ``choose`` passes to its ``build`` are typed records (frozen
dataclasses read by attribute), so that a misspelt or missing choice is a type error rather than
a ``KeyError`` at build time: no template reads its choices by string key, and every template
draws a frozen :class:`~saferelbench.dataset.templates.common.Choices`."""

from __future__ import annotations

import ast
import dataclasses
import random
from pathlib import Path

import pytest

import saferelbench.dataset.templates as templates_pkg
from saferelbench.dataset.templates import TEMPLATES, SceneTemplate
from saferelbench.dataset.templates.common import Choices

SOURCES = sorted(Path(templates_pkg.__file__).parent.glob("*.py"))
#: the names the templates give their choices and the records composed into them
CHOICE_NAMES = {"ch", "choices", "kit", "kits", "dc", "nc", "xs", "cooking", "scene"}


def _string_key(node: ast.expr) -> bool:
    return (isinstance(node, ast.Constant) and isinstance(node.value, str)) or isinstance(
        node, ast.JoinedStr
    )


def _string_reads(tree: ast.AST) -> list[str]:
    """``ch["key"]``, ``ch[f"kit_{kind}"]``, ``ch.get("key")`` and ``ch.update(...)`` on a name
    the templates use for choices, and ``ch[key]`` with a variable key."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
            if node.value.id in CHOICE_NAMES:
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id in CHOICE_NAMES
            and node.func.attr in ("get", "update", "setdefault", "items", "keys", "values")
        ):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_template_reads_its_choices_by_string_key(path: Path) -> None:
    reads = _string_reads(ast.parse(path.read_text()))
    assert not reads, f"{path.name} reads choices by key: {reads}"


def test_the_scan_finds_a_string_keyed_read() -> None:
    """The scan itself: each form of keyed read it forbids is found."""
    code = (
        "def build(ch):\n"
        "    a = ch['room']\n"
        "    b = kit.get('stand', 'tray')\n"
        "    c = kits[f'kit_{kind}']\n"
        "    ch.update(room='x')\n"
        "    return ch[key]\n"
    )
    assert len(_string_reads(ast.parse(code))) == 5
    assert not _string_reads(ast.parse("def build(ch):\n    return ch.room, fx['a']\n"))


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_untyped_choices(path: Path) -> None:
    """No ``Choices = dict[str, Any]`` alias, and every function parameter named ``ch`` is
    annotated with a family's own record (not the base ``Choices``, ``Any`` or a dict)."""
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = {t.id for t in targets if isinstance(t, ast.Name)}
            value = ast.unparse(node.value) if node.value is not None else ""
            assert not (names and value.startswith("dict[")), f"{path.name}: {ast.unparse(node)}"
        if isinstance(node, ast.FunctionDef):
            for arg in node.args.args:
                if arg.arg != "ch":
                    continue
                hint = ast.unparse(arg.annotation) if arg.annotation is not None else ""
                assert hint and hint not in ("Choices", "Any") and not hint.startswith("dict"), (
                    f"{path.name} line {node.lineno}: {node.name}(ch: {hint or 'unannotated'})"
                )


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda t: t.name)
def test_every_template_draws_a_frozen_choices_record(template: SceneTemplate) -> None:
    ch = template.choose(random.Random(11))
    assert isinstance(ch, Choices) and dataclasses.is_dataclass(ch), type(ch)
    assert type(ch) is not Choices, "a family's choices extend Choices with their own fields"
    field = dataclasses.fields(ch)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(ch, field, None)
    assert template.variant_of(ch) == ch.variant
    # the same seed draws equal records (the build reads nothing but them)
    assert ch == template.choose(random.Random(11))
