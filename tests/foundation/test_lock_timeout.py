"""One lock policy: no rlat command waits forever on a store another process holds locked.

A real second process holds the store's flock; the real CLI must give up after
RLAT_LOCK_TIMEOUT with one line naming the holder, and exit non-zero."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest
from support.cli import run_rlat

from rlat.container import LockTimeout
from rlat.container.lock import DEFAULT_LOCK_TIMEOUT, default_timeout
from rlat.paths import memory_store_path

HOLD = """
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR)
fcntl.flock(fd, fcntl.LOCK_EX)
print("locked", flush=True)
time.sleep(120)
"""


@pytest.fixture
def locked_store():
    out = run_rlat("memory", "add", "Deploys go through the release train on Thursdays",
                   "--format", "json")
    assert out.returncode == 0, out.stderr
    claim = json.loads(out.stdout)["id"]
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(memory_store_path())],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        yield claim, holder.pid
    finally:
        holder.kill()
        holder.wait()


@pytest.mark.parametrize("command", [
    ["memory", "add", "Staging SSH listens on 2222"],
    ["memory", "forget", "{claim}"],
    ["compact"],
    ["memory", "corroborate", "{claim}"],
])
def test_a_write_on_a_locked_store_gives_up_with_one_line(locked_store, command):
    claim, pid = locked_store
    args = [a.format(claim=claim) for a in command]
    started = time.monotonic()
    out = run_rlat(*args, env={"RLAT_LOCK_TIMEOUT": "0.5"}, timeout=60)
    elapsed = time.monotonic() - started
    assert out.returncode != 0
    assert elapsed < 10, f"{args} waited {elapsed:.1f}s"
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1, out.stderr
    assert f"store is locked by another rlat process (pid {pid})" in lines[0]
    assert "try again, or raise RLAT_LOCK_TIMEOUT" in lines[0]
    assert "Traceback" not in out.stderr


def test_the_default_lock_timeout_is_finite_and_the_environment_overrides_it(monkeypatch):
    monkeypatch.delenv("RLAT_LOCK_TIMEOUT", raising=False)
    assert default_timeout() == DEFAULT_LOCK_TIMEOUT < 60
    monkeypatch.setenv("RLAT_LOCK_TIMEOUT", "2.5")
    assert default_timeout() == 2.5
    monkeypatch.setenv("RLAT_LOCK_TIMEOUT", "soon")
    assert default_timeout() == DEFAULT_LOCK_TIMEOUT


def test_the_container_raises_lock_timeout_by_default(locked_store, monkeypatch):
    from rlat.claims import ClaimLog
    from rlat.claims import events as ev

    monkeypatch.setenv("RLAT_LOCK_TIMEOUT", "0.2")
    cite = ev.command_citation("rlat memory add")
    with pytest.raises(LockTimeout, match="RLAT_LOCK_TIMEOUT"):
        ClaimLog(memory_store_path()).append([ev.proposed("x", "convention", citations=[cite])])
