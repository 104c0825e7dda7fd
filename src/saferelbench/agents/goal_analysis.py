"""Reading a task's BDDL for planning: which objects and placements a goal or condition names,
and a cheap estimate of the actions an unsatisfied atom still needs (the planner's heuristic).

Everything here is a helper of :mod:`saferelbench.agents.planner`; it decides nothing about
safety or success (the evaluator does), it only guides the search.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import cast

from bddl.logic_base import UnaryAtomicFormula

from saferelbench.world.action_specs import get_spec
from saferelbench.world.action_specs.cleaning import WASHERS
from saferelbench.world.conditions import CompiledCondition, SymbolicBackend, parse_goal
from saferelbench.world.simulator import heat_source_for
from saferelbench.world.state import Scene, State
from saferelbench.world.substances import (
    category,
    derivative_instance,
    is_cleaning_tool,
    is_soakable,
    producing,
    removal_rules,
)
from saferelbench.world.verdict import TaskEvaluator

#: Predicates whose two arguments name an object and where it should (not) be.
_PLACE_PREDICATES = frozenset({"ontop", "inside", "under", "nextto", "touching"})
#: Predicates about substances (substances are states of objects).
SUBSTANCE_PREDICATES = frozenset({"covered", "filled", "contains", "saturated", "real", "future"})

Needs = set[tuple[str, str]]


def appliances_for(
    predicates: Collection[str], scene: Scene, negated: Collection[str] = ()
) -> list[str]:
    """Heat sources when the goal cooks or heats something (or makes a cooked substance real),
    cold sources when it freezes, washing machines when it wants something no longer covered:
    the goal does not name them, but reaching it needs them."""
    out: list[str] = []
    if set(predicates) & {"cooked", "hot", "real"}:
        out += [o.name for o in scene.objects if o.heat is not None]
    if "frozen" in predicates:
        out += [o.name for o in scene.objects if "cold_source" in o.abilities]
    if "covered" in negated:
        out += [o.name for o in scene.objects if o.category in WASHERS]
    return sorted(set(out))


def substance_helpers(predicates: Collection[str], scene: Scene, state: State) -> list[str]:
    """Objects a substance goal needs though it does not name them: the cleaning tools and
    soakable cloths, the sources (a sink), whatever holds a substance now (a soap bottle) and,
    when a substance must be cooked (``real cooked__water``), the fillable containers."""
    if not set(predicates) & SUBSTANCE_PREDICATES:
        return []
    out = {
        o.name
        for o in scene.objects
        if not (o.is_substance or o.is_agent)
        and (is_cleaning_tool(o, scene) or is_soakable(o, scene) or scene.yields(o.name))
    }
    out |= {c for c, _ in state.contents}
    if "real" in predicates:
        out |= {o.name for o in scene.objects if "fillable" in o.abilities}
    return sorted(o for o in out if o in scene)


@dataclass(frozen=True)
class Conjunct:
    """One conjunct of a goal or condition: its parsed form and how it is judged on a state."""

    tree: object  #: bddl's parsed form
    text: str  #: the conjunct as a ``(:goal ...)`` text
    backend: SymbolicBackend
    #: a plain atom or its negation (``(ontop ?a ?b)``, ``(not (open ?d))``): the backend's
    #: test of its predicate, its objects and whether it is negated; what ``bddl``'s
    #: evaluation of the compiled atom calls, without the walk through its expression tree
    atom: tuple[Callable[..., object], tuple[str, ...], bool] | None = None

    @cached_property
    def compiled(self) -> CompiledCondition:
        """The conjunct compiled by ``bddl`` (a plain atom is compiled only if asked)."""
        return CompiledCondition(self.text, self.backend)

    def holds(self, state: State) -> bool:
        if self.atom is None:
            return self.compiled.holds(state)
        test, args, negated = self.atom
        return bool(test(state, *args)) is not negated


def enablers(
    scene: Scene,
    state: State,
    tree: object,
    switch_off: bool = False,
    forbidden: Collection[tuple[str, str]] = (),
) -> set[tuple[str, str]]:
    """Other actions that making an unsatisfied atom true needs (a lower bound for simple
    atoms; nothing for complex expressions). ``switch_off``: heat sources switched on must be
    switched off again before the end; ``forbidden``: (thing, heat source) pairs a condition
    rules out (no beer glass in the microwave), not counted as a way to heat the thing."""
    read = _read_atom(scene, tree)
    if read is None:
        return set()
    negated, pred, args = read
    out: set[tuple[str, str]] = set()
    x = args[0]
    if pred in _SUBJECT_REACHED and scene.info(x).is_movable:
        if pred not in _CHANGED_WHERE_IT_IS:  # food cooks (freezes) in its closed box
            out |= {("open", c) for c in _closed_around(scene, state, x)}
    if pred == "covered" and negated and len(args) == 2:
        return out | _uncover_needs(scene, state, x, args[1], switch_off)
    if negated:
        return out
    if pred in SUBSTANCE_PREDICATES:
        return out | _substance_needs(scene, state, pred, args, switch_off, forbidden)
    if pred == "inside" and len(args) == 2:
        c = args[1]
        if "openable" in scene.info(c).abilities and not state.has("open", c):
            out.add(("open", c))
        out |= {("open", k) for k in _closed_around(scene, state, c)}
    elif pred in ("cooked", "hot") and heat_source_for(scene, state, x) is None:
        out |= _cooking_needs(scene, state, x, switch_off, forbidden)
    elif pred in _INTERLOCKS and len(args) == 1:
        # the action that sets the flag is refused while its interlock holds (a washer
        # switched on with its door open): the interlock must be undone first
        action, code, undo = _INTERLOCKS[pred]
        failed = get_spec(action).failure(scene, state, (x,))
        if failed is not None and failed.code == code:
            out.add((undo, x))
    elif pred == "frozen":
        around = [
            c for c in state.enclosing_containers(x) if "cold_source" in scene.info(c).abilities
        ]
        if not around:
            out.add(("cold", x))
        out |= _cold_door_steps(scene, state, around)
    return out


def _read_atom(scene: Scene, tree: object) -> tuple[bool, str, list[str]] | None:
    """(negated, predicate, scene objects) of a plain atom over scene objects or its negation;
    None for anything else. Kept per tree (the planner asks about the same conjuncts on every
    state): the scene's memo keeps the tree with its reading, so its id names it."""
    key = ("goal_analysis.atom", id(tree))
    known = cast(tuple[object, tuple[bool, str, list[str]] | None] | None, scene.memo.get(key))
    if known is not None and known[0] is tree:
        return known[1]
    read: tuple[bool, str, list[str]] | None = None
    if isinstance(tree, list) and len(tree) >= 2:
        negated = tree[0] == "not"
        atom = tree[1] if negated else tree
        if isinstance(atom, list) and all(isinstance(t, str) for t in atom):
            args = [a.lstrip("?") for a in atom[1:]]
            if args and all(a in scene for a in args):
                read = (negated, atom[0], args)
    scene.memo[key] = (tree, read)
    return read


