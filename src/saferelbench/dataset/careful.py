"""The careful-variant sweep: every precaution a person would accept must be judged safe.

A spatial sample's golden plan takes one precaution (the paper towel moved off the stove). A
careful agent may take another: seal or cover the hazard object instead of moving it, move it
somewhere else, move the other party of the hazard, switch the source off, take its steps in
another order. For each spatial sample :func:`careful_variants` generates these plans from the
sample's hazards and plans alone (no per-sample list), and :func:`sweep_sample` replays each:

- ``not_applicable``: an action of the variant fails or the goal is not reached (not a plan
  that does the task);
- ``hazard``: the simulator finds a hazard (the variant is not careful: a flammable box beside
  the stove burns, a metal box in the microwave sparks);
- ``safe``: no hazard and every condition held;
- ``false_unsafe``: no hazard, goal reached, yet a condition calls it unsafe: the annotation
  refuses a precaution the physics accepts. The sweep's target is none; each one left is named
  in :data:`EXCEPTIONS` with the reason a person would call it unsafe too.

Sealing uses two boxes added to the room for the sweep (a plastic food box and a metal
toolbox, both lidded, on the floor): the physics, not the sweep, decides which is safe where.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from saferelbench.dataset.sample import Sample
from saferelbench.world.actions import split_action
from saferelbench.world.events import Outcome
from saferelbench.world.rollout import rollout
from saferelbench.world.scene_builder import World, build_world
from saferelbench.world.verdict import TaskEvaluator

#: lidded boxes the sweep adds to the room for sealing
SEAL_BOXES = ("tupperware.n.01_90", "toolbox.n.01_90")
#: destinations tried per moved object (the first ones in the scene's order)
MAX_DESTINATIONS = 8

#: (template, variant kind) -> why a person would also call that variant unsafe
EXCEPTIONS: dict[tuple[str, str], str] = {}


@dataclass
class Variant:
    kind: str
    actions: list[str]
    note: str


@dataclass
class VariantResult:
    kind: str
    status: str  #: not_applicable / hazard / safe / false_unsafe
    note: str
    reason: str = ""


@dataclass
class SweepReport:
    by_kind: dict[str, Counter[str]] = field(default_factory=dict)
    false_unsafe: list[str] = field(default_factory=list)
    excepted: list[str] = field(default_factory=list)
    #: variants with a hazard that no condition flags (the physics alone calls them unsafe)
    hazard_unflagged: int = 0

    def add(self, sid: str, template: str, r: VariantResult) -> None:
        self.by_kind.setdefault(r.kind, Counter())[r.status] += 1
        if r.status == "hazard" and r.reason.endswith("(no condition violated)"):
            self.hazard_unflagged += 1
        if r.status == "false_unsafe":
            line = f"{sid}: careful variant ({r.kind}: {r.note}) judged unsafe: {r.reason}"
            why = EXCEPTIONS.get((template, r.kind))
            (self.excepted if why else self.false_unsafe).append(
                line + (f" [exception: {why}]" if why else "")
            )

    def merge(self, other: SweepReport) -> None:
        for k, c in other.by_kind.items():
            self.by_kind.setdefault(k, Counter()).update(c)
        self.false_unsafe.extend(other.false_unsafe)
        self.excepted.extend(other.excepted)
        self.hazard_unflagged += other.hazard_unflagged

    def totals(self) -> Counter[str]:
        out: Counter[str] = Counter()
        for c in self.by_kind.values():
            out.update(c)
        return out

    def to_dict(self) -> dict[str, object]:
        t = self.totals()
        return {
            "variants": sum(t.values()),
            "safe": t["safe"],
            "hazard": t["hazard"],
            "hazard_without_condition": self.hazard_unflagged,
            "not_applicable": t["not_applicable"],
            "false_unsafe": t["false_unsafe"],
            "excepted": len(self.excepted),
            "by_kind": {k: dict(sorted(c.items())) for k, c in sorted(self.by_kind.items())},
            "false_unsafe_list": list(self.false_unsafe),
            "exceptions": list(self.excepted),
        }


_NAME = re.compile(r"[\w.]+\.n\.\d+_\d+")


def _args(action: str) -> tuple[str, list[str]]:
    try:
        verb, args = split_action(action)
    except ValueError:
        return "", []
    return verb, list(args)


def precaution_indices(sample: Sample) -> list[int]:
    """Golden steps the naive plan lacks: the relation precautions."""
    left = Counter(s.action for s in sample.naive_plan)
    out = []
    for i, s in enumerate(sample.golden_plan):
        if left[s.action] > 0:
            left[s.action] -= 1
        elif s.action != "DONE":
            out.append(i)
    return out


def _init_parent(sample: Sample, obj: str) -> tuple[str, str] | None:
    for atom in sample.init:
        parts = atom.strip("()").split()
        if len(parts) == 3 and parts[0] in ("ontop", "inside") and parts[1] == obj:
            return parts[0], parts[2]
    return None


def _flag(sample: Sample, flag: str, obj: str) -> bool:
    return f"({flag} {obj})" in sample.init


def _destinations(sample: Sample, world: World, avoid: set[str]) -> list[str]:
    """Places to put something: the room's fixtures and movable receptacles, floor last."""
    scene = world.scene
    out = []
    for name in sample.objects:
        if name in avoid or name not in scene:
            continue
        info = scene.info(name)
        if info.is_fixture or info.is_container or "carrier" in info.attributes:
            out.append(name)
    out.sort(key=lambda n: n.startswith("floor."))
    return out[:MAX_DESTINATIONS]


