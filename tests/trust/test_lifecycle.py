"""States and transitions: TTL, the promotion gate, contradiction, keyed supersession,
quarantine and calibration — pure functions returning events."""

from __future__ import annotations

import pytest
from trust_history import DAY, T0, propose

from rlat.claims import events as ev
from rlat.claims.fold import fold
from rlat.trust import lifecycle as L
from rlat.trust import thresholds as T


def _state(events):
    return fold(events)


def _apply(state, changes):
    return fold([e for c in changes for e in c.events], state)


# ----------------------------------------------------------------------------- TTL
def test_an_expired_environment_claim_is_stale_until_reverified():
    prop = propose("staging SSH listens on 2222", "environment")
    cid = prop["claim"]
    state = _state([prop])
    claim = state.claims[cid]
    assert L.effective_state(claim, T0 + 29 * DAY) == "candidate"
    assert L.effective_state(claim, T0 + 31 * DAY) == "stale"
    assert "30-day TTL expired" in L.stale_reason(claim, T0 + 31 * DAY)
    fold([ev.corroborated(cid, ts=T0 + 40 * DAY)], state)  # re-verified by a person
    assert L.effective_state(state.claims[cid], T0 + 41 * DAY) == "candidate"
    assert L.effective_state(state.claims[cid], T0 + 71 * DAY) == "stale"


def test_fresh_evidence_renews_the_ttl_and_outcomes_never_expire():
    prop = propose("The flake is a colima scheduling artifact", "hypothesis")
    state = _state([prop, ev.recurred(prop["claim"], [ev.session_citation("s2", "s2/m", "h")],
                                      ts=T0 + 10 * DAY)])
    assert L.effective_state(state.claims[prop["claim"]], T0 + 20 * DAY) == "candidate"
    assert L.effective_state(state.claims[prop["claim"]], T0 + 25 * DAY) == "stale"
    outcome = _state([propose("The Glue migration passed CI at abc123", "outcome")])
    (claim,) = outcome.claims.values()
    assert L.effective_state(claim, T0 + 10_000 * DAY) == "candidate"


def test_a_hypothesis_expires_at_its_resolution_date():
    prop = propose("The cache bug is a race", "hypothesis", resolves_at=T0 + 2 * DAY)
    claim = _state([prop]).claims[prop["claim"]]
    assert L.effective_state(claim, T0 + DAY) == "candidate"
    assert L.effective_state(claim, T0 + 3 * DAY) == "stale"


# ----------------------------------------------------------------------------- promotion
def _observed(text, claim_type, sessions, **kw):
    prop = propose(text, claim_type, session=sessions[0], **kw)
    more = [ev.recurred(prop["claim"], [ev.session_citation(s, f"{s}/m", "h")], ts=T0 + i)
            for i, s in enumerate(sessions[1:], 1)]
    return prop, more


def test_a_convention_needs_two_independent_observations():
    prop, more = _observed("this repo uses just, not make", "convention", ["s1", "s2"])
    cid = prop["claim"]
    one = _state([prop])
    assert L.promotions(one, T0) == []
    assert "needs 2" in L.promotion_block(one, one.claims[cid], T0)
    # the second session had the claim injected: an echo, not a second observation
    echo = _state([prop, ev.injected("s2", [cid], ts=T0 + 0.5), *more])
    assert L.promotions(echo, T0 + 2) == []
    two = _state([prop, *more])
    (change,) = L.promotions(two, T0 + 2)
    assert change.action == "promote" and change.events[0]["scope"] == "repo"
    assert _apply(two, [change]).claims[cid].state == "active"


def test_a_hypothesis_never_leaves_agent_scope_not_even_by_hand():
    prop, more = _observed("the flake is colima", "hypothesis", ["s1", "s2", "s3", "s4"])
    state = _state([prop, *more])
    claim = state.claims[prop["claim"]]
    assert L.promotions(state, T0 + 5) == []
    with pytest.raises(ValueError, match="never leaves agent scope"):
        L.promote(state, claim, T0 + 5)


