"""Regular files only: FIFOs, devices and sockets are never containers, transcripts or sources.

Opening a FIFO for reading blocks until a writer comes, /dev/zero never ends, and renaming a
file over a device node destroys it. Every reader of a user-named path (a store, a knowledge
model, a transcript, a source file) opens it through ``open_regular``; every atomic rewrite
refuses a non-regular target (``rlat.container.file.refuse_to_replace_special``).

Standard library only: the hook path imports this.
"""

from __future__ import annotations

import errno
import os
import stat

_KINDS = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"),
          (stat.S_ISDIR, "a directory"))
_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def special_kind(mode: int) -> str:
    """What a non-regular file is ("a FIFO", "a character device", …); "" for a regular file."""
    if stat.S_ISREG(mode):
        return ""
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


class NotRegularFile(OSError):
    """A path names a FIFO, device, socket or directory where a regular file was expected."""

    def __init__(self, path: object, kind: str) -> None:
        super().__init__(errno.EINVAL, f"not a regular file ({kind})", str(path))
        self.kind = kind


def open_regular(path: str | os.PathLike, flags: int = os.O_RDONLY, mode: int = 0o600) -> int:
    """``os.open`` for a file that must be regular: never blocks on a FIFO (opened
    non-blocking, then checked with fstat) and raises NotRegularFile for anything else."""
    fd = os.open(path, flags | _O_NONBLOCK, mode)
    try:
        kind = special_kind(os.fstat(fd).st_mode)
        if kind:
            raise NotRegularFile(path, kind)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_regular(path: str | os.PathLike, limit: int = -1) -> bytes:
    """A regular file's bytes (at most ``limit``, all of them by default): Path.read_bytes
    for a path the user names, which a FIFO put there would block forever (NotRegularFile)."""
    with os.fdopen(open_regular(path), "rb") as fh:
        return fh.read(limit)
