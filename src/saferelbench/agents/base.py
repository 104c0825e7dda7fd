"""The agent seam: what an agent sees at a step and what it answers.

An agent is anything with ``name`` and ``act(observation) -> str``: the answer is the raw text
the agent "wrote" (for models, the completion; for built-in agents, a JSON object
``{"action": ..., "caution": ...}``). The harness parses it with ``agents.parsing``.
Built-in agents may read the symbolic state; model agents only get the prompt and image.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from saferelbench.world.state import Scene, State
from saferelbench.world.task import Task


@dataclass(frozen=True)
class HistoryItem:
    """One earlier step as the agent may know it."""

    action: str | None  #: the parsed action string (None if the output was invalid)
    caution: str | None = None
    outcome: str = "ok"  #: ok / failed / invalid / done
    reason: str = ""


#: The observation image: the PNG bytes, or a function that renders them on demand.
ImageSource = bytes | Callable[[], bytes | None] | None


@dataclass(frozen=True)
class Observation:
    """Everything available at one step. Model agents use ``prompt``/``image_png`` only.

    The image is rendered when :attr:`image_png` is first read: an agent that never looks at
    it (the built-in ones plan on the symbolic state) costs no rendering."""

    task: Task
    scene: Scene
    state: State
    step: int  #: 1-based index of the step being decided
    history: tuple[HistoryItem, ...] = ()
    prompt: str = ""  #: the rendered text prompt (harness.prompts)
    image: ImageSource = field(default=None, repr=False, compare=False)
    extra: dict[str, object] = field(default_factory=dict)

    @property
    def image_png(self) -> bytes | None:
        """The PNG of the current scene (None when the run has images off)."""
        return self.image() if callable(self.image) else self.image


class Agent(Protocol):
    name: str

    def act(self, observation: Observation) -> str:
        """Return the raw answer text for this step."""
        ...

    def reset(self, task: Task, seed: int) -> None:
        """Called once before each episode."""
        ...
