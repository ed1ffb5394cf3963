"""Lexical improvements to recall: stemming and session-context document expansion.

The one ranking engine (``rlat.retrieval.recall``) scores claims with BM25 over the project's one
tokenizer (``rlat.retrieval.tokenize``). This module widens what a term matches, without any
model or network, in two ways, both chosen by measurement (bench/bench_locomo.py,
docs/benchmarks.md):

1. **Stemming** (``stem``, used by ``expand_document`` and ``expand_query``): a Snowball
   stemmer from PyStemmer (the Snowball project's C code, compiled: ~1 ms to import), the one
   stemmer of rlat (the faithfulness gate, the miner's and the capture checks' word matching
   use it too). "painting", "painted" and "paints" all meet at ``paint``. Which stemmer, and
   the library's version, are part of the analyzer key (``STEMMER``): an index or a word-vector
   table keyed by another stemmer's terms is rebuilt or refused, never read as if it matched.
2. **Session context** (``contextual_documents``): a claim captured from a conversation often
   makes sense only next to what was said around it ("Yes, it was amazing!" answers a question
   about a concert). A claim's document is its own terms counted ``SELF_WEIGHT`` times plus the
   terms of the claims captured within ``WINDOW`` positions of it in the same session (by the
   session citation's ``observed_at``, then message id). Claims without a session citation
   (typed by hand, corpus claims) keep their own terms only.

Interface for the ranking engine (stable; bump ``VERSION`` whenever the terms produced for any
input change, so persisted indexes rebuild):

* ``expand_document(text, terms) -> terms`` and ``expand_query(text, terms) -> terms``: per-text
  analysis (stemming; the query also drops question words);
* ``contextual_documents(claims, terms_of) -> {claim_id: terms}``: whole-collection expansion,
  to call when the index is built (``terms_of(claim)`` gives one claim's own analysed terms);
* ``answered_questions(claims) -> {answer claim id: question claim id}``: the session order's
  question/reply pairs, also computed when the index is built (the index stores them).

Import-light (PyStemmer, a C extension, and nothing else): the hook path ranks with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import Stemmer

from . import concepts

VERSION = 3  # 2: PyStemmer's porter; 3: concept tags (rlat.retrieval.concepts)

# Session-context expansion, chosen on one LoCoMo conversation (conv-26) and reported on the
# other four (bench/bench_locomo.py).
WINDOW = 2
SELF_WEIGHT = 2

# Question words that survive the tokenizer's stop list but carry no topic in a recall query.
QUERY_STOP_WORDS = frozenset()


# ---------------------------------------------------------------------------- stemming
# The Snowball algorithm (PyStemmer's name for it) and the stemmer's identity in analyzer keys:
# library, its version, algorithm. Chosen by measurement (docs/benchmarks.md).
STEMMER_ALGORITHM = "porter"
STEMMER = f"pystemmer{Stemmer.version()}-{STEMMER_ALGORITHM}"
_stem_word = Stemmer.Stemmer(STEMMER_ALGORITHM).stemWord
_stem_cache: dict[str, str] = {}
_CACHE_LIMIT = 200_000


def stem(term: str) -> str:
    """The stem of one lower-case term. Non-alphabetic or non-ASCII terms (numbers,
    identifiers with digits, CJK) are returned unchanged, and so are terms of one or two
    letters, as Porter's own implementation leaves them (Snowball's would make "js" "j" and
    "os" "o")."""
    out = _stem_cache.get(term)
    if out is None:
        out = _stem_word(term) if len(term) > 2 and term.isascii() and term.isalpha() else term
        if len(_stem_cache) >= _CACHE_LIMIT:
            _stem_cache.clear()
        _stem_cache[term] = out
    return out


# ---------------------------------------------------------------------------- the seam
def expand_document(text: str, terms: list[str]) -> list[str]:
    """A claim's own terms, stemmed (one term out per term in), then its concept tags."""
    return [stem(t) for t in terms] + concepts.tags(terms)


