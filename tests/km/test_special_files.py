"""FIFOs, devices and other non-regular files: never replaced, never read until they end.

Real FIFOs (os.mkfifo) and the real rlat processes, each under a timeout: before the fix these
hung (a FIFO blocks its reader until a writer comes; /dev/zero never ends) or destroyed the
special file by renaming a new knowledge model over it."""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest
from support.cli import run_rlat
from support.hookrun import FIXTURES

from rlat.hooks.worker import Job, task_capture

TIMEOUT = 30  # seconds: every command here finishes in about one; a hang fails the test


def one_line(stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    return lines[0]


def test_build_refuses_to_replace_a_fifo(corpus, tmp_path):
    out = tmp_path / "km.rlat"
    os.mkfifo(out)
    result = run_rlat("build", str(corpus), "-o", str(out), timeout=TIMEOUT)
    assert result.returncode != 0
    assert "is a FIFO, not a regular file; refusing to replace it" in one_line(result.stderr)
    assert stat.S_ISFIFO(os.lstat(out).st_mode)  # still the FIFO


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="making a device node needs root")
def test_build_refuses_to_replace_a_device_node(corpus, tmp_path):
    full = tmp_path / "full"  # a second /dev/full (char 1:7), so the real one is never at risk
    os.mknod(full, stat.S_IFCHR | 0o666, os.makedev(1, 7))
    result = run_rlat("build", str(corpus), "-o", str(full), timeout=TIMEOUT)
    assert result.returncode != 0
    assert "is a character device" in one_line(result.stderr)
    assert stat.S_ISCHR(os.lstat(full).st_mode)


def test_build_and_refresh_skip_a_fifo_among_the_sources_with_a_note(corpus, tmp_path):
    os.mkfifo(corpus / "docs" / "pipe.md")
    km = tmp_path / "km.rlat"
    result = run_rlat("build", str(corpus), "-o", str(km), timeout=TIMEOUT)
    assert result.returncode == 0, result.stderr
    assert "skipped docs/pipe.md: not a regular file (a FIFO)" in result.stdout
    os.mkfifo(corpus / "src" / "later.py")
    (corpus / "docs" / "guide.md").write_text("# Guide\n\nRebuilt text for the refresh.\n")
    result = run_rlat("refresh", str(km), timeout=TIMEOUT)
    assert result.returncode == 0, result.stderr
    assert "skipped 2 not a regular file (a FIFO)" in result.stdout
    result = run_rlat("search", str(km), "refresh", timeout=TIMEOUT)
    assert result.returncode == 0 and "Rebuilt text" in result.stdout


def test_build_of_dev_zero_says_so_instead_of_reading_forever(tmp_path):
    result = run_rlat("build", "/dev/zero", "-o", str(tmp_path / "km.rlat"), timeout=TIMEOUT)
    assert result.returncode != 0
    assert "not a regular file (a character device)" in one_line(result.stderr)


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_capture_refuses_a_non_regular_transcript_in_one_line(tmp_path, kind):
    if kind == "fifo":
        transcript = tmp_path / "session.jsonl"
        os.mkfifo(transcript)
    else:
        transcript = Path("/dev/zero")
    result = run_rlat("capture", str(transcript), timeout=TIMEOUT)
    assert result.returncode != 0
    assert "not a regular file" in one_line(result.stderr)


def test_the_worker_does_not_read_a_fifo_transcript(tmp_path):
    fifo = tmp_path / "session.jsonl"
    os.mkfifo(fifo)
    job = Job({"session_id": "s-fifo", "transcript_path": str(fifo), "cwd": str(tmp_path)})
    assert "not a regular file" in str(task_capture(job))
    job = Job({"session_id": "s-zero", "transcript_path": "/dev/zero", "cwd": str(tmp_path)})
    assert "not a regular file" in str(task_capture(job))


def test_a_store_that_is_a_fifo_is_refused_not_waited_on(rlat_home):
    os.mkfifo(rlat_home / "memory.rlat")
    for args in (["memory", "add", "Staging SSH listens on 2222"], ["memory", "list"],
                 ["compact"]):
        result = run_rlat(*args, timeout=TIMEOUT)
        assert result.returncode != 0, args
        assert "is a FIFO" in one_line(result.stderr), args


