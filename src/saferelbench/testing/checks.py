"""One checker per extension point: is a new action, hazard rule, scene template, object kind
or the Gymnasium environment complete?

Each checker takes the item (or its registered name), looks at everything the project needs
from it and raises one :class:`ExtensionError` that names the item and lists every problem
found; it returns quietly when the item is complete:

- :func:`check_action_spec`: an :class:`~saferelbench.world.action_specs.ActionSpec` (its
  registration, parameters, preconditions and messages, and its behaviour on probe scenes);
- :func:`check_rule`: a hazard :class:`~saferelbench.world.hazards.registry.Rule` (its
  registration, vocabulary, documentation, and a run over probe steps and episodes);
- :func:`check_template`: a dataset scene template (seeded, deterministic, and its pairs pass
  the dataset's validation);
- :func:`check_kind`: an object kind of the renderer (its record in ``render.kinds`` gives
  it to something, each of its keywords names it, its painter draws it, and the drawing is
  its own);
- :func:`check_env`: the Gymnasium environment (Gymnasium's own checker, its warnings taken
  as errors, and the cost convention).

The test suite runs every checker over every registered item (``tests/testing``) and the
``saferelbench check-extensions`` command runs them from a shell (``docs/extending.md``).
"""

from __future__ import annotations

import gc
import re
import string
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any

from saferelbench.world.action_specs import REGISTRY, ActionSpec
from saferelbench.world.actions import ActionName, parse_action
from saferelbench.world.hazards import RULES_BY_NAME, Context, Rule
from saferelbench.world.hazards.registry import READS, EndContext
from saferelbench.world.layout import derive_nextto
from saferelbench.world.scene_builder import build_world
from saferelbench.world.simulator import step
from saferelbench.world.state import Scene, State
from saferelbench.world.task import Task, WashCondition, WashRuleEntry
from saferelbench.world.vocabulary import HAZARD_KINDS, RELATIONS, RISK_NAMES

if TYPE_CHECKING:
    from saferelbench.dataset.templates import SceneTemplate


class ExtensionError(AssertionError):
    """An extension that is not complete: ``item`` names it, ``problems`` says what is
    missing or wrong (one line each)."""

    def __init__(self, item: str, problems: list[str]) -> None:
        self.item, self.problems = item, problems
        lines = "\n".join(f"  - {p}" for p in problems)
        super().__init__(f"{item}: {len(problems)} problem(s)\n{lines}")


def _raise_if(item: str, problems: list[str]) -> None:
    if problems:
        raise ExtensionError(item, problems)


def _one_line(text: str) -> bool:
    return bool(text.strip()) and "\n" not in text.strip()


_SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")


# ----- probe scenes ---------------------------------------------------------------------------
#: Every n-th shipped sample is a probe scene (its initial state and the states of its golden
#: and naive plans), besides the utility room below.
PROBE_STRIDE = 32

