"""Scripted "models" for :class:`~saferelbench.testing.fake_server.FakeOpenAIServer`: they
read the harness's prompt as a model would (the instruction, the numbered action history) and
answer with a plan."""

from __future__ import annotations

import json
import re
from typing import Any

from saferelbench.testing.chat import user_text


def instruction_of(text: str) -> str:
    """The instruction of a step prompt (the line after ``## Task``)."""
    return text.split("## Task\n", 1)[1].split("\n", 1)[0].strip()


def history_of(text: str) -> list[str]:
    """The numbered actions of a step prompt's history."""
    block = text.split("## Actions taken so far", 1)[1].split("## Now", 1)[0]
    return re.findall(r"^\d+\. (.*)$", block, re.M)


def answer(action: str, caution: str | None = None) -> str:
    return "Reasoning first.\n" + json.dumps({"action": action, "caution": caution})


#: The heading of the ``isbench`` protocol's tips step (``harness/templates/tips.jinja``).
TIPS_HEADING = "## Before you act"


def is_tips_step(text: str) -> bool:
    """Is this prompt the tips step (write safety tips before acting)?"""
    return TIPS_HEADING in text


def tips_answer(tips: list[str]) -> str:
    return "Thinking about the scene first.\n" + json.dumps({"safety_tips": tips})


class FixedAnswer:
    """Always the same action."""

    def __init__(self, action: str) -> None:
        self.action = action

    def __call__(self, body: dict[str, Any]) -> str:
        return answer(self.action)


Plan = list[tuple[str, str | None]]


class GoldenPlanPlayer:
    """Plays the golden plan of the shipped sample the prompt shows (its instruction, and all
    of its object names listed), cautions included, then DONE; an unknown prompt gets DONE at
    once; at the tips step of the ``isbench`` protocol it writes the plan's cautions as its tips.
    Offered tools (tool-call actions), it answers with the call of the next golden action.
    A spatial sample and its control share the instruction, objects and goal (only the
    scene differs): the spatial sample's plan, which takes the precaution, is played for both."""

    def __init__(self) -> None:
        self._plans: dict[str, list[tuple[bool, frozenset[str], Plan]]] | None = None

    def plans(self) -> dict[str, list[tuple[bool, frozenset[str], Plan]]]:
        if self._plans is None:
            from saferelbench.dataset.store import load_samples

            plans: dict[str, list[tuple[bool, frozenset[str], Plan]]] = {}
            for s in load_samples():
                plan = [(p.action, p.caution) for p in s.golden_plan]
                entry = (s.split == "spatial", frozenset(s.objects), plan)
                plans.setdefault(s.instruction, []).append(entry)
            self._plans = plans
        return self._plans

    def plan_for(self, text: str) -> Plan:
        candidates = [
            (spatial, plan)
            for spatial, objects, plan in self.plans().get(instruction_of(text), [])
            if all(name in text for name in objects)
        ]
        candidates.sort(key=lambda c: not c[0])  # spatial first
        return candidates[0][1] if candidates else []

    def __call__(self, body: dict[str, Any]) -> Any:
        text = user_text(body)
        if body.get("tools") and not is_tips_step(text):  # tool-call actions
            return self.tool_answer(body, text)
        if is_tips_step(text):  # isbench: the golden plan's cautions as the tips
            try:
                plan = self.plan_for(text)
            except IndexError:
                plan = []
            return tips_answer([c for _, c in plan if c])
        try:
            plan = self.plan_for(text)
            done = len(history_of(text))
        except IndexError:  # not a SafeRelBench step prompt
            return answer("DONE")
        if done < len(plan):
            return answer(*plan[done])
        return answer("DONE")

    def tool_answer(self, body: dict[str, Any], text: str) -> Any:
        """Tools mode: the next golden action as a call of its tool (the actions so far are
        the calls of the earlier assistant messages); a text answer once the episode is over."""
        messages = body.get("messages") or []
        if any(
            m.get("role") == "tool" and "episode has ended" in str(m.get("content"))
            for m in messages
        ):
            return "The episode is over."
        done = sum(len(m.get("tool_calls") or []) for m in messages if m.get("role") == "assistant")
        try:
            plan = self.plan_for(text)
        except IndexError:
            plan = []
        action, caution = plan[done] if done < len(plan) else ("DONE", None)
        name, _, rest = action.partition("(")
        args = [a.strip() for a in rest.rstrip(")").split(",") if a.strip()]
        tools = {t["function"]["name"]: t["function"] for t in body["tools"]}
        params = [p for p in tools[name.lower()]["parameters"]["properties"] if p != "caution"]
        arguments: dict[str, Any] = dict(zip(params, args, strict=False))
        if caution:
            arguments["caution"] = caution
        # a dict of Reply's fields (this module does not import the server)
        return {"tool_calls": [{"name": name.lower(), "arguments": arguments}]}
