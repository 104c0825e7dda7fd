"""What ``run.json`` records besides the configuration: where, when and with what a run was
made (:class:`~saferelbench.evaluation.results.Provenance`), and the run info of a new run."""

from __future__ import annotations

import platform
import sys
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from typing import Any

from saferelbench.evaluation.results import Provenance, RunInfo
from saferelbench.harness.config import RunConfig

__all__ = ["PACKAGES", "new_run_info", "now_iso", "package_version", "provenance"]

#: The libraries whose versions a run records (installed ones only).
PACKAGES = ("inspect_ai", "pydantic", "pillow", "typer")


def package_version(name: str = "saferelbench") -> str:
    """The installed version of ``name``; empty when it is not installed."""
    try:
        return version(name)
    except PackageNotFoundError:
        return ""


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def provenance() -> Provenance:
    """This process: the time, the package's version, Python, the platform, the libraries.
    (``versions``, the comparability record, is added when the run directory is prepared.)"""
    found = {name: package_version(name) for name in PACKAGES}
    return Provenance(
        started=now_iso(),
        saferelbench_version=package_version(),
        python=platform.python_version() or sys.version.split()[0],
        platform=platform.platform(),
        packages={name: v for name, v in found.items() if v},
    )


def new_run_info(agent: str, runner: str, config: RunConfig, **extra: Any) -> RunInfo:
    """The run info of a run starting now: ``config`` recorded once, with the provenance."""
    return RunInfo(
        agent=agent, runner=runner, config=config.to_json(), provenance=provenance(), extra=extra
    )
