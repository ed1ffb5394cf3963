"""Every claim type's policy, in one table. Other modules read it; none restates it.

Promotion thresholds, TTLs and human approval come from the ctxlake seed (environment,
outcome, convention, preference, hypothesis); the rest extend it for rlat's own types.
``promote_after`` counts *independent* observations (see fold's independent_count);
``None`` means the type never auto-promotes beyond agent scope.
"""

from __future__ import annotations

from ..records import Frozen

DAY = 86_400.0

SOURCES = ("experience", "corpus", "world")
STATES = ("candidate", "active", "contested", "stale", "retired")
SCOPES = ("agent", "repo", "fleet")
POLARITIES = ("prefer", "avoid", "factual")
ORIGINS = ("user", "verified_external", "single_external", "corpus", "session")


# A frozen record: __init__/__repr__/__eq__/__hash__ written out, no dataclass (see
# rlat.claims.model and rlat.records).
class TypePolicy(Frozen):
    __slots__ = (
        "name", "source", "promote_after", "ttl_days", "human_approval", "immutable",
        "reverify_on_expiry", "framing")
    __match_args__ = __slots__
    name: str
    source: str  # the source this type normally comes from
    promote_after: int | None  # independent observations before promotion; None: never
    ttl_days: float | None  # after this long without fresh evidence the claim goes stale
    human_approval: bool  # promotion also needs a person's approval
    immutable: bool  # text and evidence never change once recorded (timestamped facts)
    reverify_on_expiry: bool  # expiry means "re-check", not "forget"
    framing: str | None  # served in full under this heading (world facts only)

    def __init__(self, name: str, source: str, promote_after: int | None,
                 ttl_days: float | None, human_approval: bool, immutable: bool = False,
                 reverify_on_expiry: bool = False, framing: str | None = None) -> None:
        setattr_ = object.__setattr__
        setattr_(self, "name", name)
        setattr_(self, "source", source)
        setattr_(self, "promote_after", promote_after)
        setattr_(self, "ttl_days", ttl_days)
        setattr_(self, "human_approval", human_approval)
        setattr_(self, "immutable", immutable)
        setattr_(self, "reverify_on_expiry", reverify_on_expiry)
        setattr_(self, "framing", framing)

    def _values(self) -> tuple:
        return (self.name, self.source, self.promote_after, self.ttl_days, self.human_approval,
                self.immutable, self.reverify_on_expiry, self.framing)

    def __repr__(self) -> str:
        return (f"{self.__class__.__qualname__}(name={self.name!r}, source={self.source!r}, "
                f"promote_after={self.promote_after!r}, ttl_days={self.ttl_days!r}, "
                f"human_approval={self.human_approval!r}, immutable={self.immutable!r}, "
                f"reverify_on_expiry={self.reverify_on_expiry!r}, framing={self.framing!r})")

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._values())


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
