"""Helpers every command module shares: errors, output formats, the store, id lookup."""

from __future__ import annotations

import os
import sys
from enum import StrEnum
from pathlib import Path
from typing import NoReturn

import typer

from ..claims import ClaimLog, FoldState
from ..claims.model import Claim
from ..container.errors import RlatError
from ..paths import memory_store_path
from .memory_present import find_claim, json_text


class OutputFormat(StrEnum):
    text = "text"
    json = "json"


class SearchFormat(StrEnum):
    text = "text"
    json = "json"
    context = "context"


FORMAT_OPTION = typer.Option(OutputFormat.text, "--format", help="Output format.")
TRANSCRIPT_ARGUMENT = typer.Argument(
    ..., help="A Claude Code session transcript (~/.claude/projects/<project>/<session>.jsonl).",
    show_default=False,
)
CWD_OPTION = typer.Option(
    None, "--cwd",
    help="The session's working directory (its workspace). Default: the directory the "
    "transcript records, else the current one.",
)


def fail(message: str, code: int = 1) -> NoReturn:
    """One line on stderr, non-zero exit. The message should say what to do next."""
    typer.echo(f"rlat: error: {message}", err=True)
    raise typer.Exit(code)


def read_stdin_text() -> str:
    """All of stdin as text: strict UTF-8 (the default text stream would smuggle undecodable
    bytes in as surrogates, which fail much later, far from their cause)."""
    data = sys.stdin.buffer.read()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RlatError(f"stdin is not UTF-8 text (byte 0x{data[exc.start]:02x} at offset "
                        f"{exc.start}); convert it first, e.g. with iconv") from None


def emit_json(obj: object) -> None:
    """Indented for a person at a terminal; one compact line when piped (``json_text``)."""
    sys.stdout.write(json_text(obj))


def store_path(explicit: Path | None = None) -> Path:
    return Path(explicit) if explicit else memory_store_path()


def open_store(explicit: Path | None = None) -> ClaimLog:
    return ClaimLog(store_path(explicit))


def current_cwd() -> str:
    return os.getcwd()


def resolve_claim(state: FoldState, ref: str) -> Claim:
    """A claim by full id or unique prefix; a clear error otherwise."""
    try:
        return find_claim(state, ref)
    except LookupError as exc:
        fail(str(exc))


def note_redactions(count: int) -> None:
    """One line on stderr when secrets were redacted from what a command stores."""
    if count:
        typer.echo(f"rlat: redacted {count} secret(s) before storing; "
                   "[REDACTED:<rule>] stands in their place", err=True)


def short_text(text: str, n: int = 90) -> str:
    """A claim's or passage's text on one line, for the terminal (it may come from a
    transcript or a corpus, so escape sequences are taken out)."""
    from ..render.terminal import terminal_safe

    text = " ".join(terminal_safe(text).split())
    return text if len(text) <= n else text[: n - 3] + "..."
