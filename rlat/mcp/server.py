"""`rlat mcp`: the tools of ``rlat.mcp.tools`` served over stdio with the official MCP SDK.

Imported only by the `rlat mcp` command (the SDK pulls in pydantic, anyio and starlette:
nothing on the hook path or in any other command may pay for that). Each tool answers with
the fenced, attributed text as its content, and ``structuredContent`` holding that same text
as ``context`` plus fields without free text (``rlat.mcp.tools`` says why).
A bad call or a broken store is a tool error (``isError``) with one line saying what to do;
the server itself keeps running. Calls run one at a time: the memory store and its index
cache are shared files, and a session's tool calls are short.
"""

# (No `from __future__ import annotations`: the SDK builds each tool's input schema from
# these signatures at runtime.)

import os
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, Field

from ..claims.policy import POLARITIES
from ..container import ContainerError
from . import tools
from .tools import DEFAULT_AGENT, KM_TOP_K, MAX_TOP_K, PROPOSABLE_TYPES, SEARCH_TOP_K

SERVER_NAME = "rlat"
# The env var Claude Code sets for the stdio servers it starts: the session they serve.
SESSION_ENV = "CLAUDE_CODE_SESSION_ID"

INSTRUCTIONS = (
    "rlat is this user's memory for Claude Code. memory_search recalls claims learned in "
    "earlier sessions of this workspace, each attributed with when it was first learned, how "
    "much evidence supports it and its confidence rung (low, medium, high, verified): treat "
    "them as leads to verify, not as facts. world_facts lists the standing constraints and "
    "falsified findings the user stated for this workspace. km_search searches a knowledge "
    "model (.rlat): [SOURCE] passages are ground truth, [INSIGHT] claims are summaries built "
    "on them. memory_propose records something you observed as a candidate claim with "
    "evidence; it never becomes trusted or shared except through rlat's promotion gate."
)


class Citation(BaseModel):
    """One piece of evidence: a message of a Claude Code session."""

    session_id: str | None = Field(
        None, description="Required. The Claude Code session the evidence is in.")
    message_id: str | None = Field(
        None, description="Required. The transcript message (its uuid) that shows the claim.")
    excerpt: str | None = Field(
        None, description="Optional. A few words quoted exactly from that message.")


_calls = threading.Lock()
_STARTED = time.time()


def _upgraded_since_start() -> bool:
    """Whether a file of the rlat package changed since this server started: `git pull` into an
    editable install, or a `pip install` over it, while a session kept the server running. The
    modules it imports from then on are the new version's; those loaded before are not."""
    package = Path(tools.__file__).resolve().parents[1]
    try:
        return any(max(st.st_mtime, st.st_ctime) > _STARTED
                   for st in (path.stat() for path in package.rglob("*.py")))
    except OSError:
        return False


