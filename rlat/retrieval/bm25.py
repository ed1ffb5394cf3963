"""BM25Index: a persisted postings index whose scores equal ``rank_bm25.BM25Okapi``.

rank-bm25 is the oracle in tests, not the engine: it scores by looping over every document in
Python for every query term and it cannot be saved, so opening a knowledge model with it
would mean re-tokenising the corpus. This index keeps, per term, the documents that contain
it (``postings``) and scores only those, with the same formula evaluated in the same order:

    idf(t)   = ln(N - df + 0.5) - ln(df + 0.5);  negative idf -> epsilon * mean(idf over terms)
    K(d)     = k1 * (1 - b + b * len(d) / avgdl)
    score    = sum over query tokens q (repeats count) of  idf(q) * (tf * (k1 + 1) / (tf + K(d)))

Because each float operation matches BM25Okapi's, scores are bit-identical on a fresh build
(the mean idf is summed in the same first-occurrence order rank_bm25 uses).

Two representations, one behaviour:

* **mutable** (after ``BM25Index()``/``build``/``add``): ``dict term -> term id`` and one pair of
  arrays (document slots, term frequencies) per term;
* **frozen** (after ``from_dict``): the persisted arrays used in place, terms found by binary
  search over a sorted vocabulary, so opening an index costs no parsing at all. The first
  mutation thaws it into the mutable form.

The formula lives here once: ``okapi_idf`` / ``smooth_idf`` (the two idfs: this index's, and
the never-negative one the claim index and the abstention floor use), ``length_norm`` (K(d))
and ``term_score`` (one query term's share of a document's score). Every BM25 score in rlat —
knowledge-model search, claim recall and its delta, the common-terms walk — is a sum of
``term_score``s; a test holds each scorer to these functions.

Document *slots* are stable: ``remove`` leaves a dead slot (scored 0, not counted in N or avgdl)
so callers can keep slot-keyed side tables. Import-light on purpose (array, math, heapq): the
hook path ranks memory claims with it. No numpy.
"""

from __future__ import annotations

import heapq
import math
import sys
from array import array
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from operator import itemgetter

FORMAT = "rlat-bm25"
VERSION = 1

# 4-byte unsigned typecode (always "I" on supported platforms; "L" as a fallback).
_U32 = "I" if array("I").itemsize == 4 else "L"
_U16 = "H"
_LITTLE = sys.byteorder == "little"


# ------------------------------------------------------------------------------- the formula
def okapi_idf(n: int, df: int) -> float:
    """BM25Okapi's idf (rank_bm25): ``ln(N - df + 0.5) - ln(df + 0.5)``; 0 for a term in half
    the documents and negative above that (``BM25Index.idf`` floors it with epsilon)."""
    return math.log(n - df + 0.5) - math.log(df + 0.5)


def smooth_idf(n: int, df: int) -> float:
    """Lucene's idf, ``ln(1 + (N - df + 0.5) / (df + 0.5))``: never negative, so a word shared
    by both claims of a two-claim store still counts (``rlat.retrieval.recall.ClaimBM25``)."""
    return math.log(1.0 + (n - df + 0.5) / (df + 0.5))


def length_norm(doc_len: float, avgdl: float, k1: float, b: float) -> float:
    """K(d) = ``k1 * (1 - b + b * len(d) / avgdl)``: how much a long document's term counts
    are discounted."""
    return k1 * (1 - b + b * doc_len / avgdl)


def term_score(idf: float, tf: int, norm: float, k1: float) -> float:
    """One query term's share of a document's BM25 score: ``idf * tf * (k1 + 1) / (tf + K(d))``
    (``norm`` = ``length_norm`` of the document), the term frequency saturating at k1 + 1."""
    return idf * (tf * (k1 + 1) / (tf + norm))


def _arr(code: str, data: bytes) -> array:
    out = array(code)
    out.frombytes(data)
    if not _LITTLE:
        out.byteswap()
    return out


def _bytes(arr: array) -> bytes:
    if _LITTLE:
        return arr.tobytes()
    swapped = array(arr.typecode, arr)
    swapped.byteswap()
    return swapped.tobytes()


def _view(code: str, data: bytes):
    """A zero-copy indexable view of persisted little-endian numbers (copy on big-endian)."""
    if _LITTLE:
        return memoryview(data).cast(code)
    return _arr(code, data)


