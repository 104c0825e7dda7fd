"""The planner checks a grounding's preconditions and applies its plain effect with the
binding and the checked preconditions it keeps per grounding (``Planner._holds`` and
``Planner._apply``); they must agree with ``ActionSpec.holds`` and ``ActionSpec.apply`` for
every candidate grounding, on the states along the golden plans of a slice of the shipped
samples, in the physical model and under IS-Bench's conventions (which skip some
preconditions)."""

from __future__ import annotations

import pytest

from saferelbench.agents.planner import Planner
from saferelbench.world.action_specs import all_specs
from saferelbench.world.scene_builder import build_world
from saferelbench.world.simulator import step

from .._sessions import shipped


@pytest.mark.parametrize("isbench", [False, True], ids=["physical", "isbench"])
def test_kept_checks_agree_with_the_specs(isbench: bool) -> None:
    checked = failing = 0
    for task in shipped()[::48]:
        world = build_world(task, isbench_conventions=isbench)
        scene, state = world.scene, world.initial
        planner = Planner(task, scene, safe=False)
        states = [state]
        for s in task.golden_plan:
            state, _ = step(scene, state, s.action, 1)
            states.append(state)
        for state in states:
            for spec in all_specs():
                if not spec.params:
                    continue
                for args in spec.candidates(scene, state):
                    expected = spec.holds(scene, state, args)
                    assert planner._holds(spec, args, state) == expected, (task.id, args)
                    if expected:
                        assert planner._apply(spec, args, state) == spec.apply(scene, state, args)
                    checked += 1
                    failing += not expected
    assert checked > 1000 and 0 < failing < checked
