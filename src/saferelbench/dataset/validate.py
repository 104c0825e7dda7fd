"""Validation: every sample earns its place.

For each sample: it builds and its BDDL compiles against its objects (and the exported BDDL
problem parses); the golden plan succeeds safely; a spatial sample's naive plan succeeds but
violates a relation-induced condition with the hazard really happening; in a control the
spatial naive plan violates none of the spatial sample's relation-induced conditions and
triggers no hazard of that relation's risk, while the control's own naive plan is unsafe;
every hazard of the golden and naive plans is accounted for by a violated annotated condition
(a hazard no condition accounts for is a gap in the annotation), and every violated condition
comes with a hazard unless it is marked ``annotation_only``; ``n_random`` seeded random
rollouts check that the verdict is "conditions held and no hazard" and count the hazards no
annotation covers (random actions make hazards no scenario annotates; they are counted, not
errors). Everything is judged under the ``physical`` protocol. Across samples: ids unique, no
two samples identical.
"""

from __future__ import annotations

import json
import random
import re
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from saferelbench.dataset.bddl_export import parse_exported, to_bddl
from saferelbench.dataset.careful import SweepReport, sweep_sample
from saferelbench.dataset.draft import PLACEMENT_PREDICATES
from saferelbench.dataset.outcomes import conjuncts, is_derived, is_restatement
from saferelbench.dataset.sample import Sample
from saferelbench.world import verdict as _verdict
from saferelbench.world.actions import ARITY, ActionName, split_action
from saferelbench.world.hazards import RULES_BY_NAME
from saferelbench.world.rollout import Rollout, rollout
from saferelbench.world.scene_builder import build_world
from saferelbench.world.task import Condition
from saferelbench.world.verdict import TaskEvaluator

DEFAULT_RANDOM_ROLLOUTS = 20
ROLLOUT_SEED = 20240507


@dataclass
class SampleReport:
    id: str
    golden_success_safe: bool = False
    naive_unsafe: bool = False
    rollouts: int = 0
    disagreements: int = 0
    random_gaps: int = 0
    annotation_only: int = 0
    errors: list[str] = field(default_factory=list)


@dataclass
class Report:
    samples: int = 0
    golden_success_safe: int = 0
    naive_unsafe_spatial: int = 0
    spatial: int = 0
    agreement_rollouts: int = 0
    disagreements: int = 0
    random_gaps: int = 0
    annotation_only: int = 0
    #: relation-induced conditions of the spatial samples: stated as an outcome (an outcome
    #: relation of world/outcomes.py), kept as a placement with a reason, written otherwise
    relation_conditions: dict[str, int] = field(
        default_factory=lambda: {"outcome": 0, "placement_with_reason": 0, "other": 0}
    )
    errors: list[str] = field(default_factory=list)
    #: the careful-variant sweep over the spatial samples (None: not run)
    careful: SweepReport | None = None

    @property
    def ok(self) -> bool:
        return not self.errors

    def to_dict(self) -> dict[str, object]:
        return {
            "samples": self.samples,
            "spatial": self.spatial,
            "golden_success_safe": self.golden_success_safe,
            "naive_unsafe_spatial": self.naive_unsafe_spatial,
            "agreement_rollouts": self.agreement_rollouts,
            "disagreements": self.disagreements,
            "random_unannotated_hazards": self.random_gaps,
            "annotation_only_samples": self.annotation_only,
            "relation_conditions": dict(self.relation_conditions),
            "careful_variants": self.careful.to_dict() if self.careful is not None else None,
            "errors": list(self.errors),
            "ok": self.ok,
        }


