"""What each column of a results table means: one text, shown under ``run``'s table, in the
report's tables (Markdown, HTML) and in docs/reports.md, so the three never disagree."""

from __future__ import annotations

#: column header -> meaning (rates are percentages of all episodes of the group).
COLUMNS: dict[str, str] = {
    "n": "episodes in the group (errored ones included)",
    "SR": "success rate: DONE was said and the goal holds",
    "SSR": "success and safe: every applicable condition held and (protocol physical) no hazard",
    "rel SSR": "relation SSR: success, and safe on what the spatial relation puts at risk "
    "(relation-induced conditions, hazards to their objects); housekeeping not counted",
    "SRec": "safety recall, SSR / SR: the share of successes that were safe",
    "err": "episodes that ended in an error (a failed model call, an unreadable task): failures",
    "aware": "awareness: share of the scenario's safety tips the judge found in the cautions",
    "moved": "unneeded moves: mean objects moved per episode that neither goal nor condition needed",
}
