"""The one glob language of rlat: gitignore's, translated to a regular expression.

Used by ``.gitignore`` files and ``--exclude`` when a knowledge model is built
(``rlat.km.sources``) and by a lens's source patterns (``rlat.lens.model``). Git's rules for
the pattern itself (what a path must look like to match):

* ``*`` matches within one path segment, ``?`` one character of it, ``[…]`` one character of a
  set (``[!…]`` or ``[^…]`` negates it; a ``/`` never matches; a ``]`` right after the ``[``
  is a member); ``\\x`` is the character ``x`` itself;
* ``**`` as a whole segment spans directories: ``**/x`` is ``x`` at any depth, ``a/**/b`` is
  ``b`` anywhere below ``a`` (``a/b`` included), ``a/**`` everything below ``a``; any other
  ``**`` is a ``*``;
* a pattern with a ``/`` is anchored: it matches a path from its start (a leading ``/`` only
  says so); one without matches the last segment (a file name) at any depth.

What a trailing ``/`` means is the caller's: a directory only for git, everything below it
for a lens. Standard library only (a top-level helper, below every layer): the ``pathspec``
library was measured instead (docs/architecture.md, "World facts and lenses").
"""

from __future__ import annotations

import re
from functools import lru_cache

# Characters a regex set gives meaning to (besides a leading "^" and "-" for ranges, which
# keep theirs): escaped so a glob's set is only a set of characters.
_SET_SPECIAL = frozenset("\\]&~|[")


class GlobError(ValueError):
    """A pattern that is not a glob (an unbalanced ``[``)."""


@lru_cache(maxsize=4096)
def glob_regex(pattern: str) -> re.Pattern:
    """The compiled expression for ``pattern``: ``match`` (or ``fullmatch``) it against a
    ``/``-separated relative path. Raises GlobError for an unbalanced ``[``."""
    anchored = "/" in pattern
    segments = pattern.lstrip("/").split("/")
    parts = [] if anchored else ["(?:[^/]*/)*"]  # unanchored: at any depth
    last = len(segments) - 1
    for i, segment in enumerate(segments):
        if segment == "**":
            parts.append(".*" if i == last else "(?:[^/]*/)*")
        else:
            parts.append(_segment(segment) + ("" if i == last else "/"))
    return re.compile("".join(parts) + r"\Z", re.DOTALL)


def _segment(segment: str) -> str:
    out: list[str] = []
    i, n = 0, len(segment)
    while i < n:
        ch = segment[i]
        if ch == "*":
            while i + 1 < n and segment[i + 1] == "*":
                i += 1
            out.append("[^/]*")
        elif ch == "?":
            out.append("[^/]")
        elif ch == "[":
            start = i + 1
            negate = start < n and segment[start] in "!^"
            first = start + 1 if negate else start
            end = segment.find("]", first + 1)  # a "]" right after "[" or "[!" is a member
            if end < 0:
                raise GlobError(f"unbalanced '[' in {segment!r}")
            members = "".join("\\" + c if c in _SET_SPECIAL else c
                              for c in segment[first:end])
            out.append(("[^/" if negate else "[") + members + "]")  # "/" never matches
            i = end
        elif ch == "\\" and i + 1 < n:
            i += 1
            out.append(re.escape(segment[i]))
        else:
            out.append(re.escape(ch))
        i += 1
    return "".join(out)


def glob_escape(path: str) -> str:
    """A literal path as a pattern that matches only itself (wildcard characters bracketed)."""
    return re.sub(r"([*?\[])", r"[\1]", path)
