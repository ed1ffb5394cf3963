"""The one ranking engine: every claim recalled anywhere in rlat — experience claims for the
hooks and `rlat memory recall`, world facts, corpus claims in `rlat search` — is ranked here.

1. **Relevance**: BM25 over each claim's text (plus its subject and attribute key), with the
   project's one tokenizer (``rlat.retrieval.tokenize``) and persisted postings index
   (``rlat.retrieval.bm25.BM25Index``), optionally widened by ``rlat.retrieval.expansion`` (the
   seam for lexical improvements: ``expand_document(text, terms) -> terms``,
   ``expand_query(text, terms) -> terms``, ``contextual_documents(claims, terms_of) ->
   {claim_id: terms}`` for collection-level documents, ``VERSION``, optional ``BM25_PARAMS``).
   The lexical part is the claim's BM25 score divided by the best *eligible* score (1.0 for
   the most relevant admitted claim), blended with word-vector similarity, a time for a "when"
   question, having been said in a period the query names, and a share of the relevance of
   the question the claim answers (``answered_questions`` in the seam); see ``rank``.
2. **Eligibility gates first**, by source: every claim must not be retired, superseded or
   purged, nor stale unless ``include_stale`` (a TTL past without re-verification, or a corpus
   claim whose source drifted); experience and world claims must belong to the caller's
   workspace (or be marked cross-workspace, or carry no workspace at all); ids in ``exclude``
   (already injected this session) are skipped.
3. **Score = relevance × trust**, where trust is the rung points mapped into
   ``[TRUST_MIN, 1)`` (``rlat.trust.lifecycle.trust_weight``: recurrences at the observing
   agent's calibration multiplier; ×``CONTESTED_FACTOR`` when contested — the same function
   orders SessionStart). So: among equally relevant claims the more confident ranks first; and trust can
   never lift a claim over one more than ``1 / TRUST_MIN`` (= 2.5×) as relevant — a much more
   relevant low-rung claim beats a slightly relevant verified one. Ties: higher trust, then id.
4. **Abstention** (``rlat.retrieval.abstention``): relevance is relative, so an absolute floor
   decides whether a claim is worth saying at all — its idf-weighted coverage of the prompt's
   content words (or the prompt's of its own), or, for a question, a meaning close enough to
   the prompt's (the meaning table of ``rlat.retrieval.wordvec``); session records (type
   ``event``) only when nothing else clears it. Nothing is recalled rather than noise.
   ``abstain=False`` skips it.

Speed: the index over a store's claims is stored in the store's read model
(``rlat.retrieval.readmodel``, keyed by the analyzer version); claims added since it was built
are tokenized on the fly (a small delta scored with the stored statistics). Trust is computed
lazily, best relevance first, stopping once no remaining candidate can enter the top k; an
index opened from a current read model also knows which claims could serve in a workspace and
each claim's trust bound (``ClaimIndex.scope``), so the rest are never decoded.

Layering note: this module sits in the trust package but imports two leaf modules of the
retrieval package (the tokenizer and the BM25 index, which import nothing from rlat), so that
the ranking rule and the trust rule live side by side. Nothing else in ``rlat.trust`` does.
"""

from __future__ import annotations

import functools
import heapq
import time
from array import array
from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable

from ..claims.fold import FoldState
from ..claims.model import (
    Claim,
    is_remark,
    record_tasks,
    subject_words,
    visible_in,
    without_ask,
)
from ..claims.readmodel import le_bytes, le_numbers
from ..trust import thresholds as T
from ..trust.lifecycle import effective_state, stale_reason, trust_weight
from ..trust.rungs import rung_of_points
from ..trust.shadow import EXCLUDED as SHADOW_EXCLUDED
from ..trust.shadow import visible_to_agents
from . import abstention as A
from . import answer_types, temporal, wordvec
from .bm25 import BM25Index, length_norm, smooth_idf, term_score
from .tokenize import TOKENIZER_VERSION, tokenize

SOURCES = ("experience", "world", "corpus")
# The gate's word for a claim from one of the workspace's world-fact KMs (``rank``'s ``extra``).
KM_ADMITTED = "admitted: world fact of this workspace's knowledge model"
# The index body as stored in the read model (``ClaimIndex.to_dict``).
CACHE_FORMAT = "rlat-recall-index"
CACHE_VERSION = 3  # 3: answer links (``ClaimIndex.question_slot``)
# Common terms (see ClaimBM25.scores_common): in more than this share of the claims, and only
# when rarer query terms already matched at least this many claims.
COMMON_TERM_DF = 0.25
COMMON_TERM_MIN_MATCHES = 200
# Re-ranking: relevance = (BM25 / best + SIMILARITY_WEIGHT x word-vector cosine) / (1 + that
# weight), over the lexical candidates (chosen on one LoCoMo conversation, bench/bench_locomo.py).
SIMILARITY_WEIGHT = 0.5
# ... plus DATE_WEIGHT when the query asks when and the claim states a time (rlat.retrieval.temporal).
DATE_WEIGHT = 0.2
# ... plus TYPE_WEIGHT when the query asks for a value of a kind (a version, an address) and the
# claim states one (rlat.retrieval.answer_types).
TYPE_WEIGHT = 0.2
# ... plus PERIOD_WEIGHT when the query names a day, month or year and the claim was said then.
PERIOD_WEIGHT = 0.5
# A captured remark's score counts this much: among claims that clear their floors, what the
# rules of capture found comes first (rlat.claims.model.REMARK_KIND). Chosen on the 30 tuned
# dev-eval splits in process (docs/benchmarks.md, "Twenty-first pass"): unweighted remarks
# displaced facts (0.777 of them recalled against 0.784 without remarks), 0.5 did not (0.790).
REMARK_WEIGHT = 0.5
# A session record (type event) counts this much where it stands beside other claims
# (SessionStart's most trusted, the read model's lists): it is the session's history, not a
# fact to act on, so it comes after the facts and remarks of the same trust. (Recall admits a
# record only when nothing else clears its floor, and then alone: ``A.EVENT_FIT_FLOOR``.)
EVENT_WEIGHT = 0.25


def standing(claim: Claim) -> float:
    """What a claim's score or trust counts for beside others: ``EVENT_WEIGHT`` for a session
    record, ``REMARK_WEIGHT`` for a remark, else 1 (recall's ranking, the read model's most
    trusted lists, SessionStart)."""
    if claim.type == A.EVENT_TYPE:
        return EVENT_WEIGHT
    return REMARK_WEIGHT if is_remark(claim) else 1.0

# ... plus ANSWER_WEIGHT x the relevance of the question a claim answers (the claim just before
# it in its session ends with "?": ``rlat.retrieval.expansion.answered_questions``).
ANSWER_WEIGHT = 0.2

