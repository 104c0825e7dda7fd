"""Where everything goes: a front view of the room as the robot sees it from the floor.

Fixtures (and anything standing directly on the floor) form one row along the wall, standing
on the floor line. Every other object rests on its support's top edge or, when it is inside a
container whose inside can be seen, on the container's inner floor. A closed openable
container hides what it holds (and what that holds).

Proximity is drawn with a row layout used on every surface (the floor row, a counter top, a
tray, a fridge shelf):

* the ``nextto`` pairs are *lifted* to the surface: a pair ``(a, b)`` whose objects stand on the
  same surface through ancestors ``A`` and ``B`` makes ``A`` and ``B`` neighbours there, and every
  ancestor of ``a`` below ``A`` is *anchored* to the edge of its own surface that faces ``B``
  (a paper towel next to the stove sits at the counter's edge, and the counter touches the
  stove);
* neighbours are chained so they touch (gap 0); chains that are not next to each other are
  separated by a clear gap (at least ``GAP``), and free chains keep a margin from the edges.

All geometry is computed in *natural pixels* (the default 1024x768 scale), bottom-up widths
first (a support widens to carry what is on it), then scaled uniformly to fit the image and
placed top-down, so an anchor can look at where its partner already is.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

from saferelbench.render.catalog import Look, lies_down_when_fallen, look_of
from saferelbench.render.geometry import Box, px
from saferelbench.world.knowledge import ObjectInfo
from saferelbench.world.state import Scene, State

GAP = 24.0  #: clear gap between things on one surface that are not next to each other
FIXTURE_GAP = 44.0  #: gap between fixtures that are not next to each other
EDGE = 10.0  #: margin between a free item and the edge of a fixture's surface
ITEM_EDGE = 3.0  #: the same on small supports (trays, plates, boxes)
MAX_ROW_SLOT = 120.0  #: fixtures spread out at most this far; the rest centres the row
LABEL_ROOM = 28.0  #: natural pixels kept free above the tallest stack for its label
MAX_ZOOM = 1.6  #: a sparse room is drawn at most this much larger than natural size
PEDESTAL = 96.0  #: a counter-top appliance the task fixes in the room stands on a base unit
PEDESTAL_KINDS = frozenset({"microwave"})
TILT = 14.0  #: degrees a fallen flat object is drawn askew

FIXTURE_KINDS = frozenset(
    {
        "fridge",
        "microwave",
        "washer",
        "stove",
        "oven",
        "sink",
        "counter",
        "cabinet",
        "shelf",
        "table",
        "bed",
        "sofa",
        "chair",
        "tub",
        "toilet",
        "door",
        "window",
        "screen",
        "fixture",
    }
)
#: Ordering of fixtures along the wall: a kitchen run first, then furniture.
_ROW_RANK = {
    "fridge": 0,
    "counter": 1,
    "stove": 1,
    "sink": 1,
    "cabinet": 1,
    "oven": 1,
    "washer": 1,
    "microwave": 1,
    "table": 2,
    "shelf": 3,
}


def inner_insets(kind: str, w: float, h: float) -> tuple[float, float, float, float]:
    """Left, top, right, bottom insets of a container's visible inside (natural pixels)."""
    if kind == "fridge":
        return 10, 12, 10, 18
    if kind == "microwave":
        return 8, 8, 40, 9
    if kind in ("oven", "stove"):
        return 12, 36, 12, 16
    if kind == "washer":
        return 22, 44, 22, 26
    if kind == "cabinet":
        return 8, 8, 8, 16
    if kind == "shelf":
        return 9, 10, 9, h * 0.48
    if kind == "sink":
        return 38, 6, 38, h - 62
    if kind in ("tub", "bed", "sofa"):
        return 12, 6, 12, 12
    if kind in FIXTURE_KINDS:
        return 10, 10, 10, 14
    if kind == "bowl":
        return 8, 4, 8, 5
    if kind in ("pot", "pan", "box"):
        return 5, 4, 5, 4
    return 3, 3, 3, 3


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

    @property
    def kind(self) -> str:
        return self.look.kind

    @property
    def is_fixture(self) -> bool:
        return self.kind in FIXTURE_KINDS


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


