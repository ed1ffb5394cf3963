"""Whole-file rewrites of a claim container: compact, merge (union of events), salvage.

These are the only code paths that replace a file instead of appending to it; each writes a
complete new file and renames it into place (container.write_new_file), and each preserves the
fold: fold(before) == fold(after), except for text a privacy purge removes on purpose. Every rewrite
goes through ``build_file``, which drops the text of every purged claim from every event, so
a purge made in either copy of a merged log wins.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ..container import EVENTS, SNAPSHOT, TOC, Container, CorruptRecord, RecordRef
from ..container.file import RLAT_MAGIC, write_new_file
from ..records import replace
from . import events as ev
from .fold import FoldState, fold, folded_before_registers, strip_purged
from .model import CLAIM_FIELDS, Claim
from .shapes import malformed

EVENTS_PER_RECORD = 2000


def read_all(path: Path, magic: bytes = RLAT_MAGIC) -> tuple[list[dict], list[tuple[RecordRef, dict]]]:
    """(every event in file order, every non-event non-snapshot record with its ref). Events
    the fold cannot read (``rlat.claims.shapes``) are left out: a rewrite keeps the fold, and
    the fold never applied them."""
    container = Container(path, magic)
    events: list[dict] = []
    others: list[tuple[RecordRef, dict]] = []
    for ref, body in container.records():
        if ref.rtype == EVENTS:
            events.extend(readable(body.get("events", ())))
        elif ref.rtype != SNAPSHOT:
            others.append((ref, body))
    return events, others


def readable(events) -> list[dict]:
    """``events`` without those the fold cannot read (``rlat.claims.shapes.malformed``)."""
    return [e for e in events if malformed(e) is None]


def current_build_records(others: list[tuple[RecordRef, dict]]) -> list[tuple[int, dict]]:
    """The records the newest table of contents points at, with a fresh TOC to follow them.

    A TOC body is ``{"entries": [[rtype, offset, label], ...], ...}``; records it does not
    reference belong to an older build and are dropped. Records in a file without a TOC are
    kept as they are."""
    tocs = [(ref, body) for ref, body in others if ref.rtype == TOC]
    if not tocs:
        return [(ref.rtype, body) for ref, body in others]
    _toc_ref, toc = tocs[-1]
    by_offset = {ref.offset: (ref.rtype, body) for ref, body in others}
    kept: list[tuple[int, dict]] = []
    labels: list[tuple[int, str]] = []
    for rtype, offset, label in toc.get("entries", ()):
        record = by_offset.get(offset)
        if record is None or record[0] != rtype:
            continue
        kept.append(record)
        labels.append((rtype, label))
    new_toc = dict(toc)
    new_toc["entries"] = labels  # offsets are filled in by _with_offsets
    return kept + [(TOC, new_toc)]


def _with_offsets(records: list[tuple[int, dict]]) -> list[tuple[int, dict]]:
    """Fill in the TOC's offsets now that the order of records in the new file is known."""
    from ..container.file import HEADER_SIZE, frame_record

    offsets = []
    pos = HEADER_SIZE
    for rtype, body in records:
        offsets.append(pos)
        if rtype == TOC:
            entries = body["entries"]
            body["entries"] = [
                [rtype_, offsets[i], label] for i, (rtype_, label) in enumerate(entries)
            ]
        pos += len(frame_record(rtype, body))
    return records


def purge_text(events: list[dict], claim: str) -> list[dict]:
    """Drop a claim's text, cited excerpts and citing commands from every event about it."""
    return _purge_claims(events, {claim})


def _purge_claims(events: list[dict], claims: set[str]) -> list[dict]:
    out = []
    for event in events:
        if event.get("claim") in claims:
            event = dict(event)
            if "text" in event:
                event["text"] = ""
            if "citations" in event:
                event["citations"] = [strip_purged(c) for c in event["citations"]]
            if event.get("kind") == ev.RESTORED:  # (a whole claim: its text and its evidence)
                event["row"] = purged_row(event.get("fields") or [], event.get("row") or [])
        out.append(event)
    return out


def purged_row(fields: list[str], row: list) -> list:
    """A ``restored`` event's claim row without its text and its evidence's excerpts."""
    row = list(row)
    if "text" in fields and fields.index("text") < len(row):
        row[fields.index("text")] = ""
    if "evidence" in fields and fields.index("evidence") < len(row):
        at = fields.index("evidence")
        row[at] = [strip_purged(c) for c in (row[at] or ()) if isinstance(c, dict)]
    return row


def apply_purges(events: list[dict]) -> list[dict]:
    """``events`` with the text of every claim a ``purged`` event names dropped from every
    event about it. A purge is absorbing: whichever copy of a log it was made in, a rewrite
    (compact, merge, salvage) never writes that claim's text back."""
    purged = {e.get("claim") for e in events if e.get("kind") == ev.PURGED}
    purged.discard(None)
    return _purge_claims(events, purged) if purged else events


