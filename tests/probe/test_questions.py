"""The perception probe's question generator and exact scoring, on hand-made states and on a
slice of the shipped dataset (every 16th sample, all golden-plan steps)."""

from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache

import pytest

from saferelbench.dataset.store import load_samples
from saferelbench.evaluation.probe import (
    PROBE_RELATIONS,
    Question,
    hidden_objects,
    is_correct,
    normalise_yes_no,
    parse_objects,
    probe_questions,
    shown_objects,
    state_answer,
)
from saferelbench.evaluation.probe_run import (
    ProbeImage,
    answer_all,
    builtin_answerer,
    probe_images,
)
from saferelbench.world.scene_builder import build_world
from tests.probe.scenes import (
    BOWL,
    COUNTER,
    GLASS,
    MICROWAVE,
    RADIO,
    STEAK,
    STOVE,
    TABLE,
    TOASTER,
    VASE,
    kitchen,
)


@lru_cache(maxsize=1)
def dataset_images() -> tuple[ProbeImage, ...]:
    return tuple(probe_images(load_samples()[::16], seed=0))


def every_question(scene, state, seeds=range(12)) -> list[Question]:
    """Questions over many seeds with a large quota: every kind the state offers shows up."""
    out: list[Question] = []
    for seed in seeds:
        out += probe_questions(scene, state, seed=seed, per_relation=8)
    return out


def find(questions, predicate, subject, target=None, form="yesno"):
    return [
        q
        for q in questions
        if q.predicate == predicate
        and q.subject == subject
        and q.form == form
        and (target is None or q.target == target)
    ]


# ----- hand-made states -------------------------------------------------------------------------
def test_a_stacked_pair_is_on_its_support_not_on_the_one_below():
    world = build_world(kitchen())
    qs = every_question(world.scene, world.initial)
    on_radio = find(qs, "ontop", VASE, RADIO)
    assert on_radio and {q.answer for q in on_radio} == {"yes"}
    # through something in between is not "directly on top": the confusable "no"
    on_table = find(qs, "ontop", VASE, TABLE)
    assert on_table and {q.answer for q in on_table} == {"no"}
    # the reverse of the pair
    reverse = find(qs, "ontop", RADIO, VASE)
    assert reverse and {q.answer for q in reverse} == {"no"}
    # beside is not on
    beside = find(qs, "ontop", TOASTER, RADIO) + find(qs, "ontop", RADIO, TOASTER)
    assert beside and {q.answer for q in beside} == {"no"}
    what_on_radio = find(qs, "ontop", RADIO, form="objects")
    assert what_on_radio and {q.objects for q in what_on_radio} == {(VASE,)}
    what_on_table = find(qs, "ontop", TABLE, form="objects")
    assert {q.objects for q in what_on_table} <= {(RADIO, TOASTER)}


def test_proximity_and_state_answers_follow_the_state():
    world = build_world(kitchen(stove_on=True))
    qs = every_question(world.scene, world.initial)
    nextto = find(qs, "nextto", RADIO, TOASTER) + find(qs, "nextto", TOASTER, RADIO)
    assert nextto and {q.answer for q in nextto} == {"yes"}
    # a thing standing on another is not next to it
    stacked = find(qs, "nextto", RADIO, VASE) + find(qs, "nextto", VASE, RADIO)
    assert {q.answer for q in stacked} <= {"no"}
    assert {q.answer for q in find(qs, "toggled_on", STOVE)} == {"yes"}
    assert {q.answer for q in find(qs, "brim_full", GLASS)} == {"yes"}
    assert {q.answer for q in find(qs, "toggled_on", TOASTER)} <= {"no"}
    # "full to the brim" is never asked of a cabinet-like container
    assert not find(qs, "brim_full", MICROWAVE)
    assert {q.answer for q in find(qs, "cooked", STEAK)} <= {"no"}
    assert {q.answer for q in find(qs, "frozen", STEAK)} <= {"no"}
    assert not find(qs, "cooked", GLASS) and not find(qs, "frozen", GLASS)  # not food
    cooked = build_world(kitchen(steak_cooked=True))
    asked = find(every_question(cooked.scene, cooked.initial), "cooked", STEAK)
    assert asked and {q.answer for q in asked} == {"yes"}
    off = build_world(kitchen(stove_on=False))
    assert {
        q.answer for q in find(every_question(off.scene, off.initial), "toggled_on", STOVE)
    } <= {"no"}


def test_a_closed_container_hides_its_contents_and_the_probe_never_asks_about_them():
    world = build_world(kitchen(microwave_open=False))
    assert hidden_objects(world.scene, world.initial) == {BOWL}
    assert BOWL not in shown_objects(world.scene, world.initial)
    qs = every_question(world.scene, world.initial)
    assert not [q for q in qs if BOWL in (q.subject, q.target) or BOWL in q.objects]
    assert all(BOWL not in q.text for q in qs)
    # nor what a closed container holds
    assert not find(qs, "inside", MICROWAVE, form="objects")
    assert not [q for q in qs if q.predicate == "inside" and q.target == MICROWAVE]
    # the microwave's door state is asked: it is closed
    assert {q.answer for q in find(qs, "open", MICROWAVE)} <= {"no"}


