"""Images that tell the truth about proximity: in every sample's initial image, the objects
the world has next to each other (``nextto``, derived from places and anchors) are drawn
touching, and no other pair of objects is (issue 11, point 5).

Runs over the shipped file and over a dataset freshly built with another seed, whatever
samples they hold (no fixed ids)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import lru_cache

import pytest

from saferelbench.dataset.pipeline import build_dataset
from saferelbench.dataset.sample import Sample
from saferelbench.dataset.store import load_samples
from saferelbench.render import render
from saferelbench.render.geometry import Box
from saferelbench.world.scene_builder import build_world
from saferelbench.world.state import State
from tests.render.proximity_check import APART, proximity_errors
from tests.render.scenes import on, scene_of


@lru_cache(maxsize=1)
def _fresh() -> tuple[Sample, ...]:
    return tuple(build_dataset(seed=2))


def _errors(samples: Iterable[Sample]) -> tuple[int, dict[str, list[str]]]:
    """How many samples have proximity to check, and the errors of each failing one."""
    out: dict[str, list[str]] = {}
    with_pairs = 0
    for s in samples:
        world = build_world(s)
        with_pairs += bool(world.initial.nextto)
        r = render(world.scene, world.initial, size=(1024, 768), labels=False)  # same boxes
        errors = proximity_errors(world.scene, world.initial, r)
        if errors:
            out[s.id] = errors
    return with_pairs, out


@pytest.mark.slow
@pytest.mark.parametrize("which", ["shipped", "fresh"])
def test_every_initial_image_draws_exactly_the_worlds_proximity(which: str) -> None:
    samples = load_samples() if which == "shipped" else list(_fresh())
    assert len(samples) > 400
    with_pairs, errors = _errors(samples)
    assert with_pairs > 100  # the datasets do have proximity to check
    assert not errors, "\n".join(f"{sid}: {e[0]}" for sid, e in sorted(errors.items())[:20])


def test_small_image_keeps_the_geometry() -> None:
    samples = [s for s in load_samples(relation="proximity")][:40]
    for s in samples:
        world = build_world(s)
        r = render(world.scene, world.initial, size=(512, 384))
        assert not proximity_errors(world.scene, world.initial, r), s.id


def test_the_check_catches_a_drawing_that_contradicts_the_world() -> None:
    names = ["countertop.n.01_1", "floor.n.01_1", "apple.n.01_1", "mug.n.04_1", "bowl.n.01_1"]
    scene = scene_of(names)
    state = State.build(
        [on(n, "countertop.n.01_1") for n in names[2:]], nextto=[("apple.n.01_1", "mug.n.04_1")]
    )
    good = render(scene, state)
    assert proximity_errors(scene, state, good) == []
    boxes = dict(good.layout)
    apple, mug, bowl = (boxes[n] for n in ("apple.n.01_1", "mug.n.04_1", "bowl.n.01_1"))
    # the apple drawn away from the mug it stands next to
    far = dict(
        boxes, **{"apple.n.01_1": Box(mug.x1 + 40, apple.y0, mug.x1 + 40 + apple.w, apple.y1)}
    )
    errors = proximity_errors(scene, state, replace(good, layout=far))
    assert any("apple.n.01_1 and mug.n.04_1 are next to each other" in e for e in errors)
    # the bowl drawn touching the mug although they are not next to each other
    near = dict(boxes, **{"bowl.n.01_1": Box(mug.x1 + APART - 1, bowl.y0, mug.x1 + 60, bowl.y1)})
    errors = proximity_errors(scene, state, replace(good, layout=near))
    assert any("bowl.n.01_1 and mug.n.04_1 are not next to each other" in e for e in errors)


@pytest.mark.slow
def test_dataset_images_are_byte_identical_in_a_fresh_interpreter() -> None:
    """Split counters and clusters are laid out deterministically (no set or hash order)."""
    import hashlib
    import subprocess
    import sys

    code = (
        "import hashlib; from saferelbench.dataset.store import load_samples;"
        "from saferelbench.world.scene_builder import build_world; from saferelbench.render import render;"
        "h = hashlib.sha256();"
        "[h.update(render(w.scene, w.initial).png_bytes()) for w in"
        " (build_world(s) for s in load_samples(relation='proximity')[:12])];"
        "print(h.hexdigest())"
    )
    here = hashlib.sha256()
    for s in load_samples(relation="proximity")[:12]:
        w = build_world(s)
        here.update(render(w.scene, w.initial).png_bytes())
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == here.hexdigest()


@pytest.mark.slow
def test_images_after_every_step_of_the_plans_draw_the_worlds_proximity() -> None:
    """Not only the initial scene: after each step of the golden and the naive plan (things
    moved, fallen, put back) the picture still agrees with the derived ``nextto``."""
    from saferelbench.world.rollout import run_actions

    checked = 0
    for s in load_samples()[::10]:
        world = build_world(s)
        for plan in (s.golden_plan, s.naive_plan):
            trajectory, _ = run_actions(world, [p.action for p in plan])
            for step in trajectory.steps:
                r = render(world.scene, step.after, labels=False)  # the tags move no box
                errors = proximity_errors(world.scene, step.after, r)
                assert not errors, f"{s.id} after {step.action}: {errors[0]}"
                checked += 1
    assert checked > 300
