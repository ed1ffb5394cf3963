"""The LLM layer on the user's Claude subscription: the real Claude Code CLI (pinned in
tests/e2e/package.json) in headless mode, against the loopback Messages API.

The user has no ANTHROPIC_API_KEY; their ``claude`` is logged in (here: a bearer token for the
loopback server, ANTHROPIC_AUTH_TOKEN, which rlat does not read) and on PATH, and rlat's hooks
are installed in their settings. The background worker's atomic capture and miner then run on
``claude -p``: no hook recursion, no transcript of that call, no secret sent, and the budget
kills the CLI.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from support.claude_code import REPO, claude_env
from support.cli import run_rlat
from support.messages_api import MessagesAPIServer, hang, tool_use

from rlat.claims.log import ClaimLog
from rlat.llm.claude_cli import ClaudeCliProvider
from rlat.llm.provider import ProviderUnavailable, Settings, TransientFailure
from rlat.paths import memory_store_path, state_dir

pytestmark = pytest.mark.e2e

TRANSCRIPT = REPO / "tests" / "fixtures" / "transcripts" / "tool_failure.jsonl"
SESSION_ID = "0cf844d8-8cd6-4a51-8d2e-6d0f4f9b5a11"
_MSG = re.compile(r'<message id="([mu]\d+)" role="[a-z_]+">\n(.*?)\n</message>', re.DOTALL)
CONVENTION = "Tests in this repo run with make check, never pytest directly."
EXCERPT = "we always run the tests with `make check`"
GATES = {"durable": True, "stated_by_user": True, "premise_bearing": True, "about_world": True}


def cite(body: dict, excerpt: str) -> str:
    """What a model would cite: the prompt's id of the message holding ``excerpt``."""
    prompt = MessagesAPIServer.request_text(body)
    return next(alias for alias, text in _MSG.findall(prompt) if excerpt in text)


def atomic_answer(body: dict):
    return tool_use("StructuredOutput", {"facts": [{
        "text": CONVENTION, "type": "convention", "subject": "make check",
        "polarity": "factual", "resolve_within_days": None, "same_as": None,
        "evidence": [{"message": cite(body, EXCERPT), "excerpt": EXCERPT}]}]})


def miner_answer(body: dict):
    return tool_use("StructuredOutput", {"candidates": [{
        "text": "Tests in this repo run with `make check`.", "kind": "constraint",
        "attribute_key": None, "gates": GATES,
        "evidence": [{"message": cite(body, EXCERPT), "excerpt": EXCERPT}]}]})


@pytest.fixture
def user(tmp_path, rlat_home, claude_bin):
    """A subscription user: HOME with rlat's hooks installed, ``claude`` first on PATH, no
    API key."""
    home = tmp_path / "home"
    home.mkdir()
    out = run_rlat("memory", "install-hooks", "--user", env={"HOME": str(home)})
    assert out.returncode == 0, out.stderr
    assert "rlat" in (home / ".claude" / "settings.json").read_text()
    return home


def subscription_env(home: Path, api_url: str, **extra: str) -> dict:
    env = claude_env(home, api_url)
    del env["ANTHROPIC_API_KEY"]
    env["ANTHROPIC_AUTH_TOKEN"] = "loopback-subscription-token"
    env["PATH"] = f"{REPO / 'tests' / 'e2e' / 'node_modules' / '.bin'}{os.pathsep}{env['PATH']}"
    env["RLAT_PYTHON"] = sys.executable
    env.pop("RLAT_LLM_PROVIDER", None)  # chosen automatically: no key, claude on PATH
    env.update(extra)
    return env


