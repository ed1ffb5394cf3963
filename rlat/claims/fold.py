"""fold(events) -> claims: the only way current state is computed.

Pure and order-independent: evidence merges as a union, counts are sums, and every
overwrite (state, supersession, cross-workspace mark, quarantine) is last-writer-wins by the
event's ``(ts, id)``, never by arrival order. So two copies of a log merged by union fold to
the same claims whichever way round they were merged, and a snapshot plus the events after it
folds to the same result as the whole log.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from . import events as ev
from .model import _FACTORY, CLAIM_FIELDS, Claim, citation_key
from .policy import POLICIES


# __init__/__repr__/__eq__ written out rather than generated at import (see rlat.claims.model).
@dataclass(slots=True, init=False, repr=False, eq=False)
class FoldState:
    claims: dict[str, Claim] = field(default_factory=dict)
    # agent -> [quarantined?, ts, event id, reason]
    agents: dict[str, list] = field(default_factory=dict)
    # agent -> the newest calibration_scored event
    calibration: dict[str, dict] = field(default_factory=dict)
    # events about claims not proposed yet (possible after a union merge); applied on arrival
    pending: dict[str, list[dict]] = field(default_factory=dict)
    event_count: int = 0

    def __init__(self, claims=_FACTORY, agents=_FACTORY, calibration=_FACTORY,
                 pending=_FACTORY, event_count: int = 0) -> None:
        self.claims = {} if claims is _FACTORY else claims
        self.agents = {} if agents is _FACTORY else agents
        self.calibration = {} if calibration is _FACTORY else calibration
        self.pending = {} if pending is _FACTORY else pending
        self.event_count = event_count

    def __repr__(self) -> str:
        return (f"{self.__class__.__qualname__}(claims={self.claims!r}, agents={self.agents!r}, "
                f"calibration={self.calibration!r}, pending={self.pending!r}, "
                f"event_count={self.event_count!r})")

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.claims, self.agents, self.calibration, self.pending,
                    self.event_count) == (other.claims, other.agents, other.calibration,
                                          other.pending, other.event_count)
        return NotImplemented

    def quarantined(self, agent: str) -> bool:
        entry = self.agents.get(agent)
        return bool(entry and entry[0])

    # ------------------------------------------------------------ snapshots
    def to_snapshot(self) -> dict:
        return {
            "fields": list(CLAIM_FIELDS),
            "claims": [c.to_row() for c in self.claims.values()],
            "agents": self.agents,
            "calibration": self.calibration,
            "pending": self.pending,
            "event_count": self.event_count,
        }

    @classmethod
    def from_snapshot(cls, body: dict) -> FoldState:
        names = body.get("fields") or list(CLAIM_FIELDS)
        if list(names) == list(CLAIM_FIELDS):
            claims = {row[0]: Claim(*row) for row in body.get("claims", [])}
        else:  # written by another version: map by name, defaults for the rest
            known = set(CLAIM_FIELDS)
            claims = {}
            for row in body.get("claims", []):
                data = {k: v for k, v in zip(names, row, strict=False) if k in known}
                claims[data["id"]] = Claim(**data)
        return cls(
            claims=claims,
            agents=dict(body.get("agents", {})),
            calibration=dict(body.get("calibration", {})),
            pending={k: list(v) for k, v in body.get("pending", {}).items()},
            event_count=int(body.get("event_count", 0)),
        )


def fold(events: Iterable[dict], state: FoldState | None = None) -> FoldState:
    """Apply ``events`` to ``state`` (a fresh one when None) and return it."""
    state = FoldState() if state is None else state
    for event in events:
        apply(state, event)
    return state


def _newer(ts: float, eid: str, cur_ts: float, cur_eid: str) -> bool:
    return (ts, eid) > (cur_ts, cur_eid)


def _merge_citations(claim: Claim, citations: list[dict]) -> None:
    known = {citation_key(c) for c in claim.evidence}
    for cite in citations:
        key = citation_key(cite)
        if key not in known:
            known.add(key)
            claim.evidence.append(cite)


def _add_workspace(claim: Claim, workspace: str | None) -> None:
    if workspace and workspace not in claim.workspaces:
        claim.workspaces.append(workspace)


def _touch(claim: Claim, ts: float) -> None:
    if ts > claim.updated_at:
        claim.updated_at = ts


def apply(state: FoldState, event: dict) -> None:
    kind = event.get("kind")
    ts = float(event.get("ts", 0.0))
    eid = str(event.get("id", ""))
    state.event_count += 1

    if kind in _GLOBAL_HANDLERS:
        _GLOBAL_HANDLERS[kind](state, event, ts, eid)
        return

    if kind == ev.INJECTED:
        for cid in event.get("claims", ()):
            claim = state.claims.get(cid)
            if claim is None:
                state.pending.setdefault(cid, []).append(event)
                continue
            _apply_injected(claim, event, ts)
        return

    if kind == ev.OUTCOME:
        for entry in event.get("claims", ()):
            cid = entry[0]
            claim = state.claims.get(cid)
            if claim is None:
                state.pending.setdefault(cid, []).append(event)
                continue
            _apply_outcome(claim, event, entry, ts)
        return

    cid = event.get("claim")
    if cid is None:
        return  # unknown shape from a newer writer: ignored, still counted
    claim = state.claims.get(cid)
    if kind == ev.PROPOSED:
        if claim is None:
            claim = _new_claim(event, ts, eid)
            state.claims[cid] = claim
            for waiting in state.pending.pop(cid, ()):
                _apply_to_claim(state, claim, waiting)
        else:
            _merge_proposal(claim, event, ts)
        return
    if claim is None:
        state.pending.setdefault(cid, []).append(event)
        return
    _apply_to_claim(state, claim, event)


def _apply_to_claim(state: FoldState, claim: Claim, event: dict) -> None:
    kind = event.get("kind")
    ts = float(event.get("ts", 0.0))
    eid = str(event.get("id", ""))
    if kind == ev.INJECTED:
        _apply_injected(claim, event, ts)
    elif kind == ev.OUTCOME:
        for entry in event.get("claims", ()):
            if entry[0] == claim.id:
                _apply_outcome(claim, event, entry, ts)
    elif kind in (ev.EVIDENCE_ADDED, ev.RECURRED):
        _add_workspace(claim, event.get("workspace"))
        if kind == ev.RECURRED:
            claim.recurrence += 1
        if not _immutable(claim):  # a timestamped fact's evidence is what it was recorded with
            _merge_citations(claim, event.get("citations", []))
            claim.last_evidence_at = max(claim.last_evidence_at, ts)
        _touch(claim, ts)
    elif kind == ev.STATE_CHANGED:
        if _newer(ts, eid, claim.state_at, claim.state_eid):
            claim.state, claim.state_reason = event["to"], event.get("reason", "")
            claim.state_at, claim.state_eid = ts, eid
        _touch(claim, ts)
    elif kind == ev.PROMOTED:
        if _newer(ts, eid, claim.state_at, claim.state_eid):
            claim.state, claim.state_reason = "active", event.get("reason", "promoted")
            claim.state_at, claim.state_eid = ts, eid
            claim.scope = event.get("scope", claim.scope)
        _touch(claim, ts)
    elif kind == ev.CONTESTED:
        other = event.get("other")
        if other and other not in claim.contested_with:
            claim.contested_with.append(other)
        if _newer(ts, eid, claim.state_at, claim.state_eid):
            claim.state, claim.state_reason = "contested", event.get("reason", "")
            claim.state_at, claim.state_eid = ts, eid
        _touch(claim, ts)
    elif kind == ev.SUPERSEDED:
        if ts >= claim.superseded_at:
            claim.superseded_by, claim.superseded_at = event.get("by"), ts
        _touch(claim, ts)
    elif kind == ev.CORROBORATED:
        if event.get("good", True):
            claim.user_good += 1
            claim.last_evidence_at = max(claim.last_evidence_at, ts)  # re-verified by a person
        else:
            claim.user_bad += 1
        _touch(claim, ts)
    elif kind == ev.VERIFIED:
        if event.get("good"):
            claim.corpus_good += 1
            claim.last_evidence_at = max(claim.last_evidence_at, ts)  # re-verified by a corpus
        else:
            claim.corpus_bad += 1
        if not _immutable(claim):
            _merge_citations(claim, event.get("citations", []))
        _touch(claim, ts)
    elif kind == ev.MARKED:
        if "cross_workspace" in event:
            _mark_cross_workspace(claim, bool(event["cross_workspace"]), ts, eid)
        _touch(claim, ts)
    elif kind == ev.PURGED:
        claim.purged = True
        claim.text = ""
        claim.evidence = [{k: v for k, v in c.items() if k != "excerpt"} for c in claim.evidence]
        _touch(claim, ts)


def _new_claim(event: dict, ts: float, eid: str) -> Claim:
    claim = Claim(
        id=event["claim"],
        text=event.get("text", ""),
        source=event.get("source", "experience"),
        type=event.get("type", "event"),
        subject=event.get("subject", ""),
        polarity=event.get("polarity", "factual"),
        origin=event.get("origin", "session"),
        observed_by=event.get("observed_by", "human"),
        cross_workspace=bool(event.get("cross_workspace", False)),
        cross_workspace_key=[ts, eid] if event.get("cross_workspace") else [0.0, ""],
        attribute_key=event.get("attribute_key"),
        criticality=event.get("criticality", "normal"),
        resolves_at=event.get("resolves_at"),
        parent_ids=list(event.get("parent_ids", [])),
        created_at=ts,
        updated_at=ts,
        last_evidence_at=ts,
        state_at=0.0,
        state_eid="",
    )
    _merge_citations(claim, event.get("citations", []))
    _add_workspace(claim, event.get("workspace"))
    return claim


_FIRST_SEEN_FIELDS = ("text", "source", "polarity", "origin", "observed_by", "attribute_key",
                      "criticality", "resolves_at")


def _immutable(claim: Claim) -> bool:
    """The type's policy says its text and evidence never change once recorded (``outcome``:
    a timestamped fact). Recurrences are still counted; evidence stays the first proposal's."""
    pol = POLICIES.get(claim.type)
    return pol is not None and pol.immutable


