"""More item silhouettes, so that each kind of thing reads as what it is (a teaspoon is a
spoon, a monitor a screen on a stand, a spray bottle has a trigger), not a generic block.

Same contract as :mod:`saferelbench.render.items`: each painter fills its box, whose bottom
is where the thing stands; containers draw the fill level of what they hold.
"""

from __future__ import annotations

from saferelbench.render.items import ItemLook, Rect, _fill
from saferelbench.render.paint import GLOW, INK, ON_LED, Pen, inset, shade

LIT = (110, 170, 230)  #: a screen that is on
DARK = (60, 64, 74)  #: a screen that is off


def spray(p: Pen, b: Rect, st: ItemLook) -> None:
    """A spray bottle: body, trigger head with nozzle, a warning label."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.rrect((x0, y0 + h * 0.32, x1, y1), p.n(5), st.color)
    _fill(p, inset((x0, y0 + h * 0.32, x1, y1), p.n(3)), st, 0.7)
    p.rect((x0 + w * 0.3, y0 + h * 0.18, x1 - w * 0.25, y0 + h * 0.33), (60, 60, 70))
    p.poly(
        [(x0 + w * 0.2, y0), (x1, y0), (x1, y0 + h * 0.1), (x0 + w * 0.35, y0 + h * 0.2)],
        (240, 240, 240),
    )
    p.line([(x0 + w * 0.3, y0 + h * 0.2), (x0 + w * 0.15, y0 + h * 0.3)], INK, p.lw)
    p.rect((x0 + p.n(3), y0 + h * 0.58, x1 - p.n(3), y0 + h * 0.8), (250, 214, 60), None)


def case(p: Pen, b: Rect, st: ItemLook) -> None:
    """A case with a carrying handle on top (briefcase, toolbox)."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.rrect((x0 + w * 0.35, y0, x1 - w * 0.35, y0 + h * 0.3), p.n(3), None)
    p.rrect((x0, y0 + h * 0.2, x1, y1), p.n(4), st.color)
    p.line([(x0, y0 + h * 0.45), (x1 - 1, y0 + h * 0.45)], shade(st.color, 0.6), p.lw)
    for f in (0.25, 0.7):
        p.rect((x0 + w * f, y0 + h * 0.38, x0 + w * f + w * 0.06, y0 + h * 0.52), (210, 190, 90))


def sausage(p: Pen, b: Rect, st: ItemLook) -> None:
    """A sausage, in a bun when it is a hot dog."""
    x0, y0, x1, y1 = b
    h = y1 - y0
    p.ellipse((x0, y0, x1, y1), st.color)
    p.line([(x0 + h * 0.6, y0 + h * 0.35), (x1 - h * 0.6, y0 + h * 0.35)], shade(st.color, 1.3), 1)


