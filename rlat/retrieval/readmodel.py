"""The read model: what hooks, CLI and recall open instead of folding the memory store.

One derived file per store (``rlat.claims.readmodel``: the layout, the staleness rule, the
catch-up fold; byte layout in docs/format.md), one build (``build_read_model``, run by the
background worker after each session and when a reader found it missing or stale), one way in
(``open_read_model`` / ``open_current`` -> ``ReadModel``). It projects one fold of the store:

* claims level: every claim's row, the ids of the live claims of each workspace, the world
  facts (``rlat.claims.readmodel``);
* trust: each claim's trust bound (``rlat.retrieval.recall.trust_bound``) and the most trusted
  claim ids per workspace (SessionStart's candidates);
* listing: each claim's ``rlat.listing.row`` (its rung counting every outcome, so it holds
  from the newest outcome's time on): `rlat memory list` shows a large store from these;
* recall: the ranking engine's BM25 index and claim vectors (``ClaimIndex``), in the slot
  order of the rows, its arrays used in place.

It lives here, in the retrieval layer, because that is the lowest layer that knows every part
it projects (the claim layer below must not import trust or retrieval); the claim layer owns
the file and decides when it describes the store.

Opened current (caught up with the records appended since the build), it gives the store's
exact state (``ReadModel.state``: claims decoded from their rows on first use, the touched
ones folded afresh) and recall's index carries two shortcuts that change nothing in its result
(``ReadModelScope``). Not current, the store is folded the slow way and a rebuild is asked for;
its index may still seed recall over that fold (the index names claims by content id, which no
rewrite changes: claims added since become a delta).
"""

from __future__ import annotations

import heapq
import os
import sys
import time
from pathlib import Path

from ..claims import readmodel as file
from ..claims.fold import FoldState
from ..claims.model import Claim, live
from ..container import ContainerError
from ..paths import private_dir

TOP_TRUSTED = 40  # most trusted claim ids kept per workspace (SessionStart's candidates)
# Index arrays stored as sections of their own (used in place, never copied); "vocab" is read
# into bytes (its slices are compared).
RAW_INDEX_FIELDS = ("vocab", "vocab_off", "first", "post_off", "post_docs", "post_tfs",
                    "doc_len")
# A command that folded the store rebuilds a read model missing more claims than this.
REBUILD_AFTER = 64
REBUILD_REQUEST_EVERY = 60.0  # seconds: readers ask for a rebuild at most this often


# ---------------------------------------------------------------------------------- build
def build_read_model(store_path: str | os.PathLike, *, now: float | None = None) -> dict | None:
    """Fold the store and write its read model (atomically). Returns a summary, or None when
    the store kept changing while it was read (try again later)."""
    from ..claims.log import ClaimLog
    from ..listing import row as listing_row
    from ..listing import row_keys, rung_settled_at
    from ..trust.lifecycle import trust_weight
    from .recall import ClaimIndex, standing, trust_bound

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
    # The previous read model's index, when it holds exactly these claims (only injections and
    # outcomes since), saves re-tokenizing and re-embedding the store.
    index = _reusable_index(file.read_projection(store), state)
    if index is None:
        index = ClaimIndex.build(state.claims.values())
    # Claim vectors (re-ranking, meaning), computed here (not in a hook) when the index lacks
    # them.
    index.embed_claims([state.claims[cid] for cid in index.ids])

    ids: list[str] = list(index.ids)  # the rows in the index's slot order
    listing: list[list] = []  # each claim's listing row values, then when its rung settled
    bounds: list[float] = []
    bounds_from = 0.0
    heaps: dict[str, list] = {}
    for cid in ids:
        claim = state.claims[cid]
        listing.append([*listing_row(claim).values(), rung_settled_at(claim)])
        weight, since = trust_bound(state, claim)
        if since > now:  # an outcome dated in the future: no bound for this claim
            bounds.append(float("nan"))
        else:
            bounds.append(weight)
            bounds_from = max(bounds_from, since)
        if claim.source != "experience" or not claim.text.strip() or not live(claim):
            continue
        item = (trust_weight(claim, now, state.calibration)[0] * standing(claim),
                claim.last_evidence_at, cid)
        for scope in file.scopes_of(claim):
            heap = heaps.setdefault(scope, [])
            if len(heap) < TOP_TRUSTED:
                heapq.heappush(heap, item)
            elif item > heap[0]:
                heapq.heapreplace(heap, item)
    trusted = {scope: [cid for _w, _t, cid in sorted(heap, reverse=True)]
               for scope, heap in heaps.items()}

    import msgpack

    body = index.to_dict()
    body.pop("ids")
    vector_sets = [(f"index.{name}", body.pop(name)) for name, _t, _w in ClaimIndex.VECTOR_SETS
                   if body.get(name) is not None]
    bm25_body = dict(body["index"])
    raw = {name: bm25_body.pop(name) for name in RAW_INDEX_FIELDS if name in bm25_body}
    body["index"] = bm25_body
    sections = [
        ("bounds", file.le_bytes("d", bounds)),
        *((f"index.{name}", bytes(value)) for name, value in raw.items()),
        *((section, bytes(vectors)) for section, vectors in vector_sets),
        ("index", msgpack.packb(body, use_bin_type=True)),
        ("listing", msgpack.packb(listing, use_bin_type=True)),
    ]
    projections = {"trust": {"bounds_from": bounds_from, "trusted": trusted},
                   "listing": {"keys": row_keys()},
                   "index": {"analyzer": index.analyzer}}
    target = file.write(store, before, state, ids, built_at=now, sections=sections,
                        projections=projections)
    return {"claims": len(ids), "bytes": target.stat().st_size, "read_model": str(target)}


