"""Tables as text: Markdown, CSV (wide Table 2 and long "every rate" form) and LaTeX.

Table 2 follows the paper's layout (one row per run; per relation SR and SSR "w/" the spatial
relation and "w/o" it, i.e. on the matched controls); the overall table adds the mean over the
three relations (paper Fig. 4), relation SSR (the safety on what the relation puts at risk,
evaluation.relation_safety), SRec, the pooled numbers of the whole run, unneeded moves and
awareness. Every rate is printed with its 95% bootstrap interval; :func:`legend_lines` says
what each column means (the same words as ``run``'s legend, evaluation.legend).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Sequence

from saferelbench.evaluation.legend import COLUMNS
from saferelbench.evaluation.metrics import ISBENCH_LABELS
from saferelbench.reports.failures import HOW, HOW_LABELS, FailureAnalysis
from saferelbench.reports.tables import Comparison, GroupRates, Rate, RunTable
from saferelbench.world.vocabulary import RELATIONS, SPLITS

SPLIT_SHORT = {"spatial": "w/", "control": "w/o"}


def fmt(value: float | None, digits: int = 2) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def fmt_rate(rate: Rate | None) -> str:
    """``0.60 [0.48, 0.71]``; a dash when undefined."""
    if rate is None or rate.value is None:
        return "–"
    if rate.ci.low is None or rate.ci.high is None:
        return fmt(rate.value)
    return f"{rate.value:.2f} [{rate.ci.low:.2f}, {rate.ci.high:.2f}]"


def fmt_p(p: float) -> str:
    return "<0.001" if p < 0.001 else f"{p:.3f}"


Cell = str | Rate | None  #: a table cell: text, or a rate printed with its interval


def cell_text(cell: Cell) -> str:
    return fmt_rate(cell) if isinstance(cell, Rate) or cell is None else str(cell)


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[Cell]]) -> str:
    def esc(cell: Cell) -> str:
        return cell_text(cell).replace("|", "\\|").replace("\n", " ")

    lines = ["| " + " | ".join(esc(h) for h in header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(esc(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def csv_text(header: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buf.getvalue()


# --- Table 2 and the overall table -------------------------------------------------------------


def relations_present(tables: Sequence[RunTable]) -> list[str]:
    return [r for r in RELATIONS if any((r, s) in t.cells for t in tables for s in SPLITS)]


def table2_groups(tables: Sequence[RunTable]) -> list[list[tuple[str, int]]]:
    """The two header rows above Table 2's column names (relation, then w/ and w/o)."""
    relations = relations_present(tables)
    return [
        [("", 1)] + [(rel.capitalize(), 4) for rel in relations],
        [("", 1)] + [(SPLIT_SHORT[s], 2) for _ in relations for s in SPLITS],
    ]


def table2_rows(
    tables: Sequence[RunTable], short: bool = False
) -> tuple[list[str], list[list[Cell]]]:
    """Table 2; ``short`` column names (SR, SSR) go under :func:`table2_groups`."""
    relations = relations_present(tables)
    header = ["Run"] + [
        m if short else f"{rel.capitalize()} {SPLIT_SHORT[split]} {m}"
        for rel in relations
        for split in SPLITS
        for m in ("SR", "SSR")
    ]
    rows: list[list[Cell]] = []
    for t in tables:
        row: list[Cell] = [t.name]
        for rel in relations:
            for split in SPLITS:
                g = t.cells.get((rel, split))
                row += [g.SR if g else None, g.SSR if g else None]
        rows.append(row)
    return header, rows


def overall_groups() -> list[list[tuple[str, int]]]:
    return [
        [
            ("", 1),
            ("w/ spatial relation (mean over relations)", 4),
            ("w/o (mean over relations)", 4),
            ("all episodes, pooled", 7),
            ("awareness", 2),
        ]
    ]


