"""`rlat deep-search`: multi-hop research over a knowledge model that earns corpus claims.

The loop, one hop at a time (at most ``max_hops``):

1. **Retrieve** the passages matching this hop's query (BM25, ``PER_HOP`` of them).
2. **Read** the new ones.
3. **Follow up**: derive the next query from what was read. With a model, the model proposes
   follow-up queries (and says when it can answer). Without one, the follow-up is the rarest
   words (highest idf) of the read sentences most relevant to the question that no query has
   used yet — the names, settings and identifiers a reader would look up next.
4. Stop when the answer is complete (the model says so), nothing new was read, or no
   follow-up is left.

Then **answer** with citations to passages: the model's statements, each citing passages; or,
without a model, extractive sentences — the sentences of the read passages that cover most of
the question's (and, weighted lower, the follow-ups') words.

Every statement goes through the **faithfulness gate** (``rlat.km.faithful``) against the
passages it cites; the model, when there is one, gives its second opinion on the survivors.
A kept statement becomes a corpus claim (type ``insight``, source ``corpus``, origin
``corpus``, observed by ``deep-search``) citing ``(passage_id, content_hash)`` of the passage
it traces to. It serves at once — ``rlat search`` shows it as ``[INSIGHT]`` with its rung and
a ``PROVISIONAL`` marker until it earns something beyond its origin's prior.
Corpus claims carry no subject on purpose: two faithful sentences of one document do not
contradict each other, and a source that changes is handled by drift, not by contest.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..claims import events as ev
from ..claims.ids import claim_id
from ..retrieval.tokenize import tokenize
from ..trust import verify as V
from . import faithful as F
from .store import KnowledgeModel, Passage

OBSERVED_BY = "deep-search"
CLAIM_TYPE = "insight"
DEFAULT_MAX_HOPS = 3
PER_HOP = 5  # passages retrieved per query
FOLLOW_UP_TERMS = 4  # words in a deterministic follow-up query
MODEL_FOLLOW_UPS = 2  # follow-up queries taken from the model per hop
ANSWER_SENTENCES = 4  # extractive answer length
MIN_ANSWER_SCORE = 0.4  # share of the question's idf mass a sentence must cover
MIN_FOLLOW_UP_SCORE = 0.5  # … or of one follow-up query's (a sentence a later hop found)
FOLLOW_UP_WEIGHT = 0.5  # how much follow-up coverage counts when ranking answer sentences
MIN_SENTENCE_WORDS = 4
PASSAGE_CHARS_TO_MODEL = 1500

Progress = Callable[[str], None]


@dataclass(slots=True)
class Hop:
    query: str
    passages: list[str]  # passage ids retrieved
    new: int  # how many were not read before

    def to_dict(self) -> dict:
        return {"query": self.query, "passages": self.passages, "new": self.new}


@dataclass(slots=True)
class Statement:
    text: str
    cites: list[Passage]
    verdict: F.Verdict | None = None
    model: str = ""  # the model's second-opinion verdict
    claim_id: str = ""
    stored: str = ""  # new | known | back (a stale claim re-verified) | retired | "" (dropped)

    @property
    def kept(self) -> bool:
        return self.verdict is not None and self.verdict.faithful

    def to_dict(self, numbers: dict[str, int]) -> dict:
        out = {"text": self.text, "cites": [numbers.get(p.id) for p in self.cites],
               "kept": self.kept, "verdict": self.verdict.to_dict() if self.verdict else None}
        if self.model:
            out["model"] = self.model
        if self.claim_id:
            out.update(claim_id=self.claim_id, stored=self.stored)
        return out


@dataclass(slots=True)
class Result:
    km: str
    question: str
    hops: list[Hop] = field(default_factory=list)
    read: dict[str, Passage] = field(default_factory=dict)  # id -> passage, in reading order
    statements: list[Statement] = field(default_factory=list)
    mode: str = "deterministic"  # or "model"
    notes: list[str] = field(default_factory=list)
    saved: bool = True

    @property
    def kept(self) -> list[Statement]:
        return [s for s in self.statements if s.kept]

    @property
    def dropped(self) -> list[Statement]:
        return [s for s in self.statements if not s.kept]

    def cited(self) -> list[Passage]:
        """The passages the kept statements cite, each once, in first-cited order."""
        out: dict[str, Passage] = {}
        for s in self.kept:
            for p in s.cites:
                if s.verdict and p.id == s.verdict.passage_id:
                    out.setdefault(p.id, p)
        return list(out.values())

    def to_dict(self) -> dict:
        sources = self.cited()
        numbers = {p.id: i + 1 for i, p in enumerate(sources)}
        return {
            "km": self.km, "question": self.question, "mode": self.mode, "notes": self.notes,
            "saved": self.saved,
            "hops": [h.to_dict() for h in self.hops],
            "answer": [s.to_dict(numbers) for s in self.kept],
            "dropped": [s.to_dict(numbers) for s in self.dropped],
            "sources": [{"n": numbers[p.id], "passage_id": p.id, "hash": p.hash, "path": p.path,
                         "lines": [p.line_start, p.line_end], "heading": p.label}
                        for p in sources],
            "claims": [{"id": s.claim_id, "stored": s.stored} for s in self.kept if s.claim_id],
        }


# ------------------------------------------------------------------------------ reading
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)\s]*\)")


def readable(text: str) -> str:
    """A sentence as a reader sees it: markdown links as their text (the text stays in the
    passage, so the gate still traces it; the URL is not part of what the sentence says)."""
    return " ".join(_LINK.sub(r"\1", text).split())


def _navigational(text: str) -> bool:
    """Mostly link text (a "see also" or table-of-contents line): not an answer."""
    linked = sum(len(m.group(1).split()) for m in _LINK.finditer(text))
    return linked * 2 > len(readable(text).split())


def _prose(p: Passage) -> list[str]:
    """The sentences of a passage worth quoting: prose (not headings, code or link lists),
    links shown as their text."""
    out = []
    for s in F.sentences(p.text):
        if s.code or s.heading or _navigational(s.text):
            continue
        text = readable(s.text)
        if len(F.content_terms(text)) >= MIN_SENTENCE_WORDS - 1 \
                and len(text.split()) >= MIN_SENTENCE_WORDS:
            out.append(text)
    return out


def _weights(km: KnowledgeModel, text: str) -> dict[str, float]:
    """The question's stemmed content words, each weighted by its idf in the KM."""
    out: dict[str, float] = {}
    for term in tokenize(text):
        key = next(iter(F.content_terms(term)), None)
        if key:
            out[key] = max(out.get(key, 0.0), max(km.index.idf(term), 0.1))
    return out


