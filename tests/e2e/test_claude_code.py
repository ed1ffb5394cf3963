"""The end-to-end test: the real Claude Code CLI, rlat's real hooks, a scripted loopback API.

Run twice: with the hooks installed by ``rlat memory install-hooks`` (user settings under a
throwaway HOME), and with the repository loaded as a plugin (``--plugin-dir``).

1. Session 1 in a project: the user states a convention and (by accident) a token; the
   scripted assistant runs a command that fails, then one that works. After ``claude`` exits
   the memory store holds a claim citing that session's message ids, with no token anywhere.
2. A standing constraint is captured with ``rlat capture-attribute``.
3. Session 2 in the same project: the first request the API receives carries rlat's fenced
   context with the claim from session 1, and the constraint under its framing.
4. A session in a different workspace receives neither.
5. A corrupt memory store, and a hook fed garbage on stdin, leave a session working: the API
   still receives the prompt, the constraint (stored in the workspace's KM) still arrives.
6. The background worker's result lands after ``claude`` exits (a capture handed to it).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shlex
import sys
import time
from pathlib import Path

import pytest
from support.claude_code import REPO, ClaudeSession, read_jsonl
from support.cli import run_rlat
from support.hookrun import wait_for
from support.messages_api import MessagesAPIServer, text, tool_use

from rlat.claims import events as ev
from rlat.claims.log import ClaimLog
from rlat.paths import memory_store_path

pytestmark = pytest.mark.e2e

TOKEN = "ghp_" + "E2Efake0123456789abcdefE2Efake012345"  # ghp_ + 36: a real PAT shape
CONVENTION = "In this project we always run the tests with `make check`, never pytest directly."
CONSTRAINT = "The staging tenant is EU-only for data residency."
FRAMING = "Standing constraints for this environment:"


class World:
    """A throwaway HOME, RLAT_HOME, two projects, and rlat wired into Claude Code."""

    def __init__(self, tmp: Path, mode: str, rlat_home: Path) -> None:
        self.mode = mode
        self.home = tmp / "home"
        self.home.mkdir()
        self.rlat_home = rlat_home
        self.project = self._project(tmp / "project")
        self.other = self._project(tmp / "other")
        self.stack = contextlib.ExitStack()
        self.env = {"RLAT_HOME": str(rlat_home), "RLAT_PYTHON": sys.executable}
        self.args: list[str] = []
        if mode == "plugin":
            self.args = ["--plugin-dir", str(REPO)]
        else:
            out = run_rlat("memory", "install-hooks", "--user", env={"HOME": str(self.home)})
            assert out.returncode == 0, out.stderr

    @staticmethod
    def _project(path: Path) -> Path:
        path.mkdir()
        (path / "Makefile").write_text("check:\n\tpython3 -c \"print('3 passed')\"\n")
        return path

    def server(self, *script) -> MessagesAPIServer:
        return self.stack.enter_context(MessagesAPIServer(*script))

    def session(self, cwd: Path, prompts: list[str], script: list, *, env: dict | None = None,
                args: list[str] | None = None,
                allow_unused: bool = False) -> tuple[MessagesAPIServer, ClaudeSession]:
        api = self.server(*script)
        sess = ClaudeSession(cwd=cwd, home=self.home, api_url=api.url,
                             args=[*self.args, *(args or [])], env={**self.env, **(env or {})})
        with sess:
            for prompt in prompts:
                result = sess.send(prompt)
                assert result.get("is_error") is False, result
        assert sess.proc.returncode == 0, sess.stderr
        if not allow_unused:
            assert api.remaining == 0, "the session did not use every scripted answer"
        return api, sess

    def transcript(self, sess: ClaudeSession) -> Path:
        found = list((self.home / ".claude" / "projects").glob(f"*/{sess.session_id}.jsonl"))
        assert len(found) == 1, found
        return found[0]

    def hook_log(self) -> list[str]:
        path = self.rlat_home / "logs" / "hooks.log"
        return path.read_text().splitlines() if path.exists() else []


def first_agent_request(api: MessagesAPIServer) -> str:
    return api.request_text(api.agent_requests()[0])


def event_claims() -> list:
    return [c for c in ClaimLog(memory_store_path()).state().claims.values() if c.type == "event"]


@pytest.fixture(params=["install-hooks", "plugin"])
def world(request, tmp_path, rlat_home, claude_bin):
    w = World(tmp_path, request.param, rlat_home)
    with w.stack:
        yield w


def test_memory_across_sessions(world: World):
    # ---------------------------------------------------------------- session 1: learn
    api1, s1 = world.session(
        world.project,
        [f"{CONVENTION} The deploy token is {TOKEN}. Please run the tests."],
        [tool_use("Bash", {"command": "python3 -m pytest -q tests/", "description": "Run tests"}),
         tool_use("Bash", {"command": "make check", "description": "Run tests with make"}),
         text("The tests pass with `make check` (3 passed).")],
    )
    transcript = world.transcript(s1)
    lines = read_jsonl(transcript)
    assert any(b.get("is_error") for ln in lines if ln.get("type") == "user"
               for b in (ln["message"]["content"] if isinstance(ln["message"]["content"], list)
                         else []) if isinstance(b, dict))  # the first command really failed
    uuids = {ln.get("uuid") for ln in lines}
    (claim,) = event_claims()
    assert "make check" in claim.text
    assert claim.sessions == [s1.session_id]
    cited = [c["message_id"] for c in claim.evidence if c.get("kind") == "session"]
    assert cited and set(cited) <= uuids  # it cites this session's messages
    dump = json.dumps(list(ClaimLog(memory_store_path()).events()))
    assert TOKEN not in dump and TOKEN[:12] not in dump
    for path in world.rlat_home.rglob("*"):
        if path.is_file() and path.suffix in (".jsonl", ".log", ".txt", ".json"):
            assert TOKEN not in path.read_text(errors="replace"), path

    # -------------------------------------------------- a standing constraint, by hand
    out = run_rlat("capture-attribute", CONSTRAINT, "--kind", "constraint", cwd=world.project,
                   env={"RLAT_HOME": str(world.rlat_home)})
    assert out.returncode == 0, out.stderr

    # ------------------------------------------------------- session 2: same workspace
    api2, s2 = world.session(world.project,
                             ["How should I run the tests?", "/compact", "And the deploy?"],
                             [tool_use("Bash", {"command": "cat Makefile", "description": "Read"}),
                              text("With make check."), text("Ask the release channel.")])
    first = first_agent_request(api2)
    assert "<rlat-context" in first and "make check" in first
    assert claim.text.split(".")[0][:60] in first  # the claim from session 1, attributed
    assert FRAMING in first and CONSTRAINT in first
    assert first.index(FRAMING) < first.index(CONSTRAINT)
    assert TOKEN not in json.dumps(api2.message_requests())
    # After /compact, SessionStart(source=compact) serves the standing facts again, and
    # PreCompact captured the transcript before it was compacted.
    assert FRAMING in api2.request_text(api2.agent_requests()[-1])
    records = [json.loads(ln) for ln in (world.rlat_home / "sessions" /
                                         f"{s2.session_id}.jsonl").read_text().splitlines()]
    assert [r["source"] for r in records if r["event"] == "start"] == ["startup", "compact"]
    assert any(r["event"] == "captured" and r["by"] == "pre-compact" for r in records)

    # ----------------------------------------------------- a different workspace
    api3, _s3 = world.session(world.other, ["How should I run the tests?"], [text("Not sure.")])
    other = json.dumps(api3.message_requests())
    assert "How should I run the tests?" in other
    assert "make check" not in other and CONSTRAINT not in other and "rlat-context" not in other

    # ------------------------------- corrupt store + a hook fed garbage: session still works
    store = memory_store_path()
    data = bytearray(store.read_bytes())
    data[40:80] = b"\x00" * 40
    store.write_bytes(bytes(data))
    garbage_hook = {"hooks": {"SessionStart": [{"hooks": [{
        "type": "command", "timeout": 10,
        "command": f"echo 'not json' | {shlex.quote(sys.executable)} -P -m rlat hook session-start",
    }]}]}}
    settings = world.home / "extra-settings.json"
    settings.write_text(json.dumps(garbage_hook))
    api4, s4 = world.session(world.project, ["Is the build green?"], [text("Yes.")],
                             args=["--settings", str(settings)])
    first = first_agent_request(api4)
    assert "Is the build green?" in first
    assert FRAMING in first and CONSTRAINT in first  # world facts live in the workspace's KM
    # The damage is reported with the command that salvages it: by the first hook that reads
    # the damaged bytes — SessionStart, unless the worker had just rebuilt the read model,
    # which then serves recall and leaves the report to the next fold of the whole store.
    reported = wait_for(lambda: [ln for ln in world.hook_log()
                                 if "checksum mismatch" in ln and "rlat doctor" in ln])
    assert reported, world.hook_log()
    assert any("stdin is not JSON" in ln for ln in world.hook_log())
    # Claude Code itself saw every rlat hook succeed (exit 0), with its timing recorded.
    attachments = [ln["attachment"] for ln in read_jsonl(world.transcript(s4))
                   if ln.get("type") == "attachment"
                   and ln["attachment"].get("type", "").startswith("hook_")]
    ours = [a for a in attachments if "rlat" in a.get("command", "rlat")]
    assert ours and {a["type"] for a in ours} <= {"hook_success", "hook_additional_context",
                                                  "hook_system_message"}, ours
    assert any(a["type"] == "hook_success" and "durationMs" in a for a in ours)


def test_background_worker_lands_after_claude_exits(world: World):
    """Another process holds the memory store's lock for the whole session, so SessionEnd
    cannot capture inline: it hands the capture to the detached worker. The worker must
    outlive ``claude`` and land the claim once the lock is released."""
    store = ClaimLog(memory_store_path())
    store.append([ev.proposed("An unrelated older claim", "convention", workspace="path:/elsewhere",
                              citations=[ev.command_citation("test")])])
    fd = os.open(store.path, os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        _api, sess = world.session(
            world.project, ["Please run the checks and tell me the result."],
            [tool_use("Bash", {"command": "make check", "description": "Run checks"}),
             text("Checks pass (3 passed).")],
        )
        assert sess.proc.poll() is not None  # claude has exited
        time.sleep(0.5)
        assert not [c for c in event_claims() if c.sessions == [sess.session_id]]
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)
    landed = wait_for(lambda: [c for c in event_claims() if c.sessions == [sess.session_id]])
    assert landed, world.hook_log()
    signal = world.rlat_home / "sessions" / f"{sess.session_id}.jsonl"

    def captured_records():
        # (the worker records the capture just after the claim lands: wait for that too)
        return [r for r in map(json.loads, signal.read_text().splitlines())
                if r["event"] == "captured"]

    captured = wait_for(captured_records)
    assert captured and captured[0]["by"] == "worker"
    assert any("left to the worker" in ln for ln in world.hook_log())
    # The events the hooks could not append meanwhile were spooled, then applied by the worker.
    injected = wait_for(lambda: [e for e in ClaimLog(memory_store_path()).events()
                                 if e["kind"] == "outcome" or e["kind"] == "injected"]
                        or not list((world.rlat_home / "spool").glob("*.jsonl")))
    assert injected


def test_the_repository_is_a_valid_plugin(claude_bin, tmp_path):
    import subprocess

    out = subprocess.run([str(claude_bin), "plugin", "validate", str(REPO), "--strict"],
                         capture_output=True, text=True, timeout=120,
                         env={**os.environ, "HOME": str(tmp_path)})
    assert out.returncode == 0, out.stdout + out.stderr
    assert "Validation passed" in out.stdout


def _miner(excerpt: str, fact: str, delay: float):
    """A scripted model for the world-fact miner: cites the user's message holding ``excerpt``
    (by the id the prompt gave it) and answers only after ``delay`` seconds."""
    import re

    from rlat.llm.provider import TOOL_NAME

    def answer(body):
        prompt = "\n".join(m["content"] if isinstance(m["content"], str) else json.dumps(m)
                           for m in body["messages"])
        found = [mid for mid, txt in re.findall(r'<message id="(\w+)" role="user">\n(.*?)\n'
                                               r'</message>', prompt, re.DOTALL)
                 if excerpt in txt]
        reply = tool_use(TOOL_NAME, {"candidates": [{
            "text": fact, "kind": "constraint", "attribute_key": None,
            "gates": {"durable": True, "stated_by_user": True, "premise_bearing": True,
                      "about_world": True},
            "evidence": [{"message": found[0] if found else "u1", "excerpt": excerpt}]}]})
        reply.delay = delay
        return reply
    return answer


def test_mined_world_fact_lands_after_claude_exits(world: World):
    """`install-hooks --mine` (or the plugin with RLAT_MINE_ATTRIBUTES=1): the SessionEnd hook
    hands mining to the detached worker, which asks the (slow) model after ``claude`` has
    exited; the fact lands in the workspace's KM and the next session starts with it, framed,
    and with the receipt shown to the user."""
    from rlat.workspace import workspace_id
    from rlat.world import default_km_path

    env = {}
    if world.mode == "plugin":
        env["RLAT_MINE_ATTRIBUTES"] = "1"
    else:
        out = run_rlat("memory", "install-hooks", "--user", "--mine",
                       env={"HOME": str(world.home)})
        assert out.returncode == 0, out.stderr
    fact = "The staging tenant is EU-only for data residency."
    api, sess = world.session(
        world.project,
        ["Our staging tenant is EU-only for data residency, so keep replicas in eu-west. "
         "Please run the checks."],
        [tool_use("Bash", {"command": "make check", "description": "Run checks"}),
         text("Checks pass (3 passed)."),
         _miner("staging tenant is EU-only for data residency", fact, delay=2.0)],
        env=env, allow_unused=True,
    )
    km = default_km_path(workspace_id(str(world.project)))
    assert sess.proc.poll() is not None  # claude has exited; the model has not answered yet
    assert not km.exists() or not ClaimLog(km).state().claims
    landed = wait_for(lambda: km.exists() and [c for c in ClaimLog(km).state().claims.values()
                                               if c.text == fact])
    assert landed, world.hook_log()
    assert landed[0].type == "constraint" and landed[0].sessions == [sess.session_id]
    assert api.remaining == 0  # the worker's request reached the model
    api2, s2 = world.session(world.project, ["What should I know?"], [text("Noted.")], env=env)
    first = first_agent_request(api2)
    assert FRAMING in first and fact in first
    shown = [ln["attachment"]["content"] for ln in read_jsonl(world.transcript(s2))
             if ln.get("type") == "attachment"
             and ln["attachment"].get("type") == "hook_system_message"]
    assert any("Learned 1 world fact(s)" in text_ for text_ in shown), shown
