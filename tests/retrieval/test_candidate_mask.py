"""Recall's candidate mask (the hook's workspace scope) scores fewer claims, never differently:
every kept claim keeps its exact score, whichever branch of the common-terms rule applies."""

from __future__ import annotations

import random

import pytest

from rlat.claims.model import Claim
from rlat.retrieval.recall import COMMON_TERM_MIN_MATCHES, ClaimBM25, ClaimIndex


def claims(rng: random.Random, n: int, common: list[str],
           rare: dict[str, range]) -> list[Claim]:
    """``n`` claims: each common word in about half of them, each rare word in the claims of
    its range (so the size of their union is known)."""
    texts = [[w for w in common if rng.random() < 0.5] or [common[0]] for _ in range(n)]
    for word, where in rare.items():
        for i in where:
            texts[i].append(word)
    return [Claim(id=f"c{i:04d}", text=" ".join(words), source="experience", type="convention")
            for i, words in enumerate(texts)]


CASES = {
    # rare terms matching fewer than COMMON_TERM_MIN_MATCHES claims, though their sum is more
    "union below": ({"alpha": range(0, 120), "beta": range(20, 130)}, "alpha beta deploy"),
    # ... and more, though no one of them does
    "union above": ({"alpha": range(0, 150), "beta": range(100, 250)}, "alpha beta deploy"),
    # the largest rare posting list alone settles it
    "one big rare": ({"alpha": range(230), "beta": range(5)}, "alpha beta deploy"),
    # few rare matches: every term scores everywhere
    "sum below": ({"alpha": range(40), "beta": range(500, 530)}, "alpha beta deploy staging"),
    # no rare term at all
    "all common": ({}, "deploy staging vault"),
    # a repeated rare term and a term no claim has
    "repeats": ({"alpha": range(150), "beta": range(140, 240)},
                "alpha alpha beta nowhere deploy deploy"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_masked_candidates_are_the_unmasked_ones_restricted(case):
    rare, query = CASES[case]
    rng = random.Random(len(case))
    items = claims(rng, 1000, ["deploy", "staging", "vault", "token"], rare)
    index = ClaimIndex.build(items)
    assert isinstance(index.bm25, ClaimBM25) and len(index) >= COMMON_TERM_MIN_MATCHES
    from rlat.retrieval.recall import query_terms

    terms = query_terms(query)
    heap, _delta = index.candidates(terms)
    full = {slot: -neg for neg, slot in heap}
    assert full
    for trial in range(3):
        mask = bytearray(rng.random() < 0.3 for _ in range(len(index.ids)))
        want = {slot: score for slot, score in full.items() if mask[slot]}
        # before any unmasked scoring (norms computed per kept claim) and after (the table)
        fresh = ClaimIndex.from_dict(index.to_dict())
        assert fresh.bm25._norms is None
        for scorer in (fresh, fresh, index):
            heap, _delta = scorer.candidates(terms, mask)
            assert {slot: -neg for neg, slot in heap} == want, trial


def test_a_persisted_index_masks_alike():
    rng = random.Random(7)
    index = ClaimIndex.build(claims(rng, 600, ["deploy", "staging", "vault"],
                                    {"alpha": range(90), "beta": range(60, 210)}))
    frozen = ClaimIndex.from_dict(index.to_dict())
    from rlat.retrieval.recall import query_terms

    terms = query_terms("alpha beta deploy vault")
    mask = bytearray(rng.random() < 0.5 for _ in range(len(index.ids)))
    want = sorted(index.candidates(terms, mask)[0])
    assert sorted(frozen.candidates(terms, mask)[0]) == want
    assert want == sorted((neg, slot) for neg, slot in frozen.candidates(terms)[0] if mask[slot])
