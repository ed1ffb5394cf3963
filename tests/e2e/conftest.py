"""Fixtures for the end-to-end tests with the real Claude Code CLI.

The CLI comes from ``npm ci --prefix tests/e2e``. When it is missing the tests fail (never
skip) with that command in the message.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.claude_code import find_claude


@pytest.fixture(scope="session")
def claude_bin() -> Path:
    try:
        return find_claude()
    except RuntimeError as exc:
        pytest.fail(str(exc), pytrace=False)
