"""`rlat mine TRANSCRIPT.jsonl`: run the four-gate world-fact miner on a session by hand."""

from __future__ import annotations

from pathlib import Path

import typer

from ..capture.pipeline import CaptureError
from ..container import ContainerError, LockTimeout
from .common import CWD_OPTION, FORMAT_OPTION, TRANSCRIPT_ARGUMENT, OutputFormat, emit_json, fail
from .groups import app


@app.command("mine")
def mine(
    transcript: Path = TRANSCRIPT_ARGUMENT,
    cwd: str | None = CWD_OPTION,
    km: Path | None = typer.Option(
        None, "--km",
        help="The knowledge model to write into. Default: the workspace's own KM "
        "(<rlat home>/workspaces/<name>-<hash>.rlat).",
    ),
    session_id: str | None = typer.Option(
        None, "--session-id", help="Override the session id (default: the transcript's own).",
    ),
    dry_run: bool = typer.Option(False, "--dry-run", help="Show what would land; write nothing."),
    fmt: OutputFormat = FORMAT_OPTION,
) -> None:
    """Mine the world facts you stated in a session into a knowledge model.

    Reads only what the user typed. A fact lands only if it passes all four gates: durable;
    stated by the user (not the assistant, not a pasted document, not a hypothetical);
    premise-bearing; about the world, not the person. Needs ANTHROPIC_API_KEY (the model is
    RLAT_MODEL, default claude-haiku-4-5). Review what landed with `rlat profile KM`."""
    from ..llm.session_tasks import mine_world_facts

    try:
        result = mine_world_facts(transcript, cwd=cwd, session_id=session_id, km_path=km,
                                  dry_run=dry_run)
    except CaptureError as exc:
        fail(str(exc))
    except LockTimeout:
        fail("the knowledge model is locked by another rlat process; try again")
    except ContainerError as exc:
        fail(str(exc))
    if fmt is OutputFormat.json:
        emit_json(result.to_dict())
        if result.mode == "skipped":
            raise typer.Exit(1)
        return
    if result.mode == "skipped":
        fail(f"{result.fallback_reason} (the miner needs a model; without a key, the rlat-learn "
             "skill mines on your Claude subscription)")
    typer.echo(result.receipt or f"[rlat] No world fact learned from {transcript.name}")
    for item in result.claims:
        typer.echo(f"  {'would land' if dry_run else 'landed'}: {item}")
    for dropped in result.dropped:
        typer.echo(f"  dropped: {dropped['text']}  ({dropped['reason']})")
    if not dry_run and result.claims:
        typer.echo(f"  review: rlat profile {result.target}")