def burger(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    h = y1 - y0
    p.d.chord((x0, y0, x1 - 1, y0 + h * 0.9), 180, 360, fill=st.color, outline=INK, width=p.lw)
    p.rect((x0 + p.n(2), y0 + h * 0.45, x1 - p.n(2), y0 + h * 0.6), (90, 160, 60), None)
    p.rect((x0, y0 + h * 0.58, x1, y0 + h * 0.76), (120, 60, 40))
    p.rrect((x0, y0 + h * 0.74, x1, y1), p.n(3), st.color)


def waffle(p: Pen, b: Rect, st: ItemLook) -> None:
    """A waffle: a flat square with a grid."""
    x0, y0, x1, y1 = b
    p.rect(b, st.color)
    n = 5
    for i in range(1, n):
        x = x0 + (x1 - x0) * i / n
        p.line([(x, y0 + 1), (x, y1 - 2)], shade(st.color, 0.7), 1)
    p.line([(x0 + 1, (y0 + y1) / 2), (x1 - 2, (y0 + y1) / 2)], shade(st.color, 0.7), 1)


def flat_food(p: Pen, b: Rect, st: ItemLook) -> None:
    """A flatbread or pancake: a thin disc seen edge-on, with browned spots."""
    x0, y0, x1, y1 = b
    p.ellipse(b, st.color)
    for f in (0.3, 0.55, 0.75):
        x = x0 + (x1 - x0) * f
        p.ellipse((x - 2, y0 + 2, x + 2, y0 + 5), shade(st.color, 0.7), None)


def baked(p: Pen, b: Rect, st: ItemLook) -> None:
    """A baked dish (lasagna, quiche) in its tin: a golden top with a crimped rim."""
    x0, y0, x1, y1 = b
    h = y1 - y0
    p.poly(
        [(x0, y0 + h * 0.3), (x1, y0 + h * 0.3), (x1 - p.n(5), y1), (x0 + p.n(5), y1)],
        (120, 124, 132),
    )
    p.rrect((x0 + p.n(3), y0, x1 - p.n(3), y0 + h * 0.45), p.n(4), st.color)
    for i in range(6):
        x = x0 + p.n(6) + (x1 - x0 - p.n(12)) * i / 5
        p.ellipse((x - 2, y0 + h * 0.12, x + 2, y0 + h * 0.3), shade(st.color, 0.75), None)


def veg(p: Pen, b: Rect, st: ItemLook) -> None:
    """A head of broccoli or lettuce: a stalk and a bumpy crown."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.rect((x0 + w * 0.4, y0 + h * 0.5, x1 - w * 0.4, y1), shade(st.color, 1.3))
    for fx, fy in ((0.05, 0.2), (0.35, 0.0), (0.55, 0.15), (0.2, 0.3)):
        p.ellipse((x0 + w * fx, y0 + h * fy, x0 + w * (fx + 0.42), y0 + h * (fy + 0.42)), st.color)


def bulb(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.ellipse((x0, y0, x1, y0 + h * 0.7), GLOW if st.on else st.color)
    p.rect((x0 + w * 0.3, y0 + h * 0.65, x1 - w * 0.3, y1), (160, 164, 170))
    for f in (0.75, 0.87):
        p.line([(x0 + w * 0.3, y0 + h * f), (x1 - w * 0.3, y0 + h * f)], INK, 1)


def clock(p: Pen, b: Rect, st: ItemLook) -> None:
    """A clock: a round face with hands, on two feet."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    face = (x0, y0, x1, y0 + min(w, h * 0.88))
    p.ellipse(face, st.color)
    inner = inset(face, p.n(4))
    p.ellipse(inner, (250, 250, 246))
    cx, cy = (inner[0] + inner[2]) / 2, (inner[1] + inner[3]) / 2
    p.line([(cx, cy), (cx, inner[1] + p.n(3))], INK, p.lw)
    p.line([(cx, cy), (inner[2] - p.n(4), cy)], INK, max(1, p.lw // 2 + 1))
    p.line([(x0 + w * 0.2, face[3] - 2), (x0 + w * 0.1, y1)], INK, p.lw)
    p.line([(x1 - w * 0.2, face[3] - 2), (x1 - w * 0.1, y1)], INK, p.lw)


def hourglass(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    p.rect((x0, y0, x1, y0 + p.n(4)), (140, 100, 60))
    p.rect((x0, y1 - p.n(4), x1, y1), (140, 100, 60))
    glass = (214, 234, 244)
    p.poly([(x0 + w * 0.1, y0 + p.n(4)), (x1 - w * 0.1, y0 + p.n(4)), (cx, cy)], glass)
    p.poly([(cx, cy), (x1 - w * 0.1, y1 - p.n(4)), (x0 + w * 0.1, y1 - p.n(4))], glass)
    p.poly(
        [(cx, cy + h * 0.15), (x1 - w * 0.2, y1 - p.n(5)), (x0 + w * 0.2, y1 - p.n(5))],
        st.color,
        None,
    )


def monitor(p: Pen, b: Rect, st: ItemLook) -> None:
    """A screen on a stand (monitor, desktop computer)."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.rect((x0, y0, x1, y0 + h * 0.78), st.color)
    p.rect(inset((x0, y0, x1, y0 + h * 0.78), p.n(4)), LIT if st.on else DARK, None)
    p.rect((x0 + w * 0.44, y0 + h * 0.78, x1 - w * 0.44, y1 - p.n(4)), st.color)
    p.rect((x0 + w * 0.25, y1 - p.n(5), x1 - w * 0.25, y1), st.color)


def printer(p: Pen, b: Rect, st: ItemLook) -> None:
    """A printer or scanner: a low box with a paper slot and a sheet sticking out."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.rect((x0 + w * 0.2, y0, x1 - w * 0.2, y0 + h * 0.3), (250, 250, 250))
    p.rrect((x0, y0 + h * 0.22, x1, y1), p.n(4), st.color)
    p.rect((x0 + w * 0.15, y0 + h * 0.55, x1 - w * 0.15, y0 + h * 0.64), INK, None)
    p.ellipse(
        (x1 - p.n(10), y0 + h * 0.32, x1 - p.n(5), y0 + h * 0.32 + p.n(5)),
        ON_LED if st.on else (120, 120, 120),
        None,
    )


def speaker(p: Pen, b: Rect, st: ItemLook) -> None:
    """A loudspeaker: a cabinet with a tweeter and a woofer."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.rect(b, st.color)
    cx = (x0 + x1) / 2
    r1, r2 = w * 0.16, w * 0.34
    p.ellipse((cx - r1, y0 + h * 0.12, cx + r1, y0 + h * 0.12 + 2 * r1), (30, 30, 34))
    p.ellipse((cx - r2, y1 - h * 0.1 - 2 * r2, cx + r2, y1 - h * 0.1), (30, 30, 34))
    p.ellipse(
        inset((cx - r2, y1 - h * 0.1 - 2 * r2, cx + r2, y1 - h * 0.1), r2 * 0.55),
        (90, 90, 96),
        None,
    )


def projector(p: Pen, b: Rect, st: ItemLook) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.rrect(b, p.n(5), st.color)
    r = h * 0.32
    cx, cy = x0 + w * 0.25, (y0 + y1) / 2
    p.ellipse((cx - r, cy - r, cx + r, cy + r), (40, 44, 52))
    p.ellipse(
        (cx - r * 0.5, cy - r * 0.5, cx + r * 0.5, cy + r * 0.5),
        LIT if st.on else (90, 110, 140),
        None,
    )
    for f in (0.6, 0.72, 0.84):
        p.line([(x0 + w * f, y0 + h * 0.3), (x0 + w * f, y1 - h * 0.3)], shade(st.color, 0.7), 1)


def console(p: Pen, b: Rect, st: ItemLook) -> None:
    """A flat electronic box (game console, router) with a power light."""
    x0, y0, x1, y1 = b
    w = x1 - x0
    p.rrect(b, p.n(3), st.color)
    p.line([(x0 + w * 0.08, (y0 + y1) / 2), (x1 - w * 0.3, (y0 + y1) / 2)], shade(st.color, 1.6), 1)
    p.ellipse(
        (x1 - p.n(10), y0 + p.n(4), x1 - p.n(5), y0 + p.n(9)),
        ON_LED if st.on else (120, 120, 120),
        None,
    )


def teapot(p: Pen, b: Rect, st: ItemLook) -> None:
    """A teapot or pitcher: a round body, a spout on the left, a handle on the right."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    body = (x0 + w * 0.2, y0 + h * 0.2, x1 - w * 0.2, y1)
    p.poly(
        [
            (x0, y0 + h * 0.25),
            (x0 + w * 0.08, y0 + h * 0.25),
            (body[0] + w * 0.1, y0 + h * 0.7),
            (body[0], y0 + h * 0.8),
        ],
        st.color,
    )
    p.ellipse((x1 - w * 0.3, y0 + h * 0.35, x1, y0 + h * 0.8), None, INK, p.n(3))
    p.ellipse(body, st.color)
    _fill(p, inset(body, w * 0.08, h * 0.1), st, 0.55)
    p.rect((x0 + w * 0.4, y0 + h * 0.08, x1 - w * 0.4, y0 + h * 0.24), shade(st.color, 0.8))


def bucket(p: Pen, b: Rect, st: ItemLook) -> None:
    """An open vessel wider at the top (bucket, hamper, colander) with a handle."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.d.arc(
        (x0 + w * 0.1, y0 - h * 0.25, x1 - w * 0.1, y0 + h * 0.35), 180, 360, fill=INK, width=p.lw
    )
    p.poly(
        [(x0, y0 + h * 0.1), (x1, y0 + h * 0.1), (x1 - w * 0.12, y1), (x0 + w * 0.12, y1)], st.color
    )
    _fill(p, inset((x0 + w * 0.12, y0 + h * 0.1, x1 - w * 0.12, y1), p.n(3)), st, 0.6)
    p.line([(x0, y0 + h * 0.1), (x1 - 1, y0 + h * 0.1)], shade(st.color, 0.6), p.lw)


def foodbox(p: Pen, b: Rect, st: ItemLook) -> None:
    """A plastic food box with a coloured snap-on lid."""
    x0, y0, x1, y1 = b
    h = y1 - y0
    p.rrect((x0, y0 + h * 0.22, x1, y1), p.n(3), st.color)
    _fill(p, inset((x0, y0 + h * 0.22, x1, y1), p.n(3)), st, 0.6)
    if not st.is_open:
        p.rrect((x0 - p.n(1), y0, x1 + p.n(1), y0 + h * 0.26), p.n(3), (80, 150, 210))


def globe(p: Pen, b: Rect, st: ItemLook) -> None:
    """A globe (or snow globe): a sphere on a small base."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.rect((x0 + w * 0.15, y1 - h * 0.2, x1 - w * 0.15, y1), (120, 84, 60))
    p.ellipse((x0, y0, x1, y1 - h * 0.16), st.color)
    p.ellipse((x0 + w * 0.3, y0 + h * 0.15, x0 + w * 0.55, y0 + h * 0.35), (250, 250, 255), None)
    p.line([(x0 + w * 0.2, y0 + h * 0.5), (x1 - w * 0.2, y0 + h * 0.5)], shade(st.color, 0.7), 1)


def figurine(p: Pen, b: Rect, st: ItemLook) -> None:
    """A figurine or statue: a head and a body on a plinth."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.rect((x0, y1 - h * 0.14, x1, y1), shade(st.color, 0.7))
    p.poly(
        [
            (x0 + w * 0.2, y1 - h * 0.14),
            (x0 + w * 0.35, y0 + h * 0.32),
            (x1 - w * 0.35, y0 + h * 0.32),
            (x1 - w * 0.2, y1 - h * 0.14),
        ],
        st.color,
    )
    p.ellipse((x0 + w * 0.3, y0, x1 - w * 0.3, y0 + h * 0.32), st.color)


def frame(p: Pen, b: Rect, st: ItemLook) -> None:
    """A picture frame standing on its foot: a border around a little landscape."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.rect(b, st.color)
    pic = inset(b, w * 0.14, h * 0.12)
    p.rect(pic, (170, 210, 236), None)
    p.poly(
        [
            (pic[0], pic[3]),
            (pic[0] + (pic[2] - pic[0]) * 0.4, pic[1] + (pic[3] - pic[1]) * 0.4),
            (pic[2], pic[3]),
        ],
        (90, 150, 80),
        None,
    )


def game(p: Pen, b: Rect, st: ItemLook) -> None:
    """A board game or puzzle box: a flat box with a chequered lid."""
    x0, y0, x1, y1 = b
    p.rect(b, st.color)
    n = 6
    for i in range(n):
        if i % 2 == 0:
            xa = x0 + (x1 - x0) * i / n
            p.rect((xa, y0 + p.n(2), xa + (x1 - x0) / n, y1 - p.n(2)), (246, 240, 226), None)


def paper(p: Pen, b: Rect, st: ItemLook) -> None:
    """Paper (an envelope, a receipt, a newspaper): a thin sheet with lines of print."""
    x0, y0, x1, y1 = b
    p.rect(b, st.color)
    w = x1 - x0
    p.line([(x0 + w * 0.1, (y0 + y1) / 2), (x1 - w * 0.3, (y0 + y1) / 2)], (120, 120, 130), 1)
    p.poly([(x0, y0), (x0 + w * 0.5, y1 - 1), (x1, y0)], None, shade(st.color, 0.6))


def brush(p: Pen, b: Rect, st: ItemLook) -> None:
    """A scrubbing brush: a wooden back with bristles below."""
    x0, y0, x1, y1 = b
    h = y1 - y0
    p.rrect((x0, y0, x1, y0 + h * 0.55), p.n(4), (170, 126, 86))
    for i in range(7):
        x = x0 + p.n(3) + (x1 - x0 - p.n(6)) * i / 6
        p.line([(x, y0 + h * 0.55), (x, y1 - 1)], st.color, p.lw)


def food(p: Pen, b: Rect, st: ItemLook) -> None:
    """Some food nothing else describes: a portion on a small plate."""
    x0, y0, x1, y1 = b
    h = y1 - y0
    p.poly(
        [(x0, y1 - h * 0.25), (x1, y1 - h * 0.25), (x1 - p.n(5), y1), (x0 + p.n(5), y1)],
        (245, 245, 240),
    )
    p.d.chord(
        (x0 + p.n(6), y0, x1 - p.n(6), y1 - h * 0.25 + (y1 - y0) * 0.7),
        180,
        360,
        fill=st.color,
        outline=INK,
        width=p.lw,
    )


def spoon(p: Pen, b: Rect, st: ItemLook) -> None:
    """A spoon lying flat: a thin handle and an oval bowl."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.rect((x0, y0 + h * 0.35, x0 + w * 0.68, y0 + h * 0.65), st.color)
    p.ellipse((x0 + w * 0.62, y0, x1, y1), st.color)


def fork(p: Pen, b: Rect, st: ItemLook) -> None:
    """A fork lying flat: a thin handle and three tines."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.rect((x0, y0 + h * 0.35, x0 + w * 0.62, y0 + h * 0.65), st.color)
    p.rect((x0 + w * 0.6, y0 + h * 0.1, x0 + w * 0.7, y1 - h * 0.1), st.color)
    for f in (0.1, 0.45, 0.8):
        y = y0 + h * f
        p.line([(x0 + w * 0.68, y), (x1 - 1, y)], shade(st.color, 0.6), max(1, p.lw // 2 + 1))


def hammer(p: Pen, b: Rect, st: ItemLook) -> None:
    """A hammer (or pliers, a wrench) lying flat: a wooden handle and a metal head."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.rect((x0, y0 + h * 0.4, x0 + w * 0.75, y0 + h * 0.75), st.color)
    p.rect((x0 + w * 0.7, y0, x1, y1), (120, 124, 132))


def drill(p: Pen, b: Rect, st: ItemLook) -> None:
    """A power drill: a body with a chuck and bit, a pistol grip and a battery."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.rrect((x0 + w * 0.15, y0, x1 - w * 0.1, y0 + h * 0.42), p.n(4), st.color)
    p.rect((x0, y0 + h * 0.15, x0 + w * 0.17, y0 + h * 0.27), (150, 154, 160))
    p.rect((x0 + w * 0.55, y0 + h * 0.4, x0 + w * 0.78, y1 - h * 0.2), (40, 40, 46))
    p.rect((x0 + w * 0.45, y1 - h * 0.22, x1 - w * 0.05, y1), (40, 40, 46))


def tape(p: Pen, b: Rect, st: ItemLook) -> None:
    """A roll of tape standing on its edge: a ring with a hole."""
    x0, y0, x1, y1 = b
    p.ellipse(b, st.color)
    p.ellipse(inset(b, (x1 - x0) * 0.3, (y1 - y0) * 0.3), (236, 231, 220))
    p.line([((x0 + x1) / 2, y1 - 1), (x1, y1 - 1)], shade(st.color, 0.8), p.lw)


def flashlight(p: Pen, b: Rect, st: ItemLook) -> None:
    """A flashlight lying flat: a tube with a wider head; a beam when on."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.rect((x0, y0 + h * 0.2, x0 + w * 0.72, y1 - h * 0.2), st.color)
    p.poly(
        [(x0 + w * 0.7, y0 + h * 0.2), (x1, y0), (x1, y1), (x0 + w * 0.7, y1 - h * 0.2)], st.color
    )
    p.rect((x1 - p.n(3), y0 + 1, x1, y1 - 1), GLOW if st.on else (200, 210, 220), None)
    if st.on:
        p.poly(
            [(x1, y0), (x1 + w * 0.5, y0 - h * 0.6), (x1 + w * 0.5, y1 + h * 0.6), (x1, y1)],
            (255, 240, 150),
            None,
        )


def grater(p: Pen, b: Rect, st: ItemLook) -> None:
    """A box grater: a tapered metal body with rows of holes and a handle on top."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.rect((x0 + w * 0.35, y0, x1 - w * 0.35, y0 + h * 0.12), INK, None)
    p.poly(
        [(x0 + w * 0.15, y0 + h * 0.12), (x1 - w * 0.15, y0 + h * 0.12), (x1, y1), (x0, y1)],
        st.color,
    )
    for row in range(4):
        y = y0 + h * (0.3 + 0.16 * row)
        for col in range(3):
            x = x0 + w * (0.28 + 0.22 * col)
            p.ellipse((x - 1.5, y - 1.5, x + 1.5, y + 1.5), INK, None)


def headset(p: Pen, b: Rect, st: ItemLook) -> None:
    """Headphones: a headband arc and two ear cups."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.d.arc(
        (x0 + w * 0.08, y0, x1 - w * 0.08, y0 + h * 1.2),
        180,
        360,
        fill=st.color,
        width=max(2, p.n(4)),
    )
    for cx in (x0 + w * 0.15, x1 - w * 0.15):
        p.rrect((cx - w * 0.15, y0 + h * 0.45, cx + w * 0.15, y1), p.n(4), st.color)


def key(p: Pen, b: Rect, st: ItemLook) -> None:
    """A key lying flat: a round bow with a hole, a shaft and teeth."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.ellipse((x0, y0, x0 + h, y1), st.color)
    p.ellipse(inset((x0, y0, x0 + h, y1), h * 0.32), (236, 231, 220), None)
    p.rect((x0 + h - 1, y0 + h * 0.35, x1, y0 + h * 0.65), st.color)
    for f in (0.65, 0.82):
        p.rect((x0 + w * f, y0 + h * 0.6, x0 + w * f + w * 0.08, y1), st.color)


def pen(p: Pen, b: Rect, st: ItemLook) -> None:
    """A pen or marker lying flat: a thin barrel, a cap and a point."""
    x0, y0, x1, y1 = b
    w = x1 - x0
    p.rect((x0, y0, x0 + w * 0.85, y1), (240, 240, 236))
    p.rect((x0, y0, x0 + w * 0.3, y1), st.color)
    p.poly([(x0 + w * 0.85, y0), (x1, (y0 + y1) / 2), (x0 + w * 0.85, y1)], st.color)


def jewel(p: Pen, b: Rect, st: ItemLook) -> None:
    """A necklace lying down: a loop of chain with a pendant stone."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.d.ellipse((x0, y0, x1, y1 - h * 0.2), outline=st.color, width=max(2, p.n(3)))
    cx = (x0 + x1) / 2
    p.poly([(cx - w * 0.12, y1 - h * 0.3), (cx + w * 0.12, y1 - h * 0.3), (cx, y1)], (200, 40, 80))


def shaker(p: Pen, b: Rect, st: ItemLook) -> None:
    """A pepper mill or shaker: a tall narrow body with a knob on top."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.ellipse((x0 + w * 0.3, y0, x1 - w * 0.3, y0 + h * 0.14), shade(st.color, 0.7))
    p.rrect((x0 + w * 0.1, y0 + h * 0.1, x1 - w * 0.1, y0 + h * 0.5), p.n(4), st.color)
    p.rrect((x0, y0 + h * 0.45, x1, y1), p.n(4), st.color)
    p.line([(x0 + 1, y0 + h * 0.48), (x1 - 1, y0 + h * 0.48)], shade(st.color, 0.6), p.lw)


def rolling_pin(p: Pen, b: Rect, st: ItemLook) -> None:
    """A rolling pin lying flat: a thick roller with a handle at each end."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    for hx in (x0, x1 - w * 0.16):
        p.rrect((hx, y0 + h * 0.3, hx + w * 0.16, y1 - h * 0.3), p.n(2), shade(st.color, 0.8))
    p.rrect((x0 + w * 0.15, y0, x1 - w * 0.15, y1), p.n(5), st.color)


def soap(p: Pen, b: Rect, st: ItemLook) -> None:
    """A bar of soap with a few bubbles on it."""
    x0, y0, x1, y1 = b
    w = x1 - x0
    p.rrect(b, p.n(7), st.color)
    for f, r in ((0.25, 3.5), (0.45, 2.5), (0.7, 4.0)):
        cx, cy = x0 + w * f, y0 - p.n(r)
        p.ellipse(
            (cx - p.n(r), cy - p.n(r), cx + p.n(r), cy + p.n(r)),
            (250, 252, 255),
            (150, 180, 210),
            1,
        )


def stapler(p: Pen, b: Rect, st: ItemLook) -> None:
    """A stapler: a base and a hinged arm on top."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.rect((x0, y1 - h * 0.3, x1, y1), (120, 124, 132))
    p.poly(
        [(x0, y1 - h * 0.3), (x0 + w * 0.1, y0), (x1, y0 + h * 0.15), (x1, y1 - h * 0.3)], st.color
    )


def stool(p: Pen, b: Rect, st: ItemLook) -> None:
    """A stool: a round seat on three legs."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.rrect((x0, y0, x1, y0 + h * 0.16), p.n(4), st.color)
    for fx, tx in ((0.15, 0.02), (0.5, 0.5), (0.85, 0.98)):
        p.line(
            [(x0 + w * fx, y0 + h * 0.16), (x0 + w * tx, y1 - 1)],
            shade(st.color, 0.75),
            max(2, p.n(4)),
        )
    p.line(
        [(x0 + w * 0.12, y0 + h * 0.65), (x1 - w * 0.12, y0 + h * 0.65)],
        shade(st.color, 0.75),
        p.lw,
    )


def tube(p: Pen, b: Rect, st: ItemLook) -> None:
    """A tube (toothpaste, lotion) lying flat: crimped at one end, a cap at the other."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.poly(
        [(x0, y0), (x0 + w * 0.82, y0 + h * 0.15), (x0 + w * 0.82, y1 - h * 0.15), (x0, y1)],
        st.color,
    )
    p.rect((x0 + w * 0.82, y0 + h * 0.25, x1, y1 - h * 0.25), (60, 120, 200))
    p.rect((x0 + w * 0.2, y0 + h * 0.35, x0 + w * 0.6, y1 - h * 0.35), (60, 120, 200), None)


def umbrella(p: Pen, b: Rect, st: ItemLook) -> None:
    """A closed umbrella standing up: a folded canopy, a tip and a hooked handle."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2
    p.d.arc((x0, y0, x0 + w * 0.7, y0 + h * 0.18), 180, 360, fill=INK, width=max(2, p.n(3)))
    p.line([(x0 + w * 0.35, y0 + h * 0.09), (cx, y0 + h * 0.2)], INK, max(2, p.n(3)))
    p.poly([(cx, y0 + h * 0.18), (x1, y1 - h * 0.15), (x0, y1 - h * 0.15)], st.color)
    p.line([(cx, y1 - h * 0.15), (cx, y1 - 1)], INK, p.lw)


def wallet(p: Pen, b: Rect, st: ItemLook) -> None:
    """A wallet: a folded leather case with a stitched edge and a flap."""
    x0, y0, x1, y1 = b
    h = y1 - y0
    p.rrect(b, p.n(4), st.color)
    p.rect((x0 + p.n(3), y0 + p.n(3), x1 - p.n(3), y1 - p.n(3)), None, shade(st.color, 1.4), 1)
    p.rect((x1 - p.n(12), y0 + h * 0.3, x1, y0 + h * 0.65), shade(st.color, 0.75))


def boot(p: Pen, b: Rect, st: ItemLook) -> None:
    """A boot or shoe standing: a shaft, the foot towards the right and a sole."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.poly(
        [
            (x0, y0),
            (x0 + w * 0.5, y0),
            (x0 + w * 0.55, y0 + h * 0.55),
            (x1, y0 + h * 0.7),
            (x1, y1 - h * 0.12),
            (x0, y1 - h * 0.12),
        ],
        st.color,
    )
    p.rect((x0, y1 - h * 0.14, x1, y1), (40, 36, 34))


def outlet(p: Pen, b: Rect, st: ItemLook) -> None:
    """A power strip lying flat: a long white box with sockets, a switch and a cord."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    p.rrect(b, p.n(3), st.color)
    for i in range(4):
        cx = x0 + w * (0.12 + 0.18 * i)
        p.ellipse((cx - h * 0.25, y0 + h * 0.25, cx + h * 0.25, y1 - h * 0.25), (60, 60, 66), None)
    p.rect(
        (x1 - w * 0.14, y0 + h * 0.2, x1 - w * 0.04, y1 - h * 0.2),
        (230, 60, 40) if st.on else (150, 40, 30),
    )
    p.line([(x0, (y0 + y1) / 2), (x0 - p.n(10), y1)], INK, p.lw)
