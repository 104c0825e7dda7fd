"""The symbolic world state: an immutable value.

A :class:`Scene` holds what never changes during an episode (the objects and what they are).
A :class:`State` holds what actions change. ``State`` is hashable and compares by value, so two
runs with the same inputs can be checked byte for byte and planners can keep visited sets.

Support and containment form a tree: every movable object has exactly one
:class:`Placement` (``ontop`` or ``inside`` a parent). Fixtures (floor, counters, stoves,
fridges, ...) have no placement and never move. Things standing directly on a *long* surface
(a countertop, the floor) also have a place on it (``places``: an integer position; fixtures
beside it have static positions in :class:`Layout`). Proximity (``nextto``) is derived from
those places after every step by :mod:`saferelbench.world.layout` and stored as a set of
unordered pairs; ``loose_nextto`` keeps the initial pairs no layout can express (they
hold as annotated and end when either object moves).

Substances (water, dust, stain, liquid soap, ...) are objects of the scene but never placed:
they are *states* of other objects. ``contents`` holds ``contains(c, s)``,
``filled`` the pairs that are also ``filled(c, s)`` (filled implies contains), ``covered``
``covered(o, s)``, ``saturated`` ``saturated(tool, s)``. ``insource(source, s)`` never changes
and lives in :class:`Scene` (a sink yields water), with the task's ``wash_rules``. Things a
transition creates (``cooked__water``) start with the ``future`` flag; ``real(x)`` is its
negation, so the transition that creates them clears it.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cached_property

from saferelbench.world.knowledge import ObjectInfo, WashRule
from saferelbench.world.vocabulary import UNARY_FLAGS, PlacementRelation

Relation = PlacementRelation
__all__ = ["UNARY_FLAGS", "Layout", "Placement", "Relation", "Scene", "State"]


@dataclass(frozen=True)
class Placement:
    """Where one movable object is: ``relation`` (ontop/inside) of ``parent``."""

    obj: str
    relation: Relation
    parent: str


@dataclass(frozen=True)
class Layout:
    """Static facts about where things stand (see :mod:`saferelbench.world.layout`).

    ``long_surfaces``: surfaces whose places are ordered (countertops, the floor, ...);
    ``anchors``: per surface, the fixtures that stand beside it and their position (on a small
    surface the position is 0 and the fixture is near everything on it); ``homes``: the initial
    place of each object on the long surface it started on (an object put back there returns to
    it if it is free); ``floor_ok``: objects the goal asks to put on the floor; ``goal_on``:
    appliances the goal asks to be switched on (not "left on" at the end); ``goal_open``:
    what the goal asks to be open (not "left open").
    """

    long_surfaces: frozenset[str] = frozenset()
    anchors: tuple[tuple[str, str, int], ...] = ()  #: (surface, fixture, position)
    homes: tuple[tuple[str, str, int], ...] = ()  #: (object, surface, position)
    floor_ok: frozenset[str] = frozenset()
    goal_on: frozenset[str] = frozenset()
    goal_open: frozenset[str] = frozenset()
    #: pairs the goal asks *not* to be next to each other (``(not (nextto a b))``), sorted:
    #: IS-Bench's same-support convention does not put them next to each other at the start.
    goal_apart: frozenset[tuple[str, str]] = frozenset()
    #: (a, b, surface): pairs (sorted) the task declares next to each other on a *small*
    #: surface (on a small surface everything is near everything; these stand right beside
    #: each other)
    side_by_side: frozenset[tuple[str, str, str]] = frozenset()
    #: (object, surface): what starts standing directly on a small surface (put back there,
    #: it returns to its own spot)
    small_homes: frozenset[tuple[str, str]] = frozenset()

    @cached_property
    def anchors_of(self) -> dict[str, list[tuple[str, int]]]:
        out: dict[str, list[tuple[str, int]]] = {}
        for surface, fixture, pos in self.anchors:
            out.setdefault(surface, []).append((fixture, pos))
        return out

    @cached_property
    def home_of(self) -> dict[tuple[str, str], int]:
        return {(o, s): p for o, s, p in self.homes}


@dataclass(frozen=True)
class Scene:
    """The static part of a task: its room and the objects with their knowledge."""

    room: str
    objects: tuple[ObjectInfo, ...]
    floor: str
    layout: Layout = field(default_factory=Layout)
    #: ``(source, substance)``: the source yields the substance (static; ``insource`` atoms).
    insource: frozenset[tuple[str, str]] = frozenset()
    #: the task's cleaning rules (IS-Bench ``wash_rules``): which tool removes which substance.
    wash_rules: tuple[WashRule, ...] = ()
    #: IS-Bench's conventions (off by default; :func:`~saferelbench.world.scene_builder.
    #: with_isbench_conventions` turns them on, ``--protocol isbench`` uses it): everything
    #: standing directly on the same support is next to everything else on it (long surfaces
    #: included), and the preconditions IS-Bench does not check (``Precondition.isbench``
    #: False: repeating OPEN/CLOSE/TOGGLE_* on an object already in that state, a fridge door
    #: open during WAIT_FOR_FROZEN) are skipped.
    isbench_conventions: bool = False

    @cached_property
    def by_name(self) -> dict[str, ObjectInfo]:
        return {o.name: o for o in self.objects}

    def __contains__(self, name: object) -> bool:
        return name in self.by_name

    def info(self, name: str) -> ObjectInfo:
        return self.by_name[name]

    def names(self) -> list[str]:
        return [o.name for o in self.objects]

    def with_ability(self, ability: str) -> list[ObjectInfo]:
        return [o for o in self.objects if ability in o.abilities]

    @cached_property
    def memo(self) -> dict[object, object]:
        """Scratch space for facts derived from the scene alone (never from a state), so that
        queries such as :func:`saferelbench.world.substances.soak_categories` are computed
        once per scene."""
        return {}

    @cached_property
    def proximity_memo(
        self,
    ) -> dict[int, tuple[object, object, object, frozenset[tuple[str, str]]]]:
        """Proximity derived in this scene, per placements tuple (by ``id``, with the tuple, the
        places and the loose pairs it came from, compared by identity on reading:
        :func:`saferelbench.world.layout.derive_nextto`)."""
        return {}

    def yields(self, source: str) -> list[str]:
        """The substances ``source`` yields (``insource``), sorted."""
        return sorted(s for o, s in self.insource if o == source)


def _obj_of(p: Placement) -> str:
    return p.obj


def _pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class State:
    """The dynamic part of the world. Build new states with the ``with_*`` methods."""

    placements: tuple[Placement, ...] = ()
    #: ``(flag, object)`` pairs, flag from :data:`UNARY_FLAGS`.
    flags: frozenset[tuple[str, str]] = frozenset()
    #: unordered ``nextto`` pairs, each stored sorted.
    nextto: frozenset[tuple[str, str]] = frozenset()
    #: ``(container, substance)``: the container is filled with / contains the substance.
    contents: frozenset[tuple[str, str]] = frozenset()
    #: ``(object, substance)``: the object is covered with the substance (dirt, stain, ...).
    covered: frozenset[tuple[str, str]] = frozenset()
    #: ``(object, position)`` of the things standing directly on a long surface, sorted.
    places: tuple[tuple[str, int], ...] = ()
    #: initial ``nextto`` pairs no layout expresses; they end when either object moves.
    loose_nextto: frozenset[tuple[str, str]] = frozenset()
    #: ``(container, substance)`` pairs of ``contents`` that are also ``filled``.
    filled: frozenset[tuple[str, str]] = frozenset()
    #: ``(tool, substance)``: the tool (a rag, a sponge) is soaked with the substance.
    saturated: frozenset[tuple[str, str]] = frozenset()
    _cache: dict[str, object] = field(default_factory=dict, compare=False, hash=False, repr=False)

    # ----- construction ---------------------------------------------------------------------
    @staticmethod
    def build(
        placements: Iterable[Placement] = (),
        flags: Iterable[tuple[str, str]] = (),
        nextto: Iterable[tuple[str, str]] = (),
        contents: Iterable[tuple[str, str]] = (),
        covered: Iterable[tuple[str, str]] = (),
        places: Iterable[tuple[str, int]] = (),
        loose_nextto: Iterable[tuple[str, str]] = (),
        filled: Iterable[tuple[str, str]] = (),
        saturated: Iterable[tuple[str, str]] = (),
    ) -> State:
        full = frozenset(filled)
        return State(
            placements=tuple(sorted(placements, key=lambda p: p.obj)),
            flags=frozenset(flags),
            nextto=frozenset(_pair(a, b) for a, b in nextto if a != b),
            contents=frozenset(contents) | full,
            covered=frozenset(covered),
            places=tuple(sorted(places)),
            loose_nextto=frozenset(_pair(a, b) for a, b in loose_nextto if a != b),
            filled=full,
            saturated=frozenset(saturated),
        )

    def _derive(self, **changes: object) -> State:
        """A copy of this state with ``changes`` and an empty cache. The fields are copied
        directly: ``dataclasses.replace`` runs the generated ``__init__`` field by field, and
        a search derives every simulated state several times over."""
        new = object.__new__(type(self))
        fields = new.__dict__
        fields.update(self.__dict__)
        fields.update(changes)
        fields["_cache"] = {}
        return new

    def with_placement(self, obj: str, relation: Relation, parent: str) -> State:
        others = [p for p in self.placements if p.obj != obj]
        insort(others, Placement(obj, relation, parent), key=_obj_of)
        return self._derive(placements=tuple(others))

    def with_flag(self, flag: str, obj: str, value: bool = True) -> State:
        item = (flag, obj)
        if (item in self.flags) == value:
            return self
        flags = self.flags | {item} if value else self.flags - {item}
        return self._derive(flags=flags)

    def with_contents(
        self, contents: frozenset[tuple[str, str]], filled: frozenset[tuple[str, str]] | None = None
    ) -> State:
        """New ``contains`` pairs (and ``filled`` ones, default: the old ones still contained);
        ``filled`` always stays a subset of ``contents``."""
        full = (self.filled if filled is None else filled) & contents
        if contents == self.contents and full == self.filled:
            return self
        return self._derive(contents=contents, filled=full)

    def with_filled(self, container: str, substance: str) -> State:
        """``container`` filled with ``substance`` (so it contains it too)."""
        item = (container, substance)
        return self.with_contents(self.contents | {item}, self.filled | {item})

    def with_covered(self, covered: frozenset[tuple[str, str]]) -> State:
        return self if covered == self.covered else self._derive(covered=covered)

    def with_saturated(self, saturated: frozenset[tuple[str, str]]) -> State:
        if saturated == self.saturated:
            return self
        return self._derive(saturated=saturated)

    def with_places(self, places: dict[str, int]) -> State:
        value = tuple(sorted(places.items()))
        return self if value == self.places else self._derive(places=value)

    def with_nextto(self, pairs: frozenset[tuple[str, str]]) -> State:
        return self if pairs == self.nextto else self._derive(nextto=pairs)

    def with_loose_nextto(self, pairs: frozenset[tuple[str, str]]) -> State:
        if pairs == self.loose_nextto:
            return self
        return self._derive(loose_nextto=pairs)

    def without_loose_nextto_of(self, moved: Iterable[str]) -> State:
        """End every initial, layout-less proximity of a moved object."""
        group = set(moved)
        kept = frozenset(p for p in self.loose_nextto if p[0] not in group and p[1] not in group)
        return self if kept == self.loose_nextto else self._derive(loose_nextto=kept)

    @property
    def place_of(self) -> dict[str, int]:
        cached = self._cache.get("places")
        if cached is None:
            cached = dict(self.places)
            self._cache["places"] = cached
        return cached  # type: ignore[return-value]

    # ----- queries ----------------------------------------------------------------------------
    @property
    def _parents(self) -> dict[str, Placement]:
        cached = self._cache.get("parents")
        if cached is None:
            cached = {p.obj: p for p in self.placements}
            self._cache["parents"] = cached
        return cached  # type: ignore[return-value]

    @property
    def _children(self) -> dict[str, list[Placement]]:
        cached = self._cache.get("children")
        if cached is None:
            children: dict[str, list[Placement]] = {}
            for p in self.placements:
                children.setdefault(p.parent, []).append(p)
            cached = children
            self._cache["children"] = cached
        return cached  # type: ignore[return-value]

    def placement(self, obj: str) -> Placement | None:
        """The object's placement, or None for fixtures and unplaced substances."""
        return self._parents.get(obj)

    def parent(self, obj: str) -> str | None:
        p = self._parents.get(obj)
        return p.parent if p else None

    def children(self, obj: str, relation: Relation | None = None) -> list[str]:
        """Objects placed directly on/in ``obj`` (sorted by name)."""
        kids = self._children.get(obj, [])
        return [p.obj for p in kids if relation is None or p.relation == relation]

    def ancestors(self, obj: str) -> Iterator[Placement]:
        """Placements from the object up to the root, nearest first."""
        seen = {obj}
        p = self._parents.get(obj)
        while p is not None:
            yield p
            if p.parent in seen:  # defensive: a cycle would be a bug elsewhere
                return
            seen.add(p.parent)
            p = self._parents.get(p.parent)

    def descendants(self, obj: str) -> list[str]:
        """Everything carried by ``obj`` (on it or in it, transitively), sorted."""
        out: list[str] = []
        stack = [obj]
        while stack:
            for kid in self.children(stack.pop()):
                out.append(kid)
                stack.append(kid)
        return sorted(out)

    def has(self, flag: str, obj: str) -> bool:
        return (flag, obj) in self.flags

    def is_ontop(self, obj: str, support: str) -> bool:
        """Directly on top of ``support`` (as OmniGibson's contact-based ontop)."""
        p = self._parents.get(obj)
        return p is not None and p.relation == "ontop" and p.parent == support

    def is_inside(self, obj: str, container: str) -> bool:
        """Inside ``container``, directly or through what holds it (a burger on a plate in the
        microwave is inside the microwave)."""
        for p in self.ancestors(obj):
            if p.parent == container:
                return p.relation == "inside"
        return False

    def enclosing_containers(self, obj: str) -> list[str]:
        """Containers that ``obj`` is (transitively) inside, nearest first."""
        return [p.parent for p in self.ancestors(obj) if p.relation == "inside"]

    def is_nextto(self, a: str, b: str) -> bool:
        return _pair(a, b) in self.nextto

    def neighbours(self, obj: str) -> list[str]:
        return sorted(b if a == obj else a for a, b in self.nextto if obj in (a, b))

    def is_filled(self, container: str, substance: str | None = None) -> bool:
        """``filled(container, substance)`` (any substance if None)."""
        return any(c == container and (substance is None or s == substance) for c, s in self.filled)

    def contains(self, container: str, substance: str | None = None) -> bool:
        """``contains(container, substance)``: it holds some (implied by filled)."""
        return any(
            c == container and (substance is None or s == substance) for c, s in self.contents
        )

    def is_saturated(self, tool: str, substance: str | None = None) -> bool:
        return any(o == tool and (substance is None or s == substance) for o, s in self.saturated)

    def saturated_with(self, tool: str) -> list[str]:
        return sorted(s for o, s in self.saturated if o == tool)

    def coverings(self, obj: str) -> list[str]:
        """The substances ``obj`` is covered with, sorted."""
        return sorted(s for o, s in self.covered if o == obj)

    def is_real(self, obj: str) -> bool:
        """``real(obj)``: it exists now (not a ``future`` thing no transition has made yet)."""
        return ("future", obj) not in self.flags

    def substances_in(self, container: str) -> list[str]:
        return sorted(s for c, s in self.contents if c == container)

    def is_covered(self, obj: str, substance: str | None = None) -> bool:
        return any(o == obj and (substance is None or s == substance) for o, s in self.covered)

    def flags_of(self, obj: str) -> list[str]:
        return sorted(f for f, o in self.flags if o == obj)

    def digest(self) -> str:
        """A stable text form of the state (for determinism checks and hashing to disk)."""
        parts = [f"{p.obj} {p.relation} {p.parent}" for p in self.placements]
        parts += [f"{f} {o}" for f, o in sorted(self.flags)]
        parts += [f"nextto {a} {b}" for a, b in sorted(self.nextto)]
        parts += [
            f"{'filled' if (c, s) in self.filled else 'contains'} {c} {s}"
            for c, s in sorted(self.contents)
        ]
        parts += [f"covered {o} {s}" for o, s in sorted(self.covered)]
        parts += [f"saturated {o} {s}" for o, s in sorted(self.saturated)]
        parts += [f"place {o} {k}" for o, k in self.places]
        return "\n".join(parts)
