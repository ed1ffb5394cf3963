"""The trust engine by hand: recall, feedback, corroborate, consolidate, and fleet governance
(promote, contest, quarantine, calibration).

`rlat memory recall|feedback|corroborate|consolidate|promote|contest|confidence|calibration`,
`rlat quarantine AGENT`, `rlat unquarantine AGENT`.
"""

from __future__ import annotations

import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from ..claims import events as ev
from ..claims.fold import FoldState
from ..claims.model import Claim, is_remark
from ..hooks.runtime import read_records_at
from ..paths import state_dir
from ..render.attribution import with_verdict
from ..render.terminal import terminal_safe
from ..retrieval.readmodel import open_index
from ..retrieval.recall import EVENT_WEIGHT, REMARK_WEIGHT, query_terms, standing
from ..retrieval.recall import explain as explain_ranking
from ..retrieval.recall import recall as recall_claims
from ..trust import consolidate as consolidation
from ..trust import lifecycle as L
from ..trust.rungs import agent_multiplier, breakdown, credit_for_rank, rung
from ..workspace import workspace_id
from .common import (
    CLAIM_ID_ARGUMENT,
    FORMAT_OPTION,
    SEARCH_FORMATS,
    current_cwd,
    echo,
    emit_json,
    fail,
    open_store,
    require_words,
    resolve_claim,
    short_text,
)
from .parsing import Arg, IntRange, command


