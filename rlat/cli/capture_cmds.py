"""`rlat capture TRANSCRIPT.jsonl`: run the capture pipeline by hand and print the receipt."""

from __future__ import annotations

from pathlib import Path

from ..capture.pipeline import CaptureError, capture_transcript
from ..render.terminal import terminal_safe
from .common import (
    CWD_OPTION,
    FORMAT_OPTION,
    TRANSCRIPT_ARGUMENT,
    echo,
    emit_json,
    fail,
    open_store,
    project_dir,
)
from .parsing import Arg, command, usage_error


def _say(line: str) -> None:
    """One line of the report. Claim text comes from the transcript: no escape sequence in it
    may reach the terminal."""
    echo(terminal_safe(line))


@command(
    TRANSCRIPT_ARGUMENT,
    CWD_OPTION,
    Arg("--dry-run", action="store_true",
        help="Show what would be captured; store nothing, log nothing."),
    Arg("--session-id", metavar="ID",
        help="Override the session id (default: the transcript's own)."),
    FORMAT_OPTION,
)
def capture(transcript: Path, cwd: str | None, dry_run: bool, session_id: str | None, fmt: str,
            settings) -> None:
    """Capture a session transcript into your memory: strip rlat's injected context, scrub
    secrets, keep one claim per durable fact found without a model plus the session's record,
    deduplicate and append them. Prints the receipt
    `[rlat] Captured N claim(s) (M redactions)`. Capturing the same session twice adds nothing.

    With RLAT_ATOMIC_CAPTURE=1 (as for the hooks), a model splits the session into one claim per
    durable fact; any LLM failure falls back to the capture without a model, and the receipt
    says why. A --dry-run never calls the model (it says so)."""
    if session_id is not None and not session_id.strip():
        usage_error("--session-id is empty; give an id, or leave it out to use the "
                    "transcript's own", "rlat capture")
    cwd = project_dir(cwd, "--cwd")
    store = open_store()
    if not dry_run and settings.atomic_capture:
        _capture_atomic(transcript, cwd, session_id, store, fmt, settings.lock_timeout)
        return
    try:
        report = capture_transcript(transcript, cwd=cwd, session_id=session_id, store=store,
                                    dry_run=dry_run)
    except CaptureError as exc:
        fail(f"{exc}")
    counts = report.counts
    lines = counts.get("lines", 0) - counts.get("blank", 0)
    unusable = sum(counts.get(key, 0) for key in ("malformed", "truncated_last_line",
                                                  "oversized", "unknown_types"))
    if lines and unusable >= lines:
        # (an empty session is nothing to capture; a file none of whose lines is a transcript
        # line is the wrong file: JSON of another kind, or binary, which reads as one
        # unfinished line when it holds no newline)
        fail(f"{transcript} is not a Claude Code transcript: none of its {lines:,} line(s) is "
             "one (~/.claude/projects/<project>/<session>.jsonl holds them)")
    # (the model step stores as it goes, so a dry run cannot take it)
    model_skipped = dry_run and settings.atomic_capture
    if fmt == "json":
        emit_json(report.to_dict() | ({"model_step": "skipped: dry run"} if model_skipped
                                      else {}))
        return
    _say(report.receipt)
    if model_skipped:
        _say("  RLAT_ATOMIC_CAPTURE=1: the model step is skipped in a dry run; this is the "
             "capture without a model")
    if report.skipped:
        _say(f"  nothing captured: {report.skipped}")
    for claim in report.claims:
        action = claim.get("action", "")
        label = {
            "proposed": "new claim",
            "recurred": f"recurred (recurrence {claim.get('recurrence')})",
            "already_captured": "already captured from this session",
            "dropped": "dropped",
        }.get(action, action)
        _say(f"  {claim['id']}  {label}")
        if dry_run or action in ("proposed", "dropped"):
            for line in claim["text"].splitlines():
                _say(f"    {line}")
        for old in claim.get("supersedes", ()):
            _say(f"  {old}  superseded by {claim['id']}")
    notes = []
    for key, label in (("malformed", "malformed line(s)"),
                       ("truncated_last_line", "truncated last line"),
                       ("oversized", "oversized line(s) skipped"),
                       ("unreadable_files", "unreadable subagent transcript(s) skipped"),
                       ("unknown_types", "line(s) of unknown type"),
                       ("secret_file_outputs", "secret-file output(s) withheld"),
                       ("fenced_spans", "injected span(s) stripped")):
        if counts.get(key):
            notes.append(f"{counts[key]} {label}")
    if notes:
        _say("  read: " + ", ".join(notes))


def _capture_atomic(transcript: Path, cwd: str | None, session_id: str | None, store,
                    fmt: str, lock_timeout: float) -> None:
    """The background worker's atomic capture (``rlat.llm.session_tasks.atomic_capture``),
    run in the foreground; a locked store waits ``RLAT_LOCK_TIMEOUT`` like every command's
    write, then reaches the boundary (status 4)."""
    from ..llm.session_tasks import atomic_capture

    try:
        result = atomic_capture(transcript, cwd=cwd, session_id=session_id,
                                store_path=store.path, lock_timeout=lock_timeout)
    except CaptureError as exc:
        fail(f"{exc}")
    if fmt == "json":
        emit_json(result.to_dict())
        return
    _say(result.receipt)
    for cid in result.claims:
        _say(f"  {cid}")
    for dropped in result.dropped:
        _say(f"  dropped: {dropped['text']}  ({dropped['reason']})")