def test_a_preference_needs_a_persons_approval():
    agent, _ = _observed("prefers terse output", "preference", ["s1"])
    typed = propose("prefers British spelling", "preference", origin="user")
    state = _state([agent, typed])
    promoted = {c.claim for c in L.promotions(state, T0 + 1)}
    assert promoted == {typed["claim"]}  # a claim you wrote yourself counts as approved
    events = L.promote(state, state.claims[agent["claim"]], T0 + 1)
    assert events[0]["kind"] == "promoted"


# ----------------------------------------------------------------------------- contradiction
def test_a_conflicting_candidate_contests_both_sides_and_newest_never_wins():
    old = propose("staging SSH listens on port 2222", "environment", subject="staging ssh")
    new = propose("staging SSH listens on port 22", "environment", subject="staging ssh",
                  ts=T0 + DAY)
    state = _state([old, ev.promoted(old["claim"], "repo", "gate", ts=T0 + 1), new])
    (change,) = L.contradictions(state, T0 + DAY)
    assert change.claim == new["claim"] and change.other == old["claim"]
    after = _apply(state, [change])
    assert after.claims[old["claim"]].state == "contested"
    assert after.claims[new["claim"]].state == "contested"
    assert L.contradictions(after, T0 + DAY) == []


def test_unrelated_claims_on_one_subject_or_claims_without_subject_do_not_conflict():
    a = propose("staging SSH listens on port 2222", "environment", subject="staging")
    b = propose("staging deploys need the VPN token from vault", "environment",
                subject="staging")
    c = propose("staging SSH listens on port 22", "environment")  # no subject
    state = _state([a, ev.promoted(a["claim"], "repo", "gate", ts=T0 + 1), b, c])
    assert L.contradictions(state, T0 + 2) == []


def test_opposite_polarity_on_a_subject_conflicts():
    a = propose("use tabs in the Makefile", "convention", subject="makefile",
                polarity="prefer")
    b = propose("tabs in the Makefile break the linter", "convention", subject="makefile",
                polarity="avoid")
    state = _state([a, ev.promoted(a["claim"], "repo", "gate", ts=T0 + 1), b])
    assert [c.claim for c in L.contradictions(state, T0 + 2)] == [b["claim"]]


# ----------------------------------------------------------------------------- supersession
def test_the_users_newer_keyed_value_supersedes_and_another_observers_is_contested():
    old = propose("The workspace runs an F32 capacity", "attribute", origin="user",
                  attribute_key="workspace capacity", source="world")
    new = propose("The workspace runs an F64 capacity", "attribute", origin="user",
                  attribute_key="Workspace Capacity", source="world", ts=T0 + DAY)
    mined = propose("The workspace runs an F16 capacity", "attribute",
                    attribute_key="workspace capacity", source="world", ts=T0 + 2 * DAY)
    state = _state([old, new, mined])
    changes = L.supersessions(state, T0 + 3 * DAY)
    assert {(c.action, c.claim) for c in changes} == {("supersede", old["claim"]),
                                                      ("contest", mined["claim"])}
    after = _apply(state, changes)
    assert after.claims[old["claim"]].superseded_by == new["claim"]
    assert after.claims[new["claim"]].state == "contested"  # waits for a person, like any contest
    assert L.supersessions(after, T0 + 3 * DAY) == []


# ----------------------------------------------------------------------------- quarantine
def test_quarantine_contests_promoted_claims_and_stops_promotion():
    a = propose("cc-03 says the build needs RUSTFLAGS", "environment", observed_by="cc-03")
    b = propose("cc-03 says the port is 8080", "environment", observed_by="cc-03")
    c = propose("cc-01 says tests need docker", "environment", observed_by="cc-01")
    state = _state([a, b, c, ev.promoted(a["claim"], "repo", "gate", ts=T0 + 1)])
    events = L.quarantine(state, "cc-03", "rising contradiction rate", T0 + 2)
    assert [e["kind"] for e in events] == ["quarantined", "contested"]
    state = fold(events, state)
    assert state.claims[a["claim"]].state == "contested"
    assert {ch.claim for ch in L.promotions(state, T0 + 3)} == {c["claim"]}
    assert L.contradiction_rates(state)["cc-03"]["rate"] == 1.0
    # lifting it restores promotion, not the contested claim
    state = fold(L.unquarantine("cc-03", "fixed", T0 + 4), state)
    assert {ch.claim for ch in L.promotions(state, T0 + 5)} == {b["claim"], c["claim"]}
    assert state.claims[a["claim"]].state == "contested"


