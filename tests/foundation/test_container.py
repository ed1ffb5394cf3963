"""The .rlat container: round trips, torn tails, corruption, bad files."""

from __future__ import annotations

import random
import struct
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.cli import run_rlat

from rlat.container import (
    EVENTS,
    SNAPSHOT,
    Container,
    ContainerError,
    CorruptRecord,
    NotAContainer,
    UnsupportedVersion,
    salvage,
)
from rlat.container.file import HEADER_SIZE, make_header

msgpack_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | st.text(max_size=40)
    | st.binary(max_size=40) | st.floats(allow_nan=False),
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.text(max_size=10), children, max_size=5),
    max_leaves=20,
)
bodies = st.dictionaries(st.text(max_size=12), msgpack_values, max_size=6)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(records=st.lists(st.tuples(st.sampled_from([EVENTS, SNAPSHOT, 5]), bodies), min_size=1, max_size=8))
def test_any_sequence_of_records_round_trips(tmp_path_factory, records):
    path = tmp_path_factory.mktemp("rt") / "x.rlat"
    c = Container(path)
    for rtype, body in records:
        c.append([(rtype, body)])
    got = [(ref.rtype, body) for ref, body in c.records()]
    assert got == records


def _file_with_records(path, n):
    c = Container(path)
    for i in range(n):
        c.append([(EVENTS, {"events": [{"i": i, "pad": "x" * (i * 7)}]})])
    return c


def test_truncation_anywhere_in_last_record_keeps_every_earlier_record(tmp_path):
    path = tmp_path / "t.rlat"
    c = _file_with_records(path, 5)
    refs = c.scan().refs
    last = refs[-1]
    whole = path.read_bytes()
    for cut in range(last.offset, last.end):
        path.write_bytes(whole[:cut])
        got = [body["events"][0]["i"] for _ref, body in Container(path).records()]
        assert got == [0, 1, 2, 3], f"cut at {cut}"
    # The next append repairs the torn tail (with a warning) and lands intact.
    path.write_bytes(whole[: last.offset + 9])
    c2 = Container(path)
    c2.append([(EVENTS, {"events": [{"i": 99}]})])
    assert c2.warnings and "torn" in c2.warnings[0]
    assert [b["events"][0]["i"] for _r, b in Container(path).records()] == [0, 1, 2, 3, 99]


def test_every_flipped_byte_is_detected_never_silently_accepted(tmp_path):
    path = tmp_path / "f.rlat"
    _file_with_records(path, 3)
    whole = path.read_bytes()
    original = [body for _r, body in Container(path).records()]
    for pos in range(len(whole)):
        flipped = bytearray(whole)
        flipped[pos] ^= 0x5A
        path.write_bytes(bytes(flipped))
        try:
            got = [body for _r, body in Container(path).records()]
        except ContainerError:
            continue  # detected: fine
        # Not raising is only fine when the damage made a torn tail of the *last* record,
        # and everything returned is exactly what was written.
        assert got == original[: len(got)], f"flip at byte {pos} changed data silently"
        assert len(got) >= len(original) - 1


@pytest.mark.parametrize(
    "content,error",
    [
        (b"", NotAContainer),
        (b"hello world, not an rlat file at all" * 3, NotAContainer),
        (make_header(b"\x89RLAT\r\n\x1a", read_version=99), UnsupportedVersion),
        (make_header(b"\x89LENS\r\n\x1a"), NotAContainer),
    ],
)
def test_bad_files_give_a_clear_one_line_error(tmp_path, content, error):
    path = tmp_path / "bad.rlat"
    path.write_bytes(content)
    with pytest.raises(error) as info:
        list(Container(path).records())
    message = str(info.value)
    assert "\n" not in message and str(path) in message
    if content:  # appending refuses too, and writes nothing
        with pytest.raises(error):
            Container(path).append([(EVENTS, {"events": []})])
        assert path.read_bytes() == content
    else:  # an empty file is what a creator leaves before its header: a writer initialises it
        Container(path).append([(EVENTS, {"events": []})])
        assert len(list(Container(path).records())) == 1


def test_newer_version_error_says_to_upgrade(tmp_path):
    path = tmp_path / "new.rlat"
    path.write_bytes(make_header(b"\x89RLAT\r\n\x1a", read_version=2))
    with pytest.raises(UnsupportedVersion, match="format version 2 .*upgrade rlat"):
        list(Container(path).records())


# --------------------------------------------------- read and write versions (docs/format.md)
def _set_header_versions(path, read_version: int, write_version: int) -> None:
    """Rewrite a file's header in place, as a newer rlat would have written it."""
    data = path.read_bytes()
    path.write_bytes(make_header(data[:8], read_version, write_version) + data[HEADER_SIZE:])


def test_a_file_from_before_the_write_version_still_reads_and_appends(tmp_path):
    # Headers written before the split held 0 in bytes 10-11 (the reserved flags field).
    path = tmp_path / "old.rlat"
    old_head = struct.pack("<8sHH", b"\x89RLAT\r\n\x1a", 1, 0)
    path.write_bytes(old_head + struct.pack("<I", zlib.crc32(old_head)))
    Container(path).append([(EVENTS, {"events": [{"id": "e1"}]})])
    assert [body for _ref, body in Container(path).records()] == [{"events": [{"id": "e1"}]}]
    assert path.read_bytes()[:HEADER_SIZE] == old_head + struct.pack("<I", zlib.crc32(old_head))


def test_new_files_carry_both_versions(tmp_path):
    path = tmp_path / "new.rlat"
    Container(path).append([(EVENTS, {"events": []})])
    assert struct.unpack_from("<HH", path.read_bytes(), 8) == (1, 1)


