"""Claim-log events: immutable records appended to a container, folded into claims.

Every event is a msgpack map with ``kind``, ``id`` (random, unique: the union key when two
copies merge), ``ts`` (unix seconds) and a kind-specific payload. Constructors here are the
only place event shapes are written down; docs/format.md lists them.

They are also where secrets stop: every free-text field a person or a model fills (a claim's
text, subject and attribute key, a citation's command and excerpt, a reason a person gives)
is scrubbed here (``rlat.scrub``), so no write path (capture, ``memory add``,
``capture-attribute``, the miner, atomic capture) can store a secret by going around it.
The scrubber is a standard-library leaf, imported on first use: hooks that write no text
never pay for compiling its rules.
"""

from __future__ import annotations

import time

from .ids import claim_id, content_hash, new_event_id
from .policy import ORIGINS, POLARITIES, SCOPES, STATES, policy

PROPOSED = "proposed"
EVIDENCE_ADDED = "evidence_added"
RECURRED = "recurred"
OUTCOME = "outcome"
STATE_CHANGED = "state_changed"
PROMOTED = "promoted"
SUPERSEDED = "superseded"
CONTESTED = "contested"
CORROBORATED = "corroborated"
VERIFIED = "verified"
INJECTED = "injected"
MARKED = "marked"
QUARANTINED = "quarantined"
UNQUARANTINED = "unquarantined"
CALIBRATION_SCORED = "calibration_scored"
PURGED = "purged"
RESTORED = "restored"

EVENT_KINDS = (
    PROPOSED, EVIDENCE_ADDED, RECURRED, OUTCOME, STATE_CHANGED, PROMOTED, SUPERSEDED,
    CONTESTED, CORROBORATED, VERIFIED, INJECTED, MARKED, QUARANTINED, UNQUARANTINED,
    CALIBRATION_SCORED, PURGED, RESTORED,
)

# Authority of an outcome signal: a person outranks a mechanical signal outranks a guess.
AUTHORITIES = ("user", "mechanical", "heuristic")


def scrubbed(text: str) -> tuple[str, int]:
    """``text`` with every secret replaced by ``[REDACTED:<rule>]``, and how many were.
    Idempotent: scrubbing scrubbed text changes nothing."""
    if not text:
        return text, 0
    from ..scrub import scrub

    result = scrub(text)
    return result.text, result.redactions


def _clean(text: str) -> str:
    return scrubbed(text)[0] if text else text


# Citation fields that hold free text (the rest are ids, hashes and times).
_CITATION_TEXT = ("command", "excerpt")


def _clean_citations(citations: list[dict]) -> list[dict]:
    out = []
    for cite in citations:
        if any(isinstance(cite.get(k), str) and cite[k] for k in _CITATION_TEXT):
            cite = dict(cite)
            for k in _CITATION_TEXT:
                value = cite.get(k)
                if isinstance(value, str) and value:
                    cite[k] = _clean(value)
            if cite.get("excerpt") and "excerpt_hash" in cite:
                # a redacted excerpt is what the citation quotes now (capture scrubs the
                # transcript before quoting it, so this only changes a bypassing caller's hash)
                cite["excerpt_hash"] = content_hash(cite["excerpt"])
        out.append(cite)
    return out


def _base(kind: str, ts: float | None) -> dict:
    return {"kind": kind, "id": new_event_id(), "ts": time.time() if ts is None else float(ts)}


def session_citation(session_id: str, message_id: str, excerpt_hash: str, *,
                     observed_by: str = "claude-code", observed_at: float | None = None,
                     workspace: str | None = None) -> dict:
    cite = {"kind": "session", "session_id": session_id, "message_id": message_id,
            "excerpt_hash": excerpt_hash, "observed_by": observed_by}
    if observed_at is not None:
        cite["observed_at"] = float(observed_at)
    if workspace:
        cite["workspace"] = workspace
    return cite


