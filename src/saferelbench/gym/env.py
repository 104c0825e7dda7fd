"""``SafeRelBench-v0``: one SafeRelBench episode as a Gymnasium environment with a cost channel.

The environment wraps the harness's :class:`~saferelbench.harness.episode.Episode`, the same
state machine ``saferelbench run`` and the Inspect solver drive, so an episode played here is
scored exactly as ``run`` scores it.

- Observation: a dict with ``image`` (the RGB observation image, ``Box(0, 255, (768, 1024, 3),
  uint8)``) and ``prompt`` (the system and step text the model would get, a ``Text`` space);
  with ``image_history`` K > 1 also ``history`` (the last K frames, oldest first, ``(K, 768,
  1024, 3)``, zero frames before the first step) and ``history_steps`` (the step of each
  frame, 0 for padding). ``images=False``: the prompt alone (a text-only agent; nothing is
  drawn).
- Action: the action string (``PLACE_ON_TOP(book.n.02_1, shelf.n.01_1)``), a dict
  ``{"action": ..., "caution": ...}`` or a model's whole answer text (anything that is not a
  bare action string: read as ``run`` reads answers).
- Reward: 1.0 at the end of an episode whose goal is reached (DONE said and the goal holds),
  else 0.0; ``step_penalty`` > 0 subtracts that much per step (a shaped variant).
- Cost (``info["cost"]``, Safety-Gymnasium's convention): see :mod:`saferelbench.gym.cost`.
- ``terminated``: DONE, or too many invalid answers in a row; ``truncated``: the step limit.
- ``info``: the step's ``outcome``, ``reason``, ``action``, ``hazards``; at the end ``verdict``
  (the episode record exactly as ``run`` writes it to ``episodes.jsonl``), ``task_success``,
  ``safe``, ``success_and_safe`` and ``episode_cost``.

Under the ``isbench`` protocol the first step is the tips step: its action is the safety tips
text (``info["phase"] == "tips"``), no step of the episode.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray
from PIL import Image

from saferelbench.gym.cost import step_cost, termination_cost
from saferelbench.harness.awareness import judge_with_keywords
from saferelbench.harness.config import RunConfig
from saferelbench.harness.episode import Episode, EpisodeConfig, render_png
from saferelbench.harness.sources import select_tasks
from saferelbench.harness.tips import TIPS_PHASE
from saferelbench.world.task import Task
from saferelbench.world.verdict import TaskEvaluator

#: The observation image's shape (the renderer's default size).
IMAGE_SHAPE = (768, 1024, 3)
#: Characters a prompt or an action may hold: tab, newline and the Unicode range up to the
#: CJK block (Latin, Greek, punctuation, arrows, symbols ...).
CHARSET = frozenset("\t\n" + "".join(chr(i) for i in range(0x20, 0x3000)))
#: Longest prompt / action text the spaces allow.
MAX_PROMPT = 65_536
MAX_ACTION = 8_192

Obs = dict[str, Any]
Action = str | dict[str, Any]


#: A bare action string: a name, optionally with its arguments in parentheses.
_ACTION_STRING = re.compile(r"^\s*[A-Za-z_]+\s*(\([^(){}]*\))?\s*$")


def answer_text(action: Action) -> str:
    """The answer an action stands for: a dict or a bare action string (``NAME(a, b)``)
    becomes the JSON object of the protocol; any other text is taken as a model's whole
    answer (parsed as ``run`` parses it)."""
    if isinstance(action, dict):
        return json.dumps(
            {"action": action.get("action"), "caution": action.get("caution")}, ensure_ascii=False
        )
    if isinstance(action, np.str_ | str):
        text = str(action)
        if not _ACTION_STRING.match(text):  # a whole answer, read as `run` reads answers
            return text
        return json.dumps({"action": text.strip(), "caution": None}, ensure_ascii=False)
    raise TypeError(f"action must be a string or a dict, got {type(action).__name__}")


def decode_png(png: bytes) -> NDArray[np.uint8]:
    with Image.open(io.BytesIO(png)) as img:
        return np.asarray(img.convert("RGB"), dtype=np.uint8)


class SafeRelBenchEnv(gymnasium.Env[Obs, Action]):
    """One SafeRelBench sample per episode (see the module docs)."""

    metadata = {"render_modes": ["rgb_array"], "render_fps": 1}

    def __init__(
        self,
        split: str = "all",
        sample_id: str | None = None,
        prompt: str = "base",
        protocol: str = "physical",
        *,
        relation: str | None = None,
        risk: str | None = None,
        ids: str | Sequence[str] | None = None,
        step_limit: int | None = None,
        max_invalid: int = 3,
        report_failures: bool = False,
        scene_text: bool = False,
        labels: bool = True,
        images: bool = True,
        image_history: int = 1,
        step_penalty: float = 0.0,
        render_mode: str | None = None,
        tasks: Sequence[Task] | None = None,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: {render_mode!r} is not one of ['rgb_array']")
        self.render_mode = render_mode
        # checked as `run` checks its options (a bad value: one line naming the option)
        self.config: EpisodeConfig = RunConfig.build(
            prompt=prompt,
            report_failures=report_failures,
            scene_text=scene_text,
            step_limit=step_limit,
            max_invalid=max_invalid,
            labels=labels,
            images=images,
            protocol=protocol,
            image_history=image_history,
        ).episode()
        if step_penalty < 0:
            raise ValueError(f"step_penalty must be at least 0, got {step_penalty}")
        self.step_penalty = float(step_penalty)
        if tasks is None:
            wanted = [sample_id] if sample_id is not None else ids
            tasks = select_tasks(split=split, relation=relation, risk=risk, ids=wanted)
        self.tasks = {t.id: t for t in tasks}
        if not self.tasks:
            raise ValueError("no sample selected")
        self.sample_id = sample_id
        self.episode: Episode | None = None
        self._evaluator: TaskEvaluator | None = None
        self._cost = 0.0
        obs: dict[str, spaces.Space[Any]] = {
            "prompt": spaces.Text(MAX_PROMPT, min_length=0, charset=CHARSET),
        }
        if images:
            obs["image"] = spaces.Box(0, 255, IMAGE_SHAPE, np.uint8)
        if images and image_history > 1:
            obs["history"] = spaces.Box(0, 255, (image_history, *IMAGE_SHAPE), np.uint8)
            obs["history_steps"] = spaces.Box(0, 10_000, (image_history,), np.int64)
        self.observation_space = spaces.Dict(obs)
        self.action_space = spaces.Text(MAX_ACTION, min_length=0, charset=CHARSET)

    # ----- the episode ----------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Start an episode on ``options["sample_id"]``, else the env's ``sample_id``, else a
        sample of the selection drawn with the env's seeded generator."""
        super().reset(seed=seed)
        wanted = (options or {}).get("sample_id") or self.sample_id
        if wanted is None:
            ids = list(self.tasks)
            wanted = ids[int(self.np_random.integers(len(ids)))]
        if wanted not in self.tasks:
            raise ValueError(f"sample_id: {wanted!r} is not in the selection of this environment")
        task = self.tasks[wanted]
        self.episode = Episode(task, self.config, agent_name="gym", seed=seed or 0)
        self._evaluator = TaskEvaluator(task, self.episode.scene, self.config.protocol)
        self._cost = 0.0
        return self._observation(), self._info()

    def step(self, action: Action) -> tuple[Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        episode = self.episode
        if episode is None or episode.finished:
            raise RuntimeError("the episode is over (or never started): call reset()")
        assert self._evaluator is not None
        if episode.phase == TIPS_PHASE:  # isbench: the tips come first; no step, no cost
            text = action if isinstance(action, str) else json.dumps(action)
            tips = episode.submit_tips(text)
            return self._observation(), 0.0, False, False, self._info(cost=0.0, tips=tips)
        record = episode.submit(answer_text(action))
        cost = step_cost(self._evaluator, episode.trajectory, record.index)
        reward = -self.step_penalty
        extra: dict[str, Any] = {
            "outcome": record.outcome,
            "reason": record.reason,
            "action": record.action or "",
            "hazards": [h.to_dict() for h in record.hazards],
        }
        if episode.finished:
            result = judge_with_keywords(episode.task, episode.result())  # as `run` records it
            cost += termination_cost(result, bool(episode.trajectory.final_events))
            reward += 1.0 if result.task_success else 0.0
            extra.update(
                verdict=result.model_dump(mode="json"),
                task_success=result.task_success,
                safe=result.safe,
                success_and_safe=result.success_and_safe,
            )
        self._cost += cost
        if episode.finished:
            extra["episode_cost"] = self._cost
        terminated = episode.finished and episode.ended_by != "step_limit"
        truncated = episode.finished and episode.ended_by == "step_limit"
        return (
            self._observation(),
            float(reward),
            terminated,
            truncated,
            self._info(cost=cost, **extra),
        )

    def render(self) -> NDArray[np.uint8] | None:
        if self.render_mode != "rgb_array" or self.episode is None:
            return None
        episode = self.episode
        # drawn even when the agent gets no image (images=False): rendering is for the viewer
        png = episode.image() or render_png(episode.scene, episode.state, self.config.labels)
        return decode_png(png)

    # ----- what the agent gets ---------------------------------------------------------------
    def _observation(self) -> Obs:
        episode = self.episode
        assert episode is not None
        obs: Obs = {"prompt": episode.prompt().combined}
        if not self.config.images:
            return obs
        frames = episode.frames()
        obs["image"] = decode_png(frames[-1][1])
        k = self.config.image_history
        if k > 1:
            history = np.zeros((k, *IMAGE_SHAPE), np.uint8)
            steps = np.zeros((k,), np.int64)
            for slot, (step, png) in enumerate(frames, start=k - len(frames)):
                history[slot] = obs["image"] if slot == k - 1 else decode_png(png)
                steps[slot] = step
            obs["history"] = history
            obs["history_steps"] = steps
        return obs

    def _info(self, **extra: Any) -> dict[str, Any]:
        episode = self.episode
        assert episode is not None
        info: dict[str, Any] = {
            "sample_id": episode.task.id,
            "step": episode.steps_used,
            "step_limit": episode.step_limit,
            "phase": episode.phase,
            "objects": list(episode.object_names),
            "cost": 0.0,
        }
        info.update(extra)
        return info

    @property
    def agent_observation(self) -> Any:
        """The harness's :class:`~saferelbench.agents.base.Observation` of the current step:
        what a built-in or Python agent (``agent.act(observation)``) reads."""
        if self.episode is None:
            raise RuntimeError("call reset() first")
        return self.episode.observe()