# ----------------------------------------------------------------------------- analyzer
try:  # the seam for lexical improvements (document / query expansion); optional
    from . import expansion as _expansion  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - depends on whether the module exists yet
    _expansion = None


# What ``claim_document`` makes of a claim (2: a subject without its fact kind's namespace;
# 3: only the first ``DOCUMENT_CHARS`` characters of its text).
DOCUMENT_VERSION = 3
# A claim is one proposition; what a pasted 20 MB log says past its first few thousand
# characters cannot make it more relevant, and tokenizing all of it at every prompt would cost
# the hook its deadline (one such claim stopped all recall). The same cap as the prompt's.
DOCUMENT_CHARS = 4000


def analyzer_version() -> str:
    """The analyzer key a persisted claim index is stored under (the recall cache, the hook
    view): tokenizer, expansion, and the stemmer library with its version — an index whose
    terms another analyzer made is rebuilt (``ClaimIndex.from_dict`` returns None)."""
    exp = getattr(_expansion, "VERSION", None) if _expansion is not None else None
    stemmer = getattr(_expansion, "STEMMER", None) if _expansion is not None else None
    ctx = "+ctx" if _contextual() is not None else ""
    lexicon = getattr(_expansion, "concepts", None) if _expansion is not None else None
    tags = f"+cpt{lexicon.version()}" if lexicon is not None else ""
    return (f"tok{TOKENIZER_VERSION}+doc{DOCUMENT_VERSION}"
            + (f"+exp{exp}" if exp is not None else "")
            + (f"+{stemmer}" if stemmer else "") + ctx + tags)


def _contextual():
    """The expansion seam's whole-collection hook, ``contextual_documents(claims, terms_of)
    -> {claim_id: terms}`` (session-context documents), when it exists."""
    return getattr(_expansion, "contextual_documents", None) if _expansion is not None else None


def answer_links(claims: list[Claim]) -> dict[str, str]:
    """answer claim id -> the id of the question claim it follows in its session (the
    expansion seam's ``answered_questions``; none without it)."""
    find = getattr(_expansion, "answered_questions", None) if _expansion is not None else None
    return find(claims) if find is not None else {}


def documents(claims: list[Claim]) -> list[list[str]]:
    """The index document (terms) of each claim, in order: its own analysed terms, widened by
    the expansion seam's collection-level documents when there are any."""
    contextual = _contextual()
    if contextual is None:
        return [document_terms(c) for c in claims]
    docs = contextual(claims, document_terms)
    return [list(docs.get(c.id, ())) or document_terms(c) for c in claims]


def bm25_params() -> dict:
    params = {"k1": T.BM25_K1, "b": T.BM25_B}
    extra = getattr(_expansion, "BM25_PARAMS", None) if _expansion is not None else None
    if extra:
        params.update(extra)
    return params


def claim_document(claim: Claim, *, own: bool = False) -> str:
    """The text a claim is matched on: its proposition (the first ``DOCUMENT_CHARS``
    characters), subject and attribute key. ``own``: without the prompt a fact was learned
    under (``[asked: …]``)."""
    parts = [(without_ask(claim.text) if own else claim.text)[:DOCUMENT_CHARS]]
    if claim.subject:
        parts.append(subject_words(claim.subject))
    if claim.attribute_key:
        parts.append(claim.attribute_key)
    return "\n".join(parts)


def document_terms(claim: Claim, *, own: bool = False) -> list[str]:
    return text_terms(claim_document(claim, own=own))


def text_terms(text: str) -> list[str]:
    terms = tokenize(text)
    if _expansion is not None and hasattr(_expansion, "expand_document"):
        terms = list(_expansion.expand_document(text, terms))
    return terms


def claim_tag_sources(claim: Claim, *, own: bool = False) -> dict[str, frozenset[str]] | None:
    """concept tag -> the claim's own terms it came from (abstention's bridging rule)."""
    return text_tag_sources(claim_document(claim, own=own))


def text_tag_sources(text: str) -> dict[str, frozenset[str]] | None:
    """concept tag -> the terms of ``text`` it came from."""
    if _expansion is None or not hasattr(_expansion, "tag_sources"):
        return None
    return _expansion.tag_sources(tokenize(text))


def query_terms(query: str) -> list[str]:
    terms = tokenize(query)
    if _expansion is not None and hasattr(_expansion, "expand_query"):
        terms = list(_expansion.expand_query(query, terms))
    return terms


# ----------------------------------------------------------------------------- the index
class ClaimBM25(BM25Index):
    """BM25 with a never-negative idf (Lucene's: ``rlat.retrieval.bm25.smooth_idf``).

    rank_bm25's Okapi idf is 0 for a term in half the documents and negative above that, so
    in a store of two claims every shared or unique word scores nothing: recall in a young
    store would find nothing. Claims are short and stores start small, so the claim index uses
    this idf; knowledge models keep the exact BM25Okapi scores."""

    def idf(self, term: str) -> float:
        n = len(self)
        stamp = (n, self.total_len)  # any mutation changes one of these
        cache = self.__dict__.get("_claim_idf")
        if cache is None or cache[0] != stamp:
            cache = (stamp, {})
            self.__dict__["_claim_idf"] = cache
        value = cache[1].get(term)
        if value is None:
            df = self.df(term)
            value = smooth_idf(n, df) if df else 0.0
            cache[1][term] = value
        return value

    def scores_common(self, terms: list[str], mask=None) -> dict[int, float]:
        """``scores``, with very common terms treated as Lucene's common-terms query does: a
        term in more than ``COMMON_TERM_DF`` of the claims only adds to claims that a rarer
        query term matched (when those number at least ``COMMON_TERM_MIN_MATCHES``). A claim
        matching nothing but "the code" is never a relevant answer, and skipping it saves most
        of the work on a query full of a store's everyday words.

        ``mask`` (see ``BM25Index.scores``) scores only the slots it keeps; which rule applies
        is still decided on the whole index, so every kept score is the unmasked one."""
        n = len(self)
        limit = COMMON_TERM_DF * n
        rare = [t for t in terms if self.df(t) <= limit]
        common = [t for t in terms if t not in rare]
        if not rare or not common or n < COMMON_TERM_MIN_MATCHES:
            return self.scores(terms, mask)
        if mask is None:
            acc = self.scores(rare)
            if len(acc) < COMMON_TERM_MIN_MATCHES:
                return self.scores(terms)
        else:
            if not self._matches_at_least(rare, COMMON_TERM_MIN_MATCHES):
                return self.scores(terms, mask)
            acc = self.scores(rare, mask)
        pairs_of = getattr(self, "_pairs", None)  # the parent's postings walk, when it has one
        # With a mask and no norm table yet, each kept claim's norm is computed where it is
        # used, by the table's own expression (as BM25Index._scores_masked does).
        inline = mask is not None and self._norms is None
        norms = self._norm_table() if pairs_of is not None and not inline else None
        k1, b = self.k1, self.b
        avgdl = self.avgdl or 1.0
        doc_len = self.doc_len
        for term in common:  # (a repeated query term counts each time, as in scores())
            if pairs_of is None:
                for d, value in self.scores([term]).items():
                    if d in acc:
                        acc[d] += value
                continue
            pairs = pairs_of(term)
            idf = self.idf(term)
            if pairs is None or not idf:
                continue
            for d, tf in pairs:
                if d in acc:
                    norm = length_norm(doc_len[d], avgdl, k1, b) if inline else norms[d]
                    acc[d] += term_score(idf, tf, norm, k1)
        return acc

    def _matches_at_least(self, terms: list[str], k: int) -> bool:
        """Whether ``scores(terms)`` scores at least ``k`` documents (the size of the union of
        the terms' postings), without scoring them: the largest posting list and the sum of
        them settle it unless the answer lies in between."""
        dfs: dict[str, int] = {}
        for term in terms:
            if term not in dfs:
                df = self.df(term)
                if df and self.idf(term):  # scores() skips a term with a zero idf
                    dfs[term] = df
        if not dfs:
            return False
        if max(dfs.values()) >= k:
            return True
        if sum(dfs.values()) < k:
            return False
        docs: set[int] = set()
        for term in dfs:
            docs.update(d for d, _tf in self._pairs(term))
        return len(docs) >= k


