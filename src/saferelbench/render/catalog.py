"""How things look: the shape kind, natural size and colour of each object category.

Sizes are in *natural pixels*: the scale of the default 1024x768 image before the layout
shrinks a crowded room to fit. Categories are matched against the keywords of the object kinds
(:mod:`saferelbench.render.kinds`, one record per kind) on the synset's word
(``electric_refrigerator`` -> fridge), so unseen BEHAVIOR-1K categories still get a sensible
shape; a movable thing no keyword names gets a kind from its world traits, and only what
nothing is known about becomes a plain labelled box (fixture) or a rounded block (item).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, replace
from functools import lru_cache

from saferelbench.render.geometry import RGB as RGB
from saferelbench.render.kinds import BLOCK, FIXTURE, best_word, by_trait, is_furniture
from saferelbench.world.knowledge import ObjectInfo


@dataclass(frozen=True)
class Look:
    """The appearance of one category: a drawing ``kind``, a natural size and a base colour."""

    kind: str
    w: float
    h: float
    color: RGB
    #: a household chemical: an orange hazard diamond on its body (a chemical jug has it built in)
    hazard: bool = False
    #: runs on mains power: a plug mark on its body
    mains: bool = False


_NAMED_COLORS: dict[str, RGB] = {
    "orange": (240, 140, 30),
    "lemon": (240, 220, 60),
    "lime": (120, 200, 60),
    "egg": (246, 240, 226),
    "potato": (190, 150, 100),
    "onion": (220, 190, 140),
    "tomato": (220, 50, 40),
    "peach": (246, 170, 120),
    "carrot": (240, 130, 40),
    "cucumber": (80, 150, 70),
    "zucchini": (80, 140, 60),
    "celery": (150, 200, 100),
    "bagel": (200, 150, 80),
    "cake": (240, 210, 200),
    "pizza": (230, 180, 90),
    "toaster": (190, 194, 204),
    "kettle": (200, 80, 70),
    "coffee_maker": (50, 50, 56),
    "blender": (170, 200, 220),
    "milk": (246, 246, 250),
    "bleach": (240, 240, 200),
    "ammonia": (200, 220, 250),
    "vinegar": (230, 220, 170),
    "salmon": (246, 150, 120),
    "fish": (180, 196, 210),
    "steak": (200, 80, 80),
    "bacon": (220, 120, 110),
    "cereal": (240, 190, 60),
    "hardback": (150, 50, 50),
    "notebook": (80, 140, 90),
    "magazine": (200, 90, 140),
    "basket": (190, 150, 90),
    "bin": (120, 130, 140),
    "bag": (220, 200, 160),
    "wine": (120, 40, 60),
    "beer": (150, 110, 40),
}

#: Colours of substances (fill levels, puddles, coverings), matched by keyword.
_SUBSTANCES: tuple[tuple[str, RGB], ...] = (
    ("water", (80, 150, 230)),
    ("milk", (246, 246, 250)),
    ("coffee", (110, 70, 40)),
    ("cocoa", (120, 74, 44)),
    ("chocolate", (100, 60, 36)),
    ("cola", (70, 36, 20)),
    ("punch", (210, 40, 70)),
    ("lemonade", (246, 236, 140)),
    ("beer", (224, 170, 50)),
    ("broth", (220, 170, 90)),
    ("tea", (170, 110, 50)),
    ("juice", (250, 170, 40)),
    ("wine", (130, 30, 60)),
    ("oil", (230, 200, 60)),
    ("soup", (210, 140, 60)),
    ("bleach", (236, 240, 190)),
    ("ammonia", (200, 230, 250)),
    ("vinegar", (236, 226, 170)),
    ("detergent", (120, 200, 220)),
    ("soap", (190, 230, 240)),
    ("dust", (150, 130, 110)),
    ("dirt", (120, 90, 60)),
    ("mud", (110, 80, 50)),
    ("stain", (120, 80, 60)),
    ("grease", (170, 140, 60)),
    ("mold", (90, 130, 80)),
    ("crumb", (200, 160, 100)),
    ("sauce", (190, 40, 30)),
    ("ketchup", (190, 30, 30)),
    ("blood", (150, 20, 20)),
)


def stable_hash(text: str) -> int:
    """A hash that does not change between runs (Python's ``hash`` of a str is salted)."""
    return zlib.crc32(text.encode("utf-8"))


def stable_color(text: str, lo: int = 90, hi: int = 210) -> RGB:
    h = stable_hash(text)
    span = hi - lo
    return (lo + h % span, lo + (h >> 8) % span, lo + (h >> 16) % span)


def _tokens(category: str) -> frozenset[str]:
    return frozenset(t for t in category.split("_") if t)


def _hit(keyword: str, category: str, tokens: frozenset[str]) -> bool:
    # Whole words only ("pan" must not match "pancake", "bag" not "bagel"); a keyword with an
    # underscore is a phrase and matches as a substring ("coffee_table").
    return keyword in category if "_" in keyword else keyword in tokens


#: Movable things are drawn larger than true scale next to furniture, so a VLM can make them
#: out (a mug at true scale next to a 2.4 m counter would be a few pixels).
ITEM_ZOOM = 1.3


@lru_cache(maxsize=1024)
def _match(category: str, fixture: bool) -> Look:
    head, of, _ = category.partition("__of__")
    if of:  # "bottle__of__glass_cleaner" is a bottle: the head noun decides the shape
        look = _match(head, fixture)
        if look.kind not in (BLOCK, FIXTURE):
            tokens = _tokens(category)
            named = next((c for k, c in _NAMED_COLORS.items() if _hit(k, category, tokens)), None)
            return Look(look.kind, look.w, look.h, named or look.color)
    tokens = _tokens(category)
    zoom = 1.0 if fixture else ITEM_ZOOM
    named = next((c for k, c in _NAMED_COLORS.items() if _hit(k, category, tokens)), None)
    found = best_word(category, fixture)  # the kind whose keyword names it best
    if found is not None:
        kind, words = found
        return Look(kind.name, words.w * zoom, words.h * zoom, named or words.color)
    if fixture:
        return Look(FIXTURE, 150, 150, named or stable_color(category, 140, 200))
    return Look(BLOCK, 40 * zoom, 34 * zoom, named or stable_color(category))


def _by_knowledge(info: ObjectInfo, color: RGB) -> Look | None:
    found = by_trait(info.attributes | info.abilities)
    if found is not None:
        kind, trait = found
        return Look(kind.name, trait.w * ITEM_ZOOM, trait.h * ITEM_ZOOM, color)
    if info.size == 0:  # flat and light: a sheet of paper, an envelope
        return Look("paper", 54 * ITEM_ZOOM, 10 * ITEM_ZOOM, (244, 240, 226))
    return None


#: Words that make a bottle or jar a household chemical (drawn as a hazard-marked jug, never
#: like a drink), besides the world's ``chemical`` attribute.
CHEMICAL_WORDS = frozenset(
    {
        "chlorine",
        "bleach",
        "cleaner",
        "disinfectant",
        "detergent",
        "ammonia",
        "pesticide",
        "insecticide",
        "solvent",
        "antifreeze",
        "acetone",
        "turpentine",
        "thinner",
        "lye",
        "remover",
        "polish",
        "fungicide",
        "herbicide",
        "weedkiller",
    }
)


def is_chemical(info: ObjectInfo) -> bool:
    """A household chemical: the world's ``chemical`` attribute or a chemical's name."""
    return "chemical" in info.attributes or bool(_tokens(info.category) & CHEMICAL_WORDS)


#: Raw meat is pink whatever its shape (a raw bratwurst is not a hot dog); cooking tints it
#: brown (:func:`saferelbench.render.items.tinted`).
RAW_MEAT_COLOR: RGB = (228, 122, 132)


def _marked(info: ObjectInfo, look: Look) -> Look:
    """Marks that keep apart things of one shape whose safety differs: a chemical bottle or
    jar becomes a hazard-marked jug, any other chemical carries the hazard diamond, a
    mains-powered thing carries a plug mark, and raw meat is pink."""
    kind, w = look.kind, look.w
    if "raw_meat" in info.attributes:
        look = replace(look, color=RAW_MEAT_COLOR)
    chemical = is_chemical(info)
    if chemical and kind in ("bottle", "jar"):
        kind, w = "chem_bottle", w * 1.1
    return replace(
        look,
        kind=kind,
        w=w,
        hazard=chemical and kind != "chem_bottle",
        mains="electrical" in info.attributes and not info.is_fixture,
    )


@lru_cache(maxsize=4096)
def look_of(info: ObjectInfo) -> Look:
    """The look of an object; fixtures and appliances use the fixture table even when placed
    on something (a microwave standing on a counter). A movable thing no keyword matches
    gets a kind from its traits (:func:`saferelbench.render.kinds.by_trait`); only a thing nothing is known
    about is the generic rounded block."""
    category = info.category
    if info.is_fixture or _tokens(category) & {"microwave", "refrigerator", "dishwasher", "oven"}:
        look = _match(category, True)
        if look.kind == FIXTURE:  # a thing the task pins to the room (a lamp "inroom")
            item = _match(category, False)
            if item.kind != BLOCK:
                return _marked(info, item)
        return look if is_furniture(look.kind) else _marked(info, look)
    look = _match(category, False)
    if look.kind == BLOCK:
        look = _by_knowledge(info, look.color) or look
    return _marked(info, look)


@lru_cache(maxsize=256)
def substance_color(substance: str) -> RGB:
    category = substance.split(".")[0]
    for key, color in _SUBSTANCES:
        if key in category:
            return color
    return stable_color(category, 80, 200)


def lies_down_when_fallen(look: Look) -> bool:
    """Tall things lie on their side (rotated 90 degrees) once fallen or tipped."""
    return look.h > look.w * 0.9
