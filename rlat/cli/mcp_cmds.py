"""`rlat mcp`: serve the memory to an agent as MCP tools over stdio (docs/mcp.md).

The MCP SDK is imported inside the command, never when the CLI loads: every other command
(and the hook path, which never loads the CLI) starts without it.
"""

from __future__ import annotations

import re

import typer

from .common import fail
from .groups import app

# An agent name is recorded in every claim it proposes (``observed_by``) and named by
# `rlat quarantine AGENT`: a short, shell-safe word.
_AGENT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:@-]{0,63}")


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
    if agent is not None and not _AGENT_NAME.fullmatch(agent):
        fail(f"--agent {agent!r}: use letters, digits and . _ : @ - (at most 64 characters)")
    try:
        from ..mcp.server import serve
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] in ("mcp", "pydantic", "anyio"):
            fail(f"the MCP server needs the `mcp` package ({exc}); install it with "
                 "`pip install 'mcp>=2.3,<3'`")
        raise
    try:
        serve(agent=agent)
    except KeyboardInterrupt:
        pass
