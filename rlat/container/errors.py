"""Errors raised by the container layer. Each carries a one-line, user-facing message.

``RlatError`` is the root of every error rlat reports to a person. It lives here, in the
lowest layer, so every layer can raise it; the CLI's boundary (``rlat.cli.errors``) turns any
of them into one line on stderr and the exit status its class calls for.
"""

from __future__ import annotations


class RlatError(Exception):
    """Something a person can act on. ``str()`` is one line: what is wrong, and what to do."""


class ContainerError(RlatError):
    """A `.rlat` or `.lens` file cannot be used. ``str()`` is one line naming the file."""

    def __init__(self, path: object, problem: str, hint: str = "") -> None:
        self.path = str(path)
        self.problem = problem
        self.hint = hint
        message = f"{self.path}: {problem}"
        if hint:
            message += f" ({hint})"
        super().__init__(message)


class AccessRefused(ContainerError):
    """The file system refused to open the file (its permissions or its directory's, an
    immutable file): the CLI's "the file system refused" status, as for a read-only disk, not
    a request rlat cannot do. Still a ContainerError, so the background worker keeps the
    session for a later capture once the store is writable again. ``writing``: refused for
    writing (the CLI then says which RLAT_HOME is not writable)."""

    def __init__(self, path: object, *, writing: bool) -> None:
        self.writing = writing
        super().__init__(path, "permission denied")


class NotAContainer(ContainerError):
    """The file does not start with the expected magic bytes."""


class TruncatedContainer(NotAContainer):
    """The file ends before its header does: empty, or cut inside the header. Damaged data,
    not a wrong file: a crash or a copy cut it short, and it holds no records, so `rlat doctor`
    can replace it with a valid empty file (keeping the original as ``.bak``)."""

    def __init__(self, path: object, problem: str) -> None:
        super().__init__(path, problem, f"was it truncated? `rlat doctor {path}` makes it a "
                                        "valid empty file again, keeping a copy")


class DanglingLink(ContainerError):
    """The file is a symbolic link into a directory that does not exist: nothing can be
    written through it (the CLI's "the file system refused" status, as for any missing
    directory)."""

    def __init__(self, path: object, target: object) -> None:
        super().__init__(path, f"is a symlink to {target}, whose directory does not exist",
                         "fix or remove the link, then run this again")


class UnsupportedVersion(ContainerError):
    """The file was written by a newer (or unknown) format version."""


class CorruptRecord(ContainerError):
    """A record inside the file fails its checksum or framing; never silently accepted."""

    def __init__(self, path: object, offset: int, problem: str) -> None:
        self.offset = offset
        super().__init__(
            path,
            f"record at byte {offset} is corrupt: {problem}",
            f"run `rlat doctor {path}` to salvage the intact records",
        )


class LockTimeout(ContainerError):
    """Another process held the file's lock for longer than we were willing to wait
    (``RLAT_LOCK_TIMEOUT``, see rlat/container/lock.py)."""

    def __init__(self, path: object, *, waited: float, pid: int | None = None) -> None:
        self.waited = waited
        self.pid = pid
        holder = f" (pid {pid})" if pid else ""
        super().__init__(
            path,
            f"store is locked by another rlat process{holder} — try again, or raise "
            f"RLAT_LOCK_TIMEOUT (waited {waited:g}s)",
        )