def _score(sentence: str, weights: dict[str, float]) -> float:
    if not weights:
        return 0.0
    have = F.content_terms(sentence)
    return sum(w for t, w in weights.items() if t in have) / sum(weights.values())


def follow_up(km: KnowledgeModel, question: str, passages: list[Passage],
              used: set[str]) -> str:
    """The deterministic next query: the highest-idf words of the read sentences most
    relevant to the question, that no query has used yet."""
    weights = _weights(km, question)
    scored = []
    for p in passages:
        for s in F.sentences(p.text):
            if s.heading:
                continue
            text = readable(s.text)
            scored.append((_score(text, weights), text))
    scored.sort(key=lambda item: -item[0])
    picked: dict[str, float] = {}
    for score, text in scored[:4]:
        if score < MIN_ANSWER_SCORE:
            break
        for term in tokenize(text):
            if term in used or term.isdigit() or len(term) < 3:
                continue
            if next(iter(F.content_terms(term)), "") in weights:
                continue
            picked[term] = max(picked.get(term, 0.0), km.index.idf(term))
    best = sorted(picked, key=lambda t: (-picked[t], t))[:FOLLOW_UP_TERMS]
    return " ".join(best)


def extractive_answer(km: KnowledgeModel, question: str, read: list[Passage],
                      follow_ups: list[str]) -> list[Statement]:
    """The best-covering sentences of the read passages, each citing its passage. A sentence
    qualifies by covering ``MIN_ANSWER_SCORE`` of the question's idf mass, or
    ``MIN_FOLLOW_UP_SCORE`` of one follow-up query's (the hop that found it)."""
    weights = _weights(km, question)
    hops = []
    for query in follow_ups:
        w = {t: v for t, v in _weights(km, query).items() if t not in weights}
        if w:
            hops.append(w)
    scored = []
    for order, p in enumerate(read):
        for s in _prose(p):
            direct = _score(s, weights)
            hop = max((_score(s, w) for w in hops), default=0.0)
            if direct >= MIN_ANSWER_SCORE or hop >= MIN_FOLLOW_UP_SCORE:
                scored.append((direct + FOLLOW_UP_WEIGHT * hop, order, s, p))
    scored.sort(key=lambda item: (-item[0], item[1]))
    out: list[Statement] = []
    seen: set[str] = set()
    for _rank, _order, text, p in scored:
        if len(out) >= ANSWER_SENTENCES:
            break
        key = " ".join(text.casefold().split())
        if key in seen:
            continue
        seen.add(key)
        out.append(Statement(text, [p]))
    return out


