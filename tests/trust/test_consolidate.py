"""Consolidate: raise then forget, with protections; twice is the same as once."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from trust_history import DAY, T0, propose, session_events

from rlat.claims import events as ev
from rlat.claims.fold import fold
from rlat.trust import consolidate as C
from rlat.trust.rungs import rung


def _actions(plan):
    return {(c.action, c.claim) for c in plan.changes}


def _run(state, now):
    """Plan, append (fold), and return the plan — what `rlat memory consolidate` does."""
    plan = C.plan(state, now)
    fold(plan.events, state)
    return plan


def test_failed_repeatedly_is_forgotten_unless_user_written():
    agent = propose("Deploy with the old fabfile")
    mine = propose("Deploy with make ship", origin="user")
    events = [agent, mine]
    for i in range(3):
        events += session_events([agent["claim"], mine["claim"]], ts=T0 + (i + 1) * DAY,
                                 tests_pass=False)
    state = fold(events)
    assert rung(state.claims[agent["claim"]]) == "low"
    assert rung(state.claims[mine["claim"]]) == "low"
    plan = _run(state, T0 + 4 * DAY)  # not even protected by being new
    (change,) = plan.changes
    assert (change.action, change.claim) == ("retire", agent["claim"])
    assert "failed repeatedly" in change.reason
    assert state.claims[agent["claim"]].state == "retired"
    assert state.claims[mine["claim"]].state == "candidate"


def test_stayed_low_is_forgotten_but_new_and_recently_useful_claims_are_protected():
    idle = propose("An old session note nobody used", "event", ts=T0)
    new = propose("A note captured last week", "event", ts=T0 + 33 * DAY)
    useful = propose("A note that just helped", "event", ts=T0)
    events = [idle, new, useful]
    # helped once recently (still low: one implicit roll-up only) -> protected
    events += [ev.outcome(1, claims=[(useful["claim"], 1, 0.25)], authority="heuristic",
                          signal="session went well", session_id="s", intent_id="session",
                          ts=T0 + 35 * DAY)]
    state = fold(events)
    assert rung(state.claims[useful["claim"]]) == "low"
    plan = C.plan(state, T0 + 40 * DAY)
    assert _actions(plan) == {("retire", idle["claim"])}
    assert "stayed at rung low for 40 days" in plan.changes[0].reason
    assert C.protection(state.claims[useful["claim"]], T0 + 40 * DAY) == "recently useful"
    # once the useful outcome is old, nothing protects it any more
    assert _actions(C.plan(state, T0 + 70 * DAY)) == {("retire", idle["claim"]),
                                                      ("retire", new["claim"]),
                                                      ("retire", useful["claim"])}


def test_stale_and_unused_is_forgotten_stale_but_recently_used_is_not():
    unused = propose("staging runs postgres 13", "environment", ts=T0)
    used = propose("staging runs redis 7", "environment", ts=T0)
    state = fold([unused, used, ev.injected("s5", [used["claim"]], ts=T0 + 50 * DAY)])
    plan = C.plan(state, T0 + 65 * DAY)  # both expired at day 30; one was used at day 50
    (change,) = [c for c in plan.changes if c.action == "retire"]
    assert change.claim == unused["claim"]
    assert "went stale (30-day TTL expired" in change.reason


def test_lost_source_is_forgotten_when_the_caller_can_check_passages():
    cite = ev.passage_citation("p1", "abc", path="docs/a.md")
    claim = ev.proposed("The service retries three times", "insight", citations=[cite],
                        origin="corpus", ts=T0)
    state = fold([claim])
    assert [c.action for c in C.plan(state, T0 + DAY).changes] == ["promote"]
    plan = C.plan(state, T0 + DAY, source_alive=lambda c: c["passage_id"] != "p1")
    assert [c.reason for c in plan.changes if c.action == "retire"] == [
        "lost its source (every cited passage is gone)"]


def test_raise_promotes_and_contests_in_one_pass_and_twice_equals_once():
    env_old = propose("staging SSH listens on port 2222", "environment", subject="staging ssh")
    env_new = propose("staging SSH listens on port 22", "environment", subject="staging ssh",
                      ts=T0 + DAY)
    conv = propose("this repo uses just, not make", "convention", session="s1")
    idle = propose("session block nobody used", "event", ts=T0 - 40 * DAY)
    events = [env_old, ev.promoted(env_old["claim"], "repo", "gate", ts=T0 + 1), env_new, conv,
              ev.recurred(conv["claim"], [ev.session_citation("s2", "s2/m", "h")], ts=T0 + 2),
              idle]
    state = fold(events)
    first = _run(state, T0 + 2 * DAY)
    assert ("promote", conv["claim"]) in _actions(first)
    assert ("contest", env_new["claim"]) in _actions(first)
    assert ("promote", env_new["claim"]) not in _actions(first)  # contested, not promoted
    assert ("retire", idle["claim"]) in _actions(first)
    assert state.claims[env_old["claim"]].state == "contested"
    assert state.claims[conv["claim"]].state == "active"
    second = C.plan(state, T0 + 2 * DAY)
    assert second.changes == []


def test_a_candidate_conflicting_with_a_claim_promoted_in_the_same_pass_is_caught_at_once():
    a = propose("the API listens on port 8080", "environment", subject="api port")
    b = propose("the API listens on port 9090", "environment", subject="api port")
    state = fold([a, b, ev.injected("s9", [b["claim"]], ts=T0 - 1)])  # b: not independent
    first = _run(state, T0 + DAY)
    assert {c.action for c in first.changes} == {"contest"}
    assert C.plan(state, T0 + DAY).changes == []


def test_quarantined_agents_promoted_claims_are_demoted_by_consolidate():
    a = propose("the worker pool is 8", "environment", observed_by="cc-9")
    state = fold([a, ev.quarantined("cc-9", "drift", ts=T0 + 1),
                  ev.promoted(a["claim"], "repo", "late gate", ts=T0 + 2)])
    plan = _run(state, T0 + 3)
    assert [(c.action, c.claim) for c in plan.changes] == [("demote", a["claim"])]
    assert C.plan(state, T0 + 3).changes == []


def test_an_outcome_claim_retired_in_the_pass_answers_no_hypothesis_in_its_scores():
    """Regression (found by the property test below): the answer to cc-01's hypothesis is an
    outcome claim that the forget step retires. Scored before forgetting, the pass recorded
    "1 incorrect"; the next pass, seeing it retired, re-scored "1 expired"."""
    hyp = propose("the service port is 8080", "hypothesis", subject="port",
                  ts=T0 - 14 * DAY, observed_by="cc-01")
    out = propose("the service port is 9090", "outcome", subject="port", ts=T0)
    events = [hyp, out, ev.promoted(out["claim"], "repo", "old gate", ts=T0)]
    events += [ev.outcome(-1, claims=[(out["claim"], 1, 1.0)], authority="user", signal="t",
                          session_id=f"s{k}", intent_id="i", ts=T0) for k in range(3)]
    state = fold(events)
    first = _run(state, T0)
    assert _actions(first) == {("calibrate", "cc-01"), ("retire", out["claim"])}
    (scored,) = [c for c in first.changes if c.action == "calibrate"]
    assert scored.reason.startswith("0/0 hypotheses correct, 1 expired")
    assert state.claims[out["claim"]].state == "retired"
    assert C.plan(state, T0).changes == []


def test_a_score_dated_ahead_of_the_clock_is_still_replaced_once():
    """A calibration score dated later than now (a clock ahead on another machine): the new
    score must sort after it, or the fold keeps the old one and every pass re-scores."""
    hyp = propose("the service port is 8080", "hypothesis", subject="port",
                  ts=T0 - 20 * DAY, observed_by="cc-01")
    ahead = ev.calibration_scored("cc-01", score=0.3, resolved=2, correct=0, expired=0,
                                  low_sample=True, ts=T0 + DAY)
    state = fold([hyp, ahead])
    first = _run(state, T0)
    assert _actions(first) == {("calibrate", "cc-01")}
    assert state.calibration["cc-01"]["expired"] == 1
    assert C.plan(state, T0).changes == []


_AGENTS = ("claude-code", "cc-01", "cc-02")
_TYPES = ("event", "environment", "convention", "preference", "hypothesis", "outcome",
          "attribute")
# two wordings: claims worded alike on one subject conflict, differently worded ones do not
_TEXTS = ("the service port is {}", "{} builds fail on arm runners")


@st.composite
def histories(draw):
    """Random stores: claims of every type, subjects that collide, outcomes, promotions (some
    dated in the future, as a clock ahead on another machine would), hypotheses answered by
    another agent's outcome claim (which may fail and be forgotten), calibration scores (some
    dated ahead), quarantine. A few claims each, so many examples run in a few seconds."""
    events = []
    hypotheses: list[tuple[str, float, str]] = []  # (subject, ts, observed_by)
    for i in range(draw(st.integers(1, 8))):
        ctype = draw(st.sampled_from(_TYPES + ("hypothesis", "outcome")))  # (twice as likely)
        origin = draw(st.sampled_from(("session", "session", "user", "corpus")))
        by = None if origin == "user" else draw(st.sampled_from(_AGENTS))
        subject = draw(st.sampled_from(("", "port", "db")))
        ts = T0 - draw(st.integers(0, 90)) * DAY
        if ctype == "outcome" and hypotheses and draw(st.booleans()):
            # an answer: same subject, observed no earlier, by someone else
            subject, hyp_ts, hyp_by = draw(st.sampled_from(hypotheses))
            ts = min(T0, hyp_ts + draw(st.integers(0, 30)) * DAY)
            by = draw(st.sampled_from([a for a in _AGENTS if a != hyp_by]))
            origin = "session"
        key = "capacity" if ctype == "attribute" and draw(st.booleans()) else None
        word = draw(st.sampled_from(("8080", "9090", "22", "alpha", "beta")))
        # the same text twice: a hypothesis an outcome agrees with, or a recurrence
        text = (draw(st.sampled_from(_TEXTS)).format(word)
                + (f" take{i}" if draw(st.booleans()) else ""))
        resolves = (ts + draw(st.integers(1, 60)) * DAY
                    if ctype == "hypothesis" and draw(st.booleans()) else None)
        prop = propose(text, ctype, origin=origin, subject=subject, ts=ts, observed_by=by,
                       attribute_key=key, resolves_at=resolves)
        events.append(prop)
        if ctype == "hypothesis" and subject:
            hypotheses.append((subject, ts, by or "human"))
        if draw(st.booleans()):
            events.append(ev.recurred(prop["claim"], [ev.session_citation(f"r{i}", f"r{i}/m", "h")],
                                      ts=ts + DAY))
        for k in range(draw(st.integers(0, 4))):
            events.append(ev.outcome(draw(st.sampled_from((-1, -1, 0, 1))),
                                     claims=[(prop["claim"], 1, 1.0)],
                                     authority=draw(st.sampled_from(("user", "mechanical",
                                                                     "heuristic"))),
                                     signal="t", session_id=f"s{i}-{k}", intent_id="i",
                                     ts=ts + draw(st.integers(0, 80)) * DAY))
        if draw(st.integers(0, 2)) == 0:
            events.append(ev.promoted(prop["claim"], "repo", "old gate",
                                      ts=T0 + draw(st.integers(-5, 5)) * DAY))
    if draw(st.integers(0, 3)) == 0:
        events.append(ev.calibration_scored(draw(st.sampled_from(_AGENTS)), score=0.3,
                                            resolved=draw(st.integers(0, 2)), correct=0,
                                            expired=draw(st.integers(0, 2)), low_sample=True,
                                            ts=T0 + draw(st.integers(-5, 5)) * DAY))
    if draw(st.booleans()):
        events.append(ev.quarantined(draw(st.sampled_from(_AGENTS)), "test", ts=T0 - DAY))
    return events


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(events=histories(), days=st.integers(0, 120))
def test_consolidate_twice_is_consolidate_once_on_any_history(events, days):
    state = fold(events)
    now = T0 + days * DAY
    first = _run(state, now)
    assert len({(c.action, c.claim, c.other) for c in first.changes}) == len(first.changes)
    second = C.plan(state, now)
    assert second.changes == [], [c.to_dict() for c in second.changes]