_UTILITY_OBJECTS = {
    "floor.n.01_1": [],
    "countertop.n.01_1": [],
    "shelf.n.01_1": [],
    "cabinet.n.01_1": ["openable"],
    "sink.n.01_1": ["toggleable"],
    "stove.n.01_1": ["toggleable"],
    "electric_refrigerator.n.01_1": ["openable"],
    "washer.n.03_1": [],
    "rag.n.01_1": [],
    "mug.n.04_1": [],
    "saucepan.n.01_1": [],
    "liquid_soap__bottle.n.01_1": [],
    "jersey.n.03_1": [],
    "carving_knife.n.01_1": [],
    "apple.n.01_1": [],
    "half__apple.n.01_1": [],
    "half__apple.n.01_2": [],
    "water.n.06_1": [],
    "liquid_soap.n.01_1": [],
    "stain.n.01_1": [],
    "agent.n.01_1": [],
}
_UTILITY_INIT = [
    *(
        f"(inroom {f} utility_room)"
        for f in (
            "floor.n.01_1",
            "countertop.n.01_1",
            "shelf.n.01_1",
            "cabinet.n.01_1",
            "sink.n.01_1",
            "stove.n.01_1",
            "electric_refrigerator.n.01_1",
            "washer.n.03_1",
        )
    ),
    "(insource sink.n.01_1 water.n.06_1)",
    "(ontop agent.n.01_1 floor.n.01_1)",
    "(ontop rag.n.01_1 countertop.n.01_1)",
    "(ontop mug.n.04_1 countertop.n.01_1)",
    "(ontop saucepan.n.01_1 countertop.n.01_1)",
    "(ontop liquid_soap__bottle.n.01_1 countertop.n.01_1)",
    "(filled liquid_soap__bottle.n.01_1 liquid_soap.n.01_1)",
    "(ontop jersey.n.03_1 floor.n.01_1)",
    "(covered jersey.n.03_1 stain.n.01_1)",
    "(ontop carving_knife.n.01_1 countertop.n.01_1)",
    "(ontop apple.n.01_1 countertop.n.01_1)",
    "(future half__apple.n.01_1)",
    "(future half__apple.n.01_2)",
]
#: A plan through the utility room that uses the cleaning, liquid and cutting actions.
_UTILITY_PLAN = [
    "TOGGLE_ON(sink.n.01_1)",
    "FILL_WITH(mug.n.04_1, sink.n.01_1)",
    "SOAK_UNDER(rag.n.01_1, sink.n.01_1)",
    "TOGGLE_OFF(sink.n.01_1)",
    "POUR_INTO(mug.n.04_1, saucepan.n.01_1)",
    "CUT(apple.n.01_1, carving_knife.n.01_1)",
    "OPEN(washer.n.03_1)",
    "PLACE_INSIDE(jersey.n.03_1, washer.n.03_1)",
    "CLOSE(washer.n.03_1)",
    "TOGGLE_ON(washer.n.03_1)",
    "WAIT_FOR_WASHED(washer.n.03_1)",
    "TOGGLE_OFF(washer.n.03_1)",
    "PLACE_ON_TOP(saucepan.n.01_1, stove.n.01_1)",
    "TOGGLE_ON(stove.n.01_1)",
    "TOGGLE_OFF(stove.n.01_1)",
    "DONE",
]


def _utility_task() -> Task:
    return Task(
        id="probe-utility-room",
        room="utility_room",
        instruction="Wash the jersey, cut the apple and boil some water.",
        objects={k: list(v) for k, v in _UTILITY_OBJECTS.items()},
        init=list(_UTILITY_INIT),
        goal="(:goal (and))",
        wash_rules=[
            WashRuleEntry(
                cleaning_tool="rag",
                support_system="stain",
                conditions=[
                    WashCondition(type="saturated", value="liquid_soap", source=["bottle"])
                ],
            ),
            WashRuleEntry(cleaning_tool="rag", support_system="water"),
        ],
    )


@dataclass(frozen=True)
class ProbeEpisode:
    """A probe scene and the states of one plan through it (the initial state first)."""

    scene: Scene
    states: tuple[State, ...]
    actions: tuple[str, ...]  #: the successful actions between the states


def _probe_tasks() -> Iterator[tuple[Task, list[str]]]:
    from saferelbench.dataset.store import load_samples

    yield _utility_task(), _UTILITY_PLAN
    for s in load_samples()[::PROBE_STRIDE]:
        yield s, [p.action for p in s.golden_plan]
        yield s, [p.action for p in s.naive_plan]


@lru_cache(maxsize=1)
def probe_episodes() -> tuple[ProbeEpisode, ...]:
    """The probe episodes: the utility room's plan and the golden and naive plans of every
    :data:`PROBE_STRIDE`-th shipped sample, played in the simulator."""
    out = []
    for task, plan in _probe_tasks():
        world = build_world(task)
        states, actions = [world.initial], []
        for i, text in enumerate(plan, start=1):
            after, result = step(world.scene, states[-1], text, i)
            if result.outcome.value != "ok":
                continue
            states.append(after)
            actions.append(result.action)
        out.append(ProbeEpisode(world.scene, tuple(states), tuple(actions)))
    return tuple(out)


# ----- actions --------------------------------------------------------------------------------
#: Candidate groundings tried per probe state and action.
GROUNDINGS_PER_STATE = 40
_ACTION_NAME = re.compile(r"^[A-Z][A-Z0-9_]*$")


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def _spec_of(spec: ActionSpec | str) -> ActionSpec:
    if isinstance(spec, str):
        if spec not in REGISTRY:
            raise ExtensionError(
                f"action {spec}", ["not registered: add its spec to its family module's SPECS"]
            )
        return REGISTRY[spec]
    return spec


