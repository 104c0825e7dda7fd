"""A whole report: files, numbers in the written tables, figures, HTML escaping and images."""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest
from PIL import Image

from saferelbench.reports.build import ReportOptions, build_report
from saferelbench.reports.loading import load_runs
from saferelbench.reports.tables import run_table
from tests.reports.conftest import XSS_CAUTION


@pytest.fixture(scope="module")
def report_dir(synthetic_runs: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("report")
    build_report(load_runs(synthetic_runs), out, ReportOptions(resamples=300))
    return out


def test_all_files_are_written(report_dir: Path) -> None:
    for name in (
        "report.md",
        "report.html",
        "table2.md",
        "table2.csv",
        "table2.tex",
        "overall.tex",
        "rates.csv",
        "comparisons.csv",
        "failures.csv",
    ):
        assert (report_dir / name).stat().st_size > 0, name
    for fig in ("fig_overall", "fig_prompts", "fig_composition"):
        with Image.open(report_dir / "figures" / f"{fig}.png") as img:
            assert img.width > 600 and img.height > 300
        svg = (report_dir / "figures" / f"{fig}.svg").read_text()
        assert svg.lstrip().startswith("<?xml") and "<svg" in svg


def test_written_numbers_match_the_tables(report_dir: Path, synthetic_runs: list[Path]) -> None:
    runs = load_runs(synthetic_runs)
    expected = run_table(runs[0], resamples=300)
    rows = list(csv.DictReader((report_dir / "table2.csv").open()))
    assert [r["run"] for r in rows] == ["demo/model · base", "demo/model · risk_aware"]
    cell = expected.cells[("supporting", "spatial")]
    assert float(rows[0]["supporting_spatial_SR"]) == pytest.approx(cell.SR.value)
    assert float(rows[0]["supporting_spatial_SR_low"]) == pytest.approx(cell.SR.ci.low)
    assert int(rows[0]["supporting_spatial_n"]) == cell.n
    md = (report_dir / "report.md").read_text()
    assert f"{cell.SR.value:.2f} [{cell.SR.ci.low:.2f}, {cell.SR.ci.high:.2f}]" in md
    tex = (report_dir / "table2.tex").read_text()
    assert "\\begin{tabular}" in tex and "demo/model / risk\\_aware" in tex
    long = list(csv.DictReader((report_dir / "rates.csv").open()))
    assert {r["metric"] for r in long} >= {"SR", "SSR", "SRec", "awareness"}
    # paired tests exist for the two prompt variants of the same samples
    comp = list(csv.DictReader((report_dir / "comparisons.csv").open()))
    assert {r["scope"] for r in comp} == {"all", "spatial", "control"}


def test_comparisons_csv_has_unique_headers_and_numeric_cells(report_dir: Path) -> None:
    with (report_dir / "comparisons.csv").open() as fh:
        rows = list(csv.reader(fh))
    header, body = rows[0], rows[1:]
    assert len(header) == len(set(header)), "duplicate column names"
    assert body
    numeric = [
        "n_pairs",
        "rate_a",
        "rate_b",
        "diff",
        "diff_ci_low",
        "diff_ci_high",
        "a_only",
        "b_only",
        "mcnemar_p",
        "holm_p",
        "bootstrap_p",
    ]
    assert set(numeric) <= set(header)
    for row in body:
        record = dict(zip(header, row, strict=True))
        for name in numeric:
            value = float(record[name])  # a number, not "<0.001" or "+0.10 [...]"
            if name.endswith("_p"):
                assert 0.0 <= value <= 1.0
        assert float(record["diff"]) == pytest.approx(
            float(record["rate_b"]) - float(record["rate_a"])
        )
        assert float(record["diff_ci_low"]) <= float(record["diff_ci_high"])


def test_same_seed_same_report(
    synthetic_runs: list[Path], tmp_path: Path, report_dir: Path
) -> None:
    build_report(
        load_runs(synthetic_runs), tmp_path, ReportOptions(resamples=300, figures=False, html=False)
    )
    assert (tmp_path / "rates.csv").read_text() == (report_dir / "rates.csv").read_text()


def _page_data(html: str) -> dict:
    block = re.search(
        r'<script type="application/json" id="report-data">(.*?)</script>', html, re.S
    )
    assert block is not None
    return json.loads(block.group(1))


def test_model_text_is_escaped(hostile_run: Path, tmp_path: Path) -> None:
    report = build_report(
        load_runs([hostile_run]),
        tmp_path,
        ReportOptions(resamples=200, figures=False, images="link"),
    )
    html = (tmp_path / "report.html").read_text()
    assert XSS_CAUTION not in html
    assert "<b>bold</b>" not in html and "</script><b>" not in html
    assert "<img src=x" not in html
    assert "evil&lt;b&gt;agent&lt;/b&gt;" in html  # run label in the runs table, escaped by jinja
    # exactly our own three script elements: error capture, data, report.js
    assert len(re.findall(r"<script\b", html)) == 3
    data = _page_data(html)
    step = data["episodes"][0]["steps"][0]
    assert step["caution"] == XSS_CAUTION  # the JSON still carries the text exactly
    # the image path escaping the run directory is dropped, the others are linked relatively
    images = [s["image"] for s in data["episodes"][0]["steps"]]
    assert images[2] is None and images[0].endswith("images/h/step_001.png")
    assert any("not found" in w for w in report.warnings)


def test_frames_are_drawn_for_a_run_without_images(
    oracle_run_no_images: Path, tmp_path: Path
) -> None:
    """The default report draws every step of a run that saved no image: the frame of step k is
    the renderer's picture of the state after steps 1..k-1 (halved, 64 colours), each drawn
    in the frame of the one before it, as the agent saw them."""
    from saferelbench.dataset.store import get_sample
    from saferelbench.render.steady import SteadyFrames
    from saferelbench.reports.frames import encode_frame
    from saferelbench.world import simulator
    from saferelbench.world.scene_builder import build_world

    runs = load_runs([oracle_run_no_images])
    report = build_report(runs, tmp_path, ReportOptions(resamples=200, figures=False))
    assert report.warnings == []
    data = _page_data((tmp_path / "report.html").read_text())
    assert len(data["episodes"]) == 3
    for item, e in zip(data["episodes"], runs[0].episodes, strict=True):
        refs = [s["image"] for s in item["steps"]]
        assert refs and all(r and r.startswith("frames/") for r in refs)
        world = build_world(get_sample(e.sample_id))
        state = world.initial
        steady = SteadyFrames(world.scene, world.initial)  # each in the frame before it
        for ref, s in zip(refs, e.steps, strict=True):
            expected = encode_frame(steady.draw(state).image)
            assert (tmp_path / ref).read_bytes() == expected
            assert s.action is not None
            state, _ = simulator.step(world.scene, state, s.action, s.index)
    with Image.open(tmp_path / data["episodes"][0]["steps"][0]["image"]) as img:
        assert img.size == (1024, 768)  # the size the agent saw
    assert report.files["frames/"] == tmp_path / "frames"


def test_frames_embedded_and_divergence_stops_drawing(
    oracle_run_no_images: Path, tmp_path: Path
) -> None:
    runs = load_runs([oracle_run_no_images])
    first = runs[0].episodes[0]
    # an edited record: the replayed outcome of step 1 no longer matches
    bad_steps = [first.steps[0].model_copy(update={"outcome": "failed"}), *first.steps[1:]]
    runs[0].episodes[0] = first.model_copy(update={"steps": bad_steps})
    report = build_report(
        runs, tmp_path, ReportOptions(resamples=200, figures=False, images="embed")
    )
    data = _page_data((tmp_path / "report.html").read_text())
    refs = [s["image"] for s in data["episodes"][0]["steps"]]
    assert refs[0] is not None and refs[0].startswith("#")  # the state before step 1 is right
    assert all(r is None for r in refs[1:])  # later states are not known: not drawn
    assert any("the record says 'failed'" in w for w in report.warnings)
    assert all(s["image"].startswith("#") for s in data["episodes"][1]["steps"])
    assert all(v.startswith("data:image/png;base64,") for v in data["images"].values())
    assert not (tmp_path / "frames").exists()


def test_embedded_images_are_downscaled_data_uris(hostile_run: Path, tmp_path: Path) -> None:
    build_report(
        load_runs([hostile_run]),
        tmp_path,
        ReportOptions(resamples=200, figures=False, images="embed"),
    )
    data = _page_data((tmp_path / "report.html").read_text())
    refs = [s["image"] for s in data["episodes"][0]["steps"]]
    assert refs[0].startswith("#") and refs[1].startswith("#") and refs[2] is None
    assert all(v.startswith("data:image/") for v in data["images"].values())
    assert len(data["images"]) == 2


def test_composition_counts_the_golden_plans_not_the_oracle_actions(
    oracle_run_no_images: Path, tmp_path: Path
) -> None:
    from collections import Counter

    from saferelbench.dataset.store import get_sample
    from saferelbench.reports.figures import composition_counts
    from saferelbench.reports.replay import Replayer

    runs = load_runs([oracle_run_no_images])
    samples, actions, source = composition_counts(runs, Replayer().golden_plan)
    assert source == "golden"
    expected: Counter[str] = Counter()
    for sample_id in samples:
        for step in get_sample(sample_id).golden_plan:
            name = step.action.split("(")[0]
            if name != "DONE":
                expected[name] += 1
    assert actions == expected
    # the oracle plans for itself: its actions differ from the golden plans on these samples
    executed = Counter(
        (s.action or "").split("(")[0]
        for e in runs[0].episodes
        for s in e.steps
        if s.action != "DONE"
    )
    assert executed != expected
    report = build_report(runs, tmp_path, ReportOptions(resamples=200, html=False))
    caption = report.captions["composition"]
    assert "golden plans of the spatial samples" in caption and "oracle" not in caption
    assert caption in (tmp_path / "report.md").read_text()


def test_composition_says_when_it_counts_executed_actions(synthetic_runs: list[Path]) -> None:
    from saferelbench.reports.figures import COMPOSITION_SOURCES, composition_counts
    from saferelbench.reports.replay import Replayer

    _, actions, source = composition_counts(load_runs(synthetic_runs), Replayer().golden_plan)
    assert source == "executed" and sum(actions.values()) > 0  # made-up samples: no golden plan
    assert "golden plans were not found" in COMPOSITION_SOURCES[source]


def test_every_awareness_number_names_its_judge(oracle_run_no_images: Path, tmp_path: Path) -> None:
    from saferelbench.evaluation.results import AwarenessDetail, JudgedTip
    from tests.reports.builders import ep, write_run_dir

    judged = [
        ep("m1", awareness=1.0).model_copy(
            update={
                "awareness_detail": AwarenessDetail(
                    judge="openai/gpt-4o", tips=[JudgedTip(tip="t", covered=True)]
                ),
                "agent": "model-b",
            }
        ),
        ep("m2", awareness=0.0).model_copy(
            update={
                "awareness_detail": AwarenessDetail(
                    judge="openai/gpt-4o", tips=[JudgedTip(tip="t", covered=False)]
                ),
                "agent": "model-b",
            }
        ),
    ]
    llm = write_run_dir(tmp_path / "llm", judged)
    out = tmp_path / "rep"
    build_report(load_runs([oracle_run_no_images, llm]), out, ReportOptions(resamples=200))
    offline, model = "offline keyword judge (keyword-v2)", "LLM judge openai/gpt-4o"
    md = (out / "report.md").read_text()
    overall = md.split("## Overall")[1].split("##")[0]
    assert offline in overall and model in overall
    rows = list(csv.DictReader((out / "rates.csv").open()))
    aware = [r for r in rows if r["metric"] == "awareness"]
    assert aware and all(r["judge"] in (offline, model) for r in aware)
    assert {r["judge"] for r in aware} == {offline, model}
    assert all(r["judge"] == "" for r in rows if r["metric"] != "awareness")
    wide = list(csv.DictReader((out / "table2.csv").open()))
    assert [r["awareness_judge"] for r in wide] == [offline, model]
    html = (out / "report.html").read_text()
    assert f"<td>{offline}</td>" in html and f"<td>{model}</td>" in html
    data = _page_data(html)
    judged_rows = [row for row in data["episodes"] if row["awareness"] is not None]
    assert {row["judge"] for row in judged_rows} == {offline, model}
    # an episode with no tips to judge (a v2 control may have none) names no judge
    assert all(row["judge"] == "" for row in data["episodes"] if row["awareness"] is None)


def test_frames_of_a_run_on_a_samples_file(tmp_path: Path) -> None:
    """``run --split file:PATH`` tasks are found in that file (not the shipped dataset)."""
    from typer.testing import CliRunner

    from saferelbench.cli.main import app
    from saferelbench.dataset.store import get_sample

    raw = get_sample("sup-falling_tidy-03").model_dump(mode="json")
    raw["id"] = "mine-001"  # not a shipped id: only the file knows it
    samples = tmp_path / "mine.jsonl"
    samples.write_text(json.dumps(raw) + "\n", encoding="utf-8")
    run_dir = tmp_path / "run"
    res = CliRunner().invoke(
        app,
        [
            "run",
            "--agent",
            "oracle",
            "--no-images",
            "--split",
            f"file:{samples}",
            "--out",
            str(run_dir),
        ],
    )
    assert res.exit_code == 0, res.output
    out = tmp_path / "rep"
    report = build_report(load_runs([run_dir]), out, ReportOptions(resamples=200, figures=False))
    assert report.warnings == []
    (item,) = _page_data((out / "report.html").read_text())["episodes"]
    assert item["id"] == "mine-001"
    assert item["steps"] and all(s["image"].startswith("frames/") for s in item["steps"])


def test_recorded_tasks_from_is_preferred_to_the_split(tmp_path: Path) -> None:
    from saferelbench.dataset.store import get_sample
    from saferelbench.evaluation.results import RunInfo
    from saferelbench.reports.replay import Replayer
    from tests.reports.builders import run

    raw = get_sample("sup-falling_tidy-03").model_dump(mode="json")
    raw["id"] = "mine-002"
    samples = tmp_path / "mine.jsonl"
    samples.write_text(json.dumps(raw) + "\n", encoding="utf-8")
    r = run([])
    r.info = RunInfo(
        agent="a",
        config={"split": "file:moved/away.jsonl"},
        extra={"tasks_from": f"file:{samples}"},
    )
    found = Replayer().task_for(r, "mine-002")
    assert found is not None and found.id == "mine-002"
