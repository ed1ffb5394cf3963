"""The ``dev20`` split: four projects in stacks no other split uses (a Drupal 10 site for a
botanic garden's living-collections catalogue and visitor pages - PHP 8.3, Composer, DDEV,
Drush, Config Split, a custom accessions module, Migrate from BG-BASE CSV exports, Search API on
Solr, hosted on Pantheon with Terminus; a Kotlin Multiplatform SDK for a regional bus company's
real-time arrivals API - Ktor, kotlinx.serialization, SQLDelight, SKIE, an XCFramework shipped
as a Swift package, Maven Central, binary-compatibility-validator; an Unreal Engine 5.4 C++
training simulator for a container port's ship-to-shore crane operators - Chaos physics ropes,
industrial joysticks through RawInput, Automation Spec tests, Windows builds packaged with
RunUAT and pulled from S3 by the training-centre PCs; an F# SAFE-style web app for an
agricultural college's hill-farm flock records - Saturn/Giraffe, Fable + Elmish + Feliz on the
lambing shed's tablets, Fable.Remoting, Dapper.FSharp over Npgsql, Expecto, Azure App
Service), ten planted facts each, and phrasing templates of its own.

Written in the thirteenth pass by a helper that read no rlat code, to be read untuned. Its theme
is "handoffs between people and tools": durable facts reach the transcript through the
artefacts a team hands to each other, not through the user stating them to the assistant. The
channels:

* (A) the assistant writing a commit message (``git commit -m "$(cat <<'EOF' ...)"`` with a
  body that explains why, conventional or plain subject, seed-chosen), a PR body
  (``gh pr create --body``) or a ``Revert "..."`` commit;
* (B) a GitHub issue or PR review the assistant reads with ``gh issue view N`` / ``gh pr view
  N --comments`` (tool output) and then summarises;
* (C) an ADR or onboarding doc the assistant reads (Read tool output) before stating the rule;
* (D) a comment the assistant writes into code ("NOTE: ...", "IMPORTANT: ...", or a plain note
  of what was tried before);
* (E) a session that starts from Claude Code's compaction summary, the fact inside one of its
  numbered sections (which one is seed-chosen);
* (F) the user relaying a teammate (a pasted chat line with a byline, an email, a quoted review
  comment) or telling, in their own words, the story of something tried and abandoned;
* (G) the assistant asking the user about the setup (in text or with ``AskUserQuestion``) and
  the user answering tersely;
* (H) a command that fails, the user's hint, and the one that works.

Each kind has four framings, each carrying two of its eight facts (slot ``frame``, set by
:func:`_frame`; the seed picks the wording inside):

* convention - commit body (A), PR review (B), ADR (C), teammate's pasted message (F);
* command - failure + user hint (H), compaction summary (E), asked and answered (G), PR body's
  test plan (A);
* environment - onboarding doc (C), asked and answered (G), compaction summary (E), issue
  thread (B);
* gotcha - code comment at the fix (D), fix commit's body (A), teammate's pasted diagnosis (F),
  issue thread (B);
* falsified - revert commit (A), the user's story (F), code comment after backing it out (D),
  compaction summary (E).

Slots are the shared ones (``templates.py``) plus, by framing: ``commit`` (``(type, scope,
subject)``) and ``commit_body``; ``pr_number``, ``reviewer``, ``reviewer_name``, ``review``
(the review comment's text), ``stated`` (the assistant's summary of what it read or was told);
``doc`` (``(path, content)`` of an ADR or onboarding doc); ``who`` (a teammate: ``first``,
``last``, ``handle``, ``email``, ``channel``, ``subject``) and ``chat`` (their message);
``hint``; ``cs`` (the compaction summary's sections), ``fact_line`` (the fact as the summary
words it), ``fact_file`` and ``fact_user``; ``question``, ``ask_q``, ``ask_header``,
``options``, ``answer`` and ``look``; ``pr`` (``(title, summary, branch)``) and ``testing``;
``issue`` (``number``, ``title``, ``author``, ``labels``, ``body``, ``comments``); ``site``
(``(path, old, new)`` with ``{c}`` where the comment goes), ``mark``, ``indent`` and
``comment``; ``unsure`` (the assistant's first, inconclusive look); ``orig`` and ``why`` (the
commit being reverted and the reason); ``story`` and ``idea``; ``work`` and ``resume``.
"""

from __future__ import annotations

import random
import textwrap

from .templates import cap
from .templates import find as _find
from .templates import look as _look
from .templates import run as _run
from .templates import steps as _steps
from .templates import talk as _talk
from .templates import tweak as _tweak
from .transcript import ask_user, bash, edit, exit_plan, read, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3

_TRAILER = ("\n\n🤖 Generated with [Claude Code](https://claude.com/claude-code)\n\n"
            "Co-Authored-By: Claude <noreply@anthropic.com>")
_PR_TRAILER = "\n\n🤖 Generated with [Claude Code](https://claude.com/claude-code)"
_COMPACT_HEAD = ("This session is being continued from a previous conversation that ran out of "
                 "context. The conversation is summarized below:")
_COMPACT_TAIL = ("Please continue the conversation from where we left it off without asking the "
                 "user any further questions. Continue with the last task that you were asked "
                 "to work on.")


