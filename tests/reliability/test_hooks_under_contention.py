"""Hooks against a store that is busy: locked by another process, or written by eight hook
processes at once. A hook never waits on the lock past its budget and nothing it meant to
record is lost (what the store could not take now waits in the spool)."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rlat.claims import ClaimLog
from rlat.claims import events as ev
from rlat.hooks.dispatch import HARD_GRACE
from rlat.hooks.runtime import budget_for
from rlat.paths import memory_store_path
from rlat.workspace import workspace_id

REPO = Path(__file__).resolve().parents[2]
# Interpreter start-up on a busy two-core machine, on top of the hook's own budget.
STARTUP_ALLOWANCE = 3.0


def _payload(work: Path, session: str, prompt: str = "how do the tests run here") -> bytes:
    return json.dumps({
        "session_id": session, "cwd": str(work), "hook_event_name": "UserPromptSubmit",
        "transcript_path": str(work / "transcript.jsonl"), "prompt": prompt,
        "source": "startup", "last_assistant_message": "Done.",
    }).encode()


def _start_hook(event: str, data: bytes, env: dict | None = None) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-P", "-m", "rlat", "hook", event],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=REPO, env={**os.environ, **(env or {})})
    proc.stdin.write(data)
    proc.stdin.close()
    return proc


def _finish(proc: subprocess.Popen) -> tuple[bytes, bytes]:
    out = proc.stdout.read()
    err = proc.stderr.read()
    proc.wait(timeout=60)
    return out, err


@pytest.fixture
def work(tmp_path) -> Path:
    work = tmp_path / "project"
    work.mkdir()
    log = ClaimLog(memory_store_path())
    texts = ["Run the tests with make check, never pytest directly",
             "The tests need the postgres container from docker compose",
             "Flaky tests in the payments module are retried once by CI"]
    log.append([ev.proposed(t, "convention", workspace=workspace_id(str(work)),
                            citations=[ev.command_citation("test")], origin="user")
                for t in texts])
    return work


def _injected_everywhere(home: Path) -> list[dict]:
    """`injected` events in the store plus those waiting in the spool."""
    found = [e for e in ClaimLog(memory_store_path()).events() if e["kind"] == "injected"]
    for spooled in sorted((home / "spool").glob("*.jsonl")):
        for line in spooled.read_text().splitlines():
            event = json.loads(line)
            if event.get("kind") == "injected":
                found.append(event)
    return found


@pytest.mark.parametrize("event", ["session-start", "user-prompt", "stop"])
def test_a_hook_returns_within_its_budget_while_another_process_holds_the_lock(
        event, work, rlat_home):
    fd = os.open(memory_store_path(), os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)  # held for the whole run: waiting for it would never end
    try:
        started = time.monotonic()
        proc = _start_hook(event, _payload(work, "locked-session"))
        out, err = _finish(proc)
        elapsed = time.monotonic() - started
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
    assert proc.returncode == 0, err
    assert elapsed < budget_for(event) + HARD_GRACE + STARTUP_ALLOWANCE, elapsed
    if out.strip():
        json.loads(out)  # one JSON object, nothing else
    if event == "user-prompt":
        assert b"make check" in out  # reads need no lock: recall still served the claim
        assert len(_injected_everywhere(rlat_home)) == 1  # its record waits in the spool


def test_eight_hook_processes_at_once_lose_nothing(work, rlat_home):
    rounds = 3
    served: list[str] = []
    quiet: list[str] = []
    for r in range(rounds):
        sessions = [f"session-{r}-{n}" for n in range(8)]
        # A roomy budget: this test is about eight writers at once, not about speed (a hook
        # that does run out of budget must still give up cleanly: checked below).
        batch = [_start_hook("user-prompt", _payload(work, s, f"how do the tests run ({r})"),
                             env={"RLAT_HOOK_BUDGET_USER_PROMPT": "8"})
                 for s in sessions]
        for session, proc in zip(sessions, batch, strict=True):
            out, err = _finish(proc)
            assert proc.returncode == 0, err
            (served if b"make check" in out else quiet).append(session)
    log = (rlat_home / "logs" / "hooks.log")
    log_text = log.read_text() if log.exists() else ""
    # Eight interpreters on a small machine: a hook that ran out of budget gives up quietly
    # (and says so in hooks.log) rather than stalling the prompt.
    for session in quiet:
        assert session in log_text and "deadline" in log_text, log_text
    assert served, log_text
    injected = _injected_everywhere(rlat_home)
    # One `injected` record per prompt that injected something: none lost, none doubled.
    assert sorted(e["session_id"] for e in injected) == sorted(served), log_text
    assert ClaimLog(memory_store_path()).state().claims  # the store still opens
