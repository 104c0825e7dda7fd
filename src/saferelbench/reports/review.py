"""The human-review sheet of a dataset: one HTML page per relation, for a person to check
samples by eye before the benchmark is used. The page keeps the reviewer's ticks and notes in
the browser and exports them as CSV in ``review.csv``'s columns.

For every pair (a spatial sample and, beside it, its control or controls) a page shows the
initial image the agent sees, the instruction, the hazard (the relation's conditions, and what
the simulator makes happen when the naive plan skips the precaution, with the image of that
moment), the golden plan with its cautions, and a form row to record the verdict. ``review.csv``
lists the same samples with empty ``ok`` and ``note`` columns for the reviewer to fill in.

Images are drawn without a title, so no image carries a sample id (the page names it). The
pages are rendered by jinja2 with autoescaping on; they use no script and fetch nothing.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import DictLoader, Environment

from saferelbench.dataset.sample import Sample
from saferelbench.render import render
from saferelbench.world.events import HazardEvent, Outcome
from saferelbench.world.rollout import run_actions
from saferelbench.world.scene_builder import build_world
from saferelbench.world.vocabulary import RELATIONS

IMAGES_DIR = "images"
IMAGE_SIZE = (768, 576)  #: big enough to check by eye, small enough for a page of 200 images


@dataclass(frozen=True)
class Hazard:
    """A hazard event of the naive plan, said in words."""

    step: int
    action: str
    kind: str
    objects: tuple[str, ...]
    detail: str


@dataclass
class SampleView:
    """What the page shows for one sample."""

    id: str
    split: str
    risk: str
    room: str
    instruction: str
    twist: str | None
    conditions: list[dict[str, str]]
    golden: list[tuple[str, str | None]]
    golden_outcome: str
    naive: list[str]
    hazards: list[Hazard]
    image: str | None = None
    hazard_image: str | None = None


@dataclass
class PairView:
    pair_id: str
    risk: str
    spatial: SampleView | None
    controls: list[SampleView] = field(default_factory=list)


@dataclass(frozen=True)
class ReviewSummary:
    """What :func:`write_review` wrote."""

    pages: dict[str, Path]  #: relation -> its page
    index: Path
    sheet: Path
    samples: int
    images: int


def _conditions(s: Sample) -> list[dict[str, str]]:
    out = []
    for kind, conds in (
        ("process", s.process_conditions),
        ("termination", s.termination_conditions),
    ):
        for c in conds:
            out.append(
                {
                    "kind": kind,
                    "risk": c.risk_type,
                    "tip": c.safety_tip,
                    "bddl": c.bddl,
                    "trigger": f"{c.type or ''} {c.action or ''}".strip(),
                    "relation": "relation" if c.relation_induced else "",
                }
            )
    return out


def _view(s: Sample, out: Path | None) -> SampleView:
    """Simulate the sample's plans and, when ``out`` is given, draw its images there."""
    world = build_world(s)
    golden, golden_results = run_actions(world, [p.action for p in s.golden_plan])
    bad = [r for r in golden_results if r.outcome not in (Outcome.OK, Outcome.DONE)]
    golden_events = [e for st in golden.steps for e in st.events] + list(golden.final_events)
    if bad:
        outcome = f"step fails: {bad[0].action} ({bad[0].reason})"
    elif golden_events:
        outcome = "hazard: " + ", ".join(sorted({e.kind for e in golden_events}))
    else:
        outcome = "no hazard"
    naive, naive_results = run_actions(world, [p.action for p in s.naive_plan])
    hazards: list[Hazard] = []
    first: tuple[int, tuple[HazardEvent, ...]] | None = None
    for i, res in enumerate(naive_results):
        for e in res.events:
            hazards.append(Hazard(i + 1, res.action, e.kind, e.objects, e.detail))
        if res.events and first is None:
            first = (i, res.events)
    for e in naive.final_events:
        hazards.append(Hazard(e.step, "(end of episode)", e.kind, e.objects, e.detail))
    view = SampleView(
        id=s.id,
        split=s.split,
        risk=s.risk,
        room=s.room,
        instruction=s.instruction,
        twist=s.twist,
        conditions=_conditions(s),
        golden=[(p.action, p.caution) for p in s.golden_plan],
        golden_outcome=outcome,
        naive=[p.action for p in s.naive_plan],
        hazards=hazards,
    )
    if out is not None:
        name = f"{IMAGES_DIR}/{s.id}.png"
        (out / name).write_bytes(render(world.scene, world.initial, size=IMAGE_SIZE).png_bytes())
        view.image = name
        if first is not None:
            i, events = first
            after = naive.steps[i].after
            name = f"{IMAGES_DIR}/{s.id}_hazard.png"
            r = render(world.scene, after, size=IMAGE_SIZE, events=events)
            (out / name).write_bytes(r.png_bytes())
            view.hazard_image = name
    return view


