"""Building and refreshing a knowledge model.

``build_km`` walks the sources, chunks every file, tokenises every passage once and writes the
build records (META, PASSAGES blocks, INDEX, TOC). ``refresh_km`` compares the sources with the
file table in META, re-chunks only the files that changed (size/mtime first, then a content
hash), patches the index (the removed passages' postings out, the new ones in; unchanged
passages keep their ids and slots), writes a new build that reuses every untouched PASSAGES
block by offset, and cascades drift: every claim citing a passage that changed or disappeared
gets a ``state_changed(…, "stale", …)`` event in the same write.

Passage ids are content-derived — ``sha256(path, content hash, n-th repeat in the file)`` —
so an unchanged passage keeps its id wherever its file moves it, and an edited one gets a new
id (the old one drifts).
"""

from __future__ import annotations

import hashlib
import os
import time
from array import array
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..claims import events as ev
from ..claims.ids import content_hash
from ..container import INDEX, META, PASSAGES
from ..paths import normalise_path
from ..retrieval.bm25 import BM25Index, BulkBuilder
from ..retrieval.tokenize import TOKENIZER_VERSION, TermIds, term_counts, tokenize
from ..special_files import special_kind
from .chunk import DEFAULT_MAX_CHARS, DEFAULT_MIN_CHARS, chunk, kind_for
from .sources import (
    SourceFile,
    common_root,
    outside_root,
    pattern_problem,
    read_source,
    rel_to,
    shown_path,
    walk,
)
from .store import (
    KM_VERSION,
    BlockWriter,
    KMError,
    KnowledgeModel,
    given_source_root,
    u32_bytes,
    write_build,
)

BLOCK_TARGET_CHARS = 256 * 1024
DEAD_SLOT_LIMIT = 0.5  # rebuild the index from stored passages when more slots than this are dead
NO_BLOCK = 0xFFFFFFFF

Progress = Callable[[int, int, int], None]  # (files done, files total, bytes done)


@dataclass(slots=True)
class Settings:
    exts: tuple[str, ...] | None = None  # None: the default set (chunk.DEFAULT_EXTS)
    min_chars: int = DEFAULT_MIN_CHARS
    max_chars: int = DEFAULT_MAX_CHARS
    excludes: tuple[str, ...] = ()
    gitignore: bool = True

    def validate(self) -> None:
        if self.max_chars < 50:
            raise KMError(f"--max-chars {self.max_chars} is too small; use at least 50")
        if self.min_chars < 0:
            raise KMError("--min-chars cannot be negative")
        if self.min_chars > self.max_chars:
            raise KMError(f"--min-chars {self.min_chars} is larger than --max-chars "
                          f"{self.max_chars}")
        for pattern in self.excludes:
            problem = pattern_problem(pattern)
            if problem:
                raise KMError(f"--exclude {pattern!r} is not a glob: {problem}")

    def to_dict(self) -> dict:
        return {"ext": list(self.exts) if self.exts else None, "min_chars": self.min_chars,
                "max_chars": self.max_chars, "exclude": list(self.excludes),
                "gitignore": self.gitignore}

    @classmethod
    def from_dict(cls, body: dict) -> Settings:
        return cls(exts=tuple(body["ext"]) if body.get("ext") else None,
                   min_chars=int(body.get("min_chars", DEFAULT_MIN_CHARS)),
                   max_chars=int(body.get("max_chars", DEFAULT_MAX_CHARS)),
                   excludes=tuple(body.get("exclude", ())),
                   gitignore=bool(body.get("gitignore", True)))


