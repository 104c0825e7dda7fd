"""A plain-text description of the current state, for text-only models and image ablations.

It states the same facts the image shows (where things are, what is open, on, hot, filled)
with the instance names the agent must use, one sentence per fact, in a stable order.
"""

from __future__ import annotations

from saferelbench.world.state import Scene, State

#: How a unary flag reads in a sentence.
_FLAG_TEXT = {
    "open": "is open",
    "toggled_on": "is switched on",
    "cooked": "is cooked",
    "frozen": "is frozen",
    "hot": "is hot",
    "on_fire": "is on fire",
    "broken": "is broken",
    "fallen": "has fallen",
    "tipped": "has tipped over",
    "spilled": "has spilled",
    "contaminated": "is contaminated",
    "sparking": "is sparking",
    "brim_full": "is full to the brim",
    "dirty": "is dirty",
    "fumes": "is giving off fumes",
    "future": "does not exist yet",
}


def describe_state(scene: Scene, state: State) -> list[str]:
    """One sentence per fact of ``state``; openable objects that are closed are said so too."""
    lines: list[str] = []
    for p in state.placements:
        if p.obj in scene and scene.info(p.obj).is_agent:
            continue  # where the robot stands is not useful to the planner
        where = "on top of" if p.relation == "ontop" else "inside"
        lines.append(f"{p.obj} is {where} {p.parent}.")
    for flag, obj in sorted(state.flags, key=lambda f: (f[1], f[0])):
        lines.append(f"{obj} {_FLAG_TEXT.get(flag, flag.replace('_', ' '))}.")
    for info in scene.with_ability("openable"):
        if not state.has("open", info.name):
            lines.append(f"{info.name} is closed.")
    for a, b in sorted(state.nextto):
        lines.append(f"{a} is next to {b}.")
    for container, substance in sorted(state.contents):
        verb = "is filled with" if (container, substance) in state.filled else "contains"
        lines.append(f"{container} {verb} {substance}.")
    for obj, substance in sorted(state.covered):
        lines.append(f"{obj} is covered with {substance}.")
    for obj, substance in sorted(state.saturated):
        lines.append(f"{obj} is soaked with {substance}.")
    for source, substance in sorted(scene.insource):
        lines.append(f"{source} gives {substance}.")
    return lines
