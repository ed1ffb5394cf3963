"""When the claim log writes snapshots: once the events after the newest one reach a fraction of
its size, so a store's snapshots stay proportional to its events (docs/format.md, Snapshots)."""

from __future__ import annotations

from rlat.claims import ClaimLog
from rlat.claims import events as ev
from rlat.claims.fold import fold
from rlat.claims.log import CHECKPOINT_FRACTION, CHECKPOINT_MIN_BYTES, checkpoint_due
from rlat.container import EVENTS, SNAPSHOT, Container


def _event(i: int) -> dict:
    text = f"claim {i}: " + " ".join(f"word{(i * 7 + k) % 997}" for k in range(12))
    cite = ev.session_citation(f"session-{i // 5}", f"msg-{i}", f"{i:016x}",
                               workspace="git:example")
    return ev.proposed(text, "convention", citations=[cite], workspace="git:example",
                       ts=1.7e9 + i)


def _sizes(path) -> tuple[int, int, int, int]:
    """(event bytes, snapshot bytes, number of snapshots, newest snapshot's bytes) on disk,
    framing included."""
    refs = Container(path).scan().refs
    events = sum(r.end - r.offset for r in refs if r.rtype == EVENTS)
    snaps = [r.end - r.offset for r in refs if r.rtype == SNAPSHOT]
    return events, sum(snaps), len(snaps), snaps[-1] if snaps else 0


def test_a_small_log_gets_no_snapshot_until_its_events_are_worth_one(tmp_path):
    log = ClaimLog(tmp_path / "m.rlat")
    log.append([_event(0)], durable=False)
    log.state()
    assert log.checkpoint() is False
    assert log.records_since_snapshot == 1 and 0 < log.bytes_since_snapshot < CHECKPOINT_MIN_BYTES
    i = 1
    while log.bytes_since_snapshot < CHECKPOINT_MIN_BYTES:
        log.append([_event(i)], durable=False)
        i += 1
        log.state()
    assert log.checkpoint() is True
    assert log.records_since_snapshot == 0 and log.bytes_since_snapshot == 0
    assert log.snapshot_bytes > 0
    assert log.checkpoint() is False  # nothing new since
    reopened = ClaimLog(log.path)
    reopened.state()
    assert reopened.records_since_snapshot == 0 and reopened.snapshot_bytes == log.snapshot_bytes
    assert _sizes(log.path)[2] == 1


def test_snapshots_stay_proportional_to_the_events_and_fold_the_same(tmp_path):
    log = ClaimLog(tmp_path / "m.rlat")
    events = [_event(i) for i in range(4000)]
    for i, event in enumerate(events):
        log.append([event], durable=False)
        if i % 25 == 24:  # a command now and then: fold, then checkpoint if due
            log.state()
            log.checkpoint()
    event_bytes, snapshot_bytes, n_snapshots, newest = _sizes(log.path)
    assert n_snapshots >= 2  # the policy does write them as the log grows
    # A snapshot is followed by at least CHECKPOINT_FRACTION of its size in events before the
    # next one, so all but the newest are bounded by the events.
    assert snapshot_bytes - newest <= event_bytes / CHECKPOINT_FRACTION
    reopened = ClaimLog(log.path)
    state = reopened.state()
    # The last command checkpointed if due: what follows the snapshot is less than it asks for.
    assert not checkpoint_due(reopened.bytes_since_snapshot, reopened.snapshot_bytes)
    whole = fold(events)
    assert {cid: c.to_row() for cid, c in state.claims.items()} == \
        {cid: c.to_row() for cid, c in whole.claims.items()}