@dataclass
class Report:
    path: str
    files: int = 0
    passages: int = 0
    source_bytes: int = 0
    km_bytes: int = 0
    seconds: float = 0.0  # wall time of the build itself (no interpreter start-up)
    cpu_seconds: float = 0.0  # CPU time of the build (one core)
    skipped: dict[str, int] = field(default_factory=dict)
    skipped_files: list[tuple[str, str]] = field(default_factory=list)  # (path, reason)
    missing_inputs: list[str] = field(default_factory=list)
    # refresh only
    changed: list[str] = field(default_factory=list)
    # read again only because the secret rules changed since the build (their bytes did not)
    rescrubbed: list[str] = field(default_factory=list)
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    passages_added: int = 0
    passages_removed: int = 0
    drifted_passages: list[str] = field(default_factory=list)
    stale_claims: list[str] = field(default_factory=list)
    dry_run: bool = False
    up_to_date: bool = False
    reindexed: bool = False

    def skip(self, rel: str, reason: str) -> None:
        key = reason.split(":", 1)[0]
        self.skipped[key] = self.skipped.get(key, 0) + 1
        self.skipped_files.append((rel, reason))

    def to_dict(self) -> dict:
        out = {k: getattr(self, k) for k in self.__dataclass_fields__}
        out["skipped_files"] = [list(x) for x in self.skipped_files]
        return out


def passage_id(rel: str, chash: str, repeat: int) -> str:
    return hashlib.sha256(f"{rel}\x00{chash}\x00{repeat}".encode()).hexdigest()[:16]


def file_passages(rel: str, text: str, settings: Settings) -> list[tuple]:
    """(chunk, text, content hash, passage id) for every passage of one file."""
    out = []
    repeats: dict[str, int] = {}
    base = rel.rsplit("/", 1)[-1]
    lang = base.rsplit(".", 1)[-1].lower() if "." in base else ""
    for c in chunk(text, kind_for(rel), settings.min_chars, settings.max_chars, lang=lang):
        body = text[c.start : c.end]
        chash = content_hash(body)
        n = repeats.get(chash, 0)
        repeats[chash] = n + 1
        out.append((c, body, chash, passage_id(rel, chash, n)))
    return out


class _Collector:
    """Passages → blocks, index and slot table, file by file."""

    def __init__(self, index, settings: Settings, first_block: int) -> None:
        # index: a BM25Index (refresh: patched in place) or a BulkBuilder (fresh builds)
        self.settings = settings
        self.blocks: list[dict] = []
        self.first_block = first_block
        self.cur = BlockWriter()
        self.slot_block = array("I")
        self.slot_pos = array("I")
        self.slot_ids = bytearray()
        self.file_block: dict[str, int] = {}
        self.use_index(index)

    def use_index(self, index) -> None:
        """Where new passages are indexed: a BulkBuilder (fresh builds: integer term ids,
        numpy grouping) or a BM25Index (refresh: patched in place)."""
        self.index = index
        if isinstance(index, BulkBuilder):
            ids = TermIds()
            index.terms = ids.terms
            index._ids = None
            self.add_text = lambda body: index.add_id_counts(ids.counts(body))
        else:
            self.add_text = lambda body: index.add_counts(term_counts(body))

    def add_file(self, rel: str, text: str) -> list[str]:
        """Chunk and index one file; returns its passage ids."""
        passages = file_passages(rel, text, self.settings)
        if not passages:
            return []
        cur = self.cur
        fi = cur.add_file(rel)
        block_no = self.first_block + len(self.blocks)
        self.file_block[rel] = block_no
        out = []
        for c, body, chash, pid in passages:
            pos = cur.add(fi, pid, chash, c.start, c.end, c.line_start, c.line_end, c.label, body)
            slot = self.add_text(body)
            self._place(slot, block_no, pos, pid)
            out.append(pid)
        if cur.chars >= BLOCK_TARGET_CHARS:
            self.flush()
        return out

    def _place(self, slot: int, block: int, pos: int, pid: str) -> None:
        while len(self.slot_block) < slot:  # (never: slots are appended in order)
            self.slot_block.append(NO_BLOCK)
            self.slot_pos.append(0)
            self.slot_ids += b"\0" * 8
        if slot == len(self.slot_block):
            self.slot_block.append(block)
            self.slot_pos.append(pos)
            self.slot_ids += bytes.fromhex(pid)
        else:
            self.slot_block[slot] = block
            self.slot_pos[slot] = pos
            self.slot_ids[slot * 8 : slot * 8 + 8] = bytes.fromhex(pid)

    def flush(self) -> None:
        if len(self.cur):
            self.blocks.append(self.cur.body())
            self.cur = BlockWriter()


