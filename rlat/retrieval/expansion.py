"""Lexical improvements to recall: stemming and session-context document expansion.

The one ranking engine (``rlat.retrieval.recall``) scores claims with BM25 over the project's one
tokenizer (``rlat.retrieval.tokenize``). This module widens what a term matches, without any
model or network, in two ways, both chosen by measurement (bench/bench_locomo.py,
docs/benchmarks.md):

1. **Stemming** (``stem``, used by ``expand_document`` and ``expand_query``): the Porter
   (1980) algorithm, written here rather than imported so that a library upgrade can never
   change the terms of an index persisted on disk without ``VERSION`` changing with it.
   "painting", "painted" and "paints" all meet at ``paint``.
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
  to call when the index is built (``terms_of(claim)`` gives one claim's own analysed terms).

Import-light (re only): the hook path ranks with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from . import concepts

VERSION = 2  # 2: concept tags (rlat.retrieval.concepts)

# Session-context expansion, chosen on one LoCoMo conversation (conv-26) and reported on the
# other four (bench/bench_locomo.py).
WINDOW = 2
SELF_WEIGHT = 2

# Question words that survive the tokenizer's stop list but carry no topic in a recall query.
QUERY_STOP_WORDS = frozenset()


# ---------------------------------------------------------------------------- stemming
_VOWELS = frozenset("aeiou")
_stem_cache: dict[str, str] = {}
_CACHE_LIMIT = 200_000


def _cons(w: str, i: int) -> bool:
    ch = w[i]
    if ch in _VOWELS:
        return False
    if ch == "y":
        return i == 0 or not _cons(w, i - 1)
    return True


def _m(w: str, end: int) -> int:
    """Porter's measure of w[:end]: the number of vowel-consonant sequences [C](VC)^m[V]."""
    n = 0
    i = 0
    while i < end and _cons(w, i):
        i += 1
    while i < end:
        while i < end and not _cons(w, i):
            i += 1
        if i >= end:
            break
        while i < end and _cons(w, i):
            i += 1
        n += 1
    return n


def _has_vowel(w: str, end: int) -> bool:
    return any(not _cons(w, i) for i in range(end))


def _double_cons(w: str, end: int) -> bool:
    return end >= 2 and w[end - 1] == w[end - 2] and _cons(w, end - 1)


def _cvc(w: str, end: int) -> bool:
    """w[:end] ends consonant-vowel-consonant, the last not w, x or y."""
    return (end >= 3 and _cons(w, end - 1) and not _cons(w, end - 2) and _cons(w, end - 3)
            and w[end - 1] not in "wxy")


def _replace(w: str, suffix: str, repl: str, min_m: int) -> str | None:
    """If w ends with suffix: the replacement when the stem's measure > min_m, else w itself.
    None when w does not end with suffix."""
    if not w.endswith(suffix):
        return None
    stem_end = len(w) - len(suffix)
    if _m(w, stem_end) > min_m:
        return w[:stem_end] + repl
    return w


_STEP2 = (
    ("ational", "ate"), ("tional", "tion"), ("enci", "ence"), ("anci", "ance"),
    ("izer", "ize"), ("bli", "ble"), ("alli", "al"), ("entli", "ent"), ("eli", "e"),
    ("ousli", "ous"), ("ization", "ize"), ("ation", "ate"), ("ator", "ate"), ("alism", "al"),
    ("iveness", "ive"), ("fulness", "ful"), ("ousness", "ous"), ("aliti", "al"),
    ("iviti", "ive"), ("biliti", "ble"), ("logi", "log"),
)
_STEP3 = (
    ("icate", "ic"), ("ative", ""), ("alize", "al"), ("iciti", "ic"), ("ical", "ic"),
    ("ful", ""), ("ness", ""),
)
_STEP4 = (
    "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ion",
    "ou", "ism", "ate", "iti", "ous", "ive", "ize",
)


def _porter(w: str) -> str:
    if len(w) <= 2:
        return w
    # Step 1a
    if w.endswith("sses"):
        w = w[:-2]
    elif w.endswith("ies"):
        w = w[:-2]
    elif w.endswith("ss"):
        pass
    elif w.endswith("s"):
        w = w[:-1]
    # Step 1b
    extra = False
    if w.endswith("eed"):
        if _m(w, len(w) - 3) > 0:
            w = w[:-1]
    elif w.endswith("ed") and _has_vowel(w, len(w) - 2):
        w = w[:-2]
        extra = True
    elif w.endswith("ing") and _has_vowel(w, len(w) - 3):
        w = w[:-3]
        extra = True
    if extra:
        if w.endswith(("at", "bl", "iz")):
            w += "e"
        elif _double_cons(w, len(w)) and w[-1] not in "lsz":
            w = w[:-1]
        elif _m(w, len(w)) == 1 and _cvc(w, len(w)):
            w += "e"
    # Step 1c
    if w.endswith("y") and _has_vowel(w, len(w) - 1):
        w = w[:-1] + "i"
    # Step 2 (longest matching suffix; the table has no suffix that ends another)
    for suffix, repl in _STEP2:
        out = _replace(w, suffix, repl, 0)
        if out is not None:
            w = out
            break
    # Step 3
    for suffix, repl in _STEP3:
        out = _replace(w, suffix, repl, 0)
        if out is not None:
            w = out
            break
    # Step 4
    for suffix in sorted(_STEP4, key=len, reverse=True):
        if w.endswith(suffix):
            stem_end = len(w) - len(suffix)
            if _m(w, stem_end) > 1:
                if suffix == "ion":
                    if stem_end and w[stem_end - 1] in "st":
                        w = w[:stem_end]
                else:
                    w = w[:stem_end]
            break
    # Step 5a
    if w.endswith("e"):
        m = _m(w, len(w) - 1)
        if m > 1 or (m == 1 and not _cvc(w, len(w) - 1)):
            w = w[:-1]
    # Step 5b
    if w.endswith("ll") and _m(w, len(w)) > 1:
        w = w[:-1]
    return w


def stem(term: str) -> str:
    """The Porter stem of one lower-case term. Non-alphabetic or non-ASCII terms (numbers,
    identifiers with digits, CJK) are returned unchanged."""
    out = _stem_cache.get(term)
    if out is None:
        out = _porter(term) if term.isascii() and term.isalpha() else term
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


def session_neighbours(claims: Iterable, window: int = WINDOW) -> dict[str, list[str]]:
    """claim id -> ids of the claims captured within ``window`` positions of it in the same
    session (nearest first). A claim is placed by its first session citation."""
    sessions: dict[str, list[tuple[float, str, str]]] = {}
    for claim in claims:
        pos = session_position(claim)
        if pos is not None:
            sessions.setdefault(pos[0], []).append((pos[1], pos[2], claim.id))
    out: dict[str, list[str]] = {}
    for members in sessions.values():
        if len(members) < 2:
            continue
        members.sort()
        ids = [cid for _ts, _mid, cid in members]
        for i, cid in enumerate(ids):
            near: list[str] = []
            for off in range(1, window + 1):
                if i - off >= 0:
                    near.append(ids[i - off])
                if i + off < len(ids):
                    near.append(ids[i + off])
            out[cid] = near
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