def _pairs(samples: Iterable[Sample], out: Path | None) -> list[PairView]:
    pairs: dict[str, PairView] = {}
    for s in samples:
        pair = pairs.setdefault(s.pair_id, PairView(s.pair_id, s.risk, None))
        view = _view(s, out)
        if s.split == "spatial" and pair.spatial is None:
            pair.spatial = view
        else:
            pair.controls.append(view)
    return sorted(pairs.values(), key=lambda p: (p.risk, p.pair_id))


_CSS = """
body { margin: 0; font: 14px/1.45 system-ui, sans-serif; color: #1d2330; background: #f6f7f9; }
header { position: sticky; top: 0; padding: 8px 18px; background: #fff; border-bottom: 1px solid #d9dde5; z-index: 2; }
header h1 { font-size: 18px; margin: 0 0 2px; } header a { margin-right: 12px; color: #3358c4; }
main { padding: 6px 18px 40px; }
.pair { display: flex; gap: 14px; align-items: flex-start; margin: 16px 0; padding: 10px; background: #fff; border: 1px solid #d9dde5; }
.sample { flex: 1 1 0; min-width: 0; }
.sample.control { border-left: 3px solid #9aa5b8; padding-left: 12px; }
.sample h3 { margin: 0 0 4px; font-size: 15px; } .muted { color: #5b6475; font-size: 12.5px; }
.instruction { font-size: 15px; font-weight: 600; margin: 6px 0; }
img { max-width: 100%; height: auto; border: 1px solid #d9dde5; display: block; margin: 4px 0; }
ol, ul { margin: 4px 0 8px 20px; padding: 0; } li { margin: 1px 0; }
.caution { color: #8a5a00; } .hazard { color: #c62828; } .rel { color: #c62828; font-weight: 600; }
code { font-size: 12px; background: #f0f2f6; padding: 0 3px; }
.verdict { margin-top: 6px; font-size: 13px; } .verdict textarea { width: 100%; height: 2.4em; }
table { border-collapse: collapse; background: #fff; } td, th { border: 1px solid #d9dde5; padding: 3px 8px; }
"""

