"""Streaming reader for Claude Code session transcripts (JSONL) → a clean sequence of turns.

A transcript is one JSON object per line. Lines that carry conversation are ``user`` and
``assistant`` (with a ``message`` in Messages API shape, a ``uuid``, a ``parentUuid``,
``isSidechain``, ``sessionId``, ``cwd``, ``timestamp``). Everything else is bookkeeping the
reader recognises and counts without turning into conversation: ``attachment`` (hook output,
listings, including ``hook_success`` and ``hook_additional_context`` — rlat's own injected
context lives here and is never read as conversation), ``system`` (``compact_boundary`` marks
a /compact; others are API errors, timings, local command output), ``summary``,
``queue-operation``, ``file-history-snapshot``, ``progress``, ``last-prompt``, ``ai-title``,
``custom-title``, ``mode`` and whatever a newer Claude Code adds (counted as unknown).

What the reader guarantees:

- **Bounded memory.** Lines are read one at a time; a line longer than ``MAX_LINE_BYTES`` is
  skipped (and counted) without being held whole; every text is capped at ``MAX_TEXT_CHARS``
  (cut at whitespace, so a secret is never cut into a fragment the scrubber cannot recognise).
- **Nothing breaks it.** A line that is not JSON (binary, truncated, half-written last line) is
  counted and skipped; so is a line of an unknown type. A byte that is not UTF-8 inside a line
  becomes U+FFFD (``rlat.capture.jsonl``): it costs one character, not the message.
- **One turn per API message.** Claude Code writes one assistant message as several lines (one
  per content block) sharing ``message.id``; they are merged, even when tool results were
  written between them. Each block keeps the ``uuid`` of the line it came from: that is the
  message id a citation names.
- **Fences and harness text are gone.** rlat's fenced spans (``rlat.render.fences``) and the
  harness's own ``<system-reminder>`` / hook spans are stripped from every text before anything
  else sees it.

This module imports only the standard library, ``rlat.special_files``, ``rlat.render.fences``
and ``rlat.capture.jsonl`` (the hook path).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from .. import patterns
from ..render.fences import has_fence, strip_fenced
from ..special_files import open_regular
from .folded import Folded
from .jsonl import line_value

rx = patterns.compiler(__name__)  # re.compile, kept compiled between processes

MAX_LINE_BYTES = 8 * 1024 * 1024
MAX_TEXT_CHARS = 4000
SUCCESS_OUTPUT_CHARS = 4 * MAX_TEXT_CHARS  # read of a successful tool output before cleaning
_CUT_MARK = " [...]"

CONVERSATION_TYPES = ("user", "assistant")
KNOWN_TYPES = frozenset({
    "user", "assistant", "system", "attachment", "summary", "progress", "queue-operation",
    "file-history-snapshot", "last-prompt", "ai-title", "custom-title", "mode", "tag",
    "agent-name", "pr-link", "worktree-state", "content-replacement",
})

# Text the harness puts into user messages that the user did not write.
_HARNESS_SPANS = rx(
    r"<(system-reminder|user-prompt-submit-hook|session-start-hook)>.*?(?:</\1>|\Z)",
    re.DOTALL,
)
_COMMAND_NAME = rx(r"<command-name>\s*([^<]*?)\s*</command-name>")
_COMMAND_ARGS = rx(r"<command-args>(.*?)</command-args>", re.DOTALL)
# Claude Code's bash mode (a prompt starting with "!"): the command the user ran, then a line
# with its output.
_BASH_INPUT = rx(r"\s*<bash-input>(.*?)</bash-input>\s*\Z", re.DOTALL)
_BASH_STREAM = rx(r"<(bash-stdout|bash-stderr)>(.*?)(?:</\1>|\Z)", re.DOTALL)
# How Claude Code opens the summary it writes when it compacts a conversation (the line is
# also flagged isCompactSummary; the opening says so when the flag is missing).
COMPACT_SUMMARY_OPENING = "This session is being continued from a previous conversation"
BASH_MODE = "bash-mode:"  # the tool id of such a command starts with this
# Output that reads like a failure (a substring test: "TypeError", "FAILED", "not found"). Used
# for the most telling line of a failed command (``rlat.capture.session``), and, with a few more
# words, for a bash-mode command's stderr, where no exit code says whether it failed.
ERRORISH = Folded(r"error|fail|not found|denied|cannot|no such|invalid|refused|traceback")
_FAILED_OUTPUT = rx(ERRORISH.pattern + r"|\b(?:fatal|can'?t|couldn'?t|unable|panic|"
                            r"exception|usage:|unknown|missing|no \w+ found)\b", re.IGNORECASE)
_LOCAL_OUTPUT = ("<local-command-stdout>", "<local-command-stderr>", "<local-command-caveat>",
                 "<bash-stdout>", "<bash-stderr>")


@dataclass(slots=True)
class Block:
    """One content block. ``text`` is what a reader sees: the text, the thinking, a tool's
    output, or for a tool call a one-line rendering of its input (the command, the path)."""

    # text | thinking | tool_use | tool_result | image | other | note (prose the assistant
    # wrote into a notes file, ``_NOTES``, or a plan, ``_plan``) | added (the lines of an edit
    # that bring something in by name: ``_brought_in``) | changed (every line an edit adds, the
    # first ``CHANGED_CHARS``) | comment (a comment it wrote into code: ``_written_comments``)
    # | options (what an AskUserQuestion call offers, "label: description" per line) | memory
    # (what a Write/Edit puts into a memory file, CLAUDE.md, AGENTS.md: ``_is_memory_file``)
    # | message (a commit message or a pull request's description it writes:
    # ``commit_message``)
    kind: str
    text: str = ""
    uuid: str = ""  # the JSONL line it came from (the citation's message id)
    offset: int = -1  # that line's byte offset in its file (to read it again)
    tool: str | None = None  # tool name (tool_use)
    tool_id: str | None = None  # tool_use id, or the id a tool_result answers
    input: dict | None = None  # tool_use input: short string fields only
    is_error: bool = False  # tool_result
    withheld: bool = False  # output replaced because the tool read a secret file


@dataclass(slots=True)
class Turn:
    uuid: str
    role: str  # user | assistant | system
    # prompt | tool_result | assistant | compact_summary | command | bash_input | meta |
    # interrupt | system
    kind: str
    blocks: list[Block] = field(default_factory=list)
    message_id: str | None = None  # the API message id (assistant)
    uuids: list[str] = field(default_factory=list)
    timestamp: str = ""
    sidechain: bool = False
    agent_id: str | None = None
    session_id: str | None = None
    cwd: str | None = None
    segment: int = 0  # how many compactions came before this turn
    offset: int = -1  # byte offset of its first line
    subtype: str | None = None  # system lines: compact_boundary, api_error, …

    @property
    def text(self) -> str:
        return "\n".join(b.text for b in self.blocks if b.kind == "text" and b.text)

    def line_text(self, uuid: str) -> str:
        """Everything this turn shows from one JSONL line (what a citation excerpt is checked
        against)."""
        return "\n".join(b.text for b in self.blocks if b.uuid == uuid and b.text)


@dataclass(slots=True)
class ReadStats:
    """What the reader saw. Every odd line is tolerated and counted here."""

    bytes: int = 0
    lines: int = 0
    blank: int = 0
    by_type: dict[str, int] = field(default_factory=dict)
    unknown_types: int = 0
    malformed: int = 0
    truncated_last_line: int = 0
    oversized: int = 0
    unreadable_files: int = 0  # subagent transcripts that could not be opened or read
    turns: int = 0
    prompts: int = 0
    assistant_messages: int = 0
    tool_uses: int = 0
    tool_errors: int = 0
    sidechain_turns: int = 0
    compactions: int = 0
    compact_summaries: int = 0
    attachments: int = 0
    hook_attachments: int = 0
    fenced_spans: int = 0
    harness_spans: int = 0
    files: int = 0

    def to_dict(self) -> dict:
        return {name: getattr(self, name) for name in self.__slots__}

    def merge(self, other: ReadStats) -> None:
        for name in self.__slots__:
            mine, theirs = getattr(self, name), getattr(other, name)
            if isinstance(mine, dict):
                for k, v in theirs.items():
                    mine[k] = mine.get(k, 0) + v
            else:
                setattr(self, name, mine + theirs)


# ---------------------------------------------------------------- lines


def iter_lines(path: str | os.PathLike, stats: ReadStats | None = None, *,
               want: Iterable[bytes] | None = None) -> Iterator[tuple[int, dict]]:
    """Yield (byte offset, object) for each JSON object line of ``path``; count everything
    else in ``stats``.

    ``want``: only parse lines containing one of these byte strings (a cheap pre-filter for
    looking up a few uuids)."""
    stats = stats if stats is not None else ReadStats()
    wanted = tuple(want) if want is not None else None
    stats.files += 1
    offset = 0
    # A FIFO or device (/dev/zero) is refused here, one OSError, never read: it would block or
    # never end.
    with os.fdopen(open_regular(path), "rb") as fh:
        while True:
            raw = fh.readline(MAX_LINE_BYTES + 1)
            if not raw:
                break
            start = offset
            offset += len(raw)
            stats.bytes += len(raw)
            if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
                stats.lines += 1
                stats.oversized += 1
                while True:  # drain the rest of the line without holding it
                    chunk = fh.readline(1 << 20)
                    offset += len(chunk)
                    stats.bytes += len(chunk)
                    if not chunk or chunk.endswith(b"\n"):
                        break
                continue
            stats.lines += 1
            at_end = not raw.endswith(b"\n")
            if raw.isspace():
                stats.blank += 1
                continue
            if wanted is not None and not any(w in raw for w in wanted):
                continue
            try:
                obj = line_value(raw)
            except (ValueError, RecursionError):
                if at_end:
                    stats.truncated_last_line += 1
                else:
                    stats.malformed += 1
                continue
            if not isinstance(obj, dict):
                stats.malformed += 1
                continue
            yield start, obj


def read_line_at(path: str | os.PathLike, offset: int) -> dict | None:
    """The JSON object on the line starting at ``offset``, or None."""
    try:
        with os.fdopen(open_regular(path), "rb") as fh:
            fh.seek(offset)
            raw = fh.readline(MAX_LINE_BYTES + 1)
    except OSError:
        return None
    try:
        obj = line_value(raw)
    except (ValueError, RecursionError):
        return None
    return obj if isinstance(obj, dict) else None


# ---------------------------------------------------------------- text helpers


def cap(text: str, limit: int = MAX_TEXT_CHARS) -> str:
    """At most ``limit`` characters, cut after a whitespace so no token is cut in half (a
    half token could be a secret fragment no rule recognises)."""
    if len(text) <= limit:
        return text
    head = text[:limit]
    cut = max(head.rfind(" "), head.rfind("\n"), head.rfind("\t"))
    head = head[:cut] if cut > 0 else ""
    return head.rstrip() + _CUT_MARK


def _clean(text: str, stats: ReadStats, *, harness: bool = False) -> str:
    """Strip rlat's fences (and, in user text, the harness's spans), then cap."""
    if not text:
        return ""
    if ("-context" in text or "-CONTEXT" in text or "-Context" in text) and has_fence(text):
        stats.fenced_spans += text.lower().count("<rlat-context")
        text = strip_fenced(text)
    if harness and "<" in text:
        text, n = _HARNESS_SPANS.subn("", text)
        stats.harness_spans += n
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # (a lone surrogate from JSON's "\ud83e": half an emoji)
        text = text.encode("utf-8", "replace").decode("utf-8")
    return cap(text.strip())


def _result_text(content: object) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for item in content:
            if isinstance(item, dict):
                if item.get("type") == "text" and isinstance(item.get("text"), str):
                    parts.append(item["text"])
                elif item.get("type") == "image":
                    parts.append("[image]")
            elif isinstance(item, str):
                parts.append(item)
        return "\n".join(parts)
    return ""


# Which input field describes a tool call, by tool name (the rest are dropped: file contents,
# edit strings and the like can be large and are not needed).
_TOOL_SUMMARY_FIELDS = ("command", "file_path", "notebook_path", "path", "pattern", "url",
                        "query", "description", "prompt", "subagent_type", "skill")


def _tool_input(raw: object) -> dict:
    if not isinstance(raw, dict):
        return {}
    out = {}
    for key in _TOOL_SUMMARY_FIELDS:
        value = raw.get(key)
        if isinstance(value, str) and value:
            out[key] = value[:2000]
    return out


# Prose the assistant writes into notes, a decision record or a doc is said as much as its
# messages are ("leave notes in NOTES.md": the diagnosis is in the file, the message only says
# where). Not what a product tells its users (a README, a changelog: "Fixed a crash when
# uploading an empty file" is no diagnosis), not a file that holds secrets, and of .txt files
# only notes (CMakeLists.txt and requirements.txt are code, like every other file).
_NOTES = rx(r"\.(?:md|markdown|rst)$|notes?[^/]*\.txt$", re.IGNORECASE)
_NOT_NOTES = rx(r"(?:^|/)(?:readme|changelog|changes|history|news|license|licence)[^/]*$|"
                        r"secret|password|passwd|credential|token|\bkeys?\b", re.IGNORECASE)
_PROSE_FIELD = {"Write": "content", "Edit": "new_string", "MultiEdit": "edits"}


# Claude Code's memory files: what is written there is loaded into every session.
_MEMORY_FILE = rx(r"(?:^|/)(?:CLAUDE(?:\.local)?|AGENTS)\.md$|(?:^|/)\.claude/rules/[^/]+\.md$")


def _is_memory_file(raw: object) -> bool:
    path = raw.get("file_path") if isinstance(raw, dict) else None
    return isinstance(path, str) and bool(_MEMORY_FILE.search(path.replace("\\", "/")))


def _written_prose(name: str, raw: object) -> str:
    """The text a Write/Edit/MultiEdit call puts into a prose file ("" for anything else)."""
    field_name = _PROSE_FIELD.get(name)
    if not field_name or not isinstance(raw, dict):
        return ""
    path = raw.get("file_path")
    if not isinstance(path, str) or not _NOTES.search(path.replace("\\", "/").rsplit("/", 1)[-1]) \
            or _NOT_NOTES.search(path):
        return ""
    value = raw.get(field_name)
    if isinstance(value, list):  # MultiEdit: each edit's new text
        value = "\n\n".join(e.get("new_string", "") for e in value
                              if isinstance(e, dict) and isinstance(e.get("new_string"), str))
    if not isinstance(value, str):
        return ""
    # a heading is a sentence of its own ("# Chart columns go out of line" then the diagnosis)
    return _HEADING.sub(lambda m: m.group(1) + ".", value[:MAX_TEXT_CHARS])


_HEADING = rx(r"(?m)^(\s*#+\s+.*?[^.!?:\s])[ \t]*$")


PLAN_TOOL = "ExitPlanMode"  # the tool that puts a plan before the user in plan mode


def _plan(name: str, raw: object) -> str:
    """The plan the assistant puts before the user in plan mode (``ExitPlanMode``): prose it
    wrote, as a notes file is — its context section says what it found ("The dev flavor's API
    base URL is http://10.0.2.2:8080/ …")."""
    if name != PLAN_TOOL or not isinstance(raw, dict) or not isinstance(raw.get("plan"), str):
        return ""
    # (its headings are titles of work, its numbered steps work to come: neither is a finding)
    return "\n".join(line for line in raw["plan"][:MAX_TEXT_CHARS].splitlines()
                     if not _PLAN_WORK.match(line))


_PLAN_WORK = rx(r"\s*(?:#|\d+[.)]\s|- \[ \])")

# A line comment in code: "# …" (Python, shell, GDScript, Ruby), "// …", "-- …" (Lua, SQL,
# Haskell), "; …" (Lisp, asm), "! …" (Fortran), "*> …" (COBOL), a block comment's "* …" lines.
_COMMENT_LINE = rx(r"^[ \t]*(?:#|//+|--|;+|!|\*>|\*|/\*+)[ \t]+(\S.*?)[ \t]*(?:\*/)?$")
COMMENT_MIN_WORDS = 12  # a comment that explains, not one that labels ("# retry once")


OPTION_CHARS = 300  # of an offered option's label and description, each line


def _options(name: str, raw: object) -> str:
    """The options an AskUserQuestion call offers, one per line as "label: description" (""
    for any other call): what the user's answer picks or turns down."""
    if name != "AskUserQuestion" or not isinstance(raw, dict) \
            or not isinstance(raw.get("questions"), list):
        return ""
    lines = []
    for question in raw["questions"][:4]:
        options = question.get("options") if isinstance(question, dict) else None
        for option in options[:6] if isinstance(options, list) else ():
            if isinstance(option, dict) and isinstance(option.get("label"), str):
                description = option.get("description")
                line = option["label"].strip() + (
                    f": {description.strip()}" if isinstance(description, str) else "")
                lines.append(" ".join(line.split())[:OPTION_CHARS])
    return "\n".join(lines)


# What the assistant writes as a commit message or a pull request's description is the "why"
# of a change, said for the next reader: ``git commit -m "…"`` (each -m a paragraph) or the
# heredoc Claude Code writes (``-m "$(cat <<'EOF' … EOF)"``), ``gh pr create --body …``.
_MESSAGE_COMMAND = rx(r"\bgit\s+(?:-[Cc]\s+\S+\s+|-\S+\s+)*commit\b(?!-)|"
                              r"\bgh\s+pr\s+(?:create|edit)\b")
# ... the heredoc only as the message's value ("-m "$(cat <<'EOF'"), not a script after it
_HEREDOC_VALUE = rx(r"(?:-[a-zA-Z]*m|--message|--body|-b)(?:=|\s+)[\"']?\$\(\s*cat\s*<<")
_HEREDOC = rx(r"<<-?[ \t]*(['\"]?)(\w+)\1[^\n]*\n(.*?)\n[ \t]*\2\b", re.DOTALL)
_MESSAGE_ARG = rx(r"(?<!\S)(?:-[a-zA-Z]*m|--message|--body|-b)(?:=|\s+)(\"(?:[^\"\\]|\\.)*\"|'[^']*')")
_TITLE_ARG = rx(r"(?<!\S)(?:--title|-t)(?:=|\s+)(\"(?:[^\"\\]|\\.)*\"|'[^']*')")
# the lines a message tool adds that say nothing about the change
_TRAILER = rx(r"^\s*(?:🤖 Generated with|Generated with \[?Claude|Co-Authored-By:|"
                      r"Signed-off-by:|This reverts commit [0-9a-f]+)", re.IGNORECASE)


def _unquote(arg: str) -> str:
    if arg.startswith('"'):
        return re.sub(r'\\(["\\$`])', r"\1", arg[1:-1])
    return arg[1:-1]


def commit_message(name: str, raw: object) -> str:
    """The message a ``git commit`` (or the description a ``gh pr create``) Bash call writes,
    its trailers left out; a pull request's title is its first line. "" for anything else."""
    command = raw.get("command") if isinstance(raw, dict) and name == "Bash" else None
    if not isinstance(command, str):
        return ""
    found = _MESSAGE_COMMAND.search(command)
    if found is None:
        return ""
    rest = command[found.start():found.start() + MAX_TEXT_CHARS]
    after = _MESSAGE_COMMAND.search(rest, found.end() - found.start())
    if after is not None:  # ("git commit -m a && gh pr create …": the first one's message)
        rest = rest[:after.start()]
    value = _HEREDOC_VALUE.search(rest)
    heredoc = _HEREDOC.search(rest, value.start()) if value else None
    paragraphs = [heredoc.group(3)] if heredoc else \
        [_unquote(m.group(1)) for m in _MESSAGE_ARG.finditer(rest)
         if not m.group(1)[1:].lstrip().startswith("$(")]
    title = _TITLE_ARG.search(rest)
    if title and not found.group(0).startswith("git"):
        paragraphs.insert(0, _unquote(title.group(1)))
    lines = [ln for ln in "\n\n".join(paragraphs).splitlines() if not _TRAILER.match(ln)]
    # (a body hard-wrapped at 72 columns is one paragraph per blank line, not one per line)
    return _HARD_WRAP.sub(" ", "\n".join(lines).strip())


_HARD_WRAP = rx(r"(?<=\S)[ \t]*\n(?![ \t]*(?:[-*+•]|\d+[.)]|#|\n))[ \t]*(?=\S)")


def _edit_changes(name: str, raw: object) -> list[tuple[list[str], list[str]]]:
    """Per edit of a Write/Edit/MultiEdit call: (the lines it adds, the lines it takes out) —
    only what changes: a line carried over as context is in neither."""
    field_name = _PROSE_FIELD.get(name)
    if not field_name or not isinstance(raw, dict):
        return []
    edits = raw.get(field_name) if name == "MultiEdit" else [raw]
    key = "content" if name == "Write" else "new_string"  # (each MultiEdit edit: new_string)
    changes = []
    for e in edits if isinstance(edits, list) else ():
        if not isinstance(e, dict) or not isinstance(e.get(key), str):
            continue
        old = e.get("old_string")
        old_lines = old[:MAX_TEXT_CHARS].splitlines() if isinstance(old, str) else []
        new_lines = e[key][:MAX_TEXT_CHARS].splitlines()
        kept, now = set(old_lines), set(new_lines)
        changes.append(([ln for ln in new_lines if ln not in kept],
                        [ln for ln in old_lines if ln not in now]))
    return changes


def _written_comments(changes: list[tuple[list[str], list[str]]]) -> str:
    """The comments an edit puts into code (``changes``: ``_edit_changes``), each run of
    comment lines joined into one paragraph ("" when none says much): the assistant explaining
    a fix where the next reader will find it ("# Pausing the tree stops every node whose
    process mode is inherited …"). Only what the edit adds: a comment it carries over as
    context says nothing new."""
    new_lines: list[str] = []
    for added, _gone in changes:
        new_lines += added + [""]
    runs: list[list[str]] = [[]]
    for line in new_lines:
        m = _COMMENT_LINE.match(line)
        if m and not line.lstrip().startswith(("#!", "#include", "#define", "#pragma")):
            runs[-1].append(m.group(1))
        elif runs[-1]:
            runs.append([])
    paragraphs = [" ".join(run) for run in runs if run]
    return "\n\n".join(p for p in paragraphs if len(p.split()) >= COMMENT_MIN_WORDS)


# What an edit brings into the code by name: an annotation, an imported module, a dependency
# ("@CacheResult(cacheName = …)", "import * as BackgroundFetch from 'expo-background-fetch'",
# ""react-native-mmkv": "^2.12.2"") — what a reverted attempt tried, by the name a later
# question about it would use.
_BROUGHT_IN = rx(
    r"^\s*(?:@[A-Z]\w+|(?:import|from|require|use|using|#include)\b|"
    r"[\"']?[@\w./-]+[\"']?\s*[:=]\s*[\"']?[\^~>=v]*\d[\w.-]*[\"']?,?\s*$|"
    r"(?:implementation|api|compile|testImplementation)\b)")


def _brought_in(changes: list[tuple[list[str], list[str]]]) -> tuple[str, str]:
    """The lines an edit (``changes``: ``_edit_changes``) adds that bring something in by name
    (``_BROUGHT_IN``), and those it takes out, each joined ("" when none)."""
    def naming(lines: list[str]) -> str:
        return "\n".join([ln.strip() for ln in lines
                          if len(ln) <= 200 and _BROUGHT_IN.match(ln)][:BROUGHT_IN_LINES])

    return (naming([ln for added, _gone in changes for ln in added]),
            naming([ln for _added, gone in changes for ln in gone]))


BROUGHT_IN_LINES = 4
CHANGED_CHARS = 4000  # of the lines an edit adds, kept as its ``changed`` block


def render_tool_use(name: str, inp: dict) -> str:
    """One line describing a tool call: the command, the path, the pattern…"""
    if "command" in inp:
        return inp["command"]
    for key in ("file_path", "notebook_path", "url", "pattern", "query", "skill"):
        if key in inp:
            extra = f" in {inp['path']}" if key == "pattern" and "path" in inp else ""
            return inp[key] + extra
    if "description" in inp:
        return inp["description"]
    if "path" in inp:
        return inp["path"]
    return name


# ---------------------------------------------------------------- entries (one line → a turn)


class _Context:
    """Per-file state while reading: the compaction segment, and whether the output of tool
    calls that succeeded is wanted (the session claim never quotes it)."""

    __slots__ = ("segment", "tool_output", "bash_id")

    def __init__(self, tool_output: bool = True) -> None:
        self.segment = 0
        self.tool_output = tool_output
        self.bash_id: str | None = None  # the bash-mode command whose output comes next


def parse_line(obj: dict, stats: ReadStats, ctx: _Context | None = None,
               offset: int = -1) -> Turn | None:
    """One JSONL object → a one-line Turn, or None for bookkeeping lines (counted)."""
    ctx = ctx or _Context()
    turn = _parse(obj, stats, ctx)
    if turn is not None and offset >= 0:
        turn.offset = offset
        for block in turn.blocks:
            block.offset = offset
    return turn


def _parse(obj: dict, stats: ReadStats, ctx: _Context) -> Turn | None:
    kind = obj.get("type")
    kind = kind if isinstance(kind, str) else "?"
    stats.by_type[kind] = stats.by_type.get(kind, 0) + 1
    if kind not in KNOWN_TYPES:
        stats.unknown_types += 1
        return None
    if kind == "attachment":
        stats.attachments += 1
        att = obj.get("attachment")
        att_type = att.get("type", "") if isinstance(att, dict) else ""
        if isinstance(att_type, str) and att_type.startswith("hook"):
            stats.hook_attachments += 1  # hook output, incl. additionalContext: never content
            return None
        if att_type == "queued_command" and isinstance(att.get("prompt"), str):
            # a prompt the user typed while Claude was busy
            return _user_turn(obj, att["prompt"], stats, ctx)
        return None
    if kind == "system":
        subtype = obj.get("subtype") if isinstance(obj.get("subtype"), str) else None
        if subtype == "compact_boundary":
            stats.compactions += 1
            ctx.segment += 1
        content = obj.get("content")
        return Turn(
            uuid=str(obj.get("uuid") or ""), role="system", kind="system",
            blocks=[Block("text", _clean(content, stats) if isinstance(content, str) else "",
                          uuid=str(obj.get("uuid") or ""))],
            timestamp=str(obj.get("timestamp") or ""), sidechain=bool(obj.get("isSidechain")),
            session_id=obj.get("sessionId") if isinstance(obj.get("sessionId"), str) else None,
            cwd=obj.get("cwd") if isinstance(obj.get("cwd"), str) else None, segment=ctx.segment,
            subtype=subtype, uuids=[str(obj.get("uuid") or "")],
        )
    if kind not in CONVERSATION_TYPES:
        return None
    message = obj.get("message")
    if not isinstance(message, dict):
        stats.malformed += 1
        return None
    if kind == "user":
        return _user_turn(obj, message.get("content"), stats, ctx)
    return _assistant_turn(obj, message, stats, ctx)


def _base_turn(obj: dict, role: str, kind: str, ctx: _Context) -> Turn:
    get = obj.get
    uuid, ts = get("uuid"), get("timestamp")
    agent, sid, cwd = get("agentId"), get("sessionId"), get("cwd")
    uuid = uuid if type(uuid) is str else ""
    return Turn(uuid, role, kind, [], None, [uuid], ts if type(ts) is str else "",
                bool(get("isSidechain")), agent if type(agent) is str else None,
                sid if type(sid) is str else None, cwd if type(cwd) is str else None,
                ctx.segment)


def _user_turn(obj: dict, content: object, stats: ReadStats, ctx: _Context) -> Turn:
    turn = _base_turn(obj, "user", "prompt", ctx)
    uuid = turn.uuid
    blocks: list[Block] = []
    if isinstance(content, str):
        blocks.append(Block("text", _clean(content, stats, harness=True), uuid=uuid))
    elif isinstance(content, list):
        for item in content:
            if isinstance(item, str):
                blocks.append(Block("text", _clean(item, stats, harness=True), uuid=uuid))
                continue
            if not isinstance(item, dict):
                continue
            btype = item.get("type")
            if btype == "text":
                blocks.append(Block("text", _clean(str(item.get("text") or ""), stats,
                                                   harness=True), uuid=uuid))
            elif btype == "tool_result":
                is_error = bool(item.get("is_error"))
                keep = is_error or ctx.tool_output
                raw = _result_text(item.get("content")) if keep else ""
                if not is_error:
                    # Only the head of a successful output is ever used (capture's facts look
                    # there); cleaning the whole of a huge one would cost memory for nothing. A
                    # fence cut open here is removed to the end, as any unclosed fence is.
                    raw = raw[:SUCCESS_OUTPUT_CHARS]
                output = _clean(raw, stats) if keep else ""
                blocks.append(Block(
                    "tool_result", output,
                    uuid=uuid, tool_id=str(item.get("tool_use_id") or "") or None,
                    is_error=is_error,
                ))
                if is_error:
                    stats.tool_errors += 1
            elif btype in ("image", "document"):
                blocks.append(Block("image", f"[{btype}]", uuid=uuid))
            else:
                blocks.append(Block("other", "", uuid=uuid))
    turn.blocks = [b for b in blocks if b.text or b.kind != "text"]
    text = turn.text
    if obj.get("isCompactSummary") or text.startswith(COMPACT_SUMMARY_OPENING):
        turn.kind = "compact_summary"
        stats.compact_summaries += 1
    elif any(b.kind == "tool_result" for b in turn.blocks):
        turn.kind = "tool_result"
    elif obj.get("isMeta") or obj.get("isVisibleInTranscriptOnly"):
        turn.kind = "meta"
    elif (typed := _BASH_INPUT.match(text)) is not None:
        # the user ran a command in bash mode: it reads as a Bash call ("bash_input") and the
        # output on the next line as its result, so a command that fails there or output
        # that backs a fact counts as if the assistant had run it
        turn.kind = "bash_input"
        ctx.bash_id = f"{BASH_MODE}{uuid}"
        turn.blocks = [Block("tool_use", typed.group(1).strip(), uuid=uuid, tool="Bash",
                             tool_id=ctx.bash_id)]
    elif text.startswith(("<bash-stdout>", "<bash-stderr>")) and ctx.bash_id:
        streams = dict((m.group(1), m.group(2)) for m in _BASH_STREAM.finditer(text))
        out, err = streams.get("bash-stdout", ""), streams.get("bash-stderr", "")
        # (no exit code is recorded: stderr alone is a failure only when it reads like one —
        # "cargo build" reports progress there)
        failed = bool(err.strip()) and not out.strip() and bool(_FAILED_OUTPUT.search(err))
        turn.kind = "tool_result"
        turn.blocks = [Block("tool_result", (err if failed else out).strip()
                             if failed or ctx.tool_output else "",
                             uuid=uuid, tool_id=ctx.bash_id, is_error=failed)]
        ctx.bash_id = None
    elif text.startswith(_LOCAL_OUTPUT):
        ctx.bash_id = None
        turn.kind = "meta"
    elif "<command-name>" in text:
        turn.kind = "command"
        name = _COMMAND_NAME.search(text)
        args = _COMMAND_ARGS.search(text)
        rendered = (name.group(1) if name else "").strip()
        if args and args.group(1).strip():
            rendered += " " + args.group(1).strip()
        turn.blocks = [Block("text", rendered, uuid=uuid)]
    elif text.startswith("[Request interrupted by user"):
        turn.kind = "interrupt"
    elif not text and not turn.blocks:
        turn.kind = "meta"
    if turn.kind == "prompt" and not turn.sidechain:
        stats.prompts += 1
        ctx.bash_id = None  # (an output line after this belongs to no earlier command)
    return turn


def _assistant_turn(obj: dict, message: dict, stats: ReadStats, ctx: _Context) -> Turn:
    turn = _base_turn(obj, "assistant", "assistant", ctx)
    mid = message.get("id")
    turn.message_id = mid if isinstance(mid, str) and mid else None
    uuid = turn.uuid
    content = message.get("content")
    if isinstance(content, str):
        content = [{"type": "text", "text": content}]
    if not isinstance(content, list):
        content = []
    for item in content:
        if not isinstance(item, dict):
            continue
        btype = item.get("type")
        if btype == "text":
            turn.blocks.append(Block("text", _clean(str(item.get("text") or ""), stats),
                                     uuid=uuid))
        elif btype in ("thinking", "redacted_thinking"):
            turn.blocks.append(Block("thinking", _clean(str(item.get("thinking") or ""), stats),
                                     uuid=uuid))
        elif btype in ("tool_use", "server_tool_use"):
            name = str(item.get("name") or "tool")
            inp = _tool_input(item.get("input"))
            for key, value in inp.items():
                inp[key] = _clean(value, stats)
            stats.tool_uses += 1
            turn.blocks.append(Block("tool_use", render_tool_use(name, inp), uuid=uuid,
                                     tool=name, tool_id=str(item.get("id") or "") or None,
                                     input=inp))
            message = commit_message(name, item.get("input"))
            if message:
                turn.blocks.append(Block("message", _clean(message, stats), uuid=uuid, tool=name,
                                         tool_id=str(item.get("id") or "") or None))
            offered = _options(name, item.get("input"))
            if offered:
                turn.blocks.append(Block("options", _clean(offered, stats), uuid=uuid))
            written = _written_prose(name, item.get("input"))
            prose = written or _plan(name, item.get("input"))
            if written and _is_memory_file(item.get("input")):
                # (what it writes into Claude Code's memory files is meant for every session)
                turn.blocks.append(Block("memory", _clean(written, stats), uuid=uuid))
            elif prose:
                # (a plan keeps its call's name and id: the user may turn it down with why; a
                # note, the file it went into and what it was written after, an Edit's anchor)
                raw = item.get("input")
                path = raw.get("file_path") if written and isinstance(raw, dict) else None
                anchor = raw.get("old_string") if isinstance(path, str) else None
                turn.blocks.append(Block("note", _clean(prose, stats), uuid=uuid, tool=name,
                                         tool_id=str(item.get("id") or "") or None,
                                         input={"file_path": path,
                                                "anchor": anchor if isinstance(anchor, str)
                                                else ""} if isinstance(path, str) else None))
            else:
                changes = _edit_changes(name, item.get("input"))
                said = _written_comments(changes)
                if said:
                    turn.blocks.append(Block("comment", _clean(said, stats), uuid=uuid))
                added = "\n".join(ln for lines, _gone in changes for ln in lines)
                if added.strip():
                    turn.blocks.append(Block("changed", _clean(added[:CHANGED_CHARS], stats),
                                             uuid=uuid))
                brought, took_out = _brought_in(changes)
                if brought:
                    raw = item.get("input")
                    path = raw.get("file_path") if isinstance(raw, dict) else None
                    turn.blocks.append(Block(
                        "added", _clean(brought, stats), uuid=uuid,
                        input={"file_path": path if isinstance(path, str) else "",
                               "removed": _clean(took_out, stats)}))
        elif btype == "image":
            turn.blocks.append(Block("image", "[image]", uuid=uuid))
        else:
            turn.blocks.append(Block("other", "", uuid=uuid))
    return turn


def iter_entries(path: str | os.PathLike, stats: ReadStats | None = None, *,
                 want: Iterable[bytes] | None = None, tool_output: bool = True) -> Iterator[Turn]:
    """Every conversation line of one file as a one-line Turn, in file order.
    ``tool_output=False``: leave out the output of tool calls that succeeded (cheaper)."""
    stats = stats if stats is not None else ReadStats()
    ctx = _Context(tool_output)
    for offset, obj in iter_lines(path, stats, want=want):
        turn = parse_line(obj, stats, ctx, offset)
        if turn is not None:
            yield turn


# ---------------------------------------------------------------- turns (lines merged)


def _merge(into: Turn, extra: Turn) -> None:
    seen_tools = {b.tool_id for b in into.blocks if b.tool_id}
    for block in extra.blocks:
        if block.kind == "tool_use" and block.tool_id and block.tool_id in seen_tools:
            continue  # the same block written twice
        into.blocks.append(block)
    if extra.uuid and extra.uuid not in into.uuids:
        into.uuids.append(extra.uuid)


def merge_turns(entries: Iterable[Turn], stats: ReadStats | None = None) -> Iterator[Turn]:
    """Merge the lines of one assistant message (same ``message.id``) into one turn. Tool
    results written between those lines are held back and follow the merged message."""
    stats = stats if stats is not None else ReadStats()
    pending: Turn | None = None
    held: list[Turn] = []

    def emit(turn: Turn) -> Turn:
        stats.turns += 1
        if turn.sidechain:
            stats.sidechain_turns += 1
        if turn.role == "assistant":
            stats.assistant_messages += 1
        return turn

    for entry in entries:
        if entry.role == "assistant" and entry.message_id:
            if (pending is not None and pending.message_id == entry.message_id
                    and pending.sidechain == entry.sidechain):
                _merge(pending, entry)
                continue
            if pending is not None:
                yield emit(pending)
                for h in held:
                    yield emit(h)
                held = []
            pending = entry
            continue
        if pending is not None and entry.kind == "tool_result" and entry.sidechain == pending.sidechain:
            held.append(entry)
            continue
        if pending is not None:
            yield emit(pending)
            for h in held:
                yield emit(h)
            pending, held = None, []
        yield emit(entry)
    if pending is not None:
        yield emit(pending)
        for h in held:
            yield emit(h)


def iter_turns(path: str | os.PathLike, stats: ReadStats | None = None, *,
               tool_output: bool = True) -> Iterator[Turn]:
    """The turns of one transcript file, streamed (``tool_output``: see iter_entries)."""
    stats = stats if stats is not None else ReadStats()
    yield from merge_turns(iter_entries(path, stats, tool_output=tool_output), stats)


# ---------------------------------------------------------------- whole transcripts


def subagent_paths(path: str | os.PathLike) -> list[Path]:
    """Subagent transcripts Claude Code keeps beside a session: ``<session>/subagents/*.jsonl``."""
    p = Path(path)
    folder = p.with_suffix("") / "subagents"
    if not folder.is_dir():
        return []
    return sorted(folder.glob("*.jsonl"))


@dataclass(slots=True)
class Transcript:
    path: Path
    turns: list[Turn]
    stats: ReadStats
    session_id: str | None = None
    cwd: str | None = None


def read_transcript(path: str | os.PathLike, *, subagents: bool = True) -> Transcript:
    """Read a whole transcript (and its subagent transcripts) into memory. For tools and
    tests; the capture pipeline streams instead."""
    stats = ReadStats()
    turns = list(iter_turns(path, stats))
    if subagents:
        for sub in subagent_paths(path):
            for turn in iter_turns(sub, stats):
                turn.sidechain = True
                turns.append(turn)
    session_id = next((t.session_id for t in turns if t.session_id), None)
    cwd = next((t.cwd for t in turns if t.cwd), None)
    return Transcript(Path(path), turns, stats, session_id, cwd)
