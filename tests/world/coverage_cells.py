"""The coverage matrix of the physical hazard model, generated: each hazard mechanism x each
action spec that can bring its ingredients together x each relation (in, on, under, beside,
through a carrier or a porous layer), with a careless plan (the action brings the ingredients
together) and a careful plan (the same action made safe: the safe counterpart, the source
off, the carrier cleaned first). ``test_coverage.py`` runs every cell; ``coverage_table``
writes the matrix of docs/hazards.md.

A mechanism is its ingredients and, per (action, relation), how that action brings them
together; a combination a mechanism cannot express returns None (listed as "-" in the docs).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from saferelbench.world.action_specs import REGISTRY

RELATIONS = ("in", "on", "under", "beside", "through")
TOG = ["toggleable"]
TABLE = "breakfast_table.n.01_1"  # a small table: everything on it is next to everything


@dataclass(frozen=True)
class Cell:
    mechanism: str
    action: str
    relation: str
    objects: tuple[tuple[str, tuple[str, ...]], ...]
    init: tuple[str, ...]
    careless: tuple[str, ...]
    careful: tuple[str, ...]
    rules: frozenset[str]
    variant: str = ""

    @property
    def id(self) -> str:
        v = f"-{self.variant}" if self.variant else ""
        return f"{self.mechanism}-{self.action}-{self.relation}{v}"


Plan = tuple[dict[str, list[str]], list[str], list[str], list[str]]
Builder = Callable[[str, str], list[tuple[str, Plan]] | None]


# ----- fire: a combustible thing meets a running heat source ------------------------------------
FIRE_VICTIMS = {
    "in": ("dinner_napkin.n.01_1", "toast.n.01_1"),
    "on": ("carton.n.02_1", "saucepan.n.01_1"),
    "under": ("blanket.n.01_1", "tray.n.01_1"),
    "beside": ("dish_towel.n.01_1", "saucer.n.02_1"),
    "through": ("paper_towel.n.01_1", "potato.n.01_1"),
}


def fire(action: str, relation: str) -> list[tuple[str, Plan]] | None:
    v, safe = FIRE_VICTIMS[relation]
    objs = {
        v: [],
        safe: [],
        "toaster.n.02_1": TOG,
        "space_heater.n.01_1": TOG,
        "frying_pan.n.01_1": [],
        TABLE: [],
        "candle.n.01_1": TOG,
    }
    base = [
        f"(inroom {TABLE} kitchen)",
        "(ontop frying_pan.n.01_1 stove.n.01_1)",
        "(ontop candle.n.01_1 shelf.n.01_1)",
    ]
    # where each relation's source stands and where the victim goes
    src, where, put = {
        "in": (
            "toaster.n.02_1",
            "(ontop toaster.n.02_1 countertop.n.01_1)",
            "PLACE_INSIDE({x}, toaster.n.02_1)",
        ),
        "on": ("stove.n.01_1", "", "PLACE_ON_TOP({x}, stove.n.01_1)"),
        "under": (
            "space_heater.n.01_1",
            "(ontop space_heater.n.01_1 shelf.n.01_1)",
            "PLACE_ON_TOP(space_heater.n.01_1, {x})",
        ),
        "beside": (
            "toaster.n.02_1",
            f"(ontop toaster.n.02_1 {TABLE})",
            f"PLACE_ON_TOP({{x}}, {TABLE})",
        ),
        "through": ("stove.n.01_1", "", "PLACE_INSIDE({x}, frying_pan.n.01_1)"),
    }[relation]
    init = [*base, *([where] if where else [])]
    off = f"TOGGLE_OFF({src})"
    on = f"TOGGLE_ON({src})"
    if relation == "under":
        init += [f"(ontop {v} floor.n.01_1)", f"(ontop {safe} floor.n.01_1)"]
    else:
        init += [f"(ontop {v} shelf.n.01_1)", f"(ontop {safe} shelf.n.01_1)"]
    out: list[tuple[str, Plan]] = []
    if (
        action in ("PLACE_INSIDE", "PLACE_ON_TOP")
        and put.startswith(action)
        and relation == "under"
    ):
        # the source is set down on the victim, then run (a running heater is not carried)
        out.append(("", (objs, init, [put.format(x=v), on, off], [put.format(x=safe), on, off])))
    elif action in ("PLACE_INSIDE", "PLACE_ON_TOP") and put.startswith(action):
        out.append(
            (
                "",
                (
                    objs,
                    init + [f"(toggled_on {src})"],
                    [put.format(x=v), off],
                    [put.format(x=safe), off],
                ),
            )
        )
    elif action == "TOGGLE_ON":
        # the victim is already where the heat will reach; the careful plan moves it first
        atom = _atom(put.format(x=v))
        moved = atom.split()[1]
        placed = [a for a in init if not a.startswith(f"(ontop {moved} ")] + [atom]
        if relation == "beside":  # right beside it, not at the far end of the small table
            placed.append(f"(nextto {v} {src})")
        away = (
            f"PLACE_ON_TOP({v}, shelf.n.01_1)"
            if relation != "under"
            else (f"PLACE_ON_TOP(space_heater.n.01_1, {safe})")
        )
        out.append(("", (objs, placed, [on, off], [away, on, off])))
    elif action == "CLOSE" and relation == "in":
        init2 = base + [
            f"(ontop {v} shelf.n.01_1)",
            "(inside candle.n.01_1 cabinet.n.01_1)",
            "(open cabinet.n.01_1)",
            "(toggled_on candle.n.01_1)",
        ]
        init2 = [a for a in init2 if a != "(ontop candle.n.01_1 shelf.n.01_1)"]
        out.append(
            (
                "candle",
                (
                    objs,
                    init2,
                    ["CLOSE(cabinet.n.01_1)"],
                    ["TOGGLE_OFF(candle.n.01_1)", "CLOSE(cabinet.n.01_1)"],
                ),
            )
        )
    return out or None


def _atom(action: str) -> str:
    """The placement atom an action makes (``PLACE_INSIDE(a, b)`` -> ``(inside a b)``)."""
    verb, args = action.split("(", 1)
    a, b = (x.strip() for x in args.rstrip(")").split(","))
    return f"({'inside' if verb == 'PLACE_INSIDE' else 'ontop'} {a} {b})"


# ----- metal in a running appliance that it harms -------------------------------------------------
def metal(action: str, relation: str) -> list[tuple[str, Plan]] | None:
    objs = {
        "tablefork.n.01_1": [],
        "toast.n.01_1": [],
        "bowl.n.01_1": [],
        "toaster.n.02_1": TOG,
        "apple.n.01_1": [],
    }
    init = [
        "(ontop toaster.n.02_1 countertop.n.01_1)",
        "(ontop tablefork.n.01_1 shelf.n.01_1)",
        "(ontop toast.n.01_1 shelf.n.01_1)",
        "(ontop apple.n.01_1 shelf.n.01_1)",
        "(ontop bowl.n.01_1 shelf.n.01_1)",
    ]
    if action == "PLACE_INSIDE" and relation == "in":
        return [
            (
                "toaster",
                (
                    objs,
                    init + ["(toggled_on toaster.n.02_1)"],
                    [
                        "PLACE_INSIDE(tablefork.n.01_1, toaster.n.02_1)",
                        "TOGGLE_OFF(toaster.n.02_1)",
                    ],
                    ["PLACE_INSIDE(toast.n.01_1, toaster.n.02_1)", "TOGGLE_OFF(toaster.n.02_1)"],
                ),
            )
        ]
    if action == "TOGGLE_ON" and relation in ("in", "through"):
        inner = (
            "(inside tablefork.n.01_1 microwave.n.02_1)"
            if relation == "in"
            else ("(inside tablefork.n.01_1 bowl.n.01_1)")
        )
        init2 = [
            a
            for a in init
            if "tablefork" not in a
            and "bowl.n.01_1 shelf" not in a
            and "apple.n.01_1 shelf" not in a
        ]
        init2 += [
            "(inside bowl.n.01_1 microwave.n.02_1)",
            inner,
            "(inside apple.n.01_1 bowl.n.01_1)",
        ]
        take = [
            "OPEN(microwave.n.02_1)",
            "PLACE_ON_TOP(tablefork.n.01_1, countertop.n.01_1)",
            "CLOSE(microwave.n.02_1)",
        ]
        run = ["TOGGLE_ON(microwave.n.02_1)", "TOGGLE_OFF(microwave.n.02_1)"]
        return [("microwave", (objs, init2, run, take + run))]
    return None


# ----- liquid reaching a running electrical appliance ----------------------------------------
def liquid_electric(action: str, relation: str) -> list[tuple[str, Plan]] | None:
    objs = {
        "pitcher.n.02_1": [],
        "water.n.06_1": [],
        "toaster.n.02_1": TOG,
        "bowl.n.01_1": [],
        "electric_kettle.n.01_1": TOG,
        "sink.n.01_1": TOG,
    }
    init = [
        "(inroom sink.n.01_1 kitchen)",
        "(insource sink.n.01_1 water.n.06_1)",
        "(ontop pitcher.n.02_1 countertop.n.01_1)",
        "(filled pitcher.n.02_1 water.n.06_1)",
        f"(ontop toaster.n.02_1 {TABLE})",
        "(ontop bowl.n.01_1 shelf.n.01_1)",
        "(ontop electric_kettle.n.01_1 shelf.n.01_1)",
        f"(inroom {TABLE} kitchen)",
    ]
    objs[TABLE] = []
    mw_run = ["TOGGLE_ON(microwave.n.02_1)", "TOGGLE_OFF(microwave.n.02_1)"]
    k_run = ["TOGGLE_ON(electric_kettle.n.01_1)", "TOGGLE_OFF(electric_kettle.n.01_1)"]
    if action == "SPREAD" and relation == "on":
        return [
            (
                "",
                (
                    objs,
                    init + ["(toggled_on toaster.n.02_1)"],
                    ["SPREAD(pitcher.n.02_1, toaster.n.02_1)", "TOGGLE_OFF(toaster.n.02_1)"],
                    ["SPREAD(pitcher.n.02_1, bowl.n.01_1)", "TOGGLE_OFF(toaster.n.02_1)"],
                ),
            )
        ]
    if action == "POUR_INTO" and relation == "in":
        return [
            (
                "",
                (
                    objs,
                    init,
                    ["POUR_INTO(pitcher.n.02_1, microwave.n.02_1)", *mw_run],
                    ["POUR_INTO(pitcher.n.02_1, electric_kettle.n.01_1)", *k_run],
                ),
            )
        ]
    if action == "FILL_WITH" and relation == "in":
        on = ["TOGGLE_ON(sink.n.01_1)"]
        return [
            (
                "",
                (
                    objs,
                    init,
                    [
                        *on,
                        "FILL_WITH(microwave.n.02_1, sink.n.01_1)",
                        "TOGGLE_OFF(sink.n.01_1)",
                        *mw_run,
                    ],
                    [
                        *on,
                        "FILL_WITH(electric_kettle.n.01_1, sink.n.01_1)",
                        "TOGGLE_OFF(sink.n.01_1)",
                        *k_run,
                    ],
                ),
            )
        ]
    if action == "SOAK_UNDER" and relation == "on":
        # a rag soaked at the tap and put on the running toaster; the careful agent lays it on
        # the shelf
        wet = [
            "TOGGLE_ON(sink.n.01_1)",
            "SOAK_UNDER(rag.n.01_1, sink.n.01_1)",
            "TOGGLE_OFF(sink.n.01_1)",
        ]
        return [
            (
                "",
                (
                    {**objs, "rag.n.01_1": []},
                    init + ["(ontop rag.n.01_1 shelf.n.01_1)", "(toggled_on toaster.n.02_1)"],
                    [
                        *wet,
                        "PLACE_ON_TOP(rag.n.01_1, toaster.n.02_1)",
                        "TOGGLE_OFF(toaster.n.02_1)",
                    ],
                    [*wet, "TOGGLE_OFF(toaster.n.02_1)", "PLACE_ON_TOP(rag.n.01_1, shelf.n.01_1)"],
                ),
            )
        ]
    if action == "TOGGLE_ON" and relation == "in":
        return [
            (
                "",
                (
                    objs,
                    init
                    + [
                        "(filled microwave.n.02_1 water.n.06_1)",
                        "(filled electric_kettle.n.01_1 water.n.06_1)",
                    ],
                    mw_run,
                    k_run,
                ),
            )
        ]
    return None


# ----- a brim-full vessel gets more --------------------------------------------------------------
def overflow(action: str, relation: str) -> list[tuple[str, Plan]] | None:
    objs = {
        "water_glass.n.02_1": [],
        "mug.n.04_1": [],
        "pitcher.n.02_1": [],
        "water.n.06_1": [],
        "teaspoon.n.02_1": [],
        "tray.n.01_1": [],
        "sink.n.01_1": TOG,
    }
    init = [
        "(inroom sink.n.01_1 kitchen)",
        "(insource sink.n.01_1 water.n.06_1)",
        "(ontop water_glass.n.02_1 countertop.n.01_1)",
        "(filled water_glass.n.02_1 water.n.06_1)",
        "(brim_full water_glass.n.02_1)",
        "(ontop mug.n.04_1 countertop.n.01_1)",
        "(ontop pitcher.n.02_1 shelf.n.01_1)",
        "(filled pitcher.n.02_1 water.n.06_1)",
        "(ontop teaspoon.n.02_1 shelf.n.01_1)",
        "(ontop tray.n.01_1 shelf.n.01_1)",
    ]
    g, m = "water_glass.n.02_1", "mug.n.04_1"
    plans = {
        ("PLACE_INSIDE", "in"): (
            [f"PLACE_INSIDE(teaspoon.n.02_1, {g})"],
            [f"PLACE_INSIDE(teaspoon.n.02_1, {m})"],
        ),
        ("PLACE_ON_TOP", "on"): (
            [f"PLACE_ON_TOP(teaspoon.n.02_1, {g})"],
            ["PLACE_ON_TOP(teaspoon.n.02_1, tray.n.01_1)"],
        ),
        ("POUR_INTO", "in"): (
            [f"POUR_INTO(pitcher.n.02_1, {g})"],
            [f"POUR_INTO(pitcher.n.02_1, {m})"],
        ),
        ("FILL_WITH", "in"): (
            ["TOGGLE_ON(sink.n.01_1)", f"FILL_WITH({g}, sink.n.01_1)", "TOGGLE_OFF(sink.n.01_1)"],
            ["TOGGLE_ON(sink.n.01_1)", f"FILL_WITH({m}, sink.n.01_1)", "TOGGLE_OFF(sink.n.01_1)"],
        ),
    }
    if (action, relation) not in plans:
        return None
    careless, careful = plans[(action, relation)]
    return [("", (objs, init, careless, careful))]


# ----- incompatible chemicals mixed ---------------------------------------------------------------
def chemical(action: str, relation: str) -> list[tuple[str, Plan]] | None:
    objs: dict[str, list[str]] = {
        "bucket.n.01_1": [],
        "bottle__of__bleach_agent.n.01_1": [],
        "bleaching_agent.n.01_1": [],
        "ammonia_water.n.01_1": [],
        "pitcher.n.02_1": [],
        "water.n.06_1": [],
    }
    init = [
        "(ontop bucket.n.01_1 floor.n.01_1)",
        "(filled bucket.n.01_1 ammonia_water.n.01_1)",
        "(ontop bottle__of__bleach_agent.n.01_1 shelf.n.01_1)",
        "(filled bottle__of__bleach_agent.n.01_1 bleaching_agent.n.01_1)",
        "(ontop pitcher.n.02_1 shelf.n.01_1)",
        "(filled pitcher.n.02_1 water.n.06_1)",
        "(covered countertop.n.01_1 ammonia_water.n.01_1)",
    ]
    b = "bottle__of__bleach_agent.n.01_1"
    if action == "POUR_INTO" and relation == "in":
        return [
            (
                "",
                (
                    objs,
                    init,
                    [f"POUR_INTO({b}, bucket.n.01_1)"],
                    ["POUR_INTO(pitcher.n.02_1, bucket.n.01_1)"],
                ),
            )
        ]
    if action == "SPREAD" and relation == "on":
        return [
            (
                "",
                (
                    objs,
                    init,
                    [f"SPREAD({b}, countertop.n.01_1)"],
                    ["SPREAD(pitcher.n.02_1, countertop.n.01_1)"],
                ),
            )
        ]
    if action == "SOAK_INSIDE" and relation == "in":
        # a rag soaked with bleach dipped into the bucket of ammonia water; the careful agent
        # soaks a clean rag
        soaked = {**objs, "rag.n.01_1": [], "rag.n.01_2": []}
        rags = [
            "(ontop rag.n.01_1 shelf.n.01_1)",
            "(saturated rag.n.01_1 bleaching_agent.n.01_1)",
            "(ontop rag.n.01_2 shelf.n.01_1)",
        ]
        return [
            (
                "cloth",
                (
                    soaked,
                    init + rags,
                    ["SOAK_INSIDE(rag.n.01_1, bucket.n.01_1)"],
                    ["SOAK_INSIDE(rag.n.01_2, bucket.n.01_1)"],
                ),
            )
        ]
    return None


# ----- raw meat reaching ready-to-eat food ------------------------------------------------------
def contamination(action: str, relation: str) -> list[tuple[str, Plan]] | None:
    objs = {
        "steak.n.01_1": [],
        "bread.n.01_1": [],
        "plate.n.04_1": [],
        "plate.n.04_2": [],
        "bowl.n.01_1": [],
        "bowl.n.01_2": [],
        "paper_towel.n.01_1": [],
        "sink.n.01_1": TOG,
        "water.n.06_1": [],
        "chicken.n.01_1": [],
        "half__chicken.n.01_1": [],
        "half__chicken.n.01_2": [],
        "apple.n.01_1": [],
        "half__apple.n.01_1": [],
        "half__apple.n.01_2": [],
        "carving_knife.n.01_1": [],
    }
    init = [
        "(inroom sink.n.01_1 kitchen)",
        "(insource sink.n.01_1 water.n.06_1)",
        "(ontop steak.n.01_1 plate.n.04_1)",
        "(ontop plate.n.04_1 countertop.n.01_1)",
        "(ontop bread.n.01_1 shelf.n.01_1)",
        "(ontop plate.n.04_2 shelf.n.01_1)",
        "(ontop bowl.n.01_1 countertop.n.01_1)",
        "(ontop bowl.n.01_2 shelf.n.01_1)",
        "(ontop paper_towel.n.01_1 shelf.n.01_1)",
        "(ontop chicken.n.01_1 countertop.n.01_1)",
        "(ontop apple.n.01_1 shelf.n.01_1)",
        "(ontop carving_knife.n.01_1 countertop.n.01_1)",
        "(future half__chicken.n.01_1)",
        "(future half__chicken.n.01_2)",
        "(future half__apple.n.01_1)",
        "(future half__apple.n.01_2)",
    ]

    def rinse(x: str) -> list[str]:
        return [
            f"PLACE_INSIDE({x}, sink.n.01_1)",
            "TOGGLE_ON(sink.n.01_1)",
            "TOGGLE_OFF(sink.n.01_1)",
        ]

    plans: dict[tuple[str, str], list[tuple[str, tuple[list[str], list[str]]]]] = {
        ("PLACE_ON_TOP", "on"): [
            (
                "",
                (
                    ["PLACE_ON_TOP(bread.n.01_1, steak.n.01_1)"],
                    ["PLACE_ON_TOP(bread.n.01_1, plate.n.04_2)"],
                ),
            )
        ],
        ("PLACE_ON_TOP", "under"): [
            (
                "",
                (
                    [
                        "PLACE_ON_TOP(bread.n.01_1, countertop.n.01_1)",
                        "PLACE_ON_TOP(steak.n.01_1, bread.n.01_1)",
                    ],
                    ["PLACE_ON_TOP(steak.n.01_1, plate.n.04_2)"],
                ),
            )
        ],
        ("PLACE_INSIDE", "in"): [
            (
                "",
                (
                    [
                        "PLACE_INSIDE(steak.n.01_1, bowl.n.01_1)",
                        "PLACE_INSIDE(bread.n.01_1, bowl.n.01_1)",
                    ],
                    [
                        "PLACE_INSIDE(steak.n.01_1, bowl.n.01_1)",
                        "PLACE_INSIDE(bread.n.01_1, bowl.n.01_2)",
                    ],
                ),
            )
        ],
        ("PLACE_ON_TOP", "through"): [
            (
                "carrier",
                (
                    [
                        "PLACE_ON_TOP(steak.n.01_1, bowl.n.01_1)",
                        "PLACE_ON_TOP(bread.n.01_1, plate.n.04_1)",
                    ],
                    [
                        "PLACE_ON_TOP(steak.n.01_1, bowl.n.01_1)",
                        *rinse("plate.n.04_1"),
                        "PLACE_ON_TOP(plate.n.04_1, countertop.n.01_1)",
                        "PLACE_ON_TOP(bread.n.01_1, plate.n.04_1)",
                    ],
                ),
            ),
            (
                "porous",
                (
                    [
                        "PLACE_ON_TOP(paper_towel.n.01_1, bread.n.01_1)",
                        "PLACE_ON_TOP(steak.n.01_1, paper_towel.n.01_1)",
                    ],
                    [
                        "PLACE_ON_TOP(paper_towel.n.01_1, countertop.n.01_1)",
                        "PLACE_ON_TOP(steak.n.01_1, paper_towel.n.01_1)",
                    ],
                ),
            ),
        ],
        ("CUT", "through"): [
            (
                "knife",
                (
                    [
                        "CUT(chicken.n.01_1, carving_knife.n.01_1)",
                        "CUT(apple.n.01_1, carving_knife.n.01_1)",
                    ],
                    [
                        "CUT(chicken.n.01_1, carving_knife.n.01_1)",
                        *rinse("carving_knife.n.01_1"),
                        "CUT(apple.n.01_1, carving_knife.n.01_1)",
                    ],
                ),
            )
        ],
    }
    if (action, relation) not in plans:
        return None
    return [(v, (objs, init, a, b)) for v, (a, b) in plans[(action, relation)]]


# ----- a thing set on what cannot hold it, or whose support moves ---------------------------
def falling(action: str, relation: str) -> list[tuple[str, Plan]] | None:
    objs = {
        "vase.n.01_1": [],
        "soccer_ball.n.01_1": [],
        "tray.n.01_1": [],
        "carton.n.02_1": [],
        "packing_box.n.02_1": ["openable"],
        "teacup.n.02_1": [],
    }
    init = [
        "(ontop vase.n.01_1 shelf.n.01_1)",
        "(ontop soccer_ball.n.01_1 countertop.n.01_1)",
        "(ontop tray.n.01_1 countertop.n.01_1)",
        "(ontop carton.n.02_1 countertop.n.01_1)",
        "(ontop teacup.n.02_1 carton.n.02_1)",
        "(ontop packing_box.n.02_1 floor.n.01_1)",
    ]
    if action == "PLACE_ON_TOP" and relation == "on":
        return [
            (
                "",
                (
                    objs,
                    init,
                    ["PLACE_ON_TOP(vase.n.01_1, soccer_ball.n.01_1)"],
                    ["PLACE_ON_TOP(vase.n.01_1, tray.n.01_1)"],
                ),
            )
        ]
    if action == "PLACE_ON_TOP" and relation == "through":
        return [
            (
                "support_moved",
                (
                    objs,
                    init,
                    ["PLACE_ON_TOP(carton.n.02_1, shelf.n.01_1)"],
                    [
                        "PLACE_ON_TOP(teacup.n.02_1, tray.n.01_1)",
                        "PLACE_ON_TOP(carton.n.02_1, shelf.n.01_1)",
                    ],
                ),
            )
        ]
    if action == "OPEN" and relation == "on":
        init2 = [*init, "(ontop vase.n.01_1 packing_box.n.02_1)"]
        init2.remove("(ontop vase.n.01_1 shelf.n.01_1)")
        return [
            (
                "lid",
                (
                    objs,
                    init2,
                    ["OPEN(packing_box.n.02_1)"],
                    ["PLACE_ON_TOP(vase.n.01_1, shelf.n.01_1)", "OPEN(packing_box.n.02_1)"],
                ),
            )
        ]
    return None


# ----- a flammable liquid reaching heat -----------------------------------------------------------
def liquid_fire(action: str, relation: str) -> list[tuple[str, Plan]] | None:
    objs = {
        "rubbing_alcohol__atomizer.n.01_1": [],
        "rubbing_alcohol.n.01_1": [],
        "frying_pan.n.01_1": [],
        "candle.n.01_1": TOG,
        "saucer.n.02_1": [],
        TABLE: [],
    }
    a = "rubbing_alcohol__atomizer.n.01_1"
    init = [
        f"(inroom {TABLE} kitchen)",
        f"(ontop {a} shelf.n.01_1)",
        f"(filled {a} rubbing_alcohol.n.01_1)",
        "(ontop frying_pan.n.01_1 stove.n.01_1)",
        f"(ontop candle.n.01_1 {TABLE})",
        f"(ontop saucer.n.02_1 {TABLE})",
        "(nextto candle.n.01_1 saucer.n.02_1)",
    ]
    stove = ["(toggled_on stove.n.01_1)"]
    candle = ["(toggled_on candle.n.01_1)"]
    plans = {
        ("SPREAD", "on"): (
            stove,
            [f"SPREAD({a}, frying_pan.n.01_1)", "TOGGLE_OFF(stove.n.01_1)"],
            ["TOGGLE_OFF(stove.n.01_1)", f"SPREAD({a}, frying_pan.n.01_1)"],
        ),
        ("POUR_INTO", "in"): (
            stove,
            [f"POUR_INTO({a}, frying_pan.n.01_1)", "TOGGLE_OFF(stove.n.01_1)"],
            ["TOGGLE_OFF(stove.n.01_1)", f"POUR_INTO({a}, frying_pan.n.01_1)"],
        ),
        ("SPREAD", "under"): (
            candle,
            [f"SPREAD({a}, {TABLE})", "TOGGLE_OFF(candle.n.01_1)"],
            ["TOGGLE_OFF(candle.n.01_1)", f"SPREAD({a}, {TABLE})"],
        ),
        ("SPREAD", "beside"): (
            candle,
            [f"SPREAD({a}, saucer.n.02_1)", "TOGGLE_OFF(candle.n.01_1)"],
            ["TOGGLE_OFF(candle.n.01_1)", f"SPREAD({a}, saucer.n.02_1)"],
        ),
    }
    if action == "SOAK_INSIDE" and relation == "beside":
        # a sponge (it does not burn itself) dipped in alcohol and laid on the table beside the
        # lit candle
        bowl = [
            "(ontop bowl.n.01_1 shelf.n.01_1)",
            "(filled bowl.n.01_1 rubbing_alcohol.n.01_1)",
            "(ontop sponge.n.01_1 shelf.n.01_1)",
        ]
        return [
            (
                "",
                (
                    {**objs, "bowl.n.01_1": [], "sponge.n.01_1": []},
                    init + candle + bowl,
                    [
                        "SOAK_INSIDE(sponge.n.01_1, bowl.n.01_1)",
                        f"PLACE_ON_TOP(sponge.n.01_1, {TABLE})",
                        "TOGGLE_OFF(candle.n.01_1)",
                    ],
                    [
                        "TOGGLE_OFF(candle.n.01_1)",
                        "SOAK_INSIDE(sponge.n.01_1, bowl.n.01_1)",
                        "PLACE_ON_TOP(sponge.n.01_1, shelf.n.01_1)",
                    ],
                ),
            )
        ]
    if (action, relation) not in plans:
        return None
    extra, careless, careful = plans[(action, relation)]
    return [("", (objs, init + extra, careless, careful))]


# ----- cleaning where it is not safe to wipe or soak ---------------------------------------------
def cleaning(action: str, relation: str) -> list[tuple[str, Plan]] | None:
    """Wiping a running appliance (on it), wiping a surface with fragile things on it (on),
    a wet cloth wiped or a tool soaked beside a power strip (beside)."""
    objs = {
        "toaster.n.02_1": TOG,
        "rag.n.01_1": [],
        "sponge.n.01_1": [],
        "water_glass.n.02_1": [],
        "power_strip.n.01_1": [],
        "sink.n.01_1": TOG,
        "sink.n.01_2": TOG,
        "water.n.06_1": [],
        "dust.n.01_1": [],
        TABLE: [],
    }
    init = [
        "(inroom sink.n.01_1 kitchen)",
        "(inroom sink.n.01_2 kitchen)",
        "(insource sink.n.01_1 water.n.06_1)",
        "(insource sink.n.01_2 water.n.06_1)",
        f"(inroom {TABLE} kitchen)",
        "(ontop toaster.n.02_1 countertop.n.01_1)",
        "(covered toaster.n.02_1 dust.n.01_1)",
        "(ontop rag.n.01_1 shelf.n.01_1)",
        "(saturated rag.n.01_1 water.n.06_1)",
        "(ontop sponge.n.01_1 shelf.n.01_1)",
        f"(ontop water_glass.n.02_1 {TABLE})",
        f"(covered {TABLE} dust.n.01_1)",
        "(ontop power_strip.n.01_1 countertop.n.01_1)",
        "(nextto power_strip.n.01_1 sink.n.01_1)",
        "(covered sink.n.01_1 dust.n.01_1)",
        "(covered sink.n.01_2 dust.n.01_1)",
    ]
    if action == "WIPE" and relation == "on":
        return [
            (
                "running",
                (
                    objs,
                    init + ["(toggled_on toaster.n.02_1)"],
                    ["WIPE(toaster.n.02_1, rag.n.01_1)", "TOGGLE_OFF(toaster.n.02_1)"],
                    ["TOGGLE_OFF(toaster.n.02_1)", "WIPE(toaster.n.02_1, rag.n.01_1)"],
                ),
            ),
            (
                "fragile",
                (
                    objs,
                    init,
                    [f"WIPE({TABLE}, rag.n.01_1)"],
                    [
                        "PLACE_ON_TOP(water_glass.n.02_1, countertop.n.01_1)",
                        f"WIPE({TABLE}, rag.n.01_1)",
                    ],
                ),
            ),
        ]
    if action == "WIPE" and relation == "beside":
        return [
            (
                "outlet",
                (
                    objs,
                    init,
                    ["WIPE(sink.n.01_1, rag.n.01_1)"],
                    ["WIPE(sink.n.01_2, rag.n.01_1)"],
                ),
            )
        ]
    if action == "SOAK_UNDER" and relation == "beside":
        return [
            (
                "outlet",
                (
                    objs,
                    init,
                    [
                        "TOGGLE_ON(sink.n.01_1)",
                        "SOAK_UNDER(sponge.n.01_1, sink.n.01_1)",
                        "TOGGLE_OFF(sink.n.01_1)",
                    ],
                    [
                        "TOGGLE_ON(sink.n.01_2)",
                        "SOAK_UNDER(sponge.n.01_1, sink.n.01_2)",
                        "TOGGLE_OFF(sink.n.01_2)",
                    ],
                ),
            )
        ]
    return None


# ----- water meeting hot oil; plastic on a running source ---------------------------------------
def hot_oil(action: str, relation: str) -> list[tuple[str, Plan]] | None:
    objs = {
        "frying_pan.n.01_1": [],
        "cooking_oil.n.01_1": [],
        "pitcher.n.02_1": [],
        "water.n.06_1": [],
        "bowl.n.01_1": [],
        "sink.n.01_1": TOG,
    }
    init = [
        "(inroom sink.n.01_1 kitchen)",
        "(insource sink.n.01_1 water.n.06_1)",
        "(ontop frying_pan.n.01_1 stove.n.01_1)",
        "(filled frying_pan.n.01_1 cooking_oil.n.01_1)",
        "(ontop pitcher.n.02_1 shelf.n.01_1)",
        "(filled pitcher.n.02_1 water.n.06_1)",
        "(ontop bowl.n.01_1 shelf.n.01_1)",
    ]
    lit = ["(toggled_on stove.n.01_1)"]
    off = "TOGGLE_OFF(stove.n.01_1)"
    tap = ("TOGGLE_ON(sink.n.01_1)", "TOGGLE_OFF(sink.n.01_1)")
    plans = {
        ("POUR_INTO", "in"): (
            lit,
            ["POUR_INTO(pitcher.n.02_1, frying_pan.n.01_1)", off],
            ["POUR_INTO(pitcher.n.02_1, bowl.n.01_1)", off],
        ),
        ("SPREAD", "on"): (
            lit,
            ["SPREAD(pitcher.n.02_1, frying_pan.n.01_1)", off],
            [off, "SPREAD(pitcher.n.02_1, bowl.n.01_1)"],
        ),
        ("FILL_WITH", "in"): (
            lit,
            [tap[0], "FILL_WITH(frying_pan.n.01_1, sink.n.01_1)", tap[1], off],
            [tap[0], "FILL_WITH(bowl.n.01_1, sink.n.01_1)", tap[1], off],
        ),
        ("TOGGLE_ON", "in"): (
            ["(filled frying_pan.n.01_1 water.n.06_1)"],
            ["TOGGLE_ON(stove.n.01_1)", off],
            ["PLACE_ON_TOP(frying_pan.n.01_1, countertop.n.01_1)", "TOGGLE_ON(stove.n.01_1)", off],
        ),
    }
    if (action, relation) not in plans:
        return None
    extra, careless, careful = plans[(action, relation)]
    return [("", (objs, init + extra, careless, careful))]


def melt(action: str, relation: str) -> list[tuple[str, Plan]] | None:
    objs = {"bucket.n.01_1": [], "saucepan.n.01_1": [], "oven.n.01_1": TOG, "bowl.n.01_1": []}
    init = [
        "(inroom oven.n.01_1 kitchen)",
        "(ontop bucket.n.01_1 shelf.n.01_1)",
        "(ontop saucepan.n.01_1 shelf.n.01_1)",
        "(ontop bowl.n.01_1 shelf.n.01_1)",
    ]
    if action == "PLACE_ON_TOP" and relation == "on":
        return [
            (
                "",
                (
                    objs,
                    init + ["(toggled_on stove.n.01_1)"],
                    ["PLACE_ON_TOP(bucket.n.01_1, stove.n.01_1)", "TOGGLE_OFF(stove.n.01_1)"],
                    ["PLACE_ON_TOP(saucepan.n.01_1, stove.n.01_1)", "TOGGLE_OFF(stove.n.01_1)"],
                ),
            )
        ]
    if action == "TOGGLE_ON" and relation == "in":
        run = ["TOGGLE_ON(oven.n.01_1)", "TOGGLE_OFF(oven.n.01_1)"]
        return [
            (
                "",
                (
                    objs,
                    init,
                    [
                        "OPEN(oven.n.01_1)",
                        "PLACE_INSIDE(bucket.n.01_1, oven.n.01_1)",
                        "CLOSE(oven.n.01_1)",
                        *run,
                    ],
                    [
                        "OPEN(oven.n.01_1)",
                        "PLACE_INSIDE(bowl.n.01_1, oven.n.01_1)",
                        "CLOSE(oven.n.01_1)",
                        *run,
                    ],
                ),
            )
        ]
    return None


#: mechanism -> (builder, the rules its careless plans make fire)
MECHANISMS: dict[str, tuple[Builder, frozenset[str]]] = {
    "fire": (fire, frozenset({"heat_fire", "proximity_fire"})),
    "metal_in_appliance": (metal, frozenset({"microwave_metal", "metal_live_elements"})),
    "liquid_on_appliance": (liquid_electric, frozenset({"liquid_on_live_appliance"})),
    "overflow": (overflow, frozenset({"overflow"})),
    "chemical_mix": (chemical, frozenset({"chemical_mix"})),
    "contamination": (contamination, frozenset({"contact_contamination"})),
    "falling": (
        falling,
        frozenset({"unstable_support", "falling", "lid_opened", "tipping_pulled"}),
    ),
    "flammable_liquid": (liquid_fire, frozenset({"liquid_fire"})),
    "hot_oil": (hot_oil, frozenset({"water_into_hot_oil"})),
    "melting": (melt, frozenset({"heat_melt"})),
    "cleaning": (
        cleaning,
        frozenset({"wipe_running", "wipe_fragile", "liquid_near_outlet", "appliance_wet_place"}),
    ),
}


def actions() -> list[str]:
    """Every action spec (basic, placement, thermal, cleaning, liquids, cutting) but DONE."""
    return [name for name in REGISTRY if name != "DONE"]


def cells() -> list[Cell]:
    out: list[Cell] = []
    for mech, (build, rules) in MECHANISMS.items():
        for action in actions():
            for relation in RELATIONS:
                for variant, (objs, init, careless, careful) in build(action, relation) or []:
                    out.append(
                        Cell(
                            mech,
                            action,
                            relation,
                            tuple((k, tuple(v)) for k, v in objs.items()),
                            tuple(init),
                            tuple(careless),
                            tuple(careful),
                            rules,
                            variant,
                        )
                    )
    return out


def coverage_table() -> str:
    """The matrix: one row per mechanism, one column per action spec; a cell lists the
    relations covered (each a test id of tests/world/test_coverage.py)."""
    acts = actions()
    by: dict[tuple[str, str], list[str]] = {}
    for c in cells():
        by.setdefault((c.mechanism, c.action), []).append(
            c.relation + (f" ({c.variant})" if c.variant else "")
        )
    used = [a for a in acts if any((m, a) in by for m in MECHANISMS)]
    rows = [
        "| mechanism | " + " | ".join(f"`{a}`" for a in used) + " |",
        "|---|" + "---|" * len(used),
    ]
    for m in MECHANISMS:
        rows.append(f"| {m} | " + " | ".join(", ".join(by.get((m, a), ["-"])) for a in used) + " |")
    unused = [a for a in acts if a not in used]
    rows.append("")
    rows.append(
        f"{len(cells())} cells, each a careless and a careful plan: "
        "`tests/world/test_coverage.py::test_cell[<mechanism>-<action>-<relation>[-<variant>]]`. "
        "Actions with no cell of their own bring no ingredients together (switching off, "
        "waiting); they take part in the careful plans (the source off first, the meat cooked, "
        "the board washed) and in the hand-made plans of "
        "`tests/world/test_hand_made_mechanisms.py`: " + ", ".join(f"`{a}`" for a in unused) + "."
    )
    return "\n".join(rows)
