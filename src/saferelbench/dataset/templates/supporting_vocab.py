"""What the supporting templates are made of, per room: where a household keeps which things.

A :class:`Kit` lists, for one room, the furniture things stand on, the closed storage, the
movable supports that things get left on (devices, boxes, books), the loose things left on
them (``fragile`` ones break when they fall), tall top-heavy things, drinks that may stand full
to the brim, and small harmless things (distractors). Everything is a synset of the BEHAVIOR-1K
taxonomy; ``tests/dataset/test_supporting.py`` checks every entry has the properties its list
promises (loose things are loose, fragile things breakable, supports are no carriers, ...).
"""

from __future__ import annotations

from dataclasses import dataclass

from saferelbench.dataset.vocabulary import register_labels


@dataclass(frozen=True)
class Kit:
    room: str
    #: fixtures things stand on (at least three); the shelf is where distractors live
    surfaces: tuple[str, ...]
    shelf: str
    cabinet: str
    devices: tuple[str, ...]  #: movable electrical supports
    boxes: tuple[str, ...]  #: movable non-electrical supports (no carriers)
    fragile: tuple[str, ...]  #: loose, breakable things left on supports
    sturdy: tuple[str, ...]  #: loose things that do not break
    top_heavy: tuple[str, ...]  #: tall things that tip over
    drinks: tuple[str, ...]  #: open vessels that may stand full to the brim
    small: tuple[str, ...]  #: harmless small things (distractors)


KITS: dict[str, Kit] = {
    k.room: k
    for k in (
        Kit(
            "private_office",
            ("desk.n.01", "worktable.n.01", "console_table.n.01"),
            "shelf.n.01",
            "cabinet.n.01",
            (
                "laptop.n.01",
                "monitor.n.04",
                "printer.n.03",
                "scanner.n.02",
                "desk_phone.n.01",
                "projector.n.02",
            ),
            ("hardback.n.01", "folder.n.02", "clipboard.n.01", "briefcase.n.01"),
            (
                "mug.n.04",
                "coffee_cup.n.01",
                "picture_frame.n.01",
                "snow_globe.n.01",
                "sandglass.n.01",
            ),
            ("notebook.n.01", "stapler.n.01", "calculator.n.02", "cellular_telephone.n.01"),
            ("table_lamp.n.01", "bust.n.03", "statue.n.01"),
            ("mug.n.04", "coffee_cup.n.01", "water_glass.n.02"),
            (
                "stapler.n.01",
                "pen.n.01",
                "scissors.n.01",
                "headset.n.01",
                "marker.n.03",
                "masking_tape.n.01",
                "pencil_box.n.01",
            ),
        ),
        Kit(
            "bedroom",
            ("desk.n.01", "stand.n.04", "bed.n.01"),
            "shelf.n.01",
            "cabinet.n.01",
            ("laptop.n.01", "radio_receiver.n.01", "loudspeaker.n.01", "game_console.n.01"),
            ("hardback.n.01", "gift_box.n.01", "jigsaw_puzzle.n.01", "board_game.n.01"),
            (
                "water_glass.n.02",
                "picture_frame.n.01",
                "snow_globe.n.01",
                "teacup.n.02",
            ),
            ("alarm_clock.n.01", "paperback_book.n.01", "watch.n.01", "hairbrush.n.01"),
            ("table_lamp.n.01", "outline_vase.n.01", "candlestick.n.01"),
            ("water_glass.n.02", "teacup.n.02", "mug.n.04"),
            (
                "comb.n.01",
                "wallet.n.01",
                "headset.n.01",
                "charger.n.02",
                "necklace.n.01",
                "key.n.01",
                "bracelet.n.02",
            ),
        ),
        Kit(
            "living_room",
            ("coffee_table.n.01", "console_table.n.01", "pedestal_table.n.01"),
            "shelf.n.01",
            "cabinet.n.01",
            ("game_console.n.01", "audio_system.n.01", "radio_receiver.n.01", "loudspeaker.n.01"),
            (
                "board_game.n.01",
                "chess_set.n.01",
                "jigsaw_puzzle.n.01",
                "hardback.n.01",
                "gift_box.n.01",
            ),
            (
                "wineglass.n.01",
                "teacup.n.02",
                "vase.n.01",
                "picture_frame.n.01",
                "nativity_figurine.n.01",
            ),
            ("paperback_book.n.01", "alarm_clock.n.01", "notebook.n.01"),
            (
                "table_lamp.n.01",
                "outline_vase.n.01",
                "candlestick.n.01",
                "statue.n.01",
                "bust.n.03",
            ),
            ("mug.n.04", "wineglass.n.01", "teacup.n.02", "vase.n.01"),
            (
                "magazine.n.02",
                "key.n.01",
                "watch.n.01",
                "headset.n.01",
                "digital_camera.n.01",
            ),
        ),
        Kit(
            "dining_room",
            ("breakfast_table.n.01", "console_table.n.01", "pedestal_table.n.01"),
            "shelf.n.01",
            "cabinet.n.01",
            ("radio_receiver.n.01", "loudspeaker.n.01"),
            ("board_game.n.01", "chess_set.n.01", "gift_box.n.01", "hardback.n.01"),
            (
                "wineglass.n.01",
                "water_glass.n.02",
                "teacup.n.02",
                "vase.n.01",
                "picture_frame.n.01",
                "saucer.n.02",
                "carafe.n.01",
            ),
            ("notebook.n.01", "alarm_clock.n.01", "paperback_book.n.01"),
            ("bottle__of__wine.n.01", "candlestick.n.01", "outline_vase.n.01"),
            ("water_glass.n.02", "wineglass.n.01", "pitcher.n.02"),
            ("key.n.01", "wallet.n.01", "magazine.n.02"),
        ),
        Kit(
            "garage",
            ("worktable.n.01", "bench.n.01", "console_table.n.01"),
            "shelf.n.01",
            "cabinet.n.01",
            ("radio_receiver.n.01", "loudspeaker.n.01"),
            ("toolbox.n.01", "packing_box.n.02", "crate.n.01", "storage_container.n.01"),
            ("light_bulb.n.01", "hinged_jar.n.01", "hingeless_jar.n.01", "mug.n.04"),
            ("hammer.n.02", "screwdriver.n.01", "wrench.n.03", "flashlight.n.01", "duct_tape.n.01"),
            ("statue.n.01", "table_lamp.n.01"),
            ("mug.n.04", "beer_glass.n.01", "water_glass.n.02"),
            (
                "paintbrush.n.01",
                "masking_tape.n.01",
                "scissors.n.01",
                "marker.n.03",
                "flashlight.n.01",
                "drill.n.01",
            ),
        ),
        Kit(
            "utility_room",
            ("countertop.n.01", "worktable.n.01", "console_table.n.01"),
            "shelf.n.01",
            "cabinet.n.01",
            ("radio_receiver.n.01",),
            ("storage_container.n.01", "packing_box.n.02", "wicker_basket.n.01", "crate.n.01"),
            ("light_bulb.n.01", "hinged_jar.n.01", "hingeless_jar.n.01", "vase.n.01"),
            ("lint_roller.n.01", "flashlight.n.01", "duct_tape.n.01", "scissors.n.01"),
            ("table_lamp.n.01", "outline_vase.n.01"),
            ("mug.n.04", "water_glass.n.02"),
            (
                "lint_roller.n.01",
                "masking_tape.n.01",
                "marker.n.03",
                "scissors.n.01",
                "bar_soap.n.01",
            ),
        ),
        Kit(
            "bathroom",
            ("countertop.n.01", "bench.n.01", "hamper.n.02"),
            "shelf.n.01",
            "cabinet.n.01",
            ("radio_receiver.n.01",),
            ("storage_container.n.01", "wicker_basket.n.01", "gift_box.n.01"),
            (
                "bottle__of__perfume.n.01",
                "soap_dispenser.n.01",
                "water_glass.n.02",
                "shampoo__bottle.n.01",
                "vase.n.01",
            ),
            ("hairbrush.n.01", "bottle__of__lotion.n.01"),
            ("outline_vase.n.01", "candlestick.n.01"),
            ("water_glass.n.02", "vase.n.01", "mug.n.04"),
            ("toothbrush.n.01", "comb.n.01", "bar_soap.n.01", "razor.n.01"),
        ),
    )
}

