"""Everything rlat keeps is user-only: directories 0700, files 0600, whatever the umask, and
an atomic rewrite (compact, doctor's salvage, a KM rebuild) keeps the file's mode (issue 14:
compact and doctor turned memory.rlat from 0600 to 0644; the home dir was created 0755; the
hook view and the recall index cache held every claim's text at 0644)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from support.cli import run_rlat

from rlat.claims import ClaimLog
from rlat.claims.readmodel import read_model_path
from rlat.retrieval.readmodel import build_read_model


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture(autouse=True)
def usual_umask():
    """The common default (022) would make a plain open() 0644 and a mkdir 0755."""
    old = os.umask(0o022)
    yield
    os.umask(old)


@pytest.fixture
def fresh_home(tmp_path, monkeypatch) -> Path:
    home = tmp_path / "not-yet" / "rlat-home"  # created by rlat, parents too
    monkeypatch.setenv("RLAT_HOME", str(home))
    return home


def _add(cwd, *texts):
    for text in texts:
        proc = run_rlat("memory", "add", text, cwd=cwd)
        assert proc.returncode == 0, proc.stderr


def test_first_write_creates_the_home_and_the_store_user_only(fresh_home, tmp_path):
    _add(tmp_path, "We deploy with Helm.")
    assert mode(fresh_home) == 0o700 and mode(fresh_home.parent) == 0o700
    assert mode(fresh_home / "memory.rlat") == 0o600


def test_compact_and_purge_keep_the_store_user_only(fresh_home, tmp_path):
    _add(tmp_path, "We deploy with Helm.", "The cache is Redis 7.")
    store = fresh_home / "memory.rlat"
    assert run_rlat("compact", cwd=tmp_path).returncode == 0
    assert mode(store) == 0o600
    cid = next(iter(ClaimLog(store).state().claims))
    assert run_rlat("compact", "--purge", cid, cwd=tmp_path).returncode == 0
    assert mode(store) == 0o600


def test_a_rewrite_keeps_a_mode_the_user_chose(fresh_home, tmp_path):
    _add(tmp_path, "We deploy with Helm.")
    store = fresh_home / "memory.rlat"
    os.chmod(store, 0o640)
    assert run_rlat("compact", cwd=tmp_path).returncode == 0
    assert mode(store) == 0o640


def test_doctor_salvage_keeps_the_store_and_its_backup_user_only(fresh_home, tmp_path):
    _add(tmp_path, "We deploy with Helm.", "The cache is Redis 7.", "Tests run with make check.")
    store = fresh_home / "memory.rlat"
    data = bytearray(store.read_bytes())
    data[40] ^= 0xFF  # inside the first record: a CRC mismatch with intact records after it
    store.write_bytes(bytes(data))
    proc = run_rlat("doctor", str(store), "--format", "json", cwd=tmp_path)
    assert "repaired" in proc.stdout, proc.stdout + proc.stderr
    assert mode(store) == 0o600
    assert mode(store.with_name("memory.rlat.bak")) == 0o600


def test_the_read_model_is_user_only(fresh_home, tmp_path):
    _add(tmp_path, "We deploy with Helm.", "The cache is Redis 7.")
    store = fresh_home / "memory.rlat"
    build_read_model(store)
    cache = read_model_path(store)
    assert cache.exists(), cache
    assert mode(cache) == 0o600 and mode(cache.parent) == 0o700
    # one an older build left world-readable is replaced user-only
    os.chmod(cache, 0o644)
    _add(tmp_path, "Releases are cut on Tuesdays.")
    build_read_model(store)
    assert mode(cache) == 0o600
    # as is the one `memory recall` writes when it finds none
    cache.unlink()
    proc = run_rlat("memory", "recall", "deploy", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert mode(cache) == 0o600


def test_world_facts_logs_and_job_files_are_user_only(fresh_home, tmp_path):
    proc = run_rlat("capture-attribute", "Production data never leaves the EU region.",
                    "--kind", "constraint", "--format", "json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    km = Path(json.loads(proc.stdout)["km"])
    assert mode(km) == 0o600 and mode(km.parent) == 0o700
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "deploy.md").write_text("# Deploy\n\nDeploys go through Helm.\n")
    other = tmp_path / "team.rlat"
    built = run_rlat("build", str(docs), "-o", str(other), cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    assert mode(other) == 0o600  # a knowledge model holds the corpus's text
    linked = run_rlat("capture-attribute", str(other), "Deploys need two approvals.", "--kind",
                      "constraint", cwd=tmp_path)
    assert linked.returncode == 0, linked.stderr
    links = list(km.parent.glob("*.links"))
    assert links and all(mode(p) == 0o600 for p in links)
    from rlat.scrub import ScrubLog

    log = ScrubLog()
    log.write([{"rule": "github-token", "count": 1}])
    assert mode(log.path) == 0o600
    from rlat.hooks.runtime import add_receipt, append_record, log_line, session_file

    log_line("test", "s1", "one problem")
    append_record("s1", {"signal": "x"})
    add_receipt("path:/x", "[rlat] Captured 1 claim(s)")
    for path in fresh_home.rglob("*"):
        want = 0o700 if path.is_dir() else 0o600
        assert mode(path) == want, path
    assert session_file("s1").exists()


# ----------------------------------------------- one way to replace a file (rlat.paths.atomic_write)
def test_a_failed_replace_leaves_the_old_file_and_no_temp(tmp_path):
    from rlat.paths import atomic_write

    target = tmp_path / "settings.json"
    target.write_text("old\n")
    os.chmod(target, 0o644)
    with pytest.raises(RuntimeError), atomic_write(target, "w") as fh:
        fh.write("half of the new")
        raise RuntimeError("disk gone")
    assert target.read_text() == "old\n" and os.listdir(tmp_path) == ["settings.json"]
    with atomic_write(target, "w") as fh:
        fh.write("new\n")
    assert target.read_text() == "new\n" and mode(target) == 0o644  # the user's mode stays
    assert os.listdir(tmp_path) == ["settings.json"]
    fresh = tmp_path / "cache.idx"
    with atomic_write(fresh, keep_mode=False, durable=False) as fh:
        fh.write(b"x")
    assert mode(fresh) == 0o600


def test_spooled_events_are_whole_user_only_files(fresh_home):
    from rlat.hooks.runtime import spool_dir, spool_events

    path = spool_events("session-1", [{"kind": "proposed", "id": "e1"}, {"id": "e2"}])
    assert path is not None and path.suffix == ".jsonl"
    assert [json.loads(line)["id"] for line in path.read_text().splitlines()] == ["e1", "e2"]
    assert mode(path) == 0o600 and os.listdir(spool_dir()) == [path.name]


def test_install_hooks_keeps_the_settings_files_mode(tmp_path):
    claude = tmp_path / ".claude"
    claude.mkdir()
    settings = claude / "settings.json"
    settings.write_text("{}\n")
    os.chmod(settings, 0o640)
    out = run_rlat("memory", "install-hooks", "--project-dir", str(tmp_path))
    assert out.returncode == 0, out.stderr
    assert "hooks" in json.loads(settings.read_text()) and mode(settings) == 0o640
    assert sorted(os.listdir(claude)) == ["settings.json", "settings.json.rlat-backup"]


@pytest.mark.parametrize("linked", [False, True], ids=["file", "symlink"])
@pytest.mark.parametrize("how", [(), ("--uninstall",)], ids=["install", "uninstall"])
def test_the_settings_backup_is_no_more_readable_than_the_settings(tmp_path, linked, how):
    """settings.json may hold an API key in its env: a 0600 file's backup is 0600 too."""
    claude = tmp_path / "p" / ".claude"
    claude.mkdir(parents=True)
    original = '{"env": {"ANTHROPIC_API_KEY": "sk-ant-secret", "RLAT_MINE_ATTRIBUTES": "1"}}\n'
    real = tmp_path / "dotfiles-settings.json" if linked else claude / "settings.json"
    real.write_text(original)
    os.chmod(real, 0o600)
    if linked:
        (claude / "settings.json").symlink_to(real)
    out = run_rlat("memory", "install-hooks", "--project-dir", str(tmp_path / "p"), *how)
    assert out.returncode == 0, out.stderr
    backup = claude / "settings.json.rlat-backup"
    assert backup.read_text() == original and real.read_text() != original
    assert mode(backup) == mode(real) == 0o600


def test_files_are_replaced_through_one_helper():
    """Temp + fsync + rename lives in rlat.paths.atomic_write; a hand-written copy elsewhere
    drifts (one skipped fsync, one left 0644 temps, one named temps the error line misread)."""
    package = Path(__file__).resolve().parents[2] / "rlat"
    copies = [str(p.relative_to(package)) for p in package.rglob("*.py")
              if p.name != "paths.py" and "replace_private(" in p.read_text(encoding="utf-8")]
    assert copies == []
