"""Egocentric schematic images of a symbolic state (Pillow only: no display, no GPU).

``render(scene, state)`` returns a :class:`Rendering` with the image, the box of every visible
object (for geometry checks) and deterministic PNG bytes; ``render_contact_sheet`` tiles the
images of an episode. See docs/rendering.md.
"""

from saferelbench.render.geometry import Box, gap
from saferelbench.render.renderer import Rendering, render
from saferelbench.render.sheet import render_contact_sheet

__all__ = ["Box", "Rendering", "gap", "render", "render_contact_sheet"]
