"""The typer apps. Sub-groups live here so several command modules can add to one group."""

from __future__ import annotations

import typer

_SETTINGS = {"help_option_names": ["-h", "--help"]}

app = typer.Typer(
    name="rlat",
    help="rlat: a memory for Claude Code that earns its trust.\n\n"
    "Capture what sessions learned, recall it ranked by relevance x trust, and build "
    "knowledge models (.rlat) and lenses (.lens) over your corpora.\n\n"
    "rlat --version prints the version.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings=_SETTINGS,
)

memory_app = typer.Typer(
    help="Your experience memory: claims captured from Claude Code sessions.",
    no_args_is_help=True,
    rich_markup_mode=None,
    context_settings=_SETTINGS,
)
lens_app = typer.Typer(
    help="Lenses: portable perspectives on knowledge models; they compose into team lenses.",
    no_args_is_help=True,
    rich_markup_mode=None,
    context_settings=_SETTINGS,
)

app.add_typer(memory_app, name="memory")
app.add_typer(lens_app, name="lens")