def _merge_proposal(claim: Claim, event: dict, ts: float) -> None:
    """The same content proposed again: one claim, more evidence, one more recurrence."""
    earlier = ts < claim.created_at
    if _immutable(claim):
        # the earliest proposal's evidence, whatever order proposals arrive in (equal times:
        # the smaller citation list, so every order folds alike)
        cites = list(event.get("citations", []))
        if earlier or (ts == claim.created_at
                       and sorted(map(repr, cites)) < sorted(map(repr, claim.evidence))):
            claim.evidence = []
            _merge_citations(claim, cites)
    if earlier:  # an earlier proposal (arrived late): its first-seen fields win
        claim.created_at = ts
        for name in _FIRST_SEEN_FIELDS:
            if name in event:
                setattr(claim, name, event[name])
    if event.get("cross_workspace"):
        _mark_cross_workspace(claim, True, ts, str(event.get("id", "")))
    claim.recurrence += 1
    if not _immutable(claim):
        _merge_citations(claim, event.get("citations", []))
    _add_workspace(claim, event.get("workspace"))
    for pid in event.get("parent_ids", ()):
        if pid not in claim.parent_ids:
            claim.parent_ids.append(pid)
    claim.last_evidence_at = max(claim.last_evidence_at, ts)
    _touch(claim, ts)


