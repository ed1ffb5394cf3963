"""Write a session transcript exactly in the shape Claude Code 2.1 writes it (JSONL).

Modelled on the real CLI's transcripts in tests/fixtures/transcripts/ (written by the pinned
``claude`` binary): one JSON object per line; ``user`` lines carry prompts (``promptId``) or
``tool_result`` blocks (with ``toolUseResult`` and ``sourceToolAssistantUUID``); one assistant
API message is written as one line *per content block*, every line sharing ``message.id`` and
``requestId``; every line has ``uuid``, ``parentUuid`` (the previous line: the chain Claude Code
resumes along), ``isSidechain``, ``cwd``, ``sessionId``, ``version``, ``gitBranch``,
``timestamp``. Around them the CLI's bookkeeping: a ``file-history-snapshot`` before each
prompt and a ``last-prompt`` line at the end.

Tool results follow the CLI's renderings: ``Bash`` output (``Exit code N`` + output and
``is_error: true`` on failure, ``toolUseResult`` a string starting ``Error:``), ``Read`` (numbered
lines, ``→`` separator, with the ``<system-reminder>`` the harness appends), ``Edit`` ("The file …
has been updated"), ``Write``, ``Grep``; and the agentic ones: ``TodoWrite`` (the todo list),
``AskUserQuestion`` (the user's pick comes back as the result), ``ExitPlanMode`` (the approved
plan), ``Agent`` (a subagent's final report, as a list of text blocks). A call the user turns
down at the permission prompt, or a ``PreToolUse`` hook blocks, carries its ``refusal`` as an
error result. A slash command's expanded prompt is an ``isMeta`` user line (``prompt(...,
meta=True)``).

Everything random (uuids, ids, timings, token counts) comes from the caller's seeded
``random.Random``, so a world is byte-identical for a seed and a start time.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import uuid
from dataclasses import dataclass, field
from pathlib import Path

CLI_VERSION = "2.1.197"
MODEL = "claude-opus-4-8"
READ_REMINDER = (
    "\n\n<system-reminder>\nWhenever you read a file, you should consider whether it would be "
    "considered malware. You CAN and SHOULD provide analysis of malware, what it is doing. But "
    "you MUST refuse to improve or augment the code. You can still analyze existing code, write "
    "reports, or answer questions about the code behavior.\n</system-reminder>\n")


@dataclass
class Tool:
    """One tool call and what it returned. ``name``: Bash | Read | Edit | Write | Grep |
    TodoWrite | AskUserQuestion | ExitPlanMode | Agent.

    Bash: ``command``, ``output``, ``exit_code`` (non-zero: a failure). Read: ``path``,
    ``output`` (the file's content). Edit: ``path``, ``old``, ``new``. Write: ``path``,
    ``output`` (the content). Grep: ``pattern``, ``output`` (matching files, one a line). The
    agentic tools keep their input and answer in ``data`` (see :func:`todo_write`,
    :func:`ask_user`, :func:`exit_plan`, :func:`agent`). ``refusal``: the call never ran - the
    user declined it at the permission prompt or a hook blocked it; the result is this text."""

    name: str
    command: str = ""
    description: str = ""
    path: str = ""
    output: str = ""
    exit_code: int = 0
    old: str = ""
    new: str = ""
    pattern: str = ""
    data: dict = field(default_factory=dict)
    refusal: str = ""


REJECTED = ("The user doesn't want to proceed with this tool use. The tool use was rejected (eg. "
            "if it was a file edit, the new_string was NOT written to the file). To tell you how "
            "to proceed, the user said:\n")
TODOS_OK = ("Todos have been modified successfully. Ensure that you continue to use the todo list "
            "to track your progress. Please proceed with the current tasks if applicable")


def bash(command: str, output: str = "", exit_code: int = 0, description: str = "") -> Tool:
    return Tool("Bash", command=command, output=output, exit_code=exit_code,
                description=description or _describe(command))


def read(path: str, content: str) -> Tool:
    return Tool("Read", path=path, output=content)


def edit(path: str, old: str, new: str) -> Tool:
    return Tool("Edit", path=path, old=old, new=new)


def write(path: str, content: str) -> Tool:
    return Tool("Write", path=path, output=content)


def grep(pattern: str, files: list[str]) -> Tool:
    return Tool("Grep", pattern=pattern, output="\n".join(files))


def todo_write(todos: list[tuple[str, str, str]], old: list[tuple[str, str, str]] = ()) -> Tool:
    """The assistant's todo list: ``(content, status, activeForm)`` per item (status pending |
    in_progress | completed); ``old``: the list it replaces."""
    def items(rows):
        return [{"content": c, "status": st, "activeForm": a} for c, st, a in rows]
    return Tool("TodoWrite", data={"todos": items(todos), "old": items(old)})


def ask_user(question: str, header: str, options: list[tuple[str, str]], answer: str,
             multi: bool = False) -> Tool:
    """An ``AskUserQuestion`` call: one question with ``(label, description)`` options; the
    user's ``answer`` (a label, or their own words typed into "Other") is the result."""
    return Tool("AskUserQuestion", data={
        "questions": [{"question": question, "header": header, "multiSelect": multi,
                       "options": [{"label": lb, "description": d} for lb, d in options]}],
        "answer": answer})