def _index_of(projection: file.Projection | None):
    """The recall index stored in ``projection`` (its arrays in place), or None when there is
    none this version can use (another analyzer: rebuilt, never misread)."""
    if projection is None or not projection.has("index"):
        return None
    from .recall import ClaimIndex

    try:
        body = file.unpack(projection.section("index"))
        bm25 = body["index"]
        for name in RAW_INDEX_FIELDS:
            if projection.has(f"index.{name}"):
                value = projection.section(f"index.{name}")
                bm25[name] = bytes(value) if name == "vocab" else value
        index = ClaimIndex.from_dict(body, ids=projection.ids, slot_of=projection.slot)
    except (ValueError, TypeError, KeyError):
        return None
    if index is not None:
        index.restore_vectors(body, lambda name: projection.section(f"index.{name}")
                              if projection.has(f"index.{name}") else None)
    return index


def _reusable_index(projection: file.Projection | None, state: FoldState):
    index = _index_of(projection)
    if index is None:
        return None
    index.sync(state)
    if index.delta or index.gone or len(index.ids) != len(state.claims):
        return None
    return index


# ---------------------------------------------------------------------------------- open
class ReadModelScope:
    """What a current read model knows about its index's slots, for ``recall.rank``'s two
    shortcuts (same result, less work): which slots could serve in a workspace, and each
    claim's trust bound. Holds only for ``claims`` (the read model's own state)."""

    def __init__(self, model: ReadModel) -> None:
        self.claims = model.state.claims
        self._model = model

    def mask(self, workspace: str | None):
        """A bytearray by slot: 1 for the claims that could serve in ``workspace`` — live as
        of the build and learned there or served everywhere, or touched since (a superset:
        the gates decide). None (no shortcut) for no workspace."""
        if workspace is None:
            return None
        projection = self._model.projection
        mask = bytearray(projection.n)
        for scope in (file.EVERYWHERE, workspace):
            for slot in projection.members(scope):
                mask[slot] = 1
        slot_of = projection.slot
        for cid in self._model.touched:
            slot = slot_of.get(cid)
            if slot is not None:
                mask[slot] = 1
        return mask

    def bound(self, now: float, calibration: dict):
        """``bound(claim_id)``: the highest trust weight rank can give that claim now
        (``recall.trust_bound``), or None for a claim touched since the build; None (no
        shortcut) when the stored bounds might not hold: the clock before an outcome they
        count, or a calibration recorded since."""
        projection = self._model.projection
        trust = projection.projection("trust")
        if not now >= trust.get("bounds_from", float("inf")) \
                or calibration != projection.header.get("calibration"):
            return None
        bounds = file.le_numbers("d", projection.section("bounds"))
        slot_of = projection.slot
        touched = set(self._model.touched)

        def bound(cid: str) -> float | None:
            slot = slot_of.get(cid)
            if slot is None or cid in touched:
                return None  # new or changed since the build
            value = bounds[slot]
            return value if value == value else None  # NaN: none stored

        return bound


