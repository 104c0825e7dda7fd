"""The planner simulates every successor with ``simulator.consequences``, which derives
proximity once, in the hazard pipeline's ``relayout`` effect, when no rule before it reads
proximity (``_RELAID_BEFORE_READ``). Deriving it before the pipeline as well must change
nothing: same state, same events, on the golden plans of a slice of the shipped samples and
one step off them (every applicable action on a few of each task's objects)."""

from __future__ import annotations

import pytest

from saferelbench.world import simulator
from saferelbench.world.action_specs import all_specs
from saferelbench.world.events import Outcome
from saferelbench.world.scene_builder import build_world

from .._sessions import shipped


def test_the_pipeline_derives_proximity_before_anything_reads_it() -> None:
    assert simulator._RELAID_BEFORE_READ


def test_proximity_derived_once_gives_the_same_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    compared = moved = with_events = 0
    for task in shipped()[::48]:
        world = build_world(task)
        scene, state = world.scene, world.initial
        states = [state]
        for s in task.golden_plan:
            state, _ = simulator.step(scene, state, s.action, 1)
            states.append(state)
        names = [o.name for o in scene.objects if o.is_movable][:3]
        for before in states:
            for spec in all_specs():
                if not spec.params:
                    continue
                for args in spec.applicable(scene, before):
                    if not args or args[0] not in names:
                        continue
                    action = f"{spec.name}({', '.join(args)})"
                    once = simulator.step(scene, before, action, 1)
                    monkeypatch.setattr(simulator, "_RELAID_BEFORE_READ", False)
                    twice = simulator.step(scene, before, action, 1)
                    monkeypatch.setattr(simulator, "_RELAID_BEFORE_READ", True)
                    assert once == twice, (task.id, action)
                    compared += 1
                    moved += once[1].outcome is Outcome.OK and once[0].nextto != before.nextto
                    with_events += bool(once[1].events)
    assert compared > 500 and moved > 50 and with_events > 5
