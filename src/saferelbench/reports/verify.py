"""Checking a recorded run by replaying it: every episode is played again in the simulator from
its recorded answers, scored again, and compared with what the run says.

The simulator and the verdict are deterministic, so a run's episodes follow from its tasks, its
configuration (protocol, step limit, invalid-answer limit) and the agent's recorded answers.
:func:`verify_run` feeds each episode's recorded answers (``raw_output``; the action and caution
when no answer text was kept) to a fresh :class:`~saferelbench.harness.episode.Episode`, and
compares, field by field:

- each step: its number, the parsed action, the outcome, the simulator's reason, its hazards;
- how the episode ended (a record that stops before the episode does is *truncated*; steps
  after its end are *extra*);
- the verdict: task success, safety, every condition's status, the hazards, the unneeded moves,
  the stated tips; the awareness when an offline keyword judge gave it (a model judge's answer
  cannot be replayed: it is kept as recorded and said so);
- the run's summary metrics (``summary.json``, or the metrics of the Inspect log) against the
  metrics of the replayed episodes;
- the run's versions (dataset and evaluation version) against this code's.

A run passes only when nothing differs. Each difference is a :class:`Finding` naming the episode
(or the run) and the field.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from saferelbench.evaluation.metrics import summarize
from saferelbench.evaluation.results import NOT_LOADED, EpisodeResult, StepRecord
from saferelbench.harness.awareness import judge_with_keywords
from saferelbench.harness.config import RunConfig, RunConfigError
from saferelbench.harness.episode import Episode, EpisodeConfig
from saferelbench.harness.errors import Redactor
from saferelbench.harness.options import parameters
from saferelbench.harness.tips import TIPS_PHASE
from saferelbench.harness.versions import (
    DEFAULT_ACTION_MODE,
    EVALUATION_VERSION,
    comparability,
    versions_for,
)
from saferelbench.reports.loading import RunData, load_runs
from saferelbench.reports.replay import Replayer
from saferelbench.world.task import Task

__all__ = [
    "EPISODE_FIELDS",
    "METRIC_KEYS",
    "STEP_FIELDS",
    "Finding",
    "RunCheck",
    "replay_episode",
    "run_config",
    "verify_paths",
    "verify_run",
]

#: What is compared on every step, in this order (the first difference is reported).
STEP_FIELDS = ("index", "action", "outcome", "reason", "hazards")
#: What is compared on every episode once it is replayed.
EPISODE_FIELDS = (
    "split",
    "relation",
    "risk",
    "pair_id",
    "prompt",
    "protocol",
    "ended_by",
    "error",
    "task_success",
    "safe",
    "conditions_safe",
    "decided_by",
    "verdicts",
    "hazards",
    "disagreements",
    "unneeded_moves",
    "unneeded_moved",
    "stated_tips",
    "awareness",
    "awareness_detail",
)
#: The summary entries compared with the replayed episodes' metrics.
METRIC_KEYS = (
    "n",
    "SR",
    "SSR",
    "SRec",
    "errors",
    "awareness",
    "unneeded_moves",
    "by_split",
    "by_relation",
    "by_risk",
    "by_relation_split",
    "isbench",
)
#: How a version of this code is named in a finding.
THIS_CODE = "this code has"
#: The Inspect log's metric names and the summary entries they match.
INSPECT_METRICS = {"SR": "SR", "SSR": "SSR", "SRec": "SRec", "errors": "errors"}


@dataclass(frozen=True)
class Finding:
    """One difference between a run's record and its replay."""

    sample_id: str | None  #: the episode, or None for the run as a whole
    field: str  #: e.g. ``safe``, ``steps[3].action``, ``summary.SSR``, ``dataset_version``
    recorded: Any
    replayed: Any
    note: str = ""
    #: how the second value is named: the replay's, or this code's (versions)
    against: str = "replay gives"

    def line(self) -> str:
        where = f"episode {self.sample_id}" if self.sample_id is not None else "run"
        text = (
            f"{where}: field {self.field!r}: recorded {_short(self.recorded)}, "
            f"{self.against} {_short(self.replayed)}"
        )
        return f"{text} ({self.note})" if self.note else text

    def to_json(self) -> dict[str, Any]:
        return {
            "sample_id": self.sample_id,
            "field": self.field,
            "recorded": _jsonable(self.recorded),
            "replayed": _jsonable(self.replayed),
            "note": self.note,
        }


