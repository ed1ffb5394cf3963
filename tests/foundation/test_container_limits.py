"""A record's payload may inflate only so far (docs/format.md, "Decompressed size"): a
decompression bomb is a corrupt record, refused before its output is allocated."""

from __future__ import annotations

import io
import os
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import msgpack
import pytest
import zstandard

from rlat.cli.errors import DAMAGED
from rlat.container import EVENTS, Container, CorruptRecord
from rlat.container.file import (
    DECODED_CEILING,
    DECODED_FLOOR,
    DECODED_RATIO,
    REC_HEAD,
    REC_HEAD_MARK,
    REC_TAIL,
    REC_TAIL_MARK,
    RLAT_MAGIC,
    PayloadTooLarge,
    decode_payload,
    encode_payload,
    make_header,
    max_decoded_size,
)


def bomb_payload(inflated: int, *, declare: bool = True) -> bytes:
    """A zstd frame of ``{"events": [{"x": "AAA…"}]}`` whose string is ``inflated`` bytes
    long: a few KB that inflate to ``inflated`` (+ 20) bytes of valid msgpack. ``declare``:
    the frame header states its content size (as rlat writes frames), else it does not."""
    prefix = (b"\x81" + msgpack.packb("events") + b"\x91\x81" + msgpack.packb("x")
              + b"\xdb" + struct.pack(">I", inflated))
    out = io.BytesIO()
    size = len(prefix) + inflated if declare else -1
    with zstandard.ZstdCompressor(level=3, write_content_size=declare).stream_writer(
            out, size=size, closefd=False) as writer:
        writer.write(prefix)
        chunk = b"A" * (16 * 1024 * 1024)
        left = inflated
        while left:
            writer.write(chunk[: min(left, len(chunk))])
            left -= min(left, len(chunk))
    return out.getvalue()


def write_container(path: Path, payload: bytes, rtype: int = EVENTS) -> Path:
    n = len(payload)
    path.write_bytes(make_header(RLAT_MAGIC)
                     + REC_HEAD.pack(REC_HEAD_MARK, rtype, n, zlib.crc32(payload)) + payload
                     + REC_TAIL.pack(n, REC_TAIL_MARK, rtype))
    return path


def test_the_limit_is_a_floor_a_ratio_and_a_ceiling():
    assert max_decoded_size(100) == DECODED_FLOOR
    big = 10 * DECODED_FLOOR // DECODED_RATIO
    assert max_decoded_size(big) == DECODED_RATIO * big
    assert max_decoded_size(2**32 - 1) == DECODED_CEILING


@pytest.mark.parametrize("declare", [True, False], ids=["size in header", "no size in header"])
def test_a_payload_inflating_past_the_limit_is_refused(declare):
    payload = bomb_payload(DECODED_FLOOR + 1024 * 1024, declare=declare)
    assert len(payload) < 10_000  # a few KB...
    with pytest.raises(PayloadTooLarge):
        decode_payload(payload)  # ...that would be 129 MiB
    # just under the limit, the same kinds of frame decode
    body = decode_payload(bomb_payload(DECODED_FLOOR - 1024, declare=declare))
    assert len(body["events"][0]["x"]) == DECODED_FLOOR - 1024


def test_the_most_compressible_real_records_decode_with_room_to_spare():
    # a passages block of one 31 MB file of a single repeated line (measured 101x, 34 MB)
    text = "The same line again and again.\n" * 1_000_000
    body = {"v": 1, "files": ["same.md"], "texts": [text[i:i + 2000]
                                                    for i in range(0, len(text), 2000)]}
    payload = encode_payload(body)
    assert len(msgpack.packb(body)) / len(payload) > 50
    assert decode_payload(payload) == body


def test_a_bomb_in_a_file_is_a_corrupt_record(tmp_path):
    path = write_container(tmp_path / "bomb.rlat", bomb_payload(DECODED_FLOOR + 1))
    container = Container(path)
    [ref] = container.scan().refs
    with pytest.raises(CorruptRecord, match="too large when decompressed"):
        container.read(ref)


def _peak_rss_of(*args: str, env: dict | None = None) -> tuple[int, int, str]:
    """Run ``rlat ARGS`` in a child of a fresh Python; (exit status, the child's peak RSS in
    KiB, its stderr)."""
    probe = ("import resource, subprocess, sys\n"
             "r = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
             "sys.stderr.write(r.stderr)\n"
             "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    out = subprocess.run([sys.executable, "-c", probe, sys.executable, "-m", "rlat", *args],
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, **(env or {})})
    code, rss = out.stdout.split()
    return int(code), int(rss), out.stderr


def test_doctor_reports_a_decompression_bomb_and_no_command_inflates_it(tmp_path):
    """The reviewer's file: a KB-sized record whose frame inflates to 144 MiB (theirs: 6 GB
    from 192 KB, 12 GB resident). `rlat doctor` said "ok"; every command decoded it whole."""
    home = tmp_path / "home"
    home.mkdir()
    path = write_container(home / "memory.rlat", bomb_payload(DECODED_FLOOR + 16 * 2**20))
    assert path.stat().st_size < 10_000

    code, rss, err = _peak_rss_of("doctor", "--check-only", str(path))
    assert code == DAMAGED, err
    for command in (["audit", str(path)], ["memory", "list"]):
        code, rss, err = _peak_rss_of(*command, env={"RLAT_HOME": str(home)})
        assert code != 0 and "too large when decompressed" in err, (command, err)
        assert rss < 100 * 1024, (command, rss)  # KiB: refused before allocating it

    repaired = subprocess.run([sys.executable, "-m", "rlat", "doctor", str(path)],
                              capture_output=True, text=True, timeout=120)
    assert repaired.returncode == 0 and "repaired" in repaired.stdout
    assert "too large when decompressed" in repaired.stdout
    assert list(Container(path).records()) == []  # the bomb dropped (original kept as .bak)