def _cold_door_steps(scene: Scene, state: State, around: list[str]) -> set[tuple[str, str]]:
    """The door steps freezing a thing needs: WAIT_FOR_FROZEN wants the cold source the thing
    is in shut (the physical model's precondition; IS-Bench's conventions skip it), so an open
    one must be closed; a thing in none must go into one, so when the scene's one cold source
    has a door, it is opened (unless it is open) and closed again. With several cold sources
    to choose from, which door is meant is not known: nothing is counted."""
    if around:
        source = around[0]  # the nearest, as the precondition reads it
    else:
        sources = [o.name for o in scene.objects if "cold_source" in o.abilities]
        if len(sources) != 1:
            return set()
        source = sources[0]
    if "openable" not in scene.info(source).abilities:
        return set()
    out: set[tuple[str, str]] = set()
    is_open = state.has("open", source)
    if not around and not is_open:
        out.add(("open", source))
    if (is_open or not around) and not scene.isbench_conventions:
        out.add(("close", source))
    return out


def relevant_substances(texts: Collection[str], scene: Scene) -> frozenset[str]:
    """Substance categories that BDDL expressions (a goal, its conditions) name, the
    substances they are made from (``water`` for ``cooked__water``) and what a tool must be
    soaked with to remove one of them (``liquid_soap`` for a stain)."""
    named = set()
    for text in texts:
        named |= {o for o in bddl_objects(text, scene)[1] if scene.info(o).is_substance}
    out = {category(s) for s in named}
    for o in scene.objects:
        if o.is_substance and named & set(derivative_instance(scene, o.name, "cooked")):
            out.add(o.category)
    for o in scene.objects:
        if o.is_substance or o.is_agent or not is_cleaning_tool(o, scene):
            continue
        for s in named:
            for conds in removal_rules(scene, o.name, s):
                out |= {v for p, v in conds if p == "saturated"}
    return frozenset(out)


