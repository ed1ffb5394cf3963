"""fold(events) -> claims: the only way current state is computed.

Pure and order-independent: evidence merges as a union, counts are sums, and every
overwrite (state, supersession, cross-workspace mark, quarantine) is last-writer-wins by the
event's ``(ts, id)``, never by arrival order. So two copies of a log merged by union fold to
the same claims whichever way round they were merged, and a snapshot plus the events after it
folds to the same result as the whole log.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from . import events as ev
from .model import _FACTORY, CLAIM_FIELDS, Claim, citation_key, observation_counts, subject_key
from .policy import POLICIES
from .shapes import malformed


# A record: __init__/__repr__/__eq__ written out, no dataclass (see rlat.claims.model).
class FoldState:
    __slots__ = ("claims", "agents", "calibration", "pending", "event_count", "malformed")
    __match_args__ = __slots__
    claims: dict[str, Claim]
    # agent -> [quarantined?, ts, event id, reason]
    agents: dict[str, list]
    # agent -> the newest calibration_scored event
    calibration: dict[str, dict]
    # events about claims not proposed yet (possible after a union merge); applied on arrival
    pending: dict[str, list[dict]]
    event_count: int
    # events skipped for their shape (rlat.claims.shapes): counted among event_count too
    malformed: int

    def __init__(self, claims=_FACTORY, agents=_FACTORY, calibration=_FACTORY,
                 pending=_FACTORY, event_count: int = 0, malformed: int = 0) -> None:
        self.claims = {} if claims is _FACTORY else claims
        self.agents = {} if agents is _FACTORY else agents
        self.calibration = {} if calibration is _FACTORY else calibration
        self.pending = {} if pending is _FACTORY else pending
        self.event_count = event_count
        self.malformed = malformed

    def __repr__(self) -> str:
        return (f"{self.__class__.__qualname__}(claims={self.claims!r}, agents={self.agents!r}, "
                f"calibration={self.calibration!r}, pending={self.pending!r}, "
                f"event_count={self.event_count!r}, malformed={self.malformed!r})")

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.claims, self.agents, self.calibration, self.pending,
                    self.event_count, self.malformed) == (
                other.claims, other.agents, other.calibration, other.pending,
                other.event_count, other.malformed)
        return NotImplemented

    def quarantined(self, agent: str) -> bool:
        entry = self.agents.get(agent)
        return bool(entry and entry[0])

    # ------------------------------------------------------------ snapshots
    def to_snapshot(self) -> dict:
        return {
            "fold": FOLD_RULES,
            "fields": list(CLAIM_FIELDS),
            "claims": [c.to_row() for c in self.claims.values()],
            "agents": self.agents,
            "calibration": self.calibration,
            "pending": self.pending,
            "event_count": self.event_count,
            "malformed": self.malformed,
        }

    @classmethod
    def from_snapshot(cls, body: dict) -> FoldState:
        names = body.get("fields") or list(CLAIM_FIELDS)
        claims = {}
        contested = []
        for row in body.get("claims", []):
            claim = claim_from_row(names, row)
            claims[claim.id] = claim
            if claim.state == "contested" and claim.contested_with:
                if not claim.base_state:  # (a row written before the registers)
                    claim.base_state, claim.contest_key = _registers(claim)
                contested.append(claim)
        for claim in contested:  # (a snapshot written before a contest needed two live sides)
            settle_state(claim, claims)
        return cls(
            claims=claims,
            agents=dict(body.get("agents", {})),
            calibration=dict(body.get("calibration", {})),
            pending={k: list(v) for k, v in body.get("pending", {}).items()},
            event_count=int(body.get("event_count", 0)),
            malformed=int(body.get("malformed", 0)),
        )


# The rules a snapshot's rows were folded by. Raise it with any change to the fold that would
# give a claim of an existing store another state, as the read model's format version is
# raised (``rlat.claims.readmodel.VERSION``): a snapshot folded by other rules is not used, and
# the events, which every rlat keeps beside its snapshots, are folded instead. 1: the state
# registers (``Claim.base_state``, ``contest_key``); a snapshot written before the key was
# (2026-12-05) is of rules 1 when its fields have the registers, else of rules 0.
FOLD_RULES = 1


def snapshot_rules(body: dict) -> int:
    """The fold rules a snapshot body was written under (``FOLD_RULES``)."""
    rules = body.get("fold")
    if isinstance(rules, int) and not isinstance(rules, bool):
        return rules
    return 0 if folded_before_registers(body) else 1


def snapshot_usable(body: dict) -> bool:
    """Whether a snapshot stands for the fold of the events before it under this rlat's rules
    (``FOLD_RULES``): one written under older or newer rules is not used."""
    return snapshot_rules(body) == FOLD_RULES


def folded_before_registers(body: dict) -> bool:
    """Whether a snapshot was written by an rlat older than the state registers
    (``Claim.base_state``, ``contest_key``): its rows hold states that rlat's fold kept by
    other rules (a contest revived a retired claim, and stood after its other side was
    forgotten), which no later event can settle as the events themselves would. Every rlat
    keeps every event beside its snapshots, so a reader folds those instead."""
    return "base_state" not in (body.get("fields") or CLAIM_FIELDS)


def claim_from_row(names: list[str], row: list) -> Claim:
    """A claim from a snapshot row whose columns are ``names`` (another version's rows are
    mapped by name, with defaults for the rest)."""
    if list(names) == list(CLAIM_FIELDS):
        return Claim(*row)
    known = set(CLAIM_FIELDS)
    return Claim(**{k: v for k, v in zip(names, row, strict=False) if k in known})


def related_injections(state: FoldState) -> dict[str, frozenset[str]]:
    """Subject key (``rlat.claims.model.subject_key``) -> every session that had a claim on
    that subject injected. A function of the folded claims (their keys and ``injected``
    lineage), so as order-independent as the fold itself; remembered for the state object
    while its event count is unchanged. Independence uses it: a session that was shown a
    *related* claim is not an independent witness of this one (``independent_count``)."""
    global _related_memo
    memo = _related_memo
    if memo is not None and memo[0] is state and memo[1] == state.event_count:
        return memo[2]
    out: dict[str, set[str]] = {}
    for claim in state.claims.values():
        if claim.injected_sessions:
            key = subject_key(claim)
            if key is not None:
                out.setdefault(key, set()).update(claim.injected_sessions)
    frozen = {key: frozenset(sessions) for key, sessions in out.items()}
    _related_memo = (state, state.event_count, frozen)
    return frozen


_related_memo: tuple[FoldState, int, dict[str, frozenset[str]]] | None = None


def independent_count(state: FoldState, claim: Claim) -> int:
    """The claim's independent observations in ``state``: its evidence, counted by content,
    minus every session that had it — or a related claim, one on the same subject — injected
    before (``rlat.claims.model.observation_counts``)."""
    key = subject_key(claim)
    related = related_injections(state).get(key, frozenset()) if key is not None else ()
    if not related:
        return claim.independent_count
    return observation_counts(claim.evidence, set(claim.injected_sessions) | related)[1]


def fold(events: Iterable[dict], state: FoldState | None = None) -> FoldState:
    """Apply ``events`` to ``state`` (a fresh one when None) and return it."""
    state = FoldState() if state is None else state
    for event in events:
        apply(state, event)
    return state


def _newer(ts: float, eid: str, cur_ts: float, cur_eid: str) -> bool:
    return (ts, eid) > (cur_ts, cur_eid)


# Dropped from every citation of a purged claim: what it quoted and the command that cited it.
PURGED_CITATION_KEYS = ("excerpt", "command")


def strip_purged(cite: dict) -> dict:
    return {k: v for k, v in cite.items() if k not in PURGED_CITATION_KEYS}


def _citation_order(cite: dict) -> tuple[str, str]:
    """A total order over citations, so which copy of one piece of evidence (same
    ``citation_key``, e.g. a session captured twice) a claim keeps is independent of arrival:
    the least under this order. Compared by what survives a purge first, so purging the kept
    copy gives the copy a purge-first fold keeps."""
    return (repr(sorted(strip_purged(cite).items(), key=lambda kv: str(kv[0]))),
            repr(sorted(cite.items(), key=lambda kv: str(kv[0]))))


def _merge_citations(claim: Claim, citations: list[dict]) -> None:
    if not citations:
        return
    at = {citation_key(c): i for i, c in enumerate(claim.evidence)}
    for cite in citations:
        if claim.purged:
            cite = strip_purged(cite)
        key = citation_key(cite)
        i = at.get(key)
        if i is None:
            at[key] = len(claim.evidence)
            claim.evidence.append(cite)
        elif cite != claim.evidence[i] and \
                _citation_order(cite) < _citation_order(claim.evidence[i]):
            claim.evidence[i] = cite


def _purge(claim: Claim) -> None:
    """The claim without its text, its evidence without excerpts or citing commands, and no
    longer contested (``settle_state``)."""
    claim.purged = True
    claim.base_state, claim.contest_key = _registers(claim)
    settle_state(claim)
    claim.text = ""
    evidence, claim.evidence = claim.evidence, []
    _merge_citations(claim, evidence)


_NO_CONTEST = (0.0, "", "")


def _registers(claim: Claim) -> tuple[list, list]:
    """The claim's two state registers (``Claim.base_state``, ``Claim.contest_key``). Until a
    state event has been folded with them they are empty and the state fields hold the one
    that was last written: a contest's, when the state is contested (the state under it is
    then unknown, and only a purge or a retirement would uncover it)."""
    if claim.base_state:
        return list(claim.base_state), list(claim.contest_key or _NO_CONTEST)
    if claim.state == "contested":
        return (["candidate", "", 0.0, ""],
                [claim.state_at, claim.state_eid, claim.state_reason])
    return [claim.state, claim.state_reason, claim.state_at, claim.state_eid], list(_NO_CONTEST)


def _set_base_state(claim: Claim, to: str, reason: str, ts: float, eid: str) -> None:
    """The state register, last writer wins (``_settle`` then settles the state)."""
    base, contest = _registers(claim)
    if _newer(ts, eid, float(base[2]), str(base[3])):
        base = [to, reason, ts, eid]
    claim.base_state, claim.contest_key = base, contest


def _forgotten(claim: Claim | None) -> bool:
    """Retired or purged: a claim nothing serves or argues with any more."""
    return claim is not None and (claim.state == "retired" or claim.purged)


def _opponents_gone(claim: Claim, claims: dict | None) -> bool:
    """Every claim this one was contested with is out of play in this file: a contradiction
    needs two live sides. Only a contest recorded on both sides counts (as every contest is
    made), so that a change on the other side finds this one to settle again. A contest with
    no other side (a demotion) stands, and so does one with a claim this file does not hold."""
    if claims is None or not claim.contested_with:
        return False
    for other in claim.contested_with:
        opponent = claims.get(other) if other != claim.id else None  # (itself: it stands)
        if opponent is None or claim.id not in opponent.contested_with \
                or not _forgotten(opponent):
            return False
    return True


def settle_state(claim: Claim, claims: dict | None = None) -> None:
    """The claim's state from its registers: the newest state event's, or ``contested`` when
    a contest is newer — unless the claim is retired or purged, or (``claims``: the fold's)
    every claim it was contested with is. A contest never revives a claim that is out of play
    (a teammate's copy may carry one made after it was forgotten), nor keeps one contested by
    a claim forgotten here; because this depends on the registers and the other side's state,
    not on which event came last, the fold stays independent of arrival order (a change of
    the other side's state settles this one again: ``_settle_opponents``)."""
    (state, reason, ts, eid), (c_ts, c_eid, c_reason) = claim.base_state, claim.contest_key
    if state != "retired" and not claim.purged \
            and _newer(float(c_ts), str(c_eid), float(ts), str(eid)) \
            and not _opponents_gone(claim, claims):
        state, reason, ts, eid = "contested", c_reason, c_ts, c_eid
    claim.state, claim.state_reason = state, reason
    claim.state_at, claim.state_eid = float(ts), str(eid)


def _settle(state: FoldState, claim: Claim) -> None:
    """The claim's state from its registers, then those of the claims contested with it."""
    settle_state(claim, state.claims)
    _settle_opponents(state, claim)


def _settle_opponents(state: FoldState, claim: Claim) -> None:
    """Settle again the claims ``claim`` was contested with: whether it is out of play decides
    whether their contest with it stands."""
    for other in claim.contested_with:
        opponent = state.claims.get(other) if other != claim.id else None
        # (one with no registers has had no contest folded with them: nothing to settle)
        if opponent is not None and opponent.base_state:
            settle_state(opponent, state.claims)


def _add_workspace(claim: Claim, workspace: str | None) -> None:
    if workspace and workspace not in claim.workspaces:
        claim.workspaces.append(workspace)


def _touch(claim: Claim, ts: float) -> None:
    if ts > claim.updated_at:
        claim.updated_at = ts


def apply(state: FoldState, event: dict) -> None:
    state.event_count += 1
    if malformed(event) is not None:
        state.malformed += 1  # (never applied, so never half-applied: rlat.claims.shapes)
        return
    kind = event.get("kind")
    ts = float(event.get("ts", 0.0))
    eid = str(event.get("id", ""))

    if kind in _GLOBAL_HANDLERS:
        _GLOBAL_HANDLERS[kind](state, event, ts, eid)
        return

    if kind == ev.RESTORED:
        try:
            claim = claim_from_row(event.get("fields") or [], event.get("row") or [])
        except (TypeError, KeyError, ValueError):
            return  # a malformed row: ignored, still counted
        before = state.claims.get(claim.id)
        state.claims[claim.id] = claim
        # (what waited for the claim is in the row already, as the snapshot folded it — but a
        # purge is absorbing, from whichever copy it came)
        waited = state.pending.pop(claim.id, ())
        if claim.purged or (before is not None and before.purged) \
                or any(e.get("kind") == ev.PURGED for e in waited):
            _purge(claim)  # (a purge is absorbing: a restored row never brings the text back)
        elif claim.base_state and claim.contested_with:
            settle_state(claim, state.claims)
        _settle_opponents(state, claim)
        return

    if kind == ev.INJECTED:
        for cid in dict.fromkeys(event.get("claims", ())):
            claim = state.claims.get(cid)
            if claim is None:
                state.pending.setdefault(cid, []).append(event)
                continue
            _apply_injected(claim, event, ts)
        return

    if kind == ev.OUTCOME:
        waiting: set[str] = set()
        for entry in event.get("claims", ()):
            cid = entry[0]
            claim = state.claims.get(cid)
            if claim is None:
                if cid not in waiting:  # replayed once, for all of its entries
                    waiting.add(cid)
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
        _set_base_state(claim, event["to"], event.get("reason", ""), ts, eid)
        _settle(state, claim)
        _touch(claim, ts)
    elif kind == ev.PROMOTED:
        _set_base_state(claim, "active", event.get("reason", "promoted"), ts, eid)
        _settle(state, claim)  # (a promotion may bring it back into play)
        # Scope is its own register: the newest promotion's, whatever the state became since.
        if _newer(ts, eid, float(claim.scope_key[0]), str(claim.scope_key[1])):
            claim.scope = event.get("scope", claim.scope)
            claim.scope_key = [ts, eid]
        _touch(claim, ts)
    elif kind == ev.CONTESTED:
        other = event.get("other")
        if other and other not in claim.contested_with:
            claim.contested_with.append(other)
        base, contest = _registers(claim)
        if _newer(ts, eid, float(contest[0]), str(contest[1])):
            contest = [ts, eid, event.get("reason", "")]
        claim.base_state, claim.contest_key = base, contest
        _settle(state, claim)  # (its side of the contest is recorded now)
        _touch(claim, ts)
    elif kind == ev.SUPERSEDED:
        if _newer(ts, eid, claim.superseded_at, claim.superseded_eid):
            claim.superseded_by = event.get("by")
            claim.superseded_at, claim.superseded_eid = ts, eid
        _touch(claim, ts)
    elif kind == ev.CORROBORATED:
        good = bool(event.get("good", True))
        if good:
            claim.last_evidence_at = max(claim.last_evidence_at, ts)  # re-verified by a person
        _vote(claim, str(event.get("actor") or "user"), good, ts, eid)
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
        if isinstance(event.get("workspace"), str):
            _add_workspace(claim, event["workspace"])
        _touch(claim, ts)
    elif kind == ev.PURGED:
        # Absorbing: no event folded before or after (a late earlier proposal, more evidence
        # with excerpts) brings the text back; see _merge_proposal and _merge_citations.
        _purge(claim)
        _settle_opponents(state, claim)
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
        created_eid=eid,
    )
    _merge_citations(claim, event.get("citations", []))
    _add_workspace(claim, event.get("workspace"))
    return claim


_FIRST_SEEN_FIELDS = ("text", "source", "type", "subject", "polarity", "origin", "observed_by",
                      "attribute_key", "criticality", "resolves_at")


def _immutable(claim: Claim) -> bool:
    """The type's policy says its text and evidence never change once recorded (``outcome``:
    a timestamped fact). Recurrences are still counted; evidence stays the first proposal's."""
    pol = POLICIES.get(claim.type)
    return pol is not None and pol.immutable


def _merge_proposal(claim: Claim, event: dict, ts: float) -> None:
    """The same content proposed again: one claim, more evidence, one more recurrence."""
    eid = str(event.get("id", ""))
    earlier = (ts, eid) < (claim.created_at, claim.created_eid)
    if _immutable(claim) and earlier:
        # the earliest proposal's evidence, whatever order proposals arrive in (ties by event
        # id, so every order folds alike)
        claim.evidence = []
        _merge_citations(claim, list(event.get("citations", [])))
    if earlier:
        # An earlier proposal (arrived late): its first-seen fields win, except the text of
        # a purged claim, which stays gone.
        claim.created_at, claim.created_eid = ts, eid
        for name in _FIRST_SEEN_FIELDS:
            if name in event and not (name == "text" and claim.purged):
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


def _vote(claim: Claim, actor: str, good: bool, ts: float, eid: str) -> None:
    """A person's latest word on a claim stands (last-writer-wins per actor, by (ts, event id));
    user_good / user_bad count the people whose latest word is good / bad."""
    cur = claim.user_votes.get(actor)
    if cur is not None and not _newer(ts, eid, float(cur[0]), str(cur[1])):
        return
    if cur is not None:  # the actor changes (or repeats) their word: retract the old one
        if cur[2]:
            claim.user_good -= 1
        else:
            claim.user_bad -= 1
    claim.user_votes[actor] = [ts, eid, good]
    if good:
        claim.user_good += 1
    else:
        claim.user_bad += 1


def _text(value: object) -> str:
    """An id field as text: a hook payload is not trusted to hold strings (a list as a session
    id once made every later fold fail on an unhashable value)."""
    if isinstance(value, str):
        return value
    return "" if value is None else json.dumps(value, sort_keys=True, default=str)


def _apply_injected(claim: Claim, event: dict, ts: float) -> None:
    sid = _text(event.get("session_id"))
    if sid and sid not in claim.injected_sessions:
        claim.injected_sessions.append(sid)
    claim.last_used_at = max(claim.last_used_at, ts)


def _apply_outcome(claim: Claim, event: dict, entry: list, ts: float) -> None:
    credit = float(entry[2]) if len(entry) > 2 else 0.0
    context = _text(event.get("work") or event.get("workspace"))
    claim.outcomes.append([ts, int(event.get("result", 0)), credit,
                           _text(event.get("authority", "heuristic")), context,
                           _text(event.get("session_id")), _text(event.get("intent_id"))])
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