def _when(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%d") if ts else "-"


def _rung_of(state: FoldState, claim: Claim, now: float) -> str:
    return rung(claim, now, multiplier=agent_multiplier(state.calibration.get(claim.observed_by)))


# ------------------------------------------------------------------------------ recall
def _state_following_earlier_ids(store, here: str):
    """The store's folded state, after the claims learned here before the project's id
    changed (its first commit, its first origin) follow it (``rlat.workspace_moves``): folded
    again only when some did. A store that cannot be written (read-only, locked) is recalled
    as it is."""
    from ..container import ContainerError
    from ..workspace_moves import follow

    state = store.state()
    try:
        moved = follow(store, current_cwd(), here, lock_timeout=1.0, state=state)
    except (ContainerError, OSError):
        moved = 0
    return store.state() if moved else state


@command(
    Arg("query", help="What you want to remember (words, not a question format: any text "
                      "works)."),
    Arg("-k", "--top-k", type=IntRange(1, 1000), default=5, help="How many claims."),
    FORMAT_OPTION.but(choices=SEARCH_FORMATS,
                      help="text (for you), json (for tools), or context (a fenced, attributed "
                           "block ready for a context window)."),
    Arg("--explain", action="store_true",
        help="Show every matching claim with its relevance, trust and the gate that admitted "
             "or excluded it."),
    Arg("--include-stale", action="store_true", help="Also recall stale claims (marked)."),
    Arg("--all-workspaces", action="store_true",
        help="Ignore workspace scope (recall every project's claims)."),
)
def recall_cmd(query: str, top_k: int, fmt: str, explain: bool, include_stale: bool,
               all_workspaces: bool) -> None:
    """Recall claims ranked by relevance x trust (the same engine the hooks use).

    Experience claims are scoped to this workspace (the git repository you are in, from any
    subfolder, worktree or clone) unless marked cross-workspace."""
    require_words(query, has_words=bool(query_terms(query)), to="recall by",
                  then="say what you want to recall")
    from .. import world

    store = open_store()
    here = workspace_id(current_cwd())
    state = _state_following_earlier_ids(store, here)
    now = time.time()
    workspace = None if all_workspaces else here
    index = open_index(store.path, state) if state.claims else None
    # The workspace's world-fact KMs: each key's current attribute value, ranked alongside.
    attributes, _km_of, problems = world.km_world_claims(
        world.world_km_paths(here), quarantined=world.quarantined_agents(state),
        attributes_only=True)
    for problem in problems:
        echo(f"rlat: world-fact KM skipped: {problem}", err=True)
    kwargs = dict(workspace=workspace, now=now, include_stale=include_stale,
                  index=index, extra=attributes)
    anything = bool(state.claims) or bool(attributes)
    if explain:
        hits = explain_ranking(state, query, **kwargs) if anything else []
    else:
        hits = recall_claims(state, query, top_k=top_k, **kwargs) if anything else []
    if fmt == "json":
        emit_json({"query": query, "workspace": workspace, "store": str(store.path),
                   "explain": explain, "hits": [h.to_dict() for h in hits]})
        return
    if fmt == "context":
        from ..render.attribution import claim_line
        from ..render.fences import fence

        admitted = [h for h in hits if h.admitted][:top_k]
        if admitted:
            echo(terminal_safe(fence(
                "\n".join(claim_line(h.claim, h.rung) for h in admitted), kind="recall")))
        return
    if not hits:
        if not anything:
            echo(f"No claims yet in {store.path}.")
        else:
            tries = [flag for flag, used in (("--all-workspaces", all_workspaces),
                                             ("--explain", explain)) if not used]
            echo("No claim matches that query"
                 + ("" if all_workspaces else " in this workspace") + "."
                 + (f" (Try {' or '.join(tries)}.)" if tries else ""))
        return
    if explain:
        echo(f"{'#':>3}  {'id':<12}  {'rel':>5}  {'trust':>5}  {'score':>5}  "
             f"{'rung':<8}  gate / text")
        n = 0
        shown_limit = max(50, top_k * 10)
        for shown, h in enumerate(hits):
            n += 1 if h.admitted else 0
            if shown >= shown_limit:
                continue  # (counted, not printed)
            pos = str(n) if h.admitted else "-"
            echo(f"{pos:>3}  {h.claim.id[:12]:<12}  {h.relevance:5.2f}  {h.trust:5.2f}  "
                 f"{h.score:5.2f}  {h.rung or '-':<8}  {h.gate}")
            echo(f"{'':>3}  {'':<12}  {'':>5}  {'':>5}  {'':>5}  {'':<8}  "
                 f"{short_text(h.claim.text, 80)}")
        if len(hits) > shown_limit:
            echo(f"... {len(hits) - shown_limit} more (all of them: --format json)")
        weighed = [f"x {weight:g} for {what}" for weight, what in (
            (REMARK_WEIGHT, "a remark"), (EVENT_WEIGHT, "a session record"))
            if any(standing(h.claim) == weight for h in hits)]
        echo(f"{n} admitted, {len(hits) - n} excluded of {len(hits)} matching claim(s); "
             f"score = relevance x trust"
             + (f" ({', '.join(weighed)})" if weighed else ""))
        return
    for i, h in enumerate(hits, 1):
        state_note = f", {h.state.upper()}" if h.state in ("contested", "stale") else ""
        # (a remark's score counts half, a session record's a quarter:
        # ``rlat.retrieval.recall.standing``)
        weighed = f" x {standing(h.claim):g}" if standing(h.claim) != 1 else ""
        echo(f"{i}. [{h.rung}{state_note}] {short_text(with_verdict(h.claim, h.claim.text))}")
        echo(f"   {h.claim.id[:12]}  score {h.score:.2f} (relevance {h.relevance:.2f} x "
             f"trust {h.trust:.2f}{weighed}), {h.claim.type}"
             f"{' remark' if is_remark(h.claim) else ''}, learned {_when(h.claim.created_at)}")


# ------------------------------------------------------------------------------ feedback
def _session_files() -> list[Path]:
    folder = state_dir()
    try:
        files = [p for p in folder.glob("*.jsonl") if p.is_file()]
    except OSError:
        return []
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)


def _injected_pairs(rec: dict) -> list[tuple[str, int]]:
    pairs = []
    for i, item in enumerate(rec.get("injected") or ()):
        if isinstance(item, (list, tuple)) and item:
            pairs.append((str(item[0]), int(item[1]) if len(item) > 1 else i + 1))
        elif isinstance(item, str):
            pairs.append((item, i + 1))
    return pairs


