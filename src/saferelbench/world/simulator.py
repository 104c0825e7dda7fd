"""The symbolic simulator: ``step(scene, state, action) -> (state, result)``, pure and
deterministic.

Every action is one spec in :mod:`saferelbench.world.action_specs` (its preconditions with
reason codes and its plain effect); ``step`` parses the action string, checks the spec's
preconditions in order (the first that fails is the step's reason and code; nothing changes;
an argument that is not ``real`` fails first, see :meth:`ActionSpec.failure`) and applies its
effect. After the plain effect of an action, proximity is derived from the new
placements and the hazard rules of :mod:`saferelbench.world.hazards` work out the consequences
of the state after the step, however it came about.
"""

from __future__ import annotations

from saferelbench.world.action_specs import heat_source_for, reachable
from saferelbench.world.actions import Action, ActionName, ActionSyntaxError, parse_action
from saferelbench.world.events import HazardEvent, Outcome, StepResult
from saferelbench.world.hazards import PIPELINE, Context, apply_rules, finish_events
from saferelbench.world.layout import derive_nextto
from saferelbench.world.state import Scene, State

__all__ = ["consequences", "finish", "heat_source_for", "reachable", "step"]


def step(scene: Scene, state: State, action_text: str, step_index: int) -> tuple[State, StepResult]:
    """Apply one action. Never raises for bad actions: see :class:`Outcome`."""
    try:
        action = parse_action(action_text)
    except ActionSyntaxError as exc:
        return state, StepResult(action_text, Outcome.INVALID, str(exc), code=exc.code)
    text = str(action)
    unknown = [a for a in action.args if a not in scene]
    if unknown:
        return state, StepResult(
            text, Outcome.INVALID, f"unknown object(s): {', '.join(unknown)}", code="unknown_object"
        )
    if action.name is ActionName.DONE:
        return state, StepResult(text, Outcome.DONE, "task declared finished")
    spec = action.spec
    failed = spec.failure(scene, state, action.args)
    if failed is not None:
        return state, StepResult(text, Outcome.FAILED, failed.message, code=failed.code)
    return consequences(scene, state, action, spec.apply(scene, state, action.args), step_index)


def consequences(
    scene: Scene, state: State, action: Action, effect: State, step_index: int
) -> tuple[State, StepResult]:
    """The rest of :func:`step` for an action whose preconditions hold on ``state``, given
    its plain effect (``action.spec.apply``): proximity, then the hazard rules. A planner
    that has already checked and applied the spec calls this instead of :func:`step`."""
    if not _RELAID_BEFORE_READ and (
        effect.placements != state.placements
        or effect.places != state.places
        or effect.loose_nextto != state.loose_nextto
    ):
        effect = effect.with_nextto(derive_nextto(scene, effect))
    ctx = Context(scene=scene, before=state, action=action, state=effect, step=step_index)
    apply_rules(ctx)
    return ctx.state, StepResult(str(action), Outcome.OK, "", tuple(ctx.events))


def _relaid_before_read() -> bool:
    """Whether the hazard pipeline derives proximity again (its ``relayout`` effect, which
    always does) before any rule or effect that reads it: then the step's own derivation
    before the pipeline would be overwritten unread, and is skipped."""
    for item in PIPELINE:
        if item.name == "relayout":
            return True
        if "nextto" in item.reads:
            return False
    return False


_RELAID_BEFORE_READ = _relaid_before_read()


def finish(scene: Scene, initial: State, final: State, step_index: int) -> list[HazardEvent]:
    """Hazards that the end of the episode makes real (appliances left on, doors left open)."""
    return finish_events(scene, initial, final, step_index)
