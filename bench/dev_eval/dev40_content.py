"""The ``dev40`` split, "a city transit agency's open-data engineer, the month the new timetable
goes live": four projects, ten planted facts each.

Written in the twenty-fourth pass by a helper that read no rlat code; to be read untuned.

The developer is the open-data engineer in the Transit Data & Analytics group of Calloway Bay
Transit, the bus agency of Port Calloway on the west coast. The network redesign's new timetable
(the November service change) goes live on Sunday the 16th, there is a code freeze the Thursday
before, and everything they own has to be ready for it: the static GTFS feed the apps and Google
read, the realtime vehicle feed, the rider website with its alerts and trip planner, and the
warehouse loads the board report comes from. They write in full, careful sentences, sometimes
long ones; now and then they paste an email from their manager, Renata Osei, a GitHub issue a
colleague opened, or a question from someone outside the team (a journey-planning app's data
team, the vendor of the buses' radios, finance, the regional planning council). Later they ask
about what was settled the way a developer does a few days on, in their own words, not the
session's.

The durable facts arrive the ways a busy month brings them: a convention added as an aside once
the assistant has said what it will do, a correction after the assistant did it the usual way
(turned down at the permission prompt, or after the edit went in), a rule quoted from Renata's
email to the team, or typed as the answer to the assistant's own clarifying question; a command
that fails and the one that works (worked out by the assistant, pasted by the user with their own
failed attempt, found in the repository's tooling and written into CONTRIBUTING.md, or arriving
as a GitHub issue that is answered and closed); an environment fact looked up, asked by an
outsider in an email the assistant drafts a reply to, pinned down for the go-live checklist, or
corrected when the user remembers it wrong; a gotcha (pasted with its output, chased through a
wrong first theory before the real cause shows in a long log, reported in a GitHub issue and
closed, or diagnosed by a colleague and confirmed); and an approach tried and reverted in the
session, turned down because it was tried before, recorded as rejected in the decisions file
from Renata's summary, or found as a closed pull request.

The projects: quillhaven, the GTFS static feed builder (Kotlin 2 on JVM 21 with Gradle's Kotlin
DSL, reading the nightly HASTUS scheduling export, validated with MobilityData's validator,
published to S3 behind CloudFront); brackenrun, the GTFS-realtime vehicle-positions service (Go
1.23, AVL pings from the CAD/AVL vendor through a Kafka bridge on MSK, Redis for the latest
positions, buf-generated protobuf bindings, Helm on EKS); lanternway, the rider alerts and
trip-planner site (SvelteKit with Svelte 5 and TypeScript, paraglide messages in English and
Spanish, OpenTripPlanner 2's GraphQL API, Cloudflare Pages with a KV namespace for alerts,
Vitest and Playwright); and cinderford, the ETL into the agency's warehouse (Airflow on Astro
Runtime, dbt on Snowflake, loading GTFS, AVL, automatic passenger counter and fare-card data for
the on-time and ridership marts).

Slots, by kind (the shared names of ``templates.py`` plus this split's own):

* convention - ``task``, ``rule`` (the user's words), ``memo`` (the rule as Renata's email puts
  it), ``contrary`` (a tool doing it the usual way), ``follow``, ``done``;
* command - ``goal``, ``fail``, ``note``, ``ok``, ``done``, ``script`` (``(path, text)``: the
  repository's own tooling that holds the working command), ``issue`` (a GitHub issue's title);
* environment - ``goal``, ``probe``, ``confirm``, ``guess`` (the user's out-of-date belief),
  ``asker`` and ``asked`` (an outsider and their question);
* gotcha - ``symptom``, ``trace``, ``probe``, ``explain``, ``fix``, ``done``, ``repro`` (a
  command whose long output holds the trace), ``told`` (a colleague's diagnosis), ``hunch``
  (``(text, tool)``: a wrong first theory and the check that rules it out), ``headline`` (the
  issue's title);
* falsified - ``ask``, ``change``, ``broke``, ``revert``, ``conclusion``, ``want`` (the idea as
  the user raises it), ``offer`` (the assistant proposing it), ``story`` (what happened when it
  was tried before), ``title``.

Every fact also carries its project's ``mates`` (colleagues), ``handles`` (their GitHub
logins), ``notes`` (the go-live checklist file) and ``chatter`` (ordinary output lines that a
long log is made of).
"""

from __future__ import annotations

import random

from .templates import find, look, run, steps, talk, tweak
from .transcript import REJECTED, agent, ask_user, bash, edit, read, refused, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3
MANAGER = "Renata Osei"


def _pick(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _quote(text: str) -> str:
    return "\n".join(f"> {line}" if line else ">" for line in text.splitlines())


def _buried(trace: str, chatter: list[str], rng: random.Random) -> str:
    """``trace`` among a long run of ordinary output lines."""
    keep = sorted(rng.sample(range(len(chatter)), min(len(chatter), rng.randint(8, 12))))
    lines = [chatter[i] for i in keep]
    cut = rng.randint(2, len(lines) - 2)
    return "\n".join(lines[:cut] + trace.splitlines() + lines[cut:])


def _shell(text: str) -> str:
    return text.replace('"', '\\"')


def _mate(s: dict, rng: random.Random) -> tuple[str, str]:
    i = rng.randrange(len(s["mates"]))
    return s["mates"][i], s["handles"][i]


GOLIVE = ("The new timetable goes live on Sunday the 16th, so this needs to be right before the "
          "freeze on Thursday. ",
          "We're in the last stretch before the service change, and I'd rather this be careful "
          "than quick. ",
          "This is one of the items on my go-live list. ",
          "")


# ------------------------------------------------------------------- phrasing templates
# convention
def conv_aside(s: dict, rng: random.Random) -> Episode:
    """The user asks for the work; once the assistant says how it will go about it, the user
    adds the rule as an aside."""
    plan = _pick(rng, "I'll look at how the neighbouring code handles this, make the change, "
                      "then run the relevant tests.",
                 "Plan: read the surrounding code, make the change in the same style, and run "
                 "the tests that cover it.",
                 "I'll start by reading what's there now, then make the change and test it.")
    aside = _pick(rng, "Before you start, one thing that isn't written down anywhere yet: {rule}",
                  "That plan sounds right. While I think of it, though: {rule}",
                  "Fine by me. Please keep one thing in mind, because it has bitten us before. "
                  "{rule}")
    return [Step(prompt=_pick(rng, *GOLIVE) + s["task"]),
            Step(text=plan),
            Step(prompt=aside.format(rule=s["rule"])),
            Step(text=_pick(rng, "Understood, I'll do it that way.", "Good to know; following "
                            "that.", ""), tools=s["follow"]),
            Step(text=s["done"])]


def conv_correction(s: dict, rng: random.Random) -> Episode:
    """The assistant does it the usual way; the user corrects it, at the permission prompt or
    after the edit went in."""
    if rng.random() < 0.5:
        said = _pick(rng, "Please don't do it that way. {rule}",
                     "Not like this, sorry. {rule}",
                     "Hold on. {rule}")
        first: Episode = [Step(text=_pick(rng, "Here's the change.", "Making the edit now.", ""),
                               tools=[refused(s["contrary"], REJECTED + said.format(
                                   rule=s["rule"]))])]
    else:
        said = _pick(rng, "Before the tests, I should have said this at the start. {rule} Could "
                          "you redo it that way?",
                     "It works, but it isn't how we do things here. {rule}",
                     "Thanks. One problem, though: {rule}")
        first = [Step(text=_pick(rng, "Straightforward enough.", "Making the change.", ""),
                      tools=[s["contrary"]]),
                 Step(text=_pick(rng, "That's in. Shall I run the tests?",
                                 "Done. Want me to run the test suite?")),
                 Step(prompt=said.format(rule=s["rule"]))]
    return [Step(prompt=s["task"]), *first,
            Step(text=_pick(rng, "You're right; redoing it.", "Understood, changing it.",
                            "Got it."), tools=s["follow"]),
            Step(text=s["done"])]


def conv_memo(s: dict, rng: random.Random) -> Episode:
    """The rule is in an email Renata sent the team; the user pastes it with the request."""
    subject = _pick(rng, "Before the service change: a few ground rules",
                    "Standards for go-live week", "Re: review comments on last week's PRs")
    email = (f"From: {MANAGER} <renata.osei@callowaybay.gov>\nSubject: {subject}\n\nHi all,\n\n"
             f"{s['memo']}\n\nThanks,\nRenata")
    if rng.random() < 0.5:
        ask = (f"Renata sent this to the team this morning:\n\n{_quote(email)}\n\nWith that in "
               f"mind: {s['task']}")
    else:
        ask = (f"{s['task']}\n\nFor context, here is what Renata wrote to the team on Monday. "
               f"Please follow it.\n\n{_quote(email)}")
    return [Step(prompt=ask),
            Step(text=_pick(rng, "I'll follow Renata's note.", "Noted; doing it that way.", ""),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_ask(s: dict, rng: random.Random) -> Episode:
    """The assistant asks how it should be done; the user types the rule as the answer."""
    return [Step(prompt=s["task"]),
            Step(text=_pick(rng, "One question before I write anything.", ""),
                 tools=[ask_user(_pick(rng, "Is there a project convention I should follow for "
                                            "this?",
                                       "How would you like this done?"),
                                 "Approach",
                                 [("Match the existing code", "Follow what the surrounding "
                                                              "files already do"),
                                  ("Keep it minimal", "The smallest change that works; tidy "
                                                      "up later")],
                                 s["rule"])]),
            Step(text=_pick(rng, "Thanks, that's clear.", "Understood.", ""), tools=s["follow"]),
            Step(text=s["done"])]


# command
def cmd_plain(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_pasted(s: dict, rng: random.Random) -> Episode:
    """The user pastes their own failed attempt."""
    fail = s["fail"]
    lead = _pick(rng, "{goal} I tried it myself before asking, and this is what I got:",
                 "I'm trying to do the following. {goal} Here's what happened when I tried:",
                 "{goal} My attempt failed like this:")
    return [Step(prompt=lead.format(goal=s["goal"])
                 + f"\n\n```\n$ {fail.command}\n{fail.output}\n```\n\n"
                 + _pick(rng, "What am I missing?", "What's the right way?", "")),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "Thank you, that's going in my notes.",
                              "That makes sense now. Thanks.", "Great, thanks.")),
            Step(text=_pick(rng, "You're welcome.", "Glad it's sorted."))]


def cmd_tooling(s: dict, rng: random.Random) -> Episode:
    """The obvious command fails; the assistant finds the working one in the repository's own
    tooling, and the user has it written into CONTRIBUTING.md."""
    path, text = s["script"]
    ok = s["ok"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_pick(rng, "That isn't how this repository does it, I think. Checking its "
                                 "own tooling.",
                            "Let me see what the repository expects instead of guessing again."),
                 tools=[read(path, text)]),
            Step(text=s["note"], tools=[ok]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "Please add a line about that to CONTRIBUTING.md. I won't be "
                                   "the last person to get this wrong.",
                              "Could you write that down in CONTRIBUTING.md so it's findable "
                              "next time?")),
            Step(tools=[edit("CONTRIBUTING.md", "## Common tasks\n",
                             f"## Common tasks\n\n- {s['issue']}: use `{ok.command}` "
                             f"(see {path}).\n")]),
            Step(text="Added to CONTRIBUTING.md under \"Common tasks\".")]


def cmd_issue(s: dict, rng: random.Random) -> Episode:
    """A colleague's GitHub issue with the failing command; answered and closed."""
    mate, handle = _mate(s, rng)
    n = rng.randint(140, 480)
    fail = s["fail"]
    body = (f"**{s['issue']}** #{n}\nopened by {handle}\n\nRunning `{fail.command}` gives me "
            f"this:\n\n```\n{fail.output}\n```\n\nIs something broken, or am I holding it "
            f"wrong?")
    return [Step(prompt=_pick(rng, "Could you look at this issue {mate} opened this morning?",
                              "{mate} filed this and I'd like to get it off the board before "
                              "the freeze:").format(mate=mate) + f"\n\n{_quote(body)}"),
            Step(text="Reproducing it first.", tools=[fail]),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt="Great. Please reply on the issue with the right command and close it."),
            Step(tools=[bash(f"gh issue close {n} --comment \"Use \\`{s['ok'].command}\\` "
                             f"instead.\"",
                             f"✓ Closed issue #{n} ({s['issue']})")]),
            Step(text=f"Replied with the command and closed #{n}.")]


