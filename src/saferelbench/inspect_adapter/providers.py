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
    ChatMessageUser,
    GenerateConfig,
    ModelAPI,
    ModelOutput,
    ModelUsage,
    modelapi,
)
from inspect_ai.tool import ToolChoice, ToolInfo

from saferelbench.agents.base import Agent, HistoryItem, Observation
from saferelbench.agents.registry import agent_names, make_agent
from saferelbench.harness.episode import world_for
from saferelbench.harness.tips import TIPS_PHASE
from saferelbench.inspect_adapter.dataset import TASK_KEY, task_of
from saferelbench.inspect_adapter.solver import META_KEY
from saferelbench.world import simulator
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
        raw = self.answer(_step_metadata(input), prompt_text)
        output = ModelOutput.from_content(model=f"saferelbench/{self.model_name}", content=raw)
        # Our own rough count (4 characters per token): Inspect would otherwise load tiktoken.
        inp, out = max(1, len(prompt_text) // 4), max(1, len(raw) // 4)
        output.usage = ModelUsage(input_tokens=inp, output_tokens=out, total_tokens=inp + out)
        return output
