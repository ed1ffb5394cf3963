"""Every number the trust engine uses, in one table. docs/claims.md explains each with examples.

Nothing else in rlat restates these values: rungs, lifecycle, consolidate, outcomes and recall
all read them from here (claim-type policy — promotion thresholds, TTLs, human approval — lives
in ``rlat.claims.policy``, not here).

Confidence is a number of *points* derived from a claim's fold; the rung is a band of points:

    points = prior(origin)
           + outcome points        (per session, clamped; credit x authority weight x result)
           + cross-context bonus   (positive outcomes in several kinds of work / workspaces)
           + recurrence points     (independent observations beyond the first, x agent multiplier)
           + user corroboration    (rlat memory corroborate / feedback on the claim itself)
           + corpus verification   (rlat memory verify against a knowledge model)
"""

from __future__ import annotations

DAY = 86_400.0

# ------------------------------------------------------------------------------- rungs
# A rung is the highest band whose floor the points reach.
RUNG_FLOORS = {"low": float("-inf"), "medium": 1.0, "high": 2.5, "verified": 5.0}

# Starting prior by origin: user >= verified_external >= single_external >= corpus > session.
ORIGIN_PRIOR = {
    "user": 3.0,  # written or stated by you: starts high
    "verified_external": 2.0,  # several agreeing external sources: medium
    "single_external": 1.2,  # one external source: medium (just)
    "corpus": 1.0,  # a faithful synthesis of your documents: medium, provisional
    "session": 0.0,  # derived from a session: starts low, must earn its rung
}
DEFAULT_PRIOR = 0.0

# ------------------------------------------------------------------------------- outcomes
# Weight of one outcome by the authority of its signal: a person > a mechanical signal > a guess.
AUTHORITY_WEIGHT = {"user": 1.5, "mechanical": 1.0, "heuristic": 0.5}
# Authority order (highest first). Within one intent only the highest-authority signal counts.
AUTHORITY_RANK = {"user": 3, "mechanical": 2, "heuristic": 1}

# Credit a retrieved claim is due, by the rank it was injected at (1 = first). Claims surfaced
# together do not split one unit of credit between them: each gets its tier's credit.
CREDIT_TIERS = ((1, 1.0), (3, 0.6), (5, 0.35))  # (up to rank, credit); beyond the last tier:
CREDIT_TAIL = 0.2
# Implicit corroboration: every claim injected anywhere in a session that went well (or badly).
IMPLICIT_CREDIT = 0.25

# One session can move a claim by at most this many points either way (one session is one
# observation, however many turns it had).
SESSION_CAP = 1.5

# Cross-context accumulation: each extra distinct context (kind of work or workspace) in which
# the claim had a positive outcome adds this much, up to the cap.
CROSS_CONTEXT_BONUS = 0.5
CROSS_CONTEXT_CAP = 1.0

# Recurrence: each independent observation beyond the first (a later session stating the same
# fact without having been shown it) adds this much, up to the cap.
RECURRENCE_POINTS = 0.5
RECURRENCE_CAP = 1.5

# User corroboration and corpus verification, per event.
USER_GOOD = 2.5
USER_BAD = -3.0
CORPUS_GOOD = 1.5
CORPUS_BAD = -2.0

# ------------------------------------------------------------------------------- ranking
# Trust weight in [TRUST_MIN, 1]: TRUST_MIN + (1 - TRUST_MIN) * logistic((points - MID) / SCALE).
# TRUST_MIN bounds how far trust can reorder results: a claim more than 1 / TRUST_MIN times
# as relevant as another always ranks above it, whatever the rungs.
TRUST_MIN = 0.4
TRUST_MID = 2.0
TRUST_SCALE = 1.0
# A contested claim still surfaces (labelled CONTESTED) but weighs less.
CONTESTED_FACTOR = 0.7
# BM25 parameters for claims (short documents).
BM25_K1 = 1.2
BM25_B = 0.75

# ------------------------------------------------------------------------------- lifecycle
# Forgetting (rlat memory consolidate). Protections first:
NEW_PROTECT_DAYS = 14.0  # a claim younger than this has not had its chance yet
USEFUL_PROTECT_DAYS = 30.0  # a positive outcome this recent protects a claim
# Retire when not protected and:
LOW_RETIRE_DAYS = 30.0  # low rung, older than this, with no positive outcome in this window
FAILED_RETIRE_POINTS = -2.0  # outcome points at or below this (failed repeatedly), rung low
STALE_UNUSED_DAYS = 30.0  # stale (TTL expired or source drifted) and not used for this long

# Provenance gate: a session citation's observed_at must fall inside its session's window
# (first to last hook record of that session), give or take this much (clock skew between the
# transcript's timestamps and the hooks').
PROVENANCE_SLACK_SECONDS = 300.0

# Contradiction proxy (no NLI model): same subject / attribute key, different text, and a word
# overlap (Jaccard over content tokens) at least this high, or opposite polarity.
CONTRADICTION_OVERLAP = 0.4

# ------------------------------------------------------------------------------- calibration
CALIBRATION_PRIOR = 0.5  # the Brier score of knowing nothing (shrinkage target)
CALIBRATION_PSEUDO_COUNT = 10.0  # how many resolved predictions the prior is worth
CALIBRATION_LOW_SAMPLE = 10  # fewer resolved predictions than this: flagged low_sample
# trust multiplier = 1 + (CALIBRATION_PRIOR - shrunk score), clamped to this range.
MULTIPLIER_RANGE = (0.5, 1.5)