def passage_citation(passage_id: str, content_hash: str, *, path: str | None = None) -> dict:
    cite = {"kind": "passage", "passage_id": passage_id, "content_hash": content_hash}
    if path:
        cite["path"] = path
    return cite


def command_citation(command: str, *, observed_at: float | None = None,
                     observed_by: str = "human") -> dict:
    return {"kind": "command", "command": _clean(command), "observed_by": observed_by,
            "observed_at": time.time() if observed_at is None else float(observed_at)}


def proposed(text: str, claim_type: str, *, citations: list[dict], source: str | None = None,
             subject: str = "", polarity: str = "factual", workspace: str | None = None,
             cross_workspace: bool = False, observed_by: str = "human", origin: str = "session",
             attribute_key: str | None = None, criticality: str = "normal",
             resolves_at: float | None = None, parent_ids: list[str] | None = None,
             ts: float | None = None) -> dict:
    """A new claim (or, if its content id exists, more evidence for that claim).

    Raises ValueError for a claim without evidence, empty text or unknown enums: no evidence,
    no claim."""
    pol = policy(claim_type)
    text = _clean(text.strip())
    subject = _clean(subject)
    if not text:
        raise ValueError("a claim needs text")
    if not citations:
        raise ValueError("no evidence, no claim: a claim needs at least one citation")
    if origin not in ORIGINS:
        raise ValueError(f"unknown origin {origin!r} (expected one of: {', '.join(ORIGINS)})")
    if polarity not in POLARITIES:
        raise ValueError(f"unknown polarity {polarity!r} (expected one of: {', '.join(POLARITIES)})")
    event = _base(PROPOSED, ts)
    event.update(
        claim=claim_id(text, claim_type, subject), text=text, type=claim_type,
        source=source or pol.source, subject=subject, polarity=polarity,
        workspace=workspace, cross_workspace=cross_workspace, observed_by=observed_by,
        origin=origin, citations=_clean_citations(citations), criticality=criticality,
    )
    if attribute_key:
        event["attribute_key"] = _clean(attribute_key)
    if resolves_at is not None:
        event["resolves_at"] = float(resolves_at)
    if parent_ids:
        event["parent_ids"] = list(parent_ids)
    return event


def evidence_added(claim: str, citations: list[dict], *, workspace: str | None = None,
                   ts: float | None = None) -> dict:
    if not citations:
        raise ValueError("evidence_added needs at least one citation")
    event = _base(EVIDENCE_ADDED, ts)
    event.update(claim=claim, citations=_clean_citations(citations), workspace=workspace)
    return event


def recurred(claim: str, citations: list[dict], *, workspace: str | None = None,
             ts: float | None = None) -> dict:
    """The same claim arrived again (deduplication): recurrence + 1, evidence merged."""
    event = evidence_added(claim, citations, workspace=workspace, ts=ts)
    event["kind"] = RECURRED
    return event


def outcome(result: int, *, claims: list[tuple[str, int, float]], authority: str,
            signal: str, session_id: str | None = None, intent_id: str | None = None,
            work: str | None = None, workspace: str | None = None,
            ts: float | None = None) -> dict:
    """One resolved intent: how it went (+1, 0, -1) and each retrieved claim's (rank, credit)."""
    if result not in (-1, 0, 1):
        raise ValueError("outcome result must be -1, 0 or 1")
    if authority not in AUTHORITIES:
        raise ValueError(f"unknown authority {authority!r}")
    event = _base(OUTCOME, ts)
    event.update(result=result, claims=[list(c) for c in claims], authority=authority,
                 signal=signal, session_id=session_id, intent_id=intent_id, work=work,
                 workspace=workspace)
    return event


def state_changed(claim: str, to: str, reason: str, *, actor: str = "rlat",
                  ts: float | None = None) -> dict:
    if to not in STATES:
        raise ValueError(f"unknown state {to!r} (expected one of: {', '.join(STATES)})")
    event = _base(STATE_CHANGED, ts)
    # A person's reason is free text; rlat's own reasons are not (and consolidation writes
    # tens of thousands of them, so they skip the scrubber).
    event.update(claim=claim, to=to, reason=_clean(reason) if actor == "user" else reason,
                 actor=actor)
    return event


