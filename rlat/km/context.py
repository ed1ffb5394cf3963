"""``rlat search --format context``: a block ready to paste into a context window.

Two parts, both fenced (rlat.render.fences) so capture never re-learns them:

1. World facts: every standing constraint and falsified finding in the KM, in full, under its
   framing (``rlat.render.framings.world_fact_block``), outside the budget — the seed measured
   that these change answers only when served whole and framed.
2. The hits, labelled, within ``budget`` characters: insights first as attributed lines
   (``rlat.render.attribution.claim_line``), then source passages with file:lines. A passage
   that does not fit whole is cut at a line boundary with a marker; hits beyond the budget are
   counted, not silently dropped.
"""

from __future__ import annotations

from ..render.attribution import claim_line
from ..render.fences import fence
from .search import SearchResult

DEFAULT_BUDGET = 8000
FENCE_KIND = "knowledge"


def world_block(result: SearchResult) -> str:
    try:
        from ..render.framings import world_fact_block
    except ImportError:  # pragma: no cover - framings not installed
        return ""
    return world_fact_block(result.world_claims)


def render_context(result: SearchResult, km_name: str, *, budget: int = DEFAULT_BUDGET) -> str:
    parts = []
    framed = world_block(result)
    if framed:
        parts.append(framed)
    framed_ids = {c.id for c in result.world_claims if c.type in ("constraint", "falsified")}
    lines: list[str] = []
    used = 0
    left_out = 0
    for hit in result.hits:
        if hit.claim is not None and hit.claim.id in framed_ids and framed:
            continue  # already served in full above
        if hit.kind == "insight":
            line = "[INSIGHT] " + claim_line(hit.claim, hit.rung or "low")[2:]
            if hit.path:
                line += f" (source: {hit.where})"
            block = line
        else:
            head = f"[SOURCE] {hit.where}"
            if hit.passage is not None and hit.passage.label:
                head += f" — {hit.passage.label}"
            block = f"{head}\n{hit.text}"
        room = budget - used
        if len(block) + 1 > room:
            if hit.kind == "source" and room > 200:
                cut = block[: room - 40]
                cut = cut[: cut.rfind("\n")] if "\n" in cut else cut
                block = cut + "\n[… passage truncated to fit the budget]"
            else:
                left_out += 1
                continue
        lines.append(block)
        used += len(block) + 1
    if lines or left_out:
        body = "\n\n".join(lines)
        if left_out:
            body += f"\n\n[{left_out} more hit(s) left out to stay within {budget} characters]"
        note = f"from {km_name} for: {result.query}"
        parts.append(fence(body, kind=FENCE_KIND, note=note[:200]))
    return "\n\n".join(parts)
