"""The claim log: content ids, the pure fold, snapshots, the policy table."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rlat.claims import ClaimLog, claim_id, fold, policy
from rlat.claims import events as ev
from rlat.claims.fold import FoldState
from rlat.claims.policy import CLAIM_TYPES, POLICIES


def cite(session, message="m1"):
    """A citation of a line of ``session``'s transcript; a transcript line's id is unique to
    it (Claude Code's uuids), so the message id is qualified by the session."""
    return ev.session_citation(session, f"{session}/{message}", "h" + message)


def canonical(state: FoldState) -> dict:
    """The whole fold, with the set-valued fields (unions: evidence, workspaces, outcomes, …)
    compared as sets: their list order is arrival order and means nothing."""
    out = {}
    for cid, claim in state.claims.items():
        d = claim.to_dict()
        for name in ("evidence", "outcomes", "workspaces", "injected_sessions",
                     "contested_with", "parent_ids"):
            d[name] = sorted(map(repr, d[name]))
        d["user_votes"] = sorted(map(repr, d["user_votes"].items()))
        out[cid] = d
    pending = {cid: sorted(str(e["id"]) for e in evs) for cid, evs in state.pending.items()}
    return {"claims": out, "agents": state.agents, "calibration": state.calibration,
            "pending": pending, "event_count": state.event_count}


def test_same_claim_from_two_sessions_is_one_claim_with_two_pieces_of_evidence():
    a = ev.proposed("Staging SSH listens on 2222.", "environment", citations=[cite("s1")],
                    workspace="git:x", ts=1)
    b = ev.proposed("staging ssh   listens on 2222", "environment", citations=[cite("s2")],
                    workspace="git:x", ts=2)
    state = fold([a, b])
    assert len(state.claims) == 1
    claim = state.claims[a["claim"]]
    assert claim.evidence_count == 2 and claim.recurrence == 2
    assert claim.text == "Staging SSH listens on 2222."  # first-seen spelling kept


def test_claim_id_depends_on_type_and_subject_not_spacing_or_case():
    assert claim_id("Use uv", "convention") == claim_id("  use UV. ", "convention")
    assert claim_id("Use uv", "convention") != claim_id("Use uv", "preference")
    assert claim_id("Use uv", "convention", "repo-a") != claim_id("Use uv", "convention", "repo-b")


def test_no_evidence_no_claim():
    with pytest.raises(ValueError, match="no evidence"):
        ev.proposed("something", "convention", citations=[])


def test_an_origin_outside_the_prior_order_is_refused():
    # the starting prior ranks user >= verified_external >= single_external >= corpus
    cite = [ev.session_citation("s", "m", "h")]
    with pytest.raises(ValueError, match="unknown origin 'internet'"):
        ev.proposed("something", "convention", citations=cite, origin="internet")


# Spellings of the same claims (one content id each): which spelling a claim keeps must not
# depend on arrival order.
_SPELLINGS = [["uses just not make", "Uses just, not make."], ["ssh on 2222", "SSH on 2222"],
              ["flake is colima"], ["tabs", "Tabs."], ["CI needs -D warnings"]]


# Every kind but ``restored``: `rlat doctor` writes it where a damaged log's snapshot was, and
# it replaces the claim (the one kind whose effect depends on its place; docs/format.md).
ORDER_FREE_KINDS = tuple(k for k in ev.EVENT_KINDS if k != ev.RESTORED)


def _history(seed: int, n: int = 40) -> list[dict]:
    """A random log using every event kind, with timestamps drawn from a small set so equal
    timestamps (ties broken by event id) are common."""
    rng = random.Random(seed)
    out: list[dict] = []

    def ts() -> float:
        return float(rng.randrange(12))

    def some_cite(i: int) -> dict:
        session = f"s{rng.randrange(4)}"
        message = f"m{rng.randrange(6)}"
        cite_ = ev.session_citation(session, message, "h" + message,
                                    observed_at=float(rng.randrange(3)))
        if rng.random() < 0.5:
            cite_["excerpt"] = f"quoted text {i}"
        return cite_

    for i in range(n):
        spellings = rng.choice(_SPELLINGS)
        text = rng.choice(spellings)
        cid = claim_id(text, "convention")
        other = claim_id(rng.choice(rng.choice(_SPELLINGS)), "convention")
        kind = rng.choice(ORDER_FREE_KINDS)
        if kind == ev.PROPOSED:
            event = ev.proposed(text, "convention", citations=[some_cite(i)],
                                workspace=f"w{rng.randrange(2)}", ts=ts(),
                                cross_workspace=rng.random() < 0.3,
                                origin=rng.choice(["session", "user"]),
                                parent_ids=[f"p{rng.randrange(3)}"] if rng.random() < 0.3 else None)
        elif kind in (ev.EVIDENCE_ADDED, ev.RECURRED):
            make = ev.evidence_added if kind == ev.EVIDENCE_ADDED else ev.recurred
            event = make(cid, [some_cite(i)], workspace=f"w{rng.randrange(3)}", ts=ts())
        elif kind == ev.OUTCOME:
            event = ev.outcome(rng.choice([-1, 0, 1]), claims=[(cid, 1, 0.5), (other, 2, 0.3)],
                               authority=rng.choice(ev.AUTHORITIES), signal="tests",
                               session_id=f"s{rng.randrange(4)}", intent_id=f"i{i}", ts=ts())
        elif kind == ev.STATE_CHANGED:
            event = ev.state_changed(cid, rng.choice(["active", "stale", "retired"]), "x", ts=ts())
        elif kind == ev.PROMOTED:
            event = ev.promoted(cid, rng.choice(["repo", "fleet"]), "gate", ts=ts())
        elif kind == ev.SUPERSEDED:
            event = ev.superseded(cid, other, ts=ts()) if rng.random() < 0.7 \
                else ev.reinstated(cid, ts=ts())
        elif kind == ev.CONTESTED:
            event = ev.contested(cid, other, "disagree", ts=ts())
        elif kind == ev.CORROBORATED:
            event = ev.corroborated(cid, good=rng.random() < 0.6,
                                    actor=rng.choice(["user", "alice"]), ts=ts())
        elif kind == ev.VERIFIED:
            event = ev.verified(cid, good=rng.random() < 0.5,
                                citations=[ev.passage_citation(f"p{rng.randrange(3)}", "c")],
                                ts=ts())
        elif kind == ev.INJECTED:
            event = ev.injected(f"s{rng.randrange(4)}", [cid, other], ts=ts())
        elif kind == ev.MARKED:
            event = ev.marked(cid, cross_workspace=rng.random() < 0.5, ts=ts())
        elif kind in (ev.QUARANTINED, ev.UNQUARANTINED):
            make = ev.quarantined if kind == ev.QUARANTINED else ev.unquarantined
            event = make(rng.choice(["agent-a", "agent-b"]), "drift", ts=ts())
        elif kind == ev.CALIBRATION_SCORED:
            event = ev.calibration_scored(rng.choice(["agent-a", "agent-b"]),
                                          score=rng.random(), resolved=3, correct=2, expired=0,
                                          low_sample=True, ts=ts())
        elif kind == ev.PURGED:
            event = ev.purged(cid, ts=ts()) if rng.random() < 0.5 else None
        else:  # pragma: no cover - a new kind must be added above
            raise AssertionError(f"the generator does not know event kind {kind!r}")
        if event is not None:
            out.append(event)
    return out


def test_the_generator_produces_every_event_kind():
    kinds = {e["kind"] for seed in range(20) for e in _history(seed)}
    assert kinds == set(ORDER_FREE_KINDS)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 100_000), shuffle_seed=st.integers(0, 10_000))
