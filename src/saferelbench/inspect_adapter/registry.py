"""Inspect AI entry point (``[project.entry-points.inspect_ai]``): importing this module
registers the ``saferelbench`` task and the ``saferelbench/<agent>`` model providers, so that
``inspect eval saferelbench/saferelbench --model saferelbench/oracle`` works after install."""

from saferelbench.inspect_adapter.providers import BuiltinAgentAPI
from saferelbench.inspect_adapter.task import saferelbench

__all__ = ["BuiltinAgentAPI", "saferelbench"]
