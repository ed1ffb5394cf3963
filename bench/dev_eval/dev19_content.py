"""The ``dev19`` split: four projects in stacks no other split uses (a Drupal 10 site for a
Cumbrian wildlife trust's nature reserves, guided walks and volunteer work parties - PHP 8.3,
Composer, DDEV, Drush, config sync, a custom events module, a Twig theme, Search API,
Platform.sh; a Roblox experience in Luau for a sea-safety charity's schools programme, where
pupils crew a lifeboat together - Rojo, Wally, selene and StyLua, ProfileStore, TestEZ specs,
Open Cloud publishing; an F# SAFE-stack app for a rural community transport charity's
dial-a-ride bookings and driver rounds - Saturn and Giraffe, Fable with Elmish and Feliz,
Fable.Remoting, Paket, a FAKE build project, Expecto, Npgsql on Postgres, Azure App Service; a
GnuCOBOL nightly batch for a small building society - interest accrual and statements from the
core banking extract, copybooks, a Makefile around cobc, cobol-check unit tests, a systemd timer
on a RHEL host), ten planted facts each, and phrasing templates of its own.

Written in the thirteenth pass by a helper that read no rlat code, to be read untuned. Its theme
is "where facts hide in ordinary work": durable facts reach the transcript through channels a
memory tool might not watch, and the user rarely states them as a rule. The channels:

* (A) a git commit message the assistant writes (``git commit -m "$(cat <<'EOF' ...)"``, the body
  explaining the why), a revert commit's message, or a pull request body (``gh pr create
  --body``);
* (B) a code comment the assistant writes with Edit (``// WARNING: ...``, ``*> NOTE: ...``,
  ``-- NOTE: ...``) after a failure shows the constraint, or after ``git log`` turns up an old
  attempt;
* (C) a session continued after compaction: a user line holding Claude Code's compaction summary
  ("This session is being continued from a previous conversation that ran out of context. ...",
  the numbered Summary sections), the fact one bullet among many. The generator writes it as an
  ordinary user line: ``world.generate`` has no way to set the CLI's ``isCompactSummary`` /
  ``isVisibleInTranscriptOnly`` flags, so only the text is faithful;
* (D) terse, lower-case, typo-laden user messages ("nah dont use X, ..."), and a one-line
  answer to the assistant's question buried in a longer message about something else;
* (E) something the user pastes: a colleague's Slack message, or an error log with the user's
  one-line diagnosis on top;
* (F) the assistant reading a README / Makefile / config file and stating what it found;
* (G) an approach that failed, told by the user as a story ("last spring we moved to X ...").

Each kind has four framings, each carrying two of the kind's eight facts (slot ``frame``; the
seed picks the wording inside it):

* convention - commit message or PR body (A); code comment after a failing check (B); terse
  correction after the assistant did it the other way (D); a colleague's pasted Slack message (E);
* command - read off a README or Makefile after a failure (F); in a compaction summary (C); in
  the "how to test" of a PR body (A); the user's one-line answer inside a longer message (D);
* environment - read from a config file (F); in a compaction summary (C); a pasted Slack message
  (E); a terse aside or answer (D);
* gotcha - a WARNING comment written with the fix (B); a pasted log with the user's diagnosis on
  top (E); the fix's commit message (A); in a compaction summary (C);
* falsified - the user's story when the assistant proposes it (G); tried, then reverted with a
  commit message saying why (A); a colleague's pasted Slack message (E); found in ``git log``
  and written into a comment so nobody tries it again (B).

Slots are the shared ones (``templates.py``) where they fit, plus per framing: ``work``,
``subject``, ``body`` (a commit or PR), ``first`` / ``fix`` (the attempt that fails a check, and
the fix with its comment), ``terse`` (the user's correction or aside), ``slack`` and ``who``
(a pasted message and its author), ``doc`` and ``found`` (a file read and what the assistant
says about it), ``compact`` (the summary's sections; ``compact["fact"]`` maps a section to the
fact's bullet there, one picked by the seed) and ``resume`` (the tools run after it), ``ask`` /
``other`` / ``answer`` (the assistant's question and the longer reply the answer hides in),
``diagnosis`` and ``log``, ``proposal`` and ``story``, ``history`` (a ``git log`` that shows
an old attempt) and ``repo`` (the project's GitHub slug, for PRs).
"""

from __future__ import annotations

import random

from .templates import cap
from .templates import find as _find
from .templates import look as _look
from .templates import run as _run
from .templates import steps as _steps
from .templates import talk as _talk
from .templates import tweak as _tweak
from .transcript import agent, bash, edit, grep, read, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3

TRAILER = ("🤖 Generated with [Claude Code](https://claude.com/claude-code)\n\n"
           "Co-Authored-By: Claude <noreply@anthropic.com>")
_NAMES = ("Priya", "Tom", "Gareth", "Hannah", "Ines", "Callum", "Rosie", "Dev", "Marta", "Owen")
_TIMES = ("9:14 AM", "10:02 AM", "11:47 AM", "1:20 PM", "2:38 PM", "4:05 PM", "Yesterday")


def _one(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _hex(rng: random.Random, n: int = 7) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def _heredoc(text: str) -> str:
    return f"\"$(cat <<'EOF'\n{text}\nEOF\n)\""


# ------------------------------------------------------------------- channel pieces
def _commit(rng: random.Random, subject: str, body: str, add: str = "-A",
            branch: str = "main") -> object:
    """The assistant's ``git commit`` with a message body, the way Claude Code writes it (a
    heredoc, sometimes with the Claude Code trailer)."""
    message = f"{subject}\n\n{body}"
    if rng.random() < 0.6:
        message += f"\n\n{TRAILER}"
    files = rng.randrange(1, 6)
    out = (f"[{branch} {_hex(rng)}] {subject}\n {files} file{'s' if files > 1 else ''} "
           f"changed, {rng.randrange(3, 90)} insertions(+), {rng.randrange(0, 40)} "
           f"deletions(-)")
    return bash(f"git add {add} && git commit -m {_heredoc(message)}", out,
                description=_one(rng, "Commit the change", "Commit with an explanatory message",
                                 "Create the commit"))


def _pull_request(rng: random.Random, repo: str, branch: str, title: str,
                  body: str) -> list:
    """Branch, commit, push and ``gh pr create --body`` (Claude Code's usual sequence)."""
    number = rng.randrange(40, 400)
    pr_body = body
    if rng.random() < 0.6:
        pr_body += "\n\n🤖 Generated with [Claude Code](https://claude.com/claude-code)"
    return [
        bash(f"git checkout -b {branch} && git add -A && git commit -m \"{title}\"",
             f"Switched to a new branch '{branch}'\n[{branch} {_hex(rng)}] {title}\n "
             f"{rng.randrange(1, 6)} files changed, {rng.randrange(5, 120)} insertions(+), "
             f"{rng.randrange(0, 30)} deletions(-)"),
        bash(f"git push -u origin {branch}",
             f"remote:\nremote: Create a pull request for '{branch}' on GitHub by visiting:\n"
             f"remote:      https://github.com/{repo}/pull/new/{branch}\nremote:\nTo "
             f"github.com:{repo}.git\n * [new branch]      {branch} -> {branch}\nbranch "
             f"'{branch}' set up to track 'origin/{branch}'."),
        bash(f"gh pr create --title \"{title}\" --body {_heredoc(pr_body)}",
             f"https://github.com/{repo}/pull/{number}",
             description="Open the pull request"),
    ]


def _slack(rng: random.Random, who: str, message: str, channel: str) -> str:
    """A colleague's Slack message as users paste it (quoted, copied with the header, or
    inline)."""
    when = rng.choice(_TIMES)
    style = rng.randrange(4)
    if style == 0:
        return "\n".join("> " + line for line in f"{who}: {message}".splitlines())
    if style == 1:
        return f"```\n{who}  {when}\n{message}\n```"
    if style == 2:
        return f"{who} in #{channel}:\n\"{message}\""
    return f"--- from {who} (#{channel}) ---\n{message}\n---"


_SECTIONS = (("request", "Primary Request and Intent"), ("concepts", "Key Technical Concepts"),
             ("files", "Files and Code Sections"), ("errors", "Errors and fixes"),
             ("problem", "Problem Solving"), ("users", "All user messages"),
             ("pending", "Pending Tasks"), ("current", "Current Work"),
             ("next", "Optional Next Step"))


def _compaction(s: dict, rng: random.Random) -> str:
    """Claude Code's compaction summary for the conversation before this point, with the fact
    as one bullet in one section (the seed picks which of the fact's sections)."""
    c = s["compact"]
    where = rng.choice(sorted(c["fact"]))
    head = _one(rng, "This session is being continued from a previous conversation that ran out "
                     "of context. The conversation is summarized below:",
                "This session is being continued from a previous conversation that ran out of "
                "context. The summary below covers the earlier portion of the conversation.")
    parts = [head]
    if rng.random() < 0.5:
        parts.append("Analysis:\n" + c["analysis"])
    lines = []
    for i, (key, title) in enumerate(_SECTIONS, 1):
        value = c.get(key, "")
        items = list(value) if isinstance(value, list) else ([value] if value else [])
        if key == where:
            items.insert(rng.randrange(len(items) + 1), c["fact"][where])
        if not items:
            items = ["None."]
        if key in ("request", "problem", "current", "next") and len(items) == 1:
            lines.append(f"{i}. {title}:\n   {items[0]}")
        else:
            lines.append(f"{i}. {title}:\n" + "\n".join(f"   - {x}" for x in items))
    parts.append("Summary:\n" + "\n\n".join(lines))
    tail = ("Please continue the conversation from where we left it off without asking the user "
            "any further questions. Continue with the last task that you were asked to work on.")
    if rng.random() < 0.5:
        tail = ("If you need specific details from before compaction (like exact code snippets, "
                "error messages, or content you generated), read the full transcript at: "
                f"/home/dev/.claude/projects/-home-dev-src-{s['name']}/"
                f"{_hex(rng, 8)}-{_hex(rng, 4)}-4{_hex(rng, 3)}-a{_hex(rng, 3)}-"
                f"{_hex(rng, 12)}.jsonl\n\n" + tail)
    parts.append(tail)
    return "\n\n".join(parts)


# ------------------------------------------------------------------- phrasing templates
# Conventions: commit message or PR body (A); code comment after a failing check (B); terse
# correction (D); a colleague's pasted Slack message (E).
def conv_commit(s: dict, rng: random.Random) -> Episode:
    ask = _one(rng, "ok commit it", "looks good, commit pls",
               "commit that - and put the reasoning in the message so nobody 'fixes' it back",
               "great. commit + push", "can you commit this with a decent message",
               "open a PR for it", "put it up as a PR please")
    steps: Episode = [Step(prompt=s["task"]),
                      Step(text=_one(rng, "", "Let me look at how it's done elsewhere first.",
                                     "Checking the existing code."), tools=s["work"]),
                      Step(text=s["done"]),
                      Step(prompt=ask)]
    if "PR" in ask:
        steps.append(Step(tools=_pull_request(rng, s["repo"], s["branch"], s["subject"],
                                              "## Summary\n\n" + s["body"] + "\n\n## Test plan"
                                              "\n\n- " + s["test"])))
        steps.append(Step(text=_one(rng, "PR is up.", "Opened the pull request.",
                                    "Done - the PR explains the why in its description.")))
    else:
        steps.append(Step(tools=[_commit(rng, s["subject"], s["body"])]))
        if "push" in ask:
            steps.append(Step(tools=[bash("git push", "To github.com:" + s["repo"] + ".git\n   "
                                          + _hex(rng) + ".." + _hex(rng) + "  main -> main")]))
        steps.append(Step(text=_one(rng, "Committed.", "Done - the commit message has the why.",
                                    "Committed; the body explains the reason.", "Done.")))
    return steps


def conv_comment(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["task"]),
            Step(text=_one(rng, "", "On it.", "Starting with the obvious version."),
                 tools=s["first"]),
            Step(tools=[s["fail"]]),
            Step(text=_one(rng, "The check catches it - fixing, and leaving a note in the code "
                                "so the reason is next to it.",
                           "That's a house rule I'd missed. Fixing it and writing the reason "
                           "down where the next person will see it.",
                           "Failed for a good reason. Fixing, with a comment.",
                           ""), tools=s["fix"]),
            Step(text=s["done"])]


def conv_terse(s: dict, rng: random.Random) -> Episode:
    lead = _one(rng, "nah", "no no", "hm no", "wait -", "nope,", "pls no,", "ugh no")
    tail = _one(rng, "", " ty", " thx", " pls", " k?", "")
    return [Step(prompt=s["task"]),
            Step(text=_one(rng, "", "Sure.", "Doing it now."), tools=s["contrary"]),
            Step(text=s["shown"]),
            Step(prompt=f"{lead} {s['terse']}{tail}"),
            Step(text=_one(rng, "Got it - redoing it that way.", "Right, fixing.", "Okay.",
                           "Understood, changing it."), tools=s["follow"]),
            Step(text=s["done"])]


def conv_pasted(s: dict, rng: random.Random) -> Episode:
    who = s.get("who") or rng.choice(_NAMES)
    pasted = _slack(rng, who, s["slack"], s["channel"])
    prompt = _one(rng, f"{s['task']}\n\n{who} posted this earlier, it applies here:\n\n{pasted}",
                  f"pasting this from slack so you have it:\n\n{pasted}\n\nanyway - {s['task']}",
                  f"{s['task']}. fyi from {who}:\n{pasted}",
                  f"context first:\n{pasted}\n\nnow: {s['task']}")
    return [Step(prompt=prompt),
            Step(text=_one(rng, "Following that.", "Thanks - doing it that way.", "",
                           "Noted."), tools=s["follow"]),
            Step(text=s["done"])]


# Commands: read off a file (F); in a compaction summary (C); in a PR body (A); a one-line answer
# inside a longer message (D).
def cmd_readfile(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(tools=[s["fail"]]),
            Step(text=s["note"] + " " + _one(rng, "Let me see how the repo expects it to be run.",
                                             "Checking the docs.", "Looking for the intended "
                                             "invocation."), tools=[s["doc"]]),
            Step(text=s["found"], tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_compact(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=_compaction(s, rng)),
            Step(text=_one(rng, "Continuing from where we left off.", "Picking up the last task.",
                           s["compact"]["resume_text"], ""), tools=s["resume"]),
            Step(text=s["done"])]


def cmd_pr(s: dict, rng: random.Random) -> Episode:
    ask = _one(rng, "nice. branch + PR please", "open a PR with that",
               "ok push it up as a PR, say how to test it", "PR please")
    body = (f"## Summary\n\n{s['summary']}\n\n## " + _one(rng, "How to test", "Test plan",
                                                        "Testing") + f"\n\n{s['howto']}")
    return [Step(prompt=s["goal"]),
            Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt=ask),
            Step(tools=s.get("prep", []) + _pull_request(rng, s["repo"], s["branch"],
                                                         s["title"], body)),
            Step(text=_one(rng, "PR opened.", "Pull request is up.",
                           "Done - it's up for review."))]


def cmd_oneliner(s: dict, rng: random.Random) -> Episode:
    other = list(s["other"])
    other.insert(rng.randrange(len(other) + 1), s["answer"])
    joiner = _one(rng, " ", "\n\n", " ")
    return [Step(prompt=s["goal"]),
            Step(tools=[s["fail"]]),
            Step(text=s["ask"]),
            Step(prompt=joiner.join(other)),
            Step(text=_one(rng, "Thanks - running the tests that way first.", "Got it.",
                           "Trying that.", ""), tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(tools=s["other_tools"]),
            Step(text=s["other_done"])]


# Environment facts: read from a config file (F); in a compaction summary (C); pasted Slack (E);
# a terse aside or answer (D).
def env_readfile(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=_one(rng, "Let me check the config first.", "", "Looking at how it's set "
                                                                     "up."), tools=s["probe"]),
            Step(text=s["confirm"])]


def env_compact(s: dict, rng: random.Random) -> Episode:
    return cmd_compact(s, rng)


