"""Whether a stored event has the shape the fold reads: ``malformed(event)``.

A `.rlat` file can hold events no constructor in ``rlat.claims.events`` wrote: one copied from
a teammate, merged by git, spooled by a hook from a payload it could not trust, or written by a
newer or buggier rlat. A record's checksum says its bytes are the bytes written, not that its
events make sense, and one event with a string for a timestamp or a list for a claim id made
every fold of the file raise — memory off, knowledge model unsearchable, `rlat doctor` unable to
read what it should mend. So every reader folds only the events this module accepts; the
others are skipped and counted (``FoldState.malformed``), ``rlat doctor`` reports them and
``rlat doctor --repair`` (like ``rlat compact``) leaves them out of the file it writes.

The rule is each field the fold or a reader of the log uses, with the type it uses it as
(docs/format.md, "Events"). An unknown kind is not malformed: a newer writer's event is kept
and ignored, as it always was. Checked per event on every full fold, so the checks are plain
type tests (≈0.8 µs an event on this project's 2-core machine: a tenth of a full fold).

Import-light (the hooks fold).
"""

from __future__ import annotations

from . import events as ev
from .policy import SCOPES, STATES

_NUMBER = (int, float)
_SEQUENCE = (list, tuple)  # (msgpack gives lists; an event built in memory may hold tuples)
_SCALAR = (str, int, float, bool, type(None))
_OPTIONAL_TEXT = (str, type(None))
# proposed: fields stored on the claim as text, as they are
_PROPOSED_TEXT = ("text", "type", "source", "subject", "polarity", "origin", "observed_by",
                  "criticality")


def malformed(event: object) -> str | None:
    """Why ``event`` cannot be folded (one short phrase), or None when it can."""
    if not isinstance(event, dict):
        return "not a map"
    kind = event.get("kind")
    if not isinstance(kind, str):
        return "no kind"
    if "ts" in event and not isinstance(event["ts"], _NUMBER):
        return "ts is not a number"
    check = _CHECKS.get(kind)
    return check(event) if check is not None else None


def _claim_id(event: dict) -> str | None:
    return None if isinstance(event.get("claim"), str) else "claim is not an id"


def _citations(event: dict) -> str | None:
    cites = event.get("citations", [])
    if not isinstance(cites, _SEQUENCE):
        return "citations is not a list"
    for cite in cites:
        if not isinstance(cite, dict) or not all(isinstance(v, _SCALAR) for v in cite.values()):
            return "a citation is not a map of plain values"
    return None


def _workspace(event: dict) -> str | None:
    return None if isinstance(event.get("workspace"), _OPTIONAL_TEXT) else \
        "workspace is not text"


def _text_fields(event: dict, names: tuple[str, ...]) -> str | None:
    for name in names:
        if name in event and not isinstance(event[name], str):
            return f"{name} is not text"
    return None


def _proposed(event: dict) -> str | None:
    parents = event.get("parent_ids", [])
    return (_claim_id(event) or _text_fields(event, _PROPOSED_TEXT) or _citations(event)
            or _workspace(event)
            or (None if isinstance(event.get("attribute_key"), _OPTIONAL_TEXT)
                else "attribute_key is not text")
            or (None if isinstance(event.get("resolves_at"), (*_NUMBER, type(None)))
                else "resolves_at is not a number")
            or (None if isinstance(parents, _SEQUENCE) and all(isinstance(p, str) for p in parents)
                else "parent_ids is not a list of ids"))


def _evidence(event: dict) -> str | None:
    return _claim_id(event) or _citations(event) or _workspace(event)


def _outcome(event: dict) -> str | None:
    if not isinstance(event.get("result", 0), int):
        return "result is not a number"
    entries = event.get("claims", [])
    if not isinstance(entries, _SEQUENCE):
        return "claims is not a list"
    for entry in entries:
        if not isinstance(entry, _SEQUENCE) or not entry or not isinstance(entry[0], str) \
                or (len(entry) > 2 and not isinstance(entry[2], _NUMBER)):
            return "a claim entry is not [id, rank, credit]"
    return None


def _state_changed(event: dict) -> str | None:
    return _claim_id(event) or (None if event.get("to") in STATES else "to is not a state") \
        or _text_fields(event, ("reason",))


def _promoted(event: dict) -> str | None:
    return _claim_id(event) or _text_fields(event, ("reason",)) \
        or (None if event.get("scope", SCOPES[0]) in SCOPES else "scope is not a scope")


def _superseded(event: dict) -> str | None:
    return _claim_id(event) or (None if isinstance(event.get("by"), _OPTIONAL_TEXT)
                                else "by is not an id")


def _contested(event: dict) -> str | None:
    return _claim_id(event) or _text_fields(event, ("reason",)) \
        or (None if isinstance(event.get("other"), _OPTIONAL_TEXT) else "other is not an id")


def _corroborated(event: dict) -> str | None:
    return _claim_id(event) or (None if isinstance(event.get("actor"), _OPTIONAL_TEXT)
                                else "actor is not text")


def _verified(event: dict) -> str | None:
    return _claim_id(event) or _citations(event)


def _injected(event: dict) -> str | None:
    ids = event.get("claims", [])
    return None if isinstance(ids, _SEQUENCE) and all(isinstance(c, str) for c in ids) else \
        "claims is not a list of ids"


def _marked(event: dict) -> str | None:
    return _claim_id(event)


def _agent(event: dict) -> str | None:
    return (None if isinstance(event.get("agent", ""), str) else "agent is not text") \
        or _text_fields(event, ("reason",))


def _calibration(event: dict) -> str | None:
    if not isinstance(event.get("agent", ""), str):
        return "agent is not text"
    for name in ("score", "resolved", "correct", "expired"):
        if name in event and not isinstance(event[name], _NUMBER):
            return f"{name} is not a number"
    return None


def _restored(event: dict) -> str | None:
    # (the fold reads the row guarded: a row that does not make a claim is skipped there)
    return _claim_id(event)


_CHECKS = {
    ev.PROPOSED: _proposed,
    ev.EVIDENCE_ADDED: _evidence,
    ev.RECURRED: _evidence,
    ev.OUTCOME: _outcome,
    ev.STATE_CHANGED: _state_changed,
    ev.PROMOTED: _promoted,
    ev.SUPERSEDED: _superseded,
    ev.CONTESTED: _contested,
    ev.CORROBORATED: _corroborated,
    ev.VERIFIED: _verified,
    ev.INJECTED: _injected,
    ev.MARKED: _marked,
    ev.QUARANTINED: _agent,
    ev.UNQUARANTINED: _agent,
    ev.CALIBRATION_SCORED: _calibration,
    ev.PURGED: _claim_id,
    ev.RESTORED: _restored,
}
