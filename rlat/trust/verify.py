"""Corpus verification as events: what a faithfulness verdict does to a claim.

Pure: the caller (``rlat.km.verify``) runs the faithfulness gate (``rlat.km.faithful``) and
hands the verdict here as plain data; this module returns the events to append.

* **entailed** — a ``verified`` event with ``good: true`` (``corpus_good`` + 1: +1.5 points,
  and fresh evidence, so a TTL-stale claim revives). A corpus claim also cites the passage it
  was verified against, so drift follows the passage it now rests on. A claim a refresh marked
  ``stale`` (its source drifted) comes back: to ``active`` if it had been promoted (its scope
  is wider than ``agent``), else to ``candidate``.
* **contradicted** — a ``verified`` event with ``good: false`` (``corpus_bad`` + 1: −2.0
  points). A stale claim stays stale.
* **unsupported** — nothing: a knowledge model that does not mention a claim says nothing
  about it.

A verification counts once per (claim, passage, content hash): every ``verified`` event
records what it was checked ``against``, and ``done_keys`` reads those back, so running
``rlat memory verify`` twice never counts the same check twice.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..claims import events as ev
from ..claims.model import Claim

ENTAILED, CONTRADICTED, UNSUPPORTED = "entailed", "contradicted", "unsupported"
ACTOR = "verify"


def check_key(claim_id: str, passage_id: str, content_hash: str) -> tuple[str, str, str]:
    return (claim_id, passage_id, content_hash)


def done_keys(events: Iterable[dict]) -> set[tuple[str, str, str]]:
    """The (claim, passage, hash) checks already counted in a log's ``verified`` events."""
    out = set()
    for event in events:
        if event.get("kind") != ev.VERIFIED:
            continue
        against = event.get("against")
        if isinstance(against, dict):
            out.add(check_key(str(event.get("claim")), str(against.get("passage_id")),
                              str(against.get("content_hash"))))
    return out


def back_to(claim: Claim) -> str:
    """The state a re-verified stale claim returns to."""
    return "active" if claim.scope != "agent" else "candidate"


def verification_events(claim: Claim, status: str, citation: dict, *, km: str, now: float,
                        done: set[tuple[str, str, str]], reason: str = "") -> list[dict]:
    """The events a verdict ``status`` against the passage ``citation`` (a passage citation:
    ``passage_id``, ``content_hash``, ``path``) makes for ``claim``; [] when it changes nothing
    or was counted before."""
    from .lifecycle import at  # not at import: the hook path renders is_provisional only

    if status not in (ENTAILED, CONTRADICTED):
        return []
    key = check_key(claim.id, str(citation.get("passage_id")), str(citation.get("content_hash")))
    revive = status == ENTAILED and claim.state == "stale"
    if key in done and not revive:
        return []
    good = status == ENTAILED
    cites = [dict(citation)] if good and claim.source == "corpus" else []
    event = ev.verified(claim.id, good=good, citations=cites, ts=now)
    event["against"] = {"km": km, "passage_id": citation.get("passage_id"),
                        "content_hash": citation.get("content_hash"),
                        "path": citation.get("path"), "reason": reason}
    out = [event] if key not in done else []
    if revive:
        where = citation.get("path") or citation.get("passage_id")
        out.append(ev.state_changed(claim.id, back_to(claim),
                                    f"re-verified against {where}", actor=ACTOR,
                                    ts=at(claim, now)))
    done.add(key)
    return out


def is_provisional(claim: Claim) -> bool:
    """A corpus claim that has earned nothing beyond its origin's prior yet: no good
    verification, no corroboration, no positive outcome. It serves (it is grounded in a cited
    passage) but is shown as PROVISIONAL wherever it appears."""
    if claim.source != "corpus":
        return False
    if claim.corpus_good or claim.user_good:
        return False
    return not any(int(o[1]) > 0 and float(o[2]) > 0 for o in claim.outcomes)
