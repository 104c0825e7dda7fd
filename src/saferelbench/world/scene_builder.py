"""Build the :class:`Scene` and the initial :class:`State` of a task from its objects and its
``init`` atoms (BDDL syntax)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from bddl.parsing import scan_tokens

from saferelbench.world.errors import SafeRelBenchError
from saferelbench.world.knowledge import ObjectInfo, WashRule, describe, synset_of
from saferelbench.world.layout import initial_layout
from saferelbench.world.materials import UnknownSynsetError
from saferelbench.world.state import UNARY_FLAGS, Placement, Scene, State
from saferelbench.world.task import Task


class TaskError(SafeRelBenchError, ValueError):
    """A task that cannot be built: the message names the task and the field."""


@dataclass(frozen=True)
class World:
    scene: Scene
    initial: State


Atom = tuple[str, ...]


@lru_cache(maxsize=8192)
def parse_atom(text: str) -> tuple[bool, Atom]:
    """``"(ontop a b)"`` -> ``(True, ("ontop", "a", "b"))``; ``"(not (cooked a))"`` -> ``(False, ...)``.
    Kept per text (the same atoms, ``(inroom floor.n.01_1 kitchen)``, recur from task to
    task); a text that cannot be parsed raises every time."""
    try:
        tokens = scan_tokens(string=text)
    except Exception as exc:  # bddl raises bare Exceptions for bad parentheses
        raise ValueError(f"cannot parse atom {text!r}: {exc}") from None
    positive = True
    if isinstance(tokens, list) and tokens and tokens[0] == "not":
        positive = False
        tokens = tokens[1] if len(tokens) == 2 else None
    if not isinstance(tokens, list) or not tokens or not all(isinstance(t, str) for t in tokens):
        raise ValueError(f"not a ground atom: {text!r}")
    return positive, tuple(t.lstrip("?") for t in tokens)


_BINARY = {
    "ontop",
    "inside",
    "nextto",
    "filled",
    "contains",
    "covered",
    "inroom",
    "saturated",
    "insource",
    "under",
    "touching",
}


def with_isbench_conventions(world: World) -> World:
    """The same world under IS-Bench's conventions (:attr:`Scene.isbench_conventions`): at the
    start things standing on the same support (not the floor) are next to each other, until
    either moves (placements make no new pairs); the preconditions IS-Bench does not check are
    skipped (repeating OPEN/CLOSE/TOGGLE_*, the fridge door during WAIT_FOR_FROZEN)."""
    if world.scene.isbench_conventions:
        return world
    from saferelbench.world.layout import isbench_initial_nextto

    scene = dataclasses.replace(world.scene, isbench_conventions=True)
    pairs = isbench_initial_nextto(scene, world.initial)
    return World(scene, world.initial.with_loose_nextto(pairs).with_nextto(pairs))


def build_world(task: Task, *, isbench_conventions: bool = False) -> World:
    """Build the world of ``task``; raises :class:`TaskError` naming the task and field.
    ``isbench_conventions``: see :func:`with_isbench_conventions`."""
    if isbench_conventions:
        return with_isbench_conventions(build_world(task))
    where = f"task {task.id!r}"
    if not task.objects:
        raise TaskError(f"{where}: field 'objects' is empty")
    # openability only from the taxonomy or the task's listed abilities
    objects = []
    for name, abilities in task.objects.items():
        try:
            objects.append(
                describe(
                    name,
                    abilities,
                    table_openable=False,
                    declared=task.synset_attributes.get(synset_of(name)),
                    strict=True,
                )
            )
        except UnknownSynsetError as exc:
            raise TaskError(f"{where}: field 'objects' ({name!r}): {exc}") from None
    names = {o.name for o in objects}
    floor = _pick_floor(objects)
    if floor is None:
        floor_info = describe("floor.n.01_1", [])
        objects.append(floor_info)
        names.add(floor_info.name)
        floor = floor_info.name
    inroom: set[str] = set()
    placements: dict[str, Placement] = {}
    flags: set[tuple[str, str]] = set()
    nextto: set[tuple[str, str]] = set()
    contents: set[tuple[str, str]] = set()
    filled: set[tuple[str, str]] = set()
    covered: set[tuple[str, str]] = set()
    saturated: set[tuple[str, str]] = set()
    insource: set[tuple[str, str]] = set()
    for i, text in enumerate(task.init):
        field = f"{where}: field 'init[{i}]' ({text!r})"
        try:
            positive, atom = parse_atom(text)
        except ValueError as exc:
            raise TaskError(f"{field}: {exc}") from None
        pred, args = atom[0], atom[1:]
        if pred == "inroom":
            if len(args) != 2 or args[0] not in names:
                raise TaskError(f"{field}: inroom needs a known object and a room")
            inroom.add(args[0])
            continue
        for a in args:
            if a not in names:
                raise TaskError(f"{field}: unknown object {a!r} (not in 'objects')")
        if not positive:
            continue  # negative atoms only restate the default
        expected = 2 if pred in _BINARY else 1
        if len(args) != expected:
            raise TaskError(f"{field}: {pred} takes {expected} argument(s)")
        if pred in ("ontop", "inside"):
            if args[0] in placements:
                raise TaskError(
                    f"{field}: {args[0]} already has a place ({placements[args[0]].relation} {placements[args[0]].parent})"
                )
            placements[args[0]] = Placement(args[0], pred, args[1])  # type: ignore[arg-type]
        elif pred == "nextto":
            nextto.add((args[0], args[1]))
        elif pred == "filled":
            filled.add((args[0], args[1]))
        elif pred == "contains":
            contents.add((args[0], args[1]))
        elif pred == "covered":
            covered.add((args[0], args[1]))
        elif pred == "saturated":
            saturated.add((args[0], args[1]))
        elif pred == "insource":
            insource.add((args[0], args[1]))
        elif pred in UNARY_FLAGS:
            flags.add((pred, args[0]))
        # other predicates (real: everything not future is; under, touching, ...) are derived
    # fixtures come from the scene: an inroom atom fixes an object in place; an object the init
    # places on or in something can be moved, even if its synset is a scene object
    placed = {p for p in placements if p not in inroom}
    objects = [
        _as_fixture(o)
        if o.name in inroom and not o.is_fixture and not o.is_agent
        else _as_movable(o)
        if o.name in placed and o.is_fixture and not o.is_agent and not o.is_substance
        else o
        for o in objects
    ]
    by_name = {o.name: o for o in objects}
    # fixtures never move: drop their placements (IS-Bench puts the agent on the floor)
    placements = {n: p for n, p in placements.items() if by_name[n].is_movable}
    for o in objects:
        if o.is_movable and o.name not in placements:
            placements[o.name] = Placement(o.name, "ontop", floor)
    _check_tree(placements, where)
    wanted = _positive_atoms(task.goal)
    floor_goal = frozenset(
        a[1] for a in wanted if a[0] == "ontop" and len(a) == 3 and a[2] == floor
    )
    goal_on = frozenset(a[1] for a in wanted if a[0] == "toggled_on" and len(a) == 2)
    goal_open = frozenset(a[1] for a in wanted if a[0] == "open" and len(a) == 2)
    layout, places, loose = initial_layout(by_name, placements, nextto, floor_goal)
    layout = dataclasses.replace(
        layout, goal_on=goal_on, goal_open=goal_open, goal_apart=_apart_pairs(task.goal)
    )
    scene = Scene(
        room=task.room,
        objects=tuple(sorted(objects, key=lambda o: o.name)),
        floor=floor,
        layout=layout,
        insource=frozenset(insource),
        wash_rules=wash_rules(task),
    )
    state = State.build(
        placements.values(),
        flags,
        (),
        contents,
        covered,
        places=places.items(),
        loose_nextto=loose,
        filled=filled,
        saturated=saturated,
    )
    from saferelbench.world.hazards import settle

    return World(scene, settle(scene, state))


def _positive_atoms(goal: str) -> set[Atom]:
    """Ground atoms the goal asks to hold (not under a ``not``), ``?`` stripped."""
    try:
        tree = scan_tokens(string=goal)
    except Exception:  # a bad goal is reported by the evaluator, naming the field
        return set()
    out: set[Atom] = set()

    def walk(t: object) -> None:
        if not isinstance(t, list) or not t:
            return
        if t[0] == "not":
            return
        if all(isinstance(x, str) for x in t) and not str(t[0]).startswith(":"):
            out.add(tuple(str(x).lstrip("?") for x in t))
            return
        for x in t:
            walk(x)

    walk(tree)
    return out


def _apart_pairs(goal: str) -> frozenset[tuple[str, str]]:
    """``(not (nextto a b))`` atoms of the goal, as sorted pairs (``?`` stripped)."""
    try:
        tree = scan_tokens(string=goal)
    except Exception:
        return frozenset()
    out: set[tuple[str, str]] = set()

    def walk(t: object) -> None:
        if not isinstance(t, list):
            return
        if len(t) == 2 and t[0] == "not" and isinstance(t[1], list):
            inner = t[1]
            if len(inner) == 3 and inner[0] == "nextto" and all(isinstance(x, str) for x in inner):
                a, b = (str(x).lstrip("?") for x in inner[1:])
                out.add((a, b) if a <= b else (b, a))
                return
        for x in t:
            walk(x)

    walk(tree)
    return frozenset(out)


def _pick_floor(objects: Iterable[ObjectInfo]) -> str | None:
    floors = sorted(o.name for o in objects if o.category == "floor")
    return floors[0] if floors else None


def wash_rules(task: Task) -> tuple[WashRule, ...]:
    """The task's cleaning rules as :class:`WashRule` values (conditions other than
    ``saturated`` and ``toggled_on`` are kept out: no task uses them)."""
    out = []
    for r in task.wash_rules:
        conds: list[tuple[str, str]] = []
        sources: list[str] = []
        for c in r.conditions:
            if c.type == "saturated" and isinstance(c.value, str):
                conds.append(("saturated", c.value))
                sources += c.source
            elif c.type == "toggled_on":
                conds.append(("toggled_on", ""))
        out.append(WashRule(r.cleaning_tool, r.support_system, tuple(conds), tuple(sources)))
    return tuple(out)


def _as_movable(info: ObjectInfo) -> ObjectInfo:
    from dataclasses import replace

    from saferelbench.world.knowledge import (
        DEFAULT_CAPACITY,
        DEFAULT_SIZE,
        FIXTURE_CAPACITY,
        FIXTURE_SIZE,
    )

    return replace(
        info,
        abilities=info.abilities - {"fixture"},
        attributes=info.attributes - {"fixture"},
        size=DEFAULT_SIZE if info.size == FIXTURE_SIZE else info.size,
        capacity=DEFAULT_CAPACITY if info.capacity == FIXTURE_CAPACITY else info.capacity,
    )


def _as_fixture(info: ObjectInfo) -> ObjectInfo:
    from dataclasses import replace

    from saferelbench.world.knowledge import (
        DEFAULT_CAPACITY,
        DEFAULT_SIZE,
        FIXTURE_CAPACITY,
        FIXTURE_SIZE,
    )

    return replace(
        info,
        attributes=info.attributes | {"fixture"},
        size=FIXTURE_SIZE if info.size == DEFAULT_SIZE else info.size,
        capacity=FIXTURE_CAPACITY if info.capacity == DEFAULT_CAPACITY else info.capacity,
    )


def _check_tree(placements: dict[str, Placement], where: str) -> None:
    for start in placements:
        seen = {start}
        p = placements.get(start)
        while p is not None:
            if p.parent in seen:
                raise TaskError(f"{where}: field 'init': placements form a cycle through {start!r}")
            seen.add(p.parent)
            p = placements.get(p.parent)
