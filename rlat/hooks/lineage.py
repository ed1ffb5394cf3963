"""Read lineage and outcomes of world facts served from knowledge models.

A world fact served from one of the workspace's world-fact KMs (SessionStart's standing facts,
an attribute the prompt hook recalled) is a claim of that KM's log, not of the memory store.
Its ``injected`` and ``outcome`` events go to *that KM's* log, where they fold onto the claim
itself: the trust engine (its rung, its independence, its outcome credit) and `rlat lens learn
--from-outcomes` (which reads the memory store and the workspace's KMs, joining outcomes to
claims by id) see them like any other claim's. Everything else goes to the memory store.

Which KM served a claim is written in the session's signal file beside what was injected
(``"kms": {claim_id: km_path}`` on the ``start`` and ``prompt`` records), so the outcomes
assessed at session end are routed the same way.

Appending to a KM takes its lock for at most the hook's lock timeout; a KM that cannot take the
events now is logged (one line) and skipped: lineage is lost for that session, never a claim.
"""

from __future__ import annotations

from pathlib import Path

from .runtime import HookContext


def kms_of(records: list[dict]) -> dict[str, str]:
    """claim id -> the KM that served it, from a session's signal records."""
    out: dict[str, str] = {}
    for rec in records:
        kms = rec.get("kms")
        if isinstance(kms, dict):
            for cid, path in kms.items():
                if isinstance(cid, str) and isinstance(path, str):
                    out.setdefault(cid, path)
    return out


def split(events: list[dict], km_of: dict[str, str]) -> tuple[list[dict], dict[str, list[dict]]]:
    """(events for the memory store, events per KM path): each ``injected`` or ``outcome``
    event's claims divided by where they live. A part for a KM is a copy with its own event
    id (learn.py counts an outcome event once by id)."""
    from ..claims.ids import new_event_id

    if not km_of:
        return list(events), {}
    store: list[dict] = []
    per_km: dict[str, list[dict]] = {}
    for event in events:
        entries = event.get("claims") or ()
        groups: dict[str | None, list] = {}
        for entry in entries:
            cid = entry if isinstance(entry, str) else entry[0]
            groups.setdefault(km_of.get(cid), []).append(entry)
        if set(groups) <= {None}:
            store.append(event)
            continue
        for where, part in groups.items():
            if where is None:
                store.append({**event, "claims": part})
            else:
                per_km.setdefault(where, []).append(
                    {**event, "id": new_event_id(), "claims": part})
    return store, per_km


def append(ctx: HookContext, events: list[dict], km_of: dict[str, str], *,
           durable: bool = True) -> None:
    """Append ``events`` where their claims live (see the module docstring)."""
    store, per_km = split(events, km_of)
    if store:
        ctx.append_events(store, durable=durable)
    if not per_km:
        return
    from ..claims.log import ClaimLog

    for path, part in per_km.items():
        try:
            ClaimLog(Path(path)).append(part, lock_timeout=ctx.lock_timeout(), durable=durable)
        except Exception as exc:  # noqa: BLE001 - lock busy, KM gone, read-only
            ctx.log(f"lineage of {len(part)} event(s) not recorded in {path}: {exc}")
