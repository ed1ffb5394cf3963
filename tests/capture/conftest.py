"""Fixtures for capture tests (helpers: capture_helpers.py)."""

from __future__ import annotations

import pytest
from capture_helpers import Builder

from rlat.claims import ClaimLog
from rlat.paths import memory_store_path


@pytest.fixture
def builder():
    return Builder


@pytest.fixture
def store(rlat_home) -> ClaimLog:
    return ClaimLog(memory_store_path())
