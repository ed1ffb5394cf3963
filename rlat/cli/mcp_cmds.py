"""`rlat mcp`: serve the memory to an agent as MCP tools over stdio (docs/mcp.md).

The MCP SDK is imported only when the server runs (``rlat.mcp.cli.run``), never when this
module loads: `rlat mcp --help` and every other command (and the hook path, which never loads
the CLI) start without it.
"""

from __future__ import annotations

from .parsing import Arg, command


@command(
    Arg("--agent", metavar="NAME",
        help="Who memory_propose records as the observer (a claim's observed_by): fixed for "
             "the life of the server, never chosen by a tool call. Default: claude-code, "
             "the identity capture gives Claude Code's sessions."),
)
def mcp_cmd(agent: str | None) -> int:
    """Serve rlat to an agent as MCP tools on stdin/stdout: memory_search, memory_propose,
    km_search, world_facts.

    Claude Code starts it from the plugin's .mcp.json; to add it by hand:

      claude mcp add rlat -- rlat mcp
    """
    from ..mcp.cli import run

    return run(agent)
