"""A 50 MB transcript in bounded memory, and `rlat capture` as a user runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest
from capture_helpers import Builder, fixture, working_session
from support.cli import run_rlat
from synthetic import write_transcript

MIB = 1024 * 1024


@pytest.mark.slow
def test_fifty_megabyte_transcript_in_bounded_memory(tmp_path):
    """Generated here (never committed): ~50 MB, 20k+ lines, two lines over the reader's line
    limit. Captured in a child process whose peak resident memory is measured."""
    path = tmp_path / "big.jsonl"
    made = write_transcript(path, 50 * MIB, giant_lines=2)
    assert path.stat().st_size >= 50 * MIB
    # The child's own high-water mark: VmHWM belongs to its address space, while ru_maxrss
    # survives exec and can report this (large) pytest process's resident size instead.
    code = textwrap.dedent(f"""
        import json, resource, sys
        from rlat.capture.pipeline import capture_transcript
        r = capture_transcript({str(path)!r}, dry_run=True, cwd="/home/user/project")
        try:
            with open("/proc/self/status") as fh:
                kib = next(int(ln.split()[1]) for ln in fh if ln.startswith("VmHWM:"))
        except OSError:
            kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            kib = kib // 1024 if sys.platform == "darwin" else kib
        print(json.dumps({{"report": r.to_dict(), "rss_kib": kib}}))
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=600, env={**os.environ, "RLAT_HOME": str(tmp_path)})
    assert out.returncode == 0, out.stderr[-2000:]
    data = json.loads(out.stdout)
    report = data["report"]
    peak = data["rss_kib"] * 1024
    assert peak < 200 * MIB, f"peak RSS {peak / MIB:.0f} MiB"
    # the session's record, and (its prompts being random prose no rule reads) remarks only
    assert report["claims"][0]["type"] == "event"
    assert {c.get("kind") for c in report["claims"][1:]} <= {"remark"}
    assert report["captured"] == len(report["claims"])
    assert report["counts"]["lines"] == made["lines"]
    assert report["counts"]["oversized"] == 2
    assert report["counts"]["tool_errors"] == made["errors"]
    text = report["claims"][0]["text"]
    assert text.startswith("Goal: " + made["first_prompt"])
    assert f"Ran ({report['counts']['tool_errors']} failed)" in text
    assert made["secret"] not in json.dumps(report)
    assert report["rules"].get("github-token", 0) >= 1


def test_cli_capture_prints_the_receipt_and_stores_the_claim(tmp_path):
    out = run_rlat("capture", str(fixture("tool_failure")))
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0] == "[rlat] Captured 2 claim(s) (1 redactions)"
    assert "new claim" in lines[1]
    listed = run_rlat("memory", "list", "--format", "json")
    claims = json.loads(listed.stdout)["claims"]
    assert any(c["type"] == "event" and "make check" in c["text"] for c in claims)
    again = run_rlat("capture", str(fixture("tool_failure")))
    assert again.stdout.splitlines()[0] == "[rlat] Captured 0 claim(s) (1 redactions)"
    assert "already captured from this session" in again.stdout


def test_cli_capture_json_and_dry_run(tmp_path, rlat_home):
    path = working_session(Builder()).write(tmp_path / "t.jsonl")
    out = run_rlat("capture", str(path), "--dry-run", "--format", "json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["receipt"].startswith("[rlat] Captured 1 claim(s) (0 redactions)")
    assert report["dry_run"] is True and report["claims"][0]["action"] == "proposed"
    assert report["claims"][0]["citations"][0]["message_id"]
    assert not (rlat_home / "memory.rlat").exists()


def test_cli_capture_refuses_an_empty_session_id(tmp_path, rlat_home):
    out = run_rlat("capture", str(fixture("tool_failure")), "--session-id", " ")
    assert out.returncode == 2 and "--session-id is empty" in out.stderr
    assert not (rlat_home / "memory.rlat").exists()


def test_cli_capture_cwd_sets_the_workspace(tmp_path):
    path = working_session(Builder()).write(tmp_path / "t.jsonl")
    project = tmp_path / "elsewhere"
    project.mkdir()
    out = run_rlat("capture", str(path), "--cwd", str(project), "--format", "json")
    assert json.loads(out.stdout)["workspace"] == f"path:{project.resolve()}"


@pytest.mark.parametrize("make,message", [
    (lambda tmp: tmp / "missing.jsonl", "transcript not found"),
    (lambda tmp: tmp, "is a directory"),
])
def test_cli_capture_errors_are_one_line(tmp_path, make, message):
    out = run_rlat("capture", str(make(tmp_path)))
    assert out.returncode == 1
    assert out.stderr.strip().count("\n") == 0 and message in out.stderr
    assert "Traceback" not in out.stderr


def test_cli_capture_bad_input_says_what_happened(tmp_path):
    # a transcript cut short before its first prompt is a session with nothing to capture
    path = tmp_path / "cut.jsonl"
    path.write_bytes(b'{"type": "queue-operation", "operation": "enqueue"}\n'
                     b'{"type": "user", "message": {"con')
    out = run_rlat("capture", str(path))
    assert out.returncode == 0
    assert out.stdout.splitlines()[0] == "[rlat] Captured 0 claim(s) (0 redactions)"
    assert "nothing captured: no conversation in the transcript" in out.stdout
    assert "truncated last line" in out.stdout
    # binary noise ending in a cut-off line holds no transcript line at all: the wrong file
    noise = tmp_path / "noise.jsonl"
    noise.write_bytes(bytes(range(256)) * 20 + b'\n{"type": "user", "message": {"con')
    out = run_rlat("capture", str(noise))
    assert out.returncode == 1 and "is not a Claude Code transcript" in out.stderr
