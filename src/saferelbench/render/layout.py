"""Where everything goes: a front view of the room as the robot sees it from the floor.

Fixtures (and anything standing directly on the floor) form one row along the wall, standing
on the floor line. Every other object rests on its support's top edge or, when it is inside a
container whose inside can be seen, on the container's inner floor. A closed openable
container hides what it holds (and what that holds).

Proximity is drawn from the same facts the world derives it from
(:mod:`saferelbench.world.layout`), so the picture and ``nextto`` agree:

* on a **long** surface (a countertop, the floor) the things standing on it are drawn in the
  order of their *places*; things on neighbouring places touch, a free place between two
  things is a clear gap (at least ``GAP``). A fixture that stands *beside* the surface at a
  place (the world's anchors) is drawn in the row at that place: at an end of the surface the
  surface touches it, in the middle the surface is drawn in two pieces (``Node.parts``) with
  the fixture between them, like an oven set into a counter run;
* on a **small** surface (a table, a tray: everything on it is near everything else on it)
  two things stand side by side touching; three or more, or two next to a fixture, stand as
  one *huddle* on the surface's top line (:meth:`_Builder._huddle`): every box overlaps every
  other, narrower things in front of wider ones so every base shows, pressed against the side
  of the fixture when one stands beside the surface;
* the world's *loose* pairs (proximity no placement expresses: things inside containers,
  things on different supports) are lifted to the surface their holders share and chained
  so they touch, as before.

All geometry is computed in *natural pixels* (the default 1024x768 scale), bottom-up widths
first (a support widens to carry what is on it), then scaled uniformly to fit the image and
placed top-down, so an anchor can look at where its partner already is.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from saferelbench.render import kinds
from saferelbench.render.catalog import Look, lies_down_when_fallen, look_of
from saferelbench.render.geometry import Box, px
from saferelbench.world.knowledge import ObjectInfo
from saferelbench.world.state import Scene, State

GAP = 24.0  #: clear gap between things on one surface that are not next to each other
FIXTURE_GAP = 44.0  #: gap between fixtures that are not next to each other
EDGE = 10.0  #: margin between a free item and the edge of a fixture's surface
ITEM_EDGE = 8.0  #: the same on small supports (trays, plates, boxes)
CLEAR = 12.0  #: what a carrier in a cluster holds keeps this clear of the others there
#: a carrier crossing under another's load in a cluster stays this far below it (4 image pixels,
#: the proximity check's least gap, at scale 0.5: the smallest the dataset is drawn at is 0.58,
#: an episode's steady frame keeps 90% of it)
UNDER = 8.0
#: image pixels between a container's own base and the inner floor what it holds stands on,
#: at least (else the contents' base would read as standing on what the container stands on)
INNER_FLOOR = 2.5
MAX_ROW_SLOT = 120.0  #: fixtures spread out at most this far; the rest centres the row
LABEL_ROOM = 28.0  #: natural pixels kept free above the tallest stack for its label
MAX_ZOOM = 1.6  #: a sparse room is drawn at most this much larger than natural size
HEADROOM = 0.9  #: an episode's frame keeps this share of the fitting scale: room to grow
PEDESTAL = 96.0  #: a counter-top appliance the task fixes in the room stands on a base unit
TILT = 14.0  #: degrees a fallen flat object is drawn askew
OVERLAP = 3.0  #: natural pixels by which things in a huddle reach past the point they share
SEEN = 0.2  #: share of its base each thing in a huddle should show beside the ones in front
SQUEEZE = 0.72  #: a thing in front of a wider one on its side is at most this wide (a fallback)
NARROWEST = 0.6  #: ... but never narrower than this share of its own width
#: When the row, not the height, limits the scale (the wall above it would stay empty), the
#: furniture that may (``Kind.slims``: tables, counters, cabinets ...) is drawn at these shares
#: of its natural width, never narrower than what it carries needs, and the gaps between the
#: row's pieces shrink alike, until the scene fills the height too: the first share that does,
#: else the last.
SLIMS = (1.0, 0.85, 0.7, 0.6)
#: When even the slimmest furniture leaves the row too wide for the height (a long crowded
#: counter run), the clear gaps between things and between the row's pieces are this
#: narrow instead of :data:`GAP` (still at least 6 image px at the smallest scale an episode
#: keeps, 0.52: the drawn relations read "apart" from 4 px) ...
TIGHT_GAP = 12.0
#: ... and the slim furniture this share of its natural width (never narrower than what it
#: carries needs)
TIGHT_SLIM = 0.5


def inner_insets(kind: str, w: float, h: float) -> tuple[float, float, float, float]:
    """Left, top, right, bottom insets of a container's visible inside (natural pixels)."""
    return kinds.kind(kind).inside(w, h)


@dataclass
class Node:
    """One drawn object with its size and, after layout, its boxes in image pixels."""

    name: str
    info: ObjectInfo
    look: Look
    w: float
    h: float
    lying: bool  #: drawn rotated 90 degrees (fallen or tipped over)
    parent: str | None
    relation: str | None
    top: list[str] = field(default_factory=list)
    inside: list[str] = field(default_factory=list)
    shows_inside: bool = True
    up: float = 0.0  #: natural height of the node plus everything standing on/in it
    raised: float = 0.0  #: natural height of the base unit a row appliance stands on
    tilt: float = 0.0  #: degrees a fallen flat thing is drawn askew (its box is the rotated bbox)
    x0: float = 0.0
    y1: float = 0.0
    box: Box = Box(0, 0, 0, 0)
    inner: Box | None = None
    lift: float = 0.0  #: natural pixels it stands raised (further back in a cluster)
    #: natural height above its base of the floor its visible inside shows its contents on,
    #: when raised above the kind's own (a carrier in a huddle crosses under them)
    floor: float = 0.0
    need: float = 0.0  #: natural width what stands on / in it needs
    parts: tuple[Box, ...] = ()  #: the pieces of a surface drawn on both sides of a fixture

    @property
    def kind(self) -> str:
        return self.look.kind

    @cached_property  # asked again and again while the row is measured; its look is fixed
    def is_fixture(self) -> bool:
        return kinds.is_furniture(self.kind)

    def insets(self) -> tuple[float, float, float, float]:
        """Left, top, right, bottom insets of its visible inside (natural pixels)."""
        left, top, right, bottom = inner_insets(self.kind, self.w, self.h)
        return left, top, right, max(bottom, self.floor)


#: a huddle's arrangement: (worst and total share of base seen, left edges, back-to-front
#: order, the two side chains front to back, the thing in front of both)
_Arrangement = tuple[tuple[float, float], dict[str, float], list[str], list[list[str]], str | None]


@dataclass(frozen=True)
class Frame:
    """What keeps an episode's images steady: the scale and the natural width of everything
    drawn (a surface, a tray that carried something), taken from a reference state (the
    episode's first). A later state is drawn at that scale with each thing at least that wide,
    so what did not move keeps its place and size, unless the row no longer fits."""

    scale: float
    widths: tuple[tuple[str, float], ...]
    #: where each element of the row along the wall began (natural pixels) ...
    xs: tuple[tuple[str, float], ...] = ()
    #: ... at this scale (the row keeps those places only when drawn at the same scale)
    xs_scale: float = 0.0
    #: share of their natural width the slim furniture kept (:data:`SLIMS`)
    slim: float = 1.0
    #: natural height the frame was fitted to (the tallest stack and its label): kept like
    #: the widths, so a stack that shrinks does not rescale the room
    up: float = 0.0
    #: the clear gap between things the frame was laid out with (:data:`TIGHT_GAP` in a room
    #: the row's width limits)
    gap: float = GAP
    #: the name tags of the image drawn in this frame: text, its object's box, the tag's box
    #: and its conflicts there (a tag whose object did not move tries its old place first)
    tags: tuple[tuple[str, Box, Box, int], ...] = ()


