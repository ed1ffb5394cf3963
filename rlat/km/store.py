"""A knowledge model on disk: the build records of a `.rlat` container, read and written.

A KM is an ordinary `.rlat` container (docs/format.md, "Knowledge-model records"):

* ``META``     build settings, source root, inputs and the file table;
* ``PASSAGES`` blocks of passages, columnar; each source file's passages live in one block;
* ``INDEX``    the persisted ``BM25Index`` plus the slot table (slot → block, position, id);
* ``TOC``      ``{"entries": [[rtype, offset, label], …], "built_at": …}``, written last, naming
  exactly the records of the current build;
* ``EVENTS``   the claim log (corpus claims, world facts), as in any store.

Opening a KM reads the newest TOC (found by walking record trailers backwards from the end),
then the META and INDEX records it names; passage blocks are decoded only when a passage in
them is needed. Nothing is re-tokenised on open.
"""

from __future__ import annotations

import os
import sys
import time
from array import array
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..claims.fold import FoldState
from ..claims.log import ClaimLog
from ..container import INDEX, META, PASSAGES, TOC, Container, ContainerError
from ..container.file import (
    HEADER_SIZE,
    RLAT_MAGIC,
    check_replaceable,
    frame_record,
    make_header,
    refuse_to_replace_special,
    rewrite_target,
)
from ..paths import atomic_write, dir_problem
from ..retrieval.bm25 import BM25Index, smooth_idf

KM_KIND = "knowledge-model"
KM_VERSION = 1
_U32 = "I" if array("I").itemsize == 4 else "L"
_LITTLE = sys.byteorder == "little"


class KMError(Exception):
    """A knowledge model cannot be used as asked. ``str()`` is one line saying what to do."""


def given_source_root(source_root: Path) -> Path:
    """``--source-root``, absolute, or a KMError saying why it names no directory."""
    root = Path(source_root).expanduser()
    if problem := dir_problem(root):
        raise KMError(f"--source-root {root}: {problem}")
    return root.resolve()


class KMDamaged(KMError):
    """A knowledge model's file is truncated or damaged (``rlat doctor`` can tell more)."""


def u32_bytes(values) -> bytes:
    arr = array(_U32, values)
    if not _LITTLE:
        arr.byteswap()
    return arr.tobytes()


def u32_array(data: bytes) -> array:
    arr = array(_U32)
    arr.frombytes(data)
    if not _LITTLE:
        arr.byteswap()
    return arr


@dataclass(slots=True)
class Passage:
    id: str
    path: str  # relative to the source root, "/"-separated
    line_start: int
    line_end: int
    char_start: int
    char_end: int
    hash: str  # content_hash(text): sha256 hex, 16 chars
    label: str
    text: str
    slot: int = -1  # index slot (-1: not in the current index)

    @property
    def lines(self) -> str:
        return f"{self.line_start}-{self.line_end}" if self.line_end != self.line_start \
            else str(self.line_start)

    @property
    def where(self) -> str:
        return f"{self.path}:{self.lines}"

    def to_dict(self) -> dict:
        return {
            "id": self.id, "path": self.path, "lines": [self.line_start, self.line_end],
            "chars": [self.char_start, self.char_end], "hash": self.hash, "label": self.label,
            "text": self.text,
        }


class KMIndex(BM25Index):
    """A knowledge model's BM25: the persisted ``BM25Index`` scored with Lucene's
    never-negative idf (``rlat.retrieval.bm25.smooth_idf``), as the claim index is
    (``rlat.retrieval.recall.ClaimBM25``).

    rank_bm25's Okapi idf is 0 for a word in exactly half the passages (a 4-passage KM found
    nothing for a word two of them hold) and, past half, is replaced by a share of the mean
    idf, so a word in 51 % of the passages outweighed one in 49 %. The idf is computed when a
    query is scored, never stored (the index body holds document frequencies, and its
    ``idf_sum`` only served the Okapi floor), so every KM — older files too — is scored this
    way with no rebuild and no format change (docs/format.md, "index")."""

    def idf(self, term: str) -> float:
        cached = self._idf_cache.get(term)
        if cached is not None:
            return cached
        df = self.df(term)
        value = smooth_idf(len(self), df) if df else 0.0
        self._idf_cache[term] = value
        return value


