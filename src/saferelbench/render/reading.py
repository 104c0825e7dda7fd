"""What a viewer reads from a drawing, and where that differs from the world.

The drawing grammar (docs/rendering.md, "Drawing grammar") fixes how a relation looks, so the
relations can be read back from the boxes the renderer drew (:class:`Rendering` reports every
box, in drawing order, and the inside of every open container) without parsing pixels:

- **on**: a thing stands on what meets its base (the bottom edge of its box) with its top
  edge over at least half of the thing's width; the floor is the floor line;
- **inside**: a thing inside an open container stands on the container's inner floor, within
  its inside; what a closed container holds is not drawn;
- **next to**: two things whose boxes touch or overlap (at most ``TOUCH`` px apart), one not
  carrying the other; **apart**: at least ``APART`` px between them. On a small surface (a
  table, a tray) everything on it is next to everything else on it, so it stands as one huddle
  on the surface's top line, every box overlapping every other;
- a thing's base must be seen: the part of its bottom edge no box drawn later covers is at
  least ``SEEN_BASE`` of its width, or the thing is wider than what covers it. A base hidden
  behind a front thing would make the back thing look as if it stood on that thing's top.

:func:`relation_errors` compares that reading with the state, both ways.
"""

from __future__ import annotations

from dataclasses import dataclass

from saferelbench.render.geometry import Box, gap
from saferelbench.render.renderer import Rendering
from saferelbench.world.state import Scene, State

TOUCH = 1  #: boxes this close (pixels) are drawn next to each other
APART = 4  #: boxes of things that are not next to each other keep at least this far apart
MEETS = 1  #: a base this close to a top edge (pixels) rests on it
MOST = 0.5  #: share of a thing's width its support's top edge meets
SEEN_BASE = 0.15  #: share of a thing's base that must stay visible (not covered by a later box)


@dataclass(frozen=True)
class Reading:
    """The relations a viewer reads from one image."""

    support: dict[str, tuple[str, str]]  #: thing -> (what it rests on, "ontop" | "inside")
    resting: dict[str, tuple[str, ...]]  #: thing -> every box whose top meets its base
    near: frozenset[tuple[str, str]]  #: sorted pairs drawn touching or overlapping
    unclear: frozenset[tuple[str, str]]  #: sorted pairs neither touching nor clearly apart
    base_hidden: dict[str, float]  #: thing -> share of its base seen, when below ``SEEN_BASE``


def _boxes(r: Rendering, name: str) -> tuple[Box, ...]:
    return r.parts.get(name) or (r.layout[name],)


def drawn_gap(r: Rendering, a: str, b: str) -> int:
    return min(gap(x, y) for x in _boxes(r, a) for y in _boxes(r, b))


def _overlap(a: Box, b: Box) -> int:
    return max(0, min(a.x1, b.x1) - max(a.x0, b.x0))


def _seen_base(r: Rendering, name: str, later: list[str]) -> float:
    """Share of ``name``'s bottom edge not covered by a box drawn after it."""
    box = r.layout[name]
    spans: list[tuple[int, int]] = []
    for other in later:
        for ob in _boxes(r, other):
            if ob.y0 < box.y1 - MEETS and ob.y1 >= box.y1 - MEETS:
                lo, hi = max(box.x0, ob.x0), min(box.x1, ob.x1)
                if lo < hi:
                    spans.append((lo, hi))
    covered, end = 0, box.x0
    for lo, hi in sorted(spans):
        lo = max(lo, end)
        if hi > lo:
            covered += hi - lo
            end = hi
    return 1.0 - covered / max(1, box.w)


def read(scene: Scene, state: State, r: Rendering) -> Reading:
    """Read the relations off the drawing (the state only says which boxes are fixtures, so
    furniture touching furniture is not read as proximity, and which things carry others)."""
    names = [n for n in r.layout if n != r.floor]
    order = {n: i for i, n in enumerate(names)}
    floor_y = r.layout[r.floor].y0 if r.floor in r.layout else None
    support: dict[str, tuple[str, str]] = {}
    resting: dict[str, tuple[str, ...]] = {}
    base_hidden: dict[str, float] = {}
    for a in names:
        box = r.layout[a]
        meets: list[str] = []
        for b in names:
            if b == a:
                continue
            for bb in _boxes(r, b):
                if abs(bb.y0 - box.y1) <= MEETS and _overlap(bb, box) >= MOST * box.w:
                    meets.append(b)
                    break
        inner = [  # an inner floor level with the container's own base shows nothing inside
            b
            for b, ib in r.inner.items()
            if b != a
            and b in r.layout
            and abs(ib.y1 - box.y1) <= MEETS
            and ib.y1 < r.layout[b].y1 - MEETS
            and ib.x0 - MEETS <= box.x0
            and box.x1 <= ib.x1 + MEETS
        ]
        resting[a] = tuple(meets)
        if inner:
            support[a] = (min(inner, key=lambda b: r.inner[b].w), "inside")
        elif len(meets) == 1:
            support[a] = (meets[0], "ontop")
        elif floor_y is not None and abs(box.y1 - floor_y) <= MEETS:
            support[a] = (r.floor, "ontop")
        if not scene.info(a).is_fixture:
            seen = _seen_base(r, a, names[order[a] + 1 :])
            if seen < SEEN_BASE:
                base_hidden[a] = seen
    # a cover over an open container whose contents reach above the rim rests on them: it
    # reads as lying on the container
    for a, touching in resting.items():
        base = r.layout[a].y1
        held = set()
        for m in touching:
            c, how = support.get(m, ("", ""))
            rim = min((b.y0 for b in _boxes(r, c)), default=0) if c in r.layout else 0
            held.add(c if how == "inside" and rim >= base - MEETS else m)
        if a not in support and len(held) == 1 and touching:
            (c,) = held
            support[a] = (c, "ontop")
            resting[a] = (c,)
    near: set[tuple[str, str]] = set()
    unclear: set[tuple[str, str]] = set()
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            g = drawn_gap(r, a, b)
            pair = (a, b) if a < b else (b, a)
            if g <= TOUCH:
                near.add(pair)
            elif g < APART:
                unclear.add(pair)
    return Reading(support, resting, frozenset(near), frozenset(unclear), base_hidden)


