"""A scenario under construction, and its conversion into a :class:`Sample`.

Templates call the small builder methods (``fixture``, ``obj``, ``on``, ``inside``, ``nextto``,
``fill``, ``flag``, ``hazard``, ``step``, ``outcome``, ``condition``; a relation condition states
the unsafe outcome its trigger would bring about, derived from the hazard's placement:
``dataset/outcomes.py``); :func:`finalize` then derives everything that follows
mechanically: the object list with abilities, the scene description from the ``init`` atoms, the
naive plan (the golden plan without the precaution steps), and the termination conditions of
the end-of-episode rules (heat sources off, doors closed:
``world.hazards.episode_conditions``). No conditions are derived from the step rules: the
``physical`` protocol counts the simulator's hazards directly.
"""

from __future__ import annotations

import copy
import dataclasses
import hashlib
import random
import re
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from pydantic import BaseModel

from saferelbench.dataset.catalogue import SPATIAL
from saferelbench.dataset.outcomes import derive_bddl, outcome_atom
from saferelbench.dataset.sample import DATASET_VERSION, DistractorLabel, HazardLabel, Sample
from saferelbench.dataset.vocabulary import label
from saferelbench.world.actions import normalise
from saferelbench.world.hazards import episode_conditions
from saferelbench.world.knowledge import describe, synset_of
from saferelbench.world.scene_builder import build_world
from saferelbench.world.task import Caution, Condition, PlanStep

#: Abilities the agent is shown (IS-Bench's ``object_abilities``).
LISTED_ABILITIES = ("openable", "fillable", "toggleable")


#: risk key (``fire``) by the risk type conditions carry (``Fire Hazard``)
_RISK_BY_TYPE = {e.risk_type: k for k, e in SPATIAL.items()}

#: Placement atoms: the only atoms of ``init`` a control may change (for a hazard object).
PLACEMENT_PREDICATES = ("ontop", "inside", "nextto")


def ontop(a: str, b: str) -> str:
    return f"(ontop {a} {b})"


def inside(a: str, b: str) -> str:
    return f"(inside {a} {b})"


def nextto(a: str, b: str) -> str:
    return f"(nextto {a} {b})"


@dataclass
class Step:
    action: str
    caution: str | None = None
    #: "relation": a precaution of a relation risk (dropped in the spatial naive plan and, by
    #: default, in the controls' golden plan, where the hazard object already stands harmlessly);
    #: "care" (alias "twist"): a precaution of a non-relation risk (kept in both members' golden
    #: plans; dropped in the control's naive plan); None: a task step.
    tag: str | None = None
    #: what the naive plan does instead (None: the step is simply skipped).
    naive: str | None = None
    #: relation steps only: what the controls' golden plan does instead (None: dropped).
    control: str | None = None


