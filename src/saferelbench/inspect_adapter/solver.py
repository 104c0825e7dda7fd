"""The Inspect solver: one closed-loop episode per sample with the evaluated model.
With ``actions="tools"`` the model answers with tool calls instead
(:mod:`saferelbench.inspect_adapter.tools`).

It runs :class:`~saferelbench.harness.episode.Episode` and calls ``get_model()`` once per step
with the image (a PNG data URI) and the step prompt. A model error that survives Inspect's
retries ends the episode with ``ended_by="error"``: the sample is still scored (as a failure),
instead of vanishing from the metrics. The finished episode is handed to the scorer in process
memory (:func:`hand_over`, :func:`take_over`), so the log holds it once: in the score's
metadata. (Logs written before kept it in the sample store, :class:`EpisodeStore`, too.)
"""

from __future__ import annotations

from typing import Any

import anyio
from inspect_ai.model import (
    CachePolicy,
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageUser,
    ContentText,
    GenerateConfig,
    get_model,
)
from inspect_ai.solver import Generate, Solver, TaskState, solver
from inspect_ai.util import StoreModel, store_as
from pydantic import Field

from saferelbench.evaluation.results import NOT_LOADED, EpisodeResult
from saferelbench.harness.config import RunConfig
from saferelbench.harness.episode import Episode
from saferelbench.harness.errors import Redactor, describe_error, install_log_redaction
from saferelbench.harness.ledger import Budget, PriceTable, UsageTail
from saferelbench.harness.rundir import RunDir
from saferelbench.harness.runner import errored_result
from saferelbench.harness.tips import TIPS_PHASE
from saferelbench.inspect_adapter.dataset import task_metadata, task_of
from saferelbench.inspect_adapter.images import frame_contents, images_in, png_data_uri
from saferelbench.inspect_adapter.tools import play_with_tools

__all__ = ["META_KEY", "episode_solver", "png_data_uri", "step_messages", "step_metadata"]

#: Key of the per-step message metadata built-in providers read (sample id, seed, actions).
META_KEY = "saferelbench"


class BudgetReached(RuntimeError):
    """The run's cost or token budget is spent: the sample is not run (``--resume`` runs it)."""


class EpisodeStore(StoreModel):
    """The sample store where older logs kept the finished episode (read when such a log is
    scored again)."""

    episode: dict[str, Any] | None = Field(default=None)


#: Finished episodes waiting for the scorer, by the sample run's ``TaskState.uuid``. Solver and
#: scorer of a sample run in one process; keeping the episode out of the sample store keeps it
#: out of the store's log events too, so the log holds it once (the score's metadata).
_FINISHED: dict[str, EpisodeResult] = {}


def hand_over(state: TaskState, result: EpisodeResult) -> None:
    """The solver's finished (or errored) episode, for :func:`take_over`."""
    _FINISHED[state.uuid] = result


def take_over(state: TaskState) -> EpisodeResult | None:
    """The episode the solver handed over for this sample run; else the one an older log kept
    in the sample store; None when there is neither."""
    result = _FINISHED.pop(state.uuid, None)
    if result is not None:
        return result
    data = store_as(EpisodeStore).episode
    return EpisodeResult.model_validate(data) if data else None


def wants_step_metadata(api: object) -> bool:
    """Whether a model provider reads the step metadata (the built-in agents' provider sets
    ``wants_step_metadata = True``). Other providers never read it, and Inspect copies every
    message into its model event and log, so they get the messages without it."""
    return bool(getattr(api, "wants_step_metadata", False))


def step_messages(
    episode: Episode, seed: int, epoch: int = 0, *, metadata: bool = True
) -> list[ChatMessage]:
    """The two messages of one step: system text, then image + step text. With ``metadata``
    the user message carries what lets the built-in providers rebuild the state: the sample
    id and the actions so far; on the first step also the task itself, which the provider
    keeps for the later steps."""
    prompt = episode.prompt()
    images = frame_contents(episode)  # the current image, or the last K frames, labelled
    content: str | list[Any] = [*images, ContentText(text=prompt.user)] if images else prompt.user
    if not metadata:
        return [ChatMessageSystem(content=prompt.system), ChatMessageUser(content=content)]
    meta = step_metadata(episode, seed, epoch)
    return [
        ChatMessageSystem(content=prompt.system),
        ChatMessageUser(content=content, metadata=meta),
    ]


def step_metadata(episode: Episode, seed: int, epoch: int = 0) -> dict[str, Any]:
    """What a built-in provider needs to rebuild the step (see :func:`step_messages`)."""
    step_meta: dict[str, Any] = {
        "sample_id": episode.task.id,
        "seed": seed,
        "epoch": epoch,
        "step": episode.step,
        "step_limit": episode.step_limit,
        "actions": [h.action for h in episode.history],
        "phase": episode.phase,
        "protocol": episode.config.protocol,
    }
    first = episode.phase == TIPS_PHASE or (not episode.history and not episode.isbench)
    if first:  # the episode's first message (under isbench, the tips step)
        step_meta.update(task_metadata(episode.task))
    return {META_KEY: step_meta}