class ClaimIndex:
    """A BM25 index over claims: a base (possibly loaded frozen from the read model) plus a
    small delta of claims added since, scored with the base's statistics.

    ``scope``: set by the read model the base came from (``rlat.retrieval.readmodel.
    ReadModelScope``): for its own state's claims, ``mask(workspace)`` (by base slot: which
    claims could serve there, or None) and ``bound(now, calibration)`` (a claim id -> an upper
    bound of its trust weight, or None). ``rank`` takes both shortcuts; its result is the same
    without them."""

    def __init__(self, bm25: BM25Index, ids: list[str], analyzer: str | None = None, *,
                 slot_of: dict[str, int] | None = None) -> None:
        self.bm25 = bm25
        self.ids = ids
        self._slot_of = slot_of  # id -> slot, built on first use (a caller may share its own)
        self.analyzer = analyzer or analyzer_version()
        self.delta: dict[str, Counter] = {}
        self.delta_df: Counter = Counter()
        self.gone = 0  # ids in the base that the state no longer has
        self._synced: dict | None = None
        self._synced_count = -1
        # Claim vectors (``rlat.retrieval.wordvec``), int8, ``dims`` bytes per base slot: for
        # re-ranking (``vectors``, the word table, terms weighed by the store's idf) and for
        # admission on meaning (``meaning``, the meaning table), each made with the table its
        # ``*_of`` names; others (delta claims, another table) are computed when ranked and kept
        # in ``_vector_memo``.
        self.vectors: bytes | None = None
        self.vectors_of: str | None = None
        self.meaning: bytes | None = None
        self.meaning_of: str | None = None
        self._vector_memo: dict[tuple[str, str], bytes] = {}
        self._weights: dict = {}  # term -> term_weight (None -> the claim count it holds for)
        self.scope = None
        # Answer links (``answer_links``): base slots of claims that answer a question, ascending,
        # and the slot of the question each answers; for delta claims, id -> question id.
        self.answer_slots = array("I")
        self.question_slots = array("I")
        self.delta_answers: dict[str, str] = {}

    @classmethod
    def build(cls, claims: Iterable[Claim]) -> ClaimIndex:
        claims = list(claims)
        bm25 = ClaimBM25(**bm25_params())
        for terms in documents(claims):
            bm25.add_counts(Counter(terms))
        # No claim vectors here: a build can happen on a hook's fallback path, and embedding
        # costs ~0.35 ms a claim. A query embeds the few candidates it reads
        # (``claim_vector``); the read model's build embeds every claim before storing it.
        index = cls(bm25, [c.id for c in claims])
        links = answer_links(claims)
        if links:
            slot = {c.id: i for i, c in enumerate(claims)}
            pairs = sorted((slot[a], slot[q]) for a, q in links.items())
            index.answer_slots = array("I", (a for a, _q in pairs))
            index.question_slots = array("I", (q for _a, q in pairs))
        return index

    @property
    def has_answers(self) -> bool:
        """Whether any claim of the index answers a question (``answer_links``)."""
        return bool(self.answer_slots) or bool(self.delta_answers)

    def question_slot(self, slot: int) -> int | None:
        """The base slot of the question the claim at base ``slot`` answers, or None."""
        slots = self.answer_slots
        i = bisect_left(slots, slot)
        return self.question_slots[i] if i < len(slots) and slots[i] == slot else None

    # The vector sets: attribute, the table that makes them, whether terms weigh by idf.
    VECTOR_SETS = (("vectors", wordvec.table, True), ("meaning", wordvec.meaning_table, False))
    _BY_IDF = {name: by_idf for name, _table, by_idf in VECTOR_SETS}

    def _current(self, name: str, table) -> bool:
        """Whether the stored vector set ``name`` was made with ``table``, whole."""
        stored = getattr(self, name)
        return stored is not None and getattr(self, f"{name}_of") == table.id \
            and len(stored) == len(self.ids) * table.dims  # (a damaged section: not current)

    def embed_claims(self, claims: Iterable[Claim]) -> bool:
        """Compute the base claims' vectors (``claims`` in slot order) with each shipped
        table, unless they are already current. Returns whether any vectors are present."""
        claims = list(claims)
        if len(claims) != len(self.ids):
            return False
        present = False
        for name, table_of, _by_idf in self.VECTOR_SETS:
            table = table_of()
            if table is None:
                continue
            present = True
            if self._current(name, table):
                continue
            setattr(self, name, b"".join(self._embed(name, table, c) for c in claims))
            setattr(self, f"{name}_of", table.id)
        return present

    def vectors_stale(self) -> bool:
        """Whether a shipped table has no stored vectors here, or stored ones made with another
        table (a store indexed before an upgrade): until the worker re-embeds its claims, recall
        embeds each candidate it compares on the fly, in every prompt."""
        if not self.ids:
            return False
        for name, table_of, _by_idf in self.VECTOR_SETS:
            table = table_of()
            if table is not None and not self._current(name, table):
                return True
        return False

    def claim_vector(self, key: int, claim: Claim, table, name: str = "vectors") -> bytes:
        """The stored vector of the claim at ``key`` (see ``candidates``) in the set ``name``
        (``VECTOR_SETS``), or one computed now (a delta claim, or vectors made with another
        table)."""
        if key >= 0 and self._current(name, table):
            d = table.dims
            return memoryview(getattr(self, name))[key * d:(key + 1) * d]
        vec = self._vector_memo.get((name, claim.id))
        if vec is None:
            vec = self._vector_memo[(name, claim.id)] = self._embed(name, table, claim)
        return vec

    def _embed(self, name: str, table, claim: Claim) -> bytes:
        """One claim's vector in the set ``name``, quantised (terms weighed by idf or not, as
        ``VECTOR_SETS`` says)."""
        weigh = self.term_weight if self._BY_IDF[name] else None
        return wordvec.quantise(table.embed(document_terms(claim), weigh), table.dims)

    @property
    def slot_of(self) -> dict[str, int]:
        if self._slot_of is None:
            self._slot_of = dict(zip(self.ids, range(len(self.ids)), strict=True))
        return self._slot_of

    def __len__(self) -> int:
        return len(self.ids) + len(self.delta)

    def sync(self, state: FoldState) -> int:
        """Index claims the state has and the index lacks (the delta). Returns how many.

        Claims are never removed from a fold, so an unchanged claim count since the last sync
        means nothing new; otherwise one pass of dict lookups finds the new ones."""
        claims = state.claims
        if self._synced is claims and self._synced_count == len(claims):
            return 0
        slot_of, delta = self.slot_of, self.delta
        new = [c for cid, c in claims.items() if cid not in slot_of and cid not in delta]
        # (session context for new claims comes from the other new claims only — a capture
        # lands a session's claims together — until the next rebuild widens it)
        for claim, terms in zip(new, documents(new), strict=True):
            counts = Counter(terms)
            delta[claim.id] = counts
            self.delta_df.update(counts.keys())
        self.delta_answers.update(answer_links(new))
        added = len(new)
        self.gone = sum(1 for cid in self.ids if cid not in claims)
        self._synced, self._synced_count = claims, len(claims)
        return added

    def with_claims(self, claims: Iterable[Claim]) -> ClaimIndex:
        """This index plus ``claims`` (from outside its store: a workspace's world-fact KMs) in
        a delta of their own, scored with this index's statistics. A copy: this index, which a
        read model may share, is left as it was."""
        other = ClaimIndex(self.bm25, self.ids, self.analyzer, slot_of=self._slot_of)
        other.vectors, other.vectors_of = self.vectors, self.vectors_of
        other.meaning, other.meaning_of = self.meaning, self.meaning_of
        other.scope = self.scope
        other._vector_memo = self._vector_memo
        other.delta = dict(self.delta)
        other.delta_df = Counter(self.delta_df)
        other.answer_slots, other.question_slots = self.answer_slots, self.question_slots
        other.delta_answers = dict(self.delta_answers)
        new = [c for c in claims if c.id not in other.delta and c.id not in self.slot_of]
        for claim, terms in zip(new, documents(new), strict=True):
            counts = Counter(terms)
            other.delta[claim.id] = counts
            other.delta_df.update(counts.keys())
        other.delta_answers.update(answer_links(new))
        return other

    def scores(self, terms: list[str]) -> dict[str, float]:
        """claim id -> BM25 score, for every indexed claim that holds a query term."""
        ids = self.ids
        out = {ids[slot]: score for slot, score in self.bm25.scores(terms).items() if score > 0}
        if self.delta:
            out.update(self._delta_scores(terms))
        return out

    def candidates(self, terms: list[str], mask=None, *, scores: dict | None = None
                   ) -> tuple[list[tuple[float, object]], list[str]]:
        """(a heap of (-score, key), the ids of delta claims) — the cheap form ``rank`` uses:
        a key is a base slot (int) or an index into the delta ids, negated and minus one.

        ``mask`` (indexable by base slot, truthy = keep) leaves the other base slots out; the
        scores of those kept are unchanged. Delta claims are always scored. ``scores``, when
        given, is filled with key -> score for every candidate."""
        scored = self.bm25.scores_common(terms, mask) if isinstance(self.bm25, ClaimBM25) \
            else self.bm25.scores(terms, mask)
        heap: list[tuple[float, object]] = [
            (-score, slot) for slot, score in scored.items() if score > 0]
        if scores is not None:
            scores.update(scored)
        delta_ids: list[str] = []
        if self.delta:
            for cid, score in self._delta_scores(terms).items():
                delta_ids.append(cid)
                heap.append((-score, -len(delta_ids)))
                if scores is not None:
                    scores[-len(delta_ids)] = score
        heapq.heapify(heap)
        return heap, delta_ids

    def term_weight(self, term: str) -> float:
        """How much ``term`` weighs for the abstention floor (``rlat.retrieval.abstention``),
        from its document frequency over every indexed claim (base and delta)."""
        n = len(self.bm25) + len(self.delta)
        memo = self._weights
        if memo.get(None) != n:  # claims were added: every weight moves
            memo.clear()
            memo[None] = n
        value = memo.get(term)
        if value is None:
            value = memo[term] = A.weight(self.bm25.df(term) + self.delta_df.get(term, 0), n)
        return value

    def claim_id(self, key: int, delta_ids: list[str]) -> str:
        return self.ids[key] if key >= 0 else delta_ids[-key - 1]

    def _delta_scores(self, terms: list[str]) -> dict[str, float]:
        bm25 = self.bm25
        n = len(bm25) + len(self.delta)
        avgdl = bm25.avgdl or (sum(sum(c.values()) for c in self.delta.values())
                               / max(1, len(self.delta)))
        k1, b = bm25.k1, bm25.b
        idfs: dict[str, float] = {}
        for term in set(terms):
            if bm25.df(term):
                idfs[term] = bm25.idf(term)
            elif self.delta_df.get(term):
                idfs[term] = smooth_idf(n, self.delta_df[term])
        out: dict[str, float] = {}
        for cid, counts in self.delta.items():
            norm = length_norm(sum(counts.values()), avgdl or 1.0, k1, b)
            total = 0.0
            for term in terms:
                tf = counts.get(term)
                if tf and idfs.get(term):
                    total += term_score(idfs[term], tf, norm, k1)
            if total > 0:
                out[cid] = total
        return out

    # ---------------------------------------------------------------- persistence
    def to_dict(self, store: str = "") -> dict:
        body = {"format": CACHE_FORMAT, "v": CACHE_VERSION, "store": store,
                "analyzer": self.analyzer, "ids": list(self.ids),
                "index": self.bm25.to_dict(),
                "answers": le_bytes("I", self.answer_slots),
                "questions": le_bytes("I", self.question_slots)}
        for name, _table, _by_idf in self.VECTOR_SETS:
            if getattr(self, name) is not None:
                body[name], body[f"{name}_of"] = getattr(self, name), getattr(self, f"{name}_of")
        return body

    def restore_vectors(self, body: dict, stored_apart=None) -> None:
        """Take back the vector sets ``to_dict`` wrote into ``body``, or, when a caller stores
        their bytes apart (the read model's sections), ``stored_apart(name)`` (None: absent)."""
        for name, _table, _by_idf in self.VECTOR_SETS:
            data = stored_apart(name) if stored_apart is not None else body.get(name)
            if isinstance(data, (bytes, memoryview)) and isinstance(body.get(f"{name}_of"), str):
                setattr(self, name, data)
                setattr(self, f"{name}_of", body[f"{name}_of"])

    @classmethod
    def from_dict(cls, body: dict, *, ids: list[str] | None = None,
                  slot_of: dict[str, int] | None = None) -> ClaimIndex | None:
        """The index ``to_dict`` wrote, or None for another format or analyzer. ``ids`` (and
        their ``slot_of``) stand in for the body's own ids when the caller stores them apart
        (the read model shares its list)."""
        if body.get("format") != CACHE_FORMAT or body.get("v") != CACHE_VERSION:
            return None
        if body.get("analyzer") != analyzer_version():
            return None
        try:
            bm25 = ClaimBM25.from_dict(body["index"])
        except (KeyError, ValueError):
            return None
        if ids is None:
            index = cls(bm25, list(body.get("ids", ())), body["analyzer"])
        else:
            index = cls(bm25, ids, body["analyzer"], slot_of=slot_of)
        index.restore_vectors(body)
        answers, questions = body.get("answers", b""), body.get("questions", b"")
        if answers and len(answers) == len(questions):
            index.answer_slots = le_numbers("I", memoryview(answers))
            index.question_slots = le_numbers("I", memoryview(questions))
        return index