def test_the_worker_captures_and_mines_through_claude_on_the_subscription(
        tmp_path, rlat_home, user):
    with MessagesAPIServer(atomic_answer, miner_answer) as api:
        env = subscription_env(user, api.url, RLAT_HOME=str(rlat_home), RLAT_LLM_TIMEOUT="90")
        job = rlat_home / "jobs" / "job.json"
        job.parent.mkdir(parents=True)
        job.write_text(json.dumps({
            "session_id": SESSION_ID, "transcript_path": str(TRANSCRIPT), "cwd": str(tmp_path),
            "reason": "session-end", "tasks": ["atomic", "mine"],
            "env": {"RLAT_ATOMIC_CAPTURE": "1", "RLAT_MINE_ATTRIBUTES": "1"}}))
        subprocess.run([sys.executable, "-P", "-m", "rlat.hooks.worker", str(job)], env=env,
                       cwd=tmp_path, check=True, timeout=240)
        requests = api.message_requests()
        assert api.remaining == 0 and len(api.agent_requests()) == 2

    records = [json.loads(line) for line in
               (state_dir() / f"{SESSION_ID}.jsonl").read_text().splitlines()]
    results = next(r for r in records if r["event"] == "worker")["results"]
    assert results["atomic"]["mode"] == "atomic", results["atomic"]
    assert results["atomic"]["llm"]["provider"] == "claude-cli"
    assert results["mine"]["receipt"].startswith("[rlat] Learned 1 world fact(s)")
    (claim,) = ClaimLog(memory_store_path()).state().claims.values()
    assert (claim.text, claim.type) == (CONVENTION, "convention")
    (km,) = (rlat_home / "workspaces").glob("*.rlat")
    assert [c.type for c in ClaimLog(km).state().claims.values()] == ["constraint"]

    for body in requests:
        sent = MessagesAPIServer.request_text(body)
        # Scrubbed input only: the transcript's GitHub token never leaves the machine.
        assert "ghp_" not in sent and "FAKEfake" not in sent
        # Claude Code's default system prompt is replaced by rlat's; no CLAUDE.md, no hook text.
        assert "rlat-context" not in sent
    agent = [b for b in requests if b.get("tools")]
    assert all([t["name"] for t in b["tools"]] == ["StructuredOutput"] for b in agent)
    assert {b["model"] for b in agent} == {"claude-haiku-4-5"}
    # No recursion: rlat's hooks (installed in this HOME) never ran for the CLI's sessions,
    # and the CLI kept no transcript for rlat to capture later.
    assert sorted(p.stem for p in state_dir().glob("*.jsonl")) == [SESSION_ID]
    assert not list((user / ".claude" / "projects").glob("*/*.jsonl"))


def _provider(budget: float) -> ClaudeCliProvider:
    bin_path = str(REPO / "tests" / "e2e" / "node_modules" / ".bin" / "claude")
    return ClaudeCliProvider(Settings(provider="claude-cli", claude_bin=bin_path,
                                      budget=budget))


SCHEMA = {"type": "object", "properties": {"facts": {"type": "array", "items": {
    "type": "string"}}}, "required": ["facts"], "additionalProperties": False}
MESSAGES = [{"role": "system", "content": "List the facts."},
            {"role": "user", "content": "The token is ghp_" + "E2Efake0123456789abcdefE2Efake012345"}]


def _processes_with(marker: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if marker.encode() in (entry / "environ").read_bytes():
                found.append(int(entry.name))
        except OSError:
            continue
    return found


def test_the_budget_stops_the_cli_and_its_children(monkeypatch, tmp_path, user):
    marker = f"rlat-e2e-{uuid.uuid4()}"
    with MessagesAPIServer(hang(60, then="late"), hang(60, then="late")) as api:
        for key, value in subscription_env(user, api.url, RLAT_TEST_MARK=marker).items():
            monkeypatch.setenv(key, value)
        monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
        provider = _provider(budget=6)
        started = time.monotonic()
        with pytest.raises(TransientFailure) as info:
            provider.complete(MESSAGES, SCHEMA)
        took = time.monotonic() - started
        assert api.saw("[REDACTED")  # the prompt reached the model scrubbed
        assert not api.saw("E2Efake0123456789")
    assert "timed out" in str(info.value)
    assert took < 6 + 3, took  # the budget plus the kill's grace, not the server's 60 s
    assert _processes_with(marker) == []  # the CLI's whole process group is gone


def test_a_cli_that_is_not_logged_in_is_unavailable(monkeypatch, tmp_path, claude_bin):
    home = tmp_path / "fresh-home"
    home.mkdir()
    env = claude_env(home, "http://127.0.0.1:9")
    for key in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "ANTHROPIC_AUTH_TOKEN"):
        env.pop(key, None)
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    with pytest.raises(ProviderUnavailable) as info:
        _provider(budget=30).complete(MESSAGES, SCHEMA)
    assert "not logged in" in str(info.value) and "\n" not in str(info.value)
