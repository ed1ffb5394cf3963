"""The one-pass outcome points equal the reference computation on any history, and ``points``
equals ``breakdown(…).total`` bit for bit (rlat/trust/rungs.py)."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from rlat.claims.model import Claim
from rlat.trust.rungs import (
    _outcome_points,
    _outcome_points_reference,
    breakdown,
    points,
    rung,
    rung_of_points,
)

T0 = 1.7e9
SESSIONS = st.sampled_from(["", "s1", "s2", "s3"])
INTENTS = st.sampled_from(["", "i1", "i2", "i3"])
AUTHORITIES = st.sampled_from(["user", "mechanical", "heuristic", "oracle"])
CONTEXTS = st.sampled_from(["", "git:a", "git:b", "refactor"])


@st.composite
def entries(draw):
    """An outcome entry as the fold stores it: usually the current 7 fields, sometimes the
    shorter shapes of older snapshots."""
    ts = T0 + draw(st.integers(0, 50)) * 60.0 if draw(st.integers(0, 30)) else math.nan
    entry = [ts, draw(st.sampled_from([-1, 0, 1, 1])),
             draw(st.sampled_from([1.0, 0.6, 0.35, 0.25, 0.2, 1 / 3, 0.0])),
             draw(AUTHORITIES), draw(CONTEXTS), draw(SESSIONS), draw(INTENTS)]
    return entry[: draw(st.sampled_from([7, 7, 7, 7, 6, 5, 4]))]


NOWS = st.one_of(st.none(), st.sampled_from([T0 - 1, T0 + 25 * 60.0, T0 + 1e6]))


def _same(a: tuple, b: tuple) -> bool:
    return all(x == y or (isinstance(x, float) and math.isnan(x) and math.isnan(y))
               for x, y in zip(a, b, strict=True)) and [type(x) for x in a] == [type(y) for y in b]


@settings(max_examples=800)
@given(st.lists(entries(), max_size=14), NOWS)
def test_fast_outcome_points_equal_the_reference(outcomes, now):
    claim = Claim(id="c", text="t", source="experience", type="convention", outcomes=outcomes)
    assert _same(_outcome_points(claim, now), _outcome_points_reference(outcomes, now))


@settings(max_examples=300)
@given(st.lists(entries(), max_size=10), NOWS,
       st.sampled_from(["user", "session", "corpus", "single_external", "unknown"]),
       st.integers(0, 3), st.integers(0, 2), st.integers(0, 2), st.integers(0, 2),
       st.lists(st.sampled_from(["s1", "s2", "s3", "s4"]), max_size=4),
       st.lists(st.sampled_from(["s1", "s2", "s5"]), max_size=3),
       st.sampled_from([1.0, 0.5, 1.5]))
def test_points_equal_the_breakdown_total(outcomes, now, origin, user_good, user_bad,
                                          corpus_good, corpus_bad, evidence_sessions,
                                          injected, multiplier):
    evidence = [{"kind": "session", "session_id": s, "message_id": "m"} for s in evidence_sessions]
    claim = Claim(id="c", text="t", source="experience", type="convention", origin=origin,
                  outcomes=outcomes, user_good=user_good, user_bad=user_bad,
                  corpus_good=corpus_good, corpus_bad=corpus_bad, evidence=evidence,
                  injected_sessions=injected)
    total = breakdown(claim, now, multiplier=multiplier).total
    assert points(claim, now, multiplier=multiplier) == total
    assert rung(claim, now, multiplier=multiplier) == rung_of_points(total)


def test_a_later_stronger_signal_for_the_same_intent_takes_the_reference_road():
    # Both paths must keep only the user's reading of the turn (not sum the two).
    outcomes = [[T0, -1, 1.0, "mechanical", "git:a", "s1", "i1"],
                [T0 + 5, 1, 1.0, "user", "git:a", "s1", "i1"]]
    claim = Claim(id="c", text="t", source="experience", type="convention", outcomes=outcomes)
    assert _outcome_points(claim, None) == (1.5, 0.0, 1, 0, 1)
    assert _outcome_points(claim, T0 + 1) == (-1.0, 0.0, 0, 1, 0)
