"""What the background worker runs after SessionEnd: atomic capture and the world-fact miner.

Entry points (the hook's detached worker, ``rlat.hooks.worker``, calls them as separate
tasks, per the environment: ``RLAT_ATOMIC_CAPTURE``, ``RLAT_MINE_ATTRIBUTES``):

    atomic_capture(transcript_path, *, cwd=None, session_id=None) -> TaskResult
    mine_world_facts(transcript_path, *, cwd=None, session_id=None) -> TaskResult

Each returns (never raises for an LLM problem): a :class:`TaskResult` whose ``receipt`` is the
line the session's receipt shows ("" when there is nothing to say) and whose ``to_dict()`` is
JSON for the worker's record. ``CaptureError`` (an unreadable transcript) is the one exception
that propagates, from the single-block fallback.

Input to both: the transcript read by ``rlat.capture.transcript`` (fenced spans, hook
attachments and harness text already gone), every block cleaned by the capture pipeline's
``Cleaner`` (secret files withheld, secrets scrubbed) before the LLM sees anything. Subagent
(sidechain) turns are left out: a subagent's "user" prompt was written by the assistant.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from .evidence import Msg
from .provider import Provider, ProviderError, get_provider

ATOMIC_ENV = "RLAT_ATOMIC_CAPTURE"
MINE_ENV = "RLAT_MINE_ATTRIBUTES"
LOCK_TIMEOUT = 30.0


@dataclass(slots=True)
class SessionInput:
    messages: list[Msg]
    session_id: str
    cwd: str
    workspace: str
    redactions: int = 0


@dataclass(slots=True)
class TaskResult:
    task: str  # atomic | mine
    mode: str  # atomic | single-block | mined | skipped
    receipt: str = ""
    session_id: str | None = None
    workspace: str | None = None
    claims: list[str] = field(default_factory=list)
    new: int = 0
    recurring: int = 0
    dropped: list[dict] = field(default_factory=list)  # {"text", "reason"}
    fallback_reason: str | None = None
    target: str | None = None  # the store or KM written to
    redactions: int = 0
    llm: dict = field(default_factory=dict)  # attempts, seconds, errors

    def to_dict(self) -> dict:
        return {name: getattr(self, name) for name in self.__slots__}


def _epoch(ts: str) -> float | None:
    if not ts:
        return None
    try:
        return datetime.fromisoformat(ts.replace("Z", "+00:00")).timestamp()
    except ValueError:
        return None


def load_session(transcript_path: str | os.PathLike, *, cwd: str | None = None,
                 session_id: str | None = None) -> SessionInput:
    """The session's messages, one per JSONL line (the id a citation names), scrubbed."""
    from ..capture.pipeline import CaptureError, Cleaner, transcript_file
    from ..capture.transcript import ReadStats, iter_turns
    from ..workspace import workspace_id

    if not transcript_path:
        raise CaptureError("no transcript to read (the hook gave no transcript_path)")
    path = transcript_file(transcript_path)
    cleaner = Cleaner(session_id)
    messages: list[Msg] = []
    first_sid = first_cwd = None
    for turn in iter_turns(path, ReadStats()):
        first_sid = first_sid or turn.session_id
        first_cwd = first_cwd or turn.cwd
        if turn.sidechain or turn.kind in ("meta", "command", "interrupt", "system"):
            continue
        cleaner.clean(turn)
        ts = _epoch(turn.timestamp)
        role = {"prompt": "user", "assistant": "assistant", "tool_result": "tool_result",
                "compact_summary": "summary", "bash_input": "tool_call"}.get(turn.kind)
        if role is None:
            continue
        by_line: dict[str, list] = {}
        for block in turn.blocks:
            if block.kind in ("text", "tool_use", "tool_result") and block.text:
                by_line.setdefault(block.uuid or turn.uuid, []).append(block)
        for uuid, blocks in by_line.items():
            line_role = role
            if role == "assistant" and all(b.kind == "tool_use" for b in blocks):
                line_role = "tool_call"  # a tool call, not something the assistant said
            text = "\n".join(b.text for b in blocks)
            messages.append(Msg(uuid, line_role, text, ts))
    cwd = cwd or first_cwd or os.getcwd()
    return SessionInput(messages, session_id or first_sid or path.stem, cwd, workspace_id(cwd),
                        sum(cleaner.rules.values()))


def _scrub(text: str) -> str:
    from ..scrub import scrub_text

    return scrub_text(text)


def _provider(provider: Provider | None) -> Provider:
    return provider if provider is not None else get_provider()


def _llm_record(provider: Provider | None) -> dict:
    call = getattr(provider, "last_call", None)
    if call is None:
        return {}
    return {"provider": getattr(call, "provider", "api"), "attempts": call.attempts,
            "seconds": round(call.elapsed, 2), "errors": call.errors}


