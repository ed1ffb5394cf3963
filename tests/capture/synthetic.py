"""Big synthetic transcripts for the bad-input tests and the capture benchmark.

Generated at test time in a temp dir, never committed. The lines have the shape of Claude
Code 2.1 lines (see tests/fixtures/transcripts/): prompts, assistant messages split across
lines that share ``message.id``, tool calls and results (some failing, some large), hook
attachments, file-history snapshots, a compaction, and a few planted secrets.
"""

from __future__ import annotations

import json
import random
import uuid
from pathlib import Path

_WORDS = ("the build cache test fixture deploy service config module import error retry "
          "timeout request handler parser index query token schema migration release branch "
          "commit review pipeline worker queue metric log trace latency memory disk network "
          "python rust node docker compose make pytest cargo npm lint format type check").split()

_CODE = [
    "def handle(request):\n    payload = parse(request.body)\n    return respond(payload)\n",
    "for item in items:\n    if item.ready:\n        queue.put(item)\n",
    "class Worker:\n    def __init__(self, queue):\n        self.queue = queue\n",
    "import os\nimport sys\nfrom pathlib import Path\n",
    "    assert result.status == 200, result.text\n",
]


def _prose(r: random.Random, n_words: int) -> str:
    return " ".join(r.choice(_WORDS) for _ in range(n_words)).capitalize() + "."


def _output(r: random.Random, size: int) -> str:
    parts, total = [], 0
    while total < size:
        chunk = r.choice(_CODE) if r.random() < 0.5 else (
            f"{r.randrange(10**5):05d} INFO {_prose(r, r.randrange(5, 15))}\n")
        parts.append(chunk)
        total += len(chunk)
    return "".join(parts)


def write_transcript(path: Path, target_bytes: int, *, seed: int = 1,
                     giant_lines: int = 0, giant_bytes: int = 9 * 1024 * 1024) -> dict:
    """Write a transcript of about ``target_bytes``; returns what went in (for assertions)."""
    r = random.Random(seed)
    sid = str(uuid.UUID(int=r.getrandbits(128), version=4))
    cwd = "/home/user/project"
    parent = None
    written = 0
    counts = {"prompts": 0, "tool_calls": 0, "errors": 0, "lines": 0}
    first_prompt = "Please fix the flaky integration tests in the worker queue."
    secret = "ghp_" + "".join(r.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(36))
    n = 0

    def line(obj: dict) -> str:
        nonlocal parent, n
        n += 1
        u = str(uuid.UUID(int=r.getrandbits(128), version=4))
        base = {"parentUuid": parent, "isSidechain": False, "userType": "external", "cwd": cwd,
                "sessionId": sid, "version": "2.1.197",
                "timestamp": f"2026-03-01T{10 + n // 3600 % 10:02d}:{n // 60 % 60:02d}:{n % 60:02d}.000Z",
                "uuid": u}
        base.update(obj)
        parent = u
        return json.dumps(base)

    with open(path, "w", encoding="utf-8") as fh:
        def emit(text: str) -> None:
            nonlocal written
            fh.write(text + "\n")
            written += len(text) + 1
            counts["lines"] += 1

        emit(json.dumps({"type": "queue-operation", "operation": "enqueue", "sessionId": sid}))
        emit(line({"type": "attachment", "attachment": {
            "type": "hook_additional_context",
            "content": ["<rlat-context kind=\"memory\">\n- [low] injected\n</rlat-context>"]}}))
        emit(line({"type": "user", "message": {"role": "user", "content": first_prompt}}))
        counts["prompts"] += 1
        giants_left = giant_lines
        turn = 0
        while written < target_bytes:
            turn += 1
            if turn % 40 == 0:
                prompt = _prose(r, r.randrange(8, 30))
                if turn % 200 == 0:
                    prompt += f" The token is {secret}."
                emit(line({"type": "user", "message": {"role": "user", "content": prompt}}))
                counts["prompts"] += 1
            if turn % 500 == 0:
                emit(line({"type": "system", "subtype": "compact_boundary",
                           "content": "Conversation compacted"}))
            mid = f"msg_{r.getrandbits(96):024x}"
            tid = f"toolu_{r.getrandbits(96):024x}"
            emit(line({"type": "assistant", "message": {
                "id": mid, "role": "assistant", "type": "message",
                "content": [{"type": "text", "text": _prose(r, r.randrange(5, 40))}]}}))
            tool = r.choice(["Bash", "Bash", "Read", "Edit", "Grep"])
            inp = ({"command": f"pytest -q tests/test_{r.choice(_WORDS)}.py"} if tool == "Bash"
                   else {"file_path": f"{cwd}/src/{r.choice(_WORDS)}.py"} if tool in ("Read", "Edit")
                   else {"pattern": r.choice(_WORDS), "path": cwd})
            emit(line({"type": "assistant", "message": {
                "id": mid, "role": "assistant", "type": "message",
                "content": [{"type": "tool_use", "id": tid, "name": tool, "input": inp}]}}))
            counts["tool_calls"] += 1
            if giants_left and turn % 97 == 0:
                size = giant_bytes
                giants_left -= 1
            else:
                size = int(r.paretovariate(1.2) * 600)
            error = r.random() < 0.08
            counts["errors"] += error
            result = {"type": "tool_result", "tool_use_id": tid,
                      "content": ("Exit code 1\n" if error else "") + _output(r, min(size, 64_000)
                                                                               if size < giant_bytes
                                                                               else size)}
            if error:
                result["is_error"] = True
            emit(line({"type": "user", "message": {"role": "user", "content": [result]},
                       "toolUseResult": {"stdout": "", "stderr": ""}}))
            if turn % 25 == 0:
                emit(json.dumps({"type": "file-history-snapshot", "messageId": mid,
                                 "snapshot": {"trackedFileBackups": {}}}))
        emit(line({"type": "assistant", "message": {
            "id": f"msg_{r.getrandbits(96):024x}", "role": "assistant", "type": "message",
            "content": [{"type": "text", "text": "All integration tests pass now."}]}}))
    counts.update(bytes=written, session_id=sid, secret=secret, first_prompt=first_prompt)
    return counts
