"""The ``dev17`` split: four projects in stacks no other split uses (a Salesforce DX project for a
network of Welsh food banks' donation intake and volunteer shifts - Apex, Lightning Web
Components, the sf CLI, scratch orgs from a Dev Hub, Jest for LWC, a warehouse system that
publishes platform events; a Deno 2 / Fresh app on Deno Deploy for an independent lifeboat
station's crew availability board and pager fan-out - Deno KV, Preact islands, web push, a
Raspberry Pi pager bridge on Tailscale, 1Password for local secrets; MicroPython firmware on
ESP32-S3 boards that log temperature and humidity in a maritime museum's display cases - SHT45
sensors on I2C, an e-paper display, umqtt to Mosquitto, mpremote and mpy-cross, tests on the
MicroPython unix port; a NixOS flake for a small architecture practice's office machines - a ZFS
and Samba file server, a Blender render node, a WireGuard gateway, colmena deploys, agenix
secrets, borg backups to a Hetzner Storage Box), ten planted facts each, and phrasing templates
of its own.

Written in the eleventh pass by a helper that read no capture or recall code, to be read
untuned. Its theme is "the user teaches, the assistant asks": the assistant asks before it acts
and the user's answers carry the durable facts. A rule that comes back in two or three short
replies that only together make it ("not inline" / "through the factory?" / "yes, and why");
a rule the user explains when the assistant asks whether an odd pattern in the code is intended;
a rule the assistant reads back with one word wrong and the user corrects; a rule answered with a
pointer and a one-line tl;dr ("see docs/x.md - tl;dr ..."). A command the user dictates step by
step; one the user half-remembers with a hedge when asked ("I think it's ... yes, that's it");
one the user points to in a doc after the assistant's attempt failed; one the user gives in two
replies ("not like that" / the command). An environment fact given with a hedge and then
confirmed in a second reply; one answered with a pointer and a tl;dr; one the user explains when
the assistant asks whether an odd setting is intended; one the assistant reads back with a slip
that the user corrects. A gotcha told as a warning before the work starts ("careful: ..."); one
explained when the assistant offers to remove the workaround that guards against it; one found
after the assistant's clarifying question about the symptom; one where the user corrects the
assistant's wrong guess with the real cause. An approach ruled out in a design discussion before
any code is written; one in a plan the user rejects at the plan-mode prompt; one the assistant
asks about ("has anyone tried ...?") and the user answers from history; one tried, failing, and
explained by the user when the assistant asks why.

Slots are the shared ones (``templates.py``) plus: for a convention, ``ask`` (the assistant's
clarifying question), ``parts`` (user / assistant / user ... short turns that together make the
rule), ``peek`` (a Read of code that already follows the rule), ``odd`` (the assistant's remark
on it), ``why`` (the user's reason), ``gist`` and ``slip`` (the assistant's read-back, and the
``(wrong, right)`` words it gets wrong) and ``ref`` (``(path, tl;dr, body)`` of the doc the user
points to); for a command, ``ask``, ``hedge`` (the user's half-remembered answer), ``hint`` (the
command given plainly), ``gist`` (why the plain way fails), ``dictate`` (``(line, tool, ack)``
steps the user dictates) and ``ref``; for an environment fact, ``ask``, ``hedge`` and ``sure``
(an unsure answer and its confirmation), ``teach`` (a plain answer), ``ref``, ``odd``, ``why``,
``gist`` and ``slip``; for a gotcha, ``task``, ``warning``, ``follow`` and ``heeded`` (work
done with the warning in mind), ``peek`` and ``odd`` (the guard in the code the assistant offers
to remove), ``why`` (the user's explanation of the cause), ``ask`` and ``answer`` (a clarifying
question about the symptom and its answer) and ``guess`` (the assistant's wrong guess); for a
falsified approach, ``pain``, ``idea``, ``idea_label``, ``alternative``, ``alt_label`` and
``why_user`` (the user's reason, from history).
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
from .transcript import REJECTED, bash, edit, exit_plan, read, refused, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


def _one(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _pointer(path: str, tldr: str, rng: random.Random) -> str:
    """The user's answer as a pointer to a doc plus a one-line tl;dr."""
    return _one(rng, f"see {path} - tl;dr {tldr}", f"it's written up in {path}. tldr: {tldr}",
                f"{path} has it, but short version: {tldr}", f"check {path}\n\n(tl;dr {tldr})",
                f"{path}. tl;dr {tldr}", f"documented in {path} - tldr {tldr}")


def _readback(s: dict, rng: random.Random) -> tuple[str, str]:
    """The assistant's read-back with one word wrong, and the user's correction."""
    wrong, right = s["slip"]
    summary = s["gist"].replace(right, wrong, 1)
    check = _one(rng, "Let me read that back:", "So, to check I've understood:",
                 "Just so I get it right:", "Summarising before I start:",
                 "Making sure I have it:")
    tail = _one(rng, " - right?", "?", ". Correct?", ". Is that it?")
    fix = _one(rng, f"{right}, not {wrong}. rest is right", f"almost - {right}, not {wrong}",
               f"one word off: {right} not {wrong}. otherwise yes",
               f"{right}* - otherwise yes", f"close. {right}, not {wrong}")
    return f"{check} {summary}{tail}", fix


# ------------------------------------------------------------------- phrasing templates
# Conventions: the rule in two or three short replies to the assistant's question; explained when
# the assistant asks whether an odd pattern is intended; read back with a slip and corrected;
# answered with a pointer and a tl;dr.
def conv_in_pieces(s: dict, rng: random.Random) -> Episode:
    before = _one(rng, "Before I start:", "Quick question first:",
                  "One thing before I write anything:", "Checking before I touch it:")
    steps: Episode = [Step(prompt=s["task"]),
                      Step(text=_one(rng, "", "Let me see what's there first.",
                                     "Looking at the existing code."), tools=[s["peek"]]),
                      Step(text=f"{before} {s['ask']}")]
    for i, part in enumerate(s["parts"]):
        steps.append(Step(prompt=part) if i % 2 == 0 else Step(text=part))
    steps += [Step(text=_one(rng, "Thanks, that's clear.", "Got it - doing it that way.",
                             "Okay, following that."), tools=s["follow"]),
              Step(text=s["done"])]
    return steps


def conv_is_it_intended(s: dict, rng: random.Random) -> Episode:
    q = _one(rng, "Is that intended?", "Is that on purpose, or shall I tidy it while I'm here?",
             "Deliberate? It looks odd to me.", "Is there a reason for that, or is it historical?")
    yes = _one(rng, "yes, on purpose:", "yep, intended.", "it's deliberate -", "yes!! leave it.",
               "yeah that's intentional,", "yes, for a reason.")
    body = (f"{s['rule']}. {s['why']}" if rng.random() < 0.5
            else f"{s['why']}. so: {s['rule']}")
    return [Step(prompt=s["task"]),
            Step(text=_one(rng, "", "Reading the existing code first.",
                           "Let me look at how it's done now."), tools=[s["peek"]]),
            Step(text=f"{s['odd']} {q}"),
            Step(prompt=f"{yes} {body}"),
            Step(text=_one(rng, "Good to know - I'll do the same.",
                           "Makes sense. Following that pattern.",
                           "Thanks for explaining. Same pattern for the new code, then."),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_read_back(s: dict, rng: random.Random) -> Episode:
    summary, fix = _readback(s, rng)
    right = s["slip"][1]
    return [Step(prompt=s["task"]),
            Step(text=s["ask"]),
            Step(prompt=f"{s['rule']}. {s['why']}"),
            Step(text=summary),
            Step(prompt=fix),
            Step(text=f"{_one(rng, 'Right,', 'Ah, yes -', 'Sorry -', 'Noted:')} {right}.",
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_see_doc(s: dict, rng: random.Random) -> Episode:
    path, tldr, body = s["ref"]
    return [Step(prompt=s["task"]),
            Step(text=s["ask"]),
            Step(prompt=_pointer(path, tldr, rng)),
            Step(text=_one(rng, "Reading it.", "Let me skim that.", ""), tools=[read(path, body)]),
            Step(text=_one(rng, "Okay - doing it the way the doc says.", "Clear, following that.",
                           "Thanks, that answers it."), tools=s["follow"]),
            Step(text=s["done"])]


# Commands: dictated step by step; half-remembered with a hedge when asked; pointed to in a doc
# after the assistant's attempt failed; given in two replies.
_DICT_LEADS = (("first:", "start with", "step 1:", "ok first"),
               ("then", "next:", "now", "step 2 -"),
               ("and then", "after that,", "next one:", "step 3:"),
               ("finally", "last one:", "and to finish,", "last:"))


def cmd_dictated(s: dict, rng: random.Random) -> Episode:
    intro = _one(rng, "i'll dictate, you run.", "I'll walk you through it, one command at a time.",
                 "let me talk you through it, dont improvise", "do exactly what I say, step by step:",
                 "I'll give you the commands one by one.")
    steps: Episode = [Step(prompt=f"{s['goal']}. {intro}"),
                      Step(text=_one(rng, "Ready - go ahead.", "Sure. First step?",
                                     "Okay, waiting for step one."))]
    n = len(s["dictate"])
    for i, (line, tool, ack) in enumerate(s["dictate"]):
        if i == 0:
            lead = rng.choice(_DICT_LEADS[0])
        elif i == n - 1:
            lead = rng.choice(_DICT_LEADS[3])
        else:
            lead = rng.choice(_DICT_LEADS[1] if i == 1 else _DICT_LEADS[2])
        steps.append(Step(prompt=f"{lead} {line}"))
        steps.append(Step(tools=[tool]))
        steps.append(Step(text=s["done"] if i == n - 1 else ack))
    return steps


def cmd_hedged(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=s["ask"]),
            Step(prompt=s["hedge"]),
            Step(text=_one(rng, "Trying it.", "Let's see if that's it.", "Running that."),
                 tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt=_one(rng, "nice, so my memory still works", "yep that's the one",
                             "good. ty", "ah great", "phew"))]


def cmd_doc_after_fail(s: dict, rng: random.Random) -> Episode:
    path, tldr, body = s["ref"]
    steps: Episode = [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
                      Step(text=f"{s['note']} {s['ask']}"),
                      Step(prompt=_pointer(path, tldr, rng))]
    if rng.random() < 0.5:
        steps.append(Step(text=_one(rng, "Reading it first.", "Let me check the doc."),
                          tools=[read(path, body)]))
        steps.append(Step(text=s["gist"], tools=[s["ok"]]))
    else:
        steps.append(Step(text=_one(rng, "Thanks - running that.", "Okay, trying that.", ""),
                          tools=[s["ok"]]))
    steps.append(Step(text=s["done"]))
    return steps


def cmd_two_replies(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=f"{s['note']} {s['ask']}"),
            Step(prompt=_one(rng, "yeah not like that", "nope, that's not how it works here",
                             "we never do it that way", "no - hang on, different command",
                             "no no. wrong way round")),
            Step(text=_one(rng, "What do you run instead?", "How then?",
                           "Okay - what's the right way?", "What's the command, then?")),
            Step(prompt=s["hint"]),
            Step(text=s["gist"], tools=[s["ok"]]),
            Step(text=s["done"])]


# Environment facts: hedged, then confirmed in a second reply; a pointer with a tl;dr; explained
# when the assistant asks whether an odd setting is intended; read back with a slip.
def env_hedged(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=s["ask"]),
            Step(prompt=s["hedge"]),
            Step(text=_one(rng, "Want me to double-check it?", "Shall I verify that from here?",
                           "I can confirm it from the repo if you like.")),
            Step(prompt=s["sure"]),
            Step(text=_one(rng, "Thanks. Carrying on with that.", "Okay - looking with that in mind.",
                           "Good."), tools=s["probe"]),
            Step(text=s["confirm"])]


def env_pointer(s: dict, rng: random.Random) -> Episode:
    path, tldr, body = s["ref"]
    return [Step(prompt=s["goal"]),
            Step(text=s["ask"]),
            Step(prompt=_pointer(path, tldr, rng)),
            Step(text=_one(rng, "Reading it.", "Let me look.", ""),
                 tools=[read(path, body), *s["probe"]]),
            Step(text=s["confirm"])]


def env_is_it_intended(s: dict, rng: random.Random) -> Episode:
    q = _one(rng, "Is that intended?", "Is that deliberate?", "On purpose, or a leftover?",
             "Is that how it's meant to be?")
    yes = _one(rng, "yes, intended.", "yep, on purpose -", "deliberate, yes.", "yes. ",
               "yeah it's meant to be like that:")
    return [Step(prompt=s["goal"]),
            Step(text=_one(rng, "", "Let me look at the setup first.", "Checking the config."),
                 tools=s["probe"]),
            Step(text=f"{s['odd']} {q}"),
            Step(prompt=f"{yes} {s['why']}"),
            Step(text=s["confirm"])]


def env_read_back(s: dict, rng: random.Random) -> Episode:
    summary, fix = _readback(s, rng)
    return [Step(prompt=s["goal"]),
            Step(text=s["ask"]),
            Step(prompt=s["teach"]),
            Step(text=summary),
            Step(prompt=fix),
            Step(text=_one(rng, "Thanks - checking it.", "Got it, verifying.", "Right, sorry."),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


# Gotchas: a warning before the work starts; explained when the assistant offers to remove the
# guard; found after a clarifying question; the assistant's wrong guess corrected.
def gotcha_careful(s: dict, rng: random.Random) -> Episode:
    warn = _one(rng, "careful:", "heads up -", "careful though:", "warning before you start:",
                "one thing, carefull:", "before you touch it:")
    if rng.random() < 0.5:
        prompt = f"{s['task']}\n\n{warn} {s['warning']}"
    else:
        prompt = f"{warn} {s['warning']}\n\n{_one(rng, 'with that in mind:', 'so:', 'task:')} " \
                 f"{s['task']}"
    return [Step(prompt=prompt),
            Step(text=_one(rng, "Thanks for the warning - keeping that in mind.", "Noted.",
                           "Good to know before I start."), tools=s["follow"]),
            Step(text=s["heeded"])]


def gotcha_keep_guard(s: dict, rng: random.Random) -> Episode:
    no = _one(rng, "no! keep it.", "please don't remove that -", "leave it, it's load-bearing:",
              "nooo. it's there for a reason:", "don't, that one matters.")
    return [Step(prompt=s["task"]),
            Step(text=_one(rng, "", "Looking at the code first.", "Let me read it."),
                 tools=[s["peek"]]),
            Step(text=s["odd"]),
            Step(prompt=f"{no} {s['why']}"),
            Step(text=_one(rng, "Understood, keeping it.", "Ah - that explains it. Leaving it alone.",
                           "Okay, it stays."), tools=s["follow"]),
            Step(text=s["heeded"])]


def gotcha_clarified(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["symptom"]),
            Step(text=s["ask"]),
            Step(prompt=s["answer"]),
            Step(text=_one(rng, "That narrows it down. Looking.", "Helpful - checking.",
                           "Okay, digging in."), tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])),
            Step(text=s["done"])]


def gotcha_guess_corrected(s: dict, rng: random.Random) -> Episode:
    no = _one(rng, "no, that's not it -", "nope.", "not that.", "it's not that:",
              "no, I know this one.")
    return [Step(prompt=s["symptom"]),
            Step(text=_one(rng, "", "Let me look.", "Checking."), tools=s["probe"]),
            Step(text=s["guess"]),
            Step(prompt=f"{no} {s['why']}"),
            Step(text=_one(rng, "That fits what I'm seeing.", "Ah, that explains the pattern.",
                           "Right - fixing it that way."), tools=s["fix"]),
            Step(text=s["done"])]


# Falsified approaches: ruled out between two options before any code; rejected at the plan-mode
# prompt; asked about and answered from history; tried, failing, explained when asked why.
def fals_options_first(s: dict, rng: random.Random) -> Episode:
    lead = _one(rng, "Before writing any code, I see two ways:", "Two options before I start:",
                "Design-wise there are two routes:", "Let's decide the approach first. Options:")
    lean = _one(rng, "I'd lean towards (a).", "(a) looks simpler to me.", "My pick would be (a).")
    no = _one(rng, "not (a).", "(b). definitely not (a) -", "scratch (a):", "(a) is a no -",
              "b please. a:")
    ok = _one(rng, "Okay, (b) then.", "Understood - going with (b).",
              "Good thing I asked. (b) it is.")
    return [Step(prompt=s["pain"]),
            Step(text=f"{lead}\n\n(a) {s['idea']}\n(b) {s['alternative']}\n\n{lean}"),
            Step(prompt=f"{no} {s['why_user']}"),
            Step(text=f"{ok} Ruling out {s['idea_label']}; I'll plan around "
                      f"{s['alt_label']}.",
                 tools=[todo_write([(f"Design {s['alt_label']}", "in_progress",
                                     f"Designing {s['alt_label']}"),
                                    ("Write it up for review", "pending", "Writing it up")])])]


def fals_plan_rejected(s: dict, rng: random.Random) -> Episode:
    plan = (f"## Plan\n\n**Approach:** {cap(s['idea'])}.\n\n1. Prototype it on a branch\n"
            f"2. Run the existing tests\n3. Ask for review before anything is deployed")
    revised = (f"## Plan (revised)\n\n**Approach:** {cap(s['alternative'])}.\n\n1. Prototype it "
               f"on a branch\n2. Run the existing tests\n3. Ask for review before anything is "
               f"deployed")
    no = _one(rng, "no -", "not this.", "nope, rethink:", "can't approve that:")
    slug = "-".join(s["alt_label"].lower().replace(".", " ").split())[:40]
    return [Step(prompt=s["pain"]),
            Step(text=_one(rng, "Here's how I'd approach it.", "Proposing a plan first.", ""),
                 tools=[refused(exit_plan(plan, "draft-plan"), REJECTED + f"{no} "
                                f"{s['why_user']}")]),
            Step(text=_one(rng, "Understood - revising.", "Okay, a different approach then.",
                           "That rules it out. Revised plan:"),
                 tools=[exit_plan(revised, slug)]),
            Step(text=f"{_one(rng, 'Plan approved.', 'Approved - starting.', 'Good.')} "
                      f"Dropping {s['idea_label']}; starting on {s['alt_label']}.")]


def fals_asked_history(s: dict, rng: random.Random) -> Episode:
    q = _one(rng, f"Has anyone tried {s['idea']}? It looks like the obvious fix, so I'd like to "
                  f"know before I go there.",
             f"Quick history question: was {s['idea']} ever tried?",
             f"Did someone already try {s['idea']}? I don't want to repeat an old mistake.")
    ok = _one(rng, "Good to know - ruling it out.", "Thanks, that saves a detour.",
              "Okay, then not that.")
    return [Step(prompt=s["pain"]),
            Step(text=q),
            Step(prompt=s["why_user"]),
            Step(text=f"{ok} Instead: {s['alternative']}.")]