def test_quarantine_is_a_standing_invariant():
    a = propose("cc-07 claim", "environment", observed_by="cc-07")
    state = _state([a, ev.quarantined("cc-07", "bad", ts=T0 + 1),
                    ev.promoted(a["claim"], "repo", "a stale gate run", ts=T0 + 2)])
    (change,) = L.quarantine_demotions(state, T0 + 3)
    assert change.action == "demote" and change.claim == a["claim"]


# ----------------------------------------------------------------------------- calibration
def _hyp(text, agent, ts=T0, subject="flake", **kw):
    return propose(text, "hypothesis", observed_by=agent, subject=subject, ts=ts, **kw)


def _outcome_claim(text, agent, ts, subject="flake", promote=True):
    prop = propose(text, "outcome", observed_by=agent, subject=subject, ts=ts)
    return [prop] + ([ev.promoted(prop["claim"], "repo", "gate", ts=ts + 1)] if promote else [])


def test_calibration_resolves_hypotheses_and_never_scores_expired_ones():
    events = [
        _hyp("the flake is a colima scheduling artifact", "cc-01"),
        *_outcome_claim("the flake is a colima scheduling artifact", "ci", T0 + DAY),
        _hyp("the cache is cold on mondays", "cc-01", subject="cache"),
        *_outcome_claim("the cache is warm on mondays", "ci", T0 + DAY, subject="cache"),
        _hyp("the disk fills up at night", "cc-01", subject="disk"),  # never answered
        _hyp("agent grades itself", "cc-02", subject="self"),
        *_outcome_claim("agent grades itself", "cc-02", T0 + DAY, subject="self"),
        _hyp("answer must be promoted", "cc-02", subject="unpromoted"),
        *_outcome_claim("answer must be promoted", "ci", T0 + DAY, subject="unpromoted",
                        promote=False),
    ]
    state = _state(events)
    now = T0 + 30 * DAY
    scores = L.calibration(state, now)
    one = scores["cc-01"]
    assert (one["correct"], one["incorrect"], one["expired"]) == (1, 1, 1)
    assert one["resolved"] == 2 and one["low_sample"] is True
    assert one["raw"] == 0.5
    two = scores["cc-02"]  # its own "outcome" and an unpromoted one answer nothing
    assert (two["resolved"], two["expired"]) == (0, 2)


def test_negation_is_never_read_as_agreement():
    state = _state([_hyp("the flake is a colima scheduling artifact", "cc-01"),
                    *_outcome_claim("the flake is not a colima scheduling artifact", "ci",
                                    T0 + DAY)])
    assert L.calibration(state, T0 + 2 * DAY)["cc-01"]["incorrect"] == 1


def test_shrinkage_keeps_a_small_perfect_record_from_looking_like_a_large_one():
    raw3, shrunk3 = L.score(3, 3)
    raw300, shrunk300 = L.score(300, 300)
    assert raw3 == raw300 == 0.0
    assert shrunk300 < shrunk3 < T.CALIBRATION_PRIOR
    assert shrunk3 > 0.3  # three-for-three barely moves it


def test_calibration_events_are_recorded_once_per_change():
    state = _state([_hyp("the flake is a colima scheduling artifact", "cc-01"),
                    *_outcome_claim("the flake is a colima scheduling artifact", "ci",
                                    T0 + DAY)])
    (change,) = L.calibration_changes(state, T0 + 2 * DAY)
    event = change.events[0]
    assert event["kind"] == "calibration_scored" and event["agent"] == "cc-01"
    assert (event["resolved"], event["correct"], event["low_sample"]) == (1, 1, True)
    state = fold(change.events, state)
    assert L.calibration_changes(state, T0 + 3 * DAY) == []
