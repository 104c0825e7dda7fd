"""A conjunct that is a plain atom (or its negation) is judged by the backend's predicate test
directly (:class:`~saferelbench.agents.goal_analysis.Conjunct`); it must agree with ``bddl``'s
evaluation of the compiled conjunct on every state: here the conjuncts of every goal and
condition of a slice of the shipped samples, on the states along their golden plans and one
step off them (each applicable placement and state change of a few objects)."""

from __future__ import annotations

from saferelbench.agents.goal_analysis import conjuncts
from saferelbench.world.action_specs import all_specs
from saferelbench.world.events import Outcome
from saferelbench.world.scene_builder import build_world
from saferelbench.world.simulator import step
from saferelbench.world.verdict import TaskEvaluator

from .._sessions import shipped


def test_atoms_judged_directly_agree_with_bddl() -> None:
    judged = atoms = negated = held = 0
    for task in shipped()[::24]:
        world = build_world(task)
        scene, state = world.scene, world.initial
        evaluator = TaskEvaluator(task, scene)
        texts = [task.goal, *(c.bddl for c in task.process_conditions)]
        texts += [c.bddl for c in task.termination_conditions]
        parts = [p for text in texts for p in conjuncts(text, evaluator)]
        states = [state]
        for s in task.golden_plan:
            state, _ = step(scene, state, s.action, 1)
            states.append(state)
        near = sorted({o for p in parts if p.atom is not None for o in p.atom[1]})[:4]
        for before in list(states):
            for spec in all_specs():
                if not spec.params:
                    continue
                for args in spec.applicable(scene, before):
                    if args and args[0] in near:
                        after, result = step(scene, before, f"{spec.name}({', '.join(args)})", 1)
                        if result.outcome is Outcome.OK:
                            states.append(after)
        for part in parts:
            atoms += part.atom is not None
            negated += part.atom is not None and part.atom[2]
            for judged_state in states:
                expected = part.compiled.holds(judged_state)
                assert part.holds(judged_state) == expected, (task.id, part.text)
                judged += 1
                held += expected
    assert atoms > 50 and negated > 5
    assert 0 < held < judged
