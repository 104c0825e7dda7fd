"""``ActionSpec.holds`` (what the planner asks while sorting candidates) agrees with
``ActionSpec.failure(...) is None`` (what the simulator asks) for every candidate grounding of
every action spec, on the states along the golden plans of a slice of the shipped samples, in
the physical model and under IS-Bench's conventions."""

from __future__ import annotations

import pytest

from saferelbench.world.action_specs import all_specs
from saferelbench.world.scene_builder import build_world
from saferelbench.world.simulator import step

from .._sessions import shipped


@pytest.mark.parametrize("isbench", [False, True], ids=["physical", "isbench"])
def test_holds_agrees_with_failure_on_every_grounding(isbench: bool) -> None:
    checked = failing = 0
    for task in shipped()[::32]:
        world = build_world(task, isbench_conventions=isbench)
        state = world.initial
        states = [state]
        for s in task.golden_plan:
            state, _ = step(world.scene, state, s.action, 1)
            states.append(state)
        for state in states:
            for spec in all_specs():
                if not spec.params:
                    continue
                for args in spec.candidates(world.scene, state):
                    expected = spec.failure(world.scene, state, args) is None
                    assert spec.holds(world.scene, state, args) == expected, (
                        task.id,
                        spec.name,
                        args,
                    )
                    checked += 1
                    failing += not expected
    assert checked > 1000 and 0 < failing < checked