def env_pasted(s: dict, rng: random.Random) -> Episode:
    who = s.get("who") or rng.choice(_NAMES)
    pasted = _slack(rng, who, s["slack"], s["channel"])
    prompt = _one(rng, f"{s['goal']}\n\nthis is from {who}, might matter:\n{pasted}",
                  f"{pasted}\n\n^ from {who}. with that in mind: {s['goal']}",
                  f"{s['goal']} - {who} sent this earlier:\n\n{pasted}")
    return [Step(prompt=prompt),
            Step(text=_one(rng, "Checking against that.", "Thanks, that helps.", ""),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_terse(s: dict, rng: random.Random) -> Episode:
    if rng.random() < 0.5:
        peek = [Step(tools=s["peek"])] if s.get("peek") else []
        return [Step(prompt=s["goal"]),
                *peek,
                Step(text=s["ask"]),
                Step(prompt=s["terse"]),
                Step(text=_one(rng, "Thanks.", "Okay, going by that.", ""), tools=s["probe"]),
                Step(text=s["confirm"])]
    return [Step(prompt=f"{s['goal']}. {_one(rng, 'fyi', 'btw', 'oh and', '(fyi')} "
                        f"{s['terse']}"),
            Step(tools=s["probe"]),
            Step(text=s["confirm"])]


# Gotchas: a WARNING comment written with the fix (B); a pasted log with the user's diagnosis (E);
# the fix's commit message (A); in a compaction summary (C).
def gotcha_comment(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["symptom"]),
            Step(text=_one(rng, "", "Let me reproduce it.", "Looking."), tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_log(s: dict, rng: random.Random) -> Episode:
    fence = "```"
    ask = _one(rng, "can you fix it properly this time", "fix pls", "sort it out?",
                "can you make it stop happening", "fix + make sure it doesn't come back")
    prompt = _one(rng, f"{s['diagnosis']}\n\n{fence}\n{s['log']}\n{fence}\n\n{ask}",
                  f"tl;dr {s['diagnosis']}\n\n{fence}\n{s['log']}\n{fence}\n{ask}",
                  f"{s['diagnosis']} -- log below. {ask}\n\n{s['log']}")
    return [Step(prompt=prompt),
            Step(text=_one(rng, "Let me confirm that.", "Checking.", ""), tools=s["probe"]),
            Step(text=_one(rng, "Yes, that's it.", "Confirmed.", "You're right.")
                 + " " + s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_commit(s: dict, rng: random.Random) -> Episode:
    ask = _one(rng, "commit it", "good, commit", "commit with an explanation of the root cause",
               "ok commit pls")
    return [Step(prompt=s["symptom"]),
            Step(text=_one(rng, "", "Investigating.", "Let me dig in."), tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=ask),
            Step(tools=[_commit(rng, s["subject"], s["body"])]),
            Step(text=_one(rng, "Committed.", "Done; the commit message explains the cause.",
                           "Committed with the root cause in the body."))]


def gotcha_compact(s: dict, rng: random.Random) -> Episode:
    return cmd_compact(s, rng)


# Falsified approaches: the user's story (G); tried and reverted with a commit saying why (A); a
# colleague's pasted Slack message (E); found in git log and written into a comment (B).
def fals_story(s: dict, rng: random.Random) -> Episode:
    lead = _one(rng, "lol no.", "we tried that.", "been there.", "no - ", "ha, no.",
                "ah, no, long story:", "please no.")
    return [Step(prompt=s["pain"]),
            Step(text=s["proposal"]),
            Step(prompt=f"{lead} {s['story']}"),
            Step(text=_one(rng, "Fair enough - ruling that out.", "That settles it, then.",
                           "Good to know. Different route:", "Okay, not that.") + " "
                 + cap(s["alternative"]) + ".",
                 tools=s["follow"]),
            Step(text=s["done"])]


def fals_revert(s: dict, rng: random.Random) -> Episode:
    revert = bash("git revert --no-commit HEAD && git commit -m " + _heredoc(
        f"{s['revert_subject']}\n\n{s['revert_body']}"),
        f"[main {_hex(rng)}] {s['revert_subject']}\n {rng.randrange(1, 5)} files changed, "
        f"{rng.randrange(2, 40)} insertions(+), {rng.randrange(5, 90)} deletions(-)",
        description="Revert the attempt, recording why")
    steps: Episode = [Step(prompt=s["ask"]),
                      Step(text=_one(rng, "Trying it on a commit of its own so it's easy to "
                                          "back out.", "Making the change.", ""),
                           tools=s["change"]),
                      *([Step(prompt=s["between"])] if s.get("between") else []),
                      Step(tools=[s["broke"]]),
                      Step(text=s["verdict"])]
    if rng.random() < 0.5:
        steps.append(Step(prompt=_one(rng, "ugh. ok revert it, and write down why in the commit",
                                      "revert. put the numbers in the message",
                                      "yeah back it out")))
    steps += [Step(tools=[revert]),
              Step(text=_one(rng, "Reverted; the revert commit records why.", "Backed out.",
                             "Reverted - the message has the numbers for next time."))]
    return steps


def fals_slack(s: dict, rng: random.Random) -> Episode:
    who = s.get("who") or rng.choice(_NAMES)
    pasted = _slack(rng, who, s["slack"], s["channel"])
    if rng.random() < 0.5:
        return [Step(prompt=s["ask"]),
                Step(text=s["proposal"],
                     tools=[todo_write([(cap(s["idea"]), "in_progress", "Starting"),
                                        ("Run the tests", "pending", "Testing")])]),
                Step(prompt=_one(rng, f"hold on, asked {who} about it:\n\n{pasted}",
                                 f"stop - {who} just replied:\n{pasted}",
                                 f"scrap that, see {who}'s reply:\n\n{pasted}")),
                Step(text=_one(rng, "Understood, dropping it.", "That rules it out.",
                               "Okay - not going down that road.") + " "
                     + cap(s["alternative"]) + ".", tools=s["follow"]),
                Step(text=s["done"])]
    return [Step(prompt=f"{s['ask']}\n\nbefore you suggest the obvious thing, {who} said:\n"
                        f"{pasted}"),
            Step(text=cap(s["alternative"]) + ".", tools=s["follow"]),
            Step(text=s["done"])]


def fals_comment(s: dict, rng: random.Random) -> Episode:
    steps: Episode = [Step(prompt=s["ask"]),
                      Step(text=_one(rng, "Before changing it, let me check whether it's been "
                                          "tried.", "Checking the history first.",
                                     "Let me see why it's like this."),
                           tools=[s["history"]]),
                      Step(text=s["found"])]
    if rng.random() < 0.5:
        steps.append(Step(prompt=_one(rng, "ha ok. leave a comment there so nobody tries again",
                                      "right, forgot about that. comment it in the code pls",
                                      "ok drop it. can you note that in the source")))
    steps += [Step(tools=[s["comment"]]),
              Step(text=_one(rng, "Left a comment at the spot with the reason.",
                             "Added a comment so the next person sees the history.",
                             "Comment added."))]
    return steps


FRAMINGS = {
    "convention": [conv_commit, conv_comment, conv_terse, conv_pasted],
    "command": [cmd_readfile, cmd_compact, cmd_pr, cmd_oneliner],
    "environment": [env_readfile, env_compact, env_pasted, env_terse],
    "gotcha": [gotcha_comment, gotcha_log, gotcha_commit, gotcha_compact],
    "falsified": [fals_story, fals_revert, fals_slack, fals_comment],
}


def framed(s: dict, rng: random.Random) -> Episode:
    """The fact's own framing (slot ``frame``, set by :func:`_frame`), so that every framing
    of a kind carries two of its eight facts whatever the seed; the seed still picks the
    wording inside it."""
    return s["frame"](s, rng)


TEMPLATES = {kind: [framed] for kind in FRAMINGS}


def _frame(facts: list[Fact], frames: dict, name: str, repo: str) -> None:
    """Give each fact its framing (by fact id), its project's name and GitHub slug."""
    for fact in facts:
        fact.slots["frame"] = frames[fact.id]
        fact.slots["name"] = name
        fact.slots["repo"] = repo


# ------------------------------------------------------------------- projects
def fellwatch() -> Project:
    """A Drupal 10 site for the Fell & Tarn Wildlife Trust: nature reserve pages, guided walk
    bookings and volunteer work parties. PHP 8.3, Composer, DDEV locally, Drush, config in
    config/sync, a custom events module (fellwatch_events) and a CRM module (fellwatch_crm), the
    custom Twig theme `tarn`, Paragraphs, Search API, hosted on Platform.sh."""
    events = "web/modules/custom/fellwatch_events"
    theme = "web/themes/custom/tarn"
    facts = [
        Fact("conv-prefix", "convention", ["field_fw_"],
             ["what should I call the new field for a work party's meeting point?",
              "is there a naming scheme for the fields we add to content types?"],
             "Every custom field's machine name starts with the field_fw_ prefix (e.g. "
             "field_fw_grade): the GDPR purge in fellwatch_privacy and the annual-report export "
             "select fields by that prefix, so an unprefixed field is silently skipped.",
             {"task": "the two fields I added to the walk content type last week (grade and "
                      "dogs allowed) don't match how the other fields are named, can you sort "
                      "them out before they get anywhere near prod",
              "work": [grep("^id: node\\.walk\\.", [
                           "config/sync/field.field.node.walk.field_grade.yml",
                           "config/sync/field.field.node.walk.field_dogs_allowed.yml",
                           "config/sync/field.field.node.walk.field_fw_distance_km.yml",
                           "config/sync/field.field.node.walk.field_fw_leader.yml",
                           "config/sync/field.field.node.walk.field_fw_meeting_point.yml"]),
                       read("web/modules/custom/fellwatch_privacy/src/PurgeFields.php",
                            "<?php\n\nnamespace Drupal\\fellwatch_privacy;\n\n/**\n * Finds the "
                            "trust's own fields to anonymise after the retention period.\n */\n"
                            "final class PurgeFields {\n\n  public function fieldsToPurge(string "
                            "$entity_type, string $bundle): array {\n    $defs = $this->"
                            "fieldManager->getFieldDefinitions($entity_type, $bundle);\n    "
                            "return array_filter(array_keys($defs),\n      fn ($name) => "
                            "str_starts_with($name, 'field_fw_'));\n  }\n\n}\n"),
                       bash("cd config/sync && for f in grade dogs_allowed; do for p in "
                            "field.storage.node field.field.node.walk; do git mv $p.field_$f.yml "
                            "$p.field_fw_$f.yml; done; done && sed -i 's/field_grade/"
                            "field_fw_grade/g; s/field_dogs_allowed/field_fw_dogs_allowed/g' "
                            "*.yml && cd - >/dev/null && sed -i 's/field_grade/field_fw_grade/g;"
                            " s/field_dogs_allowed/field_fw_dogs_allowed/g' "
                            f"{theme}/templates/node--walk.html.twig", ""),
                       bash("ddev drush cim -y",
                            " [notice] Synchronized configuration: delete field.field.node.walk."
                            "field_grade.\n [notice] Synchronized configuration: create field."
                            "storage.node.field_fw_grade.\n [notice] Synchronized configuration: "
                            "create field.field.node.walk.field_fw_grade.\n ...\n [notice] "
                            "Finalizing configuration synchronization.\n [success] The "
                            "configuration was imported successfully.")],
              "done": "Renamed them to field_fw_grade and field_fw_dogs_allowed - storage and "
                      "instance config, the form and view displays, and the walk template - "
                      "and the config imports cleanly. They only existed locally, so there was "
                      "no data to move.",
              "subject": "Rename walk grade/dogs fields to the field_fw_ prefix",
              "body": "Every field the trust defines is prefixed field_fw_. It isn't cosmetic: "
                      "the GDPR purge (fellwatch_privacy, PurgeFields::fieldsToPurge) and the "
                      "annual-report export both select fields by that prefix, so field_grade "
                      "and field_dogs_allowed would have been silently skipped by both.\n\nThe "
                      "fields only existed locally, so this is a rename of the config with no "
                      "data to migrate.",
              "test": "`ddev drush cim -y` imports cleanly; the walk form shows both fields",
              "branch": "fix/walk-field-names"}),
        Fact("conv-date", "convention", ["tarn_date"],
             ["how should I format the date of a work party on the public listing?",
              "which date format do the public pages use?"],
             "Dates on public pages go through the tarn_date date format ('Sat 14 Sep, 10:00'), "
             "never 'medium': medium is the admin format and is overridden to US order on the "
             "production locale.",
             {"task": "add the date and start time to the walk teaser cards on the /walks "
                      "listing",
              "contrary": [edit(f"{theme}/tarn.theme",
                                "function tarn_preprocess_node__walk__teaser(array &$variables) "
                                "{\n",
                                "function tarn_preprocess_node__walk__teaser(array &$variables) "
                                "{\n  $start = $variables['node']->get('walk_start')->date"
                                "->getTimestamp();\n  $variables['walk_when'] = \\Drupal::"
                                "service('date.formatter')->format($start, 'medium');\n"),
                           edit(f"{theme}/templates/node--walk--teaser.html.twig",
                                "<h3>{{ label }}</h3>",
                                "<h3>{{ label }}</h3>\n<p class=\"walk-when\">{{ walk_when }}"
                                "</p>")],
              "shown": "The teaser cards show the date and start time now, formatted with the "
                       "site's medium format - on my local it renders as 'Sat, 09/14/2024 - "
                       "10:00'.",
              "terse": "dont use medium for anything public, theres a tarn_date format for "
                       "that. medium is the admin one and its overriden to americn order on "
                       "the prod locale thing",
              "follow": [edit(f"{theme}/tarn.theme",
                              "->format($start, 'medium');", "->format($start, 'tarn_date');"),
                         bash("ddev drush config:get core.date_format.tarn_date pattern && "
                              "ddev drush cr",
                              "'core.date_format.tarn_date:pattern': 'D j M, H:i'\n [success] "
                              "Cache rebuild complete.")],
              "done": "Switched to the tarn_date format: the teasers read 'Sat 14 Sep, 10:00' "
                      "now."}),
        Fact("cmd-deploy", "command", ["ddev drush deploy"],
             ["I pulled the latest code and importing config fails on a missing column - what's "
              "the proper update routine?",
              "what's the one command to bring my local site up to date after a pull?"],
             "After pulling, update a local site with `ddev drush deploy` (updatedb, then "
             "config:import, cache rebuild and deploy hooks, in that order) - not `drush cim` on "
             "its own, which fails on columns a pending update adds.",
             {"goal": "pulled main after a week away, get my local site up to date",
              "fail": bash("ddev drush cim -y",
                           " [notice] Synchronized configuration: update core.entity_view_"
                           "display.walk_slot.walk_slot.default.\n [error]  SQLSTATE[42S22]: "
                           "Column not found: 1054 Unknown column 'walk_slot_field_data."
                           "waitlist' in 'field list'\n\nIn ConfigImporter.php line 797:\n\n  "
                           "The import failed due to the following reasons:\n  Unexpected error "
                           "during import with operation update for core.entity_view_display."
                           "walk_slot.walk_slot.default", 1),
              "note": "The config import trips over a column that doesn't exist yet - a "
                      "pending database update must add it.",
              "doc": read("README.md",
                          "# fellwatch\n\nThe Fell & Tarn Wildlife Trust website (Drupal 10)."
                          "\n\n## Local setup\n\n    ddev start\n    ddev composer install\n    "
                          "ddev drush si --existing-config\n\n## After pulling\n\nAlways run\n"
                          "\n    ddev drush deploy\n\nnot `cim` on its own. `drush deploy` runs "
                          "`updatedb`, then `config:import`,\nthen `cache:rebuild` and the "
                          "deploy hooks - in that order. Importing config\nbefore the update "
                          "hooks have run breaks on new columns.\n\n## Theme\n\nThe theme is in "
                          "web/themes/custom/tarn (`ddev npm run build` there).\n"),
              "found": "The README's 'After pulling' section covers exactly this: run `ddev "
                       "drush deploy`, which runs the update hooks first, then imports config, "
                       "rebuilds caches and runs the deploy hooks. `cim` by itself skipped the "
                       "update that adds the column.",
              "ok": bash("ddev drush deploy -y",
                         " [notice] Database updates start.\n >  [notice] Update started: "
                         "fellwatch_events_update_10012\n >  [notice] Added the waitlist column "
                         "to walk_slot.\n >  [notice] Update completed: fellwatch_events_update_"
                         "10012\n [success] Finished performing updates.\n [notice] Config "
                         "import start.\n [success] The configuration was imported "
                         "successfully.\n [notice] Cache rebuild start.\n [success] Cache "
                         "rebuild complete.\n [notice] Deploy hook start.\n [success] Finished "
                         "performing deploy hooks."),
              "done": "Your local site is up to date: one update hook ran (the walk_slot "
                      "waitlist column), then the config import, the cache rebuild and the "
                      "deploy hooks."}),
        Fact("cmd-tests", "command", ["ddev phpunit"],
             ["the kernel tests say there's no database connection - how are they meant to be "
              "run here?",
              "how do I run the events module's tests?"],
             "Run the PHPUnit kernel and functional tests with `ddev phpunit <path>` - a custom "
             "DDEV command (.ddev/commands/web/phpunit) that sets SIMPLETEST_DB to the DDEV "
             "database; vendor/bin/phpunit on the host has no database.",
             {"goal": "run the kernel tests for the events module, I changed how capacity is "
                      "counted",
              "fail": bash(f"vendor/bin/phpunit {events}/tests/src/Kernel",
                           "PHPUnit 10.5.20 by Sebastian Bergmann and contributors.\n\n"
                           "Runtime:       PHP 8.3.9\n\nEEEEEEEEEEE                              "
                           "                   11 / 11 (100%)\n\nThere were 11 errors:\n\n1) "
                           "Drupal\\Tests\\fellwatch_events\\Kernel\\CapacityTest::"
                           "testFullSlotRejectsBooking\nLogicException: There is no database "
                           "connection so no tests can be run. You must provide a "
                           "SIMPLETEST_DB environment variable to run PHPUnit based functional "
                           "tests outside of run-tests.sh.", 2),
              "ask": "Every test errors before it starts: there's no SIMPLETEST_DB, and phpunit "
                     "on the host can't reach DDEV's database anyway. How do you normally run "
                     "these - is there a wrapper I should use?",
              "other": ["the volunteer coordinator (Hannah) wants the work party confirmation "
                        "email to include the meeting point, and a line saying to bring gloves "
                        "and a packed lunch.",
                        "template's in fellwatch_events/templates/work-party-confirmation.html."
                        "twig i think. can you do that after the tests?"],
              "answer": "tests: `ddev phpunit` + the path, its a custom ddev command in "
                        ".ddev/commands/web that sets SIMPLETEST_DB for you.",
              "ok": bash(f"ddev phpunit {events}/tests/src/Kernel",
                         "PHPUnit 10.5.20 by Sebastian Bergmann and contributors.\n\nRuntime:   "
                         "    PHP 8.3.9\nConfiguration: /var/www/html/phpunit.xml\n\n"
                         "...........                                                 11 / 11 "
                         "(100%)\n\nTime: 00:38.412, Memory: 10.00 MB\n\nOK (11 tests, 42 "
                         "assertions)"),
              "done": "All 11 kernel tests pass with your capacity change.",
              "other_tools": [edit(f"{events}/templates/work-party-confirmation.html.twig",
                                   "<p>{{ 'Thank you for volunteering!'|t }}</p>",
                                   "<p>{{ 'Thank you for volunteering!'|t }}</p>\n<p><strong>"
                                   "{{ 'Meeting point'|t }}:</strong> {{ meeting_point }}</p>\n"
                                   "<p>{{ 'Please bring gloves and a packed lunch.'|t }}</p>")],
              "other_done": "And the work party confirmation email now shows the meeting point "
                            "and asks people to bring gloves and a packed lunch."}),
        Fact("env-host", "environment", ["Platform.sh"],
             ["where is the live site hosted?",
              "how can the comms team look at a change before it goes live?"],
             "The site is hosted on Platform.sh (uk-1 region): the main branch is production and "
             "every other pushed branch gets its own preview environment with a copy of "
             "production's data.",
             {"compact": {
                 "analysis": "The user asked for the reserve pages' 'Getting there' text to "
                             "become its own paragraph type and for a way to let the comms "
                             "team review it. I created the paragraph type, a template and a "
                             "post-update that moves the existing text, fixed a failure on "
                             "empty fields, and committed on a branch. What remains is pushing "
                             "and getting the review link.",
                 "request": "Move the reserve pages' 'Getting there' section into its own "
                            "paragraph type (bus routes, parking, map link), and give the "
                            "comms team a link to review it before it goes live.",
                 "concepts": ["Paragraphs: new paragraph type `getting_there`",
                              "Config exported with `ddev drush cex` into config/sync",
                              "Reserve pages are nodes of type `reserve`"],
                 "files": ["config/sync/paragraphs.paragraphs_type.getting_there.yml - the new "
                           "paragraph type",
                           "web/themes/custom/tarn/templates/paragraph--getting-there.html.twig "
                           "- template with the map link",
                           "web/modules/custom/fellwatch_events/fellwatch_events.post_update.php"
                           " - moves the old text into the new paragraphs"],
                 "errors": ["The post-update failed on reserves with an empty 'Getting there' "
                            "body (->value on null); fixed by skipping empty items."],
                 "problem": "All 38 reserve pages' 'Getting there' text migrates into the new "
                            "paragraphs without losing formatting.",
                 "users": ["\"move the getting there stuff on reserve pages into its own "
                           "paragraph type\"",
                           "\"comms want to see it before it goes live - can they get a "
                           "link?\""],
                 "pending": ["Push the branch so a preview environment is built",
                             "Send the comms team the URL"],
                 "current": "Everything is committed on branch feature/getting-there-paragraph"
                            "; the post-update ran cleanly locally.",
                 "next": "Push the branch and fetch the preview environment's URL.",
                 "fact": {"concepts": "Hosting: the site runs on Platform.sh (uk-1 region); "
                                      "`main` is production and every other pushed branch "
                                      "gets its own preview environment with a copy of "
                                      "production's data",
                          "problem": "Where it's hosted decides how comms can review: "
                                     "Platform.sh - main is production, and pushing any other "
                                     "branch creates a preview environment cloned from prod",
                          "users": "\"its on platform.sh, any branch you push gets its own "
                                   "preview env with prod data, main is live\""},
                 "resume_text": "Pushing the branch so a preview environment gets built."},
              "resume": [bash("git push -u origin feature/getting-there-paragraph",
                              "To github.com:fell-tarn-trust/fellwatch.git\n * [new branch]     "
                              " feature/getting-there-paragraph -> feature/getting-there-"
                              "paragraph\nbranch 'feature/getting-there-paragraph' set up to "
                              "track 'origin/feature/getting-there-paragraph'."),
                         bash("platform environment:url -e feature/getting-there-paragraph "
                              "--primary --pipe",
                              "https://feature-getting-there-paragraph-q7ma3xi-nb4lqzv3ucbqk."
                              "uk-1.platformsh.site/")],
              "done": "Pushed, and the preview environment is up: https://feature-getting-"
                      "there-paragraph-q7ma3xi-nb4lqzv3ucbqk.uk-1.platformsh.site/ - that's "
                      "the link for the comms team. It runs on a copy of production's content, "
                      "so they'll see the real reserve pages."}),
        Fact("env-crm", "environment", ["Beacon CRM"],
             ["where do the booking records end up after someone books a guided walk?",
              "which supporter database does the site push volunteers and bookings into?"],
             "Confirmed walk bookings and work party sign-ups are pushed to Beacon CRM by the "
             "fellwatch_crm_push queue worker on cron (every 15 min); Beacon is the source of "
             "truth for Gift Aid and membership, so new contact fields need a matching Beacon "
             "field first.",
             {"goal": "the booking confirmation page should tell people their details go to the "
                      "trust's supporter database - add a line, and check what actually gets "
                      "sent",
              "who": "Priya", "channel": "digital",
              "slack": "fyi for anyone touching bookings: every confirmed walk booking and "
                       "work party sign-up gets pushed to Beacon CRM by the fellwatch_crm queue "
                       "worker (cron, every 15 min). Beacon is the source of truth for Gift Aid "
                       "and membership, so please don't add new contact fields on our side "
                       "without asking me - they need a matching field in Beacon first.",
              "probe": [read("web/modules/custom/fellwatch_crm/src/Plugin/QueueWorker/"
                             "PushBooking.php",
                             "<?php\n\nnamespace Drupal\\fellwatch_crm\\Plugin\\QueueWorker;\n"
                             "\n/**\n * Pushes a confirmed booking to Beacon.\n *\n * "
                             "@QueueWorker(\n *   id = \"fellwatch_crm_push\",\n *   title = "
                             "@Translation(\"Push bookings to Beacon\"),\n *   cron = {\"time\" "
                             "= 60}\n * )\n */\nfinal class PushBooking extends QueueWorkerBase "
                             "implements ContainerFactoryPluginInterface {\n\n  public function "
                             "processItem($data): void {\n    $person = $this->beacon->"
                             "upsertPerson([\n      'emails' => [['email' => $data['email']]],\n"
                             "      'name' => ['first' => $data['first'], 'last' => $data["
                             "'last']],\n    ]);\n    $this->beacon->createEntity("
                             "'event_attendance', [\n      'person' => $person['id'],\n      "
                             "'event' => $data['beacon_event_id'],\n    ]);\n  }\n\n}\n"),
                        edit(f"{events}/templates/booking-confirmation.html.twig",
                             "<p>{{ 'See you on the day!'|t }}</p>",
                             "<p>{{ 'See you on the day!'|t }}</p>\n<p class=\"small\">{{ "
                             "'Your name and email are shared with the trust\\'s supporter "
                             "database so we can keep your bookings and Gift Aid records "
                             "together.'|t }}</p>")],
              "confirm": "Checked the queue worker: each confirmed booking upserts the person "
                         "(name and email only) and creates an event attendance in Beacon CRM, "
                         "through the fellwatch_crm_push queue that cron works through. Nothing "
                         "else is sent. The confirmation page now says name and email are "
                         "shared with the supporter database."}),
        Fact("gotcha-pagecache", "gotcha", ["page_cache_kill_switch"],
             ["why does the places-left counter show stale numbers to people who aren't logged "
              "in?",
              "is setting max-age to zero on the availability block enough to stop it being "
              "cached?"],
             "Blocks with live counts (places left) must trigger the page_cache_kill_switch "
             "service: Internal Page Cache ignores max-age 0 for anonymous users, so without the "
             "kill switch logged-out visitors see a stale count.",
             {"symptom": "logged-out visitors still see '3 places left' on the Whinlatter dawn "
                         "chorus walk, it's been full since yesterday. logged in it says full",
              "probe": [read(f"{events}/src/Plugin/Block/PlacesLeftBlock.php",
                             "  public function build(): array {\n    $slot = $this->"
                             "currentSlot();\n    return [\n      '#markup' => $this->t('@n "
                             "places left', ['@n' => $slot->placesLeft()]),\n      '#cache' => "
                             "['max-age' => 0],\n    ];\n  }\n"),
                        bash("curl -sI https://fellwatch.ddev.site/walks/whinlatter-dawn-chorus"
                             " | grep -i x-drupal-cache", "X-Drupal-Cache: HIT")],
              "explain": "The block sets max-age 0, but that only reaches the render cache. "
                         "Internal Page Cache, which answers every anonymous request, ignores "
                         "max-age entirely and keeps the whole page until a cache tag is "
                         "invalidated - so logged-out visitors get the page as it was when the "
                         "first of them loaded it (X-Drupal-Cache: HIT). The block has to tell "
                         "the page cache not to store this page.",
              "fix": [edit(f"{events}/src/Plugin/Block/PlacesLeftBlock.php",
                           "    $slot = $this->currentSlot();\n",
                           "    $slot = $this->currentSlot();\n    // WARNING: max-age 0 does "
                           "NOT keep this out of Internal Page Cache - for\n    // anonymous "
                           "users it caches the whole page regardless. Only the\n    // "
                           "page_cache_kill_switch does; without it logged-out visitors see\n"
                           "    // a stale places-left count.\n    $this->killSwitch->trigger()"
                           ";\n"),
                      edit(f"{events}/src/Plugin/Block/PlacesLeftBlock.php",
                           "      $container->get('entity_type.manager'),\n",
                           "      $container->get('entity_type.manager'),\n      $container->"
                           "get('page_cache_kill_switch'),\n"),
                      bash("ddev drush cr && curl -sI https://fellwatch.ddev.site/walks/"
                           "whinlatter-dawn-chorus | grep -i x-drupal-cache",
                           " [success] Cache rebuild complete.\nX-Drupal-Cache: UNCACHEABLE "
                           "(response policy)")],
              "done": "Logged-out visitors get the live count now: pages with the block are no "
                      "longer stored by the page cache (X-Drupal-Cache: UNCACHEABLE), and the "
                      "Whinlatter walk shows 'Full'."}),
        Fact("gotcha-alias", "gotcha", ["update_action"],
             ["someone renamed a reserve and now the QR code on its sign gives a 404 - how do "
              "we stop that happening again?",
              "what should happen to a reserve page's old URL when its title changes?"],
             "Reserve URLs are printed as QR codes on the signs at the reserves, so pathauto's "
             "update_action must stay 1 (create a new alias and keep the old one working); 2 "
             "deletes the old alias on a rename and the sign's QR code 404s.",
             {"symptom": "the QR code on the Whinfell reserve sign goes to a 404 now. it worked "
                         "last month",
              "probe": [bash("ddev drush sql:query \"SELECT alias FROM path_alias WHERE path = "
                             "'/node/212'\"", "/reserves/whinfell-tarn-and-mires"),
                        bash("ddev drush config:get pathauto.settings update_action",
                             "'pathauto.settings:update_action': 2"),
                        bash("git log -1 --format='%h %an %s' -- config/sync/pathauto."
                             "settings.yml", "a41c9e2 Rosie Pathauto: tidy settings")],
              "explain": "The reserve was renamed to 'Whinfell Tarn and Mires', so pathauto "
                         "generated a new alias - and since a41c9e2 its update action is 2, "
                         "'create a new alias, delete the old alias'. /reserves/whinfell-tarn, "
                         "the URL in the QR code on the sign, stopped existing. With 1 ('create "
                         "a new alias, leave the existing alias functioning') the old URL keeps "
                         "working. Setting it back and restoring the lost alias.",
              "fix": [bash("ddev drush config:set pathauto.settings update_action 1 -y && ddev "
                           "drush cex -y",
                           " [success] Configuration successfully exported to ../config/sync."),
                      bash("ddev drush php:eval \"\\Drupal::entityTypeManager()->getStorage("
                           "'path_alias')->create(['path' => '/node/212', 'alias' => "
                           "'/reserves/whinfell-tarn'])->save();\" && curl -s -o /dev/null -w "
                           "'%{http_code}' https://fellwatch.ddev.site/reserves/whinfell-tarn",
                           "200")],
              "done": "/reserves/whinfell-tarn answers again, and renaming a reserve now keeps "
                      "the old alias next to the new one. Production needs the lost alias back "
                      "too; I can write a post-update for it.",
              "subject": "Keep old aliases when a reserve is renamed",
              "body": "Reserve page URLs are printed as QR codes on the signs at the reserves, "
                      "so an alias must never disappear. a41c9e2 set pathauto.settings:"
                      "update_action to 2 (delete the old alias when a title changes); "
                      "renaming Whinfell Tarn then broke the QR code on its sign.\n\n"
                      "update_action is back to 1: create the new alias and leave the existing "
                      "one working."}),
        Fact("fals-eventbrite", "falsified", ["Eventbrite"],
             ["why don't we sell the guided walks through a ticketing website instead of our "
              "own booking code?",
              "has anyone tried handing walk bookings over to an outside events platform?"],
             "Moving walk bookings to Eventbrite was tried for a month last spring and rolled "
             "back: per-booking fees on the free walks, no members' discount or Gift Aid, and "
             "walk leaders lost the medical and mobility notes. Bookings stay in Drupal "
             "(fellwatch_events).",
             {"pain": "bookings are the buggiest part of the site and I'm sick of maintaining "
                      "the capacity and waitlist code. is there a way to get out of the booking "
                      "business altogether?",
              "proposal": "The cleanest way out would be to hand ticketing to Eventbrite or a "
                          "similar platform: list each walk there, embed its checkout on the "
                          "walk page, and retire most of fellwatch_events. The walk pages "
                          "themselves would stay in Drupal.",
              "story": "last spring we moved all the walks to eventbrite for about a month and "
                       "rolled it back. they charged us per booking even on the free walks, "
                       "you cant do the members discount or gift aid on the donations, and the "
                       "walk leaders couldnt see the medical / mobility notes any more - a man "
                       "with a heart condition ended up on the 12 mile fell walk. trustees "
                       "said never again",
              "alternative": "keep bookings in Drupal and pay down the debt in fellwatch_events "
                             "instead, starting with the capacity counter",
              "follow": [read(f"{events}/src/Capacity/CapacityCounter.php",
                              "  public function placesLeft(WalkSlot $slot): int {\n    $taken "
                              "= 0;\n    foreach ($this->bookings->loadBySlot($slot) as "
                              "$booking) {\n      if ($booking->isConfirmed()) {\n        "
                              "$taken += $booking->partySize();\n      }\n    }\n    return "
                              "$slot->capacity() - $taken;\n  }\n"),
                         todo_write([("Replace CapacityCounter's loop with one SUM query",
                                      "in_progress", "Replacing the capacity loop"),
                                     ("Lock the slot row while confirming a booking", "pending",
                                      "Adding the booking lock"),
                                     ("Kernel tests for the waitlist promotion", "pending",
                                      "Writing waitlist tests")])],
              "done": "The capacity counter loads every booking of a slot and adds them up in "
                      "PHP, which is both slow and racy - that's the first thing I'll replace. "
                      "The plan is in the todo list."}),
        Fact("fals-layout", "falsified", ["Layout Builder"],
             ["could editors get a drag-and-drop page builder for the reserve pages?",
              "why are the reserve pages built from paragraphs rather than a visual layout "
              "tool?"],
             "Layout Builder was used on the reserve pages for about three months in 2023 and "
             "dropped: every save stored the whole layout as a revision (a 9 GB table, backups "
             "timing out) and volunteer editors kept deleting sections by accident. Reserve "
             "pages stay on Paragraphs.",
             {"ask": "editors keep asking for drag and drop on the reserve pages - can we give "
                     "them a visual page builder?",
              "proposal": "Core's Layout Builder does exactly that: enable it for the reserve "
                          "content type with per-page overrides, and editors can place and "
                          "move sections visually. Starting with the module and the reserve "
                          "display.",
              "idea": "enable Layout Builder for reserve pages",
              "who": "Tom", "channel": "web-team",
              "slack": "we had Layout Builder on the reserve pages for about three months in "
                       "2023. every save stores the whole layout in a new revision, so the "
                       "layout revision table hit 9 GB and the nightly backup started timing "
                       "out - and the volunteer editors kept deleting the map section by "
                       "accident. we went back to paragraphs. please don't turn it on again",
              "alternative": "keep Paragraphs and make the edit form friendlier: sections "
                             "collapsed to previews so editors can drag them into order, and "
                             "'add above' so they can insert one anywhere",
              "follow": [edit("config/sync/core.entity_form_display.node.reserve.default.yml",
                              "      edit_mode: open\n      closed_mode: summary\n",
                              "      edit_mode: closed\n      closed_mode: preview\n      "
                              "features:\n        duplicate: duplicate\n        "
                              "collapse_edit_all: collapse_edit_all\n        add_above: "
                              "add_above\n"),
                         bash("ddev drush cim -y",
                              " [notice] Synchronized configuration: update core.entity_form_"
                              "display.node.reserve.default.\n [success] The configuration was "
                              "imported successfully.")],
              "done": "Reserve edit forms now open with every section collapsed to a preview, "
                      "so editors can drag them into order and see what each one is, and 'add "
                      "above' lets them insert a section anywhere."}),
    ]
    noise = [
        _look("what does a walk slot store?", f"{events}/src/Entity/WalkSlot.php",
              "  public static function baseFieldDefinitions(EntityTypeInterface $entity_type)"
              ": array {\n    $fields = parent::baseFieldDefinitions($entity_type);\n    "
              "$fields['walk'] = BaseFieldDefinition::create('entity_reference')\n      ->"
              "setSetting('target_type', 'node');\n    $fields['walk_start'] = "
              "BaseFieldDefinition::create('datetime');\n    $fields['capacity'] = "
              "BaseFieldDefinition::create('integer');\n    $fields['leader'] = "
              "BaseFieldDefinition::create('entity_reference')\n      ->setSetting('target_type'"
              ", 'user');\n    return $fields;\n  }\n",
              "A walk slot is one dated run of a walk: the walk node it belongs to, its start "
              "date and time, its capacity, and the leader (a user)."),
        _find("where do we send the booking confirmation email from?", "function "
              "fellwatch_events_mail", [f"{events}/fellwatch_events.module"],
              "From fellwatch_events_mail() in fellwatch_events.module - it builds both the "
              "booking and the work party confirmation."),
        _tweak("typo on the volunteer page: 'vounteer'",
               f"{theme}/templates/page--volunteer.html.twig",
               "Become a vounteer", "Become a volunteer"),
        _run("which drupal core version are we on?", "ddev drush status --field=drupal-version",
             "10.3.6", "Drupal 10.3.6."),
        _talk("what's the difference between a kernel test and a functional test in drupal?",
              "A kernel test boots a minimal Drupal kernel with only the modules you list and "
              "a database - fast, good for services and entities. A functional (BrowserTest) "
              "test installs a full site and drives it through HTTP like a browser, so it "
              "covers routing, forms and permissions, at ten times the run time."),
        _steps("add a 'dogs welcome' icon to the walk teasers",
               [edit(f"{theme}/templates/node--walk--teaser.html.twig",
                     "<h3>{{ label }}</h3>",
                     "<h3>{{ label }}</h3>\n{% if dogs_welcome %}<span class=\"icon icon--dog\" "
                     "title=\"{{ 'Dogs welcome'|t }}\"></span>{% endif %}"),
                bash("ddev drush cr", " [success] Cache rebuild complete.")],
               "Walk teasers show a dog icon when dogs are welcome."),
        _run("run phpcs on the events module",
             f"ddev exec vendor/bin/phpcs --standard=Drupal,DrupalPractice {events}",
             f"FILE: /var/www/html/{events}/src/Entity/WalkSlot.php\n"
             "-----------------------------------------------------------------\nFOUND 0 ERRORS "
             "AND 1 WARNING AFFECTING 1 LINE\n-----------------------------------------------"
             "------------------\n 41 | WARNING | Line exceeds 80 characters; contains 84 "
             "characters",
             "One warning: a line of 84 characters in WalkSlot.php (line 41). No errors."),
        _steps("which contrib modules are enabled but never used?",
               [agent("Find unused contrib modules",
                      "List contrib modules that are enabled in config/sync/core.extension.yml "
                      "but not referenced by any config, template or custom code. Read only.",
                      "Three look unused: `ctools` (only a dependency of nothing now), "
                      "`admin_toolbar_search` (enabled, but nothing depends on it and editors "
                      "have it hidden), and `honeypot` is enabled but no form uses it since the "
                      "contact form was replaced by Webform with its own CAPTCHA.",
                      "a91e3c07d2b6f418", "Explore", 9)],
               "The subagent found three: ctools, admin_toolbar_search and honeypot (nothing "
               "uses it since the contact form moved to Webform). Want me to uninstall them?"),
    ]
    _frame(facts, {"conv-prefix": conv_commit, "conv-date": conv_terse,
                   "cmd-deploy": cmd_readfile, "cmd-tests": cmd_oneliner,
                   "env-host": env_compact, "env-crm": env_pasted,
                   "gotcha-pagecache": gotcha_comment, "gotcha-alias": gotcha_commit,
                   "fals-eventbrite": fals_story, "fals-layout": fals_slack},
           "fellwatch", "fell-tarn-trust/fellwatch")
    return Project(
        "fellwatch", "git@github.com:fell-tarn-trust/fellwatch.git",
        {"README.md": "# fellwatch\n\nThe Fell & Tarn Wildlife Trust website (Drupal 10).\n",
         "CLAUDE.md": "# fellwatch\n\nDrupal 10 on DDEV. Custom code in web/modules/custom, "
                      "theme in web/themes/custom/tarn.\n\n- `ddev start` to run it locally\n",
         "composer.json": "{\n  \"name\": \"fell-tarn-trust/fellwatch\",\n  \"type\": "
                          "\"project\",\n  \"require\": {\n    \"drupal/core-recommended\": "
                          "\"^10.3\"\n  }\n}\n"},
        facts, noise, "stripe")


def brinebound() -> Project:
    """A Roblox experience for the Coastal Safety Trust's schools programme: pupils crew a
    lifeboat together and rescue casualties in a bay before the tide turns. Luau (strict),
    Rojo 7, Wally packages, selene and StyLua, ProfileStore for player data, TestEZ specs, the
    `t` runtime type checker on remotes, Lune scripts, Open Cloud publishing; played on the
    schools' iPads."""
    lint_ok = "Results:\n0 errors\n0 warnings\n0 parse errors"
    facts = [
        Fact("conv-validate", "convention", ["t.strict"],
             ["what should a server handler do first with the arguments a client remote sends?",
              "how do we guard the new 'ring the bell' remote against exploiters?"],
             "Every OnServerEvent handler validates its arguments with a t.strict(...) check "
             "(the `t` package) before using them - clients are untrusted; "
             "scripts/check-remotes.luau enforces it in CI.",
             {"task": "add a 'throw lifebuoy' remote: the client sends where the pupil aimed, "
                      "the server spawns the buoy there",
              "first": [edit("src/shared/Net.luau", "\t\"Steer\",\n",
                             "\t\"Steer\",\n\t\"ThrowLifebuoy\",\n"),
                        write("src/server/Lifebuoy.server.luau",
                              "local ReplicatedStorage = game:GetService(\"ReplicatedStorage\")"
                              "\nlocal Net = require(ReplicatedStorage.Shared.Net)\nlocal "
                              "Lifebuoys = require(script.Parent.Lifebuoys)\n\nNet."
                              "ThrowLifebuoy.OnServerEvent:Connect(function(player, target)\n"
                              "\tLifebuoys.spawn(player, target)\nend)\n")],
              "fail": bash("lune run scripts/check-remotes.luau",
                           "check-remotes: src/server/Lifebuoy.server.luau:5: handler for "
                           "'ThrowLifebuoy' uses `target` before validating it (see "
                           "docs/remotes.md)\n1 problem", 1),
              "fix": [read("docs/remotes.md",
                           "# Remotes\n\nAll remotes are declared in src/shared/Net.luau.\n\n"
                           "Server handlers validate every argument before using it, with the "
                           "`t` package.\nscripts/check-remotes.luau enforces this in CI.\n"),
                      edit("src/server/Lifebuoy.server.luau",
                           "local Lifebuoys = require(script.Parent.Lifebuoys)\n\nNet."
                           "ThrowLifebuoy.OnServerEvent:Connect(function(player, target)\n\t"
                           "Lifebuoys.spawn(player, target)\n",
                           "local Lifebuoys = require(script.Parent.Lifebuoys)\nlocal t = "
                           "require(ReplicatedStorage.Packages.t)\n\nlocal MAX_THROW = 60\n\n"
                           "-- NOTE: every OnServerEvent handler checks its arguments with "
                           "t.strict before\n-- using them. Clients are untrusted: anything a "
                           "client sends can be forged,\n-- so a bad Vector3 (NaN, or miles "
                           "away) must error here, not reach the spawner.\nlocal checkThrow = "
                           "t.strict(t.tuple(t.instanceIsA(\"Player\"), t.Vector3))\n\nNet."
                           "ThrowLifebuoy.OnServerEvent:Connect(function(player, target)\n\t"
                           "checkThrow(player, target)\n\tlocal character = player.Character\n"
                           "\tif not character or (target - character:GetPivot().Position)."
                           "Magnitude > MAX_THROW then\n\t\treturn\n\tend\n\tLifebuoys.spawn("
                           "player, target)\n"),
                      bash("lune run scripts/check-remotes.luau",
                           "check-remotes: 14 handlers, 0 problems")],
              "done": "ThrowLifebuoy is in: the server checks the arguments and the throw "
                      "distance (60 studs) before spawning, and check-remotes passes."}),
        Fact("conv-tuning", "convention", ["Tuning.luau"],
             ["where should numbers like the wave height or the boat's turning rate be defined?",
              "the designer wants to tweak the rescue timer without reading code - where do "
              "those values go?"],
             "Gameplay tuning numbers (boat speed, wave height, rescue timers) live in "
             "src/shared/Config/Tuning.luau, never hardcoded in scripts - the designer tweaks "
             "them there in Studio without touching code.",
             {"task": "make the lifeboat faster, top speed feels sluggish - 40 instead of 28?",
              "contrary": [edit("src/client/BoatController.client.luau",
                                "local TOP_SPEED = 28", "local TOP_SPEED = 40")],
              "shown": "Bumped TOP_SPEED in the boat controller from 28 to 40.",
              "terse": "dont hardcode it in the controller, all the tuning numbers live in "
                       "src/shared/Config/Tuning.luau so jess can tweak them in studio w/o "
                       "touching code. the controller shuold read it from there",
              "follow": [edit("src/shared/Config/Tuning.luau", "\tBoat = {\n\t\tTopSpeed = 28,",
                              "\tBoat = {\n\t\tTopSpeed = 40,"),
                         edit("src/client/BoatController.client.luau",
                              "local TOP_SPEED = 40",
                              "local TOP_SPEED = Tuning.Boat.TopSpeed"),
                         bash("selene src && stylua --check src", lint_ok)],
              "done": "Top speed is 40 in Tuning.luau, and the controller reads it from there "
                      "instead of its own constant. selene and StyLua are clean."}),
        Fact("cmd-tests", "command", ["run-in-roblox"],
             ["how do I run the TestEZ specs from the terminal?",
              "is there a way to run the unit tests without opening studio and pressing play?"],
             "Run the TestEZ specs headless with `rojo build test.project.json -o test.rbxl && "
             "run-in-roblox --place test.rbxl --script tests/runner.server.luau` (there is no "
             "`rojo test`; the exit code is the number of failures).",
             {"compact": {
                 "analysis": "The user wanted specs for the rescue scoring, then a tide bonus. "
                             "I wrote the specs, fixed two failures caused by os.clock, worked "
                             "out how to run the suite from the terminal, and added the bonus. "
                             "The last step was about to re-run the suite.",
                 "request": "Write TestEZ specs for the rescue scoring (RescueScore) and make "
                            "them pass, including a bonus for rescuing a casualty before the "
                            "tide turns.",
                 "concepts": ["TestEZ specs sit next to modules as *.spec.luau",
                              "test.project.json maps src/ and tests/ into a test place",
                              "RescueScore.calculate(rescue) returns points and a breakdown"],
                 "files": ["src/shared/RescueScore.luau - tide bonus added, negative times "
                           "clamped",
                           "src/shared/RescueScore.spec.luau - 9 specs",
                           "tests/runner.server.luau - bootstraps TestEZ and sets the exit "
                           "code to the failure count"],
                 "errors": ["Two specs failed because RescueScore read os.clock directly; it "
                            "takes the timestamp as an argument now."],
                 "problem": "RescueScore was hard to test because it read the clock itself; "
                            "passing the timestamp in made every spec deterministic.",
                 "users": ["\"can you write specs for the rescue scoring and get them "
                           "passing\"",
                           "\"and the tide bonus - before the tide turns you get +50\""],
                 "pending": ["Run the full suite once more after the tide bonus change"],
                 "current": "Just added the tide bonus to RescueScore.calculate with two specs "
                            "for it.",
                 "next": "Re-run the whole suite to confirm everything passes.",
                 "fact": {"errors": "`rojo test` doesn't exist and TestEZ can't run in plain "
                                    "Lune. The specs run by building a test place and running "
                                    "it headless: `rojo build test.project.json -o test.rbxl "
                                    "&& run-in-roblox --place test.rbxl --script tests/runner."
                                    "server.luau`",
                          "concepts": "Running the specs from the terminal: `rojo build test."
                                      "project.json -o test.rbxl`, then `run-in-roblox "
                                      "--place test.rbxl --script tests/runner.server.luau` "
                                      "(headless Studio; exit code = failures)",
                          "problem": "Worked out how to run the specs without clicking through "
                                     "Studio: build test.project.json into test.rbxl and "
                                     "execute tests/runner.server.luau in it with "
                                     "run-in-roblox"},
                 "resume_text": "Re-running the suite."},
              "resume": [bash("rojo build test.project.json -o test.rbxl && run-in-roblox "
                              "--place test.rbxl --script tests/runner.server.luau",
                              "Building project 'brinebound-tests'\nBuilt project to test.rbxl"
                              "\nTest results:\n[+] RescueScore\n   [+] awards base points per "
                              "casualty\n   [+] halves points for a casualty left in the water "
                              "over 90 s\n   [+] adds 50 before the tide turns\n   [+] no tide "
                              "bonus after the turn\n   [+] clamps negative times\n   ...\n21 "
                              "passed, 0 failed, 0 skipped")],
              "done": "All 21 specs pass, including the two for the tide bonus."}),
        Fact("cmd-publish", "command", ["rbxcloud experience publish"],
             ["how do we push a new build to the live place?",
              "rojo upload gets a 403 - what's the right way to publish the game now?"],
             "Publish through Open Cloud: `rojo build -o build.rbxl && rbxcloud experience "
             "publish -f build.rbxl -p <place id> -u <universe id> -t published` with "
             "RBXCLOUD_API_KEY set (scripts/publish.sh) - `rojo upload` fails with a 403.",
             {"goal": "publish main to the live schools place, the new harbour is signed off",
              "fail": bash("rojo build -o build.rbxl && rojo upload --asset_id 16220931457",
                           "Building project 'brinebound'\nBuilt project to build.rbxl\n[ERROR "
                           "rojo] Roblox API error: 403 Forbidden: Authentication required "
                           "(no .ROBLOSECURITY cookie found)", 1),
              "note": "rojo upload wants a browser login cookie, which this machine doesn't "
                      "have (and shouldn't). aftman.toml pins rbxcloud and there's an Open "
                      "Cloud key in RBXCLOUD_API_KEY, so publishing through Open Cloud instead.",
              "ok": bash("rbxcloud experience publish -f build.rbxl -p 16220931457 -u "
                         "5590213388 -t published -a \"$RBXCLOUD_API_KEY\"",
                         "published place 16220931457 (version 214)"),
              "done": "Published: the schools place is at version 214 with the new harbour.",
              "prep": [write("scripts/publish.sh",
                             "#!/usr/bin/env bash\n# Build and publish the live schools place "
                             "through Open Cloud.\n# Needs RBXCLOUD_API_KEY (the 'publish' key "
                             "in the team vault).\nset -euo pipefail\nrojo build -o build.rbxl\n"
                             "rbxcloud experience publish -f build.rbxl -p 16220931457 -u "
                             "5590213388 \\\n  -t published -a \"$RBXCLOUD_API_KEY\"\n")],
              "title": "Add scripts/publish.sh (Open Cloud publishing)",
              "branch": "chore/publish-script",
              "summary": "Adds scripts/publish.sh, which builds the place with Rojo and "
                         "publishes it through Open Cloud. `rojo upload` no longer works for "
                         "us: it needs a browser cookie and fails with a 403.",
              "howto": "- `export RBXCLOUD_API_KEY=...` (the 'publish' Open Cloud key in the "
                       "team vault)\n- `scripts/publish.sh`, which runs `rojo build -o "
                       "build.rbxl` then `rbxcloud experience publish -f build.rbxl -p "
                       "16220931457 -u 5590213388 -t published`\n- check the new version "
                       "number on the Creator Dashboard"}),
        Fact("env-staging", "environment", ["17402211893"],
             ["which place do I publish to for testing before the schools get it?",
              "what's the ID of the private test copy of the game?"],
             "Test builds go to the private staging place 17402211893 ('Brinebound - Staging', "
             "universe 5590377120, invited teachers only); it's a separate universe, so its "
             "DataStores don't touch the live schools place.",
             {"goal": "Mr Okafor wants to try the new harbour with his class before we go "
                      "live. where do I put a test build so it doesn't touch the real schools "
                      "place?",
              "probe": [read("places.toml",
                             "# Roblox places; scripts/publish.sh <live|staging> reads the ids "
                             "from here.\n\n"
                             "[live]\nuniverse_id = 5590213388\nplace_id = 16220931457\nname = "
                             "\"Brinebound - Schools\"\n\n[staging]\nuniverse_id = 5590377120\n"
                             "place_id = 17402211893\nname = \"Brinebound - Staging\"\n# "
                             "private: the dev group and invited teachers only\n# its own "
                             "universe, so its DataStores are separate from live\n")],
              "confirm": "There's a staging experience for exactly this in places.toml: place "
                         "17402211893, 'Brinebound - Staging', in universe 5590377120. It's "
                         "private - only the dev group and invited teachers can join - and it "
                         "is its own universe, so the class's progress there never touches "
                         "the live DataStores. Invite Mr Okafor's account and publish there "
                         "(place 17402211893, universe 5590377120) rather than to the live "
                         "place."}),
        Fact("env-datastore", "environment", ["PlayerSave_v3"],
             ["which datastore holds the pupils' saved progress?",
              "if I need to look at a player's saved badges, where do I find them?"],
             "Player data (badges, rescues, settings) is a ProfileStore profile in the "
             "PlayerSave_v3 DataStore, key Player_<UserId>; PlayerSave_v2 is read-only and is "
             "migrated on a player's first join.",
             {"goal": "a teacher says one of her pupils lost all his badges. can you check "
                      "what we store per player and where",
              "who": "Gareth", "channel": "dev",
              "slack": "heads up: player data moved to the PlayerSave_v3 store (ProfileStore) "
                       "when the badge schema changed. v2 is read-only now and profiles get "
                       "migrated from it on first join, so anyone who hasn't played since "
                       "march is still only in v2. if you use the datastore editor, pick the "
                       "live universe",
              "probe": [read("src/server/Data/Profiles.luau",
                             "local ServerStorage = game:GetService(\"ServerStorage\")\nlocal "
                             "ProfileStore = require(ServerStorage.Packages.ProfileStore)\n\n"
                             "local STORE_NAME = \"PlayerSave_v3\"\nlocal LEGACY_STORE = "
                             "\"PlayerSave_v2\" -- read-only; migrated on first join\n\nlocal "
                             "TEMPLATE = {\n\tBadges = {},\n\tRescues = 0,\n\tBestTide = nil,\n"
                             "\tSettings = { Subtitles = true },\n}\n\nlocal store = "
                             "ProfileStore.New(STORE_NAME, TEMPLATE)\n\nlocal function key("
                             "player)\n\treturn \"Player_\" .. player.UserId\nend\n")],
              "confirm": "Each player has a ProfileStore profile in the PlayerSave_v3 DataStore "
                         "under Player_<UserId>: badges, rescue count, best tide time and "
                         "settings. Older profiles are still in PlayerSave_v2 and only move "
                         "across on the first join after the schema change - so if the pupil "
                         "hasn't played since March, his badges are in v2 and will come back "
                         "when he next joins. If he has played since, look at his key in "
                         "PlayerSave_v3 in the live universe."}),
        Fact("gotcha-streaming", "gotcha", ["StreamingEnabled"],
             ["the client sometimes can't find the harbour model and errors with 'attempt to "
              "index nil' - why?",
              "can client scripts assume the parts in workspace exist when they start?"],
             "The place runs with StreamingEnabled (the school iPads need it for memory), so "
             "client scripts must not assume workspace parts exist: use WaitForChild with a "
             "timeout, or a Persistent model, or they fail with 'attempt to index nil'.",
             {"diagnosis": "its the streaming thing again i think - the client harbour script "
                           "runs before the dock parts have streamed in on the ipads",
              "log": "14:02:11.337  Players.pupil_7Q.PlayerScripts.Client.Harbour:14: attempt "
                     "to index nil with 'Position'  -  Client - Harbour:14\n14:02:11.337  "
                     "Stack Begin  -  Studio\n14:02:11.338  Script 'Players.pupil_7Q."
                     "PlayerScripts.Client.Harbour', Line 14  -  Studio - Harbour:14\n"
                     "14:02:11.338  Stack End  -  Studio",
              "probe": [read("src/client/Harbour.client.luau",
                             "local camera = workspace.CurrentCamera\nlocal dock = workspace."
                             "Harbour.Dock\nlocal rampTop = dock.RampTop\n\nlocal OFFSET = "
                             "Vector3.new(0, 12, 20)\n\nlocal function onSpawn()\n\tcamera."
                             "CFrame = CFrame.lookAt(rampTop.Position + OFFSET, rampTop."
                             "Position)\nend\n"),
                        bash("grep -n Streaming default.project.json",
                             "38:        \"StreamingEnabled\": true,\n39:        "
                             "\"StreamingTargetRadius\": 256,")],
              "explain": "The place has StreamingEnabled on, so a client only has the parts "
                         "near its character; when the script starts on an iPad, "
                         "workspace.Harbour.Dock or its RampTop may not have arrived yet. "
                         "Client code can't index into workspace directly - it has to wait for "
                         "what it needs.",
              "fix": [edit("src/client/Harbour.client.luau",
                           "local dock = workspace.Harbour.Dock\nlocal rampTop = dock.RampTop\n",
                           "-- StreamingEnabled: parts may not have streamed in yet - wait\n"
                           "local harbour = workspace:WaitForChild(\"Harbour\", 10)\nlocal dock "
                           "= harbour and harbour:WaitForChild(\"Dock\", 10)\nlocal rampTop = "
                           "dock and dock:WaitForChild(\"RampTop\", 10)\n"),
                      bash("selene src/client", lint_ok)],
              "done": "The harbour script waits (up to 10 s) for the dock parts instead of "
                      "assuming they're loaded; selene is clean."}),
        Fact("gotcha-ownership", "gotcha", ["SetNetworkOwner"],
             ["why does the lifeboat jitter for the crew but look smooth for whoever is "
              "steering?",
              "who should own the physics of a boat when several players are aboard?"],
             "A boat with more than one pupil aboard must be simulated by the server - "
             "boat.PrimaryPart:SetNetworkOwner(nil), helm input sent through the Steer remote; "
             "if the helm's client owns the physics, the crew see rubber-banding.",
             {"compact": {
                 "analysis": "The user wanted four pupils to crew one boat and the jitter "
                             "fixed. I added seats and roles, found the jitter came from "
                             "network ownership, moved helm input to a remote and kept "
                             "ownership on the server. A four-player test was next.",
                 "request": "Let up to four pupils crew one lifeboat (helm, lookout, two "
                            "rescuers), and fix the crew seeing the boat jitter.",
                 "concepts": ["Boat physics: AlignPosition and AlignOrientation driven by the "
                              "helm's input",
                              "VehicleSeat for the helm, Seat for the crew",
                              "Crew roles assigned in src/server/Crew.luau"],
                 "files": ["src/server/Crew.luau - role assignment and seats",
                           "src/server/Boat.server.luau - boat spawn and physics ownership",
                           "src/client/BoatController.client.luau - helm input sent through "
                           "the Steer remote"],
                 "errors": ["Crew.luau errored when a pupil left mid-rescue (nil seat); "
                            "handled in PlayerRemoving."],
                 "problem": "Seats and roles work for four pupils; a fifth player is left "
                            "on the jetty, which the user said is fine for now.",
                 "users": ["\"four pupils should be able to crew one boat\"",
                           "\"the kids in the back say the boat jumps around\""],
                 "pending": ["Four-player local test in Studio"],
                 "current": "Boat.server.luau keeps physics on the server once a boat has "
                            "crew; helm input goes through the Steer remote.",
                 "next": "Lint, then a four-player local test to confirm the jitter is gone.",
                 "fact": {"errors": "Crew saw the lifeboat rubber-band while it looked smooth "
                                    "to the helm: the helm's client owned the boat's physics. "
                                    "Fixed with boat.PrimaryPart:SetNetworkOwner(nil) as soon "
                                    "as anyone besides the helm boards - the server simulates "
                                    "it for everyone, and helm input goes to the server "
                                    "through the Steer remote",
                          "problem": "Jitter for the crew: a boat with more than one pupil "
                                     "must keep network ownership on the server "
                                     "(PrimaryPart:SetNetworkOwner(nil)); otherwise the "
                                     "helm's client owns the physics and everyone else sees "
                                     "rubber-banding"},
                 "resume_text": "Linting before the four-player test."},
              "resume": [bash("selene src && stylua --check src", lint_ok)],
              "done": "Lint is clean. The last step needs Studio: Test > Clients and Servers "
                      "with 4 players, then board one boat with all four. Tell me if the crew "
                      "still see any jitter."}),
        Fact("fals-water", "falsified", ["Terrain water"],
             ["could we use roblox's built-in water for the sea instead of the mesh waves?",
              "why is the sea a custom mesh rather than the engine's own water?"],
             "Terrain water for the bay was tried and reverted: on the schools' iPads (9th "
             "gen) it ran at 12-16 fps with four players (water rendering 38 ms a frame). The "
             "sea stays a mesh with the wave shader.",
             {"ask": "let's try terrain water for the bay instead of the mesh sea and the wave "
                     "shader hack. fill the bay, commit it on its own, push it to the test "
                     "place and I'll grab a microprofiler capture on the classroom ipad",
              "change": [bash("lune run scripts/terrain-water.luau --region Bay --fill",
                              "filled 412 x 64 x 380 studs of water in Bay\nremoved "
                              "Workspace.Bay.SeaMesh (1 MeshPart, 3 Bones)"),
                         bash("git add -A && git commit -m \"Use terrain water for the bay\"",
                              "[main 9af2c11] Use terrain water for the bay\n 4 files "
                              "changed, 38 insertions(+), 211 deletions(-)"),
                         bash("scripts/publish.sh staging",
                              "published place (version 88)")],
              "between": "ok capture's in captures/ipad9-bay-terrain.html. it felt awful",
              "broke": bash("lune run scripts/microprofile-summary.luau "
                            "captures/ipad9-bay-terrain.html",
                            "capture: iPad (9th gen), Bay, 4 players, 2 boats\n  frame p50 "
                            "61.2 ms (16 fps)\n  frame p95 83.0 ms (12 fps)\n  top: Render/"
                            "Water 38.4 ms, Physics/Buoyancy 9.1 ms\n  budget p95 33.3 ms (30 "
                            "fps): OVER", 1),
              "verdict": "That's far over budget: 12 fps at p95 on the iPad, and water "
                         "rendering alone is 38 ms a frame. The mesh sea runs above 30 fps on "
                         "the same device. Terrain water isn't workable on the school iPads.",
              "revert_subject": "Revert \"Use terrain water for the bay\"",
              "revert_body": "This reverts commit 9af2c11.\n\nTerrain water took the classroom "
                             "iPads (9th gen, the schools' standard device) to 12-16 fps in the "
                             "bay with four players; water rendering alone was 38 ms a frame "
                             "(captures/ipad9-bay-terrain.html). The mesh sea with the wave "
                             "shader stays above 30 fps on the same device. Don't switch back "
                             "unless the school devices change."}),
        Fact("fals-messaging", "falsified", ["MessagingService"],
             ["could the teacher's start-lesson button just broadcast to all the servers the "
              "pupils are on?",
              "why do class sessions teleport everyone into a reserved server?"],
             "Broadcasting class start/stop over MessagingService to the pupils' servers was "
             "tried (3d9a210) and reverted (c71e0b4): it hit the send limits and some servers "
             "never got 'start lesson'. Classes are teleported into one reserved server "
             "(TeleportService:ReserveServer).",
             {"ask": "the teacher's 'start lesson' button should just broadcast to every "
                     "server the class is on - why do we faff about teleporting everyone into "
                     "a reserved server?",
              "history": bash("git log -i --grep='class session' --format='%h %ad %s%n%n%b' "
                              "--date=short | head -20",
                              "c71e0b4 2024-02-19 Class sessions: reserved servers via "
                              "TeleportService\n\nReplaces the MessagingService broadcast from "
                              "3d9a210. With a class of 30 spread over\nseveral servers the "
                              "broadcast hit the per-server send limits and some\nservers never "
                              "got 'start lesson' - half a class kept free-roaming while\nthe "
                              "teacher thought the lesson had started. ReserveServer puts the "
                              "whole\nclass in one server we control.\n\n3d9a210 2024-01-22 "
                              "Class sessions: broadcast start/stop over MessagingService\n"),
              "found": "It was tried: in January (3d9a210) the button broadcast over "
                       "MessagingService, and a month later c71e0b4 replaced it. With a class "
                       "spread over several servers the broadcasts hit the send limits and "
                       "some servers never got 'start lesson', so half the class kept "
                       "free-roaming. The reserved server puts the whole class in one place "
                       "the teacher controls - I'd keep it.",
              "comment": edit("src/server/ClassSession.luau",
                              "function ClassSession.start(teacher, pupils)\n",
                              "-- Classes are teleported into one reserved server on purpose. "
                              "A MessagingService\n-- broadcast to wherever the pupils are was "
                              "tried (3d9a210) and reverted (c71e0b4):\n-- it hit the send "
                              "limits and some servers never got 'start lesson'.\nfunction "
                              "ClassSession.start(teacher, pupils)\n")}),
    ]
    noise = [
        _look("what does Crew.assign do?", "src/server/Crew.luau",
              "function Crew.assign(boat, players)\n\tlocal roles = { \"Helm\", \"Lookout\", "
              "\"Rescuer\", \"Rescuer\" }\n\tfor i, player in players do\n\t\tlocal role = "
              "roles[i]\n\t\tif not role then\n\t\t\tbreak\n\t\tend\n\t\tplayer:SetAttribute("
              "\"Role\", role)\n\t\tboat.Seats[role .. i]:Sit(player.Character.Humanoid)\n\tend\n"
              "end\n",
              "It hands out roles in join order - helm, lookout, then two rescuers - stores the "
              "role as a player attribute and sits each pupil in the matching seat. A fifth "
              "player gets nothing."),
        _find("where do we award badges?", "AwardBadge", ["src/server/Badges.luau"],
              "Only in src/server/Badges.luau."),
        _tweak("typo in the tutorial: 'casulty'", "src/client/UI/Tutorial.luau",
               "Swim to the casulty", "Swim to the casualty"),
        _run("what wally packages do we have?", "sed -n '/dependencies/,$p' wally.toml",
             "[dependencies]\nProfileStore = \"lm-loleris/profilestore@1.0.3\"\nt = "
             "\"osyrisrblx/t@3.1.1\"\nSignal = \"sleitnick/signal@2.0.1\"\n\n[dev-dependencies]"
             "\nTestEZ = \"roblox/testez@0.4.1\"",
             "ProfileStore, t and Signal, plus TestEZ as a dev dependency."),
        _talk("what's the difference between a Script with RunContext Client and a "
              "LocalScript?",
              "Both run on the client. A LocalScript only runs in a few places (PlayerScripts, "
              "the character, PlayerGui, backpack); a Script with RunContext = Client runs "
              "wherever it sits, including Workspace, which makes it handy for code attached "
              "to a model."),
        _run("format everything", "stylua src && git status --short",
             " M src/server/Badges.luau", "StyLua changed one file, Badges.luau."),
        _steps("does anything still use the old wait() or spawn()?",
               [agent("Find deprecated wait/spawn",
                      "Search src/ for calls to the deprecated global wait(), spawn() and "
                      "delay() (not task.wait etc.). Read only.",
                      "Two left: src/server/Tide.server.luau line 22 uses wait(1) in the tide "
                      "loop, and src/client/UI/Toast.luau line 9 uses delay(3, ...). "
                      "Everything else uses the task library.", "ab4f19e2c7d0835a", "Explore",
                      5)],
               "Two: wait(1) in the tide loop and delay(3, ...) in the toast UI. Want me to "
               "switch them to task.wait and task.delay?"),
        _steps("add a subtitles toggle to the settings menu",
               [edit("src/client/UI/Settings.luau",
                     "\tmakeToggle(\"Music\", settings.Music),\n",
                     "\tmakeToggle(\"Music\", settings.Music),\n\tmakeToggle(\"Subtitles\", "
                     "settings.Subtitles),\n"),
                bash("selene src/client/UI", lint_ok)],
               "The settings menu has a Subtitles toggle bound to the saved setting."),
    ]
    _frame(facts, {"conv-validate": conv_comment, "conv-tuning": conv_terse,
                   "cmd-tests": cmd_compact, "cmd-publish": cmd_pr,
                   "env-staging": env_readfile, "env-datastore": env_pasted,
                   "gotcha-streaming": gotcha_log, "gotcha-ownership": gotcha_compact,
                   "fals-water": fals_revert, "fals-messaging": fals_comment},
           "brinebound", "coastal-safety-trust/brinebound")
    return Project(
        "brinebound", "git@github.com:coastal-safety-trust/brinebound.git",
        {"README.md": "# brinebound\n\nA lifeboat rescue game for the Coastal Safety Trust's "
                      "schools programme (Roblox, Rojo).\n",
         "CLAUDE.md": "# brinebound\n\nLuau + Rojo. Server code in src/server, client in "
                      "src/client, shared modules in src/shared.\n\n- `rojo serve` to sync "
                      "into Studio\n",
         "default.project.json": "{\n  \"name\": \"brinebound\",\n  \"tree\": {\n    "
                                 "\"$className\": \"DataModel\"\n  }\n}\n"},
        facts, noise, "slack")


def ringround() -> Project:
    """An F# SAFE-stack app for Wolds Community Transport's dial-a-ride service: passengers
    book trips by phone, dispatchers plan the drivers' rounds on a board, drivers see their
    round on tablets. .NET 8, Saturn and Giraffe, Fable 4 with Elmish and Feliz (Vite),
    Fable.Remoting between them, Paket, a FAKE build project, Expecto, Npgsql and DbUp on
    Postgres, NodaTime, Azure App Service with infrastructure in Bicep."""
    build_ok = "Build succeeded.\n    0 Warning(s)\n    0 Error(s)\n\nTime Elapsed 00:00:21.47"
    facts = [
        Fact("conv-clock", "convention", ["IClock"],
             ["how should the new reminder job get the current time?",
              "is DateTime.UtcNow fine to use in the trip planner?"],
             "Server code gets the current time from the injected NodaTime IClock (registered "
             "in Program.fs; a FakeClock in tests), never DateTime.Now/UtcNow - tests "
             "otherwise depend on the day they run and on BST.",
             {"task": "the no-show report tests fail every monday and I have no idea why. can "
                      "you make them not depend on when they run",
              "work": [grep("DateTime\\.(Now|UtcNow)", ["src/Server/NoShowReport.fs"]),
                       read("src/Server/Reminders.fs",
                            "type ReminderService(clock: IClock, db: Db) =\n    member _."
                            "DueReminders() =\n        let now = clock.GetCurrentInstant()\n"
                            "        db.RemindersDueBefore(now + Duration.FromHours 24)\n"),
                       edit("src/Server/NoShowReport.fs",
                            "type NoShowReport(db: Db) =\n    member _.LastWeek() =\n        "
                            "let today = DateTime.UtcNow.Date\n",
                            "type NoShowReport(clock: IClock, db: Db) =\n    member _.LastWeek"
                            "() =\n        let today =\n            clock.GetCurrentInstant()"
                            ".InZone(London).Date\n"),
                       edit("tests/Server/NoShowReportTests.fs",
                            "let report = NoShowReport(db)",
                            "let clock = FakeClock(Instant.FromUtc(2024, 6, 11, 9, 0))  // a "
                            "Tuesday, in BST\nlet report = NoShowReport(clock, db)"),
                       bash("dotnet test tests/Server --filter NoShow",
                            "  Determining projects to restore...\n  All projects are "
                            "up-to-date for restore.\n[Expecto] NoShowReport: 7 tests run in "
                            "00:00:00.41 - 7 passed, 0 ignored, 0 failed, 0 errored. "
                            "Success!")],
              "done": "NoShowReport took DateTime.UtcNow directly, so 'last week' depended on "
                      "the day the tests ran (and broke on Mondays and around the clock "
                      "change). It takes the IClock now, like ReminderService, and the tests "
                      "pin a FakeClock to a Tuesday in BST. 7 of 7 pass.",
              "subject": "Inject IClock into NoShowReport",
              "body": "All 'now' in the server comes from the NodaTime IClock registered in "
                      "Program.fs (a FakeClock in tests) - never DateTime.Now or UtcNow. "
                      "NoShowReport was the last service reading the system clock, which made "
                      "its tests depend on the day they ran and on BST: they failed every "
                      "Monday and across the clock change.",
              "test": "`dotnet test tests/Server --filter NoShow` - 7 pass with a FakeClock",
              "branch": "fix/noshow-clock"}),
        Fact("conv-additive", "convention", ["additive only"],
             ["can I rename the PickupNotes field on the booking record while I'm in there?",
              "what are the rules for changing the types in Shared.fs?"],
             "Changes to the Fable.Remoting API records in src/Shared are additive only: new "
             "fields at the end as option types, never rename or remove one - the drivers' "
             "tablets run a cached old client bundle for days and fail to deserialise changed "
             "records.",
             {"task": "add a 'needs wheelchair lift' flag to bookings so the dispatcher sees it "
                      "on the board",
              "who": "Ines", "channel": "wct-dev",
              "slack": "reminder for anyone touching src/Shared: changes to the remoting API "
                       "records are additive only. new fields go at the end as option types, "
                       "never rename or remove one. the drivers' tablets keep an old client "
                       "bundle cached for days and Fable.Remoting fails to deserialise the "
                       "whole booking if a field it expects has gone",
              "follow": [edit("src/Shared/Shared.fs",
                              "      PickupNotes: string\n    }",
                              "      PickupNotes: string\n      NeedsLift: bool option\n    }"),
                         write("migrations/0031_needs_lift.sql",
                               "ALTER TABLE bookings ADD COLUMN needs_lift boolean NOT NULL "
                               "DEFAULT false;\n"),
                         edit("src/Server/Bookings.fs",
                              "          PickupNotes = read.string \"pickup_notes\" }",
                              "          PickupNotes = read.string \"pickup_notes\"\n          "
                              "NeedsLift = Some (read.bool \"needs_lift\") }"),
                         edit("src/Client/Board.fs",
                              "Html.span booking.PassengerName",
                              "Html.span booking.PassengerName\nif booking.NeedsLift = Some "
                              "true then Html.i [ prop.className \"icon-lift\"; prop.title "
                              "\"Needs the wheelchair lift\" ]"),
                         bash("dotnet build src/Server", build_ok)],
              "done": "Bookings carry NeedsLift as an option field at the end of the record, "
                      "so tablets on an old bundle just ignore it; the server fills it from a "
                      "new needs_lift column (migrations/0031_needs_lift.sql) and the board "
                      "shows a lift icon. The build is clean."}),
        Fact("cmd-migrate", "command", ["dotnet run -- Migrate"],
             ["I added a SQL script under migrations/ - how do I apply it to my local database?",
              "the server says a relation does not exist after I pulled - what did I forget to "
              "run?"],
             "Database migrations (DbUp, migrations/*.sql) are applied with the FAKE target "
             "`dotnet run -- Migrate` from the repo root; the server never migrates on startup "
             "('relation ... does not exist' means it wasn't run).",
             {"compact": {
                 "analysis": "The user asked for trips to be split into legs. I wrote the "
                             "migration and the legs query, extended the shared record and the "
                             "board, hit a missing-relation error on the first run, and had "
                             "just applied the migration.",
                 "request": "Split trips into legs (a trip_legs table) so a return trip can "
                            "have different drivers out and back, and show both legs on the "
                            "dispatcher board.",
                 "concepts": ["DbUp migrations in migrations/*.sql, embedded in the Build "
                              "project",
                              "Npgsql.FSharp queries in src/Server/Trips.fs",
                              "Elmish board in src/Client/Board.fs"],
                 "files": ["migrations/0030_trip_legs.sql - trip_legs table, backfilled from "
                           "trips",
                           "src/Server/Trips.fs - legs query",
                           "src/Shared/Shared.fs - Legs: TripLeg list option appended to Trip",
                           "src/Client/Board.fs - two rows per return trip"],
                 "problem": "Backfilled every existing trip into one or two legs, so old "
                            "bookings show on the new board unchanged.",
                 "users": ["\"trips need legs, outbound and return can have different "
                           "drivers\"",
                           "\"the board should show both legs\""],
                 "pending": ["Check a return trip shows both legs"],
                 "current": "Migration written, board updated; the migration had just been "
                            "applied after the missing-relation error.",
                 "next": "Confirm the migration state and check trip 1042, a return trip.",
                 "fact": {"errors": "The server failed with 'relation \"trip_legs\" does not "
                                    "exist': migrations aren't applied on startup. They run "
                                    "through the FAKE target `dotnet run -- Migrate` from the "
                                    "repo root (DbUp, connection string from .env)",
                          "concepts": "Migrations are applied by the FAKE Migrate target: "
                                      "`dotnet run -- Migrate` from the repo root (DbUp, reads "
                                      "the connection string from .env); the server never "
                                      "migrates on startup"},
                 "resume_text": "Checking the migration state first."},
              "resume": [bash("dotnet run -- Migrate",
                              "run Migrate\nStarting target 'Migrate'\nBeginning database "
                              "upgrade\nChecking whether journal table exists..\nFetching list "
                              "of already executed scripts.\nNo new scripts need to be "
                              "executed - completing.\nFinished (Success) 'Migrate' in "
                              "00:00:02.1130"),
                         bash("curl -s localhost:5000/api/ITripApi/getTrip -d '[1042]' | jq "
                              "'.Legs | map(.Driver)'", "[\n  \"Dave Pickering\",\n  \"Sue "
                              "Naylor\"\n]")],
              "done": "The database is migrated (nothing new to run), and trip 1042 comes "
                      "back with both legs - Dave out, Sue back - which is what the board now "
                      "shows."}),
        Fact("cmd-paket", "command", ["dotnet paket restore"],
             ["fresh clone and the build says Paket.Restore.targets is missing - what step did "
              "I skip?",
              "how do I get the nuget dependencies onto a new machine?"],
             "On a fresh clone run `dotnet tool restore` then `dotnet paket restore` (Paket is a "
             "local dotnet tool); until then builds fail because .paket/Paket.Restore.targets "
             "doesn't exist.",
             {"goal": "fresh clone on the new laptop - build the server",
              "fail": bash("dotnet build src/Server",
                           "  Determining projects to restore...\nsrc/Server/Server.fsproj : "
                           "error MSB4019: The imported project \".paket/Paket.Restore.targets"
                           "\" was not found. Confirm that the expression in the Import "
                           "declaration \"..\\..\\.paket\\Paket.Restore.targets\" is correct, "
                           "and that the file exists on disk.\n\nBuild FAILED.", 1),
              "ask": "The build can't find .paket/Paket.Restore.targets - the repo uses Paket "
                     "and nothing has been restored on this machine yet. How do you usually "
                     "bootstrap it: paket installed globally, or a script?",
              "other": ["also while you're in there - the dispatchers asked if the board "
                        "could show the driver's phone number on hover, they keep ringing the "
                        "office to get it.",
                        "not urgent, it's in Board.fs somewhere. the number's already on the "
                        "Driver record."],
              "answer": "paket's a local tool here, so `dotnet tool restore` then `dotnet paket "
                        "restore`, that generates the targets file.",
              "ok": bash("dotnet tool restore && dotnet paket restore && dotnet build "
                         "src/Server",
                         "Tool 'paket' (version '8.0.3') was restored. Available commands: "
                         "paket\nTool 'fable' (version '4.19.3') was restored. Available "
                         "commands: fable\n\nRestore was successful.\nPaket version 8.0.3\n"
                         "Starting full restore process.\n...\nTotal time taken: 6 seconds\n"
                         + build_ok),
              "done": "It builds: the local tools restored, then Paket restored the packages "
                      "and generated .paket/Paket.Restore.targets.",
              "other_tools": [edit("src/Client/Board.fs", "Html.span driver.Name",
                                   "Html.span [\n    prop.title driver.Phone\n    prop.text "
                                   "driver.Name\n]")],
              "other_done": "And the board shows the driver's phone number as a tooltip when "
                            "you hover over their name."}),
        Fact("env-db", "environment", ["wct-pg-flex01"],
             ["which database server does production talk to?",
              "where's the live postgres for the booking system hosted?"],
             "Production's database is the Azure Database for PostgreSQL flexible server "
             "wct-pg-flex01 (Postgres 16, UK South, public access disabled - VNet only), "
             "defined in infra/main.bicep next to the app service wct-ringround.",
             {"goal": "the treasurer wants to know how many trips we ran in march, I'll need "
                      "to query production. where does the live database actually live?",
              "probe": [read("infra/main.bicep",
                             "param location string = 'uksouth'\n\nresource web 'Microsoft."
                             "Web/sites@2023-01-01' = {\n  name: 'wct-ringround'\n  location: "
                             "location\n  properties: {\n    virtualNetworkSubnetId: appSubnet"
                             ".id\n  }\n}\n\nresource pg 'Microsoft.DBforPostgreSQL/"
                             "flexibleServers@2022-12-01' = {\n  name: 'wct-pg-flex01'\n  "
                             "location: location\n  sku: { name: 'Standard_B1ms', tier: "
                             "'Burstable' }\n  properties: {\n    version: '16'\n    network: "
                             "{\n      delegatedSubnetResourceId: dbSubnet.id\n      "
                             "publicNetworkAccess: 'Disabled'\n    }\n  }\n}\n")],
              "confirm": "Production's database is the Azure Database for PostgreSQL flexible "
                         "server wct-pg-flex01 - Postgres 16, Burstable B1ms, UK South - "
                         "defined in infra/main.bicep. Public network access is disabled, so "
                         "it's only reachable from inside the VNet, which the app service "
                         "wct-ringround is in. For March's count you'd need to query from "
                         "inside that network (or use the portal's query tool) rather than "
                         "from your laptop."}),
        Fact("env-tablets", "environment", ["Chrome 109"],
             ["what browser version do the drivers' tablets run?",
              "can I use newer web platform features like CSS anchor positioning on the "
              "driver screen?"],
             "The drivers' tablets run Chrome 109, pinned by Intune until the tablets are "
             "replaced; the client targets chrome 109 (.browserslistrc), so nothing newer (no "
             "popover attribute).",
             {"goal": "use the new popover attribute for the trip details on the driver screen, "
                      "it's way simpler than our modal",
              "ask": "Happy to - one check first: the popover attribute needs a fairly recent "
                     "Chrome (114+). What do the drivers' tablets run?",
              "terse": "the drivers tabs are stuck on chrome 109, intune pins it and the IT "
                       "volunteer wont touch it till the tabs get replaced",
              "probe": [read(".browserslistrc", "# driver tablets, pinned by Intune\n"
                                                "chrome 109\n"),
                        read("src/Client/TripDetails.fs",
                             "let modal (trip: Trip) dispatch =\n    Html.div [\n        "
                             "prop.className \"modal is-active\"\n        prop.children [ ... "
                             "]\n    ]\n")],
              "confirm": "Then the popover attribute is out - it arrived in Chrome 114, and the "
                         "tablets are on Chrome 109 (.browserslistrc targets it too). I'll "
                         "simplify the modal with a <dialog> element and showModal() instead, "
                         "which 109 supports."}),
        Fact("gotcha-either", "gotcha", ["Cmd.OfAsync.either"],
             ["a booking save failed on the server but the dispatcher's screen said it was "
              "saved - how can that happen?",
              "which Elmish command helper should I use when calling the server?"],
             "Client calls to the server use Cmd.OfAsync.either with a failure message, never "
             "Cmd.OfAsync.perform: perform silently drops exceptions, so a failed booking save "
             "looked saved.",
             {"symptom": "the dispatcher says she changed a booking this morning, the screen "
                         "said saved, but it's not in the db",
              "probe": [read("src/Client/Booking.fs",
                             "    | Save ->\n        { model with Status = \"Saved\" },\n   "
                             "     Cmd.OfAsync.perform api.saveBooking model.Booking (fun () "
                             "-> Noop)\n"),
                        bash("grep -n saveBooking logs/server-20240514.log",
                             "88:08:41:12 ERR saveBooking failed: 23514: new row for relation "
                             "\"bookings\" violates check constraint \"pickup_before_return\"")],
              "explain": "The save did fail on the server - the pickup was after the return "
                         "time, which a check constraint rejects - but the client never found "
                         "out: the update sets 'Saved' straight away and fires the request with "
                         "Cmd.OfAsync.perform, which throws away any exception from the call.",
              "fix": [edit("src/Client/Booking.fs",
                           "    | Save ->\n        { model with Status = \"Saved\" },\n       "
                           " Cmd.OfAsync.perform api.saveBooking model.Booking (fun () -> Noop)"
                           "\n",
                           "    | Save ->\n        // WARNING: never Cmd.OfAsync.perform for "
                           "server calls - it silently drops\n        // exceptions, so a "
                           "failed save looked like a success. Use Cmd.OfAsync.either\n        "
                           "// with a failure message.\n        { model with Status = "
                           "\"Saving…\" },\n        Cmd.OfAsync.either api.saveBooking model."
                           "Booking (fun () -> Saved) SaveFailed\n    | Saved ->\n        { "
                           "model with Status = \"Saved\" }, Cmd.none\n    | SaveFailed ex ->\n"
                           "        { model with Status = \"Not saved: \" + ex.Message }, "
                           "Cmd.none\n"),
                      bash("dotnet fable src/Client -o .fable-build --noCache",
                           "Fable 4.19.3: F# to JavaScript compiler\nParsing src/Client/"
                           "Client.fsproj...\nStarted Fable compilation...\nFable compilation "
                           "finished in 18204ms")],
              "done": "A failed save now shows 'Not saved: ...' with the server's reason "
                      "instead of a false 'Saved'. This morning's change was rejected because "
                      "the pickup was after the return time - the dispatcher will need to "
                      "enter it again."}),
        Fact("gotcha-nodatime", "gotcha", ["UseNodaTime"],
             ["saving a trip throws an error about DateTime Kind and 'timestamp with time zone'"
              " - what's the fix?",
              "how should the data layer hand times over to postgres?"],
             "Npgsql's data source is built with UseNodaTime() (Program.fs) and the data layer "
             "passes NodaTime Instants straight through; converting to DateTime fails "
             "timestamptz writes with 'Cannot write DateTime with Kind=Unspecified ... only UTC "
             "is supported'.",
             {"compact": {
                 "analysis": "The user asked for an audit of moved pickups. I added the table, "
                             "the writer and the screen, hit an Npgsql error writing times, "
                             "fixed the data source setup and was about to run the tests.",
                 "request": "Add a 'moved pickup' audit: when a dispatcher changes a pickup "
                            "time, record the old and new times and who changed it.",
                 "concepts": ["pickup_audit table (migrations/0032_pickup_audit.sql)",
                              "Npgsql.FSharp for the writes",
                              "Times are NodaTime Instants in the domain, shown in UK time"],
                 "files": ["src/Server/Audit.fs - writes audit rows",
                           "src/Server/Program.fs - Npgsql data source setup",
                           "tests/Server/AuditTests.fs - 6 tests"],
                 "problem": "The audit screen shows both times converted to UK time, "
                            "including across the clock change.",
                 "users": ["\"record who moved a pickup and from when to when\"",
                           "\"the audit should show times in UK time on the screen\""],
                 "pending": ["Run the audit tests"],
                 "current": "Audit.fs passes Instants to Npgsql; Program.fs builds the data "
                            "source with the NodaTime plugin.",
                 "next": "Run tests/Server filtered to the audit tests.",
                 "fact": {"errors": "Writing an audit row threw \"Cannot write DateTime with "
                                    "Kind=Unspecified to PostgreSQL type 'timestamp with time "
                                    "zone', only UTC is supported\" after converting Instants "
                                    "to DateTime by hand. Fixed by enabling the NodaTime "
                                    "plugin on the data source (dataSourceBuilder.UseNodaTime()"
                                    " in Program.fs) and passing Instants straight through - "
                                    "no DateTime conversions in the data layer",
                          "problem": "The data layer hands NodaTime types to Npgsql directly "
                                     "(UseNodaTime() on the NpgsqlDataSourceBuilder); "
                                     "converting to DateTime breaks timestamptz writes with "
                                     "'Kind=Unspecified ... only UTC is supported'"},
                 "resume_text": "Running the audit tests."},
              "resume": [bash("dotnet test tests/Server --filter Audit",
                              "  Determining projects to restore...\n  All projects are "
                              "up-to-date for restore.\n[Expecto] Audit: 6 tests run in "
                              "00:00:01.08 - 6 passed, 0 ignored, 0 failed, 0 errored. "
                              "Success!")],
              "done": "All six audit tests pass: a moved pickup is recorded with the old and "
                      "new time and the dispatcher's name."}),
        Fact("fals-signalr", "falsified", ["SignalR"],
             ["could the dispatch board get live updates pushed from the server instead of "
              "polling?",
              "why does the dispatcher's screen refresh on a timer?"],
             "Pushing dispatch-board updates over SignalR (Fable.SignalR) was tried and "
             "reverted: with two App Service instances and no ARR affinity, connections broke "
             "(404 'No Connection with that ID'), and the office proxy drops idle websockets. "
             "The board stays on 10-second polling.",
             {"ask": "the dispatch board polls every 10 seconds, let's push updates instead. "
                     "try Fable.SignalR, commit it on its own so we can back it out, and put "
                     "it on the staging slot",
              "change": [bash("dotnet paket add Fable.SignalR.Saturn --project src/Server && "
                              "dotnet paket add Fable.SignalR.Elmish --project src/Client",
                              "Adding package 'Fable.SignalR.Saturn' 0.11.5\n...\nAdding "
                              "package 'Fable.SignalR.Elmish' 0.11.5\nInstalled 2 packages."),
                         write("src/Server/BoardHub.fs",
                               "module BoardHub\n\nopen Fable.SignalR\n\nlet update (msg: "
                               "BoardAction) (hubContext: FableHub<BoardAction, BoardResponse>)"
                               " =\n    match msg with\n    | Subscribe day -> hubContext."
                               "Clients.Caller.Send(BoardResponse.Snapshot (Board.load day))\n"),
                         bash("git add -A && git commit -m \"Push board updates over SignalR\" "
                              "&& az webapp deploy -g wct-prod -n wct-ringround --slot staging "
                              "--src-path deploy.zip --type zip",
                              "[main 5e0d7c3] Push board updates over SignalR\n 6 files "
                              "changed, 142 insertions(+), 38 deletions(-)\nDeployment has "
                              "completed successfully")],
              "between": "it's on staging. the board on the office pc says 'reconnecting' "
                         "every minute or so. can you look at the logs",
              "broke": bash("az webapp log tail -g wct-prod -n wct-ringround --slot staging "
                            "2>&1 | grep -m 4 board-hub",
                            "09:12:41 POST /board-hub/negotiate 200 (instance rd4c1)\n09:12:41 "
                            "GET /board-hub?id=Qh2Tx 404 No Connection with that ID (instance "
                            "rd7f9)\n09:13:55 POST /board-hub/negotiate 200 (instance rd7f9)\n"
                            "09:14:58 Connection Lw8Zp closed: idle timeout from upstream "
                            "proxy"),
              "verdict": "Two problems. The app service runs two instances without ARR "
                         "affinity, so a connection negotiates on one instance and its next "
                         "request lands on the other ('No Connection with that ID'); and the "
                         "office network's proxy drops idle websockets after a minute. Fixing "
                         "it means paying for Azure SignalR Service or turning on sticky "
                         "sessions - not worth it for one screen when polling works.",
              "revert_subject": "Revert \"Push board updates over SignalR\"",
              "revert_body": "This reverts commit 5e0d7c3.\n\nOn the staging slot the board "
                             "reconnected every minute: the app service runs two instances "
                             "without ARR affinity, so negotiate and the socket hit different "
                             "instances (404 'No Connection with that ID'), and the office "
                             "proxy drops idle websockets. Fixing that needs Azure SignalR "
                             "Service or sticky sessions, neither worth it for one dispatcher "
                             "screen. The board stays on 10-second polling."}),
        Fact("fals-ortools", "falsified", ["OR-Tools"],
             ["could we let a solver plan the driver rounds automatically?",
              "has anyone tried automatic route optimisation for the minibuses?"],
             "Automatic round planning with OR-Tools was tried for two months in 2023 and "
             "dropped: it ignored what drivers know (preferred drivers, lift times, road "
             "closures) and passengers got a different driver each week. Rounds are planned by "
             "hand; the board may only suggest.",
             {"ask": "planning the driver rounds by hand takes Marion two hours every evening. "
                     "can we get the computer to plan the rounds?",
              "proposal": "This is a vehicle-routing problem with time windows, and Google "
                          "OR-Tools has a .NET package that solves exactly that - capacities, "
                          "pickup windows, wheelchair places. I'd model each day's bookings "
                          "as a VRP and let it produce the rounds. Starting a spike.",
              "idea": "spike a routing solver for the rounds",
              "who": "Marion", "channel": "ops",
              "slack": "we did try this! a consultant set up OR-Tools routing for us for two "
                       "months in 2023. the rounds looked efficient on paper but it ignored "
                       "everything the drivers know - Mrs Hughes only goes with Dave, the lift "
                       "on the Sprinter takes 10 min, the road closure on market day - and "
                       "passengers got upset about a different driver every week. we went back "
                       "to planning by hand. what would help is the board suggesting, not "
                       "deciding",
              "alternative": "keep Marion planning the rounds and make the board suggest: when "
                             "she drops a booking onto a round it shows the minutes it adds, "
                             "and flags preferred drivers and lift time",
              "follow": [todo_write([("Add preferred driver and lift minutes to the passenger "
                                      "record (option fields)", "in_progress",
                                      "Adding passenger preferences"),
                                     ("Board: show the minutes a dropped booking adds to a "
                                      "round", "pending", "Showing added minutes"),
                                     ("Board: flag a passenger's preferred driver", "pending",
                                      "Flagging preferred drivers")])],
              "done": "Planned as suggestions on the board rather than a solver. I'll start "
                      "with the passenger preferences, since the other two need them."}),
    ]
    noise = [
        _look("what does a booking look like in Shared.fs?", "src/Shared/Shared.fs",
              "type Booking =\n    { Id: int\n      PassengerId: int\n      PassengerName: "
              "string\n      Pickup: Address\n      Destination: Address\n      PickupAt: "
              "LocalDateTime\n      ReturnAt: LocalDateTime option\n      PickupNotes: string }\n",
              "An id, the passenger (id and name), pickup and destination addresses, the "
              "pickup time, an optional return time, and free-text pickup notes."),
        _find("where is the remoting API wired into the server?", "Remoting.createApi",
              ["src/Server/Server.fs"],
              "In src/Server/Server.fs, where the booking and trip APIs are built and "
              "mounted under /api."),
        _tweak("the board header says 'Dispatch Board' - make it 'Today's rounds'",
               "src/Client/Board.fs", "Html.h1 \"Dispatch Board\"",
               "Html.h1 \"Today's rounds\"", "Renamed the header."),
        _run("run the server tests", "dotnet test tests/Server",
             "  Determining projects to restore...\n  All projects are up-to-date for restore."
             "\n[Expecto] 64 tests run in 00:00:03.92 - 64 passed, 0 ignored, 0 failed, 0 "
             "errored. Success!", "All 64 server tests pass."),
        _talk("what's the difference between Cmd.ofMsg and just calling update again?",
              "Cmd.ofMsg schedules the message through the Elmish loop, so the view and any "
              "subscribers see the intermediate model and the message shows up in the debugger. "
              "Calling update recursively skips all that and merges two steps into one - "
              "simpler, but harder to trace."),
        _run("what fable version are we on?", "dotnet fable --version", "4.19.3",
             "Fable 4.19.3."),
        _steps("are there any Msg cases in the client that nothing dispatches?",
               [agent("Find unused messages",
                      "List the cases of the Msg unions in src/Client that are never "
                      "dispatched anywhere. Read only.",
                      "Two: Board.Msg.ToggleCompact (handled in update, never dispatched since "
                      "the compact view was removed) and Booking.Msg.ClearDraft (no caller).",
                      "a3d7e01f95bc2648", "Explore", 6)],
               "Two unused cases: Board's ToggleCompact and Booking's ClearDraft. Want me to "
               "remove them?"),
        _steps("add a 'returning the same day' checkbox to the booking form",
               [edit("src/Client/Booking.fs",
                     "            Html.input [ prop.type'.date; prop.value model.Date ]\n",
                     "            Html.input [ prop.type'.date; prop.value model.Date ]\n     "
                     "       Html.label [\n                Html.input [ prop.type'.checkbox; "
                     "prop.isChecked model.SameDayReturn; prop.onChange (SameDayReturn >> "
                     "dispatch) ]\n                Html.text \"Returning the same day\"\n     "
                     "       ]\n"),
                bash("dotnet build src/Client", build_ok)],
               "The booking form has a 'Returning the same day' checkbox; the client builds."),
    ]
    _frame(facts, {"conv-clock": conv_commit, "conv-additive": conv_pasted,
                   "cmd-migrate": cmd_compact, "cmd-paket": cmd_oneliner,
                   "env-db": env_readfile, "env-tablets": env_terse,
                   "gotcha-either": gotcha_comment, "gotcha-nodatime": gotcha_compact,
                   "fals-signalr": fals_revert, "fals-ortools": fals_slack},
           "ringround", "wolds-ct/ringround")
    return Project(
        "ringround", "git@github.com:wolds-ct/ringround.git",
        {"README.md": "# ringround\n\nDial-a-ride bookings and driver rounds for Wolds "
                      "Community Transport (F#, SAFE stack).\n",
         "CLAUDE.md": "# ringround\n\nF# SAFE stack: src/Server (Saturn), src/Client (Fable + "
                      "Elmish), src/Shared.\n\n- `dotnet run` starts server and client\n",
         "paket.dependencies": "source https://api.nuget.org/v3/index.json\nframework: net8.0"
                               "\n\nnuget Saturn\nnuget Fable.Remoting.Giraffe\n"},
        facts, noise, "postgres")


def thriftbatch() -> Project:
    """The nightly batch of Moorfield Building Society, in GnuCOBOL 3.2 on a RHEL 9 host: it
    loads the core banking system's account extract, accrues interest, posts fees and writes
    the statement file for the print house. Fixed-format COBOL in src/, copybooks in copybooks/,
    a Makefile around cobc, cobol-check unit tests, shell drivers in bin/, a systemd timer."""
    facts = [
        Fact("conv-rounding", "convention", ["NEAREST-EVEN"],
             ["how should interest amounts be rounded in the accrual program?",
              "plain ROUNDED is fine when I compute a fee, right?"],
             "Every COMPUTE producing a money value uses ROUNDED MODE IS NEAREST-EVEN (banker's "
             "rounding, finance policy FIN-07), never plain ROUNDED (half up), or the interest "
             "reconciliation drifts by pennies; scripts/lint-money.sh checks it.",
             {"task": "add the early closure penalty to INTACC: 90 days' interest, taken off "
                      "when an account closes before the end of its fixed term",
              "first": [edit("src/INTACC.cbl",
                             "       3000-CLOSE-ACCOUNT.\n",
                             "       3000-CLOSE-ACCOUNT.\n           IF ACCT-CLOSE-DATE < "
                             "ACCT-TERM-END\n               COMPUTE WS-PENALTY ROUNDED =\n     "
                             "              ACCT-BALANCE * ACCT-RATE / 36500 * 90\n          "
                             "     SUBTRACT WS-PENALTY FROM WS-CLOSING-BAL\n           END-IF\n")],
              "fail": bash("scripts/lint-money.sh src/INTACC.cbl",
                           "src/INTACC.cbl:412: COMPUTE into money field WS-PENALTY: ROUNDED "
                           "must state MODE NEAREST-EVEN (policy FIN-07)\n1 violation", 1),
              "fix": [edit("src/INTACC.cbl",
                           "               COMPUTE WS-PENALTY ROUNDED =\n",
                           "      *> NOTE: every money COMPUTE rounds with ROUNDED MODE IS\n"
                           "      *> NEAREST-EVEN (banker's rounding, finance policy FIN-07).\n"
                           "      *> Plain ROUNDED rounds half up, and the annual interest\n"
                           "      *> reconciliation drifts by pennies.\n               COMPUTE "
                           "WS-PENALTY ROUNDED MODE IS NEAREST-EVEN =\n"),
                      bash("scripts/lint-money.sh src/INTACC.cbl", "0 violations")],
              "done": "The penalty is in 3000-CLOSE-ACCOUNT - 90 days' interest when an "
                      "account closes before its term ends - and the money lint passes."}),
        Fact("conv-filestatus", "convention", ["9000-CHECK-FS"],
             ["what's the house style for handling file errors in a new COBOL program?",
              "after a READ, how are I/O problems supposed to be checked?"],
             "Every SELECT has FILE STATUS IS WS-FS-<file>, and every OPEN/READ/WRITE/CLOSE is "
             "followed by PERFORM 9000-CHECK-FS (copybook FSCHECK.cpy), which sets RETURN-CODE "
             "16 and stops the run on any status but 00/10 - never AT END-only handling.",
             {"task": "write a small program, DORMRPT, listing accounts with no transactions "
                      "for 3 years from the account master - it's for the dormant accounts "
                      "return",
              "who": "Brian", "channel": "batch",
              "slack": "reminder since a few new programs are coming: every SELECT gets FILE "
                       "STATUS IS WS-FS-<file>, and after EVERY open/read/write/close you "
                       "PERFORM 9000-CHECK-FS (COPY FSCHECK). it sets RETURN-CODE 16 and stops "
                       "the run on anything but 00/10. no AT END-only handling - that's how "
                       "STMTGEN wrote half a statement file in 2022 and nobody noticed",
              "follow": [write("src/DORMRPT.cbl",
                               "       IDENTIFICATION DIVISION.\n       PROGRAM-ID. DORMRPT.\n"
                               "       ENVIRONMENT DIVISION.\n       INPUT-OUTPUT SECTION.\n"
                               "       FILE-CONTROL.\n           SELECT ACCT-MASTER ASSIGN TO "
                               "ACCTMAST\n               ORGANIZATION IS LINE SEQUENTIAL\n     "
                               "          FILE STATUS IS WS-FS-ACCTMAST.\n           SELECT "
                               "DORM-RPT ASSIGN TO DORMOUT\n               ORGANIZATION IS "
                               "LINE SEQUENTIAL\n               FILE STATUS IS WS-FS-DORMOUT.\n"
                               "       DATA DIVISION.\n       FILE SECTION.\n       FD  "
                               "ACCT-MASTER.\n           COPY ACCTREC.\n       FD  DORM-RPT.\n"
                               "       01  DORM-LINE             PIC X(80).\n       "
                               "WORKING-STORAGE SECTION.\n       01  WS-FS-ACCTMAST        PIC "
                               "XX.\n       01  WS-FS-DORMOUT         PIC XX.\n       01  "
                               "WS-CUTOFF-DATE        PIC 9(8).\n       01  WS-DORM-DETAIL.\n"
                               "           05  DL-ACCT-NO        PIC 9(10).\n           05  "
                               "FILLER            PIC XX VALUE SPACES.\n           05  "
                               "DL-LAST-TXN       PIC 9(8).\n           05  FILLER          "
                               "  PIC X(60) VALUE SPACES.\n           COPY FSCHECKW.\n       "
                               "PROCEDURE DIVISION.\n       0000-MAIN.\n           COMPUTE "
                               "WS-CUTOFF-DATE =\n               FUNCTION NUMVAL(FUNCTION "
                               "CURRENT-DATE(1:8)) - 30000\n           OPEN INPUT ACCT-MASTER\n           MOVE 'ACCTMAST' TO "
                               "WS-FS-FILE MOVE WS-FS-ACCTMAST TO WS-FS\n           PERFORM "
                               "9000-CHECK-FS\n           OPEN OUTPUT DORM-RPT\n           MOVE "
                               "'DORMOUT' TO WS-FS-FILE MOVE WS-FS-DORMOUT TO WS-FS\n          "
                               " PERFORM 9000-CHECK-FS\n           PERFORM 1000-READ-ACCT\n   "
                               "        PERFORM 2000-CHECK-ACCT UNTIL WS-FS-ACCTMAST = '10'\n  "
                               "         CLOSE ACCT-MASTER DORM-RPT\n           MOVE "
                               "'ACCTMAST' TO WS-FS-FILE MOVE WS-FS-ACCTMAST TO WS-FS\n      "
                               "     PERFORM 9000-CHECK-FS\n           GOBACK.\n\n       "
                               "1000-READ-ACCT.\n           READ ACCT-MASTER\n           MOVE "
                               "'ACCTMAST' TO WS-FS-FILE MOVE WS-FS-ACCTMAST TO WS-FS\n      "
                               "     PERFORM 9000-CHECK-FS.\n\n       2000-CHECK-ACCT.\n    "
                               "       IF ACCT-LAST-TXN-DATE < WS-CUTOFF-DATE\n              "
                               " MOVE ACCT-NO TO DL-ACCT-NO\n               MOVE "
                               "ACCT-LAST-TXN-DATE TO DL-LAST-TXN\n               WRITE "
                               "DORM-LINE FROM WS-DORM-DETAIL\n               MOVE 'DORMOUT' "
                               "TO WS-FS-FILE MOVE WS-FS-DORMOUT TO WS-FS\n               "
                               "PERFORM 9000-CHECK-FS\n           END-IF\n           PERFORM "
                               "1000-READ-ACCT.\n\n           COPY FSCHECK.\n"),
                         bash("make bin/DORMRPT",
                              "cobc -x -std=ibm -I copybooks -Wall -o bin/DORMRPT "
                              "src/DORMRPT.cbl")],
              "done": "DORMRPT reads the account master and lists accounts whose last "
                      "transaction is more than three years before the run date; every OPEN "
                      "and READ is followed by PERFORM 9000-CHECK-FS, as Brian asked. It "
                      "compiles."}),
        Fact("cmd-build", "command", ["make progs"],
             ["cobc can't find the ACCTREC copybook when I compile - how is the build meant to "
              "be done?",
              "what's the build command for the batch programs?"],
             "Build the batch programs with `make progs` (cobc -x -std=ibm -I copybooks into "
             "bin/); a bare cobc misses the copybooks and uses the default dialect, which "
             "changes COMP-3 and ROUNDED behaviour.",
             {"goal": "compile INTACC after my change",
              "fail": bash("cobc -x src/INTACC.cbl",
                           "src/INTACC.cbl:18: error: ACCTREC: No such file or directory\n"
                           "src/INTACC.cbl:19: error: FSCHECKW: No such file or directory", 1),
              "note": "cobc can't find the copybooks - they're in copybooks/, not next to the "
                      "source.",
              "doc": read("Makefile",
                          "COBC     = cobc\nCOBFLAGS = -x -std=ibm -I copybooks -Wall\nPROGS    "
                          "= ACCTLOAD INTACC FEEPOST STMTGEN\n\n# Build every batch program "
                          "into bin/. Always build with this (or make bin/NAME):\n# plain cobc "
                          "without -std=ibm silently uses the default dialect, and\n# COMP-3 "
                          "and ROUNDED then behave differently from production.\nprogs: "
                          "$(PROGS:%=bin/%)\n\nbin/%: src/%.cbl $(wildcard copybooks/*.cpy)\n"
                          "\t$(COBC) $(COBFLAGS) -o $@ $<\n\nclean:\n\trm -f bin/*.so "
                          "$(PROGS:%=bin/%)\n\n.PHONY: progs clean\n"),
              "found": "The Makefile has a `progs` target that builds every program into bin/ "
                       "with the house flags (-x -std=ibm -I copybooks -Wall), and its comment "
                       "says to always build that way: a bare cobc misses the copybook path "
                       "and uses the default dialect, which changes how COMP-3 and ROUNDED "
                       "behave. So it's `make progs`.",
              "ok": bash("make progs",
                         "cobc -x -std=ibm -I copybooks -Wall -o bin/ACCTLOAD src/ACCTLOAD.cbl\n"
                         "cobc -x -std=ibm -I copybooks -Wall -o bin/INTACC src/INTACC.cbl\n"
                         "cobc -x -std=ibm -I copybooks -Wall -o bin/FEEPOST src/FEEPOST.cbl\n"
                         "cobc -x -std=ibm -I copybooks -Wall -o bin/STMTGEN src/STMTGEN.cbl"),
              "done": "Built: all four programs compiled into bin/ without warnings."}),
        Fact("cmd-cobolcheck", "command", ["bin/cobolcheck"],
             ["how do I run the unit tests for the interest program?",
              "make test says there's no rule for it - how are the COBOL tests run?"],
             "Unit tests run with the vendored cobol-check: `bin/cobolcheck -p <PROGRAM>` (e.g. "
             "INTACC; settings in config.properties) - there is no make test.",
             {"goal": "run the unit tests for INTACC, I changed the accrual paragraph so the "
                      "rate is taken on the accrual date",
              "fail": bash("make test", "make: *** No rule to make target 'test'.  Stop.", 2),
              "note": "There's no test target. cobol-check is vendored under bin/ with its "
                      "settings in config.properties - running it for INTACC.",
              "ok": bash("bin/cobolcheck -p INTACC",
                         "cobol-check 0.2.8\nTESTSUITE:\nInterest accrual - daily\n     PASS:"
                         "   1. accrues one day at 4.15%\n     PASS:   2. zero balance accrues "
                         "nothing\n     PASS:   3. rate change mid-month uses the new rate "
                         "from its date\n     ...\n\n  11 TEST CASES WERE EXECUTED\n  11 "
                         "PASSED\n   0 FAILED\n================================================="
                         "=="),
              "done": "All 11 INTACC cases pass, including the mid-month rate change.",
              "title": "INTACC: accrue at the rate in force on the accrual date",
              "branch": "fix/intacc-rate-date",
              "summary": "Daily accrual now looks up the rate effective on each accrual date; "
                         "a mid-month rate change was applied from the 1st.",
              "howto": "- `bin/cobolcheck -p INTACC` runs the 11 accrual cases (cobol-check is "
                       "vendored in bin/, settings in config.properties; there is no `make "
                       "test`)\n- case 3 covers the mid-month rate change"}),
        Fact("env-timer", "environment", ["nightly-batch.timer"],
             ["what kicks off the overnight run, and at what time?",
              "where is the schedule for the nightly jobs defined?"],
             "The nightly chain is started on batch01 by the systemd timer nightly-batch.timer "
             "(01:30 Europe/London), which runs nightly-batch.service as batchop calling "
             "bin/run-nightly.sh - there is no crontab.",
             {"compact": {
                 "analysis": "The user asked to add FEEPOST to the nightly chain so a fee "
                             "failure stops the statements. I added the step and the return "
                             "code check, fixed missing test data, and was about to dry-run.",
                 "request": "Add the fee posting step (FEEPOST) to the nightly chain after "
                            "INTACC, and make sure a failure stops the statements step.",
                 "concepts": ["bin/run-nightly.sh runs the chain: ACCTLOAD, INTACC, FEEPOST, "
                              "STMTGEN",
                              "A step's RETURN-CODE of 8 or more aborts the chain",
                              "Outputs go to /data/outbound for the print house's SFTP pickup"],
                 "files": ["bin/run-nightly.sh - FEEPOST step after INTACC, with the RC check",
                           "src/FEEPOST.cbl - posts fees from the fee schedule"],
                 "errors": ["FEEPOST's first dry run returned RC 12: the fee schedule file was "
                            "missing from testdata/; added it."],
                 "problem": "A failing step now stops the chain before anything reaches the "
                            "print house's pickup folder.",
                 "users": ["\"add FEEPOST after INTACC in the nightly chain\"",
                           "\"if fees fail the statements must not go out\""],
                 "pending": ["Dry-run the chain, both the normal path and a FEEPOST failure"],
                 "current": "run-nightly.sh has the FEEPOST step and the abort on RC >= 8.",
                 "next": "Dry-run against testdata and check the abort path.",
                 "fact": {"concepts": "Scheduling: the chain runs on batch01 from the systemd "
                                      "timer nightly-batch.timer (OnCalendar 01:30 "
                                      "Europe/London), which starts nightly-batch.service as "
                                      "user batchop; there is no crontab",
                          "problem": "Found how the chain is triggered: not cron but systemd - "
                                     "nightly-batch.timer on batch01 fires nightly-batch."
                                     "service at 01:30 as batchop, and that runs "
                                     "bin/run-nightly.sh, so no unit change is needed",
                          "users": "\"its the systemd timer on batch01 that kicks it off, "
                                   "nightly-batch.timer, 01:30. not cron\""},
                 "resume_text": "Dry-running the chain."},
              "resume": [bash("DRY_RUN=1 DATA=testdata bin/run-nightly.sh",
                              "ACCTLOAD  RC=0\nINTACC    RC=0\nFEEPOST   RC=0\nSTMTGEN   RC=0 "
                              "(dry run: no SFTP drop)\nchain OK"),
                         bash("DRY_RUN=1 DATA=testdata FAIL_STEP=FEEPOST bin/run-nightly.sh",
                              "ACCTLOAD  RC=0\nINTACC    RC=0\nFEEPOST   RC=12\nchain ABORTED "
                              "at FEEPOST (RC 12); STMTGEN not run", 8)],
              "done": "Both paths behave: the full chain runs, and a FEEPOST failure stops it "
                      "before STMTGEN. The timer and service need no change - they only call "
                      "bin/run-nightly.sh."}),
        Fact("env-ebcdic", "environment", ["CP1146"],
             ["what encoding is the account extract from core banking in?",
              "why does the raw inbound file look like garbage when I open it in less?"],
             "The core banking account extract in /data/inbound is EBCDIC code page CP1146 (UK, "
             "with the pound sign), fixed 400-byte records without newlines; convert it with "
             "bin/ebc2asc.sh before ACCTLOAD.",
             {"goal": "last night's extract from core banking is in /data/inbound/"
                      "acct-20240611.dat - load it into a test run and check the record count",
              "peek": [bash("head -c 64 /data/inbound/acct-20240611.dat | xxd",
                            "00000000: f0f0 f0f1 f2f3 f4f5 f6f7 4040 d4d9 e240  "
                            "..........@@...@\n00000010: c1d5 d5c5 40c8 c1d9 d9c9 e2d6 d540 "
                            "4040  ....@.......@@@@")],
              "ask": "The file isn't text - `xxd` shows bytes like f0-f9 and 40 where digits "
                     "and spaces should be, and there are no line breaks. It looks like "
                     "EBCDIC. Do you know which code page, and is there a converter in the "
                     "repo?",
              "terse": "yeah its ebcdic, cp1146 (uk one w/ the £), fixed 400 byte recs no "
                       "newlines. bin/ebc2asc.sh does it, acctload wants the converted file",
              "probe": [bash("bin/ebc2asc.sh /data/inbound/acct-20240611.dat /tmp/acct.asc && "
                             "wc -c < /tmp/acct.asc",
                             "converting from CP1146, record length 400\n1738400"),
                        bash("echo $((1738400 / 400))", "4346")],
              "confirm": "The extract is EBCDIC CP1146 - the UK code page with the pound sign - "
                         "in fixed 400-byte records with no line ends, and bin/ebc2asc.sh "
                         "converts it. Last night's file holds 4,346 accounts (1,738,400 bytes "
                         "/ 400). The converted copy in /tmp/acct.asc is what ACCTLOAD takes."}),
        Fact("gotcha-sign", "gotcha", ["SIGN TRAILING SEPARATE"],
             ["INTACC dies with an invalid numeric data error on ACCT-BALANCE - what's wrong?",
              "how is the sign stored on the balance in the core banking extract?"],
             "In the core banking extract, balances carry the sign as a separate trailing "
             "character, so ACCT-BALANCE in copybooks/ACCTREC.cpy must keep SIGN TRAILING "
             "SEPARATE; without it the field is a byte short, INTACC fails with invalid "
             "numeric data and every later field shifts.",
             {"diagnosis": "pretty sure its the sign thing - core banking sends the balance "
                           "with the sign as its own char on the end (+/-) and the ACCTREC "
                           "copybook got 'simplified' in that tidy-up",
              "log": "ACCTLOAD  RC=0\nINTACC    started 01:34:07\nlibcob: src/INTACC.cbl:233: "
                     "error: invalid numeric data in field 'ACCT-BALANCE' (value "
                     "'00000012345+')\nINTACC    RC=16\nchain ABORTED at INTACC (RC 16); "
                     "FEEPOST, STMTGEN not run",
              "probe": [bash("git log -3 --oneline -- copybooks/ACCTREC.cpy",
                             "b82d417 Tidy ACCTREC: simplify numeric pictures\n1f0c3a9 ACCTREC:"
                             " add ACCT-TERM-END\n66ea012 ACCTREC: widen ACCT-NAME to 60"),
                        bash("git show b82d417 -- copybooks/ACCTREC.cpy | grep -B1 -A1 "
                             "BALANCE",
                             "-           05  ACCT-BALANCE     PIC S9(9)V99\n-               "
                             "                 SIGN TRAILING SEPARATE.\n+           05  "
                             "ACCT-BALANCE     PIC S9(9)V99.")],
              "explain": "b82d417 dropped SIGN TRAILING SEPARATE from ACCT-BALANCE. The "
                         "extract sends the sign as its own character after the digits "
                         "('00000012345+'), 12 bytes; without the clause the copybook "
                         "describes 11 bytes with the sign overpunched on the last digit, so "
                         "the '+' is read as part of the next field and everything after it "
                         "is off by one byte.",
              "fix": [edit("copybooks/ACCTREC.cpy",
                           "           05  ACCT-BALANCE     PIC S9(9)V99.",
                           "      *> The extract sends the sign as a separate trailing\n      "
                           "*> character: keep this clause, or every later field shifts.\n"
                           "           05  ACCT-BALANCE     PIC S9(9)V99\n                   "
                           "             SIGN TRAILING SEPARATE."),
                      bash("make bin/ACCTLOAD bin/INTACC && DATA=testdata bin/run-nightly.sh",
                           "cobc -x -std=ibm -I copybooks -Wall -o bin/ACCTLOAD "
                           "src/ACCTLOAD.cbl\ncobc -x -std=ibm -I copybooks -Wall -o "
                           "bin/INTACC src/INTACC.cbl\nACCTLOAD  RC=0\nINTACC    RC=0\nFEEPOST "
                           "  RC=0\nSTMTGEN   RC=0\nchain OK")],
              "done": "The chain runs again on the test data, with the clause back on "
                      "ACCT-BALANCE and a comment saying why. b82d417 touched two other "
                      "copybooks as well - worth checking them the same way."}),
        Fact("gotcha-lsfixed", "gotcha", ["COB_LS_FIXED"],
             ["the print house rejects our statement file because the lines are shorter than "
              "132 characters - why?",
              "which GnuCOBOL runtime setting keeps trailing spaces in output records?"],
             "GnuCOBOL strips trailing spaces from LINE SEQUENTIAL records unless "
             "COB_LS_FIXED=TRUE; bin/run-nightly.sh exports it so the statement file's records "
             "stay 132 characters (the print house rejects short records).",
             {"symptom": "the print house rejected last night's statement file again: 'record "
                         "length mismatch, expected 132'. it was fine on the old box",
              "probe": [bash("awk '{ print length }' /data/outbound/stmt-20240612.txt | sort "
                             "-n | uniq -c | head -4",
                             "   1204 47\n    388 61\n   2210 88\n    912 132"),
                        bash("cobcrun --runtime-config | grep -i ' COB_LS'",
                             "    COB_LS_FIXED        : false   (default)\n    COB_LS_NULLS    "
                             "    : false   (default)")],
              "explain": "STMTGEN writes the statement file as LINE SEQUENTIAL, and by default "
                         "GnuCOBOL strips trailing spaces from those records, so each line is "
                         "only as long as its text. The old box must have had COB_LS_FIXED set "
                         "in its runtime config; batch01 runs with the default, false. "
                         "Exporting it for the chain pads every record to its full 132.",
              "fix": [edit("bin/run-nightly.sh", "set -euo pipefail\n",
                           "set -euo pipefail\n\n# keep trailing spaces in line-sequential "
                           "output (the printer needs 132-char records)\nexport "
                           "COB_LS_FIXED=TRUE\n"),
                      bash("DATA=testdata bin/run-nightly.sh >/dev/null && awk '{ print length "
                           "}' testdata/out/stmt.txt | sort -u", "132")],
              "done": "Every statement record is 132 characters again. Re-running STMTGEN for "
                      "last night on batch01 and re-sending the file will sort out tonight's "
                      "print run.",
              "subject": "Pad line-sequential output: export COB_LS_FIXED=TRUE",
              "body": "GnuCOBOL strips trailing spaces from LINE SEQUENTIAL records unless "
                      "COB_LS_FIXED is TRUE. The old batch host had it in its runtime.cfg; "
                      "batch01 doesn't, so STMTGEN's statement file had short records and the "
                      "print house rejected it ('record length mismatch, expected 132'). "
                      "Exporting it in run-nightly.sh makes the chain independent of the "
                      "host's runtime config."}),
        Fact("fals-springbatch", "falsified", ["Spring Batch"],
             ["should we rewrite the interest calculation in Java to get off COBOL?",
              "has anyone ported the batch to a JVM framework before?"],
             "A Spring Batch (Java) port of INTACC ran in parallel for a month last spring and "
             "was rolled back: it differed by a penny on ~300 accounts a night (BigDecimal "
             "rounding vs COMPUTE), ran 4x slower, and forced a new audit reconciliation. The "
             "batch stays on GnuCOBOL until core banking is replaced.",
             {"pain": "the new graduate asked why we're still on COBOL at all and honestly I "
                      "didn't have a great answer. what would it take to move the interest "
                      "calculation to something modern?",
              "proposal": "The usual route is a JVM rewrite: port INTACC to Java with Spring "
                          "Batch - chunked readers and writers over the same fixed-width "
                          "files, BigDecimal standing in for COMP-3 - run both side by side "
                          "for a few months comparing outputs to the penny, then switch.",
              "story": "we did exactly that last spring - ran a spring batch port of INTACC in "
                       "parallel for a month and rolled it back. it disagreed with the cobol "
                       "by a penny on ~300 accounts a night (bigdecimal scale/rounding on the "
                       "intermediate results, nobody could make it match COMPUTE), it took 4x "
                       "longer on the same box, and audit wanted the whole reconciliation "
                       "redone. the board said not before the core banking replacement",
              "alternative": "stay on GnuCOBOL and make it easier to live with: write INTACC "
                             "up paragraph by paragraph, add test cases for each rate rule, "
                             "and walk the graduate through it",
              "follow": [todo_write([("Write docs/INTACC.md, paragraph by paragraph",
                                      "in_progress", "Writing up INTACC"),
                                     ("Test cases for each rate rule", "pending",
                                      "Adding rate rule tests"),
                                     ("Walkthrough session with the graduate", "pending",
                                      "Planning the walkthrough")])],
              "done": "That's the plan in the todo list; starting on the INTACC write-up."}),
        Fact("fals-vbisam", "falsified", ["VBISAM"],
             ["could the account master be an indexed file so we can read accounts by key?",
              "why does ACCTLOAD sort the whole master every night instead of using keyed "
              "access?"],
             "An indexed (ORGANIZATION INDEXED, VBISAM) account master was tried (e40b3c6) and "
             "reverted (7d21f90): killed runs corrupted the index twice. The master stays a "
             "sorted sequential file with SORT/MERGE.",
             {"ask": "ACCTLOAD sorts the whole account master every night just to match the "
                     "transactions. can't we make the master an indexed file and read it by "
                     "account number?",
              "history": bash("git log --all -i --grep='indexed' --format='%h %ad %s%n%n%b' "
                              "--date=short | head -20",
                              "7d21f90 2023-03-02 Back to sorted sequential master + "
                              "SORT/MERGE\n\nReverts the ORGANIZATION INDEXED master from "
                              "e40b3c6. GnuCOBOL's VBISAM\nbackend corrupted the index twice "
                              "when the chain was killed mid-run (the\nOS patch reboot and one "
                              "OOM), and rebuilding it took the morning.\nSequential files "
                              "restart cleanly from the last good copy.\n\ne40b3c6 2023-01-16 "
                              "Account master as ORGANIZATION INDEXED (VBISAM)\n"),
              "found": "It's been tried: e40b3c6 made the master ORGANIZATION INDEXED on the "
                       "VBISAM backend, and six weeks later 7d21f90 reverted it - the index "
                       "was corrupted twice when the chain was killed mid-run, and each "
                       "rebuild took a morning. A sorted sequential master restarts cleanly "
                       "from the last good copy, so the SORT stays.",
              "comment": edit("src/ACCTLOAD.cbl", "           SORT SORT-FILE\n",
                              "      *> The master stays a sorted SEQUENTIAL file on purpose. "
                              "An indexed\n      *> master (VBISAM, e40b3c6) was reverted in "
                              "7d21f90: killed runs\n      *> corrupted the index twice. "
                              "Sequential restarts cleanly.\n           SORT SORT-FILE\n")}),
    ]
    noise = [
        _look("what's in the transaction record?", "copybooks/TXNREC.cpy",
              "       01  TXN-REC.\n           05  TXN-ACCT-NO      PIC 9(10).\n           "
              "05  TXN-DATE         PIC 9(8).\n           05  TXN-CODE         PIC X(3).\n   "
              "        05  TXN-AMOUNT       PIC S9(9)V99 COMP-3.\n           05  TXN-REF      "
              "    PIC X(18).\n",
              "Account number (10 digits), date as YYYYMMDD, a three-letter transaction code, "
              "the amount as packed decimal with two decimal places, and an 18-character "
              "reference."),
        _find("which programs write to /data/outbound?", "/data/outbound",
              ["src/STMTGEN.cbl", "bin/run-nightly.sh"],
              "STMTGEN writes the statement file there, and run-nightly.sh moves the day's "
              "files into it for the SFTP pickup."),
        _tweak("typo in the STMTGEN page heading: 'STATMENT OF ACCOUNT'", "src/STMTGEN.cbl",
               "'STATMENT OF ACCOUNT'", "'STATEMENT OF ACCOUNT'"),
        _run("what gnucobol version is on here?", "cobc --version | head -1",
             "cobc (GnuCOBOL) 3.2.0", "GnuCOBOL 3.2.0."),
        _talk("explain COMP-3 in one paragraph",
              "COMP-3 is packed decimal: two digits per byte, with the sign in the last half "
              "byte (C for plus, D for minus, F for unsigned). PIC S9(9)V99 COMP-3 takes six "
              "bytes instead of eleven, and arithmetic on it is exact decimal - no binary "
              "rounding."),
        _talk("what's the difference between PERFORM THRU and a plain PERFORM?",
              "A plain PERFORM runs one paragraph (or section) and returns. PERFORM A THRU B "
              "runs every paragraph from A to B in source order, so inserting a paragraph "
              "between them silently adds it to the range - which is why most shops limit "
              "THRU to a paragraph and its -EXIT."),
        _run("how many statements went out in the last run?",
             "grep -c '^STMT-HDR' /data/outbound/stmt-20240610.txt", "4339",
             "4,339 statements."),
        _steps("which programs still use GO TO?",
               [agent("Find GO TO usage",
                      "List every GO TO statement in src/*.cbl with file, line and the "
                      "paragraph it jumps to. Read only.",
                      "Four, all in STMTGEN: three jump to 4999-PAGE-EXIT for page breaks and "
                      "one to 9999-ABEND. ACCTLOAD, INTACC and FEEPOST have none.",
                      "a58c2e7b1f04d93a", "Explore", 4)],
               "Only STMTGEN uses GO TO: three jumps to its page-break exit and one to the "
               "abend paragraph."),
    ]
    _frame(facts, {"conv-rounding": conv_comment, "conv-filestatus": conv_pasted,
                   "cmd-build": cmd_readfile, "cmd-cobolcheck": cmd_pr,
                   "env-timer": env_compact, "env-ebcdic": env_terse,
                   "gotcha-sign": gotcha_log, "gotcha-lsfixed": gotcha_commit,
                   "fals-springbatch": fals_story, "fals-vbisam": fals_comment},
           "thriftbatch", "moorfield-bs/thriftbatch")
    return Project(
        "thriftbatch", "git@github.com:moorfield-bs/thriftbatch.git",
        {"README.md": "# thriftbatch\n\nMoorfield Building Society's nightly batch "
                      "(GnuCOBOL).\n",
         "CLAUDE.md": "# thriftbatch\n\nGnuCOBOL 3.2, fixed format. Programs in src/, "
                      "copybooks in copybooks/, shell drivers in bin/.\n",
         "Makefile": "COBC = cobc\n"},
        facts, noise, "github")


# Everyday requests and questions, ordered so that each is asked from the project it fits
# (fellwatch, brinebound, ringround, thriftbatch, in turn).
UNRELATED = [
    "what's the difference between a hook and an event subscriber, in general terms?",
    "how do I make a character controller feel less floaty in any game engine?",
    "explain discriminated unions to someone who knows only C#",
    "what does packed decimal mean, for someone who's never seen a mainframe?",
    "write a short, friendly reminder email for volunteers about a work party this Saturday",
    "give me three ideas for teaching water safety to ten-year-olds through a game",
    "how do I keep a git fork up to date with upstream?",
    "what's a good naming convention for bash scripts in a repo?",
    "what's the difference between a 301 and a 302 redirect?",
    "how does a raycast work, conceptually?",
    "what's the difference between a Result and an exception, and when would I use each?",
    "explain two's complement with a small example",
    "how do I find the largest files in a directory tree on linux?",
    "what's a reasonable way to estimate how long a feature will take?",
    "what's the difference between async and task in F#?",
    "how do I write a good commit message?",
    "explain what a CDN does in two sentences",
    "how do I stop a teenager's phone from autocorrecting technical words? asking for my kid",
    "what are the pros and cons of a monorepo?",
    "what does 'idempotent' mean for a batch job?",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "fellwatch": [
        "how many members does the trust have?",
        "which reserve gets the most visitors each year?",
        "who writes the reserve descriptions?",
        "do we need a cookie banner for the analytics we use?",
        "how much does the hosting cost per month?",
    ],
    "brinebound": [
        "how many schools are using the game this term?",
        "what age group is the schools programme aimed at?",
        "who made the lifeboat model?",
        "is the game available to the public or only to schools?",
        "how long does a typical lesson with the game last?",
    ],
    "ringround": [
        "how many passengers are registered with the service?",
        "what does a single trip cost a passenger?",
        "how many minibuses does the charity run?",
        "which villages does the service cover?",
        "who funds the dial-a-ride service?",
    ],
    "thriftbatch": [
        "how many members does the building society have?",
        "what's the current interest rate on the easy access account?",
        "which firm audits the society's accounts?",
        "who signs off changes to the nightly batch?",
        "how long does the nightly run usually take?",
    ],
}


def projects() -> list[Project]:
    return [fellwatch(), brinebound(), ringround(), thriftbatch()]
