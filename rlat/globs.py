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
    ``/``-separated relative path. Raises GlobError for an unbalanced ``[``.

    Linear in the path for every pattern (no nested ambiguous quantifiers: see
    ``_segment``): wherever a ``*`` or a ``**`` could take several lengths, the part after it
    is matched at its leftmost place and the choice is committed to (an atomic group). That
    is the greedy rule git's wildmatch relies on: a later place is never better, because the
    next wildcard can take whatever the earlier one left. Only the last part of a segment (it
    must end the segment) and the segments after the last ``**`` (they must end the path)
    are placed by ordinary backtracking, which tries each place once."""
    anchored = "/" in pattern
    segments = pattern.lstrip("/").split("/")
    if not anchored:
        segments.insert(0, "**")  # unanchored: the last segment, at any depth
    # "**/**" is one "**"
    merged: list[str] = []
    for segment in segments:
        if not (segment == "**" and merged and merged[-1] == "**"):
            merged.append(segment)
    # groups of whole segments between the "**"s: G0 ** G1 ** … ** Gk
    groups: list[list[str]] = [[]]
    for segment in merged:
        if segment == "**":
            groups.append([])
        else:
            groups[-1].append(segment)
    ends_deep = merged[-1] == "**"  # "a/**": everything below
    parts = ["".join(_segment(s) + "/" for s in groups[0])]
    for i, group in enumerate(groups[1:], 1):
        body = "".join(_segment(s) + "/" for s in group)
        if i < len(groups) - 1:  # followed by another "**": leftmost place, committed
            parts.append(f"(?>{_SKIP}?{body})" if group else "")
        elif ends_deep:  # the final "**" itself
            parts.append(".*")
        else:  # the segments that end the path: every depth is tried, each once
            parts.append(_SKIP + body)
    regex = "".join(parts)
    if not ends_deep:
        regex = regex[:-1]  # (the last segment ends the path, not a directory)
    return re.compile(regex + r"\Z", re.DOTALL)


# Whole segments, each with its "/": what a "**" that is not the last segment spans.
_SKIP = "(?:[^/]*/)*"


def _segment(segment: str) -> str:
    """One segment (no ``/``): fixed-width parts (characters, ``?``, sets) between runs of
    ``*``. Each part but the last is matched at its leftmost place after the ``*`` before
    it and committed to (``(?>[^/]*?PART)``); the last follows a plain ``[^/]*`` (it must end
    the segment, so backtracking finds its one place). No quantifier can retry another's
    choice: a segment of k stars costs O(k · length), not O(length^k)."""
    pieces: list[list[str]] = [[]]  # the fixed-width parts, split at each run of "*"
    i, n = 0, len(segment)
    while i < n:
        ch = segment[i]
        if ch == "*":
            while i + 1 < n and segment[i + 1] == "*":
                i += 1
            pieces.append([])
        elif ch == "?":
            pieces[-1].append("[^/]")
        elif ch == "[":
            start = i + 1
            negate = start < n and segment[start] in "!^"
            first = start + 1 if negate else start
            end = segment.find("]", first + 1)  # a "]" right after "[" or "[!" is a member
            if end < 0:
                raise GlobError(f"unbalanced '[' in {segment!r}")
            members = "".join("\\" + c if c in _SET_SPECIAL else c
                              for c in segment[first:end])
            # "/" never matches a set (a range such as "[+-0]" would hold it)
            pieces[-1].append(("[^/" if negate else "(?!/)[") + members + "]")
            i = end
        elif ch == "\\" and i + 1 < n:
            i += 1
            pieces[-1].append(re.escape(segment[i]))
        else:
            pieces[-1].append(re.escape(ch))
        i += 1
    out = ["".join(pieces[0])]
    for k, piece in enumerate(pieces[1:], 1):
        text = "".join(piece)
        if k < len(pieces) - 1:
            out.append(f"(?>[^/]*?{text})")
        else:
            out.append("[^/]*" + text)
    return "".join(out)


def glob_escape(path: str) -> str:
    """A literal path as a pattern that matches only itself (wildcard characters bracketed)."""
    return re.sub(r"([*?\[])", r"[\1]", path)
