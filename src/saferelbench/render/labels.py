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

from saferelbench.render.geometry import RGB, Box, px

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
    cover: tuple[Box, ...] = ()  #: boxes drawn in front of its object (a leader ends clear of them)
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
    return uncross(placed, obstacles, width, height, top, size)


@lru_cache(maxsize=2048)
def _tag_image(text: str, size: int, fg: RGB, bg: RGB, border: RGB, w: int, h: int) -> Image.Image:
    """A finished tag (box, border, text), rendered once: text rendering dominates otherwise."""
    img = Image.new("RGB", (w, h), bg)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, w - 1, h - 1), outline=border, width=1)
    pad = max(2, size // 5)
    d.text((pad, pad), text, fill=fg, font=font(size), anchor="lt")
    return img


Segment = tuple[tuple[float, float], tuple[float, float]]


def _seen(x: float, y: float, cover: Sequence[Box]) -> bool:
    return not any(c.x0 <= x < c.x1 and c.y0 <= y < c.y1 for c in cover)


@lru_cache(maxsize=4096)
def leader_line(pt: PlacedTag) -> Segment | None:
    """The leader line of a placed tag, if any: from the tag's edge to the nearest point of its
    object that nothing drawn in front of the object hides (the edge facing the tag first)."""
    if not pt.leader:
        return None
    b, t = pt.box, pt.tag.target
    y_from = b.y1 if b.y1 <= t.y0 else b.y0 if b.y0 >= t.y1 else b.cy
    y_edge = t.y0 + 1 if b.y1 <= t.y0 else t.y1 - 2 if b.y0 >= t.y1 else t.cy
    x_near = min(max(b.cx, t.x0 + 2), t.x1 - 2)
    start = (b.cx, y_from)
    cover = pt.tag.cover
    if _seen(x_near, y_edge, cover):
        return start, (x_near, y_edge)
    best: tuple[float, float] | None = None
    rows = [y_edge] + [t.y0 + 1 + (t.h - 3) * k / 6 for k in range(7)]
    for y in rows:
        for k in range(13):
            x = t.x0 + 2 + (t.w - 4) * k / 12
            if _seen(x, y, cover):
                d = (x - start[0]) ** 2 + (y - start[1]) ** 2
                if best is None or d < (best[0] - start[0]) ** 2 + (best[1] - start[1]) ** 2:
                    best = (x, y)
        if best is not None:
            break
    return start, best or (x_near, y_edge)


def crosses(a: Segment, b: Segment) -> bool:
    """Whether two segments cross (touching ends do not count)."""

    def side(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    (p1, p2), (q1, q2) = a, b
    return side(q1, q2, p1) * side(q1, q2, p2) < 0 and side(p1, p2, q1) * side(p1, p2, q2) < 0


def uncross(
    placed: list[PlacedTag],
    obstacles: Sequence[Box],
    width: int,
    height: int,
    top: int,
    size: int,
) -> list[PlacedTag]:
    """Untangle leader lines that cross: swap the places of the two tags (each centred where
    the other was), or else move one of them to another free candidate place, whenever that
    leaves fewer crossings."""
    pad = max(2, size // 5)

    def lines(tags: list[PlacedTag]) -> list[Segment | None]:
        return [leader_line(t) for t in tags]

    def count(tags: list[PlacedTag]) -> int:
        ls = lines(tags)
        return sum(
            1
            for i, a in enumerate(ls)
            for b in ls[i + 1 :]
            if a is not None and b is not None and crosses(a, b)
        )

    def moved(pt: PlacedTag, cx: float, y0: int) -> PlacedTag | None:
        w, h = pt.box.w, pt.box.h
        x0 = px(cx - w / 2)
        box = Box(x0, y0, x0 + w, y0 + h)
        if not box.inside(width, height) or box.y0 < top or box.overlaps(pt.tag.target):
            return None
        blockers = [o for o in obstacles if o != pt.tag.target and o not in pt.tag.exempt]
        if any(box.overlaps(o) for o in blockers):
            return None
        return PlacedTag(pt.tag, box, leader=not box.expand(4).overlaps(pt.tag.target))

    if sum(pt.leader for pt in placed) < 2:
        return placed
    current = count(placed)
    for _ in range(3 * len(placed)):
        if current == 0:
            break
        ls = lines(placed)
        improved = False
        for i, a_line in enumerate(ls):
            for j in range(i + 1, len(ls)):
                b_line = ls[j]
                if a_line is None or b_line is None or not crosses(a_line, b_line):
                    continue
                a, b = placed[i], placed[j]
                na, nb = moved(a, b.box.cx, b.box.y0), moved(b, a.box.cx, a.box.y0)
                trial = list(placed)
                if na is not None and nb is not None and not na.box.overlaps(nb.box):
                    others = [t.box.expand(1) for k, t in enumerate(placed) if k not in (i, j)]
                    if not any(na.box.overlaps(o) or nb.box.overlaps(o) for o in others):
                        trial[i], trial[j] = na, nb
                        n = count(trial)
                        if n < current:
                            placed, current, improved = trial, n, True
                            break
                for k in (i, j):
                    pt = placed[k]
                    tw, th = text_size(pt.tag.text, size)
                    others = [t.box.expand(1) for m, t in enumerate(placed) if m != k]
                    blockers = [
                        o for o in obstacles if o != pt.tag.target and o not in pt.tag.exempt
                    ]
                    for c in _candidates(pt.tag, tw, th, width, height, top, pad):
                        if (
                            c.overlaps(pt.tag.target)
                            or any(c.overlaps(o) for o in others)
                            or any(c.overlaps(o) for o in blockers)
                        ):
                            continue
                        near = c.expand(4).overlaps(pt.tag.target)
                        trial = list(placed)
                        trial[k] = PlacedTag(pt.tag, c, leader=not near)
                        n = count(trial)
                        if n < current:
                            placed, current, improved = trial, n, True
                            break
                    if improved:
                        break
                if improved:
                    break
            if improved:
                break
        if not improved:
            break
    return placed


def draw_tags(img: Image.Image, placed: Sequence[PlacedTag], size: int) -> None:
    d = ImageDraw.Draw(img)
    for pt in placed:
        line = leader_line(pt)
        if line is not None:
            d.line(list(line), fill=pt.tag.border, width=1)
    for pt in placed:
        b, tag = pt.box, pt.tag
        img.paste(_tag_image(tag.text, size, tag.fg, tag.bg, tag.border, b.w, b.h), (b.x0, b.y0))
