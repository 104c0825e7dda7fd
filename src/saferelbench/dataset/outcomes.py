"""Relation-induced conditions derived from a hazard, stated as the unsafe outcome.

A hazard is an object placed somewhere (``(inside steak cooler)``) and an action that turns the
placement into harm (packing the pear into the cooler). The condition checked just before that
action (paper eq. 1) names the harm the physics would produce, through the outcome relations of
``world/outcomes.py``, not the placement: so every barrier the simulator honours (a closed box,
a lid, a cap, another place, a source left off) is honoured by the condition as well.

:func:`outcome_atom` is the derivation, one placement atom and one trigger at a time:

==================================  ====================================================
trigger                             the outcome it must not bring about
==================================  ====================================================
``TOGGLE_ON(src)``                  ``(heat_reaches src x)``: its heat reaches ``x``
``PLACE_*(s, _)``, ``OPEN(s)``;     ``(loose_on x s)``: ``x`` drops off ``s``
``x`` on ``s``
``PLACE_*(m, _)``; ``x`` beside     ``(knocks_over m x)``: ``m`` knocks the drink over
``m`` (spillage)
``PLACE_*(m, _)``; ``x`` in ``m``   ``(spills_with x m)``: ``x`` spills as ``m`` moves
(spillage)
``PLACE_*(o, c)``; ``x`` in or on   spillage: ``(and (REL x c) (knocked_by_arrival o x))``:
``c``                               ``o`` set down knocks the drink over; otherwise
                                    ``(exposed_in x c)``: ``o`` touches ``x`` in ``c``
==================================  ====================================================

Anything else (an outcome written directly: ``(dirty plate)``, ``(tipped stool)``) is kept as
written; a placement the table cannot derive must come with a reason (:class:`Draft.condition`).
"""

from __future__ import annotations

import re

from saferelbench.world.actions import ActionSyntaxError, normalise, split_action
from saferelbench.world.outcomes import OUTCOME_PREDICATES

#: the predicates of world/outcomes.py: a condition using one of them is derived
OUTCOME_WORDS = tuple(OUTCOME_PREDICATES)

_PLACEMENT = re.compile(r"^\(not \((inside|ontop|nextto) \?([^ )]+) \?([^ )]+)\)\)$")
_BRIM = re.compile(
    r"^\(not \(and \(open \?([^ )]+)\) \(brim_full \?\1\) \(inside \?\1 \?([^ )]+)\)\)\)$"
)


def _trigger(trigger: str) -> tuple[str, list[str]] | None:
    try:
        verb, _ = split_action(normalise(trigger))
        _, args = split_action(trigger)  # object names keep their case
    except ActionSyntaxError:
        return None
    return verb, list(args)


def outcome_atom(atom: str, trigger: str, risk: str) -> str | None:
    """The outcome form of one negated placement ``atom`` checked before ``trigger`` (None:
    the table has no outcome for it)."""
    atom = " ".join(atom.split())
    parsed = _trigger(trigger)
    if parsed is None:
        return None
    verb, args = parsed
    m = _BRIM.match(atom)
    if m:
        vessel, bag = m.groups()
        if verb.startswith("PLACE_") and args and args[0] == bag:
            return f"(not (spills_with ?{vessel} ?{bag}))"
        return None
    m = _PLACEMENT.match(atom)
    if m is None:
        return None
    rel, x, y = m.groups()
    if verb == "TOGGLE_ON" and args:
        return f"(not (heat_reaches ?{args[0]} ?{x}))"
    if verb == "OPEN" and args and rel == "ontop" and y == args[0]:
        return f"(not (loose_on ?{x} ?{y}))"
    if not verb.startswith("PLACE_") or len(args) != 2:
        return None
    mover, dest = args
    if mover == x:
        return None
    if y == mover:
        if rel == "ontop":
            return f"(not (loose_on ?{x} ?{y}))"
        if rel == "nextto" and risk == "spillage_overflow":
            return f"(not (knocks_over ?{y} ?{x}))"
        if rel == "inside" and risk == "spillage_overflow":
            return f"(not (spills_with ?{x} ?{y}))"
        return None
    if y == dest and rel in ("inside", "ontop"):
        if risk == "spillage_overflow":
            return f"(not (and ({rel} ?{x} ?{y}) (knocked_by_arrival ?{mover} ?{x})))"
        return f"(not (exposed_in ?{x} ?{y}))"
    return None


def conjuncts(bddl: str) -> list[str]:
    """The top-level conjuncts of a ``(:goal ...)`` string."""
    body = bddl.strip()
    if body.startswith("(:goal"):
        body = body[len("(:goal") : -1].strip()
    parts = _split(body)
    if len(parts) == 1 and parts[0].startswith("(and "):
        return _split(parts[0][len("(and ") : -1])
    return parts


def _split(text: str) -> list[str]:
    out: list[str] = []
    depth, start = 0, -1
    for i, ch in enumerate(text):
        if ch == "(":
            if depth == 0:
                start = i
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                out.append(" ".join(text[start : i + 1].split()))
    return out


def is_restatement(atom: str) -> bool:
    """A bare negated placement: the hazard's placement restated, not its outcome."""
    return bool(_PLACEMENT.match(" ".join(atom.split())) or _BRIM.match(" ".join(atom.split())))


def derive_bddl(bddl: str, trigger: str, risk: str) -> tuple[str, list[str]]:
    """``bddl`` with every derivable placement conjunct replaced by its outcome (duplicates
    merged), and the conjuncts left as restated placements."""
    atoms: list[str] = []
    left: list[str] = []
    for atom in conjuncts(bddl):
        out = outcome_atom(atom, trigger, risk)
        if out is None and is_restatement(atom):
            left.append(atom)
        new = out or atom
        if new not in atoms:
            atoms.append(new)
    body = atoms[0] if len(atoms) == 1 else "(and " + " ".join(atoms) + ")"
    return f"(:goal {body})", left


def is_derived(bddl: str) -> bool:
    return any(re.search(rf"\({w} ", bddl) for w in OUTCOME_WORDS)
