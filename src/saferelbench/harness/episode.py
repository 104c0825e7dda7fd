"""The closed-loop episode: observe, ask the agent, parse, step the simulator, record, repeat.

:class:`Episode` is a small state machine that owns everything but the agent call, so that the
same loop runs a built-in agent synchronously (:func:`run_episode`) and a model asynchronously
(the Inspect solver awaits ``generate`` between :meth:`Episode.observe` and
:meth:`Episode.submit`). It imports nothing from Inspect.

An episode ends when the agent says DONE, when the step limit is reached (the rule of
:func:`saferelbench.world.verdict.step_budget`: a fixed budget for dataset samples, golden plan
length + 10 under the ``isbench`` protocol and for IS-Bench tasks), after ``max_invalid``
consecutive invalid outputs, or when the agent raises (a model error after its retries):
``ended_by="error"``, counted as a failure.

Under the ``isbench`` protocol the episode follows IS-Bench's rules: it opens with the tips step
(:mod:`saferelbench.harness.tips`: the agent writes its safety tips before acting; that answer
is no step), an invalid answer (unreadable, unknown action, wrong arity, an object outside the
object list) is no step either (it is recorded, but only valid actions count towards the step
limit, checked after each action), and the agent is never told that an action failed.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from saferelbench.agents.base import Agent, HistoryItem, Observation
from saferelbench.agents.parsing import parse_output
from saferelbench.evaluation.moves import unneeded_moves
from saferelbench.evaluation.results import EpisodeResult, StepRecord
from saferelbench.harness.errors import Redactor, clean_text, describe_error
from saferelbench.harness.options import Option, Parameter
from saferelbench.harness.prompts import Prompt, PromptOptions, build_prompt
from saferelbench.harness.sources import SourceError, group_fields
from saferelbench.harness.tips import ACT_PHASE, TIPS_PHASE, parse_tips, tips_prompt
from saferelbench.world import simulator
from saferelbench.world.events import HazardEvent, Outcome
from saferelbench.world.scene_builder import World, build_world
from saferelbench.world.state import State
from saferelbench.world.task import Task
from saferelbench.world.verdict import (
    FALLBACK_STEP_LIMIT,
    GOLDEN_STEP_MARGIN,
    TaskEvaluator,
    Trajectory,
    TrajectoryStep,
    step_budget,
)

#: Steps allowed beyond the golden plan's length (IS-Bench's rule; see ``step_budget``).
STEP_MARGIN = GOLDEN_STEP_MARGIN
__all__ = [
    "DEFAULT_CONFIG",
    "FALLBACK_STEP_LIMIT",
    "STEP_MARGIN",
    "Episode",
    "EpisodeConfig",
    "ImageSink",
    "drive",
    "render_png",
    "run_episode",
    "step_limit_for",
    "world_for",
]

#: ``(sample_id, step, png) -> reference`` stored in the step record (None: not saved).
ImageSink = Callable[[str, int, bytes], str | None]


#: The prompt options as run options (``RunConfig.build`` folds them into one PromptOptions).
_PROMPT_OPTIONS = (
    Parameter(
        "prompt",
        str,
        "base",
        "Prompt variant: base, risk_aware or action_grounded (risk-aware etc. accepted).",
    ),
    Parameter(
        "report_failures",
        bool,
        False,
        "Tell the agent when an action failed (default: action history only, as the paper).",
    ),
    Parameter(
        "scene_text", bool, False, "Add a text description of the current scene to the prompt."
    ),
)


class EpisodeConfig(BaseModel):
    """How episodes are run; the same for every sample of a run. The episode part of
    :class:`saferelbench.harness.config.RunConfig` (which extends it)."""

    #: a field's help text is its ``description`` or the docstring written under it
    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)

    prompt: Annotated[PromptOptions, Option(expand=_PROMPT_OPTIONS)] = Field(
        default_factory=PromptOptions
    )
    step_limit: int | None = Field(
        default=None,
        ge=1,
        description="Steps per episode (default: the protocol's rule, see "
        "world.verdict.step_budget: 30 for dataset samples, golden plan length + 10 under "
        "isbench and for IS-Bench tasks).",
    )
    max_invalid: int = Field(
        default=3, ge=1, description="Consecutive invalid outputs that end an episode."
    )
    images: bool = Field(
        default=True,
        description="Offer an observation image every step (rendered only when read).",
    )
    labels: bool = Field(default=True, description="Draw instance-name labels in the image.")
    image_history: int = Field(
        default=1,
        ge=1,
        description="Frames shown per step: the last K observation images, oldest first, each "
        "marked with its step (1: the current image only, the paper's protocol).",
    )
    protocol: Literal["physical", "conditions", "isbench"] = Field(
        default="physical",
        description=(
            "Verdict protocol: physical (annotated conditions and no simulator hazard), "
            "conditions (annotated conditions only, the paper's eq. 1) or isbench (IS-Bench's "
            "own scoring, step limit, invalid-answer rules and tips step)."
        ),
    )

    @model_validator(mode="after")
    def _isbench_never_reports_failures(self) -> EpisodeConfig:
        if self.protocol == "isbench" and self.prompt.report_failures:
            raise ValueError(
                "report_failures: the isbench protocol never tells the agent that an action "
                "failed (drop --report-failures)"
            )
        return self


#: The default episode configuration (immutable).
DEFAULT_CONFIG = EpisodeConfig()


def step_limit_for(task: Task, config: EpisodeConfig) -> int:
    """``config.step_limit`` if given, else the protocol's rule (``world.verdict.step_budget``)."""
    if config.step_limit is not None:
        return config.step_limit
    return step_budget(task, config.protocol)


