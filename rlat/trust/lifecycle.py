"""Lifecycle: effective states and the transitions of both seeds, as pure functions.

Every function here reads a ``FoldState`` (and the clock, passed in) and *returns events*; it
never writes. The CLI and consolidate append what they return. States are
``candidate → active → contested / stale → retired`` (``rlat.claims.policy.STATES``):

* **TTL**: each type's TTL (``rlat.claims.policy``) runs from the claim's last evidence (a
  recurrence, new evidence, your corroboration or a good corpus verification). Past it the
  claim is *effectively* stale — computed from the clock, never written — until re-verified,
  which simply means fresh evidence arrives. An expired hypothesis is stale too, and counts as
  *expired* (never as incorrect) for calibration.
* **Promotion gate** (candidate → active, scope ``repo``): the type's ``promote_after``
  independent observations, human approval where the type needs it (a claim you wrote yourself
  counts as approved), never for types whose policy says never (hypotheses stay in agent scope),
  never for an agent under quarantine, never for a contested, stale or superseded claim.
* **Contradiction** (a lexical proxy, no NLI model): a candidate that conflicts with an active
  claim on the same subject — same non-empty subject or attribute key, different text, and
  content-word overlap ≥ ``CONTRADICTION_OVERLAP`` or opposite polarity (prefer/avoid). Both
  sides move to ``contested`` and wait for a person; the newer claim never wins by being newer.
  The proxy favours recall: some genuine corroboration will be sent to a human.
* **Keyed attributes**: among values of one attribute key stated by the user, the newest
  supersedes the rest (old values stay on disk, marked superseded). A value from anyone else
  that disagrees with the user's current value is contested instead.
* **Quarantine**: an agent's candidates stop promoting and its active claims become contested
  (a standing invariant consolidate re-checks every run); capture continues. Lifting quarantine
  restores promotion only: contested claims stay contested for a human.
* **Calibration**: an agent's hypotheses are resolved against promoted outcome claims on the
  same subject from a *different* observer, observed no earlier; the earliest answers. Only an
  identical (normalised) text agrees — lexical overlap is never read as agreement, because a
  negation shares nearly every word with what it refutes. Brier score over resolved predictions
  (correct 0, incorrect 1), shrunk towards a neutral prior by a pseudo-count, ``low_sample``
  below a minimum; expired hypotheses are counted but never scored.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable

from .. import patterns
from ..claims import events as ev
from ..claims.fold import FoldState
from ..claims.fold import independent_count as state_independent_count
from ..claims.ids import normalise_text
from ..claims.model import Claim, live, subject_key
from ..claims.policy import DAY, POLICIES
from ..records import Record
from . import thresholds as T
from .rungs import agent_multiplier, points, trust_of_points

rx = patterns.compiler(__name__)  # re.compile, kept compiled between processes

# ----------------------------------------------------------------------------- clock & TTL


def expires_at(claim: Claim) -> float | None:
    """When the claim goes stale without fresh evidence (None: never). A hypothesis expires at
    its resolution date when it has one."""
    pol = POLICIES.get(claim.type)
    if claim.type == "hypothesis" and claim.resolves_at:
        return float(claim.resolves_at)
    if pol is None or pol.ttl_days is None:
        return None
    base = max(claim.last_evidence_at, claim.created_at)
    return base + pol.ttl_days * DAY


def is_expired(claim: Claim, now: float) -> bool:
    end = expires_at(claim)
    return end is not None and now >= end


def effective_state(claim: Claim, now: float | None = None) -> str:
    """The stored state, except that a claim past its TTL is ``stale`` until re-verified.
    (A contested claim stays contested whatever the clock: a person decides it.)"""
    now = time.time() if now is None else now
    if claim.state in ("retired", "stale", "contested"):
        return claim.state
    if is_expired(claim, now):
        return "stale"
    return claim.state


def trust_weight(claim: Claim, now: float | None, calibration: dict | None = None, *,
                 status: str | None = None) -> tuple[float, float]:
    """(trust weight, points) of ``claim``: the one rule every ranking of claims multiplies
    by (recall, SessionStart's standing facts and most-trusted claims, the read model's bounds).

    Points count recurrences at the observing agent's calibration multiplier (``calibration``:
    agent -> its newest ``calibration_scored`` event, ``FoldState.calibration``); the weight is
    ``trust_of_points(points)``, times ``CONTESTED_FACTOR`` when the claim is contested.
    ``status``: the claim's effective state when the caller has it (default: computed now;
    ``""`` ranks it as uncontested, for upper bounds). ``now`` None counts every outcome."""
    mult = agent_multiplier(calibration.get(claim.observed_by)) if calibration else 1.0
    pts = points(claim, now, multiplier=mult)
    weight = trust_of_points(pts)
    if status is None:
        status = effective_state(claim, now)
    if status == "contested":
        weight *= T.CONTESTED_FACTOR
    return weight, pts


def stale_reason(claim: Claim, now: float) -> str:
    if claim.state == "stale":
        return claim.state_reason or "marked stale"
    end = expires_at(claim)
    if end is not None and now >= end:
        pol = POLICIES.get(claim.type)
        days = f"{pol.ttl_days:g}-day " if pol and pol.ttl_days else ""
        what = "resolution date passed" if claim.type == "hypothesis" and claim.resolves_at \
            else f"{days}TTL expired without fresh evidence"
        return what
    return ""


def at(claim: Claim, now: float, field: str = "state_at") -> float:
    """The timestamp for an event changing ``claim``: ``now``, or just after the change it
    overrides when that one is dated later (a clock ahead on another machine). The fold is
    last-writer-wins by timestamp, so a decision dated before what it overrides would be lost
    and re-made on every run."""
    return max(now, float(getattr(claim, field) or 0.0) + 0.001)


def is_user_written(claim: Claim) -> bool:
    """Written or stated by the user (``rlat memory add``, ``capture-attribute``, a fact the
    miner found in the user's own words): origin ``user``."""
    return claim.origin == "user"


# ----------------------------------------------------------------------------- text proxy
_WORD = rx(r"[^\W_]+", re.UNICODE)
_STOP = frozenset(
    "a an the and or but of to in on at for by with from is are was were be been being it its "
    "this that these those as not no do does did has have had will would can could should "
    "we you i they he she our your their there here".split()
)
_NEGATIONS = frozenset("not no never cannot can't don't doesn't isn't aren't won't without".split())


def content_words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.casefold()) if w not in _STOP and len(w) > 1}


