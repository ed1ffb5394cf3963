""""When" questions: a question about time is best answered by a claim that carries one.

``asks_when(query)`` tells a question about time ("When did …", "What year …", "How long ago
…"); ``has_time(text)`` tells a claim that states one (a date, a month or weekday, a year, "last
week", "three days ago", "yesterday"). The ranking engine (``rlat.retrieval.recall``) gives such
claims a share of relevance (``DATE_WEIGHT`` there) for such questions only.

Import-light (re only): the prompt hook ranks with it.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from .. import patterns

rx = patterns.compiler(__name__)  # re.compile, kept compiled between processes

_ASKS = rx(
    r"^\s*when\b|\b(?:what|which)\s+(?:year|month|day|date|time|week|weekend|season)\b"
    r"|\bhow\s+long\s+ago\b|\bsince\s+when\b", re.IGNORECASE)

_UNIT_WORDS = r"day|week|month|year|night|hour|minute|decade|weekend"
_UNITS = r"(?:" + _UNIT_WORDS + r")s?"
_TIME = rx(
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


# ---------------------------------------------------------------------------- named periods
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december")
_MONTH_OF = {name: i + 1 for i, name in enumerate(_MONTHS)}
_MONTH_OF.update({name[:3]: i + 1 for i, name in enumerate(_MONTHS)})
_MONTH_OF["sept"] = 9
_MONTH = r"(?P<{g}>" + "|".join(sorted(_MONTH_OF, key=len, reverse=True)) + r")\.?"
_DAY = r"(?P<{g}>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?P<{g}>(?:19|20)\d\d)"
# One named date or period; the first alternative that matches at a place wins, longest first.
_PERIOD = rx(
    r"\b(?:" + "|".join((
        r"(?P<iy>(?:19|20)\d\d)-(?P<im>[01]\d)-(?P<id>[0-3]\d)",             # 2023-05-07
        r"(?<!\.)" + _DAY.format(g="d1") + r"(?:\s+of)?\s+" + _MONTH.format(g="m1")
        + r"(?:,?\s+" + _YEAR.format(g="y1") + r")?",             # 7 May(, 2023), not 3.11 May
        _MONTH.format(g="m2") + r"\s+" + _DAY.format(g="d2")
        + r"(?:,?\s+" + _YEAR.format(g="y2") + r")?(?!\d)",                    # May 7(, 2023)
        _MONTH.format(g="m3") + r",?\s+" + _YEAR.format(g="y3"),              # May 2023
        r"(?:in|of|during)\s+" + _MONTH.format(g="m4")
        + r"(?:,?\s+" + _YEAR.format(g="y4") + r"|(?![\w']))",                # in June( 2023)
        _YEAR.format(g="y5"),                                                # 2023
    )) + r")\b", re.IGNORECASE)

_WORD_AFTER = rx(r"\s+[^\W\d]")


def _month_start(year: int, month: int) -> datetime:
    return datetime(year + (month - 1) // 12, (month - 1) % 12 + 1, 1)


def named_periods(query: str, now: float) -> list[tuple[float, float]]:
    """The spans of time a query names, as ``[start, end)`` in unix seconds (local time): a day
    ("on 7 May, 2023", "May 7", "2023-05-07"), a month ("in May 2023", "in June") or a year
    ("in 2023"). Without a year, the most recent such day or month that began by ``now``. A
    month name without a day or a year counts only after "in", "of" or "during" ("in May", not
    "it may", "march on"), and "3 may" only when no word follows ("python 3 may break")."""
    out: list[tuple[float, float]] = []
    today = None
    for m in _PERIOD.finditer(query):
        today = today or datetime.fromtimestamp(now)
        g = m.groupdict()
        try:
            if g["iy"]:
                start = datetime(int(g["iy"]), int(g["im"]), int(g["id"]))
                end = start + timedelta(days=1)
            elif g["y5"]:
                start, end = datetime(int(g["y5"]), 1, 1), datetime(int(g["y5"]) + 1, 1, 1)
            else:
                month = _MONTH_OF[(g["m1"] or g["m2"] or g["m3"] or g["m4"]).lower()]
                day = g["d1"] or g["d2"]
                year = g["y1"] or g["y2"] or g["y3"] or g["y4"]
                if g["m1"] and g["m1"].lower() == "may" and not year \
                        and _WORD_AFTER.match(query, m.end()):
                    continue  # "python 3 may break": the verb
                if day is not None:
                    y = int(year) if year else today.year
                    start = datetime(y, month, int(day))
                    if not year and start > today:
                        start = datetime(y - 1, month, int(day))
                    end = start + timedelta(days=1)
                else:
                    y = int(year) if year else today.year
                    if not year and _month_start(y, month) > today:
                        y -= 1
                    start, end = _month_start(y, month), _month_start(y, month + 1)
        except ValueError:  # "31 February"
            continue
        out.append((start.timestamp(), end.timestamp()))
    return out


def said_within(when: float, periods: list[tuple[float, float]]) -> bool:
    """Whether ``when`` falls in one of ``periods`` (``named_periods``)."""
    return any(start <= when < end for start, end in periods)
