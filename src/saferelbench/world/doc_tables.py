"""The generated tables of ``docs/hazards.md``: every registered rule and every synset's safety
attributes. ``scripts/hazard_tables.py`` writes them between their markers
(``<!-- generated:NAME -->`` ... ``<!-- /generated:NAME -->``); a test checks the file is
current."""

from __future__ import annotations

import re
from collections.abc import Callable


def rules_table() -> str:
    """One row per registered rule: phase, relation, risk, kinds, reads, what it does, source."""
    from saferelbench.world.hazards import RULES

    rows = [
        "| rule | phase | relation | risk | kinds | reads | trigger and consequence | source |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in RULES:
        kinds = ", ".join(f"`{k}`" for k in r.kinds)
        reads = ", ".join(sorted(r.reads))
        doc = r.doc.replace("|", "/").replace("``", "`")
        rows.append(
            f"| `{r.name}` | {r.phase} | {r.relation} | {r.risk} | {kinds} | {reads} | {doc} "
            f"| {r.source} |"
        )
    return "\n".join(rows)


#: name -> generator of each generated block
TABLES: dict[str, Callable[[], str]] = {"rules": rules_table}

_BLOCK = re.compile(
    r"(<!-- generated:(?P<name>\w+) -->\n)(?P<body>.*?)(\n<!-- /generated:(?P=name) -->)", re.S
)


def splice(text: str, tables: dict[str, Callable[[], str]] | None = None) -> str:
    """``text`` with every generated block replaced by its current content."""
    tables = TABLES if tables is None else tables

    def repl(m: re.Match[str]) -> str:
        name = m.group("name")
        if name not in tables:
            raise KeyError(f"docs: unknown generated block {name!r}; known: {sorted(tables)}")
        return m.group(1) + tables[name]() + m.group(4)

    return _BLOCK.sub(repl, text)
