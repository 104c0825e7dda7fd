"""The sub-command modules, by dotted name; each has ``register(app: typer.Typer)``."""

from __future__ import annotations

import importlib
from types import ModuleType

MODULE_NAMES = [
    "saferelbench.cli.replay_cmd",
    "saferelbench.cli.render_cmd",
    "saferelbench.cli.run_cmd",
    "saferelbench.cli.sweep_cmd",
    "saferelbench.cli.report_cmd",
    "saferelbench.cli.show_cmd",
    "saferelbench.cli.dataset_cmd",
    "saferelbench.cli.review_cmd",
    "saferelbench.cli.probe_cmd",
    "saferelbench.cli.verify_cmd",
    "saferelbench.cli.check_cmd",
]

MODULES: list[ModuleType] = []
for _name in MODULE_NAMES:
    MODULES.append(importlib.import_module(_name))
