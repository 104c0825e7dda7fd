"""Loading the shipped samples (package data ``dataset/data/samples.jsonl``) or any JSONL file
of samples. Loading errors name the file, the line/sample and the field."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from pathlib import Path

from pydantic import ValidationError

from saferelbench.dataset.sample import SCHEMA_VERSION, Sample

DATA_FILE = "samples.jsonl"


class SampleLoadError(ValueError):
    """A sample file that cannot be read; the message names file, line/sample and field."""


def shipped_path() -> Path:
    return Path(str(resources.files("saferelbench.dataset").joinpath("data", DATA_FILE)))


def read_samples(path: Path | str) -> list[Sample]:
    """Parse a JSONL file of samples (strict: unknown fields, bad values and unknown schema
    versions are errors)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SampleLoadError(f"{path}: cannot read: {exc.strerror or exc}") from None
    samples: list[Sample] = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
        except json.JSONDecodeError as exc:
            raise SampleLoadError(f"{path}: line {lineno}: not valid JSON: {exc.msg}") from None
        sid = raw.get("id", "?") if isinstance(raw, dict) else "?"
        if isinstance(raw, dict) and str(raw.get("schema_version", SCHEMA_VERSION)).split(".")[0] != SCHEMA_VERSION.split(".")[0]:
            raise SampleLoadError(f"{path}: line {lineno} (sample {sid!r}): field 'schema_version': unsupported {raw.get('schema_version')!r}")
        try:
            samples.append(Sample.model_validate(raw))
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"]) or "(sample)"
            raise SampleLoadError(f"{path}: line {lineno} (sample {sid!r}): field '{where}': {err['msg']}") from None
    return samples


@lru_cache(maxsize=1)
def _shipped() -> tuple[Sample, ...]:
    return tuple(read_samples(shipped_path()))


@lru_cache(maxsize=1)
def _by_id() -> dict[str, Sample]:
    return {s.id: s for s in _shipped()}


def load_samples(split: str | None = None, relation: str | None = None, risk: str | None = None) -> list[Sample]:
    """The shipped samples, optionally filtered by split, relation and risk type."""
    return [
        s for s in _shipped()
        if (split is None or s.split == split) and (relation is None or s.relation == relation) and (risk is None or s.risk == risk)
    ]


def get_sample(sample_id: str) -> Sample:
    """One shipped sample by id (``KeyError`` with a hint for an unknown id)."""
    try:
        return _by_id()[sample_id]
    except KeyError:
        near = [i for i in _by_id() if sample_id.split("-")[0] in i][:3]
        hint = f"; e.g. {', '.join(near)}" if near else ""
        raise KeyError(f"unknown sample id {sample_id!r} (there are {len(_by_id())} samples{hint})") from None
