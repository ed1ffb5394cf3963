"""Entry point for `rlat` and `python -m rlat`.

`rlat hook …` is dispatched first, before anything of the command line is imported: a hook
runs on every prompt and must start fast (DESIGN §4, docs/hooks.md), and it has its own
contract (always exit 0). Every other command reads the environment's settings once
(``rlat.cli.settings``) and runs inside the CLI's one error boundary
(``rlat.cli.errors.guarded``): one line on stderr and a documented exit status, never a
traceback. The command line itself (``rlat.cli.main``) imports only the module of the command
that runs.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if args and args[0] == "hook":
        from rlat.hooks.dispatch import main as hook_main

        return hook_main(args[1:])
    from rlat.cli.errors import guarded
    from rlat.cli.settings import Settings

    settings = Settings.from_env()
    return guarded(lambda: _command(args, settings), settings)


def _command(args: list[str], settings) -> int:
    if args[:1] in (["--version"], ["-V"]):
        if len(args) > 1:
            from rlat.cli.parsing import usage_error

            usage_error(f"{args[0]} takes no arguments (got {args[1]!r})", "rlat")
        from rlat import __version__

        sys.stdout.write(f"rlat {__version__}\n")
        return 0
    from rlat.cli.errors import check_home

    check_home(settings)
    from rlat.cli.main import run

    return run(args, settings)


if __name__ == "__main__":
    sys.exit(main())
