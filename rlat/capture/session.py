"""A session → one ``event`` claim, without an LLM (the default capture).

The claim says what the session was for, what it did and how it ended::

    Goal: Please run the tests.
    Changed: src/app.py, README.md
    Ran: `python3 -m pytest -q tests/` failed (exit 4: ERROR: file or directory not found: tests/); `make check`
    Subagents: 1 (Count project files)
    Ended: The tests pass with `make check` (3 passed).

Every line that quotes the session cites the JSONL line it quotes: ``(session_id, message uuid,
excerpt_hash)`` where the excerpt is the exact (fence-stripped, scrubbed) text quoted. The
claim is capped at ``MAX_CLAIM_CHARS``. A trivial session (no tool use and a tiny exchange)
gives no claim.

``SessionDigest`` folds the stream of turns in bounded memory: it keeps the first prompt, the
last reply, and bounded lists of commands, failures and changed files, never the transcript.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .. import patterns
from ..claims.events import session_citation
from ..claims.ids import content_hash
from ..claims.model import RECORD_ASKED, RECORD_ASKS_JOINED, RECORD_GOAL, more_suffix
from ..paths import normalise_path
from .transcript import ERRORISH, Block, Turn

rx = patterns.compiler(__name__)  # re.compile, kept compiled between processes

MAX_CLAIM_CHARS = 1200
GOAL_CHARS = 240
LATER_PROMPT_CHARS = 120
ENDING_CHARS = 300
COMMAND_CHARS = 120
ERROR_CHARS = 110
EXCERPT_CHARS = 240
MAX_COMMANDS_SHOWN = 6
MAX_FILES_SHOWN = 8
MAX_CITATIONS = 10
# Trivial: no tool call at all and fewer characters than this exchanged.
TRIVIAL_CHARS = 600

FILE_TOOLS = ("Write", "Edit", "MultiEdit", "NotebookEdit", "str_replace_based_edit_tool")
SHELL_TOOLS = ("Bash", "PowerShell", "BashOutput")
AGENT_TOOLS = ("Agent", "Task")

EXIT_LINE = rx(r"^\s*(?:Error: )?Exit code (\d+)\s*$", re.IGNORECASE)
# A line that names the error: "ModuleNotFoundError: No module named 'x'", "error: ...".
_NAMED_ERROR = rx(r"\b\w*(?:Error|Exception)\b:\s*\S|^(?:error|fatal)\b\W", re.IGNORECASE)
# A line that only says *that* something failed, not what: a build tool's status, a
# traceback's header, a shouted banner ("> Task :bootRun FAILED", "APPLICATION FAILED TO
# START", "FAILURE: Build failed with an exception.", "make: *** [all] Error 2").
_BANNER = rx(
    r"^(?:>\s*Task\s+\S+\s+FAILED|BUILD FAILED\b.*|FAILURE: .*|FAILED\b.*|"
    r"Traceback \(most recent call last\):|make(?:\[\d+\])?: \*\*\* .*|npm ERR! (?:code|errno)\b.*)$")

# What a script runner echoes before the script's own output ("> swingloft@0.4.0 deploy",
# "> observable deploy"): npm's, yarn's and pnpm's way of saying what they run.
_RUNNER_ECHO = rx(r">\s")
# ("You are not signed in", "No tests were found!!!": not black's "Oh no! 💥 💔 💥" nor an
# option's "--no-cache")
_SAYS_NOT = rx(r"(?<![\w-])(?:not|never|none)\b|n't\b|(?<![\w-])no\s+\w", re.IGNORECASE)
# A terminal UI's frame and markers before a line's words (clack's "│", "■", "◆"; bullets).
_FRAME_CHARS = " \t│┃┌└├┐┘■□◆◇●○•▲▶►✖✔×*|"


def snippet(text: str, limit: int) -> str:
    """A prefix of ``text`` of at most ``limit`` characters, cut at whitespace. It is a
    substring of ``text`` (an excerpt must be findable in the line it cites)."""
    text = text.strip()
    if len(text) <= limit:
        return text
    head = text[:limit]
    cut = max(head.rfind(" "), head.rfind("\n"))
    return head[:cut].rstrip() if cut > limit // 3 else head


def one_line(text: str) -> str:
    return " ".join(text.split())


@dataclass(slots=True)
class Cited:
    """A quoted excerpt and the JSONL line it came from."""

    uuid: str
    excerpt: str
    role: str  # goal | command | failure | file | ending | subagent
    source: str = ""  # which file: "" for the main transcript, else the subagent file name
    offset: int = -1  # the line's byte offset in that file (verification reads it again)

    def citation(self, session_id: str, *, workspace: str | None = None,
                 observed_at: float | None = None) -> dict:
        cite = session_citation(session_id, self.uuid, content_hash(self.excerpt),
                                observed_at=observed_at, workspace=workspace)
        cite["excerpt"] = self.excerpt
        return cite


@dataclass(slots=True)
class Command:
    text: str
    cited: Cited
    failed: bool = False
    error: str = ""
    error_cited: Cited | None = None
    exit_code: str | None = None
    sidechain: bool = False


@dataclass(slots=True)
class SessionDigest:
    """What one session did, folded from its turns in bounded memory."""

    cwd: str | None = None
    session_id: str | None = None
    goal: Cited | None = None
    goal_command: Cited | None = None  # a slash command, when no prompt was typed
    prompts: int = 0
    later_prompts: list[Cited] = field(default_factory=list)
    chars: int = 0
    tool_calls: int = 0
    tool_errors: int = 0
    commands: list[Command] = field(default_factory=list)
    commands_total: int = 0
    commands_failed: int = 0
    files: dict[str, Cited] = field(default_factory=dict)
    files_total: int = 0
    subagents: list[Cited] = field(default_factory=list)
    subagents_total: int = 0
    ending: Cited | None = None
    interrupted: bool = False
    last_tool_failed: bool = False
    compactions: int = 0
    first_ts: str = ""
    last_ts: str = ""
    _open: dict[str, tuple[str, Cited, bool, str]] = field(default_factory=dict)
    source: str = ""

    MAX_OPEN = 512
    MAX_COMMANDS = 64
    MAX_FILES = 256

    # ------------------------------------------------------------ folding
    def add(self, turn: Turn) -> None:
        if turn.session_id and not self.session_id:
            self.session_id = turn.session_id
        if turn.cwd and not self.cwd:
            self.cwd = turn.cwd
        if turn.timestamp:
            self.first_ts = self.first_ts or turn.timestamp
            self.last_ts = turn.timestamp
        if turn.role == "system":
            if turn.subtype == "compact_boundary":
                self.compactions += 1
            return
        if turn.kind == "prompt":
            self._prompt(turn)
        elif turn.kind == "command" and not turn.sidechain:
            text = turn.text
            if text and not self.goal_command and text.split()[0] not in (
                    "/compact", "/clear", "/exit", "/cost", "/status", "/help", "/config"):
                self.goal_command = Cited(turn.uuid, snippet(text, GOAL_CHARS), "goal",
                                          self.source, turn.offset)
        elif turn.kind == "interrupt" and not turn.sidechain:
            self.interrupted = True
        elif turn.kind == "tool_result":
            for block in turn.blocks:
                if block.kind == "tool_result":
                    self._result(block, turn)
        elif turn.role == "assistant" or turn.kind == "bash_input":
            self._assistant(turn)

    def _prompt(self, turn: Turn) -> None:
        text = turn.text
        if not text:
            return
        if turn.sidechain:
            self.chars += len(text)
            return
        self.prompts += 1
        self.chars += len(text)
        self.interrupted = False
        block = next(b for b in turn.blocks if b.kind == "text" and b.text)
        if self.goal is None:
            self.goal = Cited(block.uuid, snippet(block.text, GOAL_CHARS), "goal", self.source,
                              block.offset)
        else:
            later = Cited(block.uuid, snippet(block.text, LATER_PROMPT_CHARS), "prompt",
                          self.source, block.offset)
            if len(self.later_prompts) < 2:
                self.later_prompts.append(later)
            else:  # keep the most recent ones
                self.later_prompts[-1] = later

    def _assistant(self, turn: Turn) -> None:
        for block in turn.blocks:
            if block.kind == "text" and block.text:
                self.chars += len(block.text)
                if not turn.sidechain:
                    self.ending = Cited(block.uuid, snippet(block.text, ENDING_CHARS), "ending",
                                        self.source, block.offset)
                    self.interrupted = False
            elif block.kind == "tool_use":
                self._tool_use(block, turn)

    def _tool_use(self, block: Block, turn: Turn) -> None:
        self.tool_calls += 1
        name = block.tool or ""
        if not block.tool_id:
            return
        if len(self._open) >= self.MAX_OPEN:  # results that never came: forget the oldest
            self._open.pop(next(iter(self._open)))
        line = snippet(block.text.splitlines()[0] if block.text else name, COMMAND_CHARS)
        cited = Cited(block.uuid, line, "command", self.source, block.offset)
        self._open[block.tool_id] = (name, cited, turn.sidechain, block.text)

    def _result(self, block: Block, turn: Turn) -> None:
        opened = self._open.pop(block.tool_id or "", None)
        if opened is None:
            return
        name, cited, sidechain, full = opened
        line = cited.excerpt
        failed = block.is_error
        if failed:
            self.tool_errors += 1
        if not turn.sidechain:
            self.last_tool_failed = failed
        if name in SHELL_TOOLS:
            self.commands_total += 1
            self.commands_failed += failed
            cmd = Command(line, cited, failed=failed, sidechain=sidechain)
            if failed and not block.withheld:
                cmd.exit_code, error = error_line(block.text)
                if error:
                    cmd.error = error
                    cmd.error_cited = Cited(block.uuid, error, "failure", self.source,
                                            block.offset)
            self._keep_command(cmd)
        elif name in FILE_TOOLS and not failed:
            self.files_total += 1
            path = full.strip()
            if path and path not in self.files and len(self.files) < self.MAX_FILES:
                self.files[path] = Cited(cited.uuid, path, "file", self.source, cited.offset)
        elif name in AGENT_TOOLS:
            self.subagents_total += 1
            if len(self.subagents) < 8:
                self.subagents.append(Cited(cited.uuid, line, "subagent", self.source,
                                            cited.offset))
        elif failed:
            cmd = Command(f"{name}: {line}" if line != name else name, cited, failed=True,
                          sidechain=sidechain)
            self.commands_total += 1
            self.commands_failed += 1
            self._keep_command(cmd)

    def _keep_command(self, cmd: Command) -> None:
        if len(self.commands) < self.MAX_COMMANDS:
            self.commands.append(cmd)
            return
        # full: keep failures in preference to successes
        if cmd.failed:
            for i, old in enumerate(self.commands):
                if not old.failed:
                    del self.commands[i]
                    self.commands.append(cmd)
                    return

    # ------------------------------------------------------------ judging
    @property
    def trivial(self) -> bool:
        return self.tool_calls == 0 and self.chars < TRIVIAL_CHARS

    def ended(self) -> str:
        notes = []
        if self.interrupted:
            notes.append("interrupted by the user")
        elif self.last_tool_failed:
            notes.append("the last tool call failed")
        return "; ".join(notes)


def error_line(text: str) -> tuple[str | None, str]:
    """(exit code, the most telling line) of a failed tool's output."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    code = None
    rest = []
    for ln in lines:
        m = EXIT_LINE.match(ln)
        if m and code is None:
            code = m.group(1)
            continue
        rest.append(ln)
    best = min((ln for ln in rest if ERRORISH.search(ln)), key=_how_telling, default=None)
    if best is None:
        # (nothing says error: the line that says what is not so, past a script runner's echo
        # of what it runs — npm's "> swingloft@0.4.0 deploy" — and a prompt library's frame:
        # "■  You are not signed in to Observable.")
        said = [ln for ln in rest if not _RUNNER_ECHO.match(ln)] or rest
        best = next((ln for ln in said if _SAYS_NOT.search(ln)), said[0] if said else "")
        best = best.lstrip(_FRAME_CHARS) or best
    return code, snippet(best, ERROR_CHARS)