@dataclass
class Layout:
    nodes: dict[str, Node]  #: every drawn object except the floor, by name
    order: list[str]  #: drawing order: supports before what they carry
    roots: list[str]  #: the row along the wall, left to right
    hidden: frozenset[str]  #: objects inside closed containers
    floor: str
    floor_box: Box
    scale: float  #: image pixels per natural pixel
    width: int
    height: int
    frame: Frame | None = None  #: the scale and row widths this layout used


@dataclass
class Piece:
    """A stretch of a long surface between the fixtures that stand along it: ``runs`` of
    things on consecutive places (drawn touching), the fixture at each end (in place order)
    and whether the thing at that end stands on the place next to it (then it touches it)."""

    runs: list[list[str]]
    left: str | None
    right: str | None
    touch_l: bool
    touch_r: bool
    w: float = 0.0
    x0: float = 0.0


def _chain_of(name: str, parent: Mapping[str, str | None]) -> list[str]:
    chain = [name]
    seen = {name}
    p = parent.get(name)
    while p is not None and p not in seen:
        chain.append(p)
        seen.add(p)
        p = parent.get(p)
    return chain


def _by_width(item: tuple[str, float]) -> tuple[float, str]:
    return item[1], item[0]


@lru_cache(maxsize=4096)
def _arrangement(members: tuple[tuple[str, float], ...]) -> _Arrangement:
    """The best huddle of things of these widths (``(name, width)``, narrowest first, ties by
    name): :meth:`_Builder._huddle`'s search, a function of the widths and names alone, so it
    is done once for a huddle that recurs in another layout pass or image."""
    widths = dict(members)
    names = [k for k, _ in members]
    best: _Arrangement | None = None
    for centre in [None, *names]:
        rest = [k for k in names if k != centre]
        for mask in range(1 << len(rest)):
            if rest and mask >> (len(rest) - 1):  # mirror images: the widest goes left
                continue
            left = [k for b, k in enumerate(rest) if mask >> b & 1]
            right = [k for b, k in enumerate(rest) if not mask >> b & 1]
            rel: dict[str, float] = {}
            front: list[str] = []  # front to back
            if centre is not None:
                rel[centre] = -widths[centre] / 2
                front.append(centre)
            for rank in range(max(len(left), len(right))):
                for side, chain in (("L", left), ("R", right)):
                    if rank < len(chain):
                        w = widths[chain[rank]]
                        rel[chain[rank]] = OVERLAP - w if side == "L" else -OVERLAP
                        front.append(chain[rank])
            seen = []
            for i, k in enumerate(front):
                spans = sorted((rel[f], rel[f] + widths[f]) for f in front[:i])
                a, b = rel[k], rel[k] + widths[k]
                hidden, end = 0.0, a
                for lo, hi in spans:
                    lo, hi = max(lo, end), min(hi, b)
                    if hi > lo:
                        hidden += hi - lo
                        end = hi
                seen.append(1.0 - hidden / max(widths[k], 1.0))
            score = (min(seen), sum(seen))
            if best is None or score > best[0]:
                best = (score, rel, front[::-1], [left, right], centre)
    assert best is not None
    return best


