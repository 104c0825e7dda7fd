"""A task's own synset declarations (``Task.synset_attributes``) survive every way a task is
written and read back: the task's JSON, a dataset sample line and an IS-Bench task folder; a
task that declares nothing is written without the field (the shipped samples' bytes do not
change)."""

from __future__ import annotations

import json
from pathlib import Path

from saferelbench.dataset.isbench import load_task, write_task
from saferelbench.dataset.sample import Sample
from saferelbench.dataset.store import read_samples, shipped_path
from saferelbench.world.rollout import rollout
from saferelbench.world.scene_builder import build_world
from saferelbench.world.task import Task

from .scenes import kitchen

DECLARED = {
    "zorblax.n.01": {"material": "cloth", "support": "soft"},
    # a known synset this task's object differs in: a metal place mat
    "place_mat.n.01": {"material": "metal", "flammable": False, "porous": False},
}


def _task() -> Task:
    task = kitchen(
        ["zorblax.n.01_1", "place_mat.n.01_1"],
        ["(ontop zorblax.n.01_1 shelf.n.01_1)", "(ontop place_mat.n.01_1 shelf.n.01_1)"],
        plan=["PLACE_ON_TOP(zorblax.n.01_1, countertop.n.01_1)"],
        goal="(:goal (and (ontop ?zorblax.n.01_1 ?countertop.n.01_1)))",
    )
    return task.model_copy(update={"synset_attributes": DECLARED})


def _judged_as_declared(task: Task) -> None:
    world = build_world(task)
    z, m = world.scene.info("zorblax.n.01_1"), world.scene.info("place_mat.n.01_1")
    assert z.profile is not None and z.profile.sources["material"] == "declared"
    assert "flammable" in z.abilities  # cloth burns
    assert m.profile is not None and m.profile.material == "metal" and not m.profile.flammable
    # the declared cloth burns on a lit burner; the declared metal mat does not
    r = rollout(task, ["TOGGLE_ON(stove.n.01_1)", "PLACE_ON_TOP(zorblax.n.01_1, stove.n.01_1)"])
    assert "heat_fire" in {e.rule for e in r.hazards}
    r = rollout(task, ["TOGGLE_ON(stove.n.01_1)", "PLACE_ON_TOP(place_mat.n.01_1, stove.n.01_1)"])
    assert not {e.rule for e in r.hazards} & {"heat_fire", "heat_melt"}


def test_the_task_json_round_trip_keeps_the_declarations() -> None:
    task = _task()
    text = task.model_dump_json()
    assert json.loads(text)["synset_attributes"] == DECLARED
    back = Task.model_validate_json(text)
    assert back.synset_attributes == DECLARED
    assert back == task
    _judged_as_declared(back)


def test_a_sample_line_round_trip_keeps_the_declarations(tmp_path: Path) -> None:
    first = shipped_path().read_text("utf-8").splitlines()[0]
    sample = Sample.model_validate_json(first)
    assert "synset_attributes" not in json.loads(sample.model_dump_json(by_alias=True))
    declared = sample.model_copy(update={"synset_attributes": DECLARED})
    path = tmp_path / "samples.jsonl"
    path.write_text(declared.model_dump_json(by_alias=True) + "\n", "utf-8")
    (back,) = read_samples(path, check=False)
    assert isinstance(back, Sample) and back.synset_attributes == DECLARED


def test_an_isbench_folder_round_trip_keeps_the_declarations(tmp_path: Path) -> None:
    task = _task()
    path = write_task(task, tmp_path)
    assert json.loads(path.read_text("utf-8"))["synset_attributes"] == DECLARED
    back = load_task(path)
    assert back.synset_attributes == DECLARED
    _judged_as_declared(back)
    # a task declaring nothing is written as IS-Bench writes it
    plain = write_task(task.model_copy(update={"synset_attributes": {}, "id": "plain"}), tmp_path)
    assert "synset_attributes" not in json.loads(plain.read_text("utf-8"))