def check_action_spec(spec: ActionSpec | str) -> None:
    """An action is complete when it is registered once (``action_specs.REGISTRY`` and
    ``ActionName``), its parameters, preconditions and messages are well formed, and on the
    probe scenes every candidate grounding either fails with one of its own reason codes and
    a message that names its arguments, or succeeds with a deterministic effect that the
    simulator steps through (at least one grounding succeeds somewhere)."""
    spec = _spec_of(spec)
    problems: list[str] = []
    add = problems.append
    if not _ACTION_NAME.match(spec.name):
        add(f"name {spec.name!r} is not UPPER_SNAKE_CASE")
    if REGISTRY.get(spec.name) is not spec:
        add("not registered: add its spec to its family module's SPECS (action_specs.REGISTRY)")
    if spec.name not in set(ActionName):
        add("not in world.actions.ActionName: add the name there")
    if not _one_line(spec.description):
        add("description must be one non-empty line (the prompt lists it)")
    if not spec.family:
        add("family is empty (the module that defines it)")
    names = [p.name for p in spec.params]
    if len(set(names)) != len(names):
        add(f"parameter names repeat: {names}")
    for i, p in enumerate(spec.params):
        if not p.name.isidentifier():
            add(f"parameter {p.name!r} is not an identifier")
        if not p.role.strip():
            add(f"parameter {p.name!r} has no role (the prompt describes it)")
        if p.optional and i != len(spec.params) - 1:
            add(f"optional parameter {p.name!r} is not the last")
    if spec.moves is not None and spec.moves not in names:
        add(f"moves names {spec.moves!r}, not a parameter of {names}")
    for code in (pre.code for pre in spec.preconditions):
        if not _SNAKE.match(code):
            add(f"precondition code {code!r} is not snake_case")
    for pre in spec.preconditions:
        unknown = _fields(pre.message) - set(names)
        if unknown and pre.detail is None:
            add(f"precondition {pre.code}: message names {sorted(unknown)}, not parameters")
    if problems:  # the behaviour cannot be judged on a malformed spec
        raise ExtensionError(f"action {spec.name}", problems)
    _probe_action(spec, problems)
    _raise_if(f"action {spec.name}", problems)


def _probe_action(spec: ActionSpec, problems: list[str]) -> None:
    codes = {pre.code for pre in spec.preconditions} | {"not_real"}
    successes = tried = 0
    seen: set[str] = set()

    def once(message: str) -> None:
        if message not in seen:
            seen.add(message)
            problems.append(message)

    for episode in probe_episodes():
        scene = episode.scene
        for state in episode.states:
            try:
                groundings = _first(spec.candidates(scene, state), GROUNDINGS_PER_STATE)
            except Exception as exc:
                once(f"candidates() raised {type(exc).__name__}: {exc}")
                continue
            for args in groundings:
                tried += 1
                text = f"{spec.name}({', '.join(args)})" if args else spec.name
                try:
                    failure = spec.failure(scene, state, args)
                except Exception as exc:
                    once(f"{text}: failure() raised {type(exc).__name__}: {exc}")
                    continue
                if failure is not None:
                    if failure.code not in codes:
                        once(f"{text}: failed with undeclared code {failure.code!r}")
                    if not _one_line(failure.message):
                        once(f"{text}: failure message is not one line: {failure.message!r}")
                    continue
                successes += 1
                if successes > 3 * GROUNDINGS_PER_STATE:  # enough seen: check the rest cheaply
                    continue
                try:
                    first, again = (spec.apply(scene, state, args) for _ in range(2))
                except Exception as exc:
                    once(f"{text}: its effect raised {type(exc).__name__}: {exc}")
                    continue
                if not isinstance(first, State):
                    once(f"{text}: its effect returned {type(first).__name__}, not a State")
                elif first != again:
                    once(f"{text}: its effect is not deterministic")
                elif spec.name != "DONE":
                    _, result = step(scene, state, text, 1)
                    if result.outcome.value != "ok":
                        once(
                            f"{text}: holds its preconditions but the simulator says "
                            f"{result.outcome.value}: {result.reason}"
                        )
    if tried == 0:
        problems.append("no probe scene has a candidate grounding (check its params' accepts)")
    elif successes == 0:
        problems.append(
            f"none of {tried} groundings on the probe scenes succeeds: add a probe scene where "
            "it can (testing/checks.py, the utility room) or check its preconditions"
        )


