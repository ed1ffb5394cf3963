"""Rungs from scripted histories: exact rungs, the prior by origin, and what moves them."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from trust_history import DAY, T0, propose, session_events, state_of

from rlat.claims import events as ev
from rlat.claims.fold import fold
from rlat.trust import thresholds as T
from rlat.trust.rungs import RUNGS, breakdown, credit_for_rank, points, rung, trust_of_points


def _one(events):
    state = state_of(events)
    (claim,) = [c for c in state.claims.values()]
    return claim


def test_prior_by_origin_orders_user_over_external_over_corpus_over_session():
    made = {origin: _one([propose("The API returns ISO dates", origin=origin)])
            for origin in ("user", "verified_external", "single_external", "corpus", "session")}
    pts = {o: points(c) for o, c in made.items()}
    assert pts["user"] >= pts["verified_external"] >= pts["single_external"] >= pts["corpus"]
    assert pts["corpus"] > pts["session"]
    assert rung(made["session"]) == "low"
    assert rung(made["user"]) == "high"
    assert rung(made["corpus"]) == "medium"  # provisional, visible


def test_helped_in_five_sessions_reaches_verified_and_four_is_not_enough():
    prop = propose("Run the tests with make check")
    cid = prop["claim"]
    events = [prop]
    rungs = []
    for i in range(5):
        events += session_events([cid], ts=T0 + (i + 1) * DAY, tests_pass=True)
        rungs.append(rung(_one(events)))
    assert rungs == ["medium", "medium", "high", "high", "verified"]


def test_failed_repeatedly_drops_to_low_even_from_the_user_prior():
    prop = propose("Deploys go through make ship", origin="user")
    cid = prop["claim"]
    events = [prop]
    assert rung(_one(events)) == "high"
    for i in range(3):
        events += session_events([cid], ts=T0 + (i + 1) * DAY, tests_pass=False)
    claim = _one(events)
    assert rung(claim) == "low"
    assert claim.state == "candidate"  # outcomes lower the rung; they never retire on their own


def test_one_session_is_one_observation_however_many_turns():
    prop = propose("Use the fake payment gateway in tests")
    events = [prop] + session_events([prop["claim"]], ts=T0 + DAY, tests_pass=True, turns=12)
    claim = _one(events)
    assert breakdown(claim).outcomes == T.SESSION_CAP
    assert rung(claim) == "medium"


def test_user_feedback_outranks_the_mechanical_reading_of_the_same_turn():
    prop = propose("Rebuild the cache before running the linter")
    cid = prop["claim"]
    sid = "s-feedback"
    events = [prop] + session_events([cid], ts=T0 + DAY, tests_pass=True, session=sid)
    turn = next(e for e in events if e["kind"] == "outcome" and e["intent_id"] != "session")
    assert turn["authority"] == "mechanical" and turn["result"] == 1
    before = breakdown(_one(events)).outcomes
    events.append(ev.outcome(-1, claims=[(cid, 1, 1.0)], authority="user", signal="explicit",
                             session_id=sid, intent_id=turn["intent_id"], ts=T0 + DAY + 60))
    after = breakdown(_one(events)).outcomes
    assert before > 0 > after
    # and a later heuristic reading of that turn cannot take the user's word back
    events.append(ev.outcome(1, claims=[(cid, 1, 1.0)], authority="heuristic", signal="guess",
                             session_id=sid, intent_id=turn["intent_id"], ts=T0 + DAY + 120))
    assert breakdown(_one(events)).outcomes == after


def test_credit_by_rank_tier():
    assert [credit_for_rank(r) for r in (1, 2, 3, 4, 5, 6, 20)] == [1.0, 0.6, 0.6, 0.35, 0.35,
                                                                     0.2, 0.2]
    prop_a = propose("Alpha claim about builds")
    prop_b = propose("Beta claim about builds")
    events = [prop_a, prop_b] + session_events([prop_a["claim"], prop_b["claim"]],
                                               ts=T0 + DAY, tests_pass=True)
    state = state_of(events)
    a, b = state.claims[prop_a["claim"]], state.claims[prop_b["claim"]]
    assert breakdown(a).outcomes > breakdown(b).outcomes > 0


def test_cross_context_accumulation_adds_weight():
    def history(prompts, workspaces):
        prop = propose("Pin the toolchain in rust-toolchain.toml", cross_workspace=True)
        events = [prop]
        for i, (prompt, ws) in enumerate(zip(prompts, workspaces, strict=True)):
            events += session_events([prop["claim"]], ts=T0 + (i + 1) * DAY, prompt=prompt,
                                     workspace=ws)
        return _one(events)

    same = history(["fix the failing build"] * 3, ["git:a/a"] * 3)
    varied = history(["fix the failing build", "write docs for the readme",
                      "deploy to staging"], ["git:a/a", "git:b/b", "git:c/c"])
    assert breakdown(same).cross_context == 0
    assert breakdown(varied).cross_context == T.CROSS_CONTEXT_CAP
    assert points(varied) > points(same)


def test_user_corroboration_and_corpus_verification_move_the_rung():
    prop = propose("The staging database is read-only on Sundays")
    cid = prop["claim"]
    assert rung(_one([prop])) == "low"
    assert rung(_one([prop, ev.corroborated(cid, ts=T0 + 1)])) == "high"
    assert rung(_one([prop, ev.verified(cid, good=True, ts=T0 + 1)])) == "medium"
    assert rung(_one([prop, ev.corroborated(cid, ts=T0 + 1),
                      ev.corroborated(cid, good=False, ts=T0 + 2)])) == "low"


def test_independent_recurrence_counts_but_echoes_do_not():
    prop = propose("CI runs on Python 3.11 and 3.12", session="s1")
    cid = prop["claim"]
    again = [ev.recurred(cid, [ev.session_citation(f"s{i}", f"s{i}/m", "h")], ts=T0 + i)
             for i in range(2, 5)]
    independent = _one([prop, *again])
    # the same recurrences, but each of those sessions had the claim injected first (an echo)
    echoes = _one([prop, *[ev.injected(f"s{i}", [cid], ts=T0 + i - 0.5) for i in range(2, 5)],
                   *again])
    assert independent.independent_count == 4 and echoes.independent_count == 1
    assert breakdown(independent).recurrence == T.RECURRENCE_CAP
    assert breakdown(echoes).recurrence == 0
    assert rung(independent) == "medium" and rung(echoes) == "low"


def test_rung_as_of_a_time_ignores_later_outcomes():
    prop = propose("Use uv for environments")
    events = [prop]
    for i in range(5):
        events += session_events([prop["claim"]], ts=T0 + (i + 1) * DAY)
    claim = _one(events)
    assert rung(claim) == "verified"
    assert rung(claim, now=T0 + 1.5 * DAY) == "medium"


def test_trust_weight_is_bounded_and_increasing():
    values = [trust_of_points(p) for p in (-10, -2, 0, 1, 2.5, 5, 10)]
    assert values == sorted(values)
    assert T.TRUST_MIN <= values[0] and values[-1] < 1.0


def test_rung_is_order_independent_of_event_arrival():
    prop = propose("Migrations are applied by alembic")
    events = [prop]
    for i in range(4):
        events += session_events([prop["claim"]], ts=T0 + (i + 1) * DAY,
                                 tests_pass=bool(i % 2))
    shuffled = events[:]
    random.Random(3).shuffle(shuffled)
    a = fold(events).claims[prop["claim"]]
    b = fold(shuffled).claims[prop["claim"]]
    assert points(a) == points(b)


_OUTCOME = st.tuples(st.sampled_from([-1, 0, 1]), st.integers(1, 8),
                     st.sampled_from(["user", "mechanical", "heuristic"]),
                     st.integers(0, 5))


@settings(max_examples=150, deadline=None)
@given(history=st.lists(_OUTCOME, max_size=12), extra=_OUTCOME)
def test_a_good_outcome_never_lowers_and_a_bad_one_never_raises(history, extra):
    prop = propose("Property-tested claim about the build")
    cid = prop["claim"]

    def outcome(result, rank, authority, session, i):
        return ev.outcome(result, claims=[(cid, rank, credit_for_rank(rank))],
                          authority=authority, signal="t", session_id=f"s{session}",
                          intent_id=f"i{i}", work="w", ts=T0 + i)

    base = [prop] + [outcome(*o, i) for i, o in enumerate(history)]
    before = points(_one(base))
    result, rank, authority, session = extra
    after = points(_one(base + [outcome(result, rank, authority, session, 1000)]))
    if result > 0:
        assert after >= before
    elif result < 0:
        assert after <= before
    else:
        assert after == before
    assert rung(_one(base)) in RUNGS