def test_fold_is_deterministic_and_independent_of_event_order(seed, shuffle_seed):
    events = _history(seed)
    shuffled = list(events)
    random.Random(shuffle_seed).shuffle(shuffled)
    assert canonical(fold(events)) == canonical(fold(shuffled))


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 100_000), cut=st.integers(0, 40), shuffle_seed=st.integers(0, 1000))
def test_snapshot_plus_later_events_equals_the_whole_fold(seed, cut, shuffle_seed):
    events = _history(seed)
    random.Random(shuffle_seed).shuffle(events)
    snap = FoldState.from_snapshot(fold(events[:cut]).to_snapshot())
    assert canonical(fold(events[cut:], snap)) == canonical(fold(events))


def _one(events):
    return next(iter(fold(events).claims.values()))


def test_scope_does_not_depend_on_whether_promotion_or_contest_arrived_first():
    p = ev.proposed("x", "convention", citations=[cite("s1")], ts=1)
    up = ev.promoted(p["claim"], "repo", "gate", ts=2)
    contest = ev.contested(p["claim"], "other", "disagree", ts=3)
    a, b = _one([p, up, contest]), _one([p, contest, up])
    assert a.scope == b.scope == "repo"
    assert a.state == b.state == "contested"


def test_two_supersessions_with_equal_timestamps_resolve_by_event_id():
    p = ev.proposed("x", "convention", citations=[cite("s1")], ts=1)
    one = ev.superseded(p["claim"], "successor-1", ts=5)
    two = ev.superseded(p["claim"], "successor-2", ts=5)
    assert _one([p, one, two]).superseded_by == _one([p, two, one]).superseded_by