class BM25Index:
    """BM25 (Okapi, with rank_bm25's epsilon idf floor) over documents given as term lists."""

    def __init__(self, *, k1: float = 1.5, b: float = 0.75, epsilon: float = 0.25) -> None:
        self.k1 = float(k1)
        self.b = float(b)
        self.epsilon = float(epsilon)
        self.doc_len = array(_U32)
        self.dead: set[int] = set()
        self.total_len = 0
        self.meta: dict = {}  # free-form, persisted (e.g. the tokenizer version)
        # mutable form: term -> [slot, tf, slot, tf, ...]; dict order = first occurrence
        self._post: dict[str, list[int]] = {}
        # frozen form
        self._frozen: _Frozen | None = None
        # caches, dropped on every mutation
        self._idf_sum: float | None = None
        self._vocab_size: int | None = None
        self._norms: list[float] | None = None
        self._idf_cache: dict[str, float] = {}

    # ------------------------------------------------------------------ building
    @classmethod
    def build(cls, docs: Iterable[Sequence[str]], **params) -> BM25Index:
        """An index over ``docs`` (token lists, e.g. from ``tokenize``); slot i = docs[i]."""
        index = cls(**params)
        for tokens in docs:
            index.add(tokens)
        return index

    @classmethod
    def build_counts(cls, docs: Iterable[Mapping[str, int]], **params) -> BM25Index:
        """Like ``build`` from bags of words (``tokenize.term_counts``); faster for big corpora."""
        index = cls(**params)
        for counts in docs:
            index.add_counts(counts)
        return index

    @staticmethod
    def bulk(terms: list[str] | None = None, **params) -> BulkBuilder:
        """A builder for large corpora: ``b = BM25Index.bulk(); b.add_counts(…)…; b.finish()``
        (see BulkBuilder for the faster ``terms=``/``add_id_counts`` form)."""
        return BulkBuilder(terms, **params)

    def add(self, tokens: Sequence[str]) -> int:
        """Append one document; returns its slot."""
        return self.add_counts(Counter(tokens))

    def add_counts(self, counts: Mapping[str, int]) -> int:
        """Append one document given as term → frequency (insertion order = first occurrence,
        as ``Counter(tokens)`` gives it)."""
        if self._frozen is not None:
            self._thaw()
        slot = len(self.doc_len)
        post = self._post
        get = post.get
        length = 0
        for term, tf in counts.items():
            if tf <= 0:
                continue
            length += tf
            plist = get(term)
            if plist is None:
                post[term] = [slot, tf]
            else:
                plist.append(slot)
                plist.append(tf)
        self.doc_len.append(length)
        self.total_len += length
        self._invalidate()
        return slot

    def remove(self, slot: int, terms: Iterable[str] | None = None) -> None:
        """Retire a document. ``terms`` (the document's terms) makes this fast; without it every
        posting list is scanned."""
        self.remove_many([slot], terms)

    def remove_many(self, slots: Iterable[int], terms: Iterable[str] | None = None) -> None:
        """Retire several documents at once (one pass over each affected posting list). The slots
        stay allocated (dead: never scored, not counted in N or avgdl)."""
        gone = {s for s in slots if 0 <= s < len(self.doc_len) and s not in self.dead}
        if not gone:
            return
        if self._frozen is not None:
            self._thaw()
        post = self._post
        candidates = list(post) if terms is None else [t for t in set(terms) if t in post]
        for term in candidates:
            plist = post[term]
            docs = plist[0::2]
            if gone.isdisjoint(docs):
                continue
            tfs = plist[1::2]
            kept = [x for d, tf in zip(docs, tfs, strict=True) if d not in gone for x in (d, tf)]
            if kept:
                post[term] = kept
            else:
                del post[term]
        for slot in gone:
            self.total_len -= self.doc_len[slot]
            self.doc_len[slot] = 0
            self.dead.add(slot)
        self._invalidate()

    def _invalidate(self) -> None:
        self._idf_sum = None
        self._vocab_size = None
        self._norms = None
        if self._idf_cache:
            self._idf_cache = {}

    # ------------------------------------------------------------------ statistics
    @property
    def n_slots(self) -> int:
        return len(self.doc_len)

    def __len__(self) -> int:
        """Live documents (N in the formula)."""
        return len(self.doc_len) - len(self.dead)

    @property
    def avgdl(self) -> float:
        n = len(self)
        return self.total_len / n if n else 0.0

    def _df_in_order(self) -> Iterable[int]:
        """Document frequency of every term, in first-occurrence order (rank_bm25's order)."""
        if self._frozen is not None:
            fz = self._frozen
            off = fz.post_off
            return (off[i + 1] - off[i] for i in fz.by_first())
        return (len(p) >> 1 for p in self._post.values())

    def _stats(self) -> tuple[float, int]:
        if self._idf_sum is None:
            n = len(self)
            total = 0.0
            vocab = 0
            for df in self._df_in_order():
                if df:
                    total += okapi_idf(n, df)
                    vocab += 1
            self._idf_sum, self._vocab_size = total, vocab
        return self._idf_sum, self._vocab_size or 0

    def idf(self, term: str) -> float:
        """The term's idf as BM25Okapi computes it (0.0 for a term no live document has)."""
        cached = self._idf_cache.get(term)
        if cached is not None:
            return cached
        df = self.df(term)
        if not df:
            value = 0.0
        else:
            value = okapi_idf(len(self), df)
            if value < 0:
                idf_sum, vocab = self._stats()
                value = self.epsilon * (idf_sum / vocab)
        self._idf_cache[term] = value
        return value

    def df(self, term: str) -> int:
        if self._frozen is not None:
            return self._frozen.df(term)
        plist = self._post.get(term)
        return len(plist) >> 1 if plist else 0

    @property
    def vocabulary_size(self) -> int:
        return self._stats()[1]

    def _pairs(self, term: str):
        """(slot, tf) pairs of the term's postings, or None."""
        if self._frozen is not None:
            return self._frozen.pairs(term)
        plist = self._post.get(term)
        if not plist:
            return None
        it = iter(plist)
        return zip(it, it, strict=False)

    def _norm_table(self) -> list[float]:
        if self._norms is None:
            k1, b = self.k1, self.b
            avgdl = self.avgdl or 1.0
            self._norms = [length_norm(dl, avgdl, k1, b) for dl in self.doc_len]
        return self._norms

    # ------------------------------------------------------------------ scoring
    def scores(self, query: Sequence[str], mask: Sequence | None = None) -> dict[int, float]:
        """Sparse scores: slot → score for every live document holding a query term.

        ``mask`` (indexable by slot, e.g. a bytearray; truthy = keep) scores only the slots it
        keeps, each exactly as without it: a caller that will look at a few documents only
        (one workspace's claims) skips the arithmetic for the rest."""
        if not len(self):
            return {}
        if mask is not None and self._norms is None:
            return self._scores_masked(query, mask)
        norms = self._norm_table()
        k1 = self.k1
        acc: dict[int, float] = {}
        for term in query:
            pairs = self._pairs(term)
            if pairs is None:
                continue
            idf = self.idf(term)
            if not idf:
                continue  # rank_bm25 adds exact zeros here
            if mask is not None:
                get = acc.get
                for d, tf in pairs:
                    if mask[d]:
                        acc[d] = get(d, 0.0) + term_score(idf, tf, norms[d], k1)
                continue
            if not acc:
                acc = {d: term_score(idf, tf, norms[d], k1) for d, tf in pairs}
                continue
            get = acc.get
            for d, tf in pairs:
                acc[d] = get(d, 0.0) + term_score(idf, tf, norms[d], k1)
        return acc

    def _scores_masked(self, query: Sequence[str], mask: Sequence) -> dict[int, float]:
        """``scores`` with a mask, before the norm table exists: each kept document's norm is
        computed where it is used (the same ``length_norm`` the table holds) instead of
        building the table for every document."""
        k1, b = self.k1, self.b
        avgdl = self.avgdl or 1.0
        doc_len = self.doc_len
        acc: dict[int, float] = {}
        get = acc.get
        for term in query:
            pairs = self._pairs(term)
            if pairs is None:
                continue
            idf = self.idf(term)
            if not idf:
                continue
            for d, tf in pairs:
                if mask[d]:
                    norm = length_norm(doc_len[d], avgdl, k1, b)
                    acc[d] = get(d, 0.0) + term_score(idf, tf, norm, k1)
        return acc

    def get_scores(self, query: Sequence[str]) -> list[float]:
        """Dense scores, one per slot (dead slots 0.0): BM25Okapi.get_scores' shape."""
        out = [0.0] * len(self.doc_len)
        for slot, score in self.scores(query).items():
            out[slot] = score
        return out

    def get_batch_scores(self, query: Sequence[str], slots: Sequence[int]) -> list[float]:
        sparse = self.scores(query)
        return [sparse.get(s, 0.0) for s in slots]

    def top_k(self, query: Sequence[str], k: int = 10) -> list[tuple[int, float]]:
        """The k best (slot, score), best first; ties by ascending slot."""
        return top_k_of(self.scores(query), k)

    # ------------------------------------------------------------------ persistence
    def to_dict(self) -> dict:
        """A msgpack-able dict (numbers as little-endian byte arrays); see docs/format.md."""
        if self._frozen is not None:
            body = dict(self._frozen.body)
            body.update(self._header())
            return body
        post = self._post
        rank = {term: i for i, term in enumerate(post)}
        order = sorted(post)
        vocab_parts = []
        vocab_off = array(_U32, (0,))
        post_off = array(_U32, (0,))
        docs_all = array(_U32)
        tfs_all = array(_U32)
        pos = 0
        npost = 0
        for term in order:
            raw = term.encode("utf-8")
            vocab_parts.append(raw)
            pos += len(raw)
            vocab_off.append(pos)
            plist = post[term]
            docs_all.extend(plist[0::2])
            tfs_all.extend(plist[1::2])
            npost += len(plist) >> 1
            post_off.append(npost)
        big_tf = bool(tfs_all) and max(tfs_all) > 0xFFFF
        if not big_tf:
            tfs_all = array(_U16, tfs_all)
        body = self._header()
        body.update(
            vocab=b"".join(vocab_parts),
            vocab_off=_bytes(vocab_off),
            first=_bytes(array(_U32, map(rank.__getitem__, order))),
            post_off=_bytes(post_off),
            post_docs=_bytes(docs_all),
            post_tfs=_bytes(tfs_all),
            tf_width=4 if big_tf else 2,
        )
        return body

    def _header(self) -> dict:
        idf_sum, vocab = self._stats()
        return {
            "format": FORMAT,
            "v": VERSION,
            "k1": self.k1,
            "b": self.b,
            "epsilon": self.epsilon,
            "n_slots": len(self.doc_len),
            "total_len": self.total_len,
            "doc_len": _bytes(self.doc_len),
            "dead": sorted(self.dead),
            "idf_sum": idf_sum,
            "vocab_size": vocab,
            "meta": dict(self.meta),
        }

    @classmethod
    def from_dict(cls, body: Mapping) -> BM25Index:
        """Open a persisted index without rebuilding anything (frozen until first mutation)."""
        if body.get("format") != FORMAT:
            raise ValueError("not a persisted BM25 index")
        if int(body.get("v", 0)) != VERSION:
            raise ValueError(
                f"BM25 index version {body.get('v')} is not supported (this rlat reads {VERSION})"
            )
        index = cls(k1=body["k1"], b=body["b"], epsilon=body["epsilon"])
        index.doc_len = _arr(_U32, body["doc_len"])
        index.dead = set(body.get("dead", ()))
        index.total_len = int(body["total_len"])
        index.meta = dict(body.get("meta", {}))
        index._idf_sum = float(body["idf_sum"])
        index._vocab_size = int(body["vocab_size"])
        index._frozen = _Frozen(body)
        return index

    def _thaw(self) -> None:
        fz = self._frozen
        assert fz is not None
        self._frozen = None
        post: dict[str, list[int]] = {}
        docs, tfs, off = fz.docs, fz.tfs, fz.post_off
        for i in fz.by_first():
            a, b = off[i], off[i + 1]
            if a == b:
                continue
            plist = [0] * (2 * (b - a))
            plist[0::2] = docs[a:b]
            plist[1::2] = tfs[a:b]
            post[fz.term(i)] = plist
        self._post = post
        self._invalidate()

    def terms(self) -> list[str]:
        """Every term some live document holds (sorted)."""
        if self._frozen is not None:
            fz = self._frozen
            return [fz.term(i) for i in range(fz.size) if fz.post_off[i + 1] > fz.post_off[i]]
        return sorted(self._post)