def test_the_fixture_transcripts_still_capture():
    result = run_rlat("capture", str(FIXTURES / "tool_failure.jsonl"), timeout=TIMEOUT)
    assert result.returncode == 0, result.stderr
    assert sys.executable  # the same interpreter ran it


def test_search_lens_that_is_a_directory_or_fifo_is_named_for_what_it_is(built, tmp_path):
    """`--lens PATH` naming something that exists is never "no such file"."""
    fifo = tmp_path / "pipe.lens"
    os.mkfifo(fifo)
    for path, kind in ((tmp_path, "a directory"), (fifo, "a FIFO")):
        proc = run_rlat("search", str(built), "retry", "--lens", str(path), timeout=TIMEOUT)
        line = one_line(proc.stderr)
        assert proc.returncode == 1 and kind in line and "no such file" not in line, line
    missing = run_rlat("search", str(built), "retry", "--lens", str(tmp_path / "nope.lens"))
    assert "no such file" in one_line(missing.stderr)


def test_trace_audit_and_the_drift_check_never_read_a_source_replaced_by_a_fifo(
        corpus, tmp_path):
    """Provenance re-reads each source to check a passage still matches it: a source file
    replaced by a FIFO after the build blocked `rlat trace`, `rlat audit` and the worker's
    drift check forever."""
    from rlat.km.verify import drift_check

    km = tmp_path / "km.rlat"
    assert run_rlat("build", str(corpus), "-o", str(km), timeout=TIMEOUT).returncode == 0
    hits = json.loads(run_rlat("search", str(km), "staging ssh port", "--format", "json").stdout)["hits"]
    passage = next(h for h in hits if h["kind"] == "source")
    source = corpus / passage["path"]
    source.unlink()
    os.mkfifo(source)
    traced = run_rlat("trace", str(km), passage["passage_id"], timeout=TIMEOUT)
    assert traced.returncode == 0 and passage["passage_id"] in traced.stdout, traced.stderr
    audited = run_rlat("audit", str(km), "--format", "json", timeout=TIMEOUT)
    assert audited.returncode == 0, audited.stderr
    drifted = json.loads(audited.stdout)["drifted_sources"]
    assert {"path": passage["path"], "status": "unreadable"} in drifted
    # (in this process: a hang here hangs the test run, which the timeout above cannot catch)
    import signal

    signal.alarm(TIMEOUT)
    try:
        drift_check([km])
    finally:
        signal.alarm(0)


def test_a_file_or_folder_whose_name_is_not_utf8_is_skipped_with_a_note(corpus, tmp_path):
    """Before: one such name anywhere in the tree failed the whole build ("an argument or the
    input is not UTF-8 text"), naming neither the file nor the cause."""
    (corpus / "docs" / os.fsdecode(b"caf\xe9.md")).write_text("Latin-1 name, text about ports.\n")
    odd_dir = corpus / os.fsdecode(b"notes-\xff")
    odd_dir.mkdir()
    (odd_dir / "inside.md").write_text("A file in a folder whose name is not UTF-8.\n")
    km = tmp_path / "km.rlat"
    result = run_rlat("build", str(corpus), "-o", str(km), timeout=TIMEOUT)
    assert result.returncode == 0, result.stderr
    assert "skipped docs/caf\\xe9.md: name not UTF-8" in result.stdout, result.stdout
    assert "skipped notes-\\xff: name not UTF-8" in result.stdout, result.stdout
    (corpus / "docs" / "guide.md").write_text("# Guide\n\nRebuilt text for the refresh.\n")
    result = run_rlat("refresh", str(km), "--format", "json", timeout=TIMEOUT)
    assert result.returncode == 0, result.stderr
    assert ["docs/caf\\xe9.md", "name not UTF-8"] in json.loads(result.stdout)["skipped_files"]
    assert "Rebuilt text" in run_rlat("search", str(km), "refresh").stdout
