"""Helpers every command module shares: arguments, output, errors, the store, id lookup.

Imported by every command, so its own imports are the standard library's: the store and the
claims layer are imported inside the helpers that need them.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from ..render.terminal import short_text  # noqa: F401 - the commands' one-line text
from .parsing import Arg

if TYPE_CHECKING:
    from ..claims import ClaimLog, FoldState
    from ..claims.model import Claim

FORMATS = ("text", "json")
SEARCH_FORMATS = ("text", "json", "context")

FORMAT_OPTION = Arg("--format", dest="fmt", choices=FORMATS, default="text",
                    help="Output format.")
TRANSCRIPT_ARGUMENT = Arg(
    "transcript", type=Path,
    help="A Claude Code session transcript (~/.claude/projects/<project>/<session>.jsonl).")
CWD_OPTION = Arg(
    "--cwd", metavar="DIR",
    help="The session's working directory (its workspace): a directory on this machine, "
    "such as your checkout of the project. Default: the directory the transcript records "
    "(used as recorded, even when it is not on this machine), else the current one.")
CLAIM_ID_ARGUMENT = Arg("claim_ref", metavar="ID", help="Claim id or a unique prefix.")

# What a terminal would act on: a program's output that is not a terminal never carries it.
_ESCAPE_SEQUENCE = re.compile(r"\033\[[;?0-9]*[a-zA-Z]")
_STYLES = {"bold": "\033[1m", "cyan": "\033[36m"}


def echo(text: str = "", *, err: bool = False) -> None:
    """One line on stdout (stderr with ``err``). Escape sequences reach a terminal only: piped
    or redirected output is plain text."""
    stream = sys.stderr if err else sys.stdout
    if not stream.isatty():
        text = _ESCAPE_SEQUENCE.sub("", text)
    stream.write(text + "\n")
    stream.flush()


def styled(text: str, style: str) -> str:
    """``text`` in bold or cyan (``echo`` drops the style when the output is not a terminal)."""
    return f"{_STYLES[style]}{text}\033[0m"


def fail(message: str) -> NoReturn:
    """Stop the command: one line on stderr, exit status 1 (the boundary, rlat.cli.errors).
    The message should say what to do next."""
    from ..container.errors import RlatError

    raise RlatError(message)


def require_words(query: str, *, has_words: bool, to: str, then: str) -> None:
    """Stop a search, recall or research whose query gives nothing to look for: empty, or only
    stop words and punctuation (``has_words``: what the engine's own tokenizer made of it, so
    it could find nothing). ``to``: what the words are for ("search for"); ``then``: what to do
    ("say what to look for")."""
    from ..render.terminal import quoted

    if not query.strip():
        fail(f"the query is empty; {then}")
    if not has_words:
        fail(f"the query {quoted(query)} has no word to {to} (only stop words or "
             f"punctuation); {then}")


def read_stdin_text() -> str:
    """All of stdin as text: strict UTF-8 (the default text stream would smuggle undecodable
    bytes in as surrogates, which fail much later, far from their cause)."""
    data = sys.stdin.buffer.read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        from ..container.errors import RlatError

        raise RlatError(f"stdin is not UTF-8 text (byte 0x{data[exc.start]:02x} at offset "
                        f"{exc.start}); convert it first, e.g. with iconv") from None


def emit_json(obj: object) -> None:
    """Indented for a person at a terminal; one compact line when piped (``json_text``)."""
    from .memory_present import json_text

    sys.stdout.write(json_text(obj))


def store_path(explicit: Path | None = None) -> Path:
    """The memory store (or ``explicit``). A store that does not exist yet is fine (readers see
    no claims, writers create it); a path that cannot be looked up at all (a symbolic-link loop,
    a parent that is not a directory or not searchable) raises the OSError, so readers fail as
    writers do instead of reporting an empty store."""
    from ..paths import memory_store_path

    path = Path(explicit) if explicit else memory_store_path()
    try:
        os.stat(path)
    except FileNotFoundError:
        pass
    return path


def open_store(explicit: Path | None = None) -> ClaimLog:
    from ..claims import ClaimLog

    return ClaimLog(store_path(explicit))


def current_cwd() -> str:
    return os.getcwd()


def project_dir(raw: str | os.PathLike | None, label: str = "") -> str | None:
    """``raw`` (an option or argument naming a project's directory, ``label`` its name) when it
    names a directory here; None stays None. Otherwise stop with one line (status 1, as
    `install-hooks --project-dir` and the MCP tools' ``cwd`` refuse it)."""
    from ..workspace import project_dir_problem

    if raw is None:
        return None
    problem = project_dir_problem(str(raw))
    if problem:
        fail(f"{label + ' ' if label else ''}{raw}: {problem}; give the project's directory")
    return str(raw)


def resolve_claim(state: FoldState, ref: str) -> Claim:
    """A claim by full id or unique prefix; a clear error otherwise."""
    from .memory_present import find_claim

    try:
        return find_claim(state, ref)
    except LookupError as exc:
        fail(str(exc))


def note_redactions(count: int) -> None:
    """One line on stderr when secrets were redacted from what a command stores."""
    if count:
        echo(f"rlat: redacted {count} secret(s) before storing; "
             "[REDACTED:<rule>] stands in their place", err=True)


