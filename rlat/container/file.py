"""The append-only record container behind `.rlat` (and, with its own magic, `.lens`).

Byte layout (specified in docs/format.md):

    header   magic[8] | read version u16 | write version u16 | crc32(header[0:12]) u32  16 bytes
    record   b"RLR" | type u8 | length u32 | crc32(payload) u32 | payload[length]
             | length u32 | b"RLE" | type u8                                        20 + length

The payload is one zstd frame holding one msgpack map. The trailer repeats the length so the
file can be walked backwards from its end to the newest checkpoint without decoding anything
before it; that is how a large file opens without scanning every record.
"""

from __future__ import annotations

import io
import mmap
import os
import struct
import sys
import zlib
from collections.abc import Iterable, Iterator
from pathlib import Path

import msgpack
import zstandard

from ..paths import atomic_write, private_dir
from ..records import Frozen
from ..special_files import NotRegularFile, open_regular, special_kind
from . import lock as locking
from .errors import (
    AccessRefused,
    ContainerError,
    CorruptRecord,
    DanglingLink,
    NotAContainer,
    TruncatedContainer,
    UnsupportedVersion,
)

RLAT_MAGIC = b"\x89RLAT\r\n\x1a"
LENS_MAGIC = b"\x89LENS\r\n\x1a"
# Two versions, as SQLite keeps them (docs/format.md, "Header"). The *read* version is the
# newest file layout this rlat can read; a file that needs a newer reader is refused. The
# *write* version is the newest layout this rlat can change without losing anything; a file
# whose write version is newer (a newer rlat added records or rules an older writer would drop
# or mangle on a rewrite) is read but never appended to or rewritten. Raise READ_VERSION only
# for a change old readers would misread; raise WRITE_VERSION for one old writers would break.
READ_VERSION = 1
WRITE_VERSION = 1

HEADER = struct.Struct("<8sHHI")
HEADER_SIZE = HEADER.size  # 16
REC_HEAD = struct.Struct("<3sBII")  # marker, type, length, crc
REC_TAIL = struct.Struct("<I3sB")  # length, marker, type
REC_HEAD_MARK = b"RLR"
REC_TAIL_MARK = b"RLE"
REC_OVERHEAD = REC_HEAD.size + REC_TAIL.size  # 20

# Record types. The numbers are part of the format; never reuse one.
EVENTS = 1  # a batch of claim-log events
SNAPSHOT = 2  # the folded claim state as of this point (a checkpoint)
PASSAGES = 3  # a block of knowledge-model passages
INDEX = 4  # the persisted lexical index of a knowledge model
META = 5  # build settings, source roots, lens bodies
TOC = 6  # table of contents: offsets of the current passages/index records
RECORD_TYPE_NAMES = {
    EVENTS: "events",
    SNAPSHOT: "snapshot",
    PASSAGES: "passages",
    INDEX: "index",
    META: "meta",
    TOC: "toc",
}

_compressor = zstandard.ZstdCompressor(level=3)
_decompressor = zstandard.ZstdDecompressor()

# How large one record's payload may inflate (docs/format.md, "Decompressed size"): a
# payload of n bytes may hold up to max(DECODED_FLOOR, DECODED_RATIO × n) bytes of msgpack,
# never more than DECODED_CEILING. Anything larger is a corrupt record (a decompression bomb
# or a damaged frame), refused before its output is allocated. Measured: the stdlib KM's
# records inflate 2.3-12x (passages 3-12x, index 2.9x: 4.9 MB for 12 MB of source); a 32 MB
# file of one repeated line, the worst case for a passages block, 67-101x and 34 MB (a
# block holds whole files, each at most sources.MAX_FILE_BYTES = 32 MiB).
DECODED_FLOOR = 128 * 1024 * 1024  # always allowed: 4x the largest source file a block holds
DECODED_RATIO = 64  # above the floor: 5x the most compressible big record measured (12x)
DECODED_CEILING = 2 * 1024 * 1024 * 1024  # ~400x the stdlib KM's index record
_STREAM_CHUNK = 1024 * 1024


