"""Where things stand, and so what is near what.

Proximity is *derived* from the placement tree after every step (it is not an annotation that
any move erases):

- On a **small** surface (a breakfast table, a side table, a shelf board, a tray: anything
  without the ``long_surface`` attribute) everything standing directly on it is near everything
  else on it, and near the fixtures that stand beside it.
- On a **long** surface (``long_surface``: countertops, worktables, the floor, ...) each thing
  standing directly on it has an integer *place*; fixtures beside it (the stove at one end of the
  counter) have a fixed place too. Two things are near when their places differ by at most 1.
- A thing put down on a long surface goes back to its initial place there if that place is
  free; otherwise (and for a thing that did not start there) it takes the lowest free place,
  counting from 0 (the end where the surface's first item stood).

Under the scene's ``isbench_conventions`` (IS-Bench's protocol) proximity is IS-Bench's
instead: at the start, things standing directly on the same support (the floor excepted) are
next to each other, as are the initial pairs above; a pair ends when either object moves, and
no placement makes a new one (:func:`isbench_initial_nextto`).

The initial places come from the task's ``nextto`` atoms (:func:`initial_layout`): chains of
``nextto`` pairs on one surface are laid out side by side, separate groups one free place
apart. A ``nextto`` pair no layout can express (two movables on different surfaces, things
inside containers, a group that is not a chain) is kept as a *loose* pair as annotated:
it ends when either object moves.
"""

from __future__ import annotations

from collections.abc import Iterable

from saferelbench.world.knowledge import ObjectInfo
from saferelbench.world.state import Layout, Placement, Scene, State, _pair


def is_long(info: ObjectInfo) -> bool:
    return "long_surface" in info.attributes


def initial_layout(
    objects: dict[str, ObjectInfo],
    placements: dict[str, Placement],
    nextto: Iterable[tuple[str, str]],
    floor_ok: frozenset[str] = frozenset(),
) -> tuple[Layout, dict[str, int], set[tuple[str, str]]]:
    """Lay the initial scene out: the static :class:`Layout`, the initial places and the loose
    ``nextto`` pairs."""
    pairs = sorted({_pair(a, b) for a, b in nextto if a != b})
    surface_of = {o: p.parent for o, p in placements.items() if p.relation == "ontop"}
    loose: set[tuple[str, str]] = set()
    # group the pairs per surface; a fixture beside a surface is anchored to it
    per_surface: dict[str, set[tuple[str, str]]] = {}
    anchors: dict[str, set[str]] = {}
    for a, b in pairs:
        sa, sb = surface_of.get(a), surface_of.get(b)
        fa, fb = objects[a].is_fixture, objects[b].is_fixture
        if sa is not None and sa == sb:
            per_surface.setdefault(sa, set()).add((a, b))
        elif sa is not None and fb and not fa and b != sa:
            per_surface.setdefault(sa, set()).add((a, b))
            anchors.setdefault(sa, set()).add(b)
        elif sb is not None and fa and not fb and a != sb:
            per_surface.setdefault(sb, set()).add((a, b))
            anchors.setdefault(sb, set()).add(a)
        else:
            loose.add((a, b))
    long_surfaces = frozenset(n for n, o in objects.items() if is_long(o))
    places: dict[str, int] = {}
    anchor_rows: list[tuple[str, str, int]] = []
    homes: list[tuple[str, str, int]] = []
    surfaces = sorted(set(surface_of.values()) | set(per_surface))
    side_by_side: set[tuple[str, str, str]] = set()
    small_homes: set[tuple[str, str]] = set()
    for s in surfaces:
        items = sorted(o for o, parent in surface_of.items() if parent == s)
        fixed = sorted(anchors.get(s, set()))
        if s not in long_surfaces:
            anchor_rows += [(s, f, 0) for f in fixed]
            small_homes |= {(o, s) for o in items}
            side_by_side |= {
                (a, b, s) for a, b in per_surface.get(s, set()) if a not in fixed and b not in fixed
            }
            continue
        edges = per_surface.get(s, set())
        order, realised = _line(items + fixed, edges)
        loose |= edges - realised
        for name, pos in order.items():
            if name in fixed:
                anchor_rows.append((s, name, pos))
            else:
                places[name] = pos
                homes.append((name, s, pos))
    layout = Layout(
        long_surfaces=long_surfaces,
        anchors=tuple(sorted(anchor_rows)),
        homes=tuple(sorted(homes)),
        floor_ok=floor_ok,
        side_by_side=frozenset(side_by_side),
        small_homes=frozenset(small_homes),
    )
    return layout, places, loose


