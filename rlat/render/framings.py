"""Framings: how standing world facts reach a context window.

Constraints and falsified findings are served *in full*, always, under the framing string the
policy table gives their type (``rlat.claims.policy.POLICIES[type].framing``), fenced, and
outside any passage budget: a caller renders this block first and spends its budget on the rest.
A falsified finding is only ever rendered under its verdict framing ("Tried and falsified in
this environment:"), never as a neutral mention: the seed measured that the verdict, not the
topic, is what changes answers.

Attributes are not framed here; they serve by relevance like any other claim.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..claims.model import Claim
from ..claims.policy import POLICIES
from .attribution import claim_line
from .fences import fence

# The world-fact types that are served in full under a framing, in the order they are shown.
FRAMED_TYPES: tuple[str, ...] = tuple(name for name, p in POLICIES.items() if p.framing)

CRITICALITIES = ("low", "normal", "high", "severe")
_CRITICALITY_RANK = {name: i for i, name in enumerate(CRITICALITIES)}

FENCE_KIND = "world-facts"


def framing(claim_type: str) -> str:
    """The framing heading for a framed type (KeyError-free: ValueError for others)."""
    text = POLICIES[claim_type].framing if claim_type in POLICIES else None
    if not text:
        raise ValueError(f"claim type {claim_type!r} is not served under a framing")
    return text


def _servable(claim: Claim) -> bool:
    return (
        claim.type in FRAMED_TYPES
        and not claim.purged
        and bool(claim.text.strip())
        and claim.state != "retired"
        and not claim.superseded_by
    )


def _order(claim: Claim) -> tuple:
    # Most critical first, then oldest first (a standing rule keeps its place), then id.
    return (-_CRITICALITY_RANK.get(claim.criticality, 1), claim.created_at, claim.id)


def framed_claims(claims: Iterable[Claim]) -> dict[str, list[Claim]]:
    """The claims ``world_fact_block`` would render, grouped by type in framing order.

    Retired, purged and superseded claims are left out; duplicates (the same id from two
    knowledge models) appear once."""
    seen: set[str] = set()
    groups: dict[str, list[Claim]] = {name: [] for name in FRAMED_TYPES}
    for claim in claims:
        if claim.id in seen or not _servable(claim):
            continue
        seen.add(claim.id)
        groups[claim.type].append(claim)
    for items in groups.values():
        items.sort(key=_order)
    return groups


def _default_rung(now: float | None) -> Callable[[Claim], str]:
    from ..trust.rungs import rung

    return lambda claim: rung(claim, now)


def world_fact_lines(claims: Iterable[Claim], rung_of: Callable[[Claim], str] | None = None,
                     *, now: float | None = None) -> list[str]:
    """The block's body, unfenced: each framing heading followed by its claims in full."""
    rung_of = rung_of or _default_rung(now)
    lines: list[str] = []
    for claim_type, items in framed_claims(claims).items():
        if not items:
            continue
        if lines:
            lines.append("")
        lines.append(framing(claim_type))
        for claim in items:
            line = claim_line(claim, rung_of(claim))  # no max_chars: always in full
            if claim.criticality in ("high", "severe"):
                head, _, rest = line.partition("] ")
                line = f"{head}] [criticality: {claim.criticality}] {rest}"
            lines.append(line)
    return lines


def world_fact_block(claims: Iterable[Claim], rung_of: Callable[[Claim], str] | None = None,
                     *, now: float | None = None) -> str:
    """Constraints and falsified findings, in full, under their framings, in one fence.

    Returns "" when there is nothing to serve. ``rung_of(claim)`` gives the confidence rung
    shown in each line's attribution (default: ``rlat.trust.rungs.rung``). Never truncated:
    callers must not count this block against a passage budget."""
    lines = world_fact_lines(claims, rung_of, now=now)
    if not lines:
        return ""
    return fence("\n".join(lines), kind=FENCE_KIND,
                 note="standing facts about this environment, stated by the user")