_memo: tuple[FoldState, ClaimIndex] | None = None


def index_for(state: FoldState) -> ClaimIndex:
    """An in-memory index for ``state`` (remembered for the last state object asked about)."""
    global _memo
    if _memo is not None and _memo[0] is state:
        index = _memo[1]
        index.sync(state)
        return index
    index = ClaimIndex.build(state.claims.values())
    _memo = (state, index)
    return index


# ----------------------------------------------------------------------------- ranking
# A record: __init__/__repr__/__eq__ written out, no dataclass — the prompt hook imports this
# module (see rlat.claims.model). Lenses copy hits with rlat.records.replace.
class Hit:
    __slots__ = (
        "claim", "relevance", "trust", "score", "rung", "gate", "bm25", "state", "admitted",
        "points", "similarity")
    __match_args__ = __slots__
    claim: Claim
    relevance: float  # lexical (BM25 / best eligible BM25) blended with similarity, 0..1
    trust: float  # the trust weight in [TRUST_MIN, 1)
    score: float  # relevance x trust x ``standing`` (0 when not admitted)
    rung: str
    gate: str  # which gate admitted or excluded it, in words
    bm25: float
    state: str  # effective state
    admitted: bool
    points: float
    similarity: float  # word-vector cosine of claim and query (0 when not computed)

    def __init__(self, claim: Claim, relevance: float, trust: float, score: float, rung: str,
                 gate: str, bm25: float = 0.0, state: str = "", admitted: bool = True,
                 points: float = 0.0, similarity: float = 0.0) -> None:
        self.claim = claim
        self.relevance = relevance
        self.trust = trust
        self.score = score
        self.rung = rung
        self.gate = gate
        self.bm25 = bm25
        self.state = state
        self.admitted = admitted
        self.points = points
        self.similarity = similarity

    def _values(self) -> tuple:
        return (self.claim, self.relevance, self.trust, self.score, self.rung, self.gate,
                self.bm25, self.state, self.admitted, self.points, self.similarity)

    def __repr__(self) -> str:
        return (f"{self.__class__.__qualname__}(claim={self.claim!r}, "
                f"relevance={self.relevance!r}, trust={self.trust!r}, score={self.score!r}, "
                f"rung={self.rung!r}, gate={self.gate!r}, bm25={self.bm25!r}, "
                f"state={self.state!r}, admitted={self.admitted!r}, points={self.points!r}, "
                f"similarity={self.similarity!r})")

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self._values() == other._values()
        return NotImplemented

    def to_dict(self) -> dict:
        c = self.claim
        return {
            "id": c.id, "text": c.text, "type": c.type, "source": c.source,
            "rung": self.rung, "state": self.state, "relevance": round(self.relevance, 4),
            "trust": round(self.trust, 4), "standing": standing(c),
            "score": round(self.score, 4),
            "bm25": round(self.bm25, 4), "points": round(self.points, 3),
            "similarity": round(self.similarity, 4),
            "admitted": self.admitted, "gate": self.gate,
            "workspaces": list(c.workspaces), "cross_workspace": c.cross_workspace,
            "created_at": c.created_at, "sessions": len(c.sessions),
        }


