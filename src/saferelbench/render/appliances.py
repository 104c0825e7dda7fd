"""Silhouettes that tell apart things a safety judgement depends on: the small heat sources
(a toaster oven, an iron, a space heater; a toaster keeps its slots), chemical bottles (a jug
with a hazard diamond, never a drink bottle), raw meat (a pink patty with fat marbling; cooked,
it browns), a jigsaw puzzle (a box of interlocking pieces, not a power tool) and a place mat (a
flat woven mat, not a cloth)."""

from __future__ import annotations

from saferelbench.render.items import ItemLook, Rect, _fill
from saferelbench.render.paint import INK, ON_LED, Pen, shade

HAZARD: tuple[int, int, int] = (250, 150, 20)


def toaster_oven(p: Pen, b: Rect, st: ItemLook) -> None:
    """A low box with a wide glass door on the left (two heating rods behind it, glowing when
    on) and a control column with two dials on the right; short feet."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    feet = p.n(4)
    p.rrect((x0, y0, x1, y1 - feet), p.n(4), st.color)
    for fx in (x0 + w * 0.1, x1 - w * 0.18):
        p.rect((fx, y1 - feet, fx + w * 0.08, y1), INK, None)
    door = (x0 + p.n(6), y0 + p.n(8), x1 - p.n(28), y1 - feet - p.n(6))
    inside = (70, 40, 30) if st.on else (46, 48, 54)
    if not st.is_open:
        p.rect(door, inside)
    else:
        p.rect(door, (30, 30, 34))
    for f in (0.22, 0.8):  # heating rods
        y = door[1] + (door[3] - door[1]) * f
        p.line(
            [(door[0] + p.n(2), y), (door[2] - p.n(2), y)],
            (255, 110, 40) if st.on else (120, 120, 126),
            p.n(2),
        )
    if not st.is_open:  # glass glint and a bar handle
        p.line(
            [(door[0] + p.n(3), door[3] - p.n(3)), (door[0] + w * 0.2, door[1] + p.n(3))],
            (170, 180, 196),
            1,
        )
        p.rect((door[0], door[1] - p.n(5), door[2], door[1] - p.n(3)), INK, None)
    col = x1 - p.n(24)
    for f in (0.3, 0.62):
        r = min(p.n(8), h * 0.11)
        cx, cy = (col + x1) / 2, y0 + h * f
        p.ellipse((cx - r, cy - r, cx + r, cy + r), (40, 40, 44), INK, 1)
        p.line([(cx, cy), (cx, cy - r)], (230, 230, 230), 1)
    led = (col + p.n(3), y1 - feet - p.n(9), col + p.n(8), y1 - feet - p.n(4))
    p.ellipse(led, ON_LED if st.on else (110, 110, 110), INK, 1)


def iron(p: Pen, b: Rect, st: ItemLook) -> None:
    """A clothes iron seen from the side: a pointed sole plate, a body rising to a loop handle
    at the back, a cord."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    sole = y1 - h * 0.18
    p.poly([(x0, y1), (x1, y1), (x1, sole), (x0 + w * 0.18, sole)], (200, 204, 210))
    p.poly(
        [(x0 + w * 0.06, sole), (x1, sole), (x1, y0 + h * 0.35), (x0 + w * 0.55, y0 + h * 0.35)],
        st.color,
    )
    p.line(
        [
            (x0 + w * 0.5, y0 + h * 0.35),
            (x0 + w * 0.6, y0),
            (x1 - p.n(2), y0),
            (x1 - p.n(2), y0 + h * 0.35),
        ],
        INK,
        p.n(3),
    )
    p.ellipse(
        (x0 + w * 0.62, sole - h * 0.3, x0 + w * 0.72, sole - h * 0.1),
        ON_LED if st.on else (110, 110, 110),
        INK,
        1,
    )
    if st.on:
        p.line([(x0 + w * 0.1, y1 - 1), (x1 - p.n(2), y1 - 1)], (255, 90, 30), p.n(2))