class PayloadTooLarge(ValueError):
    """A payload that would inflate past ``max_decoded_size`` of its length."""


def max_decoded_size(length: int) -> int:
    """The most bytes a payload of ``length`` bytes may decompress to."""
    return min(DECODED_CEILING, max(DECODED_FLOOR, DECODED_RATIO * length))


def encode_payload(body: dict) -> bytes:
    return _compressor.compress(msgpack.packb(body, use_bin_type=True))


def decode_payload(payload: bytes) -> dict:
    """The msgpack map in a payload's zstd frame. Raises PayloadTooLarge when it would
    inflate past ``max_decoded_size(len(payload))`` (checked against the frame header's
    content size before anything is allocated; a frame without one is streamed and cut off at
    the limit), zstandard.ZstdError or a msgpack error when it does not decode."""
    return msgpack.unpackb(
        _inflate(payload), raw=False, strict_map_key=False, use_list=True
    )


def _inflate(payload: bytes) -> bytes | bytearray:
    limit = max_decoded_size(len(payload))
    declared = zstandard.frame_content_size(payload)  # -1: not in the header
    if declared > limit:
        raise PayloadTooLarge(f"its frame says it inflates to {declared:,} bytes, more than "
                              f"the {limit:,} a {len(payload):,}-byte payload may")
    if declared >= 0:
        # One allocation of the declared size (at most the limit); zstd fails if the frame
        # holds more than it declares.
        return _decompressor.decompress(payload)
    out = bytearray()
    with _decompressor.stream_reader(payload, read_across_frames=False) as reader:
        while chunk := reader.read(_STREAM_CHUNK):
            out += chunk
            if len(out) > limit:
                raise PayloadTooLarge(f"it inflates to more than the {limit:,} bytes a "
                                      f"{len(payload):,}-byte payload may")
    return out  # (msgpack reads a bytearray as it is: no second copy)


def frame_record(rtype: int, body: dict) -> bytes:
    payload = encode_payload(body)
    n = len(payload)
    return (
        REC_HEAD.pack(REC_HEAD_MARK, rtype, n, zlib.crc32(payload))
        + payload
        + REC_TAIL.pack(n, REC_TAIL_MARK, rtype)
    )


def make_header(magic: bytes, read_version: int = READ_VERSION,
                write_version: int = WRITE_VERSION) -> bytes:
    head = struct.pack("<8sHH", magic, read_version, write_version)
    return head + struct.pack("<I", zlib.crc32(head))


def header_versions(data: bytes | mmap.mmap) -> tuple[int, int]:
    """(read version, write version) of a header. Files written before the two were separated
    hold 0 in the write-version field (it was a reserved flags field): their write version is
    their read version."""
    _magic, read_version, write_version, _crc = HEADER.unpack_from(data, 0)
    return read_version, write_version or read_version


# Records (rlat.records): __init__/__repr__/__eq__(/__hash__) written out, no dataclass —
# every hook imports this module (see rlat.claims.model).
class RecordRef(Frozen):
    """Where one record lives. Cheap to produce: nothing is decompressed."""

    __slots__ = ("offset", "rtype", "length", "crc")
    __match_args__ = __slots__
    offset: int
    rtype: int
    length: int
    crc: int

    def __init__(self, offset: int, rtype: int, length: int, crc: int) -> None:
        setattr_ = object.__setattr__
        setattr_(self, "offset", offset)
        setattr_(self, "rtype", rtype)
        setattr_(self, "length", length)
        setattr_(self, "crc", crc)

    def __repr__(self) -> str:
        return (f"{self.__class__.__qualname__}(offset={self.offset!r}, rtype={self.rtype!r}, "
                f"length={self.length!r}, crc={self.crc!r})")

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.offset, self.rtype, self.length, self.crc) == \
                (other.offset, other.rtype, other.length, other.crc)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.offset, self.rtype, self.length, self.crc))

    @property
    def end(self) -> int:
        return self.offset + REC_OVERHEAD + self.length

    @property
    def type_name(self) -> str:
        return RECORD_TYPE_NAMES.get(self.rtype, f"type-{self.rtype}")


