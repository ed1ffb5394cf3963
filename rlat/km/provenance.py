"""Provenance: trace a claim down to its source passages, audit a KM's trust state, profile it.

Citation status (``rlat trace``) compares three things — the citation, the current build, and
the file on disk now:

=========  ==================================================================================
verified   the passage is in the current build with the cited content hash, and the source
           file still holds exactly that text at the recorded character span
drifted    the source changed: the file on disk no longer matches the passage (not refreshed
           yet), or the passage left the build because its file was edited
missing    the source is gone: the file was deleted or moved away (or the source root cannot be
           found — pass ``--source-root``)
=========  ==================================================================================
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from ..claims import events as ev
from ..claims.fold import FoldState
from ..claims.model import Claim
from ..render.terminal import quoted
from ..special_files import read_regular
from .sources import file_digest, outside_root, source_text
from .store import KMError, KnowledgeModel, Passage, given_source_root

VERIFIED, DRIFTED, MISSING = "verified", "drifted", "missing"


def _rung(claim: Claim, now: float | None = None) -> str:
    from ..trust.rungs import rung

    return rung(claim, now)


class SourceReader:
    """Reads source files under a root, once each."""

    def __init__(self, km: KnowledgeModel, root: Path | None) -> None:
        self.km = km
        self.root = root
        self._texts: dict[str, str | None] = {}

    @classmethod
    def for_km(cls, km: KnowledgeModel, source_root: Path | None) -> SourceReader:
        if source_root is not None:
            return cls(km, given_source_root(source_root))
        stored = Path(km.source_root) if km.source_root else None
        return cls(km, stored if stored is not None and stored.is_dir() else None)

    @property
    def reachable(self) -> bool:
        return self.root is not None

    def text(self, rel: str) -> str | None:
        if rel not in self._texts:
            if self.root is None or outside_root(rel):  # (a stored path never leaves the root)
                self._texts[rel] = None
            else:
                try:
                    self._texts[rel] = source_text(read_regular(self.root / rel))
                except OSError:
                    self._texts[rel] = None
        return self._texts[rel]

    def exists(self, rel: str) -> bool:
        return self.root is not None and not outside_root(rel) and (self.root / rel).is_file()


def passage_status(reader: SourceReader, p: Passage) -> tuple[str, str]:
    """(status, why) of a passage in the current build against its source on disk."""
    if not reader.reachable:
        return MISSING, (f"source root {reader.km.source_root or '?'} not found; pass "
                         "--source-root DIR")
    text = reader.text(p.path)
    if text is None:
        return MISSING, f"{p.path} no longer exists under {reader.root}"
    if text[p.char_start : p.char_end] == p.text:
        return VERIFIED, "source matches"
    return DRIFTED, f"{p.path} changed since the last build/refresh (run `rlat refresh`)"


def _no_longer_holds(path: str) -> str:
    """Why a passage of ``path`` is drifted while the file is still there."""
    return f"{path} no longer holds this passage (edited, or read again under newer secret rules)"


def citation_status(km: KnowledgeModel, reader: SourceReader, cite: dict) -> dict:
    pid = str(cite.get("passage_id", ""))
    out = {"kind": "passage", "passage_id": pid, "content_hash": cite.get("content_hash"),
           "path": cite.get("path")}
    p = km.passage_by_id(pid) if km.has_build else None
    if p is not None:
        out.update(path=p.path, lines=[p.line_start, p.line_end], label=p.label, text=p.text,
                   in_build=True)
        if cite.get("content_hash") and cite["content_hash"] != p.hash:
            out.update(status=DRIFTED, why="the passage's content differs from the cited hash")
        else:
            status, why = passage_status(reader, p)
            out.update(status=status, why=why)
        return out
    old = km.historical_passage(pid)
    path = (old.path if old is not None else None) or cite.get("path")
    out.update(in_build=False, path=path)
    if old is not None:
        out.update(lines=[old.line_start, old.line_end], label=old.label, text=old.text)
    if path and reader.exists(path):
        out.update(status=DRIFTED, why=_no_longer_holds(path))
    elif path and reader.reachable:
        out.update(status=MISSING, why=f"{path} no longer exists under {reader.root}")
    elif not reader.reachable:
        out.update(status=MISSING, why="source root not found; pass --source-root DIR")
    else:
        out.update(status=MISSING, why="the passage is not in this knowledge model")
    return out


# ------------------------------------------------------------------------------ resolve
def resolve_ref(km: KnowledgeModel, state: FoldState, ref: str) -> tuple[str, object]:
    """("claim", Claim) or ("passage", passage id) for an id or unique prefix (≥ 4 chars)."""
    ref = ref.strip().lower()
    if len(ref) < 4:
        raise KMError(f"id {quoted(ref)} is too short; give at least 4 characters")
    if ref in state.claims:
        return "claim", state.claims[ref]
    claims = [c for cid, c in state.claims.items() if cid.startswith(ref)]
    passages = km.find_passage_ids(ref) if km.has_build else []
    if len(claims) + len(passages) > 1:
        some = [c.id for c in claims[:3]] + passages[:3]
        raise KMError(f"id {quoted(ref)} is ambiguous ({', '.join(some)}…); give more characters")
    if claims:
        return "claim", claims[0]
    if passages:
        return "passage", passages[0]
    if len(ref) == 16 and all(ch in "0123456789abcdef" for ch in ref):
        if km.historical_passage(ref) is not None:
            return "passage", ref
    raise KMError(f"no claim or passage with id {quoted(ref)} in {km.path} (list claims with "
                  f"`rlat profile {km.path}`, passages with `rlat search {km.path} \"…\" "
                  "--format json`)")


def citing_claims(state: FoldState, pid: str) -> list[Claim]:
    return [c for c in state.claims.values()
            if any(e.get("kind") == "passage" and e.get("passage_id") == pid for e in c.evidence)]


def trace(km: KnowledgeModel, ref: str, *, source_root: Path | None = None,
          now: float | None = None) -> dict:
    state = km.claims()
    kind, obj = resolve_ref(km, state, ref)
    reader = SourceReader.for_km(km, source_root)
    if kind == "claim":
        claim: Claim = obj  # type: ignore[assignment]
        cites = []
        for cite in claim.evidence:
            if cite.get("kind") == "passage":
                cites.append(citation_status(km, reader, cite))
            else:
                row = {k: v for k, v in cite.items() if k != "excerpt"}
                row["status"] = "n/a"
                cites.append(row)
        return {
            "kind": "claim", "id": claim.id, "text": claim.text, "type": claim.type,
            "source": claim.source, "state": claim.state, "state_reason": claim.state_reason,
            "purged": claim.purged, "rung": _rung(claim, now), "citations": cites,
            "source_root": str(reader.root) if reader.root else None,
        }
    pid: str = obj  # type: ignore[assignment]
    p = km.passage_by_id(pid)
    in_build = p is not None
    if p is None:
        p = km.historical_passage(pid)
    assert p is not None
    if in_build:
        status, why = passage_status(reader, p)
    else:
        status, why = (DRIFTED, _no_longer_holds(p.path)) \
            if reader.exists(p.path) else (MISSING, f"{p.path} no longer exists")
    return {
        "kind": "passage", "id": p.id, "path": p.path, "lines": [p.line_start, p.line_end],
        "chars": [p.char_start, p.char_end], "hash": p.hash, "label": p.label, "text": p.text,
        "in_build": in_build, "status": status, "why": why,
        "claims": [{"id": c.id, "text": c.text, "type": c.type, "state": c.state,
                    "rung": _rung(c, now)} for c in citing_claims(state, p.id)],
        "source_root": str(reader.root) if reader.root else None,
    }


# -------------------------------------------------------------------------------- audit
def drifted_sources(km: KnowledgeModel, reader: SourceReader) -> list[dict]:
    """Files whose content on disk differs from the build (changed) or that are gone."""
    if not reader.reachable or not km.has_build:
        return []
    out = []
    for rel, info in sorted(km.files.items()):
        if outside_root(rel):  # (never read: a stored path outside the source root)
            out.append({"path": rel, "status": "missing"})
            continue
        path = reader.root / rel  # type: ignore[operator]
        try:
            st = path.stat()
        except OSError:
            out.append({"path": rel, "status": "missing"})
            continue
        if st.st_size == info["size"] and st.st_mtime_ns == info["mtime_ns"]:
            continue
        try:
            digest = file_digest(read_regular(path))  # (a FIFO put there: OSError)
        except OSError:
            out.append({"path": rel, "status": "unreadable"})
            continue
        if digest != info["digest"]:
            out.append({"path": rel, "status": "changed"})
    return out


def audit(km: KnowledgeModel, *, source_root: Path | None = None,
          now: float | None = None) -> dict:
    now = time.time() if now is None else now
    state = km.claims()
    reader = SourceReader.for_km(km, source_root)
    by_state: dict[str, int] = {}
    by_rung: dict[str, int] = {}
    by_type: dict[str, int] = {}
    by_source: dict[str, int] = {}
    stale, orphans = [], []
    for c in sorted(state.claims.values(), key=lambda c: (c.created_at, c.id)):
        by_state[c.state] = by_state.get(c.state, 0) + 1
        r = _rung(c, now)
        by_rung[r] = by_rung.get(r, 0) + 1
        by_type[c.type] = by_type.get(c.type, 0) + 1
        by_source[c.source] = by_source.get(c.source, 0) + 1
        if c.state == "stale":
            stale.append({"id": c.id, "text": c.text, "reason": c.state_reason})
        if c.state == "retired":
            continue
        cited = [e.get("passage_id") for e in c.evidence if e.get("kind") == "passage"]
        gone = [pid for pid in cited if not km.has_build or km.slot_of(str(pid)) is None]
        # (a claim re-verified against a passage of the current build is grounded again: the
        # earlier build's passage it cited before stays in its evidence, as history)
        if gone and (len(gone) == len(cited) or any(
                km.historical_passage(str(pid)) is None for pid in gone)):
            orphans.append({"id": c.id, "text": c.text, "state": c.state,
                            "missing_passages": gone})
    drift = drifted_sources(km, reader)
    return {
        "km": str(km.path),
        "has_build": km.has_build,
        "files": len(km.files) if km.has_build else 0,
        "passages": len(km.index) if km.has_build else 0,
        "claims": len(state.claims),
        "by_state": by_state, "by_rung": by_rung, "by_type": by_type, "by_source": by_source,
        "stale": stale,
        "orphans": orphans,
        "drifted_sources": drift,
        "sources_checked": reader.reachable and km.has_build,
        "source_root": str(reader.root) if reader.root else (km.source_root or None),
    }


# ------------------------------------------------------------------------------ profile
def profile(km: KnowledgeModel, *, now: float | None = None) -> dict:
    state = km.claims()
    size = os.path.getsize(km.path)
    out: dict = {"km": str(km.path), "bytes": size, "has_build": km.has_build}
    if km.has_build:
        meta = km.meta
        files = km.files
        out.update(
            built_at=meta.get("built_at"), refreshed_at=meta.get("refreshed_at"),
            source_root=meta.get("source_root"), inputs=meta.get("inputs"),
            settings=meta.get("settings"), rlat_version=meta.get("rlat_version"),
            files=len(files), passages=len(km.index), blocks=len(km.block_refs),
            vocabulary=km.index.vocabulary_size,
            source_bytes=sum(f["size"] for f in files.values()),
            skipped=meta.get("stats", {}).get("skipped", {}),
            sources=[{"path": rel, "passages": f["passages"], "bytes": f["size"]}
                     for rel, f in sorted(files.items())],
        )
    try:
        from ..world import world_profile

        out["world_facts"] = world_profile(state)
    except ImportError:  # pragma: no cover - world facts module absent
        out["world_facts"] = {}
    out["claims"] = [
        {"id": c.id, "type": c.type, "source": c.source, "state": c.state,
         "rung": _rung(c, now), "text": c.text if not c.purged else "(purged)",
         "superseded_by": c.superseded_by}
        for c in sorted(state.claims.values(), key=lambda c: (c.created_at, c.id))
        if c.source != "world"
    ]
    out["claim_count"] = len(state.claims)
    return out


def delete_claim(km: KnowledgeModel, ref: str) -> tuple[Claim, bool]:
    """Retire one claim (history kept). Returns (claim, was it already retired)."""
    state = km.claims()
    kind, obj = resolve_ref(km, state, ref)
    if kind != "claim":
        raise KMError(f"{ref} is a passage, not a claim; --delete retires claims and world "
                      "facts (passages change with their sources: edit the file and run "
                      "`rlat refresh`)")
    claim: Claim = obj  # type: ignore[assignment]
    if claim.state == "retired":
        return claim, True
    km.claim_log().append([ev.state_changed(claim.id, "retired", "deleted with rlat profile",
                                            actor="user")])
    return claim, False
