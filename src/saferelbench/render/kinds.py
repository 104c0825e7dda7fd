"""The object kinds: one record per kind of thing the renderer draws.

A :class:`Kind` holds everything the renderer knows about one kind (``cup``, ``stove``,
``candle``): the words of a synset that give it (with the natural size and base colour they
give), the world traits that give it to a thing no word names, its layout class (furniture
stands in the row along the wall; anything else is a movable thing), where it stands in that
row, the inside an open one shows, and its painter. The catalog (:mod:`.catalog`) matches names
against these words, the layout (:mod:`.layout`) reads the class, rank and insets, and the
renderer paints with the record's painter: a new kind is one record in :data:`KINDS`.

Which kind a name gets, when words of several kinds occur in it, is decided by one rule,
not by the order of the records (:func:`best_word`): a phrase (a keyword with an underscore)
before a whole word before a word inside a compound; then the word nearest the end of the name
(an English compound names what it is last: a ``pencil_box`` is a box, a ``soap_dish`` a
dish); then the longer keyword.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from saferelbench.render import appliances, fixtures, glyphs, items
from saferelbench.render.geometry import RGB
from saferelbench.render.items import ItemLook, Rect
from saferelbench.render.paint import Pen

#: a painter: ``(pen, box, ItemLook)`` for a movable thing, ``(pen, node, FixtureLook)`` for
#: furniture
Painter = Callable[..., None]
#: left, top, right, bottom insets of an open thing's visible inside, from its natural size
Insets = Callable[[float, float], tuple[float, float, float, float]]


def fixed(left: float, top: float, right: float, bottom: float) -> Insets:
    """Insets that do not depend on the size."""
    return lambda w, h: (left, top, right, bottom)


@dataclass(frozen=True)
class Words:
    """Keywords that give a kind, and the natural size (natural px) and base colour they give.

    ``room``: matched for things that stand in the room (fixtures and appliances) rather than
    for movable things; a word may mean one kind in the room and another in the hand (a
    ``console`` table, a game ``console``)."""

    keywords: tuple[str, ...]
    w: float
    h: float
    color: RGB
    room: bool = False


@dataclass(frozen=True)
class Trait:
    """A world attribute or ability that gives the kind to a movable thing no word names,
    with the natural size it gives (the base colour comes from the name)."""

    trait: str
    w: float
    h: float


@dataclass(frozen=True)
class Kind:
    """Everything the renderer knows about one kind of thing."""

    name: str
    painter: Painter
    #: laid out and painted as furniture: a root of the row along the wall, its painter takes
    #: the layout node
    furniture: bool = False
    words: tuple[Words, ...] = ()
    traits: tuple[Trait, ...] = ()
    #: order along the wall (furniture): fridge, kitchen run, tables, shelves, the rest
    rank: int = 4
    insets: Insets | None = None
    #: what is inside stands in slots, poking out on top, the body in front (a toaster)
    slotted: bool = False
    #: fixed in the room, it stands on a base unit (a built-in microwave)
    pedestal: bool = False
    #: its painter already shows it open (flaps, a raised screen), so no lid is drawn off
    shows_open: bool = False
    #: furniture that may be drawn narrower than its natural width when the row is what limits
    #: the scale (:data:`saferelbench.render.layout.SLIMS`): a table, not a fridge
    slims: bool = False

    def inside(self, w: float, h: float) -> tuple[float, float, float, float]:
        """Left, top, right, bottom insets of its visible inside (natural pixels)."""
        if self.insets is not None:
            return self.insets(w, h)
        return (10, 10, 10, 14) if self.furniture else (3, 3, 3, 3)


#: The order in which world traits name an unnamed movable thing: the first that applies wins
#: (a candle before anything electrical, a chemical before a liquid).
TRAIT_ORDER = (
    "candle",
    "chemical",
    "raw_meat",
    "food",
    "electrical",
    "liquid",
    "for_liquids",
    "fillable",
    "container",
    "carrier",
    "covering",
    "cloth",
    "soft",
    "particle_remover",
    "toggleable",
    "breakable",
)

RECORDS: tuple[Kind, ...] = (
    Kind(
        "fridge",
        fixtures.fridge,
        furniture=True,
        words=(Words(("refrigerator", "fridge", "freezer"), 150, 320, (226, 232, 238), room=True),),
        rank=0,
        insets=fixed(10, 12, 10, 18),
    ),
    Kind(
        "microwave",
        fixtures.microwave,
        furniture=True,
        words=(Words(("microwave", "microwave_oven"), 140, 84, (205, 208, 214), room=True),),
        rank=1,
        insets=fixed(8, 8, 40, 9),
        pedestal=True,
    ),
    Kind(
        "toaster_oven",
        appliances.toaster_oven,
        words=(Words(("toaster_oven",), 96, 58, (176, 178, 186), room=True),),
        insets=fixed(8, 10, 30, 12),
    ),
    Kind(
        "washer",
        fixtures.washer,
        furniture=True,
        words=(
            Words(
                ("dishwasher", "washer", "dryer", "washing_machine"),
                150,
                170,
                (232, 234, 238),
                room=True,
            ),
        ),
        rank=1,
        insets=fixed(22, 44, 22, 26),
    ),
    Kind(
        "stove",
        fixtures.stove,
        furniture=True,
        words=(
            Words(
                ("stove", "range", "cooktop", "hob", "burner"), 170, 170, (214, 217, 222), room=True
            ),
        ),
        rank=1,
        insets=fixed(12, 36, 12, 16),
    ),
    Kind(
        "oven",
        fixtures.oven,
        furniture=True,
        words=(Words(("oven",), 160, 170, (200, 202, 208), room=True),),
        rank=1,
        insets=fixed(12, 36, 12, 16),
    ),
    Kind(
        "grill",
        fixtures.grill,
        furniture=True,
        words=(Words(("grill", "barbecue", "bbq", "smoker"), 150, 150, (64, 66, 72), room=True),),
        rank=1,
    ),
    Kind(
        "sink",
        fixtures.sink,
        furniture=True,
        words=(Words(("sink",), 190, 170, (196, 170, 132), room=True),),
        rank=1,
        insets=lambda w, h: (38, 6, 38, h - 62),
    ),
    Kind(
        "counter",
        fixtures.counter,
        furniture=True,
        words=(
            Words(
                ("countertop", "counter", "worktop", "island"), 240, 170, (196, 170, 132), room=True
            ),
        ),
        rank=1,
        slims=True,
    ),
    Kind(
        "cabinet",
        fixtures.cabinet,
        furniture=True,
        words=(
            Words(
                (
                    "cabinet",
                    "cupboard",
                    "drawer",
                    "wardrobe",
                    "closet",
                    "dresser",
                    "nightstand",
                    "chest",
                ),
                160,
                170,
                (176, 132, 92),
                room=True,
            ),
        ),
        rank=1,
        insets=fixed(8, 8, 8, 16),
        slims=True,
    ),
    Kind(
        "shelf",
        fixtures.shelf,
        furniture=True,
        words=(
            Words(("shelf", "bookcase", "rack", "shelving"), 150, 270, (150, 112, 78), room=True),
        ),
        rank=3,
        insets=lambda w, h: (9, 10, 9, h * 0.48),
        slims=True,
    ),
    Kind(
        "table",
        fixtures.table,
        furniture=True,
        words=(
            Words(("coffee_table",), 210, 80, (160, 118, 80), room=True),
            Words(
                ("table", "desk", "bench", "stand", "console"), 240, 140, (170, 126, 86), room=True
            ),
        ),
        rank=2,
        slims=True,
    ),
    Kind(
        "bed",
        fixtures.bed,
        furniture=True,
        words=(Words(("bed",), 280, 110, (120, 140, 190), room=True),),
        insets=fixed(12, 6, 12, 12),
        slims=True,
    ),
    Kind(
        "sofa",
        fixtures.sofa,
        furniture=True,
        words=(Words(("sofa", "couch", "armchair"), 240, 120, (140, 110, 160), room=True),),
        insets=fixed(12, 6, 12, 12),
        slims=True,
    ),
    Kind(
        "chair",
        fixtures.chair,
        furniture=True,
        words=(Words(("chair", "stool"), 80, 150, (160, 118, 80), room=True),),
    ),
    Kind(
        "tub",
        fixtures.tub,
        furniture=True,
        words=(Words(("bathtub", "tub"), 260, 110, (236, 240, 244), room=True),),
        insets=fixed(12, 6, 12, 12),
    ),
    Kind(
        "toilet",
        fixtures.toilet,
        furniture=True,
        words=(Words(("toilet",), 90, 130, (240, 242, 246), room=True),),
    ),
    Kind(
        "door",
        fixtures.door,
        furniture=True,
        words=(Words(("door",), 120, 300, (170, 126, 86), room=True),),
    ),
    Kind(
        "window",
        fixtures.window,
        furniture=True,
        words=(Words(("window",), 160, 150, (180, 210, 235), room=True),),
    ),
    Kind(
        "screen",
        fixtures.screen,
        furniture=True,
        words=(Words(("television", "tv"), 170, 110, (40, 44, 52), room=True),),
    ),
    Kind(
        "mat",
        appliances.mat,
        words=(Words(("place_mat", "placemat", "table_mat"), 64, 6, (196, 160, 100)),),
    ),
    Kind(
        "puzzle",
        appliances.puzzle,
        words=(Words(("jigsaw_puzzle", "puzzle"), 60, 14, (110, 150, 200)),),
    ),
    Kind(
        "spray",
        glyphs.spray,
        words=(
            Words(
                ("atomizer", "sprayer", "spray", "spray_bottle", "soap_dispenser", "dispenser"),
                28,
                62,
                (120, 190, 210),
            ),
        ),
    ),
    Kind(
        "hammer",
        glyphs.hammer,
        words=(
            Words(
                ("hammer", "mallet", "hatchet", "axe", "pliers", "wrench"), 52, 22, (120, 90, 60)
            ),
        ),
    ),
    Kind(
        "drill",
        glyphs.drill,
        words=(
            Words(("drill", "power_drill", "sander", "glue_gun", "jigsaw"), 54, 44, (230, 170, 40)),
        ),
    ),
    Kind(
        "tape",
        glyphs.tape,
        words=(
            Words(("duct_tape", "masking_tape", "tape"), 34, 24, (170, 174, 180)),
            Words(("hose", "garden_hose", "coil"), 44, 30, (60, 140, 70)),
        ),
    ),
    Kind(
        "flashlight",
        glyphs.flashlight,
        words=(Words(("flashlight", "torch"), 54, 18, (60, 64, 76)),),
    ),
    Kind(
        "grater",
        glyphs.grater,
        words=(Words(("grater", "zester"), 34, 48, (190, 194, 200)),),
    ),
    Kind(
        "headset",
        glyphs.headset,
        words=(
            Words(
                ("headset", "headphone", "headphones", "earphone", "earbud"), 44, 40, (50, 54, 62)
            ),
        ),
    ),
    Kind(
        "key",
        glyphs.key,
        words=(Words(("key", "keychain", "keyring"), 36, 14, (210, 180, 80)),),
    ),
    Kind(
        "pen",
        glyphs.pen,
        words=(Words(("marker", "pen", "pencil", "crayon", "highlighter"), 50, 8, (60, 90, 200)),),
    ),
    Kind(
        "jewel",
        glyphs.jewel,
        words=(
            Words(
                ("necklace", "bracelet", "earring", "jewelry", "ring", "pendant"),
                36,
                28,
                (230, 200, 90),
            ),
            Words(
                ("chain", "bicycle_chain", "collar", "dog_collar", "leash"), 40, 28, (120, 120, 130)
            ),
        ),
    ),
    Kind(
        "shaker",
        glyphs.shaker,
        words=(
            Words(
                ("pepper_mill", "salt_shaker", "pepper_shaker", "shaker", "grinder", "mill"),
                20,
                50,
                (110, 80, 60),
            ),
        ),
    ),
    Kind(
        "rolling_pin",
        glyphs.rolling_pin,
        words=(Words(("rolling_pin",), 70, 16, (210, 170, 120)),),
    ),
    Kind(
        "soap",
        glyphs.soap,
        words=(Words(("soap", "bar_of_soap"), 36, 18, (240, 200, 220)),),
    ),
    Kind(
        "stapler",
        glyphs.stapler,
        words=(Words(("stapler", "hole_punch"), 52, 22, (60, 60, 70)),),
    ),
    Kind(
        "stool",
        glyphs.stool,
        words=(Words(("stool", "footstool", "bar_stool", "step_stool"), 48, 60, (160, 118, 80)),),
    ),
    Kind(
        "tube",
        glyphs.tube,
        words=(
            Words(
                ("tube", "toothpaste", "lotion", "ointment", "sunscreen"), 50, 16, (230, 240, 250)
            ),
        ),
    ),
    Kind(
        "umbrella",
        glyphs.umbrella,
        words=(Words(("umbrella", "parasol"), 22, 70, (60, 80, 150)),),
    ),
    Kind(
        "wallet",
        glyphs.wallet,
        words=(Words(("wallet", "purse", "billfold"), 36, 24, (110, 70, 40)),),
    ),
    Kind(
        "boot",
        glyphs.boot,
        words=(
            Words(
                ("boot", "rubber_boot", "shoe", "sneaker", "sandal", "slipper"),
                44,
                40,
                (70, 60, 50),
            ),
        ),
    ),
    Kind(
        "outlet",
        glyphs.outlet,
        words=(
            Words(("power_strip", "extension_cord", "outlet", "socket"), 60, 14, (240, 240, 236)),
        ),
    ),
    Kind(
        "sausage",
        glyphs.sausage,
        words=(
            Words(("chorizo", "salami", "pepperoni"), 54, 18, (180, 60, 50)),
            Words(
                ("hotdog", "hot_dog", "bratwurst", "sausage", "frankfurter", "wiener", "kielbasa"),
                54,
                18,
                (200, 110, 80),
            ),
        ),
    ),
    Kind(
        "bottle",
        items.bottle,
        words=(
            Words(
                ("mustard", "ketchup", "mayonnaise", "sauce", "syrup", "oil"),
                26,
                64,
                (230, 190, 40),
            ),
            Words(
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
                26,
                64,
                (120, 180, 120),
            ),
        ),
        traits=(Trait("chemical", 26, 64), Trait("liquid", 26, 64)),
    ),
    Kind(
        "food",
        glyphs.food,
        words=(
            Words(
                ("butter", "feta", "cheese", "tofu", "ramen", "noodle", "clam", "oyster", "huitre"),
                50,
                26,
                (244, 226, 160),
            ),
        ),
        traits=(Trait("food", 50, 26),),
    ),
    Kind(
        "round",
        items.round_,
        words=(
            Words(
                (
                    "bell_pepper",
                    "pumpkin",
                    "mushroom",
                    "walnut",
                    "nut",
                    "pea_pod",
                    "squash",
                    "melon",
                ),
                34,
                32,
                (90, 160, 60),
            ),
            Words(
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
                28,
                28,
                (210, 40, 40),
            ),
        ),
    ),
    Kind(
        "tray",
        items.tray,
        words=(
            Words(("dustpan", "air_filter", "filter"), 70, 12, (90, 110, 150)),
            Words(("paving_stone", "brick", "tile", "slab", "stone"), 60, 14, (150, 146, 140)),
            Words(
                ("tray", "cookie_sheet", "baking_sheet", "cutting_board", "chopping_board"),
                92,
                10,
                (176, 150, 110),
            ),
            Words(("board", "plank", "plywood"), 84, 8, (150, 108, 66)),
        ),
        traits=(Trait("carrier", 92, 10),),
    ),
    Kind(
        "brush",
        glyphs.brush,
        words=(
            Words(("feather", "feather_duster"), 50, 14, (240, 230, 220)),
            Words(
                ("scrub_brush", "brush", "toothbrush", "comb", "scrubber", "lint_roller", "razor"),
                56,
                16,
                (90, 140, 80),
            ),
        ),
        traits=(Trait("particle_remover", 56, 16),),
    ),
    Kind(
        "box",
        items.box,
        words=(
            Words(("cement", "fertilizer", "potting_soil"), 60, 46, (170, 170, 160)),
            Words(
                (
                    "box",
                    "carton",
                    "package",
                    "case",
                    "crate",
                    "container",
                    "bin",
                    "basket",
                    "bag",
                    "sack",
                ),
                64,
                48,
                (190, 150, 100),
            ),
        ),
        traits=(Trait("container", 64, 48),),
        insets=fixed(5, 4, 5, 4),
        shows_open=True,
    ),
    Kind(
        "case",
        glyphs.case,
        words=(
            Words(
                ("briefcase", "toolbox", "suitcase", "lunchbox", "tackle_box"),
                66,
                46,
                (120, 84, 60),
            ),
        ),
    ),
    Kind(
        "patty",
        appliances.patty,
        words=(
            Words(
                ("hamburger", "patty", "beef_patty", "ground_beef", "mince"),
                46,
                16,
                (226, 118, 128),
            ),
        ),
    ),
    Kind(
        "burger",
        glyphs.burger,
        words=(Words(("burger", "cheeseburger"), 46, 34, (210, 150, 80)),),
    ),
    Kind(
        "waffle",
        glyphs.waffle,
        words=(Words(("waffle",), 50, 12, (222, 170, 80)),),
    ),
    Kind(
        "flat_food",
        glyphs.flat_food,
        words=(
            Words(
                ("tortilla", "pancake", "crepe", "pita", "flatbread", "naan", "omelet", "omelette"),
                56,
                9,
                (236, 210, 150),
            ),
        ),
    ),
    Kind(
        "baked",
        glyphs.baked,
        words=(
            Words(
                ("lasagna", "quiche", "tart", "gratin", "enchilada", "moussaka", "frittata"),
                62,
                26,
                (230, 180, 70),
            ),
        ),
    ),
    Kind(
        "veg",
        glyphs.veg,
        words=(
            Words(
                (
                    "broccoli",
                    "cauliflower",
                    "lettuce",
                    "cabbage",
                    "kale",
                    "spinach",
                    "parsley",
                    "herb",
                ),
                40,
                40,
                (70, 150, 60),
            ),
        ),
    ),
    Kind(
        "foil",
        items.foil,
        words=(Words(("aluminum_foil", "foil", "tinfoil"), 44, 26, (196, 200, 210)),),
    ),
    Kind(
        "sheet",
        items.sheet,
        words=(Words(("plastic_wrap", "wrap", "parchment"), 56, 8, (214, 232, 240)),),
        traits=(Trait("covering", 56, 8),),
    ),
    Kind(
        "roll",
        items.roll,
        words=(Words(("paper_towel", "toilet_paper", "tissue"), 36, 58, (250, 250, 246)),),
    ),
    Kind(
        "cloth",
        items.cloth,
        words=(
            Words(
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
                52,
                12,
                (120, 170, 200),
            ),
            Words(
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
                62,
                20,
                (150, 120, 180),
            ),
        ),
        traits=(Trait("cloth", 52, 12), Trait("soft", 52, 12)),
    ),
    Kind(
        "book",
        items.book,
        words=(
            Words(
                ("book", "hardback", "paperback", "notebook", "magazine", "folder"),
                66,
                16,
                (60, 96, 170),
            ),
        ),
    ),
    Kind(
        "laptop",
        items.laptop,
        words=(Words(("laptop",), 76, 10, (70, 74, 84)),),
        shows_open=True,
    ),
    Kind(
        "lamp",
        items.lamp,
        words=(Words(("lamp",), 46, 90, (240, 210, 120)),),
    ),
    Kind(
        "candlestick",
        appliances.candlestick,
        words=(Words(("candlestick", "candelabra", "candle_holder"), 20, 40, (196, 160, 70)),),
    ),
    Kind(
        "candle",
        items.candle,
        words=(Words(("candle", "tealight"), 16, 42, (246, 240, 220)),),
        traits=(Trait("candle", 16, 42),),
    ),
    Kind(
        "bulb",
        glyphs.bulb,
        words=(Words(("light_bulb", "bulb", "lightbulb"), 22, 34, (250, 240, 170)),),
    ),
    Kind(
        "clock",
        glyphs.clock,
        words=(
            Words(("alarm_clock", "clock", "watch", "timer", "stopwatch"), 40, 44, (230, 90, 70)),
        ),
    ),
    Kind(
        "hourglass",
        glyphs.hourglass,
        words=(Words(("sandglass", "hourglass"), 26, 44, (236, 214, 160)),),
    ),
    Kind(
        "monitor",
        glyphs.monitor,
        words=(
            Words(
                ("monitor", "television", "computer", "desktop_computer", "display", "screen"),
                70,
                60,
                (46, 50, 58),
            ),
        ),
    ),
    Kind(
        "printer",
        glyphs.printer,
        words=(
            Words(("printer", "scanner", "copier", "fax", "shredder"), 80, 44, (214, 216, 222)),
        ),
    ),
    Kind(
        "speaker",
        glyphs.speaker,
        words=(
            Words(
                (
                    "loudspeaker",
                    "speaker",
                    "audio_system",
                    "stereo",
                    "radio",
                    "subwoofer",
                    "amplifier",
                ),
                44,
                60,
                (70, 64, 60),
            ),
        ),
    ),
    Kind(
        "projector",
        glyphs.projector,
        words=(Words(("projector",), 60, 30, (226, 228, 232)),),
    ),
    Kind(
        "console",
        glyphs.console,
        words=(
            Words(
                ("game_console", "console", "router", "modem", "dvd_player", "set_top_box"),
                64,
                22,
                (40, 42, 48),
            ),
        ),
    ),
    Kind(
        "iron",
        appliances.iron,
        words=(Words(("iron", "steam_iron", "flatiron"), 54, 32, (110, 140, 200)),),
    ),
    Kind(
        "heater",
        appliances.heater,
        words=(
            Words(("heater", "space_heater", "fan_heater", "radiator"), 44, 58, (232, 230, 224)),
        ),
    ),
    Kind(
        "gadget",
        items.gadget,
        words=(
            Words(
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
                62,
                46,
                (150, 156, 168),
            ),
        ),
        slotted=True,
        insets=lambda w, h: (8, 0, 8, h * 0.7),
    ),
    Kind(
        "plate",
        items.plate,
        words=(Words(("plate", "dish", "saucer", "platter", "coaster"), 72, 10, (245, 245, 240)),),
    ),
    Kind(
        "pan",
        items.pan,
        words=(Words(("frying_pan", "skillet", "wok", "griddle"), 86, 18, (70, 70, 76)),),
        insets=fixed(5, 4, 5, 4),
    ),
    Kind(
        "pot",
        items.pot,
        words=(
            Words(
                ("saucepan", "stockpot", "pot", "casserole", "crock", "cooker", "pressure_cooker"),
                70,
                46,
                (150, 152, 160),
            ),
        ),
        insets=fixed(5, 4, 5, 4),
    ),
    Kind(
        "teapot",
        glyphs.teapot,
        words=(
            Words(
                ("teapot", "pitcher", "jug", "coffeepot", "carafe", "decanter", "creamer"),
                50,
                46,
                (236, 236, 230),
            ),
        ),
    ),
    Kind(
        "bowl",
        items.bowl,
        words=(Words(("bowl",), 64, 30, (226, 222, 210)),),
        insets=fixed(8, 4, 8, 5),
    ),
    Kind(
        "cup",
        items.cup,
        words=(Words(("mug", "cup", "teacup"), 32, 36, (230, 120, 90)),),
    ),
    Kind(
        "glass",
        items.glass,
        words=(Words(("glass", "tumbler", "goblet"), 28, 40, (200, 226, 240)),),
    ),
    Kind(
        "jar",
        items.jar,
        words=(Words(("jar", "can", "canister", "tin"), 34, 44, (200, 160, 90)),),
        traits=(Trait("for_liquids", 34, 44), Trait("fillable", 34, 44)),
    ),
    Kind(
        "bucket",
        glyphs.bucket,
        words=(
            Words(
                ("bucket", "pail", "hamper", "colander", "strainer", "wastebasket", "watering_can"),
                50,
                50,
                (90, 130, 190),
            ),
        ),
    ),
    Kind(
        "foodbox",
        glyphs.foodbox,
        words=(Words(("tupperware", "food_container", "lunch_box"), 52, 30, (220, 236, 240)),),
        shows_open=True,
    ),
    Kind(
        "spoon",
        glyphs.spoon,
        words=(Words(("spoon", "ladle", "scoop"), 58, 8, (180, 184, 190)),),
    ),
    Kind(
        "fork",
        glyphs.fork,
        words=(Words(("fork", "pitchfork"), 58, 8, (180, 184, 190)),),
    ),
    Kind(
        "utensil",
        items.utensil,
        words=(
            Words(
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
                58,
                7,
                (170, 174, 180),
            ),
        ),
    ),
    Kind(
        "loaf",
        items.loaf,
        words=(
            Words(
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
                54,
                26,
                (214, 170, 100),
            ),
        ),
    ),
    Kind(
        "meat",
        items.meat,
        words=(
            Words(
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
                56,
                24,
                (232, 150, 140),
            ),
        ),
        traits=(Trait("raw_meat", 56, 24),),
    ),
    Kind(
        "long_food",
        items.long_food,
        words=(
            Words(
                ("banana", "carrot", "cucumber", "zucchini", "celery", "corn"),
                56,
                16,
                (240, 210, 70),
            ),
        ),
    ),
    Kind(
        "device",
        items.device,
        words=(
            Words(
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
                22,
                36,
                (50, 54, 62),
            ),
        ),
        traits=(Trait("electrical", 30, 40), Trait("toggleable", 30, 40)),
    ),
    Kind(
        "vase",
        items.vase,
        words=(Words(("vase", "plant", "flower", "pot_plant"), 36, 60, (110, 160, 190)),),
        traits=(Trait("breakable", 36, 60),),
    ),
    Kind(
        "globe",
        glyphs.globe,
        words=(Words(("snow_globe", "globe"), 40, 46, (150, 200, 230)),),
    ),
    Kind(
        "figurine",
        glyphs.figurine,
        words=(
            Words(
                ("figurine", "statue", "statuette", "bust", "sculpture", "doll", "trophy", "toy"),
                30,
                56,
                (200, 180, 150),
            ),
        ),
    ),
    Kind(
        "frame",
        glyphs.frame,
        words=(
            Words(
                ("picture_frame", "frame", "photograph", "painting", "mirror", "poster"),
                48,
                56,
                (150, 110, 70),
            ),
        ),
    ),
    Kind(
        "game",
        glyphs.game,
        words=(
            Words(
                ("board_game", "chess_set", "chessboard", "checkers", "game"), 70, 14, (170, 60, 60)
            ),
        ),
    ),
    Kind(
        "paper",
        glyphs.paper,
        words=(
            Words(
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
                54,
                10,
                (244, 240, 226),
            ),
        ),
    ),
    Kind(
        "chem_bottle",
        appliances.chem_bottle,
    ),
    Kind(
        "block",
        items.block,
    ),
    Kind(
        "fixture",
        fixtures.generic,
        furniture=True,
    ),
)


def _registry(records: Iterable[Kind]) -> dict[str, Kind]:
    """The records by name; a name, or a keyword within the room or the hand, may be given
    once only (otherwise which kind a word gives would depend on the order again)."""
    out: dict[str, Kind] = {}
    owner: dict[tuple[bool, str], str] = {}
    for kind in records:
        if kind.name in out:
            raise ValueError(f"object kind {kind.name!r} is registered twice")
        out[kind.name] = kind
        for words in kind.words:
            for keyword in words.keywords:
                taken = owner.setdefault((words.room, keyword), kind.name)
                if taken != kind.name:
                    raise ValueError(f"keyword {keyword!r} gives both {taken!r} and {kind.name!r}")
    for kind in out.values():
        for trait in kind.traits:
            if trait.trait not in TRAIT_ORDER:
                raise ValueError(f"kind {kind.name!r}: trait {trait.trait!r} is not in TRAIT_ORDER")
    return out


#: Every object kind by name: the one registration of a kind.
KINDS: dict[str, Kind] = _registry(RECORDS)

#: The generic kinds: a movable thing nothing is known about, a piece of furniture no word names.
BLOCK, FIXTURE = "block", "fixture"


def kind(name: str) -> Kind:
    """The record of a kind (an unknown name: the generic block)."""
    return KINDS.get(name) or KINDS[BLOCK]


def is_furniture(name: str) -> bool:
    """Whether a kind is laid out and painted as furniture."""
    found = KINDS.get(name)
    return found is not None and found.furniture


# ----- which kind a name gets ------------------------------------------------------------------
def tokens(category: str) -> tuple[str, ...]:
    """The words of a synset's word, in order (``frying_pan`` -> frying, pan)."""
    return tuple(t for t in category.split("_") if t)


