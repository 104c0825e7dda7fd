"""The base of every error the project raises on purpose (bad input, a run directory it
cannot use, a model call that failed): ``except SafeRelBenchError`` catches them all, and each
message names the file, the sample and the field where it can."""

from __future__ import annotations


class SafeRelBenchError(Exception):
    """An error of SafeRelBench with a message meant for the user."""
