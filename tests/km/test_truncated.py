"""A knowledge model cut short says so; a torn final append is still skipped as documented.

Before: a truncated KM read as an empty one — `search` answered "No claim matches" with exit 0,
and only `rlat doctor` noticed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rlat.container.file import EVENTS, PASSAGES, frame_record

COMMANDS = [["search", "{km}", "staging ssh port"], ["trace", "{km}", "abcd1234"],
            ["audit", "{km}"], ["profile", "{km}"]]


def one_line(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    return lines[0]


@pytest.mark.parametrize("keep", [0.3, 0.6, 0.95, -3])
def test_every_reader_refuses_a_truncated_knowledge_model(built: Path, tmp_path, rlat, keep):
    size = built.stat().st_size
    cut = tmp_path / "cut.rlat"
    shutil.copy(built, cut)
    with open(cut, "r+b") as fh:  # -3: only the last bytes of the table of contents are gone
        fh.truncate(int(size * keep) if keep > 0 else size + keep)
    for command in COMMANDS:
        result = rlat(*[a.format(km=cut) for a in command])
        assert result.returncode != 0, command
        line = one_line(result.stderr)
        assert "truncated or damaged" in line and f"rlat doctor {cut}" in line, command


@pytest.mark.parametrize("keep", [0.6, "boundary", -3])
def test_compact_refuses_a_truncated_knowledge_model_and_leaves_it_as_it_was(
        built: Path, tmp_path, rlat, keep):
    cut = tmp_path / "cut.rlat"
    shutil.copy(built, cut)
    if keep == "boundary":  # cut between two records: nothing torn, the TOC simply gone
        from rlat.container import Container

        keep = Container(built).scan().refs[-1].offset
    else:
        keep = int(built.stat().st_size * keep) if keep > 0 else built.stat().st_size + keep
    with open(cut, "r+b") as fh:
        fh.truncate(keep)
    before = cut.read_bytes()
    result = rlat("compact", str(cut))
    assert result.returncode == 3, result.stdout
    line = one_line(result.stderr)
    assert "truncated or damaged" in line and f"rlat doctor {cut}" in line
    assert "Compacted" not in result.stdout and cut.read_bytes() == before


def test_compact_refuses_a_store_that_ends_inside_a_record(tmp_path, rlat, monkeypatch):
    monkeypatch.setenv("RLAT_HOME", str(tmp_path / "home"))
    for text in ("The deploy script lives in ops/.", "Staging SSH listens on 2222."):
        assert rlat("memory", "add", text).returncode == 0
    store = tmp_path / "home" / "memory.rlat"
    with open(store, "r+b") as fh:  # the second claim's record, cut short
        fh.truncate(store.stat().st_size - 20)
    before = store.read_bytes()
    result = rlat("compact")
    assert result.returncode == 3, result.stdout
    assert f"rlat doctor {store}" in one_line(result.stderr)
    assert store.read_bytes() == before


def test_doctor_keeps_the_claims_and_the_model_can_be_rebuilt(built: Path, corpus, tmp_path,
                                                              rlat):
    cut = tmp_path / "cut.rlat"
    shutil.copy(built, cut)
    with open(cut, "r+b") as fh:
        fh.truncate(built.stat().st_size // 2)
    result = rlat("doctor", str(cut))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "repaired" in result.stdout and "rlat build" in result.stdout
    assert (tmp_path / "cut.rlat.bak").exists()
    result = rlat("build", str(corpus), "-o", str(cut))
    assert result.returncode == 0, result.stderr
    result = rlat("search", str(cut), "staging ssh port")
    assert result.returncode == 0 and "docs/guide.md" in result.stdout


@pytest.mark.parametrize("rtype", [EVENTS, PASSAGES])
def test_a_torn_final_append_is_still_skipped(built: Path, tmp_path, rlat, rtype):
    """A crash in the middle of an append (claim events, or a refresh's passages) leaves a
    partial final record after an intact build: readers skip it, the answer is the build's."""
    before = rlat("search", str(built), "staging ssh port")
    assert before.returncode == 0 and "2222" in before.stdout
    torn = tmp_path / "torn.rlat"
    shutil.copy(built, torn)
    frame = frame_record(rtype, {"events": []} if rtype == EVENTS else {"x": "y" * 500})
    with open(torn, "ab") as fh:
        fh.write(frame[: len(frame) // 2])
    after = rlat("search", str(torn), "staging ssh port")
    assert after.returncode == 0, after.stderr
    assert after.stdout.replace(str(torn), "") == before.stdout.replace(str(built), "")
