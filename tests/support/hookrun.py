"""Run rlat's hooks as Claude Code does: a real process, JSON on stdin, stdout read back."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures" / "transcripts"


@dataclass
class HookRun:
    returncode: int
    stdout: str
    stderr: str

    @property
    def output(self) -> dict | None:
        """The hook's JSON (None when it printed nothing). Anything else fails the test:
        Claude Code would misread it."""
        text = self.stdout.strip()
        if not text:
            return None
        data = json.loads(text)
        assert isinstance(data, dict), text
        return data

    @property
    def context(self) -> str:
        out = self.output or {}
        return (out.get("hookSpecificOutput") or {}).get("additionalContext", "")


def run_hook(event: str, payload: dict | str | bytes, *, env: dict | None = None,
             timeout: float = 30) -> HookRun:
    if isinstance(payload, dict):
        data = json.dumps(payload).encode()
    elif isinstance(payload, str):
        data = payload.encode()
    else:
        data = payload
    full_env = dict(os.environ)
    full_env.update(env or {})
    proc = subprocess.run([sys.executable, "-P", "-m", "rlat", "hook", event], input=data,
                          capture_output=True, timeout=timeout, env=full_env, cwd=REPO)
    run = HookRun(proc.returncode, proc.stdout.decode("utf-8", "replace"),
                  proc.stderr.decode("utf-8", "replace"))
    assert run.returncode == 0, run.stderr
    run.output  # noqa: B018 - stdout must be empty or one JSON object
    return run


def log_lines(home: Path) -> list[str]:
    path = home / "logs" / "hooks.log"
    return path.read_text().splitlines() if path.exists() else []


# ------------------------------------------------------------------ what hook tests repeat
def add_claim(work, text: str, claim_type: str = "convention", *, cross: bool = False,
              origin: str = "user", ts: float | None = None,
              criticality: str | None = None) -> str:
    """Store a claim learned in ``work``'s workspace (as ``rlat memory add`` would); its id."""
    from rlat.claims import events as ev
    from rlat.claims.log import ClaimLog
    from rlat.paths import memory_store_path
    from rlat.workspace import workspace_id

    extra = {"criticality": criticality} if criticality else {}
    event = ev.proposed(text, claim_type, workspace=workspace_id(str(work)),
                        citations=[ev.command_citation(f"test {text[:40]}")], origin=origin,
                        cross_workspace=cross, ts=ts, **extra)
    ClaimLog(memory_store_path()).append([event])
    return event["claim"]


def start(work, session: str = "sess-1", *, env: dict | None = None, **extra) -> HookRun:
    """The SessionStart hook of a new session in ``work``."""
    return run_hook("session-start", {"session_id": session, "cwd": str(work),
                                      "hook_event_name": "SessionStart", "source": "startup",
                                      **extra}, env=env)


def prompt(work, text: str, session: str = "sess-1", prompt_id: str | None = None) -> HookRun:
    """The UserPromptSubmit hook for ``text`` typed in ``work``."""
    data = {"session_id": session, "cwd": str(work), "hook_event_name": "UserPromptSubmit",
            "prompt": text}
    if prompt_id:
        data["prompt_id"] = prompt_id
    return run_hook("user-prompt", data)


def records(session: str = "sess-1") -> list[dict]:
    """What the hooks recorded about ``session`` (its state file's lines)."""
    from rlat.paths import state_dir

    path = state_dir() / f"{session}.jsonl"
    return [json.loads(ln) for ln in path.read_text().splitlines()] if path.exists() else []


def wait_for(predicate, timeout: float = 30.0):
    """``predicate()``'s first truthy value within ``timeout`` seconds (a detached worker's
    result), else its last value."""
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    return predicate()
