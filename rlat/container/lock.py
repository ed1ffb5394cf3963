"""Advisory whole-file locks shared by every process that appends to a container.

One lock policy: nobody waits forever. A writer that does not name a timeout waits at most
``default_timeout()`` seconds — ``RLAT_LOCK_TIMEOUT`` from the environment, else
``DEFAULT_LOCK_TIMEOUT`` — and then gets ``LockTimeout`` (a ``ContainerError``: the CLI prints
its one line and exits non-zero). Hooks pass their own, much shorter budget
(``RLAT_HOOK_LOCK_TIMEOUT``, rlat/hooks/runtime.py) and spool what they could not write.
"""

from __future__ import annotations

import math
import os
import time

from .errors import LockTimeout

LOCK_TIMEOUT_ENV = "RLAT_LOCK_TIMEOUT"
DEFAULT_LOCK_TIMEOUT = 10.0


def default_timeout() -> float:
    """Seconds a writer waits for a busy lock unless told otherwise (read per call)."""
    return timeout_from(os.environ.get(LOCK_TIMEOUT_ENV))


def timeout_from(raw: str | None) -> float:
    """The lock timeout a ``RLAT_LOCK_TIMEOUT`` value means (the CLI reads the variable once,
    ``rlat.cli.settings``; the rule is here)."""
    raw = (raw or "").strip()
    if raw:
        try:
            value = float(raw)
        except ValueError:
            return DEFAULT_LOCK_TIMEOUT
        if math.isfinite(value):  # (not NaN, and never "inf": no wait is without a bound)
            return max(0.0, value)
    return DEFAULT_LOCK_TIMEOUT


def holder_pid(fd: int) -> int | None:
    """The pid holding a lock on ``fd``'s file, from /proc/locks (Linux); None elsewhere or
    when it cannot be told. Only used to word the timeout message."""
    try:
        st = os.fstat(fd)
        with open("/proc/locks", encoding="ascii", errors="replace") as fh:
            lines = fh.read().splitlines()
    except OSError:
        return None
    me = os.getpid()
    for line in lines:
        parts = line.split()
        if "->" in parts:  # a waiter queued behind a holder, not a holder
            continue
        if len(parts) < 6 or parts[1] != "FLOCK":
            continue
        try:
            pid = int(parts[4])
            major, minor, inode = parts[5].split(":")
            if (int(inode) == st.st_ino and int(major, 16) == os.major(st.st_dev)
                    and int(minor, 16) == os.minor(st.st_dev) and pid != me):
                return pid
        except ValueError:
            continue
    return None

try:  # POSIX
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False

    def unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)

except ImportError:  # pragma: no cover - Windows
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False

    def unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


def lock(fd: int, path: object, timeout: float | None) -> None:
    """Take the exclusive lock on ``fd``; wait at most ``timeout`` seconds (None: the default,
    ``default_timeout()``). Raises LockTimeout when it stays busy that long."""
    if timeout is None:
        timeout = default_timeout()
    deadline = time.monotonic() + timeout
    delay = 0.002
    while not _try_lock(fd):
        if time.monotonic() >= deadline:
            raise LockTimeout(path, waited=timeout, pid=holder_pid(fd))
        time.sleep(delay)
        delay = min(delay * 2, 0.05)