def gate(claim: Claim, *, workspace: str | None, now: float, include_stale: bool,
         sources: tuple[str, ...], exclude: frozenset[str] | set[str]) -> tuple[bool, str, str]:
    """(admitted, why, effective state): the source-specific eligibility rules, in order."""
    if claim.purged:
        return False, "excluded: purged", claim.state
    if claim.source not in sources:
        return False, f"excluded: source {claim.source} not requested", claim.state
    if claim.state == "retired":
        return False, "excluded: retired", "retired"
    if not visible_to_agents(claim):
        return False, SHADOW_EXCLUDED, claim.state
    if claim.superseded_by:
        return False, f"excluded: superseded by {claim.superseded_by[:12]}", claim.state
    if claim.id in exclude:
        return False, "excluded: already injected", claim.state
    state = effective_state(claim, now)
    if state == "stale" and not include_stale:
        return False, f"excluded: stale ({stale_reason(claim, now)})", state
    if claim.source != "corpus":
        if not visible_in(workspace, claim.source, claim.workspaces, claim.cross_workspace):
            return False, "excluded: learned in another workspace", state
        if workspace is None:
            why = "admitted: no workspace given"
        elif claim.cross_workspace:
            why = "admitted: cross-workspace"
        elif not claim.workspaces:
            why = "admitted: no workspace recorded"
        else:
            why = "admitted: same workspace"
    else:
        why = "admitted: corpus claim"
    if state == "stale":
        why += " (stale, included on request)"
    return True, why, state


def _trust(state: FoldState, claim: Claim, status: str, now: float | None) -> tuple[float, float]:
    return trust_weight(claim, now, state.calibration, status=status)


def trust_bound(state: FoldState, claim: Claim) -> tuple[float, float]:
    """(the highest trust weight ``rank`` can give ``claim``, the time from which that holds):
    the weight of all its outcomes, uncontested. ``rank`` at any ``now`` at or after the
    second value, with the same ``state.calibration`` and the claim unchanged, computes
    exactly this weight (times ``CONTESTED_FACTOR`` when contested), so a precomputed bound
    lets it skip claims that cannot reach the top k without decoding them (the read model)."""
    weight, _pts = _trust(state, claim, "", None)
    return weight, max((e[0] for e in claim.outcomes), default=0.0)


