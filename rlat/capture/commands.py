"""Shell commands in a session: what a command does, whether one only looks around, and when
a command that works recovers one that failed ("Use X here (Y fails: …)"). Used by the fact
extractor (``rlat.capture.facts``), which keeps the session's recent commands as ``Command``s.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from .. import patterns
from .fact_rules import ENV_ERROR, HOUSEKEEPING, INSPECTS, LOOKS
from .session import COMMAND_CHARS, EXIT_LINE, Cited, error_line, one_line, snippet
from .transcript import ERRORISH, Block

rx = patterns.compiler(__name__)  # re.compile, kept compiled between processes


@dataclass(slots=True)
class Command:
    """A shell command the session ran (the assistant's, or the user's in bash mode)."""

    text: str
    cited: Cited
    failed: bool
    error: str = ""
    error_cited: Cited | None = None
    recovered: bool = False
    prompts_after: int = 0  # how many times the user said something after it ran
    edited_after: bool = False  # a file was written after it failed
    advised: set = field(default_factory=set)  # commands the assistant quoted after it failed
    ask: Cited | None = None  # the prompt it ran under
    facts_before: int = 0  # facts kept before it failed
    hints: set = field(default_factory=set)  # commands the user quoted after it failed
    did_nothing: bool = False  # it ran and did nothing ("No tests matching … were executed")
    told: str = ""  # what the user said after it failed (the first ``TOLD_CHARS``)
    blamed: bool = False  # the assistant said its program cannot do the job ("tsc doesn't …")


# Prompts after a failure by which the user has moved on: a command that works after them
# does another job, unless the user handed it over ("hints"). (Two are often the same
# situation: "why did it fail?" — "ok then run them with pnpm".)
MOVED_ON = 3
# What the user said after a failure, kept to find a command they typed without quotes in it
# ("thats not how we do it here. it's npm run build:blocks, that passes …").
TOLD_CHARS = 2000
# Words that launch a job without saying which: two commands sharing only these ("npx
# wp-scripts build", "npx wp-env run tests-cli … phpunit") do different jobs.
LAUNCHERS = frozenset({"npx", "npm", "pnpm", "yarn", "bunx", "bun", "uv", "poetry", "pipenv",
                       "bundle", "run", "exec", "dlx", "sudo", "env", "time"})
# Programs that only sift or page another's output ("… | grep -i 'out of memory'", "env | grep
# ^AWS_"): two commands sharing one do not share a job.
FILTERS = frozenset({"grep", "egrep", "rg", "head", "tail", "sort", "uniq", "wc", "jq", "yq",
                     "awk", "sed", "cut", "tr", "less", "more", "xargs", "tee", "column"})

# The exit status of a command `timeout` stopped (GNU coreutils): it hung, whatever it printed.
TIMED_OUT = "124"
TIMED_OUT_SAYS = f"timed out (exit {TIMED_OUT})"
# What runs a part of the tests ("tests/unit", "spec/models"), before the command's first shell
# operator (not where its output goes: "> /tmp/repl.log").
_TESTS = rx(r"\b(?:tests?|specs?|__tests__)\b")
_OPERATOR = rx(r"\s(?:[|&;<>]|\d?>)")
# Options that run less of the same job (a test selector): no other way to do it.
NARROWING = frozenset({"-k", "-x", "--lf", "--last-failed", "-m", "--run", "--filter", "-t",
                       "--testNamePattern", "--grep"})

# The most of a failure line a fact quotes, and how much of it comes before the words that say
# why when those are far into the line.
ERROR_CHARS = 110
# Of a command, what its citation keeps, and the most a fact names of it (``as_said``).
CITED_COMMAND_CHARS = 160
ERROR_LEAD = 30
_CHAIN = rx(r"\s*&&\s*")
# A query typed on the command line ("clickhouse-client -q 'SYSTEM STOP KAFKA …'", "psql -c
# …", "mysql -e …") that the server rejects as a syntax error: the command was wrong, not the
# project's code, as with an unknown option.
_INLINE_QUERY = rx(r"\s(?:-q|--query|-c|--command|-e|--execute)[\s=]")
_SYNTAX_ERROR = rx(r"\bsyntax error\b", re.IGNORECASE)
# A git step that only fetches what the build needs or puts a file back as it was: a chain
# starting with it does its next step's job ("git submodule update --init && cmake --preset
# release", "git checkout build.zig.zon && zig fetch --save … && zig build").
_GIT_SETUP = rx(r"\s*git\s+(?:-C\s+\S+\s+)?(?:submodule|lfs|fetch|checkout|restore)\b")
_CD_FIRST = rx(r"^\s*(?:cd|pushd)\s+\S+\s*(?:&&|;)\s*")
# A command run on another host over ssh, in quotes ("ssh gw-2.fra 'sudo openresty -t'"; options
# with a value, "-p 2222", "-i key", before the host).
_SSH = rx(r"^\s*ssh\s+(?:-[46AaCfGgKkMNnqsTtVvXxYy]+\s+|-[bcDEeFIiJLlmOoPpQRSWw]\s*\S+\s+)*"
                  r"[\w.@-]+\s+(['\"])(.+)\1\s*$")


def _unwrapped(command: str) -> list[str]:
    """A command's words after the directory it is run from, env assignments, and what only
    wraps it (sudo, env, time, nohup, ``timeout 300``): "timeout 300 godot --headless …" does
    godot's job, as "godot --headless …" does."""
    command = _CD_FIRST.sub("", command)  # "cd envs/staging && terraform init": terraform
    remote = _SSH.match(command)
    if remote:  # (what runs on the host: "ssh gw-2 'sudo openresty -t'" is openresty's job)
        command = remote.group(2)
    words = command.split()
    while words and ("=" in words[0] and not words[0].startswith("-")
                     or words[0] in ("sudo", "env", "time", "exec", "nohup", "command", "timeout")):
        words = words[2:] if words[0] == "timeout" and len(words) > 1 and words[1][:1].isdigit() \
            else words[1:]
    return words