def heater(p: Pen, b: Rect, st: ItemLook) -> None:
    """A space heater: an upright cabinet with a grille of vertical bars (red-orange when on)
    on a foot."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    foot = p.n(5)
    p.rect((x0 + w * 0.1, y1 - foot, x1 - w * 0.1, y1), shade(st.color, 0.6))
    p.rrect((x0, y0, x1, y1 - foot), p.n(5), st.color)
    grille = (x0 + w * 0.15, y0 + h * 0.18, x1 - w * 0.15, y1 - foot - h * 0.12)
    p.rect(grille, (60, 30, 24) if st.on else (70, 72, 78))
    n = 5
    for i in range(1, n):
        x = grille[0] + (grille[2] - grille[0]) * i / n
        p.line(
            [(x, grille[1] + 1), (x, grille[3] - 2)],
            (255, 120, 40) if st.on else (150, 152, 158),
            p.n(2),
        )
    p.ellipse((x1 - w * 0.3, y0 + p.n(3), x1 - w * 0.15, y0 + h * 0.14), (40, 40, 44), INK, 1)


def chem_bottle(p: Pen, b: Rect, st: ItemLook) -> None:
    """A cleaning-chemical jug: a square shoulder, a child-proof cap, a side handle and an
    orange hazard diamond with a black exclamation mark on its label."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    shoulder = y0 + h * 0.25
    p.rect((x0 + w * 0.3, y0, x0 + w * 0.62, y0 + h * 0.1), (230, 60, 40))  # cap
    p.rect((x0 + w * 0.34, y0 + h * 0.1, x0 + w * 0.58, shoulder), st.color)
    p.rrect((x0, shoulder - p.n(3), x1, y1), p.n(4), st.color)
    p.line(
        [(x1 - w * 0.2, shoulder), (x1 - w * 0.2, shoulder + h * 0.2)], shade(st.color, 0.6), p.n(2)
    )
    _fill(p, (x0 + p.n(3), shoulder, x1 - p.n(3), y1 - p.n(3)), st, 0.7)
    cx, cy, r = (x0 + x1) / 2, y0 + h * 0.62, min(w * 0.36, h * 0.16)
    p.poly([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], HAZARD, INK)
    p.line([(cx, cy - r * 0.5), (cx, cy + r * 0.15)], INK, max(1, p.n(2)))
    p.rect((cx - p.n(1), cy + r * 0.3, cx + p.n(1), cy + r * 0.5), INK, None)


def patty(p: Pen, b: Rect, st: ItemLook) -> None:
    """A meat patty or cut: raw it is pink with white fat marbling (cooking tints it brown and
    the marbling turns to grill marks)."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.ellipse(b, st.color)
    raw = st.color[0] > st.color[2] + 40 and st.color[0] > 180 and st.color[1] < 170
    for i, f in enumerate((0.25, 0.5, 0.72)):
        y = y0 + h * (0.35 + 0.15 * (i % 2))
        if raw:
            p.ellipse(
                (x0 + w * f - p.n(3), y - p.n(1.5), x0 + w * f + p.n(3), y + p.n(1.5)),
                (250, 236, 236),
                None,
            )
        else:
            p.line(
                [(x0 + w * f - p.n(4), y + p.n(2)), (x0 + w * f + p.n(4), y - p.n(2))],
                (60, 36, 20),
                p.n(2),
            )


def puzzle(p: Pen, b: Rect, st: ItemLook) -> None:
    """A jigsaw puzzle: a flat box whose lid shows interlocking pieces (knobs on the joins)."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.rect(b, st.color)
    n = 4
    for i in range(1, n):
        x = x0 + w * i / n
        p.line([(x, y0 + 1), (x, y1 - 2)], shade(st.color, 0.6), 1)
        r = max(1.0, h * 0.22)
        p.ellipse(
            (x - r, y0 + h / 2 - r, x + r, y0 + h / 2 + r),
            shade(st.color, 1.25),
            shade(st.color, 0.6),
            1,
        )


def mat(p: Pen, b: Rect, st: ItemLook) -> None:
    """A place mat: a thin flat woven rectangle with fringe at both ends."""
    x0, y0, x1, y1 = b
    w = x1 - x0
    fringe = max(2.0, w * 0.06)
    p.rect((x0 + fringe, y0, x1 - fringe, y1), st.color)
    for i in range(1, 8):
        x = x0 + fringe + (w - 2 * fringe) * i / 8
        p.line([(x, y0 + 1), (x, y1 - 2)], shade(st.color, 0.75), 1)
    for x in (x0, x1 - fringe):
        for k in range(3):
            y = y0 + (y1 - y0) * (k + 0.5) / 3
            p.line([(x, y), (x + fringe, y)], shade(st.color, 0.6), 1)


def candlestick(p: Pen, b: Rect, st: ItemLook) -> None:
    """A candle holder without a candle: a round foot, a turned stem and an empty cup."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2
    p.ellipse((x0, y1 - h * 0.14, x1, y1), st.color)
    p.rect((cx - w * 0.14, y0 + h * 0.2, cx + w * 0.14, y1 - h * 0.1), st.color)
    p.ellipse((cx - w * 0.3, y0 + h * 0.45, cx + w * 0.3, y0 + h * 0.58), shade(st.color, 0.8))
    p.poly(
        [
            (x0 + w * 0.1, y0),
            (x1 - w * 0.1, y0),
            (cx + w * 0.16, y0 + h * 0.22),
            (cx - w * 0.16, y0 + h * 0.22),
        ],
        st.color,
    )
    p.line([(x0 + w * 0.2, y0 + p.n(2)), (x1 - w * 0.2, y0 + p.n(2))], shade(st.color, 0.5), 1)
