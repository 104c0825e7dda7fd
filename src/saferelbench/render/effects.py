"""Overlays for states and hazards: heat shimmer, frost, dirt, fire, sparks, cracks, a fall,
a spill. They are drawn after the bodies so flames and sparks sit on top of everything.

Irregular details (smudge positions, crack paths) come from a ``random.Random`` seeded with a
CRC of the object name: the same object always looks the same, so images are reproducible.
"""

from __future__ import annotations

import math
import random

from saferelbench.render.catalog import stable_hash
from saferelbench.render.geometry import RGB, Box
from saferelbench.render.paint import HOT_RED, INK, Pen

FLAME_OUT: RGB = (226, 60, 20)
FLAME_MID: RGB = (250, 150, 30)
FLAME_IN: RGB = (255, 232, 100)
SPARK: RGB = (255, 246, 140)
SPARK_EDGE: RGB = (120, 200, 255)
ALERT: RGB = (220, 20, 20)


def _rng(name: str, salt: str) -> random.Random:
    return random.Random(stable_hash(name + "/" + salt))


def hot(p: Pen, b: Box) -> None:
    """Three bold red wavy heat lines rising from the top (red: never blue like a liquid)."""
    x0, y0, x1, _ = b
    for i in range(3):
        x = x0 + (x1 - x0) * (0.25 + 0.25 * i)
        pts = [(x + math.sin(k * 1.3) * p.n(4), y0 - p.n(4) - k * p.n(3.5)) for k in range(8)]
        p.line(pts, HOT_RED, max(2, p.lw + 1))


