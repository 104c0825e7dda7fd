"""Name tags: every visible object carries its instance name, placed so tags do not overlap
each other or cover other objects, with a thin leader line when a tag had to move away.

Placement is greedy and deterministic: tags are placed in a fixed priority order (hazard
captions first, then items, then fixtures) at the first free candidate position.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from saferelbench.render.catalog import RGB
from saferelbench.render.geometry import Box, px

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@lru_cache(maxsize=16)
def font(size: int) -> Font:
    """Pillow's built-in scalable font (no download), cached per size."""
    return ImageFont.load_default(size=size)


@lru_cache(maxsize=4096)
def text_size(text: str, size: int) -> tuple[int, int]:
    x0, _, x1, _ = font(size).getbbox(text)
    return int(x1 - x0), size


@dataclass(frozen=True)
class Tag:
    text: str
    target: Box  #: the object the tag names
    below: bool = False  #: fixtures and floor items: tag goes into the floor band below
    exempt: tuple[Box, ...] = ()  #: obstacles the tag may cover (what holds its object)
    fg: RGB = (20, 20, 24)
    bg: RGB = (255, 255, 255)
    border: RGB = (110, 110, 110)


@dataclass(frozen=True)
class PlacedTag:
    tag: Tag
    box: Box
    leader: bool


def _candidates(
    tag: Tag, tw: int, th: int, width: int, height: int, top: int, pad: int
) -> Iterator[Box]:
    """Candidate tag boxes, best first (generated lazily: most tags take the first)."""
    t = tag.target
    bw, bh = tw + 2 * pad, th + 2 * pad

    def at(x: float, y: float) -> Box:
        x = min(max(2, x), width - bw - 2)
        y = min(max(top, y), height - bh - 1)
        return Box(px(x), px(y), px(x) + bw, px(y) + bh)

    cx = t.cx - bw / 2
    step = bh + 2
    if tag.below:
        for level in range(8):
            for dx in (0, -bw * 0.6, bw * 0.6):
                yield at(cx + dx, t.y1 + 3 + level * step)
        return
    yield at(cx, t.y0 - bh - 3)  # right above: the natural place
    yield at(t.x0 - bw - 3, t.cy - bh / 2)  # beside, before resorting to a leader line
    yield at(t.x1 + 3, t.cy - bh / 2)
    clear = bw / 2 + t.w * 0.75 + 8  # far enough sideways to clear flames over the target
    for level in range(7):
        for dx in (0.0, -bw * 0.5, bw * 0.5, -clear, clear):
            yield at(cx + dx, t.y0 - bh - 3 - level * step)
    yield at(cx, t.y1 + 3)


def place_tags(
    tags: Sequence[Tag], obstacles: Sequence[Box], width: int, height: int, top: int, size: int
) -> list[PlacedTag]:
    """Place tags in order; each avoids earlier tags and every obstacle but its own target."""
    pad = max(2, size // 5)
    placed: list[PlacedTag] = []
    taken: list[Box] = []
    for tag in tags:
        tw, th = text_size(tag.text, size)
        blockers = [o for o in obstacles if o != tag.target and o not in tag.exempt]
        cands: list[Box] = []
        choice = None
        for c in _candidates(tag, tw, th, width, height, top, pad):
            cands.append(c)
            if (
                not c.overlaps(tag.target)
                and not any(c.overlaps(o) for o in taken)
                and not any(c.overlaps(o) for o in blockers)
            ):
                choice = c
                break
        if choice is None:  # crowded: at least avoid other tags
            choice = next((c for c in cands if not any(c.overlaps(o) for o in taken)), cands[0])
        near = choice.expand(4).overlaps(tag.target)
        placed.append(PlacedTag(tag, choice, leader=not near))
        taken.append(choice.expand(1))
    return placed


@lru_cache(maxsize=2048)
def _tag_image(text: str, size: int, fg: RGB, bg: RGB, border: RGB, w: int, h: int) -> Image.Image:
    """A finished tag (box, border, text), rendered once: text rendering dominates otherwise."""
    img = Image.new("RGB", (w, h), bg)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, w - 1, h - 1), outline=border, width=1)
    pad = max(2, size // 5)
    d.text((pad, pad), text, fill=fg, font=font(size), anchor="lt")
    return img


def draw_tags(img: Image.Image, placed: Sequence[PlacedTag], size: int) -> None:
    d = ImageDraw.Draw(img)
    for pt in placed:
        if pt.leader:
            b, t = pt.box, pt.tag.target
            y_from = b.y1 if b.y1 <= t.y0 else b.y0 if b.y0 >= t.y1 else b.cy
            y_to = t.y0 if b.y1 <= t.y0 else t.y1 if b.y0 >= t.y1 else t.cy
            x_to = min(max(b.cx, t.x0 + 2), t.x1 - 2)
            d.line([(b.cx, y_from), (x_to, y_to)], fill=pt.tag.border, width=1)
    for pt in placed:
        b, tag = pt.box, pt.tag
        img.paste(_tag_image(tag.text, size, tag.fg, tag.bg, tag.border, b.w, b.h), (b.x0, b.y0))
