"""Citations a model gives, checked against the transcript: no evidence, no claim.

A model answers with ``{"message": "m7", "excerpt": "…"}``. The citation stands only if the
message exists and the excerpt is in it (whitespace aside); the stored citation then carries
the transcript's own message id, and an ``excerpt_hash`` computed here from the transcript's
own text, never anything the model computed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..claims.events import session_citation
from ..claims.ids import content_hash
from .prompts import PromptMessage

MIN_EXCERPT_CHARS = 8
MIN_ONE_WORD_CHARS = 16


@dataclass(frozen=True, slots=True)
class Msg:
    """One transcript message as the LLM layer sees it (already scrubbed and fence-stripped)."""

    id: str  # the transcript's message id (JSONL uuid): what a citation stores
    role: str  # user | assistant | tool_call | tool_result | summary
    text: str
    ts: float | None = None
    alias: str = ""  # what the prompt calls it ("m3", "u2")

    def prompt(self) -> PromptMessage:
        return PromptMessage(self.alias, self.role, self.text)


def with_aliases(messages: Iterable[Msg], prefix: str) -> list[Msg]:
    """Number messages for a prompt: ``m1, m2…`` (short ids models copy reliably)."""
    return [Msg(m.id, m.role, m.text, m.ts, f"{prefix}{i}")
            for i, m in enumerate(messages, start=1)]


def find_span(text: str, excerpt: str) -> str | None:
    """The exact span of ``text`` that ``excerpt`` quotes (runs of whitespace may differ), or
    None. The span is the transcript's own characters, so its hash is the transcript's."""
    words = excerpt.split()
    size = len(" ".join(words))
    if size < MIN_EXCERPT_CHARS or (len(words) < 2 and size < MIN_ONE_WORD_CHARS):
        return None  # too little to pin a fact to (a lone common word is in many messages)
    pattern = r"\s+".join(re.escape(w) for w in words)
    match = re.search(pattern, text)
    return match.group(0) if match else None


@dataclass(frozen=True, slots=True)
class Verified:
    message: Msg
    span: str  # the transcript's own text the citation rests on

    @property
    def excerpt_hash(self) -> str:
        return content_hash(self.span)

    def citation(self, session_id: str, *, workspace: str | None,
                 observed_by: str = "claude-code", extractor: str = "") -> dict:
        cite = session_citation(session_id, self.message.id, self.excerpt_hash,
                                observed_by=observed_by, observed_at=self.message.ts,
                                workspace=workspace)
        cite["excerpt"] = self.span  # stored whole: content_hash(excerpt) == excerpt_hash
        if extractor:
            cite["extractor"] = extractor
        return cite


class Resolver:
    """Looks citations up in one session's messages."""

    def __init__(self, messages: Sequence[Msg]) -> None:
        self.messages = list(messages)
        self._by_key: dict[str, Msg] = {}
        for m in self.messages:
            if m.alias:
                self._by_key[m.alias] = m
        for m in self.messages:  # the real id also resolves (never shadowing an alias)
            self._by_key.setdefault(m.id, m)

    def message(self, ref: str) -> Msg | None:
        return self._by_key.get(str(ref).strip())

    def verify(self, cite: dict, *, roles: tuple[str, ...] | None = None) -> tuple[Verified | None, str]:
        """(Verified, "") or (None, why it was rejected)."""
        msg = self.message(cite.get("message", ""))
        if msg is None:
            return None, f"cites a message that does not exist ({cite.get('message')!r})"
        if roles is not None and msg.role not in roles:
            return None, f"cites a {msg.role} message, not a {'/'.join(roles)} message"
        span = find_span(msg.text, str(cite.get("excerpt", "")))
        if span is None:
            return None, f"excerpt is not in message {msg.alias or msg.id}"
        return Verified(msg, span), ""
