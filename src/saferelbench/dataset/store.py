"""Loading the shipped samples (package data ``dataset/data/samples.jsonl``) or any JSONL file
of samples. Loading errors name the file, the line/sample and the field.

A file other than the shipped one is also checked for meaning (:func:`task_problem`): every
init atom, goal and condition compiles against the sample's objects, triggers name known
actions and objects with the right arity, and plan steps are well-formed actions over the
sample's objects. The shipped file skips that check (it costs ~2 ms a sample and the shipped
samples are validated by the test suite).
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

from saferelbench.dataset.sample import SCHEMA_VERSION, Sample
from saferelbench.world.actions import ActionSyntaxError, parse_action
from saferelbench.world.conditions import ConditionError
from saferelbench.world.errors import InputError
from saferelbench.world.jsonio import iter_jsonl, validate
from saferelbench.world.scene_builder import TaskError, build_world
from saferelbench.world.task import Task
from saferelbench.world.verdict import TaskEvaluator
from saferelbench.world.vocabulary import did_you_mean

DATA_FILE = "samples.jsonl"


class SampleLoadError(InputError):
    """A sample file that cannot be read; the message names file, line/sample and field."""


class UnknownSampleError(InputError, KeyError):
    """A sample id the dataset does not have (a ``KeyError`` too, so ``except KeyError`` catches it); the
    message suggests the nearest ids."""

    def __str__(self) -> str:  # KeyError's own str() would quote the whole message
        return str(self.args[0]) if self.args else "unknown sample id"


def shipped_path() -> Path:
    return Path(str(resources.files("saferelbench.dataset").joinpath("data", DATA_FILE)))


def task_problem(task: Task) -> str | None:
    """What makes ``task`` unusable, as ``"field 'NAME': reason"``, or None when it is sound.

    Checks what a schema cannot: init atoms, goal and conditions compile against the task's
    objects (unknown predicate, unknown object, bad BDDL), triggers are known actions with the
    right arity over known objects, and every step of the golden (and, for samples, naive) plan
    is such an action. Loaders prefix the file and sample (see :func:`read_samples`)."""
    prefix = f"task {task.id!r}: "
    try:
        world = build_world(task)
        TaskEvaluator(task, world.scene)
    except (TaskError, ConditionError) as exc:
        message = str(exc)
        return message[len(prefix) :] if message.startswith(prefix) else message
    names = set(world.scene.names())
    plans = [("golden_plan", task.golden_plan), ("naive_plan", getattr(task, "naive_plan", []))]
    for field_name, plan in plans:
        for i, step in enumerate(plan):
            try:
                action = parse_action(step.action)
            except ActionSyntaxError as exc:
                return f"field '{field_name}[{i}].action' ({step.action!r}): {exc}"
            unknown = [a for a in action.args if a not in names]
            if unknown:
                return f"field '{field_name}[{i}].action' ({step.action!r}): unknown object(s) {', '.join(unknown)} (not in 'objects')"
    return None


def read_samples(path: Path | str, *, check: bool = True) -> list[Sample]:
    """Parse a JSONL file of samples (strict: unknown fields, bad values and unknown schema
    versions are errors). With ``check`` (the default) each sample is also checked for meaning
    by :func:`task_problem`. Raises :class:`SampleLoadError` with
    ``FILE: line N (sample 'ID'): field 'NAME': reason``."""
    path = Path(path)
    samples: list[Sample] = []
    for lineno, raw in iter_jsonl(path, error=SampleLoadError, kind="sample"):
        sid = raw.get("id", "?")
        where = f"{path}: line {lineno}, sample {str(sid)!r}"
        version = raw.get("schema_version", SCHEMA_VERSION)
        if str(version).split(".")[0] != SCHEMA_VERSION.split(".")[0]:
            raise SampleLoadError(
                f"{where}: field 'schema_version': unsupported {version!r} (this code reads {SCHEMA_VERSION})"
            )
        sample = validate(Sample, raw, path=path, line=lineno, sample=sid, error=SampleLoadError)
        if check:
            problem = task_problem(sample)
            if problem:
                raise SampleLoadError(f"{where}: {problem}")
        samples.append(sample)
    return samples


@lru_cache(maxsize=1)
def _shipped() -> tuple[Sample, ...]:
    return tuple(read_samples(shipped_path(), check=False))


@lru_cache(maxsize=1)
def _by_id() -> dict[str, Sample]:
    return {s.id: s for s in _shipped()}


def load_samples(
    split: str | None = None, relation: str | None = None, risk: str | None = None
) -> list[Sample]:
    """The shipped samples, optionally filtered by split, relation and risk type."""
    return [
        s
        for s in _shipped()
        if (split is None or s.split == split)
        and (relation is None or s.relation == relation)
        and (risk is None or s.risk == risk)
    ]


def get_sample(sample_id: str) -> Sample:
    """One shipped sample by id (:class:`UnknownSampleError`, a ``KeyError``, with the nearest
    ids for an unknown one)."""
    try:
        return _by_id()[sample_id]
    except KeyError:
        hint = did_you_mean(sample_id, _by_id())
        raise UnknownSampleError(
            f"unknown sample id {sample_id!r} (there are {len(_by_id())} samples{hint})"
        ) from None