def random_actions(sample: Sample, rng: random.Random, max_len: int) -> list[str]:
    """Valid-looking actions over the sample's objects, mixed with steps of its naive plan
    (so hazards are actually exercised), ending with DONE."""
    names = [n for n in sample.objects if not n.startswith(("water.", "floor."))] or list(
        sample.objects
    )
    naive = [s.action for s in sample.naive_plan if s.action != "DONE"]
    verbs = [a for a in ActionName if a is not ActionName.DONE]
    out: list[str] = []
    k = 0
    for _ in range(rng.randint(1, max_len)):
        if naive and rng.random() < 0.4:
            out.append(naive[k % len(naive)])
            k += 1
            continue
        verb = rng.choice(verbs)
        n_args = ARITY[verb][0]
        args = [rng.choice(names) for _ in range(n_args)]
        out.append(f"{verb.value}({', '.join(args)})")
    out.append("DONE")
    return out


def _relation_rules(relation: str, risk: str) -> set[str]:
    return {name for name, r in RULES_BY_NAME.items() if r.relation == relation and r.risk == risk}


def _plan(sample: Sample, which: str) -> list[str]:
    return [s.action for s in (sample.golden_plan if which == "golden" else sample.naive_plan)]


def _check_refs(sample: Sample) -> list[str]:
    errs = []
    names = set(sample.objects)
    for which in ("golden_plan", "naive_plan"):
        for i, step in enumerate(getattr(sample, which)):
            try:
                _, args = split_action(step.action)
            except ValueError as exc:
                errs.append(f"{sample.id}: field '{which}[{i}]': {exc}")
                continue
            missing = [a for a in args if a not in names]
            if missing:
                errs.append(
                    f"{sample.id}: field '{which}[{i}]': unknown object(s) {', '.join(missing)}"
                )
    return errs


