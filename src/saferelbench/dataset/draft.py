"""A scenario under construction, and its conversion into a :class:`Sample`.

Templates call the small builder methods (``fixture``, ``obj``, ``on``, ``inside``, ``nextto``,
``fill``, ``flag``, ``step``, ``condition``); :func:`finalize` then derives everything that follows
mechanically: the object list with abilities, the scene description from the ``init`` atoms, the
naive plan (the golden plan without the precaution steps), and the termination conditions of
the end-of-episode rules turn 1 already annotated (heat sources off, doors closed:
``world.hazards.episode_conditions``). (Turn 1 also appended "generic" conditions derived from
every step rule; the ``physical`` protocol counts the simulator's hazards directly, so they
are gone.)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from saferelbench.dataset.sample import Sample
from saferelbench.dataset.vocabulary import label
from saferelbench.world.actions import normalise
from saferelbench.world.hazards import episode_conditions
from saferelbench.world.knowledge import describe, synset_of
from saferelbench.world.scene_builder import build_world
from saferelbench.world.task import Caution, Condition, PlanStep

#: Abilities the agent is shown (IS-Bench's ``object_abilities``).
LISTED_ABILITIES = ("openable", "fillable", "toggleable")


@dataclass
class Step:
    action: str
    caution: str | None = None
    #: "relation" (the spatial precaution) or "twist" (a control's own precaution): dropped or
    #: replaced in the naive plan.
    tag: str | None = None
    #: what the naive plan does instead (None: the step is simply skipped).
    naive: str | None = None


@dataclass
class Draft:
    room: str
    objects: list[str] = field(default_factory=list)
    init: list[str] = field(default_factory=list)
    instruction: str = ""
    goal_atoms: list[str] = field(default_factory=list)
    goal_text: list[str] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    conditions: list[Condition] = field(default_factory=list)
    cautions: list[Caution] = field(default_factory=list)
    _counts: dict[str, int] = field(default_factory=dict)

    # ----- objects and initial state ----------------------------------------------------------
    def obj(self, synset: str) -> str:
        """Add a new instance of ``synset`` and return its name."""
        k = self._counts.get(synset, 0) + 1
        self._counts[synset] = k
        name = f"{synset}_{k}"
        self.objects.append(name)
        return name

    def fixture(self, synset: str) -> str:
        """A piece of furniture or an appliance fixed in the room (reuses an existing one)."""
        for name in self.objects:
            if synset_of(name) == synset:
                return name
        name = self.obj(synset)
        self.init.append(f"(inroom {name} {self.room})")
        return name

    def on(self, a: str, b: str) -> str:
        self.init.append(f"(ontop {a} {b})")
        return a

    def inside(self, a: str, b: str) -> str:
        self.init.append(f"(inside {a} {b})")
        return a

    def nextto(self, a: str, b: str) -> None:
        self.init.append(f"(nextto {a} {b})")

    def flag(self, flag: str, a: str) -> None:
        self.init.append(f"({flag} {a})")

    def fill(self, container: str, liquid_synset: str) -> str:
        liquid = self.obj(liquid_synset)
        self.init.append(f"(filled {container} {liquid})")
        return liquid

    # ----- goal, plan, conditions -------------------------------------------------------------
    def goal(self, atom: str, text: str) -> None:
        self.goal_atoms.append(atom)
        self.goal_text.append(text)

    def step(
        self,
        action: str,
        caution: str | None = None,
        tag: str | None = None,
        naive: str | None = None,
    ) -> None:
        self.steps.append(Step(action, caution, tag, naive))

    def condition(self, c: Condition) -> None:
        self.conditions.append(c)


# ----- description ---------------------------------------------------------------------------
_ATOM = re.compile(r"^\((\w+) ([^ )]+)(?: ([^ )]+))?\)$")


def _atoms(init: list[str]) -> list[tuple[str, str, str | None]]:
    out = []
    for text in init:
        m = _ATOM.match(text)
        if m:
            out.append((m.group(1), m.group(2), m.group(3)))
    return out


def describe_scene(d: Draft) -> list[str]:
    """Sentences describing the initial scene, derived from the ``init`` atoms."""
    atoms = _atoms(d.init)
    flags: dict[str, list[str]] = {}
    filled: dict[str, str] = {}
    for pred, a, b in atoms:
        if b is None:
            flags.setdefault(a, []).append(pred)
        elif pred == "filled":
            filled[a] = b

    def name(x: str) -> str:
        return f"the {label(x)} ({x})"

    def state_words(x: str) -> str:
        words = []
        for f in flags.get(x, []):
            words.append(
                {
                    "open": "open",
                    "toggled_on": "switched on",
                    "frozen": "frozen",
                    "cooked": "cooked",
                }.get(f, f)
            )
        if x in filled:
            words.append(f"full of {label(filled[x])}")
        return ", ".join(words)

    fixtures = [a for pred, a, _ in atoms if pred == "inroom"]
    room = d.room.replace("_", " ")
    sentences = [f"The scene is a {room} with " + _join([name(f) for f in fixtures]) + "."]
    for f in fixtures:
        w = state_words(f)
        if w:
            sentences.append(f"{name(f)[0].upper()}{name(f)[1:]} is {w}.")
    for pred, a, b in atoms:
        if pred in ("ontop", "inside") and b is not None:
            w = state_words(a)
            where = "on" if pred == "ontop" else "inside"
            extra = f" It is {w}." if w else ""
            sentences.append(f"{name(a)[0].upper()}{name(a)[1:]} is {where} the {label(b)}.{extra}")
        elif pred == "nextto" and b is not None:
            sentences.append(f"The {label(a)} stands right next to the {label(b)}.")
    placed = (
        {a for pred, a, b in atoms if pred in ("ontop", "inside")}
        | set(fixtures)
        | set(filled.values())
    )
    for x in d.objects:
        if x not in placed and synset_of(x) != "floor.n.01":
            w = state_words(x)
            sentences.append(
                f"{name(x)[0].upper()}{name(x)[1:]} is on the floor."
                + (f" It is {w}." if w else "")
            )
    return sentences


def _join(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# ----- finalize ------------------------------------------------------------------------------
def _key(c: Condition) -> tuple[str, str | None, str]:
    return (
        normalise(c.action) if c.action else str(c.action),
        c.type,
        re.sub(r"\s+", " ", c.bddl.replace("?", "")).strip(),
    )


def naive_steps(steps: list[Step], tag: str) -> list[PlanStep]:
    out = []
    for s in steps:
        if s.tag == tag:
            if s.naive is not None:
                out.append(PlanStep(action=s.naive, caution=None))
            continue
        out.append(PlanStep(action=s.action, caution=None))
    return out


def finalize(
    d: Draft,
    *,
    sample_id: str,
    split: str,
    relation: str,
    risk: str,
    pair_id: str,
    seed: int,
    template: str,
    twist: str | None,
) -> Sample:
    """Turn a draft into a validated :class:`Sample` with generic conditions appended."""
    if not any(synset_of(o) == "floor.n.01" for o in d.objects):
        d.fixture("floor.n.01")
    objects = {}
    for name in d.objects:
        info = describe(name, [])
        objects[name] = [a for a in LISTED_ABILITIES if a in info.abilities]
    setup = describe_scene(d)
    golden = [PlanStep(action=s.action, caution=s.caution) for s in d.steps] + [
        PlanStep(action="DONE")
    ]
    naive = naive_steps(d.steps, "relation" if split == "spatial" else "twist") + [
        PlanStep(action="DONE")
    ]
    goal = "(:goal (and " + " ".join(d.goal_atoms) + "))"
    base = dict(
        id=sample_id,
        room=d.room,
        instruction=d.instruction,
        initial_setup=[f"{i + 1}. {s}" for i, s in enumerate(setup)],
        goal_text=[f"{i + 1}. {t}" for i, t in enumerate(d.goal_text)],
        objects=objects,
        init=list(d.init),
        goal=goal,
        cautions=list(d.cautions),
        golden_plan=golden,
        split=split,
        relation=relation,
        risk=risk,
        pair_id=pair_id,
        scene_description=" ".join(setup),
        naive_plan=naive,
        placement_seed=seed,
        template=template,
        twist=twist,
    )
    sample = Sample(**base)  # type: ignore[arg-type]
    world = build_world(sample)  # fails early, naming the sample, if the draft does not build
    own: list[Condition] = []
    seen: set[tuple[str, str | None, str]] = set()
    for c in [*d.conditions, *episode_conditions(world.scene, world.initial)]:
        if _key(c) not in seen:
            seen.add(_key(c))
            own.append(c)
    process = [c for c in own if c.type in ("before", "after")]
    termination = [c for c in own if c.type is None]
    return sample.model_copy(
        update={"process_conditions": process, "termination_conditions": termination}
    )