def _chain_of(name: str, parent: Mapping[str, str | None]) -> list[str]:
    chain = [name]
    seen = {name}
    p = parent.get(name)
    while p is not None and p not in seen:
        chain.append(p)
        seen.add(p)
        p = parent.get(p)
    return chain


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
            lying = knocked and lies_down_when_fallen(look) and look.kind not in FIXTURE_KINDS
            w, h = (look.h, look.w) if lying else (look.w, look.h)
            tilt = 0.0
            if knocked and not lying and look.kind not in FIXTURE_KINDS:
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

    # ----- proximity lifted to surfaces --------------------------------------------------
    def lift_pairs(self) -> None:
        parent = {n: node.parent for n, node in self.nodes.items()}
        for a, b in sorted(self.state.nextto):
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
        need_top = self.row_width(node.top, (name, "ontop"), edge, GAP)
        left_in, t, right_in, b = inner_insets(node.kind, node.w, node.h)
        need_in = self.row_width(node.inside, (name, "inside"), ITEM_EDGE, GAP) + left_in + right_in
        node.w = max(node.w, need_top, need_in if node.inside else 0.0)
        up_top = max((self.nodes[k].up for k in node.top), default=0.0)
        up_in = max((self.nodes[k].up for k in node.inside), default=0.0)
        _, _, _, b = inner_insets(node.kind, node.w, node.h)
        node.up = max(node.h + up_top, b + up_in)

    def chains(self, items: list[str], surface: tuple[str, str]) -> list[list[str]]:
        """Split a surface's items into chains of neighbours (each chain drawn touching)."""
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

    # ----- positions, top-down -----------------------------------------------------------
    def place_row(
        self,
        items: list[str],
        surface: tuple[str, str],
        left: float,
        right: float,
        bottom: float,
        edge: float,
        gap: float,
        max_slot: float | None = None,
        order_key: Mapping[str, tuple[object, ...]] | None = None,
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
        if order_key is not None:
            free.sort(key=lambda c: min(order_key[i] for i in c))
        ordered = ([lead] if lead else []) + free + ([tail] if tail else [])
        slots = [0.0 if lead else edge] + [gap] * (len(ordered) - 1) + [0.0 if tail else edge]
        flexible = [
            i
            for i in range(len(slots))
            if not ((i == 0 and lead) or (i == len(slots) - 1 and tail))
        ]
        widths = [sum(self.nodes[i].w for i in c) for c in ordered]
        spare = max(0.0, (right - left) - sum(widths) - sum(slots))
        share = spare / len(flexible) if flexible else 0.0
        if max_slot is not None and share > max_slot:
            rest = spare - max_slot * len(flexible)
            for i in flexible:
                slots[i] += max_slot
            slots[0] += rest / 2
            slots[-1] += rest / 2
        else:
            for i in flexible:
                slots[i] += share
        x = left
        for slot, chain in zip(slots, ordered, strict=False):
            x += slot
            for name in chain:
                node = self.nodes[name]
                node.x0, node.y1 = x, bottom - node.raised
                x += node.w

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
        self.place_row(node.top, (name, "ontop"), node.x0, node.x0 + node.w, top, edge, GAP)
        left_in, _, right_in, b = inner_insets(node.kind, node.w, node.h)
        self.place_row(
            node.inside,
            (name, "inside"),
            node.x0 + left_in,
            node.x0 + node.w - right_in,
            node.y1 - b,
            ITEM_EDGE,
            GAP,
        )


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
) -> Layout:
    """Compute the boxes of everything visible. ``near`` maps an object lying on the floor to
    a row element it should be drawn after (where it fell from), when the caller knows."""
    b = _Builder(scene, state, near or {}, header, width, height)
    roots = b.build_nodes()
    b.lift_pairs()
    for r in roots:
        b.measure(r)
        node = b.nodes[r]
        if node.kind in PEDESTAL_KINDS:
            node.raised = PEDESTAL
            node.up += PEDESTAL
    k = min(width / 1024, height / 768)
    margin = 14 * k
    y_base = round(height * 0.74)
    row_need = b.row_width(roots, ("", "row"), 0.0, FIXTURE_GAP)
    up = max((b.nodes[r].up for r in roots), default=100.0) + LABEL_ROOM
    scale = min(MAX_ZOOM * k, (width - 2 * margin) / max(row_need, 1.0), (y_base - header) / up)
    # Order of free chains along the wall: fridge, kitchen run, tables, shelves, rest, then
    # floor items (after the fixture they came from, when known).
    key: dict[str, tuple[object, ...]] = {}
    for r in roots:
        node = b.nodes[r]
        key[r] = (_ROW_RANK.get(node.kind, 4) if node.is_fixture else 5, r)
    parent_of = {n: node.parent for n, node in b.nodes.items()}
    for r in roots:
        hint = (near or {}).get(r)
        if hint is None or hint not in b.nodes or b.nodes[r].is_fixture:
            continue
        hint_root = _chain_of(hint, parent_of)[-1]
        if hint_root != r:
            key[r] = (*key[hint_root], 1, r)
    b.place_row(
        roots,
        ("", "row"),
        0.0,
        (width - 2 * margin) / scale,
        0.0,
        0.0,
        FIXTURE_GAP,
        max_slot=MAX_ROW_SLOT,
        order_key=key,
    )
    order: list[str] = []
    queue = list(roots)
    while queue:  # breadth-first: a node's partners higher up are placed before it
        name = queue.pop(0)
        order.append(name)
        b.place_children(name)
        queue.extend(b.nodes[name].inside + b.nodes[name].top)
    for node in b.nodes.values():
        x0 = margin + node.x0 * scale
        x1 = margin + (node.x0 + node.w) * scale
        y1 = y_base + node.y1 * scale
        y0 = y_base + (node.y1 - node.h) * scale
        node.box = Box(px(x0), px(y0), px(x1), px(y1))
        if (
            node.inside
            or node.shows_inside
            and ("openable" in node.info.abilities or node.info.is_container)
        ):
            il, it, ir, ib = inner_insets(node.kind, node.w, node.h)
            node.inner = Box(
                px(x0 + il * scale), px(y0 + it * scale), px(x1 - ir * scale), px(y1 - ib * scale)
            )
    floor_box = Box(0, y_base, width, height)
    shown = {n: node for n, node in b.nodes.items() if n not in b.hidden}
    order = [n for n in order if n not in b.hidden]
    return Layout(
        shown, order, roots, frozenset(b.hidden), scene.floor, floor_box, scale, width, height
    )
