"""End to end: the real Claude Code CLI starts `rlat mcp`, offers its tools to the model, and
runs a scripted ``tool_use`` of memory_search against a seeded memory store.

Run twice: with the repository loaded as a plugin (``--plugin-dir``: the server comes from the
plugin's ``.mcp.json`` through ``hooks/rlat-mcp``), and with a plain ``--mcp-config`` file
(`claude mcp add`-style, ``python -m rlat mcp``).
"""

from __future__ import annotations

import json
import sys

import pytest
from support.claude_code import REPO, ClaudeSession
from support.messages_api import MessagesAPIServer, text, tool_use

from rlat.capture.transcript import iter_turns
from rlat.claims import events as ev
from rlat.claims.log import ClaimLog
from rlat.paths import memory_store_path
from rlat.workspace import workspace_id

pytestmark = pytest.mark.e2e

CONVENTION = "In this project the tests run with `make check`, never with pytest directly."
ELSEWHERE = "The billing service deploys through the blue-green script."
TOOLS = ("memory_search", "memory_propose", "km_search", "world_facts")


def tool_results(body: dict) -> list[dict]:
    return [block for message in body.get("messages", []) if message.get("role") == "user"
            and isinstance(message.get("content"), list)
            for block in message["content"] if block.get("type") == "tool_result"]


def result_text(block: dict) -> str:
    content = block.get("content")
    if isinstance(content, list):
        return "\n".join(part.get("text", "") for part in content if isinstance(part, dict))
    return str(content)


@pytest.mark.parametrize("mode", ["plugin", "mcp-config"])
def test_claude_code_lists_the_tools_and_memory_search_returns_real_claims(
        mode, tmp_path, rlat_home, claude_bin):
    home, project, other = tmp_path / "home", tmp_path / "project", tmp_path / "other"
    for path in (home, project, other):
        path.mkdir()
    here = ev.proposed(CONVENTION, "convention", workspace=workspace_id(str(project)),
                       citations=[ev.session_citation("s-1", "m-1", "h"),
                                  ev.session_citation("s-2", "m-2", "h")])
    away = ev.proposed(ELSEWHERE, "convention", workspace=workspace_id(str(other)),
                       citations=[ev.session_citation("s-3", "m-3", "h")])
    ClaimLog(memory_store_path()).append([here, away])

    if mode == "plugin":
        prefix, args = "mcp__plugin_rlat_rlat__", ["--plugin-dir", str(REPO)]
    else:
        config = tmp_path / "mcp.json"
        config.write_text(json.dumps({"mcpServers": {"rlat": {
            "command": sys.executable, "args": ["-P", "-m", "rlat", "mcp"],
            "env": {"PYTHONPATH": str(REPO)}}}}))
        prefix, args = "mcp__rlat__", ["--mcp-config", str(config)]
    search = prefix + "memory_search"
    api = MessagesAPIServer(tool_use(search, {"query": "how do I run the tests"}),
                            text("Run them with make check."))
    with api, ClaudeSession(cwd=project, home=home, api_url=api.url,
                            args=[*args, "--allowedTools", search],
                            env={"RLAT_HOME": str(rlat_home), "RLAT_PYTHON": sys.executable,
                                 # headless Claude Code does not wait for MCP servers to
                                 # connect unless told to (the first request could go out
                                 # without the tools)
                                 "MCP_CONNECTION_NONBLOCKING": "false"}) as session:
        result = session.send("How do I run the tests here?")
        assert result.get("is_error") is False, result
    assert api.remaining == 0, "the session did not use every scripted answer"

    # The tools arrive in the request the CLI sends to the API, with their definitions.
    first, second = api.agent_requests()[:2]
    offered = {t["name"]: t for t in first.get("tools", []) if t["name"].startswith(prefix)}
    assert set(offered) == {prefix + name for name in TOOLS}
    propose = offered[prefix + "memory_propose"]
    assert "evidence" in propose["input_schema"]["required"]
    assert "promotion gate" in propose["description"]
    assert "query" in offered[search]["input_schema"]["properties"]

    # The scripted call ran against the real server: its result, sent back in the next
    # request, holds the seeded claim, fenced and attributed, and nothing from elsewhere.
    (block,) = tool_results(second)
    body = result_text(block)
    assert not block.get("is_error"), body
    assert CONVENTION in body or json.dumps(CONVENTION)[1:-1] in body
    assert "<rlat-context" in body and "2 independent sessions" in body
    assert ELSEWHERE not in body and "blue-green" not in body

    # Read lineage: the server knew the session (CLAUDE_CODE_SESSION_ID) and recorded what it
    # returned as injected into it (as a plugin, the hooks record their own injections too).
    injected = [e for e in ClaimLog(memory_store_path()).events() if e["kind"] == "injected"
                and here["claim"] in e["claims"]]
    assert injected and {e["session_id"] for e in injected} == {session.session_id}
    if mode == "mcp-config":
        assert len(injected) == 1

    # Fencing survives Claude Code's transcript: the tool result it recorded holds the claim,
    # and capture's transcript reader strips the fenced span, so nothing of the recalled claim
    # is left to be re-learned from this session (the structured fields carry no text
    # outside the fence).
    (transcript,) = (home / ".claude" / "projects").glob(f"*/{session.session_id}.jsonl")
    assert "never with pytest directly" in transcript.read_text()
    (captured,) = [block.text for turn in iter_turns(transcript) for block in turn.blocks
                   if block.kind == "tool_result" and '"hits"' in block.text]
    assert "never with pytest directly" not in captured and "make check" not in captured
