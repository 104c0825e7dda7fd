"""Reading a task's BDDL for planning: which objects and placements a goal or condition names,
and a cheap estimate of the actions an unsatisfied atom still needs (the planner's heuristic).

Everything here is a helper of :mod:`saferelbench.agents.planner`; it decides nothing about
safety or success (the evaluator does), it only guides the search.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from saferelbench.world.conditions import CompiledCondition, parse_goal
from saferelbench.world.simulator import heat_source_for
from saferelbench.world.state import Scene, State
from saferelbench.world.verdict import TaskEvaluator

#: Predicates whose two arguments name an object and where it should (not) be.
_PLACE_PREDICATES = frozenset({"ontop", "inside", "under", "nextto", "touching"})


def appliances_for(predicates: set[str], scene: Scene) -> list[str]:
    """Heat sources when the goal cooks or heats something, cold sources when it freezes:
    the goal does not name them, but reaching it needs them."""
    out: list[str] = []
    if predicates & {"cooked", "hot"}:
        out += [o.name for o in scene.objects if o.heat is not None]
    if "frozen" in predicates:
        out += [o.name for o in scene.objects if "cold_source" in o.abilities]
    return sorted(set(out))


@dataclass(frozen=True)
class Conjunct:
    tree: object  #: bddl's parsed form
    compiled: CompiledCondition


def enablers(
    scene: Scene, state: State, tree: object, switch_off: bool = False
) -> set[tuple[str, str]]:
    """Other actions that making an unsatisfied atom true needs (a lower bound for simple
    atoms; nothing for complex expressions). ``switch_off``: heat sources switched on must be
    switched off again before the end."""
    if not isinstance(tree, list) or len(tree) < 2:
        return set()
    negated = tree[0] == "not"
    atom = tree[1] if negated else tree
    if not isinstance(atom, list) or not all(isinstance(t, str) for t in atom):
        return set()
    pred, args = atom[0], [a.lstrip("?") for a in atom[1:]]
    if not args or any(a not in scene for a in args):
        return set()
    out: set[tuple[str, str]] = set()
    x = args[0]
    if pred in ("ontop", "inside", "cooked", "frozen", "nextto") and scene.info(x).is_movable:
        out |= {("open", c) for c in _closed_around(scene, state, x)}
    if negated:
        return out
    if pred == "inside" and len(args) == 2:
        c = args[1]
        if "openable" in scene.info(c).abilities and not state.has("open", c):
            out.add(("open", c))
        out |= {("open", k) for k in _closed_around(scene, state, c)}
    elif pred == "cooked" and heat_source_for(scene, state, x) is None:
        out |= _cooking_needs(scene, state, x, switch_off)
    elif pred == "frozen" and not any(
        "cold_source" in scene.info(c).abilities for c in state.enclosing_containers(x)
    ):
        out.add(("cold", x))
    return out


def _cooking_needs(scene: Scene, state: State, food: str, switch_off: bool) -> set[tuple[str, str]]:
    """The fewest actions, besides WAIT_FOR_COOKED, any heat source of the scene needs to cook
    ``food``: bring it in/on, open and close the door, switch on (and off again)."""
    first = next((p for p in state.ancestors(food) if scene.info(p.parent).heat is not None), None)
    best: set[tuple[str, str]] | None = None
    for source in scene.objects:
        heat = source.heat
        if heat is None:
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


def bddl_objects(text: str, scene: Scene) -> tuple[list[tuple[str, str]], set[str]]:
    """(object pairs of positive placement atoms, all object instances) named in a BDDL
    expression. Quantified variables range over the scene's instances of their synset."""
    pairs, objects, _ = _bddl_parts(text, scene)
    return pairs, objects


def bddl_predicates(text: str, scene: Scene) -> set[str]:
    """Predicates of the positive atoms of a BDDL expression."""
    return _bddl_parts(text, scene)[2]


def _bddl_parts(text: str, scene: Scene) -> tuple[list[tuple[str, str]], set[str], set[str]]:
    pairs: dict[tuple[str, str], None] = {}  # an ordered set: the expression's order decides ties
    objects: set[str] = set()
    predicates: set[str] = set()
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
            if positive:  # only what must become true says where things should go
                predicates.add(head)
                if head in _PLACE_PREDICATES and len(args) == 2:
                    pairs.update(dict.fromkeys((a, b) for a in args[0] for b in args[1] if a != b))
            return
        for t in tree[1:] if head == "not" else tree:
            walk(t, not positive if head == "not" else positive)

    for part in _parsed(text):
        walk(part, True)
    return list(pairs), objects, predicates


def conjuncts(text: str, evaluator: TaskEvaluator) -> list[Conjunct]:
    """The top-level conjuncts of a BDDL goal, each compiled on its own (for the heuristic)."""
    return [
        Conjunct(part, CompiledCondition(f"(:goal {_to_text(part)})", evaluator.backend))
        for part in parse_goal(text)
    ]
