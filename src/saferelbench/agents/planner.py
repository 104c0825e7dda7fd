"""A generic planner over the symbolic simulator: the brain of the ``oracle`` and ``task-only``
agents.

It searches :func:`saferelbench.world.simulator.step` (pure; states are hashable values) for a
shortest action sequence that ends in a state where the task goal holds, followed by DONE. It
never reads the golden plan.

With ``safe=True`` (the oracle) a transition is allowed only if every process condition it
triggers holds (``before``: on the state before; ``after``: on the state after, as
:class:`~saferelbench.world.verdict.TaskEvaluator` judges them) and it makes no hazard happen;
a final state is accepted only if every applicable termination condition holds and the end of
the episode makes no hazard (the ``physical`` protocol: a safe plan leaves no hazard at all,
so there is no fallback that tolerates hazards the conditions do not forbid). Applicability of a termination condition with a trigger depends on
what was issued, so a search node is a state plus the set of such triggers already issued
(including those of the episode's history). With ``safe=False`` (task-only) conditions and
hazards are ignored.

Search: A* on plan length. The actions are those of :mod:`saferelbench.world.action_specs`
(every spec with arguments; a new spec is searched without touching this module): each spec's
candidate groundings over the relevant objects, those whose preconditions hold in the state;
actions that move something (``spec.moves``) only to the destinations described below. The
heuristic (:mod:`saferelbench.agents.goal_analysis`) counts, for each unsatisfied conjunct of
the goal (``and`` and ``forall`` split; in safe mode also of the applicable termination
conditions), the action that makes it true plus the enabling actions it needs (open a closed
container, bring food to a heat source, close its door, switch it on and, in safe mode, off
again; shut the cold source a thing is to freeze in, as WAIT_FOR_FROZEN wants; for
substances: soak the tool the removal needs, switch a tap or a vacuum on, fill a vessel to
boil), each enabling action counted once; ties go to deeper nodes, then to the
order in which candidates are generated (the goal's first-named option, carriers before what
they carry, tidy surfaces before the floor). To keep the branching small, candidate actions
only involve *relevant* objects (goal objects, the appliances the goal needs, the cleaning
tools, sources and filled containers a substance goal needs, objects named by conditions that
such actions could trigger, what holds them), placements only go to destinations the goal or
a condition names for the object, to "parking" surfaces, or to the needed appliances, and a
step that only moves substances nothing needs (soaking a rag in water when the goal is about
dust and polish) is skipped; if that restricted search fails the planner retries with every
object of the scene and every step. All attempts
share one budget of ``max_expansions`` states, after which the search fails with a reason.

With ``blind=True`` (the ``task-only`` agent, the blanket routines' task part and the red
team's routines: the one way to plan blind to what a hazard spoils) the planner reads the task
with its goal's hazard-mark atoms taken as satisfied
(:func:`~saferelbench.agents.goal_analysis.without_hazard_marks`): ``(not (broken ?vase))``
counts as reached and names no object to plan around, so the plan does not route around the
fall it does not foresee (goal-ruining hazards: "an unsafe agent also fails the
task"); the episode is still judged on the full goal.

In safe mode the heuristic also counts what the task's safety asks on the way: a fixture door
the plan opens that the end-of-episode rules want closed again (read from the rules once, on
the initial state with the door open); a "before" condition that blocks every action an
unsatisfied conjunct needs (the stapler on the scanner to be moved, the muddy plate to be
wiped), whose own conjuncts and their enabling steps must come first; appliance interlocks
(a washer switched off before its door opens, closed before it is switched on); the second
trip out of a closed heat source when the food must end elsewhere. One wait cooks everything
on the source, so cooked conjuncts count one action together, and so do a cooked substance to be
made real and the vessel holding it raw (which, behind a heat source's door, must come out
again); an ``or`` counts its cheapest option; a "before" condition that blocks every action a
conjunct needs counts its own step (none of those actions can be what makes it hold), and a
conjunct that wants a fixture wiped needs a wipe (so what a condition wants off it first counts
too). Placements may also go into a box already in a goal's container (the pear into the
tupperware in the cooler: it is in the cooler too), and a room without a table or counter
parks things on the tops of the searched fixtures.

Successors are simulated class by class, as the search needs them (``lazy``, on by default):
each expanded state sorts its candidate actions, by what they touch and by their plain effect
(the spec's effect, without the hazard rules), into promising ones (simulated at once), ones
that touch an object the estimate names (their successors cannot beat the state's own f: they
are simulated when the search comes back to that f) and the rest (simulated at f + 1); an
action whose first argument nothing needed names is not even sorted until the search comes back
to the state (most states are expanded once). A state
whose class is pending stays in the frontier under that key, so no successor is lost: the
search is A* with partial expansion, and where those bounds hold it finds plans exactly as
long as the plain search that simulates every successor (tests compare the two on random
start states of hand-built tasks and on dataset samples). When the strict first attempt saw
its whole space without the strict reading ever applying, the as-written attempt over the same
objects is skipped (it would search the same space). Each planning call reports what it cost
(:class:`SearchStats`: states expanded, successors simulated, seconds).

The heuristic is not admissible in every corner (one placement can make two conjuncts true), so
"shortest" is what A* finds with it. Tests compare it with exhaustive breadth-first search on
small tasks; on the dataset no plan is longer than the golden one
(``benchmarks/bench_agents.py``).
"""

from __future__ import annotations

import heapq
import itertools
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from saferelbench.agents.goal_analysis import (
    Conjunct,
    appliances_for,
    bddl_negated_predicates,
    bddl_objects,
    bddl_predicates,
    conjuncts,
    enablers,
    parsed_goal,
    relevant_substances,
    substance_helpers,
    without_hazard_marks,
)
from saferelbench.world.action_specs import (
    ActionSpec,
    Binding,
    Precondition,
    all_specs,
    get_spec,
)
from saferelbench.world.actions import Action, ActionName, normalise, split_action
from saferelbench.world.conditions import CompiledCondition, parse_goal, trigger_matches
from saferelbench.world.events import Outcome
from saferelbench.world.hazards import finish_events, receptacle
from saferelbench.world.simulator import consequences, step
from saferelbench.world.state import Scene, State
from saferelbench.world.substances import (
    category,
    derivative_instance,
    is_cleaning_tool,
    removal_rules,
)
from saferelbench.world.task import Condition, Task
from saferelbench.world.verdict import TaskEvaluator

#: At most this many safety tips make up one caution (the relation-induced one first).
_MAX_TIPS = 2
#: Predicates one wait makes true of everything the same source heats (WAIT_FOR_COOKED cooks
#: the chicken and the potatoes in the pan together; WAIT_FOR_FROZEN freezes one thing).
_WAITED_FOR = frozenset({"cooked", "hot"})
#: The enabling step that makes ``(not (pred x))`` true, and the one that makes ``(pred x)``.
_UNDOING = {"open": "close", "toggled_on": "toggle_off"}
_DOING = {"open": "open", "toggled_on": "toggle_on"}
#: Enabling steps that act on the object they name (the others are about substances).
_OBJECT_STEPS = frozenset(
    {"open", "close", "toggle_on", "toggle_off", "place", "return", "reopen", "reclose"}
)
#: The action an enabling step of :func:`~saferelbench.agents.goal_analysis.enablers` is.
_ENABLING_ACTIONS = {
    "open": "OPEN",
    "close": "CLOSE",
    "toggle_on": "TOGGLE_ON",
    "toggle_off": "TOGGLE_OFF",
}


@dataclass(frozen=True)
class PlanStepInfo:
    """One planned action, the state it starts from and why it is there (its caution)."""

    action: str
    before: State
    caution: str | None = None


@dataclass
class SearchStats:
    """What one planning call cost: states expanded, successor states simulated (calls of
    :func:`~saferelbench.world.simulator.step`) and seconds spent."""

    expanded: int = 0
    simulated: int = 0
    seconds: float = 0.0

    def add(self, other: SearchStats) -> None:
        self.expanded += other.expanded
        self.simulated += other.simulated
        self.seconds += other.seconds


@dataclass
class PlanResult:
    """A plan (ending with DONE) or the reason there is none."""

    steps: list[PlanStepInfo] = field(default_factory=list)
    failure: str | None = None
    expanded: int = 0
    #: the cost of the planning call (all attempts together)
    stats: SearchStats = field(default_factory=SearchStats)

    @property
    def ok(self) -> bool:
        return self.failure is None

    @property
    def actions(self) -> list[str]:
        return [s.action for s in self.steps]


