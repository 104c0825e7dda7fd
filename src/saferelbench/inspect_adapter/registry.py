"""Inspect AI entry point (``[project.entry-points.inspect_ai]``): importing this module
registers the ``saferelbench`` and ``saferelbench_probe`` tasks, the ``saferelbench/<agent>``
model providers and the probe's ``saferelbench-probe/<answerer>``, so that
``inspect eval saferelbench/saferelbench --model saferelbench/oracle`` works after install."""

from saferelbench.inspect_adapter.probe import ProbeAnswererAPI, saferelbench_probe
from saferelbench.inspect_adapter.providers import BuiltinAgentAPI
from saferelbench.inspect_adapter.task import saferelbench

__all__ = ["BuiltinAgentAPI", "ProbeAnswererAPI", "saferelbench", "saferelbench_probe"]
