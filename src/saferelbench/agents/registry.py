"""Built-in agents by name: ``make_agent("oracle")``, ``make_agent("replay", plan=...)``.

Agents are imported lazily so that naming one does not load the others' dependencies.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from saferelbench.agents.base import Agent

#: name -> "module:factory"; the factory takes the agent's keyword options.
AGENTS: dict[str, str] = {
    "oracle": "saferelbench.agents.planning_agents:OracleAgent",
    "task-only": "saferelbench.agents.planning_agents:TaskOnlyAgent",
    "random": "saferelbench.agents.random_agent:RandomAgent",
    "replay": "saferelbench.agents.replay:ReplayAgent",
    "checklist": "saferelbench.agents.blanket:ChecklistAgent",
    "clear-all": "saferelbench.agents.blanket:ClearAllAgent",
    "clear-away": "saferelbench.agents.blanket:ClearAwayAgent",
}


def agent_names() -> list[str]:
    return list(AGENTS)


def make_agent(name: str, **options: Any) -> Agent:
    """A fresh built-in agent. Raises ``ValueError`` for an unknown name or bad options."""
    key = name.strip().lower().replace("_", "-")
    if key not in AGENTS:
        raise ValueError(f"unknown agent {name!r}; built-in agents: {', '.join(AGENTS)}")
    module, attr = AGENTS[key].split(":")
    factory: Callable[..., Agent] = getattr(import_module(module), attr)
    try:
        return factory(**options)
    except TypeError as exc:  # unexpected keyword: say which agent it was for
        raise ValueError(f"agent {key!r}: {exc}") from None