@functools.cache
def _general_frame() -> frozenset[str]:
    """``abstention.GENERAL_FRAME`` as index terms (analysed once)."""
    return frozenset(query_terms(" ".join(A.GENERAL_FRAME)))


@functools.lru_cache(maxsize=20_000)
def _name_parts(document: str) -> frozenset[str]:
    """A claim document's terms found only inside its code names (``A.name_parts``), by
    document: a long-lived process (the MCP server, `rlat memory recall` over many queries)
    reads each once."""
    return A.name_parts(document, text_terms)


def rank(state: FoldState, query: str, *, workspace: str | None, top_k: int = 5,
         now: float | None = None, exclude: Iterable[str] = (), include_stale: bool = False,
         sources: Iterable[str] = ("experience", "world"), index: ClaimIndex | None = None,
         min_relevance: float = 0.0, explain: bool = False, abstain: bool = True,
         rerank: bool = True, extra: Iterable[Claim] = ()) -> list[Hit]:
    """The engine behind ``recall`` and ``explain`` (see the module docstring).

    ``extra``: claims from outside ``state`` ranked with it, by the same rules and floor —
    the current attribute values of the workspace's world-fact KMs
    (``rlat.world.km_world_claims``). They belong to the workspace because their KM does, so
    the workspace gate does not apply to them (every other gate does); an id ``state`` also
    holds is ranked once, as ``state``'s.

    ``rerank`` blends in the similarity of static word vectors (``rlat.retrieval.wordvec``;
    ``SIMILARITY_WEIGHT``) when the shipped table is there; without it relevance is lexical.

    ``abstain`` applies the absolute relevance floor (``rlat.retrieval.abstention``): only the
    best ``POOL`` lexical candidates the gates admit are looked at, a claim whose fit to the
    prompt is below the floor is left out unless the prompt is a question it means
    (``abstention.admits_on_meaning``; ``gate`` says why), and session records (type
    ``event``) are recalled only when nothing else clears it. Without it, every lexical match
    the gates admit ranks (benchmarks of ranking alone use that).

    Two shortcuts when ``index`` came from a current read model of ``state``
    (``index.scope``); the result is the same with or without them:

    * a mask of the base slots that could serve in ``workspace``: the others are not scored;
    * each claim's trust bound (``trust_bound``): once k hits are in, a claim whose relevance
      × bound is below the k-th score is passed over without being read."""
    now = time.time() if now is None else float(now)
    if top_k < 1:
        return []  # (nothing asked for: the k-th best score below would not exist)
    sources = tuple(sources)
    excluded = frozenset(exclude)
    index = index if index is not None else index_for(state)
    candidate_mask = bound = None
    scope = index.scope
    if scope is not None and not explain and scope.claims is state.claims:
        candidate_mask = scope.mask(workspace)
        bound = scope.bound(now, state.calibration)
    outside: dict[str, Claim] = {}
    for claim in extra:
        if claim.id not in state.claims:
            outside.setdefault(claim.id, claim)
    if outside:
        index = index.with_claims(outside.values())
    terms = query_terms(query)
    if not terms:
        return []
    prompt = A.content_terms(terms)
    # A question general knowledge answers must be covered by a claim (``A.GENERAL_SHARE``),
    # its frame ("what's the difference between …") no content of its own, and meaning admits
    # nothing for it.
    general = A.asks_in_general(query)
    if general:
        # (nor the words pitching it: "what does sync_ledger do, in plain english")
        pitched = frozenset(query_terms(A.pitch(query)))
        prompt = [t for t in prompt if t not in _general_frame() and t not in pitched]
    asking = A.asks(query) and not general
    ordering = not asking and not general and A.orders(query)
    tag_sources = _expansion.tag_sources(tokenize(query)) \
        if _expansion is not None and hasattr(_expansion, "tag_sources") else None
    if abstain and not prompt and not explain:
        return []  # nothing but filler ("can you help?"): no claim can fit it
    # Candidates best-first, lazily: a heap (O(n) to build, O(log n) per claim looked at)
    # instead of sorting every lexical match, since most never need to be looked at.
    # A claim that answers a question (``answer_links``) is lent a share of its question's
    # relevance, looked up among the candidates' lexical scores.
    answering = ANSWER_WEIGHT if index.has_answers else 0.0
    lexical: dict | None = {} if answering else None
    heap, delta_ids = index.candidates(terms, candidate_mask, scores=lexical)
    if not heap:
        return []
    claims = state.claims
    ids = index.ids
    scoped = workspace is not None
    weigh = index.term_weight
    table = wordvec.table() if rerank else None
    prompt_vec = table.embed(terms, weigh) if table is not None else None
    # The most a candidate's relevance can reach above its lexical part (see below).
    dated = DATE_WEIGHT if temporal.asks_when(query) else 0.0
    wanted = answer_types.asked_type(query)
    # the kind of answer a question asks for: its first candidate of that kind may be admitted
    # on a lower meaning floor (``A.KIND_MEANING``)
    kind = answer_types.asked_kind(query, wanted, question=asking) \
        if abstain and not general else None
    if kind in answer_types.JOBS:
        wanted = kind  # (claims giving a command doing the job are lent ``TYPE_WEIGHT``)
    kind_seen: list[int] = []  # the key of that candidate, once looked at
    stated: dict[int, bool] = {}  # key -> whether the claim states a value of the kind wanted
    typed = TYPE_WEIGHT if wanted else 0.0
    periods = temporal.named_periods(query, now)
    named = PERIOD_WEIGHT if periods else 0.0
    similar = SIMILARITY_WEIGHT if prompt_vec is not None else 0.0
    lift = similar + dated + named + typed
    scale = (1 + lift) * (1 + answering)  # relevance = raw relevance / scale, in [0, 1]
    best = 0.0
    hits: list[Hit] = []
    events: list[Hit] = []  # session records that cleared their floor (decided at the end)
    rejected: list[Hit] = []
    kth = 0.0  # the k-th best score so far (0 until k hits)
    scores_sorted: list[float] = []
    looked = 0  # candidates the gates admitted (abstention looks at the first POOL)
    floor_first = abstain and not explain and min_relevance <= 0

    def judge(claim: Claim) -> tuple[A.Fit, float, bool]:
        """(the claim's fit to the prompt, the floor it must clear, whether it is a session
        record)."""
        is_event = claim.type == A.EVENT_TYPE
        floor = A.EVENT_FIT_FLOOR if is_event else A.REMARK_FIT_FLOOR if is_remark(claim) \
            else A.FIT_FLOOR
        if is_event and ordering:
            # An order is answered by a record of the same task asked before ("add retries
            # to the webhook client" / "Goal: add retries to the webhook client …"), not by
            # words scattered over what a session asked, changed and ran: the best of its
            # tasks' fits, each task alone.
            fits = [A.fit(prompt, text_terms(task), weigh, enough=None if explain else floor,
                          tag_sources=tag_sources, orders=True, covering=True,
                          claim_tag_sources=lambda task=task: text_tag_sources(task))
                    for task in record_tasks(claim.text)]
            best_fit = max(fits, key=lambda f: f.fit, default=None)
            if best_fit is not None:
                return best_fit, floor, True
        # An order's words met in the prompt a fact was learned under (``[asked: …]``) say the
        # task is in the same corner of the project, not that the fact bears on it: for an
        # order the fit counts the fact's own words only. (A question or a report keeps them:
        # "why does the v2 build fail?" is asked *about* that situation. A session record's
        # fit for an order is its tasks', each alone: above.)
        return A.fit(prompt, document_terms(claim, own=ordering), weigh,
                     enough=None if explain else floor, tag_sources=tag_sources, asks=asking,
                     orders=ordering, general=general,
                     claim_tag_sources=lambda: claim_tag_sources(claim, own=ordering),
                     name_parts=lambda: _name_parts(claim_document(claim, own=ordering))), \
            floor, is_event

    def states_wanted(key: int, claim: Claim) -> bool:
        """Whether the claim states a value of the kind the query asks for (read once: both
        its relevance and the kind route ask)."""
        value = stated.get(key)
        if value is None:
            value = stated[key] = answer_types.states(wanted, claim.text[:DOCUMENT_CHARS])
        return value

    def raw_relevance(key: int, claim: Claim, bm25: float) -> tuple[float, float]:
        """(the claim's relevance before the question it answers and the scale, its
        similarity): the lexical part (BM25 / the best eligible BM25) blended with the
        word-vector similarity of claim and prompt and, for a "when" question, whether the
        claim states a time; for a query naming a period, whether it was said then."""
        similarity = 0.0
        if prompt_vec is not None:
            similarity = max(0.0, wordvec.cosine(prompt_vec, index.claim_vector(key, claim,
                                                                                 table)))
        raw = bm25 / best + similar * similarity
        if dated and temporal.has_time(claim.text):
            raw += dated
        if typed and states_wanted(key, claim):
            raw += typed
        if named and temporal.said_within(claim.learned_at, periods):
            raw += named
        return raw, similarity

    # The cosine of prompt and claim in the meaning table: a question may be answered by a
    # candidate that means what it asks, whatever words they share (``A.MEANING_FLOOR``), and a
    # claim that shares a word or two with any prompt must not mean something else
    # (``A.meaning_contradicts``). The table is opened, and the prompt embedded, when a
    # candidate first needs them.
    opened: list = []  # [table, the prompt's vector] (None, None: no usable table)
    meant: dict[int, float] = {}

    def prompt_meaning() -> list:
        if not opened:
            table = wordvec.meaning_table() if abstain else None
            opened.extend((table, table.embed(terms) if table is not None else None))
        return opened

    def knows(term: str) -> bool:
        table = prompt_meaning()[0]
        return table is not None and table.vector(term) is not None

    def meaning(key: int, claim: Claim) -> float | None:
        """The cosine, or None without a usable table."""
        table, asked_vec = prompt_meaning()
        if asked_vec is None:
            return None
        value = meant.get(key)
        if value is None:
            value = meant[key] = wordvec.cosine(asked_vec, index.claim_vector(
                key, claim, table, "meaning"))
        return value

    def first_of_kind(key: int, claim: Claim, fit: A.Fit) -> str | None:
        """The kind of answer asked for, when ``claim`` is the first candidate giving one that
        shares a content word with the question (``A.KIND_MEANING``)."""
        if kind is None or is_remark(claim):
            return None  # (a remark is no answer of a kind: it neither takes that route, past
            # its floor, nor keeps it from the fact after it — ``A.REMARK_ROUTES``)
        if not kind_seen and fit.covered \
                and answer_types.gives(kind, claim.type, lambda: states_wanted(key, claim)):
            kind_seen.append(key)
        return kind if kind_seen and kind_seen[0] == key else None

    def means(key: int, claim: Claim, fit: A.Fit, of_kind: str | None) -> bool:
        if not asking or not abstain:
            return False
        value = meaning(key, claim)
        return value is not None and A.admits_on_meaning(fit.fit, value, best=looked == 1,
                                                         kind=of_kind, remark=is_remark(claim))

    def verdict(key: int, claim: Claim) -> tuple[bool, str, bool]:
        """(whether the claim clears abstention, the gate's account of why or why not,
        whether it is a session record). Words first, then meaning (a question's, never a
        session record's)."""
        if general and claim.type == A.EVENT_TYPE:
            # (a session's record never answers what general knowledge answers)
            return False, "a session record does not answer a general question", True
        fit, floor, is_event = judge(claim)
        of_kind = first_of_kind(key, claim, fit)  # (whether or not the words admit it)
        if fit.passes(floor):
            # (a claim that states the kind of value asked for — a place for "where does it
            # live", a version — is not judged by meaning: its type says what the table cannot)
            if not is_event and abstain \
                    and not (asking and wanted and states_wanted(key, claim)) \
                    and A.meaning_checked(fit, claim.text[:DOCUMENT_CHARS], knows):
                value = meaning(key, claim)
                if value is not None and A.meaning_contradicts(value):
                    return False, A.describe_contradiction(fit, value, floor) if explain \
                        else "", is_event
            return True, fit.describe(floor), is_event
        if of_kind in answer_types.JOBS and workspace in claim.workspaces:
            # (how to run this project's tests, or build it, is answered by the command it
            # learned does that, whatever words they share: ``answer_types.JOBS``)
            return True, A.describe_job(of_kind, fit, floor), is_event
        if not is_event and means(key, claim, fit, of_kind):
            return True, A.describe_meaning(meant[key], fit.fit, best=looked == 1,
                                            kind=of_kind), is_event
        # (why a claim was left out is read only by --explain: most candidates are)
        return False, fit.describe(floor) if explain else "", is_event

    lent: dict[int, float] = {}  # question key -> its raw relevance
    delta_key_of: dict[str, int] = {}

    def question_relevance(key: int) -> float:
        """The raw relevance of the question the claim at ``key`` answers (0 when none, or
        when the question shares nothing with the query)."""
        if key >= 0:
            asked = index.question_slot(key)
        else:
            question_id = index.delta_answers.get(delta_ids[-key - 1])
            if question_id is None:
                return 0.0
            if not delta_key_of:
                delta_key_of.update((d, -i - 1) for i, d in enumerate(delta_ids))
            asked = delta_key_of.get(question_id)
        if asked is None:
            return 0.0
        value = lent.get(asked)
        if value is None:
            value = 0.0
            score = lexical.get(asked, 0.0)
            qid = ids[asked] if asked >= 0 else delta_ids[-asked - 1]
            question = claims.get(qid) if score > 0 else None
            if question is not None and not question.purged:
                value = raw_relevance(asked, question, min(score, best))[0]
            lent[asked] = value
        return value

    def ceiling(bm25: float) -> float:
        """The most relevance a candidate of this BM25 can reach (full similarity, a time,
        and a question as relevant as the best claim)."""
        return (bm25 / best + lift + answering * (1 + lift)) / scale

    pop = heapq.heappop
    while heap:
        neg, key = pop(heap)
        bm25 = -neg
        if not explain:
            if len(hits) >= top_k and best and ceiling(bm25) < kth:
                break  # even full trust and similarity could not lift it into the top k
            if (abstain or lift or answering) and looked >= A.POOL:
                break  # the floor and the re-ranking look at the best POOL candidates only
        cid = ids[key] if key >= 0 else delta_ids[-key - 1]
        if kth and bound is not None:
            most = bound(cid)
            if most is not None and ceiling(bm25) * most < kth:
                continue  # its own trust cannot lift it into the top k either
        claim = outside.get(cid) if outside else None
        from_km = claim is not None
        if claim is None:
            claim = claims.get(cid)
        if claim is None:
            continue
        if scoped and not explain and not from_km and not visible_in(
                workspace, claim.source, claim.workspaces, claim.cross_workspace):
            continue  # the workspace gate, checked first: it rejects most claims of a store
        ok, why, status = gate(claim, workspace=None if from_km else workspace, now=now,
                               include_stale=include_stale, sources=sources, exclude=excluded)
        if ok and from_km:
            why = KM_ADMITTED + (" (stale, included on request)" if status == "stale" else "")
        if not ok:
            if explain:
                rejected.append(Hit(claim, 0.0, 0.0, 0.0, "", why, bm25, status, False))
            continue
        if not best:
            best = bm25
        is_event, judged = False, False
        if floor_first:
            # The floor first: most candidates fail it, and then neither their similarity nor
            # their trust is worth computing (explain computes all, to show them).
            looked += 1
            admitted, account, is_event = verdict(key, claim)
            if not admitted:
                continue
            why, judged = f"{why}; {account}", True
        # Relevance, in [0, 1] (see raw_relevance), plus a share of its question's.
        relevance, similarity = raw_relevance(key, claim, bm25)
        if answering:
            relevance += answering * question_relevance(key)
        relevance /= scale
        if relevance < min_relevance:
            if explain:
                rejected.append(Hit(claim, relevance, 0.0, 0.0, "",
                                    f"excluded: relevance {relevance:.2f} below "
                                    f"{min_relevance:.2f}", bm25, status, False))
            continue
        weight, pts = _trust(state, claim, status, now)
        score = relevance * weight * standing(claim)
        if abstain and not judged:
            looked += 1
            if looked > A.POOL:  # (explain only: recall stops before these)
                rejected.append(Hit(claim, relevance, weight, score, rung_of_points(pts),
                                    f"abstained: below the best {A.POOL} lexical candidates",
                                    bm25, status, False, pts, similarity))
                continue
            admitted, account, is_event = verdict(key, claim)
            if not admitted:
                if explain:
                    rejected.append(Hit(claim, relevance, weight, score, rung_of_points(pts),
                                        f"abstained: {account}", bm25, status, False, pts,
                                        similarity))
                continue
            why = f"{why}; {account}"
        hit = Hit(claim, relevance, weight, score, rung_of_points(pts), why, bm25, status, True,
                  pts, similarity)
        if is_event:
            events.append(hit)
            continue
        hits.append(hit)
        if not explain:
            scores_sorted.append(score)
            if len(scores_sorted) >= top_k:
                scores_sorted.sort(reverse=True)
                del scores_sorted[top_k:]
                kth = scores_sorted[-1]
    if events:
        events.sort(key=lambda h: (-h.score, -h.trust, h.claim.id))
        if hits:
            passed_over, events = events, []
            reason = "another kind of claim cleared the floor"
        else:
            passed_over, events = events[1:], events[:1]
            reason = "only the best session record is recalled"
        for hit in passed_over:
            hit.admitted = False
            hit.gate = f"abstained: session record (event); {reason}"
        hits.extend(events)
        if explain:
            rejected.extend(passed_over)
    hits.sort(key=lambda h: (-h.score, -h.trust, h.claim.id))
    if explain:
        for rejected_hit in rejected:
            if best and not rejected_hit.relevance:
                rejected_hit.relevance = rejected_hit.bm25 / best
        return hits + sorted(rejected, key=lambda h: (-h.bm25, h.claim.id))
    return hits[:top_k]


