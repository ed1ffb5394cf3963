"""Where rlat keeps its files.

Imported by the hook path, so it must stay tiny: platformdirs only, and lazily.
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "rlat"


def home() -> Path:
    """The root of rlat's data: ``$RLAT_HOME`` or the platform's user data dir."""
    override = os.environ.get("RLAT_HOME")
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def log_dir() -> Path:
    """Hook and worker logs: ``$RLAT_HOME/logs`` when overridden, else the platform log dir."""
    override = os.environ.get("RLAT_HOME")
    if override:
        return Path(override).expanduser() / "logs"
    from platformdirs import user_log_dir

    return Path(user_log_dir(APP_NAME, appauthor=False))


def memory_store_path() -> Path:
    """The user's experience memory: one `.rlat` container."""
    return home() / "memory.rlat"


def state_dir() -> Path:
    """Small per-session bookkeeping (what was injected, turn signals)."""
    return home() / "sessions"


def normalise_path(raw: str) -> str:
    """A path in one canonical spelling: forward slashes, resolved, drive letter lower-cased.

    Windows paths (``C:\\Users\\me\\repo``) arriving in hook JSON on a POSIX machine are kept
    as Windows paths but spelled with forward slashes, so they never become a shadow tree of
    relative directories named ``C:\\Users...``.
    """
    text = raw.strip()
    if len(text) >= 2 and text[1] == ":" and text[0].isalpha():
        text = text[0].lower() + ":" + text[2:].replace("\\", "/")
        while "//" in text:
            text = text.replace("//", "/")
        return text.rstrip("/") or text
    try:
        return str(Path(text).expanduser().resolve())
    except OSError:
        return os.path.normpath(text)
