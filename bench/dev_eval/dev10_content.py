"""The ``dev10`` split: four projects in stacks no other split uses (an Android app in Kotlin and
Jetpack Compose for volunteer footpath wardens - Hilt, Room, WorkManager, Gradle flavors,
Roborazzi screenshot tests, Firebase App Distribution; a Tauri 2 desktop app for a community
radio station's studios - a cart wall of jingles and an aired-tracks log, Rust with
tauri-specta and SQLite behind a SolidJS / Vite front end, Windows installers; a PostgreSQL
extension in C with count-min sketch and top-k aggregates, built with PGXS, tested with
pg_regress on a cassert build, formatted with pgindent; a PySpark pipeline on Databricks for a
water utility's smart meters - Auto Loader, Delta tables in Unity Catalog, Asset Bundles,
pytest on local Spark), ten planted facts each, and phrasing templates of its own.

Written in the ninth pass by a helper that read no capture or recall code, to be read untuned:
its facts are said through the parts of a Claude Code session the other splits never use - the
agentic tools and the harness around them. A rule typed as feedback when the user declines the
assistant's edit at the permission prompt; a rule the user types into the "Other" box of an
``AskUserQuestion``; a rule the user has the assistant add to its ``TodoWrite`` list; a rule a
review subagent reports as a must-fix. A command a subagent digs out of the repository; a
command from a custom slash command's expanded prompt; a command corrected in the assistant's
todo list; a command a ``PreToolUse`` hook names when it blocks the wrong one. An environment
fact in the context section of a plan the user approves with ``ExitPlanMode``; one the tool
output shows after the assistant tried the usual default; one the assistant writes into a pull
request's "Tested against" section; one the user picks from an ``AskUserQuestion`` and the
assistant then verifies. A gotcha tracked to its root cause in a todo list; one found by the
second of two subagents sent out in parallel; one explained in a reply to a reviewer's question
on the pull request; one explained in an explanatory-style "★ Insight" box. An approach tried
as step one of an approved plan; one tried by a subagent in isolation; one logged in the
changelog as tried and reverted; one dropped from the todo list.

Slots are the shared ones (``templates.py``) plus: for a convention, ``asks`` / ``header`` /
``offer`` (the assistant's ``AskUserQuestion``: its question, chip label and two ``(label,
description)`` options that are not the rule) and ``evidence`` (what the review agent cites);
for a command, ``where`` (where the subagent found it), ``slash`` (``(name, title)``: the custom
slash command that runs it) and ``guard`` (``(hook script, message)``: the hook that blocks the
failing command); for an environment fact, ``short`` (a one-line form), ``plan_for`` (the
change a plan is made for), ``assume`` (a tool run on the usual default that doesn't answer),
``value`` / ``alt`` (the answer and a look-alike) and ``pr`` (``(title, summary)`` of the pull
request it is written into); for a gotcha, ``cause`` (one line), ``suspect`` (where the second
agent looks), ``decoy`` (``(area, report)`` of the agent that finds nothing) and ``question``
(the reviewer's); for a falsified approach, ``pain``, ``idea`` and ``why`` (the reason in a
phrase). Every fact also gets ``repo`` (``owner/name``) from its project.
"""

from __future__ import annotations

import hashlib
import random
import re

from .templates import cap
from .transcript import (
    REJECTED,
    Tool,
    agent,
    ask_user,
    bash,
    edit,
    exit_plan,
    grep,
    read,
    refused,
    todo_write,
    write,
)
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3

_SLUG_A = ("quiet", "brisk", "amber", "woven", "tidy", "lucid", "sturdy", "gentle", "rapid")
_SLUG_B = ("harbor", "meadow", "lantern", "pebble", "orchard", "compass", "thistle", "beacon")
_SLUG_C = ("falcon", "otter", "badger", "heron", "wren", "marten", "plover", "vole")


def _slug(rng: random.Random) -> str:
    return f"{rng.choice(_SLUG_A)}-{rng.choice(_SLUG_B)}-{rng.choice(_SLUG_C)}"


def _agent_id(rng: random.Random) -> str:
    return "a" + "".join(rng.choice("0123456789abcdef") for _ in range(16))


def _bare(command: str) -> str:
    """The command as someone would write it down: without what only trimmed its output here."""
    command = command.split(" | ")[0].replace(" 2>&1", "")
    parts = [p for p in command.split(" && ")
             if not p.startswith(("git diff", "git status", "git log"))]
    return " && ".join(parts)


def _sentences(text: str) -> list[str]:
    return [p for p in re.split(r"(?<=[.!?])\s+(?=[A-Z])", text.strip()) if p]


def _paths(tools) -> list[str]:
    seen: list[str] = []
    for tool in tools:
        if tool.path and tool.path not in seen:
            seen.append(tool.path)
    return seen


def _evidence(tools) -> str:
    """What a subagent quotes from the tools it ran: each command (or file) with the top of its
    output."""
    out = []
    for tool in tools:
        if tool.name == "Bash":
            head = "\n".join(tool.output.splitlines()[:4])
            out.append(f"`{_bare(tool.command)}`:\n```\n{head}\n```")
        elif tool.name == "Read":
            head = "\n".join(tool.output.splitlines()[:5])
            out.append(f"{tool.path}:\n```\n{head}\n```")
    return "\n\n".join(out)


def _pr_number(rng: random.Random) -> int:
    return rng.randrange(120, 880)


# ------------------------------------------------------------------- phrasing templates
# Conventions: typed as feedback when the user declines the assistant's edit at the permission
# prompt; typed into the "Other" box of the assistant's AskUserQuestion; added by the user to
# the assistant's todo list; reported as a must-fix by a review subagent.
def conv_declined_edit(s: dict, rng: random.Random) -> Episode:
    contrary = s.get("contrary")
    if contrary is None:
        return conv_other_box(s, rng)
    lead = rng.choice(("no.", "nope -", "not like that:", "don't -"))
    return [Step(prompt=cap(s["task"])),
            Step(text=rng.choice(("Here's the change.", "Writing it now.", "Adding it.")),
                 tools=[refused(contrary, REJECTED + f"{lead} {s['rule']}")]),
            Step(text="Fair - reworking the edit along those lines.", tools=s["follow"]),
            Step(text=s["done"])]


def conv_other_box(s: dict, rng: random.Random) -> Episode:
    offer = s.get("offer")
    if not offer or not s.get("asks"):
        return conv_todo_added(s, rng)
    options = list(offer)
    rng.shuffle(options)
    question = ask_user(s["asks"], s.get("header", "Approach"), options, s["rule"])
    return [Step(prompt=cap(s["task"])),
            Step(text="One decision before I write it.", tools=[question]),
            Step(text="Neither of my options, then - going with yours.", tools=s["follow"]),
            Step(text=s["done"])]


def conv_todo_added(s: dict, rng: random.Random) -> Episode:
    task = cap(s["task"])
    first = [(task, "in_progress", "Making the change"),
             ("Run the affected tests", "pending", "Running the affected tests")]
    added = [*first, (f"Check: {s['rule']}", "pending", "Checking it against the house rule")]
    closed = [(c, "completed", a) for c, _, a in added]
    return [Step(prompt=task),
            Step(tools=[todo_write(first)]),
            Step(prompt=rng.choice(("add one to your list: ", "put this on the list too: "))
                 + f"{s['rule']}. reviewers bounce PRs over that"),
            Step(tools=[todo_write(added, old=first)]),
            Step(tools=s["follow"]),
            Step(tools=[todo_write(closed, old=added)]),
            Step(text=f"{s['done']} The last item holds too.")]


def conv_review_agent(s: dict, rng: random.Random) -> Episode:
    contrary = s.get("contrary")
    if contrary is None:
        return conv_todo_added(s, rng)
    where = contrary.path
    evidence = s.get("evidence", "The rest of the codebase already does it that way.")
    report = (f"Reviewed the uncommitted change to {where}.\n\n**Must fix**\n1. In this "
              f"repository {s['rule']}. The new code doesn't. {evidence}\n\n**Looks fine**\n- "
              f"Naming and file placement match the neighbouring code.\n- No unrelated changes "
              f"in the diff.")
    review = agent("Review uncommitted change",
                   f"Review the uncommitted diff to {where} against the conventions this "
                   f"repository actually follows - look at neighbouring code to see how things "
                   f"are done here. List must-fix issues first, then minor ones. Don't edit "
                   f"anything.", report, _agent_id(rng), "general-purpose",
                   rng.randrange(5, 14))
    return [Step(prompt=f"{s['task']} - and have a review agent look it over before you hand "
                        f"it back"),
            Step(tools=[contrary]),
            Step(text="Change is in. Handing the diff to a review agent.", tools=[review]),
            Step(text="The must-fix is fair. Fixing it.", tools=s["follow"]),
            Step(text=s["done"]),
            Step(prompt=rng.choice(("good catch by the bot. yes, that one's a hard rule",
                                    "yep, that rule is non-negotiable here",
                                    "right, forgot to mention that one"))),
            Step(text="Noted - I'll write it that way from the start.")]


# Commands: dug out of the repository by a subagent; run from a custom slash command's
# expanded prompt; corrected in the assistant's own todo list; named by a PreToolUse hook that
# blocks the command the assistant tried.
def cmd_explore_agent(s: dict, rng: random.Random) -> Episode:
    ok = s["ok"]
    good = _bare(ok.command)
    where = s.get("where", "the CI workflow")
    steps: Episode = [Step(prompt=s["goal"]), Step(tools=[s["fail"]])]
    if s.get("fail2"):
        steps.append(Step(text="Trying the other obvious way.", tools=[s["fail2"]]))
    report = (f"The invocation this repository uses:\n\n```\n{good}\n```\n\nFound in {where}. "
              f"Nothing in the repo runs it any other way.")
    steps += [Step(text="Rather than keep guessing, I'll send an Explore agent through the CI "
                        "config, scripts and docs.",
                   tools=[agent("Find the right invocation",
                                f"The user wants to: {s['goal']}. Find how this repository "
                                f"actually does that - CI workflows, scripts, Makefiles, docs. "
                                f"Report the exact command and where it is used. Read only.",
                                report, _agent_id(rng), "Explore", rng.randrange(6, 20))]),
              Step(text=s["note"], tools=[ok]),
              Step(text=s["done"])]
    return steps


def cmd_slash_command(s: dict, rng: random.Random) -> Episode:
    slash = s.get("slash")
    if not slash:
        return cmd_explore_agent(s, rng)
    name, title = slash
    good = _bare(s["ok"].command)
    body = (f"# {title}\n\nRun from the repository root:\n\n```bash\n{good}\n```\n\nIf it "
            f"fails, show me the last lines of the output and stop - don't try variants.\n")
    return [Step(prompt=s["goal"]),
            Step(tools=[s["fail"]]),
            Step(text="That fails here. Let me see what's different about this setup."),
            Step(prompt=f"<command-message>{name}</command-message>\n<command-name>/{name}"
                        f"</command-name>"),
            Step(prompt=body, meta=True),
            Step(tools=[s["ok"]]),
            Step(text=f"{s['done']}\n\n(What the command file does differently: {s['note']})")]


def cmd_todo_fixed(s: dict, rng: random.Random) -> Episode:
    bad, good = _bare(s["fail"].command), _bare(s["ok"].command)
    first = [(f"Run `{bad}`", "in_progress", "Running it"),
             ("Report the result", "pending", "Reporting the result")]
    second = [(f"`{bad}` - doesn't work here", "completed", "Trying the first way"),
              (f"Run `{good}` instead", "in_progress", "Running the working command"),
              ("Report the result", "pending", "Reporting the result")]
    closed = [(c, "completed", a) for c, _, a in second]
    return [Step(prompt=s["goal"]),
            Step(tools=[todo_write(first)]),
            Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[todo_write(second, old=first)]),
            Step(tools=[s["ok"]]),
            Step(tools=[todo_write(closed, old=second)]),
            Step(text=s["done"])]


def cmd_hook_blocked(s: dict, rng: random.Random) -> Episode:
    guard = s.get("guard")
    if not guard:
        return cmd_todo_fixed(s, rng)
    script, message = guard
    blocked = refused(s["fail"], f"PreToolUse:Bash hook error: [{script}]: {message}")
    return [Step(prompt=s["goal"]),
            Step(tools=[blocked]),
            Step(text=f"The repo's hook ({script}) stopped that before it ran and says what to "
                      f"use instead. {s['note']}", tools=[s["ok"]]),
            Step(text=s["done"])]


# Environment facts: the context section of a plan the user approves; shown by the tools after
# the assistant tried the usual default; written into a pull request's "Tested against"
# section; picked by the user from an AskUserQuestion and verified.
def env_plan_context(s: dict, rng: random.Random) -> Episode:
    plan_for = s.get("plan_for", "make the change")
    plan = (f"## Plan: {plan_for}\n\n### Context (checked, nothing changed yet)\n- "
            f"{cap(s['short'])}.\n\n### Steps\n1. Make the change on a branch\n2. Run the "
            f"tests and the linter\n3. Open a draft PR for review\n")
    return [Step(prompt=f"{plan_for}. plan first - look around, don't change anything yet"),
            Step(text="Looking at the current setup first (read-only).", tools=s["probe"]),
            Step(tools=[exit_plan(plan, _slug(rng))]),
            Step(text="Plan approved. Starting with the branch.")]


def env_default_first(s: dict, rng: random.Random) -> Episode:
    assume = s.get("assume")
    if assume is None:
        return env_pr_body(s, rng)
    return [Step(prompt=s["goal"]),
            Step(text="Starting from the usual default.", tools=[assume]),
            Step(text="That doesn't answer it. Looking at how this setup is actually "
                      "configured.", tools=s["probe"]),
            Step(text=cap(s["confirm"]))]


def env_pr_body(s: dict, rng: random.Random) -> Episode:
    title, summary = s.get("pr", ("Work in progress", "The changes on this branch."))
    repo = s.get("repo", "acme/app")
    number = _pr_number(rng)
    body = (f"## What\n{summary}\n\n## Tested against\n- {cap(s['short'])}\n\n## Notes\nDraft "
            f"- happy to split it up if it's too big.\n")
    return [Step(prompt="open a draft PR for this branch. fill in the template's 'tested "
                        "against' section from the actual setup, not from memory"),
            Step(text="Checking the setup so that section is accurate.", tools=s["probe"]),
            Step(tools=[bash(f"gh pr create --draft --title \"{title}\" --body \"$(cat <<'EOF'"
                             f"\n{body}EOF\n)\"", f"https://github.com/{repo}/pull/{number}")]),
            Step(text=f"Draft PR #{number} is up. For the record, what went into 'Tested "
                      f"against': {s['short']}.")]


def env_pick_verify(s: dict, rng: random.Random) -> Episode:
    value, alt = s.get("value"), s.get("alt")
    if not value or not alt:
        return env_plan_context(s, rng)
    options = [(value, "referenced in this repo"), (alt, "also referenced - possibly older")]
    rng.shuffle(options)
    return [Step(prompt=s["goal"]),
            Step(text="I see two candidates and the repo alone doesn't settle it.",
                 tools=[ask_user("Which one is it?", "Setup", options, value)]),
            Step(text="Double-checking that against the live setup.", tools=s["probe"]),
            Step(text=f"Matches what you picked. {cap(s['confirm'])}")]


# Gotchas: tracked to the root cause in the assistant's todo list; found by the second of two
# subagents sent out in parallel; explained in a reply to a reviewer's question on the pull
# request; explained in an explanatory-style "★ Insight" box.
def gotcha_todo_trail(s: dict, rng: random.Random) -> Episode:
    cause = s.get("cause") or _sentences(s["explain"])[0].rstrip(".")
    first = [("Reproduce it", "in_progress", "Reproducing it"),
             ("Find the root cause", "pending", "Finding the root cause"),
             ("Fix it", "pending", "Fixing it"),
             ("Check the fix", "pending", "Checking the fix")]
    second = [("Reproduce it", "completed", "Reproducing it"),
              (f"Root cause: {cause}", "completed", "Finding the root cause"),
              ("Fix it", "in_progress", "Fixing it"),
              ("Check the fix", "pending", "Checking the fix")]
    closed = [(c, "completed", a) for c, _, a in second]
    return [Step(prompt=s["symptom"]),
            Step(tools=[todo_write(first)]),
            Step(tools=s["probe"]),
            Step(text=s["explain"], tools=[todo_write(second, old=first)]),
            Step(tools=s.get("fix", [])),
            Step(tools=[todo_write(closed, old=second)]),
            Step(text=s["done"])]


