"""The one JSON/JSONL reader and the one base error class."""

from __future__ import annotations

from pathlib import Path

import pytest

from saferelbench.world.errors import InputError, SafeRelBenchError
from saferelbench.world.jsonio import iter_jsonl, read_json, validate
from saferelbench.world.task import PlanStep


def test_jsonl_errors_name_file_and_line(tmp_path: Path) -> None:
    p = tmp_path / "x.jsonl"
    p.write_bytes(b'{"a": 1}\n\n{oops\n{"b": 2}\n')
    with pytest.raises(InputError, match=r"x\.jsonl: line 3: not valid JSON"):
        list(iter_jsonl(p))
    p.write_bytes(b'{"a": 1}\n[1]\n')
    with pytest.raises(InputError, match="line 2: a record is a JSON object, got list"):
        list(iter_jsonl(p))


def test_torn_tail_is_skipped_or_explained(tmp_path: Path) -> None:
    p = tmp_path / "e.jsonl"
    p.write_bytes(b'{"a": 1}\n{"a": ')
    assert [n for n, _ in iter_jsonl(p, skip_torn_tail=True)] == [1]
    with pytest.raises(InputError, match="torn last line"):
        list(iter_jsonl(p))


def test_read_json_and_validate(tmp_path: Path) -> None:
    p = tmp_path / "plan.json"
    with pytest.raises(InputError, match="cannot read"):
        read_json(p)
    p.write_bytes(b"\xff")
    with pytest.raises(InputError, match="not UTF-8"):
        read_json(p)
    with pytest.raises(InputError, match=r"plan\.json: line 4, sample 's1': field 'action'"):
        validate(PlanStep, {"action": 3}, path=p, line=4, sample="s1")


def test_every_project_error_derives_from_the_base_class() -> None:
    from saferelbench.agents.replay import PlanError
    from saferelbench.dataset.isbench import TaskFormatError, UnsupportedTask
    from saferelbench.dataset.store import SampleLoadError
    from saferelbench.harness.config import RunConfigError
    from saferelbench.harness.rundir import RunDirError
    from saferelbench.harness.sources import SourceError
    from saferelbench.reports.loading import ReportInputError
    from saferelbench.world.actions import ActionSyntaxError
    from saferelbench.world.conditions import ConditionError
    from saferelbench.world.scene_builder import TaskError
    from saferelbench.world.vocabulary import VocabularyError

    for cls in (
        PlanError,
        TaskFormatError,
        UnsupportedTask,
        SampleLoadError,
        RunConfigError,
        RunDirError,
        SourceError,
        ReportInputError,
        ActionSyntaxError,
        ConditionError,
        TaskError,
        VocabularyError,
    ):
        assert issubclass(cls, SafeRelBenchError) and issubclass(cls, ValueError), cls


def test_an_unknown_sample_is_a_key_error_with_a_readable_message() -> None:
    from saferelbench.dataset.store import UnknownSampleError, get_sample

    with pytest.raises(KeyError) as info:
        get_sample("sup-falling_tidi-03")
    assert isinstance(info.value, UnknownSampleError)
    assert str(info.value).startswith("unknown sample id 'sup-falling_tidi-03'")
    assert "did you mean 'sup-falling_tidy-03'" in str(info.value)