def _answer(name: str, run: Callable[[], tools.ToolOutput]) -> CallToolResult:
    """Run one tool; every failure becomes a tool error with a clear message."""
    with _calls:
        try:
            out = run()
        except tools.ToolInputError as exc:
            raise ToolError(str(exc)) from None
        except ContainerError as exc:
            raise ToolError(f"{exc} (check the file with `rlat memory list` or "
                            "`rlat audit`)") from None
        except OSError as exc:
            raise ToolError(f"{name} could not read or write a file: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - a bug must not take the server down
            tools._log(f"{name} failed:\n{traceback.format_exc().rstrip()}")
            if _upgraded_since_start():
                raise ToolError(f"{name} failed ({exc.__class__.__name__}: {exc}): rlat's files "
                                "changed on disk since this server started (rlat was upgraded "
                                "under it), and the code it loads now does not fit what it "
                                "loaded then; restart the Claude Code session, or reconnect the "
                                "server with /mcp, to run the new version (failing after that "
                                "too, it is a bug in rlat)") from None
            raise ToolError(f"{name} failed unexpectedly ({exc.__class__.__name__}: {exc}); "
                            "this is a bug in rlat") from None
    return CallToolResult(content=[TextContent(type="text", text=out.text)],
                          structured_content={"context": out.text, **out.data})


def build_server(agent: str = DEFAULT_AGENT) -> MCPServer:
    """The MCP server with rlat's four tools. ``agent`` is who proposals are recorded as: fixed
    for the life of the server, never a tool argument (an agent cannot pick its identity)."""
    server = MCPServer(SERVER_NAME, instructions=INSTRUCTIONS, log_level="WARNING")
    read_only = ToolAnnotations(read_only_hint=True, open_world_hint=False)

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False,
                                             idempotent_hint=True, open_world_hint=False))
    def memory_search(
        query: Annotated[str, Field(description="What to recall, in words (any text works).")],
        top_k: Annotated[int, Field(ge=1, le=MAX_TOP_K,
                                    description="How many claims at most.")] = SEARCH_TOP_K,
        cwd: Annotated[str | None, Field(
            description="The project directory whose claims to recall (default: this "
                        "session's project).")] = None,
    ) -> CallToolResult:
        """Recall claims from the user's rlat memory, ranked by relevance x trust, scoped to
        this workspace (claims learned in other projects are left out unless marked
        cross-workspace). Each line shows [first learned, evidence, confidence rung, state].
        Returns the fenced, attributed block plus the same hits as structured fields."""
        return _answer("memory_search", lambda: tools.memory_search(
            query, top_k, cwd, session_id=os.environ.get(SESSION_ENV) or None))

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False,
                                             idempotent_hint=True, open_world_hint=False))
    def memory_propose(
        text: Annotated[str, Field(description="The claim: one proposition, not a paragraph "
                                               "and not two facts joined by 'and'.")],
        type: Annotated[str, Field(description="One of: " + ", ".join(PROPOSABLE_TYPES) +
                                               ". A hypothesis never promotes beyond your "
                                               "own scope.")],
        evidence: Annotated[list[Citation], Field(
            description="At least one citation; each needs session_id and message_id. No "
                        "evidence, no claim.")],
        subject: Annotated[str, Field(description="What it is about (a repo, a service, a "
                                                  "command).")] = "",
        polarity: Annotated[str, Field(description="One of: " + ", ".join(POLARITIES))]
        = "factual",
        cwd: Annotated[str | None, Field(
            description="The project directory it was learned in (default: this "
                        "session's project).")] = None,
    ) -> CallToolResult:
        """Propose a claim you observed, with evidence. It is stored as a candidate in your
        own (agent) scope, recorded as observed by you, secrets scrubbed; it earns trust only
        from outcomes, and only rlat's promotion gate can widen its scope. There is no tool
        to write or promote a claim directly."""
        cites = [c.model_dump() if isinstance(c, BaseModel) else c for c in evidence]
        return _answer("memory_propose", lambda: tools.memory_propose(
            text, type, cites, subject=subject, polarity=polarity, cwd=cwd, agent=agent))

    @server.tool(annotations=read_only)
    def km_search(
        km_path: Annotated[str, Field(description="Path of a .rlat knowledge model.")],
        query: Annotated[str, Field(description="What to look for.")],
        top_k: Annotated[int, Field(ge=1, le=MAX_TOP_K,
                                    description="How many hits at most.")] = KM_TOP_K,
        source_only: Annotated[bool, Field(description="Only source passages, no claims.")]
        = False,
    ) -> CallToolResult:
        """Search a knowledge model built with `rlat build`. Hits are labelled [SOURCE] (a
        passage of the corpus, with file:lines: ground truth) or [INSIGHT] (a claim built on
        the corpus, attributed with its confidence rung); the model's standing constraints
        and falsified findings come first, in full, under their framings."""
        return _answer("km_search", lambda: tools.km_search(km_path, query, top_k,
                                                            source_only))

    @server.tool(annotations=read_only)
    def world_facts(
        cwd: Annotated[str | None, Field(
            description="The project directory (default: this session's project).")]
        = None,
    ) -> CallToolResult:
        """The world facts the user stated for this workspace: standing constraints and
        falsified findings (in full, under their framings: follow them), and the current
        value of each attribute."""
        return _answer("world_facts", lambda: tools.world_facts(cwd))

    return server


def serve(agent: str | None = None) -> None:
    """Run the server on stdin/stdout until the client closes the connection."""
    build_server(agent or DEFAULT_AGENT).run("stdio")