def latest_turn(workspace: str) -> tuple[str, dict, str | None]:
    """(session id, the record whose claims the last turn had, that turn's intent id) for the
    most recent session in ``workspace``: its last prompt that injected claims, else what
    SessionStart injected (in context for every turn). Raises LookupError saying exactly why
    there is none."""
    elsewhere = None
    for path in _session_files()[:50]:
        records = read_records_at(path)
        session_ws = next((r["workspace"] for r in records if r.get("workspace")), None)
        injecting = [r for r in records if r.get("event") in ("prompt", "start")
                     and _injected_pairs(r)]
        if session_ws != workspace:
            if injecting and elsewhere is None:
                elsewhere = (path.stem, session_ws)
            continue
        session_id = path.stem
        if not injecting:
            raise LookupError(f"the latest session in this workspace ({session_id}, "
                              f"{_when(path.stat().st_mtime)}) had no claims injected, so there "
                              "is nothing to rate")
        # (what the last prompt injected; else SessionStart's, in context for every turn — a
        # session resumed later injects at its new start again, after its prompts)
        rec = next((r for r in reversed(injecting) if r.get("event") == "prompt"),
                   injecting[-1])
        prompts = [r for r in records if r.get("event") == "prompt"]
        intent = rec.get("intent_id") if rec.get("event") == "prompt" else \
            (prompts[-1].get("intent_id") if prompts else None)
        return str(rec.get("session_id") or session_id), rec, intent
    reason = f"no Claude Code session with rlat's hooks has run in this workspace ({workspace})"
    if elsewhere:
        reason += f"; the latest one with claims ({elsewhere[0]}) ran in {elsewhere[1]}: " \
                  "run this from there"
    raise LookupError(reason)


def _turn_with(claim_id: str) -> tuple[str, dict, int, str | None] | None:
    """The most recent turn (in the newest session files) that injected ``claim_id``: (session,
    its record, the rank, the intent). A claim SessionStart injected was in context for every
    turn: its intent is the session's last prompt's (None when there was none)."""
    for path in _session_files()[:20]:
        records = read_records_at(path)
        for rec in reversed(records):
            if rec.get("event") not in ("prompt", "start"):
                continue
            for cid, rank in _injected_pairs(rec):
                if cid == claim_id:
                    intent = rec.get("intent_id") if rec.get("event") == "prompt" else next(
                        (r.get("intent_id") for r in reversed(records)
                         if r.get("event") == "prompt"), None)
                    return str(rec.get("session_id") or path.stem), rec, rank, intent
    return None


