"""`rlat search` without typer: the same command, parsed by hand, for a fast start.

Importing typer and every command module costs a few hundred milliseconds; a search itself
costs tens. ``rlat/__main__.py`` hands ``rlat search …`` here first; anything this parser does
not fully understand (``--help``, a bad or unknown option, a missing argument) returns ``None``
and the typer command handles it, with its usage messages. Output is produced by
``rlat.km.present``, which the typer command uses too, so both print the same bytes.
"""

from __future__ import annotations

import sys

_FORMATS = ("text", "json", "context")


def _parse(args: list[str]) -> dict | None:
    opts = {"top_k": 10, "format": "text", "source_only": False, "include_stale": False,
            "lens": None, "budget": 8000}
    positional: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        value = None
        if arg.startswith("--") and "=" in arg:
            arg, value = arg.split("=", 1)
        if arg == "--":
            positional.extend(args[i + 1 :])
            break
        if arg in ("--top-k", "-k", "--format", "--lens", "--budget"):
            if value is None:
                if i + 1 >= len(args):
                    return None
                value = args[i + 1]
                i += 1
            if arg in ("--top-k", "-k", "--budget"):
                try:
                    number = int(value)
                except ValueError:
                    return None
                if arg == "--budget":
                    if number < 200:
                        return None
                    opts["budget"] = number
                else:
                    if number < 1:
                        return None
                    opts["top_k"] = number
            elif arg == "--format":
                if value not in _FORMATS:
                    return None
                opts["format"] = value
            else:
                opts["lens"] = value
        elif arg in ("--source-only", "--include-stale") and value is None:
            opts[arg[2:].replace("-", "_")] = True
        elif arg.startswith("-") and arg != "-":
            return None  # --help, unknown options: typer explains
        else:
            positional.append(arg)
        i += 1
    if len(positional) != 2:
        return None
    opts["km"], opts["query"] = positional
    return opts


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
    from .store import KMError, KnowledgeModel

    if not opts["query"].strip():
        return _error("the query is empty; say what to look for")
    lens = None
    if opts["lens"] and not opts["source_only"]:
        try:
            lens = load_lens(opts["lens"])
        except (ValueError, ContainerError) as exc:
            return _error(str(exc))
    try:
        model = KnowledgeModel.open(opts["km"], require_build=False)
        result = search(model, opts["query"], top_k=opts["top_k"],
                        source_only=opts["source_only"], include_stale=opts["include_stale"],
                        lens=lens)
        out = render_search(result, model, opts["km"], opts["format"], budget=opts["budget"])
    except (KMError, ContainerError) as exc:
        return _error(str(exc))
    try:
        sys.stdout.write(out)
        sys.stdout.flush()
    except BrokenPipeError:
        pass
    return 0
