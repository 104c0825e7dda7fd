"""Integer boxes in image pixels, and the distances the layout tests reason about."""

from __future__ import annotations

import math
from typing import NamedTuple

#: a colour, red, green, blue
RGB = tuple[int, int, int]


class Box(NamedTuple):
    """An axis-aligned box in image pixels; ``x1``/``y1`` are exclusive edges, so two boxes
    touch when ``a.x1 == b.x0``. ``y0`` is the top edge: the surface things rest on."""

    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def w(self) -> int:
        return self.x1 - self.x0

    @property
    def h(self) -> int:
        return self.y1 - self.y0

    @property
    def cx(self) -> float:
        return (self.x0 + self.x1) / 2

    @property
    def cy(self) -> float:
        return (self.y0 + self.y1) / 2

    def expand(self, d: int) -> Box:
        return Box(self.x0 - d, self.y0 - d, self.x1 + d, self.y1 + d)

    def overlaps(self, other: Box) -> bool:
        return (
            self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1
        )

    def inside(self, width: int, height: int) -> bool:
        return 0 <= self.x0 <= self.x1 <= width and 0 <= self.y0 <= self.y1 <= height


def gap(a: Box, b: Box) -> int:
    """The free distance between two boxes (0 when they touch or overlap): the larger of the
    horizontal and vertical clearances."""
    dx = max(0, a.x0 - b.x1, b.x0 - a.x1)
    dy = max(0, a.y0 - b.y1, b.y0 - a.y1)
    return max(dx, dy)


def px(value: float) -> int:
    """Round half up. Shared coordinates round the same way, so touching boxes stay touching."""
    return math.floor(value + 0.5)