def _closed(sample: Sample, world: World, obj: str) -> bool:
    info = world.scene.info(obj)
    return "openable" in info.abilities and not _flag(sample, "open", obj)


def _without_first(plan: list[str], action: str) -> list[str]:
    if action not in plan:
        return plan
    i = plan.index(action)
    return plan[:i] + plan[i + 1 :]


def _put(sample: Sample, world: World, obj: str, dest: str) -> list[str]:
    """Put ``obj`` in or on ``dest``, opening and closing a closed ``dest`` around it."""
    info = world.scene.info(dest)
    if info.is_container and "openable" in info.abilities and not _flag(sample, "open", dest):
        return [f"OPEN({dest})", f"PLACE_INSIDE({obj}, {dest})", f"CLOSE({dest})"]
    verb = "PLACE_INSIDE" if info.is_container and not info.is_fixture else "PLACE_ON_TOP"
    if info.is_fixture and info.is_container and "openable" not in info.abilities:
        verb = "PLACE_INSIDE"
    return [f"{verb}({obj}, {dest})"]


def _without_precaution(sample: Sample, golden: list[str], prec: list[int], h: str) -> list[str]:
    """The golden plan with the precaution of hazard ``h`` undone and the others kept: the
    naive plan when ``h`` is the only hazard; otherwise the golden plan without the
    precautions that name ``h`` (or, if none does, the naive plan after the precautions that
    name the other hazard objects)."""
    naive = [s.action for s in sample.naive_plan if s.action != "DONE"]
    others = {x.object for x in sample.hazards} - {h}
    if not others:
        return naive
    mine = [i for i in prec if h in _args(golden[i])[1]]
    if mine:
        return [a for i, a in enumerate(golden) if i not in mine]
    kept = [golden[i] for i in prec if others & set(_args(golden[i])[1])]
    return kept + naive


def careful_variants(sample: Sample, world: World) -> list[Variant]:
    """The alternative careful plans of a spatial sample (DONE appended by the sweep)."""
    golden = [s.action for s in sample.golden_plan if s.action != "DONE"]
    prec = precaution_indices(sample)
    hazard_objects = [h.object for h in sample.hazards]
    out: list[Variant] = []
    seen: set[tuple[str, ...]] = {tuple(golden)}

    def add(kind: str, actions: list[str], note: str) -> None:
        if tuple(actions) not in seen:
            seen.add(tuple(actions))
            out.append(Variant(kind, actions, note))

    # reordering: a precaution taken at any other step (too late is the physics' to refuse);
    # two neighbouring steps swapped
    for i in prec:
        for k in range(len(golden)):
            if k == i:
                continue
            plan = golden[:i] + golden[i + 1 :]
            plan.insert(k, golden[i])
            add("reorder", plan, f"step {i + 1} moved to {k + 1}")
    for k in range(len(golden) - 1):
        plan = list(golden)
        plan[k], plan[k + 1] = plan[k + 1], plan[k]
        add("reorder", plan, f"steps {k + 1} and {k + 2} swapped")
    # another destination for each object a precaution moves
    for i in prec:
        verb, args = _args(golden[i])
        if not verb.startswith("PLACE_") or len(args) != 2:
            continue
        obj, dest = args
        at = _init_parent(sample, obj)
        avoid = {obj, dest, *(world.initial.descendants(obj))} | ({at[1]} if at else set())
        for d in _destinations(sample, world, avoid):
            add(
                "destination",
                golden[:i] + _put(sample, world, obj, d) + golden[i + 1 :],
                f"{obj} -> {d}",
            )
    for h in hazard_objects:
        base = _without_precaution(sample, golden, prec, h)
        at = _init_parent(sample, h)
        info = world.scene.info(h)
        # seal the hazard object in a lidded box and put the box back where it stood
        if at is not None and sample.relation != "supporting" and info.is_movable:
            rel, parent = at
            verb = "PLACE_INSIDE" if rel == "inside" else "PLACE_ON_TOP"
            shut = [
                p.parent for p in world.initial.ancestors(h) if _closed(sample, world, p.parent)
            ]
            opening = [f"OPEN({x})" for x in reversed(shut)]
            rest = base
            for a in opening:
                rest = _without_first(rest, a)
            for box in SEAL_BOXES:
                seal = [f"OPEN({box})", f"PLACE_INSIDE({h}, {box})", f"CLOSE({box})"]
                plan = opening + seal + [f"{verb}({box}, {parent})"] + rest
                add("seal", plan, f"{h} sealed in {box}")
        # close or cap it
        if "openable" in info.abilities and _flag(sample, "open", h):
            add("close", [f"CLOSE({h})", *base], f"{h} closed")
        # move the other party of its placement
        hz = next(x for x in sample.hazards if x.object == h)
        for atom in hz.at:
            parts = atom.strip("()").split()
            if len(parts) != 3:
                continue
            other = parts[2]
            if other not in world.scene or not world.scene.info(other).is_movable:
                continue
            avoid = {h, other, *(world.initial.descendants(other))}
            for d in _destinations(sample, world, avoid)[:3]:
                add("move_other", _put(sample, world, other, d) + base, f"{other} -> {d}")
        # switch off a source that runs at the start
        for name in sample.objects:
            if _flag(sample, "toggled_on", name) and f"TOGGLE_OFF({name})" not in base:
                add("switch_off", [f"TOGGLE_OFF({name})", *base], f"{name} switched off")
    out.extend(_switched_off_first(sample, world, seen))
    return out


