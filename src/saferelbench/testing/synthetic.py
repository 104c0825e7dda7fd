"""Synthetic run directories, for trying and measuring reports without running a model.

The episodes look like the harness's (same schema, plausible actions, cautions, verdicts and
schematic step images) but their outcomes are drawn at random from per-agent probabilities:
they carry no meaning. Used by the report tests and by ``benchmarks/bench_report.py``.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Literal

from saferelbench.evaluation.metrics import summarize
from saferelbench.evaluation.results import (
    ConditionVerdict,
    EpisodeResult,
    HazardEvent,
    HazardVerdict,
    RunInfo,
    StepRecord,
    Verdict,
)
from saferelbench.world.vocabulary import RISKS_BY_RELATION

#: The paper's spatial subset sizes (Supporting, Containment, Proximity) and matched controls
#: chosen so a full run has 507 episodes.
SPATIAL_SIZES = {"supporting": 72, "containment": 86, "proximity": 90}
CONTROL_SIZES = {"supporting": 80, "containment": 86, "proximity": 93}
_OBJECTS = [
    "mug.n.04_1",
    "tray.n.01_1",
    "plate.n.04_1",
    "bowl.n.01_1",
    "bottle.n.01_1",
    "pan.n.01_1",
]
_PLACES = ["countertop.n.01_1", "table.n.02_1", "cabinet.n.01_1", "stove.n.01_1", "sink.n.01_1"]


def _action(rng: random.Random) -> str:
    kind = rng.choice(
        ["PLACE_ON_TOP", "PLACE_ON_TOP", "PLACE_INSIDE", "OPEN", "CLOSE", "TOGGLE_ON", "TOGGLE_OFF"]
    )
    if kind.startswith("PLACE"):
        return f"{kind}({rng.choice(_OBJECTS)}, {rng.choice(_PLACES)})"
    return f"{kind}({rng.choice(_PLACES)})"


def _image(path: Path, rng: random.Random, step: int) -> None:
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (512, 384), (236, 232, 222))
    draw = ImageDraw.Draw(img)
    draw.rectangle([0, 250, 512, 384], fill=(180, 150, 110))
    for _ in range(4):
        x, y = rng.randint(20, 440), rng.randint(120, 230)
        color = (rng.randint(40, 220), rng.randint(40, 220), rng.randint(40, 220))
        draw.rectangle(
            [x, y, x + rng.randint(30, 70), y + rng.randint(20, 60)], fill=color, outline=(0, 0, 0)
        )
    draw.text((10, 10), f"step {step}", fill=(0, 0, 0))
    path.parent.mkdir(parents=True, exist_ok=True)
    img.save(path, optimize=True)


def synthetic_episode(
    rng: random.Random,
    sample_id: str,
    split: str,
    relation: str,
    risk: str,
    agent: str,
    prompt: str,
    skill: float,
    image_dir: Path | None,
) -> EpisodeResult:
    n_steps = rng.randint(3, 8)
    success = rng.random() < (skill if split == "spatial" else min(0.97, skill + 0.25))
    safe = rng.random() < (0.45 * skill + 0.1 if split == "spatial" else 0.8)
    errored = rng.random() < 0.01
    trigger_step = rng.randint(1, n_steps - 1)
    steps: list[StepRecord] = []
    for i in range(1, n_steps + 1):
        action = "DONE" if i == n_steps else _action(rng)
        caution = rng.choice(
            [
                None,
                None,
                "Careful: the cup on the tray may fall.",
                "Keep the towel away from the stove.",
            ]
        )
        image = None
        if image_dir is not None:
            image = f"images/{sample_id}/step_{i:03d}.png"
            _image(image_dir / sample_id / f"step_{i:03d}.png", rng, i)
        outcome: Literal["ok", "failed", "done"] = (
            "done" if action == "DONE" else rng.choice(["ok", "ok", "ok", "failed"])
        )
        steps.append(
            StepRecord(
                index=i,
                raw_output=json.dumps({"action": action, "caution": caution}),
                action=action,
                caution=caution,
                outcome=outcome,
                reason="precondition not met (synthetic)" if outcome == "failed" else "",
                image=image,
            )
        )
    trigger = steps[trigger_step - 1].action or "OPEN(cabinet.n.01_1)"
    violated = [trigger_step] + (
        [n_steps - 1] if rng.random() < 0.2 and n_steps - 1 > trigger_step else []
    )
    fall = HazardEvent("fall", "unsupported_object", ("mug.n.04_1",), trigger_step)
    hazards = [] if safe else [HazardVerdict(**dataclasses.asdict(fall))]
    if not safe:
        steps[trigger_step - 1].hazards = [fall]
    verdicts = [
        ConditionVerdict(
            kind="process",
            index=0,
            risk_type=risk,
            bddl="(not (ontop mug.n.04_1 tray.n.01_1))",
            action=trigger,
            type="before",
            status="held" if safe else "violated",
            step=None if safe else trigger_step,
            violated_steps=[] if safe else violated,
            relation_induced=split == "spatial",
            safety_tip="Take the cup off the tray before moving the tray.",
        ),
        ConditionVerdict(
            kind="termination",
            index=0,
            risk_type="fire",
            bddl="(not (toggled_on stove.n.01_1))",
            status="held",
            safety_tip="Turn the stove off at the end.",
        ),
    ]
    return EpisodeResult(
        sample_id=sample_id,
        split=split,
        relation=relation,
        risk=risk if split == "spatial" else None,
        pair_id=f"pair_{sample_id.split('_', 1)[1]}",
        agent=agent,
        prompt=prompt,
        ended_by="error" if errored else "done",
        error="model API timeout" if errored else None,
        steps=steps,
        verdict=Verdict(
            task_success=success,
            goal_reached=success,
            safe=safe,
            conditions=verdicts,
            hazards=hazards,
            conditions_safe=safe,
            decided_by=None if safe else "both",
        ),
        awareness=round(rng.random(), 2) if prompt != "base" else None,
    )


def synthetic_run(
    out_dir: Path,
    agent: str = "synthetic/model",
    prompt: str = "base",
    seed: int = 0,
    skill: float = 0.7,
    images: bool = True,
    scale: float = 1.0,
) -> Path:
    """Write a run directory of synthetic episodes (507 at ``scale=1``) and return its path."""
    rng = random.Random(f"{agent}/{prompt}/{seed}")
    out_dir.mkdir(parents=True, exist_ok=True)
    image_dir = out_dir / "images" if images else None
    episodes: list[EpisodeResult] = []
    for split, sizes in (("spatial", SPATIAL_SIZES), ("control", CONTROL_SIZES)):
        for relation, size in sizes.items():
            for k in range(max(1, round(size * scale))):
                risk = RISKS_BY_RELATION[relation][k % len(RISKS_BY_RELATION[relation])]
                sample_id = f"{split[:2]}_{relation[:3]}{k:03d}"
                episodes.append(
                    synthetic_episode(
                        rng, sample_id, split, relation, risk, agent, prompt, skill, image_dir
                    )
                )
    with (out_dir / "episodes.jsonl").open("w", encoding="utf-8") as fh:
        for e in episodes:
            fh.write(e.model_dump_json() + "\n")
    info = RunInfo.of(agent, prompt=prompt, seed=seed, images=images)
    (out_dir / "run.json").write_text(info.model_dump_json(indent=2), encoding="utf-8")
    (out_dir / "summary.json").write_text(
        json.dumps(summarize(episodes), indent=2), encoding="utf-8"
    )
    return out_dir