class ScanResult:
    __slots__ = ("refs", "good_end", "file_size")
    __match_args__ = __slots__
    refs: list[RecordRef]
    good_end: int  # byte offset just past the last intact record
    file_size: int

    def __init__(self, refs: list[RecordRef], good_end: int, file_size: int) -> None:
        self.refs = refs
        self.good_end = good_end
        self.file_size = file_size

    def __repr__(self) -> str:
        return (f"{self.__class__.__qualname__}(refs={self.refs!r}, "
                f"good_end={self.good_end!r}, file_size={self.file_size!r})")

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.refs, self.good_end, self.file_size) == \
                (other.refs, other.good_end, other.file_size)
        return NotImplemented

    @property
    def torn_bytes(self) -> int:
        return self.file_size - self.good_end


def refuse_to_replace_special(path: str | os.PathLike) -> None:
    """Raise ContainerError when ``path`` exists and is not a regular file: an atomic rewrite
    renames over its target, which for /dev/full or a FIFO would destroy it."""
    try:
        kind = special_kind(os.stat(path).st_mode)
    except OSError:
        return  # absent (or unreachable: the write itself will say so)
    if kind:
        raise ContainerError(path, f"is {kind}, not a regular file; refusing to replace it")


def _check_header(path: Path, data: bytes | mmap.mmap, magic: bytes) -> None:
    if len(data) == 0:
        raise TruncatedContainer(path, "empty file, not an rlat container")
    if len(data) < HEADER_SIZE:
        if magic.startswith(bytes(data[:len(magic)])):
            raise TruncatedContainer(path, f"only {len(data)} bytes, cut short inside its header")
        raise NotAContainer(path, "too short to be an rlat container")
    got_magic, _read, _write, crc = HEADER.unpack_from(data, 0)
    if got_magic != magic:
        kind = "a .lens file" if magic == LENS_MAGIC else "a .rlat file"
        if got_magic in (RLAT_MAGIC, LENS_MAGIC):
            other = ".lens" if got_magic == LENS_MAGIC else ".rlat"
            raise NotAContainer(path, f"this is a {other} file, not {kind}")
        raise NotAContainer(path, f"not {kind} (unrecognised magic bytes)")
    if zlib.crc32(bytes(data[0:12])) != crc:
        raise CorruptRecord(path, 0, "file header checksum mismatch")
    version, _write_version = header_versions(data)
    if version > READ_VERSION:
        raise UnsupportedVersion(
            path,
            f"format version {version} is newer than this rlat can read (it reads up to "
            f"version {READ_VERSION})",
            "upgrade rlat",
        )
    if version < 1:
        raise UnsupportedVersion(path, f"format version {version} is not a known version")


def _check_writable(path: Path, data: bytes | mmap.mmap) -> None:
    """Refuse to change a file (append, rewrite, salvage) whose write version is newer than
    this rlat's: it would drop or mangle what the newer writer added. Reading it stays fine.
    The header must already have passed _check_header."""
    _read_version, write_version = header_versions(data)
    if write_version > WRITE_VERSION:
        raise UnsupportedVersion(
            path,
            f"written by a newer rlat (format write version {write_version}; this rlat writes "
            f"version {WRITE_VERSION}): it can be read but not changed",
            "upgrade rlat to change it",
        )


