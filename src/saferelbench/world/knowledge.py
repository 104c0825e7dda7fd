"""What an object *is*: abilities from the BEHAVIOR-1K taxonomy (``bddl``) plus the project's
own safety attributes (``attributes.json``).

Abilities (from ``bddl.object_taxonomy``, normalised): ``openable``, ``toggleable``,
``fillable``, ``cookable``, ``freezable``, ``flammable``, ``breakable``, ``liquid``,
``substance``, ``heat_source``, ``cold_source``, ``fixture`` (the taxonomy's ``sceneObject``).

Attributes (``attributes.json``, keyed by synset, then by category, i.e. the synset's word):
``chemical``, ``food``, ``electrical``, ``metal``, ``heavy``, ``unstable`` (a support that tips
under a heavy load), ``top_heavy`` (tips over when its support is pulled away), ``carrier``
(made to hold things while moved: plates, trays, pans), ``covering`` (foil, wrap, lids: travels
with what it covers), ``container`` (takes PLACE_INSIDE though not openable/fillable),
``contaminant`` (makes food unsafe when they share a container), ``fixture``, ``no_metal`` (a
heat source in which metal sparks: microwaves).
A chemical may also carry a ``chemical_class`` (e.g. ``chlorine``, ``ammonia``, ``acid``);
incompatible pairs are listed in the same file.

A synset unknown to the taxonomy still loads: it gets the abilities the task lists and the
documented defaults (movable, not a heat source, no attributes).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from importlib import resources
from typing import Any

from saferelbench.world.materials import Profile, carries_by_name, derive, taxonomy

INSTANCE_RE = re.compile(r"^(?P<synset>[a-z0-9_]+\.n\.\d+)_(?P<k>\d+)$")

#: Taxonomy ability name -> our ability name.
_ABILITY_MAP = {
    "openable": "openable",
    "toggleable": "toggleable",
    "fillable": "fillable",
    "cookable": "cookable",
    "freezable": "freezable",
    "flammable": "flammable",
    "breakable": "breakable",
    "liquid": "liquid",
    "substance": "substance",
    "heatSource": "heat_source",
    "coldSource": "cold_source",
    "sceneObject": "fixture",
    # substances: the taxonomy's particle annotations and cloth / slicing
    "particleRemover": "particle_remover",
    "particleSource": "particle_source",
    "cloth": "cloth",
    "slicer": "slicer",
    "sliceable": "sliceable",
}

ABILITIES = frozenset(_ABILITY_MAP.values())
ATTRIBUTES = frozenset(
    {
        "chemical",
        "food",
        "electrical",
        "metal",
        "heavy",
        "unstable",
        "top_heavy",
        "carrier",
        "covering",
        "container",
        "contaminant",
        "fixture",
        "agent",
        "no_metal",
        # the physical hazard model (docs/hazards.md, "Attributes")
        "hot_outside",
        "hot_when_on",
        "candle",
        "slow_cooker",
        "long_surface",
        "stable_top",
        "soft",
        "lid",
        "floor_ok",
        "microwave_safe",
        "ready_to_eat",
        "raw_meat",
        "food_surface",
        "for_liquids",
        "floor_covering",
        # a fillable, lidless receptacle (pot, pan, bowl): what is put on it is in it
        "open_top",
        # the hazards IS-Bench's tasks check (docs/hazards.md, "Attributes")
        "water_source",
        "outlet",
        "not_microwave_safe",
        "soil",
        # the material model (world/materials.py): juices and liquids pass through it
        "porous",
        # heating elements carrying mains current within reach of what is put in (a toaster)
        "live_elements",
    }
)

#: Size classes (``size`` and ``capacity`` in attributes.json): 0 soft or flat (a napkin, an
#: envelope), 1 tiny (a fork, a slice of toast), 2 small (a mug, an apple), 3 medium (a teapot, a
#: pan, a laptop), 4 large (a printer, a microwave), 5 furniture.
DEFAULT_SIZE = 2
FIXTURE_SIZE = 5
DEFAULT_CAPACITY = 3
FIXTURE_CAPACITY = 5


@dataclass(frozen=True)
class HeatGeometry:
    """How a heat source heats: from inside (oven, microwave, toaster) or from below (stove),
    whether its door must be closed, whether it must be switched on."""

    requires_inside: bool
    requires_closed: bool
    requires_toggled_on: bool


@dataclass(frozen=True)
class WashRule:
    """One cleaning rule of a task (IS-Bench ``wash_rules``): a tool of category ``tool``
    removes the substance of category ``removes`` when every condition holds. A condition is
    ``("saturated", category)`` (the tool soaked with that substance) or ``("toggled_on", "")``;
    ``sources`` names, per condition, where the agent can get the substance (shown, not used)."""

    tool: str  #: category word, e.g. ``rag``
    removes: str  #: substance category word, e.g. ``stain``
    conditions: tuple[tuple[str, str], ...] = ()
    sources: tuple[str, ...] = ()


@dataclass(frozen=True)
class ObjectInfo:
    """Static knowledge about one object instance of a task."""

    name: str
    synset: str
    abilities: frozenset[str]
    attributes: frozenset[str]
    heat: HeatGeometry | None = None
    chemical_class: str | None = None
    known_synset: bool = True
    #: size class of the object (see :data:`DEFAULT_SIZE`)
    size: int = DEFAULT_SIZE
    #: the largest size class that fits inside it (containers)
    capacity: int = DEFAULT_CAPACITY
    #: taxonomy ``particleRemover``: (substance synset, conditions) per substance it can remove;
    #: a condition is ``("saturated", synset)`` or ``("toggled_on", "")``
    removes: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    #: taxonomy ``particleSource``: (substance synset, states it needs, e.g. ``("toggled_on",)``)
    sources: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: taxonomy derivatives: ``cooked`` (substance cooking), ``sliced`` (halves), ``melted``
    derivatives: tuple[tuple[str, str], ...] = ()
    #: the safety profile (world/materials.py): material, support, hot surfaces, with sources
    profile: Profile | None = None

    @property
    def hot_surfaces(self) -> frozenset[str]:
        """Which surfaces of a heat source are hot while it runs (inside/top/sides/bottom)."""
        return self.profile.hot if self.profile is not None else frozenset()

    @property
    def support(self) -> str:
        """How things put on it rest: flat / receptacle / soft / none / fixture."""
        return self.profile.support if self.profile is not None else "none"

    @property
    def category(self) -> str:
        """The synset's word: ``microwave`` for ``microwave.n.02``."""
        return self.synset.split(".")[0]

    @property
    def label(self) -> str:
        return self.category.replace("__", " ").replace("_", " ")

    @cached_property  # asked for every object on every simulated step
    def is_fixture(self) -> bool:
        return "fixture" in self.abilities or "fixture" in self.attributes

    @cached_property  # asked for every object on every simulated step
    def is_agent(self) -> bool:
        return "agent" in self.attributes

    @cached_property  # asked for every object on every simulated step
    def is_substance(self) -> bool:
        return "substance" in self.abilities or "liquid" in self.abilities

    @cached_property  # asked for every object on every simulated step
    def is_movable(self) -> bool:
        return not (self.is_fixture or self.is_agent or self.is_substance)

    @property
    def is_open_top(self) -> bool:
        """A lidless receptacle (pot, pan, wok, bowl, casserole): a thing put on top of it lands
        in it, so both ``ontop`` and ``inside`` hold (IS-Bench's reading of BEHAVIOR)."""
        return (
            "open_top" in self.attributes
            and "fillable" in self.abilities
            and "openable" not in self.abilities
        )

    def derivative(self, kind: str) -> str | None:
        """The synset this object turns into (``cooked``, ``sliced``, ``melted``), if any."""
        return next((s for k, s in self.derivatives if k == kind), None)

    @property
    def is_container(self) -> bool:
        if {
            "openable",
            "fillable",
            "cold_source",
        } & self.abilities or "container" in self.attributes:
            return True
        return self.heat is not None and self.heat.requires_inside

    def has(self, name: str) -> bool:
        """True if ``name`` is one of the object's abilities or attributes."""
        return name in self.abilities or name in self.attributes