class BulkBuilder:
    """Builds a large index in one go: documents are staged as flat lists of term ids (cheap
    to count with ``TermIds``) and indexed at ``finish()``. The result is the index
    ``BM25Index.add`` would give, bit for bit, frozen.

    ``terms``: share the id → term list of a ``rlat.retrieval.tokenize.TermIds`` and feed
    ``add_id_counts(term_ids.counts(text))`` (the fastest path); otherwise ``add_counts`` /
    ``add`` take terms and ids are assigned here."""

    def __init__(self, terms: list[str] | None = None, **params) -> None:
        self.params = params
        self.terms: list[str] = [] if terms is None else terms
        self._ids: dict[str, int] | None = None if terms is not None else {}
        self.keys: list[int] = []
        self.tfs: list[int] = []
        self.doc_len = array(_U32)
        self.n_terms = array(_U32)

    def add_counts(self, counts: Mapping[str, int]) -> int:
        if self._ids is None:
            raise TypeError("this builder shares a TermIds vocabulary: use add_id_counts")
        ids, terms = self._ids, self.terms
        keys = []
        for term in counts:
            tid = ids.get(term)
            if tid is None:
                tid = ids[term] = len(terms)
                terms.append(term)
            keys.append(tid)
        return self._stage(keys, list(counts.values()))

    def add_id_counts(self, counts: Mapping[int, int]) -> int:
        return self._stage(list(counts), list(counts.values()))

    def add(self, tokens: Sequence[str]) -> int:
        return self.add_counts(Counter(tokens))

    def _stage(self, keys: list[int], tfs: list[int]) -> int:
        slot = len(self.doc_len)
        if tfs and min(tfs) <= 0:
            pairs = [(k, v) for k, v in zip(keys, tfs, strict=True) if v > 0]
            keys = [k for k, _ in pairs]
            tfs = [v for _, v in pairs]
        self.keys.extend(keys)
        self.tfs.extend(tfs)
        self.doc_len.append(sum(tfs))
        self.n_terms.append(len(keys))
        return slot

    def __len__(self) -> int:
        return len(self.doc_len)

    def finish(self) -> BM25Index:
        # Pure Python, one document at a time. A numpy grouping (one stable argsort) was ~0.09 s
        # faster on the 12 MB stdlib build (1.03 vs 1.12 s CPU, docs/architecture.md): not
        # worth a numpy dependency, or a second code path that ran only where numpy happened
        # to be installed.
        terms = self.terms
        index = BM25Index(**self.params)
        keys, tfs = self.keys, self.tfs
        pos = 0
        for n in self.n_terms:
            end = pos + n
            index.add_counts({terms[k]: v for k, v in zip(keys[pos:end], tfs[pos:end],
                                                          strict=True)})
            pos = end
        # Frozen, as a persisted index is: writing it is then a copy of these arrays, and
        # a refresh thaws it like an index it opened.
        return BM25Index.from_dict(index.to_dict())