def _index_record(index: BM25Index, c: _Collector) -> dict:
    index.meta["tokenizer"] = TOKENIZER_VERSION
    return {
        "v": KM_VERSION,
        "bm25": index.to_dict(),
        "slots": {"block": u32_bytes(c.slot_block), "pos": u32_bytes(c.slot_pos),
                  "ids": bytes(c.slot_ids)},
    }


def _meta_record(root: Path, inputs: list[str], settings: Settings, files: dict[str, list],
                 stats: dict, built_at: float, previous: dict | None = None) -> dict:
    """``files``: rel → [size, mtime_ns, digest, passages, block]."""
    from .. import __version__

    rels = sorted(files)
    return {
        "kind": "knowledge-model",
        "v": KM_VERSION,
        "rlat_version": __version__,
        "built_at": previous.get("built_at", built_at) if previous else built_at,
        "refreshed_at": built_at if previous else None,
        "source_root": normalise_path(str(root)),
        "inputs": inputs,
        "settings": {**settings.to_dict(), "tokenizer": TOKENIZER_VERSION,
                     "bm25": {"k1": 1.5, "b": 0.75, "epsilon": 0.25},
                     "scrub": _scrub_version()},
        "files": {
            "paths": rels,
            "sizes": [files[r][0] for r in rels],
            "mtimes": [files[r][1] for r in rels],
            "digests": [files[r][2] for r in rels],
            "passages": [files[r][3] for r in rels],
            "blocks": [files[r][4] for r in rels],
        },
        "stats": stats,
    }


def _scrub_version() -> str:
    from ..scrub import rules_version

    return rules_version()


def other_secret_rules(km: KnowledgeModel) -> bool:
    """Whether ``km``'s passages were scrubbed by other secret rules than this rlat's (an older
    rlat built it): a refresh reads every source again, its passages as these rules leave
    them — an unchanged file would otherwise keep a secret, or look drifted."""
    return km.settings.get("scrub") != _scrub_version()


def _input_rels(inputs: list[Path], root: Path) -> list[str]:
    """The inputs relative to the source root, as META stores them; a KMError for one outside
    it (docs/format.md: inputs are relative to ``source_root``, and ``refresh`` refuses any
    other, so a build never writes one)."""
    rels = []
    for p in inputs:
        rel = rel_to(p.resolve(), root)
        problem = outside_root(rel)
        if problem:
            raise KMError(f"input {p} is outside the source root {root} ({problem}); build "
                          "from inputs under one directory")
        rels.append(rel)
    return rels


def stored_inputs(km: KnowledgeModel, root: Path) -> tuple[list[str], list[Path]]:
    """A KM's inputs as META stores them and as paths under ``root``, each checked: one that
    is absolute, climbs out with ``..`` or resolves (through a symlink) outside ``root`` is
    refused with a KMError naming it. A refresh (and the hooks' drift check, which refreshes)
    reads only what is under the source root, whatever a (shared, hostile or damaged) KM
    file says."""
    rels = km.meta.get("inputs", ["."])
    if not isinstance(rels, list) or not rels:
        raise KMError(f"{km.path}: its recorded inputs are not a list of paths; rebuild it "
                      f"with `rlat build SOURCES… -o {km.path} --force`")
    real_root = root.resolve()
    paths = []
    for rel in rels:
        problem = outside_root(rel)
        path = root if rel in (".", "") else root / str(rel)
        if not problem and path.exists():
            real = path.resolve()
            if real != real_root and real_root not in real.parents:
                problem = f"it resolves to {real} through a symlink"
        if problem:
            raise KMError(f"{km.path}: refusing its input {rel!r}: it is outside the source "
                          f"root {root} ({problem}); inputs are relative to the source root — "
                          f"rebuild it with `rlat build SOURCES… -o {km.path} --force`")
        paths.append(path)
    return [str(r) for r in rels], paths


