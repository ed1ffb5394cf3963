"""The second provider: the user's own Claude Code CLI in headless mode, on their subscription.

Most Claude Code users have no ``ANTHROPIC_API_KEY``; they have ``claude``, logged in. This
back end answers the same ``complete(messages, schema, timeout) -> dict`` as the API one by
running, once per call::

    claude -p --output-format json --json-schema SCHEMA --model MODEL --system-prompt SYSTEM
           --tools "" --no-session-persistence --safe-mode --strict-mcp-config
           --settings '{"disableAllHooks": true}'

with the (scrubbed) conversation on stdin, never in argv (other users of the machine can read a
process's argv). Why each flag:

* ``--json-schema`` + ``--output-format json``: Claude Code offers the schema as a
  ``StructuredOutput`` tool and prints one JSON result whose ``structured_output`` holds the
  answer; rlat validates it again with :mod:`rlat.llm.schema` and rejects it whole if it does
  not match (:class:`~rlat.llm.provider.InvalidResponse`).
* ``--tools ""``: no tool at all — the model reads text and answers, it cannot run anything.
* ``--no-session-persistence``: no transcript is written, so this call never becomes a session
  that rlat's own capture would read back.
* ``--safe-mode``, ``--settings '{"disableAllHooks": true}'``, ``--strict-mcp-config`` and
  ``RLAT_HOOKS_DISABLED=1`` in the child's environment: no hook (rlat's or anyone's), plugin,
  CLAUDE.md, or MCP server runs — in particular rlat's hooks cannot recurse into another
  capture. The child also runs in an empty temporary directory, so no project file is read.
* ``--system-prompt``: rlat's prompt replaces Claude Code's long default one.

The whole-call budget (``RLAT_LLM_TIMEOUT``; default 60 s for this back end, since it starts a
Node process and runs in the background worker) is a deadline: when it passes, the CLI's
process group is killed (it runs in its own session) and the call fails as a timeout. Claude
Code retries API errors itself, so rlat makes one attempt.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import tempfile
import time
from collections.abc import Mapping, Sequence

from .provider import (
    CLAUDE_CLI,
    CallRecord,
    InvalidResponse,
    ProviderError,
    ProviderUnavailable,
    Settings,
    TransientFailure,
    _one_line,
    prepare,
)
from .schema import ValidationError, validate

# Settings for the child only: whatever the user's or a project's settings say, no hook runs.
CHILD_SETTINGS = json.dumps({"disableAllHooks": True})
FALLBACK_SYSTEM = "Answer with the structured result only."
KILL_GRACE_SECONDS = 0.5


class ClaudeCliProvider:
    """``claude -p`` as a structured-output model call (see the module docstring)."""

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings.from_env(provider=CLAUDE_CLI)
        self.last_call = CallRecord(provider=CLAUDE_CLI)

    def complete(self, messages: Sequence[Mapping[str, str]], schema: dict,
                 timeout: float | None = None, **_api_only: object) -> dict:
        """Ask the model through the CLI; return the schema-valid JSON object it produced.
        ``timeout`` bounds the whole call and never exceeds the configured budget.
        (Keyword arguments only the API back end uses, e.g. ``max_tokens``, are ignored.)"""
        system, turns, budget = prepare(messages, schema, timeout, self.settings)
        binary = self.settings.claude_bin
        if not binary:
            raise ProviderUnavailable("LLM unavailable: the claude CLI is not on PATH")
        argv = [binary, "-p", "--output-format", "json", "--json-schema", json.dumps(schema),
                "--model", self.settings.model, "--system-prompt", system or FALLBACK_SYSTEM,
                "--tools", "", "--no-session-persistence", "--safe-mode", "--strict-mcp-config",
                "--settings", CHILD_SETTINGS]
        record = self.last_call = CallRecord(attempts=1, provider=CLAUDE_CLI)
        start = time.monotonic()
        try:
            out, err, code = _run(argv, _prompt(turns), budget)
        except ProviderError as exc:
            record.errors.append(str(exc))
            raise
        finally:
            record.elapsed = time.monotonic() - start
        try:
            return _answer(out, err, code, schema)
        except ProviderError as exc:
            record.errors.append(str(exc))
            raise


def child_env(env: Mapping[str, str] | None = None) -> dict[str, str]:
    """The CLI's environment: the user's (their login, their PATH), rlat's hooks off, and not
    marked as running inside a Claude Code session (the worker inherits that mark)."""
    out = dict(os.environ if env is None else env)
    out.pop("CLAUDECODE", None)
    out["RLAT_HOOKS_DISABLED"] = "1"
    return out


def _prompt(turns: list[dict]) -> str:
    """One user turn is sent as is; a longer conversation is laid out turn by turn."""
    if len(turns) == 1:
        return turns[0]["content"]
    return "\n\n".join(f"<{t['role']}>\n{t['content']}\n</{t['role']}>" for t in turns)


def _run(argv: list[str], prompt: str, budget: float) -> tuple[bytes, bytes, int]:
    deadline = time.monotonic() + budget
    with tempfile.TemporaryDirectory(prefix="rlat-llm-") as workdir:
        try:
            proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, cwd=workdir, env=child_env(),
                                    start_new_session=True)
        except OSError as exc:
            raise ProviderUnavailable(
                f"LLM unavailable: cannot run the claude CLI ({_one_line(exc)})") from None
        try:
            out, err = proc.communicate(prompt.encode("utf-8"),
                                        timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            raise TransientFailure(
                f"LLM call timed out after {budget:g}s (the claude CLI was stopped; "
                f"budget RLAT_LLM_TIMEOUT={budget:g}s)") from None
        except BaseException:
            _kill_group(proc)
            raise
    return out, err, proc.returncode


def _kill_group(proc: subprocess.Popen) -> None:
    """Stop the CLI and everything it started (its own process group), then reap it."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except (ProcessLookupError, PermissionError, OSError):
            break
        try:
            proc.wait(timeout=KILL_GRACE_SECONDS)
            break
        except subprocess.TimeoutExpired:
            continue
    try:
        proc.communicate(timeout=KILL_GRACE_SECONDS)
    except (subprocess.TimeoutExpired, ValueError, OSError):
        proc.kill()


