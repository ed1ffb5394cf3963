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
