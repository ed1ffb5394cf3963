"""Case-insensitive patterns of lowercase words, searched in the lowercased text.

Python's ``re`` scans an alternation of words about eight times slower with ``IGNORECASE`` than
without: on a 3 MB transcript the error-ish test of failed output lines and the symptom test of
users' messages took ~60 ms of SessionEnd's ~300 ms budget. A ``Folded`` pattern is compiled
case-sensitively and searches ``text.lower()`` instead. It is for yes/no tests: a match's text
is the lowercased text's (its positions are the original's for ASCII).
"""

from __future__ import annotations

import re

from .. import patterns

rx = patterns.compiler(__name__)  # re.compile, kept compiled between processes

_ESCAPE = rx(r"\\.")


class Folded:
    __slots__ = ("pattern", "_compiled")

    def __init__(self, pattern: str) -> None:
        if any(c.isupper() for c in _ESCAPE.sub("", pattern)):
            raise ValueError("a Folded pattern must be lowercase: it never sees an uppercase "
                             "letter")
        self.pattern = pattern
        self._compiled = rx(pattern)

    def search(self, text: str, pos: int = 0) -> re.Match | None:
        return self._compiled.search(lowered(text), pos)


_last = ("", "")  # the text last lowered, and its lowercase


def lowered(text: str) -> str:
    """``text.lower()``, computed once for a text tested against several patterns in a row."""
    global _last
    if text is not _last[0]:  # (identity: a string is immutable, and kept alive here)
        _last = (text, text.lower())  # (one assignment: an interrupt leaves no mismatched pair)
    return _last[1]
