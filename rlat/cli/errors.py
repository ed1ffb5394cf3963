"""The CLI's one error boundary and its one table of exit statuses.

Every ``rlat`` command (``rlat/__main__.py``) runs inside ``guarded``: whatever escapes a
command becomes one line on stderr and a status from ``STATUS``, never a traceback
(``RLAT_DEBUG=1`` shows the traceback too, for a bug report). A usage error is reported by the
parser itself (``rlat.cli.parsing.usage_error``: one line, ``USAGE``). The hooks (``rlat hook
…``) have their own contract: always exit 0, one log line per problem (docs/hooks.md).

Exceptions are classified by the names of their classes (the class and its bases, nearest
first), so an error class added in a lower layer takes its status by adding its name here,
without this module importing that layer (it costs a command nothing to load).
"""

from __future__ import annotations

import errno
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .settings import Settings

OK = 0
USER_ERROR = 1  # the command cannot do what was asked; the message says what to do instead
USAGE = 2  # bad arguments or options (the parser reports these: rlat.cli.parsing)
DAMAGED = 3  # a file's data is damaged: `rlat doctor` can tell more, often salvage
LOCKED = 4  # another process holds the store's lock past the timeout
CANNOT_ACCESS = 5  # the file system refused: permissions, read-only, full disk, missing directory
INTERNAL = 70  # a bug in rlat (EX_SOFTWARE): one line, the traceback with RLAT_DEBUG=1
INTERRUPTED = 130  # Ctrl-C (128 + SIGINT)

# Error class name -> exit status; the nearest class in an exception's MRO that is named here
# decides. Documented in docs/architecture.md ("Errors and exit statuses").
STATUS: dict[str, int] = {
    "RlatError": USER_ERROR,  # the root (rlat.container.errors)
    "CorruptRecord": DAMAGED,
    "TruncatedContainer": DAMAGED,
    "LockTimeout": LOCKED,
    "DanglingLink": CANNOT_ACCESS,  # a symlink into a directory that does not exist
    "AccessRefused": CANNOT_ACCESS,  # permissions (or an immutable file) refused the open
    # errors of other layers that carry a one-line user-facing message but are not (yet)
    # under RlatError
    "KMError": USER_ERROR,
    "KMDamaged": DAMAGED,
    "CaptureError": USER_ERROR,
    "WorldFactError": USER_ERROR,
    "LensError": USER_ERROR,
    "LensDamaged": DAMAGED,
    "ProviderError": USER_ERROR,
    "UnicodeError": USER_ERROR,  # text that is not UTF-8 (stdin, a file, an argument)
    "OSError": CANNOT_ACCESS,
    "KeyboardInterrupt": INTERRUPTED,
}


def status_of(exc: BaseException) -> int | None:
    """The exit status the table gives ``exc``'s class (nearest named base), or None."""
    for cls in type(exc).__mro__:
        if cls.__name__ in STATUS:
            return STATUS[cls.__name__]
    return None


def message_of(exc: BaseException, home: str | None = None) -> str:
    """One line for a person. ``home``: RLAT_HOME, when set (a file under it that cannot be
    written gets a hint about it)."""
    if isinstance(exc, UnicodeDecodeError):
        return (f"input is not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at offset "
                f"{exc.start}); convert it first, e.g. with iconv")
    if isinstance(exc, UnicodeEncodeError):  # undecodable bytes smuggled in as surrogates
        return "an argument or the input is not UTF-8 text; convert it first, e.g. with iconv"
    if isinstance(exc, OSError) and not _is_rlat_error(exc):
        return _os_message(exc, home)
    text = " ".join(str(exc).split())
    path = getattr(exc, "path", "")
    if getattr(exc, "writing", False) and home and path and _under(path, home):
        text += f" ({_UNWRITABLE_HOME.format(home=home)})"  # (AccessRefused, as for OSError)
    return text or type(exc).__name__


