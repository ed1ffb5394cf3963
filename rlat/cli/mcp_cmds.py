"""`rlat mcp`: serve the memory to an agent as MCP tools over stdio (docs/mcp.md).

``rlat/__main__.py`` runs the command through ``rlat.mcp.cli`` without typer; this typer
command answers ``--help`` and malformed calls. The MCP SDK is imported only when the server
runs, never when the CLI loads: every other command (and the hook path, which never loads
the CLI) starts without it.
"""

from __future__ import annotations

import typer

from .groups import app


@app.command("mcp")
def mcp_cmd(
    agent: str | None = typer.Option(
        None, "--agent", metavar="NAME", show_default=False,
        help="Who memory_propose records as the observer (a claim's observed_by): fixed for "
             "the life of the server, never chosen by a tool call. Default: claude-code, "
             "the identity capture gives Claude Code's sessions."),
) -> None:
    """Serve rlat to an agent as MCP tools on stdin/stdout: memory_search, memory_propose,
    km_search, world_facts.

    Claude Code starts it from the plugin's .mcp.json; to add it by hand:
    claude mcp add rlat -- rlat mcp"""
    from ..mcp.cli import run

    code = run(agent)
    if code:
        raise typer.Exit(code)
