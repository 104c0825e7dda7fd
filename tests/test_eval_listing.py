"""The inspect_evals register listing (``eval.yaml`` at the repository root) agrees with the
Inspect task it lists: its name, version, arguments with their defaults, and sample counts."""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import pytest
import yaml

from saferelbench.harness.versions import EVALUATION_VERSION

ROOT = Path(__file__).resolve().parent.parent
LISTING = ROOT / "eval.yaml"


@pytest.fixture(scope="module")
def listing() -> dict[str, Any]:
    data = yaml.safe_load(LISTING.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_the_listing_has_the_registers_fields(listing: dict[str, Any]) -> None:
    for key in ("title", "description", "arxiv", "group", "version", "tasks", "tags"):
        assert key in listing, f"eval.yaml: field {key!r} missing"
    assert listing["title"].startswith("SafeRelBench")
    assert listing["arxiv"] is None  # none is known: not invented
    assert "dependency" in listing


def test_the_listed_tasks_are_the_registered_ones(listing: dict[str, Any]) -> None:
    from saferelbench.inspect_adapter import registry

    registered = sorted(
        name
        for name, value in vars(registry).items()
        if callable(value)
        and getattr(value, "__registry_info__", None) is not None
        and "task" in str(value.__registry_info__.type)
    )
    assert [t["name"] for t in listing["tasks"]] == registered
    assert registered == ["saferelbench", "saferelbench_probe"]


def test_version_and_sample_counts_match_the_task(listing: dict[str, Any]) -> None:
    from saferelbench.inspect_adapter.task import saferelbench

    assert listing["version"] == EVALUATION_VERSION
    default = saferelbench()
    assert default.version == EVALUATION_VERSION
    task = next(t for t in listing["tasks"] if t["name"] == "saferelbench")
    assert task["dataset_samples"] == len(default.dataset)
    for split, n in listing["metadata"]["split_samples"].items():
        assert len(saferelbench(split=split).dataset) == n, f"eval.yaml: split {split}"


def test_the_listed_parameters_are_the_tasks(listing: dict[str, Any]) -> None:
    from saferelbench.inspect_adapter.task import saferelbench

    real = {
        name: parameter.default
        for name, parameter in inspect.signature(saferelbench).parameters.items()
    }
    listed = listing["metadata"]["task_parameters"]
    assert set(real) - set(listed) == set(), "eval.yaml: task arguments not listed"
    assert set(listed) - set(real) == set(), "eval.yaml: listed arguments the task lacks"
    for name, default in real.items():
        assert listed[name] == default, (
            f"eval.yaml: {name}: default {listed[name]!r} != {default!r}"
        )
    assert (ROOT / listing["metadata"]["task_file"]).is_file()


def test_the_readmes_evaluation_report_is_the_scripts_output() -> None:
    """The README's table of the built-in agents is what benchmarks/bench_eval_report.py wrote
    to benchmarks/results/eval_report.json (no figure typed by hand), every run verified."""
    import importlib.util
    import json

    path = ROOT / "benchmarks" / "bench_eval_report.py"
    spec = importlib.util.spec_from_file_location("bench_eval_report", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    recorded = json.loads((ROOT / "benchmarks" / "results" / "eval_report.json").read_text())
    assert all(row["verified"] for row in recorded["agents"])
    assert recorded["versions"]["evaluation_version"] == EVALUATION_VERSION
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert module.markdown(recorded["agents"]) in readme
    assert f"--every {recorded['every']}" in readme


def test_the_probe_task_is_listed_with_its_question_count(listing: dict[str, Any]) -> None:
    from saferelbench.inspect_adapter.probe import PROBE_VERSION, saferelbench_probe

    probe = saferelbench_probe()
    assert probe.version == PROBE_VERSION
    task = next(t for t in listing["tasks"] if t["name"] == "saferelbench_probe")
    assert task["dataset_samples"] == len(probe.dataset)
