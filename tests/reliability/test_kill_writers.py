"""SIGKILL at random moments, during appends and during `compact`: the file always opens and
every acknowledged record is in it."""

from __future__ import annotations

import os
import random
import time

from rlat.claims import ClaimLog, fold
from rlat.claims import events as ev
from rlat.claims.rewrite import compact
from rlat.container import Container

TRIALS = 60


def _event(tag: str, size: int, noise: int = 0) -> dict:
    """A claim of about ``size`` words; ``noise`` random bytes (as hex) make the record large
    and incompressible, so a kill can land inside its write (the kernel stops a write to a
    regular file between pages when SIGKILL arrives, leaving a torn record)."""
    text = f"claim {tag} " + "lorem ipsum " * size
    if noise:
        text += os.urandom(noise).hex()
    return ev.proposed(text, "convention", citations=[ev.command_citation(f"test {tag}")])


def _appender(path, seed: int, snapshots: bool = True):
    """Append forever; ack each event id once its append has returned."""

    def work(ack):
        rng = random.Random(seed)
        log = ClaimLog(path)
        i = 0
        while True:
            noise = rng.choice((0,) * 7 + (200_000,))
            batch = [_event(f"{seed}-{i}-{j}", rng.randint(0, 400), noise)
                     for j in range(rng.randint(1, 3))]
            log.append(batch)
            for event in batch:
                ack(event["id"])
            if snapshots and rng.random() < 0.1:
                log.checkpoint(force=True)  # a snapshot record can be the one cut short
            i += 1

    return work


def _check_opens_with(path, acked: set[str]) -> None:
    state = ClaimLog(path).state()  # opens (a torn tail is skipped)
    ids = {e["id"] for e in ClaimLog(path).events()}
    missing = acked - ids
    assert not missing, f"{len(missing)} acknowledged events lost"
    # The fold read from the newest snapshot agrees with the fold of every event.
    assert state.claims == fold(ClaimLog(path).events()).claims


def test_sigkill_during_appends_never_loses_an_acknowledged_record(tmp_path, children):
    path = tmp_path / "memory.rlat"
    rng = random.Random(20240607)
    acked: set[str] = set()
    torn_seen = 0
    for trial in range(TRIALS):
        child = children(_appender(path, seed=trial))
        child.read_acks(timeout=5.0)  # running: at least one append went through
        time.sleep(rng.uniform(0.0, 0.03))
        acked.update(child.kill())
        scan = Container(path).scan()
        torn_seen += scan.torn_bytes > 0
        _check_opens_with(path, acked)
    assert len(acked) > TRIALS  # the trials did append
    # The next writer repairs whatever tail the last kill left, and its append lands.
    final = _event("after", 1)
    ClaimLog(path).append([final])
    _check_opens_with(path, acked | {final["id"]})
    assert Container(path).scan().torn_bytes == 0
    print(f"{TRIALS} kills, {len(acked)} acknowledged events, {torn_seen} torn tails repaired")


def _seed_store(path, n: int) -> set[str]:
    log = ClaimLog(path)
    ids: set[str] = set()
    for i in range(0, n, 20):
        batch = [_event(f"seed-{i + j}", 30) for j in range(20)]
        log.append(batch, durable=False)
        ids.update(e["id"] for e in batch)
    return ids


def test_sigkill_during_compact_keeps_every_record_and_a_consistent_snapshot(tmp_path, children):
    path = tmp_path / "memory.rlat"
    acked = _seed_store(path, 600)
    rng = random.Random(99)
    started = time.perf_counter()
    compact(path)
    duration = time.perf_counter() - started
    completed = 0
    for trial in range(TRIALS):
        # An appender runs alongside the compaction (it must wait for the lock, then follow
        # the renamed file) and is killed too.
        appender = children(_appender(path, seed=1000 + trial, snapshots=False))

        def compactor(ack):
            while True:
                compact(path)
                ack("compacted")

        victim = children(compactor)
        time.sleep(rng.uniform(0.0, 1.5 * duration))
        completed += victim.kill().count("compacted")
        time.sleep(rng.uniform(0.0, 0.01))
        acked.update(appender.kill())
        _check_opens_with(path, acked)
    print(f"{TRIALS} compactor kills, {completed} compactions finished, {len(acked)} events kept")


def test_a_writer_killed_halfway_through_its_record_loses_only_that_record(tmp_path, children):
    """SIGKILL seldom lands inside a write() here, so make it land there: the child's write
    puts a random prefix of its record on disk and then kills the process, as a kernel does
    when a fatal signal interrupts a large write between pages."""
    import signal

    from rlat.container import file as container_file

    path = tmp_path / "memory.rlat"
    acked: set[str] = set()
    rng = random.Random(11)
    torn = 0
    for trial in range(30):
        cut_fraction = rng.random()

        def work(ack, trial=trial, cut_fraction=cut_fraction):
            log = ClaimLog(path)
            for i in range(3):  # three whole appends, acknowledged
                event = _event(f"{trial}-{i}", 20)
                log.append([event])
                ack(event["id"])

            def torn_write(fh, data):
                fh.write(data[: int(len(data) * cut_fraction)])
                os.kill(os.getpid(), signal.SIGKILL)

            container_file._write_all = torn_write
            log.append([_event(f"{trial}-torn", 200)])  # never acknowledged

        child = children(work)
        acked.update(child.wait())
        assert os.WIFSIGNALED(child.status)
        torn += Container(path).scan().torn_bytes > 0
        _check_opens_with(path, acked)
    assert torn >= 20  # most cuts left a partial record for the next writer to repair
    assert len(acked) == 90