# What only tells people something (closes or comments on a pull request, files an issue, posts
# a comment's body through `gh api`):
# no job a failed command had, whatever words they share ("git push && gh run watch" fails;
# "gh pr close 108 --comment …" after it does not do that job another way).
_COMMUNICATES = rx(r"\s*gh\s+(?:(?:pr|issue)\s+(?:comment|close|reopen|review|edit|create|"
                           r"ready|lock)\b|api\s[^\n]*?(?:-[fF]|--(?:raw-)?field)[\s=]body=)")


def program(command: str) -> str:
    """The program a shell command runs (after env assignments, sudo, `uv run` and friends);
    of a chain, the first that is no housekeeping ("git submodule update --init && cmake
    --preset release": cmake)."""
    first = ""
    for step in _CHAIN.split(command) if "&&" in command else (command,):
        name = _program(step)
        if name == "git" and _GIT_SETUP.match(_CD_FIRST.sub("", step)) is None:
            return "git"  # ("git stash && pytest": what changed the tree is the point)
        if name and name not in HOUSEKEEPING:
            return name
        first = first or name
    return first


def up_to_job(command: str, *, like: str = "") -> str:
    """A chain up to the step that does its job (the one ``program`` names, past those of its
    program that only look): "trunk build --release && ls -lh dist/" builds, and the ``ls``
    after it only looks at the result; "git submodule status && jq … CMakePresets.json" looks
    before its job as well; "helm list -n notify && helm rollback … && kubectl rollout status
    …" rolls back. ``like``: the failed command this one recovers from — its job is the step
    of the program saying most of what that one's says ("celery … control shutdown && celery
    … worker -Q default,exports …" after "celery … worker -l info" failed starts a worker)."""
    if "&&" not in command:
        return command
    name = program(command)
    steps = _CHAIN.split(command)
    ran = [i for i, step in enumerate(steps) if _program(step) == name]
    doing = [i for i in ran if not only_looks(steps[i])]
    at = doing[0] if doing else ran[0] if ran else len(steps) - 1
    if like and len(doing or ran) > 1:
        job = command_words(up_to_job(like))
        at = max(doing or ran, key=lambda i: (len(command_words(steps[i]) & job), -i))
    return " && ".join(steps[:at + 1])