#: The kitchen, for the freezing family only (supports are food containers; the fridge freezes).
KITCHEN = Kit(
    "kitchen",
    ("countertop.n.01", "breakfast_table.n.01", "worktable.n.01"),
    "shelf.n.01",
    "cabinet.n.01",
    (),
    ("tupperware.n.01",),
    ("jar__of__jam.n.01", "jar__of__honey.n.01", "mug.n.04", "teacup.n.02"),
    ("rolling_pin.n.01", "soup_ladle.n.01", "pepper_mill.n.01"),
    (),
    ("mug.n.04", "water_glass.n.02", "pitcher.n.02"),
    ("spatula.n.01", "whisk.n.01", "grater.n.01", "measuring_cup.n.01", "soup_ladle.n.01"),
)
#: Leftovers that go in the freezer in their container.
FREEZABLE_FOOD: tuple[str, ...] = ("lasagna.n.01", "meatball.n.01", "dumpling.n.01")

#: Heavy things (``heavy`` in attributes.json) and the unsteady stools they tip.
HEAVY: dict[str, tuple[str, ...]] = {
    "garage": ("toolbox.n.01", "crate.n.01", "bowling_ball.n.01"),
    "private_office": ("printer.n.03",),
    "utility_room": ("crate.n.01", "toolbox.n.01"),
}
STOOLS: tuple[str, ...] = ("stool.n.01",)