def check_replaceable(path: str | os.PathLike, magic: bytes) -> None:
    """Before a whole-file rewrite of ``path`` (compact, doctor, merge, build --force): refuse
    when it is a container of this kind that this rlat may read but not write. A missing file,
    one that is not a container of this kind, or one whose header checksum fails (its versions
    mean nothing then: doctor's salvage rewrites it) is the caller's business."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(HEADER_SIZE)
    except OSError:
        return
    if len(head) == HEADER_SIZE and head.startswith(magic) \
            and zlib.crc32(head[0:12]) == HEADER.unpack(head)[3]:
        _check_writable(Path(path), head)


def _ref_at(data, offset: int, size: int) -> RecordRef | None:
    """The intact-looking record starting at ``offset``, or None when framing fails there."""
    if offset + REC_OVERHEAD > size:
        return None
    mark, rtype, n, crc = REC_HEAD.unpack_from(data, offset)
    if mark != REC_HEAD_MARK:
        return None
    end = offset + REC_OVERHEAD + n
    if end > size:
        return None
    tn, tmark, ttype = REC_TAIL.unpack_from(data, end - REC_TAIL.size)
    if tn != n or tmark != REC_TAIL_MARK or ttype != rtype:
        return None
    return RecordRef(offset, rtype, n, crc)


class Container:
    """One container file. Reads are lock-free (records are immutable once written);
    every write happens under an exclusive lock on the file itself."""

    def __init__(self, path: str | os.PathLike, magic: bytes = RLAT_MAGIC) -> None:
        self.path = Path(path)
        self.magic = magic
        self.warnings: list[str] = []

    # ----------------------------------------------------------------- reading
    def _map(self):
        """The file's bytes (mmap when non-empty). Raises ContainerError with a clear line."""
        try:
            if self.path.is_dir():
                raise ContainerError(self.path, "is a directory, not an rlat file")
            fh = os.fdopen(open_regular(self.path), "rb")
        except NotRegularFile as exc:
            raise ContainerError(self.path, f"is {exc.kind}, not an rlat file") from None
        except FileNotFoundError:
            raise ContainerError(self.path, "no such file") from None
        except PermissionError:
            raise AccessRefused(self.path, writing=False) from None
        with fh:
            size = os.fstat(fh.fileno()).st_size
            if size == 0:
                data: bytes | mmap.mmap = b""
            else:
                data = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        _check_header(self.path, data, self.magic)
        return data

    def scan(self, data=None) -> ScanResult:
        """Walk every record header forwards. Stops at the first framing failure: a torn tail
        if nothing intact follows, corruption otherwise."""
        data = self._map() if data is None else data
        size = len(data)
        offset = HEADER_SIZE
        refs: list[RecordRef] = []
        while offset < size:
            ref = _ref_at(data, offset, size)
            if ref is None:
                if _next_intact(data, offset + 1, size) is not None:
                    raise CorruptRecord(self.path, offset, "framing broken before intact records")
                if _whole_but_damaged(data, offset, size):
                    raise CorruptRecord(self.path, offset,
                                        "the final record is whole but its framing is damaged")
                break
            refs.append(ref)
            offset = ref.end
        return ScanResult(refs, offset, size)

    def tail_refs(self, stop_types: Iterable[int], data=None) -> tuple[list[RecordRef], bool]:
        """Records from the newest one of ``stop_types`` (inclusive) to the end of the file,
        found by walking trailers backwards. Returns (refs in file order, found_stop).

        Falls back to a forward scan when the tail is torn."""
        data = self._map() if data is None else data
        stops = set(stop_types)
        size = len(data)
        refs: list[RecordRef] = []
        end = size
        while end > HEADER_SIZE:
            if end - REC_TAIL.size < HEADER_SIZE:
                break
            n, tmark, ttype = REC_TAIL.unpack_from(data, end - REC_TAIL.size)
            start = end - REC_OVERHEAD - n
            ref = _ref_at(data, start, size) if tmark == REC_TAIL_MARK and start >= HEADER_SIZE else None
            if ref is None or ref.end != end:
                # Torn tail or corruption: the forward walk knows which.
                scan = self.scan(data)
                return _from_last_stop(scan.refs, stops)
            refs.append(ref)
            if ttype in stops:
                refs.reverse()
                return refs, True
            end = start
        refs.reverse()
        return refs, False

    def refs_from(self, offset: int, data=None) -> list[RecordRef] | None:
        """Records from ``offset`` to the end, walking headers forwards. ``offset`` must be a
        record boundary seen earlier (e.g. the file's size then); None when it is not, or when
        the framing after it is broken (callers fall back to a full read). Used by readers
        that keep a projection of the file up to some size and catch up on what followed."""
        data = self._map() if data is None else data
        size = len(data)
        if offset < HEADER_SIZE or offset > size:
            return None
        refs: list[RecordRef] = []
        while offset < size:
            ref = _ref_at(data, offset, size)
            if ref is None:
                return None
            refs.append(ref)
            offset = ref.end
        return refs

    def read(self, ref: RecordRef, data=None) -> dict:
        """Decode one record, verifying its checksum. Never returns a corrupt body."""
        data = self._map() if data is None else data
        start = ref.offset + REC_HEAD.size
        payload = bytes(data[start : start + ref.length])
        if zlib.crc32(payload) != ref.crc:
            raise CorruptRecord(self.path, ref.offset, "checksum mismatch")
        try:
            body = decode_payload(payload)
        except PayloadTooLarge as exc:
            raise CorruptRecord(self.path, ref.offset, f"payload too large when decompressed "
                                f"({exc})") from None
        except Exception as exc:  # zstd or msgpack refused it
            raise CorruptRecord(self.path, ref.offset, f"undecodable payload ({exc})") from None
        if not isinstance(body, dict):
            raise CorruptRecord(self.path, ref.offset, "payload is not a map")
        return body

    def records(self, types: Iterable[int] | None = None) -> Iterator[tuple[RecordRef, dict]]:
        data = self._map()
        wanted = None if types is None else set(types)
        for ref in self.scan(data).refs:
            if wanted is None or ref.rtype in wanted:
                yield ref, self.read(ref, data)

    # ----------------------------------------------------------------- writing
    def append(
        self, records: list[tuple[int, dict]], *, lock_timeout: float | None = None,
        durable: bool = True,
    ) -> list[int]:
        """Append records under the lock and fsync. Returns their offsets.

        Creates the file (with its header) when missing. Repairs a torn tail left by a crashed
        writer before writing, with a warning."""
        return self.append_built(lambda: records, lock_timeout=lock_timeout, durable=durable)

    def append_built(
        self, build, *, lock_timeout: float | None = None, durable: bool = True
    ) -> list[int]:
        """Like append, but ``build()`` makes the records while the lock is held, so it may
        read the file and know no other writer appends in between (snapshots need this)."""
        with self.locked(lock_timeout, create=True) as fh:
            end = self._prepare_tail(fh)
            frames = [frame_record(t, body) for t, body in build()]
            offsets = []
            pos = end
            for frame in frames:
                offsets.append(pos)
                pos += len(frame)
            fh.seek(end)
            _write_all(fh, b"".join(frames))
            if durable:
                os.fsync(fh.fileno())
        return offsets

    def _prepare_tail(self, fh) -> int:
        """Validate the file under the lock; truncate a torn tail. Returns the append offset."""
        fh.seek(0, io.SEEK_END)
        size = fh.tell()
        if size == 0:
            _write_all(fh, make_header(self.magic))
            fh.flush()
            return HEADER_SIZE
        fh.seek(0)
        head = fh.read(HEADER_SIZE)
        if size < HEADER_SIZE and make_header(self.magic).startswith(head):
            # A creator crashed while writing the header: nothing was ever stored here.
            fh.truncate(0)
            fh.seek(0)
            _write_all(fh, make_header(self.magic))
            return HEADER_SIZE
        _check_header(self.path, head, self.magic)
        _check_writable(self.path, head)
        if size == HEADER_SIZE:
            return size
        # Fast path: the last record's trailer and header agree and its checksum holds.
        fh.seek(size - REC_TAIL.size)
        n, tmark, ttype = REC_TAIL.unpack(fh.read(REC_TAIL.size))
        start = size - REC_OVERHEAD - n
        if tmark == REC_TAIL_MARK and start >= HEADER_SIZE:
            fh.seek(start)
            mark, rtype, hn, crc = REC_HEAD.unpack(fh.read(REC_HEAD.size))
            if mark == REC_HEAD_MARK and hn == n and rtype == ttype:
                if zlib.crc32(fh.read(n)) == crc:
                    return size
        # Slow path: a crashed writer left a partial record. Keep every intact record before it.
        with mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as data:
            scan = self.scan(data)
        good = scan.good_end
        if scan.refs:
            last = scan.refs[-1]
            fh.seek(last.offset + REC_HEAD.size)
            if zlib.crc32(fh.read(last.length)) != last.crc:
                good = last.offset
        message = (
            f"rlat: {self.path}: repaired a torn record at byte {good} "
            f"({size - good} bytes from an interrupted write were discarded)"
        )
        self.warnings.append(message)
        print(message, file=sys.stderr)
        fh.truncate(good)
        fh.flush()
        os.fsync(fh.fileno())
        return good

    def locked(self, timeout: float | None = None, *, create: bool = False):
        """The file's write lock, held for a ``with`` block (an append waits for it): what a
        caller that reads the whole file and renames a rewrite over it holds throughout, so no
        append lands in the inode it replaces (``rlat doctor``, a store's rewrite)."""
        return _LockedFile(self, timeout, create)

    def rewrite(self, records: list[tuple[int, dict]], *, lock_timeout: float | None = None) -> None:
        """Atomically replace the whole file with ``records``: temp file, fsync, rename, fsync dir.

        Holds the lock on the old file throughout so no append can land in the replaced inode."""
        with self.locked(lock_timeout, create=True):
            write_new_file(self.path, self.magic, records)


