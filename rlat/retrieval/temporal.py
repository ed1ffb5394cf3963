""""When" questions: a question about time is best answered by a claim that carries one.

``asks_when(query)`` tells a question about time ("When did …", "What year …", "How long ago
…"); ``has_time(text)`` tells a claim that states one (a date, a month or weekday, a year, "last
week", "three days ago", "yesterday"). The ranking engine (``rlat.retrieval.recall``) gives such
claims a share of relevance (``DATE_WEIGHT`` there) for such questions only.

Import-light (re only): the prompt hook ranks with it.
"""

from __future__ import annotations

import re

_ASKS = re.compile(
    r"^\s*when\b|\b(?:what|which)\s+(?:year|month|day|date|time|week|weekend|season)\b"
    r"|\bhow\s+long\s+ago\b|\bsince\s+when\b", re.IGNORECASE)

_UNIT_WORDS = r"day|week|month|year|night|hour|minute|decade|weekend"
_UNITS = r"(?:" + _UNIT_WORDS + r")s?"
_TIME = re.compile(
    r"\b(?:yesterday|today|tonight|tomorrow|recently|lately"
    r"|(?:last|next|this|past|coming)\s+(?:" + _UNIT_WORDS + r"|summer|winter|spring|autumn"
    r"|fall|monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?"
    r"|(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|few|couple\s+of)\s+"
    + _UNITS + r"\s+ago"
    # ("may" only with a day or a year beside it: alone it is the verb)
    r"|january|february|march|april|june|july|august|september|october|november|december"
    r"|may\s+\d{1,2}\b|\d{1,2}(?:st|nd|rd|th)?\s+may|may\s+(?:19|20)\d\d"
    r"|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
    r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday"
    r"|(?:19|20)\d\d|\d{1,2}/\d{1,2}(?:/\d{2,4})?|\d{4}-\d\d-\d\d)\b", re.IGNORECASE)


def asks_when(query: str) -> bool:
    return _ASKS.search(query) is not None


def has_time(text: str) -> bool:
    return _TIME.search(text) is not None
