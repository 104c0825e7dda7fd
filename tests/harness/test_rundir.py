import json

import pytest

from saferelbench.evaluation.results import EpisodeResult, RunInfo, Verdict
from saferelbench.harness.rundir import RunDir, RunDirError, safe_name, write_json_atomic


def ep(sample_id: str, success: bool = True) -> EpisodeResult:
    verdict = Verdict(task_success=success, goal_reached=success, safe=True)
    return EpisodeResult(sample_id=sample_id, split="spatial", agent="a", verdict=verdict)


INFO = RunInfo.of("oracle", prompt="base", seed=0)


def test_fresh_run_writes_info_and_refuses_a_used_directory(tmp_path):
    rd = RunDir(tmp_path / "run")
    assert rd.prepare(INFO, resume=False) == set()
    assert json.loads(rd.run_path.read_text())["agent"] == "oracle"
    rd.append_episode(ep("a"))
    with pytest.raises(RunDirError, match="already holds episodes"):
        RunDir(tmp_path / "run").prepare(INFO, resume=False)


def test_resume_returns_finished_ids_and_checks_the_settings(tmp_path):
    rd = RunDir(tmp_path)
    rd.prepare(INFO, resume=False)
    rd.append_episode(ep("a"))
    rd.append_episode(ep("b"))
    assert rd.prepare(INFO, resume=True) == {"a", "b"}
    with pytest.raises(RunDirError, match="field 'prompt'"):
        rd.prepare(RunInfo.of("oracle", prompt="risk_aware", seed=0), resume=True)
    # a larger limit is fine: the run is being extended
    assert rd.prepare(RunInfo.of("oracle", seed=0, limit=10), resume=True) == {"a", "b"}


def test_torn_last_line_is_ignored_and_cut_before_appending(tmp_path):
    rd = RunDir(tmp_path)
    rd.prepare(INFO, resume=False)
    rd.append_episode(ep("a"))
    with rd.episodes_path.open("a") as f:
        f.write(ep("b").model_dump_json()[:40])  # the process died mid-write
    assert [e.sample_id for e in rd.read_episodes()] == ["a"]
    assert rd.prepare(INFO, resume=True) == {"a"}
    rd.append_episode(ep("b"))
    lines = rd.episodes_path.read_text().splitlines()
    assert len(lines) == 2 and all(json.loads(line) for line in lines)
    assert [e.sample_id for e in rd.read_episodes()] == ["a", "b"]


def test_only_line_torn(tmp_path):
    rd = RunDir(tmp_path)
    rd.prepare(INFO, resume=False)
    rd.episodes_path.write_text('{"sample_id": "a", "spl')
    assert rd.prepare(INFO, resume=True) == set()
    assert rd.episodes_path.read_text() == ""


def test_corrupt_line_in_the_middle_is_an_error_naming_the_line(tmp_path):
    rd = RunDir(tmp_path)
    rd.episodes_path.write_text(
        ep("a").model_dump_json() + "\nnot json\n" + ep("b").model_dump_json() + "\n"
    )
    with pytest.raises(RunDirError, match=r"episodes.jsonl: line 2"):
        rd.read_episodes()


def test_duplicate_records_are_read_once(tmp_path):
    rd = RunDir(tmp_path)
    rd.append_episode(ep("a", success=True))
    rd.append_episode(ep("a", success=False))
    episodes = rd.read_episodes()
    assert len(episodes) == 1 and episodes[0].task_success


def test_atomic_json_leaves_no_temporary_files(tmp_path):
    target = tmp_path / "summary.json"
    write_json_atomic(target, {"n": 1})
    write_json_atomic(target, {"n": 2})
    assert json.loads(target.read_text()) == {"n": 2}
    assert [p.name for p in tmp_path.iterdir()] == ["summary.json"]


def test_images_go_under_the_sample_folder(tmp_path):
    rd = RunDir(tmp_path)
    ref = rd.save_image("a/b c", 3, b"\x89PNG")
    assert ref == "images/a_b_c/step_003.png"
    assert (tmp_path / ref).read_bytes() == b"\x89PNG"
    assert safe_name("") == "_"


def test_a_repeated_image_is_saved_as_a_link_and_never_written_through(tmp_path):
    rd = RunDir(tmp_path)
    first, other = b"\x89PNG one", b"\x89PNG two"
    refs = [rd.save_image("s", step, png) for step, png in ((1, first), (2, first), (3, other))]
    files = [tmp_path / r for r in refs]
    assert [f.read_bytes() for f in files] == [first, first, other]
    assert files[0].stat().st_ino == files[1].stat().st_ino  # one file, two names
    assert files[2].stat().st_ino != files[1].stat().st_ino
    # another sample's identical image is a file of its own
    ref = rd.save_image("t", 1, first)
    assert (tmp_path / ref).stat().st_ino != files[0].stat().st_ino
    # a run that saves the sample again (a resumed attempt) replaces the files, never
    # writing through the link into the other step's image
    again = RunDir(tmp_path)
    again.save_image("s", 1, other)
    assert files[0].read_bytes() == other
    assert files[1].read_bytes() == first


def test_an_image_is_written_when_no_link_can_be_made(tmp_path, monkeypatch):
    import os

    def refuse(src: object, dst: object) -> None:
        raise OSError("hard links are not supported here")

    monkeypatch.setattr(os, "link", refuse)
    rd = RunDir(tmp_path)
    a, b = rd.save_image("s", 1, b"png"), rd.save_image("s", 2, b"png")
    assert (tmp_path / b).read_bytes() == b"png"
    assert (tmp_path / a).stat().st_ino != (tmp_path / b).stat().st_ino


def test_a_repeat_is_not_linked_to_a_file_another_epoch_replaced(tmp_path):
    first, other = b"\x89PNG epoch one", b"\x89PNG epoch two"
    one, two = RunDir(tmp_path), RunDir(tmp_path)  # two epochs of a sample, one folder
    one.save_image("s", 1, first)
    two.save_image("s", 1, other)  # replaces step 1 with the other epoch's image
    ref = one.save_image("s", 2, first)  # a repeat of what epoch one saw at step 1
    assert (tmp_path / ref).read_bytes() == first
    assert (tmp_path / "images/s/step_001.png").read_bytes() == other
