"""Layer 2: the claim log. Events, the pure fold, content ids and the type policy table."""

from .fold import FoldState, fold
from .ids import claim_id, content_hash, fingerprint, normalise_text
from .log import ClaimLog
from .model import Claim
from .policy import CLAIM_TYPES, POLICIES, WORLD_KINDS, TypePolicy, policy

__all__ = [
    "CLAIM_TYPES",
    "Claim",
    "ClaimLog",
    "FoldState",
    "POLICIES",
    "TypePolicy",
    "WORLD_KINDS",
    "claim_id",
    "content_hash",
    "fingerprint",
    "fold",
    "normalise_text",
    "policy",
]
