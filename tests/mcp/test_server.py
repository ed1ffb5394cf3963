"""`rlat mcp` driven through the MCP SDK's own stdio client: a real ``python -m rlat mcp``
subprocess, real stores under RLAT_HOME, real transcripts; no mocks."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from support.cli import run_rlat

from rlat.claims import events as ev
from rlat.claims.log import ClaimLog
from rlat.paths import memory_store_path
from rlat.workspace import workspace_id

REPO = Path(__file__).resolve().parents[2]
TOOLS = {"memory_search", "memory_propose", "km_search", "world_facts"}
CONVENTION = "Run the tests with make check, never pytest directly."
ELSEWHERE = "Deploys of the billing service go through the blue-green script."
LEARNED = time.time() - 10 * 86_400  # recent: within every TTL
TOKEN = "ghp_" + "MCPfake0123456789abcdefMCPfake0123456"  # a real PAT shape (ghp_ + 36)


def call(cwd: Path, steps, *, env: dict | None = None, args: tuple[str, ...] = ()):
    """Start `python -m rlat mcp` in ``cwd`` and run ``await steps(session)`` against it."""
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "rlat", "mcp", *args], cwd=str(cwd),
        env={"RLAT_HOME": os.environ["RLAT_HOME"], "PYTHONPATH": str(REPO),
             "HOME": os.environ.get("HOME", str(cwd)), **(env or {})})

    async def main():
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            return await steps(session)

    return asyncio.run(main())


def text_of(result) -> str:
    return "\n".join(block.text for block in result.content if block.type == "text")


@pytest.fixture
def project(tmp_path) -> Path:
    path = tmp_path / "project"
    path.mkdir()
    return path


@pytest.fixture
def other(tmp_path) -> Path:
    path = tmp_path / "other"
    path.mkdir()
    return path


def seed(project: Path, other: Path) -> tuple[str, str]:
    here = ev.proposed(CONVENTION, "convention", workspace=workspace_id(str(project)),
                       citations=[ev.session_citation("s-old", "m-1", "h"),
                                  ev.session_citation("s-older", "m-2", "h")], ts=LEARNED)
    away = ev.proposed(ELSEWHERE, "convention", workspace=workspace_id(str(other)),
                       citations=[ev.session_citation("s-x", "m-3", "h")], ts=LEARNED)
    ClaimLog(memory_store_path()).append([here, away])
    return here["claim"], away["claim"]


def test_tools_listed_and_memory_search_recalls_with_attribution(project, other):
    here, away = seed(project, other)

    async def steps(s):
        listed = await s.list_tools()
        found = await s.call_tool("memory_search", {"query": "how do I run the tests"})
        scoped = await s.call_tool("memory_search", {"query": "deploy billing service"})
        there = await s.call_tool("memory_search", {"query": "deploy billing service",
                                                    "cwd": str(other)})
        return listed, found, scoped, there

    listed, found, scoped, there = call(project, steps, env={"CLAUDE_CODE_SESSION_ID": "s-now"})
    names = {t.name for t in listed.tools}
    assert names == TOOLS  # and nothing that writes a wider scope or promotes
    propose = next(t for t in listed.tools if t.name == "memory_propose")
    assert set(propose.input_schema["required"]) == {"text", "type", "evidence"}
    assert "scope" not in propose.input_schema["properties"]

    assert found.is_error is False
    body = text_of(found)
    assert body.startswith("<rlat-context") and CONVENTION in body
    first = time.strftime("%Y-%m-%d", time.gmtime(LEARNED))
    # attribution: first learned, independent evidence, rung (observer "human": not shown)
    assert f"[{first}, 2 independent sessions, " in body
    # Structured content: the same fenced text as "context", and fields carrying no text of
    # their own (Claude Code shows structured content to the model in place of the text).
    assert found.structured_content["context"] == body
    assert CONVENTION not in json.dumps({k: v for k, v in found.structured_content.items()
                                         if k != "context"})
    (hit,) = found.structured_content["hits"]
    assert hit["id"] == here and hit["rung"] in ("low", "medium", "high", "verified")
    assert hit["evidence_count"] == 2 and hit["first_learned"] == first
    assert hit["scope"] == "agent" and hit["state"] == "candidate"
    assert found.structured_content["workspace"] == workspace_id(str(project))

    # Workspace scoping: the other project's claim is not recalled here, but is with its cwd.
    assert ELSEWHERE not in text_of(scoped) and scoped.structured_content["hits"] == []
    assert ELSEWHERE in text_of(there)

    # Read lineage: what the tool returned is recorded as injected into this session.
    injected = [e for e in ClaimLog(memory_store_path()).events() if e["kind"] == "injected"]
    assert [(e["session_id"], e["claims"]) for e in injected] == [
        ("s-now", [here]), ("s-now", [away])]


def _transcript(home: Path, session_id: str) -> tuple[Path, str]:
    folder = home / ".claude" / "projects" / "-tmp-project"
    folder.mkdir(parents=True)
    uuid = "5b1e8a52-0000-4000-8000-000000000001"
    line = {"type": "user", "uuid": uuid, "sessionId": session_id, "cwd": "/tmp/project",
            "timestamp": "2026-11-30T10:00:00.000Z",
            "message": {"role": "user", "content": "The staging database listens on port "
                                                   "6543, not 5432."}}
    path = folder / f"{session_id}.jsonl"
    path.write_text(json.dumps(line) + "\n")
    return path, uuid


def test_memory_propose_is_evidence_gated_scrubbed_and_agent_scoped(project, other, tmp_path):
    home = tmp_path / "home"
    _path, uuid = _transcript(home, "sess-1")
    claim = f"The staging database listens on port 6543 (password={TOKEN})."
    good = {"session_id": "sess-1", "message_id": uuid, "excerpt": "listens on port 6543"}

    async def steps(s):
        out = {}
        out["no_message"] = await s.call_tool("memory_propose", {
            "text": claim, "type": "environment", "evidence": [{"session_id": "sess-1"}]})
        out["no_session"] = await s.call_tool("memory_propose", {
            "text": claim, "type": "environment", "evidence": [{"message_id": uuid}]})
        out["none"] = await s.call_tool("memory_propose", {
            "text": claim, "type": "environment", "evidence": []})
        out["unresolved"] = await s.call_tool("memory_propose", {
            "text": claim, "type": "environment",
            "evidence": [{"session_id": "sess-1", "message_id": "not-a-message"}]})
        out["misquoted"] = await s.call_tool("memory_propose", {
            "text": claim, "type": "environment",
            "evidence": [{**good, "excerpt": "listens on port 9999"}]})
        out["world"] = await s.call_tool("memory_propose", {
            "text": "Never deploy on Fridays.", "type": "constraint", "evidence": [good]})
        out["ok"] = await s.call_tool("memory_propose", {
            "text": claim, "type": "environment", "evidence": [good], "subject": "staging"})
        out["again"] = await s.call_tool("memory_propose", {
            "text": claim, "type": "environment", "evidence": [good], "subject": "staging"})
        out["unverifiable"] = await s.call_tool("memory_propose", {
            "text": "The flake is a scheduling artifact.", "type": "hypothesis",
            "evidence": [{"session_id": "sess-elsewhere", "message_id": "m9"}]})
        out["recall"] = await s.call_tool("memory_search", {"query": "staging database port"})
        return out

    out = call(project, steps, env={"HOME": str(home)}, args=("--agent", "cc-03"))
    for name in ("no_message", "no_session", "none", "unresolved", "misquoted", "world"):
        assert out[name].is_error is True, name
    assert "no evidence, no claim" in text_of(out["no_message"])
    assert "no message_id" in text_of(out["no_message"])
    assert "no session_id" in text_of(out["no_session"])
    assert "not in session sess-1's transcript" in text_of(out["unresolved"])
    assert "excerpt is not in message" in text_of(out["misquoted"])
    assert "type must be one of" in text_of(out["world"])

    ok = out["ok"]
    assert ok.is_error is False, text_of(ok)
    data = ok.structured_content
    assert data["action"] == "proposed" and data["state"] == "candidate"
    assert data["scope"] == "agent" and data["observed_by"] == "cc-03"
    assert data["verified_citations"] == 1 and data["redactions"]
    assert out["again"].structured_content["action"] == "already_recorded"
    assert out["unverifiable"].is_error is False
    assert out["unverifiable"].structured_content["verified_citations"] == 0

    state = ClaimLog(memory_store_path()).state()
    assert len(state.claims) == 2  # the rejected calls stored nothing
    stored = state.claims[data["claim_id"]]
    assert stored.scope == "agent" and stored.state == "candidate"
    assert stored.observed_by == "cc-03" and stored.type == "environment"
    assert stored.workspaces == [workspace_id(str(project))]
    (cite,) = stored.evidence
    assert cite["session_id"] == "sess-1" and cite["message_id"] == uuid
    assert cite["verified"] is True and cite["excerpt"] == "listens on port 6543"
    dump = json.dumps(list(ClaimLog(memory_store_path()).events()))
    assert TOKEN not in dump and TOKEN[:12] not in dump
    assert "[REDACTED:" in stored.text
    assert "6543" in text_of(out["recall"])


def test_a_proposal_never_widens_an_existing_claims_scope(project, other):
    wid = workspace_id(str(project))
    base = ev.proposed(CONVENTION, "convention", workspace=wid,
                       citations=[ev.session_citation("s1", "m1", "h")])
    ClaimLog(memory_store_path()).append([base, ev.promoted(base["claim"], "repo", "gate")])

    async def steps(s):
        return await s.call_tool("memory_propose", {
            "text": CONVENTION, "type": "convention",
            "evidence": [{"session_id": "s2", "message_id": "m7"}]})

    result = call(project, steps)
    assert result.is_error is False
    assert result.structured_content["action"] == "recurred"
    kinds = [e["kind"] for e in ClaimLog(memory_store_path()).events()]
    assert kinds == ["proposed", "promoted", "recurred"]  # evidence added, nothing promoted
    claim = ClaimLog(memory_store_path()).state().claims[base["claim"]]
    assert claim.scope == "repo" and len(claim.sessions) == 2


def test_a_purged_claims_text_proposed_again_is_refused_and_nothing_recorded(project, other):
    base = ev.proposed(CONVENTION, "convention", workspace=workspace_id(str(project)),
                       citations=[ev.session_citation("s1", "m1", "h")])
    ClaimLog(memory_store_path()).append([base])
    purged = run_rlat("compact", str(memory_store_path()), "--purge", base["claim"])
    assert purged.returncode == 0, purged.stderr
    before = list(ClaimLog(memory_store_path()).events())

    async def steps(s):
        return await s.call_tool("memory_propose", {
            "text": CONVENTION, "type": "convention",
            "evidence": [{"session_id": "s2", "message_id": "m7"}]})

    result = call(project, steps)
    assert result.is_error is True and "purged" in text_of(result)
    assert list(ClaimLog(memory_store_path()).events()) == before


def test_km_search_and_world_facts(project, other, tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "deploy.md").write_text("# Deploying\n\nThe release train leaves every Tuesday; "
                                    "run `make release` from a clean checkout.\n")
    for name, body in (("style", "Use four spaces, never tabs."),
                       ("testing", "Run the unit tests before every push."),
                       ("oncall", "The pager rotates weekly among the backend team."),
                       ("layout", "Sources live in src, tests in tests.")):
        (docs / f"{name}.md").write_text(f"# {name.title()}\n\n{body}\n")
    km = tmp_path / "docs.rlat"
    built = run_rlat("build", str(docs), "-o", str(km))
    assert built.returncode == 0, built.stderr
    for args in (("capture-attribute", str(km), "Releases need two approvals.", "--kind",
                  "constraint"),
                 ("capture-attribute", "The staging tenant is EU-only.", "--kind", "constraint"),
                 ("capture-attribute", "Tried caching wheels in CI; builds got slower.",
                  "--kind", "falsified"),
                 ("capture-attribute", "The cluster runs 12 nodes.", "--kind", "attribute",
                  "--attribute-key", "cluster size")):
        out = run_rlat(*args, cwd=project)
        assert out.returncode == 0, out.stderr

    async def steps(s):
        return (await s.call_tool("km_search", {"km_path": str(km), "query": "release train"}),
                await s.call_tool("km_search", {"km_path": str(km), "query": "release",
                                                "source_only": True}),
                await s.call_tool("km_search", {"km_path": str(tmp_path / "nope.rlat"),
                                                "query": "release"}),
                await s.call_tool("world_facts", {}),
                await s.call_tool("world_facts", {"cwd": str(other)}))

    found, sources, missing, facts, elsewhere = call(project, steps)
    body = text_of(found)
    assert "[SOURCE] deploy.md:" in body and "release train" in body
    assert "Standing constraints for this environment:" in body  # the KM's own world facts
    labels = {h["label"] for h in found.structured_content["hits"]}
    assert labels == {"SOURCE", "INSIGHT"}
    assert {h["label"] for h in sources.structured_content["hits"]} == {"SOURCE"}
    assert missing.is_error is True and "no such knowledge model" in text_of(missing)

    world = text_of(facts)
    constraint, falsified = "Standing constraints for this environment:", \
        "Tried and falsified in this environment:"
    assert world.index(constraint) < world.index("The staging tenant is EU-only.")
    assert world.index(falsified) < world.index("Tried caching wheels in CI")
    assert "Releases need two approvals." in world  # captured into a KM linked from here
    assert "cluster size = The cluster runs 12 nodes." in world
    data = facts.structured_content
    assert len(data["constraints"]) == 2 and len(data["falsified"]) == 1
    assert data["attributes"][0]["attribute_key"] == "cluster size"
    assert "EU-only" not in text_of(elsewhere) and elsewhere.structured_content["constraints"] == []


def test_km_search_says_what_is_wrong_with_the_path_it_was_given(project, tmp_path):
    """A directory was "no such knowledge model"; a file that is no KM was told to check
    `rlat memory list`."""
    not_km = tmp_path / "notes.txt"
    not_km.write_text("just text, no knowledge model\n")

    async def steps(s):
        return (await s.call_tool("km_search", {"km_path": str(tmp_path), "query": "release"}),
                await s.call_tool("km_search", {"km_path": str(not_km), "query": "release"}))

    folder, text_file = call(project, steps)
    assert folder.is_error is True and "is a directory" in text_of(folder)
    assert "no such" not in text_of(folder)
    assert text_file.is_error is True and "not a .rlat file" in text_of(text_file)
    assert "rlat build" in text_of(text_file) and "memory list" not in text_of(text_file)


def test_km_search_names_a_fifo_for_what_it_is(project, tmp_path):
    """A path that exists is never "no such knowledge model" (and is never opened: a FIFO
    would block)."""
    import os

    fifo = tmp_path / "pipe.rlat"
    os.mkfifo(fifo)

    async def steps(s):
        return await s.call_tool("km_search", {"km_path": str(fifo), "query": "release"})

    result = call(project, steps)
    assert result.is_error is True and "a FIFO" in text_of(result)
    assert "no such" not in text_of(result)


def test_errors_are_tool_errors_and_the_server_keeps_serving(project, other):
    seed(project, other)
    store = memory_store_path()
    data = bytearray(store.read_bytes())
    data[0:16] = b"\x00" * 16  # not a container any more
    store.write_bytes(bytes(data))

    async def steps(s):
        return (await s.call_tool("memory_search", {"query": "tests"}),
                await s.call_tool("memory_search", {"query": "   "}),
                await s.call_tool("memory_search", {"query": "tests", "cwd": "/no/such/dir"}),
                await s.call_tool("memory_search", {"query": "tests", "top_k": 500}),
                await s.call_tool("world_facts", {}))

    broken, empty, bad_cwd, too_many, facts = call(project, steps)
    assert broken.is_error is True and str(store) in text_of(broken)
    assert empty.is_error is True and "query is empty" in text_of(empty)
    assert bad_cwd.is_error is True and "is not a directory" in text_of(bad_cwd)
    assert too_many.is_error is True
    assert facts.is_error is False  # still serving; the unreadable store is reported
    assert str(store) in text_of(facts) and facts.structured_content["problems"]


def test_no_other_command_or_hook_imports_the_mcp_sdk(project):
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    payload = json.dumps({"session_id": "s", "cwd": str(project), "prompt": "run the tests",
                          "hook_event_name": "UserPromptSubmit"})
    runs = [(["hook", "user-prompt"], payload), (["memory", "recall", "tests"], None),
            (["memory", "list", "--here"], None), (["--help"], None)]
    for args, stdin in runs:
        proc = subprocess.run([sys.executable, "-X", "importtime", "-m", "rlat", *args],
                              input=stdin, capture_output=True, text=True, cwd=project,
                              env=env, timeout=120)
        assert proc.returncode == 0, (args, proc.stderr[-500:])
        modules = {line.rsplit("|", 1)[-1].strip().split(".")[0]
                   for line in proc.stderr.splitlines() if line.startswith("import time:")}
        assert "rlat" in modules
        assert not modules & {"mcp", "mcp_types", "starlette", "uvicorn"}, args


def test_the_command_line():
    bad = run_rlat("mcp", "--agent", "two words")
    assert bad.returncode == 1 and bad.stdout == ""
    assert bad.stderr.startswith("rlat: error: --agent 'two words'") and "Traceback" not in bad.stderr
    helped = run_rlat("mcp", "--help")
    assert helped.returncode == 0
    assert "memory_propose" in helped.stdout and "--agent" in helped.stdout


def test_proposals_citing_sessions_nobody_can_check_are_no_independent_witnesses(project,
                                                                                  tmp_path):
    from rlat.mcp.tools import memory_propose

    store = tmp_path / "memory.rlat"
    text = "Always skip the test suite before deploying to production."
    for n in range(3):  # any session id can be typed: none of these transcripts exists here
        memory_propose(text, "convention", [{"session_id": f"made-up-{n}",
                                             "message_id": f"m{n}"}],
                       cwd=str(project), store_path=store)
    (claim,) = ClaimLog(store).state().claims.values()
    assert claim.evidence_count == 3 and claim.independent_count == 0
    proc = run_rlat("memory", "consolidate", "--dry-run", cwd=project,
                    env={"RLAT_HOME": str(tmp_path)})
    assert proc.returncode == 0 and "nothing to change" in proc.stdout, proc.stdout


def test_a_tool_that_fails_after_rlat_was_upgraded_under_the_server_says_to_restart(project,
                                                                                    tmp_path):
    # `git pull` into an editable install while a session's server runs: a module it imports
    # later is the new one, and may need a name the old, already loaded modules lack
    import shutil

    pkg = tmp_path / "pkg"
    shutil.copytree(REPO / "rlat", pkg / "rlat", ignore=shutil.ignore_patterns("__pycache__"))
    params_env = {"PYTHONPATH": str(pkg)}

    async def steps(s):
        before = await s.call_tool("world_facts", {})
        with open(pkg / "rlat" / "claims" / "model.py", "a") as fh:
            fh.write("\nA_NAME_OF_A_NEWER_RLAT = 1\n")
        path = pkg / "rlat" / "hooks" / "user_prompt.py"
        path.write_text(path.read_text().replace(
            "from __future__ import annotations\n",
            "from __future__ import annotations\n\n"
            "from ..claims.model import A_NAME_OF_A_NEWER_RLAT  # noqa: F401\n", 1))
        return before, await s.call_tool("memory_search", {"query": "tests"}), \
            await s.call_tool("world_facts", {})

    before, failed, after = call(project, steps, env=params_env)
    assert before.is_error is False and after.is_error is False
    assert failed.is_error is True
    message = text_of(failed)
    assert "changed on disk since this server started" in message, message
    assert "restart" in message and "/mcp" in message, message
