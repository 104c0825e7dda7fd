"""A verified run as a small results file in the shape Hugging Face model repositories use for
``.eval_results/*.yaml``: a list of entries, each ``{dataset: {id, task_id[, revision]},
value, date, source: {url, name}, notes}``.

One entry per task the dataset's ``eval.yaml`` declares (:data:`HF_TASKS`: SSR, SR and SRec on
the spatial split, on the controls and on both), its value the run's metric there; the notes
name the evaluation version, the dataset version, the protocol, the prompt variant and the
action mode, so results of different versions are never read as one. Only a run that
:mod:`saferelbench.reports.verify` passed is exported.
"""

from __future__ import annotations

from typing import Any

from saferelbench.dataset.hf_export import DEFAULT_DATASET_ID, HF_TASKS
from saferelbench.reports.verify import RunCheck

__all__ = ["DEFAULT_DATASET_ID", "NotVerified", "hf_eval_results"]


class NotVerified(ValueError):
    """A run whose replay differs from its record: its figures are not exported."""


def _group(summary: dict[str, Any], split: str) -> dict[str, Any] | None:
    if split == "all":
        return summary
    found = (summary.get("by_split") or {}).get(split)
    return found if isinstance(found, dict) else None


def hf_eval_results(
    check: RunCheck,
    *,
    dataset_id: str = DEFAULT_DATASET_ID,
    source_url: str | None = None,
    source_name: str = "SafeRelBench run, verified by replay",
) -> list[dict[str, Any]]:
    """The ``.eval_results`` entries of a verified run (raises :class:`NotVerified` if it
    was not)."""
    if not check.ok:
        raise NotVerified(
            f"{check.source}: {len(check.findings)} difference(s) between the record and its "
            "replay; only a verified run is exported (run `saferelbench verify` to see them)"
        )
    versions = check.versions
    notes = "; ".join(
        [
            f"evaluation version {versions.get('evaluation_version')}",
            f"dataset version {versions.get('dataset_version')}",
            f"protocol {versions.get('protocol')}",
            f"prompt {versions.get('prompt')}",
            f"action mode {versions.get('action_mode')}",
            f"agent {check.info.get('agent')}",
            f"n {check.summary.get('n')}",
        ]
    )
    date = str(check.info.get("started") or "") or None
    url = source_url or check.source.resolve().as_uri()
    entries: list[dict[str, Any]] = []
    for task_id, (split, metric) in HF_TASKS.items():
        group = _group(check.summary, split)
        if not group or not group.get("n"):
            continue
        value = group.get(metric)
        if value is None:
            continue
        entry: dict[str, Any] = {
            "dataset": {"id": dataset_id, "task_id": task_id},
            "value": round(float(value), 6),
        }
        if date:
            entry["date"] = date
        entry["source"] = {"url": url, "name": source_name}
        entry["notes"] = notes
        entries.append(entry)
    return entries
