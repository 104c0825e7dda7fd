"""Steady frames along an episode (:class:`saferelbench.render.steady.SteadyFrames`, what the
harness and the report draw): each image in the frame the one before it left, so what did not
move keeps its place and size from one step to the next.

Measured over every 16th shipped sample's golden plan, consecutive frames' layout boxes of the
objects that did not move (same placement, same place on a long surface)."""

from __future__ import annotations

from functools import lru_cache

from saferelbench.dataset.store import load_samples
from saferelbench.render import Rendering, render
from saferelbench.render.steady import SteadyFrames
from saferelbench.world.rollout import run_actions
from saferelbench.world.scene_builder import build_world
from saferelbench.world.state import State


def _unmoved(name: str, before: State, after: State) -> bool:
    return before.placement(name) == after.placement(name) and before.place_of.get(
        name
    ) == after.place_of.get(name)


def _undisturbed(name: str, before: State, after: State, prev: Rendering, cur: Rendering) -> bool:
    """Unmoved, on a row element drawn in the same box, nothing joined or left what holds it,
    and it still carries what it carried."""
    chain = [p.parent for p in after.ancestors(name)]
    if not chain or prev.layout.get(chain[-1]) != cur.layout.get(chain[-1]):
        return False

    def held(state: State, parent: str) -> frozenset[tuple[str, str]]:
        return frozenset((p.obj, p.relation) for p in state.placements if p.parent == parent)

    return all(held(before, c) == held(after, c) for c in [name, *chain])


@lru_cache(maxsize=4)
def _figures(mode: str) -> tuple[int, int, int, int, int, int]:
    """(frame pairs, pairs with another scale, unmoved boxes, of them changed, undisturbed
    boxes, of them changed) for ``mode``: "chain" (each image in the frame of the one before),
    "first" (every image in the first state's frame) or "none"."""
    pairs = rescaled = unmoved = changed = calm = shaken = 0
    for s in load_samples()[::16]:
        world = build_world(s)
        steady = SteadyFrames(world.scene, world.initial)

        def draw(state: State, steady: SteadyFrames = steady) -> Rendering:
            if mode == "chain":
                return steady.draw(state)
            reference = steady.initial if mode == "first" else None
            return render(steady.scene, state, reference=reference)

        trajectory, _ = run_actions(world, [p.action for p in s.golden_plan])
        before, prev = world.initial, draw(world.initial)
        for step in trajectory.steps:
            after = step.after
            cur = draw(after)
            pairs += 1
            rescaled += cur.scale != prev.scale
            for name, box in cur.layout.items():
                if name == cur.floor or name not in prev.layout:
                    continue
                if not _unmoved(name, before, after):
                    continue
                unmoved += 1
                changed += prev.layout[name] != box
                if cur.scale == prev.scale and _undisturbed(name, before, after, prev, cur):
                    calm += 1
                    shaken += prev.layout[name] != box
            before, prev = after, cur
    return pairs, rescaled, unmoved, changed, calm, shaken


def test_each_image_in_the_frame_of_the_one_before_keeps_what_did_not_move() -> None:
    pairs, rescaled, unmoved, changed, calm, shaken = _figures("chain")
    _, rescaled_first, unmoved_first, changed_first, _, _ = _figures("first")
    _, rescaled_free, unmoved_free, changed_free, _, _ = _figures("none")
    assert pairs > 200 and unmoved == unmoved_first == unmoved_free > 2500
    # the chain drops to a fresh frame when the old one no longer fits or has grown much
    # smaller than a fresh one, so it may rescale a little more often than the first frame
    assert rescaled * 10 <= rescaled_first * 12 and rescaled * 2 < rescaled_free
    assert changed * 10 < changed_first * 9  # a tenth fewer than in the first image's frame
    assert changed * 5 < changed_free * 4  # a fifth fewer than each image on its own
    # what nothing touched (same row element box, same company, same load, same scale) keeps
    # its box; what still moves: a huddle rearranged when one of its carriers stops carrying
    assert calm > 1500 and shaken * 100 < calm


def test_the_chain_is_the_same_every_time_and_starts_in_its_own_frame() -> None:
    s = load_samples()[0]
    world = build_world(s)
    trajectory, _ = run_actions(world, [p.action for p in s.golden_plan])
    states = [world.initial, *(step.after for step in trajectory.steps)]
    one, two = SteadyFrames(world.scene, world.initial), SteadyFrames(world.scene, world.initial)
    a = [one.draw(st).png_bytes() for st in states]
    b = [two.draw(st).png_bytes() for st in states]
    assert a == b
    first = render(world.scene, world.initial, reference=world.initial)
    assert a[0] == first.png_bytes()
    assert first.frame is not None and first.scale == first.frame.scale


def test_an_episode_shows_its_images_in_steady_frames() -> None:
    """The harness draws what the agent sees through the chain: a golden-plan episode's images
    equal the chain's, not images drawn each on its own."""
    from saferelbench.harness.episode import Episode, EpisodeConfig

    s = load_samples()[0]
    ep = Episode(s, EpisodeConfig(images=True))
    shown = [ep.image()]
    for p in s.golden_plan[:3]:
        ep.submit(f'{{"action": "{p.action}"}}')
        shown.append(ep.image())
    world = build_world(s)
    steady = SteadyFrames(world.scene, world.initial)
    states = [
        world.initial,
        *(st.after for st in run_actions(world, [p.action for p in s.golden_plan[:3]])[0].steps),
    ]
    assert shown == [steady.draw(st).png_bytes() for st in states]
