"""Exports: BDDL problems the bddl parser accepts; IS-Bench files our reader loads back."""

from __future__ import annotations

from pathlib import Path

from saferelbench.dataset.bddl_export import parse_exported, to_bddl
from saferelbench.dataset.isbench import load_task, write_task
from saferelbench.dataset.store import get_sample, load_samples
from saferelbench.world.rollout import rollout


def test_every_sample_exports_to_a_parsable_bddl_problem() -> None:
    for s in load_samples():
        _, objects, init, goal = parse_exported(to_bddl(s))
        assert sorted(n for names in objects.values() for n in names) == sorted(s.objects)
        assert len(init) == len(s.init)
        assert goal


def test_isbench_round_trip_keeps_conditions_and_plan(tmp_path: Path) -> None:
    for sid in ("sup-falling_tidy-03", "con-fire_clutter_on_grill-01-c", "pro-spill_put_down-06"):
        s = get_sample(sid)
        path = write_task(s, tmp_path)
        back = load_task(path)
        assert [c.bddl for c in back.process_conditions] == [c.bddl for c in s.process_conditions]
        assert [c.action for c in back.termination_conditions] == [
            c.action for c in s.termination_conditions
        ]
        assert [p.action for p in back.golden_plan] == [p.action for p in s.golden_plan]
        r = rollout(back, [p.action for p in back.golden_plan])
        assert r.verdict.task_success and r.verdict.safe
