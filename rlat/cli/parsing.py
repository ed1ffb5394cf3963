"""How a command declares its arguments, and the parser and help layout every command shares.

A command is a function marked with ``@command(Arg(...), ...)``. Each ``Arg`` holds the
arguments of one ``argparse`` ``add_argument`` call; its ``dest`` is the name of the function's
parameter that receives the value. The function's docstring is the command's help; the table of
commands (``rlat.cli.commands``) gives its one-line summary. A function with a ``settings``
parameter also receives the environment's settings (``rlat.cli.settings``). A command returns
its exit status (None: 0); anything it raises goes to the one error boundary
(``rlat.cli.errors``).

A usage error (an unknown option, a missing argument, a value out of range, two options a
command declares ``one_of``) is one line on stderr, ``rlat: error: …`` naming the ``--help`` that shows the
usage, and exit status 2.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import NoReturn


class Arg:
    """The arguments of one ``add_argument`` call, kept until the command's parser is built."""

    __slots__ = ("flags", "options")

    def __init__(self, *flags: str, **options: object) -> None:
        self.flags = flags
        self.options = options

    def but(self, **options: object) -> Arg:
        """The same argument with some options changed (another help text, other choices)."""
        return Arg(*self.flags, **{**self.options, **options})


def command(*arguments: Arg, one_of: tuple[tuple[str, ...], ...] = ()
            ) -> Callable[[Callable], Callable]:
    """Mark a function as a command taking ``arguments`` (in the order the help lists them).

    ``one_of``: groups of option strings that contradict each other (``("--check-only",
    "--repair")``; the two spellings of one option, ``("--mine", "--no-mine")``, count as two):
    given together, the command stops with a usage error, ``choose one of …``, instead of
    letting the last one silently win."""
    def mark(fn: Callable) -> Callable:
        fn.arguments = arguments
        fn.one_of = one_of
        return fn
    return mark