def overlap(a: str, b: str) -> float:
    """Jaccard overlap of content words (0..1)."""
    wa, wb = content_words(a), content_words(b)
    if not wa or not wb:
        return 0.0
    return len(wa & wb) / len(wa | wb)


def conflicts(a: Claim, b: Claim) -> str | None:
    """Why ``a`` and ``b`` look contradictory (a reason string), or None. The lexical proxy
    described in the module docstring."""
    if a.id == b.id or subject_key(a) is None or subject_key(a) != subject_key(b):
        return None
    if normalise_text(a.text) == normalise_text(b.text):
        return None
    if {a.polarity, b.polarity} == {"prefer", "avoid"}:
        return f"opposite polarity on {subject_key(a)}"
    if a.attribute_key and b.attribute_key:
        return f"different values for {subject_key(a)}"
    score = overlap(a.text, b.text)
    if score >= T.CONTRADICTION_OVERLAP:
        return f"same {subject_key(a)}, different text (word overlap {score:.2f})"
    return None


# ----------------------------------------------------------------------------- transitions
# A record (rlat.records): no dataclass, whose import costs every hook ~7 ms.
class Change(Record):
    """One planned transition: the events that make it, and a sentence saying why."""

    __slots__ = ("action", "claim", "reason", "events", "text", "other")
    __match_args__ = __slots__
    action: str  # promote | contest | supersede | demote | retire | calibrate
    claim: str  # claim id (or agent name for calibrate)
    reason: str
    events: list[dict]
    text: str
    other: str  # the other side of a contest

    def __init__(self, action: str, claim: str, reason: str, events: list[dict], text: str = "",
                 other: str = "") -> None:
        self.action = action
        self.claim = claim
        self.reason = reason
        self.events = events
        self.text = text
        self.other = other



    def to_dict(self) -> dict:
        out = {"action": self.action, "claim": self.claim, "reason": self.reason,
               "text": self.text}
        if self.other:
            out["other"] = self.other
        return out


