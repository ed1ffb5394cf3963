"""`rlat lens learn --from-outcomes`: which sources and claims served well.

Reads ``outcome`` events (each lists the claims a turn used, with their credit share, and how
the turn went: +1, 0, -1) from one or more claim logs (the memory store records outcomes for
claims served from knowledge models too), joins them to the claims they name (from any of the
given logs), and turns each tally into a weight:

    weight = clamp((1 + good) / (1 + bad), 0.25, 4.0), rounded to 2 decimals

where ``good``/``bad`` sum the credit shares of the claim's successful/failed outcomes (0-result
outcomes are ignored). Claim weights are stored by fingerprint; source weights go to a pattern
for each cited passage's path: ``<its directory>/**``, or ``*.<ext>`` for a file at the root,
so what was learned on one KM applies to another with the same layout. Only corpus and world
claims are learned from (a lens is shareable; experience claims stay in the private store).
A weight someone set by hand or in the lens's source file is never overwritten by a learned one.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..claims import events as ev
from ..claims.ids import fingerprint
from ..claims.log import ClaimLog
from ..claims.model import Claim
from ..globs import glob_escape
from .model import Lens, label_for, normalise_path

MIN_LEARNED = 0.25
MAX_LEARNED = 4.0
LEARN_SOURCES = ("corpus", "world")


@dataclass(slots=True)
class Tally:
    good: float = 0.0
    bad: float = 0.0
    n: int = 0

    def add(self, result: int, credit: float) -> None:
        if result > 0:
            self.good += credit
        elif result < 0:
            self.bad += credit
        else:
            return
        self.n += 1

    @property
    def weight(self) -> float:
        raw = (1.0 + self.good) / (1.0 + self.bad)
        return round(min(MAX_LEARNED, max(MIN_LEARNED, raw)), 2)


@dataclass(slots=True)
class LearnReport:
    outcomes: int = 0
    claims: dict[str, tuple[float, int, str]] = field(default_factory=dict)  # fp -> (w, n, label)
    sources: dict[str, tuple[float, int]] = field(default_factory=dict)  # pattern -> (w, n)
    kept_hand_set: list[str] = field(default_factory=list)
    unknown_claims: int = 0

    def to_dict(self) -> dict:
        return {
            "outcomes": self.outcomes,
            "claims": [{"fingerprint": k, "weight": w, "n": n, "label": lab}
                       for k, (w, n, lab) in sorted(self.claims.items())],
            "sources": [{"pattern": k, "weight": w, "n": n}
                        for k, (w, n) in sorted(self.sources.items())],
            "kept_hand_set": sorted(self.kept_hand_set),
            "unknown_claims": self.unknown_claims,
        }


def learned_pattern(path: str) -> str:
    """The pattern a cited path teaches: its directory, recursively, or its extension."""
    norm = normalise_path(path)
    parent = posixpath.dirname(norm)
    if parent:
        return f"{glob_escape(parent)}/**"
    ext = posixpath.splitext(norm)[1]
    return f"*{glob_escape(ext)}" if ext else glob_escape(norm)


def tally_outcomes(paths: Iterable[str | os.PathLike]) -> tuple[dict[str, Claim], dict[str, Tally], int]:
    """(claims by id from every log, per-claim tallies, distinct outcome events)."""
    claims: dict[str, Claim] = {}
    seen: set[str] = set()
    tallies: dict[str, Tally] = {}
    for path in paths:
        log = ClaimLog(Path(path))
        for cid, claim in log.state().claims.items():
            claims.setdefault(cid, claim)
        for event in log.events():
            if event.get("kind") != ev.OUTCOME or str(event.get("id")) in seen:
                continue
            seen.add(str(event.get("id")))
            result = int(event.get("result", 0))
            for entry in event.get("claims", ()):
                if not entry:
                    continue
                credit = float(entry[2]) if len(entry) > 2 else 1.0
                tallies.setdefault(str(entry[0]), Tally()).add(result, credit)
    return claims, tallies, len(seen)


def learn(lens: Lens, paths: Iterable[str | os.PathLike], *, now: float = 0.0,
          dry_run: bool = False) -> LearnReport:
    """Set learned weights on ``lens``'s own contribution (see module docstring)."""
    claims, tallies, count = tally_outcomes(paths)
    report = LearnReport(outcomes=count)
    by_fp: dict[str, tuple[Tally, str]] = {}
    by_pattern: dict[str, Tally] = {}
    for cid, tally in tallies.items():
        if tally.n == 0:
            continue
        claim = claims.get(cid)
        if claim is None or claim.purged or not claim.text:
            report.unknown_claims += 1
            continue
        if claim.source not in LEARN_SOURCES:
            continue
        fp = fingerprint(claim.text)
        agg, _label = by_fp.get(fp, (Tally(), claim.text))
        agg.good, agg.bad, agg.n = agg.good + tally.good, agg.bad + tally.bad, agg.n + tally.n
        by_fp[fp] = (agg, claim.text)
        patterns = {learned_pattern(c["path"]) for c in claim.evidence
                    if c.get("kind") == "passage" and c.get("path")}
        for pattern in patterns:
            pt = by_pattern.setdefault(pattern, Tally())
            pt.good, pt.bad, pt.n = pt.good + tally.good, pt.bad + tally.bad, pt.n + tally.n
    own = lens.own()
    for fp, (tally, text) in sorted(by_fp.items()):
        current = own.claims.get(fp)
        if current is not None and current.by != "outcomes":
            report.kept_hand_set.append(fp)
            continue
        report.claims[fp] = (tally.weight, tally.n, label_for(text))
    for pattern, tally in sorted(by_pattern.items()):
        current = own.sources.get(pattern)
        if current is not None and current.by != "outcomes":
            report.kept_hand_set.append(pattern)
            continue
        report.sources[pattern] = (tally.weight, tally.n)
    if not dry_run:
        for fp, (weight, n, label) in report.claims.items():
            lens.set_claim(fp, weight, label=label, by="outcomes", n=n, now=now)
        for pattern, (weight, n) in report.sources.items():
            lens.set_source(pattern, weight, by="outcomes", n=n, now=now)
    return report
