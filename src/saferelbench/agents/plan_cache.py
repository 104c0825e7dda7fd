"""A content-addressed cache of the first plan of the ``oracle`` and ``task-only`` agents for the
shipped samples, so that the README's main job does not search 507 times for plans the search
has already found.

Key: a SHA-256 of everything the search reads (the task's canonical JSON: objects, initial
atoms, goal, conditions, materials and wash rules; the agent kind, ``safe`` and ``blind``; the
search budget and its successor mode) and of :func:`cache_version` (the package version plus
:data:`PLANNER_VERSION`, bumped whenever the search may return another plan for the same task).
The protocol and the step limit are not read by the search, so they are not part of the key;
the step limit is checked when a plan is used.

Use: only for the plan from the task's initial state (no history). The cached actions are
replayed through the real simulator and accepted only if they verify exactly as a search
result would (:func:`replay`): every step valid and changing the state; for the oracle no
hazard, every triggered process condition holding, then at the end the goal, every applicable
termination condition and no end-of-episode hazard; for ``task-only`` the goal it plans for.
A plan that does not verify (a changed simulator, a tampered file) is ignored and the agent
searches, so a stale entry never changes a result. Replanning after a deviation always searches.

Off: ``SAFERELBENCH_PLAN_CACHE=0`` in the environment, or ``plan_cache=False`` when the agent
is made. The shipped file ``data/plans.jsonl`` is written by ``benchmarks/make_plan_cache.py``
from the shipped samples with the cache off.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from saferelbench.agents.goal_analysis import without_hazard_marks
from saferelbench.agents.planner import Planner, PlanStepInfo
from saferelbench.world.conditions import trigger_matches
from saferelbench.world.errors import InputError
from saferelbench.world.events import Outcome
from saferelbench.world.hazards import finish_events
from saferelbench.world.jsonio import iter_jsonl
from saferelbench.world.simulator import step
from saferelbench.world.state import State
from saferelbench.world.task import Task

#: Bump whenever the search may return another plan for the same task (tie-breaking, scopes,
#: the heuristic, a simulator rule): every entry of an older version then misses.
PLANNER_VERSION = "3"
#: ``0`` (or ``off``, ``false``, ``no``) turns the cache off for every planning agent.
ENV_VAR = "SAFERELBENCH_PLAN_CACHE"
#: The shipped cache (written by ``benchmarks/make_plan_cache.py``).
SHIPPED = Path(__file__).resolve().parent / "data" / "plans.jsonl"


@cache
def cache_version() -> str:
    """The version part of every key: the installed package's version and the search's own."""
    try:
        package = version("saferelbench")
    except PackageNotFoundError:  # run from a source tree without installing
        package = "unknown"
    return f"{package}+planner.{PLANNER_VERSION}"


def enabled_by_env() -> bool:
    """False when ``SAFERELBENCH_PLAN_CACHE`` says off."""
    return os.environ.get(ENV_VAR, "1").strip().lower() not in ("0", "off", "false", "no")


def task_content(task: Task) -> dict[str, Any]:
    """The task as the search reads it, in canonical JSON form (the fields of :class:`Task`,
    including the materials and wash rules a sample file does not show)."""
    data = task.model_dump(mode="json", include=set(Task.model_fields))
    data["synset_attributes"] = task.synset_attributes
    data["wash_rules"] = [r.model_dump(mode="json") for r in task.wash_rules]
    return data


def plan_key(task: Task, *, safe: bool, blind: bool, max_expansions: int, lazy: bool) -> str:
    """The content address of the plan a planning agent searches from ``task``'s initial state."""
    payload = {
        "version": cache_version(),
        "safe": safe,
        "blind": blind,
        "max_expansions": max_expansions,
        "lazy": lazy,
        "task": task_content(task),
    }
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class CachedPlan:
    """One entry: the key, the agent and task it was made for (for readers), the plan's
    actions (ending with DONE) and the length of the plan the search found."""

    key: str
    agent: str
    task: str
    actions: tuple[str, ...]
    length: int

    @property
    def consistent(self) -> bool:
        """The actions are as many as the search's plan had."""
        return len(self.actions) == self.length

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "agent": self.agent,
            "task": self.task,
            "length": self.length,
            "actions": self.actions,
        }


