"""Run the real Claude Code CLI (pinned in tests/e2e/package.json) against a loopback API.

CI installs it with ``npm ci --prefix tests/e2e`` before pytest. Nothing here skips: a
missing CLI is an error that says how to install it.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
E2E_DIR = REPO / "tests" / "e2e"
CLAUDE_BIN = E2E_DIR / "node_modules" / ".bin" / "claude"
INSTALL_HINT = "run `npm ci --prefix tests/e2e` (installs the pinned @anthropic-ai/claude-code)"


def pinned_version() -> str:
    return json.loads((E2E_DIR / "package.json").read_text())["dependencies"][
        "@anthropic-ai/claude-code"]


def find_claude() -> Path:
    """The pinned CLI, or RuntimeError naming the install command."""
    if not CLAUDE_BIN.exists():
        raise RuntimeError(f"the Claude Code CLI is not installed at {CLAUDE_BIN}: {INSTALL_HINT}")
    out = subprocess.run([str(CLAUDE_BIN), "--version"], capture_output=True, text=True,
                         timeout=60)
    version = pinned_version()
    if out.returncode != 0 or version not in out.stdout:
        raise RuntimeError(f"{CLAUDE_BIN} --version printed {out.stdout.strip()!r} "
                           f"(exit {out.returncode}), expected {version}: {INSTALL_HINT}")
    return CLAUDE_BIN


def claude_env(home: Path, api_url: str, extra: dict | None = None) -> dict:
    """A clean environment: a throwaway HOME, the loopback API, no traffic elsewhere."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("ANTHROPIC_", "CLAUDE_", "CLAUDECODE"))}
    env.update({
        "HOME": str(home),
        "ANTHROPIC_BASE_URL": api_url,
        "ANTHROPIC_API_KEY": "sk-ant-test-loopback-key",
        "DISABLE_TELEMETRY": "1",
        "DISABLE_ERROR_REPORTING": "1",
        "DISABLE_AUTOUPDATER": "1",
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
    })
    env.update(extra or {})
    return env


def run_claude(prompt: str | None, *, cwd: Path, home: Path, api_url: str,
               args: list[str] | tuple[str, ...] = (), env: dict | None = None,
               stdin: str | None = None, timeout: float = 120) -> subprocess.CompletedProcess:
    """``claude -p PROMPT`` with Bash allowed (the scripted assistant runs real commands)."""
    cmd = [str(find_claude()), "-p"]
    if prompt is not None:
        cmd.append(prompt)
    cmd += ["--allowedTools", "Bash", *args]
    return subprocess.run(cmd, cwd=cwd, env=claude_env(home, api_url, env), input=stdin,
                          capture_output=True, text=True, timeout=timeout)


def transcripts(home: Path) -> list[Path]:
    """Main-session transcripts Claude Code wrote under HOME, oldest first."""
    root = home / ".claude" / "projects"
    found = [p for p in root.glob("*/*.jsonl")]
    return sorted(found, key=lambda p: p.stat().st_mtime)


def read_jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


class ClaudeSession:
    """One real Claude Code session fed prompt by prompt (``--input-format stream-json``).

    ``send(prompt)`` writes one user message and waits for that turn's ``result`` event, so
    several prompts (including slash commands such as ``/compact``) run in order within one
    session. ``close()`` ends stdin; Claude Code then ends the session and runs SessionEnd.
    """

    def __init__(self, *, cwd: Path, home: Path, api_url: str,
                 args: list[str] | tuple[str, ...] = (), env: dict | None = None) -> None:
        import queue
        import threading

        cmd = [str(find_claude()), "-p", "--input-format", "stream-json",
               "--output-format", "stream-json", "--verbose", "--allowedTools", "Bash", *args]
        self.proc = subprocess.Popen(cmd, cwd=cwd, env=claude_env(home, api_url, env),
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        self.events: list[dict] = []
        self._queue: queue.Queue = queue.Queue()
        self._stderr: list[str] = []
        threading.Thread(target=self._pump, daemon=True).start()
        threading.Thread(target=lambda: self._stderr.extend(self.proc.stderr), daemon=True).start()

    def _pump(self) -> None:
        for line in self.proc.stdout:
            try:
                event = json.loads(line)
            except ValueError:
                continue
            self.events.append(event)
            self._queue.put(event)
        self._queue.put(None)

    @property
    def session_id(self) -> str | None:
        for event in self.events:
            if event.get("session_id"):
                return event["session_id"]
        return None

    def send(self, prompt: str, timeout: float = 90) -> dict:
        import queue

        message = {"type": "user", "message": {"role": "user", "content": prompt}}
        self.proc.stdin.write(json.dumps(message) + "\n")
        self.proc.stdin.flush()
        while True:
            try:
                event = self._queue.get(timeout=timeout)
            except queue.Empty:
                self.kill()
                raise TimeoutError(f"no result from claude for {prompt!r} within {timeout}s; "
                                   f"stderr: {self.stderr[-2000:]}") from None
            if event is None:
                raise RuntimeError(f"claude exited (code {self.proc.wait()}) during {prompt!r}; "
                                   f"stderr: {self.stderr[-2000:]}")
            if event.get("type") == "result":
                return event

    @property
    def stderr(self) -> str:
        return "".join(self._stderr)

    def close(self, timeout: float = 60) -> int:
        if self.proc.stdin and not self.proc.stdin.closed:
            self.proc.stdin.close()
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def __enter__(self) -> ClaudeSession:
        return self

    def __exit__(self, *exc) -> None:
        if exc[0] is None:
            self.close()
        else:
            self.kill()
