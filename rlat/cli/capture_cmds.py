"""`rlat capture TRANSCRIPT.jsonl`: run the capture pipeline by hand and print the receipt."""

from __future__ import annotations

from pathlib import Path

import typer

from ..capture.pipeline import CaptureError, capture_transcript
from .common import (
    CWD_OPTION,
    FORMAT_OPTION,
    TRANSCRIPT_ARGUMENT,
    OutputFormat,
    emit_json,
    fail,
    open_store,
)
from .groups import app


@app.command("capture")
def capture(
    transcript: Path = TRANSCRIPT_ARGUMENT,
    cwd: str | None = CWD_OPTION,
    dry_run: bool = typer.Option(
        False, "--dry-run", help="Show what would be captured; store nothing, log nothing.",
    ),
    session_id: str | None = typer.Option(
        None, "--session-id", help="Override the session id (default: the transcript's own).",
    ),
    fmt: OutputFormat = FORMAT_OPTION,
) -> None:
    """Capture a session transcript into your memory: strip rlat's injected context, scrub
    secrets, build the session's claim, deduplicate and append it. Prints the receipt
    `[rlat] Captured N claim(s) (M redactions)`. Capturing the same session twice adds nothing."""
    store = open_store()
    try:
        report = capture_transcript(transcript, cwd=cwd, session_id=session_id, store=store,
                                    dry_run=dry_run)
    except CaptureError as exc:
        fail(f"{exc}")
    if fmt is OutputFormat.json:
        emit_json(report.to_dict())
        return
    typer.echo(report.receipt)
    if report.skipped:
        typer.echo(f"  nothing captured: {report.skipped}")
    for claim in report.claims:
        action = claim.get("action", "")
        label = {
            "proposed": "new claim",
            "recurred": f"recurred (recurrence {claim.get('recurrence')})",
            "already_captured": "already captured from this session",
            "dropped": "dropped",
        }.get(action, action)
        typer.echo(f"  {claim['id']}  {label}")
        if dry_run or action in ("proposed", "dropped"):
            for line in claim["text"].splitlines():
                typer.echo(f"    {line}")
        for old in claim.get("supersedes", ()):
            typer.echo(f"  {old}  superseded by {claim['id']}")
    counts = report.counts
    notes = []
    for key, label in (("malformed", "malformed line(s)"),
                       ("truncated_last_line", "truncated last line"),
                       ("oversized", "oversized line(s) skipped"),
                       ("unknown_types", "line(s) of unknown type"),
                       ("secret_file_outputs", "secret-file output(s) withheld"),
                       ("fenced_spans", "injected span(s) stripped")):
        if counts.get(key):
            notes.append(f"{counts[key]} {label}")
    if notes:
        typer.echo("  read: " + ", ".join(notes))