#: Predicates whose first argument must be reachable for the action that makes them true.
_SUBJECT_REACHED = frozenset(
    {
        "ontop",
        "inside",
        "cooked",
        "hot",
        "frozen",
        "nextto",
        "covered",
        "filled",
        "contains",
        "saturated",
    }
)


#: flag -> (the action that sets it, the code of its interlock's failure, the enabling step
#: that undoes the interlock)
_INTERLOCKS = {
    "toggled_on": ("TOGGLE_ON", "door_open", "close"),
    "open": ("OPEN", "appliance_on", "toggle_off"),
}

#: Predicates a heat or cold source makes true of what is in it, whatever holds it closed (a
#: lasagna in a closed tupperware in the fridge freezes; food in a closed oven cooks).
_CHANGED_WHERE_IT_IS = frozenset({"cooked", "hot", "frozen"})


def _cheapest(options: list[Needs], fallback: Needs) -> Needs:
    return min(options, key=len) if options else fallback


def _switch(obj: str, state: State, switch_off: bool) -> Needs:
    """Switch ``obj`` on (and, with ``switch_off``, off again) unless it is on already."""
    if state.has("toggled_on", obj):
        return set()
    return {("toggle_on", obj), ("toggle_off", obj)} if switch_off else {("toggle_on", obj)}


def _supply(scene: Scene, state: State, substance_category: str, switch_off: bool) -> Needs:
    """The fewest extra actions to have ``substance_category`` to take from: nothing if some
    container holds it or a source yields it now, else switching a source on (and off)."""
    if any(category(s) == substance_category for _, s in state.contents):
        return set()
    options = []
    for o in scene.objects:
        yields = [s for s in scene.yields(o.name) if category(s) == substance_category]
        if not yields:
            continue
        if any(category(s) == substance_category for s in producing(scene, state, o.name)):
            return set()
        options.append(_switch(o.name, state, switch_off))
    return _cheapest(options, {("supply", substance_category)})


def _uncover_needs(
    scene: Scene, state: State, target: str, substance: str, switch_off: bool
) -> Needs:
    """Besides the WIPE (or WAIT_FOR_WASHED) itself: the cheapest tool's conditions (soaked
    with soap, switched on) or bringing the thing into a washing machine and running it."""
    if not state.is_covered(target, substance):
        return set()
    options: list[Needs] = []
    for o in scene.objects:
        if o.is_substance or o.is_agent or o.name == target:
            continue
        for conds in removal_rules(scene, o.name, substance) if is_cleaning_tool(o, scene) else []:
            needs: Needs = {("open", c) for c in _closed_around(scene, state, o.name)}
            for pred, value in conds:
                if pred == "toggled_on":
                    needs |= _switch(o.name, state, switch_off)
                elif pred == "saturated" and not any(
                    category(s) == value for s in state.saturated_with(o.name)
                ):
                    needs.add(("soak", f"{o.name}/{value}"))
                    needs |= _supply(scene, state, value, switch_off)
            options.append(needs)
    if scene.info(target).is_movable:
        for o in scene.objects:
            if o.category not in WASHERS:
                continue
            needs = _switch(o.name, state, switch_off)
            if not state.is_inside(target, o.name):
                needs.add(("place", target))
                if not state.has("open", o.name):
                    needs.add(("open", o.name))
                needs.add(("close", o.name))
            elif state.has("open", o.name):
                needs.add(("close", o.name))
            options.append(needs)
    return _cheapest(options, {("clean", target)})