def validate_sample(
    sample: Sample, partner: Sample | None, n_random: int = DEFAULT_RANDOM_ROLLOUTS
) -> SampleReport:
    """Check one sample; ``partner`` is the matched spatial sample of a control."""
    rep = SampleReport(sample.id)
    err = rep.errors.append
    try:
        world = build_world(sample)
        evaluator = TaskEvaluator(sample, world.scene)
        parse_exported(to_bddl(sample))
    except Exception as exc:  # any load/compile problem is a validation error for this sample
        err(f"{sample.id}: does not load: {exc}")
        return rep
    rep.errors.extend(_check_refs(sample))

    def run(actions: list[str], label: str, strict: bool = True) -> Rollout:
        r = rollout(sample, actions, world=world, evaluator=evaluator)
        rep.rollouts += 1
        v = r.verdict
        if v.safe != (v.conditions_safe and not v.hazards):
            err(f"{sample.id}: {label}: physical verdict is not 'conditions held and no hazard'")
        if not strict:
            rep.random_gaps += sum(1 for d in v.disagreements if d.startswith("hazard without"))
            return r
        if v.disagreements:
            rep.disagreements += len(v.disagreements)
            err(f"{sample.id}: {label}: {v.disagreements[0]} (actions: {'; '.join(actions)})")
        return r

    conditions = [*sample.process_conditions, *sample.termination_conditions]
    rep.annotation_only = int(any(c.annotation_only for c in conditions))

    golden = run(_plan(sample, "golden"), "golden plan")
    rep.golden_success_safe = golden.verdict.task_success and golden.verdict.safe
    if not rep.golden_success_safe:
        bad = [v.reason for v in golden.verdict.violations]
        err(
            f"{sample.id}: golden plan: success={golden.verdict.task_success} safe={golden.verdict.safe} {bad[:1]}"
            + "".join(
                f" [{r.action}: {r.reason}]"
                for r in golden.results
                if r.reason and r.outcome != "done"
            )[:300]
        )
    naive = run(_plan(sample, "naive"), "naive plan")
    ruining = sample.split == "spatial" and any(h.goal_ruining for h in sample.hazards)
    if ruining and naive.verdict.task_success:
        err(f"{sample.id}: goal-ruining hazard, but the naive plan still reaches the goal")
    elif not ruining and not naive.verdict.task_success:
        err(f"{sample.id}: naive plan does not reach the goal")
    rules = _relation_rules(sample.relation, sample.risk)
    if sample.dataset_version >= 2:
        rep.errors.extend(_check_v2(sample, golden, naive))
        if sample.split == "spatial":
            rep.naive_unsafe = not naive.verdict.safe and any(
                v.relation_induced for v in naive.verdict.violations
            )
        else:
            rep.naive_unsafe = not naive.verdict.safe
        if partner is not None:
            rep.errors.extend(check_ablation(partner, sample))
            probe = sample.model_copy(
                update={
                    "process_conditions": [
                        c for c in partner.process_conditions if c.relation_induced
                    ],
                    "termination_conditions": [],
                }
            )
            r = rollout(probe, _plan(sample, "golden"), world=world)
            if r.verdict.violations:
                err(
                    f"{sample.id}: the control's golden plan violates the spatial relation condition: {r.verdict.violations[0].reason}"
                )
    elif sample.split == "spatial":
        induced = [v for v in naive.verdict.violations if v.relation_induced]
        fired = [e for e in naive.hazards if e.rule in rules]
        physical = [
            c for c in sample.process_conditions if c.relation_induced and not c.annotation_only
        ]
        rep.naive_unsafe = (
            naive.verdict.task_success
            and not naive.verdict.safe
            and bool(induced)
            and (bool(fired) or not physical)
        )
        if not induced:
            err(f"{sample.id}: naive plan violates no relation-induced condition")
        if not fired and physical:
            err(
                f"{sample.id}: naive plan causes no {sample.relation}/{sample.risk} hazard in the simulator"
            )
        if not any(c.relation_induced for c in sample.process_conditions):
            err(f"{sample.id}: no relation-induced condition")
    else:  # dataset version 1: the control carries its own twist
        rep.naive_unsafe = not naive.verdict.safe
        if naive.verdict.safe:
            err(f"{sample.id}: the control's naive plan is safe (its own precaution is not needed)")
        if any(
            c.relation_induced for c in [*sample.process_conditions, *sample.termination_conditions]
        ):
            err(f"{sample.id}: a control carries a relation-induced condition")
        if partner is not None:
            probe = sample.model_copy(
                update={
                    "process_conditions": [
                        c for c in partner.process_conditions if c.relation_induced
                    ],
                    "termination_conditions": [],
                }
            )
            r = rollout(probe, _plan(partner, "naive"), world=world)
            if r.verdict.violations:
                err(
                    f"{sample.id}: the spatial naive plan still violates the relation condition here: {r.verdict.violations[0].reason}"
                )
            if any(e.rule in rules for e in r.hazards):
                err(f"{sample.id}: the spatial naive plan still causes a {sample.risk} hazard here")
    rng = random.Random(ROLLOUT_SEED ^ zlib.crc32(sample.id.encode()))
    max_len = len(sample.golden_plan) + 10
    for k in range(n_random):
        run(random_actions(sample, rng, max_len), f"random rollout {k}", strict=False)
    return rep


#: The dataset's fixed step budget and the margin a golden plan must leave (the
#: rule lives with the evaluator in ``world/verdict.py``).
DATASET_STEP_BUDGET: int = getattr(_verdict, "DATASET_STEP_BUDGET", 30)
DATASET_BUDGET_MARGIN: int = getattr(_verdict, "DATASET_BUDGET_MARGIN", 10)

#: Distractors per scene (harmless things a careful plan leaves alone).
DISTRACTORS_MIN, DISTRACTORS_MAX = 2, 5


def _placement_of(atom: str) -> tuple[str, list[str]] | None:
    parts = atom.strip("()").split()
    if parts and parts[0] in PLACEMENT_PREDICATES:
        return parts[0], parts[1:]
    return None


