"""Entry point for `rlat` and `python -m rlat`.

`rlat hook …` is dispatched before typer is imported: a hook runs on every prompt and must
start fast (DESIGN §4, docs/hooks.md), and it has its own contract (always exit 0). Every other
command — the typer-free fast paths and the typer app alike — runs inside the CLI's one error
boundary (``rlat.cli.errors.guarded``): one line on stderr and a documented exit status, never
a traceback.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if args and args[0] == "hook":
        from rlat.hooks.dispatch import main as hook_main

        return hook_main(args[1:])
    from rlat.cli.errors import guarded

    return guarded(lambda: _command(args))


def _command(args: list[str]) -> int:
    if args in (["--version"], ["-V"]):
        from rlat import __version__

        sys.stdout.write(f"rlat {__version__}\n")
        return 0
    from rlat.cli.errors import check_home

    check_home()
    if args and args[0] == "search":  # typer-free fast path (falls back for --help, errors)
        from rlat.km.fastcli import main as search_main

        code = search_main(args[1:])
        if code is not None:
            return code
    if args[:1] == ["mcp"]:  # the MCP server: its SDK is slow enough to import
        from rlat.mcp.cli import main as mcp_main

        code = mcp_main(args[1:])
        if code is not None:
            return code
    if args[:1] == ["memory"] and args[1:2] in (["list"], ["show"]):  # the same, for these
        from rlat.cli.fastcli import main as memory_main

        code = memory_main(args[1:])
        if code is not None:
            return code
    from rlat.cli.app import run

    return run(args)


if __name__ == "__main__":
    sys.exit(main())
