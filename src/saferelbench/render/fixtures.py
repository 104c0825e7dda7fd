"""Painters for furniture and appliances: schematic front views a person recognises at once
(a counter with cabinet doors, a stove with burners and knobs, a fridge with a freezer door).

Each painter draws inside ``node.box``; the top edge of the box is the surface things rest on.
Doors swing out to the side when open (drawn outside the box, as a person sees an open door)
and the inside becomes visible; a switched-on appliance glows or shows an indicator.
"""

from __future__ import annotations

from typing import Protocol

from saferelbench.render.geometry import RGB, Box
from saferelbench.render.paint import INK, ON_LED, Pen, inset, shade

STONE: RGB = (214, 206, 192)
GLASS: RGB = (52, 60, 72)


class _Colored(Protocol):
    @property
    def color(self) -> RGB: ...


class Node(Protocol):
    """What a furniture painter reads of a laid-out object (:class:`.layout.Node`)."""

    @property
    def box(self) -> Box: ...
    @property
    def inner(self) -> Box | None: ...
    @property
    def look(self) -> _Colored: ...
    @property
    def kind(self) -> str: ...
    @property
    def raised(self) -> float: ...


class FixtureLook:
    """What a fixture painter needs to know about the object's state."""

    def __init__(self, is_open: bool, on: bool, fills: list[RGB]) -> None:
        self.is_open, self.on, self.fills = is_open, on, fills


def _slab(p: Pen, node: Node, color: RGB = STONE, t: float = 12) -> float:
    x0, y0, x1, _ = node.box
    y = y0 + p.n(t)
    p.rect((x0, y0, x1, y), color)
    return y


