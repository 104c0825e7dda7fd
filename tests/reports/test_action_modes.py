"""Reports keep runs of the two action modes (JSON text, tool calls) apart: each run's label
names its mode, a report holding both says so, and no figure line pools them."""

from saferelbench.evaluation.results import RunInfo
from saferelbench.harness.rundir import RunDir
from saferelbench.reports.build import build_report
from saferelbench.reports.loading import load_runs
from saferelbench.reports.modes import mixed_modes_warning, mode_suffix

from .builders import ep


def _run_dir(path, actions, image_history=1, prompt="base"):
    out = RunDir(path)
    info = RunInfo.of("openai/gpt-x", prompt=prompt, actions=actions, image_history=image_history)
    out.prepare(info, resume=False)
    for i in range(3):
        out.append_episode(ep(f"s{i}", agent="openai/gpt-x", prompt=prompt, safe=i != 0))
    return path


def test_labels_name_the_mode(tmp_path):
    runs = load_runs(
        [_run_dir(tmp_path / "json", "json"), _run_dir(tmp_path / "tools", "tools", 3)]
    )
    assert [r.label for r in runs] == [
        "openai/gpt-x · base",
        "openai/gpt-x · base · tool calls · 3 frames",
    ]


def test_a_report_of_both_modes_says_they_are_not_pooled(tmp_path):
    runs = load_runs(
        [
            _run_dir(tmp_path / "a", "json"),
            _run_dir(tmp_path / "b", "tools"),
            _run_dir(tmp_path / "c", "json", prompt="risk_aware"),
            _run_dir(tmp_path / "d", "tools", prompt="risk_aware"),
        ]
    )
    report = build_report(runs, tmp_path / "report")
    message = [w for w in report.warnings if "two action modes" in w]
    assert len(message) == 1 and "no figure pools the two modes" in message[0]
    assert "tool calls: openai/gpt-x · base · tool calls, openai/gpt-x · risk_aware" in message[0]
    markdown = (tmp_path / "report" / "report.md").read_text()
    assert "warning: these runs answered in two action modes" in markdown


def test_one_mode_no_message():
    info = RunInfo(agent="a", extra={"actions": "json"})
    assert mixed_modes_warning([("a", info), ("b", RunInfo(agent="b"))]) is None
    assert mode_suffix(RunInfo(agent="a")) == ""


def test_an_inspect_log_of_a_tools_run_is_labelled_with_its_mode(tmp_path):
    from inspect_ai import eval as inspect_eval

    from saferelbench.harness.sources import select_tasks
    from saferelbench.inspect_adapter import registry  # noqa: F401
    from saferelbench.inspect_adapter.task import saferelbench

    ids = ",".join(t.id for t in select_tasks(split="all")[::200])
    for actions in ("json", "tools"):
        logs = inspect_eval(
            saferelbench(ids=ids, images=False, actions=actions, image_history=2),
            model="saferelbench/random",
            log_dir=str(tmp_path / actions),
            display="none",
        )
        assert logs[0].status == "success"
    runs = load_runs([tmp_path / "json", tmp_path / "tools"])
    assert [r.label for r in runs] == [
        "saferelbench/random · base · 2 frames",
        "saferelbench/random · base · tool calls · 2 frames",
    ]
    assert [r.info.setting("actions") for r in runs] == ["json", "tools"]
    assert [len(r.episodes) for r in runs] == [3, 3]
