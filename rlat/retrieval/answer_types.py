"""Questions that ask for a value of a kind, and claims that state one.

"Which Julia release is this package developed against?" is answered by a claim that names a
version; "what address do I open in the browser?" by one that names a host, a port or a URL.
``asked_type(query)`` tells which kind a question asks for (or None); ``states(kind, text)``
whether a claim states a value of that kind. The ranking engine (``rlat.retrieval.recall``)
lends such claims a share of relevance (``TYPE_WEIGHT`` there), as it does a time to a "when"
question (``rlat.retrieval.temporal``); neither moves the abstention floor.

Import-light (re only): the prompt hook ranks with it.
"""

from __future__ import annotations

import re

_ASKS = {
    "version": re.compile(
        r"\b(?:versions?|releases?|toolchain|which (?:\w+ )?(?:sdk|jdk|compiler|runtime)|"
        r"(?:newest|latest|older|newer) \w+|upgrade to)\b", re.IGNORECASE),
    "address": re.compile(
        r"\b(?:ports?|address|url|host(?:name)?|endpoint|listen(?:s|ing)? on|which server|"
        r"(?:what|which) (?:ip|machine|box))\b", re.IGNORECASE),
}
_STATES = {
    # 1.10.4, v18.19.0, 2022.3.42f1, 21.0.4+7, lts-22.28
    "version": re.compile(r"(?<![\w.])v?\d+\.\d+(?:\.\d+)?(?:[a-z]\d*|[+-][\w.]+)?(?![\w.]*/)"),
    # localhost:4010, 127.0.0.1:4721, http(s)://…, a host:port
    "address": re.compile(r"\b(?:localhost|\d{1,3}(?:\.\d{1,3}){3})(?::\d{2,5})?\b|https?://\S+|"
                          r"\b[\w-]+(?:\.[\w-]+)+:\d{2,5}\b|\bport \d{2,5}\b", re.IGNORECASE),
}


def asked_type(query: str) -> str | None:
    """The kind of value a question asks for ("version", "address"), or None."""
    for kind, pattern in _ASKS.items():
        if pattern.search(query):
            return kind
    return None


def states(kind: str, text: str) -> bool:
    """Whether ``text`` states a value of ``kind``."""
    return bool(_STATES[kind].search(text))