@command(
    Arg("verdict", choices=("good", "bad"), help="good: the claim(s) helped; bad: they misled."),
    Arg("claim_ref", nargs="?", metavar="ID",
        help="A claim id (or unique prefix). Without it: the claims in the last turn of the "
             "latest session in this workspace (what its last prompt, else SessionStart, "
             "injected)."),
    FORMAT_OPTION,
)
def feedback(verdict: str, claim_ref: str | None, fmt: str, settings) -> None:
    """Tell rlat how a turn went: an outcome with your authority (it outranks the mechanical
    and heuristic readings of the same turn)."""
    store = open_store()
    state = store.state()
    now = time.time()
    result = 1 if verdict == "good" else -1
    if claim_ref:
        claim = resolve_claim(state, claim_ref)
        found = _turn_with(claim.id)
        if found and found[3]:
            session_id, rec, rank, intent = found
        else:  # no turn to pin it to: one standing word per claim, the newest replaces it
            session_id, rec, rank, intent = "feedback", {}, 1, f"feedback:{claim.id}"
        pairs = [(claim.id, rank)]
    else:
        try:
            session_id, rec, intent = latest_turn(workspace_id(current_cwd()))
        except LookupError as exc:
            fail(f"{exc}; or name the claim: rlat memory feedback good|bad ID")
        pairs = [(cid, rank) for cid, rank in _injected_pairs(rec) if cid in state.claims]
        if not pairs:
            fail("the claims injected in the latest turn are not in this store; name the "
                 "claim: rlat memory feedback good|bad ID")
    before = {cid: _rung_of(state, state.claims[cid], now) for cid, _ in pairs}
    event = ev.outcome(result, claims=[(cid, rank, credit_for_rank(rank)) for cid, rank in pairs],
                       authority="user", signal="explicit feedback", session_id=session_id,
                       intent_id=intent, workspace=rec.get("workspace"), ts=now,
                       work=None)
    store.append([event], lock_timeout=settings.lock_timeout)
    after_state = store.state()
    rows = []
    for cid, rank in pairs:
        claim = after_state.claims[cid]
        rows.append({"id": cid, "rank": rank, "before": before[cid],
                     "after": _rung_of(after_state, claim, now), "text": claim.text})
    if fmt == "json":
        emit_json({"verdict": verdict, "session": session_id, "intent": intent,
                   "claims": rows})
        return
    for row in rows:
        moved = row["before"] if row["before"] == row["after"] else \
            f"{row['before']} -> {row['after']}"
        echo(f"Recorded {verdict} for {row['id'][:12]} (rank {row['rank']}): rung "
             f"{moved}  {short_text(row['text'], 70)}")


@command(
    CLAIM_ID_ARGUMENT,
    Arg("--refute", action="store_true", help="Say the claim is wrong instead."),
    FORMAT_OPTION,
)
def corroborate(claim_ref: str, refute: bool, fmt: str, settings) -> None:
    """Confirm a claim yourself (the strongest single lift a claim can get), or --refute it.
    A confirmation also re-verifies a stale claim."""
    store = open_store()
    state = store.state()
    claim = resolve_claim(state, claim_ref)
    now = time.time()
    before = _rung_of(state, claim, now)
    store.append([ev.corroborated(claim.id, good=not refute, actor="user", ts=now)],
                 lock_timeout=settings.lock_timeout)
    after_state = store.state()
    after_claim = after_state.claims[claim.id]
    after = _rung_of(after_state, after_claim, now)
    if fmt == "json":
        emit_json({"id": claim.id, "good": not refute, "before": before, "after": after,
                   "state": L.effective_state(after_claim, now)})
        return
    verb = "Refuted" if refute else "Corroborated"
    moved = before if before == after else f"{before} -> {after}"
    echo(f"{verb} {claim.id[:12]}: rung {moved}  {short_text(claim.text, 70)}")


# ------------------------------------------------------------------------------ consolidate
@command(
    Arg("--dry-run", action="store_true", help="Show what would change; write nothing."),
    Arg("--km", action="append", type=Path, default=[], metavar="KM",
        help="Also consolidate this knowledge model's claims (corpus claims, world facts). "
             "Repeatable. Default: the KMs linked to this workspace."),
    FORMAT_OPTION,
)
def consolidate(dry_run: bool, km: list[Path], fmt: str, settings) -> None:
    """One mechanical housekeeping pass: raise confidence (promote, contest, supersede,
    calibrate), then forget (retire claims that stayed low, failed repeatedly, lost their
    source, or went stale and unused). New, recently useful and user-written claims are
    protected. Safe any time; running it twice changes nothing the second time."""
    from .corpus_cmds import consolidate_kms

    store = open_store()
    kms = consolidate_kms(km, dry_run=dry_run, lock_timeout=settings.lock_timeout)
    if not store.exists():
        if fmt == "json":
            emit_json({"store": str(store.path), "dry_run": dry_run, "examined": 0,
                       "counts": {}, "events": 0, "changes": [],
                       **({"kms": [k.to_dict() for k in kms]} if kms else {})})
        else:
            echo(f"No store yet at {store.path}; nothing to consolidate.")
            for k in kms:
                _print_plan(k.plan, k.label, dry_run)
        return
    state = store.state()
    plan = consolidation.plan(state, session_window=_session_windows())
    if plan.events and not dry_run:
        store.append(plan.events, lock_timeout=settings.lock_timeout)
        store.checkpoint()
    if fmt == "json":
        emit_json({"store": str(store.path), "dry_run": dry_run, **plan.to_dict(),
                   **({"kms": [k.to_dict() for k in kms]} if kms else {})})
        return
    _print_plan(plan, "", dry_run)
    for k in kms:
        _print_plan(k.plan, k.label, dry_run)


