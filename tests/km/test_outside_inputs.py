"""A KM's recorded inputs are relative to its source root (docs/format.md, `meta`): `refresh`
and the hooks' drift check refuse one that leaves it, and `build` never writes one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rlat.container import META, TOC, Container
from rlat.container.file import RLAT_MAGIC
from rlat.km.build import Settings, build_km, refresh_km
from rlat.km.store import KMError, KnowledgeModel
from rlat.km.verify import drift_check

SECRET = "My private diary: the acquisition of Initech closes on May 3; salary notes."


def _with_inputs(km: Path, inputs: list[str]) -> None:
    """What a hostile (or merely odd) KM committed to a repository holds: a newer META naming
    ``inputs``, and a TOC naming that META (the reviewer's r11)."""
    c = Container(km, RLAT_MAGIC)
    records = list(c.records())
    toc = [b for r, b in records if r.rtype == TOC][-1]
    meta = [b for r, b in records if r.rtype == META][-1]
    meta["inputs"] = inputs
    size = os.path.getsize(km)
    c.append([(META, meta)])
    toc["entries"] = [[t, (size if t == META else off), lab] for t, off, lab in toc["entries"]]
    c.append([(TOC, toc)])


@pytest.fixture
def layout(tmp_path: Path, rlat) -> tuple[Path, Path, Path]:
    """(repo/docs with three team docs, a private folder beside the repo, repo/team.rlat)."""
    docs = tmp_path / "repo" / "docs"
    docs.mkdir(parents=True)
    for i in (1, 2, 3):
        (docs / f"d{i}.md").write_text(f"Team doc {i} about the release train {i}.\n")
    private = tmp_path / "victim_private"
    private.mkdir()
    (private / "diary.md").write_text(SECRET + "\n")
    km = tmp_path / "repo" / "team.rlat"
    assert rlat("build", str(docs), "-o", str(km)).returncode == 0
    return docs, private, km


def _hostile_input(kind: str, docs: Path, private: Path) -> str:
    if kind == "through a symlink":  # (a link in the repository, to a folder outside it)
        (docs / "elsewhere").symlink_to(private, target_is_directory=True)
        return "elsewhere"
    return {"climbs out": "../../victim_private", "absolute": str(private)}[kind]


def _passages(km: Path) -> list[str]:
    return [p.path for p in KnowledgeModel.open(km).passages()]


@pytest.mark.parametrize("kind", ["climbs out", "absolute", "through a symlink"])
def test_refresh_refuses_an_input_outside_the_source_root(layout, rlat, kind):
    docs, private, km = layout
    rel = _hostile_input(kind, docs, private)
    _with_inputs(km, [".", rel])
    (docs / "d1.md").write_text("Team doc 1 about the release train, updated.\n")

    result = rlat("refresh", str(km))
    assert result.returncode != 0
    assert f"refusing its input {rel!r}" in result.stderr and "outside the source root" \
        in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    assert not any("diary" in p for p in _passages(km))
    found = rlat("search", str(km), "acquisition salary")
    assert SECRET not in found.stdout


def test_the_drift_check_logs_and_skips_such_a_km(layout):
    """The hooks' background worker runs rlat.km.verify.drift_check on every linked KM whose
    sources changed: it must log one line and leave the KM as it was."""
    docs, _private, km = layout
    _with_inputs(km, [".", "../../victim_private"])
    (docs / "d1.md").write_text("Team doc 1 about the release train, updated.\n")
    size = km.stat().st_size
    lines: list[str] = []
    out = drift_check([km], log=lines.append)
    assert str(out[str(km)]).startswith("failed:")
    assert len(lines) == 1 and "'../../victim_private'" in lines[0] \
        and "outside the source root" in lines[0]
    assert km.stat().st_size == size
    assert not any("diary" in p for p in _passages(km))


def test_a_clean_km_still_refreshes_its_inputs(layout, rlat):
    docs, _private, km = layout
    (docs / "sub").mkdir()
    (docs / "sub" / "d4.md").write_text("Team doc 4 about the release train.\n")
    _with_inputs(km, ["d1.md", "./sub"])
    report = refresh_km(km)
    assert report.added == ["sub/d4.md"]
    assert sorted(report.removed) == ["d2.md", "d3.md"]  # (no longer inputs)


def test_build_never_records_an_input_outside_the_source_root(layout, tmp_path):
    docs, private, _km = layout
    with pytest.raises(KMError, match="outside the source root"):
        build_km([docs, private], tmp_path / "x.rlat", Settings(), source_root=docs)
    assert not (tmp_path / "x.rlat").exists()
    # the common root of the inputs (what `rlat build` uses) holds every input
    report = build_km([docs, private], tmp_path / "y.rlat", Settings())
    assert report.files == 4
    assert KnowledgeModel.open(tmp_path / "y.rlat").meta["inputs"] == ["repo/docs",
                                                                       "victim_private"]
