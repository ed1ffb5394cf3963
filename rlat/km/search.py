"""Searching a knowledge model: source passages by BM25, and the claims built on them.

Every hit is labelled: ``[SOURCE]`` for a passage (ground truth, ranked by BM25 alone) and
``[INSIGHT]`` for a claim stored in the KM (corpus claims, world facts), so an earned summary
is never mistaken for a source. ``source_only`` returns passages alone — no claim, no lens: the
honest baseline.

Claims are ranked by the shared engine ``rlat.retrieval.recall.recall`` (relevance × trust) when it
is installed; ``_local_claim_ranking`` is the stand-in until then (BM25 over claim texts × a rung
weight) and the one seam to delete when it lands. Eligibility comes first and lives here:
retired, purged and superseded claims never surface; stale ones (their source drifted) only
with ``include_stale``, marked.

A lens (``--lens``) re-weighs both kinds of hit through ``rlat.lens.apply.apply_lens``.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..claims.fold import FoldState
from ..claims.ids import fingerprint
from ..claims.model import Claim
from ..retrieval.bm25 import BM25Index
from ..retrieval.tokenize import tokenize
from ..trust.verify import is_provisional
from .store import KnowledgeModel, Passage

SOURCE = "source"
INSIGHT = "insight"
LABELS = {SOURCE: "[SOURCE]", INSIGHT: "[INSIGHT]"}
CLAIM_SOURCES = ("corpus", "world")
# Placeholder trust weights (only used until rlat.retrieval.recall exists).
_RUNG_WEIGHT = {"low": 0.55, "medium": 0.7, "high": 0.85, "verified": 1.0}


@dataclass(slots=True)
class Hit:
    kind: str  # "source" | "insight"
    score: float
    text: str
    path: str | None = None
    line_start: int | None = None
    line_end: int | None = None
    passage: Passage | None = None
    claim: Claim | None = None
    rung: str | None = None
    relevance: float | None = None
    stale: bool = False
    cited_paths: list[str] = field(default_factory=list)
    fingerprint: str | None = None
    lens_weight: float | None = None
    lens_reason: str = ""

    @property
    def label(self) -> str:
        return LABELS[self.kind]

    @property
    def where(self) -> str:
        if not self.path:
            return "(stated by user)" if self.claim is not None and self.claim.source == "world" \
                else "-"
        if self.line_start is None:
            return self.path
        if self.line_end is None or self.line_end == self.line_start:
            return f"{self.path}:{self.line_start}"
        return f"{self.path}:{self.line_start}-{self.line_end}"

    def to_dict(self) -> dict:
        out = {
            "label": self.label.strip("[]"),
            "kind": self.kind,
            "score": self.score,
            "path": self.path,
            "lines": [self.line_start, self.line_end] if self.line_start is not None else None,
            "text": self.text,
        }
        if self.passage is not None:
            out.update(passage_id=self.passage.id, hash=self.passage.hash,
                       heading=self.passage.label,
                       chars=[self.passage.char_start, self.passage.char_end])
        if self.claim is not None:
            c = self.claim
            out.update(claim_id=c.id, type=c.type, source=c.source, state=c.state,
                       rung=self.rung, relevance=self.relevance, stale=self.stale,
                       provisional=is_provisional(c), cited_paths=self.cited_paths)
            if c.attribute_key:
                out["attribute_key"] = c.attribute_key
        if self.lens_weight is not None:
            out.update(lens_weight=self.lens_weight, lens_reason=self.lens_reason)
        return out


@dataclass(slots=True)
class SearchResult:
    query: str
    terms: list[str]
    hits: list[Hit]
    world_claims: list[Claim]  # every servable world claim (for framed context rendering)
    hidden_stale: int = 0  # stale claims that matched but were left out


# --------------------------------------------------------------------------- passages
def passage_hits(km: KnowledgeModel, terms: list[str], k: int) -> list[Hit]:
    if not km.has_build or k <= 0:
        return []
    out = []
    for slot, score in km.index.top_k(terms, k):
        p = km.passage(slot)
        out.append(Hit(SOURCE, score, p.text, p.path, p.line_start, p.line_end, passage=p))
    return out


# ----------------------------------------------------------------------------- claims
def eligible_claims(state: FoldState, *, include_stale: bool) -> tuple[dict[str, Claim], int]:
    """Claims that may surface as insights, and how many stale ones were held back."""
    superseded: set[str] = set()
    if any(c.attribute_key for c in state.claims.values()):
        try:
            from ..world import superseded_attribute_ids
        except ImportError:  # pragma: no cover - world facts module absent
            pass
        else:
            superseded = superseded_attribute_ids(state)
    out: dict[str, Claim] = {}
    hidden = 0
    for cid, c in state.claims.items():
        if c.state == "retired" or c.purged or not c.text.strip():
            continue
        if c.superseded_by or cid in superseded:
            continue
        if c.state == "stale" and not include_stale:
            hidden += 1
            continue
        out[cid] = c
    return out, hidden


def _claim_where(km: KnowledgeModel, claim: Claim) -> tuple[str | None, int | None, int | None,
                                                             list[str]]:
    paths: list[str] = []
    first: tuple[str | None, int | None, int | None] = (None, None, None)
    for cite in claim.evidence:
        if cite.get("kind") != "passage":
            continue
        p = km.passage_by_id(str(cite.get("passage_id"))) if km.has_build else None
        path = p.path if p is not None else cite.get("path")
        if path and path not in paths:
            paths.append(path)
        if path and (first[0] is None or (first[1] is None and p is not None)):
            # the first passage still in the build (a re-verified claim also cites the old
            # passage its source had before the edit)
            first = (path, p.line_start, p.line_end) if p is not None else (path, None, None)
    return first[0], first[1], first[2], paths


def rank_claims(state: FoldState, query: str, *, top_k: int, include_stale: bool,
                now: float | None) -> list[tuple[Claim, float, float | None, str]]:
    """(claim, score, relevance, rung), best first. The seam to the shared ranking engine."""
    if not state.claims or top_k <= 0:
        return []
    try:
        from ..retrieval import recall as recall_mod
    except ImportError:
        recall_mod = None
    if recall_mod is not None and hasattr(recall_mod, "recall"):
        hits = recall_mod.recall(state, query, workspace=None, top_k=top_k, now=now,
                                 include_stale=include_stale, sources=CLAIM_SOURCES)
        return [(h.claim, float(h.score), float(h.relevance), str(h.rung)) for h in hits]
    return _local_claim_ranking(state, query, top_k=top_k, now=now)


def _local_claim_ranking(state: FoldState, query: str, *, top_k: int,
                         now: float | None) -> list[tuple[Claim, float, float | None, str]]:
    """Stand-in for rlat.retrieval.recall: BM25 over the claims' texts × a rung weight. Claims
    sharing no term with the query never surface."""
    from ..trust.rungs import rung

    claims = list(state.claims.values())
    docs = [tokenize(c.text) for c in claims]
    terms = tokenize(query)
    if not terms:
        return []
    index = BM25Index.build(docs)
    scores = index.get_scores(terms)
    qset = set(terms)
    out = []
    for claim, doc, bm in zip(claims, docs, scores, strict=True):
        overlap = len(qset.intersection(doc))
        if not overlap:
            continue
        # tiny claim sets give BM25Okapi negative idfs: fall back to term coverage
        relevance = bm if bm > 0 else overlap / len(qset)
        r = rung(claim, now)
        out.append((claim, relevance * _RUNG_WEIGHT.get(r, 0.5), relevance, r))
    out.sort(key=lambda item: (-item[1], item[0].id))
    return out[:top_k]


def claim_hits(km: KnowledgeModel, state: FoldState, query: str, *, top_k: int,
               include_stale: bool, now: float | None) -> tuple[list[Hit], int]:
    eligible, hidden = eligible_claims(state, include_stale=include_stale)
    sub = FoldState(claims=eligible, agents=state.agents, calibration=state.calibration)
    ranked = rank_claims(sub, query, top_k=top_k, include_stale=include_stale, now=now)
    hits = []
    for claim, score, relevance, r in ranked:
        path, a, b, paths = _claim_where(km, claim)
        hits.append(Hit(INSIGHT, score, claim.text, path, a, b, claim=claim, rung=r,
                        relevance=relevance, stale=claim.state == "stale", cited_paths=paths,
                        fingerprint=fingerprint(claim.text)))
    if hidden and not include_stale:
        # how many of the held-back stale claims would have matched at all
        stale_only = {cid: c for cid, c in state.claims.items() if c.state == "stale"
                      and not c.purged and c.text.strip()}
        terms = set(tokenize(query))
        hidden = sum(1 for c in stale_only.values() if terms.intersection(tokenize(c.text)))
    return hits, hidden


# ----------------------------------------------------------------------------- search
def load_lens(ref: str):
    """A lens from a .lens path (the seam to rlat/lens). Raises ValueError with a clear line."""
    from pathlib import Path

    try:
        from ..lens.file import lens_from_toml, read_lens
    except ImportError:
        raise ValueError("lenses are not available in this rlat build") from None
    path = Path(ref).expanduser()
    if not path.exists():
        raise ValueError(f"--lens {ref}: no such file (create one with `rlat lens create`)")
    if not path.is_file():
        from ..special_files import special_kind

        raise ValueError(f"--lens {ref}: is {special_kind(path.stat().st_mode)}, not a lens")
    if path.suffix.lower() == ".toml":  # a lens written by hand (lenses/*.toml)
        return lens_from_toml(path)
    return read_lens(path)


def apply_lens(hits: list[Hit], lens) -> list[Hit]:
    """Re-weigh and re-rank hits under a lens (implemented by rlat.lens.apply)."""
    from ..lens.apply import apply_lens as lens_apply

    return list(lens_apply(hits, lens))


def search(km: KnowledgeModel, query: str, *, top_k: int = 10, source_only: bool = False,
           include_stale: bool = False, lens=None, now: float | None = None,
           state: FoldState | None = None) -> SearchResult:
    """Passages (and, unless ``source_only``, claims) for ``query``; see module docstring."""
    now = time.time() if now is None else now
    terms = tokenize(query)
    pool = top_k * 3 if lens is not None and not source_only else top_k
    passages = passage_hits(km, terms, pool)
    if source_only:
        return SearchResult(query, terms, passages[:top_k], [])
    state = km.claims() if state is None else state
    insights: list[Hit] = []
    hidden = 0
    if state.claims:
        insights, hidden = claim_hits(km, state, query, top_k=top_k,
                                      include_stale=include_stale, now=now)
    world = [c for c in state.claims.values() if c.source == "world"]
    if lens is not None:
        passages = apply_lens(passages, lens)[:top_k]
        insights = apply_lens(insights, lens)
    return SearchResult(query, terms, insights + passages[:top_k], world, hidden)