@dataclass
class Hazard:
    """A relation risk of the scene: ``obj`` placed by ``at`` (placement atoms, added to
    ``init`` by :meth:`Draft.hazard`) in the spatial sample; control ``k`` replaces them with
    ``harmless[k]``. Nothing else differs between the pair's members."""

    obj: str
    relation: str
    risk: str
    at: list[str]
    harmless: list[list[str]]
    agent_created: bool = False
    goal_ruining: bool = False
    annotation_only: bool = False
    rules: tuple[str, ...] = ()

    def label(self) -> HazardLabel:
        return HazardLabel(
            object=self.obj,
            relation=self.relation,  # type: ignore[arg-type]
            risk=self.risk,  # type: ignore[arg-type]
            agent_created=self.agent_created,
            goal_ruining=self.goal_ruining,
            annotation_only=self.annotation_only,
            rules=list(self.rules),
            at=list(self.at),
        )


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
    hazards: list[Hazard] = field(default_factory=list)
    distractors: list[DistractorLabel] = field(default_factory=list)
    #: non-relation risks of the scene (kept in both members of a pair): "frozen", "door", ...
    non_spatial: list[str] = field(default_factory=list)
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

    # ----- v2 labels: hazards and distractors ------------------------------------------------
    def hazard(
        self,
        obj: str,
        relation: str,
        risk: str,
        *,
        at: list[str],
        harmless: list[list[str]],
        agent_created: bool = False,
        goal_ruining: bool = False,
        annotation_only: bool = False,
        rules: tuple[str, ...] = (),
    ) -> Hazard:
        """Declare ``obj`` a hazard object placed by ``at`` (appended to ``init`` now; do not
        place it otherwise). ``harmless[k]`` is where it stands in control ``k`` (give two
        for pairs that get a second control). All atoms must be placement atoms (``ontop``,
        ``inside``, ``nextto``) naming ``obj`` first."""
        for atom in [*at, *(a for h in harmless for a in h)]:
            m = _ATOM.match(atom)
            if not m or m.group(1) not in PLACEMENT_PREDICATES or m.group(2) != obj:
                raise ValueError(f"hazard {obj}: {atom!r} is not a placement atom of {obj}")
        if not harmless:
            raise ValueError(f"hazard {obj}: give at least one harmless placement")
        h = Hazard(obj, relation, risk, list(at), [list(x) for x in harmless])
        h.agent_created, h.goal_ruining = agent_created, goal_ruining
        h.annotation_only, h.rules = annotation_only, tuple(rules)
        self.init.extend(at)
        self.hazards.append(h)
        return h

    def distractor(self, obj: str, *, lookalike: bool = False, trap: str | None = None) -> str:
        """Label an object (already created and placed) as a distractor: neither the goal nor a
        safety condition needs it. ``lookalike``: same kind as, or looks like, a hazard object;
        ``trap``: what moving it carelessly causes (``brim_full``, ``raw_meat``, ...)."""
        self.distractors.append(DistractorLabel(object=obj, lookalike=lookalike, trap=trap))
        return obj

    def ablate(self, k: int) -> Draft:
        """Control ``k`` (0: the first control): every hazard object moved to its ``k``-th
        harmless placement, relation steps dropped (or replaced by their ``control`` action)
        and relation-induced conditions removed; nothing else changes."""
        d = copy.deepcopy(self)
        for h in d.hazards:
            if k >= len(h.harmless):
                raise ValueError(f"hazard {h.obj}: no harmless placement #{k + 1}")
            at = set(h.at)
            idx = [i for i, a in enumerate(d.init) if a in at]
            first = idx[0] if idx else len(d.init)
            d.init = [a for a in d.init if a not in at]
            d.init[first:first] = h.harmless[k]
        d.steps = [
            Step(s.control, None, None) if s.tag == "relation" and s.control else s
            for s in d.steps
            if (s.tag != "relation" or s.control) and s.tag != "naive_only"
        ]
        d.conditions = [c for c in d.conditions if not c.relation_induced]
        return d

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
        control: str | None = None,
    ) -> None:
        """A plan step. ``tag``: None (task step), "relation" (a relation precaution),
        "care" (a non-relation precaution) or "naive_only" (a step only the spatial naive plan
        has: the careless order, e.g. the mug put away after the laptop it fell from).
        ``naive``: what the naive plan does instead of a tagged step; ``control``: what the
        controls' golden plan does instead of a relation step (default: nothing)."""
        if tag not in (None, "relation", "care", "twist", "naive_only"):
            raise ValueError(f"step {action}: unknown tag {tag!r}")
        self.steps.append(Step(action, caution, tag, naive, control))

    def condition(self, c: Condition, *, reason: str | None = None) -> None:
        """Add a condition. A relation-induced one is stated as the unsafe outcome: each
        negated placement of a hazard (``(not (inside ?steak ?cooler))``) is replaced by the
        outcome its trigger would bring about (``(not (exposed_in ?steak ?cooler))``,
        :func:`~saferelbench.dataset.outcomes.outcome_atom`). A placement the derivation
        cannot turn into an outcome stays only with a ``reason`` (why a person would call
        every plan that leaves the placement unsafe, kept in the condition's ``reason``); without
        one it is an error."""
        if c.relation_induced and c.action:
            risk = _RISK_BY_TYPE.get(c.risk_type, "")
            bddl, left = derive_bddl(c.bddl, c.action, risk)
            if left and not reason:
                raise ValueError(
                    f"condition before {c.action}: {left[0]} restates a placement and has no "
                    "outcome form; give a reason to keep it"
                )
            c = c.model_copy(update={"bddl": bddl, "reason": reason if left else None})
        self.conditions.append(c)

    def outcome(
        self,
        h: Hazard,
        trigger: str,
        *,
        tip: str,
        principle: int = 0,
        when: Literal["before", "after"] = "before",
    ) -> Condition:
        """The relation-induced condition of hazard ``h`` checked just before ``trigger``,
        derived from its placement (``h.at``) as the outcome the trigger would bring about;
        added to the draft and returned."""
        risk = h.risk
        atoms = [f"(not ({p} ?{a} ?{b}))" for p, a, b in _atoms(h.at) if b is not None]
        e = SPATIAL[risk]
        derived = [o for a in atoms if (o := outcome_atom(a, trigger, risk)) is not None]
        if not derived:
            raise ValueError(f"hazard {h.obj}: no outcome of {trigger} derives from {h.at}")
        merged = list(dict.fromkeys(derived))
        body = merged[0] if len(merged) == 1 else "(and " + " ".join(merged) + ")"
        c = Condition(
            risk_type=e.risk_type,
            safety_principle=e.principle(principle),
            safety_tip=tip,
            safety_bddl=f"(:goal {body})",
            action=trigger,
            type=when,
            relation_induced=True,
            annotation_only=h.annotation_only,
            origin="scenario",
        )
        self.conditions.append(c)
        return c


