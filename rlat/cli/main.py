"""The `rlat` command line: find the command in the table, import its module, parse, run.

``rlat.cli.commands`` is the table; ``rlat.cli.parsing`` builds a command's parser from the
arguments its function declares. A group (`rlat memory`, `rlat lens`) is a table of its own;
its help, like the top level's, is printed from the table without importing any command.
"""

from __future__ import annotations

import sys

from .commands import COMMANDS, SECTIONS, GroupInfo
from .parsing import fill_paragraphs, help_width, run_command

DESCRIPTION = """rlat: a memory for Claude Code that earns its trust.

Capture what sessions learned, recall it ranked by relevance x trust, and build knowledge \
models (.rlat) and lenses (.lens) over your corpora."""


def run(argv: list[str], settings) -> int:
    """Run ``rlat ARGV``; its exit status. Errors are left to the caller's boundary."""
    return _dispatch(["rlat"], COMMANDS, argv, settings)


def _dispatch(path: list[str], table: dict, argv: list[str], settings) -> int:
    from .errors import USAGE

    prog = " ".join(path)
    if not argv:  # `rlat` or `rlat memory` alone: what there is to run, as a usage error
        sys.stderr.write(group_help(path))
        return USAGE
    word, rest = argv[0], argv[1:]
    if word in ("-h", "--help"):
        sys.stdout.write(group_help(path))
        return 0
    entry = table.get(word)
    if entry is None:
        _unknown(word, table, prog)
    if isinstance(entry, GroupInfo):
        return _dispatch([*path, word], entry.commands, rest, settings)
    # (the import statement's machinery, not importlib's: `python -X importtime` sees it)
    module = __import__(f"{__package__}.{entry.module}", fromlist=[entry.function])
    return run_command(f"{prog} {word}", getattr(module, entry.function), rest, settings)


def _unknown(word: str, table: dict, prog: str):
    from .errors import USAGE, report

    if word.startswith("-"):
        message = f"unknown option {word!r} for `{prog}`"
    else:
        import difflib

        close = difflib.get_close_matches(word, list(table), n=1)
        message = f"no command {word!r} in `{prog}`" + (
            f" (did you mean `{prog} {close[0]}`?)" if close else "")
    report(f"{message}; `{prog} --help` lists the commands")
    raise SystemExit(USAGE)


def group_help(path: list[str]) -> str:
    """The help of ``rlat`` or of a group: what it is, and its commands with their summaries."""
    width = help_width()
    top = len(path) == 1
    prog = " ".join(path)
    sections = SECTIONS if top else {"commands": _group(path).commands}
    names = [name for section in sections.values() for name in section]
    column = min(max(len(name) for name in names) + 4, 26)
    out = [f"usage: {prog} COMMAND [ARGS]..." + ("\n       rlat --version" if top else ""), ""]
    out.append(fill_paragraphs(DESCRIPTION if top else _group(path).summary, width))
    for title, section in sections.items():
        out += ["", f"{title}:"]
        for name, entry in section.items():
            out.append(_row(name, entry.summary, column, width))
    out += ["", "options:", _row("-h, --help", "show this help message and exit", column, width)]
    if top:
        out.append(_row("-V, --version", "print the version and exit", column, width))
    groups = [f"`{prog} {name}`" for name, entry in (COMMANDS if top else {}).items()
              if isinstance(entry, GroupInfo)]
    footer = f"`{prog} COMMAND --help` describes a command"
    if groups:
        footer += f"; {' and '.join(groups)} are groups: add --help to list their commands"
    out += ["", fill_paragraphs(footer + ".", width)]
    return "\n".join(out) + "\n"


def _group(path: list[str]) -> GroupInfo:
    entry = COMMANDS[path[1]]
    assert isinstance(entry, GroupInfo)
    return entry


def _row(name: str, summary: str, column: int, width: int) -> str:
    import textwrap

    first = f"  {name}".ljust(column)
    indent = " " * column
    if len(first) > column:  # a name wider than the column: the summary on the next line
        return f"  {name}\n" + textwrap.fill(summary, width, initial_indent=indent,
                                             subsequent_indent=indent)
    return textwrap.fill(summary, width, initial_indent=first, subsequent_indent=indent)
