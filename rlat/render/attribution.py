"""Attribution: how one claim is shown wherever it reaches a reader or a context window.

A claim never reaches a context window as bare fact: it carries when it was learned, how many
sessions support it, its rung, and its state when that is not plain "active"/"candidate".
"""

from __future__ import annotations

import time

from ..claims.model import Claim
from ..trust.verify import is_provisional
from .fences import escape


def provenance(claim: Claim, rung: str) -> str:
    """``[2026-11-02, 3 sessions, high]`` (plus CONTESTED / STALE / scope when relevant)."""
    parts = [day(claim.created_at)]
    sessions = len(claim.sessions)
    if sessions:
        parts.append(f"{sessions} session{'s' if sessions != 1 else ''}")
    elif claim.source == "world" or claim.origin == "user":
        parts.append("stated by user")
    elif claim.source == "corpus":
        parts.append(f"{claim.evidence_count} passage{'s' if claim.evidence_count != 1 else ''}")
    parts.append(rung)
    if is_provisional(claim):
        parts.append("provisional")
    if claim.state in ("contested", "stale"):
        parts.append(claim.state.upper())
    if claim.scope != "agent":
        parts.append(f"{claim.scope} scope")
    return "[" + ", ".join(parts) + "]"


def day(ts: float | None) -> str:
    """``YYYY-MM-DD`` in UTC (hand-formatted: strftime dominated rendering long blocks)."""
    t = time.gmtime(ts or 0)
    return f"{t.tm_year:04d}-{t.tm_mon:02d}-{t.tm_mday:02d}"


def claim_line(claim: Claim, rung: str, *, max_chars: int | None = None) -> str:
    """One bullet: provenance then the claim's text, escaped so it cannot forge a fence."""
    text = " ".join(claim.text.split())
    if max_chars is not None and len(text) > max_chars:
        text = text[: max_chars - 1].rstrip() + "…"
    return f"- {provenance(claim, rung)} {escape(text)}"