# ----- surface cues --------------------------------------------------------------------------
_T = TypeVar("_T")


def _renamed(value: _T, pattern: re.Pattern[str], mapping: dict[str, str]) -> _T:
    """``value`` with every object name of ``mapping`` replaced (strings, lists, dataclasses
    and pydantic models, recursively)."""
    out: Any
    if isinstance(value, str):
        out = pattern.sub(lambda m: mapping[m.group(0)], value)
    elif isinstance(value, list):
        out = [_renamed(v, pattern, mapping) for v in value]
    elif isinstance(value, tuple):
        out = tuple(_renamed(v, pattern, mapping) for v in value)
    elif isinstance(value, dict):
        out = {
            _renamed(k, pattern, mapping): _renamed(v, pattern, mapping) for k, v in value.items()
        }
    elif isinstance(value, BaseModel):
        out = value.model_copy(
            update={k: _renamed(v, pattern, mapping) for k, v in value.__dict__.items()}
        )
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = dataclasses.replace(
            value,
            **{
                f.name: _renamed(getattr(value, f.name), pattern, mapping)
                for f in dataclasses.fields(value)
                if f.init
            },
        )
    else:
        out = value
    return out  # type: ignore[no-any-return]


def renumber(d: Draft, seed: int) -> Draft:
    """The same scene with the instance numbers of every synset that occurs more than once
    drawn at random (seeded): which of two mugs is ``mug.n.04_1`` then says nothing about which
    one is the hazard. Every name in the draft (atoms, steps, conditions, labels) follows."""
    rng = random.Random(f"renumber:{seed}")
    by_synset: dict[str, list[str]] = {}
    for name in d.objects:
        by_synset.setdefault(synset_of(name), []).append(name)
    mapping: dict[str, str] = {}
    for synset in sorted(by_synset):
        names = by_synset[synset]
        if len(names) < 2:
            continue
        shuffled = list(names)
        rng.shuffle(shuffled)
        mapping.update({a: b for a, b in zip(names, shuffled, strict=True) if a != b})
    if not mapping:
        return copy.deepcopy(d)
    pattern = re.compile(
        r"(?<![\w.])("
        + "|".join(re.escape(n) for n in sorted(mapping, key=len, reverse=True))
        + r")(?![\w])"
    )
    out = _renamed(d, pattern, mapping)
    out._counts = dict(d._counts)
    return out