def _session_windows():
    """The provenance gate's lookup: a session's (first, last) hook-record time from its
    signal file, or None when the hooks never saw it (or pruned it): then not checked."""
    from ..hooks.runtime import read_records

    cache: dict[str, tuple[float, float] | None] = {}

    def window(session_id: str) -> tuple[float, float] | None:
        if session_id not in cache:
            times = [float(r["ts"]) for r in read_records(session_id)
                     if isinstance(r.get("ts"), (int, float))]
            cache[session_id] = (min(times), max(times)) if times else None
        return cache[session_id]
    return window


def _print_plan(plan, where: str, dry_run: bool) -> None:
    verbs = {"promote": "promoted", "contest": "contested", "supersede": "superseded",
             "demote": "contested", "retire": "retired", "calibrate": "calibrated"}
    lines = []
    for change in plan.changes:
        label = change.claim[:12] if change.action != "calibrate" else change.claim
        lines.append(f"{change.action:<9}  {label:<12}  {short_text(change.text, 70)}")
        lines.append(f"{'':<9}  {'':<12}  why: {change.reason}")
    if lines:
        sys.stdout.write("\n".join(lines) + "\n")
    counts = plan.counts()
    summary = ", ".join(f"{n} {verbs.get(k, k)}" for k, n in counts.items()) or "nothing to change"
    tail = " (dry run: nothing written)" if dry_run and plan.events else ""
    echo(f"Consolidated {plan.examined} claim(s){where}: {summary}{tail}.")


# ------------------------------------------------------------------------------ confidence
@command(CLAIM_ID_ARGUMENT, FORMAT_OPTION)
def confidence(claim_ref: str, fmt: str) -> None:
    """Why a claim sits on its rung: every term of its confidence, its state and protections."""
    state = open_store().state()
    claim = resolve_claim(state, claim_ref)
    now = time.time()
    mult = agent_multiplier(state.calibration.get(claim.observed_by))
    parts = breakdown(claim, now, multiplier=mult)
    current = L.effective_state(claim, now)
    data = {"id": claim.id, "rung": rung(claim, now, multiplier=mult), "points": parts.to_dict(),
            "state": current, "stale_reason": L.stale_reason(claim, now) or None,
            "expires_at": L.expires_at(claim), "protected": consolidation.protection(claim, now),
            "agent_multiplier": mult, "outcomes": len(claim.outcomes)}
    if fmt == "json":
        emit_json(data)
        return
    b = parts.to_dict()
    echo(f"claim {claim.id}: {short_text(claim.text, 70)}")
    echo(f"  rung {data['rung']} ({b['total']:+.2f} points), state {current}"
         + (f" ({data['stale_reason']})" if data["stale_reason"] else ""))
    echo(f"  prior ({claim.origin}) {b['prior']:+.2f}; outcomes {b['outcomes']:+.2f} "
         f"({b['sessions_good']} good / {b['sessions_bad']} bad sessions); cross-context "
         f"{b['cross_context']:+.2f} ({b['contexts']} contexts)")
    echo(f"  recurrence {b['recurrence']:+.2f} ({claim.independent_count} independent); "
         f"you {b['user']:+.2f}; corpus {b['corpus']:+.2f}; agent multiplier {mult:.2f}")
    if data["expires_at"]:
        echo(f"  goes stale without fresh evidence on {_when(data['expires_at'])}")
    if data["protected"]:
        echo(f"  protected from forgetting: {data['protected']}")