#: (stage, how near the end of the name the keyword ends, keyword length): larger is better
Rank = tuple[int, int, int]


def _rank(keyword: str, category: str, words: tuple[str, ...]) -> Rank | None:
    """How well ``keyword`` names ``category``, or None when it does not occur in it.

    Stage 2: a phrase (a keyword with an underscore) occurring in the name; 1: a whole word
    (``pan`` in ``frying_pan``, never in ``pancake``); 0: a keyword of four letters or more
    beginning or ending a longer word (``teaspoon``, ``wineglass``; ending ranks after
    beginning, so ``cardboard`` is a board). Within a stage the keyword ending nearest the end
    of the name ranks higher, then the longer one."""
    if "_" in keyword:
        at = category.rfind(keyword)
        if at < 0:
            return None
        return (2, len(tokens(category[: at + len(keyword)])) * 2, len(keyword))
    best: Rank | None = None
    for i, word in enumerate(words):
        if word == keyword:
            found: Rank = (1, i * 2 + 1, len(keyword))
        elif len(keyword) >= 4 and word.endswith(keyword):
            found = (0, i * 2 + 1, len(keyword))
        elif len(keyword) >= 4 and word.startswith(keyword):
            found = (0, i * 2, len(keyword))
        else:
            continue
        best = found if best is None or found > best else best
    return best


