"""Inspect AI entry point (``[project.entry-points.inspect_ai]``): importing this module
registers the ``saferelbench`` task and the ``saferelbench/<agent>`` model providers, so that
``inspect eval saferelbench/saferelbench --model saferelbench/oracle`` works after install."""

from saferelbench.harness.inspect_providers import BuiltinAgentAPI
from saferelbench.harness.inspect_task import saferelbench

__all__ = ["BuiltinAgentAPI", "saferelbench"]