class _Builder:
    def __init__(
        self,
        scene: Scene,
        state: State,
        near: Mapping[str, str],
        header: float,
        width: int,
        height: int,
    ) -> None:
        self.scene, self.state, self.near = scene, state, near
        self.width, self.height, self.header = width, height, header
        self.nodes: dict[str, Node] = {}
        self.hidden: set[str] = set()
        self.pairs: dict[tuple[str, str], set[frozenset[str]]] = {}
        self.anchors: dict[str, str] = {}
        self.pieces: dict[str, list[Piece]] = {}  #: long surfaces split at fixtures
        self.sequences: dict[str, list[str]] = {}  #: a long surface's pieces and fixtures in order
        self.spans: dict[str, list[tuple[float, float]]] = {}  #: pieces of a split surface
        self.clusters: dict[str, list[str]] = {}  #: small surfaces' clusters, back to front
        #: per cluster, each member's left edge relative to the point all of them overlap
        self.cluster_rel: dict[str, dict[str, float]] = {}
        #: a carrier in a cluster: the side ("L"/"R", "edge": the fixture's) and width of
        #: its part that the others overlap; what it carries stands on the rest
        self.reserve: dict[str, tuple[str, float]] = {}
        #: a small carrier (a tray) -> (what it carries, what stands beside it): the world has
        #: the two next to each other (a loose pair), so the first stands at the tray's edge
        #: facing the second
        self.edge_to: dict[str, tuple[str, str]] = {}
        #: a scene built by the world has a layout (the floor at least is a long surface) and
        #: its proximity follows places; a hand-made state's ``nextto`` pairs are drawn as given
        self.derived = bool(scene.layout.long_surfaces)
        #: IS-Bench's convention (``--protocol isbench``): proximity is the set of pairs the
        #: state carries (things that started on the same support, until moved), not places
        self.isbench = self.derived and scene.isbench_conventions
        #: per surface under that convention: its groups of mutual neighbours, in row order
        self.groups: dict[str, list[list[str]]] = {}
        #: natural widths of the episode's reference frame (:class:`Frame`)
        self.floors: dict[str, float] = {}
        #: where the row's paths began in the frame, when drawn at its scale
        self.places: dict[str, float] = {}
        #: a width changed after its thing was measured (a huddle squeezed, a carrier widened):
        #: measuring again with the widths as floors may then give another row
        self.reshaped = False
        #: share of its natural width slim furniture is drawn at (:data:`SLIMS`)
        self.slim = 1.0
        #: the clear gap between things on one surface that are not next to each other
        #: (:data:`GAP`, or :data:`TIGHT_GAP` in a room the row's width still limits)
        self.gap = GAP

    @property
    def fixture_gap(self) -> float:
        """The gap between pieces of the row that are not next to each other: narrower with
        slim furniture, never below the clear gap (:attr:`gap`)."""
        return max(self.gap, FIXTURE_GAP * self.slim * self.gap / GAP)

    # ----- which objects, on what --------------------------------------------------------
    def build_nodes(self) -> list[str]:
        scene, state = self.scene, self.state
        floor = scene.floor
        drawn = {
            o.name: o
            for o in scene.objects
            if not (o.is_agent or o.is_substance) and o.name != floor
        }
        parent: dict[str, str | None] = {}
        relation: dict[str, str | None] = {}
        for name, info in drawn.items():
            p = state.placement(name)
            if p is not None and p.parent in drawn:
                parent[name], relation[name] = p.parent, p.relation
            elif p is not None or not info.is_fixture:
                parent[name], relation[name] = None, "ontop"  # on the floor
            else:
                parent[name], relation[name] = None, None
        # Break cycles (a bug elsewhere) by putting the offender on the floor.
        for name in sorted(drawn):
            chain = _chain_of(name, parent)
            last = chain[-1]
            if parent.get(last) is not None:
                parent[last], relation[last] = None, "ontop"
        for name in sorted(drawn):
            info = drawn[name]
            look = look_of(info)
            knocked = state.has("fallen", name) or state.has("tipped", name)
            lying = knocked and lies_down_when_fallen(look) and not kinds.is_furniture(look.kind)
            w, h = (look.h, look.w) if lying else (look.w, look.h)
            if not knocked and kinds.kind(look.kind).slims:
                w *= self.slim
            tilt = 0.0
            if knocked and not lying and not kinds.is_furniture(look.kind):
                # A flat thing that fell lies askew, so it reads as dropped, not put down.
                tilt = TILT
                rad = math.radians(tilt)
                w, h = (
                    look.w * math.cos(rad) + look.h * math.sin(rad),
                    look.w * math.sin(rad) + look.h * math.cos(rad),
                )
            shows = not ("openable" in info.abilities and not state.has("open", name))
            self.nodes[name] = Node(
                name,
                info,
                look,
                w,
                h,
                lying,
                parent[name],
                relation[name],
                shows_inside=shows,
                tilt=tilt,
            )
        for name in sorted(drawn):
            node = self.nodes[name]
            if node.parent is not None:
                holder = self.nodes[node.parent]
                (holder.inside if node.relation == "inside" else holder.top).append(name)
        roots = [n for n in sorted(drawn) if self.nodes[n].parent is None]
        # Hide what closed containers hold, transitively.
        stack = [r for r in roots]
        while stack:
            node = self.nodes[stack.pop()]
            stack.extend(node.top)
            if node.shows_inside:
                stack.extend(node.inside)
            else:
                for kid in node.inside:
                    self.hidden.add(kid)
                    self.hidden.update(self._subtree(kid))
        # Hidden things stay in the layout computation (a closed fridge keeps the width it has
        # when open, so the room does not jump between steps) but are not drawn or reported.
        return roots

    def _subtree(self, name: str) -> list[str]:
        out, stack = [], [name]
        while stack:
            node = self.nodes[stack.pop()]
            for kid in node.top + node.inside:
                out.append(kid)
                stack.append(kid)
        return out

    # ----- proximity from the world's layout ---------------------------------------------
    def is_long(self, name: str) -> bool:
        return name in self.scene.layout.long_surfaces

    def anchored(self, surface: str) -> list[tuple[str, int]]:
        """The fixtures beside ``surface`` (drawn roots only; a surface that is not a root
        cannot have a fixture standing beside it in the picture)."""
        if surface != self.scene.floor and (
            surface not in self.nodes or self.nodes[surface].parent is not None
        ):
            return []
        return [
            (f, pos)
            for f, pos in self.scene.layout.anchors_of.get(surface, [])
            if f in self.nodes and self.nodes[f].parent is None
        ]

    def line(self, surface: str, kids: list[str]) -> list[tuple[int, int, str]]:
        """``(place, is_fixture, name)`` along a long surface: its things by place (any
        without a place after them, a free place apart) and the fixtures beside it."""
        places = self.state.place_of
        row = [(places[k], 0, k) for k in kids if k in places]
        nxt = max((p for p, _, _ in row), default=-2) + 2
        for k in sorted(k for k in kids if k not in places):
            row.append((nxt, 0, k))
            nxt += 2
        row += [(pos, 1, f) for f, pos in self.anchored(surface)]
        return sorted(row)

    def lift_pairs(self) -> None:
        """Lift the loose pairs (proximity no placement expresses) to the surface their
        holders share; only rows the places do not order (insides, the row along the wall).
        Without a world layout every given pair is lifted."""
        parent = {n: node.parent for n, node in self.nodes.items()}
        given = self.state.loose_nextto if self.derived else self.state.nextto
        for a, b in sorted(given):
            if a not in self.nodes or b not in self.nodes or a in self.hidden or b in self.hidden:
                continue
            ca, cb = _chain_of(a, parent), _chain_of(b, parent)
            common = next((x for x in ca if x in set(cb)), None)
            if common is None:  # different rows elements: neighbours in the floor row
                top_a, top_b = ca[-1], cb[-1]
                surface: tuple[str, str] = ("", "row")
            else:
                ia, ib = ca.index(common), cb.index(common)
                if ia == 0 or ib == 0:
                    continue  # one carries the other: already touching
                top_a, top_b = ca[ia - 1], cb[ib - 1]
                if self.nodes[top_a].relation != self.nodes[top_b].relation:
                    continue
                surface = (common, self.nodes[top_a].relation or "ontop")
                if surface[1] == "ontop" and self.derived:
                    # a surface's row follows the places; a thing on a tray next to what stands
                    # beside the tray is drawn at the tray's edge on that side
                    for x, cx, other, top_other in ((a, ca, b, top_b), (b, cb, a, top_a)):
                        if cx[2:3] == [common] and top_other == other:
                            self.edge_to.setdefault(cx[1], (x, other))
                    continue
            self.pairs.setdefault(surface, set()).add(frozenset((top_a, top_b)))
            for below in ca[: ca.index(top_a)]:
                self.anchors.setdefault(below, top_b)
            for below in cb[: cb.index(top_b)]:
                self.anchors.setdefault(below, top_a)

    # ----- widths, bottom-up -------------------------------------------------------------
    def measure(self, name: str) -> None:
        node = self.nodes[name]
        for kid in node.top + node.inside:
            self.measure(kid)
        edge = EDGE if node.is_fixture else ITEM_EDGE
        if not self.derived:
            need_top = self.row_width(node.top, (name, "ontop"), edge, self.gap)
        elif not node.top:
            need_top = 0.0
        elif self.isbench:
            need_top = self.measure_groups(name, edge)
        elif self.is_long(name):
            need_top = self.measure_pieces(name, edge)
        else:
            need_top = self.measure_small(name, edge)
        left_in, t, right_in, b = node.insets()
        need_in = (
            self.row_width(node.inside, (name, "inside"), ITEM_EDGE, self.gap) + left_in + right_in
        )
        if self._side_by_side(name):  # its loads on top and inside stand apart on it
            node.need = need_top + self.gap + need_in
        else:
            node.need = max(need_top, need_in if node.inside else 0.0)
        node.w = max(node.w, node.need)
        if not node.lying and not node.tilt:  # at least as wide as in the episode's frame
            node.w = max(node.w, self.floors.get(name, 0.0))
        self.stretch(name)
        up_top = max((self.nodes[k].up + self.nodes[k].lift for k in node.top), default=0.0)
        up_in = max((self.nodes[k].up for k in node.inside), default=0.0)
        _, _, _, b = node.insets()
        node.up = max(node.h + up_top, b + up_in)

    def stretch(self, name: str) -> None:
        """A surface wider than its things: the pieces that can stretch share the rest."""
        node = self.nodes[name]
        pieces = self.pieces.get(name)
        if pieces:
            stretch = [p for p in pieces if not (p.touch_l and p.touch_r and len(p.runs) == 1)]
            stretch = stretch or pieces[:1]
            extra = max(0.0, node.w - sum(p.w for p in pieces)) / len(stretch)
            for p in stretch:
                p.w += extra

    def _margin(self, fixture: str | None, touch: bool, edge: float) -> float:
        return 0.0 if touch else (self.gap if fixture is not None else edge)

    def measure_pieces(self, name: str, edge: float) -> float:
        """Split a long surface at the fixtures along it; returns the width its things need."""
        tokens: list[Piece | str | None] = []
        items: list[tuple[int, str]] = []
        left: tuple[str, int] | None = None
        for pos, fixed, n in self.line(name, self.nodes[name].top):
            if fixed:
                tokens += [self._piece(items, left, (n, pos), edge), n]
                items, left = [], (n, pos)
            else:
                items.append((pos, n))
        tokens.append(self._piece(items, left, None, edge))
        kept: list[Piece] = []
        seq: list[str] = []
        for t in tokens:
            if isinstance(t, Piece):
                seq.append(f"{name}#{len(kept)}")
                kept.append(t)
            elif t is not None:
                seq.append(t)
        self.pieces[name] = kept
        self.sequences[name] = seq
        return sum(p.w for p in kept)

    def _piece(
        self,
        items: list[tuple[int, str]],
        left: tuple[str, int] | None,
        right: tuple[str, int] | None,
        edge: float,
    ) -> Piece | None:
        lf, rf = (left[0] if left else None), (right[0] if right else None)
        if not items:
            if left is not None and right is not None and right[1] - left[1] >= 2:
                return Piece([], lf, rf, False, False, w=self.gap)  # a free stretch of surface
            if left is None and right is None:
                return Piece([], None, None, False, False, w=0.0)
            return None  # the fixture stands at this end, or two fixtures touch
        runs: list[list[str]] = []
        last = None
        for pos, n in items:
            if last is not None and pos == last + 1:
                runs[-1].append(n)
            else:
                runs.append([n])
            last = pos
        touch_l = left is not None and items[0][0] == left[1] + 1
        touch_r = right is not None and items[-1][0] == right[1] - 1
        w = sum(self.nodes[n].w for _, n in items) + self.gap * (len(runs) - 1)
        w += self._margin(lf, touch_l, edge) + self._margin(rf, touch_r, edge)
        return Piece(runs, lf, rf, touch_l, touch_r, w=w)

    def measure_small(self, name: str, edge: float) -> float:
        """Things on a small surface are all near each other (and near a fixture beside it):
        two stand touching, more (or two by a fixture) stand as a cluster in depth."""
        kids = self.nodes[name].top
        fixed = self.anchored(name)
        if len(kids) >= 3 or (fixed and len(kids) >= 2):
            # One huddle on the surface's top line: every box overlaps every other (they are
            # all next to each other), back to front from the widest to the narrowest, so each
            # one's base shows beside the ones in front of it; carriers stand at the back.
            carriers = sorted(
                (k for k in kids if self._carries(k)), key=lambda k: (-self.nodes[k].w, k)
            )
            rel, back = self._huddle([k for k in kids if k not in carriers])
            if fixed:  # pressed against the fixture: each reaches out past the ones in front
                back = sorted(back, key=lambda k: (-self.nodes[k].w, k))
            order = carriers + back
            self.clusters[name] = order
            if len(carriers) > (1 if fixed else 2):
                return self._measure_fan(name, order, carriers, edge, bool(fixed))
            carriers = carriers[:2]
            plain = [k for k in order if k not in carriers]
            if fixed:
                reach = max((self.nodes[k].w for k in plain), default=0.0) + CLEAR
                for k in carriers:
                    n = self.nodes[k]
                    self._widen(n, reach + n.need)
                    self.reserve[k] = ("edge", reach)
                return max(self.nodes[k].w for k in kids) + edge
            right = max((rel[k] + self.nodes[k].w for k in plain), default=0.0)
            left = max((-rel[k] for k in plain), default=0.0)
            for j, k in enumerate(carriers):
                n = self.nodes[k]
                d = min(ITEM_EDGE, n.w / 4)
                reach = d + (right if j == 0 else left) + CLEAR
                self._widen(n, reach + n.need)
                rel[k] = -d if j == 0 else d - n.w
                self.reserve[k] = ("L" if j == 0 else "R", reach)
            self.cluster_rel[name] = rel
            lo = min(rel.values())
            hi = max(rel[k] + self.nodes[k].w for k in order)
            return hi - lo + 2 * edge
        return sum(self.nodes[k].w for k in kids) + (edge if fixed else 2 * edge)

    def _measure_fan(
        self, name: str, order: list[str], carriers: list[str], edge: float, fixed: bool
    ) -> float:
        """Three or more things carrying something on one small surface: the carriers fan out
        to both sides of the cluster, each reaching past the one before it on its side, and
        what each carries stands on its far end. A carrier that crosses under an inner one's
        load stands lower, its top at least ``UNDER`` below that load, while every box still
        reaches one common height, so all of them touch (:meth:`_fan_heights`). Two ways to
        share the carriers are tried and the one that raises least kept: the tallest open
        container (a bowl, a basket, its load inside where it can be seen) alone on the left
        and the other carriers nested on the right, flat ones innermost; or the open containers
        innermost and the flat carriers outermost, crossing under their contents, which then
        stand on a raised inner floor (a rag under a pot beside two bowls). With a fixture
        beside the surface everything is pressed against it and the carriers nest away from
        it, on one side. Best effort: two flat carriers nesting under a third's load cannot
        all stand on the surface's top line (docs/rendering.md)."""
        nodes = self.nodes

        def holds_inside(k: str) -> bool:
            return bool(nodes[k].inside and nodes[k].shows_inside)

        held = sorted((k for k in carriers if holds_inside(k)), key=lambda k: (-nodes[k].h, k))
        flat = sorted((k for k in carriers if not holds_inside(k)), key=lambda k: (-nodes[k].h, k))
        # two ways to share the carriers between the sides (chains inner to outer); the one
        # that raises least wins (ties: the first)
        first: dict[str, list[str]] = {"R": [], "L": []}
        if fixed:  # one side only, away from the fixture
            first["R"] = flat + held
        elif held:  # the tallest container alone on the left, the others outermost on the right
            first["L"].append(held[0])
            first["R"] = flat + held[1:]
        else:
            first["R"], first["L"] = flat[::2], flat[1::2]
        # open containers innermost (the tallest alone on the left, the others on the right,
        # tallest innermost), their contents standing higher inside them; flat carriers
        # outermost, each to the side whose outermost container has room to raise its floor
        second: dict[str, list[str]] = {"R": held + flat, "L": []}
        if not fixed:
            second = {"L": held[:1], "R": held[1:]}
            for k in flat:

                def slack(side: str, k: str = k) -> tuple[bool, int]:
                    chain = second[side]
                    if not chain:
                        return True, 0
                    last = chain[-1]
                    room = self._floor_room(last) if holds_inside(last) else 0.0
                    return room >= nodes[k].h + UNDER, -len(chain)

                second[max(("R", "L"), key=slack)].append(k)
        options = [(self._fan_heights(order, sides), sides) for sides in (first, second)]
        (lift, floor), sides = min(
            options, key=lambda o: (max(o[0][0].values()), sum(o[0][0].values()))
        )
        plain = [k for k in order if k not in carriers]
        rel: dict[str, float] = {}
        if fixed:  # every member starts at the fixture's side: nest by reach from there
            far = max((nodes[k].w for k in plain), default=0.0)
            for k in sides["R"]:
                n = nodes[k]
                self._widen(n, far + CLEAR + n.need)
                self.reserve[k] = ("edge", far + CLEAR)
                far = n.w
        else:
            rel, _ = self._huddle(plain)
            ext = {
                "R": max((rel[k] + nodes[k].w for k in plain), default=0.0),
                "L": max((-rel[k] for k in plain), default=0.0),
            }
            for side, chain in sides.items():
                for k in chain:
                    n = nodes[k]
                    d = min(ITEM_EDGE, n.w / 4)
                    reach = d + ext[side] + CLEAR
                    self._widen(n, reach + n.need)
                    rel[k] = -d if side == "R" else d - n.w
                    self.reserve[k] = ("L" if side == "R" else "R", reach)
                    ext[side] = n.w - d
        for k in order:  # 0 unless two flat carriers nest (docs/rendering.md, Limits)
            n = nodes[k]
            n.lift = lift[k]
            if floor.get(k, 0.0) > n.insets()[3]:
                n.floor = floor[k]
                inside = max((nodes[c].up for c in n.inside), default=0.0)
                n.up = max(n.up, n.floor + inside)
        if any(len(chain) > 1 for chain in sides.values()):
            # a carrier crossing under another's load stands behind it, so the inner one's base
            # shows in front of it; outermost furthest back
            depth = {k: i for chain in sides.values() for i, k in enumerate(chain)}
            order = sorted(carriers, key=lambda k: -depth[k]) + plain
        self.clusters[name] = sorted(order, key=lambda k: -lift[k])  # back to front
        if fixed:
            return max(nodes[k].w for k in order) + edge
        self.cluster_rel[name] = rel
        lo = min(rel.values())
        hi = max(rel[k] + nodes[k].w for k in order)
        return hi - lo + 2 * edge

    def _fan_heights(
        self, order: list[str], sides: Mapping[str, list[str]]
    ) -> tuple[dict[str, float], dict[str, float]]:
        """How far each member of a fanned huddle stands raised, and the raised inner floors
        of open containers: every band [lift, lift + h] reaches one common height y; going
        inwards along a side, what each carrier holds stands ``UNDER`` above the top of the one
        crossing under it: an open container's inner floor rises (up to ``_floor_room``), a
        carrier stands raised only when nothing else can (two flat carriers nesting)."""
        nodes = self.nodes

        def holds_inside(k: str) -> bool:
            return bool(nodes[k].inside and nodes[k].shows_inside)

        lift = dict.fromkeys(order, 0.0)
        floor = {k: nodes[k].insets()[3] for k in order if holds_inside(k)}
        y = 0.0
        for _ in range(len(order) + 1):
            for k in order:
                lift[k] = max(0.0, y - nodes[k].h)
            for chain in sides.values():
                for inner, outer in zip(chain[-2::-1], chain[:0:-1], strict=True):
                    top = lift[outer] + nodes[outer].h + UNDER
                    if inner in floor and top - lift[inner] <= self._floor_room(inner):
                        floor[inner] = max(floor[inner], top - lift[inner])
                    else:
                        base = floor.get(inner, nodes[inner].h)
                        lift[inner] = max(lift[inner], top - base)
            highest = max(lift.values())
            if highest <= y:
                break
            y = highest
        return lift, floor

    def _floor_room(self, name: str) -> float:
        """How high an open container's inner floor may rise: what it holds stays at least a
        quarter sunk below its rim, so it still reads as inside."""
        node = self.nodes[name]
        _, top, _, _ = node.insets()
        tallest = max((self.nodes[c].h for c in node.inside), default=0.0)
        return max(0.0, node.h - top - tallest / 4)

    def measure_groups(self, name: str, edge: float) -> float:
        """IS-Bench's convention: the things on a surface form groups of neighbours (the
        connected parts of the state's pairs among them); one stands alone, two touch, three or
        more stand as a cluster; groups keep a clear gap."""
        kids = self.nodes[name].top
        link = {k: k for k in kids}

        def find(k: str) -> str:
            while link[k] != k:
                k = link[k]
            return k

        for a, b in sorted(self.state.nextto):
            if a in link and b in link:
                link[find(a)] = find(b)
        groups: dict[str, list[str]] = {}
        for k in sorted(kids):
            groups.setdefault(find(k), []).append(k)
        rows = sorted(groups.values(), key=lambda g: g[0])
        for i, g in enumerate(rows):  # a group that is a chain (not all mutual) stands in a row
            adj = {
                k: {b if a == k else a for a, b in self.state.nextto if k in (a, b)} & set(g)
                for k in g
            }
            edges = sum(len(v) for v in adj.values()) // 2
            if len(g) >= 3 and edges == len(g) - 1 and all(len(v) <= 2 for v in adj.values()):
                ends = sorted(k for k in g if len(adj[k]) == 1)
                rows[i] = _walk(ends[0], set(g), adj)
        self.groups[name] = rows
        total = 0.0
        drawn: list[str] = []  # back to front
        for g in rows:
            if len(g) >= 3 and not self._is_chain(g):
                rel, back = self._huddle(g)
                self.cluster_rel[f"{name}#{g[0]}"] = rel
                total += max(rel[k] + self.nodes[k].w for k in g) - min(rel.values())
                drawn += back
            else:
                total += sum(self.nodes[k].w for k in g)
                drawn += g
        self.clusters[name] = drawn
        return total + self.gap * (len(rows) - 1) + 2 * edge

    def _is_chain(self, g: list[str]) -> bool:
        return all(self.state.is_nextto(a, b) for a, b in zip(g, g[1:], strict=False)) and not all(
            self.state.is_nextto(a, b) for i, a in enumerate(g) for b in g[i + 1 :]
        )

    def _group_w(self, name: str, g: list[str]) -> float:
        rel = self.cluster_rel.get(f"{name}#{g[0]}")
        if rel is None:
            return sum(self.nodes[k].w for k in g)
        return max(rel[k] + self.nodes[k].w for k in g) - min(rel.values())

    def place_groups(self, name: str, top: float, edge: float, left: float, right: float) -> None:
        rows = list(self.groups.get(name, []))
        centre = (left + right) / 2
        lead = next((g for g in rows if any(self._side(k, centre) == "L" for k in g)), None)
        tail = next(
            (g for g in rows if g is not lead and any(self._side(k, centre) == "R" for k in g)),
            None,
        )
        ordered = ([lead] if lead else []) + [g for g in rows if g is not lead and g is not tail]
        ordered += [tail] if tail else []
        widths = [self._group_w(name, g) for g in ordered]
        slots = [0.0 if lead else edge] + [self.gap] * (len(ordered) - 1) + [0.0 if tail else edge]
        flexible = [
            i
            for i in range(len(slots))
            if not ((i == 0 and lead) or (i == len(slots) - 1 and tail))
        ]
        spare = max(0.0, (right - left) - sum(widths) - sum(slots))
        for i in flexible:
            slots[i] += spare / len(flexible)
        x = left
        for slot, g, w in zip(slots, ordered, widths, strict=False):
            x += slot
            rel = self.cluster_rel.get(f"{name}#{g[0]}")
            if rel is None:
                for k in g if g is not tail else g[::-1]:
                    kid = self.nodes[k]
                    kid.x0, kid.y1 = x, top - kid.lift
                    x += kid.w
                continue
            lo = min(rel.values())
            for k in g:
                kid = self.nodes[k]
                if g is lead:
                    kid.x0 = x
                elif g is tail:
                    kid.x0 = x + w - kid.w
                else:
                    kid.x0 = x - lo + rel[k]
                kid.y1 = top - kid.lift
            x += w

    def _huddle(self, members: list[str], squeezed: int = 0) -> tuple[dict[str, float], list[str]]:
        """Things standing in one huddle: every box overlaps every other (they are all next
        to each other) and the base of each shows beside the ones in front of it. Returns
        their left edges relative to the point all of them overlap, and the drawing order
        (back to front).

        The huddle is an optional thing in front, centred on the point, and two sides: each
        thing on a side reaches from the point outwards, narrower ones in front of wider ones.
        Of every way to share the things between the centre and the sides, the one whose
        worst-seen base shows most wins (ties: the most base seen in all, then names). When
        even that one hides more than ``1 - SEEN`` of a base (four or more things of nearly one
        width), each thing in front of another on its side is drawn narrower (``SQUEEZE``) and
        the search runs again (at most three times)."""
        if not members:
            return {}, []
        best = _arrangement(tuple(sorted(((k, self.nodes[k].w) for k in members), key=_by_width)))
        if best[0][0] < SEEN and squeezed < 3:
            # No way to overlap them all shows every base (things of nearly one width): the
            # ones in front of another on a side are drawn narrower than it
            for chain in best[3]:
                for front_k, back_k in zip(chain[-2::-1], chain[:0:-1], strict=True):
                    node = self.nodes[front_k]
                    self._reshape(node, min(node.w, SQUEEZE * self.nodes[back_k].w))
            firsts = [self.nodes[chain[0]].w for chain in best[3] if chain]
            if best[4] is not None and firsts:  # the one in front of both sides
                node = self.nodes[best[4]]
                self._reshape(node, min(node.w, SQUEEZE * min(firsts)))
            return self._huddle(members, squeezed + 1)
        return dict(best[1]), list(best[2])

    def _widen(self, node: Node, w: float) -> None:
        """Draw a measured thing at least ``w`` wide (room for what it carries to reach past
        the things beside it); notes that a width changed after its measure."""
        if w > node.w:
            node.w = w
            self.reshaped = True

    def _reshape(self, node: Node, w: float) -> None:
        """Draw a measured thing ``w`` wide, but never narrower than :meth:`_narrowest`;
        notes that a width changed after its measure."""
        w = max(self._narrowest(node), w)
        if w != node.w:
            node.w = w
            self.reshaped = True

    @staticmethod
    def _narrowest(node: Node) -> float:
        """A thing drawn narrower in a crowded huddle keeps at least this width (so it still
        looks like itself)."""
        return min(node.w, NARROWEST * (node.look.h if node.lying else node.look.w))

    def _side_by_side(self, name: str) -> bool:
        """A thing holding loads both on it and inside it where they can be seen, one of them
        carrying something: the loads stand side by side on it, clear of each other (else what
        one carries would touch the other, which it is not next to); a cover over what is
        inside stays over it."""
        node = self.nodes[name]
        return (
            not node.is_fixture
            and bool(node.top and node.inside and node.shows_inside)
            and any(self._carries(k) for k in node.top + node.inside)
        )

    def _carries(self, name: str) -> bool:
        node = self.nodes[name]
        return bool(node.top or (node.inside and node.shows_inside))

    def chains(self, items: list[str], surface: tuple[str, str]) -> list[list[str]]:
        """Split a row's items into chains of neighbours (each chain drawn touching)."""
        pairs = [tuple(sorted(p)) for p in self.pairs.get(surface, ()) if p <= set(items)]
        adj: dict[str, set[str]] = {i: set() for i in items}
        for a, b in pairs:
            adj[a].add(b)
            adj[b].add(a)
        seen: set[str] = set()
        out: list[list[str]] = []
        for start in sorted(items):
            if start in seen:
                continue
            comp, stack = set(), [start]
            while stack:
                x = stack.pop()
                if x not in comp:
                    comp.add(x)
                    stack.extend(adj[x])
            anchored = sorted(x for x in comp if x in self.anchors)
            first = anchored[0] if anchored else min(comp, key=lambda x: (len(adj[x]), x))
            out.append(_walk(first, comp, adj))
            seen |= comp
        return out

    def row_width(
        self, items: list[str], surface: tuple[str, str], edge: float, gap: float
    ) -> float:
        if not items:
            return 0.0
        chains = self.chains(items, surface)
        return sum(self.nodes[i].w for i in items) + gap * (len(chains) - 1) + 2 * edge

    # ----- the row along the wall --------------------------------------------------------
    def element_w(self, element: str) -> float:
        name, _, k = element.partition("#")
        if k:
            return self.pieces[name][int(k)].w
        return self.nodes[name].w

    def root_paths(self, roots: list[str]) -> list[list[str]]:
        """The row along the wall as paths of elements that touch (a long surface is one
        element per piece, ``NAME#k``): what stands beside a surface, then the floor's own
        places, then loose pairs; an edge that would give an element a third neighbour or
        close a loop is dropped."""
        elements: list[str] = []
        for r in roots:
            if r in self.sequences:
                elements += [f"{r}#{k}" for k in range(len(self.pieces[r]))]
            else:
                elements.append(r)
        adj: dict[str, list[str]] = {e: [] for e in elements}
        comp = {e: e for e in elements}

        def find(e: str) -> str:
            while comp[e] != e:
                comp[e] = comp[comp[e]]
                e = comp[e]
            return e

        def join(a: str, b: str) -> None:
            if a not in adj or b not in adj or a == b or b in adj[a]:
                return
            if len(adj[a]) >= 2 or len(adj[b]) >= 2 or find(a) == find(b):
                return
            adj[a].append(b)
            adj[b].append(a)
            comp[find(a)] = find(b)

        def join_any(a: str, b: str) -> None:
            for x in self._ends(a):
                for y in self._ends(b):
                    if len(adj.get(x, ())) < 2 and len(adj.get(y, ())) < 2:
                        join(x, y)
                        return

        for r in roots:
            seq = self.sequences.get(r)
            if seq:
                for a, b in zip(seq, seq[1:], strict=False):
                    join(a, b)
            else:
                for f, _ in self.anchored(r):
                    join_any(r, f)
        on_floor = [r for r in roots if self.nodes[r].relation == "ontop"]
        floor_row = (
            []
            if self.isbench
            else [(pos, n) for pos, _, n in self.line(self.scene.floor, on_floor)]
        )
        for (pa, a), (pb, b) in zip(floor_row, floor_row[1:], strict=False):
            if pb == pa + 1:
                join_any(a, b)
        for pair in sorted(tuple(sorted(p)) for p in self.pairs.get(("", "row"), ())):
            join_any(pair[0], pair[1])
        paths: list[list[str]] = []
        seen: set[str] = set()
        for e in elements:
            if e in seen or len(adj[e]) > 1:
                continue
            path, prev, cur = [e], None, e
            while True:
                nxt = [n for n in adj[cur] if n != prev]
                if not nxt:
                    break
                prev, cur = cur, nxt[0]
                path.append(cur)
            seen.update(path)
            segs = [int(x.partition("#")[2]) for x in path if "#" in x]
            if len(segs) >= 2 and segs[0] > segs[-1]:
                path.reverse()
            paths.append(path)
        return paths

    def _ends(self, element: str) -> list[str]:
        """The row elements of a root: itself, or a long surface's first and last piece."""
        if element not in self.sequences:
            return [element]
        n = len(self.pieces[element])
        return [f"{element}#0"] + ([f"{element}#{n - 1}"] if n > 1 else [])

    def row_need(self, paths: list[list[str]]) -> float:
        return sum(self.element_w(e) for p in paths for e in p) + self.fixture_gap * (
            len(paths) - 1
        )

    def place_roots(
        self,
        paths: list[list[str]],
        right: float,
        order_key: Mapping[str, tuple[object, ...]],
    ) -> None:
        def key(path: list[str]) -> tuple[object, ...]:
            return min(order_key[e.partition("#")[0]] for e in path)

        paths.sort(key=key)
        widths = [sum(self.element_w(e) for e in p) for p in paths]
        if self.places and self._keep_places(paths, right):
            return
        slots = [0.0] + [self.fixture_gap] * (len(paths) - 1) + [0.0]
        spare = max(0.0, right - sum(widths) - sum(slots))
        share = spare / len(slots)
        if share > MAX_ROW_SLOT:
            rest = spare - MAX_ROW_SLOT * len(slots)
            slots = [s + MAX_ROW_SLOT for s in slots]
            slots[0] += rest / 2
        else:
            slots = [s + share for s in slots]
        x = 0.0
        spans: dict[str, list[tuple[float, float]]] = {}
        for slot, path in zip(slots, paths, strict=False):
            x += slot
            for e in path:
                w = self.element_w(e)
                name, _, k = e.partition("#")
                if k:
                    self.pieces[name][int(k)].x0 = x
                    spans.setdefault(name, []).append((x, x + w))
                else:
                    node = self.nodes[name]
                    node.x0, node.y1 = x, -node.raised
                x += w
        self._join_spans(spans)

    def _keep_places(self, paths: list[list[str]], right: float) -> bool:
        """The row along the wall where the episode's last image had it: each path starts
        where it started then, or just after the path before it when that one grew; past the
        right end, the paths at the end move back left only as far as they must. False
        (nothing placed) when the row no longer fits."""
        starts: list[float] = []
        widths = [sum(self.element_w(e) for e in path) for path in paths]
        x = 0.0
        for i, path in enumerate(paths):
            least = x + (self.fixture_gap if i else 0.0)
            x = max(least, self.places.get(path[0], least))
            starts.append(x)
            x += widths[i]
        end = right
        for i in range(len(paths) - 1, -1, -1):  # pull back what went past the right end
            starts[i] = min(starts[i], end - widths[i])
            end = starts[i] - self.fixture_gap
        if starts and starts[0] < 0:
            return False
        spans: dict[str, list[tuple[float, float]]] = {}
        for x, path in zip(starts, paths, strict=True):
            for e in path:
                w = self.element_w(e)
                name, _, k = e.partition("#")
                if k:
                    self.pieces[name][int(k)].x0 = x
                    spans.setdefault(name, []).append((x, x + w))
                else:
                    node = self.nodes[name]
                    node.x0, node.y1 = x, -node.raised
                x += w
        self._join_spans(spans)
        return True

    def _join_spans(self, spans: Mapping[str, list[tuple[float, float]]]) -> None:
        for name, span in spans.items():
            node = self.nodes[name]
            x0, x1 = min(a for a, _ in span), max(b for _, b in span)
            node.x0, node.w, node.y1 = x0, x1 - x0, -node.raised
            if len(span) > 1:
                self.spans[name] = sorted(span)

    def row_places(self, paths: list[list[str]]) -> tuple[tuple[str, float], ...]:
        """Where each path of the row begins (natural pixels), for the next image's frame."""
        out = []
        for path in paths:
            name, _, k = path[0].partition("#")
            out.append((path[0], self.pieces[name][int(k)].x0 if k else self.nodes[name].x0))
        return tuple(sorted(out))

    # ----- positions, top-down -----------------------------------------------------------
    def place_runs(
        self,
        runs: list[list[str]],
        left: float,
        right: float,
        bottom: float,
        margins: tuple[float, float],
        fixed: tuple[bool, bool],
        gap: float,
        pack: bool = False,
    ) -> None:
        """Runs of touching things between ``left`` and ``right``; a margin that is not
        ``fixed`` (touching a neighbour) takes a share of the spare width. ``pack``: the runs
        keep the least gaps from the start and the spare width goes to the far end (a long
        surface, so a thing put down or taken away moves only what stands after it)."""
        if not runs:
            return
        slots = [margins[0]] + [gap] * (len(runs) - 1) + [margins[1]]
        flexible = [
            i
            for i in range(len(slots))
            if not ((i == 0 and fixed[0]) or (i == len(slots) - 1 and fixed[1]))
        ]
        widths = sum(self.nodes[n].w for run in runs for n in run)
        spare = max(0.0, (right - left) - widths - sum(slots))
        if pack and flexible:
            flexible = [flexible[-1]]
        for i in flexible:
            slots[i] += spare / len(flexible)
        x = left
        for slot, run in zip(slots, runs, strict=False):
            x += slot
            for n in run:
                node = self.nodes[n]
                node.x0, node.y1 = x, bottom - node.lift
                x += node.w

    def place_row(
        self,
        items: list[str],
        surface: tuple[str, str],
        left: float,
        right: float,
        bottom: float,
        edge: float,
        gap: float,
    ) -> None:
        if not items:
            return
        chains = self.chains(items, surface)
        centre = (left + right) / 2
        lead: list[str] | None = None
        tail: list[str] | None = None
        free: list[list[str]] = []
        for chain in chains:
            side = self._side(chain[0], centre)
            if side == "L" and lead is None:
                lead = chain
            elif side == "R" and tail is None:
                tail = chain[::-1]
            else:
                free.append(chain)
        ordered = ([lead] if lead else []) + free + ([tail] if tail else [])
        self.place_runs(
            ordered,
            left,
            right,
            bottom,
            (0.0 if lead else edge, 0.0 if tail else edge),
            (lead is not None, tail is not None),
            gap,
        )

    def _side(self, name: str, centre: float) -> str | None:
        target = self.anchors.get(name)
        if target is None or target not in self.nodes:
            return None
        t = self.nodes[target]
        return "L" if t.x0 + t.w / 2 < centre else "R"

    def place_children(self, name: str) -> None:
        node = self.nodes[name]
        edge = EDGE if node.is_fixture else ITEM_EDGE
        top = node.y1 - node.h
        left, right = node.x0, node.x0 + node.w
        side, reach = self.reserve.get(name, ("", 0.0))
        if side == "L":
            left += reach
        elif side == "R":
            right -= reach
        left_in, _, right_in, b = node.insets()
        in_left, in_right = max(left, node.x0 + left_in), min(right, node.x0 + node.w - right_in)
        if self._side_by_side(name):  # what is inside at the far end, what lies on it before
            in_left = in_right - self.row_width(node.inside, (name, "inside"), ITEM_EDGE, self.gap)
            right = in_left - left_in - self.gap
        if not self.derived:
            self.place_row(
                node.top,
                (name, "ontop"),
                node.x0,
                right if self._side_by_side(name) else node.x0 + node.w,
                top,
                edge,
                self.gap,
            )
        elif node.top and self.isbench:
            self.place_groups(name, top, edge, left, right)
        elif node.top and self.is_long(name):
            self.place_pieces(name, top, edge)
        elif node.top:
            self.place_small(name, top, edge, left, right)
        self.place_row(
            node.inside,
            (name, "inside"),
            in_left,
            in_right,
            node.y1 - b,
            ITEM_EDGE,
            self.gap,
        )

    def place_pieces(self, name: str, top: float, edge: float) -> None:
        node = self.nodes[name]
        pieces = self.pieces.get(name, [])
        for p in pieces:
            if len(pieces) == 1 and p.left is None and p.right is None:
                p.x0, p.w = node.x0, node.w  # a surface not in the row (or alone)
            runs = p.runs
            lf, rf = p.left, p.right
            tl, tr = p.touch_l, p.touch_r
            ref = self.nodes[lf] if lf else (self.nodes[rf] if rf else None)
            mirrored = ref is not None and (
                (lf is not None and ref.x0 > p.x0) or (lf is None and ref.x0 < p.x0)
            )
            if mirrored:  # the row runs right to left here
                runs = [r[::-1] for r in runs[::-1]]
                lf, rf, tl, tr = rf, lf, tr, tl
            self.place_runs(
                runs,
                p.x0,
                p.x0 + p.w,
                top,
                (self._margin(lf, tl, edge), self._margin(rf, tr, edge)),
                (tl, tr),
                self.gap,
                pack=True,
            )

    def place_small(self, name: str, top: float, edge: float, left: float, right: float) -> None:
        node = self.nodes[name]
        kids = node.top
        fixed = self.anchored(name)
        side = None
        if fixed:
            f = self.nodes[fixed[0][0]]
            side = "R" if f.x0 + f.w / 2 >= node.x0 + node.w / 2 else "L"
        cluster = self.clusters.get(name)
        hint = self.edge_to.get(name)
        if cluster is None and side is None and hint and hint[0] in kids and hint[1] in self.nodes:
            other = self.nodes[hint[1]]
            side = "R" if other.x0 + other.w / 2 >= node.x0 + node.w / 2 else "L"
            rest = [k for k in kids if k != hint[0]]
            kids = [*rest, hint[0]] if side == "R" else [hint[0], *rest]
        if cluster is None:
            self.place_runs(
                [kids],
                left,
                right,
                top,
                (0.0 if side == "L" else edge, 0.0 if side == "R" else edge),
                (side == "L", side == "R"),
                self.gap,
            )
            return
        rel = self.cluster_rel.get(name, {})
        lo = min(rel.values(), default=0.0)
        hi = max((rel[k] + self.nodes[k].w for k in rel), default=0.0)
        point = (left + right) / 2 - (lo + hi) / 2  # the point every member overlaps
        for k in cluster:
            kid = self.nodes[k]
            if side == "R":
                kid.x0 = right - kid.w
            elif side == "L":
                kid.x0 = left
            else:
                kid.x0 = point + rel.get(k, -kid.w / 2)
            if side and k in self.reserve:  # what it carries stays off the fixture's side
                self.reserve[k] = (side, self.reserve[k][1])
            kid.y1 = top - kid.lift


