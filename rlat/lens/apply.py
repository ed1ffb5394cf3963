"""Applying a lens to search hits: ``apply_lens(hits, lens)``.

A hit's score is multiplied by its lens weight and the hits are re-ranked:

- a **claim** hit takes the effective weight of its fingerprint when the lens names it, else
  the weight of the most specific pattern matching a source path it cites, else 1;
- a **passage** hit takes the weight of the most specific pattern matching its source path,
  else 1;
- weight 0 excludes the hit.

A non-negative score is multiplied by the weight; a negative one (BM25 gives those for a term
present in most documents of a tiny corpus) is divided by it, so a weight above 1 always raises
a hit and one below 1 always lowers it.

Hits may be dicts or objects (dataclasses and records are copied, with ``dataclasses.replace``
and ``rlat.records.replace``). The fields read are ``kind`` (``passage``/``source`` or
``claim``/``insight``), ``score``, ``path`` (or ``passage.path``), ``text`` (or ``claim.text``),
``fingerprint`` if present, and ``cited_paths``/``claim.evidence`` for a claim's passages. Each returned hit carries
``lens_weight`` and ``lens_reason`` when it has room for them (always for dicts).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from .. import records
from .model import NEUTRAL, Lens, Resolver

_CLAIM_KINDS = {"claim", "insight"}


def _get(obj: Any, name: str, default: Any = None) -> Any:
    if isinstance(obj, dict):
        return obj.get(name, default)
    return getattr(obj, name, default)


def _kind(hit: Any) -> str:
    kind = _get(hit, "kind") or _get(hit, "label") or ""
    kind = str(kind).strip("[]").lower()
    if kind in _CLAIM_KINDS or (_get(hit, "claim") is not None and not _get(hit, "passage")):
        return "claim"
    return "passage"


def _path(hit: Any) -> str | None:
    path = _get(hit, "path")
    if path is None and _get(hit, "passage") is not None:
        path = _get(_get(hit, "passage"), "path")
    return str(path) if path else None


def _claim_text(hit: Any) -> str | None:
    claim = _get(hit, "claim")
    if claim is not None and not isinstance(claim, str):
        return _get(claim, "text")
    return _get(hit, "text")


def _cited_paths(hit: Any) -> list[str]:
    paths = _get(hit, "cited_paths")
    if paths:
        return [str(p) for p in paths]
    claim = _get(hit, "claim")
    evidence = _get(claim, "evidence") if claim is not None and not isinstance(claim, str) else None
    return [str(c["path"]) for c in evidence or () if isinstance(c, dict) and c.get("path")]


def _reason(prefix: str, eff) -> str:
    return f"{prefix} {eff.key}" + (" (disputed)" if eff.disputed else "")


def hit_weight(resolver: Resolver, hit: Any) -> tuple[float, str]:
    """(multiplier, why) for one hit under a lens."""
    if isinstance(hit, dict) and hit.get("kind") in ("passage", "source") and "path" in hit:
        eff = resolver.source(hit["path"])  # the common case, kept cheap
        return (eff.weight, _reason("source", eff)) if eff is not None else (NEUTRAL, "")
    if _kind(hit) == "claim":
        fp = _get(hit, "fingerprint")
        eff = resolver.claim(_claim_text(hit), fp=fp) if (fp or _claim_text(hit)) else None
        if eff is not None:
            return eff.weight, f"claim {eff.key}" + (" (disputed)" if eff.disputed else "")
        best = None
        for path in _cited_paths(hit):
            eff = resolver.source(path)
            if eff is not None and (best is None or eff.weight > best.weight):
                best = eff
        if best is not None:
            return best.weight, f"cites {best.key}" + (" (disputed)" if best.disputed else "")
        return NEUTRAL, ""
    eff = resolver.source(_path(hit))
    if eff is not None:
        return eff.weight, f"source {eff.key}" + (" (disputed)" if eff.disputed else "")
    return NEUTRAL, ""


def _rescored(hit: Any, score: float, weight: float, reason: str) -> Any:
    if isinstance(hit, dict):
        return {**hit, "score": score, "lens_weight": weight, "lens_reason": reason}
    if dataclasses.is_dataclass(hit) and not isinstance(hit, type):
        names = {f.name for f in dataclasses.fields(hit)}
        changes: dict[str, Any] = {"score": score} if "score" in names else {}
        if "lens_weight" in names:
            changes["lens_weight"] = weight
        if "lens_reason" in names:
            changes["lens_reason"] = reason
        return dataclasses.replace(hit, **changes)
    if not isinstance(hit, type) and "score" in getattr(hit.__class__, "__slots__", ()):
        return records.replace(hit, score=score)  # (a record: rlat.retrieval.recall.Hit)
    try:
        hit.score = score
        hit.lens_weight = weight
        hit.lens_reason = reason
    except AttributeError:
        pass
    return hit


def apply_lens(hits: Iterable[Any], lens: Lens | Resolver) -> list[Any]:
    """Re-weigh and re-rank ``hits`` under ``lens`` (see module docstring). Stable: hits with
    equal new scores keep their original order. Hits weighted 0 are dropped."""
    resolver = lens if isinstance(lens, Resolver) else Resolver.of(lens)
    scored: list[tuple[float, int, Any]] = []
    for i, hit in enumerate(hits):
        weight, reason = hit_weight(resolver, hit)
        if weight <= 0:
            continue
        raw = float(_get(hit, "score", 0.0) or 0.0)
        # BM25 can score below zero (a term in most documents of a tiny corpus): there, leaning
        # on a hit must still raise it, so a negative score is divided by the weight.
        score = raw * weight if raw >= 0 else raw / weight
        scored.append((score, i, _rescored(hit, score, weight, reason)))
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [hit for _score, _i, hit in scored]
