"""How search results are printed (`rlat search`, ``rlat.cli.km_cmds``)."""

from __future__ import annotations

import json
import sys

from ..trust.verify import is_provisional
from .search import SearchResult
from .store import KnowledgeModel


def _json(obj: object) -> str:
    # the CLI's JSON convention (rlat.cli.common.emit_json): indented on a terminal, one
    # compact line when piped
    indent = 2 if sys.stdout.isatty() else None
    return json.dumps(obj, ensure_ascii=False, indent=indent) + "\n"


def search_json(result: SearchResult, km_path: str) -> dict:
    return {"km": km_path, "query": result.query, "terms": result.terms,
            "hits": [h.to_dict() for h in result.hits], "hidden_stale": result.hidden_stale}


def search_text(result: SearchResult, model: KnowledgeModel) -> str:
    out: list[str] = []
    if not result.terms:
        return "The query has no searchable words (only stop words or punctuation).\n"
    if not result.hits:
        what = "passage" if model.has_build else "claim"
        out.append(f"No {what} matches {result.query!r}.")
    for hit in result.hits:
        score = f"{hit.score:.3f}" if hit.score < 100 else f"{hit.score:.1f}"
        if hit.kind == "insight":
            flags = []
            if hit.stale:
                flags.append("STALE")
            if hit.claim.state == "contested":
                flags.append("CONTESTED")
            if is_provisional(hit.claim):
                flags.append("PROVISIONAL")
            flag = f" {' '.join(flags)}" if flags else ""
            text = " ".join(hit.text.split())
            out.append(f"{hit.label} {score}  {hit.where}  ({hit.claim.type}, {hit.rung}"
                       f"{flag}) {hit.claim.id[:12]}")
            out.append(f"    {text}")
        else:
            label = f"  {hit.passage.label}" if hit.passage.label else ""
            out.append(f"{hit.label} {score}  {hit.where}{label}")
            lines = [ln for ln in hit.text.splitlines() if ln.strip()][:3]
            out.extend(f"    {ln[:110]}" for ln in lines)
        if hit.lens_weight is not None and hit.lens_weight != 1.0:
            out.append(f"    (lens ×{hit.lens_weight:g}: {hit.lens_reason})")
    if result.hidden_stale:
        out.append(f"({result.hidden_stale} stale claim(s) matched but are hidden until "
                   "re-verified; --include-stale shows them)")
    return "\n".join(out) + "\n"


def render_search(result: SearchResult, model: KnowledgeModel, km_path: str, fmt: str, *,
                  budget: int) -> str:
    """The whole output of ``rlat search`` for ``fmt`` (text, json or context)."""
    if fmt == "json":
        return _json(search_json(result, km_path))
    if fmt == "context":
        from pathlib import Path

        from .context import render_context

        block = render_context(result, Path(km_path).name, budget=budget)
        return block + "\n" if block else ""
    return search_text(result, model)
