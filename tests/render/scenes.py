"""Hand-built scenes for the renderer tests (independent of the task loaders)."""

from __future__ import annotations

from collections.abc import Iterable

from saferelbench.world.knowledge import describe
from saferelbench.world.state import Placement, Scene, State

KITCHEN = [
    "countertop.n.01_1",
    "stove.n.01_1",
    "microwave.n.02_1",
    "electric_refrigerator.n.01_1",
    "cabinet.n.01_1",
    "floor.n.01_1",
    "agent.n.01_1",
    "paper_towel.n.01_1",
    "frying_pan.n.01_1",
    "aluminum_foil.n.01_1",
    "bowl.n.01_1",
    "apple.n.01_1",
    "mug.n.04_1",
    "water.n.06_1",
    "book.n.02_1",
    "box.n.01_1",
    "carton.n.02_1",
    "plate.n.04_1",
    "dust.n.01_1",
]


def scene_of(names: Iterable[str]) -> Scene:
    return Scene("kitchen", tuple(describe(n) for n in names), "floor.n.01_1")


def on(obj: str, parent: str) -> Placement:
    return Placement(obj, "ontop", parent)


def inside(obj: str, parent: str) -> Placement:
    return Placement(obj, "inside", parent)


def kitchen() -> tuple[Scene, State]:
    """A kitchen with a stack, open and closed containers, a liquid and proximity pairs."""
    state = State.build(
        placements=[
            on("paper_towel.n.01_1", "countertop.n.01_1"),
            on("bowl.n.01_1", "countertop.n.01_1"),
            on("mug.n.04_1", "countertop.n.01_1"),
            on("plate.n.04_1", "countertop.n.01_1"),
            inside("apple.n.01_1", "bowl.n.01_1"),
            on("frying_pan.n.01_1", "stove.n.01_1"),
            inside("aluminum_foil.n.01_1", "microwave.n.02_1"),
            on("box.n.01_1", "cabinet.n.01_1"),
            on("book.n.02_1", "box.n.01_1"),
            inside("carton.n.02_1", "electric_refrigerator.n.01_1"),
            on("agent.n.01_1", "floor.n.01_1"),
        ],
        nextto=[("paper_towel.n.01_1", "stove.n.01_1"), ("mug.n.04_1", "bowl.n.01_1")],
        contents=[("mug.n.04_1", "water.n.06_1")],
        covered=[("plate.n.04_1", "dust.n.01_1")],
    )
    return scene_of(KITCHEN), state