# ---------------------------------------------------------------------------- the model
RESEARCH_SCHEMA = {
    "type": "object",
    "properties": {
        "statements": {
            "type": "array", "maxItems": 8,
            "items": {
                "type": "object",
                "properties": {
                    "text": {"type": "string", "minLength": 1, "maxLength": 400},
                    "cites": {"type": "array", "minItems": 1,
                              "items": {"type": "string", "pattern": "^P[0-9]+$"}},
                },
                "required": ["text", "cites"],
                "additionalProperties": False,
            },
        },
        "follow_up": {"type": "array", "maxItems": 4,
                      "items": {"type": "string", "minLength": 1, "maxLength": 200}},
        "done": {"type": "boolean"},
    },
    "required": ["statements", "follow_up", "done"],
    "additionalProperties": False,
}

RESEARCH_SYSTEM = (
    "You research a question against passages from a knowledge model (documents, code). Use "
    "only what the passages say. Record: 'statements' — the answer so far as short, single-fact "
    "sentences, each citing the passage labels (P1, P2, …) it comes from, and keeping every "
    "number, name and negation exactly as the passage gives it; 'follow_up' — search queries "
    "(keywords) for what you still need to look up, empty when nothing is missing; 'done' — "
    "true when the passages answer the question."
)


def research_messages(question: str, read: list[Passage], hop: int, max_hops: int) -> list[dict]:
    blocks = [f"<passage label=\"P{i + 1}\" source=\"{p.where}\">\n"
              f"{p.text[:PASSAGE_CHARS_TO_MODEL]}\n</passage>" for i, p in enumerate(read)]
    last = "This is the last hop: answer with what you have." if hop >= max_hops else \
        f"Hop {hop} of {max_hops}."
    return [{"role": "system", "content": RESEARCH_SYSTEM},
            {"role": "user", "content": f"<question>{question}</question>\n\n"
                                        + "\n\n".join(blocks) + f"\n\n{last}"}]


def _model_statements(answer: dict, read: list[Passage]) -> list[Statement]:
    out = []
    for row in answer.get("statements", []):
        cites = []
        for label in row.get("cites", []):
            n = int(label[1:]) - 1
            if 0 <= n < len(read) and read[n] not in cites:
                cites.append(read[n])
        text = " ".join(str(row.get("text", "")).split())
        if text:
            out.append(Statement(text, cites))
    return out


# -------------------------------------------------------------------------- the loop
def research(km: KnowledgeModel, question: str, *, max_hops: int = DEFAULT_MAX_HOPS,
             provider=None, progress: Progress | None = None) -> Result:
    """Hops, reading and the (ungated) answer. ``provider``: None for the deterministic path."""
    say = progress or (lambda message: None)
    result = Result(str(km.path), question, mode="model" if provider is not None else
                    "deterministic")
    queries = [question]
    used = set(tokenize(question))
    follow_ups: list[str] = []
    statements: list[Statement] | None = None
    hop = 0
    while queries and hop < max_hops:
        hop += 1
        fresh: list[Passage] = []
        for query in queries:
            got = km.matching(query, PER_HOP)
            new = [p for p in got if p.id not in result.read]
            for p in new:
                result.read[p.id] = p
            fresh.extend(new)
            result.hops.append(Hop(query, [p.id for p in got], len(new)))
            say(f"hop {hop}/{max_hops}: {query!r} -> {len(got)} passage(s), {len(new)} new")
        queries = []
        if provider is not None:
            from ..llm.provider import ProviderError

            read = list(result.read.values())
            try:
                answer = provider.complete(research_messages(question, read, hop, max_hops),
                                           RESEARCH_SCHEMA)
            except ProviderError as exc:
                result.notes.append(f"model unavailable mid-research ({exc}); answered "
                                    "without it")
                result.mode = "deterministic"
                provider = None
            else:
                statements = _model_statements(answer, read)
                if not answer.get("done"):
                    queries = [q for q in answer.get("follow_up", [])
                               if q.strip()][:MODEL_FOLLOW_UPS]
                follow_ups.extend(queries)
                continue
        if not fresh:
            break
        nxt = follow_up(km, question, fresh, used)
        if nxt:
            queries = [nxt]
            follow_ups.append(nxt)
            used.update(tokenize(nxt))
    if provider is None or statements is None:
        statements = extractive_answer(km, question, list(result.read.values()), follow_ups)
    result.statements = statements
    return result