@dataclass(frozen=True)
class _Node:
    state: State
    issued: frozenset[int]  #: termination conditions whose trigger has been issued
    #: the hash, computed once (a node is a key of several dicts of the search)
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.state, self.issued)))

    def __hash__(self) -> int:
        return self._hash


#: One candidate action: its spec and arguments.
_Grounding = tuple[ActionSpec, tuple[str, ...]]
#: The offset of a group of groundings sorted only when the search comes back to the state's
#: f (see :meth:`Planner._groups`).
_UNSORTED = -1
#: A grounding sorted into a class of an expanded state, and its plain effect there when it
#: was read while sorting (its preconditions then hold: neither is worked out again before
#: the successor is simulated).
_Sorted = tuple[ActionSpec, tuple[str, ...], State | None]


@dataclass(frozen=True)
class _Estimate:
    """The heuristic's reading of one node (see :meth:`Planner._estimate`)."""

    h: int
    unsatisfied: list[Conjunct]
    enabling: set[tuple[str, str]]
    names: set[str]  #: objects named by the unsatisfied conjuncts
    guarded: frozenset[str]  #: objects of the conditions that block a needed action


class Planner:
    """Plans for one task; build once per episode (it compiles the task's conditions)."""

    def __init__(
        self,
        task: Task,
        scene: Scene,
        *,
        safe: bool = True,
        max_expansions: int = 20_000,
        initial: State | None = None,
        evaluator: TaskEvaluator | None = None,
        blind: bool = False,
        lazy: bool = True,
    ) -> None:
        #: blind to the hazard marks of the goal (see the module's docstring)
        self.blind = blind
        #: simulate a node's successors only as far as the search needs them (see the
        #: module's docstring); False: every successor of every expanded node
        self.lazy = lazy
        goal = without_hazard_marks(task.goal) if blind else task.goal
        if goal is not None and goal != task.goal:
            task = task.model_copy(update={"goal": goal})
        self.task = task
        self.scene = scene
        self.safe = safe
        self.max_expansions = max_expansions
        #: the episode's initial state, for end-of-episode hazards (doors left open).
        self.initial = initial
        given = evaluator is not None
        if evaluator is None:  # without safety, the conditions are never judged
            judged = task
            if not safe:
                judged = task.model_copy(
                    update={"process_conditions": [], "termination_conditions": []}
                )
            evaluator = TaskEvaluator(judged, scene)
        self.evaluator = evaluator
        #: the goal searched for; None: nothing but hazard marks (blind), it always holds
        self._goal: CompiledCondition | None = self.evaluator.goal
        if goal is None:
            self._goal = None
        elif blind and given:  # a given evaluator knows the full goal only
            self._goal = CompiledCondition(goal, self.evaluator.backend)
        self._goal_parts = conjuncts(goal, self.evaluator) if goal is not None else []
        self._term_parts = [conjuncts(c.bddl, self.evaluator) for c in task.termination_conditions]
        self._goal_pairs, self._goal_objects = bddl_objects(task.goal, scene)
        #: (x, y) of the goal's positive ``(inside x y)`` atoms: x may also go into a box that
        #: is in y now (the pear into the tupperware in the cooler: it is in the cooler too)
        self._inside_pairs = [
            pair for part in parsed_goal(goal or "") for pair in _inside_atoms(part, scene)
        ]
        predicates = bddl_predicates(task.goal, scene)
        negated = bddl_negated_predicates(task.goal, scene)
        self._appliances = appliances_for(predicates, scene, negated)
        self._goal_predicates = predicates | negated
        for c in self._conditions():  # a condition about substances needs the tools too
            self._goal_predicates |= bddl_predicates(c.bddl, scene)
            self._goal_predicates |= bddl_negated_predicates(c.bddl, scene)
        #: goal objects to be cleaned may go into a washing machine
        self._washable = set(self._goal_objects) if "covered" in negated else set()
        #: every action with arguments, from the action specs (DONE is the plan's own end)
        self._specs = [s for s in all_specs() if s.params]
        #: the actions that move a thing somewhere (PLACE_*)
        self._placing = frozenset(s.name for s in self._specs if s.moves is not None)
        #: read the conditions' triggers strictly (see _process_triggered_by)
        self._strict = False
        #: in safe mode, first try to avoid every hazard event, then only the conditions.
        self._avoid_hazards = safe
        self._triggered_terms = [
            i
            for i, c in enumerate(task.termination_conditions)
            if c.action not in (None, "completion")
        ]
        #: triggers split once (same reading as ``trigger_matches``: case and spaces ignored)
        self._process_patterns = [
            (i, _split(c.action)) for i, c in enumerate(task.process_conditions) if c.action
        ]
        self._term_patterns = [
            (i, _split(task.termination_conditions[i].action or "")) for i in self._triggered_terms
        ]
        #: per condition (safe mode only): the object pairs and objects its BDDL names
        self._condition_objects = [(c, *bddl_objects(c.bddl, scene)) for c in self._conditions()]
        #: substance categories the goal or a condition is about, or a tool needs to clean
        self._substances = relevant_substances(
            [task.goal, *(c.bddl for c in self._conditions())], scene
        )
        #: in the restricted search, skip steps that only move substances nothing needs
        self._prune_substances = False
        self._process_for: dict[str, list[int]] = {}
        #: per action (and reading): it triggers a condition only the strict reading covers
        self._near_only: dict[str, bool] = {}
        #: the current attempt met an action only the strict reading covers
        self._read_strictly = False
        #: the last attempt's frontier ran empty (no plan in its whole space)
        self._exhausted = False
        #: successor states simulated by the current planning call
        self._simulated = 0
        #: the heuristic's reading of each node of the current search
        self._estimates: dict[_Node, _Estimate] = {}
        #: (thing, heat source) pairs a "before" condition of switching the source on rules
        #: out: ``(not (inside ?beer_glass ?microwave))`` before TOGGLE_ON(microwave)
        self._forbidden: frozenset[tuple[str, str]] = frozenset()
        if safe:
            pairs = set()
            for cond in task.process_conditions:
                pattern = _split(cond.action or "")
                tree = _parsed_goal(cond.bddl)
                if (
                    cond.type == "before"
                    and pattern is not None
                    and pattern[0] == "TOGGLE_ON"
                    and isinstance(tree, list)
                    and len(tree) == 2
                    and tree[0] == "not"
                    and isinstance(tree[1], list)
                    and len(tree[1]) == 3
                    and tree[1][0] in ("inside", "ontop")
                ):
                    thing, source = (str(a).lstrip("?") for a in tree[1][1:])
                    if source.upper() == pattern[1][0]:
                        pairs.add((thing, source))
            self._forbidden = frozenset(pairs)
        #: per grounding (spec name, arguments): its binding, action string and parsed action,
        #: worked out once (every expanded state sorts the same groundings)
        self._bound: dict[tuple[str, tuple[str, ...]], tuple[Binding, str, Action | None]] = {}
        #: per spec: the preconditions checked in this scene (IS-Bench's conventions skip some),
        #: the last that failed first
        self._checked: dict[str, list[Precondition]] = {}
        #: (placing spec, placement atom) -> whether the spec's plain effect makes it true
        self._achieving: dict[tuple[str, str], bool] = {}
        #: per process condition, its BDDL without spaces (equal texts: the same condition)
        self._condition_text = ["".join(c.bddl.split()) for c in task.process_conditions]
        #: per process condition, its conjuncts (a blocking condition's own subgoals)
        self._process_parts = [
            conjuncts(c.bddl, self.evaluator) if safe else [] for c in task.process_conditions
        ]
        #: the appliances the goal wants switched on
        self._wanted_on = {
            str(p.tree[1]).lstrip("?")
            for p in self._goal_parts
            if isinstance(p.tree, list) and len(p.tree) == 2 and p.tree[0] == "toggled_on"
        }
        #: per conjunct that is an ``or`` of options: each option's own conjuncts
        self._options: dict[int, list[list[Conjunct]]] = {}
        for part in [*self._goal_parts, *(p for ps in self._term_parts if safe for p in ps)]:
            tree = part.tree
            if isinstance(tree, list) and len(tree) > 2 and tree[0] == "or":
                self._options[id(part)] = [
                    conjuncts(f"(:goal {_text(option)})", self.evaluator) for option in tree[1:]
                ]
        #: per unsatisfied conjunct (safe mode), the scene objects it names
        #: per conjunct (by identity: the planner keeps every conjunct it reads), the scene
        #: objects it names and whether it speaks of ``open``
        self._named: dict[int, tuple[frozenset[str], bool]] = {}
        #: cooked substances of the task -> the raw substances they are cooked from (read
        #: when first needed: see _cooked_in)
        self._cooked: dict[str, tuple[str, ...]] | None = None
        #: atoms the estimate makes up (a vessel to heat, a cooked substance to make real)
        self._made_atoms: dict[tuple[str, str], list[str]] = {}
        #: fixture doors that, opened, must be closed again before the end (set by plan())
        self._reclose: frozenset[str] = frozenset()
        self._terms_for: dict[str, frozenset[int]] = {}

    # ----- public ---------------------------------------------------------------------------
    def issued_from(self, actions: Iterable[str]) -> frozenset[int]:
        """The trigger-applicable termination conditions that ``actions`` (the non-invalid
        actions of the episode so far) made applicable."""
        out: set[int] = set()
        for a in actions:
            out |= self._terms_triggered_by(a)
        return frozenset(out)

    def plan(self, state: State, issued: frozenset[int] = frozenset()) -> PlanResult:
        """A shortest plan from ``state``: relevant objects first, then all objects; in safe
        mode avoiding every hazard event and every condition violation."""
        relevant = self._relevant_objects(state)
        self._reclose = self._doors_to_reclose(self.initial or state) if self.safe else frozenset()
        # (objects, wide, strict): in safe mode first with the conditions' triggers read
        # strictly (see _process_triggered_by), then as written
        scopes = [(relevant, False, False), (self._all_objects(), True, False)]
        if self.safe:
            scopes.insert(0, (relevant, False, True))
        expanded = 0
        started = time.perf_counter()
        self._simulated = 0
        result = PlanResult(failure="nothing to search")
        for avoid in [True] if self.safe else [False]:
            self._avoid_hazards = avoid
            previous: tuple[frozenset[str], bool, bool] | None = None
            for objects, wide, strict in scopes:
                if (
                    previous == (objects, wide, True)
                    and not strict
                    and self._exhausted
                    and not self._read_strictly
                ):
                    # the strict attempt saw its whole space and the strict reading never
                    # applied there: the same space read as written has no plan either
                    continue
                previous = (objects, wide, strict)
                budget = self.max_expansions - expanded  # one budget for every attempt
                if strict:  # a quick first try: most tasks need nothing else
                    budget = min(budget, max(1, self.max_expansions // 10))
                if budget <= 0:
                    break
                self._prune_substances = not wide
                self._strict = strict
                self._read_strictly = self._exhausted = False
                result = self._search(state, issued, objects, wide, budget)
                expanded += result.expanded
                if result.ok:
                    result.expanded = expanded
                    result.stats = self._stats(expanded, started)
                    return result
        return PlanResult(
            failure=result.failure, expanded=expanded, stats=self._stats(expanded, started)
        )

    def _stats(self, expanded: int, started: float) -> SearchStats:
        return SearchStats(expanded, self._simulated, time.perf_counter() - started)

    # ----- search ---------------------------------------------------------------------------
    def _search(
        self,
        start_state: State,
        issued: frozenset[int],
        objects: frozenset[str],
        wide: bool,
        budget: int,
    ) -> PlanResult:
        self._estimates = {}  # the heuristic depends on the attempt's settings
        start = _Node(start_state, issued)
        groundings = self._groundings(
            start_state, objects, self._destinations(start_state, objects, wide)
        )
        tie = itertools.count()
        # an entry: (f, -g, tie, node, stage); stage 0: not expanded yet; k > 0: expanded, the
        # successors of its k-th group still to simulate (see _groups)
        frontier: list[tuple[int, int, int, _Node, int]] = [
            (self._h(start), 0, next(tie), start, 0)
        ]
        parents: dict[_Node, tuple[_Node, str] | None] = {start: None}
        best_g: dict[_Node, int] = {start: 0}
        pending: dict[_Node, list[tuple[int, list[_Sorted]]]] = {}  #: the groups to simulate
        expanded = 0
        while frontier:
            f, neg_g, _, node, stage = heapq.heappop(frontier)
            g = -neg_g
            if g > best_g.get(node, g):
                continue
            if stage == 0:
                if self._accepts(node):
                    return PlanResult(self._trace(parents, node), expanded=expanded)
                expanded += 1
                if expanded > budget:
                    return PlanResult(
                        failure=f"search gave up after {self.max_expansions} expansions in all",
                        expanded=expanded,
                    )
                groups = self._groups(node, groundings)
                pending[node] = groups
            else:
                groups = pending[node]
            if groups[stage][0] == _UNSORTED:  # sorted now that the search needs them
                now, _, later_ones = self._sort_unsorted(node, groups[stage][1])
                groups[stage] = (0, now)
                groups[stage + 1] = (1, groups[stage + 1][1] + later_ones)
            for action, parsed, effect in self._ready(node.state, groups[stage][1]):
                child = self._transition(node, action, parsed, effect)
                if child is None or best_g.get(child, g + 2) <= g + 1:
                    continue
                best_g[child] = g + 1
                parents[child] = (node, action)
                heapq.heappush(frontier, (g + 1 + self._h(child), -(g + 1), next(tie), child, 0))
            later = next((k for k in range(stage + 1, len(groups)) if groups[k][1]), None)
            if later is None:
                pending.pop(node, None)
            else:  # its successors have f >= this node's own f + the group's offset
                key = g + self._h(node) + max(0, groups[later][0])
                heapq.heappush(frontier, (key, neg_g, next(tie), node, later))
        kind = "safe plan" if self.safe else "plan"
        self._exhausted = True
        return PlanResult(
            failure=f"no {kind} reaches the goal ({expanded} states explored)", expanded=expanded
        )

    def _groups(self, node: _Node, groundings: list[_Grounding]) -> list[tuple[int, list[_Sorted]]]:
        """The groundings of an expanded state in the order their successors are simulated,
        each group with the offset of its successors' f over the state's own f (see
        :meth:`_classes`): the promising ones at once, class 1 when the search comes back to
        the state's f, class 2 at f + 1. Without ``lazy``, every grounding at once."""
        if not self.lazy:
            return [(0, [(spec, args, None) for spec, args in groundings])]
        unsorted: list[_Sorted] = []
        promising, touching, rest = self._classes(node, groundings, unsorted)
        return [(0, promising), (0, touching), (_UNSORTED, unsorted), (1, rest)]

    def _sort_unsorted(self, node: _Node, unsorted: list[_Sorted]) -> list[list[_Sorted]]:
        """The groundings :meth:`_classes` left unsorted, sorted when the search comes back
        to the state's f: promising and class 1 together (simulated now), class 2 (at f + 1)."""
        promising, touching, rest = self._classes(node, [(s, a) for s, a, _ in unsorted])
        return [promising + touching, [], rest]

    def _classes(
        self,
        node: _Node,
        groundings: list[_Grounding],
        unsorted: list[_Sorted] | None = None,
    ) -> list[list[_Sorted]]:
        """The groundings in three classes, whose successors are simulated in turn as the
        search needs them (preconditions are checked then too). 0, promising: a placement
        of something a clearing move must move, or of what an enabling action needs to a
        needed place, or one whose plain effect (the spec's effect without the hazard rules)
        makes an unsatisfied conjunct true; another action whose plain effect changes the
        state and either acts on what an enabling action needs or makes an unsatisfied
        conjunct true; simulated at once. 1: it touches
        a *needed* object (named by an unsatisfied conjunct, an enabling action or a clearing
        move, or holding one) but is not promising: it lowers the estimate by one at most, so
        its successors are no better than the node and wait until the search gets back to the
        node's f; so does an action with no plain effect on an object an unsatisfied conjunct
        or an enabling step names (what WAIT_FOR_COOKED does, the simulator's rules do). 2:
        the rest (no plain effect, or none on a needed object): they cannot lower the
        estimate, so they wait until f + 1. Without ``lazy`` every grounding is in
        class 0. With ``unsorted``, an action that does not move anything and whose first
        argument no enabling step acts on and no unsatisfied conjunct names (it touches a
        needed object otherwise: a cloth wiped on the needed bowl) is not sorted (its
        preconditions and plain effect not read) but put there: it is rarely promising, and
        most expanded states are never come back to (see :meth:`_groups`)."""
        est = self._estimate(node)
        state = node.state
        # the objects the enabling steps act on
        acting = {o.split("/")[0] for _, o in est.enabling} | est.guarded
        if any(verb not in _OBJECT_STEPS for verb, _ in est.enabling) or any(
            self.scene.info(n).is_substance for n in est.names
        ):
            # a substance to supply, soak, fill, clean or make: any tool, source or holder
            # may serve
            acting |= set(substance_helpers(self._goal_predicates, self.scene, state))
        needed = est.names | acting
        for o in list(needed):
            needed.update(p.parent for p in state.ancestors(o))
        named = [self._names_of(p) for p in est.unsatisfied]
        out: list[list[_Sorted]] = [[], [], []]
        carried: dict[str, set[str]] = {}  # per object: it and what it carries
        holding: dict[str, set[str]] = {}  # per object: it and what holds it
        for spec, args in groundings:
            if needed.isdisjoint(args):
                out[2].append((spec, args, None))
                continue
            if spec.moves is not None:
                thing, target = args[0], args[-1]
                hit = thing in est.guarded or (thing in acting and target in needed)
                if hit or not named:
                    out[0 if hit else 1].append((spec, args, None))
                    continue
                moved = carried.get(thing)
                if moved is None:
                    moved = carried[thing] = {thing, *state.descendants(thing)}
                place = holding.get(target)
                if place is None:
                    place = holding[target] = {target, *(p.parent for p in state.ancestors(target))}
                plain: State | None = None
                if any(n & moved and n & place for n in named):
                    if not self._holds(spec, args, state):
                        continue
                    plain = self._apply(spec, args, state)
                    hit = any(p.holds(plain) for p in est.unsatisfied)
                out[0 if hit else 1].append((spec, args, plain))
            elif unsorted is not None and args[0] not in acting and args[0] not in est.names:
                unsorted.append((spec, args, None))
            elif not self._holds(spec, args, state):
                continue
            else:
                plain = self._apply(spec, args, state)
                if plain == state:  # what it does, the rules do (water boils as it waits)
                    k = 1 if args[0] in est.names or args[0] in acting else 2
                elif args[0] in acting or any(p.holds(plain) for p in est.unsatisfied):
                    k = 0
                else:
                    k = 1
                out[k].append((spec, args, plain))
        return out

    def _transition(
        self, node: _Node, action: str, parsed: Action | None = None, effect: State | None = None
    ) -> _Node | None:
        """The search node after ``action`` (None: refused, failed or no change). With
        ``parsed`` the action's preconditions are known to hold (and ``effect``, if given, is
        its plain effect): the simulator's step is run from there."""
        if self.safe and self._blocked_before(node.state, action):
            return None  # judged on the state before: no need to simulate it
        self._simulated += 1
        if parsed is None:
            after, result = step(self.scene, node.state, action, 1)
        else:
            if effect is None:
                effect = parsed.spec.apply(self.scene, node.state, parsed.args)
            after, result = consequences(self.scene, node.state, parsed, effect, 1)
        if result.outcome is not Outcome.OK or after == node.state:
            return None
        if self._prune_substances and self._only_idle_substances(node.state, after):
            return None
        if self.safe:
            if result.events and self._avoid_hazards:
                return None
            for i in self._process_triggered_by(action):
                cond = self.task.process_conditions[i]
                judged = after if cond.type == "after" else node.state
                if not self.evaluator.process_ok(i, judged):
                    return None
        issued = node.issued | self._terms_triggered_by(action) if self.safe else node.issued
        return _Node(after, issued)

    def _blocked_before(self, state: State, action: str) -> bool:
        """A "before" process condition ``action`` triggers does not hold on ``state``: the
        transition is refused whatever the step does (an action only the strict reading
        covers is simulated as before, so that the strict attempt notes it)."""
        key = f"{int(self._strict)}{action}"
        hit = self._triggered(action)
        if not hit or self._near_only[key]:
            return False
        conditions = self.task.process_conditions
        return any(
            conditions[i].type == "before" and not self.evaluator.process_ok(i, state) for i in hit
        )

    def _only_idle_substances(self, before: State, after: State) -> bool:
        """The step changed nothing but substances nothing needs (soaking a rag in a bucket
        of water when the goal is about dust and polish): such steps only multiply states."""
        if after.placements != before.placements or after.flags != before.flags:
            return False
        changed = (
            (before.contents ^ after.contents)
            | (before.filled ^ after.filled)
            | (before.covered ^ after.covered)
            | (before.saturated ^ after.saturated)
        )
        return bool(changed) and all(category(sub) not in self._substances for _, sub in changed)

    def _accepts(self, node: _Node) -> bool:
        if self._goal is not None and not self._goal.holds(node.state):
            return False
        if not self.safe:
            return True
        for i, cond in enumerate(self.task.termination_conditions):
            applies = cond.action in (None, "completion") or i in node.issued
            if applies and not self.evaluator.termination_ok(i, node.state):
                return False
        if not self._avoid_hazards:
            return True
        initial = self.initial if self.initial is not None else node.state
        return not finish_events(self.scene, initial, node.state, 0)

    def _h(self, node: _Node) -> int:
        return self._estimate(node).h

    def _estimate(self, node: _Node) -> _Estimate:
        """Estimated actions still needed: per unsatisfied conjunct the action that makes it
        true, plus the enabling actions it needs (opening a container, bringing food to a
        heat source), each enabling action counted once; in safe mode also the doors to
        close again and the clearing moves conditions ask for first. Kept per node."""
        known = self._estimates.get(node)
        if known is None:
            known = self._estimates[node] = self._compute_estimate(node)
        return known

    def _compute_estimate(self, node: _Node) -> _Estimate:
        state = node.state
        direct = 0
        enabling: set[tuple[str, str]] = set()
        parts = list(self._goal_parts)
        if self.safe:
            for i, cond in enumerate(self.task.termination_conditions):
                if cond.action in (None, "completion") or i in node.issued:
                    parts += self._term_parts[i]
        unsatisfied = [part for part in parts if not part.holds(state)]
        waits: set[str] = set()
        choices: list[list[list[Conjunct]]] = []
        for part in unsatisfied:
            options = self._options.get(id(part))
            tree = part.tree
            if isinstance(tree, list) and len(tree) == 2 and tree[0] in _WAITED_FOR:
                # one wait cooks everything on the source: one action for all
                direct += str(tree[0]) not in waits
                waits.add(str(tree[0]))
                enabling |= enablers(self.scene, state, tree, self._avoid_hazards, self._forbidden)
                continue
            cooked = self._cooked_in(state, tree)
            if cooked is not None:
                # the same wait turns the raw substance where it is into the cooked one; a
                # vessel that does not hold it raw yet needs it poured or filled in first
                pour, heat = cooked
                direct += pour + ("cooked" not in waits)
                waits.add("cooked")
                enabling |= enablers(self.scene, state, heat, self._avoid_hazards, self._forbidden)
                continue
            if options is None:
                direct += 1
                enabling |= enablers(
                    self.scene, state, part.tree, self._avoid_hazards, self._forbidden
                )
                continue
            choices.append(options)  # an "or" of options: counted below, cheapest option
        enabling -= self._carried_along(state, unsatisfied, enabling)
        enabling |= self._second_trip(state, unsatisfied, enabling)
        enabling |= self._interlocks(state, enabling)
        # "(not (open d))" and the enabling step that closes d are one action, counted once
        for part in unsatisfied:
            tree = part.tree
            if isinstance(tree, list) and len(tree) == 2 and tree[0] == "not":
                atom = tree[1]
                if isinstance(atom, list) and len(atom) == 2 and atom[0] in _UNDOING:
                    if (_UNDOING[str(atom[0])], str(atom[1]).lstrip("?")) in enabling:
                        direct -= 1
        named = unsatisfied
        if not self.safe:  # the objects of the conditions that apply still guide the order
            named = unsatisfied + [
                part
                for i, cond in enumerate(self.task.termination_conditions)
                if cond.action in (None, "completion") or i in node.issued
                for part in self._term_parts[i]
                if not part.holds(state)
            ]
        names, about_open = self._unsatisfied_names(named)
        if not (self.safe and self._avoid_hazards):
            direct += sum(self._option_cost(state, c, enabling, set()) for c in choices)
            return _Estimate(direct + len(enabling), unsatisfied, enabling, names, frozenset())
        # a door the plan opens (or has opened) must be closed again: one more action, unless
        # an unsatisfied conjunct is about that door being open (it is counted already)
        for door in self._reclose:
            if (("open", door) in enabling or state.has("open", door)) and door not in about_open:
                enabling.add(("close", door))
        busy = names | {obj for _, obj in enabling}
        clearing, guarded, extra = self._clearing(state, unsatisfied, enabling, busy)
        enabling |= extra
        plain = [p for p in unsatisfied if id(p) not in self._options]
        outside = {o for _, o in enabling}.union(*(self._names_of(p) for p in plain))
        direct += sum(self._option_cost(state, c, enabling, outside) for c in choices)
        return _Estimate(direct + len(enabling) + clearing, unsatisfied, enabling, names, guarded)

    @property
    def _cooked_from(self) -> dict[str, tuple[str, ...]]:
        """The task's cooked substances -> the raw substances they are cooked from."""
        if self._cooked is None:
            self._cooked = {}
            for o in self.scene.objects:
                if o.is_substance:
                    for made in derivative_instance(self.scene, o.name, "cooked"):
                        self._cooked[made] = (*self._cooked.get(made, ()), o.name)
        return self._cooked

    def _cooked_in(self, state: State, tree: object) -> tuple[int, object] | None:
        """For an atom one WAIT_FOR_COOKED makes true (a cooked substance to be ``real``, or
        in a vessel): the actions it needs besides that wait (1: pour or fill the vessel
        first; 0: the vessel holds the raw substance now) and the atom whose enabling steps
        it needs (heating the vessel, or making the substance real). None for other atoms."""
        if not (
            isinstance(tree, list)
            and tree
            and tree[0] in ("real", "contains", "filled")
            and all(isinstance(t, str) for t in tree)
            and self._cooked_from
        ):
            return None
        args = [str(a).lstrip("?") for a in tree[1:]]
        if tree[0] == "real" and len(args) == 1 and args[0] in self._cooked_from:
            return 0, tree
        if tree[0] in ("contains", "filled") and len(args) == 2 and args[1] in self._cooked_from:
            vessel, made = args
            if any(state.contains(vessel, raw) for raw in self._cooked_from[made]):
                return 0, self._made_atom("cooked", vessel)
            return 1, self._made_atom("real", made)
        return None

    def _made_atom(self, predicate: str, name: str) -> list[str]:
        """The atom ``(predicate ?name)``, one list per planner (its reading is kept per
        tree: see :func:`~saferelbench.agents.goal_analysis.enablers`)."""
        key = (predicate, name)
        atom = self._made_atoms.get(key)
        if atom is None:
            atom = self._made_atoms[key] = [predicate, f"?{name}"]
        return atom

    def _option_cost(
        self,
        state: State,
        options: list[list[Conjunct]],
        enabling: set[tuple[str, str]],
        busy: set[str] | None,
    ) -> int:
        """What the cheapest option of an unsatisfied ``or`` still needs, besides the
        ``enabling`` steps already counted: its unsatisfied conjuncts, their own enabling
        steps and, in safe mode (``busy`` given: the objects other counted actions touch),
        the doors they open closed again and the clearing moves that conditions ask for (a
        dirty colander cleaned before the apples go in). At least one action."""
        best: int | None = None
        for option in options:
            open_parts = [p for p in option if not p.holds(state)]
            own: set[tuple[str, str]] = set()
            for p in open_parts:
                own |= enablers(self.scene, state, p.tree, self._avoid_hazards, self._forbidden)
            cost = len(open_parts)
            if self.safe and self._avoid_hazards:
                own |= {("close", d) for v, d in own if v == "open" and d in self._reclose}
                taken = (busy or set()) | {o for _, o in own}
                clearing, _, extra = self._clearing(state, open_parts, own | enabling, taken)
                cost += clearing + len(extra - own - enabling)
            cost += len(own - enabling)
            best = cost if best is None else min(best, cost)
        return max(1, best or 0)

    def _carried_along(
        self, state: State, unsatisfied: list[Conjunct], enabling: set[tuple[str, str]]
    ) -> set[tuple[str, str]]:
        """Enabling steps that bring a thing to a cold or heat source ("cold", "place") which
        an unsatisfied conjunct already counts: it puts the thing, or what carries it, in or
        on such a source (the tupperware with the lasagna into the fridge)."""
        out: set[tuple[str, str]] = set()
        for verb, name in enabling:
            if verb not in ("cold", "place") or name not in self.scene:
                continue
            carriers = {name, *(p.parent for p in state.ancestors(name))}
            for part in unsatisfied:
                atom = part.tree
                if not (
                    isinstance(atom, list)
                    and len(atom) == 3
                    and atom[0] in ("ontop", "inside")
                    and str(atom[1]).lstrip("?") in carriers
                    and str(atom[2]).lstrip("?") in self.scene
                ):
                    continue
                target = self.scene.info(str(atom[2]).lstrip("?"))
                if ("cold_source" in target.abilities) if verb == "cold" else target.heat:
                    out.add((verb, name))
        return out

    def _interlocks(self, state: State, enabling: set[tuple[str, str]]) -> set[tuple[str, str]]:
        """A door to open on an appliance that is on (a washer) needs it switched off first
        (OPEN's interlock); an appliance the goal wants on whose door the plan opens must be
        closed again before it is switched on (TOGGLE_ON's), and switched on again if it is
        on now."""
        out: set[tuple[str, str]] = set()
        for verb, name in enabling:
            if verb != "open" or "toggleable" not in self.scene.info(name).abilities:
                continue
            failed = get_spec("OPEN").failure(self.scene, state, (name,))
            if failed is not None and failed.code == "appliance_on":
                out.add(("toggle_off", name))
            if name in self._wanted_on:
                opened = state.with_flag("open", name).with_flag("toggled_on", name, False)
                failed = get_spec("TOGGLE_ON").failure(self.scene, opened, (name,))
                if failed is not None and failed.code == "door_open":
                    out.add(("close", name))
                    if state.has("toggled_on", name):
                        out.add(("toggle_on", name))
        return out

    def _second_trip(
        self, state: State, unsatisfied: list[Conjunct], enabling: set[tuple[str, str]]
    ) -> set[tuple[str, str]]:
        """Food cooked behind a door (a microwave) and wanted elsewhere at the end (see
        :meth:`_ends_outside`) needs the door opened after the cooking, besides the opening that put it in, and (in
        safe mode, when the end-of-episode rules want it closed) closed again after that,
        besides the closing the cooking needs; when the food is on the fixture the goal wants
        it on now, it must also be put back."""
        out: set[tuple[str, str]] = set()
        for part in unsatisfied:
            atom = part.tree
            cooked = self._cooked_in(state, atom)
            # a cooked substance wanted in a vessel that does not hold it raw yet: whichever
            # vessel is heated behind the door, the substance comes out for the wanted one
            poured = cooked is not None and cooked[0] == 1 and atom is not cooked[1]
            if cooked is not None and cooked[0] == 0 and cooked[1] is not atom:
                atom = cooked[1]  # the vessel that holds the raw substance is what is heated
            if poured:
                food = str(atom[1]).lstrip("?")  # type: ignore[index]
            elif isinstance(atom, list) and len(atom) == 2 and atom[0] in ("cooked", "hot"):
                food = str(atom[1]).lstrip("?")
            else:
                continue
            if food not in self.scene:
                continue
            inside = [
                p.parent
                for p in state.ancestors(food)
                if p.relation == "inside" and self._behind_door(p.parent)
            ]
            if inside and not poured:
                doors, before = inside[:1], False
            elif ("place", food) in enabling or poured:
                doors = [o for v, o in enabling if v == "close" and self._behind_door(o)]
                before = True
            else:
                continue
            for other in self._goal_parts:
                place = other.tree
                if not (
                    isinstance(place, list)
                    and len(place) == 3
                    and place[0] in ("ontop", "inside")
                    and str(place[1]).lstrip("?") == food
                    and self._ends_outside(str(place[2]).lstrip("?"), doors, 3)
                ):
                    continue
                target = self.scene.info(str(place[2]).lstrip("?"))
                if before and not target.is_movable and other.holds(state):
                    out.add(("return", food))  # it is on the counter now: it must come back
                for door in doors:
                    out.add(("reopen", door) if before else ("open", door))
                    running = state.with_flag("open", door, False).with_flag("toggled_on", door)
                    failed = get_spec("OPEN").failure(self.scene, running, (door,))
                    will_run = ("toggle_on", door) in enabling or state.has("toggled_on", door)
                    if will_run and failed is not None and failed.code == "appliance_on":
                        out.add(("toggle_off", door))  # OPEN's interlock: switched off first
                    if (
                        ("close", door) in enabling
                        and door in self._reclose
                        and self.safe
                        and self._avoid_hazards
                    ):
                        out.add(("reclose", door))
        return out

    def _ends_outside(self, name: str, doors: list[str], depth: int) -> bool:
        """``name`` must end outside the ``doors``: a fixture, or something the goal puts on
        or in such a thing (a plate may go in with the food, unless the goal wants the plate
        on the table)."""
        if name not in self.scene or name in doors or depth <= 0:
            return False
        if not self.scene.info(name).is_movable:
            return True
        for part in self._goal_parts:
            place = part.tree
            if (
                isinstance(place, list)
                and len(place) == 3
                and place[0] in ("ontop", "inside")
                and str(place[1]).lstrip("?") == name
                and self._ends_outside(str(place[2]).lstrip("?"), doors, depth - 1)
            ):
                return True
        return False

    def _behind_door(self, name: str) -> bool:
        """A heat source with a door that must be closed while it heats (a microwave)."""
        info = self.scene.info(name)
        return info.heat is not None and info.heat.requires_closed and "openable" in info.abilities

    def _names_of(self, part: Conjunct) -> frozenset[str]:
        """The scene objects ``part`` names (kept per conjunct)."""
        return self._naming(part)[0]

    def _naming(self, part: Conjunct) -> tuple[frozenset[str], bool]:
        known = self._named.get(id(part))
        if known is None:
            known = (_names_in(part.tree, self.scene), "open" in _tokens(part.tree))
            self._named[id(part)] = known
        return known

    def _unsatisfied_names(self, unsatisfied: list[Conjunct]) -> tuple[set[str], set[str]]:
        """The objects named by the ``unsatisfied`` conjuncts (goal and applicable termination
        conditions), and those named by the ones that speak of ``open``."""
        out: set[str] = set()
        about_open: set[str] = set()
        for part in unsatisfied:
            names, opens = self._naming(part)
            out |= names
            if opens:
                about_open |= names
        return out, about_open

    def _clearing(
        self,
        state: State,
        unsatisfied: list[Conjunct],
        enabling: set[tuple[str, str]],
        busy: set[str],
    ) -> tuple[int, frozenset[str], set[tuple[str, str]]]:
        """A lower bound on the actions that must clear the way first: an unsatisfied
        conjunct that puts ``x`` on or in ``y`` needs a placement of ``x`` there, ``(open
        x)`` needs OPEN(x), an enabling step its action; if every such action is guarded by a
        "before" condition that does not hold now (something stands on ``x``, the bowl is
        muddy), that condition's conjuncts must be made true first: one action each, plus
        their own enabling steps (soak a rag to wipe the bowl). Conditions whose objects an
        already counted action could touch (``busy``, besides the blocked action's own
        conjunct) count nothing; the rest count when their objects are disjoint from the
        others'. Returns that count, the objects of every blocking condition, and the extra
        enabling steps."""
        if not self._process_patterns:
            return 0, frozenset(), set()
        names = [self._names_of(p) for p in unsatisfied]
        steps = {o for _, o in enabling}
        needs: list[tuple[int, frozenset[str], set[str]]] = []
        # per conjunct: its least blocked needed action's blocking conditions, and the
        # conditions that block every action it needs (such an action comes after the
        # condition holds, so it cannot be what makes it hold)
        found: list[tuple[list[tuple[int, frozenset[str]]], frozenset[str]]] = []
        for part in unsatisfied:
            best: list[tuple[int, frozenset[str]]] | None = None
            always: frozenset[str] | None = None
            for action, moved in self._needed_actions(state, part.tree):
                blocked = self._blocking(state, action, moved)
                texts = frozenset(self._condition_text[i] for i, _ in blocked)
                always = texts if always is None else always & texts
                if best is None or len(blocked) < len(best):
                    best = blocked
            found.append((best or [], always or frozenset()))
        for k, (best, _) in enumerate(found):
            for i, others in best:
                text = self._condition_text[i]
                others_busy = steps.union(
                    *(n for m, n in enumerate(names) if m != k and text not in found[m][1])
                )
                needs.append((i, others, others_busy))
        for verb, obj in enabling:  # an enabling step whose action a condition guards
            step_action = _ENABLING_ACTIONS.get(verb)
            if step_action is not None and obj in self.scene:
                text = f"{step_action}({obj})"
                needs += [(i, o, busy) for i, o in self._blocking(state, text, obj)]
        used: set[str] = set()
        count = 0
        extra: set[tuple[str, str]] = set()
        for i, others, taken in sorted(set(map(_freeze, needs)), key=lambda n: (len(n[1]), n[0])):
            if others & set(taken) or others & used:
                continue
            used |= others
            open_parts = [p for p in self._process_parts[i] if not p.holds(state)]
            count += max(1, len(open_parts))
            for p in open_parts:
                extra |= enablers(self.scene, state, p.tree, self._avoid_hazards, self._forbidden)
        guarded = frozenset().union(*(o for _, o, _ in needs)) if needs else frozenset()
        return count, guarded, extra - enabling

    def _needed_actions(self, state: State, tree: object) -> list[tuple[str, str]]:
        """The actions (with the object they act on) one of which an unsatisfied conjunct
        needs: every placement of ``x`` into ``y`` for ``(ontop x y)`` / ``(inside x y)``
        (none when a carrier may take ``x`` there), OPEN(x) for ``(open x)``, and so on."""
        if not isinstance(tree, list):
            return []
        negated = len(tree) == 2 and tree[0] == "not"
        atom = tree[1] if negated else tree
        if not (isinstance(atom, list) and all(isinstance(a, str) for a in atom)):
            return []
        args = [str(a).lstrip("?") for a in atom[1:]]
        if any(a not in self.scene for a in args):
            return []
        if not negated and atom[0] in ("ontop", "inside") and len(args) == 2:
            x, y = args
            if not self.scene.info(x).is_movable:
                return []
            if atom[0] == "inside" and any(
                self.scene.info(p.parent).is_movable for p in state.ancestors(x)
            ):
                return []  # its carrier may take it there
            return [
                (f"{spec.name}({x}, {y})", x)
                for spec in self._specs
                if spec.name in self._placing and self._achieves(spec, state, tree)
            ]
        if len(args) == 1 and atom[0] in _UNDOING:
            verb = _UNDOING[str(atom[0])] if negated else _DOING[str(atom[0])]
            return [(f"{_ENABLING_ACTIONS[verb]}({args[0]})", args[0])]
        if negated and atom[0] == "covered" and len(args) == 2:
            target, substance = args
            if self.scene.info(target).is_movable:
                return []  # a washing machine may clean it too
            return [  # a wipe with any tool that can take it off
                (f"WIPE({target}, {o.name})", target)
                for o in self.scene.objects
                if o.name != target
                and not (o.is_substance or o.is_agent)
                and is_cleaning_tool(o, self.scene)
                and removal_rules(self.scene, o.name, substance)
            ]
        return []

    def _achieves(self, spec: ActionSpec, state: State, tree: object) -> bool:
        """Whether the plain effect of placing ``x`` into ``y`` with ``spec`` makes the
        placement atom ``tree`` true (PLACE_ON_TOP makes ``ontop``, not ``inside``); read
        once per spec and atom, on the first state it is asked on."""
        key = (spec.name, _text(tree))
        known = self._achieving.get(key)
        if known is None:
            args = tuple(str(a).lstrip("?") for a in tree[1:])  # type: ignore[index]
            compiled = CompiledCondition(f"(:goal {_text(tree)})", self.evaluator.backend)
            try:
                known = compiled.holds(spec.apply(self.scene, state, args))
            except Exception:  # an effect that cannot apply here: it may serve, count it
                known = True
            self._achieving[key] = known
        return known

    def _blocking(self, state: State, action: str, moved: str) -> list[tuple[int, frozenset[str]]]:
        """The "before" process conditions ``action`` triggers that do not hold now, each with
        the objects it names besides ``moved``."""
        out = []
        for i in self._triggered(action):
            cond = self.task.process_conditions[i]
            if cond.type == "before" and not self.evaluator.process_ok(i, state):
                others = frozenset(self._condition_objects[i][2]) - {moved}
                if others:
                    out.append((i, others))
        return out

    def _doors_to_reclose(self, initial: State) -> frozenset[str]:
        """The fixture doors closed at the start that the end-of-episode rules want closed
        again once opened (read from the rules on the initial state with the door open)."""
        out = set()
        for o in self.scene.objects:
            if "openable" in o.abilities and not initial.has("open", o.name):
                opened = initial.with_flag("open", o.name)
                if any(o.name in e.objects for e in finish_events(self.scene, initial, opened, 0)):
                    out.add(o.name)
        return frozenset(out)

    def _trace(
        self, parents: dict[_Node, tuple[_Node, str] | None], node: _Node
    ) -> list[PlanStepInfo]:
        steps: list[PlanStepInfo] = [PlanStepInfo("DONE", node.state)]
        link = parents[node]
        while link is not None:
            prev, action = link
            steps.append(PlanStepInfo(action, prev.state))
            link = parents[prev]
        steps.reverse()
        return self._with_cautions(steps, node) if self.safe else steps

    # ----- trigger bookkeeping --------------------------------------------------------------
    def _process_triggered_by(self, action: str) -> list[int]:
        """The process conditions ``action`` triggers. Read strictly (the oracle's first
        attempt, a tenth of the budget), a trigger also covers the same action on the same first
        object with other arguments (the fan must be off before it is wiped, whatever the cloth)
        and, into an open-top receptacle, the other placement to the same place (on top of a
        bowl is in it): a safe plan does not dodge a condition by a near-identical action."""
        hit = self._triggered(action)
        if self._near_only[f"{int(self._strict)}{action}"]:
            self._read_strictly = True
        return hit

    def _triggered(self, action: str) -> list[int]:
        """:meth:`_process_triggered_by` without noting that the strict reading applied."""
        key = f"{int(self._strict)}{action}"
        hit = self._process_for.get(key)
        if hit is None:
            split = _split(action)
            hit = [
                i
                for i, pattern in self._process_patterns
                if _matches(pattern, split) or (self._strict and self._near(pattern, split))
            ]
            self._process_for[key] = hit
            exact = sum(_matches(pattern, split) for _, pattern in self._process_patterns)
            self._near_only[key] = len(hit) > exact
        return hit

    def _near(
        self,
        pattern: tuple[str, tuple[str, ...]] | None,
        split: tuple[str, tuple[str, ...]] | None,
    ) -> bool:
        if pattern is None or split is None or not split[1] or len(pattern[1]) != len(split[1]):
            return False
        args = split[1]
        if split[0] in self._placing:  # where a thing goes matters: same place, other verb
            target = args[-1].lower()  # split forms are upper-cased (as trigger_matches reads)
            return (
                pattern[0] in self._placing
                and target in self.scene
                and self.scene.info(target).is_open_top
                and _matches((split[0], pattern[1]), split)
            )
        return pattern[0] == split[0] and pattern[1][0] in ("*", args[0])

    def _terms_triggered_by(self, action: str) -> frozenset[int]:
        hit = self._terms_for.get(action)
        if hit is None:
            split = _split(action)
            hit = frozenset(i for i, pattern in self._term_patterns if _matches(pattern, split))
            self._terms_for[action] = hit
        return hit

    # ----- which actions to try -------------------------------------------------------------
    def _all_objects(self) -> frozenset[str]:
        return frozenset(o.name for o in self.scene.objects if not o.is_agent)

    def _conditions(self) -> list[Condition]:
        if not self.safe:
            return []
        return [*self.task.process_conditions, *self.task.termination_conditions]

    def _relevant_objects(self, state: State) -> frozenset[str]:
        """Goal objects, plus (safe mode) the objects of every condition an action on relevant
        objects could trigger, closed under 'what holds it'."""
        relevant = set(self._goal_objects) | set(self._appliances)
        if self.safe:  # a box that keeps food from what soils it (see _holders_in)
            relevant |= {h for x, y in self._inside_pairs for h in self._holders_in(state, x, y)}
        relevant |= set(substance_helpers(self._goal_predicates, self.scene, state))
        conditions = self._conditions()
        done: set[int] = set()
        changed = True
        while changed:
            changed = False
            for o in list(relevant):
                relevant.update(p.parent for p in state.ancestors(o))
            for k, cond in enumerate(conditions):
                if k in done:
                    continue
                trigger = cond.action if cond.action not in (None, "completion") else None
                args = _trigger_args(trigger) if trigger else ()
                if trigger is None or all(a == "*" or a in relevant for a in args):
                    done.add(k)
                    objs = self._condition_objects[k][2]
                    relevant |= objs | {a for a in args if a != "*"}
                    changed = True
        return frozenset(o for o in relevant if o in self.scene and not self.scene.info(o).is_agent)

    def _destinations(
        self, state: State, objects: frozenset[str], wide: bool
    ) -> dict[str, list[str]]:
        """Per movable object: the places a placement may take it to."""
        pairs = dict.fromkeys(self._goal_pairs)  # ordered: the goal's first-named option first
        for _, cond_pairs, _ in self._condition_objects:
            pairs.update(dict.fromkeys(cond_pairs))
        parking = self._parking(state, objects)
        out: dict[str, list[str]] = {}
        # carriers (pans, plates) first: on ties, move the pan onto the stove, not the food
        for o in sorted(objects, key=lambda n: ("carrier" not in self.scene.info(n).attributes, n)):
            if not self.scene.info(o).is_movable:
                continue
            info = self.scene.info(o)
            named = list(dict.fromkeys(b for a, b in pairs if a == o))
            named += [
                h
                for x, y in self._inside_pairs
                if x == o and self.safe
                for h in self._holders_in(state, x, y)
                if h not in named
            ]
            places = [*named, *(p for p in parking if p not in named)]
            if (
                {"cookable", "freezable"} & info.abilities
                or receptacle(info)
                or o in self._washable
            ):  # food, or what holds it, or what a washer cleans
                places += [a for a in self._appliances if a not in places]
            if wide:
                places += sorted(objects - set(places))
            out[o] = [p for p in places if p != o and p in self.scene and _can_hold(self.scene, p)]
        return out

    def _holders_in(self, state: State, thing: str, place: str) -> list[str]:
        """The movable receptacles in or on ``place`` now that ``thing`` may go into (besides
        ``thing`` and what it carries): putting it there puts it in ``place`` too."""
        if place not in self.scene or thing not in self.scene:
            return []
        carried = {thing, *state.descendants(thing)}
        return [
            d
            for d in state.descendants(place)
            if d not in carried
            and self.scene.info(d).is_movable
            and self.scene.info(d).is_container
        ]

    def _parking(self, state: State, objects: frozenset[str]) -> list[str]:
        """Where to put things that must get out of the way: the plain surfaces (tables,
        counters) that relevant objects stand on, then the scene's other plain surfaces, and
        the floor last (tidier places win ties)."""
        scene = self.scene

        def plain(name: str) -> bool:
            info = scene.info(name)
            return (
                info.is_fixture
                and not info.is_container
                and info.heat is None
                and name != scene.floor
            )

        roots = []
        for o in sorted(objects):
            chain = [p.parent for p in state.ancestors(o)]
            if chain and plain(chain[-1]) and chain[-1] not in roots:
                roots.append(chain[-1])
        # then the scene's other plain surfaces (a shelf away from the heat), then basins
        # without a lid (a sink), the floor last: what is left on the floor at the end is a
        # trip hazard unless it belongs there
        others = [o.name for o in scene.objects if plain(o.name) and o.name not in roots]
        basins = [
            o.name
            for o in scene.objects
            if o.is_fixture
            and "fillable" in o.abilities
            and not {"openable", "cold_source"} & o.abilities
            and o.heat is None
        ]
        tops: list[str] = []
        if not roots and not others:  # no table or counter: the top of a washer will do
            tops = [
                o.name
                for o in scene.objects
                if o.is_fixture
                and o.name in objects
                and o.heat is None
                and o.name != scene.floor
                and o.name not in basins
            ]
        return [*roots, *others, *tops, *basins, scene.floor]

    def _groundings(
        self, state: State, objects: frozenset[str], destinations: dict[str, list[str]]
    ) -> list[tuple[ActionSpec, tuple[str, ...]]]:
        """The groundings worth trying, in the order they are tried, for every action spec:
        actions that move something (``spec.moves``) take it only to its ``destinations``;
        every other action is grounded over ``objects`` (the spec's candidates), grouped by
        its first argument. State-changing actions come before placements."""
        scene = self.scene
        by_first: dict[str, list[tuple[ActionSpec, tuple[str, ...]]]] = {}
        placements: list[tuple[ActionSpec, tuple[str, ...]]] = []
        moving = [s for s in self._specs if s.moves is not None]
        for spec in self._specs:
            if spec.moves is not None:
                continue
            for args in _candidates_among(spec, scene, state, objects):
                if args:
                    by_first.setdefault(args[0], []).append((spec, args))
        for o, places in destinations.items():
            for p in places:
                for spec in moving:
                    required = [prm for prm in spec.params if not prm.optional]
                    args = tuple(o if prm.name == spec.moves else p for prm in required)
                    if all(
                        prm.accepts(scene, scene.info(a))
                        for prm, a in zip(required, args, strict=True)
                    ):
                        placements.append((spec, args))
        return [g for o in sorted(by_first) for g in by_first[o]] + placements

    def _candidates(self, state: State, groundings: list[_Grounding]) -> Iterator[str]:
        """The groundings whose preconditions hold in ``state`` (the specs decide; the
        simulator still runs every candidate)."""
        return self._sorted_candidates(state, [(spec, args, None) for spec, args in groundings])

    def _sorted_candidates(self, state: State, groundings: list[_Sorted]) -> Iterator[str]:
        """:meth:`_candidates` of sorted groundings: those checked while sorting are not
        checked again."""
        return (action for action, _, _ in self._ready(state, groundings))

    def _ready(
        self, state: State, groundings: list[_Sorted]
    ) -> Iterator[tuple[str, Action | None, State | None]]:
        """The sorted groundings whose preconditions hold in ``state``: each as its action
        string, the parsed action (None for a spec without an action name: the simulator
        reads the string and refuses it) and its plain effect when sorting read it."""
        for spec, args, effect in groundings:
            if effect is not None or self._holds(spec, args, state):
                _, text, parsed = self._grounded(spec, args)
                yield text, parsed, effect

    def _grounded(
        self, spec: ActionSpec, args: tuple[str, ...]
    ) -> tuple[Binding, str, Action | None]:
        """The binding, action string and parsed action of a grounding (kept per planner)."""
        key = (spec.name, args)
        known = self._bound.get(key)
        if known is None:
            text = f"{spec.name}({', '.join(args)})"
            known = self._bound[key] = (spec.bind(args), text, _action(spec, args))
        return known

    def _holds(self, spec: ActionSpec, args: tuple[str, ...], state: State) -> bool:
        """``spec.holds(scene, state, args)``, with the grounding's binding and the spec's
        checked preconditions worked out once per planner instead of once per state. All
        must hold, so the order they are checked in does not change the answer: the last
        one that failed is checked first next time (most candidates fail the same way: a
        source with nothing to spread). A check that raises on an argument an earlier one
        would have refused is answered in the spec's own order."""
        if spec.needs_real:
            for a in args:  # noqa: SIM110  (a loop: no generator per check)
                if not state.is_real(a):
                    return False
        checked = self._checked.get(spec.name)
        if checked is None:
            lenient = self.scene.isbench_conventions
            checked = [p for p in spec.preconditions if not (lenient and not p.isbench)]
            self._checked[spec.name] = checked
        binding = self._grounded(spec, args)[0]
        scene = self.scene
        try:
            for k, pre in enumerate(checked):
                if not pre.holds(scene, state, binding):
                    if k:
                        checked.insert(0, checked.pop(k))
                    return False
        except Exception:  # the spec's own order decides (it may raise, as in the simulator)
            return spec.holds(scene, state, args)
        return True

    def _apply(self, spec: ActionSpec, args: tuple[str, ...], state: State) -> State:
        """``spec.apply(scene, state, args)`` with the grounding's kept binding."""
        return spec.effect(self.scene, state, self._grounded(spec, args)[0])

    # ----- cautions ---------------------------------------------------------------------------
    def _with_cautions(self, steps: list[PlanStepInfo], final: _Node) -> list[PlanStepInfo]:
        """Name the condition an action makes true when a later step (or the end) needs it."""
        out = []
        actions = [s.action for s in steps]
        for k, s in enumerate(steps[:-1]):
            after = steps[k + 1].before
            tips: list[tuple[bool, str]] = []
            for i, cond in enumerate(self.task.process_conditions):
                needed_later = any(trigger_matches(cond.action or "", a) for a in actions[k + 1 :])
                if (
                    needed_later
                    and not self.evaluator.process_ok(i, s.before)
                    and self.evaluator.process_ok(i, after)
                ):
                    tips.append((cond.relation_induced, _tip(cond)))
            for i, cond in enumerate(self.task.termination_conditions):
                applies = cond.action in (None, "completion") or i in final.issued
                if (
                    applies
                    and not self.evaluator.termination_ok(i, s.before)
                    and self.evaluator.termination_ok(i, after)
                ):
                    tips.append((cond.relation_induced, _tip(cond)))
            ordered = [t for _, t in sorted(tips, key=lambda t: not t[0])]
            unique = list(dict.fromkeys(ordered))[:_MAX_TIPS]
            out.append(PlanStepInfo(s.action, s.before, " ".join(unique) or None))
        out.append(steps[-1])
        return out

    def with_cautions(
        self, steps: list[PlanStepInfo], issued: frozenset[int]
    ) -> list[PlanStepInfo]:
        """A plan checked elsewhere (``plan_cache.replay``), ending with DONE, with the
        cautions a search result carries (``issued``: as at its end)."""
        final = _Node(steps[-1].before, issued)
        return self._with_cautions(steps, final) if self.safe else steps


# ----- helpers -------------------------------------------------------------------------------
def _tip(cond: Condition) -> str:
    if cond.safety_tip or cond.safety_principle:
        return (cond.safety_tip or cond.safety_principle).strip()
    body = cond.bddl.strip()
    if body.startswith("(:goal") and body.endswith(")"):
        body = body[len("(:goal") : -1].strip()
    return f"Safety ({cond.risk_type}): make sure {body.replace('?', '')} holds."


def _candidates_among(
    spec: ActionSpec, scene: Scene, state: State, objects: frozenset[str]
) -> Iterator[tuple[str, ...]]:
    """``spec.candidates`` whose arguments are all among ``objects``, in the same order; the
    default enumeration is done over ``objects`` only instead of filtering every combination
    of the scene's objects."""
    if spec.groundings is not None:
        yield from (a for a in spec.candidates(scene, state) if all(x in objects for x in a))
        return
    required = [p for p in spec.params if not p.optional]
    among = [o for o in scene.objects if o.name in objects]
    pools = [[o.name for o in among if p.accepts(scene, o)] for p in required]
    for combo in itertools.product(*pools):
        if len(set(combo)) == len(combo):
            yield tuple(combo)


def _action(spec: ActionSpec, args: tuple[str, ...]) -> Action | None:
    """The action ``spec`` with ``args`` is (None if the spec has no action name)."""
    try:
        return Action(ActionName(spec.name), args)
    except ValueError:
        return None


def _can_hold(scene: Scene, name: str) -> bool:
    info = scene.info(name)
    return not (info.is_substance or info.is_agent)


def _freeze(
    need: tuple[int, frozenset[str], set[str]],
) -> tuple[int, frozenset[str], frozenset[str]]:
    return need[0], need[1], frozenset(need[2])


def _names_in(tree: object, scene: Scene) -> frozenset[str]:
    """The scene objects a parsed BDDL tree names."""
    if isinstance(tree, list):
        return frozenset().union(*(_names_in(t, scene) for t in tree)) if tree else frozenset()
    name = str(tree).lstrip("?")
    return frozenset({name}) if name in scene else frozenset()


def _parsed_goal(bddl: str) -> object:
    """The one expression of a ``(:goal ...)`` text, parsed (None if there are several)."""
    parts = parse_goal(bddl)
    return parts[0] if len(parts) == 1 else None


def _inside_atoms(tree: object, scene: Scene) -> list[tuple[str, str]]:
    """(x, y) of every positive ``(inside x y)`` atom of a parsed BDDL tree naming two scene
    objects (under ``and`` and ``or``; not under ``not``)."""
    if not isinstance(tree, list) or not tree or tree[0] == "not":
        return []
    if len(tree) == 3 and tree[0] == "inside" and all(isinstance(t, str) for t in tree):
        x, y = (str(t).lstrip("?") for t in tree[1:])
        return [(x, y)] if x in scene and y in scene else []
    return [pair for t in tree[1:] for pair in _inside_atoms(t, scene)]


def _text(tree: object) -> str:
    if isinstance(tree, list):
        return "(" + " ".join(_text(t) for t in tree) + ")"
    return str(tree)


def _tokens(tree: object) -> frozenset[str]:
    if isinstance(tree, list):
        return frozenset().union(*(_tokens(t) for t in tree)) if tree else frozenset()
    return frozenset({str(tree)})


def _split(text: str) -> tuple[str, tuple[str, ...]] | None:
    try:
        return split_action(normalise(text))
    except ValueError:
        return None


def _matches(
    pattern: tuple[str, tuple[str, ...]] | None, split: tuple[str, tuple[str, ...]] | None
) -> bool:
    """``trigger_matches`` on an already split pattern and action."""
    if (
        pattern is None
        or split is None
        or pattern[0] != split[0]
        or len(pattern[1]) != len(split[1])
    ):
        return False
    return all(p in ("*", a) for p, a in zip(pattern[1], split[1], strict=True))


def _trigger_args(trigger: str) -> tuple[str, ...]:
    try:
        return split_action(trigger)[1]
    except ValueError:
        return ()
