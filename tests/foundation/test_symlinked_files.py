"""A .rlat or .lens file that is a symlink (a store kept in a dotfiles or synced folder) stays a
symlink through every whole-file rewrite: the new file is written at the link's target
(docs/format.md, "Atomic rewrites"), as `rlat memory install-hooks` does for settings.json."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from support.cli import run_rlat

from rlat.claims import events as ev
from rlat.claims.log import ClaimLog
from rlat.container import EVENTS, Container
from rlat.container.file import HEADER_SIZE


@pytest.fixture
def linked_store(rlat_home: Path, tmp_path: Path) -> tuple[Path, Path]:
    """($RLAT_HOME/memory.rlat, the file it links to in a dotfiles folder)."""
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    target = dotfiles / "memory.rlat"
    link = rlat_home / "memory.rlat"
    link.symlink_to(target)
    return link, target


def _texts(path: Path) -> set[str]:
    return {c.text for c in ClaimLog(path).state().claims.values()}


def _add(text: str) -> None:
    result = run_rlat("memory", "add", text, "--type", "environment")
    assert result.returncode == 0, result.stderr


def test_compact_writes_at_the_symlinks_target(linked_store):
    """The reviewer's r9: compact turned the link into a regular file, so every later write
    went to $RLAT_HOME and the dotfiles copy silently stopped receiving claims."""
    link, target = linked_store
    _add("Claim one about redis")
    result = run_rlat("compact")
    assert result.returncode == 0, result.stderr
    assert link.is_symlink() and link.resolve() == target
    _add("Claim two about redis")
    assert _texts(target) == {"Claim one about redis", "Claim two about redis"}
    purge = run_rlat("compact", "--purge", next(iter(ClaimLog(target).state().claims))[:12])
    assert purge.returncode == 0, purge.stderr
    assert link.is_symlink() and len(_texts(target)) == 2


def test_doctor_repairs_a_symlinked_store_at_its_target(linked_store):
    link, target = linked_store
    _add("Claim one about redis")
    _add("Claim two about redis")
    data = bytearray(target.read_bytes())
    data[HEADER_SIZE + 14] ^= 0xFF  # the first record's payload: its checksum fails
    target.write_bytes(bytes(data))
    result = run_rlat("doctor")
    assert result.returncode == 0 and "repaired" in result.stdout, result.stdout + result.stderr
    assert link.is_symlink() and link.resolve() == target
    assert _texts(target) == {"Claim two about redis"}
    assert (link.parent / "memory.rlat.bak").read_bytes() == bytes(data)


def test_the_merge_driver_writes_at_the_symlinks_target(tmp_path):
    sides = {}
    for name, text in (("base", None), ("ours", "Ours about redis"), ("theirs", "Theirs")):
        path = tmp_path / f"{name}.rlat"
        if text:
            ClaimLog(path).append([ev.proposed(text, "environment",
                                               citations=[ev.command_citation("seed")])])
        else:
            Container(path).append([(EVENTS, {"events": []})])
        sides[name] = path
    real = tmp_path / "real" / "ours.rlat"
    real.parent.mkdir()
    shutil.move(sides["ours"], real)
    sides["ours"].symlink_to(real)
    result = run_rlat("merge-driver", *(str(sides[n]) for n in ("base", "ours", "theirs")))
    assert result.returncode == 0, result.stderr
    assert sides["ours"].is_symlink()
    assert _texts(real) == {"Ours about redis", "Theirs"}


def test_a_lens_and_a_new_knowledge_model_are_written_at_the_symlinks_target(tmp_path):
    shared = tmp_path / "shared"
    shared.mkdir()
    (tmp_path / "team.toml").write_text('name = "team"\n[sources]\n"docs/" = 2.0\n')
    lens = tmp_path / "team.lens"
    lens.symlink_to(shared / "team.lens")  # dangling until the first write
    for extra in ([], ["--force"]):  # created through the link, then replaced through it
        result = run_rlat("lens", "create", "--from", str(tmp_path / "team.toml"),
                          "-o", str(lens), *extra)
        assert result.returncode == 0, result.stderr
        assert lens.is_symlink() and (shared / "team.lens").is_file()

    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "a.md").write_text("The payments ledger is in Postgres.\n")
    km = tmp_path / "km.rlat"
    km.symlink_to(shared / "km.rlat")
    result = run_rlat("build", str(tmp_path / "src"), "-o", str(km), "--format", "json")
    assert result.returncode == 0, result.stderr
    assert km.is_symlink() and json.loads(result.stdout)["passages"] == 1
    assert (shared / "km.rlat").stat().st_size == os.path.getsize(km)


def test_a_link_into_a_missing_directory_is_refused_with_one_line(tmp_path):
    theirs = tmp_path / "theirs.rlat"
    ClaimLog(theirs).append([ev.proposed("Theirs about redis", "environment",
                                         citations=[ev.command_citation("seed")])])
    ours = tmp_path / "ours.rlat"
    ours.symlink_to(tmp_path / "gone" / "ours.rlat")  # its directory was removed
    result = run_rlat("merge-driver", str(tmp_path / "base.rlat"), str(ours), str(theirs))
    assert result.returncode != 0
    assert "whose directory does not exist" in result.stderr and "Traceback" not in result.stderr
    assert ours.is_symlink() and not (tmp_path / "gone").exists()


def test_atomic_write_keeps_a_symlink_a_link(tmp_path):
    from rlat.paths import atomic_write

    real = tmp_path / "dotfiles" / "config.json"
    real.parent.mkdir()
    real.write_text("old")
    link = tmp_path / "config.json"
    link.symlink_to(real)
    with atomic_write(link, "w", encoding="utf-8") as fh:
        fh.write("new")
    assert link.is_symlink() and real.read_text() == "new"
