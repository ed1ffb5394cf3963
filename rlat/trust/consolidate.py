"""`rlat memory consolidate`: one mechanical pass — raise confidence, then forget.

Pure: ``plan(state, now)`` returns the changes (each with the events that make it and a
sentence saying why); the caller appends ``plan.events`` or, for ``--dry-run``, only prints.
No key, no network, safe any time, and idempotent: the plan is computed against a *view* of the
state in which this pass's own decisions have already happened, so appending its events and
planning again yields nothing.

Raise (in this order, each seeing the decisions before it):
1. quarantine invariant — no quarantined agent keeps an active claim (→ contested);
2. keyed attributes — the user's newest value per key supersedes the user's older values;
   another observer's different value is contested;
3. promotion gate — candidates meeting their type's policy become active (scope ``repo``),
   gates in the order quarantine → evidence → contradiction → provenance (when the caller can
   tell sessions' windows: ``session_window``) → independence;
4. contradictions — a candidate conflicting with an active claim (or with a candidate about
   to be promoted) on the same subject: both contested, and neither is promoted;
5. calibration — a ``calibration_scored`` event for each agent whose track record changed,
   scored as the pass leaves the store (after forgetting: a retired outcome claim answers no
   hypothesis), and forgetting uses the multipliers those scores imply.

Forget — retire a claim that is not protected and
* **failed repeatedly**: its outcome points are at or below ``FAILED_RETIRE_POINTS`` and its
  rung is low;
* **lost its source**: every passage it cites is gone (only when the caller can check, e.g. a
  knowledge model's passages);
* **went stale and unused**: stale (TTL expired without re-verification, or its source drifted)
  and not used for ``STALE_UNUSED_DAYS``;
* **stayed low**: a candidate still at rung low ``LOW_RETIRE_DAYS`` after it was created.

Protected, whatever the rule: claims you wrote (origin ``user``), claims with a positive outcome
in the last ``USEFUL_PROTECT_DAYS``, contested claims (a person decides those), and — except
from "failed repeatedly" and "lost its source" — claims younger than ``NEW_PROTECT_DAYS``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..claims import events as ev
from ..claims.fold import FoldState
from ..claims.model import Claim
from ..claims.policy import DAY
from . import lifecycle as L
from . import thresholds as T
from .rungs import agent_multiplier, breakdown, rung_of_points

# Forget-step events are dated just after the raise step's, so a claim promoted and then
# retired in one pass folds as retired (the fold orders state changes by timestamp).
FORGET_AFTER = 0.001

# (citation) -> True (source still there) / False (gone) / None (cannot tell)
SourceCheck = Callable[[dict], "bool | None"]


@dataclass(slots=True)
class Plan:
    now: float
    changes: list[L.Change] = field(default_factory=list)
    examined: int = 0

    @property
    def events(self) -> list[dict]:
        return [e for change in self.changes for e in change.events]

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for change in self.changes:
            out[change.action] = out.get(change.action, 0) + 1
        return out

    def to_dict(self) -> dict:
        return {"now": self.now, "examined": self.examined, "counts": self.counts(),
                "events": len(self.events), "changes": [c.to_dict() for c in self.changes]}


class _View:
    """The state as it will be once this pass's earlier decisions are appended."""

    def __init__(self, state: FoldState, now: float) -> None:
        self.state = state
        self.now = now
        self.status: dict[str, str] = {}  # claim id -> active | contested | superseded | retired
        self._base: dict[str, str] = {}  # claim id -> its state before this pass (memo)

    def of(self, claim: Claim) -> str:
        got = self.status.get(claim.id)
        if got is not None:
            return got
        got = self._base.get(claim.id)
        if got is None:
            got = "superseded" if claim.superseded_by else L.effective_state(claim, self.now)
            self._base[claim.id] = got
        return got


def last_positive_outcome(claim: Claim) -> float:
    best = 0.0
    for entry in claim.outcomes:
        if int(entry[1]) > 0 and float(entry[2]) > 0 and float(entry[0]) > best:
            best = float(entry[0])
    return best


def protection(claim: Claim, now: float) -> str | None:
    """Why forgetting must leave ``claim`` alone (None: not protected), for every rule."""
    if L.is_user_written(claim):
        return "user-written"
    last_good = last_positive_outcome(claim)
    if last_good and now - last_good < T.USEFUL_PROTECT_DAYS * DAY:
        return "recently useful"
    return None


def _all_sources_gone(claim: Claim, source_alive: SourceCheck | None) -> bool:
    if source_alive is None:
        return False
    passages = [c for c in claim.evidence if c.get("kind") == "passage"]
    if not passages or len(passages) != len(claim.evidence):
        return False
    verdicts = [source_alive(c) for c in passages]
    return all(v is False for v in verdicts)


def retire_reason(claim: Claim, status: str, now: float, *, multiplier: float = 1.0,
                  source_alive: SourceCheck | None = None) -> str | None:
    """Why the forget step retires ``claim`` (None: it stays). ``status`` is its state in view.
    (Cheap checks first: this runs over every claim in the store.)"""
    if status in ("retired", "superseded", "contested") or claim.purged:
        return None
    if L.is_user_written(claim):
        return None
    parts = None
    if claim.outcomes:
        if protection(claim, now):
            return None
        parts = breakdown(claim, now, multiplier=multiplier)
        if parts.outcomes <= T.FAILED_RETIRE_POINTS and rung_of_points(parts.total) == "low":
            return (f"failed repeatedly ({parts.sessions_bad} bad session(s), outcome points "
                    f"{parts.outcomes:.2f}) and stayed at rung low")
    if source_alive is not None and _all_sources_gone(claim, source_alive):
        return "lost its source (every cited passage is gone)"
    age_days = (now - claim.created_at) / DAY
    if age_days < T.NEW_PROTECT_DAYS:
        return None
    if status == "stale":
        since = claim.state_at if claim.state == "stale" else (L.expires_at(claim) or now)
        last_use = max(claim.last_used_at, since)
        idle = (now - last_use) / DAY
        if idle >= T.STALE_UNUSED_DAYS:
            return f"went stale ({L.stale_reason(claim, now)}) and unused for {idle:.0f} days"
        return None
    if status == "candidate" and age_days >= T.LOW_RETIRE_DAYS:
        parts = parts or breakdown(claim, now, multiplier=multiplier)
        if rung_of_points(parts.total) == "low":
            return f"stayed at rung low for {age_days:.0f} days without a useful outcome"
    return None