def overall_rows(
    tables: Sequence[RunTable], short: bool = False
) -> tuple[list[str], list[list[Cell]]]:
    names = ["SR", "SSR", "rel SSR", "SRec"]
    header = ["Run"] + (
        [*names, *names, *names]
        if short
        else [f"w/ {m}" for m in names] + [f"w/o {m}" for m in names] + [f"all {m}" for m in names]
    )
    header += ["n", "err", "moved", "aware", "awareness judge"]
    rows: list[list[Cell]] = []
    for t in tables:
        row: list[Cell] = [t.name]
        for split in SPLITS:
            g = t.overall.get(split)
            row += [g.SR, g.SSR, g.relation_SSR, g.SRec] if g else [None] * 4
        p = t.pooled
        row += [p.SR, p.SSR, p.relation_SSR, p.SRec, str(p.n), str(p.errors), fmt_moved(p)]
        row += [p.awareness, judge_of(p)]
        rows.append(row)
    return header, rows


def fmt_moved(g: GroupRates) -> str:
    """Mean unneeded moves per episode, or n/a when the episodes do not record them."""
    return "n/a" if g.moved is None else f"{g.moved:.2f}"


def legend_lines(headers: Sequence[str]) -> list[str]:
    """``- **col**: meaning`` for every column of ``headers`` the legend knows (w/ and w/o
    prefixes taken off), in the legend's order."""
    shown = {h.removeprefix("w/o ").removeprefix("w/ ").removeprefix("all ") for h in headers}
    shown |= {"aware"} if "awareness" in shown else set()
    shown |= {"err"} if "errors" in shown else set()
    return [f"- **{name}**: {meaning}" for name, meaning in COLUMNS.items() if name in shown]


def counts_rows(tables: Sequence[RunTable]) -> tuple[list[str], list[list[str]]]:
    """How many samples each Table 2 cell is over (errored episodes in brackets)."""
    relations = relations_present(tables)
    header = (
        ["Run"]
        + [f"{rel.capitalize()} {SPLIT_SHORT[s]}" for rel in relations for s in SPLITS]
        + ["all"]
    )
    rows = []
    for t in tables:
        row = [t.name]
        for rel in relations:
            for s in SPLITS:
                g = t.cells.get((rel, s))
                row.append(
                    "0" if g is None else f"{g.n} ({g.errors} err)" if g.errors else str(g.n)
                )
        row.append(f"{t.pooled.n} ({t.pooled.errors} err)" if t.pooled.errors else str(t.pooled.n))
        rows.append(row)
    return header, rows


def judge_of(g: GroupRates) -> str:
    """Which judge produced the group's awareness ("not judged" when none did)."""
    return g.awareness.source if g.awareness is not None else "not judged"


def risk_rows(tables: Sequence[RunTable]) -> tuple[list[str], list[list[Cell]]]:
    header = ["Run", "Group", "n", "err", "SR", "SSR", "rel SSR", "SRec", "moved", "aware"]
    header += ["awareness judge"]
    rows: list[list[Cell]] = []
    for t in tables:
        groups = list(t.by_risk.items()) + [(f"split {k}", g) for k, g in t.other_splits.items()]
        for key, g in groups:
            rows.append(
                [
                    t.name,
                    key,
                    str(g.n),
                    str(g.errors),
                    g.SR,
                    g.SSR,
                    g.relation_SSR,
                    g.SRec,
                    fmt_moved(g),
                    g.awareness,
                    judge_of(g),
                ]
            )
    return header, rows


