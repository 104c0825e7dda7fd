"""The dataset as a Hugging Face dataset repository (``saferelbench export-dataset --format hf``).

Layout written under ``OUT``::

    README.md             the dataset card: YAML front matter (license, task categories, size
                          category, configs with the data files of each split, features) and
                          the card's prose sections
    data/spatial.jsonl    one row per spatial-relation sample
    data/control.jsonl    one row per control sample

The card has three configurations, ``spatial``, ``control`` and ``all`` (the default: both
files), each with one split, ``test`` (the benchmark has no training data; ``all`` cannot be a
split name in the ``datasets`` library, where it means every split).
    images/<id>.png       each sample's initial observation (optional; rendered by the caller)
    eval.yaml             how results on this dataset are produced and which tasks they report

Each row keeps the sample whole (``sample``: its JSON line, byte for byte as in the shipped
file, so a reader rebuilds the :class:`~saferelbench.dataset.sample.Sample` exactly), beside
flat columns a dataset viewer can show. Nested parts whose keys vary per sample (objects,
conditions, labels) are JSON text, so every row has the same features.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from saferelbench.dataset.sample import DATASET_VERSION, SCHEMA_VERSION, Sample

__all__ = [
    "DEFAULT_DATASET_ID",
    "FEATURES",
    "HF_SPLIT",
    "HF_SPLITS",
    "HF_TASKS",
    "ImageSource",
    "card_text",
    "eval_yaml_text",
    "row_of",
    "sample_of",
    "size_category",
    "write_hf_dataset",
]

#: The Hub id the export is meant to be published under (``--dataset-id`` names another).
DEFAULT_DATASET_ID = "saferelbench/saferelbench"
#: The split of every configuration (evaluation data only).
HF_SPLIT = "test"
#: The card's configurations (one per split of the benchmark) and the data files each reads.
HF_SPLITS: dict[str, tuple[str, ...]] = {
    "spatial": ("data/spatial.jsonl",),
    "control": ("data/control.jsonl",),
    "all": ("data/spatial.jsonl", "data/control.jsonl"),
}
#: The tasks results are reported for: task id -> (split, metric of the run summary).
HF_TASKS: dict[str, tuple[str, str]] = {
    f"{metric.lower()}_{split}": (split, metric)
    for split in ("spatial", "control", "all")
    for metric in ("SSR", "SR", "SRec")
}
#: Renders a sample's initial observation as PNG bytes.
ImageSource = Callable[[Sample], bytes]

#: The row's columns and their features, in the card's ``dataset_info`` form.
FEATURES: list[dict[str, Any]] = [
    {"name": "id", "dtype": "string"},
    {"name": "split", "dtype": "string"},
    {"name": "relation", "dtype": "string"},
    {"name": "risk", "dtype": "string"},
    {"name": "pair_id", "dtype": "string"},
    {"name": "control_index", "dtype": "int32"},
    {"name": "dataset_version", "dtype": "int32"},
    {"name": "room", "dtype": "string"},
    {"name": "template", "dtype": "string"},
    {"name": "variant", "dtype": "string"},
    {"name": "instruction", "dtype": "string"},
    {"name": "scene_description", "dtype": "string"},
    {"name": "initial_setup", "list": "string"},
    {"name": "goal_text", "list": "string"},
    {"name": "goal", "dtype": "string"},
    {"name": "init", "list": "string"},
    {
        "name": "golden_plan",
        "list": [{"name": "action", "dtype": "string"}, {"name": "caution", "dtype": "string"}],
    },
    {
        "name": "naive_plan",
        "list": [{"name": "action", "dtype": "string"}, {"name": "caution", "dtype": "string"}],
    },
    {"name": "objects", "dtype": "string"},
    {"name": "process_conditions", "dtype": "string"},
    {"name": "termination_conditions", "dtype": "string"},
    {"name": "hazards", "dtype": "string"},
    {"name": "distractors", "dtype": "string"},
    {"name": "image", "dtype": "string"},
    {"name": "sample", "dtype": "string"},
]
_JSON_COLUMNS = (
    "objects",
    "process_conditions",
    "termination_conditions",
    "hazards",
    "distractors",
)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def row_of(sample: Sample, image: str | None) -> dict[str, Any]:
    """One row of the export (keys as :data:`FEATURES`)."""
    data = sample.model_dump(mode="json")
    row: dict[str, Any] = {
        "id": sample.id,
        "split": sample.split,
        "relation": sample.relation,
        "risk": sample.risk,
        "pair_id": sample.pair_id,
        "control_index": data.get("control_index"),
        "dataset_version": data.get("dataset_version"),
        "room": sample.room,
        "template": data.get("template"),
        "variant": data.get("variant"),
        "instruction": sample.instruction,
        "scene_description": data.get("scene_description"),
        "initial_setup": list(data.get("initial_setup") or []),
        "goal_text": list(data.get("goal_text") or []),
        "goal": sample.goal,
        "init": list(data.get("init") or []),
        "golden_plan": [
            {"action": s["action"], "caution": s.get("caution")} for s in data["golden_plan"]
        ],
        "naive_plan": [
            {"action": s["action"], "caution": s.get("caution")}
            for s in data.get("naive_plan") or []
        ],
        **{name: _json(data.get(name)) for name in _JSON_COLUMNS},
        "image": image,
        "sample": sample.model_dump_json(),
    }
    return row


def sample_of(row: dict[str, Any]) -> Sample:
    """The sample a row holds (its ``sample`` column)."""
    return Sample.model_validate_json(row["sample"])


def size_category(n: int) -> str:
    """The Hub's size category of ``n`` rows."""
    for bound, name in ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K")):
        if n < bound:
            return name
    return "100K<n<1M"


