"""Build a whole report from loaded runs: tables (Markdown, CSV, LaTeX), figures, HTML."""

from __future__ import annotations

import base64
import datetime as dt
import functools
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from saferelbench.evaluation.metrics import run_protocol
from saferelbench.evaluation.probe import ProbeAnswer
from saferelbench.reports import figures as figs
from saferelbench.reports import formats
from saferelbench.reports.failures import FailureAnalysis, analyse
from saferelbench.reports.html import FRAMES_DIR, render_html
from saferelbench.reports.loading import RunData
from saferelbench.reports.modes import mixed_modes_warning, run_actions, run_image_history
from saferelbench.reports.probe import (
    PROBE_HEADER,
    PROBE_NOTE,
    ProbeRow,
    probe_cells,
    probe_rows,
    write_probe_tables,
)
from saferelbench.reports.replay import Replayer
from saferelbench.reports.statistics import DEFAULT_RESAMPLES, DEFAULT_SEED
from saferelbench.reports.tables import (
    Comparison,
    Rate,
    RunTable,
    comparisons,
    judge_label,
    run_table,
)
from saferelbench.reports.versions import versions_of, versions_rows

TABLE_NOTES = {
    "Table 2": "Per relation: SR and SSR on the spatial-relation samples (w/) and on their matched controls (w/o). 95% bootstrap intervals in brackets.",
    "Overall": "w/ and w/o: the mean over the relations present (as the paper's Fig. 4); SRec = SSR / SR. all: every episode of the run pooled (the harness's summary.json). awareness: mean judge score over judged episodes; the judge that produced it is named beside it (offline keyword judge, or the LLM judge model).",
    "Samples per rate": "Every rate is over all samples of its group; errored episodes count as failures.",
    "Per risk type": "Spatial samples by relation/risk; controls by the relation they are matched to.",
    "IS-Bench figures": "Runs under the isbench protocol, scored as IS-Bench scores: termination_rate = episodes ended by DONE; SR = DONE and goal; SSR = success and every evaluated condition held; SRec_* = held / evaluated conditions pooled over the run (condition level, not SSR/SR); awareness = covered / judged reference tips pooled over the run, judged on the tips the agent wrote before acting. No interval: pooled counts.",
}
#: the tables whose columns the legend explains under them
LEGEND_TABLES = ("Overall", "Per risk type")
PROTOCOL_NOTE = (
    "Each run's numbers are under the verdict protocol named after its label: physical "
    "(annotated conditions and no simulator hazard; the default), conditions (annotated "
    "conditions only, at every trigger) or isbench (IS-Bench's own scoring); see docs/harness.md."
)


#: ``progress(phase, done, total)``: called as the long phases of a report advance
Progress = Callable[[str, int, int], None]


@dataclass
class ReportOptions:
    seed: int = DEFAULT_SEED
    resamples: int = DEFAULT_RESAMPLES
    images: str = "draw"  #: draw / embed / link / none (see reports.html)
    figures: bool = True
    html: bool = True
    ablation: str = "overall"  #: scope of the prompt figure: "overall" or a relation
    max_all_pairs: int = 6  #: above this many runs, each run is compared with the first only
    #: told how the viewer's episodes (drawing their frames) advance; None: silent
    progress: Progress | None = None
    #: a probe result (``read_probe_result``): probe accuracy beside SSR per relation, in the
    #: page, report.md, probe.md and probe.csv
    probe: tuple[dict[str, Any], list[ProbeAnswer]] | None = None


@dataclass
class Report:
    tables: list[RunTable]
    comparisons: list[Comparison]
    failures: list[FailureAnalysis]
    files: dict[str, Path]
    warnings: list[str]
    captions: dict[str, str] = field(default_factory=dict)  #: figure name -> caption
    probe: list[ProbeRow] = field(default_factory=list)  #: probe accuracy beside SSR
    probe_agent: str = ""  #: who answered the probe


