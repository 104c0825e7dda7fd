"""Property test: any small state renders, inside the image, consistently with the state."""

from __future__ import annotations

from typing import Literal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saferelbench.render import gap, render
from saferelbench.world.state import UNARY_FLAGS, Placement, State
from tests.render.scenes import scene_of

FIXTURES = [
    "countertop.n.01_1",
    "electric_refrigerator.n.01_1",
    "stove.n.01_1",
    "cabinet.n.01_1",
    "sink.n.01_1",
    "microwave.n.02_1",
    "shelf.n.01_1",
]
ITEMS = [
    "apple.n.01_1",
    "bowl.n.01_1",
    "mug.n.04_1",
    "book.n.02_1",
    "box.n.01_1",
    "carton.n.02_1",
    "plate.n.04_1",
    "paper_towel.n.01_1",
    "table_lamp.n.01_1",
    "frying_pan.n.01_1",
    "aluminum_foil.n.01_1",
    "chicken.n.01_1",
]
EXTRA = ["floor.n.01_1", "agent.n.01_1", "water.n.06_1", "dust.n.01_1"]
SCENE = scene_of(FIXTURES + ITEMS + EXTRA)


@st.composite
def states(draw: st.DrawFn) -> State:
    fixtures = draw(st.lists(st.sampled_from(FIXTURES), min_size=1, max_size=4, unique=True))
    items = draw(st.lists(st.sampled_from(ITEMS), min_size=0, max_size=8, unique=True))
    placements = []
    for i, item in enumerate(items):
        parent = draw(st.sampled_from(["floor.n.01_1", *fixtures, *items[:i]]))
        relation: Literal["ontop", "inside"] = draw(st.sampled_from(["ontop", "inside"]))
        placements.append(Placement(item, relation, parent))
    things = fixtures + items
    flags = draw(
        st.lists(st.tuples(st.sampled_from(UNARY_FLAGS), st.sampled_from(things)), max_size=8)
    )
    nextto = draw(st.lists(st.tuples(st.sampled_from(things), st.sampled_from(things)), max_size=4))
    contents = draw(
        st.lists(st.tuples(st.sampled_from(things), st.just("water.n.06_1")), max_size=2)
    )
    covered = draw(st.lists(st.tuples(st.sampled_from(things), st.just("dust.n.01_1")), max_size=2))
    return State.build(placements, flags, nextto, contents, covered)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(), st.sampled_from([(1024, 768), (512, 384)]))
def test_any_state_renders_inside_the_image(state: State, size: tuple[int, int]) -> None:
    r = render(SCENE, state, size=size)
    w, h = size
    assert r.image.size == size
    for name, box in r.layout.items():
        assert box.inside(w, h), (name, box)
        assert box.x1 > box.x0 and box.y1 > box.y0, name
    for p in state.placements:
        if p.obj in r.layout and p.parent in r.layout and p.relation == "ontop":
            assert abs(r.layout[p.obj].y1 - r.layout[p.parent].y0) <= 1, p
    for name in r.hidden:  # hidden only inside something closed
        closed = [
            c
            for c in state.enclosing_containers(name)
            if "openable" in SCENE.info(c).abilities and not state.has("open", c)
        ]
        assert closed, name
    for a, b in state.nextto:  # simple pairs of siblings always touch
        pa, pb = state.placement(a), state.placement(b)
        simple = len(state.neighbours(a)) == 1 and len(state.neighbours(b)) == 1
        if (
            simple
            and pa
            and pb
            and (pa.parent, pa.relation) == (pb.parent, pb.relation)
            and a in r.layout
            and b in r.layout
        ):
            assert gap(r.layout[a], r.layout[b]) <= 1, (a, b)