def _answer(out: bytes, err: bytes, code: int, schema: dict) -> dict:
    text = out.decode("utf-8", "replace").strip()
    try:
        result = json.loads(text.splitlines()[-1]) if text else None
    except ValueError:
        result = None
    if not isinstance(result, dict):
        detail = _one_line(err.decode("utf-8", "replace") or text or "no output")
        if "unknown option" in detail:
            raise ProviderUnavailable(
                f"LLM unavailable: this claude CLI is too old for rlat ({detail}); "
                f"update it (claude update)")
        raise ProviderError(f"LLM call failed: the claude CLI exited {code} ({detail})")
    if result.get("is_error"):
        said = _one_line(result.get("result") or result.get("subtype") or "error")
        if "login" in said.lower() or "logged in" in said.lower():
            raise ProviderUnavailable(
                f"LLM unavailable: the claude CLI is not logged in ({said}); run `claude` "
                f"once and log in, or set ANTHROPIC_API_KEY")
        if result.get("subtype") == "error_max_structured_output_retries":
            raise InvalidResponse("LLM answer rejected: the model did not produce the "
                                  "structured result (claude CLI gave up retrying)")
        status = result.get("api_error_status")
        if status in (429, 529) or (isinstance(status, int) and status >= 500):
            raise TransientFailure(f"LLM call failed: HTTP {status} via the claude CLI ({said})")
        raise ProviderError(f"LLM call failed: the claude CLI said: {said}")
    answer = result.get("structured_output")
    if answer is None:
        raise InvalidResponse("LLM answer rejected: the claude CLI answered without a "
                              "structured result")
    try:
        validate(answer, schema)
    except ValidationError as exc:
        raise InvalidResponse(f"LLM answer rejected: does not match the schema ({exc})") from None
    return answer
