"""What `rlat memory list` and `rlat memory show` print (``rlat/cli/memory_cmds.py``).

Also the CLI's JSON convention (``json_text``; ``rlat.cli.common.emit_json`` writes it).
Claim text comes from transcripts: every output here goes through ``rlat.render.terminal``
(no escape sequence reaches the user's terminal).
"""

from __future__ import annotations

import json
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from .. import listing
from ..claims import ClaimLog, FoldState
from ..claims.model import Claim, is_remark
from ..render.terminal import json_safe, quoted, short_text, terminal_safe
from ..trust.rungs import rung


def json_text(obj: object, *, tty: bool | None = None) -> str:
    """Indented for a person at a terminal; one compact line when piped (the C encoder, several
    times faster on large outputs such as a listing of 10k claims). Ends with a newline.
    ``tty``: whether stdout is a terminal (None: ask it)."""
    indent = 2 if (sys.stdout.isatty() if tty is None else tty) else None
    return json_safe(json.dumps(obj, ensure_ascii=False, indent=indent, default=json_default)
                     + "\n")


def json_default(obj: object):
    if isinstance(obj, Path):
        return str(obj)
    if isinstance(obj, (set, frozenset)):
        return sorted(obj)
    if hasattr(obj, "to_dict"):
        return obj.to_dict()
    raise TypeError(f"not JSON serialisable: {type(obj).__name__}")


def listing_json(obj: dict, *, tty: bool | None = None) -> str:
    """``json_text`` for a listing of thousands of rows. Piped, it is encoded by orjson when
    that is installed (a dependency): five times faster than the stdlib's C encoder on 10k
    claims (~30 vs ~180 ms), the same data in compact form (no spaces after separators).
    ``tty``: whether stdout is a terminal (None: ask it)."""
    tty = sys.stdout.isatty() if tty is None else tty
    if not tty:
        try:
            import orjson
        except ImportError:
            return json_text(obj, tty=tty)
        try:
            return json_safe(orjson.dumps(obj, default=json_default,
                                          option=orjson.OPT_APPEND_NEWLINE).decode())
        except orjson.JSONEncodeError:  # what orjson refuses (an int beyond 64 bits)
            pass
    return json_text(obj, tty=tty)


