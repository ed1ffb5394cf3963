"""Does a fact say what its quote says? A deterministic check, no model involved.

An extractor (a model, or a rule) states a fact and cites a quote from the transcript. That the
quote exists is checked elsewhere (``rlat.llm.evidence``); this module checks that the fact
*agrees* with it, because a model can cite a real quote and still state something else:
"MySQL 8 on port 3306" citing "Postgres 15 on port 5433", or "deploys never happen on
Tuesdays" citing "deploys only happen on Tuesdays".

    quote_context(message_text, span) -> str   the sentence(s) of the message the span touches
    disagreement(fact, quote) -> str | None     why the fact does not say what the quote says
    specifics(text) -> list[str]                what a fact names exactly (numbers, identifiers)
    polarity_conflict(fact, quote) -> str | None  the negation part of disagreement
    opinion(text) -> str | None                 the word that makes it a judgement, not a fact

Rules (each errs towards "disagrees": a dropped fact costs less than a wrong one):

* **Specifics**: every number, version, port, and identifier in the fact must appear in the
  quote. Identifiers are words with a digit, an inner capital or two capitals (``MySQL``,
  ``macOS``, ``AWS``), joined words (``acme-staging-db``, ``snake_case``, ``pyproject.toml``,
  ``src/app``), capitalised words inside a sentence (``Postgres``, ``Tuesdays``) and
  ```backticked``` code. Case, and ``-``/``_``/space between parts, do not matter; a plural
  ``s`` does not matter; a number may be a less precise version of the quote's (``15`` agrees
  with ``15.4``, not the other way round).
* **Negation**: what the fact denies (not, never, no, without, avoid, instead of…), its quote
  denies too, and what the quote denies, the fact does not state. Compared clause by clause on
  the words they share: "ruff, never black" agrees with "ruff, not black"; "never on Tuesdays"
  disagrees with "only on Tuesdays", and "formats with ruff and black" with "ruff, never
  black". A clause that is only "No" (answering a question) denies nothing.
* **Opinions** (used by the world-fact miner, whose facts are shared): a judgement word
  (better, terrible, overkill, "in my opinion"…) marks a statement as subjective.

Pure functions over strings; they import only the tokenizer's stop words and the stemmer
(rlat.retrieval), so the pipelines (capture, the miner, the KM faithfulness gate) share them.
"""

from __future__ import annotations

import re

from .. import patterns
from ..retrieval.expansion import stem
from ..retrieval.tokenize import STOP_WORDS

rx = patterns.compiler(__name__)  # re.compile, kept compiled between processes

# ------------------------------------------------------------------------------ sentences
_SENTENCE_END = rx(r"(?<=[.!?])\s+|\n+")


def quote_context(text: str, span: str) -> str:
    """The sentence(s) of ``text`` that the quoted ``span`` touches (``span`` itself when it is
    not in ``text``): what a fact citing the span may rest on."""
    start = text.find(span)
    if start < 0:
        return span
    end = start + len(span)
    left = max((m.end() for m in _SENTENCE_END.finditer(text, 0, start)), default=0)
    right_match = _SENTENCE_END.search(text, end)
    right = right_match.start() if right_match else len(text)
    return text[left:right]


# ------------------------------------------------------------------------------ specifics
_TOKEN = rx(r"[A-Za-z0-9][A-Za-z0-9_.:/@+#-]*")
_CODE_SPAN = rx(r"`([^`\n]{1,120})`")
_SENTENCE_START = rx(r"(?:^|[.!?:;]\s+|\n\s*|[\"'(\[]\s*)$")
_JOINED = rx(r"[A-Za-z0-9][_./-][A-Za-z0-9]|_")
_INNER_CAPITAL = rx(r".[A-Z]")


def specifics(text: str) -> list[str]:
    """What ``text`` names exactly: numbers, versions, ports, identifiers, proper names and
    backticked code, in order, without duplicates."""
    found: list[str] = [m.group(1).strip() for m in _CODE_SPAN.finditer(text)]
    for match in _TOKEN.finditer(text):
        token = match.group(0).rstrip(".:/@+#-")
        if not token:
            continue
        if (any(c.isdigit() for c in token) or _INNER_CAPITAL.search(token)
                or _JOINED.search(token)):
            found.append(token)
        elif (token[0].isupper() and token != "I"
              and not _SENTENCE_START.search(text[:match.start()])):
            found.append(token)
    return list(dict.fromkeys(found))


def _canonical(text: str) -> str:
    return re.sub(r"[-_\s]+", " ", text.lower()).strip()