def _first(items: Iterable[tuple[str, ...]], n: int) -> list[tuple[str, ...]]:
    out = []
    for item in items:
        out.append(item)
        if len(out) >= n:
            break
    return out


# ----- hazard rules ---------------------------------------------------------------------------
#: The relations a rule may declare: the sample relations, ``none`` and ``episode``.
RULE_RELATIONS = (*RELATIONS, "none", "episode")


#: A hand-made task and a plan through it (action strings, DONE at the end or added).
Witness = tuple[Task, Sequence[str]]


def check_rule(
    rule: Rule | str, *, fires_on: Iterable[Witness] = (), quiet_on: Iterable[Witness] = ()
) -> None:
    """A hazard rule is complete when it is registered under its name (``@rule`` in a module
    :mod:`saferelbench.world.hazards` imports), its relation, risk, kinds and reads come from
    the vocabulary, its summary, source and docstring say what it does (``docs/hazards.md``
    prints them), and it runs on every probe step (step rules) or probe episode end (end
    rules) without raising and emitting only its declared kinds. With witnesses, it also
    fires on every careless plan of ``fires_on`` and stays quiet on every careful plan of
    ``quiet_on`` (each plan's actions must all succeed)."""
    if isinstance(rule, str):
        if rule not in RULES_BY_NAME:
            raise ExtensionError(
                f"rule {rule}",
                ["not registered: decorate it with @rule in a module world/hazards imports"],
            )
        rule = RULES_BY_NAME[rule]
    problems: list[str] = []
    add = problems.append
    if not _SNAKE.match(rule.name):
        add(f"name {rule.name!r} is not snake_case")
    if RULES_BY_NAME.get(rule.name) is not rule:
        add(
            "not registered: decorate it with @rule in a module world/hazards/__init__.py "
            "imports (a module of its relation)"
        )
    if rule.relation not in RULE_RELATIONS:
        add(f"relation {rule.relation!r} is not one of {list(RULE_RELATIONS)}")
    if rule.risk not in RISK_NAMES:
        add(f"risk {rule.risk!r} is not a key of vocabulary.RISK_NAMES")
    if not rule.kinds:
        add("declares no event kind")
    for kind in rule.kinds:
        if kind not in HAZARD_KINDS:
            add(f"kind {kind!r} is not in vocabulary.HAZARD_KINDS (add it there and to docs)")
    unknown = set(rule.reads) - set(READS)
    if unknown:
        add(f"reads {sorted(unknown)} are not in registry.READS")
    if rule.phase not in ("step", "end"):
        add(f"phase {rule.phase!r} is neither 'step' nor 'end'")
    if rule.relation == "episode" and rule.phase != "end":
        add("relation 'episode' is for end rules (phase='end')")
    if not _one_line(rule.summary):
        add("summary must be one non-empty line (trigger -> consequence)")
    if not rule.source.strip():
        add("source is empty (the guidance or physics behind it, world/hazards/sources.py)")
    if not rule.doc:
        add("the rule function has no docstring (docs/hazards.md prints its first paragraph)")
    if not problems:
        _probe_rule(rule, problems)
        for fires, witnesses in ((True, fires_on), (False, quiet_on)):
            for task, plan in witnesses:
                problems.extend(_witness(rule, task, plan, fires))
    _raise_if(f"rule {rule.name}", problems)


def _witness(rule: Rule, task: Task, plan: Sequence[str], fires: bool) -> list[str]:
    from saferelbench.world.rollout import rollout

    actions = [*plan, "DONE"] if not plan or plan[-1] != "DONE" else list(plan)
    played = rollout(task, actions)
    failed = [
        f"{r.action}: {r.reason}" for r in played.results if r.outcome.value not in ("ok", "done")
    ]
    if failed:
        return [f"task {task.id!r}: the plan does not play: {failed[0]}"]
    fired = [(e.kind, e.objects) for e in played.hazards if e.rule == rule.name]
    others = sorted({e.rule for e in played.hazards} - {rule.name})
    if fires and not fired:
        return [f"task {task.id!r}: did not fire on the careless plan (other rules: {others})"]
    if not fires and fired:
        return [f"task {task.id!r}: fired on the careful plan: {fired}"]
    return []


