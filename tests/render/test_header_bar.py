"""The dark header bar is drawn only when it says something (a title or a hazard): the agent's
own view has no empty bar across its top."""

from __future__ import annotations

from PIL import Image

from saferelbench.dataset.store import load_samples
from saferelbench.render import render
from saferelbench.render.renderer import HEADER
from saferelbench.world.scene_builder import build_world


def _top_row_has_header(img: Image.Image) -> bool:
    pixels = img.convert("RGB")
    width = pixels.size[0]
    return all(pixels.getpixel((x, 2)) == HEADER for x in range(0, width, 97))


def test_no_title_and_no_hazard_draws_no_bar() -> None:
    sample = load_samples()[0]
    world = build_world(sample)
    plain = render(world.scene, world.initial)
    titled = render(world.scene, world.initial, title="step 1")
    assert not _top_row_has_header(plain.image)
    assert _top_row_has_header(titled.image)
