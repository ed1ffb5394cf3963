"""Fences: the delimiters around everything rlat puts into a context window.

Capture strips fenced spans before extracting anything, so rlat never re-captures what it
injected (the echo the ctxlake seed warns about). A claim's text can never close or forge a
fence: any fence-like tag inside injected text is neutralised by ``escape`` before it is
wrapped.
"""

from __future__ import annotations

import functools
import re

FENCE_TAG = "rlat-context"
OPEN_PREFIX = f"<{FENCE_TAG}"
CLOSE = f"</{FENCE_TAG}>"

# Anything that a parser could take for our open or close tag, in any case or spacing.
_FENCE_LIKE = re.compile(r"<\s*(/?)\s*rlat-context", re.IGNORECASE)


@functools.cache
def _span() -> re.Pattern:
    """A whole fenced span (non-greedy), or an open fence with no close: stripped to the end.
    Compiled on first use: most prompts hold no fence (hooks pay for every import-time regex)."""
    return re.compile(r"<rlat-context\b[^>]*>.*?(?:</rlat-context>|\Z)",
                      re.IGNORECASE | re.DOTALL)


def escape(text: str) -> str:
    """Neutralise fence-like tags so injected text cannot break out of its fence."""
    return _FENCE_LIKE.sub(lambda m: "<\u200b" + m.group(1) + "rlat-context", text)


def fence(body: str, *, kind: str = "memory", note: str = "") -> str:
    """Wrap ``body`` (already rendered, already escaped per claim) in one fence."""
    attrs = f' kind="{_attr(kind)}"'
    if note:
        attrs += f' note="{_attr(note)}"'
    return f"{OPEN_PREFIX}{attrs}>\n{escape(body).rstrip()}\n{CLOSE}"


def strip_fenced(text: str) -> str:
    """Remove every fenced span (an unclosed fence is removed to the end of the text)."""
    if "rlat-context" not in text.lower():
        return text
    return _span().sub("", text)


def has_fence(text: str) -> bool:
    return "<rlat-context" in text.lower()


def _attr(value: str) -> str:
    return re.sub(r'["<>\n]', " ", value)
