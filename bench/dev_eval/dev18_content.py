"""The ``dev18`` split: four projects in stacks no other split uses (an AdonisJS 6 app for a
community orchestra's concert ticketing - TypeScript, Lucid on Postgres, Inertia with Vue 3,
VineJS, Bouncer, Japa tests, Stripe Checkout, Postmark mail, deployed with Kamal 2 to a Hetzner
VPS; Rust firmware on embassy for an nRF52840 BLE heart-rate chest strap used in a cardiac
rehabilitation programme's exercise classes - nrf-softdevice (S140), a MAX30003 ECG front end
on SPI, defmt over RTT, probe-rs, a host-tested DSP crate; a Pulumi (TypeScript) AWS setup for a
physiotherapy practice's online booking - Lambda on Node 20 bundled with esbuild, an HTTP API,
DynamoDB, EventBridge Scheduler reminders, Cognito for staff, a self-managed S3 state backend;
a LÖVE (Lua) knot-untangling puzzle game shipped to the browser with love.js and to the Steam
Deck as a Linux build - Tiled maps, busted tests, makelove packaging, steamcmd uploads), ten
planted facts each, and phrasing templates of its own.

Written in the twelfth pass by a helper that read no rlat code, to be read untuned. Its theme is
"delegation and summaries": durable facts reach the transcript the way Claude Code's newer
features carry them. A subagent (the ``Agent`` tool) investigates and its report holds the
fact, which the main assistant relays in a sentence; a plan in plan mode (``ExitPlanMode``)
that the user rejects with the reason; the assistant's end-of-task summary ("Notes for next
time: ..."); the user asking the assistant to remember something, which lands as an ``Edit`` of
CLAUDE.md; a session picked up after a long break where the user restates the rule; a fact said
in passing in the middle of a long session of unrelated chores, with chores before and after;
a value corrected later in the same session (the first, wrong value is never a key). Each kind
has four framings, and each framing carries two of the kind's eight facts (a fact names its
framing in the slot ``frame``; the seed still picks the wording inside it):

* convention - stated with the task and then written into CLAUDE.md at the user's request; restated
  by the user when a session resumes after a break; the reason a plan is rejected at the
  plan-mode prompt; said in passing mid-way through a session of chores and repeated in the
  closing notes;
* command - dug out by an Explore subagent after the obvious invocation failed; found after a
  failure and kept in the closing notes; half-remembered wrong by the user and corrected in the
  same session; found and then written into CLAUDE.md when the user says "remember this";
* environment - mapped by a subagent and relayed; restated by the user on resuming a session;
  checked in the middle of a session of chores and kept in the closing notes; read from a stale
  doc, said wrong, and corrected by the user;
* gotcha - diagnosed by a debugging subagent; diagnosed and kept in the closing notes; first
  misdiagnosed by the assistant and corrected later in the session; diagnosed and written into
  CLAUDE.md as a warning at the user's request;
* falsified - the plan built on it rejected at the plan-mode prompt; tried, reverted and kept in
  the closing notes; prototyped by a subagent that reports the failure; ruled out by the user
  when a session resumes after a break.

Slots are the shared ones (``templates.py``) plus: ``line`` (the one-line note the assistant
writes into CLAUDE.md or its closing notes), ``dig`` (``(description, task)`` of a subagent run),
``report`` (the subagent's final report) and ``relay`` (the assistant's sentence passing it on),
for every kind; for a convention ``status`` (the assistant's recap when a session resumes),
``bad_step`` and ``good_step`` (the plan step that breaks the rule, and its replacement); for a
command ``wrong_hint`` and ``fix_hint`` (the user's misremembered command - the one ``fail``
runs - and the correction); for an environment fact ``status``, ``restate`` (the user's
reminder on resuming), ``stale_read`` and ``stale`` (an outdated doc and what the assistant
wrongly concludes from it) and ``fix`` (the user's correction); for a gotcha ``guess`` (the
assistant's first, wrong diagnosis) and ``pushback`` (what the user saw that rules it out); for a
falsified approach ``idea``, ``idea_label``, ``alternative``, ``alt_label``, ``why_user`` and
``pain``. Every fact also carries its project's ``chores`` (short unrelated episodes for the
long-session framings).
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
from .transcript import (
    REJECTED,
    agent,
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

_GAPS = ("a week off", "a long weekend", "a break", "a few days off", "the bank holiday",
         "a week of leave", "half-term")
_SLUG_A = ("quiet", "amber", "brisk", "gentle", "lucky", "steady", "hidden", "silver")
_SLUG_B = ("otter", "heron", "maple", "comet", "lantern", "pebble", "willow", "falcon")
_SLUG_C = ("drifting", "humming", "waiting", "folding", "rolling", "singing", "turning")


def _one(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _agent_id(rng: random.Random) -> str:
    return "a" + "".join(rng.choice("0123456789abcdef") for _ in range(16))


def _slug(rng: random.Random) -> str:
    return f"{rng.choice(_SLUG_A)}-{rng.choice(_SLUG_B)}-{rng.choice(_SLUG_C)}"


def _claude_md(section: str, line: str) -> object:
    """The assistant's Edit adding ``line`` under ``section`` of the project's CLAUDE.md."""
    return edit("CLAUDE.md", f"## {section}\n", f"## {section}\n- {line}\n")


def _chores(s: dict, rng: random.Random, n: int) -> tuple[Episode, Episode]:
    """Two runs of ``n`` short unrelated episodes of the project, none repeated: the work
    before and after the planted one in a long session."""
    picked = rng.sample(s["chores"], min(2 * n, len(s["chores"])))
    before: Episode = []
    after: Episode = []
    for i, episode in enumerate(picked):
        (before if i < n else after).extend(episode)
    return before, after


def _notes(rng: random.Random, line: str) -> str:
    """The assistant's end-of-task summary holding ``line``."""
    head = _one(rng, "Done. Notes for next time:", "All done.\n\n**Notes for next time**\n-",
                "That's finished. For next time:", "Done - one thing worth keeping for next "
                "time:", "Wrapped up. Note for future sessions:", "Finished.\n\nFor next time:")
    return f"{head} {line}"


def _resume(rng: random.Random) -> str:
    gap = rng.choice(_GAPS)
    return _one(rng, f"back on this after {gap}. where were we?",
                f"ok, picking this up again after {gap}. what state is it in?",
                f"hi again, back after {gap} - remind me where we left it",
                f"resuming after {gap}. quick recap of where things are?",
                f"right, back after {gap}... what was I in the middle of?")


def _recap(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=_resume(rng)),
            Step(text=_one(rng, "Checking the working tree first.", "Let me look.", ""),
                 tools=[bash("git status -sb", "## main...origin/main")]),
            Step(text=s["status"])]


def _explore(s: dict, rng: random.Random, kind: str = "Explore") -> object:
    description, task = s["dig"]
    return agent(description, f"{cap(task)}. Look at the code, config, scripts, CI and docs; "
                              f"report what you find with file paths. Read only - don't change "
                              f"anything.", s["report"], _agent_id(rng), kind,
                 rng.randrange(4, 18))


# ------------------------------------------------------------------- phrasing templates
# Conventions: written into CLAUDE.md when the user asks; restated when a session resumes; the
# reason a plan is rejected; said in passing in a long session and kept in the closing notes.
def conv_claude_md(s: dict, rng: random.Random) -> Episode:
    ask = _one(rng, "put that rule in CLAUDE.md so I stop repeating myself",
               "remember this one for next time - add it to CLAUDE.md",
               "can you add a line about that to CLAUDE.md?",
               "please write that down in CLAUDE.md, every new session forgets it",
               "remember that, will you. CLAUDE.md",
               "add that to the conventions in CLAUDE.md pls")
    lead = _one(rng, "note:", "and remember -", "rule here:", "fyi")
    return [Step(prompt=f"{s['task']}\n\n{lead} {s['rule']}. {s['why']}"),
            Step(text=_one(rng, "Understood - doing it that way.", "Okay, following that.",
                           "Got it."), tools=s["follow"]),
            Step(text=s["done"]),
            Step(prompt=ask),
            Step(tools=[_claude_md("Conventions", s["line"])]),
            Step(text=_one(rng, "Added to CLAUDE.md under Conventions.",
                           "Done - it's in CLAUDE.md now, so new sessions start with it.",
                           "CLAUDE.md updated (Conventions section)."))]


def conv_resumed(s: dict, rng: random.Random) -> Episode:
    remind = _one(rng, "and since it's been a while, a reminder:", "before you start, because I "
                       "know you'll forget:", "one rule to keep in mind:",
                  "and again, the rule here:", "reminder, as last time:")
    return [*_recap(s, rng),
            Step(prompt=f"ok. next up: {s['task']}. {remind} {s['rule']}. {s['why']}"),
            Step(text=_one(rng, "Right - picking it up with that rule.", "Noted. Starting.",
                           "Thanks for the reminder; doing it that way."), tools=s["follow"]),
            Step(text=s["done"])]


def conv_plan_rejected(s: dict, rng: random.Random) -> Episode:
    plan = (f"## Plan\n\n1. {s['bad_step']}\n2. Add or update the tests for it\n3. Run the "
            f"checks and show the diff before committing")
    revised = (f"## Plan (revised)\n\n1. {s['good_step']}\n2. Add or update the tests for it\n"
               f"3. Run the checks and show the diff before committing")
    no = _one(rng, "no -", "not like that:", "step 1 is wrong:", "nope.", "can't approve this -")
    slug = _slug(rng)
    first = _one(rng, "plan it first", "plan mode please",
                 "show me a plan before touching anything")
    return [Step(prompt=f"{s['task']}. {first}"),
            Step(text=_one(rng, "Here's the plan.", "Proposing this:", ""),
                 tools=[refused(exit_plan(plan, slug), REJECTED + f"{no} {s['rule']}. "
                                f"{s['why']}")]),
            Step(text=_one(rng, "Understood - revised plan:", "Fair. Updated the first step.",
                           "Okay, reworking step 1."),
                 tools=[exit_plan(revised, slug)]),
            Step(text=_one(rng, "Approved - starting.", "Going ahead.", "On it."),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_in_passing(s: dict, rng: random.Random) -> Episode:
    aside = _one(rng, "oh and", "btw", "also,", "oh, and for the record:", "(and fyi")
    close = ")" if aside.startswith("(") else ""
    before, after = _chores(s, rng, 2)
    return [*before,
            Step(prompt=f"{s['task']}. {aside} {s['rule']}{close}"),
            Step(tools=s["follow"]),
            Step(text=s["done"]),
            *after,
            Step(prompt=_one(rng, "that's it for today. anything worth noting before I close "
                                  "this?", "ok wrap up please", "summarise what we did, I'm "
                                                                 "off", "done for now, ty")),
            Step(text=_notes(rng, s["line"]))]


# Commands: found by an Explore subagent; found and kept in the closing notes; misremembered by
# the user and corrected; found and written into CLAUDE.md on "remember this".
def cmd_subagent(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(tools=[s["fail"]]),
            Step(text=s["note"] + " " + _one(
                rng, "Rather than guess, I'll have a subagent look at how the repo does it.",
                "Sending an Explore agent through the scripts and CI to find the real "
                "invocation.", "Let me delegate the digging."),
                 tools=[_explore(s, rng)]),
            Step(text=s["relay"], tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_summary(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=f"{s['done']}\n\n{_notes(rng, s['line'])}")]


def cmd_corrected(s: dict, rng: random.Random) -> Episode:
    sorry = _one(rng, "ah sorry, I misremembered.", "no wait, my bad -", "hmm, that's the old "
                      "way. correction:", "sorry, wrong one.", "ugh, that was from before.")
    return [Step(prompt=f"{s['goal']}. {s['wrong_hint']}"),
            Step(tools=[s["fail"]]),
            Step(text=_one(rng, "That didn't work:", "Fails here -", "No luck with that one:")
                 + " " + s["note"]),
            Step(prompt=f"{sorry} {s['fix_hint']}"),
            Step(text=_one(rng, "Trying that.", "Running it.", ""), tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_remember(s: dict, rng: random.Random) -> Episode:
    ask = _one(rng, "remember this for next time", "nice. can you remember that? put it in "
                    "CLAUDE.md", "add that to CLAUDE.md so we don't rediscover it every time",
               "write it down somewhere you'll see it next session", "remember that one pls")
    return [Step(prompt=s["goal"]),
            Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt=ask),
            Step(tools=[_claude_md("Commands", s["line"])]),
            Step(text=_one(rng, "Added under Commands in CLAUDE.md.", "It's in CLAUDE.md now.",
                           "Noted in CLAUDE.md."))]


# Environment facts: mapped by a subagent; restated on resuming; checked mid-way through a long
# session and kept in the closing notes; said wrong from a stale doc and corrected.
def env_subagent(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=_one(rng, "I'll have an Explore agent map the setup first.",
                           "Delegating the look-around to a subagent.",
                           "Let me send a subagent to find out how this is set up."),
                 tools=[_explore(s, rng)]),
            Step(text=s["relay"], tools=s["probe"]),
            Step(text=s["confirm"])]


def env_resumed(s: dict, rng: random.Random) -> Episode:
    lead = _one(rng, "reminder, since you won't remember:", "context you need again:",
                "and in case it got lost:", "remember:")
    return [*_recap(s, rng),
            Step(prompt=f"{s['goal']}. {lead} {s['restate']}"),
            Step(text=_one(rng, "Thanks - checking against that.", "Good, that saves a search.",
                           "Noted."), tools=s["probe"]),
            Step(text=s["confirm"])]


def env_in_passing(s: dict, rng: random.Random) -> Episode:
    before, after = _chores(s, rng, 2)
    return [*before,
            Step(prompt=s["goal"]),
            Step(tools=s["probe"]),
            Step(text=s["confirm"]),
            *after,
            Step(prompt=_one(rng, "ok that's me for today. notes?", "wrap up please",
                             "anything to write down before I go?", "done for today")),
            Step(text=_notes(rng, s["line"]))]


def env_corrected(s: dict, rng: random.Random) -> Episode:
    no = _one(rng, "that doc is out of date -", "no, that's stale.", "careful, that file's "
                   "old:", "not any more:", "that was true last year.")
    return [Step(prompt=s["goal"]),
            Step(text=_one(rng, "Checking the docs first.", "Let me read the setup notes.", ""),
                 tools=[s["stale_read"]]),
            Step(text=s["stale"]),
            Step(prompt=f"{no} {s['fix']}"),
            Step(text=_one(rng, "Thanks for the correction - checking.", "Ah, sorry. Verifying.",
                           "Okay, going by that instead."), tools=s["probe"]),
            Step(text=s["confirm"])]


# Gotchas: diagnosed by a debugging subagent; diagnosed and kept in the closing notes; first
# misdiagnosed, then corrected; diagnosed and written into CLAUDE.md on request.
def gotcha_subagent(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["symptom"]),
            Step(text=_one(rng, "I'll put a debugging agent on this while keeping the context "
                                "here clean.", "Sending a subagent to investigate.",
                           "Let me delegate the investigation."),
                 tools=[_explore(s, rng, "general-purpose")]),
            Step(text=s["relay"], tools=s.get("fix", [])),
            Step(text=s["done"])]


def gotcha_summary(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["symptom"]),
            Step(text=_one(rng, "", "Looking.", "Let me reproduce it."), tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])),
            Step(text=f"{s['done']}\n\n{_notes(rng, s['line'])}")]


def gotcha_corrected(s: dict, rng: random.Random) -> Episode:
    fix = _one(rng, "You're right, I had it wrong. Correction:", "Correction to what I said "
                    "above:", "Scratch my first answer -", "I was wrong earlier.")
    return [Step(prompt=s["symptom"]),
            Step(text=_one(rng, "", "Let me look.", "Investigating."), tools=s["probe"]),
            Step(text=s["guess"]),
            Step(prompt=s["pushback"]),
            Step(text=f"{fix} {s['explain']}", tools=s.get("fix", [])),
            Step(text=s["done"])]


def gotcha_claude_md(s: dict, rng: random.Random) -> Episode:
    ask = _one(rng, "put a warning about that in CLAUDE.md", "remember this one - CLAUDE.md, "
                    "gotchas section", "add it to CLAUDE.md so nobody loses an afternoon to it "
                    "again", "please remember this for next time (CLAUDE.md)")
    return [Step(prompt=s["symptom"]),
            Step(tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])),
            Step(text=s["done"]),
            Step(prompt=ask),
            Step(tools=[_claude_md("Gotchas", s["line"])]),
            Step(text=_one(rng, "Added under Gotchas.", "CLAUDE.md has the warning now.",
                           "Written into CLAUDE.md."))]


# Falsified approaches: the plan built on it rejected; tried, reverted and noted; prototyped by a
# subagent that reports the failure; ruled out by the user on resuming.
def fals_plan_rejected(s: dict, rng: random.Random) -> Episode:
    plan = (f"## Plan\n\n**Approach:** {cap(s['idea'])}.\n\n1. Prototype on a branch\n2. Run "
            f"the tests\n3. Review before it goes anywhere near production")
    revised = (f"## Plan (revised)\n\n**Approach:** {cap(s['alternative'])}.\n\n1. Prototype "
               f"on a branch\n2. Run the tests\n3. Review before it goes anywhere near "
               f"production")
    no = _one(rng, "no -", "not this one.", "rejecting:", "we've been here before:")
    slug = _slug(rng)
    return [Step(prompt=s["pain"]),
            Step(text=_one(rng, "Here's a plan.", "Plan first:", ""),
                 tools=[refused(exit_plan(plan, slug), REJECTED + f"{no} {s['why_user']}")]),
            Step(text=_one(rng, "Understood - revised.", "Okay, a different route then.",
                           "That rules it out. New plan:"), tools=[exit_plan(revised, slug)]),
            Step(text=f"{_one(rng, 'Approved.', 'Plan approved -', 'Good.')} Dropping "
                      f"{s['idea_label']}; starting on {s['alt_label']}.")]


def fals_tried_noted(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["ask"]),
            Step(text=_one(rng, "Making the change.", "Trying it.", ""), tools=s["change"]),
            Step(tools=[s["broke"]]),
            Step(text=_one(rng, "That breaks things - reverting.", "No good. Backing it out.",
                           "It fails; undoing the change."), tools=[s["revert"]]),
            Step(text=f"{s['conclusion']}\n\n{_notes(rng, s['line'])}")]


def fals_subagent(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["pain"]),
            Step(text=f"One option is {s['idea']}. I'll have a subagent prototype it in "
                      f"isolation first, so nothing half-done lands in your tree.",
                 tools=[_explore(s, rng, "general-purpose")]),
            Step(text=s["relay"]),
            Step(prompt=_one(rng, "ok, so what instead?", "fine. alternative?", "hm. then what?",
                             "good to know. next idea?")),
            Step(text=f"{cap(s['alternative'])}. Starting on {s['alt_label']}.",
                 tools=[todo_write([(f"Build {s['alt_label']}", "in_progress",
                                     f"Building {s['alt_label']}"),
                                    ("Test it and show the diff", "pending", "Testing")])])]


def fals_resumed(s: dict, rng: random.Random) -> Episode:
    gap = rng.choice(_GAPS)
    lead = _one(rng, f"back after {gap}.", f"picking this up again after {gap}.",
                f"resuming after {gap}.", f"hi, first session after {gap}.")
    ban = _one(rng, "before you suggest it:", "and one thing so we don't loop again:",
               "reminder from before the break:", "and please don't go back to the old idea:")
    return [Step(prompt=f"{lead} {s['pain']}\n\n{ban} no {s['idea_label']}. {s['why_user']}"),
            Step(text=f"{_one(rng, 'Understood - not that.', 'Okay, ruling it out.', 'Noted.')} "
                      f"Instead: {s['alternative']}.",
                 tools=[todo_write([(f"Build {s['alt_label']}", "in_progress",
                                     f"Building {s['alt_label']}"),
                                    ("Test it and show the diff", "pending", "Testing")])])]


FRAMINGS = {
    "convention": [conv_claude_md, conv_resumed, conv_plan_rejected, conv_in_passing],
    "command": [cmd_subagent, cmd_summary, cmd_corrected, cmd_remember],
    "environment": [env_subagent, env_resumed, env_in_passing, env_corrected],
    "gotcha": [gotcha_subagent, gotcha_summary, gotcha_corrected, gotcha_claude_md],
    "falsified": [fals_plan_rejected, fals_tried_noted, fals_subagent, fals_resumed],
}


def framed(s: dict, rng: random.Random) -> Episode:
    """The fact's own framing (slot ``frame``, set by :func:`_frame`), so that every framing
    of a kind carries two of its eight facts whatever the seed; the seed still picks the
    wording inside it."""
    return s["frame"](s, rng)


TEMPLATES = {kind: [framed] for kind in FRAMINGS}


def _frame(facts: list[Fact], frames: dict, chores: list[Episode]) -> None:
    """Give each fact its framing (by fact id) and its project's chores."""
    for fact in facts:
        fact.slots["frame"] = frames[fact.id]
        fact.slots["chores"] = chores