def check_ablation(spatial: Sample, control: Sample) -> list[str]:
    """A control must be its spatial sample with the hazard objects moved to harmless places and
    nothing else changed: same instruction, goal, objects, room, labels and non-relation
    conditions; the init atoms that differ are placements of hazard objects."""
    errs: list[str] = []
    cid = control.id
    for name in (
        "instruction",
        "goal",
        "goal_text",
        "objects",
        "room",
        "template",
        "variant",
        "hazards",
        "distractors",
        "non_spatial",
        "relation",
        "risk",
        "cautions",
    ):
        if getattr(spatial, name) != getattr(control, name):
            errs.append(f"{cid}: field '{name}' differs from its spatial sample {spatial.id}")
    hazard_objects = {h.object for h in spatial.hazards}
    for atom in sorted(set(spatial.init) ^ set(control.init)):
        p = _placement_of(atom)
        if p is None or not (set(p[1]) & hazard_objects):
            errs.append(
                f"{cid}: field 'init': {atom} differs from {spatial.id} and is no placement of a hazard object"
            )

    def plain(conds: list[Condition]) -> list[str]:
        return sorted(c.model_dump_json() for c in conds if not c.relation_induced)

    for name in ("process_conditions", "termination_conditions"):
        if plain(getattr(spatial, name)) != plain(getattr(control, name)):
            errs.append(
                f"{cid}: field '{name}': the non-relation conditions differ from {spatial.id}"
            )
    return errs


def _check_v2(sample: Sample, golden: Rollout, naive: Rollout) -> list[str]:
    """The v2 labels: hazards declared, distractors (count, a look-alike, none the task or a
    condition needs), the relation hazard of every declared hazard in the naive plan, an
    agent-created hazard really created by the naive plan."""
    errs: list[str] = []
    sid = sample.id
    if not sample.hazards:
        return [f"{sid}: field 'hazards': a version-2 sample declares no hazard"]
    first = sample.hazards[0]
    if (first.relation, first.risk) != (sample.relation, sample.risk):
        errs.append(f"{sid}: field 'hazards[0]': not the sample's relation and risk")
    budget = DATASET_STEP_BUDGET - DATASET_BUDGET_MARGIN
    if len(sample.golden_plan) > budget:
        errs.append(
            f"{sid}: field 'golden_plan': {len(sample.golden_plan)} steps, more than the step budget allows ({budget})"
        )
    n = len(sample.distractors)
    if not DISTRACTORS_MIN <= n <= DISTRACTORS_MAX:
        errs.append(
            f"{sid}: field 'distractors': {n} distractors (want {DISTRACTORS_MIN}-{DISTRACTORS_MAX})"
        )
    if not any(d.lookalike for d in sample.distractors):
        errs.append(f"{sid}: field 'distractors': no look-alike of a hazard object")
    hazard_objects = {h.object for h in sample.hazards}
    needed = set(re.findall(r"[\w.]+\.n\.\d+_\d+", sample.goal)) | hazard_objects
    for c in [*sample.process_conditions, *sample.termination_conditions]:
        if c.origin == "scenario":
            needed |= set(re.findall(r"[\w.]+\.n\.\d+_\d+", c.bddl))
    for d in sample.distractors:
        if d.object not in sample.objects:
            errs.append(f"{sid}: field 'distractors': unknown object {d.object}")
        elif d.object in needed:
            errs.append(
                f"{sid}: field 'distractors': {d.object} is named by the goal, a hazard or a condition"
            )
    moved = [a for r in golden.results if r.outcome == "ok" and (a := _moved(r.action)) is not None]
    for d in sample.distractors:
        if d.object in moved:
            errs.append(f"{sid}: the golden plan moves the distractor {d.object}")
    if sample.split != "spatial":
        if any(
            c.relation_induced for c in [*sample.process_conditions, *sample.termination_conditions]
        ):
            errs.append(f"{sid}: a control carries a relation-induced condition")
        return errs
    for i, c in enumerate(sample.process_conditions):
        if c.relation_induced and not c.reason:
            bare = [a for a in conjuncts(c.bddl) if is_restatement(a)]
            if bare:
                errs.append(
                    f"{sid}: field 'process_conditions[{i}]': {bare[0]} restates the hazard's "
                    "placement instead of its outcome, and gives no reason"
                )
    for h in sample.hazards:
        rules = set(h.rules) or _relation_rules(h.relation, h.risk)
        if h.annotation_only:
            continue
        # the hazard of *this* object (a second risk must not ride on the first one's event):
        # the event names it, or what its risky placement puts it in or on (the bowl the dirty
        # rag lies in soils the banana)
        mine = {h.object} | {
            arg for a in h.at if (p := _placement_of(a)) is not None for arg in p[1][1:]
        }
        fired = [
            e
            for e in naive.hazards
            if e.rule in rules and (h.agent_created or bool(mine & set(e.objects)))
        ]
        if not fired:
            errs.append(
                f"{sid}: naive plan causes no {h.relation}/{h.risk} hazard ({h.object}) in the simulator"
            )
            continue
        if h.agent_created:
            # created by an obvious placement: the naive plan moved the hazard object, or
            # another object the hazard names (the laptop put down beside the open mug), at or
            # before the step the hazard fired
            moves = [
                (i + 1, m)
                for i, r in enumerate(naive.results)
                if r.outcome == "ok" and (m := _moved(r.action)) is not None
            ]
            if not any(
                step <= e.step and (m == h.object or m in e.objects)
                for e in fired
                for step, m in moves
                if h.object in e.objects or m in e.objects
            ):
                errs.append(
                    f"{sid}: agent-created hazard {h.object}: the naive plan does not create it by moving {h.object}"
                )
    return errs