def _pattern(spec: str) -> re.Pattern[str]:
    canon = _canonical(spec)
    root = canon[:-1] if canon.isalpha() and len(canon) > 3 and canon.endswith("s") else canon
    body = re.escape(root).replace(r"\ ", " ")
    plural = "(?:e?s)?" if root.isalpha() else ""
    # Alphanumeric boundaries: "15" is in "15.4" and ":5433", never in "150" or "3.15".
    return re.compile(rf"(?<![a-z0-9])(?<!\d\.){body}{plural}(?![a-z0-9])")


def missing_specifics(fact: str, quote: str) -> list[str]:
    """The specifics of ``fact`` that ``quote`` does not contain."""
    canon_quote = _canonical(quote)
    return [s for s in specifics(fact) if not _pattern(s).search(canon_quote)]


# ------------------------------------------------------------------------------ negation
_NEGATION = rx(
    r"\b(?:not|no|never|none|nothing|nobody|nowhere|neither|nor|without|cannot|no\s+longer"
    r"|avoid(?:s|ed|ing)?|forbid(?:s|den)?|prohibit(?:s|ed)?|disallow(?:s|ed)?|stop(?:s|ped)?"
    r"|instead\s+of|rather\s+than|except|hate[sd]?|dislike[sd]?)\b|n't\b|n’t\b",
    re.IGNORECASE)
# A clause ends at sentence punctuation, a comma, or a joining word: "ruff, never black" and
# "ruff and never black" deny black, not ruff.
_CLAUSE_END = rx(
    r"[.;:!?()\n]+(?:\s|$)|,\s*|(?<!\s)\s+(?:but|and|while|whereas|though|although|so)\s+",
    re.IGNORECASE)
_WORD = rx(r"[A-Za-z0-9]+")
# Words that carry no content: the analyzer's English function words (one list, in
# rlat.retrieval.tokenize), plus three function words that list lacks and the polite noise of
# a conversation. (Not added to STOP_WORDS itself: that list is part of every persisted index.)
# Negations are not here: _NEGATION strips them before this is applied.
_FUNCTION_WORDS = STOP_WORDS | frozenset("every onto us please ok okay".split())


def _clauses(text: str) -> list[tuple[bool, set[str]]]:
    """(does the clause deny something, its content words) for each clause of ``text``. A
    denial with nothing left to deny ("No, …" answering a question) does not count."""
    out: list[tuple[bool, set[str]]] = []
    for clause in _CLAUSE_END.split(text):
        denies = bool(_NEGATION.search(clause))
        words = {stem(w.lower()) for w in _WORD.findall(_NEGATION.sub(" ", clause))
                 if w.lower() not in _FUNCTION_WORDS and (len(w) > 2 or w.isdigit())}
        if words:
            out.append((denies, words))
    return out


def polarity_conflict(fact: str, quote: str) -> str | None:
    """Does ``fact`` deny what ``quote`` states, or state what it denies? Compared clause by
    clause on shared words, so "ruff, never black" and "ruff, not black" agree, while "never
    formats with ruff" or "formats with ruff and black" do not."""
    fact_clauses, quote_clauses = _clauses(fact), _clauses(quote)
    quote_denied = [words for denies, words in quote_clauses if denies]
    fact_denied = [words for denies, words in fact_clauses if denies]
    for words in fact_denied:
        if not any(words & denied for denied in quote_denied):
            return "denies what its quote states"
    fact_stated = set().union(*(words for denies, words in fact_clauses if not denies))
    for denied in quote_denied:
        if denied & fact_stated and not any(denied & words for words in fact_denied):
            return "states what its quote denies"
    return None


# ------------------------------------------------------------------------------ opinions
_OPINION = rx(
    r"(?<![-_\w])(?:better|worse|best|worst|great|terrible|awful|horrible|ugly|beautiful"
    r"|elegant|nice|nicer|cleaner|messy|overrated|underrated|overkill|bloated|annoying|stupid"
    r"|dumb|silly|pointless|useless|garbage|crap|crappy|sucks?|awesome|amazing|fantastic"
    r"|brilliant|painful|clunky|pleasant|superior|inferior|favou?rite|love[sd]?|hate[sd]?"
    r"|in\s+my\s+(?:opinion|view)|imo|imho|personally|honestly|frankly|arguably"
    r"|i\s+(?:feel|find)|to\s+me)(?![-_\w])",
    re.IGNORECASE)


def opinion(text: str) -> str | None:
    """The judgement word that makes ``text`` an opinion rather than a fact, or None."""
    match = _OPINION.search(text)
    return match.group(0) if match else None


# ------------------------------------------------------------------------------ agreement
def disagreement(fact: str, quote: str) -> str | None:
    """Why ``fact`` does not say what ``quote`` says, in one line, or None when it agrees.

    ``quote`` is what the fact cites: the quoted sentence(s) (see :func:`quote_context`),
    joined when it cites several."""
    missing = missing_specifics(fact, quote)
    if missing:
        return f"states {', '.join(missing)}, which its quote does not say"
    return polarity_conflict(fact, quote)
