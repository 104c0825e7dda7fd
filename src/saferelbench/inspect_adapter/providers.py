"""The built-in agents as Inspect model providers: ``saferelbench/oracle``,
``saferelbench/task-only``, ``saferelbench/random`` (and ``saferelbench/replay`` with
``-M plan=FILE``).

A provider only sees chat messages. The solver attaches to each step's user message the sample
id, the seed and the actions issued so far (message metadata, key ``saferelbench``), and to the
first step's message the task itself, which the provider keeps with the episode's agent; the
provider rebuilds the world state by replaying those actions from the initial state (the
simulator is deterministic, so failed actions fail again and change nothing), then asks the
agent. Agents are kept per (sample, seed) so a seeded random agent draws the same sequence as
in-process. Token usage is set here (a rough character count) so Inspect never reaches for a
tokenizer download.
"""

from __future__ import annotations

import threading
from typing import Any

from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageTool,
    ChatMessageUser,
    GenerateConfig,
    ModelAPI,
    ModelOutput,
    ModelUsage,
    modelapi,
)
from inspect_ai.tool import ToolChoice, ToolInfo

from saferelbench.agents.base import Agent, HistoryItem, Observation
from saferelbench.agents.parsing import parse_output
from saferelbench.agents.registry import agent_names, make_agent
from saferelbench.harness.episode import world_for
from saferelbench.harness.tips import TIPS_PHASE
from saferelbench.inspect_adapter.dataset import TASK_KEY, task_of
from saferelbench.inspect_adapter.solver import META_KEY
from saferelbench.inspect_adapter.tools import CAUTION, EPISODE_OVER, call_action, tool_name
from saferelbench.world import simulator
from saferelbench.world.action_specs import REGISTRY
from saferelbench.world.actions import split_action
from saferelbench.world.errors import SafeRelBenchError
from saferelbench.world.task import Task


class ProviderError(SafeRelBenchError, RuntimeError):
    """A request the built-in provider cannot serve (not from the saferelbench solver)."""


def _step_metadata(messages: list[ChatMessage]) -> dict[str, Any]:
    for message in reversed(messages):
        if (
            isinstance(message, ChatMessageUser)
            and message.metadata
            and META_KEY in message.metadata
        ):
            meta = message.metadata[META_KEY]
            if isinstance(meta, dict):
                return meta
    raise ProviderError(
        "built-in saferelbench agents only run inside the saferelbench task "
        "(no sample metadata in the request)"
    )


def _text_of(messages: list[ChatMessage]) -> str:
    return "\n\n".join(m.text for m in messages if m.text)


