"""docs/extending.md cannot rot: its ``python`` blocks run (in order, in one namespace), its
``py`` blocks (code for package modules) compile and import only names that exist, and the
command it names is a registered command."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from saferelbench.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "extending.md"


def blocks(language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```$", DOC.read_text("utf-8"), re.M | re.S)


def test_the_python_blocks_run() -> None:
    code = "\n".join(blocks("python"))
    assert "make_task(" in code and "build_pairs(" in code and "check_env(" in code
    # in this interpreter, in a namespace of their own: the blocks register nothing; compiled
    # as a script would be (not under this module's ``from __future__ import annotations``,
    # which a dataclass defined outside any imported module cannot resolve)
    code_object = compile(code, str(DOC), "exec", dont_inherit=True)
    exec(code_object, {"__name__": "extending_doc"})


def test_the_module_snippets_compile_and_import_what_exists() -> None:
    snippets = blocks("py")
    assert len(snippets) >= 4
    for i, code in enumerate(snippets):
        compile(code, f"docs/extending.md py block {i + 1}", "exec")
        for module, names in re.findall(r"^from (saferelbench[\w.]*) import (.+)$", code, re.M):
            loaded = importlib.import_module(module)
            for name in (n.strip() for n in names.split(",")):
                assert hasattr(loaded, name), f"block {i + 1}: {module}.{name} does not exist"


def test_the_command_it_names_is_registered() -> None:
    text = DOC.read_text("utf-8")
    assert "saferelbench check-extensions" in text
    assert "check-extensions" in {c.name for c in app.registered_commands}
