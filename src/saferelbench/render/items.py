"""Painters for movable things: simple silhouettes with a category colour (a mug has a handle,
a pan a long handle, foil is a crinkled silver sheet, a paper towel is a roll).

Each painter fills its box exactly: the box bottom is where the thing stands. Containers draw a
fill level for the liquid they hold. Cooking and freezing tint the colour (brown / icy blue).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from saferelbench.render.geometry import RGB
from saferelbench.render.paint import COOKED, FROST, GLOW, INK, ON_LED, Pen, inset, mix, shade

Rect = tuple[float, float, float, float]


@dataclass
class ItemLook:
    color: RGB
    is_open: bool = False
    on: bool = False
    fills: Sequence[RGB] = field(default_factory=tuple)
    full: bool = False  #: full to the brim: the fill reaches the top
    partial: bool = False  #: holds some (``contains``) but is not ``filled``: a low level


def tinted(color: RGB, cooked: bool, frozen: bool) -> RGB:
    if cooked:
        color = mix(color, COOKED, 0.55)
    if frozen:
        color = mix(color, FROST, 0.55)
    return color


def _fill(p: Pen, box: Rect, st: ItemLook, level: float = 0.6) -> None:
    """A liquid fill level in the lower part of ``box``."""
    if not st.fills:
        return
    x0, y0, x1, y1 = box
    if st.partial and not st.full:
        level = min(level, 0.3)
    top = y0 if st.full else y1 - (y1 - y0) * level
    p.rect((x0, top, x1, y1), st.fills[0], None)
    p.line([(x0, top), (x1, top)], shade(st.fills[0], 0.7), max(1, p.lw // 2))


def sheet(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    n = 7
    pts = [(x0, y1)]
    for i in range(n + 1):
        pts.append((x0 + (x1 - x0) * i / n, y0 if i % 2 == 0 else y0 + (y1 - y0) * 0.45))
    pts.append((x1, y1))
    p.poly(pts, st.color, shade(st.color, 0.55))
    for i in range(1, n, 2):
        x = x0 + (x1 - x0) * i / n
        p.line([(x, y0 + (y1 - y0) * 0.5), (x + (x1 - x0) / n, y1 - 1)], (250, 250, 255), 1)


def foil(p: Pen, b: Rect, st: ItemLook) -> None:
    """Crumpled aluminium foil: a faceted silver lump with bright creases."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    outline = [
        (0.0, 0.7),
        (0.12, 0.25),
        (0.35, 0.05),
        (0.6, 0.12),
        (0.82, 0.0),
        (1.0, 0.45),
        (0.9, 1.0),
        (0.1, 1.0),
    ]
    pts = [(x0 + fx * w, y0 + fy * h) for fx, fy in outline]
    p.poly(pts, st.color, (90, 94, 104))
    centre = (x0 + 0.5 * w, y0 + 0.55 * h)
    for fx, fy in ((0.12, 0.25), (0.6, 0.12), (1.0, 0.45), (0.1, 1.0)):
        p.line([centre, (x0 + fx * w, y0 + fy * h)], (250, 252, 255), max(1, p.lw // 2 + 1))
    p.poly(
        [centre, (x0 + 0.35 * w, y0 + 0.05 * h), (x0 + 0.6 * w, y0 + 0.12 * h)],
        (232, 236, 244),
        None,
    )
    p.poly([centre, (x0 + 0.9 * w, y1), (x0 + 0.5 * w, y1)], (160, 164, 176), None)


def roll(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    p.rect((x0, y0 + p.n(4), x1, y1), st.color)
    p.ellipse((x0, y0, x1, y0 + p.n(9)), shade(st.color, 0.92))
    cx = (x0 + x1) / 2
    p.ellipse((cx - p.n(5), y0 + p.n(2), cx + p.n(5), y0 + p.n(7)), (150, 120, 90), None)
    for f in (0.45, 0.7):
        y = y0 + (y1 - y0) * f
        p.line([(x0 + 1, y), (x1 - 1, y)], (200, 200, 196), 1)


def cloth(p: Pen, b: Rect, st: ItemLook) -> None:
    p.rrect(b, p.n(4), st.color)
    x0, y0, x1, y1 = b
    p.line(
        [(x0 + (x1 - x0) * 0.3, y0 + 2), (x0 + (x1 - x0) * 0.35, y1 - 2)], shade(st.color, 0.7), 1
    )


def book(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    p.rect(b, st.color)
    p.rect((x0 + p.n(5), y0 + p.lw, x1 - p.lw, y1 - p.lw - p.n(3)), (246, 242, 228), None)
    p.line([(x0 + p.n(5), (y0 + y1) / 2), (x1 - p.lw, (y0 + y1) / 2)], (200, 196, 180), 1)


def laptop(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    p.rect(b, st.color)
    if st.is_open:  # the screen stands up behind the base
        p.poly(
            [
                (x0 + p.n(6), y0),
                (x0 + p.n(12), y0 - p.n(40)),
                (x1 - p.n(4), y0 - p.n(40)),
                (x1 - p.n(10), y0),
            ],
            (110, 170, 230) if st.on else (60, 64, 74),
        )
    elif st.on:
        p.ellipse((x1 - p.n(8), y0 + p.n(3), x1 - p.n(4), y0 + p.n(7)), ON_LED, None)


def lamp(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    cx = (x0 + x1) / 2
    p.rect((x0 + (x1 - x0) * 0.2, y1 - p.n(8), x1 - (x1 - x0) * 0.2, y1), (90, 90, 96))
    p.line([(cx, y1 - p.n(8)), (cx, y0 + (y1 - y0) * 0.4)], (90, 90, 96), p.n(4))
    shade_c = GLOW if st.on else st.color
    p.poly(
        [
            (x0 + (x1 - x0) * 0.25, y0),
            (x1 - (x1 - x0) * 0.25, y0),
            (x1, y0 + (y1 - y0) * 0.42),
            (x0, y0 + (y1 - y0) * 0.42),
        ],
        shade_c,
    )


def candle(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    p.rect((x0, y0 + p.n(6), x1, y1), st.color)
    cx = (x0 + x1) / 2
    p.line([(cx, y0), (cx, y0 + p.n(6))], INK, 1)


def gadget(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    p.rrect(b, p.n(8), st.color)
    w = x1 - x0
    for f in (0.3, 0.62):  # slots on top (a toaster), visible as dark grooves
        p.rect(
            (x0 + w * f, y0, x0 + w * f + w * 0.16, y0 + p.n(5)),
            (255, 90, 30) if st.on else (40, 40, 44),
            None,
        )
    p.rect((x1 - p.n(6), y0 + p.n(12), x1, y0 + p.n(18)), (60, 60, 66), None)
    led = (x0 + p.n(8), y1 - p.n(12), x0 + p.n(15), y1 - p.n(5))
    p.ellipse(led, ON_LED if st.on else (110, 110, 110), INK, 1)


def plate(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    p.poly([(x0, y0), (x1, y0), (x1 - p.n(10), y1), (x0 + p.n(10), y1)], st.color)


def tray(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    p.rect(b, st.color)
    p.line([(x0 + p.n(3), y0 + p.n(3)), (x1 - p.n(3), y0 + p.n(3))], shade(st.color, 0.75), 1)


def pan(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    body = (x0, y0, x0 + (x1 - x0) * 0.68, y1)
    p.poly(
        [(body[0], body[1]), (body[2], body[1]), (body[2] - p.n(4), y1), (body[0] + p.n(4), y1)],
        st.color,
    )
    _fill(p, inset(body, p.n(5), p.n(3)), st)
    p.rect((body[2], y0 + p.n(3), x1, y0 + p.n(8)), (40, 36, 34))


def pot(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    ear = p.n(6)
    p.rect((x0 + ear, y0, x1 - ear, y1), st.color)
    _fill(p, inset((x0 + ear, y0, x1 - ear, y1), p.n(3)), st)
    for ex in ((x0, x0 + ear), (x1 - ear, x1)):
        p.rect((ex[0], y0 + p.n(6), ex[1], y0 + p.n(11)), shade(st.color, 0.6), None)
    p.rect((x0 + ear, y0, x1 - ear, y0 + p.n(4)), shade(st.color, 0.8))


def bowl(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    p.d.chord((x0, y0 - (y1 - y0), x1 - 1, y1 - 1), 0, 180, fill=st.color, outline=INK, width=p.lw)
    if st.fills:
        p.d.chord(
            (x0 + p.n(5), y0 - (y1 - y0) + p.n(8), x1 - p.n(5), y1 - p.n(4)),
            0,
            180,
            fill=st.fills[0],
        )
    p.line([(x0, y0), (x1 - 1, y0)], INK)


def cup(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    body = (x0, y0, x1 - (x1 - x0) * 0.25, y1)
    p.ellipse(
        (body[2] - p.n(6), y0 + (y1 - y0) * 0.25, x1, y0 + (y1 - y0) * 0.7), None, INK, p.n(3)
    )
    p.rect(body, st.color)
    _fill(p, inset(body, p.n(3)), st, 0.7)


def glass(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    p.poly([(x0, y0), (x1, y0), (x1 - p.n(3), y1), (x0 + p.n(3), y1)], st.color)
    _fill(p, inset(b, p.n(4)), st, 0.7)


def bottle(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    w = x1 - x0
    neck = y0 + (y1 - y0) * 0.3
    p.rect((x0 + w * 0.32, y0, x1 - w * 0.32, y0 + p.n(6)), (60, 60, 70))
    p.rect((x0 + w * 0.3, y0 + p.n(6), x1 - w * 0.3, neck), st.color)
    p.rrect((x0, neck - p.n(4), x1, y1), p.n(6), st.color)
    _fill(p, inset((x0, neck, x1, y1), p.n(3)), st, 0.75)
    p.rect(
        (x0 + p.n(3), y0 + (y1 - y0) * 0.55, x1 - p.n(3), y0 + (y1 - y0) * 0.78),
        (246, 246, 240),
        None,
    )


def jar(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    p.rrect((x0, y0 + p.n(6), x1, y1), p.n(5), st.color)
    _fill(p, inset((x0, y0 + p.n(6), x1, y1), p.n(3)), st)
    p.rect((x0 + p.n(2), y0, x1 - p.n(2), y0 + p.n(7)), shade(st.color, 0.6))


def box(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    p.rect(b, st.color)
    _fill(p, inset(b, p.n(3)), st)
    if st.is_open:  # flaps folded back
        f = p.n(14)
        p.poly(
            [(x0, y0), (x0 - f * 0.6, y0 - f), (x0 + f, y0 - f), (x0 + f * 1.2, y0)],
            shade(st.color, 1.1),
        )
        p.poly(
            [(x1, y0), (x1 + f * 0.6, y0 - f), (x1 - f, y0 - f), (x1 - f * 1.2, y0)],
            shade(st.color, 1.1),
        )
    else:
        p.line([((x0 + x1) / 2, y0), ((x0 + x1) / 2, y0 + p.n(10))], shade(st.color, 0.6), p.n(4))


def utensil(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    p.rect((x0, y0, x0 + (x1 - x0) * 0.4, y1), (70, 56, 44))
    p.poly(
        [(x0 + (x1 - x0) * 0.4, y0), (x1, y0 + (y1 - y0) * 0.4), (x0 + (x1 - x0) * 0.4, y1)],
        st.color,
    )


def round_(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    p.ellipse(b, st.color)
    p.ellipse(
        (x0 + (x1 - x0) * 0.25, y0 + (y1 - y0) * 0.2, x0 + (x1 - x0) * 0.45, y0 + (y1 - y0) * 0.4),
        shade(st.color, 1.35),
        None,
    )


def loaf(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    p.rrect(b, min(x1 - x0, y1 - y0) * 0.45, st.color)
    for f in (0.3, 0.5, 0.7):
        x = x0 + (x1 - x0) * f
        p.line([(x, y0 + p.n(3)), (x + p.n(5), y0 + p.n(9))], shade(st.color, 0.7), 1)


def meat(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    p.ellipse((x0, y0, x1 - (x1 - x0) * 0.15, y1), st.color)
    p.line(
        [(x1 - (x1 - x0) * 0.2, (y0 + y1) / 2), (x1 - p.n(3), (y0 + y1) / 2)],
        (246, 240, 226),
        p.n(5),
    )


def long_food(p: Pen, b: Rect, st: ItemLook) -> None:
    p.ellipse(b, st.color)


def device(p: Pen, b: Rect, st: ItemLook) -> None:
    p.rrect(b, p.n(4), st.color)
    p.rect(inset(b, p.n(3)), (110, 170, 230) if st.on else (70, 76, 88), None)


def vase(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    w = x1 - x0
    p.rect((x0 + w * 0.3, y0, x1 - w * 0.3, y0 + (y1 - y0) * 0.35), st.color)
    p.ellipse((x0, y0 + (y1 - y0) * 0.25, x1, y1), st.color)


def block(p: Pen, b: Rect, st: ItemLook) -> None:
    p.rrect(b, p.n(6), st.color)
    _fill(p, inset(b, p.n(3)), st)
