"""The renderer's own PNG writer: exact pixels back, valid file, deterministic."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from saferelbench.render import render
from saferelbench.render.png import encode_png
from tests.render.scenes import kitchen


def _decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()  # checks chunk CRCs and the zlib stream
    return img


@pytest.mark.parametrize("size", [(1, 1), (3, 2), (1, 40), (257, 3)])
def test_random_pixels_round_trip(size: tuple[int, int]) -> None:
    rng = random.Random(size[0] * 1000 + size[1])
    img = Image.frombytes(
        "RGB", size, bytes(rng.randrange(256) for _ in range(3 * size[0] * size[1]))
    )
    back = _decode(encode_png(img))
    assert back.mode == "RGB" and back.size == size and back.tobytes() == img.tobytes()


def test_rendered_frame_round_trips_and_is_deterministic() -> None:
    scene, state = kitchen()
    r = render(scene, state)
    png = r.png_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert _decode(png).tobytes() == r.image.tobytes()
    assert encode_png(r.image.copy()) == png
    assert len(png) < 200_000  # compressed: the raw frame is 2.4 MB


def test_other_modes_fall_back_to_pillow() -> None:
    img = Image.new("RGBA", (4, 3), (1, 2, 3, 128))
    back = _decode(encode_png(img))
    assert back.mode == "RGBA" and back.tobytes() == img.tobytes()