# ------------------------------------------------------------------------------- build
def build_km(inputs: list[Path], out: Path, settings: Settings, *,
             progress: Progress | None = None, force: bool = False,
             source_root: Path | None = None) -> Report:
    """Build a knowledge model from ``inputs`` into ``out`` (see module docstring)."""
    settings.validate()
    started = time.perf_counter()
    cpu_started = time.process_time()
    report = Report(path=str(out))
    if not inputs:
        raise KMError("name at least one source file or directory to build from")
    if out.exists() and out.is_dir():
        raise KMError(f"{out} is a directory; give the knowledge model a file name, e.g. "
                      f"{out / 'km.rlat'}")
    try:
        kind = special_kind(os.stat(out).st_mode)
    except OSError:
        kind = ""
    if kind:  # building renames a new file over the target: that would destroy a device node
        raise KMError(f"{out} is {kind}, not a regular file; refusing to replace it (give -o "
                      f"a new file name)")
    existing = out.exists() and out.stat().st_size > 0
    old: KnowledgeModel | None = None
    if existing:
        old = KnowledgeModel.open(out, require_build=False)  # a clear error if not a .rlat
        if not old.has_build:
            old = None  # claims only (e.g. world facts): the first build is appended to it
        elif not force:
            raise KMError(f"{out} already exists; update it with `rlat refresh {out}`, or pass "
                          "--force to rebuild its passages (its claims are kept)")
    present = [p for p in inputs if p.exists()]
    report.missing_inputs = [str(p) for p in inputs if not p.exists()]
    if not present:
        raise KMError("no such file or directory: " + ", ".join(report.missing_inputs))
    root = (source_root or common_root([p.resolve() for p in present])).resolve()
    walked = walk(present, root, exts=settings.exts, excludes=settings.excludes,
                  gitignore=settings.gitignore)
    for reason, n in walked.skipped.items():
        report.skipped[reason] = report.skipped.get(reason, 0) + n
    report.skipped_files.extend(walked.noted)
    collector = _Collector(BM25Index.bulk(), settings, first_block=0)
    files = _ingest(walked.files, collector, report, progress)
    collector.flush()
    index = collector.index.finish()
    if not files:
        raise KMError(_empty_message(inputs, report))
    built_at = time.time()
    stats = {"files": len(files), "passages": len(index), "source_bytes": report.source_bytes,
             "skipped": dict(report.skipped)}
    meta = _meta_record(root, _input_rels(present, root), settings, files, stats, built_at)
    records = [(META, meta)] + [(PASSAGES, b) for b in collector.blocks] + \
        [(INDEX, _index_record(index, collector))]
    events = None
    if old is not None:
        new_ids = _ids_of(collector.slot_ids)
        gone = [pid for pid in (old.slot_id(s) for s in old.live_slots()) if pid not in new_ids]
        report.drifted_passages = sorted(gone)
        stale = _stale_events(old, set(gone), "rebuilt with --force", set(old.files) - set(files))
        report.stale_claims = [e["claim"] for e in stale]
        events = {"events": stale} if stale else None
    write_build(out, records, {"built_at": built_at}, events=events, fresh=not existing)
    report.files = len(files)
    report.passages = len(index)
    report.km_bytes = out.stat().st_size
    report.seconds = time.perf_counter() - started
    report.cpu_seconds = time.process_time() - cpu_started
    return report


def _ids_of(slot_ids: bytes | bytearray) -> set[str]:
    return {bytes(slot_ids[i : i + 8]).hex() for i in range(0, len(slot_ids), 8)}