class IntRange:
    """An argument type: a whole number within bounds (the help states them)."""

    def __init__(self, low: int, high: int | None = None) -> None:
        self.low, self.high = low, high

    def __call__(self, text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or value < self.low or (self.high is not None and value > self.high):
            raise argparse.ArgumentTypeError(
                f"expected a whole number {self.describe()}, got {text!r}")
        return value

    def describe(self) -> str:
        if self.high is None:
            return f"at least {self.low}"
        return f"from {self.low} to {self.high}"


class FloatRange:
    """An argument type: a finite number within bounds (the help states them)."""

    def __init__(self, low: float, high: float) -> None:
        self.low, self.high = low, high

    def __call__(self, text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not self.low <= value <= self.high:  # (NaN is within no bounds)
            raise argparse.ArgumentTypeError(
                f"expected a number {self.describe()}, got {text!r}")
        return value

    def describe(self) -> str:
        return f"from {self.low:g} to {self.high:g}"


def usage_error(message: str, prog: str) -> NoReturn:
    """One line on stderr saying what is wrong and where the usage is; exit status 2."""
    from .errors import USAGE, report

    report(f"{message}; `{prog} --help` shows the usage")
    raise SystemExit(USAGE)


class Parser(argparse.ArgumentParser):
    """argparse's parser, with rlat's usage errors and a usage line built only when shown."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.one_of: tuple[tuple[str, ...], ...] = ()  # the command's (``command``)
        self.given: set[str] = set()  # the option strings of those used (``_noting``)

    def error(self, message: str) -> NoReturn:
        usage_error(message, self.prog)

    def format_usage(self) -> str:
        self.usage = self.usage or _usage(self)
        return super().format_usage()

    def format_help(self) -> str:
        self.usage = self.usage or _usage(self)
        return super().format_help()


def describe(doc: str | None) -> str:
    """A docstring as help text: its first line and the indented rest, dedented."""
    import textwrap

    first, _, rest = (doc or "").strip().partition("\n")
    return (first.strip() + "\n" + textwrap.dedent(rest)).strip()


def fill_paragraphs(text: str, width: int, indent: str = "") -> str:
    """Paragraphs re-flowed to ``width``; a paragraph with indented lines (examples, a table)
    is kept line for line."""
    import textwrap

    out = []
    for paragraph in text.split("\n\n"):
        lines = paragraph.strip("\n").split("\n")
        if any(line[:1].isspace() for line in lines):
            out.append("\n".join(indent + line for line in lines))
        else:
            out.append(textwrap.fill(" ".join(paragraph.split()), width,
                                     initial_indent=indent, subsequent_indent=indent))
    return "\n\n".join(out)


def help_width() -> int:
    import shutil

    return max(40, min(shutil.get_terminal_size().columns, 100) - 2)


class HelpFormatter(argparse.HelpFormatter):
    """argparse's layout, with the description kept in paragraphs and each option's default
    (and an integer's bounds) stated after its help."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=help_width(), max_help_position=30)

    def _format_action_invocation(self, action: argparse.Action) -> str:
        # "-k, --top-k N" rather than argparse's "-k N, --top-k N"
        if not action.option_strings or action.nargs == 0:
            return super()._format_action_invocation(action)
        metavar = self._format_args(action, action.dest.upper())
        return f"{', '.join(action.option_strings)} {metavar}"

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return fill_paragraphs(describe(text), width, indent)

    def _get_help_string(self, action: argparse.Action) -> str:
        # argparse %-formats the result: a literal % in a help text must be doubled.
        text = (action.help or "").replace("%", "%%")
        notes = []
        if isinstance(action.type, IntRange):
            notes.append(action.type.describe())
        default = action.default
        if action.option_strings and action.nargs != 0 and default not in (None, [], ()) \
                and default is not argparse.SUPPRESS and not isinstance(
                    action, argparse.BooleanOptionalAction):
            notes.append(f"default: {default}".replace("%", "%%"))
        return f"{text} ({'; '.join(notes)})" if notes else text


def _noting(action_class: type) -> type:
    """``action_class``, also noting the option string it was given as on the parser
    (``Parser.given``): what ``OneOf`` checks, whichever way argparse stores the value."""
    noting = _NOTING.get(action_class)
    if noting is None:
        def __call__(self, parser, namespace, values, option_string=None):
            parser.given.add(option_string)
            action_class.__call__(self, parser, namespace, values, option_string)
        noting = type(action_class.__name__, (action_class,), {"__call__": __call__})
        _NOTING[action_class] = noting
    return noting


_NOTING: dict[type, type] = {}


def _one_of(flags: list[str]) -> str:
    return ", ".join(flags[:-1]) + " and " + flags[-1]


def check_one_of(parser: Parser) -> None:
    """A usage error when the command line gave more than one option of a ``one_of`` group."""
    for group in parser.one_of:
        used = [flag for flag in group if flag in parser.given]
        if len(used) > 1:
            parser.error(f"choose one of {_one_of(used)}")


def parser_for(prog: str, fn: Callable) -> Parser:
    """The parser of command ``fn``, whose usage line is ``prog``."""
    parser = Parser(prog=prog, description=fn.__doc__, formatter_class=HelpFormatter,
                    allow_abbrev=False)
    parser._positionals.title = "arguments"
    parser.one_of = getattr(fn, "one_of", ())
    exclusive = {flag for group in parser.one_of for flag in group}
    for arg in fn.arguments:
        options = dict(arg.options)
        if "metavar" not in options:
            if not arg.flags[0].startswith("-"):
                options["metavar"] = arg.flags[0].upper()
            elif options.get("type") is int or isinstance(options.get("type"), IntRange):
                options["metavar"] = "N"
        action = parser.add_argument(*arg.flags, **options)
        if exclusive.intersection(action.option_strings):
            action.__class__ = _noting(type(action))
            exclusive.difference_update(action.option_strings)
    if exclusive:  # (a typo would let the options through unchecked)
        raise ValueError(f"{prog}: one_of names no option {', '.join(sorted(exclusive))}")
    return parser


def _usage(parser: Parser) -> str:
    """``rlat build -o OUTPUT [options] SOURCE [SOURCE ...]``: the required options, the rest
    of the options in one word (the help lists them), then the arguments."""
    formatter = HelpFormatter(parser.prog)
    shown = [action for action in parser._actions if action.help is not argparse.SUPPRESS]
    words = [parser.prog]
    words += [action.option_strings[0] if action.nargs == 0 else
              f"{action.option_strings[0]} {formatter._format_args(action, action.dest.upper())}"
              for action in shown if action.option_strings and action.required]
    words.append("[options]")
    words += [formatter._format_args(action, action.dest.upper())
              for action in shown if not action.option_strings]
    return " ".join(words)


def run_command(prog: str, fn: Callable, argv: list[str], settings: object) -> int:
    """Parse ``argv`` for command ``fn`` and run it; its exit status."""
    parser = parser_for(prog, fn)
    namespace = parser.parse_intermixed_args(argv)
    check_one_of(parser)
    values = vars(namespace)
    code = fn.__code__
    if "settings" in code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]:
        values["settings"] = settings
    status = fn(**values)
    return 0 if status is None else status
