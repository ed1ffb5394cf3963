"""Every claim type's policy, in one table. Other modules read it; none restates it.

Promotion thresholds, TTLs and human approval come from the ctxlake seed (environment,
outcome, convention, preference, hypothesis); the rest extend it for rlat's own types.
``promote_after`` counts *independent* observations (see fold's independent_count);
``None`` means the type never auto-promotes beyond agent scope.
"""

from __future__ import annotations

from dataclasses import dataclass

DAY = 86_400.0

SOURCES = ("experience", "corpus", "world")
STATES = ("candidate", "active", "contested", "stale", "retired")
SCOPES = ("agent", "repo", "fleet")
POLARITIES = ("prefer", "avoid", "factual")
ORIGINS = ("user", "verified_external", "single_external", "corpus", "session")


@dataclass(frozen=True, slots=True)
class TypePolicy:
    name: str
    source: str  # the source this type normally comes from
    promote_after: int | None  # independent observations before promotion; None: never
    ttl_days: float | None  # after this long without fresh evidence the claim goes stale
    human_approval: bool  # promotion also needs a person's approval
    immutable: bool = False  # text and evidence never change once recorded (timestamped facts)
    reverify_on_expiry: bool = False  # expiry means "re-check", not "forget"
    framing: str | None = None  # served in full under this heading (world facts only)


POLICIES: dict[str, TypePolicy] = {
    p.name: p
    for p in (
        # A whole session recorded as one block: the deliberate exception to "one proposition".
        TypePolicy("event", "experience", promote_after=None, ttl_days=90, human_approval=False),
        TypePolicy("environment", "experience", 1, 30, False, reverify_on_expiry=True),
        TypePolicy("convention", "experience", 2, 180, False),
        TypePolicy("outcome", "experience", 1, None, False, immutable=True),
        TypePolicy("preference", "experience", 1, 365, True),
        TypePolicy("hypothesis", "experience", None, 14, False),
        TypePolicy(
            "constraint", "world", 1, None, False,
            framing="Standing constraints for this environment:",
        ),
        TypePolicy(
            "falsified", "world", 1, None, False,
            framing="Tried and falsified in this environment:",
        ),
        TypePolicy("attribute", "world", 1, None, False),
        TypePolicy("insight", "corpus", 1, None, False),
    )
}

CLAIM_TYPES = tuple(POLICIES)
WORLD_KINDS = ("constraint", "falsified", "attribute")


def policy(claim_type: str) -> TypePolicy:
    try:
        return POLICIES[claim_type]
    except KeyError:
        raise ValueError(
            f"unknown claim type {claim_type!r} (expected one of: {', '.join(CLAIM_TYPES)})"
        ) from None
