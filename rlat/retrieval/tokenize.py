"""The one tokenizer: text → index terms, for passages, claims and queries alike.

Rules (docs/architecture.md, "Knowledge models"):

* A raw token is a maximal run of Unicode word characters (``\\w+``: letters, digits, ``_``).
* Every term is NFKC-normalised and case-folded, so ``Straße``/``STRASSE`` and full-width
  ``ｆｏｏ``/``foo`` meet.
* A code identifier is kept whole *and* split into its parts: ``parseArgs`` gives ``parseargs``,
  ``parse``, ``args``; ``HTTPResponse_code`` gives ``httpresponse_code``, ``http``,
  ``response``, ``code``. Edge underscores are dropped (``__init__`` → ``init``). Parts of one
  character are dropped (``getX`` gives ``getx``, ``get``), repeated parts appear once.
* Runs of CJK characters (no spaces between words) become character unigrams and bigrams.
* English stop words are dropped (whole tokens and parts alike); negations are kept, since
  "never" and "not" change what a claim says. Tokens longer than 64 characters are dropped.

Speed: every distinct raw token is expanded once and cached, so tokenizing is one C-level
``findall`` plus a dict lookup per token. ``term_counts`` is the bag-of-words form the index
builder uses; it equals ``Counter(tokenize(text))`` including first-occurrence order.

Import-light on purpose (re, unicodedata): the hook path calls it on every prompt.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from itertools import chain

from .. import patterns

rx = patterns.compiler(__name__)  # re.compile, kept compiled between processes

# Bump when the output of tokenize() changes for any input: an index stores the version it
# was built with, and a refresh under a different version rebuilds instead of patching.
TOKENIZER_VERSION = 1

MAX_TOKEN_CHARS = 64
_CACHE_LIMIT = 500_000

_RAW = rx(r"\w+")
_WORD_BYTES = frozenset(b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
# On ASCII text, \w+ tokens are what is left after every other character becomes a space:
# translate + split does that in C, about twice as fast as findall.
_ASCII_SPACES = str.maketrans({chr(i): " " for i in range(128) if i not in _WORD_BYTES})
_ASCII_SPACES_B = bytes(i if i in _WORD_BYTES or i >= 128 else 32 for i in range(256))
# ASCII camelCase parts: an acronym before a capitalised word, a capitalised or lower word, an
# acronym, a digit run.
_ASCII_PART = rx(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")

# English function words: the one list. Part of the analyzer (a persisted index's terms depend
# on it), so it changes only with the analyzer key. capture.agreement and llm.miner build their
# content-word sets on it (plus their own extras); capture.facts subtracts its own filler.
# Lists of another meaning stay apart: retrieval.abstention.FILLER (words that ask rather than
# say, stemmed), and trust.lifecycle's shorter list for its contradiction proxy, where words
# this list drops ("only", "all", "more", "before") change what a rule says and must count.
STOP_WORDS = frozenset(
    """
    a about above after again against all am an and any are as at be because been before
    being below between both but by can could did do does doing down during each few for from
    further had has have having he her here hers herself him himself his how i if in into is it
    its itself just me more most my myself of off on once only or other our ours ourselves out
    over own same she should so some such than that the their theirs them themselves then there
    these they this those through to too under until up very was we were what when where which
    while who whom why will with would you your yours yourself yourselves also may might must
    shall s t d ll m re ve y o
    """.split()
)

def _is_cjk(ch: str) -> bool:
    cp = ord(ch)
    return (
        0x3040 <= cp <= 0x30FF  # hiragana, katakana
        or 0x3400 <= cp <= 0x4DBF  # CJK extension A
        or 0x4E00 <= cp <= 0x9FFF  # CJK unified ideographs
        or 0xAC00 <= cp <= 0xD7AF  # hangul syllables
        or 0xF900 <= cp <= 0xFAFF  # compatibility ideographs
        or 0x20000 <= cp <= 0x2FFFF  # extensions B..
    )


def _unicode_parts(segment: str) -> list[str]:
    """camelCase parts of a non-ASCII segment, by character class (no regex \\p{Lu} in re)."""
    parts: list[str] = []
    cur = ""
    prev = ""  # "U" upper, "L" lower/other letter, "D" digit
    for i, ch in enumerate(segment):
        if ch.isdigit():
            kind = "D"
        elif ch.isupper():
            kind = "U"
        else:
            kind = "L"
        if cur:
            split = False
            if kind == "D" and prev != "D" or kind != "D" and prev == "D":
                split = True
            elif kind == "U" and prev == "L":
                split = True
            elif (
                kind == "U" and prev == "U" and i + 1 < len(segment)
                and segment[i + 1].isalpha() and not segment[i + 1].isupper()
                and not segment[i + 1].isdigit()
            ):
                split = True  # "HTTPServer": the S starts "Server"
            if split:
                parts.append(cur)
                cur = ""
        cur += ch
        prev = kind
    if cur:
        parts.append(cur)
    return parts


def _cjk_terms(segment: str) -> tuple[list[str], list[str]]:
    """(non-CJK runs, CJK unigrams+bigrams) of a segment that contains CJK characters."""
    plain: list[str] = []
    grams: list[str] = []
    run = ""
    other = ""
    for ch in segment + "\0":
        if ch != "\0" and _is_cjk(ch):
            if other:
                plain.append(other)
                other = ""
            run += ch
            continue
        if run:
            grams.extend(run)
            grams.extend(run[i : i + 2] for i in range(len(run) - 1))
            run = ""
        if ch != "\0":
            other += ch
    if other:
        plain.append(other)
    return plain, grams


def _finish(whole: str, parts: list[str]) -> tuple[str, ...]:
    """The whole token (unless a stop word or too long), then its distinct parts."""
    out = []
    if len(whole) <= MAX_TOKEN_CHARS and whole not in STOP_WORDS:
        out.append(whole)
    if len(parts) > 1:
        seen = {whole}
        for part in parts:
            part = part.casefold()
            if len(part) < 2 or part in seen or part in STOP_WORDS or len(part) > MAX_TOKEN_CHARS:
                continue
            seen.add(part)
            out.append(part)
    return tuple(out)


def _expand(raw: str) -> tuple[str, ...]:
    r"""The terms one raw ``\w+`` token contributes, in order (tests hold a plain reference
    implementation this must agree with)."""
    if raw.isascii():
        token = raw.strip("_")
        if not token:
            return ()
        if token.isalnum():  # no inner underscore
            if token.isdigit() or token.isalpha() and (
                    token.islower() or token.isupper() or token.istitle()):
                word = token.lower()  # one plain word or number (the common case)
                return (word,) if len(word) <= MAX_TOKEN_CHARS and word not in STOP_WORDS \
                    else ()
            return _finish(token.lower(), _ASCII_PART.findall(token))
        segments = [seg for seg in token.split("_") if seg]
        if token.islower() and "".join(segments).isalpha():
            return _finish(token, segments)  # snake_case words: the segments are the parts
        parts: list[str] = []
        for seg in segments:
            parts.extend(_ASCII_PART.findall(seg) or [seg])
        return _finish(token.lower(), parts)
    raw = unicodedata.normalize("NFKC", raw)
    if any(_is_cjk(ch) for ch in raw):
        plain, grams = _cjk_terms(raw)
        out: list[str] = []
        for piece in plain:
            out.extend(_expand(piece))
        out.extend(g.casefold() for g in grams)
        return tuple(out)
    token = raw.strip("_")
    if not token:
        return ()
    parts = []
    for seg in token.split("_"):
        if not seg:
            continue
        if seg.isascii():
            parts.extend(_ASCII_PART.findall(seg) or [seg])
        else:
            parts.extend(_unicode_parts(seg))
    return _finish(token.casefold(), parts)


class _ExpansionCache(dict):
    """raw token → its terms, computed on first sight (``__missing__``) so lookups stay in C."""

    def __missing__(self, raw: str) -> tuple[str, ...]:
        if len(self) >= _CACHE_LIMIT:
            self.clear()
        terms = self[raw] = _expand(raw)
        return terms


_cache = _ExpansionCache()


def _raw_tokens(text: str) -> list[str]:
    r"""The ``\w+`` tokens of ``text``."""
    if text.isascii():
        return text.translate(_ASCII_SPACES).split()
    return _RAW.findall(text)


def tokenize(text: str) -> list[str]:
    """Index terms of ``text`` in order (repeats kept: term frequency matters to BM25)."""
    return list(chain.from_iterable(map(_cache.__getitem__, _raw_tokens(text))))


def term_counts(text: str) -> dict[str, int]:
    """``Counter(tokenize(text))``, without materialising the token list.

    The mapping's iteration order is the order of first occurrence, exactly as for the
    Counter, which keeps index builds bit-identical to rank_bm25 over tokenize()."""
    return Counter(chain.from_iterable(map(_cache.__getitem__, _raw_tokens(text))))


class TermIds:
    """Integer term ids in first-occurrence order, for bulk index builds.

    ``counts(text)`` is ``term_counts(text)`` with every term replaced by its id
    (``terms[id]`` is the term); ids are handed out in the order terms first occur across all
    the texts counted, which is the order rank_bm25 sees them in."""

    def __init__(self) -> None:
        self.ids: dict[str, int] = {}
        self.terms: list[str] = []
        ids, terms = self.ids, self.terms

        class _Raw(dict):
            def __missing__(self, raw: str | bytes) -> tuple[int, ...]:
                out = []
                text = raw.decode("ascii") if isinstance(raw, bytes) else raw
                for term in _cache[text]:
                    tid = ids.get(term)
                    if tid is None:
                        tid = ids[term] = len(terms)
                        terms.append(term)
                    out.append(tid)
                result = self[raw] = tuple(out)
                return result

        self._raw = _Raw()

    def counts(self, text: str) -> dict[int, int]:
        if text.isascii():  # bytes tokens: translate and split are fastest on bytes
            raw = text.encode("ascii").translate(_ASCII_SPACES_B).split()
        else:
            raw = _RAW.findall(text)
        return Counter(chain.from_iterable(map(self._raw.__getitem__, raw)))
