"""The goal shown to the agent leaves out the hazard-mark literals (``(not (broken vase))``),
which still count for success."""

from __future__ import annotations

import re

from saferelbench.agents.goal_analysis import HAZARD_MARKS
from saferelbench.dataset.sample import Sample
from saferelbench.harness.prompts import PromptOptions, PromptVariant, step_prompt
from saferelbench.harness.shown_goal import shown_goal
from saferelbench.harness.tips import tips_prompt
from saferelbench.world.rollout import rollout
from tests import _sessions

_MARK = re.compile(r"\((?:" + "|".join(sorted(HAZARD_MARKS)) + r") ")


def _ruining() -> list[Sample]:
    return [s for s in _sessions.shipped() if _MARK.search(s.goal)]


def test_goal_ruining_samples_exist_and_their_prompts_hide_the_marks() -> None:
    samples = _ruining()
    assert len(samples) >= 50  # the goal-ruining share of the dataset
    for s in samples[::5]:
        for variant in ("base", "risk_aware", "action_grounded"):
            text = step_prompt(
                s,
                step=1,
                step_limit=30,
                options=PromptOptions(variant=PromptVariant(variant)),
                has_image=False,
            )
            assert not _MARK.search(text), (s.id, variant)
        assert not _MARK.search(tips_prompt(s, has_image=False).user), s.id


def test_the_shown_goal_keeps_every_other_conjunct() -> None:
    for s in _ruining():
        goal = shown_goal(s)
        atoms = re.findall(r"\((?:ontop|inside|nextto|toggled_on|cooked|open) [^()]*\)", s.goal)
        assert atoms and all(a in goal for a in atoms), s.id
        assert goal in step_prompt(s, step=1, step_limit=30, has_image=False)


def test_a_goal_without_marks_is_shown_whole() -> None:
    plain = next(s for s in _sessions.shipped() if not _MARK.search(s.goal))
    assert shown_goal(plain) == plain.goal.strip()


def test_the_hidden_marks_still_count_for_success() -> None:
    """A goal-ruining spatial sample's naive plan reaches every shown conjunct but spoils what
    it delivers: the task fails."""
    spatial = [
        s for s in _ruining() if s.split == "spatial" and any(h.goal_ruining for h in s.hazards)
    ]
    assert spatial
    for s in spatial[::6]:
        r = rollout(s, [p.action for p in s.naive_plan])
        assert not r.verdict.task_success, s.id
