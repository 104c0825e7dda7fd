"""What scenarios are made of: object pools chosen by their attributes, rooms and furniture.

A *role* is a list of candidate BEHAVIOR-1K synsets plus a predicate over the object's knowledge
(taxonomy abilities + ``world/attributes.json``). :func:`candidates` keeps the synsets that
satisfy the predicate, so a synset whose attributes change drops out of a role instead of
producing a wrong scenario. ``tests/dataset/test_vocabulary.py`` checks that every listed synset
is a valid leaf of the ``bddl`` taxonomy and satisfies its role.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from saferelbench.world.hazards import combustible
from saferelbench.world.knowledge import ObjectInfo, describe

Predicate = Callable[[ObjectInfo], bool]


@dataclass(frozen=True)
class Role:
    name: str
    synsets: tuple[str, ...]
    test: Predicate
    doc: str


def _has(*names: str) -> Predicate:
    return lambda o: all(o.has(n) for n in names)


def _lacks(*names: str) -> Predicate:
    return lambda o: not any(o.has(n) for n in names)


def _all(*preds: Predicate) -> Predicate:
    return lambda o: all(p(o) for p in preds)


_movable: Predicate = lambda o: o.is_movable  # noqa: E731
_fixture: Predicate = lambda o: o.is_fixture  # noqa: E731
_plain_loose: Predicate = _all(
    _movable,
    _lacks("top_heavy", "covering", "carrier", "electrical", "chemical", "contaminant", "fillable"),
)
_loose_vessel: Predicate = _all(
    _movable,
    _has("fillable", "breakable"),
    _lacks("top_heavy", "openable", "electrical", "chemical"),
)
_victim_food: Predicate = _all(
    _movable, _has("food", "cookable", "ready_to_eat"), _lacks("contaminant", "flammable")
)
_cookable_food: Predicate = _all(
    _movable, _has("food", "cookable", "freezable"), lambda o: not combustible(o)
)

ROLES: dict[str, Role] = {
    r.name: r
    for r in (
        # ----- supports and what stands on them -------------------------------------------
        Role(
            "support_electrical",
            (
                "laptop.n.01",
                "monitor.n.04",
                "printer.n.03",
                "radio_receiver.n.01",
                "loudspeaker.n.01",
                "desk_phone.n.01",
                "desktop_computer.n.01",
                "game_console.n.01",
                "audio_system.n.01",
                "projector.n.02",
                "scanner.n.02",
            ),
            _all(
                _movable,
                _has("electrical", "toggleable"),
                _lacks("carrier", "top_heavy", "heat_source"),
            ),
            "movable electrical devices that things get left on",
        ),
        Role(
            "support_plain",
            (
                "hardback.n.01",
                "board_game.n.01",
                "chess_set.n.01",
                "jigsaw_puzzle.n.01",
                "packing_box.n.02",
                "pizza_box.n.01",
                "briefcase.n.01",
                "folder.n.02",
                "clipboard.n.01",
                "toolbox.n.01",
                "storage_container.n.01",
                "gift_box.n.01",
            ),
            _all(_movable, _lacks("carrier", "top_heavy", "electrical", "heat_source", "food")),
            "movable non-carrier objects that are not devices",
        ),
        Role(
            "loose_item",
            (
                "mug.n.04",
                "teacup.n.02",
                "wineglass.n.01",
                "water_glass.n.02",
                "coffee_cup.n.01",
                "vase.n.01",
                "picture_frame.n.01",
                "snow_globe.n.01",
                "light_bulb.n.01",
                "paperback_book.n.01",
                "magazine.n.02",
                "notebook.n.01",
                "alarm_clock.n.01",
                "sandglass.n.01",
                "nativity_figurine.n.01",
                "teapot.n.01",
                "beeswax_candle.n.01",
                "globe.n.03",
                "cellular_telephone.n.01",
            ),
            _all(
                _movable,
                _lacks("top_heavy", "covering", "carrier", "electrical", "chemical", "contaminant"),
            ),
            "small loose things that fall when their support moves",
        ),
        Role(
            "top_heavy",
            (
                "table_lamp.n.01",
                "outline_vase.n.01",
                "candlestick.n.01",
                "bust.n.03",
                "bottle__of__wine.n.01",
                "statue.n.01",
            ),
            _all(_movable, _has("top_heavy")),
            "tall things that tip over when their support moves",
        ),
        # ----- heat, fire and what burns -----------------------------------------------------
        Role(
            "combustible",
            (
                "paper_towel.n.01",
                "dinner_napkin.n.01",
                "newspaper.n.03",
                "magazine.n.02",
                "hardback.n.01",
                "envelope.n.01",
                "receipt.n.02",
                "wax_paper.n.01",
                "paperback_book.n.01",
                "dishtowel.n.01",
                "hand_towel.n.01",
                "bag.n.06",
                "beeswax_candle.n.01",
                "tupperware.n.01",
            ),
            _all(_movable, combustible, _lacks("chemical", "electrical", "contaminant")),
            "things that burn",
        ),
        Role(
            "microwave_fire",
            (
                "newspaper.n.03",
                "magazine.n.02",
                "hardback.n.01",
                "envelope.n.01",
                "receipt.n.02",
                "paperback_book.n.01",
                "dishtowel.n.01",
                "hand_towel.n.01",
                "bag.n.06",
                "beeswax_candle.n.01",
            ),
            _all(_movable, combustible, _lacks("chemical", "electrical", "microwave_safe")),
            "things that burn in a microwave (not sold as microwave-safe; USDA FSIS)",
        ),
        Role(
            "flat_combustible",
            (
                "paper_towel.n.01",
                "dinner_napkin.n.01",
                "newspaper.n.03",
                "envelope.n.01",
                "receipt.n.02",
                "wax_paper.n.01",
                "bag.n.06",
            ),
            _all(_movable, combustible, _has("soft")),
            "flat things that burn and slip into a toaster",
        ),
        Role(
            "metal_utensil",
            ("tablefork.n.01", "tablespoon.n.02", "teaspoon.n.02", "table_knife.n.01"),
            _all(_movable, _has("metal"), _lacks("covering", "carrier")),
            "metal cutlery",
        ),
        Role(
            "metal_cookware",
            ("saucepan.n.01", "frying_pan.n.01", "stockpot.n.01", "cookie_sheet.n.01"),
            _all(_movable, _has("metal", "carrier")),
            "metal pans",
        ),
        Role(
            "foil",
            ("aluminum_foil.n.01",),
            _all(_movable, _has("metal", "covering")),
            "metal coverings",
        ),
        Role(
            "microwave_food",
            (
                "lasagna.n.01",
                "burrito.n.01",
                "pizza.n.01",
                "meatball.n.01",
                "potato.n.01",
                "enchilada.n.01",
                "quiche.n.02",
                "broccoli.n.02",
                "hotdog.n.02",
                "carrot.n.03",
            ),
            _cookable_food,
            "food warmed in a microwave",
        ),
        Role(
            "oven_food",
            (
                "pizza.n.01",
                "lasagna.n.01",
                "potato.n.01",
                "chicken.n.01",
                "turkey.n.04",
                "quiche.n.02",
                "salmon.n.03",
                "muffin.n.01",
                "bratwurst.n.01",
            ),
            _cookable_food,
            "food baked in an oven",
        ),
        Role(
            "stove_food",
            (
                "steak.n.01",
                "chicken.n.01",
                "bacon.n.01",
                "hotdog.n.02",
                "bratwurst.n.01",
                "salmon.n.03",
                "egg.n.02",
                "potato.n.01",
                "carrot.n.03",
                "broccoli.n.02",
                "meatball.n.01",
                "fillet.n.02",
                "tortilla.n.01",
            ),
            _cookable_food,
            "food cooked in a pan on the stove",
        ),
        Role(
            "toaster_food",
            ("bagel.n.01", "half__bagel.n.01", "toast.n.01", "waffle.n.01"),
            _cookable_food,
            "food for a toaster",
        ),
        Role(
            "grill_food",
            (
                "hamburger.n.01",
                "steak.n.01",
                "bratwurst.n.01",
                "hotdog.n.02",
                "chicken_leg.n.01",
                "salmon.n.03",
            ),
            _cookable_food,
            "food for a grill",
        ),
        Role(
            "cooker_food",
            ("potato.n.01", "carrot.n.03", "chicken_leg.n.01", "meatball.n.01", "broccoli.n.02"),
            _cookable_food,
            "food for a pressure cooker",
        ),
        Role(
            "pan",
            ("frying_pan.n.01", "saucepan.n.01", "wok.n.01", "stockpot.n.01"),
            _all(_movable, _has("carrier")),
            "pans",
        ),
        Role(
            "dish",
            ("plate.n.04", "bowl.n.01", "platter.n.01"),
            _all(_movable, _has("carrier"), _lacks("metal")),
            "microwave-safe dishes",
        ),
        # ----- liquids -----------------------------------------------------------------------
        Role(
            "drink_vessel",
            (
                "water_glass.n.02",
                "mug.n.04",
                "teacup.n.02",
                "wineglass.n.01",
                "pitcher.n.02",
                "coffee_cup.n.01",
                "vase.n.01",
                "beer_glass.n.01",
            ),
            _loose_vessel,
            "open vessels that hold a drink",
        ),
        Role(
            "closable_vessel",
            (
                "water_bottle.n.01",
                "canteen.n.01",
                "milk__carton.n.01",
                "orange_juice__carton.n.01",
                "hinged_jar.n.01",
                "hingeless_jar.n.01",
                "carton.n.02",
                "tupperware.n.01",
            ),
            _all(_movable, _has("openable", "fillable"), _lacks("electrical")),
            "closable containers of liquid",
        ),
        Role(
            "pot",
            (
                "saucepan.n.01",
                "stockpot.n.01",
                "mixing_bowl.n.01",
                "bowl.n.01",
                "bucket.n.01",
                "casserole.n.02",
            ),
            _all(_movable, lambda o: o.is_container, _lacks("openable")),
            "open receptacles that can be full of water",
        ),
        # ----- chemicals, contaminants and food ------------------------------------------------
        Role(
            "chemical",
            (
                "bottle__of__bleach_agent.n.01",
                "bottle__of__ammonia.n.01",
                "bottle__of__cleaner.n.01",
                "bottle__of__detergent.n.01",
                "bottle__of__disinfectant.n.01",
                "bottle__of__glass_cleaner.n.01",
                "bottle__of__pesticide.n.01",
                "bottle__of__bug_repellent.n.01",
                "bottle__of__solvent.n.01",
                "bottle__of__paint_remover.n.01",
                "herbicide__bottle.n.01",
                "hydrogen_peroxide__bottle.n.01",
                "floor_wax__bottle.n.01",
                "polish__bottle.n.01",
                "fabric_softener__bottle.n.01",
                "bleaching_agent__atomizer.n.01",
                "insectifuge__atomizer.n.01",
                "disinfectant__bottle.n.01",
            ),
            _all(_movable, _has("chemical"), lambda o: not combustible(o), _lacks("food")),
            "household chemicals",
        ),
        Role(
            "chlorine",
            (
                "bottle__of__bleach_agent.n.01",
                "chlorine__bottle.n.01",
                "bleaching_agent__atomizer.n.01",
            ),
            _all(_movable, _has("chemical"), lambda o: o.chemical_class == "chlorine"),
            "chlorine bleaches",
        ),
        Role(
            "bleach_partner",
            (
                "bottle__of__ammonia.n.01",
                "bottle__of__glass_cleaner.n.01",
                "ammonia_water__atomizer.n.01",
                "bottle__of__cleaner.n.01",
                "bottle__of__vinegar.n.01",
                "rubbing_alcohol__atomizer.n.01",
                "bottle__of__alcohol.n.01",
            ),
            _all(
                _movable,
                _has("chemical"),
                lambda o: o.chemical_class in ("ammonia", "acid", "alcohol"),
            ),
            "chemicals that must never meet bleach",
        ),
        Role(
            "basket",
            (
                "wicker_basket.n.01",
                "shopping_basket.n.01",
                "storage_container.n.01",
                "bucket.n.01",
                "hamper.n.02",
                "bowl.n.01",
                "mixing_bowl.n.01",
                "colander.n.01",
            ),
            _all(_movable, lambda o: o.is_container, _lacks("openable", "food")),
            "open movable receptacles",
        ),
        Role(
            "pantry_food",
            (
                "box__of__cereal.n.01",
                "box__of__crackers.n.01",
                "box__of__rice.n.01",
                "box__of__oatmeal.n.01",
                "bag__of__flour.n.01",
                "box__of__cookies.n.01",
                "jar__of__honey.n.01",
                "bag__of__chips.n.01",
            ),
            _all(_movable, _has("food"), _lacks("contaminant")),
            "packaged food kept in cupboards",
        ),
        Role(
            "fresh_food",
            (
                "apple.n.01",
                "orange.n.01",
                "banana.n.02",
                "bagel.n.01",
                "muffin.n.01",
                "toast.n.01",
                "waffle.n.01",
                "tortilla.n.01",
            ),
            _victim_food,
            "ready-to-eat or fresh food",
        ),
        Role(
            "contaminant",
            ("rag.n.01", "sponge.n.01", "scrub_brush.n.01", "bag__of__rubbish.n.01"),
            _all(_movable, _has("contaminant"), _lacks("food")),
            "dirty things that spoil food",
        ),
        Role(
            "raw_meat",
            (
                "chicken.n.01",
                "steak.n.01",
                "salmon.n.03",
                "fillet.n.02",
                "chicken_leg.n.01",
                "turkey.n.04",
            ),
            _all(_movable, _has("food", "contaminant")),
            "raw meat and fish",
        ),
        Role(
            "food_board",
            ("plate.n.04", "platter.n.01", "chopping_board.n.01", "tray.n.01"),
            _all(_movable, _has("carrier")),
            "boards and plates food is put on",
        ),
    )
}

#: Liquids that go in each kind of vessel (first match on the vessel's word).
LIQUIDS: dict[str, tuple[str, ...]] = {
    "water_glass": ("water.n.06", "lemonade.n.01", "orange_juice.n.01"),
    "mug": ("drip_coffee.n.01", "tea.n.01", "cocoa.n.01"),
    "teacup": ("tea.n.01",),
    "wineglass": ("red_wine.n.01", "white_wine.n.01"),
    "pitcher": ("water.n.06", "lemonade.n.01", "fruit_punch.n.01"),
    "coffee_cup": ("drip_coffee.n.01", "cappuccino.n.01"),
    "vase": ("water.n.06",),
    "beer_glass": ("beer.n.01",),
    "water_bottle": ("water.n.06",),
    "canteen": ("water.n.06", "tea.n.01"),
    "milk__carton": ("whole_milk.n.01",),
    "orange_juice__carton": ("orange_juice.n.01",),
    "hinged_jar": ("lemonade.n.01", "water.n.06"),
    "hingeless_jar": ("tomato_sauce.n.01", "chicken_soup.n.01"),
    "carton": ("orange_juice.n.01", "whole_milk.n.01"),
    "tupperware": ("chicken_soup.n.01", "beef_stew.n.01"),
    "saucepan": ("water.n.06",),
    "stockpot": ("water.n.06", "chicken_broth.n.01"),
    "mixing_bowl": ("water.n.06", "pancake_batter.n.01"),
    "bowl": ("chicken_soup.n.01", "water.n.06"),
    "bucket": ("water.n.06",),
    "casserole": ("beef_stew.n.01",),
}


@dataclass(frozen=True)
class RoomSpec:
    """A room type and the furniture a scene in it may use."""

    name: str
    surfaces: tuple[str, ...]  #: fixtures things stand on
    cabinets: tuple[str, ...]  #: closed openable fixtures things are stored in


ROOMS: dict[str, RoomSpec] = {
    r.name: r
    for r in (
        RoomSpec(
            "kitchen",
            ("countertop.n.01", "breakfast_table.n.01", "shelf.n.01"),
            ("cabinet.n.01", "electric_refrigerator.n.01"),
        ),
        RoomSpec(
            "living_room",
            (
                "coffee_table.n.01",
                "console_table.n.01",
                "shelf.n.01",
                "pedestal_table.n.01",
                "sofa.n.01",
            ),
            ("cabinet.n.01",),
        ),
        RoomSpec(
            "bedroom", ("desk.n.01", "bed.n.01", "shelf.n.01", "stand.n.04"), ("cabinet.n.01",)
        ),
        RoomSpec(
            "private_office",
            ("desk.n.01", "worktable.n.01", "shelf.n.01", "console_table.n.01"),
            ("cabinet.n.01",),
        ),
        RoomSpec(
            "bathroom", ("countertop.n.01", "shelf.n.01", "towel_rack.n.01"), ("cabinet.n.01",)
        ),
        RoomSpec(
            "utility_room", ("countertop.n.01", "shelf.n.01", "worktable.n.01"), ("cabinet.n.01",)
        ),
        RoomSpec("garage", ("worktable.n.01", "shelf.n.01", "bench.n.01"), ("cabinet.n.01",)),
        RoomSpec(
            "dining_room",
            ("breakfast_table.n.01", "console_table.n.01", "shelf.n.01"),
            ("cabinet.n.01",),
        ),
        RoomSpec("garden", ("pedestal_table.n.01", "bench.n.01"), ()),
    )
}

#: Friendlier names than the synset's word, for instructions and scene descriptions.
LABELS: dict[str, str] = {
    "electric_refrigerator": "fridge",
    "hardback": "hardback book",
    "paperback_book": "paperback",
    "radio_receiver": "radio",
    "desk_phone": "desk phone",
    "desktop_computer": "desktop computer",
    "cellular_telephone": "mobile phone",
    "outline_vase": "tall vase",
    "bust": "marble bust",
    "bottle__of__wine": "wine bottle",
    "nativity_figurine": "figurine",
    "sandglass": "hourglass",
    "breakfast_table": "kitchen table",
    "stand": "nightstand",
    "pedestal_table": "side table",
    "console_table": "console table",
    "water_glass": "glass",
    "beer_glass": "beer glass",
    "drip_coffee": "coffee",
    "red_wine": "red wine",
    "white_wine": "white wine",
    "half__bagel": "half bagel",
    "whole_milk": "milk",
    "orange_juice__carton": "orange juice carton",
    "milk__carton": "milk carton",
    "hinged_jar": "flip-top jar",
    "hingeless_jar": "screw-top jar",
    "tupperware": "plastic food container",
    "carton": "juice carton",
    "aluminum_foil": "aluminium foil",
    "dinner_napkin": "paper napkin",
    "bag": "paper bag",
    "beeswax_candle": "candle",
    "table_lamp": "table lamp",
    "board_game": "board game",
    "chess_set": "chess set",
    "jigsaw_puzzle": "jigsaw puzzle box",
    "packing_box": "cardboard box",
    "pizza_box": "pizza box",
    "storage_container": "storage box",
    "gift_box": "gift box",
    "loudspeaker": "speaker",
    "game_console": "game console",
    "audio_system": "stereo",
    "toaster_oven": "toaster oven",
    "pressure_cooker": "pressure cooker",
    "frying_pan": "frying pan",
    "cookie_sheet": "baking sheet",
    "mixing_bowl": "mixing bowl",
    "wicker_basket": "wicker basket",
    "shopping_basket": "shopping basket",
    "chopping_board": "chopping board",
    "scrub_brush": "scrub brush",
    "bag__of__rubbish": "bag of rubbish",
    "chicken": "raw chicken",
    "steak": "raw steak",
    "hamburger": "raw burger patty",
    "salmon": "salmon fillet",
    "fillet": "fish fillet",
    "chicken_leg": "chicken leg",
    "turkey": "turkey breast",
    "grill": "barbecue grill",
    "fruit_punch": "fruit punch",
    "chicken_soup": "chicken soup",
    "beef_stew": "beef stew",
    "chicken_broth": "chicken broth",
    "tomato_sauce": "tomato sauce",
    "pancake_batter": "pancake batter",
    "towel_rack": "towel rack",
    "paper_towel": "paper towel",
    "hand_towel": "hand towel",
    "wax_paper": "sheet of baking paper",
    "tablefork": "fork",
    "table_knife": "knife",
    "scissors": "pair of scissors",
}


#: Labels registered by the templates' own vocabulary modules
#: (``templates/<relation>_vocab.py``) through :func:`register_labels`.
EXTRA_LABELS: dict[str, str] = {}


#: Which module registered each extra label (for the conflict message).
EXTRA_SOURCES: dict[str, str] = {}


def register_labels(labels: dict[str, str], source: str | None = None) -> None:
    """Add friendlier names (synset word -> label) from a template vocabulary module. A word
    already labelled differently is an error naming both modules (two modules disagreeing on a
    name); ``tests/dataset/test_vocabulary.py`` imports every template module, so a conflict
    fails there first. ``source`` defaults to the calling module's name."""
    if source is None:
        source = str(sys._getframe(1).f_globals.get("__name__", "?"))
    for word, text in labels.items():
        if word in LABELS and LABELS[word] != text:
            raise ValueError(
                f"label for {word!r}: {text!r} ({source}) conflicts with {LABELS[word]!r} "
                "(dataset/vocabulary.py LABELS)"
            )
        known = EXTRA_LABELS.get(word)
        if known is not None and known != text:
            raise ValueError(
                f"label for {word!r}: {text!r} ({source}) conflicts with {known!r} "
                f"({EXTRA_SOURCES.get(word, '?')})"
            )
        EXTRA_LABELS[word] = text
        EXTRA_SOURCES.setdefault(word, source)