def test_a_file_needing_a_newer_reader_is_refused_with_one_line(rlat_home, tmp_path):
    store = rlat_home / "memory.rlat"
    assert run_rlat("memory", "add", "The deploy script lives in ops/.").returncode == 0
    _set_header_versions(store, 2, 2)
    before = store.read_bytes()
    for args in (("memory", "list"), ("memory", "add", "another fact"), ("compact", str(store))):
        out = run_rlat(*args)
        lines = out.stderr.strip().splitlines()
        assert out.returncode != 0 and len(lines) == 1, out.stderr
        assert str(store) in lines[0] and "format version 2" in lines[0]
        assert "upgrade rlat" in lines[0] and "Traceback" not in out.stderr
    assert store.read_bytes() == before


def test_a_file_from_a_newer_writer_is_read_but_never_changed(rlat_home, tmp_path):
    store = rlat_home / "memory.rlat"
    assert run_rlat("memory", "add", "The deploy script lives in ops/.").returncode == 0
    _set_header_versions(store, 1, 2)
    before = store.read_bytes()

    listed = run_rlat("memory", "list")
    assert listed.returncode == 0 and "deploy script" in listed.stdout, listed.stderr
    assert "deploy script" in run_rlat("memory", "recall", "where is the deploy script").stdout

    for args in (("memory", "add", "another fact"), ("compact", str(store)),
                 ("merge-driver", str(store), str(store), str(store))):
        out = run_rlat(*args)
        lines = out.stderr.strip().splitlines()
        assert out.returncode != 0 and len(lines) == 1, (args, out.stderr)
        assert "write version 2" in lines[0] and "can be read but not changed" in lines[0]
        assert "Traceback" not in out.stderr
    assert store.read_bytes() == before

    with pytest.raises(UnsupportedVersion, match="read but not changed"):
        Container(store).append([(EVENTS, {"events": []})])
    with pytest.raises(UnsupportedVersion, match="read but not changed"):
        Container(store).rewrite([])
    with pytest.raises(UnsupportedVersion, match="read but not changed"):
        salvage(store)
    assert store.read_bytes() == before


def test_corruption_in_the_middle_names_offset_and_doctor(tmp_path):
    path = tmp_path / "m.rlat"
    c = _file_with_records(path, 4)
    second = c.scan().refs[1]
    data = bytearray(path.read_bytes())
    data[second.offset + 14] ^= 0xFF  # inside the payload: checksum catches it
    path.write_bytes(bytes(data))
    with pytest.raises(CorruptRecord, match=f"byte {second.offset}.*rlat doctor"):
        list(Container(path).records())


def test_tail_walk_finds_the_newest_snapshot_without_decoding_earlier_records(tmp_path):
    path = tmp_path / "s.rlat"
    c = Container(path)
    c.append([(EVENTS, {"events": [1]})] * 3)
    c.append([(SNAPSHOT, {"n": 1})])
    c.append([(EVENTS, {"events": [2]})])
    refs, found = c.tail_refs([SNAPSHOT])
    assert found and [r.rtype for r in refs] == [SNAPSHOT, EVENTS]
    # Damage a record *before* the snapshot: the tail walk never reads it.
    first = c.scan().refs[0]
    data = bytearray(path.read_bytes())
    data[first.offset + 13] ^= 0xFF
    path.write_bytes(bytes(data))
    refs, found = Container(path).tail_refs([SNAPSHOT])
    assert found and Container(path).read(refs[0]) == {"n": 1}


def test_header_is_sixteen_bytes_and_records_are_framed_as_documented(tmp_path):
    path = tmp_path / "doc.rlat"
    Container(path).append([(EVENTS, {"events": []})])
    data = path.read_bytes()
    assert data[:8] == b"\x89RLAT\r\n\x1a"
    assert struct.unpack_from("<H", data, 8)[0] == 1
    mark, rtype, n, _crc = struct.unpack_from("<3sBII", data, HEADER_SIZE)
    assert (mark, rtype) == (b"RLR", EVENTS)
    assert struct.unpack_from("<I3sB", data, HEADER_SIZE + 12 + n) == (n, b"RLE", EVENTS)
    assert len(data) == HEADER_SIZE + 20 + n


def test_random_garbage_appended_is_treated_as_torn_tail(tmp_path):
    path = tmp_path / "g.rlat"
    _file_with_records(path, 2)
    rng = random.Random(7)
    with open(path, "ab") as fh:
        fh.write(bytes(rng.randrange(256) for _ in range(50)))
    assert len(list(Container(path).records())) == 2


def test_a_header_cut_short_by_a_crash_is_rewritten_by_the_next_writer(tmp_path):
    path = tmp_path / "h.rlat"
    path.write_bytes(make_header(b"\x89RLAT\r\n\x1a")[:7])
    with pytest.raises(NotAContainer):
        list(Container(path).records())
    Container(path).append([(EVENTS, {"events": [1]})])
    assert [b for _r, b in Container(path).records()] == [{"events": [1]}]


def test_a_reader_never_finds_a_container_empty_while_its_first_writer_creates_it(
        tmp_path, monkeypatch):
    """A worker creating a store while a hook reads it (the hook lists what is there) must
    find an empty container, not "empty file, not an rlat container"."""
    from rlat.container import file as container_file

    path = tmp_path / "new.rlat"
    seen: list = []
    real_lock = container_file.locking.lock

    def lock_then_read(fd, where, timeout):
        # the moment the creating writer holds its lock, before it writes anything
        seen.append(list(Container(path).records()))
        return real_lock(fd, where, timeout)

    monkeypatch.setattr(container_file.locking, "lock", lock_then_read)
    Container(path).append([(EVENTS, {"n": 1})])
    assert seen == [[]]
    assert [body for _ref, body in Container(path).records()] == [{"n": 1}]