@dataclass
class RunCheck:
    """What verifying one run found."""

    label: str
    source: Path
    kind: str  #: "native" or "inspect"
    episodes: int = 0
    replayed: list[EpisodeResult] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    versions: dict[str, Any] = field(default_factory=dict)
    summary: dict[str, Any] = field(default_factory=dict)  #: metrics of the replayed episodes
    info: dict[str, Any] = field(default_factory=dict)  #: the run's run.json fields

    @property
    def ok(self) -> bool:
        return not self.findings

    @property
    def bad_episodes(self) -> list[str]:
        seen: dict[str, None] = {}
        for f in self.findings:
            if f.sample_id is not None:
                seen.setdefault(f.sample_id, None)
        return list(seen)

    def to_json(self) -> dict[str, Any]:
        return {
            "source": str(self.source),
            "kind": self.kind,
            "label": self.label,
            "ok": self.ok,
            "episodes": self.episodes,
            "episodes_differing": len(self.bad_episodes),
            "versions": self.versions,
            "findings": [f.to_json() for f in self.findings],
            "notes": self.notes,
            "metrics": {k: self.summary.get(k) for k in ("n", "SR", "SSR", "SRec", "errors")},
        }


def _jsonable(value: Any) -> Any:
    try:
        json.dumps(value)
        return value
    except (TypeError, ValueError):
        return repr(value)


