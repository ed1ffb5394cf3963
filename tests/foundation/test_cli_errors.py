"""Every CLI failure is one line on stderr and a documented exit status, never a traceback
(rlat/cli/errors.py): a read-only or misplaced RLAT_HOME, an output into a missing or read-only
directory, undecodable stdin, Ctrl-C while a store is read."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support.cli import run_rlat

from rlat.claims import events as ev
from rlat.claims.log import ClaimLog
from rlat.paths import memory_store_path

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "transcripts" / "compact.jsonl"


def one_line_error(proc, status: int) -> str:
    assert proc.returncode == status, (proc.returncode, proc.stderr)
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("rlat: error: "), proc.stderr
    return lines[0]


def run_read_only(directories: list[Path], *args: str, cwd: Path, env: dict | None = None):
    """`rlat ARGS` with DIRECTORIES read-only: by permissions for an ordinary user, by a
    read-only bind mount in a private mount namespace for root (who ignores permissions)."""
    full_env = {**os.environ, **(env or {})}
    command = [sys.executable, "-m", "rlat", *args]
    if os.geteuid() != 0:
        modes = {d: d.stat().st_mode for d in directories}
        for d in directories:
            d.chmod(0o555)
        try:
            return subprocess.run(command, cwd=cwd, env=full_env, capture_output=True,
                                  text=True, timeout=120)
        finally:
            for d, mode in modes.items():
                d.chmod(mode)
    if not shutil.which("unshare"):
        pytest.skip("root without unshare: cannot make a directory read-only")
    mounts = " && ".join(f"mount --bind {d} {d} && mount -o remount,bind,ro {d}"
                         for d in directories)
    script = f'{mounts} && exec "$@"'
    proc = subprocess.run(["unshare", "-m", "sh", "-c", script, "sh", *command], cwd=cwd,
                          env=full_env, capture_output=True, text=True, timeout=120)
    if "mount:" in proc.stderr or "unshare:" in proc.stderr:
        pytest.skip(f"cannot make a read-only mount here: {proc.stderr.strip()}")
    return proc


def seed_store(work: Path) -> str:
    event = ev.proposed("Run the tests with make check", "convention", workspace="path:x",
                        citations=[ev.command_citation("seed")], origin="user")
    ClaimLog(memory_store_path()).append([event])
    return event["claim"]


def test_every_write_command_on_a_read_only_home_is_one_line(rlat_home, tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    cid = seed_store(work)
    before = (rlat_home / "memory.rlat").read_bytes()
    commands = [
        ("memory", "add", "Deploys go through the blue cluster"),
        ("memory", "forget", cid),
        ("memory", "corroborate", cid),
        ("memory", "feedback", "good", cid),
        ("memory", "promote", cid),
        ("capture", str(FIXTURE), "--cwd", str(work)),
        ("capture-attribute", "Never deploy on Fridays", "--kind", "constraint"),
        ("compact",),
        ("quarantine", "some-agent", "--force"),
    ]
    for args in commands:
        proc = run_read_only([rlat_home], *args, cwd=work)
        line = one_line_error(proc, 5)
        assert "not writable" in line and "RLAT_HOME" in line, (args, line)
    assert (rlat_home / "memory.rlat").read_bytes() == before  # nothing lost, nothing half-written


def test_reads_on_a_read_only_home_still_answer(rlat_home, tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    ClaimLog(memory_store_path()).append([ev.proposed(
        "Staging SSH listens on port 2222", "environment", citations=[
            ev.command_citation("seed")], origin="user", cross_workspace=True)])
    shutil.rmtree(rlat_home / "cache", ignore_errors=True)  # no read model to fall back on
    for args, needle in ((("memory", "list"), "claim(s)"),
                         (("memory", "recall", "which port does staging SSH listen on?"),
                          "2222")):
        proc = run_read_only([rlat_home], *args, cwd=work)
        assert proc.returncode == 0 and needle in proc.stdout, (args, proc.stderr)


def test_install_hooks_into_a_read_only_directory_is_one_line(tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    proc = run_read_only([project], "memory", "install-hooks", "--project-dir", str(project),
                         cwd=tmp_path)
    line = one_line_error(proc, 5)
    assert "read-only" in line and "Errno" not in line


def test_rlat_home_pointing_at_a_file_is_one_line(tmp_path):
    home_file = tmp_path / "not-a-dir"
    home_file.write_text("oops")
    for args in (("memory", "add", "Run make check"), ("memory", "list"),
                 ("memory", "show", "abcd"), ("capture-attribute", "x y z", "--kind",
                                              "constraint")):
        proc = run_rlat(*args, cwd=tmp_path, env={"RLAT_HOME": str(home_file)})
        line = one_line_error(proc, 1)
        assert "RLAT_HOME" in line and "is a file" in line
    assert home_file.read_text() == "oops"


@pytest.mark.parametrize("args", [("memory", "install-hooks", "--project-dir", "."),
                                  ("memory", "add", "Run make check"), ("workspace",),
                                  ("memory", "list", "--here")])
def test_a_working_directory_deleted_under_rlat_is_one_line(rlat_home, tmp_path, args):
    """The error boundary itself failed on an OSError naming a relative path when the working
    directory was gone (os.path.abspath calls getcwd): a traceback, not one line; and the
    line said only "no such file or directory", not that the working directory was gone."""
    gone = tmp_path / "gone"
    gone.mkdir()
    proc = subprocess.run(
        ["sh", "-c", 'cd "$1" && rmdir "$1" && shift && exec "$@"', "sh", str(gone),
         sys.executable, "-m", "rlat", *args],
        capture_output=True, text=True, timeout=60, env={**os.environ, "RLAT_HOME": str(rlat_home)})
    line = one_line_error(proc, 5)
    assert "working directory" in line and "no longer exists" in line, line


def test_build_into_a_missing_directory_is_one_line(tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.md").write_text("Staging SSH listens on port 2222 for the deploy user.\n" * 3)
    proc = run_rlat("build", str(corpus), "-o", str(tmp_path / "missing" / "km.rlat"))
    line = one_line_error(proc, 5)
    assert f"{tmp_path / 'missing'} does not exist" in line
    assert ".tmp" not in line  # names the file asked for, not a temporary one


def test_lens_create_into_a_read_only_directory_is_one_line(tmp_path):
    out_dir = tmp_path / "lenses"
    out_dir.mkdir()
    proc = run_read_only([out_dir], "lens", "create", "--name", "reviewer", "-o",
                         str(out_dir / "reviewer.lens"), cwd=tmp_path)
    line = one_line_error(proc, 5)
    assert f"{out_dir / 'reviewer.lens'}: read-only file system" in line


@pytest.mark.parametrize("args", [
    ("memory", "add", "-"),
    ("capture-attribute", "-", "--kind", "constraint"),
    ("lens", "create", "--name", "reviewer", "--stance", "-", "-o", "LENS"),
])
def test_stdin_that_is_not_utf8_is_one_line(rlat_home, tmp_path, args):
    args = tuple(str(tmp_path / "r.lens") if a == "LENS" else a for a in args)
    proc = subprocess.run([sys.executable, "-m", "rlat", *args], input=b"caf\xe9 \xff\n",
                          capture_output=True, cwd=tmp_path, timeout=120)
    proc.stderr = proc.stderr.decode()
    line = one_line_error(proc, 1)
    assert "stdin is not UTF-8 text (byte 0xe9 at offset 3)" in line
    assert not (rlat_home / "memory.rlat").exists() and not (tmp_path / "r.lens").exists()


def _interrupt_once_open(args: list[str], watched: Path, cwd: Path) -> subprocess.CompletedProcess:
    """Start `rlat ARGS`, wait until it has WATCHED open (it is inside the command), Ctrl-C."""
    proc = subprocess.Popen([sys.executable, "-m", "rlat", *args], cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    fd_dir = Path(f"/proc/{proc.pid}/fd")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if any(os.path.realpath(fd) == str(watched) for fd in fd_dir.iterdir()):
                break
        except OSError:
            pass
        time.sleep(0.002)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


@pytest.mark.skipif(not Path("/proc/self/fd").exists(), reason="needs /proc")
@pytest.mark.parametrize("command", [["memory", "list"], ["memory", "show", "ffffffff"]])
def test_ctrl_c_while_reading_exits_130_without_a_traceback(rlat_home, tmp_path, command):
    import random

    from support.stores import random_store

    random_store(random.Random(7), 20000)
    store = (rlat_home / "memory.rlat").resolve()
    proc = _interrupt_once_open(command, store, tmp_path)
    assert proc.returncode == 130, (proc.returncode, proc.stderr[-500:])
    assert "Traceback" not in proc.stderr and proc.stderr == "rlat: error: interrupted\n"


def test_version():
    from rlat import __version__

    for flag in ("--version", "-V"):
        out = run_rlat(flag)
        assert out.returncode == 0 and out.stdout == f"rlat {__version__}\n"


def test_version_with_something_after_it_is_a_usage_error_that_names_it():
    """`rlat --version extra` said "unknown option '--version'", an option the help lists."""
    for flag in ("--version", "-V"):
        out = run_rlat(flag, "extra")
        line = one_line_error(out, 2)
        assert "unknown option" not in line and f"{flag} takes no arguments" in line, line


def test_a_damaged_store_is_status_3_with_a_pointer_to_doctor(rlat_home, tmp_path):
    from rlat.container import Container

    for i in range(3):
        ClaimLog(memory_store_path()).append([ev.proposed(
            f"fact number {i}", "convention", citations=[ev.command_citation(f"c{i}")])])
    store = rlat_home / "memory.rlat"
    refs = Container(store).scan().refs
    data = bytearray(store.read_bytes())
    data[refs[1].offset + 15] ^= 0xFF
    store.write_bytes(bytes(data))
    for args in (("memory", "list"), ("memory", "show", "abcd"), ("memory", "add", "more")):
        line = one_line_error(run_rlat(*args, cwd=tmp_path), 3)
        assert "corrupt" in line and "rlat doctor" in line


@pytest.mark.parametrize("args", [
    ("capture-attribute", "KM", "the deploy user is ops", "--kind", "constraint"),
    ("lens", "create", "--name", "reviewer", "-o", "KM"),
])
def test_writing_into_a_missing_directory_is_status_5_from_every_command(tmp_path, args):
    target = tmp_path / "missing" / ("out.rlat" if args[0] != "lens" else "out.lens")
    proc = run_rlat(*[str(target) if a == "KM" else a for a in args], cwd=tmp_path)
    line = one_line_error(proc, 5)
    assert f"{tmp_path / 'missing'} does not exist" in line
    assert not (tmp_path / "missing").exists()


def _small_km(tmp_path: Path) -> Path:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.md").write_text("Staging SSH listens on port 2222 for the deploy user.\n" * 3)
    km = tmp_path / "km.rlat"
    assert run_rlat("build", str(corpus), "-o", str(km)).returncode == 0
    return km


def test_a_damaged_knowledge_model_is_status_3_from_every_command(tmp_path):
    km = _small_km(tmp_path)
    data = km.read_bytes()
    km.write_bytes(data[: len(data) - 40])  # torn at its tail: its table of contents is gone
    for args in (("search", str(km), "port"), ("trace", str(km), "x"), ("audit", str(km)),
                 ("profile", str(km)), ("deep-search", str(km), "which port?", "--no-model"),
                 ("refresh", str(km))):
        line = one_line_error(run_rlat(*args, cwd=tmp_path), 3)
        assert "rlat doctor" in line, args


def test_a_locked_knowledge_model_is_status_4_within_rlat_lock_timeout(tmp_path):
    km = _small_km(tmp_path)
    hold = ("import fcntl, os, sys, time\nfd = os.open(sys.argv[1], os.O_RDWR)\n"
            "fcntl.flock(fd, fcntl.LOCK_EX)\nprint('locked', flush=True)\ntime.sleep(120)\n")
    holder = subprocess.Popen([sys.executable, "-c", hold, str(km)], stdout=subprocess.PIPE,
                              text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        (tmp_path / "corpus" / "a.md").write_text("Prod SSH listens on port 2200.\n")
        # (deep-search waited a fixed 10 s before, whatever RLAT_LOCK_TIMEOUT said)
        for args in (("refresh", str(km)), ("deep-search", str(km), "which port?",
                                            "--no-model")):
            proc = run_rlat(*args, cwd=tmp_path, env={"RLAT_LOCK_TIMEOUT": "0.2"})
            assert proc.returncode == 4, (args, proc.stderr)
            last = proc.stderr.strip().splitlines()[-1]  # (deep-search reports its hops first)
            assert last.startswith("rlat: error: ") and "waited 0.2s" in last, args
    finally:
        holder.kill()
        holder.wait()


def _flip_a_record(path: Path, index: int = 1) -> None:
    from rlat.container import Container
    from rlat.lens.file import LENS_MAGIC

    refs = Container(path, *([LENS_MAGIC] if path.suffix == ".lens" else [])).scan().refs
    data = bytearray(path.read_bytes())
    data[refs[index].offset + 15] ^= 0xFF
    path.write_bytes(bytes(data))


def test_a_damaged_world_fact_km_is_status_3_where_it_is_named(tmp_path):
    km = tmp_path / "team.rlat"
    for text in ("Deploys need two approvals.", "Staging is read-only on Fridays."):
        assert run_rlat("capture-attribute", str(km), text, "--kind", "constraint",
                        cwd=tmp_path).returncode == 0
    _flip_a_record(km)
    for args in (("world-facts", str(km)), ("memory", "consolidate", "--km", str(km))):
        line = one_line_error(run_rlat(*args, cwd=tmp_path), 3)
        assert "rlat doctor" in line, args


def test_a_damaged_lens_is_status_3(tmp_path):
    lens = tmp_path / "me.lens"
    assert run_rlat("lens", "create", "--name", "me", "-o", str(lens)).returncode == 0
    assert run_rlat("lens", "set-trust", str(lens), "docs/**", "2").returncode == 0
    _flip_a_record(lens, -1)
    km = _small_km(tmp_path)
    for args in (("lens", "show", str(lens)), ("search", str(km), "port", "--lens", str(lens))):
        line = one_line_error(run_rlat(*args, cwd=tmp_path), 3)
        assert "damaged" in line, args


def test_capture_with_a_model_waits_rlat_lock_timeout_then_is_status_4(rlat_home, tmp_path):
    ClaimLog(memory_store_path()).append([ev.proposed(
        "a first fact", "convention", citations=[ev.command_citation("c")])])
    hold = ("import fcntl, os, sys, time\nfd = os.open(sys.argv[1], os.O_RDWR)\n"
            "fcntl.flock(fd, fcntl.LOCK_EX)\nprint('locked', flush=True)\ntime.sleep(120)\n")
    holder = subprocess.Popen([sys.executable, "-c", hold, str(memory_store_path())],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        started = time.monotonic()
        proc = run_rlat("capture", str(FIXTURE), cwd=tmp_path,
                        env={"RLAT_ATOMIC_CAPTURE": "1", "RLAT_LLM_PROVIDER": "none",
                             "RLAT_LOCK_TIMEOUT": "0.3"})
        # (it waited a fixed 30 s before, and said so with status 1)
        assert time.monotonic() - started < 20
        line = one_line_error(proc, 4)
        assert "RLAT_LOCK_TIMEOUT" in line
    finally:
        holder.kill()
        holder.wait()


@pytest.mark.parametrize("raw", ["inf", "-inf", "nan", "1e999"])
def test_a_lock_timeout_that_is_not_a_finite_number_means_the_default(raw):
    from rlat.container.lock import DEFAULT_LOCK_TIMEOUT, timeout_from

    assert timeout_from(raw) == DEFAULT_LOCK_TIMEOUT


def test_doctor_restores_claims_only_an_intact_snapshot_still_holds(rlat_home, tmp_path):
    for i in range(1, 7):
        assert run_rlat("memory", "add", f"Fact {i}: service{i} listens on port 90{i}{i}",
                        cwd=tmp_path).returncode == 0
    assert run_rlat("compact", cwd=tmp_path).returncode == 0  # one record of events, a snapshot
    assert run_rlat("memory", "add", "Fact 7: service7 listens on port 9077",
                    cwd=tmp_path).returncode == 0
    before = {c.id: c for c in ClaimLog(memory_store_path()).state().claims.values()}
    _flip_a_record(rlat_home / "memory.rlat", 0)  # the events the snapshot was folded from
    assert len(ClaimLog(memory_store_path()).state().claims) == 7  # (read from the snapshot)
    proc = run_rlat("doctor", cwd=tmp_path)
    assert proc.returncode == 0 and "6 claim(s) restored from an intact snapshot" in proc.stdout
    after = ClaimLog(memory_store_path()).state().claims
    assert after == before
    assert run_rlat("compact", cwd=tmp_path).returncode == 0  # the restored claims are events
    assert ClaimLog(memory_store_path()).state().claims == before


def _incompressible(n: int) -> str:
    import random

    rng = random.Random(7)
    return " ".join("".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(6))
                    for _ in range(n // 7))


def test_a_file_size_limit_is_one_line_that_says_what_stopped_the_write(rlat_home, tmp_path):
    import resource

    ClaimLog(memory_store_path()).append([ev.proposed(
        "a first fact", "convention", citations=[ev.command_citation("c")])])
    before = (rlat_home / "memory.rlat").read_bytes()

    def limited():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (len(before) + 4096, len(before) + 4096))

    proc = subprocess.run([sys.executable, "-m", "rlat", "memory", "add", "-"],
                          input=_incompressible(200_000), capture_output=True, text=True,
                          cwd=tmp_path,
                          preexec_fn=limited, env={**os.environ})
    line = one_line_error(proc, 5)
    assert "ulimit -f" in line and "nothing was half-written" in line
    assert ClaimLog(memory_store_path()).state().claims  # the store still reads


def test_a_purge_reaches_the_text_of_a_restored_claim(rlat_home, tmp_path):
    from rlat.claims.fold import fold

    secret = "PRIVATEXYZ"
    add = run_rlat("memory", "add", f"The staging list is at the {secret} share",
                   "--format", "json", cwd=tmp_path)
    cid = json.loads(add.stdout)["id"]
    assert run_rlat("memory", "add", "Run make check before pushing", cwd=tmp_path).returncode == 0
    assert run_rlat("compact", cwd=tmp_path).returncode == 0
    assert run_rlat("memory", "add", "Use pnpm not npm", cwd=tmp_path).returncode == 0
    _flip_a_record(rlat_home / "memory.rlat", 0)
    assert "restored" in run_rlat("doctor", cwd=tmp_path).stdout
    assert run_rlat("compact", "--purge", cid[:12], cwd=tmp_path).returncode == 0
    assert secret.encode() not in (rlat_home / "memory.rlat").read_bytes()
    # a teammate's copy purged it before the restoration: a merge never brings the text back
    events = list(ClaimLog(memory_store_path()).events())
    restored = [e for e in events if e["kind"] == "restored" and e["claim"] == cid]
    unpurged = dict(restored[0], row=list(restored[0]["row"]))
    unpurged["row"][list(restored[0]["fields"]).index("text")] = f"at the {secret} share"
    state = fold([ev.purged(cid, ts=unpurged["ts"] - 60), unpurged])
    assert state.claims[cid].purged and secret not in state.claims[cid].text


@pytest.mark.parametrize("content", [b"", b"\x89RLAT\r\n"], ids=["empty", "cut-in-header"])
def test_a_store_cut_short_is_status_3_and_doctor_makes_it_usable(rlat_home, tmp_path, content):
    """An empty memory.rlat (a crash, a copy cut short) is damaged data, not a wrong file:
    status 3 and a pointer to doctor, and doctor can repair it (it held no events)."""
    store = rlat_home / "memory.rlat"
    store.write_bytes(content)
    for args in (("memory", "list"), ("memory", "recall", "tests"), ("memory", "add", "more")):
        line = one_line_error(run_rlat(*args, cwd=tmp_path), 3)
        assert "truncated" in line and f"rlat doctor {store}" in line, args
    repaired = run_rlat("doctor", cwd=tmp_path)
    assert repaired.returncode == 0 and "repaired" in repaired.stdout, repaired.stderr
    assert (rlat_home / "memory.rlat.bak").read_bytes() == content
    assert "No claims yet" in run_rlat("memory", "list", cwd=tmp_path).stdout
    assert run_rlat("memory", "add", "Deploys go through blue", cwd=tmp_path).returncode == 0


def test_an_empty_knowledge_model_is_status_3(tmp_path):
    km = tmp_path / "km.rlat"
    km.write_bytes(b"")
    line = one_line_error(run_rlat("search", str(km), "port", cwd=tmp_path), 3)
    assert "rlat doctor" in line


def test_a_store_linked_into_a_missing_directory(rlat_home, tmp_path):
    """Writing through the link is the file system's refusal (status 5, naming the missing
    directory), as a missing directory is everywhere else; reading sees a store not created
    yet, as it would without the link."""
    (rlat_home / "memory.rlat").symlink_to(tmp_path / "gone" / "memory.rlat")
    line = one_line_error(run_rlat("memory", "add", "Deploys go through blue", cwd=tmp_path), 5)
    assert f"{tmp_path / 'gone' / 'memory.rlat'}, whose directory does not exist" in line
    listed = run_rlat("memory", "list", cwd=tmp_path)
    assert listed.returncode == 0 and "No claims yet" in listed.stdout
    assert not (tmp_path / "gone").exists()


@pytest.mark.parametrize("args", [
    ("memory", "list"), ("memory", "show", "abcd"), ("memory", "recall", "tests"), ("doctor",),
    ("memory", "consolidate"), ("memory", "add", "Deploys go through blue"),
])
def test_a_store_path_in_a_symlink_loop_is_an_error_for_readers_and_writers(rlat_home, tmp_path,
                                                                            args):
    (rlat_home / "memory.rlat").symlink_to(rlat_home / "loop")
    (rlat_home / "loop").symlink_to(rlat_home / "memory.rlat")
    line = one_line_error(run_rlat(*args, cwd=tmp_path), 5)
    assert "symbolic links" in line


@pytest.mark.parametrize("args", [("memory", "show"), ("memory", "forget"),
                                  ("memory", "corroborate")])
def test_an_id_that_is_not_utf8_is_echoed_as_the_bytes_typed(rlat_home, tmp_path, args):
    seed_store(tmp_path)
    # (subprocess passes the surrogate on as the byte 0xff, as a shell would)
    line = one_line_error(run_rlat(*args, "ab\udcffcd\x1b[2J", cwd=tmp_path), 1)
    assert "'ab\\xffcd\\x1b[2J'" in line and "udc" not in line


def test_compact_before_any_claim_says_there_is_no_store_yet(rlat_home, tmp_path):
    """`rlat compact` on a fresh install printed '…/memory.rlat: no such file' and nothing
    to do about it."""
    line = one_line_error(run_rlat("compact", cwd=tmp_path), 1)
    assert "no memory store yet" in line and "nothing to compact" in line, line
    assert not (rlat_home / "memory.rlat").exists()
    named = one_line_error(run_rlat("compact", str(tmp_path / "km.rlat"), cwd=tmp_path), 1)
    assert "no such file" in named, named


def test_a_store_the_file_system_will_not_open_for_writing_is_status_5(rlat_home, tmp_path,
                                                                        monkeypatch, capsys):
    """An ordinary user's store in a directory they cannot write (mode 0555), a store file
    made read-only or immutable (`chattr +i`, refused even to root): the open is refused with
    EACCES or EPERM. README and docs/architecture.md give that status 5, "the file system
    refused", with the RLAT_HOME hint; the store's writer turned it into its own "permission
    denied" error, so the command said 1 (a request rlat cannot do) and no hint."""
    import errno

    from rlat import __main__ as entry
    from rlat.container import file as container_file

    seed_store(tmp_path)
    real_open = container_file.open_regular

    def refuse_writes(path, flags=os.O_RDONLY, mode=0o600):
        if flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, mode)

    monkeypatch.setattr(container_file, "open_regular", refuse_writes)
    monkeypatch.chdir(tmp_path)
    status = entry.main(["memory", "add", "Deploys go through the blue cluster"])
    err = capsys.readouterr().err
    assert status == 5, err
    line = err.strip()
    assert line.startswith("rlat: error: ") and "\n" not in line
    assert "permission denied" in line and f"RLAT_HOME={rlat_home} is not writable" in line