@modelapi(name="saferelbench")
class BuiltinAgentAPI(ModelAPI):
    """``--model saferelbench/<agent>``; ``-M key=value`` options go to the agent factory."""

    #: the solver attaches the step metadata (sample id, actions, task) for this provider only
    wants_step_metadata = True

    def __init__(
        self,
        model_name: str,
        base_url: str | None = None,
        api_key: str | None = None,
        config: GenerateConfig = GenerateConfig(),  # noqa: B008 (ModelAPI signature)
        **agent_options: Any,
    ) -> None:
        super().__init__(model_name, base_url, api_key, [], config)
        names = agent_names()
        if model_name not in names:
            raise ValueError(
                f"unknown built-in agent {model_name!r}; available: {', '.join(names)}"
            )
        self.agent_options = agent_options
        make_agent(model_name, **agent_options)  # fail now on bad options, not mid-run
        #: per (sample, seed, epoch): the episode's agent and task (from its first step)
        self._agents: dict[tuple[str, int, int], tuple[Agent, Task]] = {}
        self._lock = threading.Lock()

    def _tool_answer(self, messages: list[ChatMessage], prompt_text: str) -> ModelOutput:
        """The agent's answer as a tool call. The conversation since the step prompt (the
        last message with the step metadata) gives the actions so far: each call of an
        assistant message is a step, an assistant message without a call an invalid one."""
        name = f"saferelbench/{self.model_name}"
        meta = dict(_step_metadata(messages))  # a request from elsewhere: a clear error
        opening = max(
            i
            for i, m in enumerate(messages)
            if isinstance(m, ChatMessageUser) and m.metadata and META_KEY in m.metadata
        )
        later = messages[opening + 1 :]
        if any(isinstance(m, ChatMessageTool) and EPISODE_OVER in m.text for m in later):
            return ModelOutput.from_content(model=name, content="The episode is over.")
        key = (str(meta["sample_id"]), int(meta.get("seed", 0)), int(meta.get("epoch", 0)))
        with self._lock:
            known = self._agents.get(key)
        if known is not None and (later or TASK_KEY not in meta):
            objects = list(known[1].objects)
        else:
            objects = list(task_of(meta, key[0]).objects)
        actions: list[str | None] = []
        for m in later:
            if isinstance(m, ChatMessageAssistant):
                calls = m.tool_calls or []
                if not calls:
                    actions.append(None)
                for call in calls:
                    action, _, error = call_action(call.function, call.arguments, objects)
                    actions.append(action if error is None else None)
        if actions:  # the task travels with the opening message: keep the episode's agent
            meta.pop(TASK_KEY, None)
        meta["actions"] = actions
        raw = self.answer(meta, prompt_text)
        parsed = parse_output(raw, objects)
        if parsed.action is None:  # what the agent wrote is no action: a text answer
            return ModelOutput.from_content(model=name, content=raw)
        spec_name, args = split_action(parsed.action)
        spec = REGISTRY[spec_name]
        arguments: dict[str, Any] = {p.name: a for p, a in zip(spec.params, args, strict=False)}
        if parsed.caution:
            arguments[CAUTION] = parsed.caution
        return ModelOutput.for_tool_call(
            model=name, tool_name=tool_name(spec), tool_arguments=arguments, content=""
        )

    def max_connections(self) -> int:
        return 32  # scripted: no rate limit to respect

    def _episode(self, meta: dict[str, Any]) -> tuple[Agent, Task]:
        """The agent and task of the episode a step belongs to: a first step (no actions yet)
        carries the task and starts a fresh agent; later steps find both here."""
        sample_id = str(meta["sample_id"])
        seed = int(meta.get("seed", 0))
        key = (sample_id, seed, int(meta.get("epoch", 0)))
        with self._lock:
            if TASK_KEY in meta or key not in self._agents:
                task = task_of(meta, sample_id)
                agent = make_agent(self.model_name, **self.agent_options)
                agent.reset(task, seed)
                self._agents[key] = (agent, task)
            return self._agents[key]

    def answer(self, meta: dict[str, Any], prompt_text: str) -> str:
        """Rebuild the observation from the metadata and ask the agent (sync, pure Python)."""
        actions: list[str | None] = list(meta.get("actions", []))
        agent, task = self._episode(meta)
        if meta.get("phase") == TIPS_PHASE:  # isbench: an agent without write_tips states none
            writer = getattr(agent, "write_tips", None)
            if not callable(writer):
                return ""
            world = world_for(task, str(meta.get("protocol") or "physical"))
            tips_observation = Observation(
                task=task,
                scene=world.scene,
                state=world.initial,
                step=1,
                prompt=prompt_text,
                extra={"step_limit": meta.get("step_limit"), "phase": TIPS_PHASE},
            )
            return str(writer(tips_observation))
        world = world_for(task, str(meta.get("protocol") or "physical"))
        state = world.initial
        history: list[HistoryItem] = []
        for i, action in enumerate(actions, start=1):
            if action is None:
                history.append(HistoryItem(None, outcome="invalid"))
                continue
            state, result = simulator.step(world.scene, state, action, i)
            history.append(HistoryItem(action, None, result.outcome.value, result.reason))
        observation = Observation(
            task=task,
            scene=world.scene,
            state=state,
            step=len(actions) + 1,
            history=tuple(history),
            prompt=prompt_text,
            extra={"step_limit": meta.get("step_limit")},
        )
        return agent.act(observation)

    async def generate(
        self,
        input: list[ChatMessage],
        tools: list[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        prompt_text = _text_of(input)
        if tools:  # tool-call actions: answer with the call of the agent's action
            output = self._tool_answer(input, prompt_text)
            raw = output.completion or ""
        else:
            raw = self.answer(_step_metadata(input), prompt_text)
            output = ModelOutput.from_content(model=f"saferelbench/{self.model_name}", content=raw)
        # Our own rough count (4 characters per token): Inspect would otherwise load tiktoken.
        inp, out = max(1, len(prompt_text) // 4), max(1, len(raw) // 4)
        output.usage = ModelUsage(input_tokens=inp, output_tokens=out, total_tokens=inp + out)
        return output
