"""A listing of claims (`rlat memory list`): the row each claim gets, which rows are shown, and
in what order. The one definition both the full fold and the read model use.

A row is the claim's summary (``Claim.summary_dict``: every field but the histories, which are
counted) plus its rung as of ``now``. The read model (``rlat.retrieval.readmodel``) stores
every claim's row when it is built, so listing a large store reads rows instead of folding and
re-scoring every claim's history; a stored row is used only while it still equals what ``row`` would give.

Layer: trust (it knows claims and rungs, nothing above), so the read model's build in the
retrieval layer can store its rows.
"""

from __future__ import annotations

from types import SimpleNamespace

from .claims.model import REMARK_KIND, REMARK_SUBJECT, Claim, visible_in
from .trust.lifecycle import effective_state, stale_reason
from .trust.rungs import rung

# A rung depends on the clock only through outcomes dated after it (they don't count yet).
_NEVER = float("inf")


def row(claim: Claim, now: float | None = None) -> dict:
    """What a listing shows of ``claim``: its summary and its rung as of ``now``."""
    out = claim.summary_dict()  # histories as counts; `memory show` has them in full
    out["rung"] = rung(claim, now)
    return out


def row_keys() -> list[str]:
    """The keys of ``row``, in order (a read model built by a version with other keys is not used)."""
    return list(row(Claim("", "", "", "")))


def rung_settled_at(claim: Claim) -> float:
    """The time from which ``rung(claim, now)`` no longer changes with ``now``: its newest
    outcome's timestamp (0.0 without outcomes; infinity when one has no usable time)."""
    try:
        return max((float(entry[0]) for entry in claim.outcomes), default=0.0)
    except (TypeError, ValueError, IndexError):
        return _NEVER


def shown_row(row: dict, now: float) -> dict:
    """``row`` with the state a listing shows and ``--state`` filters on: the claim's effective
    state (``trust.lifecycle.effective_state``: past its type's TTL a claim is stale, though no
    event says so), worked out from the row's fields at ``now`` since a stored row does not
    age, and then why it is stale (as `memory show` says). The row itself when nothing
    changed."""
    claim = SimpleNamespace(**row)  # (the lifecycle reads the claim's fields alone)
    state = effective_state(claim, now)
    if state == row.get("state"):
        return row
    return {**row, "state": state, "state_reason": stale_reason(claim, now)}


def listed_type(row: dict) -> str:
    """The type a listing names a row by: its stored type, or ``remark`` for a remark (stored
    as ``environment`` whatever it says: ``claims.model.REMARK_KIND``), so `--type` filters by
    what the listing shows."""
    return REMARK_KIND if (row.get("subject") or "").startswith(REMARK_SUBJECT) else row["type"]


def shown(row: dict, *, all_states: bool = False, workspace: str | None = None,
          claim_type: str | None = None, state: str | None = None) -> bool:
    """Whether a listing with these filters shows ``row``: retired claims, and claims another
    replaced (``superseded_by``: a session's record redone after a compaction), only with
    ``all_states`` (or ``state="retired"``); ``state`` keeps only claims in that (effective)
    state; ``claim_type`` only claims of that ``listed_type``; ``workspace`` keeps the claims
    served there (``claims.model.visible_in``)."""
    return ((all_states or state == "retired"
             or (row["state"] != "retired" and not row.get("superseded_by")))
            and (state is None or row["state"] == state)
            and (claim_type is None or listed_type(row) == claim_type)
            and visible_in(workspace, row["source"], row["workspaces"], row["cross_workspace"]))


def ordered(rows: list[dict]) -> list[dict]:
    """Newest first (``updated_at``), ties by id: an order that does not depend on the order
    the claims were folded in, so every way of reading a store lists it alike."""
    rows.sort(key=lambda r: r["id"])
    rows.sort(key=lambda r: r["updated_at"], reverse=True)
    return rows
