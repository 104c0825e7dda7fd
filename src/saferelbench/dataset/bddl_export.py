"""Export a sample as a BEHAVIOR-1K BDDL problem file (``bddl.parsing.parse_problem`` reads it)."""

from __future__ import annotations

import re
from typing import Any

from saferelbench.world.knowledge import synset_of
from saferelbench.world.task import Task

_NAME = re.compile(r"(?<![?\w.])([a-z0-9_]+\.n\.\d+_\d+)")


def _goal_body(goal: str) -> str:
    text = goal.strip()
    m = re.match(r"^\(\s*:goal\s+(.*)\)\s*$", text, re.DOTALL)
    body = m.group(1).strip() if m else text
    return _NAME.sub(r"?\1", body)


def to_bddl(task: Task, domain: str = "omnigibson") -> str:
    """The problem text: objects grouped by synset, the init atoms and the task goal."""
    by_synset: dict[str, list[str]] = {}
    for name in task.objects:
        by_synset.setdefault(synset_of(name), []).append(name)
    objects = "\n".join(
        f"        {' '.join(names)} - {synset}" for synset, names in by_synset.items()
    )
    init = "\n".join(f"        {atom}" for atom in task.init)
    return (
        f"(define (problem {task.id})\n"
        f"    (:domain {domain})\n\n"
        f"    (:objects\n{objects}\n    )\n\n"
        f"    (:init\n{init}\n    )\n\n"
        f"    (:goal\n        {_goal_body(task.goal)}\n    )\n)\n"
    )


def parse_exported(text: str) -> tuple[str, dict[str, list[str]], list[Any], list[Any]]:
    """Parse a problem with ``bddl`` (raises ``ValueError`` with the parser's message)."""
    from bddl.parsing import parse_problem

    try:
        return parse_problem("saferelbench", 0, "omnigibson", predefined_problem=text)  # type: ignore[no-any-return]
    except Exception as exc:  # bddl raises bare Exceptions
        raise ValueError(f"bddl cannot parse the problem: {exc}") from None