def _ingest(sources: list[SourceFile], collector: _Collector, report: Report,
            progress: Progress | None) -> dict[str, list]:
    files: dict[str, list] = {}
    total = len(sources)
    done_bytes = 0
    for i, src in enumerate(sources):
        got = read_source(src.path)
        if got.text is None:
            report.skip(src.rel, got.problem)
        else:
            ids = collector.add_file(src.rel, got.text)
            files[src.rel] = [got.size, got.mtime_ns, got.digest, len(ids),
                              collector.file_block.get(src.rel, NO_BLOCK)]
            report.source_bytes += got.size
            done_bytes += got.size
        if progress is not None:
            progress(i + 1, total, done_bytes)
    return files


def _empty_message(inputs: list[Path], report: Report) -> str:
    where = ", ".join(shown_path(str(p)) for p in inputs)
    parts = [f"{n} {reason}" for reason, n in sorted(report.skipped.items())]
    detail = f" (skipped: {', '.join(parts)})" if parts else " (no files found)"
    if report.missing_inputs:
        detail += f"; missing: {', '.join(report.missing_inputs)}"
    return (f"no text to build from in {where}{detail}; check the paths, or widen --ext "
            f"(e.g. --ext md,py,txt)")


# ------------------------------------------------------------------------------ drift
def _stale_events(km: KnowledgeModel, gone: set[str], why: str,
                  removed: set[str] | frozenset[str] = frozenset(),
                  rescrubbed: set[str] | frozenset[str] = frozenset()) -> list[dict]:
    """state_changed(stale) for every live claim citing one of the ``gone`` passage ids. The
    reason names each cited file: ``removed`` (its relative path is in it: the file is gone,
    not changed), ``rescrubbed`` (unchanged, its passages redacted by newer secret rules) or
    drifted for ``why``."""
    if not gone:
        return []
    state = km.claims()
    events = []
    for claim in state.claims.values():
        if claim.state in ("stale", "retired"):
            continue
        hit = [c for c in claim.evidence if c.get("kind") == "passage"
               and c.get("passage_id") in gone]
        if not hit:
            continue
        paths = {str(c.get("path") or c.get("passage_id")) for c in hit}
        drifted = paths - removed - rescrubbed
        reasons = [f"source removed: {', '.join(sorted(paths & removed))}" if paths & removed
                   else "",
                   f"source redacted (rlat's secret rules changed): "
                   f"{', '.join(sorted(paths & rescrubbed))}" if paths & rescrubbed else "",
                   f"source drifted ({why}): {', '.join(sorted(drifted))}" if drifted else ""]
        events.append(ev.state_changed(
            claim.id, "stale", "; ".join(r for r in reasons if r), actor="rlat"))
    return events


# ------------------------------------------------------------------------------ refresh
def resolve_root(km: KnowledgeModel, source_root: Path | None) -> Path:
    """The directory the KM's sources are read from now, or a KMError saying what to pass."""
    if source_root is not None:
        return given_source_root(source_root)
    if not km.source_root:
        raise KMError(f"{km.path}: no source root recorded; pass --source-root DIR")
    root = Path(km.source_root)
    if not root.is_dir():
        raise KMError(f"{km.path}: its sources are not at {root} any more (moved?); pass "
                      "--source-root DIR pointing at their new location")
    return root


