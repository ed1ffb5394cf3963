"""Confidence rungs, derived from a claim's fold (never stored, never self-reported).

A claim's confidence is a number of points (see ``rlat.trust.thresholds`` for every value):
the prior of its origin, then what it earned or lost — outcomes of the sessions that used it
(per session, clamped, weighted by the authority of the signal and the credit its rank was
due), positive outcomes across several kinds of work or workspaces, independent recurrences,
your corroboration, and corpus verification. The rung is the band the points fall in:
``low`` → ``medium`` → ``high`` → ``verified``. Outcomes can lower a rung; they never change a
claim's state (retiring is consolidate's or your act).

Everything here is a pure function of one ``Claim`` (plus, optionally, the clock and the
observing agent's calibration multiplier).
"""

from __future__ import annotations

import math

from ..claims.model import Claim
from ..records import Frozen
from . import thresholds as T

RUNGS = ("low", "medium", "high", "verified")
RUNG_INDEX = {name: i for i, name in enumerate(RUNGS)}


def credit_for_rank(rank: int) -> float:
    """The credit a claim injected at ``rank`` (1 = first) is due for its turn's outcome."""
    for upto, credit in T.CREDIT_TIERS:
        if rank <= upto:
            return credit
    return T.CREDIT_TAIL


# A frozen record (rlat.records): no dataclass, whose import costs every hook ~7 ms.
class Breakdown(Frozen):
    """Where a claim's points come from (shown by `rlat memory show` and `recall --explain`)."""

    __slots__ = ("prior", "outcomes", "cross_context", "recurrence", "user", "corpus",
                 "sessions_good", "sessions_bad", "contexts")
    __match_args__ = __slots__
    prior: float
    outcomes: float
    cross_context: float
    recurrence: float
    user: float
    corpus: float
    sessions_good: int
    sessions_bad: int
    contexts: int

    def __init__(self, prior: float, outcomes: float, cross_context: float, recurrence: float,
                 user: float, corpus: float, sessions_good: int, sessions_bad: int,
                 contexts: int) -> None:
        setattr_ = object.__setattr__
        setattr_(self, "prior", prior)
        setattr_(self, "outcomes", outcomes)
        setattr_(self, "cross_context", cross_context)
        setattr_(self, "recurrence", recurrence)
        setattr_(self, "user", user)
        setattr_(self, "corpus", corpus)
        setattr_(self, "sessions_good", sessions_good)
        setattr_(self, "sessions_bad", sessions_bad)
        setattr_(self, "contexts", contexts)

    @property
    def total(self) -> float:
        return (self.prior + self.outcomes + self.cross_context + self.recurrence + self.user
                + self.corpus)

    @property
    def earned_outcomes(self) -> float:
        return self.outcomes + self.cross_context

    def to_dict(self) -> dict:
        return {
            "prior": round(self.prior, 3), "outcomes": round(self.outcomes, 3),
            "cross_context": round(self.cross_context, 3),
            "recurrence": round(self.recurrence, 3), "user": round(self.user, 3),
            "corpus": round(self.corpus, 3), "total": round(self.total, 3),
            "sessions_good": self.sessions_good, "sessions_bad": self.sessions_bad,
            "contexts": self.contexts,
        }


_NO_OUTCOMES = (0.0, 0.0, 0, 0, 0)
_INF = float("inf")


def _outcome_points(claim: Claim, now: float | None) -> tuple[float, float, int, int, int]:
    """(clamped outcome points, cross-context bonus, good sessions, bad sessions, contexts).

    The common case in one pass: every entry in the current 7-field shape, none after ``now``
    and no intent assessed twice. Anything else goes to ``_outcome_points_reference``, which
    this equals exactly (same sums in the same order; tests/trust/test_rungs_fast.py)."""
    entries = claim.outcomes
    if not entries:
        return _NO_OUTCOMES
    horizon = _INF if now is None else now
    weight = T.AUTHORITY_WEIGHT
    per_session: dict = {}
    contexts: set[str] = set()
    intents: set[tuple] = set()
    try:
        for i, (ts, result, credit, authority, context, session, intent) in enumerate(entries):
            if not ts <= horizon:
                return _outcome_points_reference(entries, now)
            if intent:
                key = (session, intent)
                if key in intents:
                    return _outcome_points_reference(entries, now)
                intents.add(key)
            if not result:
                continue
            value = result * credit * weight.get(authority, 0.5)
            session = session or i
            per_session[session] = per_session.get(session, 0.0) + value
            if result > 0 and credit > 0 and context:
                contexts.add(context)
    except (ValueError, TypeError):  # an entry of another shape (older snapshots)
        return _outcome_points_reference(entries, now)
    return _clamped(per_session, contexts)


