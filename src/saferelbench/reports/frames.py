"""Step images drawn for the report: every episode re-simulated from its task and recorded actions.

The simulator is deterministic, so the state before step *k* is the task's initial state with
the actions of steps 1 .. k-1 applied; drawing it with :func:`saferelbench.render.render` gives
the observation the agent saw at step *k* (same renderer, same labels), whether or not the run
kept any image. A replayed step whose outcome differs from the recorded one (a run made by
another version of the simulator, or an edited file) stops the drawing of that episode: the
report never shows a picture of a state the agent did not see.

Frames are drawn at the agent's size (1024x768), halved (512x384) and stored as 64-colour PNG:
the schematic images have few colours, so this is several times smaller than JPEG at the same
size and keeps the name tags sharp (about 5 kB a frame).
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass, field
from pathlib import Path

from saferelbench.harness.results import EpisodeResult
from saferelbench.reports.loading import RunData
from saferelbench.world.task import Task

FRAME_COLOURS = 64
ISBENCH_PREFIX = "isbench:"
FILE_PREFIX = "file:"


def encode_frame(image: object) -> bytes:
    """Halve, reduce to :data:`FRAME_COLOURS` colours, PNG-encode (deterministic bytes)."""
    from PIL import Image

    assert isinstance(image, Image.Image)
    small = image.convert("RGB").reduce(2)
    buf = io.BytesIO()
    small.quantize(FRAME_COLOURS, method=Image.Quantize.FASTOCTREE).save(buf, "PNG")
    return buf.getvalue()


def digest(data: bytes) -> str:
    return hashlib.sha1(data).hexdigest()[:16]


@dataclass
class EpisodeFrames:
    """The drawn frame (PNG bytes) of each step, None where it could not be drawn."""

    frames: list[bytes | None]
    problem: str | None = None  #: why some or all frames are missing


@dataclass
class FrameDrawer:
    """Finds each episode's task and draws its steps; remembers tasks per run source."""

    _tasks: dict[str, dict[str, Task] | None] = field(default_factory=dict)
    drawn: int = 0  #: frames drawn
    no_task: int = 0  #: episodes whose task was not found
    diverged: int = 0  #: episodes whose replay disagreed with the record

    def _source_tasks(self, split: str | None) -> dict[str, Task] | None:
        """Tasks of a run's ``split`` when it names a folder or file (None: the dataset)."""
        if not split or not split.startswith((ISBENCH_PREFIX, FILE_PREFIX)):
            return None
        if split in self._tasks:
            return self._tasks[split]
        found: dict[str, Task] | None
        try:
            if split.startswith(ISBENCH_PREFIX):
                from saferelbench.dataset.isbench import load_task

                folder = Path(split[len(ISBENCH_PREFIX) :]).expanduser()
                task_dir = folder / "tasks" if (folder / "tasks").is_dir() else folder
                found = {t.id: t for t in (load_task(f) for f in sorted(task_dir.glob("*.json")))}
            else:
                from saferelbench.dataset.store import read_samples

                path = Path(split[len(FILE_PREFIX) :]).expanduser()
                found = {s.id: s for s in read_samples(path, check=False)}
        except (OSError, ValueError):
            found = {}
        self._tasks[split] = found
        return found

    def task_for(self, run: RunData, sample_id: str) -> Task | None:
        source = self._source_tasks(run.info.split)
        if source is not None:
            return source.get(sample_id)
        from saferelbench.dataset.store import get_sample

        try:
            return get_sample(sample_id)
        except KeyError:
            return None

    def episode(self, run: RunData, e: EpisodeResult) -> EpisodeFrames:
        """Replay ``e`` and draw the observation of each of its steps."""
        if not e.steps:
            return EpisodeFrames([])
        task = self.task_for(run, e.sample_id)
        if task is None:
            self.no_task += 1
            return EpisodeFrames(
                [None] * len(e.steps), f"task {e.sample_id!r} not found: frames not drawn"
            )
        from saferelbench.render import render
        from saferelbench.world import simulator
        from saferelbench.world.scene_builder import build_world

        try:
            world = build_world(task)
        except ValueError as err:
            self.no_task += 1
            return EpisodeFrames([None] * len(e.steps), f"task {e.sample_id!r}: {err}")
        labels = bool(run.info.extra.get("labels", True))
        scene, state = world.scene, world.initial
        frames: list[bytes | None] = []
        for s in e.steps:
            frames.append(encode_frame(render(scene, state, labels=labels).image))
            self.drawn += 1
            if s.action is None:  # unreadable output: the world did not move
                continue
            state, result = simulator.step(scene, state, s.action, s.index)
            if result.outcome.value != s.outcome:
                self.diverged += 1
                rest = len(e.steps) - len(frames)
                return EpisodeFrames(
                    frames + [None] * rest,
                    f"step {s.index}: replaying {s.action!r} gives {result.outcome.value!r}, "
                    f"the record says {s.outcome!r}: later frames not drawn",
                )
        return EpisodeFrames(frames)