def expand_query(text: str, terms: list[str]) -> list[str]:
    """A query's terms without question words, stemmed, then its concept tags."""
    kept = [t for t in terms if t not in QUERY_STOP_WORDS]
    return [stem(t) for t in kept] + concepts.tags(kept)


def tag_sources(terms: list[str]) -> dict[str, frozenset[str]]:
    """concept tag -> the stemmed terms of ``terms`` (raw tokens) that give it."""
    out: dict[str, set[str]] = {}
    lexicon = concepts.table()
    for term in terms:
        for tag in lexicon.get(term, ()):
            out.setdefault(tag, set()).add(stem(term))
    return {tag: frozenset(stems) for tag, stems in out.items()}


def session_position(claim) -> tuple[str, float, str] | None:
    """(session id, observed_at, message id) of a claim's first session citation, or None."""
    for cite in getattr(claim, "evidence", ()):
        if cite.get("kind", "session") == "session" and cite.get("session_id"):
            return (str(cite["session_id"]), float(cite.get("observed_at") or 0.0),
                    str(cite.get("message_id") or ""))
    return None


def _sessions(claims: Iterable) -> list[list[str]]:
    """The claim ids of each session, in the order they were captured (by the first session
    citation's ``observed_at``, then message id); claims without one are left out."""
    sessions: dict[str, list[tuple[float, str, str]]] = {}
    for claim in claims:
        pos = session_position(claim)
        if pos is not None:
            sessions.setdefault(pos[0], []).append((pos[1], pos[2], claim.id))
    return [[cid for _ts, _mid, cid in sorted(members)] for members in sessions.values()]


def session_neighbours(claims: Iterable, window: int = WINDOW) -> dict[str, list[str]]:
    """claim id -> ids of the claims captured within ``window`` positions of it in the same
    session (nearest first). A claim is placed by its first session citation."""
    out: dict[str, list[str]] = {}
    for ids in _sessions(claims):
        if len(ids) < 2:
            continue
        for i, cid in enumerate(ids):
            near: list[str] = []
            for off in range(1, window + 1):
                if i - off >= 0:
                    near.append(ids[i - off])
                if i + off < len(ids):
                    near.append(ids[i + off])
            out[cid] = near
    return out


def is_question(text: str) -> bool:
    """Whether a claim's text asks rather than says: it ends with a question mark."""
    return text.rstrip().endswith("?")


def answered_questions(claims: Iterable) -> dict[str, str]:
    """answer claim id -> the id of the question it follows: the claim captured just before
    it in the same session, when that one asks (``is_question``). A reply often names nothing
    of what it answers ("The Wolves, and LeBron's leadership" after "Who's your favourite
    basketball team?"): the ranking engine lends it a share of its question's relevance."""
    claims = list(claims)
    asks = {claim.id for claim in claims if is_question(claim.text)}
    out: dict[str, str] = {}
    if not asks:
        return out
    for ids in _sessions(claims):
        for before, cid in zip(ids, ids[1:], strict=False):
            if before in asks:
                out[cid] = before
    return out


def contextual_documents(claims: Iterable, terms_of: Callable[[object], list[str]], *,
                         window: int = WINDOW, self_weight: int = SELF_WEIGHT
                         ) -> dict[str, list[str]]:
    """claim id -> its index document: own terms ``self_weight`` times, then the own terms of
    its session neighbours (see ``session_neighbours``). Claims with no session neighbours get
    their own terms once, exactly as without expansion."""
    claims = list(claims)
    own = {claim.id: list(terms_of(claim)) for claim in claims}
    near = session_neighbours(claims, window)
    docs: dict[str, list[str]] = {}
    for claim in claims:
        cid = claim.id
        neighbours = near.get(cid)
        if not neighbours:
            docs[cid] = own[cid]
            continue
        doc = own[cid] * self_weight
        for other in neighbours:
            doc.extend(own[other])
        docs[cid] = doc
    return docs