def test_a_purge_wins_over_a_late_earlier_proposal_and_late_excerpts():
    early = ev.proposed("the deploy password is hunter2", "convention", citations=[cite("s1")],
                        ts=1)
    later = ev.proposed("The deploy password is hunter2.", "convention",
                        citations=[cite("s2")], ts=5)
    purge = ev.purged(later["claim"], ts=9)
    late_cite = dict(cite("s3"), excerpt="password is hunter2")
    more = ev.evidence_added(later["claim"], [late_cite], ts=10)
    for order in ([later, purge, early, more], [purge, more, early, later],
                  [early, later, purge, more]):
        claim = _one(order)
        assert claim.purged and claim.text == ""
        assert "hunter2" not in repr(claim.to_dict())


def test_independent_count_ignores_sessions_that_had_the_claim_injected():
    p = ev.proposed("x", "convention", citations=[cite("s1")], ts=1)
    events = [p, ev.injected("s2", [p["claim"]], ts=2),
              ev.recurred(p["claim"], [cite("s2")], ts=3), ev.recurred(p["claim"], [cite("s3")], ts=4)]
    claim = fold(events).claims[p["claim"]]
    assert claim.evidence_count == 3 and claim.independent_count == 2


def test_state_is_last_writer_by_timestamp_not_arrival():
    p = ev.proposed("x", "convention", citations=[cite("s1")], ts=1)
    late = ev.state_changed(p["claim"], "retired", "forgotten", ts=10)
    early = ev.state_changed(p["claim"], "active", "promoted", ts=5)
    assert fold([p, late, early]).claims[p["claim"]].state == "retired"


def test_a_contest_never_brings_back_a_forgotten_claim_whatever_the_order():
    p = ev.proposed("x", "convention", citations=[cite("s1")], ts=1)
    forgot = ev.state_changed(p["claim"], "retired", "forgotten", ts=5)
    # a teammate's copy contested it after it was forgotten here
    contest = ev.contested(p["claim"], "other", "disagree", ts=9)
    for order in ([p, forgot, contest], [p, contest, forgot], [contest, forgot, p]):
        claim = _one(order)
        assert claim.state == "retired" and claim.state_reason == "forgotten"
    # stated again after the contest, it is a candidate; a contest made after that contests it
    again = ev.state_changed(p["claim"], "candidate", "stated again", ts=12)
    assert _one([p, forgot, contest, again]).state == "candidate"
    later = ev.contested(p["claim"], "other", "disagree", ts=15)
    assert _one([later, p, again, contest, forgot]).state == "contested"


def test_a_contest_leaves_a_purged_claim_uncontested_whatever_the_order():
    p = ev.proposed("x", "convention", citations=[cite("s1")], ts=1)
    up = ev.promoted(p["claim"], "repo", "gate", ts=2)
    purge = ev.purged(p["claim"], ts=5)
    for when in (3, 9):  # contested before the purge, and after it
        contest = ev.contested(p["claim"], "other", "disagree", ts=when)
        for order in ([p, up, contest, purge], [p, up, purge, contest], [purge, contest, up, p]):
            claim = _one(order)
            assert claim.purged and claim.state == "active"


