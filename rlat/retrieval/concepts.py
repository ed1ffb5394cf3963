"""Concept tags: the words of software work that name the same thing meet in one index term.

A question and the claim that answers it often share no word: "how wide can lines get?" and
"use black with line length 100", "which assertion library?" and "we don't use testify". A
static word table (``rlat.retrieval.wordvec``) knows English, not tools. So rlat ships a small
hand-written lexicon, ``rlat/data/concepts.txt``: each line names a concept and the words
(tools, jargon, symptoms) that belong to it.

Rule: every raw token of a claim or a query that the lexicon lists adds the term
``~<concept>`` for each concept it belongs to, once per text (``tags``). The tag is an ordinary
index term from then on: BM25 weighs it by how many claims carry it (a concept most claims
touch weighs little), and the abstention floor counts it as one more content word a prompt and
a claim can share. The tokenizer never yields ``~``, so a tag cannot collide with a word.

File format (UTF-8 text): ``name: word word ...`` per line; ``#`` starts a comment; blank lines
are ignored; a word is matched against the tokenizer's raw (lower-case, unstemmed) tokens, so
the file lists the inflections it means. Changing the file changes index terms, so the
analyzer key carries ``version()`` (a digest of the file as read): an index built with another
lexicon is rebuilt, never scored with stale tags.

Import-light (the prompt hook tags every prompt): the file is read once per process, ~1 ms.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ..claims.ids import sha256

PREFIX = "~"
LEXICON = Path(__file__).resolve().parent.parent / "data" / "concepts.txt"

_table: dict[str, tuple[str, ...]] | None = None
_version = ""


def parse(text: str) -> dict[str, tuple[str, ...]]:
    """word -> the tags of the concepts it belongs to (file order), from the lexicon's text.
    Raises ValueError naming the line of a malformed entry."""
    members: dict[str, list[str]] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, words = line.partition(":")
        name = name.strip()
        if not sep or not name or not name.isidentifier() or not words.split():
            raise ValueError(f"concepts line {number}: expected 'name: word word ...'")
        tag = PREFIX + name
        for word in words.split():
            tags = members.setdefault(word.lower(), [])
            if tag not in tags:
                tags.append(tag)
    return {word: tuple(tags) for word, tags in members.items()}


def table() -> dict[str, tuple[str, ...]]:
    """The shipped lexicon (read once; empty when the file is missing or unreadable, so recall
    goes on without tags rather than failing)."""
    global _table, _version
    if _table is None:
        try:
            raw = LEXICON.read_bytes()
            _table = parse(raw.decode("utf-8"))
            _version = sha256(raw).hexdigest()[:12]
        except (OSError, ValueError, UnicodeDecodeError):
            _table, _version = {}, "none"
    return _table


def version() -> str:
    """Identifies the lexicon in use (part of the recall analyzer key): a digest of the file,
    or ``none`` when there is no usable file."""
    table()
    return _version


def tags(terms: Iterable[str]) -> list[str]:
    """The distinct concept tags of raw tokens ``terms``, in first-seen order."""
    lexicon = table()
    out: list[str] = []
    for term in terms:
        for tag in lexicon.get(term, ()):
            if tag not in out:
                out.append(tag)
    return out
