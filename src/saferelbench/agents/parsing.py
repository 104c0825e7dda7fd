"""Reading an agent's answer: tolerant about form, strict about content.

Models are asked for ``{"action": "NAME(arg, ...)", "caution": "..." or null}``. What they
write varies: code fences, prose before and after, Python-style dicts, trailing commas, a
lower-case or spaced action name. :func:`parse_output` accepts all of that, then insists on
exactly one action of the skill set with the right number of arguments, each an object of the
task. Anything else comes back as an *invalid output* with a one-line reason, never an
exception, so that the episode loop can record it and count it.

Choices worth knowing (they are part of the benchmark's protocol):

- When several JSON objects carry an ``action`` key, the answer is the one action of the task
  they name: an echoed answer template (``{"action": "<one action>"}``) names none and is
  passed over, and the same action written twice (thought aloud, then answered) is one answer.
  Two objects naming *different* actions are invalid ("2 different actions in one answer"):
  the agent did not choose, and the harness does not choose for it.
- A JSON *array* holding several actions is invalid (the agent planned ahead instead of
  choosing one step), and so is an action string naming several actions.
- A bare action string without any JSON object is invalid (the format is part of the task);
  the reason says it read as a bare action.
- Object names must match an object of the task exactly, up to case, surrounding quotes and a
  BDDL-style leading ``?``; ``book.n.02`` for ``book.n.02_1`` is a hallucinated object. An
  unknown object gets the nearest object of the task suggested in the reason (a bare category
  such as ``vase`` gets the task's ``vase.n.01_1``).
"""

from __future__ import annotations

import ast
import difflib
import json
import re
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from saferelbench.world import action_specs
from saferelbench.world.actions import ActionSyntaxError, parse_action

#: Longer outputs are rejected outright: they are garbage, and scanning them costs time.
MAX_OUTPUT_CHARS = 100_000
#: How many candidate JSON openings are tried at most (bounds the work on hostile input).
_MAX_ATTEMPTS = 200
#: Longest span the lenient (non-JSON) reader looks at; real answers are a few hundred chars.
_MAX_LENIENT_SPAN = 4_000
#: How deep to look for an ``action`` key inside nested objects (``{"answer": {...}}``).
_MAX_NESTING = 3

