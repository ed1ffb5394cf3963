"""Whatever goes wrong, a hook exits 0, prints nothing Claude Code could misread, and leaves
one line in hooks.log saying what happened."""

from __future__ import annotations

import fcntl
import json
import os
import time

import pytest
from support.hookrun import FIXTURES, log_lines, run_hook

from rlat.claims import events as ev
from rlat.claims.log import ClaimLog
from rlat.paths import memory_store_path
from rlat.workspace import workspace_id

EVENTS = ["session-start", "user-prompt", "stop", "pre-compact", "session-end"]


def payload(work, **extra) -> dict:
    base = {"session_id": "sess-1", "cwd": str(work), "hook_event_name": "X",
            "transcript_path": str(FIXTURES / "tool_failure.jsonl"), "prompt": "how do tests run",
            "source": "startup", "reason": "other", "last_assistant_message": "Done."}
    base.update(extra)
    return base


def add_claim(work, text="Run the tests with make check, never pytest directly"):
    event = ev.proposed(text, "convention", workspace=workspace_id(str(work)),
                        citations=[ev.command_citation("test")], origin="user")
    ClaimLog(memory_store_path()).append([event])
    return event["claim"]


@pytest.mark.parametrize("event", EVENTS)
@pytest.mark.parametrize("garbage", [b"", b"not json at all", b"[1, 2, 3]", b"\xff\xfe\x00binary",
                                     b'{"session_id": ', b"null",
                                     b'{"a":' * 5000 + b"1" + b"}" * 5000])
def test_garbage_stdin(event, garbage, rlat_home):
    run = run_hook(event, garbage)
    assert run.stdout == ""
    lines = log_lines(rlat_home)
    assert len(lines) == 1 and event in lines[0]
    assert "please report" not in lines[0]  # bad input, not a bug: said as such


@pytest.mark.parametrize("odd", [["x"], {"a": 1}, 42])
def test_a_session_id_that_is_no_string_never_breaks_the_store(odd, rlat_home, workspace):
    add_claim(workspace)
    for event in ("user-prompt", "stop", "session-end"):
        run = run_hook(event, payload(workspace, session_id=odd))
        assert run.returncode == 0 and "Traceback" not in run.stderr
    assert any("non-string field(s) session_id" in ln for ln in log_lines(rlat_home))
    # the store still reads, and the next session still gets its memory
    later = run_hook("user-prompt", payload(workspace, session_id="sess-2",
                                            prompt="how do I run the tests here?"))
    assert "never pytest" in later.context
    assert not [ln for ln in log_lines(rlat_home) if "please report" in ln]


def test_a_store_holding_an_outcome_with_a_list_for_its_session_still_folds(rlat_home,
                                                                            workspace):
    cid = add_claim(workspace)
    bad = ev.outcome(1, claims=[(cid, 1, 1.0)], authority="heuristic", signal="test passed",
                     session_id="s", intent_id="i")
    bad["session_id"], bad["intent_id"] = ["x"], {"a": 1}  # written before hooks checked it
    ClaimLog(memory_store_path()).append([bad])
    later = run_hook("user-prompt", payload(workspace, session_id="sess-3",
                                            prompt="how do I run the tests here?"))
    assert "never pytest" in later.context


@pytest.mark.parametrize("event", ["session-start", "user-prompt", "session-end"])
def test_corrupt_store(event, rlat_home, workspace):
    add_claim(workspace)
    add_claim(workspace, "A second claim in its own record")  # the damage is not at the tail
    path = memory_store_path()
    data = bytearray(path.read_bytes())
    data[40:60] = b"\x00" * 20  # break a record's payload: its checksum no longer holds
    path.write_bytes(bytes(data))
    run = run_hook(event, payload(workspace))
    assert "never pytest" not in run.stdout
    lines = log_lines(rlat_home)
    assert any("memory store unreadable" in ln or "append failed" in ln or "failed" in ln
               for ln in lines), lines
    assert all(event in ln or "worker" in ln for ln in lines)