# Everyday requests and questions, ordered so that each is asked from the project it fits
# (tuttitix, pulsewell, kinetibook, loomknot, in turn).
UNRELATED = [
    "what's the difference between a left join and an inner join, with a tiny example?",
    "explain what a ring buffer is and when I'd use one",
    "explain eventual consistency to a non-engineer",
    "how do easing functions like ease-in-out work?",
    "draft a polite email asking a venue to confirm the piano will be tuned before the concert",
    "what does 'volatile' actually guarantee in C?",
    "what's the difference between authentication and authorisation?",
    "what's a good way to pick colours for a colour-blind friendly palette?",
    "explain idempotency keys for payment APIs in a paragraph",
    "what's the difference between big-endian and little-endian, with an example?",
    "how do I find which process is listening on port 8080 on linux?",
    "give me the formula for linear interpolation and explain it",
    "write a regex that matches a UK mobile number",
    "summarise what a Kalman filter does without the maths",
    "how do I squash the last three commits into one?",
    "how do I shuffle a table properly in lua?",
    "what should go in a good pull request description?",
    "explain what a watchdog timer is for",
    "write a bash loop that renames every .jpeg file in a folder to .jpg",
    "recommend a sensible folder structure for game art assets",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "tuttitix": [
        "how many tickets did we sell for the christmas concert last year?",
        "does the orchestra need to charge VAT on tickets?",
        "who on the committee signs off new ticket prices?",
        "can season ticket holders choose their own seats?",
        "what's the refund policy if a concert is cancelled for snow?",
    ],
    "pulsewell": [
        "how long does the strap battery last in a full class?",
        "has the strap been through the medical device classification process?",
        "how many straps does the rehab programme own?",
        "what's the accuracy of the heart rate compared with a hospital ECG?",
        "which supplier makes the chest strap fabric?",
    ],
    "kinetibook": [
        "how much is the AWS bill each month?",
        "how many appointments does the practice book per week?",
        "which physio has the most online bookings?",
        "does the practice's data protection policy allow storing notes in the cloud?",
        "when does the domain name renew?",
    ],
    "loomknot": [
        "how many levels should the full game have?",
        "what price are we launching at on steam?",
        "who's composing the music for the second chapter?",
        "did the demo get into next fest?",
        "how many wishlists do we have so far?",
    ],
}


# ------------------------------------------------------------------- projects
def tuttitix() -> Project:
    """An AdonisJS 6 app for the Wendover Community Orchestra's concert ticketing: concerts,
    seat maps of the halls they play in, seat holds, Stripe Checkout, refunds at the box office,
    e-tickets with QR codes scanned at the door. TypeScript, Lucid on Postgres, Inertia with
    Vue 3, VineJS validators, Bouncer, Japa tests, Postmark mail, Kamal 2 to a Hetzner VPS."""
    japa_ok = ("{group} ({path})\n{lines}\n\n PASSED \n\nTests  {n} passed ({n})\nTime   {t}")
    facts = [
        Fact("conv-pence", "convention", ["integer pence"],
             ["what column type should the price of the new under-18 concession ticket be?",
              "is a decimal(8,2) fine for storing refund amounts?"],
             "Money (ticket prices, concessions, refunds, fees) is stored as integer pence in "
             "*_pence integer columns and displayed only with formatPence() from "
             "app/helpers/money.ts - never a decimal or float column type, never float maths "
             "in TypeScript.",
             {"task": "add a concession price to ticket types - under-18s and students pay "
                      "less, and the box office sets it per concert",
              "rule": "money is always integer pence - an integer `*_pence` column, shown with "
                      "formatPence() from app/helpers/money.ts. no decimals, no floats anywhere",
              "why": "the 2023 gift aid report drifted by a few pennies from float maths and "
                     "the treasurer spent a weekend finding it",
              "line": "Money is stored and handled as integer pence (integer `*_pence` "
                      "columns); display it only through formatPence() in "
                      "app/helpers/money.ts. Never decimal or float.",
              "status": "Last session you finished the seat-map zoom on the booking page "
                        "(merged as 4c1e7a2) and the order page's new layout. Nothing is in "
                        "flight - the working tree is clean.",
              "bad_step": "Add a `concession_price decimal(8,2)` column to ticket_types and "
                          "show it with `toFixed(2)` on the booking page",
              "good_step": "Add an integer `concession_price_pence` column to ticket_types and "
                           "show it with formatPence() on the booking page",
              "follow": [write("database/migrations/1718611200000_add_concession_to_ticket_"
                               "types.ts",
                               "import { BaseSchema } from '@adonisjs/lucid/schema'\n\nexport "
                               "default class extends BaseSchema {\n  protected tableName = "
                               "'ticket_types'\n\n  async up() {\n    this.schema.alterTable("
                               "this.tableName, (table) => {\n      table.integer('concession_"
                               "price_pence').nullable().unsigned()\n    })\n  }\n\n  async "
                               "down() {\n    this.schema.alterTable(this.tableName, (table) => "
                               "{\n      table.dropColumn('concession_price_pence')\n    })\n  "
                               "}\n}\n"),
                         edit("app/models/ticket_type.ts",
                              "  @column()\n  declare pricePence: number\n",
                              "  @column()\n  declare pricePence: number\n\n  @column()\n  "
                              "declare concessionPricePence: number | null\n"),
                         edit("inertia/pages/concerts/book.vue",
                              "<span class=\"price\">{{ formatPence(type.pricePence) }}</span>",
                              "<span class=\"price\">{{ formatPence(type.pricePence) }}</span>\n"
                              "<span v-if=\"type.concessionPricePence !== null\" class=\"price "
                              "concession\">\n  Under 18 / student: {{ formatPence(type."
                              "concessionPricePence) }}\n</span>"),
                         bash("node ace migration:run",
                              "[ info ] Upgrading migrations version from \"1\" to \"2\"\n❯ "
                              "migrated database/migrations/1718611200000_add_concession_to_"
                              "ticket_types\n\nMigrated in 184 ms")],
              "done": "Ticket types have an optional concession_price_pence (an integer "
                      "column), the booking page shows it through formatPence(), and the "
                      "migration ran locally."}),
        Fact("conv-policies", "convention", ["Bouncer"],
             ["where should the check go that only box office staff can issue refunds?",
              "can I just compare user.role to 'admin' in the refunds controller?"],
             "Permission checks (who may refund, edit concerts, see the door list) go through "
             "Bouncer policies in app/policies/, called as bouncer.with(RefundPolicy)."
             "authorize(...) - never role comparisons in controllers or Vue pages: committee "
             "roles change every AGM.",
             {"task": "add a refund button to the order page - box office volunteers and the "
                      "treasurer can refund, nobody else",
              "rule": "permission checks only ever go through Bouncer policies in app/policies "
                      "- no `user.role === ...` in controllers or in the vue pages",
              "why": "roles shift at every AGM, and last year the door list was visible to all "
                     "the players for a month because one controller checked the role and "
                     "another forgot to",
              "line": "Authorization lives in Bouncer policies (app/policies/*); controllers "
                      "call bouncer.with(SomePolicy).authorize(...). No role comparisons in "
                      "controllers or Vue pages.",
              "status": "Last time: the concession prices went in (3f8aa90) and you started "
                        "looking at refunds but didn't commit anything. The order page still "
                        "has no refund action.",
              "bad_step": "In RefundsController.store, return 403 unless `auth.user.role` is "
                          "'box_office' or 'treasurer'",
              "good_step": "Add a RefundPolicy in app/policies and authorize through Bouncer "
                           "in RefundsController.store",
              "follow": [write("app/policies/refund_policy.ts",
                               "import User from '#models/user'\nimport Order from "
                               "'#models/order'\nimport { BasePolicy } from "
                               "'@adonisjs/bouncer'\nimport type { AuthorizerResponse } from "
                               "'@adonisjs/bouncer/types'\n\nexport default class RefundPolicy "
                               "extends BasePolicy {\n  create(user: User, _order: Order): "
                               "AuthorizerResponse {\n    return user.hasDuty('box_office') || "
                               "user.hasDuty('treasurer')\n  }\n}\n"),
                         edit("app/controllers/refunds_controller.ts",
                              "  async store({ params, response }: HttpContext) {\n    const "
                              "order = await Order.findOrFail(params.id)\n",
                              "  async store({ params, response, bouncer }: HttpContext) {\n"
                              "    const order = await Order.findOrFail(params.id)\n    await "
                              "bouncer.with(RefundPolicy).authorize('create', order)\n"),
                         bash("node ace test --files tests/functional/refunds.spec.ts",
                              japa_ok.format(group="refunds", path="tests/functional/refunds."
                                             "spec.ts",
                                             lines="  ✔ box office volunteer can refund "
                                                   "(61ms)\n  ✔ treasurer can refund (38ms)\n"
                                                   "  ✔ player gets 403 (22ms)\n  ✔ refund "
                                                   "releases the seat (47ms)",
                                             n=4, t="1s"))],
              "done": "The order page has a Refund button; RefundsController authorizes "
                      "through a new RefundPolicy (box office or treasurer duty), and the four "
                      "refund tests pass, including a player getting 403."}),
        Fact("cmd-testdb", "command", ["compose.test.yml"],
             ["every functional test dies with ECONNREFUSED on port 5433 - what am I missing?",
              "what needs to be running before the japa suite will pass on my machine?"],
             "The functional tests need their own Postgres: start it with `docker compose -f "
             "compose.test.yml up -d` (postgres:16 on port 5433, data on tmpfs) and then run "
             "`node ace test`; without it every test fails with ECONNREFUSED 127.0.0.1:5433.",
             {"goal": "run the functional tests for checkout, I changed the hold logic",
              "fail": bash("node ace test --files tests/functional/checkout.spec.ts",
                           "[ error ] Error: connect ECONNREFUSED 127.0.0.1:5433\n    at "
                           "TCPConnectWrap.afterConnect [as oncomplete] (node:net:1607:16)\n\n"
                           "checkout (tests/functional/checkout.spec.ts)\n  ✖ holds a seat "
                           "for the buyer (2ms)\n  ✖ releases an expired hold (1ms)\n  ... 12 "
                           "more\n\n FAILED \n\nTests  14 failed (14)", 1),
              "note": "Every test fails before it starts: nothing listens on 127.0.0.1:5433, "
                      "which is where .env.test points the test database. The dev database on "
                      "5432 is up, but that isn't the one the tests use.",
              "ok": bash("docker compose -f compose.test.yml up -d && node ace test --files "
                         "tests/functional/checkout.spec.ts",
                         "[+] Running 1/1\n ✔ Container tuttitix-testdb-1  Started\n\n"
                         "checkout (tests/functional/checkout.spec.ts)\n  ✔ holds a seat for "
                         "the buyer (72ms)\n  ✔ releases an expired hold (40ms)\n  ... 12 "
                         "more\n\n PASSED \n\nTests  14 passed (14)\nTime   3s"),
              "done": "All 14 checkout tests pass against the test database.",
              "dig": ("Find test database setup",
                      "find out how the functional tests get their Postgres - .env.test points "
                      "at port 5433 and nothing is listening there"),
              "report": "The test database is a separate container defined in compose.test.yml "
                        "at the repo root: postgres:16 on port 5433 with its data on a tmpfs, "
                        "so it's thrown away when it stops. CI (.github/workflows/ci.yml, step "
                        "'Start test db') runs `docker compose -f compose.test.yml up -d` "
                        "before `node ace test`. Nothing starts it locally; the dev compose.yml "
                        "only has the 5432 database.",
              "relay": "The test database is its own container in compose.test.yml (port 5433, "
                       "tmpfs) and CI starts it before the tests - doing the same.",
              "wrong_hint": "I think it's just node ace test with --files for that spec",
              "fix_hint": "the test db has its own compose file. `docker compose -f "
                          "compose.test.yml up -d` first, then the tests",
              "line": "Functional tests need the test Postgres first: `docker compose -f "
                      "compose.test.yml up -d` (port 5433, tmpfs), then `node ace test`."}),
        Fact("cmd-ship", "command", ["kamal deploy -d prod"],
             ["how do I get the latest main onto the live server?",
              "kamal complains that no servers are specified - how do we actually ship?"],
             "Ship to the live server with `kamal deploy -d prod`: the Kamal config is split by "
             "destination (config/deploy.yml is a base without servers, the servers are in "
             "config/deploy.prod.yml), so plain `kamal deploy` fails.",
             {"goal": "ship the refund button to production, the box office wants it before "
                      "Saturday's concert",
              "fail": bash("kamal deploy",
                           "  INFO [4b1c2e0a] Running /usr/bin/env mkdir -p .kamal on \n"
                           "  ERROR (Kamal::ConfigurationError): servers: must be a list or a "
                           "hash of roles - none found in config/deploy.yml", 1),
              "note": "Plain `kamal deploy` only reads config/deploy.yml, and that file has no "
                      "servers in it - they must be defined somewhere else.",
              "ok": bash("kamal deploy -d prod",
                         "  INFO [a1f3c09e] Running docker login ghcr.io ...\n  INFO Building "
                         "image ghcr.io/wendover-orchestra/tuttitix:9d02b11\n  ...\n  INFO "
                         "[6e20d7b1] Running docker container ls ... healthy\n  INFO First web "
                         "container is healthy, stopping old containers\nFinished all in 142.6 "
                         "seconds"),
              "done": "Deployed: the new image (9d02b11) is live and the healthcheck passed.",
              "dig": ("Find the deploy invocation",
                      "find out how this app is deployed to production with Kamal - the base "
                      "config/deploy.yml has no servers"),
              "report": "Kamal config is split by destination: config/deploy.yml is the shared "
                        "base (image, registry, env, accessories) and the servers are in "
                        "config/deploy.prod.yml and config/deploy.staging.yml, with secrets in "
                        ".kamal/secrets.prod and .kamal/secrets.staging. The deploy workflow "
                        "(.github/workflows/deploy.yml) and docs/deploy.md both use `kamal "
                        "deploy -d prod` for production.",
              "relay": "Production is a Kamal destination: `kamal deploy -d prod` merges "
                       "config/deploy.prod.yml, where the servers are, over the base file.",
              "wrong_hint": "just `kamal deploy` from the repo root, it knows the rest",
              "fix_hint": "it's `kamal deploy -d prod` - the servers are in the destination "
                          "file",
              "line": "Deploy to production with `kamal deploy -d prod` (servers live in "
                      "config/deploy.prod.yml; plain `kamal deploy` fails)."}),
        Fact("env-host", "environment", ["tix-fsn1"],
             ["where does the live site actually run, and is the database on the same "
              "machine?",
              "I need to poke at the production postgres directly - which box do I ssh to?"],
             "Production is a single Hetzner CX32 VPS in Falkenstein, host tix-fsn1 (ssh "
             "deploy@tix-fsn1); its Postgres 16 database runs on the same machine as the Kamal "
             "accessory `db` (container tuttitix-db), not a managed database.",
             {"goal": "the treasurer wants a CSV of Saturday's orders straight from the "
                      "production database",
              "probe": [bash("kamal accessory details db -d prod",
                             "CONTAINER ID   IMAGE         COMMAND                  STATUS      "
                             "  NAMES\n3c9e1a7f0b2d   postgres:16   \"docker-entrypoint.s…\"   "
                             "Up 6 weeks   tuttitix-db"),
                        bash("ssh deploy@tix-fsn1 \"docker exec tuttitix-db psql -U tuttitix "
                             "-c 'select count(*) from orders where concert_id = 41'\"",
                             " count \n-------\n   187\n(1 row)")],
              "confirm": "Production is the single Hetzner box tix-fsn1, and the database lives "
                         "on it too - Postgres 16 in the tuttitix-db accessory container, not a "
                         "managed service. Saturday's concert has 187 orders; I'll export them "
                         "with \\copy over ssh to deploy@tix-fsn1.",
              "dig": ("Map production hosting",
                      "find out where production runs and where its database lives"),
              "report": "config/deploy.prod.yml lists one server, tix-fsn1 (a Hetzner CX32 in "
                        "Falkenstein according to docs/hosting.md), ssh user deploy. The "
                        "database isn't managed: it's the Kamal accessory `db` (postgres:16) "
                        "declared in config/deploy.yml, on the same host, data in the "
                        "tuttitix-db volume. A nightly pg_dump runs from a cron accessory.",
              "relay": "Production is one Hetzner VPS, tix-fsn1, and Postgres runs on that "
                       "same machine as a Kamal accessory - so the export goes over ssh to it.",
              "status": "The refund button is merged (9d02b11) and deployed. The only open "
                        "thing is the treasurer's request for an order export.",
              "restate": "prod is just the one hetzner box, tix-fsn1, and the db is the kamal "
                         "accessory container on that same box. there's no RDS or anything",
              "stale_read": read("README.md",
                                 "# tuttitix\n\nConcert ticketing for the Wendover Community "
                                 "Orchestra.\n\n## Hosting\n\nProduction runs on Render (web "
                                 "service `tuttitix-web`) with a\nRender managed Postgres. "
                                 "Connection details are in the Render dashboard.\n"),
              "stale": "The README says production is on Render with a Render-managed Postgres, "
                       "so the export would go through the connection string in the Render "
                       "dashboard.",
              "fix": "we moved off render last autumn. it's one hetzner box now, tix-fsn1, and "
                     "postgres runs as a kamal accessory on that same machine",
              "line": "Production = one Hetzner VPS, tix-fsn1 (ssh deploy@tix-fsn1); Postgres "
                      "16 runs on it as the Kamal accessory `db` - no managed database."}),
        Fact("env-mail", "environment", ["tickets-outbound"],
             ["which mail stream should the concert reminder emails go out on?",
              "what service and sender do our order confirmation emails use?"],
             "Transactional mail (order confirmations, refunds, concert reminders) goes through "
             "Postmark on the message stream tickets-outbound, from "
             "boxoffice@wendoverorchestra.org.uk; Postmark's broadcast stream is only for the "
             "newsletter and must never carry receipts.",
             {"goal": "add a reminder email the day before each concert, with the e-tickets "
                      "attached",
              "probe": [read("config/mail.ts",
                             "import env from '#start/env'\nimport { defineConfig, transports "
                             "} from '@adonisjs/mail'\n\nexport default defineConfig({\n  "
                             "default: 'postmark',\n  from: { address: 'boxoffice@"
                             "wendoverorchestra.org.uk', name: 'Wendover Orchestra Box Office' "
                             "},\n  mailers: {\n    postmark: transports.postmark({\n      "
                             "key: env.get('POSTMARK_TOKEN'),\n      messageStream: "
                             "'tickets-outbound',\n    }),\n  },\n})\n"),
                        grep("sendLater|send\\(", ["app/mails/order_confirmation.ts",
                                                    "app/mails/refund_issued.ts"])],
              "confirm": "Mail goes through Postmark on the tickets-outbound stream - the "
                         "transactional one - from boxoffice@wendoverorchestra.org.uk. The "
                         "reminder will use the same stream and sender as the confirmations; "
                         "the broadcast stream is for the newsletter only.",
              "dig": ("Map the mail setup",
                      "find out how this app sends email - provider, stream, sender address"),
              "report": "Mail: @adonisjs/mail with the Postmark transport (config/mail.ts). "
                        "Message stream 'tickets-outbound' (transactional), sender "
                        "boxoffice@wendoverorchestra.org.uk. Mails in app/mails/: "
                        "order_confirmation.ts and refund_issued.ts, both queued with "
                        "sendLater. docs/mail.md says the Postmark 'broadcast' stream belongs "
                        "to the newsletter and must never carry receipts.",
              "relay": "Mail goes out through Postmark's tickets-outbound stream from the box "
                       "office address; the broadcast stream is reserved for the newsletter.",
              "status": "You were on the order export for the treasurer; it's done (a CSV "
                        "script in scripts/export_orders.ts, commit 51bd0c4). Nothing open.",
              "restate": "all our transactional mail goes through postmark on the "
                         "tickets-outbound stream, from the boxoffice@ address. never the "
                         "broadcast stream, that's the newsletter",
              "stale_read": read("docs/setup.md",
                                 "## Email\n\nWe send through Mailgun (EU region). Use the "
                                 "`transactional` tag\nfor receipts so they skip the "
                                 "newsletter suppression list.\n"),
              "stale": "docs/setup.md says mail goes through Mailgun with a `transactional` "
                       "tag, so I'd tag the reminder that way.",
              "fix": "mailgun was two years ago. it's postmark now - the tickets-outbound "
                     "stream, from the boxoffice@ address",
              "line": "Transactional mail (confirmations, refunds, reminders) = Postmark, "
                      "stream tickets-outbound, from boxoffice@wendoverorchestra.org.uk. "
                      "Never the broadcast stream."}),
        Fact("gotcha-holds", "gotcha", ["HOLD_MINUTES"],
             ["why do seat holds last over half an hour? can I cut them to ten minutes so "
              "seats free up faster?",
              "how do we make sure a seat can't be sold twice while someone is sitting on the "
              "stripe payment page?"],
             "Seat holds (HOLD_MINUTES=35) must outlast the Stripe Checkout session, which "
             "can't expire sooner than 30 minutes after creation; with 10-minute holds a seat "
             "was sold twice (the buyer paid after the hold lapsed). Never shorten holds below "
             "the checkout expiry.",
             {"symptom": "two people have tickets for the same seat (row F, seat 12) at "
                         "Saturday's concert. how??",
              "probe": [bash("node ace repl --eval \"(await import('#models/order')).default"
                             ".query().where('seat_id', 1712).preload('hold')\"",
                             "[\n  { id: 5521, status: 'paid', paidAt: '2024-06-08T10:02:11Z', "
                             "hold: { createdAt: '2024-06-08T09:39:40Z', expiredAt: "
                             "'2024-06-08T09:49:40Z' } },\n  { id: 5527, status: 'paid', "
                             "paidAt: '2024-06-08T09:51:03Z', hold: { createdAt: "
                             "'2024-06-08T09:50:02Z', expiredAt: null } }\n]"),
                        read("config/tickets.ts",
                             "export default {\n  HOLD_MINUTES: Number(process.env.HOLD_MINUTES "
                             "?? 10),\n  checkoutExpiresMinutes: 30,\n}\n")],
              "explain": "The first buyer's hold expired after 10 minutes (HOLD_MINUTES=10) and "
                         "the seat went to the second buyer - but the first buyer's Stripe "
                         "Checkout session was still open, because Stripe won't expire a "
                         "session sooner than 30 minutes after it's created, and they paid 22 "
                         "minutes in. The hold must outlive the Checkout session: HOLD_MINUTES "
                         "has to be above 30 (35 gives a margin for the webhook).",
              "fix": [edit("config/tickets.ts",
                           "  HOLD_MINUTES: Number(process.env.HOLD_MINUTES ?? 10),",
                           "  // must outlive the Checkout session (Stripe minimum: 30 min)\n"
                           "  HOLD_MINUTES: Number(process.env.HOLD_MINUTES ?? 35),"),
                      bash("node ace test --files tests/functional/checkout.spec.ts",
                           "checkout (tests/functional/checkout.spec.ts)\n  ✔ hold outlives "
                           "the checkout session (55ms)\n  ... 14 more\n\n PASSED \n\nTests  "
                           "15 passed (15)")],
              "done": "HOLD_MINUTES is 35 now, with a test that a hold outlives its Checkout "
                      "session. The double-sold seat needs a manual refund and a move for one "
                      "of the two buyers.",
              "dig": ("Debug double-sold seat",
                      "two paid orders exist for seat 1712 (row F, seat 12) on concert 41. "
                      "Find how a seat can be sold twice - look at the hold logic, the Stripe "
                      "Checkout code and the webhook"),
              "report": "Found it. Order 5521's hold was created 09:39:40 and expired 09:49:40 "
                        "(HOLD_MINUTES defaults to 10 in config/tickets.ts). Order 5527 held "
                        "and bought the seat at 09:50-09:51. But 5521's Checkout session was "
                        "created with expires_at = now + 30 min - Stripe's minimum, you can't "
                        "go lower - so the buyer could still pay at 10:02, after the hold was "
                        "gone. The webhook marks the order paid without re-checking the hold. "
                        "Fix: HOLD_MINUTES must be longer than the Checkout expiry (e.g. 35).",
              "relay": "The subagent found it: holds lapsed after 10 minutes (HOLD_MINUTES) "
                       "while Stripe keeps a Checkout session payable for at least 30, so a "
                       "buyer paid after their hold was gone. Raising HOLD_MINUTES above the "
                       "checkout expiry.",
              "guess": "Looks like a race between the two buyers' hold requests - two holds "
                       "created in the same instant without a row lock. I'd add SELECT ... FOR "
                       "UPDATE on the seat in the hold service.",
              "pushback": "the holds are 10 minutes apart though, look at the timestamps. and "
                          "the first one paid at 10:02, way after its hold ended",
              "line": "HOLD_MINUTES (seat hold length) must stay above the Stripe Checkout "
                      "expiry (min 30 min) - 35 now; shorter holds let a seat be sold twice."}),
        Fact("gotcha-truncate", "gotcha", ["withGlobalTransaction"],
             ["one spec seems to nuke the seeded data for all the others - how should a test "
              "file clean up after itself here?",
              "what's the right way to reset the database between japa tests in this repo?"],
             "Japa specs clean up with group.each.setup(() => testUtils.db()."
             "withGlobalTransaction()) - rolled back per test - never testUtils.db()."
             "truncate(): truncating wipes the seeded venues, so every later spec fails "
             "('venue not found'), but only when the whole suite runs.",
             {"symptom": "tests pass one file at a time, but the full suite fails with 'venue "
                         "not found' all over the place",
              "probe": [bash("node ace test",
                             "refunds (tests/functional/refunds.spec.ts)\n  ✔ ... 4 passed\n"
                             "seatmap (tests/functional/seatmap.spec.ts)\n  ✖ renders the "
                             "Memorial Hall map\n    E_ROW_NOT_FOUND: venue not found\n  ✖ "
                             "... 8 more\n\n FAILED \n\nTests  31 failed, 52 passed (83)", 1),
                        grep("testUtils.db\\(\\)", ["tests/functional/refunds.spec.ts",
                                                     "tests/functional/checkout.spec.ts",
                                                     "tests/functional/seatmap.spec.ts"])],
              "explain": "refunds.spec.ts resets with testUtils.db().truncate() in its "
                         "teardown, which empties every table - including the venues the seeder "
                         "put in - and every spec after it in the run finds no venue. The other "
                         "specs use group.each.setup(() => testUtils.db()."
                         "withGlobalTransaction()), which rolls each test back and leaves the "
                         "seed alone; refunds has to do the same.",
              "fix": [edit("tests/functional/refunds.spec.ts",
                           "  group.teardown(() => testUtils.db().truncate())",
                           "  group.each.setup(() => testUtils.db().withGlobalTransaction())"),
                      bash("node ace test", "...\n PASSED \n\nTests  83 passed (83)\nTime   "
                                            "11s")],
              "done": "The full suite passes again: 83 of 83.",
              "dig": ("Find order-dependent tests",
                      "the functional suite fails with 'venue not found' only when run "
                      "whole; each file passes alone. Find which spec breaks the others"),
              "report": "tests/functional/refunds.spec.ts has `group.teardown(() => "
                        "testUtils.db().truncate())`. Truncate empties all tables including "
                        "venues seeded by database/seeders/venue_seeder.ts, so every spec "
                        "running after refunds fails (the runner goes alphabetically: seatmap "
                        "and tickets come after it). Every other spec uses "
                        "`group.each.setup(() => testUtils.db().withGlobalTransaction())`, "
                        "which wraps each test in a transaction that's rolled back.",
              "relay": "The refunds spec truncates the tables in its teardown and wipes the "
                       "seeded venues for every spec after it; switching it to "
                       "withGlobalTransaction like the others.",
              "guess": "The seatmap specs look flaky - probably a timing issue with the "
                       "seeder running in parallel with the first tests. I'd make the seeder "
                       "run in a global setup hook and await it.",
              "pushback": "it's not flaky, it fails the same way every single time. and only "
                          "when refunds runs before it",
              "line": "Japa specs must clean up with testUtils.db().withGlobalTransaction() "
                      "per test - never truncate(), which wipes the seeded venues for later "
                      "specs."}),
        Fact("fals-pdf", "falsified", ["Puppeteer"],
             ["could we make the ticket PDFs from an HTML and CSS template with a headless "
              "browser?",
              "why are the ticket PDFs drawn by hand in code rather than from a nice "
              "template?"],
             "Ticket PDFs are drawn with pdfkit (plus the qrcode package), not rendered from "
             "HTML with Puppeteer / headless Chromium: Puppeteer grew the image from 180 MB to "
             "1.1 GB and Chromium exhausted the VPS memory during an on-sale, taking the site "
             "down.",
             {"pain": "the e-ticket PDF looks dated - the choir wants their logo and a nicer "
                      "layout, and editing pdfkit coordinates by hand is miserable",
              "idea": "render the e-tickets from an HTML/CSS template with Puppeteer, using "
                      "headless Chromium inside the app container",
              "idea_label": "Puppeteer rendering",
              "alternative": "keep pdfkit but move the layout into one declarative spec "
                             "(app/tickets/layout.ts) with the logo as an embedded SVG",
              "alt_label": "a declarative pdfkit layout",
              "why_user": "Puppeteer was tried last season: the image went from 180 MB to "
                          "1.1 GB and Chromium ate the VPS's memory during the Messiah on-sale - "
                          "the whole site fell over",
              "ask": "let's try rendering the ticket PDF from an HTML template with Puppeteer "
                     "and see how it looks",
              "change": [bash("npm install puppeteer",
                              "added 88 packages in 21s\n\nchromium downloaded to "
                              "/home/dev/.cache/puppeteer (171.4 MB)"),
                         write("app/tickets/render_html.ts",
                               "import puppeteer from 'puppeteer'\n\nexport async function "
                               "renderTicket(html: string) {\n  const browser = await "
                               "puppeteer.launch({ args: ['--no-sandbox'] })\n  const page = "
                               "await browser.newPage()\n  await page.setContent(html)\n  const "
                               "pdf = await page.pdf({ format: 'A6' })\n  await browser.close()"
                               "\n  return pdf\n}\n")],
              "broke": bash("docker build -t tuttitix:pdf-test . && docker image ls "
                            "tuttitix:pdf-test && npm run loadtest -- --scenario onsale",
                            "REPOSITORY   TAG        SIZE\ntuttitix     pdf-test   1.12GB\n\n"
                            "scenario onsale: 200 buyers over 60 s against a 4 GB container\n"
                            "  errors: 143 (Error: Failed to launch the browser process! "
                            "... Cannot allocate memory)\n  p95 latency: 31.8 s\nFAILED", 1),
              "revert": bash("git checkout -- package.json package-lock.json && rm "
                             "app/tickets/render_html.ts && npm install", "removed 88 packages "
                             "in 3s"),
              "conclusion": "Reverted. Puppeteer took the image to 1.12 GB, and under the "
                            "on-sale load test Chromium couldn't even launch (out of memory, "
                            "143 errors). The tickets stay on pdfkit; the nicer layout has to "
                            "be done there.",
              "dig": ("Prototype Puppeteer tickets",
                      "on a scratch branch, render the e-ticket PDF from an HTML template with "
                      "Puppeteer inside the app's Docker image, then measure the image size "
                      "and run `npm run loadtest -- --scenario onsale`"),
              "report": "Prototype on branch spike/puppeteer-tickets (not merged). The PDF "
                        "looks good, but: the image grows from 182 MB to 1.12 GB with "
                        "Chromium, and the on-sale load test (200 buyers/60 s, 4 GB container) "
                        "fails - 143 errors, Chromium can't launch (ENOMEM), p95 31.8 s. Each "
                        "render spawns a browser; pooling would help a little but the memory "
                        "floor stays ~300 MB per browser. I don't recommend it.",
              "relay": "The subagent's verdict on Puppeteer: nice output, but the image jumps "
                       "to 1.12 GB and Chromium runs out of memory under an on-sale load - not "
                       "viable on our VPS.",
              "line": "Don't render tickets with Puppeteer/headless Chromium: 1.1 GB image and "
                      "out-of-memory under on-sale load. PDFs stay on pdfkit."}),
        Fact("fals-links", "falsified", ["Payment Links"],
             ["could we drop the checkout-session code and just use stripe's shareable "
              "no-code pay URLs, one per ticket type?",
              "why do we create a checkout session for every single order - isn't there a "
              "simpler stripe product for selling tickets?"],
             "Stripe Payment Links were tried for the summer prom and dropped: a link isn't "
             "tied to a seat hold or an order, so seats were double-sold and the webhook "
             "couldn't be reconciled. Every order creates its own Checkout Session with hold_id "
             "and order_id in its metadata.",
             {"pain": "the checkout controller is 300 lines of Stripe plumbing and the new "
                      "volunteer can't follow it - can we simplify how people pay?",
              "idea": "replace the per-order Checkout Sessions with Stripe Payment Links, one "
                      "per ticket type",
              "idea_label": "Payment Links",
              "alternative": "keep a Checkout Session per order but move the Stripe calls "
                             "into a small CheckoutService with the hold and order ids in "
                             "metadata",
              "alt_label": "a CheckoutService refactor",
              "why_user": "Payment Links were tried for the summer prom. a link isn't tied to "
                          "a seat hold, so nothing stopped two people paying for one seat, and "
                          "the webhook had no order id to reconcile against",
              "ask": "try swapping checkout for a Stripe Payment Link per ticket type on "
                     "staging and run the checkout tests",
              "change": [edit("app/controllers/checkout_controller.ts",
                              "    const session = await stripe.checkout.sessions.create({",
                              "    return response.redirect(ticketType.paymentLinkUrl)\n    "
                              "const session = await stripe.checkout.sessions.create({")],
              "broke": bash("node ace test --files tests/functional/checkout.spec.ts",
                            "checkout (tests/functional/checkout.spec.ts)\n  ✖ webhook marks "
                            "the order paid\n    AssertionError: expected order 1 to be "
                            "'paid', got 'pending' (no order_id in event metadata)\n  ✖ "
                            "second buyer cannot pay for a held seat\n    AssertionError: "
                            "expected 409, got 302\n\n FAILED \n\nTests  2 failed, 12 passed "
                            "(14)", 1),
              "revert": bash("git checkout -- app/controllers/checkout_controller.ts", ""),
              "conclusion": "Reverted. With Payment Links the webhook gets no order id (the "
                            "order stays pending) and nothing ties the payment to the seat "
                            "hold, so a held seat can be paid for twice. Checkout Sessions "
                            "per order stay.",
              "dig": ("Prototype Payment Links",
                      "on a scratch branch, replace the per-order Checkout Session with a "
                      "Stripe Payment Link per ticket type, and run the checkout tests"),
              "report": "Tried on branch spike/payment-links. Two checkout tests fail: the "
                        "webhook can't find the order (a Payment Link carries only static "
                        "metadata, so there's no order_id), and a second buyer can pay for a "
                        "held seat (nothing connects the link to the hold). Payment Links "
                        "suit fixed products, not seats. Branch left unmerged.",
              "relay": "The subagent's prototype shows Payment Links can't work here: they "
                       "carry no order or hold id, so payments can't be reconciled and held "
                       "seats can be paid for twice.",
              "line": "Stripe Payment Links are ruled out - no per-order/hold metadata, so "
                      "seats get double-sold. One Checkout Session per order."}),
    ]
    chores = [
        _tweak("the footer still says © 2023", "inertia/layouts/default.vue",
               "© 2023 Wendover Community Orchestra", "© 2024 Wendover Community Orchestra",
               "Footer year updated."),
        _run("run the linter", "npm run lint",
             "> tuttitix@0.9.0 lint\n> eslint .\n\n/home/dev/src/tuttitix/app/services/"
             "seat_service.ts\n  14:7  warning  'unused' is assigned a value but never used  "
             "@typescript-eslint/no-unused-vars\n\n✖ 1 problem (0 errors, 1 warning)",
             "One warning: an unused variable in app/services/seat_service.ts line 14. No "
             "errors."),
        _talk("what does `declare` mean on the model columns?",
              "It tells TypeScript the property exists without emitting a class field for it. "
              "Lucid defines the column accessors itself; a real field initialiser would "
              "shadow them, so models use `declare`."),
        _tweak("the concert list says 'Programme' in one place and 'Program' in another - "
               "use Programme", "inertia/pages/concerts/index.vue",
               "<th>Program</th>", "<th>Programme</th>", "Made it 'Programme' everywhere."),
        _run("what branch am I on and is anything uncommitted?", "git status -sb",
             "## main...origin/main\n M inertia/pages/concerts/index.vue",
             "You're on main, level with origin; one modified file (the concerts index page)."),
        _talk("is there a quick way to see all routes?",
              "`node ace list:routes` prints every route with its method, pattern, handler and "
              "middleware."),
    ]
    noise = [
        _look("what does SeatService.available return?", "app/services/seat_service.ts",
              "export default class SeatService {\n  async available(concertId: number) {\n"
              "    return Seat.query()\n      .whereHas('venue', (q) => q.whereHas('concerts', "
              "(c) => c.where('id', concertId)))\n      .whereDoesntHave('holds', (h) => "
              "h.where('concert_id', concertId).whereNull('expired_at'))\n      .whereDoesntHave("
              "'tickets', (t) => t.where('concert_id', concertId))\n  }\n}\n",
              "The seats of the concert's venue that have neither a live hold nor a ticket for "
              "that concert."),
        _find("where do we build the QR code for a ticket?", "toDataURL|qrcode",
              ["app/tickets/pdf.ts", "app/controllers/door_controller.ts"],
              "Two places: app/tickets/pdf.ts draws it into the PDF, and the door controller "
              "renders it for the scanner's manual lookup page."),
        _tweak("typo on the booking page: 'Choose you seats'", "inertia/pages/concerts/book.vue",
               "Choose you seats", "Choose your seats"),
        _run("how many migrations are there?", "ls database/migrations | wc -l", "23",
             "23 migration files."),
        _talk("inertia vs a separate SPA with an API - why would someone pick inertia?",
              "Inertia keeps server-side routing, controllers and auth, and swaps only the view "
              "layer for Vue pages; you skip building and versioning a JSON API. A separate SPA "
              "pays off when several clients (mobile apps, third parties) need the same API."),
        _steps("add the conductor's name to the concert page",
               [edit("inertia/pages/concerts/show.vue",
                     "<h1>{{ concert.title }}</h1>",
                     "<h1>{{ concert.title }}</h1>\n<p class=\"conductor\">Conductor: {{ "
                     "concert.conductor }}</p>"),
                bash("npm run typecheck", "> tuttitix@0.9.0 typecheck\n> tsc --noEmit\n")],
               "The concert page shows the conductor under the title; typecheck is clean."),
        _steps("have a look at why the door scanner page is slow",
               [agent("Profile door scanner page",
                      "The /door/:concert page is slow to load. Find out why - read the "
                      "controller and the page, check query counts. Read only.",
                      "The door page preloads every ticket with its order and buyer (1,100 rows "
                      "for a full hall) and serialises all of them into the Inertia props. "
                      "Suggest paginating, or loading only the id and seat label up front and "
                      "fetching the rest on scan.", "a5c03e9b1f27d48e", "general-purpose", 7)],
               "The subagent found the door page sends every ticket with its order and buyer "
               "in the page props - about 1,100 rows. I'd load only the id and seat label "
               "first; want me to?"),
        _steps("plan the 'print at home' reminder banner on the order page",
               [exit_plan("## Plan\n\n1. Add a dismissible banner to inertia/pages/orders/"
                          "show.vue\n2. Show it only for orders with e-tickets\n3. Snapshot "
                          "test", "bright-heron-folding")],
               "Plan approved - I'll add the banner next."),
    ]
    _frame(facts, {"conv-pence": conv_plan_rejected, "conv-policies": conv_claude_md,
                   "cmd-testdb": cmd_subagent, "cmd-ship": cmd_corrected,
                   "env-host": env_corrected, "env-mail": env_in_passing,
                   "gotcha-holds": gotcha_corrected, "gotcha-truncate": gotcha_summary,
                   "fals-pdf": fals_subagent, "fals-links": fals_plan_rejected}, chores)
    return Project(
        "tuttitix", "git@github.com:wendover-orchestra/tuttitix.git",
        {"README.md": "# tuttitix\n\nConcert ticketing for the Wendover Community Orchestra.\n",
         "CLAUDE.md": "# tuttitix\n\nAdonisJS 6, Inertia + Vue 3, Lucid on Postgres.\n\n"
                      "## Conventions\n- TypeScript strict; run `npm run lint` before "
                      "committing\n\n## Commands\n- `npm run dev` starts the dev server on "
                      ":3333\n\n## Environment\n\n## Gotchas\n",
         "package.json": "{\n  \"name\": \"tuttitix\",\n  \"version\": \"0.9.0\",\n  "
                         "\"type\": \"module\"\n}\n"},
        facts, noise, "stripe")