def _substance_needs(
    scene: Scene,
    state: State,
    pred: str,
    args: list[str],
    switch_off: bool,
    forbidden: Collection[tuple[str, str]] = (),
) -> Needs:
    """Besides the action that makes a positive substance atom true (FILL_WITH or POUR_INTO,
    SOAK_*, SPREAD, WAIT_FOR_COOKED): something to take the substance from, and for a cooked
    substance a filled container brought to a running heat source."""
    if pred in ("filled", "contains", "saturated", "covered") and len(args) == 2:
        return _supply(scene, state, category(args[1]), switch_off)
    if pred == "real" and len(args) == 1 and not state.is_real(args[0]):
        made = args[0]
        bases = [
            o.name
            for o in scene.objects
            if o.is_substance and made in derivative_instance(scene, o.name, "cooked")
        ]
        if not bases:
            return set()
        heatable = [  # what every heat source is ruled out for cannot serve
            o.name
            for o in scene.objects
            if any(h.heat is not None and (o.name, h.name) not in forbidden for h in scene.objects)
        ]
        holders = sorted(c for c, s in state.contents if s in bases and c in heatable)
        if holders:
            return _cheapest(
                [_cooking_needs(scene, state, h, switch_off, forbidden) for h in holders], set()
            )
        fill = {("fill", made)} | _supply(scene, state, category(bases[0]), switch_off)
        vessels = [o.name for o in scene.objects if "fillable" in o.abilities and o.is_movable]
        vessels = [v for v in vessels if v in heatable] or vessels
        options = [
            _cooking_needs(scene, state, v, switch_off, forbidden)
            | {("open", c) for c in _closed_around(scene, state, v)}
            for v in vessels
        ]
        return fill | _cheapest(options, set())
    return set()


def _cooking_needs(
    scene: Scene,
    state: State,
    food: str,
    switch_off: bool,
    forbidden: Collection[tuple[str, str]] = (),
) -> set[tuple[str, str]]:
    """The fewest actions, besides WAIT_FOR_COOKED, any heat source of the scene needs to cook
    ``food``: bring it in/on, open and close the door, switch on (and off again)."""
    first = next((p for p in state.ancestors(food) if scene.info(p.parent).heat is not None), None)
    best: set[tuple[str, str]] | None = None
    for source in scene.objects:
        heat = source.heat
        if heat is None or (food, source.name) in forbidden:
            continue
        s = source.name
        needs: set[tuple[str, str]] = set()
        door = "openable" in source.abilities
        placed = (
            first is not None
            and first.parent == s
            and (first.relation == "inside") == heat.requires_inside
        )
        if not placed:
            needs.add(("place", food))
            if heat.requires_inside and door and not state.has("open", s):
                needs.add(("open", s))
                if heat.requires_closed:
                    needs.add(("close", s))
        if heat.requires_closed and door and state.has("open", s):
            needs.add(("close", s))
        if heat.requires_toggled_on and not state.has("toggled_on", s):
            needs.add(("toggle_on", s))
            if switch_off:
                needs.add(("toggle_off", s))
        if best is None or len(needs) < len(best):
            best = needs
    return best if best is not None else {("heat", food)}


def _closed_around(scene: Scene, state: State, obj: str) -> list[str]:
    return [
        c
        for c in state.enclosing_containers(obj)
        if "openable" in scene.info(c).abilities and not state.has("open", c)
    ]


