"""How things look: the shape kind, natural size and colour of each object category.

Sizes are in *natural pixels*: the scale of the default 1024x768 image before the layout
shrinks a crowded room to fit. Categories are matched by keyword on the synset's word
(``electric_refrigerator`` -> fridge), so unseen BEHAVIOR-1K categories still get a sensible
shape; anything unmatched becomes a plain labelled box (fixture) or a rounded block (item).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from functools import lru_cache

from saferelbench.world.knowledge import ObjectInfo

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Look:
    """The appearance of one category: a drawing ``kind``, a natural size and a base colour."""

    kind: str
    w: float
    h: float
    color: RGB


# Fixture kinds, first keyword match wins (order matters: "microwave" before "oven",
# "toaster_oven" before "toaster", "countertop" before "top").
_FIXTURES: tuple[tuple[tuple[str, ...], str, float, float, RGB], ...] = (
    (("refrigerator", "fridge", "freezer"), "fridge", 150, 320, (226, 232, 238)),
    (("microwave",), "microwave", 140, 84, (205, 208, 214)),
    (("toaster_oven",), "microwave", 120, 74, (190, 190, 196)),
    (("dishwasher", "washer", "dryer", "washing_machine"), "washer", 150, 170, (232, 234, 238)),
    (("stove", "range", "cooktop", "hob", "burner"), "stove", 170, 170, (214, 217, 222)),
    (("oven",), "oven", 160, 170, (200, 202, 208)),
    (("sink",), "sink", 190, 170, (196, 170, 132)),
    (("countertop", "counter", "worktop", "island"), "counter", 240, 170, (196, 170, 132)),
    (
        ("cabinet", "cupboard", "drawer", "wardrobe", "closet", "dresser", "nightstand", "chest"),
        "cabinet",
        160,
        170,
        (176, 132, 92),
    ),
    (("shelf", "bookcase", "rack", "shelving"), "shelf", 150, 270, (150, 112, 78)),
    (("coffee_table",), "table", 210, 80, (160, 118, 80)),
    (("table", "desk", "bench", "stand", "console"), "table", 240, 140, (170, 126, 86)),
    (("bed",), "bed", 280, 110, (120, 140, 190)),
    (("sofa", "couch", "armchair"), "sofa", 240, 120, (140, 110, 160)),
    (("chair", "stool"), "chair", 80, 150, (160, 118, 80)),
    (("bathtub", "tub"), "tub", 260, 110, (236, 240, 244)),
    (("toilet",), "toilet", 90, 130, (240, 242, 246)),
    (("door",), "door", 120, 300, (170, 126, 86)),
    (("window",), "window", 160, 150, (180, 210, 235)),
    (("television", "tv"), "screen", 170, 110, (40, 44, 52)),
)

# Item kinds: (keywords, kind, w, h, colour).
_ITEMS: tuple[tuple[tuple[str, ...], str, float, float, RGB], ...] = (
    (("aluminum_foil", "foil", "tinfoil"), "foil", 44, 26, (196, 200, 210)),
    (("plastic_wrap", "wrap", "parchment"), "sheet", 56, 8, (214, 232, 240)),
    (("paper_towel", "toilet_paper", "tissue"), "roll", 36, 58, (250, 250, 246)),
    (("towel", "rag", "dishtowel", "napkin", "cloth", "sponge"), "cloth", 52, 12, (120, 170, 200)),
    (
        ("book", "hardback", "paperback", "notebook", "magazine", "folder"),
        "book",
        66,
        16,
        (60, 96, 170),
    ),
    (("laptop",), "laptop", 76, 10, (70, 74, 84)),
    (("lamp",), "lamp", 46, 90, (240, 210, 120)),
    (("candle",), "candle", 16, 42, (246, 240, 220)),
    (
        (
            "toaster",
            "kettle",
            "coffee_maker",
            "blender",
            "mixer",
            "rice_cooker",
            "hot_plate",
            "iron",
            "hair_dryer",
            "heater",
        ),
        "gadget",
        62,
        46,
        (150, 156, 168),
    ),
    (("plate", "dish", "saucer"), "plate", 72, 10, (245, 245, 240)),
    (
        ("tray", "cookie_sheet", "baking_sheet", "cutting_board", "chopping_board"),
        "tray",
        92,
        10,
        (176, 150, 110),
    ),
    (("frying_pan", "skillet", "wok", "griddle"), "pan", 86, 18, (70, 70, 76)),
    (("saucepan", "stockpot", "pot", "casserole", "crock"), "pot", 70, 46, (150, 152, 160)),
    (("bowl",), "bowl", 64, 30, (226, 222, 210)),
    (("mug", "cup", "teacup"), "cup", 32, 36, (230, 120, 90)),
    (("glass", "tumbler", "goblet"), "glass", 28, 40, (200, 226, 240)),
    (
        ("bottle", "flask", "detergent", "bleach", "ammonia", "vinegar", "cleaner", "spray"),
        "bottle",
        26,
        64,
        (120, 180, 120),
    ),
    (("jar", "can", "canister", "tin"), "jar", 34, 44, (200, 160, 90)),
    (
        ("box", "carton", "package", "case", "crate", "container", "bin", "basket", "bag", "sack"),
        "box",
        64,
        48,
        (190, 150, 100),
    ),
    (
        ("knife", "fork", "spoon", "spatula", "ladle", "scissors", "tongs", "chopsticks"),
        "utensil",
        58,
        7,
        (170, 174, 180),
    ),
    (
        ("apple", "orange", "tomato", "peach", "lemon", "lime", "onion", "potato", "egg", "ball"),
        "round",
        28,
        28,
        (210, 40, 40),
    ),
    (
        (
            "bread",
            "loaf",
            "baguette",
            "cake",
            "pie",
            "pizza",
            "bagel",
            "muffin",
            "cookie",
            "toast",
            "sandwich",
            "burrito",
        ),
        "loaf",
        54,
        26,
        (214, 170, 100),
    ),
    (
        (
            "chicken",
            "steak",
            "meat",
            "fish",
            "salmon",
            "beef",
            "pork",
            "bacon",
            "sausage",
            "turkey",
            "ham",
        ),
        "meat",
        56,
        24,
        (232, 150, 140),
    ),
    (
        ("banana", "carrot", "cucumber", "zucchini", "celery", "corn"),
        "long_food",
        56,
        16,
        (240, 210, 70),
    ),
    (("phone", "remote", "tablet", "charger", "cable"), "device", 22, 36, (50, 54, 62)),
    (("vase", "plant", "flower", "pot_plant"), "vase", 36, 60, (110, 160, 190)),
    (
        ("pillow", "cushion", "blanket", "shirt", "sweater", "jacket", "clothing", "sock", "jeans"),
        "cloth",
        62,
        20,
        (150, 120, 180),
    ),
)

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
    tokens = _tokens(category)
    table = _FIXTURES if fixture else _ITEMS
    zoom = 1.0 if fixture else ITEM_ZOOM
    named = next((c for k, c in _NAMED_COLORS.items() if _hit(k, category, tokens)), None)
    for keywords, kind, w, h, color in table:
        if any(_hit(k, category, tokens) for k in keywords):
            return Look(kind, w * zoom, h * zoom, named or color)
    if fixture:
        return Look("fixture", 150, 150, named or stable_color(category, 140, 200))
    return Look("block", 40 * zoom, 34 * zoom, named or stable_color(category))


def look_of(info: ObjectInfo) -> Look:
    """The look of an object; fixtures and appliances use the fixture table even when placed
    on something (a microwave standing on a counter)."""
    category = info.category
    if info.is_fixture or _tokens(category) & {"microwave", "refrigerator", "dishwasher", "oven"}:
        look = _match(category, True)
        if look.kind == "fixture":  # a thing the task pins to the room (a lamp "inroom")
            item = _match(category, False)
            if item.kind != "block":
                return item
        return look
    return _match(category, False)


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