def a_type(name: str) -> str:
    """"an environment", "a convention"."""
    return ("an " if name[:1] in "aeiou" else "a ") + name


def short(text: str, n: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 1] + "…"


# session id -> (first, last) time the session was seen, or None when that is unknown
SessionWindow = Callable[[str], "tuple[float, float] | None"]


def provenance_problem(claim: Claim, window_of: SessionWindow | None) -> str | None:
    """Why the claim's evidence fails the provenance gate (None: it passes, or cannot be
    checked): a session citation observed outside its own session's window. Each citation is
    checked against *its* session, never the claim's first-proposed time against every cited
    session (evidence routinely spans sessions on different days)."""
    if window_of is None:
        return None
    slack = T.PROVENANCE_SLACK_SECONDS
    for cite in claim.evidence:
        if cite.get("kind", "session") != "session" or cite.get("observed_at") is None:
            continue
        session = str(cite.get("session_id"))
        window = window_of(session)
        if window is None:
            continue
        start, end = window
        at = float(cite["observed_at"])
        if not start - slack <= at <= end + slack:
            return (f"provenance: citation {cite.get('message_id')} was observed outside "
                    f"session {session[:12]}'s window")
    return None


def promotion_block(state: FoldState, claim: Claim, now: float, *,
                    approved: bool = False, current: str | None = None,
                    window_of: SessionWindow | None = None) -> str | None:
    """Why ``claim`` cannot be promoted now (None: it can). The gates run in the fleet seed's
    order — quarantine, evidence, contradiction, provenance, independence — after the checks
    that say whether the claim is in play at all; the first that fails is the reason.
    ``approved`` (a person) waives contradiction, independence and approval, never quarantine,
    evidence or provenance. ``window_of`` enables the provenance gate (None: not checked)."""
    pol = POLICIES.get(claim.type)
    if pol is None:
        return f"unknown type {claim.type!r}"
    if not live(claim):
        return out_of_play(claim)
    if pol.promote_after is None:
        return f"{a_type(claim.type)} never leaves agent scope"
    current = current or effective_state(claim, now)
    if current == "stale":
        return "stale: " + stale_reason(claim, now)
    # 1. quarantine
    if state.quarantined(claim.observed_by):
        return f"its agent {claim.observed_by!r} is quarantined"
    # 2. evidence: no evidence, no claim — a floor under every type, approval included
    if not claim.evidence:
        return "no evidence: nothing cites it"
    # 3. contradiction
    if current == "contested" and not approved:
        return "contested: a person must resolve it"
    # 4. provenance
    problem = provenance_problem(claim, window_of)
    if problem:
        return problem
    # 5. independence: sessions shown this claim or a related one (same subject) excluded
    independent = state_independent_count(state, claim)
    if independent < pol.promote_after and not approved:
        return (f"{independent} independent observation(s); "
                f"{a_type(claim.type)} needs {pol.promote_after}")
    if pol.human_approval and not approved and not is_user_written(claim):
        return f"{a_type(claim.type)} needs a person's approval (rlat memory promote {claim.id[:12]})"
    return None


