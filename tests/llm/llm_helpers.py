"""Helpers shared by the LLM tests (a module, not conftest: conftest names collide across dirs)."""

from __future__ import annotations

import json
import uuid as uuidlib
from datetime import UTC, datetime
from pathlib import Path

T0 = 1_800_000_000.0


def write_transcript(path: Path, turns: list[tuple], *, session_id: str = "sess-1",
                     cwd: str = "/home/user/project") -> dict[int, str]:
    """Write a transcript in Claude Code's JSONL shape (the lines the real CLI writes: a
    ``user`` line with string content per prompt, one ``assistant`` line per content block
    sharing ``message.id``, tool results as ``user`` lines with ``tool_result`` blocks).

    ``turns``: ``("user", text)``, ``("assistant", text)``, ``("tool", command, output)`` or
    ``("tool_error", command, output)``. Returns {index in turns: the uuid of its line} (for a
    tool turn, the uuid of its result line)."""
    lines: list[dict] = []
    ids: dict[int, str] = {}
    parent = None
    for i, turn in enumerate(turns):
        ts = datetime.fromtimestamp(T0 + 10 * i, UTC).isoformat().replace("+00:00", "Z")
        base = {"isSidechain": False, "userType": "external", "cwd": cwd,
                "sessionId": session_id, "version": "2.1.197", "gitBranch": "main",
                "timestamp": ts}
        uid = str(uuidlib.uuid4())
        if turn[0] == "user":
            lines.append({**base, "parentUuid": parent, "type": "user", "uuid": uid,
                          "message": {"role": "user", "content": turn[1]}})
        elif turn[0] == "assistant":
            lines.append({**base, "parentUuid": parent, "type": "assistant", "uuid": uid,
                          "message": {"id": f"msg_{uid[:8]}", "type": "message",
                                      "role": "assistant", "model": "claude-test",
                                      "content": [{"type": "text", "text": turn[1]}]}})
        else:
            tool_id = f"toolu_{uid[:8]}"
            call = str(uuidlib.uuid4())
            lines.append({**base, "parentUuid": parent, "type": "assistant", "uuid": call,
                          "message": {"id": f"msg_{call[:8]}", "type": "message",
                                      "role": "assistant", "model": "claude-test",
                                      "content": [{"type": "tool_use", "id": tool_id,
                                                   "name": "Bash",
                                                   "input": {"command": turn[1]}}]}})
            lines.append({**base, "parentUuid": call, "type": "user", "uuid": uid,
                          "message": {"role": "user", "content": [{
                              "type": "tool_result", "tool_use_id": tool_id,
                              "content": turn[2], "is_error": turn[0] == "tool_error"}]}})
        ids[i] = uid
        parent = uid
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return ids
