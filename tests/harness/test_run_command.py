"""``saferelbench run`` as a user calls it (typer's CliRunner, in-process)."""

import json

import pytest
from typer.testing import CliRunner

from saferelbench.cli.main import app
from saferelbench.dataset.isbench import write_task
from saferelbench.testing.fake_server import FakeOpenAIServer

from .scripted_models import PlanPlayer
from .tasks import SAFE_PLAN, UNSAFE_PLAN, laptop_task

INSTR = [
    "Move the laptop to the desk.",
    "Put the laptop on the desk.",
    "Carry the laptop over to the desk.",
]


@pytest.fixture(scope="module")
def split(tmp_path_factory):
    root = tmp_path_factory.mktemp("isbench")
    for i, instr in enumerate(INSTR):
        write_task(laptop_task(f"laptop_{i}", instr), root)
    return f"isbench:{root}"


def invoke(*args):
    return CliRunner().invoke(app, ["run", *map(str, args)])


def check_contract(summary):
    for key in ("n", "SR", "SSR", "SRec", "errors", "by_split", "by_relation", "by_risk"):
        assert key in summary
    for section in ("by_split", "by_relation", "by_risk"):
        for group in summary[section].values():
            assert {"n", "SR", "SSR", "SRec"} <= set(group)


def test_builtin_agent_json_summary_and_files(split, tmp_path):
    out = tmp_path / "run"
    r = invoke("--agent", "replay", "--split", split, "--no-images", "--out", out, "--json")
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    check_contract(summary)
    assert (
        summary["n"] == 3
        and summary["SR"] == 1.0
        and summary["SSR"] == 1.0
        and summary["errors"] == 0
    )
    assert summary["by_split"]["isbench"]["n"] == 3
    assert len((out / "episodes.jsonl").read_text().splitlines()) == 3
    assert json.loads((out / "summary.json").read_text()) == summary
    info = json.loads((out / "run.json").read_text())
    assert info["agent"] == "replay" and info["config"]["images"] is False


def test_table_output_and_resume(split, tmp_path):
    out = tmp_path / "run"
    r = invoke("--agent", "task-only", "--split", split, "--no-images", "--out", out, "--limit", 2)
    assert r.exit_code == 0, r.output
    assert "SSR" in r.stdout and "  isbench " in r.stdout
    r = invoke(
        "--agent", "task-only", "--split", split, "--no-images", "--out", out, "--resume", "--json"
    )
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["n"] == 3
    ids = [
        json.loads(line)["sample_id"] for line in (out / "episodes.jsonl").read_text().splitlines()
    ]
    assert sorted(ids) == ["laptop_0", "laptop_1", "laptop_2"]
    r = invoke("--agent", "task-only", "--split", split, "--no-images", "--out", out)
    assert r.exit_code == 2 and "--resume" in r.output


def test_model_run_through_inspect_writes_the_same_schema(split, tmp_path, monkeypatch):
    plans = {"unsafe": {INSTR[0]: UNSAFE_PLAN, INSTR[1]: UNSAFE_PLAN, INSTR[2]: SAFE_PLAN}}
    with FakeOpenAIServer(PlanPlayer(plans)) as server:
        monkeypatch.setenv("LOCAL_BASE_URL", server.base_url)
        monkeypatch.setenv("LOCAL_API_KEY", "x")
        out = tmp_path / "model"
        r = invoke(
            "--model",
            "openai-api/local/unsafe",
            "--split",
            split,
            "--out",
            out,
            "--json",
            "--limit",
            2,
        )
        assert r.exit_code == 0, r.output
        first = json.loads(r.stdout)
        assert (
            first["n"] == 2 and first["SR"] == 1.0 and first["SSR"] == 0.0 and first["SRec"] == 0.0
        )
        r = invoke(
            "--model",
            "openai-api/local/unsafe",
            "--split",
            split,
            "--out",
            out,
            "--json",
            "--resume",
        )
        assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    check_contract(summary)
    assert summary["n"] == 3 and summary["SSR"] == pytest.approx(1 / 3)
    lines = (out / "episodes.jsonl").read_text().splitlines()
    assert len(lines) == 3
    assert all(json.loads(line)["agent"] == "openai-api/local/unsafe" for line in lines)
    assert list((out / "inspect").glob("*.eval"))
    assert len(list((out / "images").rglob("*.png"))) == 2 * len(UNSAFE_PLAN) + len(SAFE_PLAN)


def test_builtin_agent_as_inspect_provider_with_model_args(split, tmp_path):
    r = invoke(
        "--model",
        "saferelbench/replay",
        "-M",
        "golden=true",
        "--split",
        split,
        "--no-images",
        "--out",
        tmp_path / "r",
        "--json",
    )
    assert r.exit_code == 0, r.output
    summary = json.loads(r.stdout)
    assert summary["n"] == 3 and summary["SSR"] == 1.0


@pytest.mark.parametrize(
    "args,message",
    [
        (["--agent", "oracle", "--model", "x/y"], "exactly one of --agent"),
        ([], "exactly one of --agent"),
        (["--agent", "genius"], "unknown agent 'genius'"),
        (["--agent", "oracle", "--prompt", "polite"], "unknown prompt variant 'polite'"),
        (["--agent", "oracle", "--split", "isbench:/nonexistent/dir"], "/nonexistent/dir"),
        (["--agent", "oracle", "--resume"], "--resume needs --out"),
        (["--agent", "oracle", "--plan", "p.json"], "--plan only applies"),
        (["--agent", "oracle", "--limit", "0"], "--limit must be at least 1"),
        (["--model", "gpt-4o"], "expected PROVIDER/MODEL"),
        (["--agent", "oracle", "-M", "x=1"], "--model-arg only applies"),
        (["--model", "saferelbench/replay", "-M", "golden"], "expected KEY=VALUE"),
    ],
)
def test_bad_input_is_one_clear_line(split, tmp_path, args, message):
    if "--split" not in args:
        args = [*args, "--split", split]
    if "--resume" not in args:
        args = [*args, "--out", tmp_path / "o"]
    r = invoke(*args, "--no-images")
    assert r.exit_code == 2, r.output
    assert message in r.output
    assert "Traceback" not in r.output
