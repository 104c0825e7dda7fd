"""The report of a sweep (models x prompt variants): the ordinary report over every cell
(Table 2 per cell, the prompt-variant figure, paired tests between all cells, Holm-adjusted)
plus ``sweep.md``: the grid of SR / SSR per model and prompt, and each cell's usage and cost.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from saferelbench.evaluation.results import RunInfo
from saferelbench.reports.build import Report, ReportOptions, build_report
from saferelbench.reports.formats import markdown_table
from saferelbench.reports.loading import load_runs


def _pct(value: Any) -> str:
    return "n/a" if value is None else f"{100 * float(value):.1f}"


def sweep_report(
    cell_dirs: Sequence[Path], out_dir: Path, options: ReportOptions | None = None
) -> Report:
    """Build the report of the cells' run directories into ``out_dir``."""
    runs = load_runs(list(cell_dirs))
    options = options or ReportOptions()
    options.max_all_pairs = max(options.max_all_pairs, len(runs))  # every pair of cells
    report = build_report(runs, out_dir, options)
    models: list[str] = []
    prompts: list[str] = []
    cells: dict[tuple[str, str], dict[str, Any]] = {}
    for path in cell_dirs:
        info = RunInfo.model_validate_json((path / "run.json").read_text(encoding="utf-8"))
        summary_path = path / "summary.json"
        summary = (
            json.loads(summary_path.read_text(encoding="utf-8")) if summary_path.exists() else {}
        )
        model, prompt = info.agent, info.prompt
        models += [model] if model not in models else []
        prompts += [prompt] if prompt not in prompts else []
        cells[(model, prompt)] = summary
    grid = [
        [model]
        + [
            f"{_pct(cells.get((model, p), {}).get('SR'))} / {_pct(cells.get((model, p), {}).get('SSR'))}"
            for p in prompts
        ]
        for model in models
    ]
    usage_rows = []
    for (model, prompt), summary in cells.items():
        usage = summary.get("usage") or {}
        totals = usage.get("totals") or {}
        cost = usage.get("cost")
        usage_rows.append(
            [
                model,
                prompt,
                str(summary.get("n", 0)),
                str(totals.get("calls", 0)),
                str(totals.get("input_tokens", 0)),
                str(totals.get("output_tokens", 0)),
                f"{cost['total']:.4f} {cost['currency']}" if cost else "n/a",
            ]
        )
    text = (
        "# Sweep\n\nSR / SSR in % per model (rows) and prompt variant (columns); Table 2 per "
        "cell, the prompt-variant figure and the paired tests between cells are in "
        "report.md.\n\n"
        + markdown_table(["model", *prompts], grid)
        + "\n## Usage\n\n"
        + markdown_table(
            ["model", "prompt", "n", "calls", "input tokens", "output tokens", "cost"], usage_rows
        )
    )
    path = out_dir / "sweep.md"
    path.write_text(text, encoding="utf-8")
    report.files["sweep.md"] = path
    return report