#: one keyword of a kind's words, numbered in registration order (an earlier one wins a tie)
Entry = tuple[int, Kind, Words, str]


def _keyword_index() -> dict[bool, tuple[list[Entry], dict[str, list[Entry]]]]:
    """For the room's words and the things' words: the phrases (keywords with an
    underscore, found by search) and the single words by their text, every entry numbered
    in the order :data:`KINDS` registers it."""
    out: dict[bool, tuple[list[Entry], dict[str, list[Entry]]]] = {}
    n = 0
    for k in KINDS.values():
        for group in k.words:
            phrases, words = out.setdefault(group.room, ([], {}))
            for keyword in group.keywords:
                entry = (n, k, group, keyword)
                n += 1
                if "_" in keyword:
                    phrases.append(entry)
                else:
                    words.setdefault(keyword, []).append(entry)
    return out


_INDEX = _keyword_index()


def best_word(category: str, room: bool) -> tuple[Kind, Words] | None:
    """The kind whose keyword names ``category`` best (see :func:`_rank`; of two that rank
    alike, the one registered first), with the words that give its size and colour; None
    when no keyword occurs in it. Only keywords that can occur are ranked: the phrases, each
    word of the name, and the beginnings and ends of four letters or more of each word."""
    words = tokens(category)
    phrases, singles = _INDEX.get(room, ([], {}))
    pieces = set(words)
    for word in words:
        for size in range(4, len(word)):
            pieces.add(word[:size])
            pieces.add(word[-size:])
    entries = [*phrases, *(e for p in pieces for e in singles.get(p, ()))]
    best: tuple[Rank, int, Kind, Words] | None = None
    for n, k, group, keyword in entries:
        r = _rank(keyword, category, words)
        if r is not None and (best is None or r > best[0] or (r == best[0] and n < best[1])):
            best = (r, n, k, group)
    return None if best is None else (best[2], best[3])


def by_trait(traits: Iterable[str]) -> tuple[Kind, Trait] | None:
    """The kind the first applicable trait of :data:`TRAIT_ORDER` gives."""
    have = set(traits)
    given = {t.trait: (k, t) for k in KINDS.values() for t in k.traits}
    for trait in TRAIT_ORDER:
        if trait in have and trait in given:
            return given[trait]
    return None


# ----- painting ---------------------------------------------------------------------------------
def paint_item(p: Pen, name: str, b: Rect, st: ItemLook) -> None:
    """Paint a movable thing of kind ``name`` (an unknown kind: the generic rounded block)."""
    kind(name).painter(p, b, st)


def paint_fixture(p: Pen, node: fixtures.Node, st: fixtures.FixtureLook, floor_y: int) -> None:
    """Paint a piece of furniture (on its base unit when raised)."""
    if node.raised:
        fixtures.pedestal(p, node, floor_y)
    found = KINDS.get(node.kind)
    painter = found.painter if found is not None and found.furniture else fixtures.generic
    painter(p, node, st)
