"""Atomic capture: a session broken into its durable facts, one claim per fact.

Opt-in (``RLAT_ATOMIC_CAPTURE=1``); runs in the background worker after SessionEnd, never in
the hook's budget. From the session's scrubbed, fence-stripped messages, one model call
(bounded by the provider's 15 s budget) proposes facts, each one proposition typed
environment / convention / outcome / preference / hypothesis, citing the messages it rests
on. Then, without the model:

* every citation is checked against the transcript (:mod:`rlat.llm.evidence`): the message must
  exist and contain the excerpt; the stored ``excerpt_hash`` is computed here from the
  transcript's own text. A fact left with no valid citation is dropped: no evidence, no claim;
* a preference must cite something the user said (the assistant cannot state the user's taste);
* a hypothesis gets a resolution date (the model's ``resolve_within_days`` from the session's
  end, or the type's TTL);
* the fact's text is scrubbed again, in case a model reassembled a secret;
* the fact must agree with what it quotes (:mod:`rlat.capture.agreement`): every number,
  version, port and identifier it states is in the quoted sentence(s), and it denies something
  exactly when they do ("MySQL 8 on 3306" citing "Postgres 15 on 5433" is dropped);
* a fact the model marks ``same_as`` a known claim takes that claim's exact text, type and
  subject, so it lands on the same claim id: one claim, more evidence, recurrence + 1
  (``proposed`` of an existing id folds as a recurrence). A fact this session already
  contributed to a claim is not counted again, so re-running a capture is harmless.

Any failure — no key, no network, 429/5xx/timeout past the budget, a malformed or
schema-violating answer, or an answer none of whose facts survives verification — falls back to
the single-block capture (``rlat.capture.pipeline.capture_transcript``), so nothing from the session is lost.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..capture.agreement import disagreement, quote_context
from ..claims import events as ev
from ..claims.fold import FoldState
from ..claims.ids import claim_id
from ..claims.model import Claim, live, visible_in
from ..claims.policy import DAY, policy
from .evidence import Msg, Resolver, Verified, with_aliases
from .prompts import ATOMIC_SCHEMA, ATOMIC_TYPES, MAX_KNOWN_CLAIMS, PROMPT_VERSION, atomic_messages
from .provider import Provider

OBSERVED_BY = "claude-code"


@dataclass(slots=True)
class AtomicFact:
    text: str
    type: str
    subject: str
    polarity: str
    evidence: list[Verified]
    resolves_at: float | None = None
    same_as: str | None = None  # the known claim id it restates

    @property
    def claim_id(self) -> str:
        return claim_id(self.text, self.type, self.subject)


@dataclass(slots=True)
class Extraction:
    facts: list[AtomicFact] = field(default_factory=list)
    dropped: list[tuple[str, str]] = field(default_factory=list)  # (text, reason)
    proposed: int = 0  # how many the model proposed


def known_claims(state: FoldState, workspace: str | None,
                 limit: int = MAX_KNOWN_CLAIMS) -> list[Claim]:
    """Atomic claims already remembered for this workspace (newest evidence first): shown to
    the model so a fact seen again can name the claim it restates."""
    out = [c for c in state.claims.values()
           if c.type in ATOMIC_TYPES and live(c) and c.text
           and visible_in(workspace, c.source, c.workspaces, c.cross_workspace)]
    out.sort(key=lambda c: (c.last_evidence_at, c.id), reverse=True)
    return out[:limit]


def _subject(raw: str) -> str:
    return " ".join(str(raw or "").split()).lower()[:80]


def check_fact(raw: dict, resolver: Resolver, known: dict[str, Claim], *,
               session_end: float, scrub: Callable[[str], str] | None = None
               ) -> tuple[AtomicFact | None, str]:
    """Verify one proposed fact against the transcript: (fact, "") or (None, reason)."""
    text = " ".join(str(raw.get("text", "")).split())
    ctype = raw.get("type")
    if ctype not in ATOMIC_TYPES:
        return None, f"unknown type {ctype!r}"
    if not text:
        return None, "empty text"
    verified: list[Verified] = []
    reasons: list[str] = []
    for cite in raw.get("evidence") or []:
        found, why = resolver.verify(cite)
        if found is None:
            reasons.append(why)
        elif all(v.message.id != found.message.id or v.span != found.span for v in verified):
            verified.append(found)
    if not verified:
        return None, "; ".join(dict.fromkeys(reasons)) or "no evidence, no claim"
    if ctype == "preference" and not any(v.message.role == "user" for v in verified):
        return None, "a preference must rest on something the user said"
    subject = _subject(raw.get("subject", ""))
    polarity = raw.get("polarity") if raw.get("polarity") in ("prefer", "avoid") else "factual"
    same = known.get(str(raw.get("same_as") or "").strip())
    if same is not None and same.type == ctype:
        text, subject = same.text, same.subject
    else:
        same = None
        if scrub is not None:
            text = scrub(text)
    why = disagreement(text, " ".join(quote_context(v.message.text, v.span) for v in verified))
    if why:
        return None, why
    resolves_at = None
    if ctype == "hypothesis":
        days = raw.get("resolve_within_days")
        if not isinstance(days, int) or isinstance(days, bool) or days < 1:
            days = int(policy("hypothesis").ttl_days or 14)
        resolves_at = session_end + min(days, 90) * DAY
    return AtomicFact(text, ctype, subject, polarity, verified, resolves_at,
                      same.id if same else None), ""


def extract(provider: Provider, messages: Sequence[Msg], *, known: Sequence[Claim] = (),
            timeout: float | None = None, scrub: Callable[[str], str] | None = None,
            now: float | None = None) -> Extraction:
    """One model call, then verification. Raises ProviderError when the call fails."""
    msgs = with_aliases([m for m in messages if m.text.strip()], "m")
    known_alias = {f"K{i}": c for i, c in enumerate(known, start=1)}
    answer = provider.complete(
        atomic_messages([m.prompt() for m in msgs],
                        [(alias, c.type, c.text) for alias, c in known_alias.items()]),
        ATOMIC_SCHEMA, timeout)
    resolver = Resolver(msgs)
    session_end = max((m.ts for m in msgs if m.ts), default=None) or (now or time.time())
    result = Extraction(proposed=len(answer["facts"]))
    seen: dict[str, AtomicFact] = {}
    for raw in answer["facts"]:
        fact, why = check_fact(raw, resolver, known_alias, session_end=session_end, scrub=scrub)
        if fact is None:
            result.dropped.append((str(raw.get("text", "")), why))
            continue
        twin = seen.get(fact.claim_id)
        if twin is not None:  # the same fact twice in one answer: one claim, merged evidence
            twin.evidence.extend(v for v in fact.evidence if v not in twin.evidence)
            continue
        seen[fact.claim_id] = fact
        result.facts.append(fact)
    return result


@dataclass(slots=True)
class Landed:
    new: list[str] = field(default_factory=list)
    recurring: list[str] = field(default_factory=list)
    already: list[str] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.new) + len(self.recurring)


def events_for(facts: Sequence[AtomicFact], state: FoldState, *, session_id: str,
               workspace: str | None, landed: Landed | None = None) -> list[dict]:
    """``proposed`` events for the facts (an existing id folds as a recurrence), skipping a
    fact whose claim already cites this session."""
    landed = landed if landed is not None else Landed()
    out: list[dict] = []
    for fact in facts:
        cid = fact.claim_id
        existing = state.claims.get(cid)
        if existing is not None and session_id in existing.sessions:
            landed.already.append(cid)
            continue
        citations = [v.citation(session_id, workspace=workspace, observed_by=OBSERVED_BY,
                                extractor=PROMPT_VERSION) for v in fact.evidence]
        ts = max((v.message.ts for v in fact.evidence if v.message.ts), default=None)
        out.append(ev.proposed(
            fact.text, fact.type, citations=citations, subject=fact.subject,
            polarity=fact.polarity, workspace=workspace, observed_by=OBSERVED_BY,
            origin="session", resolves_at=fact.resolves_at, ts=ts))
        (landed.recurring if existing is not None else landed.new).append(cid)
    return out


def land(facts: Sequence[AtomicFact], store_path: str | os.PathLike, *, session_id: str,
         workspace: str | None, lock_timeout: float | None = 30.0) -> Landed:
    """Append the facts to the store, folding under its lock (no capture lands in between)."""
    from ..claims.log import ClaimLog
    from ..container import EVENTS

    log = ClaimLog(store_path)
    landed = Landed()

    def build():
        events = events_for(facts, log.state(), session_id=session_id, workspace=workspace,
                            landed=landed)
        return [(EVENTS, {"events": events})] if events else []

    log.container.append_built(build, lock_timeout=lock_timeout)
    return landed
