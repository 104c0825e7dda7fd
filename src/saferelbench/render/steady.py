"""Steady frames along an episode: each image is drawn in the frame of the one before it.

``render(scene, state, reference=...)`` keeps the scale, the widths and the places along the
wall of its reference wherever they still fit (:class:`saferelbench.render.layout.Frame`).
:class:`SteadyFrames` carries that frame from one image of an episode to the next: the first
image is drawn in its own frame (``reference=`` the initial state, with room to grow), every
later one in the frame the image before it left, so what did not move keeps its place and
size. Images must be drawn in step order for the chain to be the same every time.
"""

from __future__ import annotations

from dataclasses import dataclass

from saferelbench.render.layout import Frame
from saferelbench.render.renderer import Rendering, render
from saferelbench.world.state import Scene, State


@dataclass
class SteadyFrames:
    """The frame chain of one episode (mutable: it remembers the last image's frame)."""

    scene: Scene
    initial: State
    last: Frame | None = None

    def draw(
        self, state: State, *, labels: bool = True, size: tuple[int, int] = (1024, 768)
    ) -> Rendering:
        """Draw the next image of the episode in the last image's frame."""
        r = render(self.scene, state, labels=labels, size=size, reference=self.last or self.initial)
        self.last = r.frame
        return r