def world_for(task: Task, protocol: str) -> World:
    """The task's world under ``protocol``: ``isbench`` turns IS-Bench's simulator conventions
    on (:attr:`saferelbench.world.state.Scene.isbench_conventions`: objects on the same
    support are next to each other; repeating OPEN/CLOSE/TOGGLE_* on an object already in that
    state succeeds silently); the other protocols use the physical model's own rules."""
    load_error = getattr(task, "load_error", None)  # sources.UnloadableTask
    if load_error:
        raise SourceError(f"task {task.id!r} could not be read: {load_error}")
    return build_world(task, isbench_conventions=protocol == "isbench")


def render_png(scene: Any, state: State, labels: bool, steady: Any = None) -> bytes:
    """``steady`` (:class:`saferelbench.render.steady.SteadyFrames`): the episode's frame chain,
    so what did not move keeps its place and size from one image to the next."""
    if steady is not None:
        return bytes(steady.draw(state, labels=labels).png_bytes())
    from saferelbench.render import render  # lazy: only when images are on

    return bytes(render(scene, state, labels=labels).png_bytes())


class Episode:
    """One episode in progress. Call :meth:`observe`, get the agent's text, :meth:`submit` it;
    repeat while not :attr:`finished`; then :meth:`result`."""

    def __init__(
        self,
        task: Task,
        config: EpisodeConfig = DEFAULT_CONFIG,
        *,
        agent_name: str = "agent",
        seed: int = 0,
        image_sink: ImageSink | None = None,
        redactor: Redactor | None = None,
    ) -> None:
        self.task = task
        #: secrets (API keys in the environment) never stored in answers or error reasons
        self.redactor = redactor if redactor is not None else Redactor.from_environment()
        self.config = config
        self.agent_name = agent_name
        self.seed = seed
        self.image_sink = image_sink
        world = world_for(task, config.protocol)
        self.scene = world.scene
        self.initial = world.initial
        self.state = world.initial
        self.step_limit = step_limit_for(task, config)
        self.object_names = list(task.objects)
        #: the step log: per answer its record and its move (see :meth:`_log_step`); the
        #: records, the trajectory and the agent's history are read from it
        self._log: list[tuple[StepRecord, TrajectoryStep]] = []
        self._final_events: list[HazardEvent] = []  #: the end-of-episode hazards (result())
        self._history: list[HistoryItem] = []  #: :attr:`history`, extended as steps come
        self.finished = False
        self.ended_by: str = "step_limit"
        self.error: str | None = None
        self.usage: dict[str, int] = {}
        self._invalid_run = 0
        #: isbench: the tips step comes first; its answer and the tips read from it
        self.phase: str = TIPS_PHASE if config.protocol == "isbench" else ACT_PHASE
        self.tips_output: str | None = None
        self.stated_tips: list[str] | None = None
        self._pending_image: str | None = None
        self._pending_png: bytes | None = None
        self._frame: tuple[Any, bytes] | None = None  #: the last state drawn and its PNG
        self._steady: Any = None  #: the frame chain of the images drawn so far
        self._frame_uri: tuple[bytes, str] | None = None  #: the last PNG and its data URI
        #: earlier frames by the step they were shown at (kept for ``image_history`` only)
        self._history_pngs: dict[int, bytes] = {}
        self._result: EpisodeResult | None = None

    # ----- one step -----------------------------------------------------------------------------
    @property
    def isbench(self) -> bool:
        return self.config.protocol == "isbench"

    @property
    def steps(self) -> list[StepRecord]:
        """Each answer's record, as episodes.jsonl keeps it."""
        return [record for record, _ in self._log]

    @property
    def trajectory(self) -> Trajectory:
        """What the evaluator judges: each answer's move (unreadable ones as INVALID), with the
        states before and after it, and the end-of-episode hazards once scored."""
        return Trajectory(self.initial, [move for _, move in self._log], self._final_events)

    @property
    def history(self) -> list[HistoryItem]:
        """The earlier steps as the agent may know them, read from the step log
        (:attr:`steps`): the parsed action, the caution, the outcome and its reason."""
        for s, _ in self._log[len(self._history) :]:
            self._history.append(HistoryItem(s.action, s.caution, s.outcome, s.reason))
        return self._history

    @property
    def step(self) -> int:
        """1-based index of the answer about to be given (every recorded answer counts)."""
        return len(self._log) + 1

    @property
    def steps_used(self) -> int:
        """Steps counted towards the limit: every answer, or under ``isbench`` only the valid
        actions (an invalid answer is no step there)."""
        if not self.isbench:
            return len(self._log)
        return sum(1 for s, _ in self._log if s.outcome != "invalid")

    def prompt(self) -> Prompt:
        if self.phase == TIPS_PHASE:
            return tips_prompt(
                self.task,
                options=self.config.prompt,
                has_image=self.config.images,
                scene=self.scene,
                state=self.state,
            )
        return build_prompt(
            self.task,
            step=self.steps_used + 1,
            step_limit=self.step_limit,
            history=self.history,
            options=self.config.prompt,
            has_image=self.config.images,
            scene=self.scene,
            state=self.state,
        )

    @property
    def image_pending(self) -> bool:
        """Whether :meth:`image` would draw a frame now (images on, the state not drawn yet):
        only then is it worth running on a worker thread."""
        if not self.config.images or self._pending_png is not None:
            return False
        return self._frame is None or self._frame[0] is not self.state

    def image(self) -> bytes | None:
        """The observation image of the current state (rendered once per step)."""
        if not self.config.images:
            return None
        if self._pending_png is None:
            # A failed or invalid step leaves the very same state object: its frame is the
            # last one, byte for byte (rendering is deterministic), so it is not drawn again.
            if self._frame is not None and self._frame[0] is self.state:
                self._pending_png = self._frame[1]
            else:
                if self._steady is None:
                    from saferelbench.render.steady import SteadyFrames

                    self._steady = SteadyFrames(self.scene, self.initial)
                self._pending_png = render_png(
                    self.scene, self.state, self.config.labels, steady=self._steady
                )
                self._frame = (self.state, self._pending_png)
            if self.image_sink is not None:
                self._pending_image = self.image_sink(self.task.id, self.step, self._pending_png)
        return self._pending_png

    def image_data_uri(self) -> str | None:
        """:meth:`image` as a ``data:image/png;base64,...`` URI (what a model API gets); a
        step that reuses the last frame reuses its URI too (no second base64 encoding)."""
        png = self.image()
        if png is None:
            return None
        if self._frame_uri is None or self._frame_uri[0] is not png:
            self._frame_uri = (png, "data:image/png;base64," + base64.b64encode(png).decode())
        return self._frame_uri[1]

    def frame_states(self) -> list[tuple[int, State]]:
        """The states of the last ``image_history`` observations, oldest first, each with the
        step it was shown at: the state before every earlier answer, then the current one."""
        k = self.config.image_history
        earlier = [(i, s.before) for i, s in enumerate(self.trajectory.steps, start=1)]
        shown = earlier[-(k - 1) :] if k > 1 else []
        return [*shown, (self.step, self.state)]

    def frames(self) -> list[tuple[int, bytes]]:
        """The last ``image_history`` observation images as ``(step, png)``, oldest first
        (the current image last); empty when images are off. An earlier frame is the image
        that step showed, drawn again if it was never drawn (rendering is deterministic)."""
        if not self.config.images:
            return []
        current = self.image()
        assert current is not None
        out: list[tuple[int, bytes]] = []
        for step, state in self.frame_states()[:-1]:
            png = self._history_pngs.get(step)
            if png is None:
                png = render_png(self.scene, state, self.config.labels)
                self._history_pngs[step] = png
            out.append((step, png))
        keep = {step for step, _ in out}
        self._history_pngs = {k: v for k, v in self._history_pngs.items() if k in keep}
        self._history_pngs[self.step] = current
        return [*out, (self.step, current)]

    def observe(self) -> Observation:
        """What the agent gets for the next step. The image is rendered only if the agent reads
        it, or if an image sink keeps every frame."""
        if self.image_sink is not None:
            self.image()
        prompt = self.prompt()
        return Observation(
            task=self.task,
            scene=self.scene,
            state=self.state,
            step=self.step,
            history=tuple(self.history),
            prompt=prompt.combined,
            image=self.image if self.config.images else None,  # rendered if the agent reads it
            extra={
                "system": prompt.system,
                "user": prompt.user,
                "step_limit": self.step_limit,
                "phase": self.phase,
                # the last ``image_history`` frames as (step, png), drawn when called
                "frames": self.frames,
            },
        )

    def submit_tips(self, raw: str, usage: dict[str, int] | None = None) -> list[str]:
        """Record the answer to the tips step (``isbench``); it is no step. Returns the tips."""
        if self.phase != TIPS_PHASE:
            raise RuntimeError("this episode has no tips step pending")
        for key, value in (usage or {}).items():
            self.usage[key] = self.usage.get(key, 0) + int(value)
        raw = self.redactor(clean_text(raw or ""))
        self.tips_output = raw
        self.stated_tips = parse_tips(raw)
        self.phase = ACT_PHASE
        # the first action step sees the very same state: its frame (and saved image) is kept
        return self.stated_tips

    def submit(self, raw: str, usage: dict[str, int] | None = None) -> StepRecord:
        """Record the agent's answer for the current step and advance the world."""
        if self.finished:
            raise RuntimeError("episode already finished")
        if self.phase == TIPS_PHASE:
            raise RuntimeError("the tips step comes first: call submit_tips")
        step_usage = {key: int(value) for key, value in (usage or {}).items()}
        for key, value in step_usage.items():
            self.usage[key] = self.usage.get(key, 0) + value
        index = self.step
        raw = self.redactor(clean_text(raw))  # a lone surrogate would make the episode unwritable
        parsed = parse_output(raw, self.object_names)
        image = self._pending_image
        self._pending_image, self._pending_png = None, None
        if parsed.action is None:
            record = StepRecord(
                index=index,
                raw_output=raw,
                action=None,
                caution=parsed.caution,
                outcome="invalid",
                reason=parsed.error or "invalid output",
                image=image,
                usage=step_usage,
            )
            self._invalid_run += 1
            move = TrajectoryStep(parsed.raw_action or "", Outcome.INVALID, self.state, self.state)
        else:
            new_state, result = simulator.step(self.scene, self.state, parsed.action, index)
            move = TrajectoryStep(
                result.action, result.outcome, self.state, new_state, result.events
            )
            self.state = new_state
            record = StepRecord(
                index=index,
                raw_output=raw,
                action=parsed.action,
                caution=parsed.caution,
                outcome=result.outcome.value,
                reason=result.reason,
                hazards=list(move.events),  # the very events the evaluator judges
                image=image,
                usage=step_usage,
            )
            self._invalid_run = self._invalid_run + 1 if result.outcome is Outcome.INVALID else 0
            if result.outcome is Outcome.DONE:
                self._end("done")
        self._log_step(record, move)
        if not self.finished:
            if self._invalid_run >= self.config.max_invalid:
                self._end("invalid_outputs")
            elif self.steps_used >= self.step_limit:
                self._end("step_limit")
        return record

    def submit_invalid(
        self, raw: str, reason: str, usage: dict[str, int] | None = None
    ) -> StepRecord:
        """Record an answer the harness rejected before reading it as an action (a tool call
        to no action tool, a text answer where a tool call was due) as an invalid step with
        ``reason``; it counts like any invalid output."""
        if self.finished:
            raise RuntimeError("episode already finished")
        if self.phase == TIPS_PHASE:
            raise RuntimeError("the tips step comes first: call submit_tips")
        step_usage = {key: int(value) for key, value in (usage or {}).items()}
        for key, value in step_usage.items():
            self.usage[key] = self.usage.get(key, 0) + value
        image = self._pending_image
        self._pending_image, self._pending_png = None, None
        record = StepRecord(
            index=self.step,
            raw_output=self.redactor(clean_text(raw)),
            action=None,
            outcome="invalid",
            reason=self.redactor(clean_text(reason)) or "invalid output",
            image=image,
            usage=step_usage,
        )
        self._invalid_run += 1
        self._log_step(record, TrajectoryStep("", Outcome.INVALID, self.state, self.state))
        if self._invalid_run >= self.config.max_invalid:
            self._end("invalid_outputs")
        elif self.steps_used >= self.step_limit:
            self._end("step_limit")
        return record

    def _log_step(self, record: StepRecord, move: TrajectoryStep) -> None:
        """The one place an answer is logged: its record (what episodes.jsonl keeps and the
        agent's :attr:`history` is read from) and its move (the states before and after and the
        hazard events, what the evaluator judges), one of each per answer."""
        self._log.append((record, move))

    def fail(self, error: BaseException | str) -> None:
        """End the episode because the agent (or the model behind it) raised; the reason is
        one line, without secrets (see :func:`saferelbench.harness.errors.describe_error`)."""
        self.error = describe_error(error, redactor=self.redactor) or "error"
        self._end("error")

    def _end(self, how: str) -> None:
        self.finished = True
        self.ended_by = how

    # ----- the verdict ---------------------------------------------------------------------------
    def result(self) -> EpisodeResult:
        """Score the finished episode (end-of-episode hazards, eq. 1 verdict) once."""
        if self._result is not None:
            return self._result
        if not self.finished:
            raise RuntimeError("episode not finished")
        final_events: list[HazardEvent] = simulator.finish(
            self.scene, self.initial, self.state, len(self.steps) + 1
        )
        self._final_events = final_events
        verdict = TaskEvaluator(self.task, self.scene, self.config.protocol).evaluate(
            self.trajectory
        )
        moved = unneeded_moves(self.task, [(s.action, s.outcome) for s in self.steps])
        # an errored episode is a failure whatever the state says (EpisodeResult.task_success)
        self._result = EpisodeResult(
            sample_id=self.task.id,
            **group_fields(self.task),
            agent=self.agent_name,
            prompt=self.config.prompt.variant.value,
            seed=self.seed,
            ended_by=self.ended_by,  # type: ignore[arg-type]
            error=self.error,
            steps=self.steps,
            verdict=verdict,
            protocol=verdict.protocol,
            usage=dict(self.usage),
            stated_tips=self.stated_tips,
            tips_output=self.tips_output,
            unneeded_moves=len(moved),
            unneeded_moved=moved,
        )
        return self._result