class ReadModel:
    """The memory store as one reader sees it: ``state`` (its current fold; lazily decoded
    when ``from_projection``) and the projections a reader needs — the recall index, listing
    rows, SessionStart's candidates — from the read model file when it is current, else
    computed from a full fold. ``why``: why the file was not used (None when it was)."""

    def __init__(self, state: FoldState, *, store: str | os.PathLike | None = None,
                 projection: file.Projection | None = None, touched: list[str] | None = None,
                 why: str | None = None) -> None:
        self.state = state
        self.store = Path(store) if store is not None else None
        self.projection = projection
        self.touched = touched or []
        self.why = why
        self._index = None

    @property
    def from_projection(self) -> bool:
        return self.projection is not None

    # -------------------------------------------------------------- recall
    def index(self, *, max_build: int | None = None):
        """The recall index over ``state`` (a ``recall.ClaimIndex``): the stored one (with
        the ``ReadModelScope`` shortcuts) plus the claims added since as a delta; from a full
        fold, ``open_index``'s (without writing anything: the reader asks for a rebuild)."""
        if self._index is not None:
            return self._index
        index = _index_of(self.projection) if self.projection is not None else None
        if index is None:  # a full fold (or a read model without a usable index)
            if self.store is None:
                from .recall import ClaimIndex

                self._index = ClaimIndex.build(self.state.claims.values())
            else:
                self._index = open_index(self.store, self.state, persist=False,
                                         max_build=max_build)
            return self._index
        index.scope = ReadModelScope(self)
        new = {cid: self.state.claims[cid] for cid in self.touched
               if cid not in index.slot_of}
        if new:
            index.sync(FoldState(claims=new))
        self._index = index
        return index

    # -------------------------------------------------------------- listing
    def listing_rows(self, now: float) -> list[dict]:
        """``rlat.listing.row(claim, now)`` for every claim, unfiltered: from the rows stored
        for the claims nothing has touched since (and whose rung has settled by ``now``),
        computed afresh for the rest. ValueError when the stored rows cannot be used."""
        from ..listing import row, row_keys

        claims = self.state.claims
        projection = self.projection
        if projection is None:
            return [row(claim, now) for claim in claims.values()]
        keys = projection.projection("listing").get("keys")
        if keys != row_keys():
            raise ValueError("read model: listing rows of another rlat version")
        stored = file.unpack(projection.section("listing"))
        if len(stored) != projection.n:
            raise ValueError("read model: listing does not match the ids")
        touched = set(self.touched)
        rows = []
        for cid, values in zip(projection.ids, stored, strict=True):
            if cid in touched or not now >= values[-1]:
                rows.append(row(claims[cid], now))
            else:  # values[-1] (when the rung settled) has no key: zip leaves it out
                rows.append(dict(zip(keys, values, strict=False)))
        slot_of = projection.slot
        rows.extend(row(claims[cid], now) for cid in self.touched if cid not in slot_of)
        return rows

    # -------------------------------------------------------------- session start
    def trusted_candidates(self, workspace: str) -> list[Claim]:
        """The claims that may be among ``workspace``'s most trusted: the stored top lists
        (served everywhere, and this workspace's) plus every claim touched since."""
        if self.projection is None:
            return list(self.state.claims.values())
        trusted = self.projection.projection("trust").get("trusted", {})
        ids = list(trusted.get(file.EVERYWHERE, ())) + list(trusted.get(workspace, ()))
        return self._claims(ids + self.touched)

    def world_candidates(self) -> list[Claim]:
        if self.projection is None:
            return [c for c in self.state.claims.values() if c.source == "world"]
        return [c for c in self._claims(list(self.projection.header["world"]) + self.touched)
                if c.source == "world"]

    def _claims(self, ids: list[str]) -> list[Claim]:
        seen: dict[str, Claim] = {}
        for cid in ids:
            if cid not in seen:
                claim = self.state.claims.get(cid)
                if claim is not None:
                    seen[cid] = claim
        return list(seen.values())