def pulsewell() -> Project:
    """Rust firmware on embassy for the Severnside cardiac rehabilitation programme's BLE
    heart-rate chest straps (nRF52840): a MAX30003 ECG front end on SPI, QRS detection and RR
    intervals in a host-tested no_std DSP crate, the standard Heart Rate and Battery services
    through nrf-softdevice (S140), defmt logging over RTT, flashed with probe-rs; a gateway in
    the rehab gym reads the straps during exercise classes."""
    run_ok = ("    Finished `release` profile [optimized + debuginfo] target(s) in {t}\n     "
              "Running `probe-rs run --chip nRF52840_xxAA target/thumbv7em-none-eabihf/release/"
              "pulsewell`\n      Erasing ✔ [00:00:01]\n  Programming ✔ [00:00:02] 94.21 KiB @ "
              "41.7 KiB/s\n{log}")
    facts = [
        Fact("conv-noheap", "convention", ["heapless"],
             ["I need a growable list of ECG samples in the firmware - can I pull in alloc and "
              "use a Vec?",
              "how should buffers and queues be sized in the strap code?"],
             "The strap firmware has no heap: no alloc crate, no Box or Vec - use fixed-capacity "
             "heapless collections (heapless::Vec, Deque, HistoryBuffer) with their capacities "
             "as consts in firmware/src/config.rs, so memory use is known at link time.",
             {"task": "keep the last 8 seconds of raw ECG samples on the strap, so the debug "
                      "characteristic can dump a waveform when a trace looks odd",
              "rule": "no heap in the firmware, ever - no alloc crate, no Box, no Vec. "
                      "fixed-capacity heapless collections, with the capacity as a const in "
                      "firmware/src/config.rs",
              "why": "a strap has to get through a 45-minute class without an allocation "
                     "failure, and the only way we can show that is by having no allocator",
              "line": "Firmware is heap-free: no alloc/Box/Vec. Use heapless collections with "
                      "capacities as consts in firmware/src/config.rs.",
              "status": "Last session the QRS threshold work was merged (b71e0c2) and the "
                        "battery icon fix went in. Nothing uncommitted.",
              "bad_step": "Add `extern crate alloc` with embedded-alloc as the global "
                          "allocator and keep the samples in a `Vec<i32>` that grows to 8 s",
              "good_step": "Keep the samples in a heapless::HistoryBuffer whose capacity is a "
                           "const in firmware/src/config.rs",
              "follow": [edit("firmware/src/config.rs",
                              "pub const ECG_SAMPLE_HZ: u32 = 128;\n",
                              "pub const ECG_SAMPLE_HZ: u32 = 128;\n/// 8 s of raw ECG for the "
                              "debug dump characteristic.\npub const ECG_DEBUG_SAMPLES: usize "
                              "= 8 * ECG_SAMPLE_HZ as usize;\n"),
                         write("firmware/src/debug_dump.rs",
                               "use heapless::HistoryBuffer;\n\nuse crate::config::"
                               "ECG_DEBUG_SAMPLES;\n\npub struct EcgTrace {\n    samples: "
                               "HistoryBuffer<i32, ECG_DEBUG_SAMPLES>,\n}\n\nimpl EcgTrace {\n"
                               "    pub const fn new() -> Self {\n        Self { samples: "
                               "HistoryBuffer::new() }\n    }\n\n    pub fn push(&mut self, s: "
                               "i32) {\n        self.samples.write(s);\n    }\n\n    pub fn "
                               "oldest_first(&self) -> impl Iterator<Item = &i32> {\n        "
                               "self.samples.oldest_ordered()\n    }\n}\n"),
                         bash("cargo build --release && cargo size --release -- -A | grep -E "
                              "'\\.bss|\\.data'",
                              "    Finished `release` profile [optimized + debuginfo] "
                              "target(s) in 9.84s\n.data          1244   0x20004a18\n.bss      "
                              "    41736   0x20004ef4")],
              "done": "The trace lives in a heapless::HistoryBuffer sized by ECG_DEBUG_SAMPLES "
                      "(1,024 samples) in config.rs; .bss grew by 4 KiB and it still builds "
                      "with no allocator."}),
        Fact("conv-units", "convention", ["RrMillis"],
             ["what type should the RR interval be when I pass it into the new HRV function?",
              "is it fine for the ectopic-beat filter to just take a slice of u16 "
              "milliseconds?"],
             "Physiological values are newtypes from hr-dsp/src/units.rs - RR intervals are "
             "RrMillis, heart rate is Bpm - never bare u16/u8; the conversion to the BLE Heart "
             "Rate spec's 1/1024 s RR units happens only in firmware/src/ble/hrs.rs.",
             {"task": "add an RR-interval filter to hr-dsp that drops ectopic beats - anything "
                      "more than 20% off the running median",
              "rule": "physiological values never travel as bare integers - an RR interval is "
                      "RrMillis and a heart rate is Bpm, the newtypes in hr-dsp/src/units.rs. "
                      "the only place that turns RR into the spec's 1/1024 s units is "
                      "ble/hrs.rs",
              "why": "a 2023 build sent RR as 1/1024 s ticks into code that assumed "
                     "milliseconds, and the physios stared at nonsense HRV for a week",
              "line": "RR intervals are RrMillis and heart rates Bpm (hr-dsp/src/units.rs) - "
                      "never bare integers; 1/1024 s conversion only in ble/hrs.rs.",
              "status": "Last time the 8-second ECG trace went in (c4d0a19). The RMSSD work "
                        "hasn't started; nothing uncommitted.",
              "bad_step": "Write `fn reject_ectopic(rr: &[u16]) -> impl Iterator<Item = u16>` "
                          "taking plain millisecond values",
              "good_step": "Write `fn reject_ectopic(rr: &[RrMillis]) -> impl Iterator<Item = "
                           "RrMillis>` in hr-dsp/src/filter.rs, using the units newtypes",
              "follow": [read("hr-dsp/src/units.rs",
                              "/// An RR interval in milliseconds.\n#[derive(Clone, Copy, "
                              "Debug, PartialEq, Eq, PartialOrd, Ord)]\npub struct RrMillis("
                              "pub u16);\n\n/// Heart rate in beats per minute.\n#[derive(Clone,"
                              " Copy, Debug, PartialEq, Eq)]\npub struct Bpm(pub u8);\n\nimpl "
                              "RrMillis {\n    pub fn to_ble_units(self) -> u16 {\n        "
                              "((self.0 as u32 * 1024) / 1000) as u16\n    }\n}\n"),
                         write("hr-dsp/src/filter.rs",
                               "use crate::units::RrMillis;\n\n/// Drops beats more than 20% "
                               "off the running median of the last 5.\npub fn reject_ectopic<'a>"
                               "(rr: &'a [RrMillis]) -> impl Iterator<Item = RrMillis> + 'a {\n"
                               "    rr.iter().enumerate().filter_map(move |(i, &x)| {\n        "
                               "let m = running_median(&rr[i.saturating_sub(5)..i]);\n        "
                               "match m {\n            Some(m) if x.0.abs_diff(m.0) * 5 > m.0 "
                               "=> None,\n            _ => Some(x),\n        }\n    })\n}\n"),
                         bash("cargo clippy -p hr-dsp --target x86_64-unknown-linux-gnu -- -D "
                              "warnings",
                              "    Checking hr-dsp v0.4.0 (/home/dev/src/pulsewell/hr-dsp)\n"
                              "    Finished `dev` profile [unoptimized + debuginfo] target(s) "
                              "in 1.92s")],
              "done": "reject_ectopic takes and yields RrMillis, in hr-dsp/src/filter.rs; "
                      "clippy is clean. The BLE side is untouched - hrs.rs still does the "
                      "1/1024 s conversion."}),
        Fact("cmd-softdevice", "command", ["cargo xtask flash-sd"],
             ["a brand-new strap just locks up after I flash it with cargo run - what step am I "
              "missing?",
              "how do I bring up a blank nRF board for this project?"],
             "A new or fully erased strap needs the S140 SoftDevice flashed once with `cargo "
             "xtask flash-sd` (a probe-rs download of the vendor hex) before `cargo run "
             "--release`: the app is linked at 0x27000, so a blank board has nothing to boot "
             "from and locks up.",
             {"goal": "flash the firmware onto strap 14, it just came back blank from the "
                      "assembler",
              "fail": bash("cargo run --release",
                           run_ok.format(t="1.02s", log="WARN probe_rs::rtt: RTT control "
                                                        "block not found\nError: The core is "
                                                        "locked up (reset vector 0xFFFFFFFF: "
                                                        "nothing at 0x00000000)"), 1),
              "note": "The app is linked to start at 0x27000, above where the SoftDevice "
                      "lives, and this board's flash below that is empty - the chip has "
                      "nothing to boot from.",
              "ok": bash("cargo xtask flash-sd && cargo run --release",
                         "Flashing vendor/s140_nrf52_7.3.0_softdevice.hex to nRF52840_xxAA\n"
                         "      Erasing ✔ [00:00:03]\n  Programming ✔ [00:00:05] 152.89 KiB\n"
                         + run_ok.format(t="0.98s", log="0.000000 INFO  pulsewell 0.7.2 "
                                                        "booting\n0.041503 INFO  softdevice "
                                                        "enabled\n0.052978 INFO  advertising "
                                                        "as PW-3A1F")),
              "done": "Strap 14 boots: SoftDevice in, firmware running and advertising as "
                      "PW-3A1F.",
              "dig": ("Find SoftDevice flashing",
                      "find out how the SoftDevice gets onto a blank board - the app is linked "
                      "at 0x27000 and a fresh board locks up after cargo run"),
              "report": "memory.x starts the app at 0x27000 because the S140 7.3.0 SoftDevice "
                        "occupies everything below. `cargo run` (probe-rs run) only flashes the "
                        "app. The SoftDevice is flashed by `cargo xtask flash-sd` "
                        "(xtask/src/main.rs: a probe-rs download of vendor/s140_nrf52_7.3.0_"
                        "softdevice.hex, --chip nRF52840_xxAA). docs/bringup.md says to run it "
                        "once per new or fully erased board, before the first cargo run.",
              "relay": "A blank board needs the S140 SoftDevice first - `cargo xtask flash-sd` "
                       "puts it on once, and then cargo run works.",
              "wrong_hint": "it's just `cargo run --release` with the probe plugged in, same as "
                            "always",
              "fix_hint": "oh, new boards are blank. `cargo xtask flash-sd` first, it puts the "
                          "softdevice on, then cargo run",
              "line": "Blank or fully erased boards need the S140 SoftDevice once: `cargo xtask "
                      "flash-sd`, then `cargo run --release`."}),
        Fact("cmd-hosttests", "command", ["cargo test-host"],
             ["cargo test says it can't find crate for `test` - how are the DSP tests meant "
              "to be run?",
              "how do I run the signal-processing unit tests on my laptop?"],
             "The DSP unit tests run on the host with the cargo alias `cargo test-host` (test "
             "-p hr-dsp --target x86_64-unknown-linux-gnu, defined in .cargo/config.toml); plain "
             "cargo test builds for the thumbv7em target and fails with can't find crate for "
             "`test`.",
             {"goal": "run the unit tests for the QRS detector, I changed how the threshold "
                      "adapts",
              "fail": bash("cargo test -p hr-dsp",
                           "   Compiling hr-dsp v0.4.0 (/home/dev/src/pulsewell/hr-dsp)\n"
                           "error[E0463]: can't find crate for `test`\n  |\n  = note: the "
                           "`thumbv7em-none-eabihf` target may not support the standard "
                           "library\n\nerror: could not compile `hr-dsp` (lib test) due to 1 "
                           "previous error", 101),
              "note": ".cargo/config.toml sets the build target to thumbv7em-none-eabihf for "
                      "the whole workspace, so the test harness gets built for the "
                      "microcontroller, which has no std.",
              "ok": bash("cargo test-host",
                         "   Compiling hr-dsp v0.4.0 (/home/dev/src/pulsewell/hr-dsp)\n    "
                         "Finished `test` profile [unoptimized + debuginfo] target(s) in 3.11s"
                         "\n     Running unittests src/lib.rs (target/x86_64-unknown-linux-gnu/"
                         "debug/deps/hr_dsp-5f1c0a)\n\nrunning 23 tests\ntest qrs::tests::"
                         "adapts_after_noise_burst ... ok\n...\ntest result: ok. 23 passed; 0 "
                         "failed; 0 ignored"),
              "done": "All 23 hr-dsp tests pass on the host, including the adaptive-threshold "
                      "ones.",
              "dig": ("Find host test invocation",
                      "find out how the hr-dsp unit tests are meant to be run - cargo test "
                      "fails with can't find crate for `test`"),
              "report": ".cargo/config.toml sets `build.target = \"thumbv7em-none-eabihf\"` "
                        "for the workspace, so plain cargo test builds the harness for the "
                        "MCU. The same file defines `[alias] test-host = \"test -p hr-dsp "
                        "--target x86_64-unknown-linux-gnu\"`, and CI's host-tests job runs "
                        "`cargo test-host`. Only hr-dsp has unit tests; the firmware crate is "
                        "tested on hardware.",
              "relay": "There's a cargo alias for it: `cargo test-host` runs hr-dsp's tests "
                       "for the x86_64 host, which is what CI does.",
              "wrong_hint": "`cargo test -p hr-dsp` should do it",
              "fix_hint": "argh, the target. it's `cargo test-host`, the alias in "
                          ".cargo/config.toml",
              "line": "Run the DSP unit tests with `cargo test-host` (alias for hr-dsp on the "
                      "x86_64 host); plain cargo test builds for thumbv7em and fails."}),
        Fact("env-pins", "environment", ["P0.20"],
             ["which pin is the ECG chip's chip select wired to on the straps the clinic "
              "uses?",
              "is the pinout in docs/hardware.md right for the boards in the field?"],
             "Straps in the clinic are PCB rev D: the MAX30003 ECG front end is on SPIM3 with "
             "chip select on P0.20 and its interrupt (INTB) on P0.24; docs/hardware.md still "
             "shows the rev C bench-board pinout (SPIM2, CS P0.17) and is stale.",
             {"goal": "the ECG front end sometimes stops answering after a soft reset - add a "
                      "proper chip-select toggle and a FIFO reset at boot",
              "probe": [read("firmware/src/board.rs",
                             "//! PCB rev D - every strap in the clinic.\n\npub struct "
                             "EcgPins {\n    pub spim: SPI3,\n    pub cs: P0_20,\n    pub intb: "
                             "P0_24,\n    pub sck: P0_13,\n    pub mosi: P0_14,\n    pub miso: "
                             "P0_15,\n}\n"),
                        bash("cargo run --release -- --log-filter ecg=debug",
                             "0.031982 DEBUG ecg: cs=P0.20 spim=SPIM3\n0.032409 INFO  ecg: "
                             "MAX30003 INFO=0x5 (rev ok)\n0.032913 DEBUG ecg: FIFO reset")],
              "confirm": "The clinic straps are PCB rev D: the MAX30003 is on SPIM3 with chip "
                         "select on P0.20 and INTB on P0.24 (confirmed in board.rs and in the "
                         "boot log). I'll toggle P0.20 around the FIFO reset at boot.",
              "dig": ("Find ECG wiring",
                      "find out which SPI peripheral and pins the MAX30003 ECG front end uses "
                      "on the straps in the clinic"),
              "report": "firmware/src/board.rs is for PCB rev D ('every strap in the clinic', "
                        "per its header): MAX30003 on SPIM3, CS = P0_20, INTB = P0_24, "
                        "SCK/MOSI/MISO = P0_13/P0_14/P0_15. docs/hardware.md still shows the "
                        "older rev C pinout (SPIM2, CS P0.17) - stale. hw/rev-d/bom.csv agrees "
                        "with board.rs.",
              "relay": "The clinic straps are rev D: the ECG chip is on SPIM3 with chip select "
                       "on P0.20 - docs/hardware.md still describes rev C and is out of date.",
              "status": "The ectopic-beat filter is merged (e20f7d4). You'd mentioned the ECG "
                        "chip occasionally not answering after a reset, but nothing was "
                        "started on it.",
              "restate": "all the clinic straps are rev D boards: ECG chip on SPIM3, CS is "
                         "P0.20, INTB P0.24. rev C is bench only",
              "stale_read": read("docs/hardware.md",
                                 "# Hardware\n\n## Pinout (rev C)\n\nMAX30003: SPIM2, CS "
                                 "P0.17, INTB P0.16\nBattery divider: AIN2\nLED: P0.06\n"),
              "stale": "docs/hardware.md has the ECG chip on SPIM2 with chip select P0.17, so "
                       "that's the pin I'll toggle.",
              "fix": "that's the rev C pinout, only the bench boards have it. the straps in "
                     "the clinic are all rev D - SPIM3, CS on P0.20, INTB on P0.24",
              "line": "Clinic straps are PCB rev D: MAX30003 on SPIM3, CS P0.20, INTB P0.24 "
                      "(docs/hardware.md shows the old rev C pinout)."}),
        Fact("env-gateway", "environment", ["gymhub"],
             ["what's actually receiving the straps' data during the classes?",
              "if I add a new custom BLE characteristic, will the physios' dashboard pick it "
              "up?"],
             "During classes the straps are read by gymhub, a Raspberry Pi 4 in the rehab gym "
             "running the strap-reader service on BlueZ 5.66; it subscribes only to the "
             "standard Heart Rate (0x180D) and Battery (0x180F) services, so a custom "
             "characteristic stays invisible until strap-reader is updated.",
             {"goal": "expose the RMSSD value over BLE so the physios can see HRV during class",
              "probe": [bash("ssh pi@gymhub 'journalctl -u strap-reader -n 4 --no-pager'",
                             "Jun 11 10:02:15 gymhub strap-reader[812]: PW-3A1F connected\n"
                             "Jun 11 10:02:15 gymhub strap-reader[812]: subscribed 0x2A37 "
                             "(Heart Rate Measurement)\nJun 11 10:02:15 gymhub strap-reader"
                             "[812]: subscribed 0x2A19 (Battery Level)\nJun 11 10:02:16 gymhub "
                             "strap-reader[812]: forwarding to dashboard"),
                        bash("ssh pi@gymhub 'bluetoothctl --version'", "bluetoothctl: 5.66")],
              "confirm": "What reads the straps in class is gymhub, the Raspberry Pi 4 in the "
                         "rehab gym: its strap-reader service (BlueZ 5.66) subscribes only to "
                         "the standard Heart Rate Measurement and Battery Level "
                         "characteristics. A custom RMSSD characteristic would be invisible to "
                         "the physios until strap-reader on gymhub learns about it.",
              "dig": ("Find what reads the straps",
                      "find out what receives the straps' BLE data during classes and which "
                      "services and characteristics it uses"),
              "report": "docs/system.md is outdated (it describes the pilot's tablets). The "
                        "deploy notes in docs/gateway.md and the ssh config in tools/ssh_config "
                        "point to gymhub: a Raspberry Pi 4 in the rehab gym running "
                        "strap-reader (separate repo) on BlueZ 5.66. strap-reader subscribes "
                        "to 0x2A37 (Heart Rate Measurement) and 0x2A19 (Battery Level) only - "
                        "standard HRS 0x180D and BAS 0x180F. Nothing custom is read.",
              "relay": "During classes it's gymhub - the Pi 4 in the gym - that reads the "
                       "straps, and its strap-reader only subscribes to the standard heart "
                       "rate and battery services.",
              "status": "The rev D pin fix for the ECG reset is merged (0a93be1). HRV over BLE "
                        "was the next idea; nothing started.",
              "restate": "in class the straps are read by gymhub, the pi 4 in the gym. "
                         "strap-reader on it only knows the standard heart rate and battery "
                         "services",
              "stale_read": read("docs/system.md",
                                 "# System\n\n## In class\n\nThe physio's Android tablet "
                                 "(Polar-compatible app) connects to\nup to 8 straps directly "
                                 "and shows the heart rates.\n"),
              "stale": "docs/system.md says the physio's Android tablet connects to the straps "
                       "directly, so any app that can read custom characteristics would show "
                       "it.",
              "fix": "the tablets were the pilot. since march it's gymhub doing the reading - "
                     "the pi 4 in the gym, strap-reader on bluez",
              "line": "In class the straps are read by gymhub (Pi 4 in the rehab gym, "
                      "strap-reader on BlueZ 5.66): standard HR + battery services only."}),
        Fact("gotcha-lfclk", "gotcha", ["NRF_CLOCK_LF_SRC_RC"],
             ["the firmware runs fine on the dev kit but freezes at 'enabling softdevice' on the "
              "real straps - what's different?",
              "what low-frequency clock setting do the straps need in the softdevice config?"],
             "The rev D straps have no 32.768 kHz crystal, so the SoftDevice must use the "
             "internal RC oscillator (clock source NRF_CLOCK_LF_SRC_RC, rc_ctiv 16, rc_temp_ctiv "
             "2, 500 ppm); with the crystal setting the firmware works on the DK but freezes at "
             "'enabling softdevice' on the straps.",
             {"symptom": "the new build hangs right after boot on the straps - last log line is "
                         "'enabling softdevice' - but the same build is fine on the DK",
              "probe": [bash("git log -3 --oneline -- firmware/src/ble/mod.rs",
                             "5c21e8d ble: crystal clock for better timing on the DK\n"
                             "0a93be1 ecg: rev D pins\n77d30c1 ble: bump tx power"),
                        read("firmware/src/ble/mod.rs",
                             "    let config = nrf_softdevice::Config {\n        clock: "
                             "Some(raw::nrf_clock_lf_cfg_t {\n            source: "
                             "raw::NRF_CLOCK_LF_SRC_XTAL as u8,\n            rc_ctiv: 0,\n"
                             "            rc_temp_ctiv: 0,\n            accuracy: "
                             "raw::NRF_CLOCK_LF_ACCURACY_20_PPM as u8,\n        }),\n")],
              "explain": "The straps have no 32.768 kHz crystal fitted - the DK does - and "
                         "commit 5c21e8d switched the SoftDevice to the crystal. On a strap "
                         "sd_softdevice_enable waits forever for a clock that never starts. "
                         "The straps need the internal RC oscillator: NRF_CLOCK_LF_SRC_RC, "
                         "calibrated (rc_ctiv 16, rc_temp_ctiv 2) at 500 ppm.",
              "fix": [edit("firmware/src/ble/mod.rs",
                           "            source: raw::NRF_CLOCK_LF_SRC_XTAL as u8,\n            "
                           "rc_ctiv: 0,\n            rc_temp_ctiv: 0,\n            accuracy: "
                           "raw::NRF_CLOCK_LF_ACCURACY_20_PPM as u8,",
                           "            // the straps have no 32k crystal: RC oscillator, "
                           "calibrated\n            source: raw::NRF_CLOCK_LF_SRC_RC as u8,\n"
                           "            rc_ctiv: 16,\n            rc_temp_ctiv: 2,\n           "
                           " accuracy: raw::NRF_CLOCK_LF_ACCURACY_500_PPM as u8,"),
                      bash("cargo run --release",
                           run_ok.format(t="8.77s", log="0.000000 INFO  pulsewell 0.7.3 "
                                                        "booting\n0.040887 INFO  enabling "
                                                        "softdevice\n0.043115 INFO  softdevice "
                                                        "enabled\n0.051002 INFO  advertising "
                                                        "as PW-3A1F"))],
              "done": "Back on the RC oscillator; the strap boots and advertises again.",
              "dig": ("Debug boot hang on straps",
                      "the latest build hangs at 'enabling softdevice' on the straps but runs "
                      "on the nRF52840-DK. Find what differs - recent changes to the BLE "
                      "setup, the board hardware"),
              "report": "Commit 5c21e8d ('crystal clock for better timing on the DK') changed "
                        "the SoftDevice LF clock config in firmware/src/ble/mod.rs from the RC "
                        "oscillator to NRF_CLOCK_LF_SRC_XTAL. The DK has a 32.768 kHz crystal; "
                        "the rev D strap has none (hw/rev-d/bom.csv: Y2 'DNP'). With XTAL "
                        "selected, sd_softdevice_enable blocks waiting for the LFXO. Revert to "
                        "NRF_CLOCK_LF_SRC_RC with rc_ctiv 16, rc_temp_ctiv 2, 500 ppm.",
              "relay": "Found by the subagent: a recent commit set the SoftDevice to the "
                       "32 kHz crystal, which the DK has and the straps don't - so it waits "
                       "forever. Switching back to NRF_CLOCK_LF_SRC_RC.",
              "guess": "Probably a stack overflow when the SoftDevice starts - the executor's "
                       "task arena may be too small since the HRV task was added. I'd bump "
                       "the arena size.",
              "pushback": "the identical build runs fine on the DK though. an arena problem "
                          "would kill it there too",
              "line": "Straps have no 32 kHz crystal: SoftDevice LF clock must be "
                      "NRF_CLOCK_LF_SRC_RC (rc_ctiv 16, rc_temp_ctiv 2, 500 ppm). XTAL only "
                      "works on the DK."}),
        Fact("gotcha-vbat", "gotcha", ["BATT_SETTLE_MS"],
             ["why do the straps think their battery is flat halfway through a session when "
              "it isn't?",
              "when is it safe to take the battery voltage reading in the firmware?"],
             "Battery voltage must be sampled only after the radio goes quiet - BATT_SETTLE_MS "
             "(3 ms) after the heart-rate notification is sent; SAADC readings taken during a "
             "BLE transmit sag 80-120 mV and tripped the 'battery critical' shutdown "
             "mid-class.",
             {"symptom": "straps shut down with 'battery critical' halfway through class, but "
                         "the cells are fine - the bench meter says 3.9 V",
              "probe": [bash("cargo run --release -- --log-filter battery=trace",
                             "12.004 TRACE battery: vbat=3912 mV\n12.998 TRACE battery: "
                             "vbat=3897 mV\n13.992 TRACE battery: vbat=3781 mV (radio tx)\n"
                             "14.986 TRACE battery: vbat=3904 mV\n15.980 TRACE battery: "
                             "vbat=3468 mV (radio tx)\n15.980 WARN  battery: critical, "
                             "shutting down"),
                        read("firmware/src/battery.rs",
                             "#[embassy_executor::task]\npub async fn battery_task(mut adc: "
                             "Saadc<'static, 1>) {\n    loop {\n        Timer::after_secs(1)"
                             ".await;\n        let mv = read_mv(&mut adc).await;\n        if "
                             "mv < CRITICAL_MV { shutdown().await }\n    }\n}\n")],
              "explain": "The battery task samples the SAADC once a second at whatever moment "
                         "it wakes - sometimes in the middle of a radio transmit, when the "
                         "current spike pulls VBAT down by 80-120 mV through the cell's "
                         "internal resistance. One such reading under 3.5 V trips the cut-off. "
                         "The sample has to wait for the radio to go quiet: after the heart "
                         "rate notification is sent, sleep BATT_SETTLE_MS (3 ms), then read.",
              "fix": [edit("firmware/src/battery.rs",
                           "        Timer::after_secs(1).await;\n",
                           "        // sample only when the radio is quiet: TX sags VBAT\n"
                           "        NOTIFY_SENT.wait().await;\n        Timer::after_millis("
                           "BATT_SETTLE_MS).await;\n"),
                      edit("firmware/src/config.rs", "pub const CRITICAL_MV: u32 = 3500;\n",
                           "pub const CRITICAL_MV: u32 = 3500;\npub const BATT_SETTLE_MS: "
                           "u64 = 3;\n"),
                      bash("cargo run --release -- --log-filter battery=trace",
                           "12.007 TRACE battery: vbat=3911 mV\n13.001 TRACE battery: "
                           "vbat=3909 mV\n13.995 TRACE battery: vbat=3908 mV")],
              "done": "Readings are steady at about 3.91 V now; no more dips below the "
                      "cut-off.",
              "dig": ("Debug false battery-critical",
                      "straps shut down with 'battery critical' mid-class although the cells "
                      "measure 3.9 V. Look at how and when the battery is sampled"),
              "report": "battery_task (firmware/src/battery.rs) samples the SAADC every second "
                        "with no regard to the radio. In a trace, readings during TX events "
                        "drop 80-120 mV (3.78 V, 3.47 V) and the 3,468 mV one tripped "
                        "CRITICAL_MV. Recommend: wait for the NOTIFY_SENT signal from "
                        "ble/hrs.rs, sleep a few ms (e.g. BATT_SETTLE_MS = 3) and sample then.",
              "relay": "The subagent's trace shows the battery being sampled during radio "
                       "transmits, when VBAT sags ~100 mV; I'll sample only after the "
                       "notification is sent plus BATT_SETTLE_MS.",
              "guess": "The cut-off at 3.5 V is probably just too aggressive for these cells - "
                       "I'd drop CRITICAL_MV to 3.3 V.",
              "pushback": "no, the cells really are at 3.9. the trace shows it reading 3.47 "
                          "out of nowhere - something's wrong with when it measures",
              "line": "Sample the battery only when the radio is quiet: after the HR notify + "
                      "BATT_SETTLE_MS (3 ms). Mid-TX readings sag ~100 mV and trip the "
                      "cut-off."}),
        Fact("fals-trouble", "falsified", ["trouble-host"],
             ["could we move to a pure-Rust BLE stack and drop the nordic softdevice blob?",
              "why are we still on nrf-softdevice when there are native rust bluetooth hosts "
              "now?"],
             "Replacing nrf-softdevice with the pure-Rust trouble-host BLE stack was tried and "
             "dropped: in the soak test the class gateway's BlueZ lost the connection every few "
             "minutes (supervision timeout 0x08). The firmware stays on the certified S140 "
             "SoftDevice.",
             {"pain": "nrf-softdevice pins us to an old embassy and the blob is a pain to "
                      "flash - can we get rid of it?",
              "idea": "replace nrf-softdevice with the pure-Rust trouble-host BLE stack on "
                      "nrf-sdc",
              "idea_label": "trouble-host",
              "alternative": "stay on nrf-softdevice and move to its latest release, which "
                             "supports the newer embassy",
              "alt_label": "the nrf-softdevice upgrade",
              "why_user": "we tried trouble-host in the spring. the class gateway's bluez "
                          "dropped the connection every few minutes with a supervision "
                          "timeout, and nobody had time to chase it before the autumn classes. "
                          "the softdevice is certified and boring, keep it",
              "ask": "swap the BLE layer to trouble-host and run the 20-minute soak test",
              "change": [edit("firmware/Cargo.toml",
                              "nrf-softdevice = { version = \"0.1\", features = [\"s140\", "
                              "\"ble-peripheral\", \"ble-gatt-server\"] }",
                              "trouble-host = { version = \"0.1\", features = [\"peripheral\"] "
                              "}\nnrf-sdc = { version = \"0.1\", features = [\"peripheral\"] }"),
                         bash("cargo build --release",
                              "    Finished `release` profile [optimized + debuginfo] "
                              "target(s) in 41.20s")],
              "broke": bash("cargo xtask soak --minutes 20",
                            "soak: 20 min, 1 strap, notifications every 1 s\n04:12 connection "
                            "lost: supervision timeout (0x08)\n09:47 connection lost: "
                            "supervision timeout (0x08)\n16:03 connection lost: supervision "
                            "timeout (0x08)\nFAILED: 3 disconnects (limit 0), 61 notifications "
                            "missed", 1),
              "revert": bash("git checkout -- firmware/ Cargo.lock && cargo build --release",
                             "    Finished `release` profile [optimized + debuginfo] target(s) "
                             "in 38.54s"),
              "conclusion": "Reverted. On trouble-host the gateway lost the connection three "
                            "times in 20 minutes (supervision timeout 0x08) against none on "
                            "the SoftDevice - the firmware stays on nrf-softdevice.",
              "dig": ("Prototype trouble-host",
                      "on a scratch branch, replace nrf-softdevice with trouble-host on nrf-sdc "
                      "and run `cargo xtask soak --minutes 20` against the gateway"),
              "report": "Ported on branch spike/trouble-host (HRS and BAS only). It builds and "
                        "advertises, but the soak test fails: 3 disconnects in 20 min, all "
                        "supervision timeout (0x08), 61 notifications missed; the SoftDevice "
                        "build does 0. Looks like a connection-parameter update issue with "
                        "the gateway's BlueZ; I couldn't fix it in the time. Not recommended "
                        "yet.",
              "relay": "The subagent's trouble-host port loses the gateway connection three "
                       "times in a 20-minute soak (supervision timeouts) - not usable for "
                       "classes.",
              "line": "trouble-host (pure-Rust BLE) is ruled out for now: supervision-timeout "
                      "disconnects with the gateway in soak tests. Stay on nrf-softdevice."}),
        Fact("fals-bonding", "falsified", ["bonding"],
             ["could we make the straps pair securely so a random phone in the gym can't "
              "connect?",
              "why aren't the straps paired to the gateway like normal bluetooth gadgets?"],
             "BLE bonding on the straps was tried in the pilot and dropped: straps are shared "
             "between patients and swapped between the two gyms, and clearing bonds on every "
             "swap delayed classes. Straps stay unbonded (just-works) and the gateway "
             "allow-lists strap addresses; the heart-rate data carries no patient identity.",
             {"pain": "the data-protection officer asked whether a random phone could connect "
                      "to a strap in class and read someone's heart rate",
              "idea": "turn on BLE pairing with bonding so a strap only talks to its gateway",
              "idea_label": "bonding",
              "alternative": "leave the straps unbonded, have the gateway accept only "
                             "allow-listed strap addresses, and document that the data "
                             "carries no patient identity",
              "alt_label": "the gateway allow-list",
              "why_user": "bonding was tried in the pilot. the straps are shared between "
                          "patients and swapped between the two gyms, every swap meant "
                          "clearing bonds on both ends, and classes started ten minutes late",
              "ask": "turn on bonding (LESC, just-works) on the straps and try a strap swap "
                     "between the two gym gateways",
              "change": [edit("firmware/src/ble/mod.rs",
                              "    let sec = NoSecurity;",
                              "    let sec = Bonder::new(&flash, SecurityMode::JustWorks);")],
              "broke": bash("cargo xtask swap-test --from gym-a --to gym-b",
                            "strap PW-3A1F bonded to gym-a\nmoving to gym-b...\ngym-b: "
                            "connect PW-3A1F -> rejected (PIN or key missing, 0x06)\ngym-b: "
                            "retry 1..5 -> rejected\nFAILED: strap unusable at gym-b until "
                            "bonds are cleared on both ends", 1),
              "revert": bash("git checkout -- firmware/src/ble/mod.rs", ""),
              "conclusion": "Reverted. With bonding a strap moved to the other gym is "
                            "rejected until someone clears the bonds on both the strap and the "
                            "gateway - unworkable with shared straps. They stay unbonded; "
                            "the gateway allow-list does the filtering.",
              "dig": ("Prototype strap bonding",
                      "on a scratch branch, enable BLE bonding (just-works) on the straps and "
                      "run `cargo xtask swap-test --from gym-a --to gym-b`"),
              "report": "Tried on branch spike/bonding. Bonding itself works, but the swap "
                        "test fails: a strap bonded at gym-a is rejected at gym-b (0x06, key "
                        "missing) until the bond is cleared on both the strap and the old "
                        "gateway. With shared straps that's a manual step per swap. Also: "
                        "bonds take 2 flash pages. Not recommended.",
              "relay": "The subagent's test shows bonding breaks strap swaps: a strap bonded "
                       "in one gym is rejected in the other until bonds are cleared on both "
                       "sides.",
              "line": "BLE bonding is ruled out (shared straps are swapped between gyms; bonds "
                      "block every swap). Straps stay unbonded; the gateway allow-lists "
                      "addresses."}),
    ]
    chores = [
        _run("format everything", "cargo fmt --all && git status --short",
             " M firmware/src/ble/hrs.rs", "cargo fmt changed one file, ble/hrs.rs."),
        _talk("what's the difference between `Timer::after` and `Ticker` in embassy?",
              "`Timer::after` waits a duration from now, so a loop using it drifts by however "
              "long the loop body takes. `Ticker::every` fires on a fixed schedule, so the "
              "period stays exact regardless of the body's run time."),
        _tweak("the LED blink on connect is too long, make it 50 ms", "firmware/src/led.rs",
               "Timer::after_millis(200).await;", "Timer::after_millis(50).await;",
               "Connect blink is 50 ms now."),
        _run("how big is the release binary?", "cargo size --release -- -A | head -6",
             "pulsewell  :\nsection               size        addr\n.vector_table           "
             "256     0x27000\n.text                 82412     0x27100\n.rodata                "
             "11804     0x3b1ec",
             "About 94 KiB: 82 KiB of code and 12 KiB of read-only data."),
        _talk("what does `#[embassy_executor::task(pool_size = 2)]` do?",
              "It lets up to two instances of that task run at once; the executor reserves "
              "static storage for two futures. Without it, spawning a second instance fails "
              "with a busy error."),
        _run("which embassy crates are we on?", "cargo tree -d --depth 0 | grep embassy",
             "embassy-executor v0.5.0\nembassy-nrf v0.1.0\nembassy-time v0.3.0",
             "embassy-executor 0.5, embassy-nrf 0.1 and embassy-time 0.3."),
    ]
    noise = [
        _look("what does the QRS detector do, roughly?", "hr-dsp/src/qrs.rs",
              "//! Pan-Tompkins style QRS detection at 128 Hz.\npub struct Qrs { ... }\nimpl "
              "Qrs {\n    /// band-pass 5-15 Hz, differentiate, square, 150 ms moving window,\n"
              "    /// adaptive threshold with 200 ms refractory period\n    pub fn feed(&mut "
              "self, sample: i32) -> Option<u32> { ... }\n}\n",
              "A Pan-Tompkins detector: band-pass, differentiate, square, integrate over 150 "
              "ms, then an adaptive threshold with a 200 ms refractory period; feed() returns "
              "the sample index of each detected beat."),
        _find("where is the advertising name set?", "PW-", ["firmware/src/ble/adv.rs"],
              "In firmware/src/ble/adv.rs: 'PW-' plus the last four hex digits of the device "
              "address."),
        _tweak("typo in the README: 'hearth rate'", "README.md", "hearth rate", "heart rate"),
        _run("what's in the target dir, it's huge", "du -sh target/*",
             "1.9G\ttarget/thumbv7em-none-eabihf\n612M\ttarget/x86_64-unknown-linux-gnu\n"
             "48M\ttarget/release",
             "Mostly the thumbv7em build cache (1.9 GB) and the host build (612 MB); `cargo "
             "clean` would reclaim it, at the cost of a slow next build."),
        _talk("defmt vs log - why would an embedded project pick defmt?",
              "defmt keeps format strings out of the firmware: the device sends indices and "
              "raw arguments, and the host decodes them with the ELF's string table. Logging "
              "costs a fraction of the flash and CPU time of text formatting on the MCU."),
        _steps("add a firmware revision string characteristic",
               [edit("firmware/src/ble/dis.rs",
                     "    #[characteristic(uuid = \"2a29\", read)]\n    manufacturer: "
                     "Vec<u8, 16>,\n",
                     "    #[characteristic(uuid = \"2a29\", read)]\n    manufacturer: "
                     "Vec<u8, 16>,\n    #[characteristic(uuid = \"2a26\", read)]\n    "
                     "firmware_rev: Vec<u8, 16>,\n"),
                bash("cargo build --release", "    Finished `release` profile [optimized + "
                                               "debuginfo] target(s) in 12.40s")],
               "Device Information now has a Firmware Revision String (0x2A26); it builds."),
        _steps("can you check whether anything in the repo still uses the old LED pin?",
               [agent("Search for old LED pin",
                      "Find any remaining uses of the old LED pin P0_06 or 'LED_OLD' in the "
                      "workspace. Read only.",
                      "No code uses P0_06 any more; the only mention is docs/hardware.md's "
                      "pin table. led.rs uses the board's LED pin from board.rs.",
                      "a7e2c91d03f5b846", "Explore", 5)],
               "Nothing in the code uses the old LED pin; only the hardware doc mentions it."),
        _steps("plan how we'd log RR intervals to flash for offline review",
               [exit_plan("## Plan\n\n1. Ring buffer of RR intervals in the last two flash "
                          "pages\n2. A read-out command over the debug characteristic\n3. A "
                          "host script to decode the dump", "steady-comet-humming")],
               "Plan approved; I'll start with the flash ring buffer."),
    ]
    _frame(facts, {"conv-noheap": conv_in_passing, "conv-units": conv_plan_rejected,
                   "cmd-softdevice": cmd_remember, "cmd-hosttests": cmd_summary,
                   "env-pins": env_subagent, "env-gateway": env_resumed,
                   "gotcha-lfclk": gotcha_subagent, "gotcha-vbat": gotcha_claude_md,
                   "fals-trouble": fals_tried_noted, "fals-bonding": fals_resumed}, chores)
    return Project(
        "pulsewell", "git@github.com:severnside-rehab/pulsewell.git",
        {"README.md": "# pulsewell\n\nFirmware for the rehab programme's BLE heart-rate "
                      "straps.\n",
         "CLAUDE.md": "# pulsewell\n\nRust + embassy on the nRF52840. Workspace: firmware/, "
                      "hr-dsp/, xtask/.\n\n## Conventions\n- `cargo fmt` and clippy clean "
                      "before committing\n\n## Commands\n- `cargo build --release`\n\n"
                      "## Environment\n\n## Gotchas\n",
         "Cargo.toml": "[workspace]\nmembers = [\"firmware\", \"hr-dsp\", \"xtask\"]\n"
                       "resolver = \"2\"\n"},
        facts, noise, "github")


