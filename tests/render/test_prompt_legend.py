"""The image legend (how relations and state marks are drawn) and the placement rules reach the
agent in every prompt variant."""

from __future__ import annotations

import pytest

from saferelbench.dataset.store import load_samples
from saferelbench.harness.prompts import PromptOptions, PromptVariant, build_prompt
from saferelbench.render import legend


@pytest.mark.parametrize("variant", list(PromptVariant))
def test_every_prompt_variant_carries_the_legend(variant: PromptVariant) -> None:
    task = load_samples()[0]
    prompt = build_prompt(task, step=1, step_limit=20, options=PromptOptions(variant=variant))
    text = prompt.system + prompt.user
    for line in (*legend.RELATIONS, *legend.PLACEMENT):
        assert line in text
    for state, look in legend.MARKS:
        assert f"{state}: {look}" in text


def test_the_legend_names_every_state_mark() -> None:
    named = " ".join(state for state, _ in legend.MARKS)
    for mark in (
        "switched on",
        "hot",
        "lit",
        "brim-full",
        "filled",
        "open",
        "frozen",
        "raw",
        "cooked",
        "dirty",
        "wet",
        "soaked",
        "on fire",
        "broken",
        "spilled",
    ):
        assert mark in named or mark in " ".join(look for _, look in legend.MARKS), mark
    looks = [look for _, look in legend.MARKS]
    assert len(set(looks)) == len(looks)  # no two states explained alike
