"""`rlat memory add|list|show|forget`: the experience store by hand."""

from __future__ import annotations

import shlex
import sys
import time
from datetime import UTC, datetime

import typer

from ..claims import events as ev
from ..claims.policy import CLAIM_TYPES, POLARITIES
from ..trust.rungs import rung
from ..workspace import workspace_id
from .common import (
    FORMAT_OPTION,
    OutputFormat,
    current_cwd,
    emit_json,
    fail,
    open_store,
    resolve_claim,
)
from .groups import memory_app


def _when(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%d") if ts else "-"


@memory_app.command("add")
def add(
    text: str = typer.Argument(..., help="The claim: one proposition. Use - to read stdin."),
    claim_type: str = typer.Option("convention", "--type", help=f"One of: {', '.join(CLAIM_TYPES)}."),
    polarity: str = typer.Option("factual", "--polarity", help="prefer | avoid | factual."),
    cross_workspace: bool = typer.Option(False, "--cross-workspace", help="Recall it in every workspace."),
    subject: str = typer.Option("", "--subject", help="What it is about (a repo, a service, a command)."),
    fmt: OutputFormat = FORMAT_OPTION,
) -> None:
    """Write a claim by hand. It starts with the trust of its origin: you."""
    if text == "-":
        text = sys.stdin.read()
    if claim_type not in CLAIM_TYPES:
        fail(f"unknown --type {claim_type!r}; expected one of: {', '.join(CLAIM_TYPES)}")
    if polarity not in POLARITIES:
        fail(f"unknown --polarity {polarity!r}; expected one of: {', '.join(POLARITIES)}")
    if not text.strip():
        fail("the claim text is empty; say what should be remembered")
    store = open_store()
    workspace = workspace_id(current_cwd())
    state = store.state()
    citation = ev.command_citation("rlat memory add " + shlex.quote(text.strip()))
    event = ev.proposed(text, claim_type, citations=[citation], polarity=polarity,
                        workspace=workspace, cross_workspace=cross_workspace, subject=subject,
                        observed_by="human", origin="user")
    existed = event["claim"] in state.claims
    if existed:
        event = ev.recurred(event["claim"], [citation], workspace=workspace)
        if cross_workspace:
            store.append([event, ev.marked(event["claim"], cross_workspace=True)])
        else:
            store.append([event])
    else:
        store.append([event])
    cid = event["claim"]
    if fmt is OutputFormat.json:
        emit_json({"id": cid, "new": not existed, "workspace": workspace, "store": str(store.path)})
    else:
        verb = "Recorded again (recurrence +1)" if existed else "Added"
        typer.echo(f"{verb} claim {cid} in {store.path}")


@memory_app.command("list")
def list_claims(
    fmt: OutputFormat = FORMAT_OPTION,
    all_states: bool = typer.Option(False, "--all", help="Include retired claims."),
    here: bool = typer.Option(False, "--here", help="Only claims learned in this workspace (or cross-workspace)."),
    claim_type: str | None = typer.Option(None, "--type", help="Only this claim type."),
) -> None:
    """List the claims in your memory store."""
    store = open_store()
    state = store.state()
    store.checkpoint()
    now = time.time()
    workspace = workspace_id(current_cwd()) if here else None
    claims = [
        c for c in state.claims.values()
        if (all_states or c.state != "retired")
        and (claim_type is None or c.type == claim_type)
        and (workspace is None or c.cross_workspace or workspace in c.workspaces)
    ]
    claims.sort(key=lambda c: c.updated_at, reverse=True)
    if fmt is OutputFormat.json:
        rows = []
        for c in claims:
            row = c.summary_dict()  # histories as counts; `memory show` has them in full
            row["rung"] = rung(c, now)
            rows.append(row)
        emit_json({"store": str(store.path), "count": len(rows), "claims": rows})
        return
    if not claims:
        typer.echo(f"No claims yet in {store.path}. Add one with `rlat memory add \"…\"`, "
                   "or install the hooks with `rlat memory install-hooks`.")
        return
    for c in claims:
        text = " ".join(c.text.split())
        if len(text) > 90:
            text = text[:87] + "..."
        typer.echo(f"{c.id[:12]}  {c.state:<9} {rung(c, now):<8} {c.type:<11} {text}")
    typer.echo(f"{len(claims)} claim(s) in {store.path}")


@memory_app.command("show")
def show(
    claim_ref: str = typer.Argument(..., metavar="ID", help="Claim id or a unique prefix."),
    fmt: OutputFormat = FORMAT_OPTION,
) -> None:
    """Everything known about one claim: text, evidence, state, rung, history counts."""
    state = open_store().state()
    claim = resolve_claim(state, claim_ref)
    data = claim.to_dict()
    data["rung"] = rung(claim)
    if fmt is OutputFormat.json:
        emit_json(data)
        return
    typer.echo(f"claim {claim.id}")
    typer.echo(f"  text:        {claim.text if not claim.purged else '(purged)'}")
    typer.echo(f"  type:        {claim.type} ({claim.source}, polarity {claim.polarity})")
    typer.echo(f"  state:       {claim.state}{' — ' + claim.state_reason if claim.state_reason else ''}")
    typer.echo(f"  rung:        {data['rung']} (origin {claim.origin})")
    typer.echo(f"  scope:       {claim.scope}{', cross-workspace' if claim.cross_workspace else ''}")
    typer.echo(f"  workspaces:  {', '.join(claim.workspaces) or '-'}")
    typer.echo(f"  evidence:    {claim.evidence_count} ({claim.independent_count} independent), "
               f"recurrence {claim.recurrence}")
    typer.echo(f"  created:     {_when(claim.created_at)}; updated {_when(claim.updated_at)}")
    if claim.superseded_by:
        typer.echo(f"  superseded by: {claim.superseded_by}")
    for cite in claim.evidence[:20]:
        kind = cite.get("kind", "session")
        if kind == "session":
            typer.echo(f"    - session {cite.get('session_id')} message {cite.get('message_id')} "
                       f"excerpt {cite.get('excerpt_hash')}")
        elif kind == "passage":
            typer.echo(f"    - passage {cite.get('passage_id')} ({cite.get('content_hash')})")
        else:
            typer.echo(f"    - {kind}: {cite.get('command')}")


@memory_app.command("forget")
def forget(
    claim_ref: str = typer.Argument(..., metavar="ID", help="Claim id or a unique prefix."),
    reason: str = typer.Option("forgotten by the user", "--reason", help="Recorded with the event."),
) -> None:
    """Retire a claim. Its history stays in the store (append-only); it is no longer recalled."""
    store = open_store()
    claim = resolve_claim(store.state(), claim_ref)
    if claim.state == "retired":
        typer.echo(f"Claim {claim.id} is already retired.")
        return
    store.append([ev.state_changed(claim.id, "retired", reason, actor="user")])
    typer.echo(f"Retired claim {claim.id} (history kept; `rlat memory show {claim.id[:12]}`).")