def exit_plan(plan: str, slug: str) -> Tool:
    """``ExitPlanMode`` with ``plan``, approved by the user (saved under ``slug``)."""
    return Tool("ExitPlanMode", data={"plan": plan, "slug": slug})


def agent(description: str, prompt: str, report: str, agent_id: str,
          subagent_type: str = "general-purpose", tool_uses: int = 6) -> Tool:
    """A subagent run (the ``Agent`` tool): its final ``report`` is the result."""
    return Tool("Agent", description=description, data={
        "prompt": prompt, "report": report, "agent_id": agent_id,
        "subagent_type": subagent_type, "tool_uses": tool_uses})


def refused(tool: Tool, message: str) -> Tool:
    """``tool`` as called but never run: ``message`` is what came back instead (the rejection
    with the user's feedback, or a hook's blocking error)."""
    return Tool(tool.name, command=tool.command, description=tool.description, path=tool.path,
                output=tool.output, old=tool.old, new=tool.new, pattern=tool.pattern,
                data=dict(tool.data), refusal=message)


def _describe(command: str) -> str:
    word = command.split()[0] if command.split() else "command"
    return f"Run {word}"


@dataclass
class Transcript:
    """A session being written: call ``prompt`` / ``reply`` in conversation order, then
    ``save``."""

    session_id: str
    cwd: str
    start: dt.datetime
    rng: random.Random
    branch: str = "main"
    lines: list[dict] = field(default_factory=list)
    _clock: dt.datetime | None = None
    _parent: str | None = None
    _prompt_id: str | None = None
    _messages: int = 0
    _last_prompt: str = ""

    # ------------------------------------------------------------------ ids and time
    def _uuid(self) -> str:
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def _tick(self, low: float, high: float) -> str:
        if self._clock is None:
            self._clock = self.start
        self._clock += dt.timedelta(seconds=self.rng.uniform(low, high))
        return self._clock.strftime("%Y-%m-%dT%H:%M:%S.") + f"{self._clock.microsecond // 1000:03d}Z"

    def _msg_id(self, prefix: str) -> str:
        alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
        return prefix + "".join(self.rng.choice(alphabet) for _ in range(24))

    def _common(self, timestamp: str) -> dict:
        return {"userType": "external", "entrypoint": "cli", "cwd": self.cwd,
                "sessionId": self.session_id, "version": CLI_VERSION, "gitBranch": self.branch,
                "timestamp": timestamp}

    def _append(self, line: dict) -> str:
        uid = self._uuid()
        ordered = {"parentUuid": self._parent, "isSidechain": False, **line, "uuid": uid}
        self.lines.append(ordered)
        self._parent = uid
        return uid

    # ------------------------------------------------------------------ conversation
    def prompt(self, text: str, meta: bool = False) -> None:
        """The user types ``text`` (a new turn). ``meta``: the expanded body of a slash command
        just typed, written as the CLI writes it (an ``isMeta`` line of the same turn)."""
        if meta:
            stamp = self._tick(0.01, 0.05)
            self._append({"promptId": self._prompt_id, "type": "user",
                          "message": {"role": "user", "content": [{"type": "text", "text": text}]},
                          "isMeta": True, **self._common(stamp)})
            return
        stamp = self._tick(20, 240)
        self.lines.append({"type": "file-history-snapshot", "messageId": self._uuid(),
                           "snapshot": {"messageId": "", "trackedFileBackups": {},
                                        "timestamp": stamp},
                           "isSnapshotUpdate": False})
        self.lines[-1]["snapshot"]["messageId"] = self.lines[-1]["messageId"]
        self._prompt_id = self._uuid()
        self._last_prompt = text
        self._append({"promptId": self._prompt_id, "type": "user",
                      "message": {"role": "user", "content": text},
                      "permissionMode": "default", **self._common(stamp)})

    def reply(self, text: str = "", tools: list[Tool] | None = None) -> None:
        """One assistant API message: optional text, then tool calls, each answered by its
        result; then (when ``text`` is given and there were tools) nothing more — call
        ``reply`` again for the next message, as the model speaks after seeing results."""
        tools = tools or []
        message_id = self._msg_id("msg_01")
        request_id = self._msg_id("req_011")
        self._messages += 1
        usage = {"input_tokens": self.rng.randrange(3, 40),
                 "cache_creation_input_tokens": self.rng.randrange(200, 4000),
                 "cache_read_input_tokens": self.rng.randrange(10_000, 60_000),
                 "output_tokens": self.rng.randrange(20, 900),
                 "service_tier": "standard"}
        stop = "tool_use" if tools else "end_turn"
        blocks: list[dict] = []
        if text:
            blocks.append({"type": "text", "text": text})
        ids = []
        for tool in tools:
            tool_id = self._msg_id("toolu_01")
            ids.append(tool_id)
            blocks.append({"type": "tool_use", "id": tool_id, "name": tool.name,
                           "input": _tool_input(tool)})
        uuids = []
        for block in blocks:
            stamp = self._tick(1.0, 9.0)
            uuids.append(self._append({
                "message": {"id": message_id, "type": "message", "role": "assistant",
                            "model": MODEL, "content": [block], "stop_reason": stop,
                            "stop_sequence": None, "usage": usage},
                "requestId": request_id, "type": "assistant", **self._common(stamp)}))
        for tool, tool_id, source in zip(tools, ids, uuids[len(uuids) - len(tools):],
                                         strict=True):
            slow = {"Bash": 25.0, "Agent": 180.0, "AskUserQuestion": 60.0, "ExitPlanMode": 90.0}
            stamp = self._tick(0.2, 1.0 if tool.refusal else slow.get(tool.name, 1.0))
            content, result, is_error = _tool_result(tool)
            block = {"tool_use_id": tool_id, "type": "tool_result", "content": content}
            if tool.name == "Bash" or is_error:
                block["is_error"] = is_error
            self._append({"promptId": self._prompt_id, "type": "user",
                          "message": {"role": "user", "content": [block]},
                          "toolUseResult": result, "sourceToolAssistantUUID": source,
                          **self._common(stamp)})

    def save(self, path: Path) -> Path:
        """Write the JSONL (with the CLI's closing ``last-prompt`` line)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        closing = {"type": "last-prompt", "lastPrompt": self._last_prompt[:200],
                   "leafUuid": self._parent, "sessionId": self.session_id}
        with open(path, "w", encoding="utf-8") as fh:
            for line in [*self.lines, closing]:
                fh.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
        return path

    def text(self) -> str:
        """The conversation written so far (prompts, replies, tool inputs and outputs), one
        string: what the generator's own checks search."""
        parts: list[str] = []
        for line in self.lines:
            content = (line.get("message") or {}).get("content")
            if isinstance(content, str):
                parts.append(content)
                continue
            for block in content or ():
                if block.get("type") == "text":
                    parts.append(block["text"])
                elif block.get("type") == "tool_use":
                    parts.extend(str(v) for v in block["input"].values())
                elif block.get("type") == "tool_result":
                    inner = block["content"]
                    if isinstance(inner, list):
                        parts.extend(b.get("text", "") for b in inner)
                    else:
                        parts.append(inner)
        return "\n".join(parts)


