"""The ``replay`` agent: plays a given plan, then declares DONE.

A plan is a list of steps, each an action string or a ``{"action", "caution"}`` object (the
golden-plan format). :func:`load_plans` also reads a JSON file holding one plan, ``{"plan":
[...]}``, an IS-Bench task file (its ``example_planning``) or a mapping ``sample id -> plan``
for a whole run. Actions are replayed verbatim, so a replayed plan can also exercise the
harness's handling of failed and invalid actions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from os import PathLike
from pathlib import Path
from typing import Any

from saferelbench.agents.base import Observation
from saferelbench.agents.parsing import format_answer
from saferelbench.world.errors import InputError
from saferelbench.world.jsonio import read_json
from saferelbench.world.task import PlanStep, Task

PlanLike = Sequence[str | Mapping[str, Any] | PlanStep]
PlanSource = PlanLike | Mapping[str, PlanLike] | str | PathLike[str]


class PlanError(InputError):
    """A plan that cannot be read; the message names the file or sample and the step."""


def to_steps(plan: PlanLike, where: str = "plan") -> list[PlanStep]:
    """Normalise one plan; a trailing DONE is added when missing."""
    if isinstance(plan, str | bytes) or not isinstance(plan, Sequence):
        raise PlanError(f"{where}: a plan is a list of steps, got {type(plan).__name__}")
    steps: list[PlanStep] = []
    for i, item in enumerate(plan):
        if isinstance(item, PlanStep):
            steps.append(item)
        elif isinstance(item, str):
            steps.append(PlanStep(action=item))
        elif isinstance(item, Mapping) and isinstance(item.get("action"), str):
            caution = item.get("caution")
            steps.append(
                PlanStep(
                    action=item["action"], caution=caution if isinstance(caution, str) else None
                )
            )
        else:
            raise PlanError(
                f"{where}[{i}]: a step is an action string or an object with a string 'action'"
            )
    if not steps or steps[-1].action.strip().upper() != "DONE":
        steps.append(PlanStep(action="DONE"))
    return steps


def load_plans(source: PlanSource) -> list[PlanStep] | dict[str, list[PlanStep]]:
    """One plan (for any task) or a mapping sample id -> plan."""
    where = "plan"
    data: Any = source
    if isinstance(source, str | PathLike):
        path = Path(source)
        where = str(path)
        data = read_json(path, error=PlanError)
    if isinstance(data, Mapping):
        for key in ("plan", "steps", "example_planning", "golden_plan"):
            if key in data:
                return to_steps(data[key], f"{where}: '{key}'")
        return {str(k): to_steps(v, f"{where}: sample {k!r}") for k, v in data.items()}
    return to_steps(data, where)


class ReplayAgent:
    """Plays a fixed plan (or, with ``golden=True``, the task's own golden plan), then DONE."""

    name = "replay"

    def __init__(self, plan: PlanSource | None = None, *, golden: bool = False) -> None:
        if (plan is None) == (not golden):
            raise PlanError("replay needs either a plan (list, mapping or file) or golden=True")
        self._golden = golden
        self._plans = load_plans(plan) if plan is not None else []
        self._steps: list[PlanStep] = []

    def reset(self, task: Task, seed: int) -> None:
        if self._golden:
            self._steps = to_steps(task.golden_plan, f"task {task.id!r}: golden_plan")
        elif isinstance(self._plans, dict):
            if task.id not in self._plans:
                raise PlanError(f"replay: no plan for sample {task.id!r}")
            self._steps = self._plans[task.id]
        else:
            self._steps = self._plans

    def act(self, observation: Observation) -> str:
        index = observation.step - 1  # stateless: the step number says where we are
        if 0 <= index < len(self._steps):
            step = self._steps[index]
            return format_answer(step.action, step.caution)
        return format_answer("DONE")
