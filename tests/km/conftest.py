"""Fixtures for knowledge-model tests: a small real corpus on disk, and a KM built from it."""

from __future__ import annotations

from pathlib import Path

import pytest
from km_helpers import CODE, GUIDE, NOTES
from support.cli import run_rlat


@pytest.fixture
def rlat():
    """Run the real `rlat` command in a subprocess."""
    return run_rlat


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    root = tmp_path / "corpus"
    (root / "docs").mkdir(parents=True)
    (root / "src").mkdir()
    (root / "docs" / "guide.md").write_text(GUIDE, encoding="utf-8")
    (root / "docs" / "notes.txt").write_text(NOTES, encoding="utf-8")
    (root / "src" / "config.py").write_text(CODE, encoding="utf-8")
    return root


@pytest.fixture
def built(corpus: Path, tmp_path: Path, rlat) -> Path:
    km = tmp_path / "km.rlat"
    result = rlat("build", str(corpus), "-o", str(km), "--min-chars", "40", "--max-chars", "400")
    assert result.returncode == 0, result.stderr
    return km
