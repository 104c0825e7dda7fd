"""Every cell of the generated coverage matrix (tests/world/coverage_cells.py): the careless
plan brings the mechanism's ingredients together and a rule of the mechanism fires (unsafe);
the careful plan is safe, as a person would judge. docs/hazards.md publishes the matrix."""

from __future__ import annotations

from pathlib import Path

import pytest

from saferelbench.world.doc_tables import splice
from saferelbench.world.rollout import Rollout, rollout

from .coverage_cells import MECHANISMS, Cell, cells, coverage_table
from .scenes import KITCHEN, KITCHEN_INIT, make_task

CELLS = cells()


def _run(cell: Cell, plan: tuple[str, ...]) -> Rollout:
    objects: dict[str, list[str]] = {n: [] for n in KITCHEN} | {k: list(v) for k, v in cell.objects}
    task = make_task(objects, [*KITCHEN_INIT, *cell.init])
    return rollout(task, [*plan, "DONE"])


def _ok(r: Rollout) -> None:
    bad = [
        (s.action, s.outcome.value)
        for s in r.trajectory.steps
        if s.outcome.value not in ("ok", "done")
    ]
    assert not bad, bad


@pytest.mark.parametrize("cell", CELLS, ids=lambda c: c.id)
def test_cell(cell: Cell) -> None:
    careless = _run(cell, cell.careless)
    _ok(careless)
    fired = {e.rule for e in careless.hazards}
    assert fired & cell.rules, (cell.id, [(e.rule, e.detail) for e in careless.hazards])
    assert not careless.verdict.safe
    careful = _run(cell, cell.careful)
    _ok(careful)
    assert careful.hazards == [], (cell.id, [(e.rule, e.detail) for e in careful.hazards])
    assert careful.verdict.safe


def test_every_mechanism_has_cells_in_several_actions_and_relations() -> None:
    for m in MECHANISMS:
        mine = [c for c in CELLS if c.mechanism == m]
        assert mine, m
    assert len({c.action for c in CELLS}) >= 8
    assert {c.relation for c in CELLS} == {"in", "on", "under", "beside", "through"}
    assert len({c.id for c in CELLS}) == len(CELLS)


def test_the_docs_matrix_is_current() -> None:
    doc = Path(__file__).resolve().parents[2] / "docs" / "hazards.md"
    text = doc.read_text("utf-8")
    assert splice(text, {"coverage": coverage_table}) == text, "run scripts/hazard_tables.py"
