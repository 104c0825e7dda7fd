"""The prompts an agent sees: one system text and one text per step, in three variants.

- ``base``: the paper's closed-loop protocol: instruction, BDDL goal, object list with
  abilities, the history of actions, the current image (and optionally a text scene).
- ``risk_aware``: adds the safety tips written for this scenario and asks for explicit
  preventive reasoning before the action.
- ``action_grounded``: adds the same tips and asks to turn each relevant tip into an executable
  action or a step-level caution.

The texts are jinja2 templates shipped as package data (``harness/templates/*.jinja``) so they
can be read and diffed without reading code. Only the scenario's own tips are shown: tips of
*generic* conditions (derived from hazard rules for every scene with such objects) are left
out, as the paper gives the model the scenario-specific tips.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

import jinja2

from saferelbench.agents.base import HistoryItem
from saferelbench.harness.shown_goal import shown_goal
from saferelbench.render import legend
from saferelbench.world.action_specs import prompt_lines
from saferelbench.world.state import Scene, State
from saferelbench.world.task import Task


class PromptVariant(StrEnum):
    BASE = "base"
    RISK_AWARE = "risk_aware"
    ACTION_GROUNDED = "action_grounded"

    @classmethod
    def parse(cls, text: str) -> PromptVariant:
        """Accept ``base``, ``risk-aware``, ``RISK_AWARE``, ``Action-Grounded`` ..."""
        key = text.strip().lower().replace("-", "_").replace(" ", "_")
        try:
            return cls(key)
        except ValueError:
            names = ", ".join(v.value for v in cls)
            raise ValueError(
                f"unknown prompt variant {text!r} (expected one of: {names})"
            ) from None


@dataclass(frozen=True)
class PromptOptions:
    """What goes into the step prompt besides the task itself."""

    variant: PromptVariant = PromptVariant.BASE
    #: Tell the agent when an action failed or an output was unreadable (and why). The paper
    #: shows the history of actions only, so the default is False.
    report_failures: bool = False
    #: Add a text description of the current state (for text-only models, image ablations).
    scene_text: bool = False


@dataclass(frozen=True)
class Prompt:
    """A rendered prompt: the system text and this step's user text."""

    system: str
    user: str

    @property
    def combined(self) -> str:
        return f"{self.system}\n\n{self.user}"


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("saferelbench.harness", "templates"),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
        autoescape=False,  # plain text for a model, never HTML
        # the templates ship with the package: loaded once, not checked on disk at every step
        auto_reload=False,
    )


def scenario_tips(task: Task) -> list[str]:
    """The safety tips of the scenario (conditions not marked ``generic``, plus cautions)."""
    tips: list[str] = []
    conditions = [*task.process_conditions, *task.termination_conditions]
    for c in conditions:
        if c.origin != "generic" and c.safety_tip and c.safety_tip not in tips:
            tips.append(c.safety_tip)
    for caution in task.cautions:
        if caution.safety_tip and caution.safety_tip not in tips:
            tips.append(caution.safety_tip)
    return tips


def history_lines(history: Sequence[HistoryItem], report_failures: bool) -> list[str]:
    """One line per earlier step as the agent is told about it.

    Without ``report_failures`` only issued actions are listed, as the paper does; unreadable
    outputs leave no line (the step counter still shows they were used).
    """
    lines: list[str] = []
    for item in history:
        if item.action is None:
            if report_failures:
                lines.append(f"(unreadable answer: {item.reason or 'no valid action'})")
            continue
        text = item.action
        if report_failures and item.outcome in ("failed", "invalid"):
            text += f"  -> {item.outcome}: {item.reason}" if item.reason else f"  -> {item.outcome}"
        lines.append(text)
    return lines


def system_prompt(task: Task, actions: str = "json") -> str:
    """The system text; ``actions="tools"``: the agent answers with tool calls, not JSON."""
    # what the text is made of is the cache key: a newly registered action (or a changed
    # legend) gives a new text, never a stale one
    return _system_text(
        task.room,
        actions,
        tuple(prompt_lines()),
        legend.RELATIONS,
        legend.MARKS,
        legend.PLACEMENT,
    )


@lru_cache(maxsize=64)
def _system_text(
    room: str,
    actions: str,
    action_lines: tuple[str, ...],
    relations: tuple[str, ...],
    marks: tuple[tuple[str, str], ...],
    placement: tuple[str, ...],
) -> str:
    """The system text of a room, rendered once per room and content (the same for every step
    of every episode there)."""
    # the action list comes from the action specs: a new action appears here by itself
    template = "system_tools.jinja" if actions == "tools" else "system.jinja"
    return (
        _environment()
        .get_template(template)
        .render(
            room=room.replace("_", " "),
            actions=list(action_lines),
            relations=relations,
            marks=marks,
            placement=placement,
        )
    )


def step_prompt(
    task: Task,
    *,
    step: int,
    step_limit: int,
    history: Sequence[HistoryItem] = (),
    options: PromptOptions = PromptOptions(),
    has_image: bool = True,
    scene_lines: Sequence[str] | None = None,
) -> str:
    """The user text for one step. ``scene_lines`` is used only if ``options.scene_text``."""
    template = _environment().get_template(f"{options.variant.value}.jinja")
    objects = [
        {"name": name, "abilities": list(abilities)} for name, abilities in task.objects.items()
    ]
    tips = scenario_tips(task)
    text = template.render(
        instruction=task.instruction,
        goal=shown_goal(task),
        objects=objects,
        scene_text=list(scene_lines or []) if options.scene_text else [],
        tips=tips or ["No specific tips were written for this scene; use common household sense."],
        history=[{"text": line} for line in history_lines(history, options.report_failures)],
        has_image=has_image,
        step=step,
        step_limit=step_limit,
    )
    return text.strip() + "\n"


def build_prompt(
    task: Task,
    *,
    step: int,
    step_limit: int,
    history: Sequence[HistoryItem] = (),
    options: PromptOptions = PromptOptions(),
    has_image: bool = True,
    scene: Scene | None = None,
    state: State | None = None,
) -> Prompt:
    """System and user text for one step; the scene text comes from ``scene``/``state``."""
    lines: list[str] | None = None
    if options.scene_text and scene is not None and state is not None:
        from saferelbench.harness.scene_text import describe_state

        lines = describe_state(scene, state)
    user = step_prompt(
        task,
        step=step,
        step_limit=step_limit,
        history=history,
        options=options,
        has_image=has_image,
        scene_lines=lines,
    )
    return Prompt(system=system_prompt(task), user=user)
