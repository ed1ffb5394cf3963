"""`rlat capture-attribute` and `rlat world-facts`: world facts by hand, and what serves.

(`rlat profile KM` lists world facts by class with their history via ``rlat.world.world_profile``.)
"""

from __future__ import annotations

import argparse
import errno
import os
import shlex
from datetime import UTC, datetime
from pathlib import Path

from .. import world
from ..claims.log import ClaimLog
from ..claims.policy import POLICIES, WORLD_KINDS
from ..render.framings import CRITICALITIES, world_fact_block
from ..workspace import workspace_id
from .common import (
    FORMAT_OPTION,
    SEARCH_FORMATS,
    current_cwd,
    echo,
    emit_json,
    fail,
    note_redactions,
    read_stdin_text,
)
from .parsing import Arg, command


def _when(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%d") if ts else "-"


def _read_text(raw: str) -> str:
    return read_stdin_text() if raw == "-" else raw


def resolve_world_km(explicit: str | None, workspace: str) -> tuple[Path, bool]:
    """(KM path, is_default). Either is created on first use: a world fact needs no corpus,
    and `rlat build SOURCES -o KM` adds passages to such a KM later. A new explicit KM must be
    named ``*.rlat`` in a directory that exists (a typo in a path is an error, not a file)."""
    if explicit is None:
        return world.default_km_path(workspace), True
    path = Path(explicit).expanduser()
    if not path.exists():
        if path.suffix != ".rlat":
            fail(f"{path}: no such knowledge model; a new one needs a .rlat name")
        if not path.parent.is_dir():
            # (an OSError: the boundary's "cannot access" status, as `rlat build -o` has)
            raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path))
    elif path.is_dir():
        fail(f"{path}: is a directory, not a .rlat knowledge model")
    return path, False


@command(
    Arg("km_arg", nargs="?", metavar="KM",
        help="The knowledge model (.rlat) to store the fact in. Without it the fact goes to "
             "this workspace's default KM (see `rlat world-facts --where`), created on first "
             "use."),
    Arg("raw", metavar="TEXT", help="The fact, in one sentence. Use - to read stdin."),
    Arg("extra", nargs="*", help=argparse.SUPPRESS),  # a fact left unquoted: said below
    Arg("--kind", required=True, choices=WORLD_KINDS, help=f"One of: {', '.join(WORLD_KINDS)}."),
    Arg("--attribute-key", metavar="KEY",
        help="For --kind attribute: what the value is of (e.g. \"workspace capacity\"). A newer "
             "value for the same key supersedes older ones; they stay on disk as history. "
             "Optional: an attribute without a key is a standing fact that nothing replaces "
             "(retire it with `rlat profile KM --delete ID`)."),
    Arg("--criticality", default="normal", choices=CRITICALITIES,
        help=f"One of: {', '.join(CRITICALITIES)}. High and severe facts are flagged and "
             "served first."),
    FORMAT_OPTION,
)
def capture_attribute(km_arg: str | None, raw: str, extra: list[str], kind: str,
                      attribute_key: str | None, criticality: str, fmt: str) -> None:
    """Store a world fact you state: a constraint, a falsified finding, or an attribute.

    Kinds:
      constraint  a standing rule of this environment (served in full at every session start)
      falsified   an approach already tried that failed; keep the evidence in the text
      attribute   a value of the world (served by relevance; newest value per --attribute-key)

    Examples:
      rlat capture-attribute km.rlat "The tenant is EU-only for data residency." --kind constraint
      rlat capture-attribute km.rlat "Tried MS MARCO fine-tuning; regressed 4 of 5 corpora." --kind falsified
      rlat capture-attribute "The workspace runs an F64 capacity." --kind attribute --attribute-key "workspace capacity"
    """
    if extra:
        fail(f"expected [KM] TEXT but got {2 + len(extra)} arguments; quote the fact text")
    if km_arg is None and raw.endswith(".rlat") and Path(raw).exists():
        fail(f"{raw} is a knowledge model; give the fact text after it")
    text = _read_text(raw)
    try:
        text, key = world.validate(text, kind, attribute_key, criticality)
    except world.WorldFactError as exc:
        fail(str(exc))
    workspace = workspace_id(current_cwd())
    km, is_default = resolve_world_km(km_arg, workspace)
    parts = ["rlat", "capture-attribute", km.name, "--kind", kind]
    if key:
        parts += ["--attribute-key", key]
    if criticality != "normal":
        parts += ["--criticality", criticality]
    # The citation records the invocation, not the text: a privacy purge must leave no copy.
    try:
        result = world.capture_world_fact(km, text, kind, attribute_key=key,
                                          criticality=criticality, command=shlex.join(parts),
                                          workspace=workspace)
    except world.WorldFactError as exc:
        fail(str(exc))
    if not is_default:
        world.link_km(workspace, km)
    note_redactions(result.redactions)
    if fmt == "json":
        emit_json({**result.to_dict(), "default_km": is_default, "workspace": workspace})
        return
    where = f"{km}" + (" (this workspace's default KM)" if is_default else "")
    if result.created_km and not is_default:
        echo(f"Created {km}: a knowledge model holding world facts (`rlat build SOURCES "
             f"-o {km}` adds passages to it)")
    if result.new:
        echo(f"Captured {kind} {result.claim_id} into {where}")
    else:
        echo(f"Already known: {kind} {result.claim_id} in {where} stated again "
             f"(recurrence +1{', current again' if result.reinstated else ''})")
    framing = POLICIES[kind].framing
    if framing:
        echo(f"  served in full at session start under \"{framing}\"")
    elif key:
        echo(f"  newest value for key \"{key}\"; served by relevance")
    else:
        # An unkeyed attribute is a standing fact of the world ("plugins load from
        # --plugin-dir"); only a key says which later statement replaces it.
        echo("  served by relevance; no --attribute-key, so no later value replaces it "
             "(give one for a value that changes, e.g. a version or a size)")
    for old in result.superseded:
        echo(f"  superseded older value {old} (kept on disk; see `rlat profile {km}`)")


