"""The claim log: content ids, the pure fold, snapshots, the policy table."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rlat.claims import ClaimLog, claim_id, fold, policy
from rlat.claims import events as ev
from rlat.claims.fold import FoldState
from rlat.claims.policy import CLAIM_TYPES, POLICIES


def cite(session, message="m1"):
    return ev.session_citation(session, message, "h" + message)


def canonical(state: FoldState) -> dict:
    out = {}
    for cid, claim in state.claims.items():
        d = claim.to_dict()
        d["evidence"] = sorted(map(repr, d["evidence"]))
        d["outcomes"] = sorted(map(repr, d["outcomes"]))
        d["workspaces"] = sorted(d["workspaces"])
        d["injected_sessions"] = sorted(d["injected_sessions"])
        d["contested_with"] = sorted(d["contested_with"])
        d["parent_ids"] = sorted(d["parent_ids"])
        out[cid] = d
    return {"claims": out, "agents": {k: v[0] for k, v in state.agents.items()}}


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


def _history(seed: int) -> list[dict]:
    rng = random.Random(seed)
    texts = ["uses just not make", "ssh on 2222", "flake is colima", "tabs", "CI needs -D warnings"]
    out = []
    for i in range(40):
        t = rng.choice(texts)
        kind = rng.random()
        ts = rng.uniform(0, 1000)
        cid = claim_id(t, "convention")
        if kind < 0.4:
            out.append(ev.proposed(t, "convention", citations=[cite(f"s{rng.randrange(6)}", f"m{i}")],
                                   workspace=f"w{rng.randrange(2)}", ts=ts))
        elif kind < 0.55:
            out.append(ev.state_changed(cid, rng.choice(["active", "stale", "retired"]), "x", ts=ts))
        elif kind < 0.7:
            out.append(ev.outcome(rng.choice([-1, 1]), claims=[(cid, 1, 0.5)], authority="mechanical",
                                  signal="tests", ts=ts))
        elif kind < 0.8:
            out.append(ev.injected(f"s{rng.randrange(6)}", [cid], ts=ts))
        elif kind < 0.9:
            out.append(ev.marked(cid, cross_workspace=rng.random() < 0.5, ts=ts))
        else:
            out.append(ev.quarantined("agent-a", "drift", ts=ts))
    return out


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 10_000), shuffle_seed=st.integers(0, 10_000))
def test_fold_is_deterministic_and_independent_of_event_order(seed, shuffle_seed):
    events = _history(seed)
    shuffled = list(events)
    random.Random(shuffle_seed).shuffle(shuffled)
    assert canonical(fold(events)) == canonical(fold(shuffled))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), cut=st.integers(0, 40))
def test_snapshot_plus_later_events_equals_the_whole_fold(seed, cut):
    events = _history(seed)
    snap = FoldState.from_snapshot(fold(events[:cut]).to_snapshot())
    assert canonical(fold(events[cut:], snap)) == canonical(fold(events))


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
