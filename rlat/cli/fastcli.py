"""`rlat memory list` and `rlat memory show` without typer: parsed by hand, for a fast start.

Importing typer and every command module costs a few hundred milliseconds, as much as listing
a store of 100,000 events. ``rlat/__main__.py`` hands ``rlat memory list|show …`` here first;
anything this parser does not fully understand (``--help``, an unknown or malformed option, a
missing or extra argument) returns ``None`` and the typer command handles it, with its usage
messages. Output comes from ``rlat.cli.memory_present``, which the typer commands use too, so
both print the same bytes (tests/foundation/test_fast_cli.py). Must not import typer.
"""

from __future__ import annotations

import sys

from .. import argv

_COMMANDS = ("list", "show")


def _parse(command: str, args: list[str]) -> dict | None:
    fmt = argv.choice("text", "json")
    if command == "list":
        from ..claims.policy import CLAIM_TYPES, STATES

        # An unknown --type or --state goes to typer, whose usage error lists the valid ones.
        parsed = argv.parse(args, valued={"--format": fmt, "--type": argv.choice(*CLAIM_TYPES),
                                          "--state": argv.choice(*STATES)},
                            flags=("--all", "--here"), positional=0)
    else:
        parsed = argv.parse(args, valued={"--format": fmt}, positional=1)
    if parsed is None:
        return None
    given, positional = parsed
    return {"--format": "text", "--type": None, "--state": None, "--all": False,
            "--here": False, **given, "positional": positional}


def _error(message: str) -> int:
    sys.stderr.write(f"rlat: error: {message}\n")
    return 1


def main(args: list[str]) -> int | None:
    """Run ``rlat memory ARGS``; None when the typer command should handle them instead."""
    if not args or args[0] not in _COMMANDS:
        return None
    command = args[0]
    opts = _parse(command, args[1:])
    if opts is None:
        return None
    import gc
    import time

    # A short-lived process whose data (the fold, the rows) is acyclic and freed at exit: the
    # cyclic collector's passes over hundreds of thousands of objects would be pure cost.
    gc.disable()
    from ..paths import memory_store_path
    from .memory_present import (
        claim_history,
        find_claim,
        list_output,
        list_rows,
        show_output,
        show_state,
    )

    # An unreadable store raises; the boundary every command runs in (rlat.cli.errors) reports it.
    path = memory_store_path()
    if command == "list":
        workspace = None
        if opts["--here"]:
            import os

            from ..workspace import workspace_id

            workspace = workspace_id(os.getcwd())
        rows = list_rows(path, time.time(), all_states=opts["--all"], workspace=workspace,
                         claim_type=opts["--type"], state=opts["--state"])
        out = list_output(rows, path, opts["--format"],
                          filtered=bool(opts["--here"] or opts["--type"] or opts["--state"]))
    else:
        try:
            claim = find_claim(show_state(path), opts["positional"][0])
        except LookupError as exc:
            return _error(str(exc))
        out = show_output(claim, opts["--format"], claim_history(path, claim.id))
    try:
        sys.stdout.write(out)
        sys.stdout.flush()
    except BrokenPipeError:
        pass
    return 0
