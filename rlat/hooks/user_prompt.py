"""UserPromptSubmit: recall the few claims that fit this prompt, attributed and fenced.

``rlat.retrieval.recall.recall`` ranks the store's claims by relevance × trust behind the
source-specific gates (workspace scope for experience claims); this hook adds what only a
session knows: claims already injected into this session (at SessionStart or an earlier
prompt) are excluded, so nothing is restated. Recall abstains rather than inject noise: a
claim must clear the absolute relevance floor (``rlat.retrieval.abstention``: it covers most of
the prompt's content words, or the prompt most of its own), and a session record (type
``event``) is recalled only when nothing else clears it. The best ``RLAT_RECALL_TOP_K``
(default 3) are injected within ``RLAT_RECALL_CHARS`` (default 690, fence and heading
included), each with its rung and provenance, e.g.
``- [2026-11-02, 3 sessions, high] Run the tests with make check``. When they do not all fit
whole, captured facts' ``[asked: …]`` go first (``render``); then a line longer than what is
left of the budget is cut to fit (down to ``MIN_LINE_CHARS``), so a session record shows its
start rather than nothing.

Every prompt leaves a record in the session's signal file (what was injected and at which
rank: the trust engine credits them by rank when the turn resolves) and, when something was
injected, an ``injected`` event in the memory store (read lineage, for independence counting).
"""

from __future__ import annotations

import time

from ..claims.ids import sha256
from ..render.fences import fence, strip_fenced
from .runtime import (
    RECALL_CHARS,
    RECALL_MAX_BUILD,
    RECALL_TOP_K,
    HookContext,
    append_record,
    env_number,
    injected_ids,
    plain_words,
    read_records,
)

RECALL_FENCE = "recall"
PROMPT_CHARS = 1000  # kept in the signal file (the trust engine reads the next prompt's words)
QUERY_CHARS = 4000
LINE_CHARS = 400
MIN_LINE_CHARS = 120  # a claim cut shorter than this says too little: it is left out instead
# The block's heading opens so; how to read its lines follows, saying once what every line's
# provenance says alike (``rlat.render.attribution.legend_heading``).
OPENING = "Recalled from earlier sessions for this prompt"


def render(hits, budget: int) -> tuple[str, list[list]]:
    """The fenced block and [[claim_id, rank], …] for the hits that fit ``budget``.

    When the hits do not all fit whole, the prompts the captured facts were learned under
    (``[asked: …]``) go first, the lowest-ranked hit's first, before any claim's own text is
    cut or a claim left out (a fact's prompt can say what its "it" is, so the best hit keeps
    its own as long as it can)."""
    from ..claims.model import without_ask
    from ..render.attribution import legend_heading, shared_provenance

    shown = [(hit.claim, hit.rung) for hit in hits]
    shared = shared_provenance(shown)
    head = legend_heading(OPENING, shown, shared)
    # (dropping the ask of a hit that has none changes nothing: those counts are skipped)
    counts = [n for n in range(len(hits), -1, -1)
              if n == len(hits) or without_ask(hits[n].claim.text) != hits[n].claim.text]
    for asking in counts:
        lines, ranked, whole = _lines(hits, budget, asking=asking, head=head,
                                      shared=frozenset(shared))
        if whole:
            break
    if not lines:
        return "", []
    return fence(head + "\n" + "\n".join(lines), kind=RECALL_FENCE), ranked


def _lines(hits, budget: int, *, asking: int, head: str,
           shared: frozenset[str] = frozenset()) -> tuple[list[str], list[list], bool]:
    """(the lines that fit, their [[claim_id, rank], …], whether every hit fit uncut), the
    first ``asking`` hits shown with the prompt they were learned under, under ``head``."""
    from ..render.attribution import claim_line, shown_text

    lines: list[str] = []
    ranked: list[list] = []
    whole = True
    used = len(head) + 60
    for at, hit in enumerate(hits):
        asks = at < asking
        line = claim_line(hit.claim, hit.rung, max_chars=LINE_CHARS, asks=asks, shared=shared)
        if used + len(line) + 1 > budget:
            whole = False
            shown = min(LINE_CHARS, len(shown_text(hit.claim, asks=asks)))
            room = shown - (used + len(line) + 1 - budget)
            if room < MIN_LINE_CHARS:
                continue
            line = claim_line(hit.claim, hit.rung, max_chars=room, asks=asks, shared=shared)
            if used + len(line) + 1 > budget:
                continue
        lines.append(line)
        used += len(line) + 1
        ranked.append([hit.claim.id, len(ranked) + 1])
    return lines, ranked, whole