def _to_text(tree: object) -> str:
    if isinstance(tree, list):
        return "(" + " ".join(_to_text(t) for t in tree) + ")"
    return str(tree)


@lru_cache(maxsize=4096)
def _parsed(text: str) -> tuple[object, ...]:
    return tuple(parse_goal(text))


def parsed_goal(text: str) -> tuple[object, ...]:
    """The expressions of a BDDL goal text, parsed (kept per text: do not change them)."""
    return _parsed(text)


def bddl_objects(text: str, scene: Scene) -> tuple[list[tuple[str, str]], set[str]]:
    """(object pairs of positive placement atoms, all object instances) named in a BDDL
    expression. Quantified variables range over the scene's instances of their synset."""
    pairs, objects, _, _ = _bddl_parts(text, scene)
    return pairs, objects


def bddl_predicates(text: str, scene: Scene) -> set[str]:
    """Predicates of the positive atoms of a BDDL expression."""
    return _bddl_parts(text, scene)[2]


def bddl_negated_predicates(text: str, scene: Scene) -> set[str]:
    """Predicates of the negated atoms of a BDDL expression (``not covered``: clean it)."""
    return _bddl_parts(text, scene)[3]


_Parts = tuple[list[tuple[str, str]], set[str], set[str], set[str]]


def _bddl_parts(text: str, scene: Scene) -> _Parts:
    """What :func:`bddl_objects` and the predicate readers report, read once per scene and
    text (the planner asks for the goal's several times); the caller gets its own copies."""
    key = ("goal_analysis.bddl_parts", text)
    known = cast(_Parts | None, scene.memo.get(key))
    if known is None:
        known = _read_bddl_parts(text, scene)
        scene.memo[key] = known
    pairs, objects, predicates, negated = known
    return list(pairs), set(objects), set(predicates), set(negated)


def _read_bddl_parts(text: str, scene: Scene) -> _Parts:
    pairs: dict[tuple[str, str], None] = {}  # an ordered set: the expression's order decides ties
    objects: set[str] = set()
    predicates: set[str] = set()
    negated: set[str] = set()
    by_synset: dict[str, list[str]] = {}
    for n in scene.names():
        by_synset.setdefault(n.rsplit("_", 1)[0], []).append(n)

    def names(token: str) -> list[str]:
        token = token.lstrip("?")
        if token in scene:
            return [token]
        return by_synset.get(token, [])

    def walk(tree: object, positive: bool) -> None:
        if not isinstance(tree, list) or not tree:
            return
        head = tree[0]
        if isinstance(head, str) and all(isinstance(t, str) for t in tree):
            args = [names(t) for t in tree[1:]]
            for group in args:
                objects.update(group)
            if not positive:
                negated.add(head)
            if positive:  # only what must become true says where things should go
                predicates.add(head)
                if head in _PLACE_PREDICATES and len(args) == 2:
                    pairs.update(dict.fromkeys((a, b) for a in args[0] for b in args[1] if a != b))
            return
        for t in tree[1:] if head == "not" else tree:
            walk(t, not positive if head == "not" else positive)

    for part in _parsed(text):
        walk(part, True)
    return list(pairs), objects, predicates, negated


#: State flags only hazard rules set (a broken vase, a spilled drink): what the ``blind``
#: planner does not foresee (see :class:`~saferelbench.agents.planner.Planner`).
HAZARD_MARKS = frozenset(
    {"on_fire", "broken", "fallen", "tipped", "spilled", "contaminated", "sparking", "fumes"}
)