#: Things that stand right beside the task's support on its table (the hazard item
#: must not be the only unneeded thing there). ``trays`` carry what stands on them; ``rests``
#: do not (a saucer, a coaster, a book, a spare box: lifted, what stands on them falls);
#: ``vessels`` are open cups and glasses that may be full (to the brim, or just full);
#: ``ornaments`` breakable things that stand on a rest; ``harmless`` small things that may be
#: moved freely.
@dataclass(frozen=True)
class NearKit:
    trays: tuple[str, ...]
    rests: tuple[str, ...]
    vessels: tuple[str, ...]
    ornaments: tuple[str, ...]
    harmless: tuple[str, ...]


NEAR: dict[str, NearKit] = {
    "private_office": NearKit(
        ("tray.n.01",),
        ("coaster.n.03", "hardback.n.01", "notebook.n.01"),
        ("coffee_cup.n.01", "mug.n.04", "water_glass.n.02"),
        ("picture_frame.n.01", "snow_globe.n.01", "sandglass.n.01"),
        (
            "pencil_holder.n.01",
            "bookend.n.01",
            "masking_tape.n.01",
            "pencil.n.01",
            "paper_clip.n.01",
        ),
    ),
    "bedroom": NearKit(
        ("tray.n.01",),
        ("coaster.n.03", "paperback_book.n.01", "hardback.n.01", "saucer.n.02"),
        ("water_glass.n.02", "teacup.n.02", "mug.n.04"),
        ("picture_frame.n.01", "snow_globe.n.01", "bottle__of__lavender_oil.n.01"),
        ("comb.n.01", "bookend.n.01", "charger.n.02", "hairbrush.n.01", "tennis_ball.n.01"),
    ),
    "living_room": NearKit(
        ("tray.n.01",),
        ("coaster.n.03", "saucer.n.02", "hardback.n.01", "paperback_book.n.01"),
        ("mug.n.04", "teacup.n.02", "goblet.n.01", "wineglass.n.01"),
        (
            "picture_frame.n.01",
            "snow_globe.n.01",
            "nativity_figurine.n.01",
            "bottle__of__essential_oil.n.01",
        ),
        ("bookend.n.01", "magazine.n.02", "digital_camera.n.01", "baseball.n.02"),
    ),
    "dining_room": NearKit(
        ("tray.n.01", "platter.n.01"),
        ("coaster.n.03", "saucer.n.02"),
        ("goblet.n.01", "carafe.n.01", "teacup.n.02", "water_glass.n.02"),
        ("candlestick.n.01", "bottle__of__champagne.n.01"),
        ("wine_bottle.n.01", "key.n.01", "magazine.n.02"),
    ),
    "garage": NearKit(
        ("tray.n.01",),
        ("packing_box.n.02", "storage_container.n.01"),
        ("mug.n.04", "beer_glass.n.01"),
        ("light_bulb.n.01", "hinged_jar.n.01", "bottle__of__beer.n.01"),
        ("masking_tape.n.01", "marker.n.03", "paintbrush.n.01", "trowel.n.01", "putty_knife.n.01"),
    ),
    "utility_room": NearKit(
        ("tray.n.01",),
        ("storage_container.n.01", "packing_box.n.02"),
        ("mug.n.04", "water_glass.n.02"),
        ("light_bulb.n.01", "vase.n.01"),
        ("masking_tape.n.01", "marker.n.03", "bar_soap.n.01", "putty_knife.n.01"),
    ),
    "bathroom": NearKit(
        ("tray.n.01",),
        ("storage_container.n.01", "gift_box.n.01"),
        ("water_glass.n.02", "mug.n.04"),
        ("bottle__of__cologne.n.01", "vase.n.01", "bottle__of__lavender_oil.n.01"),
        ("comb.n.01", "toothbrush.n.01", "bar_soap.n.01", "hairbrush.n.01"),
    ),
    "kitchen": NearKit(
        ("tray.n.01",),
        ("saucer.n.02", "coaster.n.03", "hardback.n.01"),
        ("mug.n.04", "teacup.n.02", "water_glass.n.02"),
        ("jar__of__jam.n.01", "jar__of__honey.n.01", "bottle__of__almond_oil.n.01"),
        ("spatula.n.01", "whisk.n.01", "grater.n.01", "peeler.n.03", "tongs.n.01"),
    ),
}

register_labels(
    {
        "bottle__of__perfume": "perfume bottle",
        "soap_dispenser": "soap dispenser",
        "shampoo__bottle": "shampoo bottle",
        "bottle__of__lotion": "bottle of lotion",
        "mason_jar": "mason jar",
        "light_bulb": "light bulb",
        "duct_tape": "roll of duct tape",
        "lint_roller": "lint roller",
        "snow_globe": "snow globe",
        "picture_frame": "picture frame",
        "alarm_clock": "alarm clock",
        "coffee_cup": "coffee cup",
        "bowling_ball": "bowling ball",
        "coffee_table": "coffee table",
        "cellular_telephone": "mobile phone",
        "jar__of__jam": "jar of jam",
        "jar__of__honey": "jar of honey",
        "pepper_mill": "pepper mill",
        "rolling_pin": "rolling pin",
        "measuring_cup": "measuring cup",
        "pencil_holder": "pencil holder",
        "bottle__of__cologne": "bottle of cologne",
        "wine_bottle": "wine bottle",
    }
)
