"""The run directory: where a run's results live on disk, written so a crash loses little.

Layout::

    RUN/run.json          how the run was made (RunInfo: the configuration once and the
                          provenance), written atomically
    RUN/episodes.jsonl    one EpisodeResult per line, appended and fsynced per episode
    RUN/summary.json      the metrics over every episode in episodes.jsonl, written atomically
    RUN/images/<sample>/step_001.png   optional observation images (a step showing the
                                       image of the step before: a hard link to its file)

An interrupted run can be resumed: finished sample ids are read back from ``episodes.jsonl``;
a torn last line (the process died mid-write) is ignored and cut off before the next append,
so a sample is never recorded twice. ``retry_errors`` also runs again the episodes that ended
with an error (a model outage): their records move to ``retried_errors.jsonl`` first.

Crash safety, file by file (tested by killing runs with SIGKILL, tests/reliability):
``run.json`` and ``summary.json`` are replaced atomically (temporary file, fsync, rename), so a
reader sees the old or the new file; leftover temporary files of a killed write are removed
by the next :meth:`RunDir.prepare`. ``episodes.jsonl`` only grows by whole fsynced lines,
except for a last line torn by a kill, which readers skip and ``prepare`` cuts off.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from saferelbench.evaluation.results import EpisodeResult, RunInfo
from saferelbench.harness.versions import comparability, versions_for
from saferelbench.world.errors import InputError, describe_validation_error
from saferelbench.world.jsonio import iter_jsonl, read_json

EPISODES = "episodes.jsonl"
SUMMARY = "summary.json"
RUN_INFO = "run.json"
IMAGES = "images"
RETRIED_ERRORS = "retried_errors.jsonl"
#: Name pattern of write_json_atomic's temporary files (removed when left by a killed write).
TMP_GLOB = ".*.tmp"

#: What must match for ``--resume`` to continue an existing run: the agent and these options
#: (the verdict protocol, the action mode and the frames shown shape what is measured too).
RESUME_KEYS = ("prompt", "seed", "split", "relation", "risk", "images", "protocol")
#: Options whose results are never pooled in one run, with their value in older runs.
MODE_KEYS = (("actions", "json"), ("image_history", 1))


def with_versions(info: RunInfo) -> RunInfo:
    """``info`` with its versions record filled in (kept as it is when it has one)."""
    if info.versions:
        return info
    tasks_from = info.extra.get("tasks_from")
    versions = versions_for(
        split=tasks_from if isinstance(tasks_from, str) else info.split,
        protocol=info.protocol,
        prompt=info.prompt,
        config=info.config,
    )
    return info.with_provenance(versions=versions)


class RunDirError(InputError):
    """A run directory that cannot be used as asked (the message names the file)."""


def write_json_atomic(path: Path, data: Any) -> None:
    """Write JSON via a temporary file in the same folder and ``os.replace``: readers see the
    old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=2, ensure_ascii=False)
            f.write("\n")
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)  # mkstemp makes it private; results are ordinary files
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def safe_name(sample_id: str) -> str:
    """A file-system-safe folder name for a sample id."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", sample_id) or "_"


def _as_new_file(target: Path, make: Callable[[], None]) -> None:
    """``make()`` creates ``target``, refusing one that exists: a file already there is
    removed and a missing folder made before it tries again (neither is looked for first:
    a run's images are new files in folders it made)."""
    try:
        make()
    except FileExistsError:
        target.unlink()
        make()
    except FileNotFoundError:
        if target.parent.is_dir():
            raise
        target.parent.mkdir(parents=True, exist_ok=True)
        make()


def _linked(source: Path, target: Path, png: bytes) -> bool:
    """Make ``target`` a hard link to ``source`` if that file still holds ``png`` (another
    writer, an epoch of the same sample, may have replaced it); False, with no file left at
    ``target``, where it does not or no link can be made."""
    try:
        _as_new_file(target, lambda: os.link(source, target))
    except OSError:  # no hard links here, or the earlier file is gone
        return False
    if target.read_bytes() == png:
        return True
    target.unlink()
    return False


class RunDir:
    """One run directory. Create it with :meth:`create` (new run or resume) or open it to read."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._recorded: set[str] | None = (
            None  #: sample ids in episodes.jsonl (after a first append)
        )
        self._size = -1  #: size of episodes.jsonl after our last append (else: read it again)
        #: the last image saved: sample id, its bytes and its file (a repeat is linked to it)
        self._last_image: tuple[str, bytes, Path] | None = None

    # ----- paths -----------------------------------------------------------------------------
    @property
    def episodes_path(self) -> Path:
        return self.path / EPISODES

    @property
    def summary_path(self) -> Path:
        return self.path / SUMMARY

    @property
    def run_path(self) -> Path:
        return self.path / RUN_INFO

    def image_ref(self, sample_id: str, step: int) -> str:
        """Image path relative to the run directory (what a StepRecord stores)."""
        return f"{IMAGES}/{safe_name(sample_id)}/step_{step:03d}.png"

    def save_image(self, sample_id: str, step: int, png: bytes) -> str:
        """Write one step's observation image; returns its :meth:`image_ref`. A step that shows
        the very image the sample's last saved step showed (a failed action leaves the scene as
        it was) gets a hard link to that file where the file system allows one: the same bytes
        under its own name, without writing them again (unless that file no longer holds them:
        epochs of one sample share its folder). Every image is a new file: one already at the
        target (left by an interrupted attempt, perhaps linked to another step's) is removed
        first, so no write ever goes through a link into another step's image."""
        ref = self.image_ref(sample_id, step)
        target = self.path / ref
        last = self._last_image
        if not (
            last is not None
            and last[0] == sample_id
            and last[1] == png
            and _linked(last[2], target, png)
        ):

            def write() -> None:
                with open(target, "xb") as f:
                    f.write(png)

            _as_new_file(target, write)
        self._last_image = (sample_id, png, target)
        return ref

    # ----- set-up ------------------------------------------------------------------------------
    def prepare(self, info: RunInfo, *, resume: bool, retry_errors: bool = False) -> set[str]:
        """Make the directory ready for ``info``; return the sample ids already finished.

        A fresh run refuses a directory that already holds episodes (no silent overwrite);
        a resumed run refuses one made with a different agent, prompt, seed, selection or
        verdict protocol.
        With ``retry_errors`` (resume only), errored episodes do not count as finished.
        """
        info = with_versions(info)
        self.path.mkdir(parents=True, exist_ok=True)
        for stale in self.path.glob(TMP_GLOB):  # a write_json_atomic killed half way
            stale.unlink(missing_ok=True)
        self._recorded = None
        has_episodes = self.episodes_path.exists() and self.episodes_path.stat().st_size > 0
        if not resume:
            if has_episodes:
                raise RunDirError(
                    f"{self.episodes_path}: the run directory already holds episodes; "
                    "use --resume to continue it or choose another --out"
                )
            write_json_atomic(self.run_path, info.model_dump(mode="json"))
            return set()
        if self.run_path.exists():
            old = self.read_info()
            for key in ("agent", *RESUME_KEYS):
                if getattr(old, key) != getattr(info, key):
                    raise RunDirError(
                        f"{self.run_path}: cannot resume: "
                        + (f"{key} was" if key == "protocol" else f"field {key!r} was")
                        + f" {getattr(old, key)!r}, now {getattr(info, key)!r}"
                    )
            was_version = old.versions.get("evaluation_version")
            now_version = info.versions.get("evaluation_version")
            if was_version and comparability(was_version) != comparability(now_version):
                raise RunDirError(
                    f"{self.run_path}: cannot resume: evaluation version was {was_version!r}, "
                    f"now {now_version!r} (scores of the two are not comparable)"
                )
            for key, default in MODE_KEYS:
                was_, now_ = old.setting(key, default), info.setting(key, default)
                if was_ != now_:
                    raise RunDirError(
                        f"{self.run_path}: cannot resume: {key} was {was_!r}, now {now_!r} "
                        "(results of different modes are never pooled in one run)"
                    )
            info = info.with_provenance(started=old.started or info.started)
        write_json_atomic(self.run_path, info.model_dump(mode="json"))
        self._cut_torn_tail()
        if retry_errors:
            self._set_aside_errors()
        return {e.sample_id for e in self.iter_episodes()}

    def _set_aside_errors(self) -> None:
        """Move errored episodes to retried_errors.jsonl, keeping the others (atomic rewrite)."""
        keep: list[str] = []
        errored: list[str] = []
        for episode in self.iter_episodes():
            (errored if episode.ended_by == "error" else keep).append(
                episode.model_dump_json() + "\n"
            )
        if not errored:
            return
        with (self.path / RETRIED_ERRORS).open("a", encoding="utf-8") as f:
            f.writelines(errored)
            f.flush()
            os.fsync(f.fileno())
        fd, tmp = tempfile.mkstemp(prefix=f".{EPISODES}.", suffix=".tmp", dir=self.path)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.writelines(keep)
                f.flush()
                os.fsync(f.fileno())
            os.chmod(tmp, 0o644)
            os.replace(tmp, self.episodes_path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def _cut_torn_tail(self) -> None:
        """Drop a last line without its newline (a write the process did not finish)."""
        p = self.episodes_path
        if not p.exists():
            return
        data = p.read_bytes()
        if not data or data.endswith(b"\n"):
            return
        keep = data.rfind(b"\n") + 1  # 0 when the only line is torn
        with p.open("r+b") as f:
            f.truncate(keep)
            f.flush()
            os.fsync(f.fileno())

    # ----- writing ----------------------------------------------------------------------------
    def append_episode(self, episode: EpisodeResult) -> bool:
        """Append one episode as a JSON line and fsync, so a finished episode survives a crash.

        A sample already recorded is not written again (returns False): whatever runs an
        episode twice (an Inspect sample retry, a second scorer call), the file holds one
        record per sample. The whole line goes out in one ``write`` of an ``O_APPEND`` file.
        """
        line = (episode.model_dump_json() + "\n").encode("utf-8")
        fd = os.open(self.episodes_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            # Worker processes of one run append to the same file: the lock makes the check
            # for a torn tail and the append one step (a dead holder's lock is released).
            fcntl.flock(fd, fcntl.LOCK_EX)
            size = os.fstat(fd).st_size
            if self._recorded is None or size != self._size:  # first append, or another writer
                self._cut_torn_tail()  # never glue a new record onto a torn one
                self._recorded = self._read_ids()
            if episode.sample_id in self._recorded:
                return False
            written = 0
            while written < len(line):
                written += os.write(fd, line[written:])
            os.fsync(fd)
            self._size = os.fstat(fd).st_size
        finally:
            os.close(fd)
        self._recorded.add(episode.sample_id)
        return True

    def _read_ids(self) -> set[str]:
        """Sample ids of the complete lines of episodes.jsonl (cheap: no validation)."""
        ids: set[str] = set()
        if not self.episodes_path.exists():
            return ids
        with self.episodes_path.open("rb") as f:
            for line in f:
                if not line.endswith(b"\n"):
                    break
                try:
                    ids.add(str(json.loads(line)["sample_id"]))
                except (ValueError, KeyError, TypeError):
                    continue
        return ids

    def write_summary(self, summary: dict[str, Any]) -> None:
        """Write summary.json. The run's versions (from run.json) are added to ``summary``
        itself, so what the caller prints is what the file holds."""
        if "versions" not in summary and self.run_path.exists():
            try:
                versions = self.read_info().versions
            except RunDirError:
                versions = {}
            if versions:
                summary["versions"] = versions
        write_json_atomic(self.summary_path, summary)

    # ----- reading ----------------------------------------------------------------------------
    def read_info(self) -> RunInfo:
        try:
            return RunInfo.model_validate(read_json(self.run_path, error=RunDirError))
        except ValidationError as exc:
            raise RunDirError(
                f"{self.run_path}: unreadable run info: {describe_validation_error(exc)}"
            ) from None

    def iter_episodes(self) -> Iterator[EpisodeResult]:
        """Episodes in file order, first record per sample id; a torn last line is skipped,
        a corrupt line elsewhere is an error naming the line."""
        p = self.episodes_path
        if not p.exists():
            return
        seen: set[str] = set()
        # a torn last line (the process died mid-write) is skipped; prepare() cuts it off
        for number, raw in iter_jsonl(p, error=RunDirError, skip_torn_tail=True, kind="episode"):
            try:
                episode = EpisodeResult.model_validate(raw)
            except ValidationError as exc:
                raise RunDirError(
                    f"{p}: line {number}: not an episode record: {describe_validation_error(exc)}"
                ) from None
            if episode.sample_id in seen:
                continue
            seen.add(episode.sample_id)
            yield episode

    def read_episodes(self) -> list[EpisodeResult]:
        return list(self.iter_episodes())