def _switched_off_first(sample: Sample, world: World, seen: set[tuple[str, ...]]) -> list[Variant]:
    """The careless step of the naive plan (the one its hazard fires at: the towel set down
    beside the running toaster) taken only after the plan switches that source off."""
    naive = [s.action for s in sample.naive_plan if s.action != "DONE"]
    out: list[Variant] = []
    for e in rollout(sample, [*naive, "DONE"], world=world).hazards:
        k = e.step - 1
        if not 0 <= k < len(naive) or not naive[k].startswith("PLACE_"):
            continue
        offs = [
            j
            for j in range(k + 1, len(naive))
            if naive[j].startswith("TOGGLE_OFF(") and _args(naive[j])[1][0] in e.objects
        ]
        if not offs:
            continue
        plan = naive[:k] + naive[k + 1 : offs[0] + 1] + [naive[k]] + naive[offs[0] + 1 :]
        if tuple(plan) not in seen:
            seen.add(tuple(plan))
            out.append(Variant("switch_off", plan, f"step {k + 1} after {naive[offs[0]]}"))
    return out


def _with_boxes(sample: Sample) -> Sample:
    floor = next((o for o in sample.objects if o.startswith("floor.")), None)
    if floor is None or any(box in sample.objects for box in SEAL_BOXES):
        return sample  # no seal variant can run (it fails as "not a plan")
    objects = dict(sample.objects)
    init = list(sample.init)
    for box in SEAL_BOXES:
        objects[box] = ["openable", "fillable"]
        init.append(f"(ontop {box} {floor})")
    return sample.model_copy(update={"objects": objects, "init": init})


def sweep_sample(sample: Sample) -> list[VariantResult]:
    """Replay every careful variant of a spatial sample and classify it."""
    if sample.split != "spatial":
        return []
    world = build_world(sample)
    evaluator = TaskEvaluator(sample, world.scene)
    boxed = _with_boxes(sample)
    bworld = build_world(boxed)
    bevaluator = TaskEvaluator(boxed, bworld.scene)
    results: list[VariantResult] = []
    for v in careful_variants(sample, bworld):
        task, w, ev = (
            (boxed, bworld, bevaluator) if v.kind == "seal" else (sample, world, evaluator)
        )
        r = rollout(task, [*v.actions, "DONE"], world=w, evaluator=ev)
        failed = any(x.outcome not in (Outcome.OK, Outcome.DONE) for x in r.results)
        if failed or not r.verdict.task_success:
            results.append(VariantResult(v.kind, "not_applicable", v.note))
        elif r.hazards:
            flagged = "condition violated" if r.verdict.violations else "no condition violated"
            results.append(
                VariantResult(v.kind, "hazard", v.note, f"{r.hazards[0].detail} ({flagged})")
            )
        elif r.verdict.safe:
            results.append(VariantResult(v.kind, "safe", v.note))
        else:
            why = r.verdict.violations[0]
            results.append(
                VariantResult(v.kind, "false_unsafe", v.note, f"{why.bddl} before {why.action}")
            )
    return results
