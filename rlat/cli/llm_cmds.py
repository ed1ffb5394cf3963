"""`rlat mine TRANSCRIPT.jsonl`: run the four-gate world-fact miner on a session by hand."""

from __future__ import annotations

from pathlib import Path

from ..capture.pipeline import CaptureError
from .common import (
    CWD_OPTION,
    FORMAT_OPTION,
    TRANSCRIPT_ARGUMENT,
    echo,
    emit_json,
    fail,
    project_dir,
)
from .parsing import Arg, command


@command(
    TRANSCRIPT_ARGUMENT,
    CWD_OPTION,
    Arg("--km", type=Path,
        help="The knowledge model to write into. Default: the workspace's own KM "
             "(<rlat home>/workspaces/<name>-<hash>.rlat)."),
    Arg("--session-id", metavar="ID",
        help="Override the session id (default: the transcript's own)."),
    Arg("--dry-run", action="store_true", help="Show what would land; write nothing."),
    FORMAT_OPTION,
)
def mine(transcript: Path, cwd: str | None, km: Path | None, session_id: str | None,
         dry_run: bool, fmt: str) -> int | None:
    """Mine the world facts you stated in a session into a knowledge model.

    Reads only what the user typed. A fact lands only if it passes all four gates: durable;
    stated by the user (not the assistant, not a pasted document, not a hypothetical);
    premise-bearing; about the world, not the person. Needs a model: ANTHROPIC_API_KEY, or the
    claude CLI on PATH (your subscription; the model is RLAT_MODEL, default claude-haiku-4-5). Review what landed with `rlat profile KM`."""
    from ..llm.session_tasks import mine_world_facts

    cwd = project_dir(cwd, "--cwd")
    try:
        result = mine_world_facts(transcript, cwd=cwd, session_id=session_id, km_path=km,
                                  dry_run=dry_run)
    except CaptureError as exc:
        fail(str(exc))
    # (a locked or damaged knowledge model reaches the boundary: statuses 4 and 3)
    if fmt == "json":
        emit_json(result.to_dict())
        return 1 if result.mode == "skipped" else 0
    if result.mode == "skipped":
        from ..llm.provider import unavailable_reason

        # (the skill is the way round no model at all, not round a model that failed)
        hint = (" (the miner needs a model; without a key, the rlat-learn skill mines on your "
                "Claude subscription)") if unavailable_reason() else ""
        fail(f"{result.fallback_reason}{hint}")
    echo(result.receipt or f"[rlat] No world fact learned from {transcript.name}")
    for item in result.claims:
        echo(f"  {'would land' if dry_run else 'landed'}: {item}")
    for dropped in result.dropped:
        echo(f"  dropped: {dropped['text']}  ({dropped['reason']})")
    if not dry_run and result.claims:
        echo(f"  review: rlat profile {result.target}")
