"""The ``oracle`` and ``task-only`` agents: the planner of :mod:`saferelbench.agents.planner`
behind the :class:`~saferelbench.agents.base.Agent` seam.

Both read the symbolic state of the observation, never the golden plan. Each step they look for
a shortest plan from the *current* state (so they also recover after another agent's mistakes
or a harness that replays history); a plan found earlier is reused while the world is exactly
where that plan expected it to be. The first plan of an episode comes from the shipped plan
cache when it holds a plan for the task that verifies by replay (:mod:`.plan_cache`: same
plan, no search); ``plan_cache=False`` or ``SAFERELBENCH_PLAN_CACHE=0`` turns that off. The
oracle states a caution whenever its action is a
precaution (it names the safety tip of the condition the action makes true).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from saferelbench.agents.base import Observation
from saferelbench.agents.parsing import format_answer
from saferelbench.agents.plan_cache import (
    PlanCache,
    enabled_by_env,
    plan_key,
    replay,
    shipped_cache,
)
from saferelbench.agents.planner import Planner, PlanStepInfo, SearchStats
from saferelbench.world.scene_builder import build_world
from saferelbench.world.state import State
from saferelbench.world.task import Task


@dataclass
class _CachedStep:
    info: PlanStepInfo
    issued: frozenset[int]


class PlanningAgent:
    """Plans with the symbolic simulator; ``safe`` decides whether safety counts."""

    name = "planner"
    safe = True
    #: plan blind to what a hazard spoils (see :mod:`saferelbench.agents.planner`)
    blind = False

    def __init__(
        self, *, max_expansions: int = 20_000, plan_cache: bool | PlanCache | None = None
    ) -> None:
        if max_expansions < 1:
            raise ValueError(f"{self.name}: max_expansions must be positive")
        self.max_expansions = max_expansions
        #: where the first plan of an episode may come from: True, the shipped cache; False,
        #: always search; None, as ``SAFERELBENCH_PLAN_CACHE`` says (on unless ``0``); or a
        #: given :class:`~saferelbench.agents.plan_cache.PlanCache`
        self.plan_cache = plan_cache
        #: the plan cache's answer for this episode: None (not asked), "off", "miss" (no
        #: entry), "stale" (an entry that did not verify: searched instead) or "hit"
        self.cache_outcome: str | None = None
        #: the planner simulates successors class by class (False: every one, for comparison)
        self.lazy = True
        self._task: Task | None = None
        self._planner: Planner | None = None
        #: the episode's initial state (built when first needed: only the oracle's search
        #: and the plan cache read it)
        self._initial: State | None = None
        self._plan: list[_CachedStep] = []
        #: one line per search that found no plan (the agent then answers DONE)
        self.failures: list[str] = []
        #: search statistics of the episode: number of searches and states expanded
        self.searches = 0
        self.expanded = 0
        #: the cost of every search of the episode together (expanded, simulated, seconds)
        self.stats = SearchStats()

    def reset(self, task: Task, seed: int) -> None:
        self._task = task
        self._planner = None
        self._initial = None
        self._plan = []
        self.failures = []
        self.searches = 0
        self.expanded = 0
        self.stats = SearchStats()
        self.cache_outcome = None

    def act(self, observation: Observation) -> str:
        planner = self._planner_for(observation)
        issued = planner.issued_from(
            h.action for h in observation.history if h.action is not None and h.outcome != "invalid"
        )
        step = self._cached(observation.state, issued)
        if step is None and self.cache_outcome is None and not observation.history:
            steps = self._from_cache(planner, observation, issued)
            if steps is not None:
                self._plan = self._annotate(planner, steps, issued)
                step = self._plan[0].info
        if step is None:
            result = planner.plan(observation.state, issued)
            self.searches += 1
            self.expanded += result.expanded
            self.stats.add(result.stats)
            if not result.ok:
                self.failures.append(f"step {observation.step}: {result.failure}")
                self._plan = []
                return format_answer("DONE")
            self._plan = self._annotate(planner, result.steps, issued)
            step = self._plan[0].info
        return format_answer(step.action, step.caution)

    def cache_key(self, task: Task) -> str:
        """The plan cache's key of this agent's first plan for ``task``."""
        return plan_key(
            task,
            safe=self.safe,
            blind=self.blind,
            max_expansions=self.max_expansions,
            lazy=self.lazy,
        )

    def search_initial_plan(self, task: Task) -> list[str] | None:
        """The actions this agent's search finds from ``task``'s initial state (never from
        the cache; None if it finds none). Starts a new episode."""
        world = build_world(task)
        self.reset(task, 0)
        observation = Observation(task=task, scene=world.scene, state=world.initial, step=1)
        result = self._planner_for(observation).plan(world.initial)
        return result.actions if result.ok else None

    # ----- internals ----------------------------------------------------------------------------
    def _planner_for(self, observation: Observation) -> Planner:
        task = observation.task
        if self._task is None or self._task.id != task.id:
            self.reset(task, 0)  # act() without reset(): still work
        if self._planner is None:
            self._planner = Planner(
                task,
                observation.scene,
                safe=self.safe,
                max_expansions=self.max_expansions,
                # end-of-episode hazards (doors left open) are judged against the initial
                # state; a search blind to safety never reads it
                initial=self._initial_state(task) if self.safe else None,
                blind=self.blind,
                lazy=self.lazy,
            )
        return self._planner

    def _initial_state(self, task: Task) -> State:
        if self._initial is None:
            self._initial = build_world(task).initial
        return self._initial

    def _cache(self) -> PlanCache | None:
        if isinstance(self.plan_cache, PlanCache):
            return self.plan_cache
        on = enabled_by_env() if self.plan_cache is None else self.plan_cache
        return shipped_cache() if on else None

    def _from_cache(
        self, planner: Planner, observation: Observation, issued: frozenset[int]
    ) -> list[PlanStepInfo] | None:
        """The cached first plan of the episode if there is one and it verifies (only from
        the task's initial state); records the cache's answer."""
        cache = self._cache()
        if cache is None:
            self.cache_outcome = "off"
            return None
        entry = cache.get(self.cache_key(observation.task))
        if entry is None or self._initial_state(observation.task) != observation.state:
            self.cache_outcome = "miss"
            return None
        if not entry.consistent:  # not the plan the search recorded
            self.cache_outcome = "stale"
            return None
        limit = observation.extra.get("step_limit")
        steps = replay(
            planner,
            observation.state,
            entry.actions,
            issued,
            step_limit=limit if isinstance(limit, int) else None,
        )
        self.cache_outcome = "stale" if steps is None else "hit"
        return steps

    @staticmethod
    def _annotate(
        planner: Planner, steps: list[PlanStepInfo], issued: frozenset[int]
    ) -> list[_CachedStep]:
        out = []
        for s in steps:
            out.append(_CachedStep(s, issued))
            issued = issued | planner.issued_from([s.action])
        return out

    def _cached(self, state: State, issued: frozenset[int]) -> PlanStepInfo | None:
        """The step of the current plan that starts from ``state``; the plan is trimmed to it."""
        for k, cached in enumerate(self._plan):
            if cached.info.before == state and cached.issued == issued:
                self._plan = self._plan[k:]
                return cached.info
        return None


class OracleAgent(PlanningAgent):
    """Shortest plan that reaches the goal and satisfies every safety condition."""

    name = "oracle"
    safe = True

    def write_tips(self, observation: Observation) -> str:
        """The tips step of ``--protocol isbench`` (before the first action): the oracle knows
        the task's conditions, so it states their safety tips (generic ones included)."""
        tips = observation.task.safety_tips(include_generic=True)
        return json.dumps({"safety_tips": tips})


class TaskOnlyAgent(PlanningAgent):
    """Shortest plan that reaches the goal, blind to safety: the naive agent to catch. It
    plans on the actions' plain effects, not foreseeing what the hazard rules make happen (a
    vase that falls and breaks); when that ruins its goal it re-plans from what happened."""

    name = "task-only"
    safe = False
    blind = True
