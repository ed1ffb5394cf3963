"""`outcome` claims are immutable, as their policy says: once recorded, their evidence never
changes — a later session saying the same thing is counted as a recurrence, not as evidence."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from support.cli import run_rlat

from rlat.claims import events as ev
from rlat.claims import fold
from rlat.claims.fold import FoldState

TEXT = "The Glue migration passed CI at abc123"


def cite(session, message="m1"):
    return ev.session_citation(session, message, "h" + message)


def _history(seed):
    rng = random.Random(seed)
    out = []
    for i in range(12):
        ts = float(rng.randrange(0, 50))  # equal times happen on purpose
        kind = rng.random()
        cid = ev.proposed(TEXT, "outcome", citations=[cite("s0")])["claim"]
        if kind < 0.5:
            out.append(ev.proposed(TEXT, "outcome", ts=ts,
                                   citations=[cite(f"s{rng.randrange(5)}", f"m{i}")]))
        elif kind < 0.75:
            out.append(ev.recurred(cid, [cite(f"s{rng.randrange(5)}", f"r{i}")], ts=ts))
        else:
            out.append(ev.evidence_added(cid, [cite("s9", f"e{i}")], ts=ts))
    return out


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), shuffle=st.integers(0, 10_000), cut=st.integers(0, 12))
def test_evidence_is_the_first_proposals_in_any_order_and_across_snapshots(seed, shuffle, cut):
    events = _history(seed)
    if not any(e["kind"] == "proposed" for e in events):
        return
    whole = fold(events)
    mixed = list(events)
    random.Random(shuffle).shuffle(mixed)
    again = fold(mixed)
    snap = fold(mixed[cut:], FoldState.from_snapshot(fold(mixed[:cut]).to_snapshot()))
    for state in (again, snap):
        (a,), (b,) = whole.claims.values(), state.claims.values()
        assert (a.evidence, a.recurrence, a.created_at) == (b.evidence, b.recurrence, b.created_at)
    (claim,) = whole.claims.values()
    first = min((e for e in events if e["kind"] == "proposed"), key=lambda e: e["ts"])
    assert claim.created_at == first["ts"] and len(claim.evidence) == 1


def test_a_later_session_does_not_add_evidence_to_an_outcome():
    a = ev.proposed(TEXT, "outcome", citations=[cite("s1")], ts=1)
    b = ev.proposed(TEXT, "outcome", citations=[cite("s2")], ts=2)
    claim = fold([b, a, ev.recurred(a["claim"], [cite("s3")], ts=3)]).claims[a["claim"]]
    assert [c["session_id"] for c in claim.evidence] == ["s1"] and claim.recurrence == 3
    # other types still accumulate evidence
    c = ev.proposed("uses just", "convention", citations=[cite("s1", "m1")], ts=1)
    d = ev.proposed("uses just", "convention", citations=[cite("s2", "m2")], ts=2)
    assert fold([c, d]).claims[c["claim"]].evidence_count == 2


def test_memory_add_of_an_existing_outcome_keeps_its_evidence(tmp_path):
    for _ in range(2):
        out = run_rlat("memory", "add", TEXT, "--type", "outcome", cwd=tmp_path)
        assert out.returncode == 0, out.stderr
    cid = out.stdout.split()[-3]
    shown = json.loads(run_rlat("memory", "show", cid, "--format", "json", cwd=tmp_path).stdout)
    assert shown["evidence_count"] == 1
