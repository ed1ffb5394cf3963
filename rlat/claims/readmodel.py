"""The read model's file: a projection of a store's folded claims, kept beside the store, and
the one rule deciding whether it still describes the store (byte layout: docs/format.md,
"The read model").

Folding a store of 10,000 claims (its snapshot alone decodes to ~16 MB of msgpack) takes
hundreds of milliseconds; a hook has tens, and `rlat memory list` half a second. So the
background worker writes ``<rlat home>/cache/readmodel-<hash of the store path>.bin``: the
real fold's row of every claim, and beside them the sections the layers above project from
the same fold (listing rows, trust bounds, the recall index — see
``rlat.retrieval.readmodel``, which composes them and is what callers open). This module owns
what is claims-level: the file layout, the claim rows, which claims are live in which
workspace, the staleness rule, and the catch-up:

A reader opens the file, checks it against the store (``Projection.mismatch``: same file,
only appended to since — inode, size, a hash of the bytes before that size), reads the
records appended since, folds their events with the real fold onto just the claims they
touch, and has the store's exact current state for every claim it looks at; the other claims
are decoded from their rows only when asked for. A file that does not match, or is more than
``MAX_DELTA_RECORDS`` records behind, describes no current state: its claims are never used.

Old caches (the hook view ``hookview-*.bin`` and the recall index ``recall-*.idx`` of
earlier versions) are never read; the writer deletes the ones of the store it writes for.
"""

from __future__ import annotations

import mmap
import os
import struct
import sys
import zlib
from array import array
from collections.abc import Iterable
from pathlib import Path

import msgpack

from ..paths import atomic_write, home, private_dir
from .fold import FoldState, fold
from .ids import sha256
from .model import CLAIM_FIELDS, Claim, live, visible_everywhere

MAGIC = b"RLATRMD1"
VERSION = 2  # 2: a contest stands only while its other side is in play (rlat.claims.fold)
_HEAD = struct.Struct("<8sQ")  # magic, header length
ALIGN = 8
MAX_DELTA_RECORDS = 3000  # a read model further behind than this is rebuilt, not caught up
FINGERPRINT_BYTES = 4096
EVERYWHERE = ""  # the membership key of claims served in every workspace
# Files earlier versions kept for a store under <rlat home>/cache (never read, deleted on write).
LEGACY_FILES = ("hookview-{digest}.bin", "recall-{digest}.idx")
_LITTLE = sys.byteorder == "little"