# ------------------------------------------------------------------------------ governance
@command(CLAIM_ID_ARGUMENT, Arg("--scope", default="repo", choices=("repo", "fleet"),
                                 help="repo or fleet."), FORMAT_OPTION)
def promote(claim_ref: str, scope: str, fmt: str, settings) -> None:
    """Approve a claim: candidate (or contested) -> active in a wider scope. This is the human
    approval some claim types need, and how a person resolves a contest in a claim's favour."""
    if scope not in ("repo", "fleet"):
        fail(f"unknown --scope {scope!r}; expected repo or fleet")
    store = open_store()
    state = store.state()
    claim = resolve_claim(state, claim_ref)
    try:
        events = L.promote(state, claim, time.time(), scope=scope)
    except ValueError as exc:
        fail(f"cannot promote {claim.id[:12]}: {exc}")
    now = time.time()
    store.append(events, lock_timeout=settings.lock_timeout)
    if fmt == "json":
        emit_json({"id": claim.id, "scope": scope,
                   "state": L.effective_state(store.state().claims[claim.id], now),
                   "store": str(store.path)})
        return
    echo(f"Promoted {claim.id[:12]} to {scope} scope (active).")


@command(
    CLAIM_ID_ARGUMENT,
    Arg("other_ref", metavar="OTHER", help="The claim it contradicts."),
    Arg("--reason", default="contested by a person", help="Recorded with it."),
    FORMAT_OPTION,
)
def contest(claim_ref: str, other_ref: str, reason: str, fmt: str, settings) -> None:
    """Mark two claims as contradicting each other: both become contested (newest never wins)
    until a person promotes one and forgets the other. Both must be live: a retired, purged
    or superseded claim cannot be contested."""
    store = open_store()
    state = store.state()
    claim = resolve_claim(state, claim_ref)
    other = resolve_claim(state, other_ref)
    if claim.id == other.id:
        fail("a claim cannot contest itself; give two different ids")
    try:
        events = L.contest(claim, other, reason, time.time())
    except ValueError as exc:
        fail(f"cannot contest {claim.id[:12]} and {other.id[:12]}: {exc}")
    store.append(events, lock_timeout=settings.lock_timeout)
    if fmt == "json":
        emit_json({"id": claim.id, "other": other.id, "state": "contested", "reason": reason,
                   "store": str(store.path)})
        return
    echo(f"Contested {claim.id[:12]} and {other.id[:12]}; resolve with `rlat memory promote` "
         "and `rlat memory forget`.")


@command(
    Arg("agent", help="The agent (a claim's observed_by, e.g. claude-code)."),
    Arg("--reason", default="quarantined by a person", help="Recorded with it."),
    Arg("--force", action="store_true",
        help="Quarantine an agent that has observed no claim yet (pre-quarantine)."),
    FORMAT_OPTION,
)
def quarantine(agent: str, reason: str, force: bool, fmt: str, settings) -> None:
    """The kill switch: the agent's claims stop promoting and its active claims become
    contested; its world facts in this workspace's knowledge models serve as contested; its
    capture continues. Reversible with `rlat unquarantine`."""
    if not agent.strip():
        fail("name the agent to quarantine (see `rlat memory calibration`)")
    store = open_store()
    state = store.state()
    from .. import world

    # Agents whose facts live only in this workspace's world-fact KMs (the miner's) count too.
    km_claims, _problems = world.load_world_claims(
        world.world_km_paths(workspace_id(current_cwd())))
    known = sorted({c.observed_by for c in [*state.claims.values(), *km_claims]
                    if c.observed_by})
    if agent not in known and not force:
        # A typo would otherwise quarantine nobody, silently, while the real agent goes on.
        fail(f"no claim in this store was observed by {agent!r} (agents seen: "
             f"{', '.join(known) or 'none'}); check the name, or pre-quarantine it with --force")
    if state.quarantined(agent):
        if fmt == "json":
            emit_json({"agent": agent, "quarantined": True, "changed": False, "contested": [],
                       "reason": reason, "store": str(store.path)})
            return
        echo(f"Agent {agent!r} is already quarantined.")
        return
    events = L.quarantine(state, agent, reason, time.time())
    store.append(events, lock_timeout=settings.lock_timeout)
    if fmt == "json":
        # (the first event is the quarantine itself; each after it contests one active claim)
        emit_json({"agent": agent, "quarantined": True, "changed": True,
                   "contested": [e["claim"] for e in events[1:]], "reason": reason,
                   "store": str(store.path)})
        return
    echo(f"Quarantined {agent!r}: {len(events) - 1} active claim(s) now contested; its "
         "candidates will not promote. Lift with `rlat unquarantine`.")