def frost(p: Pen, b: Box, name: str) -> None:
    """Ice crystals along the top edge and a snowflake."""
    x0, y0, x1, y1 = b
    rng = _rng(name, "frost")
    for _ in range(max(3, int((x1 - x0) / max(1, p.n(8))))):
        x = rng.uniform(x0 + 2, x1 - 2)
        y = rng.uniform(y0 + 1, y0 + max(2, (y1 - y0) * 0.3))
        r = p.n(2)
        p.ellipse((x - r, y - r, x + r, y + r), (250, 254, 255), None)
    cx, cy, r = x1 - p.n(7), y0 + p.n(7), p.n(6)
    for a in range(3):
        ang = a * math.pi / 3
        dx, dy = math.cos(ang) * r, math.sin(ang) * r
        p.line([(cx - dx, cy - dy), (cx + dx, cy + dy)], (70, 150, 230), max(1, p.lw // 2 + 1))


def germs(p: Pen, b: Box, name: str) -> None:
    x0, y0, x1, y1 = b
    rng = _rng(name, "germs")
    for _ in range(6):
        x, y, r = rng.uniform(x0, x1), rng.uniform(y0, y1), p.n(3)
        p.ellipse((x - r, y - r, x + r, y + r), (60, 170, 60), (20, 90, 20), 1)


def _flame_geometry(p: Pen, b: Box) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = b
    w = max(x1 - x0, p.n(30)) * 1.25
    height = max(p.n(70), (y1 - y0) * 1.5)
    return (x0 + x1) / 2, w, height, y0 + (y1 - y0) * 0.6


def fire_extent(p: Pen, b: Box) -> Box:
    """The area the flames of :func:`fire` cover (name tags keep clear of it)."""
    cx, w, height, base = _flame_geometry(p, b)
    return Box(round(cx - w / 2), round(base - height * 1.05), round(cx + w / 2), round(base))


def fire(p: Pen, b: Box, name: str) -> None:
    """Flames rising from the object, taller than it is."""
    rng = _rng(name, "fire")
    cx, w, height, base = _flame_geometry(p, b)
    n = 4
    for layer, (color, f) in enumerate(((FLAME_OUT, 1.0), (FLAME_MID, 0.68), (FLAME_IN, 0.38))):
        for i in range(n):
            fx = cx - w / 2 + w * (i + 0.5) / n
            tip = base - height * f * rng.uniform(0.75, 1.05) * (1.0 if i in (1, 2) else 0.75)
            half = w / n * (0.75 if layer == 0 else 0.55)
            p.poly(
                [
                    (fx - half, base),
                    (fx - half * 0.5, (base + tip) / 2),
                    (fx + half * 0.15, tip),
                    (fx + half * 0.6, (base + tip) / 2),
                    (fx + half, base),
                ],
                color,
                None,
            )


def sparks(p: Pen, b: Box, name: str) -> None:
    """Electric sparks: star bursts and small zig-zag arcs."""
    x0, y0, x1, y1 = b
    rng = _rng(name, "sparks")
    for _ in range(4):
        cx, cy = rng.uniform(x0, x1), rng.uniform(y0, y1)
        r = p.n(rng.uniform(7, 11))
        for k in range(8):
            ang = k * math.pi / 4 + 0.2
            p.line(
                [(cx, cy), (cx + math.cos(ang) * r, cy + math.sin(ang) * r)], SPARK, max(1, p.lw)
            )
        q = p.n(3)
        p.ellipse((cx - q, cy - q, cx + q, cy + q), (255, 255, 255), None)
    for _ in range(2):
        x, y = rng.uniform(x0, x1), rng.uniform(y0, y1)
        pts = [(x, y)]
        for k in range(4):
            x += p.n(rng.uniform(4, 8)) * (1 if k % 2 else -1)
            y -= p.n(rng.uniform(3, 6))
            pts.append((x, y))
        p.line(pts, SPARK_EDGE, max(1, p.lw))


def cracks(p: Pen, b: Box, name: str, shards: bool) -> None:
    """Jagged cracks across the body, and shards beside it if it broke apart."""
    x0, y0, x1, y1 = b
    rng = _rng(name, "crack")
    for _ in range(2):
        x, y = rng.uniform(x0 + 2, x1 - 2), y0 + 1.0
        pts = [(x, y)]
        steps = 4
        for k in range(steps):
            x = min(x1 - 1, max(x0 + 1, x + rng.uniform(-1, 1) * (x1 - x0) * 0.25))
            y = y0 + (y1 - y0) * (k + 1) / steps - 1
            pts.append((x, y))
        p.line(pts, INK, max(2, p.lw))
    if shards:
        for i in range(3):
            sx = x1 + p.n(4 + 9 * i)
            pts = [(sx, y1), (sx + p.n(6), y1), (sx + p.n(3 + 2 * (i % 2)), y1 - p.n(6 + 2 * i))]
            p.poly(pts, (235, 235, 235), INK)


def fall_marks(p: Pen, b: Box) -> None:
    """Impact strokes at both bottom corners: this just hit the floor."""
    x0, _, x1, y1 = b
    for side, x in ((-1, x0), (1, x1)):
        for k in range(3):
            ang = math.radians(200 + 35 * k) if side < 0 else math.radians(-20 - 35 * k)
            sx, sy = x + side * p.n(3), y1 - p.n(4)
            p.line(
                [
                    (sx, sy),
                    (
                        sx + math.cos(ang) * p.n(10) * (1 if side > 0 else 1),
                        sy + math.sin(ang) * p.n(10),
                    ),
                ],
                ALERT,
                max(1, p.lw),
            )


def puddle(p: Pen, b: Box, color: RGB) -> None:
    """A flat spill on the support surface, reaching out to one side."""
    x0, _, x1, y1 = b
    reach = max(x1 - x0, p.n(40)) * 0.6
    p.ellipse(
        (x0 - reach, y1 - p.n(5), x1 + reach, y1 + p.n(7)), color, (40, 80, 150), max(1, p.lw)
    )


def brim(p: Pen, b: Box, color: RGB) -> None:
    """Liquid full to the brim: a meniscus bulging over the rim and running down both sides
    in long drips, a drop beside it (blue-rimmed, so milk shows on a white carton too). Nothing
    rises above the bulge, so it cannot read as steam (the mark of ``hot``)."""
    x0, y0, x1, _ = b
    h = p.n(8)
    edge = (40, 80, 150)
    w = max(1, p.lw)
    p.d.chord(
        (x0 - p.n(2), y0 - h, x1 + p.n(2), y0 + h), 180, 360, fill=color, outline=edge, width=w
    )
    for x, long in ((x0, 22), (x1, 30)):
        p.rect((x - p.n(2), y0 - p.n(1), x + p.n(2), y0 + p.n(long)), color, edge, 1)
        r = p.n(3)
        p.d.ellipse(
            (x - r, y0 + p.n(long) - r, x + r, y0 + p.n(long) + r), fill=color, outline=edge
        )
    r = p.n(3)
    p.d.ellipse(
        (x1 + p.n(6), y0 + p.n(2), x1 + p.n(6) + 2 * r, y0 + p.n(2) + 2 * r),
        fill=color,
        outline=edge,
    )


def highlight(p: Pen, b: Box, primary: bool) -> None:
    """The red outline that marks an object involved in a hazard event."""
    d = p.n(5)
    p.d.rectangle(
        (b.x0 - d, b.y0 - d, b.x1 + d, b.y1 + d),
        outline=ALERT,
        width=max(2, p.n(4) if primary else p.n(2)),
    )


def fumes(p: Pen, b: Box, name: str) -> None:
    """Green toxic fumes rising from the object."""
    x0, y0, x1, _ = b
    rng = _rng(name, "fumes")
    for i in range(5):
        r = p.n(rng.uniform(7, 12))
        cx = (x0 + x1) / 2 + rng.uniform(-1, 1) * (x1 - x0) * 0.4
        cy = y0 - p.n(8) - i * p.n(9)
        p.ellipse((cx - r, cy - r, cx + r, cy + r), (150, 200, 90), (90, 140, 50), 1)


def bolt(p: Pen, b: Box) -> None:
    """A lightning bolt over the object: an electrical hazard."""
    x0, y0, x1, _ = b
    cx, top = (x0 + x1) / 2, y0 - p.n(34)
    pts = [
        (cx + p.n(4), top),
        (cx - p.n(6), top + p.n(16)),
        (cx + p.n(2), top + p.n(16)),
        (cx - p.n(4), y0 - p.n(2)),
        (cx + p.n(8), top + p.n(12)),
        (cx, top + p.n(12)),
    ]
    p.poly(pts, (255, 220, 40), INK)


ON_GLOW: RGB = (120, 255, 140)
POWER: RGB = (20, 170, 60)


def power_on(p: Pen, b: Box) -> Box:
    """Switched on: a lit green power badge at the top corner (every switchable thing gets
    the same sign, whatever else its painter shows). Returns the badge's area."""
    r = p.n(8)
    cx, cy = b.x1 - r // 2, b.y0 - r // 2
    p.ellipse((cx - r - p.n(3), cy - r - p.n(3), cx + r + p.n(3), cy + r + p.n(3)), ON_GLOW, None)
    p.ellipse((cx - r, cy - r, cx + r, cy + r), POWER, INK, 1)
    w = max(1, p.lw)
    p.d.arc(
        (cx - r * 0.55, cy - r * 0.55, cx + r * 0.55, cy + r * 0.55),
        300,
        240,
        fill=(255, 255, 255),
        width=w,
    )
    p.line([(cx, cy - r * 0.7), (cx, cy)], (255, 255, 255), w)
    g = r + p.n(3)
    return Box(cx - g, cy - g, cx + g, cy + g)


def lid_off(p: Pen, b: Box, color: RGB) -> None:
    """Open (a jar, a bottle, a case): the dark mouth on top and the lid tipped up beside it."""
    x0, y0, x1, _ = b
    w = x1 - x0
    mouth = (x0 + w * 0.2, y0 - p.n(3), x1 - w * 0.2, y0 + p.n(4))
    p.ellipse(mouth, (30, 28, 26), INK, 1)
    lw, lh = max(p.n(8), w * 0.55), p.n(6)
    lx, ly = x1 - w * 0.1, y0 - p.n(4)
    p.poly(
        [
            (lx, ly),
            (lx + lw * 0.5, ly - lh * 2.4),
            (lx + lw * 0.5 + lh, ly - lh * 2.0),
            (lx + lh, ly + lh * 0.4),
        ],
        color,
    )


def grime(p: Pen, b: Box, name: str) -> None:
    """A dirty surface (it held raw meat or a dirty thing): greasy brown smears across its
    front and a drip, inside its outline (so they do not read as objects on it)."""
    x0, y0, x1, y1 = b
    rng = _rng(name, "grime")
    h = max(2.0, y1 - y0)
    dark, mid = (96, 64, 38), (140, 100, 60)
    for _ in range(4):
        w = max(p.n(10), (x1 - x0) * rng.uniform(0.12, 0.22))
        x = rng.uniform(x0 + 1, max(x0 + 2, x1 - w - 1))
        ya = y0 + h * rng.uniform(0.15, 0.4)
        yb = min(y1 - 1, ya + max(p.n(3), h * 0.35))
        p.line([(x, yb), (x + w, ya)], dark, max(2, p.n(3)))
        p.line([(x + p.n(2), yb), (x + w * 0.7, ya + 1)], mid, max(1, p.n(2)))
    dx = x0 + (x1 - x0) * rng.uniform(0.3, 0.7)
    p.line([(dx, y0 + 1), (dx, y1 + p.n(6))], dark, max(2, p.n(3)))
    r = p.n(3)
    p.ellipse((dx - r, y1 + p.n(6) - r, dx + r, y1 + p.n(6) + r), dark, None)


def chemical_mark(p: Pen, b: Box, color: RGB) -> Box:
    """Tainted by a chemical: a yellow warning diamond with drips of the chemical. Returns
    the diamond's area."""
    r = p.n(10)
    cx, cy = b.x0 + r // 2, b.y0 - r // 2
    p.poly([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], (250, 214, 40), INK)
    p.line([(cx, cy - r * 0.5), (cx, cy + r * 0.15)], INK, max(1, p.lw))
    p.ellipse((cx - 1.5, cy + r * 0.35, cx + 1.5, cy + r * 0.55), INK, None)
    for f in (0.3, 0.6):
        x = b.x0 + (b.x1 - b.x0) * f
        p.ellipse((x - p.n(3), b.y0, x + p.n(3), b.y0 + p.n(9)), color, (60, 120, 60), 1)
    return Box(cx - r, cy - r, cx + r, cy + r)


DUSTY = ("dust", "lint", "ash", "sawdust", "flour", "pollen", "cobweb", "hair")
GRITTY = ("dirt", "mud", "sand", "debris", "crumb", "soil", "gravel")


def covering(p: Pen, b: Box, name: str, substance: str, color: RGB, liquid: bool) -> None:
    """What covers an object, by kind: a grey layer of dust on its top, a glossy wet patch of
    a liquid, brown clumps of dirt or mud, dark blotches of a stain (anything else)."""
    category = substance.split(".")[0]
    if any(k in category for k in DUSTY):
        dust(p, b, name + substance)
    elif liquid or "water" in category:
        wet(p, b, name + substance, color)
    elif any(k in category for k in GRITTY):
        grit(p, b, name + substance, color)
    else:
        stain(p, b, name + substance, color)


def dust(p: Pen, b: Box, name: str) -> None:
    """A layer of grey dust on the top and specks over the front."""
    x0, y0, x1, y1 = b
    grey, dark = (176, 170, 160), (130, 124, 116)
    p.rect((x0, y0 - p.n(3), x1, y0 + p.n(3)), grey, None)
    rng = _rng(name, "dust")
    for _ in range(max(8, int((x1 - x0) / max(1, p.n(6))))):
        x = rng.uniform(x0 + 1, x1 - 1)
        y = rng.uniform(y0 - p.n(3), min(y1, y0 + max(p.n(6), (y1 - y0) * 0.6)))
        r = max(1, p.n(1.5))
        p.ellipse((x - r, y - r, x + r, y + r), dark, None)


def wet(p: Pen, b: Box, name: str, color: RGB) -> None:
    """A wet patch: a glossy sheet of the liquid on the top with a highlight, and drops."""
    x0, y0, x1, y1 = b
    w = x1 - x0
    rng = _rng(name, "wet")
    a = x0 + w * rng.uniform(0.05, 0.25)
    c = x1 - w * rng.uniform(0.05, 0.25)
    p.ellipse((a, y0 - p.n(3), c, y0 + p.n(6)), color, (40, 80, 150), 1)
    p.line(
        [(a + (c - a) * 0.2, y0 - p.n(1)), (a + (c - a) * 0.45, y0 - p.n(1))],
        (250, 252, 255),
        max(1, p.lw),
    )
    for _ in range(3):
        x = rng.uniform(x0 + 2, x1 - 2)
        y = rng.uniform(y0 + p.n(8), min(y1 - 2, y0 + max(p.n(10), (y1 - y0) * 0.7)))
        r = p.n(2.5)
        p.d.ellipse((x - r, y - r * 1.4, x + r, y + r), fill=color)


def grit(p: Pen, b: Box, name: str, color: RGB) -> None:
    """Dirt or mud: brown clumps on the top and splashes on the front."""
    x0, y0, x1, y1 = b
    rng = _rng(name, "grit")
    n = max(5, int((x1 - x0) / max(1, p.n(22))))
    for _ in range(n):
        x = rng.uniform(x0 + 3, x1 - 3)
        r = p.n(rng.uniform(4, 7))
        pts = [(x - r, y0 + 2), (x - r * 0.4, y0 - r), (x + r * 0.5, y0 - r * 0.7), (x + r, y0 + 2)]
        p.poly(pts, color, shade_of(color))
    for _ in range(n):
        x = rng.uniform(x0 + 3, x1 - 3)
        y = rng.uniform(y0 + 3, min(y1 - 3, y0 + max(p.n(8), (y1 - y0) * 0.5)))
        r = p.n(rng.uniform(2.5, 4))
        p.ellipse((x - r, y - r * 0.8, x + r, y + r * 0.8), color, None)


def stain(p: Pen, b: Box, name: str, color: RGB) -> None:
    """A stain: dark, irregular blotches with a darker rim, in the upper part of the front
    (at most palm-sized on furniture)."""
    x0, y0, x1, y1 = b
    rng = _rng(name, "stain")
    n = max(3, int((x1 - x0) / max(1, p.n(60))))
    for _ in range(n):
        w = min(p.n(34), max(p.n(6), (x1 - x0) * rng.uniform(0.18, 0.32)))
        h = min(p.n(16), max(p.n(4), (y1 - y0) * rng.uniform(0.25, 0.45)))
        x = rng.uniform(x0, max(x0, x1 - w))
        y = rng.uniform(y0, max(y0, min(y1 - h, y0 + p.n(30))))
        p.ellipse((x, y, x + w, y + h), color, shade_of(color), max(1, p.lw))


def soaked(p: Pen, b: Box, name: str, color: RGB) -> Box:
    """A tool soaked with a liquid: wet streaks across it and drops hanging from its bottom
    edge. Returns the area of the drops below it."""
    x0, y0, x1, y1 = b
    w = x1 - x0
    for f in (0.25, 0.55):
        xa = x0 + w * f
        p.line([(xa, y1 - 1), (xa + w * 0.15, y0 + 1)], color, max(2, p.n(3)))
    rng = _rng(name, "soaked")
    low = y1
    for i in range(4):
        x = x0 + w * (0.15 + 0.23 * i) + rng.uniform(-2, 2)
        r = p.n(3)
        drop = y1 + p.n(4 + 3 * (i % 2))
        p.d.polygon([(x - r, drop), (x, drop - r * 2.6), (x + r, drop)], fill=color)
        p.d.ellipse((x - r, drop - r, x + r, drop + r), fill=color, outline=(40, 80, 150))
        low = max(low, int(drop + r))
    return Box(x0, y1, x1, low)


def running(p: Pen, b: Box, color: RGB) -> None:
    """A source running (a tap turned on that is not a sink's): a stream falling from its
    front to its foot, with a splash."""
    x0, y0, x1, y1 = b
    cx = x0 + (x1 - x0) * 0.7
    p.rect((cx - p.n(3), y0 + (y1 - y0) * 0.3, cx + p.n(3), y1), color, None)
    for dx in (-1, 1):
        p.line([(cx, y1 - 1), (cx + dx * p.n(10), y1 - p.n(7))], color, max(2, p.n(3)))


def shade_of(color: RGB) -> RGB:
    return (color[0] * 2 // 3, color[1] * 2 // 3, color[2] * 2 // 3)


def product_hazard(p: Pen, b: Box) -> None:
    """A household chemical: an orange hazard diamond with an exclamation mark on its body."""
    r = max(3.0, min(b.w * 0.3, b.h * 0.3, p.n(9)))
    cx, cy = (b.x0 + b.x1) / 2, b.y1 - r - p.n(3)
    p.poly([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], (250, 150, 20), INK)
    p.line([(cx, cy - r * 0.5), (cx, cy + r * 0.15)], INK, max(1, p.lw // 2 + 1))


def plug(p: Pen, b: Box) -> None:
    """Mains-powered: a small plug (two prongs on a dark body) at the lower left of its body."""
    u = max(1.0, min(b.w, b.h) * 0.1, p.n(2.5))
    x, y = b.x0 + u, b.y1 - 4 * u
    p.rect((x, y, x + 2.4 * u, y + 2.4 * u), (40, 40, 44), (230, 230, 230), 1)
    for dx in (0.5, 1.5):
        p.line([(x + dx * u + 0.2 * u, y), (x + dx * u + 0.2 * u, y - u)], (230, 200, 80), 1)