def promoted(claim: str, scope: str, reason: str, *, ts: float | None = None) -> dict:
    if scope not in SCOPES:
        raise ValueError(f"unknown scope {scope!r}")
    event = _base(PROMOTED, ts)
    event.update(claim=claim, scope=scope, reason=reason)
    return event


def superseded(claim: str, by: str, *, ts: float | None = None) -> dict:
    event = _base(SUPERSEDED, ts)
    event.update(claim=claim, by=by)
    return event


def reinstated(claim: str, *, ts: float | None = None) -> dict:
    """A superseded claim is current again (a keyed world fact's old value stated anew):
    a ``superseded`` event that names no successor, so the fold clears ``superseded_by``."""
    event = _base(SUPERSEDED, ts)
    event.update(claim=claim, by=None)
    return event


def contested(claim: str, other: str, reason: str, *, ts: float | None = None) -> dict:
    """Both sides of a contradiction contest; newest never wins."""
    event = _base(CONTESTED, ts)
    event.update(claim=claim, other=other, reason=reason)
    return event


def corroborated(claim: str, *, good: bool = True, actor: str = "user",
                 ts: float | None = None) -> dict:
    event = _base(CORROBORATED, ts)
    event.update(claim=claim, good=good, actor=actor)
    return event


def verified(claim: str, *, good: bool, citations: list[dict] | None = None,
             ts: float | None = None) -> dict:
    """Corpus verification of a claim against a knowledge model."""
    event = _base(VERIFIED, ts)
    event.update(claim=claim, good=good, citations=list(citations or []))
    return event


def injected(session_id: str, claims: list[str], *, workspace: str | None = None,
             prompt_hash: str | None = None, ts: float | None = None) -> dict:
    """These claims were put into this session's context (read-lineage for independence)."""
    event = _base(INJECTED, ts)
    event.update(session_id=session_id, claims=list(claims), workspace=workspace,
                 prompt_hash=prompt_hash)
    return event


def marked(claim: str, *, cross_workspace: bool | None = None, workspace: str | None = None,
           ts: float | None = None) -> dict:
    """A mark on a claim: served in every workspace (``cross_workspace``), or also in
    ``workspace`` (the id its project has now, after the one it was learned under changed:
    ``rlat.workspace.earlier_ids``)."""
    event = _base(MARKED, ts)
    event.update(claim=claim)
    if cross_workspace is not None:
        event["cross_workspace"] = cross_workspace
    if workspace:
        event["workspace"] = workspace
    return event


def quarantined(agent: str, reason: str, *, ts: float | None = None) -> dict:
    event = _base(QUARANTINED, ts)
    event.update(agent=agent, reason=_clean(reason))
    return event


def unquarantined(agent: str, reason: str, *, ts: float | None = None) -> dict:
    event = _base(UNQUARANTINED, ts)
    event.update(agent=agent, reason=_clean(reason))
    return event


def calibration_scored(agent: str, *, score: float, resolved: int, correct: int,
                       expired: int, low_sample: bool, ts: float | None = None) -> dict:
    event = _base(CALIBRATION_SCORED, ts)
    event.update(agent=agent, score=score, resolved=resolved, correct=correct,
                 expired=expired, low_sample=low_sample)
    return event


def restored(fields: list[str], row: list, *, ts: float | None = None) -> dict:
    """A claim as an intact snapshot held it, written by `rlat doctor` when the events that
    built it are damaged beyond reading: the fold takes the row as the claim (``fields``
    names its columns, as a snapshot's do)."""
    event = _base(RESTORED, ts)
    event.update(claim=row[fields.index("id")], fields=list(fields), row=list(row))
    return event


def purged(claim: str, *, ts: float | None = None) -> dict:
    """A privacy purge: `rlat compact --purge` drops the claim's text from every event."""
    event = _base(PURGED, ts)
    event.update(claim=claim)
    return event