def _yaml(data: Any) -> str:
    import yaml

    return str(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100))


def card_text(
    samples: Sequence[Sample],
    *,
    images: bool,
    dataset_id: str,
    sizes: dict[str, int] | None = None,
) -> str:
    """The dataset card: front matter and prose (``sizes``: bytes per data file)."""
    counts = {
        split: sum(1 for s in samples if s.split == split) for split in ("spatial", "control")
    }
    counts["all"] = len(samples)
    front = {
        "license": "mit",
        "pretty_name": "SafeRelBench",
        "language": ["en"],
        "task_categories": ["robotics", "image-text-to-text"],
        "tags": ["embodied-ai", "safety", "spatial-reasoning", "household-robots", "benchmark"],
        "size_categories": [size_category(len(samples))],
        "configs": [
            {
                "config_name": name,
                "data_files": [
                    {"split": HF_SPLIT, "path": list(files) if len(files) > 1 else files[0]}
                ],
                **({"default": True} if name == "all" else {}),
            }
            for name, files in HF_SPLITS.items()
        ],
        "dataset_info": [
            {
                "config_name": name,
                "features": FEATURES,
                "splits": [
                    {
                        "name": HF_SPLIT,
                        "num_bytes": sum((sizes or {}).get(f, 0) for f in files),
                        "num_examples": counts[name],
                    }
                ],
            }
            for name, files in HF_SPLITS.items()
        ],
    }
    relations = sorted({s.relation for s in samples if s.relation})
    risks = sorted({s.risk for s in samples if s.risk})
    image_line = (
        "`image` is the path of the sample's initial observation (a PNG under `images/`, drawn by "
        "the benchmark's renderer with instance-name labels)."
        if images
        else "`image` is empty: this export was written without observation images "
        "(`--no-images`); the benchmark draws them from the sample."
    )
    prose = f"""
# SafeRelBench

## Description

SafeRelBench measures whether a robot agent driven by a vision-language model stays safe *while*
it acts in a household, not only whether it finishes the task. Each sample is an executable
household task in a symbolic simulator: a scene, an instruction, a goal, and process-level
safety conditions that must hold before a risk-prone action (unload a surface before moving it,
keep things that burn away from a running heat source). The relations: {", ".join(relations)};
the risk types: {", ".join(risks)}.

{counts["spatial"]} samples set up a spatial-relation risk; {counts["control"]} matched controls
are the same scene with the hazard object moved to a harmless place, so the difference between
the two splits measures the relation alone. Dataset version {DATASET_VERSION}, sample schema
{SCHEMA_VERSION}.

## Structure

Configurations: `spatial` ({counts["spatial"]} rows), `control` ({counts["control"]} rows) and
`all` (both, {counts["all"]} rows; the default), each with the one split `test`. Each row is one sample: its id, split, relation, risk, pair id
(a control points at its spatial sample), room, instruction, the BDDL goal and initial atoms,
the golden (safe) and naive plans as actions with their cautions, and, as JSON text, the
objects with their states, the process and termination conditions, and the labels of the
hazard objects and distractors. `sample` holds the whole sample as the benchmark reads it
(one JSON object). {image_line}

```python
from datasets import load_dataset

rows = load_dataset("{dataset_id}", "spatial", split="{HF_SPLIT}")
```

## Creation and validation

The samples are generated by seeded scene templates (the shipped file is seed 507, rebuilt
byte for byte by `saferelbench build-dataset --seed 507`). Every sample is validated in the
simulator: it loads and its BDDL parses, its golden plan reaches the goal safely, its naive
plan violates a safety condition (spatial samples), a control keeps every relation condition
of its spatial sample, and the annotated conditions agree with the simulator's hazards. The
instructions, cautions and conditions are written by templates, not by people.

## How results are produced

Agents act step by step in the simulator (closed loop); each step is checked against the
process conditions and the simulator's hazards. Metrics: SR (task success rate), SSR (safe
success rate: the task done and no condition violated) and SRec (SSR / SR), on each split.
`eval.yaml` names the tasks results are reported for; the benchmark's `saferelbench verify`
checks a recorded run by replaying it in the simulator before its figures are exported.

## Limitations

The world is symbolic: objects, relations and states, no geometry, friction or dynamics; a
hazard is what the simulator's rules say it is. Scenes are built from templates, so phrasing
and layouts repeat within a family. The observation images are schematic drawings, not
photographs. English only.

## Citation

SafeRelBench: A Spatial-Relation-Aware Benchmark for Process-Level Safety in VLM-Driven
Embodied Agents. Huaigang Yang, Ya Li, Min Ren, Bo Dai, Zhenliang Zhang, Zhaofeng He.
No arXiv identifier is known for the paper yet.

```bibtex
@misc{{saferelbench,
  title  = {{SafeRelBench: A Spatial-Relation-Aware Benchmark for Process-Level Safety in
            VLM-Driven Embodied Agents}},
  author = {{Yang, Huaigang and Li, Ya and Ren, Min and Dai, Bo and Zhang, Zhenliang and
            He, Zhaofeng}}
}}
```
"""
    return "---\n" + _yaml(front) + "---\n" + prose


