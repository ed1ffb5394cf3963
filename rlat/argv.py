"""A tiny argument parser for the typer-free fast paths (`rlat search`, `rlat memory list|show`).

Typer costs more to import than those commands cost to run. A fast path parses only what it
fully understands and returns ``None`` for anything else (``--help``, an unknown or malformed
option, the wrong number of arguments), so the typer command handles it with its usage
messages. Must not import typer.
"""

from __future__ import annotations

from collections.abc import Callable


def parse(
    args: list[str],
    *,
    valued: dict[str, Callable[[str], object]],
    flags: tuple[str, ...] = (),
    aliases: dict[str, str] | None = None,
    positional: int,
) -> tuple[dict[str, object], list[str]] | None:
    """(options by long name, positional arguments), or None to hand over to typer.

    ``valued`` maps an option to a converter that returns the value or raises ValueError.
    Accepts ``--opt value``, ``--opt=value``, ``--`` (the rest is positional) and ``-`` as a
    positional argument."""
    aliases = aliases or {}
    opts: dict[str, object] = {flag: False for flag in flags}
    rest: list[str] = []
    i = 0
    while i < len(args):
        arg, value = args[i], None
        if arg == "--":
            rest.extend(args[i + 1 :])
            break
        if arg.startswith("--") and "=" in arg:
            arg, value = arg.split("=", 1)
        arg = aliases.get(arg, arg)
        if arg in valued:
            if value is None:
                if i + 1 >= len(args) or args[i + 1].startswith("-"):
                    return None
                value = args[i + 1]
                i += 1
            try:
                opts[arg] = valued[arg](value)
            except ValueError:
                return None
        elif arg in flags and value is None:
            opts[arg] = True
        elif arg.startswith("-") and arg != "-":
            return None
        else:
            rest.append(arg)
        i += 1
    if len(rest) != positional:
        return None
    return opts, rest


def choice(*allowed: str) -> Callable[[str], str]:
    def convert(value: str) -> str:
        if value not in allowed:
            raise ValueError(value)
        return value
    return convert


def int_at_least(low: int) -> Callable[[str], int]:
    def convert(value: str) -> int:
        number = int(value)
        if number < low:
            raise ValueError(value)
        return number
    return convert
