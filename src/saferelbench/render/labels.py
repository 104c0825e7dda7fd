"""Name tags: every visible object carries its instance name, placed so tags do not overlap
each other or cover other objects, with a thin leader line when a tag had to move away.

Placement is greedy and deterministic: tags are placed in a fixed priority order (hazard
captions first, then items, then fixtures) at the first free candidate position.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
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
    #: other objects' boxes its leader line must not pass over (all but its object, what holds
    #: it and its neighbours drawn over it)
    others: tuple[Box, ...] = ()
    #: its neighbours drawn over it: its line passes over them only where no clear line exists
    near: tuple[Box, ...] = ()
    fg: RGB = (20, 20, 24)
    bg: RGB = (255, 255, 255)
    border: RGB = (110, 110, 110)


@dataclass(frozen=True)
class PlacedTag:
    tag: Tag
    box: Box
    leader: bool


def _columns(tag: Tag) -> list[float]:
    """Where a leader line can come straight down onto its object: evenly along its top and
    just beside each thing drawn in front of it, where the object's top shows."""
    t = tag.target
    xs = [t.x0 + 2 + (t.w - 4) * k / 12 for k in range(13)]
    for c in tag.cover:
        xs += [c.x0 - 2, c.x1 + 1]
    y = t.y0 + 1
    return sorted({x for x in xs if t.x0 + 1 <= x <= t.x1 - 2 and _seen(x, y, tag.cover)})


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
    yield from dict.fromkeys(_more(tag, at, bw, bh, step, clear))  # each place once


def _more(
    tag: Tag, at: Callable[[float, float], Box], bw: int, bh: int, step: int, clear: float
) -> Iterator[Box]:
    """Further places, for a leader line that passes over nothing: below it over what holds it
    (a short line up), beside it further out and a little higher (a line onto its side, for a
    carrier whose load covers its whole top), straight above a part of its top that shows,
    then further up the wall and further aside."""
    t = tag.target
    cx = t.cx - bw / 2
    for level in range(3):
        for x in (cx - bw * 0.5, cx + bw * 0.5, t.x0, t.x1 - bw, t.x0 - bw * 0.5, t.x1 - bw * 0.5):
            yield at(x, t.y1 + 3 + level * step)
    for out in range(6):
        for dy in (0.0, -step, -2 * step):
            yield at(t.x0 - bw - 3 - out * bw * 0.5, t.cy - bh / 2 + dy)
            yield at(t.x1 + 3 + out * bw * 0.5, t.cy - bh / 2 + dy)
    columns = _columns(tag)
    for level in range(14):
        for x in columns:
            yield at(x - bw / 2, t.y0 - bh - 3 - level * step)
    for level in range(14):
        for dx in (-bw, bw, -clear - bw * 0.6, clear + bw * 0.6):
            yield at(cx + dx, t.y0 - bh - 3 - level * step)
        if level >= 7:
            for dx in (0.0, -bw * 0.5, bw * 0.5, -clear, clear):
                yield at(cx + dx, t.y0 - bh - 3 - level * step)


#: free places a tag tries before it settles for the one with the fewest conflicts (a crowded
#: room has hundreds, each costing a look at every other tag)
TRIES = 120
#: ... or this many, once one of them has no conflict but a line over a neighbour
SOFT_TRIES = 24