_SAMPLE = """
{% macro sample(v, cls) %}
<div class="sample {{ cls }}" data-id="{{ v.id }}" data-risk="{{ v.risk }}" data-split="{{ v.split }}">
  <h3>{{ v.id }} <span class="muted">{{ v.split }} &middot; {{ v.risk }} &middot; {{ v.room }}{% if v.twist %} &middot; twist: {{ v.twist }}{% endif %}</span></h3>
  <div class="instruction">{{ v.instruction }}</div>
  {% if v.image %}<img src="{{ v.image }}" alt="initial scene" loading="lazy">{% endif %}
  <div><b>Conditions</b></div>
  <ul>
  {% for c in v.conditions %}
    <li>{% if c.relation %}<span class="rel">[relation]</span> {% endif %}{{ c.kind }}, {{ c.risk }}{% if c.trigger %} ({{ c.trigger }}){% endif %}: {{ c.tip }} <code>{{ c.bddl }}</code></li>
  {% endfor %}
  </ul>
  <div><b>Golden plan</b> <span class="muted">({{ v.golden|length }} steps; replayed: {{ v.golden_outcome }})</span></div>
  <ol>
  {% for action, caution in v.golden %}
    <li><code>{{ action }}</code>{% if caution %} <span class="caution">&mdash; {{ caution }}</span>{% endif %}</li>
  {% endfor %}
  </ol>
  <div><b>Hazard when the precaution is skipped</b> <span class="muted">(naive plan, {{ v.naive|length }} steps)</span></div>
  {% if v.hazards %}
  <ul>
  {% for h in v.hazards %}
    <li class="hazard">step {{ h.step }} <code>{{ h.action }}</code>: {{ h.kind }} ({{ h.objects|join(", ") }}){% if h.detail %} &mdash; {{ h.detail }}{% endif %}</li>
  {% endfor %}
  </ul>
  {% if v.hazard_image %}<img src="{{ v.hazard_image }}" alt="the first hazard of the naive plan" loading="lazy">{% endif %}
  {% else %}<div class="muted">none: the naive plan is safe here</div>{% endif %}
  <div class="verdict"><label><input type="checkbox" name="ok-{{ v.id }}"> looks right</label>
  <textarea name="note-{{ v.id }}" placeholder="what is wrong (image, instruction, hazard, plan)"></textarea></div>
</div>
{% endmacro %}
"""

_PAGE = (
    _SAMPLE
    + """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ title }}: {{ relation }}</title>
<style>{{ css|safe }}</style></head><body data-relation="{{ relation }}">
<header><h1>{{ title }}: {{ relation }}</h1>
<a href="index.html">index</a>{% for r in relations %}<a href="{{ r }}.html">{{ r }}</a>{% endfor %}
<div class="muted">{{ pairs|length }} pairs. Each row: the spatial sample, and beside it its control(s), which should differ only in where the hazard object stands. Check the image against the instruction and conditions, that the hazard is real and visible, and that the golden plan is what a careful person would do. Ticks and notes are kept in this browser as you go (<span id="saved">nothing recorded yet</span>); <button id="export" type="button">export verdicts (CSV)</button> downloads them in review.csv's columns.</div>
</header><main>
{% for p in pairs %}
<div class="pair" id="{{ p.pair_id }}">
  {% if p.spatial %}{{ sample(p.spatial, "spatial") }}{% endif %}
  {% for c in p.controls %}{{ sample(c, "control") }}{% endfor %}
</div>
{% endfor %}
</main>
<script>{{ script|safe }}</script>
</body></html>
"""
)

#: The review page keeps its ticks and notes in the browser's localStorage (per page) and
#: exports them as CSV in review.csv's columns.
_SCRIPT = r"""
(function () {
  "use strict";
  var relation = document.body.getAttribute("data-relation");
  var key = "saferelbench-review:" + location.pathname;
  var store = {};
  try { store = JSON.parse(localStorage.getItem(key) || "{}"); } catch (e) { store = {}; }
  var fields = document.querySelectorAll(".verdict input, .verdict textarea");
  function status() {
    var n = Object.keys(store).length;
    document.getElementById("saved").textContent = n ? n + " field(s) saved in this browser" : "nothing recorded yet";
  }
  Array.prototype.forEach.call(fields, function (f) {
    if (f.name in store) { if (f.type === "checkbox") f.checked = !!store[f.name]; else f.value = store[f.name]; }
    f.addEventListener(f.type === "checkbox" ? "change" : "input", function () {
      store[f.name] = f.type === "checkbox" ? f.checked : f.value;
      try { localStorage.setItem(key, JSON.stringify(store)); } catch (e) { /* private mode: export still works */ }
      status();
    });
  });
  function cell(text) { text = String(text == null ? "" : text); return /[",\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text; }
  document.getElementById("export").addEventListener("click", function () {
    var rows = [["id", "relation", "risk", "split", "ok", "note"]];
    Array.prototype.forEach.call(document.querySelectorAll(".sample"), function (s) {
      var id = s.getAttribute("data-id");
      var ok = s.querySelector('input[name="ok-' + id + '"]');
      var note = s.querySelector('textarea[name="note-' + id + '"]');
      rows.push([id, relation, s.getAttribute("data-risk"), s.getAttribute("data-split"), ok && ok.checked ? "yes" : "", note ? note.value : ""]);
    });
    var blob = new Blob([rows.map(function (r) { return r.map(cell).join(","); }).join("\n") + "\n"], { type: "text/csv" });
    var a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = "review-" + relation + ".csv";
    document.body.appendChild(a); a.click(); a.remove();
  });
  status();
})();
"""