def _walk(first: str, comp: set[str], adj: Mapping[str, set[str]]) -> list[str]:
    """A path through a component, greedy from ``first`` (a chain when the pairs form one)."""
    order, seen, current = [first], {first}, first
    while len(order) < len(comp):
        options = sorted((len(adj[n] - seen), n) for n in adj[current] if n not in seen)
        if not options:  # dead end: continue from the next unvisited node touching the path
            options = sorted((0, n) for v in order for n in adj[v] if n not in seen) or [
                (0, min(comp - seen))
            ]
        current = options[0][1]
        order.append(current)
        seen.add(current)
    return order


def layout(
    scene: Scene,
    state: State,
    width: int,
    height: int,
    header: float,
    near: Mapping[str, str] | None = None,
    frame: Frame | None = None,
    settle: bool = False,
) -> Layout:
    """Compute the boxes of everything visible. ``near`` maps an object lying on the floor to
    a row element it should be drawn after (where it fell from), when the caller knows;
    ``frame`` (:class:`Frame`, from the episode's first state) keeps the scale and the row.
    ``settle`` (without ``frame``): drawn in the frame of this very state, what
    ``frame=fresh_frame(scene, state, ..., near)`` gives (an episode's first image), with the
    row measured once where that gives the same (see :func:`_rowed`)."""
    b, roots, scale, kept = _rowed(scene, state, width, height, header, near, frame, settle)
    return _placed(scene, b, roots, scale, kept, width, height)