def _one(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _hex(rng: random.Random, n: int = 7) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def _wrap(text: str, width: int = 72) -> str:
    """A commit body wrapped the way people wrap them (bullets keep a hanging indent)."""
    out = []
    for para in text.split("\n\n"):
        if para.lstrip().startswith("- "):
            out.append("\n".join(textwrap.fill(line, width, subsequent_indent="  ",
                                               break_on_hyphens=False, break_long_words=False)
                                 for line in para.splitlines()))
        else:
            out.append(textwrap.fill(para, width, break_on_hyphens=False,
                                     break_long_words=False))
    return "\n\n".join(out)


def _subject(rng: random.Random, ctype: str, scope: str, text: str) -> str:
    """A commit subject: conventional-commit style or a plain imperative one."""
    if rng.random() < 0.6:
        return f"{ctype}({scope}): {text}" if scope and rng.random() < 0.7 else f"{ctype}: {text}"
    return cap(text)


def _changed(tools) -> list[str]:
    return [t.path for t in tools if t.name in ("Edit", "Write") and t.path]


def _commit(rng: random.Random, subject: str, body: str, paths: list[str],
            branch: str = "main"):
    """The assistant's ``git commit`` with a heredoc message (Claude Code's way), and its sha."""
    msg = subject + (f"\n\n{_wrap(body)}" if body else "")
    trailer = _TRAILER if rng.random() < 0.75 else ""
    add = f"git add {' '.join(paths)} && " if paths and rng.random() < 0.7 else "git add -A && "
    sha = _hex(rng)
    n = max(1, len(paths))
    out = (f"[{branch} {sha}] {subject}\n {n} file{'s' if n > 1 else ''} changed, "
           f"{rng.randrange(3, 90)} insertions(+), {rng.randrange(0, 30)} deletions(-)")
    return bash(f"{add}git commit -m \"$(cat <<'EOF'\n{msg}{trailer}\nEOF\n)\"", out,
                description=_one(rng, "Commit the change", "Create commit",
                                 "Commit with message")), sha


def _status(tools) -> str:
    return "\n".join(("?? " if t.name == "Write" else " M ") + t.path
                     for t in tools if t.name in ("Edit", "Write") and t.path)


def _pasted(rng: random.Random, who: dict, msg: str, review: bool = True) -> str:
    """A teammate's message as the user pastes it: a chat line with a byline, an email, a
    quoted review comment."""
    hour = rng.randrange(8, 18)
    stamp = f"{(hour - 1) % 12 + 1}:{rng.randrange(60):02d} {'AM' if hour < 12 else 'PM'}"
    quoted = "\n".join(f"> {line}" if line else ">" for line in msg.splitlines())
    styles = [0, 1, 2, 4] + ([3] if review else [])
    style = rng.choice(styles)
    if style == 0:
        return f"{who['first']} in #{who['channel']}:\n{quoted}"
    if style == 1:
        return f"{who['first']} {who['last']}  {stamp}\n{msg}"
    if style == 2:
        return (f"From: {who['first']} {who['last']} <{who['email']}>\nSubject: Re: "
                f"{who['subject']}\n\n{msg}\n\n{who['first']}")
    if style == 3:
        return f"(review comment from {who['first']} on the last PR)\n\n{quoted}"
    return f"[{stamp}] {who['handle']}: {msg}"


def _code_comment(s: dict, rng: random.Random, leads: tuple[str, ...]) -> str:
    mark, indent = s["mark"], s.get("indent", "")
    text = rng.choice(leads) + s["comment"]
    width = 92 - len(indent) - len(mark) - 1
    lines = textwrap.wrap(text, width, break_on_hyphens=False, break_long_words=False)
    return "".join(f"{indent}{mark} {line}\n" for line in lines)


def _commented_edit(s: dict, rng: random.Random, leads: tuple[str, ...]):
    path, old, new = s["site"]
    return edit(path, old, new.replace("{c}", _code_comment(s, rng, leads)))


def _raw_comments(comments: list[tuple]) -> str:
    """``gh ... view N --comments`` as the CLI prints it without a terminal."""
    out = []
    for c in comments:
        login, body = c[0], c[-1]
        status = c[1] if len(c) == 3 else ""
        out.append(f"author:\t{login}\nassociation:\tmember\nedited:\tfalse\n"
                   + (f"status:\t{status}\n" if status else "") + f"--\n{body}\n--")
    return "\n".join(out)


def _issue_tools(s: dict, rng: random.Random) -> list:
    i = s["issue"]
    head = (f"title:\t{i['title']}\nstate:\tOPEN\nauthor:\t{i['author']}\nlabels:\t"
            f"{i.get('labels', '')}\ncomments:\t{len(i['comments'])}\nassignees:\t\nprojects:\t\n"
            f"milestone:\t\nnumber:\t{i['number']}\n--\n{i['body']}")
    if rng.random() < 0.5:
        return [bash(f"gh issue view {i['number']}", head),
                bash(f"gh issue view {i['number']} --comments", _raw_comments(i["comments"]))]
    return [bash(f"gh issue view {i['number']} && gh issue view {i['number']} --comments",
                 head + "\n" + _raw_comments(i["comments"]))]


def _issue_ask(s: dict, rng: random.Random) -> str:
    i = s["issue"]
    n = i["number"]
    return _one(rng, f"can you look at #{n}", f"pick up issue {n} please",
                f"{i['author_first']} opened #{n}, have a look", f"gh issue {n} - what's going on "
                f"there?", f"#{n} pls. read the comments too")


def _compact(s: dict, rng: random.Random) -> str:
    """Claude Code's compaction summary, with the fact in one of its sections."""
    cs = s["cs"]
    where = rng.choice(cs["at"])
    fact = s["fact_line"]
    concepts = list(cs["concepts"])
    files = list(cs["files"])
    errors = list(cs.get("errors", ()))
    solving = cs["solving"]
    messages = list(cs["messages"])
    current = cs["current"]
    if where == "concepts":
        concepts.insert(rng.randrange(len(concepts) + 1), fact)
    elif where == "files":
        files.append((s["fact_file"], fact))
    elif where == "errors":
        errors.append(_one(rng, "", "Worth remembering: ", "Resolved: ") + fact)
    elif where == "solving":
        lead = _one(rng, "Established along the way:", "Also settled:", "Note:", "")
        solving = f"{solving} {lead} {fact}".replace("  ", " ")
    elif where == "messages":
        messages.insert(rng.randrange(1, len(messages) + 1), s["fact_user"])
    elif where == "current":
        current = f"{current} {fact}"
    bullets = "\n".join(f"   - {c}" for c in concepts)
    file_lines = "\n".join(f"   - `{p}`\n      - {note}" for p, note in files)
    error_lines = "\n".join(f"   - {e}" for e in errors) or "   - None in this part of the " \
                                                              "conversation."
    message_lines = "\n".join(f"   - \"{m}\"" for m in messages)
    pending = "\n".join(f"   - {p}" for p in cs["pending"])
    analysis = _one(rng, "Let me analyze the conversation chronologically:",
                    "Going through the conversation in order:",
                    "Chronological review of the conversation:")
    return (f"{_COMPACT_HEAD}\nAnalysis:\n{analysis}\n- The user asked: {cs['messages'][0]}\n"
            f"- {cs['progress']}\n\nSummary:\n1. Primary Request and Intent:\n   "
            f"{cs['request']}\n\n2. Key Technical Concepts:\n{bullets}\n\n3. Files and Code "
            f"Sections:\n{file_lines}\n\n4. Errors and fixes:\n{error_lines}\n\n5. Problem "
            f"Solving:\n   {solving}\n\n6. All user messages:\n{message_lines}\n\n7. Pending "
            f"Tasks:\n{pending}\n\n8. Current Work:\n   {current}\n\n9. Optional Next Step:\n"
            f"   {cs['next']}\n\n{_COMPACT_TAIL}")


def _resume(rng: random.Random) -> str:
    return _one(rng, "Continuing from the summary.", "Picking up where the summary leaves off.",
                "Resuming with the next step.", "")


# ------------------------------------------------------------------- phrasing templates
# Conventions: in the body of the commit the assistant writes; in a PR review it reads; in an
# ADR it reads; in a teammate's message the user pastes.
def conv_commit(s: dict, rng: random.Random) -> Episode:
    ask = _one(rng, "looks good. commit it", "ok commit that - put the why in the message",
               "commit please, don't push", "great, commit", "commit this with a proper "
               "message, the next person will want to know why we did it like that",
               "👍 commit")
    subject = _subject(rng, *s["commit"])
    branch = s.get("branch", "main")
    tool, sha = _commit(rng, subject, s["commit_body"], _changed(s["follow"]), branch)
    tools = [tool] if rng.random() < 0.5 else [bash("git status --short", _status(s["follow"])),
                                                  tool]
    return [Step(prompt=s["task"]),
            Step(text=_one(rng, "On it.", "Let me make the change.", ""), tools=s["follow"]),
            Step(text=s["done"]),
            Step(prompt=ask),
            Step(text=_one(rng, "", "Committing, with the reasoning in the body.",
                           "Committing."), tools=tools),
            Step(text=_one(rng, f"Committed as {sha}.", f"Done - {sha} on {branch}, not "
                                f"pushed.", f"Committed ({sha}); the body records why."))]


def conv_review(s: dict, rng: random.Random) -> Episode:
    n = s["pr_number"]
    ask = _one(rng, f"{s['reviewer_name']} reviewed #{n}, can you address the comments",
               f"pr {n} has changes requested. deal with them pls",
               f"look at the review on #{n} and fix what's needed",
               f"got review comments on {n}. go")
    lead = _one(rng, "", "Blocking: ", "Requesting changes - ", "Must fix before merge: ")
    comments = [(s["reviewer"], "changes requested", lead + s["review"])]
    if s.get("nit"):
        comments.append((s["reviewer"], "commented", "nit: " + s["nit"][0]))
    view = bash(f"gh pr view {n} --comments", _raw_comments(comments))
    follow = list(s["follow"]) + ([s["nit"][1]] if s.get("nit") else [])
    push = bash("git push", f"To github.com:{s['repo']}.git\n   {_hex(rng)}..{_hex(rng)}  "
                            f"{s['branch']} -> {s['branch']}")
    tail: list = [push]
    if rng.random() < 0.5:
        tail.append(bash(f"gh pr comment {n} --body \"Addressed in the latest push - thanks!\"",
                         f"https://github.com/{s['repo']}/pull/{n}#issuecomment-"
                         f"{rng.randrange(10**9, 10**10)}"))
    return [Step(prompt=ask),
            Step(text=_one(rng, "Reading the review.", "", "Pulling up the comments."),
                 tools=[view]),
            Step(text=s["stated"], tools=follow),
            Step(text=_one(rng, "Pushing.", "", "Pushing the fix to the PR branch."),
                 tools=tail),
            Step(text=s["done"])]


def conv_adr(s: dict, rng: random.Random) -> Episode:
    path, content = s["doc"]
    folder = path.rsplit("/", 1)[0]
    listing = "\n".join(sorted([*s["adrs"], path.rsplit("/", 1)[1]]))
    if rng.random() < 0.5:
        prompt = s["task"] + _one(rng, ". check the ADRs first, there's a decision on this "
                                       "somewhere", ". there's an ADR about this, read it "
                                                    "before you start", f" (see {folder})")
        lead = _one(rng, "Reading the decision record first.", "Finding the ADR.", "")
    else:
        prompt = s["task"]
        lead = _one(rng, f"Before changing anything, checking {folder} for a decision on "
                         f"this.", "Let me see whether a decision record covers this.")
    return [Step(prompt=prompt),
            Step(text=lead, tools=[bash(f"ls {folder}", listing), read(path, content)]),
            Step(text=s["stated"], tools=s["follow"]),
            Step(text=s["done"])]


def conv_teammate(s: dict, rng: random.Random) -> Episode:
    who = s["who"]
    f = who["first"]
    relay = _pasted(rng, who, s["chat"])
    lead = _one(rng, f"{f} had a note on this:", f"pasting what {f} said about it:",
                f"fwd from {f} - do it this way:", f"read this from {f} first:")
    if rng.random() < 0.5:
        return [Step(prompt=f"{s['task']}\n\n{lead}\n\n{relay}"),
                Step(text=s["stated"], tools=s["follow"]),
                Step(text=s["done"])]
    stop = _one(rng, "wait, before you write anything -", "hold on.", "one sec -")
    return [Step(prompt=s["task"]),
            Step(text=_one(rng, "Looking at the existing code first.", "Let me see how it's "
                                "done now.", ""), tools=s["look"]),
            Step(prompt=f"{stop} {lead}\n\n{relay}"),
            Step(text=s["stated"], tools=s["follow"]),
            Step(text=s["done"])]


# Commands: a failure, the user's hint, the one that works; in a compaction summary; asked and
# answered; in the test plan of the PR the assistant opens.
def cmd_hint(s: dict, rng: random.Random) -> Episode:
    pre = _one(rng, "nah,", "no -", "thats not how we do it here.", "ugh forgot to tell you:",
               "right, that never works.", "")
    return [Step(prompt=s["goal"]),
            Step(tools=[s["fail"]]),
            Step(text=s["note"]),
            Step(prompt=f"{pre} {s['hint']}".strip()),
            Step(text=_one(rng, "Trying that.", "Running it that way.", ""), tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_compact(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=_compact(s, rng)),
            Step(text=f"{_resume(rng)} {s['resume']}".strip(), tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_ask(s: dict, rng: random.Random) -> Episode:
    steps: Episode = [Step(prompt=s["goal"])]
    if s.get("look"):
        steps.append(Step(text=_one(rng, "Looking at what's there first.", "", "Checking the "
                                                                               "repo."),
                          tools=s["look"]))
    if rng.random() < 0.5:
        steps += [Step(text=s["question"]), Step(prompt=s["answer"]),
                  Step(text=_one(rng, "Thanks - running it.", "Got it.", ""), tools=[s["ok"]])]
    else:
        q = ask_user(s["ask_q"], s["ask_header"], s["options"], s["answer"])
        steps += [Step(text=_one(rng, "One question before I run anything.", "Quick check "
                                      "with you first.", ""), tools=[q]),
                  Step(text=_one(rng, "Running that.", "Okay.", ""), tools=[s["ok"]])]
    steps.append(Step(text=s["done"]))
    return steps


def cmd_pr(s: dict, rng: random.Random) -> Episode:
    title, summary, branch = s["pr"]
    testing = s["testing"]
    style = rng.randrange(3)
    if style == 0:
        body = f"## Summary\n{summary}\n\n## Test plan\n- [x] {testing}"
    elif style == 1:
        body = f"## What\n{summary}\n\n## How to test\n{testing}"
    else:
        body = f"{summary}\n\n### Testing\n- {testing}"
    body += _PR_TRAILER if rng.random() < 0.7 else ""
    ask = _one(rng, "open a pr for this", "push it and open a PR", "make a PR, draft is fine",
               "pr please")
    draft = " --draft" if "draft" in ask else ""
    n = rng.randrange(40, 400)
    url = f"https://github.com/{s['repo']}/pull/{n}"
    return [Step(prompt=s["goal"]),
            Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt=ask),
            Step(tools=[bash(f"git checkout -b {branch} && git push -u origin {branch}",
                             f"Switched to a new branch '{branch}'\nbranch '{branch}' set up to "
                             f"track 'origin/{branch}'.\nTo github.com:{s['repo']}.git\n * [new "
                             f"branch]      {branch} -> {branch}"),
                        bash(f"gh pr create{draft} --title \"{title}\" --body \"$(cat <<'EOF'\n"
                             f"{body}\nEOF\n)\"", url)]),
            Step(text=_one(rng, f"PR #{n} is up: {url}", f"Opened #{n}.",
                           f"Done - {url}"))]


# Environment facts: in an onboarding doc; asked and answered; in a compaction summary; in an
# issue thread.
def env_onboarding(s: dict, rng: random.Random) -> Episode:
    path, content = s["doc"]
    if rng.random() < 0.4:
        prompt = s["goal"] + _one(rng, " - it's in the onboarding doc somewhere",
                                  " (the onboarding notes should say)")
    else:
        prompt = s["goal"]
    return [Step(prompt=prompt),
            Step(text=_one(rng, "Checking the onboarding notes first.",
                           f"{path} should cover this - reading it.",
                           "Let me see what the new-starter doc says."),
                 tools=[read(path, content)]),
            Step(text=s["stated"], tools=s.get("probe", [])),
            Step(text=s["confirm"])]


def env_ask(s: dict, rng: random.Random) -> Episode:
    steps: Episode = [Step(prompt=s["goal"])]
    if s.get("look"):
        steps.append(Step(text=_one(rng, "Checking what's configured.", "", "Looking first."),
                          tools=s["look"]))
    if rng.random() < 0.5:
        steps += [Step(text=s["question"]), Step(prompt=s["answer"])]
        steps.append(Step(text=_one(rng, "Thanks - checking that.", "Verifying.", ""),
                          tools=s["probe"]))
    else:
        q = ask_user(s["ask_q"], s["ask_header"], s["options"], s["answer"])
        steps.append(Step(text=_one(rng, "I don't want to guess this one.", "Need one answer "
                                         "from you first.", ""), tools=[q]))
        steps.append(Step(text=_one(rng, "Checking against that.", "", "Verifying."),
                          tools=s["probe"]))
    steps.append(Step(text=s["confirm"]))
    return steps


def env_compact(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=_compact(s, rng)),
            Step(text=f"{_resume(rng)} {s['resume']}".strip(), tools=s["probe"]),
            Step(text=s["confirm"])]


def env_issue(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=_issue_ask(s, rng)),
            Step(text=_one(rng, "", "Reading the issue and its comments."),
                 tools=_issue_tools(s, rng)),
            Step(text=s["stated"], tools=s.get("probe", [])),
            Step(text=s["confirm"])]


# Gotchas: a comment written at the fix; the fix commit's body; a teammate's diagnosis pasted
# in; an issue thread.
_GOTCHA_LEADS = ("NOTE: ", "IMPORTANT: ", "", "Heads up: ", "Careful: ")


def gotcha_comment(s: dict, rng: random.Random) -> Episode:
    commented = _commented_edit(s, rng, _GOTCHA_LEADS)
    tail = _one(rng, "", " I left a comment next to the change explaining why.",
                " There's a comment at the spot so nobody undoes it.")
    return [Step(prompt=s["symptom"]),
            Step(text=_one(rng, "", "Looking.", "Let me reproduce it."), tools=s["probe"]),
            Step(text=s["explain"], tools=[commented, *s.get("fix", [])]),
            Step(text=s["done"] + tail)]


def gotcha_commit(s: dict, rng: random.Random) -> Episode:
    subject = _subject(rng, *s["commit"])
    tool, sha = _commit(rng, subject, s["commit_body"], _changed(s["fix"]))
    ask = _one(rng, "nice. commit the fix", "commit it, and explain the cause in the message",
               "ok commit", "good, commit that")
    return [Step(prompt=s["symptom"]),
            Step(text=_one(rng, "", "Looking.", "Let me reproduce it."), tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=ask),
            Step(tools=[tool]),
            Step(text=_one(rng, f"Committed as {sha}.", f"{sha} - committed on main.",
                           f"Committed ({sha})."))]


def gotcha_teammate(s: dict, rng: random.Random) -> Episode:
    who = s["who"]
    f = who["first"]
    lead = _one(rng, f"asked {f} - pasting the reply:", f"{f} knows this bit. from slack:",
                f"this is what {f} said when I asked:", f"fwd from {f}:")
    return [Step(prompt=s["symptom"]),
            Step(text=_one(rng, "", "Looking.", "Let me dig in."), tools=s["probe"]),
            Step(text=s["unsure"]),
            Step(prompt=f"{lead}\n\n{_pasted(rng, who, s['chat'], review=False)}"),
            Step(text=s["stated"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_issue(s: dict, rng: random.Random) -> Episode:
    steps: Episode = [Step(prompt=_issue_ask(s, rng)),
                      Step(text=_one(rng, "", "Reading the issue and its comments."),
                           tools=_issue_tools(s, rng)),
                      Step(text=s["stated"], tools=s["fix"])]
    if rng.random() < 0.5:
        n = s["issue"]["number"]
        steps.append(Step(text=s["done"]))
        steps.append(Step(prompt=_one(rng, "reply on the issue and close it", "close it with a "
                                      "short comment", "comment + close pls")))
        steps.append(Step(tools=[bash(f"gh issue close {n} --comment \"Fixed on main - see "
                                      f"the commit for details.\"",
                                      f"✓ Closed issue #{n} ({s['issue']['title']})")]))
        steps.append(Step(text=f"Closed #{n} with a comment."))
    else:
        steps.append(Step(text=s["done"]))
    return steps


# Falsified approaches: a revert commit with the reason; the user's story of trying it; a
# comment left where it was tried; a compaction summary.
def fals_revert(s: dict, rng: random.Random) -> Episode:
    subject = _subject(rng, *s["orig"])
    paths = _changed(s["change"])
    staged = paths if all(t.name in ("Edit", "Write") for t in s["change"]) else []
    first, sha = _commit(rng, subject, s.get("orig_body", ""), staged)
    full = sha + _hex(rng, 33)
    msg = f"Revert \"{subject}\"\n\nThis reverts commit {full}.\n\n{_wrap(s['why'])}"
    trailer = _TRAILER if rng.random() < 0.6 else ""
    new = _hex(rng)
    revert = bash(f"git revert --no-commit {sha} && git commit -m \"$(cat <<'EOF'\n{msg}"
                  f"{trailer}\nEOF\n)\"",
                  f"[main {new}] Revert \"{subject}\"\n {max(1, len(paths))} file"
                  f"{'s' if len(paths) > 1 else ''} changed, {rng.randrange(2, 40)} "
                  f"insertions(+), {rng.randrange(2, 40)} deletions(-)",
                  description="Revert the commit")
    steps: Episode = [Step(prompt=s["ask"]),
                      Step(text=_one(rng, "Making the change.", "Trying it.", ""),
                           tools=[*s["change"], first]),
                      Step(text=_one(rng, "Committed; now checking it.", "", "Now the check."),
                           tools=[s["broke"]])]
    if rng.random() < 0.5:
        steps.append(Step(prompt=_one(rng, "ugh. revert it - proper revert commit, and say why "
                                           "in it", "ok that's a no. revert, with the reason in "
                                                    "the message", "revert pls. explain in the "
                                                                   "commit")))
        steps.append(Step(tools=[revert]))
    else:
        steps.append(Step(text=_one(rng, "That's a regression - reverting it with a proper "
                                         "revert commit.", "No good. Reverting, with the "
                                                           "reason in the message."),
                          tools=[revert]))
    steps.append(Step(text=s["conclusion"]))
    return steps


def fals_story(s: dict, rng: random.Random) -> Episode:
    todo = todo_write([(f"Build {s['alt_label']}", "in_progress", f"Building {s['alt_label']}"),
                       ("Test it and show the diff", "pending", "Testing")])
    ack = _one(rng, "Understood - not that, then.", "Good to know; ruling it out.",
                "That settles it.", "Okay, that's off the table.")
    if rng.random() < 0.5:
        no = _one(rng, "no.", "god no.", "nope -", "been there.", "we tried that.")
        offer = _one(rng, "One option:", "The obvious route would be to", "I could")
        check = _one(rng, "Want me to go that way?", "Shall I?", "Sound ok?")
        return [Step(prompt=s["pain"]),
                Step(text=f"{offer} {s['idea']}. {check}"),
                Step(prompt=f"{no} {s['story']}"),
                Step(text=f"{ack} {cap(s['alternative'])}.", tools=[todo]),
                Step(text=f"Starting with {s['alt_label']}.")]
    lead = _one(rng, "before you suggest it -", "and to save you the suggestion:", "context:",
                "fwiw")
    return [Step(prompt=f"{s['pain']}\n\n{lead} {s['story']}"),
            Step(text=f"{ack} {cap(s['alternative'])}.", tools=[todo]),
            Step(text=f"Starting with {s['alt_label']}.")]


_FALS_LEADS = ("", "NOTE: ", "Don't change this without reading: ", "Historical note: ")


def fals_comment(s: dict, rng: random.Random) -> Episode:
    commented = _commented_edit(s, rng, _FALS_LEADS)
    steps: Episode = [Step(prompt=s["ask"]),
                      Step(text=_one(rng, "Making the change.", "Trying it.", ""),
                           tools=s["change"]),
                      Step(tools=[s["broke"]])]
    if rng.random() < 0.5:
        steps += [Step(text=_one(rng, "That rules it out - backing it out, and leaving a note "
                                      "where it would go.", "No good. Reverting, with a comment "
                                                            "so it isn't retried."),
                       tools=[s["revert"], commented]),
                  Step(text=s["conclusion"])]
    else:
        steps += [Step(text=_one(rng, "That fails - reverting.", "Backing it out."),
                       tools=[s["revert"]]),
                  Step(text=s["conclusion"]),
                  Step(prompt=_one(rng, "ok. put a comment in the code so nobody tries that "
                                        "again", "leave a note where it'd go so the next "
                                                 "person doesn't repeat this",
                                   "add a comment about it, we'll forget otherwise")),
                  Step(tools=[commented]),
                  Step(text=_one(rng, "Comment added.", "Done - the note is in the code.",
                                 "Added."))]
    return steps


def fals_compact(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=_compact(s, rng)),
            Step(text=f"{_resume(rng)} {s['resume']}".strip(), tools=s["work"]),
            Step(text=s["done"])]


FRAMINGS = {
    "convention": [conv_commit, conv_review, conv_adr, conv_teammate],
    "command": [cmd_hint, cmd_compact, cmd_ask, cmd_pr],
    "environment": [env_onboarding, env_ask, env_compact, env_issue],
    "gotcha": [gotcha_comment, gotcha_commit, gotcha_teammate, gotcha_issue],
    "falsified": [fals_revert, fals_story, fals_comment, fals_compact],
}


def framed(s: dict, rng: random.Random) -> Episode:
    """The fact's own framing (slot ``frame``, set by :func:`_frame`); the seed picks the
    wording inside it."""
    return s["frame"](s, rng)


TEMPLATES = {kind: [framed] for kind in FRAMINGS}


def _frame(facts: list[Fact], frames: dict, ctx: dict) -> None:
    """Give each fact its framing (by fact id) and its project's context (``repo``,
    ``adrs``)."""
    for fact in facts:
        fact.slots["frame"] = frames[fact.id]
        for key, value in ctx.items():
            fact.slots.setdefault(key, value)


# Everyday requests and questions, ordered so that each is asked from the project it fits
# (arboretix, fareline, cranewise, flockbook, in turn).
UNRELATED = [
    "what's the difference between a 301 and a 308 redirect?",
    "explain a sealed interface vs a sealed class in kotlin, briefly",
    "how does slerp differ from just lerping euler angles?",
    "what's the difference between a discriminated union and an enum?",
    "write a haiku about a greenhouse in winter",
    "explain exponential backoff with jitter in a paragraph",
    "how do I find the biggest files in a git repo's history?",
    "what's a good way to explain recursion to a first-year student?",
    "what's the difference between alt text and a caption, accessibility-wise?",
    "how do I make a bash script stop at the first error?",
    "summarise how a PID controller works",
    "what's a sensible backup rotation scheme for a small office?",
    "draft a short email asking volunteers to help at the spring plant sale",
    "what is the difference between a process and a thread?",
    "explain the difference between frame rate and refresh rate",
    "give me a regex for a UK postcode",
    "css grid vs flexbox - when do I use which?",
    "how do I undo the last commit but keep the changes?",
    "how does a physics engine detect collisions between two boxes?",
    "write a polite reminder to students that their assignments are due on friday",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "arboretix": [
        "how many visitors did the garden website get last month?",
        "when is the hosting plan up for renewal?",
        "which plant families are going into the new glasshouse?",
        "does the garden charge for the tree trail leaflet?",
        "who designed the original site's logo?",
    ],
    "fareline": [
        "how many daily active users does the iOS app have?",
        "when does our Maven Central signing key expire?",
        "which bus routes have the worst real-time accuracy?",
        "what's the uptime commitment on the real-time API?",
        "is an Android Auto version of the app planned?",
    ],
    "cranewise": [
        "how many trainees passed their crane assessment this year?",
        "what does one training rig cost to build?",
        "which shipping line's vessels are modelled in the sim?",
        "when are we planning to move to Unreal 5.5?",
        "how long is the full operator training course?",
    ],
    "flockbook": [
        "how many ewes are in the flock this year?",
        "what was the lambing percentage last spring?",
        "which vet practice does the farm use?",
        "what breed of tups are going in this autumn?",
        "how much does the hosting cost per month?",
    ],
}


# ------------------------------------------------------------------- projects
def arboretix() -> Project:
    """A Drupal 10 site for Hallowmere Botanic Garden: the living-collections catalogue (9,000
    plant records imported nightly from the garden's BG-BASE database) and the visitor pages
    with an interactive garden map. PHP 8.3, Composer, DDEV locally, Drush, config sync with
    Config Split, a custom module hallowmere_accessions, Migrate, Search API on Solr, a Twig
    theme with Leaflet, hosted on Pantheon (dev, test, live) and driven with Terminus."""
    tom = {"first": "Tom", "last": "Achterberg", "handle": "tom.a",
           "email": "t.achterberg@hallowmeregarden.org.uk", "channel": "collections",
           "subject": "hybrid names on the website"}
    facts = [
        Fact("conv-split", "convention", ["local split"],
             ["I want devel and the kint dumper on my laptop - how do I switch them on without "
              "them ending up in the exported config?",
              "where do dev-only modules like stage_file_proxy get enabled on this site?"],
             "Development-only modules (devel, stage_file_proxy, webprofiler) are enabled only "
             "through the local split (Config Split `local`, config/splits/local), never with "
             "`drush en` into core.extension.yml - otherwise the next `drush cex` ships them to "
             "live, as happened once with devel.",
             {"pr_number": 318, "reviewer": "ines-v", "reviewer_name": "Ines",
              "branch": "feature/plant-debug-view",
              "review": "this PR turns devel on in config/sync/core.extension.yml. dev-only "
                        "modules (devel, stage_file_proxy, webprofiler) go in the local split - "
                        "config/splits/local - so they're active on ddev and nowhere else. the "
                        "last time devel got into core.extension it was enabled on live for two "
                        "days and the error pages showed visitors stack traces.",
              "nit": ("typo in the view's help text: 'recrod'",
                      edit("config/sync/views.view.plant_record_debug.yml",
                           "description: 'Debug listing of every plant recrod'",
                           "description: 'Debug listing of every plant record'")),
              "stated": "Ines requested changes: devel mustn't be in core.extension.yml - "
                        "dev-only modules belong in the local split (config/splits/local), so "
                        "they're enabled on DDEV and never exported for live. Moving it, and "
                        "fixing the typo she spotted.",
              "follow": [edit("config/sync/core.extension.yml",
                              "  datetime: 0\n  dblog: 0\n  devel: 0\n  dynamic_page_cache: 0\n",
                              "  datetime: 0\n  dblog: 0\n  dynamic_page_cache: 0\n"),
                         edit("config/sync/config_split.config_split.local.yml",
                              "module:\n  stage_file_proxy: 0\n",
                              "module:\n  devel: 0\n  stage_file_proxy: 0\n"),
                         bash("ddev drush cr && ddev drush config:status",
                              " [success] Cache rebuild complete.\n [notice] No differences "
                              "between DB and sync directory.")],
              "done": "devel is enabled only through the split now; config:status is clean on "
                      "DDEV and the PR no longer touches core.extension.yml. Pushed."}),
        Fact("conv-accession", "convention", ["AccessionNumber"],
             ["the import gives me accession ids like 1987-0412*A - can I store them in an "
              "integer field and drop the bit after the star?",
              "how should accession numbers be handled in the new propagation-record code?"],
             "Accession numbers (e.g. 1987-0412*A: year, sequence, plant qualifier) are strings "
             "exactly as BG-BASE writes them, parsed and formatted only through the "
             "AccessionNumber value object in hallowmere_accessions (src/AccessionNumber.php) - "
             "never integer fields or hand-splitting (ADR 0004).",
             {"task": "add a field to propagation records linking each cutting back to the "
                      "accession of its parent plant",
              "doc": ("docs/adr/0004-accession-numbers.md",
                      "# 4. Accession numbers are strings, parsed in one place\n\nDate: "
                      "2023-03-14\nStatus: Accepted\n\n## Context\n\nBG-BASE accession numbers "
                      "look like `1987-0412*A`: the year the material\narrived, a sequence "
                      "number, and a qualifier for each plant grown from it.\nThe old site "
                      "stored the sequence as an integer and dropped the qualifier;\ntwo plants "
                      "from the same accession then shared one page, and leading zeros\nwere "
                      "lost (`0412` became `412`), which broke the links printed on the\n"
                      "herbarium labels.\n\n## Decision\n\nAccession numbers are stored as "
                      "strings, exactly as BG-BASE writes them.\nCode never splits or "
                      "reformats them by hand: it goes through the\n`AccessionNumber` value "
                      "object in `hallowmere_accessions`\n(`src/AccessionNumber.php`), which "
                      "parses, validates and formats them.\n\n## Consequences\n\n- Fields "
                      "holding an accession are `string` fields with the\n  "
                      "`accession_number` constraint.\n- Sorting uses `sortKey()` on the value "
                      "object, not the raw string.\n"),
              "stated": "ADR 0004 settles it: accession numbers stay strings exactly as BG-BASE "
                        "writes them, and anything that parses or formats one goes through the "
                        "AccessionNumber value object - no integer field, no splitting on '*' "
                        "by hand. The parent link will be a string field with the "
                        "accession_number constraint.",
              "follow": [write("config/sync/field.storage.propagation_record.field_parent_"
                               "accession.yml",
                               "langcode: en\nstatus: true\ndependencies:\n  module:\n    - "
                               "hallowmere_accessions\nid: propagation_record.field_parent_"
                               "accession\nfield_name: field_parent_accession\nentity_type: "
                               "propagation_record\ntype: string\nsettings:\n  max_length: 32\n"
                               "  is_ascii: true\ncardinality: 1\n"),
                         edit("web/modules/custom/hallowmere_accessions/src/Form/"
                              "PropagationRecordForm.php",
                              "    $record->set('cutting_date', $form_state->getValue("
                              "'cutting_date'));\n",
                              "    $record->set('cutting_date', $form_state->getValue("
                              "'cutting_date'));\n    $parent = AccessionNumber::fromString("
                              "$form_state->getValue('parent_accession'));\n    $record->set("
                              "'field_parent_accession', $parent->format());\n"),
                         bash("ddev drush cim -y",
                              "+------------+----------------------------------------------+--"
                              "---------+\n| Collection | Config                              "
                              "         | Operation |\n+------------+------------------------"
                              "----------------------+-----------+\n|            | field.storage"
                              ".propagation_record.field_parent_accession | Create    |\n+-----"
                              "-------+----------------------------------------------+--------"
                              "---+\n [success] The configuration was imported successfully.")],
              "done": "Propagation records have a field_parent_accession string field; the form "
                      "parses what's typed through the value object and stores its formatted "
                      "form. Config imported cleanly on DDEV.",
              "repo": "hallowmere-garden/arboretix"}),
        Fact("cmd-terminus", "command", ["terminus drush"],
             ["how do I run drush against the live site? there don't seem to be any aliases",
              "after code goes to live on pantheon, how do I get the config imported and caches "
              "rebuilt there?"],
             "There are no Drush site aliases for Pantheon: run Drush on an environment through "
             "Terminus, e.g. `terminus drush hallowmere.live -- deploy -y` after a code deploy "
             "(database updates, config import, cache rebuild).",
             {"goal": "the release went to live on pantheon but the new opening-hours block "
                      "isn't on the visit page. I think config didn't import, sort it out",
              "fail": bash("drush @live deploy -y",
                           " [preflight] The alias @live could not be found.", 1),
              "note": "There are no Drush site aliases in this repo (drush/sites/ is empty), "
                      "so Drush on this machine has no way to reach the live environment.",
              "hint": "we dont use aliases for pantheon, go through terminus. terminus drush "
                      "hallowmere.live -- deploy -y",
              "ok": bash("terminus drush hallowmere.live -- deploy -y",
                         " [notice] Database updates start.\n [success] No pending updates.\n "
                         "[notice] Config import start.\n+------------+-------------------------"
                         "--------------+-----------+\n| Collection | Config                   "
                         "             | Operation |\n+------------+------------------------------"
                         "---------+-----------+\n|            | block.block.opening_hours_visit "
                         "      | Create    |\n+------------+---------------------------------------"
                         "+-----------+\n [success] Config import complete.\n [success] Cache "
                         "rebuild complete.\n [success] Deploy complete.\n [notice] Command: "
                         "hallowmere.live -- drush deploy -y [Exit: 0]"),
              "done": "Config is imported on live: the opening-hours block was created and the "
                      "caches rebuilt, so it's on the visit page now."}),
        Fact("cmd-phpunit", "command", ["ddev exec phpunit"],
             ["running vendor/bin/phpunit on my laptop fails with a database host error - how "
              "are the kernel tests meant to be run?",
              "what's the command for running the custom modules' test suite?"],
             "The kernel and functional tests run inside the DDEV web container: `ddev exec "
             "phpunit --group hallowmere` (SIMPLETEST_DB points at the `db` host, which only "
             "resolves inside DDEV); vendor/bin/phpunit on the host fails on every test.",
             {"goal": "run the tests for the seed bank module, I touched the germination window "
                      "logic",
              "fail": bash("vendor/bin/phpunit --group hallowmere",
                           "PHPUnit 10.5.20 by Sebastian Bergmann and contributors.\n\nRuntime:"
                           "       PHP 8.3.7\nConfiguration: /home/dev/src/arboretix/phpunit.xml"
                           "\n\nEEEEEEEEE\n\nThere were 9 errors:\n\n1) Drupal\\Tests\\hallowmere_"
                           "seedbank\\Kernel\\GerminationWindowTest::testDormancyDelaysWindow\n"
                           "PDOException: SQLSTATE[HY000] [2002] php_network_getaddresses: "
                           "getaddrinfo for db failed: Name or service not known\n\n...\n\n"
                           "ERRORS!\nTests: 9, Assertions: 0, Errors: 9.", 2),
              "note": "SIMPLETEST_DB in phpunit.xml is mysql://db:db@db/db - the `db` host only "
                      "exists on DDEV's network, so the tests have to run inside the web "
                      "container.",
              "ok": bash("ddev exec phpunit --group hallowmere",
                         "PHPUnit 10.5.20 by Sebastian Bergmann and contributors.\n\n"
                         ".........                                                           "
                         "9 / 9 (100%)\n\nTime: 00:14.211, Memory: 86.00 MB\n\nOK (9 tests, 31 "
                         "assertions)"),
              "done": "All 9 seed bank tests pass, including the dormancy case.",
              "pr": ("Seed bank: germination window starts after dormancy",
                     "The germination window now starts when the seed lot's recorded "
                     "dormancy period ends, not on the sowing date. Adds a kernel test for "
                     "lots with cold stratification.", "fix/germination-window"),
              "testing": "`ddev exec phpunit --group hallowmere` (inside DDEV: vendor/bin/"
                         "phpunit on the host can't resolve the `db` host) - 9 tests pass",
              "repo": "hallowmere-garden/arboretix"}),
        Fact("env-solr", "environment", ["pantheon_solr8"],
             ["which search server does the plant search talk to on live?",
              "plant search results on the test environment look out of date - what search "
              "backend is behind them?"],
             "Plant search runs on Pantheon's hosted Solr 8 through search_api_pantheon: the "
             "Search API server is pantheon_solr8 on dev, test and live (DDEV's Solr add-on uses "
             "the same server id). It's only reindexed on cron for changed nodes.",
             {"issue": {"number": 207, "author": "maggie-lund", "author_first": "Maggie",
                        "title": "Plant search still shows old family names after the APG IV "
                                 "update",
                        "labels": "bug, search",
                        "body": "Since Tuesday's taxonomy update the search still lists "
                                "Liliaceae for plants that are now in Asparagaceae. The plant "
                                "pages themselves are right. Is search reading from somewhere "
                                "else?",
                        "comments": [("ines-v", "Search doesn't read the nodes live, it's the "
                                      "Solr index. On Pantheon that's their hosted Solr 8 via "
                                      "search_api_pantheon, server `pantheon_solr8` (same id on "
                                      "dev/test/live, and ddev's solr add-on uses it too). The "
                                      "index only picks up changed nodes on cron, and the bulk "
                                      "taxonomy update never touched the plant nodes, so they "
                                      "need a reindex.")]},
              "stated": "Ines's comment on the issue explains it: search reads from the Solr "
                        "index, not the nodes - Pantheon's hosted Solr 8 through "
                        "search_api_pantheon, server pantheon_solr8 - and the bulk taxonomy "
                        "update never marked the plant nodes as changed, so nothing was "
                        "reindexed. Reproducing locally first.",
              "probe": [bash("ddev drush search-api:server-list",
                             " ---------------- --------------- --------- \n  ID             "
                             "  Name            Status  \n ---------------- --------------- "
                             "--------- \n  pantheon_solr8   Pantheon Solr   enabled \n "
                             "---------------- --------------- --------- "),
                        bash("ddev drush search-api:reset-tracker plants && ddev drush "
                             "search-api:index plants",
                             " [success] The tracker of the Plants index has been reset.\n "
                             "[notice] Successfully indexed 9214 items on Plants.")],
              "confirm": "Reindexed locally: 9,214 plants, and the search now lists the "
                         "Asparagaceae names. Test and live need the same reset-tracker and "
                         "index run against their pantheon_solr8 server - want me to do that "
                         "next?"}),
        Fact("env-photos", "environment", ["hbg-herbarium-img"],
             ["where are the plant photos actually stored? sites/default/files only has a few "
              "logos in it",
              "the photo upload needs write access to wherever the image archive lives - which "
              "bucket is that?"],
             "Plant and herbarium photos aren't in sites/default/files: they live in the "
             "Backblaze B2 bucket hbg-herbarium-img (S3-compatible, eu-central-003), mounted "
             "through the s3fs module; local DDEV sites read them through the public URL, "
             "read-only.",
             {"goal": "the curator sent 340 new photos of the rhododendron collection. where do "
                      "they need to go to show up on the plant pages?",
              "doc": ("docs/onboarding.md",
                      "# Working on the garden site\n\n## First day\n\n- `ddev start`, then "
                      "`ddev composer install`\n- Pull a database: `ddev pull pantheon "
                      "--skip-files` (files are not needed, see below)\n- Log in with `ddev "
                      "drush uli`\n\n## Images and files\n\nsites/default/files only holds "
                      "logos and a few page banners. Every plant and\nherbarium photo (about "
                      "60,000) is in the Backblaze B2 bucket\n`hbg-herbarium-img` "
                      "(S3-compatible endpoint, region eu-central-003),\nmounted through the "
                      "s3fs module. Local sites read the photos through the\npublic URL and "
                      "can't write to the bucket; uploads need a B2 application key\nfrom the "
                      "digital team.\n\n## Who to ask\n\n- Collections data: Tom (records "
                      "officer)\n- Plant page content: Maggie (curator)\n- Hosting and "
                      "deploys: Ines\n"),
              "stated": "The onboarding doc has it: plant photos aren't in sites/default/files "
                        "at all - they live in the Backblaze B2 bucket hbg-herbarium-img "
                        "(eu-central-003), mounted through s3fs. Checking the s3fs settings "
                        "agree.",
              "probe": [bash("ddev drush config:get s3fs.settings bucket",
                             "'s3fs.settings:bucket': hbg-herbarium-img"),
                        bash("ddev drush config:get s3fs.settings region",
                             "'s3fs.settings:region': eu-central-003")],
              "confirm": "It matches: s3fs points at hbg-herbarium-img in eu-central-003. The "
                         "340 photos go into that bucket under rhododendron/; the nightly image "
                         "import then attaches them to the plant records. I'll need a B2 "
                         "application key with write access for the upload - DDEV only reads "
                         "the bucket."}),
        Fact("gotcha-flowering", "gotcha", ["hallowmere:flowering"],
             ["the 'in flower now' block on the homepage shows last week's plants to visitors "
              "but is right when I'm logged in - why?",
              "I gave a block a max-age of one day and anonymous visitors still see it for days "
              "- what's going on?"],
             "Drupal's Internal Page Cache ignores max-age for anonymous visitors, so the "
             "flowering-now block is expired with its cache tag hallowmere:flowering, "
             "invalidated on every cron run by hallowmere_accessions_cron() - setting #cache "
             "max-age on it does nothing for anonymous pages.",
             {"symptom": "visitors say the 'in flower now' block on the homepage is showing "
                         "things that finished flowering last week. when I'm logged in it's "
                         "fine",
              "probe": [read("web/modules/custom/hallowmere_accessions/src/Plugin/Block/"
                             "FloweringNowBlock.php",
                             "  public function build(): array {\n    $plants = $this->"
                             "flowering->current(12);\n    return [\n      '#theme' => "
                             "'flowering_now',\n      '#plants' => $plants,\n      '#cache' => "
                             "['max-age' => 86400, 'contexts' => ['url.path']],\n    ];\n  }\n"),
                        bash("curl -sI https://www.hallowmeregarden.org.uk/ | grep -iE "
                             "'x-drupal-cache|^age|cache-control'",
                             "cache-control: max-age=604800, public\nx-drupal-cache: HIT\nage: "
                             "381022")],
              "explain": "The block asks for a one-day max-age, but only the dynamic page "
                         "cache honours that, and that's what logged-in users go through. "
                         "Anonymous visitors get whole pages from the Internal Page Cache, "
                         "which ignores max-age completely and keeps a page until a cache tag "
                         "on it is invalidated - the homepage has been served from cache for "
                         "four days. The block needs a cache tag that cron invalidates.",
              "site": ("web/modules/custom/hallowmere_accessions/src/Plugin/Block/"
                       "FloweringNowBlock.php",
                       "      '#cache' => ['max-age' => 86400, 'contexts' => ['url.path']],\n",
                       "{c}      '#cache' => ['tags' => ['hallowmere:flowering'], 'contexts' "
                       "=> ['url.path']],\n"),
              "mark": "//", "indent": "      ",
              "comment": "page_cache ignores max-age for anonymous visitors, so a max-age here "
                         "never refreshes the homepage for them. The hallowmere:flowering tag "
                         "is invalidated on every cron run by hallowmere_accessions_cron().",
              "fix": [edit("web/modules/custom/hallowmere_accessions/hallowmere_accessions."
                           "module",
                           "function hallowmere_accessions_cron() {\n",
                           "function hallowmere_accessions_cron() {\n  \\Drupal\\Core\\Cache\\"
                           "Cache::invalidateTags(['hallowmere:flowering']);\n"),
                      bash("ddev drush cr && ddev drush cron",
                           " [success] Cache rebuild complete.\n [notice] Cron run completed.")],
              "done": "The block now carries a cache tag that cron invalidates, so anonymous "
                      "visitors get a fresh list within the hour."}),
        Fact("gotcha-1252", "gotcha", ["Windows-1252"],
             ["hybrid plant names from the nightly import come out with garbage where the "
              "multiplication sign should be - why?",
              "is there anything special about the character encoding of the BG-BASE CSV "
              "exports?"],
             "BG-BASE's CSV exports are Windows-1252, not UTF-8: the nightly import script must "
             "convert them (`iconv -f WINDOWS-1252 -t UTF-8`) before Migrate reads them, or the "
             "× in hybrid names (Magnolia × soulangeana) turns into mojibake.",
             {"symptom": "the plant pages for hybrids look broken since last night's import, "
                         "e.g. 'Magnolia Ã— soulangeana'. fix it",
              "probe": [bash("ddev drush sqlq \"select title from node_field_data where title "
                             "like '%Ã%' limit 3\"",
                             "Magnolia Ã— soulangeana\nRhododendron Ã— loderi\nHamamelis Ã— "
                             "intermedia"),
                        bash("file data/imports/bgbase-plants-latest.csv",
                             "data/imports/bgbase-plants-latest.csv: ISO-8859 text, with CRLF "
                             "line terminators")],
              "unsure": "The titles have mojibake where the × should be, and `file` says the "
                        "export isn't UTF-8. I can't tell from here which single-byte encoding "
                        "BG-BASE writes, and guessing wrong would mangle other characters "
                        "(the cultivar quotes, the degree signs in the notes).",
              "who": tom,
              "chat": "the BG-BASE export has always been windows-1252, the old server just "
                      "happened to read it that way. whoever rebuilt the import script last "
                      "week dropped the iconv step - it has to be converted from windows-1252 "
                      "to utf-8 before migrate touches it. the × is always the first thing to "
                      "break",
              "stated": "That's it - the export is Windows-1252 and the conversion step went "
                        "missing from scripts/nightly-import.sh in last week's rewrite. Putting "
                        "it back and re-running the import.",
              "fix": [edit("scripts/nightly-import.sh",
                           "cp \"$SRC\" \"$DEST\"\n",
                           "iconv -f WINDOWS-1252 -t UTF-8 \"$SRC\" > \"$DEST\"\n"),
                      bash("./scripts/nightly-import.sh && ddev drush migrate:import "
                           "bgbase_plants --update",
                           " [notice] Processed 9214 items (0 created, 9214 updated, 0 failed, "
                           "0 ignored) - done with 'bgbase_plants'")],
              "done": "Re-imported with the conversion back in place: the hybrids read "
                      "'Magnolia × soulangeana' again and no titles contain 'Ã' any more."}),
        Fact("fals-layout", "falsified", ["Layout Builder"],
             ["the curators want to arrange each plant page differently - can we give them "
              "drag-and-drop layouts per plant?",
              "why are all the plant pages built from one fixed Twig template rather than "
              "layouts editors can arrange?"],
             "Layout Builder with per-page overrides was tried for plant pages and dropped: "
             "within months half of the 9,000 plant pages had their own layout, the revision "
             "tables grew to 40 GB and template changes no longer reached overridden pages. "
             "Plant pages use the one node--plant.html.twig template plus optional paragraphs.",
             {"pain": "the curators want a 'featured on the glasshouse trail' box on some plant "
                      "pages and not on others",
              "idea": "enable Layout Builder on the plant content type with per-page overrides, "
                      "so curators can drop a trail box onto just the pages that need it",
              "story": "we did Layout Builder with overrides two years ago. within six months "
                       "half the 9000 plant pages had their own layout, the revisions tables were "
                       "40 GB, and when we changed the plant template nothing changed on the "
                       "overridden pages. took ines a month to unpick it all. not again",
              "alternative": "add an optional 'trail feature' paragraph to the plant content "
                             "type and render it in node--plant.html.twig, so every plant page "
                             "keeps the one template",
              "alt_label": "the trail-feature paragraph"}),
        Fact("fals-advagg", "falsified", ["advagg"],
             ["could we speed up the visitor pages with a contrib module that bundles and "
              "minifies CSS and JS more aggressively than core?",
              "why does the site only use core's CSS/JS aggregation?"],
             "The Advanced CSS/JS Aggregation module (advagg) was tried and reverted: its JS "
             "bundling put Leaflet after garden-map.js, so the interactive garden map failed "
             "('L is not defined') and rendered blank. The site stays on core aggregation.",
             {"ask": "the garden map page is slow on phones. try the advanced aggregation "
                     "contrib module, apparently it helps a lot",
              "change": [bash("ddev composer require 'drupal/advagg:^6.0'",
                              "./composer.json has been updated\n  - Installing drupal/advagg "
                              "(6.0.0-alpha1): Extracting archive\nGenerating autoload files"),
                         bash("ddev drush en advagg advagg_js_minify -y && ddev drush cex -y",
                              " [success] Successfully enabled: advagg, advagg_js_minify\n "
                              "[success] The active configuration has been exported."),
                         edit("config/sync/core.extension.yml", "  automated_cron: 0\n",
                              "  advagg: 0\n  advagg_js_minify: 0\n  automated_cron: 0\n")],
              "orig": ("perf", "assets", "bundle and minify CSS/JS with advagg"),
              "broke": bash("npx playwright test tests/e2e/garden-map.spec.ts",
                            "Running 4 tests using 2 workers\n\n  ✘  1 garden-map.spec.ts:8:5 "
                            "› map renders the beds layer (3.1s)\n    Error: page error: "
                            "Uncaught ReferenceError: L is not defined\n        at "
                            "/sites/default/files/js/js_9f1c2b.js:1:2041\n  ✘  2 garden-map."
                            "spec.ts:21:5 › clicking a bed opens its plant list (3.0s)\n  ✓  3 "
                            "...\n\n  2 failed\n  2 passed (9.4s)", 1),
              "why": "advagg's JS bundling reordered the footer scripts: garden-map.js ended up "
                     "before Leaflet, so the interactive garden map threw \"L is not defined\" "
                     "and rendered blank (tests/e2e/garden-map.spec.ts). Core aggregation keeps "
                     "library order; staying on it.",
              "conclusion": "Reverted - with advagg the map script ran before Leaflet and the "
                            "garden map came up blank. Back on core aggregation. For the slow "
                            "phones, the 2 MB beds GeoJSON the map loads up front is the next "
                            "thing I'd look at."}),
    ]
    noise = [
        _look("what does the plant_family vocabulary config look like?",
              "config/sync/taxonomy.vocabulary.plant_family.yml",
              "langcode: en\nstatus: true\nname: 'Plant family'\nvid: plant_family\n"
              "description: 'APG IV families, kept in step with the records database.'\n"
              "weight: 0\nnew_revision: false\n",
              "A plain vocabulary, plant_family, with no revisions; the description says the "
              "terms follow APG IV and are kept in step with the records database."),
        _find("where do we draw the map pins?", "L\\.marker|markerClusterGroup",
              ["web/themes/custom/hallowmere/js/garden-map.js"],
              "Only in the theme's garden-map.js - the beds are markers in a cluster group."),
        _tweak("typo on the visit page: 'Opening ours'",
               "web/themes/custom/hallowmere/templates/page--visit.html.twig",
               "<h2>Opening ours</h2>", "<h2>Opening hours</h2>"),
        _run("how many plant pages are there?",
             "ddev drush sqlq \"select count(*) from node_field_data where type = 'plant'\"",
             "9214", "9,214 plant pages."),
        _talk("what's the difference between a paragraph and a block in drupal?",
              "A paragraph is a piece of content attached to one entity through a field - it "
              "belongs to that node and is edited with it. A block is placed in a theme region "
              "and can appear on many pages; block content entities are reusable on their own."),
        _steps("add the family name under the title on plant teasers",
               [edit("web/themes/custom/hallowmere/templates/node--plant--teaser.html.twig",
                     "<h3>{{ label }}</h3>",
                     "<h3>{{ label }}</h3>\n<p class=\"family\">{{ content.field_family }}</p>"),
                bash("ddev drush cr", " [success] Cache rebuild complete.")],
               "Teasers show the family under the title now."),
        _steps("which drupal packages are out of date?",
               [bash("ddev composer outdated 'drupal/*'",
                     "drupal/core-recommended  10.3.1 ! 10.3.6 Core and its dependencies...\n"
                     "drupal/pathauto          1.12.0 ! 1.13.0 Provides a mechanism for "
                     "modules to automatically generate aliases\ndrupal/webform           "
                     "6.2.2  ! 6.2.7  Enables the creation of webforms and questionnaires.")],
               "Core is 10.3.1 (10.3.6 is out), plus pathauto and webform have patch releases. "
               "All minor updates - want me to do them on a branch?"),
        _steps("plan an 'adopt a tree' donation page",
               [exit_plan("## Plan\n\n1. A donation webform with the tree picked from the "
                          "arboretum map\n2. Hand-off to the existing payment provider\n3. A "
                          "thank-you page naming the tree", "adopt-a-tree-page")],
               "Plan approved - starting with the webform."),
    ]
    _frame(facts, {"conv-split": conv_review, "conv-accession": conv_adr,
                   "cmd-terminus": cmd_hint, "cmd-phpunit": cmd_pr,
                   "env-solr": env_issue, "env-photos": env_onboarding,
                   "gotcha-flowering": gotcha_comment, "gotcha-1252": gotcha_teammate,
                   "fals-layout": fals_story, "fals-advagg": fals_revert},
           {"repo": "hallowmere-garden/arboretix",
            "adrs": ["0001-record-architecture-decisions.md", "0002-pantheon-hosting.md",
                     "0003-nightly-import-from-bgbase.md", "0005-media-in-object-storage.md"]})
    return Project(
        "arboretix", "git@github.com:hallowmere-garden/arboretix.git",
        {"README.md": "# arboretix\n\nHallowmere Botanic Garden's website and living "
                      "collections catalogue (Drupal 10).\n",
         "CLAUDE.md": "# arboretix\n\nDrupal 10 on Pantheon, DDEV locally. Custom code in "
                      "web/modules/custom and web/themes/custom.\n\n## Conventions\n- PHP "
                      "code follows Drupal coding standards (phpcs)\n",
         "composer.json": "{\n  \"name\": \"hallowmere/arboretix\",\n  \"type\": \"project\"\n"
                          "}\n"},
        facts, noise, "slack")


def fareline() -> Project:
    """A Kotlin Multiplatform SDK for Cairnmoor Buses' real-time arrivals API, used by the
    company's Android and iOS apps: Kotlin 2.0 with android, jvm, iosArm64 and
    iosSimulatorArm64 targets, a Ktor client, kotlinx.serialization and kotlinx-datetime,
    SQLDelight for the offline timetable cache, SKIE for the Swift API, an XCFramework for iOS,
    the Android artifact on Maven Central, binary-compatibility-validator, Kover and detekt, CI on
    GitHub Actions."""
    priya = {"first": "Priya", "last": "Raman", "handle": "priya.r",
             "email": "priya.raman@cairnmoorbus.co.uk", "channel": "mobile",
             "subject": "journey planner in the SDK"}
    gradle_ok = "BUILD SUCCESSFUL in {t}\n{n} actionable tasks: {n} executed"
    facts = [
        Fact("conv-serialname", "convention", ["@SerialName"],
             ["I'm adding the vehicle occupancy field to the arrival model - is the plain "
              "Kotlin property name enough for the JSON mapping?",
              "what has to go on every field of the API model classes?"],
             "Every property (and enum value) of the public API model classes in :sdk-model "
             "carries an explicit @SerialName with the server's JSON name, even when it matches "
             "the Kotlin name, so renaming a Kotlin property can never change the wire format.",
             {"task": "add occupancy to Arrival - the API now sends `occupancy_level` as EMPTY, "
                      "SEATS, STANDING or FULL",
              "follow": [write("sdk-model/src/commonMain/kotlin/uk/co/cairnmoor/fareline/model/"
                               "Occupancy.kt",
                               "package uk.co.cairnmoor.fareline.model\n\nimport kotlinx."
                               "serialization.SerialName\nimport kotlinx.serialization."
                               "Serializable\n\n@Serializable\nenum class Occupancy {\n    "
                               "@SerialName(\"EMPTY\") Empty,\n    @SerialName(\"SEATS\") "
                               "SeatsAvailable,\n    @SerialName(\"STANDING\") StandingOnly,\n"
                               "    @SerialName(\"FULL\") Full,\n}\n"),
                         edit("sdk-model/src/commonMain/kotlin/uk/co/cairnmoor/fareline/model/"
                              "Arrival.kt",
                              "    @SerialName(\"expected\") val expected: Instant?,\n)",
                              "    @SerialName(\"expected\") val expected: Instant?,\n    "
                              "@SerialName(\"occupancy_level\") val occupancy: Occupancy? = "
                              "null,\n)"),
                         bash("./gradlew :sdk-model:apiDump :sdk-model:jvmTest",
                              "> Task :sdk-model:apiDump\n> Task :sdk-model:jvmTest\n\n"
                              + gradle_ok.format(t="34s", n=17))],
              "done": "Arrival has an optional occupancy (Empty / SeatsAvailable / "
                      "StandingOnly / Full); older responses without the field still decode. "
                      "The .api dump is updated and the JVM tests pass.",
              "commit": ("feat", "model", "add occupancy level to Arrival"),
              "commit_body": "The arrivals API now sends occupancy_level. The property and "
                             "every enum value carry an explicit @SerialName, as all API model "
                             "fields do: the wire names are pinned to the server's JSON, so "
                             "renaming a Kotlin property can't silently change what the SDK "
                             "expects. (Renaming `due` to `dueAt` broke the iOS arrivals board "
                             "for a whole release in 2024 for exactly that reason.)\n\nThe "
                             "field is nullable with a default, so responses from before the "
                             "API change still decode."}),
        Fact("conv-result", "convention", ["FareResult"],
             ["should the new journey-planner function throw when the network is down, or "
              "what?",
              "how do the SDK's public suspend functions report errors to the apps?"],
             "Public suspend functions never throw, not even on network or HTTP errors: they "
             "return FareResult<T> (Success, or Failure with a FareError), because a Kotlin exception escaping into Swift crashes "
             "the iOS app unless the function is annotated @Throws.",
             {"task": "add a journey planner call to the client - GET /v2/journeys with from, "
                      "to and depart",
              "look": [read("sdk/src/commonMain/kotlin/uk/co/cairnmoor/fareline/"
                            "ArrivalsClient.kt",
                            "class ArrivalsClient(private val http: HttpClient) {\n    suspend "
                            "fun arrivals(stop: StopId): FareResult<List<Arrival>> =\n        "
                            "call { http.get(\"v2/stops/${stop.value}/arrivals\").body() }\n}\n")],
              "who": priya,
              "chat": "hey - before the journey planner goes in, please don't let it throw. "
                      "anything public that can fail returns FareResult (Success/Failure), same "
                      "as arrivals. a kotlin exception that escapes into swift just kills the "
                      "app unless the function has @Throws, and we had a 1-star review storm "
                      "from exactly that in march",
              "stated": "Makes sense - journeys() will return FareResult<List<Journey>>, with "
                        "network and HTTP failures mapped into FareError through the same "
                        "call { } wrapper arrivals uses. Nothing thrown across the boundary.",
              "follow": [edit("sdk/src/commonMain/kotlin/uk/co/cairnmoor/fareline/"
                              "ArrivalsClient.kt",
                              "        call { http.get(\"v2/stops/${stop.value}/arrivals\")"
                              ".body() }\n}\n",
                              "        call { http.get(\"v2/stops/${stop.value}/arrivals\")"
                              ".body() }\n\n    suspend fun journeys(from: StopId, to: StopId, "
                              "depart: Instant): FareResult<List<Journey>> =\n        call {\n"
                              "            http.get(\"v2/journeys\") {\n                "
                              "parameter(\"from\", from.value)\n                parameter(\"to\","
                              " to.value)\n                parameter(\"depart\", depart."
                              "toString())\n            }.body()\n        }\n}\n"),
                         bash("./gradlew :sdk:jvmTest --tests '*JourneysTest*'",
                              "> Task :sdk:jvmTest\n\nJourneysTest > returnsJourneys PASSED\n"
                              "JourneysTest > offlineIsFailureNotException PASSED\n\n"
                              + gradle_ok.format(t="21s", n=12))],
              "done": "journeys() is in, returning a result instead of throwing; both new "
                      "tests pass, including the offline case."}),
        Fact("cmd-iostest", "command", ["iosSimulatorArm64Test"],
             ["how do I run the SDK's tests on the iOS side? allTests blows up",
              "which gradle task runs the common tests on the iOS simulator?"],
             "Run the iOS tests with `./gradlew iosSimulatorArm64Test` (on a Mac): the project "
             "has no iosX64 target, so `./gradlew allTests` fails looking for an x64 simulator "
             "task.",
             {"cs": {"at": ("errors", "solving", "concepts"),
                     "request": "The user asked to make the offline timetable cache drop "
                                "entries older than 14 days, and to check the change on both "
                                "the JVM and iOS before opening a PR.",
                     "progress": "Added a prune query and called it from refresh(); JVM tests "
                                 "written and passing.",
                     "concepts": ["SQLDelight queries in sdk/src/commonMain/sqldelight",
                                  "A kotlinx-datetime Clock injected into TimetableCache so "
                                  "tests control time",
                                  "iOS tests only run on a macOS host"],
                     "files": [("sdk/src/commonMain/sqldelight/uk/co/cairnmoor/fareline/"
                                "Timetable.sq", "Added `deleteOlderThan:` taking an epoch "
                                                "seconds cut-off"),
                               ("sdk/src/commonMain/kotlin/uk/co/cairnmoor/fareline/cache/"
                                "TimetableCache.kt", "refresh() now calls prune(clock.now() - "
                                                     "14.days) before inserting")],
                     "errors": ["A first version compared Instants as strings in SQL; switched "
                                "to epoch seconds."],
                     "solving": "The prune runs inside the same transaction as the refresh, so "
                                "readers never see a half-emptied cache.",
                     "messages": ["make the timetable cache throw away entries older than 14 "
                                  "days", "check it on ios too before the PR"],
                     "pending": ["Run the iOS tests", "Open the PR"],
                     "current": "TimetableCacheTest passes on the JVM; the iOS run is next.",
                     "next": "Run the iOS simulator tests and, if they pass, open the PR."},
              "fact_line": "`./gradlew allTests` fails here - there is no iosX64 target, so it "
                           "can't find an x64 simulator task; the iOS tests run with `./gradlew "
                           "iosSimulatorArm64Test` instead.",
              "resume": "Running the iOS simulator tests.",
              "ok": bash("./gradlew iosSimulatorArm64Test",
                         "> Task :sdk:iosSimulatorArm64Test\n\nTimetableCacheTest["
                         "iosSimulatorArm64] > prunesEntriesOlderThan14Days PASSED\n"
                         "TimetableCacheTest[iosSimulatorArm64] > keepsRecentEntries PASSED\n"
                         "...\n\n" + gradle_ok.format(t="1m 48s", n=29)),
              "done": "The iOS simulator tests pass too (42, including both prune tests). "
                      "Ready for the PR whenever you are."}),
        Fact("cmd-xcf", "command", ["assembleFarelineReleaseXCFramework"],
             ["the iOS team needs a new framework build - what's the gradle task for it?",
              "how do I build only the release XCFramework, without the debug one?"],
             "Build the iOS framework with `./gradlew assembleFarelineReleaseXCFramework` "
             "(release only): the all-variants assembleXCFramework task also builds the debug "
             "variant, which currently fails with SKIE and doubles the build time.",
             {"goal": "the ios team wants a fresh xcframework with the occupancy changes in it",
              "look": [bash("./gradlew -q tasks --all | grep -i xcframework",
                            "sdk:assembleFarelineDebugXCFramework - Assemble Fareline debug "
                            "XCFramework\nsdk:assembleFarelineReleaseXCFramework - Assemble "
                            "Fareline release XCFramework\nsdk:assembleFarelineXCFramework - "
                            "Assemble all types of registered 'Fareline' XCFramework\n"
                            "sdk:assembleXCFramework - Assemble all types of registered "
                            "XCFramework")],
              "question": "There are four XCFramework tasks - everything, all Fareline "
                          "variants, or debug / release only. Which one do you hand to the "
                          "iOS team?",
              "ask_q": "Which XCFramework task should I build for the iOS team?",
              "ask_header": "XCFramework",
              "options": [("assembleXCFramework", "Every variant of every framework"),
                          ("assembleFarelineReleaseXCFramework", "Release only"),
                          ("assembleFarelineDebugXCFramework", "Debug only")],
              "answer": "release only. assembleFarelineReleaseXCFramework - the debug one's "
                        "broken w skie atm and takes twice as long anyway",
              "ok": bash("./gradlew assembleFarelineReleaseXCFramework",
                         "> Task :sdk:linkReleaseFrameworkIosArm64\n> Task :sdk:"
                         "linkReleaseFrameworkIosSimulatorArm64\n> Task :sdk:"
                         "assembleFarelineReleaseXCFramework\n\n"
                         + gradle_ok.format(t="3m 12s", n=41)),
              "done": "Built: sdk/build/XCFrameworks/release/Fareline.xcframework (device "
                      "arm64 + simulator arm64)."}),
        Fact("env-spm", "environment", ["fareline-spm"],
             ["how does the iOS app actually pull in this SDK? is there a podspec somewhere?",
              "where do I publish a new iOS build of the library so the app team gets it?"],
             "The iOS app consumes the SDK through a separate Swift package repo, "
             "cairnmoor-buses/fareline-spm, whose Package.swift has a binaryTarget pointing at "
             "the XCFramework zip on that repo's GitHub Release - so a new iOS build is "
             "published as a release there; no CocoaPods. Android takes it from Maven Central.",
             {"goal": "bump the version to 3.3.0 and get it to both app teams",
              "look": [bash("grep -rn 'maven\\|publish' .github/workflows/release.yml | head -4",
                            "12:      - name: Publish to Maven Central\n13:        run: "
                            "./gradlew publishAndReleaseToMavenCentral --no-configuration-cache")],
              "question": "Android is clear - the release workflow publishes to Maven Central. "
                          "How does the iOS app get the framework? I don't see a podspec or a "
                          "Package.swift in this repo.",
              "ask_q": "How does the iOS app consume the SDK?",
              "ask_header": "iOS",
              "options": [("CocoaPods", "A podspec pushed to trunk"),
                          ("SPM in this repo", "A Package.swift at the root"),
                          ("Separate SPM repo", "A package repo with a binary target")],
              "answer": "separate repo, fareline-spm. binaryTarget pointing at the zip on its gh "
                        "release. no cocoapods",
              "probe": [bash("gh release view v3.2.1 --repo cairnmoor-buses/fareline-spm",
                             "title:\tv3.2.1\ntag:\tv3.2.1\ndraft:\tfalse\nprerelease:\tfalse\n"
                             "author:\tpriya-raman\nasset:\tFareline.xcframework.zip\n--\nSDK "
                             "3.2.1"),
                        bash("gh api repos/cairnmoor-buses/fareline-spm/contents/Package.swift "
                             "--jq .content | base64 -d | grep -A4 binaryTarget",
                             "        .binaryTarget(\n            name: \"Fareline\",\n        "
                             "    url: \"https://github.com/cairnmoor-buses/fareline-spm/"
                             "releases/download/v3.2.1/Fareline.xcframework.zip\",\n            "
                             "checksum: \"9f1c0be4d7a3...\"\n        ),")],
              "confirm": "Confirmed: fareline-spm's Package.swift points a binaryTarget at the "
                         "XCFramework zip on its own GitHub release (v3.2.1 now). For 3.3.0: "
                         "zip the release framework, `swift package compute-checksum` it, attach "
                         "it to a v3.3.0 release on fareline-spm and update the url and "
                         "checksum there. Android goes out through the Maven Central workflow "
                         "when we tag here."}),
        Fact("env-macmini", "environment", ["mac-depot"],
             ["the iOS CI job just sits in the queue forever - what actually runs the macOS "
              "jobs?",
              "can I switch the workflow to GitHub's macos-14 runners for the iOS build?"],
             "The macOS CI jobs run only on the self-hosted Mac mini in the Kelso depot office, "
             "runner label mac-depot; GitHub-hosted macOS runners are disabled for the org "
             "(cost), so `runs-on: macos-14` queues forever.",
             {"cs": {"at": ("concepts", "files", "current"),
                     "request": "The user asked why the release workflow's iOS job had been "
                                "queued for three hours, and to get the 3.3.0 release build "
                                "through CI today.",
                     "progress": "Found that a recent commit changed the iOS job's runs-on; "
                                 "reverted that line.",
                     "concepts": ["GitHub Actions runner labels and self-hosted runners",
                                  "The release workflow builds the XCFramework on macOS and "
                                  "publishes Android on Linux"],
                     "files": [(".github/workflows/release.yml", "The ios-framework job's "
                                                                 "runs-on had been changed in "
                                                                 "3c1e9d0; reverted")],
                     "solving": "The Android half of the release finished; only the iOS job "
                                "was stuck.",
                     "messages": ["why is the ios job in the release workflow still queued, it's "
                                  "been 3 hours", "ok fix it and rerun"],
                     "pending": ["Check the runner is online", "Re-run the release workflow"],
                     "current": "release.yml is back to the self-hosted runner label; the "
                                "workflow hasn't been re-run yet.",
                     "next": "Check the runner's status and re-run the failed run."},
              "fact_line": "iOS/macOS jobs only run on the self-hosted Mac mini in the Kelso "
                           "depot office (runner label `mac-depot`); GitHub-hosted macOS runners "
                           "are switched off for the org, so `runs-on: macos-14` never starts.",
              "fact_file": ".github/workflows/release.yml",
              "resume": "Checking the runner, then re-running.",
              "probe": [bash("gh api orgs/cairnmoor-buses/actions/runners --jq '.runners[] | "
                             "[.name, .status, (.labels | map(.name) | join(\",\"))] | @tsv'",
                             "mac-depot-01\tonline\tself-hosted,macOS,ARM64,mac-depot"),
                        bash("gh run rerun 9182734412 --failed",
                             "✓ Requested rerun (failed jobs) of run 9182734412")],
              "confirm": "The Mac mini runner is online and picked up the re-run; the iOS "
                         "framework job is building now."}),
        Fact("gotcha-sqlite", "gotcha", ["-lsqlite3"],
             ["the iOS app fails to link after upgrading the SDK - undefined symbols for "
              "sqlite. what's missing?",
              "what linker setting does the SQLDelight native driver need in the framework "
              "config?"],
             "The SQLDelight native driver needs the system SQLite linked into the framework: "
             "`linkerOpts(\"-lsqlite3\")` in the framework block of sdk/build.gradle.kts; "
             "without it the iOS app fails to link with undefined _sqlite3_* symbols.",
             {"issue": {"number": 64, "author": "priya-raman", "author_first": "Priya",
                        "title": "3.2.0: iOS app fails to link - undefined symbols "
                                 "_sqlite3_open_v2",
                        "labels": "bug, ios",
                        "body": "After bumping to 3.2.0 the app doesn't link any more:\n\n```\n"
                                "Undefined symbols for architecture arm64:\n  "
                                "\"_sqlite3_open_v2\", referenced from:\n      "
                                "_co_touchlab_sqliter_native_NativeDatabaseConnection ... in "
                                "Fareline[arm64]\nld: symbol(s) not found for architecture "
                                "arm64\n```\n\n3.1.4 was fine.",
                        "comments": [("dougie-kerr", "3.2.0 is the first release with the "
                                      "SQLDelight cache. the native driver doesn't bring sqlite "
                                      "with it - the framework needs linkerOpts(\"-lsqlite3\"), "
                                      "the old prototype had it. android doesn't care because "
                                      "android ships sqlite itself")]},
              "stated": "Dougie's comment nails it: 3.2.0 is the first release with the "
                        "SQLDelight cache, and its native driver expects the system SQLite to "
                        "be linked into the framework - our framework block doesn't pass "
                        "-lsqlite3 to the linker.",
              "fix": [edit("sdk/build.gradle.kts",
                           "        it.binaries.framework {\n            baseName = "
                           "\"Fareline\"\n        }",
                           "        it.binaries.framework {\n            baseName = "
                           "\"Fareline\"\n            linkerOpts(\"-lsqlite3\")\n        }"),
                      bash("./gradlew :sdk:linkReleaseFrameworkIosArm64 && otool -L sdk/build/"
                           "bin/iosArm64/releaseFramework/Fareline.framework/Fareline | grep "
                           "sqlite",
                           "BUILD SUCCESSFUL in 2m 3s\n\t/usr/lib/libsqlite3.dylib "
                           "(compatibility version 9.0.0, current version 350.2.0)")],
              "done": "The framework links libsqlite3 now; I'll put it in the 3.2.1 changelog "
                      "so the iOS team knows to bump."}),
        Fact("gotcha-objc", "gotcha", ["objcExportSuspendFunctionLaunchThreadRestriction"],
             ["the iOS app crashes when it calls an SDK suspend function from a background "
              "task with 'only supported on main thread' - how is that fixed?",
              "is there a gradle property that matters for calling our suspend functions from "
              "Swift off the main thread?"],
             "Swift calling the SDK's suspend functions off the main thread crashed ('Calling "
             "Kotlin suspend functions from Swift/Objective-C is currently supported only on "
             "main thread'); gradle.properties sets kotlin.native.binary."
             "objcExportSuspendFunctionLaunchThreadRestriction=none to lift it - SKIE doesn't.",
             {"symptom": "priya says the app crashes when the background refresh calls "
                         "arrivals() from a BGAppRefreshTask: 'Calling Kotlin suspend functions "
                         "from Swift/Objective-C is currently supported only on main thread'. i "
                         "thought skie handled this?",
              "probe": [bash("cat gradle.properties",
                             "kotlin.code.style=official\nkotlin.mpp.enableCInteropCommonization"
                             "=true\norg.gradle.jvmargs=-Xmx4g\nskie.analytics.disableUpload="
                             "true")],
              "explain": "SKIE gives the suspend functions a Swift async/await face, but the "
                         "Kotlin/Native runtime underneath still refuses to start a suspend "
                         "call from a non-main thread unless the binary opts out. That's a "
                         "Kotlin binary option rather than a SKIE setting, and gradle.properties "
                         "doesn't set it. Adding it.",
              "fix": [edit("gradle.properties", "skie.analytics.disableUpload=true",
                           "skie.analytics.disableUpload=true\nkotlin.native.binary."
                           "objcExportSuspendFunctionLaunchThreadRestriction=none"),
                      bash("./gradlew :sdk:linkDebugFrameworkIosSimulatorArm64",
                           gradle_ok.format(t="1m 21s", n=14))],
              "done": "With the option set, the sample app calling arrivals() from a "
                      "background Task no longer crashes.",
              "commit": ("fix", "ios", "allow suspend calls from background threads"),
              "commit_body": "The iOS app's background refresh calls arrivals() from a "
                             "BGAppRefreshTask and crashed with \"Calling Kotlin suspend "
                             "functions from Swift/Objective-C is currently supported only on "
                             "main thread\". SKIE doesn't lift that restriction; the Kotlin/"
                             "Native binary option kotlin.native.binary."
                             "objcExportSuspendFunctionLaunchThreadRestriction does, now set to "
                             "`none` in gradle.properties.\n\nDon't remove it: every Swift "
                             "caller off the main thread crashes without it."}),
        Fact("fals-nativecoroutines", "falsified", ["KMP-NativeCoroutines"],
             ["should we move the Swift interop from SKIE to one of the other coroutine "
              "wrapping libraries?",
              "what was tried before SKIE for exposing flows to Swift, and why was it dropped?"],
             "KMP-NativeCoroutines was tried for exposing suspend functions and Flows to Swift "
             "and dropped: its KSP-generated *Native wrappers doubled the public API in the "
             ".api dump and the Swift build broke on the next Kotlin update. The SDK stays on "
             "SKIE.",
             {"cs": {"at": ("solving", "errors", "messages"),
                     "request": "The user asked to expose live arrivals for a stop as a stream "
                                "the iOS app can iterate with `for await`, and to choose how the "
                                "Flow gets to Swift.",
                     "progress": "Wrote arrivalsFlow(stop) in commonMain, polling every 20 s "
                                 "with a shared upstream.",
                     "concepts": ["Kotlin Flow to Swift AsyncSequence", "SKIE's Flow support",
                                  "binary-compatibility-validator .api dumps"],
                     "files": [("sdk/src/commonMain/kotlin/uk/co/cairnmoor/fareline/"
                                "LiveArrivals.kt", "New arrivalsFlow(stop): Flow<List<Arrival>>,"
                                                   " polling every 20 s")],
                     "errors": ["The first polling loop leaked a coroutine per collector; fixed "
                                "with shareIn on the client scope."],
                     "solving": "Polling interval agreed at 20 seconds to match the API's "
                                "refresh.",
                     "messages": ["give the ios app live arrivals they can for-await over",
                                  "whatever's least work for priya's side"],
                     "pending": ["Expose the Flow through SKIE", "Build the simulator "
                                                                 "framework"],
                     "current": "arrivalsFlow works in the JVM tests; it isn't public yet.",
                     "next": "Make arrivalsFlow public and check the Swift side builds."},
              "fact_line": "KMP-NativeCoroutines was prototyped on a branch and abandoned: its "
                           "KSP-generated `*Native` wrappers doubled the public API in the .api "
                           "dump, and the Swift build broke on the next Kotlin bump. Decision: "
                           "stay on SKIE for Flows and suspend functions.",
              "fact_user": "we tried KMP-NativeCoroutines last year - the generated wrappers "
                           "doubled the api and every kotlin update broke the swift side. stick "
                           "with skie",
              "resume": "Making the Flow public through SKIE.",
              "work": [edit("sdk/src/commonMain/kotlin/uk/co/cairnmoor/fareline/"
                            "LiveArrivals.kt",
                            "internal fun arrivalsFlow(stop: StopId): Flow<List<Arrival>>",
                            "public fun arrivalsFlow(stop: StopId): Flow<List<Arrival>>"),
                       bash("./gradlew :sdk:apiDump :sdk:linkDebugFrameworkIosSimulatorArm64",
                            "> Task :sdk:apiDump\n> Task :sdk:linkDebugFrameworkIosSimulatorArm64"
                            "\n\n" + gradle_ok.format(t="1m 37s", n=19))],
              "done": "arrivalsFlow is public; SKIE exposes it to Swift as an AsyncSequence, so "
                      "the app can `for await arrivals in client.arrivalsFlow(stop:)`. One new "
                      "line in the .api dump."}),
        Fact("fals-realm", "falsified", ["Realm"],
             ["would an object database be nicer than writing SQL for the offline timetable "
              "cache?",
              "why does the cache use SQLDelight and not some other local database?"],
             "Realm Kotlin was tried for the offline timetable cache and backed out: the release "
             "framework grew from 5 MB to 11.9 MB, far over the iOS app's size budget, and "
             "Realm's sync SDK is deprecated. The cache stays on SQLDelight.",
             {"ask": "try Realm for the timetable cache instead of sqldelight, the .sq queries "
                     "are getting annoying to write",
              "change": [edit("gradle/libs.versions.toml", "[plugins]\n",
                              "[plugins]\nrealm = { id = \"io.realm.kotlin\", version = "
                              "\"3.0.0\" }\n"),
                         edit("sdk/build.gradle.kts", "implementation(libs.sqldelight.runtime)",
                              "implementation(libs.realm.base)")],
              "broke": bash("./gradlew :sdk:linkReleaseFrameworkIosArm64 && ./scripts/"
                            "framework-size.sh",
                            "BUILD SUCCESSFUL in 2m 40s\nFareline.framework (iosArm64, "
                            "release): 11.9 MB\nbudget: 5.0 MB\nFAIL: over budget by 6.9 MB", 1),
              "revert": bash("git checkout -- sdk/build.gradle.kts gradle/libs.versions.toml",
                             ""),
              "site": ("sdk/src/commonMain/kotlin/uk/co/cairnmoor/fareline/cache/"
                       "TimetableCache.kt",
                       "class TimetableCache(\n",
                       "{c}class TimetableCache(\n"),
              "mark": "//",
              "comment": "Stays on SQLDelight on purpose. Realm Kotlin was tried here: the "
                         "release framework grew from 5 MB to 11.9 MB, way over the iOS app's "
                         "size budget, and Realm's sync SDK is deprecated anyway.",
              "conclusion": "Backed out - with Realm's native core the release framework is "
                            "11.9 MB against the 5 MB budget. For the annoying queries I can "
                            "add a couple of named queries to Timetable.sq instead."}),
    ]
    noise = [
        _look("what does StopId look like?",
              "sdk-model/src/commonMain/kotlin/uk/co/cairnmoor/fareline/model/StopId.kt",
              "package uk.co.cairnmoor.fareline.model\n\nimport kotlin.jvm.JvmInline\n\n"
              "@JvmInline\nvalue class StopId(val value: String) {\n    init {\n        "
              "require(value.matches(Regex(\"[0-9]{8}\"))) { \"ATCO stop codes are 8 digits\" "
              "}\n    }\n}\n",
              "A value class around the stop's 8-digit code, validated on construction."),
        _find("where is the ktor client set up?", "HttpClient\\(",
              ["sdk/src/commonMain/kotlin/uk/co/cairnmoor/fareline/http/Http.kt",
               "sdk/src/commonTest/kotlin/uk/co/cairnmoor/fareline/FakeServer.kt"],
              "Http.kt builds the real client (engine per platform, JSON, timeouts); the test "
              "one is in FakeServer.kt with a MockEngine."),
        _tweak("typo in the README: 'recieve arrivals'", "README.md", "recieve arrivals",
               "receive arrivals"),
        _run("what version are we on?", "grep -n '^version' sdk/build.gradle.kts",
             "14:version = \"3.2.1\"", "3.2.1."),
        _talk("what's the difference between Flow and StateFlow?",
              "A Flow is cold: each collector runs it from the start. A StateFlow is hot and "
              "always has a current value; collectors get the latest value and then updates, "
              "and equal consecutive values are skipped."),
        _steps("run detekt", [bash("./gradlew detekt", "> Task :sdk:detekt\n> Task "
                                                       ":sdk-model:detekt\n\nBUILD SUCCESSFUL "
                                                       "in 14s")],
               "detekt is clean on both modules."),
        _steps("bump ktor to 3.0.1",
               [edit("gradle/libs.versions.toml", "ktor = \"3.0.0\"", "ktor = \"3.0.1\""),
                bash("./gradlew :sdk:jvmTest", "> Task :sdk:jvmTest\n\nBUILD SUCCESSFUL in "
                                              "38s")],
               "Ktor is 3.0.1; the JVM tests pass."),
        _steps("how much of the sdk is covered by tests?",
               [bash("./gradlew koverLog", "> Task :koverLog\napplication line coverage: "
                                           "78.4%")],
               "78% line coverage across the modules."),
    ]
    _frame(facts, {"conv-serialname": conv_commit, "conv-result": conv_teammate,
                   "cmd-iostest": cmd_compact, "cmd-xcf": cmd_ask,
                   "env-spm": env_ask, "env-macmini": env_compact,
                   "gotcha-sqlite": gotcha_issue, "gotcha-objc": gotcha_commit,
                   "fals-nativecoroutines": fals_compact, "fals-realm": fals_comment},
           {"repo": "cairnmoor-buses/fareline"})
    return Project(
        "fareline", "git@github.com:cairnmoor-buses/fareline.git",
        {"README.md": "# fareline\n\nKotlin Multiplatform SDK for Cairnmoor Buses' real-time "
                      "arrivals API.\n",
         "CLAUDE.md": "# fareline\n\nKMP library: :sdk-model (API types) and :sdk (client, "
                      "cache).\n\n## Conventions\n- Keep the .api dumps up to date (apiDump)\n",
         "settings.gradle.kts": "rootProject.name = \"fareline\"\ninclude(\":sdk-model\", "
                                "\":sdk\")\n"},
        facts, noise, "github")


def cranewise() -> Project:
    """An Unreal Engine 5.4 C++ training simulator for the Port of Greyhaven's ship-to-shore
    crane operators: a Cranewise game module, Enhanced Input, Chaos physics for the spreader
    and hoist ropes, industrial joysticks through the RawInput plugin, Automation Spec tests,
    Git LFS for content, Windows builds packaged with RunUAT on a GPU-less build VM and pulled
    from S3 by the four training rigs at the port's training centre."""
    kasia = {"first": "Kasia", "last": "Nowak", "handle": "kasia.n",
             "email": "k.nowak@greyhavenport.co.uk", "channel": "sim-dev",
             "subject": "rig 3 spreader"}
    ubt_ok = ("Using bundled DotNet SDK version: 6.0.302\nRunning UnrealBuildTool: dotnet "
              "\"..\\..\\Engine\\Binaries\\DotNET\\UnrealBuildTool\\UnrealBuildTool.dll\" "
              "CranewiseEditor Win64 Development\n...\n[{n}/{n}] Link "
              "UnrealEditor-Cranewise.dll\nTotal time in Parallel executor: {t} seconds\n"
              "Result: Succeeded")
    build_cmd = ("Engine\\Build\\BatchFiles\\Build.bat CranewiseEditor Win64 Development "
                 "-Project=\"%CD%\\Cranewise.uproject\" -WaitMutex")
    facts = [
        Fact("conv-tuning", "convention", ["UCraneTuning"],
             ["where should the new max trolley speed value live - a default in the C++ class?",
              "the trainers want to tweak how fast the spreader lowers without waiting for a "
              "build - where do numbers like that go?"],
             "Gameplay tunables (speeds, limits, sway damping, load factors) live in UCraneTuning "
             "data assets under Content/Tuning (DA_Tuning_STS), read at runtime - never "
             "hard-coded C++ defaults - so the training centre can change them without a new "
             "build (ADR 0003).",
             {"task": "add a hoist speed limit for when the spreader carries a loaded 40ft box - "
                      "60% of the empty speed",
              "doc": ("docs/adr/0003-tuning-in-data-assets.md",
                      "# ADR 0003: Tunables live in data assets\n\n- Status: accepted\n- "
                      "Deciders: Rui, Kasia, Ellen (training centre)\n\n## Context\n\nThe "
                      "training centre adjusts crane behaviour between cohorts: hoist and\n"
                      "trolley speeds, sway damping, how hard the spreader lands. With values\n"
                      "as C++ defaults every adjustment meant a code change, a build and a\n"
                      "redeploy to four rigs, and values drifted between branches.\n\n## "
                      "Decision\n\nEvery gameplay tunable is a property of the `UCraneTuning` "
                      "data asset\nclass (Source/Cranewise/Tuning/CraneTuning.h), with one "
                      "asset per crane\ntype under Content/Tuning (`DA_Tuning_STS` for the "
                      "ship-to-shore\ncranes). Components read the asset at BeginPlay. No "
                      "tunable is a\nhard-coded default in a component.\n\n## Consequences\n\n"
                      "- Instructors edit the asset in the packaged build's admin menu.\n- "
                      "New tunables need a ClampMin/ClampMax so nobody sets a negative speed.\n"),
              "stated": "ADR 0003 is clear on this: the factor goes into the UCraneTuning data "
                        "asset (DA_Tuning_STS for these cranes), with clamps, and the hoist "
                        "component reads it at BeginPlay - not a default in HoistComponent. "
                        "Adding LoadedHoistSpeedFactor there.",
              "follow": [edit("Source/Cranewise/Tuning/CraneTuning.h",
                              "\tUPROPERTY(EditAnywhere, Category = \"Hoist\", meta = (ClampMin "
                              "= \"0.1\", ClampMax = \"3.0\"))\n\tfloat MaxHoistSpeed = 1.5f;\n",
                              "\tUPROPERTY(EditAnywhere, Category = \"Hoist\", meta = (ClampMin "
                              "= \"0.1\", ClampMax = \"3.0\"))\n\tfloat MaxHoistSpeed = 1.5f;\n\n"
                              "\t/** Fraction of MaxHoistSpeed allowed with a loaded container "
                              "on the spreader. */\n\tUPROPERTY(EditAnywhere, Category = "
                              "\"Hoist\", meta = (ClampMin = \"0.1\", ClampMax = \"1.0\"))\n\t"
                              "float LoadedHoistSpeedFactor = 0.6f;\n"),
                         edit("Source/Cranewise/Hoist/HoistComponent.cpp",
                              "\tconst float Limit = Tuning->MaxHoistSpeed;\n",
                              "\tconst float Limit = Tuning->MaxHoistSpeed\n\t\t* (Spreader->"
                              "HasLoad() ? Tuning->LoadedHoistSpeedFactor : 1.0f);\n"),
                         bash(build_cmd, ubt_ok.format(n=9, t="48.21"))],
              "done": "LoadedHoistSpeedFactor (default 0.6, clamped 0.1-1.0) is on the tuning "
                      "asset and the hoist applies it whenever the spreader has a load; the "
                      "editor target builds. Instructors can change it from the admin menu."}),
        Fact("conv-logging", "convention", ["LogCraneSim"],
             ["can I put an on-screen debug message up showing the sway angle while I test?",
              "what's the logging convention in the simulator's C++ code?"],
             "Diagnostics go through UE_LOG with the LogCraneSim category (Verbose/VeryVerbose "
             "for per-frame values), never GEngine->AddOnScreenDebugMessage in committed code: "
             "assessment sessions record the viewport, and on-screen text ends up in trainees' "
             "recordings.",
             {"pr_number": 142, "reviewer": "rui-almeida", "reviewer_name": "Rui",
              "branch": "feature/twin-lift-load-check",
              "review": "please no AddOnScreenDebugMessage in anything that gets merged - log "
                        "with UE_LOG(LogCraneSim, Verbose, ...) instead. the assessment "
                        "recordings capture the viewport, and in March a trainee's assessment "
                        "video had 'LOAD DELTA 3.2t' flashing over the ship for the whole "
                        "session. the examiner asked whether it was a hint",
              "stated": "Rui wants the on-screen load-delta message gone: committed code logs "
                        "through UE_LOG with the LogCraneSim category, because the assessment "
                        "recordings capture the viewport and debug text ends up in them. "
                        "Switching it to a Verbose log line.",
              "follow": [edit("Source/Cranewise/Spreader/TwinLiftComponent.cpp",
                              "\tif (GEngine)\n\t{\n\t\tGEngine->AddOnScreenDebugMessage(-1, "
                              "0.f, FColor::Yellow,\n\t\t\tFString::Printf(TEXT(\"LOAD DELTA "
                              "%.1ft\"), DeltaTonnes));\n\t}\n",
                              "\tUE_LOG(LogCraneSim, Verbose, TEXT(\"Twin-lift load delta "
                              "%.1f t\"), DeltaTonnes);\n"),
                         bash(build_cmd, ubt_ok.format(n=4, t="21.87"))],
              "done": "The twin-lift check logs the delta at Verbose instead of drawing it; "
                      "the branch builds and the push is on the PR."}),
        Fact("cmd-buildgraph", "command", ["BuildGraph"],
             ["how do I make a packaged Shipping build for the training-centre PCs?",
              "packaging from the editor fails for Shipping - what's the right way to build "
              "the packaged sim?"],
             "Package the training-rig build with `RunUAT.bat BuildGraph -Script=Build/"
             "Cranewise.xml -Target=\"Package TrainingPC\"`: it stages the RawInput joystick "
             "config and the tuning assets; a plain BuildCookRun (or the editor's Package "
             "Project) misses the joystick config and fails.",
             {"goal": "make a shipping build with the new twin-lift exercise for the training "
                      "centre",
              "fail": bash("Engine\\Build\\BatchFiles\\RunUAT.bat BuildCookRun -project="
                           "\"%CD%\\Cranewise.uproject\" -platform=Win64 -clientconfig=Shipping "
                           "-build -cook -stage -pak -archive",
                           "...\n********** STAGE COMMAND STARTED **********\nERROR: Missing "
                           "staged file Config/RawInput/DefaultRawInput.ini (required by plugin "
                           "RawInput)\nAutomationTool executed for 0h 6m 12s\nAutomationTool "
                           "exiting with ExitCode=1 (Error_Unknown)", 1),
              "note": "A bare BuildCookRun doesn't stage the RawInput joystick config the rigs "
                      "need. There's a graph script in Build/ that looks like the intended "
                      "route - using its training-PC target.",
              "ok": bash("Engine\\Build\\BatchFiles\\RunUAT.bat BuildGraph -Script=Build/"
                         "Cranewise.xml -Target=\"Package TrainingPC\"",
                         "...\n****** [3/3] Package TrainingPC\nStaging 2,412 files (including "
                         "Config/RawInput, Content/Tuning)\n...\nBUILD SUCCESSFUL\n"
                         "AutomationTool exiting with ExitCode=0 (Success)"),
              "done": "Shipping build packaged to Saved/TrainingPC/Win64, joystick config and "
                      "tuning assets included.",
              "pr": ("Twin-lift exercise for the training rigs",
                     "Adds the twin-lift exercise (two 20ft containers on one spreader) to the "
                     "exercise list and the packaged training build.",
                     "feature/twin-lift-exercise"),
              "testing": "Packaged with `RunUAT.bat BuildGraph -Script=Build/Cranewise.xml "
                         "-Target=\"Package TrainingPC\"` (a bare BuildCookRun doesn't stage "
                         "the RawInput joystick config) and ran exercise 12 on the packaged "
                         "build",
              "repo": "greyhaven-port-sim/cranewise"}),
        Fact("cmd-nullrhi", "command", ["-nullrhi"],
             ["the automation tests crash on the build machine with a D3D12 device error - "
              "how should they be launched there?",
              "what's the command line for running the simulator's automation specs "
              "headless?"],
             "Run the automation specs headless with `UnrealEditor-Cmd.exe Cranewise.uproject "
             "-ExecCmds=\"Automation RunTests Cranewise; Quit\" -unattended -nullrhi`: the build "
             "VM has no GPU, and without -nullrhi the editor dies creating a D3D12 device.",
             {"goal": "run the automation specs on the build box, I changed the sway damping "
                      "maths",
              "fail": bash("UnrealEditor-Cmd.exe Cranewise.uproject -ExecCmds=\"Automation "
                           "RunTests Cranewise; Quit\" -unattended",
                           "LogD3D12RHI: Error: Failed to create D3D12 device: "
                           "DXGI_ERROR_UNSUPPORTED\nLogWindows: Error: appError called: Fatal "
                           "error: [File:D:\\build\\++UE5\\Sync\\Engine\\Source\\Runtime\\"
                           "D3D12RHI\\Private\\D3D12Adapter.cpp] [Line: 1075]\nLogExit: "
                           "Executing StaticShutdownAfterError", 3),
              "note": "The editor can't create a D3D12 device - the build box is a VM without "
                      "a GPU, so it dies before any test runs.",
              "hint": "add -nullrhi, the box has no gpu. we always run them like that there",
              "ok": bash("UnrealEditor-Cmd.exe Cranewise.uproject -ExecCmds=\"Automation "
                         "RunTests Cranewise; Quit\" -unattended -nullrhi",
                         "LogAutomationController: Display: Test Completed. Result={Success} "
                         "Name={Sway damping converges within 8 s}\nLogAutomationController: "
                         "Display: Test Completed. Result={Success} Name={Sway damping stays "
                         "stable at 30 fps}\n...\nLogAutomationController: Display: **** TEST "
                         "COMPLETE. EXIT CODE: 0 ****\n37 tests: 37 passed"),
              "done": "All 37 specs pass on the build box, including both sway damping ones."}),
        Fact("env-joystick", "environment", ["APEM"],
             ["what joysticks are on the training rigs and how does the sim read them?",
              "I'm ordering a joystick to develop with at home - which model matches the rigs?"],
             "The training rigs use APEM 3000-series industrial joysticks (two per cab: trolley "
             "and gantry on the left, hoist and spreader on the right), read as HID devices "
             "through UE's RawInput plugin - not XInput, so a gamepad doesn't behave like a "
             "rig.",
             {"goal": "I'm setting up the new dev laptop to test the gantry controls - what do "
                      "I need to plug in so it behaves like a rig?",
              "doc": ("docs/onboarding.md",
                      "# Cranewise - getting started\n\n## Engine\n\nUnreal Engine 5.4 from "
                      "the Epic launcher; the project file is\nCranewise.uproject. Open it "
                      "once to build the editor modules.\n\n## Content\n\n`git lfs install` "
                      "before cloning - every .uasset and .umap is in LFS.\n\n## Rig hardware"
                      "\n\nEach of the four training rigs is a cab mock-up with two APEM\n"
                      "3000-series industrial joysticks: left stick for trolley and gantry,\n"
                      "right stick for hoist and spreader (twistlocks on the right-hand\n"
                      "buttons). They are plain HID devices read through the RawInput\nplugin "
                      "(Config/DefaultRawInput.ini), not XInput - a gamepad\nworks for "
                      "menus, but not for realistic control feel.\n\n## People\n\n- Rui: "
                      "physics and crane behaviour\n- Kasia: art, lighting, levels\n- Ellen: "
                      "training centre (rigs, exercises, trainees)\n"),
              "stated": "The onboarding doc covers it: the rigs have two APEM 3000-series "
                        "industrial joysticks each (left for trolley/gantry, right for hoist/"
                        "spreader), read as HID through the RawInput plugin rather than XInput. "
                        "Checking the RawInput config matches.",
              "probe": [read("Config/DefaultRawInput.ini",
                             "[/Script/RawInput.RawInputSettings]\n+DeviceConfigurations=("
                             "VendorID=\"0x06A8\",ProductID=\"0x3000\",AxisProperties=((Key="
                             "\"GenericUSBController_Axis1\",bEnabled=True,Offset=0.0),(Key="
                             "\"GenericUSBController_Axis2\",bEnabled=True,Offset=0.0)))\n")],
              "confirm": "RawInput is configured for the joysticks' vendor and product id "
                         "(0x06A8 / 0x3000). To behave like a rig the laptop needs an APEM "
                         "3000-series stick (or two) on USB; a gamepad goes through XInput and "
                         "won't hit that config."}),
        Fact("env-s3", "environment", ["greyhaven-sim-builds"],
             ["where do the packaged builds go so the training-centre PCs pick them up?",
              "the rigs are still on last month's version - how do new builds reach them?"],
             "Packaged builds are uploaded to the S3 bucket greyhaven-sim-builds (eu-west-2, "
             "training/<version>/, with training/latest.txt naming the current one); each "
             "training PC's scheduled task pulls the build named in latest.txt at 02:00.",
             {"issue": {"number": 88, "author": "ellen-marsh", "author_first": "Ellen",
                        "title": "Rigs 2-4 still on 1.8 after the twin-lift release",
                        "labels": "training-centre",
                        "body": "Trainees came in this morning and the twin-lift exercise isn't "
                                "on rigs 2, 3 and 4. Rig 1 has it. Did the release go out?",
                        "comments": [("rui-almeida", "builds go to s3://greyhaven-sim-builds/"
                                      "training/<version>/ (eu-west-2), and every rig's "
                                      "scheduled task pulls whatever training/latest.txt names, "
                                      "at 02:00. rig 1 was updated by hand yesterday, so it "
                                      "doesn't tell us anything. someone needs to check what "
                                      "latest.txt says")]},
              "stated": "Rui's comment lays out the setup: releases are uploaded to the S3 "
                        "bucket greyhaven-sim-builds (eu-west-2) under training/<version>/, and "
                        "each rig's 02:00 scheduled task pulls whatever training/latest.txt "
                        "names. Checking the bucket.",
              "probe": [bash("aws s3 ls s3://greyhaven-sim-builds/training/ --region eu-west-2",
                             "                           PRE 1.7.2/\n                           "
                             "PRE 1.8.0/\n                           PRE 1.9.0/\n2025-05-02 "
                             "16:40:11          6 latest.txt"),
                        bash("aws s3 cp s3://greyhaven-sim-builds/training/latest.txt - "
                             "--region eu-west-2", "1.8.0")],
              "confirm": "1.9.0 is in the bucket, but training/latest.txt still says 1.8.0 - "
                         "and that pointer is what the 02:00 task reads. Setting it to 1.9.0 "
                         "gets rigs 2-4 updated tonight; shall I?"}),
        Fact("gotcha-substep", "gotcha", ["MaxSubstepDeltaTime"],
             ["the spreader starts swinging wildly and the ropes stretch across the screen on "
              "the older training PC but never on my machine - why?",
              "which physics settings keep the hoist ropes stable when the frame rate drops?"],
             "The rope/spreader constraint chain blows up when physics steps get long (the "
             "oldest rig runs ~30 fps): substepping must stay on in DefaultEngine.ini, "
             "bSubstepping=True with MaxSubstepDeltaTime=0.008333 (120 Hz) - don't turn it off "
             "for frame rate.",
             {"symptom": "ellen says on rig 3 the spreader goes mental after a few minutes - "
                         "starts swinging and then the ropes stretch across the whole screen. "
                         "can't reproduce it here",
              "probe": [bash("git log --oneline -4 -- Config/DefaultEngine.ini",
                             "4d2e9a1 Perf: physics substepping off (+6 fps on rigs)\n"
                             "b81f0c3 Bump engine association to 5.4\n0a9e772 Default map is "
                             "the container yard\n5c3d1e0 Initial project settings"),
                        read("Config/DefaultEngine.ini",
                             "[/Script/Engine.PhysicsSettings]\nbSubstepping=False\n"
                             "bSubsteppingAsync=False\nMaxSubstepDeltaTime=0.016667\n"
                             "MaxSubsteps=6\n")],
              "unsure": "Nothing in the rope code changed recently. The one suspicious thing is "
                        "4d2e9a1 turning physics substepping off for frame rate, but I don't "
                        "know how rig 3's frame rate compares with this machine's, so I can't "
                        "tell yet whether that's it.",
              "who": kasia,
              "chat": "rig 3 is the old one with the 1050 ti, it does ~30fps in the container "
                      "yard. the rope chain needs substeps at 120hz or the constraints blow up at "
                      "that frame time - bSubstepping=True and MaxSubstepDeltaTime=0.008333. "
                      "someone turned it off for fps again didn't they",
              "stated": "That fits: at ~30 fps each physics step is 33 ms, far too long for the "
                        "rope constraint chain, and 4d2e9a1 switched substepping off. Turning "
                        "it back on at 120 Hz.",
              "fix": [edit("Config/DefaultEngine.ini",
                           "bSubstepping=False\nbSubsteppingAsync=False\nMaxSubstepDeltaTime="
                           "0.016667\n",
                           "bSubstepping=True\nbSubsteppingAsync=False\nMaxSubstepDeltaTime="
                           "0.008333\n")],
              "done": "Substepping is back on at 120 Hz. With `t.MaxFPS 30` in the editor - "
                      "rig 3's frame rate - the ropes stay stable through a 10-minute run now."}),
        Fact("gotcha-livecoding", "gotcha", ["Live Coding"],
             ["after I changed a component header with the editor open, BP_STSCrane lost all "
              "its spreader settings - what happened?",
              "is it safe to hot-patch C++ header changes while the editor is running?"],
             "Don't use Live Coding for header/UPROPERTY changes: Blueprint reinstancing after "
             "the patch reset BP_STSCrane's spreader component defaults and the reset asset got "
             "committed. For header changes close the editor and build from the IDE; Live Coding "
             "only for .cpp bodies.",
             {"issue": {"number": 97, "author": "kasia-nowak", "author_first": "Kasia",
                        "title": "BP_STSCrane spreader settings reset to defaults",
                        "labels": "bug, blueprints",
                        "body": "Pulled main this morning and BP_STSCrane has lost every "
                                "spreader setting (twistlock timings, landing sensors, the 40ft "
                                "offset). The asset changed in 7b3f0e2 'Add landing sensor "
                                "debounce'.",
                        "comments": [("rui-almeida", "that was me, sorry. I added the debounce "
                                      "UPROPERTY to USpreaderComponent with the editor open and "
                                      "hit Ctrl+Alt+F11. Live Coding patched the header change, "
                                      "the BP reinstancing reset the component's defaults on "
                                      "BP_STSCrane and I saved it without noticing. Live Coding "
                                      "is for .cpp bodies only - for any header change close the "
                                      "editor and build from Rider")]},
              "stated": "Rui's comment explains it: he added a UPROPERTY to USpreaderComponent "
                        "with the editor open and used Live Coding; after a header change the "
                        "Blueprint reinstancing reset the component's defaults on BP_STSCrane, "
                        "and the reset asset was saved and committed in 7b3f0e2. Restoring the "
                        "asset from the commit before.",
              "fix": [bash("git show 7b3f0e2 --stat",
                           "commit 7b3f0e2\n    Add landing sensor debounce\n\n Content/"
                           "Blueprints/BP_STSCrane.uasset               | Bin 412310 -> 398122 "
                           "bytes\n Source/Cranewise/Spreader/SpreaderComponent.h |   3 +++\n 2 "
                           "files changed, 3 insertions(+)"),
                      bash("git checkout 7b3f0e2~1 -- Content/Blueprints/BP_STSCrane.uasset "
                           "&& git status --short", "M  Content/Blueprints/BP_STSCrane.uasset")],
              "done": "BP_STSCrane is back to its state before 7b3f0e2; the new debounce "
                      "property keeps its C++ default (0.15 s). Rebuild the editor target with "
                      "the editor closed before opening the asset."}),
        Fact("fals-lumen", "falsified", ["Lumen"],
             ["the port looks flat - can we switch on UE5's real-time global illumination for "
              "nicer lighting?",
              "why is the sim still on baked lighting in UE5?"],
             "Lumen (UE5's real-time dynamic global illumination and reflections) was tried "
             "and reverted: on the training-PC "
             "profile (GTX 1050 Ti/1660-class cards) the container yard fell to ~24 fps against "
             "the 60 fps target. The sim stays on baked lighting with static lightmaps.",
             {"ask": "kasia wants to see if the harbour looks better with the dynamic GI now "
                     "we're on 5.4. switch it on and check the frame rate on the rig profile",
              "change": [edit("Config/DefaultEngine.ini",
                              "r.DynamicGlobalIlluminationMethod=0\nr.ReflectionMethod=2\n",
                              "r.DynamicGlobalIlluminationMethod=1\nr.ReflectionMethod=1\n")],
              "orig": ("render", "lighting", "switch to Lumen GI and reflections"),
              "orig_body": "Trying dynamic GI on 5.4 for the harbour scenes.",
              "broke": bash("UnrealEditor-Cmd.exe Cranewise.uproject -game -ExecCmds=\"exec "
                            "Scripts/perf_container_yard.txt\" -benchmark -rigprofile="
                            "TrainingPC",
                            "PerfReport: ContainerYard avg 23.8 fps (41.9 ms), 1% low 17.2 fps"
                            "\nPerfReport: ShipDeck avg 31.5 fps (31.7 ms)\nPerfReport: FAIL "
                            "(target 60 fps on TrainingPC profile)", 1),
              "why": "Lumen GI and reflections take the container yard to ~24 fps on the "
                     "TrainingPC profile (GTX 1050 Ti / 1660-class cards), far below the 60 fps "
                     "target. Back to baked lighting.",
              "conclusion": "Reverted - on the training-PC profile the dynamic GI dropped the "
                            "container yard to 24 fps against the 60 target. The harbour stays "
                            "on baked lighting; for a better look I'd try higher-resolution "
                            "lightmaps on the quay instead."}),
        Fact("fals-cablecomp", "falsified", ["UCableComponent"],
             ["rather than our physics-constraint rope chain, couldn't we use the engine's "
              "built-in cable for the hoist ropes?",
              "why are the hoist ropes a chain of physics bodies instead of something simpler?"],
             "Unreal's UCableComponent was tried for the hoist ropes in the prototype and "
             "abandoned: its verlet cable is visual only and carries no load, so the spreader "
             "swung as if nothing held it. The ropes stay a physics-constraint chain "
             "(URopeChainComponent).",
             {"pain": "the rope chain eats 2 ms of physics on the rigs. can we make the hoist "
                      "ropes cheaper?",
              "idea": "replace the constraint chain with UCableComponent - a verlet simulation "
                      "is far cheaper than 24 physics bodies per rope",
              "story": "we started with UCableComponent in the prototype. looks fine but it's "
                       "only visual - it doesn't carry any load, so the spreader swung like "
                       "nothing was holding it and the crane drivers who tried it laughed at "
                       "us. rui spent a month building the constraint chain because of that",
              "alternative": "keep the constraint chain but cut each rope from 24 segments to "
                             "16 and let the ropes of cranes the trainee isn't driving go to "
                             "sleep",
              "alt_label": "the leaner rope chain"}),
    ]
    noise = [
        _look("what does the trolley component do each tick?",
              "Source/Cranewise/Trolley/TrolleyComponent.cpp",
              "void UTrolleyComponent::TickComponent(float DeltaTime, ELevelTick TickType,\n"
              "\tFActorComponentTickFunction* ThisTickFunction)\n{\n\tSuper::TickComponent("
              "DeltaTime, TickType, ThisTickFunction);\n\tconst float Target = Input.Trolley * "
              "MaxSpeed;\n\tSpeed = FMath::FInterpTo(Speed, Target, DeltaTime, Acceleration);\n"
              "\tPosition = FMath::Clamp(Position + Speed * DeltaTime, 0.f, RailLength);\n\t"
              "UpdateTrolleyTransform();\n}\n",
              "It eases the trolley speed towards the stick's target, moves along the rail "
              "clamped to its length, and updates the transform."),
        _find("where do we spawn the containers on the ship?", "SpawnContainer",
              ["Source/Cranewise/Ship/ShipBayLayout.cpp",
               "Source/Cranewise/Exercises/ExerciseDirector.cpp"],
              "ShipBayLayout.cpp does the spawning from the bay plan; the exercise director "
              "calls it when an exercise starts."),
        _tweak("the exercise menu says 'Twistlock excercise'",
               "Source/Cranewise/UI/ExerciseList.cpp",
               "LOCTEXT(\"Twistlock\", \"Twistlock excercise\")",
               "LOCTEXT(\"Twistlock\", \"Twistlock exercise\")"),
        _run("how big is the Content folder?", "du -sh Content", "38G\tContent",
             "38 GB."),
        _talk("what's the difference between a UObject and an AActor?",
              "An AActor is a UObject that can be placed in or spawned into a level: it has a "
              "transform (through its root component), ticks, replicates and owns components. "
              "A plain UObject is garbage-collected and reflected but has no place in the "
              "world."),
        _steps("check that lfs is tracking the new audio files",
               [bash("git lfs ls-files | grep -c '\\.wav$'", "212")],
               "212 .wav files are in LFS, the new spreader clunks included."),
        _steps("add a wind gust to exercise 7",
               [edit("Source/Cranewise/Exercises/Exercise07.cpp",
                     "\tWind->SetBaseSpeed(6.f);\n",
                     "\tWind->SetBaseSpeed(6.f);\n\tWind->ScheduleGust(/*AtSeconds*/ 95.f, "
                     "/*PeakSpeed*/ 14.f, /*Duration*/ 6.f);\n")],
               "Exercise 7 now has a 14 m/s gust at 95 seconds lasting 6 seconds."),
        _steps("plan a night-shift exercise with the floodlights",
               [exit_plan("## Plan\n\n1. A night variant of the container yard level with the "
                          "quay floodlights baked\n2. Exercise 13: discharge six boxes at "
                          "night\n3. Assessment criteria from the training centre",
                          "night-shift-exercise")],
               "Plan approved - starting with the night variant of the yard."),
    ]
    _frame(facts, {"conv-tuning": conv_adr, "conv-logging": conv_review,
                   "cmd-buildgraph": cmd_pr, "cmd-nullrhi": cmd_hint,
                   "env-joystick": env_onboarding, "env-s3": env_issue,
                   "gotcha-substep": gotcha_teammate, "gotcha-livecoding": gotcha_issue,
                   "fals-lumen": fals_revert, "fals-cablecomp": fals_story},
           {"repo": "greyhaven-port-sim/cranewise",
            "adrs": ["0001-unreal-5-and-cpp.md", "0002-git-lfs-for-content.md",
                     "0004-exercise-definitions.md"]})
    return Project(
        "cranewise", "git@github.com:greyhaven-port-sim/cranewise.git",
        {"README.md": "# cranewise\n\nShip-to-shore crane operator training simulator (Unreal "
                      "Engine 5.4).\n",
         "CLAUDE.md": "# cranewise\n\nUnreal Engine 5.4, C++ module in Source/Cranewise. "
                      "Content in Git LFS.\n\n## Conventions\n- Unreal coding standard; tabs\n",
         ".gitattributes": "*.uasset filter=lfs diff=lfs merge=lfs -text\n*.umap filter=lfs "
                           "diff=lfs merge=lfs -text\n"},
        facts, noise, "aws")


def flockbook() -> Project:
    """An F# web app for Glenrowan Agricultural College's hill farm: the sheep flock's records
    (ewes, pregnancy scanning, lambing, EID tag reads, medicines and withdrawal periods,
    movement reports). .NET 8, a Saturn/Giraffe server, a Fable 4 + Elmish + Feliz client on the
    lambing shed's tablets, Fable.Remoting between them, Dapper.FSharp over Npgsql and Postgres,
    DbUp scripts, Expecto tests, Fantomas, hosted on Azure App Service."""
    morag = {"first": "Morag", "last": "Sinclair", "handle": "morag.s",
             "email": "m.sinclair@glenrowan.ac.uk", "channel": "farm-app",
             "subject": "scanning results"}
    built = "  Determining projects to restore...\n  All projects are up-to-date for restore.\n" \
            "{proj}\n\nBuild succeeded.\n    0 Warning(s)\n    0 Error(s)\n\nTime Elapsed {t}"
    facts = [
        Fact("conv-mgmttag", "convention", ["management tag"],
             ["can I use the number printed big on the ewe's ear tag as the key for the new "
              "scanning-result table?",
              "which identifier should new tables use to refer to a sheep?"],
             "Sheep are identified by their full 15-digit EID (826 + 12 digits, the Eid type); "
             "the short management tag number is display-only because it's reused every year - "
             "never a key or a join column.",
             {"task": "add a table for pregnancy scanning results - scan date, ewe, how many "
                      "lambs she's carrying - and a page to type them in from the scanner's "
                      "printout",
              "look": [read("src/Shared/Domain.fs",
                            "module Shared.Domain\n\n[<Struct>]\ntype Eid = Eid of string\n\n"
                            "type Ewe =\n    { Eid: Eid\n      TagNo: int\n      Breed: string\n"
                            "      BornOn: System.DateOnly }\n")],
              "who": morag,
              "chat": "one thing for the scanning table - the number down the left of the "
                      "printout is the management tag, the big number on the tag. DON'T key "
                      "anything on it, we reuse those every year and last year two ewes ended "
                      "up sharing a lambing history because of it. use the full EID (the 826 "
                      "one), the printout has it in the second column",
              "stated": "Understood - the scanning results will reference ewes by their full "
                        "EID (the 826... number, our Eid type). The management tag stays "
                        "display-only, since those numbers come round again every year.",
              "follow": [write("db/scripts/0031_scanning_result.sql",
                               "create table scanning_result (\n  id bigserial primary key,\n  "
                               "eid char(15) not null references ewe (eid),\n  scanned_on date "
                               "not null,\n  foetuses smallint not null check (foetuses between "
                               "0 and 4)\n);\n"),
                         edit("src/Shared/Domain.fs",
                              "      BornOn: System.DateOnly }\n",
                              "      BornOn: System.DateOnly }\n\ntype ScanResult =\n    { Eid: "
                              "Eid\n      ScannedOn: System.DateOnly\n      Foetuses: int }\n"),
                         bash("dotnet build",
                              built.format(proj="  Shared -> src/Shared/bin/Debug/net8.0/"
                                                "Shared.dll\n  Server -> src/Server/bin/Debug/"
                                                "net8.0/Server.dll", t="00:00:19.42"))],
              "done": "scanning_result references ewes by EID, ScanResult is in Shared, and the "
                      "entry page looks a ewe up by EID (showing her tag number next to it for "
                      "convenience). It builds."}),
        Fact("conv-api", "convention", ["IFlockApi"],
             ["I need the shed tablets to fetch a ewe's medicine history - where does the new "
              "server call get declared?",
              "can I change getEwe to take a record instead of a string?"],
             "Every client-server call is a field of the IFlockApi record in src/Shared/Api.fs "
             "(Fable.Remoting); new or changed calls are new fields - never change an existing "
             "field's signature (argument or return types), because the lambing-shed tablets run a cached client for days "
             "and break on a changed one.",
             {"task": "the tablets should show a ewe's medicine history on her page - product, "
                      "dose, date, end of the withdrawal period",
              "follow": [read("src/Shared/Api.fs",
                              "module Shared.Api\n\nopen Shared.Domain\n\ntype IFlockApi =\n"
                              "    { getEwe: string -> Async<Ewe option>\n      recordLambing: "
                              "LambingEntry -> Async<Result<unit, string>>\n      listEwes: "
                              "unit -> Async<Ewe list> }\n"),
                         edit("src/Shared/Api.fs",
                              "      listEwes: unit -> Async<Ewe list> }\n",
                              "      listEwes: unit -> Async<Ewe list>\n      "
                              "getMedicineHistory: string -> Async<MedicineDose list> }\n"),
                         edit("src/Server/Api.fs",
                              "      listEwes = Ewes.list db }\n",
                              "      listEwes = Ewes.list db\n      getMedicineHistory = "
                              "Medicines.historyFor db }\n"),
                         bash("dotnet build",
                              built.format(proj="  Shared -> src/Shared/bin/Debug/net8.0/"
                                                "Shared.dll\n  Server -> src/Server/bin/Debug/"
                                                "net8.0/Server.dll", t="00:00:22.05"))],
              "done": "The ewe page shows her medicine history, newest first, with the "
                      "withdrawal end date in red while it's still in the future. Server and "
                      "client build.",
              "commit": ("feat", "api", "add getMedicineHistory to the remoting API"),
              "commit_body": "Adds a new IFlockApi field instead of widening getEwe's return "
                             "type. The lambing-shed tablets keep a cached client for days at "
                             "a time (no signal in the shed), and Fable.Remoting matches calls "
                             "by field name and signature: changing an existing field breaks "
                             "every tablet still on the old client until someone reloads it. "
                             "New or changed calls are always new fields; old ones are removed "
                             "only after a release has been out for a fortnight."}),
        Fact("cmd-runtests", "command", ["dotnet run -- RunTests"],
             ["dotnet test says no tests are available - how are the Expecto tests actually "
              "run?",
              "what's the command to run the server and client tests before I push?"],
             "Run the tests with `dotnet run -- RunTests` from the repo root (a target of the "
             "Build project): they're Expecto console apps, so `dotnet test` finds none; the "
             "target also runs the client tests through Fable and Mocha.",
             {"goal": "run the tests, I changed how the withdrawal end date is calculated",
              "look": [bash("ls tests/ && head -5 tests/Server/Server.Tests.fsproj",
                            "Client\nServer\nShared\n<Project Sdk=\"Microsoft.NET.Sdk\">\n  "
                            "<PropertyGroup>\n    <OutputType>Exe</OutputType>\n    "
                            "<TargetFramework>net8.0</TargetFramework>\n  </PropertyGroup>")],
              "question": "The test projects are Expecto console apps (OutputType Exe, no test "
                          "adapter), so `dotnet test` won't find them. Is there a build target "
                          "you use, or should I `dotnet run` each test project?",
              "ask_q": "How do you run the test suites here?",
              "ask_header": "Tests",
              "options": [("dotnet test", "The usual test runner"),
                          ("Each project", "dotnet run in tests/Server, tests/Shared, "
                                           "tests/Client"),
                          ("Build target", "A target of the Build project")],
              "answer": "dotnet run -- RunTests from root. does the client ones too",
              "ok": bash("dotnet run -- RunTests",
                         "Starting target 'RunTests'\n[Server.Tests] EXPECTO! 143 tests run in "
                         "00:00:04.2150 for all - 143 passed, 0 ignored, 0 failed, 0 errored. "
                         "Success!\n[Shared.Tests] EXPECTO! 61 tests run in 00:00:00.8802 for "
                         "all - 61 passed, 0 ignored, 0 failed, 0 errored. Success!\n[Client] "
                         "  38 passing (412ms)\nFinished (Success) 'RunTests' in 00:01:12.31"),
              "done": "Everything passes: 143 server, 61 shared and 38 client tests, including "
                      "the withdrawal-date ones."}),
        Fact("cmd-dbup", "command", ["DbUp.Runner"],
             ["how do I apply the new SQL migration script to my local database?",
              "what actually runs the database migrations in this repo?"],
             "Apply database migrations with `dotnet run --project tools/DbUp.Runner -- "
             "--apply` (DbUp, runs db/scripts/ in order); the server doesn't migrate on "
             "startup, so new scripts do nothing until it's run.",
             {"cs": {"at": ("errors", "solving", "concepts"),
                     "request": "The user asked for a withdrawal-period warning on the sale "
                                "list: ewes and lambs still inside a medicine's meat withdrawal "
                                "period must be flagged and kept out of a sale batch.",
                     "progress": "Wrote a view for animals under withdrawal and a check in the "
                                 "sale batch builder.",
                     "concepts": ["Meat withdrawal periods per medicine dose",
                                  "Postgres views read with Dapper.FSharp",
                                  "Elmish view flags on the sale list"],
                     "files": [("db/scripts/0032_under_withdrawal_view.sql",
                                "New view under_withdrawal(eid, product, withdrawal_ends)"),
                               ("src/Server/Sales.fs", "buildBatch rejects animals found in "
                                                       "the view")],
                     "errors": ["The server failed with 'relation \"under_withdrawal\" does not "
                                "exist' on the first run."],
                     "solving": "The sale batch builder now returns an error listing the "
                                "blocked animals instead of silently dropping them.",
                     "messages": ["flag anything still under withdrawal on the sale list and "
                                  "don't let it into a batch", "yes block it, not just warn"],
                     "pending": ["Apply the new script locally", "Check the sale list page"],
                     "current": "Code for the view and the check is written; the local "
                                "database doesn't have the view yet.",
                     "next": "Apply the migration locally and load the sale list."},
              "fact_line": "The server doesn't migrate on startup: new scripts in db/scripts/ "
                           "only reach the database through `dotnet run --project tools/"
                           "DbUp.Runner -- --apply` (DbUp), which is why the view was "
                           "'missing'.",
              "resume": "Applying the new script.",
              "ok": bash("dotnet run --project tools/DbUp.Runner -- --apply",
                         "Beginning database upgrade\nChecking whether journal table exists\n"
                         "Fetching list of already executed scripts.\nExecuting Database Server "
                         "script 'db/scripts/0032_under_withdrawal_view.sql'\nChecking whether "
                         "journal table exists\nUpgrade successful"),
              "done": "The view is in; the sale list flags the three ewes still under "
                      "withdrawal and the batch builder refuses them with their names."}),
        Fact("env-cph", "environment", ["84/512/0033"],
             ["what holding number do the movement reports go out under?",
              "which CPH should a test movement in the sandbox use?"],
             "The farm's holding number (CPH) is 84/512/0033; being in Scotland, movements are "
             "reported to ScotEID (not ARAMS), and the ScotEID sandbox takes the same CPH for "
             "testing.",
             {"goal": "wire up the movement report for the 60 gimmer lambs going to lanark mart "
                      "on thursday - scoteid sandbox first",
              "look": [bash("grep -n Cph src/Server/appsettings.json",
                            "14:    \"DepartureCph\": \"00/000/0000\",")],
              "question": "ScotEID needs the departure holding's CPH, and appsettings.json only "
                          "has a placeholder (00/000/0000). I'd rather not guess - what's the "
                          "farm's holding number?",
              "ask_q": "What's the farm's holding number (CPH) for the movement report?",
              "ask_header": "CPH",
              "options": [("Use the placeholder", "Keep 00/000/0000 for the sandbox"),
                          ("I'll type it", "The real CPH")],
              "answer": "84/512/0033. same one for sandbox",
              "probe": [edit("src/Server/appsettings.json",
                             "\"DepartureCph\": \"00/000/0000\",",
                             "\"DepartureCph\": \"84/512/0033\","),
                        bash("curl -s -X POST https://sandbox.scoteid.com/api/v1/movements -H "
                             "\"Authorization: Bearer $SCOTEID_SANDBOX_TOKEN\" -H 'Content-Type: "
                             "application/json' -d @tmp/lanark-movement.json",
                             "{\"status\":\"accepted\",\"reference\":\"SBX-MV-20931\","
                             "\"departureCph\":\"84/512/0033\",\"animals\":60}")],
              "confirm": "The sandbox accepted the movement from 84/512/0033 with all 60 lambs "
                         "(reference SBX-MV-20931). Same CPH goes into the live report on "
                         "Thursday; only the endpoint and token change."}),
        Fact("env-eiddrop", "environment", ["eid-drop"],
             ["how do the stick reader's tag reads get from the handling pens into the app?",
              "where does the EID reader's upload land, and how often is it picked up?"],
             "EID reads from the handling pens' Shearwell stick reader arrive as CSV files that "
             "its PC sync drops into the Azure Blob container eid-drop; EidImport.fs polls the "
             "container every 5 minutes - nothing is pushed to the server.",
             {"cs": {"at": ("concepts", "files", "current"),
                     "request": "The user asked why Tuesday's weighing-session reads weren't "
                                "showing against the ewes, and to make the import accept the "
                                "reader's new date format.",
                     "progress": "Found the reader's firmware update changed its dates from "
                                 "dd/MM/yyyy to yyyy-MM-dd; the import rejected every row.",
                     "concepts": ["Shearwell stick reader CSV exports",
                                  "DateOnly.TryParseExact with several formats"],
                     "files": [("src/Server/Import/ReaderCsv.fs", "parseDate now accepts "
                                                                 "dd/MM/yyyy and yyyy-MM-dd")],
                     "solving": "Rejected files are kept, so they can be re-imported once the "
                                "parser accepts them.",
                     "messages": ["tuesday's weights aren't showing on the ewes, what happened",
                                  "make it take both date formats"],
                     "pending": ["Check Tuesday's files are still waiting",
                                 "Let the next poll import them"],
                     "current": "The parser fix is in; Tuesday's files haven't been re-read "
                                "yet.",
                     "next": "List the waiting files and confirm the next poll picks them up."},
              "fact_line": "Tag reads reach the app as CSVs that the Shearwell reader's PC sync "
                           "drops into the Azure Blob container `eid-drop`; EidImport.fs polls "
                           "it every 5 minutes - nothing is pushed to the server.",
              "fact_file": "src/Server/Jobs/EidImport.fs",
              "resume": "Listing the waiting files.",
              "probe": [bash("az storage blob list --account-name glenrowanflock "
                             "--container-name eid-drop --prefix weigh_0611 --query \"[].name\" "
                             "-o tsv",
                             "weigh_0611_0932.csv\nweigh_0611_1004.csv\nweigh_0611_1047.csv")],
              "confirm": "Tuesday's three weighing files are still in eid-drop; with the parser "
                         "accepting both formats, the next 5-minute poll imports them and the "
                         "weights appear on the ewes."}),
        Fact("gotcha-climutable", "gotcha", ["CLIMutable"],
             ["a Dapper query for ewes throws 'A parameterless default constructor or one "
              "matching signature is required' - why?",
              "does the order of columns in a select matter when Dapper maps rows into our F# "
              "records?"],
             "Dapper materialises F# records through their constructor, so the select's column "
             "order must match the record's field order - unless the row type is marked "
             "[<CLIMutable>], which every row type in src/Server/Rows.fs should be; otherwise "
             "it throws 'A parameterless default constructor or one matching signature ... is "
             "required'.",
             {"symptom": "the ewe list 500s since callum added breed to the query",
              "probe": [bash("grep -A3 'InvalidOperationException' logs/server.log | tail -4",
                             "System.InvalidOperationException: A parameterless default "
                             "constructor or one matching signature (System.String eid, "
                             "System.String breed, System.Int16 tag_no, System.DateTime born_on) "
                             "is required for Flockbook.Server.Rows+EweRow materialization\n   "
                             "at Dapper.SqlMapper.GenerateDeserializerFromMap(...)"),
                        read("src/Server/Rows.fs",
                             "module Flockbook.Server.Rows\n\nopen System\n\ntype EweRow =\n    "
                             "{ eid: string\n      tag_no: int16\n      born_on: DateTime\n      "
                             "breed: string }\n")],
              "explain": "Dapper builds an F# record through its constructor, matching the "
                         "select's columns to the constructor's parameters in order. The query "
                         "now selects breed second while the record declares it last, so no "
                         "constructor matches. Giving the row type a parameterless constructor "
                         "and settable properties with [<CLIMutable>] makes column order "
                         "irrelevant.",
              "site": ("src/Server/Rows.fs", "type EweRow =\n", "{c}[<CLIMutable>]\ntype EweRow "
                                                                "=\n"),
              "mark": "//",
              "comment": "Dapper maps rows through the record's constructor, so without "
                         "CLIMutable the select's column order must match the field order "
                         "exactly (and the error doesn't say which column is off). Keep "
                         "CLIMutable on every row type here.",
              "fix": [bash("dotnet build src/Server",
                           built.format(proj="  Server -> src/Server/bin/Debug/net8.0/"
                                             "Server.dll", t="00:00:14.77"))],
              "done": "The ewe list loads again, breed included."}),
        Fact("gotcha-npgsql", "gotcha", ["Kind=Unspecified"],
             ["saving a lambing record throws an error about writing a DateTime to 'timestamp "
              "with time zone' - what's the fix?",
              "how should DateTime values be handed to Postgres from the server code?"],
             "Npgsql 6+ refuses a DateTime with Kind=Unspecified for timestamptz columns: times "
             "from the tablets are converted from Europe/London to UTC where they arrive before "
             "saving - don't set Npgsql.EnableLegacyTimestampBehavior.",
             {"symptom": "morag says the lambing entry form on the tablets errors on save since "
                         "the .net 8 upgrade",
              "probe": [bash("grep -m1 -A1 'ArgumentException' logs/server.log",
                             "System.ArgumentException: Cannot write DateTime with "
                             "Kind=Unspecified to PostgreSQL type 'timestamp with time zone', "
                             "only UTC is supported. Note that it's not possible to mix "
                             "DateTimes with different Kinds in an array, range, or multirange. "
                             "(Parameter 'value')\n   at Npgsql.Internal.Converters."
                             "DateTimeConverterResolver`1.Get(...)")],
              "explain": "The upgrade brought Npgsql 8, which only writes UTC DateTimes to "
                         "timestamptz columns. The tablets send the birth time as a local farm "
                         "time without a kind, which the old driver quietly treated as local. "
                         "There's a compatibility switch that restores the old behaviour, but "
                         "it's deprecated and only hides the problem - converting to UTC where "
                         "the entry arrives is the real fix.",
              "fix": [edit("src/Server/Lambing.fs",
                           "          born_at = entry.BornAt\n",
                           "          born_at = TimeZoneInfo.ConvertTimeToUtc(entry.BornAt, "
                           "farmZone)\n"),
                      bash("dotnet build src/Server",
                           built.format(proj="  Server -> src/Server/bin/Debug/net8.0/"
                                             "Server.dll", t="00:00:13.90"))],
              "done": "Lambing entries save again; the birth time is stored in UTC and shown "
                      "back in farm time.",
              "commit": ("fix", "lambing", "convert lambing times to UTC before saving"),
              "commit_body": "Npgsql 8 (pulled in by the .NET 8 upgrade) refuses to write a "
                             "DateTime with Kind=Unspecified to a timestamptz column, and the "
                             "tablets send local farm times without a kind, so every lambing "
                             "entry failed to save. Convert from Europe/London to UTC where the "
                             "entry arrives.\n\nNot setting Npgsql.EnableLegacyTimestampBehavior"
                             ": it's deprecated and only hides the problem."}),
        Fact("fals-sqlprovider", "falsified", ["SQLProvider"],
             ["could we use an F# type provider for the database so queries are checked at "
              "compile time?",
              "why are the queries hand-written with Dapper.FSharp instead of generated from "
              "the schema?"],
             "SQLProvider (the F# SQL type provider) was tried for the ewe queries and backed "
             "out: it needs a live database at compile time, so the Docker/CI build (no "
             "database) failed with FS3033. Queries stay on Dapper.FSharp.",
             {"ask": "let's try the sql type provider for the ewe queries, i'm sick of typos in "
                     "column names. just the Ewes module for now",
              "change": [bash("dotnet add src/Server package SQLProvider",
                              "info : Adding PackageReference for package 'SQLProvider' into "
                              "project 'src/Server/Server.fsproj'.\ninfo : PackageReference for "
                              "package 'SQLProvider' version '1.3.51' added to file "
                              "'src/Server/Server.fsproj'."),
                         edit("src/Server/Ewes.fs", "open Dapper.FSharp.PostgreSQL\n",
                              "open FSharp.Data.Sql\n\ntype Db = SqlDataProvider<Common."
                              "DatabaseProviderTypes.POSTGRESQL, \"Host=localhost;Database="
                              "flockbook;Username=flockbook\">\n")],
              "broke": bash("docker build -t flockbook .",
                            "#12 [build 6/7] RUN dotnet publish src/Server -c Release -o /app\n"
                            "#12 41.30 src/Server/Ewes.fs(5,11): error FS3033: The type "
                            "provider 'FSharp.Data.Sql.SqlTypeProvider' reported an error: "
                            "Failed to connect to 127.0.0.1:5432\n#12 ERROR: process \"/bin/sh "
                            "-c dotnet publish src/Server -c Release -o /app\" did not complete "
                            "successfully: exit code: 1", 1),
              "revert": bash("git checkout -- src/Server/", ""),
              "site": ("src/Server/Ewes.fs", "module Flockbook.Server.Ewes\n",
                       "module Flockbook.Server.Ewes\n\n{c}"),
              "mark": "//",
              "comment": "Queries here are Dapper.FSharp on purpose. SQLProvider was tried: it "
                         "needs a live database at compile time, so the Docker/CI build (no "
                         "database) fails with FS3033. Column-name typos are caught by the "
                         "query tests instead.",
              "conclusion": "Backed out - the type provider connects to Postgres while "
                            "compiling, and the Docker build has no database, so publishing "
                            "fails. Against the typos I could add a test per query module that "
                            "runs each query once against the test database."}),
        Fact("fals-signalr", "falsified", ["SignalR"],
             ["can the lambing board on the shed tablets update instantly with a websocket "
              "push instead of polling?",
              "why does the lambing board poll the server every 20 seconds?"],
             "Live push to the shed tablets with SignalR (Fable.SignalR) was tried and "
             "abandoned: the shed's 4G router drops websocket connections every few minutes and "
             "the tablets kept showing a stale board without noticing. The lambing board polls "
             "every 20 seconds.",
             {"cs": {"at": ("solving", "messages", "errors"),
                     "request": "The user asked for the lambing board to show new lambs sooner "
                                "and to highlight ewes that have been in labour for more than "
                                "an hour.",
                     "progress": "Added the in-labour-since column and the amber highlight; "
                                 "discussed how updates reach the tablets.",
                     "concepts": ["Elmish subscriptions and timers",
                                  "Fable.Remoting calls from the board"],
                     "files": [("src/Client/LambingBoard.fs", "Amber highlight when "
                                                             "inLabourSince is over an hour "
                                                             "ago"),
                               ("src/Server/Lambing.fs", "boardState returns inLabourSince")],
                     "errors": ["The highlight compared a UTC time with local time; fixed by "
                                "converting on the server."],
                     "solving": "The highlight works in the browser.",
                     "messages": ["the board on the tablets is too slow to show new lambs, and "
                                  "can it show who's been lambing over an hour"],
                     "pending": ["Speed up the board's refresh"],
                     "current": "The highlight is done; the refresh interval is still 60 "
                                "seconds.",
                     "next": "Shorten the board's polling interval."},
              "fact_line": "Pushing updates with SignalR (Fable.SignalR) was prototyped and "
                           "abandoned: the shed's 4G router drops websocket connections every "
                           "few minutes and the tablets kept showing a stale board without "
                           "noticing. Decision: keep polling, at 20 s instead of 60 s.",
              "fact_user": "no signalr. we tried it last spring, the 4g router in the shed "
                           "kills websockets every few minutes and the tablets just sat there "
                           "showing an old board. polling is fine, make it faster",
              "resume": "Shortening the poll.",
              "work": [edit("src/Client/LambingBoard.fs",
                            "let refreshEvery = TimeSpan.FromSeconds 60.",
                            "let refreshEvery = TimeSpan.FromSeconds 20."),
                       bash("dotnet fable src/Client -o src/Client/output --run npx vite build",
                            "Fable 4.19.3: F# to JavaScript compiler\nCompiled 38/38: src/"
                            "Client/LambingBoard.fs\nFable compilation finished in 14403ms\n\n"
                            "vite v5.2.11 building for production...\n✓ 212 modules "
                            "transformed.\n✓ built in 3.21s")],
              "done": "The board now refreshes every 20 seconds, and ewes in labour for over "
                      "an hour are highlighted in amber."}),
    ]
    noise = [
        _look("what does the Ewe type look like in Shared?", "src/Shared/Domain.fs",
              "module Shared.Domain\n\n[<Struct>]\ntype Eid = Eid of string\n\ntype Ewe =\n    "
              "{ Eid: Eid\n      TagNo: int\n      Breed: string\n      BornOn: System.DateOnly "
              "}\n",
              "A record with the EID (a single-case union), the tag number, breed and date of "
              "birth."),
        _find("where do we calculate the lambing percentage?", "lambingPercentage",
              ["src/Server/Reports.fs", "tests/Server/ReportsTests.fs"],
              "Reports.fs computes it (lambs reared per ewe put to the tup); ReportsTests.fs "
              "covers it."),
        _tweak("the medicines page says 'Withdrawl period'", "src/Client/Medicines.fs",
               "Html.th \"Withdrawl period\"", "Html.th \"Withdrawal period\""),
        _run("how many migration scripts are there?", "ls db/scripts | wc -l", "30",
             "30 scripts."),
        _talk("what's the difference between async and task in F#?",
              "async { } is cold - nothing runs until you start it, and it passes a "
              "cancellation token implicitly. task { } is hot: it starts at once and is a .NET "
              "Task, which is cheaper and what most .NET libraries expect."),
        _steps("run fantomas over the server project",
               [bash("dotnet fantomas src/Server", "Processed 41 files, formatted 2.")],
               "Fantomas reformatted 2 of the 41 server files."),
        _steps("add the sire to the ewe page",
               [edit("src/Client/EwePage.fs",
                     "            Html.dd ewe.Breed\n",
                     "            Html.dd ewe.Breed\n            Html.dt \"Sire\"\n            "
                     "Html.dd (ewe.Sire |> Option.defaultValue \"unknown\")\n"),
                bash("dotnet build src/Client", "Build succeeded.\n    0 Warning(s)\n    0 "
                                                "Error(s)")],
               "The ewe page shows the sire (or 'unknown')."),
        _steps("plan the tupping groups page",
               [exit_plan("## Plan\n\n1. A tupping_group table (tup, ewes, dates in and out)\n"
                          "2. A page to build groups from the ewe list\n3. Expected lambing "
                          "dates from the tupping dates", "tupping-groups")],
               "Plan approved - starting with the table."),
    ]
    _frame(facts, {"conv-mgmttag": conv_teammate, "conv-api": conv_commit,
                   "cmd-runtests": cmd_ask, "cmd-dbup": cmd_compact,
                   "env-cph": env_ask, "env-eiddrop": env_compact,
                   "gotcha-climutable": gotcha_comment, "gotcha-npgsql": gotcha_commit,
                   "fals-sqlprovider": fals_comment, "fals-signalr": fals_compact},
           {"repo": "glenrowan-college/flockbook"})
    return Project(
        "flockbook", "git@github.com:glenrowan-college/flockbook.git",
        {"README.md": "# flockbook\n\nFlock records for the Glenrowan hill farm (F#, SAFE "
                      "stack).\n",
         "CLAUDE.md": "# flockbook\n\nF# throughout: src/Server (Saturn), src/Client (Fable + "
                      "Elmish), src/Shared.\n\n## Conventions\n- Fantomas formatting\n",
         "global.json": "{\n  \"sdk\": { \"version\": \"8.0.300\" }\n}\n"},
        facts, noise, "postgres")


def projects() -> list[Project]:
    return [arboretix(), fareline(), cranewise(), flockbook()]