def _rank(seed: int, name: str) -> str:
    return hashlib.sha256(f"order:{seed}:{name}".encode()).hexdigest()


def _subject(atom: str) -> str | None:
    m = _ATOM.match(atom)
    return m.group(2) if m and m.group(1) in PLACEMENT_PREDICATES else None


def scrambled_order(d: Draft, seed: int) -> Draft:
    """The same scene with its placement atoms and its movable objects listed in a seeded order
    (keyed by object name, so both members of a pair agree): the first thing the scene text or
    the object list names is no longer the hazard by construction. Fixtures, flags and the
    other atoms keep their slots; nothing but the order changes."""
    out = copy.deepcopy(d)
    slots = [i for i, a in enumerate(out.init) if _subject(a) is not None]
    atoms = sorted(
        (out.init[i] for i in slots),
        key=lambda a: (_rank(seed, _subject(a) or ""), a),
    )
    for i, a in zip(slots, atoms, strict=True):
        out.init[i] = a
    fixtures = {a.split()[1] for a in out.init if a.startswith("(inroom ")}
    mslots = [i for i, o in enumerate(out.objects) if o not in fixtures]
    movables = sorted((out.objects[i] for i in mslots), key=lambda o: (_rank(seed, o), o))
    for i, o in zip(mslots, movables, strict=True):
        out.objects[i] = o
    return out


def drawn_first(*words: str) -> bool:
    """A coin drawn from ``words`` (the instruction's own words): whether a clause goes before
    the rest of an instruction. Keyed by the words, not by what the clause is about, so the
    side a clause stands on says nothing about the hazard nor about the safe order."""
    return hashlib.sha256(":".join(("clause-order", *words)).encode()).digest()[0] % 2 == 0


def shuffled_goal(d: Draft, seed: int) -> Draft:
    """The same task with its goal conjuncts (and their goal text lines) in a seeded order,
    keyed by the conjunct's text: the order the goal lists its parts in says nothing about
    which part is the precaution, nor in which order they are safely done."""
    out = copy.deepcopy(d)
    order = sorted(
        range(len(d.goal_atoms)), key=lambda i: (_rank(seed, "goal:" + d.goal_atoms[i]), i)
    )
    out.goal_atoms = [d.goal_atoms[i] for i in order]
    if len(d.goal_text) == len(d.goal_atoms):
        out.goal_text = [d.goal_text[i] for i in order]
    return out


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
                    "brim_full": "full to the brim",
                }.get(f, f.replace("_", " "))
            )
        if x in filled:
            if "full to the brim" in words:
                words.remove("full to the brim")
                words.append(f"full to the brim with {label(filled[x])}")
            else:
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
    tags = {"care", "twist"} if tag in ("care", "twist") else {tag}
    out = []
    for s in steps:
        if s.tag == "naive_only":
            if tag == "relation":
                out.append(PlanStep(action=s.action, caution=None))
            continue
        if s.tag in tags:
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
    variant: str = "",
    control_index: int | None = None,
    dataset_version: int = DATASET_VERSION,
) -> Sample:
    """Turn a draft into a validated :class:`Sample` with generic conditions appended."""
    if not any(synset_of(o) == "floor.n.01" for o in d.objects):
        d.fixture("floor.n.01")
    objects = {}
    for name in d.objects:
        info = describe(name, [])
        objects[name] = [a for a in LISTED_ABILITIES if a in info.abilities]
    setup = describe_scene(d)
    golden = [
        PlanStep(action=s.action, caution=s.caution) for s in d.steps if s.tag != "naive_only"
    ] + [PlanStep(action="DONE")]
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
        dataset_version=dataset_version,
        variant=variant,
        control_index=control_index,
        hazards=[h.label() for h in d.hazards],
        distractors=list(d.distractors),
        non_spatial=list(d.non_spatial),
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
