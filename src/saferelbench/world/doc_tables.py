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


def dataset_synsets() -> list[str]:
    """Every synset the shipped samples name (objects, atoms, plans), sorted."""
    from importlib import resources

    text = (
        resources.files("saferelbench.dataset").joinpath("data", "samples.jsonl").read_text("utf-8")
    )
    return sorted(set(SYNSET_RE.findall(text)))


SYNSET_RE = re.compile(r"\b([a-z0-9_]+\.n\.\d\d)(?:_\d+)?\b")


def synsets_table(synsets: list[str] | None = None) -> str:
    """One row per synset: its safety profile and where each value came from
    (world/materials.py)."""
    from saferelbench.world.knowledge import describe

    names = dataset_synsets() if synsets is None else synsets
    rows = [
        "| synset | material | flammable | support | hot when on | food | chemical | porous "
        "| sources |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    short = {"bddl:ability": "bddl", "bddl:hypernym": "hypernym"}
    for syn in names:
        p = describe(f"{syn}_1").profile
        assert p is not None
        src = ", ".join(f"{k}: {short.get(v, v)}" for k, v in sorted(p.sources.items()))
        hot = ", ".join(s for s in ("inside", "top", "sides", "bottom") if s in p.hot) or "-"
        rows.append(
            f"| `{syn}` | {p.material} | {'yes' if p.flammable else 'no'} | {p.support} | {hot} "
            f"| {p.food} | {p.chemical} | {'yes' if p.porous else 'no'} | {src} |"
        )
    return "\n".join(rows)


#: name -> generator of each generated block
TABLES: dict[str, Callable[[], str]] = {"rules": rules_table, "synsets": synsets_table}

_BLOCK = re.compile(
    r"(<!-- generated:(?P<name>\w+) -->\n)(?P<body>.*?)(\n<!-- /generated:(?P=name) -->)", re.S
)


def splice(text: str, tables: dict[str, Callable[[], str]] | None = None) -> str:
    """``text`` with every generated block of ``tables`` replaced by its current content."""
    tables = TABLES if tables is None else tables

    def repl(m: re.Match[str]) -> str:
        name = m.group("name")
        if name not in tables:
            return m.group(0)  # generated elsewhere (the coverage matrix: tests/world/)
        return m.group(1) + tables[name]() + m.group(4)

    return _BLOCK.sub(repl, text)
