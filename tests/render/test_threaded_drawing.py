"""Images drawn in several threads at once equal the images drawn one after another.

Inspect draws each sample's image in a worker thread, several samples at a time, and the
renderer keeps caches shared by every drawing (candidate tag places made on demand, leader
lines). A cache read while another thread extends it must not change what is drawn: the same
state gives the same bytes, or a response cache (``--cache``) misses and a run is not
reproducible."""

from __future__ import annotations

import hashlib
from concurrent.futures import ThreadPoolExecutor

import pytest

from saferelbench.dataset.store import load_samples
from saferelbench.render import labels
from saferelbench.render.steady import SteadyFrames
from saferelbench.world.rollout import run_actions
from saferelbench.world.scene_builder import build_world


def _episode(sample_id: str) -> list[str]:
    (sample,) = [s for s in load_samples() if s.id == sample_id]
    world = build_world(sample)
    steady = SteadyFrames(world.scene, world.initial)
    trajectory, _ = run_actions(world, [p.action for p in sample.golden_plan])
    states = [world.initial, *(step.after for step in trajectory.steps)]
    return [hashlib.sha1(bytes(steady.draw(s).png_bytes())).hexdigest() for s in states]


def _clear_caches() -> None:
    for name in dir(labels):
        clear = getattr(getattr(labels, name), "cache_clear", None)
        if clear is not None:
            clear()
    labels._LINES.clear()


@pytest.mark.slow
def test_images_drawn_in_threads_equal_images_drawn_in_turn() -> None:
    ids = [s.id for s in load_samples()[::40]]
    _clear_caches()
    alone = {i: _episode(i) for i in ids}
    for _ in range(2):
        _clear_caches()
        with ThreadPoolExecutor(max_workers=4) as pool:
            # every episode twice at once, so threads share the caches they fill
            together = list(pool.map(_episode, ids + ids))
        assert together == [alone[i] for i in ids + ids]