def _usage_dict(output: Any, images: int = 0) -> dict[str, int]:
    """One call's usage as the provider reported it (no estimate: a field the provider left
    out stays out), with the number of images sent."""
    usage = getattr(output, "usage", None)
    out = {"calls": 1, "images": images}
    if usage is None:
        return out
    for key in ("input_tokens", "output_tokens", "total_tokens"):
        value = getattr(usage, key, None)
        if isinstance(value, int):
            out[key] = value
    return out


@solver
def episode_solver(
    config: dict[str, Any] | None = None, record_dir: str | None = None, loop: str = "plain"
) -> Solver:
    """Run the closed-loop episode of the sample with the evaluated model. ``config``: a
    :class:`~saferelbench.harness.config.RunConfig` as JSON (default: the defaults); with
    ``record_dir``, observation images are saved in that run directory; ``loop`` (tool-call
    actions only): ``plain`` (the model called with the tools), ``generate`` (Inspect's
    ``use_tools`` + ``generate``) or ``react`` (Inspect's ``react()`` agent)."""
    run_config = RunConfig.from_json(config or {})
    episode_config = run_config.episode()
    seed, images = run_config.seed, run_config.images
    generate_config = (
        GenerateConfig(temperature=run_config.temperature, seed=seed)
        if run_config.temperature is not None
        else GenerateConfig(seed=seed)
    )
    cache: CachePolicy | bool = (
        CachePolicy(expiry=None if run_config.cache == "never" else run_config.cache)
        if run_config.cache
        else False
    )
    budget = Budget(run_config.max_cost, run_config.token_budget)
    prices = PriceTable.from_json(run_config.prices)
    spent = UsageTail(RunDir(record_dir).episodes_path) if (budget and record_dir) else None

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        t = task_of(state.metadata, state.sample_id)
        model = get_model()
        if spent is not None:  # checked per sample: an episode is never cut by the budget
            price = prices.price_of(str(model)) if prices is not None else None
            reason = budget.exceeded(spent.read(), price)
            if reason is not None:  # a sample error that run_inspect leaves unrecorded
                raise BudgetReached(reason)
        # the provider's own key too: it may have come from -M api_key=... rather than the env
        redactor = Redactor.from_environment({"api_key": getattr(model.api, "api_key", None)})
        install_log_redaction(redactor)  # Inspect's handlers exist now: its trace file, console
        keep = bool(record_dir and images and run_config.save_frames)
        sink = RunDir(record_dir).save_image if (keep and record_dir) else None
        load_error = getattr(t, "load_error", None)  # sources.UnloadableTask
        if load_error:
            failed = errored_result(t, str(model), episode_config, seed, NOT_LOADED + load_error)
            hand_over(state, failed)
            return state
        try:
            episode = Episode(
                t,
                episode_config,
                agent_name=str(model),
                seed=seed,
                image_sink=sink,
                redactor=redactor,
            )
        except Exception as exc:  # a task the world cannot build (an unreadable task file):
            # an errored episode, scored as a failure like a native run's
            failed = errored_result(
                t, str(model), episode_config, seed, describe_error(exc, redactor=redactor)
            )
            hand_over(state, failed)
            return state
        transcript: list[ChatMessage] = []
        # the built-in providers read the step metadata; with the response cache on it stays
        # too, as part of the cache key (docs/harness.md: two samples whose step looks alike
        # never share an answer)
        with_metadata = wants_step_metadata(model.api) or bool(cache)
        if run_config.actions == "tools":  # one typed tool call per action
            epoch = state.epoch
            transcript = await play_with_tools(
                episode,
                model,
                metadata=lambda: step_metadata(episode, seed, epoch) if with_metadata else None,
                config=generate_config,
                cache=cache,
                loop=loop,
                state=state,
                generate=generate,
            )
        while not episode.finished:
            # Render and encode the observation off the event loop: PNG compression releases
            # the GIL, so the second core takes it while the loop keeps serving other samples
            # (docs/performance.md). ``Episode.image`` caches the frame for step_messages; a
            # frame already drawn (the state did not change) needs no thread.
            if episode.image_pending:
                await anyio.to_thread.run_sync(episode.image)
            messages = step_messages(episode, seed, state.epoch, metadata=with_metadata)
            if not transcript:
                transcript.append(messages[0])
            try:
                output = await model.generate(messages, config=generate_config, cache=cache)
            except Exception as exc:  # after Inspect's own retries: the episode errors
                episode.fail(exc)  # one line, secrets redacted
                break
            # The log keeps text only: images are in the model events when log_images is on.
            usage = _usage_dict(output, images_in(messages[1:]))
            if episode.phase == TIPS_PHASE:  # isbench: the tips written before acting
                episode.submit_tips(output.completion, usage)
                answer = episode.tips_output or ""
            else:
                answer = episode.submit(output.completion, usage).raw_output or ""
            transcript.append(ChatMessageUser(content=messages[1].text))
            transcript.append(ChatMessageAssistant(content=answer))  # cleaned, redacted
        result = episode.result()
        hand_over(state, result)
        state.messages = transcript
        state.output.completion = result.steps[-1].raw_output or "" if result.steps else ""
        return state

    return solve