_INDEX = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ title }}</title>
<style>{{ css|safe }}</style></head><body>
<header><h1>{{ title }}</h1></header><main>
<p>One page per relation. Go through the pairs, look at each image, tick and annotate: the page
keeps what you enter in this browser, and its <i>export verdicts</i> button downloads them as
CSV in the columns of <code>review.csv</code> (<code>ok</code> and <code>note</code>).</p>
<table><tr><th>relation</th><th>pairs</th><th>spatial</th><th>control</th></tr>
{% for relation, c in counts.items() %}
<tr><td><a href="{{ relation }}.html">{{ relation }}</a></td><td>{{ c.pairs }}</td><td>{{ c.spatial }}</td><td>{{ c.control }}</td></tr>
{% endfor %}
</table></main></body></html>
"""


def _env() -> Environment:
    env = Environment(
        loader=DictLoader({"review.html.jinja": _PAGE, "review_index.html.jinja": _INDEX}),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.globals["css"] = _CSS
    env.globals["script"] = _SCRIPT
    return env


def write_review(
    samples: Sequence[Sample],
    out: Path,
    *,
    images: bool = True,
    relations: Sequence[str] | None = None,
    title: str = "SafeRelBench dataset review",
) -> ReviewSummary:
    """Write ``index.html``, one ``<relation>.html`` per relation that has samples,
    ``review.csv`` and (unless ``images`` is off) ``images/*.png`` under ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    if images:
        (out / IMAGES_DIR).mkdir(exist_ok=True)
    wanted = list(relations) if relations else list(RELATIONS)
    env = _env()
    pages: dict[str, Path] = {}
    counts: dict[str, dict[str, int]] = {}
    rows: list[dict[str, str]] = []
    drawn = 0
    for relation in wanted:
        chosen = [s for s in samples if s.relation == relation]
        if not chosen:
            continue
        pairs = _pairs(chosen, out if images else None)
        views = [v for p in pairs for v in ([p.spatial] if p.spatial else []) + p.controls]
        drawn += sum((v.image is not None) + (v.hazard_image is not None) for v in views)
        page = out / f"{relation}.html"
        page.write_text(
            env.get_template("review.html.jinja").render(
                title=title, relation=relation, pairs=pairs, relations=wanted
            ),
            encoding="utf-8",
        )
        pages[relation] = page
        counts[relation] = {
            "pairs": len(pairs),
            "spatial": sum(1 for v in views if v.split == "spatial"),
            "control": sum(1 for v in views if v.split != "spatial"),
        }
        rows += [
            {
                "id": v.id,
                "relation": relation,
                "risk": v.risk,
                "split": v.split,
                "ok": "",
                "note": "",
            }
            for v in views
        ]
    index = out / "index.html"
    index.write_text(
        env.get_template("review_index.html.jinja").render(title=title, counts=counts),
        encoding="utf-8",
    )
    sheet = out / "review.csv"
    with sheet.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, ["id", "relation", "risk", "split", "ok", "note"])
        writer.writeheader()
        writer.writerows(rows)
    return ReviewSummary(pages, index, sheet, len(rows), drawn)