def plan(state: FoldState, now: float | None = None, *,
         source_alive: SourceCheck | None = None,
         session_window: L.SessionWindow | None = None) -> Plan:
    """The consolidation pass over ``state`` (not modified). See the module docstring."""
    now = time.time() if now is None else float(now)
    view = _View(state, now)
    out = Plan(now=now, examined=len(state.claims))
    contested_pairs: set[tuple[str, str]] = set()

    def take(changes: list[L.Change]) -> None:
        for change in changes:
            out.changes.append(change)
            for event in change.events:
                kind = event["kind"]
                if kind == ev.CONTESTED:
                    view.status[event["claim"]] = "contested"
                    contested_pairs.add((event["claim"], event.get("other") or ""))
                elif kind == ev.SUPERSEDED and event.get("by"):
                    view.status[event["claim"]] = "superseded"
                elif kind == ev.PROMOTED:
                    view.status[event["claim"]] = "active"

    # 1. quarantine invariant
    take(L.quarantine_demotions(state, now))
    # 2. keyed attributes (skip claims already handled above)
    take([c for c in L.supersessions(state, now, status=view.of)
          if c.claim not in view.status])
    # 3. promotion gate, tentatively
    promos = [c for c in L.promotions(state, now, status=view.of, window_of=session_window)
              if c.claim not in view.status]
    tentative = {c.claim for c in promos}
    # 4. contradictions against the view (claims about to be promoted count as active too)
    conflicts = L.contradictions(state, now, status=view.of, seen=contested_pairs,
                                 promoting=tentative)
    losing = {cid for change in conflicts for cid in (change.claim, change.other)}
    take([c for c in promos if c.claim not in losing])
    take(conflicts)
    # 5. calibration, and forget. The two depend on each other: an agent's track record sets
    # the multiplier forgetting scores its claims with, and retiring an outcome claim takes
    # back the answer it gave to other agents' hypotheses (only active outcomes answer). So
    # both are settled together, to a fixed point: score the track records against the view
    # (promoted outcome claims count as answers already, retired ones no longer do), forget
    # with the multipliers those imply, and, when that retired an outcome claim, score again
    # and re-examine the claims of agents whose multiplier moved. Retirements only grow, so
    # this ends; at the end the scores are the ones the next pass will compute from the
    # appended events, and it has nothing left to retire.
    retiring: list[L.Change] = []
    examine = list(state.claims.values())
    multipliers: dict[str, float] = {}
    while True:
        scored = L.calibration_changes(_ViewState(state, view), now)
        calibration = dict(state.calibration)
        calibration.update({c.events[0]["agent"]: c.events[0] for c in scored})
        before = multipliers
        multipliers = {agent: agent_multiplier(cal) for agent, cal in calibration.items()}
        if retiring:  # a later round: only claims whose agent's multiplier moved
            moved = {a for a in before.keys() | multipliers.keys()
                     if before.get(a, 1.0) != multipliers.get(a, 1.0)}
            examine = [c for c in state.claims.values() if c.observed_by in moved] \
                if moved else []
        newly = []
        for claim in examine:
            status = view.of(claim)
            mult = multipliers.get(claim.observed_by, 1.0)
            why = retire_reason(claim, status, now, multiplier=mult, source_alive=source_alive)
            if why:
                newly.append(L.Change("retire", claim.id, why,
                                      [ev.state_changed(claim.id, "retired", why,
                                                        actor="consolidate",
                                                        ts=L.at(claim, now) + FORGET_AFTER)],
                                      L.short(claim.text)))
        for change in newly:
            view.status[change.claim] = "retired"
        retiring.extend(newly)
        # only a retired outcome claim changes a track record (by answering no more)
        if not any(state.claims[c.claim].type == "outcome" for c in newly):
            break
    take(scored)
    out.changes.extend(retiring)
    # a claim this pass retires is not also promoted by it
    retired = {c.claim for c in out.changes if c.action == "retire"}
    if retired:
        out.changes = [c for c in out.changes
                       if not (c.action == "promote" and c.claim in retired)]
    return out


class _ViewState:
    """A FoldState look-alike whose claims report their state in view (for calibration)."""

    def __init__(self, state: FoldState, view: _View) -> None:
        self._state = state
        self.calibration = state.calibration
        self.agents = state.agents
        # only hypotheses and outcome claims matter to calibration
        changed = {cid: s for cid, s in view.status.items()
                   if cid in state.claims and state.claims[cid].type in ("hypothesis", "outcome")}
        if not changed:
            self.claims = state.claims
            return
        claims = dict(state.claims)
        for cid, status in changed.items():
            original = claims[cid]
            copy = Claim.from_row(original.to_row())
            if status == "superseded":
                copy.superseded_by = copy.superseded_by or "(this pass)"
            else:
                copy.state = status
            claims[cid] = copy
        self.claims = claims

    def quarantined(self, agent: str) -> bool:
        return self._state.quarantined(agent)