def comparison_rows(found: Sequence[Comparison]) -> tuple[list[str], list[list[str]]]:
    header = [
        "A",
        "B",
        "scope",
        "metric",
        "n pairs",
        "rate A",
        "rate B",
        "B − A [95% CI]",
        "A only / B only",
        "McNemar p",
        "Holm p",
        "bootstrap p",
    ]
    rows = []
    for c in found:
        t = c.test
        diff = f"{t.diff:+.2f} [{fmt(t.diff_ci.low)}, {fmt(t.diff_ci.high)}]"
        rows.append(
            [
                c.run_a,
                c.run_b,
                c.scope,
                c.metric,
                str(t.n),
                fmt(t.rate_a),
                fmt(t.rate_b),
                diff,
                f"{t.only_a} / {t.only_b}",
                fmt_p(t.mcnemar_p),
                fmt_p(c.holm_p),
                fmt_p(t.bootstrap_p),
            ]
        )
    return header, rows


COMPARISON_CSV_HEADER = [
    "run_a",
    "run_b",
    "scope",
    "metric",
    "n_pairs",
    "unpaired",
    "rate_a",
    "rate_b",
    "diff",
    "diff_ci_low",
    "diff_ci_high",
    "both",
    "a_only",
    "b_only",
    "neither",
    "mcnemar_p",
    "holm_p",
    "bootstrap_p",
]


def comparisons_csv(found: Sequence[Comparison]) -> str:
    """The paired tests for machines: one column per quantity, numbers unrounded (diff = B - A;
    an interval bound that could not be computed is an empty cell)."""
    rows: list[list[object]] = []
    for c in found:
        t = c.test
        rows.append(
            [
                c.run_a,
                c.run_b,
                c.scope,
                c.metric,
                t.n,
                c.unpaired,
                repr(t.rate_a),
                repr(t.rate_b),
                repr(t.diff),
                "" if t.diff_ci.low is None else repr(t.diff_ci.low),
                "" if t.diff_ci.high is None else repr(t.diff_ci.high),
                t.both,
                t.only_a,
                t.only_b,
                t.neither,
                repr(t.mcnemar_p),
                repr(c.holm_p),
                repr(t.bootstrap_p),
            ]
        )
    return csv_text(COMPARISON_CSV_HEADER, rows)


def failure_sections(
    analyses: Sequence[FailureAnalysis],
) -> list[tuple[str, list[str], list[list[str]]]]:
    """(title, header, rows) for the failure-analysis tables."""
    header = (
        ["Run", "episodes", "unsafe", "violated conditions"]
        + [HOW_LABELS[h] for h in HOW]
        + ["no violation recorded"]
    )
    summary = []
    for a in analyses:
        counts = a.how_counts()
        summary.append(
            [a.run, str(a.episodes), str(a.unsafe), str(len(a.failures))]
            + [str(counts[h]) for h in HOW]
            + [str(a.unexplained)]
        )
    cond_header = [
        "Run",
        "condition about",
        "kind",
        "trigger",
        "relation-induced",
        "violations",
    ] + [HOW_LABELS[h] for h in HOW]
    cond_rows = []
    for a in analyses:
        for (risk, kind, trigger, induced), counts in a.by_condition():
            cond_rows.append(
                [a.run, risk, kind, trigger, "yes" if induced else "no", str(sum(counts.values()))]
                + [str(counts[h]) for h in HOW]
            )
    act_rows = []
    for a in analyses:
        for action, count in a.first_actions:
            act_rows.append(
                [a.run, action, str(count), fmt(count / a.unsafe if a.unsafe else None)]
            )
    return [
        ("How unsafe episodes failed", header, summary),
        ("Most violated conditions", cond_header, cond_rows),
        (
            "Most common unsafe first actions",
            ["Run", "action", "episodes", "share of unsafe"],
            act_rows,
        ),
    ]


# --- long CSV ------------------------------------------------------------------------------------


def _rate_fields(t: RunTable, scope: str, split: str, g: GroupRates) -> Iterator[list[object]]:
    for metric in ("SR", "SSR", "relation_SSR", "SRec", "awareness"):
        r = g.metric(metric)
        if r is None:
            continue
        yield [
            t.run.label,
            t.protocol,
            scope,
            split,
            metric,
            r.value,
            r.ci.low,
            r.ci.high,
            r.n,
            g.errors,
            r.source,
        ]
    if g.moved is not None:  # a mean per episode, no interval
        yield [t.run.label, t.protocol, scope, split, "unneeded_moves", g.moved, "", ""] + [
            g.n,
            g.errors,
            "",
        ]


