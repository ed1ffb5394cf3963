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

from ..claims.model import Claim, live
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
        and live(claim)
        and bool(claim.text.strip())
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
            lines.append(_fact_line(claim, rung_of(claim)))  # no max_chars: always in full
    return lines


def _fact_line(claim: Claim, rung: str, max_chars: int | None = None, cut_hint: str = "") -> str:
    line = claim_line(claim, rung, max_chars=max_chars, cut_hint=cut_hint, framed=True)
    if claim.criticality in ("high", "severe"):
        head, _, rest = line.partition("] ")
        line = f"{head}] [criticality: {claim.criticality}] {rest}"
    return line


def priority(claim: Claim, trust: float) -> tuple:
    """Which standing facts a budget keeps first, within a type: most critical, then most
    trusted, then newest (the latest word on the environment), then id."""
    return (-_CRITICALITY_RANK.get(claim.criticality, 1), -trust, -claim.created_at, claim.id)


def world_fact_block_within(claims: Iterable[Claim], rung_of: Callable[[Claim], str],
                            trust_of: Callable[[Claim], float], *, budget: int,
                            fact_chars: int, more_hint: str) -> tuple[str, list[str]]:
    """The world-fact block cut to ``budget`` characters: (block, ids of the facts shown).

    For a context window with a hard ceiling (SessionStart's). Constraints come before
    falsified findings; within a type ``priority`` decides which facts are kept, and they
    are shown in that order. One fact longer than ``fact_chars`` is cut with a marker saying
    how much is missing. What did not fit is counted on the block's last line
    ("2 more standing constraints not shown: ``more_hint``"). "" when nothing fits."""
    note = "standing facts about this environment, stated by the user"
    overhead = len(fence("", kind=FENCE_KIND, note=note))
    groups = framed_claims(claims)
    shown: dict[str, list[str]] = {name: [] for name in FRAMED_TYPES}
    left_out: dict[str, int] = {name: 0 for name in FRAMED_TYPES}
    ids: list[str] = []
    used = overhead + _MORE_RESERVE
    for claim_type, items in groups.items():
        heading = len(framing(claim_type)) + 2
        for claim in sorted(items, key=lambda c: priority(c, trust_of(c))):
            line = _fact_line(claim, rung_of(claim), fact_chars, more_hint)
            cost = len(line) + 1 + (0 if shown[claim_type] else heading)
            if used + cost > budget:
                left_out[claim_type] += 1
                continue
            shown[claim_type].append(line)
            ids.append(claim.id)
            used += cost
    lines: list[str] = []
    for claim_type, items in shown.items():
        if items:
            if lines:
                lines.append("")
            lines.append(framing(claim_type))
            lines.extend(items)
    missing = [f"{n} more {_PLURAL.get(t, t)}" for t, n in left_out.items() if n]
    if missing:
        lines.append(f"({', '.join(missing)} not shown: {more_hint})")
    block = fence("\n".join(lines), kind=FENCE_KIND, note=note) if lines else ""
    if len(block) > budget:  # a budget too small even for the count of what was left out
        return "", []
    return block, ids


# Room kept for the "(N more … not shown: …)" line.
_MORE_RESERVE = 120
_PLURAL = {"constraint": "standing constraints", "falsified": "falsified findings"}


def world_fact_block(claims: Iterable[Claim], rung_of: Callable[[Claim], str] | None = None,
                     *, now: float | None = None) -> str:
    """Constraints and falsified findings, in full, under their framings, in one fence.

    Returns "" when there is nothing to serve. ``rung_of(claim)`` gives the confidence rung
    shown in each line's attribution (default: ``rlat.trust.rungs.rung``). Never truncated:
    callers must not count this block against a passage budget. A context window with a hard
    ceiling (SessionStart's) uses ``world_fact_block_within`` instead."""
    lines = world_fact_lines(claims, rung_of, now=now)
    if not lines:
        return ""
    return fence("\n".join(lines), kind=FENCE_KIND,
                 note="standing facts about this environment, stated by the user")
