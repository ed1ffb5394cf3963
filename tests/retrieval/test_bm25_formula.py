"""BM25 is written once (rlat/retrieval/bm25.py): every scorer is a sum of its ``term_score``."""

from __future__ import annotations

import random
import re
from pathlib import Path

from rlat.claims.model import Claim
from rlat.retrieval import abstention
from rlat.retrieval.bm25 import BM25Index, length_norm, okapi_idf, smooth_idf, term_score
from rlat.retrieval.recall import ClaimBM25, ClaimIndex, bm25_params

PACKAGE = Path(__file__).resolve().parents[2] / "rlat"
WORDS = "deploy staging vault token alpha beta gamma delta tests ci docker redis".split()


def reference(index: BM25Index, docs: list[list[str]], query: list[str]) -> dict[int, float]:
    """The formula by hand: each query token (repeats count, in order) adds its term score."""
    avgdl = index.avgdl or 1.0
    out: dict[int, float] = {}
    for term in query:
        idf = index.idf(term)
        for slot, doc in enumerate(docs):
            tf = doc.count(term)
            if tf and idf:
                norm = length_norm(len(doc), avgdl, index.k1, index.b)
                out[slot] = out.get(slot, 0.0) + term_score(idf, tf, norm, index.k1)
    return out


def corpus(seed: int, n: int) -> list[list[str]]:
    rng = random.Random(seed)
    return [rng.choices(WORDS, k=rng.randint(1, 12)) for _ in range(n)]


def test_knowledge_model_scores_are_sums_of_term_scores():
    docs = corpus(1, 80)
    index = BM25Index.build(docs)
    query = ["alpha", "deploy", "alpha", "nowhere", "redis"]
    want = reference(index, docs, query)
    assert want and index.scores(query) == want
    # with a mask, before the norm table exists (each kept document's norm computed inline)
    mask = bytearray(i % 3 == 0 for i in range(len(docs)))
    frozen = BM25Index.from_dict(index.to_dict())
    assert frozen.scores(query, mask) == {d: s for d, s in want.items() if mask[d]}
    # the idf is BM25Okapi's: floored at epsilon x the mean idf where it would be negative
    for term in WORDS:
        raw = okapi_idf(len(index), index.df(term))
        assert index.idf(term) == raw if raw >= 0 else 0 < index.idf(term) < 1


def test_claim_scores_use_the_never_negative_idf():
    docs = corpus(2, 60)
    index = ClaimBM25.build(docs, **bm25_params())
    for term in WORDS:
        assert index.idf(term) == smooth_idf(len(index), index.df(term)) > 0
    query = ["deploy", "alpha", "deploy", "gamma"]
    want = reference(index, docs, query)
    assert want and index.scores(query) == want
    assert index.scores_common(query) == want  # fewer than 200 claims: nothing pruned


def test_claims_added_since_the_index_was_built_score_by_the_same_formula():
    docs = corpus(3, 60)
    base = ClaimIndex(ClaimBM25.build(docs, **bm25_params()), [f"b{i:03d}" for i in range(60)])
    late = [Claim(id=f"d{i:03d}", text=" ".join(d), source="experience", type="convention")
            for i, d in enumerate(corpus(4, 20))]
    index = base.with_claims(late)  # scored with the base's statistics, not indexed
    bm25, n = index.bm25, len(index)
    query = sorted({t for counts in index.delta.values() for t in counts})[:6]
    query += query[:2]
    scored = index.scores(query)
    assert any(cid in scored for cid in index.delta)
    for cid, counts in index.delta.items():
        norm = length_norm(sum(counts.values()), bm25.avgdl, bm25.k1, bm25.b)
        want = 0.0
        for term in query:
            idf = bm25.idf(term) if bm25.df(term) else smooth_idf(n, index.delta_df[term])
            if counts.get(term):
                want += term_score(idf, counts[term], norm, bm25.k1)
        assert scored.get(cid, 0.0) == want


def test_the_abstention_weight_is_the_same_idf():
    assert abstention.weight(3, 500) == smooth_idf(500, 3)
    assert abstention.weight(0, 500) == smooth_idf(500, 1)  # a word no claim has yet


def test_the_formula_is_written_in_one_place():
    """There were seven copies (two idfs, the length norm and the saturation, each rewritten
    inline where it was used); a new copy would drift from the others unnoticed."""
    pieces = re.compile(r"df \+ 0\.5|k1 \+ 1|k1p1|1 - b\b|1 - self\.b|\bone_b\b")
    copies = [f"{path.relative_to(PACKAGE)}:{n}: {line.strip()}"
              for path in sorted(PACKAGE.rglob("*.py")) if path.name != "bm25.py"
              for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
              if pieces.search(line) and not line.lstrip().startswith("#")]
    assert copies == []
