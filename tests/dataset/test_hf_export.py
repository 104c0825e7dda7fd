"""``export-dataset --format hf``: a dataset repository the ``datasets`` library loads offline,
with the features its card declares, whose rows give back the shipped samples."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.dataset.hf_export import HF_SPLIT, HF_TASKS, sample_of
from saferelbench.dataset.store import load_samples, read_samples, shipped_path


def invoke(*args: object) -> Any:
    return CliRunner().invoke(app, [str(a) for a in args], catch_exceptions=False)


def front_matter(card: Path) -> dict[str, Any]:
    text = card.read_text(encoding="utf-8")
    assert text.startswith("---\n")
    return dict(yaml.safe_load(text.split("---\n", 2)[1]))


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("hf") / "repo"
    r = invoke("export-dataset", "--format", "hf", "--out", out, "--no-images")
    assert r.exit_code == 0, r.output
    return out


def load(repo: Path, config: str, cache: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("HF_DATASETS_OFFLINE", "1")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("HF_HOME", str(cache / "home"))
    import datasets

    datasets.config.HF_DATASETS_OFFLINE = True
    datasets.config.HF_HUB_OFFLINE = True
    datasets.disable_progress_bars()
    return datasets.load_dataset(str(repo), config, split=HF_SPLIT, cache_dir=str(cache))


def test_the_export_loads_offline_with_its_declared_features(
    export: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import datasets

    card = front_matter(export / "README.md")
    assert card["license"] == "mit" and card["size_categories"] == ["n<1K"]
    assert card["task_categories"]
    assert {c["config_name"] for c in card["configs"]} == {"spatial", "control", "all"}
    shipped = load_samples()
    expected = {
        "all": len(shipped),
        "spatial": sum(1 for s in shipped if s.split == "spatial"),
        "control": sum(1 for s in shipped if s.split == "control"),
    }
    assert expected["all"] == 507
    infos = {info["config_name"]: info for info in card["dataset_info"]}
    for config, n in expected.items():
        rows = load(export, config, tmp_path / "cache", monkeypatch)
        assert rows.num_rows == n
        declared = datasets.Features._from_yaml_list(infos[config]["features"])
        assert rows.features == declared
        assert infos[config]["splits"][0]["num_examples"] == n
        assert {r["split"] for r in rows} == (
            {"spatial", "control"} if config == "all" else {config}
        )


def test_rows_round_trip_to_samples_that_validate(
    export: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = load(export, "all", tmp_path / "cache", monkeypatch)
    back = [sample_of(dict(r)) for r in rows]
    shipped = {s.id: s for s in read_samples(shipped_path(), check=False)}
    assert sorted(s.id for s in back) == sorted(shipped)
    for sample in back:
        assert sample == shipped[sample.id]
    # written again, they load with the shipped file's checks (schema, BDDL, plan objects)
    again = tmp_path / "again.jsonl"
    again.write_text("".join(s.model_dump_json() + "\n" for s in back), encoding="utf-8")
    assert len(read_samples(again, check=True)) == 507
    # the flat columns agree with the sample they stand beside
    for row in list(rows)[::50]:
        sample = sample_of(dict(row))
        assert row["instruction"] == sample.instruction and row["goal"] == sample.goal
        assert [p["action"] for p in row["golden_plan"]] == [p.action for p in sample.golden_plan]
        assert json.loads(row["objects"]) == sample.model_dump(mode="json")["objects"]


def test_eval_yaml_and_card_sections(export: Path) -> None:
    spec = yaml.safe_load((export / "eval.yaml").read_text())
    assert [t["id"] for t in spec["tasks"]] == list(HF_TASKS)
    for task in spec["tasks"]:
        assert (task["config"], task["metric"]) == HF_TASKS[task["id"]]
    text = (export / "README.md").read_text()
    for heading in (
        "Description",
        "Structure",
        "Creation and validation",
        "Limitations",
        "Citation",
    ):
        assert f"\n## {heading}\n" in text
    assert "arXiv" in text  # says that no identifier is known rather than inventing one


def test_images_are_written_and_referenced(tmp_path: Path) -> None:
    shipped = load_samples()
    picked = shipped[:: max(1, len(shipped) // 3)][:3]  # a slice: rendering is the slow part
    source = tmp_path / "slice.jsonl"
    source.write_text("".join(s.model_dump_json() + "\n" for s in picked), encoding="utf-8")
    out = tmp_path / "repo"
    r = invoke("export-dataset", "--format", "hf", "--out", out, "--file", source)
    assert r.exit_code == 0, r.output
    rows = [
        json.loads(line)
        for name in ("spatial", "control")
        for line in (out / "data" / f"{name}.jsonl").read_text().splitlines()
    ]
    assert len(rows) == len(picked)
    from PIL import Image

    for row in rows:
        path = out / row["image"]
        assert row["image"] == f"images/{row['id']}.png" and path.is_file()
        with Image.open(path) as image:
            assert image.format == "PNG" and min(image.size) > 100
    assert "images/" in (out / "README.md").read_text()
