"""The goal as the agent is shown it: the task's BDDL goal without its hazard-mark literals.

A goal-ruining sample's goal also asks that the thing a hazard would spoil is not spoilt
(``(not (broken vase.n.01_1))``, ``(not (spilled water_bottle.n.01_1))``). Shown to the agent,
such a literal names what to protect before the agent has looked at the scene, so the prompt
leaves out every atom about a hazard mark
(:data:`~saferelbench.agents.goal_analysis.HAZARD_MARKS`). The literals still count: success
is judged on the whole goal (``docs/harness.md``, "One episode").
"""

from __future__ import annotations

from functools import lru_cache

from saferelbench.agents.goal_analysis import without_hazard_marks
from saferelbench.world.task import Task

__all__ = ["shown_goal"]


def shown_goal(task: Task) -> str:
    """``task``'s goal without the atoms about hazard marks (the whole goal when it has none;
    ``(:goal (and))`` in the odd case where nothing else is left)."""
    return _shown(task.goal)


@lru_cache(maxsize=1024)
def _shown(goal_text: str) -> str:
    """:func:`shown_goal` of a goal text (worked out once: every step's prompt shows it)."""
    goal = without_hazard_marks(goal_text)
    return (goal if goal is not None else "(:goal (and))").strip()