def _program(command: str) -> str:
    words = [w for w in _unwrapped(command) if "=" not in w or w.startswith("-")]
    if len(words) >= 2 and words[0] in ("uv", "poetry", "pipenv", "npx", "pnpm", "yarn",
                                        "bunx", "bundle") and words[1] in ("run", "exec", "dlx"):
        return " ".join(words[:3])
    return words[0] if words else ""


def command_words(command: str) -> set[str]:
    """What a command does, in words (not the directory it was run from); a program run by its
    path is named by its file ("./gradlew")."""
    words = []
    program = True  # (the first word: "./gradlew bootRun")
    for arg in _unwrapped(command):
        if "/" in arg and program:
            arg = arg.rsplit("/", 1)[-1]
        program = False
        words.extend(re.findall(r"[\w.:-]+", arg))
    return {w.lower().strip("'\"") for w in words if len(w) > 1 and not w.startswith("-")}


def recovers(failed: Command, good: str, *, newest: bool = False,
              project: str = "", by_user: bool = False) -> bool:
    """Whether ``good`` does ``failed``'s job another way: the command the user quoted after
    the failure, or not the same command again, sharing a word of what it does, and either a
    different program or an environmental error.
    ``newest``: ``failed`` is the last command run before ``good``; ``by_user``: the user ran
    ``good`` themselves (Claude Code's bash mode)."""
    bad = failed.text
    if one_line(bad) == one_line(good) or program(good) in HOUSEKEEPING | INSPECTS \
            or _COMMUNICATES.match(_CD_FIRST.sub("", good)):
        return False
    said = one_line(good)  # (a long command is cited by its first 160 characters)
    if any(hint.startswith(said) for hint in failed.hints) or told_verbatim(said, failed.told):
        return True  # the user handed it over after the failure ("ah, here it's `X`")
    if by_user and newest and not failed.prompts_after and not only_looks(good):
        return True  # ... or ran it themselves right after it ("!probe-rs run … --connect-under-reset")
    if failed.error.startswith(TIMED_OUT_SAYS) and program(bad) == program(good) \
            and command_words(bad) <= command_words(good) and any(
                arg in NARROWING or "::" in arg or "/" in arg and _TESTS.search(arg)
                for arg in set(_OPERATOR.split(good, 1)[0].split()) - set(bad.split())):
        return False  # (what hung, run on less: "timeout 120 pytest -q" → "pytest -q tests/unit")
    if failed.prompts_after >= MOVED_ON:
        return False  # the user has asked for other things since: another situation
    bad_words, good_words = command_words(bad), command_words(good)
    if any(hint.startswith(said) for hint in failed.advised) and (
            not failed.edited_after or _command_was_wrong(failed)):
        return True  # the assistant said to run it instead (not after an edit fixed the code)
    if bad_words and bad_words <= good_words and any(
            w.startswith("-") or "=" in w or w in ("&&", ";")
            for w in set(good.split()) - set(bad.split())) and (
            not failed.edited_after or _command_was_wrong(failed)):
        # the same command with what it lacked: a flag, a setting, a step before it (after
        # an edit, unless the failure was the surroundings', it may be the edit that fixed it)
        return True
    # (the project's own name, in two paths, is no job they share: "apps/ferrygate/src/*.erl"
    # and "/opt/ferrygate/crash.dump")
    shared = bad_words & good_words - {project}
    if shared <= LAUNCHERS | FILTERS:
        shared = set()
    if not shared:
        # Another tool altogether ("protoc" fails, "buf generate" works) is a recovery only
        # when it ran right after the failure, with no word from the user in between, and the
        # failure was the surroundings' (not found, connection refused), not the code's.
        return newest and not failed.prompts_after and program(bad) != program(good) \
            and program(bad) not in HOUSEKEEPING and (_command_was_wrong(failed) or failed.blamed) \
            and not command_words(up_to_job(good)) & LOOKS  # ("docker context ls" looks; it
        # does not do the job — unlike "trunk build … && ls -lh dist/", which builds, then looks)
    if program(bad) != program(good):
        return not failed.edited_after or _command_was_wrong(failed)
    if not failed.edited_after and any(g.startswith(b + ":") for b in bad_words - shared
                                       for g in good_words - shared):
        # nothing was changed in between, and the command that works names a variant of the
        # job that failed ("db:seed" fails, "db:seed:replant" works)
        return True
    # (or it ran and did nothing: "No tests matching pattern … were executed")
    return _command_was_wrong(failed) or failed.did_nothing