def _how_telling(line: str) -> int:
    """0 for a line naming the error, 1 for another error-ish line, 2 for a banner (the first
    of the lowest wins)."""
    if _BANNER.match(line) or not any(c.islower() for c in line):
        return 2
    return 0 if _NAMED_ERROR.search(line) else 1


def relative_path(path: str, cwd: str | None) -> str:
    """A changed file as the user would name it: relative to the session's directory."""
    if path and not path.startswith(("/", "~", "\\")) and not (len(path) >= 2 and path[1] == ":"):
        # (already relative to the session's directory: resolving it would make it relative to
        # whichever directory `rlat capture` happens to run in)
        return path.removeprefix("./")
    p = normalise_path(path) if path else path
    if cwd:
        base = normalise_path(cwd).rstrip("/")
        windows = len(base) >= 2 and base[1] == ":"
        if (p.lower() if windows else p).startswith((base.lower() if windows else base) + "/"):
            return p[len(base) + 1:]
    return p


@dataclass(slots=True)
class SessionClaim:
    text: str
    cited: list[Cited]


def build_claim(digest: SessionDigest) -> SessionClaim | None:
    """The event claim for a session, or None for a trivial one (or one with no goal)."""
    if digest.trivial:
        return None
    goal = digest.goal or digest.goal_command
    if goal is None:
        return None
    cited: list[Cited] = [goal]
    lines = [f"{RECORD_GOAL}{one_line(goal.excerpt)}"]
    if digest.later_prompts:
        more = digest.prompts - 1 - len(digest.later_prompts)
        asked = RECORD_ASKS_JOINED.join(one_line(p.excerpt) for p in digest.later_prompts)
        lines.append(f"{RECORD_ASKED}{asked}{more_suffix(more)}")
        cited.extend(digest.later_prompts)

    if digest.files:
        shown = list(digest.files.items())[:MAX_FILES_SHOWN]
        names = [relative_path(path, digest.cwd) for path, _ in shown]
        more = len(digest.files) - len(shown)
        lines.append("Changed: " + ", ".join(names) + more_suffix(more))
        cited.extend(c for _, c in shown[:2])

    if digest.commands:
        parts = []
        seen: set[str] = set()
        failures = [c for c in digest.commands if c.failed]
        ordered = failures[:3] + [c for c in digest.commands if not c.failed]
        shown_cmds = []
        for cmd in ordered:
            key = cmd.text + ("!" if cmd.failed else "")
            if key in seen:
                continue
            seen.add(key)
            shown_cmds.append(cmd)
            if len(shown_cmds) >= MAX_COMMANDS_SHOWN:
                break
        # show them in the order they ran
        order = {id(c): i for i, c in enumerate(digest.commands)}
        shown_cmds.sort(key=lambda c: order.get(id(c), 0))
        for cmd in shown_cmds:
            part = f"`{one_line(cmd.text)}`"
            if cmd.failed:
                detail = one_line(cmd.error) if cmd.error else ""
                if cmd.exit_code:
                    detail = f"exit {cmd.exit_code}: {detail}" if detail else f"exit {cmd.exit_code}"
                part += f" failed ({detail})" if detail else " failed"
                cited.append(cmd.error_cited or cmd.cited)
            parts.append(part)
        hidden = digest.commands_total - len(shown_cmds)
        failed_total = digest.commands_failed
        summary = "; ".join(parts) + more_suffix(hidden)
        label = "Ran"
        if failed_total:
            label = f"Ran ({failed_total} failed)"
        lines.append(f"{label}: {summary}")
        cited.extend(c.cited for c in shown_cmds if not c.failed and len(cited) < 6)

    if digest.subagents_total:
        names = "; ".join(one_line(s.excerpt) for s in digest.subagents[:3])
        lines.append(f"Subagents: {digest.subagents_total} ({names})")
        cited.append(digest.subagents[0])

    if digest.ending is not None:
        end = f"Ended: {one_line(digest.ending.excerpt)}"
        note = digest.ended()
        if note:
            end += f" [{note}]"
        lines.append(end)
        cited.append(digest.ending)
    elif digest.ended():
        lines.append(f"Ended: [{digest.ended()}]")

    text = _fit(lines)
    unique: list[Cited] = []
    seen_keys: set[tuple[str, str]] = set()
    for c in cited:
        key = (c.uuid, c.excerpt)
        if c.uuid and c.excerpt and key not in seen_keys:
            seen_keys.add(key)
            unique.append(c)
    return SessionClaim(text, unique[:MAX_CITATIONS])


def _fit(lines: list[str]) -> str:
    """Join the lines within MAX_CLAIM_CHARS, shortening the longest lines first."""
    text = "\n".join(lines)
    if len(text) <= MAX_CLAIM_CHARS:
        return text
    budget = MAX_CLAIM_CHARS - (len(lines) - 1)
    share = max(60, budget // len(lines))
    out = []
    for line in lines:
        out.append(line if len(line) <= share else snippet(line, share - 2) + " …")
    text = "\n".join(out)
    return text[:MAX_CLAIM_CHARS]


