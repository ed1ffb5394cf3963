"""SessionStart: the workspace's standing facts, then its most trusted claims, within a cap.

Claude Code replaces any ``additionalContext`` over 10,000 characters with a 2 KB preview, so
everything injected here (``additionalContext``) fits ``RLAT_CONTEXT_CHARS`` (default 6000,
never above ``MAX_CONTEXT_CHARS``), spent in priority order:

1. the world-fact block (``rlat.render.framings.world_fact_block_within``): the workspace's
   standing constraints, then its falsified findings, each under its framing, fenced; within a
   type the most critical, most trusted, newest first. Sources: the memory store's world claims
   for this workspace, and the workspace's world-fact KMs (``rlat.world.world_km_paths``: its
   default KM and every KM a fact was captured into from here). One fact longer than
   ``FACT_CHARS`` is cut with a marker;
2. with what is left, the most trusted claims learned in this workspace (or marked
   cross-workspace), ordered by trust (``rlat.trust.lifecycle.trust_weight``, recall's own
   rule: the calibration multiplier, ×0.7 when contested), newest first on a tie,
   each one attributed line of at most ``LINE_CHARS``, fenced.

Each block ends by counting what did not fit and naming the command that shows it all.
Receipts left by the last session's capture (``[rlat] Captured …``) are shown to the user
(``systemMessage``), never to the model. With ``source`` = ``clear`` or ``compact`` the hook
also makes sure the previous transcript was captured (``capture.ensure_captured``).
"""

from __future__ import annotations

import time

from ..render.fences import fence
from .runtime import (
    CONTEXT_CHARS,
    HookContext,
    append_record,
    env_number,
    memory_off,
    take_receipts,
)

MEMORY_FENCE = "memory"
# Claude Code spills additionalContext over 10,000 characters into a file and shows the model
# a 2 KB preview instead: the whole injection stays below this, whatever RLAT_CONTEXT_CHARS says.
MAX_CONTEXT_CHARS = 9500
MAX_TRUSTED = 12  # lines, before the character budget
LINE_CHARS = 400  # one claim's text at most (event claims are whole-session summaries)
FACT_CHARS = 1500  # one standing fact at most: a pasted log must not crowd out every other rule
WORLD_MORE_HINT = "rlat world-facts"
TRUSTED_MORE_HINT = "rlat memory list --here"
CLAIM_CUT_HINT = "rlat memory show {id}"
# The memory block's heading opens so; how to read its lines follows
# (``rlat.render.attribution.legend_heading``: what every line's provenance says alike, once).
OPENING = "What rlat remembers for this workspace, most trusted first"


def _admitted(claim, workspace: str, now: float, sources: tuple[str, ...]) -> bool:
    """The one eligibility rule (``rlat.retrieval.recall.gate``): live, not stale, this workspace."""
    from ..retrieval.recall import gate

    return gate(claim, workspace=workspace, now=now, include_stale=False, sources=sources,
                exclude=frozenset())[0]


def _world_claims(ctx: HookContext, memory, now: float) -> tuple[list, dict[str, str]]:
    """(the world facts that may serve here, the KM each KM-held one came from)."""
    claims = []
    quarantined: set[str] = set()
    if memory is not None:
        claims = [c for c in memory.world_candidates()
                  if _admitted(c, ctx.workspace, now, ("world",))]
    try:
        from .. import world

        if memory is not None:
            quarantined = world.quarantined_agents(memory.state)
        km_claims, km_of, problems = world.km_world_claims(world.world_km_paths(ctx.workspace),
                                                          quarantined=quarantined)
    except Exception as exc:  # noqa: BLE001
        ctx.log(f"world-fact KMs unreadable: {exc}")
        return claims, {}
    for problem in problems:
        ctx.log(f"world-fact KM skipped: {problem}")
    held = {c.id for c in claims}
    return claims + [c for c in km_claims if c.id not in held], \
        {cid: str(path) for cid, path in km_of.items() if cid not in held}


def trusted_lines(memory, workspace: str, budget: int, now: float,
                  exclude: set[str]) -> tuple[str, list[str], list[str]]:
    """(the heading, attributed lines, their claim ids): the workspace's most trusted claims
    within ``budget`` characters, with a last line counting the ones left out. Candidates come
    from the read model's per-workspace trust lists (or the whole store); each is gated and its
    trust computed now. What every line's provenance says alike is said once, in the heading,
    when that makes the block shorter (``rlat.render.attribution.legend_heading``)."""
    from ..render.attribution import claim_line, legend_heading, shared_provenance
    from ..retrieval.recall import standing
    from ..trust.lifecycle import trust_weight
    from ..trust.rungs import rung_of_points

    calibration = memory.state.calibration
    scored = []
    for claim in memory.trusted_candidates(workspace):
        if claim.id in exclude or not claim.text.strip() \
                or not _admitted(claim, workspace, now, ("experience",)):
            continue
        weight, p = trust_weight(claim, now, calibration)
        # (what no rule of capture read comes after what the rules found)
        scored.append((weight * standing(claim), claim.last_evidence_at, claim.id, claim, p))
    scored.sort(key=lambda row: (-row[0], -row[1], row[2]))
    lines: list[str] = []
    ids: list[str] = []
    shown: list[tuple] = []  # (claim, rung) of each line
    heading = legend_heading(OPENING, [], [])
    used = len(heading) + 60 + 100  # the fence, the heading, the "more" line
    for _trust, _ts, cid, claim, p in scored[:MAX_TRUSTED * 3]:
        rung = rung_of_points(p)
        line = claim_line(claim, rung, max_chars=LINE_CHARS,
                          cut_hint=CLAIM_CUT_HINT.format(id=cid[:12]))
        if used + len(line) + 1 > budget:
            continue
        lines.append(line)
        ids.append(cid)
        shown.append((claim, rung))
        used += len(line) + 1
        if len(lines) >= MAX_TRUSTED:
            break
    shared = shared_provenance(shown)
    if shared:
        said_once = legend_heading(OPENING, shown, shared)
        shorter = [claim_line(claim, rung, max_chars=LINE_CHARS, shared=frozenset(shared),
                              cut_hint=CLAIM_CUT_HINT.format(id=cid[:12]))
                   for (claim, rung), cid in zip(shown, ids, strict=True)]
        if len(said_once) + sum(map(len, shorter)) < len(heading) + sum(map(len, lines)):
            heading, lines = said_once, shorter
    if len(scored) > len(ids):
        lines.append(f"({len(scored) - len(ids)} {'more ' if ids else ''}claims learned here "
                     f"not shown: {TRUSTED_MORE_HINT})")
    return heading, lines, ids


