"""PreCompact and SessionEnd: capture the session now, hand slow work to the worker.

SessionEnd has about 1.5 s in total (all SessionEnd hooks together), so the hook does only
what fits, in this order, each step skipped (and handed over) when the budget runs short:

1. assess the session's turns (``rlat.trust.outcomes.assess_session`` over the signal file)
   and append the outcome events — cheap, and what moves confidence;
2. run the deterministic capture pipeline inline (``rlat.capture.pipeline.capture_transcript``:
   scrub, strip fences, one claim per session, deduplicate, append);
3. start the detached background worker (``python -m rlat.hooks.worker JOB``) for anything
   left: a capture that did not fit, LLM atomic capture (``RLAT_ATOMIC_CAPTURE=1``), the
   world-fact miner (``RLAT_MINE_ATTRIBUTES=1``), spooled events, and a store checkpoint. It
   runs in its own session (setsid), so it outlives the ``claude`` process.

PreCompact does the same before compaction. The transcript keeps growing afterwards, and
SessionEnd captures it whole again: the pipeline supersedes the shorter capture of the same
session with the longer one, so nothing is counted twice.
SessionStart with ``source`` = ``clear`` or ``compact`` calls ``ensure_captured``: a previous
transcript of this workspace that has no capture record is handed to the worker.
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

from ..paths import state_dir
from .runtime import (
    CAPTURE_RESERVE,
    HookContext,
    HookTimeout,
    add_receipt,
    append_record,
    read_records,
)

RECENT_SECONDS = 6 * 3600  # how far back ensure_captured looks for an uncaptured session
MAX_LOOKBACK = 8


def transcript_size(path: str | None) -> int:
    """The transcript's size; -1 when it is missing or not a regular file (a FIFO or device
    would block or never end: never captured)."""
    try:
        st = os.stat(path) if path else None
    except OSError:
        return -1
    return st.st_size if st is not None and stat.S_ISREG(st.st_mode) else -1


def captured_size(records: list[dict], transcript: str | None) -> int:
    """The transcript's size at its last capture (-1: never captured). Capturing again is
    harmless (the pipeline deduplicates, and a longer capture of the same session supersedes
    the shorter one), so this only saves work: an unchanged transcript is not read twice."""
    done = -1
    for rec in records:
        if rec.get("event") == "captured" and rec.get("transcript") == transcript:
            done = max(done, int(rec.get("size") or 0))
    return done


def capture_and_record(transcript: str, *, cwd: str, session_id: str, workspace: str | None,
                       by: str, lock_timeout: float | None) -> dict:
    """Capture ``transcript`` into the memory store and record it: a ``captured`` line in the
    session's signal file (what ``captured_size`` reads back) and the receipt for the next
    SessionStart. The one way both the hook (inline) and the worker capture. Returns the
    summary; raises what the pipeline raises (a locked store, an unreadable transcript)."""
    from ..capture.pipeline import capture_transcript

    size = transcript_size(transcript)
    result = capture_transcript(transcript, cwd=cwd, session_id=session_id,
                                lock_timeout=lock_timeout)
    summary = _summary(result)
    append_record(session_id, {"event": "captured", "ts": time.time(), "transcript": transcript,
                               "size": size, "by": by, **summary})
    if summary.get("receipt") and summary.get("claims") and workspace:
        add_receipt(workspace, summary["receipt"])
    return summary


def capture_inline(ctx: HookContext, transcript: str) -> dict | None:
    """Run the capture pipeline on ``transcript`` within the hook's budget. Returns its
    summary (and records it), or None when it did not run or failed (logged)."""
    try:
        return capture_and_record(
            transcript, cwd=ctx.cwd, session_id=ctx.payload.get("session_id") or ctx.session_id,
            workspace=ctx.workspace, by=ctx.event, lock_timeout=ctx.lock_timeout())
    except ImportError as exc:
        ctx.log(f"capture pipeline unavailable ({exc}); left to the worker")
    except Exception as exc:  # noqa: BLE001 - locked store, unreadable transcript, full disk
        ctx.log(f"inline capture of {transcript} failed ({exc.__class__.__name__}: {exc}); "
                "left to the worker")
    return None


def _summary(result) -> dict:
    if result is None:
        return {"claims": 0}
    if isinstance(result, dict):
        data = result
    elif hasattr(result, "to_dict"):
        data = result.to_dict()
    else:
        data = {k: getattr(result, k) for k in ("claims", "redactions", "receipt")
                if hasattr(result, k)}
    out = {"claims": int(data.get("captured") or 0)}
    if data.get("skipped"):
        out["skipped"] = str(data["skipped"])
    if data.get("receipt"):
        out["receipt"] = str(data["receipt"])
    if data.get("redactions") is not None:
        out["redactions"] = int(data["redactions"] or 0)
    return out


def assess(ctx: HookContext, records: list[dict]) -> None:
    """Append the outcome events for this session's turns (idempotent: the trust engine counts
    the highest-authority outcome per intent once)."""
    try:
        from ..trust.outcomes import assess_session
    except ImportError as exc:
        ctx.log(f"trust engine unavailable ({exc}); outcomes not recorded")
        return
    events = assess_session(records, session_id=ctx.payload.get("session_id") or ctx.session_id)
    if events:
        from .lineage import append as append_lineage
        from .lineage import kms_of

        # Outcomes of world facts served from KMs go to their KM (rlat.hooks.lineage).
        append_lineage(ctx, events, kms_of(records))


def wanted_background(ctx: HookContext, *, capture_done: bool) -> list[str]:
    tasks = [] if capture_done else ["capture"]
    from ..paths import env_flag

    if env_flag("RLAT_ATOMIC_CAPTURE"):
        tasks.append("atomic")
    if env_flag("RLAT_MINE_ATTRIBUTES"):
        tasks.append("mine")
    # (drift: re-check the workspace's linked KMs whose sources changed; the worker looks the
    # links up, so the hook need not work out its workspace before it has handed over)
    return tasks + ["drain", "checkpoint", "view", "drift"]


def handle(ctx: HookContext) -> None:
    from .jobs import job_for, spawn, start_job, write_job

    transcript = ctx.transcript_path
    if transcript and transcript_size(transcript) < 0:
        ctx.log(f"transcript {transcript} is missing or not a regular file; nothing to capture")
        transcript = None
    # The hand-over is written first: if the deadline ends this hook anywhere below (many
    # sessions ending at once on a busy machine), the next worker finds the job and captures
    # the session; the capture task skips a transcript captured inline meanwhile.
    if transcript:
        try:
            ctx.handed = write_job(job_for(ctx, wanted_background(ctx, capture_done=False),
                                           in_a_hurry=True))
        except Exception as exc:  # noqa: BLE001 - a full disk: the inline capture may still fit
            ctx.log(f"job not written ({exc.__class__.__name__}: {exc}); capturing inline only")
    records = read_records(ctx.session_id)
    if ctx.event == "session-end":
        assess(ctx, records)
    done = False
    if transcript:
        already = captured_size(records, transcript)
        size = transcript_size(transcript)
        if already >= size:
            done = True  # nothing new since the last capture
        elif ctx.remaining() > CAPTURE_RESERVE:
            try:
                done = capture_inline(ctx, transcript) is not None
            except HookTimeout:  # the soft deadline: the watchdog leaves time to hand over
                ctx.log(f"inline capture of {transcript} ran out of time; left to the worker")
    if ctx.handed is not None:
        start_job(ctx.handed, ctx.log)  # (its capture task finds an inline capture and skips)
        ctx.handed = None
    else:
        spawn(ctx, wanted_background(ctx, capture_done=done or not transcript))  # logs a failure
    return None


def ensure_captured(ctx: HookContext, source: str) -> None:
    """SessionStart after /clear or /compact: hand any uncaptured previous transcript of this
    workspace (this session's, for compact) to the worker."""
    pending: list[dict] = []
    if source == "compact":
        records = read_records(ctx.session_id)
        if ctx.transcript_path and captured_size(records, ctx.transcript_path) < 0:
            pending.append({"session_id": ctx.payload.get("session_id"),
                            "transcript_path": ctx.transcript_path, "cwd": ctx.cwd})
    else:
        pending.extend(_uncaptured_sessions(ctx))
    from .jobs import spawn

    for job in pending[:MAX_LOOKBACK]:
        spawn(ctx, ["capture", "drain"], override=job)


def _uncaptured_sessions(ctx: HookContext) -> list[dict]:
    """Sessions of this workspace, seen recently by our hooks, never captured."""
    now = time.time()
    out: list[dict] = []
    try:
        entries = sorted(Path(state_dir()).glob("*.jsonl"), key=lambda p: p.stat().st_mtime,
                         reverse=True)
    except OSError:
        return out
    for path in entries[:MAX_LOOKBACK * 2]:
        session = path.stem
        if session == ctx.session_id:
            continue
        try:
            if now - path.stat().st_mtime > RECENT_SECONDS:
                break
        except OSError:
            continue
        records = read_records(session)
        start = next((r for r in records if r.get("event") in ("start", "prompt")
                      and r.get("workspace") == ctx.workspace), None)
        transcript = next((r.get("transcript") for r in records if r.get("transcript")), None)
        if start is None or not transcript or captured_size(records, transcript) >= 0:
            continue
        if transcript_size(transcript) > 0:
            out.append({"session_id": session, "transcript_path": transcript,
                        "cwd": start.get("cwd") or ctx.cwd})
    return out