def _margins(width: int, height: int) -> tuple[float, float, int]:
    """The image's size factor against 1024x768, its side margin and the floor line's height."""
    k = min(width / 1024, height / 768)
    return k, 14 * k, round(height * 0.74)


def fresh_frame(
    scene: Scene,
    state: State,
    width: int,
    height: int,
    header: float,
    near: Mapping[str, str] | None = None,
) -> Frame:
    """``layout(scene, state, width, height, header, near).frame`` (the frame an episode's
    images keep, with room to grow), without placing anything in it: the scale, the widths
    and the places along the wall are settled before what stands on and in things is
    placed."""
    return _rowed(scene, state, width, height, header, near, None)[3]


def _rowed(
    scene: Scene,
    state: State,
    width: int,
    height: int,
    header: float,
    near: Mapping[str, str] | None,
    frame: Frame | None,
    settle: bool = False,
) -> tuple[_Builder, list[str], float, Frame]:
    """The layout's builder with the row measured and placed along the wall, its roots, the
    scale and the frame the image keeps (:func:`layout` up to placing what the row carries).
    ``settle`` (with no ``frame``): the row placed in the fresh frame this state gives, as a
    second pass with that frame would place it. Unless a width changed after its thing was
    measured (a huddle squeezed, a carrier widened), measuring again with the frame's widths
    as floors changes nothing, so the second pass is only made where one did
    (tests/render/test_fresh_frame.py)."""
    k, margin, y_base = _margins(width, height)

    def attempt(
        slim: float, gap: float = GAP
    ) -> tuple[_Builder, list[str], list[list[str]], float, float, bool]:
        """Build and measure with slim furniture at ``slim``: the builder, the row's roots and
        paths, the natural height fitted to, the fitting scale, and whether it fills the
        height (or needs no more)."""
        b = _Builder(scene, state, near or {}, header, width, height)
        b.floors = dict(frame.widths) if frame else {}
        b.slim = slim
        b.gap = gap
        roots = b.build_nodes()
        b.lift_pairs()
        for r in roots:
            b.measure(r)
            node = b.nodes[r]
            if kinds.kind(node.kind).pedestal:
                node.raised = PEDESTAL
                node.up += PEDESTAL
        for r in roots:  # a fixture beside a surface reaches at least up to what stands on it
            surface = b.nodes[r]
            lift = max((b.nodes[t].lift for t in surface.top), default=0)
            reach = surface.h + surface.raised + lift
            for f, _ in b.anchored(r):
                fixture = b.nodes[f]
                if fixture.h + fixture.raised < reach:
                    fixture.up += reach - fixture.raised - fixture.h
                    fixture.h = reach - fixture.raised
        paths = b.root_paths(roots)
        row_need = b.row_need(paths)
        up = max((b.nodes[r].up for r in roots), default=100.0) + LABEL_ROOM
        up = max(up, frame.up) if frame else up
        fit_w = (width - 2 * margin) / max(row_need, 1.0)
        fit_h = (y_base - header) / up
        fit = min(fit_w, fit_h)
        return b, roots, paths, up, fit, fit_w >= HEADROOM * fit_h or MAX_ZOOM * k <= fit

    # the first share of SLIMS that fills the height, else the last: the full width, then the
    # slimmest (most rooms need it), then the ones between
    found = attempt(frame.slim, frame.gap) if frame else attempt(SLIMS[0])
    if frame is None and not found[-1]:
        found = attempt(SLIMS[-1])
        if found[-1]:
            found = next(
                (f for f in map(attempt, SLIMS[1:-1]) if f[-1]),
                found,
            )
        else:  # still the row's width, not the height, limits the scale: tighter gaps
            found = attempt(TIGHT_SLIM, TIGHT_GAP)
    b, roots, paths, up, fit, _ = found
    widths = tuple(
        (n, node.w) for n, node in sorted(b.nodes.items()) if not node.lying and not node.tilt
    )
    scale = min(MAX_ZOOM * k, fit)
    if frame is not None:
        if not HEADROOM * scale <= frame.scale <= scale:
            # the frame no longer fits, or is smaller than a fresh one would be (what made it
            # shrink is gone): a fresh frame, without the old widths
            # (drawn in it at once, so the next image does not rescale again)
            return _rowed(scene, state, width, height, header, near, None, settle=True)
        scale = frame.scale
        if frame.xs_scale == scale:
            b.places = dict(frame.xs)
    # the frame a later state keeps: room for what may grow (a container taking something in)
    kept_scale = scale if frame is not None and scale == frame.scale else HEADROOM * fit
    kept_scale = min(MAX_ZOOM * k, kept_scale)
    # Order of free chains along the wall: fridge, kitchen run, tables, shelves, rest, then
    # floor items (after the fixture they came from, when known).
    key: dict[str, tuple[object, ...]] = {}
    for r in roots:
        node = b.nodes[r]
        key[r] = (kinds.kind(node.kind).rank if node.is_fixture else 5, r)
    parent_of = {n: node.parent for n, node in b.nodes.items()}
    for r in roots:
        hint = (near or {}).get(r)
        if hint is None or hint not in b.nodes or b.nodes[r].is_fixture:
            continue
        hint_root = _chain_of(hint, parent_of)[-1]
        if hint_root != r:
            key[r] = (*key[hint_root], 1, r)
    b.place_roots(paths, (width - 2 * margin) / scale, key)
    kept = Frame(kept_scale, widths, b.row_places(paths), scale, b.slim, up, b.gap)
    if settle and frame is None:
        if b.reshaped:  # measuring again with these widths as floors may differ: do it
            return _rowed(scene, state, width, height, header, near, kept)
        # What a second pass with ``frame=kept`` does: the same measures (the frame's widths
        # and height are this pass's own, and no width changed after its measure, so the
        # floors change nothing), always within the frame's bounds (its scale is the fitting
        # one times HEADROOM, or both are capped), so only the row is placed again at the
        # frame's scale, from the frame's places when they were taken at that scale.
        scale = kept.scale
        b.places = dict(kept.xs) if kept.xs_scale == scale else {}
        b.place_roots(paths, (width - 2 * margin) / scale, key)
        kept = Frame(scale, widths, b.row_places(paths), scale, b.slim, up, b.gap)
    return b, roots, scale, kept