def test_an_open_container_shows_its_contents():
    world = build_world(kitchen(microwave_open=True))
    assert BOWL in shown_objects(world.scene, world.initial)
    qs = every_question(world.scene, world.initial)
    inside = find(qs, "inside", BOWL, MICROWAVE)
    assert inside and {q.answer for q in inside} == {"yes"}
    what = find(qs, "inside", MICROWAVE, form="objects")
    assert what and {q.objects for q in what} == {(BOWL,)}
    assert {q.answer for q in find(qs, "open", MICROWAVE)} == {"yes"}


def test_yes_and_no_are_balanced_per_relation_on_a_hand_made_state():
    world = build_world(kitchen(microwave_open=True))
    for seed in range(5):
        qs = probe_questions(world.scene, world.initial, seed=seed, per_relation=3)
        for rel in PROBE_RELATIONS:
            answers = Counter(q.answer for q in qs if q.relation == rel and q.form == "yesno")
            assert answers["yes"] == answers["no"], (seed, rel, answers)


def test_questions_are_deterministic_and_depend_on_the_seed():
    world = build_world(kitchen(microwave_open=True))
    a = probe_questions(world.scene, world.initial, seed=3, key="k")
    assert a == probe_questions(world.scene, world.initial, seed=3, key="k")
    others = [probe_questions(world.scene, world.initial, seed=s, key="k") for s in range(4, 12)]
    assert any(o != a for o in others)
    assert len({q.qid for q in a}) == len(a)


# ----- scoring ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Yes", "yes"),
        ("yes.", "yes"),
        ("  NO, it is not.", "no"),
        ("No", "no"),
        ("It is, yes", "yes"),
        ("Answer: no", "no"),
        ("yes or no", "yes"),  # the first word decides
        ("I cannot tell", None),
        ("maybe yes maybe no", None),
        ("", None),
    ],
)
def test_yes_no_normalisation(text, expected):
    assert normalise_yes_no(text) == expected


def test_object_answers_match_instance_names_and_unique_plain_names_as_a_set():
    world = build_world(kitchen())
    scene = world.scene
    assert parse_objects(f"{RADIO}, {TOASTER}", scene) == frozenset({RADIO, TOASTER})
    assert parse_objects("the toaster and the radio receiver.", scene) == frozenset(
        {RADIO, TOASTER}
    )
    assert parse_objects(f"The Toaster ({TOASTER})", scene) == frozenset({TOASTER})
    assert parse_objects("None", scene) == frozenset()
    assert parse_objects("nothing.", scene) == frozenset()
    assert parse_objects("the toaster, a kettle", scene) is None  # a kettle is not in the scene
    q = Question("q0", "proximity", "objects", "nextto", RADIO, None, "?", TOASTER, (TOASTER,))
    assert is_correct(q, "toaster", scene)
    assert not is_correct(q, "toaster, vase", scene)  # a set must be exact
    assert not is_correct(q, "none", scene)
    assert not is_correct(q, "toaster, kettle", scene)
    empty = Question("q1", "proximity", "objects", "nextto", VASE, None, "?", "none", ())
    assert is_correct(empty, "None.", scene) and not is_correct(empty, "toaster", scene)
    yes = Question("q2", "supporting", "yesno", "ontop", VASE, RADIO, "?", "yes")
    assert is_correct(yes, "Yes.", scene) and not is_correct(yes, "no", scene)
    assert not is_correct(yes, "unsure", scene)


def test_a_plain_name_two_objects_share_is_not_accepted():
    task = kitchen()
    objects = dict(task.objects)
    objects["vase.n.01_2"] = ["fillable"]
    init = [*task.init, f"(ontop vase.n.01_2 {COUNTER})"]
    world = build_world(task.model_copy(update={"objects": objects, "init": init}))
    assert parse_objects("the vase", world.scene) is None
    assert parse_objects(VASE, world.scene) == frozenset({VASE})


# ----- the shipped dataset (a slice) ------------------------------------------------------------
def test_dataset_slice_questions_are_balanced_and_about_shown_objects():
    images = dataset_images()
    assert len(images) > 100
    counts: Counter[tuple[str, str]] = Counter()
    for im in images:
        shown = set(shown_objects(im.scene, im.state))
        for q in im.questions:
            assert q.subject in shown and (q.target is None or q.target in shown)
            assert set(q.objects) <= shown
            if q.form == "yesno":
                counts[(q.relation, q.answer)] += 1
    for rel in PROBE_RELATIONS:
        assert counts[(rel, "yes")] == counts[(rel, "no")] > 20, (rel, counts)


