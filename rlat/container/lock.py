"""Advisory whole-file locks shared by every process that appends to a container."""

from __future__ import annotations

import os
import time

from .errors import LockTimeout

try:  # POSIX
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False

    def _block_lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX)

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

    def _block_lock(fd: int) -> None:
        while not _try_lock(fd):
            time.sleep(0.01)

    def unlock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)


def lock(fd: int, path: object, timeout: float | None) -> None:
    """Take the exclusive lock on ``fd``; wait at most ``timeout`` seconds (None: forever)."""
    if timeout is None:
        _block_lock(fd)
        return
    deadline = time.monotonic() + timeout
    delay = 0.002
    while not _try_lock(fd):
        if time.monotonic() >= deadline:
            raise LockTimeout(path, f"locked by another process for more than {timeout:g}s")
        time.sleep(delay)
        delay = min(delay * 2, 0.05)
