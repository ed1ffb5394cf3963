"""`rlat memory add|list|show|forget`: the experience store by hand."""

from __future__ import annotations

import shlex
import sys
import time
from enum import StrEnum

import typer

from ..claims import events as ev
from ..claims.policy import CLAIM_TYPES, POLARITIES, STATES
from ..workspace import workspace_id
from .common import (
    FORMAT_OPTION,
    OutputFormat,
    current_cwd,
    emit_json,
    fail,
    note_redactions,
    open_store,
    read_stdin_text,
    resolve_claim,
)
from .groups import memory_app
from .memory_present import claim_history, list_output, list_rows, show_output, show_state

# The choices typer checks (an unknown value is a usage error that lists the valid ones).
ClaimTypeChoice = StrEnum("ClaimTypeChoice", {name: name for name in CLAIM_TYPES})
StateChoice = StrEnum("StateChoice", {name: name for name in STATES})


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
        text = read_stdin_text()
    if claim_type not in CLAIM_TYPES:
        fail(f"unknown --type {claim_type!r}; expected one of: {', '.join(CLAIM_TYPES)}")
    if polarity not in POLARITIES:
        fail(f"unknown --polarity {polarity!r}; expected one of: {', '.join(POLARITIES)}")
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
    note_redactions(redactions)
    if fmt is OutputFormat.json:
        emit_json({"id": cid, "new": not existed, "workspace": workspace, "store": str(store.path),
                   "redactions": redactions})
    else:
        verb = "Recorded again (recurrence +1)" if existed else "Added"
        typer.echo(f"{verb} claim {cid} in {store.path}")


@memory_app.command("list")
def list_claims(
    fmt: OutputFormat = FORMAT_OPTION,
    all_states: bool = typer.Option(False, "--all", help="Include retired claims."),
    here: bool = typer.Option(False, "--here", help="Only the claims served in this workspace: learned here, cross-workspace, or with no workspace recorded."),
    claim_type: ClaimTypeChoice | None = typer.Option(None, "--type",
                                                      help="Only this claim type."),
    state: StateChoice | None = typer.Option(None, "--state",
                                             help="Only claims in this state (--state retired "
                                                  "lists retired ones)."),
) -> None:
    """List the claims in your memory store."""
    store = open_store()
    workspace = workspace_id(current_cwd()) if here else None
    rows = list_rows(store.path, time.time(), all_states=all_states, workspace=workspace,
                     claim_type=claim_type and claim_type.value, state=state and state.value)
    sys.stdout.write(list_output(rows, store.path, fmt.value,
                                 filtered=bool(here or claim_type or state)))


@memory_app.command("show")
def show(
    claim_ref: str = typer.Argument(..., metavar="ID", help="Claim id or a unique prefix."),
    fmt: OutputFormat = FORMAT_OPTION,
) -> None:
    """Everything known about one claim: text, evidence, state, rung, and its history (every
    event that concerns it)."""
    path = open_store().path
    claim = resolve_claim(show_state(path), claim_ref)
    sys.stdout.write(show_output(claim, fmt.value, claim_history(path, claim.id)))


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
