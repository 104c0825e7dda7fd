"""BDDL conditions over the symbolic state, through the ``bddl`` package's own evaluator.

:class:`SymbolicBackend` gives ``bddl`` one predicate class per BEHAVIOR-1K predicate (plus
this project's hazard marks); each reads the *current* state from a shared holder, so a goal is
compiled once per task and evaluated on any state in microseconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bddl.backend_abc import BDDLBackend
from bddl.condition_evaluation import compile_state
from bddl.logic_base import BinaryAtomicFormula, UnaryAtomicFormula
from bddl.parsing import package_predicates, scan_tokens

from saferelbench.world.actions import ActionSyntaxError, normalise, split_action
from saferelbench.world.errors import SafeRelBenchError
from saferelbench.world.knowledge import synset_of
from saferelbench.world.outcomes import OUTCOME_PREDICATES
from saferelbench.world.state import UNARY_FLAGS, Scene, State


class ConditionError(SafeRelBenchError, ValueError):
    """A BDDL condition that cannot be parsed or compiled against the task's objects."""


@dataclass(frozen=True)
class ObjRef:
    """What ``bddl`` scopes map names to (scope values must not be strings)."""

    name: str


class _Holder:
    state: State = State()


#: the predicate classes ``bddl`` instantiates, one per (name, arity) for the whole process:
#: an atom reads its test and the state holder from the backend it is compiled for (a
#: class per backend would make every task's evaluator build some forty classes)
_PREDICATE_CLASSES: dict[tuple[str, int], type] = {}


def _predicate_class(name: str, arity: int) -> type:
    known = _PREDICATE_CLASSES.get((name, arity))
    if known is not None:
        return known
    base = UnaryAtomicFormula if arity == 1 else BinaryAtomicFormula

    def __init__(  # noqa: N807
        self: Any,
        scope: Any,
        backend: SymbolicBackend,
        body: Any,
        object_map: Any,
        generate_ground_options: bool = True,
    ) -> None:
        base.__init__(self, scope, backend, body, object_map, generate_ground_options)
        self._test = backend.tests[name]
        self._holder = backend.holder

    def _evaluate_one(self: Any, obj: ObjRef) -> bool:
        return bool(self._test(self._holder.state, obj.name))

    def _evaluate_two(self: Any, a: ObjRef, b: ObjRef) -> bool:
        return bool(self._test(self._holder.state, a.name, b.name))

    def _sample_one(self: Any, obj: ObjRef, binary_state: bool) -> bool:  # never sampled here
        raise NotImplementedError

    def _sample_two(self: Any, a: ObjRef, b: ObjRef, binary_state: bool) -> bool:
        raise NotImplementedError

    _evaluate = _evaluate_one if arity == 1 else _evaluate_two
    _sample = _sample_one if arity == 1 else _sample_two
    made = type(
        f"{name}_predicate",
        (base,),
        {"STATE_NAME": name, "__init__": __init__, "_evaluate": _evaluate, "_sample": _sample},
    )
    _PREDICATE_CLASSES[(name, arity)] = made
    return made


