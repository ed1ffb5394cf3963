"""BM25Index scores equal rank_bm25.BM25Okapi (the oracle) on the same tokens."""

from __future__ import annotations

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rank_bm25 import BM25Okapi
from support.corpora import reference_markdown

from rlat.km.chunk import chunk
from rlat.retrieval.bm25 import BM25Index
from rlat.retrieval.tokenize import tokenize

REFERENCE = reference_markdown()
QUERIES = [
    "SessionEnd hook timeout",
    "how do I install a plugin from a marketplace",
    "settings.json permissions allow deny",
    "transcript_path session storage jsonl",
    "skills frontmatter description",
    "additionalContext UserPromptSubmit",
    "CLAUDE.md memory imports",
    "matcher PreToolUse Bash",
    "environment variables",
    "mcp server configuration",
]


def _ranking(scores) -> list[int]:
    return sorted(range(len(scores)), key=lambda i: (-scores[i], i))


@pytest.fixture(scope="module")
def reference_corpus() -> list[list[str]]:
    files = sorted(REFERENCE.glob("*.md"))
    assert files, f"reference corpus missing at {REFERENCE}"
    docs = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        for c in chunk(text, "markdown"):
            docs.append(tokenize(text[c.start : c.end]))
    return docs


def _roundtrip(index: BM25Index) -> BM25Index:
    return BM25Index.from_dict(msgpack.unpackb(msgpack.packb(index.to_dict(), use_bin_type=True),
                                               raw=False, strict_map_key=False))


def test_reference_corpus_scores_and_rankings_equal_bm25okapi(reference_corpus):
    oracle = BM25Okapi(reference_corpus)
    built = BM25Index.build(reference_corpus)
    bulk = BM25Index.bulk()
    for doc in reference_corpus:
        bulk.add(doc)
    persisted = _roundtrip(bulk.finish())
    for query in QUERIES:
        terms = tokenize(query)
        expected = list(oracle.get_scores(terms))
        for index in (built, persisted):
            got = index.get_scores(terms)
            assert got == expected, query  # bit-identical, not just close
            assert _ranking(got)[:10] == _ranking(expected)[:10]
            top = index.top_k(terms, 10)
            # top_k ranks the passages that contain a query term (rank-bm25 also lists the rest)
            matching = index.scores(terms)
            want = [i for i in _ranking(expected) if i in matching][:10]
            assert [slot for slot, _ in top] == want
            assert [score for _, score in top] == [expected[i] for i in want]


def test_unknown_terms_and_repeated_terms_follow_the_oracle(reference_corpus):
    oracle = BM25Okapi(reference_corpus)
    index = BM25Index.build(reference_corpus)
    for terms in (["zzznotaword"], ["hook", "hook"], ["the"], []):
        assert index.get_scores(terms) == list(oracle.get_scores(terms))


docs_strategy = st.lists(
    st.lists(st.sampled_from([f"t{i}" for i in range(25)]), max_size=20),
    min_size=1, max_size=25,
).filter(lambda docs: any(docs))


@settings(max_examples=150, deadline=None)
@given(docs_strategy, st.lists(st.sampled_from([f"t{i}" for i in range(30)]), max_size=6))
def test_any_small_corpus_equals_the_oracle(docs, query):
    # small corpora exercise rank_bm25's epsilon floor (negative idf) and empty documents
    expected = list(BM25Okapi(docs).get_scores(query))
    assert BM25Index.build(docs).get_scores(query) == expected
    assert _roundtrip(BM25Index.build(docs)).get_scores(query) == expected


@settings(max_examples=100, deadline=None)
@given(docs_strategy, st.data())
def test_removing_and_adding_documents_matches_an_oracle_over_the_live_ones(docs, data):
    index = _roundtrip(BM25Index.build(docs))
    gone = data.draw(st.sets(st.integers(0, len(docs) - 1), max_size=max(0, len(docs) - 1)))
    extra = data.draw(st.lists(st.lists(st.sampled_from(["t1", "t2", "new"]), max_size=5),
                               max_size=3))
    index.remove_many(gone)
    for doc in extra:
        index.add(doc)
    live_slots = [i for i in range(len(docs)) if i not in gone] + \
        list(range(len(docs), len(docs) + len(extra)))
    live_docs = [docs[i] for i in range(len(docs)) if i not in gone] + extra
    if not any(live_docs):
        return  # rank_bm25 cannot score a corpus without a single token
    query = ["t1", "t2", "new", "t3"]
    expected = BM25Okapi(live_docs).get_scores(query)
    scores = index.get_scores(query)
    for slot, want in zip(live_slots, expected, strict=True):
        assert scores[slot] == pytest.approx(want, rel=1e-12, abs=1e-12)
    for slot in gone:
        assert scores[slot] == 0.0
    assert len(index) == len(live_docs)


def test_empty_index_scores_nothing():
    index = BM25Index()
    assert index.top_k(["x"], 5) == [] and index.get_scores(["x"]) == []
    assert _roundtrip(index).top_k(["x"]) == []


def test_persisted_form_is_plain_msgpack_and_opens_without_the_corpus(reference_corpus):
    body = BM25Index.build(reference_corpus).to_dict()
    msgpack.packb(body, use_bin_type=True)  # plain msgpack: packs without custom types
    # compact: each distinct term is stored once, postings are number arrays, not token lists
    distinct = {term for doc in reference_corpus for term in doc}
    assert len(body["vocab"]) == sum(len(term.encode("utf-8")) for term in distinct)
    assert isinstance(body["post_docs"], bytes) and isinstance(body["post_tfs"], bytes)
    index = _roundtrip(BM25Index.build(reference_corpus))
    assert len(index) == len(reference_corpus)
    assert index.top_k(reference_corpus[0][:1], 1)


def test_bad_persisted_body_is_refused():
    with pytest.raises(ValueError):
        BM25Index.from_dict({"format": "something-else"})
    body = BM25Index.build([["a"]]).to_dict()
    body["v"] = 99
    with pytest.raises(ValueError, match="version"):
        BM25Index.from_dict(body)


def test_ties_break_by_ascending_slot():
    index = BM25Index.build([["a", "b"], ["c"], ["a", "b"], ["a", "b"], ["d"]])
    assert [slot for slot, _ in index.top_k(["a"], 2)] == [0, 2]