def refresh_km(path: Path, *, source_root: Path | None = None, dry_run: bool = False,
               progress: Progress | None = None) -> Report:
    """Bring a KM up to date with its sources (see module docstring)."""
    started = time.perf_counter()
    km = KnowledgeModel.open(path)
    report = Report(path=str(path), dry_run=dry_run)
    settings = Settings.from_dict(km.settings)
    root = resolve_root(km, source_root)
    input_rels, inputs = stored_inputs(km, root)
    present = [p for p in inputs if p.exists()]
    report.missing_inputs = [rel for rel, p in zip(input_rels, inputs, strict=True)
                             if not p.exists()]
    if not present:
        raise KMError(f"{path}: none of its inputs ({', '.join(input_rels)}) exist under "
                      f"{root}; pass --source-root DIR pointing at where they are now")
    walked = walk(present, root, exts=settings.exts, excludes=settings.excludes,
                  gitignore=settings.gitignore)
    report.skipped_files.extend(walked.noted)
    for reason in {reason for _path, reason in walked.noted}:
        report.skipped[reason] = report.skipped.get(reason, 0) + walked.skipped[reason]
    old_files = km.files
    rescrub = other_secret_rules(km)

    # 1. Classify files: unchanged (size+mtime, else content hash), changed, added, removed.
    files: dict[str, list] = {}
    to_chunk: list[tuple[str, str]] = []
    total = len(walked.files)
    seen: set[str] = set()
    for i, src in enumerate(walked.files):
        rel = src.rel
        seen.add(rel)
        before = old_files.get(rel)
        if progress is not None:
            progress(i + 1, total, 0)
        if before is not None and not rescrub:
            try:
                st = src.path.stat()
            except OSError:
                st = None
            if st is not None and st.st_size == before["size"] \
                    and st.st_mtime_ns == before["mtime_ns"]:
                files[rel] = [before["size"], before["mtime_ns"], before["digest"],
                              before["passages"], before["block"]]
                continue
        got = read_source(src.path)
        if got.text is None:
            report.skip(rel, got.problem)
            if before is not None:
                report.removed.append(rel)
            continue
        same = before is not None and got.digest == before["digest"]
        if same and not rescrub:
            files[rel] = [got.size, got.mtime_ns, got.digest, before["passages"], before["block"]]
            continue
        (report.rescrubbed if same else report.changed if before is not None
         else report.added).append(rel)
        files[rel] = [got.size, got.mtime_ns, got.digest, 0, NO_BLOCK]
        to_chunk.append((rel, got.text))
    for rel in old_files:
        if rel not in seen:
            report.removed.append(rel)
    touched = set(report.changed) | set(report.removed) | set(report.rescrubbed)
    report.files = len(files)

    if not touched and not report.added:
        report.up_to_date = True
        report.passages = len(km.index)
        moved = normalise_path(str(root)) != km.source_root
        retimed = any(files[r][1] != old_files[r]["mtime_ns"] for r in files)
        if not dry_run and (moved or retimed):
            _rewrite_meta(km, root, settings, files)
        report.source_bytes = sum(f[0] for f in files.values())
        report.km_bytes = path.stat().st_size
        report.seconds = time.perf_counter() - started
        return report

    # 2. The old passages of changed and removed files (only their blocks are decoded).
    touched_blocks = {old_files[rel]["block"] for rel in touched}
    index = km.index
    gone_slots: list[int] = []
    block_live: dict[int, int] = {}
    for slot in km.live_slots():
        b, pos = km.slot_location(slot)
        block_live[b] = block_live.get(b, 0) + 1
        if b in touched_blocks:
            blk = km.block(b)
            if blk.files[blk.file_ix[pos]] in touched:
                gone_slots.append(slot)
    old_ids = {km.slot_id(s) for s in gone_slots}

    # 3. The new passages of changed and added files.
    fresh = [(rel, text, file_passages(rel, text, settings)) for rel, text in to_chunk]
    new_ids = {pid for _rel, _text, ps in fresh for *_x, pid in ps}
    report.drifted_passages = sorted(old_ids - new_ids)
    report.passages_removed = len(old_ids - new_ids)
    report.passages_added = len(new_ids - old_ids)
    stale = _stale_events(km, set(report.drifted_passages), "source changed",
                          set(report.removed), set(report.rescrubbed))
    report.stale_claims = [e["claim"] for e in stale]
    report.passages = len(index) - len(old_ids) + len(new_ids)
    if dry_run:
        report.source_bytes = sum(f[0] for f in files.values())
        report.km_bytes = path.stat().st_size
        report.seconds = time.perf_counter() - started
        return report

    # 4. Blocks that keep a live passage are reused by offset; the rest drop out of the TOC.
    for s in gone_slots:
        block_live[km.slot_location(s)[0]] -= 1
    kept_blocks = [b for b in range(len(km.block_refs)) if block_live.get(b, 0) > 0]
    renumber = {old: new for new, old in enumerate(kept_blocks)}
    gone_set = set(gone_slots)
    dead_after = len(index.dead) + len(gone_slots)
    if index.meta.get("tokenizer") != TOKENIZER_VERSION \
            or dead_after > DEAD_SLOT_LIMIT * max(1, index.n_slots):
        index, collector = _reindexed(km, gone_set, renumber, settings, len(kept_blocks))
        report.reindexed = True
    else:
        terms: set[str] = set()
        for s in gone_slots:
            terms.update(tokenize(km.passage(s).text))
        index.remove_many(gone_slots, terms)
        collector = _Collector(index, settings, first_block=len(kept_blocks))
        dead = index.dead
        collector.slot_block = array("I", (
            NO_BLOCK if s in dead else renumber.get(b, NO_BLOCK)
            for s, b in enumerate(km._slot_block)))
        collector.slot_pos = array("I", km._slot_pos)
        collector.slot_ids = bytearray(km._slot_ids)
    for rel in files:
        b = files[rel][4]
        if rel not in set(report.changed) | set(report.added):
            files[rel][4] = renumber.get(b, NO_BLOCK)
    for rel, text, _ps in fresh:
        ids = collector.add_file(rel, text)
        files[rel][3] = len(ids)
        files[rel][4] = collector.file_block.get(rel, NO_BLOCK)
    collector.flush()

    built_at = time.time()
    stats = {"files": len(files), "passages": len(index),
             "source_bytes": sum(f[0] for f in files.values()), "skipped": dict(report.skipped)}
    meta = _meta_record(root, input_rels, settings, files, stats, built_at, previous=km.meta)
    reuse = [[PASSAGES, km.block_refs[b].offset, "passages"] for b in kept_blocks]
    records = [(META, meta)] + [(PASSAGES, b) for b in collector.blocks] + \
        [(INDEX, _index_record(index, collector))]
    if km.ino and path.stat().st_ino != km.ino:
        raise KMError(f"{path} was replaced (compacted?) while refreshing; run the refresh again")
    write_build(path, records, {"built_at": built_at}, reuse=reuse,
                events={"events": stale} if stale else None, fresh=False)
    report.passages = len(index)
    report.source_bytes = stats["source_bytes"]
    report.km_bytes = path.stat().st_size
    report.seconds = time.perf_counter() - started
    return report


