"""The hook view: the memory store as a hook can open it in a few milliseconds.

Folding a store of 10,000 claims (its snapshot alone decodes to ~16 MB of msgpack) takes
hundreds of milliseconds; a UserPromptSubmit hook has tens. So the background worker keeps a
projection of the store beside it (``<rlat home>/cache/hookview-<hash>.bin``), built by the real
fold and the real trust functions, and a hook reads only what a prompt needs:

* a small header: where the store stood when the view was built (size, inode), the most
  trusted claim ids per workspace and the world-fact ids;
* sections a hook reads in place (mmap, no parsing): the claim ids, the offsets of their
  rows, each workspace's live claims (as slots), each claim's trust bound
  (``rlat.retrieval.recall.trust_bound``) and the recall engine's BM25 index
  (``rlat.retrieval.recall.ClaimIndex``, in the same slot order as the rows);
* each claim's listing row (``rlat.listing.row``, its rung counting every outcome, so it holds
  from the newest outcome's time on): `rlat memory list` shows a large store from these rows
  instead of re-folding and re-scoring every claim's history;
* then each claim's full fold row, stored separately, decoded only when a hook touches it.

Recall is handed two shortcuts that change nothing in its result: a mask of the slots that can
serve in the workspace (only those are scored) and the trust bounds (a claim whose relevance
times its best possible trust cannot reach the top k is never decoded).

A hook opens the view, reads the records appended to the store since it was built (the hooks'
own ``injected`` and ``outcome`` events, a capture…), folds those events with the real fold
onto just the claims they touch, and has the store's exact current state for every claim it
looks at. A view that does not match the store (another file, ``rlat compact`` rewrote it, too
far behind) is ignored: the hook folds the whole store instead and asks the worker to rebuild
the view. Nothing here decides what serves: recall (``rlat.retrieval.recall``) and the gates do,
on real ``Claim`` objects.
"""

from __future__ import annotations

import heapq
import mmap
import os
import struct
import sys
import time
from array import array
from collections.abc import Iterator, Mapping
from pathlib import Path

import msgpack

from ..claims.fold import FoldState, fold
from ..claims.ids import sha256
from ..claims.model import CLAIM_FIELDS, Claim, live, visible_everywhere
from ..paths import atomic_write, home, private_dir

MAGIC = b"RLATHVW1"
VERSION = 4
_HEAD = struct.Struct("<8sQ")
TOP_TRUSTED = 40  # most trusted claim ids kept per workspace (SessionStart's candidates)
MAX_DELTA_RECORDS = 3000  # a view further behind than this is rebuilt, not caught up
_ALIGN = 8
_LITTLE = sys.byteorder == "little"
# BM25 arrays stored as sections of their own (used in place, never copied); "vocab" is read
# into bytes (its slices are compared).
_RAW_INDEX_FIELDS = ("vocab", "vocab_off", "first", "post_off", "post_docs", "post_tfs",
                     "doc_len")