# ----------------------------------------------------------------------- block encoding
class BlockWriter:
    """Accumulates passages (file by file) into one PASSAGES body."""

    def __init__(self) -> None:
        self.files: list[str] = []
        self.file_ix: list[int] = []
        self.ids = bytearray()
        self.hashes = bytearray()
        self.spans: list[int] = []
        self.labels: list[str] = []
        self.texts: list[str] = []
        self.chars = 0

    def __len__(self) -> int:
        return len(self.texts)

    def add_file(self, rel: str) -> int:
        self.files.append(rel)
        return len(self.files) - 1

    def add(self, file_ix: int, pid: str, chash: str, char_start: int, char_end: int,
            line_start: int, line_end: int, label: str, text: str) -> int:
        self.file_ix.append(file_ix)
        self.ids += bytes.fromhex(pid)
        self.hashes += bytes.fromhex(chash)
        self.spans += (char_start, char_end, line_start, line_end)
        self.labels.append(label)
        self.texts.append(text)
        self.chars += len(text)
        return len(self.texts) - 1

    def body(self) -> dict:
        return {
            "v": KM_VERSION,
            "files": self.files,
            "file": u32_bytes(self.file_ix),
            "ids": bytes(self.ids),
            "hashes": bytes(self.hashes),
            "spans": u32_bytes(self.spans),
            "labels": self.labels,
            "texts": self.texts,
        }


class Block:
    """A decoded PASSAGES body."""

    __slots__ = ("files", "file_ix", "ids", "hashes", "spans", "labels", "texts")

    def __init__(self, body: dict) -> None:
        self.files: list[str] = body["files"]
        self.file_ix = u32_array(body["file"])
        self.ids: bytes = body["ids"]
        self.hashes: bytes = body["hashes"]
        self.spans = u32_array(body["spans"])
        self.labels: list[str] = body["labels"]
        self.texts: list[str] = body["texts"]

    def __len__(self) -> int:
        return len(self.texts)

    def pid(self, pos: int) -> str:
        return self.ids[pos * 8 : pos * 8 + 8].hex()

    def passage(self, pos: int, slot: int = -1) -> Passage:
        s = self.spans
        i = pos * 4
        return Passage(
            id=self.pid(pos),
            path=self.files[self.file_ix[pos]],
            line_start=s[i + 2], line_end=s[i + 3], char_start=s[i], char_end=s[i + 1],
            hash=self.hashes[pos * 8 : pos * 8 + 8].hex(),
            label=self.labels[pos], text=self.texts[pos], slot=slot,
        )

    def positions_of(self, rel: str) -> list[int]:
        try:
            fi = self.files.index(rel)
        except ValueError:
            return []
        return [p for p, f in enumerate(self.file_ix) if f == fi]


# ----------------------------------------------------------------------------- reading
BUILD_RECORD_TYPES = (META, PASSAGES, INDEX)


def orphaned_build(container: Container, data=None, refs: list | None = None) -> str:
    """What is wrong with a container that holds knowledge-model build records but no table
    of contents naming them; "" when there is nothing of the kind.

    Never a torn append: a first build is written to a temporary file and renamed into place
    whole (``write_build(fresh=True)``), so a file that has build records always has a TOC
    after them unless it was cut short (truncated, a partial copy or download) or damaged. A
    torn *later* append (a crashed refresh) leaves the older TOC in place, and readers use
    that build — the documented torn-tail rule."""
    data = container._map() if data is None else data
    # ``refs``: every record of the file, when the caller has them (a TOC-less tail walk);
    # they are the whole story unless the file ends in a torn record.
    good_end = refs[-1].end if refs else HEADER_SIZE
    if refs is None or good_end != len(data):
        scan = container.scan(data)
        refs, good_end = scan.refs, scan.good_end
    orphans = [r for r in refs if r.rtype in BUILD_RECORD_TYPES]
    if any(r.rtype == TOC for r in refs):
        return ""
    torn = ""
    torn_bytes = len(data) - good_end
    if torn_bytes:
        head = bytes(data[good_end:good_end + 4])
        if head[:3] == b"RLR" and len(head) == 4 and head[3] in BUILD_RECORD_TYPES:
            torn = f"; the file ends {torn_bytes} bytes into a build record at byte {good_end}"
    if not orphans and not torn:
        return ""
    return (f"its knowledge-model build has no table of contents ({len(orphans)} intact build "
            f"record(s){torn})")