def _outcome_points_reference(entries: list[list], now: float | None
                              ) -> tuple[float, float, int, int, int]:
    """(clamped outcome points, cross-context bonus, good sessions, bad sessions, contexts).

    Within one intent (session id + intent id) only the highest-authority signal counts (the
    newest of equals), so a user's explicit feedback overrides the mechanical reading of the
    same turn. Within one session the sum is clamped to ±SESSION_CAP. The reference: handles
    every shape of entry (older snapshots have shorter ones), outcomes after ``now``, and
    intents assessed more than once; ``_outcome_points`` takes a faster road when it can."""
    if not entries:
        return _NO_OUTCOMES
    if now is not None:
        entries = [e for e in entries if e[0] <= now]
    keys = [(e[5], e[6]) if len(e) > 6 and e[6] else None for e in entries]
    keyed = [k for k in keys if k is not None]
    if len(set(keyed)) != len(keyed):  # an intent assessed more than once: keep the best
        best: dict[tuple, tuple] = {}
        kept = []
        for entry, key in zip(entries, keys, strict=True):
            if key is None:
                kept.append(entry)
                continue
            rank = (T.AUTHORITY_RANK.get(entry[3], 1), entry[0], entry[1], entry[2])
            cur = best.get(key)
            if cur is None or rank > cur[0]:
                best[key] = (rank, entry)
        entries = kept + [entry for _rank, entry in best.values()]
    weight = T.AUTHORITY_WEIGHT
    per_session: dict = {}
    contexts: set[str] = set()
    for i, entry in enumerate(entries):
        result = entry[1]
        if not result:
            continue
        credit = entry[2]
        n = len(entry)
        value = result * credit * weight.get(entry[3] if n > 3 else "heuristic", 0.5)
        session = (entry[5] if n > 5 else "") or i
        per_session[session] = per_session.get(session, 0.0) + value
        if result > 0 and credit > 0 and n > 4 and entry[4]:
            contexts.add(entry[4])
    return _clamped(per_session, contexts)


def _clamped(per_session: dict, contexts: set) -> tuple[float, float, int, int, int]:
    points = 0.0
    good = bad = 0
    cap = T.SESSION_CAP
    for value in per_session.values():
        points += cap if value > cap else -cap if value < -cap else value
        if value > 0:
            good += 1
        elif value < 0:
            bad += 1
    bonus = min(T.CROSS_CONTEXT_CAP, T.CROSS_CONTEXT_BONUS * max(0, len(contexts) - 1))
    return points, bonus, good, bad, len(contexts)




def independent_count(claim: Claim) -> int:
    """``claim.independent_count``, skipping the set-building when one citation is all there
    is (one citation cannot be more than one independent observation)."""
    n = len(claim.evidence)
    return claim.independent_count if n > 1 else n


def _terms(claim: Claim, now: float | None, multiplier: float) -> tuple:
    """(prior, outcomes, cross-context bonus, recurrence, user, corpus, good, bad, contexts)."""
    prior = T.ORIGIN_PRIOR.get(claim.origin, T.DEFAULT_PRIOR)
    outcomes, bonus, good, bad, contexts = _outcome_points(claim, now)
    independent = independent_count(claim)
    recurrence = min(T.RECURRENCE_CAP,
                     T.RECURRENCE_POINTS * max(0, independent - 1)) * multiplier
    user = T.USER_GOOD * claim.user_good + T.USER_BAD * claim.user_bad
    corpus = T.CORPUS_GOOD * claim.corpus_good + T.CORPUS_BAD * claim.corpus_bad
    return prior, outcomes, bonus, recurrence, user, corpus, good, bad, contexts


def breakdown(claim: Claim, now: float | None = None, *, multiplier: float = 1.0) -> Breakdown:
    """Every term of the claim's points. ``multiplier`` is the observing agent's calibration
    trust multiplier (1.0 = no track record); it scales what recurrences are worth."""
    return Breakdown(*_terms(claim, now, multiplier))


def points(claim: Claim, now: float | None = None, *, multiplier: float = 1.0) -> float:
    """``breakdown(…).total`` without building the Breakdown (the same sum, in the same order)."""
    prior, outcomes, bonus, recurrence, user, corpus, *_counts = _terms(claim, now, multiplier)
    return prior + outcomes + bonus + recurrence + user + corpus


def rung_of_points(value: float) -> str:
    found = RUNGS[0]
    for name in RUNGS:
        if value >= T.RUNG_FLOORS[name]:
            found = name
    return found


def rung(claim: Claim, now: float | None = None, *, multiplier: float = 1.0) -> str:
    """``low`` | ``medium`` | ``high`` | ``verified`` for ``claim`` as of ``now`` (outcomes
    recorded after ``now`` are ignored; None = everything)."""
    return rung_of_points(points(claim, now, multiplier=multiplier))


def trust_of_points(value: float) -> float:
    """The numeric trust weight ranking multiplies relevance by: in [TRUST_MIN, 1), strictly
    increasing in points."""
    x = (value - T.TRUST_MID) / T.TRUST_SCALE
    if x >= 0:
        logistic = 1.0 / (1.0 + math.exp(-x))
    else:
        e = math.exp(x)
        logistic = e / (1.0 + e)
    return T.TRUST_MIN + (1.0 - T.TRUST_MIN) * logistic


def trust(claim: Claim, now: float | None = None, *, multiplier: float = 1.0) -> float:
    return trust_of_points(points(claim, now, multiplier=multiplier))


def agent_multiplier(calibration: dict | None) -> float:
    """The trust multiplier a ``calibration_scored`` event implies for its agent: neutral (1.0)
    without a track record; above 1 for a proven-reliable agent, below 1 for an unreliable one."""
    if not calibration:
        return 1.0
    score = float(calibration.get("score", T.CALIBRATION_PRIOR))
    lo, hi = T.MULTIPLIER_RANGE
    return max(lo, min(hi, 1.0 + (T.CALIBRATION_PRIOR - score)))