def _tool_input(tool: Tool) -> dict:
    if tool.name == "Bash":
        return {"command": tool.command, "description": tool.description}
    if tool.name == "Read":
        return {"file_path": tool.path}
    if tool.name == "Edit":
        return {"file_path": tool.path, "old_string": tool.old, "new_string": tool.new}
    if tool.name == "Write":
        return {"file_path": tool.path, "content": tool.output}
    if tool.name == "Grep":
        return {"pattern": tool.pattern, "output_mode": "files_with_matches"}
    if tool.name == "TodoWrite":
        return {"todos": tool.data["todos"]}
    if tool.name == "AskUserQuestion":
        return {"questions": tool.data["questions"]}
    if tool.name == "ExitPlanMode":
        return {"plan": tool.data["plan"]}
    if tool.name == "Agent":
        return {"description": tool.description, "prompt": tool.data["prompt"],
                "subagent_type": tool.data["subagent_type"]}
    raise ValueError(f"unknown tool {tool.name}")


def _numbered(text: str, start: int = 1) -> str:
    return "\n".join(f"{i:>6}→{line}" for i, line in enumerate(text.splitlines(), start))


def _tool_result(tool: Tool) -> tuple[str, object, bool]:
    """(the tool_result block's content, the line's ``toolUseResult``, is_error)."""
    if tool.refusal:
        return tool.refusal, f"Error: {tool.refusal}", True
    if tool.name == "Bash":
        if tool.exit_code:
            body = f"Exit code {tool.exit_code}\n{tool.output}".rstrip()
            return body, f"Error: {body}", True
        return tool.output, {"stdout": tool.output, "stderr": "", "interrupted": False,
                             "isImage": False, "noOutputExpected": False}, False
    if tool.name == "Read":
        lines = tool.output.splitlines()
        return _numbered(tool.output) + READ_REMINDER, {
            "type": "text", "file": {"filePath": tool.path, "content": tool.output,
                                     "numLines": len(lines), "startLine": 1,
                                     "totalLines": len(lines)}}, False
    if tool.name == "Edit":
        content = (f"The file {tool.path} has been updated. Here's the result of running "
                   f"`cat -n` on a snippet of the edited file:\n{_numbered(tool.new, 12)}")
        patch = [{"oldStart": 12, "oldLines": len(tool.old.splitlines()) or 1, "newStart": 12,
                  "newLines": len(tool.new.splitlines()) or 1,
                  "lines": [f"-{x}" for x in tool.old.splitlines()]
                  + [f"+{x}" for x in tool.new.splitlines()]}]
        return content, {"filePath": tool.path, "oldString": tool.old, "newString": tool.new,
                         "originalFile": None, "structuredPatch": patch, "userModified": False,
                         "replaceAll": False}, False
    if tool.name == "Write":
        return f"File created successfully at: {tool.path}", {
            "type": "create", "filePath": tool.path, "content": tool.output,
            "structuredPatch": []}, False
    if tool.name == "Grep":
        files = [f for f in tool.output.splitlines() if f]
        head = f"Found {len(files)} file{'s' if len(files) != 1 else ''}"
        return "\n".join([head, *files]) if files else "No files found", {
            "mode": "files_with_matches", "filenames": files, "numFiles": len(files)}, False
    if tool.name == "TodoWrite":
        return TODOS_OK, {"oldTodos": tool.data["old"], "newTodos": tool.data["todos"]}, False
    if tool.name == "AskUserQuestion":
        question = tool.data["questions"][0]["question"]
        answer = tool.data["answer"]
        return (f'User has answered your questions: "{question}"="{answer}". You can now '
                f"continue with the user's answers in mind.",
                {"questions": tool.data["questions"], "answers": {question: answer}}, False)
    if tool.name == "ExitPlanMode":
        plan = tool.data["plan"]
        where = f"/home/dev/.claude/plans/{tool.data['slug']}.md"
        return (f"User has approved your plan. You can now start coding. Start with updating your "
                f"todo list if applicable\n\nYour plan has been saved to: {where}\nYou can refer "
                f"back to it if needed during implementation.\n\n## Approved Plan:\n{plan}",
                {"plan": plan, "isAgent": False, "filePath": where}, False)
    if tool.name == "Agent":
        d = tool.data
        tokens = 900 * d["tool_uses"] + len(d["report"]) // 3
        ms = 4100 * d["tool_uses"] + 2 * len(d["report"])
        trailer = (f"agentId: {d['agent_id']} (use SendMessage with to: '{d['agent_id']}', "
                   f"summary: '<5-10 word recap>' to continue this agent)\n<usage>"
                   f"subagent_tokens: {tokens}\ntool_uses: {d['tool_uses']}\nduration_ms: {ms}"
                   f"</usage>")
        report = [{"type": "text", "text": d["report"]}]
        return [*report, {"type": "text", "text": trailer}], {
            "status": "completed", "prompt": d["prompt"], "agentId": d["agent_id"],
            "agentType": d["subagent_type"], "content": report, "totalDurationMs": ms,
            "totalTokens": tokens, "totalToolUseCount": d["tool_uses"]}, False
    raise ValueError(f"unknown tool {tool.name}")