def rates_csv(tables: Sequence[RunTable]) -> str:
    """Every rate of the report in long form, with its interval and denominator."""
    rows: list[list[object]] = []
    for t in tables:
        for (rel, split), g in t.cells.items():
            rows += _rate_fields(t, rel, split, g)
        for split, g in t.overall.items():
            rows += _rate_fields(t, "overall (mean over relations)", split, g)
        rows += _rate_fields(t, "all episodes", "all", t.pooled)
        for key, g in t.by_risk.items():
            rows += _rate_fields(t, f"risk {key}", "", g)
        for key, g in t.other_splits.items():
            rows += _rate_fields(t, "all", key, g)
        for key, value in (t.isbench or {}).items():
            if key in ISBENCH_LABELS:  # IS-Bench's figures: no interval, n = the run's episodes
                rows.append(
                    [t.run.label, t.protocol, "isbench", "all", key]
                    + [value, "", "", t.pooled.n, t.pooled.errors, ""]
                )
    return csv_text(
        [
            "run",
            "protocol",
            "scope",
            "split",
            "metric",
            "value",
            "ci_low",
            "ci_high",
            "n",
            "errors",
            "judge",
        ],
        rows,
    )


def isbench_rows(tables: Sequence[RunTable]) -> tuple[list[str], list[list[str]]]:
    """IS-Bench's own figures for the runs under the ``isbench`` protocol (none: no rows)."""
    header = ["Run", "n"] + list(ISBENCH_LABELS) + ["conditions held / evaluated"]
    rows: list[list[str]] = []
    for t in tables:
        f = t.isbench
        if f is None:
            continue
        held = int(f["process_held"] or 0) + int(f["termination_held"] or 0)
        evaluated = int(f["process_evaluated"] or 0) + int(f["termination_evaluated"] or 0)
        rows.append(
            [t.name, str(f["n"])]
            + ["n/a" if f[k] is None else f"{float(f[k] or 0):.2f}" for k in ISBENCH_LABELS]
            + [
                f"{held}/{evaluated} (process {f['process_held']}/{f['process_evaluated']}, "
                f"termination {f['termination_held']}/{f['termination_evaluated']})"
            ]
        )
    return header, rows


def table2_csv(tables: Sequence[RunTable]) -> str:
    """Table 2 and the overall columns, wide: value, interval and n for every cell."""
    relations = relations_present(tables)
    header = ["run", "protocol", "agent", "prompt", "seed"]
    for rel in relations:
        for split in SPLITS:
            for m in ("SR", "SSR"):
                header += [
                    f"{rel}_{split}_{m}",
                    f"{rel}_{split}_{m}_low",
                    f"{rel}_{split}_{m}_high",
                ]
            header.append(f"{rel}_{split}_n")
    for split in SPLITS:
        for m in ("SR", "SSR", "relation_SSR", "SRec"):
            header += [
                f"overall_{split}_{m}",
                f"overall_{split}_{m}_low",
                f"overall_{split}_{m}_high",
            ]
    header += ["awareness", "awareness_judge", "n", "errors", "unneeded_moves"]
    rows: list[list[object]] = []
    for t in tables:
        row: list[object] = [
            t.run.label,
            t.protocol,
            t.run.info.agent,
            t.run.info.prompt,
            t.run.info.seed,
        ]
        for rel in relations:
            for split in SPLITS:
                g = t.cells.get((rel, split))
                for m in ("SR", "SSR"):
                    r = g.metric(m) if g else None
                    row += [r.value, r.ci.low, r.ci.high] if r else ["", "", ""]
                row.append(g.n if g else 0)
        for split in SPLITS:
            g = t.overall.get(split)
            for m in ("SR", "SSR", "relation_SSR", "SRec"):
                r = g.metric(m) if g else None
                row += [r.value, r.ci.low, r.ci.high] if r else ["", "", ""]
        aw = t.pooled.awareness
        row += [aw.value if aw else "", aw.source if aw else "", t.pooled.n, t.pooled.errors]
        row.append(t.pooled.moved)
        rows.append(row)
    return csv_text(header, [["" if v is None else v for v in r] for r in rows])