def test_store_that_is_not_an_rlat_file(rlat_home, workspace):
    memory_store_path().parent.mkdir(parents=True, exist_ok=True)
    memory_store_path().write_text("hello, I am a text file\n")
    run = run_hook("session-start", payload(workspace))
    assert run.output is None or "hookSpecificOutput" not in (run.output or {}) or run.context
    assert any("memory store unreadable" in ln for ln in log_lines(rlat_home))


def test_locked_store_spools_events(rlat_home, workspace):
    cid = add_claim(workspace)
    fd = os.open(memory_store_path(), os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)  # another process holds the store's lock throughout
    try:
        run = run_hook("session-start", payload(workspace))
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
    # The claim is still served (reads need no lock); its `injected` event waits in the spool.
    assert "never pytest directly" in run.context
    lines = log_lines(rlat_home)
    assert len(lines) == 1 and "spooled" in lines[0]
    spooled = list((rlat_home / "spool").glob("*.jsonl"))
    assert len(spooled) == 1 and cid in spooled[0].read_text()


# (Stop's transcript may not be on disk yet: tests/hooks/test_hooks.py)
@pytest.mark.parametrize("event", ["pre-compact", "session-end"])
def test_missing_transcript(event, rlat_home, workspace):
    run = run_hook(event, payload(workspace, transcript_path=str(workspace / "gone.jsonl")))
    assert run.stdout == ""
    lines = [ln for ln in log_lines(rlat_home) if "worker" not in ln]
    assert len(lines) == 1 and "gone.jsonl" in lines[0]


@pytest.mark.parametrize("event", ["user-prompt", "stop"])
def test_full_disk(event, rlat_home, workspace):
    """The session's signal file and the spool sit on a device that is always full."""
    sessions = rlat_home / "sessions"
    sessions.mkdir(parents=True)
    (sessions / "sess-1.jsonl").symlink_to("/dev/full")
    run = run_hook(event, payload(workspace))
    assert run.stdout == ""
    lines = log_lines(rlat_home)
    assert len(lines) == 1 and "could not write" in lines[0]


def test_stdin_that_never_ends_is_cut_by_the_budget(rlat_home):
    import subprocess
    import sys

    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-P", "-m", "rlat", "hook", "user-prompt"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "RLAT_HOOK_BUDGET_USER_PROMPT": "0.5"})
    proc.stdin.write(b'{"session_id": "s", "prompt": "hello')  # and never closes stdin
    proc.stdin.flush()
    code = proc.wait(timeout=20)
    out = proc.stdout.read()
    proc.stdin.close()
    assert code == 0 and out == b""
    assert time.monotonic() - started < 20
    assert any("deadline" in ln for ln in log_lines(rlat_home))


def test_unknown_event_and_help(rlat_home):
    run = run_hook("post-tool-use", {"session_id": "s"})
    assert run.stdout == ""
    assert "unknown hook event" in log_lines(rlat_home)[0]
    import subprocess
    import sys

    helped = subprocess.run([sys.executable, "-m", "rlat", "hook", "--help"], capture_output=True,
                            text=True, timeout=30)
    assert helped.returncode == 0 and "session-start" in helped.stdout


def test_hooks_can_be_switched_off(rlat_home, workspace):
    add_claim(workspace)
    run = run_hook("session-start", payload(workspace), env={"RLAT_HOOKS_DISABLED": "1"})
    assert run.stdout == "" and not (rlat_home / "sessions").exists()


def test_windows_paths_and_hostile_session_ids_stay_inside_rlat_home(rlat_home, tmp_path):
    """A Windows cwd/transcript seen from POSIX, or a session id with path parts, never makes a
    shadow tree (a directory named `C:\\Users…`) or writes outside rlat's own directories."""
    import subprocess
    import sys

    here = tmp_path / "cwd"
    here.mkdir()
    payload = {"session_id": "../../../escape", "cwd": "C:\\Users\\me\\repo",
               "transcript_path": "C:\\Users\\me\\.claude\\projects\\p\\s.jsonl",
               "prompt": "how do I run the tests", "source": "startup", "reason": "other"}
    for event in EVENTS:
        proc = subprocess.run([sys.executable, "-P", "-m", "rlat", "hook", event],
                              input=json.dumps(payload), capture_output=True, text=True,
                              cwd=here, timeout=30)
        assert proc.returncode == 0 and proc.stdout in ("", "\n") or proc.stdout.startswith("{")
    assert list(here.iterdir()) == []
    assert not (tmp_path / "escape.jsonl").exists()
    for path in rlat_home.rglob("*"):
        assert "\\" not in path.name and ":" not in path.name, path
    # its own signal file, named readably, with a hash of the id that sets it apart
    assert [p.name[:7] for p in (rlat_home / "sessions").glob("*.jsonl")] == ["escape-"]


