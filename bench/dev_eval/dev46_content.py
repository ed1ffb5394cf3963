"""The ``dev46`` split, "the payments team of a mid-size European fintech": four projects, ten
planted facts each.

Written in the twenty-seventh pass by a helper that read no rlat code; read untuned (0.5875 with
the pass's start code), tuned on since. (The helper had seen this pass's commit subjects, one
about decision logs, before writing its rejected-ADR template.)

Tessel is an Amsterdam fintech of about four hundred people that offers business accounts and
SEPA payments to small companies in the Netherlands, Belgium and Germany. Its money moves
through a partner bank, Noordhaven Bank, which takes pain.001 payment files and SEPA Instant
calls during the day and delivers camt.053 account statements every night over SFTP. The
payments team is six people: Ines Albuquerque, the team lead, who is the user of every session
here; Mateusz Wróbel and Sanne Visser, backend engineers; Kofi Mensah, who owns the Go
reconciler; Bram Kuipers, the team's platform engineer; and Aylin Demir, who builds the
back-office console. Operations (the agents who handle refunds and held payments) and Finance
(the controllers who clear the suspense account each morning) are its daily customers.

Ines writes to the assistant the way she writes tickets: in markdown, with headings ("Context",
"Requirements", "Constraints", "Acceptance criteria"), numbered steps and checklists, complete
sentences and no slang. She pastes Jira tickets with their fields, excerpts of incident
postmortems and architecture decision records (docs/adr/ in each repository), and threads from
the on-call Slack channel, #payments-oncall. Each repository keeps an ONCALL.md (commands, where
things are, known traps) that she asks to have kept current.

The durable facts arrive in the ways a payments team's three weeks bring them: a convention
buried in the "Constraints" list of a spec-style prompt, given as a correction after the
assistant did it the ordinary way (at the permission prompt or after the change), written into
a Jira ticket's description, or typed as the answer to the assistant's clarifying question; a
command that fails and the one that works (found by the assistant, pasted as step 1 of Ines's
checklist, pasted from Mateusz's failed attempt in the on-call channel, or in a bug ticket's
steps to reproduce); an environment fact looked up, corrected against an out-of-date
Confluence page, asked in Slack and answered with a drafted reply, or found in tool output and
confirmed by Ines at the assistant's question; a gotcha (pasted with its output, chased past a
wrong first theory, stated in a draft postmortem's "Root cause" section and verified in the
code, or reproduced from a long log after an overnight page); and an approach tried and reverted
in the session, turned down by a pasted ADR or a postmortem's "What went wrong" section, or
written down as a rejected ADR.

The later questions are asked partly by Ines (structured, precise, full sentences) and partly
by Mateusz when paged at night: short, lowercase, symptom-first, no punctuation, sometimes just
an alert line and "seen this?", and in words the sessions did not use.

The projects: betaalpoort, the payments API (Kotlin, Spring Boot 3 on Java 21, Gradle,
Testcontainers, Flyway, Kafka); afletter, the Go reconciler that runs nightly as a Cloud Run job
(recon-nightly) against Noordhaven's camt.053 files and books to the ledger; fundering, the
Terraform repository for the team's GCP projects (Cloud Run, Cloud SQL, Secret Manager; plans
and applies through Atlantis); and loket, the React + TypeScript back-office console (Vite,
Playwright, a client generated from the payments API's OpenAPI spec with orval).

Slots, by kind (the shared names of ``templates.py`` plus this split's own):

* convention - ``task``, ``rule`` (Ines's words), ``contrary``, ``follow``, ``done``,
  ``context``, ``reqs`` and ``accept`` (the spec prompt's sections), ``constraint`` (the rule as
  one line of its "Constraints" list), ``ticket`` (``(summary, description)``: a Jira ticket
  whose description carries the rule);
* command - ``goal``, ``fail``, ``note``, ``ok``, ``done``, ``label`` (its ONCALL.md line),
  ``summary`` (the bug ticket's title);
* environment - ``goal``, ``probe``, ``confirm``, ``guess`` (what the out-of-date Confluence
  page says), ``asker`` (``(who, words)``: a Slack message asking it);
* gotcha - ``symptom``, ``trace``, ``probe``, ``explain``, ``fix``, ``done``, ``musing`` (the
  symptom with a wrong theory), ``hunch`` (``(text, tool)``: checking the theory and ruling it
  out), ``repro`` (a command whose long output holds the trace), ``title``, ``impact``,
  ``rootcause`` and ``action`` (the draft postmortem), ``alert`` (the alert line that paged
  Mateusz), ``page`` (his message under it), ``lesson`` (the ONCALL.md line);
* falsified - ``ask``, ``change``, ``broke``, ``revert``, ``conclusion``, ``want``, ``offer``,
  ``story`` (what happened when it was tried before), ``title``.

Every fact also carries its project's ``chatter`` (ordinary output lines a long log is made
of), ``house`` (everyday constraints a spec lists), ``component`` and ``jira`` (its Jira
component and key prefix).
"""

from __future__ import annotations

import random

from .templates import find, look, run, steps, talk, tweak
from .transcript import REJECTED, agent, ask_user, bash, edit, read, refused, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3
ONCALL = "ONCALL.md"
INES = "Ines Albuquerque"
MATEUSZ = "Mateusz Wróbel"


def _pick(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _quoted(text: str) -> str:
    return "\n".join("> " + line if line else ">" for line in text.splitlines())


def _clock(rng: random.Random, night: bool) -> tuple[int, int, str]:
    hour = rng.randint(1, 4) if night else rng.randint(9, 11)
    return hour, rng.randrange(0, 50), "AM"


def _slack(posts: list[tuple[str, str]], rng: random.Random, night: bool = False) -> str:
    """A thread copied out of the Slack client (12-hour clock, as its English UI shows it)."""
    hour, minute, half = _clock(rng, night)
    out = ["#payments-oncall"]
    for who, words in posts:
        out.append(f"{who}  {hour}:{minute:02d} {half}\n{words}")
        minute = min(59, minute + rng.randint(1, 6))
    return "\n\n".join(out)


def _jira(s: dict, kind: str, summary: str, description: str, rng: random.Random) -> str:
    """A Jira ticket as it is copied from the browser: key, summary, fields, description."""
    key = f"{s['jira']}-{rng.randint(1400, 2600)}"
    priority = _pick(rng, "Medium", "High", "Medium", "Low")
    points = _pick(rng, "2", "3", "3", "5")
    sprint = rng.randint(41, 48)
    return (f"{key}  {summary}\n\nType: {kind}    Priority: {priority}    Status: To Do\n"
            f"Reporter: {INES}    Assignee: Unassigned\nComponent/s: {s['component']}    "
            f"Sprint: Payments {sprint}    Story Points: {points}\n\nDescription\n{description}")


def _buried(trace: str, chatter: list[str], rng: random.Random) -> str:
    """``trace`` in the middle of a long run of ordinary output."""
    picked = sorted(rng.sample(range(len(chatter)), min(len(chatter), rng.randint(9, 13))))
    lines = [chatter[i] for i in picked]
    at = rng.randint(3, len(lines) - 3)
    return "\n".join([*lines[:at], *trace.splitlines(), *lines[at:]])


def _slug(title: str) -> str:
    words = "".join(c.lower() if c.isalnum() else " " for c in title).split()
    return "-".join(words[:6])


OPENERS = ("", "", "", "Next one. ", "Good morning. ", "Before standup, please: ",
           "One more for today. ")


# ------------------------------------------------------------------- phrasing templates
# convention
def conv_spec(s: dict, rng: random.Random) -> Episode:
    """Ines's spec-style prompt; the rule is one line of its Constraints list."""
    house = list(s["house"])
    rng.shuffle(house)
    constraints = house[:2]
    constraints.insert(rng.randint(1, 2), s["constraint"])
    reqs = "\n".join(f"{i}. {r}" for i, r in enumerate(s["reqs"], 1))
    prompt = (f"## Context\n{s['context']}\n\n## Requirements\n{reqs}\n\n## Constraints\n"
              + "\n".join(f"- {c}" for c in constraints)
              + "\n\n## Acceptance criteria\n"
              + "\n".join(f"- [ ] {a}" for a in s["accept"]))
    todos = [(r, "pending", "Working on: " + r[:1].lower() + r[1:]) for r in s["reqs"]]
    return [Step(prompt=prompt),
            Step(text=_pick(rng, "Breaking this down first.", "Planning it from the spec."),
                 tools=[todo_write(todos)]),
            Step(text=_pick(rng, "Implementing, within the constraints you listed.",
                            "Starting with the first requirement.", ""), tools=s["follow"]),
            Step(text=s["done"])]


def conv_corrected(s: dict, rng: random.Random) -> Episode:
    """The assistant does it the ordinary way; Ines corrects it."""
    if rng.random() < 0.5:
        said = _pick(rng, "No, not like this. {rule}", "Please don't. {rule}")
        first: Episode = [Step(text=_pick(rng, "Making the change.", "Going ahead.", ""),
                               tools=[refused(s["contrary"], REJECTED + said.format(
                                   rule=s["rule"]))])]
    else:
        said = _pick(rng, "That's not how we do it here, and I should have said so up front. "
                          "{rule}",
                     "Stop there, please. {rule}",
                     "I need you to redo that. {rule}")
        first = [Step(text=_pick(rng, "Straightforward.", "On it.", ""), tools=[s["contrary"]]),
                 Step(text=s.get("after") or _pick(rng, "Done. Anything else on this one?",
                                                   "That's in. Shall I open the PR?")),
                 Step(prompt=said.format(rule=s["rule"]))]
    return [Step(prompt=_pick(rng, *OPENERS) + s["task"]), *first,
            Step(text=_pick(rng, "Understood, redoing it that way.", "Right. Changing it.",
                            "Noted. Fixing it."), tools=s["follow"]),
            Step(text=s["done"])]


def conv_ticket(s: dict, rng: random.Random) -> Episode:
    """A Jira ticket whose description carries the rule."""
    summary, description = s["ticket"]
    ticket = _jira(s, "Story", summary, description, rng)
    ask = _pick(rng, "Please pick up this ticket:\n\n{t}",
                "Next ticket from the sprint board, pasted as is:\n\n{t}\n\nImplement it and "
                "tell me when it's ready for review.",
                "{t}\n\nThis one is yours. The technical notes in the description are not "
                "optional.")
    return [Step(prompt=ask.format(t=ticket)),
            Step(text=_pick(rng, "Following the ticket's technical notes.",
                            "Reading the description carefully first.", ""), tools=s["follow"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "Thank you. I'll move it to review.", "Good. Moving it on.")),
            Step(text=_pick(rng, "Ok.", "Sounds good."))]


def conv_clarify(s: dict, rng: random.Random) -> Episode:
    """The assistant asks how it should be done; Ines answers with the rule."""
    return [Step(prompt=_pick(rng, *OPENERS) + s["task"]),
            Step(text=_pick(rng, "One question before I write it.", ""),
                 tools=[ask_user(_pick(rng, "Is there a team convention I should follow for this?",
                                       "How would you like this done?"),
                                 "Approach",
                                 [("Match nearby code", "Copy the pattern of the closest file"),
                                  ("Simplest version", "Smallest change that works, tidy later")],
                                 s["rule"])]),
            Step(text=_pick(rng, "Clear, thank you.", "Understood.", "Ok."), tools=s["follow"]),
            Step(text=s["done"])]


# command
def cmd_figured(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=_pick(rng, *OPENERS) + s["goal"]), Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_checklist(s: dict, rng: random.Random) -> Episode:
    """Ines's numbered steps start with her command; it fails; the right one goes to ONCALL.md."""
    fail, ok = s["fail"], s["ok"]
    ask = (f"## Task\n{s['goal']}\n\n## Steps\n1. Run `{fail.command}`\n2. Report the result "
           f"here.\n3. Add the command to {ONCALL} under \"Commands\".")
    return [Step(prompt=ask), Step(tools=[fail]),
            Step(text=_pick(rng, "Step 1 fails as written. ", "That command doesn't work. ", "")
                 + s["note"], tools=[ok]),
            Step(text=s["done"]),
            Step(text="Step 3: recording the working command, not the one from step 1.",
                 tools=[edit(ONCALL, "## Commands\n",
                             f"## Commands\n\n- {s['label']}: `{ok.command}`\n")]),
            Step(text=f"Added to {ONCALL} under Commands.")]


def cmd_slack(s: dict, rng: random.Random) -> Episode:
    """Mateusz's failed attempt in the on-call channel; the assistant finds the right one."""
    fail = s["fail"]
    thread = _slack([(MATEUSZ, _pick(rng, "anyone awake? tried this and it dies",
                                     "this doesnt work and i dont know why") +
                      f"\n```\n$ {fail.command}\n{fail.output}\n```"),
                     ("Sanne Visser", "no idea, sorry. ask Ines in the morning?")], rng,
                    night=True)
    ask = _pick(rng, "From #payments-oncall last night:\n\n{thread}\n\n{goal} Please find the "
                     "right invocation and draft a reply for the thread.",
                "## Context\nMateusz got stuck on the same thing during his on-call shift:\n\n{thread}\n\n"
                "## Request\n{goal} Work out the correct command and write a short reply I can "
                "post.")
    ok = s["ok"]
    return [Step(prompt=ask.format(thread=thread, goal=s["goal"])),
            Step(text=s["note"], tools=[ok]),
            Step(text=f"{s['done']}\n\nReply for the thread:\n\n> @Mateusz `{fail.command}` "
                      f"can't work here. This one does: `{ok.command}`"),
            Step(prompt=_pick(rng, "Posted. Thanks.", "Thank you, sent.")),
            Step(text=_pick(rng, "Good.", "Ok."))]


def cmd_ticket(s: dict, rng: random.Random) -> Episode:
    """A bug ticket's steps to reproduce hold the failing command."""
    fail = s["fail"]
    description = (f"Context\n{s['goal']}\n\nSteps to reproduce\n1. Run `{fail.command}`\n\n"
                   f"Actual result\n{{noformat}}\n{fail.output}\n{{noformat}}\n\nExpected "
                   f"result\nIt works, and the right command is written down in {ONCALL}.")
    ticket = _jira(s, "Bug", s["summary"], description, rng)
    return [Step(prompt=_pick(rng, "{t}", "Please take this one:\n\n{t}").format(t=ticket)),
            Step(text=_pick(rng, "Reproducing it first.", "Running the steps as written."),
                 tools=[fail]),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"], tools=[edit(ONCALL, "## Commands\n",
                                             f"## Commands\n\n- {s['label']}: "
                                             f"`{s['ok'].command}`\n")]),
            Step(text=f"Also recorded in {ONCALL} under Commands, so the ticket can be closed.")]


