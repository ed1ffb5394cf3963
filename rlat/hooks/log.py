"""The hooks' bottom layer: the one log (``hooks.log``) and safe session ids for file names.

Every other hook module may import this one; it imports no other hook module, so ``runtime``
(``HookContext``, which can ask for a view rebuild) and ``jobs`` (which starts the worker and
logs when it cannot) both stand on it without importing each other in a circle.
"""

from __future__ import annotations

import os
import re
import time

from ..paths import log_dir, private_dir

LOG_MAX_BYTES = 1_000_000
_SAFE_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-")
SAFE_ID_MAX = 128
_HASH_CHARS = 12


def safe_id(raw: object, limit: int = SAFE_ID_MAX) -> str:
    """A session id fit for a file name, at most ``limit`` characters: the one rule for every
    file named after a session (its signal file, a job, a spool file).

    A plain id (Claude Code's UUIDs) is its own name, as it always was, so existing signal
    files are still found. Any other (Claude Code sends UUIDs; never trust that) is made safe
    and readable, plus a short hash of the id itself: ``a/b``, ``a b`` and ``a:b`` would all
    read ``a-b``, and sessions sharing a file would share their injected lists and outcome
    signals. A name it returns is its own name (applying it again changes nothing)."""
    text = str(raw or "")
    if not text:
        return "unknown-session"
    readable = text
    if not _SAFE_CHARS.issuperset(readable):  # (a UUID never needs the regex)
        readable = re.sub(r"[^A-Za-z0-9._-]+", "-", readable)
    readable = readable.strip("-.")
    if readable == text and len(text) <= limit:
        return text
    import hashlib  # (only for an id that is not plain: not on a UUID's path)

    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:_HASH_CHARS]
    readable = readable[:limit - _HASH_CHARS - 1].rstrip("-.")
    return f"{readable}-{digest}" if readable else digest


def log_line(event: str, session: str, message: str) -> None:
    """One line per problem in hooks.log. Never raises (a full disk loses the line, not the hook)."""
    try:
        directory = private_dir(log_dir())
        path = directory / "hooks.log"
        try:
            if path.stat().st_size > LOG_MAX_BYTES:
                os.replace(path, directory / "hooks.log.1")
        except OSError:
            pass
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        text = " ".join(str(message).split())[:600]
        line = f"{stamp} {event} session={session[:36] or '-'} {text}\n"
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, line.encode("utf-8", "replace"))
        finally:
            os.close(fd)
    except Exception:  # noqa: BLE001 - logging must never take a hook down
        pass


def log_warnings(event: str, session: str, stream) -> None:
    """What a hook's or the worker's code wrote to a captured stderr (a writer's "repaired a
    torn record at byte N …"), one hooks.log line each: a hook's output is one JSON object on
    stdout and the worker's stderr is /dev/null, so a problem is said in the log. Never raises."""
    try:
        text = stream.getvalue()
    except Exception:  # noqa: BLE001 - logging must never take a hook down
        return
    for line in text.splitlines():
        if line.strip():
            log_line(event, session, line.removeprefix("rlat: "))
