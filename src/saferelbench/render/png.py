"""Fast, deterministic PNG encoding of the renderer's RGB frames.

Pillow's PNG writer tries every row filter on every row before compressing, which costs about
twice as much as the compression itself on a 1024x768 frame (~9 ms). Schematic frames are made
of large flat areas, for which the "Up" filter (each row minus the row above) alone gives
the same file size. This writer applies that one filter in one numpy pass over the frame's
bytes and compresses the rows with zlib-ng's deflate (``zlib-ng``, level :data:`LEVEL`) when
it is installed: a valid zlib stream, several times cheaper in CPU than zlib's own at a like
size. Without ``zlib-ng`` it falls back to zlib (the same pixels, slower).

The bytes, not only the pixels, are a function of the frame: a model's response cache keys
its entries by the image, so a frame drawn again in another process (a worker, a re-run)
must come out byte for byte the same. ISA-L's deflate, used before, did not promise that:
about one process in thirty compressed some frames into other (equally valid) streams
(``benchmarks/check_png_determinism.py``). Both compressors release the GIL while they
compress, so frames encoded in worker threads run in parallel.
"""

from __future__ import annotations

import struct
import zlib
from types import ModuleType

import numpy as np
from PIL import Image

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
FILTER_UP = 2
#: the deflate level: zlib-ng's level 2 makes these frames about 40 % smaller than its
#: level 1 (its quick strategy) for about a quarter more CPU; zlib level 1 is its fastest
LEVEL = 2
ZLIB_LEVEL = 1


def _deflater() -> tuple[ModuleType, int]:
    """zlib-ng's zlib-compatible module and :data:`LEVEL` if installed, else zlib and
    :data:`ZLIB_LEVEL`."""
    try:
        from zlib_ng import zlib_ng
    except ImportError:  # pragma: no cover - zlib-ng is a dependency; zlib keeps PNGs working
        return zlib, ZLIB_LEVEL
    return zlib_ng, LEVEL


_DEFLATE, _DEFLATE_LEVEL = _deflater()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def rgb_bytes(image: Image.Image) -> bytes | memoryview:
    """The pixels of an RGB image packed three bytes a pixel, row by row: what
    ``image.tobytes()`` gives, packed by Pillow's raw encoder in one call instead of
    64 KB pieces joined afterwards (about half the CPU on a 1024x768 frame). Falls back
    to ``tobytes()`` should the encoder not finish in one call."""
    width, height = image.size
    size = 3 * width * height
    try:
        encoder = Image._getencoder(image.mode, "raw", (image.mode, 0, 1))
        encoder.setimage(image.im, (0, 0, width, height))
        length, status, data = encoder.encode(size)
    except (AttributeError, TypeError, ValueError):  # pragma: no cover - another Pillow
        return image.tobytes()
    if status != 1 or length != size:  # pragma: no cover - not done in one call
        return image.tobytes()
    return memoryview(data)[:length]


def up_filtered_rows(image: Image.Image) -> np.ndarray:
    """The PNG scanlines of an RGB image with the "Up" filter: one row per image row, its
    first byte the filter type, then each byte minus the byte above it (modulo 256; the first
    row is kept as it is)."""
    width, height = image.size
    stride = 3 * width
    pixels = np.frombuffer(rgb_bytes(image), dtype=np.uint8).reshape(height, stride)
    rows = np.empty((height, stride + 1), dtype=np.uint8)
    rows[:, 0] = FILTER_UP
    rows[0, 1:] = pixels[0]
    np.subtract(pixels[1:], pixels[:-1], out=rows[1:, 1:])
    return rows


def encode_png(image: Image.Image) -> bytes:
    """The image as PNG bytes (8-bit RGB, no metadata). Other modes go through Pillow."""
    if image.mode != "RGB" or image.width == 0 or image.height == 0:
        import io

        buf = io.BytesIO()
        image.save(buf, format="PNG", compress_level=ZLIB_LEVEL)
        return buf.getvalue()
    width, height = image.size
    data = _DEFLATE.compress(up_filtered_rows(image), _DEFLATE_LEVEL)
    # 8-bit samples, colour type 2 (truecolour), deflate, adaptive filtering, no interlace
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return PNG_SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", data) + _chunk(b"IEND", b"")
