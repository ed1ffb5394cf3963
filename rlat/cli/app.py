"""Assemble the CLI: every command module registers itself on the shared apps on import."""

from __future__ import annotations

import importlib

from .groups import app

# Each module adds its commands to the apps in groups.py when imported. A module that does not
# exist yet is simply absent from the CLI.
COMMAND_MODULES = (
    "memory_cmds",
    "admin_cmds",
    "capture_cmds",
    "km_cmds",
    "corpus_cmds",
    "world_cmds",
    "lens_cmds",
    "trust_cmds",
    "install_cmds",
    "llm_cmds",
    "demo_cmds",
    "mcp_cmds",
)


def _load() -> None:
    for name in COMMAND_MODULES:
        importlib.import_module(f"{__package__}.{name}")


def run(args: list[str]) -> int:
    """Run the typer app. Errors are left to the caller's boundary (``rlat.cli.errors``)."""
    _load()
    try:
        app(args=args, prog_name="rlat", standalone_mode=True)
    except SystemExit as exc:
        code = exc.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    return 0