def _moved(action: str) -> str | None:
    try:
        name, args = split_action(action)
    except ValueError:
        return None
    return args[0] if name in ("PLACE_ON_TOP", "PLACE_INSIDE") and args else None


def signature(sample: Sample) -> str:
    return json.dumps(
        [sample.instruction, sorted(sample.init), sample.goal, sorted(sample.objects)]
    )


def validate(
    samples: Iterable[Sample],
    n_random: int = DEFAULT_RANDOM_ROLLOUTS,
    progress: Callable[[str], None] | None = None,
    careful: bool = True,
) -> Report:
    """Validate ``samples`` (see the module docstring); ``careful``: also run the
    careful-variant sweep on the spatial samples (``dataset/careful.py``): a variant the
    physics accepts but a condition refuses is an error unless listed as an exception."""
    samples = list(samples)
    report = Report(samples=len(samples))
    if careful:
        report.careful = SweepReport()
    ids: dict[str, int] = {}
    sigs: dict[str, str] = {}
    for s in samples:
        if s.id in ids:
            report.errors.append(f"{s.id}: duplicate id")
        ids[s.id] = 1
        sig = signature(s)
        if sig in sigs:
            report.errors.append(f"{s.id}: identical to {sigs[sig]}")
        sigs[sig] = s.id
    spatial_by_pair = {s.pair_id: s for s in samples if s.split == "spatial"}
    for s in samples:
        if s.split == "control" and s.pair_id not in spatial_by_pair:
            report.errors.append(f"{s.id}: pair_id {s.pair_id!r} has no spatial sample")
    for s in samples:
        rep = validate_sample(
            s, spatial_by_pair.get(s.pair_id) if s.split == "control" else None, n_random
        )
        report.golden_success_safe += rep.golden_success_safe
        if s.split == "spatial":
            report.spatial += 1
            report.naive_unsafe_spatial += rep.naive_unsafe
            for c in s.process_conditions:
                if c.relation_induced:
                    kind = (
                        "outcome"
                        if is_derived(c.bddl)
                        else "placement_with_reason"
                        if c.reason
                        else "other"
                    )
                    report.relation_conditions[kind] += 1
        report.agreement_rollouts += rep.rollouts
        report.disagreements += rep.disagreements
        report.random_gaps += rep.random_gaps
        report.annotation_only += rep.annotation_only
        report.errors.extend(rep.errors)
        if report.careful is not None and s.split == "spatial" and not rep.errors:
            sweep = SweepReport()
            for r in sweep_sample(s):
                sweep.add(s.id, s.template, r)
            report.careful.merge(sweep)
            report.errors.extend(sweep.false_unsafe)
        if progress:
            progress(s.id)
    return report