def _probe_rule(rule: Rule, problems: list[str]) -> None:
    for episode in probe_episodes():
        scene, states = episode.scene, episode.states
        try:
            if rule.phase == "end":
                end = EndContext(scene, states[0], states[-1], len(states), rule=rule)
                rule.check(end)
                continue
            for i, text in enumerate(episode.actions):
                before = states[i]
                action = parse_action(text)
                effect = action.spec.apply(scene, before, action.args)
                effect = effect.with_nextto(derive_nextto(scene, effect))
                ctx = Context(scene=scene, before=before, action=action, state=effect, step=i + 1)
                ctx.rule = rule
                rule.check(ctx)
        except Exception as exc:
            problems.append(
                f"raised {type(exc).__name__} on a probe episode in a {scene.room}: {exc}"
            )
            return


# ----- scene templates ------------------------------------------------------------------------
#: Pairs built per template check, and random rollouts per sample in their validation.
TEMPLATE_PAIRS = 2
TEMPLATE_ROLLOUTS = 2


def check_template(
    template: SceneTemplate[Any] | str, *, pairs: int = TEMPLATE_PAIRS, seed: int = 2027
) -> None:
    """A scene template is complete when it is registered once (``dataset.templates``), its
    relation and risk are a group of the dataset's composition, it is deterministic (the same
    seed gives the same samples), its scenes vary with the seed, ``pairs`` pairs drawn with
    ``seed`` pass the dataset's validation (golden plan safe, naive plan unsafe, the control a
    pure ablation, ...), and the renderer draws every movable thing as what it is (not as the
    generic block)."""
    from saferelbench.dataset.pipeline import COMPOSITION, build_pairs, to_jsonl
    from saferelbench.dataset.templates import BY_NAME
    from saferelbench.dataset.validate import validate

    if isinstance(template, str):
        if template not in BY_NAME:
            raise ExtensionError(
                f"template {template}",
                ["not registered: add it to its relation module's TEMPLATES"],
            )
        template = BY_NAME[template]
    problems: list[str] = []
    add = problems.append
    name = template.name
    if BY_NAME.get(name) is not template:
        add("not registered: add it to its relation module's TEMPLATES (dataset.templates)")
    if (template.relation, template.risk) not in {(r, k) for r, k, _ in COMPOSITION}:
        add(
            f"({template.relation}, {template.risk}) is no group of pipeline.COMPOSITION: "
            "build-dataset would never draw it"
        )
    if not problems:
        try:
            samples = build_pairs(template, n=pairs, seed=seed)
            again = build_pairs(template, n=pairs, seed=seed)
        except Exception as exc:
            if "no unique scene" in str(exc):  # the pipeline's redraws of a repeated scene ran out
                add(f"{pairs} seeds drew the same scene: choose() ignores its rng ({exc})")
            else:
                add(f"building {pairs} pairs with seed {seed} raised {type(exc).__name__}: {exc}")
        else:
            if to_jsonl(samples) != to_jsonl(again):
                add(f"not deterministic: seed {seed} gave different samples twice")
            scenes = {
                (s.instruction, tuple(sorted(s.init))) for s in samples if s.split == "spatial"
            }
            if pairs > 1 and len(scenes) < 2:
                add(f"{pairs} seeds drew the same scene: choose() ignores its rng")
            if any(s.template != name for s in samples):
                add("its samples do not carry its name in 'template'")
            report = validate(samples, n_random=TEMPLATE_ROLLOUTS)
            problems.extend(f"validation: {e}" for e in report.errors[:8])
            if len(report.errors) > 8:
                add(f"validation: ... and {len(report.errors) - 8} more")
            problems.extend(_undrawn(samples))
    _raise_if(f"template {name}", problems)


def _undrawn(samples: Iterable[Task]) -> list[str]:
    """The movable things of ``samples`` the renderer can only draw as the generic block (no
    catalog keyword and no world attribute says what they are): an image would not show it."""
    from saferelbench.render.catalog import look_of

    generic: set[str] = set()
    for sample in samples:
        for info in build_world(sample).scene.objects:
            if info.is_movable and look_of(info).kind == "block":
                generic.add(info.category)
    return [
        f"{c} is drawn as the generic block: give it an object kind (docs/extending.md)"
        for c in sorted(generic)
    ]