def fals_tried_explained(s: dict, rng: random.Random) -> Episode:
    lead = _one(rng, "oh. now I remember why we never did this:", "ah right, that's the thing -",
                "yeah... forgot about this.", "ugh, of course:")
    return [Step(prompt=s["ask"]),
            Step(text=_one(rng, "Making the change.", "Trying it.", ""), tools=s["change"]),
            Step(tools=[s["broke"]]),
            Step(text=_one(rng, "That didn't work - does this ring a bell?",
                           "It fails like this. Have you seen this before?",
                           "Hm, that didn't go well. Any history here I should know?")),
            Step(prompt=f"{lead} {s['why_user']}. {_one(rng, 'revert pls', 'back it out', 'undo it')}"),
            Step(text=_one(rng, "Reverting.", "Backing it out."), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


TEMPLATES = {
    "convention": [conv_in_pieces, conv_is_it_intended, conv_read_back, conv_see_doc],
    "command": [cmd_dictated, cmd_hedged, cmd_doc_after_fail, cmd_two_replies],
    "environment": [env_hedged, env_pointer, env_is_it_intended, env_read_back],
    "gotcha": [gotcha_careful, gotcha_keep_guard, gotcha_clarified, gotcha_guess_corrected],
    "falsified": [fals_options_first, fals_plan_rejected, fals_asked_history,
                  fals_tried_explained],
}

# Everyday requests and questions, ordered so that each is asked from the project it fits
# (pantrydesk, launchrota, vitrinelog, studiofleet, in turn).
UNRELATED = [
    "write a SOQL query that counts contacts by mailing city",
    "what's the difference between Deno and Node, in one paragraph?",
    "explain what a pull-up resistor does, simply",
    "write a bash one-liner that lists the ten biggest files under the current directory",
    "regex for a UK postcode?",
    "explain TCP vs UDP to a beginner",
    "convert 52 fahrenheit to celsius and show the formula",
    "what does git rebase --onto do?",
    "give me a short checklist for a volunteer induction evening",
    "how do I center a div with CSS grid?",
    "explain what a Merkle tree is",
    "what's a sensible .gitignore for a repo with both python and node code?",
    "draft a friendly reminder email about an overdue timesheet",
    "what's a good naming scheme for feature flags?",
    "write a python function that chunks a list into groups of n",
    "summarise the CAP theorem in three sentences",
    "what's the difference between a mutex and a semaphore?",
    "how do I undo my last git commit but keep the changes?",
    "what's a simple way to keep a changelog that people actually read?",
    "explain the difference between RAID 1 and RAID 10",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "pantrydesk": [
        "how many volunteers signed up for shifts last month?",
        "does the gift aid export need the donor's full address or just the postcode?",
        "which food bank in the network has the most distribution points?",
        "are we allowed to store volunteers' DBS check results in salesforce?",
        "when does our nonprofit licence renewal come up?",
    ],
    "launchrota": [
        "how many shouts did the station have last year?",
        "does the coastguard need to be told when we change the paging system?",
        "what's the minimum crew needed to launch the boat?",
        "are we allowed to show crew phone numbers to other crew on the board?",
        "who pays for the hosting subscription?",
    ],
    "vitrinelog": [
        "what humidity range do the conservators want for the textile cases?",
        "how many cases have a board installed right now?",
        "do we have budget for the next board revision this year?",
        "which gallery has the worst wifi?",
        "how long do the batteries last between changes?",
    ],
    "studiofleet": [
        "how much space is left on the file server pool?",
        "which architects still use the old Windows laptops?",
        "does the practice's insurance require the backups to be encrypted?",
        "when does the render node's GPU warranty run out?",
        "who has the admin password for the office router?",
    ],
}


# ------------------------------------------------------------------- projects
def pantrydesk() -> Project:
    """A Salesforce DX project for a network of food banks in the south Wales valleys: donation
    intake at the depots, volunteer shifts, distribution points. Apex services and triggers,
    Lightning Web Components, the sf CLI against scratch orgs from a Dev Hub, a UAT sandbox, Jest
    for the components, a warehouse system that publishes platform events."""
    cls = "force-app/main/default/classes"
    lwc = "force-app/main/default/lwc"
    intake_js = f"{lwc}/intakeForm/intakeForm.js"
    labels_xml = "force-app/main/default/labels/CustomLabels.labels-meta.xml"
    cy_xml = "force-app/main/default/translations/cy.translation-meta.xml"
    test_ok = ("=== Test Summary\nNAME                 VALUE\n───────────────────  ──────────\n"
               "Outcome              Passed\nTests Ran            {n}\nPass Rate            100%\n"
               "Fail Rate            0%\nTest Run Id          7078d00000Qx{rid}\nTest Execution Time  "
               "{ms} ms\n\n=== Apex Code Coverage for Test Run 7078d00000Qx{rid}\nCLASSES"
               "              PERCENT\n───────────────────  ───────\n{cov}")
    facts = [
        Fact("conv-testdata", "convention", ["TestDataFactory"],
             ["I'm writing a new Apex test class - how should it create the records it needs?",
              "can a test just query the donors that already exist in the org instead of "
              "inserting its own?"],
             "Apex tests build their records through TestDataFactory in a @TestSetup method - no "
             "inline inserts and never SeeAllData=true: the deploy runs the tests against prod, "
             "whose data differs from UAT, and the factory fills the fields the validation rules "
             "require.",
             {"task": "write tests for IntakeService.recordDonation - it has none and the org-wide "
                      "coverage for the deploy is down at 71%",
              "peek": read(f"{cls}/DistributionPointServiceTest.cls",
                           "@IsTest\nprivate class DistributionPointServiceTest {\n    @TestSetup"
                           "\n    static void setup() {\n        TestDataFactory.createPoints(4, "
                           "'CF37');\n        TestDataFactory.createVolunteers(2);\n    }\n\n"
                           "    @IsTest\n    static void nearestReturnsClosestOpenPoint() {\n"
                           "        Test.startTest();\n        Distribution_Point__c p = "
                           "DistributionPointService.nearest(51.60, -3.34);\n        Test.stopTest"
                           "();\n        Assert.areEqual('Pontypridd Central', p.Name);\n    }\n}\n"),
              "ask": "Should the new tests make their own records or reuse what's in the org? "
                     "DistributionPointServiceTest builds everything up front, but a couple of "
                     "older classes query existing data.",
              "parts": ["own records, always",
                        "Inserted inline in each test, or is there a helper I should go "
                        "through?",
                        "TestDataFactory, in a @TestSetup. if it has no maker for Donation__c "
                        "yet, add one there. the old ones with SeeAllData=true are legacy, dont "
                        "copy them - deploys run our tests in prod and prod data isnt uat data"],
              "odd": "DistributionPointServiceTest never inserts a record itself - everything "
                     "comes from TestDataFactory in a @TestSetup method, even two volunteers.",
              "rule": "all test data goes through TestDataFactory in a @TestSetup - no inline "
                      "inserts, and never SeeAllData=true",
              "why": "the deploy runs our tests against prod and prod's data is nothing like "
                     "uat's. and the factory fills in the fields the validation rules insist on, "
                     "which nobody remembers by hand",
              "gist": "tests create their records through TestDataFactory in a @TestSetup method "
                      "and never use SeeAllData=true",
              "slip": ("each test method", "a @TestSetup method"),
              "ref": ("docs/apex-testing.md",
                      "TestDataFactory + @TestSetup for all test data, never SeeAllData=true",
                      "# Apex tests\n\n- All records come from TestDataFactory, called in a "
                      "@TestSetup method.\n  Add a maker to the factory if your object has none."
                      "\n- Never SeeAllData=true. Deploys run local tests in production, where "
                      "the data\n  is not what you see in UAT.\n- The factory fills the fields "
                      "our validation rules require (Depot__c,\n  Consent_Date__c, ...).\n"),
              "follow": [read(f"{cls}/TestDataFactory.cls",
                              "@IsTest\npublic class TestDataFactory {\n    public static "
                              "List<Contact> createVolunteers(Integer n) { ... }\n    public "
                              "static List<Distribution_Point__c> createPoints(Integer n, String "
                              "postcodeArea) { ... }\n}\n"),
                         edit(f"{cls}/TestDataFactory.cls",
                              "    public static List<Distribution_Point__c> createPoints(",
                              "    public static List<Donation__c> createDonations(Integer n, Id "
                              "depotId) {\n        List<Donation__c> out = new List<Donation__c>"
                              "();\n        for (Integer i = 0; i < n; i++) {\n            out.add"
                              "(new Donation__c(Depot__c = depotId, Category__c = 'Tinned', "
                              "Weight_Kg__c = 2.5 + i,\n                Consent_Date__c = Date."
                              "today()));\n        }\n        insert out;\n        return out;\n"
                              "    }\n\n    public static List<Distribution_Point__c> "
                              "createPoints("),
                         write(f"{cls}/IntakeServiceTest.cls",
                               "@IsTest\nprivate class IntakeServiceTest {\n    @TestSetup\n"
                               "    static void setup() {\n        Distribution_Point__c depot = "
                               "TestDataFactory.createPoints(1, 'CF37')[0];\n        "
                               "TestDataFactory.createDonations(3, depot.Id);\n    }\n\n    "
                               "@IsTest\n    static void recordsWeightAndCategory() { ... }\n    "
                               "@IsTest\n    static void rejectsMissingWeight() { ... }\n    "
                               "// 4 more\n}\n"),
                         bash("sf apex run test -n IntakeServiceTest -o pd-dev -c -r human -w 10",
                              test_ok.format(n=6, rid="AB1", ms=2211,
                                             cov="IntakeService        94%"))],
              "done": "IntakeServiceTest has 6 tests; their records come from a new "
                      "TestDataFactory.createDonations called in @TestSetup, with no SeeAllData. "
                      "All pass, and IntakeService is at 94% coverage."}),
        Fact("conv-labels", "convention", ["Custom Labels"],
             ["I'm adding a 'shift full' message to the calendar component - can I just type the "
              "text into the html template?",
              "how do Welsh versions of the text in our components get in?"],
             "Every user-facing string in an LWC is one of the Custom Labels, with a Welsh "
             "translation in translations/cy.translation-meta.xml: the volunteer portal is "
             "bilingual under the Welsh Language Standards. Unknown Welsh: put the English in and "
             "flag it for Sioned.",
             {"task": "the intake form needs a 'Donation saved - thank you!' toast after a save, "
                      "and an error toast when the weight is missing",
              "peek": read(intake_js,
                           "import { LightningElement } from 'lwc';\nimport { ShowToastEvent } "
                           "from 'lightning/platformShowToastEvent';\nimport recordDonation from "
                           "'@salesforce/apex/IntakeService.recordDonation';\nimport LBL_SAVE "
                           "from '@salesforce/label/c.Intake_Save';\nimport LBL_CANCEL from "
                           "'@salesforce/label/c.Intake_Cancel';\nimport LBL_WEIGHT from "
                           "'@salesforce/label/c.Intake_Weight_Kg';\n\nexport default class "
                           "IntakeForm extends LightningElement {\n    labels = { save: LBL_SAVE, "
                           "cancel: LBL_CANCEL, weight: LBL_WEIGHT };\n    weight;\n    category;"
                           "\n\n    async handleSave() {\n        await recordDonation({ weight: "
                           "this.weight, category: this.category });\n    }\n}\n"),
              "ask": "Should the toast text be written straight into the component, or is there a "
                     "translation mechanism I should use?",
              "parts": ["not hardcoded",
                        "A Custom Label per message then? And do they need translations too?",
                        "yes - Custom Labels, and a Welsh translation for each one in "
                        "translations/cy.translation-meta.xml. the portal's bilingual, Welsh "
                        "Language Standards. if you dont know the welsh put the english in and "
                        "flag it, Sioned translates"],
              "odd": "Every piece of text in intakeForm.js - even 'Cancel' - is imported from "
                     "@salesforce/label instead of being written in the template.",
              "rule": "every user-facing string in a component is one of the Custom Labels, "
                      "with its cy translation in translations/cy.translation-meta.xml",
              "why": "the volunteer portal is bilingual by law - Welsh Language Standards - and "
                     "half the Rhondda volunteers switch their profile to Cymraeg",
              "gist": "user-facing strings go into Custom Labels, each with a Welsh translation "
                      "in translations/cy.translation-meta.xml",
              "slip": ("Custom Metadata", "Custom Labels"),
              "ref": ("CONTRIBUTING.md",
                      "no literal text in LWCs - Custom Labels, each with a cy translation",
                      "## Components\n\n- No literal user-facing text in LWC templates or JS. "
                      "Use Custom Labels\n  (`@salesforce/label/c.Name`) and add the Welsh in "
                      "translations/cy.translation-meta.xml.\n- Don't know the Welsh? Put the "
                      "English in both and tag Sioned on the PR.\n- The portal is bilingual "
                      "under the Welsh Language Standards.\n"),
              "follow": [edit(labels_xml, "</CustomLabels>",
                              "    <labels>\n        <fullName>Intake_Saved</fullName>\n"
                              "        <language>en_US</language>\n        <protected>false"
                              "</protected>\n        <shortDescription>Intake saved toast"
                              "</shortDescription>\n        <value>Donation saved - thank you!"
                              "</value>\n    </labels>\n    <labels>\n        <fullName>"
                              "Intake_Weight_Missing</fullName>\n        <language>en_US"
                              "</language>\n        <protected>false</protected>\n        "
                              "<shortDescription>Weight missing</shortDescription>\n        "
                              "<value>Please enter the weight.</value>\n    </labels>\n"
                              "</CustomLabels>"),
                         edit(cy_xml, "</Translations>",
                              "    <customLabels>\n        <label>Rhodd wedi'i chadw - diolch!"
                              "</label>\n        <name>Intake_Saved</name>\n    </customLabels>"
                              "\n    <customLabels>\n        <label>Rhowch y pwysau, os gwelwch "
                              "yn dda.</label>\n        <name>Intake_Weight_Missing</name>\n"
                              "    </customLabels>\n</Translations>"),
                         edit(intake_js, "import LBL_WEIGHT from "
                                         "'@salesforce/label/c.Intake_Weight_Kg';\n",
                              "import LBL_WEIGHT from '@salesforce/label/c.Intake_Weight_Kg';\n"
                              "import LBL_SAVED from '@salesforce/label/c.Intake_Saved';\n"
                              "import LBL_NO_WEIGHT from "
                              "'@salesforce/label/c.Intake_Weight_Missing';\n"),
                         bash("npm run test:unit -- intakeForm",
                              "> pantrydesk@1.0.0 test:unit\n> sfdx-lwc-jest -- intakeForm\n\n"
                              " PASS  force-app/main/default/lwc/intakeForm/__tests__/intakeForm"
                              ".test.js\n  ✓ shows saved toast (31 ms)\n  ✓ shows weight "
                              "missing toast (12 ms)\n\nTests:       6 passed, 6 total")],
              "done": "Both toasts use new labels - Intake_Saved and Intake_Weight_Missing - with "
                      "Welsh translations added to cy.translation-meta.xml (I'm fairly sure of "
                      "the Welsh, but worth a look from Sioned). The intakeForm tests pass."}),
        Fact("cmd-scratch", "command", ["Intake_Manager"],
             ["what are the steps to get a working scratch org for this repo?",
              "my new scratch org deployed fine but the intake fields are all invisible - what "
              "did I skip?"],
             "A usable scratch org: `sf org create scratch -f config/project-scratch-def.json -a "
             "pd-dev -d 7`, `sf project deploy start -o pd-dev`, `sf org assign permset -n "
             "Intake_Manager -o pd-dev` (field access on Donation__c only comes from that "
             "permission set) and `sf data import tree -p data/seed-plan.json -o pd-dev`.",
             {"goal": "I need a fresh scratch org to try the shift calendar changes in",
              "fail": bash("sf org create scratch -f config/project-scratch-def.json -a pd-dev -d "
                           "7 && sf project deploy start -o pd-dev && sf data query -q \"SELECT "
                           "Id, Weight_Kg__c FROM Donation__c LIMIT 1\" -o pd-dev",
                           "Creating Scratch Org... done\nYour scratch org is ready: "
                           "test-q1xe8vfh3kzp@example.com\n\nDeploying v60.0 metadata to "
                           "test-q1xe8vfh3kzp@example.com using the v61.0 SOAP API.\nStatus: "
                           "Succeeded | ████████████████████████████████████████ | 214/214 "
                           "Components\n\nError (1): \nSELECT Id, Weight_Kg__c FROM Donation__c "
                           "LIMIT 1\n           ^\nERROR at Row:1:Column:12\nNo such column "
                           "'Weight_Kg__c' on entity 'Donation__c'.", 1),
              "note": "The org was created and all 214 components deployed, but the admin user "
                      "can't see Donation__c's fields - that's field-level access, not missing "
                      "metadata.",
              "ask": "Is there a permission set or a seed step this org needs after the deploy?",
              "hedge": "hm, I think there's a permset, Intake_Manager? and then the seed plan in "
                       "data/. yeah - `sf org assign permset -n Intake_Manager -o pd-dev` and "
                       "`sf data import tree -p data/seed-plan.json -o pd-dev`. fairly sure "
                       "that's all",
              "hint": "`sf org assign permset -n Intake_Manager -o pd-dev` then `sf data import "
                      "tree -p data/seed-plan.json -o pd-dev`. the fields are only visible "
                      "through that permset",
              "gist": "Field access on Donation__c comes only from the Intake_Manager permission "
                      "set, which a fresh org's admin doesn't have - so it gets assigned after the "
                      "deploy, then the seed data goes in.",
              "ok": bash("sf org assign permset -n Intake_Manager -o pd-dev && sf data import "
                         "tree -p data/seed-plan.json -o pd-dev",
                         "=== Permsets Assigned\n USERNAME                         PERMISSION "
                         "SET ASSIGNMENT\n test-q1xe8vfh3kzp@example.com    Intake_Manager\n\n"
                         "REFERENCE ID   TYPE                    ID\n depotRef1      "
                         "Distribution_Point__c   a028d00000FQa1AAG\n vol1           Contact"
                         "                 0038d00000Zx9k2AAB\n don1           Donation__c"
                         "             a048d00000Lp3q9AAB\n ... 41 records imported"),
              "dictate": [
                  ("`sf org create scratch -f config/project-scratch-def.json -a pd-dev -d 7`",
                   bash("sf org create scratch -f config/project-scratch-def.json -a pd-dev -d 7",
                        "Creating Scratch Org... done\nYour scratch org is ready: "
                        "test-q1xe8vfh3kzp@example.com"),
                   "Scratch org pd-dev is up (7 days)."),
                  ("`sf project deploy start -o pd-dev`",
                   bash("sf project deploy start -o pd-dev",
                        "Deploying v60.0 metadata to test-q1xe8vfh3kzp@example.com using the "
                        "v61.0 SOAP API.\nStatus: Succeeded | 214/214 Components"),
                   "All 214 components deployed."),
                  ("`sf org assign permset -n Intake_Manager -o pd-dev` - the one everybody "
                   "forgets, without it you can't see a single Donation__c field",
                   bash("sf org assign permset -n Intake_Manager -o pd-dev",
                        "=== Permsets Assigned\n USERNAME                         PERMISSION SET "
                        "ASSIGNMENT\n test-q1xe8vfh3kzp@example.com    Intake_Manager"),
                   "Permission set assigned."),
                  ("`sf data import tree -p data/seed-plan.json -o pd-dev`",
                   bash("sf data import tree -p data/seed-plan.json -o pd-dev",
                        "REFERENCE ID   TYPE                    ID\n depotRef1      "
                        "Distribution_Point__c   a028d00000FQa1AAG\n ... 41 records imported"),
                   "")],
              "ref": ("docs/scratch-orgs.md",
                      "create, deploy, `sf org assign permset -n Intake_Manager`, then import "
                      "data/seed-plan.json",
                      "# Scratch orgs\n\n    sf org create scratch -f config/project-scratch-def"
                      ".json -a pd-dev -d 7\n    sf project deploy start -o pd-dev\n    sf org "
                      "assign permset -n Intake_Manager -o pd-dev\n    sf data import tree -p "
                      "data/seed-plan.json -o pd-dev\n\nWithout the permission set the admin "
                      "user has no access to the Donation__c\nand Shift__c fields and the "
                      "components render empty.\n"),
              "done": "pd-dev is ready: the Intake_Manager permission set is assigned and the "
                      "seed plan imported 41 records (depots, volunteers, donations, shifts), so "
                      "the shift calendar has data to show."}),
        Fact("cmd-release", "command", ["release.xml"],
             ["how do I push my changes to the UAT sandbox?",
              "can I just deploy the whole force-app folder to uat?"],
             "Deploys to UAT and prod go through the manifest: `sf project deploy start -x "
             "manifest/release.xml -o pd-uat --test-level RunLocalTests` (validate first, then "
             "quick-deploy); never the whole force-app, which holds scratch-only metadata.",
             {"goal": "push the intake toast changes to the UAT sandbox so the depot leads can "
                      "try them",
              "fail": bash("sf project deploy start -d force-app -o pd-uat",
                           "Deploying v60.0 metadata to deploy@valleysfoodbanks.org.uat using "
                           "the v61.0 SOAP API.\nStatus: Failed\n\nComponent Failures [2]\n "
                           "Type        Name                Problem\n ─────────── ──────────────"
                           "───── ───────────────────────────────────────────────\n Flow        "
                           "Scratch_Seed_Reset  The flow can't be activated: it references "
                           "Seed_Run__c, which doesn't exist in this org.\n PermissionSet "
                           "Scratch_Only_Admin  Permission View All Data depends on a licence "
                           "this org doesn't have.", 1),
              "note": "Deploying all of force-app drags scratch-only metadata (a seed-reset flow, "
                      "a scratch admin permission set) into UAT, and they fail there.",
              "ask": "Is there a manifest or a documented way to deploy just the release to UAT?",
              "hedge": "there's a manifest. I think it's `sf project deploy start -x "
                       "manifest/release.xml -o pd-uat --test-level RunLocalTests`... yes, "
                       "release.xml. add your components to it first if they're new",
              "hint": "`sf project deploy start -x manifest/release.xml -o pd-uat --test-level "
                      "RunLocalTests` - only what's in release.xml goes. force-app has "
                      "scratch-only junk in it",
              "gist": "force-app carries scratch-only metadata, so UAT and prod only get what "
                      "the release manifest lists.",
              "ok": bash("sf project deploy start -x manifest/release.xml -o pd-uat --test-level "
                         "RunLocalTests",
                         "Deploying v60.0 metadata to deploy@valleysfoodbanks.org.uat using the "
                         "v61.0 SOAP API.\nStatus: Succeeded | 37/37 Components | Tests: "
                         "112/112 passed\nDeploy ID: 0Af8d00001Gz4ZkCAJ"),
              "dictate": [
                  ("open manifest/release.xml and make sure the labels, the cy translation and "
                   "the intakeForm bundle are in it",
                   edit("manifest/release.xml", "        <name>LightningComponentBundle</name>",
                        "        <members>intakeForm</members>\n        <name>"
                        "LightningComponentBundle</name>"),
                   "Added intakeForm; the labels and translation were already listed."),
                  ("`sf project deploy validate -x manifest/release.xml -o pd-uat --test-level "
                   "RunLocalTests`",
                   bash("sf project deploy validate -x manifest/release.xml -o pd-uat "
                        "--test-level RunLocalTests",
                        "Validating Deployment of v60.0 metadata to "
                        "deploy@valleysfoodbanks.org.uat\nStatus: Succeeded | 37/37 Components "
                        "| Tests: 112/112 passed\nJob ID: 0Af8d00001Gz4ZkCAJ\nSuccessfully "
                        "validated the deployment. Use sf project deploy quick --job-id "
                        "0Af8d00001Gz4ZkCAJ to deploy."),
                   "Validation passed - 112 tests green."),
                  ("quick deploy it: `sf project deploy quick --job-id 0Af8d00001Gz4ZkCAJ -o "
                   "pd-uat`",
                   bash("sf project deploy quick --job-id 0Af8d00001Gz4ZkCAJ -o pd-uat",
                        "Deploying 0Af8d00001Gz4ZkCAJ... Status: Succeeded"), "")],
              "ref": ("docs/releasing.md",
                      "`sf project deploy start -x manifest/release.xml -o pd-uat --test-level "
                      "RunLocalTests`, never -d force-app",
                      "# Releasing\n\n1. Add new components to manifest/release.xml.\n2. sf "
                      "project deploy validate -x manifest/release.xml -o pd-uat --test-level "
                      "RunLocalTests\n3. quick-deploy the validated job.\n\nNever deploy "
                      "force-app as a whole: it contains scratch-only flows and\npermission sets "
                      "that fail (or worse, succeed) in UAT and prod.\n"),
              "done": "The toast changes are in UAT: deployed from manifest/release.xml with "
                      "RunLocalTests - 37 components, 112 tests passed."}),
        Fact("env-devhub", "environment", ["cymru-hub"],
             ["which org do we create scratch orgs from?",
              "sf complains there's no default dev hub on my laptop - which org should I log "
              "into for that?"],
             "The Dev Hub is the production org itself, logged in under the alias cymru-hub and "
             "set as the default dev hub (scripts and CI pass --target-dev-hub cymru-hub); the "
             "team is capped at 6 active scratch orgs.",
             {"goal": "set up the sf CLI on this new laptop so I can make scratch orgs again",
              "ask": "Which org is the Dev Hub, and is there an alias the team uses for it? "
                     "sfdx-project.json and the scratch definition don't name one.",
              "hedge": "I think it's just prod - dev hub's enabled on the production org. alias "
                       "cymru-hub, I think? that's what the scripts expect",
              "sure": "yep, just looked at scripts/new-org.sh - it's cymru-hub. and we're capped "
                      "at 6 active scratch orgs across the team, so delete yours when you're "
                      "done",
              "teach": "the dev hub is prod itself. we log into it as cymru-hub and make that "
                       "the default dev hub. and there's a cap of 6 active scratch orgs for the "
                       "whole team, delete yours when done",
              "gist": "the Dev Hub is the production org, alias cymru-hub, set as the default; "
                      "at most 6 active scratch orgs",
              "slip": ("60", "6"),
              "probe": [bash("grep -rn 'target-dev-hub' scripts/ .github/workflows/",
                             "scripts/new-org.sh:4:sf org create scratch -f config/project-"
                             "scratch-def.json --target-dev-hub cymru-hub -a \"$1\" -d 7\n"
                             ".github/workflows/ci.yml:31:        run: sf org create scratch -f "
                             "config/project-scratch-def.json --target-dev-hub cymru-hub -a ci "
                             "-d 1"),
                        bash("sf org login web -a cymru-hub -d -r "
                             "https://valleysfoodbanks.my.salesforce.com",
                             "Successfully authorized admin@valleysfoodbanks.org with org ID "
                             "00D8d000004xQzEEAU\nSet default dev hub: cymru-hub")],
              "confirm": "The Dev Hub is the production org: scripts/new-org.sh and CI both pass "
                         "--target-dev-hub cymru-hub, and I've logged in under that alias and set "
                         "it as your default dev hub. Keep the team cap of 6 active scratch "
                         "orgs in mind - delete yours when you're done with it.",
              "ref": ("docs/setup.md",
                      "the dev hub is prod, alias cymru-hub, set it as default. max 6 scratch "
                      "orgs",
                      "# Laptop setup\n\n1. npm ci\n2. sf org login web -a cymru-hub -d -r "
                      "https://valleysfoodbanks.my.salesforce.com\n   (Dev Hub = the production "
                      "org; the scripts expect the alias cymru-hub)\n3. scripts/new-org.sh "
                      "pd-dev\n\nThe team shares a cap of 6 active scratch orgs.\n"),
              "odd": "Both scripts/new-org.sh and CI create scratch orgs from cymru-hub, which is "
                     "the production org itself - not a separate Dev Hub.",
              "why": "a separate dev hub org would need its own licences and the charity's "
                     "nonprofit edition gives us the dev hub on prod for free. scratch orgs "
                     "never touch prod data, it's only where they're registered. cap is 6 "
                     "active at once"}),
        Fact("env-stock", "environment", ["Stock_Level__e"],
             ["how do stock numbers from the warehouse system get into salesforce?",
              "is there a scheduled job pulling stock counts from the depot, or does the depot "
              "push them?"],
             "Stock levels arrive from the central depot's warehouse system (WMS) as "
             "Stock_Level__e platform events, which StockLevelTrigger copies onto "
             "Distribution_Point__c; nothing polls the WMS, and the vendor can only publish "
             "events.",
             {"goal": "add a 'low stock' badge on the distribution point page when tinned veg "
                      "drops under 50 units",
              "ask": "Where do the stock numbers come from - is there a sync job I should hook "
                     "into, or do they arrive as records?",
              "hedge": "they come in as platform events I think... Stock_Level__e? the depot's "
                       "WMS publishes them",
              "sure": "yes that's right, Stock_Level__e - StockLevelTrigger subscribes and "
                      "copies the numbers onto the distribution point. nothing polls the WMS",
              "teach": "the WMS at the central depot publishes Stock_Level__e platform events "
                       "and StockLevelTrigger copies them onto Distribution_Point__c. there's no "
                       "polling job",
              "gist": "stock arrives as Stock_Level__e platform events from the WMS, and "
                      "StockLevelTrigger writes them onto Distribution_Point__c",
              "slip": ("StockLevelJob", "StockLevelTrigger"),
              "probe": [read("force-app/main/default/triggers/StockLevelTrigger.trigger",
                             "trigger StockLevelTrigger on Stock_Level__e (after insert) {\n    "
                             "StockLevelHandler.apply(Trigger.new);\n}\n"),
                        bash("sf data query -q \"SELECT Name, Tinned_Veg_Units__c FROM "
                             "Distribution_Point__c ORDER BY Tinned_Veg_Units__c LIMIT 3\" -o "
                             "pd-dev",
                             " NAME                 TINNED_VEG_UNITS__C\n ──────────────────── "
                             "───────────────────\n Treorchy Chapel      38\n Ferndale Hall"
                             "        61\n Porth Library        77\nTotal number of records "
                             "retrieved: 3.")],
              "confirm": "Stock numbers arrive from the depot's WMS as Stock_Level__e platform "
                         "events; StockLevelTrigger hands them to StockLevelHandler, which "
                         "writes the counts onto Distribution_Point__c (Tinned_Veg_Units__c "
                         "etc.). So the badge just reads the field - Treorchy Chapel, at 38, "
                         "would show it right now.",
              "ref": ("docs/integrations.md",
                      "the WMS publishes Stock_Level__e events, StockLevelTrigger applies them",
                      "# Integrations\n\n## Warehouse (WMS, central depot)\nPublishes "
                      "Stock_Level__e platform events on every stock movement.\n"
                      "StockLevelTrigger -> StockLevelHandler writes the counts onto\n"
                      "Distribution_Point__c. No polling; the vendor only supports events.\n"),
              "odd": "Stock counts are never written by the WMS directly - they only arrive as "
                     "Stock_Level__e platform events and StockLevelTrigger copies them onto "
                     "Distribution_Point__c. A direct upsert from the WMS would be simpler.",
              "why": "the WMS vendor can only publish events, there's no upsert option in their "
                     "connector. and events don't eat into our daily API call limit, which the "
                     "nightly donor import already mostly uses"}),
        Fact("gotcha-tz", "gotcha", ["TimeZoneSidKey"],
             ["ShiftServiceTest goes red in the nightly CI run but is green when I rerun it in "
              "the day - what's going on?",
              "anything to watch out for when writing apex tests that compare against today's "
              "date?"],
             "Scratch-org users default to TimeZoneSidKey America/Los_Angeles, 8 hours behind the "
             "UK, so before about 8am UK Apex's Date.today() is still yesterday and date tests "
             "fail in the nightly run; shift tests run their assertions as a user with "
             "TimeZoneSidKey 'Europe/London' (System.runAs(ukUser())).",
             {"task": "add a test for ShiftService.upcomingShifts(volunteerId) - it should "
                      "return the volunteer's shifts from today onwards",
              "warning": "dates in the shift tests. scratch org users default to TimeZoneSidKey "
                         "America/Los_Angeles, 8h behind us, so before 8am UK 'today' in apex is "
                         "still yesterday and the nightly run goes red. run the asserts as a "
                         "user with TimeZoneSidKey 'Europe/London' - ShiftServiceTest has "
                         "ukUser() for that",
              "follow": [read(f"{cls}/ShiftServiceTest.cls",
                              "    static User ukUser() {\n        Profile p = [SELECT Id FROM "
                              "Profile WHERE Name = 'Standard User'];\n        User u = new "
                              "User(Alias = 'ukt', Email = 'ukt@example.org', LastName = 'UK',\n"
                              "            ProfileId = p.Id, UserName = 'ukt' + "
                              "Crypto.getRandomInteger() + '@example.org',\n            "
                              "TimeZoneSidKey = 'Europe/London', LocaleSidKey = 'en_GB',\n"
                              "            LanguageLocaleKey = 'en_US', EmailEncodingKey = "
                              "'UTF-8');\n        insert u;\n        return u;\n    }\n"),
                         edit(f"{cls}/ShiftServiceTest.cls", "    static User ukUser() {",
                              "    @IsTest\n    static void upcomingIncludesTodayAndLater() {\n"
                              "        System.runAs(ukUser()) {\n            Contact v = [SELECT "
                              "Id FROM Contact LIMIT 1];\n            List<Shift__c> got = "
                              "ShiftService.upcomingShifts(v.Id);\n            Assert.areEqual(3, "
                              "got.size());\n            Assert.isTrue(got[0].Date__c >= "
                              "Date.today());\n        }\n    }\n\n    static User ukUser() {"),
                         bash("sf apex run test -n ShiftServiceTest -o pd-dev -r human -w 10",
                              test_ok.format(n=5, rid="CD4", ms=3190,
                                             cov="ShiftService         88%"))],
              "heeded": "Added upcomingIncludesTodayAndLater to ShiftServiceTest; its assertions "
                        "run inside System.runAs(ukUser()), the Europe/London user, so the "
                        "TimeZoneSidKey of the scratch org's admin can't shift 'today'. All 5 "
                        "tests pass.",
              "peek": read(f"{cls}/ShiftServiceTest.cls",
                           "    @IsTest\n    static void signupFillsSlot() {\n        "
                           "System.runAs(ukUser()) {\n            Shift__c s = [SELECT Id, "
                           "Slots_Left__c FROM Shift__c LIMIT 1];\n            ShiftService."
                           "signUp(s.Id, [SELECT Id FROM Contact LIMIT 1].Id);\n            "
                           "Assert.areEqual(s.Slots_Left__c - 1, [SELECT Slots_Left__c FROM "
                           "Shift__c WHERE Id = :s.Id].Slots_Left__c);\n        }\n    }\n\n"
                           "    static User ukUser() {\n        ...\n            TimeZoneSidKey "
                           "= 'Europe/London', LocaleSidKey = 'en_GB',\n        ...\n    }\n"),
              "odd": "Every test in ShiftServiceTest is wrapped in System.runAs(ukUser()), which "
                     "inserts a throwaway user just to give it a time zone. It looks like "
                     "ceremony - fine to drop it for the new test and run as the default user?",
              "why": "scratch org admins default to TimeZoneSidKey America/Los_Angeles, 8 hours "
                     "behind us. Date.today() in apex is the running user's date, so before 8am "
                     "UK it's still yesterday and every 'today' test fails in the nightly run. "
                     "ukUser() is on Europe/London",
              "symptom": "ShiftServiceTest.upcomingIncludesToday failed in last night's CI run. "
                         "I reran it at 10 and it's green?? third time this month",
              "ask": "Does it only ever fail in the nightly run - roughly what time does that "
                     "start - and never when you run it during the day?",
              "answer": "nightly only, it kicks off at 01:30. daytime reruns are always green",
              "probe": [bash("gh run view --log-failed --job nightly-apex | grep -A3 FAIL",
                             "nightly-apex  FAIL  ShiftServiceTest.upcomingIncludesToday\n"
                             "nightly-apex  System.AssertException: Assertion Failed: Expected: "
                             "3, Actual: 2\nnightly-apex  Class.ShiftServiceTest.upcoming"
                             "IncludesToday: line 48, column 1"),
                        bash("sf data query -q \"SELECT Username, TimeZoneSidKey FROM User WHERE "
                             "Profile.Name = 'System Administrator'\" -o ci",
                             " USERNAME                          TIMEZONESIDKEY\n ───────────"
                             "────────────────────── ───────────────────\n "
                             "test-8kd0wq2m1p@example.com       America/Los_Angeles")],
              "explain": "The nightly run starts at 01:30 UK time, and the test runs as the "
                         "scratch org's admin, whose TimeZoneSidKey is the default "
                         "America/Los_Angeles - 8 hours behind. Date.today() in Apex is the "
                         "running user's date, so at 01:30 UK it is still yesterday in the org, "
                         "and the shift created for 'today' drops out of upcomingShifts (2 "
                         "instead of 3). Running the assertions as a Europe/London user fixes "
                         "it.",
              "fix": [edit(f"{cls}/ShiftServiceTest.cls",
                           "    static void upcomingIncludesToday() {\n        Contact v",
                           "    static void upcomingIncludesToday() {\n        System.runAs("
                           "ukUser()) {\n        Contact v"),
                      bash("sf apex run test -n ShiftServiceTest -o pd-dev -r human -w 10",
                           test_ok.format(n=4, rid="EF7", ms=2874,
                                          cov="ShiftService         86%"))],
              "done": "upcomingIncludesToday now runs its assertions as ukUser() (TimeZoneSidKey "
                      "Europe/London), like the other shift tests, so the org's default Los "
                      "Angeles time zone can't move 'today' under it at 01:30.",
              "guess": "The failing assertion is 3 vs 2 shifts. My guess is a race: the test "
                       "creates a shift with Datetime.now() and the query runs in the same "
                       "second, so one row is sometimes excluded?"}),
        Fact("gotcha-callout", "gotcha", ["uncommitted work"],
             ["I insert the shift signup and then call the SMS API in the same apex method, and "
              "it throws - what's the rule here?",
              "why do the text messages to volunteers go through a queueable instead of being "
              "sent directly?"],
             "Apex can't make an HTTP callout after DML in the same transaction (System."
             "CalloutException: You have uncommitted work pending); code that inserts and then "
             "texts a volunteer enqueues the SmsSender Queueable, which calls Twilio in its own "
             "transaction.",
             {"task": "when a volunteer signs up for a shift, send them a confirmation SMS "
                      "through our Twilio account - ShiftService.signUp already inserts the "
                      "Shift_Signup__c",
              "warning": "you can't do the SMS callout straight after the Shift_Signup__c insert - "
                         "apex throws "
                         "'You have uncommitted work pending. Please commit or rollback before "
                         "calling out'. insert, then enqueue a Queueable (SmsSender exists) and "
                         "call out from there",
              "follow": [read(f"{cls}/SmsSender.cls",
                              "public class SmsSender implements Queueable, "
                              "Database.AllowsCallouts {\n    private final String toNumber;\n"
                              "    private final String body;\n    public SmsSender(String "
                              "toNumber, String body) { this.toNumber = toNumber; this.body = "
                              "body; }\n    public void execute(QueueableContext ctx) {\n        "
                              "TwilioClient.send(toNumber, body);\n    }\n}\n"),
                         edit(f"{cls}/ShiftService.cls",
                              "        insert signup;\n",
                              "        insert signup;\n        System.enqueueJob(new SmsSender("
                              "vol.MobilePhone,\n            String.format(Label.Shift_Confirm_"
                              "Sms, new List<Object>{ shift.Name, shift.Start__c })));\n"),
                         bash("sf apex run test -n ShiftServiceTest -o pd-dev -r human -w 10",
                              test_ok.format(n=5, rid="GH2", ms=3402,
                                             cov="ShiftService         90%"))],
              "heeded": "ShiftService.signUp inserts the Shift_Signup__c and then enqueues "
                        "SmsSender with the volunteer's mobile number, so the Twilio callout "
                        "runs in the Queueable's own transaction - no uncommitted work pending. "
                        "ShiftServiceTest covers it with a callout mock between startTest and "
                        "stopTest.",
              "peek": read(f"{cls}/ShiftService.cls",
                           "    public static void cancel(Id signupId) {\n        "
                           "Shift_Signup__c s = [SELECT Id, Shift__c, Volunteer__r.MobilePhone "
                           "FROM Shift_Signup__c WHERE Id = :signupId];\n        delete s;\n"
                           "        insert new Waitlist_Offer__c(Shift__c = s.Shift__c);\n"
                           "        System.enqueueJob(new SmsSender(s.Volunteer__r.MobilePhone, "
                           "Label.Shift_Cancel_Sms));\n    }\n"),
              "odd": "ShiftService.cancel() deletes the signup, inserts a waitlist offer and "
                     "then hands the text message to a separate SmsSender Queueable instead of "
                     "calling TwilioClient.send directly - an extra async hop for one HTTP call. "
                     "Shall I call Twilio directly for the new confirmation SMS?",
              "why": "apex won't let you call out after DML in the same transaction - you get "
                     "'You have uncommitted work pending' - so anything that inserts first has "
                     "to push the callout into a Queueable. that's all SmsSender is for",
              "symptom": "signing up for a shift in the portal now shows 'An internal server "
                         "error has occurred' since yesterday's confirmation-SMS change",
              "ask": "Does it fail on every signup or only some - and for internal users too, "
                     "or only in the portal?",
              "answer": "every signup, internal users too. started right after I added the "
                        "confirmation text",
              "probe": [bash("sf apex get log -o pd-dev --number 1 | grep -A2 FATAL_ERROR",
                             "14:02:11.94 (94211033)|FATAL_ERROR|System.CalloutException: You "
                             "have uncommitted work pending. Please commit or rollback before "
                             "calling out\n\nClass.TwilioClient.send: line 22, column 1\n"
                             "Class.ShiftService.signUp: line 41, column 1"),
                        read(f"{cls}/ShiftService.cls",
                             "        insert signup;\n        TwilioClient.send(vol.MobilePhone, "
                             "String.format(Label.Shift_Confirm_Sms,\n            new "
                             "List<Object>{ shift.Name, shift.Start__c }));\n")],
              "explain": "Apex doesn't allow an HTTP callout after DML in the same transaction: "
                         "signUp inserts the Shift_Signup__c and then calls TwilioClient.send "
                         "directly, which throws 'You have uncommitted work pending'. The "
                         "callout has to run in its own transaction - a Queueable, which is what "
                         "SmsSender already does for cancellations.",
              "fix": [edit(f"{cls}/ShiftService.cls",
                           "        TwilioClient.send(vol.MobilePhone, String.format(",
                           "        System.enqueueJob(new SmsSender(vol.MobilePhone, "
                           "String.format("),
                      bash("sf apex run test -n ShiftServiceTest -o pd-dev -r human -w 10",
                           test_ok.format(n=5, rid="JK9", ms=3377,
                                          cov="ShiftService         90%"))],
              "done": "Signups work again: the confirmation text now goes out from the SmsSender "
                      "Queueable after the insert commits, and the shift tests pass.",
              "guess": "The log shows a CalloutException from TwilioClient.send. My first guess "
                       "is a missing Named Credential or Remote Site Setting for api.twilio.com "
                       "in this org."}),
        Fact("fals-screenflow", "falsified", ["Screen Flow"],
             ["could we rebuild the donation intake form as a flow so the depot managers can "
              "change it without code?",
              "has anyone tried doing intake with a clicks-not-code form instead of the LWC?"],
             "The intake form was run as a Screen Flow once (2023): every screen took 4-6 s on "
             "the depots' old Galaxy Tab A tablets and the barcode scanner isn't available "
             "inside the flow there, so volunteers went back to paper. Intake stays an LWC; "
             "admin-editable fields come from custom metadata.",
             {"pain": "Gareth (depot manager) keeps asking for new fields on the intake form and "
                      "every change needs a deploy from us. can we make it so he can change it "
                      "himself?",
              "idea": "rebuilding the intake as a Screen Flow, so Gareth can add fields in Flow "
                      "Builder without a deploy",
              "idea_label": "the Screen Flow",
              "alternative": "keep the intakeForm LWC and drive its field list from a custom "
                             "metadata type (Intake_Field__mdt) that Gareth can edit in Setup",
              "alt_label": "a metadata-driven field list",
              "why_user": "that's been done - in 2023 intake ran as a Screen Flow for a month. "
                          "every screen took 4-6 seconds on the depots' old Galaxy Tab A "
                          "tablets, and the barcode scanner doesn't work inside the flow on "
                          "them, so the volunteers went back to paper sheets within a week",
              "ask": "let's try moving the intake into a Screen Flow so Gareth can maintain it "
                     "himself - start with the weight + category screen and put it on the "
                     "Intake tab",
              "change": [write("force-app/main/default/flows/Donation_Intake.flow-meta.xml",
                               "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Flow xmlns=\"http://"
                               "soap.sforce.com/2006/04/metadata\">\n    <apiVersion>60.0"
                               "</apiVersion>\n    <label>Donation Intake</label>\n    "
                               "<processType>Flow</processType>\n    <screens>\n        <name>"
                               "Weight_And_Category</name>\n        <fields>\n            <name>"
                               "Weight_Kg</name>\n            <fieldType>InputField</fieldType>"
                               "\n        </fields>\n    </screens>\n    <status>Active</status>"
                               "\n</Flow>\n"),
                         bash("sf project deploy start -d force-app/main/default/flows -o pd-dev",
                              "Status: Succeeded | 1/1 Components")],
              "broke": bash("node scripts/tablet-timing.js --org pd-dev --page "
                            "/lightning/n/Donation_Intake --device galaxy-tab-a",
                            "device: galaxy-tab-a (throttled CPU 6x, 3G)\nscreen 1 -> 2 ..... "
                            "5.4 s\nscreen 2 -> 3 ..... 4.9 s\nbarcode: getBarcodeScanner()."
                            "isAvailable() = false\nFAIL: 2 transitions over the 1.5 s budget; "
                            "scanner unavailable", 1),
              "revert": bash("rm force-app/main/default/flows/Donation_Intake.flow-meta.xml && sf "
                             "project delete source -m Flow:Donation_Intake -o pd-dev "
                             "--no-prompt",
                             "Deleted Source\n FULL NAME        TYPE  PROJECT PATH\n "
                             "Donation_Intake  Flow  (deleted)"),
              "conclusion": "Reverted. The Screen Flow intake takes about 5 s per screen on the "
                            "depots' Galaxy Tab A tablets and can't reach the barcode scanner, "
                            "so intake stays an LWC; for Gareth's field changes the way is a "
                            "field list in custom metadata that the LWC reads."}),
        Fact("fals-duprules", "falsified", ["Duplicate Rules"],
             ["we have hundreds of duplicate donor contacts - can salesforce just refuse to "
              "create new ones?",
              "why isn't there a duplicate check when a donor contact gets created?"],
             "Blocking Duplicate Rules on Contact were switched on once: the WMS's nightly bulk "
             "upsert of donors then failed with DUPLICATES_DETECTED (about 12% of each batch) and "
             "the donor import stalled for three nights. Duplicates are merged afterwards by the "
             "nightly DonorMergeBatch instead of being blocked at insert.",
             {"pain": "we've got about 900 duplicate donor contacts (same email, different "
                      "spellings of the name). can we stop new ones appearing?",
              "idea": "switching on Duplicate Rules for Contact that block an insert on an exact "
                      "email match",
              "idea_label": "blocking Duplicate Rules",
              "alternative": "leave inserts alone and extend the nightly DonorMergeBatch to "
                             "merge on a normalised email, with a report of each night's merges "
                             "for the fundraising team",
              "alt_label": "a nightly merge job",
              "why_user": "the WMS upserts donors in bulk every night. when those rules were "
                          "switched on last spring about 12% of its batch failed with "
                          "DUPLICATES_DETECTED, the donor import stalled for three nights and "
                          "nobody noticed until the gift aid claim came out short",
              "ask": "switch on a duplicate rule for Contact that blocks exact email matches - "
                     "put it in the metadata so it deploys with the rest",
              "change": [write("force-app/main/default/duplicateRules/Contact.Donor_Email_Block"
                               ".duplicateRule-meta.xml",
                               "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<DuplicateRule xmlns="
                               "\"http://soap.sforce.com/2006/04/metadata\">\n    <actionOnInsert>"
                               "Block</actionOnInsert>\n    <actionOnUpdate>Block"
                               "</actionOnUpdate>\n    <isActive>true</isActive>\n    "
                               "<masterLabel>Donor Email Block</masterLabel>\n    "
                               "<duplicateRuleMatchRules>\n        <matchingRule>"
                               "Donor_Exact_Email</matchingRule>\n        <matchingRuleSObjectType>"
                               "Contact</matchingRuleSObjectType>\n    "
                               "</duplicateRuleMatchRules>\n</DuplicateRule>\n"),
                         bash("sf project deploy start -d force-app/main/default/duplicateRules "
                              "-d force-app/main/default/matchingRules -o pd-dev",
                              "Status: Succeeded | 2/2 Components")],
              "broke": bash("sf apex run --file scripts/apex/wms-upsert-replay.apex -o pd-dev",
                            "Compiled successfully.\nExecuted successfully.\n\n"
                            "USER_DEBUG|[38]|DEBUG|replayed 2001 donor rows\nUSER_DEBUG|[39]|DEBUG"
                            "|upserted 1760, failed 241\nUSER_DEBUG|[40]|DEBUG|first error: "
                            "DUPLICATES_DETECTED - Use one of these records?\nUSER_DEBUG|[41]|"
                            "DEBUG|REPLAY FAILED", 1),
              "revert": bash("git rm -q force-app/main/default/duplicateRules/Contact."
                             "Donor_Email_Block.duplicateRule-meta.xml && sf project delete "
                             "source -m DuplicateRule:Contact.Donor_Email_Block -o pd-dev "
                             "--no-prompt",
                             "Deleted Source\n FULL NAME                      TYPE           "
                             "PROJECT PATH\n Contact.Donor_Email_Block      DuplicateRule  "
                             "(deleted)"),
              "conclusion": "Backed out. Blocking Duplicate Rules make the WMS's nightly bulk "
                            "upsert fail on every donor that matches (241 of 2,001 rows in the "
                            "replay, DUPLICATES_DETECTED), so duplicates have to be cleaned up "
                            "after the fact - by the nightly DonorMergeBatch - rather than "
                            "blocked at insert."}),
    ]
    noise = [
        _look("what does DistributionPointService.nearest actually do?",
              f"{cls}/DistributionPointService.cls",
              "public static Distribution_Point__c nearest(Decimal lat, Decimal lng) {\n    "
              "Location here = Location.newInstance(lat, lng);\n    return [SELECT Id, Name FROM "
              "Distribution_Point__c WHERE Open__c = true\n            ORDER BY DISTANCE("
              "Location__c, :here, 'km') LIMIT 1];\n}\n",
              "It finds the closest open distribution point to a latitude/longitude: a SOQL "
              "query over open points ordered by DISTANCE on the Location__c geolocation field, "
              "in km, taking the first."),
        _find("where do we use Slots_Left__c?", "Slots_Left__c",
              [f"{cls}/ShiftService.cls", f"{lwc}/shiftCalendar/shiftCalendar.js",
               "force-app/main/default/objects/Shift__c/fields/Slots_Left__c.field-meta.xml"],
              "Three places: the field definition on Shift__c, ShiftService (which decrements it "
              "on sign-up) and the shiftCalendar component, which greys out full shifts."),
        _tweak("README says 'Volunter shifts' in the features list", "README.md",
               "- Volunter shifts", "- Volunteer shifts"),
        _run("run the jest tests for the components", "npm run test:unit",
             "> pantrydesk@1.0.0 test:unit\n> sfdx-lwc-jest\n\nTest Suites: 9 passed, 9 total\n"
             "Tests:       47 passed, 47 total\nTime:        6.214 s",
             "All 47 component tests pass across 9 suites."),
        _talk("before vs after triggers - when do I want which?",
              "Use a before trigger to change or validate the records being saved (no extra DML "
              "needed, you just set fields on Trigger.new). Use an after trigger when you need "
              "the saved records' Ids or want to touch other records - related inserts, "
              "updates, events."),
        _steps("add a 'Distance (km)' column to the distribution point list",
               [edit(f"{lwc}/pointList/pointList.js",
                     "    { label: 'Name', fieldName: 'Name' },\n",
                     "    { label: 'Name', fieldName: 'Name' },\n    { label: 'Distance (km)', "
                     "fieldName: 'distanceKm', type: 'number',\n      typeAttributes: { "
                     "maximumFractionDigits: 1 } },\n"),
                bash("npm run test:unit -- pointList",
                     " PASS  force-app/main/default/lwc/pointList/__tests__/pointList.test.js\n"
                     "Tests:       4 passed, 4 total")],
               "Added the column (one decimal place); the pointList tests still pass."),
        _talk("with sharing or without sharing - what should a service class default to?",
              "Default to `with sharing`, so the code respects the running user's record "
              "access; switch a class to `without sharing` only for a specific, reviewed reason "
              "(system-level jobs), and say why in a comment. `inherited sharing` suits "
              "utility classes called from both."),
        _run("what changed in the last few commits?", "git log --oneline -5",
             "e91c0d4 intake: bigger tap targets on the category picker\n3b7a2f1 shifts: show "
             "the depot name in the calendar tooltip\n0c44e8a points: geolocation field for "
             "Ferndale\n8f1d9b3 deps: bump @salesforce/sfdx-lwc-jest\n71a0c5e docs: volunteer "
             "FAQ link",
             "Small UI work on intake and the shift calendar, a geolocation fix for Ferndale, a "
             "jest dependency bump and a docs link."),
    ]
    return Project(
        "pantrydesk", "git@github.com:valleysfoodbanks/pantrydesk.git",
        {"README.md": "# pantrydesk\n\nDonation intake and volunteer shifts for the Valleys food "
                      "bank network.\n",
         "sfdx-project.json": "{\n  \"packageDirectories\": [{ \"path\": \"force-app\", "
                              "\"default\": true }],\n  \"sourceApiVersion\": \"60.0\"\n}\n"},
        facts, noise, "stripe")


def launchrota() -> Project:
    """A Deno 2 / Fresh app on Deno Deploy for an independent lifeboat station in Crowcombe Bay:
    the crew availability board on the boathouse tablets, shouts (launch requests) fanned out as
    web push, a morning availability digest. Deno KV, Preact islands, deployctl, a Raspberry Pi
    in the boathouse that drives the pager transmitter over Tailscale, 1Password for local
    secrets."""
    shout_ts = "routes/api/shout.ts"
    digest = "jobs/digest.ts"
    digest_two = ("import { londonHour } from \"../lib/time.ts\";\nimport { sendDigest } from "
                  "\"../lib/digest.ts\";\n\n// 0700 London, summer and winter\nDeno.cron(\"morning "
                  "digest\", \"0 6,7 * * *\", async () => {\n  if (londonHour(new Date()) !== 7) "
                  "return;\n  await sendDigest();\n});\n")
    avail_loop = ("export async function setAvailability(day: string, id: string, on: boolean) {\n"
                  "  const key = keys.availability(day, id);\n  for (let i = 0; i < 5; i++) {\n"
                  "    const cur = await kv.get<Availability>(key);\n    const res = await "
                  "kv.atomic()\n      .check({ key, versionstamp: cur.versionstamp })\n      "
                  ".set(key, { on, at: Date.now() })\n      .commit();\n    if (res.ok) return;\n"
                  "  }\n  throw new Error(\"availability: too much contention\");\n}\n")
    facts = [
        Fact("conv-keys", "convention", ["lib/keys.ts"],
             ["I need to store crew certifications in KV - how should I write the key?",
              "is it fine to do kv.get(['crew', id]) right there in a route handler?"],
             "Every Deno KV key is built by a helper in lib/keys.ts (keys.crew(id), "
             "keys.availability(day, id), ...), never as an inline array in a route or job: the "
             "key layout has been migrated twice (now v3) and the migration script only knows "
             "the keys in that file.",
             {"task": "add certifications to crew members (helm, first aid, sea survival, with "
                      "expiry dates) and show them on the crew profile page",
              "peek": read("routes/crew/[id].tsx",
                           "import { keys } from \"../../lib/keys.ts\";\nimport { kv } from "
                           "\"../../lib/kv.ts\";\n\nexport const handler: Handlers<Crew> = {\n  "
                           "async GET(_req, ctx) {\n    const crew = await kv.get<Crew>(keys.crew"
                           "(ctx.params.id));\n    if (!crew.value) return ctx.renderNotFound();\n"
                           "    return ctx.render(crew.value);\n  },\n};\n"),
              "ask": "Where should the certification records live in KV - is there a pattern for "
                     "building keys, or do I write the arrays where I need them?",
              "parts": ["not inline please",
                        "So a helper somewhere? The profile route imports keys from lib/ - is "
                        "that the place?",
                        "yes, lib/keys.ts. add certs(id) there and only ever use that. we "
                        "migrated the key layout twice (that's the v3 prefix) and the migration "
                        "script only knows keys that are in that file"],
              "odd": "None of the routes build KV keys themselves - the profile route calls "
                     "kv.get(keys.crew(id)), and every helper in lib/keys.ts starts its array "
                     "with a \"v3\" segment.",
              "rule": "every KV key comes from a helper in lib/keys.ts - never write the array "
                      "inline in a route or a job",
              "why": "we've migrated the key layout twice (hence the v3) and the migration "
                     "script only walks keys defined in that file. an inline key gets orphaned "
                     "silently on the next migration",
              "gist": "every KV key gets a helper in lib/keys.ts, and routes and jobs only call "
                      "those helpers",
              "slip": ("lib/kv.ts", "lib/keys.ts"),
              "ref": ("docs/kv-layout.md",
                      "keys only via the helpers in lib/keys.ts, never inline arrays",
                      "# KV layout (v3)\n\nAll keys are built in lib/keys.ts and start with "
                      "\"v3\".\nNever write a key array inline: scripts/migrate-kv.ts walks the "
                      "helpers\nin lib/keys.ts, and anything else is orphaned on the next "
                      "migration.\n"),
              "follow": [edit("lib/keys.ts",
                              "  shout: (id: string) => [\"v3\", \"shout\", id] as const,\n",
                              "  shout: (id: string) => [\"v3\", \"shout\", id] as const,\n  "
                              "certs: (crewId: string) => [\"v3\", \"certs\", crewId] as const,\n"),
                         edit("routes/crew/[id].tsx",
                              "    const crew = await kv.get<Crew>(keys.crew(ctx.params.id));\n",
                              "    const [crew, certs] = await kv.getMany<[Crew, Cert[]]>([\n"
                              "      keys.crew(ctx.params.id),\n      keys.certs(ctx.params.id),"
                              "\n    ]);\n"),
                         bash("deno test -A tests/crew_test.ts",
                              "running 4 tests from ./tests/crew_test.ts\nprofile shows certs "
                              "... ok (38ms)\nexpired cert is flagged ... ok (5ms)\nprofile 404s "
                              "for unknown crew ... ok (3ms)\ncerts survive migrate-kv dry run "
                              "... ok (61ms)\n\nok | 4 passed | 0 failed (412ms)")],
              "done": "Certifications are stored under a new keys.certs(crewId) helper in "
                      "lib/keys.ts and read with the crew record in one getMany; the profile "
                      "shows them with expired ones flagged. Tests pass, including a migrate-kv "
                      "dry run."}),
        Fact("conv-hhmm", "convention", ["HHmm"],
             ["what format should the launch time on the shout page be shown in?",
              "should times on the crew board read like 5:30 pm or 17:30?"],
             "Every time the crew sees is 24-hour HHmm with no colon (0412, 1730), formatted by "
             "fmtHHmm in lib/time.ts - the way times go over the radio and into the launch log, "
             "and the pager screen only fits four digits.",
             {"task": "on the shout page, show when the boat launched and when it was back on "
                      "the slip",
              "peek": read("lib/time.ts",
                           "// 24h, four digits, no colon (HHmm): 0412, 1730. Crew read these "
                           "off\n// the pager and the radio log; don't localise them.\nexport "
                           "function fmtHHmm(d: Date): string {\n  const parts = new Intl."
                           "DateTimeFormat(\"en-GB\", {\n    timeZone: \"Europe/London\", hour: "
                           "\"2-digit\", minute: \"2-digit\", hourCycle: \"h23\",\n  })."
                           "formatToParts(d);\n  return parts.filter((p) => p.type !== "
                           "\"literal\").map((p) => p.value).join(\"\");\n}\n"),
              "ask": "What format should the launch and recovery times be in? The profile page "
                     "uses toLocaleTimeString, but the board looks different.",
              "parts": ["24 hour",
                        "With a colon, like 17:30?",
                        "no colon. HHmm, four digits - 1730, 0412. same as the radio and the "
                        "launch log, and the pager screen only fits 4 digits. fmtHHmm in "
                        "lib/time.ts does it. the profile page is wrong tbh"],
              "odd": "The helper in lib/time.ts turns times into four digits with no colon - "
                     "the board shows 'PAGED 0412' - instead of using toLocaleTimeString like "
                     "the profile page.",
              "rule": "any time the crew sees is 24h HHmm, no colon - 0412, 1730 - via fmtHHmm "
                      "in lib/time.ts",
              "why": "that's how times go over the radio and into the launch log, and the pager "
                     "only fits four digits. nobody wants to decode '4:12 AM' at 4:12 am",
              "gist": "crew-facing times are HHmm - four digits, 24-hour, no colon - formatted "
                      "by fmtHHmm in lib/time.ts",
              "slip": ("lib/date.ts", "lib/time.ts"),
              "ref": ("docs/ui.md",
                      "all times are HHmm, 24h, no colon (1730), via fmtHHmm",
                      "# UI conventions\n\n## Times\nHHmm, 24-hour, no colon: 0412, 1730. Same "
                      "as the radio and the launch log;\nthe pager shows four characters. Use "
                      "fmtHHmm from lib/time.ts, never\ntoLocaleTimeString.\n"),
              "follow": [edit("components/ShoutRow.tsx",
                              "      <td>{fmtHHmm(shout.pagedAt)}</td>\n",
                              "      <td>{fmtHHmm(shout.pagedAt)}</td>\n      <td>{shout."
                              "launchedAt ? fmtHHmm(shout.launchedAt) : \"-\"}</td>\n      <td>"
                              "{shout.recoveredAt ? fmtHHmm(shout.recoveredAt) : \"-\"}</td>\n"),
                         bash("deno test -A tests/shout_row_test.ts",
                              "running 2 tests from ./tests/shout_row_test.ts\nshows launch and "
                              "recovery as 0412 / 0609 ... ok (9ms)\nshows - when not yet "
                              "recovered ... ok (2ms)\n\nok | 2 passed | 0 failed (71ms)")],
              "done": "The shout row now has Launched and Recovered columns, both formatted with "
                      "fmtHHmm (e.g. 0412 / 0609), and a dash while the boat is still out."}),
        Fact("cmd-env", "command", ["op inject"],
             ["how do I get the app running on my machine from a fresh clone?",
              "deno task start says it can't find .env.local - where does that file come "
              "from?"],
             "Local runs need .env.local generated from 1Password: `op inject -i .env.tpl -o "
             ".env.local` (signed in to the Station account; .env.tpl only holds op:// "
             "references), then `deno task seed` and `deno task start`. Never commit "
             ".env.local.",
             {"goal": "I just cloned this on the new station laptop - get it running locally",
              "fail": bash("deno task start",
                           "Task start deno run -A --unstable-kv --unstable-cron "
                           "--env-file=.env.local --watch=static/,routes/ dev.ts\nerror: Failed "
                           "to load environment variables file '.env.local': No such file or "
                           "directory (os error 2)", 1),
              "note": "The start task wants a .env.local, and there's only .env.tpl in the "
                      "repo.",
              "ask": "How is .env.local normally created - copied from someone, or is there a "
                     "generator?",
              "hedge": "think it's `op inject -i .env.tpl -o .env.local`? you need to be signed "
                       "in to 1password, the Station account... yeah that's it. then deno task "
                       "start",
              "hint": "`op inject -i .env.tpl -o .env.local` - it fills the op:// refs from the "
                      "Station vault in 1password. never commit the result",
              "gist": ".env.tpl only holds op:// references into 1Password; op inject resolves "
                      "them into .env.local.",
              "ok": bash("op inject -i .env.tpl -o .env.local && deno task start",
                         "/home/dev/src/launchrota/.env.local\nTask start deno run -A "
                         "--unstable-kv --unstable-cron --env-file=.env.local "
                         "--watch=static/,routes/ dev.ts\nWatcher Process started.\n\n 🍋 Fresh "
                         "ready\n    Local: http://localhost:8000/"),
              "dictate": [
                  ("`op signin --account crowcombe-station`",
                   bash("op signin --account crowcombe-station", ""), "Signed in."),
                  ("`op inject -i .env.tpl -o .env.local`",
                   bash("op inject -i .env.tpl -o .env.local",
                        "/home/dev/src/launchrota/.env.local"),
                   "Wrote .env.local."),
                  ("`deno task seed` so you have some fake crew",
                   bash("deno task seed",
                        "Task seed deno run -A --unstable-kv --env-file=.env.local "
                        "scripts/seed.ts\nseeded 14 crew, 3 shouts, 60 availability rows"),
                   "Seeded the local KV."),
                  ("`deno task start`",
                   bash("deno task start",
                        "Task start deno run -A --unstable-kv --unstable-cron "
                        "--env-file=.env.local --watch=static/,routes/ dev.ts\n\n 🍋 Fresh ready"
                        "\n    Local: http://localhost:8000/"), "")],
              "ref": ("README.md",
                      "`op inject -i .env.tpl -o .env.local` (Station account), then deno task "
                      "seed / deno task start",
                      "## Running locally\n\n    op signin --account crowcombe-station\n    op "
                      "inject -i .env.tpl -o .env.local\n    deno task seed\n    deno task start"
                      "\n\n.env.tpl only holds op:// references. Never commit .env.local.\n"),
              "done": "It runs on the new laptop: .env.local was generated from the Station "
                      "vault with `op inject -i .env.tpl -o .env.local`, and `deno task start` "
                      "serves the board on http://localhost:8000/."}),
        Fact("cmd-deploy", "command", ["shoreline-crew"],
             ["how do I ship a new version of the crew board to production?",
              "what's this app called on Deno Deploy? deployctl can't find a project with the "
              "repo's name"],
             "Production deploy: `deno task build && deployctl deploy --project=shoreline-crew "
             "--entrypoint=main.ts --prod` - the Deno Deploy project predates the repo and is "
             "called shoreline-crew, and Fresh is built ahead of time.",
             {"goal": "ship the certification change to production",
              "fail": bash("deployctl deploy --project=launchrota --entrypoint=main.ts --prod",
                           "ℹ Using config file '/home/dev/src/launchrota/deno.json'\n✖ Project "
                           "'launchrota' not found, or you don't have access to it.", 1),
              "note": "There's no Deno Deploy project called launchrota that this account can "
                      "see.",
              "ask": "What is the production project called on Deno Deploy, and is there a "
                     "build step before deploying?",
              "hedge": "the deploy project is shoreline-crew I think - it's older than the repo "
                       "name. yes, shoreline-crew. and build first: `deno task build && "
                       "deployctl deploy --project=shoreline-crew --entrypoint=main.ts --prod`",
              "hint": "it's called shoreline-crew (older than the repo). `deno task build && "
                      "deployctl deploy --project=shoreline-crew --entrypoint=main.ts --prod`",
              "gist": "The Deploy project predates the repo's name - it's shoreline-crew - and "
                      "the Fresh build has to run before deploying.",
              "ok": bash("deno task build && deployctl deploy --project=shoreline-crew "
                         "--entrypoint=main.ts --prod",
                         "Task build deno run -A dev.ts build\nThe manifest has been generated "
                         "for 21 routes and 6 islands.\nℹ Using config file "
                         "'/home/dev/src/launchrota/deno.json'\n✔ Deploying to project "
                         "shoreline-crew.\n✔ Deployment complete.\n\nView at:\n - "
                         "https://shoreline-crew.deno.dev"),
              "dictate": [
                  ("`deno task build`",
                   bash("deno task build",
                        "Task build deno run -A dev.ts build\nThe manifest has been generated "
                        "for 21 routes and 6 islands."),
                   "Built."),
                  ("`deployctl deploy --project=shoreline-crew --entrypoint=main.ts --prod` - "
                   "the project name is the old one, not the repo's",
                   bash("deployctl deploy --project=shoreline-crew --entrypoint=main.ts --prod",
                        "✔ Deploying to project shoreline-crew.\n✔ Deployment complete.\n\nView "
                        "at:\n - https://shoreline-crew.deno.dev"),
                   "Deployed."),
                  ("check the board loads: `curl -sI https://shoreline-crew.deno.dev/board | "
                   "head -1`",
                   bash("curl -sI https://shoreline-crew.deno.dev/board | head -1",
                        "HTTP/2 200"), "")],
              "ref": ("docs/deploy.md",
                      "`deno task build`, then `deployctl deploy --project=shoreline-crew "
                      "--entrypoint=main.ts --prod`",
                      "# Deploying\n\n    deno task build\n    deployctl deploy "
                      "--project=shoreline-crew --entrypoint=main.ts --prod\n\nThe Deploy "
                      "project is still called shoreline-crew (the app's name\nbefore the "
                      "repo was renamed). Deploy from main only.\n"),
              "done": "Production is updated: built with `deno task build` and deployed to the "
                      "shoreline-crew project with --prod; https://shoreline-crew.deno.dev/board "
                      "answers 200."}),
        Fact("env-pi", "environment", ["boathouse-pi"],
             ["where does the actual pager transmitter get its messages from?",
              "how do I get a shell on the box that drives the pagers?"],
             "The pager transmitter is driven by a Raspberry Pi in the boathouse, reachable only "
             "over Tailscale as boathouse-pi; its pager-bridge service polls /api/shouts every 5 "
             "s with PAGER_TOKEN, because Deno Deploy can't reach into the tailnet.",
             {"goal": "the coxswain says pager messages arrive about 20 seconds after a shout is "
                      "raised - find where the delay comes from",
              "ask": "Where does the pager side actually run? The app stores shouts in KV and "
                     "serves /api/shouts, but nothing in the repo talks to a transmitter.",
              "hedge": "there's a raspberry pi in the boathouse that keys the transmitter. on "
                       "tailscale it's... boathouse-pi I think?",
              "sure": "yep, boathouse-pi, just pinged it. it polls /api/shouts every 5s with "
                      "the PAGER_TOKEN - the app can't push into our tailnet, so it pulls",
              "teach": "the transmitter is driven by a raspberry pi in the boathouse, tailscale "
                       "name boathouse-pi. it polls /api/shouts every 5 seconds with "
                       "PAGER_TOKEN - deploy can't reach into our tailnet so it pulls",
              "gist": "a Raspberry Pi in the boathouse, boathouse-pi on Tailscale, polls "
                      "/api/shouts every 5 seconds and keys the transmitter",
              "slip": ("15 seconds", "5 seconds"),
              "probe": [bash("tailscale status | grep boathouse",
                             "100.88.14.7     boathouse-pi         crowcombe@   linux   active; "
                             "direct 192.168.50.20:41641, tx 18820 rx 40112"),
                        bash("ssh boathouse-pi 'journalctl -u pager-bridge -n 4 --no-pager'",
                             "pager-bridge[612]: poll /api/shouts -> 200 (4.8s) 0 new\n"
                             "pager-bridge[612]: poll /api/shouts -> 200 (5.1s) 0 new\n"
                             "pager-bridge[612]: poll /api/shouts -> 200 (4.9s) 1 new\n"
                             "pager-bridge[612]: keyed transmitter: SHOUT ALB 0412 (msg 7f3a)")],
              "confirm": "The pager side is the Pi in the boathouse, boathouse-pi on the "
                         "tailnet: its pager-bridge service polls /api/shouts every 5 s with "
                         "PAGER_TOKEN and keys the transmitter. Each poll is taking about 5 s to "
                         "answer, though - so the delay is mostly the /api/shouts request, on "
                         "top of the polling interval. That's where I'll look next.",
              "ref": ("docs/pager.md",
                      "the Pi in the boathouse (tailscale: boathouse-pi) polls /api/shouts "
                      "every 5s",
                      "# Pager\n\nThe transmitter hangs off a Raspberry Pi in the boathouse "
                      "(Tailscale:\nboathouse-pi). Its pager-bridge service polls /api/shouts "
                      "every 5 s with\nPAGER_TOKEN. Deploy cannot reach the tailnet, so the Pi "
                      "pulls.\n"),
              "odd": "So the app never pushes a shout anywhere: boathouse-pi pulls /api/shouts "
                     "every 5 seconds over the tailnet, which builds up to 5 s of delay into "
                     "every page. Pushing from the app would be faster.",
              "why": "deno deploy can't reach into our tailnet, and we won't expose the pi in "
                     "the boathouse to the internet. 5s polling is the compromise the coxswain "
                     "signed off"}),
        Fact("env-sheet", "environment", ["CREW_SHEET_ID"],
             ["where does the list of crew members come from?",
              "I changed a crew member's phone number in the app and it went back overnight - "
              "where should I change it?"],
             "The crew roster's source of truth is the station's 'Crew Master' Google Sheet, "
             "owned by the training officer: jobs/sync-crew.ts reads the sheet named by the env "
             "var CREW_SHEET_ID every night and overwrites the crew records in KV.",
             {"goal": "add a 'pager number' field to crew so we can page individuals",
              "ask": "Where do crew records originate? If I add a field only in KV, will "
                     "anything overwrite it?",
              "hedge": "the crew list comes from the station's google sheet I believe, 'Crew "
                       "Master'. the nightly job reads it using CREW_SHEET_ID. pretty sure "
                       "that's still the case",
              "sure": "checked - still the sheet. jobs/sync-crew.ts overwrites the KV copy "
                      "every night from CREW_SHEET_ID, so the column has to go in the sheet too "
                      "or it gets wiped",
              "teach": "crew come from the google sheet 'Crew Master' - its id is in "
                       "CREW_SHEET_ID - and jobs/sync-crew.ts overwrites the KV copy every "
                       "night at 0200",
              "gist": "the Google Sheet is the source of truth: jobs/sync-crew.ts reads it via "
                      "CREW_SHEET_ID every night and overwrites the crew in KV",
              "slip": ("merges into", "overwrites"),
              "probe": [read("jobs/sync-crew.ts",
                             "const sheetId = Deno.env.get(\"CREW_SHEET_ID\");\nif (!sheetId) "
                             "throw new Error(\"CREW_SHEET_ID not set\");\n\nexport async "
                             "function syncCrew() {\n  const rows = await readSheet(sheetId, "
                             "\"Crew Master!A2:H\");\n  const op = kv.atomic();\n  for (const r "
                             "of rows) op.set(keys.crew(r.id), toCrew(r)); // replaces, by "
                             "design\n  await op.commit();\n}\n"),
                        bash("grep -n CREW_SHEET_ID .env.tpl",
                             "4:CREW_SHEET_ID=op://Station/crew-sheet/id")],
              "confirm": "Crew records come from the station's 'Crew Master' Google Sheet: "
                         "jobs/sync-crew.ts reads the sheet named by CREW_SHEET_ID "
                         "(op://Station/crew-sheet/id in .env.tpl) and replaces the crew in KV "
                         "every night. So a pager-number field needs a column in the sheet and a "
                         "mapping in toCrew, or it'll be wiped overnight.",
              "ref": ("docs/data.md",
                      "crew are synced nightly from the 'Crew Master' sheet (CREW_SHEET_ID); KV "
                      "is only a copy",
                      "# Data\n\n## Crew\nSource of truth: the 'Crew Master' Google Sheet "
                      "(training officer).\njobs/sync-crew.ts reads it every night "
                      "(CREW_SHEET_ID) and overwrites\nthe crew records in KV. Edit the sheet, "
                      "not the app.\n"),
              "odd": "jobs/sync-crew.ts replaces every crew record in KV from a Google Sheet "
                     "each night - including changes made in the app. Is the sheet meant to win "
                     "over edits made here?",
              "why": "the training officer owns that sheet, it's the station's record of who's "
                     "on the crew and what they're signed off for. the app is read-only for crew "
                     "details on purpose"}),
        Fact("gotcha-cron", "gotcha", ["Deno.cron"],
             ["the morning digest shows up at 8 instead of 7 since the clocks went forward - "
              "why?",
              "how do I schedule a job for a fixed local time of day in this app?"],
             "Deno.cron schedules are always UTC with no time-zone option, so the 0700 digest is "
             "registered for both 6 and 7 UTC ('0 6,7 * * *') and the handler only sends when "
             "it's 7 in Europe/London - correct in BST and GMT. A plain '0 7 * * *' arrives at "
             "0800 all summer.",
             {"task": "move the morning availability digest from 0700 to 0630, the crew asked "
                      "for it earlier",
              "warning": "Deno.cron only does UTC, there's no time zone option. that's why the "
                         "digest is registered for two hours and the handler checks the London "
                         "hour. if you just write '30 6 * * *' it'll come at 0730 all summer",
              "follow": [read(digest, digest_two),
                         edit(digest, "// 0700 London, summer and winter\nDeno.cron(\"morning "
                                      "digest\", \"0 6,7 * * *\", async () => {\n  if "
                                      "(londonHour(new Date()) !== 7) return;",
                              "// 0630 London, summer and winter (cron is UTC)\nDeno.cron("
                              "\"morning digest\", \"30 5,6 * * *\", async () => {\n  if "
                              "(londonHour(new Date()) !== 6) return;"),
                         bash("deno test -A tests/digest_test.ts",
                              "running 3 tests from ./tests/digest_test.ts\nsends at 0630 in "
                              "BST ... ok (4ms)\nsends at 0630 in GMT ... ok (2ms)\nskips the "
                              "other run ... ok (1ms)\n\nok | 3 passed | 0 failed (48ms)")],
              "heeded": "The digest now goes at 0630 London time all year: Deno.cron is "
                        "registered for '30 5,6 * * *' (UTC) and the handler only sends when "
                        "it's 06 in Europe/London, so the right run wins in both BST and GMT. "
                        "The tests cover both.",
              "peek": read(digest, digest_two),
              "odd": "jobs/digest.ts registers the digest for two hours ('0 6,7 * * *') and the "
                     "handler then returns early unless it's 7 o'clock in London - it looks "
                     "like a half-finished change. Shall I simplify it to '0 7 * * *' while I'm "
                     "here?",
              "why": "Deno.cron schedules are always UTC, no time zone option. 6 and 7 UTC "
                     "cover 0700 in both BST and GMT, and the hour check throws away the wrong "
                     "one",
              "symptom": "crew say the morning digest has been coming at 0800 since the clocks "
                         "went forward",
              "ask": "Is it exactly an hour late every day, and did it start right after the "
                     "clocks changed or after a deploy?",
              "answer": "exactly an hour, every day. clocks went forward sunday, but there was "
                        "a deploy on friday too",
              "probe": [bash("git log -3 --oneline -- jobs/digest.ts",
                             "a41c9e2 digest: simplify schedule\n5be0d17 digest: include "
                             "tomorrow's exercise\n9f30c6a digest: first version"),
                        read(digest, "// 0700 London\nDeno.cron(\"morning digest\", \"0 7 * * "
                                     "*\", sendDigest);\n")],
              "explain": "Deno.cron has no time-zone setting - schedules are always UTC. "
                         "Friday's commit a41c9e2 replaced the old pattern (run at 6 and 7 UTC, "
                         "send only when it's 7 in London) with a plain '0 7 * * *'. In winter "
                         "07:00 UTC is 0700 in London, so nobody noticed; since the clocks went "
                         "forward it's 0800 BST. Restoring the two-hour schedule with the "
                         "London-hour check.",
              "fix": [edit(digest, "Deno.cron(\"morning digest\", \"0 7 * * *\", sendDigest);\n",
                           "Deno.cron(\"morning digest\", \"0 6,7 * * *\", async () => {\n  if "
                           "(londonHour(new Date()) !== 7) return; // cron is UTC\n  await "
                           "sendDigest();\n});\n"),
                      bash("deno test -A tests/digest_test.ts",
                           "running 3 tests from ./tests/digest_test.ts\nsends at 0700 in BST "
                           "... ok (4ms)\nsends at 0700 in GMT ... ok (2ms)\nskips the other run "
                           "... ok (1ms)\n\nok | 3 passed | 0 failed (45ms)")],
              "done": "Restored: the digest fires at 06:00 and 07:00 UTC and only sends when "
                      "it's 0700 in Europe/London, so it arrives at 0700 local in summer and "
                      "winter. I added a test for each so a future 'simplify' fails loudly.",
              "guess": "The log shows Friday's a41c9e2 'simplify schedule'. My guess: Deploy "
                       "runs the isolate in a region whose local time is an hour off, and the "
                       "schedule is read in that region's time?"}),
        Fact("gotcha-versionstamp", "gotcha", ["versionstamp"],
             ["two crew tapped 'available' at the same moment and only one shows on the board "
              "- how can that happen?",
              "anything to know about concurrent writes to the same KV entry in this app?"],
             "A KV atomic() with a versionstamp check doesn't throw when another write got there "
             "first: commit() just returns { ok: false } and the write is dropped. Writes that "
             "can race (availability taps) must re-read and retry until ok, like "
             "setAvailability's loop.",
             {"task": "add a 'bringing a trainee' counter to a crew member's availability for a "
                      "shout",
              "warning": "KV atomic ops don't throw when the versionstamp check fails - commit() "
                         "just comes back { ok: false } and your write is gone. at a shout six "
                         "people tap at once, so re-read and retry until ok, like "
                         "setAvailability does",
              "follow": [read("lib/availability.ts", avail_loop),
                         edit("lib/availability.ts",
                              "export async function setAvailability(",
                              "export async function addTrainee(day: string, id: string) {\n"
                              "  const key = keys.availability(day, id);\n  for (let i = 0; i < "
                              "5; i++) {\n    const cur = await kv.get<Availability>(key);\n"
                              "    const next = { ...cur.value!, trainees: (cur.value?.trainees "
                              "?? 0) + 1 };\n    const res = await kv.atomic()\n      .check({ "
                              "key, versionstamp: cur.versionstamp })\n      .set(key, next)\n"
                              "      .commit();\n    if (res.ok) return next.trainees;\n  }\n  "
                              "throw new Error(\"availability: too much contention\");\n}\n\n"
                              "export async function setAvailability("),
                         bash("deno test -A tests/availability_test.ts",
                              "running 3 tests from ./tests/availability_test.ts\n20 parallel "
                              "taps all land ... ok (212ms)\n10 parallel trainee adds count to "
                              "10 ... ok (118ms)\ngives up after 5 attempts ... ok (9ms)\n\nok | "
                              "3 passed | 0 failed (402ms)")],
              "heeded": "addTrainee re-reads the entry and retries its atomic write (versionstamp "
                        "check) up to five times, the same way setAvailability does, so parallel "
                        "taps can't silently drop an increment. A test fires 10 at once and "
                        "counts 10.",
              "peek": read("lib/availability.ts", avail_loop),
              "odd": "setAvailability wraps a single KV write in a five-attempt loop and only "
                     "gives up with 'too much contention'. It reads like defensive leftovers - "
                     "shall I drop the loop and commit once?",
              "why": "kv.atomic() with a versionstamp check doesn't throw when someone else "
                     "wrote first - commit() just returns { ok: false } and your write is gone. "
                     "the loop is the retry. six crew tapping at once is normal at a shout",
              "symptom": "during last night's shout two crew tapped 'available' at the same "
                         "moment and only one of them shows on the board. happened before too",
              "ask": "Did either of them get an error on screen, or did both taps look "
                     "successful?",
              "answer": "both saw the green tick. nothing in the logs either",
              "probe": [read("routes/api/availability.ts",
                             "export const handler: Handlers = {\n  async POST(req) {\n    const "
                             "{ day, id, on } = await req.json();\n    const key = "
                             "keys.availability(day, id);\n    const cur = await kv.get(key);\n"
                             "    await kv.atomic()\n      .check({ key, versionstamp: "
                             "cur.versionstamp })\n      .set(key, { on, at: Date.now() })\n"
                             "      .commit();\n    return new Response(null, { status: 204 });"
                             "\n  },\n};\n"),
                        bash("deno test -A tests/availability_race_test.ts",
                             "running 1 test from ./tests/availability_race_test.ts\ntwo taps at "
                             "once both land ... FAILED (41ms)\n\n error: AssertionError: "
                             "Values are not equal: expected 2 available, got 1", 1)],
              "explain": "The availability route does an atomic write guarded by the entry's "
                         "versionstamp and ignores the result. When two taps race on the same "
                         "day's board, the second commit's check fails - and a failed check "
                         "doesn't throw, commit() just returns { ok: false }. The route answers "
                         "204 anyway, so one tap is silently lost. It has to re-read and retry "
                         "until ok, which is what lib/availability.ts's setAvailability already "
                         "does.",
              "fix": [edit("routes/api/availability.ts",
                           "    const cur = await kv.get(key);\n    await kv.atomic()\n      "
                           ".check({ key, versionstamp: cur.versionstamp })\n      .set(key, { "
                           "on, at: Date.now() })\n      .commit();\n",
                           "    await setAvailability(day, id, on); // retries on a lost "
                           "versionstamp race\n"),
                      bash("deno test -A tests/availability_race_test.ts",
                           "running 1 test from ./tests/availability_race_test.ts\ntwo taps at "
                           "once both land ... ok (44ms)\n\nok | 1 passed | 0 failed (88ms)")],
              "done": "The route now calls setAvailability, which retries when the versionstamp "
                      "check loses a race, and the race test passes: both taps land.",
              "guess": "Both requests returned 204. Could the board's poll be serving a cached "
                       "response from before the second write landed?"}),
        Fact("fals-websocket", "falsified", ["WebSocket"],
             ["could the crew board update instantly instead of polling?",
              "why does the board poll the server instead of keeping a live connection open?"],
             "A WebSocket board was tried in the first winter: the boathouse's Fire tablets kill "
             "the socket whenever the screen dims and never reconnect, and Deno Deploy recycles "
             "isolates anyway, so the board looked live while showing stale data for hours. The "
             "board polls /api/board instead.",
             {"pain": "the board on the boathouse tablet lags - availability changes show up to "
                      "20 s late. can we make it live?",
              "idea": "pushing board updates over a WebSocket from a Deploy route fed by "
                      "kv.watch, so changes show instantly",
              "idea_label": "the WebSocket push",
              "alternative": "keep polling, but drop the board page's interval to 3 s and send "
                             "an ETag so unchanged polls are a cheap 304",
              "alt_label": "faster polling with ETags",
              "why_user": "tried in the first winter. the boathouse tablets are cheap Fire "
                          "tablets, their browser kills the socket whenever the screen dims and "
                          "never reconnects, and Deploy recycles isolates anyway so the sockets "
                          "die every few minutes. the board looked live and showed stale data for "
                          "hours. polling survives all of that",
              "ask": "switch the board to a WebSocket: a /api/board/ws route that pushes changes "
                     "from kv.watch, and the Board island subscribes to it",
              "change": [write("routes/api/board/ws.ts",
                               "export const handler: Handlers = {\n  GET(req) {\n    const { "
                               "socket, response } = Deno.upgradeWebSocket(req);\n    const "
                               "stream = kv.watch([keys.boardVersion()]);\n    (async () => {\n"
                               "      for await (const _ of stream) socket.send(JSON.stringify("
                               "await loadBoard()));\n    })();\n    return response;\n  },\n};"
                               "\n"),
                         edit("islands/Board.tsx",
                              "  useInterval(refresh, 20_000);\n",
                              "  useEffect(() => {\n    const ws = new WebSocket(`${location."
                              "origin.replace(\"http\", \"ws\")}/api/board/ws`);\n    ws.onmessage"
                              " = (e) => board.value = JSON.parse(e.data);\n    return () => "
                              "ws.close();\n  }, []);\n")],
              "broke": bash("deno task e2e -- --device fire-hd8 --idle 90s",
                            "board: connected (ws)\nscreen dimmed for 90s\nboard: socket closed "
                            "(1006), no reconnect\nassert available count: expected 6, saw 4 "
                            "(stale 91s)\nFAILED 1 of 3", 1),
              "revert": bash("git checkout -- islands/Board.tsx && rm routes/api/board/ws.ts",
                             ""),
              "conclusion": "Reverted to polling. The WebSocket board goes stale as soon as the "
                            "Fire tablet's screen dims: the socket closes (1006) and never comes "
                            "back, and Deploy's isolate recycling would drop it anyway. Polling "
                            "keeps working through both."}),
        Fact("fals-enqueue", "falsified", ["kv.enqueue"],
             ["the shout endpoint is slow because it sends all the pushes inline - could we "
              "hand them to a background queue?",
              "why are the shout notifications sent inside the request instead of in the "
              "background?"],
             "Pager pushes went through kv.enqueue / listenQueue for a couple of months in 2023: "
             "most shouts were fine but the queue sometimes held deliveries for 40-60 s (once "
             "nearly two minutes) with no visibility. The fan-out stays inline, sent in parallel "
             "with Promise.allSettled.",
             {"pain": "the shout endpoint sometimes takes 6-8 seconds to answer when the "
                      "coxswain pages, because it sends 30-odd web pushes inline. can we make "
                      "it return straight away?",
              "idea": "moving the push fan-out onto a Deno KV queue (kv.enqueue plus "
                      "kv.listenQueue), so the shout endpoint answers immediately",
              "idea_label": "the KV queue",
              "alternative": "keep the fan-out in the request but send all the pushes in "
                             "parallel with Promise.allSettled and a 3 s timeout each, so it "
                             "answers in about a second",
              "alt_label": "parallel inline sends",
              "why_user": "we had pushes on kv.enqueue for a couple of months in 2023. most "
                          "shouts were fine, but a few times the queue sat on them for 40-60 "
                          "seconds, once nearly two minutes, and there's no way to see why. a "
                          "shout can't wait a minute. inline is slower to answer but it's "
                          "predictable",
              "ask": "move the web push fan-out in routes/api/shout.ts onto kv.enqueue with a "
                     "listenQueue handler, so the endpoint returns as soon as the shout is "
                     "saved",
              "change": [edit(shout_ts,
                              "  await Promise.all(crew.map((c) => sendPush(c, shout)));\n",
                              "  await kv.enqueue({ kind: \"fanout\", shoutId: shout.id });\n"),
                         write("jobs/push_queue.ts",
                               "kv.listenQueue(async (msg: { kind: string; shoutId: string }) => "
                               "{\n  if (msg.kind !== \"fanout\") return;\n  const shout = await "
                               "loadShout(msg.shoutId);\n  for (const c of await onCallCrew()) "
                               "await sendPush(c, shout);\n});\n")],
              "broke": bash("deno task loadtest:shout --runs 20",
                            "20 shouts against staging\nendpoint p50 120ms p95 210ms\npush "
                            "delivered p50 1.9s p95 44.7s max 63.2s\nFAIL: max delivery 63.2s > "
                            "budget 10s", 1),
              "revert": bash(f"git checkout -- {shout_ts} && rm jobs/push_queue.ts", ""),
              "conclusion": "Reverted. With kv.enqueue the endpoint answered in ~120 ms, but "
                            "delivery became unpredictable - p95 45 s, and one push after 63 s, "
                            "over 20 test shouts. For pages the fan-out stays inline; the way to "
                            "speed it up is sending the pushes in parallel."}),
    ]
    noise = [
        _look("what does islands/Board.tsx render when nobody is available?", "islands/Board.tsx",
              "  if (available.length === 0) {\n    return <div class=\"board empty\">No crew "
              "marked available - check the group chat</div>;\n  }\n",
              "A single 'No crew marked available - check the group chat' banner instead of the "
              "crew grid."),
        _find("which routes need the admin role?", "requireRole(\"admin\"",
              ["routes/admin/index.tsx", "routes/admin/exercises.tsx", "routes/api/shout.ts"],
              "Three: the admin index, the exercise planner and the shout API (only "
              "coxswains and launch authorities are admins)."),
        _tweak("it says 'Coxwain' on the shout page", "routes/shouts/[id].tsx",
               "<dt>Coxwain</dt>", "<dt>Coxswain</dt>"),
        _run("run the linter", "deno lint",
             "Checked 64 files", "deno lint is clean - 64 files checked."),
        _talk("islands vs components in Fresh - explain it like I'm new",
              "Components render on the server only: they produce HTML and ship no JavaScript. "
              "Islands are components that also hydrate in the browser, so they can have state "
              "and event handlers. Keep islands small - everything else stays static HTML."),
        _steps("add a test for isoWeek in lib/time.ts",
               [write("tests/iso_week_test.ts",
                      "import { assertEquals } from \"jsr:@std/assert\";\nimport { isoWeek } from "
                      "\"../lib/time.ts\";\n\nDeno.test(\"isoWeek handles the year boundary\", () "
                      "=> {\n  assertEquals(isoWeek(new Date(\"2024-12-30\")), 1);\n});\n"),
                bash("deno test tests/iso_week_test.ts",
                     "running 1 test from ./tests/iso_week_test.ts\nisoWeek handles the year "
                     "boundary ... ok (1ms)\n\nok | 1 passed | 0 failed (12ms)")],
               "Added tests/iso_week_test.ts (the 30 December case is week 1); it passes."),
        _talk("preact signals vs useState - when would I pick which?",
              "useState is local to one component and re-renders it on change. A signal is a "
              "value you can share between components and read anywhere; only the parts that "
              "read it update. For state shared across islands (like the board's filters) "
              "signals are simpler."),
        _run("is the formatting ok?", "deno fmt --check",
             "Checked 71 files", "Yes - deno fmt --check passes on all 71 files."),
    ]
    return Project(
        "launchrota", "git@github.com:crowcombe-lifeboat/launchrota.git",
        {"README.md": "# launchrota\n\nCrew availability board and shout paging for Crowcombe "
                      "Bay Lifeboat.\n",
         "deno.json": "{\n  \"tasks\": {\n    \"start\": \"deno run -A --unstable-kv "
                      "--unstable-cron --env-file=.env.local --watch=static/,routes/ dev.ts\",\n"
                      "    \"build\": \"deno run -A dev.ts build\"\n  }\n}\n"},
        facts, noise, "github")


def vitrinelog() -> Project:
    """MicroPython firmware for the ESP32-S3 boards that log temperature and humidity inside the
    display cases of the Harbour Street maritime museum: SHT45 sensors on I2C, a small e-paper
    display, readings published with umqtt to a Mosquitto broker, deep sleep between readings.
    mpremote and mpy-cross, tests on the MicroPython unix port, two board revisions (rev C and
    rev D) in the galleries."""
    payload = "lib/payload.py"
    sensors = "lib/sensors.py"
    main_py = ("import machine, os\nfrom net import publish\nfrom sensors import read_all\n\n"
               "def main():\n    publish(read_all())\n    if 'NO_SLEEP' in os.listdir('/'):\n"
               "        return  # stay awake while someone works on the board\n    "
               "machine.deepsleep(300_000)\n\nmain()\n")
    sensors_slow = ("from machine import I2C, Pin\nfrom board_pins import PINS\n\n_i2c = I2C(0, "
                    "scl=Pin(PINS.SCL), sda=Pin(PINS.SDA), freq=100_000)\n_SHT45 = 0x44\n\n"
                    "def read_case():\n    _i2c.writeto(_SHT45, b'\\xfd')\n    ...\n")
    facts = [
        Fact("conv-tenths", "convention", ["tenths"],
             ["what unit does the humidity value in the MQTT payload use?",
              "can I send the new temperature field as a float like 19.4?"],
             "Every value the boards handle and publish is an integer in tenths (t=194 is "
             "19.4 °C, rh=523 is 52.3 %RH) - no floats in the payload or the sampling loop: "
             "floats allocate on MicroPython's heap over months of running, and the collections "
             "database stores integers.",
             {"task": "add dew point to the payload the boards publish",
              "peek": read(payload,
                           "def build(case_id, t, rh):\n    # t and rh are ints in tenths: "
                           "t=194 -> 19.4 C, rh=523 -> 52.3 %RH\n    return '{\"case\":\"%s\","
                           "\"t\":%d,\"rh\":%d}' % (case_id, t, rh)\n"),
              "ask": "What format should dew point go out in? The existing fields look like "
                     "scaled integers.",
              "parts": ["same as the others",
                        "An integer, scaled by ten like t and rh?",
                        "yes, tenths of a degree, as an int. no floats anywhere in the payload or "
                        "the sampling loop - they allocate on the heap and the boards run for "
                        "months without a reboot. the collections db columns are ints too"],
              "odd": "payload.build takes integers - t=194 for 19.4 °C, rh=523 for 52.3 % - "
                     "and formats them with %d; nothing on the board uses floats.",
              "rule": "everything in the payload is an integer in tenths - t=194 is 19.4 C, "
                      "rh=523 is 52.3 % - so dew point too: dp as an int in tenths",
              "why": "floats allocate on the heap in micropython and the sampling loop runs for "
                     "months, fragmentation kills it eventually. and the collections database "
                     "stores ints",
              "gist": "dew point goes in the payload as an integer in tenths of a degree, like t "
                      "and rh, with no floats in the sampling loop",
              "slip": ("hundredths", "tenths"),
              "ref": ("docs/payload.md",
                      "all values are ints in tenths (t=194 -> 19.4 C), no floats anywhere",
                      "# Payload\n\n    {\"case\": \"HS-G2-07\", \"t\": 194, \"rh\": 523}\n\n"
                      "All values are integers in tenths (19.4 C -> 194). No floats on the "
                      "board:\nthey allocate, and the boards run for months. The collections "
                      "DB stores ints.\n"),
              "follow": [edit("lib/psychro.py", "# psychrometrics, integer only\n",
                              "# psychrometrics, integer only\n\ndef dew_point(t, rh):\n    # "
                              "t, rh in tenths; simple approximation, good above ~50 %RH\n    "
                              "return t - (1000 - rh) // 5\n"),
                         edit(payload,
                              "    return '{\"case\":\"%s\",\"t\":%d,\"rh\":%d}' % (case_id, "
                              "t, rh)\n",
                              "    dp = dew_point(t, rh)\n    return '{\"case\":\"%s\",\"t\":%d,"
                              "\"rh\":%d,\"dp\":%d}' % (case_id, t, rh, dp)\n"),
                         bash("mpy-cross -march=xtensawin lib/psychro.py lib/payload.py && "
                              "micropython -c \"import sys; sys.path.insert(0, 'lib'); "
                              "import payload; print(payload.build('HS-G2-07', 194, 523))\"",
                              "{\"case\":\"HS-G2-07\",\"t\":194,\"rh\":523,\"dp\":99}")],
              "done": "The payload now carries dp, the dew point as an integer in tenths (99 = "
                      "9.9 °C for 19.4 °C / 52.3 %), computed with integer maths in "
                      "lib/psychro.py - no floats. It compiles with mpy-cross and builds the "
                      "expected JSON."}),
        Fact("conv-pins", "convention", ["board_pins.py"],
             ["which file do I put the e-paper's busy pin number in?",
              "can I just write Pin(4) in the new light sensor driver?"],
             "GPIO numbers never appear in drivers: every pin lives in board_pins.py, in the "
             "table for each board revision (rev C and rev D, picked at boot from the ID "
             "resistor), and drivers use PINS.NAME.",
             {"task": "add the light sensor (a VEML7700 on the same I2C bus) and wire up its "
                      "interrupt pin",
              "peek": read("drivers/epaper.py",
                           "from machine import Pin, SPI\nfrom board_pins import PINS\n\nclass "
                           "EPaper:\n    def __init__(self, spi):\n        self.spi = spi\n"
                           "        self.busy = Pin(PINS.EPD_BUSY, Pin.IN)\n        self.dc = "
                           "Pin(PINS.EPD_DC, Pin.OUT)\n        self.rst = Pin(PINS.EPD_RST, "
                           "Pin.OUT)\n"),
              "ask": "Which GPIO is the light sensor's interrupt on, and should the number go "
                     "straight into the driver?",
              "parts": ["GPIO 7 on rev D, 15 on rev C",
                        "So it differs per revision - where do those numbers live?",
                        "board_pins.py. both tables. drivers only ever say PINS.SOMETHING, never "
                        "Pin(7) - half the pins moved between rev C and rev D and both are out "
                        "in the galleries"],
              "odd": "The e-paper driver never names a GPIO number - it takes every pin from "
                     "PINS in board_pins.py, which picks a table by board revision.",
              "rule": "no GPIO numbers in drivers - every pin goes in board_pins.py, in the "
                      "table for each board revision (rev C and rev D)",
              "why": "rev C and rev D moved half the pins and both are in cases right now. "
                     "board_pins.py picks the table from the ID resistor at boot",
              "gist": "the pin numbers go into both revision tables in board_pins.py, and the "
                      "driver only uses PINS.LIGHT_INT",
              "slip": ("the rev D table", "both revision tables"),
              "ref": ("docs/hardware.md",
                      "pins only in board_pins.py (rev C and rev D tables), drivers use PINS.X",
                      "# Hardware\n\n## Pins\nEvery GPIO number lives in board_pins.py, in the "
                      "REV_C and REV_D tables.\nThe table is chosen at boot from the ID "
                      "resistor on ADC1. Drivers use\nPINS.NAME and never a number.\n"),
              "follow": [edit("board_pins.py",
                              "REV_C = Pins(SCL=9, SDA=8, EPD_BUSY=4, EPD_DC=5, EPD_RST=6)\n"
                              "REV_D = Pins(SCL=2, SDA=1, EPD_BUSY=10, EPD_DC=11, EPD_RST=12)\n",
                              "REV_C = Pins(SCL=9, SDA=8, EPD_BUSY=4, EPD_DC=5, EPD_RST=6, "
                              "LIGHT_INT=15)\nREV_D = Pins(SCL=2, SDA=1, EPD_BUSY=10, EPD_DC=11, "
                              "EPD_RST=12, LIGHT_INT=7)\n"),
                         write("drivers/veml7700.py",
                               "from machine import Pin\nfrom board_pins import PINS\n\n_ADDR = "
                               "0x10\n\nclass VEML7700:\n    def __init__(self, i2c, on_change="
                               "None):\n        self.i2c = i2c\n        self.int_pin = Pin("
                               "PINS.LIGHT_INT, Pin.IN, Pin.PULL_UP)\n        if on_change:\n"
                               "            self.int_pin.irq(on_change, Pin.IRQ_FALLING)\n\n"
                               "    def lux_x10(self):\n        raw = int.from_bytes(self.i2c."
                               "readfrom_mem(_ADDR, 0x04, 2), 'little')\n        return raw * "
                               "42 // 100  # gain 1/8, 100 ms\n"),
                         bash("mpy-cross -march=xtensawin drivers/veml7700.py board_pins.py", "")],
              "done": "LIGHT_INT is in both tables in board_pins.py (15 on rev C, 7 on rev D), "
                      "and drivers/veml7700.py takes it from PINS.LIGHT_INT; it reports lux x10 as "
                      "an integer, and both files compile."}),
        Fact("cmd-mpy", "command", ["make mpy"],
             ["how do I put new code onto one of the case boards?",
              "copying my .py files onto the board gives a MemoryError on import - what's the "
              "right way to load code?"],
             "Boards only get precompiled .mpy files: `make mpy` (mpy-cross over lib/ and "
             "drivers/ into build/), then `mpremote a0 fs cp -r build/lib/ :lib/` and `mpremote "
             "a0 reset`. Copying .py makes the board compile on-device and run out of RAM.",
             {"goal": "put the new dew point code on the test board on my desk (it's on "
                      "/dev/ttyACM0)",
              "fail": bash("mpremote a0 fs cp lib/payload.py lib/psychro.py :lib/ && mpremote a0 "
                           "exec 'import main'",
                           "cp lib/payload.py :lib/payload.py\ncp lib/psychro.py :lib/psychro.py"
                           "\nTraceback (most recent call last):\n  File \"<stdin>\", line 1, in "
                           "<module>\n  File \"main.py\", line 3, in <module>\n  File "
                           "\"lib/net.py\", line 2, in <module>\nMemoryError: memory allocation "
                           "failed, allocating 2048 bytes", 1),
              "note": "Compiling the .py files on the board itself runs out of RAM while "
                      "importing.",
              "ask": "Is there a build step that precompiles these? The Makefile mentions "
                     "mpy-cross.",
              "hedge": "yeah you never copy .py onto the boards. I think it's `make mpy` and "
                       "then copy build/ over... yes: `make mpy && mpremote a0 fs cp -r "
                       "build/lib/ :lib/ && mpremote a0 reset`",
              "hint": "`make mpy` first - it runs mpy-cross over lib/ and drivers/ into build/. "
                      "then `mpremote a0 fs cp -r build/lib/ :lib/` and reset. never put .py on "
                      "a board",
              "gist": "The boards only get precompiled .mpy files; make mpy cross-compiles into "
                      "build/ so nothing has to compile on the board.",
              "ok": bash("mpremote a0 fs rm :lib/payload.py :lib/psychro.py && make mpy && "
                         "mpremote a0 fs cp -r build/lib/ :lib/ && mpremote a0 reset",
                         "rm :lib/payload.py\nrm :lib/psychro.py\nmpy-cross -march=xtensawin -O2 "
                         "lib/payload.py -o build/lib/payload.mpy\nmpy-cross -march=xtensawin "
                         "-O2 lib/psychro.py -o build/lib/psychro.mpy\nmpy-cross -march=xtensawin"
                         " -O2 lib/net.py -o build/lib/net.mpy\n...\ncp build/lib/payload.mpy "
                         ":lib/payload.mpy\ncp build/lib/psychro.mpy :lib/psychro.mpy\n..."),
              "dictate": [
                  ("`make mpy`",
                   bash("make mpy",
                        "mpy-cross -march=xtensawin -O2 lib/payload.py -o build/lib/payload.mpy\n"
                        "mpy-cross -march=xtensawin -O2 lib/psychro.py -o build/lib/psychro.mpy"
                        "\n... 11 modules"),
                   "Cross-compiled 11 modules into build/."),
                  ("`mpremote a0 fs cp -r build/lib/ :lib/`",
                   bash("mpremote a0 fs cp -r build/lib/ :lib/",
                        "cp build/lib/payload.mpy :lib/payload.mpy\ncp build/lib/psychro.mpy "
                        ":lib/psychro.mpy\n..."),
                   "Copied."),
                  ("`mpremote a0 reset` and watch the broker for its next reading",
                   bash("mpremote a0 reset", ""), "")],
              "ref": ("docs/flashing.md",
                      "`make mpy`, then `mpremote a0 fs cp -r build/lib/ :lib/`, reset. never "
                      ".py on a board",
                      "# Putting code on a board\n\n    make mpy\n    mpremote a0 fs cp -r "
                      "build/lib/ :lib/\n    mpremote a0 reset\n\nNever copy .py files: the "
                      "board would compile them itself and runs out of\nRAM (MemoryError on "
                      "import).\n"),
              "done": "The desk board runs the new code: `make mpy` cross-compiled lib/ into "
                      "build/, mpremote copied the .mpy files to :lib/, and after the reset its "
                      "next reading came in with dp=99."}),
        Fact("cmd-unixport", "command", ["test-unix"],
             ["how do I run the unit tests?",
              "pytest can't import the machine module - how are the tests meant to be run?"],
             "The tests run on the MicroPython unix port, not CPython: `make test-unix` (after "
             "a one-off `make -C tools/upy unix`). CPython would pass code that fails on the "
             "boards.",
             {"goal": "run the unit tests for the psychro module",
              "fail": bash("pytest tests/",
                           "==================================== ERRORS ===================="
                           "================\n_____________ ERROR collecting tests/test_psychro.py"
                           " _____________\nImportError while importing test module '/home/dev/"
                           "src/vitrinelog/tests/test_psychro.py'.\nE   ModuleNotFoundError: No "
                           "module named 'micropython'\n=========================== short test "
                           "summary ============================\nERROR tests/test_psychro.py\n"
                           "!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection "
                           "!!!!!!!!!!!!!!!!!!!!", 2),
              "note": "pytest can't import the MicroPython-only modules.",
              "ask": "How are the tests meant to run here - is there a shim for CPython, or "
                     "something else?",
              "hedge": "they run on the micropython unix port, not cpython. `make test-unix` I "
                       "think... yes, make test-unix. if you never built the port it's `make -C "
                       "tools/upy unix` once",
              "hint": "`make test-unix`. they run on the micropython unix port, not cpython - "
                      "cpython happily passes things that blow up on the board",
              "gist": "The tests run under MicroPython's unix port with stub machine modules, "
                      "not under CPython.",
              "ok": bash("make test-unix",
                         "tools/upy/ports/unix/build-standard/micropython -X heapsize=512K -m "
                         "unittest discover -s tests\ntest_dew_point_dry (test_psychro."
                         "TestPsychro) ... ok\ntest_dew_point_humid (test_psychro.TestPsychro) "
                         "... ok\n...\n----------------------------------------------------------"
                         "------------\nRan 8 tests\n\nOK"),
              "dictate": [
                  ("if you've never built it: `make -C tools/upy unix` (one-off)",
                   bash("make -C tools/upy unix",
                        "make: Entering directory '/home/dev/src/vitrinelog/tools/upy'\n...\n"
                        "LINK build-standard/micropython\n   text\t   data\t    bss\t    dec\n "
                        "712305\t  67160\t   6176\t 785641"),
                   "Built the unix port."),
                  ("then `make test-unix`",
                   bash("make test-unix",
                        "tools/upy/ports/unix/build-standard/micropython -X heapsize=512K -m "
                        "unittest discover -s tests\n........\nRan 8 tests\n\nOK"), "")],
              "ref": ("CONTRIBUTING.md",
                      "`make test-unix` - tests run on the micropython unix port, not CPython",
                      "## Tests\n\n    make -C tools/upy unix   # once\n    make test-unix\n\n"
                      "Tests run on the MicroPython unix port with the stubs in tests/stubs/.\n"
                      "Don't use pytest/CPython: it passes code that fails on the boards.\n"),
              "done": "All 8 tests pass with `make test-unix` on the MicroPython unix port, "
                      "including the two new dew point ones."}),
        Fact("env-broker", "environment", ["coll-srv02"],
             ["which MQTT broker do the case boards publish to?",
              "I want to watch the readings live with mosquitto_sub - what host and port?"],
             "The boards publish to Mosquitto on the collections server coll-srv02, port 8883 "
             "with TLS (museum CA in certs/museum-ca.pem), under museum/cases/<case id>; the "
             "gallery wifi shares infrastructure with the visitor network and the insurer asked "
             "for TLS.",
             {"goal": "add a retained 'online' status message when a board connects, so the "
                      "dashboard knows which cases are alive",
              "ask": "Which broker do the boards talk to? config.py reads MQTT_HOST from the "
                     "secrets file, which isn't in the repo, and I'd like to watch the topic "
                     "while testing.",
              "hedge": "mosquitto on the collections server... coll-srv02 I think, 8883 with "
                       "tls. yeah, coll-srv02",
              "sure": "confirmed, coll-srv02 port 8883, topics under museum/cases/. the old "
                      "collections box is being decommissioned, don't use that",
              "teach": "the broker is mosquitto on coll-srv02 (collections server), port 8883 "
                       "with TLS, everything under museum/cases/<case id>",
              "gist": "the boards publish to Mosquitto on coll-srv02 on port 8883 with TLS, "
                      "under museum/cases/<case id>",
              "slip": ("1883", "8883"),
              "probe": [bash("mosquitto_sub -h coll-srv02 -p 8883 --cafile certs/museum-ca.pem "
                             "-t 'museum/cases/#' -v -C 3",
                             "museum/cases/HS-G2-07 {\"case\":\"HS-G2-07\",\"t\":194,\"rh\":523}"
                             "\nmuseum/cases/HS-G1-02 {\"case\":\"HS-G1-02\",\"t\":201,\"rh\":"
                             "488}\nmuseum/cases/HS-G3-01 {\"case\":\"HS-G3-01\",\"t\":187,"
                             "\"rh\":551}")],
              "confirm": "The boards talk to Mosquitto on coll-srv02, port 8883 with TLS (the "
                         "museum CA is in certs/museum-ca.pem); readings are arriving under "
                         "museum/cases/<case id>. I'll publish the retained online status to "
                         "museum/cases/<case id>/status on the same broker.",
              "ref": ("docs/ops.md",
                      "it's mosquitto on coll-srv02, port 8883 (TLS), topics museum/cases/#",
                      "# Ops\n\n## MQTT\nMosquitto on coll-srv02 (collections server), port "
                      "8883, TLS with the museum CA\n(certs/museum-ca.pem). Topics: "
                      "museum/cases/<case id>.\n"),
              "odd": "The boards connect to coll-srv02 on 8883 with TLS and a museum-issued CA - "
                     "on an internal network plain 1883 would be the usual choice.",
              "why": "the gallery wifi shares the access points with the visitor network "
                     "(separate vlan, but still), and the insurer's audit asked for TLS after "
                     "the 2022 review"}),
        Fact("env-firmware", "environment", ["1.22.2"],
             ["which MicroPython version are the boards in the galleries running?",
              "can I rely on features from the newest MicroPython release in the case "
              "firmware?"],
             "The gallery boards run MicroPython 1.22.2 (the ESP32_GENERIC_S3 SPIRAM_OCT build, "
             "listed in deploy/boards.csv); 1.23 broke the e-paper over SPI, so it only runs on "
             "the desk board until that's fixed.",
             {"goal": "add a watchdog (machine.WDT) so a hung board reboots itself",
              "ask": "Which MicroPython version do the gallery boards run? WDT behaviour on the "
                     "ESP32 changed between releases, so I'd like to code against the right "
                     "one.",
              "hedge": "I think they're still on 1.22.2... we held back 1.23 because of the "
                       "e-paper thing",
              "sure": "yes it is - checked deploy/boards.csv, every case board is 1.22.2. 1.23 "
                      "is only on the desk board",
              "teach": "all the gallery boards are on micropython 1.22.2, the ESP32_GENERIC_S3 "
                       "SPIRAM_OCT build. 1.23 broke the e-paper over SPI so we held back",
              "gist": "the gallery boards run MicroPython 1.22.2, the ESP32_GENERIC_S3 "
                      "SPIRAM_OCT build",
              "slip": ("SPIRAM", "SPIRAM_OCT"),
              "probe": [read("deploy/boards.csv",
                             "case,board_rev,firmware,installed\nHS-G1-02,D,1.22.2,2024-03-11\n"
                             "HS-G2-07,D,1.22.2,2024-03-11\nHS-G3-01,C,1.22.2,2024-02-20\n"
                             "HS-G3-04,C,1.22.2,2024-02-20\nDESK,D,1.23.0,2024-06-03\n"),
                        bash("mpremote a0 exec \"import sys; print(sys.implementation)\"",
                             "(name='micropython', version=(1, 23, 0, ''), _machine='Generic "
                             "ESP32S3 module with Octal-SPIRAM with ESP32S3', _mpy=10758)")],
              "confirm": "The gallery boards run MicroPython 1.22.2 - deploy/boards.csv lists "
                         "1.22.2 for every case - and only the desk board is on 1.23.0. I'll "
                         "write the watchdog against 1.22.2's machine.WDT (timeout fixed at "
                         "creation, fed once per wake) and test it on a 1.22.2 board rather than "
                         "the desk one.",
              "ref": ("docs/firmware.md",
                      "gallery boards are on 1.22.2, 1.23 held back for the e-paper SPI bug",
                      "# Firmware\n\nGallery boards: MicroPython 1.22.2, ESP32_GENERIC_S3 "
                      "(SPIRAM_OCT).\n1.23 garbles e-paper partial refreshes over SPI - only "
                      "the desk board runs it.\nSee deploy/boards.csv for each case.\n"),
              "odd": "The desk board reports MicroPython 1.23.0, but deploy/boards.csv has "
                     "every gallery case on 1.22.2 - the galleries are a release behind.",
              "why": "1.23 broke the e-paper over SPI (garbage on partial refresh), so the "
                     "gallery stays on 1.22.2 until that's fixed. the desk board is where we try "
                     "new releases"}),
        Fact("gotcha-i2c", "gotcha", ["100 kHz"],
             ["a case board starts getting ETIMEDOUT reading its sensor a few hours after boot "
              "- what's the usual cause?",
              "could I speed up sensor reads by raising the I2C clock?"],
             "The I2C bus to the SHT45s runs at 100 kHz (freq=100_000) on purpose: the sensors "
             "sit at the end of 1.5 m ribbon cables inside the cases, and at the default 400 kHz "
             "reads start failing (CRC errors, ETIMEDOUT) after a few hours.",
             {"task": "add the second SHT45 (the one in the case plinth) on the same bus, "
                      "address 0x45",
              "warning": "the I2C bus has to stay at 100 kHz (freq=100_000). the sensors hang "
                         "off 1.5 m ribbon cables and at 400 kHz you get CRC failures and "
                         "ETIMEDOUT after a few hours",
              "follow": [read(sensors, sensors_slow),
                         edit(sensors, "_SHT45 = 0x44\n",
                              "_SHT45 = 0x44\n_SHT45_PLINTH = 0x45\n"),
                         bash("mpremote a0 exec \"import sensors; print(sensors._i2c.scan())\"",
                              "[16, 68, 69]")],
              "heeded": "The plinth SHT45 answers at 0x45 on the same bus (scan shows 0x44, 0x45 "
                        "and the light sensor at 0x10) and read_all returns both; the bus stays "
                        "at 100 kHz.",
              "peek": read(sensors, sensors_slow),
              "odd": "lib/sensors.py sets the I2C bus to freq=100_000 - a quarter of what the "
                     "SHT45 supports, so every read takes about four times longer than it needs "
                     "to. Shall I raise it to 400 kHz while I add the new sensor?",
              "why": "the SHT45s hang off 1.5 m ribbon cables inside the cases. at 400 kHz the "
                     "edges smear and after a few hours you get CRC errors and ETIMEDOUT. 100 "
                     "kHz is the fastest that's been clean for months",
              "symptom": "HS-G3-01 stops reporting humidity a few hours after boot, the log says "
                         "OSError: [Errno 116] ETIMEDOUT from the sensor read. a reboot fixes "
                         "it for a while",
              "ask": "Did anything change on that board recently - new firmware, a new cable, "
                     "a config change?",
              "answer": "it got the new build last week, the one where Ola sped up the sampling. "
                        "same cable as always",
              "probe": [bash("git log -2 --oneline -- lib/sensors.py",
                             "7d0e2b1 sensors: faster sampling (400k i2c, 2s interval)\n"
                             "c1a9f40 sensors: crc check on every read"),
                        bash("mpremote a0 exec \"import sensors; sensors.soak(600)\"",
                             "reads 300  crc_fail 17  ETIMEDOUT 3")],
              "explain": "Commit 7d0e2b1 raised the I2C clock to 400 kHz. The case sensors sit "
                         "at the end of 1.5 m ribbon cables, and at that speed the signal edges "
                         "degrade enough for CRC failures and timeouts - 17 CRC failures and 3 "
                         "ETIMEDOUTs in a ten-minute soak on the desk board with a long cable. "
                         "At 100 kHz the same soak is clean.",
              "fix": [edit(sensors, "freq=400_000)", "freq=100_000)  # long ribbon cables"),
                      bash("mpremote a0 exec \"import sensors; sensors.soak(600)\"",
                           "reads 300  crc_fail 0  ETIMEDOUT 0")],
              "done": "The bus is back at 100 kHz and the soak is clean (300 reads, no CRC "
                      "failures or timeouts). Once HS-G3-01 gets this build it should keep "
                      "reporting.",
              "guess": "The soak shows CRC failures and timeouts. My guess is the SHT45 itself - "
                       "condensation in the case damaging the sensor?"}),
        Fact("gotcha-nosleep", "gotcha", ["NO_SLEEP"],
             ["mpremote keeps losing the board every few minutes - is the USB cable dying?",
              "how do I keep a case board awake while I'm working on it over USB?"],
             "The boards deep-sleep for 5 minutes after every reading, and the ESP32-S3's USB "
             "serial disappears with them, so mpremote loses the board; main.py skips the sleep "
             "while a file called NO_SLEEP exists in the flash root (`mpremote a0 fs touch "
             ":NO_SLEEP`) - delete it before the board goes back in a case.",
             {"task": "I need to poke at the desk board from the REPL today - check the e-paper "
                      "partial refresh timing",
              "warning": "the board deep-sleeps for 5 minutes right after each reading and "
                         "mpremote loses it (USB serial goes away). touch a NO_SLEEP file on its "
                         "flash first - main.py skips the sleep while :NO_SLEEP exists. and "
                         "delete it after or the battery's flat by friday",
              "follow": [bash("mpremote a0 fs touch :NO_SLEEP && mpremote a0 reset",
                              "touch :NO_SLEEP"),
                         bash("mpremote a0 exec \"import epaper_demo; epaper_demo.partial()\"",
                              "full refresh: 2140 ms\npartial refresh: 412 ms"),
                         bash("mpremote a0 fs rm :NO_SLEEP", "rm :NO_SLEEP")],
              "heeded": "With :NO_SLEEP on the flash the board stayed up: a full refresh takes "
                        "2.1 s and a partial one 412 ms. I removed NO_SLEEP afterwards, so it's "
                        "back to sleeping between readings.",
              "peek": read("main.py", main_py),
              "odd": "main.py checks for a file called NO_SLEEP in the root of the flash and "
                     "skips the deep sleep if it's there - a debug switch in production code. "
                     "Shall I take it out while I'm editing main.py?",
              "why": "that's how anyone works on a board at all. they deep-sleep 5 min after "
                     "every reading and USB serial drops with them, so mpremote can't connect. "
                     "create :NO_SLEEP to keep one awake, delete it after",
              "symptom": "mpremote keeps saying 'failed to access /dev/ttyACM0' and the board "
                         "vanishes from lsusb every few minutes. is the cable dying?",
              "ask": "Does it vanish right after it sends a reading, and come back about five "
                     "minutes later?",
              "answer": "yeah now that you say it - it comes back every ~5 min for a few "
                        "seconds",
              "probe": [bash("dmesg | tail -4",
                             "[ 8123.402] usb 1-2: USB disconnect, device number 14\n[ 8423.917] "
                             "usb 1-2: new full-speed USB device number 15 using xhci_hcd\n"
                             "[ 8424.066] cdc_acm 1-2:1.0: ttyACM0: USB ACM device\n[ 8429.551] "
                             "usb 1-2: USB disconnect, device number 15"),
                        read("main.py", main_py)],
              "explain": "It isn't the cable: after each reading main.py calls "
                         "machine.deepsleep(300_000). In deep sleep the ESP32-S3's USB serial "
                         "disappears, so mpremote loses the board for five minutes (dmesg shows "
                         "it gone for ~300 s, back for ~5 s). main.py skips the sleep while a "
                         "NO_SLEEP file exists in the flash root - that's the switch for working "
                         "on a board.",
              "fix": [bash("mpremote a0 fs touch :NO_SLEEP && mpremote a0 reset",
                           "touch :NO_SLEEP"),
                      bash("sleep 360 && mpremote a0 fs ls :",
                           "ls :\n         120 NO_SLEEP\n         612 boot.py\n           0 lib/\n"
                           "         402 main.py")],
              "done": "The board stays connected now (still there after six minutes). Remember "
                      "`mpremote a0 fs rm :NO_SLEEP` before it goes back into a case, or it "
                      "won't sleep and the battery runs down.",
              "guess": "dmesg shows the device disconnecting and reconnecting about five minutes "
                       "apart. Could be power - the laptop's USB port browning out under the "
                       "board's Wi-Fi bursts?"}),
        Fact("fals-robust", "falsified", ["umqtt.robust"],
             ["could the boards just use an MQTT client that reconnects by itself?",
              "some boards never report again after the broker restarts - why don't we use a "
              "self-reconnecting client?"],
             "umqtt.robust was tried in the first batch: its reconnect loop retries forever with "
             "no timeout, so during a broker outage the boards stayed awake at full power (two "
             "cases went flat in a day). The boards stay on umqtt.simple with a fresh connect "
             "and a timeout on every wake.",
             {"pain": "when the broker restarts on patch night about a third of the boards never "
                      "report again until someone power-cycles them",
              "idea": "switching the MQTT client from umqtt.simple to umqtt.robust, which "
                      "reconnects by itself",
              "idea_label": "umqtt.robust",
              "alternative": "keep umqtt.simple and treat every wake as a fresh connect with a "
                             "5 s socket timeout, keeping the reading for next time if it fails",
              "alt_label": "a fresh connect per wake",
              "why_user": "we tried robust in the first batch. its reconnect loop retries "
                          "forever with no timeout, so while the broker was down for patching "
                          "the boards sat in the loop at full power instead of sleeping - two "
                          "cases went flat in a day. the boards wake, connect, send, sleep; they "
                          "don't need a client that holds on",
              "ask": "swap umqtt.simple for umqtt.robust in lib/net.py so the boards reconnect "
                     "by themselves",
              "change": [edit("lib/net.py", "from umqtt.simple import MQTTClient\n",
                              "from umqtt.robust import MQTTClient\n"),
                         bash("mpremote a0 mip install umqtt.robust",
                              "Install umqtt.robust\nInstalling umqtt.robust (latest) from "
                              "https://micropython.org/pi/v2 to /lib\nInstalling: /lib/umqtt/"
                              "robust.mpy\nDone")],
              "broke": bash("python tools/broker_outage.py --board a0 --down 300",
                            "broker stopped for 300s\nboard a0: reconnect attempt 1 ... 214 (stayed "
                            "awake)\ncurrent draw avg 118 mA (expected < 2 mA asleep)\nFAIL: "
                            "board never slept during the outage", 1),
              "revert": bash("git checkout -- lib/net.py && mpremote a0 fs rm :lib/umqtt/"
                             "robust.mpy", "rm :lib/umqtt/robust.mpy"),
              "conclusion": "Reverted to umqtt.simple. umqtt.robust's reconnect loop has no "
                            "timeout: during a 5-minute broker outage the board retried 214 "
                            "times at ~118 mA and never slept. The boards that stop reporting "
                            "need the connect-per-wake path fixed instead."}),
        Fact("fals-backlog", "falsified", ["backlog.json"],
             ["when the wifi is down, could a board save its readings to a file and send them "
              "later?",
              "why are unsent readings kept in RTC memory instead of on the filesystem?"],
             "Buffering unsent readings in a backlog.json on the flash was done on rev B: the "
             "galleries cut case power at closing, a cut during a flash write corrupted the "
             "filesystem and three boards had to be reflashed on site. Nothing writes to flash "
             "in normal operation; unsent readings go in a ring buffer in RTC memory.",
             {"pain": "when the gallery wifi drops at night we lose those readings. the "
                      "conservators want no gaps",
              "idea": "appending unsent readings to a backlog.json on the flash and replaying "
                      "it once the broker is reachable again",
              "idea_label": "the flash backlog",
              "alternative": "keep unsent readings in the RTC's slow memory - a ring buffer of "
                             "the last 48, which survives deep sleep - and flush it on the next "
                             "successful connect",
              "alt_label": "an RTC ring buffer",
              "why_user": "rev B did exactly that. some galleries cut the case power at closing, "
                          "and a cut in the middle of a flash write corrupted the filesystem - "
                          "three boards wouldn't boot until someone reflashed them on site. "
                          "nothing on these boards writes to flash in normal running any more",
              "ask": "make the board append the reading to /backlog.json when publish fails, "
                     "and send the backlog after the next successful connect",
              "change": [edit("lib/net.py",
                              "    except OSError:\n        return False\n",
                              "    except OSError:\n        with open('/backlog.json', 'a') as "
                              "f:\n            f.write(payload + '\\n')\n        return False\n")],
              "broke": bash("python tools/powercut_rig.py --board a0 --cycles 50 --during write",
                            "cycle 1..36: ok\ncycle 37: boot failed: OSError: [Errno 19] ENODEV "
                            "mounting /\nFAIL: filesystem corrupt after 37 power cuts", 1),
              "revert": bash("git checkout -- lib/net.py && tools/reflash.sh a0",
                             "erasing flash ... done\nwriting firmware ... done\ncopying build/ "
                             "... done\nboard a0 ok"),
              "conclusion": "Reverted and reflashed the desk board. Appending to backlog.json "
                            "on flash corrupts the filesystem when power is cut mid-write (the "
                            "board stopped booting after 37 cuts on the rig) - and galleries cut "
                            "case power at closing. Unsent readings belong in an RTC ring "
                            "buffer instead."}),
    ]
    noise = [
        _look("what does lib/display.py draw?", "lib/display.py",
              "def draw(epd, t, rh, case_id):\n    fb = framebuf.FrameBuffer(buf, 122, 250, "
              "framebuf.MONO_HLSB)\n    fb.fill(1)\n    fb.text(case_id, 4, 4, 0)\n    "
              "fb.text('%d.%d C' % (t // 10, t % 10), 4, 24, 0)\n    fb.text('%d.%d %%' % (rh // "
              "10, rh % 10), 4, 40, 0)\n    epd.show(buf)\n",
              "The case id at the top, then the temperature and the humidity underneath, each "
              "printed with one decimal place from the integer readings, in black on white."),
        _find("where do we read the battery voltage?", "read_uv",
              ["lib/power.py", "main.py"],
              "lib/power.py reads it through the ADC (read_uv on the divider pin) and main.py "
              "adds it to the status message once a day."),
        _tweak("the boot banner says 'Harbour Steet Museum'", "boot.py",
               "print('Harbour Steet Museum case logger')",
               "print('Harbour Street Museum case logger')"),
        _run("which boards are plugged in right now?", "mpremote devs",
             "/dev/ttyACM0 7c:df:a1:0e:33:54 303a:1001 Espressif USB JTAG/serial debug unit\n"
             "/dev/ttyACM1 7c:df:a1:0e:41:90 303a:1001 Espressif USB JTAG/serial debug unit",
             "Two: ttyACM0 (the desk board) and ttyACM1."),
        _talk("what's the difference between deep sleep and light sleep on the ESP32?",
              "In light sleep the CPU is paused but RAM keeps its contents, and it wakes up in "
              "milliseconds and carries on where it stopped. In deep sleep almost everything is "
              "powered down - only the RTC domain stays on - and waking up is a reset that "
              "starts from boot again, using far less power."),
        _steps("add a test for the humidity-to-label mapping",
               [write("tests/test_labels.py",
                      "import unittest\nfrom labels import rh_label\n\nclass TestLabels("
                      "unittest.TestCase):\n    def test_bands(self):\n        self.assertEqual("
                      "rh_label(380), 'dry')\n        self.assertEqual(rh_label(520), 'ok')\n"
                      "        self.assertEqual(rh_label(680), 'damp')\n"),
                bash("micropython -m unittest tests/test_labels.py",
                     "test_bands (test_labels.TestLabels) ... ok\nRan 1 tests\n\nOK")],
               "Added tests/test_labels.py covering the dry / ok / damp bands; it passes."),
        _talk("is it worth learning viper/native code emitters in micropython?",
              "For tight numeric loops (bit-banging, checksums, filtering) @micropython.native "
              "or @micropython.viper can speed things up several times, at the cost of some "
              "restrictions. For code that mostly waits on I2C or the network, it won't make a "
              "noticeable difference."),
        _run("how big is the build directory?", "du -sh build/", "184K\tbuild/",
             "build/ is 184 KB."),
    ]
    return Project(
        "vitrinelog", "git@gitlab.com:harbourstreet-museum/vitrinelog.git",
        {"README.md": "# vitrinelog\n\nTemperature and humidity loggers for the Harbour Street "
                      "Museum's display cases.\n",
         "main.py": main_py},
        facts, noise, "aws")


def studiofleet() -> Project:
    """A NixOS flake for the office machines of Okafor Lund, a small architecture practice:
    atrium (the ZFS file server with the Samba shares the Macs and Windows PCs save to), loft
    (a Blender render node with an RTX A4000) and porch (the WireGuard gateway). colmena for
    deploys, agenix for secrets, borg for off-site backups, house modules of its own."""
    samba = "hosts/atrium/samba.nix"
    samba_global = ("{ ... }:\n{\n  services.samba = {\n    enable = true;\n    settings.global = "
                    "{\n      \"vfs objects\" = \"catia fruit streams_xattr\";\n      "
                    "\"fruit:metadata\" = \"stream\";\n      \"fruit:model\" = \"MacSamba\";\n"
                    "      \"fruit:posix_rename\" = \"yes\";\n    };\n    settings.projects = { "
                    "path = \"/tank/projects\"; \"read only\" = \"no\"; };\n  };\n}\n")
    atrium_cfg = ("{ ... }:\n{\n  imports = [ ./hardware.nix ./samba.nix ./borg.nix ];\n"
                  "  networking.hostName = \"atrium\";\n  networking.hostId = \"8425e349\";\n"
                  "  boot.supportedFilesystems = [ \"zfs\" ];\n  services.zfs.autoScrub.enable = "
                  "true;\n}\n")
    facts = [
        Fact("conv-stateversion", "convention", ["stateVersion"],
             ["we're moving to the next NixOS release - which settings in each host's config "
              "should I update along with nixpkgs?",
              "loft says 23.05 in its config but runs a newer release - should I bring that "
              "number up to date?"],
             "system.stateVersion is never bumped on upgrades: it stays at the release each "
             "machine was installed with (atrium 22.11, loft 23.05, porch 23.11), because it "
             "picks stateful defaults (data directories, on-disk formats), not the running "
             "release.",
             {"task": "start a branch that moves the flake to nixos-24.11 - don't deploy, just "
                      "get it evaluating for all three machines",
              "peek": read("hosts/loft/configuration.nix",
                           "{ pkgs, ... }:\n{\n  imports = [ ./hardware.nix ./nvidia.nix "
                           "./blender.nix ];\n  networking.hostName = \"loft\";\n  "
                           "system.stateVersion = \"23.05\";\n}\n"),
              "ask": "While I'm moving the input, should I also bring each host's "
                     "system.stateVersion up to the new release? They're all different at the "
                     "moment.",
              "parts": ["no!",
                        "Leave all three as they are - even the 22.11 on atrium?",
                        "yes leave all three. stateVersion is the release the box was installed "
                        "with, not what it runs - it picks stateful defaults, data dirs and "
                        "on-disk formats. bumping it on a live machine is how you lose state"],
              "odd": "The three hosts each have a different system.stateVersion (loft says "
                     "23.05, and atrium and porch have 22.11 and 23.11) while they all build "
                     "from the same nixpkgs - it looks like the older ones were never updated.",
              "rule": "never touch system.stateVersion on an upgrade - it stays at the release "
                      "the machine was installed with",
              "why": "it isn't 'the version we run', it decides stateful defaults - data "
                     "directories, database and on-disk formats. bump atrium's and services "
                     "start looking for their state in the wrong places",
              "gist": "system.stateVersion stays at each machine's install release and is "
                      "never bumped on upgrades",
              "slip": ("current release", "install release"),
              "ref": ("docs/upgrading.md",
                      "don't touch system.stateVersion, ever - it's the install release, not the "
                      "running one",
                      "# Upgrading NixOS\n\n1. Move the nixpkgs input on a branch.\n2. nix "
                      "flake check, build all hosts.\n3. Deploy in the Friday evening window."
                      "\n\nDo NOT change system.stateVersion. It records the release a machine "
                      "was\ninstalled with and selects stateful defaults; it is not the running "
                      "release.\n"),
              "follow": [bash("git switch -c nixos-24.11 && nix flake update nixpkgs "
                              "--override-input nixpkgs github:NixOS/nixpkgs/nixos-24.11",
                              "Switched to a new branch 'nixos-24.11'\n• Updated input "
                              "'nixpkgs':\n    'github:NixOS/nixpkgs/1e3deb3d8a86a870d925760d"
                              "b1a5adecf24f5eb8' (2024-10-27)\n  → 'github:NixOS/nixpkgs/4633a7c"
                              "72337ea8fd23a4f2ba3972865e3ec685d' (2024-12-01)"),
                         bash("nix flake check",
                              "evaluating flake...\nchecking flake output 'nixosConfigurations'"
                              "...\nchecking NixOS configuration 'nixosConfigurations.atrium'...\n"
                              "checking NixOS configuration 'nixosConfigurations.loft'...\n"
                              "checking NixOS configuration 'nixosConfigurations.porch'...\n"
                              "evaluation warning: The option `services.samba.extraConfig' "
                              "has been renamed to `services.samba.settings'.\nall checks "
                              "passed!")],
              "done": "The nixos-24.11 branch evaluates: nixpkgs is moved, `nix flake check` "
                      "passes for atrium, loft and porch (one rename warning to tidy), and each "
                      "host keeps its own system.stateVersion untouched. Nothing deployed."}),
        Fact("conv-namespace", "convention", ["olund"],
             ["I'm writing a NixOS module for the plotter queue - what should its options be "
              "called?",
              "where do our own NixOS modules go, and under which option prefix?"],
             "In-house NixOS modules live in modules/olund/ and declare their options under "
             "olund.* (olund.backups.enable, olund.plotter.enable), never services.*: that "
             "namespace is nixpkgs' and a same-named upstream module once broke evaluation.",
             {"task": "write a module that runs the plotter queue on atrium - CUPS with the "
                      "DesignJet's PPD and a shared print queue for the Macs",
              "peek": read("modules/olund/backups.nix",
                           "{ config, lib, ... }:\nlet cfg = config.olund.backups; in\n{\n  "
                           "options.olund.backups = {\n    enable = lib.mkEnableOption \"nightly "
                           "borg backups\";\n    paths = lib.mkOption { type = lib.types.listOf "
                           "lib.types.str; default = [ ]; };\n  };\n  config = lib.mkIf "
                           "cfg.enable { systemd.services.olund-backup = { ... }; };\n}\n"),
              "ask": "Should the plotter module expose its options as services.plotter, like "
                     "upstream modules, or is there a house namespace?",
              "parts": ["house namespace",
                        "Which one? backups.nix declares its options under something custom.",
                        "olund.*. file goes in modules/olund/plotter.nix, options as "
                        "olund.plotter.enable etc. services.* is upstream's and we had a name "
                        "clash there once"],
              "odd": "Our modules don't declare anything under services.* - backups.nix in "
                     "modules/olund/ declares options.olund.backups, and hosts turn it on with "
                     "olund.backups.enable.",
              "rule": "our own modules live in modules/olund/ and put their options under "
                      "olund.* - so olund.plotter.enable, never services.plotter",
              "why": "services.* is nixpkgs' namespace. when upstream added a module with the "
                     "same name as one of ours, evaluation broke on the upgrade. olund.* also "
                     "makes it obvious what's ours",
              "gist": "the module goes in modules/olund/plotter.nix with its options under "
                      "olund.plotter, never services",
              "slip": ("modules/plotter.nix", "modules/olund/plotter.nix"),
              "ref": ("CONTRIBUTING.md",
                      "our modules in modules/olund/, options under olund.*, never services.*",
                      "## Modules\n\nIn-house modules go in modules/olund/<name>.nix and "
                      "declare options under\nolund.<name> (olund.backups.enable). Never "
                      "services.*: that's nixpkgs'\nnamespace and upstream will eventually "
                      "ship something with the same name.\n"),
              "follow": [write("modules/olund/plotter.nix",
                               "{ config, lib, pkgs, ... }:\nlet cfg = config.olund.plotter; in\n"
                               "{\n  options.olund.plotter = {\n    enable = lib.mkEnableOption "
                               "\"the DesignJet plotter queue\";\n    uri = lib.mkOption { type "
                               "= lib.types.str; example = \"socket://10.20.0.40:9100\"; };\n  };"
                               "\n  config = lib.mkIf cfg.enable {\n    services.printing = { "
                               "enable = true; drivers = [ pkgs.hplip ]; browsing = true; "
                               "defaultShared = true; };\n    hardware.printers.ensurePrinters "
                               "= [ {\n      name = \"DesignJet\"; deviceUri = cfg.uri; model = "
                               "\"HP/hp-designjet_t650.ppd.gz\";\n    } ];\n  };\n}\n"),
                         edit("modules/olund/default.nix", "  imports = [ ./backups.nix ];",
                              "  imports = [ ./backups.nix ./plotter.nix ];"),
                         edit("hosts/atrium/plotter.nix", "{ ... }:\n{\n}\n",
                              "{ ... }:\n{\n  olund.plotter = { enable = true; uri = "
                              "\"socket://10.20.0.40:9100\"; };\n}\n"),
                         bash("nix build .#nixosConfigurations.atrium.config.system.build."
                              "toplevel --dry-run",
                              "these 6 derivations will be built:\n  /nix/store/1y8h0s9p..."
                              "-cups-progs.drv\n  /nix/store/9k2bqv7d...-ensure-printers.drv\n"
                              "  ...")],
              "done": "modules/olund/plotter.nix adds olund.plotter.enable / olund.plotter.uri "
                      "(CUPS with the DesignJet T650 PPD, shared to the network); atrium "
                      "enables it pointing at socket://10.20.0.40:9100, and the config "
                      "builds."}),
        Fact("cmd-colmena", "command", ["--keep-result"],
             ["how do I roll a config change out to the office machines?",
              "can I deploy atrium with nixos-rebuild --target-host from my laptop?"],
             "Deploys go through colmena, never nixos-rebuild: `nix flake check`, then `colmena "
             "apply --on @office --keep-result` (or --on <host>) - colmena signs and copies the "
             "closures, and --keep-result leaves each build as a GC root in .gcroots/ for "
             "offline rollbacks.",
             {"goal": "deploy the new NTP servers to all three machines",
              "fail": bash("nixos-rebuild switch --flake .#atrium --target-host atrium "
                           "--use-remote-sudo",
                           "building the system configuration...\ncopying 14 paths...\nerror: "
                           "cannot add path '/nix/store/qz5v0m3l7d2ch1y8r0nhk1f4j8k2x6pa-nixos-"
                           "system-atrium' because it lacks a signature by a trusted key", 1),
              "note": "atrium refuses the copied closure - it isn't signed by a key atrium "
                      "trusts.",
              "ask": "How are deploys normally done here - colmena (there's a hive.nix), or "
                     "nixos-rebuild with some extra flags?",
              "hedge": "colmena, always. I think it's `colmena apply --on @office "
                       "--keep-result`... yes, with --keep-result, so the build stays as a gc "
                       "root here and we can roll back even if the cache is gone",
              "hint": "colmena, never nixos-rebuild. `colmena apply --on @office --keep-result` "
                      "- --keep-result leaves gc roots in .gcroots/ so we can roll back without "
                      "rebuilding",
              "gist": "Deploys go through colmena from this checkout (it signs and copies the "
                      "closures), with --keep-result so each build stays as a GC root for "
                      "rollbacks.",
              "ok": bash("colmena apply --on @office --keep-result",
                         "[INFO ] Using flake: git+file:///home/dev/src/studiofleet\n[INFO ] "
                         "Enumerating nodes...\n[INFO ] Selected 3 out of 3 hosts.\n  atrium ✅ "
                         "48s Activation successful\n    loft ✅ 41s Activation successful\n   "
                         "porch ✅ 22s Activation successful"),
              "dictate": [
                  ("`nix flake check` - never skip it",
                   bash("nix flake check",
                        "evaluating flake...\nchecking NixOS configuration "
                        "'nixosConfigurations.atrium'...\nchecking NixOS configuration "
                        "'nixosConfigurations.loft'...\nchecking NixOS configuration "
                        "'nixosConfigurations.porch'...\nall checks passed!"),
                   "All checks pass."),
                  ("`colmena build --on @office`",
                   bash("colmena build --on @office",
                        "[INFO ] Selected 3 out of 3 hosts.\n  atrium ✅ 31s Evaluated and built"
                        "\n    loft ✅ 29s Evaluated and built\n   porch ✅ 12s Evaluated and "
                        "built"),
                   "All three built."),
                  ("`colmena apply --on @office --keep-result` - keep-result or no rollback "
                   "when the cache is gone",
                   bash("colmena apply --on @office --keep-result",
                        "[INFO ] Selected 3 out of 3 hosts.\n  atrium ✅ 48s Activation "
                        "successful\n    loft ✅ 41s Activation successful\n   porch ✅ 22s "
                        "Activation successful"), "")],
              "ref": ("docs/deploy.md",
                      "`colmena apply --on @office --keep-result` after nix flake check. never "
                      "nixos-rebuild",
                      "# Deploying\n\n    nix flake check\n    colmena apply --on @office "
                      "--keep-result      # or --on atrium\n\ncolmena signs and copies the "
                      "closures; --keep-result keeps each build as a\nGC root in .gcroots/ so "
                      "rollbacks work without the binary cache.\nNever nixos-rebuild "
                      "--target-host: the hosts don't trust unsigned paths.\n"),
              "done": "The NTP change is live on atrium, loft and porch - deployed with `colmena "
                      "apply --on @office --keep-result`, and the builds are kept as GC roots "
                      "in .gcroots/."}),
        Fact("cmd-agenix", "command", ["id_ed25519_ops"],
             ["how do I edit one of the encrypted secrets in this repo?",
              "agenix says no identity matched any of the recipients - which key should I be "
              "using?"],
             "Office secrets are encrypted to the shared ops key and the host keys, not personal "
             "keys: edit them with `agenix -e secrets/<name>.age -i ~/.ssh/id_ed25519_ops`.",
             {"goal": "the domain join password changed - update it in secrets/smb-join.age "
                      "(I've put the new one in $NEW_JOIN_PW in your shell)",
              "fail": bash("printf '%s' \"$NEW_JOIN_PW\" | EDITOR='cp /dev/stdin' agenix -e "
                           "secrets/smb-join.age",
                           "age: error: no identity matched any of the recipients\nage: report "
                           "unexpected or unhelpful errors at https://filippo.io/age/report\n"
                           "agenix: failed to decrypt secrets/smb-join.age", 1),
              "note": "My default SSH key isn't one of the recipients of that secret.",
              "ask": "Which identity should agenix use for the office secrets?",
              "hedge": "it's the ops key, not your own. ~/.ssh/id_ed25519_ops I think - yes: "
                       "`agenix -e secrets/smb-join.age -i ~/.ssh/id_ed25519_ops`",
              "hint": "`agenix -e secrets/smb-join.age -i ~/.ssh/id_ed25519_ops` - everything's "
                      "encrypted to the ops key and the hosts, personal keys aren't recipients",
              "gist": "The office secrets are encrypted to the shared ops key and the host keys, "
                      "not to personal keys, so agenix needs that identity explicitly.",
              "ok": bash("printf '%s' \"$NEW_JOIN_PW\" | EDITOR='cp /dev/stdin' agenix -e "
                         "secrets/smb-join.age -i ~/.ssh/id_ed25519_ops && git diff --stat",
                         " secrets/smb-join.age | Bin 412 -> 418 bytes\n 1 file changed, 0 "
                         "insertions(+), 0 deletions(-)"),
              "dictate": [
                  ("check the new password is actually in your env: `test -n \"$NEW_JOIN_PW\" "
                   "&& echo set`",
                   bash("test -n \"$NEW_JOIN_PW\" && echo set", "set"), "It's set."),
                  ("`printf '%s' \"$NEW_JOIN_PW\" | EDITOR='cp /dev/stdin' agenix -e "
                   "secrets/smb-join.age -i ~/.ssh/id_ed25519_ops` - note the -i, your own key "
                   "can't decrypt these",
                   bash("printf '%s' \"$NEW_JOIN_PW\" | EDITOR='cp /dev/stdin' agenix -e "
                        "secrets/smb-join.age -i ~/.ssh/id_ed25519_ops", ""),
                   "Re-encrypted."),
                  ("check it decrypts to the right length: `agenix -d secrets/smb-join.age -i "
                   "~/.ssh/id_ed25519_ops | wc -c`",
                   bash("agenix -d secrets/smb-join.age -i ~/.ssh/id_ed25519_ops | wc -c",
                        "18"), "")],
              "ref": ("docs/secrets.md",
                      "`agenix -e secrets/<name>.age -i ~/.ssh/id_ed25519_ops` (the ops key, not "
                      "yours)",
                      "# Secrets\n\nAll secrets/*.age are encrypted to the ops key and the host "
                      "keys (secrets.nix).\nPersonal keys are not recipients.\n\n    agenix -e "
                      "secrets/<name>.age -i ~/.ssh/id_ed25519_ops\n"),
              "done": "secrets/smb-join.age holds the new join password, re-encrypted with the "
                      "ops identity (~/.ssh/id_ed25519_ops). It needs a deploy to atrium before "
                      "Samba picks it up."}),
        Fact("env-release", "environment", ["24.05"],
             ["which NixOS release are the office machines running?",
              "are we on the latest nixpkgs release branch, or behind?"],
             "All three machines run nixos-24.05 (the locked nixpkgs ref); the next release only "
             "lives on a branch, because releases are only moved during the summer shutdown "
             "week.",
             {"goal": "the render folks want blender 4.2 on loft - check whether our nixpkgs "
                      "has it",
              "ask": "Which NixOS release branch are the office machines tracking right now?",
              "hedge": "I think we're still on 24.05. the upgrade hasn't happened yet...",
              "sure": "yes, still 24.05 - just looked at the lock and at what's deployed. all "
                      "three",
              "teach": "all three are on nixos-24.05 - the upgrade to the next release is only "
                       "on a branch so far",
              "gist": "all three machines run nixos-24.05 and the newer release is only on a "
                      "branch",
              "slip": ("atrium and porch", "all three machines"),
              "probe": [bash("nix flake metadata --json | jq -r "
                             "'.locks.nodes.nixpkgs.original.ref'", "nixos-24.05"),
                        bash("nix eval --raw .#nixosConfigurations.loft.pkgs.blender.version",
                             "4.1.1")],
              "confirm": "The machines are on nixos-24.05 (the locked nixpkgs ref), and its "
                         "Blender is 4.1.1 - 4.2 isn't in that release, so loft would need it "
                         "from an overlay or the newer branch.",
              "ref": ("docs/hosts.md",
                      "everything's on nixos-24.05 until the summer shutdown",
                      "# Hosts\n\n| host   | role                | nixpkgs      |\n|--------|"
                      "---------------------|--------------|\n| atrium | ZFS + Samba files   | "
                      "nixos-24.05  |\n| loft   | Blender render node | nixos-24.05  |\n| porch "
                      " | WireGuard gateway   | nixos-24.05  |\n"),
              "odd": "The lock pins nixos-24.05 although a newer release is out - the office "
                     "machines are a release behind.",
              "why": "we only move releases in the summer shutdown, the one week nobody's "
                     "saving to atrium. 24.05 is supported until the end of the year"}),
        Fact("env-storagebox", "environment", ["u391204"],
             ["where do the off-site backups of the file server go?",
              "I need a project folder back from last month's off-site copy - which server do "
              "I connect to?"],
             "Off-site backups go by borg over ssh to the Hetzner Storage Box u391204 "
             "(u391204.your-storagebox.de, port 23 - the storage box only does borg on 23), "
             "repo ./atrium, a 5 TB box.",
             {"goal": "add the /tank/archive dataset to the off-site backups",
              "ask": "Where do the off-site backups go? The borg repo URL comes from a secret, "
                     "and I'd like to check there's room before adding the archive.",
              "hedge": "it's a hetzner storage box... u391204 I think? ssh on port 23",
              "sure": "yep - u391204, u391204.your-storagebox.de, port 23, the borg repo is "
                      "./atrium. it's the 5 TB box",
              "teach": "off-site is a Hetzner storage box, u391204.your-storagebox.de, ssh on "
                       "port 23, borg repo ./atrium, 5 TB",
              "gist": "off-site backups go by borg over ssh on port 23 to the Hetzner Storage "
                      "Box u391204, repo ./atrium",
              "slip": ("port 22", "port 23"),
              "probe": [bash("ssh -p 23 u391204@u391204.your-storagebox.de df -h",
                             "Filesystem      Size  Used Avail Use% Mounted on\n"
                             "u391204         5.0T  3.1T  1.9T  62% /home"),
                        bash("ssh atrium 'sudo du -sh /tank/archive'",
                             "597G\t/tank/archive")],
              "confirm": "Off-site backups go by borg to the Hetzner Storage Box u391204 "
                         "(u391204.your-storagebox.de, ssh on port 23, repo ./atrium). It's "
                         "5 TB with 1.9 TB free, so /tank/archive at 597 GB fits - I'll add it "
                         "to the borg paths.",
              "ref": ("docs/backups.md",
                      "hetzner storage box u391204, port 23, borg repo ./atrium",
                      "# Backups\n\n- Local: ZFS snapshots on atrium (hourly, 48 kept).\n- "
                      "Off-site: borg to the Hetzner Storage Box u391204\n  "
                      "(u391204.your-storagebox.de, port 23), repo ./atrium, nightly 01:30.\n"),
              "odd": "The borg repo is reached on port 23 of u391204.your-storagebox.de rather "
                     "than 22 - a typo in the config?",
              "why": "hetzner storage boxes only do borg/ssh on port 23. 22 is their sftp with "
                     "no shell commands, borg fails there"}),
        Fact("gotcha-fruit", "gotcha", ["streams_xattr"],
             ["a Mac user gets error -36 copying InDesign files to one share while the others "
              "work - what's wrong with that share?",
              "anything to watch out for when adding a new samba share for the Macs?"],
             "Every Samba share the Macs use must keep `vfs objects = catia fruit "
             "streams_xattr` (set globally on atrium; a share that overrides vfs objects must "
             "repeat all three): fruit keeps Mac metadata and resource forks in streams that "
             "need streams_xattr, and without it Finder copies of InDesign/Illustrator files "
             "fail with error -36.",
             {"task": "add a samba share 'competitions' on atrium for the competition entries "
                      "folder (/tank/competitions)",
              "warning": "the macs need `vfs objects = catia fruit streams_xattr` on every share "
                         "they use. it's set globally, so don't override vfs objects in the new "
                         "share - if you must, repeat all three. without streams_xattr finder "
                         "copies of .indd/.ai files fail with error -36",
              "follow": [read(samba, samba_global),
                         edit(samba,
                              "    settings.projects = { path = \"/tank/projects\"; \"read only\""
                              " = \"no\"; };\n",
                              "    settings.projects = { path = \"/tank/projects\"; \"read only\""
                              " = \"no\"; };\n    settings.competitions = { path = "
                              "\"/tank/competitions\"; \"read only\" = \"no\"; };\n"),
                         bash("nix eval --raw .#nixosConfigurations.atrium.config.environment."
                              "etc.\"samba/smb.conf\".text | grep -A3 '\\[competitions\\]'",
                              "[competitions]\npath=/tank/competitions\nread only=no")],
              "heeded": "The competitions share is added without its own vfs objects line, so it "
                        "inherits catia fruit streams_xattr from the global section - the Macs "
                        "get the same behaviour as on projects. Config evaluates; it goes out "
                        "with the next deploy.",
              "peek": read(samba, samba_global),
              "odd": "samba.nix loads three VFS modules globally (catia fruit streams_xattr) "
                     "plus a set of fruit options - extra work on every file for the Windows "
                     "PCs too. Shall I strip it down to plain shares while I add the new one?",
              "why": "the macs need all three. fruit stores the mac metadata and resource forks "
                     "in streams, and those need streams_xattr - without it finder copies fail "
                     "with error -36 and .indd files come out broken. the windows pcs don't "
                     "care",
              "symptom": "Adaeze says copying an InDesign package from her mac to the new "
                         "'tenders' share fails with error -36. the same folder copies fine to "
                         "'projects'",
              "ask": "Is it only the Macs, and only the tenders share? Does every file fail, "
                     "or just some?",
              "answer": "only macs, only tenders. small text files go through, the "
                        "indesign/illustrator ones fail",
              "probe": [bash("ssh atrium 'testparm -s --section-name tenders 2>/dev/null'",
                             "[tenders]\n\tpath = /tank/tenders\n\tread only = No\n\tvfs objects "
                             "= catia fruit"),
                        bash("ssh atrium 'testparm -s --section-name projects 2>/dev/null'",
                             "[projects]\n\tpath = /tank/projects\n\tread only = No")],
              "explain": "The tenders share overrides vfs objects with just 'catia fruit', which "
                         "drops streams_xattr from the global list. fruit keeps the Mac metadata "
                         "and resource forks in alternate data streams, and those need "
                         "streams_xattr - so Finder gets error -36 on files that carry them "
                         "(InDesign, Illustrator) while plain text files go through. projects "
                         "has no override, so it inherits all three.",
              "fix": [edit(samba, "\"vfs objects\" = \"catia fruit\"; ", ""),
                      bash("nix build .#nixosConfigurations.atrium.config.system.build.toplevel "
                           "&& echo built", "built")],
              "done": "Removed the override, so tenders inherits catia fruit streams_xattr like "
                      "projects. The config builds; once it's deployed Adaeze's copy should go "
                      "through.",
              "guess": "Both shares sit on the same pool. My guess is permissions - the tenders "
                       "dataset may have a different ACL type (posixacl vs nfsv4) that macOS "
                       "trips over?"}),
        Fact("gotcha-hostid", "gotcha", ["networking.hostId"],
             ["loft didn't come back after a deploy and the console is in emergency mode "
              "complaining about the ZFS pool - what usually causes that?",
              "is there anything in the host configs I must never change when tidying them "
              "up?"],
             "ZFS stamps each pool with the importing machine's networking.hostId: changing or "
             "dropping it in a host's config (atrium 8425e349, loft 1c7f02ad) makes the pool "
             "refuse to import at boot ('previously in use from another system') and the "
             "machine stops in an emergency shell.",
             {"task": "tidy atrium's config: move the hardware bits out of "
                      "hosts/atrium/configuration.nix into hardware.nix",
              "warning": "don't change networking.hostId on atrium or loft. zfs stamps the pool "
                         "with the host id, and if it changes the pool refuses to import at "
                         "boot and the box sits in an emergency shell - that cost us a "
                         "saturday",
              "follow": [read("hosts/atrium/configuration.nix", atrium_cfg),
                         edit("hosts/atrium/configuration.nix",
                              "  networking.hostId = \"8425e349\";\n  boot.supportedFilesystems "
                              "= [ \"zfs\" ];\n",
                              ""),
                         edit("hosts/atrium/hardware.nix", "  hardware.cpu.amd.updateMicrocode "
                                                            "= true;\n",
                              "  hardware.cpu.amd.updateMicrocode = true;\n  boot."
                              "supportedFilesystems = [ \"zfs\" ];\n  networking.hostId = "
                              "\"8425e349\"; # zfs pool stamp - never change\n"),
                         bash("nix eval --raw .#nixosConfigurations.atrium.config.networking."
                              "hostId", "8425e349")],
              "heeded": "The hardware settings now live in hosts/atrium/hardware.nix, with "
                        "networking.hostId moved verbatim (still 8425e349, checked with nix "
                        "eval) and a comment saying why it must not change.",
              "peek": read("hosts/atrium/configuration.nix", atrium_cfg),
              "odd": "atrium hardcodes networking.hostId to a random-looking \"8425e349\", and "
                     "nothing else in the repo refers to it. A leftover from the install? I can "
                     "drop it and let NixOS derive one.",
              "why": "zfs stamps the pool with networking.hostId. change it or drop it and the "
                     "pool won't import at boot ('previously in use from another system') and "
                     "the box sits in an emergency shell",
              "symptom": "loft didn't come back after last night's deploy - the console shows "
                         "it stuck in emergency mode",
              "ask": "Did that deploy touch anything storage-related - ZFS, filesystems, the "
                     "host's hardware settings?",
              "answer": "Kemi tidied loft's hardware.nix. the diff was big, I didn't look "
                        "properly",
              "probe": [bash("git log -1 --stat -- hosts/loft/",
                             "commit b3d90a1\n    loft: tidy hardware.nix\n\n "
                             "hosts/loft/hardware.nix | 41 ++++++++++--------------"),
                        bash("git show b3d90a1 -- hosts/loft/hardware.nix | grep -n hostId",
                             "27:-  networking.hostId = \"1c7f02ad\";"),
                        bash("ssh loft-ipmi 'console log | tail -3'",
                             "cannot import 'scratch': pool was previously in use from another "
                             "system.\nLast accessed by loft (hostid=1c7f02ad)\nYou are in "
                             "emergency mode.")],
              "explain": "Kemi's tidy-up dropped networking.hostId from loft's hardware.nix. "
                         "ZFS records the host id of the machine that last imported a pool and "
                         "won't import it from a different one; with the line gone NixOS "
                         "derived a new id, so the 'scratch' pool 'was previously in use from "
                         "another system' and boot stopped in emergency mode.",
              "fix": [edit("hosts/loft/hardware.nix", "  boot.supportedFilesystems = [ \"zfs\" "
                                                       "];\n",
                           "  boot.supportedFilesystems = [ \"zfs\" ];\n  networking.hostId = "
                           "\"1c7f02ad\"; # zfs pool stamp - never change\n"),
                      bash("nix eval --raw .#nixosConfigurations.loft.config.networking.hostId",
                           "1c7f02ad")],
              "done": "networking.hostId is back to 1c7f02ad in loft's hardware.nix. Boot loft "
                      "into the previous generation from the boot menu, then deploy this - the "
                      "pool will import again.",
              "guess": "The console says the pool 'was previously in use from another system'. "
                       "Maybe the deploy brought a newer ZFS and the pool needs a zpool upgrade "
                       "before it imports?"}),
        Fact("fals-autoupgrade", "falsified", ["autoUpgrade"],
             ["could the office machines just update themselves every night?",
              "why are NixOS updates deployed by hand instead of automatically?"],
             "system.autoUpgrade ran on atrium in 2022 and rebooted it at 04:00 while people "
             "were saving before a deadline, corrupting a half-saved Revit central model; "
             "nothing restarts the file server without a human. Updates come as a weekly "
             "flake-update PR, deployed by hand in the Friday evening window.",
             {"pain": "deploys only happen when one of us remembers, and atrium went a month "
                      "without security updates. can we automate it?",
              "idea": "turning on system.autoUpgrade on all three machines - pull the flake "
                      "from the git remote nightly and reboot when needed",
              "idea_label": "system.autoUpgrade",
              "alternative": "a scheduled CI job that runs nix flake update every Thursday and "
                             "opens a PR, which we deploy by hand in the Friday evening window",
              "alt_label": "a weekly update PR",
              "why_user": "atrium had it in 2022. it upgraded and rebooted at 04:00 as "
                          "configured - until the week a deadline had people saving at 4am and "
                          "the reboot ate a half-saved Revit central model. nothing restarts "
                          "the file server without a human watching",
              "ask": "turn on system.autoUpgrade for atrium, loft and porch - nightly at 04:00 "
                     "from the flake on GitHub, reboots allowed",
              "change": [write("hosts/common/auto-upgrade.nix",
                               "{ ... }:\n{\n  system.autoUpgrade = {\n    enable = true;\n    "
                               "flake = \"github:okaforlund/studiofleet\";\n    dates = "
                               "\"04:00\";\n    allowReboot = true;\n  };\n}\n"),
                         edit("hive.nix", "    imports = [ ./hosts/common/base.nix ];",
                              "    imports = [ ./hosts/common/base.nix "
                              "./hosts/common/auto-upgrade.nix ];")],
              "broke": bash("./scripts/check-maintenance-window.sh",
                            "atrium: nixos-upgrade.timer OnCalendar=04:00 allowReboot=true\n"
                            "atrium may reboot outside the Friday 19:00-23:00 window\nloft: ok "
                            "(no shares)\nporch: may reboot outside the window\nFAIL", 1),
              "revert": bash("git checkout -- hive.nix && rm hosts/common/auto-upgrade.nix", ""),
              "conclusion": "Reverted. system.autoUpgrade with reboots would restart atrium at "
                            "04:00, outside the Friday evening window the maintenance check "
                            "enforces - the window exists because an unattended reboot once "
                            "corrupted a half-saved Revit model. Updates go through a weekly PR "
                            "and a manual Friday deploy instead."}),
        Fact("fals-tmpfs", "falsified", ["tmpfs"],
             ["could loft render faster if its scratch space lived in RAM?",
              "why is the render node's scratch directory on disk instead of in memory?"],
             "loft's /scratch was once a tmpfs: the big competition scenes need 40+ GB of "
             "scratch, and with the scene itself in loft's 64 GB of RAM the OOM killer took "
             "Blender out mid-render (twice, before a deadline). Scratch stays on disk - an "
             "NVMe-backed dataset with sync=disabled is the faster option.",
             {"pain": "blender renders on loft spend ages writing cache files to disk - the "
                      "scratch drive is slow. speed it up",
              "idea": "mounting loft's /scratch as a tmpfs so the Cycles cache and frame "
                      "buffers live in RAM",
              "idea_label": "a RAM-backed /scratch",
              "alternative": "keep /scratch on disk but move the dataset to the NVMe and set "
                             "sync=disabled and recordsize=1M on it, since scratch data is "
                             "disposable",
              "alt_label": "an NVMe scratch dataset",
              "why_user": "Tobi did that last winter. the big competition scenes fill 40+ GB of "
                          "scratch, loft has 64 GB, and with the scene itself in memory the OOM "
                          "killer took blender out mid-render - twice, the night before a "
                          "deadline",
              "ask": "make /scratch on loft a tmpfs (size=32G) so renders stop hitting the disk",
              "change": [edit("hosts/loft/configuration.nix",
                              "  networking.hostName = \"loft\";\n",
                              "  networking.hostName = \"loft\";\n  fileSystems.\"/scratch\" = {"
                              " device = \"tmpfs\"; fsType = \"tmpfs\";\n    options = [ "
                              "\"size=32G\" \"mode=1777\" ]; };\n"),
                         bash("ssh loft 'sudo mount -t tmpfs -o size=32G tmpfs "
                              "/mnt/scratch-test'", "")],
              "broke": bash("ssh loft 'BLENDER_SCRATCH=/mnt/scratch-test blender -b "
                            "/tank/projects/2406-library/render/competition.blend -f 1 | tail -2; "
                            "dmesg | tail -1'",
                            "Fra:1 Mem:41872.33M (Peak 43011.90M) | Time:06:12.44 | Rendering "
                            "48 / 4096 samples\nKilled\n[91822.114] Out of memory: Killed "
                            "process 48122 (blender) total-vm:61244016kB", 137),
              "revert": bash("git checkout -- hosts/loft/configuration.nix && ssh loft 'sudo "
                             "umount /mnt/scratch-test'", ""),
              "conclusion": "Reverted. With scratch in a tmpfs, the competition scene's cache "
                            "competes with the scene itself for loft's 64 GB, and the OOM killer "
                            "took Blender out six minutes in. /scratch stays on disk; the faster "
                            "option is an NVMe-backed dataset with sync=disabled."}),
    ]
    noise = [
        _look("what does hosts/porch/wireguard.nix set up?", "hosts/porch/wireguard.nix",
              "{ config, ... }:\n{\n  networking.wireguard.interfaces.wg0 = {\n    ips = [ "
              "\"10.99.0.1/24\" ];\n    listenPort = 51820;\n    privateKeyFile = "
              "config.age.secrets.wg-porch.path;\n    peers = [\n      { publicKey = "
              "\"Tq1u...\"; allowedIPs = [ \"10.99.0.10/32\" ]; } # Nnamdi laptop\n      { "
              "publicKey = \"Vb7x...\"; allowedIPs = [ \"10.99.0.11/32\" ]; } # Ingrid laptop\n"
              "    ];\n  };\n}\n",
              "A WireGuard interface wg0 on porch (10.99.0.1/24, UDP 51820) with its private key "
              "from an agenix secret, and two peers - Nnamdi's and Ingrid's laptops - each "
              "allowed one address."),
        _find("which hosts open firewall ports?", "allowedTCPPorts",
              ["hosts/atrium/samba.nix", "hosts/porch/wireguard.nix", "hosts/porch/dns.nix"],
              "atrium (Samba) and porch (WireGuard's UDP port and DNS); loft opens nothing."),
        _tweak("typo in the onboarding doc: 'Fidner'", "docs/onboarding.md",
               "connect from Fidner with", "connect from Finder with"),
        _run("format the nix files", "nix fmt",
             "Formatted 3 files (2 changed) in 41ms",
             "nixfmt reformatted 2 of the 3 changed files."),
        _talk("nix-env vs nix profile - which should I use on my laptop?",
              "Prefer `nix profile` (or home-manager): it's the newer interface, works with "
              "flakes and records exactly what you installed. `nix-env` still works but mixes "
              "channels and imperative installs in ways that are hard to reproduce."),
        _steps("add Ingrid to the users on atrium, no sudo",
               [edit("hosts/atrium/users.nix",
                     "  users.users.nnamdi = { isNormalUser = true; extraGroups = [ \"wheel\" "
                     "]; };\n",
                     "  users.users.nnamdi = { isNormalUser = true; extraGroups = [ \"wheel\" "
                     "]; };\n  users.users.ingrid = { isNormalUser = true; extraGroups = [ "
                     "\"smbusers\" ]; };\n"),
                bash("nix eval .#nixosConfigurations.atrium.config.users.users.ingrid."
                     "extraGroups", "[ \"smbusers\" ]")],
               "Ingrid is a normal user on atrium in smbusers only (no wheel); it goes out with "
               "the next deploy."),
        _talk("what's a ZFS special vdev, in two sentences?",
              "A special vdev is a fast device (usually mirrored SSDs) added to a pool to hold "
              "metadata and, optionally, small file blocks. It speeds up directory listings and "
              "small-file work, but losing it loses the pool, so it must be redundant."),
        _run("who's connected over wireguard right now?",
             "ssh porch 'sudo wg show wg0 latest-handshakes'",
             "Tq1u...=\t1733157622\nVb7x...=\t0",
             "Only Nnamdi's laptop has a recent handshake; Ingrid's peer has never connected."),
    ]
    return Project(
        "studiofleet", "git@github.com:okaforlund/studiofleet.git",
        {"README.md": "# studiofleet\n\nNixOS configuration for the Okafor Lund office machines "
                      "(atrium, loft, porch).\n",
         "hive.nix": "{\n  meta.nixpkgs = import <nixpkgs> { };\n}\n"},
        facts, noise, "slack")


def projects() -> list[Project]:
    return [pantrydesk(), launchrota(), vitrinelog(), studiofleet()]
