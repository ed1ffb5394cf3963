"""Shared fixtures. Every test gets its own RLAT_HOME so no test touches a real store."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def rlat_home(tmp_path_factory, monkeypatch) -> Path:
    home = tmp_path_factory.mktemp("rlat-home")
    monkeypatch.setenv("RLAT_HOME", str(home))
    return home
