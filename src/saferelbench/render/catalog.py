"""How things look: the shape kind, natural size and colour of each object category.

Sizes are in *natural pixels*: the scale of the default 1024x768 image before the layout
shrinks a crowded room to fit. Categories are matched by keyword on the synset's word
(``electric_refrigerator`` -> fridge), so unseen BEHAVIOR-1K categories still get a sensible
shape; anything unmatched becomes a plain labelled box (fixture) or a rounded block (item).
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, replace
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
    #: a household chemical: an orange hazard diamond on its body (a chemical jug has it built in)
    hazard: bool = False
    #: runs on mains power: a plug mark on its body
    mains: bool = False


# Fixture kinds, first keyword match wins (order matters: "microwave" before "oven",
# "toaster_oven" before "toaster", "countertop" before "top").
_FIXTURES: tuple[tuple[tuple[str, ...], str, float, float, RGB], ...] = (
    (("refrigerator", "fridge", "freezer"), "fridge", 150, 320, (226, 232, 238)),
    (("microwave",), "microwave", 140, 84, (205, 208, 214)),
    (("toaster_oven",), "toaster_oven", 96, 58, (176, 178, 186)),
    (("dishwasher", "washer", "dryer", "washing_machine"), "washer", 150, 170, (232, 234, 238)),
    (("stove", "range", "cooktop", "hob", "burner"), "stove", 170, 170, (214, 217, 222)),
    (("oven",), "oven", 160, 170, (200, 202, 208)),
    (("grill", "barbecue", "bbq", "smoker"), "grill", 150, 150, (64, 66, 72)),
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
    (("place_mat", "placemat", "table_mat"), "mat", 64, 6, (196, 160, 100)),
    (("jigsaw_puzzle", "puzzle"), "puzzle", 60, 14, (110, 150, 200)),
    (
        ("atomizer", "sprayer", "spray", "spray_bottle", "soap_dispenser", "dispenser"),
        "spray",
        28,
        62,
        (120, 190, 210),
    ),
    (("hammer", "mallet", "hatchet", "axe", "pliers", "wrench"), "hammer", 52, 22, (120, 90, 60)),
    (("drill", "power_drill", "sander", "glue_gun", "jigsaw"), "drill", 54, 44, (230, 170, 40)),
    (("duct_tape", "masking_tape", "tape"), "tape", 34, 24, (170, 174, 180)),
    (("flashlight", "torch"), "flashlight", 54, 18, (60, 64, 76)),
    (("grater", "zester"), "grater", 34, 48, (190, 194, 200)),
    (("headset", "headphone", "headphones", "earphone", "earbud"), "headset", 44, 40, (50, 54, 62)),
    (("key", "keychain", "keyring"), "key", 36, 14, (210, 180, 80)),
    (("marker", "pen", "pencil", "crayon", "highlighter"), "pen", 50, 8, (60, 90, 200)),
    (
        ("necklace", "bracelet", "earring", "jewelry", "ring", "pendant"),
        "jewel",
        36,
        28,
        (230, 200, 90),
    ),
    (
        ("pepper_mill", "salt_shaker", "pepper_shaker", "shaker", "grinder", "mill"),
        "shaker",
        20,
        50,
        (110, 80, 60),
    ),
    (("rolling_pin",), "rolling_pin", 70, 16, (210, 170, 120)),
    (("soap", "bar_of_soap"), "soap", 36, 18, (240, 200, 220)),
    (("stapler", "hole_punch"), "stapler", 52, 22, (60, 60, 70)),
    (("stool", "footstool", "bar_stool", "step_stool"), "stool", 48, 60, (160, 118, 80)),
    (("tube", "toothpaste", "lotion", "ointment", "sunscreen"), "tube", 50, 16, (230, 240, 250)),
    (("umbrella", "parasol"), "umbrella", 22, 70, (60, 80, 150)),
    (("wallet", "purse", "billfold"), "wallet", 36, 24, (110, 70, 40)),
    (("boot", "rubber_boot", "shoe", "sneaker", "sandal", "slipper"), "boot", 44, 40, (70, 60, 50)),
    (("power_strip", "extension_cord", "outlet", "socket"), "outlet", 60, 14, (240, 240, 236)),
    (("chorizo", "salami", "pepperoni"), "sausage", 54, 18, (180, 60, 50)),
    (
        ("mustard", "ketchup", "mayonnaise", "sauce", "syrup", "oil"),
        "bottle",
        26,
        64,
        (230, 190, 40),
    ),
    (
        ("butter", "feta", "cheese", "tofu", "ramen", "noodle", "clam", "oyster", "huitre"),
        "food",
        50,
        26,
        (244, 226, 160),
    ),
    (
        ("bell_pepper", "pumpkin", "mushroom", "walnut", "nut", "pea_pod", "squash", "melon"),
        "round",
        34,
        32,
        (90, 160, 60),
    ),
    (("hose", "garden_hose", "coil"), "tape", 44, 30, (60, 140, 70)),
    (("chain", "bicycle_chain", "collar", "dog_collar", "leash"), "jewel", 40, 28, (120, 120, 130)),
    (("dustpan", "air_filter", "filter"), "tray", 70, 12, (90, 110, 150)),
    (("paving_stone", "brick", "tile", "slab", "stone"), "tray", 60, 14, (150, 146, 140)),
    (("feather", "feather_duster"), "brush", 50, 14, (240, 230, 220)),
    (("cement", "fertilizer", "potting_soil"), "box", 60, 46, (170, 170, 160)),
    (("briefcase", "toolbox", "suitcase", "lunchbox", "tackle_box"), "case", 66, 46, (120, 84, 60)),
    (
        ("hotdog", "hot_dog", "bratwurst", "sausage", "frankfurter", "wiener", "kielbasa"),
        "sausage",
        54,
        18,
        (200, 110, 80),
    ),
    (
        ("hamburger", "patty", "beef_patty", "ground_beef", "mince"),
        "patty",
        46,
        16,
        (226, 118, 128),
    ),
    (("burger", "cheeseburger"), "burger", 46, 34, (210, 150, 80)),
    (("waffle",), "waffle", 50, 12, (222, 170, 80)),
    (
        ("tortilla", "pancake", "crepe", "pita", "flatbread", "naan", "omelet", "omelette"),
        "flat_food",
        56,
        9,
        (236, 210, 150),
    ),
    (
        ("lasagna", "quiche", "tart", "gratin", "enchilada", "moussaka", "frittata"),
        "baked",
        62,
        26,
        (230, 180, 70),
    ),
    (
        ("broccoli", "cauliflower", "lettuce", "cabbage", "kale", "spinach", "parsley", "herb"),
        "veg",
        40,
        40,
        (70, 150, 60),
    ),
    (("aluminum_foil", "foil", "tinfoil"), "foil", 44, 26, (196, 200, 210)),
    (("plastic_wrap", "wrap", "parchment"), "sheet", 56, 8, (214, 232, 240)),
    (("paper_towel", "toilet_paper", "tissue"), "roll", 36, 58, (250, 250, 246)),
    (
        (
            "towel",
            "rag",
            "dishtowel",
            "napkin",
            "cloth",
            "sponge",
            "washcloth",
            "duster",
            "doily",
        ),
        "cloth",
        52,
        12,
        (120, 170, 200),
    ),
    (
        ("book", "hardback", "paperback", "notebook", "magazine", "folder"),
        "book",
        66,
        16,
        (60, 96, 170),
    ),
    (("laptop",), "laptop", 76, 10, (70, 74, 84)),
    (("lamp",), "lamp", 46, 90, (240, 210, 120)),
    (("candlestick", "candelabra", "candle_holder"), "candlestick", 20, 40, (196, 160, 70)),
    (("candle", "tealight"), "candle", 16, 42, (246, 240, 220)),
    (("light_bulb", "bulb", "lightbulb"), "bulb", 22, 34, (250, 240, 170)),
    (("alarm_clock", "clock", "watch", "timer", "stopwatch"), "clock", 40, 44, (230, 90, 70)),
    (("sandglass", "hourglass"), "hourglass", 26, 44, (236, 214, 160)),
    (
        ("monitor", "television", "computer", "desktop_computer", "display", "screen"),
        "monitor",
        70,
        60,
        (46, 50, 58),
    ),
    (("printer", "scanner", "copier", "fax", "shredder"), "printer", 80, 44, (214, 216, 222)),
    (
        ("loudspeaker", "speaker", "audio_system", "stereo", "radio", "subwoofer", "amplifier"),
        "speaker",
        44,
        60,
        (70, 64, 60),
    ),
    (("projector",), "projector", 60, 30, (226, 228, 232)),
    (
        ("game_console", "console", "router", "modem", "dvd_player", "set_top_box"),
        "console",
        64,
        22,
        (40, 42, 48),
    ),
    (("iron", "steam_iron", "flatiron"), "iron", 54, 32, (110, 140, 200)),
    (("heater", "space_heater", "fan_heater", "radiator"), "heater", 44, 58, (232, 230, 224)),
    (
        (
            "toaster",
            "kettle",
            "coffee_maker",
            "blender",
            "mixer",
            "rice_cooker",
            "hot_plate",
            "hair_dryer",
        ),
        "gadget",
        62,
        46,
        (150, 156, 168),
    ),
    (("plate", "dish", "saucer", "platter", "coaster"), "plate", 72, 10, (245, 245, 240)),
    (
        ("tray", "cookie_sheet", "baking_sheet", "cutting_board", "chopping_board"),
        "tray",
        92,
        10,
        (176, 150, 110),
    ),
    # a bare board or plank (something to stand a tin on): a tray's flat outline in raw wood
    (("board", "plank", "plywood"), "tray", 84, 8, (150, 108, 66)),
    (("frying_pan", "skillet", "wok", "griddle"), "pan", 86, 18, (70, 70, 76)),
    (
        ("saucepan", "stockpot", "pot", "casserole", "crock", "cooker", "pressure_cooker"),
        "pot",
        70,
        46,
        (150, 152, 160),
    ),
    (
        ("teapot", "pitcher", "jug", "coffeepot", "carafe", "decanter", "creamer"),
        "teapot",
        50,
        46,
        (236, 236, 230),
    ),
    (("bowl",), "bowl", 64, 30, (226, 222, 210)),
    (("mug", "cup", "teacup"), "cup", 32, 36, (230, 120, 90)),
    (("glass", "tumbler", "goblet"), "glass", 28, 40, (200, 226, 240)),
    (
        (
            "bottle",
            "flask",
            "canteen",
            "thermos",
            "detergent",
            "bleach",
            "ammonia",
            "vinegar",
            "cleaner",
        ),
        "bottle",
        26,
        64,
        (120, 180, 120),
    ),
    (("jar", "can", "canister", "tin"), "jar", 34, 44, (200, 160, 90)),
    (
        ("bucket", "pail", "hamper", "colander", "strainer", "wastebasket", "watering_can"),
        "bucket",
        50,
        50,
        (90, 130, 190),
    ),
    (("tupperware", "food_container", "lunch_box"), "foodbox", 52, 30, (220, 236, 240)),
    (
        ("box", "carton", "package", "case", "crate", "container", "bin", "basket", "bag", "sack"),
        "box",
        64,
        48,
        (190, 150, 100),
    ),
    (
        ("spoon", "ladle", "scoop"),
        "spoon",
        58,
        8,
        (180, 184, 190),
    ),
    (("fork", "pitchfork"), "fork", 58, 8, (180, 184, 190)),
    (
        (
            "knife",
            "spatula",
            "scissors",
            "tongs",
            "chopsticks",
            "whisk",
            "peeler",
            "screwdriver",
            "shears",
            "trowel",
            "spade",
        ),
        "utensil",
        58,
        7,
        (170, 174, 180),
    ),
    (
        (
            "apple",
            "orange",
            "tomato",
            "peach",
            "lemon",
            "lime",
            "onion",
            "potato",
            "egg",
            "ball",
            "meatball",
            "plum",
            "pear",
            "grapefruit",
            "dumpling",
        ),
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
            "croissant",
            "biscuit",
            "doughnut",
            "donut",
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
            "turkey",
            "ham",
            "fillet",
            "filet",
            "cutlet",
            "chop",
            "drumstick",
            "shrimp",
            "prawn",
            "lamb",
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
    (
        (
            "phone",
            "telephone",
            "remote",
            "tablet",
            "charger",
            "cable",
            "camera",
            "calculator",
            "power_bank",
        ),
        "device",
        22,
        36,
        (50, 54, 62),
    ),
    (("vase", "plant", "flower", "pot_plant"), "vase", 36, 60, (110, 160, 190)),
    (("snow_globe", "globe"), "globe", 40, 46, (150, 200, 230)),
    (
        ("figurine", "statue", "statuette", "bust", "sculpture", "doll", "trophy", "toy"),
        "figurine",
        30,
        56,
        (200, 180, 150),
    ),
    (
        ("picture_frame", "frame", "photograph", "painting", "mirror", "poster"),
        "frame",
        48,
        56,
        (150, 110, 70),
    ),
    (
        ("board_game", "chess_set", "chessboard", "checkers", "game"),
        "game",
        70,
        14,
        (170, 60, 60),
    ),
    (
        (
            "envelope",
            "receipt",
            "newspaper",
            "paper",
            "clipboard",
            "letter",
            "document",
            "ticket",
            "card",
            "map",
            "wax_paper",
        ),
        "paper",
        54,
        10,
        (244, 240, 226),
    ),
    (
        ("scrub_brush", "brush", "toothbrush", "comb", "scrubber", "lint_roller", "razor"),
        "brush",
        56,
        16,
        (90, 140, 80),
    ),
    (
        (
            "pillow",
            "cushion",
            "blanket",
            "shirt",
            "sweater",
            "jacket",
            "clothing",
            "sock",
            "jeans",
            "jean",
            "scarf",
            "hat",
            "glove",
            "dress",
            "skirt",
            "trousers",
            "coat",
            "apron",
            "tie",
        ),
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


def _compound(keyword: str, tokens: frozenset[str]) -> bool:
    """A keyword inside a compound word: ``teaspoon`` and ``tablespoon`` are spoons,
    ``wineglass`` a glass, ``candlestick`` a candle (keywords of four letters or more, so
    ``pan`` does not make a ``pancake``)."""
    if "_" in keyword or len(keyword) < 4:
        return False
    return any(t != keyword and (t.endswith(keyword) or t.startswith(keyword)) for t in tokens)


def _stage_hit(stage: str, keyword: str, category: str, tokens: frozenset[str]) -> bool:
    if stage == "phrase":
        return "_" in keyword and keyword in category
    if stage == "word":
        return _hit(keyword, category, tokens)
    return _compound(keyword, tokens)


@lru_cache(maxsize=1024)
def _match(category: str, fixture: bool) -> Look:
    head, of, _ = category.partition("__of__")
    if of:  # "bottle__of__glass_cleaner" is a bottle: the head noun decides the shape
        look = _match(head, fixture)
        if look.kind not in ("block", "fixture"):
            tokens = _tokens(category)
            named = next((c for k, c in _NAMED_COLORS.items() if _hit(k, category, tokens)), None)
            return Look(look.kind, look.w, look.h, named or look.color)
    tokens = _tokens(category)
    table = _FIXTURES if fixture else _ITEMS
    zoom = 1.0 if fixture else ITEM_ZOOM
    named = next((c for k, c in _NAMED_COLORS.items() if _hit(k, category, tokens)), None)
    # a phrase names a thing more exactly than any of its words ("watering_can" is no "can"),
    # then whole words, then words inside compounds
    for stage in ("phrase", "word", "compound"):
        for keywords, kind, w, h, color in table:
            if any(_stage_hit(stage, k, category, tokens) for k in keywords):
                return Look(kind, w * zoom, h * zoom, named or color)
    if fixture:
        return Look("fixture", 150, 150, named or stable_color(category, 140, 200))
    return Look("block", 40 * zoom, 34 * zoom, named or stable_color(category))


#: What an unmatched movable thing looks like, from what the world knows about it (first
#: attribute or ability that applies): a new synset still gets a kind that says what it is.
_BY_ATTRIBUTE: tuple[tuple[str, str, float, float], ...] = (
    ("candle", "candle", 16, 42),
    ("chemical", "bottle", 26, 64),
    ("raw_meat", "meat", 56, 24),
    ("food", "food", 50, 26),
    ("electrical", "device", 30, 40),
    ("liquid", "bottle", 26, 64),
    ("for_liquids", "jar", 34, 44),
    ("fillable", "jar", 34, 44),
    ("container", "box", 64, 48),
    ("carrier", "tray", 92, 10),
    ("covering", "sheet", 56, 8),
    ("cloth", "cloth", 52, 12),
    ("soft", "cloth", 52, 12),
    ("particle_remover", "brush", 56, 16),
    ("toggleable", "device", 30, 40),
    ("breakable", "vase", 36, 60),
)


def _by_knowledge(info: ObjectInfo, color: RGB) -> Look | None:
    traits = info.attributes | info.abilities
    for trait, kind, w, h in _BY_ATTRIBUTE:
        if trait in traits:
            return Look(kind, w * ITEM_ZOOM, h * ITEM_ZOOM, color)
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
    gets a kind from its attributes (:data:`_BY_ATTRIBUTE`); only a thing nothing is known
    about is the generic rounded block."""
    category = info.category
    if info.is_fixture or _tokens(category) & {"microwave", "refrigerator", "dishwasher", "oven"}:
        look = _match(category, True)
        if look.kind == "fixture":  # a thing the task pins to the room (a lamp "inroom")
            item = _match(category, False)
            if item.kind != "block":
                return _marked(info, item)
        return _marked(info, look) if look.kind == "toaster_oven" else look
    look = _match(category, False)
    if look.kind == "block":
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
