"""Many writers at once, and a disk that fills up mid-write."""

from __future__ import annotations

import os
import resource
import signal

import pytest

from rlat.claims import ClaimLog, fold
from rlat.claims import events as ev
from rlat.claims.ids import content_hash
from rlat.claims.rewrite import compact
from rlat.container import Container

WRITERS = 8
APPENDS = 200


def _claim(writer: int, seq: int) -> dict:
    text = f"writer {writer} append {seq}: " + " ".join(f"w{(writer * seq + k) % 97}" for k in range(20))
    cite = ev.session_citation(f"writer-{writer}", f"seq-{seq}", content_hash(text))
    return ev.proposed(text, "event", citations=[cite])


def test_eight_processes_times_two_hundred_appends_lose_and_corrupt_nothing(tmp_path, children):
    path = tmp_path / "memory.rlat"

    def writer(n):
        def work(ack):
            log = ClaimLog(path)
            for seq in range(APPENDS):
                log.append([_claim(n, seq)])  # lock, write, fsync: one record each
            ack("done")
        return work

    procs = [children(writer(n)) for n in range(WRITERS)]
    for proc in procs:
        assert proc.wait(timeout=120) == ["done"] and proc.exit_code == 0

    refs = Container(path).scan().refs
    assert len(refs) == WRITERS * APPENDS  # one intact record per append, nothing torn
    seen: dict[int, list[int]] = {n: [] for n in range(WRITERS)}
    for _ref, body in Container(path).records():
        (event,) = body["events"]
        (cite,) = event["citations"]
        assert cite["excerpt_hash"] == content_hash(event["text"])  # the bytes are intact
        seen[int(cite["session_id"].split("-")[1])].append(int(cite["message_id"].split("-")[1]))
    for n in range(WRITERS):
        assert seen[n] == list(range(APPENDS)), f"writer {n}'s appends lost or reordered"
    assert len(ClaimLog(path).state().claims) == WRITERS * APPENDS


def _with_file_size_limit(limit: int, action):
    """Run ``action()`` in a child whose files may not grow past ``limit`` bytes (RLIMIT_FSIZE,
    what a full disk looks like to a writer). Acks the exception's errno, or 'ok'."""

    def work(ack):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # fail the write with EFBIG, don't die
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
        try:
            action()
        except OSError as exc:
            ack(f"OSError {exc.errno}")
            return
        ack("ok")

    return work


@pytest.fixture
def store(tmp_path):
    path = tmp_path / "memory.rlat"
    log = ClaimLog(path)
    for seq in range(50):
        log.append([_claim(0, seq)], durable=False)
    log.checkpoint(force=True)
    return path


def test_a_full_disk_during_an_append_keeps_every_earlier_record(store, children):
    before = ClaimLog(store).state().claims
    size = store.stat().st_size
    big = ev.proposed("a large claim " + os.urandom(200_000).hex(), "event",
                      citations=[ev.command_citation("test")])
    child = children(_with_file_size_limit(size + 4096, lambda: ClaimLog(store).append([big])))
    (result,) = child.wait()
    assert result.startswith("OSError")  # the writer was told, not left believing it worked
    assert store.stat().st_size > size  # part of the record did reach the disk
    assert ClaimLog(store).state().claims == before  # ... and is skipped as a torn tail
    # When space is back, the next append repairs the tail and lands.
    after = _claim(1, 0)
    ClaimLog(store).append([after])
    state = ClaimLog(store).state()
    assert set(state.claims) == set(before) | {after["claim"]}
    assert state.claims == fold(ClaimLog(store).events()).claims


def test_a_full_disk_during_compact_leaves_the_original_untouched(store, children):
    original = store.read_bytes()
    child = children(_with_file_size_limit(300, lambda: compact(store)))  # the new file: no room
    (result,) = child.wait()
    assert result.startswith("OSError")
    assert store.read_bytes() == original
    assert [p.name for p in store.parent.iterdir()] == [store.name]  # no temp file left behind


def test_a_full_disk_during_a_snapshot_keeps_the_store_readable(store, children):
    log = ClaimLog(store)
    for seq in range(50, 80):
        log.append([_claim(0, seq)], durable=False)
    before = ClaimLog(store).state().claims
    size = store.stat().st_size

    def snapshot():
        if not ClaimLog(store).checkpoint(force=True):
            raise OSError(28, "checkpoint reported failure")

    child = children(_with_file_size_limit(size + 200, snapshot))
    (result,) = child.wait()
    assert result.startswith("OSError")
    assert ClaimLog(store).state().claims == before
