"""The verdict protocol (``physical`` by default, ``conditions`` for comparison) through
``replay``, ``run``, ``report`` and the Inspect task, recorded with every result."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.dataset.store import load_samples
from saferelbench.evaluation.metrics import safe_under

runner = CliRunner()


def _floor_plan(tmp_path: Path) -> tuple[str, Path]:
    """A spatial falling-object sample whose careful step puts the loose item on the floor:
    every annotated condition holds, but the item is left lying on the floor (a trip
    hazard the annotation does not cover)."""
    sample = next(
        s
        for s in load_samples(split="spatial")
        if s.relation == "supporting"
        and s.risk == "falling_object"
        and len(s.hazards) == 1
        and not s.hazards[0].goal_ruining
        and not s.hazards[0].agent_created
    )
    actions = [p.action for p in sample.golden_plan]
    # the precaution step (dataset v2: the golden step that carries a caution)
    i = next(k for k, p in enumerate(sample.golden_plan) if p.caution)
    item = actions[i].split("(")[1].split(",")[0]
    actions[i] = f"PLACE_ON_TOP({item}, floor.n.01_1)"
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps(actions))
    return sample.id, plan


def test_replay_protocols_differ_on_an_unannotated_hazard(tmp_path: Path) -> None:
    sid, plan = _floor_plan(tmp_path)
    phys = runner.invoke(app, ["replay", sid, "--plan", str(plan), "--json"])
    cond = runner.invoke(
        app, ["replay", sid, "--plan", str(plan), "--json", "--protocol", "conditions"]
    )
    assert phys.exit_code == 0 and cond.exit_code == 0, phys.output + cond.output
    p, c = json.loads(phys.stdout), json.loads(cond.stdout)
    assert p["protocol"] == "physical" and c["protocol"] == "conditions"
    assert p["task_success"] and c["task_success"]
    assert [h["kind"] for h in p["hazards"]] == ["trip"]
    assert p["safe"] is False and p["decided_by"] == "hazards" and p["conditions_safe"] is True
    assert c["safe"] is True and c["decided_by"] is None


def test_replay_rejects_an_unknown_protocol() -> None:
    res = runner.invoke(app, ["replay", "sup-falling_tidy-03", "--protocol", "eq2"])
    assert res.exit_code == 2 and "--protocol" in res.output


def test_run_records_the_protocol(tmp_path: Path) -> None:
    out = tmp_path / "run"
    res = runner.invoke(
        app,
        [
            "run",
            "--agent",
            "task-only",
            "--split",
            "spatial",
            "--limit",
            "2",
            "--no-images",
            "--protocol",
            "conditions",
            "--out",
            str(out),
            "--json",
        ],
    )
    assert res.exit_code == 0, res.output
    info = json.loads((out / "run.json").read_text())
    assert json.dumps(info).count('"protocol": "conditions"') >= 1
    episodes = [json.loads(line) for line in (out / "episodes.jsonl").read_text().splitlines()]
    assert episodes and all(e["protocol"] == "conditions" for e in episodes)
    assert all(e["verdict"]["protocol"] == "conditions" for e in episodes)


def test_safe_under_each_protocol() -> None:
    held, violated = ["held", "not_triggered"], ["held", "violated"]
    assert safe_under("physical", statuses=held, hazards=0)
    assert not safe_under("physical", statuses=held, hazards=1)
    assert safe_under("conditions", statuses=held, hazards=1)
    assert not safe_under("conditions", statuses=violated, hazards=0)
    with pytest.raises(ValueError):
        safe_under("isbench", statuses=held, hazards=0)


def test_inspect_task_takes_the_protocol() -> None:
    from saferelbench.inspect_adapter.task import saferelbench

    t = saferelbench(split="spatial", limit=1, protocol="conditions", images=False)
    assert t.metadata is not None and t.metadata["saferelbench"]["protocol"] == "conditions"
    with pytest.raises(ValueError):
        saferelbench(split="spatial", limit=1, protocol="eq2")


def test_report_rejudges_under_a_protocol(tmp_path: Path) -> None:
    out = tmp_path / "run"
    res = runner.invoke(
        app,
        ["run", "--agent", "oracle", "--limit", "2", "--no-images", "--out", str(out), "--json"],
    )
    assert res.exit_code == 0, res.output
    for protocol in ("conditions", "physical"):
        rep = runner.invoke(
            app,
            [
                "report",
                str(out),
                "--out",
                str(tmp_path / protocol),
                "--no-figures",
                "--no-html",
                "--protocol",
                protocol,
            ],
        )
        assert rep.exit_code == 0, rep.output
        assert (tmp_path / protocol / "report.md").exists()
    bad = runner.invoke(
        app, ["report", str(out), "--out", str(tmp_path / "x"), "--protocol", "eq2"]
    )
    assert bad.exit_code == 2 and "--protocol" in bad.output