def _line(
    nodes: list[str], edges: set[tuple[str, str]]
) -> tuple[dict[str, int], set[tuple[str, str]]]:
    """Positions for ``nodes`` on a line: each connected group of ``edges`` that is a simple
    chain goes side by side; groups (and non-chain groups' members) one free place apart."""
    adj: dict[str, set[str]] = {n: set() for n in nodes}
    for a, b in edges:
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    seen: set[str] = set()
    pos: dict[str, int] = {}
    realised: set[tuple[str, str]] = set()
    cursor = 0
    for start in sorted(adj):
        if start in seen:
            continue
        group: list[str] = []
        stack = [start]
        while stack:
            n = stack.pop()
            if n in seen:
                continue
            seen.add(n)
            group.append(n)
            stack.extend(sorted(adj[n] - seen))
        group_edges = {e for e in edges if e[0] in group}
        is_chain = all(len(adj[n]) <= 2 for n in group) and len(group_edges) == len(group) - 1
        if is_chain:
            ends = sorted(n for n in group if len(adj[n]) <= 1)
            order = [ends[0]]
            while len(order) < len(group):
                nxt = sorted(adj[order[-1]] - set(order))
                order.append(nxt[0])
            for k, n in enumerate(order):
                pos[n] = cursor + k
            realised |= group_edges
            cursor += len(order) + 1
        else:
            for n in sorted(group):
                pos[n] = cursor
                cursor += 2
    return pos, realised


def place_for(scene: Scene, state: State, obj: str, surface: str) -> int:
    """The place ``obj`` takes when put down on the long ``surface`` (see the module doc)."""
    layout = scene.layout
    places = state.place_of
    taken = {places[c] for c in state.children(surface, "ontop") if c != obj and c in places}
    taken |= {pos for _, pos in layout.anchors_of.get(surface, [])}
    home = layout.home_of.get((obj, surface))
    if home is not None and home not in taken:
        return home
    k = 0
    while k in taken:
        k += 1
    return k


def derive_nextto(scene: Scene, state: State) -> frozenset[tuple[str, str]]:
    """Every proximity pair of ``state``: loose initial pairs plus what the layout gives."""
    if scene.isbench_conventions:
        return frozenset(state.loose_nextto)
    # a step that moves nothing keeps the very placements, places and loose pairs its state
    # came with: the pairs derived from those same objects are read back (identity, not
    # equality: nothing is hashed)
    memo = scene.proximity_memo
    known = memo.get(id(state.placements))
    if (
        known is not None
        and known[0] is state.placements
        and known[1] is state.places
        and known[2] is state.loose_nextto
    ):
        return known[3]
    value = _derive_nextto(scene, state)
    memo[id(state.placements)] = (state.placements, state.places, state.loose_nextto, value)
    return value


def _derive_nextto(scene: Scene, state: State) -> frozenset[tuple[str, str]]:
    out = set(state.loose_nextto)
    layout = scene.layout
    by_parent: dict[str, list[str]] = {}
    for p in state.placements:
        if p.relation == "ontop":
            by_parent.setdefault(p.parent, []).append(p.obj)
    surfaces = set(by_parent) | set(layout.anchors_of)
    for s in surfaces:
        kids = by_parent.get(s, [])
        fixed = layout.anchors_of.get(s, [])
        if s in layout.long_surfaces:
            places = state.place_of
            row = [(places[k], k) for k in kids if k in places] + [(p, f) for f, p in fixed]
            row.sort()
            for i, (pi, a) in enumerate(row):
                for pj, b in row[i + 1 :]:
                    if pj - pi > 1:
                        break
                    out.add(_pair(a, b))
        else:
            names = kids + [f for f, _ in fixed]
            for i, a in enumerate(names):
                for b in names[i + 1 :]:
                    out.add(_pair(a, b))
    return frozenset(out)


def isbench_initial_nextto(scene: Scene, state: State) -> frozenset[tuple[str, str]]:
    """The initial proximity under IS-Bench's conventions: the pairs ``state`` already has plus
    every pair of things standing directly on the same support other than the floor, except
    the pairs the task's goal asks to be apart (its golden plan leaves them where they are, so
    in IS-Bench's scene they stand apart)."""
    out = set(state.nextto)
    by_parent: dict[str, list[str]] = {}
    for p in state.placements:
        if p.relation == "ontop" and p.parent != scene.floor:
            by_parent.setdefault(p.parent, []).append(p.obj)
    for kids in by_parent.values():
        for i, a in enumerate(kids):
            for b in kids[i + 1 :]:
                pair = _pair(a, b)
                if pair in scene.layout.goal_apart:
                    continue
                if not (scene.info(a).is_agent or scene.info(b).is_agent):
                    out.add(pair)
    return frozenset(out)