# ----- object kinds ---------------------------------------------------------------------------
@dataclass(frozen=True)
class KindParts:
    """What the renderer holds about one object kind, read from its one record
    (:data:`saferelbench.render.kinds.KINDS`): the keywords that give it (in the room, in the
    hand), the world traits that give it, its layout class and its painter."""

    kind: str
    fixture_rows: tuple[tuple[str, ...], ...]
    item_rows: tuple[tuple[str, ...], ...]
    by_attribute: tuple[str, ...]  #: the world attributes or abilities that give the kind
    laid_out_as_fixture: bool
    painter: Callable[..., None] | None


#: Kinds the catalog gives by code rather than by a keyword: the generic item and fixture, a
#: flat light thing (``paper``) and a chemical's bottle (``catalog._by_knowledge``, ``_marked``).
CODE_KINDS = ("block", "fixture", "paper", "chem_bottle")


def registered_kinds() -> list[str]:
    """Every registered object kind, furniture first."""
    from saferelbench.render.kinds import KINDS

    return sorted(KINDS, key=lambda k: not KINDS[k].furniture)


def kind_parts(kind: str) -> KindParts:
    """The renderer's parts of ``kind``, from its record (empty when it has none)."""
    from saferelbench.render.kinds import KINDS

    record = KINDS.get(kind)
    if record is None:
        return KindParts(kind, (), (), (), False, None)
    return KindParts(
        kind=kind,
        fixture_rows=tuple(w.keywords for w in record.words if w.room),
        item_rows=tuple(w.keywords for w in record.words if not w.room),
        by_attribute=tuple(t.trait for t in record.traits),
        laid_out_as_fixture=record.furniture,
        painter=record.painter if callable(record.painter) else None,
    )


def kind_of_category(category: str, *, fixture: bool) -> str:
    """The kind the catalog gives a category (a synset's word) by its keywords alone."""
    from saferelbench.render import catalog

    return catalog._match(category, fixture).kind


def _drawing(kind: str, fixture: bool) -> bytes:
    """The pixels of ``kind`` drawn alone at natural size on a white tile."""
    from PIL import Image, ImageDraw

    from saferelbench.render.paint import Pen

    image = Image.new("RGB", (360, 360), (255, 255, 255))
    pen = Pen(ImageDraw.Draw(image), 1.0)
    color = (150, 120, 90)
    if fixture:
        from saferelbench.render.catalog import Look
        from saferelbench.render.fixtures import FixtureLook
        from saferelbench.render.geometry import Box
        from saferelbench.render.kinds import paint_fixture
        from saferelbench.render.layout import Node
        from saferelbench.world.knowledge import describe

        look = Look(kind, 200, 200, color)
        node = Node(
            kind, describe("countertop.n.01_1", ["fixture"]), look, 200, 200, False, None, None
        )
        node.box = Box(60, 100, 260, 300)
        paint_fixture(pen, node, FixtureLook(False, False, []), 340)
    else:
        from saferelbench.render.items import ItemLook
        from saferelbench.render.kinds import paint_item

        paint_item(pen, kind, (120, 120, 240, 240), ItemLook(color))
    return image.tobytes()


def check_kind(kind: str) -> None:
    """An object kind is complete when it has a record in ``render.kinds.KINDS`` that gives it
    to objects (a keyword, a world trait, or the catalog's code), each of its keywords alone
    gives it (no other kind's keyword names it better), a painter of its layout class draws it
    (no silent fall-back to the generic block), and its drawing differs from the generic one."""
    parts = kind_parts(kind)
    problems: list[str] = []
    add = problems.append
    fallback = kind in ("block", "fixture")
    rows = parts.fixture_rows + parts.item_rows
    if not rows and not parts.by_attribute and kind not in CODE_KINDS:
        add("no catalog row or world attribute gives this kind to any object")
    if parts.painter is None and not fallback:
        add(
            "no painter: it would be drawn as the generic block (give its record in render.kinds one)"
        )
    _check_keywords(parts, add)
    if not problems and not fallback:
        try:
            mine = _drawing(kind, parts.laid_out_as_fixture)
            generic = _drawing(
                "fixture" if parts.laid_out_as_fixture else "block", parts.laid_out_as_fixture
            )
        except Exception as exc:
            add(f"drawing it raised {type(exc).__name__}: {exc}")
        else:
            if len(set(mine)) <= 1:
                add("its painter draws nothing")
            elif mine == generic:
                add("it is drawn exactly like the generic block")
    _raise_if(f"kind {kind}", problems)


