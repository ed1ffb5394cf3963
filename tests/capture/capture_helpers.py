"""Helpers for capture tests (imported by name; fixtures live in conftest.py): the real transcripts, and a builder that writes JSONL lines in the
exact shape Claude Code 2.1 writes them (checked against the real fixtures), for the cases a
scripted real session cannot easily produce (Windows paths, odd lines, secrets everywhere)."""

from __future__ import annotations

import hashlib
import json
import uuid as uuidlib
from pathlib import Path

from rlat.capture.pipeline import capture_transcript
from rlat.claims import ClaimLog
from rlat.paths import memory_store_path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "transcripts"


def fixture(name: str) -> Path:
    path = FIXTURES / f"{name}.jsonl"
    assert path.exists(), f"missing real transcript {path} (see tests/fixtures/make_transcripts.py)"
    return path


class Builder:
    """Writes a transcript line by line. Each method returns the line's uuid."""

    def __init__(self, session_id: str = "11111111-2222-3333-4444-555555555555",
                 cwd: str = "/home/user/project", sidechain: bool = False) -> None:
        self.session_id = session_id
        self.cwd = cwd
        self.sidechain = sidechain
        self.lines: list[str] = []
        self.parent: str | None = None
        self._n = 0

    def _uuid(self) -> str:
        return str(uuidlib.uuid4())

    def _ts(self) -> str:
        # (each session its own hour: two sessions are never written at the same instant,
        # which is what a fork or a copy of one session is)
        self._n += 1
        start = int(hashlib.sha256(self.session_id.encode()).hexdigest(), 16) % 18_000
        at = 8 * 3600 + start * 3 + self._n  # (3 s apart: no session's lines meet another's)
        return f"2026-03-01T{at // 3600:02d}:{at // 60 % 60:02d}:{at % 60:02d}.000Z"

    def _line(self, obj: dict) -> str:
        obj.setdefault("uuid", self._uuid())
        base = {"parentUuid": self.parent, "isSidechain": self.sidechain, "userType": "external",
                "cwd": self.cwd, "sessionId": self.session_id, "version": "2.1.197",
                "timestamp": self._ts()}
        base.update(obj)
        self.parent = base["uuid"]
        self.lines.append(json.dumps(base))
        return base["uuid"]

    def prompt(self, content, **extra) -> str:
        return self._line({"type": "user", "message": {"role": "user", "content": content},
                           **extra})

    def assistant(self, *blocks: dict, message_id: str | None = None) -> list[str]:
        """One API message written as one line per content block (as Claude Code does)."""
        mid = message_id or f"msg_{uuidlib.uuid4().hex[:24]}"
        return [self._line({"type": "assistant", "message": {
            "id": mid, "type": "message", "role": "assistant", "model": "claude-test",
            "content": [block], "stop_reason": None}}) for block in blocks]

    def say(self, text: str) -> str:
        return self.assistant(text_block(text))[0]

    def result(self, tool_id: str, content, *, is_error: bool = False) -> str:
        block = {"tool_use_id": tool_id, "type": "tool_result", "content": content}
        if is_error:
            block["is_error"] = True
        return self._line({"type": "user", "message": {"role": "user", "content": [block]},
                           "toolUseResult": "Error: ..." if is_error else {"stdout": ""}})

    def run(self, name: str, tool_input: dict, output, *, is_error: bool = False,
            text: str | None = None) -> tuple[str, str]:
        """A tool call and its result: (tool_use line uuid, result line uuid)."""
        tid = f"toolu_{uuidlib.uuid4().hex[:24]}"
        blocks = ([text_block(text)] if text else []) + [tool_block(name, tool_input, tid)]
        use = self.assistant(*blocks)[-1]
        return use, self.result(tid, output, is_error=is_error)

    def attachment(self, attachment: dict) -> str:
        return self._line({"type": "attachment", "attachment": attachment})

    def system(self, subtype: str, content: str = "", **extra) -> str:
        return self._line({"type": "system", "subtype": subtype, "content": content,
                           "level": "info", **extra})

    def raw(self, line: str | dict) -> None:
        self.lines.append(line if isinstance(line, str) else json.dumps(line))

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"

    def write(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.text(), encoding="utf-8")
        return path


def text_block(text: str) -> dict:
    return {"type": "text", "text": text}


def tool_block(name: str, tool_input: dict, tool_id: str | None = None) -> dict:
    return {"type": "tool_use", "id": tool_id or f"toolu_{uuidlib.uuid4().hex[:24]}",
            "name": name, "input": tool_input}


def working_session(b: Builder, goal: str = "Please make the tests pass.") -> Builder:
    """A small non-trivial session: a goal, a failing and a passing command, an edit, an end."""
    b.prompt(goal)
    b.run("Bash", {"command": "python3 -m pytest -q"}, "Exit code 1\nFAILED tests/test_app.py::test_add - assert 3 == 4", is_error=True,
          text="Running the tests first.")
    b.run("Edit", {"file_path": f"{b.cwd}/src/app.py", "old_string": "a-b", "new_string": "a+b"},
          "The file has been updated.")
    b.run("Bash", {"command": "python3 -m pytest -q"}, "4 passed in 0.02s")
    b.say("Fixed the sign error in add(); all 4 tests pass.")
    return b


def stored_events_text(path: Path | None = None) -> str:
    """Everything in the store's events, as one JSON string (to search for leaks)."""
    log = ClaimLog(path or memory_store_path())
    return json.dumps(list(log.events()), ensure_ascii=False)


def facts_of(report) -> dict[str, list[dict]]:
    """A capture report's facts (no session record), by kind."""
    out: dict[str, list[dict]] = {}
    for claim in report.claims:
        if claim["type"] != "event":
            out.setdefault(claim["kind"], []).append(claim)
    return out


def texts(report) -> list[str]:
    return [c["text"] for c in report.claims if c["type"] != "event"]


def proposed(b: Builder, store=None) -> dict[str, list[dict]]:
    """The facts a capture of ``b``'s transcript proposes, by kind (no session record); with
    ``store``, those stored (a fact whose citations do not check out is dropped, not stored)."""
    report = capture_transcript(b.write(b.path), store=store, dry_run=store is None)
    return {kind: [f for f in found if f["action"] == "proposed"]
            for kind, found in facts_of(report).items()}


def proposed_texts(found: dict[str, list[dict]]) -> list[str]:
    """The texts of ``proposed``'s facts."""
    return [f["text"] for kind in found for f in found[kind]]


def session(tmp_path, name="t", session_id="11111111-2222-3333-4444-555555555555") -> Builder:
    """A Builder writing to ``tmp_path/<name>.jsonl``."""
    b = Builder(session_id=session_id)
    b.path = tmp_path / f"{name}.jsonl"
    return b