def kinetibook() -> Project:
    """A Pulumi (TypeScript) program for Harbourside Physio's online booking across its three
    Bristol clinics: Lambda handlers on Node 20 bundled with esbuild, an API Gateway HTTP API,
    DynamoDB for slots, holds and bookings, EventBridge Scheduler for the SMS reminders, Cognito
    for the physios' logins, the booking SPA on S3 and CloudFront, state in a self-managed S3
    backend, dev and prod stacks."""
    preview = ("Previewing update ({stack})\n\n     Type                 Name             Plan\n"
               "     pulumi:pulumi:Stack  kinetibook-{stack}\n{rows}\n\nResources:\n{summary}")
    facts = [
        Fact("conv-component", "convention", ["bookingFn"],
             ["what's the right way to declare a new lambda in the pulumi program?",
              "can I just new up an aws.lambda.Function in index.ts for the export job?"],
             "Every Lambda is declared through the bookingFn() component in "
             "infra/components/bookingFn.ts (arm64, 30-day log retention, DLQ alarm, X-Ray, "
             "least-privilege access to the table) - never a raw aws.lambda.Function in "
             "index.ts.",
             {"task": "add a lambda that emails each physio tomorrow's appointment list at 5pm",
              "rule": "every lambda goes through the bookingFn() component in "
                      "infra/components/bookingFn.ts - never a bare aws.lambda.Function in "
                      "index.ts",
              "why": "bookingFn sets what people forget: arm64, 30-day log retention, the DLQ "
                     "alarm, X-Ray, and table access scoped to what the function needs. the "
                     "one raw Function we had kept its logs forever and cost more than the "
                     "lambda did",
              "line": "Every Lambda goes through bookingFn() (infra/components/bookingFn.ts): "
                      "arm64, 30-day logs, DLQ alarm, scoped table access. No raw "
                      "aws.lambda.Function.",
              "status": "Last session you fixed the cancellation handler (6b01f3e) and it's on "
                        "dev. Nothing uncommitted.",
              "bad_step": "Declare `new aws.lambda.Function(\"daily-list\", ...)` in index.ts "
                          "with its own IAM role and log group",
              "good_step": "Declare the function with bookingFn(\"daily-list\", ...) from "
                           "infra/components/bookingFn.ts, read-only table access",
              "follow": [write("functions/daily-list/handler.ts",
                               "import { appointmentsFor } from '../../shared/appointments'\n"
                               "import { sendEmail } from '../../shared/email'\n\nexport const "
                               "handler = async () => {\n  const byPhysio = await "
                               "appointmentsFor(tomorrow())\n  for (const [physio, appts] of "
                               "byPhysio) await sendEmail(physio.email, dailyList(appts))\n}\n"),
                         edit("index.ts",
                              "export const apiUrl = api.apiEndpoint;\n",
                              "const dailyList = bookingFn(\"daily-list\", {\n  entry: "
                              "\"daily-list\",\n  tableAccess: \"read\",\n  schedule: { cron: "
                              "\"cron(0 17 * * ? *)\" },\n});\n\nexport const apiUrl = api."
                              "apiEndpoint;\n"),
                         bash("npm run typecheck && pulumi preview --stack dev",
                              preview.format(stack="dev",
                                             rows=" +   └─ booking:fn       daily-list       "
                                                  "create\n +      ├─ aws:lambda:Function "
                                                  "...",
                                             summary="    + 7 to create\n    41 unchanged"))],
              "done": "daily-list is declared with bookingFn (read-only table access, 5pm "
                      "schedule); typecheck passes and the dev preview adds 7 resources - the "
                      "function, its role, log group, DLQ, alarm and schedule."}),
        Fact("conv-names", "convention", ["autonaming"],
             ["should I give the new S3 bucket a fixed, readable name so it's easy to find in "
              "the console?",
              "how is anyone meant to find the real bucket and table names if the program "
              "never sets them?"],
             "Never hard-code physical AWS names (no name:/bucket: arguments): leave Pulumi's "
             "autonaming (random suffix) in place and export whatever people need to find as "
             "stack outputs (`pulumi stack output`); fixed names break replacements.",
             {"task": "add an S3 bucket for the signed consent-form PDFs",
              "rule": "no hard-coded physical names - no `name:` or `bucket:` arguments. leave "
                      "pulumi's autonaming alone and export what people need as a stack output",
              "why": "a fixed name means pulumi can't create the replacement before deleting "
                     "the old one - a prod bucket replacement stalled halfway because of "
                     "exactly that",
              "line": "Never set physical names (name:/bucket:) - keep Pulumi autonaming and "
                      "export what's needed as stack outputs.",
              "status": "The daily appointment list lambda went in last time (a81d2c7) and is "
                        "on dev. Nothing uncommitted.",
              "bad_step": "Create the bucket as `new aws.s3.BucketV2(\"consent-forms\", { "
                          "bucket: \"harbourside-consent-forms\" })` so it's easy to spot",
              "good_step": "Create the bucket without a bucket: name and export its generated "
                           "name as the consentFormsBucket stack output",
              "follow": [edit("index.ts",
                              "export const apiUrl = api.apiEndpoint;\n",
                              "const consentForms = new aws.s3.BucketV2(\"consent-forms\", {}, "
                              "{ provider });\nnew aws.s3.BucketPublicAccessBlock(\"consent-"
                              "forms\", {\n  bucket: consentForms.id,\n  blockPublicAcls: true,"
                              "\n  blockPublicPolicy: true,\n  ignorePublicAcls: true,\n  "
                              "restrictPublicBuckets: true,\n}, { provider });\n\nexport const "
                              "apiUrl = api.apiEndpoint;\nexport const consentFormsBucket = "
                              "consentForms.bucket;\n"),
                         bash("pulumi preview --stack dev",
                              preview.format(stack="dev",
                                             rows=" +   ├─ aws:s3:BucketV2  consent-forms  "
                                                  "create\n +   └─ aws:s3:BucketPublicAccess"
                                                  "Block consent-forms create",
                                             summary="    + 2 to create\n    48 unchanged"))],
              "done": "The consent-forms bucket gets a generated name (consent-forms-<suffix>), "
                      "is fully private, and its name is exported as consentFormsBucket - "
                      "`pulumi stack output consentFormsBucket` finds it."}),
        Fact("cmd-state", "command", ["s3://kinetibook-pulumi-state"],
             ["pulumi keeps asking me for a pulumi cloud access token - how do I connect to "
              "our state?",
              "where does this project keep its pulumi state?"],
             "The Pulumi state is self-managed in an S3 backend, not Pulumi Cloud: run `pulumi "
             "login s3://kinetibook-pulumi-state` once, then `pulumi preview/up --stack "
             "dev|prod`; without it the CLI asks for a Pulumi Cloud access token.",
             {"goal": "preview the consent-forms change against the dev stack on my new "
                      "laptop",
              "fail": bash("pulumi preview --stack dev",
                           "error: PULUMI_ACCESS_TOKEN must be set for login during "
                           "non-interactive CLI sessions", 255),
              "note": "The CLI is trying to log in to Pulumi Cloud - this machine isn't logged "
                      "in to any backend yet.",
              "ok": bash("pulumi login s3://kinetibook-pulumi-state && pulumi preview --stack "
                         "dev",
                         "Logged in to laptop as dev (s3://kinetibook-pulumi-state)\n"
                         + preview.format(stack="dev", rows="", summary="    50 unchanged")),
              "done": "Logged in to the S3 backend; the dev preview shows no pending changes.",
              "dig": ("Find the state backend",
                      "find out where this project's Pulumi state lives and how to log in to "
                      "it - the CLI asks for a Pulumi Cloud token"),
              "report": "No Pulumi Cloud anywhere: Pulumi.yaml has no backend url, and "
                        "docs/infra.md plus .github/workflows/infra.yml both use a self-managed "
                        "S3 backend - `pulumi login s3://kinetibook-pulumi-state` - then "
                        "--stack dev or --stack prod. Stack secrets use the awskms secrets "
                        "provider (secretsprovider in Pulumi.dev.yaml / Pulumi.prod.yaml).",
              "relay": "The state isn't in Pulumi Cloud - it's a self-managed S3 backend, so "
                       "it's `pulumi login s3://kinetibook-pulumi-state` first.",
              "wrong_hint": "just pulumi preview --stack dev, you should be logged in already",
              "fix_hint": "oh we don't use pulumi cloud at all. `pulumi login "
                          "s3://kinetibook-pulumi-state` first",
              "line": "State is self-managed in S3: `pulumi login s3://kinetibook-pulumi-state` "
                      "before any preview/up (no Pulumi Cloud)."}),
        Fact("cmd-bundle", "command", ["build:fns"],
             ["I ran pulumi up but my lambda code change never went out - what did I skip?",
              "what's the full sequence to get a handler change deployed to dev?"],
             "Lambda code is deployed from the esbuild bundles in dist/fns, so run `npm run "
             "build:fns` before `pulumi up --stack dev`; otherwise Pulumi sees no change and the "
             "old handler stays live.",
             {"goal": "deploy my fix to the cancel-booking handler to dev",
              "fail": bash("pulumi up --stack dev --yes && npm run smoke -- --stack dev cancel",
                           "Updating (dev)\n\n     Type                 Name            Status\n"
                           "     pulumi:pulumi:Stack  kinetibook-dev\n\nResources:\n    50 "
                           "unchanged\n\nDuration: 8s\n\nsmoke cancel: POST /bookings/b-7741/"
                           "cancel -> 500 (TypeError: Cannot read properties of undefined "
                           "(reading 'slotId'))\nFAILED", 1),
              "note": "Pulumi found nothing to update, so the old handler is still live - the "
                      "function code comes from the bundles in dist/fns, and Pulumi doesn't "
                      "rebuild them.",
              "ok": bash("npm run build:fns && pulumi up --stack dev --yes && npm run smoke -- "
                         "--stack dev cancel",
                         "> esbuild functions/*/handler.ts --bundle --platform=node "
                         "--target=node20 --outdir=dist/fns\n\n  dist/fns/cancel-booking/"
                         "handler.js  41.2kb\n  ...\n\nUpdating (dev)\n ~  aws:lambda:Function"
                         "  cancel-booking  updated\n\nResources:\n    ~ 1 updated\n    49 "
                         "unchanged\n\nsmoke cancel: POST /bookings/b-7741/cancel -> 200\nOK"),
              "done": "The fixed cancel handler is live on dev and the smoke test passes.",
              "dig": ("Find how handler code deploys",
                      "find out how Lambda handler code gets built and deployed - `pulumi up` "
                      "reports no changes after a handler edit"),
              "report": "The Lambda component in infra/components/ sets each function's code "
                        "to `new pulumi.asset.FileArchive(\"dist/fns/<name>\")` - it doesn't "
                        "build anything. package.json's `build:fns` script runs esbuild "
                        "(functions/*/handler.ts, bundle, node20, outdir dist/fns). The infra "
                        "workflow runs `npm run build:fns` and then `pulumi up`. dist/ is "
                        "gitignored, so a stale local bundle is deployed as-is.",
              "relay": "Pulumi only zips what's already in dist/fns; `npm run build:fns` "
                       "rebuilds the bundles first, which is what CI does.",
              "wrong_hint": "pulumi up on dev should pick it up",
              "fix_hint": "sorry, you have to bundle first: `npm run build:fns`, then pulumi up",
              "line": "Pulumi deploys whatever is in dist/fns: run `npm run build:fns` (esbuild "
                      "bundles) before `pulumi up`, or the old handler stays."}),
        Fact("env-accounts", "environment", ["kb-prod"],
             ["which aws profile do I need to look at things in the production account?",
              "are dev and prod in the same AWS account?"],
             "Dev and prod are separate AWS accounts reached through IAM Identity Center (SSO): "
             "dev is 381492006517 with the profile kb-dev, production is 904117263385 with the "
             "profile kb-prod (also the prod stack's aws:profile).",
             {"goal": "check whether the reminder schedule is actually enabled in production",
              "probe": [bash("grep -A3 '^\\[profile kb' ~/.aws/config",
                             "[profile kb-dev]\nsso_session = harbourside\nsso_account_id = "
                             "381492006517\nsso_role_name = Developer\n[profile kb-prod]\n"
                             "sso_session = harbourside\nsso_account_id = 904117263385\n"
                             "sso_role_name = ReadOnlyOps"),
                        bash("aws sso login --profile kb-prod && aws scheduler list-schedules "
                             "--profile kb-prod --query 'Schedules[].[Name,State]' --output "
                             "text",
                             "Successfully logged into Start URL: https://harbourside.awsapps"
                             ".com/start\nappointment-reminders-5c0e2a9\tENABLED\n"
                             "daily-list-8d41f07\tENABLED")],
              "confirm": "Production is its own AWS account, 904117263385, reached through IAM "
                         "Identity Center with the kb-prod profile (dev is 381492006517 with "
                         "kb-dev). With kb-prod, the reminder schedule shows as ENABLED.",
              "dig": ("Map the AWS accounts",
                      "find out which AWS accounts and profiles the dev and prod stacks use"),
              "report": "Two accounts in the practice's AWS Organization, both via IAM "
                        "Identity Center (sso_session harbourside): dev 381492006517 and prod "
                        "904117263385. Pulumi.dev.yaml sets aws:profile kb-dev, "
                        "Pulumi.prod.yaml sets aws:profile kb-prod. docs/infra.md's 'single "
                        "account' section predates the split and is wrong.",
              "relay": "Dev and prod are separate accounts, both through SSO: production is "
                       "904117263385 with the kb-prod profile, dev 381492006517 with kb-dev.",
              "status": "The consent-forms bucket is on dev and prod (c3e90b5). You'd asked "
                        "about the reminder schedule in prod but we didn't get to it.",
              "restate": "prod and dev are separate aws accounts now. for prod you go through "
                         "sso with the kb-prod profile, dev is kb-dev",
              "stale_read": read("docs/infra.md",
                                 "## Accounts\n\nEverything runs in the single account "
                                 "381492006517. Use the\n`default` profile with your IAM "
                                 "user's access keys.\n"),
              "stale": "docs/infra.md says everything runs in one account, 381492006517, with "
                       "IAM user keys on the default profile - I'll query with that.",
              "fix": "that's from before we split the accounts. prod is its own account now, "
                     "904117263385 - use the kb-prod sso profile, and kb-dev for dev",
              "line": "Two AWS accounts via IAM Identity Center: dev 381492006517 (profile "
                      "kb-dev), prod 904117263385 (profile kb-prod)."}),
        Fact("env-region", "environment", ["eu-west-2"],
             ["which AWS region does the booking system live in?",
              "can I create the new SES sending identity in us-east-1 like the tutorial "
              "does?"],
             "All of the booking system's resources live in eu-west-2 (London) because the "
             "practice keeps patient data in the UK; the only exception is the CloudFront ACM "
             "certificate, which must be in us-east-1 through the usEast1 provider in "
             "infra/provider.ts.",
             {"goal": "put CloudFront with the book.harbourside-physio.co.uk domain in front of "
                      "the booking SPA",
              "probe": [bash("pulumi config get aws:region --stack prod", "eu-west-2"),
                        read("infra/provider.ts",
                             "import * as aws from '@pulumi/aws'\n\nexport const provider = "
                             "new aws.Provider('main', {\n  region: 'eu-west-2',\n  "
                             "defaultTags: { tags: { Project: 'booking', CostCentre: "
                             "'clinics' } },\n})\n\n// CloudFront only accepts ACM certificates "
                             "from us-east-1\nexport const usEast1 = new aws.Provider("
                             "'us-east-1', { region: 'us-east-1' })\n")],
              "confirm": "Everything lives in eu-west-2 (London) - the practice keeps patient "
                         "data in the UK - and the one exception is the CloudFront certificate, "
                         "which has to be issued in us-east-1 through the usEast1 provider. "
                         "The SPA bucket stays in eu-west-2; only the ACM certificate goes to "
                         "us-east-1.",
              "dig": ("Map regions",
                      "find out which AWS region(s) this program deploys into and why"),
              "report": "infra/provider.ts: the main provider is region eu-west-2 and every "
                        "resource uses it; Pulumi.dev.yaml and Pulumi.prod.yaml both set "
                        "aws:region eu-west-2. A second provider, usEast1, exists only for "
                        "ACM certificates used by CloudFront. docs/data-protection.md: patient "
                        "data must stay in the UK. The README's 'eu-west-1 (Ireland)' line is "
                        "outdated.",
              "relay": "Everything is in eu-west-2 (London) for UK data residency, except "
                       "CloudFront's certificate, which goes through the usEast1 provider.",
              "status": "The reminder schedule in prod was checked and is enabled; nothing "
                        "was changed. Open: the custom domain for the booking SPA.",
              "restate": "everything's in eu-west-2, patient data stays in the UK. the one "
                         "exception is the cloudfront cert, that has to be us-east-1",
              "stale_read": read("README.md",
                                 "# kinetibook\n\nOnline booking for Harbourside Physio.\n\n"
                                 "Deployed to eu-west-1 (Ireland) with Pulumi.\n"),
              "stale": "The README says the stack is deployed to eu-west-1 (Ireland), so the "
                       "SPA bucket and the certificate would go there.",
              "fix": "we moved to eu-west-2 (london) when the data protection review said "
                     "patient data stays in the UK. only the cloudfront cert is in us-east-1",
              "line": "All resources in eu-west-2 (London, UK data residency); only the "
                      "CloudFront ACM cert lives in us-east-1 (usEast1 provider)."}),
        Fact("gotcha-ttl", "gotcha", ["holdUntil"],
             ["why would a slot show as taken when its temporary hold ran out hours ago?",
              "can I rely on the dynamodb TTL to clear expired slot holds on time?"],
             "DynamoDB TTL deletes expired slot holds lazily (often a day or two late), so the "
             "availability query must filter on holdUntil > now itself; TTL is only garbage "
             "collection. Otherwise expired holds block free slots.",
             {"symptom": "patients can't book slots that are clearly free - the API says the "
                         "slot is taken, and the hold on it expired hours ago",
              "probe": [bash("aws dynamodb query --table-name bookings-4f1a9c2 "
                             "--key-condition-expression 'pk = :p' --expression-attribute-"
                             "values '{\":p\":{\"S\":\"SLOT#clifton#2024-06-12T09:00\"}}' "
                             "--output json | jq '.Items[] | {sk, holdUntil}'",
                             "{\n  \"sk\": { \"S\": \"HOLD#p-2291\" },\n  \"holdUntil\": { "
                             "\"N\": \"1718091420\" }\n}"),
                        bash("date +%s", "1718112050")],
              "explain": "The hold item is still in the table almost six hours after its "
                         "holdUntil: DynamoDB's TTL deletes expired items in the background, "
                         "typically within a day or two, not at the second. The availability "
                         "query treats any hold item as taken. It has to filter holdUntil > now "
                         "itself and leave TTL to clean up eventually.",
              "fix": [edit("functions/availability/handler.ts",
                           "  const holds = items.filter((i) => i.sk.startsWith('HOLD#'))",
                           "  // TTL deletion lags (up to ~48 h): expired holds must not "
                           "count\n  const holds = items.filter((i) => i.sk.startsWith('HOLD#')"
                           " && i.holdUntil > nowSeconds())"),
                      bash("npx vitest run functions/availability",
                           " ✓ functions/availability/handler.test.ts (6 tests) 41ms\n\n Test "
                           "Files  1 passed (1)\n      Tests  6 passed (6)")],
              "done": "Expired holds no longer block slots; there's a test for a hold past its "
                      "holdUntil that TTL hasn't removed yet.",
              "dig": ("Debug phantom slot holds",
                      "free slots show as taken; the holds on them expired hours ago. Look at "
                      "the hold items in the table, the TTL setup and the availability query"),
              "report": "Hold items (sk HOLD#...) have a TTL attribute holdUntil (epoch "
                        "seconds); the table's TTL is on. The one for SLOT#clifton#2024-06-12"
                        "T09:00 expired ~6 h ago and is still there - DynamoDB deletes "
                        "expired items lazily, AWS says typically within a few days. "
                        "functions/availability/handler.ts counts every HOLD# item as taken "
                        "without checking holdUntil. Fix: filter holdUntil > now in the query.",
              "relay": "The subagent found expired holds still in the table - TTL deletes "
                       "lazily - and the availability query counts them; it has to check "
                       "holdUntil against the current time itself.",
              "guess": "Looks like caching: the availability route is probably being served "
                       "stale from an API cache. I'd lower the cache TTL.",
              "pushback": "there's no cache on that route. and the hold item is still sitting "
                          "in the table when I look in the console, hours after it expired",
              "line": "DynamoDB TTL deletes late (up to ~48 h): every query must filter "
                      "holdUntil > now itself; TTL is only clean-up."}),
        Fact("gotcha-bst", "gotcha", ["ScheduleExpressionTimezone"],
             ["the SMS reminders drift by an hour whenever the clocks change - what's wrong?",
              "how do I make a scheduled job fire at UK local time rather than UTC?"],
             "EventBridge Scheduler cron expressions run in UTC unless the schedule sets "
             "scheduleExpressionTimezone (ScheduleExpressionTimezone) to 'Europe/London'; "
             "without it the 6pm appointment reminders went out at 7pm during British Summer "
             "Time.",
             {"symptom": "since the clocks went forward, the reminder texts arrive at 7pm "
                         "instead of 6pm",
              "probe": [read("infra/reminders.ts",
                             "export const reminders = new aws.scheduler.Schedule("
                             "\"appointment-reminders\", {\n  scheduleExpression: \"cron(0 18 "
                             "* * ? *)\",\n  flexibleTimeWindow: { mode: \"OFF\" },\n  target: "
                             "{ arn: sendReminders.arn, roleArn: schedulerRole.arn },\n}, { "
                             "provider });\n"),
                        bash("aws logs tail /aws/lambda/send-reminders-2b7d0e1 --since 1d "
                             "--format short | head -2",
                             "2024-06-11T18:00:02 START RequestId: 8c1f...\n2024-06-11T18:00:03"
                             " sent 41 reminders")],
              "explain": "The schedule's cron(0 18 * * ? *) has no timezone, so EventBridge "
                         "Scheduler runs it at 18:00 UTC - 6pm in winter, 7pm during British "
                         "Summer Time. The schedule needs scheduleExpressionTimezone: "
                         "'Europe/London' (ScheduleExpressionTimezone in the API) to follow "
                         "local time.",
              "fix": [edit("infra/reminders.ts",
                           "  scheduleExpression: \"cron(0 18 * * ? *)\",\n",
                           "  scheduleExpression: \"cron(0 18 * * ? *)\",\n  // without this "
                           "the cron runs in UTC and drifts an hour in BST\n  "
                           "scheduleExpressionTimezone: \"Europe/London\",\n"),
                      bash("pulumi preview --stack dev",
                           preview.format(stack="dev",
                                          rows=" ~   aws:scheduler:Schedule  "
                                               "appointment-reminders  update  "
                                               "[diff: +scheduleExpressionTimezone]",
                                          summary="    ~ 1 to update\n    49 unchanged"))],
              "done": "The reminder schedule now runs at 18:00 Europe/London all year; the "
                      "preview shows the one-line update.",
              "dig": ("Debug reminder timing",
                      "SMS reminders arrive at 7pm instead of 6pm since the clocks went "
                      "forward. Look at the schedule definition and the send-reminders logs"),
              "report": "infra/reminders.ts defines the aws.scheduler.Schedule with cron(0 18 "
                        "* * ? *) and no scheduleExpressionTimezone, so it fires at 18:00 UTC "
                        "(the logs start at 18:00:02 UTC, i.e. 19:00 BST). Setting "
                        "ScheduleExpressionTimezone to Europe/London makes it follow UK local "
                        "time including DST.",
              "relay": "The subagent found the schedule has no timezone, so its 18:00 is UTC "
                       "- 7pm in summer. Adding scheduleExpressionTimezone: Europe/London.",
              "guess": "Probably the handler computes the send time with the Lambda's clock, "
                       "which is UTC - so its 'send at 6pm' check is an hour off.",
              "pushback": "the handler doesn't compute any send time, it just sends whatever "
                          "is due when it's invoked. and the invocation logs start at 18:00 "
                          "UTC on the dot",
              "line": "EventBridge Scheduler crons are UTC unless ScheduleExpressionTimezone "
                      "is set - all schedules use 'Europe/London'."}),
        Fact("fals-inline", "falsified", ["CallbackFunction"],
             ["could we write the lambda handlers inline in the pulumi program so infra and "
              "code live together?",
              "why aren't the handlers defined right next to the infrastructure using "
              "pulumi's function serialisation?"],
             "Inline handlers via Pulumi's aws.lambda.CallbackFunction (closure serialisation) "
             "were tried and dropped: 40 MB zips, cold starts over 3 s, and the argon2 native "
             "module failed to load. Handlers stay in functions/*/handler.ts as separate esbuild "
             "bundles.",
             {"pain": "jumping between functions/ and the pulumi program is clunky - the infra "
                      "and the handler code keep drifting apart",
              "idea": "write the handlers inline in the Pulumi program as "
                      "aws.lambda.CallbackFunction closures",
              "idea_label": "CallbackFunction",
              "alternative": "keep the handlers in functions/*/handler.ts, bundled by esbuild, "
                             "and share their types and env names with the program through "
                             "a small shared/ module",
              "alt_label": "a shared types module",
              "why_user": "CallbackFunction was tried early on - the closure serialisation "
                          "dragged in half the program and the aws-sdk, zips were 40 MB, cold "
                          "starts went past 3 s, and it choked on the argon2 native module. "
                          "handlers stay as separate esbuild bundles",
              "ask": "convert cancel-booking into an inline CallbackFunction in the program "
                     "and see how it deploys",
              "change": [edit("index.ts",
                              "const cancel = fn(\"cancel-booking\", { entry: "
                              "\"cancel-booking\", tableAccess: \"write\" });",
                              "const cancel = new aws.lambda.CallbackFunction(\"cancel-"
                              "booking\", {\n  runtime: \"nodejs20.x\",\n  callback: async "
                              "(event: any) => cancelBooking(event),\n}, { provider });"),
                         bash("pulumi up --stack dev --yes",
                              "Updating (dev)\n +-  aws:lambda:Function  cancel-booking  "
                              "replaced\n\nResources:\n    +-1 replaced\n    49 unchanged")],
              "broke": bash("npm run smoke -- --stack dev cancel && aws lambda get-function "
                            "--function-name cancel-booking-91c2e44 --query "
                            "Configuration.CodeSize",
                            "smoke cancel: cold start 3.4 s\nsmoke cancel: POST /bookings/"
                            "b-7741/cancel -> 502 (Error: Cannot find module "
                            "'@node-rs/argon2-linux-arm64-gnu')\nFAILED\n41877312", 1),
              "revert": bash("git checkout -- index.ts && pulumi up --stack dev --yes",
                             "Updating (dev)\n +-  aws:lambda:Function  cancel-booking  "
                             "replaced\n\nResources:\n    +-1 replaced\n    49 unchanged"),
              "conclusion": "Reverted. The serialised closure came out at 40 MB, cold-started "
                            "in 3.4 s and couldn't load the argon2 native module at all. The "
                            "handlers stay as separate esbuild bundles in functions/.",
              "dig": ("Prototype inline handler",
                      "on a scratch branch, turn cancel-booking into an inline "
                      "aws.lambda.CallbackFunction in the Pulumi program, deploy it to dev and "
                      "run the cancel smoke test"),
              "report": "Tried on branch spike/inline-fn. The CallbackFunction deploys, but "
                        "the serialised closure captured most of index.ts and the aws-sdk: "
                        "CodeSize 41.9 MB, cold start 3.4 s, and the smoke test fails with "
                        "'Cannot find module @node-rs/argon2-linux-arm64-gnu' - the native "
                        "module isn't packaged. Reverted the dev stack. Not recommended.",
              "relay": "The subagent's inline CallbackFunction came out at 42 MB with 3.4 s "
                       "cold starts and a missing native module - not workable.",
              "line": "Inline Lambda handlers (aws.lambda.CallbackFunction) are ruled out: "
                      "40 MB zips, 3 s+ cold starts, native modules break. Keep esbuild "
                      "bundles."}),
        Fact("fals-sql", "falsified", ["Aurora"],
             ["could we move the bookings into a proper SQL database so reporting is "
              "easier?",
              "why isn't there a relational database behind the booking system?"],
             "Moving bookings from DynamoDB to Aurora Serverless v2 (Postgres) was costed and "
             "rejected: about £45/month minimum capacity per environment plus a NAT gateway and "
             "VPC lambdas with worse cold starts. Ad-hoc reports run on the nightly S3 export "
             "with Athena instead.",
             {"pain": "the practice manager wants ad-hoc reports - no-shows by physio, by "
                      "weekday - and doing that over DynamoDB is painful",
              "idea": "move the booking data from DynamoDB to Aurora Serverless v2 (Postgres) "
                      "so reports can use SQL",
              "idea_label": "Aurora Serverless",
              "alternative": "keep DynamoDB and run the reports with Athena over the nightly "
                             "export to S3",
              "alt_label": "Athena over the nightly export",
              "why_user": "Aurora Serverless was costed last year. the minimum capacity alone "
                          "was about £45 a month per environment, the lambdas would have to "
                          "move into the VPC with a NAT gateway on top, and cold starts got "
                          "worse. that's more than the practice's whole bill",
              "ask": "spin up Aurora Serverless v2 on the dev stack with a copy of the "
                     "bookings and see what it costs",
              "change": [write("infra/sql.ts",
                               "export const cluster = new aws.rds.Cluster(\"bookings-sql\", {\n"
                               "  engine: \"aurora-postgresql\",\n  engineMode: \"provisioned\","
                               "\n  serverlessv2ScalingConfiguration: { minCapacity: 0.5, "
                               "maxCapacity: 2 },\n  ...\n}, { provider });\n"),
                         bash("pulumi up --stack dev --yes",
                              "Updating (dev)\n +  aws:rds:Cluster          bookings-sql  "
                              "created (412s)\n +  aws:ec2:NatGateway        lambda-egress  "
                              "created\n\nResources:\n    + 9 created\n    50 unchanged")],
              "broke": bash("npm run cost -- --stack dev",
                            "estimated monthly (dev): £12.40 -> £71.85\n  + Aurora Serverless "
                            "v2, min 0.5 ACU: £44.10\n  + NAT gateway: £15.35\nbudget check "
                            "(limit £25/month per stack): FAILED", 1),
              "revert": bash("git rm -q infra/sql.ts && pulumi up --stack dev --yes",
                             "Updating (dev)\n -  aws:rds:Cluster  bookings-sql  deleted\n\n"
                             "Resources:\n    - 9 deleted\n    50 unchanged"),
              "conclusion": "Torn down. Aurora's minimum capacity plus the NAT gateway would "
                            "take dev from £12 to £72 a month, and the lambdas would need the "
                            "VPC. The reports go through Athena over the nightly S3 export "
                            "instead.",
              "dig": ("Cost out Aurora",
                      "on a scratch stack, add an Aurora Serverless v2 Postgres cluster with "
                      "the lambdas in the VPC, load a copy of the bookings and run `npm run "
                      "cost`"),
              "report": "Stood it up on stack spike-sql (torn down since). Cost estimate: "
                        "£12.40 -> £71.85/month - Aurora Serverless v2 at the 0.5 ACU minimum "
                        "is £44.10 even idle, the NAT gateway the VPC lambdas need is £15.35. "
                        "Cold starts in the VPC went from ~300 ms to ~1.1 s. Fails the £25 "
                        "budget check by a mile.",
              "relay": "The subagent's costing rules Aurora out: about £72 a month for dev "
                       "alone, with slower cold starts in the VPC.",
              "line": "Aurora Serverless (or any RDS) is ruled out on cost: ~£45/month floor "
                      "+ NAT + VPC cold starts. Reports use Athena over the nightly export."}),
    ]
    chores = [
        _run("typecheck the program", "npm run typecheck",
             "> kinetibook@1.4.0 typecheck\n> tsc --noEmit\n",
             "Typecheck is clean."),
        _talk("what's the difference between pulumi.output and pulumi.all?",
              "`pulumi.output(x)` wraps one value (plain or promise) as an Output; "
              "`pulumi.all([a, b])` combines several Outputs into one whose value is the array "
              "of their values, so you can `.apply` over them together."),
        _tweak("the SMS text says 'appointmnet'", "functions/send-reminders/message.ts",
               "Reminder: your physio appointmnet", "Reminder: your physio appointment",
               "Typo fixed in the reminder text."),
        _run("what's on the dev stack's outputs?", "pulumi stack output --stack dev",
             "Current stack outputs (3):\n    OUTPUT             VALUE\n    apiUrl             "
             "https://q7x2kd9e1a.execute-api.amazonaws.com\n    consentFormsBucket consent-"
             "forms-71be0d3\n    spaUrl             https://d2k41xq8f0u3nb.cloudfront.net",
             "Three outputs: the API URL, the consent-forms bucket and the SPA's CloudFront "
             "URL."),
        _talk("is `ignoreChanges` a bad smell in pulumi?",
              "Often, yes - it hides drift. It's fine for fields something else legitimately "
              "owns (an autoscaler's desired count, a tag a tool writes), and worth a comment "
              "saying who owns the field."),
        _run("run the handler unit tests", "npx vitest run",
             " ✓ functions/availability/handler.test.ts (5 tests)\n ✓ functions/cancel-booking/"
             "handler.test.ts (7 tests)\n ✓ functions/send-reminders/handler.test.ts (4 tests)"
             "\n\n Test Files  3 passed (3)\n      Tests  16 passed (16)",
             "All 16 handler tests pass across three files."),
    ]
    noise = [
        _look("what does the availability handler return?", "functions/availability/handler.ts",
              "export const handler = async (event: APIGatewayProxyEventV2) => {\n  const { "
              "clinic, date } = parse(event.queryStringParameters)\n  const slots = await "
              "slotsFor(clinic, date)\n  return json(200, slots.map((s) => ({ start: s.start, "
              "physio: s.physio, free: s.free })))\n}\n",
              "A JSON list of the day's slots for one clinic - start time, physio and whether "
              "it's free - from the clinic and date query parameters."),
        _find("where is the Cognito user pool defined?", "aws.cognito.UserPool",
              ["infra/auth.ts"], "In infra/auth.ts - one user pool for the physios and "
                                 "reception staff."),
        _tweak("the README's setup list is missing npm ci", "README.md",
               "1. Install Pulumi\n", "1. Install Pulumi\n2. npm ci\n"),
        _run("how many resources are in the dev stack?",
             "pulumi stack --stack dev | tail -2",
             "Current stack resources (50):\n    ...", "50 resources."),
        _talk("HTTP API vs REST API in API Gateway - which should a small project use?",
              "HTTP APIs are cheaper and faster and cover JWT auth, CORS and Lambda proxying; "
              "REST APIs add usage plans, API keys, request validation and caching. A small "
              "project without those needs is better off on an HTTP API."),
        _steps("add a CORS origin for the staging SPA domain",
               [edit("infra/api.ts",
                     "    allowOrigins: [spaUrl],\n",
                     "    allowOrigins: [spaUrl, \"https://staging.book.harbourside-physio.co."
                     "uk\"],\n"),
                bash("npm run typecheck", "> tsc --noEmit\n")],
               "The staging SPA origin is allowed on the HTTP API; typecheck passes."),
        _steps("find out why the SPA build is so big",
               [agent("Analyse SPA bundle",
                      "The booking SPA's production bundle is 1.9 MB. Find out what's in it "
                      "and what could be trimmed. Read only.",
                      "Most of it is moment.js with all locales (~520 KB) and an unused "
                      "chart library imported by the admin page. Swap moment for date-fns "
                      "and lazy-load the admin route: roughly 1.9 MB -> 0.8 MB.",
                      "a3d91e0c4b7f2a58", "general-purpose", 9)],
               "The subagent says moment.js with every locale and a chart library only the "
               "admin page uses make up most of it; swapping and lazy-loading would cut it to "
               "about 0.8 MB."),
        _steps("plan a waiting-list feature for cancelled slots",
               [exit_plan("## Plan\n\n1. A WAIT# item per patient and clinic-day\n2. On "
                          "cancellation, text the first patient waiting\n3. Hold the slot for "
                          "them for 30 minutes", "gentle-willow-waiting")],
               "Plan approved - starting with the waiting-list items."),
    ]
    _frame(facts, {"conv-component": conv_resumed, "conv-names": conv_in_passing,
                   "cmd-state": cmd_corrected, "cmd-bundle": cmd_subagent,
                   "env-accounts": env_resumed, "env-region": env_corrected,
                   "gotcha-ttl": gotcha_summary, "gotcha-bst": gotcha_corrected,
                   "fals-inline": fals_plan_rejected, "fals-sql": fals_subagent}, chores)
    return Project(
        "kinetibook", "git@github.com:harbourside-physio/kinetibook.git",
        {"README.md": "# kinetibook\n\nInfrastructure for Harbourside Physio's online "
                      "booking.\n",
         "CLAUDE.md": "# kinetibook\n\nPulumi (TypeScript) on AWS. Handlers in functions/, "
                      "infrastructure in index.ts and infra/.\n\n## Conventions\n- Strict "
                      "TypeScript; `npm run typecheck` before committing\n\n## Commands\n- "
                      "`npx vitest run` for the handler tests\n\n## Environment\n\n"
                      "## Gotchas\n",
         "Pulumi.yaml": "name: kinetibook\nruntime: nodejs\ndescription: Harbourside Physio "
                        "booking\n"},
        facts, noise, "aws")


