"""The tips step of the ``isbench`` protocol: before its first action the agent writes a list
of safety tips from the first observation; the awareness judge reads that list (not the
per-step cautions).

:func:`tips_prompt` renders the request (``templates/tips.jinja``: the task, its objects, the
image, no history); :func:`parse_tips` reads the answer tolerantly: a JSON object with a
``safety_tips`` (or ``tips``) list, a JSON list of strings, or else one tip per non-empty line
(bullets and numbers stripped). An empty or unreadable answer is no tip at all.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from saferelbench.harness.prompts import Prompt, PromptOptions, _environment, system_prompt
from saferelbench.harness.shown_goal import shown_goal
from saferelbench.world.state import Scene, State
from saferelbench.world.task import Task

#: ``Observation.extra["phase"]`` of the tips step (the action steps have ``"act"``).
TIPS_PHASE = "tips"
ACT_PHASE = "act"
#: At most this many tips are kept from one answer (a runaway list is cut).
MAX_TIPS = 50
_DEFAULT_OPTIONS = PromptOptions()
_BULLET_RE = re.compile(r"^\s*(?:[-*\u2022]+|\d+[.)]|\(\d+\))\s*")


def tips_prompt(
    task: Task,
    *,
    options: PromptOptions = _DEFAULT_OPTIONS,
    has_image: bool = True,
    scene: Scene | None = None,
    state: State | None = None,
) -> Prompt:
    """System and user text of the tips step."""
    lines: Sequence[str] = []
    if options.scene_text and scene is not None and state is not None:
        from saferelbench.harness.scene_text import describe_state

        lines = describe_state(scene, state)
    objects = [
        {"name": name, "abilities": list(abilities)} for name, abilities in task.objects.items()
    ]
    user = (
        _environment()
        .get_template("tips.jinja")
        .render(
            instruction=task.instruction,
            goal=shown_goal(task),
            objects=objects,
            scene_text=list(lines),
            has_image=has_image,
        )
    )
    return Prompt(system=system_prompt(task), user=user.strip() + "\n")


def _strings(value: Any) -> list[str] | None:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [v.strip() for v in value if v.strip()]
    return None


def _from_json(text: str) -> list[str] | None:
    decoder = json.JSONDecoder()
    found: list[str] | None = None
    for match in re.finditer(r"[\[{]", text):
        try:
            value, _ = decoder.raw_decode(text, match.start())
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict):
            for key in ("safety_tips", "tips", "safety tips"):
                tips = _strings(value.get(key))
                if tips is not None:
                    found = tips  # the last answer object wins, as for actions
                    break
        elif found is None:
            tips = _strings(value)
            if tips:
                found = tips
    return found


def parse_tips(raw: str | None) -> list[str]:
    """The tips of an answer to the tips step (see the module docstring)."""
    if not raw or not raw.strip():
        return []
    tips = _from_json(raw)
    if tips is None:
        tips = [_BULLET_RE.sub("", line).strip() for line in raw.splitlines()]
        tips = [t for t in tips if t and not t.startswith(("```", "{", "}"))]
    return tips[:MAX_TIPS]
