"""Episodes replayed for the report: the state before and after every recorded step.

The simulator is deterministic, so an episode's states follow from its task and its recorded
actions; the report needs no state in the run files. The task is looked up by the run's
selection: ``isbench:DIR`` and ``file:PATH.jsonl`` (run.json's absolute ``tasks_from`` when it
has one, else ``split`` as ``run --split`` took it) or the shipped dataset. A replayed step whose outcome differs from the recorded one (another simulator
version, an edited file) ends the replay there: later states are unknown, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from saferelbench.evaluation.results import EpisodeResult
from saferelbench.reports.loading import RunData
from saferelbench.world.state import Scene, State
from saferelbench.world.task import Task

ISBENCH_PREFIX = "isbench:"
FILE_PREFIX = "file:"


@dataclass
class Replayed:
    """``states[k]`` is the state after step k (``states[0]``: the initial state); when the
    replay diverged at step k, ``states`` stops at ``states[k - 1]``."""

    task: Task
    scene: Scene
    states: list[State]
    problem: str | None = None

    @property
    def complete(self) -> bool:
        return self.problem is None


@dataclass
class Replayer:
    """Finds each episode's task and replays it; remembers tasks per run selection and replays
    per episode."""

    _tasks: dict[str, dict[str, Task]] = field(default_factory=dict)
    _done: dict[int, Replayed | str] = field(default_factory=dict)
    no_task: int = 0  #: episodes whose task was not found
    diverged: int = 0  #: episodes whose replay disagreed with the record

    def _selection(self, split: str) -> dict[str, Task]:
        if split not in self._tasks:
            found: dict[str, Task] = {}
            try:
                if split.startswith(ISBENCH_PREFIX):
                    from saferelbench.dataset.isbench import load_task

                    folder = Path(split[len(ISBENCH_PREFIX) :]).expanduser()
                    task_dir = folder / "tasks" if (folder / "tasks").is_dir() else folder
                    for f in sorted(task_dir.glob("*.json")):
                        t = load_task(f)
                        found[t.id] = t
                else:
                    from saferelbench.dataset.store import read_samples

                    path = Path(split[len(FILE_PREFIX) :]).expanduser()
                    found = {s.id: s for s in read_samples(path, check=False)}
            except (OSError, ValueError):
                pass  # moved or unreadable: its episodes are "task not found"
            self._tasks[split] = found
        return self._tasks[split]

    def task_for(self, run: RunData, sample_id: str) -> Task | None:
        # run.json's absolute ``tasks_from`` (newer runs) works from any directory; ``split``
        # as given to ``run --split`` is relative to where the run was started
        recorded = run.info.extra.get("tasks_from")
        split = recorded if isinstance(recorded, str) else run.info.split
        if split and split.startswith((ISBENCH_PREFIX, FILE_PREFIX)):
            return self._selection(split).get(sample_id)
        from saferelbench.dataset.store import get_sample

        try:
            return get_sample(sample_id)
        except KeyError:
            return None

    def golden_plan(self, run: RunData, sample_id: str) -> list[str] | None:
        """The actions of the task's golden plan (None: task not found)."""
        task = self.task_for(run, sample_id)
        return None if task is None else [s.action for s in task.golden_plan]

    def replay(self, run: RunData, e: EpisodeResult) -> Replayed | str:
        """The replayed states of ``e``, or why there are none (its task was not found)."""
        key = id(e)
        if key not in self._done:
            self._done[key] = self._replay(run, e)
        return self._done[key]

    def _replay(self, run: RunData, e: EpisodeResult) -> Replayed | str:
        task = self.task_for(run, e.sample_id)
        if task is None:
            self.no_task += 1
            return f"task {e.sample_id!r} not found"
        from saferelbench.harness.episode import world_for
        from saferelbench.world import simulator

        try:  # the world the episode ran in (isbench: IS-Bench's simulator conventions)
            world = world_for(task, e.protocol)
        except ValueError as err:
            self.no_task += 1
            return f"task {e.sample_id!r}: {err}"
        state = world.initial
        states = [state]
        for s in e.steps:
            if s.action is not None:  # an unreadable output moved nothing
                state, result = simulator.step(world.scene, state, s.action, s.index)
                if result.outcome.value != s.outcome:
                    self.diverged += 1
                    return Replayed(
                        task,
                        world.scene,
                        states,
                        f"step {s.index}: replaying {s.action!r} gives {result.outcome.value!r}, "
                        f"the record says {s.outcome!r}",
                    )
            states.append(state)
        return Replayed(task, world.scene, states)
