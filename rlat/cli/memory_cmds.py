"""`rlat memory add|list|show|forget`: the experience store by hand.

`memory list` and `memory show` must start fast (a store of 10,000 claims lists in about a
quarter of a second): this module imports only what they need at the top; the rest is imported
inside the commands that use it.
"""

from __future__ import annotations

import sys
import time

from ..claims.model import REMARK_KIND
from ..claims.policy import CLAIM_TYPES, POLARITIES, STATES
from .common import (
    CLAIM_ID_ARGUMENT,
    FORMAT_OPTION,
    current_cwd,
    echo,
    emit_json,
    fail,
    note_redactions,
    open_store,
    read_stdin_text,
    store_path,
)
from .parsing import Arg, command


def _quick_exit_process() -> None:
    """A short-lived process whose data (the fold, the rows) is acyclic and freed at exit: the
    cyclic collector's passes over hundreds of thousands of objects would be pure cost."""
    import gc

    gc.disable()


@command(
    Arg("text", help="The claim: one proposition. Use - to read stdin."),
    Arg("--type", dest="claim_type", default="convention", choices=CLAIM_TYPES,
        help=f"One of: {', '.join(CLAIM_TYPES)}."),
    Arg("--polarity", default="factual", choices=POLARITIES, help="prefer | avoid | factual."),
    Arg("--cross-workspace", action="store_true", help="Recall it in every workspace."),
    Arg("--subject", default="", help="What it is about (a repo, a service, a command)."),
    FORMAT_OPTION,
)
def add(text: str, claim_type: str, polarity: str, cross_workspace: bool, subject: str,
        fmt: str, settings) -> None:
    """Write a claim by hand. It starts with the trust of its origin: you."""
    import shlex

    from ..claims import events as ev
    from ..workspace import workspace_id

    if text == "-":
        text = read_stdin_text()
    if not text.strip():
        fail("the claim text is empty; say what should be remembered")
    text, redactions = ev.scrubbed(text.strip())
    store = open_store()
    workspace = workspace_id(current_cwd())
    state = store.state()
    citation = ev.command_citation("rlat memory add " + shlex.quote(text))
    event = ev.proposed(text, claim_type, citations=[citation], polarity=polarity,
                        workspace=workspace, cross_workspace=cross_workspace, subject=subject,
                        observed_by="human", origin="user")
    existing = state.claims.get(event["claim"])
    existed = existing is not None
    if existing is not None and existing.purged:
        fail(f"claim {existing.id} with this text was purged from {store.path} (`rlat compact "
             "--purge`), and a purged claim stays purged; to store it again, word it "
             "differently (its id is its text)")
    if existed:
        event = ev.recurred(event["claim"], [citation], workspace=workspace)
        events = [event]
        if existing.state == "retired":  # you forgot it, and now state it again: back in play
            events.append(ev.state_changed(event["claim"], "candidate",
                                           "stated again by the user", actor="user"))
        if cross_workspace:
            events.append(ev.marked(event["claim"], cross_workspace=True))
    else:
        events = [event]
    store.append(events, lock_timeout=settings.lock_timeout)
    cid = event["claim"]
    note_redactions(redactions)
    if fmt == "json":
        emit_json({"id": cid, "new": not existed, "workspace": workspace, "store": str(store.path),
                   "redactions": redactions})
    else:
        verb = "Recorded again (recurrence +1)" if existed else "Added"
        echo(f"{verb} claim {cid} in {store.path}")


