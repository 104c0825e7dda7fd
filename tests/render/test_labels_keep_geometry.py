"""What lets the sweeps that check only the boxes drawn (the whole-dataset drawn-relation sweep
of ``test_drawn_relations.py``, the proximity checks of ``test_proximity_images.py`` and
``test_small_surface_fan.py``) draw without the name tags, and each image once:

- the tags move no box: an image drawn with ``labels=False`` has the boxes, insides, hidden
  things, pieces, scale and steady frame of the same image drawn with its tags;
- a drawing is a function of what is drawn: :func:`tests.render.plan_states.images_of`, which
  draws a state reached again (or a chain of steady frames seen before) once, yields exactly
  the images, pixel for pixel, that drawing every state afresh gives.

Checked on every plan step (golden, naive, oracle; alone and in steady frames) of a slice of
the shipped samples."""

from __future__ import annotations

from dataclasses import replace

from saferelbench.dataset.store import load_samples
from saferelbench.render import Rendering, render
from saferelbench.render.steady import SteadyFrames
from tests.render.plan_states import images_of, states_of


def _geometry(r: Rendering) -> tuple[object, ...]:
    # the frame without its record of where the tags went (an image drawn without tags has
    # none): the scale, widths, places and gap must be the same
    frame = None if r.frame is None else replace(r.frame, tags=())
    return (r.layout, list(r.layout), r.inner, r.hidden, r.parts, r.floor, r.scale, frame)


def test_tags_move_no_box_and_each_image_drawn_once_is_the_image_drawn_afresh() -> None:
    checked = 0
    for s in load_samples()[7::128]:
        afresh: list[Rendering] = []
        chains: dict[str, SteadyFrames] = {}
        for label, scene, state in states_of(s, oracle=True):  # every image drawn anew
            afresh.append(render(scene, state))
            if label == "initial":
                initial = state
                continue
            plan = label.split(" ", 1)[0]
            if plan not in chains:
                chains[plan] = SteadyFrames(scene, initial)
                chains[plan].draw(initial)
            afresh.append(chains[plan].draw(state))
        once = list(images_of(s, oracle=True))
        bare = list(images_of(s, oracle=True, labels=False))
        assert len(afresh) == len(once) == len(bare)
        assert len({id(r) for *_, r in once}) < len(once), s.id  # some drawn once, used twice
        for fresh, (label, _, _, r), (_, _, _, b) in zip(afresh, once, bare, strict=True):
            assert r.image.tobytes() == fresh.image.tobytes(), f"{s.id} {label}"
            assert (_geometry(r), r.tags) == (_geometry(fresh), fresh.tags), f"{s.id} {label}"
            assert _geometry(b) == _geometry(r), f"{s.id} {label}: the tags moved a box"
            assert r.tags and not b.tags
            checked += 1
    assert checked > 100
