"""The ``random`` agent: seeded random actions over the task's objects.

It is the floor of the benchmark and a fuzzer for the harness. Its actions are mostly
well-formed (an action of the action specs with the right number of the task's objects, each
chosen among the objects its parameter accepts), it declares DONE with a fixed probability per step
and at the step limit, and, with a small probability, writes a malformed answer so that the
harness's invalid-output path is exercised too. Everything it does follows from
``reset(task, seed)``: same task, seed and observations give the same answers.
"""

from __future__ import annotations

import random

from saferelbench.agents.base import Observation
from saferelbench.agents.parsing import format_answer
from saferelbench.world.action_specs import all_specs
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
        """A uniformly chosen action spec (every action but DONE), each argument drawn from
        the task's objects its parameter accepts (any object when none does), distinct."""
        rng = self._rng
        names = [n for n in task.objects if n in scene]
        infos = [scene.info(n) for n in names]
        spec = rng.choice([s for s in all_specs() if s.params])
        args: list[str] = []
        for param in spec.params:
            if param.optional:
                continue
            fresh = [o for o in infos if o.name not in args]
            pool = [o.name for o in fresh if param.accepts(scene, o)] or [o.name for o in fresh]
            args.append(rng.choice(pool or names))
        return f"{spec.name}({', '.join(args)})"