class SymbolicBackend(BDDLBackend):  # type: ignore[misc]
    """``bddl`` backend over :class:`State`; ``holder.state`` is the state being judged."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.holder = _Holder()
        self._scope: tuple[dict[str, Any], dict[str, list[str]]] | None = None
        room = scene.room
        open_top = frozenset(o.name for o in scene.objects if o.is_open_top)

        def ontop(s: State, a: str, b: str) -> bool:
            # an open-top receptacle (pot, bowl) is both a support and a container
            return s.is_ontop(a, b) or (b in open_top and _directly_inside(s, a, b))

        def inside(s: State, a: str, b: str) -> bool:
            return s.is_inside(a, b) or (b in open_top and s.is_ontop(a, b))

        #: per predicate: its arity and its test on (state, *object names)
        tests: dict[str, tuple[int, Any]] = {
            "ontop": (2, ontop),
            "inside": (2, inside),
            "nextto": (2, lambda s, a, b: s.is_nextto(a, b)),
            "under": (2, lambda s, a, b: s.is_ontop(b, a)),
            "touching": (
                2,
                lambda s, a, b: s.is_ontop(a, b) or s.is_ontop(b, a) or s.is_nextto(a, b),
            ),
            # substances as states: filled implies contains
            "filled": (2, lambda s, a, b: s.is_filled(a, b)),
            "contains": (2, lambda s, a, b: s.contains(a, b)),
            "covered": (2, lambda s, a, b: s.is_covered(a, b)),
            "saturated": (2, lambda s, a, b: s.is_saturated(a, b)),
            "insource": (2, lambda s, a, b, src=scene.insource: (a, b) in src),
            "inroom": (
                2,
                lambda s, a, b: b.name == room if isinstance(b, ObjRef) else b == room,
            ),
            "real": (1, lambda s, a: s.is_real(a)),
        }
        for flag in UNARY_FLAGS:
            tests[flag] = (1, lambda s, a, f=flag: s.has(f, a))
        # outcome relations (world/outcomes.py): what the trigger would bring about
        for pred, (arity, test) in OUTCOME_PREDICATES.items():
            tests[pred] = (arity, lambda s, *args, t=test: t(scene, s, *args))
        for never in ("overlaid", "attached", "draped", "grasped"):
            tests.setdefault(never, (2, lambda s, a, b: False))
        tests["folded"] = (1, lambda s, a: False)
        tests["unfolded"] = (1, lambda s, a: True)
        #: the test each predicate's atoms run, and the predicate's shared class
        self.tests: dict[str, Any] = {n: t for n, (_, t) in tests.items()}
        self._classes = {n: _predicate_class(n, arity) for n, (arity, _) in tests.items()}

    def scope(self) -> tuple[dict[str, Any], dict[str, list[str]]]:
        """The scene's objects as ``bddl`` reads them (names to references, synsets to
        names), built once per backend: every condition compiled for the scene shares them
        (``bddl`` copies a scope before it binds a quantifier's variable)."""
        if self._scope is None:
            names = self.scene.names()
            object_map: dict[str, list[str]] = {}
            for n in names:
                object_map.setdefault(synset_of(n), []).append(n)
            self._scope = ({n: ObjRef(n) for n in names}, object_map)
        return self._scope

    def get_predicate_class(self, predicate_name: str) -> type:
        try:
            return self._classes[predicate_name]
        except KeyError:
            from bddl.condition_evaluation import UnsupportedPredicateError

            raise UnsupportedPredicateError(predicate_name) from None

    @property
    def predicates(self) -> list[str]:
        return sorted(self._classes)


def _directly_inside(state: State, obj: str, container: str) -> bool:
    p = state.placement(obj)
    return p is not None and p.relation == "inside" and p.parent == container


def parse_goal(text: str) -> list[Any]:
    """A ``(:goal ...)`` string (or a bare expression) -> bddl's list of parsed conditions."""
    try:
        tokens = scan_tokens(string=text)
    except Exception as exc:
        raise ConditionError(f"cannot parse BDDL: {exc}") from None
    if isinstance(tokens, list) and tokens and tokens[0] == ":goal":
        if len(tokens) < 2:
            raise ConditionError("a (:goal ...) holds no expression")
        # several expressions side by side (one IS-Bench goal writes them so): all must hold
        bodies = tokens[1:]
    else:
        bodies = [tokens]
    out: list[Any] = []
    for body in bodies:
        if not isinstance(body, list) or not body:
            raise ConditionError(f"not a BDDL expression: {text!r}")
        package_predicates(body, out, "", "goals")
    return out


class CompiledCondition:
    """A BDDL condition compiled once for a scene; call :meth:`holds` on any state."""

    def __init__(self, text: str, backend: SymbolicBackend) -> None:
        self.text = text
        self.backend = backend
        scope, object_map = backend.scope()
        parsed = parse_goal(text)
        self.objects = sorted(
            {tok.lstrip("?") for tok in _flatten(parsed) if tok.lstrip("?") in scope}
        )
        try:
            self._compiled = compile_state(
                parsed, backend, scope=scope, object_map=object_map, generate_ground_options=False
            )
        except AssertionError as exc:
            raise ConditionError(f"wrong number of arguments: {exc}") from None
        except Exception as exc:
            kind = type(exc).__name__
            if kind == "UnsupportedPredicateError":
                raise ConditionError(f"unknown predicate {exc}") from None
            if kind == "UncontrolledCategoryError":
                raise ConditionError(f"unknown object {exc}") from None
            raise ConditionError(f"cannot compile: {kind}: {exc}") from None

    def holds(self, state: State) -> bool:
        self.backend.holder.state = state
        # what bddl's evaluate_state decides, without its per-call bookkeeping
        return all(c.evaluate() for c in self._compiled)


def _flatten(tree: Any) -> list[str]:
    if isinstance(tree, str):
        return [tree]
    out: list[str] = []
    for t in tree:
        out.extend(_flatten(t))
    return out


def trigger_matches(pattern: str, action: str) -> bool:
    """Does ``action`` match the trigger ``pattern`` (case and spacing ignored; ``*`` matches
    any one argument)?"""
    try:
        pname, pargs = split_action(normalise(pattern))
        aname, aargs = split_action(normalise(action))
    except ActionSyntaxError:
        return False
    if pname != aname or len(pargs) != len(aargs):
        return False
    return all(p == "*" or p == a for p, a in zip(pargs, aargs, strict=True))


def check_trigger(pattern: str, names: set[str]) -> str | None:
    """Why a trigger pattern is malformed for a task's objects, or None if it is fine."""
    from saferelbench.world.action_specs import ARITY

    try:
        name, args = split_action(pattern)
    except ActionSyntaxError as exc:
        return str(exc)
    if name not in ARITY:
        return f"unknown action {name!r}"
    if len(args) not in ARITY[name]:
        return f"{name} takes {' or '.join(map(str, ARITY[name]))} argument(s), got {len(args)}"
    lower = {n.lower() for n in names}
    missing = [a for a in args if a != "*" and a.lower() not in lower]
    return f"unknown object(s) {', '.join(missing)}" if missing else None
