"""Where rlat keeps its files.

Imported by the hook path, so it must stay tiny: platformdirs only, and lazily.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

APP_NAME = "rlat"

# Everything rlat writes holds claim text or traces of it (stores, read models, logs,
# job files): user-only, whatever the umask. Only files rlat creates get these modes; a file
# it rewrites keeps the mode it had (a knowledge model the user chmod'ed to share stays so).
PRIVATE_DIR_MODE = 0o700
PRIVATE_FILE_MODE = 0o600

# What turns an on/off setting on (RLAT_ATOMIC_CAPTURE, RLAT_MINE_ATTRIBUTES): one rule for
# the hooks, the worker and the CLI.
FLAG_ON = ("1", "true", "yes", "on")


def env_flag(name: str, env=None) -> bool:
    """Whether the on/off setting ``name`` is on in ``env`` (default: this process's)."""
    env = os.environ if env is None else env
    return (env.get(name) or "").strip().lower() in FLAG_ON


def resolve_home(value: str) -> Path:
    """An ``RLAT_HOME`` value as a path; a relative one is taken from the user's home
    directory, not the working directory: hooks run in each project's directory, and one
    relative setting must not give every project its own store."""
    path = Path(value).expanduser()
    return path if path.is_absolute() else Path.home() / path


def _override() -> Path | None:
    override = os.environ.get("RLAT_HOME")
    return resolve_home(override) if override else None


def home() -> Path:
    """The root of rlat's data: ``$RLAT_HOME`` or the platform's user data dir."""
    override = _override()
    if override is not None:
        return override
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP_NAME, appauthor=False))


def log_dir() -> Path:
    """Hook and worker logs: ``$RLAT_HOME/logs`` when overridden, else the platform log dir."""
    override = _override()
    if override is not None:
        return override / "logs"
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


# ------------------------------------------------------------------------ private files
def private_dir(path: str | os.PathLike) -> Path:
    """Create directory ``path`` and its missing parents, each user-only (``mkdir -p`` with
    mode 0700 at every level it creates; ``os.makedirs`` applies the mode to the last one only).
    Directories that exist are left as they are."""
    path = Path(path)
    try:
        path.mkdir(mode=PRIVATE_DIR_MODE)
    except FileNotFoundError:
        if path.parent == path:
            raise
        private_dir(path.parent)
        try:
            path.mkdir(mode=PRIVATE_DIR_MODE)
        except FileExistsError:
            if not path.is_dir():
                raise
    except FileExistsError:
        if not path.is_dir():
            raise
    return path


def open_private(path: str | os.PathLike, mode: str = "wb", *, encoding: str | None = None):
    """Open ``path`` for writing (``w``/``wb`` truncate, ``a``/``ab`` append); created user-only
    (0600) when it does not exist yet."""
    flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if "a" in mode else os.O_TRUNC)
    fd = os.open(path, flags, PRIVATE_FILE_MODE)
    try:
        return os.fdopen(fd, mode, encoding=None if "b" in mode else (encoding or "utf-8"))
    except BaseException:
        os.close(fd)
        raise


def replace_private(tmp: str | os.PathLike, target: str | os.PathLike, *,
                    keep_mode: bool = True, file_mode: int | None = None) -> None:
    """Rename ``tmp`` over ``target`` atomically, with ``target``'s old mode when ``keep_mode``
    and it existed, else user-only (0600). Caches pass ``keep_mode=False``: whatever mode an
    older version left, they hold every claim's text. ``file_mode`` gives the mode instead
    (a copy of another file takes that file's)."""
    mode = PRIVATE_FILE_MODE if file_mode is None else file_mode
    if keep_mode and file_mode is None:
        try:
            mode = stat.S_IMODE(os.stat(target).st_mode)
        except OSError:
            pass
    os.chmod(tmp, mode)
    os.replace(tmp, target)


def fsync_dir(directory: str | os.PathLike) -> None:
    """Make a rename in ``directory`` durable (best effort: not every platform can)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@contextmanager
def atomic_write(target: str | os.PathLike, mode: str = "wb", *, keep_mode: bool = True,
                 durable: bool = True, encoding: str | None = None,
                 file_mode: int | None = None) -> Iterator:
    """Write ``target`` whole or not at all, the one way rlat replaces a file: yields a file
    open on ``.NAME.tmpPID`` beside it (user-only); when the block ends cleanly the temp is
    flushed, ``fsync``ed, renamed over ``target`` (``replace_private``: ``keep_mode`` and
    ``file_mode`` as there) and the directory ``fsync``ed; when the block raises, the temp goes and ``target`` is as it
    was. ``durable=False`` skips both fsyncs: for caches that are rebuilt when lost.

    The temp's name is what ``rlat.cli.errors`` maps back to ``target`` in an error line. A
    symlinked ``target`` is written at the file it points at: the link stays a link (a file
    kept in a dotfiles or synced folder), as ``rlat.container.file.rewrite_target`` does."""
    target = Path(target)
    if target.is_symlink():
        target = Path(os.path.realpath(target))
    tmp = target.with_name(f".{target.name}.tmp{os.getpid()}")
    try:
        with open_private(tmp, mode, encoding=encoding) as fh:
            yield fh
            fh.flush()
            if durable:
                os.fsync(fh.fileno())
        replace_private(tmp, target, keep_mode=keep_mode, file_mode=file_mode)
    finally:
        try:
            tmp.unlink()
        except FileNotFoundError:
            pass
    if durable:
        fsync_dir(target.parent)


def dir_problem(path: Path) -> str | None:
    """Why ``path`` names no directory here ("no such directory", "not a directory": a file
    given for a directory is not missing), or None when it names one."""
    if path.is_dir():
        return None
    return "not a directory" if path.exists() else "no such directory"