def loomknot() -> Project:
    """A LÖVE (Lua) puzzle game by Mossbyte, a two-person studio: untangle knotted threads
    between pegs before the loom runs out of time. A hand-written verlet thread simulation,
    levels designed in Tiled, the push library for scaling, busted specs, packaged with
    makelove - love.js for the browser build, a Linux AppImage for the Steam Deck - and
    uploaded to Steam with steamcmd."""
    busted_ok = "●●●●●●●●●●●●●●●●●●●●●●●●●●●●\n{n} successes / 0 failures / 0 errors / 0 pending : " \
                "{t} seconds"
    facts = [
        Fact("conv-virtualres", "convention", ["640x360"],
             ["the new menu sits in the wrong place on the Deck's screen - what size should I "
              "lay UI out against?",
              "can I position the hint popup with love.graphics.getWidth() so it centres on "
              "any screen?"],
             "All gameplay and UI coordinates use the 640x360 virtual resolution that the push "
             "library scales up by whole-number factors (Steam Deck, browser); never call "
             "love.graphics.getWidth/getHeight outside src/screen.lua.",
             {"task": "add a pause menu - resume, restart level, back to the map",
              "rule": "everything is laid out in the 640x360 virtual resolution that push "
                      "scales up - never love.graphics.getWidth()/getHeight() outside "
                      "src/screen.lua",
              "why": "the deck is 1280x800, the browser is whatever it is, and the pixel art "
                     "only stays crisp if it's all drawn at 640x360 and scaled by whole "
                     "numbers",
              "line": "Lay everything out in the 640x360 virtual resolution (push scales it); "
                      "never love.graphics.getWidth/getHeight outside src/screen.lua.",
              "status": "Last session the level-select map got its path animation (4e9b1c0). "
                        "Nothing uncommitted.",
              "bad_step": "Draw the pause panel centred with love.graphics.getWidth() / 2 and "
                          "love.graphics.getHeight() / 2",
              "good_step": "Draw the pause panel centred on screen.VW / 2, screen.VH / 2 - the "
                           "virtual canvas that push scales",
              "follow": [write("src/scenes/pause.lua",
                               "local screen = require(\"src.screen\")\nlocal ui = require("
                               "\"src.ui\")\n\nlocal Pause = {}\nPause.__index = Pause\n\n"
                               "local ITEMS = { \"Resume\", \"Restart level\", \"Back to map\" "
                               "}\n\nfunction Pause.new(level)\n  return setmetatable({ level = "
                               "level, cursor = 1 }, Pause)\nend\n\nfunction Pause:draw()\n  "
                               "local cx, cy = screen.VW / 2, screen.VH / 2\n  ui.panel(cx - 90,"
                               " cy - 50, 180, 100)\n  for i, label in ipairs(ITEMS) do\n    "
                               "ui.item(label, cx - 70, cy - 36 + (i - 1) * 26, i == "
                               "self.cursor)\n  end\nend\n\nreturn Pause\n"),
                         edit("src/scenes/level.lua",
                              "function Level:keypressed(key)\n",
                              "function Level:keypressed(key)\n  if key == \"escape\" then "
                              "return scenes.push(Pause.new(self)) end\n"),
                         bash("busted --run=quick", busted_ok.format(n=31, t="0.24"))],
              "done": "The pause menu (src/scenes/pause.lua) is centred on the virtual canvas "
                      "and opens on Escape or the Deck's menu button; the quick specs pass."}),
        Fact("conv-tiled", "convention", [".tmx"],
             ["I want to nudge a peg in level 12 - is it fine to just change the numbers in "
              "levels/level12.lua?",
              "what's the workflow for changing a level's layout?"],
             "Levels are edited only in Tiled (maps/*.tmx) and exported to levels/*.lua with "
             "`make levels`; never hand-edit levels/*.lua - every export overwrites it.",
             {"task": "level 7 is too easy - move the second anchor peg two tiles left and add "
                      "a snag on the middle thread",
              "rule": "levels only ever get edited in Tiled - the .tmx files in maps/ - and "
                      "exported to levels/*.lua with `make levels`. never touch levels/*.lua "
                      "by hand",
              "why": "Ines re-exports every map before each build, and hand edits in the lua "
                     "files have been silently overwritten twice",
              "line": "Edit levels only in Tiled (maps/*.tmx), then `make levels` to export "
                      "levels/*.lua - never hand-edit levels/*.lua.",
              "status": "The pause menu is merged (7a0c3f4). You'd said level 7 needed to be "
                        "harder; nothing started on it.",
              "bad_step": "Edit levels/level07.lua directly: change anchor2's x from 352 to "
                          "320 and append a snag object",
              "good_step": "Edit maps/level07.tmx (anchor2 x 352 -> 320, new snag object) and "
                           "re-export with `make levels`",
              "follow": [edit("maps/level07.tmx",
                              "  <object id=\"12\" name=\"anchor2\" type=\"anchor\" x=\"352\" "
                              "y=\"160\"/>",
                              "  <object id=\"12\" name=\"anchor2\" type=\"anchor\" x=\"320\" "
                              "y=\"160\"/>\n  <object id=\"19\" name=\"snag1\" type=\"snag\" "
                              "x=\"288\" y=\"192\"/>"),
                         bash("make levels",
                              "tiled --export-map lua maps/level07.tmx levels/level07.lua\n"
                              "levels: 1 map exported, 23 unchanged"),
                         bash("git diff --stat", " levels/level07.lua | 14 ++++++++++----\n "
                                                 "maps/level07.tmx   |  3 ++-\n 2 files "
                                                 "changed, 12 insertions(+), 5 deletions(-)")],
              "done": "Anchor 2 moved two tiles left and a snag added on the middle thread, in "
                      "maps/level07.tmx; levels/level07.lua is re-exported from it."}),
        Fact("cmd-web", "command", ["serve-web.sh"],
             ["the browser build is just a black screen with a SharedArrayBuffer error - how "
              "should I be serving it locally?",
              "how do I try the web version of the game on my machine?"],
             "Try the web (love.js) build locally with `tools/serve-web.sh`: it runs makelove "
             "lovejs and serves build/lovejs with the COOP/COEP cross-origin isolation headers "
             "love.js needs; a plain python http.server gives a black screen "
             "(SharedArrayBuffer is not defined).",
             {"goal": "try the browser build locally - I want to see the pause menu on web",
              "fail": bash("makelove lovejs && (cd build/lovejs && python3 -m http.server 8000 "
                           "&) && sleep 1 && npx playwright-cli console http://localhost:8000",
                           "Building target lovejs... done (build/lovejs/loomknot-lovejs.zip)\n"
                           "Serving HTTP on 0.0.0.0 port 8000 (http://0.0.0.0:8000/) ...\n"
                           "[console.error] Uncaught ReferenceError: SharedArrayBuffer is not "
                           "defined\n    at love.js:1:18422\npage stayed black after 10 s", 1),
              "note": "The page stays black: love.js's threaded build needs SharedArrayBuffer, "
                      "and browsers only allow it on cross-origin isolated pages (COOP/COEP "
                      "headers), which python's http.server doesn't send.",
              "ok": bash("tools/serve-web.sh",
                         "makelove lovejs... done\nserving build/lovejs on http://localhost:8000"
                         "\n  Cross-Origin-Opener-Policy: same-origin\n  Cross-Origin-Embedder-"
                         "Policy: require-corp\n[console.log] game started, canvas 1280x720"),
              "done": "The web build runs at http://localhost:8000 and the pause menu works "
                      "there too.",
              "dig": ("Find web build serving",
                      "find out how the love.js web build is meant to be served locally - "
                      "with python's http.server it's a black screen and SharedArrayBuffer is "
                      "not defined"),
              "report": "tools/serve-web.sh builds with `makelove lovejs` and serves "
                        "build/lovejs with a tiny node server that sends "
                        "Cross-Origin-Opener-Policy: same-origin and "
                        "Cross-Origin-Embedder-Policy: require-corp - needed because the "
                        "threaded love.js build uses SharedArrayBuffer. docs/web.md and the "
                        "itch upload workflow both reference it.",
              "relay": "The repo has tools/serve-web.sh for exactly this: it builds and serves "
                       "with the cross-origin isolation headers love.js needs.",
              "wrong_hint": "just build with makelove and serve the folder with python's "
                            "http.server",
              "fix_hint": "right, the headers. use `tools/serve-web.sh`, it builds and serves "
                          "with COOP/COEP",
              "line": "Test the web build with `tools/serve-web.sh` (makelove lovejs + "
                      "COOP/COEP headers); python's http.server gives a black screen."}),
        Fact("cmd-specs", "command", ["love_stub.lua"],
             ["busted fails with attempt to index global 'love' - how are the specs "
              "supposed to be run?",
              "what's the command for the lua unit tests?"],
             "Run the busted specs with `busted --helper=spec/love_stub.lua`: the helper stubs "
             "the `love` global (love.math, love.timer); plain busted fails with \"attempt to "
             "index global 'love' (a nil value)\".",
             {"goal": "run the specs for the thread simulation, I changed the constraint "
                      "solver",
              "fail": bash("busted spec/thread_spec.lua",
                           "✱\n0 successes / 0 failures / 1 error / 0 pending : 0.01 seconds\n"
                           "\nError → spec/thread_spec.lua @ 3\nsuite spec/thread_spec.lua\n"
                           "src/thread/sim.lua:4: attempt to index global 'love' (a nil value)",
                           1),
              "note": "The simulation module reaches for `love.math` as soon as it's loaded, "
                      "and under plain busted there's no `love` global.",
              "ok": bash("busted --helper=spec/love_stub.lua", busted_ok.format(n=28, t="0.21")),
              "done": "All 28 specs pass, including the thread solver ones.",
              "dig": ("Find spec invocation",
                      "find out how the busted specs are meant to be run - plain busted dies "
                      "with attempt to index global 'love'"),
              "report": "The specs need a stub of the LÖVE API: spec/love_stub.lua defines a "
                        "minimal `love` global (love.math.random with a fixed seed, "
                        "love.timer.getTime). CI (.github/workflows/test.yml) runs `busted "
                        "--helper=spec/love_stub.lua`; there's no .busted file, so plain "
                        "busted doesn't load it.",
              "relay": "The specs need the LÖVE stub loaded as a helper: `busted "
                       "--helper=spec/love_stub.lua`, same as CI.",
              "wrong_hint": "plain busted on the spec file, nothing special",
              "fix_hint": "oh, the stub. `busted --helper=spec/love_stub.lua`",
              "line": "Run specs with `busted --helper=spec/love_stub.lua` (stubs the love "
                      "global); plain busted errors on 'love' being nil."}),
        Fact("env-depots", "environment", ["2841371"],
             ["which steam depot does the Deck download the game from?",
              "when I upload a build, which branch does it land on and who makes it public?"],
             "Steam app 2841370: depot 2841371 is the Linux build the Steam Deck installs, "
             "2841372 is Windows; uploads set live only on the 'playtest' branch, and Ines "
             "promotes builds to the default branch by hand.",
             {"goal": "upload tonight's build for the playtesters",
              "probe": [read("steam/app_build.vdf",
                             "\"AppBuild\"\n{\n  \"AppID\" \"2841370\"\n  \"Desc\" \"nightly\"\n"
                             "  \"SetLive\" \"playtest\"\n  \"Depots\"\n  {\n    \"2841371\" "
                             "\"depot_linux.vdf\"    // Steam Deck + Linux\n    \"2841372\" "
                             "\"depot_windows.vdf\"\n  }\n}\n"),
                        bash("steamcmd +login mossbyte_build +run_app_build "
                             "$PWD/steam/app_build.vdf +quit",
                             "Building depot 2841371...\nUploading content... 38.2 MB\n"
                             "Building depot 2841372...\nSuccessfully finished AppID 2841370 "
                             "build (BuildID 15501234).\nSet live on branch 'playtest'.")],
              "confirm": "The Steam app is 2841370: the Deck installs the Linux depot, 2841371, "
                         "and 2841372 is Windows. Uploads go live only on the playtest branch - "
                         "Ines promotes to default by hand. Tonight's build (15501234) is live "
                         "on playtest.",
              "dig": ("Map the Steam setup",
                      "find out how builds are uploaded to Steam: app, depots, which one the "
                      "Steam Deck uses, which branch uploads go live on"),
              "report": "steam/app_build.vdf: AppID 2841370, SetLive \"playtest\". Depots: "
                        "2841371 (depot_linux.vdf, the Linux AppImage - what the Steam Deck "
                        "installs, no Proton) and 2841372 (Windows). docs/release.md is older "
                        "and still says the Deck runs the Windows depot. Per CONTRIBUTING, "
                        "only Ines promotes a build to the default branch.",
              "relay": "The Deck installs the Linux depot, 2841371 (Windows is 2841372), and "
                       "uploads only go live on the playtest branch.",
              "status": "Level 7 got its harder layout (b2d7e05). You'd wanted a playtest "
                        "build out this week.",
              "restate": "the deck installs the linux depot, 2841371 (windows is 2841372), and "
                         "uploads only ever go live on playtest. Ines promotes to default",
              "stale_read": read("docs/release.md",
                                 "## Steam\n\nApp 2841370. The Deck runs depot 2841372 (Windows) "
                                 "through Proton.\nUpload with steamcmd and SetLive "
                                 "\"default\".\n"),
              "stale": "docs/release.md says the Deck runs the Windows depot (2841372) through "
                       "Proton and uploads set live on default - I'll upload that way.",
              "fix": "that was before we had a linux build. the deck gets the native linux "
                     "depot, 2841371, and we only set live on playtest - Ines promotes to "
                     "default herself",
              "line": "Steam app 2841370: depot 2841371 = Linux/Steam Deck, 2841372 = "
                      "Windows; uploads set live on 'playtest' only (Ines promotes)."}),
        Fact("env-engine", "environment", ["11.5"],
             ["can I use the new APIs from the LÖVE 12 betas in the game?",
              "what engine version does the game build against?"],
             "The game targets LÖVE 11.5 exactly: conf.lua's t.version, the love.js web build "
             "and the Steam Deck AppImage all use 11.5, so APIs from the 12.0 betas can't be "
             "used.",
             {"goal": "the threads look jaggy - I want smoother lines, maybe with the newer "
                      "line options",
              "probe": [bash("grep -n 't.version' conf.lua && love --version",
                             "4:  t.version = \"11.5\"\nLOVE 11.5 (Mysterious Mysteries)"),
                        bash("unzip -p build/lovejs/loomknot-lovejs.zip love.js | head -c 120",
                             "/* love.js 11.5 - compat+threaded build */ var Module=typeof "
                             "Module!=\"undefined\"?Module:{};")],
              "confirm": "The game targets LÖVE 11.5 exactly - conf.lua's t.version, the "
                         "love.js build and the Deck AppImage are all 11.5 - so nothing from "
                         "the 12.0 betas. For smoother threads I'll use 11.5's "
                         "setLineJoin('bevel') and draw the threads to an MSAA canvas.",
              "dig": ("Find engine version",
                      "find out which LÖVE version the game targets on each platform"),
              "report": "conf.lua sets t.version = \"11.5\". makelove.toml pins love_version "
                        "= \"11.5\" for the AppImage (Steam Deck/Linux) and the Windows build, "
                        "and the love.js build is the 11.5 port. The README still says 11.4 - "
                        "outdated. No 12.0 APIs are used anywhere.",
              "relay": "Everything targets LÖVE 11.5 - desktop, Deck and web - so the 12.0 "
                       "API is off the table.",
              "status": "Tonight's playtest build went up (15501234). Testers mentioned jaggy "
                        "threads; nothing started on it.",
              "restate": "we're on löve 11.5, everywhere - web and deck. nothing from the 12 "
                         "betas",
              "stale_read": read("README.md", "# loomknot\n\nA knot puzzle. Requires LÖVE "
                                              "11.4.\n"),
              "stale": "The README says LÖVE 11.4, so I'll stick to the 11.4 API.",
              "fix": "11.4 is old, we moved to 11.5 in the spring - conf.lua, love.js and the "
                     "deck appimage are all 11.5. still nothing from 12",
              "line": "Engine is LÖVE 11.5 everywhere (conf.lua, love.js, Deck AppImage) - no "
                      "12.0 APIs."}),
        Fact("gotcha-identity", "gotcha", ["t.identity"],
             ["testers lost all their progress after an update, but the save code didn't "
              "change - what could cause that?",
              "is it safe to rename the save folder name in conf.lua to match the new "
              "capitalised title?"],
             "Never change t.identity in conf.lua: LÖVE names the save directory after it "
             "(~/.local/share/love/<identity> on Linux and the Steam Deck), so changing "
             "'loomknot' to 'Loomknot' made every player's progress vanish into the old "
             "folder.",
             {"symptom": "playtesters say all their level progress vanished after last night's "
                         "build",
              "probe": [bash("git log -p -1 -- conf.lua",
                             "commit 3c7d1e2\n    conf: tidy, match the store title\n\n"
                             "-  t.identity = \"loomknot\"\n+  t.identity = \"Loomknot\""),
                        bash("ls ~/.local/share/love/", "Loomknot\nloomknot")],
              "explain": "Last night's build changed t.identity in conf.lua from 'loomknot' to "
                         "'Loomknot'. LÖVE uses the identity as the save directory's name "
                         "(~/.local/share/love/<identity> on Linux and the Deck), so the new "
                         "build looked in a fresh, empty folder. The progress isn't gone - it's "
                         "in the old folder - and t.identity must never change.",
              "fix": [edit("conf.lua", "  t.identity = \"Loomknot\"",
                           "  -- the save folder's name: changing it orphans every save\n  "
                           "t.identity = \"loomknot\""),
                      bash("love . --check-save", "save dir: ~/.local/share/love/loomknot\n"
                                                  "progress.lua: 18 levels solved")],
              "done": "t.identity is back to 'loomknot', with a comment; the next build will "
                      "find everyone's saves again. Anyone who played last night's build has "
                      "a stray 'Loomknot' folder that can be deleted.",
              "dig": ("Debug lost save progress",
                      "playtesters lost all progress with last night's build; the save code "
                      "hasn't changed. Look at what changed in the build and where saves are "
                      "stored"),
              "report": "Commit 3c7d1e2 ('conf: tidy, match the store title') changed "
                        "t.identity in conf.lua from \"loomknot\" to \"Loomknot\". LÖVE "
                        "derives the save directory from the identity, case-sensitively on "
                        "Linux/SteamOS - ~/.local/share/love/Loomknot is a new empty folder; "
                        "the old saves are intact in .../loomknot. Revert the identity.",
              "relay": "The subagent traced it to a commit that changed t.identity's "
                       "capitalisation - LÖVE names the save folder after it, so the build "
                       "looked in an empty one. Reverting it.",
              "guess": "Looks like the save format changed - the progress loader probably "
                       "fails to parse old saves and silently starts fresh. I'd add a "
                       "migration.",
              "pushback": "the save format hasn't changed in months. and there's a brand new "
                          "save file, just in a different folder",
              "line": "Never change t.identity in conf.lua - it's the save folder's name; "
                      "changing it orphans every player's progress."}),
        Fact("gotcha-audio", "gotcha", ["autoplay"],
             ["why is there no music in the web version until you click something?",
              "when should the title theme start playing in the browser build?"],
             "Browsers' autoplay policy keeps audio suspended until the player interacts, so "
             "in the love.js web build the music must start on the first click or key press on "
             "the title screen, not at load; otherwise there's no music at all.",
             {"symptom": "no music in the browser build - works fine on desktop and the Deck",
              "probe": [bash("tools/web-console.sh",
                             "[console.warn] The AudioContext was not allowed to start. It "
                             "must be resumed (or created) after a user gesture on the page.\n"
                             "[console.log] title: music started"),
                        read("src/scenes/title.lua",
                             "function Title.new()\n  local self = setmetatable({}, Title)\n  "
                             "self.music = love.audio.newSource(\"assets/music/loom.ogg\", "
                             "\"stream\")\n  self.music:setLooping(true)\n  self.music:play()\n"
                             "  return self\nend\n")],
              "explain": "Browsers block audio until the user interacts with the page - the "
                         "autoplay policy - and the title scene starts the music as soon as it "
                         "loads, so the AudioContext stays suspended and the music never "
                         "plays. On web, the music has to start on the first click or key "
                         "press on the title screen.",
              "fix": [edit("src/scenes/title.lua", "  self.music:play()\n",
                           "  -- browsers' autoplay policy: on web, start on the first input\n"
                           "  if love.system.getOS() ~= \"Web\" then self.music:play() end\n"),
                      edit("src/scenes/title.lua", "function Title:mousepressed()\n",
                           "function Title:mousepressed()\n  if not self.music:isPlaying() "
                           "then self.music:play() end\n")],
              "done": "On web the title music starts on the first click or key press; desktop "
                      "and Deck are unchanged.",
              "dig": ("Debug missing web music",
                      "there's no music in the love.js browser build; desktop and Deck are "
                      "fine. Look at the browser console and how the title scene starts "
                      "audio"),
              "report": "Console: 'The AudioContext was not allowed to start. It must be "
                        "resumed (or created) after a user gesture'. That's the browsers' "
                        "autoplay policy. src/scenes/title.lua calls music:play() in "
                        "Title.new(), before any input. Start it from the first "
                        "mousepressed/keypressed on web instead.",
              "relay": "The subagent found the browser's autoplay policy: audio can't start "
                       "before the player interacts, and the title music starts at load. "
                       "Moving it to the first click on web.",
              "guess": "The music is OGG - maybe the browser can't decode it through love.js. "
                       "I'd ship an MP3 for the web build.",
              "pushback": "the sound effects are ogg too and they play fine once you're in a "
                          "level",
              "line": "Web build: browsers' autoplay policy blocks audio until the first "
                      "input - start the music on the first click/key, not at load."}),
        Fact("fals-ffi", "falsified", ["FFI"],
             ["could we use LuaJIT's C structs to make the rope physics faster?",
              "why is the thread simulation written with plain lua tables and not something "
              "lower-level?"],
             "LuaJIT FFI for the thread simulation was tried and dropped: it sped up desktop, "
             "but love.js runs plain Lua 5.1 compiled to WebAssembly with no LuaJIT, so the web "
             "build didn't start ('module ffi not found'). The sim stays pure Lua with flat "
             "number arrays.",
             {"pain": "the big levels - 40-odd thread segments - drop to 40 fps on the Deck",
              "idea": "rewrite the thread points as LuaJIT FFI structs (C arrays instead of "
                      "Lua tables)",
              "idea_label": "FFI structs",
              "alternative": "keep the sim in pure Lua but store the points in flat number "
                             "arrays (xs, ys, oldxs, oldys) reused between frames",
              "alt_label": "flat arrays in the sim",
              "why_user": "FFI was tried for 0.3 - desktop got faster, but love.js is plain "
                          "lua 5.1 compiled to wasm, no luajit, and the web build didn't even "
                          "start. the sim has to stay pure lua",
              "ask": "rewrite the thread points as LuaJIT FFI structs and see what it does "
                     "for the framerate",
              "change": [write("src/thread/points.lua",
                               "local ffi = require(\"ffi\")\nffi.cdef[[ typedef struct { "
                               "float x, y, ox, oy; } point; ]]\n\nlocal M = {}\nfunction "
                               "M.new(n) return ffi.new(\"point[?]\", n) end\nreturn M\n"),
                         bash("love . --bench level31", "level31: 40 segments, 118 fps "
                                                        "(was 61)")],
              "broke": bash("makelove lovejs && npm run web-smoke",
                            "Building target lovejs... done\nweb-smoke: loading "
                            "build/lovejs\n[console.error] Error: src/thread/points.lua:1: "
                            "module 'ffi' not found\nweb-smoke: FAILED (no frame rendered)",
                            1),
              "revert": bash("git checkout -- src/thread && git clean -fq src/thread", ""),
              "conclusion": "Reverted. FFI doubled the desktop framerate, but the web build "
                            "can't load the ffi module at all - love.js is plain Lua 5.1 "
                            "compiled to WebAssembly, no LuaJIT. The sim stays pure Lua; flat "
                            "arrays are the next thing to try.",
              "dig": ("Prototype FFI thread points",
                      "on a scratch branch, rewrite the thread points as LuaJIT FFI structs, "
                      "benchmark level31 on desktop and run the web smoke test"),
              "report": "Branch spike/ffi-points: level31 goes from 61 to 118 fps on desktop. "
                        "But the web build fails outright - 'module ffi not found' - because "
                        "love.js is PUC Lua 5.1 compiled with Emscripten, no LuaJIT and no "
                        "FFI. It can't ship unless the web build gets a separate code path. "
                        "Not recommended.",
              "relay": "The subagent's FFI version is twice as fast on desktop but won't even "
                       "load in the browser - love.js has no LuaJIT.",
              "line": "LuaJIT FFI is ruled out for the sim: love.js (web) has no LuaJIT, the "
                      "web build won't start. Keep pure Lua."}),
        Fact("fals-box2d", "falsified", ["love.physics"],
             ["why don't we just use the engine's built-in Box2D for the threads?",
              "could the thread be made of physics bodies and joints instead of the "
              "hand-written simulation?"],
             "Building the threads from love.physics (Box2D) bodies and rope joints was tried "
             "and dropped: they jitter where threads cross, and Box2D isn't deterministic "
             "across the web and Deck builds, so replays and undo diverged. The custom verlet "
             "simulation stays.",
             {"pain": "the home-made thread sim is 600 lines and the crossing code is hairy - "
                      "isn't there something built in we could use?",
              "idea": "build the threads out of love.physics (Box2D) bodies joined with rope "
                      "joints",
              "idea_label": "love.physics ropes",
              "alternative": "keep the verlet simulation and fix the crossing jitter with "
                             "extra constraint iterations near crossings",
              "alt_label": "extra constraint iterations",
              "why_user": "love.physics ropes were the very first prototype. they jitter "
                          "wherever two threads cross, and box2d isn't deterministic between "
                          "the web and deck builds, so replays and the undo stack drifted "
                          "apart. the puzzle needs its own sim",
              "ask": "replace the verlet thread in level 3 with love.physics bodies and rope "
                     "joints, and check the replay",
              "change": [write("src/thread/box2d_thread.lua",
                               "local M = {}\nfunction M.new(world, a, b, n)\n  local bodies, "
                               "joints = {}, {}\n  for i = 1, n do\n    bodies[i] = "
                               "love.physics.newBody(world, ..., \"dynamic\")\n    if i > 1 "
                               "then joints[i] = love.physics.newRopeJoint(bodies[i-1], "
                               "bodies[i], ...) end\n  end\n  return { bodies = bodies, "
                               "joints = joints }\nend\nreturn M\n")],
              "broke": bash("love . --replay replays/level03.rpl && love . --replay "
                            "replays/level03.rpl --platform web",
                            "replay level03 (desktop): solved at frame 1408\nreplay level03 "
                            "(web): diverged at frame 212 - knot state hash a91f != 3c07\n"
                            "jitter: 14 crossings oscillating > 2 px\nFAILED", 1),
              "revert": bash("git checkout -- src/thread && git clean -fq src/thread", ""),
              "conclusion": "Reverted. With love.physics the web replay diverged from desktop "
                            "after 212 frames and crossings jittered - Box2D isn't "
                            "deterministic across builds. The verlet simulation stays.",
              "dig": ("Prototype Box2D threads",
                      "on a scratch branch, rebuild level 3's thread from love.physics bodies "
                      "and rope joints, then run the level03 replay on desktop and web"),
              "report": "Branch spike/box2d-thread. It works visually at first, but: 14 "
                        "crossings oscillate by more than 2 px, and the level03 replay "
                        "diverges between desktop and web at frame 212 (different knot "
                        "hashes) - Box2D's float results differ across the native and "
                        "wasm builds, which breaks replays and undo. Not recommended.",
              "relay": "The subagent's love.physics version jitters at crossings and its web "
                       "replay diverges from desktop after 212 frames - no good for replays "
                       "or undo.",
              "line": "love.physics (Box2D) ropes are ruled out: jitter at crossings and "
                      "non-deterministic across web/Deck, breaking replays and undo."}),
    ]
    chores = [
        _run("how many levels do we have now?", "ls levels | wc -l", "24",
             "24 level files."),
        _tweak("the credits spell Ines's surname wrong: 'Vandamme' should be 'Van Damme'",
               "src/scenes/credits.lua", "\"Ines Vandamme\"", "\"Ines Van Damme\"",
               "Fixed in the credits."),
        _talk("what does `setmetatable({}, Foo)` with `Foo.__index = Foo` actually do?",
              "It makes a table whose missing keys are looked up in Foo - so methods defined "
              "on Foo are found through the new table. That's Lua's usual class pattern."),
        _run("is luacheck happy?", "luacheck src",
             "Checking src/scenes/title.lua            OK\n...\nTotal: 0 warnings / 0 errors "
             "in 38 files", "luacheck is clean across 38 files."),
        _tweak("make the level-complete chime a bit quieter", "src/audio.lua",
               "chime:setVolume(0.9)", "chime:setVolume(0.6)", "Chime volume down to 0.6."),
        _talk("why does `#t` give weird results on tables with holes?",
              "The length operator is only defined for sequences; with nil holes any border "
              "is a valid answer, so it can stop at the first hole or go past it. Keep an "
              "explicit count if the table can have holes."),
    ]
    noise = [
        _look("what does the thread solver's step function do?", "src/thread/sim.lua",
              "function Sim:step(dt)\n  for i = 1, #self.xs do self:integrate(i, dt) end\n  "
              "for _ = 1, self.iterations do\n    self:satisfyLengths()\n    "
              "self:satisfyPegs()\n  end\nend\n",
              "It integrates every point (verlet: the new position from the current and "
              "previous ones), then runs a fixed number of relaxation passes that restore "
              "segment lengths and keep points on their pegs."),
        _find("where do we read the controller's buttons?", "gamepadpressed",
              ["src/input.lua", "src/scenes/level.lua"],
              "src/input.lua maps the gamepad buttons to actions; level.lua handles the "
              "gamepadpressed callback."),
        _tweak("typo in the tutorial text: 'untagle'", "src/scenes/tutorial.lua",
               "untagle the thread", "untangle the thread"),
        _run("how big is the AppImage?", "ls -lh build/appimage/*.AppImage",
             "-rwxr-xr-x 1 dev dev 41M Jun 10 22:14 build/appimage/loomknot.AppImage",
             "41 MB."),
        _talk("what's verlet integration, in a paragraph?",
              "Verlet integration computes a point's next position from its current and "
              "previous positions plus acceleration, with no explicit velocity. It's stable "
              "and cheap, and constraints are applied by moving positions directly, which is "
              "why it's popular for ropes and cloth."),
        _steps("add a 'moves' counter to the level HUD",
               [edit("src/ui/hud.lua",
                     "  ui.text(\"Time \" .. fmtTime(level.time), 8, 8)\n",
                     "  ui.text(\"Time \" .. fmtTime(level.time), 8, 8)\n  ui.text(\"Moves \" "
                     ".. level.moves, 8, 22)\n"),
                bash("luacheck src/ui/hud.lua", "Checking src/ui/hud.lua   OK")],
               "The HUD shows a moves counter under the timer."),
        _steps("have something go through the levels and find any with unreachable pegs",
               [agent("Check levels for unreachable pegs",
                      "Go through levels/*.lua and find pegs that no thread can reach "
                      "(further from every anchor than the thread length). Read only.",
                      "Checked 24 levels. One candidate: level 19's peg 'p7' is 5 px beyond "
                      "the longest thread's reach from anchor 2 - probably meant to be "
                      "reachable. Everything else is fine.",
                      "a0b4e7c2d91f3a65", "general-purpose", 11)],
               "The subagent checked all 24 levels: only level 19's peg p7 looks unreachable, "
               "by about 5 px. Want me to look at it?"),
        _steps("plan the colour-blind mode",
               [exit_plan("## Plan\n\n1. Give every thread a pattern (dashes, dots) as well "
                          "as a colour\n2. A setting in the options menu\n3. Screenshots of "
                          "levels 1-5 in both modes", "amber-otter-turning")],
               "Plan approved - starting with the thread patterns."),
    ]
    _frame(facts, {"conv-virtualres": conv_claude_md, "conv-tiled": conv_resumed,
                   "cmd-web": cmd_summary, "cmd-specs": cmd_remember,
                   "env-depots": env_in_passing, "env-engine": env_subagent,
                   "gotcha-identity": gotcha_subagent, "gotcha-audio": gotcha_claude_md,
                   "fals-ffi": fals_tried_noted, "fals-box2d": fals_resumed}, chores)
    return Project(
        "loomknot", "git@github.com:mossbyte/loomknot.git",
        {"README.md": "# loomknot\n\nA knot-untangling puzzle game.\n",
         "CLAUDE.md": "# loomknot\n\nLÖVE (Lua) game. Scenes in src/scenes, the thread "
                      "simulation in src/thread.\n\n## Conventions\n- Two-space indent, "
                      "luacheck clean\n\n## Commands\n- `love .` runs the game\n\n"
                      "## Environment\n\n## Gotchas\n",
         "main.lua": "local scenes = require(\"src.scenes\")\n\nfunction love.load()\n  "
                     "scenes.start(\"title\")\nend\n"},
        facts, noise, "slack")


def projects() -> list[Project]:
    return [tuttitix(), pulsewell(), kinetibook(), loomknot()]
