"""``saferelbench review --out DIR``: a page per relation with every sample's image,
instruction, hazard and golden plan, the control beside its spatial sample, and a CSV sheet
for the verdicts."""

from __future__ import annotations

import csv
import html
import re
from pathlib import Path

from PIL import Image
from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.dataset.sample import Sample
from saferelbench.dataset.store import load_samples
from saferelbench.reports.review import write_review

runner = CliRunner()


def _subset(pairs_per_relation: int = 2) -> list[Sample]:
    keep: dict[str, list[str]] = {}
    for s in load_samples():
        ids = keep.setdefault(s.relation, [])
        if s.pair_id not in ids and len(ids) < pairs_per_relation:
            ids.append(s.pair_id)
    return [s for s in load_samples() if s.pair_id in keep[s.relation]]


def test_review_writes_a_page_per_relation_with_images_plans_and_hazards(tmp_path: Path) -> None:
    samples = _subset()
    summary = write_review(samples, tmp_path)
    assert set(summary.pages) == {"supporting", "containment", "proximity"}
    assert summary.index.exists() and summary.samples == len(samples)
    for s in samples:
        page = (tmp_path / f"{s.relation}.html").read_text(encoding="utf-8")
        assert s.id in page
        assert html.escape(s.instruction, quote=False) in page
        assert html.escape(s.golden_plan[0].action, quote=False) in page
        assert (tmp_path / "images" / f"{s.id}.png").exists()
    for relation, path in summary.pages.items():
        page = path.read_text(encoding="utf-8")
        for src in re.findall(r'src="([^"]+)"', page):
            with Image.open(tmp_path / src) as img:
                assert img.size == (768, 576)
        spatial = [s for s in samples if s.relation == relation and s.split == "spatial"]
        # the naive plan's hazard is named, and drawn, for every spatial sample
        assert page.count('class="hazard"') >= len(spatial)
        assert all((tmp_path / "images" / f"{s.id}_hazard.png").exists() for s in spatial)
        # a control sits in the same row as its spatial sample
        for s in spatial:
            row = page.split(f'<div class="pair" id="{s.pair_id}">')[1].split('<div class="pair"')[
                0
            ]
            controls = [c for c in samples if c.pair_id == s.pair_id and c.split == "control"]
            assert controls and all(c.id in row for c in controls)
    with summary.sheet.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert sorted(r["id"] for r in rows) == sorted(s.id for s in samples)
    assert all(r["ok"] == "" for r in rows)


def test_review_command(tmp_path: Path) -> None:
    out = tmp_path / "review"
    result = runner.invoke(
        app, ["review", "--out", str(out), "--pairs", "1", "--relation", "proximity"]
    )
    assert result.exit_code == 0, result.output
    assert (out / "proximity.html").exists() and not (out / "containment.html").exists()
    assert "wrote 1 review page(s)" in result.output
    bad = runner.invoke(app, ["review", "--out", str(out), "--relation", "nearby"])
    assert bad.exit_code == 2 and "not a relation" in bad.output


def test_review_without_images(tmp_path: Path) -> None:
    summary = write_review(_subset(1), tmp_path, images=False)
    assert summary.images == 0 and not (tmp_path / "images").exists()
    assert "<img" not in summary.pages["supporting"].read_text(encoding="utf-8")
