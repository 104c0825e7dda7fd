"""``render(scene, state) -> Rendering``: the egocentric schematic image of one state.

The robot stands on the floor facing the wall: fixtures stand in a row along it, things rest on
them, open containers show what they hold. The function is pure: no display, no GPU, no
global state that changes the output (only caches of fonts and of the empty room), so the
same inputs always give the same PNG bytes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from PIL import Image, ImageDraw

from saferelbench.render import effects
from saferelbench.render.catalog import RGB, substance_color
from saferelbench.render.fixtures import FixtureLook
from saferelbench.render.geometry import Box
from saferelbench.render.items import ItemLook, tinted
from saferelbench.render.kinds import kind, paint_fixture, paint_item
from saferelbench.render.labels import (
    Segment,
    Tag,
    draw_tags,
    font,
    leader_line,
    place_tags_counted,
    tag_image,
    text_size,
)
from saferelbench.render.layout import Frame, Layout, Node, fresh_frame, layout
from saferelbench.render.paint import Pen, shade
from saferelbench.render.png import encode_png
from saferelbench.world.events import HazardEvent
from saferelbench.world.hazards import contacts
from saferelbench.world.knowledge import incompatible_chemicals
from saferelbench.world.state import Scene, State
from saferelbench.world.substances import producing
from saferelbench.world.vocabulary import CHEMICAL_KINDS

WALL: RGB = (236, 231, 220)
FLOOR: RGB = (204, 184, 152)
HEADER: RGB = (44, 48, 58)
WATER: RGB = (80, 150, 230)


@dataclass(frozen=True)
class Rendering:
    """An image of a state and the boxes it drew.

    ``layout`` has one box per *visible* object (fixtures and the floor included); objects
    hidden in closed containers are listed in ``hidden`` instead. A box's top edge is the
    surface that things resting on the object stand on. A surface drawn in pieces (a counter
    run on both sides of the oven set into it) has its pieces in ``parts`` and their union in
    ``layout``. ``layout`` lists the boxes in drawing order (a later box is drawn in front of
    an earlier one). These boxes are the geometry the proximity tests check: two objects are drawn
    next to each other when their boxes touch or overlap (:func:`gap` is 0).
    """

    image: Image.Image
    layout: dict[str, Box]
    hidden: frozenset[str]
    floor: str
    scale: float
    parts: dict[str, tuple[Box, ...]] = field(default_factory=dict)
    #: the visible inside of every open container (what it holds stands on its bottom edge)
    inner: dict[str, Box] = field(default_factory=dict)
    #: every name tag drawn: the object's name -> the tag's box and its leader line, if any
    tags: dict[str, tuple[Box, Segment | None]] = field(default_factory=dict)
    #: the frame the episode's next image keeps (``render(..., reference=this.frame)``)
    frame: Frame | None = None

    @property
    def visible(self) -> frozenset[str]:
        return frozenset(self.layout)

    def png_bytes(self) -> bytes:
        """The image as PNG. Deterministic: no timestamps, fixed filter and level
        (:func:`saferelbench.render.png.encode_png`)."""
        return encode_png(self.image)


@lru_cache(maxsize=8)
def _room(width: int, height: int, y_base: int) -> Image.Image:
    """The empty room (wall, skirting, floorboards), drawn once per size."""
    img = Image.new("RGB", (width, height), WALL)
    d = ImageDraw.Draw(img)
    d.rectangle((0, y_base, width, height), fill=FLOOR)
    d.rectangle((0, y_base - 6, width, y_base - 1), fill=(214, 204, 188))
    step = max(8, (height - y_base) // 7)
    for i, y in enumerate(range(y_base + step, height, step)):
        d.line([(0, y), (width, y)], fill=(190, 168, 136), width=1)
        for x in range((i % 2) * 90 + 40, width, 180):
            d.line([(x, y - step + 1), (x, y)], fill=(192, 170, 138), width=1)
    d.line([(0, y_base), (width, y_base)], fill=(150, 130, 104), width=2)
    return img


@lru_cache(maxsize=8)
def _room_floor(width: int, height: int, y_base: int) -> tuple[Image.Image, int]:
    """The part of :func:`_room` below its plain wall, and the row it starts at."""
    room = _room(width, height, y_base)
    wall = Image.new("RGB", (width, 1), WALL).tobytes()
    top = next(
        (y for y in range(height) if room.crop((0, y, width, y + 1)).tobytes() != wall), height
    )
    return room.crop((0, top, width, height)), top


def _blank_room(width: int, height: int, y_base: int) -> Image.Image:
    """A new image of the empty room: the plain wall filled in, the rest pasted (cheaper
    than copying the whole room)."""
    floor, top = _room_floor(width, height, y_base)
    img = Image.new("RGB", (width, height), WALL)
    img.paste(floor, (0, top))
    return img


def _visible_anchor(name: str, state: State, lay: Layout) -> str | None:
    """The object itself if drawn, else the nearest drawn thing holding it."""
    if name in lay.nodes:
        return name
    if name == lay.floor:
        return name
    return next((p.parent for p in state.ancestors(name) if p.parent in lay.nodes), None)


def _fills(scene: Scene, state: State) -> dict[str, list[RGB]]:
    out: dict[str, list[RGB]] = {}
    for container, substance in sorted(state.contents):
        out.setdefault(container, []).append(substance_color(substance))
    for o in scene.objects:  # a substance placed inside something also fills it
        if o.is_substance:
            p = state.placement(o.name)
            if p is not None and p.relation == "inside":
                out.setdefault(p.parent, []).append(substance_color(o.name))
    return out


def _paint_node(
    p: Pen, img: Image.Image, node: Node, state: State, fills: list[RGB], floor_y: int
) -> None:
    name = node.name
    is_open, on = state.has("open", name), state.has("toggled_on", name)
    if node.is_fixture:
        for piece in node.parts or (node.box,):  # a counter run on both sides of an oven
            part = node if piece == node.box else replace(node, box=piece, inner=None)
            paint_fixture(p, part, FixtureLook(is_open, on, fills), floor_y)
        return
    color = tinted(node.look.color, state.has("cooked", name), state.has("frozen", name))
    full = state.has("brim_full", name)
    if full and not fills:
        fills = [WATER]
    partial = bool(fills) and not state.is_filled(name) and state.contains(name)
    look = ItemLook(color, is_open, on, fills, full, partial)
    b = node.box
    if node.tilt:
        # Askew: paint level on a transparent tile, rotate it, fit it into the box.
        tw, th = max(2, round(node.look.w * p.s)), max(2, round(node.look.h * p.s))
        tile = Image.new("RGBA", (tw, th), (0, 0, 0, 0))
        paint_item(Pen(ImageDraw.Draw(tile), p.s), node.kind, (0, 0, tw, th), look)
        tile = tile.rotate(node.tilt, resample=Image.Resampling.BICUBIC, expand=True)
        tile = tile.resize((max(1, b.w), max(1, b.h)), Image.Resampling.BILINEAR)
        img.paste(tile, (b.x0, b.y0), tile)
        return
    if not node.lying:
        paint_item(p, node.kind, b, look)
        return
    # Lying on its side: paint upright on a transparent tile, turn it, paste it.
    tile = Image.new("RGBA", (max(1, b.h), max(1, b.w)), (0, 0, 0, 0))
    paint_item(Pen(ImageDraw.Draw(tile), p.s), node.kind, (0, 0, b.h, b.w), look)
    tile = tile.transpose(Image.Transpose.ROTATE_90)
    img.paste(tile, (b.x0, b.y0), tile)


def _overlays(p: Pen, node: Node, state: State, scene: Scene) -> list[Box]:
    """State marks on one object; returns the areas of badges drawn outside its box (name
    tags keep clear of them)."""
    name, b = node.name, node.box
    badges: list[Box] = []
    info = node.info
    if state.has("open", name) and not node.is_fixture and not kind(node.kind).shows_open:
        effects.lid_off(p, b, shade(node.look.color, 0.85))
    if not node.is_fixture and node.look.hazard:
        effects.product_hazard(p, b)
    if not node.is_fixture and node.look.mains:
        effects.plug(p, b)
    if state.has("dirty", name):
        effects.grime(p, b, name)
    if state.has("contaminated", name):
        chem = _chemical_source(name, state, scene)
        if chem is not None:
            badges.append(effects.chemical_mark(p, b, substance_color(chem)))
    if state.has("toggled_on", name) and ("toggleable" in info.abilities or not node.is_fixture):
        badges.append(effects.power_on(p, b))
    if state.has("frozen", name):
        effects.frost(p, b, name)
    # what covers a piece of furniture lies on its top (a table's box spans its legs too)
    top = Box(b.x0, b.y0, b.x1, min(b.y1, b.y0 + p.n(24))) if node.is_fixture else b
    for obj, substance in sorted(state.covered):
        if obj == name:
            liquid = substance in scene and "liquid" in scene.info(substance).abilities
            effects.covering(p, top, name, substance, substance_color(substance), liquid)
    for tool, substance in sorted(state.saturated):
        if tool == name:
            badges.append(effects.soaked(p, b, name, substance_color(substance)))
    if not node.is_fixture or node.kind != "sink":
        flowing = producing(scene, state, name) if scene.yields(name) else []
        if flowing:
            effects.running(p, b, substance_color(flowing[0]))
    if state.has("contaminated", name):
        effects.germs(p, b, name)
    if state.has("broken", name):
        effects.cracks(p, b, name, shards=not node.is_fixture)
    return badges


def _chemical_source(name: str, state: State, scene: Scene) -> str | None:
    """The chemical that tainted ``name``, if one is with it: in the same container, on or
    under it, next to it, or covering it (the world's contacts; a contamination by germs has
    none)."""
    around = set(state.neighbours(name))
    around.update(b if a == name else a for a, b in contacts(scene, state) if name in (a, b))
    around.update(s for o, s in state.covered if o == name)
    chems = sorted(
        o for o in around if o != name and o in scene and "chemical" in scene.info(o).attributes
    )
    return chems[0] if chems else None


def _chemical_clashes(scene: Scene, state: State) -> list[str]:
    """Chemicals in contact with an incompatible one: they keep fuming in every later image
    (the world flags no state for a mix, only the event of the step)."""
    bad = incompatible_chemicals()
    out: set[str] = set()
    for a, b in contacts(scene, state):
        ia, ib = scene.info(a), scene.info(b)
        if (
            "chemical" in ia.attributes
            and "chemical" in ib.attributes
            and frozenset({ia.chemical_class, ib.chemical_class}) in bad
        ):
            out |= {a, b}
    return sorted(out)


def _hazards(
    p: Pen, lay: Layout, state: State, scene: Scene, fills: dict[str, list[RGB]]
) -> list[Box]:
    """Draw hazard marks; returns the areas of flames, overflow and fumes (tags keep clear
    of them)."""
    flames: list[Box] = []
    clashes = set(_chemical_clashes(scene, state))
    for name in lay.order:
        node = lay.nodes[name]
        b = node.box
        if state.has("spilled", name):
            effects.puddle(p, b, (fills.get(name) or [WATER])[0])
        elif state.has("brim_full", name):
            effects.brim(p, b, (fills.get(name) or [WATER])[0])
            flames.append(Box(b.x0 - p.n(4), b.y0 - p.n(20), b.x1 + p.n(12), b.y0 + p.n(4)))
        if state.has("fumes", name) or name in clashes:
            effects.fumes(p, b, name)
            flames.append(Box(b.x0 - p.n(6), b.y0 - p.n(56), b.x1 + p.n(6), b.y0))
        if state.has("fallen", name) or state.has("tipped", name):
            effects.fall_marks(p, b)
        if state.has("hot", name) and not state.has("on_fire", name):
            effects.hot(p, b)
    # Fire and sparks last, on top of everything; a hidden burning thing shows through the
    # container it is in (a person would see the flash and smoke).
    for o in scene.objects:
        name = o.name
        burning, sparking = state.has("on_fire", name), state.has("sparking", name)
        if not (burning or sparking):
            continue
        anchor = _visible_anchor(name, state, lay)
        if anchor is None or anchor == lay.floor:
            continue
        node = lay.nodes[anchor]
        area = node.box if anchor == name or node.inner is None else node.inner
        if node.kind == "microwave" and anchor != name:
            area = Box(
                node.box.x0 + p.n(14),
                node.box.y0 + p.n(14),
                node.box.x1 - p.n(44),
                node.box.y1 - p.n(14),
            )
        if burning:
            where = area
            if anchor != name:  # a fire inside: flames from the middle of the container's front
                half = min(area.w, p.n(110)) // 2
                cx = (area.x0 + area.x1) // 2
                where = Box(cx - half, node.box.y0, cx + half, area.y1)
            effects.fire(p, where, name)
            flames.append(effects.fire_extent(p, where))
        if sparking:  # after the flames, so the sparks stay visible
            effects.sparks(p, area, name)
    return flames


@lru_cache(maxsize=32)
def frame_of(scene: Scene, state: State, size: tuple[int, int], header: float) -> Frame:
    """The scale and row widths of ``state``'s image (cached: one per episode)."""
    return fresh_frame(scene, state, size[0], size[1], header)