def _digest(store_path: str | os.PathLike) -> str:
    real = os.path.realpath(os.fspath(store_path))
    return sha256(real.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def read_model_path(store_path: str | os.PathLike) -> Path:
    return home() / "cache" / f"readmodel-{_digest(store_path)}.bin"


def remove_legacy(store_path: str | os.PathLike) -> None:
    """Delete the caches earlier versions kept for this store (best effort, never raises)."""
    digest = _digest(store_path)
    for name in LEGACY_FILES:
        try:
            (home() / "cache" / name.format(digest=digest)).unlink()
        except OSError:
            pass


def fingerprint(store: Path, size: int) -> str:
    """A hash of the bytes just before ``size``: the read model's store must still hold exactly
    them (an inode number alone can be reused by a rewritten file)."""
    with open(store, "rb") as fh:
        start = max(0, size - FINGERPRINT_BYTES)
        fh.seek(start)
        return sha256(fh.read(size - start)).hexdigest()[:32]


def unpack(data) -> object:
    return msgpack.unpackb(data, raw=False, strict_map_key=False, use_list=True)


def le_bytes(code: str, values) -> bytes:
    """``values`` as little-endian numbers of ``array`` type ``code`` (a section's bytes)."""
    out = array(code, values)
    if not _LITTLE:
        out.byteswap()
    return out.tobytes()


def le_numbers(code: str, data: memoryview):
    """Little-endian numbers stored in a section, indexable in place (copied on big-endian)."""
    if _LITTLE:
        return data.cast(code)
    out = array(code)
    out.frombytes(data)
    out.byteswap()
    return out


def scopes_of(claim: Claim) -> list[str]:
    """The membership keys of a claim: ``EVERYWHERE``, or each workspace it was learned in."""
    if visible_everywhere(claim.source, claim.workspaces, claim.cross_workspace):
        return [EVERYWHERE]
    return list(claim.workspaces)


# ---------------------------------------------------------------------------------- write
def write(store_path: str | os.PathLike, st: os.stat_result, state: FoldState, ids: list[str],
          *, built_at: float, sections: Iterable[tuple[str, bytes]] = (),
          projections: dict | None = None) -> Path:
    """Write the read model of ``state``, the fold of the store as ``st`` (its stat before
    folding) saw it, atomically. ``ids``: every claim id, in the slot order the other sections
    use; ``sections`` and ``projections`` (name -> small msgpack-able value, kept in the header)
    are what the layers above project. The claims' rows, the ids and the live members of each
    workspace are written here."""
    store = Path(store_path)
    offsets: list[int] = []
    blobs: list[bytes] = []
    pos = 0
    members: dict[str, list[int]] = {}  # scope -> slots of its live claims
    world: list[str] = []
    packb = msgpack.packb
    for i, cid in enumerate(ids):
        claim = state.claims[cid]
        blob = packb(claim.to_row(), use_bin_type=True)
        offsets.append(pos)
        blobs.append(blob)
        pos += len(blob)
        if not live(claim):
            continue
        for scope in scopes_of(claim):
            members.setdefault(scope, []).append(i)
        if claim.source == "world":
            world.append(cid)
    offsets.append(pos)
    member_slots: list[int] = []
    member_ranges: dict[str, list[int]] = {}
    for scope, slots in members.items():
        member_ranges[scope] = [len(member_slots), len(slots)]
        member_slots.extend(slots)
    laid_out: list[tuple[str, bytes]] = [
        ("ids", packb(ids, use_bin_type=True)),
        ("offsets", le_bytes("Q", offsets)),
        ("members", le_bytes("I", member_slots)),
        *sections,
        ("rows", b"".join(blobs)),
    ]
    header = {
        "v": VERSION, "store": os.path.realpath(store), "size": st.st_size,
        "ino": st.st_ino, "dev": st.st_dev, "fingerprint": fingerprint(store, st.st_size),
        "built_at": built_at, "fields": list(CLAIM_FIELDS), "n": len(ids),
        "members": member_ranges, "world": world,
        "agents": state.agents, "calibration": state.calibration, "pending": state.pending,
        "projections": projections or {},
        # what `rlat doctor` checks the sections against (readers do not: verifying 15 MB on
        # every prompt would cost a hook more than the read model saves it)
        "checksums": {name: zlib.adler32(data) for name, data in laid_out},
    }
    # Section offsets depend on the header's length, which depends on them: lay them out
    # after a header with room to spare, then pad the header to that room.
    header["sections"] = {name: [0, len(data)] for name, data in laid_out}
    room = len(packb(header, use_bin_type=True)) + 64 * len(laid_out) + 64
    at = _HEAD.size + room
    for name, data in laid_out:
        at += -at % ALIGN
        header["sections"][name] = [at, len(data)]
        at += len(data)
    head = packb(header, use_bin_type=True)
    if len(head) > room:  # pragma: no cover - the room above always suffices
        raise ValueError("read model: header outgrew its room")
    target = read_model_path(store)
    private_dir(target.parent)
    # Derived from the store (rebuilt when lost): no fsync. Holds every claim's text: user-only.
    with atomic_write(target, keep_mode=False, durable=False) as fh:
        fh.write(_HEAD.pack(MAGIC, len(head)))
        fh.write(head)
        pos = _HEAD.size + len(head)
        for name, data in laid_out:
            start = header["sections"][name][0]
            fh.write(b"\0" * (start - pos))
            fh.write(data)
            pos = start + len(data)
    remove_legacy(store)
    return target


# ----------------------------------------------------------------------------------- read
class Damaged(ValueError):
    """A read model whose bytes do not decode as what its header says: a cache, so it is set
    aside (``discard``) and rebuilt, never blamed on the store."""


# What decoding damaged bytes raises (msgpack's errors are ValueErrors).
DECODE_ERRORS = (ValueError, TypeError, IndexError, KeyError, OverflowError, struct.error)


def discard(store_path: str | os.PathLike) -> bool:
    """Set the store's read model aside (delete it): readers fold the store until it is
    rebuilt. True when there was one."""
    try:
        read_model_path(store_path).unlink()
        return True
    except OSError:
        return False


def damage(store_path: str | os.PathLike) -> str | None:
    """Why the store's read model cannot be trusted, read whole (each section against its
    checksum, every row decoded), or None when it is sound or there is none — what
    `rlat doctor` checks. Readers only decode what they use, and set aside a read model
    whose bytes fail them."""
    if not read_model_path(store_path).exists():
        return None
    projection = read_projection(store_path)
    if projection is None:
        opened = _open_file(read_model_path(store_path))
        if opened is not None and opened[1].get("v") != VERSION:
            return None  # (another rlat's, from before an upgrade: readers rebuild it)
        return "read model unreadable (truncated or damaged)"
    try:
        for name, expected in (projection.header.get("checksums") or {}).items():
            if zlib.adler32(projection.section(name)) != expected:
                return f"read model section {name} does not match its checksum"
        for cid in projection.ids:
            projection.decode(cid)
    except DECODE_ERRORS as exc:
        return f"read model damaged ({exc})"
    return None


class Projection:
    """An opened read model file (mapped, sections read in place)."""

    def __init__(self, path: Path, data, header: dict) -> None:
        self.path = path
        self.data = data
        self.header = header
        self._mv = memoryview(data)
        for name in header["sections"]:
            self.section(name)  # every section within the file, or ValueError (unusable)
        self.ids: list[str] = unpack(self.section("ids"))
        self.n = len(self.ids)
        self.offsets = le_numbers("Q", self.section("offsets"))
        self.rows_at = header["sections"]["rows"][0]
        if len(self.offsets) != self.n + 1:
            raise ValueError("read model: offsets do not match the ids")
        self._slot: dict[str, int] | None = None
        self.fields = header["fields"]
        self.same_fields = list(self.fields) == list(CLAIM_FIELDS)

    def has(self, name: str) -> bool:
        return name in self.header["sections"]

    def section(self, name: str) -> memoryview:
        start, length = self.header["sections"][name]
        if start + length > len(self._mv):
            raise ValueError(f"read model: section {name} runs past the end")
        return self._mv[start:start + length]

    def projection(self, name: str) -> dict:
        """What a layer above stored in the header under ``name`` ({} when nothing)."""
        return self.header.get("projections", {}).get(name) or {}

    @property
    def slot(self) -> dict[str, int]:
        if self._slot is None:
            self._slot = dict(zip(self.ids, range(self.n), strict=True))
        return self._slot

    def members(self, scope: str):
        """The slots of the claims live (as of the build) in ``scope`` (a workspace id, or
        ``EVERYWHERE``)."""
        where = self.header["members"].get(scope)
        if not where:
            return ()
        start, count = where
        return le_numbers("I", self.section("members"))[start:start + count]

    def decode(self, cid: str) -> Claim:
        i = self.slot[cid]  # (KeyError: no such claim here)
        at = self.rows_at
        try:
            row = unpack(self._mv[at + self.offsets[i]: at + self.offsets[i + 1]])
            if self.same_fields:
                return Claim(*row)
            known = set(CLAIM_FIELDS)
            return Claim(**{k: v for k, v in zip(self.fields, row, strict=False) if k in known})
        except DECODE_ERRORS as exc:
            raise Damaged(f"read model: the row of {cid[:12]} does not decode ({exc})") from exc

    def mismatch(self, store: Path, st: os.stat_result) -> str | None:
        """The staleness rule: None when this read model is of ``store`` as it is now, or
        was before records were appended to it; else why not."""
        header = self.header
        if header.get("store") != os.path.realpath(store):
            return "read model of another store"
        if (header.get("ino"), header.get("dev")) != (st.st_ino, st.st_dev):
            return "store was rewritten since the read model was built"
        if int(header.get("size", -1)) > st.st_size:
            return "store shrank since the read model was built"
        try:
            if fingerprint(store, int(header["size"])) != header.get("fingerprint"):
                return "store was rewritten since the read model was built"
        except (OSError, KeyError, ValueError):
            return "store was rewritten since the read model was built"
        return None


def read_projection(store_path: str | os.PathLike) -> Projection | None:
    """The store's read model file as written (current or not), or None when there is none or
    it is not one this version reads (another version, truncated, damaged)."""
    path = read_model_path(store_path)
    opened = _open_file(path)
    if opened is None or opened[1].get("v") != VERSION:
        return None
    try:
        return Projection(path, *opened)
    except _UNREADABLE:
        return None


_UNREADABLE = (ValueError, TypeError, KeyError, struct.error, msgpack.ExtraData,
               msgpack.FormatError, msgpack.StackError)


def _open_file(path: Path) -> tuple[mmap.mmap, dict] | None:
    """(the mapped file, its header) of a read model of any version, or None when there is
    none or its magic or header do not read."""
    try:
        with open(path, "rb") as fh:
            size = os.fstat(fh.fileno()).st_size
            if size < _HEAD.size:
                return None
            data = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None
    try:
        magic, head_len = _HEAD.unpack_from(data, 0)
        if magic != MAGIC or _HEAD.size + head_len > size:
            return None
        header = unpack(memoryview(data)[_HEAD.size:_HEAD.size + head_len])
        return (data, header) if isinstance(header, dict) else None
    except _UNREADABLE:
        return None


class LazyClaims(dict):
    """Claims decoded from the read model on first access (``get``/``[]``); what the catch-up
    fold changes or adds lives in the dict itself. Iterating it decodes everything (avoid)."""

    def __init__(self, projection: Projection) -> None:
        super().__init__()
        self._projection = projection

    def __missing__(self, cid: str) -> Claim:
        claim = self._projection.decode(cid)  # KeyError when the read model has no such claim
        self[cid] = claim
        return claim

    def get(self, cid, default=None):
        try:
            return self[cid]
        except KeyError:
            return default

    def __contains__(self, cid) -> bool:
        return dict.__contains__(self, cid) or cid in self._projection.slot

    def _all(self) -> None:
        for cid in self._projection.ids:
            if not dict.__contains__(self, cid):
                self[cid]

    def values(self):
        self._all()
        return dict.values(self)

    def items(self):
        self._all()
        return dict.items(self)

    def keys(self) -> list[str]:
        """Every claim id (the read model's, then those added since), decoding nothing."""
        slot = self._projection.slot
        return list(self._projection.ids) + [k for k in dict.keys(self) if k not in slot]

    def __iter__(self):
        self._all()
        return dict.__iter__(self)

    def __len__(self) -> int:
        slot = self._projection.slot
        return len(slot) + sum(1 for k in dict.keys(self) if k not in slot)

    def decoded(self) -> list[str]:
        """The ids held in the dict itself: touched by the catch-up, or decoded since."""
        return list(dict.keys(self))


def caught_up(projection: Projection, store: Path,
              size: int) -> tuple[FoldState, list[str]] | None:
    """(the store's current state, the ids of the claims the records appended since the build
    touched) — the read model's claims plus those records folded onto the claims they touch —
    or None when more than ``MAX_DELTA_RECORDS`` records were appended (or the tail cannot be
    walked). ``size``: the store's size now; the caller checked ``mismatch`` first."""
    from ..container import EVENTS, Container

    header = projection.header
    events: list[dict] = []
    if size > header["size"]:
        container = Container(store)
        data = container._map()
        refs = container.refs_from(int(header["size"]), data)
        if refs is None or len(refs) > MAX_DELTA_RECORDS:
            return None
        for ref in refs:
            if ref.rtype == EVENTS:
                events.extend(container.read(ref, data).get("events", ()))
    claims = LazyClaims(projection)
    state = FoldState(claims=claims, agents=dict(header.get("agents") or {}),
                      calibration=dict(header.get("calibration") or {}),
                      pending={k: list(v) for k, v in (header.get("pending") or {}).items()})
    fold(events, state)
    return state, claims.decoded()