def rewrite_target(path: str | os.PathLike) -> Path:
    """The file a whole-file rewrite of ``path`` replaces: ``path`` itself, or, when it is a
    symlink (a store kept in a dotfiles or synced folder), the file it points at — the new
    file is renamed over the target, so the link stays a link and every later write through
    it lands in the same file (as ``rlat memory install-hooks`` treats a symlinked settings.json).
    DanglingLink when the link points into a directory that does not exist."""
    path = Path(path)
    if not path.is_symlink():
        return path
    check_link_target(path)
    return Path(os.path.realpath(path))


def check_link_target(path: str | os.PathLike) -> None:
    """Raise DanglingLink when ``path`` is a symlink into a directory that does not exist:
    what a write through it (an append, a rewrite) cannot do, said the same way for both."""
    path = Path(path)
    if path.is_symlink():
        target = Path(os.path.realpath(path))
        if not target.parent.is_dir():
            raise DanglingLink(path, target)


def write_new_file(path: Path, magic: bytes, records: list[tuple[int, dict]]) -> None:
    """Write a complete container beside ``path`` and rename it into place. The file keeps
    its mode (a new one is user-only): compact, merge and repair never widen access. A
    symlinked ``path`` is written at its target (``rewrite_target``)."""
    path = rewrite_target(path)
    refuse_to_replace_special(path)
    check_replaceable(path, magic)
    with atomic_write(path) as out:
        out.write(make_header(magic))
        for rtype, body in records:
            out.write(frame_record(rtype, body))


