"""Probe accuracy beside SSR, per relation (``saferelbench report RUN --probe PROBE_RESULT``).

For each relation (supporting, containment, proximity) the table puts a run's SSR on the
spatial samples of that relation beside the perception probe's accuracy on the questions that
probe the same relation (over every image of the probe), and beside its accuracy on all the
questions about the images of those samples. A model that cannot see a relation scores low on
both; one that sees it and ignores it scores high on the probe and low on SSR.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from saferelbench.evaluation import metrics
from saferelbench.evaluation.probe import ProbeAnswer, ProbeSummary
from saferelbench.reports.loading import RunData
from saferelbench.world.vocabulary import RELATIONS

#: The probe relation that asks about each benchmark relation.
PROBE_OF = {"supporting": "supporting", "containment": "containment", "proximity": "proximity"}


@dataclass(frozen=True)
class ProbeRow:
    run: str
    relation: str
    ssr: float | None
    episodes: int
    probe_accuracy: float | None
    probe_questions: int
    sample_accuracy: float | None
    sample_questions: int


def probe_rows(runs: Sequence[RunData], answers: Sequence[ProbeAnswer]) -> list[ProbeRow]:
    summary = ProbeSummary.of(answers)
    rows: list[ProbeRow] = []
    for run in runs:
        for rel in RELATIONS:
            eps = [e for e in run.episodes if e.split == "spatial" and e.relation == rel]
            probe = summary.by_relation.get(PROBE_OF[rel])
            own = summary.by_sample_relation.get(rel)
            rows.append(
                ProbeRow(
                    run.label,
                    rel,
                    metrics.safe_success_rate(eps) if eps else None,
                    len(eps),
                    probe.value if probe else None,
                    probe.total if probe else 0,
                    own.value if own else None,
                    own.total if own else 0,
                )
            )
    return rows


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}"


PROBE_HEADER = (
    "run",
    "relation",
    "SSR (w/)",
    "episodes",
    "probe accuracy (relation)",
    "questions",
    "probe accuracy (its samples' images)",
    "questions",
)

PROBE_NOTE = (
    "Percentages. SSR: the run's safe success rate on the relation's spatial samples. "
    "Probe accuracy (relation): questions that probe that relation, over every probed image. "
    "Probe accuracy (its samples' images): every question about the images of that "
    "relation's spatial samples. Low on both: the model does not see the relation; high on the "
    "probe and low on SSR: it sees the relation and does not act on it."
)


def probe_cells(rows: Sequence[ProbeRow]) -> list[list[str]]:
    """The table's cells, one row per run and relation."""
    return [
        [
            r.run,
            r.relation,
            _pct(r.ssr),
            str(r.episodes),
            _pct(r.probe_accuracy),
            str(r.probe_questions),
            _pct(r.sample_accuracy),
            str(r.sample_questions),
        ]
        for r in rows
    ]


def probe_markdown(rows: Sequence[ProbeRow], agent: str) -> str:
    lines = [
        f"# Perception probe beside SSR (probe answered by {agent})",
        "",
        PROBE_NOTE,
        "",
        "| " + " | ".join(PROBE_HEADER) + " |",
        "|" + "---|" * len(PROBE_HEADER),
    ]
    lines += ["| " + " | ".join(cells) + " |" for cells in probe_cells(rows)]
    return "\n".join(lines) + "\n"


def write_probe_tables(
    runs: Sequence[RunData], probe: tuple[dict[str, Any], list[ProbeAnswer]], out: Path
) -> dict[str, Path]:
    """Write ``probe.md`` and ``probe.csv`` into ``out`` from a probe result read by
    :func:`~saferelbench.evaluation.probe_run.read_probe_result`; the files, by name."""
    header, answers = probe
    rows = probe_rows(runs, answers)
    out.mkdir(parents=True, exist_ok=True)
    md = out / "probe.md"
    md.write_text(probe_markdown(rows, str(header.get("agent", "?"))), encoding="utf-8")
    path = out / "probe.csv"
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(
            [
                "run",
                "relation",
                "ssr",
                "episodes",
                "probe_accuracy",
                "probe_questions",
                "sample_probe_accuracy",
                "sample_probe_questions",
            ]
        )
        for r in rows:
            w.writerow(
                [
                    r.run,
                    r.relation,
                    r.ssr,
                    r.episodes,
                    r.probe_accuracy,
                    r.probe_questions,
                    r.sample_accuracy,
                    r.sample_questions,
                ]
            )
    return {"probe.md": md, "probe.csv": path}
