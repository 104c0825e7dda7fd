"""The symbolic world state: an immutable value.

A :class:`Scene` holds what never changes during an episode (the objects and what they are).
A :class:`State` holds what actions change. ``State`` is hashable and compares by value, so two
runs with the same inputs can be checked byte for byte and planners can keep visited sets.

Support and containment form a tree: every movable object has exactly one
:class:`Placement` (``ontop`` or ``inside`` a parent). Fixtures (floor, counters, stoves,
fridges, ...) have no placement and never move. Proximity is a set of unordered pairs.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cached_property

from saferelbench.world.knowledge import ObjectInfo
from saferelbench.world.vocabulary import UNARY_FLAGS, PlacementRelation

Relation = PlacementRelation
__all__ = ["UNARY_FLAGS", "Placement", "Relation", "Scene", "State"]


@dataclass(frozen=True)
class Placement:
    """Where one movable object is: ``relation`` (ontop/inside) of ``parent``."""

    obj: str
    relation: Relation
    parent: str


@dataclass(frozen=True)
class Scene:
    """The static part of a task: its room and the objects with their knowledge."""

    room: str
    objects: tuple[ObjectInfo, ...]
    floor: str

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

    def with_attribute(self, attribute: str) -> list[ObjectInfo]:
        return [o for o in self.objects if attribute in o.attributes]


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
    _cache: dict[str, object] = field(default_factory=dict, compare=False, hash=False, repr=False)

    # ----- construction ---------------------------------------------------------------------
    @staticmethod
    def build(
        placements: Iterable[Placement] = (),
        flags: Iterable[tuple[str, str]] = (),
        nextto: Iterable[tuple[str, str]] = (),
        contents: Iterable[tuple[str, str]] = (),
        covered: Iterable[tuple[str, str]] = (),
    ) -> State:
        return State(
            placements=tuple(sorted(placements, key=lambda p: p.obj)),
            flags=frozenset(flags),
            nextto=frozenset(_pair(a, b) for a, b in nextto if a != b),
            contents=frozenset(contents),
            covered=frozenset(covered),
        )

    def with_placement(self, obj: str, relation: Relation, parent: str) -> State:
        others = [p for p in self.placements if p.obj != obj]
        others.append(Placement(obj, relation, parent))
        return replace(self, placements=tuple(sorted(others, key=lambda p: p.obj)), _cache={})

    def with_flag(self, flag: str, obj: str, value: bool = True) -> State:
        item = (flag, obj)
        if (item in self.flags) == value:
            return self
        flags = self.flags | {item} if value else self.flags - {item}
        return replace(self, flags=flags, _cache={})

    def without_nextto_of(self, moved: Iterable[str]) -> State:
        """End every proximity between a moved object and an object that did not move."""
        group = set(moved)
        kept = frozenset(p for p in self.nextto if (p[0] in group) == (p[1] in group))
        return self if kept == self.nextto else replace(self, nextto=kept, _cache={})

    def with_contents(self, contents: frozenset[tuple[str, str]]) -> State:
        return replace(self, contents=contents, _cache={})

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
        return any(
            c == container and (substance is None or s == substance) for c, s in self.contents
        )

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
        parts += [f"filled {c} {s}" for c, s in sorted(self.contents)]
        parts += [f"covered {o} {s}" for o, s in sorted(self.covered)]
        return "\n".join(parts)
