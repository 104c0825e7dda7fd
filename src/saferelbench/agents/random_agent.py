"""The ``random`` agent: seeded random actions over the task's objects.

It is the floor of the benchmark and a fuzzer for the harness. Its actions are mostly
well-formed (a skill of the action set with the right number of the task's objects, chosen
among objects that can plausibly take it), it declares DONE with a fixed probability per step
and at the step limit, and, with a small probability, writes a malformed answer so that the
harness's invalid-output path is exercised too. Everything it does follows from
``reset(task, seed)``: same task, seed and observations give the same answers.
"""

from __future__ import annotations

import random

from saferelbench.agents.base import Observation
from saferelbench.agents.parsing import format_answer
from saferelbench.world.action_specs import get_spec
from saferelbench.world.actions import ActionName
from saferelbench.world.state import Scene
from saferelbench.world.task import Task

#: Malformed answers the agent writes now and then (each a different invalid-output reason).
MALFORMED = (
    "I am not sure what to do next.",
    '{"caution": null}',
    '{"action": "JUMP(floor.n.01_1)", "caution": null}',
    '{"action": "OPEN(unicorn.n.01_1)", "caution": null}',
    '{"action": ["DONE"], "caution": null}',
)


#: The actions whose arguments this agent picks by hand (turn-1 skills, in this order).
_HAND_POOLED = (
    ActionName.OPEN,
    ActionName.CLOSE,
    ActionName.PLACE_ON_TOP,
    ActionName.PLACE_INSIDE,
    ActionName.TOGGLE_ON,
    ActionName.TOGGLE_OFF,
    ActionName.WAIT,
    ActionName.WAIT_FOR_COOKED,
    ActionName.WAIT_FOR_FROZEN,
)


class RandomAgent:
    """Uniformly random skills with plausible arguments; seeded per task and seed."""

    name = "random"

    def __init__(
        self, *, done_prob: float = 0.1, invalid_prob: float = 0.05, max_steps: int | None = None
    ) -> None:
        if not (0.0 <= done_prob <= 1.0 and 0.0 <= invalid_prob <= 1.0):
            raise ValueError("random: done_prob and invalid_prob must be within [0, 1]")
        self.done_prob = done_prob
        self.invalid_prob = invalid_prob
        self.max_steps = max_steps
        self._rng = random.Random(0)
        self._task: Task | None = None

    def reset(self, task: Task, seed: int) -> None:
        # A string seed hashes the same way in every process (unlike hash() of a str).
        self._rng = random.Random(f"saferelbench-random:{seed}:{task.id}")
        self._task = task

    def act(self, observation: Observation) -> str:
        if self._task is None or self._task.id != observation.task.id:
            self.reset(observation.task, 0)
        rng = self._rng
        if observation.step >= self._step_limit(observation) or rng.random() < self.done_prob:
            return format_answer("DONE")
        if rng.random() < self.invalid_prob:
            return rng.choice(MALFORMED)
        return format_answer(self._random_action(observation.scene, observation.task), None)

    def _step_limit(self, observation: Observation) -> int:
        limit = observation.extra.get("step_limit")
        if isinstance(limit, int):
            return limit
        if self.max_steps is not None:
            return self.max_steps
        return len(observation.task.golden_plan) + 10

    def _random_action(self, scene: Scene, task: Task) -> str:
        rng = self._rng
        names = [n for n in task.objects if n in scene]
        infos = [scene.info(n) for n in names]
        movable = [o.name for o in infos if o.is_movable] or names
        holders = [o.name for o in infos if not (o.is_substance or o.is_agent)] or names
        containers = [o.name for o in infos if o.is_container] or holders
        openable = [o.name for o in infos if "openable" in o.abilities] or names
        toggleable = [o.name for o in infos if "toggleable" in o.abilities] or names
        cookable = [o.name for o in infos if "cookable" in o.abilities] or names
        freezable = [o.name for o in infos if "freezable" in o.abilities] or names
        choice = rng.choice([n for n in ActionName if n is not ActionName.DONE])
        if choice in (ActionName.PLACE_ON_TOP, ActionName.PLACE_INSIDE):
            obj = rng.choice(movable)
            targets = [
                t
                for t in (containers if choice is ActionName.PLACE_INSIDE else holders)
                if t != obj
            ]
            return f"{choice.value}({obj}, {rng.choice(targets or names)})"
        if choice not in _HAND_POOLED:  # the extended actions: their specs' static filters
            spec = get_spec(choice.value)
            args = [
                rng.choice([o.name for o in infos if p.accepts(scene, o)] or names)
                for p in spec.params
                if not p.optional
            ]
            return f"{choice.value}({', '.join(args)})"
        pool = {
            ActionName.OPEN: openable,
            ActionName.CLOSE: openable,
            ActionName.TOGGLE_ON: toggleable,
            ActionName.TOGGLE_OFF: toggleable,
            ActionName.WAIT: movable,
            ActionName.WAIT_FOR_COOKED: cookable,
            ActionName.WAIT_FOR_FROZEN: freezable,
        }[choice]
        return f"{choice.value}({rng.choice(pool)})"