_NULL_WORDS = frozenset({"", "null", "none", "n/a", "na", "nil", "-", "no caution", "no"})
_ACTION_TEXT_RE = re.compile(r"^\s*([A-Za-z][A-Za-z_ \-]*?)\s*(?:\((.*)\))?\s*$", re.DOTALL)
_TRAILING_COMMA_RE = re.compile(r",\s*([}\]])")
_JSON_WORDS_RE = re.compile(r"\b(null|true|false)\b")
_KEY_FALLBACK_RE = re.compile(
    r"""["']?\b(action|caution)\b["']?\s*:\s*(?:"([^"\n]{0,500})"|'([^'\n]{0,500})'|(null|None))""",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class ParsedOutput:
    """The reading of one answer: either ``action`` or ``error`` is set, never both."""

    action: str | None  #: canonical action string, e.g. ``PLACE_ON_TOP(book.n.02_1, shelf.n.01_1)``
    caution: str | None = None  #: the stated caution, None when absent or empty
    error: str | None = None  #: why the output is invalid (one line)
    raw_action: str | None = None  #: the action text as written, when one was found

    @property
    def ok(self) -> bool:
        return self.action is not None


def parse_output(text: str | bytes, scene_objects: Collection[str]) -> ParsedOutput:
    """Read an answer; never raises. ``scene_objects``: the instance names of the task."""
    try:
        return _parse(text, scene_objects)
    except Exception as exc:  # a bug here must not crash an episode; it is still reported
        return ParsedOutput(None, error=f"unreadable output ({type(exc).__name__})")


def _parse(text: str | bytes, scene_objects: Collection[str]) -> ParsedOutput:
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            return ParsedOutput(None, error="output is not valid UTF-8")
    if not isinstance(text, str):
        return ParsedOutput(None, error=f"output is not text ({type(text).__name__})")
    if not text.strip():
        return ParsedOutput(None, error="empty output")
    if len(text) > MAX_OUTPUT_CHARS:
        return ParsedOutput(
            None, error=f"output too long ({len(text)} characters > {MAX_OUTPUT_CHARS})"
        )

    found = _find_answer(text)
    if isinstance(found, str):
        return ParsedOutput(None, error=_bare_action_hint(text, found, scene_objects))
    readings = [_read_answer(a, c, scene_objects) for a, c in found]
    valid = [r for r in readings if r.ok]
    chosen = {r.action for r in valid}
    if len(chosen) > 1:
        names = ", ".join(str(a) for a in dict.fromkeys(r.action for r in valid))
        return ParsedOutput(
            None,
            valid[-1].caution,
            f"{len(chosen)} different actions in one answer ({_short(names, 120)}); "
            "answer with exactly one",
        )
    return valid[-1] if valid else readings[-1]


def _read_answer(raw_action: Any, raw_caution: Any, scene_objects: Collection[str]) -> ParsedOutput:
    caution = _clean_caution(raw_caution)
    if not isinstance(raw_action, str):
        kind = "null" if raw_action is None else type(raw_action).__name__
        return ParsedOutput(None, caution, f"'action' must be one action string, got {kind}")
    action, error = _read_action(raw_action, scene_objects)
    return ParsedOutput(action, caution, error, raw_action=raw_action)


def _bare_action_hint(text: str, reason: str, scene_objects: Collection[str]) -> str:
    """``reason``, and when the whole answer reads as one action without JSON, say so."""
    if "{" in text or len(text) > _MAX_LENIENT_SPAN:
        return reason
    line = text.strip().strip("`").strip()
    _, words = action_names()
    if "\n" in line or not line or not words.match(line):
        return reason
    action, error = _read_action(line, scene_objects)
    shown = action or f"{_short(line)} ({error})"
    return (
        f"{reason}: the answer is a bare action {shown}; "
        'write it as {"action": "...", "caution": ...}'
    )


# ----- finding the answer object ------------------------------------------------------------


def _find_answer(text: str) -> list[tuple[Any, Any]] | str:
    """The (action, caution) values of every answer object, in order, or the reason none was
    found."""
    answers: list[dict[str, Any]] = []
    other_keys: list[str] = []
    any_object = False
    for value in _json_values(text):
        if isinstance(value, list):
            in_list = [d for d in value if isinstance(d, dict) and _key(d, "action") is not None]
            if len(in_list) > 1:
                return f"{len(in_list)} actions in one answer; answer with exactly one"
        for d in _dicts_with_action(value, _MAX_NESTING):
            answers.append(d)
        if isinstance(value, dict):
            any_object = True
            other_keys.extend(str(k) for k in value)
    if answers:
        out = []
        for d in answers:
            action_key, caution_key = _key(d, "action"), _key(d, "caution")
            out.append((d[action_key], d[caution_key] if caution_key is not None else None))
        return out
    fallback = _regex_answer(text)
    if fallback is not None:
        return [fallback]
    if any_object:
        found = {k.strip().lower() for k in other_keys}
        keys = ", ".join(sorted(set(other_keys))[:6]) or "none"
        return f"no 'action' field in the JSON answer (keys: {keys}){_shape_hint(found)}"
    return "no JSON object with an 'action' field found"


def _shape_hint(keys: set[str]) -> str:
    """What a common wrong shape of answer is, said in the reason."""
    if "actions" in keys:
        return ': a list of actions; answer one step as {"action": "NAME(args)"}'
    if keys & {"name", "function", "tool"} and keys & {"arguments", "args", "parameters"}:
        return ': a function call; answer {"action": "NAME(arg, ...)"} instead'
    return ""


def _key(d: dict[Any, Any], name: str) -> Any:
    """The key of ``d`` that spells ``name`` up to case and spaces, or None."""
    for k in d:
        if isinstance(k, str) and k.strip().lower() == name:
            return k
    return None


def _dicts_with_action(value: Any, depth: int) -> Iterator[dict[str, Any]]:
    if depth < 0:
        return
    if isinstance(value, dict):
        if _key(value, "action") is not None:
            yield value
            return
        for v in value.values():
            yield from _dicts_with_action(v, depth - 1)
    elif isinstance(value, list) and len(value) == 1:
        yield from _dicts_with_action(value[0], depth - 1)


def _json_values(text: str) -> Iterator[Any]:
    """Every JSON-ish object or array in ``text``, outermost first, left to right."""
    decoder = json.JSONDecoder()
    i = _tail_start(text)
    for _ in range(_MAX_ATTEMPTS):
        j = _next_opening(text, i)
        if j < 0:
            return
        try:
            value, end = decoder.raw_decode(text, j)
        except Exception:  # JSONDecodeError, or RecursionError on absurd nesting
            value, end = _lenient(text, j)
        if end > j:
            yield value
            i = end
        else:
            i = j + 1


def _tail_start(text: str) -> int:
    """Where to start scanning: the beginning, unless the text has more brackets than the
    attempt budget; then the last ``_MAX_ATTEMPTS`` of them (the answer comes last)."""
    if text.count("{") + text.count("[") <= _MAX_ATTEMPTS:
        return 0
    pos = len(text)
    for _ in range(_MAX_ATTEMPTS):
        a, b = text.rfind("{", 0, pos), text.rfind("[", 0, pos)
        if max(a, b) < 0:
            return 0
        pos = max(a, b)
    return pos


def _next_opening(text: str, start: int) -> int:
    a = text.find("{", start)
    b = text.find("[", start)
    if a < 0:
        return b
    if b < 0:
        return a
    return min(a, b)


def _lenient(text: str, start: int) -> tuple[Any, int]:
    """Read a Python-ish literal (single quotes, trailing commas, None) at ``start``."""
    end = _matching_close(text, start)
    if end < 0:
        return None, start
    span = text[start:end]
    try:
        return json.loads(_TRAILING_COMMA_RE.sub(r"\1", span)), end
    except Exception:  # not JSON even without trailing commas: try it as a Python literal
        pass
    pythonish = _JSON_WORDS_RE.sub(
        lambda m: {"null": "None", "true": "True", "false": "False"}[m.group(1)], span
    )
    try:
        value = ast.literal_eval(pythonish)
    except Exception:  # SyntaxError, ValueError, RecursionError, MemoryError...
        return None, start
    return (value, end) if isinstance(value, dict | list) else (None, start)


def _matching_close(text: str, start: int) -> int:
    """Index after the bracket closing the one at ``start`` (quote-aware), or -1."""
    closing = {"{": "}", "[": "]"}
    stack: list[str] = []
    quote: str | None = None
    escaped = False
    limit = min(len(text), start + _MAX_LENIENT_SPAN)
    for i in range(start, limit):
        c = text[i]
        if quote:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == quote:
                quote = None
            continue
        if c in "\"'":
            quote = c
        elif c in closing:
            stack.append(closing[c])
        elif c in "}]":
            if not stack or stack.pop() != c:
                return -1
            if not stack:
                return i + 1
    return -1


def _regex_answer(text: str) -> tuple[Any, Any] | None:
    """Last resort for broken JSON (e.g. unescaped quotes in the caution): pick the fields."""
    brace = text.find("{")
    if brace < 0:
        return None
    fields: dict[str, Any] = {}
    for m in _KEY_FALLBACK_RE.finditer(text, brace):
        name = m.group(1).lower()
        value = m.group(2) if m.group(2) is not None else m.group(3)
        fields[name] = value  # the last occurrence wins, as for whole objects
    if "action" not in fields:
        return None
    return fields["action"], fields.get("caution")


def _clean_caution(value: Any) -> str | None:
    if value is None or isinstance(value, bool):
        return None
    if isinstance(value, list):
        parts = [p for p in (_clean_caution(v) for v in value) if p]
        return "; ".join(parts) or None
    if isinstance(value, dict):
        return _clean_caution(list(value.values()))
    text = str(value).strip()
    return None if text.lower().strip(".") in _NULL_WORDS else text


# ----- reading the action ---------------------------------------------------------------------


@lru_cache(maxsize=8)
def _action_names(names: tuple[str, ...]) -> tuple[dict[str, str], re.Pattern[str]]:
    """For the action specs' names: name with separators removed -> name ("PLACEONTOP" ->
    PLACE_ON_TOP), and a pattern finding any of them in a text."""
    keys = {n.replace("_", ""): n for n in names}
    words = re.compile(
        r"(?<![A-Za-z_.])(" + "|".join(sorted(names, key=len, reverse=True)) + r")(?![A-Za-z_])",
        re.IGNORECASE,
    )
    return keys, words


def action_names() -> tuple[dict[str, str], re.Pattern[str]]:
    """:func:`_action_names` of the current action registry (every spec is an action)."""
    return _action_names(tuple(action_specs.REGISTRY))


def _read_action(raw: str, scene_objects: Collection[str]) -> tuple[str | None, str | None]:
    """(canonical action, None) or (None, reason)."""
    text = raw.strip().strip("`\"'").strip().rstrip(".;").strip()
    if not text:
        return None, "empty action"
    if "\ufffd" in text:
        return None, "action contains U+FFFD replacement characters (invalid UTF-8)"
    name_keys, word_re = action_names()
    words = word_re.findall(text)
    if len(words) > 1:
        return None, f"{len(words)} actions in one answer ({_short(text)}); answer with exactly one"
    m = _ACTION_TEXT_RE.match(text)
    if not m:
        return None, f"not an action: {_short(text)}"
    key = re.sub(r"[\s_\-]+", "", m.group(1)).upper()
    name = name_keys.get(key)
    if name is None:
        return None, f"unknown action {_short(m.group(1).strip())}"
    raw_args = m.group(2)
    args = (
        [a.strip().strip("`\"'").strip().lstrip("?") for a in raw_args.split(",")]
        if raw_args and raw_args.strip()
        else []
    )
    if any(not a for a in args):
        return None, f"empty argument in {_short(text)}"
    resolved: list[str] = []
    for arg in args:
        obj = _resolve_object(arg, scene_objects)
        if obj is None:
            return (
                None,
                f"unknown object {_short(arg)}: not an object of this task{_hint(arg, scene_objects)}",
            )
        resolved.append(obj)
    try:
        action = parse_action(f"{name}({', '.join(resolved)})" if resolved else name)
    except ActionSyntaxError as exc:
        return None, str(exc)
    return str(action), None


def _hint(arg: str, scene_objects: Collection[str]) -> str:
    """`` (did you mean X?)`` for an unknown object name: the task's objects of that category
    for a bare name (``vase``, ``Paper Towel``), else the closest spelling."""
    category = re.sub(r"[\s\-]+", "_", arg.strip().lower()).split(".")[0]
    same = [o for o in scene_objects if o.lower().split(".")[0] == category]
    if not same:
        same = difflib.get_close_matches(arg, list(scene_objects), n=1)
    if not same:
        return ""
    if len(same) == 1:
        return f" (did you mean {same[0]}?)"
    return f" (did you mean one of {', '.join(sorted(same)[:4])}?)"


def _resolve_object(arg: str, scene_objects: Collection[str]) -> str | None:
    if arg in scene_objects:
        return arg
    lowered = [o for o in scene_objects if o.lower() == arg.lower()]
    return lowered[0] if len(lowered) == 1 else None


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


def format_answer(action: str, caution: str | None = None) -> str:
    """The answer text a well-behaved agent writes (what built-in agents return)."""
    return json.dumps({"action": action, "caution": caution})
