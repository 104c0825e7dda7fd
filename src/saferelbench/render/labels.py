"""Name tags: every visible object carries its instance name, placed so tags do not overlap
each other or cover other objects, with a thin leader line when a tag had to move away.

Placement is greedy and deterministic: tags are placed in a fixed priority order (hazard
captions first, then items, then fixtures) at the first free candidate position.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
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
    #: where along the tag its leader line starts: the middle (0), near its left end (-1) or
    #: near its right end (1)
    anchor: int = 0

    @property
    def start_x(self) -> float:
        b = self.box
        return b.cx if self.anchor == 0 else b.x0 + ANCHOR if self.anchor < 0 else b.x1 - ANCHOR


#: how far from a tag's end a leader line that starts near that end starts
ANCHOR = 6


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
        x0 = px(min(max(2, x), width - bw - 2))
        y0 = px(min(max(top, y), height - bh - 1))
        return Box(x0, y0, x0 + bw, y0 + bh)

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
    seen: set[Box] = set()
    for box in _more(tag, at, bw, bh, step, clear):  # each place once, made as it is needed
        if box not in seen:
            seen.add(box)
            yield box


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


class _Lazy:
    """A sequence generated on demand and kept: iterating again reads what was made. Shared
    through a cache by images drawn in several threads at once (Inspect draws each sample's
    image in a worker thread), so making the next item is locked: two threads must never
    interleave their reads of the generator, or the order (and the tags) would differ."""

    def __init__(self, items: Iterator[Box]) -> None:
        self._gen: Iterator[Box] | None = items
        self.items: list[Box] = []
        self._lock = threading.Lock()

    def __iter__(self) -> Iterator[Box]:
        i = 0
        while True:
            if i < len(self.items):
                yield self.items[i]
                i += 1
                continue
            with self._lock:
                if i < len(self.items):  # another thread made it meanwhile
                    continue
                if self._gen is None:
                    return
                nxt = next(self._gen, None)
                if nxt is None:
                    self._gen = None
                    return
                self.items.append(nxt)


@lru_cache(maxsize=2048)
def _candidate_list(
    target: Box,
    below: bool,
    cover: tuple[Box, ...],
    tw: int,
    th: int,
    width: int,
    height: int,
    top: int,
    pad: int,
) -> _Lazy:
    """:func:`_candidates` of a tag, kept: the same object in the next image of an episode
    tries the same places (they depend only on its box, what covers it and its text)."""
    tag = Tag("", target, below=below, cover=cover)
    return _Lazy(_candidates(tag, tw, th, width, height, top, pad))


def candidates(tag: Tag, size: int, width: int, height: int, top: int) -> _Lazy:
    """The places a tag tries, best first (:func:`_candidates`), at font size ``size``."""
    tw, th = text_size(tag.text, size)
    pad = max(2, size // 5)
    return _candidate_list(tag.target, tag.below, tag.cover, tw, th, width, height, top, pad)


#: free places a tag tries before it settles for the one with the fewest conflicts (a crowded
#: room has hundreds, each costing a look at every other tag)
TRIES = 120
#: ... or this many, once one of them has no conflict but a line over a neighbour
SOFT_TRIES = 24


def meets_any(box: Box, boxes: Iterable[Box]) -> bool:
    """Whether ``box`` overlaps any of ``boxes`` (:meth:`Box.overlaps` written out: the tag
    search asks this of every place it tries)."""
    x0, y0, x1, y1 = box
    for o in boxes:  # noqa: SIM110 - a plain loop: no generator on the hot path
        if x0 < o[2] and o[0] < x1 and y0 < o[3] and o[1] < y1:
            return True
    return False


def place_tags(
    tags: Sequence[Tag],
    obstacles: Sequence[Box],
    width: int,
    height: int,
    top: int,
    size: int,
    keep: Mapping[str, tuple[Box, Box, int]] | None = None,
) -> list[PlacedTag]:
    """:func:`place_tags_counted` without the counts."""
    return place_tags_counted(tags, obstacles, width, height, top, size, keep)[0]


def place_tags_counted(
    tags: Sequence[Tag],
    obstacles: Sequence[Box],
    width: int,
    height: int,
    top: int,
    size: int,
    keep: Mapping[str, tuple[Box, Box, int]] | None = None,
) -> tuple[list[PlacedTag], list[int]]:
    """The placed tags and each one's :func:`conflicts` with all the others.

    Place tags in order; each avoids earlier tags and every obstacle but its own target,
    and takes the first such place whose leader line (if it needs one) passes over no other
    object, crosses no earlier leader line and runs over no earlier tag (and whose box covers
    no earlier leader line); when every free place has some such conflict, the one with the
    fewest.

    ``keep`` (the tags of the episode's image before: by text, its object's box, the tag's
    box and its conflicts there): a tag whose object kept its size tries its place there
    (moved as far as the object moved) right after the place straight above its object, and
    stays there while that place is free and has no more conflicts than it had and than the
    place above (the search through the other places is spared, and a tag does not jump
    about between images)."""
    placed: list[PlacedTag] = []
    counts: list[int] = []
    kept: list[tuple[Box | None, int]] = []
    taken: list[Box] = []
    memo = PairMemo()
    for tag in tags:
        blockers = [o for o in obstacles if o != tag.target and o not in tag.exempt]
        prev, prev_n = _kept(tag, keep, width, height, top)
        kept.append((prev, prev_n))
        cands: list[Box] = []
        choice: PlacedTag | None = None
        best: tuple[int, PlacedTag] | None = None
        tries = 0
        for c in _with_kept(candidates(tag, size, width, height, top), prev):
            cands.append(c)
            if c.overlaps(tag.target) or meets_any(c, taken) or meets_any(c, blockers):
                continue
            pt = PlacedTag(tag, c, leader=not c.expand(4).overlaps(tag.target))
            if c is prev:
                n = conflicts(pt, placed, memo)
                if n <= prev_n and (best is None or n <= best[0]):
                    choice = pt
                    break
            else:
                n = conflicts(pt, placed, memo, None if best is None else best[0])
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
            box = next((c for c in cands if not meets_any(c, taken)), cands[0])
            choice = PlacedTag(tag, box, leader=not box.expand(4).overlaps(tag.target))
        mine = own_conflicts(choice)
        if choice.leader or any(o.leader for o in placed):
            for k, o in enumerate(placed):
                n = memo(choice, o)
                if n:
                    counts[k] += HARD * n
                    mine += HARD * n
        placed.append(choice)
        counts.append(mine)
        taken.append(choice.box.expand(1))
    # a tag that kept its place with no more conflicts than it had there was settled in the
    # image before (the settling pass could not better it then): it stays
    stays = {
        k
        for k, (pt, (prev, prev_n)) in enumerate(zip(placed, kept, strict=True))
        if pt.box == prev and counts[k] <= prev_n
    }
    if all(n == 0 or k in stays for k, n in enumerate(counts)):  # nothing to settle
        return placed, counts
    settled = uncross(placed, obstacles, width, height, top, size, memo, stays)
    settled = clear_tags(settled, obstacles, width, height, top, size)
    if settled is not placed:
        counts = [conflicts(pt, settled, memo) for pt in settled]
    return settled, counts


def _kept(
    tag: Tag, keep: Mapping[str, tuple[Box, Box, int]] | None, width: int, height: int, top: int
) -> tuple[Box | None, int]:
    """Where the tag stood in the image before, moved with its object (as far as the edge
    of the object it faced, or its middle, moved), and its conflicts there; ``None`` when
    there is no such place."""
    old = keep.get(tag.text) if keep else None
    if old is None:
        return None, 0
    then, box, n = old
    t = tag.target
    if box.x1 <= then.x0:
        dx = t.x0 - then.x0
    elif box.x0 >= then.x1:
        dx = t.x1 - then.x1
    else:
        dx = px(t.cx - then.cx)
    if box.y1 <= then.y0:
        dy = t.y0 - then.y0
    elif box.y0 >= then.y1:
        dy = t.y1 - then.y1
    else:
        dy = px(t.cy - then.cy)
    moved = Box(box.x0 + dx, box.y0 + dy, box.x1 + dx, box.y1 + dy)
    if not (moved.inside(width, height) and moved.y0 >= top):
        return None, 0
    return moved, n


def _with_kept(cands: Iterable[Box], kept: Box | None) -> Iterator[Box]:
    """The candidate places with ``kept`` (the very object) tried second, or first when it
    is the first, and not again later."""
    it = iter(cands)
    first = next(it, None)
    if kept is None:
        if first is not None:
            yield first
        yield from it
        return
    if first is not None and first != kept:
        yield first
    yield kept
    yield from (c for c in it if c != kept)


@lru_cache(maxsize=2048)
def tag_image(text: str, size: int, fg: RGB, bg: RGB, border: RGB, w: int, h: int) -> Image.Image:
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


Rect = tuple[int, int, int, int]


def _span(ax: float, ay: float, bx: float, by: float, o: Rect) -> tuple[float, float]:
    """:func:`_inside_span` of the line ``a -> b`` and the box ``o``, with a cheap test
    first: an empty span, ``(1.0, 0.0)``, when the line's bounding box misses the inside of
    the box (then no part of the line can lie in it). The same arithmetic, so the same
    answers."""
    x0, y0, x1, y1 = o
    if ax < bx:
        if bx <= x0 + 1 or ax >= x1 - 1:
            return 1.0, 0.0
    elif ax <= x0 + 1 or bx >= x1 - 1:
        return 1.0, 0.0
    if ay < by:
        if by <= y0 + 1 or ay >= y1 - 1:
            return 1.0, 0.0
    elif ay <= y0 + 1 or by >= y1 - 1:
        return 1.0, 0.0
    t0, t1 = 0.0, 1.0
    d = bx - ax
    if d == 0:
        if not x0 + 1 < ax < x1 - 1:
            return 1.0, 0.0
    else:
        u, v = (x0 + 1 - ax) / d, (x1 - 1 - ax) / d
        if u < v:
            t0, t1 = max(t0, u), min(t1, v)
        else:
            t0, t1 = max(t0, v), min(t1, u)
    d = by - ay
    if d == 0:
        if not y0 + 1 < ay < y1 - 1:
            return 1.0, 0.0
    else:
        u, v = (y0 + 1 - ay) / d, (y1 - 1 - ay) / d
        if u < v:
            t0, t1 = max(t0, u), min(t1, v)
        else:
            t0, t1 = max(t0, v), min(t1, u)
    return t0, t1


def _over(ax: float, ay: float, bx: float, by: float, o: Rect, own: Rect | None = None) -> bool:
    """``passes_over(line, o, own)`` for a line given by its ends, the fast way."""
    t0, t1 = _span(ax, ay, bx, by, o)
    if t1 <= t0:
        return False
    if own is not None:
        u0, u1 = _span(ax, ay, bx, by, (own[0] - 1, own[1] - 1, own[2] + 1, own[3] + 1))
        if u1 > u0:
            t1 = min(t1, max(t0, u0))
    return (t1 - t0) * (math.hypot(bx - ax, by - ay) or 1.0) > 1.0


def _count_over(
    ax: float, ay: float, bx: float, by: float, boxes: Sequence[Rect], own: Rect, stop: bool
) -> int:
    """How many of ``boxes`` the line ``a -> b`` passes over (:func:`_over`, its end in
    ``own`` not counted); with ``stop``, 1 at the first. :func:`_span` written out (this is
    the leader-line search's inner loop)."""
    n = 0
    cut = length = -1.0
    lx0, lx1 = (ax, bx) if ax < bx else (bx, ax)
    ly0, ly1 = (ay, by) if ay < by else (by, ay)
    dx, dy = bx - ax, by - ay
    for x0, y0, x1, y1 in boxes:
        if lx1 <= x0 + 1 or lx0 >= x1 - 1 or ly1 <= y0 + 1 or ly0 >= y1 - 1:
            continue
        t0, t1 = 0.0, 1.0
        if dx == 0:
            if not x0 + 1 < ax < x1 - 1:
                continue
        else:
            u, v = (x0 + 1 - ax) / dx, (x1 - 1 - ax) / dx
            if u < v:
                t0, t1 = max(t0, u), min(t1, v)
            else:
                t0, t1 = max(t0, v), min(t1, u)
        if dy == 0:
            if not y0 + 1 < ay < y1 - 1:
                continue
        else:
            u, v = (y0 + 1 - ay) / dy, (y1 - 1 - ay) / dy
            if u < v:
                t0, t1 = max(t0, u), min(t1, v)
            else:
                t0, t1 = max(t0, v), min(t1, u)
        if t1 <= t0:
            continue
        if length < 0:  # worked out once a box is met
            length = math.hypot(dx, dy) or 1.0
            u0, u1 = _span(ax, ay, bx, by, (own[0] - 1, own[1] - 1, own[2] + 1, own[3] + 1))
            cut = u0 if u1 > u0 else 2.0
        if cut <= 1.0:
            t1 = min(t1, max(t0, cut))
        if (t1 - t0) * length > 1.0:
            n += 1
            if stop:
                return 1
    return n


class _Reach:
    """What one tag's leader-line search reads again and again, worked out once per tag: its
    object, the boxes its line must not pass over (plain tuples), and the points of its
    object a line may end on (those nothing in front hides), for a tag above, below or
    beside the object."""

    def __init__(self, tag: Tag) -> None:
        t = tag.target
        self.target: Rect = (t.x0, t.y0, t.x1, t.y1)
        self.others: list[Rect] = [tuple(o) for o in tag.others]  # type: ignore[misc]
        self.near: list[Rect] = [tuple(o) for o in tag.near]  # type: ignore[misc]
        self.cover = tag.cover
        xs = [t.x0 + 2 + (t.w - 4) * k / 12 for k in range(13)]
        xs += [x for c in tag.cover for x in (c.x0 - 2, c.x1 + 1) if t.x0 + 1 <= x <= t.x1 - 2]
        self.xs = xs
        self.rows = [t.y0 + 1 + (t.h - 3) * k / 6 for k in range(7)]
        self._points: dict[float, list[tuple[float, float]]] = {}
        self._arrays: dict[float, np.ndarray] = {}

    def points(self, y_edge: float) -> list[tuple[float, float]]:
        """The seen points of the object, the row at ``y_edge`` first, row by row."""
        hit = self._points.get(y_edge)
        if hit is None:
            cover = self.cover
            rows = [y_edge, *self.rows]
            hit = self._points[y_edge] = (
                [(x, y) for y in rows for x in self.xs if _seen(x, y, cover)]
                if cover
                else [(x, y) for y in rows for x in self.xs]  # nothing in front: all seen
            )
        return hit

    def array(self, y_edge: float) -> np.ndarray:
        """:meth:`points` as an n x 2 array."""
        hit = self._arrays.get(y_edge)
        if hit is None:
            hit = self._arrays[y_edge] = np.asarray(self.points(y_edge), dtype=float)
        return hit

    def reach(self, sx: float, sy: float) -> list[Rect]:
        """The other objects a line from ``(sx, sy)`` to a point of the object can pass
        over: those meeting the bounding box of the two (every such line lies in it)."""
        tx0, ty0, tx1, ty1 = self.target
        x0, x1 = min(sx, tx0), max(sx, tx1)
        y0, y1 = min(sy, ty0), max(sy, ty1)
        return [
            o
            for o in self.others
            if not (x1 <= o[0] + 1 or x0 >= o[2] - 1 or y1 <= o[1] + 1 or y0 >= o[3] - 1)
        ]

    def clear(self, sx: float, sy: float, px_: float, py_: float, boxes: list[Rect]) -> bool:
        """Whether the line from ``(sx, sy)`` to a point passes over none of ``boxes``."""
        return not _count_over(sx, sy, px_, py_, boxes, self.target, True)


def _reach_of(tag: Tag) -> _Reach:
    """The tag's :class:`_Reach`, made on first use and kept with the tag."""
    r: _Reach | None = tag.__dict__.get("_reach")
    if r is None:
        r = _Reach(tag)
        object.__setattr__(tag, "_reach", r)
    return r


def leader_line(pt: PlacedTag) -> Segment | None:
    """The leader line of a placed tag, if any: from the tag's edge to a point of its object
    that nothing drawn in front of the object hides: the nearest such point (the edge facing
    the tag first) whose line passes over no other object, else the nearest one."""
    return _line_and_own(pt)[0]


def own_conflicts(pt: PlacedTag) -> int:
    """How many other objects a placed tag's leader line passes over (a neighbour drawn over
    its object counts a quarter of another object: passing over it is the lesser evil)."""
    return _line_and_own(pt)[1]


def _line_and_own(pt: PlacedTag) -> tuple[Segment | None, int]:
    """:func:`leader_line` and :func:`own_conflicts`, worked out once per placed tag and
    kept by what decides them (:data:`_LINES`)."""
    got: tuple[Segment | None, int] | None = pt.__dict__.get("_line")
    if got is None:
        if not pt.leader:
            got = (None, 0)
        else:
            tag, b = pt.tag, pt.box
            t = tag.target
            geo = _reach_of(tag)
            y_from = b.y1 if b.y1 <= t.y0 else b.y0 if b.y0 >= t.y1 else b.cy
            reach = geo.reach(pt.start_x, y_from)
            key = (t, tag.cover, b, pt.anchor, tuple(reach), tag.near)
            got = _LINES.get(key)
            if got is None:
                line = _leader_line(pt, reach)
                (ax, ay), (bx, by) = line
                # every line from the tag to its object lies in the bounding box of the two,
                # so only the objects in reach can be passed over
                hard = _count_over(ax, ay, bx, by, reach, geo.target, False)
                near = _count_over(ax, ay, bx, by, geo.near, geo.target, False)
                got = (line, HARD * hard + near)
                with _LINES_LOCK:  # images are drawn in several threads at once
                    _LINES[key] = got
                    if len(_LINES) > LINES_KEPT:
                        del _LINES[next(iter(_LINES))]
        object.__setattr__(pt, "_line", got)
    return got


#: leader lines and their own conflicts, by what decides them (the object, what is drawn in
#: front of it, the tag's box, the other objects in reach and the neighbours drawn over it):
#: the next image of an episode, where most things stay put, finds most of its lines here
_LINES: dict[
    tuple[Box, tuple[Box, ...], Box, int, tuple[Rect, ...], tuple[Box, ...]],
    tuple[Segment, int],
] = {}
LINES_KEPT = 8192
_LINES_LOCK = threading.Lock()


def _leader_line(pt: PlacedTag, reach: list[Rect]) -> Segment:
    b, t = pt.box, pt.tag.target
    y_from = b.y1 if b.y1 <= t.y0 else b.y0 if b.y0 >= t.y1 else b.cy
    y_edge = t.y0 + 1 if b.y1 <= t.y0 else t.y1 - 2 if b.y0 >= t.y1 else t.cy
    sx, sy = start = (pt.start_x, y_from)
    x_near = min(max(sx, t.x0 + 2), t.x1 - 2)
    geo = _reach_of(pt.tag)
    cover = pt.tag.cover
    near_seen = _seen(x_near, y_edge, cover)
    if near_seen and geo.clear(sx, sy, x_near, y_edge, reach):
        return start, (x_near, y_edge)
    seen = geo.points(y_edge)
    dist = [(p[0] - sx) ** 2 + (p[1] - sy) ** 2 for p in seen]
    order = sorted(range(len(seen)), key=dist.__getitem__)
    for i in order[:FIRST_POINTS]:
        p = seen[i]
        if geo.clear(sx, sy, p[0], p[1], reach):
            return start, p
    if len(order) > FIRST_POINTS:  # the rest at once (a line that finds no clear point
        # tries every point: the costliest case)
        rest = order[FIRST_POINTS:]
        ok = _clear_points(sx, sy, geo.array(y_edge)[rest], reach, geo.target)
        hit = next((i for i, good in zip(rest, ok, strict=True) if good), None)
        if hit is not None:
            return start, seen[hit]
    if near_seen or not seen:
        return start, (x_near, y_edge)
    return start, seen[order[0]]


#: points a leader-line search tries one by one before it tries the rest at once
FIRST_POINTS = 6


def _clear_points(
    sx: float, sy: float, pts: np.ndarray, boxes: Sequence[Rect], own: Rect
) -> list[bool]:
    """For each point (a row of ``pts``), whether the line from ``(sx, sy)`` to it passes
    over none of ``boxes`` (:func:`_count_over` with ``own`` its object), all points at
    once in numpy: the same IEEE operations in the same order, so the same answers (but for
    the last bit of a line's length, ``numpy.hypot`` against :func:`math.hypot`)."""
    if not boxes:
        return [True] * len(pts)
    qx, qy = pts[:, 0], pts[:, 1]
    dx, dy = qx - sx, qy - sy
    length = np.hypot(dx, dy)
    length[length == 0] = 1.0
    lo_x, hi_x = np.minimum(qx, sx), np.maximum(qx, sx)
    lo_y, hi_y = np.minimum(qy, sy), np.maximum(qy, sy)

    def span(b: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Entry and exit along each line into each box of ``b`` (k x 4) shrunk by a pixel,
        and whether the line runs inside it at all (before comparing them)."""
        x0, y0, x1, y1 = (b[:, j][None, :] for j in range(4))
        meet = ~(
            (hi_x[:, None] <= x0 + 1)
            | (lo_x[:, None] >= x1 - 1)
            | (hi_y[:, None] <= y0 + 1)
            | (lo_y[:, None] >= y1 - 1)
        )
        t0 = np.zeros(meet.shape)
        t1 = np.ones(meet.shape)
        with np.errstate(divide="ignore", invalid="ignore"):
            for d, a, lo, hi in ((dx, sx, x0 + 1, x1 - 1), (dy, sy, y0 + 1, y1 - 1)):
                flat = (d == 0)[:, None]
                u = (lo - a) / d[:, None]
                v = (hi - a) / d[:, None]
                t0 = np.where(flat, t0, np.maximum(t0, np.minimum(u, v)))
                t1 = np.where(flat, t1, np.minimum(t1, np.maximum(u, v)))
                meet &= ~flat | ((lo < a) & (a < hi))
        return t0, t1, meet

    # the boxes and, last, the object's own box grown by a pixel, in one pass
    grown = (own[0] - 1, own[1] - 1, own[2] + 1, own[3] + 1)
    t0, t1, meet = span(np.array([*boxes, grown], dtype=float))
    u0, u1, umeet = t0[:, -1:], t1[:, -1:], meet[:, -1:]
    t0, t1, meet = t0[:, :-1], t1[:, :-1], meet[:, :-1]
    cut = umeet & (u1 > u0)
    t1 = np.where(cut, np.minimum(t1, np.maximum(t0, u0)), t1)
    over = meet & (t1 > t0) & ((t1 - t0) * length[:, None] > 1.0)
    return (~over.any(axis=1)).tolist()  # type: ignore[no-any-return]


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
        (ax, ay), (bx, by) = la
        n += _over(ax, ay, bx, by, bbox)
        if lb is not None and not _bounds_apart(la, lb) and crosses(la, lb):
            n += CROSSING
    if lb is not None:
        (ax, ay), (bx, by) = lb
        n += _over(ax, ay, bx, by, abox)
    return n


class PairMemo:
    """The pair conflicts of placed tags already worked out during one placement (the same
    tags are compared again and again while places are tried and swapped). Keyed by the
    tags' identities; each entry keeps its tags, so an identity is never reused while it is
    held. (A placed tag keeps its own leader line and own conflicts.)"""

    def __init__(self) -> None:
        self._pairs: dict[tuple[int, int], tuple[PlacedTag, PlacedTag, int]] = {}

    def own(self, pt: PlacedTag) -> int:
        return own_conflicts(pt)

    def __call__(self, a: PlacedTag, b: PlacedTag) -> int:
        if not a.leader and not b.leader:
            return 0
        ea, eb = _extent(a), _extent(b)
        if ea[2] < eb[0] or eb[2] < ea[0] or ea[3] < eb[1] or eb[3] < ea[1]:
            return 0  # every conflict of two tags lies where both reach
        key = (id(a), id(b))
        hit = self._pairs.get(key)
        if hit is not None:
            return hit[2]
        n = _pair_conflicts(leader_line(a), a.box, leader_line(b), b.box)
        self._pairs[key] = (a, b, n)
        return n


def _extent(pt: PlacedTag) -> tuple[float, float, float, float]:
    """The bounding box of a placed tag's box and its leader line (kept with it): two tags
    whose extents are disjoint have no conflict (:func:`_pair_conflicts`)."""
    got: tuple[float, float, float, float] | None = pt.__dict__.get("_extent")
    if got is None:
        b = pt.box
        line = leader_line(pt)
        if line is None:
            got = (b.x0, b.y0, b.x1, b.y1)
        else:
            (ax, ay), (bx, by) = line
            got = (min(b.x0, ax, bx), min(b.y0, ay, by), max(b.x1, ax, bx), max(b.y1, ay, by))
        object.__setattr__(pt, "_extent", got)
    return got


#: weight of a conflict that matters (against a line over a neighbour drawn over its object)
HARD = 4


def conflicts(
    pt: PlacedTag,
    placed: Sequence[PlacedTag],
    memo: PairMemo | None = None,
    bound: int | None = None,
) -> int:
    """How often a placed tag's leader line passes over another object, crosses another
    tag's leader line or runs over another tag, and how often another's line runs over it
    (weighted: :data:`HARD` each, a neighbour drawn over its object one). ``memo`` keeps what
    one placement has already counted. With ``bound``, the count stops once it reaches it
    (the answer is then some number at least ``bound``: the caller only needs to know the
    place is no better)."""
    if memo is None:
        memo = PairMemo()
    n = memo.own(pt)
    if bound is None:
        return n + HARD * sum(memo(pt, o) for o in placed if o is not pt)
    for o in placed:
        if n >= bound:
            break
        if o is not pt:
            n += HARD * memo(pt, o)
    return n


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
    stays: Collection[int] = (),
) -> list[PlacedTag]:
    """Settle what greedy placement left in conflict (:func:`conflicts`: leader lines that
    cross, pass over another object or tag, tags over another's line): swap the places of two
    tags whose lines cross (each centred where the other was), or else move a tag in conflict
    to another free candidate place (at most :data:`TRIES`), whenever that leaves fewer
    conflicts in all. The tags ``stays`` (indices) are not moved for their own conflicts
    (another's move may still swap them)."""
    pairs = memo if memo is not None else PairMemo()

    def involving(ks: tuple[int, ...], tags: list[PlacedTag]) -> int:
        """The conflicts a change of the tags ``ks`` can alter (each pair counted once)."""
        n = sum(conflicts(tags[k], tags, pairs) for k in ks)
        if len(ks) == 2:  # their mutual conflicts were counted from both sides
            n -= HARD * pairs(tags[ks[0]], tags[ks[1]])
        return n

    blocking: dict[int, list[Box]] = {}
    #: the tags' boxes grown by a pixel, for the list of placed tags they were taken from
    around: dict[int, tuple[list[PlacedTag], list[Box]]] = {}

    def free(pt: PlacedTag, box: Box, tags: list[PlacedTag], skip: tuple[int, ...]) -> bool:
        if not box.inside(width, height) or box.y0 < top or box.overlaps(pt.tag.target):
            return False
        blockers = blocking.get(id(pt.tag))
        if blockers is None:
            blockers = blocking[id(pt.tag)] = [
                o for o in obstacles if o != pt.tag.target and o not in pt.tag.exempt
            ]
        if meets_any(box, blockers):
            return False
        grown = around.get(id(tags))
        if grown is None or grown[0] is not tags:
            grown = around[id(tags)] = (tags, [t.box.expand(1) for t in tags])
        return not any(box.overlaps(g) for m, g in enumerate(grown[1]) if m not in skip)

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
            if i in stays:
                continue
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
            tries = 0
            for c in candidates(pt.tag, size, width, height, top):
                if c == pt.box or not free(pt, c, placed, (i,)):
                    continue
                trial = list(placed)
                trial[i] = at(pt, c)
                if conflicts(trial[i], trial, pairs, before) < before:
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


#: places tried for each of the two tags when both are moved at once (:func:`clear_tags`)
JOINT_TRIES = 24
#: where a moved tag's leader line may start (:attr:`PlacedTag.anchor`), in this order
ANCHORS = (0, -1, 1)

#: what a reader is misled by in a placement, counted (:func:`_faults`): crossings, lines
#: over another object or tag, lines over a neighbour drawn over the object
Faults = tuple[int, int, int]


def _own_faults(pt: PlacedTag) -> Faults:
    line = leader_line(pt)
    if line is None:
        return 0, 0, 0
    (ax, ay), (bx, by) = line
    geo = _reach_of(pt.tag)
    return (
        0,
        _count_over(ax, ay, bx, by, geo.others, geo.target, False),
        _count_over(ax, ay, bx, by, geo.near, geo.target, False),
    )


def _pair_faults(a: PlacedTag, b: PlacedTag) -> Faults:
    la, lb = leader_line(a), leader_line(b)
    if la is None and lb is None:
        return 0, 0, 0
    over = 0
    if la is not None:
        over += _over(la[0][0], la[0][1], la[1][0], la[1][1], b.box)
    if lb is not None:
        over += _over(lb[0][0], lb[0][1], lb[1][0], lb[1][1], a.box)
    cross = la is not None and lb is not None and not _bounds_apart(la, lb) and crosses(la, lb)
    return int(cross), over, 0


def _lines_over_tags(placed: Sequence[PlacedTag]) -> list[tuple[int, int]]:
    """``(i, j)`` for every leader line of tag ``i`` that runs over the tag ``j``, and
    ``(i, i)`` for every line that passes over another object."""
    out = []
    for i, a in enumerate(placed):
        la = leader_line(a)
        if la is None:
            continue
        (ax, ay), (bx, by) = la
        out += [(i, j) for j, b in enumerate(placed) if j != i and _over(ax, ay, bx, by, b.box)]
        if _own_faults(a)[1]:
            out.append((i, i))
    return out


def clear_tags(
    placed: list[PlacedTag], obstacles: Sequence[Box], width: int, height: int, top: int, size: int
) -> list[PlacedTag]:
    """Move tags so no leader line runs over another tag or another object where that costs
    nothing else: for each line over a tag, the line's own tag starts its line near one of
    its ends or moves to another free place (its line from its middle or either end), else
    the tag run over does, else both at once (the first :data:`JOINT_TRIES` places of each);
    for each line over another object, its own tag does so; whenever that leaves fewer
    crossings, or as many and fewer lines over another object or tag in all (a line over a
    neighbour drawn over its object counting last)."""
    found = _lines_over_tags(placed)
    if not found:
        return placed
    blocking: dict[int, list[Box]] = {}

    def free(pt: PlacedTag, box: Box, tags: list[PlacedTag], skip: tuple[int, ...]) -> bool:
        if not box.inside(width, height) or box.y0 < top or box.overlaps(pt.tag.target):
            return False
        blockers = blocking.get(id(pt.tag))
        if blockers is None:
            blockers = blocking[id(pt.tag)] = [
                o for o in obstacles if o != pt.tag.target and o not in pt.tag.exempt
            ]
        if meets_any(box, blockers):
            return False
        return not any(box.overlaps(t.box.expand(1)) for m, t in enumerate(tags) if m not in skip)

    def faults(ks: tuple[int, ...], tags: list[PlacedTag]) -> Faults:
        """The faults a change of the tags ``ks`` can alter (each pair counted once)."""
        c = o = n = 0
        for k in ks:
            c0, o0, n0 = _own_faults(tags[k])
            c, o, n = c + c0, o + o0, n + n0
            for m, other in enumerate(tags):
                if m != k and not (m in ks and m < k):
                    c1, o1, _ = _pair_faults(tags[k], other)
                    c, o = c + c1, o + o1
        return c, o, n

    def places(pt: PlacedTag, tags: list[PlacedTag], skip: tuple[int, ...], n: int) -> list[Box]:
        out: list[Box] = []
        for c in candidates(pt.tag, size, width, height, top):
            if c != pt.box and free(pt, c, tags, skip):
                out.append(c)
                if len(out) >= n:
                    break
        return out

    def at(pt: PlacedTag, box: Box, anchor: int) -> PlacedTag:
        return PlacedTag(pt.tag, box, not box.expand(4).overlaps(pt.tag.target), anchor)

    def moves(
        pt: PlacedTag, tags: list[PlacedTag], skip: tuple[int, ...], n: int
    ) -> list[PlacedTag]:
        """The tag's line from either end of it where it stands, then its other places."""
        here = [at(pt, pt.box, a) for a in ANCHORS if pt.leader and a != pt.anchor]
        return here + [at(pt, c, a) for c in places(pt, tags, skip, n) for a in ANCHORS]

    done: set[tuple[int, int]] = set()
    while found:
        i, j = found[0]
        if (i, j) in done:
            found = found[1:]
            continue
        done.add((i, j))
        better: list[PlacedTag] | None = None
        for ks in ((i,), (j,)) if i != j else ((i,),):
            before = faults(ks, placed)
            for moved in moves(placed[ks[0]], placed, ks, TRIES):
                trial = list(placed)
                trial[ks[0]] = moved
                if faults(ks, trial) < before:
                    better = trial
                    break
            if better is not None:
                break
        if better is None and i != j:
            before = faults((i, j), placed)
            for mj in moves(placed[j], placed, (i, j), JOINT_TRIES):
                step = list(placed)
                step[j] = mj
                for mi in moves(placed[i], step, (i,), JOINT_TRIES):
                    trial = list(step)
                    trial[i] = mi
                    if faults((i, j), trial) < before:
                        better = trial
                        break
                if better is not None:
                    break
        if better is not None:
            placed = better
            found = _lines_over_tags(placed)
        else:
            found = found[1:]
    return placed


def draw_tags(img: Image.Image, placed: Sequence[PlacedTag], size: int) -> None:
    d = ImageDraw.Draw(img)
    for pt in placed:
        line = leader_line(pt)
        if line is not None:
            d.line(list(line), fill=pt.tag.border, width=1)
    for pt in placed:
        b, tag = pt.box, pt.tag
        img.paste(tag_image(tag.text, size, tag.fg, tag.bg, tag.border, b.w, b.h), (b.x0, b.y0))