def test_a_contest_stands_only_while_its_other_side_is_in_play_whatever_the_order():
    a = ev.proposed("deploys on tuesdays", "convention", citations=[cite("s1")], ts=1)
    b = ev.proposed("deploys on thursdays", "convention", citations=[cite("s2")], ts=1)
    contest = [ev.contested(a["claim"], b["claim"], "disagree", ts=3),
               ev.contested(b["claim"], a["claim"], "disagree", ts=3)]
    forgot = ev.state_changed(b["claim"], "retired", "forgotten", ts=5)
    events = [a, b, *contest, forgot]
    for seed in range(12):  # (a teammate's copy may bring the contest after the forgetting)
        order = list(events)
        random.Random(seed).shuffle(order)
        state = fold(order)
        assert state.claims[a["claim"]].state == "candidate"
        assert state.claims[b["claim"]].state == "retired"
    # one side purged settles the other as well
    purged = fold([a, b, *contest, ev.purged(b["claim"], ts=5)])
    assert purged.claims[a["claim"]].state == "candidate"
    # stated again, or promoted, the other side is back in play and the contest stands again
    for back in (ev.state_changed(b["claim"], "candidate", "stated again", ts=7),
                 ev.promoted(b["claim"], "repo", "gate", ts=7)):
        for seed in range(12):
            order = [back, *events]
            random.Random(seed).shuffle(order)
            assert fold(order).claims[a["claim"]].state == "contested"


def test_the_other_side_promoted_after_it_was_forgotten_contests_again_whatever_the_order():
    # (a teammate's copy may promote it after it was forgotten here: it is back in play)
    a = ev.proposed("deploys on tuesdays", "convention", citations=[cite("s1")], ts=1)
    b = ev.proposed("deploys on thursdays", "convention", citations=[cite("s2")], ts=1)
    events = [a, b, ev.contested(a["claim"], b["claim"], "disagree", ts=3),
              ev.contested(b["claim"], a["claim"], "disagree", ts=3),
              ev.state_changed(b["claim"], "retired", "forgotten", ts=5),
              ev.promoted(b["claim"], "repo", "gate", ts=6)]
    for order in itertools.permutations(events):
        state = fold(order)
        assert state.claims[b["claim"]].state == "active"
        assert state.claims[a["claim"]].state == "contested"


def test_a_demotion_or_a_contest_recorded_on_one_side_only_stands():
    a = ev.proposed("deploys on tuesdays", "convention", citations=[cite("s1")], ts=1)
    b = ev.proposed("deploys on thursdays", "convention", citations=[cite("s2")], ts=1)
    forgot = ev.state_changed(b["claim"], "retired", "forgotten", ts=5)
    one_sided = ev.contested(a["claim"], b["claim"], "disagree", ts=3)
    assert fold([a, b, one_sided, forgot]).claims[a["claim"]].state == "contested"
    demoted = ev.contested(a["claim"], "", "quarantined agent", ts=3)
    assert fold([a, b, demoted, forgot]).claims[a["claim"]].state == "contested"


def test_a_snapshot_row_written_before_the_state_registers_folds_on():
    p = ev.proposed("x", "convention", citations=[cite("s1")], ts=1)
    body = fold([p, ev.promoted(p["claim"], "repo", "gate", ts=2)]).to_snapshot()
    names = [n for n in body["fields"] if n not in ("base_state", "contest_key")]
    body = {**body, "fields": names,
            "claims": [[v for n, v in zip(body["fields"], row, strict=True) if n in names]
                       for row in body["claims"]]}
    contest = ev.contested(p["claim"], "other", "disagree", ts=3)
    purge = ev.purged(p["claim"], ts=4)
    assert _one_of(fold([contest], FoldState.from_snapshot(body))).state == "contested"
    # the promotion the old row recorded is what a purge uncovers
    assert _one_of(fold([contest, purge], FoldState.from_snapshot(body))).state == "active"


