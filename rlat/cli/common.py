"""Helpers every command module shares: errors, output formats, the store, id lookup."""

from __future__ import annotations

import json
import os
import sys
from enum import StrEnum
from pathlib import Path
from typing import NoReturn

import typer

from ..claims import ClaimLog, FoldState
from ..claims.model import Claim
from ..paths import memory_store_path


class OutputFormat(StrEnum):
    text = "text"
    json = "json"


class SearchFormat(StrEnum):
    text = "text"
    json = "json"
    context = "context"


FORMAT_OPTION = typer.Option(OutputFormat.text, "--format", help="Output format.")


def fail(message: str, code: int = 1) -> NoReturn:
    """One line on stderr, non-zero exit. The message should say what to do next."""
    typer.echo(f"rlat: error: {message}", err=True)
    raise typer.Exit(code)


def emit_json(obj: object) -> None:
    """Indented for a person at a terminal; one compact line when piped (the C encoder, several
    times faster on large outputs such as a listing of 10k claims)."""
    indent = 2 if sys.stdout.isatty() else None
    sys.stdout.write(json.dumps(obj, ensure_ascii=False, indent=indent, default=_json_default))
    sys.stdout.write("\n")


def _json_default(obj: object):
    if isinstance(obj, Path):
        return str(obj)
    if isinstance(obj, (set, frozenset)):
        return sorted(obj)
    if hasattr(obj, "to_dict"):
        return obj.to_dict()
    raise TypeError(f"not JSON serialisable: {type(obj).__name__}")


def store_path(explicit: Path | None = None) -> Path:
    return Path(explicit) if explicit else memory_store_path()


def open_store(explicit: Path | None = None) -> ClaimLog:
    return ClaimLog(store_path(explicit))


def current_cwd() -> str:
    return os.getcwd()


def resolve_claim(state: FoldState, ref: str) -> Claim:
    """A claim by full id or unique prefix; a clear error otherwise."""
    ref = ref.strip().lower()
    if ref in state.claims:
        return state.claims[ref]
    if len(ref) < 4:
        fail(f"claim id {ref!r} is too short; give at least 4 characters")
    matches = [c for cid, c in state.claims.items() if cid.startswith(ref)]
    if not matches:
        fail(f"no claim with id {ref!r} (list them with `rlat memory list`)")
    if len(matches) > 1:
        fail(f"claim id {ref!r} is ambiguous: {', '.join(c.id for c in matches[:5])}")
    return matches[0]