def _placed(
    scene: Scene,
    b: _Builder,
    roots: list[str],
    scale: float,
    kept: Frame,
    width: int,
    height: int,
) -> Layout:
    """:func:`layout` from a builder whose row is placed (:func:`_rowed`): what the row
    carries placed, and every node's boxes in image pixels."""
    _, margin, y_base = _margins(width, height)
    for node in b.nodes.values():
        if not node.is_fixture and node.inside and node.shows_inside:
            node.floor = max(node.floor, INNER_FLOOR / scale)
    order: list[str] = []
    queue = list(roots)
    while queue:  # breadth-first: a node's partners higher up are placed before it
        name = queue.pop(0)
        order.append(name)
        b.place_children(name)
        queue.extend(b.nodes[name].inside + b.clusters.get(name, b.nodes[name].top))
    for node in b.nodes.values():
        x0 = margin + node.x0 * scale
        x1 = margin + (node.x0 + node.w) * scale
        y1 = y_base + node.y1 * scale
        y0 = y_base + (node.y1 - node.h) * scale
        node.box = Box(px(x0), px(y0), px(x1), px(y1))
        node.parts = tuple(
            Box(px(margin + a * scale), px(y0), px(margin + c * scale), px(y1))
            for a, c in b.spans.get(node.name, [])
        )
        if (
            node.inside
            or node.shows_inside
            and ("openable" in node.info.abilities or node.info.is_container)
        ):
            il, it, ir, ib = node.insets()
            node.inner = Box(
                px(x0 + il * scale), px(y0 + it * scale), px(x1 - ir * scale), px(y1 - ib * scale)
            )
    floor_box = Box(0, y_base, width, height)
    shown = {n: node for n, node in b.nodes.items() if n not in b.hidden}
    order = [n for n in order if n not in b.hidden]
    return Layout(
        shown,
        order,
        roots,
        frozenset(b.hidden),
        scene.floor,
        floor_box,
        scale,
        width,
        height,
        kept,
    )