# The assistant saying a program cannot do what was asked of it ("tsc doesn't understand .gts
# files", "kubectl exec won't work on a distroless image"): the failure was the tool's.
# ... or that it is not what this team uses ("npm run deploy is the Framework template's script
# for Observable's own hosting, which we don't use").
_CANNOT = rx(r"\b(?:doesn'?t|does not|can'?t|cannot|won'?t|isn'?t|is not) (?:\w+ )?"
                     r"(?:understand|support|know|handle|work|read|parse|run|see|meant)\b|"
                     r"\b(?:which|that) we (?:don'?t|do not|never) use\b",
                     re.IGNORECASE)


def blames(failed: Command, sentences: Iterable[str]) -> bool:
    """Whether one of ``sentences`` says the program ``failed`` ran cannot do the job: it
    names the program (its last word: "pnpm exec tsc" is tsc) and what it cannot do."""
    name = program(failed.text).rsplit(" ", 1)[-1].rsplit("/", 1)[-1]
    if len(name) < 2:
        return False
    named = re.compile(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", re.IGNORECASE)
    return any(_CANNOT.search(s) is not None
               and (named.search(s) is not None or _THAT_COMMAND.match(s) is not None)
               for s in sentences)


# ... or names it as the command just run ("That command doesn't work.", "This invocation can't
# reach staging.")
_THAT_COMMAND = rx(r"\W*(?:that|this|the) (?:command|invocation|call|script)\b",
                   re.IGNORECASE)


def _command_was_wrong(failed: Command) -> bool:
    """Whether ``failed`` failed for the surroundings' reasons or its own (not found, connection
    refused, an unknown option, a query typed on its line that does not parse), not the code's."""
    return bool(ENV_ERROR.search(failed.error)) or bool(
        _SYNTAX_ERROR.search(failed.error) and _INLINE_QUERY.search(failed.text))


def told_verbatim(command: str, told: str) -> bool:
    """Whether the user typed ``command`` (two words at least, as one line) in ``told``, as
    words of their own: not part of a longer command or path."""
    if len(command.split()) < 2 or not told:
        return False
    at = told.find(command)
    while at >= 0:
        end = at + len(command)
        if (at == 0 or not told[at - 1].isalnum() and told[at - 1] not in "-/._") and \
                (end == len(told) or not told[end].isalnum() and told[end] not in "-/_"):
            return True
        at = told.find(command, at + 1)
    return False


def only_looks(command: str) -> bool:
    """Whether a command only looks around (``git status``, ``ls``, ``docker ps``, ``cat``):
    nothing is tried by it."""
    return program(command) in HOUSEKEEPING or bool(command_words(command) & LOOKS)


def bare(command: str) -> str:
    """A command as one line without what only trimmed or checked its output at its end in the
    session ("… 2>&1 | tail -3", "… && which ocaml", "… | xcbeautify", "… && git status --short
    gen/", "…; git diff --stat test/"). Nothing that writes
    (>, tee) or sits inside quotes is touched, and nothing in the middle."""
    bare = one_line(command)
    while True:
        m = _TRAILING_TRIM.search(bare)
        if m is None or m.start() == 0 or bare.count("'", m.start()) or bare.count('"', m.start()):
            return bare
        bare = bare[:m.start()].rstrip()


def as_said(command: str, *, recovering: str = "") -> str:
    """A command as a fact names it: ``bare``, and a chain longer than ``COMMAND_CHARS`` only
    up to the step that does its job ("zig build -Dtarget=… && file … && scp … && ssh …" is the
    build): the rest would crowd out what failed and why. At most ``CITED_COMMAND_CHARS`` of
    it, as its citation keeps (a command is compared whole, up to 2,000 characters, but a fact
    of two such is no fact of at most 360): its start and its last word, the middle elided.
    ``recovering``: the failed command this one recovers from (``up_to_job``'s ``like``)."""
    said = bare(command)
    said = said if len(said) <= COMMAND_CHARS else up_to_job(said, like=recovering)
    if len(said) <= CITED_COMMAND_CHARS:
        return said
    # (too long: its middle goes, not its end — the end is what it acts on, the URL, path or
    # target: "curl -s -u … -F … https://ci.example/pipeline-model-converter/validate")
    tail = _last_word(said)
    if len(tail) > CITED_COMMAND_CHARS // 2 or tail == said:
        return snippet(said, CITED_COMMAND_CHARS)
    return f"{snippet(said[:-len(tail)], CITED_COMMAND_CHARS - len(tail) - 3)} … {tail}"


def _last_word(said: str) -> str:
    """The command's last shell word: a quoted argument whole ("--description 'pickup log
    fix'", not "fix'"), else what follows its last space."""
    quote = said[-1:]
    if quote in ("'", '"'):
        opened = said.rfind(quote, 0, len(said) - 1)
        if opened > 0 and said[opened - 1] in " =":
            return said[opened:] if said[opened - 1] == " " else \
                said[said.rfind(" ", 0, opened) + 1:]
    return said.rsplit(" ", 1)[-1]


# (each match starts where a run of spaces starts: from inside one, each space rescanned the rest)
_TRAILING_TRIM = rx(
    r"(?<!\s)(?:\s+2>&1$|\s*\|\s*(?:tail|head)(?:\s+-n)?(?:\s+-?\d+)?$|\s*\|\s*xcbeautify$|"
    r"\s*(?:&&|;)\s*(?:git (?:status|diff|log)(?:\s+[^\s;&|<>]+)*|which \S+|pwd)$)")


_SHELL_AT = rx(r"^(?:/(?:usr/)?bin/)?(?:ba|z|da|k)?sh:\s*(?:line\s+)?\d+:\s+(?=\S)")


def failure_line(block: Block, source: str, output: str | None = None) -> tuple[str, Cited | None]:
    """The most telling line of a failed command's output (``output``, else the block's
    text), and its citation (in ``block``)."""
    output = block.text if output is None else output
    code, line = error_line(output)
    said = ""  # what the fact says of the failure, when it is not the line cited
    # A test runner's "--- FAIL: TestX" says less than the "connection refused" under it.
    for candidate in output.splitlines():
        if (found := ENV_ERROR.search(candidate)) is not None:
            line = candidate.strip()
            if found.end() > ERROR_CHARS:
                # (what says why is at the end of a long line: "error: Internal error occurred:
                # … exec: "sh": executable file not found in $PATH: unknown" — quoted from a
                # few words before it)
                start = candidate.rfind(" ", 0, max(0, found.start() - ERROR_LEAD)) + 1
                line = candidate[start:].strip()
            break
    else:
        if code == TIMED_OUT and not ERRORISH.search(line):
            # (what `timeout` stopped may have said nothing wrong, or something that says why;
            # the line cited stays the output's own: that line, or its exit line)
            if any(c.islower() for c in line):
                said = f"{TIMED_OUT_SAYS}: {snippet(line, 110)}"
            else:
                said = TIMED_OUT_SAYS
                line = next((ln.strip() for ln in output.splitlines()
                             if EXIT_LINE.match(ln)), line)
    # (where the shell was in its script says nothing: "bash: line 1: /tmp/quoitfield: cannot
    # execute binary file: Exec format error" is the binary's failure)
    line = _SHELL_AT.sub("", line, count=1) or line
    if not line:
        return "", None
    line = snippet(line, ERROR_CHARS)
    return said or line, Cited(block.uuid, line, "failure", source, block.offset)