def _when(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%d") if ts else "-"


# ------------------------------------------------------------------------------------- list
# A store with this many claims is worth a read model for `memory list` to read: when it is
# missing or stale, the listing has it rebuilt in the background.
VIEW_WORTH_AT_CLAIMS = 2000


def list_rows(store: Path, now: float, *, all_states: bool = False,
              workspace: str | None = None, claim_type: str | None = None,
              state: str | None = None) -> list[dict]:
    """The rows `memory list` shows (``rlat.listing``), newest first.

    Read from the store's read model when it is current (caught up with the records appended
    since it was built): a store of 100,000 events lists in a fraction of the time its fold
    takes. Otherwise the store is folded (and checkpointed when a snapshot is due), and for a
    large store the read model is rebuilt in the background for next time. Both give the same rows
    (tests/foundation/test_list_from_read_model.py). Raises ContainerError for an unreadable store."""
    from ..claims.readmodel import DECODE_ERRORS
    from ..retrieval.readmodel import open_current, set_aside

    rows = None
    memory, why = open_current(store)
    if memory is not None:
        try:
            rows = memory.listing_rows(now)
        except DECODE_ERRORS as exc:  # damaged: set it aside and fold instead
            why = set_aside(store, exc)
    if rows is None:
        log = ClaimLog(store)
        folded = log.state()
        log.checkpoint()
        rows = [listing.row(claim, now) for claim in folded.claims.values()]
        if why and len(rows) >= VIEW_WORTH_AT_CLAIMS:
            from ..retrieval.readmodel import request_rebuild

            request_rebuild(store)
    rows = [listing.shown_row(r, now) for r in rows]
    return listing.ordered([r for r in rows if listing.shown(
        r, all_states=all_states or state is not None, workspace=workspace,
        claim_type=claim_type) and (state is None or r["state"] == state)
        and (all_states or not r.get("purged"))])  # (purged: out of play, text gone)


def list_output(rows: list[dict], store: Path, fmt: str, *, filtered: bool = False,
                hooks_at: Path | None = None) -> str:
    """The whole output of `memory list` (``fmt`` is "text" or "json") for ``list_rows``;
    ``filtered``: the rows were narrowed by --here, --type or --state; ``hooks_at``: the
    settings file holding rlat's hooks, if one does (an empty store's hint)."""
    if fmt == "json":
        # (each row also says the type the text listing names it by, which --type filters on:
        # "remark" for a remark, whose stored type is environment)
        return listing_json({"store": str(store), "count": len(rows), "claims": [
            {**r, "listed_type": listing.listed_type(r)} for r in rows]})
    if not rows and filtered:
        return (f"No claim in {store} matches those options; `rlat memory list --all` shows "
                "every claim.\n")
    if not rows and hooks_at is not None:
        return (f"No claims yet in {store}. rlat's hooks are installed ({hooks_at}): claims "
                "arrive when a Claude Code session ends (none after a session? `rlat memory "
                "install-hooks --check` says whether the hooks still run); or add one with "
                "`rlat memory add \"…\"`.\n")
    if not rows:
        return (f"No claims yet in {store}. Add one with `rlat memory add \"…\"`, "
                "or install the hooks with `rlat memory install-hooks`.\n")
    lines = []
    for r in rows:
        text = short_text(r["text"]) if not r.get("purged") else "(text purged)"
        state = "purged" if r.get("purged") else \
            "replaced" if r.get("superseded_by") else r["state"]
        kind = listing.listed_type(r)
        lines.append(f"{r['id'][:12]}  {state:<9} {r['rung']:<8} {kind:<11} {text}")
    lines.append(f"{len(rows)} claim(s) in {store}")
    return terminal_safe("\n".join(lines) + "\n")


# ------------------------------------------------------------------------------------- show
def show_claim(store: Path, ref: str) -> Claim:
    """The claim `memory show` shows (``find_claim``: LookupError when ``ref`` names none),
    looked up in the read model caught up with the store when it is usable (only that claim is
    decoded), else in the store's fold — also when its row does not decode: the read model is
    then set aside, as every reader does."""
    from ..claims.readmodel import Damaged
    from ..retrieval.readmodel import open_current, set_aside

    memory, _why = open_current(store)
    if memory is not None:
        try:
            return find_claim(memory.state, ref)
        except Damaged as exc:
            set_aside(store, exc)
    return find_claim(ClaimLog(store).state(), ref)


def find_claim(state: FoldState, ref: str) -> Claim:
    """A claim by full id or unique prefix. Raises LookupError with a one-line message that
    says what to do."""
    typed = quoted(ref.strip())  # (what the user typed, for the messages)
    ref = ref.strip().lower()
    if ref in state.claims:
        return state.claims[ref]
    if len(ref) < 4:
        raise LookupError(f"claim id {typed} is too short; give at least 4 characters")
    # keys(), not items(): the read model's lazy claims list their ids without decoding them
    matches = [cid for cid in state.claims.keys() if cid.startswith(ref)]
    if not matches:
        raise LookupError(f"no claim with id {typed} (list them with `rlat memory list`)")
    if len(matches) > 1:
        raise LookupError(f"claim id {typed} is ambiguous: {', '.join(matches[:5])}")
    return state.claims[matches[0]]


def claim_history(store: Path, claim_id: str) -> list[dict]:
    """Every event in ``store`` that concerns ``claim_id``, oldest first (a full scan of the
    event records). A purged claim's text is left out of its history too."""
    out = []
    for event in ClaimLog(store).events():
        if event.get("claim") == claim_id or event.get("by") == claim_id \
                or event.get("other") == claim_id:
            pass
        elif event.get("kind") == "outcome" and any(
                c and c[0] == claim_id for c in event.get("claims") or ()):
            pass
        elif event.get("kind") == "injected" and claim_id in (event.get("claims") or ()):
            pass
        else:
            continue
        out.append(event)
    out.sort(key=lambda e: (e.get("ts") or 0, e.get("id") or ""))
    if any(e.get("kind") == "purged" for e in out):
        out = [{k: v for k, v in e.items() if k != "text"} for e in out]
    return out


def history_lines(history: list[dict], claim_id: str) -> list[str]:
    """The lines of a claim's history (`memory show`, `rlat trace`). One contest is one line:
    `rlat memory contest A B` writes an event on each side, and both concern either claim."""
    lines, contests = [], set()
    for event in history:
        if event.get("kind") == "contested":
            pair = (frozenset((event.get("claim"), event.get("other"))), event.get("ts"),
                    event.get("reason"))
            if pair in contests:
                continue
            contests.add(pair)
        if line := _history_line(event, claim_id):
            lines.append(line)
    return lines


def _history_line(event: dict, claim_id: str) -> str | None:
    """One line of `memory show`'s history (None for an event summarised elsewhere)."""
    kind = event.get("kind")
    if kind == "proposed":
        what = f"proposed ({event.get('origin')}, observed by {event.get('observed_by')})"
    elif kind in ("evidence_added", "recurred"):
        cites = event.get("citations") or []
        sessions = sorted({c.get("session_id") for c in cites if c.get("session_id")})
        what = f"{kind.replace('_', ' ')}: {len(cites)} citation(s)" + \
            (f" from session {', '.join(sessions)}" if sessions else "")
    elif kind == "outcome":
        entry = next(c for c in event.get("claims") or () if c and c[0] == claim_id)
        rank = entry[1] if len(entry) > 1 else "?"
        what = (f"outcome {event.get('result'):+d} ({event.get('authority')}: "
                f"{event.get('signal')}), rank {rank}"
                + (f", session {event['session_id']}" if event.get("session_id") else ""))
    elif kind == "state_changed":
        what = f"state -> {event.get('to')} ({event.get('reason')}; by {event.get('actor')})"
    elif kind == "promoted":
        what = f"scope -> {event.get('scope')} ({event.get('reason')})"
    elif kind == "superseded":
        if event.get("by") == claim_id:
            what = f"supersedes {event.get('claim')}"
        else:
            what = f"superseded by {event['by']}" if event.get("by") else "reinstated"
    elif kind == "contested":
        other = event.get("other") if event.get("claim") == claim_id else event.get("claim")
        what = f"contested with {other} ({event.get('reason')})"
    elif kind == "corroborated":
        what = f"{'corroborated' if event.get('good') else 'refuted'} by {event.get('actor')}"
    elif kind == "verified":
        what = f"verified {'true' if event.get('good') else 'false'}"
    elif kind == "marked":
        what = f"cross-workspace {'on' if event.get('cross_workspace') else 'off'}"
    elif kind == "purged":
        what = "text purged"
    else:
        return None
    return f"    {_when_time(event.get('ts'))}  {what}"


def _when_time(ts: float | None) -> str:
    return datetime.fromtimestamp(ts or 0, UTC).strftime("%Y-%m-%d %H:%M")


def show_output(claim: Claim, fmt: str, history: list[dict] | None = None) -> str:
    """The whole output of `memory show` (``fmt`` is "text" or "json"), with the claim's
    event history (``claim_history``) when given."""
    from ..trust.lifecycle import effective_state, stale_reason

    now = time.time()
    data = claim.to_dict()
    data["rung"] = rung(claim)
    data["state"] = effective_state(claim, now)  # as `memory list` and `confidence` show it
    if data["state"] == "stale":
        data["state_reason"] = stale_reason(claim, now)
    if history is not None:
        data["history"] = history
    if fmt == "json":
        return json_text(data)
    out = [
        f"claim {claim.id}",
        f"  text:        {claim.text if not claim.purged else '(purged)'}",
        f"  type:        {claim.type} ({claim.source}, polarity {claim.polarity})"
        + ("; a remark: what no rule of capture read, ranked below what the rules found"
           if is_remark(claim) else ""),
        f"  state:       {'purged' if claim.purged else data['state']}"  # (as `memory list` says)
        f"{' — ' + data['state_reason'] if data['state_reason'] and not claim.purged else ''}",
        f"  rung:        {data['rung']} (origin {claim.origin})",
        f"  scope:       {claim.scope}{', cross-workspace' if claim.cross_workspace else ''}",
        f"  workspaces:  {', '.join(claim.workspaces) or '-'}",
        f"  evidence:    {claim.evidence_count} ({claim.independent_count} independent), "
        f"recurrence {claim.recurrence}",
        f"  created:     {_when(claim.created_at)}; updated {_when(claim.updated_at)}",
    ]
    if claim.superseded_by:
        out.append(f"  superseded by: {claim.superseded_by}")
    for cite in claim.evidence[:20]:
        kind = cite.get("kind", "session")
        if kind == "session":
            out.append(f"    - session {cite.get('session_id')} message "
                       f"{cite.get('message_id')} excerpt {cite.get('excerpt_hash')}")
        elif kind == "passage":
            out.append(f"    - passage {cite.get('passage_id')} ({cite.get('content_hash')})")
        elif cite.get("command"):
            out.append(f"    - {kind}: {cite.get('command')}")
        else:  # (a purge drops the citing command with the text)
            out.append(f"    - {kind} (purged with the text)")
    if history:
        out.append("  history:")
        injections = [e for e in history if e.get("kind") == "injected"]
        out.extend(history_lines(history, claim.id))
        if injections:
            out.append(f"    injected into {len(injections)} session(s), last "
                       f"{_when_time(injections[-1].get('ts'))}")
    return terminal_safe("\n".join(out) + "\n")
