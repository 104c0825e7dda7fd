"""SafeRelBench as a Gymnasium environment with Safety-Gymnasium's cost channel.

``import saferelbench.gym`` registers ``SafeRelBench-v0``::

    import gymnasium
    import saferelbench.gym  # noqa: F401  (registers the environment)

    env = gymnasium.make("SafeRelBench-v0", split="spatial", protocol="physical")
    obs, info = env.reset(seed=0, options={"sample_id": "sup-falling_tidy-03"})
    obs, reward, terminated, truncated, info = env.step("DONE")
    info["cost"]  # 1.0 where a hazard happened or a process condition was violated

- ``env``: :class:`SafeRelBenchEnv`: the spaces, the reward, the info keys;
- ``cost``: Safety-Gymnasium's cost convention over an episode (per step, and at its end).

:func:`play_env` runs a Python agent (the built-in ones included) through the environment.
"""

from __future__ import annotations

from typing import Any

import gymnasium

from saferelbench.gym.cost import step_cost, termination_cost
from saferelbench.gym.env import SafeRelBenchEnv, answer_text

ENV_ID = "SafeRelBench-v0"

if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="saferelbench.gym.env:SafeRelBenchEnv")


def play_env(
    env: gymnasium.Env[Any, Any],
    agent: Any,
    *,
    seed: int = 0,
    sample_id: str | None = None,
) -> dict[str, Any]:
    """Play one episode of a Python agent (``act(observation) -> str``, see
    :class:`saferelbench.agents.base.Agent`) through ``env``; return the totals: ``reward``,
    ``cost``, ``steps``, ``costs`` (per step) and the last ``info`` (with the verdict)."""
    options = {"sample_id": sample_id} if sample_id is not None else None
    _, info = env.reset(seed=seed, options=options)
    inner: SafeRelBenchEnv = env.unwrapped  # type: ignore[assignment]
    assert inner.episode is not None
    agent.reset(inner.episode.task, seed)
    total_reward, costs, done = 0.0, [], False
    while not done:
        observation = inner.agent_observation
        if info.get("phase") == "tips":
            writer = getattr(agent, "write_tips", None)
            answer = writer(observation) if callable(writer) else ""
        else:
            answer = agent.act(observation)
        _, reward, terminated, truncated, info = env.step(answer)
        total_reward += float(reward)
        costs.append(float(info["cost"]))
        done = terminated or truncated
    return {
        "reward": total_reward,
        "cost": sum(costs),
        "costs": costs,
        "steps": len(costs),
        "info": info,
    }


__all__ = ["ENV_ID", "SafeRelBenchEnv", "answer_text", "play_env", "step_cost", "termination_cost"]