class PlanCache:
    """Cached plans by key."""

    def __init__(self, entries: Iterable[CachedPlan] = ()) -> None:
        self.entries = {e.key: e for e in entries}

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, key: str) -> CachedPlan | None:
        return self.entries.get(key)

    @classmethod
    def load(cls, path: Path) -> PlanCache:
        """Read a cache file; a malformed line raises :class:`InputError` naming the file and
        line."""
        entries = []
        for line, data in iter_jsonl(path, kind="cached plan"):
            try:
                entries.append(
                    CachedPlan(
                        str(data["key"]),
                        str(data["agent"]),
                        str(data["task"]),
                        tuple(str(a) for a in data["actions"]),
                        int(data["length"]),
                    )
                )
            except (KeyError, TypeError, ValueError) as exc:
                raise InputError(f"{path}:{line}: not a cached plan ({exc})") from None
        return cls(entries)

    def write(self, path: Path) -> None:
        """Write the entries, one JSON object a line, sorted by agent and task."""
        path.parent.mkdir(parents=True, exist_ok=True)
        ordered = sorted(self.entries.values(), key=lambda e: (e.agent, e.task, e.key))
        with path.open("w", encoding="utf-8") as fh:
            for e in ordered:
                fh.write(json.dumps(e.to_json(), separators=(",", ":")) + "\n")


@cache
def shipped_cache() -> PlanCache:
    """The shipped cache, read once per process (empty if the file is missing)."""
    return PlanCache.load(SHIPPED) if SHIPPED.is_file() else PlanCache()


def replay(
    planner: Planner,
    start: State,
    actions: Sequence[str],
    issued: frozenset[int] = frozenset(),
    step_limit: int | None = None,
) -> list[PlanStepInfo] | None:
    """``actions`` as the plan ``planner`` would return from ``start`` (cautions included), or
    None if they do not verify as a search result: the last action and only it is DONE, the
    plan fits ``step_limit``, every step is valid and leads to a state the plan has not been
    in (a search result never goes round in a circle); for a safe planner
    no step makes a hazard and every process condition a step triggers holds, and at the end
    every applicable termination condition holds and the end of the episode makes no hazard;
    for every planner the goal it searches for holds at the end."""
    if not actions or actions[-1] != "DONE" or "DONE" in actions[:-1]:
        return None
    if step_limit is not None and len(actions) > step_limit:
        return None
    task, scene, evaluator = planner.task, planner.scene, planner.evaluator
    steps: list[PlanStepInfo] = []
    state = start
    seen = {start}
    for action in actions[:-1]:
        after, result = step(scene, state, action, 1)
        if result.outcome is not Outcome.OK or after in seen:
            return None
        seen.add(after)
        if planner.safe:
            if result.events:
                return None
            for i, cond in enumerate(task.process_conditions):
                if cond.action and trigger_matches(cond.action, action):
                    if not evaluator.process_ok(i, after if cond.type == "after" else state):
                        return None
        steps.append(PlanStepInfo(action, state))
        state = after
    steps.append(PlanStepInfo("DONE", state))
    goal = without_hazard_marks(task.goal) if planner.blind else task.goal
    if goal is not None and not evaluator.goal.holds(state):
        return None
    if not planner.safe:
        return steps
    issued = issued | planner.issued_from(actions[:-1])
    for i, cond in enumerate(task.termination_conditions):
        applies = cond.action in (None, "completion") or i in issued
        if applies and not evaluator.termination_ok(i, state):
            return None
    if finish_events(scene, planner.initial if planner.initial is not None else start, state, 0):
        return None
    return planner.with_cautions(steps, issued)