# environment
def env_probe(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=_pick(rng, "Checking rather than guessing.", "Let me look it up.", ""),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_outside(s: dict, rng: random.Random) -> Episode:
    """An outsider's question by email; the assistant finds out and drafts the reply."""
    ask = _pick(rng, "I got this email from {who} and I don't know the answer offhand:\n\n"
                     "{asked}\n\nCould you find out and draft a short reply?",
                "{who} wrote to me:\n\n{asked}\n\nPlease check and suggest what I should say.")
    return [Step(prompt=ask.format(who=s["asker"], asked=_quote(s["asked"]))),
            Step(tools=s["probe"]),
            Step(text=f"{s['confirm']}\n\nA reply you could send:\n\n> Hello,\n>\n> "
                      f"{s['confirm']}\n>\n> Best regards"),
            Step(prompt=_pick(rng, "Thanks, sent.", "Perfect, I've sent it.")),
            Step(text=_pick(rng, "Good.", "Great."))]


def env_checklist(s: dict, rng: random.Random) -> Episode:
    """Pinned down for the go-live checklist."""
    notes = s["notes"]
    return [Step(prompt=_pick(rng, "Before the cutover I want this pinned down properly rather "
                                   "than from memory. {goal}",
                              "{goal} It's for the go-live checklist, so please check the "
                              "actual configuration.").format(goal=s["goal"])),
            Step(tools=s["probe"]),
            Step(text=s["confirm"]),
            Step(prompt=f"Please add that to {notes}."),
            Step(tools=[edit(notes, "## Facts to double-check\n",
                             f"## Facts to double-check\n\n- {s['confirm']}\n")]),
            Step(text=f"Added to {notes}.")]


def env_wrong(s: dict, rng: random.Random) -> Episode:
    """The user remembers it wrongly; the assistant checks."""
    ask = _pick(rng, "I'm fairly sure {guess}, but please check before I repeat it to anyone.",
                "Can you confirm that {guess}? I'm writing it into the runbook.",
                "Quick check: {guess}, right?")
    return [Step(prompt=ask.format(guess=s["guess"])),
            Step(tools=s["probe"]),
            Step(text=_pick(rng, "That's out of date. ", "Not any more. ", "Not quite. ")
                 + s["confirm"]),
            Step(prompt=_pick(rng, "Glad I asked.", "Good thing I checked. Thanks.",
                              "Huh. I must have missed that change.")),
            Step(text=_pick(rng, "Sure.", "No problem."))]


# gotcha
def gotcha_pasted(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"),
            Step(text=_pick(rng, "Let me look.", "Digging in.", ""), tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_hard_way(s: dict, rng: random.Random) -> Episode:
    """A wrong first theory, ruled out; the cause shows in the middle of a long output."""
    text, tool = s["hunch"]
    return [Step(prompt=s["symptom"]),
            Step(text=text, tools=[tool]),
            Step(text=_pick(rng, "That's not it. Reproducing the problem properly:",
                            "So that theory is out. Let me reproduce it and read the whole "
                            "output."),
                 tools=[bash(s["repro"], _buried(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "The useful lines are in the middle there.",
                            "There it is, halfway down."), tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "That's a nasty one. Thanks for sticking with it.",
                              "Good find. I would never have guessed that.",
                              "Well, that cost us a morning.")),
            Step(text=_pick(rng, "Agreed, it wasn't obvious.", "It's a subtle one."))]


def gotcha_issue(s: dict, rng: random.Random) -> Episode:
    """Reported in a GitHub issue; reproduced, fixed and closed."""
    mate, handle = _mate(s, rng)
    n = rng.randint(140, 480)
    body = f"**{s['headline']}** #{n}\nopened by {handle}\n\n{s['symptom']}"
    return [Step(prompt=_pick(rng, "This came in on GitHub from {mate}. Could you take it?",
                              "New issue from {mate}, and it looks urgent with the go-live this "
                              "close:").format(mate=mate) + f"\n\n{_quote(body)}"),
            Step(text="Reproducing it.",
                 tools=[bash(s["repro"], _buried(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "Found the relevant lines in that output.", ""),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt="Thanks. Close the issue with a short explanation, please."),
            Step(tools=[bash(f"gh issue close {n} --comment \"{_shell(s['explain'])}\"",
                             f"✓ Closed issue #{n} ({s['headline']})")]),
            Step(text=f"Closed #{n} with the explanation.")]


def gotcha_colleague(s: dict, rng: random.Random) -> Episode:
    """A colleague's diagnosis, confirmed and fixed."""
    mate, _handle = _mate(s, rng)
    ask = _pick(rng, "{symptom}\n\n{mate} had a quick look and says {told}. Can you check "
                     "whether that's right, and fix it if so?",
                "{symptom} I mentioned it to {mate}, who thinks {told}. Please confirm before "
                "we change anything.")
    return [Step(prompt=ask.format(symptom=s["symptom"], mate=mate, told=_lower(s["told"]))),
            Step(tools=s["probe"]),
            Step(text=f"{mate} is right. {s['explain']}", tools=s["fix"]),
            Step(text=s["done"])]


# falsified
def fals_try(s: dict, rng: random.Random) -> Episode:
    undo = _pick(rng, "That's worse than what we have. Please put it back.",
                 "OK, that settles it. Revert it, please.",
                 "Let's not go down this road. Undo it.")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=undo),
            Step(text=_pick(rng, "Reverting.", "Putting it back.", ""), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_decline(s: dict, rng: random.Random) -> Episode:
    said = _pick(rng, "No, please don't. We tried it. {story}",
                 "We've been down that road already. {story}",
                 "I'd rather not. {story}")
    return [Step(prompt=s["want"]), Step(text=s["offer"]),
            Step(prompt=said.format(story=s["story"])),
            Step(text=f"Understood, I'll leave it as it is. {s['conclusion']}")]


def fals_decision(s: dict, rng: random.Random) -> Episode:
    """Renata's summary of an earlier attempt, written up as a rejected option."""
    ask = _pick(rng, "Renata asked me to record this so it stops coming up in planning "
                     "meetings. Her summary from the email thread:\n\n{story}\n\nPlease add it "
                     "to docs/decisions.md as a rejected option.",
                "Can you add a rejected entry to docs/decisions.md for this? Renata's words:\n\n"
                "{story}")
    return [Step(prompt=ask.format(story=_quote(s["story"]))),
            Step(tools=[edit("docs/decisions.md", "## Rejected\n",
                             f"## Rejected\n\n### {s['title']}\n\n{s['conclusion']}\n")]),
            Step(text="Recorded under \"Rejected\" in docs/decisions.md.")]


def fals_old_pr(s: dict, rng: random.Random) -> Episode:
    """The assistant checks for an earlier attempt and finds a closed pull request."""
    mate, handle = _mate(s, rng)
    n = rng.randint(60, 400)
    branch = "spike/" + "-".join(s["title"].lower().split()[:4])
    return [Step(prompt=s["want"]),
            Step(text=_pick(rng, "Before I propose anything, let me check whether this has been "
                                 "tried.", "Checking the pull request history first."),
                 tools=[bash(f"gh pr list --state closed --search \"{s['title']}\"",
                             f"#{n}\t{s['title']}\t{branch}\tCLOSED")]),
            Step(tools=[bash(f"gh pr view {n} --comments",
                             f"title:\t{s['title']}\nstate:\tCLOSED\nauthor:\t{handle}\n--\n"
                             f"{s['story']}")]),
            Step(text=f"{mate} tried it and the pull request was closed unmerged. "
                      f"{s['conclusion']}"),
            Step(prompt=_pick(rng, "Then let's not repeat that.", "Fair enough. Leave it.")),
            Step(text=_pick(rng, "Leaving it.", "OK."))]


TEMPLATES = {
    "convention": [conv_aside, conv_correction, conv_memo, conv_ask],
    "command": [cmd_plain, cmd_pasted, cmd_tooling, cmd_issue],
    "environment": [env_probe, env_outside, env_checklist, env_wrong],
    "gotcha": [gotcha_pasted, gotcha_hard_way, gotcha_issue, gotcha_colleague],
    "falsified": [fals_try, fals_decline, fals_decision, fals_old_pr],
}

UNRELATED = [
    "What's a good way to explain to a non-technical manager why a two-line change can still "
    "take a day to ship safely?",
    "Can you explain the difference between a mutex and a semaphore, with a small example?",
    "I have to give a five-minute lightning talk next month. How should I structure it so it "
    "doesn't run over?",
    "What is the CAP theorem really saying, and is it still a useful way to think about "
    "databases?",
    "Write me a bash one-liner that lists the ten largest files under the current directory.",
    "How do people keep a personal engineering journal, and is it worth the effort?",
    "What's the difference between UTF-8 and UTF-16, and why did UTF-8 win on the web?",
    "Explain what a closure is in JavaScript as if I'd only ever written Python.",
    "What are some good questions to ask at the end of an interview for a senior engineering "
    "role?",
    "Is there a neat way to undo the last git commit but keep the changes in my working tree?",
    "How does certificate pinning work, and why has it fallen out of favour?",
    "What's a reasonable way to split a big refactor into pull requests people can actually "
    "review?",
    "Explain big-O notation for someone who struggled with it at university.",
    "Give me a short summary of how garbage collection works in the JVM these days.",
    "How should I handle a code review comment I strongly disagree with, without making it "
    "personal?",
    "What's the difference between a left join and a full outer join? An example with two small "
    "tables would help.",
    "Write a Python function that returns the n-th Fibonacci number without recursion.",
    "What does idempotent mean for an HTTP API, and which methods are supposed to be "
    "idempotent?",
    "I keep getting pulled out of focus by notifications. What do developers do in practice to "
    "protect focus time?",
    "What's the difference between a Docker image and a container, in plain terms?",
    "How do I write a bug report that someone else can actually act on?",
    "Can you explain how public-key cryptography works with a simple analogy?",
]

UNANSWERED: dict[str, list[str]] = {
    "quillhaven": [
        "How many riders use our static feed through third-party apps each month?",
        "When is the agency planning to publish GTFS-Flex data for the paratransit service?",
        "Who at the agency signs the data licence agreement with the big map providers?",
        "Is the ferry operator going to send us their schedule data directly next year?",
        "What did the board decide about adding fare information to the published feed?",
    ],
    "brackenrun": [
        "How many buses still have the old radios now that the upgrade programme is underway?",
        "What delivery SLA did the CAD/AVL vendor sign up to in the contract?",
        "Are we planning to publish occupancy for the streetcar line as well?",
        "Who is on call for the realtime feed over the go-live weekend?",
        "What does the realtime service cost us in AWS each month?",
    ],
    "lanternway": [
        "How many people used the trip planner last month?",
        "Is there a plan for a native mobile app, or are we sticking with the website?",
        "When does the contract with the web design agency end?",
        "What did riders say about the site in the last customer survey?",
        "Are we adding Vietnamese and Chinese to the site's languages next year?",
    ],
    "cinderford": [
        "What was total ridership for October across all modes?",
        "Is the agency moving to a different Snowflake edition at the renewal?",
        "Who owns the board's quarterly performance report once Grace moves teams?",
        "Is the passenger counter vendor's contract up for renewal this year?",
        "How much does the fare system vendor charge us for the daily export?",
    ],
}


def _equip(facts: list[Fact], **extra) -> list[Fact]:
    for fact in facts:
        for name, value in extra.items():
            fact.slots.setdefault(name, value)
    return facts


CHECKLIST = "docs/go-live-checklist.md"


def _files(name: str, readme: str, extra: dict[str, str]) -> dict[str, str]:
    return {"README.md": f"# {name}\n\n{readme}\n",
            CHECKLIST: "# Go-live checklist: November service change\n\n## Facts to "
                       "double-check\n",
            "docs/decisions.md": "# Decisions\n\n## Accepted\n\n## Rejected\n",
            "CONTRIBUTING.md": "# Contributing\n\n## Common tasks\n",
            **extra}


# ------------------------------------------------------------------- quillhaven
def quillhaven() -> Project:
    pkg = "feed/src/main/kotlin/gov/callowaybay/quillhaven"
    school = f"{pkg}/mapping/SchoolTripMapper.kt"
    facts = [
        Fact("conv-patches", "convention", ["stops.patch.yaml"],
             ["A rider says a stop name in the published feed is wrong. Where should the "
              "correction be made so it survives the nightly import?",
              "If I need to move a stop's coordinates in the GTFS we publish, which file do I "
              "change?"],
             "In quillhaven (the GTFS static feed builder) corrections to stops (names, "
             "coordinates, wheelchair_boarding) go into patches/stops.patch.yaml, keyed by "
             "stop_code and applied after the HASTUS import — never into input/hastus/ (replaced "
             "by every nightly export) or the generated zip.",
             {"task": "The stop at Harbor Rd and 9th St shows up in the feed as \"HARBOR RD/9TH "
                      "ST NB\", and two riders have written in about it. Please change the name "
                      "to \"Harbor Rd & 9th St\".",
              "rule": "Corrections like this never go into the HASTUS export or the generated "
                      "zip. They go into patches/stops.patch.yaml, which the build applies on "
                      "top of the export, because otherwise the next nightly export from "
                      "Scheduling silently undoes the fix.",
              "memo": "A reminder now that we're in the last stretch before the service "
                      "change: the files under input/hastus/ are a straight copy of what "
                      "Scheduling exports, and they are replaced every night, so a hand edit "
                      "there is gone by morning. Stop name, location and accessibility "
                      "corrections belong in patches/stops.patch.yaml, keyed by stop_code, and "
                      "nowhere else.",
              "contrary": edit("input/hastus/stops.csv",
                               "4417,HARBOR RD/9TH ST NB,37.80412,-122.27109,0\n",
                               "4417,Harbor Rd & 9th St,37.80412,-122.27109,0\n"),
              "follow": [edit("patches/stops.patch.yaml",
                              "# stop corrections, applied after the HASTUS import; keyed by "
                              "stop_code\n",
                              "# stop corrections, applied after the HASTUS import; keyed by "
                              "stop_code\n\n- stop_code: \"4417\"\n  stop_name: \"Harbor Rd & "
                              "9th St\"\n  reason: \"rider reports, November service change\"\n"),
                         bash("./gradlew :feed:test --tests '*StopPatch*'",
                              "StopPatchTest > applies the name override for 4417 PASSED\n"
                              "StopPatchTest > leaves unpatched stops alone PASSED\n\n"
                              "BUILD SUCCESSFUL in 18s")],
              "done": "Added an override for stop_code 4417 to patches/stops.patch.yaml; the "
                      "HASTUS export itself is untouched and the patch tests pass. The next "
                      "build publishes the stop as \"Harbor Rd & 9th St\"."}),
        Fact("conv-tripid", "convention", ["trp_int_number"],
             ["What are trip IDs in the static feed supposed to be based on, so they don't "
              "shift from one build to the next?",
              "Can I number the extra school trips myself when I map them into trips.txt, or is "
              "there a rule for their IDs?"],
             "In quillhaven (the GTFS static feed builder) trip IDs (trip_id) are always based "
             "on the HASTUS export's trp_int_number column, never a counter, row index or hash, "
             "so they don't shift from one build to the next: the realtime feed, the Transit app "
             "and Google match predictions on trip_id.",
             {"task": "HASTUS now exports the school tripper runs in a separate file, "
                      "trips_school.csv. Please write a mapper that brings them into trips.txt "
                      "with the rest, and a test for it.",
              "rule": "trip_id has to come from HASTUS's internal trip number, the "
                      "trp_int_number column, never from a counter or a row index. The realtime "
                      "feed and the Transit app match their predictions on trip_id, so it must "
                      "come out identical on every rebuild.",
              "memo": "Please remember that trip_id is a contract with everyone downstream: "
                      "the realtime service, the Transit app and Google all key predictions on "
                      "it. It is built from the trp_int_number column of the HASTUS export, and "
                      "it must never be generated from a counter, a row index or a hash of the "
                      "row.",
              "contrary": write(school,
                                "class SchoolTripMapper {\n    fun map(rows: List<HastusTrip>): "
                                "List<GtfsTrip> =\n        rows.mapIndexed { i, r ->\n"
                                "            GtfsTrip(tripId = \"S${i + 1}\", routeId = "
                                "r.route, serviceId = r.serviceId,\n                     "
                                "headsign = r.destination)\n        }\n}\n"),
              "follow": [write(school,
                               "class SchoolTripMapper {\n    // trip_id comes from "
                               "trp_int_number so it is stable across rebuilds\n    fun "
                               "map(rows: List<HastusTrip>): List<GtfsTrip> =\n        rows.map "
                               "{ r ->\n            GtfsTrip(tripId = r.trpIntNumber, routeId = "
                               "r.route, serviceId = r.serviceId,\n                     "
                               "headsign = r.destination)\n        }\n}\n"),
                         bash("./gradlew :feed:test --tests '*SchoolTripMapper*'",
                              "SchoolTripMapperTest > maps every school trip PASSED\n"
                              "SchoolTripMapperTest > ids are identical across two imports "
                              "PASSED\n\nBUILD SUCCESSFUL in 22s")],
              "done": "SchoolTripMapper takes trip_id straight from trp_int_number, like the "
                      "regular trips, and the test imports the same file twice and checks that "
                      "the ids match."}),
        Fact("cmd-assemble", "command", ["assembleGtfs"],
             ["What's the Gradle invocation that actually produces the GTFS zip?",
              "How do I build the feed locally from the latest scheduling export?"],
             "To build quillhaven's GTFS feed zip locally from the latest HASTUS scheduling "
             "export, run `./gradlew :feed:assembleGtfs -Psignup=2025NOV` (the signup code as a "
             "property); there is no gtfsZip task. The output is "
             "build/gtfs/google_transit.zip.",
             {"goal": "Build the feed zip from last night's export, please. I want to look over "
                      "the new route 41 before I hand it to Renata.",
              "fail": bash("./gradlew gtfsZip",
                           "\nFAILURE: Build failed with an exception.\n\n* What went wrong:\n"
                           "Task 'gtfsZip' not found in root project 'quillhaven'.\n\n* Try:\n"
                           "> Run gradlew tasks to get a list of available tasks.\n> Run with "
                           "--stacktrace option to get the stack trace.\n\nBUILD FAILED in 3s",
                           1),
              "note": "There's no gtfsZip task. The feed is built by assembleGtfs in the :feed "
                      "subproject, and it needs the signup code passed as a property.",
              "ok": bash("./gradlew :feed:assembleGtfs -Psignup=2025NOV",
                         "> Task :feed:importHastus\nRead 1,184 stops, 96 routes, 31,402 trips\n"
                         "> Task :feed:applyPatches\n> Task :feed:assembleGtfs\nWrote "
                         "build/gtfs/google_transit.zip (18.7 MB)\n\nBUILD SUCCESSFUL in "
                         "1m 12s"),
              "done": "The zip is at build/gtfs/google_transit.zip: 96 routes and 31,402 trips, "
                      "the new 41 included.",
              "script": ("Makefile",
                         "SIGNUP ?= 2025NOV\n\n.PHONY: feed\nfeed:\n\t./gradlew "
                         ":feed:assembleGtfs -Psignup=$(SIGNUP)\n\n.PHONY: clean\nclean:\n\t"
                         "./gradlew clean\n"),
              "issue": "Building the feed zip locally"}),
        Fact("cmd-validate", "command", ["skip_validator_update"],
             ["The GTFS validator just sits there and never finishes on my machine. What does "
              "it need?",
              "What's the right way to run MobilityData's checker against the feed we build?"],
             "Run the MobilityData GTFS validator for quillhaven as `java -jar "
             "tools/gtfs-validator-cli.jar -i build/gtfs/google_transit.zip -o build/validation "
             "-c us --skip_validator_update` (scripts/validate.sh): without "
             "--skip_validator_update it hangs on its update check, which can't get through the "
             "agency proxy.",
             {"goal": "Run the MobilityData validator over the new zip. I'd like a clean report "
                      "before anything is published.",
              "fail": bash("timeout 300 java -jar tools/gtfs-validator-cli.jar -i "
                           "build/gtfs/google_transit.zip -o build/validation -c us",
                           "INFO: Checking for a newer validator version...\nWARNING: could "
                           "not reach api.github.com: java.net.SocketTimeoutException: Connect "
                           "timed out\n\tat java.base/sun.nio.ch.NioSocketImpl.timedFinishConnect"
                           "(NioSocketImpl.java:546)\nINFO: Checking for a newer validator "
                           "version... (retry 2/3)", 124),
              "note": "It's stuck on the validator's own update check, which tries to reach "
                      "GitHub and can't get out through the proxy. --skip_validator_update "
                      "turns that check off.",
              "ok": bash("java -jar tools/gtfs-validator-cli.jar -i build/gtfs/google_transit.zip "
                         "-o build/validation -c us --skip_validator_update",
                         "Validation took 38.2 s\nErrors: 0   Warnings: 214   Infos: 1,017\n"
                         "Report: build/validation/report.html"),
              "done": "No errors. The 214 warnings are mostly fast_travel_between_consecutive_"
                      "stops on the freeway express runs; the HTML report is in "
                      "build/validation/.",
              "script": ("scripts/validate.sh",
                         "#!/usr/bin/env bash\n# Runs the MobilityData validator on the built "
                         "feed. Its update check can't get\n# through the proxy, so it is always "
                         "skipped.\nset -euo pipefail\njava -jar tools/gtfs-validator-cli.jar "
                         "-i build/gtfs/google_transit.zip \\\n  -o build/validation -c us "
                         "--skip_validator_update \"$@\"\n"),
              "issue": "Validator hangs forever on the build agents"}),
        Fact("env-bucket", "environment", ["cbt-opendata-prod"],
             ["Which S3 bucket does the static feed get published to?",
              "Someone asked me where the GTFS zip lives in AWS. What do I tell them?"],
             "quillhaven's publishGtfs task uploads the static GTFS feed zip to the AWS S3 "
             "bucket cbt-opendata-prod (gtfs/google_transit.zip); CloudFront serves it publicly "
             "at https://data.callowaybay.gov/gtfs/google_transit.zip.",
             {"goal": "Where exactly does the published feed end up? I need the bucket and the "
                      "public URL for the go-live announcement.",
              "probe": [bash("grep -n -A3 'publishGtfs' feed/build.gradle.kts",
                             "88:tasks.register<Exec>(\"publishGtfs\") {\n89:    commandLine("
                             "\"aws\", \"s3\", \"cp\", \"build/gtfs/google_transit.zip\",\n"
                             "90:        \"s3://cbt-opendata-prod/gtfs/google_transit.zip\")\n"
                             "91:}"),
                        bash("curl -sI https://data.callowaybay.gov/gtfs/google_transit.zip | "
                             "head -3",
                             "HTTP/2 200\ncontent-type: application/zip\nx-cache: Hit from "
                             "cloudfront")],
              "confirm": "The publish task copies the zip to s3://cbt-opendata-prod/gtfs/"
                         "google_transit.zip, and CloudFront serves it publicly at "
                         "https://data.callowaybay.gov/gtfs/google_transit.zip.",
              "guess": "the feed still gets uploaded to the old cbt-gtfs-public bucket",
              "asker": "Nadia at the Transit app's data team",
              "asked": "Ahead of your service change on the 16th, could you confirm the URL we "
                       "should pull your static feed from, and which S3 bucket it is served out "
                       "of? We may switch to reading it from the bucket directly."}),
        Fact("env-sftp", "environment", ["hastus-exp"],
             ["What machine do we pull the scheduling export from every night?",
              "If Scheduling fixes something in HASTUS late in the evening, will tomorrow's feed "
              "pick it up? Where and when does the pull happen?"],
             "quillhaven pulls the nightly HASTUS export over SFTP from host "
             "hastus-exp.cbt.internal (/outgoing/gtfs_pick) at 02:15; Scheduling's export job "
             "finishes around 01:40.",
             {"goal": "Where does the nightly HASTUS export come from, and at what time? I want "
                      "to know how late a scheduling fix can go in and still make the morning "
                      "build.",
              "probe": [read("feed/src/main/resources/import.conf",
                             "hastus {\n  sftp-host = \"hastus-exp.cbt.internal\"\n  sftp-path "
                             "= \"/outgoing/gtfs_pick\"\n  user = \"svc-feedbuild\"\n  # "
                             "Scheduling's export job finishes around 01:40; we pull at 02:15\n"
                             "  pull-cron = \"15 2 * * *\"\n}\n")],
              "confirm": "The export is pulled over SFTP from hastus-exp.cbt.internal, folder "
                         "/outgoing/gtfs_pick, every night at 02:15; Scheduling's export job "
                         "finishes around 01:40, so a fix made in HASTUS before then is in the "
                         "next morning's build.",
              "guess": "we still pick the export up from the scheduling share on the S: drive",
              "asker": "Priya Raman in IT infrastructure",
              "asked": "We're patching the scheduling servers the weekend after your service "
                       "change. Which host does your feed build pull the HASTUS export from, and "
                       "at what time, so we don't take it down at the wrong moment?"}),
        Fact("gotcha-cache", "gotcha", ["max-age=300"],
             ["We pushed a corrected feed but consumers kept downloading the previous file. "
              "Why, and what has to happen after each publish?",
              "How long does the CDN hold on to the GTFS zip, and what did we change about it?"],
             "quillhaven gotcha: after a corrected GTFS feed zip was published, consumers kept "
             "downloading the previous file, because it was uploaded with Cache-Control "
             "max-age=86400 and the CloudFront CDN held on to it for up to a day; every publish "
             "now sets Cache-Control public, max-age=300 and invalidates /gtfs/* on CloudFront.",
             {"symptom": "We republished the feed an hour ago with the corrected headsigns for "
                         "the 41, but Google's preview and my own curl both still get the old "
                         "zip. What is going on?",
              "trace": "$ curl -sI https://data.callowaybay.gov/gtfs/google_transit.zip\n"
                       "HTTP/2 200\netag: \"8d1f0c5a37e2b41c\"\nlast-modified: Tue, 04 Nov 2025 "
                       "03:02:11 GMT\nage: 61124\nx-cache: Hit from cloudfront",
              "probe": [bash("aws s3api head-object --bucket \"$FEED_BUCKET\" --key "
                             "gtfs/google_transit.zip --query '{LastModified:LastModified,"
                             "CacheControl:CacheControl}'",
                             "{\n    \"LastModified\": \"2025-11-11T14:20:37+00:00\",\n    "
                             "\"CacheControl\": \"public, max-age=86400\"\n}")],
              "explain": "S3 has the new file, but it was uploaded with Cache-Control: public, "
                         "max-age=86400, so CloudFront keeps serving the copy it cached "
                         "yesterday for up to a day, and everyone who fetches through it gets "
                         "the old timetable. The upload needs a short max-age=300, and every "
                         "publish has to invalidate /gtfs/* on the distribution.",
              "fix": [edit("feed/build.gradle.kts",
                           "        \"s3://$feedBucket/gtfs/google_transit.zip\")",
                           "        \"s3://$feedBucket/gtfs/google_transit.zip\",\n        "
                           "\"--cache-control\", \"public, max-age=300\")\n    finalizedBy("
                           "\"invalidateFeedCache\")"),
                      bash("aws cloudfront create-invalidation --distribution-id \"$CF_DIST\" "
                           "--paths '/gtfs/*' --query Invalidation.Status",
                           "\"InProgress\"")],
              "done": "The invalidation has gone through: curl now gets the zip uploaded at "
                      "14:20, with the new headsigns. Every publish from now on sets "
                      "max-age=300 and invalidates /gtfs/* afterwards.",
              "repro": "./scripts/smoke-published.sh --verbose",
              "told": "CloudFront caches the zip for a whole day because of the Cache-Control "
                      "header our upload sets, and nothing invalidates it after a publish",
              "hunch": ("First, making sure the zip we built really is the corrected one.",
                        bash("unzip -p build/gtfs/google_transit.zip feed_info.txt",
                             "feed_publisher_name,feed_publisher_url,feed_lang,feed_start_date,"
                             "feed_end_date,feed_version\nCalloway Bay Transit,https://"
                             "callowaybay.gov/transit,en,20251116,20260314,2025NOV-r4")),
              "headline": "Published feed still serves the old headsigns"}),
        Fact("gotcha-units", "gotcha", ["feet"],
             ["Why did the validator say thousands of stops were nowhere near their shapes "
              "once we started filling in the distance-traveled column?",
              "What units do the scheduling export's distance columns come in?"],
             "quillhaven gotcha: the HASTUS export gives shape point distances in metres "
             "(dist_m) but trip stop distances in feet (dist_ft); shape_dist_traveled needs a "
             "single unit, so TripStopReader converts the stop distances from feet to metres "
             "(x 0.3048) — otherwise stop_too_far_from_shape_using_user_distance warnings by the "
             "thousand.",
             {"symptom": "Since we started publishing shape_dist_traveled for the new "
                         "timetable, the validator reports thousands of "
                         "stop_too_far_from_shape_using_user_distance warnings, and Nadia says "
                         "the Transit app draws buses jumping along the new 41.",
              "trace": "stop_too_far_from_shape_using_user_distance   WARNING   3,912\n  "
                       "trip_id 5038311  stop_sequence 14  stop_id 2290  shape_dist_traveled "
                       "21483.0\n  shape_id 41_0_outbound  max shape_dist_traveled 6547.9",
              "probe": [bash("head -3 input/hastus/shape_points.csv input/hastus/trip_stops.csv",
                             "==> input/hastus/shape_points.csv <==\nshape,seq,lat,lon,dist_m\n"
                             "41_0_outbound,1,37.79851,-122.26734,0.0\n41_0_outbound,2,37.79912,"
                             "-122.26801,91.0\n\n==> input/hastus/trip_stops.csv <==\ntrip,seq,"
                             "stop,arr,dep,dist_ft\n5038311,1,2211,06:04:00,06:04:00,0.0\n"
                             "5038311,2,2213,06:05:00,06:05:00,1025.0")],
              "explain": "HASTUS exports the two distances in different units: shape points "
                         "carry dist_m in metres, but trip stops carry dist_ft in feet, and we "
                         "copy both straight into shape_dist_traveled. GTFS needs one unit for "
                         "both, so every stop looks about three times further along the route "
                         "than its shape goes. The stop distances have to be converted from "
                         "feet to metres on import.",
              "fix": [edit(f"{pkg}/hastus/TripStopReader.kt",
                           "        shapeDistTraveled = row.double(\"dist_ft\"),",
                           "        // HASTUS gives stop distances in feet but shapes in metres\n"
                           "        shapeDistTraveled = row.double(\"dist_ft\") * 0.3048,"),
                      bash("./gradlew :feed:test --tests '*TripStopReader*'",
                           "TripStopReaderTest > stop distances use the shape's unit PASSED\n\n"
                           "BUILD SUCCESSFUL in 19s")],
              "done": "With the conversion in place the 3,912 warnings are gone, and the 41's "
                      "stops sit on its shape.",
              "repro": "python3 scripts/notice_summary.py build/validation/report.json",
              "told": "HASTUS writes the stop distances in feet but the shape points in "
                      "metres, and we never convert",
              "hunch": ("Often this means the shapes are stale relative to the stops; "
                        "re-importing both from the latest export first.",
                        bash("./gradlew -q :feed:importHastus --rerun-tasks",
                             "Read 1,184 stops, 96 routes, 31,402 trips, 412 shapes")),
              "headline": "Thousands of stops reported far from their shapes"}),
        Fact("fals-twofeeds", "falsified", ["gtfs-nov.zip"],
             ["Is there a reason we don't ship the upcoming timetable as a separate feed file "
              "before it takes effect?",
              "How do we get next month's schedule to the trip-planning apps ahead of time? "
              "Did publishing two files ever work?"],
             "quillhaven: getting the upcoming timetable to the trip-planning apps ahead of "
             "time by publishing it as a second, separate feed file (gtfs-nov.zip next to "
             "google_transit.zip) was tried and dropped — apps that load both files show every "
             "route twice, and Google's partner dashboard takes one static feed URL per agency; "
             "next month's schedule goes out early inside the single merged feed, with calendar "
             "ranges switching on the go-live date.",
             {"ask": "Let's publish the new timetable as its own zip, gtfs-nov.zip, next to the "
                     "current feed a week early, so consumers can load it ahead of the 16th. "
                     "Please set that up and run the consumer preview.",
              "change": [edit("feed/build.gradle.kts",
                              "tasks.register<Exec>(\"publishGtfs\") {",
                              "tasks.register<Exec>(\"publishUpcoming\") {\n    commandLine("
                              "\"aws\", \"s3\", \"cp\", \"build/gtfs/upcoming.zip\",\n        "
                              "\"s3://$feedBucket/gtfs/gtfs-nov.zip\")\n}\n\n"
                              "tasks.register<Exec>(\"publishGtfs\") {")],
              "broke": bash("./scripts/consumer-preview.sh --feeds google_transit.zip,"
                            "gtfs-nov.zip",
                            "loading 2 feeds into the preview planner\nWARN duplicate route "
                            "CBT:22 (feed 1, feed 2)\nWARN duplicate route CBT:41 (feed 1, feed "
                            "2)\n... 96 duplicate routes\nFAIL itinerary check 'Harbor Rd to "
                            "Civic Center, 2025-11-17 08:00': 2 identical results", 1),
              "revert": bash("git checkout -- feed/build.gradle.kts && git status --short", ""),
              "conclusion": "Back to one feed. A separate gtfs-nov.zip alongside the current "
                            "feed makes every consumer that loads both show each route twice, "
                            "and Google's partner dashboard takes a single static feed URL per "
                            "agency anyway. The November timetable goes out inside the one "
                            "google_transit.zip, and the calendar ranges do the switch: the old "
                            "service ends on the 15th and the new one starts on the 16th.",
              "want": "Could we get the new timetable to the apps early by publishing it as its "
                      "own file, rather than waiting for the switch-over?",
              "offer": "One option is a second file, gtfs-nov.zip, published alongside the "
                       "current feed a week or so before the 16th, so consumers can load it "
                       "early. Shall I add a publish step for it?",
              "story": "We did exactly that for the spring service change with a gtfs-nov.zip "
                       "style second file. The Transit app loaded both and showed every route "
                       "twice for a week, and Google's partner dashboard only takes one static "
                       "feed URL per agency, so their preview never saw it. Since then the new "
                       "timetable goes into the one merged feed and the calendars do the "
                       "switch-over.",
              "title": "Publish the upcoming signup as a separate gtfs-nov.zip"}),
        Fact("fals-coroutines", "falsified", ["coroutines"],
             ["Has anyone tried making the HASTUS import multithreaded? What went wrong?",
              "Could we speed up reading the scheduling files by processing them concurrently?"],
             "quillhaven: parsing the HASTUS files in parallel with Kotlin coroutines was tried "
             "and reverted — it holds every file's rows in memory at once, and the 3.1 million "
             "stop_times rows ran the 4 GB build heap out (OutOfMemoryError); the import stays "
             "sequential and streaming.",
             {"ask": "The import step takes almost seven minutes now that stop_times has three "
                     "million rows. Try parsing the HASTUS files in parallel with coroutines and "
                     "let's see what that buys us.",
              "change": [edit(f"{pkg}/hastus/HastusImport.kt",
                              "val stopTimes = files.flatMap { TripStopReader(it).readAll() }",
                              "val stopTimes = coroutineScope {\n    files.map { async("
                              "Dispatchers.Default) { TripStopReader(it).readAll() } }\n"
                              "        .awaitAll().flatten()\n}")],
              "broke": bash("./gradlew :feed:importHastus",
                            "> Task :feed:importHastus FAILED\nException in thread "
                            "\"DefaultDispatcher-worker-6\" java.lang.OutOfMemoryError: Java "
                            "heap space\n\tat gov.callowaybay.quillhaven.hastus.TripStopReader."
                            "readAll(TripStopReader.kt:41)\n\nBUILD FAILED in 2m 48s", 1),
              "revert": bash(f"git checkout -- {pkg}/hastus/HastusImport.kt && ./gradlew -q "
                             ":feed:test", ""),
              "conclusion": "Reverted to the sequential, streaming import. Reading the files in "
                            "parallel with coroutines materialises every file's rows at once, "
                            "and 3.1 million stop_times rows blow the 4 GB heap the build "
                            "agents have (OutOfMemoryError: Java heap space); the sequential "
                            "reader streams the rows through and stays under a gigabyte. Import "
                            "time is better won by skipping files that haven't changed.",
              "want": "The HASTUS import is by far the slowest part of the build. Is there an "
                      "easy way to make it use more than one core?",
              "offer": "Kotlin coroutines would let us parse each HASTUS file on "
                       "Dispatchers.Default in parallel and merge the results; it's a small "
                       "change in HastusImport. Want me to try it?",
              "story": "Joanne tried the coroutines version in the spring. Parsing the files in "
                       "parallel holds all of them in memory at once, and with three million "
                       "stop_times rows it died with an OutOfMemoryError on the build agents' "
                       "4 GB heap. The streaming, one-file-at-a-time import went back in.",
              "title": "Parallel HASTUS import with coroutines"}),
    ]
    chatter = [
        "> Task :feed:compileKotlin UP-TO-DATE",
        "> Task :feed:importHastus",
        "Read 1,184 stops, 96 routes, 31,402 trips",
        "> Task :feed:applyPatches",
        "fast_travel_between_consecutive_stops   WARNING   141",
        "unusable_trip                            WARNING   0",
        "missing_recommended_field                INFO      612",
        "route_color_contrast                     WARNING   2",
        "checking https://data.callowaybay.gov/gtfs/google_transit.zip",
        "feed_info.feed_version = 2025NOV-r3",
        "feed_start_date = 20251116",
        "expired_calendar                         INFO      0",
        "> Task :feed:test",
        "BUILD SUCCESSFUL in 41s",
    ]
    noise: list[Episode] = [
        look("What does RouteMapper do with routes that have no public number?",
             f"{pkg}/mapping/RouteMapper.kt",
             "fun map(r: HastusRoute) = GtfsRoute(\n    routeId = r.id,\n    shortName = "
             "r.publicNumber.ifBlank { null },\n    longName = r.description.takeIf { "
             "r.publicNumber.isBlank() } ?: \"\",\n    type = if (r.mode == \"FERRY\") 4 else 3,\n"
             ")\n",
             "If the public number is blank it leaves route_short_name empty and uses the "
             "description as route_long_name, so the route still has a name. Ferries get "
             "route_type 4, everything else 3 (bus)."),
        find("Where do we write feed_info.txt?", "FeedInfo",
             [f"{pkg}/writer/FeedInfoWriter.kt", f"{pkg}/writer/GtfsZipWriter.kt",
              "feed/src/test/kotlin/gov/callowaybay/quillhaven/writer/FeedInfoWriterTest.kt"],
             "FeedInfoWriter.kt writes it; GtfsZipWriter only adds it to the zip, and there's a "
             "test next to it."),
        tweak("Communications sent the final palette: the 41 should be 00875A, not 00A36C.",
              "input/route_colors.csv", "41,00A36C,FFFFFF", "41,00875A,FFFFFF",
              "Updated the 41 to 00875A with white text."),
        run("How many trips does the new timetable have on each day type, compared with the "
            "current one?", "./gradlew -q :feed:stats --args='--compare current'",
            "service    current   new      change\nweekday    10,944    11,302   +358\n"
            "saturday   7,120     7,415    +295\nsunday     5,806     6,230    +424",
            "Weekdays gain 358 trips (11,302 against 10,944), Saturdays 295 and Sundays 424."),
        talk("Remind me what the difference is between calendar.txt and calendar_dates.txt, and "
             "when a feed would use only the second one.",
             "calendar.txt describes regular weekly patterns over a date range; calendar_dates."
             "txt adds or removes service on particular dates. Some feeds skip calendar.txt and "
             "list every date of service in calendar_dates.txt instead, which is valid but "
             "bulky and hides the weekly pattern."),
        steps("What's landed on main since last week?",
              [bash("git log --oneline -6",
                    "c1d4e2a wheelchair boarding corrections for 12 stops at Civic Center\n"
                    "8a0b3f7 import: read the school-tripper export\n4f7e911 deps: kotlin "
                    "2.0.21\n2b9c0d5 headsigns: title case for the 41\n91aa3c2 ci: cache the "
                    "gradle wrapper\n0e5d6b8 stats task compares against the current feed")],
              "Six commits: wheelchair-boarding corrections at Civic Center, the school-tripper "
              "import, Kotlin 2.0.21, title-case headsigns for the 41, a CI cache and the stats "
              "comparison."),
        [Step(prompt="Make me a checklist for publishing the November feed."),
         Step(tools=[todo_write([("Build the feed from the final export", "pending",
                                  "Building the feed"),
                                 ("Run the validator and read the warnings", "pending",
                                  "Validating"),
                                 ("Publish and check the public URL", "pending", "Publishing"),
                                 ("Spot-check the 41 and the school trips", "pending",
                                  "Spot-checking")])]),
         Step(text="Four steps: build, validate, publish and check the URL, then spot-check the "
                   "new route and the school trips."),
         Step(prompt="Please add telling the Transit app team, after publishing."),
         Step(tools=[todo_write([("Build the feed from the final export", "pending",
                                  "Building the feed"),
                                 ("Run the validator and read the warnings", "pending",
                                  "Validating"),
                                 ("Publish and check the public URL", "pending", "Publishing"),
                                 ("Tell the Transit app team", "pending", "Emailing the Transit "
                                  "app team"),
                                 ("Spot-check the 41 and the school trips", "pending",
                                  "Spot-checking")])]),
         Step(text="Added it right after publishing.")],
        steps("How many stops in the new build have no wheelchair boarding information?",
              [agent("Count stops without accessibility data",
                     "Unzip build/gtfs/google_transit.zip, read stops.txt and count the stops "
                     "whose wheelchair_boarding is empty or 0; list the five busiest of them by "
                     "number of trips.",
                     "73 of 1,184 stops have wheelchair_boarding empty or 0. The busiest are "
                     "2290 (Eastshore Blvd & 3rd), 1187, 3305, 2213 and 4010, all on the 41 or "
                     "the 22.", "a5c81e0f27d4", "general-purpose", 4)],
              "73 of the 1,184 stops have no wheelchair-boarding value; the busiest are on the "
              "41 and the 22."),
    ]
    return Project(
        "quillhaven", "git@github.com:callowaybay-transit/quillhaven.git",
        _files("quillhaven", "Builds Calloway Bay Transit's static GTFS feed from the HASTUS "
                             "export.",
               {"settings.gradle.kts": "rootProject.name = \"quillhaven\"\ninclude(\"feed\")\n"}),
        _equip(facts, mates=["Dmitri", "Joanne"], handles=["dmitri-k", "jhallworth"],
               notes=CHECKLIST, chatter=chatter),
        noise, "aws")


# ------------------------------------------------------------------- brackenrun
def brackenrun() -> Project:
    mod = "github.com/callowaybay-transit/brackenrun"
    match = "internal/matcher/match.go"
    test = bash("go test ./...",
                f"ok  \t{mod}/internal/avl\t0.412s\nok  \t{mod}/internal/matcher\t1.903s\n"
                f"ok  \t{mod}/internal/server\t0.288s\nok  \t{mod}/internal/store\t0.051s")
    facts = [
        Fact("conv-feedenc", "convention", ["internal/feedenc"],
             ["Where in the code is it OK to use the generated realtime protobuf structs?",
              "I'm adding a new field to the vehicle feed. Which package should do the "
              "conversion into the GTFS-rt message?"],
             "In brackenrun (the GTFS-realtime service) only the internal/feedenc package uses "
             "the generated GTFS-realtime protobuf types; avl, matcher and store work on the "
             "project's own structs, and feedenc converts them to protobuf.",
             {"task": "Add occupancy_status to the vehicle positions we publish. The passenger "
                      "counters now report a load factor with each ping, as a percentage of "
                      "seated capacity.",
              "rule": "The generated GTFS-realtime protobuf types stay out of everything except "
                      "internal/feedenc. The rest of the code works on our own structs, and "
                      "feedenc is the only package that turns them into protobuf; that way the "
                      "next spec change touches one package.",
              "memo": "As we add fields for the service change (occupancy, the new trip "
                      "descriptors), please keep the generated gtfs-realtime types inside "
                      "internal/feedenc. Ahmed and I agreed that domain code (avl, matcher, "
                      "store) works on our own structs and that feedenc alone converts to "
                      "protobuf. Reviews will bounce anything that imports the pb package "
                      "elsewhere.",
              "contrary": edit("internal/avl/ping.go", "type Ping struct {\n",
                               f"import gtfsrt \"{mod}/internal/gtfsrt/pb\"\n\ntype Ping struct "
                               "{\n\tOccupancy gtfsrt.VehiclePosition_OccupancyStatus\n"),
              "follow": [edit("internal/avl/ping.go", "type Ping struct {\n",
                              "type Ping struct {\n\tLoadPct int // percentage of seated "
                              "capacity from the counters; -1 when absent\n"),
                         edit("internal/feedenc/vehicle.go",
                              "func vehiclePosition(v model.Vehicle) *pb.VehiclePosition {\n",
                              "func occupancy(loadPct int) pb.VehiclePosition_OccupancyStatus "
                              "{\n\tswitch {\n\tcase loadPct < 0:\n\t\treturn pb.VehiclePosition"
                              "_NO_DATA_AVAILABLE\n\tcase loadPct < 50:\n\t\treturn pb."
                              "VehiclePosition_MANY_SEATS_AVAILABLE\n\tcase loadPct < 90:\n\t\t"
                              "return pb.VehiclePosition_FEW_SEATS_AVAILABLE\n\tdefault:\n\t\t"
                              "return pb.VehiclePosition_STANDING_ROOM_ONLY\n\t}\n}\n\nfunc "
                              "vehiclePosition(v model.Vehicle) *pb.VehiclePosition {\n"),
                         test],
              "done": "Ping carries a plain LoadPct, and the mapping to OccupancyStatus lives "
                      "in internal/feedenc/vehicle.go: under 50% many seats, under 90% few "
                      "seats, otherwise standing room only. Tests pass."}),
        Fact("conv-replays", "convention", ["testdata/replays"],
             ["What does a test for a change to the trip matching have to look like here?",
              "I changed how buses get assigned to trips. What kind of test will reviewers "
              "expect?"],
             "brackenrun: every change to the matcher (how buses get matched to trips) needs a "
             "replay test built from a real AVL capture saved under testdata/replays/ "
             "(scripts/capture-avl.sh); reviewers don't accept tests on hand-built synthetic "
             "pings.",
             {"task": "Fix the matcher so that a bus deadheading back to the yard with its sign "
                      "still showing route 22 doesn't get matched to a 22 trip.",
              "rule": "Any change to the matcher gets a replay test: take a real AVL capture, "
                      "save it under testdata/replays/, and assert on what the matcher does "
                      "with it. Hand-built pings have burned us before, because real AVL data "
                      "is much messier than anything we type in.",
              "memo": "Matcher behaviour is what riders see, so between now and go-live every "
                      "matcher change needs a replay test built from a real AVL capture saved "
                      "under testdata/replays/ (see the existing ones). Please don't merge "
                      "matcher changes covered only by synthetic pings: real data has jitter, "
                      "duplicates and gaps that synthetic pings never have.",
              "contrary": write("internal/matcher/deadhead_test.go",
                                "func TestDeadheadNotMatched(t *testing.T) {\n\tpings := "
                                "[]avl.Ping{\n\t\t{Vehicle: \"2207\", Lat: 37.8031, Lon: "
                                "-122.2712, Sign: \"22\", At: t0},\n\t\t{Vehicle: \"2207\", Lat: "
                                "37.8102, Lon: -122.2655, Sign: \"22\", At: t0.Add(30 * "
                                "time.Second)},\n\t}\n\tif m := newMatcher(t); m.MatchAll(pings)"
                                ".Matched(\"2207\") {\n\t\tt.Fatal(\"deadhead matched\")\n\t}\n"
                                "}\n"),
              "follow": [bash("./scripts/capture-avl.sh --vehicle 2207 --from 2025-11-04T21:40 "
                              "--to 2025-11-04T22:05 > testdata/replays/2207-deadhead-22.jsonl "
                              "&& wc -l testdata/replays/2207-deadhead-22.jsonl",
                              "51 testdata/replays/2207-deadhead-22.jsonl"),
                         write("internal/matcher/deadhead_test.go",
                               "func TestReplayDeadhead2207(t *testing.T) {\n\tgot := replay(t, "
                               "\"testdata/replays/2207-deadhead-22.jsonl\")\n\tif got.Matched("
                               "\"2207\") {\n\t\tt.Fatalf(\"2207 deadheading to the yard was "
                               "matched to %s\", got.Trip(\"2207\"))\n\t}\n}\n"),
                         edit(match, "\tif best.score < minScore {\n",
                              "\tif m.offShape(p.Vehicle, best.trip) >= 3 { // 3 pings > 150 m "
                              "off the trip's shape\n\t\treturn TripRef{}, false\n\t}\n\tif "
                              "best.score < minScore {\n"),
                         test],
              "done": "Captured 25 minutes of vehicle 2207's real pings from last night's "
                      "deadhead into testdata/replays/, wrote a replay test around it, and the "
                      "matcher now gives up a trip when the bus is more than 150 m off that "
                      "trip's shape for three pings in a row. The test fails before the change "
                      "and passes after it."}),
        Fact("cmd-generate", "command", ["go generate ./internal/gtfsrt/..."],
             ["How do I rebuild the Go bindings after updating the realtime .proto file?",
              "protoc complains it can't find the Go plugin. What's the supported way to "
              "regenerate the protobuf code?"],
             "In brackenrun regenerate the GTFS-realtime Go bindings with `go generate "
             "./internal/gtfsrt/...` (it runs buf with the protoc-gen-go version pinned in "
             "buf.gen.yaml), not bare protoc: protoc-gen-go isn't installed.",
             {"goal": "I've dropped the latest gtfs-realtime.proto from upstream into proto/. "
                      "Please regenerate the Go code from it.",
              "fail": bash("protoc --go_out=internal/gtfsrt/pb --go_opt=paths=source_relative "
                           "proto/gtfs-realtime.proto",
                           "protoc-gen-go: program not found or is not executable\nPlease "
                           "specify a program using absolute path or make sure the program is "
                           "available in your PATH system variable\n--go_out: protoc-gen-go: "
                           "Plugin failed with status code 1.", 1),
              "note": "There's no protoc-gen-go on the PATH, and the repository doesn't expect "
                      "one: its generate directive runs buf with the plugin version pinned in "
                      "buf.gen.yaml.",
              "ok": bash("go generate ./internal/gtfsrt/... && git diff --stat",
                         "go: downloading github.com/bufbuild/buf v1.47.2\n internal/gtfsrt/pb/"
                         "gtfs-realtime.pb.go | 214 +++++++++++++++++++++++++++----\n 1 file "
                         "changed, 189 insertions(+), 25 deletions(-)"),
              "done": "Regenerated: internal/gtfsrt/pb/gtfs-realtime.pb.go has the new fields, "
                      "and go build ./... is clean.",
              "script": ("internal/gtfsrt/gen.go",
                         "// Package gtfsrt holds the generated GTFS-realtime bindings.\n//\n// "
                         "Regenerate with: go generate ./internal/gtfsrt/...\n// (runs buf with "
                         "the protoc-gen-go version pinned in buf.gen.yaml)\npackage gtfsrt\n\n"
                         "//go:generate go run github.com/bufbuild/buf/cmd/buf@v1.47.2 generate "
                         "--template ../../buf.gen.yaml ../../proto\n"),
              "issue": "protoc-gen-go not found when regenerating the bindings"}),
        Fact("cmd-itest", "command", ["compose.itest.yml"],
             ["What do I need running before the integration tests for the Redis store will "
              "pass?",
              "How are the store's integration tests meant to be run on a laptop?"],
             "brackenrun's Redis integration tests: `docker compose -f deploy/compose.itest.yml "
             "up -d --wait && REDIS_URL=redis://localhost:6380/0 go test -tags integration "
             "./...` (make itest); compose.itest.yml brings up Redis on 6380, and without it "
             "they fail with connection refused.",
             {"goal": "Run the Redis-backed store tests before I merge the occupancy change.",
              "fail": bash("go test -tags integration ./internal/store/...",
                           "--- FAIL: TestLatestPositionRoundTrip (0.00s)\n    store_test.go:31: "
                           "dial tcp [::1]:6379: connect: connection refused\nFAIL\nFAIL\t"
                           f"{mod}/internal/store\t0.019s\nFAIL", 1),
              "note": "They need a Redis to talk to, and the repository brings its own: "
                      "deploy/compose.itest.yml starts one on port 6380, and the tests read "
                      "its address from REDIS_URL.",
              "ok": bash("docker compose -f deploy/compose.itest.yml up -d --wait && "
                         "REDIS_URL=redis://localhost:6380/0 go test -tags integration "
                         "./internal/store/...",
                         " ✔ Container brackenrun-itest-redis-1  Healthy\nok  \t"
                         f"{mod}/internal/store\t1.284s"),
              "done": "All the store integration tests pass against the compose Redis. It's "
                      "still running; `docker compose -f deploy/compose.itest.yml down` stops "
                      "it.",
              "script": ("Makefile",
                         ".PHONY: itest\nitest:\n\tdocker compose -f deploy/compose.itest.yml "
                         "up -d --wait\n\tREDIS_URL=redis://localhost:6380/0 go test -tags "
                         "integration ./...\n"),
              "issue": "Store integration tests fail with connection refused"}),
        Fact("env-topic", "environment", ["avl.positions.v2"],
             ["Which Kafka topic feeds the vehicle pings into the realtime service in "
              "production?",
              "Where on the message bus does the realtime service read bus locations from?"],
             "brackenrun, the realtime service, reads bus locations (AVL pings) in production "
             "from the Kafka (MSK) message bus topic avl.positions.v2 (12 partitions), not the "
             "old avl.positions topic.",
             {"goal": "Which Kafka topic do we consume the AVL pings from in production? Ahmed "
                      "mentioned that the vendor changed something for the new radios.",
              "probe": [bash("kubectl get configmap brackenrun-config -o jsonpath="
                             "'{.data.KAFKA_TOPIC}'",
                             "avl.positions.v2"),
                        bash("kcat -b \"$KAFKA_BROKERS\" -X security.protocol=SSL -L -t "
                             "avl.positions.v2 | head -4",
                             "Metadata for avl.positions.v2 (from broker 1: ssl://b-1.cbt-msk-"
                             "prod.kafka.us-west-2.amazonaws.com:9094/1):\n 3 brokers:\n 1 "
                             "topics:\n  topic \"avl.positions.v2\" with 12 partitions:")],
              "confirm": "Production consumes avl.positions.v2 on the MSK cluster, 12 "
                         "partitions. The old avl.positions topic is what the radios published "
                         "to before the upgrade; the config map points at v2 now.",
              "guess": "we're still reading the original avl.positions topic",
              "asker": "Kenji Watanabe at the CAD/AVL vendor's support desk",
              "asked": "We are moving the last garages to the new radio firmware on the 14th. "
                       "Can you confirm which topic your realtime service consumes, so we know "
                       "whether you will see the new message format?"}),
        Fact("env-namespace", "environment", ["gtfsrt-prod"],
             ["What namespace are the realtime feed pods in on the production cluster?",
              "If I want kubectl logs from the live vehicle positions service, where do I "
              "point it?"],
             "brackenrun, the live vehicle positions service, runs in production on the EKS "
             "cluster cbt-apps-prod (us-west-2) in the Kubernetes namespace gtfsrt-prod, three "
             "replicas: point kubectl at --context cbt-apps-prod -n gtfsrt-prod.",
             {"goal": "I need to look at the production pods. Which cluster and namespace is "
                      "brackenrun deployed into?",
              "probe": [read("deploy/helm/values-prod.yaml",
                             "namespace: gtfsrt-prod\ncluster: cbt-apps-prod   # EKS, us-west-2\n"
                             "replicas: 3\nimage:\n  repository: 412766190033.dkr.ecr.us-west-2."
                             "amazonaws.com/brackenrun\n  tag: v2.8.1\n"),
                        bash("kubectl --context cbt-apps-prod -n gtfsrt-prod get pods -l "
                             "app=brackenrun",
                             "NAME                          READY   STATUS    RESTARTS   AGE\n"
                             "brackenrun-7d4b9c6f5-hx2lm    1/1     Running   0          2d\n"
                             "brackenrun-7d4b9c6f5-p8wqz    1/1     Running   0          2d\n"
                             "brackenrun-7d4b9c6f5-zr5tn    1/1     Running   0          2d")],
              "confirm": "It runs on the EKS cluster cbt-apps-prod (us-west-2) in the namespace "
                         "gtfsrt-prod, three replicas, and all three pods are up.",
              "guess": "it's in the default namespace on the old apps cluster",
              "asker": "Luis Ortega in city IT security",
              "asked": "For the annual access review, which Kubernetes namespace does your "
                       "realtime feed service run in? We need to list who has exec rights on "
                       "it."}),
        Fact("gotcha-livez", "gotcha", ["/livez"],
             ["Why would a Kafka broker restart get every realtime pod killed at once?",
              "Which health endpoints do the Kubernetes probes use for the realtime service, "
              "and why are they separate?"],
             "brackenrun gotcha: the liveness probe used /healthz, which fails when Kafka is "
             "unreachable, so an MSK broker restart got every pod killed at once and the feed "
             "went blank; liveness now uses /livez (checks nothing external) and readiness only "
             "needs a built feed.",
             {"symptom": "The vehicle positions feed went blank for about four minutes last "
                         "night around 23:10, and all three pods show restarts. The MSK "
                         "maintenance window was at the same time. Why would a broker restart "
                         "take the whole feed down?",
              "trace": "2025-11-11T23:09:58Z ERROR kafka: connection to b-2 lost: EOF\n"
                       "2025-11-11T23:10:04Z WARN  healthz: 503 kafka: no brokers reachable\n"
                       "2025-11-11T23:10:24Z WARN  healthz: 503 kafka: no brokers reachable\n"
                       "2025-11-11T23:10:27Z INFO  received SIGTERM, shutting down",
              "probe": [bash("kubectl describe pod -l app=brackenrun | grep -E 'Liveness|"
                             "Readiness' | sort -u",
                             "    Liveness:   http-get http://:8080/healthz delay=5s timeout=2s "
                             "period=10s #success=1 #failure=3\n    Readiness:  http-get "
                             "http://:8080/healthz delay=5s timeout=2s period=10s #success=1 "
                             "#failure=3"),
                        read("internal/server/health.go",
                             "func (s *Server) healthz(w http.ResponseWriter, r *http.Request) "
                             "{\n\tif err := s.consumer.Ping(r.Context()); err != nil {\n\t\t"
                             "http.Error(w, \"kafka: \"+err.Error(), http.StatusService"
                             "Unavailable)\n\t\treturn\n\t}\n\tw.WriteHeader(http.StatusNo"
                             "Content)\n}\n")],
              "explain": "Both probes hit /healthz, and /healthz fails whenever Kafka can't be "
                         "reached. During the broker restart every pod failed its liveness "
                         "probe three times in a row, so Kubernetes killed all of them at once, "
                         "although they could have kept serving the last positions they had. "
                         "Liveness should only say whether the process itself is alive: a new "
                         "/livez that checks nothing external, while readiness only waits for "
                         "the first built feed.",
              "fix": [edit("internal/server/health.go", "func (s *Server) healthz(",
                           "// livez: the process is alive. It never checks dependencies, so a "
                           "Kafka outage\n// can't make Kubernetes restart every pod at once.\n"
                           "func (s *Server) livez(w http.ResponseWriter, _ *http.Request) {\n"
                           "\tw.WriteHeader(http.StatusNoContent)\n}\n\nfunc (s *Server) "
                           "healthz("),
                      edit("deploy/helm/templates/deployment.yaml",
                           "livenessProbe:\n            httpGet:\n              path: /healthz",
                           "livenessProbe:\n            httpGet:\n              path: /livez")],
              "done": "Liveness now uses /livez and readiness waits only for the first built "
                      "feed. A Kafka blip shows up in the consumer-lag alert instead of "
                      "restarting every pod.",
              "repro": "kubectl logs deploy/brackenrun --previous --since=12h | tail -40",
              "told": "The liveness probe calls the same health check that pings Kafka, so "
                      "when the brokers blip Kubernetes kills every pod",
              "hunch": ("Could be memory: a reconnect storm can balloon buffers. Checking why "
                        "the containers last terminated.",
                        bash("kubectl get pods -l app=brackenrun -o jsonpath='{range .items[*]}"
                             "{.status.containerStatuses[0].lastState.terminated.reason}"
                             "{\"\\n\"}{end}'",
                             "Error\nError\nError")),
              "headline": "Vehicle positions feed blank during the MSK maintenance window"}),
        Fact("gotcha-e7", "gotcha", ["lat_e7"],
             ["Why did buses with the new radios show up way out in the water on the map?",
              "What's different about the coordinate fields the upgraded AVL firmware sends?"],
             "brackenrun gotcha: the new AVL radio firmware (the Eastshore garage first) sends "
             "coordinates as lat_e7/lon_e7 (degrees x 10^7) instead of lat_e6/lon_e6 (x 10^6); "
             "the decoder must scale each field by its own factor, or the buses land ten times "
             "too far out.",
             {"symptom": "Since this morning a handful of buses show up far out in the bay on "
                         "the map, thousands of kilometres away in fact. It's only the ones "
                         "from the Eastshore garage, which got the new radios yesterday.",
              "trace": "vehicle 3114  lat 378.0412  lon -1222.7109  route 51  (Eastshore)\n"
                       "vehicle 3120  lat 377.9988  lon -1222.5533  route 88  (Eastshore)\n"
                       "vehicle 2207  lat 37.8031   lon -122.2712   route 22  (Central)",
              "probe": [bash("kcat -C -t \"$AVL_TOPIC\" -o -2 -e -q | jq -c '{vehicle, lat_e6, "
                             "lat_e7, lon_e6, lon_e7}'",
                             "{\"vehicle\":\"3114\",\"lat_e6\":null,\"lat_e7\":378041200,"
                             "\"lon_e6\":null,\"lon_e7\":-1222710900}\n{\"vehicle\":\"2207\","
                             "\"lat_e6\":37803100,\"lat_e7\":null,\"lon_e6\":-122271200,"
                             "\"lon_e7\":null}")],
              "explain": "The new radio firmware sends coordinates as lat_e7 and lon_e7, "
                         "degrees times ten million, instead of lat_e6 and lon_e6, degrees "
                         "times a million. Our decoder takes whichever integer field is present "
                         "and always divides by a million, so the Eastshore buses come out ten "
                         "times too far from zero. It has to scale each field by its own "
                         "factor.",
              "fix": [edit("internal/avl/decode.go",
                           "\tlat := float64(firstNonNil(m.LatE6, m.LatE7)) / 1e6\n\tlon := "
                           "float64(firstNonNil(m.LonE6, m.LonE7)) / 1e6\n",
                           "\t// old radios: lat_e6/lon_e6 (x 1e6); new firmware: lat_e7/lon_e7 "
                           "(x 1e7)\n\tlat, lon := coords(m)\n"),
                      test],
              "done": "With the scaling fixed, 3114 and 3120 show up on Eastshore Blvd. I added "
                      "a decode test with one ping in each format, so the next firmware change "
                      "can't slip through unnoticed.",
              "repro": "go run ./cmd/avlpeek --garage all --last 40",
              "told": "The new radios send coordinates with seven decimal places instead of "
                      "six, in new fields",
              "hunch": ("Possibly those buses have no GPS fix yet after the radio swap; checking "
                        "the fix quality they report.",
                        bash("go run ./cmd/avlpeek --garage eastshore --last 3 --fields "
                             "vehicle,fix,sats",
                             "3114 fix=3D sats=11\n3120 fix=3D sats=9\n3131 fix=3D sats=10")),
              "headline": "Eastshore buses plotted in the middle of the ocean"}),
        Fact("fals-assigned", "falsified", ["assigned_trip"],
             ["Can't we just use the trip the AVL vendor says each bus is on, instead of "
              "working it out ourselves?",
              "Why does the realtime service do its own trip matching when dispatch already "
              "knows the assignments?"],
             "brackenrun: using the trip the AVL vendor says each bus is on (its assigned_trip "
             "field) instead of our own trip matching was tried and reverted — it is the "
             "dispatch plan, stays on the scheduled trip through detours and lags operator "
             "swaps, so buses matched the wrong trips; shape-based matching stays the source of "
             "truth.",
             {"ask": "The vendor's ping has an assigned_trip field now. Switch the matcher to "
                     "trust it when it's there and fall back to our shape matching otherwise; it "
                     "should save a lot of CPU. Then run the replay tests.",
              "change": [edit(match,
                              "func (m *Matcher) Match(p avl.Ping) (TripRef, bool) {\n",
                              "func (m *Matcher) Match(p avl.Ping) (TripRef, bool) {\n\tif "
                              "p.AssignedTrip != \"\" {\n\t\treturn m.byTripID(p.AssignedTrip)\n"
                              "\t}\n")],
              "broke": bash("go test ./internal/matcher -run Replay",
                            "--- FAIL: TestReplayDetour51 (0.41s)\n    replay_test.go:58: 3114 "
                            "matched to trip 5103377 (scheduled), but it was running the detour "
                            "trip 5103412\n--- FAIL: TestReplaySwap22 (0.38s)\n    "
                            "replay_test.go:58: 2207 matched to trip 2204410 after the operator "
                            "swap; vendor assigned_trip still names the previous block\nFAIL", 1),
              "revert": bash(f"git checkout -- {match} && go test ./internal/matcher",
                             f"ok  \t{mod}/internal/matcher\t1.877s"),
              "conclusion": "Reverted. The vendor's assigned_trip is what dispatch planned, not "
                            "what the bus is doing: it stays on the scheduled trip through "
                            "detours and doesn't change when operators swap buses mid-block, so "
                            "trusting it puts buses on the wrong trips. Our shape-based matching "
                            "stays the source of truth; assigned_trip is at most a tiebreaker.",
              "want": "Our matcher burns a lot of CPU working out which trip each bus is on. "
                      "Doesn't the vendor already tell us that?",
              "offer": "It does: each ping carries an assigned_trip field from dispatch. We "
                       "could trust it when it's present and fall back to shape matching "
                       "without it. Want me to make that change?",
              "story": "Ahmed tried trusting assigned_trip in the summer. It is the dispatch "
                       "plan, not reality: during detours it kept buses on their scheduled "
                       "trips, and after operator swaps it pointed at the previous block for an "
                       "hour or more. Predictions were wrong for whole routes, so our own "
                       "matching went back in.",
              "title": "Trust the vendor assigned_trip in the matcher"}),
        Fact("fals-mqtt", "falsified", ["MQTT"],
             ["Could the realtime service subscribe to the vendor's broker directly and skip "
              "the bridge? Was that ever tried?",
              "Why do bus positions go through Kafka at all, instead of straight from the AVL "
              "vendor?"],
             "brackenrun: consuming AVL straight from the vendor's MQTT broker (skipping the "
             "Kafka bridge) was tried and reverted — QoS 0 only and the session is dropped on "
             "every reconnect, so messages sent during reconnects are lost (1,906 gaps over a "
             "minute in a 30-minute soak); the durable Kafka bridge stays.",
             {"ask": "Try consuming straight from the vendor's MQTT broker instead of going "
                     "through the Kafka bridge. It's one less hop, and the bridge adds two or "
                     "three seconds of latency. Run the soak test against it.",
              "change": [write("internal/avl/mqtt.go",
                               "// MQTTSource subscribes to the vendor's broker directly.\n"
                               "func NewMQTTSource(url string) (*MQTTSource, error) {\n\topts := "
                               "mqtt.NewClientOptions().AddBroker(url).SetClientID(\"rt-feed\")"
                               "\n\topts.SetCleanSession(true)\n\treturn &MQTTSource{client: "
                               "mqtt.NewClient(opts)}, nil\n}\n"),
                         edit("cmd/brackenrun/main.go", "src := avl.NewKafkaSource(cfg.Kafka)",
                              "src, _ := avl.NewMQTTSource(cfg.VendorMQTT)")],
              "broke": bash("go run ./cmd/soak --source mqtt --minutes 30",
                            "soak: 30m0s, 412 vehicles\nreconnects: 7\ngaps > 60s: 1,906 "
                            "(longest 4m12s)\nmessages lost across reconnects: ~38,000\nFAIL: "
                            "gap budget is 0 gaps > 60s", 1),
              "revert": bash("git checkout -- cmd/brackenrun/main.go && rm internal/avl/mqtt.go "
                             "&& go build ./...", ""),
              "conclusion": "Back on the Kafka bridge. The vendor's MQTT broker only offers QoS "
                            "0 and drops the session on every reconnect, so anything published "
                            "while we reconnect is gone: half an hour of soak gave 1,906 gaps "
                            "longer than a minute. The bridge's couple of seconds buy a durable "
                            "log we can replay.",
              "want": "The Kafka bridge adds a few seconds of latency. Is there a more direct "
                      "way to get the pings?",
              "offer": "The vendor also runs an MQTT broker, which the bridge itself subscribes "
                       "to. Subscribing to it directly would remove a hop and the bridge's "
                       "delay. Want me to wire up an MQTT source?",
              "story": "Ahmed ran a soak test against the vendor's MQTT broker last year. It's "
                       "QoS 0 only and throws the session away whenever the connection drops, "
                       "so everything sent during a reconnect is lost, and buses vanished for "
                       "minutes at a time. The Kafka bridge is slower but durable, and we can "
                       "replay it.",
              "title": "Consume AVL directly from the vendor MQTT broker"}),
    ]
    chatter = [
        "2025-11-12T06:40:01Z INFO  feed built: 388 vehicles, 361 with trip (41 ms)",
        "2025-11-12T06:40:01Z INFO  served /gtfs-rt/vehicle-positions 200 (12 KiB)",
        "2025-11-12T06:40:03Z INFO  kafka: committed offsets, lag 14",
        "2025-11-12T06:40:04Z DEBUG matcher: 2207 -> 2204391 (score 0.94)",
        "2025-11-12T06:40:06Z INFO  feed built: 389 vehicles, 362 with trip (39 ms)",
        "2025-11-12T06:40:06Z INFO  served /gtfs-rt/trip-updates 200 (88 KiB)",
        "2025-11-12T06:40:09Z DEBUG matcher: 3305 unmatched (deadhead)",
        "2025-11-12T06:40:11Z INFO  kafka: committed offsets, lag 9",
        "2025-11-12T06:40:11Z INFO  feed built: 389 vehicles, 361 with trip (40 ms)",
        "2025-11-12T06:40:14Z INFO  served /gtfs-rt/vehicle-positions 200 (12 KiB)",
        "2025-11-12T06:40:16Z DEBUG store: 389 latest positions written",
        "2025-11-12T06:40:16Z INFO  feed built: 390 vehicles, 362 with trip (42 ms)",
        "2025-11-12T06:40:19Z INFO  served /gtfs-rt/vehicle-positions 304",
    ]
    noise: list[Episode] = [
        look("How does the service decide that a vehicle position is too old to publish?",
             "internal/store/latest.go",
             "const maxAge = 90 * time.Second\n\nfunc (s *Store) Fresh(now time.Time) "
             "[]model.Vehicle {\n\tout := make([]model.Vehicle, 0, len(s.latest))\n\tfor _, v := "
             "range s.latest {\n\t\tif now.Sub(v.At) > maxAge {\n\t\t\tcontinue\n\t\t}\n\t\tout "
             "= append(out, v)\n\t}\n\treturn out\n}\n",
             "Anything whose last ping is more than 90 seconds old is left out of the published "
             "feed."),
        find("Which packages use the Kafka client library?", "github.com/twmb/franz-go",
             ["internal/avl/kafka.go", "internal/avl/kafka_test.go", "cmd/soak/main.go"],
             "Only internal/avl (the source and its test) and the soak tool."),
        tweak("The log line for dropped pings says 'droped'. Please fix the spelling.",
              "internal/avl/decode.go",
              "log.Warn(\"droped ping\", \"vehicle\", p.Vehicle, \"reason\", reason)",
              "log.Warn(\"dropped ping\", \"vehicle\", p.Vehicle, \"reason\", reason)",
              "Fixed the spelling in the warning."),
        run("How many vehicles are in the live feed right now?",
            "go run ./cmd/rtdump --url https://rt.callowaybay.gov/gtfs-rt/vehicle-positions "
            "--summary",
            "header.timestamp 1762954812 (4s ago)\nentities: 388 vehicle positions\nwith trip: "
            "361\nwithout trip: 27",
            "388 vehicles: 361 matched to trips and 27 without one (deadheading or unmatched)."),
        talk("What's the difference between a VehiclePosition and a TripUpdate in "
             "GTFS-realtime, in a couple of sentences?",
             "A VehiclePosition says where a vehicle is now (position, bearing, the trip it's "
             "on, optionally how full it is). A TripUpdate says how a trip is running against "
             "its schedule: predicted arrival and departure times or delays for its upcoming "
             "stops, plus cancellations and skipped stops."),
        steps("Run the linters, please.",
              [bash("golangci-lint run ./...",
                    "internal/matcher/score.go:88:2: ineffectual assignment to best "
                    "(ineffassign)\n1 issues:\n* ineffassign: 1")],
              "One finding: an ineffectual assignment to best at internal/matcher/score.go:88; "
              "the value is overwritten before it's read."),
        [Step(prompt="Which Go version does the Dockerfile build with?"),
         Step(tools=[read("Dockerfile",
                          "FROM golang:1.23-bookworm AS build\nWORKDIR /src\nCOPY . .\nRUN "
                          "CGO_ENABLED=0 go build -o /out/rt ./cmd/brackenrun\n\nFROM "
                          "gcr.io/distroless/static-debian12\nCOPY --from=build /out/rt /rt\n"
                          "ENTRYPOINT [\"/rt\"]\n")]),
         Step(text="Go 1.23 on Debian bookworm for the build, and a distroless static image to "
                   "run it."),
         Step(prompt="And what does go.mod say?"),
         Step(tools=[bash("grep -E '^(go|toolchain) ' go.mod", "go 1.23.0\ntoolchain go1.23.3")]),
         Step(text="go 1.23.0 with toolchain go1.23.3, consistent with the image.")],
        steps("Could you review the matcher's scoring for anything that would misbehave on the "
              "new 41, which doubles back on itself along Harbor Rd?",
              [agent("Review matcher scoring", "Read internal/matcher/score.go and explain how "
                     "it would behave on a route whose shape passes the same street twice in "
                     "opposite directions.",
                     "Scoring uses distance to the shape and progress along it, but not heading. "
                     "Where the 41 runs both ways along Harbor Rd, a bus can score equally on "
                     "both passes; progress breaks the tie after two or three pings, so the "
                     "first minute after a layover may briefly pick the wrong direction.",
                     "c3e90a4b17f2", "Explore", 5)],
              "Mostly fine: on the Harbor Rd section a bus can score equally on both directions "
              "for the first minute after a layover, because heading isn't used. Progress "
              "settles it within two or three pings."),
    ]
    return Project(
        "brackenrun", "git@github.com:callowaybay-transit/brackenrun.git",
        _files("brackenrun", "GTFS-realtime vehicle positions and trip updates for Calloway "
                             "Bay Transit.",
               {"go.mod": f"module {mod}\n\ngo 1.23.0\n"}),
        _equip(facts, mates=["Ahmed", "Sofia"], handles=["ahmed-its", "sofia-platform"],
               notes=CHECKLIST, chatter=chatter),
        noise, "github")


# ------------------------------------------------------------------- lanternway
def lanternway() -> Project:
    notice = "src/lib/components/TimetableNotice.svelte"
    plan = "src/routes/plan/+page.svelte"
    facts = [
        Fact("conv-polite", "convention", ["aria-live=\"polite\""],
             ["What ARIA setup should a new notice or alert banner on the rider site use?",
              "Is there an accessibility rule for how our announcements get read out by screen "
              "readers on the planner?"],
             "In lanternway (the rider alerts and trip planner site) every banner or alert "
             "message uses role=\"status\" with aria-live=\"polite\", never role=\"alert\" or "
             "assertive: a requirement from the Office of Accessibility (assertive "
             "announcements interrupt screen-reader users mid-form).",
             {"task": "Add a banner at the top of the trip planner telling people that the new "
                      "timetable starts on the 16th, with a link to the \"What's changing\" "
                      "page.",
              "rule": "Banners and alert messages on this site use role=\"status\" with "
                      "aria-live=\"polite\", never role=\"alert\". The accessibility office "
                      "tested with screen-reader users last spring, and an assertive "
                      "announcement interrupting them in the middle of a form was their top "
                      "complaint.",
              "memo": "Theo in the Office of Accessibility has asked us to be consistent on one "
                      "point. Any banner or alert text we show (service alerts, timetable "
                      "notices, planner errors) uses role=\"status\" with aria-live=\"polite\", "
                      "never role=\"alert\" or assertive. Assertive announcements cut "
                      "screen-reader users off mid-form, and that was the top complaint in "
                      "their usability sessions.",
              "contrary": write(notice,
                                "<script lang=\"ts\">\n  import { m } from '$lib/paraglide/"
                                "messages';\n</script>\n\n<div class=\"notice\" role=\"alert\">\n"
                                "  {m.timetable_notice()}\n  <a href=\"/whats-changing\">"
                                "{m.whats_changing_link()}</a>\n</div>\n"),
              "follow": [write(notice,
                               "<script lang=\"ts\">\n  import { m } from '$lib/paraglide/"
                               "messages';\n</script>\n\n<div class=\"notice\" role=\"status\" "
                               "aria-live=\"polite\">\n  {m.timetable_notice()}\n  <a href=\""
                               "/whats-changing\">{m.whats_changing_link()}</a>\n</div>\n"),
                         bash("pnpm exec playwright test tests/a11y.spec.ts",
                              "Running 6 tests using 3 workers\n  6 passed (14.2s)")],
              "done": "TimetableNotice sits above the planner form, announces itself politely "
                      "(role=\"status\", aria-live=\"polite\") and links to /whats-changing; the "
                      "axe checks in tests/a11y.spec.ts pass."}),
        Fact("conv-spanish", "convention", ["messages/es.json"],
             ["When I add new text to the rider site, where does it have to go, and in which "
              "languages?",
              "Is it OK to hard-code a short English sentence in a Svelte component for now?"],
             "lanternway: no literal rider-facing text in components — every string is a key in "
             "messages/en.json and messages/es.json (Spanish is required by the Title VI "
             "language plan), rendered with m.<key>(); missing Spanish goes into es.json marked "
             "[ES PENDING] for the translator.",
             {"task": "The planner's \"No trips found\" message needs to be friendlier and "
                      "suggest widening the time window. Could you rewrite it?",
              "rule": "No English typed straight into components. Every rider-facing string is "
                      "a key in messages/en.json with its Spanish counterpart in "
                      "messages/es.json, rendered through m.key(). Spanish is required under our "
                      "Title VI language plan; if you don't have a translation, put the English "
                      "into es.json marked [ES PENDING] so the translator picks it up.",
              "memo": "A reminder for everything shipping with the service change: under the "
                      "Title VI language access plan every rider-facing string must exist in "
                      "English and Spanish. New copy goes into messages/en.json and "
                      "messages/es.json together and is rendered through m.<key>(), with no "
                      "string literals in components. If you don't have the Spanish yet, copy "
                      "the English into es.json prefixed with [ES PENDING], and the translator "
                      "will pick it up on Thursday.",
              "contrary": edit(plan, "<p class=\"empty\">{m.no_trips()}</p>",
                               "<p class=\"empty\">No trips match that time. Try leaving a "
                               "little earlier or later, or widen the search to ±2 hours.</p>"),
              "follow": [edit("messages/en.json", "\"no_trips\": \"No trips found.\",",
                              "\"no_trips\": \"No trips match that time. Try leaving a little "
                              "earlier or later, or widen the search to ±2 hours.\","),
                         edit("messages/es.json",
                              "\"no_trips\": \"No se encontraron viajes.\",",
                              "\"no_trips\": \"[ES PENDING] No trips match that time. Try "
                              "leaving a little earlier or later, or widen the search to ±2 "
                              "hours.\","),
                         bash("pnpm paraglide-js compile --project ./project.inlang && pnpm "
                              "vitest run",
                              "✔ Compiled 214 messages (en, es)\n\n Test Files  6 passed (6)\n"
                              "      Tests  71 passed (71)")],
              "done": "The new wording is in messages/en.json, messages/es.json carries it "
                      "marked [ES PENDING] for the translator, and the page still renders it "
                      "through m.no_trips()."}),
        Fact("cmd-codegen", "command", ["codegen.offline.ts"],
             ["How do I regenerate the TypeScript types for the planner's GraphQL queries "
              "without a trip-planning server running?",
              "The GraphQL type generation fails trying to reach localhost. What's the other way "
              "to run it?"],
             "lanternway: regenerate the OTP GraphQL types with `pnpm graphql-codegen --config "
             "codegen.offline.ts` (reads the committed schema/otp.graphql); the default `pnpm "
             "gql:codegen` introspects a local OpenTripPlanner on :8080 and fails with "
             "ECONNREFUSED when none is running.",
             {"goal": "I've added legs.realtimeState to the itinerary query. Please regenerate "
                      "the GraphQL types.",
              "fail": bash("pnpm gql:codegen",
                           "> gql:codegen\n> graphql-codegen --config codegen.ts\n\n✖ Failed to "
                           "load schema from http://localhost:8080/otp/gtfs/v1:\n\n        "
                           "request to http://localhost:8080/otp/gtfs/v1 failed, reason: "
                           "connect ECONNREFUSED 127.0.0.1:8080\n ELIFECYCLE  Command failed "
                           "with exit code 1.", 1),
              "note": "The default config introspects a local OpenTripPlanner on :8080, which "
                      "isn't running. There's an offline config that reads the committed schema "
                      "snapshot instead.",
              "ok": bash("pnpm graphql-codegen --config codegen.offline.ts",
                         "✔ Parse Configuration\n✔ Generate outputs\n  ✔ "
                         "src/lib/otp/generated.ts"),
              "done": "Types regenerated from schema/otp.graphql: realtimeState is on Leg now, "
                      "and svelte-check is clean.",
              "script": ("codegen.offline.ts",
                         "// Same as codegen.ts, but reads the committed schema snapshot\n// "
                         "(schema/otp.graphql) instead of introspecting a running OTP.\n// Use "
                         "this one unless you are refreshing the snapshot.\nimport type { "
                         "CodegenConfig } from '@graphql-codegen/cli';\nimport base from "
                         "'./codegen';\n\nconst config: CodegenConfig = { ...base, schema: "
                         "'schema/otp.graphql' };\nexport default config;\n"),
              "issue": "GraphQL codegen fails with ECONNREFUSED on a fresh checkout"}),
        Fact("cmd-wrangler", "command", ["wrangler pages dev"],
             ["What's the right way to run the rider site locally so the alerts page has its "
              "data?",
              "Why does the alerts page crash under the normal Vite dev server, and what should "
              "I run instead?"],
             "lanternway: run the site locally with `pnpm build && pnpm wrangler pages dev "
             ".svelte-kit/cloudflare --kv ALERTS_KV --port 8788` (pnpm preview:cf); plain `pnpm "
             "dev` (Vite) has no Cloudflare ALERTS_KV binding, so /alerts fails with \"Cannot "
             "read properties of undefined (reading 'get')\".",
             {"goal": "Start the site locally, please. I want to see the alerts page with the "
                      "service-change alert Renata wrote.",
              "fail": bash("pnpm dev & sleep 5 && curl -fsS localhost:5173/alerts",
                           "  VITE v5.4.10  ready in 812 ms\n  ➜  Local:   http://localhost:"
                           "5173/\nTypeError: Cannot read properties of undefined (reading "
                           "'get')\n    at load (src/routes/alerts/+page.server.ts:7:41)\n"
                           "curl: (22) The requested URL returned error: 500", 22),
              "note": "The alerts load reads platform.env.ALERTS_KV, a Cloudflare KV binding "
                      "that plain Vite dev doesn't provide. Building and serving through "
                      "Wrangler's Pages emulator gives the page its bindings, with a local KV.",
              "ok": bash("pnpm build && pnpm wrangler pages dev .svelte-kit/cloudflare --kv "
                         "ALERTS_KV --port 8788",
                         "✔ built in 9.41s\n⎔ Starting local server...\nYour worker has access "
                         "to the following bindings:\n- KV Namespaces:\n  - ALERTS_KV: "
                         "ALERTS_KV\n[wrangler:inf] Ready on http://localhost:8788"),
              "done": "It's running on http://localhost:8788 with a local ALERTS_KV, and "
                      "/alerts renders. The local KV starts empty; fixtures/alerts.json has "
                      "sample alerts, including the service-change one, if you want them "
                      "loaded.",
              "script": ("package.json",
                         "{\n  \"name\": \"lanternway\",\n  \"private\": true,\n  \"scripts\": "
                         "{\n    \"dev\": \"vite dev\",\n    \"build\": \"vite build\",\n    "
                         "\"preview:cf\": \"pnpm build && wrangler pages dev .svelte-kit/"
                         "cloudflare --kv ALERTS_KV --port 8788\",\n    \"test\": \"vitest "
                         "run\"\n  }\n}\n"),
              "issue": "Alerts page returns 500 under pnpm dev"}),
        Fact("env-otp", "environment", ["planner-api.callowaybay.gov"],
             ["Which trip-planning server does the live rider site send its queries to?",
              "What's the hostname of our production OpenTripPlanner API?"],
             "lanternway, the live rider site, sends its trip-planning queries to the "
             "production OpenTripPlanner 2.6.0 server at "
             "https://planner-api.callowaybay.gov/otp/gtfs/v1 (OTP_URL in wrangler.toml).",
             {"goal": "Which OpenTripPlanner instance does the production site call, and what "
                      "version is it running? The upgrade ticket asks for both.",
              "probe": [bash("grep -rn 'OTP_URL' wrangler.toml .env.production",
                             "wrangler.toml:14:OTP_URL = \"https://planner-api.callowaybay.gov/"
                             "otp/gtfs/v1\"\n.env.production:2:PUBLIC_OTP_URL=https://"
                             "planner-api.callowaybay.gov/otp/gtfs/v1"),
                        bash("curl -s https://planner-api.callowaybay.gov/otp/ | jq -r "
                             "'.version.version'", "2.6.0")],
              "confirm": "Production calls OpenTripPlanner at https://planner-api."
                         "callowaybay.gov/otp/gtfs/v1 (OTP_URL in wrangler.toml), and that "
                         "server reports version 2.6.0.",
              "guess": "the site still talks to the old otp.callowaybay.gov box",
              "asker": "Marguerite Lam at the regional 511 service",
              "asked": "We'd like to federate trip planning with your OpenTripPlanner. Which "
                       "endpoint does your public site use, and which version is behind it?"}),
        Fact("env-pages", "environment", ["cbt-rider-web"],
             ["What is the rider website's project called in Cloudflare, and which branch goes "
              "live?",
              "For a rollback I need the name of the hosting project for the public site. What "
              "is it?"],
             "lanternway is deployed as the Cloudflare Pages project cbt-rider-web "
             "(go.callowaybay.gov); the release branch deploys to production and other branches "
             "get preview deployments.",
             {"goal": "What's the Cloudflare Pages project for the site called, and which branch "
                      "deploys to production? I need both for the go-live rollback plan.",
              "probe": [bash("pnpm wrangler pages project list",
                             "┌────────────────┬───────────────────────┬──────────────┐\n│ "
                             "Project Name   │ Project Domains       │ Git Provider │\n├──────"
                             "──────────┼───────────────────────┼──────────────┤\n│ "
                             "cbt-rider-web  │ go.callowaybay.gov    │ Yes          │\n│ "
                             "cbt-staff-wiki │ wiki.callowaybay.gov  │ Yes          │\n└──────"
                             "──────────┴───────────────────────┴──────────────┘"),
                        bash("pnpm wrangler pages deployment list --project-name cbt-rider-web "
                             "| head -4",
                             "Environment  Branch   Source   Deployment\nProduction   release  "
                             "4be81c2  https://4be81c2.cbt-rider-web.pages.dev\nPreview      "
                             "main     e07a9d1  https://e07a9d1.cbt-rider-web.pages.dev")],
              "confirm": "The site is the Cloudflare Pages project cbt-rider-web, serving "
                         "go.callowaybay.gov. Production deploys come from the release branch, "
                         "and every other branch gets a preview; a rollback is a redeploy of an "
                         "earlier release deployment.",
              "guess": "the Pages project is simply called lanternway and main goes to "
                       "production",
              "asker": "Dana Whitfield in Communications",
              "asked": "If the new site has a problem on go-live night, how do we roll back? "
                       "What is the hosting project called, and which branch is production?"}),
        Fact("gotcha-tz", "gotcha", ["America/Los_Angeles"],
             ["Why did the planner show departure times several hours off and then jump to the "
              "right time?",
              "Which time zone should the rider site format departure times in, wherever the "
              "user happens to be?"],
             "lanternway gotcha: Cloudflare workers render in UTC and browsers in the rider's "
             "own zone, so times formatted without a zone were hours off (hydration mismatch); "
             "formatTime pins timeZone 'America/Los_Angeles' (AGENCY_TZ).",
             {"symptom": "Customer service forwarded three complaints: the trip planner shows "
                         "departures eight hours off for a split second and then corrects "
                         "itself, and one rider who uses a VPN sees them wrong all the time.",
              "trace": "[hydration] text content mismatch in <time class=\"dep\">: server "
                       "\"2:05 PM\", client \"6:05 AM\"\n    at src/lib/components/LegRow."
                       "svelte:23",
              "probe": [read("src/lib/format.ts",
                             "export function formatTime(epochMs: number): string {\n  return "
                             "new Date(epochMs).toLocaleTimeString('en-US', { hour: 'numeric', "
                             "minute: '2-digit' });\n}\n")],
              "explain": "formatTime formats in whatever time zone the runtime has. Cloudflare's "
                         "workers run in UTC, so the server renders 2:05 PM; the browser then "
                         "re-renders in the device's own zone, which is right only for riders "
                         "set to Pacific time, so VPN users and out-of-town visitors keep a "
                         "wrong time. Transit times are always agency-local, so formatting has "
                         "to pin timeZone: 'America/Los_Angeles'.",
              "fix": [edit("src/lib/format.ts", "export function formatTime",
                           "// Transit times are agency-local, whatever zone the server or the "
                           "rider is in.\nexport const AGENCY_TZ = 'America/Los_Angeles';\n\n"
                           "export function formatTime"),
                      edit("src/lib/format.ts", "{ hour: 'numeric', minute: '2-digit' }",
                           "{ hour: 'numeric', minute: '2-digit', timeZone: AGENCY_TZ }"),
                      bash("TZ=Asia/Tokyo pnpm vitest run src/lib/format.test.ts",
                           " ✓ src/lib/format.test.ts (6 tests) 12ms")],
              "done": "Server and client both render 6:05 AM now, whatever zone the worker or "
                      "the rider's device is in; the test runs under TZ=Asia/Tokyo to keep it "
                      "honest.",
              "repro": "pnpm exec playwright test tests/planner.spec.ts --reporter=line",
              "told": "The workers render in UTC and the browser in the rider's zone, and our "
                      "time formatting never says which zone it means",
              "hunch": ("It might be a stale build being served; clearing the build output and "
                        "rebuilding first.",
                        bash("rm -rf .svelte-kit node_modules/.vite && pnpm build",
                             "✔ built in 9.87s")),
              "headline": "Departure times hours off on the trip planner"}),
        Fact("gotcha-lang", "gotcha", ["pickTranslation"],
             ["Why were some service alerts showing up in Spanish for English-speaking riders?",
              "How should the front end choose which language of an alert's text to show?"],
             "lanternway gotcha: the translations in a GTFS-rt alert's TranslatedString come in "
             "no fixed order (Spanish can be first); taking translation[0] showed Spanish to "
             "English riders, so alert text goes through pickTranslation() (the rider's "
             "language, then the untagged default, then English).",
             {"symptom": "Several English-speaking riders say the detour alert for route 51 "
                         "shows up in Spanish for them, while the other alerts are fine.",
              "trace": "$ curl -s 'https://rt.callowaybay.gov/gtfs-rt/alerts?format=json' | jq "
                       "'.entity[] | select(.id==\"a-51-detour\") | .alert.header_text'\n{\n  "
                       "\"translation\": [\n    { \"text\": \"Desvío de la ruta 51 por obras en "
                       "Eastshore Blvd\", \"language\": \"es\" },\n    { \"text\": \"Route 51 "
                       "detour for Eastshore Blvd construction\" }\n  ]\n}",
              "probe": [read("src/lib/alerts/text.ts",
                             "export function alertText(ts: TranslatedString): string {\n  "
                             "return ts.translation[0]?.text ?? '';\n}\n")],
              "explain": "An alert's text arrives as a GTFS-rt TranslatedString, and the order "
                         "of its translations isn't guaranteed: this one lists the Spanish "
                         "first and the untagged English second. alertText always takes the "
                         "first entry, so whichever language the alert editor saved first wins. "
                         "It has to choose by language tag: the rider's language, then the "
                         "untagged default, then English. That is now pickTranslation() in "
                         "src/lib/alerts/text.ts.",
              "fix": [edit("src/lib/alerts/text.ts",
                           "export function alertText(ts: TranslatedString): string {\n  return "
                           "ts.translation[0]?.text ?? '';\n}\n",
                           "// Translation order is not guaranteed: choose by language tag.\n"
                           "export function pickTranslation(ts: TranslatedString, lang: 'en' | "
                           "'es'): string {\n  const by = (l?: string) => ts.translation.find("
                           "(t) => (t.language || undefined) === l)?.text;\n  return by(lang) ?? "
                           "by(undefined) ?? by('en') ?? '';\n}\n"),
                      bash("pnpm vitest run src/lib/alerts",
                           " ✓ src/lib/alerts/text.test.ts (6 tests) 9ms\n ✓ src/lib/alerts/"
                           "alerts.test.ts (14 tests) 35ms")],
              "done": "The route 51 detour alert shows in English for English visitors and in "
                      "Spanish on /es; every call site uses pickTranslation with the page's "
                      "language.",
              "repro": "pnpm exec playwright test tests/alerts.spec.ts --reporter=line",
              "told": "We just take the first translation in the list, and the alert editor "
                      "sometimes saves the Spanish first",
              "hunch": ("Maybe the alert really was published only in Spanish; checking what "
                        "the alerts editor holds for it.",
                        bash("curl -s \"$ALERTS_ADMIN/api/alerts/a-51-detour\" | jq -c "
                             "'.languages'", "[\"es\",\"en\"]")),
              "headline": "Route 51 detour alert shows in Spanish on the English site"}),
        Fact("fals-sse", "falsified", ["Server-Sent Events"],
             ["Why does the alerts banner poll every minute instead of having new alerts pushed "
              "to the browser?",
              "Was a streaming approach for live alert updates ever tried on the site?"],
             "lanternway: streaming live alert updates to the site with Server-Sent Events "
             "(pushed from a Cloudflare Pages function) was tried and reverted — every open tab "
             "holds a worker, the function hits the CPU limit and browsers reconnect in a loop; "
             "the alerts banner polls a cached endpoint every 60 seconds instead.",
             {"ask": "Let's make the alerts banner live: push new alerts to open pages with "
                     "Server-Sent Events from a Pages function, instead of polling every 60 "
                     "seconds. Run the live-alerts test when it's in.",
              "change": [write("src/routes/alerts/stream/+server.ts",
                               "export const GET: RequestHandler = ({ platform }) => {\n  const "
                               "stream = new ReadableStream({\n    async start(ctl) {\n      "
                               "// check KV every 5 s and send anything new\n      "
                               "for (;;) {\n        ctl.enqueue(`data: ${JSON.stringify(await "
                               "latest(platform))}\\n\\n`);\n        await sleep(5000);\n      }\n"
                               "    },\n  });\n  return new Response(stream, { headers: { "
                               "'content-type': 'text/event-stream' } });\n};\n"),
                         edit("src/lib/components/AlertBanner.svelte",
                              "const timer = setInterval(refresh, 60_000);",
                              "const es = new EventSource('/alerts/stream');\n  es.onmessage = "
                              "(e) => (alerts = JSON.parse(e.data));")],
              "broke": bash("pnpm exec playwright test tests/alerts-live.spec.ts",
                            "  ✘ banner shows an alert published after page load (2.1m)\n    "
                            "Error: Worker exceeded CPU time limit (/alerts/stream)\n    "
                            "EventSource reconnected 9 times in 4 minutes\n  1 failed", 1),
              "revert": bash("git checkout -- src/lib/components/AlertBanner.svelte && rm -r "
                             "src/routes/alerts/stream && pnpm vitest run",
                             " Test Files  6 passed (6)\n      Tests  71 passed (71)"),
              "conclusion": "Reverted to polling. Holding a Server-Sent Events stream open from "
                            "a Pages function keeps a worker busy for every open tab; the "
                            "function runs into the CPU limit and the browser reconnects in a "
                            "loop, and on go-live morning that would be thousands of tabs. "
                            "Polling a cached endpoint every 60 seconds is cheap and quick "
                            "enough for alerts.",
              "want": "Polling for new alerts every minute feels dated. Is there a way to push "
                      "alerts to the page as soon as they're published?",
              "offer": "We could stream them with Server-Sent Events: an endpoint that keeps the "
                       "connection open and sends each new alert as it lands, with an "
                       "EventSource on the page. Want me to try it in a Pages function?",
              "story": "Lucía built a Server-Sent Events version during the spring service "
                       "change. Every open tab kept a worker alive, the functions kept hitting "
                       "Cloudflare's CPU limit, and browsers got stuck reconnecting; on the "
                       "busiest morning the alerts page was slower than with polling. We went "
                       "back to polling the cached endpoint every 60 seconds.",
              "title": "Push alerts to the banner with Server-Sent Events"}),
        Fact("fals-handoff", "falsified", ["Google Maps"],
             ["Could we retire our own trip planner and send riders to one of the big consumer "
              "map apps instead? Has anyone looked at that?",
              "Why do we still run our own journey planner when riders could just use Google?"],
             "lanternway: retiring our own journey planner and sending riders to Google Maps "
             "transit directions instead was tried and dropped — no wheelchair-accessible-only "
             "option (required by the accessibility office), no Spanish results page and no "
             "per-leg realtime status, so we still run our own OpenTripPlanner-backed trip "
             "planner.",
             {"ask": "Renata asked whether we could retire our own planner at go-live and send "
                     "people to Google Maps transit directions instead, since it has our "
                     "timetable from the feed anyway. Try swapping the planner form's submit for "
                     "a Google Maps link and run the planner tests.",
              "change": [edit(plan, "<form method=\"POST\" action=\"?/plan\">",
                              "<form method=\"GET\" action=\"https://www.google.com/maps/dir/\" "
                              "target=\"_blank\">\n  <input type=\"hidden\" name=\"api\" value="
                              "\"1\" />\n  <input type=\"hidden\" name=\"travelmode\" value="
                              "\"transit\" />")],
              "broke": bash("pnpm exec playwright test tests/planner.spec.ts",
                            "  ✘ planner › wheelchair-accessible trips only (1.2s)\n    Error: "
                            "no accessible-routing option on the link target\n  ✘ planner › "
                            "realtime status on each leg (0.9s)\n  ✘ planner › Spanish results "
                            "at /es/plan (0.8s)\n  3 failed, 11 passed", 1),
              "revert": bash(f"git checkout -- {plan} && git status --short", ""),
              "conclusion": "Reverted. Handing trip planning to Google Maps loses the "
                            "wheelchair-accessible-only option, which the accessibility office "
                            "requires of the agency's own planner, as well as the Spanish "
                            "results page and the realtime status on each leg. The "
                            "OpenTripPlanner-backed planner stays.",
              "want": "Maintaining our own trip planner is a lot of work. Could we just hand "
                      "people off to Google for directions?",
              "offer": "We could: the planner form could submit to a Google Maps transit "
                       "directions link with the origin and destination filled in, and we'd "
                       "drop the OpenTripPlanner dependency. Shall I try it?",
              "story": "Renata floated handing people off to Google Maps last year and we tried "
                       "it on a branch. It has no wheelchair-accessible-only option, which the "
                       "accessibility office requires of the agency's own planner, and we'd "
                       "lose the Spanish results page and the realtime status on each leg. It "
                       "was dropped.",
              "title": "Replace the planner with Google Maps transit links"}),
    ]
    chatter = [
        "Running 14 tests using 4 workers",
        "  ✓ planner › origin and destination autocomplete (1.1s)",
        "  ✓ planner › arrive-by search (0.9s)",
        "  ✓ alerts › list renders for route 22 (0.6s)",
        "  ✓ planner › walking-only result (0.7s)",
        "  ✓ alerts › dismissed alert stays dismissed (0.8s)",
        "  ✓ planner › swap origin and destination (0.5s)",
        "  ✓ layout › skip link focuses main (0.3s)",
        "  ✓ planner › date picker keyboard navigation (1.4s)",
        "  ✓ alerts › /es renders (0.6s)",
        "  ✓ planner › share link round-trips (0.8s)",
        "  ✓ layout › footer links resolve (0.4s)",
    ]
    noise: list[Episode] = [
        look("What does the itinerary card show for a walking-only result?",
             "src/lib/components/ItineraryCard.svelte",
             "{#if itinerary.legs.every((l) => l.mode === 'WALK')}\n  <p class=\"walk-only\">"
             "{m.walk_only({ minutes: itinerary.durationMin })}</p>\n{:else}\n  <ol class="
             "\"legs\">\n    {#each itinerary.legs as leg}<LegRow {leg} />{/each}\n  </ol>\n"
             "{/if}\n",
             "A walking-only itinerary gets a single line saying it's an N-minute walk, instead "
             "of the usual list of legs."),
        find("Which components use the route colour?", "routeColor",
             ["src/lib/components/LegRow.svelte", "src/lib/components/RouteBadge.svelte",
              "src/lib/components/AlertBanner.svelte"],
             "Three: LegRow, RouteBadge and AlertBanner (for the badge next to each alert)."),
        tweak("The footer still says schedules are effective from August 24. It should be "
              "November 16.", "src/lib/config.ts",
              "export const SCHEDULE_EFFECTIVE = '2025-08-24';",
              "export const SCHEDULE_EFFECTIVE = '2025-11-16';",
              "Updated the effective date; the footer reads it from config."),
        run("How big is the largest client chunk now?",
            "pnpm build 2>&1 | grep -E 'immutable/.*kB' | sort -t'│' -k2 -h | tail -3",
            ".svelte-kit/output/client/_app/immutable/nodes/4.Cq3x1.js     38.21 kB │ gzip: "
            "12.40 kB\n.svelte-kit/output/client/_app/immutable/chunks/otp.B7dk2.js  51.77 kB │ "
            "gzip: 16.02 kB\n.svelte-kit/output/client/_app/immutable/chunks/map.Dd91a.js  "
            "148.30 kB │ gzip: 43.85 kB",
            "The map chunk is the largest, at 148 kB (44 kB gzipped); the OTP client is next at "
            "52 kB."),
        talk("When should I use $derived and when $effect in Svelte 5?",
             "Use $derived for values computed from other state: it's pure, lazy and always "
             "consistent. Use $effect only for side effects that reach outside Svelte (timers, "
             "analytics, imperative DOM or map libraries). If you find yourself setting state "
             "inside an $effect, it usually wants to be a $derived."),
        steps("Run svelte-check, please.",
              [bash("pnpm svelte-check --threshold warning",
                    "src/lib/components/RouteBadge.svelte:12:3\nWarn: A11y: <div> with click "
                    "handler must have an ARIA role\nsvelte-check found 0 errors and 1 warning "
                    "in 1 file")],
              "No errors; one warning: RouteBadge has a clickable <div> without a role. Making "
              "it a <button> would fix it."),
        [Step(prompt="How does the /es version of the site work? Is it a separate set of "
                     "pages?"),
         Step(tools=[read("src/hooks.server.ts",
                          "import { sequence } from '@sveltejs/kit/hooks';\nimport { i18n } "
                          "from '$lib/i18n';\n\nexport const handle = sequence(i18n.handle(), "
                          "securityHeaders);\n")]),
         Step(text="No, the same routes serve both. The i18n hook reads the language from the "
                   "/es prefix and sets it for the request, so every page renders in Spanish "
                   "under /es."),
         Step(prompt="And what decides the language when there's no prefix?"),
         Step(text="Without the prefix it's English; the hook doesn't look at Accept-Language, "
                   "so nobody is switched to Spanish without asking for it.")],
        steps("Go through the planner form and list anything that fails basic keyboard "
              "navigation.",
              [agent("Keyboard audit of the planner", "Read src/routes/plan/+page.svelte and "
                     "its components, and list keyboard-navigation problems.",
                     "Two problems: the swap-origin-and-destination control is a <div> with a "
                     "click handler (not focusable), and the date picker traps focus until "
                     "Escape. Tab order otherwise follows the visual order.",
                     "e81b44d09c2a", "Explore", 6)],
              "Two issues: the swap control can't be reached by keyboard, and the date picker "
              "traps focus until Escape."),
    ]
    return Project(
        "lanternway", "git@github.com:callowaybay-transit/lanternway.git",
        _files("lanternway", "Calloway Bay Transit's rider site: service alerts and the trip "
                             "planner.",
               {"svelte.config.js": "import adapter from '@sveltejs/adapter-cloudflare';\n\n"
                                    "export default { kit: { adapter: adapter() } };\n"}),
        _equip(facts, mates=["Lucía", "Theo"], handles=["lucia-web", "theo-a11y"],
               notes=CHECKLIST, chatter=chatter),
        noise, "slack")


# ------------------------------------------------------------------- cinderford
def cinderford() -> Project:
    ops = "dbt/models/marts/ops"
    taps = "dbt/models/staging/fare/stg_fare__tap_events.sql"
    weekly = f"{ops}/fct_route_ontime_weekly.sql"
    facts = [
        Fact("conv-pii", "convention", ["hash_card_id"],
             ["What has to happen to card numbers when I model the fare transaction data?",
              "Are there privacy rules for dbt models that are built on fare-card data?"],
             "In cinderford (the Airflow/dbt warehouse ETL) every model built on fare-card data "
             "is tagged pii and materialised in the RESTRICTED schema, and card numbers are "
             "replaced with hash_card_id(card_number) in the staging model — the raw number "
             "never goes past staging (agreed with the Privacy Office).",
             {"task": "Add a staging model for the new fare-card tap file that starts arriving "
                      "with the service change (tap_events), so Grace can count boardings by "
                      "stop.",
              "rule": "Anything built from fare-card data carries the pii tag, lands in the "
                      "RESTRICTED schema, and has the card number replaced with "
                      "hash_card_id(card_number) in the staging model itself; the raw number "
                      "never makes it past staging. That's the agreement with the Privacy "
                      "Office.",
              "memo": "With the new fare data arriving alongside the service change, please "
                      "keep to what we agreed with the Privacy Office: card numbers are hashed "
                      "in the staging model with the hash_card_id() macro (salted, from the "
                      "secrets manager), the raw number never goes past staging, and every "
                      "model built on fare-card data is tagged pii and materialised in the "
                      "RESTRICTED schema.",
              "contrary": write(taps,
                                "select\n    tap_id,\n    card_number,\n    stop_code,\n    "
                                "route_short_name,\n    tapped_at::timestamp_ntz as tapped_at\n"
                                "from {{ source('fare', 'tap_events') }}\n"),
              "follow": [write(taps,
                               "{{ config(tags=['pii'], schema='restricted') }}\n\nselect\n    "
                               "tap_id,\n    {{ hash_card_id('card_number') }} as card_key,\n    "
                               "stop_code,\n    route_short_name,\n    tapped_at::timestamp_ntz "
                               "as tapped_at\nfrom {{ source('fare', 'tap_events') }}\n"),
                         bash("cd dbt && dbt build -s stg_fare__tap_events",
                              "1 of 3 OK created sql view model restricted.stg_fare__tap_events "
                              "[SUCCESS 1 in 1.92s]\n2 of 3 PASS not_null_stg_fare__tap_events_"
                              "card_key [PASS in 0.88s]\n3 of 3 PASS unique_stg_fare__tap_"
                              "events_tap_id [PASS in 0.91s]\n\nDone. PASS=3 WARN=0 ERROR=0 "
                              "SKIP=0 TOTAL=3")],
              "done": "stg_fare__tap_events is tagged pii, builds in RESTRICTED and exposes "
                      "card_key from hash_card_id() instead of the card number; the not-null "
                      "and unique tests pass."}),
        Fact("conv-ontime", "convention", ["is_on_time"],
             ["How do we define and calculate on-time performance in the warehouse models?",
              "I'm writing a punctuality metric. Is there a standard window I should use?"],
             "cinderford: on-time performance is always computed with the is_on_time() macro at "
             "timepoints only (the board's definition: from 1 minute early to 5 minutes late), "
             "never with a hand-written window.",
             {"task": "Grace needs on-time performance by route for the new network's first "
                      "week, for the board report. Please add a weekly mart for it on top of "
                      "fct_stop_events.",
              "rule": "On-time performance is always computed with the is_on_time() macro, and "
                      "at timepoints only. The macro encodes the board's definition, no more "
                      "than one minute early and no more than five minutes late; nobody writes "
                      "their own between clause, because every hand-rolled version so far had a "
                      "slightly different window and the numbers didn't match the board "
                      "report.",
              "memo": "For anything that reports on-time performance after the service "
                      "change: use the is_on_time() macro and filter to timepoints. It encodes "
                      "the definition the board adopted (departures from one minute early to "
                      "five minutes late). Please don't hand-write the window; we had three "
                      "slightly different versions last quarter and had to explain the "
                      "discrepancy to the board.",
              "contrary": write(weekly,
                                "select\n    route_short_name,\n    date_trunc('week', "
                                "service_date) as week,\n    avg(iff(deviation_s between -60 and "
                                "300, 1, 0)) as on_time_pct\nfrom {{ ref('fct_stop_events') }}\n"
                                "group by 1, 2\n"),
              "follow": [write(weekly,
                               "select\n    route_short_name,\n    date_trunc('week', "
                               "service_date) as week,\n    avg(iff({{ is_on_time('deviation_s') "
                               "}}, 1, 0)) as on_time_pct\nfrom {{ ref('fct_stop_events') }}\n"
                               "where is_timepoint\ngroup by 1, 2\n"),
                         bash("cd dbt && dbt build -s fct_route_ontime_weekly",
                              "1 of 2 OK created sql table model marts.fct_route_ontime_weekly "
                              "[SUCCESS 96 in 4.11s]\n2 of 2 PASS accepted_range_fct_route_"
                              "ontime_weekly_on_time_pct [PASS in 1.02s]\n\nDone. PASS=2 WARN=0 "
                              "ERROR=0 SKIP=0 TOTAL=2")],
              "done": "fct_route_ontime_weekly uses is_on_time() over timepoints only: 96 "
                      "route-weeks so far, every value between 0 and 1."}),
        Fact("cmd-manifest", "command", ["fetch_prod_manifest"],
             ["How do I build one downstream model in my dev schema without rebuilding "
              "everything it depends on?",
              "dbt says the upstream staging objects don't exist in my dev schema. What's the "
              "workflow here?"],
             "cinderford: to build one model in a dev schema, run "
             "`../scripts/fetch_prod_manifest.sh && dbt build -s <model> --defer --state "
             "prod-manifest` from dbt/ — unbuilt upstream refs then resolve to production; "
             "otherwise the build fails with \"Object ... does not exist or not authorized\".",
             {"goal": "Build fct_stop_events in my dev schema so I can check the new timepoints, "
                      "without rebuilding the whole AVL history.",
              "fail": bash("cd dbt && dbt build -s fct_stop_events",
                           "12:04:31  1 of 1 START sql incremental model dev_jlee.fct_stop_"
                           "events [RUN]\n12:04:33  1 of 1 ERROR creating sql incremental model "
                           "dev_jlee.fct_stop_events [ERROR in 2.01s]\n\nDatabase Error in model "
                           "fct_stop_events (models/marts/ops/fct_stop_events.sql)\n  002003 "
                           "(42S02): SQL compilation error:\n  Object 'DEV_JLEE.STG_AVL__PINGS' "
                           "does not exist or not authorized.", 1),
              "note": "Your dev schema has none of the upstream models. Rather than building "
                      "them all, dbt can resolve unbuilt refs to production: the repository has "
                      "a script that fetches prod's manifest, and the build then runs against "
                      "it.",
              "ok": bash("cd dbt && ../scripts/fetch_prod_manifest.sh && dbt build -s "
                         "fct_stop_events --defer --state prod-manifest",
                         "fetched manifest.json (prod run 2025-11-10T06:12Z)\n12:06:02  1 of 1 "
                         "OK created sql incremental model dev_jlee.fct_stop_events [SUCCESS "
                         "418227 in 38.4s]\n\nDone. PASS=1 WARN=0 ERROR=0 SKIP=0 TOTAL=1"),
              "done": "fct_stop_events is built in dev_jlee and reads its upstream models from "
                      "production: 418,227 rows for the default dev window.",
              "script": ("scripts/fetch_prod_manifest.sh",
                         "#!/usr/bin/env bash\n# Pulls the latest production manifest so dev "
                         "builds can resolve unbuilt refs to prod.\n# Usage (from dbt/): "
                         "../scripts/fetch_prod_manifest.sh && dbt build -s <model> --defer "
                         "--state prod-manifest\nset -euo pipefail\nmkdir -p prod-manifest\naws "
                         "s3 cp \"s3://$DBT_ARTIFACTS_BUCKET/prod/manifest.json\" "
                         "prod-manifest/manifest.json\n"),
              "issue": "Building a single mart in a dev schema"}),
        Fact("cmd-astro", "command", ["astro dev run"],
             ["What's the command to try one of the DAGs locally for a given date?",
              "There's no airflow binary on my laptop. How do I test a DAG for this repo?"],
             "cinderford runs Airflow inside Astro Runtime containers: test a DAG locally with "
             "`astro dev run dags test <dag_id> <date>` (after astro dev start); there is no "
             "airflow command on the host.",
             {"goal": "Test the gtfs_static_load DAG against the feed Scheduling published this "
                      "morning, before it runs for real tonight.",
              "fail": bash("airflow dags test gtfs_static_load 2025-11-12",
                           "bash: airflow: command not found", 127),
              "note": "Airflow isn't installed on the host. This repository runs it inside the "
                      "Astro Runtime containers, so DAG commands go through the Astro CLI into "
                      "the local environment.",
              "ok": bash("astro dev run dags test gtfs_static_load 2025-11-12",
                         "Running 'airflow dags test gtfs_static_load 2025-11-12' in the "
                         "scheduler container...\n[download_feed] fetched google_transit.zip "
                         "(18.7 MB)\n[load_to_raw] 11 tables, 3,412,906 rows\n[dbt_build_gtfs] "
                         "PASS=41 WARN=0 ERROR=0\nDagRun Finished: dag_id=gtfs_static_load, "
                         "state=success"),
              "done": "The DAG ran end to end on the new feed: 11 GTFS tables loaded, and all "
                      "41 dbt models and tests passed.",
              "script": ("docs/local-dev.md",
                         "# Local development\n\nAirflow only exists inside the Astro Runtime "
                         "containers.\n\n    astro dev start\n    astro dev run dags test "
                         "<dag_id> <date>\n"),
              "issue": "Testing a DAG on a laptop"}),
        Fact("env-warehouse", "environment", ["TRANSFORM_WH_M"],
             ["Which Snowflake compute do the nightly transformation jobs run on?",
              "What warehouse size is production dbt using? It's for the cost review."],
             "cinderford's production dbt runs use the Snowflake warehouse TRANSFORM_WH_M "
             "(Medium, auto-suspend 120 s) on account cbt-analytics with role TRANSFORMER; dev "
             "uses DEV_WH_XS.",
             {"goal": "Which Snowflake warehouse do the production dbt runs use? Finance is "
                      "asking about credits since the AVL volume went up.",
              "probe": [read("dbt/profiles.yml",
                             "cinderford:\n  target: dev\n  outputs:\n    dev:\n      type: "
                             "snowflake\n      account: cbt-analytics\n      role: DEVELOPER\n"
                             "      warehouse: DEV_WH_XS\n      database: ANALYTICS_DEV\n    "
                             "prod:\n      type: snowflake\n      account: cbt-analytics\n"
                             "      role: TRANSFORMER\n      warehouse: TRANSFORM_WH_M\n      "
                             "database: ANALYTICS\n"),
                        bash("snow sql -q \"show warehouses like 'TRANSFORM_WH_M'\" --format "
                             "json | jq '.[0] | {size, auto_suspend}'",
                             "{\n  \"size\": \"Medium\",\n  \"auto_suspend\": 120\n}")],
              "confirm": "Production dbt runs use the TRANSFORM_WH_M warehouse (Medium, "
                         "auto-suspends after 120 seconds) on the cbt-analytics account, as the "
                         "TRANSFORMER role; dev runs use DEV_WH_XS.",
              "guess": "production dbt shares the BI team's REPORTING_WH warehouse",
              "asker": "Olivia Chen in Finance",
              "asked": "Our Snowflake bill jumped in October. Which warehouse do your nightly "
                       "transformation jobs run on, and what size is it?"}),
        Fact("env-apc", "environment", ["cbt-apc-landing"],
             ["Where does the automatic passenger counter data land each day?",
              "The planning council wants the raw counter files. Which S3 location are they "
              "in?"],
             "cinderford: the APC vendor drops one parquet file per service day into "
             "s3://cbt-apc-landing/daily/<YYYYMMDD>/ around 04:30 the next morning; the "
             "apc_daily DAG waits for it with an S3KeySensor for up to 4 hours.",
             {"goal": "Where do the passenger counter files land, and when? The new counters on "
                      "the 51 and 88 buses start reporting with the service change.",
              "probe": [bash("grep -n -A5 'S3KeySensor(' dags/apc_daily.py",
                             "21:    wait_for_file = S3KeySensor(\n22:        task_id=\"wait_"
                             "for_apc_file\",\n23:        bucket_name=\"cbt-apc-landing\",\n24:"
                             "        bucket_key=\"daily/{{ ds_nodash }}/apc_*.parquet\",\n25:  "
                             "      wildcard_match=True,\n26:        timeout=4 * 60 * 60,"),
                        bash("aws s3 ls s3://cbt-apc-landing/daily/20251111/",
                             "2025-11-12 04:31:07   48211930 apc_20251111.parquet")],
              "confirm": "The vendor drops one parquet file per service day into "
                         "s3://cbt-apc-landing/daily/<YYYYMMDD>/, around 04:30 the next morning "
                         "(yesterday's landed at 04:31). The apc_daily DAG waits for it with an "
                         "S3KeySensor for up to four hours.",
              "guess": "the counter files still come in over the vendor's SFTP",
              "asker": "Hollis Grant at the regional planning council",
              "asked": "We'd like to pull your raw passenger-counter data ourselves for the "
                       "corridor study. Where does it land, and at what time is it usually "
                       "complete?"}),
        Fact("gotcha-owl", "gotcha", ["transit_service_date"],
             ["Why were the late-night routes missing trips in the daily counts?",
              "How do we decide which service day a trip belongs to when it runs after "
              "midnight?"],
             "cinderford gotcha: a service day runs past midnight, so dating trips by the "
             "calendar date of the first AVL ping put owl trips on the next day; service dates "
             "come from the transit_service_date() macro (anything before the 03:00 cutover "
             "belongs to the previous day).",
             {"symptom": "Grace noticed that the owl routes, the 800s, lose about a third of "
                         "their trips in the daily counts. The trips are in the AVL data; they "
                         "just never show up on the right day.",
              "trace": "select route_short_name, count(distinct trip_id) from "
                       "fct_trips_operated\nwhere service_date = '2025-11-09' and "
                       "route_short_name like '8__' group by 1;\n  801 | 14    -- scheduled: "
                       "22\n  805 | 9     -- scheduled: 13",
              "probe": [read(f"{ops}/fct_trips_operated.sql",
                             "select\n    trip_id,\n    route_short_name,\n    "
                             "to_date(min(ping_at_local)) as service_date,\n    count(*) as "
                             "pings\nfrom {{ ref('stg_avl__pings') }}\ngroup by trip_id, "
                             "route_short_name\n")],
              "explain": "The model dates each trip by the calendar date of its first ping, but "
                         "a transit service day runs past midnight: an owl trip that starts at "
                         "00:40 belongs to the previous day's service. Those trips get dated a "
                         "day late, so they drop out of the day they belong to. Service dates "
                         "have to come from a transit_service_date() macro that treats anything "
                         "before the 03:00 cutover as the previous day.",
              "fix": [write("dbt/macros/transit_service_date.sql",
                            "{% macro transit_service_date(ts) -%}\n    {#- a service day runs "
                            "until the 03:00 cutover -#}\n    to_date(dateadd('hour', -3, {{ ts "
                            "}}))\n{%- endmacro %}\n"),
                      edit(f"{ops}/fct_trips_operated.sql",
                           "    to_date(min(ping_at_local)) as service_date,",
                           "    {{ transit_service_date('min(ping_at_local)') }} as "
                           "service_date,"),
                      bash("cd dbt && dbt build -s fct_trips_operated+",
                           "Done. PASS=9 WARN=0 ERROR=0 SKIP=0 TOTAL=9")],
              "done": "Rebuilt: route 801 has 22 trips on 2025-11-09 and 805 has 13, matching "
                      "the schedule.",
              "repro": "cd dbt && dbt test -s fct_trips_operated --store-failures",
              "told": "It's the after-midnight trips: we date them by the calendar day of the "
                      "ping instead of the service day",
              "hunch": ("Could be missing AVL pings for those trips; counting them first.",
                        bash("snow sql -q \"select count(*) from analytics.staging.stg_avl__pings "
                             "where route_short_name like '8__' and ping_at_local::date between "
                             "'2025-11-09' and '2025-11-10'\"",
                             "COUNT(*)\n61402")),
              "headline": "Owl routes lose a third of their trips in daily counts"}),
        Fact("gotcha-resend", "gotcha", ["transaction_uuid"],
             ["Why did one day's fare boardings come out doubled in the warehouse?",
              "How does the fare load avoid double-counting when the vendor sends a corrected "
              "file?"],
             "cinderford gotcha: the fare vendor re-sends the previous day's file with "
             "corrections on Mondays (.corrected), and the COPY pattern loaded both, doubling "
             "Sunday; the fare load now COPYs into a stage table and MERGEs into "
             "raw.fare.transactions on transaction_uuid.",
             {"symptom": "Sunday's boardings in the fare dashboard are almost exactly double "
                         "what the passenger counters say. Saturday looks normal.",
              "trace": "select service_date, count(*) rows_loaded, count(distinct "
                       "transaction_uuid) distinct_tx\nfrom raw.fare.transactions where "
                       "service_date in ('2025-11-08', '2025-11-09') group by 1;\n  2025-11-08 "
                       "| 301224 | 301224\n  2025-11-09 | 488930 | 244465",
              "probe": [bash("aws s3 ls \"s3://$FARE_BUCKET/exports/\" | tail -3",
                             "2025-11-09 05:02:11   61203398 fare_20251108.csv.gz\n2025-11-10 "
                             "05:01:47   52190110 fare_20251109.csv.gz\n2025-11-10 09:14:02   "
                             "52190874 fare_20251109.csv.gz.corrected"),
                        read("dags/fare_daily.py",
                             "    load = SnowflakeOperator(\n        task_id=\"copy_into_raw\",\n"
                             "        sql=\"copy into raw.fare.transactions from @fare_stage/"
                             "exports/ pattern='.*{{ ds_nodash }}.*'\",\n    )\n")],
              "explain": "The fare vendor re-sends the previous day's file on Mondays with late "
                         "corrections (fare_20251109.csv.gz.corrected), and the COPY pattern "
                         "matches both files, so Sunday went in twice. The raw load has to be "
                         "idempotent: copy into a stage table, then MERGE into "
                         "raw.fare.transactions on transaction_uuid, the vendor's id, which "
                         "stays the same across re-sends.",
              "fix": [write("dags/sql/fare_merge.sql",
                            "copy into raw.fare.transactions_stage from @fare_stage/exports/ "
                            "pattern='.*{{ ds_nodash }}.*';\n\nmerge into raw.fare.transactions "
                            "t\nusing (\n    select * from raw.fare.transactions_stage\n    "
                            "qualify row_number() over (partition by transaction_uuid order by "
                            "_loaded_at desc) = 1\n) s\non t.transaction_uuid = "
                            "s.transaction_uuid\nwhen matched then update set fare_cents = "
                            "s.fare_cents, product = s.product\nwhen not matched then insert "
                            "select s.*;\n"),
                      edit("dags/fare_daily.py",
                           "        sql=\"copy into raw.fare.transactions from @fare_stage/"
                           "exports/ pattern='.*{{ ds_nodash }}.*'\",",
                           "        sql=\"sql/fare_merge.sql\",  # stage, then MERGE on "
                           "transaction_uuid")],
              "done": "Reloaded 2025-11-09 through the merge: 244,465 taps, in line with the "
                      "counters. A corrected file now updates rows instead of adding them.",
              "repro": "python scripts/reconcile_fare_apc.py --date 2025-11-09 --verbose",
              "told": "The fare vendor re-sends Sunday's file with corrections on Monday "
                      "morning and our COPY just appends it",
              "hunch": ("First checking whether the dashboard's own query fans out.",
                        bash("snow sql -q \"select sum(boardings) from analytics.marts."
                             "fct_boardings_daily where service_date = '2025-11-09'\"",
                             "SUM(BOARDINGS)\n488930")),
              "headline": "Sunday fare boardings doubled"}),
        Fact("fals-microbatch", "falsified", ["microbatch"],
             ["Did anyone try dbt's newer built-in per-day incremental strategy on the stop "
              "events model? How did it go?",
              "Why is the stop events model still doing delete+insert by service date?"],
             "cinderford: switching fct_stop_events to dbt's microbatch incremental strategy "
             "was tried and reverted — microbatch cuts batches by the ping's calendar day, so "
             "owl trips spanning midnight were split across batches; it stays delete+insert by "
             "service_date.",
             {"ask": "Switch fct_stop_events to dbt's microbatch incremental strategy now that "
                     "we're on 1.9. It should make the backfills for the new network much "
                     "simpler. Build the last few days with it and run the tests.",
              "change": [edit(f"{ops}/fct_stop_events.sql",
                              "{{ config(materialized='incremental', incremental_strategy="
                              "'delete+insert', unique_key='service_date') }}",
                              "{{ config(materialized='incremental', incremental_strategy="
                              "'microbatch', event_time='ping_at', batch_size='day', "
                              "begin='2024-01-01', lookback=1) }}")],
              "broke": bash("cd dbt && dbt build -s fct_stop_events --event-time-start "
                            "2025-11-08 --event-time-end 2025-11-11",
                            "1 of 2 OK created sql microbatch model marts.fct_stop_events "
                            "(3 batches) [SUCCESS in 51.2s]\n2 of 2 FAIL 1284 "
                            "stop_events_match_trips_operated [FAIL 1284 in 3.3s]\n\nFailure in "
                            "test stop_events_match_trips_operated\n  Got 1284 results, "
                            "configured to fail if != 0\n  (trips whose stop events are split "
                            "across two batches)", 1),
              "revert": bash(f"git checkout -- {ops}/fct_stop_events.sql && cd dbt && dbt build "
                             "-s fct_stop_events --vars '{backfill_days: 4}'",
                             "Done. PASS=2 WARN=0 ERROR=0 SKIP=0 TOTAL=2"),
              "conclusion": "Reverted to delete+insert by service_date. The microbatch strategy "
                            "cuts batches by event time, the calendar day of the ping, but our "
                            "stop events belong to service days that run past midnight, so "
                            "every owl trip was split across two batches and the "
                            "reconciliation test failed for 1,284 trips. Batches have to follow "
                            "the service day, which microbatch can't do.",
              "want": "Backfilling fct_stop_events for a date range is fiddly. Doesn't newer "
                      "dbt have something built in for that?",
              "offer": "dbt 1.9's microbatch incremental strategy processes a model one day at "
                       "a time by event time and supports targeted backfills with "
                       "--event-time-start and --event-time-end. Want me to switch "
                       "fct_stop_events to it?",
              "story": "Marcus switched it to microbatch when we moved to dbt 1.9. Batches are "
                       "cut by the ping's calendar day, but our stop events belong to service "
                       "days that run past midnight, so every owl trip was split across two "
                       "batches and the reconciliation test lit up. He put delete+insert by "
                       "service_date back.",
              "title": "fct_stop_events on the microbatch incremental strategy"}),
        Fact("fals-snowpipe", "falsified", ["Snowpipe"],
             ["Could the passenger-counter files load by themselves the moment they land, "
              "without the Airflow task? Did we try that?",
              "Why do we still load the counter data with a scheduled COPY instead of "
              "Snowflake's continuous loading?"],
             "cinderford: auto-ingesting the APC files with Snowpipe was tried and dropped — the "
             "vendor re-delivers corrected files under the same name and Snowpipe skips file "
             "names it loaded in the last 14 days, so corrections were silently lost; the "
             "Airflow COPY with FORCE = TRUE stays.",
             {"ask": "Replace the APC sensor and COPY task with Snowpipe auto-ingest on the "
                     "landing bucket, so the data shows up as soon as the vendor drops it. Then "
                     "run the re-delivery check.",
              "change": [write("infra/snowflake/apc_pipe.sql",
                               "create pipe raw.apc.apc_pipe auto_ingest = true as\n  copy into "
                               "raw.apc.counts from @raw.apc.landing_stage\n  file_format = "
                               "(type = parquet) match_by_column_name = case_insensitive;\n"),
                         bash("snow sql -f infra/snowflake/apc_pipe.sql",
                              "Pipe APC_PIPE successfully created.")],
              "broke": bash("python scripts/apc_redelivery_check.py --date 2025-11-10",
                            "vendor re-delivered apc_20251110.parquet at 11:42 (same key, "
                            "corrected counts)\npipe status: last ingested daily/20251110/"
                            "apc_20251110.parquet at 04:33\nrows for 2025-11-10: 48102 "
                            "(expected corrected total 48977)\nFAIL: corrected re-delivery was "
                            "not loaded", 1),
              "revert": bash("snow sql -q 'drop pipe raw.apc.apc_pipe' && git checkout -- "
                             "infra/snowflake && git status --short",
                             "APC_PIPE successfully dropped."),
              "conclusion": "Dropped the pipe. When the vendor re-delivers a corrected file it "
                            "reuses the same object key, and Snowpipe skips any file name it "
                            "loaded in the last 14 days, so corrections silently never arrive. "
                            "The Airflow task keeps loading with COPY ... FORCE = TRUE, "
                            "deleting and reloading the day.",
              "want": "The passenger counter data only appears after the morning DAG run. "
                      "Could it load itself as soon as the file lands?",
              "offer": "Snowpipe with auto-ingest could load each file within a minute of it "
                       "landing, driven by S3 event notifications, and we'd drop the sensor and "
                       "the COPY task. Want me to set it up?",
              "story": "Marcus set up Snowpipe on the landing bucket last spring. The vendor "
                       "re-delivers corrected files under the same name, and Snowpipe ignores "
                       "file names it has loaded in the past 14 days, so the corrections never "
                       "got in, and nobody noticed for two weeks. The Airflow load with FORCE "
                       "came back.",
              "title": "Auto-ingest APC files with Snowpipe"}),
    ]
    chatter = [
        "06:12:01  Running with dbt=1.9.1",
        "06:12:03  Found 188 models, 402 data tests, 31 sources, 14 macros",
        "06:12:04  Concurrency: 8 threads (target='prod')",
        "06:12:09  1 of 9 OK created sql view model staging.stg_gtfs__trips [SUCCESS 1 in 1.41s]",
        "06:12:11  2 of 9 OK created sql view model staging.stg_gtfs__stop_times [SUCCESS 1 in "
        "1.52s]",
        "06:12:19  3 of 9 PASS not_null_stg_gtfs__trips_trip_id [PASS in 0.91s]",
        "06:12:24  4 of 9 OK created sql table model marts.dim_routes [SUCCESS 96 in 2.02s]",
        "06:12:31  5 of 9 PASS relationships_fct_stop_events_stop_id [PASS in 2.88s]",
        "06:12:40  6 of 9 OK created sql table model marts.fct_headways [SUCCESS 8110 in 6.10s]",
        "06:12:47  7 of 9 PASS accepted_values_dim_routes_route_type [PASS in 0.71s]",
        "06:12:52  8 of 9 WARN 3 dbt_utils_recency_stg_apc__counts [WARN 3 in 1.33s]",
        "06:12:58  Finished running 4 models, 5 data tests in 0 hours 0 minutes and 57 seconds",
    ]
    noise: list[Episode] = [
        look("What does stg_gtfs__stop_times do with times past 24:00?",
             "dbt/models/staging/gtfs/stg_gtfs__stop_times.sql",
             "select\n    trip_id,\n    stop_sequence,\n    stop_id,\n    split_part("
             "arrival_time, ':', 1)::int * 3600\n      + split_part(arrival_time, ':', 2)::int "
             "* 60\n      + split_part(arrival_time, ':', 3)::int as arrival_s\nfrom {{ "
             "source('gtfs', 'stop_times') }}\n",
             "It converts them to seconds since the start of the service day, so 25:10:00 "
             "becomes 90,600 and sorts after 23:59 instead of wrapping."),
        find("Which models read the APC source directly?", "source('apc'",
             ["dbt/models/staging/apc/stg_apc__counts.sql"],
             "Only stg_apc__counts; everything downstream goes through it."),
        tweak("The description of fct_trips_operated in the yml has a typo, 'opertaed'.",
              f"{ops}/_ops__models.yml", "description: Trips opertaed per service day",
              "description: Trips operated per service day", "Fixed the typo."),
        run("When did the nightly AVL load last succeed?",
            "curl -s -u \"$AF_USER:$AF_PASS\" \"$AIRFLOW_URL/api/v1/dags/avl_nightly/dagRuns?"
            "order_by=-execution_date&limit=3\" | jq -r '.dag_runs[] | [.logical_date, .state] "
            "| @tsv'",
            "2025-11-11T08:00:00+00:00\tsuccess\n2025-11-10T08:00:00+00:00\tsuccess\n"
            "2025-11-09T08:00:00+00:00\tsuccess",
            "It succeeded this morning, and the two runs before it succeeded too."),
        talk("In dbt, what's the practical difference between the ephemeral and view "
             "materializations?",
             "A view is a real object in the warehouse that other tools and people can query; "
             "an ephemeral model is never created at all, dbt inlines it as a CTE into whatever "
             "references it. Ephemeral keeps the schema tidy but can't be queried on its own "
             "and makes compiled SQL harder to debug."),
        steps("Run sqlfluff over the marts, please.",
              [bash("sqlfluff lint dbt/models/marts --dialect snowflake",
                    "== [dbt/models/marts/ops/fct_headways.sql] FAIL\nL:  14 | P:   5 | AM04 | "
                    "Query produces an unknown number of result columns.\nAll Finished!")],
              "One finding: fct_headways.sql line 14 selects * from a CTE, so the column count "
              "isn't known; listing the columns would fix it."),
        [Step(prompt="How many rows does fct_stop_events have for last week?"),
         Step(tools=[bash("snow sql -q \"select count(*) from analytics.marts.fct_stop_events "
                          "where service_date between '2025-11-03' and '2025-11-09'\"",
                          "COUNT(*)\n2911406")]),
         Step(text="2,911,406 rows for 3 to 9 November."),
         Step(prompt="Is that in line with the week before?"),
         Step(tools=[bash("snow sql -q \"select count(*) from analytics.marts.fct_stop_events "
                          "where service_date between '2025-10-27' and '2025-11-02'\"",
                          "COUNT(*)\n2887950")]),
         Step(text="Yes: 2,887,950 the week before, under 1% fewer.")],
        steps("Summarise what the board report's ridership section pulls from the warehouse.",
              [agent("Trace the board report's ridership inputs",
                     "Find which marts the board report's ridership section reads and summarise "
                     "the lineage back to the sources.",
                     "The ridership section reads fct_boardings_daily and dim_routes. "
                     "fct_boardings_daily combines APC boardings (stg_apc__counts) with fare taps "
                     "(restricted models), preferring APC where a bus has working counters.",
                     "f02d7b3a91c8", "Explore", 7)],
              "It reads fct_boardings_daily and dim_routes; boardings come from the passenger "
              "counters where a bus has working ones, otherwise from fare taps."),
    ]
    return Project(
        "cinderford", "git@github.com:callowaybay-transit/cinderford.git",
        _files("cinderford", "Airflow (Astro Runtime) and dbt loading Calloway Bay Transit's "
                             "data into Snowflake.",
               {"dbt/dbt_project.yml": "name: cinderford\nprofile: cinderford\n"}),
        _equip(facts, mates=["Grace", "Marcus"], handles=["grace-bi", "marcus-dp"],
               notes=CHECKLIST, chatter=chatter),
        noise, "postgres")


def projects() -> list[Project]:
    return [quillhaven(), brackenrun(), lanternway(), cinderford()]
