"""Stop: record the turn's outcome signals, cheaply. No store, no index: one file read, one line.

Claude Code's transcript may lag the turn, so the final answer comes from
``last_assistant_message``; the tool calls and their results come from the transcript's tail
(the last ``TAIL_BYTES``), taking the lines of this prompt (``promptId`` = the hook's
``prompt_id``) or, without one, everything after the last prompt the user typed.

The record (one JSON line in ``rlat.paths.state_dir()/<session_id>.jsonl``) is what the trust
engine's ``rlat.trust.outcomes`` reads at session end::

    {"event": "stop", "ts", "intent_id", "tool_calls", "tool_errors",
     "tests": [{"command", "passed"}], "recovered", "last_assistant_message"}
"""

from __future__ import annotations

import os
import re
import time

from .. import patterns
from ..capture.jsonl import line_value
from ..special_files import open_regular
from .runtime import HookContext, append_record, plain_words

rx = patterns.compiler(__name__)  # re.compile, kept compiled between processes

TAIL_BYTES = 512 * 1024
MESSAGE_CHARS = 1000
COMMAND_CHARS = 200

# Commands that run a test suite (or a project's check target).
TEST_COMMAND = rx(
    r"""(?:^|[\s;&|(])(?:
          (?:python\d?(?:\.\d+)?\s+-m\s+)?(?:pytest|py\.test|unittest|nose2?|tox|nox)
        | (?:npm|pnpm|yarn|bun)\s+(?:run\s+)?test
        | npx\s+(?:jest|vitest|mocha)|jest|vitest|mocha|karma
        | go\s+test|cargo\s+(?:test|nextest)|ctest
        | make\s+(?:test|tests|check)|just\s+test
        | mvn\s+(?:test|verify)|gradlew?\s+test|rspec|rake\s+test|phpunit|dotnet\s+test
        | mix\s+test|swift\s+test|deno\s+test
    )(?:$|[\s;&|)])""",
    re.VERBOSE,
)


def _tail_lines(path: str) -> list[dict]:
    # open_regular: a FIFO or device is an OSError here, not a blocked or endless read.
    with os.fdopen(open_regular(path), "rb") as fh:
        size = os.fstat(fh.fileno()).st_size
        start = max(0, size - TAIL_BYTES)
        fh.seek(start)
        data = fh.read(TAIL_BYTES)
    lines = data.split(b"\n")
    if start > 0:
        lines = lines[1:]  # the first one is cut
    out = []
    for raw in lines:
        if not raw.strip():
            continue
        try:
            obj = line_value(raw)
        except (ValueError, RecursionError):
            continue  # a line still being written, or foreign
        if isinstance(obj, dict):
            out.append(obj)
    return out


def _is_typed_prompt(line: dict) -> bool:
    if line.get("type") != "user" or line.get("isMeta") or line.get("isCompactSummary"):
        return False
    content = (line.get("message") or {}).get("content")
    if isinstance(content, str):
        return True
    return isinstance(content, list) and not any(
        isinstance(b, dict) and b.get("type") == "tool_result" for b in content)


def _turn(lines: list[dict], prompt_id: str | None) -> list[dict]:
    """The transcript lines that belong to this turn."""
    if prompt_id:
        first = next((i for i, ln in enumerate(lines) if ln.get("promptId") == prompt_id), None)
        if first is not None:
            return lines[first:]
    last = None
    for i, line in enumerate(lines):
        if _is_typed_prompt(line):
            last = i
    return lines[last:] if last is not None else lines


def _blocks(line: dict, kind: str):
    content = (line.get("message") or {}).get("content")
    if isinstance(content, list):
        for block in content:
            if isinstance(block, dict) and block.get("type") == kind:
                yield block


def turn_signals(lines: list[dict]) -> dict:
    """tool_calls, tool_errors, tests, recovered, from one turn's transcript lines."""
    calls: dict[str, dict] = {}
    order: list[tuple[str, bool]] = []  # (tool_use_id, is_error) in result order
    for line in lines:
        if line.get("isSidechain"):
            continue  # a subagent's own tool calls are its turn, not this one
        if line.get("type") == "assistant":
            for block in _blocks(line, "tool_use"):
                calls[str(block.get("id"))] = block
        elif line.get("type") == "user":
            for block in _blocks(line, "tool_result"):
                order.append((str(block.get("tool_use_id")), bool(block.get("is_error"))))
    tests = []
    for use_id, is_error in order:
        call = calls.get(use_id) or {}
        command = (call.get("input") or {}).get("command") if call.get("name") == "Bash" else None
        if isinstance(command, str) and TEST_COMMAND.search(command):
            # (its plain words only, like the prompt's: "STRIPE_KEY=sk_live_… pytest -q"
            # keeps "pytest"; nothing reads more than whether it passed)
            tests.append({"command": plain_words(command, COMMAND_CHARS),
                          "passed": not is_error})
    errors = [i for i, (_uid, is_error) in enumerate(order) if is_error]
    recovered = bool(errors) and any(not e for _uid, e in order[errors[0] + 1:]) \
        and not order[-1][1]
    return {"tool_calls": len(calls), "tool_errors": len(errors), "tests": tests,
            "recovered": recovered}


def handle(ctx: HookContext) -> None:
    prompt_id = ctx.payload.get("prompt_id")
    prompt_id = prompt_id if isinstance(prompt_id, str) and prompt_id else None
    signals = {"tool_calls": 0, "tool_errors": 0, "tests": [], "recovered": False}
    if ctx.transcript_path:
        try:
            signals = turn_signals(_turn(_tail_lines(ctx.transcript_path), prompt_id))
        except FileNotFoundError:
            pass  # (Claude Code writes a turn with no tool calls to disk after Stop: nothing ran)
        except OSError as exc:
            ctx.log(f"transcript unreadable, recording the turn without tool signals: {exc}")
    message = ctx.payload.get("last_assistant_message")
    record = {"event": "stop", "ts": time.time(), "intent_id": prompt_id or _last_intent(ctx),
              **signals,
              "last_assistant_message": plain_words(message, MESSAGE_CHARS)
              if isinstance(message, str) else ""}
    if not append_record(ctx.session_id, record):
        ctx.log("could not write the turn record (disk full or state dir unwritable)")
    return None


def _last_intent(ctx: HookContext) -> str | None:
    from .runtime import read_records

    for rec in reversed(read_records(ctx.session_id)):
        if rec.get("event") == "prompt":
            return rec.get("intent_id")
    return None