def eval_yaml_text(*, dataset_id: str, evaluation_version: str) -> str:
    """The dataset repository's ``eval.yaml``: how results on it are produced."""
    data = {
        "name": "SafeRelBench",
        "description": "Closed-loop, step-level safety evaluation of embodied agents in a "
        "symbolic household simulator: SR, SSR and SRec on the spatial-relation samples and "
        "their matched controls.",
        "dataset": dataset_id,
        "evaluation_framework": "inspect-ai",
        "evaluation_version": evaluation_version,
        "dataset_version": DATASET_VERSION,
        "run": "inspect eval saferelbench/saferelbench --model MODEL "
        "(or: saferelbench run --model MODEL --out RUN); saferelbench verify RUN "
        "--hf-results RESULTS.yaml writes the results entries",
        "tasks": [
            {
                "id": task_id,
                "config": split,
                "split": HF_SPLIT,
                "metric": metric,
                "higher_is_better": True,
            }
            for task_id, (split, metric) in HF_TASKS.items()
        ],
    }
    return _yaml(data)


def write_hf_dataset(
    samples: Sequence[Sample],
    out: Path,
    *,
    image_source: ImageSource | None = None,
    dataset_id: str = DEFAULT_DATASET_ID,
    evaluation_version: str,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, int]:
    """Write the dataset repository under ``out``; return the rows per split file."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "data").mkdir(exist_ok=True)
    files = {"spatial": out / "data" / "spatial.jsonl", "control": out / "data" / "control.jsonl"}
    lines: dict[str, list[str]] = {name: [] for name in files}
    for i, sample in enumerate(samples, start=1):
        image = None
        if image_source is not None:
            image = f"images/{sample.id}.png"
            path = out / image
            path.parent.mkdir(exist_ok=True)
            path.write_bytes(image_source(sample))
        split = "spatial" if sample.split == "spatial" else "control"
        lines[split].append(json.dumps(row_of(sample, image), ensure_ascii=False) + "\n")
        if progress is not None:
            progress(i, len(samples))
    sizes: dict[str, int] = {}
    for name, path in files.items():
        text = "".join(lines[name])
        path.write_text(text, encoding="utf-8")
        sizes[f"data/{path.name}"] = len(text.encode("utf-8"))
    (out / "README.md").write_text(
        card_text(samples, images=image_source is not None, dataset_id=dataset_id, sizes=sizes),
        encoding="utf-8",
    )
    (out / "eval.yaml").write_text(
        eval_yaml_text(dataset_id=dataset_id, evaluation_version=evaluation_version),
        encoding="utf-8",
    )
    return {name: len(rows) for name, rows in lines.items()}
