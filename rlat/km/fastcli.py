"""`rlat search` without typer: the same command, parsed by hand, for a fast start.

Importing typer and every command module costs a few hundred milliseconds; a search itself
costs tens. ``rlat/__main__.py`` hands ``rlat search …`` here first; anything this parser does
not fully understand (``--help``, a bad or unknown option, a missing argument) returns ``None``
and the typer command handles it, with its usage messages. Output is produced by
``rlat.km.present``, which the typer command uses too, so both print the same bytes.
"""

from __future__ import annotations

import sys

from .. import argv


def _parse(args: list[str]) -> dict | None:
    parsed = argv.parse(
        args,
        valued={"--top-k": argv.int_at_least(1), "--format": argv.choice("text", "json", "context"),
                "--lens": str, "--budget": argv.int_at_least(200)},
        flags=("--source-only", "--include-stale"), aliases={"-k": "--top-k"}, positional=2)
    if parsed is None:
        return None
    given, (km, query) = parsed
    return {"top_k": given.get("--top-k", 10), "format": given.get("--format", "text"),
            "source_only": given["--source-only"], "include_stale": given["--include-stale"],
            "lens": given.get("--lens"), "budget": given.get("--budget", 8000),
            "km": km, "query": query}


def _error(message: str) -> int:
    sys.stderr.write(f"rlat: error: {message}\n")
    return 1


def main(args: list[str]) -> int | None:
    """Run ``rlat search ARGS``; None when the typer command should handle them instead."""
    opts = _parse(args)
    if opts is None:
        return None
    from ..container import ContainerError
    from .present import render_search
    from .search import load_lens, search
    from .store import KnowledgeModel

    if not opts["query"].strip():
        return _error("the query is empty; say what to look for")
    lens = None
    if opts["lens"] and not opts["source_only"]:
        try:
            lens = load_lens(opts["lens"])
        except (ValueError, ContainerError) as exc:
            return _error(str(exc))
    # An unreadable KM raises; the boundary every command runs in (rlat.cli.errors) reports it.
    model = KnowledgeModel.open(opts["km"], require_build=False)
    result = search(model, opts["query"], top_k=opts["top_k"],
                    source_only=opts["source_only"], include_stale=opts["include_stale"],
                    lens=lens)
    out = render_search(result, model, opts["km"], opts["format"], budget=opts["budget"])
    try:
        sys.stdout.write(out)
        sys.stdout.flush()
    except BrokenPipeError:
        pass
    return 0
