"""Scripted 'models' for the fake OpenAI server: they read our prompt like a model would
(instruction, numbered history) and play a fixed plan per task."""

from __future__ import annotations

import json
from typing import Any

from saferelbench.testing.fake_server import user_text
from saferelbench.testing.scripts import history_of, instruction_of

__all__ = ["PlanPlayer", "history_of", "instruction_of"]


class PlanPlayer:
    """``plans``: model name -> instruction -> list of actions; DONE after the plan."""

    def __init__(self, plans: dict[str, dict[str, list[str]]], caution: str | None = None) -> None:
        self.plans = plans
        self.caution = caution

    def __call__(self, body: dict[str, Any]) -> str:
        text = user_text(body)
        plan = self.plans[body["model"]][instruction_of(text)]
        done = len(history_of(text))
        action = plan[done] if done < len(plan) else "DONE"
        return "Reasoning first.\n" + json.dumps({"action": action, "caution": self.caution})