def gate(result: Result, *, provider=None, progress: Progress | None = None) -> None:
    """The faithfulness gate over the answer: deterministic checks against each statement's
    cited passages, then the model's second opinion on the survivors."""
    say = progress or (lambda message: None)
    for s in result.statements:
        s.verdict = F.best_verdict(s.text, s.cites) if s.cites else \
            F.Verdict(F.UNSUPPORTED, "cites no passage")
    survivors = [s for s in result.statements if s.kept]
    if provider is not None and survivors:
        from ..llm.provider import ProviderError

        by_id = {p.id: p for s in survivors for p in s.cites}
        try:
            opinions = F.second_opinion(
                provider, [(s.text, by_id[s.verdict.passage_id].text) for s in survivors])
        except ProviderError as exc:
            result.notes.append(f"model second opinion skipped ({exc}); the deterministic "
                                "checks decided")
        else:
            for s, (verdict, why) in zip(survivors, opinions, strict=True):
                s.model = verdict
                if verdict != F.ENTAILED:
                    v = s.verdict
                    s.verdict = F.Verdict(verdict, f"model: {why or verdict}", v.coverage,
                                          v.support, v.passage_id)
    kept = sum(1 for s in result.statements if s.kept)
    say(f"faithfulness gate: {kept} of {len(result.statements)} statement(s) kept")


def store(km: KnowledgeModel, result: Result, *, now: float | None = None) -> None:
    """Kept statements become corpus claims in the KM (see module docstring). A statement that
    is already a live claim citing the same passage is ``known``; one whose claim a refresh
    marked stale and that traces to the current passage is re-verified (``back``)."""
    now = time.time() if now is None else now
    log = km.claim_log()
    state = log.state()
    done: set | None = None
    events: list[dict] = []
    for s in result.kept:
        passage = next(p for p in s.cites if p.id == s.verdict.passage_id)
        cite = ev.passage_citation(passage.id, passage.hash, path=passage.path)
        cid = claim_id(s.text, CLAIM_TYPE, "")
        s.claim_id = cid
        claim = state.claims.get(cid)
        if claim is None:
            events.append(ev.proposed(s.text, CLAIM_TYPE, citations=[cite], source="corpus",
                                      origin="corpus", observed_by=OBSERVED_BY, ts=now))
            s.stored = "new"
        elif claim.state == "retired" or claim.purged:
            s.stored = "retired"
        elif claim.state == "stale":
            if done is None:
                done = V.done_keys(log.events())
            events.extend(V.verification_events(claim, V.ENTAILED, cite, km=str(km.path),
                                                now=now, done=done, reason=s.verdict.reason))
            s.stored = "back"
        elif any(c.get("kind") == "passage" and c.get("passage_id") == passage.id
                 for c in claim.evidence):
            s.stored = "known"
        else:
            events.append(ev.evidence_added(cid, [cite], ts=now))
            s.stored = "more evidence"
    if events:
        log.append(events)  # (waits RLAT_LOCK_TIMEOUT, the container's default)


def deep_search(km: KnowledgeModel, question: str, *, max_hops: int = DEFAULT_MAX_HOPS,
                provider=None, save: bool = True, progress: Progress | None = None,
                now: float | None = None) -> Result:
    """Research, gate and (unless ``save`` is False) store: the whole of `rlat deep-search`."""
    result = research(km, question, max_hops=max_hops, provider=provider, progress=progress)
    gate(result, provider=provider if result.mode == "model" else None, progress=progress)
    result.saved = save
    if save and result.kept:
        store(km, result, now=now)
    return result