def promotions(state: FoldState, now: float, *,
               status: Callable[[Claim], str] | None = None,
               window_of: SessionWindow | None = None) -> list[Change]:
    """The promotion gate over every candidate (``status``: a claim's state, default its
    effective state)."""
    out = []
    for claim in state.claims.values():
        if claim.state != "candidate":
            continue
        pol = POLICIES.get(claim.type)
        if pol is None or pol.promote_after is None:
            continue  # never auto-promotes (hypotheses, session blocks)
        current = status(claim) if status is not None else None
        if promotion_block(state, claim, now, current=current, window_of=window_of) is None:
            pol = POLICIES[claim.type]
            reason = (f"{state_independent_count(state, claim)} independent observation(s) "
                      f"({a_type(claim.type)} needs {pol.promote_after})")
            out.append(Change("promote", claim.id, reason,
                              [ev.promoted(claim.id, "repo", reason, ts=at(claim, now))], short(claim.text)))
    return out


def promote(state: FoldState, claim: Claim, now: float, *, scope: str = "repo") -> list[dict]:
    """A person's approval: promote ``claim`` (also resolves a contest in its favour).
    Raises ValueError when even a person may not (a hypothesis, a quarantined agent…)."""
    block = promotion_block(state, claim, now, approved=True)
    if block:
        raise ValueError(block)
    return [ev.promoted(claim.id, scope, "approved by a person", ts=at(claim, now))]


def out_of_play(claim: Claim) -> str:
    """Why a claim that is not live (``rlat.claims.model.live``) is not: what a person is
    told when they ask to promote or contest it."""
    if claim.purged:
        return "purged"
    if claim.state == "retired":
        return "retired (forgotten)"
    return "superseded" if claim.superseded_by else ""


def contest(claim: Claim, other: Claim, reason: str, now: float) -> list[dict]:
    """Both sides contest; neither wins by being newer. Raises ValueError when either side
    is out of play (retired, purged, superseded): a contest would put it back in front of
    people as a live claim, and penalise its partner for disagreeing with nothing."""
    for side in (claim, other):
        if not live(side):
            raise ValueError(f"{side.id[:12]} is {out_of_play(side)}")
    return [ev.contested(claim.id, other.id, reason, ts=at(claim, now)),
            ev.contested(other.id, claim.id, reason, ts=at(other, now))]


def contradictions(state: FoldState, now: float, *,
                   status: Callable[[Claim], str] | None = None,
                   seen: set[tuple[str, str]] | None = None,
                   promoting: set[str] | frozenset[str] = frozenset()) -> list[Change]:
    """Candidates that conflict with an active claim on the same subject (both sides contest).

    ``status`` gives a claim's state (default: its effective state; consolidate passes its view
    of the pass so far); ``promoting`` are candidates about to be promoted, which count on both
    sides (so two conflicting candidates cannot slip through the gate together); ``seen`` holds
    (claim, other) pairs already contested, and is extended."""
    status = status or (lambda c: "superseded" if c.superseded_by else effective_state(c, now))
    seen = set() if seen is None else seen
    groups: dict[str, tuple[list[Claim], list[Claim]]] = {}
    for claim in state.claims.values():
        key = subject_key(claim)
        if key is None or claim.purged:
            continue
        current = status(claim)
        if current not in ("candidate", "active"):
            continue
        cands, actives = groups.setdefault(key, ([], []))
        (actives if current == "active" else cands).append(claim)
        if current == "candidate" and claim.id in promoting:
            actives.append(claim)
    out: list[Change] = []
    for cands, actives in groups.values():
        if not cands or not actives:
            continue
        for cand in cands:
            for act in actives:
                if act.id == cand.id or act.id in cand.contested_with \
                        or (cand.id, act.id) in seen:
                    continue
                if keyed_by_user(cand) and keyed_by_user(act):
                    continue  # a user's newer value supersedes; see supersessions()
                why = conflicts(cand, act)
                if why:
                    seen.add((cand.id, act.id))
                    seen.add((act.id, cand.id))
                    out.append(Change("contest", cand.id, f"conflicts with {act.id[:12]}: {why}",
                                      contest(cand, act, why, now), short(cand.text),
                                      other=act.id))
    return out


def keyed_by_user(claim: Claim) -> bool:
    return bool(claim.attribute_key) and is_user_written(claim)


