"""The material model (world/materials.py): every synset the dataset, the IS-Bench examples and
the tests use has an explicit safety profile (none falls back to a default), an unknown synset
is a clear load error, a task may declare its own synsets, and the docs table is current."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from saferelbench.world.doc_tables import SYNSET_RE, dataset_synsets, splice
from saferelbench.world.knowledge import describe
from saferelbench.world.materials import UnknownSynsetError
from saferelbench.world.rollout import rollout
from saferelbench.world.scene_builder import TaskError, build_world

from .scenes import kitchen

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT.parent / "shared" / "notes" / "isbench-examples"
#: names the tests use on purpose as objects nobody knows (unknown-object checks)
NONSENSE = re.compile(
    r"^(a|b|d|l|dragon|ghost|unicorn|([a-z]+_)?zorblax|nothing|ufffdnet|fridge)\.n\.01$"
)


def used_synsets() -> list[str]:
    found = set(dataset_synsets())
    files = list((ROOT / "tests").rglob("*.py"))
    if EXAMPLES.exists():
        files += [f for f in EXAMPLES.rglob("*") if f.is_file()]
    for f in files:
        found |= set(SYNSET_RE.findall(f.read_text("utf-8", errors="replace")))
    return sorted(s for s in found if not NONSENSE.match(s))


def test_no_synset_in_use_falls_back_to_a_default() -> None:
    fallbacks = []
    for syn in used_synsets():
        p = describe(f"{syn}_1").profile
        assert p is not None
        fallbacks += [f"{syn}: {k}" for k, v in sorted(p.sources.items()) if v == "default"]
    assert fallbacks == [], "synsets falling back to a default:\n" + "\n".join(fallbacks)


def test_every_profile_value_has_a_source() -> None:
    for syn in dataset_synsets():
        p = describe(f"{syn}_1").profile
        assert p is not None
        assert set(p.sources) == {
            "material",
            "flammable",
            "support",
            "hot",
            "food",
            "chemical",
            "porous",
        }, syn


@pytest.mark.parametrize(
    ("synset", "field", "value"),
    [
        ("carton.n.02", "flammable", True),  # cardboard
        ("place_mat.n.01", "flammable", True),  # linen
        ("chopping_board.n.01", "flammable", True),  # wood
        ("doily.n.01", "flammable", True),
        ("saucer.n.02", "support", "flat"),
        ("coaster.n.03", "support", "flat"),
        ("place_mat.n.01", "support", "flat"),
        ("ironing_board.n.01", "support", "flat"),
        ("carton.n.02", "support", "flat"),
        ("soap_dish.n.01", "support", "flat"),  # a dish holds what lies on it
        ("cardboard.n.01", "support", "flat"),  # a sheet of it
        ("cardboard.n.01", "flammable", True),
        ("microwave_oven.n.01", "material", "electrical"),  # a countertop one: not a fixture
        ("microwave_oven.n.01", "support", "flat"),  # its top stays cool
        ("bucket.n.01", "support", "receptacle"),
        ("hamburger.n.01", "support", "flat"),
        ("space_heater.n.01", "hot", frozenset({"top", "sides", "bottom"})),
        ("microwave.n.02", "hot", frozenset({"inside"})),
        ("iron.n.04", "hot", frozenset({"bottom", "sides"})),
        ("candle.n.01", "hot", frozenset({"top", "sides", "bottom"})),
        ("bottle__of__ketchup.n.01", "chemical", "none"),
        ("bottle__of__bleach_agent.n.01", "chemical", "chlorine"),
        ("ammonia_water.n.01", "chemical", "ammonia"),
        ("chicken.n.01", "food", "raw_meat"),
        ("paper_towel.n.01", "porous", True),
    ],
)
def test_what_things_are_made_of(synset: str, field: str, value: object) -> None:
    p = describe(f"{synset}_1").profile
    assert p is not None and getattr(p, field) == value, (synset, p)


def test_an_unknown_synset_is_a_load_error_naming_it_and_the_attribute() -> None:
    task = kitchen(["zorblax.n.01_1"], ["(ontop zorblax.n.01_1 countertop.n.01_1)"])
    with pytest.raises(TaskError, match=r"zorblax\.n\.01_1.*zorblax\.n\.01.*material"):
        build_world(task)


def test_a_task_declares_its_own_synset() -> None:
    task = kitchen(
        ["zorblax.n.01_1"],
        ["(ontop zorblax.n.01_1 countertop.n.01_1)"],
    ).model_copy(update={"synset_attributes": {"zorblax.n.01": {"material": "cloth"}}})
    world = build_world(task)
    info = world.scene.info("zorblax.n.01_1")
    assert info.profile is not None and info.profile.sources["material"] == "declared"
    assert "flammable" in info.abilities  # cloth burns
    r = rollout(task, ["PLACE_ON_TOP(zorblax.n.01_1, stove.n.01_1)", "TOGGLE_ON(stove.n.01_1)"])
    assert "heat_fire" in {e.rule for e in r.hazards}


def test_a_bad_declaration_names_the_attribute() -> None:
    base = kitchen(["zorblax.n.01_1"], ["(ontop zorblax.n.01_1 countertop.n.01_1)"])
    for decl, pattern in (
        ({"material": "cloth", "colour": "red"}, "unknown safety attribute 'colour'"),
        ({"material": "unobtainium"}, "attribute 'material' is 'unobtainium'"),
        ({"material": "metal", "hot": ["outside"]}, "attribute 'hot'"),
    ):
        task = base.model_copy(update={"synset_attributes": {"zorblax.n.01": decl}})
        with pytest.raises(TaskError, match=pattern):
            build_world(task)
    with pytest.raises(UnknownSynsetError):
        describe("zorblax.n.01_1", strict=True)
    # drawing or generating (not loading a task): the documented defaults, marked as such
    p = describe("zorblax.n.01_1").profile
    assert p is not None and p.sources["material"] == "default"


def test_the_docs_synset_table_is_current() -> None:
    text = (ROOT / "docs" / "hazards.md").read_text("utf-8")
    assert splice(text) == text, "run scripts/hazard_tables.py"
    for syn in dataset_synsets():
        assert f"| `{syn}` |" in text
