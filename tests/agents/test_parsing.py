"""Tolerant reading of agent answers (agents.parsing)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saferelbench.agents.parsing import MAX_OUTPUT_CHARS, ParsedOutput, parse_output
from saferelbench.world.actions import ActionName, parse_action

OBJECTS = ["book.n.02_1", "shelf.n.01_1", "cabinet.n.01_1", "fridge.n.01_1", "chicken.n.01_1"]
PLACE = "PLACE_ON_TOP(book.n.02_1, shelf.n.01_1)"


def ok(text: str) -> ParsedOutput:
    out = parse_output(text, OBJECTS)
    assert out.error is None, out.error
    assert out.action is not None
    return out


def bad(text: str | bytes) -> str:
    out = parse_output(text, OBJECTS)
    assert out.action is None
    assert out.error
    return out.error


@pytest.mark.parametrize(
    "text",
    [
        '{"action": "PLACE_ON_TOP(book.n.02_1, shelf.n.01_1)", "caution": null}',
        '```json\n{"action": "PLACE_ON_TOP(book.n.02_1, shelf.n.01_1)", "caution": null}\n```',
        'Sure. The book goes first.\n{"action": "PLACE_ON_TOP(book.n.02_1,shelf.n.01_1)"}\nThat is all.',
        "{'action': 'place_on_top(book.n.02_1, shelf.n.01_1)', 'caution': None}",
        '{"action": "Place On Top ( book.n.02_1 , shelf.n.01_1 )", "caution": "",}',
        '{"Action": "placeOnTop(BOOK.N.02_1, shelf.n.01_1)."}',
        '{"action": "`PLACE_ON_TOP(?book.n.02_1, \'shelf.n.01_1\')`"}',
        '{"answer": {"action": "PLACE_ON_TOP(book.n.02_1, shelf.n.01_1)"}}',
        '[{"action": "PLACE_ON_TOP(book.n.02_1, shelf.n.01_1)"}]',
    ],
)
def test_tolerant_forms_give_the_canonical_action(text: str) -> None:
    assert ok(text).action == PLACE


def test_caution_is_kept_and_null_words_become_none() -> None:
    assert (
        ok('{"action": "OPEN(cabinet.n.01_1)", "caution": " Mind the door. "}').caution
        == "Mind the door."
    )
    for empty in ['"null"', '""', '"None"', "null", '"  "', '"N/A"']:
        assert ok('{"action": "OPEN(cabinet.n.01_1)", "caution": ' + empty + "}").caution is None
    listed = ok('{"action": "OPEN(cabinet.n.01_1)", "caution": ["a", "", "b"]}')
    assert listed.caution == "a; b"


def test_done_and_optional_arity() -> None:
    assert ok('{"action": "done"}').action == "DONE"
    assert ok('{"action": "DONE()"}').action == "DONE"
    assert (
        ok('{"action": "WAIT_FOR_FROZEN(chicken.n.01_1)"}').action
        == "WAIT_FOR_FROZEN(chicken.n.01_1)"
    )
    assert ok('{"action": "wait for frozen(chicken.n.01_1, fridge.n.01_1)"}').action == (
        "WAIT_FOR_FROZEN(chicken.n.01_1, fridge.n.01_1)"
    )


def test_last_answer_wins_over_an_echoed_template() -> None:
    text = 'Format: {"action": "<action>", "caution": null}\nMy answer: {"action": "OPEN(cabinet.n.01_1)"}'
    assert ok(text).action == "OPEN(cabinet.n.01_1)"


def test_broken_json_falls_back_to_the_fields() -> None:
    text = '{"action": "OPEN(cabinet.n.01_1)", "caution": "the "door" is heavy"}'
    assert ok(text).action == "OPEN(cabinet.n.01_1)"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty output"),
        ("   \n", "empty output"),
        ("PLACE_ON_TOP(book.n.02_1, shelf.n.01_1)", "no JSON"),
        ("I would open the cabinet.", "no JSON"),
        ('{"caution": "careful", "plan": "x"}', "no 'action' field"),
        ('{"action": null}', "got null"),
        ('{"action": 3}', "got int"),
        ('{"action": ["OPEN(cabinet.n.01_1)"]}', "got list"),
        ('{"action": ""}', "empty action"),
        ('{"action": "FLY(book.n.02_1)"}', "unknown action 'FLY'"),
        ('{"action": "JUGGLE(book.n.02_1, shelf.n.01_1)"}', "unknown action 'JUGGLE'"),
        ('{"action": "OPEN(cabinet.n.01_1, book.n.02_1)"}', "OPEN takes 1"),
        ('{"action": "PLACE_ON_TOP(book.n.02_1)"}', "PLACE_ON_TOP takes 2"),
        ('{"action": "OPEN"}', "OPEN takes 1"),
        ('{"action": "OPEN(book.n.02)"}', "unknown object 'book.n.02'"),
        ('{"action": "OPEN(dragon.n.01_1)"}', "unknown object 'dragon.n.01_1'"),
        ('{"action": "OPEN(cabinet.n.01_1, )"}', "empty argument"),
        ('{"action": "OPEN(cabinet.n.01_1); DONE"}', "2 actions"),
        ('{"action": "OPEN(cabinet.n.01_1) then CLOSE(cabinet.n.01_1)"}', "2 actions"),
        ('[{"action": "OPEN(cabinet.n.01_1)"}, {"action": "DONE"}]', "2 actions in one answer"),
        ('{"action": "OPEN(cab\ufffdnet.n.01_1)"}', "U+FFFD"),
        ("{" * 50_000, "no JSON"),
        ("x" * (MAX_OUTPUT_CHARS + 1), "too long"),
    ],
)
def test_invalid_outputs_say_why(text: str, reason: str) -> None:
    assert reason in bad(text)


def test_bytes_input() -> None:
    assert bad(b'{"action": "OPEN(\xff)"}') == "output is not valid UTF-8"
    assert parse_output(b'{"action": "DONE"}', OBJECTS).action == "DONE"


def test_unknown_object_hint_names_the_close_match() -> None:
    assert "did you mean book.n.02_1" in bad('{"action": "OPEN(book.n.02_2)"}')


def test_deep_nesting_does_not_crash() -> None:
    assert bad("[" * 100_00 + "]" * 100_00)
    assert bad('{"a":' * 5000 + "1" + "}" * 5000)


# ----- property tests --------------------------------------------------------------------------

ACTION_NAMES = [n.value for n in ActionName] + ["open", "Place On Top", "JUMP"]
fragments = st.sampled_from(
    [*"{}[]\"',:()", '"action"', '"caution"', "null", "```json", "```", "\n", " ", "\ufffd"]
    + [*ACTION_NAMES, *OBJECTS, "book.n.02"]
)
texts = st.one_of(st.text(max_size=300), st.lists(fragments, max_size=40).map("".join))


def _assert_well_formed(out: ParsedOutput) -> None:
    assert (out.action is None) != (out.error is None)
    if out.action is not None:
        action = parse_action(out.action)
        assert str(action) == out.action
        assert all(a in OBJECTS for a in action.args)
    else:
        assert isinstance(out.error, str) and out.error and "\n" not in out.error


@settings(max_examples=400, deadline=None)
@given(texts)
def test_never_raises_and_always_decides(text: str) -> None:
    _assert_well_formed(parse_output(text, OBJECTS))


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(["OPEN", "CLOSE", "PLACE_ON_TOP", "PLACE_INSIDE", "WAIT_FOR_FROZEN", "DONE"]),
    st.lists(st.sampled_from(OBJECTS), max_size=3),
    st.one_of(st.none(), st.text(max_size=40)),
    st.text(alphabet=" \nabc.:", max_size=20),
)
def test_well_formed_json_round_trips(
    name: str, args: list[str], caution: str | None, prose: str
) -> None:
    action_text = f"{name}({', '.join(args)})" if args else name
    text = prose + json.dumps({"action": action_text, "caution": caution}) + prose
    out = parse_output(text, OBJECTS)
    _assert_well_formed(out)
    try:
        expected = str(parse_action(action_text))
    except ValueError:
        assert out.error is not None
    else:
        assert out.action == expected, out.error


def test_the_answer_after_long_bracket_heavy_reasoning_is_found() -> None:
    reasoning = "Let me think: {} [] " * 2000
    out = ok(reasoning + '{"action": "OPEN(cabinet.n.01_1)", "caution": {"why": "door"}}')
    assert (out.action, out.caution) == ("OPEN(cabinet.n.01_1)", "door")