def open_current(store_path: str | os.PathLike) -> tuple[ReadModel | None, str | None]:
    """(the store from its read model, caught up with it; None) when the read model is
    current, else (None, why not). Never folds the whole store."""
    store = Path(store_path)
    try:
        st = os.stat(store)
    except OSError:
        return None, "no store"
    projection = file.read_projection(store)
    why = "no read model yet" if projection is None else projection.mismatch(store, st)
    if why is None and projection.projection("index").get("analyzer") != _analyzer():
        # (after an upgrade that changed how text is analysed: its index is unusable, and a
        # hook must not rebuild 10,000 claims' index on every prompt — the worker rebuilds)
        why = "read model indexed by another analyzer"
    if why is None:
        try:
            caught = file.caught_up(projection, store, st.st_size)
        except ContainerError:
            raise  # the store's own damage: the caller says so
        except file.DECODE_ERRORS as exc:  # the cache's: set it aside, fold the store
            return None, set_aside(store, exc)
        if caught is not None:
            state, touched = caught
            return ReadModel(state, store=store, projection=projection, touched=touched), None
        why = "read model too far behind the store"
    return None, why


def set_aside(store_path: str | os.PathLike, exc: BaseException) -> str:
    """A reader found the store's read model damaged (``exc``): delete it, so no reader uses
    it again, and say so (the caller asks for a rebuild as for a stale one)."""
    file.discard(store_path)
    return f"read model damaged ({exc.__class__.__name__}: {exc}); set aside, to be rebuilt"


def _analyzer() -> str:
    from .recall import analyzer_version

    return analyzer_version()


def open_read_model(store_path: str | os.PathLike) -> ReadModel:
    """The store as a reader sees it: from its read model when current (``open_current``),
    else folded whole (``why`` says why; ask for a rebuild with ``request_rebuild``). Raises
    what a fold raises (ContainerError) when the store itself cannot be read."""
    from ..claims.log import ClaimLog

    store = Path(store_path)
    if not store.exists():
        return ReadModel(FoldState(), store=store)
    model, why = open_current(store)
    if model is not None:
        return model
    return ReadModel(ClaimLog(store).state(), store=store, why=why)


def open_index(store_path: str | os.PathLike, state: FoldState, *, persist: bool = True,
               max_build: int | None = None):
    """The recall index for ``state``, a whole fold of the store at ``store_path``: the read
    model's (current or not: it names claims by content id) plus a delta of the claims added
    since. When there is none, or it misses more than ``REBUILD_AFTER`` claims, the store's
    read model is rebuilt (``persist``, the store exists) or an index built in memory.

    ``max_build`` is for callers on a deadline: a build is not attempted for a store with more
    claims than that — the stored index is used however far behind, or None is returned when
    there is none (recall nothing this time; the background worker rebuilds)."""
    from .recall import ClaimIndex

    index = _index_of(file.read_projection(store_path))
    if index is not None:
        added = index.sync(state)
        if added <= REBUILD_AFTER and index.gone <= REBUILD_AFTER:
            return index
    if max_build is not None and len(state.claims) > max_build:
        return index
    if persist and Path(store_path).exists():
        try:
            built = build_read_model(store_path)
        except OSError:  # (a read-only or full disk: a reader still recalls, from memory)
            built = None
        if built is not None:
            index = _index_of(file.read_projection(store_path))
            if index is not None:
                index.sync(state)
                return index
    return ClaimIndex.build(state.claims.values())


# -------------------------------------------------------------------------------- rebuild
def rebuild_due(store_path: str | os.PathLike) -> bool:
    """Whether a reader that found the read model missing or stale should ask for a rebuild
    now: at most once every ``REBUILD_REQUEST_EVERY`` seconds (a marker file's mtime says when
    it was last asked). Marks the request when it answers True."""
    marker = file.read_model_path(store_path).with_suffix(".requested")
    try:
        if time.time() - marker.stat().st_mtime < REBUILD_REQUEST_EVERY:
            return False
    except OSError:
        pass
    try:
        private_dir(marker.parent)
        marker.touch(mode=0o600)
        os.utime(marker)
    except OSError:
        return False
    return True


def request_rebuild(store_path: str | os.PathLike) -> bool:
    """Rebuild the read model in a detached process (``python -m rlat.retrieval.readmodel
    STORE``), unless one was asked for within the last minute. For a command that found the
    read model stale; the hooks ask the background worker instead (it drains their spool
    first). True when a process was started."""
    if not rebuild_due(store_path):
        return False
    from ..detach import start_detached

    try:
        start_detached([sys.executable, "-P", "-m", __name__, os.fspath(store_path)])
        return True
    except OSError:
        return False


if __name__ == "__main__":  # pragma: no cover - run detached by request_rebuild
    try:
        build_read_model(sys.argv[1])
    except Exception:  # noqa: BLE001 - a derived file: the next reader folds and asks again
        sys.exit(1)
