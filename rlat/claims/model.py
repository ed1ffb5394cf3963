"""The claim record: what fold(events) produces. Plain data, no behaviour beyond (de)serialising.

Field meanings are documented in docs/claims.md. Rung and effective state are *not* fields:
the trust layer derives them from the rung inputs below (and the clock).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from operator import attrgetter


def citation_key(cite: dict) -> tuple:
    """Two citations are the same evidence when they point at the same thing."""
    kind = cite.get("kind", "session")
    if kind == "session":
        return ("session", cite.get("session_id"), cite.get("message_id"))
    if kind == "passage":
        return ("passage", cite.get("passage_id"), cite.get("content_hash"))
    return (kind, cite.get("command"), cite.get("observed_at"))


def citation_unit(cite: dict) -> str:
    """The unit evidence is counted in: one session, one passage, one command invocation."""
    kind = cite.get("kind", "session")
    if kind == "session":
        return "s:" + str(cite.get("session_id"))
    if kind == "passage":
        return "p:" + str(cite.get("passage_id"))
    return "c:" + str(cite.get("observed_at"))


@dataclass(slots=True)
class Claim:
    id: str
    text: str
    source: str  # experience | corpus | world
    type: str
    subject: str = ""
    polarity: str = "factual"
    origin: str = "session"  # starting prior: user | verified_external | single_external | corpus | session
    observed_by: str = "human"  # who formed it first
    scope: str = "agent"
    workspaces: list[str] = field(default_factory=list)
    cross_workspace: bool = False
    evidence: list[dict] = field(default_factory=list)
    recurrence: int = 1
    state: str = "candidate"
    state_reason: str = ""
    state_at: float = 0.0
    superseded_by: str | None = None
    attribute_key: str | None = None
    criticality: str = "normal"
    resolves_at: float | None = None
    parent_ids: list[str] = field(default_factory=list)
    contested_with: list[str] = field(default_factory=list)
    created_at: float = 0.0
    updated_at: float = 0.0
    last_evidence_at: float = 0.0
    last_used_at: float = 0.0  # last time it was injected / recalled into a session
    # Rung inputs (see rlat/trust): earned from outcomes, users and the corpus.
    # outcomes: [ts, result (-1/0/1), credit share, authority, context (kind of work or workspace),
    #            session_id, intent_id]  (the last two may be missing in older snapshots)
    outcomes: list[list] = field(default_factory=list)
    user_good: int = 0
    user_bad: int = 0
    corpus_good: int = 0
    corpus_bad: int = 0
    injected_sessions: list[str] = field(default_factory=list)
    state_eid: str = ""
    cross_workspace_key: list = field(default_factory=lambda: [0.0, ""])  # (ts, event id) of the last mark
    superseded_at: float = 0.0
    purged: bool = False

    # ------------------------------------------------------------ derived counts
    @property
    def evidence_count(self) -> int:
        return len({citation_unit(c) for c in self.evidence})

    @property
    def independent_count(self) -> int:
        """Evidence units that did not already have this claim injected (ctxlake's rule)."""
        injected = set(self.injected_sessions)
        units = set()
        for cite in self.evidence:
            if cite.get("kind", "session") == "session" and cite.get("session_id") in injected:
                continue
            units.add(citation_unit(cite))
        return len(units)

    @property
    def sessions(self) -> list[str]:
        seen: dict[str, None] = {}
        for cite in self.evidence:
            if cite.get("kind", "session") == "session":
                seen.setdefault(str(cite.get("session_id")), None)
        return list(seen)

    def to_row(self) -> list:
        return [getattr(self, name) for name in CLAIM_FIELDS]

    @classmethod
    def from_row(cls, row: list) -> Claim:
        return cls(*row)

    def to_dict(self) -> dict:
        out = {name: getattr(self, name) for name in CLAIM_FIELDS}
        out["evidence_count"] = self.evidence_count
        out["independent_count"] = self.independent_count
        return out

    def summary_dict(self) -> dict:
        """``to_dict`` without the per-event histories (evidence, outcomes, injected sessions),
        which are replaced by their counts: what a listing of many claims needs."""
        out = dict(zip(_SUMMARY_FIELDS, _summary_values(self), strict=True))
        out["evidence_count"] = self.evidence_count
        out["independent_count"] = self.independent_count
        out["outcome_count"] = len(self.outcomes)
        out["injected_count"] = len(self.injected_sessions)
        return out


CLAIM_FIELDS = tuple(f.name for f in fields(Claim))
# Fields that grow with every use of a claim; listings show their counts instead.
HISTORY_FIELDS = frozenset({"evidence", "outcomes", "injected_sessions"})
_SUMMARY_FIELDS = tuple(name for name in CLAIM_FIELDS if name not in HISTORY_FIELDS)
_summary_values = attrgetter(*_SUMMARY_FIELDS)