def gotcha_two_agents(s: dict, rng: random.Random) -> Episode:
    area, verdict = s.get("decoy", ("the recent commits", "Nothing relevant changed there "
                                                          "recently. Not the cause."))
    suspect = s.get("suspect", "the code path itself")
    cause = s.get("cause") or _sentences(s["explain"])[0].rstrip(".")
    found = agent(f"Investigate {suspect}",
                  f"Symptom: {s['symptom']}\n\nInvestigate {suspect}. Read only; report what "
                  f"you find with evidence.",
                  f"Found it: {cause}.\n\nEvidence:\n\n{_evidence(s['probe'])}",
                  _agent_id(rng), "general-purpose", rng.randrange(4, 12))
    nothing = agent(f"Investigate {area}",
                    f"Symptom: {s['symptom']}\n\nInvestigate {area}. Read only; report what "
                    f"you find with evidence.", verdict, _agent_id(rng), "general-purpose",
                    rng.randrange(3, 10))
    pair = [nothing, found] if rng.random() < 0.5 else [found, nothing]
    return [Step(prompt=s["symptom"]),
            Step(text=f"Two places this could come from - {area}, or {suspect}. Sending an "
                      f"agent into each in parallel.", tools=pair),
            Step(text=f"One came back empty, the other found it. {s['explain']}",
                 tools=s.get("fix", [])),
            Step(text=s["done"])]


def gotcha_reviewer_reply(s: dict, rng: random.Random) -> Episode:
    question = s.get("question", "what's this change for? looks like it does nothing")
    repo = s.get("repo", "acme/app")
    number = _pr_number(rng)
    comment = rng.randrange(1_800_000_000, 2_400_000_000)
    return [Step(prompt=s["symptom"]),
            Step(tools=s["probe"]),
            Step(text="Found it - fixing.", tools=s.get("fix", [])),
            Step(text=s["done"]),
            Step(prompt=f"reviewer on the PR asks: \"{question}\" - draft me a reply"),
            Step(text=f"Draft:\n\n> {s['explain']}"),
            Step(prompt="good, post it"),
            Step(tools=[bash(f"gh pr comment {number} --body-file - <<'EOF'\n{s['explain']}\nEOF",
                             f"https://github.com/{repo}/pull/{number}#issuecomment-{comment}")]),
            Step(text="Posted on the PR.")]


def gotcha_insight_box(s: dict, rng: random.Random) -> Episode:
    bullets = "\n".join(f"- {line}" for line in _sentences(s["explain"]))
    box = (f"`★ Insight ─────────────────────────────────────`\n{bullets}\n"
           f"`─────────────────────────────────────────────────`")
    return [Step(prompt=s["symptom"]),
            Step(text="Let me look at what it's doing.", tools=s["probe"]),
            Step(text=f"{box}\n\nApplying the fix.", tools=s.get("fix", [])),
            Step(text=s["done"]),
            Step(prompt=rng.choice(("ty", "nice, ty", "great, thanks"))),
            Step(text="You're welcome.")]