@command(
    Arg("km", nargs="*", type=Path, metavar="KM",
        help="Knowledge models to read (default: this workspace's default KM and every KM "
             "linked to it: one a fact was captured into from here, or one deep-search or "
             "memory verify used from here)."),
    FORMAT_OPTION.but(choices=SEARCH_FORMATS,
                      help="text: a list with ids; json: data; context: the whole fenced block "
                           "(SessionStart injects it first, cut to its budget)."),
    Arg("--where", action="store_true", help="Only print the KM paths that serve here."),
)
def world_facts(km: list[Path], fmt: str, where: bool) -> None:
    """What world facts serve in this workspace: constraints and falsified findings in full,
    and the current value of every attribute."""
    workspace = workspace_id(current_cwd())
    paths = [Path(p) for p in km] if km else world.world_km_paths(workspace)
    if where:
        if fmt == "json":
            emit_json({"workspace": workspace, "default": world.default_km_path(workspace),
                       "serving": paths})
        else:
            echo(f"default KM: {world.default_km_path(workspace)}")
            for path in paths:
                echo(f"serving:    {path}")
        return
    for path in paths:
        if not path.exists():
            fail(f"{path}: no such file")
    if km:
        for path in paths:  # (a KM named here that cannot be read: its own error and status)
            ClaimLog(path).state()
    quarantined = _quarantined_agents()
    claims, attributes, _km_of, problems = world.km_world_facts(paths, quarantined=quarantined)
    if km and problems:
        fail(problems[0])
    for problem in problems:
        echo(f"rlat: warning: skipped {problem}", err=True)
    framed = world.framed_facts(claims)
    if fmt == "context":
        block = world_fact_block(framed)
        if block:
            echo(block)
        return
    if fmt == "json":
        emit_json({"workspace": workspace, "kms": paths,
                   "framed": [_row(c) for c in framed],
                   "attributes": [_row(c) for c in attributes]})
        return
    if not framed and not attributes:
        echo("No world facts serve here yet. Add one with "
             "`rlat capture-attribute \"…\" --kind constraint`.")
        return
    for kind in ("constraint", "falsified"):
        items = [c for c in framed if c.type == kind]
        if items:
            echo(POLICIES[kind].framing)
            for c in items:
                echo(f"  {c.id}  {_crit(c.criticality)}{' '.join(c.text.split())}")
    if attributes:
        echo("Attributes (served by relevance):")
        for c in attributes:
            key = f"{c.attribute_key} = " if c.attribute_key else ""
            echo(f"  {c.id}  {key}{' '.join(c.text.split())}")


def _crit(criticality: str) -> str:
    return f"[{criticality}] " if criticality in ("high", "severe") else ""


def _row(claim) -> dict:
    return {"id": claim.id, "type": claim.type, "text": claim.text,
            "criticality": claim.criticality, "key": claim.attribute_key,
            "state": claim.state, "created_at": claim.created_at}


def _quarantined_agents() -> set[str]:
    """Agents quarantined in the memory store (their KM facts serve as contested, as at
    SessionStart); none when there is no readable store."""
    from ..paths import memory_store_path

    path = memory_store_path()
    try:
        return world.quarantined_agents(ClaimLog(path).state()) if path.exists() else set()
    except Exception:  # noqa: BLE001 - an unreadable store quarantines nobody here
        return set()
