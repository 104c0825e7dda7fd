"""Egocentric schematic images of a symbolic state (Pillow only: no display, no GPU).

``render(scene, state)`` returns a :class:`Rendering` with the image, the box of every visible
object (for geometry checks) and deterministic PNG bytes; ``render_contact_sheet`` tiles the
images of an episode. See docs/rendering.md.

- ``catalog``: how things look (the kind, size, colour and marks of each category);
- ``appliances``: heat sources, chemical jugs, raw meat and other look-alikes told apart;
- ``effects``: overlays for states and hazards (heat, frost, fire, sparks, spills ...);
- ``fixtures``: painters for furniture and appliances;
- ``geometry``: integer boxes and the distances the layout tests check;
- ``glyphs``: more silhouettes (a spoon, a spray bottle, a monitor ...);
- ``items``: painters for movable things;
- ``kinds``: one record per object kind (keywords, size, colour, layout class, painter);
- ``labels``: non-overlapping name tags with leader lines that never cross;
- ``legend``: how relations and state marks are drawn, for the system prompt;
- ``layout``: where everything goes in the front view;
- ``paint``: drawing helpers shared by the painters;
- ``png``: fast deterministic PNG encoding;
- ``reading``: the relations a viewer reads off the drawn boxes, against the state;
- ``renderer``: ``render(scene, state) -> Rendering``;
- ``sheet``: a contact sheet of an episode's images;
- ``steady``: an episode's images, each drawn in the frame of the one before it.
"""

from saferelbench.render.geometry import Box, gap
from saferelbench.render.renderer import Rendering, render
from saferelbench.render.sheet import render_contact_sheet

__all__ = ["Box", "Rendering", "gap", "render", "render_contact_sheet"]