def _stated_at(claim: Claim) -> tuple:
    return (claim.last_evidence_at, claim.created_at, claim.id)


def supersessions(state: FoldState, now: float, *,
                  status: Callable[[Claim], str] | None = None) -> list[Change]:
    """Keyed attributes: the user's newest value per key supersedes the user's older values;
    anyone else's different value for that key (a candidate or active one: a contested value
    already waits for a person) is contested against it."""
    status = status or (lambda c: effective_state(c, now))
    groups: dict[str, list[Claim]] = {}
    for claim in state.claims.values():
        if claim.attribute_key and live(claim):
            groups.setdefault(normalise_text(claim.attribute_key), []).append(claim)
    out: list[Change] = []
    for key, claims in groups.items():
        users = [c for c in claims if is_user_written(c)]
        if not users:
            continue
        newest = max(users, key=_stated_at)
        for old in users:
            if old is not newest:
                reason = f"the user's newer value for {key!r} ({newest.id[:12]})"
                out.append(Change("supersede", old.id, reason,
                                  [ev.superseded(old.id, newest.id, ts=at(old, now, "superseded_at"))], short(old.text)))
        for other in claims:
            if is_user_written(other) or newest.id in other.contested_with \
                    or status(other) not in ("candidate", "active"):
                continue
            if normalise_text(other.text) == normalise_text(newest.text):
                continue
            why = f"different values for key:{key}"
            out.append(Change("contest", other.id, f"conflicts with the user's value "
                              f"{newest.id[:12]}: {why}", contest(other, newest, why, now),
                              short(other.text), other=newest.id))
    return out


# ----------------------------------------------------------------------------- quarantine
def quarantine(state: FoldState, agent: str, reason: str, now: float) -> list[dict]:
    """The kill switch: a ``quarantined`` event, and every active claim of the agent contested."""
    events = [ev.quarantined(agent, reason, ts=now)]
    for change in _demotions(state, agent, now):
        events.extend(change.events)
    return events


def unquarantine(agent: str, reason: str, now: float) -> list[dict]:
    """Lift quarantine: the agent may promote again; contested claims stay contested."""
    return [ev.unquarantined(agent, reason, ts=now)]


def _demotions(state: FoldState, agent: str, now: float) -> list[Change]:
    out = []
    reason = f"agent {agent!r} is quarantined"
    for claim in state.claims.values():
        if claim.observed_by == agent and live(claim) and claim.state == "active":
            out.append(Change("demote", claim.id, reason,
                              [ev.contested(claim.id, "", reason, ts=at(claim, now))], short(claim.text)))
    return out


def quarantine_demotions(state: FoldState, now: float) -> list[Change]:
    """The standing invariant: no quarantined agent has an active claim."""
    out = []
    for agent, entry in state.agents.items():
        if entry and entry[0]:
            out.extend(_demotions(state, agent, now))
    return out


def contradiction_rates(state: FoldState) -> dict[str, dict]:
    """Per agent: contested / (active + contested), the early warning for quarantine."""
    counts: dict[str, list[int]] = {}
    for claim in state.claims.values():
        if not live(claim):
            continue
        row = counts.setdefault(claim.observed_by, [0, 0, 0])
        row[2] += 1
        if claim.state == "active":
            row[0] += 1
        elif claim.state == "contested":
            row[1] += 1
    out = {}
    for agent, (active, contested_n, total) in counts.items():
        denom = active + contested_n
        out[agent] = {"active": active, "contested": contested_n, "claims": total,
                      "rate": round(contested_n / denom, 4) if denom else 0.0,
                      "quarantined": state.quarantined(agent)}
    return out


# ----------------------------------------------------------------------------- calibration
CORRECT, INCORRECT, EXPIRED, OPEN = "correct", "incorrect", "expired", "open"