def place_tags(
    tags: Sequence[Tag], obstacles: Sequence[Box], width: int, height: int, top: int, size: int
) -> list[PlacedTag]:
    """Place tags in order; each avoids earlier tags and every obstacle but its own target,
    and takes the first such place whose leader line (if it needs one) passes over no other
    object, crosses no earlier leader line and runs over no earlier tag (and whose box covers
    no earlier leader line); when every free place has some such conflict, the one with the
    fewest."""
    pad = max(2, size // 5)
    placed: list[PlacedTag] = []
    taken: list[Box] = []
    memo = PairMemo()
    for tag in tags:
        tw, th = text_size(tag.text, size)
        blockers = [o for o in obstacles if o != tag.target and o not in tag.exempt]
        cands: list[Box] = []
        choice: PlacedTag | None = None
        best: tuple[int, PlacedTag] | None = None
        tries = 0
        for c in _candidates(tag, tw, th, width, height, top, pad):
            cands.append(c)
            if (
                c.overlaps(tag.target)
                or any(c.overlaps(o) for o in taken)
                or any(c.overlaps(o) for o in blockers)
            ):
                continue
            pt = PlacedTag(tag, c, leader=not c.expand(4).overlaps(tag.target))
            n = conflicts(pt, placed, memo)
            if n == 0:
                choice = pt
                break
            if best is None or n < best[0]:
                best = (n, pt)
            tries += 1
            # a place whose only fault is a line over a neighbour drawn over its object is
            # good enough after a few more tries
            if tries >= (SOFT_TRIES if best[0] < HARD else TRIES):
                break
        if choice is None and best is not None:
            choice = best[1]
        if choice is None:  # crowded: at least avoid other tags
            box = next((c for c in cands if not any(c.overlaps(o) for o in taken)), cands[0])
            choice = PlacedTag(tag, box, leader=not box.expand(4).overlaps(tag.target))
        placed.append(choice)
        taken.append(choice.box.expand(1))
    return uncross(placed, obstacles, width, height, top, size, memo)


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


def _inside_span(a: tuple[float, float], b: tuple[float, float], box: Box) -> tuple[float, float]:
    """The part ``[t0, t1]`` of the segment ``a + t (b - a)`` inside ``box`` shrunk by one pixel
    (running along an edge or touching it does not count); empty when ``t0 >= t1``."""
    t0, t1 = 0.0, 1.0
    for p0, d, lo, hi in (
        (a[0], b[0] - a[0], box.x0 + 1, box.x1 - 1),
        (a[1], b[1] - a[1], box.y0 + 1, box.y1 - 1),
    ):
        if d == 0:
            if not lo < p0 < hi:
                return 1.0, 0.0
            continue
        u, v = (lo - p0) / d, (hi - p0) / d
        t0, t1 = max(t0, min(u, v)), min(t1, max(u, v))
    return t0, t1


def passes_over(line: Segment, box: Box, own: Box | None = None) -> bool:
    """Whether a line runs over the inside of ``box`` (for more than a pixel), not counting
    where it runs over ``own`` (its own object, drawn in front there or not)."""
    a, b = line
    t0, t1 = _inside_span(a, b, box)
    if t1 <= t0:
        return False
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    if own is not None:
        u0, u1 = _inside_span(a, b, own.expand(1))
        if u1 > u0:  # the line's end lies in its own object: count only what lies before it
            t1 = min(t1, max(t0, u0))
    return (t1 - t0) * length > 1.0


def _clear(line: Segment, target: Box, boxes: Sequence[Box]) -> bool:
    return not any(not _apart(line, o) and passes_over(line, o, target) for o in boxes)


def _in_reach(start: tuple[float, float], tag: Tag) -> list[Box]:
    """The other objects a line from ``start`` to a point of the tag's object can pass over:
    those meeting the bounding box of ``start`` and the object (every such line lies in it)."""
    t = tag.target
    x0, x1 = min(start[0], t.x0), max(start[0], t.x1)
    y0, y1 = min(start[1], t.y0), max(start[1], t.y1)
    return [o for o in tag.others if not _apart(((x0, y0), (x1, y1)), o)]


@lru_cache(maxsize=4096)
def leader_line(pt: PlacedTag) -> Segment | None:
    """The leader line of a placed tag, if any: from the tag's edge to a point of its object
    that nothing drawn in front of the object hides: the nearest such point (the edge facing
    the tag first) whose line passes over no other object, else the nearest one."""
    if not pt.leader:
        return None
    b, t = pt.box, pt.tag.target
    y_from = b.y1 if b.y1 <= t.y0 else b.y0 if b.y0 >= t.y1 else b.cy
    y_edge = t.y0 + 1 if b.y1 <= t.y0 else t.y1 - 2 if b.y0 >= t.y1 else t.cy
    x_near = min(max(b.cx, t.x0 + 2), t.x1 - 2)
    start = (b.cx, y_from)
    cover = pt.tag.cover
    reach = _in_reach(start, pt.tag)
    if _seen(x_near, y_edge, cover) and _clear((start, (x_near, y_edge)), t, reach):
        return start, (x_near, y_edge)
    rows = [y_edge] + [t.y0 + 1 + (t.h - 3) * k / 6 for k in range(7)]
    xs = [t.x0 + 2 + (t.w - 4) * k / 12 for k in range(13)]
    xs += [x for c in cover for x in (c.x0 - 2, c.x1 + 1) if t.x0 + 1 <= x <= t.x1 - 2]
    points = [(x, y) for y in rows for x in xs]
    seen = sorted(
        (p for p in points if _seen(p[0], p[1], cover)),
        key=lambda p: (p[0] - start[0]) ** 2 + (p[1] - start[1]) ** 2,
    )
    clear = next((p for p in seen if _clear((start, p), t, reach)), None)
    if clear is not None:
        return start, clear
    if _seen(x_near, y_edge, cover) or not seen:
        return start, (x_near, y_edge)
    return start, seen[0]


def own_conflicts(pt: PlacedTag) -> int:
    """How many other objects a placed tag's leader line passes over (a neighbour drawn over
    its object counts a quarter of another object: passing over it is the lesser evil)."""
    line = leader_line(pt)
    if line is None:
        return 0
    target = pt.tag.target
    hard = sum(not _apart(line, o) and passes_over(line, o, target) for o in pt.tag.others)
    return HARD * hard + sum(
        not _apart(line, o) and passes_over(line, o, target) for o in pt.tag.near
    )


def _apart(line: Segment, box: Box) -> bool:
    """Whether a line's bounding box misses the inside of ``box`` (then it cannot run over it):
    a cheap test that spares most exact ones."""
    (ax, ay), (bx, by) = line
    return (
        max(ax, bx) <= box.x0 + 1
        or min(ax, bx) >= box.x1 - 1
        or max(ay, by) <= box.y0 + 1
        or min(ay, by) >= box.y1 - 1
    )


def _bounds_apart(a: Segment, b: Segment) -> bool:
    """Whether two lines' bounding boxes are disjoint (then they cannot cross)."""
    (ax0, ay0), (ax1, ay1) = a
    (bx0, by0), (bx1, by1) = b
    return (
        max(ax0, ax1) < min(bx0, bx1)
        or max(bx0, bx1) < min(ax0, ax1)
        or max(ay0, ay1) < min(by0, by1)
        or max(by0, by1) < min(ay0, ay1)
    )


def pair_conflicts(a: PlacedTag, b: PlacedTag) -> int:
    """Conflicts between two placed tags: their leader lines cross, or one's line runs over the
    other's tag."""
    return _pair_conflicts(leader_line(a), a.box, leader_line(b), b.box)


#: weight of two leader lines crossing, against a line over another tag (1): a crossing
#: leaves a reader unsure which line is whose, a line over a tag does not
CROSSING = 2


def _pair_conflicts(la: Segment | None, abox: Box, lb: Segment | None, bbox: Box) -> int:
    n = 0
    if la is not None:
        n += not _apart(la, bbox) and passes_over(la, bbox)
        if lb is not None and not _bounds_apart(la, lb) and crosses(la, lb):
            n += CROSSING
    if lb is not None:
        n += not _apart(lb, abox) and passes_over(lb, abox)
    return n


class PairMemo:
    """The leader lines and pair conflicts of placed tags already worked out during one
    placement (the same tags are compared again and again while places are tried and swapped).
    Keyed by the tags' identities; each entry keeps its tags, so an identity is never reused
    while it is held."""

    def __init__(self) -> None:
        self._lines: dict[int, tuple[PlacedTag, Segment | None]] = {}
        self._pairs: dict[tuple[int, int], tuple[PlacedTag, PlacedTag, int]] = {}
        self._own: dict[int, tuple[PlacedTag, int]] = {}

    def line(self, pt: PlacedTag) -> Segment | None:
        hit = self._lines.get(id(pt))
        if hit is None:
            hit = self._lines[id(pt)] = (pt, leader_line(pt) if pt.leader else None)
        return hit[1]

    def own(self, pt: PlacedTag) -> int:
        hit = self._own.get(id(pt))
        if hit is None:
            hit = self._own[id(pt)] = (pt, own_conflicts(pt))
        return hit[1]

    def __call__(self, a: PlacedTag, b: PlacedTag) -> int:
        if not a.leader and not b.leader:
            return 0
        key = (id(a), id(b))
        hit = self._pairs.get(key)
        if hit is not None:
            return hit[2]
        n = _pair_conflicts(self.line(a), a.box, self.line(b), b.box)
        self._pairs[key] = (a, b, n)
        return n


#: weight of a conflict that matters (against a line over a neighbour drawn over its object)
HARD = 4


def conflicts(pt: PlacedTag, placed: Sequence[PlacedTag], memo: PairMemo | None = None) -> int:
    """How often a placed tag's leader line passes over another object, crosses another
    tag's leader line or runs over another tag, and how often another's line runs over it
    (weighted: :data:`HARD` each, a neighbour drawn over its object one). ``memo`` keeps what
    one placement has already counted."""
    if memo is None:
        memo = PairMemo()
    return memo.own(pt) + HARD * sum(memo(pt, o) for o in placed if o is not pt)


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
    memo: PairMemo | None = None,
) -> list[PlacedTag]:
    """Settle what greedy placement left in conflict (:func:`conflicts`: leader lines that
    cross, pass over another object or tag, tags over another's line): swap the places of two
    tags whose lines cross (each centred where the other was), or else move a tag in conflict
    to another free candidate place (at most :data:`TRIES`), whenever that leaves fewer
    conflicts in all."""
    pad = max(2, size // 5)
    pairs = memo if memo is not None else PairMemo()

    def involving(ks: tuple[int, ...], tags: list[PlacedTag]) -> int:
        """The conflicts a change of the tags ``ks`` can alter (each pair counted once)."""
        n = sum(conflicts(tags[k], tags, pairs) for k in ks)
        if len(ks) == 2:  # their mutual conflicts were counted from both sides
            n -= HARD * pairs(tags[ks[0]], tags[ks[1]])
        return n

    def free(pt: PlacedTag, box: Box, tags: list[PlacedTag], skip: tuple[int, ...]) -> bool:
        if not box.inside(width, height) or box.y0 < top or box.overlaps(pt.tag.target):
            return False
        blockers = [o for o in obstacles if o != pt.tag.target and o not in pt.tag.exempt]
        if any(box.overlaps(o) for o in blockers):
            return False
        return not any(box.overlaps(t.box.expand(1)) for m, t in enumerate(tags) if m not in skip)

    def at(pt: PlacedTag, box: Box) -> PlacedTag:
        return PlacedTag(pt.tag, box, leader=not box.expand(4).overlaps(pt.tag.target))

    def centred(pt: PlacedTag, where: Box) -> Box:
        x0 = px(where.cx - pt.box.w / 2)
        return Box(x0, where.y0, x0 + pt.box.w, where.y0 + pt.box.h)

    if not any(pt.leader for pt in placed):
        return placed
    for _ in range(len(placed)):
        improved = False
        for i, pt in enumerate(placed):
            before = involving((i,), placed)
            if before == 0:
                continue
            mine = leader_line(pt)
            for j, other in enumerate(placed):  # swap with a tag whose line crosses this one's
                theirs = leader_line(other)
                if j == i or mine is None or theirs is None or not crosses(mine, theirs):
                    continue
                na, nb = centred(pt, other.box), centred(other, pt.box)
                if na.overlaps(nb):
                    continue
                if not (free(pt, na, placed, (i, j)) and free(other, nb, placed, (i, j))):
                    continue
                trial = list(placed)
                trial[i], trial[j] = at(pt, na), at(other, nb)
                if involving((i, j), trial) < involving((i, j), placed):
                    placed, improved = trial, True
                    break
            if improved:
                break
            tw, th = text_size(pt.tag.text, size)
            tries = 0
            for c in _candidates(pt.tag, tw, th, width, height, top, pad):
                if c == pt.box or not free(pt, c, placed, (i,)):
                    continue
                trial = list(placed)
                trial[i] = at(pt, c)
                if involving((i,), trial) < before:
                    placed, improved = trial, True
                    break
                tries += 1
                if tries >= TRIES:
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