def refuse_orphaned_build(container: Container, data=None, refs: list | None = None) -> None:
    """Raise KMDamaged, saying to run `rlat doctor`, when ``orphaned_build`` finds the
    container's build cut short: what every reader and ``rlat compact`` refuse."""
    damage = orphaned_build(container, data, refs)
    if damage:
        path = container.path
        raise KMDamaged(f"{path}: truncated or damaged: {damage}; run `rlat doctor {path}`")


class KnowledgeModel:
    """An opened KM (the build named by its newest TOC) plus access to its claim log."""

    def __init__(self, path: Path, container: Container, data, toc: dict | None) -> None:
        self.path = path
        self.container = container
        self._data = data
        self.toc = toc
        self.meta: dict = {}
        self.block_refs: list = []
        self._index_ref = None
        self._index: BM25Index | None = None
        self._slot_block = None
        self._slot_pos = None
        self._slot_ids: bytes = b""
        self._blocks: dict[int, Block] = {}
        self._by_id: dict[str, int] | None = None
        self.ino = 0  # the file's inode when opened (a refresh checks it is still the same file)
        from ..container.file import _ref_at

        self.has_build = toc is not None
        if toc is None:  # a claim log only (e.g. a workspace's world facts): no passages
            self.toc = {}
            return
        size = len(data)
        for rtype, offset, _label in toc.get("entries", ()):
            ref = _ref_at(data, offset, size)
            if ref is None or ref.rtype != rtype:
                raise KMError(f"{path}: table of contents points at a missing record "
                              f"(byte {offset}); run `rlat doctor {path}`")
            if rtype == META:
                self.meta = container.read(ref, data)
            elif rtype == PASSAGES:
                self.block_refs.append(ref)
            elif rtype == INDEX:
                self._index_ref = ref
        if not self.meta or self._index_ref is None:
            raise KMError(f"{path}: the knowledge model's build records are incomplete; "
                          f"rebuild it with `rlat build … -o {path}`")

    # -------------------------------------------------------------- opening
    @classmethod
    def open(cls, path: str | os.PathLike, *, require_build: bool = True) -> KnowledgeModel:
        """Open a KM. ``require_build=False`` also accepts a container holding only claims
        (``has_build`` is then False and it has no passages)."""
        path = Path(path)
        if not path.exists():
            raise KMError(f"{path}: no such knowledge model (build one with "
                          f"`rlat build SOURCES… -o {path}`)")
        if path.is_dir():
            raise KMError(f"{path}: is a directory, not a knowledge model (.rlat file)")
        container = Container(path, RLAT_MAGIC)
        data = container._map()
        refs, found = container.tail_refs([TOC], data)
        if not found or not refs or refs[0].rtype != TOC:
            refuse_orphaned_build(container, data, refs if not found else None)
            if not require_build:
                return cls(path, container, data, None)
            raise KMError(f"{path}: holds no knowledge-model build (no passages); build one "
                          f"with `rlat build SOURCES… -o {path}`")
        toc = container.read(refs[0], data)
        if toc.get("kind", KM_KIND) != KM_KIND:
            raise KMError(f"{path}: its table of contents is not a knowledge model's")
        try:
            km = cls(path, container, data, toc)
        except KMError as exc:
            # A build appended while `rlat compact` replaced the file names offsets of the old
            # file: fall back to the newest table of contents that holds together.
            km = cls._older_build(path, container, data, refs[0].offset)
            if km is None:
                raise exc from None
            print(f"rlat: {path}: the newest build is unreadable ({exc}); using the previous "
                  f"one — run `rlat refresh {path}` again", file=sys.stderr)
        km.ino = os.stat(path).st_ino
        return km

    @classmethod
    def _older_build(cls, path: Path, container: Container, data, newest: int):
        tocs = [r for r in container.scan(data).refs if r.rtype == TOC and r.offset < newest]
        for ref in reversed(tocs):
            try:
                return cls(path, container, data, container.read(ref, data))
            except (KMError, ContainerError):
                continue
        return None

    # -------------------------------------------------------------- metadata
    @property
    def settings(self) -> dict:
        return self.meta.get("settings", {})

    @property
    def source_root(self) -> str:
        return self.meta.get("source_root", "")

    @property
    def files(self) -> dict[str, dict]:
        """rel path → {"size", "mtime_ns", "digest", "passages"}."""
        table = self.meta.get("files", {})
        paths = table.get("paths", [])
        out = {}
        for i, rel in enumerate(paths):
            out[rel] = {
                "size": table["sizes"][i], "mtime_ns": table["mtimes"][i],
                "digest": table["digests"][i], "passages": table["passages"][i],
                "block": (table.get("blocks") or [0] * len(paths))[i],
            }
        return out

    # -------------------------------------------------------------- index and passages
    def _load_index(self) -> None:
        if not self.has_build:
            self._index = KMIndex()
            self._slot_block = array(_U32)
            self._slot_pos = array(_U32)
            self._slot_ids = b""
            return
        body = self.container.read(self._index_ref, self._data)
        self._index = KMIndex.from_dict(body["bm25"])
        slots = body["slots"]
        self._slot_block = u32_array(slots["block"])
        self._slot_pos = u32_array(slots["pos"])
        self._slot_ids = slots["ids"]

    @property
    def index(self) -> BM25Index:
        if self._index is None:
            self._load_index()
        assert self._index is not None
        return self._index

    @property
    def n_slots(self) -> int:
        return self.index.n_slots

    def slot_id(self, slot: int) -> str:
        self.index  # noqa: B018 - loads the slot table
        return self._slot_ids[slot * 8 : slot * 8 + 8].hex()

    def slot_location(self, slot: int) -> tuple[int, int]:
        self.index  # noqa: B018
        return self._slot_block[slot], self._slot_pos[slot]

    def live_slots(self) -> Iterator[int]:
        dead = self.index.dead
        return (s for s in range(self.index.n_slots) if s not in dead)

    def block(self, i: int) -> Block:
        blk = self._blocks.get(i)
        if blk is None:
            blk = self._blocks[i] = Block(self.container.read(self.block_refs[i], self._data))
        return blk

    def passage(self, slot: int) -> Passage:
        b, pos = self.slot_location(slot)
        return self.block(b).passage(pos, slot)

    def matching(self, text: str, k: int) -> list[Passage]:
        """The ``k`` passages that best match ``text`` (BM25 over the index), best first; none
        for a KM without a build."""
        if not self.has_build:
            return []
        from ..retrieval.tokenize import tokenize

        return [self.passage(slot) for slot, _score in self.index.top_k(tokenize(text), k)]

    def passages(self) -> Iterator[Passage]:
        """Every live passage, in slot order."""
        for slot in self.live_slots():
            yield self.passage(slot)

    def slot_of(self, pid: str) -> int | None:
        if self._by_id is None:
            self.index  # noqa: B018
            dead = self.index.dead
            ids = self._slot_ids
            self._by_id = {
                ids[s * 8 : s * 8 + 8].hex(): s for s in range(self.index.n_slots) if s not in dead
            }
        return self._by_id.get(pid)

    def passage_by_id(self, pid: str) -> Passage | None:
        slot = self.slot_of(pid)
        return None if slot is None else self.passage(slot)

    def find_passage_ids(self, prefix: str) -> list[str]:
        self.slot_of("")
        assert self._by_id is not None
        return [pid for pid in self._by_id if pid.startswith(prefix)]

    def historical_passage(self, pid: str) -> Passage | None:
        """A passage id no longer in the current build, from an older PASSAGES record still in
        the file (until `rlat compact`)."""
        want = bytes.fromhex(pid) if len(pid) == 16 else None
        if want is None:
            return None
        for ref in reversed(self.container.scan(self._data).refs):
            if ref.rtype != PASSAGES:
                continue
            try:
                blk = Block(self.container.read(ref, self._data))
            except ContainerError:
                continue
            for pos in range(len(blk)):
                if blk.ids[pos * 8 : pos * 8 + 8] == want:
                    return blk.passage(pos)
        return None

    # -------------------------------------------------------------- claims
    def claim_log(self) -> ClaimLog:
        return ClaimLog(self.path)

    def claims(self) -> FoldState:
        return self.claim_log().state()

    def stats(self) -> dict:
        return dict(self.meta.get("stats", {}))