def _reindexed(km: KnowledgeModel, gone: set[int], renumber: dict[int, int], settings: Settings,
               first_block: int) -> tuple[BM25Index, _Collector]:
    """A fresh index over the surviving stored passages (no re-chunking): used when the tokenizer
    changed or too many dead slots have accumulated."""
    builder = BM25Index.bulk()
    collector = _Collector(builder, settings, first_block=first_block)
    for slot in km.live_slots():
        if slot in gone:
            continue
        b, pos = km.slot_location(slot)
        blk = km.block(b)
        new_slot = collector.add_text(blk.texts[pos])
        collector._place(new_slot, renumber[b], pos, blk.pid(pos))
    index = builder.finish()
    index._thaw()  # new passages are added to it next
    collector.use_index(index)
    return index, collector


def _rewrite_meta(km: KnowledgeModel, root: Path, settings: Settings,
                  files: dict[str, list]) -> None:
    """Sources unchanged but moved or touched: a new META and TOC over the same records."""
    from ..container import TOC, Container

    built_at = time.time()
    meta = _meta_record(root, km.meta.get("inputs", ["."]), settings, files, km.stats(),
                        built_at, previous=km.meta)
    container = Container(km.path)
    [offset] = container.append([(META, meta)])
    entries = [[META, offset, "meta"]] + [
        list(e) for e in km.toc.get("entries", ()) if e[0] != META
    ]
    toc = {k: v for k, v in km.toc.items() if k != "entries"}
    toc.update(entries=entries, built_at=built_at)
    container.append([(TOC, toc)])
