"""Running the perception probe: the images of a task (its initial scene and the scene after
each step of its golden plan), their questions, a built-in answerer, and the result file.

The result file (JSON) holds ``{"kind": "saferelbench-probe", "agent", "seed", "per_relation",
"summary", "answers": [...]}``; :func:`read_probe_result` reads it back with one clear line
when it is not one.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from saferelbench.evaluation.probe import (
    ProbeAnswer,
    ProbeSummary,
    Question,
    is_correct,
    probe_questions,
    random_answer,
    shown_objects,
    state_answer,
)
from saferelbench.world.errors import InputError
from saferelbench.world.events import Outcome
from saferelbench.world.rollout import run_actions
from saferelbench.world.scene_builder import build_world
from saferelbench.world.state import Scene, State
from saferelbench.world.task import Task

RESULT_KIND = "saferelbench-probe"
BUILTIN_ANSWERERS = ("state", "random")
#: The plans whose step images the probe shows: ``golden`` (every task has one) or ``naive``
#: (a dataset sample's unsafe plan: fallen, spilled, burning things; a task without one shows
#: its initial image only).
PLANS = ("golden", "naive")


class ProbeResultError(InputError):
    """A probe result file that cannot be read (the message names the file and the field)."""


class ProbeTaskError(InputError):
    """A task the probe cannot draw (the message names the task)."""


@dataclass(frozen=True)
class ProbeImage:
    """One image of the probe: a task's state at ``step`` (0: the initial scene)."""

    task: Task
    step: int
    scene: Scene
    state: State
    questions: tuple[Question, ...]

    @property
    def key(self) -> str:
        return f"{self.task.id}/{self.step}"

    @property
    def sample_relation(self) -> str | None:
        """The benchmark relation of a spatial sample (None: a control or another task)."""
        if getattr(self.task, "split", None) != "spatial":
            return None
        return getattr(self.task, "relation", None)


def probe_ready(tasks: Iterable[Task]) -> tuple[list[Task], list[Task]]:
    """The tasks the probe can show, and those it cannot: a task file that could not be read
    (it carries a ``load_error``) has no scene to draw."""
    ready: list[Task] = []
    skipped: list[Task] = []
    for t in tasks:
        (skipped if getattr(t, "load_error", None) else ready).append(t)
    return ready, skipped


def task_states(
    task: Task, max_steps: int | None = None, plan: str = "golden"
) -> tuple[Scene, list[State]]:
    """The scene and the states the probe shows: the initial one, then the state after each
    action of the ``plan`` (:data:`PLANS`) (at most ``max_steps`` of them; None: all; DONE changes nothing
    and adds no image). A task whose world
    cannot be built raises :class:`ProbeTaskError` naming the task."""
    try:
        world = build_world(task)
    except (InputError, ValueError, KeyError) as exc:
        raise ProbeTaskError(f"{task.id}: cannot build its scene: {exc}") from None
    if plan not in PLANS:
        raise ValueError(f"unknown plan {plan!r}; valid values: {', '.join(PLANS)}")
    steps = task.golden_plan if plan == "golden" else getattr(task, "naive_plan", None) or []
    actions = [s.action for s in steps]
    if max_steps is not None:
        actions = actions[:max_steps]
    trajectory, _ = run_actions(world, actions)
    after = [s.after for s in trajectory.steps if s.outcome is not Outcome.DONE]
    return world.scene, [world.initial, *after]


def probe_images(
    tasks: Iterable[Task],
    *,
    seed: int = 0,
    per_relation: int = 2,
    max_steps: int | None = None,
    plan: str = "golden",
) -> Iterator[ProbeImage]:
    """Every image of every task with its questions (images without a question are left out)."""
    for task in tasks:
        scene, states = task_states(task, max_steps, plan)
        for step, state in enumerate(states):
            questions = probe_questions(
                scene,
                state,
                seed=seed,
                key=f"{task.id}/{step}" if plan == "golden" else f"{task.id}/{plan}/{step}",
                per_relation=per_relation,
            )
            if questions:
                yield ProbeImage(task, step, scene, state, tuple(questions))


Answerer = Callable[[ProbeImage, Question], str]


def builtin_answerer(name: str, seed: int = 0) -> Answerer:
    """``state``: answers from the image's state (accuracy 1.0); ``random``: seeded guesses."""
    if name == "state":
        return lambda image, q: state_answer(image.scene, image.state, q)
    if name == "random":
        rng = random.Random(f"saferelbench-probe-random:{seed}")

        def guess(image: ProbeImage, q: Question) -> str:
            return random_answer(rng, q, shown_objects(image.scene, image.state))

        return guess
    raise ValueError(f"unknown probe agent {name!r}; valid values: {', '.join(BUILTIN_ANSWERERS)}")


def answer_all(
    images: Iterable[ProbeImage],
    answerer: Answerer,
    progress: Callable[[ProbeImage], None] | None = None,
) -> list[ProbeAnswer]:
    out: list[ProbeAnswer] = []
    for image in images:
        for q in image.questions:
            response = answerer(image, q)
            ok = is_correct(q, response, image.scene)
            out.append(
                ProbeAnswer(image.task.id, image.step, image.sample_relation, q, response, ok)
            )
        if progress is not None:
            progress(image)
    return out


def result_json(
    answers: list[ProbeAnswer], *, agent: str, seed: int, per_relation: int, plan: str = "golden"
) -> dict[str, Any]:
    return {
        "kind": RESULT_KIND,
        "agent": agent,
        "seed": seed,
        "per_relation": per_relation,
        "plan": plan,
        "summary": ProbeSummary.of(answers).to_json(),
        "answers": [a.to_json() for a in answers],
    }


def write_probe_result(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def read_probe_result(path: Path) -> tuple[dict[str, Any], list[ProbeAnswer]]:
    """The result file's header and its answers."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ProbeResultError(f"{path}: cannot read the probe result: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise ProbeResultError(f"{path}: not JSON (line {exc.lineno}): {exc.msg}") from None
    if not isinstance(data, dict) or data.get("kind") != RESULT_KIND:
        raise ProbeResultError(
            f"{path}: not a probe result (field 'kind' is not {RESULT_KIND!r}; "
            "write one with `saferelbench probe`)"
        )
    answers: list[ProbeAnswer] = []
    for i, raw in enumerate(data.get("answers") or []):
        try:
            answers.append(ProbeAnswer.from_json(raw))
        except (KeyError, TypeError, ValueError) as exc:
            raise ProbeResultError(f"{path}: answer {i}: bad or missing field {exc}") from None
    return data, answers
