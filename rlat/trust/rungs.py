"""Confidence rungs, derived from a claim's fold (never stored).

Interim rule until the trust engine lands: the starting prior by origin only.
"""

from __future__ import annotations

from ..claims.model import Claim

RUNGS = ("low", "medium", "high", "verified")

_PRIOR = {"user": "high", "verified_external": "medium", "single_external": "low",
          "corpus": "low", "session": "low"}


def rung(claim: Claim, now: float | None = None) -> str:
    return _PRIOR.get(claim.origin, "low")