def _html_cell(cell: formats.Cell) -> str | dict[str, str]:
    """Rates become {"v", "ci"} (value over a small interval line); other cells stay text."""
    if (
        isinstance(cell, Rate)
        and cell.value is not None
        and cell.ci.low is not None
        and cell.ci.high is not None
    ):
        return {"v": f"{cell.value:.2f}", "ci": f"[{cell.ci.low:.2f}, {cell.ci.high:.2f}]"}
    return formats.cell_text(cell)


def _html_tables(tables: Sequence[RunTable]) -> list[dict[str, Any]]:
    made: list[dict[str, Any]] = []
    for title, header, rows in _sections(tables, short=True):
        if len(header) <= 1:  # no relation columns at all
            made.append(
                {"title": title, "note": NO_RELATIONS, "groups": [], "header": [], "rows": []}
            )
            continue
        groups = (
            formats.table2_groups(tables)
            if title == "Table 2"
            else formats.overall_groups()
            if title == "Overall"
            else []
        )
        legend = formats.legend_lines(header) if title in LEGEND_TABLES else []
        made.append(
            {
                "title": title,
                "note": " ".join(
                    [TABLE_NOTES[title], *(x.replace("**", "") for x in legend)]
                ).replace(" - ", " · "),
                "groups": groups,
                "header": header,
                "rows": [[_html_cell(c) for c in row] for row in rows],
            }
        )
    return made


def _sections(
    tables: Sequence[RunTable], short: bool = False
) -> list[tuple[str, list[str], Sequence[Sequence[formats.Cell]]]]:
    sections: list[tuple[str, list[str], Sequence[Sequence[formats.Cell]]]] = [
        ("Table 2", *formats.table2_rows(tables, short)),
        ("Overall", *formats.overall_rows(tables, short)),
        ("Samples per rate", *formats.counts_rows(tables)),
        ("Per risk type", *formats.risk_rows(tables)),
    ]
    if any(t.isbench is not None for t in tables):
        sections.append(("IS-Bench figures", *formats.isbench_rows(tables)))
    return sections


NO_RELATIONS = "No spatial-relation or control samples in these runs."
COMPARISON_NOTE = (
    "Pairs of runs on the samples they share (B − A). McNemar: exact test on the discordant "
    "samples; Holm: McNemar p adjusted over every comparison in this report; bootstrap: paired "
    "bootstrap of the difference."
)
FAILURE_NOTE = (
    "Unsafe episodes (not safe, not errored). Each violated condition is classed as never taken, "
    "taken too late (replaying the episode, a step after the violation made the condition hold), "
    "repeated (the unsafe trigger was done again after the first violation) or not replayable "
    "(the episode's task was not found); see docs/reports.md."
)


def markdown_report(
    report: Report,
    runs: Sequence[RunData],
    options: ReportOptions,
    figure_files: dict[str, dict[str, Path]],
) -> str:
    parts = [
        "# SafeRelBench report\n\n",
        f"Bootstrap: {options.resamples} resamples, seed {options.seed}; 95% intervals in brackets; "
        "errored episodes count as failures.\n\n",
        "## Runs\n\n",
        PROTOCOL_NOTE + "\n\n",
        formats.markdown_table(
            [
                "Run",
                "protocol",
                "agent",
                "prompt",
                "seed",
                "input",
                "episodes",
                "errors",
                "awareness judge",
            ],
            [
                [
                    r.label,
                    run_protocol(r.episodes) or "physical",
                    r.info.agent,
                    r.info.prompt,
                    str(r.info.seed),
                    f"{r.kind}: {r.source}",
                    str(len(r.episodes)),
                    str(sum(1 for e in r.episodes if e.error is not None)),
                    judge_label(r.episodes) or "not judged",
                ]
                for r in runs
            ],
        ),
    ]
    v_header, v_rows = versions_rows(runs)
    parts += ["\n## Versions\n\n", formats.markdown_table(v_header, v_rows)]
    if report.warnings:
        parts.append("\n".join(f"- warning: {w}" for w in report.warnings) + "\n")
    for title, header, rows in _sections(report.tables):
        if len(header) <= 1:  # no relation columns at all
            parts += [f"\n## {title}\n\n", NO_RELATIONS + "\n"]
            continue
        parts += [
            f"\n## {title}\n\n",
            f"{TABLE_NOTES[title]}\n\n",
            formats.markdown_table(header, rows),
        ]
        if title in LEGEND_TABLES:
            parts.append("\n" + "\n".join(formats.legend_lines(header)) + "\n")
    if report.comparisons:
        header, rows = formats.comparison_rows(report.comparisons)
        parts += [
            "\n## Paired tests\n\n",
            COMPARISON_NOTE + "\n\n",
            formats.markdown_table(header, rows),
        ]
    if report.probe:
        parts += [
            f"\n## Perception probe beside SSR (probe answered by {report.probe_agent})\n\n",
            PROBE_NOTE + "\n\n",
            formats.markdown_table(list(PROBE_HEADER), probe_cells(report.probe)),
        ]
    parts += ["\n## Failure analysis\n\n", FAILURE_NOTE + "\n"]
    for title, header, rows in formats.failure_sections(report.failures):
        parts += [f"\n### {title}\n\n", formats.markdown_table(header, rows) if rows else "none\n"]
    if figure_files:
        parts.append("\n## Figures\n\n")
        for name, paths in figure_files.items():
            parts.append(f"![{name}](figures/{paths['png'].name})\n\n{report.captions[name]}\n\n")
    return "".join(parts)