def recall(state: FoldState, query: str, *, workspace: str | None, top_k: int = 5,
           now: float | None = None, exclude: Iterable[str] = (), include_stale: bool = False,
           sources: Iterable[str] = ("experience", "world"), index: ClaimIndex | None = None,
           min_relevance: float = 0.0, abstain: bool = True, rerank: bool = True,
           extra: Iterable[Claim] = ()) -> list[Hit]:
    """The best ``top_k`` admitted claims for ``query``, best first. ``index`` (from the
    store's read model, ``rlat.retrieval.readmodel``) makes repeated recalls over a store
    cheap; without it an in-memory index is built for ``state`` (and remembered for the same
    state object). ``extra``: claims from outside ``state`` (the workspace's world-fact KMs'
    attributes) ranked with it (see ``rank``)."""
    return rank(state, query, workspace=workspace, top_k=top_k, now=now, exclude=exclude,
                include_stale=include_stale, sources=sources, index=index,
                min_relevance=min_relevance, abstain=abstain, rerank=rerank, extra=extra)


def explain(state: FoldState, query: str, *, workspace: str | None, now: float | None = None,
            exclude: Iterable[str] = (), include_stale: bool = False,
            sources: Iterable[str] = ("experience", "world"), index: ClaimIndex | None = None,
            min_relevance: float = 0.0, abstain: bool = True,
            rerank: bool = True, extra: Iterable[Claim] = ()) -> list[Hit]:
    """Every claim matching the query lexically, admitted ones first (ranked), then the ones a
    gate excluded or the floor abstained on, each with its ``gate`` decision."""
    extra = list(extra)
    return rank(state, query, workspace=workspace, top_k=(len(state.claims) + len(extra)) or 1,
                now=now, exclude=exclude, include_stale=include_stale, sources=sources,
                index=index, min_relevance=min_relevance, explain=True, abstain=abstain,
                rerank=rerank, extra=extra)