def _is_rlat_error(exc: BaseException) -> bool:
    return any(cls.__name__ == "RlatError" for cls in type(exc).__mro__)


# New files are written as ``.NAME.tmpPID`` (or ``.rlat-tmpPID``) beside NAME and renamed into place
# (rlat.container.file.write_new_file): an error names the file the user asked for.
_TEMP_NAME = re.compile(r"^\.(?P<name>.+)\.(?:rlat-)?tmp\d*$")


_UNWRITABLE_HOME = "RLAT_HOME={home} is not writable; point RLAT_HOME at a writable directory"


def _os_message(exc: OSError, home: str | None) -> str:
    name = str(exc.filename) if exc.filename is not None else ""
    if exc.errno == errno.ENOENT and not os.path.isabs(name) and _cwd_gone():
        # (getcwd itself, or a path taken from it: nothing else can be looked up either)
        return ("the working directory no longer exists (deleted or moved away); cd to a "
                "directory that exists and run the command again")
    temp = _TEMP_NAME.match(Path(name).name) if name else None
    if temp:
        name = str(Path(name).with_name(temp["name"]))
    what = (exc.strerror or str(exc)).lower()
    line = f"{name}: {what}" if name else what
    hint = ""
    if exc.errno == errno.ENOENT and name and not Path(str(name)).parent.is_dir():
        hint = f"the directory {Path(str(name)).parent} does not exist; create it first"
    if exc.errno == errno.ELOOP:
        hint = "point the link at a file, or remove it"
    if home and name and _under(name, home):
        if exc.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            hint = _UNWRITABLE_HOME.format(home=home)
    if exc.errno == errno.ENOSPC:
        hint = "free some space and run the command again; nothing was half-written"
    if exc.errno == errno.EFBIG:
        hint = ("a file-size limit (ulimit -f) stopped the write; raise it and run the command "
                "again; nothing was half-written")
    return f"{line} ({hint})" if hint else line


def _under(path: str, directory: str) -> bool:
    try:
        Path(os.path.abspath(path)).relative_to(os.path.abspath(directory))
    except (ValueError, OSError):  # (OSError: abspath of a relative path, no working directory)
        return False
    return True


def _cwd_gone() -> bool:
    try:
        os.getcwd()
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return False


def check_home(settings: Settings) -> None:
    """RLAT_HOME, when set, must be a directory (or not exist yet): said once, up front, rather
    than as whichever file under it fails first (or, for a read, as an empty store)."""
    home = settings.home
    if home and os.path.exists(home) and not os.path.isdir(home):
        from ..container.errors import RlatError

        raise RlatError(f"RLAT_HOME={home} is a file; point RLAT_HOME at a directory "
                        "(or unset it to use the default)")


def report(message: str) -> None:
    try:
        sys.stderr.write(f"rlat: error: {message}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


def guarded(command: Callable[[], int], settings: Settings) -> int:
    """Run ``command`` and return its exit status; anything it raises becomes one line on
    stderr and the status ``STATUS`` gives it (an unknown exception is a bug: ``INTERNAL``)."""
    try:
        return command()
    except KeyboardInterrupt:
        report("interrupted")
        return INTERRUPTED
    except SystemExit as exc:
        code = exc.code
        return code if isinstance(code, int) else (OK if code is None else USER_ERROR)
    except BrokenPipeError:
        # `rlat … | head`: the reader left; nothing more to say, and nothing to flush at exit.
        _silence_stdout()
        return OK
    except Exception as exc:  # noqa: BLE001 - the boundary: every error becomes one line
        status = status_of(exc)
        if settings.debug:
            import traceback

            traceback.print_exc()
        from .. import missing_dependency

        if missing := missing_dependency(exc):
            report(missing)
            return USER_ERROR
        if status is None:
            report(f"internal error ({type(exc).__name__}: {message_of(exc, settings.home)}); "
                   "rerun with RLAT_DEBUG=1 for the traceback and report it")
            return INTERNAL
        report(message_of(exc, settings.home))
        return status


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
