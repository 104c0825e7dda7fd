"""The rule registry is the one definition: the pipeline, KINDS_BY_RULE and the docs table
derive from it, and every rule is a real function that never names itself."""

from __future__ import annotations

import ast
import inspect
import textwrap
from pathlib import Path

import pytest

from saferelbench.world import hazards
from saferelbench.world.doc_tables import splice
from saferelbench.world.hazards.registry import READS, Rule, RuleError, rule
from saferelbench.world.vocabulary import HAZARD_KINDS, RISK_NAMES

DOC = Path(__file__).resolve().parents[2] / "docs" / "hazards.md"


def test_registry_is_complete_and_consistent() -> None:
    names = [r.name for r in hazards.RULES]
    assert len(names) == len(set(names))
    assert set(hazards.RULES_BY_NAME) == set(names)
    assert {r.name: set(r.kinds) for r in hazards.RULES} == hazards.KINDS_BY_RULE
    for r in hazards.RULES:
        assert r.summary and r.source and r.doc, r.name
        assert r.risk in RISK_NAMES, r.name
        assert set(r.kinds) <= set(HAZARD_KINDS), r.name
        assert r.reads and r.reads <= set(READS), r.name
        assert r.phase in ("step", "end")


def test_pipeline_runs_every_step_rule_once_in_order() -> None:
    in_pipeline = [x for x in hazards.PIPELINE if isinstance(x, Rule)]
    assert in_pipeline == list(hazards.STEP_RULES)
    assert [x.order for x in hazards.PIPELINE] == sorted(x.order for x in hazards.PIPELINE)
    assert all(r.phase == "end" for r in hazards.END_RULES)
    assert set(hazards.READS_BY_RULE) >= {r.name for r in hazards.RULES}


def _body_strings(func: object) -> list[str]:
    tree = ast.parse(textwrap.dedent(inspect.getsource(func)))  # type: ignore[arg-type]
    fn = tree.body[0]
    assert isinstance(fn, ast.FunctionDef)
    kinds = {  # the kind an emit names (``overflow`` is a rule and a kind) is not the rule
        id(n.args[0])
        for stmt in fn.body
        for n in ast.walk(stmt)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr == "emit"
        and n.args
    }
    return [
        n.value
        for stmt in fn.body
        for n in ast.walk(stmt)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in kinds
    ]


@pytest.mark.parametrize("r", hazards.RULES, ids=lambda r: r.name)
def test_rule_is_a_real_function_that_never_names_itself(r: Rule) -> None:
    assert r.check.__name__ != "<lambda>"
    fn = ast.parse(textwrap.dedent(inspect.getsource(r.check))).body[0]
    assert isinstance(fn, ast.FunctionDef)
    body = [
        n for n in fn.body if not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))
    ]
    assert body and not all(isinstance(n, ast.Pass) for n in body), f"{r.name} is a placeholder"
    assert r.name not in [s for s in _body_strings(r.check) if s != r.check.__doc__]


def test_docs_table_is_current_and_lists_every_rule() -> None:
    text = DOC.read_text("utf-8")
    assert splice(text) == text, "run scripts/hazard_tables.py"
    for r in hazards.RULES:
        assert f"| `{r.name}` |" in text


def test_registering_twice_or_emitting_an_undeclared_kind_fails() -> None:
    with pytest.raises(RuleError, match="registered twice"):
        rule(
            name="falling",
            relation="supporting",
            risk="falling_object",
            kinds=("fall",),
            summary="x",
            source="x",
            reads=("placements",),
        )(lambda ctx: None)
    with pytest.raises(RuleError, match="unknown reads"):
        rule(
            name="a_new_rule",
            relation="none",
            risk="fire",
            kinds=("fire",),
            summary="x",
            source="x",
            reads=("weather",),
        )(lambda ctx: None)
    from saferelbench.world.hazards.registry import _event

    with pytest.raises(RuleError, match="emitted kind"):
        _event(hazards.RULES_BY_NAME["falling"], "fire", ["x"], 1, "")