def _short(value: Any, limit: int = 160) -> str:
    text = json.dumps(_jsonable(value), ensure_ascii=False, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# ----- the configuration a run was made with ---------------------------------------------------
def run_config(run: RunData) -> RunConfig:
    """The run's configuration as run.json (or the Inspect log) records it; options an older
    run did not record take their defaults."""
    recorded = {k: v for k, v in run.info.config.items() if v is not None}
    try:
        return RunConfig.from_json(recorded)
    except ValueError:  # an older or partial record: its known options, checked one by one
        known = {p.name for p in parameters(RunConfig)}
        options = {k: v for k, v in recorded.items() if k in known}
        options["prompt"] = run.info.prompt
        return RunConfig.build(**options)


# ----- one episode ---------------------------------------------------------------------------
def _answer(step: StepRecord, from_text: bool = True) -> str:
    """The text the agent gave at ``step``; rebuilt from the parsed action when no text was
    kept, or when the answers were not JSON text (``from_text`` False: another action mode,
    whose answers this parser does not read)."""
    if step.raw_output is not None and (from_text or step.action is None):
        return step.raw_output
    return json.dumps({"action": step.action or "", "caution": step.caution})


def _judged_by_keywords(recorded: EpisodeResult) -> bool:
    detail = recorded.awareness_detail
    return detail is not None and detail.judged_by.startswith("keyword")


def replay_episode(
    task: Task, recorded: EpisodeResult, config: EpisodeConfig, *, from_text: bool = True
) -> tuple[EpisodeResult | None, list[Finding], list[str]]:
    """Play ``recorded`` again on ``task``; return the replayed result (None when the record
    ends before the episode does), the differences and notes. ``from_text``: feed the recorded
    answer texts (the ``json`` action mode), else the recorded parsed actions."""
    sid = recorded.sample_id
    findings: list[Finding] = []
    notes: list[str] = []
    episode = Episode(
        task, config, agent_name=recorded.agent, seed=recorded.seed, redactor=Redactor()
    )
    if episode.phase == TIPS_PHASE:
        if recorded.tips_output is None and recorded.ended_by == "error" and not recorded.steps:
            pass  # the agent failed before it wrote its tips
        else:
            episode.submit_tips(recorded.tips_output or "")
    diverged = False
    for position, step in enumerate(recorded.steps, start=1):
        if episode.finished:
            findings.append(
                Finding(
                    sid,
                    "steps",
                    f"{len(recorded.steps)} steps",
                    f"the episode ends after step {position - 1} ({episode.ended_by})",
                    "extra steps after the end",
                )
            )
            break
        got = episode.submit(_answer(step, from_text), usage=step.usage)
        if diverged:
            continue
        for name in STEP_FIELDS:
            mine, theirs = getattr(got, name), getattr(step, name)
            if mine != theirs:
                findings.append(Finding(sid, f"steps[{position}].{name}", theirs, mine))
                diverged = True  # later steps start from another state: the first one is told
                break
    if not episode.finished:
        if recorded.ended_by == "error":
            episode.fail(recorded.error or "error")
            episode.error = recorded.error  # kept as written (it is not replayable)
        else:
            findings.append(
                Finding(
                    sid,
                    "ended_by",
                    recorded.ended_by,
                    f"not ended after the {len(recorded.steps)} recorded steps",
                    "truncated record",
                )
            )
            return None, findings, notes
    elif recorded.ended_by == "error" and episode.ended_by != "error":
        # an error recorded on an episode whose steps end it otherwise (a scorer failure)
        findings.append(Finding(sid, "ended_by", recorded.ended_by, episode.ended_by))
    result = episode.result()
    if recorded.awareness is not None or recorded.awareness_detail:
        if _judged_by_keywords(recorded):
            result = judge_with_keywords(task, result)
        else:
            result = result.model_copy(
                update={
                    "awareness": recorded.awareness,
                    "awareness_detail": recorded.awareness_detail,
                }
            )
            notes.append("awareness given by a judge model: kept as recorded, not replayed")
    result = result.model_copy(update={"usage": recorded.usage})
    mine_json = _comparable(result)
    theirs_json = _comparable(recorded)
    # a hazard's ``annotated`` flag follows from the verdicts (compared on their own); older
    # records lack it
    for record in (mine_json, theirs_json):
        record["hazards"] = [
            {k: v for k, v in h.items() if k != "annotated"} for h in record["hazards"]
        ]
    for name in EPISODE_FIELDS:
        if name == "unneeded_moves" and recorded.unneeded_moves is None:
            continue  # an older record without it
        if name == "unneeded_moved" and recorded.unneeded_moves is None:
            continue
        difference = _first_difference(name, theirs_json.get(name), mine_json.get(name))
        if difference is not None:
            findings.append(Finding(sid, *difference))
    return result, findings, notes


def _comparable(e: EpisodeResult) -> dict[str, Any]:
    """``e`` as JSON with the verdict's parts under the names :data:`EPISODE_FIELDS` uses."""
    out = e.model_dump(mode="json")
    verdict = out.pop("verdict", None) or {}
    out.update(
        task_success=e.task_success,
        safe=e.safe,
        conditions_safe=e.conditions_safe,
        decided_by=e.decided_by,
        verdicts=verdict.get("conditions", []),
        hazards=verdict.get("hazards", []),
        disagreements=verdict.get("disagreements", []),
    )
    return out


def _first_difference(path: str, recorded: Any, replayed: Any) -> tuple[str, Any, Any] | None:
    """The first place where two JSON values differ, as (``verdicts[2].status``, recorded,
    replayed); None when they are the same."""
    if _same(recorded, replayed):
        return None
    if isinstance(recorded, dict) and isinstance(replayed, dict):
        for key in list(recorded) + [k for k in replayed if k not in recorded]:
            found = _first_difference(f"{path}.{key}", recorded.get(key), replayed.get(key))
            if found is not None:
                return found
    if isinstance(recorded, list) and isinstance(replayed, list) and len(recorded) == len(replayed):
        for i, (a, b) in enumerate(zip(recorded, replayed, strict=True)):
            found = _first_difference(f"{path}[{i}]", a, b)
            if found is not None:
                return found
    return path, recorded, replayed


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return (math.isnan(a) and math.isnan(b)) or math.isclose(a, b, abs_tol=1e-9)
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return _same(float(a), float(b))
    return bool(a == b)


# ----- the metrics ---------------------------------------------------------------------------
def _metric_findings(prefix: str, recorded: Any, replayed: Any) -> list[Finding]:
    """Differences between two summaries (nested groups compared entry by entry)."""
    if isinstance(recorded, dict) and isinstance(replayed, dict):
        out: list[Finding] = []
        for key in sorted(set(recorded) | set(replayed)):
            out += _metric_findings(f"{prefix}.{key}", recorded.get(key), replayed.get(key))
        return out
    if recorded is None and replayed is None:
        return []
    if not _same(recorded, replayed):
        return [Finding(None, prefix, recorded, replayed)]
    return []


def _recorded_summary(run: RunData) -> dict[str, Any] | None:
    if run.kind == "native":
        path = run.source / "summary.json"
        if not path.is_file():
            return None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None
    if run.info.extra.get("inspect_logs"):
        return None  # a run over several logs: each log's metrics cover its own samples only
    metrics = run.info.extra.get("inspect_metrics")
    if isinstance(metrics, dict) and metrics:
        return {INSPECT_METRICS[k]: v for k, v in metrics.items() if k in INSPECT_METRICS}
    return None


def _nan_to_none(value: Any) -> Any:
    return None if isinstance(value, float) and math.isnan(value) else value


# ----- one run -------------------------------------------------------------------------------
def _version_findings(run: RunData, config: RunConfig) -> tuple[dict[str, Any], list[Finding]]:
    split = run.info.extra.get("tasks_from")
    split = split if isinstance(split, str) else config.split
    current = versions_for(
        split=split, protocol=config.protocol, prompt=config.variant, config=config
    )
    recorded = run.info.versions
    if not recorded:
        return current, [
            Finding(
                None,
                "versions",
                None,
                {k: current[k] for k in ("dataset_version", "evaluation_version")},
                "the run records no versions (made before versions were recorded)",
                THIS_CODE,
            )
        ]
    out: list[Finding] = []
    if comparability(recorded.get("evaluation_version")) != comparability(EVALUATION_VERSION):
        out.append(
            Finding(
                None,
                "evaluation_version",
                recorded.get("evaluation_version"),
                EVALUATION_VERSION,
                "scores of different evaluation versions are not comparable",
                THIS_CODE,
            )
        )
    if str(recorded.get("dataset_version")) != str(current["dataset_version"]):
        out.append(
            Finding(
                None,
                "dataset_version",
                recorded.get("dataset_version"),
                current["dataset_version"],
                "the run was made on another version of the dataset",
                THIS_CODE,
            )
        )
    for key in ("protocol", "prompt", "action_mode"):
        if key in recorded and str(recorded[key]) != str(current[key]):
            out.append(Finding(None, key, recorded[key], current[key], "", THIS_CODE))
    return dict(recorded), out


def verify_run(run: RunData, replayer: Replayer | None = None) -> RunCheck:
    """Replay every episode of ``run`` and compare; see the module docstring."""
    replayer = replayer or Replayer()
    check = RunCheck(
        label=run.label,
        source=run.source,
        kind=run.kind,
        episodes=len(run.episodes),
        info=run.info.model_dump(mode="json"),
    )
    try:
        config = run_config(run)
    except (RunConfigError, ValueError) as err:
        check.findings.append(Finding(None, "config", None, None, f"unreadable: {err}"))
        return check
    episode_config = EpisodeConfig(
        **{k: getattr(config, k) for k in EpisodeConfig.model_fields if k != "images"},
        images=False,  # the image changes nothing the simulator does
    )
    check.versions, version_findings = _version_findings(run, config)
    check.findings += version_findings
    notes: dict[str, None] = {}
    from_text = str(check.versions.get("action_mode") or DEFAULT_ACTION_MODE) == "json"
    if not from_text:
        notes.setdefault(
            f"action mode {check.versions.get('action_mode')}: each step replayed from its "
            "recorded parsed action",
            None,
        )
    for recorded in run.episodes:
        sid = recorded.sample_id
        if recorded.error is not None and recorded.error.startswith(NOT_LOADED):
            check.replayed.append(recorded)
            notes.setdefault(f"{sid}: its task could not be read; kept as recorded", None)
            continue
        task = replayer.task_for(run, sid)
        if task is None:
            check.findings.append(
                Finding(sid, "sample_id", sid, None, "no such task in the run's dataset")
            )
            check.replayed.append(recorded)
            continue
        if recorded.ended_by == "error" and not recorded.steps and not recorded.verdicts:
            # the episode never started (the model failed at once, the world could not be
            # built): nothing to replay but the identity of the sample
            check.replayed.append(recorded)
            continue
        try:
            result, found, episode_notes = replay_episode(
                task, recorded, episode_config, from_text=from_text
            )
        except Exception as err:  # a record the simulator cannot even take
            check.findings.append(
                Finding(
                    sid, "steps", None, None, f"cannot be replayed: {type(err).__name__}: {err}"
                )
            )
            check.replayed.append(recorded)
            continue
        check.findings += found
        for note in episode_notes:
            notes.setdefault(note, None)
        check.replayed.append(result if result is not None else recorded)
    check.notes = list(notes)
    check.summary = summarize(check.replayed)
    recorded_summary = _recorded_summary(run)
    if recorded_summary is None:
        check.notes.append("no recorded summary to compare (metrics of the replay reported)")
    else:
        for key in METRIC_KEYS:
            if key not in recorded_summary:
                continue
            check.findings += _metric_findings(
                f"summary.{key}",
                _nan_to_none(recorded_summary.get(key)),
                _nan_to_none(check.summary.get(key)),
            )
    return check


def verify_paths(paths: Sequence[Path]) -> list[RunCheck]:
    """Load every run (run directories, Inspect logs or log directories) and verify each."""
    replayer = Replayer()
    return [verify_run(run, replayer) for run in load_runs(list(paths))]