def _write_all(fh, data: bytes) -> None:
    """Unbuffered writes may be short; loop until every byte is handed to the OS."""
    view = memoryview(data)
    while view:
        written = fh.write(view)
        if not written:
            raise OSError("write returned 0 bytes")
        view = view[written:]


class _LockedFile:
    """Open the container for writing and hold its lock; reopen if it was replaced meanwhile."""

    def __init__(self, container: Container, timeout: float | None, create: bool) -> None:
        self.container = container
        self.timeout = timeout
        self.create = create
        self.fh = None

    def __enter__(self):
        path = self.container.path
        if path.is_dir():
            raise ContainerError(path, "is a directory, not an rlat file")
        for _attempt in range(20):
            flags = os.O_RDWR | (os.O_CREAT if self.create else 0)
            try:
                private_dir(path.parent)
                if self.create and not os.path.lexists(path):
                    _create_with_header(path, self.container.magic)
                fd = open_regular(path, flags, 0o600)
            except NotRegularFile as exc:
                raise ContainerError(path, f"is {exc.kind}, not an rlat file") from None
            except FileNotFoundError:
                if self.create:
                    check_link_target(path)
                raise ContainerError(path, "no such file") from None
            except PermissionError:
                raise AccessRefused(path, writing=True) from None
            fh = os.fdopen(fd, "r+b", buffering=0)
            try:
                locking.lock(fd, path, self.timeout)
            except BaseException:
                fh.close()
                raise
            try:
                same = os.stat(path).st_ino == os.fstat(fd).st_ino
            except FileNotFoundError:
                same = False
            if same:
                self.fh = fh
                return fh
            # `rlat compact` renamed a new file over this one while we waited: retry on it.
            locking.unlock(fd)
            fh.close()
        raise ContainerError(path, "file keeps being replaced; cannot lock it")

    def __exit__(self, *exc) -> None:
        if self.fh is not None:
            try:
                locking.unlock(self.fh.fileno())
            finally:
                self.fh.close()