def handle(ctx: HookContext) -> dict | None:
    now = time.time()
    prompt = ctx.payload.get("prompt")
    prompt = prompt if isinstance(prompt, str) else ""
    prompt_id = ctx.payload.get("prompt_id")
    intent = prompt_id if isinstance(prompt_id, str) and prompt_id else sha256(
        f"{ctx.session_id}\x00{now}\x00{prompt}".encode()).hexdigest()[:16]
    query = strip_fenced(prompt)[:QUERY_CHARS].strip()
    block, ranked, km_of = "", [], {}
    # A slash command or an empty prompt is not a question to recall for.
    if query and not query.startswith("/"):
        for attempt in (1, 2):
            try:
                block, ranked, km_of = _recall(ctx, query, now)
                break
            except Exception as exc:  # noqa: BLE001 - recall broken: the prompt goes on
                # (a damaged read model is set aside, and recall tried once more on the store)
                if attempt == 1 and ctx.read_model_failed(exc):
                    continue
                ctx.log(f"recall failed ({exc.__class__.__name__}: {exc}); nothing injected")
                break
    record = {"event": "prompt", "ts": now, "prompt": plain_words(prompt, PROMPT_CHARS),
              "intent_id": intent,
              "workspace": ctx.workspace, "injected": ranked}
    if km_of:
        record["kms"] = km_of  # where their lineage and outcomes go (rlat.hooks.lineage)
    if not append_record(ctx.session_id, record):
        ctx.log("could not write the prompt record (disk full or state dir unwritable)")
    if ranked:
        from ..claims import events as ev
        from .lineage import append as append_lineage

        append_lineage(ctx, [ev.injected(
            ctx.session_id, [cid for cid, _rank in ranked], workspace=ctx.workspace,
            prompt_hash=sha256(prompt.encode()).hexdigest()[:16], ts=now)], km_of,
            durable=False)
    if not block:
        return None
    return {"hookSpecificOutput": {"hookEventName": "UserPromptSubmit",
                                   "additionalContext": block}}


def recall_limits() -> tuple[int, int]:
    """(how many claims, how many characters) a prompt is given: ``RLAT_RECALL_TOP_K`` and
    ``RLAT_RECALL_CHARS`` as set, else the defaults (bench/dev_eval/in_process.py reads them
    here too)."""
    # (a positive setting below 1, "0.5", is kept by env_number: at least one claim)
    top_k = max(1, int(env_number("RLAT_RECALL_TOP_K", RECALL_TOP_K)))
    return top_k, int(env_number("RLAT_RECALL_CHARS", RECALL_CHARS))


def _recall(ctx: HookContext, query: str, now: float) -> tuple[str, list[list], dict[str, str]]:
    """(the fenced block, [[claim_id, rank], …], the KM each recalled KM attribute came from)."""
    from ..claims.fold import FoldState
    from ..retrieval.recall import recall

    memory = ctx.memory()
    attributes, km_of = _km_attributes(ctx, memory)
    if (memory is None or not memory.state.claims) and not attributes:
        return "", [], {}
    top_k, budget = recall_limits()
    seen = injected_ids(read_records(ctx.session_id))
    state, index = FoldState(), None
    if memory is not None and memory.state.claims:
        # The index comes with the read model: nothing is re-tokenized, and only the claims
        # recall looks at are decoded.
        cap = int(env_number("RLAT_RECALL_MAX_BUILD", RECALL_MAX_BUILD))
        index = memory.index(max_build=cap)
        if index is not None:
            state = memory.state
            if memory.from_projection and index.vectors_stale():
                from .jobs import request_view

                if request_view(ctx):
                    ctx.log("recall index lacks current claim vectors (made before an "
                            "upgrade?); the worker is re-embedding them")
        else:
            ctx.log(f"recall index not ready ({len(memory.state.claims)} claims, more than "
                    f"{cap} to build in a prompt); the worker is rebuilding it")
    hits = recall(state, query, workspace=ctx.workspace, top_k=top_k, now=now,
                  exclude=tuple(seen), index=index, extra=attributes)
    block, ranked = render(hits, budget)
    return block, ranked, {cid: km_of[cid] for cid, _rank in ranked if cid in km_of}


def _km_attributes(ctx: HookContext, memory) -> tuple[list, dict[str, str]]:
    """The current attribute values of the workspace's world-fact KMs (a quarantined agent's
    contested), and the KM each came from. Only KMs that exist are opened: none, no cost."""
    from ..world import km_world_claims, quarantined_agents, world_km_paths

    paths = world_km_paths(ctx.workspace)
    if not paths:
        return [], {}
    quarantined = quarantined_agents(memory.state) if memory is not None else set()
    claims, km_of, problems = km_world_claims(paths, quarantined=quarantined,
                                              attributes_only=True)
    for problem in problems:
        ctx.log(f"world-fact KM skipped: {problem}")
    return claims, {cid: str(path) for cid, path in km_of.items()}
