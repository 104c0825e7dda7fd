"""Shared test fixtures. Tests that read ../shared say so with the ``shared`` fixture: in CI a
missing ../shared fails loudly instead of skipping."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

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