FIGURE_CAPTIONS = {
    "overall": "Overall SR and SSR (mean over relations) with and without the spatial relation, per run; bars: 95% bootstrap intervals (paper Fig. 4).",
    "prompts": "SR, SSR and SRec across prompt variants, one line per model (paper Fig. 5).",
    "composition": "(a) risk types per relation over the spatial samples; (b) action types of {source} (paper Fig. 3).",
}


def build_report(
    runs: Sequence[RunData], out_dir: Path, options: ReportOptions | None = None
) -> Report:
    """Compute everything and write it under ``out_dir``."""
    options = options or ReportOptions()
    out_dir.mkdir(parents=True, exist_ok=True)
    tables = [run_table(r, seed=options.seed, resamples=options.resamples) for r in runs]
    found = comparisons(
        runs, seed=options.seed, resamples=options.resamples, max_all_pairs=options.max_all_pairs
    )
    replayer = Replayer()
    failures = [
        analyse(r.label, r.episodes, replay=functools.partial(replayer.replay, r)) for r in runs
    ]
    warnings = [w for r in runs for w in r.warnings]
    mixed = mixed_modes_warning([(r.label, r.info) for r in runs])
    if mixed:
        warnings.append(mixed)
    report = Report(tables, found, failures, {}, warnings)
    if options.probe is not None:
        report.probe = probe_rows(runs, options.probe[1])
        report.probe_agent = str(options.probe[0].get("agent", "?"))
        report.files.update(write_probe_tables(runs, options.probe, out_dir))

    figure_files: dict[str, dict[str, Path]] = {}
    captions = report.captions
    captions.update(FIGURE_CAPTIONS)
    if options.figures:
        fig_dir = out_dir / "figures"
        composition = figs.composition_figure(runs, fig_dir, golden_plan=replayer.golden_plan)
        if composition:
            captions["composition"] = FIGURE_CAPTIONS["composition"].format(
                source=figs.COMPOSITION_SOURCES[composition[1]]
            )
        for name, made in (
            ("overall", figs.overall_figure(tables, fig_dir)),
            ("prompts", figs.prompts_figure(tables, fig_dir, options.ablation)),
            ("composition", composition[0] if composition else None),
        ):
            if made:
                figure_files[name] = made
                report.files.update({f"figures/{p.name}": p for p in made.values()})

    def write(name: str, text: str) -> None:
        path = out_dir / name
        path.write_text(text, encoding="utf-8")
        report.files[name] = path

    t2_header, t2_rows = formats.table2_rows(tables)
    ov_header, ov_rows = formats.overall_rows(tables)
    write(
        "table2.md",
        formats.markdown_table(t2_header, t2_rows)
        + "\n"
        + formats.markdown_table(ov_header, ov_rows),
    )
    write("table2.csv", formats.table2_csv(tables))
    write(
        "versions.json",
        json.dumps({r.label: versions_of(r) for r in runs}, indent=2) + "\n",
    )
    write("table2.tex", formats.table2_latex(tables))
    write("overall.tex", formats.overall_latex(tables))
    write("rates.csv", formats.rates_csv(tables))
    if found:
        write("comparisons.csv", formats.comparisons_csv(found))
    write(
        "failures.csv",
        formats.csv_text(
            [
                "run",
                "sample_id",
                "kind",
                "risk_type",
                "category",
                "trigger",
                "relation_induced",
                "how",
                "first_step",
            ],
            [
                [
                    f.run,
                    f.sample_id,
                    f.kind,
                    f.risk_type,
                    f.category,
                    f.trigger,
                    f.relation_induced,
                    f.how,
                    f.first_step,
                ]
                for a in failures
                for f in a.failures
            ],
        ),
    )
    write("report.md", markdown_report(report, runs, options, figure_files))

    if options.html:
        clear_frames(out_dir / FRAMES_DIR)
        context = html_context(report, runs, options, figure_files)
        page, resolver = render_html(
            runs,
            out_dir=out_dir,
            context=context,
            images=options.images,
            replayer=replayer,
            progress=options.progress,
        )
        if resolver.missing:
            report.warnings.append(
                f"{resolver.missing} step image(s) referenced by the episodes were not found"
            )
        if resolver.problems:
            shown = "; ".join(resolver.problems[:3])
            more = len(resolver.problems) - 3
            report.warnings.append(
                f"{len(resolver.problems)} episode(s) without some drawn frames: {shown}"
                + (f" (and {more} more)" if more > 0 else "")
            )
        if resolver.written:
            report.files["frames/"] = out_dir / FRAMES_DIR
        write("report.html", page)
    return report