@command(
    FORMAT_OPTION,
    Arg("--all", dest="all_states", action="store_true", help="Include retired and purged claims, and those another replaced."),
    Arg("--here", action="store_true",
        help="Only the claims served in this workspace: learned here, cross-workspace, or with "
             "no workspace recorded."),
    Arg("--type", dest="claim_type", choices=(*CLAIM_TYPES, REMARK_KIND),
        help="Only claims of this type, as the listing names them: 'remark' for what no rule "
             "of capture read (stored as environment, and not listed under it)."),
    Arg("--state", choices=STATES,
        help="Only claims in this state (--state retired lists retired ones)."),
)
def list_claims(fmt: str, all_states: bool, here: bool, claim_type: str | None,
                state: str | None, settings) -> None:
    """List the claims in your memory store."""
    _quick_exit_process()
    from .memory_present import list_output, list_rows

    path = store_path()
    workspace = None
    if here:
        from ..workspace import workspace_id

        workspace = workspace_id(current_cwd())
    rows = list_rows(path, time.time(), all_states=all_states, workspace=workspace,
                     claim_type=claim_type, state=state)
    filtered = bool(here or claim_type or state)
    hooks_at = None
    if not rows and not filtered and fmt == "text":  # (the hint names them only if missing)
        from .hook_settings import hooks_installed_at

        hooks_at = hooks_installed_at(settings.claude_config_dir)
    sys.stdout.write(list_output(rows, path, fmt, filtered=filtered, hooks_at=hooks_at))


@command(CLAIM_ID_ARGUMENT, FORMAT_OPTION)
def show(claim_ref: str, fmt: str) -> None:
    """Everything known about one claim: text, evidence, state, rung, and its history (every
    event that concerns it)."""
    _quick_exit_process()
    from .memory_present import claim_history, show_claim, show_output

    path = store_path()
    try:
        claim = show_claim(path, claim_ref)
    except LookupError as exc:
        fail(str(exc))
    sys.stdout.write(show_output(claim, fmt, claim_history(path, claim.id)))


def _world_fact_hint(ref: str) -> None:
    """A world fact is not in the memory store but in a knowledge model: say which, and how
    it is removed there (`rlat profile KM --delete ID`)."""
    from .. import world
    from ..claims.log import ClaimLog
    from ..workspace import workspace_id

    ref = ref.strip().lower()
    if not ref:
        return
    for km in world.world_km_paths(workspace_id(current_cwd())):
        try:
            ids = ClaimLog(km).state().claims
        except Exception:  # noqa: BLE001 - an unreadable KM names nothing here
            continue
        hit = next((cid for cid in ids if cid.startswith(ref)), None)
        if hit:
            fail(f"{hit[:12]} is a world fact in {km}, not a claim of your memory; remove it "
                 f"with `rlat profile {km} --delete {hit[:12]}`")


@command(
    CLAIM_ID_ARGUMENT,
    Arg("--reason", default="forgotten by the user", help="Recorded with the event."),
    FORMAT_OPTION,
)
def forget(claim_ref: str, reason: str, fmt: str, settings) -> None:
    """Retire a claim. Its history stays in the store (append-only); it is no longer recalled."""
    from ..claims import events as ev
    from ..claims.model import quoting_records
    from .memory_present import find_claim

    store = open_store()
    state = store.state()
    try:
        claim = find_claim(state, claim_ref)
    except LookupError as exc:
        _world_fact_hint(claim_ref)  # (a world fact lives in a knowledge model: say which)
        fail(str(exc))
    if claim.state == "retired":
        if fmt == "json":
            emit_json({"id": claim.id, "state": "retired", "changed": False,
                       "session_records": [], "store": str(store.path)})
            return
        echo(f"Claim {claim.id} is already retired.")
        return
    # the session records that quote it go too: one of them would serve its words again
    quoting = quoting_records(state.claims.values(), claim)
    store.append([ev.state_changed(c.id, "retired", reason, actor="user")
                  for c in [claim, *quoting]], lock_timeout=settings.lock_timeout)
    if fmt == "json":
        emit_json({"id": claim.id, "state": "retired", "changed": True,
                   "session_records": [record.id for record in quoting],
                   "store": str(store.path)})
        return
    echo(f"Retired claim {claim.id} (history kept; `rlat memory show {claim.id[:12]}`).")
    for record in quoting:
        echo(f"  and the session record that quoted it: {record.id[:12]}")
