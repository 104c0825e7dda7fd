"""How a run's agent answered (``actions``: JSON text or tool calls) and how many frames it saw
per step (``image_history``), as ``run.json`` records them: both shape what is measured, so a
report labels each run with them and never pools runs of different action modes."""

from __future__ import annotations

from collections.abc import Sequence

from saferelbench.evaluation.results import RunInfo


def run_actions(info: RunInfo) -> str:
    """``json`` (the default, also for runs recorded before the option) or ``tools``."""
    return str(info.setting("actions", "json"))


def run_image_history(info: RunInfo) -> int:
    try:
        return int(info.setting("image_history", 1))
    except (TypeError, ValueError):
        return 1


def mode_suffix(info: RunInfo) -> str:
    """What a run's label adds for a non-default mode: `` · tool calls``, `` · 3 frames``."""
    out = " · tool calls" if run_actions(info) == "tools" else ""
    k = run_image_history(info)
    return out + (f" · {k} frames" if k > 1 else "")


def mixed_modes_warning(infos: Sequence[tuple[str, RunInfo]]) -> str | None:
    """The report's message when its runs answered in both action modes (None otherwise)."""
    by_mode: dict[str, list[str]] = {}
    for label, info in infos:
        by_mode.setdefault(run_actions(info), []).append(label)
    if len(by_mode) < 2:
        return None
    return (
        "these runs answered in two action modes (JSON text: "
        + ", ".join(by_mode.get("json", []))
        + "; tool calls: "
        + ", ".join(by_mode.get("tools", []))
        + "); each run is reported on its own and no figure pools the two modes"
    )
