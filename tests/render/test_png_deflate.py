"""The PNG writer's two compressors (zlib-ng when installed, zlib otherwise) give valid files
with the frame's exact pixels, and the filtered rows are PNG's "Up" filter."""

from __future__ import annotations

import io
import zlib

import numpy as np
import pytest
from PIL import Image

from saferelbench.render import png, render
from tests.render.scenes import kitchen


def _pixels(data: bytes) -> bytes:
    img = Image.open(io.BytesIO(data))
    img.load()  # checks chunk CRCs and the zlib stream
    return img.convert("RGB").tobytes()


@pytest.mark.parametrize("fallback", [False, True])
def test_each_compressor_gives_the_frame_back(
    monkeypatch: pytest.MonkeyPatch, fallback: bool
) -> None:
    if fallback:
        monkeypatch.setattr(png, "_DEFLATE", zlib)
        monkeypatch.setattr(png, "_DEFLATE_LEVEL", png.ZLIB_LEVEL)
    scene, state = kitchen()
    image = render(scene, state).image
    data = png.encode_png(image)
    assert _pixels(data) == image.tobytes()
    assert png.encode_png(image.copy()) == data  # deterministic
    assert len(data) < 200_000


def test_up_filter_rows_by_hand() -> None:
    image = Image.frombytes(
        "RGB", (2, 3), bytes([10, 20, 30, 40, 50, 60, 5, 25, 35, 45, 55, 0] + [0] * 6)
    )
    rows = png.up_filtered_rows(image)
    assert rows.shape == (3, 7) and (rows[:, 0] == png.FILTER_UP).all()
    assert rows[0, 1:].tolist() == [10, 20, 30, 40, 50, 60]
    assert rows[1, 1:].tolist() == [251, 5, 5, 5, 5, 196]  # 5 - 10 wraps to 251
    assert (
        rows[2, 1:].tolist()
        == (np.array([0] * 6) - np.array([5, 25, 35, 45, 55, 0])).astype(np.uint8).tolist()
    )


@pytest.mark.parametrize("size", [(1, 1), (3, 2), (1024, 768), (517, 33)])
def test_the_packed_pixels_are_what_pillow_gives(size: tuple[int, int]) -> None:
    rng = np.random.default_rng(sum(size))
    image = Image.fromarray(rng.integers(0, 256, (size[1], size[0], 3), dtype=np.uint8), "RGB")
    assert bytes(png.rgb_bytes(image)) == image.tobytes()
    assert _pixels(png.encode_png(image)) == image.tobytes()
