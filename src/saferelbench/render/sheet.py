"""A contact sheet: several step images tiled in a grid, for a whole episode at a glance."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import Image, ImageDraw

from saferelbench.render.labels import font

BACKGROUND = (250, 250, 250)


def render_contact_sheet(
    images: Sequence[Image.Image],
    columns: int = 4,
    *,
    thumb_width: int = 320,
    captions: Sequence[str] | None = None,
) -> Image.Image:
    """Tile ``images`` left to right, top to bottom, ``columns`` per row, each scaled to
    ``thumb_width`` (aspect kept), with an optional caption under each."""
    if columns < 1:
        raise ValueError("columns must be >= 1")
    if not images:
        return Image.new("RGB", (thumb_width, 1), BACKGROUND)
    first = images[0]
    tw = thumb_width
    th = max(1, round(first.height * tw / first.width))
    cap_h = 18 if captions else 0
    pad = 6
    cols = min(columns, len(images))
    rows = math.ceil(len(images) / cols)
    sheet = Image.new("RGB", (cols * (tw + pad) + pad, rows * (th + cap_h + pad) + pad), BACKGROUND)
    d = ImageDraw.Draw(sheet)
    for i, img in enumerate(images):
        r, c = divmod(i, cols)
        x, y = pad + c * (tw + pad), pad + r * (th + cap_h + pad)
        sheet.paste(img.convert("RGB").resize((tw, th), Image.Resampling.BILINEAR), (x, y))
        if captions and i < len(captions):
            d.text((x + 2, y + th + 2), captions[i], fill=(30, 30, 30), font=font(13), anchor="lt")
    return sheet
