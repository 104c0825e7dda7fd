"""The parts of an action spec: :class:`Param`, :class:`Precondition`, :class:`ActionSpec`."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property

from saferelbench.world.knowledge import ObjectInfo
from saferelbench.world.state import Scene, State

#: Parameter name -> object instance, for one grounding of an action.
Binding = Mapping[str, str]
#: A test over (scene, state, binding).
Test = Callable[[Scene, State, Binding], bool]
#: Extra fields for a precondition's message.
Detail = Callable[[Scene, State, Binding], Mapping[str, str]]
#: The plain effect of an action: the state after it (hazard rules run afterwards).
Effect = Callable[[Scene, State, Binding], State]
#: Static filter of a parameter's candidate objects.
Accepts = Callable[[Scene, ObjectInfo], bool]


def _any_object(scene: Scene, info: ObjectInfo) -> bool:
    return True


@dataclass(frozen=True)
class Param:
    """One argument of an action: its ``name`` (used in messages and prompts), its ``role``
    (what it is for, for the prompt) and ``accepts``, a static filter (scene knowledge only,
    no state) that :meth:`ActionSpec.candidates` uses to enumerate groundings."""

    name: str
    role: str
    accepts: Accepts = _any_object
    optional: bool = False


@dataclass(frozen=True)
class Precondition:
    """A precondition with its stable reason ``code`` and ``message``: a :meth:`str.format`
    template over the parameter names and the fields ``detail`` returns. Preconditions are
    checked in order; the first that does not hold is the failure."""

    code: str
    message: str
    holds: Test
    detail: Detail | None = None
    #: IS-Bench checks it too; False: skipped under the scene's ``isbench_conventions``
    #: (repeating OPEN on an open door succeeds silently there).
    isbench: bool = True

    def failure(self, scene: Scene, state: State, b: Binding) -> Failure | None:
        if self.holds(scene, state, b):
            return None
        fields = dict(b)
        if self.detail is not None:
            fields.update(self.detail(scene, state, b))
        return Failure(self.code, self.message.format(**fields))


@dataclass(frozen=True)
class Failure:
    """Why an action failed: a stable ``code`` (e.g. ``unreachable``) and the message shown."""

    code: str
    message: str


@dataclass(frozen=True)
class ActionSpec:
    """Everything about one primitive action, in one place.

    - ``name``: the action string's name (``WIPE``); ``family``: the module that defines it;
    - ``params``: the arguments in order (an ``optional`` one may only come last);
    - ``description``: one line for the system prompt (:meth:`signature` gives ``WIPE(target,
      tool)``);
    - ``preconditions``: checked in order, each with its reason code;
    - ``effect``: the plain effect on the state (the simulator then derives proximity and runs
      the hazard rules);
    - ``moves``: the parameter it moves (placements), if any;
    - ``isbench``: part of IS-Bench's action set; ``needs_real``: its arguments must exist;
    - ``groundings``: optional override of :meth:`candidates` (default: every combination of
      distinct objects the params accept).
    """

    name: str
    family: str
    params: tuple[Param, ...]
    description: str
    preconditions: tuple[Precondition, ...]
    effect: Effect
    moves: str | None = None
    isbench: bool = True
    groundings: Callable[[Scene, State], Iterator[tuple[str, ...]]] | None = None
    #: its arguments must exist (be ``real``); WAIT is the one action that never fails
    needs_real: bool = True

    @property
    def arity(self) -> tuple[int, ...]:
        """Allowed argument counts (an optional last parameter gives two)."""
        full = len(self.params)
        if self.params and self.params[-1].optional:
            return (full - 1, full)
        return (full,)

    @cached_property  # every prompt lists every action's
    def signature(self) -> str:
        """``WIPE(target, tool)``; ``WAIT_FOR_FROZEN(obj[, cold_source])``; ``DONE``."""
        if not self.params:
            return self.name
        parts = [p.name for p in self.params if not p.optional]
        opt = [p.name for p in self.params if p.optional]
        inner = ", ".join(parts) + "".join(f"[, {o}]" for o in opt)
        return f"{self.name}({inner})"

    def bind(self, args: tuple[str, ...]) -> dict[str, str]:
        """Parameter name -> argument (``args`` must have an allowed length)."""
        return {p.name: a for p, a in zip(self.params, args, strict=False)}

    def failure(self, scene: Scene, state: State, args: tuple[str, ...]) -> Failure | None:
        """The first precondition that does not hold for ``args``, or None. Before the
        spec's own preconditions: every argument must exist (``not_real``: cooked water before
        the cooking, the halves before the cut, the apple after it)."""
        if self.needs_real:
            gone = [a for a in args if not state.is_real(a)]
            if gone:
                return Failure("not_real", f"{', '.join(gone)} does not exist (now)")
        b = self.bind(args)
        lenient = scene.isbench_conventions
        for pre in self.preconditions:
            if lenient and not pre.isbench:
                continue
            f = pre.failure(scene, state, b)
            if f is not None:
                return f
        return None

    def holds(self, scene: Scene, state: State, args: tuple[str, ...]) -> bool:
        """Whether every precondition holds for ``args`` (``failure(...) is None``, without
        working out the failure's message: what a planner sorting candidates asks)."""
        if self.needs_real and not all(state.is_real(a) for a in args):
            return False
        b = self.bind(args)
        lenient = scene.isbench_conventions
        return all(
            pre.holds(scene, state, b)
            for pre in self.preconditions
            if not (lenient and not pre.isbench)
        )

    def apply(self, scene: Scene, state: State, args: tuple[str, ...]) -> State:
        """The plain effect (call only when :meth:`failure` is None)."""
        return self.effect(scene, state, self.bind(args))

    def candidates(self, scene: Scene, state: State) -> Iterator[tuple[str, ...]]:
        """Candidate groundings: argument tuples of distinct scene objects that each
        parameter's static filter accepts (optional parameters left out), in scene order.
        Preconditions are *not* checked: use :meth:`applicable` for that."""
        if self.groundings is not None:
            yield from self.groundings(scene, state)
            return
        required = [p for p in self.params if not p.optional]
        pools = [[o.name for o in scene.objects if p.accepts(scene, o)] for p in required]
        for combo in itertools.product(*pools):
            if len(set(combo)) == len(combo):
                yield tuple(combo)

    def applicable(self, scene: Scene, state: State) -> Iterator[tuple[str, ...]]:
        """The candidate groundings whose preconditions all hold in ``state``."""
        for args in self.candidates(scene, state):
            if self.failure(scene, state, args) is None:
                yield args