def open_km(path: str | os.PathLike, *, require_build: bool = True) -> KnowledgeModel:
    return KnowledgeModel.open(path, require_build=require_build)


# ----------------------------------------------------------------------------- writing
def write_build(path: Path, build: list[tuple[int, dict]], toc_extra: dict, *,
                reuse: list[tuple[int, int, str]] | None = None, events: dict | None = None,
                fresh: bool) -> None:
    """Write one build: ``build`` records (META, PASSAGES…, INDEX in that order), preceded by
    reused PASSAGES records of the previous build (``reuse`` = TOC entries kept as they are),
    then a TOC naming them all.

    ``fresh``: write a new file atomically (temp + fsync + rename); otherwise append to the
    existing container under its lock (the old build's records stay until `rlat compact`).
    An ``events`` body (claims going stale) is appended in the same write, before the TOC."""
    reuse = reuse or []
    built_at = toc_extra.get("built_at", time.time())
    labels = [label for _t, label in _labels(build)]
    if fresh:
        path = rewrite_target(path)  # (a symlinked -o: the link's target gets the build)
        refuse_to_replace_special(path)
        check_replaceable(path, RLAT_MAGIC)
        with atomic_write(path) as out:
            out.write(make_header(RLAT_MAGIC))
            pos = HEADER_SIZE
            offsets = []
            from ..container import EVENTS

            frames = []
            if events:
                frames.append((EVENTS, frame_record(EVENTS, events)))
            for rtype, body in build:
                frames.append((rtype, frame_record(rtype, body)))
            for rtype, frame in frames:
                offsets.append((rtype, pos))
                out.write(frame)
                pos += len(frame)
            entries = _toc_entries(build, offsets[len(offsets) - len(build):], labels, reuse)
            toc = {"kind": KM_KIND, "v": KM_VERSION, "entries": entries, **toc_extra,
                   "built_at": built_at}
            out.write(frame_record(TOC, toc))
        return
    container = Container(path, RLAT_MAGIC)
    records: list[tuple[int, dict]] = []
    if events:
        from ..container import EVENTS

        records.append((EVENTS, events))
    records.extend(build)
    got = container.append(records)
    offsets = list(zip([t for t, _ in records], got, strict=True))[len(records) - len(build):]
    entries = _toc_entries(build, offsets, labels, reuse)
    toc = {"kind": KM_KIND, "v": KM_VERSION, "entries": entries, **toc_extra,
           "built_at": built_at}
    container.append([(TOC, toc)])


def _labels(build: list[tuple[int, dict]]) -> list[tuple[int, str]]:
    out = []
    for rtype, _body in build:
        if rtype == META:
            out.append((rtype, "meta"))
        elif rtype == INDEX:
            out.append((rtype, "index"))
        else:
            out.append((rtype, "passages"))
    return out


def _toc_entries(build, offsets, labels, reuse) -> list[list]:
    """TOC order: META, then PASSAGES blocks (reused ones first, in their old order, then the
    new ones), then INDEX. Block numbers in the INDEX slot table follow this order."""
    meta = [[t, off, lab] for (t, off), lab in zip(offsets, labels, strict=True) if t == META]
    new_blocks = [[t, off, lab] for (t, off), lab in zip(offsets, labels, strict=True)
                  if t == PASSAGES]
    index = [[t, off, lab] for (t, off), lab in zip(offsets, labels, strict=True) if t == INDEX]
    return meta + [list(e) for e in reuse] + new_blocks + index
