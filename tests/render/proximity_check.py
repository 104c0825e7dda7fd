"""The pixel-geometry check of proximity: what the world says is next to what, against the
boxes the renderer drew (no image parsing: :class:`saferelbench.render.Rendering` reports
every box it drew)."""

from __future__ import annotations

from saferelbench.render import Rendering, gap
from saferelbench.render.geometry import Box
from saferelbench.world.state import Scene, State

TOUCH = 1  #: boxes this close (pixels) are drawn next to each other
APART = 4  #: boxes of things that are not next to each other keep at least this far apart


def _boxes(r: Rendering, name: str) -> tuple[Box, ...]:
    return r.parts.get(name) or (r.layout[name],)


def drawn_gap(r: Rendering, a: str, b: str) -> int:
    return min(gap(x, y) for x in _boxes(r, a) for y in _boxes(r, b))


def proximity_errors(scene: Scene, state: State, r: Rendering) -> list[str]:
    """Every pair the drawing gets wrong: a ``nextto`` pair whose boxes do not touch, or a
    pair of visible objects (not one carrying the other, not two pieces of furniture, not a
    cover and what is inside the same container) that are closer than ``APART`` although the world does not have them next to each other."""
    errors: list[str] = []
    shown = sorted(n for n in r.layout if n != r.floor)
    for a, b in sorted(state.nextto):
        if a in r.layout and b in r.layout and a != r.floor and b != r.floor:
            g = drawn_gap(r, a, b)
            if g > TOUCH:
                errors.append(f"{a} and {b} are next to each other but drawn {g} px apart")
    carried = {n: {p.parent for p in state.ancestors(n)} for n in shown}
    for i, a in enumerate(shown):
        for b in shown[i + 1 :]:
            if state.is_nextto(a, b) or a in carried[b] or b in carried[a]:
                continue
            if scene.info(a).is_fixture and scene.info(b).is_fixture:
                continue  # a counter run and its oven touch: furniture, not proximity
            pa, pb = state.placement(a), state.placement(b)
            if pa and pb and pa.parent == pb.parent and pa.relation != pb.relation:
                continue  # the foil over a bowl and the food in it: a cover and its contents
            g = drawn_gap(r, a, b)
            if g < APART:
                errors.append(f"{a} and {b} are not next to each other but drawn {g} px apart")
    return errors