class _Frozen:
    """The persisted arrays, used in place."""

    def __init__(self, body: Mapping) -> None:
        self.body = body
        self.vocab: bytes = body["vocab"]
        self.vocab_off = _view(_U32, body["vocab_off"])
        self.post_off = _view(_U32, body["post_off"])
        self.docs = _view(_U32, body["post_docs"])
        self.tfs = _view(_U32 if int(body.get("tf_width", 2)) == 4 else _U16, body["post_tfs"])
        self.size = len(self.vocab_off) - 1
        self._first = body["first"]

    def term(self, i: int) -> str:
        return self.vocab[self.vocab_off[i] : self.vocab_off[i + 1]].decode("utf-8")

    def find(self, term: str) -> int:
        key = term.encode("utf-8")
        vocab, off = self.vocab, self.vocab_off
        lo, hi = 0, self.size
        while lo < hi:
            mid = (lo + hi) >> 1
            if vocab[off[mid] : off[mid + 1]] < key:
                lo = mid + 1
            else:
                hi = mid
        if lo < self.size and vocab[off[lo] : off[lo + 1]] == key:
            return lo
        return -1

    def df(self, term: str) -> int:
        i = self.find(term)
        return 0 if i < 0 else self.post_off[i + 1] - self.post_off[i]

    def pairs(self, term: str):
        i = self.find(term)
        if i < 0:
            return None
        a, b = self.post_off[i], self.post_off[i + 1]
        if a == b:
            return None
        return zip(self.docs[a:b], self.tfs[a:b], strict=True)

    def by_first(self) -> list[int]:
        """Sorted-vocabulary positions in first-occurrence order."""
        first = _view(_U32, self._first)
        return sorted(range(self.size), key=first.__getitem__)


def top_k_of(scores: Mapping[int, float], k: int) -> list[tuple[int, float]]:
    """The k best (key, score) of a sparse score map, best first, ties by ascending key."""
    if k <= 0 or not scores:
        return []
    best = heapq.nlargest(k, scores.items(), key=itemgetter(1))
    if len(best) == k:
        floor = best[-1][1]
        at_floor = sum(1 for s in scores.values() if s == floor)
        if at_floor > sum(1 for _, s in best if s == floor):
            # ties straddle the cut: take the lowest keys among them
            above = [item for item in best if item[1] > floor]
            ties = sorted(key for key, s in scores.items() if s == floor)
            best = above + [(key, floor) for key in ties[: k - len(above)]]
    best.sort(key=lambda item: (-item[1], item[0]))
    return best
