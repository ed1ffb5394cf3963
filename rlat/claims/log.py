"""A claim log stored in a container: append events, fold them (from the newest snapshot)."""

from __future__ import annotations

import gc
import os
import struct
from collections.abc import Iterator
from pathlib import Path

from ..container import EVENTS, SNAPSHOT, Container, ContainerError, CorruptRecord
from ..container.file import REC_HEAD, REC_OVERHEAD
from .fold import FoldState, fold, snapshot_usable
from .shapes import malformed

# Write a snapshot once the event records after the newest one hold this fraction of that
# snapshot's own size (in bytes on disk, framing included), and at least CHECKPOINT_MIN_BYTES.
# A snapshot grows with the log, so snapshots get rarer as it grows: together they stay within
# 1/CHECKPOINT_FRACTION of the event bytes (amortised O(1) bytes per event), where a fixed
# record interval made them quadratic. Opening decodes the snapshot plus at most this fraction
# of its size in event records. Snapshots are only written by commands and the background
# worker, never inside a hook's budget.
CHECKPOINT_FRACTION = 0.5
CHECKPOINT_MIN_BYTES = 64 * 1024


def checkpoint_due(bytes_since_snapshot: int, snapshot_bytes: int) -> bool:
    """The snapshot policy: ``bytes_since_snapshot`` of event records follow a snapshot of
    ``snapshot_bytes`` (0 when there is none). Shared with bench/storegen.py."""
    return bytes_since_snapshot >= max(CHECKPOINT_MIN_BYTES,
                                       CHECKPOINT_FRACTION * snapshot_bytes)
# Folds with at least this many claims are frozen out of the cyclic GC after loading (state()).
FREEZE_AT_CLAIMS = 2000


class ClaimLog:
    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self.container = Container(self.path)
        # From the last state(): event records after the newest snapshot, their bytes on disk
        # (framing included) and that snapshot's bytes (0 when there is none).
        self.records_since_snapshot = 0
        self.bytes_since_snapshot = 0
        self.snapshot_bytes = 0
        self._records_known = False

    def exists(self) -> bool:
        return self.path.exists()

    def state(self) -> FoldState:
        """The folded claims. A missing file is an empty log; a broken one raises ContainerError."""
        if not self.path.exists():
            self.records_since_snapshot = self.bytes_since_snapshot = self.snapshot_bytes = 0
            return FoldState()
        # Decoding a snapshot allocates hundreds of thousands of small containers and none of
        # them form cycles: the cyclic GC's repeated passes over them are pure cost (about a
        # third of the open time of a 100k-event store, bench/bench_container.py).
        paused = gc.isenabled()
        gc.disable()
        try:
            state = self._state()
        finally:
            if paused:
                gc.enable()
        if paused and len(state.claims) >= FREEZE_AT_CLAIMS:
            # A large fold is long-lived and acyclic (refcounting still frees it): move it out
            # of the collector's way so later allocations don't rescan it over and over.
            gc.freeze()
        return state

    def _state(self) -> FoldState:
        data = self.container._map()
        refs, found = self.container.tail_refs([SNAPSHOT], data)
        if found and refs and refs[0].rtype == SNAPSHOT:
            body = self.container.read(refs[0], data)
            if not snapshot_usable(body):
                # An older or a newer rlat's fold, by rules this one does not keep: every event
                # is still in the file, so fold them all (the next checkpoint writes a current
                # snapshot); only events damaged before it (`rlat doctor`) leave it to serve.
                try:
                    return self._fold_from(FoldState(), self.container.scan(data).refs, data, 0)
                except CorruptRecord:
                    pass
            state = self._fold_from(FoldState.from_snapshot(body), refs[1:], data,
                                    refs[0].length + REC_OVERHEAD)
        else:
            if not found:
                refs = self.container.scan(data).refs
            state = self._fold_from(FoldState(), refs, data, 0)
        return state

    def _fold_from(self, state: FoldState, refs: list, data, snapshot_bytes: int) -> FoldState:
        """``state`` with the event records among ``refs`` folded on, after a snapshot of
        ``snapshot_bytes`` (0: none)."""
        count = size = 0
        for ref in refs:
            if ref.rtype == EVENTS:
                fold(self.container.read(ref, data).get("events", ()), state)
                count += 1
                size += ref.length + REC_OVERHEAD
        self.records_since_snapshot = count
        self.bytes_since_snapshot = size
        self.snapshot_bytes = snapshot_bytes
        self._records_known = True
        return state

    def events(self) -> Iterator[dict]:
        """Every event the fold can read, in file order (a full scan; for audits, lineage and
        history). ``rlat doctor`` reads the others (``rlat.claims.shapes``)."""
        if not self.path.exists():
            return
        for _ref, body in self.container.records([EVENTS]):
            for event in body.get("events", ()):
                if malformed(event) is None:
                    yield event

    def append(self, events: list[dict], *, lock_timeout: float | None = None,
               durable: bool = True) -> None:
        if events:
            self.container.append([(EVENTS, {"events": events})], lock_timeout=lock_timeout,
                                  durable=durable)

    def checkpoint(self, *, force: bool = False, lock_timeout: float | None = 1.0) -> bool:
        """Append a snapshot of the fold when enough event bytes follow the newest one
        (``checkpoint_due``).

        Uses the sizes from the last ``state()`` call (folding first if there was none). Best
        effort: a busy lock or a read-only file just means no snapshot this time."""
        if self._records_known is False:
            self.state()
        if not force and not checkpoint_due(self.bytes_since_snapshot, self.snapshot_bytes):
            return False

        def build():
            # Folded under the lock: no event can land between the fold and its snapshot.
            return [(SNAPSHOT, self.state().to_snapshot())]

        try:
            offset = self.container.append_built(build, lock_timeout=lock_timeout)[0]
        except (ContainerError, OSError):
            if force:
                raise
            return False
        self.records_since_snapshot = self.bytes_since_snapshot = 0
        self.snapshot_bytes = self._record_bytes(offset)
        return True

    def _record_bytes(self, offset: int) -> int:
        """The size on disk of the record at ``offset`` (0 if it cannot be read)."""
        try:
            with open(self.path, "rb") as fh:
                fh.seek(offset)
                return REC_HEAD.unpack(fh.read(REC_HEAD.size))[2] + REC_OVERHEAD
        except (OSError, ValueError, struct.error):
            return 0