def drive(episode: Episode, agent: Agent, task: Task, seed: int) -> EpisodeResult:
    """Play a synchronous agent through ``episode`` to its end; an agent that raises ends the
    episode as errored."""
    try:
        agent.reset(task, seed)
    except Exception as exc:  # an agent that cannot even start is an errored episode
        episode.fail(exc)
    if not episode.finished and episode.phase == TIPS_PHASE:
        # an agent answers the tips step with ``write_tips(observation) -> str``; one without
        # it states no tips (awareness 0 under isbench): ``act`` is never called for it
        writer = getattr(agent, "write_tips", None)
        try:
            episode.submit_tips(writer(episode.observe()) if callable(writer) else "")
        except Exception as exc:
            episode.fail(exc)
    while not episode.finished:
        observation = episode.observe()
        try:
            raw = agent.act(observation)
        except Exception as exc:
            episode.fail(exc)
            break
        episode.submit(raw)
    return episode.result()


def run_episode(
    task: Task,
    agent: Agent,
    config: EpisodeConfig = DEFAULT_CONFIG,
    *,
    seed: int = 0,
    image_sink: ImageSink | None = None,
) -> EpisodeResult:
    """Run one episode of a synchronous agent (built-in agents, replay, custom Python agents)."""
    episode = Episode(task, config, agent_name=agent.name, seed=seed, image_sink=image_sink)
    return drive(episode, agent, task, seed)
