"""The paper's figures for our runs (matplotlib, PNG and SVG), with 95% intervals as error bars.

- ``overall``: Fig. 4 analogue, overall SR and SSR with vs without spatial relation, per run;
- ``prompts``: Fig. 5 analogue, SR / SSR / SRec across prompt variants, one line per model;
- ``composition``: Fig. 3 analogue, risk types per relation and action types.

Figures are built on ``matplotlib.figure.Figure`` directly (no pyplot global state, no GUI
backend), so this works headless and in threads.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from saferelbench.reports.failures import action_type
from saferelbench.reports.loading import RunData
from saferelbench.reports.modes import mode_suffix
from saferelbench.reports.tables import GroupRates, Rate, RunTable
from saferelbench.world.vocabulary import RELATIONS

PROMPT_ORDER = ("base", "risk_aware", "action_grounded")
COLORS = [
    "#4C72B0",
    "#DD8452",
    "#55A868",
    "#C44E52",
    "#8172B3",
    "#937860",
    "#DA8BC3",
    "#8C8C8C",
    "#CCB974",
    "#64B5CD",
]
SPLIT_COLORS = {"spatial": "#C44E52", "control": "#4C72B0"}
SPLIT_LABELS = {"spatial": "w/ spatial relation", "control": "w/o spatial relation"}


def _yerr(rates: Sequence[Rate | None]) -> list[list[float]]:
    """Asymmetric error bars from intervals (zero where undefined)."""
    low, high = [], []
    for r in rates:
        if r is None or r.value is None or r.ci.low is None or r.ci.high is None:
            low.append(0.0)
            high.append(0.0)
        else:
            low.append(max(0.0, r.value - r.ci.low))
            high.append(max(0.0, r.ci.high - r.value))
    return [low, high]


def short_labels(runs: Sequence[RunData]) -> list[str]:
    """Run labels without what every run shares (the prompt when all use one; provider prefixes)."""
    one_prompt = len({r.info.prompt for r in runs}) == 1
    out = []
    for r in runs:
        label = r.label.replace(f" · {r.info.prompt}", "", 1) if one_prompt else r.label
        out.append(label.replace(r.info.agent, r.info.agent.split("/")[-1], 1))
    return out if len(set(out)) == len(out) else [r.label for r in runs]


def _save(fig: Figure, out_dir: Path, name: str) -> dict[str, Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = {}
    for fmt in ("png", "svg"):
        path = out_dir / f"{name}.{fmt}"
        fig.savefig(path, format=fmt, dpi=150 if fmt == "png" else None, bbox_inches="tight")
        paths[fmt] = path
    return paths


def protocol_note(tables: Sequence[RunTable]) -> str | None:
    """``protocol physical`` when every run shares one verdict protocol, else None (then each
    run's label names its own)."""
    found = {t.protocol for t in tables}
    return f"protocol {found.pop()}" if len(found) == 1 else None


def overall_figure(tables: Sequence[RunTable], out_dir: Path) -> dict[str, Path] | None:
    """Fig. 4 analogue: overall (mean over relations) SR and SSR, w/ vs w/o spatial relation."""
    tables = [t for t in tables if t.overall]  # runs without spatial/control samples have no bar
    if not tables:
        return None
    labels = short_labels([t.run for t in tables])
    note = protocol_note(tables)
    if note is None:  # runs under different protocols: every bar names its own
        labels = [f"{label}\n{t.protocol}" for label, t in zip(labels, tables, strict=True)]
    width = max(6.0, 1.1 * len(tables) + 2.5)
    fig = Figure(figsize=(width, 4.2), layout="constrained")
    axes = fig.subplots(1, 2, sharey=True)
    x = list(range(len(tables)))
    for ax, metric in zip(axes, ("SR", "SSR"), strict=True):
        for k, split in enumerate(("spatial", "control")):
            groups: list[GroupRates | None] = [t.overall.get(split) for t in tables]
            rates = [g.metric(metric) if g else None for g in groups]
            values = [r.value if r and r.value is not None else 0.0 for r in rates]
            xs = [i + (k - 0.5) * 0.38 for i in x]
            bars = ax.bar(
                xs,
                values,
                width=0.36,
                color=SPLIT_COLORS[split],
                label=SPLIT_LABELS[split],
                yerr=_yerr(rates),
                capsize=3,
                error_kw={"elinewidth": 1, "ecolor": "#333"},
            )
            for bar, r in zip(bars, rates, strict=True):
                if r is not None and r.value is not None:
                    inside = r.value >= 0.14  # too short a bar: write the value above it
                    ax.text(
                        bar.get_x() + bar.get_width() / 2,
                        0.015 if inside else (r.ci.high or r.value) + 0.02,
                        f"{r.value:.2f}",
                        ha="center",
                        va="bottom",
                        fontsize=7,
                        color="white" if inside else "#222",
                        rotation=90,
                    )
        ax.set_title(f"Overall {metric}")
        ax.set_xticks(
            x,
            labels,
            rotation=25 if len(tables) > 3 else 0,
            ha="right" if len(tables) > 3 else "center",
        )
        ax.set_ylim(0, 1.05)
        ax.grid(axis="y", alpha=0.3)
        ax.set_axisbelow(True)
    axes[0].set_ylabel("rate (mean over relations, 95% CI" + (f"; {note})" if note else ")"))
    handles, names = axes[0].get_legend_handles_labels()
    fig.legend(handles, names, loc="outside upper center", ncol=2, fontsize=9, frameon=False)
    return _save(fig, out_dir, "fig_overall")


def _prompt_key(prompt: str) -> tuple[int, str]:
    key = prompt.lower().replace("-", "_")
    return (PROMPT_ORDER.index(key) if key in PROMPT_ORDER else len(PROMPT_ORDER), key)


def prompts_figure(
    tables: Sequence[RunTable], out_dir: Path, scope: str = "overall"
) -> dict[str, Path] | None:
    """Fig. 5 analogue: SR, SSR, SRec across prompt variants, one line per model.

    ``scope`` is "overall" (the mean over relations of the spatial split) or one relation's
    spatial split (the paper's ablation uses "supporting"). Drawn only when some model was run
    with two or more prompt variants.
    """
    by_agent: dict[str, dict[str, GroupRates]] = {}
    note = protocol_note(tables)
    for t in tables:
        group = t.overall.get("spatial") if scope == "overall" else t.cells.get((scope, "spatial"))
        if group is not None:  # one line per model (and protocol, when runs differ in it)
            key = t.run.info.agent if note else f"{t.run.info.agent} · {t.protocol}"
            key += mode_suffix(t.run.info)  # tool calls and JSON text are never pooled
            by_agent.setdefault(key, {})[t.run.info.prompt] = group
    by_agent = {a: p for a, p in by_agent.items() if len(p) >= 2}
    if not by_agent:
        return None
    prompts = sorted({p for ps in by_agent.values() for p in ps}, key=_prompt_key)
    fig = Figure(figsize=(11, 3.8), layout="constrained")
    axes = fig.subplots(1, 3, sharey=True)
    for ax, metric in zip(axes, ("SR", "SSR", "SRec"), strict=True):
        for i, (agent, groups) in enumerate(sorted(by_agent.items())):
            xs = [k for k, p in enumerate(prompts) if p in groups]
            rates = [groups[prompts[k]].metric(metric) for k in xs]
            ys = [r.value if r and r.value is not None else float("nan") for r in rates]
            offset = (i - (len(by_agent) - 1) / 2) * 0.04
            ax.errorbar(
                [x + offset for x in xs],
                ys,
                yerr=_yerr(rates),
                marker="o",
                capsize=3,
                color=COLORS[i % len(COLORS)],
                label=agent.split("/")[-1],
                linewidth=1.6,
            )
        ax.set_title(metric)
        ax.set_xticks(range(len(prompts)), [p.replace("_", "-") for p in prompts])
        ax.set_xlim(-0.3, len(prompts) - 0.7)
        ax.set_ylim(0, 1.05)
        ax.set_xlabel("prompt variant")
        ax.grid(alpha=0.3)
    where = (
        "overall, w/ spatial relation" if scope == "overall" else f"{scope}, w/ spatial relation"
    )
    axes[0].set_ylabel(f"rate ({where}; 95% CI" + (f"; {note})" if note else ")"))
    handles, names = axes[0].get_legend_handles_labels()
    fig.legend(handles, names, loc="outside right center", fontsize=8, frameon=False, title="model")
    return _save(fig, out_dir, "fig_prompts")


#: What panel (b) of the composition figure counted, by source (see :func:`composition_figure`).
COMPOSITION_SOURCES = {
    "golden": "the golden plans of the spatial samples in the runs (each sample once)",
    "executed": "the actions executed in the runs (the samples' golden plans were not found)",
}


def composition_counts(
    runs: Sequence[RunData],
    golden_plan: Callable[[RunData, str], Sequence[str] | None] | None = None,
) -> tuple[dict[str, tuple[str, str]], Counter[str], str]:
    """What :func:`composition_figure` draws: (relation, risk) of each spatial sample, the
    action-type counts of panel (b) and their source (a key of :data:`COMPOSITION_SOURCES`)."""
    samples: dict[str, tuple[str, str]] = {}
    owner: dict[str, RunData] = {}
    for run in runs:
        for e in run.episodes:
            if e.split == "spatial" and e.relation:
                samples.setdefault(e.sample_id, (e.relation, e.risk or "unknown"))
                owner.setdefault(e.sample_id, run)
    actions: Counter[str] = Counter()
    source = "executed"
    if golden_plan is not None:
        for sample_id, run in owner.items():
            plan = golden_plan(run, sample_id)
            if plan is None:
                continue
            source = "golden"
            for a in plan:
                kind = action_type(a)
                if kind and kind != "DONE":
                    actions[kind] += 1
    if source == "executed":
        for run in runs:
            for e in run.episodes:
                for s in e.steps:
                    kind = action_type(s.action)
                    if kind and kind != "DONE":
                        actions[kind] += 1
    return samples, actions, source


def composition_figure(
    runs: Sequence[RunData],
    out_dir: Path,
    golden_plan: Callable[[RunData, str], Sequence[str] | None] | None = None,
) -> tuple[dict[str, Path], str] | None:
    """Fig. 3 analogue: (a) risk types per relation (spatial samples, each sample once);
    (b) action types of those samples' golden plans (``golden_plan(run, sample_id)`` gives a
    plan's actions, None when the task is not found); when no golden plan is found, the actions
    executed in every run instead. Returns the files and which of
    :data:`COMPOSITION_SOURCES` panel (b) shows. (An oracle run's actions are not the golden
    plans: the oracle plans for itself.)"""
    samples, actions, source = composition_counts(runs, golden_plan)
    if not samples and not actions:
        return None
    fig = Figure(figsize=(11, 4.0), layout="constrained")
    ax_a, ax_b = fig.subplots(1, 2, width_ratios=[1.1, 1])
    relations = [r for r in RELATIONS if any(v[0] == r for v in samples.values())]
    relations += sorted({v[0] for v in samples.values()} - set(relations))
    risks = sorted({v[1] for v in samples.values()})
    counts = Counter(samples.values())
    left = [0] * len(relations)
    for i, risk in enumerate(risks):
        widths = [counts[(rel, risk)] for rel in relations]
        ax_a.barh(
            relations,
            widths,
            left=left,
            color=COLORS[i % len(COLORS)],
            label=risk.replace("_", " "),
        )
        for j, w in enumerate(widths):
            if w:
                ax_a.text(
                    left[j] + w / 2, j, str(w), ha="center", va="center", fontsize=8, color="white"
                )
        left = [a + b for a, b in zip(left, widths, strict=True)]
    for j, total in enumerate(left):
        ax_a.text(total + 0.5, j, f"n={total}", va="center", fontsize=8)
    ax_a.set_xlim(0, max(left or [1]) * 1.18 + 1)
    ax_a.invert_yaxis()
    ax_a.set_xlabel("spatial-relation samples")
    ax_a.set_title("(a) risk types per relation")
    if risks:
        ax_a.legend(
            fontsize=8, frameon=False, loc="upper center", bbox_to_anchor=(0.5, -0.15), ncol=3
        )
    else:
        ax_a.text(
            0.5,
            0.5,
            "no spatial-relation samples",
            ha="center",
            va="center",
            transform=ax_a.transAxes,
        )
    ranked = actions.most_common()
    names = [k for k, _ in ranked]
    ax_b.barh(names, [v for _, v in ranked], color="#4C72B0")
    for j, (_, v) in enumerate(ranked):
        ax_b.text(v, j, f" {v}", va="center", fontsize=8)
    ax_b.set_xlim(0, max([v for _, v in ranked] or [1]) * 1.15)
    ax_b.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax_b.invert_yaxis()
    what = "golden plans of the spatial samples" if source == "golden" else "executed in the runs"
    ax_b.set_xlabel(f"steps ({what})")
    ax_b.set_title("(b) action types")
    return _save(fig, out_dir, "fig_composition"), source