def render(
    scene: Scene,
    state: State,
    *,
    labels: bool = True,
    size: tuple[int, int] = (1024, 768),
    events: Sequence[HazardEvent] = (),
    title: str | None = None,
    reference: State | Frame | None = None,
) -> Rendering:
    """Draw ``state`` of ``scene``. ``events`` (hazards that just happened) are outlined in red
    with a caption; ``labels=False`` drops the name tags (image-only ablation). ``reference``
    keeps the frame steady: the episode's first state, or better the :attr:`Rendering.frame`
    of the episode's last image (the first image drawn with ``reference=`` its own state):
    the scale, the widths and the places along the wall are those of the reference image
    wherever they still fit, so what did not move keeps its place and size from one step to
    the next."""
    width, height = size
    k = min(width / 1024, height / 768)
    header = max(14, round(34 * k))
    fsize = max(9, round(14 * k))
    near: dict[str, str] = {}
    for ev in events:
        for i, obj in enumerate(ev.objects):
            other = next((o for o in ev.objects[i + 1 :] + ev.objects[:i] if o != obj), None)
            if other is not None:
                near.setdefault(obj, other)
    if isinstance(reference, State) and not near and (reference is state or reference == state):
        # an episode's first image, in its own frame: the row is measured once
        lay = layout(scene, state, width, height, header + fsize + 8, settle=True)
        frame: Frame | None = lay.frame  # its own fresh frame: no tags kept from before
    else:
        frame = (
            reference
            if reference is None or isinstance(reference, Frame)
            else frame_of(scene, reference, size, header + fsize + 8)
        )
        lay = layout(scene, state, width, height, header + fsize + 8, near, frame)
    img = _blank_room(width, height, lay.floor_box.y0)
    d = ImageDraw.Draw(img)
    pen = Pen(d, lay.scale)
    fills = _fills(scene, state)
    badges: list[Box] = []
    for name in lay.order:
        node = lay.nodes[name]
        _paint_node(pen, img, node, state, fills.get(name, []), lay.floor_box.y0)
        badges += _overlays(pen, node, state, scene)
    for name in lay.order:  # a toaster's body goes in front of what stands in its slots
        node = lay.nodes[name]
        if kind(node.kind).slotted and node.inside and node.shows_inside:
            _paint_node(pen, img, node, state, fills.get(name, []), lay.floor_box.y0)
            _overlays(pen, node, state, scene)
    flames = _hazards(pen, lay, state, scene, fills)

    tags: list[Tag] = []
    involved: dict[str, bool] = {}
    for ev in events:
        for i, obj in enumerate(ev.objects):
            anchor = _visible_anchor(obj, state, lay)
            if anchor is not None and anchor != lay.floor:
                involved[anchor] = involved.get(anchor, False) or i == 0
    for ev in events:
        anchor = next(
            (
                a
                for a in (_visible_anchor(o, state, lay) for o in ev.objects)
                if a and a != lay.floor
            ),
            None,
        )
        if anchor is not None:
            tags.append(
                Tag(
                    f"! {ev.kind.upper()}",
                    lay.nodes[anchor].box,
                    fg=(255, 255, 255),
                    bg=effects.ALERT,
                    border=(120, 0, 0),
                )
            )
    for ev in events:  # hazards that leave no state flag still get a visible sign
        first = _visible_anchor(ev.objects[0], state, lay) if ev.objects else None
        if first is None or first == lay.floor:
            continue
        if ev.kind in CHEMICAL_KINDS:
            effects.fumes(pen, lay.nodes[first].box, first)
        elif ev.kind == "electrical":
            effects.bolt(pen, lay.nodes[first].box)
    for name, primary in sorted(involved.items()):
        effects.highlight(pen, lay.nodes[name].box, primary)
    if labels:
        rank = {n: i for i, n in enumerate(lay.order)}
        items = sorted(
            (
                n
                for n in lay.order
                if lay.nodes[n].parent is not None  # every object that is not in the row
            ),
            key=lambda n: (lay.nodes[n].box.y0, lay.nodes[n].box.x0, n),
        )
        boxes = {m: lay.nodes[m].box for m in lay.order}
        for n in items:
            holders = tuple(
                lay.nodes[a.parent].box for a in state.ancestors(n) if a.parent in lay.nodes
            )
            box = lay.nodes[n].box
            others = tuple(  # what its leader must not pass over (a neighbour drawn over it may)
                b for m, b in boxes.items() if m != n and b not in holders and not b.overlaps(box)
            )
            border = effects.ALERT if n in involved else (110, 110, 110)
            front = tuple(
                lay.nodes[m].box for m in lay.order[rank[n] + 1 :] if lay.nodes[m].box.overlaps(box)
            )
            neighbours = tuple(
                b for m, b in boxes.items() if m != n and b not in holders and b.overlaps(box)
            )
            tags.append(
                Tag(
                    n,
                    box,
                    border=border,
                    exempt=holders,
                    cover=front,
                    others=others,
                    near=neighbours,
                )
            )
        for n in lay.roots:
            parts = lay.nodes[n].parts
            tags.append(
                Tag(
                    n,
                    max(parts, key=lambda b: (b.w, -b.x0)) if parts else lay.nodes[n].box,
                    below=True,
                    border=effects.ALERT if n in involved else (110, 110, 110),
                    others=tuple(b for m, b in boxes.items() if m != n),
                )
            )
    obstacles = [lay.nodes[n].box for n in lay.order]
    obstacles += flames + badges
    keep = {t: (target, box, n) for t, target, box, n in frame.tags} if frame else None
    placed, counts = place_tags_counted(tags, obstacles, width, height, header + 2, fsize, keep)
    named = {pt.tag.text: (pt.box, leader_line(pt)) for pt in placed if pt.tag.text in lay.nodes}
    draw_tags(img, placed, fsize)
    if labels:
        tw, _ = text_size(scene.floor, fsize)
        pad = max(2, fsize // 5)
        fb = Box(4, height - fsize - 2 * pad - 4, 4 + tw + 2 * pad, height - 4)
        # the floor's tag, drawn like every other tag (once, then kept)
        floor_tag = tag_image(
            scene.floor, fsize, (20, 20, 24), (255, 255, 255), (110, 110, 110), fb.w, fb.h
        )
        img.paste(floor_tag, (fb.x0, fb.y0))
    _header(d, width, header, title, events, labels, fsize)

    boxes = {n: lay.nodes[n].box for n in lay.order}
    boxes[lay.floor] = lay.floor_box
    pieces = {n: lay.nodes[n].parts for n in lay.order if lay.nodes[n].parts}
    inner: dict[str, Box] = {}
    for n in lay.order:
        ib = lay.nodes[n].inner
        if ib is not None and lay.nodes[n].shows_inside:
            inner[n] = ib
    kept = lay.frame
    if kept is not None:
        kept = replace(
            kept,
            tags=tuple(
                (pt.tag.text, pt.tag.target, pt.box, n)
                for pt, n in zip(placed, counts, strict=True)
            ),
        )
    return Rendering(img, boxes, lay.hidden, lay.floor, lay.scale, pieces, inner, named, kept)


def _header(
    d: ImageDraw.ImageDraw,
    width: int,
    header: int,
    title: str | None,
    events: Sequence[HazardEvent],
    labels: bool,
    fsize: int,
) -> None:
    if not title and not events:  # nothing to say: no empty bar over the agent's view
        return
    d.rectangle((0, 0, width, header - 1), fill=HEADER)
    tsize = max(10, round(fsize * 1.15))
    y = (header - tsize) // 2
    x = 8
    if title:
        d.text((x, y), title, fill=(255, 255, 255), font=font(tsize), anchor="lt")
        x += text_size(title, tsize)[0] + 24
    if events:
        parts = []
        for ev in events:
            what = ev.kind.upper()
            parts.append(f"{what}: {', '.join(ev.objects)}" if labels else what)
        text = "HAZARD  " + " | ".join(parts)
        room = width - 8 - x
        if text_size(text, tsize)[0] > room:  # shorten to fit, keeping the start
            while len(text) > 4 and text_size(text + "...", tsize)[0] > room:
                text = text[: max(4, len(text) - max(1, len(text) // 10))]
            text += "..."
        d.text((x, y), text, fill=(255, 120, 110), font=font(tsize), anchor="lt")
