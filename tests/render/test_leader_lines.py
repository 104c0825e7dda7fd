"""Leader lines read at a glance: over every initial image of the shipped file (and, in the slow
run, of a dataset freshly built with another seed), a tag's leader line ends on a part of its own
object that nothing drawn in front hides, passes over no other object's box (what holds its
object excepted: a line down to a mug on a table may cross the table's top edge), crosses no
other leader line and runs over no other tag."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import pytest

from saferelbench.dataset.pipeline import build_dataset
from saferelbench.dataset.sample import Sample
from saferelbench.dataset.store import load_samples
from saferelbench.render import Box, Rendering, render
from saferelbench.render.labels import crosses, passes_over
from saferelbench.world.scene_builder import build_world
from saferelbench.world.state import State


def _holders(name: str, state: State) -> set[str]:
    return {a.parent for a in state.ancestors(name)}


def leader_problems(r: Rendering, state: State, *, strict: bool = False) -> list[str]:
    """What is wrong with the leader lines of one image (reads the boxes and lines the
    renderer reports, no image parsing)."""
    out: list[str] = []
    order = [n for n in r.layout if n != r.floor]
    lines = {n: line for n, (_, line) in r.tags.items() if line is not None}
    for n, line in lines.items():
        own = r.layout[n]
        (x, y) = line[1]
        if not (own.x0 <= x <= own.x1 and own.y0 <= y <= own.y1):
            out.append(f"{n}'s leader line does not end on it")
        front = order[order.index(n) + 1 :]
        hidden = [
            m
            for m in front
            if r.layout[m].x0 <= x < r.layout[m].x1 and r.layout[m].y0 <= y < r.layout[m].y1
        ]
        if hidden:
            out.append(f"{n}'s leader line ends on {hidden[0]}")
        held_by = _holders(n, state)
        for m in order:
            box = r.layout[m]
            if m == n or m in held_by or box == own or passes_over(line, box, own) is False:
                continue
            if box.overlaps(own) and not strict:  # a neighbour in a huddle, drawn over it
                continue
            out.append(f"{n}'s leader line passes over {m}")
        for m, (tag, _) in r.tags.items():
            if m != n and passes_over(line, tag):
                out.append(f"{n}'s leader line runs over the tag of {m}")
    names = sorted(lines)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if crosses(lines[a], lines[b]):
                out.append(f"the leader lines of {a} and {b} cross")
    return out


def _problems(samples: Iterable[Sample]) -> tuple[int, int, dict[str, list[str]]]:
    images = leaders = 0
    bad: dict[str, list[str]] = {}
    for s in samples:
        world = build_world(s)
        r = render(world.scene, world.initial)
        images += 1
        leaders += sum(line is not None for _, line in r.tags.values())
        found = leader_problems(r, world.initial)
        if found:
            bad[s.id] = found
    return images, leaders, bad


def _judge(images: int, bad: dict[str, list[str]]) -> None:
    """No two leader lines cross and every line ends on its own object, in every image; a
    line passes over another object (a neighbour drawn over its own object aside) or runs
    over another tag in at most one image in 250 (none of the 507 shipped initial images or
    of a seed-2027 build; before the last settling pass 5 shipped and 7 seed-2027 images kept
    a line over another tag, where two neighbours' tags were pushed on top of each other at
    the frame's edge; a tray at the back of a crowded huddle, its whole top covered, is the
    kind of case the one in 250 leaves room for)."""
    hard = {
        k: [p for p in v if "passes over" not in p and "runs over" not in p] for k, v in bad.items()
    }
    hard = {k: v for k, v in hard.items() if v}
    assert hard == {}, hard
    assert len(bad) * 250 <= max(images, 250), bad  # a slice of under 250 images: one


@lru_cache(maxsize=1)
def _fresh() -> tuple[Sample, ...]:
    return tuple(build_dataset(seed=2027))


def test_no_leader_line_passes_over_another_object_on_a_slice_of_the_shipped_images() -> None:
    images, leaders, bad = _problems(load_samples()[::6])
    assert images > 80 and leaders > 150
    _judge(images, bad)


@pytest.mark.slow
def test_no_leader_line_passes_over_another_object_on_the_shipped_initial_images() -> None:
    images, leaders, bad = _problems(load_samples())
    assert images == len(load_samples()) and leaders > 500
    _judge(images, bad)


def test_the_plywood_under_the_paint_bucket_is_tagged_near_it() -> None:
    """The case that was seen: the plywood's tag sat far left and its line ran across the
    pitcher and the lamp."""
    s = next(s for s in load_samples() if s.id == "con-fire_paper_in_toaster-01")
    world = build_world(s)
    r = render(world.scene, world.initial)
    tag, line = r.tags["plywood.n.01_1"]
    assert leader_problems(r, world.initial) == []
    assert abs(tag.cx - r.layout["plywood.n.01_1"].cx) < r.layout["breakfast_table.n.01_1"].w / 2


@pytest.mark.slow
def test_no_leader_line_passes_over_another_object_on_a_fresh_build() -> None:
    images, leaders, bad = _problems(_fresh())
    assert images > 400 and leaders > 500
    _judge(images, bad)


def test_the_check_catches_a_line_across_another_object() -> None:
    across = ((0.0, 50.0), (100.0, 50.0))
    assert passes_over(across, Box(40, 40, 60, 60))
    assert not passes_over(across, Box(40, 50, 60, 60))  # along its top edge
    assert not passes_over(((0.0, 50.0), (50.0, 50.0)), Box(40, 40, 60, 60), Box(40, 40, 60, 60))


def test_the_conflict_memo_counts_as_the_plain_count_does() -> None:
    """The memo that spares repeated counts during one placement changes no count: crowded
    random rows of objects, every placed tag against all the others."""
    import random

    from saferelbench.render.labels import (
        HARD,
        PairMemo,
        Tag,
        conflicts,
        own_conflicts,
        pair_conflicts,
        place_tags,
    )

    for seed in range(6):
        rng = random.Random(seed)
        boxes = []
        for _ in range(14):
            x, y = rng.randrange(20, 560), rng.randrange(120, 380)
            boxes.append(Box(x, y, x + rng.randrange(20, 90), y + rng.randrange(15, 70)))
        tags = [
            Tag(f"thing_{k}", b, others=tuple(o for o in boxes if o is not b))
            for k, b in enumerate(boxes)
        ]
        placed = place_tags(tags, boxes, 640, 480, 0, 12)
        memo = PairMemo()
        for pt in placed:
            others = [o for o in placed if o is not pt]
            plain = own_conflicts(pt) + HARD * sum(pair_conflicts(pt, o) for o in others)
            assert conflicts(pt, placed, memo) == conflicts(pt, placed) == plain


def test_two_tags_stacked_at_the_frame_edge_keep_their_lines_off_each_other() -> None:
    """The case that was seen: two bottles on a hamper at the right edge of the frame, a tall
    shelf left of them; both wide tags end up stacked at the edge and the upper one's line ran
    down through the lower tag. The settling pass moves a tag aside and starts a line near a
    tag's end instead, and no line passes over the shelf."""
    from saferelbench.render.labels import Tag, leader_line, place_tags

    shelf, hamper = Box(795, 278, 890, 568), Box(920, 505, 1010, 568)
    bottles = [Box(930, 409, 965, 498), Box(967, 409, 1000, 498)]
    tags = [
        Tag(
            f"bottle__of__perfume.n.01_{k + 1}",
            b,
            exempt=(hamper,),
            others=tuple(o for o in (shelf, *bottles) if o != b),
        )
        for k, b in enumerate(bottles)
    ]
    placed = place_tags(tags, [shelf, hamper, *bottles], 1024, 768, 36, 14)
    lines = {pt.tag.text: leader_line(pt) for pt in placed}
    assert all(line is not None for line in lines.values())  # both had to move up
    for pt in placed:
        line = lines[pt.tag.text]
        assert line is not None and not passes_over(line, shelf)
        for other in placed:
            assert other is pt or not passes_over(line, other.box), (pt.tag.text, other.box)
