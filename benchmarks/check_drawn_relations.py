"""Drawn relations against the world's, on every image of a dataset.

For every sample: the initial image and the image after every step of the golden, the naive and
the oracle plan (the safe planner's plan from the initial state), each step's image drawn on its
own and in the plan's steady frames (as the agent is shown it). Each image is read back with
:func:`saferelbench.render.reading.relation_errors` (what each thing rests on, what is inside
what, what is next to what, both ways, and whether every base shows) and counted with the
geometric "looks on top of" check (:func:`saferelbench.render.reading.looks_on_top`).

    .venv/bin/python benchmarks/check_drawn_relations.py                 # the shipped file
    .venv/bin/python benchmarks/check_drawn_relations.py --seed 2027     # a fresh build
    .venv/bin/python benchmarks/check_drawn_relations.py --every 8 --no-oracle

Exits 1 when any image disagrees with its state; ``--json`` writes the figures.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from saferelbench.agents.planner import Planner
from saferelbench.dataset.sample import Sample
from saferelbench.render import render
from saferelbench.render.reading import looks_on_top, relation_errors
from saferelbench.render.steady import SteadyFrames
from saferelbench.world.rollout import run_actions
from saferelbench.world.scene_builder import build_world
from saferelbench.world.state import Scene, State


def states_of(sample: Sample, oracle: bool) -> Iterator[tuple[str, Scene, State]]:
    """The initial state and the state after every step of each plan, with a label."""
    world = build_world(sample)
    yield "initial", world.scene, world.initial
    plans = {
        "golden": [p.action for p in sample.golden_plan],
        "naive": [p.action for p in sample.naive_plan],
    }
    if oracle:
        plan = Planner(sample, world.scene, initial=world.initial).plan(world.initial)
        plans["oracle"] = list(plan.actions) if plan.ok else []
    for name, actions in plans.items():
        trajectory, _ = run_actions(world, actions)
        for i, step in enumerate(trajectory.steps, start=1):
            yield f"{name} {i} {step.action}", world.scene, step.after


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--file", type=Path, help="samples file (default: the shipped one)")
    ap.add_argument("--seed", type=int, help="build a fresh dataset with this seed instead")
    ap.add_argument("--every", type=int, default=1, help="every n-th sample only")
    ap.add_argument("--no-oracle", action="store_true", help="skip the oracle plans")
    ap.add_argument("--json", type=Path, help="write the figures here")
    args = ap.parse_args()
    if args.seed is not None:
        from saferelbench.dataset.pipeline import build_dataset

        samples = build_dataset(seed=args.seed)
    else:
        from saferelbench.dataset.store import load_samples, read_samples

        samples = read_samples(args.file) if args.file else load_samples()
    samples = samples[:: args.every]
    images = 0
    images_wrong = 0
    wrong: dict[str, list[str]] = {}
    kinds: Counter[str] = Counter()
    on_top = 0
    for n, sample in enumerate(samples, start=1):
        chains: dict[str, SteadyFrames] = {}
        initial: State | None = None
        for label, scene, state in states_of(sample, not args.no_oracle):
            drawn = [(label, render(scene, state, size=(1024, 768)))]
            plan = label.split(" ", 1)[0]
            if initial is None:
                initial = state
            else:  # and as the agent is shown it: in the plan's steady frames
                if plan not in chains:
                    chains[plan] = SteadyFrames(scene, initial)
                    chains[plan].draw(initial)
                drawn.append((f"{label} (steady)", chains[plan].draw(state)))
            for how, r in drawn:
                images += 1
                errors = relation_errors(scene, state, r)
                on_top += len(looks_on_top(r, state))
                images_wrong += bool(errors)
                for e in errors:
                    kinds[_kind(e)] += 1
                    wrong.setdefault(sample.id, []).append(f"{how}: {e}")
        if n % 50 == 0:
            print(f"  {n}/{len(samples)} samples, {images} images", file=sys.stderr)
    figures = {
        "samples": len(samples),
        "images": images,
        "images_wrong": images_wrong,
        "samples_wrong": len(wrong),
        "looks_on_top": on_top,
        "errors_by_kind": dict(kinds.most_common()),
    }
    print(json.dumps(figures, indent=1))
    for sid, errs in sorted(wrong.items())[:30]:
        print(f"{sid}: {errs[0]}")
    if args.json:
        args.json.write_text(json.dumps({**figures, "wrong": wrong}, indent=1) + "\n")
    return 1 if wrong or on_top else 0


def _kind(error: str) -> str:
    for key in ("reads as", "looks on top", "base is hidden", "are next to", "are not next"):
        if key in error:
            return key
    return "other"


if __name__ == "__main__":
    sys.exit(main())