@command(
    Arg("agent", help="The quarantined agent."),
    Arg("--reason", default="lifted by a person", help="Recorded with it."),
    FORMAT_OPTION,
)
def unquarantine(agent: str, reason: str, fmt: str, settings) -> None:
    """Lift quarantine: the agent may promote again. Claims already contested stay contested
    for a person to review."""
    store = open_store()
    state = store.state()
    if not state.quarantined(agent):
        fail(f"agent {agent!r} is not quarantined (see `rlat memory calibration`)")
    store.append(L.unquarantine(agent, reason, time.time()),
                 lock_timeout=settings.lock_timeout)
    if fmt == "json":
        emit_json({"agent": agent, "quarantined": False, "changed": True, "reason": reason,
                   "store": str(store.path)})
        return
    echo(f"Lifted quarantine on {agent!r}; contested claims stay contested for review.")


@command(FORMAT_OPTION)
def calibration(fmt: str) -> None:
    """Each agent's track record: hypotheses resolved against later outcomes (Brier score with
    shrinkage; expired ones are never scored), and its contradiction rate."""
    state = open_store().state()
    now = time.time()
    scores = L.calibration(state, now)
    rates = L.contradiction_rates(state)
    agents = sorted(set(scores) | set(rates) | set(state.agents))
    rows = []
    for agent in agents:
        s = scores.get(agent, {})
        r = rates.get(agent, {})
        rows.append({
            "agent": agent, "resolved": s.get("resolved", 0), "correct": s.get("correct", 0),
            "expired": s.get("expired", 0), "open": s.get("open", 0),
            "score": s.get("score"), "low_sample": s.get("low_sample", True),
            "multiplier": s.get("multiplier", 1.0),
            "recorded": state.calibration.get(agent, {}).get("score"),
            "claims": r.get("claims", 0), "active": r.get("active", 0),
            "contested": r.get("contested", 0), "contradiction_rate": r.get("rate", 0.0),
            "quarantined": state.quarantined(agent),
        })
    if fmt == "json":
        emit_json({"agents": rows})
        return
    if not rows:
        echo("No agents yet: no claims in the store.")
        return
    echo(f"{'agent':<16} {'claims':>6} {'contest%':>8} {'resolved':>8} {'correct':>7} "
         f"{'expired':>7} {'score':>6} {'mult':>5}")
    for row in rows:
        score = "-" if row["score"] is None else f"{row['score']:.3f}"
        flag = " low-sample" if row["resolved"] and row["low_sample"] else ""
        flag += " QUARANTINED" if row["quarantined"] else ""
        echo(f"{row['agent'][:16]:<16} {row['claims']:>6} "
             f"{row['contradiction_rate'] * 100:>7.1f}% {row['resolved']:>8} "
             f"{row['correct']:>7} {row['expired']:>7} {score:>6} "
             f"{row['multiplier']:>5.2f}{flag}")
    echo("score: Brier over resolved hypotheses (0 best), shrunk towards 0.5; "
         "`rlat memory consolidate` records it.")