def salvaged_events(kept: list[tuple[int, dict]]) -> tuple[list[dict], int]:
    """The events of the intact records, in file order, and how many ``restored`` events
    stand in for lost ones: every claim the newest intact snapshot holds other than the
    surviving events before it build it (their damaged records held the rest) is restored as
    the snapshot held it, where the snapshot was, so what followed applies on top."""
    snapshots = [i for i, (rtype, _body) in enumerate(kept) if rtype == SNAPSHOT]
    split = snapshots[-1] if snapshots else len(kept)

    def events_of(records):
        return [e for rtype, body in records if rtype == EVENTS
                for e in readable(body.get("events", ()))]

    before, after = events_of(kept[:split]), events_of(kept[split:])
    if not snapshots:
        return before, 0
    held = FoldState.from_snapshot(kept[split][1]).claims
    built = fold(before).claims
    if folded_before_registers(kept[split][1]):
        # (an older rlat's rows have no state registers, which the events build: a claim is
        # restored only when it differs in something else)
        held = {cid: _unregistered(claim) for cid, claim in held.items()}
        built = {cid: _unregistered(claim) for cid, claim in built.items()}
    # (timed where the snapshot was: a union merge sorts by time, and what followed the
    # snapshot must still apply on top)
    times = [float(e.get("ts", 0)) for e in after]
    at = min(times) - 0.001 if times else max((float(e.get("ts", 0)) for e in before),
                                              default=0.0) + 0.001
    restored = [ev.restored(list(CLAIM_FIELDS), claim.to_row(), ts=at)
                for cid, claim in held.items() if built.get(cid) != claim]
    return before + restored + after, len(restored)


def _unregistered(claim: Claim) -> Claim:
    return replace(claim, base_state=[], contest_key=[])


def build_file(path: Path, events: list[dict], others: list[tuple[int, dict]],
               magic: bytes = RLAT_MAGIC) -> None:
    events = apply_purges(events)
    records = _with_offsets(list(others))
    for i in range(0, len(events), EVENTS_PER_RECORD):
        records.append((EVENTS, {"events": events[i : i + EVENTS_PER_RECORD]}))
    if events:
        records.append((SNAPSHOT, fold(events).to_snapshot()))
    write_new_file(path, magic, records)


def compact(path: Path, purge: list[str] | None = None, *,
            refuse: Callable[[Container], None] | None = None) -> dict:
    """Rewrite ``path`` with its events in few records, the current build only, and a fresh
    snapshot. Holds the file's lock for the whole rewrite.

    A damaged file is never rewritten: a rewrite keeps only what reads intact, so it would
    make the loss permanent, with no backup, where `rlat doctor` keeps one. Corruption mid-file
    raises as it is read; a file that ends inside a record (cut short, or an interrupted
    write) raises CorruptRecord; ``refuse`` (called under the lock) raises for damage a layer
    above knows of — a knowledge model's build cut off from its table of contents."""
    container = Container(path)
    report: dict = {}

    def work() -> None:
        if refuse is not None:
            refuse(container)
        scan = container.scan()
        if scan.torn_bytes:
            raise CorruptRecord(path, scan.good_end,
                                f"the file ends {scan.torn_bytes} bytes into it (cut short, or "
                                "a write was interrupted)")
        events, others = read_all(path)
        before = path.stat().st_size
        for cid in purge or ():
            events = purge_text(events, cid)
            events.append(ev.purged(cid))
        kept = current_build_records(others)
        build_file(path, events, kept)
        report.update(events=len(events), bytes_before=before, bytes_after=path.stat().st_size,
                      build_records=len(kept), purged=list(purge or ()))

    with container.locked():
        work()
    return report


def union_events(*event_lists: list[dict]) -> list[dict]:
    """Union by event id, in (ts, id) order: how two copies of an append-only log merge."""
    seen: dict[str, dict] = {}
    for events in event_lists:
        for event in events:
            seen.setdefault(str(event.get("id")), event)
    return sorted(seen.values(), key=lambda e: (float(e.get("ts", 0)), str(e.get("id"))))


def newest_build(*candidates: list[tuple[RecordRef, dict]]) -> list[tuple[int, dict]]:
    """Of several copies' build records, the one whose TOC is newest (by its ``built_at``)."""
    best: list[tuple[int, dict]] = []
    best_ts = float("-inf")
    for others in candidates:
        kept = current_build_records(others)
        tocs = [body for rtype, body in kept if rtype == TOC]
        ts = float(tocs[-1].get("built_at", 0)) if tocs else (0.0 if kept else float("-inf"))
        if ts > best_ts:
            best, best_ts = kept, ts
    return best
