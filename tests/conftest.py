"""Shared test fixtures. Tests that read ../shared say so with the ``shared`` fixture: in CI a
missing ../shared fails loudly instead of skipping."""

from __future__ import annotations

import os
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# No per-example deadline anywhere: a busy CI machine must not turn a slow example into a
# failure (the properties are about behaviour, not speed; speed lives in benchmarks/).
settings.register_profile("saferelbench", deadline=None)
settings.load_profile("saferelbench")

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
ISBENCH_EXAMPLES = SHARED / "notes" / "isbench-examples"


@pytest.fixture()
def isbench_examples() -> Path:
    """The IS-Bench-format examples in ../shared/notes/isbench-examples."""
    if not ISBENCH_EXAMPLES.is_dir():
        message = f"this test needs {ISBENCH_EXAMPLES} (../shared beside the repository)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return ISBENCH_EXAMPLES


# Tests over this many seconds carry @pytest.mark.slow (listed in docs/testing.md); an unmarked
# one is named at the end of the run so that the list stays true. A note, never a failure:
# durations depend on the machine.
SLOW_SECONDS = 5.0
_unmarked_slow: list[tuple[str, float]] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "call" and report.duration > SLOW_SECONDS and "slow" not in report.keywords:
        _unmarked_slow.append((report.nodeid, report.duration))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if _unmarked_slow:
        terminalreporter.section("tests over 5 s without @pytest.mark.slow")
        for nodeid, seconds in _unmarked_slow:
            terminalreporter.write_line(f"{seconds:6.1f} s  {nodeid}")


# pytest-xdist (``--dist loadgroup``, the README's test command): a test that shares a module-
# or session-scoped fixture of this suite with others runs in the same worker as they do, so
# the fixture is made once, not once per worker. Tests that share a cached sweep
# (tests/_sessions.py) carry their group explicitly.
def _group_by_shared_fixtures(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("xdist_group") is not None:
            continue
        info = getattr(item, "_fixtureinfo", None)
        defs = [d for ds in (info.name2fixturedefs.values() if info else []) for d in ds]
        shared = [d for d in defs if d.scope == "session" and d.baseid.startswith("tests")]
        if shared:
            item.add_marker(pytest.mark.xdist_group(f"fixtures:{shared[0].baseid}"))
        elif any(d.scope in ("module", "class") for d in defs):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


# The order the work is handed out in (``--dist loadgroup``): whole units (an xdist group, or
# a test of its own) that hold a slow test first, most slow tests first, then the rest in
# collection order. pytest-xdist gives a worker its next unit when it has two tests or fewer
# left, so the long units start early and the short ones fill the gaps at the end, instead of
# a slow test collected late running on one worker while the other has nothing left to do.
# (xdist's own reordering, by the number of tests in a unit, is off: see pytest_configure.)
def _slow_units_first(items: list[pytest.Item]) -> None:
    units: dict[str, list[pytest.Item]] = {}
    for item in items:
        groups = sorted({str(m.args[0]) for m in item.iter_markers("xdist_group") if m.args})
        units.setdefault("_".join(groups) or item.nodeid, []).append(item)
    slow = {name: sum("slow" in i.keywords for i in unit) for name, unit in units.items()}
    order = sorted(units, key=lambda name: -slow[name])  # stable: collection order within
    items[:] = [item for name in order for item in units[name]]


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> Generator[None, None, None]:
    _group_by_shared_fixtures(items)  # before xdist reads the groups
    yield
    _slow_units_first(items)  # after every other reordering


def pytest_configure(config: pytest.Config) -> None:
    if hasattr(config.option, "loadscopereorder"):  # pytest-xdist present
        config.option.loadscopereorder = False
