"""Regenerate the generated tables of docs/hazards.md (rules, synset attributes, coverage).

Usage: .venv/bin/python scripts/hazard_tables.py [--check]
"""

from __future__ import annotations

import sys
from pathlib import Path

from saferelbench.world.doc_tables import TABLES, splice

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "hazards.md"


def _tables():  # type: ignore[no-untyped-def]
    """The package's tables and the coverage matrix, generated from the test cells."""
    sys.path.insert(0, str(ROOT))
    from tests.world.coverage_cells import coverage_table

    return {**TABLES, "coverage": coverage_table}


def main(argv: list[str]) -> int:
    text = DOC.read_text("utf-8")
    new = splice(text, _tables())
    if "--check" in argv:
        if new != text:
            print(f"{DOC}: generated tables are stale; run scripts/hazard_tables.py")
            return 1
        return 0
    if new != text:
        DOC.write_text(new, "utf-8")
        print(f"{DOC}: tables regenerated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