# Room kept for the "(N more claims … not shown: …)" line: the world-fact block leaves it (and
# a fence around it) even when it fills the budget, so the model always learns there is more.
_MORE_RESERVE = 140


def context_budget() -> int:
    """Characters SessionStart may inject: ``RLAT_CONTEXT_CHARS``, capped below Claude Code's
    spill threshold."""
    return max(0, min(int(env_number("RLAT_CONTEXT_CHARS", CONTEXT_CHARS)), MAX_CONTEXT_CHARS))


def world_block_within(claims: list, now: float, calibration: dict, budget: int, *,
                       fact_chars: int = FACT_CHARS) -> tuple[str, list[str]]:
    """(the world-fact block SessionStart injects first, the ids it shows): ``claims`` framed
    and cut to ``budget`` characters, each weighed by its trust once."""
    from ..render.framings import world_fact_block_within
    from ..trust.lifecycle import trust_weight
    from ..trust.rungs import rung_of_points

    weighed = {c.id: trust_weight(c, now, calibration) for c in claims}
    return world_fact_block_within(
        claims, lambda c: rung_of_points(weighed[c.id][1]), lambda c: weighed[c.id][0],
        budget=budget, fact_chars=fact_chars, more_hint=WORLD_MORE_HINT)


def handle(ctx: HookContext) -> dict | None:
    now = time.time()
    source = str(ctx.payload.get("source") or "startup")
    if source in ("clear", "compact"):
        from .capture import ensure_captured

        ensure_captured(ctx, source)
    memory = ctx.memory()
    state = memory.state if memory is not None else None
    out: dict = {}
    receipts = take_receipts(ctx.workspace)
    if memory is None and ctx.memory_problem:
        # (the user must learn that memory is off, not find out sessions later; what ends
        # meanwhile is captured once the store is mended: rlat.hooks.worker)
        from .. import missing_dependency

        missing = missing_dependency(ctx.memory_error)
        receipts.append(memory_off(missing) if missing else
                        f"[rlat] Memory is off: the store could not be read "
                        f"({ctx.memory_problem[:300]}). Run `rlat doctor` to repair it.")
    if receipts:
        out["systemMessage"] = "\n".join(receipts)

    calibration = state.calibration if state is not None else {}
    budget = context_budget()
    world_claims, km_of = _world_claims(ctx, memory, now)
    world_block, served_world = world_block_within(
        world_claims, now, calibration,
        budget - (_MORE_RESERVE if memory is not None else 0), fact_chars=min(FACT_CHARS,
                                                                             budget // 2))

    parts = [world_block] if world_block else []
    injected: list[str] = list(served_world)
    if memory is not None:
        left = budget - (len(world_block) + 2 if world_block else 0)
        heading, lines, ids = trusted_lines(memory, ctx.workspace, left, now, set(injected))
        if ids:
            parts.append(fence(heading + "\n" + "\n".join(lines), kind=MEMORY_FENCE))
            injected.extend(ids)
        elif lines and len(fence(lines[-1], kind=MEMORY_FENCE)) + 2 <= left:
            parts.append(fence(lines[-1], kind=MEMORY_FENCE))  # none fitted: say how many
    ranked = [[cid, rank] for rank, cid in enumerate(injected, start=1)]
    served_kms = {cid: km_of[cid] for cid in injected if cid in km_of}
    record = {"event": "start", "ts": now, "source": source, "workspace": ctx.workspace,
              "cwd": ctx.cwd, "transcript": ctx.transcript_path, "injected": ranked}
    if served_kms:
        record["kms"] = served_kms  # where their lineage and outcomes go (rlat.hooks.lineage)
    append_record(ctx.session_id, record)
    # Read lineage for independence: the store's claims in the store, KM facts in their KM.
    lineage = [cid for cid in injected if state is not None or cid in served_kms]
    if lineage:
        from ..claims import events as ev
        from .lineage import append as append_lineage

        append_lineage(ctx, [ev.injected(ctx.session_id, lineage, workspace=ctx.workspace,
                                         ts=now)], served_kms, durable=False)
    if parts:
        out["hookSpecificOutput"] = {"hookEventName": "SessionStart",
                                     "additionalContext": "\n\n".join(parts)}
    return out or None