def without_hazard_marks(text: str) -> str | None:
    """``text`` (a BDDL goal) as the ``blind`` planner reads it: every atom about a hazard mark
    (:data:`HAZARD_MARKS`), negated or not, taken as satisfied. ``text`` itself when it names
    no hazard mark; None when nothing else is left (the goal then always holds)."""

    def keep(tree: object) -> object | None:
        if not isinstance(tree, list) or not tree:
            return tree
        head = tree[0]
        if isinstance(head, str) and all(isinstance(t, str) for t in tree):
            return None if head in HAZARD_MARKS else tree
        if head == "and":
            kept = [k for k in (keep(t) for t in tree[1:]) if k is not None]
            return ["and", *kept] if kept else None
        if head in ("or", "not"):
            kept = [keep(t) for t in tree[1:]]
            return None if any(k is None for k in kept) else [head, *kept]
        if head in ("forall", "exists", "forn", "forpairs", "fornpairs") and len(tree) >= 3:
            body = keep(tree[-1])
            return None if body is None else [*tree[:-1], body]
        return tree

    parsed = _parsed(text)
    parts = [k for k in (keep(p) for p in parsed) if k is not None]
    if not parts:
        return None
    if parts == list(parsed):
        return text
    return "(:goal (and " + " ".join(_to_text(p) for p in parts) + "))"


def conjuncts(text: str, evaluator: TaskEvaluator) -> list[Conjunct]:
    """The conjuncts of a BDDL goal, each compiled on its own (for the heuristic): nested
    ``and`` is split and a ``forall`` over a synset is split into one conjunct per instance of
    the scene (``forall ?ball`` -> one per tennis ball), so that each counts."""
    instances: dict[str, list[str]] = {}
    for n in evaluator.scene.names():
        instances.setdefault(n.rsplit("_", 1)[0], []).append(n)
    parts: list[object] = []

    def split(tree: object, depth: int) -> None:
        if isinstance(tree, list) and tree and depth < 4:
            if tree[0] == "and":
                for t in tree[1:]:
                    split(t, depth + 1)
                return
            if tree[0] == "forall" and len(tree) == 3 and _typed_variable(tree[1]):
                var, _, synset = tree[1]
                for name in instances.get(synset, []):
                    split(_substitute(tree[2], var, f"?{name}"), depth + 1)
                return
        parts.append(tree)

    for part in _parsed(text):  # kept per text (the generic conditions recur)
        split(part, 0)
    out = []
    for part in parts:
        made = Conjunct(
            part, f"(:goal {_to_text(part)})", evaluator.backend, _atom(part, evaluator)
        )
        if made.atom is None:
            made.compiled  # noqa: B018  (compiled now: a malformed conjunct fails here)
        out.append(made)
    return out


def _atom(
    tree: object, evaluator: TaskEvaluator
) -> tuple[Callable[..., object], tuple[str, ...], bool] | None:
    """The backend's test, objects and negation of a plain atom over scene objects (or its
    negation), as :class:`Conjunct` judges it; None for anything else (``bddl`` judges it)."""
    negated = isinstance(tree, list) and len(tree) == 2 and tree[0] == "not"
    atom = tree[1] if negated else tree  # type: ignore[index]
    if not (isinstance(atom, list) and len(atom) >= 2 and all(isinstance(t, str) for t in atom)):
        return None
    backend = evaluator.backend
    test = backend.tests.get(atom[0])
    args = tuple(str(t).lstrip("?") for t in atom[1:])
    scope, _ = backend.scope()
    if test is None or len(args) > 2 or any(a not in scope for a in args):
        return None
    unary = issubclass(backend.get_predicate_class(atom[0]), UnaryAtomicFormula)
    if len(args) != (1 if unary else 2):
        return None  # the wrong number of arguments: compiling it says so
    return test, args, negated


def _typed_variable(tree: object) -> bool:
    """``[?x, -, synset]``: one typed variable of a quantifier."""
    return (
        isinstance(tree, list)
        and len(tree) == 3
        and all(isinstance(t, str) for t in tree)
        and tree[1] == "-"
    )


def _substitute(tree: object, var: str, value: str) -> object:
    if isinstance(tree, list):
        return [_substitute(t, var, value) for t in tree]
    return value if tree == var else tree
