"""Independence excludes a session that had a *related* claim (same subject) injected: an
agent shown "CI needs -D warnings" that then "observes" another CI-flags rule is echoing, not
witnessing."""

from __future__ import annotations

import random
import time

from support.cli import run_rlat

from rlat.claims import events as ev
from rlat.claims.fold import fold, independent_count, related_injections
from rlat.claims.log import ClaimLog
from rlat.paths import memory_store_path
from rlat.trust.lifecycle import promotion_block


def _cite(session):
    return ev.session_citation(session, f"{session}/m1", "h1", observed_at=time.time())


def _history():
    shown = ev.proposed("CI needs -D warnings on every build", "convention",
                        subject="CI flags", citations=[_cite("s1")])
    related = ev.proposed("The release pipeline passes --locked to cargo", "convention",
                          subject="ci flags", citations=[_cite("s2"), _cite("s3")])
    unrelated = ev.proposed("Tabs, not spaces, in the Makefile", "convention",
                            subject="makefile style", citations=[_cite("s2"), _cite("s3")])
    # s2 had the first CI-flags rule injected before it "observed" the second.
    return [shown, related, unrelated, ev.injected("s2", [shown["claim"]])], \
        related["claim"], unrelated["claim"]


def test_a_session_shown_a_related_claim_is_not_an_independent_witness():
    events, related, unrelated = _history()
    state = fold(events)
    assert state.claims[related].independent_count == 2  # its own lineage alone: two
    assert independent_count(state, related_claim := state.claims[related]) == 1
    assert independent_count(state, state.claims[unrelated]) == 2  # another subject
    block = promotion_block(state, related_claim, time.time())
    assert block == "1 independent observation(s); a convention needs 2"
    assert promotion_block(state, state.claims[unrelated], time.time()) is None
    # Derived from the fold, so independent of the order events arrive in.
    for seed in range(20):
        shuffled = list(events)
        random.Random(seed).shuffle(shuffled)
        assert related_injections(fold(shuffled)) == related_injections(state)


def test_consolidate_does_not_promote_on_an_echo(tmp_path):
    events, related, unrelated = _history()
    ClaimLog(memory_store_path()).append(events)
    out = run_rlat("memory", "consolidate", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    state = ClaimLog(memory_store_path()).state()
    assert state.claims[unrelated].state == "active"
    assert state.claims[related].state == "candidate"
