"""`rlat mcp`: start the server (``rlat.cli.mcp_cmds`` parses the command line).

Claude Code starts the server once per session and waits for it before offering its tools,
so the start is worth keeping short: the SDK's own import is most of it, and the command line
imports nothing else it does not need (``rlat.cli.commands``).
"""

from __future__ import annotations

import re
import sys

# An agent name is recorded in every claim it proposes (``observed_by``) and named by
# `rlat quarantine AGENT`: a short, shell-safe word.
AGENT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:@-]{0,63}")
AGENT_RULE = "use letters, digits and . _ : @ - (at most 64 characters)"
MISSING_SDK = ("the MCP server needs the `mcp` package ({exc}); install it with "
               "`pip install 'mcp>=2.3,<3'`")


def run(agent: str | None) -> int:
    """Serve until the client hangs up. 0, or 1 with one line on stderr."""
    if agent is not None and not AGENT_NAME.fullmatch(agent):
        return _error(f"--agent {agent!r}: {AGENT_RULE}")
    try:
        from .server import serve
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] in ("mcp", "mcp_types", "pydantic", "anyio"):
            return _error(MISSING_SDK.format(exc=exc))
        raise
    try:
        serve(agent=agent)
    except KeyboardInterrupt:
        pass
    return 0


def _error(message: str) -> int:
    sys.stderr.write(f"rlat: error: {message}\n")
    return 1
