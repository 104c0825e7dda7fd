"""Small drawing helpers shared by the fixture, item and effect painters."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from saferelbench.render.geometry import RGB, Box

INK: RGB = (48, 44, 40)  #: outlines
GLOW: RGB = (255, 196, 60)
HOT_RED: RGB = (235, 60, 30)
COOKED: RGB = (130, 78, 36)
FROST: RGB = (205, 232, 255)
ON_LED: RGB = (40, 220, 80)


def shade(c: RGB, f: float) -> RGB:
    """Darken (f < 1) or lighten (f > 1, towards white) a colour."""
    if f <= 1:
        return (int(c[0] * f), int(c[1] * f), int(c[2] * f))
    t = min(1.0, f - 1)
    return (
        int(c[0] + (255 - c[0]) * t),
        int(c[1] + (255 - c[1]) * t),
        int(c[2] + (255 - c[2]) * t),
    )


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return (
        int(a[0] + (b[0] - a[0]) * t),
        int(a[1] + (b[1] - a[1]) * t),
        int(a[2] + (b[2] - a[2]) * t),
    )


@dataclass
class Pen:
    """An ``ImageDraw`` plus the layout scale, so painters size strokes and details alike."""

    d: ImageDraw.ImageDraw
    s: float  #: image pixels per natural pixel

    @property
    def lw(self) -> int:
        return max(1, round(2 * self.s))

    def n(self, v: float) -> int:
        """A natural length in image pixels (at least 1)."""
        return max(1, round(v * self.s))

    def rect(
        self,
        box: Sequence[float],
        fill: RGB | None,
        outline: RGB | None = INK,
        width: int | None = None,
    ) -> None:
        x0, y0, x1, y1 = box
        if x1 - 1 < x0 or y1 - 1 < y0:  # less than a pixel: nothing to draw
            return
        self.d.rectangle(
            (x0, y0, x1 - 1, y1 - 1),
            fill=fill,
            outline=outline,
            width=self.lw if width is None else width,
        )

    def rrect(
        self, box: Sequence[float], r: float, fill: RGB | None, outline: RGB | None = INK
    ) -> None:
        x0, y0, x1, y1 = box
        if x1 - x0 < 3 or y1 - y0 < 3:
            self.rect(box, fill, outline)
            return
        rad = max(1, min(round(r), int((x1 - x0) / 2) - 1, int((y1 - y0) / 2) - 1))
        self.d.rounded_rectangle(
            (x0, y0, x1 - 1, y1 - 1), rad, fill=fill, outline=outline, width=self.lw
        )

    def ellipse(
        self,
        box: Sequence[float],
        fill: RGB | None,
        outline: RGB | None = INK,
        width: int | None = None,
    ) -> None:
        x0, y0, x1, y1 = box
        if x1 - x0 < 1 or y1 - y0 < 1:
            return
        self.d.ellipse(
            (x0, y0, x1 - 1, y1 - 1),
            fill=fill,
            outline=outline,
            width=self.lw if width is None else width,
        )

    def poly(
        self, pts: Sequence[tuple[float, float]], fill: RGB | None, outline: RGB | None = INK
    ) -> None:
        self.d.polygon(list(pts), fill=fill, outline=outline, width=self.lw if outline else 0)

    def line(
        self, pts: Sequence[tuple[float, float]], fill: RGB = INK, width: int | None = None
    ) -> None:
        self.d.line(list(pts), fill=fill, width=self.lw if width is None else width)


def inset(
    box: Box | Sequence[float], dx: float, dy: float | None = None
) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = box
    dy = dx if dy is None else dy
    return (x0 + dx, y0 + dy, x1 - dx, y1 - dy)