@pytest.mark.parametrize("event", ["stop", "session-end"])
def test_a_fifo_transcript_is_not_read(event, rlat_home, workspace):
    """A FIFO blocks its reader until a writer comes: the hook must not wait on it (it used to
    hang until its watchdog, and the worker it handed the job to spun for minutes)."""
    fifo = workspace / "session.jsonl"
    os.mkfifo(fifo)
    started = time.monotonic()
    run = run_hook(event, payload(workspace, transcript_path=str(fifo)), timeout=30)
    assert time.monotonic() - started < 5
    assert run.stdout == ""
    lines = [ln for ln in log_lines(rlat_home) if "worker" not in ln]
    assert len(lines) == 1 and "not a regular file" in lines[0]


def test_a_prompt_cut_in_the_middle_of_an_emoji_is_still_answered(rlat_home, workspace):
    add_claim(workspace)
    cwd = json.dumps(str(workspace))
    raw = ('{"session_id": "s1", "cwd": ' + cwd
           + ', "prompt": "how do I run the tests here? \\ud83d"}').encode()
    run = run_hook("user-prompt", raw)
    assert "make check" in run.context
    assert not any("please report" in line for line in log_lines(rlat_home))


@pytest.mark.parametrize("setting", ["inf", "1e20", "nan", "-3"])
def test_an_absurd_budget_or_size_setting_is_ignored_not_fatal(rlat_home, workspace, setting):
    add_claim(workspace)
    payload = {"session_id": "s1", "cwd": str(workspace), "prompt": "how do I run the tests?",
               "source": "startup"}
    env = {"RLAT_HOOK_BUDGET_USER_PROMPT": setting, "RLAT_HOOK_BUDGET_SESSION_START": setting,
           "RLAT_CONTEXT_CHARS": setting, "RLAT_RECALL_CHARS": setting}
    for event in ("user-prompt", "session-start"):
        run = run_hook(event, payload, env=env)  # (asserts exit 0)
        assert run.stderr == "" and "make check" in run.context, (event, run.stderr)


def _torn_tail() -> None:
    """What a writer killed mid-append leaves: the start of a record, cut short."""
    with open(memory_store_path(), "ab") as fh:
        fh.write(b"RLR\x01\x10\x00")


def test_a_torn_record_a_hook_repairs_is_said_in_the_log_not_on_stderr(rlat_home, workspace):
    """Before: the writer's "repaired a torn record at byte N (… discarded)" went to the hook's
    stderr, which Claude Code does not show, and hooks.log said nothing."""
    add_claim(workspace)
    _torn_tail()
    run = run_hook("user-prompt", payload(workspace, prompt="how do I run the tests here?"))
    assert "never pytest" in run.context  # (it injected, so it appended its `injected` event)
    assert run.stderr == ""
    assert any("user-prompt session=sess-1" in ln and "repaired a torn record" in ln
               for ln in log_lines(rlat_home)), log_lines(rlat_home)


def test_a_torn_record_the_worker_repairs_is_said_in_the_log(rlat_home, workspace):
    import subprocess
    import sys

    add_claim(workspace)
    _torn_tail()
    job = rlat_home / "jobs" / "job.json"
    job.parent.mkdir(parents=True, exist_ok=True)
    job.write_text(json.dumps({"session_id": "sess-w", "cwd": str(workspace), "tasks": ["capture"],
                               "transcript_path": str(FIXTURES / "tool_failure.jsonl")}))
    subprocess.run([sys.executable, "-P", "-m", "rlat.hooks.worker", str(job)], check=True,
                   timeout=120, cwd=workspace)
    assert any(ln.split()[1] == "worker" and "repaired a torn record" in ln
               for ln in log_lines(rlat_home)), log_lines(rlat_home)