def _create_with_header(path: Path, magic: bytes) -> None:
    """Create ``path`` already holding its header, in one step (written beside it, then linked
    into place): a reader that opens a container while its first writer is still creating it
    finds an empty container, never an empty file ("not an rlat container"). When another
    process creates it first, theirs stands; where hard links are unsupported the writer
    creates it under its lock as before (``_prepare_tail`` writes the header)."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.new")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError:
        return
    with os.fdopen(fd, "wb", buffering=0) as fh:
        _write_all(fh, make_header(magic))
        os.fsync(fh.fileno())
    try:
        os.link(tmp, path)
    except OSError:
        pass  # (it exists now: another writer won; or no hard links here)
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def _whole_but_damaged(data, offset: int, size: int) -> bool:
    """True when the bytes from ``offset`` to the end are a *whole* record with a damaged
    frame. A crashed writer leaves a prefix of a record (its header's length runs past the end
    of the file, and no trailer closes it), so this is corruption, never a torn tail: the
    header's length ends the record exactly at the end of the file, or the trailer there
    points back to ``offset``."""
    if size - offset < REC_OVERHEAD:
        return False
    mark, _rtype, n, _crc = REC_HEAD.unpack_from(data, offset)
    if mark == REC_HEAD_MARK and offset + REC_OVERHEAD + n == size:
        return True
    tn, tmark, _ttype = REC_TAIL.unpack_from(data, size - REC_TAIL.size)
    return tmark == REC_TAIL_MARK and size - REC_OVERHEAD - tn == offset


def _next_intact(data, start: int, size: int) -> int | None:
    """The offset of the next intact-looking record at or after ``start`` (salvage scan)."""
    pos = start
    while True:
        pos = data.find(REC_HEAD_MARK, pos, size) if hasattr(data, "find") else -1
        if pos < 0:
            return None
        if _ref_at(data, pos, size) is not None:
            return pos
        pos += 1


def _from_last_stop(refs: list[RecordRef], stops: set[int]) -> tuple[list[RecordRef], bool]:
    for i in range(len(refs) - 1, -1, -1):
        if refs[i].rtype in stops:
            return refs[i:], True
    return refs, False


def salvage(path: Path, magic: bytes = RLAT_MAGIC) -> tuple[list[tuple[int, dict]], list[str]]:
    """Every record that still decodes and checks out, plus a line per problem skipped."""
    container = Container(path, magic)
    problems: list[str] = []
    with open(path, "rb") as fh:
        data = fh.read()
    try:
        _check_header(container.path, data, magic)
    except UnsupportedVersion:
        raise
    except TruncatedContainer as exc:
        # (nothing after the header was ever written: there is nothing to keep)
        problems.append(f"header: {exc.problem}; no records to keep")
    except ContainerError as exc:
        if not data.startswith(magic):
            raise
        problems.append(f"header: {exc.problem}")
    else:
        _check_writable(container.path, data)  # salvage exists to rewrite the file
    size = len(data)
    pos = HEADER_SIZE
    kept: list[tuple[int, dict]] = []
    while pos < size:
        ref = _ref_at(data, pos, size)
        if ref is None:
            nxt = _next_intact(data, pos + 1, size)
            if nxt is None:
                problems.append(f"byte {pos}: {size - pos} trailing bytes of a torn record dropped")
                break
            problems.append(f"byte {pos}: {nxt - pos} unreadable bytes skipped")
            pos = nxt
            continue
        try:
            kept.append((ref.rtype, container.read(ref, data)))
        except CorruptRecord as exc:
            problems.append(f"byte {ref.offset}: {exc.problem}; record dropped")
        pos = ref.end
    return kept, problems