# environment
def env_lookup(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=_pick(rng, *OPENERS) + s["goal"]),
            Step(text=_pick(rng, "Checking the actual configuration.", "Looking it up.", ""),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_confluence(s: dict, rng: random.Random) -> Episode:
    """The Confluence page is out of date; the check corrects it; it goes into ONCALL.md."""
    ask = _pick(rng, "{goal}\n\nThe Confluence page says {guess}. Please verify against the "
                     "actual configuration before I send it on.",
                "Quick verification, please. Our wiki claims {guess}. Is that still true? "
                "({goal})")
    return [Step(prompt=ask.format(goal=s["goal"], guess=s["guess"])),
            Step(tools=s["probe"]),
            Step(text=_pick(rng, "The wiki is out of date. ", "That's no longer true. ",
                            "Not any more. ") + s["confirm"]),
            Step(prompt=_pick(rng, f"Thank you. Please add it to {ONCALL} under \"Where things "
                                   f"are\"; I'll fix the wiki page myself.",
                              f"Good catch. Record it in {ONCALL} (Where things are) so "
                              f"on-call doesn't rely on Confluence.")),
            Step(tools=[edit(ONCALL, "## Where things are\n",
                             f"## Where things are\n\n- {s['confirm']}\n")]),
            Step(text=f"Added to {ONCALL}.")]


def env_slack(s: dict, rng: random.Random) -> Episode:
    """Someone asks in the channel; the assistant checks and drafts the reply."""
    who, words = s["asker"]
    thread = _slack([(who, words)], rng)
    ask = _pick(rng, "{thread}\n\nCan you check this and draft a reply?",
                "From Slack, this morning:\n\n{thread}\n\nI'd rather not answer from memory. "
                "Please check and give me two or three sentences to post.")
    first = who.split()[0]
    return [Step(prompt=ask.format(thread=thread)),
            Step(tools=s["probe"]),
            Step(text=f"{s['confirm']}\n\nDraft reply:\n\n> @{first} {s['confirm']}"),
            Step(prompt=_pick(rng, "Posted, thanks.", "Sent.")),
            Step(text=_pick(rng, "Good.", "Ok."))]


def env_confirmed(s: dict, rng: random.Random) -> Episode:
    """Found in the tool output; Ines confirms it at the assistant's question."""
    return [Step(prompt=_pick(rng, *OPENERS) + s["goal"]),
            Step(tools=s["probe"]),
            Step(text="Here is what the configuration says.",
                 tools=[ask_user(f"{s['confirm']} Is that the value on-call should rely on? If "
                                 f"so I'll record it in {ONCALL}.", "Confirm",
                                 [("Yes, record it", f"Add it to {ONCALL}"),
                                  ("No", "Something else is authoritative")],
                                 _pick(rng, "Yes, that's correct. Record it.",
                                       "Yes. Please add it."))]),
            Step(tools=[edit(ONCALL, "## Where things are\n",
                             f"## Where things are\n\n- {s['confirm']}\n")]),
            Step(text=f"Recorded in {ONCALL} under Where things are.")]


# gotcha
def gotcha_pasted(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=_pick(rng, "{symptom}\n\n```\n{trace}\n```",
                              "## Problem\n{symptom}\n\n## Output\n```\n{trace}\n```\n\nPlease "
                              "find the cause and fix it.").format(symptom=s["symptom"],
                                                                  trace=s["trace"])),
            Step(text=_pick(rng, "Looking.", "Let me check the code path.", ""),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_theory(s: dict, rng: random.Random) -> Episode:
    """A wrong first theory is checked and ruled out; the cause is halfway down a long output."""
    text, tool = s["hunch"]
    return [Step(prompt=s["musing"]),
            Step(text=text, tools=[tool]),
            Step(text=_pick(rng, "So it isn't that. Reproducing it and reading the whole output:",
                            "That theory doesn't hold up. Running the full reproduction:"),
                 tools=[bash(s["repro"], _buried(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "There, in the middle.", "The real cause is in there."),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "So my theory was wrong. Thank you.",
                              "Interesting. I would not have looked there.")),
            Step(text=_pick(rng, "It hid well.", "An easy one to miss."))]


def gotcha_postmortem(s: dict, rng: random.Random) -> Episode:
    """The root cause is stated in a draft postmortem; verified in the code and fixed."""
    doc = (f"# Postmortem: {s['title']}\n\n**Status:** Draft    **Severity:** "
           f"SEV-{rng.randint(2, 3)}    **Author:** {INES}\n\n## Summary\n{s['symptom']}\n\n"
           f"## Impact\n{s['impact']}\n\n## Root cause\n{s['rootcause']}\n\n## Action items\n"
           f"1. {s['action']}\n2. Add an entry to {ONCALL}.")
    ask = _pick(rng, "Draft postmortem below. Please verify the root cause against the code and "
                     "implement action item 1.\n\n{doc}",
                "{doc}\n\n---\nBefore this goes to the review meeting: is the root cause right? "
                "If so, do action item 1.")
    return [Step(prompt=ask.format(doc=doc)),
            Step(text=_pick(rng, "Checking the root cause in the code.", "Verifying first."),
                 tools=s["probe"]),
            Step(text="The root cause holds. " + s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_paged(s: dict, rng: random.Random) -> Episode:
    """Mateusz was paged overnight; reproduced from a long log; written into ONCALL.md."""
    thread = _slack([("Alertmanager  APP", s["alert"]), (MATEUSZ, s["page"])], rng, night=True)
    ask = _pick(rng, "Mateusz was paged with this overnight and silenced it:\n\n{thread}\n\n"
                     "Please find the actual cause.",
                "## Context\n{thread}\n\n## Request\nReproduce it, find the cause, fix it.")
    return [Step(prompt=ask.format(thread=thread)),
            Step(text="Reproducing it first.",
                 tools=[bash(s["repro"], _buried(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "The interesting lines are in the middle.", ""),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, f"Thank you. Add one line to {ONCALL} under \"Known traps\" so "
                                   f"the next person paged for this finds it.",
                              f"Good. Please record it in {ONCALL} (Known traps), short.")),
            Step(tools=[edit(ONCALL, "## Known traps\n", f"## Known traps\n\n- {s['lesson']}\n")]),
            Step(text=f"Added to {ONCALL}.")]


# falsified
def fals_reverted(s: dict, rng: random.Random) -> Episode:
    undo = _pick(rng, "That's worse. Please revert it.", "No. Revert all of it.",
                 "Not acceptable. Put it back the way it was.")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=undo),
            Step(text=_pick(rng, "Reverting.", "Undoing the change.", ""), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_adr(s: dict, rng: random.Random) -> Episode:
    """Turned down: an ADR recorded it as rejected."""
    number = rng.randint(5, 19)
    adr = (f"## ADR-{number:04d}: {s['title']}\n\n**Status:** Rejected\n\n### Context and "
           f"outcome\n{s['story']}")
    said = _pick(rng, "No. We decided this already; from docs/adr:\n\n{adr}",
                 "We've been there. Pasting the ADR so it's on record:\n\n{adr}")
    return [Step(prompt=s["want"]), Step(text=s["offer"]),
            Step(prompt=said.format(adr=_quoted(adr))),
            Step(text=f"Understood; I'll leave it alone. {s['conclusion']}")]


def fals_postmortem(s: dict, rng: random.Random) -> Episode:
    """Turned down: a postmortem's "What went wrong" section."""
    said = _pick(rng, "We tried exactly that once. From the postmortem:\n\n### What went wrong\n"
                      "{story}\n\nSo no.",
                 "Please don't. Excerpt from the postmortem:\n\n> **What went wrong**\n> {story}")
    return [Step(prompt=s["want"]), Step(text=s["offer"]),
            Step(prompt=said.format(story=s["story"])),
            Step(text=f"Then it stays as it is. {s['conclusion']}")]


def fals_written(s: dict, rng: random.Random) -> Episode:
    """Ines asks for an ADR recording the rejected approach."""
    number = rng.randint(20, 34)
    path = f"docs/adr/{number:04d}-{_slug(s['title'])}.md"
    ask = _pick(rng, "This keeps coming up in refinement. Please write an ADR that records it "
                     "as rejected, number {n}. What happened:\n\n{story}",
                "## Request\nWrite ADR {n} (status: Rejected) so nobody proposes this again.\n\n"
                "## What happened\n{story}")
    return [Step(prompt=ask.format(n=f"{number:04d}", story=s["story"])),
            Step(tools=[write(path, f"# ADR-{number:04d}: {s['title']}\n\n**Status:** Rejected"
                                    f"\n\n## Context\n\n{s['story']}\n\n## Decision\n\n"
                                    f"{s['conclusion']}\n")]),
            Step(text=f"Written to {path}.")]


TEMPLATES = {
    "convention": [conv_spec, conv_corrected, conv_ticket, conv_clarify],
    "command": [cmd_figured, cmd_checklist, cmd_slack, cmd_ticket],
    "environment": [env_lookup, env_confluence, env_slack, env_confirmed],
    "gotcha": [gotcha_pasted, gotcha_theory, gotcha_postmortem, gotcha_paged],
    "falsified": [fals_reverted, fals_adr, fals_postmortem, fals_written],
}

UNRELATED = [
    "What is the difference between a general ledger and a journal in double-entry bookkeeping? "
    "My niece starts an accounting course next month.",
    "how do i write a personal statement for a part time masters without sounding desperate",
    "In Go, when should I use a buffered channel rather than an unbuffered one? A short rule of "
    "thumb is enough.",
    "TypeScript: what is the practical difference between `unknown` and `any`?",
    "Is it worth paying off part of a Dutch mortgage early, given that the interest is "
    "deductible? Explain the trade-off in general terms.",
    "I have been offered a move from tech lead to engineering manager. Which questions should I "
    "ask before I accept?",
    "what are good questions to ask at the end of a staff engineer interview",
    "Write a Python function that validates the mod-97 checksum of an IBAN.",
    "Explain what a bond's yield to maturity means, with a small numeric example.",
    "stock settlement T+1 vs T+2 what actually changes for a retail investor",
    "Kotlin: when do I use `const val` instead of `val`?",
    "How large should an emergency fund be for a family of four with two incomes? Rule of thumb, "
    "please.",
    "I want to write a blog post that is an honest postmortem of a side project that failed. "
    "How should I structure it?",
    "cap theorem in plain words pls, i have to explain it to a junior tomorrow",
    "What is a pleasant cycling route from Amsterdam to Haarlem that avoids the main roads?",
    "React: when is `useMemo` actually worth it?",
    "how do i explain a six month gap on my cv after a burnout",
    "recipe for pastéis de nata that works in a normal home oven, no blowtorch",
    "What is the most effective way for an adult to learn the Polish case system?",
    "Explain Java virtual threads versus Kotlin coroutines conceptually, without code.",
    "How do I give feedback to a senior engineer who is technically excellent but dismissive in "
    "code review?",
    "toddler wakes up at 5am every day any tricks that actually work",
    "What are the main differences between IFRS 9 and the old IAS 39 on loan impairment, at a "
    "high level?",
    "give me a 20 minute bodyweight workout i can do in a hotel room",
]

UNANSWERED: dict[str, list[str]] = {
    "betaalpoort": [
        "What is the current rate limit per merchant on the endpoint that creates payments?",
        "which kafka consumer groups read our payment events right now and who owns each",
        "When is the upgrade to the next Spring Boot minor version planned?",
        "how many instant payments did we process last month",
        "Who is our technical contact at Noordhaven for questions about the pain.001 format?",
    ],
    "afletter": [
        "How long do we keep the unmatched reports before they are deleted?",
        "whats the average match rate of the nightly over the last 30 days",
        "Is there a plan to reconcile statements from a second partner bank?",
        "which finance person signs off the reconciliation every morning",
        "Does the reconciler also process intraday camt.054 notifications, or only the daily "
        "statements?",
    ],
    "fundering": [
        "What is the monthly GCP bill for the payments projects?",
        "when does the committed use discount on the database expire",
        "Besides Bram, who is allowed to approve changes to the network stack?",
        "is there a disaster recovery region configured for the ledger database",
        "Which version of the google-beta provider are the stacks using?",
    ],
    "loket": [
        "How many operations agents use the console on a normal day?",
        "is dark mode on the roadmap for the console",
        "Who designed the new refund flow in Figma?",
        "which browsers do we officially support for the ops team",
        "When will the console move to the company's new design system?",
    ],
}


def _equip(facts: list[Fact], **extra) -> list[Fact]:
    for fact in facts:
        for name, value in extra.items():
            fact.slots.setdefault(name, value)
    return facts


def _files(name: str, readme: str, extra: dict[str, str]) -> dict[str, str]:
    return {"README.md": f"# {name}\n\n{readme}\n",
            ONCALL: f"# On-call notes ({name})\n\nKeep entries to one line. Link the ticket or "
                    "postmortem where there is one.\n\n## Commands\n\n## Where things are\n\n"
                    "## Known traps\n",
            "docs/adr/README.md": "# Architecture decision records\n\nOne file per decision, "
                                  "numbered. Status: Proposed, Accepted, Rejected or "
                                  "Superseded.\n",
            **extra}


# ------------------------------------------------------------------- betaalpoort (payments API)
def betaalpoort() -> Project:
    pkg = "src/main/kotlin/eu/tessel/payments"
    fees = f"{pkg}/fees/FeeCalculator.kt"
    service = f"{pkg}/core/PaymentService.kt"
    pain = f"{pkg}/bank/Pain001Builder.kt"
    fees_old = ("    fun instantSurcharge(amount: Money): Money {\n"
                "        TODO(\"PAY-2231\")\n    }\n")
    return_sql = ("alter table payment add column return_reason_code varchar(4);\n"
                  "create index payment_status_return_reason_idx\n"
                  "    on payment (status, return_reason_code);\n")
    facts = [
        Fact("conv-money", "convention", ["Money.ofMinor"],
             ["I'm reviewing a pull request that adds an FX margin to the quote domain object as "
              "a BigDecimal. What is our rule for representing monetary values inside the "
              "domain layer of the payments API, and how should such a value be constructed?",
              "fee on instant payouts off by a cent vs what the bank charged again what type is "
              "money supposed to be in the kotlin code"],
             "betaalpoort (the Kotlin payments API): amounts in the domain are the Money value "
             "class (Long minor units plus currency), built with Money.ofMinor(...); no "
             "BigDecimal or Double in domain classes, conversion to decimals only in MoneyMapper "
             "at the API and bank edges.",
             {"task": "Add the SEPA Instant surcharge to the payment quote: 0.2% of the amount, "
                      "minimum 0.25 EUR, maximum 5.00 EUR, instant payments only. The stub is "
                      f"instantSurcharge() in {fees}.",
              "rule": "Amounts inside the domain are always our Money value class: Long minor "
                      "units plus currency, created with Money.ofMinor(...). No BigDecimal and "
                      "certainly no Double in domain code; the conversion to decimals happens "
                      "only in MoneyMapper, at the API and bank edges. The FX fee had a "
                      "one-cent rounding difference on four thousand payments because of "
                      "BigDecimal scale handling in the middle of the domain.",
              "constraint": "Money in the domain is the Money value class only (Long minor units "
                            "+ currency, constructed via Money.ofMinor); no BigDecimal/Double, "
                            "decimals exist only in MoneyMapper at the edges.",
              "context": "Noordhaven charges us per SEPA Instant payment, and we pass the cost on "
                         "to merchants as a surcharge. Product signed off the pricing last week "
                         "(PAY-2231).",
              "reqs": ["Implement instantSurcharge() in FeeCalculator: 0.2% of the amount, "
                       "rounded half-up to the cent.",
                       "Clamp the result between 0.25 EUR and 5.00 EUR.",
                       "Apply it only when the payment scheme is SEPA Instant.",
                       "Cover the boundaries in FeeCalculatorTest."],
              "accept": ["A 100.00 EUR instant payment has a 0.25 EUR surcharge.",
                         "A 10,000.00 EUR instant payment has a 5.00 EUR surcharge.",
                         "Regular SCT payments have no surcharge.",
                         "FeeCalculatorTest is green."],
              "ticket": ("SEPA Instant surcharge on quotes",
                         "As a merchant I see the SEPA Instant surcharge in the quote before I "
                         "confirm an instant payment.\n\nPricing: 0.2% of the amount, min 0.25 "
                         "EUR, max 5.00 EUR. Instant only.\n\nTechnical notes\n- Implement in "
                         "FeeCalculator.instantSurcharge().\n- Domain amounts are Money (Long "
                         "minor units + currency), built with Money.ofMinor. No BigDecimal or "
                         "Double in the domain; decimals only in MoneyMapper at the edges. We "
                         "had the one-cent FX fee incident because of exactly that."),
              "contrary": edit(fees, fees_old,
                               "    fun instantSurcharge(amount: BigDecimal): BigDecimal =\n"
                               "        amount.multiply(BigDecimal(\"0.002\"))\n"
                               "            .setScale(2, RoundingMode.HALF_UP)\n"
                               "            .coerceIn(BigDecimal(\"0.25\"), "
                               "BigDecimal(\"5.00\"))\n"),
              "follow": [edit(fees, fees_old,
                              "    fun instantSurcharge(amount: Money): Money {\n"
                              "        val raw = (amount.minor * 2 + 500) / 1_000\n"
                              "        return Money.ofMinor(raw.coerceIn(25, 500), "
                              "amount.currency)\n    }\n"),
                         bash("./gradlew test --tests '*FeeCalculatorTest' -q",
                              "FeeCalculatorTest > instant surcharge has a floor of 25 cents "
                              "PASSED\nFeeCalculatorTest > instant surcharge is capped at 500 "
                              "cents PASSED\nFeeCalculatorTest > regular SCT has no surcharge "
                              "PASSED\n\n9 tests completed, 0 failed")],
              "done": "instantSurcharge() now takes and returns Money: 0.2% computed in minor "
                      "units (rounded half-up), clamped to 25..500 cents and built with "
                      "Money.ofMinor, so no BigDecimal enters FeeCalculator. The nine "
                      "FeeCalculatorTest cases pass, including both boundaries."}),
        Fact("conv-flyway", "convention", ["yyyyMMddHHmm"],
             ["deploy failed flyway validate says detected resolved migration not applied to "
              "database two people added migrations the same week how are we supposed to "
              "number them",
              "When a developer adds a database migration to the payments API, how must the "
              "migration file be versioned and named?"],
             "betaalpoort: Flyway migration versions are UTC timestamps, "
             "V<yyyyMMddHHmm>__snake_case_description.sql (from `date -u +%Y%m%d%H%M`), never "
             "the next integer, and an applied migration is never edited; two branches once "
             "both took V58 and the second deploy failed validation.",
             {"task": "Add a return_reason_code varchar(4) column to the payment table (the SEPA "
                      "return reason, e.g. AC04) and an index on (status, return_reason_code), "
                      "for the returns report.",
              "rule": "Migration versions are UTC timestamps: "
                      "V<yyyyMMddHHmm>__short_description.sql, taken from "
                      "`date -u +%Y%m%d%H%M`, never the next number. In September two branches "
                      "both added a V58 and the second deploy failed Flyway validation in "
                      "production. And never edit a migration that has run anywhere; add a new "
                      "one.",
              "constraint": "Flyway versions are UTC timestamps, "
                            "V<yyyyMMddHHmm>__description.sql (date -u +%Y%m%d%H%M), not "
                            "sequential numbers; applied migrations are never edited.",
              "context": "Operations want a weekly report of returned SEPA payments grouped by "
                         "return reason. We currently keep the reason only in the event log.",
              "reqs": ["Add a nullable return_reason_code varchar(4) column to payment.",
                       "Add an index on (status, return_reason_code).",
                       "Validate the migration locally."],
              "accept": ["The migration applies cleanly on an empty database and on a copy of "
                         "staging.",
                         "flywayValidate passes.",
                         "No existing migration file is modified."],
              "ticket": ("Store SEPA return reason on payment",
                         "We need the return reason (AC04, MD07, ...) as a column for the "
                         "returns report.\n\nTechnical notes\n- New column "
                         "payment.return_reason_code varchar(4), nullable, plus an index on "
                         "(status, return_reason_code).\n- Migration naming: "
                         "V<yyyyMMddHHmm>__description.sql with a UTC timestamp (date -u "
                         "+%Y%m%d%H%M). Not the next integer: remember the double V58 in "
                         "September."),
              "contrary": write("src/main/resources/db/migration/V59__add_return_reason_code.sql",
                                return_sql),
              "follow": [bash("date -u +%Y%m%d%H%M", "202511121437"),
                         write("src/main/resources/db/migration/"
                               "V202511121437__add_return_reason_code.sql", return_sql),
                         bash("./gradlew flywayValidate -q 2>&1 | tail -2",
                              "Successfully validated 61 migrations (execution time 00:00.212s)"
                              "\nBUILD SUCCESSFUL in 9s")],
              "done": "Added V202511121437__add_return_reason_code.sql: the version is the UTC "
                      "yyyyMMddHHmm timestamp, so it can't collide with a parallel branch. It "
                      "adds the nullable column and the (status, return_reason_code) index; "
                      "flywayValidate passes with 61 migrations and no existing file changed."}),
        Fact("cmd-it", "command", ["integrationTest"],
             ["What is the correct Gradle invocation to run only the Testcontainers-based "
              "end-to-end suites of the payments API on a laptop?",
              "gradle says no tests found for the IT classes wtf how do i run them"],
             "betaalpoort: the *IT classes live in the separate src/it source set; "
             "`./gradlew test --tests '*PaymentFlowIT'` finds nothing, they run with "
             "`./gradlew integrationTest --tests '*PaymentFlowIT'` (Testcontainers Postgres 16 "
             "and Kafka, Docker must be running).",
             {"goal": "Run the payment flow integration tests (PaymentFlowIT) before I merge "
                      "Sanne's branch.",
              "fail": bash("./gradlew test --tests '*PaymentFlowIT'",
                           "> Task :test FAILED\n\nFAILURE: Build failed with an exception.\n\n"
                           "* What went wrong:\nExecution failed for task ':test'.\n> No tests "
                           "found for given includes: [*PaymentFlowIT](--tests filter)\n\n"
                           "BUILD FAILED in 14s", 1),
              "note": "The IT classes are in their own source set (src/it), which the test task "
                      "doesn't compile. build.gradle.kts registers a separate task for them that "
                      "starts the Testcontainers Postgres and Kafka:",
              "ok": bash("./gradlew integrationTest --tests '*PaymentFlowIT'",
                         "> Task :integrationTest\nCreating container for image: "
                         "postgres:16-alpine\nCreating container for image: "
                         "confluentinc/cp-kafka:7.6.1\n\nPaymentFlowIT > accepted SCT is "
                         "published and booked PASSED\nPaymentFlowIT > instant payment timeout "
                         "falls back to SCT PASSED\nPaymentFlowIT > refund after return PASSED\n"
                         "\nBUILD SUCCESSFUL in 1m 48s"),
              "done": "PaymentFlowIT passes (3 tests, 1m 48s, most of it container start). The "
                      "*IT classes only run through `./gradlew integrationTest`; `./gradlew "
                      "test` never sees them.",
              "label": "Testcontainers suites (*IT)",
              "summary": "PaymentFlowIT can't be run from the command line: 'No tests found'"}),
        Fact("cmd-bootrun", "command", ["stub-bank"],
             ["bootrun dies on startup wants some noordhaven credentials bean i just need the "
              "api running locally",
              "Which Spring profiles must be active to run the payments API on a laptop without "
              "the partner bank's credentials?"],
             "betaalpoort: plain `./gradlew bootRun` fails (the real NoordhavenClient needs the "
             "mTLS credentials from Secret Manager); locally run `./gradlew bootRun "
             "--args='--spring.profiles.active=local,stub-bank'`, which swaps in the in-memory "
             "bank stub.",
             {"goal": "Start the API locally so Aylin can point the console at it this "
                      "afternoon.",
              "fail": bash("./gradlew bootRun",
                           "> Task :bootRun\n\n***************************\nAPPLICATION "
                           "FAILED TO START\n***************************\n\nDescription:\n\n"
                           "Parameter 0 of constructor in eu.tessel.payments.bank.NoordhavenClient"
                           " required a bean of type 'eu.tessel.payments.bank."
                           "NoordhavenCredentials' that could not be found.\n\n> Task :bootRun "
                           "FAILED", 1),
              "note": "Without a profile it wires the real Noordhaven client, which needs the "
                      "mTLS certificate from Secret Manager. The local profile plus the bank "
                      "stub profile replaces it with the in-memory stub "
                      "(application-stub-bank.yml):",
              "ok": bash("./gradlew bootRun --args='--spring.profiles.active=local,stub-bank'",
                         "The following 2 profiles are active: \"local\", \"stub-bank\"\n"
                         "StubBankConfiguration : Noordhaven client replaced by in-memory stub "
                         "(instant: accept after 300 ms)\nTomcat started on port 8080 (http)\n"
                         "Started PaymentsApplication in 7.412 seconds"),
              "done": "The API is up on localhost:8080 with the local and stub-bank profiles; "
                      "payments are accepted by the in-memory bank stub, no Noordhaven "
                      "credentials needed.",
              "label": "Run the API locally",
              "summary": "bootRun fails locally: NoordhavenCredentials bean not found"}),
        Fact("env-pgport", "environment", ["55432"],
             ["For the onboarding checklist: on which host port is the containerised database "
              "of the payments API published during local development?",
              "connection refused on localhost postgres for the payments app docker is up tho"],
             "betaalpoort: the docker compose Postgres 16 is published on localhost:55432 (not "
             "5432, which is usually taken by a local Postgres); database payments, and "
             "application-local.yml points there.",
             {"goal": "Sanne's DBeaver can't reach the local database. Which port does our "
                      "compose file publish Postgres on?",
              "probe": [bash("docker compose ps postgres",
                             "NAME                 IMAGE                STATUS        PORTS\n"
                             "payments-postgres-1  postgres:16-alpine   Up 3 hours    "
                             "0.0.0.0:55432->5432/tcp"),
                        bash("grep -n 'url:' src/main/resources/application-local.yml",
                             "4:    url: jdbc:postgresql://localhost:55432/payments")],
              "confirm": "The compose Postgres (16) is published on localhost:55432, not 5432 "
                         "(most of us have a local Postgres on 5432); database payments, user "
                         "payments, password in .env.local. application-local.yml already "
                         "points at 55432.",
              "guess": "compose publishes Postgres on the default 5432",
              "asker": ("Sanne Visser", "does anyone know the port of the docker postgres for "
                                        "the API? DBeaver says connection refused on 5432")}),
        Fact("env-cutoff", "environment", ["15:45"],
             ["merchant says a transfer made late afternoon got next day execution bug or "
              "expected",
              "Up to what local time must a standard (non-instant) euro credit transfer be "
              "accepted for it to be executed on the same business day?"],
             "betaalpoort: regular SEPA credit transfers have a 15:45 Europe/Amsterdam cut-off "
             "(Noordhaven's batch window, bank.sct.cutoff) on TARGET2 business days; later ones "
             "get the next business day as execution date. SEPA Instant has none.",
             {"goal": "A merchant asks why a SEPA payment they submitted at ten past four shows "
                      "tomorrow as execution date. What cut-off do we apply for SCT?",
              "probe": [bash("grep -n -A4 'sct:' src/main/resources/application.yml",
                             "41:  sct:\n42:    cutoff: \"15:45\"\n43:    cutoff-zone: "
                             "Europe/Amsterdam\n44:    calendar: TARGET2"),
                        read(f"{pkg}/sct/ExecutionDateResolver.kt",
                             "    fun resolve(acceptedAt: ZonedDateTime): LocalDate {\n"
                             "        val local = acceptedAt.withZoneSameInstant(props.cutoffZone)"
                             "\n        val day = local.toLocalDate()\n        return if "
                             "(calendar.isBusinessDay(day) && local.toLocalTime() < props.cutoff)"
                             "\n            day\n        else calendar.nextBusinessDay(day)\n"
                             "    }\n")],
              "confirm": "Regular SEPA credit transfers have a 15:45 cut-off, Amsterdam time, "
                         "on TARGET2 business days (Noordhaven's batch window); anything "
                         "accepted at or after 15:45 gets the next business day as execution "
                         "date. SEPA Instant has no cut-off.",
              "guess": "the SCT cut-off is 16:00, as in the old bank contract",
              "asker": (MATEUSZ, "support asks why payments made after about 4pm get "
                                 "tomorrow's date. bank thing or ours?")}),
        Fact("gotcha-events", "gotcha", ["TransactionalEventListener"],
             ["notif consumer spamming payment not found then fine on retry seen this",
              "Consumers of our payment events sometimes cannot find the payment the event "
              "refers to and only succeed on retry. What was the cause when we saw this before, "
              "and what publishing pattern is required?"],
             "betaalpoort gotcha: PaymentService sent PaymentAccepted to Kafka inside the "
             "@Transactional method, so consumers could read the event before the commit and "
             "get 'payment not found'; events are now published after commit from a "
             "@TransactionalEventListener(phase = AFTER_COMMIT).",
             {"symptom": "The notifications service intermittently logs 'payment not found' for "
                         "PaymentAccepted events and then succeeds on its retry. Roughly one "
                         "event in three hundred.",
              "musing": "The notifications service sometimes logs 'payment not found' for "
                        "PaymentAccepted events and then succeeds on retry, about one in three "
                        "hundred. My theory: it reads from a read replica and replication lag "
                        "explains it. Please check.",
              "trace": "PaymentService   : accept id=pm_8KQ2 tx=begin\n"
                       "KafkaTemplate    : send topic=payments.events key=pm_8KQ2 "
                       "type=PaymentAccepted offset=771204\n"
                       "notifications    : GET /payments/pm_8KQ2 -> 404 payment not found\n"
                       "PaymentService   : accept id=pm_8KQ2 tx=commit (after 38 ms)\n"
                       "notifications    : retry 1 GET /payments/pm_8KQ2 -> 200",
              "probe": [read(service,
                             "    @Transactional\n    fun accept(cmd: AcceptPayment): Payment {\n"
                             "        val payment = repository.save(Payment.accepted(cmd))\n"
                             "        kafka.send(\"payments.events\", payment.id, "
                             "PaymentAccepted.of(payment))\n        ledger.reserve(payment)\n"
                             "        return payment\n    }\n")],
              "explain": "accept() sends PaymentAccepted to Kafka inside the @Transactional "
                         "method, before the commit. The send is fast and the commit waits for "
                         "the ledger reservation, so a quick consumer can call GET /payments "
                         "while the row is still uncommitted and gets 404 (the trace shows the "
                         "404 38 ms before the commit). The event has to leave only after the "
                         "commit: publish a Spring application event in the transaction and "
                         "send it to Kafka from a @TransactionalEventListener with phase "
                         "AFTER_COMMIT.",
              "fix": [edit(service,
                           "        kafka.send(\"payments.events\", payment.id, "
                           "PaymentAccepted.of(payment))\n",
                           "        events.publishEvent(PaymentAccepted.of(payment))\n"),
                      write(f"{pkg}/core/PaymentEventsRelay.kt",
                            "@Component\nclass PaymentEventsRelay(private val kafka: "
                            "KafkaTemplate<String, Any>) {\n    "
                            "@TransactionalEventListener(phase = TransactionPhase.AFTER_COMMIT)\n"
                            "    fun on(event: PaymentAccepted) {\n        "
                            "kafka.send(\"payments.events\", event.paymentId, event)\n    }\n}\n")],
              "done": "PaymentAccepted now leaves for Kafka from PaymentEventsRelay, a "
                      "@TransactionalEventListener(phase = AFTER_COMMIT), so consumers can't see "
                      "it before the payment row is committed. A rolled-back acceptance now "
                      "publishes nothing, which is also more correct.",
              "hunch": ("If the notifications service read a replica, lag would explain it. "
                        "Checking which datasource the GET endpoint uses:",
                        bash("grep -n -A4 'datasource:' src/main/resources/application.yml",
                             "12:  datasource:\n13:    url: jdbc:postgresql:///payments?"
                             "cloudSqlInstance=tessel-payments-prod:europe-west4:ledger-pg-prod"
                             "\n14:    hikari:\n15:      maximum-pool-size: 20\n16:  jpa:")),
              "repro": "./gradlew test --tests '*AcceptedEventOrderingTest' -i",
              "title": "'payment not found' on PaymentAccepted in notifications",
              "impact": "About 0.3% of acceptance e-mails were delayed by the retry back-off "
                        "(up to ten minutes); 14 merchant tickets.",
              "rootcause": "PaymentService.accept() sent PaymentAccepted to Kafka from inside "
                           "the @Transactional method, so the event could reach consumers "
                           "before the database commit. Consumers that immediately fetch the "
                           "payment got 404 until the commit landed.",
              "action": "Publish payment events only after commit, through a "
                        "@TransactionalEventListener(phase = AFTER_COMMIT).",
              "alert": "[FIRING:1] NotificationsConsumerRetries payments-notifications "
                       "retries_5m=212 topic=payments.events",
              "page": "retries on notifications through the roof, all payment not found, then "
                      "fine. silenced for 2h, no idea",
              "lesson": "consumer gets 404 for a payment it was just told about = event sent "
                        "before commit; payment events go out via "
                        "@TransactionalEventListener(phase = AFTER_COMMIT)"}),
        Fact("gotcha-charset", "gotcha", ["SepaTransliterator"],
             ["Payments to beneficiaries with non-ASCII names are occasionally rejected by the "
              "partner bank. What must happen to free-text fields before the payment file is "
              "built?",
              "bank bounced a pile of transfers overnight all polish and german names rejected "
              "CH16 what do we do"],
             "betaalpoort gotcha: Noordhaven rejects pain.001 transactions with CH16 when names "
             "or remittance text contain characters outside the SEPA Latin set (ß, ł, „ …); "
             "Pain001Builder must pass creditor names and Ustrd through "
             "SepaTransliterator.toSepaLatin() (the new remittance builder bypassed it).",
             {"symptom": "Noordhaven rejected 23 payments from last night's batch with reason "
                         "code CH16. All of them to German and Polish beneficiaries.",
              "musing": "Noordhaven rejected 23 payments from last night's batch with reason "
                        "CH16, all to German and Polish beneficiaries. I suspect the file "
                        "encoding: something writes the XML as ISO-8859-1. Can you confirm?",
              "trace": "<TxInfAndSts>\n  <OrgnlEndToEndId>E2E-2025-11-0412-0088</OrgnlEndToEndId>"
                       "\n  <TxSts>RJCT</TxSts>\n  <StsRsnInf><Rsn><Cd>CH16</Cd></Rsn>\n    "
                       "<AddtlInf>Invalid character in Ustrd at position 14</AddtlInf>"
                       "</StsRsnInf>\n</TxInfAndSts>",
              "probe": [read(pain,
                             "    private fun remittance(p: Payment) =\n        "
                             "RmtInf(ustrd = p.remittanceText.take(140))\n\n    private fun "
                             "creditor(p: Payment) =\n        Cdtr(nm = "
                             "SepaTransliterator.toSepaLatin(p.creditorName).take(70))\n"),
                        bash("grep -c 'ß\\|ł\\|ś\\|„' /tmp/rejected-ustrd.txt", "23")],
              "explain": "The creditor name goes through SepaTransliterator.toSepaLatin(), but "
                         "the remittance text (Ustrd) added in PAY-2190 doesn't: it is copied "
                         "as typed. Noordhaven validates strictly against the SEPA Latin "
                         "character set and rejects anything else (ß, ł, ś, typographic "
                         "quotes) with CH16. All 23 rejected remittance texts contain one of "
                         "those. The file itself is UTF-8, as it should be.",
              "fix": [edit(pain, "RmtInf(ustrd = p.remittanceText.take(140))",
                           "RmtInf(ustrd = SepaTransliterator.toSepaLatin(p.remittanceText)"
                           ".take(140))")],
              "done": "Remittance text now goes through SepaTransliterator.toSepaLatin() like "
                      "the names (ß becomes ss, ł becomes l, typographic quotes become plain "
                      "ones) before truncation to 140 characters. The 23 rejected payments can "
                      "be resubmitted from the console.",
              "hunch": ("Checking the encoding theory against the file that was sent:",
                        bash("head -c 56 out/pain001/NHB_pain001_20251104_2.xml",
                             "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Document")),
              "repro": "./gradlew test --tests '*Pain001BuilderTest' -i",
              "title": "23 SEPA payments rejected with CH16",
              "impact": "23 supplier payments of nine merchants were a day late; two merchants "
                        "paid late fees.",
              "rootcause": "The remittance text builder added in PAY-2190 copied Ustrd as "
                           "typed. Noordhaven rejects characters outside the SEPA Latin set "
                           "with CH16; names were already passed through "
                           "SepaTransliterator.toSepaLatin(), remittance text was not.",
              "action": "Pass every free-text field of the pain.001 through "
                        "SepaTransliterator.toSepaLatin().",
              "alert": "[FIRING:1] BankRejectionsHigh scheme=SCT rejected_1h=23 "
                       "top_reason=CH16",
              "page": "bank rejecting stuff, 23 in an hour. CH16 whatever that is. not "
                      "retrying by hand at 3am",
              "lesson": "CH16 rejections from Noordhaven = characters outside the SEPA Latin "
                        "set; every free-text pain.001 field goes through "
                        "SepaTransliterator.toSepaLatin()"}),
        Fact("fals-loom", "falsified", ["spring.threads.virtual.enabled"],
             ["Could we enable Java 21's lightweight threads in the payments API to reduce "
              "latency while the bank is slow? Has this been evaluated?",
              "p99 on create payment awful again someone in slack says just flip on loom did we "
              "ever try that"],
             "betaalpoort: enabling virtual threads (spring.threads.virtual.enabled) was tried "
             "and reverted: every blocked request got a thread and hit Hikari's pool of 20 at "
             "once (8% pool-timeout failures), and the synchronized signing in NoordhavenClient "
             "pinned carrier threads. The latency is in the bank call.",
             {"ask": "p99 on POST /payments is 900 ms at the Friday peak, mostly waiting on "
                     "Noordhaven. Please try enabling virtual threads (Spring Boot 3.3, Java 21) "
                     "and run the k6 peak test.",
              "change": [edit("src/main/resources/application.yml",
                              "spring:\n  application:\n    name: payments-api\n",
                              "spring:\n  application:\n    name: payments-api\n  threads:\n"
                              "    virtual:\n      enabled: true\n")],
              "broke": bash("k6 run load/payments-peak.js --quiet",
                            "     http_req_duration..: p(99)=31.2s\n     http_req_failed....: "
                            "7.91% ✗ 1187 ✓ 13815\nERRO[0212] thresholds on metrics "
                            "'http_req_failed' have been crossed\n\napp log: HikariPool-1 - "
                            "Connection is not available, request timed out after 30000ms "
                            "(total=20, active=20, idle=0, waiting=1342)\napp log: "
                            "VirtualThread pinned: eu.tessel.payments.bank.NoordhavenClient.sign"
                            " (synchronized)", 99),
              "revert": bash("git checkout src/main/resources/application.yml && git status "
                             "--short", ""),
              "conclusion": "Virtual threads stay off (no spring.threads.virtual.enabled): with "
                            "them on, every waiting request got a thread and hit Hikari's pool "
                            "of 20 at once, 7.9% of requests failed with pool timeouts, and the "
                            "synchronized request signing in NoordhavenClient pins the carrier "
                            "threads. The latency is the bank call itself; the bank client's "
                            "connection pool is the next thing to look at.",
              "want": "Since we're on Java 21 anyway: could we just turn on virtual threads so "
                      "requests waiting on Noordhaven stop holding platform threads?",
              "offer": "It's one property since Spring Boot 3.2, "
                       "spring.threads.virtual.enabled=true, and blocked bank calls would stop "
                       "occupying Tomcat's platform threads. Shall I enable it and run the k6 "
                       "peak test?",
              "story": "Tried on staging in June (PAY-1930). Every blocked request suddenly got "
                       "its own thread, they all reached Hikari's pool of 20 at once, and 8% of "
                       "requests failed with connection timeouts under the peak test. On top of "
                       "that the synchronized request signing in NoordhavenClient pinned the "
                       "carrier threads. Reverted the same day.",
              "title": "Virtual threads for request handling"}),
        Fact("fals-reuse", "falsified", ["testcontainers.reuse.enable"],
             ["IT suite takes forever cant we keep the docker containers warm between runs",
              "To shorten the integration stage of the payments API's pipeline, could the "
              "database and broker containers be kept alive between test runs? Was that "
              "tried?"],
             "betaalpoort: Testcontainers reuse (testcontainers.reuse.enable=true plus "
             "withReuse(true)) was tried and dropped: the reused Postgres kept the previous "
             "run's rows and schema, tests failed on duplicate end-to-end ids and Flyway refused "
             "the non-empty schema.",
             {"ask": "The IT stage in CI takes eleven minutes, mostly container start-up. Please "
                     "turn on Testcontainers reuse (the properties file plus withReuse(true) in "
                     "the base class) and measure.",
              "change": [write("/home/ines/.testcontainers.properties",
                               "testcontainers.reuse.enable=true\n"),
                         edit("src/it/kotlin/eu/tessel/payments/support/ContainersBase.kt",
                              "        PostgreSQLContainer(\"postgres:16-alpine\")\n",
                              "        PostgreSQLContainer(\"postgres:16-alpine\")"
                              ".withReuse(true)\n")],
              "broke": bash("./gradlew check -q 2>&1 | tail -9",
                            "PaymentFlowIT > refund after return FAILED\n    "
                            "org.postgresql.util.PSQLException: ERROR: duplicate key value "
                            "violates unique constraint \"payment_end_to_end_id_key\"\n"
                            "MigrationsIT > migrates an empty database FAILED\n    "
                            "FlywayValidateException: Found non-empty schema(s) \"public\" but "
                            "no schema history table\n\n37 tests completed, 6 failed\n\n"
                            "BUILD FAILED in 2m 2s", 1),
              "revert": bash("rm /home/ines/.testcontainers.properties && git checkout src/it "
                             "&& git status --short", ""),
              "conclusion": "Container reuse stays off (no testcontainers.reuse.enable): a reused "
                            "Postgres keeps the previous run's rows and schema, so six ITs "
                            "failed on leftover data and Flyway refused the non-empty schema. "
                            "The time has to come from elsewhere; the Kafka container is the "
                            "slow one, at about 40 seconds.",
              "want": "Our IT suites are slow. Can't Testcontainers simply keep the containers "
                      "running between runs?",
              "offer": "Yes, reusable containers: testcontainers.reuse.enable=true in "
                       "~/.testcontainers.properties and withReuse(true) on the containers. "
                       "Start-up would drop to a few seconds after the first run. Shall I set "
                       "it up?",
              "story": "Tried in April (PAY-1702). The reused Postgres kept rows and schema "
                       "between runs, so tests failed on duplicate end-to-end ids, Flyway "
                       "refused the non-empty schema, and on CI two jobs on one runner shared "
                       "a container. Turned off after two days of red builds.",
              "title": "Reusing Testcontainers between test runs"}),
    ]
    chatter = [
        "  .   ____          _            __ _ _",
        " :: Spring Boot ::                (v3.3.5)",
        "PaymentsApplication : Starting PaymentsApplication using Java 21.0.5",
        "PaymentsApplication : The following 1 profile is active: \"test\"",
        "HikariPool-1 - Starting...",
        "HikariPool-1 - Added connection org.postgresql.jdbc.PgConnection@4f3a2b1c",
        "FlywayExecutor : Database: jdbc:postgresql://localhost:32771/test (PostgreSQL 16.4)",
        "DbMigrate : Successfully applied 61 migrations to schema \"public\"",
        "KafkaMessageListenerContainer : payments-status-listener: partitions assigned: "
        "[payments.events-0, payments.events-1, payments.events-2]",
        "TomcatWebServer : Tomcat initialized with port 0 (http)",
        "PaymentsApplication : Started PaymentsApplication in 6.918 seconds",
        "LedgerClient : reserve ok account=NL91NHBK0417164300 amount=12500",
        "QuoteController : quote created id=q_7Hd2 scheme=SCT",
        "HikariPool-1 - Shutdown completed.",
    ]
    noise: list[Episode] = [
        look("How does the quote endpoint decide between SCT and SEPA Instant when the merchant "
             "doesn't say?",
             f"{pkg}/quote/SchemeSelector.kt",
             "    fun select(req: QuoteRequest): Scheme = when {\n        req.scheme != null -> "
             "req.scheme\n        req.amount > props.instantLimit -> Scheme.SCT\n        "
             "reachability.isInstantReachable(req.creditorBic) -> Scheme.SCT_INST\n        else "
             "-> Scheme.SCT\n    }\n",
             "An explicit scheme wins. Otherwise it's SCT above the instant limit, SEPA Instant "
             "when the creditor's bank is reachable for instant payments, and SCT in every "
             "other case."),
        find("Where do we map Noordhaven's pain.002 status codes to our payment statuses?",
             "RJCT|ACSC|ACCP", [f"{pkg}/bank/StatusMapper.kt",
                                 f"{pkg}/bank/Pain002Parser.kt",
                                 "src/test/kotlin/eu/tessel/payments/bank/StatusMapperTest.kt"],
             "StatusMapper.kt does the mapping; Pain002Parser only extracts the codes, and "
             "StatusMapperTest covers each one."),
        tweak("Typo in the error message for an invalid IBAN: 'Invalid IBAN checksumm'.",
              f"{pkg}/api/Errors.kt",
              "    INVALID_IBAN(\"Invalid IBAN checksumm\"),\n",
              "    INVALID_IBAN(\"Invalid IBAN checksum\"),\n",
              "Fixed the message."),
        run("How many Kafka listeners does the API define?",
            "grep -rn '@KafkaListener' src/main/kotlin | wc -l", "       4",
            "Four @KafkaListener methods."),
        talk("Quick Kotlin question: is `data class` equality safe to use for JPA entities, or "
             "should I avoid it?",
             "Avoid it for entities. A data class's equals and hashCode use every constructor "
             "property, including the generated id (null before persist) and lazy relations, "
             "so an entity changes hash after saving and can break sets, and touching lazy "
             "collections can trigger queries. Use a regular class with equality on the id, or "
             "keep data classes for DTOs and value objects."),
        steps("What changed between release 3.40.0 and 3.41.0? Product wants a summary for the "
              "release notes.",
              [bash("git log --oneline v3.40.0..v3.41.0",
                    "c81f0a2 quotes: show scheme in response\n5e2d9b7 api: reject IBANs with "
                    "lowercase country code\n0b4471e status: map ACCP to ACCEPTED\n93aa1fd "
                    "deps: kotlin 2.0.21")],
              "Four changes: quotes now state the scheme, IBANs with a lowercase country code "
              "are rejected, pain.002 ACCP maps to ACCEPTED, and Kotlin is on 2.0.21."),
        [Step(prompt="## Sprint goals\nTurn these into a todo list:\n1. Returns report "
                     "endpoint\n2. Remove the deprecated v1 quote endpoint\n3. Upgrade "
                     "springdoc"),
         Step(tools=[todo_write([("Returns report endpoint", "pending",
                                  "Building the returns report endpoint"),
                                 ("Remove the v1 quote endpoint", "pending",
                                  "Removing the v1 quote endpoint"),
                                 ("Upgrade springdoc", "pending", "Upgrading springdoc")])]),
         Step(text="Three items on the list."),
         Step(prompt="Add '4. Check with Aylin that the console no longer calls v1 quotes' "
                     "before item 2."),
         Step(tools=[todo_write([("Returns report endpoint", "pending",
                                  "Building the returns report endpoint"),
                                 ("Confirm the console no longer calls v1 quotes", "pending",
                                  "Checking the console's v1 quote calls"),
                                 ("Remove the v1 quote endpoint", "pending",
                                  "Removing the v1 quote endpoint"),
                                 ("Upgrade springdoc", "pending", "Upgrading springdoc")],
                                [("Returns report endpoint", "pending",
                                  "Building the returns report endpoint"),
                                 ("Remove the v1 quote endpoint", "pending",
                                  "Removing the v1 quote endpoint"),
                                 ("Upgrade springdoc", "pending", "Upgrading springdoc")])]),
         Step(text="Added before the removal; four items.")],
        steps("Which controllers still return entities directly instead of DTOs? I want them "
              "listed before the API review.",
              [agent("Find entity-returning controllers",
                     "Search src/main/kotlin for @RestController classes whose handler methods "
                     "return JPA entities (classes annotated @Entity) rather than DTOs. List "
                     "file:line for each.",
                     "Two: api/MandateController.kt:41 returns Mandate, and "
                     "api/AdminPaymentController.kt:77 returns List<Payment>. All other "
                     "controllers map to DTOs.",
                     "a91f3c07d2e4", "Explore", 6)],
              "Two controllers: MandateController (line 41) and AdminPaymentController (line "
              "77). Everything else returns DTOs."),
        look("What does the idempotency filter do when the same key arrives with a different "
             "body?",
             f"{pkg}/api/IdempotencyFilter.kt",
             "        val previous = store.find(key)\n        if (previous != null && "
             "previous.bodyHash != hash) {\n            return conflict(\"Idempotency-Key "
             "reused with a different request body\")\n        }\n",
             "It answers 409 Conflict with 'Idempotency-Key reused with a different request "
             "body'; the same key with the same body replays the stored response."),
    ]
    return Project(
        "betaalpoort", "git@github.com:tessel-payments/betaalpoort.git",
        _files("betaalpoort", "The payments API: quotes, SEPA credit transfers and SEPA Instant "
                              "through Noordhaven Bank. Kotlin, Spring Boot 3, Gradle.",
               {"settings.gradle.kts": "rootProject.name = \"betaalpoort\"\n",
                "build.gradle.kts": "plugins {\n    kotlin(\"jvm\") version \"2.0.21\"\n    "
                                    "kotlin(\"plugin.spring\") version \"2.0.21\"\n    "
                                    "id(\"org.springframework.boot\") version \"3.3.5\"\n}\n\n"
                                    "kotlin { jvmToolchain(21) }\n"}),
        _equip(facts, chatter=chatter, component="Payments API", jira="PAY",
               house=["Keep the public API backwards compatible: additive changes only.",
                      "`./gradlew ktlintCheck` must pass.",
                      "No new dependency without a line in the PR description explaining it."]),
        noise, "stripe")


# ------------------------------------------------------------------- afletter (the reconciler)
def afletter() -> Project:
    validate = "internal/camt/validate.go"
    parse = "internal/camt/parse.go"
    engine = "internal/match/engine.go"
    dedupe = "internal/intake/dedupe.go"
    validate_old = ("\tif e.BookgDt.Before(stmt.FrDt) || e.BookgDt.After(stmt.ToDt) {\n"
                    "\t\t// TODO REC-1544\n\t}\n")
    facts = [
        Fact("conv-stmtref", "convention", ["stmt_ref"],
             ["cant find the log lines for tonights run in cloud logging which field do i "
              "filter on",
              "What are the logging requirements for new code in the reconciler, so that "
              "on-call can find every line that belongs to one night's statement?"],
             "afletter (the Go reconciler): all logging is slog through logctx.From(ctx), "
             "whose logger carries the stmt_ref attribute (account + statement date); never "
             "log.Printf or a bare slog.Info, because on-call filters Cloud Logging on "
             "jsonPayload.stmt_ref.",
             {"task": f"Log a warning when an entry's booking date lies outside the statement "
                      f"period. The check is already stubbed in {validate} (REC-1544).",
              "rule": "Logging goes through slog from logctx.From(ctx) only. That logger "
                      "carries stmt_ref (account plus statement date) on every record. No "
                      "log.Printf, no bare slog.Info: on-call filters Cloud Logging on "
                      "jsonPayload.stmt_ref, and a line without it is invisible at three in "
                      "the morning.",
              "constraint": "Log only via logctx.From(ctx) (slog, carries stmt_ref); no "
                            "log.Printf or package-level slog calls.",
              "context": "Noordhaven occasionally includes entries booked the day after the "
                         "statement period. Finance wants to see them flagged, not silently "
                         "matched (REC-1544).",
              "reqs": ["Detect entries whose booking date is outside FrDt..ToDt.",
                       "Log a warning with the entry reference and its booking date.",
                       "Keep matching them as today."],
              "accept": ["The warning shows up in Cloud Logging for the test statement.",
                         "No change in match results.",
                         "go test ./... passes."],
              "ticket": ("Warn on entries outside the statement period",
                         "Finance wants entries booked outside the statement's FrDt..ToDt "
                         "flagged in the logs.\n\nTechnical notes\n- Stub is in "
                         "internal/camt/validate.go.\n- Logging only through "
                         "logctx.From(ctx): slog, and it carries stmt_ref, which is what "
                         "on-call filters on. No log.Printf or bare slog calls."),
              "contrary": edit(validate, validate_old,
                               "\tif e.BookgDt.Before(stmt.FrDt) || e.BookgDt.After(stmt.ToDt) "
                               "{\n\t\tlog.Printf(\"entry %s booked %s outside period\", "
                               "e.AcctSvcrRef, e.BookgDt)\n\t}\n"),
              "follow": [edit(validate, validate_old,
                              "\tif e.BookgDt.Before(stmt.FrDt) || e.BookgDt.After(stmt.ToDt) "
                              "{\n\t\tlogctx.From(ctx).Warn(\"entry booked outside statement "
                              "period\",\n\t\t\t\"entry_ref\", e.AcctSvcrRef, \"booking_date\", "
                              "e.BookgDt)\n\t}\n"),
                         bash("go test ./internal/camt/ -run TestValidate -v 2>&1 | tail -4",
                              "=== RUN   TestValidate/outside_period\n{\"level\":\"WARN\","
                              "\"msg\":\"entry booked outside statement period\",\"stmt_ref\":"
                              "\"NHBK-4300/2025-11-03\",\"entry_ref\":\"NHB-0087\","
                              "\"booking_date\":\"2025-11-04\"}\n--- PASS: TestValidate (0.01s)"
                              "\nok  \tgithub.com/tessel-payments/afletter/internal/camt\t"
                              "0.214s")],
              "done": "Entries booked outside FrDt..ToDt now log a warning through "
                      "logctx.From(ctx), so the record carries stmt_ref alongside entry_ref and "
                      "booking_date, and on-call's jsonPayload.stmt_ref filter finds it. "
                      "Matching is unchanged; the tests pass."}),
        Fact("conv-camtgen", "convention", ["camtgen"],
             ["need a test case for that weird batch entry can i just drop yesterdays bank "
              "file in testdata",
              "A developer wants to reproduce a reconciliation bug using the file the bank "
              "delivered last night. What is the rule for statement files used in tests, and "
              "which tool produces them?"],
             "afletter: no real bank statement is ever committed, not even hand-anonymised; test "
             "statements are generated with camtgen (go run ./tools/camtgen) from a scenario "
             "YAML in testdata/scenarios/, and golden files are refreshed with go test -update.",
             {"task": "Add a test for a statement with a returned direct debit (a reversal, "
                      "RvslInd true). Kofi has last Tuesday's real Noordhaven file, which "
                      "contains one.",
              "rule": "A real bank statement is never committed, not even anonymised by hand. "
                      "Test statements are generated with camtgen from a scenario YAML in "
                      "testdata/scenarios/, and golden outputs are refreshed with -update. A "
                      "real file with customer IBANs sat in git for three months last year and "
                      "it became a data protection incident.",
              "constraint": "No real statement files in the repository; fixtures are generated "
                            "with camtgen from testdata/scenarios/*.yaml.",
              "context": "Returned direct debits appear as reversal entries (RvslInd true) and "
                         "we have no test covering how they are matched against the original "
                         "collection.",
              "reqs": ["Create a statement fixture containing one collection and its "
                       "reversal.",
                       "Add a matching test for the reversal.",
                       "Update the golden output."],
              "accept": ["The reversal is matched to the original collection's ledger entry.",
                         "No customer data in the repository.",
                         "go test ./... passes."],
              "ticket": ("Test coverage for reversed direct debits",
                         "We have no test for reversal entries (RvslInd=true).\n\nTechnical "
                         "notes\n- Never commit a real statement, even anonymised. Generate the "
                         "fixture with camtgen from a scenario in testdata/scenarios/.\n- "
                         "Golden files: go test -update."),
              "contrary": bash("cp ~/Downloads/NHB_camt053_20251104.xml "
                               "testdata/camt053/reversal.xml && git add "
                               "testdata/camt053/reversal.xml", ""),
              "follow": [write("testdata/scenarios/reversal.yaml",
                               "account: NL02NHBK0612345678\ndate: 2025-11-04\nentries:\n"
                               "  - kind: collection\n    amount: 49.95\n    e2e: "
                               "DD-2025-10-0311\n  - kind: collection\n    amount: 49.95\n    "
                               "e2e: DD-2025-10-0311\n    reversal: true\n    reason: MD06\n"),
                         bash("go run ./tools/camtgen -scenario testdata/scenarios/reversal.yaml "
                              "-out testdata/camt053/reversal.xml",
                              "camtgen: wrote testdata/camt053/reversal.xml (1 statement, 2 "
                              "entries, 1 reversal, synthetic IBANs)"),
                         bash("go test ./internal/match/ -run TestReversal -update && go test "
                              "./internal/match/",
                              "ok  \tgithub.com/tessel-payments/afletter/internal/match\t"
                              "0.388s")],
              "done": "The fixture is generated by camtgen from "
                      "testdata/scenarios/reversal.yaml (synthetic IBANs, one collection and "
                      "its MD06 reversal); TestReversal checks that the reversal is matched "
                      "against the original collection, and its golden file is refreshed. "
                      "Kofi's real file stays out of the repository."}),
        Fact("cmd-snapshot", "command", ["--ledger-snapshot"],
             ["How do I run a reconciliation on my laptop against a fixture statement without "
              "access to the production ledger database?",
              "reconcile locally keeps dialing the cloudsql socket even with dry run how do i "
              "run it offline"],
             "afletter: --dry-run still reads the ledger from the database; offline, run "
             "`go run ./cmd/afletter reconcile --statement <file> --ledger-snapshot "
             "testdata/ledger/<date>.jsonl --dry-run` (one snapshot per fixture date).",
             {"goal": "Run the reconciler locally against testdata/camt053/batch-collections.xml "
                      "so I can see what it does with the batched entry.",
              "fail": bash("go run ./cmd/afletter reconcile --statement "
                           "testdata/camt053/batch-collections.xml --dry-run",
                           "{\"level\":\"INFO\",\"msg\":\"parsed statement\",\"entries\":14}\n"
                           "Error: ledger: connect: dial unix /cloudsql/ledger/.s.PGSQL.5432: "
                           "connect: no such file or directory\nexit status 1", 1),
              "note": "--dry-run only skips the bookings; the ledger entries are still read "
                      "from the database. Offline it takes a ledger snapshot file instead, and "
                      "there is one per fixture date in testdata/ledger/:",
              "ok": bash("go run ./cmd/afletter reconcile --statement "
                         "testdata/camt053/batch-collections.xml --ledger-snapshot "
                         "testdata/ledger/2025-11-03.jsonl --dry-run",
                         "{\"level\":\"INFO\",\"msg\":\"parsed statement\",\"entries\":14}\n"
                         "{\"level\":\"INFO\",\"msg\":\"ledger loaded\",\"source\":\"snapshot\","
                         "\"open_items\":311}\n{\"level\":\"INFO\",\"msg\":\"run finished\","
                         "\"matched\":12,\"unmatched\":2,\"dry_run\":true}"),
              "done": "Ran offline: 12 of 14 entries matched, 2 unmatched, nothing booked. "
                      "Locally the reconciler needs --ledger-snapshot with the file for the "
                      "fixture's date; --dry-run alone still wants the database.",
              "label": "Reconcile a fixture offline",
              "summary": "Local reconcile run fails: dial unix /cloudsql socket"}),
        Fact("cmd-rerun", "command", ["RECON_DATE"],
             ["bank resent tuesdays file how do i rerun the nightly just for that day without "
              "breaking anything",
              "What is the procedure for re-running the production reconciliation job for a "
              "single past statement date?"],
             "afletter: to re-run the recon-nightly Cloud Run job for one date, override the "
             "environment: `gcloud run jobs execute recon-nightly --region europe-west4 "
             "--update-env-vars RECON_DATE=YYYY-MM-DD --wait`; --args replaces the whole "
             "argument list and drops the reconcile subcommand.",
             {"goal": "Noordhaven re-delivered the statement for 4 November. Please re-run the "
                      "production nightly for that date only.",
              "fail": bash("gcloud run jobs execute recon-nightly --region europe-west4 "
                           "--args=--date=2025-11-04 --wait",
                           "Creating execution...done\n  Running recon-nightly-8kq2m... failed"
                           "\nERROR: (gcloud.run.jobs.execute) The execution failed.\ntask 0: "
                           "flag provided but not defined: -date\nUsage: afletter <command> "
                           "[flags]", 1),
              "note": "--args replaces the container's entire argument list, so the job ran "
                      "without its reconcile subcommand. The job reads the statement date from "
                      "the environment; overriding only that variable for one execution:",
              "ok": bash("gcloud run jobs execute recon-nightly --region europe-west4 "
                         "--update-env-vars RECON_DATE=2025-11-04 --wait",
                         "Creating execution...done\n  Running recon-nightly-w7t4c...done\n"
                         "Execution [recon-nightly-w7t4c] has successfully completed."),
              "done": "The re-run for 4 November completed (execution recon-nightly-w7t4c). "
                      "Overriding RECON_DATE leaves the job's arguments alone; the job "
                      "definition itself is unchanged for tonight.",
              "label": "Re-run the nightly for one date",
              "summary": "Re-running recon-nightly with --args fails: flag -date not defined"}),
        Fact("env-bucket", "environment", ["tessel-bank-drop-prod"],
             ["nightly says no statement found for today where do the bank files even land",
              "Where are the partner bank's daily statement files stored when they arrive, "
              "before the nightly job processes them?"],
             "afletter: Noordhaven's camt.053 files land (via the SFTP bridge) in "
             "gs://tessel-bank-drop-prod/noordhaven/camt053/, one NHB_camt053_<date>.xml per "
             "business day around 01:40 Amsterdam time; the nightly reads them at 02:30.",
             {"goal": "Where exactly do the camt.053 files land before the nightly picks them "
                      "up? Bucket and path, please.",
              "probe": [bash("grep -n -A1 'STATEMENT_' deploy/job.yaml",
                             "14:        - name: STATEMENT_BUCKET\n15:          value: "
                             "tessel-bank-drop-prod\n16:        - name: STATEMENT_PREFIX\n17:"
                             "          value: noordhaven/camt053/"),
                        bash("gcloud storage ls -l gs://tessel-bank-drop-prod/noordhaven/"
                             "camt053/ | tail -2",
                             "    218433  2025-11-11T00:41:07Z  gs://tessel-bank-drop-prod/"
                             "noordhaven/camt053/NHB_camt053_20251110.xml\nTOTAL: 212 objects, "
                             "40551022 bytes (38.67MiB)")],
              "confirm": "The SFTP bridge drops Noordhaven's camt.053 files into "
                         "gs://tessel-bank-drop-prod/noordhaven/camt053/, one "
                         "NHB_camt053_<date>.xml per business day, around 01:40 Amsterdam time; "
                         "the nightly reads from there at 02:30.",
              "guess": "the files still land on the old SFTP VM under /srv/sftp/noordhaven/in",
              "asker": ("Kofi Mensah", "where do the bank statement files actually land these "
                                       "days? want to check whether today's came in")}),
        Fact("env-suspense", "environment", ["2990"],
             ["finance asking where the unmatched stuff from last night got booked which gl "
              "account",
              "For the finance controller: into which general-ledger account are bank "
              "statement lines that the nightly run could not match posted?"],
             "afletter: bank entries the nightly cannot match are booked to ledger account "
             "2990 (Bank suspense, unmatched Noordhaven entries); Finance clears it by hand each "
             "morning from the unmatched report.",
             {"goal": "Which ledger account does the reconciler book unmatched bank entries "
                      "to?",
              "probe": [bash("grep -rn 'SuspenseAccount' internal/ | head -3",
                             "internal/ledger/accounts.go:12:\tSuspenseAccount = \"2990\" // "
                             "Bank suspense: unmatched Noordhaven entries\n"
                             "internal/match/engine.go:203:\t\treturn ledger.Post(ctx, "
                             "ledger.SuspenseAccount, e)"),
                        read("internal/ledger/accounts.go",
                             "const (\n\tBankAccount     = \"1100\" // Noordhaven current "
                             "account\n\tSuspenseAccount = \"2990\" // Bank suspense: "
                             "unmatched Noordhaven entries\n)\n")],
              "confirm": "Unmatched bank entries are booked to ledger account 2990, \"Bank "
                         "suspense\", against the Noordhaven current account 1100; Finance "
                         "clears 2990 by hand every morning from the unmatched report.",
              "guess": "unmatched entries go to 1990, as in the old system",
              "asker": ("Femke Dijkstra", "Which ledger account do the unmatched bank lines "
                                          "from the nightly end up on? Our controller asks.")}),
        Fact("gotcha-batch", "gotcha", ["TxDtls"],
             ["[FIRING:1] ReconUnmatchedRatioHigh job=recon-nightly unmatched_ratio=0.44 seen "
              "this?",
              "After a run in which almost every line of a direct-debit collection was reported "
              "unmatched, what was the root cause in the way the statement was parsed?"],
             "afletter gotcha: a batched camt.053 entry (one Ntry for a whole direct-debit "
             "collection) holds one TxDtls per transaction; the parser took only the first "
             "TxDtls, so all other collections stayed unmatched. Every TxDtls is now its own "
             "candidate line.",
             {"symptom": "Last night's run left 212 entries unmatched, all from the direct-debit "
                         "collection batch: one bank line for 213 collections, and only one "
                         "collection per batch got matched.",
              "musing": "Last night 212 entries stayed unmatched, all from the direct-debit "
                        "collection batch; only one collection per batch matched. Kofi thinks "
                        "Noordhaven quietly moved to a newer camt.053 version. Please check "
                        "that first.",
              "trace": "entry ref=NHB-1110-0087 amount=10606.35 batch=true tx_details=213\n"
                       "candidate e2e=DD-2025-11-0001 amount=10606.35 -> matched LE-770112 (49.95)\n"
                       "entry ref=NHB-1110-0087 remaining=10556.40 -> suspense",
              "probe": [read(parse,
                             "func toLines(n Ntry) []Line {\n\ttx := n.NtryDtls.TxDtls[0]\n"
                             "\treturn []Line{{Ref: n.AcctSvcrRef, E2E: tx.Refs.EndToEndId, "
                             "Amount: n.Amt}}\n}\n")],
              "explain": "A batched entry carries the whole collection as one Ntry with the "
                         "total amount, and one TxDtls per collection inside NtryDtls. toLines "
                         "takes only TxDtls[0], so each batch produced a single candidate (the "
                         "first collection, with the batch total as amount); the first one "
                         "happened to match by end-to-end id and the remaining 10,556.40 went "
                         "to suspense. Each TxDtls has to become its own line with its own "
                         "end-to-end id and amount.",
              "fix": [edit(parse,
                           "\ttx := n.NtryDtls.TxDtls[0]\n\treturn []Line{{Ref: n.AcctSvcrRef, "
                           "E2E: tx.Refs.EndToEndId, Amount: n.Amt}}\n",
                           "\tlines := make([]Line, 0, len(n.NtryDtls.TxDtls))\n\tfor _, tx := "
                           "range n.NtryDtls.TxDtls {\n\t\tlines = append(lines, Line{Ref: "
                           "n.AcctSvcrRef, E2E: tx.Refs.EndToEndId, Amount: tx.Amt()})\n\t}\n"
                           "\treturn lines\n")],
              "done": "Every TxDtls of a batched entry is now its own candidate line with its "
                      "own end-to-end id and amount (falling back to the entry amount only for "
                      "single-transaction entries). The batch fixture matches 213 of 213.",
              "hunch": ("Checking the version theory on last night's file:",
                        bash("head -c 400 /tmp/NHB_camt053_20251110.xml | grep -o "
                             "'camt.053.001.[0-9]*'", "camt.053.001.02")),
              "repro": "go run ./tools/replay -statement /tmp/NHB_camt053_20251110.xml -verbose",
              "title": "212 direct-debit collections left unmatched",
              "impact": "Finance had 212 items on suspense account for a morning and delayed "
                        "the dunning run by a day.",
              "rootcause": "Batched entries carry one TxDtls per collection. The parser "
                           "converted each entry into a single line from the first TxDtls only, "
                           "so every collection after the first in a batch had no candidate "
                           "line.",
              "action": "Turn every TxDtls of an entry into its own candidate line.",
              "alert": "[FIRING:1] ReconUnmatchedRatioHigh job=recon-nightly "
                       "unmatched_ratio=0.31 threshold=0.05",
              "page": "recon says a third unmatched. file looks normal size. no idea, "
                      "leaving it for the morning",
              "lesson": "lots unmatched from one collection batch = parser reading only the "
                        "first TxDtls of a batched entry; every TxDtls is its own line"}),
        Fact("gotcha-redelivery", "gotcha", ["ElctrncSeqNb"],
             ["When the bank re-delivers a corrected statement for a day that was already "
              "processed, which identifier must be used to recognise it as the same statement?",
              "finance says a whole day got booked twice after the bank sent a fixed file how "
              "did that happen"],
             "afletter gotcha: Noordhaven's corrected re-delivery has a new file name and "
             "MsgId but the same ElctrncSeqNb; dedupe keyed on file name + MsgId booked the day "
             "twice. Statements are now deduplicated on (account, ElctrncSeqNb) and a "
             "re-delivery replaces the earlier bookings.",
             {"symptom": "Finance reports every entry of 6 November booked twice. Noordhaven "
                         "sent a corrected statement for that day on the morning of the 7th.",
              "musing": "Finance reports every entry of 6 November booked twice; Noordhaven "
                        "sent a corrected file for that day. I think the Cloud Run job retried "
                        "after a timeout and ran the same file twice. Please confirm.",
              "trace": "intake: NHB_camt053_20251106.xml msgid=NHB2025110601 seq=2211 -> new\n"
                       "intake: NHB_camt053_20251106_v2.xml msgid=NHB2025110702 seq=2211 -> new"
                       "\nbooked 418 entries for NL91NHBK0417164300 2025-11-06 (second time)",
              "probe": [read(dedupe,
                             "func key(s Statement, file string) string {\n\treturn file + \"|\" "
                             "+ s.GrpHdr.MsgId\n}\n"),
                        bash("grep -o '<ElctrncSeqNb>[0-9]*' /tmp/NHB_camt053_20251106*.xml",
                             "/tmp/NHB_camt053_20251106.xml:<ElctrncSeqNb>2211\n"
                             "/tmp/NHB_camt053_20251106_v2.xml:<ElctrncSeqNb>2211")],
              "explain": "The intake deduplicates on file name plus GrpHdr MsgId. A corrected "
                         "re-delivery from Noordhaven has a new file name and a new MsgId, but "
                         "it is the same statement: the ElctrncSeqNb (the statement's "
                         "electronic sequence number per account) is 2211 in both. So it was "
                         "taken as new and all 418 entries were booked again. The identity of "
                         "a statement is (account, ElctrncSeqNb); a second file with the same "
                         "pair is a replacement.",
              "fix": [edit(dedupe,
                           "\treturn file + \"|\" + s.GrpHdr.MsgId\n",
                           "\treturn s.Stmt.Acct.IBAN + \"|\" + s.Stmt.ElctrncSeqNb\n"),
                      edit("internal/intake/intake.go",
                           "\tif seen {\n\t\treturn ErrDuplicate\n\t}\n",
                           "\tif seen {\n\t\treturn replaceStatement(ctx, prev, stmt) // "
                           "reverse earlier bookings, then book the corrected file\n\t}\n")],
              "done": "Statements are now deduplicated on (account IBAN, ElctrncSeqNb); a "
                      "re-delivery with the same pair reverses the earlier bookings and books "
                      "the corrected file instead of adding to them. The double bookings of 6 "
                      "November need one manual reversal run, which I can prepare.",
              "hunch": ("Checking whether the job ran twice:",
                        bash("gcloud run jobs executions list --job recon-nightly --region "
                             "europe-west4 --limit 3",
                             "   EXECUTION                 JOB            STARTED\n"
                             "✔  recon-nightly-q2c8w  recon-nightly  2025-11-08 01:30:12\n"
                             "✔  recon-nightly-m41tx  recon-nightly  2025-11-07 01:30:09\n"
                             "✔  recon-nightly-h8d3k  recon-nightly  2025-11-06 01:30:11")),
              "repro": "go run ./tools/replay -intake /tmp/NHB_camt053_20251106.xml "
                       "/tmp/NHB_camt053_20251106_v2.xml -verbose",
              "title": "6 November booked twice after a corrected statement",
              "impact": "418 entries booked twice on the bank account for one day; Finance's "
                        "daily balance check failed and the month-end close slipped a day.",
              "rootcause": "The intake recognised duplicate statements by file name and "
                           "GrpHdr MsgId. Noordhaven's corrected re-delivery had a new file "
                           "name and a new MsgId but the same ElctrncSeqNb, so it was treated "
                           "as a new statement and booked in full.",
              "action": "Deduplicate statements on (account, ElctrncSeqNb) and treat a second "
                        "file as a replacement.",
              "alert": "[FIRING:1] LedgerDailyBalanceMismatch account=1100 "
                       "diff=EUR 184220.17 date=2025-11-06",
              "page": "ledger balance off by 184k for one day. not touching money stuff at "
                      "night. seen this?",
              "lesson": "day booked twice after a corrected bank file = dedupe on file "
                        "name/MsgId; the statement identity is (account, ElctrncSeqNb)"}),
        Fact("fals-errgroup", "falsified", ["errgroup"],
             ["nightly still running at 6am cant we just make the matching concurrent or is "
              "there a reason it isnt",
              "To reduce the nightly run time, could reconciliation be performed concurrently "
              "across accounts? What happened when this was attempted?"],
             "afletter: parallel matching per account (errgroup fan-out) was tried and reverted: "
             "results differed between runs, because internal transfers between our own "
             "accounts are candidates in two statements and the greedy matcher takes whichever "
             "goroutine gets there first. Matching stays sequential.",
             {"ask": "The nightly now takes 47 minutes with the new merchant accounts. Please "
                     "parallelise the matching per account with errgroup (limit 8) and compare "
                     "the results with a sequential run.",
              "change": [edit(engine,
                              "\tfor _, acct := range stmts.Accounts() {\n\t\tif err := "
                              "e.matchAccount(ctx, acct); err != nil {\n\t\t\treturn err\n\t\t}\n"
                              "\t}\n",
                              "\tg, gctx := errgroup.WithContext(ctx)\n\tg.SetLimit(8)\n\tfor _, "
                              "acct := range stmts.Accounts() {\n\t\tg.Go(func() error { return "
                              "e.matchAccount(gctx, acct) })\n\t}\n\tif err := g.Wait(); err != "
                              "nil {\n\t\treturn err\n\t}\n")],
              "broke": bash("go test ./internal/match/ -run TestDeterministic -count=5",
                            "--- FAIL: TestDeterministic (2.81s)\n    engine_test.go:88: run 3 "
                            "differs from run 1: entry NHB-1103-0112 matched LE-881302, want "
                            "LE-881341\n    engine_test.go:88: run 4 differs from run 1: 3 "
                            "entries\nFAIL\nFAIL\tgithub.com/tessel-payments/afletter/"
                            "internal/match\t14.107s", 1),
              "revert": bash("git checkout internal/match/engine.go && go test ./internal/match/ "
                             "-count=1",
                             "ok  \tgithub.com/tessel-payments/afletter/internal/match\t"
                             "3.902s"),
              "conclusion": "Matching stays sequential. The errgroup fan-out per account gave "
                            "different matches from run to run: internal transfers between our "
                            "own accounts are candidates in two statements, and the greedy "
                            "matcher takes whichever goroutine gets there first. The 47 minutes "
                            "are mostly per-entry ledger queries; batching those is the better "
                            "lead.",
              "want": "The nightly is close to an hour now. Could we run the matching for each "
                      "account in parallel?",
              "offer": "It's a small change: one goroutine per account under an errgroup with "
                       "SetLimit(8), since accounts look independent. Shall I do it?",
              "story": "Tried in May (REC-1391). Per-account goroutines under errgroup cut the "
                       "run from 38 to 9 minutes, but two runs over the same file produced "
                       "different matches: internal transfers between our own accounts are "
                       "candidates in both statements, and the greedy matcher took whichever "
                       "came first. Finance caught a mismatch in the reconciliation report. "
                       "Reverted.",
              "title": "Parallel matching per account"}),
        Fact("fals-fuzzy", "falsified", ["Levenshtein"],
             ["customer typod the reference again and its sitting unmatched cant the recon "
              "just match close enough refs",
              "Many incoming transfers remain unmatched because customers mistype the payment "
              "reference. Has approximate matching of references been considered, and what was "
              "the outcome?"],
             "afletter: approximate (Levenshtein distance 2) matching of payment references was "
             "tried and removed: it matched a transfer to another customer's invoice with the "
             "same amount and two swapped digits. Mangled references stay unmatched for "
             "Finance's manual queue.",
             {"ask": "About 4% of incoming transfers stay unmatched because customers mangle "
                     "the payment reference (typos, missing dash). Please add a fallback matcher "
                     "that accepts a reference within Levenshtein distance 2 of an open invoice "
                     "reference with the same amount, and run the match tests.",
              "change": [write("internal/match/fuzzy_ref.go",
                               "package match\n\n// FuzzyRef matches a reference within edit "
                               "distance 2 of an open invoice with the same amount.\ntype "
                               "FuzzyRef struct{ MaxDist int }\n\nfunc (m FuzzyRef) Match(l "
                               "Line, open []Item) (Item, bool) {\n\tfor _, it := range open {\n"
                               "\t\tif it.Amount == l.Amount && levenshtein(l.Ref, it.Ref) <= "
                               "m.MaxDist {\n\t\t\treturn it, true\n\t\t}\n\t}\n\treturn Item{}, "
                               "false\n}\n"),
                         edit("internal/match/matchers.go", "\tRefExact{},\n",
                              "\tRefExact{},\n\tFuzzyRef{MaxDist: 2},\n")],
              "broke": bash("go test ./internal/match/ -run TestNoFalsePositives -v",
                            "=== RUN   TestNoFalsePositives\n    matchers_test.go:41: "
                            "TSL-2025-10418 matched open invoice TSL-2025-10481 (distance 2, "
                            "same amount 250.00): different customer\n--- FAIL: "
                            "TestNoFalsePositives (0.02s)\nFAIL", 1),
              "revert": bash("rm internal/match/fuzzy_ref.go && git checkout "
                             "internal/match/matchers.go && git status --short", ""),
              "conclusion": "No fuzzy reference matching: at Levenshtein distance 2 a payment "
                            "matched another customer's invoice with the same amount (swapped "
                            "digits, and round amounts are common). Mangled references stay "
                            "unmatched and go to Finance's manual queue.",
              "want": "A lot of incoming payments stay unmatched only because the customer "
                      "typed the reference slightly wrong. Could the matcher accept references "
                      "that are nearly right?",
              "offer": "Yes: a fallback matcher that accepts a reference within a small "
                       "Levenshtein distance of an open invoice reference, same amount "
                       "required. Shall I add it after the exact matchers?",
              "story": "We had a Levenshtein-based reference matcher in production for two "
                       "weeks in February. It booked one customer's 250.00 transfer against "
                       "another customer's invoice whose reference differed by two swapped "
                       "digits, and that customer received a dunning letter. Incident "
                       "INC-0412; the matcher was removed.",
              "title": "Approximate matching of payment references"}),
    ]
    chatter = [
        "{\"level\":\"INFO\",\"msg\":\"afletter starting\",\"version\":\"1.19.2\","
        "\"go\":\"go1.23.4\"}",
        "{\"level\":\"INFO\",\"msg\":\"statement loaded\",\"accounts\":37,\"entries\":4112}",
        "{\"level\":\"INFO\",\"msg\":\"open ledger items loaded\",\"count\":5309}",
        "{\"level\":\"INFO\",\"msg\":\"matcher\",\"name\":\"E2EExact\",\"matched\":3011}",
        "{\"level\":\"INFO\",\"msg\":\"matcher\",\"name\":\"RefExact\",\"matched\":802}",
        "{\"level\":\"INFO\",\"msg\":\"matcher\",\"name\":\"MandateAmount\",\"matched\":143}",
        "{\"level\":\"INFO\",\"msg\":\"fees\",\"booked\":37,\"account\":\"4410\"}",
        "{\"level\":\"INFO\",\"msg\":\"interest\",\"booked\":2}",
        "{\"level\":\"DEBUG\",\"msg\":\"balance check\",\"opening\":\"OPBD\",\"closing\":\"CLBD\","
        "\"ok\":true}",
        "{\"level\":\"INFO\",\"msg\":\"report written\",\"kind\":\"unmatched\"}",
        "{\"level\":\"INFO\",\"msg\":\"report written\",\"kind\":\"summary\"}",
        "{\"level\":\"DEBUG\",\"msg\":\"ledger batch committed\",\"rows\":500}",
        "{\"level\":\"DEBUG\",\"msg\":\"ledger batch committed\",\"rows\":500}",
        "{\"level\":\"INFO\",\"msg\":\"run finished\",\"duration\":\"41m12s\"}",
    ]
    noise: list[Episode] = [
        look("How does the MandateAmount matcher decide that a collection belongs to a "
             "mandate?",
             "internal/match/mandate_amount.go",
             "func (m MandateAmount) Match(l Line, open []Item) (Item, bool) {\n\tfor _, it := "
             "range open {\n\t\tif it.MandateID == l.MandateID && it.Amount == l.Amount && "
             "sameWeek(it.Due, l.Booked) {\n\t\t\treturn it, true\n\t\t}\n\t}\n\treturn Item{}, "
             "false\n}\n",
             "Same mandate id, same amount, and the ledger item's due date in the same week as "
             "the booking date; the first such open item wins."),
        find("Where do we parse the bank transaction codes (BkTxCd)?", "BkTxCd",
             ["internal/camt/types.go", "internal/camt/txcode.go",
              "internal/camt/txcode_test.go"],
             "types.go declares the element, txcode.go maps domain/family/subfamily to our "
             "transaction kinds, and txcode_test.go covers the mapping."),
        tweak("The unmatched report header says 'Unmached entries'. Please fix.",
              "internal/report/unmatched.go",
              "\tw.Header(\"Unmached entries\")\n", "\tw.Header(\"Unmatched entries\")\n",
              "Fixed the header."),
        run("How many matchers are registered, and in which order?",
            "grep -n '{' internal/match/matchers.go | sed -n '2,6p'",
            "4:\tE2EExact{},\n5:\tRefExact{},\n6:\tMandateAmount{},\n7:\tFeeLine{},",
            "Four, in this order: E2EExact, RefExact, MandateAmount, FeeLine."),
        talk("Go question: is it fine to pass a context.Context stored in a struct field, or "
             "should it always be a parameter?",
             "Pass it as the first parameter. A context is scoped to one call or request; "
             "storing it in a struct ties the struct's lifetime to whichever request created "
             "it, hides cancellation from the caller, and makes it easy to use an expired "
             "context later. The documented exception is a struct that represents a single "
             "operation and is discarded with it."),
        steps("What went into the last two releases? Kofi wants it for the changelog.",
              [bash("git log --oneline v1.18.0..v1.19.2",
                    "7d21c0e report: include value date\nb18e4a9 txcode: map PMNT/RCDT/SALA\n"
                    "e2a7730 deps: go 1.23.4\n41c9f08 fees: book to 4410")],
              "Four changes: value dates in the report, salary credits mapped, Go 1.23.4, and "
              "bank fees booked to 4410."),
        [Step(prompt="## Plan for this week\n1. Value-date report for Finance\n2. Retire the "
                     "old CSV export\n3. Alert on statement arriving late\n\nMake it a todo "
                     "list."),
         Step(tools=[todo_write([("Value-date report for Finance", "pending",
                                  "Building the value-date report"),
                                 ("Retire the old CSV export", "pending",
                                  "Retiring the CSV export"),
                                 ("Alert when the statement arrives late", "pending",
                                  "Adding the late-statement alert")])]),
         Step(text="Three items."),
         Step(prompt="The CSV export is done already, Kofi removed it yesterday. Mark it "
                     "completed."),
         Step(tools=[todo_write([("Value-date report for Finance", "pending",
                                  "Building the value-date report"),
                                 ("Retire the old CSV export", "completed",
                                  "Retiring the CSV export"),
                                 ("Alert when the statement arrives late", "pending",
                                  "Adding the late-statement alert")],
                                [("Value-date report for Finance", "pending",
                                  "Building the value-date report"),
                                 ("Retire the old CSV export", "pending",
                                  "Retiring the CSV export"),
                                 ("Alert when the statement arrives late", "pending",
                                  "Adding the late-statement alert")])]),
         Step(text="Marked as completed.")],
        steps("Which packages have no tests at all? I want a list before the quarterly "
              "review.",
              [agent("Find untested packages",
                     "List the Go packages under internal/ and cmd/ that contain no _test.go "
                     "file.",
                     "Three packages without tests: internal/report/pdf, internal/notify, "
                     "cmd/afletter. All other packages have at least one test file.",
                     "c3d9f10be72a", "Explore", 4)],
              "Three: internal/report/pdf, internal/notify and cmd/afletter."),
        look("What does the FeeLine matcher do with Noordhaven's monthly package fee?",
             "internal/match/fee_line.go",
             "func (FeeLine) Match(l Line, _ []Item) (Item, bool) {\n\tif l.TxCode == "
             "\"ACMT/MDOP/CHRG\" {\n\t\treturn Item{Account: \"4410\", Amount: l.Amount}, true"
             "\n\t}\n\treturn Item{}, false\n}\n",
             "Any line with transaction code ACMT/MDOP/CHRG is treated as a bank charge and "
             "booked to 4410, bank fees, without looking for an open item."),
    ]
    return Project(
        "afletter", "git@github.com:tessel-payments/afletter.git",
        _files("afletter", "Nightly reconciliation of Noordhaven's camt.053 statements against "
                           "the ledger. Go, runs as the Cloud Run job recon-nightly.",
               {"go.mod": "module github.com/tessel-payments/afletter\n\ngo 1.23\n\ntoolchain "
                          "go1.23.4\n"}),
        _equip(facts, chatter=chatter, component="Reconciliation", jira="REC",
               house=["No behaviour change to matching outside the scope of this ticket.",
                      "`golangci-lint run` must be clean.",
                      "Nothing in the logs that identifies a customer beyond the last four "
                      "digits of an IBAN."]),
        noise, "postgres")


# ------------------------------------------------------------------- fundering (Terraform, GCP)
def fundering() -> Project:
    api_main = "envs/prod/payments-api/main.tf"
    recon_iam = "envs/prod/recon-job/iam.tf"
    secrets = "envs/prod/payments-api/secrets.tf"
    tier_old = "    tier              = \"db-custom-2-8192\"\n"
    tier_new = "    tier              = \"db-custom-4-16384\"\n"
    facts = [
        Fact("conv-atlantis", "convention", ["atlantis apply"],
             ["Under what conditions, and through which mechanism, may a Terraform change to "
              "the payments infrastructure be applied? May an engineer apply from a "
              "workstation?",
              "need a quick db flag change on stg tonight can i just run terraform from my "
              "laptop"],
             "fundering (the Terraform/GCP repo): nobody runs terraform apply from a laptop, "
             "not even for stg; the change goes in as a PR, Atlantis plans it, someone from "
             "payments-infra-owners approves, and then `atlantis apply -p <project>` is "
             "commented on the PR (a local apply destroyed the stg NAT in August).",
             {"task": "Bump the staging ledger database tier to db-custom-4-16384 and apply it; "
                      "Sanne's load test starts at two.",
              "rule": "Nobody runs terraform apply from a laptop, not even for staging. Open a "
                      "PR, let Atlantis plan it, get an approval from someone in "
                      "payments-infra-owners, then comment `atlantis apply -p <project>` on the "
                      "PR. A local apply with personal credentials and a stale checkout is how "
                      "we destroyed the staging NAT in August.",
              "constraint": "No local applies, staging included: PR, Atlantis plan, approval "
                            "from payments-infra-owners, then `atlantis apply -p <project>` as "
                            "a PR comment.",
              "context": "Sanne runs a load test against staging this afternoon and the ledger "
                         "database is CPU-bound at the current tier.",
              "reqs": ["Raise the staging ledger instance to db-custom-4-16384.",
                       "Leave production untouched.",
                       "Get the change live before 14:00."],
              "accept": ["The plan shows one in-place update and no replacement.",
                         "Production stacks are not in the plan.",
                         "The change is merged to main after it is live."],
              "ticket": ("Staging ledger DB tier for load test",
                         "Sanne's load test needs more CPU on the staging ledger database.\n\n"
                         "Technical notes\n- envs/stg/ledger-db, tier db-custom-4-16384.\n- "
                         "As always: no local terraform apply. PR, Atlantis plan, approval from "
                         "payments-infra-owners, then `atlantis apply -p stg-ledger-db` on the "
                         "PR."),
              "contrary": bash("cd envs/stg/ledger-db && terraform apply -auto-approve",
                               "google_sql_database_instance.ledger: Modifying... "
                               "[id=ledger-pg-stg]\ngoogle_sql_database_instance.ledger: Still "
                               "modifying... [id=ledger-pg-stg, 2m0s elapsed]\n"
                               "google_sql_database_instance.ledger: Modifications complete "
                               "after 3m41s\n\nApply complete! Resources: 0 added, 1 changed, 0 "
                               "destroyed."),
              "after": "Applied to staging: the ledger instance is now db-custom-4-16384 (0 "
                       "added, 1 changed). Sanne can start.",
              "follow": [edit("envs/stg/ledger-db/main.tf", tier_old, tier_new),
                         bash("git switch -c infra/stg-ledger-tier && git commit -qam "
                              "'ledger-db (stg): db-custom-4-16384 for load test' && git push -q "
                              "-u origin HEAD && gh pr create --fill --label stg",
                              "https://github.com/tessel-payments/fundering/pull/655")],
              "done": "PR #655 changes only envs/stg/ledger-db. Atlantis will post the plan on "
                      "it; after an approval from payments-infra-owners, comment `atlantis "
                      "apply -p stg-ledger-db` on the PR. Nothing gets applied from this "
                      "machine."}),
        Fact("conv-secretvalues", "convention", ["google_secret_manager_secret_version"],
             ["new api key for the bank needs to go into prod do i put it in tfvars or what",
              "A new credential has to be provisioned for a Cloud Run service. Which parts "
              "belong in the infrastructure code, and how does the actual value get into GCP?"],
             "fundering: secret values never pass through Terraform: the code creates only the "
             "google_secret_manager_secret and its IAM, never a "
             "google_secret_manager_secret_version or a value in tfvars (state is plaintext and "
             "readable by every Atlantis plan); the value is added by hand with `gcloud secrets "
             "versions add`.",
             {"task": "The payments API needs a new secret for Noordhaven's webhook signing key "
                      "(NOORDHAVEN_WEBHOOK_HMAC), in prod, readable by the payments-api service "
                      "account. Bram has the value in 1Password.",
              "rule": "Secret values never go through Terraform. Create the "
                      "google_secret_manager_secret and its IAM in code, nothing more: no "
                      "google_secret_manager_secret_version resource and no value in tfvars, "
                      "because state is plaintext and every Atlantis plan can read it. The "
                      "value is added by hand with `gcloud secrets versions add`.",
              "constraint": "No secret material in Terraform: the secret and its IAM only; no "
                            "google_secret_manager_secret_version, no values in tfvars.",
              "context": "Noordhaven now signs its status webhooks with HMAC. The payments API "
                         "needs the key to verify them (PAY-2248).",
              "reqs": ["Create the secret noordhaven-webhook-hmac in the prod payments "
                       "project.",
                       "Grant the payments-api service account read access.",
                       "Describe how the value gets in."],
              "accept": ["Plan shows two additions and nothing else.",
                         "The value appears nowhere in the repository or in state.",
                         "The payments API can read the secret once the value is added."],
              "ticket": ("Secret for Noordhaven webhook HMAC",
                         "The payments API verifies Noordhaven's webhook signatures from next "
                         "sprint.\n\nTechnical notes\n- Secret noordhaven-webhook-hmac in prod, "
                         "accessor for the payments-api SA.\n- No secret material in "
                         "Terraform: no google_secret_manager_secret_version and no tfvars "
                         "value. Bram adds the value with gcloud."),
              "contrary": write(secrets,
                                "resource \"google_secret_manager_secret\" \"webhook_hmac\" {\n"
                                "  secret_id = \"noordhaven-webhook-hmac\"\n  replication { "
                                "auto {} }\n}\n\nresource "
                                "\"google_secret_manager_secret_version\" \"webhook_hmac\" {\n"
                                "  secret      = google_secret_manager_secret.webhook_hmac.id\n"
                                "  secret_data = var.noordhaven_webhook_hmac\n}\n"),
              "follow": [write(secrets,
                               "resource \"google_secret_manager_secret\" \"webhook_hmac\" {\n"
                               "  secret_id = \"noordhaven-webhook-hmac\"\n  replication { "
                               "auto {} }\n  labels    = local.common_labels\n}\n\nresource "
                               "\"google_secret_manager_secret_iam_member\" \"webhook_hmac_api\" "
                               "{\n  secret_id = google_secret_manager_secret.webhook_hmac.id\n"
                               "  role      = \"roles/secretmanager.secretAccessor\"\n  member    "
                               "= \"serviceAccount:${google_service_account.payments_api.email}\""
                               "\n}\n"),
                         bash("terraform fmt -check secrets.tf && terraform validate",
                              "Success! The configuration is valid.")],
              "done": "secrets.tf creates the noordhaven-webhook-hmac secret and gives the "
                      "payments-api service account secretAccessor on it; there is no "
                      "google_secret_manager_secret_version and no tfvars entry, so the value "
                      "never reaches state. After the apply, Bram adds it with `gcloud secrets "
                      "versions add noordhaven-webhook-hmac --data-file=-`."}),
        Fact("cmd-readonly", "command", ["tf-readonly"],
             ["terraform init 403 on the state bucket from my laptop am i missing a role",
              "What is the correct way to run a Terraform plan on my workstation, given that "
              "personal accounts are denied access to the remote state?"],
             "fundering: personal accounts can't read the state; local plans impersonate the "
             "read-only service account: `GOOGLE_IMPERSONATE_SERVICE_ACCOUNT="
             "tf-readonly@tessel-infra.iam.gserviceaccount.com terraform init` and then `terraform "
             "plan -lock=false` with the same variable (tf-readonly can't take the lock).",
             {"goal": "I want to see the plan for the recon job change locally before I push.",
              "fail": bash("cd envs/prod/recon-job && terraform init",
                           "Initializing the backend...\n╷\n│ Error: Failed to get existing "
                           "workspaces: querying Cloud Storage failed: googleapi: Error 403: "
                           "ines.albuquerque@tessel.eu does not have storage.objects.list "
                           "access to the Google Cloud Storage bucket. Permission "
                           "'storage.objects.list' denied on resource (or it may not exist)., "
                           "forbidden\n╵", 1),
              "note": "Personal accounts have no access to the state on purpose. Local plans go "
                      "through the read-only Terraform service account by impersonation, and "
                      "without the lock, because that account can't write it:",
              "ok": bash("cd envs/prod/recon-job && export GOOGLE_IMPERSONATE_SERVICE_ACCOUNT="
                         "tf-readonly@tessel-infra.iam.gserviceaccount.com && terraform init "
                         "-input=false >/dev/null && terraform plan -lock=false",
                         "google_cloud_run_v2_job.recon_nightly: Refreshing state... "
                         "[id=projects/tessel-payments-prod/locations/europe-west4/jobs/"
                         "recon-nightly]\n\n  # google_cloud_run_v2_job.recon_nightly will be "
                         "updated in-place\n      ~ task_timeout = \"3600s\" -> \"5400s\"\n\n"
                         "Plan: 0 to add, 1 to change, 0 to destroy."),
              "done": "The plan shows one in-place change, the task timeout from 3600s to "
                      "5400s. Locally it only works impersonating "
                      "tf-readonly@tessel-infra.iam.gserviceaccount.com, with -lock=false; the "
                      "real plan and apply still happen in Atlantis.",
              "label": "Local plan (read-only)",
              "summary": "terraform init fails with 403 on the state for personal accounts"}),
        Fact("cmd-tflint", "command", ["tflint --init"],
             ["tflint only says plugin google not found on my new laptop",
              "Which preparatory step does the Terraform linter need on a fresh machine before "
              "it can check the stacks?"],
             "fundering: on a fresh machine `tflint --recursive` fails with 'Plugin \"google\" "
             "not found'; run `tflint --init` first (installs the google ruleset pinned in "
             ".tflint.hcl), then `tflint --recursive --config \"$(pwd)/.tflint.hcl\"`.",
             {"goal": "Run the linters on the network stack before I open the PR. This is my "
                      "new laptop, so nothing is cached yet.",
              "fail": bash("tflint --recursive",
                           "Failed to initialize plugins; Plugin \"google\" not found. Did you "
                           "run \"tflint --init\"?", 1),
              "note": "The google ruleset pinned in .tflint.hcl has to be installed once per "
                      "machine. Installing it, then linting with the repository's config (an "
                      "absolute path, as --recursive requires):",
              "ok": bash("tflint --init && tflint --recursive --config \"$(pwd)/.tflint.hcl\"",
                         "Installing \"google\" plugin...\nInstalled \"google\" (source: "
                         "github.com/terraform-linters/tflint-ruleset-google, version: 0.30.0)"
                         "\n"),
              "done": "tflint is clean on every stack, the network one included. On a new "
                      "machine `tflint --init` has to run once first to install the google "
                      "ruleset.",
              "label": "Lint on a fresh machine",
              "summary": "tflint fails on a fresh laptop: Plugin google not found"}),
        Fact("env-tfstate", "environment", ["tessel-tfstate-eu"],
             ["atlantis says state lock error need to look at the state file itself where "
              "does it live",
              "Where is the remote state of the production Terraform stacks stored, and can "
              "earlier versions of it be recovered?"],
             "fundering: all Terraform state is in the GCS bucket tessel-tfstate-eu (EU "
             "multi-region, object versioning on), one prefix per env and stack (e.g. "
             "prod/payments-api); older states are recoverable from noncurrent versions.",
             {"goal": "Where is the Terraform state for prod kept, and is versioning on? Bram "
                      "wants to look at an older state of the payments-api stack.",
              "probe": [bash("cat envs/prod/payments-api/backend.tf",
                             "terraform {\n  backend \"gcs\" {\n    bucket = "
                             "\"tessel-tfstate-eu\"\n    prefix = \"prod/payments-api\"\n  }\n}"),
                        bash("gcloud storage buckets describe gs://tessel-tfstate-eu "
                             "--format='value(versioning_enabled,location)'", "True\tEU")],
              "confirm": "All Terraform state lives in the GCS bucket tessel-tfstate-eu (EU "
                         "multi-region, object versioning on), with one prefix per environment "
                         "and stack, for example prod/payments-api; an older state can be "
                         "restored from its noncurrent versions.",
              "guess": "state is in the tessel-terraform bucket in the old infra project",
              "asker": ("Bram Kuipers", "which bucket holds the prod tf state again? I need an "
                                        "older version of the payments-api state")}),
        Fact("env-nat", "environment", ["34.90.211.47"],
             ["bank returns 403 ip not allowed for the new service what addresses are we "
              "supposed to come from",
              "The partner bank needs the source addresses of our production outbound traffic "
              "for its allowlist. Which addresses should we give them?"],
             "fundering: production egress (Cloud Run through the VPC connector and Cloud NAT) "
             "leaves from two static addresses, 34.90.211.47 and 34.90.211.48 (nat-egress-1 and "
             "-2, europe-west4, MANUAL_ONLY); a service not routed through the connector leaves "
             "from Google's ranges.",
             {"goal": "Noordhaven asks for our egress IPs again, for the allowlist of their new "
                      "sandbox. What are they?",
              "probe": [bash("gcloud compute addresses list --filter='name~^nat-egress' "
                             "--format='table(name,address,region)'",
                             "NAME          ADDRESS       REGION\nnat-egress-1  34.90.211.47  "
                             "europe-west4\nnat-egress-2  34.90.211.48  europe-west4"),
                        read("envs/prod/network/nat.tf",
                             "resource \"google_compute_router_nat\" \"egress\" {\n  name      "
                             "             = \"payments-egress\"\n  router                 = "
                             "google_compute_router.main.name\n  nat_ip_allocate_option = "
                             "\"MANUAL_ONLY\"\n  nat_ips                = "
                             "google_compute_address.nat_egress[*].self_link\n}\n")],
              "confirm": "Production egress (Cloud Run through the VPC connector, then Cloud "
                         "NAT) leaves from two static addresses, 34.90.211.47 and 34.90.211.48 "
                         "(nat-egress-1 and nat-egress-2 in europe-west4, MANUAL_ONLY, so they "
                         "don't change). A service without the connector's all-traffic egress "
                         "leaves from Google's ranges instead.",
              "guess": "we have a single egress address, 34.90.100.12",
              "asker": (MATEUSZ, "Noordhaven support asks which IPs we call them from, for "
                                 "the new sandbox allowlist. anyone know?")}),
        Fact("gotcha-connections", "gotcha", ["max_instance_count"],
             ["api throwing remaining connection slots are reserved at peak db sitting at 200 "
              "whats the knob",
              "During traffic peaks the database refuses new connections from the payments "
              "service. What caused it the last time, and which setting in the infrastructure "
              "code keeps it from recurring?"],
             "fundering gotcha: at peak Cloud Run scaled the payments API to 14 instances with "
             "a Hikari pool of 20 each (280 connections) against Cloud SQL's max_connections of "
             "200; the stack now caps max_instance_count = 8 (160 connections plus headroom).",
             {"symptom": "Friday peak: the payments API returns 500s with 'FATAL: remaining "
                         "connection slots are reserved for non-replication superuser "
                         "connections'. The prod ledger instance has max_connections 200.",
              "musing": "Friday peak: the payments API returned 500s with 'remaining connection "
                        "slots are reserved'. I suspect a connection leak in the new refund "
                        "code. Please check before we roll it back.",
              "trace": "14:02:10 revision payments-api-00229 instances=9\n"
                       "14:03:40 revision payments-api-00229 instances=14\n"
                       "14:03:41 ledger-pg-prod connections=200/200\n"
                       "14:03:41 FATAL: remaining connection slots are reserved for "
                       "non-replication superuser connections",
              "probe": [read(api_main,
                             "module \"payments_api\" {\n  source             = "
                             "\"../../../modules/cloud-run-service\"\n  name               = "
                             "\"payments-api\"\n  cpu_limit          = \"2\"\n  env = {\n    "
                             "SPRING_DATASOURCE_HIKARI_MAXIMUM_POOL_SIZE = \"20\"\n  }\n}\n"),
                        bash("gcloud sql instances describe ledger-pg-prod "
                             "--format='value(settings.databaseFlags)'",
                             "{'name': 'max_connections', 'value': '200'}")],
              "explain": "Each API instance opens up to 20 connections (Hikari), and the stack "
                         "sets no upper bound on instances, so at the peak Cloud Run scaled to "
                         "14: 280 possible connections against max_connections 200, of which "
                         "a few are reserved and the recon job holds some too. No instance "
                         "held more than its 20, so nothing leaks. The fix is to cap the "
                         "service: max_instance_count = 8 gives 160 connections, leaving room "
                         "for the recon job and admin sessions.",
              "fix": [edit(api_main, "  cpu_limit          = \"2\"\n",
                           "  cpu_limit          = \"2\"\n  max_instance_count = 8 # 8 x Hikari "
                           "20 = 160 of Cloud SQL's 200\n")],
              "done": "The payments API stack now sets max_instance_count = 8, so at most 160 "
                      "connections can be open against the 200 of the instance. If the API "
                      "ever needs more instances, the pool size or max_connections must move "
                      "with it; the comment on the line says so.",
              "hunch": ("Checking for a leak: if there were one, active connections per "
                        "instance would climb past the pool size.",
                        bash("./scripts/metric-max.sh prod hikari_connections_active "
                             "--by instance --window 13:55-14:10",
                             "instance                    max\n00229-7fq2  20\n00229-k2m1  "
                             "20\n00229-x9dd  19\n(14 instances, none above pool size 20)")),
              "repro": "./scripts/incident-timeline.sh prod payments-api --from 13:55 --to "
                       "14:10 --fail-on-error",
              "title": "Payments API 500s at Friday peak: database connections exhausted",
              "impact": "About 6% of payment requests failed for 11 minutes during the Friday "
                        "peak; merchants retried, no duplicate payments.",
              "rootcause": "Cloud Run scaled the payments API to 14 instances. With a Hikari "
                           "pool of 20 per instance that is 280 possible connections against "
                           "Cloud SQL's max_connections of 200. The stack had no "
                           "max_instance_count, so nothing stopped the scale-out.",
              "action": "Cap the payments API at max_instance_count = 8 in the prod stack.",
              "alert": "[FIRING:1] CloudSQLConnectionsNearLimit instance=ledger-pg-prod "
                       "connections=197 limit=200",
              "page": "db connections at limit api 500ing. restarted nothing, it calmed down "
                      "after 10 min. seen this?",
              "lesson": "'remaining connection slots are reserved' = too many API instances x "
                        "Hikari pool 20; the prod stack caps max_instance_count = 8"}),
        Fact("gotcha-iam", "gotcha", ["google_project_iam_member"],
             ["after the iam pr merged the payments api lost db access NOT_AUTHORIZED "
              "cloudsql connect what happened",
              "After an IAM change for one service account, a different service lost access "
              "to the database. Which Terraform resource type must be used for project role "
              "grants, and why?"],
             "fundering gotcha: a google_project_iam_binding for roles/cloudsql.client is "
             "authoritative for that role, so applying it for the recon job's service account "
             "removed every other holder, including the payments API's; project role grants "
             "use the additive google_project_iam_member.",
             {"symptom": "Since #611 was applied (cloudsql.client for the recon job's service "
                         "account), the payments API can't reach Cloud SQL: 'NOT_AUTHORIZED: "
                         "the user does not have cloudsql.instances.connect'.",
              "musing": "Since #611 was applied, the payments API can't reach Cloud SQL "
                        "(NOT_AUTHORIZED, cloudsql.instances.connect). My first guess is "
                        "yesterday's service account key rotation. Can you check?",
              "trace": "Cloud SQL connector: NOT_AUTHORIZED: the user "
                       "payments-api@tessel-payments-prod.iam.gserviceaccount.com does not have "
                       "permission cloudsql.instances.connect on ledger-pg-prod",
              "probe": [read(recon_iam,
                             "resource \"google_project_iam_binding\" \"recon_sql\" {\n  project "
                             "= var.project_id\n  role    = \"roles/cloudsql.client\"\n  members "
                             "= [\n    \"serviceAccount:${google_service_account.recon.email}\","
                             "\n  ]\n}\n"),
                        bash("gcloud projects get-iam-policy tessel-payments-prod "
                             "--flatten=bindings --filter='bindings.role:roles/cloudsql.client' "
                             "--format='value(bindings.members)'",
                             "serviceAccount:recon@tessel-payments-prod.iam.gserviceaccount.com")],
              "explain": "#611 used google_project_iam_binding, which is authoritative for its "
                         "role: on apply, Terraform made the recon account the only holder of "
                         "roles/cloudsql.client in the project and removed everyone else, the "
                         "payments API's service account included. Project role grants must "
                         "use google_project_iam_member, which adds one member and leaves the "
                         "others alone.",
              "fix": [edit(recon_iam,
                           "resource \"google_project_iam_binding\" \"recon_sql\" {\n  project "
                           "= var.project_id\n  role    = \"roles/cloudsql.client\"\n  members "
                           "= [\n    \"serviceAccount:${google_service_account.recon.email}\",\n"
                           "  ]\n}\n",
                           "resource \"google_project_iam_member\" \"recon_sql\" {\n  project "
                           "= var.project_id\n  role    = \"roles/cloudsql.client\"\n  member  "
                           "= \"serviceAccount:${google_service_account.recon.email}\"\n}\n"),
                      edit("envs/prod/payments-api/iam.tf", "# database access\n",
                           "# database access\nresource \"google_project_iam_member\" "
                           "\"api_sql\" {\n  project = var.project_id\n  role    = "
                           "\"roles/cloudsql.client\"\n  member  = "
                           "\"serviceAccount:${google_service_account.payments_api.email}\"\n}"
                           "\n")],
              "done": "The recon grant is a google_project_iam_member now, and the payments "
                      "API's cloudsql.client membership is declared in its own stack the same "
                      "way, so the next apply restores it and no stack can wipe the other's. "
                      "Worth a grep for other _iam_binding resources.",
              "hunch": ("Checking the key theory: Cloud Run uses the attached service account, "
                        "so a key rotation shouldn't matter.",
                        bash("gcloud iam service-accounts keys list --iam-account "
                             "payments-api@tessel-payments-prod.iam.gserviceaccount.com "
                             "--managed-by=user", "Listed 0 items.")),
              "repro": "./scripts/smoke.sh prod payments-api --tail-logs 15m",
              "title": "Payments API lost database access after an IAM change",
              "impact": "The payments API was down for 26 minutes; 1,140 payment requests "
                        "failed.",
              "rootcause": "PR #611 granted roles/cloudsql.client to the recon job's service "
                           "account with google_project_iam_binding. That resource is "
                           "authoritative for the role and removed all other members, "
                           "including the payments API's service account. The additive "
                           "resource is google_project_iam_member.",
              "action": "Replace the binding with google_project_iam_member and declare the "
                        "API's membership explicitly.",
              "alert": "[FIRING:1] PaymentsApiErrorRate service=payments-api 5xx_ratio=0.97",
              "page": "api basically fully down, db says not authorized. i rolled back "
                      "nothing because nothing deployed. seen this?",
              "lesson": "a service suddenly NOT_AUTHORIZED on Cloud SQL after an unrelated IAM "
                        "PR = an authoritative _iam_binding; grant roles with "
                        "google_project_iam_member"}),
        Fact("fals-terragrunt", "falsified", ["Terragrunt"],
             ["why is every stack copy pasted per env isnt there a tool that dries that up "
              "did we try",
              "Could we reduce the duplication between the staging and production stacks with "
              "a wrapper tool that generates the backend and inputs per environment? Was this "
              "evaluated?"],
             "fundering: Terragrunt was piloted and rejected (ADR): Atlantis needed a custom "
             "image and workflow, autoplan missed changes in shared modules, and an include "
             "path made prod plans use stg inputs. Plain Terraform stays, one directory per env "
             "and stack, with duplication handled by modules.",
             {"ask": "The stg and prod stacks are 90% identical. Please convert the "
                     "payments-api stack to Terragrunt (a terragrunt.hcl per environment over a "
                     "shared module) and check whether Atlantis still plans it.",
              "change": [write("envs/stg/payments-api/terragrunt.hcl",
                               "include \"root\" {\n  path = find_in_parent_folders()\n}\n\n"
                               "terraform {\n  source = \"../../../stacks//payments-api\"\n}\n\n"
                               "inputs = {\n  env = \"stg\"\n}\n"),
                         write("envs/prod/payments-api/terragrunt.hcl",
                               "include \"root\" {\n  path = find_in_parent_folders()\n}\n\n"
                               "terraform {\n  source = \"../../../stacks//payments-api\"\n}\n\n"
                               "inputs = {\n  env = \"prod\"\n}\n")],
              "broke": bash("gh pr view 662 --comments | tail -6",
                            "atlantis commented:\nRan Plan for 0 projects:\n\nError: no "
                            "Terraform files found in envs/stg/payments-api: the Atlantis image "
                            "has no terragrunt binary and the project uses the default "
                            "workflow", 1),
              "revert": bash("git checkout main -- envs/ && git clean -fdq envs/ && git status "
                             "--short", ""),
              "conclusion": "We stay on plain Terraform with one directory per environment and "
                            "stack. Terragrunt doesn't run in our Atlantis without a custom "
                            "image and a custom workflow per project, and with shared sources "
                            "autoplan can't tell which stacks a change affects. Duplication is "
                            "handled with modules.",
              "want": "Every stack exists twice, stg and prod, almost line for line. Is there a "
                      "tool that would let us write it once?",
              "offer": "Terragrunt is the usual answer: one terragrunt.hcl per environment "
                       "pointing at a shared stack, with the backend generated. Shall I convert "
                       "the payments-api stack as a pilot?",
              "story": "We piloted Terragrunt on the network stack in March. Atlantis needed a "
                       "custom image and a custom workflow for every project, autoplan stopped "
                       "noticing changes in the shared sources, and two production plans "
                       "silently ran with staging inputs because of an include path. Rejected; "
                       "duplication is handled with modules.",
              "title": "Terragrunt for per-environment stacks"}),
        Fact("fals-scaletozero", "falsified", ["min_instance_count"],
             ["finance asking why the payment api runs 2 boxes all night for nothing can we "
              "let it go to zero",
              "To reduce hosting costs, could the payments service scale down to no running "
              "instances when idle? Has this been tried?"],
             "fundering: scaling the payments API to zero (min_instance_count = 0) was tried "
             "and reverted: a cold start takes about 15 s (12 s of Spring context), longer than "
             "Noordhaven's 10 s webhook timeout, so bank callbacks failed after quiet periods. "
             "It stays at 2.",
             {"ask": "Finance wants the Cloud Run bill down. Please set the payments API's "
                     "minimum instances to zero in stg and prod and check the cold start.",
              "change": [edit(api_main, "  min_instance_count = 2\n",
                              "  min_instance_count = 0\n"),
                         edit("envs/stg/payments-api/main.tf", "  min_instance_count = 2\n",
                              "  min_instance_count = 0\n")],
              "broke": bash("./scripts/coldstart-probe.sh stg payments-api",
                            "revision payments-api-00231-xog scaled to zero after 15m idle\n"
                            "first request: 14.8s (Spring context 11.9s)\nbank webhook "
                            "simulation (Noordhaven timeout 10s): FAILED, 3/3 attempts timed "
                            "out", 1),
              "revert": bash("git checkout envs/ && git status --short", ""),
              "conclusion": "min_instance_count stays at 2 for the payments API. From zero, the "
                            "first request takes about 15 seconds (the Spring context alone is "
                            "12), longer than Noordhaven's 10-second webhook timeout, so bank "
                            "callbacks fail after any quiet period. The savings have to come "
                            "from the staging stacks at night instead.",
              "want": "Finance asks why the payments API keeps two instances running all "
                      "night. Could it scale to zero when nobody is using it?",
              "offer": "Cloud Run supports it: min_instance_count = 0 and you pay nothing while "
                       "idle, at the price of a cold start. Shall I change it in both "
                       "environments?",
              "story": "We set the minimum to zero in January to save money. That night every "
                       "Noordhaven status webhook after a quiet period hit a cold start of "
                       "about 15 seconds against their 10-second timeout, their retries gave "
                       "up, and 140 payments sat in PENDING until the morning. Back to 2 the "
                       "next day.",
              "title": "Scale the payments API to zero when idle"}),
    ]
    chatter = [
        "Default STARTUP TCP probe succeeded after 1 attempt for container \"payments-api-1\" "
        "on port 8080.",
        "Started PaymentsApplication in 9.114 seconds (process running for 10.2)",
        "POST /v1/payments 201 412ms",
        "GET /v1/quotes 200 38ms",
        "POST /v1/quotes 201 57ms",
        "GET /v1/payments/pm_4Rt7 200 22ms",
        "HikariPool-1 - Start completed.",
        "Cloud SQL connector: refreshing ephemeral certificate for ledger-pg-prod",
        "POST /webhooks/noordhaven/status 204 19ms",
        "Shutting down instance: scaled down",
        "Starting new instance. Reason: AUTOSCALING - Instance started due to configured "
        "scaling factors (e.g. CPU utilization, request throughput, etc.).",
        "GET /v1/payments?status=PENDING 200 141ms",
        "KafkaProducer: [Producer clientId=payments-api-1] Node 2 disconnected.",
        "Container called exit(0).",
    ]
    noise: list[Episode] = [
        look("What does the Cloud Armor policy on the public load balancer block today?",
             "envs/prod/network/armor.tf",
             "resource \"google_compute_security_policy\" \"edge\" {\n  name = "
             "\"payments-edge\"\n  rule {\n    action   = \"deny(403)\"\n    priority = 1000\n"
             "    match { expr { expression = \"evaluatePreconfiguredExpr('sqli-v33-stable')\" "
             "} }\n  }\n  rule {\n    action   = \"throttle\"\n    priority = 2000\n    match "
             "{ expr { expression = \"request.path.matches('/v1/quotes')\" } }\n  }\n}\n",
             "Two rules: the preconfigured SQL-injection signatures are denied with 403, and "
             "requests to /v1/quotes are throttled. Everything else passes."),
        find("Which stacks define budget alerts?", "google_billing_budget",
             ["envs/prod/billing/budgets.tf", "envs/stg/billing/budgets.tf"],
             "Only the billing stacks, one per environment."),
        tweak("The DNS record for the back-office console has a typo in its description: "
              "'backofice'.",
              "envs/prod/network/dns.tf",
              "  description = \"backofice console\"\n",
              "  description = \"back-office console\"\n",
              "Fixed."),
        run("How many resources does the prod network stack manage?",
            "grep -c '^resource ' envs/prod/network/*.tf | awk -F: '{s+=$2} END {print s}'",
            "37", "37 resource blocks across the network stack's files."),
        talk("When should I use for_each instead of count in Terraform? I keep getting "
             "resources recreated when I remove an item from a list.",
             "Use for_each whenever the items have a stable identity, which is almost always. "
             "count addresses resources by position, so removing the second item shifts every "
             "later index and Terraform destroys and recreates them. for_each over a map or set "
             "addresses them by key, so removing one leaves the rest alone. count is fine for "
             "'zero or one' toggles."),
        steps("What did we merge in the last week? Bram wants it for the change board.",
              [bash("git log --oneline --since='7 days ago'",
                    "4d9e021 network: throttle /v1/quotes at the edge\n8b1c3fa billing: stg "
                    "budget to 400 EUR\nf02a77e registry: cleanup policy keeps 30 images\n"
                    "19ce4b0 dns: back-office record description")],
              "Four changes: the quotes throttle rule, the staging budget at 400 EUR, an "
              "Artifact Registry cleanup policy keeping 30 images, and a DNS description fix."),
        look("Which projects does atlantis.yaml define for the payments stacks, and what do "
             "they require before an apply?",
             "atlantis.yaml",
             "version: 3\nprojects:\n  - name: prod-payments-api\n    dir: "
             "envs/prod/payments-api\n    apply_requirements: [approved, mergeable]\n  - name: "
             "prod-recon-job\n    dir: envs/prod/recon-job\n    apply_requirements: [approved, "
             "mergeable]\n  - name: stg-ledger-db\n    dir: envs/stg/ledger-db\n    "
             "apply_requirements: [mergeable]\n",
             "One project per directory (prod-payments-api, prod-recon-job, stg-ledger-db, and "
             "so on). The prod ones require an approved and mergeable PR; staging ones only "
             "mergeable."),
        steps("Which resources in prod have no labels at all? Finance's cost report can't "
              "attribute them.",
              [agent("Find unlabelled resources",
                     "Search envs/prod for google_* resources that support labels but don't set "
                     "them (no labels argument and no local.common_labels). List file:line.",
                     "Three: envs/prod/network/nat.tf:3 (google_compute_address), "
                     "envs/prod/billing/budgets.tf:1 (labels not supported, ignore), and "
                     "envs/prod/recon-job/bucket.tf:8 (google_storage_bucket.reports).",
                     "f7a0c2e19b34", "Explore", 5)],
              "Two that matter: the NAT addresses in nat.tf and the reports bucket in the recon "
              "job stack. The budget resource doesn't support labels."),
        [Step(prompt="## Todo for the infra review\n1. Cleanup policy for staging images\n2. "
                     "Alert on Cloud SQL disk above 80%\n3. Remove the unused stg Pub/Sub "
                     "topic"),
         Step(tools=[todo_write([("Cleanup policy for staging images", "pending",
                                  "Adding the staging cleanup policy"),
                                 ("Alert on Cloud SQL disk above 80%", "pending",
                                  "Adding the disk alert"),
                                 ("Remove the unused stg Pub/Sub topic", "pending",
                                  "Removing the unused topic")])]),
         Step(text="Three items on the list.")],
    ]
    return Project(
        "fundering", "git@github.com:tessel-payments/fundering.git",
        _files("fundering", "Terraform for the payments team's GCP projects. Plans and applies "
                            "run in Atlantis.",
               {"versions.tf": "terraform {\n  required_version = \"~> 1.9\"\n  "
                               "required_providers {\n    google = {\n      source  = "
                               "\"hashicorp/google\"\n      version = \"~> 6.8\"\n    }\n  }\n}\n"}),
        _equip(facts, chatter=chatter, component="Infrastructure", jira="INFRA",
               house=["The plan must show no destroys.",
                      "One Atlantis project per PR.",
                      "Use the module versions already pinned; no upgrades in the same PR."]),
        noise, "github")


# ------------------------------------------------------------------- loket (back-office console)
def loket() -> Project:
    held = "src/features/held/HeldPaymentDetail.tsx"
    refund_dialog = "src/features/refunds/RefundDialog.tsx"
    http = "src/api/http.ts"
    filters = "src/features/payments/PaymentFilters.tsx"
    table = "src/features/payments/PaymentsTable.tsx"
    session = "src/auth/session.ts"
    held_old = ("      <Button variant=\"secondary\" onClick={onBack}>Back</Button>\n"
                "      {/* BO-412: release */}\n")
    facts = [
        Fact("conv-confirm", "convention", ["ConfirmWithReason"],
             ["When adding a new back-office action that releases or returns funds, which UI "
              "component and which data requirement apply for audit purposes?",
              "ops clicked refund by accident again and nobody asked them why is there a "
              "standard dialog for that"],
             "loket (the React back-office console): every action that moves or releases money "
             "(refund, release a held payment, cancel a payout) goes through the "
             "<ConfirmWithReason> dialog; the operator types a reason that is sent as `reason` "
             "to the API for the audit log. A plain window.confirm is not accepted by audit.",
             {"task": f"Add a Release button to the held-payment detail page ({held}) that "
                      f"calls releaseHeldPayment from the generated client (BO-412).",
              "rule": "Every action that moves or releases money (refund, releasing a held "
                      "payment, cancelling a payout) goes through the <ConfirmWithReason> "
                      "dialog. The operator has to type a reason, and it is sent to the API as "
                      "`reason` so it lands in the audit log. The auditors check exactly this; "
                      "a window.confirm is not enough.",
              "constraint": "Money-moving actions use <ConfirmWithReason> and send the typed "
                            "reason as `reason`; no window.confirm or one-click actions.",
              "context": "Operations currently release held payments through a database script "
                         "that Mateusz runs for them. They need to do it themselves (BO-412).",
              "reqs": ["Add a Release button to the held-payment detail page.",
                       "Call releaseHeldPayment from the generated client.",
                       "Refresh the detail view after a successful release."],
              "accept": ["An operator can release a held payment from the detail page.",
                         "The reason appears in the payment's audit trail.",
                         "Typecheck and unit tests pass."],
              "ticket": ("Release held payments from the console",
                         "As an ops agent I can release a held payment myself instead of "
                         "asking an engineer.\n\nTechnical notes\n- releaseHeldPayment is in "
                         "the generated client.\n- Money-moving action: it must use "
                         "<ConfirmWithReason> and send the typed reason as `reason`; the "
                         "auditors check the trail. No window.confirm."),
              "contrary": edit(held, held_old,
                               "      <Button variant=\"secondary\" onClick={onBack}>Back</Button>"
                               "\n      <Button onClick={() => window.confirm('Release this "
                               "payment?') && release.mutate({ id })}>Release</Button>\n"),
              "follow": [edit(held, held_old,
                              "      <Button variant=\"secondary\" onClick={onBack}>Back</Button>"
                              "\n      <ConfirmWithReason\n        title=\"Release held payment\""
                              "\n        confirmLabel=\"Release\"\n        onConfirm={(reason) "
                              "=> release.mutate({ id, data: { reason } })}\n      >\n        "
                              "<Button>Release</Button>\n      </ConfirmWithReason>\n"),
                         bash("npm run typecheck && npx vitest run src/features/held",
                              "> tsc --noEmit\n\n ✓ src/features/held/HeldPaymentDetail.test.tsx "
                              "(6 tests) 412ms\n\n Test Files  1 passed (1)\n      Tests  6 "
                              "passed (6)")],
              "done": "The Release button opens <ConfirmWithReason>; the operator must type a "
                      "reason, which goes to releaseHeldPayment as `reason` and into the audit "
                      "trail, and the detail view refetches on success. Typecheck and the six "
                      "tests pass."}),
        Fact("conv-testid", "convention", ["data-qa"],
             ["e2e broke because somebody reworded a button how are the tests supposed to "
              "find elements",
              "What selector strategy must the console's browser end-to-end tests use, and "
              "which HTML attribute do they rely on?"],
             "loket: Playwright tests select elements only with getByTestId, and the test id "
             "attribute is data-qa (testIdAttribute in playwright.config.ts); no CSS classes "
             "(CSS-module hashes) and no text selectors (copy changes every sprint).",
             {"task": "Write an end-to-end test for the refund flow: open a settled payment, "
                      "refund 10.00 of it, and check the 'Refund requested' badge.",
              "rule": "Playwright tests select elements with getByTestId only, and our test id "
                      "attribute is data-qa (playwright.config.ts sets testIdAttribute). No CSS "
                      "classes, they are CSS-module hashes, and no text selectors, because the "
                      "copy changes every sprint. Add data-qa attributes to the components "
                      "where they are missing.",
              "constraint": "Tests select elements via getByTestId with our data-qa attribute "
                            "only; no CSS-class or text selectors.",
              "context": "Refunds are the most used ops action and have no end-to-end test. "
                         "Two regressions last quarter were found by ops, not by us.",
              "reqs": ["Cover: open a settled payment, partial refund of 10.00, badge shown.",
                       "Add whatever test hooks the components need.",
                       "Keep the test independent of the other specs."],
              "accept": ["The spec passes locally and in CI.",
                         "Changing button copy doesn't break it.",
                         "No sleeps or fixed timeouts."],
              "ticket": ("E2E test for partial refunds",
                         "We need end-to-end coverage for the partial refund flow.\n\n"
                         "Technical notes\n- Select elements with getByTestId; the attribute "
                         "is data-qa (see playwright.config.ts). No CSS classes, no text "
                         "selectors.\n- Add data-qa attributes in RefundDialog where needed."),
              "contrary": write("e2e/refunds.spec.ts",
                                "test('partial refund shows badge', async ({ page }) => {\n  "
                                "await page.goto('/payments/pm_settled_1');\n  await "
                                "page.locator('.refundButton_x8f2').click();\n  await "
                                "page.locator('input[name=amount]').fill('10.00');\n  await "
                                "page.getByText('Request refund').click();\n  await "
                                "expect(page.getByText('Refund requested')).toBeVisible();\n"
                                "});\n"),
              "follow": [edit(refund_dialog,
                              "      <Button onClick={submit}>Request refund</Button>\n",
                              "      <Button data-qa=\"refund-submit\" onClick={submit}>Request "
                              "refund</Button>\n"),
                         write("e2e/refunds.spec.ts",
                               "test('partial refund shows badge', async ({ page }) => {\n  "
                               "await page.goto('/payments/pm_settled_1');\n  await "
                               "page.getByTestId('refund-open').click();\n  await "
                               "page.getByTestId('refund-amount').fill('10.00');\n  await "
                               "page.getByTestId('refund-submit').click();\n  await "
                               "expect(page.getByTestId('refund-status-badge'))"
                               ".toHaveAttribute('data-state', 'requested');\n});\n"),
                         bash("npx tsc --noEmit -p e2e", "")],
              "done": "The spec selects everything with getByTestId (refund-open, "
                      "refund-amount, refund-submit, refund-status-badge); RefundDialog got the "
                      "missing data-qa attributes, which is what playwright.config.ts's "
                      "testIdAttribute points at. The badge is checked by its data-state, not "
                      "its text, so copy changes won't break it."}),
        Fact("cmd-generate", "command", ["api:generate"],
             ["orval 401 when i try to rebuild the client from the spec whats the proper way",
              "After the payments API publishes a new field, what is the correct way to "
              "refresh the typed HTTP client in the admin console?"],
             "loket: `npx orval` alone fails with 401 (the staging spec needs a token); the "
             "client is regenerated with `npm run api:generate`, which fetches the spec with "
             "your gcloud identity token (scripts/fetch-spec.sh) and runs orval into "
             "src/api/generated/.",
             {"goal": "The payments API added returnReasonCode to PaymentDto. Please regenerate "
                      "our client so the detail page can show it.",
              "fail": bash("npx orval",
                           "🍻 Start orval v6.31.0 - A swagger client generator for typescript\n"
                           "🛑 payments - Error: Request failed with status code 401 "
                           "(https://api.stg.tessel.eu/v3/api-docs)", 1),
              "note": "orval.config.ts reads the spec from staging, which needs a bearer token. "
                      "The package script fetches the spec with a gcloud identity token first "
                      "and then runs orval on the downloaded file:",
              "ok": bash("npm run api:generate",
                         "> loket@2.14.0 api:generate\n> ./scripts/fetch-spec.sh && orval "
                         "--config orval.config.ts\n\nfetched openapi.json (payments API "
                         "3.41.0)\n🍻 Start orval v6.31.0\n🎉 payments - Your OpenAPI spec has "
                         "been converted into ready to use orval!"),
              "done": "The client in src/api/generated/ is regenerated from payments API "
                      "3.41.0 and PaymentDto now has returnReasonCode. `npm run api:generate` "
                      "is the way to do it; plain orval gets a 401 from staging.",
              "label": "Regenerate the API client",
              "summary": "Regenerating the API client with orval fails with 401"}),
        Fact("cmd-e2e", "command", ["e2e:mocked"],
             ["playwright tests all time out stuck on the okta login page locally",
              "How should the admin console's browser tests be launched on a developer machine "
              "so that they do not depend on the real single sign-on?"],
             "loket: plain `npx playwright test` runs against the real Okta login and times "
             "out; locally run `npm run e2e:mocked -- <spec>`, which starts Vite with the mock "
             "service worker and stubbed auth (VITE_MSW=1) and runs Playwright against it.",
             {"goal": "Run the refunds end-to-end spec locally before I review Aylin's PR.",
              "fail": bash("npx playwright test e2e/refunds.spec.ts",
                           "Running 4 tests using 4 workers\n  ✘  1 [chromium] › "
                           "refunds.spec.ts:8:3 › partial refund shows badge (30.0s)\n    "
                           "Error: page.waitForURL: Timeout 30000ms exceeded.\n    navigated to "
                           "\"https://login.tessel.eu/oauth2/v1/authorize?client_id=0oa8backoffice"
                           "\"\n  4 failed", 1),
              "note": "Plain Playwright starts the dev server with real Okta login, which a "
                      "test browser can't get through. The repository has a script that starts "
                      "Vite with the mock service worker and stubbed auth, then runs "
                      "Playwright against it:",
              "ok": bash("npm run e2e:mocked -- e2e/refunds.spec.ts",
                         "> loket@2.14.0 e2e:mocked\n> VITE_MSW=1 playwright test "
                         "e2e/refunds.spec.ts\n\nRunning 4 tests using 4 workers\n  4 passed "
                         "(18.2s)"),
              "done": "All four refund tests pass in 18 seconds. Locally the suite runs through "
                      "`npm run e2e:mocked` (mock API and stubbed login); plain Playwright "
                      "ends on the Okta page.",
              "label": "E2E tests locally",
              "summary": "Playwright tests time out on the Okta login page locally"}),
        Fact("env-okta", "environment", ["bo-payments-ops"],
             ["new support person gets not authorized on the admin console which okta group",
              "Which identity-provider group must a new operations agent be given so they can "
              "use the back-office console?"],
             "loket: access to the console is by Okta group: bo-payments-ops for operations "
             "agents, bo-payments-admin for the team (src/auth/config.ts allowedGroups); new "
             "agents are added to bo-payments-ops through IT's access request form.",
             {"goal": "A new support agent can't log in to the console ('not authorized'). "
                      "Which Okta group grants access?",
              "probe": [bash("grep -n -A2 'allowedGroups' src/auth/config.ts",
                             "9:  allowedGroups: ['bo-payments-ops', 'bo-payments-admin'],\n"
                             "10:  adminGroups: ['bo-payments-admin'],"),
                        read("src/auth/RequireGroup.tsx",
                             "export function RequireGroup({ children }: Props) {\n  const { "
                             "groups } = useSession();\n  if (!groups.some((g) => "
                             "config.allowedGroups.includes(g))) {\n    return <NotAuthorized "
                             "/>;\n  }\n  return children;\n}\n")],
              "confirm": "The console lets in members of two Okta groups: bo-payments-ops for "
                         "operations agents and bo-payments-admin for our team. A new agent "
                         "needs bo-payments-ops, requested through IT's access request form.",
              "guess": "access comes with the general 'backoffice' group every support "
                       "employee has",
              "asker": ("Joris Verbeek", "new colleague Noor can't get into the back office, it "
                                         "says not authorized. which group does she need?")}),
        Fact("env-node", "environment", ["20.18.1"],
             ["console build fails in ci but works on my laptop with node 22 what version does "
              "ci use",
              "Which exact JavaScript runtime version is the admin console built and tested "
              "with in continuous integration?"],
             "loket: the console is pinned to Node 20.18.1 (.nvmrc, read by CI through "
             "node-version-file; engines allows >=20.18 <21), so Node 22 is not what CI "
             "builds with.",
             {"goal": "Which Node version does CI use for the console? Aylin's build works "
                      "locally on Node 22 but fails in CI.",
              "probe": [bash("cat .nvmrc; grep -n 'node-version' .github/workflows/ci.yml",
                             "20.18.1\n14:          node-version-file: .nvmrc"),
                        bash("grep -n -A2 '\"engines\"' package.json",
                             "7:  \"engines\": {\n8:    \"node\": \">=20.18 <21\"\n9:  },")],
              "confirm": "The console is pinned to Node 20.18.1: .nvmrc says so, CI reads it "
                         "(node-version-file: .nvmrc), and package.json's engines field allows "
                         ">=20.18 <21. Node 22 is not supported yet.",
              "guess": "we moved to Node 22 with the Vite 6 upgrade",
              "asker": ("Aylin Demir", "which Node version should I have for the console? CI "
                                       "and my machine disagree")}),
        Fact("gotcha-viteenv", "gotcha", ["VITE_API_BASE_URL"],
             ["console on stg calling /undefined/payments everything 404 env var is set "
              "though",
              "The deployed console sends its requests to a path containing 'undefined' "
              "instead of the API host. What configuration rule was violated?"],
             "loket gotcha: Vite exposes only VITE_-prefixed variables to client code and "
             "inlines them at build time, so API_BASE_URL set on the Cloud Run service was "
             "undefined; the variable is VITE_API_BASE_URL, passed as a Docker build argument.",
             {"symptom": "The staging build of the console calls "
                         "https://backoffice.stg.tessel.eu/undefined/payments and every request "
                         "404s, although API_BASE_URL is set on the Cloud Run service.",
              "musing": "The staging console calls /undefined/payments and every request "
                        "fails, although API_BASE_URL is set on the Cloud Run service. I "
                        "suspect CORS: the browser may be blocking the real request. Please "
                        "check.",
              "trace": "GET https://backoffice.stg.tessel.eu/undefined/payments?status=HELD 404\n"
                       "GET https://backoffice.stg.tessel.eu/undefined/me 404\n"
                       "[api] baseURL = undefined",
              "probe": [read(http,
                             "export const http = axios.create({\n  baseURL: "
                             "import.meta.env.API_BASE_URL,\n  withCredentials: true,\n});\n"),
                        bash("grep -n 'ARG\\|ENV\\|npm run build' Dockerfile",
                             "6:RUN npm run build\n14:ENV API_BASE_URL=")],
              "explain": "Vite exposes only variables prefixed VITE_ to client code, and it "
                         "replaces import.meta.env.* at build time. API_BASE_URL has no prefix, "
                         "so it is undefined in the bundle, and setting it on the Cloud Run "
                         "service at runtime can't change an already built file. The variable "
                         "has to be VITE_API_BASE_URL and be present during `npm run build`, "
                         "so as a Docker build argument.",
              "fix": [edit(http, "import.meta.env.API_BASE_URL", "import.meta.env.VITE_API_BASE_URL"),
                      edit("Dockerfile", "RUN npm run build\n",
                           "ARG VITE_API_BASE_URL\nRUN test -n \"$VITE_API_BASE_URL\" && npm run "
                           "build\n")],
              "done": "The client reads import.meta.env.VITE_API_BASE_URL, and the Dockerfile "
                      "takes it as a build argument and refuses to build without it, so a "
                      "missing value fails the image build instead of shipping /undefined. The "
                      "runtime API_BASE_URL on Cloud Run can go.",
              "hunch": ("If it were CORS, the request would reach the API host and fail the "
                        "preflight. Checking where it actually goes:",
                        bash("curl -s -o /dev/null -w '%{http_code} %{url_effective}\\n' "
                             "https://backoffice.stg.tessel.eu/undefined/payments",
                             "404 https://backoffice.stg.tessel.eu/undefined/payments")),
              "repro": "npm run build && npx vite preview --port 4173 & sleep 3 && node "
                       "scripts/smoke.mjs http://localhost:4173",
              "title": "Staging console sent every request to /undefined",
              "impact": "The staging console was unusable for a day; the ops training session "
                        "was moved.",
              "rootcause": "The API base URL was read from import.meta.env.API_BASE_URL. Vite "
                           "only exposes VITE_-prefixed variables and inlines them at build "
                           "time, so the value was undefined in the bundle; setting "
                           "API_BASE_URL on the Cloud Run service at runtime has no effect.",
              "action": "Rename the variable to VITE_API_BASE_URL and pass it as a Docker "
                        "build argument.",
              "alert": "[FIRING:1] SyntheticCheckFailed check=backoffice-stg-payments-list "
                       "status=404",
              "page": "stg console all 404, urls have undefined in them. prod fine. not waking "
                      "anyone for stg",
              "lesson": "requests to /undefined/... = API base URL read without the VITE_ "
                        "prefix; it is VITE_API_BASE_URL, a build argument, not a runtime env "
                        "var"}),
        Fact("gotcha-dates", "gotcha", ["formatISO"],
             ["Operators in Amsterdam filtering by a calendar day receive results for the "
              "previous day. What caused this in the console before, and how must dates be "
              "serialised?",
              "ops say the date filter in the console gives yesterdays payments off by one "
              "day again"],
             "loket gotcha: the booking-date filter serialised the picked day with "
             "toISOString().slice(0, 10), which converts local midnight to UTC and gives the "
             "previous day in Amsterdam; dates are serialised with date-fns formatISO(date, { "
             "representation: 'date' }).",
             {"symptom": "Ops filter payments by booking date 3 November and get the payments "
                         "of 2 November.",
              "musing": "Ops filter by booking date 3 November and get 2 November's payments. "
                        "I assume the payments API interprets the date in UTC. Can you confirm "
                        "before I file a ticket with the backend?",
              "trace": "filter: bookingDate picked = Mon Nov 03 2025 00:00:00 GMT+0100\n"
                       "request: GET /payments?bookingDate=2025-11-02",
              "probe": [read(filters,
                             "  const onDate = (d: Date) =>\n    setParams({ bookingDate: "
                             "d.toISOString().slice(0, 10) });\n")],
              "explain": "The date picker returns local midnight, 3 November 00:00 in "
                         "Amsterdam, which is 2 November 23:00 UTC. toISOString() converts to "
                         "UTC before slicing, so the request asks for 2025-11-02. The API is "
                         "right; the console sends the wrong day. A calendar day must be "
                         "formatted from its local fields: date-fns formatISO(d, { "
                         "representation: 'date' }).",
              "fix": [edit(filters, "d.toISOString().slice(0, 10)",
                           "formatISO(d, { representation: 'date' })"),
                      edit(filters, "import { useState } from 'react';\n",
                           "import { useState } from 'react';\nimport { formatISO } from "
                           "'date-fns';\n")],
              "done": "The filter now sends formatISO(d, { representation: 'date' }), i.e. "
                      "2025-11-03 for a 3 November pick in any timezone. I grepped for other "
                      "toISOString().slice(0, 10) uses: there were none left.",
              "hunch": ("Checking the API directly with the right date:",
                        bash("curl -s -H \"Authorization: Bearer $STG_TOKEN\" "
                             "'https://api.stg.tessel.eu/payments?bookingDate=2025-11-03&limit=1'"
                             " | jq -r '.items[0].bookingDate'", "2025-11-03")),
              "repro": "TZ=Europe/Amsterdam npx vitest run src/features/payments "
                       "--reporter=verbose",
              "title": "Booking-date filter returned the previous day",
              "impact": "For two weeks, ops filtering by booking date saw the previous day's "
                        "payments; two refunds were issued against the wrong payment and had "
                        "to be reversed.",
              "rootcause": "The filter serialised the picked date with "
                           "toISOString().slice(0, 10). toISOString converts local midnight to "
                           "UTC, which in Amsterdam is the previous day. Calendar dates must be "
                           "formatted from local fields with formatISO(d, { representation: "
                           "'date' }).",
              "action": "Serialise calendar dates with formatISO(d, { representation: 'date' "
                        "}) and add a test that runs in Europe/Amsterdam.",
              "alert": "[FIRING:1] OpsTicketSpike queue=backoffice tag=wrong-date count=9",
              "page": "ops spamming tickets that the filter shows the wrong day. cant repro "
                      "from poland lol. seen this?",
              "lesson": "date filter one day early = toISOString() on a local-midnight Date; "
                        "calendar dates go through formatISO(d, { representation: 'date' })"}),
        Fact("fals-virtualise", "falsified", ["react-window"],
             ["payments list in the console freezes with the big merchants why dont we just "
              "virtualise it",
              "The payments table becomes slow with thousands of rows. Has rendering only the "
              "visible rows been evaluated, and why was it not adopted?"],
             "loket: virtualising the payments table with react-window was tried and dropped: "
             "only the visible rows are in the DOM, which broke the browser find (Ctrl+F) ops "
             "use to look up IBANs and references, and the copy-table export. The list is "
             "paginated server-side at 500 rows instead.",
             {"ask": "The payments list with 5,000 rows is sluggish for ops. Please virtualise "
                     "the table with react-window and run the table's tests.",
              "change": [edit(table,
                              "      <tbody>{rows.map((r) => <PaymentRow key={r.id} row={r} />)}"
                              "</tbody>\n",
                              "      <FixedSizeList height={720} itemCount={rows.length} "
                              "itemSize={36} width=\"100%\">\n        {({ index, style }) => "
                              "<PaymentRow style={style} row={rows[index]} />}\n      "
                              "</FixedSizeList>\n"),
                         bash("npm install react-window @types/react-window",
                              "added 2 packages, and audited 912 packages in 3s")],
              "broke": bash("npx vitest run src/features/payments/PaymentsTable.test.tsx",
                            " ❯ src/features/payments/PaymentsTable.test.tsx (5 tests | 2 "
                            "failed)\n   × copies all rows to the clipboard\n     → expected "
                            "5000 rows in clipboard text, got 23\n   × every row is findable "
                            "in the document\n     → unable to find NL02NHBK0612345678 (row "
                            "4112)\n Test Files  1 failed (1)", 1),
              "revert": bash("git checkout package.json package-lock.json " + table + " && "
                             "npm ci --silent && git status --short", ""),
              "conclusion": "The table stays a plain table; no react-window. With it only the "
                            "visible rows are in the DOM, so the browser's find (Ctrl+F), "
                            "which ops use to look up an IBAN or reference, and the copy-table "
                            "export both see about 25 rows. The list is paginated server-side "
                            "at 500 rows instead.",
              "want": "The payments table crawls with the big merchants. Could we render only "
                      "the rows that are on screen?",
              "offer": "Yes, list virtualisation: react-window keeps only the visible rows in "
                       "the DOM, so 5,000 rows cost the same as 30. Shall I wrap the table "
                       "body?",
              "story": "Tried in the spring (BO-233). With react-window only about 25 rows were "
                       "in the DOM, so ops' Ctrl+F for an IBAN or a payment reference found "
                       "nothing and 'copy table' copied 25 rows. Ops escalated within a day. "
                       "Reverted; the list is paginated server-side at 500 rows instead.",
              "title": "Virtualised rendering of the payments table"}),
        Fact("fals-tokenstore", "falsified", ["localStorage"],
             ["To stop operators from being logged out on every page reload, could the "
              "console persist the access token in the browser? Has this been decided "
              "before?",
              "ops keep getting logged out on refresh cant we just keep the token around in "
              "the browser"],
             "loket: keeping the access token in localStorage so it survives reloads was "
             "rejected: any script on the page could read a token that can issue refunds (a "
             "pentest finding, and the lint rule tessel/no-token-in-storage); the token stays "
             "in memory and reloads use Okta's silent refresh.",
             {"ask": "Ops complain they are logged out on every reload. Please keep the access "
                     "token in localStorage so it survives a reload, and run the linter.",
              "change": [edit(session,
                              "let accessToken: string | null = null;\n",
                              "let accessToken: string | null = "
                              "localStorage.getItem('bo.token');\n"),
                         edit(session,
                              "  accessToken = token;\n",
                              "  accessToken = token;\n  localStorage.setItem('bo.token', "
                              "token);\n")],
              "broke": bash("npx eslint src/auth",
                            "src/auth/session.ts\n   3:38  error  Tokens must not be stored in "
                            "web storage  tessel/no-token-in-storage\n  14:3   error  Tokens "
                            "must not be stored in web storage  tessel/no-token-in-storage\n\n"
                            "✖ 2 problems (2 errors, 0 warnings)", 1),
              "revert": bash(f"git checkout {session} && git status --short", ""),
              "conclusion": "The token stays in memory, not in localStorage: anything stored "
                            "there is readable by every script on the page, and this token can "
                            "issue refunds, which is why the lint rule exists. The reload "
                            "logout is fixed with Okta's silent refresh on start-up instead.",
              "want": "Ops are logged out whenever they reload the page. Could we keep the "
                      "access token in the browser so a reload doesn't lose it?",
              "offer": "The simplest way is to write it to localStorage on login and read it "
                       "back on start-up. Shall I do that?",
              "story": "The spring pentest flagged exactly this: the access token was kept in "
                       "localStorage, and an XSS in a third-party widget could have read a "
                       "token that can issue refunds. We moved it to memory, added the lint "
                       "rule tessel/no-token-in-storage, and use Okta's silent refresh on "
                       "reload.",
              "title": "Persisting the access token in the browser"}),
    ]
    chatter = [
        "> loket@2.14.0 build",
        "> tsc -b && vite build",
        "vite v5.4.11 building for production...",
        "transforming (412) src/features/payments/PaymentDetail.tsx",
        "✓ 1534 modules transformed.",
        "dist/index.html                   0.61 kB │ gzip:   0.37 kB",
        "dist/assets/index-Bq3k9c1e.css   48.20 kB │ gzip:   8.93 kB",
        "dist/assets/index-D8fLw2aQ.js   912.44 kB │ gzip: 271.02 kB",
        "(!) Some chunks are larger than 500 kB after minification.",
        "✓ built in 11.84s",
        "[msw] Mocking enabled.",
        "[router] navigating to /payments",
        "[query] fetched payments page=1 size=500",
        "[query] fetched me",
    ]
    noise: list[Episode] = [
        look("How does the payment detail page decide whether to show the refund button?",
             "src/features/payments/PaymentDetail.tsx",
             "  const canRefund =\n    payment.status === 'SETTLED' &&\n    "
             "payment.refundableAmount > 0 &&\n    session.can('refund');\n",
             "Only for settled payments with something left to refund, and only when the "
             "operator's session has the refund permission."),
        find("Where do we use the useHeldPayments hook?", "useHeldPayments",
             ["src/features/held/HeldList.tsx", "src/features/held/HeldBadge.tsx",
              "src/features/held/useHeldPayments.test.ts"],
             "In the held-payments list and the sidebar badge, plus its own test."),
        tweak("The empty state on the held payments page says 'No held payment'. It should be "
              "plural.",
              "src/features/held/HeldList.tsx",
              "        <EmptyState title=\"No held payment\" />\n",
              "        <EmptyState title=\"No held payments\" />\n",
              "Fixed the empty state title."),
        run("How many unit tests do we have in the console?",
            "npx vitest run --reporter=dot 2>&1 | tail -3",
            " Test Files  64 passed (64)\n      Tests  418 passed (418)\n   Duration  14.02s",
            "418 unit tests in 64 files, all passing."),
        talk("Why does React warn about keys when I render a list with the array index as "
             "key? It seems to work.",
             "It works until the list changes order or items are inserted or removed. React "
             "uses the key to match elements between renders; with the index as key, an "
             "insertion at the top makes every row look like a different item, so component "
             "state (an open menu, typed input) stays at the position instead of following "
             "the item. Use a stable id from the data, such as the payment id."),
        steps("What went into the console's last release? Ops want the highlights.",
              [bash("git log --oneline v2.13.0..v2.14.0",
                    "a1c4e02 held: sidebar badge with count\n7f39b1d payments: show scheme "
                    "column\n0d2e8c3 refunds: clearer error for partially refunded\n5b1a9f7 "
                    "deps: vite 5.4.11")],
              "Four changes: a held-payments count in the sidebar, a scheme column on the "
              "payments list, a clearer error for partially refunded payments, and a Vite "
              "update."),
        [Step(prompt="## Sprint 47 for the console\n1. Scheme filter on the payments list\n"
                     "2. Export held payments as CSV\n3. Keyboard shortcut for search\n\nTodo "
                     "list, please."),
         Step(tools=[todo_write([("Scheme filter on the payments list", "pending",
                                  "Adding the scheme filter"),
                                 ("Export held payments as CSV", "pending",
                                  "Adding the CSV export"),
                                 ("Keyboard shortcut for search", "pending",
                                  "Adding the search shortcut")])]),
         Step(text="Three items on the list.")],
        steps("Where do we still use `any` in the console? I want a number for the tech debt "
              "review.",
              [agent("Count explicit any",
                     "Search src/ (excluding src/api/generated) for explicit `any` types in "
                     "TypeScript files. Report the count and the files with the most.",
                     "23 explicit any outside the generated client. Most in "
                     "src/features/reports/ReportChart.tsx (7) and src/lib/csv.ts (5); the rest "
                     "are one or two per file.",
                     "d04be17a93c2", "Explore", 5)],
              "23 outside the generated client; ReportChart.tsx (7) and lib/csv.ts (5) account "
              "for half."),
        look("What does the route guard do for someone with the admin group?",
             "src/routes/guards.tsx",
             "export const adminOnly = (session: Session) =>\n  session.isAdmin ? null : "
             "redirect('/payments');\n",
             "Admins pass; anyone else is redirected to the payments list."),
    ]
    return Project(
        "loket", "git@github.com:tessel-payments/loket.git",
        _files("loket", "The back-office console for Operations: payments, refunds, held "
                        "payments. React, TypeScript, Vite.",
               {"tsconfig.json": "{\n  \"compilerOptions\": {\n    \"target\": \"ES2022\",\n    "
                                 "\"strict\": true,\n    \"jsx\": \"react-jsx\"\n  }\n}\n"}),
        _equip(facts, chatter=chatter, component="Back office", jira="BO",
               house=["No new runtime dependency without asking first.",
                      "Everything reachable by keyboard.",
                      "Copy in English; ops read it, product reviews it."]),
        noise, "slack")


def projects() -> list[Project]:
    return [betaalpoort(), afletter(), fundering(), loket()]
