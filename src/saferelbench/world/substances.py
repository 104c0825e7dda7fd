"""Substances as states of objects: what yields them, what holds them, what removes
them.

A substance (water, dust, stain, liquid soap, ...) is an object of the scene that is never
placed: it exists only through the states of other objects (see :mod:`saferelbench.world.state`):
``covered(o, s)``, ``contains(c, s)`` / ``filled(c, s)``, ``saturated(tool, s)`` and the static
``insource(source, s)``. The queries here are what the extended actions
(:mod:`saferelbench.world.action_specs`) and the hazard rules ask:

- :func:`producing`: what a source yields *now* (a sink only while it runs; the taxonomy's
  ``particleSource`` annotation says which states a source needs, default none);
- :func:`removal_rules` / :func:`can_remove_now`: the task's ``wash_rules`` read as a removal
  table (tool category x substance category -> conditions), falling back to the taxonomy's
  ``particleRemover`` annotations when the task has no rule for that pair;
- :func:`can_soak`: which substances a tool can be soaked with: those it removes in a rule, every
  cleaner named in a condition of a rule for it, (fallback) what its taxonomy annotation
  lets it remove, and any liquid for a cloth;
- :func:`is_cleaning_tool` / :func:`is_soakable`.

Substances are matched by *category* (``stain`` for ``stain.n.01_1``), as the rules name them.
"""

from __future__ import annotations

from saferelbench.world.knowledge import ObjectInfo, WashRule, synset_of
from saferelbench.world.state import Scene, State

#: A removal condition: ``("saturated", substance category)`` or ``("toggled_on", "")``.
Need = tuple[str, str]


def category(name: str) -> str:
    """``stain.n.01_1`` -> ``stain``; ``cooked__water.n.01_1`` -> ``cooked__water``."""
    return synset_of(name).split(".")[0]


def producing(scene: Scene, state: State, source: str) -> list[str]:
    """The substances ``source`` yields now (sorted): its ``insource`` substances whose
    taxonomy needs (a tap switched on) hold. Sources never run dry."""
    info = scene.info(source)
    needs = {category(s): n for s, n in info.sources}
    out = []
    for sub in scene.yields(source):
        required = needs.get(category(sub), ())
        if all(state.has(flag, source) for flag in required):
            out.append(sub)
    return out


def _rules_for(scene: Scene, tool: str) -> list[WashRule]:
    cat = scene.info(tool).category
    return [r for r in scene.wash_rules if r.tool == cat]


def removal_rules(scene: Scene, tool: str, substance: str) -> tuple[tuple[Need, ...], ...]:
    """The alternative condition sets under which ``tool`` removes ``substance`` (empty: it
    cannot). The task's rules for that (tool, substance) pair decide; without one, the
    taxonomy's annotation of the tool does (one alternative per ``saturated`` condition, all
    ``toggled_on`` conditions required). Computed once per scene."""
    key = ("removal_rules", tool, category(substance))
    cached = scene.memo.get(key)
    if cached is None:
        cached = tuple(_removal_rules(scene, tool, substance))
        scene.memo[key] = cached
    return cached  # type: ignore[return-value]


def _removal_rules(scene: Scene, tool: str, substance: str) -> list[tuple[Need, ...]]:
    sub = category(substance)
    rules = [r.conditions for r in _rules_for(scene, tool) if r.removes == sub]
    if rules:
        return rules
    info = scene.info(tool)
    for system, conds in info.removes:
        if system.split(".")[0] != sub:
            continue
        toggles = tuple(c for c in conds if c[0] == "toggled_on")
        soaks = [(p, v.split(".")[0]) for p, v in conds if p == "saturated"]
        if not soaks:
            return [toggles]
        return [(s, *toggles) for s in soaks]
    return []


def _holds(state: State, tool: str, need: Need) -> bool:
    pred, value = need
    if pred == "toggled_on":
        return state.has("toggled_on", tool)
    if pred == "saturated":
        return any(category(s) == value for s in state.saturated_with(tool))
    return False


def can_remove_now(scene: Scene, state: State, tool: str, substance: str) -> bool:
    """Does ``tool`` remove ``substance`` in ``state`` (one of its condition sets holds)?"""
    return any(
        all(_holds(state, tool, n) for n in conds)
        for conds in removal_rules(scene, tool, substance)
    )


def removable(scene: Scene, tool: str, substance: str) -> bool:
    """Could ``tool`` remove ``substance`` at all (under some condition)?"""
    return bool(removal_rules(scene, tool, substance))


def is_cleaning_tool(info: ObjectInfo, scene: Scene) -> bool:
    """A tool that removes something: a taxonomy particle remover or a tool a rule names."""
    return "particle_remover" in info.abilities or any(
        r.tool == info.category for r in scene.wash_rules
    )


def soak_categories(scene: Scene, tool: str) -> frozenset[str]:
    """The substance categories ``tool`` can be soaked with (see the module doc); computed
    once per scene and tool."""
    key = ("soak_categories", tool)
    cached = scene.memo.get(key)
    if cached is None:
        cached = _soak_categories(scene, tool)
        scene.memo[key] = cached
    return cached  # type: ignore[return-value]


def _soak_categories(scene: Scene, tool: str) -> frozenset[str]:
    out: set[str] = set()
    for r in _rules_for(scene, tool):
        out.add(r.removes)
        out |= {v for p, v in r.conditions if p == "saturated"}
    info = scene.info(tool)
    for system, conds in info.removes:
        out.add(system.split(".")[0])
        out |= {v.split(".")[0] for p, v in conds if p == "saturated"}
    return frozenset(out)


def is_soakable(info: ObjectInfo, scene: Scene) -> bool:
    """Can the object be saturated with anything (a rag, a sponge, a towel)?"""
    return "cloth" in info.abilities or is_cleaning_tool(info, scene)


def can_soak(scene: Scene, tool: str, substance: str) -> bool:
    """Can ``tool`` take up ``substance`` (a rag soaks up water, soap, detergent)? What its
    rules and annotations name, and any liquid a cloth takes up (a towel dipped in bleach is
    soaked with bleach, whatever it is meant to clean)."""
    if category(substance) in soak_categories(scene, tool):
        return True
    info = scene.info(tool)
    return "cloth" in info.abilities and _liquid(scene, substance)


def _liquid(scene: Scene, substance: str) -> bool:
    if substance in scene:
        return "liquid" in scene.info(substance).abilities
    from saferelbench.world.knowledge import describe

    return "liquid" in describe(substance).abilities


def derivative_instance(scene: Scene, obj: str, kind: str) -> list[str]:
    """The task's declared instances of what ``obj`` turns into (``cooked`` water is
    ``cooked__water.n.01_1``); sorted, empty if the task declares none."""
    target = scene.info(obj).derivative(kind)
    if target is None:
        prefix = {"cooked": "cooked__", "sliced": "half__", "melted": "melted__"}[kind]
        target_cat = prefix + scene.info(obj).category
        return sorted(o.name for o in scene.objects if o.category == target_cat)
    return sorted(o.name for o in scene.objects if o.synset == target)