def test_the_state_agent_scores_one_and_the_random_agent_is_near_chance():
    images = dataset_images()
    state = answer_all(images, builtin_answerer("state"))
    assert state and all(a.correct for a in state)
    # the state agent answers from the state, not from the answer key
    im = images[0]
    assert all(is_correct(q, state_answer(im.scene, im.state, q), im.scene) for q in im.questions)
    guesses = answer_all(images, builtin_answerer("random", seed=7))
    assert guesses == answer_all(images, builtin_answerer("random", seed=7))  # seeded
    yesno = [a.correct for a in guesses if a.question.form == "yesno"]
    n, k = len(yesno), sum(yesno)
    bound = 4 * math.sqrt(n * 0.25)  # four standard deviations of a fair coin
    assert abs(k - n / 2) < bound, (k, n)
    per_relation = Counter(a.question.relation for a in guesses if not a.correct)
    assert all(per_relation[r] > 0 for r in PROBE_RELATIONS)


def test_every_object_the_probe_names_is_drawn_and_no_hidden_one_is():
    from saferelbench.render import render

    for im in dataset_images():
        drawn = render(im.scene, im.state).visible
        hidden = hidden_objects(im.scene, im.state)
        assert not (hidden & drawn), (im.key, hidden & drawn)
        named = {n for q in im.questions for n in (q.subject, q.target, *q.objects) if n}
        assert named <= drawn, (im.key, named - drawn)


def test_the_naive_plan_images_are_probed_too():
    from saferelbench.render import render

    tasks = load_samples()[::32]
    naive = list(probe_images(tasks, plan="naive"))
    golden = {(im.key, im.state) for im in dataset_images()}
    assert naive and any((im.key, im.state) not in golden for im in naive)
    assert all(a.correct for a in answer_all(naive, builtin_answerer("state")))
    for im in naive:
        drawn = render(im.scene, im.state).visible
        named = {n for q in im.questions for n in (q.subject, q.target, *q.objects) if n}
        assert named <= drawn, (im.key, named - drawn)
    # both plans start from the same initial image
    first_golden = next(iter(probe_images(tasks[:1])))
    first_naive = naive[0]
    assert first_golden.state == first_naive.state and first_golden.key == first_naive.key
    with pytest.raises(ValueError, match="unknown plan"):
        list(probe_images(tasks[:1], plan="lazy"))


def test_every_answer_agrees_with_the_verdicts_own_reading_of_the_relation():
    """The verdict compiles BDDL atoms through the world's condition backend (an open-top pot is
    both a support and a container); every yes/no answer and every object answer of the slice
    is what that backend says."""
    from saferelbench.world.conditions import CompiledCondition, SymbolicBackend

    flag_atom = {"toggled_on": "toggled_on", "open": "open", "brim_full": "brim_full"}
    flag_atom.update(cooked="cooked", frozen="frozen")
    checked = 0
    for im in dataset_images()[::3]:
        backend = SymbolicBackend(im.scene)
        shown = shown_objects(im.scene, im.state)

        def truth(atom: str) -> bool:
            return CompiledCondition(f"(:goal {atom})", backend).holds(im.state)  # noqa: B023

        for q in im.questions:
            if q.form == "yesno":
                if q.relation == "state":
                    atom = f"({flag_atom[q.predicate]} ?{q.subject})"
                else:
                    atom = f"({q.predicate} ?{q.subject} ?{q.target})"
                assert truth(atom) == (q.answer == "yes"), (im.key, q.text, q.answer)
            else:
                expected = {
                    o
                    for o in shown
                    if o != q.subject and truth(f"({q.predicate} ?{o} ?{q.subject})")
                }
                assert expected == set(q.objects), (im.key, q.text, q.objects)
            checked += 1
    assert checked > 500


def test_an_open_top_pot_is_both_a_support_and_a_container_as_the_verdict_reads_it():
    task = kitchen()
    pan, apple, pear = "saucepan.n.01_1", "apple.n.01_1", "pear.n.01_1"
    objects = {**task.objects, pan: ["fillable"], apple: [], pear: []}
    init = [
        *task.init,
        f"(ontop {pan} {COUNTER})",
        f"(inside {apple} {pan})",
        f"(ontop {pear} {COUNTER})",
    ]
    world = build_world(task.model_copy(update={"objects": objects, "init": init}))
    scene, state = world.scene, world.initial
    assert scene.by_name[pan].is_open_top
    qs = every_question(scene, state, seeds=range(30))
    for predicate in ("ontop", "inside"):
        asked = find(qs, predicate, apple, pan)
        assert asked and {q.answer for q in asked} == {"yes"}, predicate
        listed = find(qs, predicate, pan, form="objects")
        assert {q.objects for q in listed} <= {(apple,)}
    assert {q.answer for q in find(qs, "inside", pear, pan)} <= {"no"}
    # put on the pan instead of in it: the same two answers
    moved = state.with_placement(apple, "ontop", pan)
    for predicate in ("ontop", "inside"):
        q = Question("q", "supporting", "yesno", predicate, apple, pan, "?", "")
        assert state_answer(scene, moved, q) == "Yes."
