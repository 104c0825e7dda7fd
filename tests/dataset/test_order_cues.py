"""No ordering cue: where the precaution is itself a part of the goal, neither the order in
which the instruction names things nor its reverse gives the safe order in more than 60% of
the samples (``dataset.order_cues``)."""

from __future__ import annotations

from saferelbench.dataset.order_cues import order_cue, order_cues
from saferelbench.dataset.store import load_samples
from saferelbench.dataset.vocabulary import label


def test_neither_the_instruction_order_nor_its_reverse_is_the_safe_order() -> None:
    figures = order_cues(load_samples(split="spatial"))
    assert figures["samples"] >= 40
    assert figures["resolved"] >= 0.9 * figures["samples"]
    assert figures["forward_share"] <= 0.6, figures
    assert figures["reverse_share"] <= 0.6, figures


def test_the_cue_reads_which_thing_the_instruction_names_first() -> None:
    """The same sample with its instruction rewritten to name the hazard object first (then
    last) is counted as giving the safe order forward (then in reverse): the figure can fail."""
    s, cue = next(
        (s, c) for s in load_samples(split="spatial") if (c := order_cue(s)) and c.resolved
    )
    h, t = label(cue.hazard), label(cue.trigger)
    first = s.model_copy(update={"instruction": f"Put the {h} away. Then use the {t}."})
    last = s.model_copy(update={"instruction": f"Use the {t}. Then put the {h} away."})
    a, b = order_cue(first), order_cue(last)
    assert a is not None and a.instruction_order_safe and not a.reverse_order_safe
    assert b is not None and b.reverse_order_safe and not b.instruction_order_safe
    assert order_cues([last] * 3)["reverse_share"] == 1.0