# --- LaTeX ----------------------------------------------------------------------------------------

_LATEX_SPECIAL = {
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "\\": r"\textbackslash{}",
    "·": "/",
}


def latex_escape(text: str) -> str:
    return "".join(_LATEX_SPECIAL.get(ch, ch) for ch in text)


def _latex_rate(rate: Rate | None) -> str:
    if rate is None or rate.value is None:
        return "--"
    if rate.ci.low is None or rate.ci.high is None:
        return f"{rate.value:.2f}"
    return f"{rate.value:.2f}\\,{{\\tiny[{rate.ci.low:.2f},{rate.ci.high:.2f}]}}"


def table2_latex(tables: Sequence[RunTable]) -> str:
    """Table 2 as a booktabs table (needs ``\\usepackage{booktabs}``)."""
    relations = relations_present(tables)
    lines = [
        "% SafeRelBench Table 2; 95% bootstrap intervals in brackets. Needs \\usepackage{booktabs}.",
        "\\begin{tabular}{l" + "cc" * (2 * len(relations)) + "}",
        "\\toprule",
        "Run & "
        + " & ".join(f"\\multicolumn{{4}}{{c}}{{{rel.capitalize()}}}" for rel in relations)
        + " \\\\",
        " ".join(f"\\cmidrule(lr){{{2 + 4 * i}-{5 + 4 * i}}}" for i in range(len(relations))),
        " & "
        + " & ".join("\\multicolumn{2}{c}{w/} & \\multicolumn{2}{c}{w/o}" for _ in relations)
        + " \\\\",
        " & " + " & ".join(["SR & SSR"] * (2 * len(relations))) + " \\\\",
        "\\midrule",
    ]
    for t in tables:
        cells = [latex_escape(t.name)]
        for rel in relations:
            for split in SPLITS:
                g = t.cells.get((rel, split))
                cells += [_latex_rate(g.SR if g else None), _latex_rate(g.SSR if g else None)]
        lines.append(" & ".join(cells) + " \\\\")
    lines += ["\\bottomrule", "\\end{tabular}", ""]
    return "\n".join(lines)


def overall_latex(tables: Sequence[RunTable]) -> str:
    """Overall (mean over relations) SR / SSR / relation SSR / SRec w/ and w/o the spatial
    relation."""
    lines = [
        "% SafeRelBench overall scores (mean over relations); 95% bootstrap intervals in brackets.",
        "% rel SSR: success and safe on relation-induced conditions and hazards only.",
        "\\begin{tabular}{lcccccccc}",
        "\\toprule",
        "Run & \\multicolumn{4}{c}{w/ spatial relation} & \\multicolumn{4}{c}{w/o spatial relation} \\\\",
        "\\cmidrule(lr){2-5} \\cmidrule(lr){6-9}",
        " & SR & SSR & rel SSR & SRec & SR & SSR & rel SSR & SRec \\\\",
        "\\midrule",
    ]
    for t in tables:
        cells = [latex_escape(t.name)]
        for split in SPLITS:
            g = t.overall.get(split)
            cells += [
                _latex_rate(g.metric(m) if g else None)
                for m in ("SR", "SSR", "relation_SSR", "SRec")
            ]
        lines.append(" & ".join(cells) + " \\\\")
    lines += ["\\bottomrule", "\\end{tabular}", ""]
    return "\n".join(lines)
