"""The faithfulness gate: does a statement trace to a passage?

A corpus claim is kept only if it is faithful to the passage it cites (docs/claims.md, "Corpus
claims"). The deterministic checks come first and decide alone when no model is available:

1. **Support window.** The passage is split into sentences; the statement is compared with
   every window of up to ``WINDOW_SENTENCES`` consecutive sentences, and the window covering the
   most of its content words is the support.
2. **Coverage.** At least ``MIN_COVERAGE`` of the statement's content words (the project's
   tokenizer, stop words and negations left out, Porter-stemmed, number words as digits) are in
   the support window.
3. **Exact tokens.** Every number, version and identifier in the statement (``2222``, ``3.11``,
   ``load_config_file``, ``/srv/app``, ``parseArgs``) appears in the support window as a token.
4. **Negation polarity**, clause by clause (``rlat.capture.agreement.polarity_conflict``, the
   check atomic capture and the miner use): "Rollbacks touch the schema" does not trace to
   "Rollbacks never touch the schema", but does to "Rollbacks touch the schema, not the data".

The verdict is ``entailed`` (all four hold), ``contradicted`` (the same subject — coverage
met, and every identifier the statement names in the support — but one number differs from the
one the passage gives, or the negation is flipped), or
``unsupported`` (anything else: the passage does not say it). Contradicted is what
``rlat memory verify`` counts against a claim; unsupported counts neither way.

The model is a second opinion only (``second_opinion``): it sees the statements the checks
entailed, with their support, and may veto one (contradicted / unsupported); it can never make
a statement the checks rejected faithful. Without a key, the deterministic verdict stands.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..capture.agreement import polarity_conflict
from ..retrieval.expansion import stem
from ..retrieval.tokenize import tokenize

ENTAILED, CONTRADICTED, UNSUPPORTED = "entailed", "contradicted", "unsupported"
VERDICTS = (ENTAILED, CONTRADICTED, UNSUPPORTED)

# Share of a statement's content words that must be in its support window.
MIN_COVERAGE = 0.8
# A statement may draw on at most this many consecutive sentences of one passage.
WINDOW_SENTENCES = 2
# Fewer content words than this: too little to check against anything.
MIN_CONTENT_WORDS = 2

_NEGATIONS = frozenset("not no never cannot none neither nor without nothing nowhere".split())
_NUMBER_WORDS = {w: str(i) for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty".split())}
_NUMBER_WORDS.update({"thirty": "30", "forty": "40", "fifty": "50", "sixty": "60",
                      "seventy": "70", "eighty": "80", "ninety": "90", "hundred": "100",
                      "thousand": "1000"})
_WORDS = re.compile(r"[^\W_]+(?:'[^\W_]+)?", re.UNICODE)
_CANDIDATE = re.compile(r"[\w./:@+~\-]+", re.UNICODE)
_EDGE = ".,:;-+@"
_CAMEL = re.compile(r"[a-z][A-Z]")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[\"'`(\[]?[A-Z0-9])")
_FENCE = re.compile(r"^\s*(```|~~~)")
_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_HEADING = re.compile(r"^\s*#{1,6}\s+")


@dataclass(slots=True)
class Sentence:
    text: str
    code: bool = False  # a line of a fenced code block
    heading: bool = False


@dataclass(slots=True)
class Verdict:
    status: str  # entailed | contradicted | unsupported
    reason: str  # one line: why
    coverage: float = 0.0
    support: str = ""  # the passage sentence(s) the statement was compared with
    passage_id: str = ""

    @property
    def faithful(self) -> bool:
        return self.status == ENTAILED

    def to_dict(self) -> dict:
        return {"status": self.status, "reason": self.reason, "coverage": round(self.coverage, 3),
                "support": self.support, "passage_id": self.passage_id}


# ---------------------------------------------------------------------------- text analysis
def sentences(text: str) -> list[Sentence]:
    """The passage as sentences: prose split at sentence ends, headings and list items on their
    own, each line of a fenced code block on its own (marked ``code``)."""
    out: list[Sentence] = []
    para: list[str] = []
    in_code = False

    def flush() -> None:
        if para:
            joined = " ".join(line.strip() for line in para)
            out.extend(Sentence(s.strip()) for s in _SENTENCE_END.split(joined) if s.strip())
            para.clear()

    for line in text.splitlines():
        if _FENCE.match(line):
            flush()
            in_code = not in_code
            continue
        if in_code:
            if line.strip():
                out.append(Sentence(line.strip(), code=True))
            continue
        if not line.strip():
            flush()
        elif _HEADING.match(line):
            flush()
            out.append(Sentence(_HEADING.sub("", line).strip(), heading=True))
        elif _BULLET.match(line):
            flush()
            para.append(_BULLET.sub("", line))
        else:
            para.append(line)
    flush()
    return out


def content_terms(text: str) -> set[str]:
    """Stemmed content words (stop words and negations out; number words as digits)."""
    out = set()
    for term in tokenize(text):
        if term in _NEGATIONS:
            continue
        out.add(_NUMBER_WORDS.get(term) or stem(term))
    return out


def _word_terms(terms: set[str]) -> set[str]:
    """The terms that are words (numbers are checked exactly, not by coverage)."""
    return {t for t in terms if not t.isdigit()}


def _is_exact(token: str) -> bool:
    """A number, version or identifier: checked letter for letter, not by coverage."""
    return (any(ch.isdigit() for ch in token) or "_" in token or "/" in token
            or bool(_CAMEL.search(token))
            or bool(re.search(r"\w[.:]\w", token)))


def _strip(token: str) -> str:
    token = token.strip(_EDGE)
    return token.replace(",", "") if token.replace(",", "").isdigit() else token


def exact_tokens(text: str) -> set[str]:
    """Numbers, versions and identifiers in ``text``, case-folded (``v3.11`` also as ``3.11``)."""
    out = set()
    for raw in _CANDIDATE.findall(text.replace("`", " ")):
        token = _strip(raw)
        if token and _is_exact(token):
            token = token.casefold()
            out.add(token)
            if re.fullmatch(r"v\d[\d.]*", token):
                out.add(token[1:])
    return out


def _token_forms(text: str) -> set[str]:
    """Every form a statement's exact token may match in the passage: the exact tokens, their
    parts split at punctuation, plain words, and number words as digits."""
    forms = exact_tokens(text)
    for token in list(forms):
        forms.update(p for p in re.split(r"[./:@+~\-]+", token) if p)
    for word in _WORDS.findall(text.casefold()):
        forms.add(word)
        if word in _NUMBER_WORDS:
            forms.add(_NUMBER_WORDS[word])
    return forms


_NUMBER = re.compile(r"v?\d[\d.,:]*")


def _numbers(tokens: set[str]) -> set[str]:
    """The tokens that are numbers, versions or times (``15``, ``3.11``, ``02:00``; not
    ``db-3``)."""
    return {t for t in tokens if _NUMBER.fullmatch(t)}


def numbers_in(text: str) -> set[str]:
    """The numbers ``text`` states, digits or number words (as digits)."""
    words = {_NUMBER_WORDS[w] for w in _WORDS.findall(text.casefold()) if w in _NUMBER_WORDS}
    return _numbers(exact_tokens(text)) | words


def _one_value_differs(missing: set[str]) -> bool:
    """Whether the statement's tokens the support lacks are one number (``v3.11`` and ``3.11``
    count once): the same subject with another value. A missing identifier (a host ``db-4``, a
    server ``3-2``, a path) names another subject; with two numbers missing nothing says which
    one names the subject ("server 3 listens on 8002" against "server 2 listens on 8000")."""
    numbers = _numbers(missing)
    return numbers == missing and len({n.removeprefix("v") for n in numbers}) == 1


# ------------------------------------------------------------------------------- the gate
def check(statement: str, passage_text: str, *, passage_id: str = "") -> Verdict:
    """The deterministic verdict of ``statement`` against one passage (see module docstring)."""
    words = _word_terms(content_terms(statement))
    if len(words) < MIN_CONTENT_WORDS:
        return Verdict(UNSUPPORTED, "too few content words to trace", passage_id=passage_id)
    parts = [s for s in sentences(passage_text) if s.text]
    if not parts:
        return Verdict(UNSUPPORTED, "the passage is empty", passage_id=passage_id)
    wanted = exact_tokens(statement)
    best: tuple | None = None
    for start in range(len(parts)):
        for size in range(1, WINDOW_SENTENCES + 1):
            window = parts[start:start + size]
            if len(window) < size:
                break
            text = " ".join(s.text for s in window)
            coverage = len(words & content_terms(text)) / len(words)
            missing = wanted - _token_forms(text)
            key = (coverage, -len(missing), -size)
            if best is None or key > best[0]:
                best = (key, text, coverage, missing)
    assert best is not None
    _key, support, coverage, missing = best
    if coverage < MIN_COVERAGE:
        return Verdict(UNSUPPORTED, f"only {coverage:.0%} of its words are in the passage "
                       f"(needs {MIN_COVERAGE:.0%})", coverage, support, passage_id)
    if missing:
        said = sorted(numbers_in(support) - numbers_in(statement))
        if said and _one_value_differs(missing):
            return Verdict(CONTRADICTED, f"says {', '.join(sorted(_numbers(missing)))} where the "
                           f"passage says {', '.join(said)}", coverage, support, passage_id)
        return Verdict(UNSUPPORTED, f"{', '.join(sorted(missing))} not in the passage",
                       coverage, support, passage_id)
    conflict = polarity_conflict(statement, support)
    if conflict:
        return Verdict(CONTRADICTED, conflict, coverage, support, passage_id)
    return Verdict(ENTAILED, f"{coverage:.0%} of its words, every number and identifier, "
                   "same polarity", coverage, support, passage_id)


def best_verdict(statement: str, passages: Sequence) -> Verdict:
    """The verdict against several passages (objects with ``.id`` and ``.text``): the first
    entailed one, else the first contradiction, else the best-covered unsupported one."""
    verdicts = [check(statement, p.text, passage_id=p.id) for p in passages]
    for status in (ENTAILED, CONTRADICTED):
        for verdict in verdicts:
            if verdict.status == status:
                return verdict
    if not verdicts:
        return Verdict(UNSUPPORTED, "no passage to check against")
    return max(verdicts, key=lambda v: v.coverage)


# --------------------------------------------------------------------- the model's opinion
OPINION_SCHEMA = {
    "type": "object",
    "properties": {
        "verdicts": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "index": {"type": "integer", "minimum": 0},
                    "verdict": {"type": "string", "enum": list(VERDICTS)},
                    "reason": {"type": "string", "maxLength": 300},
                },
                "required": ["index", "verdict"],
                "additionalProperties": False,
            },
        },
    },
    "required": ["verdicts"],
    "additionalProperties": False,
}

OPINION_SYSTEM = (
    "You check whether statements are faithful to source passages. For each numbered item, "
    "answer 'entailed' only if the passage alone states everything the statement says "
    "(numbers, names and negations included); 'contradicted' if the passage says otherwise; "
    "'unsupported' if the passage does not say it. Judge from the passage only, never from what "
    "you know. Record one verdict per item with its index."
)


def opinion_messages(items: Sequence[tuple[str, str]]) -> list[dict]:
    blocks = []
    for i, (statement, passage) in enumerate(items):
        blocks.append(f"<item index=\"{i}\">\n<statement>{statement}</statement>\n"
                      f"<passage>\n{passage[:3000]}\n</passage>\n</item>")
    return [{"role": "system", "content": OPINION_SYSTEM},
            {"role": "user", "content": "\n\n".join(blocks)}]


OPINION_BATCH = 20  # items per call: one call stays well inside a model's context


def second_opinion(provider, items: Sequence[tuple[str, str]], *,
                   timeout: float | None = None) -> list[tuple[str, str]]:
    """The model's (verdict, reason) for each (statement, passage) pair, in order, asked in
    batches of ``OPINION_BATCH``; an item the model left out counts as ``unsupported``. Raises
    ``ProviderError`` (the caller keeps the deterministic verdicts and says so)."""
    out: list[tuple[str, str]] = []
    for start in range(0, len(items), OPINION_BATCH):
        batch = items[start:start + OPINION_BATCH]
        answer = provider.complete(opinion_messages(batch), OPINION_SCHEMA, timeout)
        got: dict[int, tuple[str, str]] = {}
        for row in answer.get("verdicts", []):
            index = int(row["index"])
            if 0 <= index < len(batch) and index not in got:
                got[index] = (row["verdict"], " ".join(str(row.get("reason") or "").split()))
        out.extend(got.get(i, (UNSUPPORTED, "the model gave no verdict"))
                   for i in range(len(batch)))
    return out