# ------------------------------------------------------------------------- atomic capture
def atomic_capture(transcript_path: str | os.PathLike, *, cwd: str | None = None,
                   session_id: str | None = None, provider: Provider | None = None,
                   store_path: str | os.PathLike | None = None,
                   lock_timeout: float | None = LOCK_TIMEOUT) -> TaskResult:
    """One claim per durable fact; on any LLM failure, the single-block capture instead."""
    from ..claims.log import ClaimLog
    from ..paths import memory_store_path
    from . import atomic

    session = load_session(transcript_path, cwd=cwd, session_id=session_id)
    store = Path(store_path) if store_path else memory_store_path()
    result = TaskResult("atomic", "atomic", session_id=session.session_id,
                        workspace=session.workspace, target=str(store),
                        redactions=session.redactions)
    if not any(m.role == "user" for m in session.messages):
        return _single_block(result, transcript_path, session, store,
                             "no user message in the session", lock_timeout)
    used: Provider | None = None
    try:
        used = _provider(provider)
        known = atomic.known_claims(ClaimLog(store).state(), session.workspace)
        extraction = atomic.extract(used, session.messages, known=known, scrub=_scrub)
        result.dropped = [{"text": t, "reason": r} for t, r in extraction.dropped]
        if not extraction.facts:
            raise _NothingKept(
                "no proposed fact survived citation checks" if extraction.proposed
                else "the model found no durable fact")
    except (ProviderError, _NothingKept) as exc:
        result.llm = _llm_record(used)
        return _single_block(result, transcript_path, session, store, str(exc), lock_timeout)
    except Exception as exc:  # noqa: BLE001 - a bug here must not cost the session
        result.llm = _llm_record(used)
        return _single_block(result, transcript_path, session, store,
                             f"atomic extraction failed ({exc.__class__.__name__}: {exc})",
                             lock_timeout)
    result.llm = _llm_record(used)
    landed = atomic.land(extraction.facts, store, session_id=session.session_id,
                         workspace=session.workspace, lock_timeout=lock_timeout)
    result.claims = [f.claim_id for f in extraction.facts]
    result.new, result.recurring = len(landed.new), len(landed.recurring)
    if landed.count:
        _supersede_block(store, session.session_id, landed.new + landed.recurring,
                         lock_timeout)
    result.receipt = (f"[rlat] Captured {landed.count} atomic claim(s) "
                      f"({result.new} new, {result.recurring} recurring; "
                      f"{session.redactions} redactions)")
    return result


class _NothingKept(Exception):
    pass


def _single_block(result: TaskResult, transcript_path, session: SessionInput, store: Path,
                  reason: str, lock_timeout: float | None) -> TaskResult:
    from ..capture.pipeline import capture_transcript
    from ..claims.log import ClaimLog

    report = capture_transcript(transcript_path, cwd=session.cwd, session_id=session.session_id,
                                store=ClaimLog(store), lock_timeout=lock_timeout)
    result.mode = "single-block"
    result.fallback_reason = reason
    result.claims = [c["id"] for c in report.claims if c.get("action") in ("proposed", "recurred")]
    result.new = sum(1 for c in report.claims if c.get("action") == "proposed")
    result.recurring = sum(1 for c in report.claims if c.get("action") == "recurred")
    result.redactions = report.redactions
    result.receipt = f"{report.receipt} — atomic capture fell back: {reason}"
    return result


def _supersede_block(store: Path, session_id: str, by: list[str],
                     lock_timeout: float | None) -> None:
    """Atomic mode records a session *instead of* one block. If the hook already captured
    this session's block inline, that block (this session's alone) is marked superseded by the
    atomic claims; it stays on disk."""
    from ..claims import events as ev
    from ..claims.log import ClaimLog
    from ..container import EVENTS

    log = ClaimLog(store)

    def build():
        state = log.state()
        events = [ev.superseded(c.id, by[0]) for c in state.claims.values()
                  if c.type == "event" and c.sessions == [session_id] and not c.superseded_by]
        return [(EVENTS, {"events": events})] if events else []

    log.container.append_built(build, lock_timeout=lock_timeout)


# --------------------------------------------------------------------------------- miner
def mine_world_facts(transcript_path: str | os.PathLike, *, cwd: str | None = None,
                     session_id: str | None = None, provider: Provider | None = None,
                     km_path: str | os.PathLike | None = None,
                     dry_run: bool = False) -> TaskResult:
    """The four-gate miner over what the user typed; facts land in the workspace's KM."""
    from ..world import default_km_path
    from . import miner

    session = load_session(transcript_path, cwd=cwd, session_id=session_id)
    km = Path(km_path) if km_path else default_km_path(session.workspace)
    result = TaskResult("mine", "mined", session_id=session.session_id,
                        workspace=session.workspace, target=str(km),
                        redactions=session.redactions)
    used: Provider | None = None
    try:
        used = _provider(provider)
        outcome = miner.mine(used, session.messages)
    except ProviderError as exc:
        result.llm = _llm_record(used)
        result.mode = "skipped"
        result.fallback_reason = str(exc)
        return result
    result.llm = _llm_record(used)
    result.dropped = [{"text": d.text, "reason": d.reason} for d in outcome.dropped]
    if dry_run:
        result.claims = [f.text for f in outcome.kept]
        result.new = len(outcome.kept)
        if outcome.kept:
            result.receipt = (f"[rlat] Would learn {len(outcome.kept)} world fact(s) into "
                              f"{km.name} [dry run: nothing stored]")
        return result
    landed = miner.land(outcome.kept, km_path=km, session_id=session.session_id,
                        workspace=session.workspace)
    if km_path and landed.learned:
        from ..world import link_km

        link_km(session.workspace, km)  # an explicit KM serves this workspace's sessions too
    result.claims = landed.new + landed.recurring
    result.new, result.recurring = len(landed.new), len(landed.recurring)
    if landed.learned:
        result.receipt = landed.receipt()
    return result