def _exempt(scene: Scene, state: State, a: str, b: str) -> bool:
    """Pairs whose touching says nothing about proximity: one carries the other, two pieces
    of furniture (a counter run and its oven), a cover and what is inside the same container."""
    if any(p.parent == b for p in state.ancestors(a)) or any(
        p.parent == a for p in state.ancestors(b)
    ):
        return True
    if scene.info(a).is_fixture and scene.info(b).is_fixture:
        return True
    pa, pb = state.placement(a), state.placement(b)
    return bool(pa and pb and pa.parent == pb.parent and pa.relation != pb.relation)


def relation_errors(scene: Scene, state: State, r: Rendering) -> list[str]:
    """Every way the drawing and the world disagree (empty when they agree): what each visible
    thing is read to rest on against its placement, a base meeting the top of something it
    does not rest on, a hidden base, pairs drawn touching that are not next to each other and
    ``nextto`` pairs drawn apart, and contents of a closed container that are drawn."""
    reading = read(scene, state, r)
    errors: list[str] = []
    floor = r.floor
    for a in sorted(r.layout):
        if a == floor:
            continue
        p = state.placement(a)
        if p is None:
            continue  # a fixture standing in the row
        want = (p.parent if p.parent in r.layout else floor, p.relation)
        if p.parent not in r.layout and p.parent != floor:
            errors.append(f"{a} is drawn although {p.parent} holding it is not")
            continue
        got = reading.support.get(a)
        if got != want:
            seen = f"{got[1]} {got[0]}" if got else "on nothing"
            errors.append(f"{a} is {p.relation} {p.parent} but reads as {seen}")
        wrong = [b for b in reading.resting[a] if b != p.parent]
        if wrong:
            errors.append(f"{a} looks on top of {wrong[0]} (its base meets its top edge)")
        if a in reading.base_hidden:
            errors.append(
                f"{a}'s base is hidden ({reading.base_hidden[a]:.0%} seen): it looks as if it"
                " stood on what is in front of it"
            )
    shown = sorted(n for n in r.layout if n != floor)
    for i, a in enumerate(shown):
        for b in shown[i + 1 :]:
            if _exempt(scene, state, a, b):
                continue
            pair = (a, b)
            world = state.is_nextto(a, b)
            if world and pair not in reading.near:
                errors.append(
                    f"{a} and {b} are next to each other but drawn {drawn_gap(r, a, b)} px apart"
                )
            elif not world and (pair in reading.near or pair in reading.unclear):
                errors.append(
                    f"{a} and {b} are not next to each other but drawn"
                    f" {drawn_gap(r, a, b)} px apart"
                )
    for h in sorted(r.hidden):
        p = state.placement(h)
        if h in r.layout:
            errors.append(f"{h} is hidden in a closed container but drawn")
        elif p is None:
            errors.append(f"{h} is not drawn but stands nowhere hidden")
    return errors


def looks_on_top(r: Rendering, state: State) -> list[tuple[str, str]]:
    """The geometric "looks on top of" check: a thing standing raised above its support's top
    line whose base lies on or behind the top edge of a sibling (something on the same support),
    over at least half of its width. Such a base reads as standing on the sibling."""
    out: list[tuple[str, str]] = []
    for a, box in r.layout.items():
        p = state.placement(a)
        if p is None or p.relation != "ontop" or p.parent not in r.layout:
            continue
        top = min(b.y0 for b in _boxes(r, p.parent)) if p.parent != r.floor else box.y1
        if box.y1 >= top - MEETS and p.parent != r.floor:
            continue  # stands on its support's top line
        for b, bb in r.layout.items():
            q = state.placement(b)
            if b == a or q is None or q.parent != p.parent:
                continue
            if bb.y0 - MEETS <= box.y1 < bb.y1 and _overlap(bb, box) >= MOST * box.w:
                out.append((a, b))
    return out
