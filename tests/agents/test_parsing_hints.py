"""What an invalid answer's reason tells the user: bare names get the task's object suggested,
a bare action is recognised as one, and two different actions in one answer are refused."""

import pytest

from saferelbench.agents.parsing import parse_output

OBJECTS = ["vase.n.01_1", "hamper.n.02_1", "cabinet.n.01_1", "book.n.02_1", "book.n.02_2"]


def reason(text: str) -> str:
    parsed = parse_output(text, OBJECTS)
    assert not parsed.ok, parsed
    return str(parsed.error)


def test_a_bare_category_name_gets_the_instance_suggested() -> None:
    r = reason('{"action": "place_on_top(vase, hamper)"}')
    assert "unknown object 'vase'" in r and "did you mean vase.n.01_1?" in r


def test_a_bare_name_of_several_instances_lists_them() -> None:
    r = reason('{"action": "OPEN(Book)"}')
    assert "did you mean one of book.n.02_1, book.n.02_2?" in r


def test_a_misspelt_instance_still_gets_the_closest_name() -> None:
    assert "did you mean cabinet.n.01_1?" in reason('{"action": "OPEN(cabinet.n.01_2)"}')


def test_a_bare_action_without_json_says_so_and_suggests() -> None:
    r = reason("place_on_top(vase, hamper)")
    assert r.startswith("no JSON object")
    assert "bare action" in r and "did you mean vase.n.01_1?" in r
    ok_names = reason("OPEN(cabinet.n.01_1)")
    assert "bare action OPEN(cabinet.n.01_1)" in ok_names


def test_prose_gets_no_bare_action_hint() -> None:
    assert "bare action" not in reason("I would open the cabinet first.")


def test_two_different_actions_are_refused() -> None:
    text = '{"action": "OPEN(cabinet.n.01_1)"}\nor rather\n{"action": "OPEN(book.n.02_1)"}'
    r = reason(text)
    assert r.startswith("2 different actions in one answer")
    assert "OPEN(cabinet.n.01_1)" in r and "OPEN(book.n.02_1)" in r


@pytest.mark.parametrize(
    "text",
    [
        # the same action thought aloud, then answered
        '{"action": "open(cabinet.n.01_1)"} so: {"action": "OPEN(cabinet.n.01_1)"}',
        # an echoed template names no action of the task
        'Format {"action": "<one action>", "caution": null}. {"action": "OPEN(cabinet.n.01_1)"}',
        # an unreadable draft, then the answer
        '{"action": "OPEN(cabinet)"} no: {"action": "OPEN(cabinet.n.01_1)"}',
    ],
)
def test_one_chosen_action_is_read(text: str) -> None:
    assert parse_output(text, OBJECTS).action == "OPEN(cabinet.n.01_1)"


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ('{"actions": ["OPEN(cabinet.n.01_1)", "DONE"]}', "a list of actions"),
        ('{"name": "open", "arguments": {"obj": "cabinet.n.01_1"}}', "a function call"),
        ('{"function": "OPEN", "parameters": ["cabinet.n.01_1"]}', "a function call"),
    ],
)
def test_common_wrong_shapes_are_named(text: str, hint: str) -> None:
    r = reason(text)
    assert r.startswith("no 'action' field in the JSON answer") and hint in r
