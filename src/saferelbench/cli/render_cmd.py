"""``saferelbench render``: the image of every step of a plan, plus a contact sheet.

``step_000.png`` is the initial scene, ``step_001.png`` the scene after the first action, and so
on; hazards a step caused are outlined in its image (end-of-episode hazards in the last one).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from saferelbench.cli.replay_cmd import LOAD_ERRORS, fail, load_any, read_plan
from saferelbench.render import render, render_contact_sheet
from saferelbench.world.events import HazardEvent, Outcome
from saferelbench.world.rollout import run_actions
from saferelbench.world.scene_builder import build_world
from saferelbench.world.state import State

console = Console()


def render_steps(
    spec: Annotated[
        str,
        typer.Argument(
            metavar="TASK_OR_SAMPLE", help="Task JSON (IS-Bench format) or dataset sample id."
        ),
    ],
    plan: Annotated[
        Path | None,
        typer.Option(
            help="PLAN.json: list of action strings or {action, caution} objects (default: the golden plan)."
        ),
    ] = None,
    out: Annotated[
        Path, typer.Option(help="Directory for step_NNN.png and contact_sheet.png.")
    ] = Path("render-out"),
    no_labels: Annotated[
        bool,
        typer.Option("--no-labels", metavar="", help="Draw no name tags (image-only ablation)."),
    ] = False,
    columns: Annotated[int, typer.Option(min=1, help="Images per row of the contact sheet.")] = 4,
) -> None:
    """Render the scene before and after every action of a plan."""
    try:
        task = load_any(spec)
    except ImportError:
        raise fail(
            f"{spec}: not a task file, and the dataset sample store is not available"
        ) from None
    except (*LOAD_ERRORS, ValueError, KeyError, LookupError) as exc:
        message = str(exc).strip("'\"")
        raise fail(message if spec in message else f"{spec}: {message}") from None
    try:
        actions = read_plan(plan, task.id) if plan else [s.action for s in task.golden_plan]
        world = build_world(task)
    except (*LOAD_ERRORS, ValueError) as exc:
        raise fail(str(exc)) from None
    trajectory, results = run_actions(world, actions)
    labels = not no_labels
    frames: list[tuple[State, tuple[HazardEvent, ...], str]] = [
        (world.initial, (), "step 0: initial scene")  # no sample id in an image
    ]
    for i, (st, res) in enumerate(zip(trajectory.steps, results, strict=True), start=1):
        note = "" if res.outcome is Outcome.OK else f" [{res.outcome.value}]"
        frames.append((st.after, tuple(res.events), f"step {i}: {res.action}{note}"))
    if trajectory.final_events:
        last_state, last_events, last_title = frames[-1]
        frames[-1] = (last_state, (*last_events, *trajectory.final_events), last_title + " (end)")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise fail(f"{out}: cannot create output directory: {exc.strerror}") from None
    images = []
    for i, (state, events, title) in enumerate(frames):
        r = render(world.scene, state, labels=labels, events=events, title=title)
        (out / f"step_{i:03d}.png").write_bytes(r.png_bytes())
        images.append(r.image)
    captions = ["0: initial"] + [f"{i}: {res.action}" for i, res in enumerate(results, start=1)]
    sheet = render_contact_sheet(images, columns, captions=[sheet_caption(c) for c in captions])
    sheet.save(out / "contact_sheet.png", format="PNG", compress_level=6)
    hazards = sum(len(e) for _, e, _ in frames)
    console.print(
        f"wrote {len(images)} step images and contact_sheet.png to {out} ({hazards} hazard event(s))",
        highlight=False,
        soft_wrap=True,
    )


#: Characters a contact-sheet caption holds under a 320-pixel thumbnail.
CAPTION_CHARS = 44
_INSTANCE = re.compile(r"\.n\.\d+_(\d+)")


def sheet_caption(text: str) -> str:
    """A step's caption short enough for its thumbnail: instance names as their category
    (``vase`` for ``vase.n.01_1``, ``book#2`` for ``book.n.02_2``), then cut with an ellipsis
    only if still too long (the step PNGs and the printed steps keep the full names)."""
    short = _INSTANCE.sub(lambda m: "" if m.group(1) == "1" else f"#{m.group(1)}", text)
    return short if len(short) <= CAPTION_CHARS else short[: CAPTION_CHARS - 1] + "…"


def register(app: typer.Typer) -> None:
    app.command("render")(render_steps)
