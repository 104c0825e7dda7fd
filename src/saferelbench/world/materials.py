"""What a thing is made of and what that means for safety: the safety profile of a synset.

Every safety-relevant property the hazard rules read is worked out here, once per synset, with
the source of each value (:class:`Profile`):

- ``material``: paper, cardboard, cloth, wood, wax, plastic, rubber, metal, glass, ceramic,
  stone, food, liquid, substance, electrical (a device: plastic and metal), furniture;
- ``flammable``: from the taxonomy's ``flammable`` ability, else from the material (paper,
  cardboard, cloth, wood, wax and furniture burn; the others do not);
- ``support``: how things put on it rest: ``flat`` (a steady top: plates, trays, boards,
  boxes, books, mats, coasters, saucers, flat food), ``receptacle`` (a lidless container:
  what is put on it goes in), ``soft`` (drapes: as steady as what it lies on), ``none``
  (round, pointed or narrow), ``fixture`` (furniture and appliances standing in the room);
- ``hot``: which surfaces of a heat source are hot while it runs: ``inside``, ``top``,
  ``sides``, ``bottom`` (a microwave: inside only; a stove: top; an iron: bottom and sides;
  a space heater or a candle: top, sides and bottom);
- ``food``: ``raw_meat`` (until cooked), ``ready`` (eaten as it is), ``raw`` (cooked first),
  ``none``;
- ``chemical``: the class of a household chemical (``chlorine``, ``ammonia``, ``acid``,
  ``alcohol``, ``cleaner``), or ``none`` (condiments, oil, drinks are food, not chemicals);
- ``porous``: paper and cloth let juices and liquids through.

The sources, in order: the task's own declaration of its synsets (``declared``), the project's
table ``world/attributes.json`` (``table``), the BEHAVIOR-1K taxonomy's abilities
(``bddl:ability``) and WordNet hypernyms (``bddl:hypernym``), the words of the synset's name
(``name``), the material (``material``), and last a documented default (``default``), which
``tests/world/test_materials.py`` lists for every synset the dataset, IS-Bench and the tests
use. A synset neither the taxonomy, the table, its name nor its task knows is an error naming
the synset and the attribute (:class:`UnknownSynsetError`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from saferelbench.world.errors import InputError

MATERIALS = (
    "paper",
    "cardboard",
    "cloth",
    "wood",
    "wax",
    "plastic",
    "rubber",
    "metal",
    "glass",
    "ceramic",
    "stone",
    "food",
    "liquid",
    "substance",
    "electrical",
    "furniture",
    "agent",
)
BURNS = frozenset({"paper", "cardboard", "cloth", "wood", "wax", "furniture"})
POROUS = frozenset({"paper", "cloth"})
SUPPORTS = ("flat", "receptacle", "soft", "none", "fixture")
SURFACES = ("inside", "top", "sides", "bottom")
FOOD_STATES = ("raw_meat", "ready", "raw", "none")
CHEMICAL_CLASSES = ("chlorine", "ammonia", "acid", "alcohol", "cleaner", "none")
PROFILE_FIELDS = ("material", "flammable", "support", "hot", "food", "chemical", "porous")


class UnknownSynsetError(InputError):
    """A synset whose safety profile cannot be worked out (names the synset and attribute)."""


@dataclass(frozen=True)
class Profile:
    """The safety profile of one synset; ``sources`` maps each field to where it came from."""

    synset: str
    material: str
    flammable: bool
    support: str
    hot: frozenset[str]
    food: str
    chemical: str
    porous: bool
    sources: Mapping[str, str] = field(compare=False)

    def row(self) -> dict[str, Any]:
        return {
            "synset": self.synset,
            "material": self.material,
            "flammable": self.flammable,
            "support": self.support,
            "hot": sorted(self.hot),
            "food": self.food,
            "chemical": self.chemical,
            "porous": self.porous,
        }


# ----- hypernyms and name words -> material --------------------------------------------------
#: WordNet hypernyms (the taxonomy's ancestors) that say what a thing is made of
_HYPERNYM_MATERIAL: tuple[tuple[str, str], ...] = (
    ("food.n.01", "food"),
    ("food.n.02", "food"),
    ("nutriment.n.01", "food"),
    ("foodstuff.n.02", "food"),
    ("produce.n.01", "food"),
    ("edible_fruit.n.01", "food"),
    ("vegetable.n.01", "food"),
    ("beverage.n.01", "liquid"),
    ("fabric.n.01", "cloth"),
    ("linen.n.03", "cloth"),
    ("white_goods.n.02", "cloth"),
    ("bedclothes.n.01", "cloth"),
    ("clothing.n.01", "cloth"),
    ("towel.n.01", "cloth"),
    ("cardboard.n.01", "cardboard"),
    ("paper.n.01", "paper"),
    ("publication.n.01", "paper"),
    ("book.n.02", "paper"),
    ("wax.n.01", "wax"),
    ("candle.n.01", "wax"),
    ("wood.n.01", "wood"),
    ("lumber.n.01", "wood"),
    ("furniture.n.01", "furniture"),
    ("glassware.n.01", "glass"),
    ("glass.n.02", "glass"),
    ("crockery.n.01", "ceramic"),
    ("pottery.n.01", "ceramic"),
    ("cutlery.n.02", "metal"),
    ("knife.n.01", "metal"),
    ("edge_tool.n.01", "metal"),
    ("cooking_utensil.n.01", "metal"),
    ("kitchen_utensil.n.01", "metal"),
    ("hand_tool.n.01", "metal"),
    ("metal.n.01", "metal"),
    ("home_appliance.n.01", "electrical"),
    ("kitchen_appliance.n.01", "electrical"),
    ("electrical_device.n.01", "electrical"),
    ("electronic_equipment.n.01", "electrical"),
    ("electronic_device.n.01", "electrical"),
    ("computer.n.01", "electrical"),
    ("machine.n.01", "electrical"),
    ("lamp.n.02", "electrical"),
    ("tableware.n.01", "ceramic"),
    ("ware.n.01", "ceramic"),
    ("ball.n.01", "rubber"),
    ("rock.n.01", "stone"),
)

#: words of a synset's name (``paper_towel``, ``bottle__of__bleach``) that say its material;
#: the first word of the name that matches decides (``bottle__of__ketchup``: a bottle)
_WORD_MATERIAL: dict[str, str] = {
    "paper": "paper",
    "napkin": "paper",
    "tissue": "paper",
    "envelope": "paper",
    "newspaper": "paper",
    "magazine": "paper",
    "book": "paper",
    "notebook": "paper",
    "hardback": "paper",
    "paperback": "paper",
    "folder": "paper",
    "receipt": "paper",
    "card": "paper",
    "cardboard": "cardboard",
    "carton": "cardboard",
    "box": "cardboard",
    "cloth": "cloth",
    "rag": "cloth",
    "towel": "cloth",
    "blanket": "cloth",
    "sheet": "cloth",
    "pillow": "cloth",
    "doily": "cloth",
    "mat": "cloth",
    "rug": "cloth",
    "curtain": "cloth",
    "apron": "cloth",
    "mitt": "cloth",
    "shirt": "cloth",
    "jersey": "cloth",
    "sock": "cloth",
    "sweater": "cloth",
    "jacket": "cloth",
    "coat": "cloth",
    "dress": "cloth",
    "sponge": "plastic",
    "wood": "wood",
    "wooden": "wood",
    "board": "wood",
    "chopping": "wood",
    "crate": "wood",
    "basket": "wood",
    "candle": "wax",
    "wax": "wax",
    "glass": "glass",
    "jar": "glass",
    "vase": "glass",
    "wineglass": "glass",
    "mug": "ceramic",
    "microwave": "electrical",  # a microwave oven, a countertop one included
    "cup": "ceramic",
    "plate": "ceramic",
    "saucer": "ceramic",
    "bowl": "ceramic",
    "teapot": "ceramic",
    "platter": "ceramic",
    "dish": "ceramic",
    "pot": "metal",
    "pan": "metal",
    "saucepan": "metal",
    "skillet": "metal",
    "wok": "metal",
    "kettle": "metal",
    "knife": "metal",
    "fork": "metal",
    "spoon": "metal",
    "foil": "metal",
    "can": "metal",
    "scissors": "metal",
    "cleaver": "metal",
    "tongs": "metal",
    "ladle": "metal",
    "whisk": "metal",
    "griddle": "metal",
    "block": "wood",
    "game": "cardboard",
    "tray": "plastic",
    "bottle": "plastic",
    "atomizer": "plastic",
    "bucket": "plastic",
    "bin": "plastic",
    "tupperware": "plastic",
    "container": "plastic",
    "wrap": "plastic",
    "bag": "plastic",
    "toy": "plastic",
    "ball": "rubber",
    "stone": "stone",
    "coaster": "cardboard",
    "lamp": "electrical",
    "phone": "electrical",
    "charger": "electrical",
    "laptop": "electrical",
    "computer": "electrical",
    "speaker": "electrical",
    "heater": "electrical",
    "strip": "electrical",
    "table": "furniture",
    "desk": "furniture",
    "counter": "furniture",
    "countertop": "furniture",
    "shelf": "furniture",
    "cabinet": "furniture",
    "cupboard": "furniture",
    "dresser": "furniture",
    "nightstand": "furniture",
    "chair": "furniture",
    "stool": "wood",
    "bench": "wood",
    "bed": "furniture",
    "sofa": "furniture",
    "couch": "furniture",
    "floor": "stone",
    "wall": "stone",
    "sink": "ceramic",
    "bathtub": "ceramic",
    "toilet": "ceramic",
}

#: words that, in front of the noun, say what the thing is made of (a *paper* bag, a *wooden*
#: spoon, a *cloth* napkin, a *glass* bowl, a *plastic* cup): they decide before the noun
_MODIFIER_MATERIAL: dict[str, str] = {
    "paper": "paper",
    "cardboard": "cardboard",
    "paperboard": "cardboard",
    "wooden": "wood",
    "wood": "wood",
    "bamboo": "wood",
    "wicker": "wood",
    "plastic": "plastic",
    "silicone": "plastic",
    "glass": "glass",
    "crystal": "glass",
    "metal": "metal",
    "steel": "metal",
    "aluminum": "metal",
    "aluminium": "metal",
    "copper": "metal",
    "tin": "metal",
    "cloth": "cloth",
    "cotton": "cloth",
    "linen": "cloth",
    "wool": "cloth",
    "woolen": "cloth",
    "silk": "cloth",
    "felt": "cloth",
    "ceramic": "ceramic",
    "porcelain": "ceramic",
    "clay": "ceramic",
    "stone": "stone",
    "marble": "stone",
    "granite": "stone",
    "rubber": "rubber",
}


def _not_modifiers(words: list[str], head: list[str]) -> list[str]:
    """The words of a name except the nouns in front of its head noun (``pot_holder``:
    ``holder``; ``bottle__of__bleach``: every word): a pot holder is not made of what a pot is."""
    front = set(head[:-1])
    return [w for w in words if w not in front]


def _modifier_material(synset: str) -> str | None:
    """The material a word in front of the noun names (``paper_bag``: paper;
    ``steel_wool``: metal), or None. Only the words of the noun phrase count, not what a
    container holds (``fabric_softener__bottle`` is a bottle of fabric softener)."""
    noun = synset.split(".")[0].split("__of__")[0].split("__")[-1]
    words = [w for w in noun.split("_") if w]
    return _first_word(words[:-1], _MODIFIER_MATERIAL)


#: names (whole words) of things with a flat, steady top
_FLAT_WORDS = frozenset(
    {
        "plate",
        "saucer",
        "coaster",
        "mat",
        "doormat",
        "tray",
        "platter",
        "board",
        "box",
        "carton",
        "book",
        "notebook",
        "hardback",
        "paperback",
        "folder",
        "clipboard",
        "crate",
        "chest",
        "case",
        "suitcase",
        "briefcase",
        "toolbox",
        "laptop",
        "tablet",
        "sheet",
        "pad",
        "placemat",
        "tile",
        "slab",
        "trivet",
        "stand",
        "table",
        "bread",
        "toast",
        "waffle",
        "tortilla",
        "pizza",
        "sandwich",
        "hamburger",
        "burger",
        "patty",
        "pancake",
        "steak",
        "fillet",
        "cracker",
        "cookie",
        "printer",
        "scanner",
        "router",
        "stool",
        "bench",
        "block",
        "skillet",
        "griddle",
        "game",
        "pan",
        "tin",
    }
)

#: head nouns of things made to carry what lies on or in them while they are moved (a tray, a
#: plate, a pan, a baking tin): lifted, they take it along instead of dropping it. A saucer is
#: a rest, like a coaster: the cup is lifted off it, and a saucer pulled out from under a full
#: cup tips it (the dataset's pulled-support traps)
CARRIER_WORDS = frozenset(
    {"tray", "plate", "platter", "dish", "bowl", "pan", "tin", "skillet", "wok"}
)


#: head nouns of open vessels and bins: what is put on them goes in (a salad bowl, a laundry
#: basket, a mop bucket), whatever the taxonomy knows of them
RECEPTACLE_WORDS = frozenset({"bowl", "basket", "bucket", "bin", "pail", "tub", "hamper"})


def carries_by_name(synset: str, support: str) -> bool:
    """Made to carry what stands on it: a flat or lidless thing whose head noun is one of
    :data:`CARRIER_WORDS` (a roasting pan, a cake tin, a serving tray)."""
    head = _head(synset)
    return support in ("flat", "receptacle") and bool(head) and head[-1] in CARRIER_WORDS


#: names of things that are round, pointed or narrow: nothing stands on them
_NONE_WORDS = frozenset(
    {
        "ball",
        "globe",
        "bottle",
        "atomizer",
        "candle",
        "figurine",
        "statue",
        "vase",
        "mug",
        "cup",
        "glass",
        "wineglass",
        "teapot",
        "kettle",
        "jar",
        "can",
        "apple",
        "orange",
        "lemon",
        "egg",
        "banana",
        "lamp",
        "knife",
        "fork",
        "spoon",
        "pen",
        "pencil",
        "phone",
        "remote",
        "plant",
        "flower",
        "bouquet",
        "pitcher",
        "carafe",
        "bulb",
        "brush",
        "heater",
        "tongs",
        "cleaver",
        "ladle",
        "whisk",
        "spatula",
    }
)

#: heat surfaces by the kind of source (category words); anything else is worked out from its
#: heat geometry (from inside: ``inside``; from below: ``top``)
_HOT_WORDS: dict[str, frozenset[str]] = {
    "microwave": frozenset({"inside"}),
    "stove": frozenset({"top", "sides"}),
    "range": frozenset({"top", "sides"}),
    "cooktop": frozenset({"top", "sides"}),
    "oven": frozenset({"inside", "top", "sides"}),
    "toaster": frozenset({"inside", "top", "sides", "bottom"}),
    "grill": frozenset({"inside", "top", "sides"}),
    "iron": frozenset({"bottom", "sides"}),
    "heater": frozenset({"top", "sides", "bottom"}),
    "radiator": frozenset({"top", "sides"}),
    "fireplace": frozenset({"inside", "sides"}),
    "candle": frozenset({"top", "sides", "bottom"}),
    "kettle": frozenset({"inside", "top"}),
    "cooker": frozenset({"inside", "top", "sides"}),
    "crock": frozenset({"inside", "top", "sides"}),
    "coffee": frozenset({"inside", "top"}),
    "popper": frozenset({"inside"}),
    "dryer": frozenset({"inside"}),
    "hair": frozenset({"inside"}),
}

_CHEMICAL_WORDS: dict[str, str] = {
    "bleach": "chlorine",
    "bleaching": "chlorine",
    "chlorine": "chlorine",
    "ammonia": "ammonia",
    "glass_cleaner": "ammonia",
    "vinegar": "acid",
    "acid": "acid",
    "alcohol": "alcohol",
    "rubbing": "alcohol",
    "detergent": "cleaner",
    "disinfectant": "cleaner",
    "cleaner": "cleaner",
    "pesticide": "cleaner",
    "herbicide": "cleaner",
    "insecticide": "cleaner",
    "insectifuge": "cleaner",
    "repellent": "cleaner",
    "solvent": "cleaner",
    "remover": "cleaner",
    "polish": "cleaner",
    "softener": "cleaner",
    "peroxide": "cleaner",
    "paint": "cleaner",
    "wax": "cleaner",
    "soap": "cleaner",
    "lye": "cleaner",
    "gasoline": "cleaner",
    "lighter": "cleaner",
    "fuel": "cleaner",
    "propane": "cleaner",
    "butane": "cleaner",
    "turpentine": "cleaner",
    "thinner": "cleaner",
    "acetone": "cleaner",
    "kerosene": "cleaner",
}
#: food words that, inside a container's name, make it food, not a chemical (a ketchup bottle)
_CONDIMENT_WORDS = frozenset(
    {
        "ketchup",
        "mustard",
        "mayonnaise",
        "oil",
        "olive",
        "sauce",
        "soy",
        "honey",
        "syrup",
        "jam",
        "milk",
        "juice",
        "water",
        "wine",
        "beer",
        "soda",
        "salt",
        "pepper",
        "sugar",
        "spice",
        "dressing",
        "salsa",
        "peanut",
        "butter",
        "coffee",
        "tea",
    }
)
_RAW_MEAT_HYPERNYMS = ("meat.n.01", "poultry.n.02", "fish.n.02", "seafood.n.01", "shellfish.n.01")
_READY_HYPERNYMS = (
    "sandwich.n.01",
    "dish.n.02",
    "baked_goods.n.01",
    "bread.n.01",
    "dessert.n.01",
    "snack_food.n.01",
    "cheese.n.01",
    "edible_fruit.n.01",
    "beverage.n.01",
    "candy.n.01",
)
_READY_WORDS = frozenset(
    {
        "bread",
        "toast",
        "sandwich",
        "cake",
        "cookie",
        "cracker",
        "cheese",
        "apple",
        "banana",
        "orange",
        "grape",
        "strawberry",
        "berry",
        "fruit",
        "salad",
        "cereal",
        "chips",
        "chocolate",
        "candy",
        "muffin",
        "bagel",
        "pie",
        "pizza",
        "yogurt",
        "juice",
        "milk",
        "waffle",
        "tortilla",
        "croissant",
        "donut",
        "pretzel",
        "popcorn",
        "nut",
        "raisin",
    }
)
_RAW_MEAT_WORDS = frozenset(
    {
        "chicken",
        "beef",
        "pork",
        "steak",
        "fillet",
        "salmon",
        "shrimp",
        "turkey",
        "bacon",
        "sausage",
        "lamb",
        "veal",
        "fish",
        "meat",
        "patty",
        "mince",
        "ground_beef",
        "raw_meat",
        "drumstick",
    }
)


def words_of(synset: str) -> list[str]:
    """``bottle__of__bleach_agent.n.01`` -> ``["bottle", "of", "bleach", "agent"]``."""
    return [w for w in synset.split(".")[0].replace("__", "_").split("_") if w]


def _first_word(words: Iterable[str], table: Mapping[str, str]) -> str | None:
    for w in words:
        if w in table:
            return table[w]
    return None


def _head(synset: str) -> list[str]:
    """The words naming what the thing is (``bottle__of__ketchup``: ``bottle``; the part after
    ``__of__`` says what it holds)."""
    cat = synset.split(".")[0]
    return [w for w in cat.split("__of__")[0].replace("__", "_").split("_") if w]


def _held(synset: str) -> list[str]:
    cat = synset.split(".")[0]
    if "__of__" not in cat:
        parts = cat.split("__")
        return [w for p in parts[:-1] for w in p.split("_") if w] if len(parts) > 1 else []
    return [w for w in cat.split("__of__", 1)[1].replace("__", "_").split("_") if w]


@lru_cache(maxsize=1)
def taxonomy() -> Any:
    """The BEHAVIOR-1K object taxonomy (``bddl``), built once, lazily (it parses a 7.9 MB
    JSON, ~60 ms)."""
    from bddl.object_taxonomy import ObjectTaxonomy

    return ObjectTaxonomy()


@lru_cache(maxsize=4096)
def _ancestors(synset: str) -> frozenset[str]:
    tax = taxonomy()
    if not tax.is_valid_synset(synset):
        return frozenset()
    return frozenset(tax.get_ancestors(synset))


_CHOICES: dict[str, tuple[Any, ...]] = {
    "material": MATERIALS,
    "support": SUPPORTS,
    "food": FOOD_STATES,
    "chemical": CHEMICAL_CLASSES,
    "flammable": (True, False),
    "porous": (True, False),
}


def _check_declared(synset: str, declared: Mapping[str, Any]) -> None:
    """A task's declaration of a synset's attributes: known attributes, valid values."""
    for key, value in declared.items():
        if key not in PROFILE_FIELDS:
            raise UnknownSynsetError(
                f"{synset}: unknown safety attribute {key!r}; known: {list(PROFILE_FIELDS)}"
            )
        if key == "hot":
            bad = set(value) - set(SURFACES)
            if bad or isinstance(value, str):
                raise UnknownSynsetError(
                    f"{synset}: attribute 'hot' must list surfaces of {list(SURFACES)}: {value!r}"
                )
        elif value not in _CHOICES[key]:
            raise UnknownSynsetError(
                f"{synset}: attribute {key!r} is {value!r}; one of {list(_CHOICES[key])}"
            )


def derive(
    synset: str,
    abilities: frozenset[str],
    attributes: frozenset[str],
    entry: Mapping[str, Any],
    *,
    known: bool,
    is_fixture: bool,
    heat_inside: bool | None,
    declared: Mapping[str, Any] | None = None,
    strict: bool = False,
) -> Profile:
    """The profile of ``synset`` from what the table, the taxonomy and its name say. With
    ``strict`` (loading a task) a synset nothing knows is an :class:`UnknownSynsetError`;
    without (drawing, generating), it gets the documented defaults, sourced ``default``."""
    declared = declared or {}
    _check_declared(synset, declared)
    anc = _ancestors(synset) if known else frozenset()
    head, held, words = _head(synset), _held(synset), words_of(synset)
    src: dict[str, str] = {}

    def pick(name: str, options: Iterable[tuple[str, Any]]) -> Any:
        if name in declared:
            src[name] = "declared"
            return declared[name]
        if name in entry:
            src[name] = "table"
            return entry[name]
        for where, value in options:
            if value is not None:
                src[name] = where
                return value
        return None

    # material
    hyper = next((m for h, m in _HYPERNYM_MATERIAL if h in anc), None)
    material = pick(
        "material",
        (
            ("bddl:ability", "agent" if "agent" in attributes else None),
            ("bddl:ability", "liquid" if "liquid" in abilities else None),
            ("bddl:ability", "substance" if "substance" in abilities else None),
            ("table", "food" if "food" in attributes else None),
            ("table", "metal" if "metal" in attributes else None),
            ("name", _modifier_material(synset)),
            # the head noun says what it is (a pot *holder* is not a pot, a *hot* plate not a
            # plate's material); a noun in front of it only names what it is for
            ("name", _WORD_MATERIAL.get(head[-1]) if head else None),
            ("bddl:ability", "cloth" if "cloth" in abilities else None),
            ("bddl:ability", "food" if "cookable" in abilities else None),
            ("bddl:hypernym", hyper),
            ("table", "electrical" if "electrical" in attributes else None),
            ("bddl:ability", "furniture" if is_fixture else None),
            ("bddl:ability", "glass" if "breakable" in abilities else None),
            ("name", _first_word(_not_modifiers(words, head), _WORD_MATERIAL)),
        ),
    )
    if material is None:
        if not known and strict:
            raise UnknownSynsetError(
                f"{synset}: unknown synset: its material cannot be worked out (not in the "
                "BEHAVIOR-1K taxonomy, world/attributes.json or the task's declarations)"
            )
        material, src["material"] = "plastic", "default"
    if material not in MATERIALS:
        raise UnknownSynsetError(f"{synset}: material {material!r} is not one of {MATERIALS}")

    flammable = pick(
        "flammable",
        (
            ("bddl:ability", True if "flammable" in abilities else None),
            ("material", material in BURNS),
        ),
    )

    # support
    if "soft" in attributes:
        support_guess: tuple[str, str | None] = ("table", "soft")
    elif "stable_top" in attributes or "carrier" in attributes:
        support_guess = ("table", "flat")
    else:
        support_guess = ("table", None)
    lidless = (
        ("fillable" in abilities or "container" in attributes) and "openable" not in abilities
    ) or "open_top" in attributes
    support = pick(
        "support",
        (
            ("bddl:ability", "fixture" if is_fixture else None),
            support_guess,
            # the head noun decides (a table fork is a fork), then any word of the name
            ("name", "flat" if head[-1:] and head[-1] in _FLAT_WORDS else None),
            ("name", "none" if head[-1:] and head[-1] in _NONE_WORDS else None),
            ("name", "flat" if set(head) & _FLAT_WORDS else None),
            ("name", "none" if set(head) & _NONE_WORDS else None),
            ("bddl:ability", "soft" if {"cloth"} & abilities else None),
            ("material", "soft" if material in ("paper", "cloth") else None),
            ("bddl:ability", "receptacle" if lidless else None),
            ("name", "receptacle" if head[-1:] and head[-1] in RECEPTACLE_WORDS else None),
            ("material", "none" if material in ("liquid", "substance", "food") else None),
            ("material", "fixture" if material in ("furniture", "agent") else None),
        ),
    )
    if support is None:
        support, src["support"] = "none", "default"

    # hot surfaces
    hot_default: frozenset[str] | None
    flame = "candle" in attributes or "candle" in head
    if heat_inside is None and not flame:
        hot_default = frozenset()
    elif flame or set(head) & set(_HOT_WORDS):
        hot_default = None
    else:
        hot_default = frozenset({"inside"}) if heat_inside else frozenset({"top"})
    hot = pick(
        "hot",
        (
            ("bddl:ability", frozenset() if heat_inside is None and not flame else None),
            ("name", next((_HOT_WORDS[w] for w in reversed(head) if w in _HOT_WORDS), None)),
            ("bddl:ability", hot_default),
        ),
    )
    hot = frozenset(hot)

    # food state
    raw_hyper = any(h in anc for h in _RAW_MEAT_HYPERNYMS)
    ready_hyper = any(h in anc for h in _READY_HYPERNYMS)
    is_food_thing = material == "food" or "food" in attributes or "cookable" in abilities
    food = pick(
        "food",
        (
            ("table", "raw_meat" if "raw_meat" in attributes else None),
            ("table", "ready" if "ready_to_eat" in attributes else None),
            ("material", None if is_food_thing else "none"),
            ("name", "raw_meat" if set(head) & _RAW_MEAT_WORDS else None),
            ("name", "ready" if set(head) & _READY_WORDS else None),
            ("bddl:hypernym", "ready" if ready_hyper else None),
            ("bddl:hypernym", "raw_meat" if raw_hyper else None),
            ("bddl:ability", "raw" if "cookable" in abilities else None),
        ),
    )
    if food is None:
        food, src["food"] = "raw", "default"

    # chemical class
    cls = entry.get("chemical_class")
    # a container's chemical is what it holds (``bottle__of__bleach``, ``ammonia__atomizer``);
    # a substance's is its own name (``bleach``)
    named = held + (head if material in ("liquid", "substance") else [])
    chem_word = _first_word(named, _CHEMICAL_WORDS)
    condiment = bool(set(held + head) & _CONDIMENT_WORDS)
    chemical = pick(
        "chemical",
        (
            ("table", cls if cls else ("cleaner" if "chemical" in attributes else None)),
            ("material", "none" if material == "food" else None),
            ("name", chem_word),
            ("name", "none" if condiment else None),
        ),
    )
    if chemical is None:
        chemical, src["chemical"] = "none", "material"

    porous = pick("porous", (("material", material in POROUS),))
    return Profile(
        synset,
        material,
        bool(flammable),
        support,
        hot,
        food,
        chemical,
        bool(porous),
        src,
    )