def resolve(state: FoldState, hypothesis: Claim, now: float,
            _outcomes: dict[str, list[Claim]] | None = None) -> tuple[str, str | None]:
    """(verdict, answering outcome claim id). See the module docstring for the rules."""
    key = subject_key(hypothesis)
    candidates = []
    if key is not None:
        pool = _outcomes.get(key, []) if _outcomes is not None else [
            c for c in state.claims.values() if c.type == "outcome" and subject_key(c) == key]
        candidates = [
            c for c in pool
            if c.state == "active" and not c.purged and not c.superseded_by
            and c.observed_by != hypothesis.observed_by
            and c.created_at >= hypothesis.created_at
        ]
    if candidates:
        answer = min(candidates, key=lambda c: (c.created_at, c.id))
        agrees = normalise_text(answer.text) == normalise_text(hypothesis.text)
        return (CORRECT if agrees else INCORRECT), answer.id
    if is_expired(hypothesis, now):
        return EXPIRED, None
    return OPEN, None


def score(correct: int, resolved: int) -> tuple[float, float]:
    """(raw Brier score, shrunk score). Raw: mean squared error over {0,1} predictions
    (correct 0, incorrect 1); shrunk towards CALIBRATION_PRIOR by CALIBRATION_PSEUDO_COUNT."""
    incorrect = resolved - correct
    raw = incorrect / resolved if resolved else T.CALIBRATION_PRIOR
    k = T.CALIBRATION_PSEUDO_COUNT
    shrunk = (incorrect + k * T.CALIBRATION_PRIOR) / (resolved + k)
    return raw, shrunk


def calibration(state: FoldState, now: float) -> dict[str, dict]:
    """Per agent: resolved, correct, incorrect, expired, open, raw and shrunk score, low_sample,
    the trust multiplier it implies, and each hypothesis's verdict."""
    outcomes: dict[str, list[Claim]] = {}
    hypotheses: list[Claim] = []
    for claim in state.claims.values():
        if claim.type == "outcome":
            key = subject_key(claim)
            if key is not None:
                outcomes.setdefault(key, []).append(claim)
        elif claim.type == "hypothesis" and not claim.purged:
            hypotheses.append(claim)
    agents: dict[str, dict] = {}
    for hyp in hypotheses:
        verdict, answer = resolve(state, hyp, now, outcomes)
        row = agents.setdefault(hyp.observed_by, {
            "agent": hyp.observed_by, "correct": 0, "incorrect": 0, "expired": 0, "open": 0,
            "verdicts": []})
        row[verdict] += 1
        row["verdicts"].append({"hypothesis": hyp.id, "verdict": verdict, "answer": answer})
    for row in agents.values():
        resolved = row["correct"] + row["incorrect"]
        raw, shrunk = score(row["correct"], resolved)
        row.update(resolved=resolved, raw=round(raw, 4), score=round(shrunk, 4),
                   low_sample=resolved < T.CALIBRATION_LOW_SAMPLE)
        row["multiplier"] = round(agent_multiplier({"score": shrunk}), 4)
    return agents


def calibration_changes(state: FoldState, now: float) -> list[Change]:
    """A ``calibration_scored`` event for every agent whose track record changed since its
    newest score (so running this twice records nothing new). Dated just after that score when
    it is dated at or after ``now`` (a clock ahead), or the fold could keep the old one."""
    out = []
    for agent, row in sorted(calibration(state, now).items()):
        prev = state.calibration.get(agent) or {}
        same = (prev.get("resolved") == row["resolved"] and prev.get("correct") == row["correct"]
                and prev.get("expired") == row["expired"])
        if same or (row["resolved"] == 0 and row["expired"] == 0 and not prev):
            continue
        event = ev.calibration_scored(agent, score=row["score"], resolved=row["resolved"],
                                      correct=row["correct"], expired=row["expired"],
                                      low_sample=row["low_sample"],
                                      ts=max(now, float(prev.get("ts") or 0.0) + 0.001))
        reason = (f"{row['correct']}/{row['resolved']} hypotheses correct, {row['expired']} "
                  f"expired; score {row['score']:.3f}"
                  + (" (low sample)" if row["low_sample"] else ""))
        out.append(Change("calibrate", agent, reason, [event]))
    return out
