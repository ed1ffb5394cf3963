"""Attribution: how one claim is shown wherever it reaches a reader or a context window.

A claim never reaches a context window as bare fact (the fleet seed's "attribution on read"):
it carries when it was learned, who observed it, how many *independent* sessions support it
(sessions that had not already been shown the claim; an echo is not corroboration), its rung,
its state when that is not plain "active"/"candidate", and — when it is weak (rung low) or
disputed (contested) — the note "verify before relying", which is what makes an agent treat
it as a lead rather than a fact.
"""

from __future__ import annotations

import time

from ..claims.model import Claim, without_ask
from ..claims.policy import POLICIES
from ..trust.verify import is_provisional
from .fences import escape

VERIFY_NOTE = "verify before relying"
# A falsified finding is only ever shown under its verdict framing (the policy table's): on a
# line of its own too — a recalled "Raising the pool to 64 threads fixes the latency" must not
# read as advice.
VERDICT_TYPE = "falsified"
# Observers that say nothing a reader needs: a person's own words are "stated by user".
_QUIET_OBSERVERS = frozenset({"human", ""})


def independent_sessions(claim: Claim) -> tuple[int, int]:
    """(sessions supporting the claim that had not had it injected first, all its sessions)."""
    sessions = claim.sessions
    if not sessions:
        return 0, 0
    injected = set(claim.injected_sessions)
    return sum(1 for s in sessions if s not in injected), len(sessions)


def provenance(claim: Claim, rung: str, *, shared: frozenset[str] = frozenset()) -> str:
    """``[2026-11-02, by claude-code, 2 independent sessions, high]`` (plus PROVISIONAL,
    CONTESTED / STALE, scope, and "verify before relying" when relevant), without the parts in
    ``shared``: said once for a whole block (``shared_provenance``)."""
    first, *rest = provenance_parts(claim, rung)
    return "[" + ", ".join([first, *(p for p in rest if p not in shared)]) + "]"


def shared_provenance(shown: list[tuple[Claim, str]]) -> list[str]:
    """What the provenance of every one of ``shown`` ((claim, rung) of each line of a block)
    says alike besides when each was learned — "by claude-code", "1 independent session",
    "low", "verify before relying" — in the order a line says it: a block says it once in its
    heading instead of on every line (on three captured facts, ~200 of an 800-character
    budget). Nothing for a single line: its provenance stays where a reader looks for it."""
    if len(shown) < 2:
        return []
    first = provenance_parts(*shown[0])[1:]
    common = set(first)
    for claim, rung in shown[1:]:
        common &= set(provenance_parts(claim, rung)[1:])
    return [part for part in first if part in common]


LINE_LEGEND = "each line: [first learned, evidence, confidence]"


def legend_heading(opening: str, shown: list[tuple[Claim, str]], shared: list[str]) -> str:
    """A block's heading: ``opening`` and how to read its lines — ``LINE_LEGEND``, or, when
    ``shared`` (``shared_provenance(shown)``), what every line says alike, said once."""
    if not shared:
        return f"{opening} ({LINE_LEGEND}):"
    said = set(shared)
    differs = any(p not in said for claim, rung in shown for p in provenance_parts(claim, rung)[1:])
    legend = "each line: [first learned, what else differs]" if differs \
        else "each line: [first learned]"
    return f"{opening} ({legend}; every line: {', '.join(shared)}):"


def provenance_parts(claim: Claim, rung: str) -> list[str]:
    """The parts of a claim's provenance, in the order a line says them: when it was first
    learned, then who observed it, its evidence, its rung and whatever a reader must know."""
    parts = [day(claim.learned_at)]
    if claim.observed_by not in _QUIET_OBSERVERS:
        parts.append(f"by {claim.observed_by}")
    independent, total = independent_sessions(claim)
    if claim.source == "world" and claim.origin == "user":
        # A world fact is the user's own statement, whoever wrote it down (the miner cites
        # the session the user said it in): that is what a reader must know.
        noun = "session" if total == 1 else "sessions"
        parts.append(f"stated by user in {total} {noun}" if total else "stated by user")
    elif total:
        noun = "session" if total == 1 else "sessions"
        parts.append(f"{independent} independent {noun}" if independent == total
                     else f"{independent} independent of {total} {noun}")
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
    if rung == "low" or claim.state == "contested":
        parts.append(VERIFY_NOTE)
    return parts


def shown_text(claim: Claim, *, asks: bool = True, framed: bool = False) -> str:
    """The claim's text as a line shows it, before any cut: on one line, without the prompt
    it was learned under when ``asks`` is False, and opening with its verdict when it is a
    falsified finding not ``framed`` under its heading already (``with_verdict``)."""
    text = " ".join(claim.text.split())
    text = text if asks else without_ask(text)
    return text if framed else with_verdict(claim, text)


def day(ts: float | None) -> str:
    """``YYYY-MM-DD`` in UTC (hand-formatted: strftime dominated rendering long blocks)."""
    t = time.gmtime(ts or 0)
    return f"{t.tm_year:04d}-{t.tm_mon:02d}-{t.tm_mday:02d}"


def with_verdict(claim: Claim, text: str) -> str:
    """``text`` (a claim's, as shown) opening with its verdict framing when the claim is a
    falsified finding (``VERDICT_TYPE``): never a neutral mention, wherever it is shown."""
    return f"{POLICIES[VERDICT_TYPE].framing} {text}" if claim.type == VERDICT_TYPE else text


def claim_line(claim: Claim, rung: str, *, max_chars: int | None = None,
               cut_hint: str = "", asks: bool = True, framed: bool = False,
               shared: frozenset[str] = frozenset()) -> str:
    """One bullet: provenance (without the ``shared`` parts its block's heading says once)
    then the claim's text, escaped so it cannot forge a fence.

    A text longer than ``max_chars`` is cut there and ends in "…"; with ``cut_hint`` the cut
    also says how much was left out and where to read it all
    (``… [cut: 12,345 more characters; rlat memory show ID]``). ``asks=False`` leaves out the
    prompt a captured fact was learned under (``[asked: …]``, ``rlat.claims.model.with_ask``).
    ``framed``: the line stands under its type's framing heading already (``rlat.render.
    framings``); otherwise a falsified finding opens with that framing (``VERDICT_TYPE``)."""
    text = shown_text(claim, asks=asks, framed=framed)
    if max_chars is not None and len(text) > max_chars:
        kept = text[: max_chars - 1].rstrip()
        left_out = len(text) - len(kept)
        text = kept + "…"
        if cut_hint:
            text += f" [cut: {left_out:,} more characters; {cut_hint}]"
    return f"- {provenance(claim, rung, shared=shared)} {escape(text)}"