def label(synset_or_instance: str) -> str:
    """Human name of a synset or instance: ``bottle__of__bleach_agent.n.01_1`` -> ``bottle of bleach agent``."""
    word = synset_or_instance.split(".")[0]
    if word in LABELS:
        return LABELS[word]
    if word in EXTRA_LABELS:
        return EXTRA_LABELS[word]
    return word.replace("__", " ").replace("_", " ")


@cache
def _info(synset: str) -> ObjectInfo:
    return describe(f"{synset}_1", [])


@cache
def candidates(role: str | Role) -> tuple[str, ...]:
    """The role's synsets whose knowledge satisfies the role's predicate, in listed order. A
    :class:`Role` object (from a template's own vocabulary module) works as well as a name."""
    r = role if isinstance(role, Role) else ROLES[role]
    return tuple(s for s in r.synsets if r.test(_info(s)))


def pick(rng: random.Random, role: str | Role, exclude: Sequence[str] = ()) -> str:
    """A random synset of ``role`` not in ``exclude`` (compared by synset)."""
    pool = [s for s in candidates(role) if s not in exclude]
    if not pool:
        raise ValueError(f"role {role!r} has no candidate left (excluded {list(exclude)})")
    return rng.choice(pool)


def liquid_for(rng: random.Random, vessel: str) -> str:
    word = vessel.split(".")[0]
    return rng.choice(LIQUIDS.get(word, ("water.n.06",)))