def synset_of(instance: str) -> str:
    """``microwave.n.02_1`` -> ``microwave.n.02``; a name without ``_k`` is returned as is."""
    m = INSTANCE_RE.match(instance)
    return m.group("synset") if m else instance


def _taxonomy() -> Any:
    return taxonomy()


@lru_cache(maxsize=1)
def attribute_table() -> dict[str, Any]:
    """The project's attribute table (package data ``world/attributes.json``)."""
    text = resources.files("saferelbench.world").joinpath("attributes.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def incompatible_chemicals() -> set[frozenset[str]]:
    return {frozenset(pair) for pair in attribute_table()["incompatible_chemical_classes"]}


@dataclass(frozen=True)
class _Particles:
    removes: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    sources: tuple[tuple[str, tuple[str, ...]], ...] = ()
    derivatives: tuple[tuple[str, str], ...] = ()


@lru_cache(maxsize=4096)
def _particle_knowledge(synset: str) -> _Particles:
    """The taxonomy's particle remover / source annotations and derivative synsets."""
    taxonomy = _taxonomy()
    if not taxonomy.is_valid_synset(synset):
        return _Particles()
    raw = taxonomy.get_abilities(synset)
    removes: list[tuple[str, tuple[tuple[str, str], ...]]] = []
    for system, conds in sorted(
        ((raw.get("particleRemover") or {}).get("conditions") or {}).items()
    ):
        if conds is None:
            continue
        parsed = []
        for cond in conds:
            pred, value = cond[0], cond[1]
            if pred in ("saturated", "toggled_on"):
                parsed.append((pred, value if isinstance(value, str) else ""))
        removes.append((system, tuple(parsed)))
    sources: list[tuple[str, tuple[str, ...]]] = []
    for system, conds in sorted(
        ((raw.get("particleSource") or {}).get("conditions") or {}).items()
    ):
        needs = tuple(c[0] for c in conds or [] if c[0] == "toggled_on" and c[1])
        sources.append((system, needs))
    derivatives: list[tuple[str, str]] = []
    for ability, key, kind in (
        ("cookable", "substance_cooking_derivative_synset", "cooked"),
        ("sliceable", "sliceable_derivative_synset", "sliced"),
        ("meltable", "meltable_derivative_synset", "melted"),
    ):
        target = (raw.get(ability) or {}).get(key)
        if isinstance(target, str):
            derivatives.append((kind, target))
    return _Particles(tuple(removes), tuple(sources), tuple(derivatives))


@lru_cache(maxsize=4096)
def _synset_knowledge(synset: str) -> tuple[bool, frozenset[str], HeatGeometry | None]:
    taxonomy = _taxonomy()
    if not taxonomy.is_valid_synset(synset):
        return False, frozenset(), None
    raw = taxonomy.get_abilities(synset)
    abilities = frozenset(_ABILITY_MAP[a] for a in raw if a in _ABILITY_MAP)
    heat = None
    if "heatSource" in raw:
        params = raw["heatSource"] or {}
        heat = HeatGeometry(
            requires_inside=bool(params.get("requires_inside", 0)),
            requires_closed=bool(params.get("requires_closed", 0)),
            requires_toggled_on=bool(params.get("requires_toggled_on", 1)),
        )
    return True, abilities, heat


def _table_entry(synset: str) -> dict[str, Any]:
    table = attribute_table()
    by_synset: dict[str, Any] = table["synsets"]
    by_category: dict[str, Any] = table["categories"]
    entry: dict[str, Any] = {}
    category = synset.split(".")[0]
    for source in (by_category.get(category), by_synset.get(synset)):
        if source is None:
            continue
        if isinstance(source, list):
            source = {"attributes": source}
        merged = set(entry.get("attributes", [])) | set(source.get("attributes", []))
        entry = {**entry, **source, "attributes": sorted(merged)}
    return entry


def describe(
    instance: str,
    listed_abilities: list[str] | None = None,
    *,
    table_openable: bool = True,
    declared: dict[str, Any] | None = None,
    strict: bool = False,
) -> ObjectInfo:
    """Build the :class:`ObjectInfo` of one instance.

    What it knows depends only on the synset and the arguments, not on the instance's
    number: it is worked out once per synset and arguments and kept (every task names the
    same counters and stoves), the instance's name put in.

    ``strict`` (what :func:`~saferelbench.world.scene_builder.build_world` passes): a synset
    whose material nothing knows is an error naming it, instead of the default profile.
    ``listed_abilities`` are the abilities the task file lists for it (IS-Bench's
    ``object_abilities``); they are added to what the taxonomy knows. ``table_openable=False``
    (what :func:`~saferelbench.world.scene_builder.build_world` passes) ignores the ``openable``
    that ``attributes.json`` adds (bottles, cartons, tupperware): in a task's world openability
    comes only from the taxonomy or the task's listed abilities; the table's hint is
    for the dataset generator, which declares it per object.
    """
    synset = synset_of(instance)
    try:
        shown = json.dumps(declared, sort_keys=True) if declared else ""
    except (TypeError, ValueError):  # not plain data: worked out afresh
        return _describe(instance, synset, listed_abilities, table_openable, declared, strict)
    return _named(instance, synset, tuple(listed_abilities or ()), table_openable, shown, strict)


@lru_cache(maxsize=8192)
def _named(
    instance: str,
    synset: str,
    listed: tuple[str, ...],
    table_openable: bool,
    declared: str,
    strict: bool,
) -> ObjectInfo:
    """:func:`_described` with the instance's name put in (kept too: the same instances,
    ``countertop.n.01_1``, recur from task to task)."""
    info = _described(synset, listed, table_openable, declared, strict)
    return info if info.name == instance else replace(info, name=instance)


@lru_cache(maxsize=4096)
def _described(
    synset: str, listed: tuple[str, ...], table_openable: bool, declared: str, strict: bool
) -> ObjectInfo:
    """:func:`describe` of an instance of ``synset`` (named as the synset), ``declared`` as
    JSON."""
    return _describe(
        synset,
        synset,
        list(listed),
        table_openable,
        json.loads(declared) if declared else None,
        strict,
    )


def _describe(
    instance: str,
    synset: str,
    listed_abilities: list[str] | None,
    table_openable: bool,
    declared: dict[str, Any] | None,
    strict: bool,
) -> ObjectInfo:
    known, abilities, heat = _synset_knowledge(synset)
    entry = _table_entry(synset)
    attrs = set(entry.get("attributes", []))
    unknown_attrs = attrs - ATTRIBUTES
    if unknown_attrs:
        raise ValueError(f"attributes.json: {synset}: unknown attributes {sorted(unknown_attrs)}")
    table_abilities = set(entry.get("abilities", []))
    if not table_openable:
        table_abilities.discard("openable")
    abil = set(abilities) | table_abilities
    abil -= set(entry.get("remove_abilities", []))
    if listed_abilities:
        abil |= {
            _ABILITY_MAP.get(a, a) for a in listed_abilities if _ABILITY_MAP.get(a, a) in ABILITIES
        }
    if "heat" in entry:
        h = entry["heat"]
        heat = HeatGeometry(bool(h["requires_inside"]), bool(h["requires_closed"]), True)
        abil.add("heat_source")
    if "heat_source" not in abil:
        heat = None
    if category_is_agent(synset):
        attrs.add("agent")
    fixture = "fixture" in abil or "fixture" in attrs
    default_size = 0 if "soft" in attrs else (FIXTURE_SIZE if fixture else DEFAULT_SIZE)
    size = int(entry.get("size", default_size))
    capacity = int(entry.get("capacity", FIXTURE_CAPACITY if fixture else DEFAULT_CAPACITY))
    particles = _particle_knowledge(synset)
    profile = derive(
        synset,
        frozenset(abil),
        frozenset(attrs),
        entry,
        known=known,
        is_fixture=fixture,
        heat_inside=None if heat is None else heat.requires_inside,
        declared=declared,
        strict=strict,
    )
    attrs |= _profile_attributes(profile)
    if not fixture and profile.material != "food" and carries_by_name(synset, profile.support):
        attrs.add("carrier")
    if not fixture and profile.support == "receptacle" and profile.sources["support"] == "name":
        attrs.add("container")  # a bowl or a bin the taxonomy does not call fillable
    if profile.flammable:
        abil.add("flammable")
    else:
        abil.discard("flammable")
    if profile.chemical == "none":
        attrs.discard("chemical")
    if profile.food in ("ready", "raw_meat") and profile.material == "food":
        attrs.add("food")
    return ObjectInfo(
        name=instance,
        synset=synset,
        abilities=frozenset(abil),
        attributes=frozenset(attrs),
        heat=heat,
        chemical_class=entry.get("chemical_class")
        or (profile.chemical if profile.chemical not in ("none", "cleaner") else None),
        known_synset=known,
        size=size,
        capacity=capacity,
        removes=particles.removes,
        sources=particles.sources,
        derivatives=particles.derivatives,
        profile=profile,
    )


def _profile_attributes(p: Profile) -> set[str]:
    out: set[str] = set()
    if p.material == "metal":
        out.add("metal")
    if p.support == "flat":
        out.add("stable_top")
    if p.food == "raw_meat":
        out.add("raw_meat")
    elif p.food == "ready":
        out.add("ready_to_eat")
    if p.chemical != "none":
        out.add("chemical")
    if p.porous:
        out.add("porous")
    return out


def category_is_agent(synset: str) -> bool:
    return synset.split(".")[0] == "agent"