def view_path(store_path: str | os.PathLike) -> Path:
    real = os.path.realpath(os.fspath(store_path))
    digest = sha256(real.encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return home() / "cache" / f"hookview-{digest}.bin"


FINGERPRINT_BYTES = 4096


def _fingerprint(store: Path, size: int) -> str:
    """A hash of the bytes just before ``size``: the view's store must still hold exactly them
    (an inode number alone can be reused by a rewritten file)."""
    with open(store, "rb") as fh:
        start = max(0, size - FINGERPRINT_BYTES)
        fh.seek(start)
        return sha256(fh.read(size - start)).hexdigest()[:32]


def _unpack(data) -> object:
    return msgpack.unpackb(data, raw=False, strict_map_key=False, use_list=True)


def _le(code: str, values) -> bytes:
    out = array(code, values)
    if not _LITTLE:
        out.byteswap()
    return out.tobytes()


def _numbers(code: str, data: memoryview):
    """Little-endian numbers stored in a section, indexable in place (copied on big-endian)."""
    if _LITTLE:
        return data.cast(code)
    out = array(code)
    out.frombytes(data)
    out.byteswap()
    return out


# ---------------------------------------------------------------------------------- build
def build_view(store_path: str | os.PathLike, *, now: float | None = None) -> dict | None:
    """Fold the store and write its view (atomically). Returns a summary, or None when the
    store kept changing while it was read (try again later)."""
    from ..claims.log import ClaimLog
    from ..listing import row as listing_row
    from ..listing import row_keys, rung_settled_at
    from ..retrieval.recall import ClaimIndex, open_index, save_index, trust_bound
    from ..trust.lifecycle import trust_weight

    store = Path(store_path)
    log = ClaimLog(store)
    for _attempt in range(3):
        before = os.stat(store)
        state = log.state()
        after = os.stat(store)
        if (before.st_size, before.st_ino) == (after.st_size, after.st_ino):
            break
    else:
        return None
    now = time.time() if now is None else now
    index = open_index(store, state, persist=False)
    if index.delta or index.gone or len(index.ids) != len(state.claims):
        index = ClaimIndex.build(state.claims.values())
    # Claim vectors for re-ranking, computed here (not in a hook) when the index lacks them.
    index.embed_claims([state.claims[cid] for cid in index.ids])
    # The same base as the recall engine's own cache, so a hook reading the view and a command
    # folding the store rank alike (both score claims added since with the base's statistics).
    save_index(index, store)

    # Rows in the index's slot order, so a slot means the same claim in both.
    ids: list[str] = list(index.ids)
    offsets: list[int] = []
    blobs: list[bytes] = []
    listing: list[list] = []  # each claim's listing row values, then when its rung settled
    bounds: list[float] = []
    bounds_from = 0.0
    pos = 0
    workspaces: list[str] = []
    ws_slot: dict[str, int] = {}
    members: dict[int, list[int]] = {}  # workspace slot (-1: open) -> live claim slots
    world: list[str] = []
    heaps: dict[int, list] = {}
    for i, cid in enumerate(ids):
        claim = state.claims[cid]
        blob = msgpack.packb(claim.to_row(), use_bin_type=True)
        offsets.append(pos)
        blobs.append(blob)
        pos += len(blob)
        listing.append([*listing_row(claim).values(), rung_settled_at(claim)])
        weight, since = trust_bound(state, claim)
        if since > now:  # an outcome dated in the future: no bound for this claim
            bounds.append(float("nan"))
        else:
            bounds.append(weight)
            bounds_from = max(bounds_from, since)
        if visible_everywhere(claim.source, claim.workspaces, claim.cross_workspace):
            slots = [-1]
        else:
            slots = []
            for ws in claim.workspaces:
                if ws not in ws_slot:
                    ws_slot[ws] = len(workspaces)
                    workspaces.append(ws)
                slots.append(ws_slot[ws])
        if not live(claim):
            continue
        for slot in slots:
            members.setdefault(slot, []).append(i)
        if claim.source == "world":
            world.append(claim.id)
        elif claim.source == "experience" and claim.text.strip():
            weight = trust_weight(claim, now, state.calibration)[0]
            for slot in slots:
                heap = heaps.setdefault(slot, [])
                item = (weight, claim.last_evidence_at, claim.id)
                if len(heap) < TOP_TRUSTED:
                    heapq.heappush(heap, item)
                elif item > heap[0]:
                    heapq.heapreplace(heap, item)
    offsets.append(pos)
    trusted = {slot: [cid for _w, _t, cid in sorted(heap, reverse=True)]
               for slot, heap in heaps.items()}

    index_body = index.to_dict(os.path.realpath(store))
    index_body.pop("ids")
    bm25_body = dict(index_body["index"])
    raw = {name: bm25_body.pop(name) for name in _RAW_INDEX_FIELDS if name in bm25_body}
    index_body["index"] = bm25_body
    member_slots: list[int] = []
    member_ranges: dict[int, list[int]] = {}
    for slot, items in members.items():
        member_ranges[slot] = [len(member_slots), len(items)]
        member_slots.extend(items)
    sections: list[tuple[str, bytes]] = [
        ("ids", msgpack.packb(ids, use_bin_type=True)),
        ("offsets", _le("Q", offsets)),
        ("bounds", _le("d", bounds)),
        ("members", _le("I", member_slots)),
        *((f"index.{name}", bytes(value)) for name, value in raw.items()),
        ("index", msgpack.packb(index_body, use_bin_type=True)),
        ("listing", msgpack.packb(listing, use_bin_type=True)),
        ("rows", b"".join(blobs)),
    ]
    header = {
        "v": VERSION, "store": os.path.realpath(store), "size": before.st_size,
        "ino": before.st_ino, "dev": before.st_dev, "built_at": now,
        "fingerprint": _fingerprint(store, before.st_size),
        "fields": list(CLAIM_FIELDS), "n": len(ids), "workspaces": workspaces,
        "members": member_ranges, "world": world, "trusted": trusted,
        "bounds_from": bounds_from, "listing_keys": row_keys(),
        "agents": state.agents, "calibration": state.calibration, "pending": state.pending,
    }
    # Section offsets depend on the header's length, which depends on them: lay them out
    # after a header with room to spare, then pad the header to that room.
    header["sections"] = {name: [0, len(data)] for name, data in sections}
    room = len(msgpack.packb(header, use_bin_type=True)) + 64 * len(sections) + 64
    at = _HEAD.size + room
    for name, data in sections:
        at += -at % _ALIGN
        header["sections"][name] = [at, len(data)]
        at += len(data)
    head = msgpack.packb(header, use_bin_type=True)
    assert len(head) <= room
    target = view_path(store)
    private_dir(target.parent)
    # Derived from the store (rebuilt when lost): no fsync. Holds every claim's text: user-only.
    with atomic_write(target, keep_mode=False, durable=False) as fh:
        fh.write(_HEAD.pack(MAGIC, len(head)))
        fh.write(head)
        pos = _HEAD.size + len(head)
        for name, data in sections:
            start = header["sections"][name][0]
            fh.write(b"\0" * (start - pos))
            fh.write(data)
            pos = start + len(data)
    return {"claims": len(ids), "bytes": target.stat().st_size, "view": str(target)}


# ----------------------------------------------------------------------------------- open
class LazyClaims(dict):
    """Claims decoded from the view on first access (``get``/``[]``); what the delta fold
    changes or adds lives in the dict itself. Iterating it decodes everything (avoid)."""

    def __init__(self, view: _View) -> None:
        super().__init__()
        self._view = view

    def __missing__(self, cid: str) -> Claim:
        claim = self._view.decode(cid)  # KeyError when the view has no such claim
        self[cid] = claim
        return claim

    def get(self, cid, default=None):
        try:
            return self[cid]
        except KeyError:
            return default

    def __contains__(self, cid) -> bool:
        return dict.__contains__(self, cid) or cid in self._view.slot

    def _all(self) -> None:
        for cid in self._view.ids:
            if not dict.__contains__(self, cid):
                self[cid]

    def values(self):
        self._all()
        return dict.values(self)

    def items(self):
        self._all()
        return dict.items(self)

    def keys(self) -> list[str]:
        """Every claim id (the view's, then those added since), decoding nothing."""
        slot = self._view.slot
        return list(self._view.ids) + [k for k in dict.keys(self) if k not in slot]

    def __iter__(self):
        self._all()
        return dict.__iter__(self)

    def __len__(self) -> int:
        slot = self._view.slot
        return len(slot) + sum(1 for k in dict.keys(self) if k not in slot)

    def touched(self) -> list[str]:
        return list(dict.keys(self))


class ScopedClaims(Mapping):
    """The claims of a state that *could* serve in one workspace: a read-only subset recall
    ranks over, so claims that can never pass the workspace gate are never decoded.

    It is a conservative pre-filter (a superset): claims tagged with this workspace, claims
    with no workspace or marked cross-workspace, and every claim the delta touched; retired,
    superseded or purged claims (as of the view) are left out unless the delta touched them.
    ``rlat.retrieval.recall.gate`` still decides on each claim it ranks. ``mask`` holds the
    view slots in scope; ``extra`` the ids of claims added since the view was built."""

    def __init__(self, claims: LazyClaims, mask: bytearray, extra: set[str]) -> None:
        self._claims = claims
        self._slot = claims._view.slot
        self._ids = claims._view.ids
        self.mask = mask
        self._extra = extra

    def __contains__(self, cid) -> bool:
        slot = self._slot.get(cid)
        return bool(self.mask[slot]) if slot is not None else cid in self._extra

    def __getitem__(self, cid: str) -> Claim:
        if cid not in self:
            raise KeyError(cid)
        return self._claims[cid]

    def get(self, cid, default=None):
        return self._claims.get(cid, default) if cid in self else default

    def __iter__(self) -> Iterator[str]:
        ids, mask = self._ids, self.mask
        yield from (ids[i] for i in range(len(ids)) if mask[i])
        yield from self._extra

    def __len__(self) -> int:
        return self.mask.count(1) + len(self._extra)


class _View:
    def __init__(self, path: Path, data, header: dict) -> None:
        self.path = path
        self.data = data
        self.header = header
        self._mv = memoryview(data)
        for name in header["sections"]:
            self.section(name)  # every section within the file, or ValueError (view unusable)
        self.ids: list[str] = _unpack(self.section("ids"))
        self.n = len(self.ids)
        self.offsets = _numbers("Q", self.section("offsets"))
        self.rows_at = header["sections"]["rows"][0]
        if len(self.offsets) != self.n + 1:
            raise ValueError("hook view: offsets do not match the ids")
        self._slot: dict[str, int] | None = None
        fields = header["fields"]
        self.same_fields = list(fields) == list(CLAIM_FIELDS)
        self.fields = fields

    def section(self, name: str) -> memoryview:
        start, length = self.header["sections"][name]
        if start + length > len(self._mv):
            raise ValueError(f"hook view: section {name} runs past the end")
        return self._mv[start:start + length]

    @property
    def slot(self) -> dict[str, int]:
        if self._slot is None:
            self._slot = dict(zip(self.ids, range(self.n), strict=True))
        return self._slot

    def members(self, ws_slot: int):
        where = self.header["members"].get(ws_slot)
        if not where:
            return ()
        start, count = where
        return _numbers("I", self.section("members"))[start:start + count]

    def bounds(self):
        return _numbers("d", self.section("bounds"))

    def index_body(self) -> dict:
        body = _unpack(self.section("index"))
        bm25 = body["index"]
        for name in _RAW_INDEX_FIELDS:
            if f"index.{name}" in self.header["sections"]:
                value = self.section(f"index.{name}")
                bm25[name] = bytes(value) if name == "vocab" else value
        return body

    def decode(self, cid: str) -> Claim:
        i = self.slot[cid]
        at = self.rows_at
        row = _unpack(self._mv[at + self.offsets[i]: at + self.offsets[i + 1]])
        if self.same_fields:
            return Claim(*row)
        known = set(CLAIM_FIELDS)
        return Claim(**{k: v for k, v in zip(self.fields, row, strict=False) if k in known})


def _read_view(store: Path) -> _View | None:
    path = view_path(store)
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
        header = _unpack(memoryview(data)[_HEAD.size:_HEAD.size + head_len])
        if not isinstance(header, dict) or header.get("v") != VERSION:
            return None
        return _View(path, data, header)
    except (ValueError, TypeError, KeyError, struct.error, msgpack.ExtraData,
            msgpack.FormatError, msgpack.StackError):
        return None


class Memory:
    """The memory store as one hook sees it: ``state`` (a FoldState, possibly lazy) and the
    candidates each hook needs, from the view when it is usable, else from a full fold."""

    def __init__(self, state: FoldState, *, view: _View | None = None,
                 index=None, touched: list[str] | None = None) -> None:
        self.state = state
        self.view = view
        self._index = index
        self._index_from_view = False
        self.touched = touched or []

    @property
    def from_view(self) -> bool:
        return self.view is not None

    # -------------------------------------------------------------- recall
    def recall_state(self, workspace: str) -> FoldState:
        """The state recall ranks over (scoped to what could serve in ``workspace``)."""
        if self.view is None:
            return self.state
        view = self.view
        mask = bytearray(view.n)
        for slot in view.members(-1):
            mask[slot] = 1
        workspaces = view.header["workspaces"]
        if workspace in workspaces:
            for slot in view.members(workspaces.index(workspace)):
                mask[slot] = 1
        extra: set[str] = set()
        slot_of = view.slot
        for cid in self.touched:
            slot = slot_of.get(cid)
            if slot is None:
                extra.add(cid)
            else:
                mask[slot] = 1
        return FoldState(claims=ScopedClaims(self.state.claims, mask, extra),
                         agents=self.state.agents, calibration=self.state.calibration,
                         pending=self.state.pending, event_count=self.state.event_count)

    def recall_hints(self, state: FoldState, index, now: float) -> dict:
        """The shortcuts ``rlat.retrieval.recall.recall`` takes for ``state`` (from
        ``recall_state``) and ``index`` (from ``index``): the mask of the slots in scope and the
        claims' trust bounds. Empty (no shortcut) when they would not hold exactly."""
        view = self.view
        if view is None or index is not self._index or not self._index_from_view \
                or not isinstance(state.claims, ScopedClaims):
            return {}
        hints: dict = {"candidate_mask": state.claims.mask}
        header = view.header
        if now >= header.get("bounds_from", float("inf")) \
                and self.state.calibration == header.get("calibration"):
            bounds = view.bounds()
            slot_of = view.slot
            touched = set(self.touched)

            def bound(cid: str) -> float | None:
                slot = slot_of.get(cid)
                if slot is None or cid in touched:
                    return None  # new or changed since the view was built
                value = bounds[slot]
                return value if value == value else None  # NaN: none stored

            hints["bound"] = bound
        return hints

    def index(self, store_path: str | os.PathLike):
        if self.view is None:
            from ..retrieval.recall import open_index

            return open_index(store_path, self.state)
        if self._index is None:
            from ..retrieval.recall import ClaimIndex

            view = self.view
            index = ClaimIndex.from_dict(view.index_body(), ids=view.ids, slot_of=view.slot)
            self._index_from_view = index is not None
            if index is None:  # another analyzer version: rebuild in memory (rare)
                index = ClaimIndex.build(self.state.claims.values())
            new = {cid: self.state.claims[cid] for cid in self.touched
                   if cid not in index.slot_of}
            if new:
                index.sync(FoldState(claims=new))
            self._index = index
        return self._index

    # -------------------------------------------------------------- listing
    def listing_rows(self, now: float) -> list[dict]:
        """``rlat.listing.row(claim, now)`` for every claim, unfiltered: from the rows the view
        stored for the claims nothing has touched since (and whose rung has settled by
        ``now``), computed afresh for the rest. Only for a memory opened from a view
        (``open_view``); ValueError when the view's listing cannot be used."""
        from ..listing import row, row_keys

        claims = self.state.claims
        view = self.view
        keys = view.header["listing_keys"]
        if keys != row_keys():
            raise ValueError("hook view: listing rows of another rlat version")
        stored = _unpack(view.section("listing"))
        if len(stored) != view.n:
            raise ValueError("hook view: listing does not match the ids")
        touched = set(self.touched)
        rows = []
        for cid, values in zip(view.ids, stored, strict=True):
            if cid in touched or not now >= values[-1]:
                rows.append(row(claims[cid], now))
            else:  # values[-1] (when the rung settled) has no key: zip leaves it out
                rows.append(dict(zip(keys, values, strict=False)))
        slot_of = view.slot
        rows.extend(row(claims[cid], now) for cid in self.touched if cid not in slot_of)
        return rows

    # -------------------------------------------------------------- session start
    def trusted_candidates(self, workspace: str) -> list[Claim]:
        if self.view is None:
            return list(self.state.claims.values())
        header = self.view.header
        ids = list(header["trusted"].get(-1, ()))
        if workspace in header["workspaces"]:
            ids += header["trusted"].get(header["workspaces"].index(workspace), ())
        ids += self.touched
        return self._claims(ids)

    def world_candidates(self) -> list[Claim]:
        if self.view is None:
            return [c for c in self.state.claims.values() if c.source == "world"]
        return [c for c in self._claims(list(self.view.header["world"]) + self.touched)
                if c.source == "world"]

    def _claims(self, ids: list[str]) -> list[Claim]:
        seen: dict[str, Claim] = {}
        for cid in ids:
            if cid not in seen:
                claim = self.state.claims.get(cid)
                if claim is not None:
                    seen[cid] = claim
        return list(seen.values())


def open_memory(store_path: str | os.PathLike) -> tuple[Memory, str | None]:
    """(the store as a hook sees it, why the view was not used or None). Raises what a full
    fold raises (ContainerError) when the store itself cannot be read."""
    from ..claims.log import ClaimLog

    store = Path(store_path)
    if not store.exists():
        return Memory(FoldState()), None
    memory, why = open_view(store)
    if memory is not None:
        return memory, None
    return Memory(ClaimLog(store).state()), why


def open_view(store_path: str | os.PathLike) -> tuple[Memory | None, str | None]:
    """(the store from its view, caught up with it; None) when the view is usable, else
    (None, why not). Never folds the whole store."""
    store = Path(store_path)
    try:
        st = os.stat(store)
    except OSError:
        return None, "no store"
    view = _read_view(store)
    why = "no view yet" if view is None else _mismatch(view.header, store, st)
    if why is None:
        memory = _caught_up(view, store, st.st_size)
        if memory is not None:
            return memory, None
        why = "view too far behind the store"
    return None, why


def _mismatch(header: dict, store: Path, st: os.stat_result) -> str | None:
    if header.get("store") != os.path.realpath(store):
        return "view of another store"
    if (header.get("ino"), header.get("dev")) != (st.st_ino, st.st_dev):
        return "store was rewritten since the view was built"
    if int(header.get("size", -1)) > st.st_size:
        return "store shrank since the view was built"
    try:
        if _fingerprint(store, int(header["size"])) != header.get("fingerprint"):
            return "store was rewritten since the view was built"
    except (OSError, KeyError, ValueError):
        return "store was rewritten since the view was built"
    return None


def _caught_up(view: _View, store: Path, size: int) -> Memory | None:
    from ..container import EVENTS, Container

    header = view.header
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
    claims = LazyClaims(view)
    state = FoldState(claims=claims, agents=dict(header.get("agents") or {}),
                      calibration=dict(header.get("calibration") or {}),
                      pending={k: list(v) for k, v in (header.get("pending") or {}).items()})
    fold(events, state)
    return Memory(state, view=view, touched=claims.touched())