def _mark_cross_workspace(claim: Claim, value: bool, ts: float, eid: str) -> None:
    if _newer(ts, eid, float(claim.cross_workspace_key[0]), str(claim.cross_workspace_key[1])):
        claim.cross_workspace = value
        claim.cross_workspace_key = [ts, eid]


def _apply_injected(claim: Claim, event: dict, ts: float) -> None:
    sid = event.get("session_id")
    if sid and sid not in claim.injected_sessions:
        claim.injected_sessions.append(sid)
    claim.last_used_at = max(claim.last_used_at, ts)


def _apply_outcome(claim: Claim, event: dict, entry: list, ts: float) -> None:
    credit = float(entry[2]) if len(entry) > 2 else 0.0
    context = event.get("work") or event.get("workspace") or ""
    claim.outcomes.append([ts, int(event.get("result", 0)), credit,
                           event.get("authority", "heuristic"), context,
                           event.get("session_id") or "", event.get("intent_id") or ""])
    claim.last_used_at = max(claim.last_used_at, ts)


def _agent_flag(flag: bool):
    def handler(state: FoldState, event: dict, ts: float, eid: str) -> None:
        agent = event.get("agent", "")
        cur = state.agents.get(agent)
        if cur is None or _newer(ts, eid, cur[1], cur[2]):
            state.agents[agent] = [flag, ts, eid, event.get("reason", "")]
    return handler


def _calibration(state: FoldState, event: dict, ts: float, eid: str) -> None:
    agent = event.get("agent", "")
    cur = state.calibration.get(agent)
    if cur is None or _newer(ts, eid, float(cur.get("ts", 0)), str(cur.get("id", ""))):
        state.calibration[agent] = dict(event)


_GLOBAL_HANDLERS = {
    ev.QUARANTINED: _agent_flag(True),
    ev.UNQUARANTINED: _agent_flag(False),
    ev.CALIBRATION_SCORED: _calibration,
}