def _check_keywords(parts: KindParts, add: Callable[[str], None]) -> None:
    for fixture, rows in ((True, parts.fixture_rows), (False, parts.item_rows)):
        for keywords in rows:
            for keyword in keywords:
                got = kind_of_category(keyword, fixture=fixture)
                if got != parts.kind:
                    add(
                        f"catalog keyword {keyword!r} gives kind {got!r}: a keyword of it names it better"
                    )


# ----- the Gymnasium environment --------------------------------------------------------------
def check_env(env: Any = None, **kwargs: Any) -> None:
    """The Gymnasium environment (an env, an env id, or by default ``SafeRelBench-v0`` made
    with ``kwargs``) passes Gymnasium's ``check_env`` with its warnings taken as errors, and
    keeps Safety-Gymnasium's cost convention: every step's ``info`` holds a float ``cost``
    in [0, 1]."""
    import gymnasium
    from gymnasium.utils.env_checker import check_env as gymnasium_check_env

    import saferelbench.gym as srb_gym

    made = env if env is not None else srb_gym.ENV_ID
    name = made if isinstance(made, str) else type(getattr(made, "unwrapped", made)).__name__
    problems: list[str] = []
    try:
        if isinstance(made, str):
            made = gymnasium.make(made, **kwargs)
        inner = made.unwrapped
    except Exception as exc:
        raise ExtensionError(
            f"env {name}", [f"cannot be made: {type(exc).__name__}: {exc}"]
        ) from exc
    # Garbage left by earlier code (an unclosed stream of another component, say) is collected
    # first, and a ResourceWarning is not counted: the garbage collector may report it while the
    # checker runs although it says nothing about this environment.
    gc.collect()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            gymnasium_check_env(inner, skip_render_check=True)
        except Exception as exc:
            problems.append(f"gymnasium's check_env: {type(exc).__name__}: {exc}")
    problems += [
        f"gymnasium's check_env warns: {w.message}"
        for w in caught
        if not issubclass(w.category, ResourceWarning)
    ]
    if not problems:
        try:
            inner.reset(seed=0)
            _, _, _, _, info = inner.step(inner.action_space.sample())
        except Exception as exc:
            problems.append(f"a step raised {type(exc).__name__}: {exc}")
        else:
            cost = info.get("cost")
            if not isinstance(cost, float) or not 0.0 <= cost <= 1.0:
                problems.append(f"info['cost'] is {cost!r}, not a float in [0, 1]")
    _raise_if(f"env {name}", problems)


def check_all(
    progress: Callable[[str, str | None], None] | None = None, *, only: Iterable[str] = ()
) -> dict[str, list[str]]:
    """Run every checker over every registered item; ``progress(item, problem_or_None)`` after
    each. Returns the failing items and their problems (empty: every extension is complete)."""
    from saferelbench.dataset.templates import TEMPLATES
    from saferelbench.world.hazards import RULES

    groups: dict[str, list[tuple[str, Callable[[], None]]]] = {
        "actions": [(f"action {n}", partial(check_action_spec, n)) for n in REGISTRY],
        "rules": [(f"rule {r.name}", partial(check_rule, r)) for r in RULES],
        "kinds": [(f"kind {k}", partial(check_kind, k)) for k in registered_kinds()],
        "templates": [(f"template {t.name}", partial(check_template, t)) for t in TEMPLATES],
        "env": [("env SafeRelBench-v0", partial(check_env, images=False))],
    }
    chosen = set(only) or set(groups)
    failures: dict[str, list[str]] = {}
    for group, items in groups.items():
        if group not in chosen:
            continue
        for item, run in items:
            try:
                run()
            except ExtensionError as exc:
                failures[item] = exc.problems
            if progress is not None:
                progress(item, "; ".join(failures[item]) if item in failures else None)
    return failures


#: The groups :func:`check_all` knows, in the order it runs them.
GROUPS = ("actions", "rules", "kinds", "templates", "env")

__all__ = [
    "GROUPS",
    "ExtensionError",
    "check_action_spec",
    "check_all",
    "check_env",
    "check_kind",
    "check_rule",
    "check_template",
    "probe_episodes",
    "registered_kinds",
]