def test_a_snapshot_folded_by_the_earlier_contest_rule_agrees_with_the_full_fold():
    # (before a contest needed its other side in play, a snapshot kept the survivor contested)
    a = ev.proposed("deploys on tuesdays", "convention", citations=[cite("s1")], ts=1)
    b = ev.proposed("deploys on thursdays", "convention", citations=[cite("s2")], ts=1)
    events = [a, b, ev.contested(a["claim"], b["claim"], "disagree", ts=3),
              ev.contested(b["claim"], a["claim"], "disagree", ts=3),
              ev.state_changed(b["claim"], "retired", "forgotten", ts=5)]
    full = fold(events)
    body = full.to_snapshot()
    names = body["fields"]
    row = body["claims"][[r[names.index("id")] for r in body["claims"]].index(a["claim"])]
    for name, value in (("state", "contested"), ("state_reason", "disagree"),
                        ("state_at", 3.0), ("state_eid", events[2]["id"])):
        row[names.index(name)] = value
    assert FoldState.from_snapshot(body).claims[a["claim"]].state == "candidate"
    assert FoldState.from_snapshot(body) == full


def _one_of(state):
    return next(iter(state.claims.values()))


def test_policy_table_has_every_type_and_the_seed_rules():
    assert set(CLAIM_TYPES) == {"event", "environment", "convention", "outcome", "preference",
                                "hypothesis", "constraint", "falsified", "attribute", "insight"}
    assert policy("convention").promote_after == 2 and policy("convention").ttl_days == 180
    assert policy("environment").ttl_days == 30 and policy("environment").reverify_on_expiry
    assert policy("hypothesis").promote_after is None and policy("hypothesis").ttl_days == 14
    assert policy("preference").human_approval and policy("outcome").immutable
    assert POLICIES["constraint"].framing == "Standing constraints for this environment:"
    assert POLICIES["falsified"].framing == "Tried and falsified in this environment:"
    with pytest.raises(ValueError, match="unknown claim type"):
        policy("opinion")


def test_claim_log_snapshot_round_trip_on_disk(tmp_path):
    log = ClaimLog(tmp_path / "m.rlat")
    events = _history(3)
    log.append(events[:20])
    log.checkpoint(force=True)
    log.append(events[20:])
    reopened = ClaimLog(tmp_path / "m.rlat")
    assert canonical(reopened.state()) == canonical(fold(events))
    assert reopened.records_since_snapshot == 1


# A field of a stored event replaced by a value of the wrong type: what a copied, merged or
# hand-edited file can hold (a hostile review found 165 such events, across every kind, that
# made every fold of their file raise).
JUNK = [None, "yesterday", ["x"], {"a": 1}, 1.5, -1, True, [[1, 2]], ""]


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 100_000), at=st.integers(0, 39), field=st.integers(0, 20),
       junk=st.sampled_from(JUNK))
def test_an_event_of_the_wrong_shape_is_skipped_never_half_applied(seed, at, field, junk):
    from rlat.claims.shapes import malformed

    events = _history(seed)
    at %= len(events)
    names = sorted(k for k in events[at] if k not in ("kind", "id"))
    if not names:
        return
    bad = dict(events[at], **{names[field % len(names)]: junk})
    damaged = events[:at] + [bad] + events[at + 1:]
    folded = fold(damaged)  # never raises
    if malformed(bad) is not None:
        # ... and is as if the event were not there
        assert folded.malformed == 1
        assert canonical(folded)["claims"] == canonical(fold(events[:at] + events[at + 1:]))[
            "claims"]
    # Whatever was applied, the claims read as claims (listing them, recalling from them).
    from rlat.listing import row
    from rlat.retrieval.recall import recall

    for claim in folded.claims.values():
        row(claim)
    recall(folded, "staging ssh port", workspace=None)


def test_a_store_with_unreadable_events_still_folds_and_its_claims_stay(tmp_path):
    log = ClaimLog(tmp_path / "m.rlat")
    log.append([ev.proposed("Staging SSH listens on 2222.", "environment", citations=[cite("s1")])])
    log.append([{"kind": "outcome", "id": "e1", "ts": "yesterday", "claims": []},
                {"kind": "proposed", "id": "e2", "ts": 2.0, "claim": ["x"], "text": "t"},
                {"kind": "quarantined", "id": "e3", "ts": 3.0, "agent": {"a": 1}}])
    state = log.state()
    assert [c.text for c in state.claims.values()] == ["Staging SSH listens on 2222."]
    assert state.malformed == 3
    assert len(list(log.events())) == 1  # readers of the log see only what the fold reads
