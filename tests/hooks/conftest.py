"""Fixtures for the hook tests (helpers live in support.hookrun)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def workspace(tmp_path) -> Path:
    """A directory outside any git repository: its own workspace."""
    work = tmp_path / "project"
    work.mkdir()
    return work