def clear_frames(folder: Path) -> None:
    """Remove the frames an earlier report wrote here (named by their 16-hex-digit hash)."""
    if folder.is_dir():
        for path in folder.glob("*.png"):
            if len(path.stem) == 16 and all(c in "0123456789abcdef" for c in path.stem):
                path.unlink()


def html_context(
    report: Report,
    runs: Sequence[RunData],
    options: ReportOptions,
    figure_files: dict[str, dict[str, Path]],
) -> dict[str, Any]:
    from saferelbench import __version__ as version

    figures = []
    for name, paths in figure_files.items():
        png = base64.b64encode(paths["png"].read_bytes()).decode("ascii")
        figures.append({"src": f"data:image/png;base64,{png}", "caption": report.captions[name]})
    comparison = None
    if report.comparisons:
        header, rows = formats.comparison_rows(report.comparisons)
        comparison = {
            "title": "Paired tests",
            "note": COMPARISON_NOTE,
            "header": header,
            "rows": rows,
        }
    failure_tables = [
        {"title": title, "header": header, "rows": rows, "note": FAILURE_NOTE if i == 0 else ""}
        for i, (title, header, rows) in enumerate(formats.failure_sections(report.failures))
    ]
    return {
        "title": "SafeRelBench report",
        "protocol_note": PROTOCOL_NOTE,
        "generated": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "version": version,
        "seed": options.seed,
        "resamples": options.resamples,
        "warnings": report.warnings,
        "runs": [
            {
                "label": r.label,
                "protocol": run_protocol(r.episodes) or "physical",
                "agent": r.info.agent,
                "prompt": r.info.prompt,
                "seed": r.info.seed,
                "actions": run_actions(r.info),
                "image_history": run_image_history(r.info),
                "kind": r.kind,
                "source": str(r.source),
                "n": len(r.episodes),
                "errors": sum(1 for e in r.episodes if e.error is not None),
                "judge": judge_label(r.episodes) or "not judged",
                "versions": versions_of(r),
            }
            for r in runs
        ],
        "tables": _html_tables(report.tables),
        "figures": figures,
        "comparisons": comparison,
        "failures": failure_tables,
        "probe": {
            "title": f"Perception probe beside SSR (probe answered by {report.probe_agent})",
            "note": PROBE_NOTE,
            "header": list(PROBE_HEADER),
            "rows": probe_cells(report.probe),
        }
        if report.probe
        else None,
    }