# Falsified approaches: tried as step one of a plan the user approves; tried by a subagent in
# isolation; logged in the changelog as tried and reverted; dropped from the todo list.
def fals_plan_step(s: dict, rng: random.Random) -> Episode:
    pain = s.get("pain", s["ask"])
    idea = s.get("idea", "the obvious fix")
    broke = s["broke"]
    plan = (f"## Plan: {pain}\n\n1. Try {idea} - the cheapest thing that might fix it.\n2. "
            f"Check it with `{_bare(broke.command)}`.\n3. If it doesn't hold up, revert it and "
            f"come back with the next option.\n")
    return [Step(prompt=f"{pain}. plan something before you change anything"),
            Step(tools=[exit_plan(plan, _slug(rng))]),
            Step(text="Step 1.", tools=s["change"]),
            Step(text="Step 2.", tools=[broke]),
            Step(text="Step 3: it doesn't hold up. Reverting.", tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_agent_trial(s: dict, rng: random.Random) -> Episode:
    broke = s["broke"]
    changed = ", ".join(_paths(s["change"])) or "the files involved"
    tail = "\n".join(broke.output.splitlines()[-6:])
    report = (f"Tried it. Changed: {changed}.\n\nResult of `{_bare(broke.command)}`:\n```\n"
              f"{tail}\n```\n\nReverted everything I changed; the working tree is as it was.")
    trial = agent(f"Try: {s.get('idea', 'the change')}",
                  f"{cap(s['ask'])}. Make the change, run `{_bare(broke.command)}`, report what "
                  f"happens with the numbers or errors, then revert everything you changed.",
                  report, _agent_id(rng), "general-purpose", rng.randrange(6, 16))
    return [Step(prompt=s["ask"]),
            Step(text="I'll have an agent try that in isolation and report back, so nothing "
                      "half-done lands in your tree.", tools=[trial]),
            Step(text=s["conclusion"])]


def fals_changelog(s: dict, rng: random.Random) -> Episode:
    idea = s.get("idea", "that change")
    why = s.get("why") or _sentences(s["conclusion"])[0].rstrip(".")
    path = s.get("changelog", "CHANGELOG.md")
    return [Step(prompt=s["ask"]),
            Step(tools=s["change"]),
            Step(tools=[s["broke"]]),
            Step(text="That doesn't work. Putting it back.", tools=[s["revert"]]),
            Step(text=s["conclusion"]),
            Step(prompt=rng.choice(("log it in the changelog so nobody tries this again",
                                    "write that down in the changelog, under unreleased"))),
            Step(tools=[edit(path, "## [Unreleased]\n",
                             f"## [Unreleased]\n\n### Tried and reverted\n- {cap(idea)}: "
                             f"{why}.\n")]),
            Step(text=f"Added under Unreleased in {path}.")]


def fals_todo_dropped(s: dict, rng: random.Random) -> Episode:
    idea = s.get("idea", "the change")
    why = s.get("why") or _sentences(s["conclusion"])[0].rstrip(".")
    first = [(f"Try {idea}", "in_progress", "Trying it"),
             ("Measure it", "pending", "Measuring it"),
             ("Keep it or back it out", "pending", "Deciding")]
    second = [(f"Try {idea}", "completed", "Trying it"),
              ("Measure it", "in_progress", "Measuring it"),
              ("Keep it or back it out", "pending", "Deciding")]
    closed = [(f"Try {idea}", "completed", "Trying it"),
              ("Measure it", "completed", "Measuring it"),
              (f"Back it out - {why}", "completed", "Backing it out")]
    return [Step(prompt=s["ask"]),
            Step(tools=[todo_write(first)]),
            Step(tools=s["change"]),
            Step(tools=[todo_write(second, old=first), s["broke"]]),
            Step(text=s["conclusion"]),
            Step(tools=[s["revert"], todo_write(closed, old=second)]),
            Step(text="Backed out; the tree is as it was.")]


TEMPLATES = {
    "convention": [conv_declined_edit, conv_other_box, conv_todo_added, conv_review_agent],
    "command": [cmd_explore_agent, cmd_slash_command, cmd_todo_fixed, cmd_hook_blocked],
    "environment": [env_plan_context, env_default_first, env_pr_body, env_pick_verify],
    "gotcha": [gotcha_todo_trail, gotcha_two_agents, gotcha_reviewer_reply, gotcha_insight_box],
    "falsified": [fals_plan_step, fals_agent_trial, fals_changelog, fals_todo_dropped],
}

# Everyday requests and questions, ordered so that each is asked from the project it fits
# (prompt i goes to project i % 4): the first four are about those projects (a pull-to-refresh,
# a keyboard shortcut, a counter function, a consumption total) without needing anything stored
# about them.
UNRELATED = [
    "add pull-to-refresh to the list of reports",
    "add a keyboard shortcut that fires the cart in the top-left slot",
    "add a SQL function that returns how many counters in a sketch are non-zero",
    "add a daily consumption total per district to the gold layer",
    "how does remember differ from rememberSaveable in Compose?",
    "how is a Tauri event different from a Tauri command?",
    "what's the difference between STABLE and IMMUTABLE functions in Postgres?",
    "what's a narrow versus a wide transformation in Spark?",
    "write a Kotlin extension function that formats a distance as metres or kilometres",
    "write a Rust function that turns a sample count at 48 kHz into mm:ss",
    "write a SQL query that lists the ten most common values in a column",
    "write a PySpark snippet that counts the nulls in every column of a DataFrame",
    "explain what a sealed interface buys you in Kotlin",
    "explain Rust's Send and Sync traits in plain words",
    "explain what VACUUM does and why autovacuum exists",
    "explain what a broadcast join is and when Spark picks one",
    "how do I stash just one of the files I changed and keep the rest?",
    "write a short poem about a radio mast in the fog",
    "suggest a few names for a village walking group's newsletter",
    "what's a polite way to decline a meeting that could have been an email?",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "wardenkit": [
        "how are reports assigned to a ranger once they're uploaded?",
        "where do the map tiles for offline use come from?",
        "does the app need background location, and should it ask for it?",
        "is it ok to include a warden's phone number in the reports they send?",
        "should the report form allow more than three photos?",
    ],
    "cartwall": [
        "how are the colours chosen for newly added jingles?",
        "where is the station's music library indexed?",
        "does the app log what the main playout system plays too, and should it?",
        "is it ok to store presenters' names in the aired-tracks log?",
        "should the cart wall support more than one page of carts?",
    ],
    "tallyrix": [
        "how is topk's error bound explained to users?",
        "where are the benchmark input datasets kept?",
        "does the extension run on Amazon RDS, and should we support that?",
        "is it ok to publish the extension on PGXN under the MIT licence?",
        "should sketches be serialisable to JSON?",
    ],
    "leakline": [
        "how are leak alerts passed on to the network team?",
        "where are the district meter area boundaries maintained?",
        "does the night-flow check allow for businesses that work night shifts, and should it?",
        "is it ok to keep customers' street addresses in the silver layer?",
        "should alerts be raised per meter or per district?",
    ],
}


# ------------------------------------------------------------------- noise
def chores(skim: tuple[str, str, str], callers: tuple[str, list[str], str],
           wording: tuple[str, str, str, str], check: tuple[str, str, str, str],
           chat: tuple[str, str], todo: tuple[str, list[str], list[Tool], str],
           choice: tuple[str, str, str, list[tuple[str, str]], str, Tool, str],
           explore: tuple[str, str, str]) -> list[Episode]:
    """The rest of the sessions: a file skimmed, a symbol's users found, a wording fixed, a check
    run, a bit of chat, a small multi-step chore on a todo list, a cosmetic choice put to the
    user, a question answered by an Explore agent."""
    path, content, summary = skim
    symbol, files, users = callers
    file, old, new, ask = wording
    what, command, output, verdict = check
    question, answer = chat
    todo_ask, items, todo_tools, todo_done = todo
    choice_ask, choice_q, header, options, picked, choice_tool, choice_done = choice
    explore_ask, report, explore_done = explore
    start = [(item, "in_progress" if i == 0 else "pending", item) for i, item in
             enumerate(items)]
    finish = [(item, "completed", item) for item in items]
    return [
        [Step(prompt=f"skim {path} and tell me what it's for"), Step(tools=[read(path, content)]),
         Step(text=summary)],
        [Step(prompt=f"who uses {symbol}?"), Step(tools=[grep(symbol, files)]),
         Step(text=users)],
        [Step(prompt=ask), Step(tools=[edit(file, old, new)]), Step(text="Done.")],
        [Step(prompt=what), Step(tools=[bash(command, output)]), Step(text=verdict)],
        [Step(prompt=question), Step(text=answer)],
        [Step(prompt=todo_ask), Step(tools=[todo_write(start)]), Step(tools=todo_tools),
         Step(tools=[todo_write(finish, old=start)]), Step(text=todo_done)],
        [Step(prompt=choice_ask),
         Step(tools=[ask_user(choice_q, header, options, picked)]),
         Step(tools=[choice_tool]), Step(text=choice_done)],
        [Step(prompt=explore_ask),
         Step(tools=[agent("Answer a question about the code", explore_ask + " Read only.",
                           report, "a" + hashlib.md5(explore_ask.encode()).hexdigest()[:16],
                           "Explore", 7)]),
         Step(text=explore_done)],
    ]


def _stamp(facts: list[Fact], repo: str) -> list[Fact]:
    for fact in facts:
        fact.slots.setdefault("repo", repo)
    return facts


# ------------------------------------------------------------------- projects
def wardenkit() -> Project:
    """An Android app in Kotlin and Jetpack Compose for a county's volunteer footpath wardens:
    reports of broken stiles, gates and signposts, with photos, made offline and synced with
    WorkManager; Hilt, Room, Retrofit with kotlinx.serialization, dev and prod flavors,
    Roborazzi screenshot tests, Firebase App Distribution for the testers."""
    screen = "feature/report/src/main/kotlin/org/pathwardens/report/ReportListScreen.kt"
    chips = "feature/report/src/main/kotlin/org/pathwardens/report/FilterChips.kt"
    collect = "    val state by viewModel.state.collectAsStateWithLifecycle()\n"
    listing = "    ReportList(reports = state.reports, onOpen = onOpen)\n"
    status = "        SyncStatusIcon(state.syncing)\n"
    strings = "core/ui/src/main/res/values/strings.xml"
    strings_cy = "core/ui/src/main/res/values-cy/strings.xml"
    compressor = "core/data/src/main/kotlin/org/pathwardens/data/photo/PhotoCompressor.kt"
    compress_body = ("fun compress(source: File, target: File) {\n    val bitmap = "
                     "BitmapFactory.decodeFile(source.path)\n    val scaled = "
                     "bitmap.scaleToMax(1600)\n    target.outputStream().use { scaled.compress("
                     "Bitmap.CompressFormat.JPEG, 80, it) }\n}\n")
    facts = [
        Fact("conv-lifecycle", "convention", ["collectAsStateWithLifecycle"],
             ["how should a small composable deep inside a screen get at the data it shows?",
              "is it ok to hand the view model to a child component so it can observe the "
              "flow itself?"],
             "Screens collect the ViewModel's StateFlow with collectAsStateWithLifecycle() in "
             "the screen-level composable and pass plain state and lambdas down; composables "
             "below the screen never receive the ViewModel.",
             {"rule": "screens collect the ViewModel's StateFlow with "
                      "collectAsStateWithLifecycle() in the screen-level composable and pass "
                      "plain state and lambdas down - nothing below the screen ever gets the "
                      "ViewModel",
              "task": "add a row of filter chips above the report list so wardens can show "
                      "only the open reports",
              "contrary": write(chips,
                                "@Composable\nfun FilterChips(viewModel: ReportListViewModel) {\n"
                                "    val filter by viewModel.filter.collectAsState()\n    Row("
                                "horizontalArrangement = Arrangement.spacedBy(8.dp)) {\n        "
                                "FilterChip(selected = filter == Filter.Open, onClick = { "
                                "viewModel.setFilter(Filter.Open) },\n            label = { "
                                "Text(stringResource(R.string.filter_open)) })\n        "
                                "FilterChip(selected = filter == Filter.All, onClick = { "
                                "viewModel.setFilter(Filter.All) },\n            label = { "
                                "Text(stringResource(R.string.filter_all)) })\n    }\n}\n"),
              "follow": [write(chips,
                               "@Composable\nfun FilterChips(filter: Filter, onSelect: (Filter) "
                               "-> Unit) {\n    Row(horizontalArrangement = "
                               "Arrangement.spacedBy(8.dp)) {\n        FilterChip(selected = "
                               "filter == Filter.Open, onClick = { onSelect(Filter.Open) },\n    "
                               "        label = { Text(stringResource(R.string.filter_open)) "
                               "})\n        FilterChip(selected = filter == Filter.All, onClick "
                               "= { onSelect(Filter.All) },\n            label = { Text("
                               "stringResource(R.string.filter_all)) })\n    }\n}\n"),
                         edit(screen, collect + listing,
                              collect + "    FilterChips(filter = state.filter, onSelect = "
                              "viewModel::setFilter)\n    ReportList(reports = "
                              "state.visibleReports, onOpen = onOpen)\n")],
              "done": "The report list has Open / All chips above it. The chips get the current "
                      "filter and a callback from the screen; the filter itself lives in the "
                      "ViewModel's UiState.",
              "asks": "How should the filter chips get the current filter?",
              "header": "State",
              "offer": [("Pass the ViewModel down", "FilterChips takes the ViewModel and "
                                                    "collects the filter flow itself"),
                        ("Keep it in the screen", "hold the selected filter in a remember { } "
                                                  "in the screen, outside the ViewModel")],
              "evidence": "ReportListScreen, MapScreen and SettingsScreen all collect at the "
                          "screen root and hand state down; nothing under feature/ takes a "
                          "ViewModel parameter below the screen."}),
        Fact("conv-plurals", "convention", ["pluralStringResource"],
             ["how do I put a sentence with a number in it on screen so it translates "
              "properly?",
              "can a label's wording just live in the Kotlin code?"],
             "No user-visible text inline in composables: it goes in strings.xml, and counts "
             "use <plurals> with pluralStringResource, because the Welsh translation needs six "
             "plural forms (zero, one, two, few, many, other).",
             {"rule": "no user-visible text is written inline in a composable - it goes in "
                      "strings.xml, and anything with a count uses plurals with "
                      "pluralStringResource, because the Welsh translation needs all six plural "
                      "forms",
              "task": "show how many reports are still waiting to upload at the top of the "
                      "report list",
              "contrary": edit(screen, status,
                               status + "        if (state.pending > 0) Text(\"${state.pending} "
                               "reports waiting to upload\")\n"),
              "follow": [edit(strings, "</resources>\n",
                              "    <plurals name=\"reports_waiting\">\n        <item quantity="
                              "\"one\">%d report waiting to upload</item>\n        <item "
                              "quantity=\"other\">%d reports waiting to upload</item>\n    "
                              "</plurals>\n</resources>\n"),
                         edit(strings_cy, "</resources>\n",
                              "    <plurals name=\"reports_waiting\">\n        <item quantity="
                              "\"zero\">Dim adroddiadau yn aros</item>\n        <item quantity="
                              "\"one\">%d adroddiad yn aros</item>\n        <item quantity="
                              "\"two\">%d adroddiad yn aros</item>\n        <item quantity="
                              "\"few\">%d adroddiad yn aros</item>\n        <item quantity="
                              "\"many\">%d adroddiad yn aros</item>\n        <item quantity="
                              "\"other\">%d adroddiad yn aros</item>\n    </plurals>\n"
                              "</resources>\n"),
                         edit(screen, status,
                              status + "        if (state.pending > 0) Text(pluralStringResource("
                              "R.plurals.reports_waiting, state.pending, state.pending))\n")],
              "done": "The report list shows '3 reports waiting to upload' (or the Welsh form) "
                      "while there's a backlog and nothing once the queue is empty.",
              "asks": "How should the 'N reports waiting' text be written?",
              "header": "Strings",
              "offer": [("Inline string template", "Text(\"$n reports waiting\") right in the "
                                                   "composable - it's one line"),
                        ("One string with %d", "a single <string> with a number placeholder, "
                                               "formatted with stringResource")],
              "evidence": "Every Text() under feature/ reads from core/ui's strings.xml, and "
                          "values-cy/strings.xml carries all six Welsh quantities for every "
                          "count."}),
        Fact("cmd-roborazzi", "command", ["recordRoborazziDevDebug"],
             ["after a UI change the image comparison tests fail - how do I regenerate the "
              "expected pictures?",
              "which gradle task refreshes the snapshot PNGs?"],
             "Re-record the Roborazzi screenshot baselines with ./gradlew "
             ":app:recordRoborazziDevDebug (the tasks are per variant; recordRoborazziDebug "
             "doesn't exist).",
             {"goal": "the screenshot tests fail after the chips change - re-record the "
                      "reference images",
              "fail": bash("./gradlew recordRoborazziDebug",
                           "FAILURE: Build failed with an exception.\n\n* What went wrong:\n"
                           "Task 'recordRoborazziDebug' not found in root project 'wardenkit' "
                           "and its subprojects.\n\n* Try:\n> Run gradlew tasks to get a list "
                           "of available tasks.\n\nBUILD FAILED in 4s", 1),
              "note": "Roborazzi's record tasks exist per build variant, and the screenshot "
                      "tests only run against the dev flavor, so the task name carries both: "
                      "recordRoborazziDevDebug, on the app module.",
              "ok": bash("./gradlew :app:recordRoborazziDevDebug",
                         "> Task :app:recordRoborazziDevDebug\n\nReportListScreenshotTest > "
                         "openOnly PASSED\nReportListScreenshotTest > allReports PASSED\n"
                         "MapScreenshotTest > offlineBanner PASSED\n\nBUILD SUCCESSFUL in 1m "
                         "12s\n47 actionable tasks: 9 executed, 38 up-to-date"),
              "done": "Re-recorded: two PNGs changed under app/src/test/screenshots/, both of "
                      "the report list with the chips.",
              "where": "the `screenshots` job of .github/workflows/android.yml (it runs the "
                       "verify twin of the same task) and docs/testing.md",
              "slash": ("rerecord", "Re-record the screenshot baselines"),
              "guard": (".claude/hooks/gradle-guard.sh",
                        "blocked: screenshot tasks need the flavor in their name. To re-record "
                        "the baselines run ./gradlew :app:recordRoborazziDevDebug")}),
        Fact("cmd-appdist", "command", ["assembleProdRelease"],
             ["how do I get a fresh build onto the volunteers' test phones?",
              "the tester upload can't find the APK - what's the full invocation?"],
             "Ship a test build to the warden testers with ./gradlew :app:assembleProdRelease "
             ":app:appDistributionUploadProdRelease (the upload task alone doesn't build the "
             "APK).",
             {"goal": "send the current build to the warden testers through Firebase",
              "fail": bash("./gradlew :app:appDistributionUploadProdRelease",
                           "> Task :app:appDistributionUploadProdRelease FAILED\n\nFAILURE: "
                           "Build failed with an exception.\n\n* What went wrong:\nExecution "
                           "failed for task ':app:appDistributionUploadProdRelease'.\n> App "
                           "Distribution could not find your APK at /home/dev/src/wardenkit/app/"
                           "build/outputs/apk/prod/release/app-prod-release.apk. Make sure the "
                           "APK was built before uploading.\n\nBUILD FAILED in 9s", 1),
              "note": "The upload task doesn't build anything - it only uploads an APK that's "
                      "already there. Assembling the prod release in the same Gradle call, "
                      "ahead of the upload, gives it one.",
              "ok": bash("./gradlew :app:assembleProdRelease "
                         ":app:appDistributionUploadProdRelease",
                         "> Task :app:assembleProdRelease\n> Task "
                         ":app:appDistributionUploadProdRelease\nUploading the APK.\nUploaded "
                         "APK successfully (release 1.8.0 (412))\nAdded release notes "
                         "successfully\nAdded testers/groups successfully\n\nBUILD SUCCESSFUL in "
                         "2m 41s"),
              "done": "Build 1.8.0 (412) is on App Distribution; the wardens-beta group gets "
                      "the email.",
              "where": "the `beta` job of .github/workflows/release.yml, which runs both tasks "
                       "in one Gradle call",
              "slash": ("beta", "Ship a build to the warden testers"),
              "guard": (".claude/hooks/gradle-guard.sh",
                        "blocked: the upload task never builds the APK itself. Use ./gradlew "
                        ":app:assembleProdRelease :app:appDistributionUploadProdRelease")}),
        Fact("env-hostalias", "environment", ["10.0.2.2"],
             ["from the emulator, what host and port reach the backend running on my laptop?",
              "where does the development variant send its HTTP requests?"],
             "The dev flavor's API base URL is http://10.0.2.2:8080/ (the Android emulator's "
             "alias for the host's localhost); prod uses https://api.pathwardens.org/.",
             {"goal": "what does the dev build use as its API address? I've got the backend "
                      "running on my laptop",
              "probe": [bash("grep -n -B3 API_BASE_URL app/build.gradle.kts",
                             "38-        create(\"dev\") {\n39-            dimension = \"env\"\n"
                             "40-            applicationIdSuffix = \".dev\"\n41:            "
                             "buildConfigField(\"String\", \"API_BASE_URL\", "
                             "\"\\\"http://10.0.2.2:8080/\\\"\")\n--\n49-        create(\"prod\")"
                             " {\n50-            dimension = \"env\"\n51-\n52:            "
                             "buildConfigField(\"String\", \"API_BASE_URL\", "
                             "\"\\\"https://api.pathwardens.org/\\\"\")")],
              "confirm": "the dev flavor calls http://10.0.2.2:8080/ - 10.0.2.2 is the "
                         "emulator's alias for your machine's localhost, so it reaches the "
                         "backend on port 8080 of your laptop. The prod flavor points at "
                         "https://api.pathwardens.org/.",
              "short": "the dev flavor's API base URL is http://10.0.2.2:8080/, the emulator's "
                       "alias for the host machine's localhost",
              "plan_for": "point the dev build at the new reports endpoint on my local backend",
              "assume": bash("adb shell curl -s -m 3 http://localhost:8080/health",
                             "curl: (7) Failed to connect to localhost port 8080 after 2 ms: "
                             "Couldn't connect to server", 7),
              "value": "http://10.0.2.2:8080/", "alt": "http://localhost:8080/",
              "pr": ("Report list: filter chips", "Adds Open / All filter chips to the report "
                                                  "list.")}),
        Fact("env-handset", "environment", ["XCover"],
             ["which handset model do the volunteers carry in the field?",
              "what device should I try the rugged-phone features on?"],
             "The wardens' issued phones are Samsung Galaxy XCover6 Pro (SM-G736B) on Android "
             "14, plus nine XCover 5s on Android 13, managed in Intune (docs/fleet.md).",
             {"goal": "what phones do the wardens actually have? I want to test glove mode on "
                      "the right thing",
              "probe": [read("docs/fleet.md",
                             "# Device fleet\n\nIssued by the countryside service, managed in "
                             "Intune.\n\n| Model | Android | Count |\n|---|---|---|\n| Samsung "
                             "Galaxy XCover6 Pro (SM-G736B) | 14 | 58 |\n| Samsung Galaxy XCover "
                             "5 (SM-G525F) | 13 | 9 |\n\nGlove mode and the programmable side key "
                             "are Samsung features.\n"),
                        bash("adb devices -l",
                             "List of devices attached\nR5CT40KQ2HM          device usb:1-1 "
                             "product:xcover6proxx model:SM_G736B device:xcover6pro "
                             "transport_id:3")],
              "confirm": "the wardens carry Samsung Galaxy XCover6 Pro phones on Android 14 "
                         "(58 of them, plus 9 older XCover 5s on Android 13), managed in "
                         "Intune - and the phone you have plugged in is an XCover6 Pro, so it's "
                         "the right device for glove mode.",
              "short": "the wardens' phones are Samsung Galaxy XCover6 Pro on Android 14, plus "
                       "nine XCover 5s on Android 13",
              "plan_for": "map the phone's programmable side key to 'new report'",
              "assume": bash("adb -e shell getprop ro.product.model",
                             "adb: error: no emulators found", 1),
              "value": "Samsung Galaxy XCover6 Pro", "alt": "Google Pixel 7a",
              "pr": ("Glove mode: larger touch targets", "Raises the minimum touch target to "
                                                         "56dp while glove mode is on.")}),
        Fact("gotcha-exif", "gotcha", ["ExifInterface"],
             ["pictures taken in portrait come out turned 90 degrees on the website - what's "
              "going on?",
              "what has to happen to a camera photo's rotation before we shrink and upload it?"],
             "Bitmap.compress writes no EXIF, so the Orientation tag is lost and portrait "
             "photos upload sideways; read the rotation with ExifInterface and rotate the "
             "bitmap before compressing (PhotoCompressor).",
             {"symptom": "photos attached to reports show up sideways on the council's web map. "
                         "they look fine in the app",
              "probe": [read(compressor, compress_body),
                        bash("exiftool -Orientation original.jpg uploaded.jpg",
                             "======== original.jpg\nOrientation                     : Rotate 90 "
                             "CW\n======== uploaded.jpg\n    2 image files read")],
              "explain": "The camera doesn't rotate the pixels: it saves them the way the "
                         "sensor sees them and writes an EXIF Orientation tag (Rotate 90 CW) "
                         "saying how to turn them. The app's viewer honours the tag, which is "
                         "why photos look right on the phone. Our compressor decodes the JPEG "
                         "into a Bitmap and re-encodes it, and Bitmap.compress writes no EXIF at "
                         "all - the tag is gone but the pixels are still sideways, so the web "
                         "map shows them sideways. The fix is to read the orientation with "
                         "ExifInterface before compressing and rotate the bitmap itself.",
              "fix": [edit(compressor, "    val scaled = bitmap.scaleToMax(1600)\n",
                           "    val degrees = ExifInterface(source).rotationDegrees\n    val "
                           "scaled = bitmap.rotate(degrees).scaleToMax(1600)\n")],
              "done": "A test photo taken in portrait now shows upright on the staging web map; "
                      "the pixels themselves are turned, so it no longer depends on who reads "
                      "EXIF.",
              "cause": "Bitmap.compress drops the EXIF Orientation tag, so photos must be "
                       "rotated by the angle ExifInterface reports before re-encoding",
              "suspect": "the photo compression step",
              "decoy": ("the upload worker and the API client",
                        "Checked the upload worker and the multipart request: the compressed "
                        "file goes up byte for byte with the right content type. Nothing there "
                        "touches the image. Not the cause."),
              "question": "why rotate the bitmap by hand? the camera already knows which way "
                          "up it is"}),
        Fact("gotcha-r8", "gotcha", ["R8 full mode"],
             ["the store build blows up on the first upload but the debug one never does - what "
              "should I look at?",
              "what does the shrinker do to our serializable DTOs?"],
             "R8 full mode (the default since AGP 8) renames the @Serializable classes' "
             "Companion.serializer(), so release builds crash with 'Serializer for class ... is "
             "not found'; proguard-rules.pro keeps the companions and serializer() for "
             "org.pathwardens.**.",
             {"symptom": "prodRelease crashes the moment it syncs, debug is fine. play console "
                         "says: kotlinx.serialization.SerializationException: Serializer for "
                         "class 'ReportDto' is not found.",
              "probe": [bash("grep -n -A3 'release {' app/build.gradle.kts",
                             "61:        release {\n62-            isMinifyEnabled = true\n63-    "
                             "        proguardFiles(getDefaultProguardFile(\"proguard-android-"
                             "optimize.txt\"), \"proguard-rules.pro\")\n64-        }"),
                        bash("grep -n -A2 'ReportDto' app/build/outputs/mapping/prodRelease/"
                             "mapping.txt | head -4",
                             "1207:org.pathwardens.data.api.ReportDto -> "
                             "org.pathwardens.data.api.ReportDto:\n1213:org.pathwardens.data.api."
                             "ReportDto$Companion -> b5.c:\n1214-    "
                             "kotlinx.serialization.KSerializer serializer() -> a")],
              "explain": "Since AGP 8, R8 full mode is on by default, and it is far more "
                         "aggressive about code it thinks nothing calls. kotlinx.serialization "
                         "finds a class's generated serializer through its Companion's "
                         "serializer() at runtime for the polymorphic lookup SyncApi does, and "
                         "the mapping shows R8 renamed the Companion (b5.c) and serializer() "
                         "(a). So the lookup finds nothing and throws 'Serializer for class "
                         "ReportDto is not found' - only in the minified release build. The fix "
                         "is keep rules for the @Serializable classes' companions and "
                         "serializers in proguard-rules.pro.",
              "fix": [edit("app/proguard-rules.pro", "# Retrofit\n",
                           "# kotlinx.serialization under R8 full mode: keep companions and "
                           "serializer()\n-keepclassmembers @kotlinx.serialization.Serializable "
                           "class org.pathwardens.** {\n    static **$* *;\n    "
                           "kotlinx.serialization.KSerializer serializer(...);\n}\n\n# "
                           "Retrofit\n")],
              "done": "A local prodRelease build with the new rules syncs a test report without "
                      "the crash, and the mapping keeps ReportDto$Companion.serializer() under "
                      "its own name.",
              "cause": "R8 full mode, the AGP 8 default, renames the @Serializable companions' "
                       "serializer(), so release builds can't find serializers without keep "
                       "rules",
              "suspect": "the minified release build",
              "decoy": ("the sync code's error handling",
                        "The sync code is identical in both build types and only catches "
                        "network errors; this exception is thrown before any request is made. "
                        "Not the cause."),
              "question": "why do we need keep rules for these? they're plain data classes"}),
        Fact("fals-configcache", "falsified", ["configuration cache"],
             ["could gradle skip the setup phase between builds to speed things up?",
              "why don't our Gradle builds reuse the task graph worked out on the previous run?"],
             "Gradle's configuration cache was tried and reverted: the Firebase App "
             "Distribution, google-services and Crashlytics plugins aren't compatible "
             "(Task.project at execution time, unserialisable state).",
             {"ask": "turn on the gradle configuration cache, builds take forever",
              "change": [edit("gradle.properties", "org.gradle.caching=true\n",
                              "org.gradle.caching=true\norg.gradle.configuration-cache=true\n")],
              "broke": bash("./gradlew :app:assembleDevDebug",
                            "Configuration cache problems found in this build.\n\n3 problems "
                            "were found storing the configuration cache.\n- Plugin "
                            "'com.google.firebase.appdistribution': invocation of "
                            "'Task.project' at execution time is unsupported.\n- Plugin "
                            "'com.google.gms.google-services': read system property "
                            "'user.dir'\n- Task `:app:uploadCrashlyticsMappingFileDevDebug`: "
                            "cannot serialize object of type 'DefaultProject'\n\nBUILD FAILED "
                            "in 38s", 1),
              "revert": bash("git checkout -- gradle.properties", ""),
              "conclusion": "The configuration cache can't go on yet: three of our plugins "
                            "aren't compatible - App Distribution touches Task.project at "
                            "execution time, google-services reads system properties while "
                            "configuring, and the Crashlytics mapping upload can't be "
                            "serialised. As errors they fail the build; downgraded to warnings "
                            "the cache would be thrown away on every run, so nothing is saved. "
                            "It has to wait for plugin versions that support it.",
              "pain": "a clean assemble takes four minutes and even a one-line change costs a "
                      "minute",
              "idea": "switching on Gradle's configuration cache",
              "why": "the App Distribution, google-services and Crashlytics plugins aren't "
                     "compatible with it yet"}),
        Fact("fals-blob", "falsified", ["BLOB"],
             ["could the pictures be kept in the database itself rather than on disk?",
              "why does each report's image live as a separate file?"],
             "Storing report photos in Room as BLOBs was tried and reverted: rows bigger than "
             "the ~2 MB CursorWindow (three 400-700 KB photos) throw SQLiteBlobTooBigException; "
             "photos stay as files with the path in Room.",
             {"ask": "store the report photos in Room as BLOBs instead of loose files, so "
                     "deleting a report can't leave orphans behind",
              "change": [edit("core/data/src/main/kotlin/org/pathwardens/data/db/"
                              "PhotoEntity.kt", "    val path: String,\n",
                              "    @ColumnInfo(typeAffinity = ColumnInfo.BLOB) val bytes: "
                              "ByteArray,\n")],
              "broke": bash("./gradlew :app:connectedDevDebugAndroidTest --tests "
                            "'*ReportWithPhotosTest*'",
                            "org.pathwardens.data.ReportWithPhotosTest > "
                            "loadsReportWithThreePhotos[SM-G736B - 14] FAILED\n    "
                            "android.database.sqlite.SQLiteBlobTooBigException: Row too big to "
                            "fit into CursorWindow requiredPos=0, totalRows=1\n\tat android."
                            "database.sqlite.SQLiteConnection.nativeExecuteForCursorWindow("
                            "Native Method)\n\nTests on SM-G736B - 14 failed: There was 1 "
                            "failure(s).", 1),
              "revert": bash("git checkout -- core/data", ""),
              "conclusion": "Photos can't live in Room as BLOB columns: Android reads query "
                            "results through a CursorWindow of about 2 MB per row, and one "
                            "1600-pixel JPEG is already 400-700 KB - a report with three photos "
                            "doesn't fit, and loading it throws SQLiteBlobTooBigException. "
                            "Photos stay as files in app storage with their path in Room; "
                            "orphans are better handled by deleting the files in the same "
                            "transaction that deletes the report.",
              "pain": "deleting a report sometimes leaves its photos behind on the phone",
              "idea": "keeping the photos inside Room as BLOB columns",
              "why": "a row with three photos doesn't fit Android's ~2 MB CursorWindow"}),
    ]
    return Project(
        "wardenkit", "git@github.com:pathwardens/wardenkit.git",
        {"README.md": "# wardenkit\n\nThe footpath wardens' reporting app (Android).\n",
         "settings.gradle.kts": "include(\":app\", \":core:data\", \":core:ui\", "
                                "\":feature:report\", \":feature:map\")\n"},
        _stamp(facts, "pathwardens/wardenkit"),
        chores(("feature/map/src/main/kotlin/org/pathwardens/map/RouteLayer.kt",
                "class RouteLayer(private val routes: List<Route>) {\n    fun visible(bounds: "
                "LatLngBounds): List<Route> =\n        routes.filter { it.bounds.intersects("
                "bounds) }\n\n    fun colourFor(route: Route): Color = when (route.kind) {\n"
                "        RouteKind.Footpath -> Color(0xFF2E7D32)\n        RouteKind.Bridleway "
                "-> Color(0xFF1565C0)\n        RouteKind.Byway -> Color(0xFF6D4C41)\n    }\n}\n",
                "It decides which rights of way to draw on the map: only routes whose bounds "
                "overlap the visible area, coloured green for footpaths, blue for bridleways "
                "and brown for byways."),
               ("GridReference.parse",
                ["feature/report/src/main/kotlin/org/pathwardens/report/LocationField.kt",
                 "core/data/src/test/kotlin/org/pathwardens/data/GridReferenceTest.kt"],
                "Two places: the location field on the report form, and its unit test."),
               ("core/ui/src/main/res/values/strings.xml",
                "<string name=\"report_sent\">Report sent succesfully</string>",
                "<string name=\"report_sent\">Report sent</string>",
                "the 'report sent' toast says 'succesfully' - just make it 'Report sent'"),
               ("run detekt on the report module",
                "./gradlew :feature:report:detekt",
                "> Task :feature:report:detekt\n\nBUILD SUCCESSFUL in 14s",
                "Detekt is clean on the report module."),
               ("what's the difference between a footpath and a bridleway, legally?",
                "In England and Wales a public footpath is for walkers only; a bridleway adds "
                "horse riders and cyclists (cyclists must give way). Neither allows motor "
                "vehicles - that's a byway open to all traffic."),
               ("bump the compileSdk to 35 and fix whatever it flags",
                ["Bump compileSdk to 35", "Build and fix new warnings"],
                [edit("build-logic/src/main/kotlin/AndroidConventions.kt",
                      "        compileSdk = 34\n", "        compileSdk = 35\n"),
                 bash("./gradlew :app:compileDevDebugKotlin -q", "")],
                "compileSdk is 35; the build compiles with no new warnings."),
               ("give the 'urgent' badge on report cards a colour, it's grey like everything "
                "else",
                "Which colour should the urgent badge use?", "Badge",
                [("Amber", "the theme's tertiary colour, stands out without alarm"),
                 ("Red", "the theme's error colour")], "Amber",
                edit("feature/report/src/main/kotlin/org/pathwardens/report/UrgentBadge.kt",
                     "containerColor = MaterialTheme.colorScheme.surfaceVariant",
                     "containerColor = MaterialTheme.colorScheme.tertiary"),
                "The urgent badge is amber now."),
               ("how does the app decide a report is a duplicate of another one?",
                "Duplicates are checked in ReportRepository.findNearby(): same category, "
                "within 25 metres and created in the last 14 days counts as a likely "
                "duplicate, and the form offers to add a comment to the existing report "
                "instead.",
                "Same category, within 25 m and under 14 days old: the form then offers to "
                "comment on the existing report rather than file a new one.")),
        "github")


def cartwall() -> Project:
    """A Tauri 2 desktop app for a community radio station's two studios: a cart wall of
    jingles, idents and beds fired live on air, plus the aired-tracks log the royalty returns
    are built from; Rust (tokio, SQLite, a cpal / WASAPI player, tauri-specta bindings) behind a
    SolidJS and Vite front end, built into Windows installers for the studio PCs."""
    toolbar = "src/components/Toolbar.tsx"
    meter = "      <MasterMeter />\n"
    duration = "src-tauri/src/commands/duration.rs"
    waveform = "src-tauri/src/commands/waveform.rs"
    peaks_old = ("pub async fn waveform_peaks(path: String) -> CmdResult<Vec<f32>> {\n    let peaks "
                 "= analyse::peaks(&path, 4096).await?;\n    Ok(peaks)\n")
    facts = [
        Fact("conv-bindings", "convention", ["tauri-specta"],
             ["what's the right way for the SolidJS side to call into Rust?",
              "can I just call invoke with the command's name from a component?"],
             "The frontend never calls invoke('name') directly: it uses the typed commands "
             "tauri-specta generates into src/bindings.ts (regenerated by the export_bindings "
             "test).",
             {"rule": "the frontend never calls invoke() with a command name string - it uses "
                      "the typed commands that tauri-specta generates into src/bindings.ts",
              "task": "add a 'stop all' button to the cart wall toolbar that silences every "
                      "playing cart",
              "contrary": edit(toolbar, meter,
                               meter + "      <button class=\"stop-all\" onClick={() => "
                               "invoke(\"stop_all_carts\")}>Stop all</button>\n"),
              "follow": [edit("src-tauri/src/lib.rs", "        fire_cart,\n",
                              "        fire_cart,\n        stop_all_carts,\n"),
                         bash("cargo test --manifest-path src-tauri/Cargo.toml export_bindings "
                              "-q",
                              "running 1 test\n.\ntest result: ok. 1 passed; 0 failed; 0 "
                              "ignored; 0 measured; 141 filtered out"),
                         edit(toolbar, meter,
                              meter + "      <button class=\"stop-all\" onClick={() => "
                              "commands.stopAllCarts()}>Stop all</button>\n")],
              "done": "The toolbar has a Stop all button. It calls commands.stopAllCarts() from "
                      "the regenerated bindings, which stops every playing cart in the Rust "
                      "player.",
              "asks": "How should the button call the Rust command?",
              "header": "IPC",
              "offer": [("invoke() directly", "call invoke('stop_all_carts') in the onClick, "
                                              "as the Tauri guides do"),
                        ("A helper in api.ts", "a small hand-written wrapper around invoke in "
                                               "src/api.ts")],
              "evidence": "`git grep 'invoke(' -- src/` finds it only inside src/bindings.ts; "
                          "every other component imports commands from there."}),
        Fact("conv-errors", "convention", ["AppError"],
             ["how should a Rust command report a failure back to the UI?",
              "is it fine to panic in a backend command if the file's missing?"],
             "Tauri commands never unwrap/expect: they return Result<T, AppError> (the "
             "thiserror enum in src-tauri/src/error.rs), serialised for the UI as a kind and a "
             "message.",
             {"rule": "a tauri command never unwraps or expects - it returns Result<T, "
                      "AppError>, the thiserror enum in src-tauri/src/error.rs, so the UI gets "
                      "a kind and a message it can show",
              "task": "add a command that opens a cart's audio file and returns its length in "
                      "milliseconds",
              "contrary": write(duration,
                                "#[tauri::command]\n#[specta::specta]\npub fn cart_duration("
                                "path: String) -> u64 {\n    let file = std::fs::File::open("
                                "&path).unwrap();\n    let probed = probe_format(file).expect("
                                "\"unsupported format\");\n    duration_ms(&probed).expect(\"no "
                                "duration\")\n}\n"),
              "follow": [write(duration,
                               "#[tauri::command]\n#[specta::specta]\npub fn cart_duration(path: "
                               "String) -> Result<u64, AppError> {\n    let file = "
                               "std::fs::File::open(&path)\n        .map_err(|e| "
                               "AppError::BadAudio(format!(\"{path}: {e}\")))?;\n    let probed "
                               "= probe_format(file)?;\n    duration_ms(&probed).ok_or_else(|| "
                               "AppError::BadAudio(format!(\"{path}: no duration\")))\n}\n"),
                         edit("src-tauri/src/error.rs", "    #[error(\"audio device: {0}\")]\n",
                              "    #[error(\"unreadable audio file: {0}\")]\n    "
                              "BadAudio(String),\n    #[error(\"audio device: {0}\")]\n")],
              "done": "cart_duration returns the length in milliseconds; a missing or "
                      "unreadable file reaches the UI as a BadAudio error naming the file "
                      "instead of killing the command.",
              "asks": "How should cart_duration handle a file it can't read?",
              "header": "Errors",
              "offer": [("unwrap / expect", "the file was picked in a dialog a moment before, "
                                            "so failure is unlikely - keep it short"),
                        ("Result<u64, String>", "return the error text as a plain string")],
              "evidence": "All 23 other commands in src-tauri/src/commands/ return that type, "
                          "and clippy.toml denies unwrap_used and expect_used for the module."}),
        Fact("cmd-nullaudio", "command", ["null-audio"],
             ["the app panics about the sound device as soon as it starts in the container - "
              "how do I run it?",
              "how do I launch the desktop app for development on a machine with no sound "
              "card?"],
             "In the dev container (no sound card) run the app with `pnpm tauri dev --features "
             "null-audio`; the real output panics with 'no default output device'.",
             {"goal": "start the app in dev mode, I want to work on the cart editor",
              "fail": bash("pnpm tauri dev",
                           "  VITE v5.4.8  ready in 412 ms\n  ➜  Local:   http://localhost:1420/"
                           "\n     Running `target/debug/cartwall`\nALSA lib confmisc.c:855:("
                           "parse_card) cannot find card '0'\nthread 'audio-out' panicked at "
                           "src-tauri/src/audio/output.rs:38:14:\nno default output device\n"
                           "note: run with `RUST_BACKTRACE=1` environment variable to display a "
                           "backtrace", 101),
              "note": "This dev container has no sound card, so opening the default output "
                      "device panics. The app has a cargo feature for exactly that: null-audio "
                      "swaps the real output for one that discards the samples, and the Tauri "
                      "CLI passes --features through to cargo.",
              "ok": bash("pnpm tauri dev --features null-audio",
                         "  VITE v5.4.8  ready in 398 ms\n  ➜  Local:   http://localhost:1420/\n"
                         "     Running `target/debug/cartwall`\n[audio] null output: 48000 Hz, "
                         "2 ch (samples discarded)\n[cartwall] loaded 64 carts from carts.json"),
              "done": "The app is up with the silent output: the cart editor opens and the "
                      "meters move, there's just no sound.",
              "where": ".devcontainer/devcontainer.json (its postAttachCommand) and the "
                       "'Running it' section of CONTRIBUTING.md",
              "slash": ("dev", "Start the app in the dev container"),
              "guard": (".claude/hooks/no-bare-dev.sh",
                        "blocked: this container has no sound card and the real audio output "
                        "panics without one. Run pnpm tauri dev --features null-audio")}),
        Fact("cmd-signing", "command", ["cartwall-updater"],
             ["the release build stops at the very end complaining about a private key - "
              "where does that come from?",
              "how do I produce the signed setup.exe for the studio machines?"],
             "Release builds need the updater signing key from 1Password: "
             "TAURI_SIGNING_PRIVATE_KEY=\"$(op read 'op://studio/cartwall-updater/private "
             "key')\" (plus _PASSWORD from the same item) before pnpm tauri build.",
             {"goal": "build the windows installer for the studio PCs",
              "fail": bash("pnpm tauri build --runner cargo-xwin --target "
                           "x86_64-pc-windows-msvc",
                           "    Finished `release` profile [optimized] target(s) in 3m 02s\n"
                           "       Built application at: src-tauri/target/x86_64-pc-windows-msvc/"
                           "release/cartwall.exe\n        Info Target: x64\n     Running "
                           "makensis to produce Cartwall_2.3.0_x64-setup.exe\n       Error A "
                           "public key has been found, but no private key. Make sure to set "
                           "`TAURI_SIGNING_PRIVATE_KEY` environment variable.", 1),
              "note": "The updater is switched on, so the build signs the installer for it and "
                      "won't finish without the private key. The key isn't on disk anywhere: "
                      "it's the cartwall-updater item in the studio vault in 1Password, read "
                      "into the environment for the one command.",
              "ok": bash("TAURI_SIGNING_PRIVATE_KEY=\"$(op read 'op://studio/cartwall-updater/"
                         "private key')\" TAURI_SIGNING_PRIVATE_KEY_PASSWORD=\"$(op read "
                         "'op://studio/cartwall-updater/password')\" pnpm tauri build --runner "
                         "cargo-xwin --target x86_64-pc-windows-msvc",
                         "    Finished `release` profile [optimized] target(s) in 41s\n     "
                         "Running makensis to produce Cartwall_2.3.0_x64-setup.exe\n        Info "
                         "Signing Cartwall_2.3.0_x64-setup.exe with the updater key\n    "
                         "Finished 2 bundles at:\n        .../bundle/nsis/Cartwall_2.3.0_x64-"
                         "setup.exe\n        .../bundle/nsis/Cartwall_2.3.0_x64-setup.exe.sig"),
              "done": "Cartwall_2.3.0_x64-setup.exe and its .sig are built; the studio PCs' "
                      "updater will accept it.",
              "where": "the `windows` job of .github/workflows/release.yml, which reads both "
                       "values with op read from the same 1Password item",
              "slash": ("installer", "Build the signed Windows installer"),
              "guard": (".claude/hooks/build-guard.sh",
                        "blocked: release builds need the updater signing key. Prefix the build "
                        "with TAURI_SIGNING_PRIVATE_KEY=\"$(op read "
                        "'op://studio/cartwall-updater/private key')\" and the _PASSWORD from "
                        "the same item")}),
        Fact("env-ltsc", "environment", ["LTSC"],
             ["which Windows edition runs in the studios?",
              "do the playout machines get browser-engine updates on their own?"],
             "The studio PCs run Windows 10 IoT Enterprise LTSC 2021, offline; the installer "
             "bundles a fixed-version WebView2 runtime (webviewInstallMode fixedRuntime).",
             {"goal": "what windows are the studio PCs on? wondering if I can rely on the "
                      "evergreen webview",
              "probe": [bash("ssh studio-a 'systeminfo | findstr /B /C:\"OS Name\" /C:\"OS "
                             "Version\"'",
                             "OS Name:                   Microsoft Windows 10 IoT Enterprise "
                             "LTSC 2021\nOS Version:                10.0.19044 N/A Build 19044"),
                        bash("grep -n -A3 webviewInstallMode src-tauri/tauri.conf.json",
                             "41:      \"webviewInstallMode\": {\n42-        \"type\": "
                             "\"fixedRuntime\",\n43-        \"path\": \"./webview2-fixed/\"\n"
                             "44-      },")],
              "confirm": "the studio PCs run Windows 10 IoT Enterprise LTSC 2021 and are kept "
                         "offline, so there are no evergreen WebView2 updates. That's why the "
                         "installer bundles a fixed-version WebView2 runtime (webviewInstallMode "
                         "fixedRuntime, from src-tauri/webview2-fixed/): the webview is the "
                         "version we ship, nothing newer.",
              "short": "the studio PCs run Windows 10 IoT Enterprise LTSC 2021, offline, with "
                       "a fixed-version WebView2 shipped in the installer",
              "plan_for": "use the CSS :has() selector in the cart grid",
              "assume": bash("ssh studio-a 'reg query \"HKLM\\SOFTWARE\\WOW6432Node\\Microsoft"
                             "\\EdgeUpdate\\Clients\\{F3017226-FE2A-4295-8BDF-00C3A9A7E4C5}\" "
                             "/v pv'",
                             "ERROR: The system was unable to find the specified registry key "
                             "or value.", 1),
              "value": "Windows 10 IoT Enterprise LTSC 2021", "alt": "Windows 11 Pro",
              "pr": ("Cart grid: colour by category", "Colours each cart by its category "
                                                      "(jingle, ident, bed, sweeper).")}),
        Fact("env-interface", "environment", ["Scarlett 18i20"],
             ["what sound interface is in studio A and how are the jingles routed?",
              "which desk channel should the cart wall come up on?"],
             "Studio A's cart wall plays out of outputs 3-4 of the Focusrite Scarlett 18i20 "
             "(ASIO) into desk channel 9/10; preview is on 5-6 (headphones), main playout on "
             "1-2.",
             {"goal": "which outputs do the carts come out of in studio A? the presenter says "
                      "the jingles are on the wrong fader",
              "probe": [bash("ssh studio-a 'type "
                             "%APPDATA%\\uk.org.riversideradio.cartwall\\audio.json'",
                             "{\n  \"device\": \"Focusrite USB ASIO\",\n  \"carts\": { "
                             "\"channels\": [3, 4] },\n  \"preview\": { \"channels\": [5, 6] }\n"
                             "}"),
                        read("docs/studio-wiring.md",
                             "# Studio A wiring\n\nInterface: Focusrite Scarlett 18i20 (3rd "
                             "gen), ASIO.\n\n| Outputs | Desk channel | What |\n|---|---|---|\n"
                             "| 1-2 | 7/8 (stereo) | Main playout |\n| 3-4 | 9/10 (stereo) | Cart "
                             "wall |\n| 5-6 | headphones only | Pre-fade preview |\n")],
              "confirm": "in studio A the cart wall plays out of outputs 3-4 of the Focusrite "
                         "Scarlett 18i20, which feed the desk's stereo channel 9/10; preview "
                         "goes to 5-6, headphones only. The config on the PC matches the wiring "
                         "doc, so if the jingles are on another fader it's the desk, not the "
                         "app.",
              "short": "studio A's cart wall plays out of outputs 3-4 of the Focusrite Scarlett "
                       "18i20 into desk channel 9/10, preview on 5-6",
              "plan_for": "add a setting to choose the preview outputs per studio",
              "assume": bash("ssh studio-a 'type %APPDATA%\\cartwall\\audio.json'",
                             "The system cannot find the path specified.", 1),
              "value": "outputs 3-4 of the Scarlett 18i20",
              "alt": "outputs 1-2 of the Scarlett 18i20",
              "pr": ("Audio: per-studio preview outputs", "Lets each studio choose which "
                                                          "interface outputs the preview "
                                                          "uses.")}),
        Fact("gotcha-ipc", "gotcha", ["ipc::Response"],
             ["why does the UI lock up while a big array comes back from the Rust side?",
              "what's the fast way to hand a large block of numbers from the backend to the "
              "webview?"],
             "Returning a big Vec<f32> (waveform peaks) from a Tauri command goes over IPC as "
             "JSON and freezes the webview; return tauri::ipc::Response with the raw bytes and "
             "read it as a Float32Array.",
             {"symptom": "opening a long track in the cart editor freezes the whole window for "
                         "2-3 seconds before the waveform shows up",
              "probe": [read(waveform, "#[tauri::command]\n#[specta::specta]\n" + peaks_old
                             + "}\n"),
                        bash("grep waveform_peaks logs/cartwall-dev.log | tail -2",
                             "[ipc] waveform_peaks: 1.9 MB of JSON (480000 floats) serialised in "
                             "1.41 s\n[webview] waveform_peaks: JSON.parse took 0.93 s on the "
                             "main thread")],
              "explain": "The peaks are a Vec<f32> of 480,000 values, and a normal command "
                         "return goes over Tauri's IPC as JSON: Rust writes every float out as "
                         "text (1.9 MB of it) and the webview parses it back on the main thread "
                         "- that's the freeze. Tauri 2 can return raw bytes instead: a "
                         "tauri::ipc::Response built from the little-endian bytes reaches the "
                         "frontend as an ArrayBuffer with no JSON in between, and a "
                         "Float32Array over it costs nothing.",
              "fix": [edit(waveform, peaks_old,
                           "pub async fn waveform_peaks(path: String) -> "
                           "CmdResult<tauri::ipc::Response> {\n    let peaks = analyse::peaks("
                           "&path, 4096).await?;\n    Ok(tauri::ipc::Response::new("
                           "bytemuck::cast_slice(&peaks).to_vec()))\n"),
                      edit("src/editor/Waveform.tsx",
                           "  const peaks = await commands.waveformPeaks(props.path)\n",
                           "  const peaks = new Float32Array(await commands.waveformPeaks("
                           "props.path))\n")],
              "done": "A 40-minute bed now opens in the editor in about 90 ms, with no freeze.",
              "cause": "a large Vec<f32> returned from a command crosses the IPC as JSON and "
                       "freezes the webview; tauri::ipc::Response sends the raw bytes instead",
              "suspect": "the waveform command's return path",
              "decoy": ("the peak analysis itself",
                        "Timed analyse::peaks on the same 40-minute file: 38 ms. The analysis "
                        "is fast; the delay comes after it returns. Not the cause."),
              "question": "why return raw bytes here? every other command just returns normal "
                          "values"}),
        Fact("gotcha-scope", "gotcha", ["assetProtocol"],
             ["the editor's preview is silent for files outside the app's own folder - why?",
              "which setting controls the folders the webview may load local files from?"],
             "The webview loads local files through Tauri's asset protocol, whose scope "
             "(assetProtocol.scope in tauri.conf.json) only allowed $APPDATA/**; files in "
             "D:/Carts got a silent 403 until that path was added.",
             {"symptom": "the preview player in the cart editor plays nothing for carts on the "
                         "D: drive, carts in appdata preview fine. no error anywhere in the UI",
              "probe": [bash("grep -n -A4 assetProtocol src-tauri/tauri.conf.json",
                             "27:      \"assetProtocol\": {\n28-        \"enable\": true,\n29-  "
                             "      \"scope\": [\"$APPDATA/**\"]\n30-      }"),
                        bash("grep -i asset logs/webview-console.log | tail -2",
                             "Failed to load resource: the server responded with a status of "
                             "403 (Forbidden) http://asset.localhost/D%3A%5CCarts%5Cidents%5C"
                             "station-id-07.wav\nasset protocol not configured to allow the "
                             "path: D:\\Carts\\idents\\station-id-07.wav")],
              "explain": "The preview plays files through convertFileSrc, which is Tauri's "
                         "asset protocol, and the assetProtocol scope in tauri.conf.json only "
                         "allows $APPDATA/**. Anything outside it - the station's D:\\Carts "
                         "library - gets a 403 from asset.localhost, and an <audio> element "
                         "whose source failed just stays silent, so the UI never shows an "
                         "error. The carts folder has to be in the scope.",
              "fix": [edit("src-tauri/tauri.conf.json", "        \"scope\": [\"$APPDATA/**\"]\n",
                           "        \"scope\": [\"$APPDATA/**\", \"D:/Carts/**\"]\n")],
              "done": "Carts from D:\\Carts preview again; anything outside the two allowed "
                      "folders is still refused.",
              "cause": "the assetProtocol scope only allowed $APPDATA, so convertFileSrc URLs "
                       "for D:\\Carts got a silent 403",
              "suspect": "how the preview loads the file",
              "decoy": ("the file's format and codec",
                        "station-id-07.wav is 48 kHz 16-bit PCM, the same as carts that preview "
                        "fine from appdata. The file is fine. Not the cause."),
              "question": "why does the config need the D: path? the app can already read "
                          "files anywhere"}),
        Fact("fals-webaudio", "falsified", ["Web Audio"],
             ["could the jingles be played by the browser engine instead of the Rust code?",
              "why does playout go through the native audio path rather than the webview?"],
             "Playing carts with Web Audio in the webview was tried and reverted: ~187 ms fire "
             "latency against ~11 ms for the Rust WASAPI player, and the webview can't choose "
             "the output device.",
             {"ask": "play the carts through Web Audio in the webview instead of the rust "
                     "player - one audio stack less to maintain",
              "change": [write("src/audio/webPlayer.ts",
                               "const ctx = new AudioContext({ latencyHint: 'interactive' })\n\n"
                               "export async function fire(url: string) {\n  const buf = await "
                               "ctx.decodeAudioData(await (await fetch(url)).arrayBuffer())\n  "
                               "const src = ctx.createBufferSource()\n  src.buffer = buf\n  "
                               "src.connect(ctx.destination)\n  src.start()\n}\n"),
                         edit("src/components/CartButton.tsx",
                              "    commands.fireCart(props.slot)\n",
                              "    fire(convertFileSrc(props.cart.path))\n")],
              "broke": bash("node scripts/latency-probe.mjs --host studio-test --carts 20",
                            "cart fire -> first sample at the output (loopback, 20 fires)\n  "
                            "rust player (WASAPI exclusive):  median 11 ms   p95 14 ms\n  web "
                            "player (WebView2, shared):     median 187 ms  p95 243 ms\noutput "
                            "device: the web player can only reach the Windows default device "
                            "(setSinkId unavailable in this WebView2)"),
              "revert": bash("git checkout -- src/components/CartButton.tsx && rm "
                             "src/audio/webPlayer.ts", ""),
              "conclusion": "Web Audio is out for the carts: in the webview a fire takes 187 ms "
                            "(median) to reach the output, against 11 ms through the Rust "
                            "player's WASAPI exclusive stream - on air that's an audibly late "
                            "jingle - and the webview can only play to the Windows default "
                            "device, while the carts must go to their own outputs on the "
                            "interface. The Rust player stays.",
              "pain": "there are two audio paths to maintain, one in Rust for playout and one "
                      "in the webview for preview",
              "idea": "moving cart playback into the webview's Web Audio",
              "why": "187 ms latency against 11 ms, and no way to pick the output device"}),
        Fact("fals-nas", "falsified", ["SMB"],
             ["can both studios log to a single database file on the network drive?",
              "why does each studio keep its own played-tracks log?"],
             "Putting the aired-tracks SQLite log on the NAS (over SMB) for both studios was "
             "tried and reverted: 'database is locked' errors and a corrupted page with two "
             "writers; each studio keeps a local log.",
             {"ask": "put the aired-tracks database on the NAS so studio A and studio B write "
                     "to the same file - then the royalty return has both studios in it",
              "change": [edit("src-tauri/src/log/db.rs",
                              "    let path = app.path().app_data_dir()?.join("
                              "\"aired.sqlite\");\n",
                              "    let path = PathBuf::from(r\"\\\\rcr-nas\\playout\\"
                              "aired.sqlite\");\n")],
              "broke": bash("cargo run --manifest-path src-tauri/Cargo.toml --example "
                            "two_studio_soak -- --minutes 5",
                            "studio-a: 1412 writes ok, 37 failed: database is locked\nstudio-b: "
                            "1398 writes ok, 51 failed: database is locked\nintegrity_check: "
                            "*** in database main ***\nPage 2231: btree page has wrong parent\n"
                            "soak: FAIL", 1),
              "revert": bash("git checkout -- src-tauri/src/log/db.rs", ""),
              "conclusion": "A shared SQLite file on the NAS doesn't work: SQLite's locking "
                            "relies on file locks that SMB doesn't honour reliably, so with "
                            "both studios writing, 88 writes in five minutes failed with "
                            "'database is locked' and the integrity check found a corrupted "
                            "page. Each studio keeps its own local log; combining them for the "
                            "royalty return has to be an export step instead.",
              "pain": "the royalty return needs both studios' logs, and someone merges two "
                      "spreadsheets by hand every quarter",
              "idea": "one shared aired-tracks database on the NAS",
              "why": "SQLite over SMB gave lock errors and a corrupted page with two writers"}),
    ]
    return Project(
        "cartwall", "git@github.com:riverside-community-radio/cartwall.git",
        {"README.md": "# cartwall\n\nCart wall and aired-tracks log for the studios.\n",
         "package.json": "{\n  \"name\": \"cartwall\",\n  \"private\": true\n}\n"},
        _stamp(facts, "riverside-community-radio/cartwall"),
        chores(("src/components/CartButton.tsx",
                "export function CartButton(props: { cart: Cart; slot: number }) {\n  const "
                "playing = () => store.playing.has(props.slot)\n  return (\n    <button "
                "classList={{ cart: true, playing: playing() }}\n      style={{ background: "
                "props.cart.colour }}\n      onClick={() => commands.fireCart(props.slot)}>\n"
                "      {props.cart.title}\n      <Countdown slot={props.slot} />\n    </button>\n"
                "  )\n}\n",
                "One square of the wall: it shows the cart's title in its colour, fires the "
                "cart when clicked, highlights while it's playing and counts down the time "
                "left."),
               ("formatDuration",
                ["src/components/Countdown.tsx", "src/editor/CartEditor.tsx",
                 "src/log/LogTable.tsx"],
                "Three components: the countdown on each cart, the cart editor and the log "
                "table."),
               ("src/log/LogTable.tsx", "<th>Aired at</th>", "<th>Played at</th>",
                "the log table header says 'Aired at', presenters call it 'Played at'"),
               ("run clippy over the rust side",
                "cargo clippy --manifest-path src-tauri/Cargo.toml -- -D warnings",
                "    Checking cartwall v2.3.0 (/home/dev/src/cartwall/src-tauri)\n    Finished "
                "`dev` profile [unoptimized + debuginfo] target(s) in 9.84s",
                "Clippy is clean, no warnings."),
               ("what's the difference between a jingle, an ident and a sweeper?",
                "An ident says the station's name (often with the frequency), a jingle is a "
                "short sung or musical piece around that, and a sweeper is a spoken or produced "
                "link, often over the end of one song into the next."),
               ("add a 'duplicate cart' item to the cart's right-click menu",
                ["Add the duplicate action to the store", "Add the menu item"],
                [edit("src/store/carts.ts", "export function removeCart(",
                      "export function duplicateCart(slot: number) {\n  const copy = { "
                      "...state.carts[slot], title: `${state.carts[slot].title} (copy)` }\n  "
                      "placeInFirstFreeSlot(copy)\n}\n\nexport function removeCart("),
                 edit("src/components/CartMenu.tsx", "      <MenuItem onClick={remove}>",
                      "      <MenuItem onClick={() => duplicateCart(props.slot)}>Duplicate"
                      "</MenuItem>\n      <MenuItem onClick={remove}>")],
                "Right-clicking a cart now offers Duplicate, which puts a copy in the first "
                "free slot."),
               ("the countdown on a cart goes red at some point, make it earlier",
                "When should the countdown turn red?", "Countdown",
                [("Last 10 seconds", "twice the current warning time"),
                 ("Last 15 seconds", "gives presenters time to get a link ready")],
                "Last 10 seconds",
                edit("src/components/Countdown.tsx", "const WARN_MS = 5_000",
                     "const WARN_MS = 10_000"),
                "The countdown turns red for the last 10 seconds now."),
               ("how does the app know a cart has finished playing?",
                "The Rust player sends a cart-ended event with the slot number when a cart's "
                "stream runs out (player.rs, on_stream_end); the store listens for it in "
                "src/store/playing.ts and clears the slot.",
                "The player emits a cart-ended event with the slot when the stream runs out, "
                "and the front-end store clears that slot when it hears it.")),
        "slack")


def tallyrix() -> Project:
    """A PostgreSQL extension in C with approximate-counting types and aggregates (a count-min
    sketch type, cms, and a top-k aggregate), built with PGXS for PostgreSQL 14-17, tested with
    pg_regress against a cassert build, formatted with pgindent, released on PGXN; used by a
    transit agency's analytics team to count card taps per stop."""
    size_check = "\tif (width < 1 || depth < 1)\n"
    args_old = ("\tCountMinSketch *a = (CountMinSketch *) DatumGetPointer(PG_GETARG_DATUM(0));\n"
                "\tCountMinSketch *b = (CountMinSketch *) DatumGetPointer(PG_GETARG_DATUM(1));\n")
    state_old = "\tif (state == NULL)\n\t\tstate = topk_new(PG_GETARG_INT32(2));\n"
    add_loop = ("\tfor (int d = 0; d < s->depth; d++)\n\t\ts->counters[d * s->width + (h[d] & "
                "mask)] += n;\n")
    facts = [
        Fact("conv-ereport", "convention", ["ereport"],
             ["how should a SQL function in the extension complain about a bad argument?",
              "is elog ok for rejecting invalid input from the user?"],
             "User-facing errors use ereport(ERROR, errcode(...), errmsg(...)) with a real "
             "SQLSTATE (e.g. 22023); elog(ERROR) is only for can't-happen internal errors.",
             {"rule": "errors a user can cause are raised with ereport(ERROR, errcode(...), "
                      "errmsg(...)) and a proper SQLSTATE - elog is only for can't-happen "
                      "internal errors",
              "task": "make cms_create reject a width or depth that isn't a power of two, "
                      "instead of silently rounding it up",
              "contrary": edit("src/cms.c", size_check,
                               "\tif (!is_pow2(width) || !is_pow2(depth))\n\t\telog(ERROR, "
                               "\"width and depth must be powers of two\");\n" + size_check),
              "follow": [edit("src/cms.c", size_check,
                              "\tif (!is_pow2(width) || !is_pow2(depth))\n\t\tereport(ERROR,\n"
                              "\t\t\t\t(errcode(ERRCODE_INVALID_PARAMETER_VALUE),\n\t\t\t\t "
                              "errmsg(\"cms width and depth must be powers of two\"),\n\t\t\t\t "
                              "errdetail(\"Got width %d, depth %d.\", width, depth)));\n"
                              + size_check),
                         edit("test/sql/cms_create.sql",
                              "SELECT cms_create(1024, 4) IS NOT NULL;\n",
                              "SELECT cms_create(1024, 4) IS NOT NULL;\nSELECT cms_create(1000, "
                              "4);\n"),
                         edit("test/expected/cms_create.out", "(1 row)\n\n",
                              "(1 row)\n\nSELECT cms_create(1000, 4);\nERROR:  cms width and "
                              "depth must be powers of two\nDETAIL:  Got width 1000, depth 4.\n"
                              "\n")],
              "done": "cms_create(1000, 4) now fails with SQLSTATE 22023 and a detail naming "
                      "both values, and the regression test covers it.",
              "asks": "How should cms_create reject a bad size?",
              "header": "Errors",
              "offer": [("elog(ERROR, ...)", "one line; the message is all the caller needs"),
                        ("Round up, with a NOTICE", "keep today's behaviour but tell the user "
                                                    "what size they got")],
              "evidence": "Every other argument check in src/ uses it with an errcode (22023 or "
                          "22003); the only elog(ERROR) calls are the 'unexpected sketch "
                          "version' internal checks."}),
        Fact("conv-upgrade", "convention", ["upgrade script"],
             ["I'm adding a new SQL-level function - which file does its CREATE statement go "
              "in?",
              "can I fix a typo in the SQL file of a version that's already out?"],
             "Released install scripts (tallyrix--1.3.sql) are never edited: each SQL change "
             "goes into a new upgrade script (tallyrix--1.3--1.4.sql) and default_version in "
             "tallyrix.control is bumped.",
             {"rule": "a released install script like tallyrix--1.3.sql is never edited - every "
                      "SQL change goes in a new upgrade script (tallyrix--1.3--1.4.sql) and "
                      "default_version in tallyrix.control moves up",
              "task": "expose cms_merge as an aggregate too, so people can merge a whole column "
                      "of sketches",
              "contrary": edit("sql/tallyrix--1.3.sql", "-- topk\n",
                               "CREATE AGGREGATE cms_merge_agg(cms) (\n    SFUNC = cms_merge,\n"
                               "    STYPE = cms,\n    PARALLEL = SAFE\n);\n\n-- topk\n"),
              "follow": [write("sql/tallyrix--1.3--1.4.sql",
                               "\\echo Use \"ALTER EXTENSION tallyrix UPDATE TO '1.4'\" to load "
                               "this file. \\quit\n\nCREATE AGGREGATE cms_merge_agg(cms) (\n    "
                               "SFUNC = cms_merge,\n    STYPE = cms,\n    COMBINEFUNC = "
                               "cms_merge,\n    PARALLEL = SAFE\n);\n"),
                         edit("tallyrix.control", "default_version = '1.3'\n",
                              "default_version = '1.4'\n")],
              "done": "cms_merge_agg exists from 1.4: a fresh CREATE EXTENSION gets it through "
                      "the 1.3 script plus the new file, and existing databases get it with "
                      "ALTER EXTENSION tallyrix UPDATE.",
              "asks": "Where should the new aggregate's SQL go?",
              "header": "SQL files",
              "offer": [("Edit tallyrix--1.3.sql", "add it to the current install script; the "
                                                   "smallest diff"),
                        ("A full tallyrix--1.4.sql", "copy the 1.3 script into a complete 1.4 "
                                                     "install script with the aggregate added")],
              "evidence": "sql/ has install scripts for 1.0 and 1.3 and a file between every "
                          "pair of releases; none of the released files has changed since its "
                          "tag, and CI's upgrade-path job compares a fresh install with one "
                          "upgraded from 1.0."}),
        Fact("cmd-installcheck", "command", ["installcheck"],
             ["how do I run the extension's pg_regress suite locally?",
              "what's the make target for the SQL tests, given there's no temp-instance "
              "check?"],
             "Run the regression tests with make PG_CONFIG=$HOME/pg/16/bin/pg_config install "
             "installcheck; PGXS has no `make check`.",
             {"goal": "run the regression tests",
              "fail": bash("make check",
                           "\"make check\" is not supported.\nDo \"make install\", then \"make "
                           "installcheck\" instead.\nmake: *** [/usr/lib/postgresql/16/lib/pgxs/"
                           "src/makefiles/pgxs.mk:433: check] Error 1", 2),
              "note": "PGXS extensions don't get a throwaway server: the tests run against an "
                      "installed copy in a running one, so it's install and then installcheck - "
                      "and both against the debug build in ~/pg/16 through PG_CONFIG, not the "
                      "system Postgres a bare make would pick.",
              "ok": bash("make PG_CONFIG=$HOME/pg/16/bin/pg_config install installcheck",
                         "/usr/bin/install -c -m 755  tallyrix.so '/home/dev/pg/16/lib/"
                         "tallyrix.so'\n...\n# using postmaster on Unix socket\nok 1         - "
                         "cms_create                                 14 ms\nok 2         - "
                         "cms_merge                                  21 ms\nok 3         - "
                         "topk                                       33 ms\n1..3\n# All 3 tests "
                         "passed."),
              "done": "All three regression tests pass against the debug server.",
              "where": "the `test` step of .github/workflows/ci.yml and the Testing section of "
                       "README.md",
              "slash": ("regress", "Run the regression suite against the debug build"),
              "guard": (".claude/hooks/make-guard.sh",
                        "blocked: PGXS has no 'make check'. Run make "
                        "PG_CONFIG=$HOME/pg/16/bin/pg_config install installcheck")}),
        Fact("cmd-pgindent", "command", ["pgindent"],
             ["what tool does the C code get formatted with?",
              "CI's style check failed - what do I run to fix the layout?"],
             "Format the C code with pgindent --typedefs=tools/typedefs.list src/*.c src/*.h "
             "(PostgreSQL style; there's no make format and it isn't clang-format).",
             {"goal": "format the C code before I push, CI complained about style last time",
              "fail": bash("make format",
                           "make: *** No rule to make target 'format'.  Stop.", 2),
              "note": "There's no format target: the project follows PostgreSQL's own style, so "
                      "it's pgindent with the project's typedefs list - without the list it "
                      "mangles the spacing around our own types.",
              "ok": bash("pgindent --typedefs=tools/typedefs.list src/*.c src/*.h && git diff "
                         "--shortstat",
                         " 2 files changed, 9 insertions(+), 7 deletions(-)"),
              "done": "Formatted: only cms.c and topk.c had anything to fix, nine lines' worth.",
              "where": "the `style` job of .github/workflows/ci.yml, which runs it and fails on "
                       "any diff",
              "slash": ("fmt", "Format the C sources the way CI checks them"),
              "guard": (".claude/hooks/make-guard.sh",
                        "blocked: there's no format target, and clang-format isn't our style. "
                        "Run pgindent --typedefs=tools/typedefs.list src/*.c src/*.h")}),
        Fact("env-port", "environment", ["5416"],
             ["which port is the assert-enabled test server listening on?",
              "psql can't connect on the usual port - where is my dev instance?"],
             "The local debug PostgreSQL is a cassert/Valgrind source build of 16 in ~/pg/16, "
             "listening on port 5416 (PGPORT set in .envrc).",
             {"goal": "psql says connection refused - where's my debug postgres?",
              "probe": [bash("cat .envrc",
                             "export PATH=$HOME/pg/16/bin:$PATH\nexport PGPORT=5416\nexport "
                             "PGDATA=$HOME/pg/16/data"),
                        bash("$HOME/pg/16/bin/pg_ctl status && $HOME/pg/16/bin/pg_config "
                             "--configure",
                             "pg_ctl: server is running (PID: 48211)\n/home/dev/pg/16/bin/"
                             "postgres \"-D\" \"/home/dev/pg/16/data\"\n'--prefix=/home/dev/pg/"
                             "16' '--enable-cassert' '--enable-debug' 'CFLAGS=-O0 -g "
                             "-DUSE_VALGRIND'")],
              "confirm": "the debug server is a source build of PostgreSQL 16 in ~/pg/16 "
                         "(--enable-cassert, Valgrind-aware), and it listens on port 5416, not "
                         "5432: .envrc sets PGPORT=5416 and puts ~/pg/16/bin first on the PATH. "
                         "psql refuses when direnv hasn't loaded .envrc, because then it tries "
                         "the default port.",
              "short": "the debug Postgres is the cassert build in ~/pg/16, on port 5416 "
                       "(PGPORT is set in .envrc)",
              "plan_for": "add a Valgrind run of the regression tests",
              "assume": bash("psql -p 5432 -c 'select version()'",
                             "psql: error: connection to server on socket \"/var/run/postgresql/"
                             ".s.PGSQL.5432\" failed: No such file or directory\n\tIs the server "
                             "running locally and accepting connections on that socket?", 2),
              "value": "port 5416", "alt": "port 5432",
              "pr": ("topk: document the error bound", "Documents topk's error bound and adds a "
                                                       "test that checks it.")}),
        Fact("env-ci", "environment", ["pgxn-tools"],
             ["which Postgres major versions does the pipeline cover?",
              "what image gives the test jobs several server versions?"],
             "CI tests PostgreSQL 14, 15, 16 and 17 (a matrix) in the pgxn/pgxn-tools "
             "container, with pg-start and pg-build-test; 13 was dropped.",
             {"goal": "which postgres versions do we actually test against in CI?",
              "probe": [bash("grep -n -A6 'strategy:' .github/workflows/ci.yml",
                             "12:    strategy:\n13-      matrix:\n14-        pg: [14, 15, 16, "
                             "17]\n15-    container: pgxn/pgxn-tools\n16-    steps:\n17-      - "
                             "run: pg-start ${{ matrix.pg }}\n18-      - run: pg-build-test")],
              "confirm": "CI tests against PostgreSQL 14, 15, 16 and 17, one job each, in the "
                         "pgxn/pgxn-tools container: pg-start installs and starts the version "
                         "from the matrix, and pg-build-test builds the extension and runs the "
                         "regression suite against it. 13 is no longer in the matrix.",
              "short": "CI runs PostgreSQL 14, 15, 16 and 17 in the pgxn/pgxn-tools container, "
                       "one job per version",
              "plan_for": "use a PG 17-only function in topk",
              "assume": bash("grep -n 'services:' .github/workflows/ci.yml", "", 1),
              "value": "14 to 17 in the pgxn-tools container",
              "alt": "16 only, as a postgres:16 service",
              "pr": ("build: tidy the Makefile", "Drops unused variables from the Makefile.")}),
        Fact("gotcha-detoast", "gotcha", ["PG_DETOAST_DATUM"],
             ["the merge crashes only for wide sketches - what's different about large values?",
              "what must a C function do with a variable-length argument before reading it?"],
             "Large cms values are TOASTed (pglz-compressed); C functions must "
             "PG_DETOAST_DATUM (or PG_GETARG_VARLENA_P) varlena arguments before casting, "
             "otherwise big sketches crash cms_merge.",
             {"symptom": "cms_merge segfaults the backend with big sketches - 4096x8 ones. "
                         "small ones merge fine",
              "probe": [read("src/cms.c", "Datum\ncms_merge(PG_FUNCTION_ARGS)\n{\n" + args_old),
                        bash("psql -c \"select pg_column_compression(s), pg_column_size(s), "
                             "octet_length(s::bytea) from sketches where id = 42\"",
                             " pg_column_compression | pg_column_size | octet_length \n"
                             "-----------------------+----------------+--------------\n pglz     "
                             "             |           9312 |       131096\n(1 row)")],
              "explain": "Big sketches are stored TOASTed: a 4096x8 sketch is 128 KB, so "
                         "Postgres compresses it (pglz, down to 9 KB) and may move it out of "
                         "line. cms_merge casts the raw Datum with DatumGetPointer, which hands "
                         "it the compressed or out-of-line form - it reads that header as a "
                         "sketch and walks off the end. Small sketches stay inline and "
                         "uncompressed, which is why they work. Every varlena argument has to "
                         "go through PG_DETOAST_DATUM (or PG_GETARG_VARLENA_P) before it's "
                         "cast.",
              "fix": [edit("src/cms.c", args_old,
                           "\tCountMinSketch *a = (CountMinSketch *) PG_DETOAST_DATUM("
                           "PG_GETARG_DATUM(0));\n\tCountMinSketch *b = (CountMinSketch *) "
                           "PG_DETOAST_DATUM(PG_GETARG_DATUM(1));\n")],
              "done": "Merging the 4096x8 sketches works, and a new regression test stores a "
                      "big sketch in a table and merges it.",
              "cause": "big sketches arrive TOASTed (compressed), so varlena arguments must go "
                       "through PG_DETOAST_DATUM before they are cast",
              "suspect": "how cms_merge reads its arguments",
              "decoy": ("the merge loop's bounds",
                        "The loop runs width x depth and both sketches are checked for equal "
                        "dimensions first; the indexing is right for any size. Not the "
                        "cause."),
              "question": "why detoast here? it's our own type, not text"}),
        Fact("gotcha-aggcontext", "gotcha", ["AggCheckCallContext"],
             ["why do per-group results come out as nonsense with a hash aggregate?",
              "where should an aggregate's running state be allocated in C?"],
             "topk_trans allocated its state in the per-tuple memory context (reset every "
             "row), corrupting grouped results; aggregate state is allocated in the aggregate "
             "context from AggCheckCallContext.",
             {"symptom": "topk_agg gives garbage counts with GROUP BY - fine for one group, "
                         "nonsense once there are more than a few",
              "probe": [read("src/topk.c",
                             "Datum\ntopk_trans(PG_FUNCTION_ARGS)\n{\n\tTopK\t   *state = "
                             "PG_ARGISNULL(0) ? NULL : (TopK *) PG_GETARG_POINTER(0);\n\n"
                             + state_old),
                        bash("psql -c 'explain (costs off) select route, topk_agg(stop_id, 10) "
                             "from taps group by route'",
                             "         QUERY PLAN          \n-----------------------------\n "
                             "HashAggregate\n   Group Key: route\n   ->  Seq Scan on taps\n(3 "
                             "rows)")],
              "explain": "The transition state is allocated in whatever memory context is "
                         "current when topk_trans runs, and that's the per-tuple context, which "
                         "is reset after every input row. With one group it happens to survive; "
                         "with a HashAggregate over many groups the memory gets reused and the "
                         "states overwrite each other. Aggregate state has to live in the "
                         "aggregate's own context: get it with AggCheckCallContext and allocate "
                         "the state there (a MemoryContextSwitchTo around topk_new).",
              "fix": [edit("src/topk.c", state_old,
                           "\tif (state == NULL)\n\t{\n\t\tMemoryContext aggcontext;\n\t\t"
                           "MemoryContext old;\n\n\t\tif (!AggCheckCallContext(fcinfo, "
                           "&aggcontext))\n\t\t\telog(ERROR, \"topk_trans called in "
                           "non-aggregate context\");\n\t\told = MemoryContextSwitchTo("
                           "aggcontext);\n\t\tstate = topk_new(PG_GETARG_INT32(2));\n\t\t"
                           "MemoryContextSwitchTo(old);\n\t}\n")],
              "done": "topk_agg grouped by route over 300 routes now matches an exact count(*) "
                      "... ORDER BY for every route.",
              "cause": "the aggregate state was allocated in the per-row memory context, which "
                       "is reset; it belongs in the context AggCheckCallContext returns",
              "suspect": "where topk_trans allocates its state",
              "decoy": ("the top-k heap logic",
                        "Ran topk_new and topk_add in a standalone harness with 1M random "
                        "inputs: the counts match exactly. The heap is fine. Not the cause."),
              "question": "why switch memory contexts here? palloc cleans up after us "
                          "anyway"}),
        Fact("fals-avx2", "falsified", ["AVX2"],
             ["would SIMD speed up the sketch update?",
              "why is the counter loop in cms_add plain scalar C?"],
             "Vectorising cms_add with AVX2 intrinsics was tried and reverted: 1.02x (the "
             "random counter updates are memory-bound) and -mavx2 broke the arm64 builds.",
             {"ask": "vectorise the counter update loop in cms_add with AVX2 intrinsics, it's "
                     "the hot path",
              "change": [edit("src/cms.c", add_loop,
                              "#ifdef __AVX2__\n\tcms_add_avx2(s, h, mask, n);\n#else\n"
                              + add_loop + "#endif\n"),
                         edit("Makefile", "PG_CFLAGS = -std=c11\n",
                              "PG_CFLAGS = -std=c11 -mavx2\n")],
              "broke": bash("make bench && gh run view --log-failed | tail -3",
                            "cms_add 10M rows: scalar 4.81 s, avx2 4.72 s (1.02x)\nbuild "
                            "(arm64, pg16)  gcc: error: unrecognized command-line option "
                            "'-mavx2'\nbuild (arm64, pg16)  make: *** [<builtin>: src/cms.o] "
                            "Error 1", 1),
              "revert": bash("git checkout -- src/cms.c Makefile", ""),
              "conclusion": "AVX2 doesn't earn its keep: cms_add goes from 4.81 s to 4.72 s on "
                            "10M rows (1.02x), because each update hits a random counter in a "
                            "128 KB array - the loop waits on memory, not arithmetic, and "
                            "gathers and scatters don't change that. And -mavx2 breaks the "
                            "arm64 builds outright. Back to the scalar loop.",
              "pain": "cms_add dominates the profile when loading a day of taps",
              "idea": "vectorising cms_add with AVX2 intrinsics",
              "why": "1.02x, since the loop is memory-bound, and -mavx2 broke the arm64 "
                     "build"}),
        Fact("fals-hash", "falsified", ["hash_bytes_extended"],
             ["could we use the server's built-in hashing instead of the bundled third-party "
              "hash?",
              "why is there still a copy of xxhash in src/?"],
             "Replacing the vendored xxHash (XXH64) with Postgres's hash_bytes_extended was "
             "tried and reverted: existing stored sketches give wrong estimates and can't be "
             "merged; it would need a sketch format version.",
             {"ask": "drop the vendored xxhash and use postgres's own hash_bytes_extended - one "
                     "less third-party file to keep patched",
              "change": [edit("src/cms.c", "#include \"xxhash.h\"\n",
                              "#include \"common/hashfn.h\"\n"),
                         edit("src/cms.c", "\t\th[d] = XXH64(key, len, seeds[d]);\n",
                              "\t\th[d] = hash_bytes_extended(key, len, seeds[d]);\n"),
                         bash("git rm -q src/xxhash.h", "")],
              "broke": bash("psql -X -f test/compat/stored_sketches.sql | diff "
                            "test/compat/stored_sketches.out -",
                            "5c5\n<  cms_estimate | 1288\n---\n>  cms_estimate | 3\n9c9\n<  "
                            "merged_ok | t\n---\n>  merged_ok | f", 1),
              "revert": bash("git checkout HEAD -- src/cms.c src/xxhash.h", ""),
              "conclusion": "Swapping the hash breaks every sketch already stored: a sketch's "
                            "counters sit where XXH64 put them, so with hash_bytes_extended an "
                            "estimate against an old sketch looks in the wrong cells (1288 "
                            "became 3), and merging old with new mixes incompatible layouts. "
                            "Users have months of sketches in tables. Changing the hash would "
                            "need a format version in the sketch header and both hashes kept - "
                            "not worth it to drop one vendored header.",
              "pain": "we carry a vendored copy of xxhash and patch it by hand",
              "idea": "replacing the vendored xxHash with Postgres's hash_bytes_extended",
              "why": "sketches already stored were hashed with XXH64 and give wrong estimates "
                     "under the new hash"}),
    ]
    return Project(
        "tallyrix", "git@github.com:loftdata/tallyrix.git",
        {"README.md": "# tallyrix\n\nApproximate counting for PostgreSQL: count-min sketches "
                      "and top-k.\n",
         "tallyrix.control": "comment = 'approximate counting'\ndefault_version = '1.3'\n"},
        _stamp(facts, "loftdata/tallyrix"),
        chores(("src/cms_io.c",
                "Datum\ncms_out(PG_FUNCTION_ARGS)\n{\n\tCountMinSketch *s = PG_GETARG_CMS(0);\n"
                "\tStringInfoData buf;\n\n\tinitStringInfo(&buf);\n\tappendStringInfo(&buf, "
                "\"cms(w=%d,d=%d,n=\" INT64_FORMAT \")\", s->width, s->depth, s->total);\n\t"
                "PG_RETURN_CSTRING(buf.data);\n}\n",
                "It's the text output function of the cms type: a sketch prints as a short "
                "summary - width, depth and total count - rather than its counters."),
               ("cms_estimate",
                ["src/cms.c", "src/topk.c", "sql/tallyrix--1.3.sql"],
                "Three places: defined in cms.c, used by topk.c to rank candidates, and "
                "declared in the 1.3 SQL script."),
               ("README.md", "Approximate counting for PostgreSQL 13+",
                "Approximate counting for PostgreSQL",
                "the readme still claims a minimum server version in its first line, just drop "
                "the version"),
               ("check the extension compiles without warnings",
                "make PG_CONFIG=$HOME/pg/16/bin/pg_config clean all 2>&1 | grep -c warning",
                "0", "Zero warnings on a clean build."),
               ("what's a count-min sketch in two sentences?",
                "A small 2-D array of counters where each item is hashed into one counter per "
                "row; an item's count estimate is the minimum of its counters. It never "
                "under-counts, and over-counts by a bounded amount that shrinks as the array "
                "grows."),
               ("add a SQL comment to cms_create and cms_merge",
                ["Add COMMENT ON for cms_create", "Add COMMENT ON for cms_merge"],
                [edit("sql/tallyrix--1.3--1.4.sql", "\\quit\n",
                      "\\quit\n\nCOMMENT ON FUNCTION cms_create(int, int) IS 'new empty "
                      "count-min sketch of the given width and depth';\n"),
                 edit("sql/tallyrix--1.3--1.4.sql", "depth';\n",
                      "depth';\nCOMMENT ON FUNCTION cms_merge(cms, cms) IS 'sum of two sketches "
                      "of equal dimensions';\n")],
                "Both functions have a COMMENT ON, so \\df+ shows what they do."),
               ("cms_out should show the total with thousands separators, or not?",
                "Should cms_out format the total with separators?", "Output",
                [("Plain digits", "stays parseable and matches how Postgres prints numbers"),
                 ("Separators", "easier to read at a glance")], "Plain digits",
                bash("git diff --stat src/cms_io.c", ""),
                "Left as plain digits; nothing to change."),
               ("where does a sketch record which hash seeds it was built with?",
                "The seeds aren't stored per sketch: they're derived from the depth by "
                "cms_seeds() in src/hash.c, so any two sketches of the same depth share them - "
                "which is what makes them mergeable.",
                "Nowhere per sketch: cms_seeds() derives them from the depth, so sketches of the "
                "same depth share seeds and can be merged.")),
        "postgres")


def leakline() -> Project:
    """A PySpark pipeline on Databricks for a water utility's smart meters: Auto Loader ingests
    the head-end system's CSV drops into bronze, silver cleans and merges the reads into Delta
    tables in Unity Catalog, and a nightly job flags likely leaks from the minimum night flow per
    district meter area; Databricks Asset Bundles, Poetry, pytest on local Spark."""
    reads_parse = ("            .withColumn(\"read_ts\", F.to_timestamp(\"read_time\", "
                   "\"yyyy-MM-dd HH:mm:ss\"))\n")
    merge_head = "def upsert(batch, batch_id):\n    (silver_reads().alias(\"t\")\n"
    facts = [
        Fact("conv-tbl", "convention", ["conf.tbl"],
             ["how should a job refer to a Delta table so dev runs can't touch prod?",
              "can I write spark.table with the full three-part name in new code?"],
             "Table names are never hard-coded with a catalog: jobs call "
             "conf.tbl('schema', 'table') (leakline.conf) and the catalog comes from the bundle "
             "target (dev vs prod).",
             {"rule": "table names are never written out with a catalog - code calls "
                      "conf.tbl('silver', 'reads') and the catalog comes from the bundle target",
              "task": "add a gold table with the minimum night flow per district meter area "
                      "per day",
              "contrary": write("src/leakline/gold/night_flow.py",
                                "from pyspark.sql import functions as F\n\n\ndef build(spark):\n"
                                "    reads = spark.table(\"water_prod.silver.reads\")\n    "
                                "(reads.where(F.hour(\"read_ts\").between(2, 3))\n          "
                                ".groupBy(\"dma_id\", F.to_date(\"read_ts\").alias(\"day\"))\n   "
                                "       .agg(F.min(\"flow_lph\").alias(\"min_night_flow_lph\"))"
                                "\n          .write.mode(\"overwrite\").saveAsTable("
                                "\"water_prod.gold.night_flow\"))\n"),
              "follow": [write("src/leakline/gold/night_flow.py",
                               "from pyspark.sql import functions as F\n\nfrom leakline import "
                               "conf\n\n\ndef build(spark):\n    reads = spark.table(conf.tbl("
                               "\"silver\", \"reads\"))\n    (reads.where(F.hour(\"read_ts\")"
                               ".between(2, 3))\n          .groupBy(\"dma_id\", F.to_date("
                               "\"read_ts\").alias(\"day\"))\n          .agg(F.min(\"flow_lph\")"
                               ".alias(\"min_night_flow_lph\"))\n          .write.mode("
                               "\"overwrite\").saveAsTable(conf.tbl(\"gold\", \"night_flow\")))"
                               "\n")],
              "done": "gold.night_flow holds the minimum flow between 02:00 and 04:00 per DMA "
                      "per day, written to whichever catalog the target points at.",
              "asks": "How should the job name the tables?",
              "header": "Tables",
              "offer": [("Full three-part names", "spark.table('water_prod.silver.reads'), as "
                                                  "the notebooks do"),
                        ("USE CATALOG once", "set the catalog at the top of the job and use "
                                             "schema.table names after that")],
              "evidence": "Every job under src/leakline/ resolves its names that way, and dev "
                          "deploys write to the per-user dev catalog - a hard-coded water_prod "
                          "name would let a dev run overwrite production's table."}),
        Fact("conv-udf", "convention", ["Python UDFs"],
             ["can I write a small Python function and apply it row by row in a job?",
              "what should replace a row-level Python helper in the Spark code?"],
             "No plain Python UDFs in jobs: use built-in pyspark.sql.functions (lag, window "
             "functions...); a pandas_udf only when nothing built-in works, with a comment "
             "saying why.",
             {"rule": "no plain Python UDFs in the jobs - use the built-in pyspark.sql.functions, "
                      "and if there's really no way, a pandas_udf with a comment saying why",
              "task": "flag reads where the meter's cumulative register went backwards - it "
                      "should only ever go up",
              "contrary": write("src/leakline/silver/register_check.py",
                                "from pyspark.sql import functions as F\nfrom pyspark.sql.types "
                                "import BooleanType\nfrom pyspark.sql.window import Window\n\n\n"
                                "@F.udf(BooleanType())\ndef went_backwards(prev, cur):\n    "
                                "return prev is not None and cur < prev\n\n\ndef flag(reads):\n"
                                "    w = Window.partitionBy(\"meter_id\").orderBy(\"read_ts\")\n"
                                "    return reads.withColumn(\"register_backwards\", "
                                "went_backwards(F.lag(\"register_l\").over(w), "
                                "F.col(\"register_l\")))\n"),
              "follow": [write("src/leakline/silver/register_check.py",
                               "from pyspark.sql import functions as F\nfrom pyspark.sql.window "
                               "import Window\n\n\ndef flag(reads):\n    w = Window.partitionBy("
                               "\"meter_id\").orderBy(\"read_ts\")\n    prev = F.lag("
                               "\"register_l\").over(w)\n    return reads.withColumn("
                               "\"register_backwards\",\n                            "
                               "prev.isNotNull() & (F.col(\"register_l\") < prev))\n")],
              "done": "Reads whose register is below the meter's previous read get "
                      "register_backwards = true; on last week's data that's 214 reads on 31 "
                      "meters, mostly meters swapped during the week.",
              "asks": "How should the backwards-register check be written?",
              "header": "Spark",
              "offer": [("A small @udf", "a Python function comparing previous and current, "
                                         "wrapped with F.udf"),
                        ("Collect per meter", "group by meter, collect the reads and check "
                                              "their order in Python")],
              "evidence": "`git grep -n '@F.udf' -- src/` finds nothing, and the one pandas_udf "
                          "in src/leakline/gold/profile.py has a comment saying why no built-in "
                          "would do."}),
        Fact("cmd-deploy", "command", ["meters-dev"],
             ["how do I push the jobs to my personal Databricks environment?",
              "the bundle deploy can't find any credentials - which profile goes with it?"],
             "Deploy the bundle to your dev target with `databricks bundle deploy --target dev "
             "--profile meters-dev`; without the profile it finds no credentials.",
             {"goal": "deploy the bundle to my dev workspace so I can run the night-flow job "
                      "there",
              "fail": bash("databricks bundle deploy",
                           "Error: default auth: cannot configure default credentials, please "
                           "check https://docs.databricks.com/en/dev-tools/auth.html#databricks-"
                           "client-unified-authentication to configure credentials for your "
                           "preferred authentication method. Config: host=https://adb-"
                           "4417203958811092.12.azuredatabricks.net. Env: DATABRICKS_HOST", 1),
              "fail2": bash("databricks bundle deploy --target dev",
                            "Error: default auth: cannot configure default credentials, please "
                            "check https://docs.databricks.com/en/dev-tools/auth.html#databricks-"
                            "client-unified-authentication to configure credentials for your "
                            "preferred authentication method. Config: host=https://adb-"
                            "4417203958811092.12.azuredatabricks.net. Env: DATABRICKS_HOST", 1),
              "note": "The bundle carries no credentials of its own: the dev target is deployed "
                      "with your workspace profile from ~/.databrickscfg, meters-dev, which "
                      "signs in as you and deploys under your user folder.",
              "ok": bash("databricks bundle deploy --target dev --profile meters-dev",
                         "Uploading bundle files to /Workspace/Users/dev@severnvale.example/"
                         ".bundle/leakline/dev/files...\nDeploying resources...\nUpdating "
                         "deployment state...\nDeployment complete!"),
              "done": "Deployed to your dev folder: the job shows up as '[dev dev] "
                      "night_flow' and writes to your dev catalog.",
              "where": "docs/dev-setup.md (step 4) and the comment on the dev target in "
                       "databricks.yml",
              "slash": ("deploy-dev", "Deploy the bundle to your dev target"),
              "guard": (".claude/hooks/databricks-guard.sh",
                        "blocked: always name the target and the profile. For your own "
                        "workspace: databricks bundle deploy --target dev --profile "
                        "meters-dev")}),
        Fact("cmd-pytest", "command", ["needs_dbr"],
             ["how do I run the tests on my laptop without a cluster?",
              "a handful of tests want a cluster id - how do I leave them out?"],
             "Run local unit tests with poetry run pytest -m 'not needs_dbr'; tests marked "
             "needs_dbr go through Databricks Connect to a cluster.",
             {"goal": "run the unit tests",
              "fail": bash("poetry run pytest",
                           "tests/test_night_flow.py::test_flags_high_minimum PASSED\n"
                           "tests/integration/test_autoloader.py::test_schema_evolution ERROR\n"
                           "E   Exception: Cluster id or serverless are required but were not "
                           "specified.\n...\n========= 41 passed, 6 errors in 58.20s =========",
                           1),
              "note": "Six of those aren't unit tests - they're marked needs_dbr because they "
                      "run through Databricks Connect against a real cluster. Local runs "
                      "deselect that marker.",
              "ok": bash("poetry run pytest -m 'not needs_dbr'",
                         "........................................ [ 97%]\n.                     "
                         "                   [100%]\n41 passed, 6 deselected in 47.91s"),
              "done": "41 unit tests pass on local Spark; the 6 cluster tests were left out, "
                      "as CI does on pull requests.",
              "where": "the markers in pyproject.toml's [tool.pytest.ini_options] and the "
                       "`unit` job of .github/workflows/ci.yml",
              "slash": ("unit", "Run the unit tests on local Spark"),
              "guard": (".claude/hooks/pytest-guard.sh",
                        "blocked: bare pytest also collects the cluster tests. Run poetry run "
                        "pytest -m 'not needs_dbr'")}),
        Fact("env-runtime", "environment", ["14.3 LTS"],
             ["what runtime version are the job clusters on?",
              "which Spark release do the scheduled workflows get?"],
             "The production jobs' clusters run Databricks Runtime 14.3 LTS "
             "(14.3.x-scala2.12: Spark 3.5.0, Python 3.10).",
             {"goal": "which spark version do the production jobs run? I want to use a 3.5 "
                      "function",
              "probe": [bash("grep -n -B1 -A3 spark_version resources/night_flow.job.yml",
                             "23-        new_cluster:\n24:          spark_version: "
                             "14.3.x-scala2.12\n25-          node_type_id: Standard_D8ds_v5\n"
                             "26-          num_workers: 4\n27-          data_security_mode: "
                             "SINGLE_USER")],
              "confirm": "the production jobs run on Databricks Runtime 14.3 LTS "
                         "(14.3.x-scala2.12, which is Spark 3.5.0 with Python 3.10), so Spark "
                         "3.5 functions are there on the clusters.",
              "short": "the jobs run on Databricks Runtime 14.3 LTS (Spark 3.5.0, Python 3.10)",
              "plan_for": "rewrite the gap filling with the Spark 3.5 functions",
              "assume": bash("poetry run python -c 'import pyspark; "
                             "print(pyspark.__version__)'", "3.5.1"),
              "value": "Databricks Runtime 14.3 LTS", "alt": "Databricks Runtime 13.3 LTS",
              "pr": ("night flow: fill short gaps", "Fills gaps of up to an hour in a meter's "
                                                    "reads before taking the night "
                                                    "minimum.")}),
        Fact("env-landing", "environment", ["meter-drops"],
             ["which storage location does the head-end system write the raw readings to?",
              "where should I look for a CSV from the meters that never made it into bronze?"],
             "Raw meter reads land as CSV in abfss://meter-drops@svwlanding.dfs.core.windows.net"
             "/headend/ (container meter-drops, storage account svwlanding), where Auto Loader "
             "picks them up.",
             {"goal": "where do the raw meter files land before auto loader picks them up?",
              "probe": [bash("grep -n -A3 'cloudFiles\"' src/leakline/bronze/ingest.py",
                             "14:    return (spark.readStream.format(\"cloudFiles\")\n15-        "
                             "    .option(\"cloudFiles.format\", \"csv\")\n16-            "
                             ".option(\"cloudFiles.schemaLocation\", conf.checkpoint("
                             "\"bronze_reads_schema\"))\n17-            .load(conf.landing()))"),
                        bash("grep -n -A1 'def landing' src/leakline/conf.py",
                             "31:def landing() -> str:\n32-    return \"abfss://meter-drops@"
                             "svwlanding.dfs.core.windows.net/headend/\"")],
              "confirm": "the head-end system drops the raw reads as CSV into the meter-drops "
                         "container of the svwlanding storage account "
                         "(abfss://meter-drops@svwlanding.dfs.core.windows.net/headend/), and "
                         "Auto Loader reads them from there into bronze.",
              "short": "raw reads land as CSV in abfss://meter-drops@svwlanding.dfs.core."
                       "windows.net/headend/ - container meter-drops, account svwlanding",
              "plan_for": "switch the bronze ingest from CSV to the head-end's new parquet "
                          "export",
              "assume": bash("databricks fs ls dbfs:/mnt/landing/",
                             "Error: no such directory: /mnt/landing", 1),
              "value": "the meter-drops container on svwlanding",
              "alt": "the DBFS mount /mnt/landing",
              "pr": ("bronze: keep the source file name", "Adds each bronze row's source file "
                                                          "path from _metadata.")}),
        Fact("gotcha-tz", "gotcha", ["to_utc_timestamp"],
             ["why do we get a burst of bogus leak warnings right after the spring clock "
              "change?",
              "how should the head-end's local wall-clock times be turned into proper "
              "instants?"],
             "Head-end read times are UK local wall-clock time without an offset and the "
             "clusters run in UTC, so after the BST switch reads were an hour off and "
             "night-flow alerts fired falsely; parse with to_utc_timestamp(..., "
             "'Europe/London').",
             {"symptom": "every year after the clocks go forward we get a wave of false leak "
                         "alerts for a few hundred meters. this morning again",
              "probe": [read("src/leakline/silver/reads.py",
                             "def clean(bronze):\n    return (bronze\n" + reads_parse
                             + "            .where(F.col(\"flow_lph\") >= 0))\n"),
                        bash("poetry run python scripts/peek.py --sql \"select meter_id, "
                             "read_time, read_ts from silver.reads where meter_id = 'M-204117' "
                             "and read_date = '2024-03-31' limit 3\"",
                             "meter_id  read_time            read_ts\nM-204117  2024-03-31 "
                             "00:45:00  2024-03-31 00:45:00\nM-204117  2024-03-31 03:00:00  "
                             "2024-03-31 03:00:00\nM-204117  2024-03-31 03:15:00  2024-03-31 "
                             "03:15:00\nspark.sql.session.timeZone = Etc/UTC")],
              "explain": "The head-end writes read_time as UK local wall-clock time with no "
                         "offset, and the clusters run with spark.sql.session.timeZone set to "
                         "UTC, so to_timestamp takes those local times as UTC. From the last "
                         "Sunday of March every read is stamped an hour late: the 02:00-04:00 "
                         "night window really covers 03:00-05:00 local, when early-morning use "
                         "starts, and the minimum night flow jumps for meters with early "
                         "risers. The local times have to be converted explicitly: "
                         "to_utc_timestamp(read_time, 'Europe/London') turns UK wall-clock time "
                         "into real UTC, summer time or not.",
              "fix": [edit("src/leakline/silver/reads.py", reads_parse,
                           "            .withColumn(\"read_ts\", F.to_utc_timestamp(\n          "
                           "      F.to_timestamp(\"read_time\", \"yyyy-MM-dd HH:mm:ss\"), "
                           "\"Europe/London\"))\n")],
              "done": "Re-ran silver and the night-flow job for the last week: 11 alerts "
                      "instead of 348, all on meters that were already flagged before the clock "
                      "change.",
              "cause": "the head-end's times are UK local without an offset and Spark parses "
                       "them as UTC; they need to_utc_timestamp(..., 'Europe/London')",
              "suspect": "how the read times are parsed",
              "decoy": ("the leak threshold and the alerting job",
                        "The threshold (night minimum above 30 l/h for 3 nights) and the "
                        "alerting query haven't changed since January and behave the same on "
                        "winter data. Not the cause."),
              "question": "why convert from Europe/London? the timestamps already look "
                          "right"}),
        Fact("gotcha-dupes", "gotcha", ["dropDuplicates"],
             ["the overnight upsert into silver fails saying several incoming rows hit one "
              "existing row - what happened?",
              "what has to happen to a micro-batch before it's merged into the reads table?"],
             "The head-end occasionally resends a file; when both copies land in one batch the "
             "silver MERGE fails ('multiple source rows matched'), so each batch is "
             "deduplicated with dropDuplicates(['meter_id', 'read_ts']) before merging.",
             {"symptom": "the silver merge failed overnight: 'Cannot perform Merge as multiple "
                         "source rows matched and attempted to modify the same target row in "
                         "the Delta table'. it's been fine for months",
              "probe": [read("src/leakline/silver/merge.py",
                             merge_head + "        .merge(batch.alias(\"s\"), \"t.meter_id = "
                             "s.meter_id AND t.read_ts = s.read_ts\")\n        "
                             ".whenMatchedUpdateAll()\n        .whenNotMatchedInsertAll()\n     "
                             "   .execute())\n"),
                        bash("poetry run python scripts/peek.py --sql \"select meter_id, "
                             "read_ts, count(*) n, collect_set(_source_file) files from "
                             "bronze.reads where _ingested_at > current_date() - 1 group by 1, 2 "
                             "having n > 1 limit 2\"",
                             "meter_id  read_ts              n  files\nM-118203  2024-06-11 "
                             "01:15:00  2  [headend/2024-06-11/0115.csv, headend/2024-06-11/"
                             "0115-resend.csv]\nM-118207  2024-06-11 01:15:00  2  [headend/"
                             "2024-06-11/0115.csv, headend/2024-06-11/0115-resend.csv]")],
              "explain": "The head-end resent the 01:15 file (0115-resend.csv) and both copies "
                         "landed in the same Auto Loader micro-batch, so the batch holds two "
                         "rows for the same meter and timestamp. MERGE refuses that: two source "
                         "rows match one target row and Delta can't know which to apply. The "
                         "batch has to be deduplicated on the merge key before the MERGE - "
                         "dropDuplicates on (meter_id, read_ts); both copies carry the same "
                         "values, so it doesn't matter which one survives.",
              "fix": [edit("src/leakline/silver/merge.py", merge_head,
                           "def upsert(batch, batch_id):\n    # the head-end sometimes resends a "
                           "file; both copies can land in one batch\n    batch = "
                           "batch.dropDuplicates([\"meter_id\", \"read_ts\"])\n    "
                           "(silver_reads().alias(\"t\")\n")],
              "done": "Re-ran the failed batch: the merge went through, and the resent rows "
                      "added nothing.",
              "cause": "a resent head-end file put two rows for the same (meter_id, read_ts) "
                       "in one batch; dropDuplicates on the merge key has to run before the "
                       "MERGE",
              "suspect": "the rows in the failing batch",
              "decoy": ("the Delta table's history and schema",
                        "DESCRIBE HISTORY shows no schema change and no manual writes before "
                        "the failure, and the target has no duplicate keys. Not the cause."),
              "question": "why dedupe the batch? the target table never has duplicates"}),
        Fact("fals-notify", "falsified", ["useNotifications"],
             ["could the ingest be triggered by storage events instead of scanning folders?",
              "why does the bronze stream still list the whole landing directory every run?"],
             "Auto Loader file notification mode (cloudFiles.useNotifications) was tried and "
             "reverted: the pipeline's service principal can't create the Event Grid "
             "subscription (403) and won't be given the rights; ingest stays on directory "
             "listing.",
             {"ask": "switch auto loader to file notification mode, listing a year of folders "
                     "every run is getting slow",
              "change": [edit("src/leakline/bronze/ingest.py",
                              "            .option(\"cloudFiles.format\", \"csv\")\n",
                              "            .option(\"cloudFiles.format\", \"csv\")\n            "
                              ".option(\"cloudFiles.useNotifications\", \"true\")\n")],
              "broke": bash("databricks bundle run bronze_ingest --target dev",
                            "Run URL: https://adb-4417203958811092.12.azuredatabricks.net/?o="
                            "4417203958811092#job/918273/run/55120\n2024-06-12 09:14:02 \"[dev "
                            "dev] bronze_ingest\" RUNNING\n2024-06-12 09:16:40 \"[dev dev] "
                            "bronze_ingest\" TERMINATED FAILED\nError: StorageException: This "
                            "request is not authorized to perform this operation using this "
                            "permission. (403) while creating the Event Grid subscription for "
                            "storage account svwlanding", 1),
              "revert": bash("git checkout -- src/leakline/bronze/ingest.py", ""),
              "conclusion": "File notification mode (cloudFiles.useNotifications) needs the "
                            "pipeline's service principal to create an Event Grid subscription "
                            "and a queue on the storage "
                            "account, and it isn't allowed to - the run failed at setup with a "
                            "403. That takes Contributor-level rights on the landing account, "
                            "which the platform team has already refused for this principal. "
                            "Auto Loader stays on directory listing; the slowness is better "
                            "attacked by pruning old folders from the path it lists.",
              "pain": "bronze ingest spends most of each run listing a year of landing folders",
              "idea": "Auto Loader's file notification mode",
              "why": "the service principal can't create the Event Grid subscription it needs "
                     "(403) and won't get the rights"}),
        Fact("fals-zorder", "falsified", ["ZORDER"],
             ["would clustering the reads table by meter make the dashboard lookups faster?",
              "why don't we reorganise the silver data files around meter id every night?"],
             "A nightly OPTIMIZE silver.reads ZORDER BY (meter_id) was tried and dropped: it "
             "rewrote 1.8 TB in 2h47 for lookups going from 6.4 s to 6.1 s; filtering by "
             "read_date (the partition) helps far more.",
             {"ask": "add a nightly OPTIMIZE with ZORDER BY meter_id on silver.reads, the "
                     "per-meter lookups in the leak dashboard are slow",
              "change": [write("resources/optimize.job.yml",
                               "resources:\n  jobs:\n    optimize_reads:\n      name: "
                               "optimize_reads\n      schedule:\n        "
                               "quartz_cron_expression: \"0 30 4 * * ?\"\n        timezone_id: "
                               "UTC\n      tasks:\n        - task_key: optimize\n          "
                               "sql_task:\n            file: { path: "
                               "../sql/optimize_reads.sql }\n"),
                         write("sql/optimize_reads.sql",
                               "OPTIMIZE silver.reads ZORDER BY (meter_id);\n")],
              "broke": bash("poetry run python scripts/peek.py --sql \"describe history "
                            "silver.reads limit 1\" && poetry run python scripts/dash_bench.py "
                            "--meter-lookups 50",
                            "operation  operationMetrics\nOPTIMIZE   numRemovedFiles=18412, "
                            "numAddedFiles=1630, numRemovedBytes=1.81 TB, executionTime=2h 47m\n"
                            "dashboard per-meter lookup, 50 meters: before 6.4 s median, after "
                            "6.1 s median"),
              "revert": bash("rm resources/optimize.job.yml sql/optimize_reads.sql", ""),
              "conclusion": "ZORDER BY meter_id isn't worth it: it rewrote 1.8 TB in 2 h 47 "
                            "min, and it would be close to a full rewrite every night because "
                            "each day's reads touch every file's meter range again - while the "
                            "per-meter lookups only went from 6.4 s to 6.1 s. The lookups are "
                            "slow because the dashboard scans every day; the table is "
                            "partitioned by read_date, so filtering by date does far more. The "
                            "nightly job is dropped.",
              "pain": "per-meter lookups in the leak dashboard take six seconds",
              "idea": "a nightly OPTIMIZE of silver.reads with ZORDER BY meter_id",
              "why": "a 1.8 TB nightly rewrite for lookups going from 6.4 s to 6.1 s"}),
    ]
    return Project(
        "leakline", "git@github.com:severnvale-water/leakline.git",
        {"README.md": "# leakline\n\nSmart meter ingestion and night-flow leak detection.\n",
         "databricks.yml": "bundle:\n  name: leakline\n"},
        _stamp(facts, "severnvale-water/leakline"),
        chores(("src/leakline/gold/dma_balance.py",
                "def build(spark, day):\n    inflow = spark.table(T_INFLOW).where(F.col(\"day\") "
                "== day)\n    billed = spark.table(T_DAILY).where(F.col(\"day\") == day)\n    "
                "return (inflow.join(billed.groupBy(\"dma_id\").agg(F.sum(\"litres\").alias("
                "\"billed_l\")), \"dma_id\")\n            .withColumn(\"unaccounted_l\", "
                "F.col(\"inflow_l\") - F.col(\"billed_l\")))\n",
                "A daily water balance per district meter area: what flowed into the area "
                "through its bulk meter minus what the customer meters in it recorded - the "
                "difference is the unaccounted-for water."),
               ("night_minimum",
                ["src/leakline/gold/night_flow.py", "tests/test_night_flow.py"],
                "Two places: the night-flow gold job and its test."),
               ("src/leakline/gold/dma_balance.py", "# unaccounted for water", "# unaccounted-"
                "for water (inflow minus billed)",
                "the comment in dma_balance just says 'unaccounted for water', make it say how "
                "it's worked out"),
               ("run ruff on the package",
                "poetry run ruff check src tests", "All checks passed!",
                "Ruff is clean."),
               ("what's a district meter area, for someone new to water networks?",
                "A DMA is a section of the pipe network, typically 500 to 3,000 properties, "
                "with all its inflows and outflows metered, so the water going in can be "
                "compared with what customers use - the usual way leaks are narrowed down."),
               ("rename the column flow_lph to flow_l_per_h in the night-flow test fixtures",
                ["Rename in the CSV fixture", "Rename in the test"],
                [bash("sed -i 's/flow_lph/flow_l_per_h/' tests/fixtures/night_reads.csv", ""),
                 edit("tests/test_night_flow.py", "\"flow_lph\"", "\"flow_l_per_h\"")],
                "Renamed in the fixture and the test."),
               ("the night-flow chart in the dashboard needs a y-axis label",
                "What should the y-axis label say?", "Label",
                [("Litres per hour", "spelled out"), ("l/h", "short, like the table headers")],
                "Litres per hour",
                edit("dashboards/night_flow.lvdash.json", "\"axisTitle\": \"\"",
                     "\"axisTitle\": \"Litres per hour\""),
                "The chart's y-axis says Litres per hour now."),
               ("how does the pipeline know which district meter area a meter belongs to?",
                "Through dim_meter: silver joins each read to the meter dimension, which is "
                "loaded nightly from the asset register export and holds each meter's dma_id, "
                "with valid_from / valid_to dates for meters that move between areas.",
                "Each read is joined to dim_meter, loaded nightly from the asset register, which "
                "gives the meter's DMA with validity dates.")),
        "aws")


def projects() -> list[Project]:
    return [wardenkit(), cartwall(), tallyrix(), leakline()]
