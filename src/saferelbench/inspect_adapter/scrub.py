"""Secrets out of files written by others: Inspect's ``.eval`` logs (zip archives with zstd
members, which only ``inspect_ai`` teaches ``zipfile`` to read) and any other file of a run
directory. The secrets are those of a :class:`~saferelbench.harness.errors.Redactor`."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
import zipfile
from pathlib import Path

from saferelbench.harness.errors import Redactor


def _zip_support() -> None:
    """Inspect writes its ``.eval`` logs with zstd members; importing it teaches ``zipfile``
    to read and write them."""
    with contextlib.suppress(ImportError):
        import inspect_ai.log  # noqa: F401


def _dead_bytes(z: zipfile.ZipFile) -> int:
    """Bytes before the central directory that no live member accounts for (an estimate that
    errs low: a local header is counted at its largest, zip64, size)."""
    try:
        live = sum(len(info.FileHeader(zip64=True)) + info.compress_size for info in z.infolist())
        return max(0, int(getattr(z, "start_dir", 0)) - live)
    except Exception:
        return 0


def scrub_file(path: Path, redactor: Redactor) -> bool:
    """Remove every secret from a file written by someone else; return True if it changed.

    A zip archive (Inspect's ``.eval`` log) is rewritten member by member; anything else is
    treated as bytes. The new file replaces the old atomically.
    """
    if not redactor or not path.is_file():
        return False
    if zipfile.is_zipfile(path):
        _zip_support()
        with zipfile.ZipFile(path) as z:
            members = [(info, z.read(info)) for info in z.infolist()]
            dead = _dead_bytes(z)
        cleaned = [(info, redactor.bytes(data)) for info, data in members]
        # Dead bytes (members an appending writer superseded) may hold a secret we cannot see
        # without decompressing them: a rewrite drops them.
        if dead == 0 and all(a[1] == b[1] for a, b in zip(members, cleaned, strict=True)):
            return False
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        os.close(fd)
        try:
            with zipfile.ZipFile(tmp, "w") as out:
                for info, data in cleaned:
                    out.writestr(info, data, compress_type=info.compress_type)
            os.chmod(tmp, stat.S_IMODE(path.stat().st_mode))
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return True
    data = path.read_bytes()
    cleaned_bytes = redactor.bytes(data)
    if cleaned_bytes == data:
        return False
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(cleaned_bytes)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, stat.S_IMODE(path.stat().st_mode))
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return True