def _doors(
    p: Pen, box: tuple[float, float, float, float], color: RGB, count: int | None = None
) -> None:
    x0, y0, x1, y1 = box
    n = count or max(1, round((x1 - x0) / (95 * p.s)))
    w = (x1 - x0) / n
    for i in range(n):
        d = (x0 + i * w + p.n(3), y0 + p.n(4), x0 + (i + 1) * w - p.n(3), y1 - p.n(3))
        p.rect(d, color, shade(color, 0.6), max(1, p.lw // 2))
        kx = d[2] - p.n(9) if i % 2 == 0 else d[0] + p.n(6)
        p.rect((kx, d[1] + p.n(8), kx + p.n(4), d[1] + p.n(26)), (90, 90, 96), None)


def _open_door(p: Pen, node: Node, color: RGB, left: bool = False) -> None:
    """A door swung open towards the viewer, seen foreshortened beside the body."""
    x0, y0, x1, y1 = node.box
    dw, dh = max(p.n(10), (x1 - x0) * 0.16), (y1 - y0) * 0.07
    hinge = x0 if left else x1
    tip = hinge - dw if left else hinge + dw
    p.poly([(hinge, y0), (tip, y0 + dh), (tip, y1 - dh), (hinge, y1)], shade(color, 1.08))
    hx = tip + (p.n(4) if left else -p.n(7))
    p.rect((hx, (y0 + y1) / 2 - p.n(14), hx + p.n(3), (y0 + y1) / 2 + p.n(14)), (90, 90, 96), None)


def _cavity(p: Pen, node: Node, color: RGB) -> None:
    if node.inner is not None:
        p.rect(node.inner, color, shade(color, 0.6))


def _led(p: Pen, x: float, y: float, on: bool) -> None:
    r = p.n(4)
    p.ellipse((x - r, y - r, x + r, y + r), ON_LED if on else (110, 110, 110), INK, 1)


def counter(p: Pen, node: Node, st: FixtureLook) -> None:
    x0, _, x1, y1 = node.box
    y = _slab(p, node)
    p.rect((x0 + p.n(3), y, x1 - p.n(3), y1), node.look.color)
    p.rect((x0 + p.n(3), y1 - p.n(9), x1 - p.n(3), y1), shade(node.look.color, 0.55))
    _doors(p, (x0 + p.n(3), y, x1 - p.n(3), y1 - p.n(9)), shade(node.look.color, 1.06))


def cabinet(p: Pen, node: Node, st: FixtureLook) -> None:
    x0, _, x1, y1 = node.box
    c = node.look.color
    y = _slab(p, node, shade(c, 0.85), 8)
    p.rect((x0, y, x1, y1), c)
    p.rect((x0, y1 - p.n(9), x1, y1), shade(c, 0.55))
    if st.is_open:
        _cavity(p, node, shade(c, 0.5))
        if node.inner is not None:
            ix0, iy0, ix1, iy1 = node.inner
            p.line([(ix0, (iy0 + iy1) / 2), (ix1, (iy0 + iy1) / 2)], shade(c, 0.75), p.n(3))
        _open_door(p, node, c)
    else:
        _doors(p, (x0, y, x1, y1 - p.n(9)), shade(c, 1.08))


def table(p: Pen, node: Node, st: FixtureLook) -> None:
    x0, y0, x1, y1 = node.box
    c = node.look.color
    y = _slab(p, node, c, 14)
    leg = p.n(12)
    for lx in (x0 + p.n(10), x1 - p.n(10) - leg):
        p.rect((lx, y, lx + leg, y1), shade(c, 0.8))
    p.rect((x0 + p.n(10), y, x1 - p.n(10), y + p.n(10)), shade(c, 0.9))


def stove(p: Pen, node: Node, st: FixtureLook) -> None:
    x0, y0, x1, y1 = node.box
    p.rect((x0, y0, x1, y1), node.look.color)
    p.rect((x0, y0, x1, y0 + p.n(9)), (40, 40, 44))
    w = x1 - x0
    for cx in (x0 + w * 0.28, x0 + w * 0.72):  # burners, seen edge-on on the cooktop
        rx = w * 0.16
        fill = (250, 90, 30) if st.on else (70, 70, 74)
        p.ellipse((cx - rx, y0 - p.n(4), cx + rx, y0 + p.n(5)), fill, INK)
        if st.on:
            for i in range(5):
                fx = cx - rx * 0.8 + i * rx * 0.4
                p.poly(
                    [(fx - p.n(4), y0 - p.n(2)), (fx, y0 - p.n(13)), (fx + p.n(4), y0 - p.n(2))],
                    (80, 140, 255),
                    None,
                )
    ky = y0 + p.n(22)
    for i in range(4):  # knobs
        kx = x0 + w * (0.2 + 0.2 * i)
        r = p.n(6)
        p.ellipse(
            (kx - r, ky - r, kx + r, ky + r), (60, 60, 64) if not st.on else (230, 80, 40), INK, 1
        )
    door = (x0 + p.n(10), y0 + p.n(36), x1 - p.n(10), y1 - p.n(14))
    p.rect(door, shade(node.look.color, 0.92))
    p.rect(inset(door, p.n(14), p.n(18)), GLASS, INK, 1)
    p.rect(
        (door[0] + p.n(12), door[1] + p.n(6), door[2] - p.n(12), door[1] + p.n(11)),
        (90, 90, 96),
        None,
    )


def grill(p: Pen, node: Node, st: FixtureLook) -> None:
    """A grill: a dark firebox on a cart, grate bars on top (glowing when on), a lid handle."""
    x0, y0, x1, y1 = node.box
    c = node.look.color
    w, h = x1 - x0, y1 - y0
    box_bottom = y0 + h * 0.42
    p.rect((x0, y0 + p.n(6), x1, box_bottom), c)
    p.rect((x0 + w * 0.3, y0 + p.n(14), x1 - w * 0.3, y0 + p.n(20)), (170, 170, 176))
    grate = (250, 90, 30) if st.on else (120, 120, 126)
    p.rect((x0, y0, x1, y0 + p.n(7)), (40, 40, 44))
    for i in range(1, 8):
        gx = x0 + w * i / 8
        p.line([(gx, y0), (gx, y0 + p.n(6))], grate, p.lw)
    p.rect((x0 + p.n(8), box_bottom, x1 - p.n(8), y1 - p.n(8)), shade(c, 1.4))
    p.rect((x0 + p.n(8), y0 + h * 0.7, x1 - p.n(8), y0 + h * 0.72 + p.n(4)), c)
    for lx in (x0 + p.n(8), x1 - p.n(18)):
        p.rect((lx, box_bottom, lx + p.n(10), y1), c)
    r = p.n(6)
    kx, ky = x0 + w * 0.15, y0 + h * 0.28
    p.ellipse((kx - r, ky - r, kx + r, ky + r), (230, 80, 40) if st.on else (90, 90, 94), INK, 1)


def oven(p: Pen, node: Node, st: FixtureLook) -> None:
    x0, y0, x1, y1 = node.box
    c = node.look.color
    p.rect((x0, y0, x1, y1), c)
    p.rect((x0, y0, x1, y0 + p.n(30)), shade(c, 0.8))
    _led(p, x1 - p.n(14), y0 + p.n(15), st.on)
    if st.is_open:
        _cavity(p, node, (255, 170, 80) if st.on else (60, 60, 66))
        _open_door(p, node, c)
    else:
        door = (x0 + p.n(10), y0 + p.n(36), x1 - p.n(10), y1 - p.n(12))
        p.rect(door, shade(c, 0.95))
        p.rect(inset(door, p.n(14), p.n(18)), (255, 150, 50) if st.on else GLASS, INK, 1)


def microwave(p: Pen, node: Node, st: FixtureLook) -> None:
    x0, y0, x1, y1 = node.box
    c = node.look.color
    p.rrect((x0, y0, x1, y1), p.n(6), c)
    panel = x1 - p.n(36)
    p.rect(
        (panel + p.n(6), y0 + p.n(10), x1 - p.n(6), y0 + p.n(22)),
        (30, 60, 40) if st.on else (40, 44, 50),
        INK,
        1,
    )
    for i in range(3):
        by = y0 + p.n(32 + 12 * i)
        p.rect((panel + p.n(8), by, x1 - p.n(8), by + p.n(7)), shade(c, 0.8), INK, 1)
    _led(p, (panel + x1) / 2, y1 - p.n(12), st.on)
    if st.is_open:
        _cavity(p, node, (235, 232, 214) if st.on else (120, 124, 130))
        _open_door(p, node, c, left=True)
    else:
        door = (x0 + p.n(6), y0 + p.n(6), panel, y1 - p.n(6))
        p.rect(door, shade(c, 0.9))
        glass = (255, 214, 110) if st.on else GLASS
        p.rect(inset(door, p.n(9)), glass, INK, 1)
        gx0, gy0, _, gy1 = inset(door, p.n(9))
        p.line(
            [(gx0 + p.n(8), gy1 - p.n(6)), (gx0 + p.n(22), gy0 + p.n(6))], shade(glass, 1.3), p.n(3)
        )


def washer(p: Pen, node: Node, st: FixtureLook) -> None:
    x0, y0, x1, y1 = node.box
    c = node.look.color
    p.rect((x0, y0, x1, y1), c)
    p.rect((x0, y0, x1, y0 + p.n(30)), shade(c, 0.88))
    _led(p, x1 - p.n(14), y0 + p.n(15), st.on)
    if st.is_open:
        _cavity(p, node, (70, 74, 80))
        _open_door(p, node, c)
    else:
        cx, cy = (x0 + x1) / 2, (y0 + p.n(30) + y1) / 2
        r = min(x1 - x0, y1 - y0 - p.n(30)) * 0.36
        p.ellipse((cx - r, cy - r, cx + r, cy + r), (120, 170, 220) if st.on else GLASS)


def fridge(p: Pen, node: Node, st: FixtureLook) -> None:
    x0, y0, x1, y1 = node.box
    c = node.look.color
    p.rrect((x0, y0, x1, y1), p.n(8), c)
    if st.is_open:
        _cavity(p, node, (236, 246, 255))
        if node.inner is not None:
            ix0, iy0, ix1, iy1 = node.inner
            for f in (0.3, 0.62):
                y = iy0 + (iy1 - iy0) * f
                p.line([(ix0, y), (ix1, y)], (170, 190, 210), p.n(3))
        _open_door(p, node, c)
    else:
        split = y0 + (y1 - y0) * 0.32
        p.line([(x0, split), (x1, split)], INK)
        for a, b in ((y0 + p.n(14), split - p.n(14)), (split + p.n(14), split + p.n(80))):
            p.rect((x0 + p.n(10), a, x0 + p.n(16), b), (150, 154, 160), INK, 1)


def sink(p: Pen, node: Node, st: FixtureLook) -> None:
    x0, y0, x1, y1 = node.box
    y = _slab(p, node)
    p.rect((x0 + p.n(3), y, x1 - p.n(3), y1), node.look.color)
    _doors(
        p, (x0 + p.n(3), y0 + p.n(66), x1 - p.n(3), y1 - p.n(9)), shade(node.look.color, 1.06), 2
    )
    p.rect((x0 + p.n(3), y1 - p.n(9), x1 - p.n(3), y1), shade(node.look.color, 0.55))
    if node.inner is not None:
        bx0, by0, bx1, by1 = node.inner
        p.rect((bx0, by0, bx1, by1), (176, 182, 190))
        if st.fills:
            p.rect(
                (bx0 + p.lw, by0 + (by1 - by0) * 0.35, bx1 - p.lw, by1 - p.lw), st.fills[0], None
            )
        # A faucet behind the basin, rising above the counter.
        fx = bx1 - p.n(14)
        top = y0 - p.n(34)
        p.line(
            [(fx, y0), (fx, top), (fx - p.n(24), top), (fx - p.n(24), top + p.n(8))],
            (150, 154, 160),
            p.n(5),
        )
        if st.on:  # the tap runs: a stream into the basin and a splash
            sx = fx - p.n(24)
            p.rect((sx - p.n(4), top + p.n(8), sx + p.n(4), by1 - p.n(4)), (90, 160, 240), None)
            p.line([(sx - p.n(1), top + p.n(10)), (sx - p.n(1), by1 - p.n(8))], (200, 226, 255), 1)
            p.ellipse(
                (sx - p.n(16), by1 - p.n(10), sx + p.n(16), by1 - p.n(1)), (90, 160, 240), None
            )


def shelf(p: Pen, node: Node, st: FixtureLook) -> None:
    x0, y0, x1, y1 = node.box
    c = node.look.color
    p.rect((x0, y0, x1, y1), shade(c, 1.5))
    post = p.n(9)
    p.rect((x0, y0, x0 + post, y1), c)
    p.rect((x1 - post, y0, x1, y1), c)
    mid = node.inner[3] if node.inner is not None else y1 - (y1 - y0) * 0.48
    for y in (y0, mid, y1 - p.n(10)):
        p.rect((x0, y, x1, y + p.n(10)), c)


def generic(p: Pen, node: Node, st: FixtureLook) -> None:
    x0, y0, x1, y1 = node.box
    c = node.look.color
    y = _slab(p, node, shade(c, 0.85), 8)
    p.rect((x0, y, x1, y1), c)
    if st.is_open:
        _cavity(p, node, shade(c, 0.5))
        _open_door(p, node, c)


def bed(p: Pen, node: Node, st: FixtureLook) -> None:
    x0, y0, x1, y1 = node.box
    c = node.look.color
    p.rect((x0, y0 + p.n(20), x1, y1 - p.n(30)), (246, 246, 250))
    p.rect((x0, y1 - p.n(40), x1, y1 - p.n(12)), c)
    p.rect((x0, y0, x0 + p.n(14), y1), (130, 96, 64))
    p.rect((x0 + p.n(16), y0 + p.n(4), x0 + p.n(80), y0 + p.n(22)), (250, 250, 250))


def sofa(p: Pen, node: Node, st: FixtureLook) -> None:
    x0, y0, x1, y1 = node.box
    c = node.look.color
    p.rrect((x0 + p.n(14), y0 - p.n(40), x1 - p.n(14), y0 + p.n(10)), p.n(10), shade(c, 0.9))
    p.rrect((x0, y0, x1, y1 - p.n(14)), p.n(10), c)
    p.rrect((x0, y0 - p.n(16), x0 + p.n(22), y1 - p.n(14)), p.n(8), shade(c, 0.8))
    p.rrect((x1 - p.n(22), y0 - p.n(16), x1, y1 - p.n(14)), p.n(8), shade(c, 0.8))


def chair(p: Pen, node: Node, st: FixtureLook) -> None:
    x0, y0, x1, y1 = node.box
    c = node.look.color
    p.rect((x0, y0, x1, y0 + p.n(10)), c)
    for lx in (x0 + p.n(4), x1 - p.n(14)):
        p.rect((lx, y0 + p.n(10), lx + p.n(10), y1), shade(c, 0.8))


def door(p: Pen, node: Node, st: FixtureLook) -> None:
    x0, y0, x1, y1 = node.box
    c = node.look.color
    if st.is_open:
        p.rect((x0, y0, x1, y1), (60, 56, 52))
        _open_door(p, node, c)
    else:
        p.rect((x0, y0, x1, y1), c)
        p.ellipse(
            (x1 - p.n(22), (y0 + y1) / 2 - p.n(5), x1 - p.n(12), (y0 + y1) / 2 + p.n(5)),
            (220, 190, 90),
        )


def window(p: Pen, node: Node, st: FixtureLook) -> None:
    x0, y0, x1, y1 = node.box
    p.rect((x0, y0, x1, y1), (250, 250, 250))
    p.rect(inset(node.box, p.n(8)), node.look.color)
    p.line([((x0 + x1) / 2, y0), ((x0 + x1) / 2, y1)], INK)


def screen(p: Pen, node: Node, st: FixtureLook) -> None:
    x0, y0, x1, y1 = node.box
    p.rect((x0, y0, x1, y1), (30, 30, 34))
    p.rect(inset(node.box, p.n(6)), (110, 170, 230) if st.on else (50, 56, 66))


def tub(p: Pen, node: Node, st: FixtureLook) -> None:
    x0, y0, x1, y1 = node.box
    p.rrect((x0, y0, x1, y1), p.n(18), node.look.color)
    if st.fills and node.inner is not None:
        ix0, iy0, ix1, iy1 = node.inner
        p.rect((ix0, iy0 + (iy1 - iy0) * 0.4, ix1, iy1), st.fills[0], None)


def toilet(p: Pen, node: Node, st: FixtureLook) -> None:
    x0, y0, x1, y1 = node.box
    c = node.look.color
    p.rect((x0 + p.n(50), y0 - p.n(40), x1, y0 + p.n(10)), c)
    p.rrect((x0, y0, x1, y0 + p.n(30)), p.n(10), c)
    p.rect((x0 + p.n(24), y0 + p.n(30), x1 - p.n(14), y1), shade(c, 0.95))


def pedestal(p: Pen, node: Node, floor_y: int) -> None:
    """The base unit under an appliance that stands in the row (a built-in microwave)."""
    x0, _, x1, y1 = node.box
    c = (176, 150, 116)
    p.rect((x0, y1, x1, floor_y), c)
    p.rect((x0, floor_y - p.n(9), x1, floor_y), shade(c, 0.55))
    _doors(p, (x0, y1, x1, floor_y - p.n(9)), shade(c, 1.06), 1)
