"""The ``dev38`` split, "the dairy co-op's developer of one, through the spring flush": four
projects, ten planted facts each.

Written in the twenty-third pass by a helper that read no rlat code; to be read untuned.

Tamarack Prairie Dairy Cooperative is owned by about 180 member farms in central Wisconsin. It
runs a milk intake bay, a cheese plant and a small online cheese shop, and it pays its members
twice a month (an advance on the 26th, the final settlement mid-month). Jo Lindqvist, a cost
accountant who drifted into programming, is its whole software department. It is May and June,
the spring flush: more milk than ever, every system under load, the controller counting pennies.
Jo writes to the assistant the way an accountant writes email: sentence case, short memo-style
paragraphs, "per Dale", "FYI", "re:", numbered points, a "P.S." with the thing that matters, a
signature now and then, the odd typo ("teh", "recieve", "seperate"), pasted Outlook forwards,
vendor support tickets, audit walkthrough questions and close-retro notes. Around Jo: the
controller (Dale), the field services manager (Marisol), a field rep (Trent), the intake bay
supervisor (Renee), the plant maintenance / IT tech (Cody), the retail manager (Bethany), a
freelance Shopify developer who built the shop (Sam) and Lakeshore's Business Central
consultant (Anders).

The durable facts arrive the ways a co-op's flush season brings them: a rule as the CHANGE
item of the month-end close retro notes, a redline on the change the assistant proposes before
applying it, a numbered clause of the repo's SOP the assistant is told to check first, the
"P.S." under an email-style request, or a correction when the change "would get kicked back
at close" (after it ran, or at the permission prompt); a command that fails and the one that
works (found in the close checklist, quoted from a vendor's support-ticket reply, typed out
from a photo of a colleague's screen, or worked out and added to the close checklist as a
checkbox); an environment fact looked up (plainly, for a row of the cyber-insurance systems
inventory, for a questionnaire from the auditors or the state plant inspector, or to correct
Jo's old OneNote page); a gotcha (a forwarded Outlook email with the error, the cause in the middle of a long
log, a naive restart that fixes nothing until Jo remembers last flush season, or explained and
written up as an entry of the known-issues list); and an approach tried and dropped (struck
through on the repo's parking lot, tried in the session and backed out, vetoed with the story
of last time, or written up as the "tried and dropped" paragraph of the board's quarterly IT
report).

The projects: curdmill, the member-payments extension for Business Central (AL, the AL
Language extension, BcContainerHelper sandbox containers on Docker for Windows, AL-Go for
GitHub, test codeunits, an XMLport writing the ACH file for AgriFirst Farm Credit, on top of
Lakeshore's Dairy Procurement partner app); haybarrow, the field reps' Google Workspace
tooling (Apps Script in TypeScript bundled with esbuild and pushed with clasp, the quality
premium sheets, a hauler pickup-log web app, time-driven triggers, Jest); tankwell, the milk
intake bay desktop app (Free Pascal and Lazarus, lazbuild, Modbus RTU to the flowmeter over a
USB-serial adapter with the LazSerial package, raw ZPL tickets to a Zebra printer, SQLite via
SQLdb, fpcunit, an Inno Setup installer for the Windows 10 IoT bay PCs); and rindhouse, the
online cheese shop (Shopify Hydrogen on Remix and Vite, TypeScript, the Storefront API in
GraphQL, Oxygen hosting, the Shopify CLI, Vitest and Playwright).

Slots, by kind (the shared names of ``templates.py`` plus this split's own):

* convention - ``task``, ``rule``, ``contrary`` (a tool doing it the other way: its new text
  is what the assistant proposes in the redline template), ``follow``, ``done``, ``doc``
  (``(path, text)``: the SOP that says it), ``found`` (the assistant's reading of the clause);
* command - ``goal``, ``fail``, ``note``, ``ok``, ``done``, ``hint`` (the working command in
  someone else's words), ``script`` (``(path, text)`` holding the working command);
* environment - ``goal``, ``probe``, ``confirm``, ``guess`` (what Jo's old notes say),
  ``asked`` (a question on an outsider's questionnaire), ``row`` (``(item, value)`` for the systems
  inventory);
* gotcha - ``symptom``, ``trace``, ``probe``, ``explain``, ``fix``, ``done``, ``told`` (the
  cause as Jo half remembers it from last season), ``repro`` (a command whose long output holds
  the trace), ``subject`` (the forwarded email's subject);
* falsified - ``ask``, ``change``, ``broke``, ``revert``, ``conclusion``, ``want`` (the idea as
  someone raises it), ``offer`` (the assistant suggesting it), ``story`` (what happened last
  time), ``title`` (the item's name on the parking lot and in the board report).

Every fact also carries its project's ``mates``, ``vendor`` (whose support desk answers
tickets), ``outsider`` (who sends a questionnaire), ``checklist`` (the close
checklist file), ``known`` (the known-issues file), ``chatter`` (ordinary log lines long output
is padded with), ``naive`` (a restart that changes nothing), ``retro`` (other close-retro
lines) and ``parked`` (other parking-lot items).
"""

from __future__ import annotations

import random

from .templates import find, look, run, steps, talk, tweak
from .transcript import REJECTED, agent, ask_user, bash, edit, read, refused, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


def _pick(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _fill(text: str, **slots: str) -> str:
    """``text`` with each ``{name}`` replaced (values may hold braces: AL, Pascal, TS)."""
    for name, value in slots.items():
        text = text.replace("{" + name + "}", value)
    return text


def _mate(s: dict, rng: random.Random) -> str:
    return rng.choice(s["mates"])


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _first(text: str) -> str:
    head, dot, _rest = text.partition(". ")
    return head + "." if dot else text


def _amid(trace: str, chatter: list[str], rng: random.Random) -> str:
    """``trace`` somewhere in the middle of a long run of ordinary output."""
    picked = sorted(rng.sample(range(len(chatter)), min(len(chatter), rng.randint(9, 13))))
    lines = [chatter[i] for i in picked]
    cut = rng.randint(3, len(lines) - 3)
    return "\n".join(lines[:cut] + trace.splitlines() + lines[cut:])


def _short(text: str, n: int = 64) -> str:
    """``text`` cut at a word boundary, as a todo item."""
    return text if len(text) <= n else text[:n].rsplit(" ", 1)[0] + "…"


def _proposed(tool) -> str:
    """What a contrary tool call would have written."""
    return tool.new if tool.name == "Edit" else tool.output


OPENERS = ("Morning. ", "Quick one before my 10:00 with Dale. ", "Flush week, so short and "
           "sweet: ", "Back from the intake bay. ", "Between close tasks — ", "")
SIGNOFFS = ("Thx, Jo", "Thanks! —J", "Jo", "Thx")
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday")


# ------------------------------------------------------------------- phrasing templates
# convention
def conv_close_retro(s: dict, rng: random.Random) -> Episode:
    """The rule is the CHANGE item of the month-end close retro notes Jo pastes."""
    keep, tried = rng.sample(s["retro"], 2)
    lead = _pick(rng, "Notes from Friday's close retro (Dale, Marisol, me). Pasting so you "
                      "have them:",
                 "Close retro notes, May. Dale typed them, I'm just pasting:",
                 "FYI here's what came out of the retro after the last milk check:")
    tail = _pick(rng, "The CHANGE item is the one for you. Task: {task}",
                 "Re: the CHANGE line — that applies to this: {task}",
                 "So, with the CHANGE item in mind: {task}")
    ask = (f"{_pick(rng, *OPENERS)}{lead}\n\nKEEP\n- {keep}\nCHANGE\n- {_cap(s['rule'])}\n"
           f"TRY\n- {tried}\n\n" + _fill(tail, task=s["task"]))
    return [Step(prompt=ask),
            Step(text=_pick(rng, "Understood — keeping to the CHANGE item.",
                            "Noted. Doing it that way.", ""), tools=s["follow"]),
            Step(text=s["done"])]


def conv_redline(s: dict, rng: random.Random) -> Episode:
    """The assistant shows the change before applying it; Jo redlines it with the rule."""
    shown = _proposed(s["contrary"])
    path = s["contrary"].path
    said = _pick(rng, "Redline on that: {rule}. Otherwise fine, go ahead.",
                 "One redline. {rule}. Rest looks ok.",
                 "Close, but no. {rule}.",
                 "Strike that part — {rule}. Then apply.")
    return [Step(prompt=s["task"]),
            Step(text=f"{_pick(rng, 'Before I change anything, this is what I have in mind', 'Proposed change', 'Here is the draft')} "
                      f"for {path}:\n\n```\n{shown}```\n\n"
                      f"{_pick(rng, 'OK to apply?', 'Shall I go ahead?', 'Good to go?')}"),
            Step(prompt=_fill(said, rule=s["rule"])),
            Step(text=_pick(rng, "Redline taken.", "Revised accordingly.", "Got it."),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_sop_clause(s: dict, rng: random.Random) -> Episode:
    """Jo has the assistant check the SOP first; it quotes the clause; Jo confirms."""
    path, text = s["doc"]
    ask = _pick(rng, "{task}. Check the SOP before you touch anything — Dale asks at every "
                     "close whether we followed it.",
                "{task}\n\nRead {path} first pls. If it says something about this, it wins.",
                "{opener}{task}. There's an SOP for changes in docs/, go by that.")
    confirm = _pick(rng, "Correct, that clause still stands.", "Yes. Follow it.",
                    "Yep, that's the one {mate} made us write after the upgrade mess.",
                    "Right. Go.")
    return [Step(prompt=_fill(ask, task=s["task"], path=path, opener=_pick(rng, *OPENERS))),
            Step(text=_pick(rng, "Reading the SOP first.", "Checking the procedure doc.", ""),
                 tools=[read(path, text)]),
            Step(text=f"{s['found']} {_pick(rng, 'I will follow that.', 'Is that still current?', 'Going by that unless you say otherwise.')}"),
            Step(prompt=_fill(confirm, mate=_mate(s, rng))),
            Step(tools=s["follow"]),
            Step(text=s["done"])]


def conv_postscript(s: dict, rng: random.Random) -> Episode:
    """An email-style request; the rule is in the P.S."""
    hello = _pick(rng, "Hi,\n\n", "Hello —\n\n", "")
    ps = _pick(rng, "P.S. {rule}.", "PS — {rule}.", "p.s. before I forget: {rule}.",
               "P.S. and this one matters: {rule}.")
    ask = (f"{hello}{_cap(s['task'])}.\n\n{_pick(rng, *SIGNOFFS)}\n\n"
           + _fill(ps, rule=s["rule"]))
    return [Step(prompt=ask),
            Step(tools=[todo_write([(_short(_cap(s["task"])), "in_progress", "Working on it"),
                                    ("Respect the P.S.", "pending", "Checking the P.S."),
                                    ("Build and test", "pending", "Building")])]),
            Step(text=_pick(rng, "On it, with the P.S. in mind.", "Working through it.", ""),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_kicked_back(s: dict, rng: random.Random) -> Episode:
    """The assistant does it the other way; Jo says it would be kicked back at close."""
    if rng.random() < 0.5:
        said = _pick(rng, "Not like that. {rule}", "No — that gets kicked back at close. "
                                                   "{rule}",
                     "Stop. {rule}")
        first: Episode = [Step(text=_pick(rng, "Making the change:", "Here's the edit.", ""),
                               tools=[refused(s["contrary"],
                                              REJECTED + _fill(said, rule=s["rule"]))])]
    else:
        said = _pick(rng, "Hmm, that would get kicked back at close. {rule}",
                     "Ope — no. {rule}. Sorry, should have said up front.",
                     "Dale would flag that in review. {rule}")
        first = [Step(text=_pick(rng, "Straightforward.", "Adding it.", ""),
                      tools=[s["contrary"]]),
                 Step(text=_pick(rng, "Done. Want me to build it?", "That's in.")),
                 Step(prompt=_fill(said, rule=s["rule"]))]
    return [Step(prompt=s["task"]), *first,
            Step(text=_pick(rng, "Understood — redoing it that way.", "Right, changing it.",
                            "Fixing it."), tools=s["follow"]),
            Step(text=s["done"])]


# command
def cmd_checklist(s: dict, rng: random.Random) -> Episode:
    """It fails; Jo points at the close checklist / script; the assistant reads it."""
    path, text = s["script"]
    said = _pick(rng, "That's not how we run it. It's written down in {path}, look there.",
                 "Check {path}, I wrote the steps down last month for exactly this reason.",
                 "Ugh. {path} has the real way, I think.")
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_pick(rng, "That failed — output above.", "No luck.", "Errored.")),
            Step(prompt=_fill(said, path=path)),
            Step(tools=[read(path, text)]),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_vendor_ticket(s: dict, rng: random.Random) -> Episode:
    """The assistant's attempt fails; Jo pastes the vendor's support-ticket reply."""
    vendor = s["vendor"]
    number = rng.randint(10412, 98877)
    said = _pick(rng, "I opened a ticket with {vendor} about this last time. Their reply:\n\n"
                      "> Ticket #{n} — updated by support\n>\n> Hi Jo,\n> {hint}\n> Let us "
                      "know if that doesn't resolve it.",
                 "Found the old support ticket (#{n}, {vendor}). They said: \"{hint}\"",
                 "Per {vendor}'s answer on ticket {n}: {hint}")
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_pick(rng, "That failed. Is there a known way this is done here?",
                            "Didn't work — see the error above.")),
            Step(prompt=_fill(said, vendor=vendor, n=str(number), hint=s["hint"])),
            Step(tools=[s["ok"]]),
            Step(text=f"{s['note']} {s['done']}")]


def cmd_screen_photo(s: dict, rng: random.Random) -> Episode:
    """A colleague got it working and texted a photo of the screen; Jo types it out."""
    mate = _mate(s, rng)
    said = _pick(rng, "{mate} got it working this morning and texted me a photo of the "
                      "screen. Typing it out: {hint}",
                 "ok so {mate} sent a pic of their screen (blurry). as far as i can read it: "
                 "{hint}",
                 "Per the photo {mate} texted me: {hint}")
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_pick(rng, "That errored out.", "Hm, that failed.", "Not working.")),
            Step(prompt=_fill(said, mate=mate, hint=s["hint"])),
            Step(tools=[s["ok"]]),
            Step(text=f"{s['note']} {s['done']}"),
            Step(prompt=_pick(rng, "Great, thx", "Good. Tell me if anything looks off.",
                              "Perfect.")),
            Step(text=_pick(rng, "Will do.", "Sure."))]


def cmd_to_checklist(s: dict, rng: random.Random) -> Episode:
    """Worked out in the session, then added to the close checklist as a checkbox."""
    ok, checklist = s["ok"], s["checklist"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[ok]), Step(text=s["done"]),
            Step(prompt=_pick(rng, "Add that as a step in {cl} so I don't rediscover it next "
                                   "month.",
                              "Put it in {cl} as a checkbox pls, Dale audits that list.",
                              "Can you write that into {cl}? I will forget by the 15th."
                              ).replace("{cl}", checklist)),
            Step(tools=[edit(checklist, "## Steps\n",
                             f"## Steps\n\n- [ ] {_cap(s['goal'])}: `{ok.command}`\n")]),
            Step(text=f"Added as an unchecked step in {checklist}.")]


# environment
def env_plain(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=_pick(rng, "Looking it up rather than guessing.", "Let me check.", ""),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_inventory(s: dict, rng: random.Random) -> Episode:
    """A row of the systems inventory for the cyber-insurance renewal."""
    item, value = s["row"]
    ask = _pick(rng, "Filling in the systems inventory for the cyber insurance renewal (due "
                     "Friday). For this repo's row I need: {item}. Look it up, don't guess.",
                "Insurance questionnaire again. Column: \"{item}\". What goes in it for this "
                "system?",
                "{opener}the IT inventory spreadsheet wants \"{item}\" for this app. Can you "
                "find it?")
    return [Step(prompt=_fill(ask, item=item, opener=_pick(rng, *OPENERS))),
            Step(tools=s["probe"]),
            Step(text=f"{s['confirm']}\n\nFor the spreadsheet:\n\n| Item | Value |\n|---|---|\n"
                      f"| {item} | {value} |"),
            Step(prompt=_pick(rng, "Thx, pasted.", "Good, next row is mine.", "Perfect.")),
            Step(text=_pick(rng, "Good.", "👍"))]


def env_walkthrough(s: dict, rng: random.Random) -> Episode:
    """The auditors' IT walkthrough questionnaire asks it; the assistant drafts the answer."""
    who = s["outsider"]
    ask = _pick(rng, "{who} sent over a list of questions. #{n}: \"{asked}\" Can you find "
                     "out and give me a two-line answer I can paste?",
                "Question {n} on the questionnaire from {who}:\n\n> {asked}\n\nDraft me an "
                "answer pls.",
                "{who} wants this answered by Friday: {asked}")
    return [Step(prompt=_fill(ask, who=who, n=str(rng.randint(4, 31)), asked=s["asked"])),
            Step(tools=s["probe"]),
            Step(text=f"{s['confirm']}\n\nSuggested answer:\n\n> {s['confirm']}"),
            Step(prompt=_pick(rng, "Sent. Thx.", "Good enough for auditors.", "Ok ta")),
            Step(text=_pick(rng, "Sure.", "👍"))]


def env_onenote(s: dict, rng: random.Random) -> Episode:
    """Jo's old OneNote page says something else; the assistant checks."""
    ask = _pick(rng, "My OneNote from when I took this over says {guess}. Is that still "
                     "true?",
                "Sanity check: {guess}? That's what my notes say but they're from 2022.",
                "I have \"{guess}\" written down somewhere. Right?")
    return [Step(prompt=_fill(ask, guess=s["guess"])),
            Step(tools=s["probe"]),
            Step(text=f"{_pick(rng, 'Not any more.', 'No — your note is out of date.', 'Not quite.')} "
                      f"{s['confirm']}"),
            Step(prompt=_pick(rng, "Ha. Updating my OneNote.", "Good thing I asked.",
                              "Huh, ok. Thx.")),
            Step(text=_pick(rng, "No problem.", "Sure."))]


# gotcha
def gotcha_forwarded(s: dict, rng: random.Random) -> Episode:
    """A colleague's Outlook email, forwarded with the error in it."""
    mate = _mate(s, rng)
    ask = (f"{_pick(rng, 'Fwd from', 'See below from', 'This just came in from')} {mate}, "
           f"can you take a look?\n\n-----Original Message-----\nFrom: {mate}\nSent: "
           f"{_pick(rng, *DAYS)} {rng.randint(5, 11)}:{rng.randint(10, 59)} AM\nSubject: "
           f"{s['subject']}\n\n{_cap(s['symptom'])}\n\n{s['trace']}\n")
    return [Step(prompt=ask),
            Step(text=_pick(rng, "Looking.", "", "Let me check a couple of things."),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_long_log(s: dict, rng: random.Random) -> Episode:
    """The assistant reproduces it; the cause sits in the middle of a long log."""
    return [Step(prompt=s["symptom"]),
            Step(text=_pick(rng, "Reproducing it first.", "Running it again to see the "
                                                          "whole output."),
                 tools=[bash(s["repro"], _amid(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "Most of that is normal; the lines in the middle aren't.",
                            "There's the real error, buried halfway down."),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_last_flush(s: dict, rng: random.Random) -> Episode:
    """The assistant's restart changes nothing; Jo remembers it from last flush season."""
    said = _pick(rng, "Wait. This happened last flush season too. I think it was {told}",
                 "No, restarting won't do it. Same thing as last June: {told}",
                 "Hold on, I've seen this. If I remember right, {told}")
    return [Step(prompt=f"{s['symptom']}\n\n{s['trace']}"),
            Step(text="Ruling out a stuck process first.", tools=[s["naive"]]),
            Step(text="Restarted cleanly, but I doubt that was it."),
            Step(prompt=_fill(said, told=s["told"])),
            Step(tools=s["probe"]),
            Step(text=f"{_pick(rng, 'That is it.', 'Yes, you remembered right.', 'Confirmed.')} "
                      f"{s['explain']}", tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_known_issue(s: dict, rng: random.Random) -> Episode:
    """Explained and fixed, then written up as an entry of the known-issues list."""
    known = s["known"]
    number = rng.randint(7, 29)
    return [Step(prompt=f"{s['symptom']}\n\n{s['trace']}"),
            Step(tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "Add a KI entry to {known} — symptom, cause, fix, same "
                                   "format as the others.",
                              "Write this up in {known} pls. Next flush I'll have forgotten.",
                              ).replace("{known}", known)),
            Step(tools=[edit(known, "## Open\n",
                             f"## Open\n\n### KI-{number}: {_first(_cap(s['symptom']))}\n\n"
                             f"Cause: {s['explain']}\n\nFix: {s['done']}\n")]),
            Step(text=f"Added KI-{number} to {known}.")]


# falsified
def fals_parking_lot(s: dict, rng: random.Random) -> Episode:
    """The idea comes up; the assistant finds it struck through on the parking lot."""
    a, b = rng.sample(s["parked"], 2)
    lot = (f"# Parking lot\n\nIdeas, and what happened to them.\n\n- {a}\n- ~~{s['title']}~~ "
           f"— tried, dropped. {_cap(s['story'])}\n- {b}\n")
    return [Step(prompt=s["want"]),
            Step(text=_pick(rng, "Let me check the parking lot first in case it was tried.",
                            "Checking docs/parking-lot.md before suggesting anything."),
                 tools=[read("docs/parking-lot.md", lot)]),
            Step(text=f"It's struck through on the parking lot — tried and dropped. "
                      f"{s['conclusion']}"),
            Step(prompt=_pick(rng, "Right, I forgot we wrote that down. Leave it.",
                              "Ok, skip it then.", "Fine. Not worth a second round.")),
            Step(text=_pick(rng, "Leaving it.", "OK."))]


def fals_tried_here(s: dict, rng: random.Random) -> Episode:
    undo = _pick(rng, "Nope. Undo that, I can't have that near the next milk check.",
                 "Ok, that's worse. Back it out.", "Revert pls.",
                 "No. Put it back how it was.")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=undo),
            Step(text=_pick(rng, "Reverting.", "Backing it out.", ""), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_veto(s: dict, rng: random.Random) -> Episode:
    """The assistant offers it; Jo vetoes with the story of last time."""
    said = _pick(rng, "{mate} will have my hide. We did that already: {story}",
                 "No. Been there. {story}", "Ha, no. Ask {mate} about that one. {story}",
                 "Not again — {story}")
    return [Step(prompt=s["want"]), Step(text=s["offer"]),
            Step(prompt=_fill(said, mate=_mate(s, rng), story=s["story"])),
            Step(text=f"{_pick(rng, 'Understood, leaving it alone.', 'OK — not going there.', 'Fair enough.')} "
                      f"{s['conclusion']}")]


def fals_board_report(s: dict, rng: random.Random) -> Episode:
    """Written up as the 'tried and dropped' paragraph of the board's quarterly IT report."""
    quarter = _pick(rng, "Q2", "Q1")
    path = f"docs/board/it-report-{quarter.lower()}.md"
    ask = _pick(rng, "For the board's quarterly IT report, write the \"tried and dropped\" "
                     "paragraph for this one. Title: {title}. What happened: {story}",
                "Board IT committee wants to know what we tried that didn't work. Item: "
                "{title}. The short version: {story}. Write it up in the report file.",
                "Add to the {q} IT report under tried-and-dropped: {title}. {story}")
    return [Step(prompt=_fill(ask, title=s["title"], story=s["story"], q=quarter)),
            Step(tools=[edit(path, "## Tried and dropped\n",
                             f"## Tried and dropped\n\n**{s['title']}.** {s['conclusion']}\n")]),
            Step(text=f"Added under \"Tried and dropped\" in {path}."),
            Step(prompt=_pick(rng, "Good, that reads fine for the board.", "Thx.",
                              "Ok. Dale will like that it says why.")),
            Step(text=_pick(rng, "👍", "Good."))]


TEMPLATES = {
    "convention": [conv_close_retro, conv_redline, conv_sop_clause, conv_postscript,
                   conv_kicked_back],
    "command": [cmd_checklist, cmd_vendor_ticket, cmd_screen_photo, cmd_to_checklist],
    "environment": [env_plain, env_inventory, env_walkthrough, env_onenote],
    "gotcha": [gotcha_forwarded, gotcha_long_log, gotcha_last_flush, gotcha_known_issue],
    "falsified": [fals_parking_lot, fals_tried_here, fals_veto, fals_board_report],
}

UNRELATED = [
    "Explain FIFO vs weighted average inventory costing the way you'd explain it to a "
    "programmer.",
    "What's a reasonable way to structure an Excel workbook so the formulas don't break when "
    "someone inserts a row?",
    "How does double-entry bookkeeping map onto a database schema, in general terms?",
    "Give me a short template for a change request email to a vendor.",
    "What's the difference between a left join and an inner join, with a tiny example?",
    "How do I politely tell a board member that their feature idea is out of scope this year?",
    "What does idempotent mean, and why do payment people care so much?",
    "Explain how two-factor authentication with an authenticator app actually works.",
    "Write a Python snippet that reads a CSV and sums a column by a key.",
    "What's the best way to learn regular expressions if I only need them twice a month?",
    "How should I name git branches if I'm the only developer?",
    "What's the difference between a bug and a change request, from an auditor's point of "
    "view?",
    "Give me a checklist for handing my systems over to someone if I get hit by a bus.",
    "Explain what a hash is, as opposed to encryption, in two paragraphs.",
    "What's a sensible backup rule of thumb for a small office, the 3-2-1 thing?",
    "How do I write a good bug report for a vendor's support desk?",
    "Is it worth learning SQL window functions, and what would I use them for?",
    "What's the difference between UTF-8 and Windows-1252, and why do accented names break?",
    "How do other small co-ops usually budget for IT? Rough percentages are fine.",
    "Explain semantic versioning in three sentences.",
    "What is technical debt, explained to a controller?",
    "Any tips for a one-person IT department to avoid burning out during busy season?",
]

UNANSWERED: dict[str, list[str]] = {
    "curdmill": [
        "What was the total paid out in the last final settlement?",
        "When does Lakeshore's support contract renew, and at what rate?",
        "Is the co-op moving the cheese plant's books into the same Business Central company?",
        "How many members switched from paper checks to direct deposit this year?",
        "Has the board approved the new component pricing for next year?",
    ],
    "haybarrow": [
        "How many farm visits did the field reps log last month?",
        "Which member has had the best quality premium three months running?",
        "Is Google raising the Workspace price for nonprofits and co-ops next year?",
        "Are we hiring another field rep for the northern routes?",
        "What did the members say about the visit form in the annual survey?",
    ],
    "tankwell": [
        "How many loads did the intake bay take on the busiest day of the flush?",
        "When is the second intake bay going to be built?",
        "What did the state inspector write in the last plant inspection report?",
        "Is the flowmeter due for calibration this year, and who pays for it?",
        "Are the haulers getting new tankers with bigger capacity?",
    ],
    "rindhouse": [
        "What were the cheese shop's online sales over the holidays?",
        "Which cheese sells best online?",
        "Is Bethany planning a subscription box for next year?",
        "How much does Sam charge per hour for storefront work?",
        "Are we going to sell on Amazon as well?",
    ],
}


def _equip(facts: list[Fact], **extra) -> list[Fact]:
    for fact in facts:
        for name, value in extra.items():
            fact.slots.setdefault(name, value)
    return facts


# ------------------------------------------------------------------- curdmill
def curdmill() -> Project:
    calc = "src/Payment/MilkCheckCalc.Codeunit.al"
    post = "src/Payment/PostMilkCheckRun.Codeunit.al"
    member = "src/Member/MemberProducer.Table.al"
    vendext = "src/Member/VendorExt.TableExt.al"
    compile_ = bash("pwsh -c 'Compile-AppInBcContainer -containerName milkpay-sbx "
                    "-appProjectFolder . -credential $cred'",
                    "Using Symbols Folder: C:\\src\\curdmill\\.alpackages\nCompiling...\n"
                    "alc.exe /project:\"C:\\src\\curdmill\" /packagecachepath:\".alpackages\"\n"
                    "Microsoft (R) AL Compiler version 13.1.16.19837\nCompilation started for "
                    "project 'Member Payments' containing '64' files at '9:41:07.311'.\n\n"
                    "Compilation ended at '9:41:12.902'.\n\nC:\\src\\curdmill\\output\\"
                    "Tamarack Prairie_Member Payments_24.3.7.0.app")
    facts = [
        Fact("conv-prefix", "convention", ["TMK"],
             ["what do new fields on the standard BC tables have to be called in the payments "
              "extension? there was a naming thing after the upgrade",
              "if I put a new column on the Vendor card from our app, what's the naming rule?"],
             "In curdmill (the Business Central member-payments extension) every field, action "
             "or object the app adds to a standard table or page gets the TMK prefix in its "
             "name and caption (e.g. \"TMK Hauling Route\"), because Lakeshore's partner app "
             "already added a plain \"Hauler Code\" to Vendor and the v24 upgrade failed on "
             "the duplicate name.",
             {"task": "add a field on the Vendor card for the member's hauling route, so the "
                      "field reps can see which route picks them up",
              "rule": "anything we add to a standard table or page gets the TMK prefix, name "
                      "and caption both (\"TMK Hauling Route\"). Lakeshore's app put a plain "
                      "Hauler Code on Vendor and our v24 upgrade died on the duplicate name",
              "contrary": edit(vendext, "    fields\n    {\n",
                               "    fields\n    {\n        field(50431; \"Hauling Route\"; "
                               "Code[10])\n        {\n            Caption = 'Hauling Route';\n"
                               "            TableRelation = \"Milk Route\";\n            "
                               "DataClassification = CustomerContent;\n        }\n"),
              "follow": [edit(vendext, "    fields\n    {\n",
                              "    fields\n    {\n        field(50431; \"TMK Hauling Route\"; "
                              "Code[10])\n        {\n            Caption = 'TMK Hauling "
                              "Route';\n            TableRelation = \"Milk Route\";\n"
                              "            DataClassification = CustomerContent;\n        }\n"),
                         edit("src/Member/VendorCardExt.PageExt.al",
                              "        addlast(General)\n        {\n",
                              "        addlast(General)\n        {\n            field(\"TMK "
                              "Hauling Route\"; Rec.\"TMK Hauling Route\")\n            {\n"
                              "                ApplicationArea = All;\n            }\n"),
                         compile_],
              "done": "Added \"TMK Hauling Route\" (field 50431, related to Milk Route) to the "
                      "Vendor table extension and to the General group of the Vendor card, "
                      "prefix in the caption too. It compiles clean.",
              "doc": ("docs/SOP-extension-changes.md",
                      "# SOP: changes to the Member Payments extension\n\n1. Every change has "
                      "a ticket in the IT log.\n2. Build and test in the sandbox container "
                      "first.\n3. Dale signs off anything that touches amounts.\n4. Naming\n"
                      "   4.1 Our own objects are named in plain English.\n   4.2 Every field, "
                      "action or object we add to a standard table or page carries the TMK "
                      "prefix in name and caption (e.g. `TMK Hauling Route`). Lakeshore's app "
                      "added an unprefixed `Hauler Code` to Vendor and the v24 upgrade failed "
                      "on the duplicate name.\n5. Releases go out after the final settlement "
                      "has posted, never between the 20th and the 26th.\n"),
              "found": "Clause 4.2 of docs/SOP-extension-changes.md: anything added to a "
                       "standard table or page carries the TMK prefix in name and caption "
                       "(e.g. \"TMK Hauling Route\") — Lakeshore's unprefixed Hauler Code on "
                       "Vendor broke the v24 upgrade."}),
        Fact("conv-masked", "convention", ["ExtendedDatatype = Masked"],
             ["how should I declare a field that holds a member's tax ID or bank account "
              "number in AL?",
              "what did the auditors want us to do about members' bank details showing on the "
              "pages?"],
             "In curdmill any field holding a member's TIN or bank routing/account number is "
             "declared with DataClassification = EndUserIdentifiableInformation and "
             "ExtendedDatatype = Masked (shown as dots on the pages), after the external "
             "auditors' finding on member bank data.",
             {"task": "add the member's direct deposit routing and account numbers to the "
                      "Member Producer table and card, the ACH file needs them",
              "rule": "anything holding a member's TIN or bank numbers is DataClassification "
                      "= EndUserIdentifiableInformation and ExtendedDatatype = Masked so it "
                      "shows as dots on the page. That was the auditors' finding last year",
              "contrary": edit(member, "        field(40; \"Payment Method\"; Enum "
                                       "\"Member Payment Method\") { }\n",
                               "        field(40; \"Payment Method\"; Enum \"Member Payment "
                               "Method\") { }\n        field(41; \"Bank Routing No.\"; "
                               "Code[9])\n        {\n            DataClassification = "
                               "CustomerContent;\n        }\n        field(42; \"Bank Account "
                               "No.\"; Code[17])\n        {\n            DataClassification = "
                               "CustomerContent;\n        }\n"),
              "follow": [edit(member, "        field(40; \"Payment Method\"; Enum \"Member "
                                      "Payment Method\") { }\n",
                              "        field(40; \"Payment Method\"; Enum \"Member Payment "
                              "Method\") { }\n        field(41; \"Bank Routing No.\"; Code[9])"
                              "\n        {\n            DataClassification = "
                              "EndUserIdentifiableInformation;\n            ExtendedDatatype "
                              "= Masked;\n        }\n        field(42; \"Bank Account No.\"; "
                              "Code[17])\n        {\n            DataClassification = "
                              "EndUserIdentifiableInformation;\n            ExtendedDatatype "
                              "= Masked;\n        }\n"),
                         compile_],
              "done": "Bank Routing No. (41) and Bank Account No. (42) are on Member Producer, "
                      "both DataClassification = EndUserIdentifiableInformation with "
                      "ExtendedDatatype = Masked, so the card shows dots. Compiled clean.",
              "doc": ("docs/SOP-extension-changes.md",
                      "# SOP: changes to the Member Payments extension\n\n1. Every change has "
                      "a ticket in the IT log.\n2. Build and test in the sandbox container "
                      "first.\n3. Member data\n   3.1 Member name and address: "
                      "CustomerContent.\n   3.2 A member's TIN, bank routing number or bank "
                      "account number: DataClassification = EndUserIdentifiableInformation "
                      "and ExtendedDatatype = Masked, so pages show dots (audit finding "
                      "2023-04).\n4. Dale signs off anything that touches amounts.\n"),
              "found": "Clause 3.2 of docs/SOP-extension-changes.md: a member's TIN, routing "
                       "or account number is DataClassification = "
                       "EndUserIdentifiableInformation with ExtendedDatatype = Masked so pages "
                       "show dots (audit finding 2023-04)."}),
        Fact("cmd-forcesync", "command", ["-syncMode ForceSync"],
             ["the sandbox won't take my app after I changed a field's data type — how do I "
              "publish it anyway?",
              "what's the publish command for the docker sandbox when a schema change is "
              "destructive?"],
             "To publish curdmill to the milkpay-sbx sandbox container after a destructive "
             "schema change (a field's type changed), use `Publish-BcContainerApp "
             "-containerName milkpay-sbx -appFile <app> -skipVerification -sync -install "
             "-syncMode ForceSync` (scripts/Publish-Sandbox.ps1); the default sync mode "
             "refuses destructive changes. Never in production: there it needs an upgrade "
             "codeunit.",
             {"goal": "publish the new build to the sandbox, I changed Quality Premium Tier's "
                      "Tier field from Code to Integer",
              "fail": bash("pwsh -c 'Publish-BcContainerApp -containerName milkpay-sbx "
                           "-appFile .\\output\\curdmill.app -skipVerification -sync "
                           "-install'",
                           "Publishing C:\\ProgramData\\BcContainerHelper\\Extensions\\"
                           "milkpay-sbx\\_curdmill.app\nSynchronizing Member Payments on "
                           "tenant default\nPublish-BcContainerApp: The schema "
                           "synchronization cannot be completed. Table Quality Premium Tier "
                           ":: The field 'Tier' has changed type from Code to Integer. This "
                           "is a destructive change.", 1),
              "note": "The default sync mode refuses destructive schema changes. In the "
                      "sandbox the data is throwaway, so forcing the sync is fine — "
                      "scripts/Publish-Sandbox.ps1 does exactly that.",
              "ok": bash("pwsh -c 'Publish-BcContainerApp -containerName milkpay-sbx "
                         "-appFile .\\output\\curdmill.app -skipVerification -sync -install "
                         "-syncMode ForceSync'",
                         "Publishing C:\\ProgramData\\BcContainerHelper\\Extensions\\"
                         "milkpay-sbx\\_curdmill.app\nSynchronizing Member Payments on tenant "
                         "default (ForceSync)\nInstalling Member Payments on tenant default\n"
                         "App successfully published"),
              "done": "Published and installed in milkpay-sbx with ForceSync; the tier rows in "
                      "the sandbox were dropped, which is fine there. Production will need an "
                      "upgrade codeunit for this change.",
              "hint": "in the sandbox just force it, add `-syncMode ForceSync` to your "
                      "Publish-BcContainerApp. Never against production, use an upgrade "
                      "codeunit there",
              "script": ("scripts/Publish-Sandbox.ps1",
                         "param([string]$ContainerName = 'milkpay-sbx')\n# Sandbox only. "
                         "ForceSync throws away data on destructive schema changes.\n$app = "
                         "Get-ChildItem .\\output\\*.app | Sort-Object LastWriteTime | "
                         "Select-Object -Last 1\nPublish-BcContainerApp -containerName "
                         "$ContainerName -appFile $app.FullName -skipVerification -sync "
                         "-install -syncMode ForceSync\n")}),
        Fact("cmd-testkit", "command", ["-includeTestToolkit"],
             ["the test runner says the toolkit isn't there when I run the payment tests in "
              "the sandbox — what do I have to do?",
              "how do I get a sandbox container that can actually run our AL test codeunits?"],
             "curdmill's AL test codeunits only run in a sandbox container created with the "
             "test toolkit: `New-BcContainer ... -includeTestToolkit "
             "-includeTestLibrariesOnly` (scripts/New-Sandbox.ps1), then "
             "`Run-TestsInBcContainer -containerName milkpay-sbx`; a container without it "
             "fails with 'Test Toolkit is not installed'.",
             {"goal": "run the milk check calc tests in the sandbox, I want to see them pass "
                      "before Dale's review",
              "fail": bash("pwsh -c 'Run-TestsInBcContainer -containerName milkpay-sbx "
                           "-credential $cred -extensionId "
                           "4f1c2a9e-7d3b-4b8e-9a51-0c6e2d7f8b13'",
                           "Run-TestsInBcContainer: Test Toolkit is not installed in "
                           "container milkpay-sbx\nAt C:\\Program Files\\WindowsPowerShell\\"
                           "Modules\\BcContainerHelper\\6.0.19\\AppHandling\\"
                           "Run-TestsInNavContainer.ps1:212 char:13", 1),
              "note": "The sandbox was created without the test toolkit, so there's no test "
                      "runner to drive. It has to be recreated with the toolkit (the "
                      "libraries-only flavour keeps it quick) before the tests can run.",
              "ok": bash("pwsh -c 'New-BcContainer -accept_eula -containerName milkpay-sbx "
                         "-artifactUrl (Get-BcArtifactUrl -type Sandbox -country us -select "
                         "Latest) -auth NavUserPassword -credential $cred -includeTestToolkit "
                         "-includeTestLibrariesOnly -updateHosts; Run-TestsInBcContainer "
                         "-containerName milkpay-sbx -credential $cred -extensionId "
                         "4f1c2a9e-7d3b-4b8e-9a51-0c6e2d7f8b13'",
                         "Creating container milkpay-sbx from mcr.microsoft.com/businesscentral"
                         ":ltsc2022\nImporting Test Toolkit (libraries only)\nContainer "
                         "milkpay-sbx successfully created\n  Codeunit 50461 Milk Check Calc "
                         "Tests Success (2.114 seconds)\n    Testfunction AdvanceUsesPriorMonth"
                         "Price Success\n    Testfunction HaulingDeductionPerCwt Success\n"
                         "    Testfunction SccPremiumTiers Success\n  Codeunit 50462 ACH File "
                         "Tests Success (0.871 seconds)"),
              "done": "Both test codeunits pass in the recreated milkpay-sbx.",
              "hint": "the sandbox has to be made with the toolkit: New-BcContainer with "
                      "`-includeTestToolkit -includeTestLibrariesOnly`, then "
                      "Run-TestsInBcContainer works",
              "script": ("scripts/New-Sandbox.ps1",
                         "param([switch]$Recreate)\n$cred = Get-Credential admin\n"
                         "New-BcContainer -accept_eula -containerName milkpay-sbx `\n  "
                         "-artifactUrl (Get-BcArtifactUrl -type Sandbox -country us -select "
                         "Latest) `\n  -auth NavUserPassword -credential $cred `\n  "
                         "-includeTestToolkit -includeTestLibrariesOnly -updateHosts\n")}),
        Fact("env-uat", "environment", ["CheckRunUAT"],
             ["which BC environment do we rehearse the milk check run in before the real one?",
              "what's the UAT copy of production called in the admin center?"],
             "curdmill's rehearsal environment in the Business Central admin center is the "
             "online sandbox CheckRunUAT (AL-Go deploys main to it), copied from Production "
             "the day after each final settlement; the milk check run and the test ACH file "
             "are rehearsed there before posting in Production.",
             {"goal": "which online sandbox do we rehearse the check run in? I need to tell "
                      "Dale where to look at the test ACH file",
              "probe": [read(".github/AL-Go-Settings.json",
                             "{\n  \"type\": \"PTE\",\n  \"templateUrl\": \"https://github.com/"
                             "microsoft/AL-Go-PTE@main\",\n  \"environments\": [\n    "
                             "\"CheckRunUAT\",\n    \"Production\"\n  ],\n  "
                             "\"DeployToCheckRunUAT\": {\n    \"EnvironmentName\": "
                             "\"CheckRunUAT\",\n    \"Branches\": [\"main\"],\n    "
                             "\"_comment\": \"copied from Production the day after each final "
                             "settlement\"\n  },\n  \"DeployToProduction\": {\n    "
                             "\"EnvironmentName\": \"Production\",\n    \"Branches\": "
                             "[\"release/*\"]\n  }\n}\n"),
                        bash("gh api repos/tamarack-prairie/curdmill/environments --jq "
                             "'.environments[].name'", "CheckRunUAT\nProduction")],
              "confirm": "The rehearsal environment is the online sandbox CheckRunUAT: AL-Go "
                         "deploys main there, Production only from release branches. Per the "
                         "settings it's copied from Production the day after each final "
                         "settlement, so the test ACH file there has real members on it.",
              "guess": "we rehearse in the sandbox just called UAT, the one Anders set up",
              "asked": "In which Business Central environment do you test the member payment "
                       "run before it goes live, and how current is its data?",
              "row": ("Test environment for the payment run",
                      "CheckRunUAT (online sandbox, copied from Production after each final "
                      "settlement)")}),
        Fact("env-idrange", "environment", ["50400"],
             ["which object numbers can I use for a new table in the payments app?",
              "what ID range does our extension own, as opposed to Lakeshore's?"],
             "curdmill's app.json idRanges are 50400..50449 (its test app uses "
             "50450..50499); 50000..50399 belongs to Lakeshore's Dairy Procurement app, so "
             "new curdmill objects take the next free ID from 50400 up.",
             {"goal": "I need a new table for the SCC premium tiers, what object ID can it "
                      "have? Don't want to collide with Lakeshore again",
              "probe": [read("app.json",
                             "{\n  \"id\": \"8d0c51f2-3a77-4c1e-b2f4-59e0d6a1c3b7\",\n  "
                             "\"name\": \"Member Payments\",\n  \"publisher\": \"Tamarack "
                             "Prairie\",\n  \"version\": \"24.3.7.0\",\n  \"dependencies\": [\n"
                             "    { \"name\": \"Dairy Procurement\", \"publisher\": "
                             "\"Lakeshore BC Partners\", \"version\": \"24.1.0.0\" }\n  ],\n  "
                             "\"idRanges\": [ { \"from\": 50400, \"to\": 50449 } ],\n  "
                             "\"runtime\": \"13.0\"\n}\n"),
                        bash("grep -rhoE '^(table|codeunit|page|xmlport|enum) [0-9]+' src | "
                             "sort -k2 -n | tail -4",
                             "enum 50418\npage 50422\ntable 50423\nxmlport 50427")],
              "confirm": "app.json gives the app 50400..50449 (the test app has 50450..50499; "
                         "Lakeshore's Dairy Procurement app owns 50000..50399). The highest ID "
                         "in use is 50427, so the new table can be 50428.",
              "guess": "we start at 50000 like every other extension",
              "asked": "How do you make sure your customisations don't clash with the "
                       "partner's? Which object numbers are yours?",
              "row": ("AL object ID range", "50400..50449 (test app 50450..50499)")}),
        Fact("gotcha-rounding", "gotcha", ["DecimalPlaces = 0:5"],
             ["why would a member's milk check come out a few cents different from Dale's "
              "spreadsheet?",
              "where in the milk check calculation are we supposed to round to cents?"],
             "curdmill's milk check component lines (butterfat, protein, other solids, SCC "
             "premium) must not be rounded to cents: their amount fields keep DecimalPlaces "
             "= 0:5 and only the check total is rounded to 0.01, like the Federal Order "
             "statement; rounding each line made checks differ from the controller's "
             "spreadsheet by a few cents.",
             {"symptom": "Dale's tie-out for the advance is off. 31 members' checks differ "
                         "from his spreadsheet by 1-4 cents, never more",
              "subject": "advance tie-out doesn't tie",
              "trace": "Member  004117  calc 2,418.37  sheet 2,418.35  diff  0.02\n"
                       "Member  006203  calc 1,977.04  sheet 1,977.07  diff -0.03\n"
                       "Member  010288  calc 3,302.91  sheet 3,302.90  diff  0.01",
              "probe": [bash(f"grep -n 'Round(' {calc}",
                             "88:            Line.Amount := Round(Lbs / 100 * Price, 0.01);\n"
                             "131:        Check.Total := Round(Check.Total, 0.01);"),
                        bash("grep -n -A2 'field(20; Amount' src/Payment/"
                             "MilkCheckLine.Table.al",
                             "31:        field(20; Amount; Decimal)\n32-        {\n33-       "
                             "     DecimalPlaces = 0:2;")],
              "explain": "Each component line (butterfat, protein, other solids, SCC premium) "
                         "is rounded to cents with Round(..., 0.01) and stored in a 0:2 field, "
                         "then the rounded lines are summed. Dale's spreadsheet, like the "
                         "Federal Order statement, keeps the components unrounded and rounds "
                         "the check total once, so four roundings per member drift by a few "
                         "cents. The line amounts need DecimalPlaces = 0:5 and no rounding; "
                         "only the check total is rounded to 0.01.",
              "fix": [edit(calc, "            Line.Amount := Round(Lbs / 100 * Price, 0.01);\n",
                           "            // unrounded: only the check total is rounded\n"
                           "            Line.Amount := Lbs / 100 * Price;\n"),
                      edit("src/Payment/MilkCheckLine.Table.al",
                           "            DecimalPlaces = 0:2;\n",
                           "            DecimalPlaces = 0:5;\n")],
              "done": "Re-ran the advance in the sandbox: all 31 checks now match Dale's "
                      "spreadsheet to the cent.",
              "told": "we round every component line to cents and the federal order "
                      "statement only rounds the total, so the lines need five decimals",
              "repro": "pwsh -c './scripts/Compare-Advance.ps1 -Period 2405A -Spreadsheet "
                       ".\\tieout\\advance.xlsx'"}),
        Fact("gotcha-tz", "gotcha", ["Central Standard Time"],
             ["why did the advance payment journal get the next day's posting date when the "
              "job ran in the evening?",
              "what time zone does the job queue user for the payment posting need?"],
             "curdmill's scheduled payment posting runs in the job queue as the user "
             "MILKPAY-JQ, whose time zone was blank (UTC), so a job after 7 pm Central took "
             "the next day's date as its posting date; MILKPAY-JQ's time zone must be set to "
             "Central Standard Time (UTC-06:00 Central Time) in User Settings (JobQueueSetup "
             "does it).",
             {"symptom": "The advance posted last night with posting date the 26th. It ran at "
                         "7:30pm on the 25th. Dale is not happy, at month end that's the wrong "
                         "period",
              "subject": "posting date on advance???",
              "trace": "Job Queue Log Entry  Post Milk Check Advance\n  Start  05/25 "
                       "19:30:02  User MILKPAY-JQ  Status Success\n  G/L Register 8812  "
                       "Posting Date 05/26  Entries 1,084",
              "probe": [bash("pwsh -c 'Invoke-ScriptInBcContainer milkpay-sbx { Get-NAVUser "
                             "-ServerInstance BC -UserName MILKPAY-JQ | Select UserName, "
                             "TimeZone }'",
                             "UserName    TimeZone\n--------    --------\nMILKPAY-JQ")],
              "explain": "The job queue runs the posting codeunit as MILKPAY-JQ, and Today() "
                         "and the work date in that session follow that user's time zone. Its "
                         "time zone is blank, which means UTC, so at 7:30 pm Central it was "
                         "already 00:30 on the 26th. Setting MILKPAY-JQ to Central Standard "
                         "Time (UTC-06:00 Central Time) makes the posting date follow the "
                         "Wisconsin calendar.",
              "fix": [edit("src/Setup/JobQueueSetup.Codeunit.al",
                           "        UserSettings.\"Language ID\" := 1033;\n",
                           "        UserSettings.\"Language ID\" := 1033;\n        "
                           "UserSettings.\"Time Zone\" := 'Central Standard Time';\n")],
              "done": "JobQueueSetup now sets the job queue user's time zone; I ran it in "
                      "the sandbox and a 7:30 pm test run posted with the same day's date. "
                      "The posted advance needs reversing and reposting with the 25th.",
              "told": "the job queue user had no time zone so it ran on UTC and flipped the "
                      "date in the evening",
              "repro": "pwsh -c './scripts/Run-JobQueueEntry.ps1 -Container milkpay-sbx "
                       "-Codeunit \"Post Milk Check Advance\" -Verbose'"}),
        Fact("fals-sessions", "falsified", ["StartSession"],
             ["could the check run post members in parallel to get it under an hour?",
              "did anyone try splitting the payment posting across background sessions?"],
             "Posting curdmill's milk check run in parallel background sessions "
             "(StartSession, one per route batch) was tried and dropped: the sessions all "
             "lock the same G/L Entry and No. Series tables, two of six timed out on the No. "
             "Series Line lock and the run was no faster. The run posts sequentially in one "
             "session.",
             {"ask": "try splitting the final settlement posting into 6 background sessions "
                     "by route, StartSession per batch, see if it gets under an hour",
              "change": [edit(post, "        PostBatch(AllMembers);\n",
                              "        foreach RouteCode in Routes do begin\n            "
                              "Batch.SetRange(\"Route Code\", RouteCode);\n            "
                              "StartSession(SessionId, Codeunit::\"Post Route Batch\", "
                              "CompanyName, Batch);\n        end;\n        "
                              "WaitForSessions(SessionIds);\n")],
              "broke": bash("pwsh -c 'Run-TestsInBcContainer -containerName milkpay-sbx "
                            "-credential $cred -testFunction PostsFullSettlementRun'",
                            "  Codeunit 50463 Settlement Run Tests Failure (612.3 seconds)\n"
                            "    Testfunction PostsFullSettlementRun Failure\n      Session 4: "
                            "The operation could not complete because a record in the No. "
                            "Series Line table was locked by another user.\n      Session 6: "
                            "The operation could not complete because a record in the G/L "
                            "Entry table was locked by another user.", 1),
              "revert": bash(f"git checkout -- {post} && pwsh -c 'Compile-AppInBcContainer "
                             f"-containerName milkpay-sbx -appProjectFolder . -credential "
                             f"$cred' | tail -1",
                             "C:\\src\\curdmill\\output\\Tamarack Prairie_Member "
                             "Payments_24.3.7.0.app"),
              "conclusion": "Reverted to one session. The background sessions all post into "
                            "the same G/L Entry and No. Series tables, so they queue on the "
                            "same locks — two of six timed out and the rest weren't faster. "
                            "Posting stays sequential; StartSession batching is a dead end "
                            "here.",
              "want": "the final settlement takes almost two hours to post. can we run the "
                      "routes at the same time somehow?",
              "offer": "We could split the run by route and post each batch in its own "
                       "background session — six in parallel instead of one long loop. Want "
                       "me to try?",
              "story": "Anders tried six StartSession batches last spring. They all fight "
                       "over the G/L Entry and No. Series locks, two timed out and the run "
                       "took longer than before",
              "title": "Parallel StartSession posting of the check run"}),
        Fact("fals-nacha", "falsified", ["705 addenda"],
             ["why don't we use BC's standard electronic payment export for the member direct "
              "deposits?",
              "was the built-in NACHA file format ever tried for paying the members?"],
             "The standard Business Central US EFT (NACHA) bank export was tried for "
             "curdmill's member direct deposits and dropped: it writes CCD entries without "
             "the 705 addenda records AgriFirst Farm Credit requires for the deduction "
             "detail, so the bank rejected the test file; the ACH file comes from the "
             "extension's own XMLport 50427 instead.",
             {"ask": "switch the member ACH to the standard bank export (US EFT DEFAULT) in "
                     "the payment journal and generate a test file for AgriFirst",
              "change": [edit("src/Setup/PaymentSetup.Codeunit.al",
                              "        BankAcc.\"Payment Export Format\" := 'TP-ACH';\n",
                              "        BankAcc.\"Payment Export Format\" := 'US EFT "
                              "DEFAULT';\n")],
              "broke": bash("pwsh -c './scripts/Validate-AchFile.ps1 -Path .\\out\\"
                            "ach-test.txt -Profile AgriFirst'",
                            "File header OK (immediate origin 0759012300)\nBatch 1 CCD "
                            "MEMBERPAY\nEntry 1 trace 075901230000001: addenda indicator 0 — "
                            "705 addenda required by the AgriFirst profile\n...\n212 of 212 "
                            "entries missing the 705 addenda record\nFAIL: file would be "
                            "rejected", 1),
              "revert": bash("git checkout -- src/Setup/PaymentSetup.Codeunit.al && "
                             "git status --short", ""),
              "conclusion": "Back on our own XMLport. The standard US EFT export writes CCD "
                            "entry records with no 705 addenda records, and AgriFirst's spec "
                            "needs one per member with the hauling and deduction detail — "
                            "their validator rejects the whole file. XMLport 50427 writes "
                            "the 705 addenda.",
              "want": "why do we maintain our own ACH file thing? BC has a payment export "
                      "built in",
              "offer": "Business Central ships a US EFT (NACHA) export for payment journals. "
                       "We could drop the custom file and use that — want me to switch it "
                       "and make a test file?",
              "story": "We tried the standard US EFT export in 2023. It writes no 705 addenda "
                       "record, AgriFirst needs one per member with the deduction detail, "
                       "they bounced the test file",
              "title": "Standard US EFT export for member ACH"}),
    ]
    chatter = [
        "[09:40:51] Get-BcContainerAppInfo milkpay-sbx: 3 apps",
        "[09:40:52] Dairy Procurement 24.1.0.0 (Lakeshore BC Partners) installed",
        "[09:40:52] Member Payments 24.3.7.0 (Tamarack Prairie) installed",
        "[09:40:53] Setting up company CRONUS USA, Inc.",
        "[09:40:55] Importing 181 members from .\\testdata\\members.csv",
        "[09:40:58] Importing component tests for period 2405A",
        "[09:41:01] Calculating advance: route NORTH-1 (34 members)",
        "[09:41:03] Calculating advance: route NORTH-2 (29 members)",
        "[09:41:04] Calculating advance: route RIVER (41 members)",
        "[09:41:06] Calculating advance: route PRAIRIE (38 members)",
        "[09:41:08] Calculating advance: route EAST (39 members)",
        "[09:41:09] Hauling deductions applied (181 members)",
        "[09:41:10] Writing comparison to .\\out\\compare.csv",
        "[09:41:11] Done in 20.4 s",
    ]
    noise: list[Episode] = [
        look("Remind me how the hauling deduction is calculated, Renee's asking",
             "src/Hauling/HaulingDeduction.Codeunit.al",
             "procedure Deduction(Member: Record \"Member Producer\"; Lbs: Decimal): Decimal\n"
             "begin\n    // per hundredweight, with a floor per pickup\n    "
             "Rate := RouteRate(Member.\"Route Code\");\n    exit(MaxValue(Lbs / 100 * Rate, "
             "Pickups * MinPerPickup));\nend;\n",
             "It's the route's rate per hundredweight, but never less than the minimum charge "
             "per pickup times the number of pickups."),
        find("Where do we still reference the old premium table?", "Quality Premium Old",
             ["src/Upgrade/Upgrade2024.Codeunit.al", "src/Reports/PremiumHistory.Report.al"],
             "Two places: the 2024 upgrade codeunit (expected) and the Premium History report "
             "(that one should move to the new table)."),
        tweak("The check stub says 'Hauling charge', Dale wants 'Hauling deduction'",
              "src/Reports/MilkCheckStub.Report.al",
              "HaulingLbl: Label 'Hauling charge';", "HaulingLbl: Label 'Hauling deduction';",
              "Label changed on the check stub."),
        run("Is the sandbox container up?", "pwsh -c 'Get-BcContainers'",
            "milkpay-sbx", "Yes, milkpay-sbx is running."),
        talk("What's the difference between a codeunit's OnRun and a normal procedure, in "
             "plain terms?",
             "OnRun is the trigger that fires when the codeunit is run as a whole "
             "(Codeunit.Run), which also gives you a transaction boundary you can catch "
             "errors around; a procedure is just a function you call on it."),
        steps("What changed since the last release tag?",
              [bash("git log --oneline v24.3.6..HEAD",
                    "a81f2c0 SCC premium: new tier table\n4e07d19 check stub label\n"
                    "c3b9a51 members import: trim route codes\n90d6e7a AL-Go: bump templates")],
              "Four commits: the new SCC tier table, the check stub label, trimming route "
              "codes on the member import, and an AL-Go template bump."),
        [Step(prompt="Dale wants a report of members whose SCC premium changed tier this "
                     "month. Options?"),
         Step(tools=[ask_user("How should the tier-change list be delivered?", "Delivery",
                              [("Report", "An AL report Dale runs from the role center"),
                               ("Excel", "A query exported to Excel"),
                               ("Both", "Report plus Excel layout")], "Excel")]),
         Step(text="An Excel-backed query, then."),
         Step(prompt="Yes, and only members with a tier change, not everyone"),
         Step(tools=[write("src/Reports/SccTierChanges.Query.al",
                           "query 50429 \"SCC Tier Changes\"\n{\n    QueryType = Normal;\n"
                           "    elements\n    {\n        dataitem(Change; \"Premium Tier "
                           "Change\")\n        {\n            DataItemTableFilter = Changed "
                           "= const(true);\n            column(MemberNo; \"Member No.\") { }\n"
                           "            column(OldTier; \"Old Tier\") { }\n            "
                           "column(NewTier; \"New Tier\") { }\n        }\n    }\n}\n")]),
         Step(text="Query 50429 lists only members whose tier changed; Dale can open it in "
                   "Excel from the role center.")],
        steps("Have a look at the ACH XMLport for anything that could bite us",
              [agent("Review ACH XMLport", "Read src/Payment/MemberAch.XmlPort.al and report "
                     "anything risky in the file layout.",
                     "Batch totals are computed from the lines as written, good. The file "
                     "creation time uses Time() without a time zone — harmless. Member names "
                     "are truncated to 22 chars but not upper-cased; some banks want upper "
                     "case.", "a7c21f09e3d4", "Explore", 5)],
              "Nothing serious: names aren't upper-cased (some banks insist), otherwise fine."),
    ]
    return Project(
        "curdmill", "git@github.com:tamarack-prairie/curdmill.git",
        {"README.md": "# curdmill\n\nMember Payments extension for Business Central.\n",
         "app.json": "{\n  \"name\": \"Member Payments\",\n  \"publisher\": \"Tamarack "
                     "Prairie\"\n}\n",
         "docs/close-checklist.md": "# Close checklist\n\n## Steps\n",
         "docs/known-issues.md": "# Known issues\n\n## Open\n"},
        _equip(facts, mates=["Dale", "Anders"], vendor="Lakeshore BC Partners",
               outsider="Hruska & Lange (the external auditors)",
               checklist="docs/close-checklist.md", known="docs/known-issues.md",
               chatter=chatter,
               naive=bash("pwsh -c 'Restart-BcContainer milkpay-sbx'",
                          "Restarting container milkpay-sbx\nContainer milkpay-sbx restarted"),
               retro=["Tie-out spreadsheet sent to Dale before posting, not after",
                      "Hauler statements went out a day early, nice",
                      "Try freezing component tests on the 24th",
                      "Keep the sandbox rehearsal the night before",
                      "Try a second pair of eyes on route changes"],
               parked=["Member self-service portal for check stubs (needs budget)",
                       "Upgrade to the v25 runtime (after flush)",
                       "Move hauler statements to email instead of paper"]),
        noise, "github")


# ------------------------------------------------------------------- haybarrow
def haybarrow() -> Project:
    nightly = "src/premiums/nightly.ts"
    export = "src/haulers/exportRoster.ts"
    jest = bash("npx jest --silent",
                "PASS test/premiums.test.ts\nPASS test/visits.test.ts\nPASS test/haulers."
                "test.ts\n\nTest Suites: 3 passed, 3 total\nTests:       41 passed, 41 total\n"
                "Time:        2.87 s")
    deploy_id = "AKfycbw3pK8r2LqTnV0mZx7yHc1dEoU4sJ9aBfGiW5tRqQk"
    facts = [
        Fact("conv-repo", "convention", ["SheetRepo"],
             ["what's the rule for reading and writing the spreadsheets from the field reps' "
              "scripts?",
              "should my new function call getRange on the quality sheet directly?"],
             "In haybarrow (the field reps' Apps Script project) no code calls getRange / "
             "getValue / setValue on a sheet directly: every read and write goes through the "
             "SheetRepo class (src/sheets/SheetRepo.ts), which batches with getValues / "
             "setValues, because a cell-by-cell loop over 180 farms took five minutes.",
             {"task": "add a 'last visit date' column to the Member Quality sheet, filled "
                      "from the visit log when the nightly job runs",
              "rule": "nothing calls getRange/getValue on a sheet directly, it all goes "
                      "through SheetRepo, which reads and writes in one batch. Trent's "
                      "cell-by-cell loop took five minutes for 180 farms",
              "contrary": edit(nightly, "  recalcPremiums(members);\n",
                               "  recalcPremiums(members);\n  const sheet = SpreadsheetApp."
                               "getActive().getSheetByName('Member Quality')!;\n  "
                               "members.forEach((m, i) => {\n    sheet.getRange(i + 2, 14)."
                               "setValue(lastVisit(m.patron));\n  });\n"),
              "follow": [edit(nightly, "  recalcPremiums(members);\n",
                              "  recalcPremiums(members);\n  const quality = new SheetRepo("
                              "'Member Quality');\n  quality.writeColumn('Last visit', "
                              "members.map(m => lastVisit(m.patron)));\n"),
                         jest],
              "done": "The nightly job now fills a 'Last visit' column through "
                      "SheetRepo.writeColumn, one batched write for all farms. Tests pass.",
              "doc": ("docs/SOP-scripts.md",
                      "# SOP: field scripts\n\n1. Every change is tested with Jest before "
                      "it is pushed.\n2. Sheets\n   2.1 No code touches a sheet's ranges "
                      "directly. Reads and writes go through `SheetRepo` "
                      "(src/sheets/SheetRepo.ts), which batches them. A cell-by-cell loop "
                      "over 180 farms took five minutes.\n   2.2 Sheet names live in "
                      "src/config.ts.\n3. Releases happen Tuesday mornings, not on pickup "
                      "peaks.\n"),
              "found": "Clause 2.1 of docs/SOP-scripts.md: no code touches a sheet's ranges "
                       "directly — reads and writes go through SheetRepo "
                       "(src/sheets/SheetRepo.ts), which batches them; a cell-by-cell loop "
                       "took five minutes for 180 farms."}),
        Fact("conv-textcol", "convention", ["setNumberFormat"],
             ["how do we keep the zeros at the front of patron numbers when a script writes "
              "them into a sheet?",
              "what has to happen to the patron column before member numbers go into a new "
              "sheet?"],
             "In haybarrow, before patron numbers (six digits, zero-padded, e.g. 004117) are "
             "written into any sheet, their column is set to plain text with "
             "range.setNumberFormat('@'); otherwise Sheets turns 004117 into the number 4117 "
             "and lookups against Business Central fail.",
             {"task": "make the export for the new hauler roster sheet: one row per farm with "
                      "patron number, farm name, route and last pickup",
              "rule": "patron numbers are text. Set the column to plain text with "
                      "setNumberFormat('@') before anything is written, or Sheets drops the "
                      "leading zeros, 004117 becomes 4117 and nothing matches BC anymore",
              "contrary": write(export,
                                "export function exportRoster(rows: RosterRow[]): void {\n"
                                "  const sh = rosterSheet();\n  sh.clearContents();\n  "
                                "sh.getRange(1, 1, rows.length, 4).setValues(rows.map(r => "
                                "[r.patron, r.farm, r.route, r.lastPickup]));\n}\n"),
              "follow": [write(export,
                               "export function exportRoster(rows: RosterRow[]): void {\n"
                               "  const sh = rosterSheet();\n  sh.clearContents();\n  // "
                               "patron numbers are text: keep the leading zeros\n  "
                               "sh.getRange('A:A').setNumberFormat('@');\n  sh.getRange(1, 1, "
                               "rows.length, 4).setValues(rows.map(r => [r.patron, r.farm, "
                               "r.route, r.lastPickup]));\n}\n"),
                         jest],
              "done": "exportRoster sets column A to plain text with setNumberFormat('@') "
                      "before writing, so 004117 stays 004117. Tests pass.",
              "doc": ("docs/SOP-scripts.md",
                      "# SOP: field scripts\n\n1. Every change is tested with Jest before "
                      "it is pushed.\n2. Member data\n   2.1 Patron numbers are six-digit "
                      "text (004117). Before writing them, set the column to plain text: "
                      "`range.setNumberFormat('@')`. Otherwise Sheets strips the zeros and "
                      "lookups against BC fail.\n   2.2 Farm names are never used as "
                      "keys.\n"),
              "found": "Clause 2.1 of docs/SOP-scripts.md: patron numbers are six-digit text, "
                       "and their column must be set to plain text with "
                       "range.setNumberFormat('@') before writing, or Sheets strips the "
                       "zeros."}),
        Fact("cmd-bundle", "command", ["npm run bundle"],
             ["clasp push can't find anything to upload on a fresh checkout — what's the right "
              "way to push?",
              "what do I have to run before pushing the TypeScript up to Apps Script?"],
             "haybarrow is TypeScript bundled by esbuild into dist/ (the rootDir in "
             ".clasp.json), so push with `npm run bundle && npx clasp push --force`; clasp "
             "alone finds no dist/ on a fresh checkout (ENOENT) or pushes a stale bundle.",
             {"goal": "push the nightly job change up to the Apps Script project",
              "fail": bash("npx clasp push",
                           "Error: ENOENT: no such file or directory, scandir "
                           "'/home/dev/src/haybarrow/dist'", 1),
              "note": "clasp pushes from dist/ (rootDir in .clasp.json), and dist/ only "
                      "exists after the esbuild bundle step — the TypeScript in src/ is never "
                      "pushed directly.",
              "ok": bash("npm run bundle && npx clasp push --force",
                         "> haybarrow@1.8.0 bundle\n> esbuild src/main.ts --bundle "
                         "--format=iife --outfile=dist/Code.js && cp appsscript.json dist/\n\n"
                         "  dist/Code.js  61.2kb\n\n⚡ Done in 38ms\n└─ dist/Code.js\n└─ "
                         "dist/appsscript.json\nPushed 2 files."),
              "done": "Pushed: the bundle (dist/Code.js) and the manifest.",
              "hint": "you have to bundle first: `npm run bundle && npx clasp push --force`. "
                      "clasp only looks in dist/",
              "script": ("package.json",
                         "{\n  \"name\": \"haybarrow\",\n  \"version\": \"1.8.0\",\n  "
                         "\"scripts\": {\n    \"bundle\": \"esbuild src/main.ts --bundle "
                         "--format=iife --outfile=dist/Code.js && cp appsscript.json dist/\",\n"
                         "    \"push\": \"npm run bundle && clasp push --force\",\n    "
                         "\"test\": \"jest\"\n  }\n}\n")}),
        Fact("cmd-deployid", "command", ["--deploymentId"],
             ["how do I update the haulers' pickup web app without the link changing on them?",
              "what's the release command that keeps the same web app URL?"],
             "To release haybarrow's hauler pickup web app, update the existing deployment in "
             f"place: `npx clasp deploy --deploymentId {deploy_id} --description \"...\"` "
             "(scripts/release.sh); a bare clasp deploy creates a new deployment with a new "
             "/exec URL and the haulers' bookmarked link keeps serving the old version. The "
             "old `clasp redeploy` command no longer exists.",
             {"goal": "release the pickup log fix to the haulers",
              "fail": bash(f"npx clasp redeploy {deploy_id} 57 'pickup log fix'",
                           "error: unknown command 'redeploy'. See 'clasp --help'.", 1),
              "note": "clasp dropped redeploy; the existing deployment is updated with clasp "
                      "deploy and its ID, which keeps the /exec URL the haulers have "
                      "bookmarked.",
              "ok": bash(f"npx clasp deploy --deploymentId {deploy_id} --description "
                         "'pickup log fix'",
                         f"Created version 57.\n- {deploy_id} @57."),
              "done": "Version 57 is live on the existing deployment; the haulers' link is "
                      "unchanged.",
              "hint": f"`npx clasp deploy --deploymentId {deploy_id} --description \"...\"` "
                      "— if you leave the id off it makes a new URL and the haulers keep the "
                      "old version",
              "script": ("scripts/release.sh",
                         "#!/usr/bin/env bash\n# Update the haulers' web app IN PLACE (same "
                         "/exec URL).\nset -euo pipefail\nnpm run push\nnpx clasp deploy "
                         f"--deploymentId {deploy_id} --description \"$1\"\n")}),
        Fact("env-tz", "environment", ["America/Chicago"],
             ["what time zone does the field reps' script think it's in?",
              "why do the visit timestamps follow Wisconsin time — where is that set?"],
             "haybarrow's appsscript.json sets timeZone America/Chicago, and every timestamp "
             "is formatted with Session.getScriptTimeZone(), so visit times are Central time "
             "whoever logs them; the nightly premium recalc trigger fires between 1 and 2 am "
             "Central.",
             {"goal": "what timezone does the script run in? Marisol says visit times look an "
                      "hour off for the new rep in the Upper Peninsula",
              "probe": [read("appsscript.json",
                             "{\n  \"timeZone\": \"America/Chicago\",\n  "
                             "\"runtimeVersion\": \"V8\",\n  \"exceptionLogging\": "
                             "\"STACKDRIVER\",\n  \"oauthScopes\": [\n    \"https://www."
                             "googleapis.com/auth/spreadsheets\",\n    \"https://www."
                             "googleapis.com/auth/script.send_mail\"\n  ]\n}\n"),
                        bash("grep -rn 'formatDate' src | head -3",
                             "src/visits/VisitLog.ts:22:  const when = Utilities.formatDate("
                             "new Date(), Session.getScriptTimeZone(), 'yyyy-MM-dd HH:mm');\n"
                             "src/premiums/nightly.ts:9:  log(Utilities.formatDate(now, "
                             "Session.getScriptTimeZone(), 'HH:mm'));")],
              "confirm": "The script's time zone is America/Chicago (appsscript.json), and "
                         "timestamps are formatted with Session.getScriptTimeZone(), so visit "
                         "times are Central whoever logs them — a rep on Eastern time sees "
                         "them an hour behind. The nightly recalc trigger fires between 1 and "
                         "2 am Central.",
              "guess": "the script runs on UTC like everything at Google",
              "asked": "In what time zone are the farm visit times recorded?",
              "row": ("Time zone of scheduled jobs", "America/Chicago (appsscript.json)")}),
        Fact("env-runas", "environment", ["fieldapps@tamarackcoop.org"],
             ["which account does the haulers' web app run as?",
              "whose Google account owns the triggers and the pickup log web app?"],
             "haybarrow's hauler pickup web app executes as fieldapps@tamarackcoop.org "
             "(executeAs USER_DEPLOYING, deployed from that account, access DOMAIN), and the "
             "nightly triggers belong to that account too, so sheet edits made by the scripts "
             "show that account, not a person.",
             {"goal": "who does the pickup web app run as? Trent's pickups show up in the "
                      "version history under some account I don't recognize",
              "probe": [bash("jq .webapp appsscript.json",
                             "{\n  \"executeAs\": \"USER_DEPLOYING\",\n  \"access\": "
                             "\"DOMAIN\"\n}"),
                        bash("npx clasp login --status",
                             "You are logged in as fieldapps@tamarackcoop.org."),
                        bash("npx clasp deployments | tail -2",
                             "- AKfycbyD3v0HEAD1x9 @HEAD\n- AKfycbw3pK8r2LqTnV0mZx7yHc1dEoU4sJ9"
                             "aBfGiW5tRqQk @57 - pickup log fix")],
              "confirm": "The web app executes as the user who deployed it "
                         "(USER_DEPLOYING), and deployments are made from "
                         "fieldapps@tamarackcoop.org, so every pickup a hauler logs is "
                         "written by that account; the nightly triggers belong to it too. "
                         "Access is limited to the domain.",
              "guess": "the web app runs as me since I set it up",
              "asked": "Under which account do the automated field scripts and the hauler "
                       "web app run?",
              "row": ("Service account", "fieldapps@tamarackcoop.org (web app and "
                                         "triggers)")}),
        Fact("gotcha-limit", "gotcha", ["6-minute"],
             ["why does the nightly premium recalc stop partway through the member list?",
              "how long is one Apps Script run allowed to go before Google kills it?"],
             "haybarrow's nightly premium recalc died with 'Exceeded maximum execution time' "
             "because Apps Script kills any single execution at the 6-minute limit; it now "
             "handles 40 farms per run, saves its cursor in script properties and schedules "
             "a continuation run with ScriptApp.newTrigger.",
             {"symptom": "The nightly recalc only got through 112 of 181 farms last night. "
                         "Marisol's premium sheet is blank for everyone after Olson",
              "subject": "premium sheet half empty",
              "trace": "Jun 4, 2024, 1:12:07 AM  Info   recalc start: 181 farms\n"
                       "Jun 4, 2024, 1:18:07 AM  Error  Exceeded maximum execution time",
              "probe": [bash("grep -n 'for (const m of' src/premiums/nightly.ts",
                             "14:  for (const m of members) {   // all 181, one run")],
              "explain": "Apps Script stops any single execution at the 6-minute limit — the "
                         "log shows start at 1:12:07 and the kill at 1:18:07 — and the loop "
                         "handles all 181 farms in one run. It has to work in chunks: 40 "
                         "farms per run, the cursor saved in script properties, and a "
                         "time-driven continuation scheduled with ScriptApp.newTrigger until "
                         "the list is done.",
              "fix": [edit(nightly, "  for (const m of members) {   // all 181, one run\n",
                           "  const start = Number(props.getProperty('recalcCursor') ?? 0);\n"
                           "  for (const m of members.slice(start, start + 40)) {\n"),
                      edit(nightly, "  log('recalc done');\n",
                           "  if (start + 40 < members.length) {\n    props.setProperty("
                           "'recalcCursor', String(start + 40));\n    ScriptApp.newTrigger("
                           "'nightlyRecalc').timeBased().after(60 * 1000).create();\n  } else "
                           "{\n    props.deleteProperty('recalcCursor');\n    log('recalc "
                           "done');\n  }\n")],
              "done": "Ran it by hand: five chained runs of 40 farms, all 181 recalculated, "
                      "each run well under the limit.",
              "told": "google kills a script after a few minutes, we had to cut it into "
                      "chunks that chain themselves",
              "repro": "npx clasp run nightlyRecalc && npx clasp logs --simplified | tail -20"}),
        Fact("gotcha-trigger", "gotcha", ["installable trigger"],
             ["why doesn't the alert email to the field rep go out when someone edits the "
              "quality sheet?",
              "the onEdit code in the quality sheet runs but the mail part silently does "
              "nothing — what's the catch?"],
             "haybarrow's onEdit in the quality sheet was a simple trigger, and simple "
             "triggers can't use services that need authorization (MailApp, UrlFetchApp), so "
             "the high-SCC alert email failed silently; it's now an installable trigger "
             "(ScriptApp.newTrigger('onQualityEdit').forSpreadsheet(...).onEdit()) created "
             "by setupTriggers().",
             {"symptom": "Trent entered a 410k SCC for Haugen Farms yesterday and the alert "
                         "email never came. The sheet updated fine",
              "subject": "no SCC alert for Haugen",
              "trace": "Executions — onEdit  Simple Trigger  Failed  0.4 s\n  Exception: You "
                       "do not have permission to call MailApp.sendEmail. Required "
                       "permissions: https://www.googleapis.com/auth/script.send_mail",
              "probe": [bash("grep -n 'function onEdit' -A4 src/quality/alerts.ts",
                             "7:export function onEdit(e: GoogleAppsScript.Events."
                             "SheetsOnEdit) {\n8-  if (sccOverLimit(e)) {\n9-    MailApp."
                             "sendEmail(repFor(e), 'High SCC', body(e));\n10-  }\n11-}")],
              "explain": "A function named onEdit runs as a simple trigger, and simple "
                         "triggers can't call anything that needs authorization — MailApp "
                         "fails with a permission error that nobody sees. The alert has to "
                         "run from an installable trigger, created once with ScriptApp."
                         "newTrigger('onQualityEdit').forSpreadsheet(id).onEdit(), which runs "
                         "with the owner's authorization.",
              "fix": [edit("src/quality/alerts.ts", "export function onEdit(e: "
                                                    "GoogleAppsScript.Events.SheetsOnEdit) {\n",
                           "export function onQualityEdit(e: GoogleAppsScript.Events."
                           "SheetsOnEdit) {\n"),
                      edit("src/setup.ts", "export function setupTriggers() {\n",
                           "export function setupTriggers() {\n  ScriptApp.newTrigger("
                           "'onQualityEdit').forSpreadsheet(QUALITY_ID).onEdit().create();\n")],
              "done": "Renamed the handler and ran setupTriggers(); a test edit over the limit "
                      "sent the alert to Trent.",
              "told": "onEdit can't send mail on its own, it has to be the other kind of "
                      "trigger that you create in code",
              "repro": "npx clasp logs --simplified --json | tail -40"}),
        Fact("fals-cache", "falsified", ["CacheService"],
             ["could we keep the member list cached between runs so the scripts don't read "
              "the big sheet every time?",
              "was keeping the farm list in Apps Script's cache ever tried?"],
             "Caching haybarrow's member list in CacheService was tried and dropped: one "
             "cached value is capped at 100 KB and the 181-farm list with quality history is "
             "about 340 KB, so put() threw 'Argument too large', and chunking it made reads "
             "slower than the sheet. The scripts read the sheet once per run in one batch.",
             {"ask": "try caching the member list in CacheService for an hour so the visit "
                     "form doesn't read the sheet on every submit",
              "change": [edit("src/members.ts", "export function members(): Member[] {\n",
                              "export function members(): Member[] {\n  const c = "
                              "CacheService.getScriptCache();\n  const hit = c.get('members');"
                              "\n  if (hit) return JSON.parse(hit);\n  const list = "
                              "readMembers();\n  c.put('members', JSON.stringify(list), "
                              "3600);\n  return list;\n")],
              "broke": bash("npx clasp run members && npx clasp logs --simplified | tail -3",
                            "ERROR  Exception: Argument too large: value\n    at members "
                            "(Code:1184:5)\n    at onVisitSubmit (Code:2210:19)", 1),
              "revert": bash("git checkout -- src/members.ts && npm test --silent",
                             "Tests:       41 passed, 41 total"),
              "conclusion": "Reverted. CacheService caps one value at 100 KB and the member "
                            "list with quality history is about 340 KB, so put() throws "
                            "'Argument too large'; splitting it into chunks costs more reads "
                            "than the sheet itself. Reading the sheet once per run in one "
                            "batch stays.",
              "want": "the visit form is a bit slow to submit. could we cache the member "
                      "list somewhere so it doesn't hit the sheet every time?",
              "offer": "Apps Script has a built-in cache (CacheService); we could keep the "
                       "member list there for an hour. Shall I?",
              "story": "Trent tried CacheService last summer. The member list is ~340 KB "
                       "with the quality history and a cache entry maxes out at 100 KB, so "
                       "it threw 'Argument too large'. Chunking it was slower than just "
                       "reading the sheet",
              "title": "CacheService for the member list"}),
        Fact("fals-appsheet", "falsified", ["AppSheet"],
             ["why don't we replace the haulers' pickup web page with a proper no-code app?",
              "did we ever try building the pickup log as an app instead of the web page?"],
             "Rebuilding haybarrow's hauler pickup log in AppSheet was piloted and dropped: "
             "it needed a per-user licence for all 38 haulers, outside the co-op's Workspace "
             "edition, and its offline sync created duplicate pickup rows when trucks came "
             "back into coverage. The Apps Script web app stays.",
             {"ask": "set up a quick AppSheet app on the pickup log sheet and let two haulers "
                     "try it offline this week",
              "change": [write("docs/appsheet-pilot.md",
                               "# AppSheet pilot\n\nApp: Pickup Log (AppSheet), source: "
                               "Pickup Log sheet.\nTesters: Gunderson, Vue (offline mode "
                               "on).\n")],
              "broke": bash("python3 scripts/find_dupes.py --sheet 'Pickup Log' --since 3d",
                            "checked 412 pickup rows since Monday\nDUPLICATE ticket 88213 "
                            "(Gunderson) x2  synced 14:02 and 14:03\nDUPLICATE ticket 88241 "
                            "(Vue) x3\n7 duplicates, all from AppSheet offline sync", 1),
              "revert": bash("git rm -q docs/appsheet-pilot.md && python3 scripts/"
                             "find_dupes.py --sheet 'Pickup Log' --since 3d --delete",
                             "removed 7 duplicate rows"),
              "conclusion": "Pilot stopped. AppSheet's offline sync wrote pickups twice when "
                            "the trucks came back into coverage (7 duplicates in three days), "
                            "and rolling it out would mean a per-user AppSheet licence for "
                            "all 38 haulers, which our Workspace edition doesn't include. "
                            "The Apps Script web app stays.",
              "want": "Marisol asked why the haulers can't have a \"real app\" instead of the "
                      "pickup web page. Could we build one without coding?",
              "offer": "Google's AppSheet can build a mobile app straight on top of the "
                       "pickup log sheet, with offline mode. Want me to set up a pilot?",
              "story": "We piloted AppSheet with two haulers in 2023. Offline sync made "
                       "duplicate pickups when they got signal back, and every hauler needs "
                       "their own licence, which our Workspace plan doesn't cover",
              "title": "AppSheet for the hauler pickup log"}),
    ]
    chatter = [
        "Jun 4, 2024, 1:12:01 AM  Info   trigger nightlyRecalc fired",
        "Jun 4, 2024, 1:12:02 AM  Info   reading Member Quality (181 rows)",
        "Jun 4, 2024, 1:12:04 AM  Info   reading Visit Log (2,904 rows)",
        "Jun 4, 2024, 1:12:09 AM  Info   Aasen Dairy: tier A (SCC 142k)",
        "Jun 4, 2024, 1:12:31 AM  Info   Bakke Farms: tier B (SCC 231k)",
        "Jun 4, 2024, 1:13:02 AM  Info   Christensen Acres: tier A (SCC 119k)",
        "Jun 4, 2024, 1:13:40 AM  Info   Dahl Bros: tier C (SCC 318k)",
        "Jun 4, 2024, 1:14:12 AM  Info   Engen Family Farm: tier A (SCC 98k)",
        "Jun 4, 2024, 1:14:55 AM  Info   Fjelstad: tier B (SCC 204k)",
        "Jun 4, 2024, 1:15:30 AM  Info   Gunderson Holsteins: tier A (SCC 131k)",
        "Jun 4, 2024, 1:16:02 AM  Info   Haugen Farms: tier C (SCC 305k)",
        "Jun 4, 2024, 1:16:48 AM  Info   Iverson Valley: tier B (SCC 188k)",
        "Jun 4, 2024, 1:17:20 AM  Info   Johnsrud: tier A (SCC 127k)",
    ]
    noise: list[Episode] = [
        look("What does the visit form do with the 'follow-up needed' box?",
             "src/visits/VisitForm.ts",
             "if (answers.followUp === 'Yes') {\n  tasks.create({ rep: answers.rep, patron: "
             "answers.patron, due: addDays(today(), 14) });\n}\n",
             "Ticking it creates a follow-up task for the same rep, due in 14 days."),
        find("Where do we still hardcode the quality sheet's ID?", "1Qx7",
             ["src/quality/alerts.ts", "src/config.ts"],
             "In config.ts (fine) and once in alerts.ts — that one should read it from "
             "config."),
        tweak("The visit form says 'Somatic cell count', Marisol wants 'SCC (x1000)'",
              "src/visits/questions.ts", "title: 'Somatic cell count',",
              "title: 'SCC (x1000)',", "Question title changed."),
        run("Run the tests", "npx jest --silent",
            "Test Suites: 3 passed, 3 total\nTests:       41 passed, 41 total",
            "All 41 pass."),
        talk("In TypeScript, what's the difference between 'interface' and 'type'? Which "
             "should I use for the sheet rows?",
             "Both describe object shapes; interfaces can be extended and merged, type "
             "aliases can also express unions and tuples. For plain row shapes either works "
             "— pick one and be consistent; interface is the common default."),
        steps("What changed this month?",
              [bash("git log --oneline --since=4.weeks",
                    "b31e7f0 visits: follow-up tasks\n0c6a2d4 premiums: tier C threshold "
                    "300k\n7d91e3b haulers: roster export\n5a08c11 deps: esbuild 0.21")],
              "Follow-up tasks on visits, the tier C threshold moving to 300k, the roster "
              "export and an esbuild bump."),
        [Step(prompt="Marisol wants the premium sheet to highlight farms that dropped a tier. "
                     "Simplest way?"),
         Step(text="Conditional formatting set once from code, comparing this month's tier "
                   "column with last month's.",
              tools=[edit("src/premiums/format.ts", "export function formatPremiums() {\n",
                          "export function formatPremiums() {\n  const rule = SpreadsheetApp."
                          "newConditionalFormatRule()\n    .whenFormulaSatisfied('=$F2>$E2')"
                          "\n    .setBackground('#f4cccc')\n    .setRanges([premiumRange()])"
                          ".build();\n")]),
         Step(prompt="Light red is fine. Only for this month's column"),
         Step(text="It only applies to column F, this month's tier; a farm whose tier letter "
                   "is worse than last month's turns light red.")],
        steps("Look over the visit form code for anything fragile",
              [agent("Review visit form", "Read src/visits/ and report anything fragile.",
                     "The form reads answers by question title, so renaming a question breaks "
                     "the mapping silently. Dates are parsed with new Date(string), which is "
                     "locale-sensitive for the rep-entered 'last calving' field.",
                     "9be4d0c1f277", "Explore", 4)],
              "Two fragile spots: answers looked up by question title, and date parsing of "
              "the free-text calving date."),
    ]
    return Project(
        "haybarrow", "git@github.com:tamarack-prairie/haybarrow.git",
        {"README.md": "# haybarrow\n\nField reps' Apps Script tooling (TypeScript, clasp).\n",
         ".clasp.json": "{\n  \"scriptId\": \"1Qx7vYt0dQ3lRkPz\",\n  \"rootDir\": \"dist\"\n}\n",
         "docs/close-checklist.md": "# Monthly checklist\n\n## Steps\n",
         "docs/known-issues.md": "# Known issues\n\n## Open\n"},
        _equip(facts, mates=["Marisol", "Trent"], vendor="our Workspace reseller",
               outsider="Hruska & Lange (the external auditors)",
               checklist="docs/close-checklist.md", known="docs/known-issues.md",
               chatter=chatter,
               naive=bash("npx clasp run setupTriggers",
                          "Running in dev mode.\nNo response."),
               retro=["Premium sheet was ready for the advance, keep the nightly run",
                      "Reps liked the follow-up tasks",
                      "Try a Monday check of the visit log for blanks",
                      "Keep the hauler roster export weekly",
                      "Try locking the premium sheet after the 24th"],
               parked=["Photo upload on the visit form (storage costs?)",
                       "Map of farms by route in Looker Studio",
                       "Spanish version of the visit form"]),
        noise, "slack")


# ------------------------------------------------------------------- tankwell
def tankwell() -> Project:
    form = "src/IntakeForm.pas"
    poll = "src/FlowPoll.pas"
    ticket = "src/TicketPrint.pas"
    tests = bash("lazbuild -q tests/tankwell_tests.lpi && ./tests/tankwell_tests -a "
                 "--format=plainnotiming",
                 "N:38 E:0 F:0 I:0\n  TTestUnitConv N:9 E:0 F:0 I:0\n  TTestModbus N:14 E:0 "
                 "F:0 I:0\n  TTestTicket N:15 E:0 F:0 I:0\nNumber of run tests: 38\n"
                 "Number of errors:    0\nNumber of failures:  0")
    build = bash("lazbuild -q --build-mode=Release tankwell.lpi",
                 "(1008) 14873 lines compiled, 2.9 sec\n(1022) 3 hint(s) issued")
    facts = [
        Fact("conv-pounds", "convention", ["8.6 lb"],
             ["what factor do we use to turn the flowmeter's gallons into pounds on the intake "
              "ticket?",
              "where is the gallons-to-pounds conversion supposed to live in the intake app?"],
             "In tankwell (the milk intake bay app) milk is stored and printed in whole "
             "pounds, converted from the flowmeter's gallons with the co-op's 8.6 lb per "
             "gallon factor, only in UnitConv.GallonsToLbs (src/UnitConv.pas); no other unit "
             "multiplies by its own factor.",
             {"task": "the intake ticket should show the load in pounds as well as gallons",
              "rule": "pounds only ever come from UnitConv.GallonsToLbs (8.6 lb per gallon, "
                      "whole pounds, rounded once). Nobody multiplies by their own factor "
                      "anywhere else, the lab and the milk check both key off those pounds",
              "contrary": edit(ticket, "  Z.Add('^FO40,120^FDGallons: ' + FloatToStrF("
                                       "Load.Gallons, ffFixed, 8, 1) + '^FS');\n",
                               "  Z.Add('^FO40,120^FDGallons: ' + FloatToStrF(Load.Gallons, "
                               "ffFixed, 8, 1) + '^FS');\n  Z.Add('^FO40,160^FDPounds: ' + "
                               "IntToStr(Trunc(Load.Gallons * 8.62)) + '^FS');\n"),
              "follow": [edit(ticket, "  Z.Add('^FO40,120^FDGallons: ' + FloatToStrF("
                                      "Load.Gallons, ffFixed, 8, 1) + '^FS');\n",
                              "  Z.Add('^FO40,120^FDGallons: ' + FloatToStrF(Load.Gallons, "
                              "ffFixed, 8, 1) + '^FS');\n  // pounds only from UnitConv "
                              "(8.6 lb/gal, rounded once)\n  Z.Add('^FO40,160^FDPounds: ' + "
                              "IntToStr(GallonsToLbs(Load.Gallons)) + '^FS');\n"),
                         tests],
              "done": "The ticket prints a Pounds line from UnitConv.GallonsToLbs (8.6 lb per "
                      "gallon, whole pounds) under the gallons. Tests pass.",
              "doc": ("docs/SOP-intake-app.md",
                      "# SOP: intake app changes\n\n1. No release during a pickup peak "
                      "(5-9 am, 3-7 pm).\n2. Test on the spare bay PC first.\n3. Quantities\n"
                      "   3.1 Milk is stored and printed in whole pounds.\n   3.2 Pounds "
                      "come only from `UnitConv.GallonsToLbs`: 8.6 lb per gallon, rounded "
                      "once. No unit multiplies by its own factor; the lab and the milk "
                      "check key off these pounds.\n"),
              "found": "Clause 3.2 of docs/SOP-intake-app.md: pounds come only from "
                       "UnitConv.GallonsToLbs — 8.6 lb per gallon, rounded once — and no "
                       "other unit multiplies by its own factor."}),
        Fact("conv-queue", "convention", ["TThread.Queue"],
             ["how should the polling thread hand readings back to the intake form?",
              "why not just use Synchronize from the flowmeter thread to update the screen?"],
             "In tankwell serial/Modbus reads happen only in TFlowPollThread, never on the "
             "LCL main thread, and results are handed to the form with TThread.Queue, not "
             "Synchronize (Synchronize deadlocked the app on shutdown while the thread "
             "waited on the main thread).",
             {"task": "show the tanker's milk temperature on the intake screen, the meter has "
                      "it in input register 3012",
              "rule": "serial reads only happen in TFlowPollThread and the results go to the "
                      "form with TThread.Queue. Not Synchronize: that deadlocked on shutdown "
                      "last fall and Renee had to power cycle the bay PC",
              "contrary": edit(poll, "    FTotal := ReadTotalizer;\n",
                               "    FTotal := ReadTotalizer;\n    FTemp := ReadFloat(3012);\n"
                               "    Synchronize(@PushTemp);\n"),
              "follow": [edit(poll, "    FTotal := ReadTotalizer;\n",
                              "    FTotal := ReadTotalizer;\n    FTemp := ReadFloat(3012);\n"
                              "    // never Synchronize here: deadlocks on shutdown\n    "
                              "TThread.Queue(Self, @PushTemp);\n"),
                         edit(form, "procedure TfrmIntake.ShowTotal(const V: Double);\n",
                              "procedure TfrmIntake.ShowTemp(const C: Double);\nbegin\n  "
                              "lblTemp.Caption := Format('%.1f °F', [C * 9 / 5 + 32]);\n"
                              "end;\n\nprocedure TfrmIntake.ShowTotal(const V: Double);\n"),
                         build],
              "done": "TFlowPollThread reads register 3012 with the other values and hands it "
                      "over with TThread.Queue; the form shows it in °F. Builds clean.",
              "doc": ("docs/SOP-intake-app.md",
                      "# SOP: intake app changes\n\n1. No release during a pickup peak "
                      "(5-9 am, 3-7 pm).\n2. Test on the spare bay PC first.\n3. Threads\n"
                      "   3.1 Serial and Modbus reads happen only in `TFlowPollThread`.\n"
                      "   3.2 Results go to the form with `TThread.Queue`, never "
                      "`Synchronize` (it deadlocked on shutdown, Oct 2023).\n"),
              "found": "Clause 3 of docs/SOP-intake-app.md: serial and Modbus reads happen "
                       "only in TFlowPollThread, and results go to the form with "
                       "TThread.Queue, never Synchronize (a shutdown deadlock in October "
                       "2023)."}),
        Fact("cmd-lazserial", "command", ["lazserial.lpk"],
             ["lazbuild says a package is missing when I build the intake app on a clean "
              "machine — what's the fix?",
              "how do I build the intake app from the command line on a fresh checkout?"],
             "On a fresh checkout tankwell's lazbuild fails with 'Broken dependency ... "
             "LazSerial' until the vendored package is registered: `lazbuild --add-package "
             "packages/lazserial/lazserial.lpk` then `lazbuild --build-mode=Release "
             "tankwell.lpi` (build.sh).",
             {"goal": "build a release exe on the new laptop, fresh clone",
              "fail": bash("lazbuild --build-mode=Release tankwell.lpi",
                           "Error: (lazbuild) Broken dependency: tankwell requires package "
                           "LazSerial\nError: (lazarus) Unable to load package \"LazSerial\"",
                           2),
              "note": "LazSerial is vendored under packages/ but a fresh Lazarus install "
                      "doesn't know about it; it has to be registered with lazbuild once, "
                      "then the build finds it.",
              "ok": bash("lazbuild --add-package packages/lazserial/lazserial.lpk && lazbuild "
                         "--build-mode=Release tankwell.lpi",
                         "(1008) 412 lines compiled, 0.4 sec\n(lazbuild) Package LazSerial "
                         "registered\n(1008) 14873 lines compiled, 3.1 sec\n(9015) Linking "
                         "tankwell.exe"),
              "done": "tankwell.exe built in Release mode.",
              "hint": "you have to register the serial package first: `lazbuild --add-package "
                      "packages/lazserial/lazserial.lpk`, then the normal build",
              "script": ("build.sh",
                         "#!/usr/bin/env bash\nset -euo pipefail\n# once per machine: "
                         "register the vendored serial package\nlazbuild --add-package "
                         "packages/lazserial/lazserial.lpk\nlazbuild --build-mode=Release "
                         "tankwell.lpi\niscc installer/tankwell.iss\n")}),
        Fact("cmd-fpcunit", "command", ["--all --format=plain"],
             ["the fpcunit test program just prints its usage and exits — how do I make it run "
              "everything?",
              "what's the command line for running the intake app's unit tests?"],
             "tankwell's fpcunit console test runner does nothing without arguments (prints "
             "usage, exit 1): build it with `lazbuild tests/tankwell_tests.lpi` and run "
             "`./tests/tankwell_tests --all --format=plain`.",
             {"goal": "run the unit tests for the ticket and Modbus code",
              "fail": bash("lazbuild -q tests/tankwell_tests.lpi && ./tests/tankwell_tests",
                           "Usage:\n  -l or --list to show a list of registered tests\n  -a "
                           "or --all to run all the tests and show the results in xml format\n"
                           "  -s or --suite=MyTestSuiteName to run a single test suite\n"
                           "  --format=<fmt> Select output format. <fmt> is one of: xml, "
                           "plain, plainnotiming, latex", 1),
              "note": "The fpcunit console runner only runs something when told to — all "
                      "tests, and plain text output instead of XML.",
              "ok": bash("./tests/tankwell_tests --all --format=plain",
                         "Time:00.184 N:38 E:0 F:0 I:0\nNumber of run tests: 38\nNumber of "
                         "errors:    0\nNumber of failures:  0"),
              "done": "All 38 tests pass.",
              "hint": "run it with `--all --format=plain`, on its own it only prints the "
                      "usage",
              "script": ("tests/README.md",
                         "# Tests\n\n    lazbuild tests/tankwell_tests.lpi\n    "
                         "./tests/tankwell_tests --all --format=plain\n\nWithout arguments "
                         "the runner prints its usage and exits.\n")}),
        Fact("env-serial", "environment", ["19200 8E1"],
             ["what are the serial settings for talking to the flowmeter at the intake bay?",
              "the new bay PC can't read the meter — what baud rate and parity should the port "
              "be?"],
             "tankwell talks Modbus RTU to the intake bay's flowmeter on COM3 at 19200 8E1 "
             "(19200 baud, 8 data bits, even parity, 1 stop bit), slave address 17 "
             "(tankwell.ini, [Flowmeter]).",
             {"goal": "what port settings does the flowmeter want? Cody is setting up the "
                      "spare bay PC",
              "probe": [bash("sed -n '/\\[Flowmeter\\]/,/^$/p' deploy/tankwell.ini",
                             "[Flowmeter]\nPort=COM3\nBaud=19200\nDataBits=8\nParity=E\n"
                             "StopBits=1\nSlave=17\nPollMs=500")],
              "confirm": "The flowmeter is on COM3 at 19200 8E1 — 19200 baud, 8 data bits, "
                         "even parity, 1 stop bit — Modbus slave address 17, polled every "
                         "500 ms (deploy/tankwell.ini).",
              "guess": "it's 9600 8N1 like the old scale head",
              "asked": "What are the communication settings between the intake software and "
                       "the flow meter?",
              "row": ("Flowmeter link", "Modbus RTU, COM3, 19200 8E1, slave 17")}),
        Fact("env-printer", "environment", ["192.168.40.31"],
             ["what's the address of the intake ticket printer?",
              "where does the app send the label code for the intake tickets?"],
             "tankwell prints intake tickets as raw ZPL to the Zebra ZD421 at 192.168.40.31, "
             "port 9100 (tankwell.ini, [Printer]); the bay PC has no Windows driver for it.",
             {"goal": "what IP is the ticket printer on? The network guy is re-doing the "
                      "plant VLANs and wants a list",
              "probe": [bash("sed -n '/\\[Printer\\]/,/^$/p' deploy/tankwell.ini",
                             "[Printer]\nHost=192.168.40.31\nPort=9100\nModel=ZD421\n"
                             "Dpi=203"),
                        bash("nc -zv 192.168.40.31 9100",
                             "Connection to 192.168.40.31 9100 port [tcp/*] succeeded!")]
              ,
              "confirm": "The ticket printer is the Zebra ZD421 at 192.168.40.31, raw port "
                         "9100 (deploy/tankwell.ini); the app sends it ZPL directly, there's "
                         "no Windows driver involved. It answers on that port right now.",
              "guess": "the printer is on DHCP, it just finds it",
              "asked": "Which network devices does the intake software talk to, and at what "
                       "addresses?",
              "row": ("Ticket printer", "Zebra ZD421, 192.168.40.31:9100 (raw ZPL)")}),
        Fact("gotcha-words", "gotcha", ["CDAB"],
             ["why does the flowmeter's totalizer come through as a gigantic nonsense number?",
              "what word order does the meter use for its float registers?"],
             "The intake bay flowmeter sends 32-bit floats over Modbus with the two 16-bit "
             "registers swapped (word order CDAB, low word first), so reading them "
             "big-endian (ABCD) gives nonsense totalizer values like 4.6E+21; tankwell's "
             "Modbus.RegsToSingle swaps the words.",
             {"symptom": "After the meter swap the intake screen shows the totalizer as "
                         "4.6E+21 gallons. Renee is writing loads on paper",
              "subject": "intake screen crazy numbers",
              "trace": "12:04:11 poll slave 17 fc04 reg 2008 len 2 -> 41 C8 5A 21\n12:04:11 "
                       "totalizer = 4.61E+21 gal\n12:04:11 WARN load volume out of range",
              "probe": [bash("grep -n 'function RegsToSingle' -A6 src/Modbus.pas",
                             "31:function RegsToSingle(Hi, Lo: Word): Single;\n32-var\n"
                             "33-  L: LongWord;\n34-begin\n35-  L := (LongWord(Hi) shl 16) or "
                             "Lo;\n36-  Result := PSingle(@L)^;\n37-end;"),
                        bash("python3 -c \"import struct; print(struct.unpack('>f', "
                             "bytes.fromhex('5A2141C8'))[0])\"", "25.0440731048584")]
              ,
              "explain": "The new meter sends its 32-bit floats with the two registers "
                         "swapped — word order CDAB, low word first — while RegsToSingle "
                         "assumes ABCD. Read as ABCD, 41C8 5A21 is nonsense; swapped it is "
                         "25.04, the right value. RegsToSingle has to take the second "
                         "register as the high word.",
              "fix": [edit("src/Modbus.pas", "  L := (LongWord(Hi) shl 16) or Lo;\n",
                           "  // meter sends CDAB: low word first\n  L := (LongWord(Lo) shl "
                           "16) or Hi;\n")],
              "done": "Fixed, with a test using the bytes from the log; the screen shows "
                      "sane totals again. Today's paper loads need keying in.",
              "told": "the new meter sends the two halves of the float the other way round",
              "repro": "./tankwell --poll-once --verbose"}),
        Fact("gotcha-usb", "gotcha", ["selective suspend"],
             ["why does the intake app lose the flowmeter port overnight until someone "
              "replugs the USB adapter?",
              "the COM port vanishes on the bay PC after it's been idle — what's the cause?"],
             "The intake bay PC's USB-to-serial adapter disappears after idle because "
             "Windows USB selective suspend powers it down; tankwell then fails with 'Could "
             "not open COM3' until replugged. Fix: disable USB selective suspend in the "
             "power plan and 'Allow the computer to turn off this device' on the adapter "
             "(installer/setup-power.ps1).",
             {"symptom": "First load this morning: 'Could not open COM3'. Cody replugged the "
                         "USB adapter and it worked. Third time this month, always the first "
                         "load after a quiet night",
              "subject": "COM3 gone again",
              "trace": "04:52:10 TFlowPollThread: Could not open COM3 (error 2: The system "
                       "cannot find the file specified)\n04:52:10 retry in 5 s\n04:52:15 "
                       "TFlowPollThread: Could not open COM3 (error 2)",
              "probe": [bash("powershell.exe -c \"powercfg /q SCHEME_CURRENT "
                             "2a737441-1930-4402-8d77-b2bebba308a3\" | tail -4",
                             "    Power Setting Index: 0x00000001\n  Current AC Power Setting "
                             "Index: 0x00000001\n  Current DC Power Setting Index: "
                             "0x00000001"),
                        bash("powershell.exe -c \"Get-CimInstance -Namespace root/wmi "
                             "MSPower_DeviceEnable | Where InstanceName -like '*FTDI*' | "
                             "Select Enable\"", "Enable\n------\n  True")],
              "explain": "Windows' USB selective suspend is on in the bay PC's power plan, "
                         "and the adapter is allowed to be turned off to save power. After a "
                         "quiet night Windows suspends the FTDI adapter, COM3 disappears and "
                         "the poll thread can't open it until someone replugs it. Turning off "
                         "selective suspend in the power plan and the adapter's 'Allow the "
                         "computer to turn off this device' keeps it up.",
              "fix": [edit("installer/setup-power.ps1", "# power settings for the bay PC\n",
                           "# power settings for the bay PC\n# USB selective suspend off "
                           "(drops the serial adapter overnight)\npowercfg /setacvalueindex "
                           "SCHEME_CURRENT 2a737441-1930-4402-8d77-b2bebba308a3 "
                           "48e6b7a6-50f5-4782-a5d4-53bb8f07e226 0\nGet-CimInstance -Namespace "
                           "root/wmi MSPower_DeviceEnable | Where InstanceName -like '*FTDI*' "
                           "| Set-CimInstance -Property @{Enable = $false}\n")],
              "done": "setup-power.ps1 now switches both off; I ran it on the bay PC. The "
                      "spare PC needs it too.",
              "told": "windows puts the usb adapter to sleep to save power, there's a power "
                      "setting for it",
              "repro": "powershell.exe -c \"Get-WinEvent -LogName System -MaxEvents 30 | "
                       "Format-Table -Auto TimeCreated, Message\""}),
        Fact("fals-driver", "falsified", ["TPrinter"],
             ["could the intake tickets print through the normal Windows printer driver "
              "instead of raw label code?",
              "was printing intake tickets through the Lazarus printer unit ever tried?"],
             "Printing tankwell's intake tickets through the Windows driver with the LCL "
             "Printers unit (a TPrinter canvas) was tried and dropped: at 203 dpi the "
             "driver-rasterised Code 128 barcode was unreadable by the lab's scanners and "
             "the spooler hung when the printer was off; tickets stay raw ZPL over port "
             "9100.",
             {"ask": "try printing the ticket through the Windows driver with the Printers "
                     "unit, so we can use a normal layout instead of ZPL strings",
              "change": [edit(ticket, "procedure PrintTicket(const Load: TLoad);\nbegin\n",
                              "procedure PrintTicket(const Load: TLoad);\nbegin\n  "
                              "Printer.BeginDoc;\n  DrawTicket(Printer.Canvas, Load);\n  "
                              "Printer.EndDoc;\n  Exit;\n")],
              "broke": bash("./tankwell --print-test-ticket && python3 scripts/scan_check.py "
                            "--camera lab-scanner-2",
                            "printed test ticket 88213 via driver 'ZDesigner ZD421-203dpi'\n"
                            "scan 1: no barcode found\nscan 2: no barcode found\nscan 3: "
                            "CODE128 read '8821?' (checksum error)\nFAIL: 0 of 3 good reads",
                            1),
              "revert": bash(f"git checkout -- {ticket} && lazbuild -q tankwell.lpi",
                             "(1008) 14873 lines compiled, 2.7 sec"),
              "conclusion": "Reverted to raw ZPL. Drawing the ticket on a TPrinter canvas "
                            "lets the Windows driver rasterise the Code 128 barcode at 203 "
                            "dpi, and the lab's scanners can't read it; the spooler also hangs "
                            "the app when the printer is off. ZPL straight to port 9100 "
                            "stays.",
              "want": "Renee wants a nicer ticket layout. Could we draw it like a normal "
                      "Windows printout instead of the label code?",
              "offer": "Lazarus has a Printers unit: we could draw the ticket on the printer "
                       "canvas like a form and let the Windows driver handle it. Want me to "
                       "try?",
              "story": "The old contractor did tickets through the TPrinter canvas in 2022. "
                       "The driver smeared the barcode, the lab scanners couldn't read it, "
                       "and when the printer was off the spooler froze the whole app",
              "title": "Tickets through the Windows driver (TPrinter)"}),
        Fact("fals-wedge", "falsified", ["keyboard wedge"],
             ["could we just have the RFID reader type the tanker tag into the screen like a "
              "barcode scanner?",
              "why do we read the tanker tags over a serial port instead of letting the reader "
              "type them?"],
             "Using tankwell's RFID tanker-tag reader in keyboard wedge mode (HID keyboard "
             "emulation) was tried and dropped: the tag ID went into whichever window had "
             "focus — once into another app's login box — and reads during typing got "
             "interleaved with keystrokes; the reader stays in serial mode on COM4, read by "
             "a thread.",
             {"ask": "switch the tag reader to keyboard wedge mode and just read the tag from "
                     "the tanker edit box, then we can drop the COM4 thread",
              "change": [edit(form, "  FTagThread := TTagReadThread.Create('COM4');\n",
                              "  // reader in HID mode: the tag arrives as keystrokes\n  "
                              "edtTanker.SetFocus;\n")],
              "broke": bash("python3 scripts/replay_bay.py --scenario busy-morning",
                            "tanker T-114 arrives, tag read while operator types notes\n"
                            "edtNotes = 'sour smell E2004711 on top'\nedtTanker = ''\nFAIL: "
                            "tag went into the notes field", 1),
              "revert": bash(f"git checkout -- {form} && lazbuild -q tankwell.lpi",
                             "(1008) 14873 lines compiled, 2.8 sec"),
              "conclusion": "Reverted. In keyboard wedge mode the tag arrives as keystrokes "
                            "into whatever has focus — in the replay it landed in the notes "
                            "field — so the reader stays in serial mode on COM4 with its own "
                            "thread.",
              "want": "the tag reader thread is one more thing that can break. can't the "
                      "reader just type the tag in like a barcode gun?",
              "offer": "Most RFID readers have an HID mode where they act as a keyboard; we "
                       "could read the tag from the tanker box and drop the serial thread. "
                       "Try it?",
              "story": "We ran the reader in keyboard wedge mode the first month. Tags went "
                       "into whatever window had focus, once into the drivers' sign-in box "
                       "of the hauling app, and got mixed into Renee's typing",
              "title": "RFID reader in keyboard wedge mode"}),
    ]
    chatter = [
        "04:51:58 tankwell 3.2.1 starting on BAY1",
        "04:51:58 db: C:\\Tankwell\\intake.db (journal WAL)",
        "04:51:59 TTagReadThread: COM4 open",
        "04:52:00 printer: ZD421 ready",
        "04:52:01 sync: 0 loads pending for Business Central",
        "04:52:02 poll slave 17 fc04 reg 2000 len 2 ok",
        "04:52:02 poll slave 17 fc04 reg 2004 len 2 ok",
        "04:52:03 tag E2003398 -> tanker T-102 (Gunderson route)",
        "04:52:04 load 88190 opened",
        "04:52:05 flow 0.0 gal/min",
        "04:52:06 poll slave 17 fc04 reg 2000 len 2 ok",
        "04:52:07 sync: heartbeat ok",
        "04:52:08 flow 0.0 gal/min",
        "04:52:09 ui: idle",
    ]
    noise: list[Episode] = [
        look("How does the app decide a load is finished?", "src/LoadTracker.pas",
             "if (FlowRate < 5.0) and (SecondsSince(FLastFlow) > 90) then\n  CloseLoad;\n",
             "When the flow stays under 5 gal/min for 90 seconds, it closes the load."),
        find("Where do we write to the intake database?", "IntakeDb.",
             ["src/LoadTracker.pas", "src/SyncBc.pas", "src/IntakeForm.pas"],
             "LoadTracker (loads), SyncBc (the sync flags) and the form (manual notes)."),
        tweak("The ticket says 'Hauler', Renee wants 'Driver'", "src/TicketPrint.pas",
              "'^FDHauler: '", "'^FDDriver: '", "Label changed on the ticket."),
        run("Which Lazarus and FPC do I have here?", "lazbuild --version && fpc -iV",
            "3.4\n3.2.2", "Lazarus 3.4 with FPC 3.2.2 — same as the build machine."),
        talk("What's the difference between a Pascal record and a class, for someone coming "
             "from VBA?",
             "A record is a value: copying it copies the data, it lives on the stack or "
             "inside another structure, no inheritance. A class is a reference: variables "
             "point to one object you create and free yourself, with inheritance and "
             "virtual methods."),
        steps("What did the last release change?",
              [bash("git log --oneline v3.2.0..v3.2.1",
                    "6fb20ce ticket: driver label\n1a9d3e7 sync: retry on 503\n"
                    "c04e815 form: bigger font on the load total")],
              "Three things: the driver label, retrying the Business Central sync on 503, "
              "and a bigger load-total font."),
        [Step(prompt="Renee wants a button to reprint the last ticket. Where should it go?"),
         Step(tools=[ask_user("Where should the reprint button go?", "Placement",
                              [("Toolbar", "Next to the existing buttons"),
                               ("Load panel", "Under the load total"),
                               ("Menu", "File > Reprint last ticket")], "Load panel")]),
         Step(tools=[edit(form, "  btnCloseLoad.Top := 420;\n",
                          "  btnCloseLoad.Top := 420;\n  btnReprint := TButton.Create(Self);\n"
                          "  btnReprint.Parent := pnlLoad;\n  btnReprint.Caption := "
                          "'Reprint last ticket';\n  btnReprint.OnClick := @ReprintLast;\n")]),
         Step(text="Added a 'Reprint last ticket' button under the load total."),
         Step(prompt="Make it big, they wear gloves"),
         Step(tools=[edit(form, "  btnReprint.Caption := 'Reprint last ticket';\n",
                          "  btnReprint.Caption := 'Reprint last ticket';\n  "
                          "btnReprint.Height := 64;\n  btnReprint.Font.Size := 16;\n")]),
         Step(text="64 px tall with a 16 pt font.")],
        steps("Check the sync unit for anything that could lose a load",
              [agent("Review SyncBc", "Read src/SyncBc.pas and report any way a load could "
                     "be lost between the bay and Business Central.",
                     "Loads are marked synced only after a 201 from the API, good. But a "
                     "timeout after the POST is treated as a failure and retried, so a slow "
                     "201 can create a duplicate load in BC; the API call has no idempotency "
                     "key.", "3c8e1fa07b62", "Explore", 6)],
              "No lost loads, but possible duplicates: a timed-out POST is retried without "
              "an idempotency key."),
    ]
    return Project(
        "tankwell", "git@github.com:tamarack-prairie/tankwell.git",
        {"README.md": "# tankwell\n\nMilk intake bay app (Lazarus / Free Pascal).\n",
         "tankwell.lpi": "<?xml version=\"1.0\"?>\n<CONFIG>\n  <ProjectOptions>\n    <Title "
                         "Value=\"tankwell\"/>\n  </ProjectOptions>\n</CONFIG>\n",
         "docs/close-checklist.md": "# Release checklist\n\n## Steps\n",
         "docs/known-issues.md": "# Known issues\n\n## Open\n"},
        _equip(facts, mates=["Cody", "Renee"], vendor="Halvorsen Automation (who wrote v1)",
               outsider="the state dairy plant inspector",
               checklist="docs/close-checklist.md", known="docs/known-issues.md",
               chatter=chatter,
               naive=bash("powershell.exe -c \"Restart-Service TankwellSync; "
                          "Get-Service TankwellSync\"",
                          "Status   Name           DisplayName\n------   ----           "
                          "-----------\nRunning  TankwellSync   Tankwell BC sync"),
               retro=["Paper fallback worked when the screen froze, keep the forms at the bay",
                      "Loads synced before the advance cut-off",
                      "Try a spare USB adapter in the drawer",
                      "Keep the Monday check of the ticket roll",
                      "Try a test load after every Windows update"],
               parked=["Second intake bay (2025?)", "Touchscreen for the bay PC",
                       "Show the lab's sample barcode on the screen"]),
        noise, "postgres")


# ------------------------------------------------------------------- rindhouse
def rindhouse() -> Project:
    pdp = "app/routes/products.$handle.tsx"
    plp = "app/routes/collections.$handle.tsx"
    check = bash("npm run typecheck && npx vitest run",
                 "> rindhouse@2.3.0 typecheck\n> tsc --noEmit\n\n RUN  v1.6.0 /home/dev/src/"
                 "rindhouse\n ✓ app/lib/weight.test.ts (6)\n ✓ app/lib/pairing.test.ts (4)\n"
                 " ✓ app/components/AgeBadge.test.tsx (3)\n\n Test Files  3 passed (3)\n"
                 "      Tests  13 passed (13)")
    facts = [
        Fact("conv-context", "convention", ["@inContext"],
             ["is there something every storefront GraphQL query in the cheese shop has to "
              "include?",
              "why would Canadian visitors see US prices on a new section — what's the query "
              "rule we have?"],
             "In rindhouse (the Hydrogen cheese shop) every Storefront API query and "
             "mutation declares $country and $language and carries the "
             "@inContext(country: $country, language: $language) directive, so Canadian "
             "visitors get CAD prices and the right availability; a query without it "
             "silently uses the US market.",
             {"task": "add a 'pairs well with' section to the product page: query the "
                      "product's pairing metafield and show those products",
              "rule": "every storefront query declares $country/$language and has "
                      "@inContext(country: $country, language: $language). We sell into "
                      "Canada now and a query without it quietly shows US prices",
              "contrary": edit(pdp, "const PRODUCT_QUERY = `#graphql\n",
                               "const PAIRING_QUERY = `#graphql\n  query Pairing($handle: "
                               "String!) {\n    product(handle: $handle) {\n      pairing: "
                               "metafield(namespace: \"custom\", key: \"pairs_with\") {\n"
                               "        references(first: 4) { nodes { ...ProductCard } }\n"
                               "      }\n    }\n  }\n` as const;\n\nconst PRODUCT_QUERY = "
                               "`#graphql\n"),
              "follow": [edit(pdp, "const PRODUCT_QUERY = `#graphql\n",
                              "const PAIRING_QUERY = `#graphql\n  query Pairing($handle: "
                              "String!, $country: CountryCode, $language: LanguageCode)\n"
                              "  @inContext(country: $country, language: $language) {\n"
                              "    product(handle: $handle) {\n      pairing: metafield("
                              "namespace: \"custom\", key: \"pairs_with\") {\n        "
                              "references(first: 4) { nodes { ...ProductCard } }\n      }\n"
                              "    }\n  }\n` as const;\n\nconst PRODUCT_QUERY = `#graphql\n"),
                         check],
              "done": "The product page loads up to four pairing products from the "
                      "custom.pairs_with metafield; the query declares $country and "
                      "$language and uses @inContext, so Canadian visitors get CAD prices. "
                      "Typecheck and tests pass.",
              "doc": ("docs/SOP-storefront.md",
                      "# SOP: storefront changes\n\n1. Preview on staging and get Bethany's "
                      "OK before production.\n2. Queries\n   2.1 Every Storefront API query "
                      "and mutation declares `$country` and `$language` and carries "
                      "`@inContext(country: $country, language: $language)`. Without it the "
                      "US market is used and Canadian visitors see US prices.\n3. No "
                      "deploys on Friday afternoons (orders ship Mon-Wed).\n"),
              "found": "Clause 2.1 of docs/SOP-storefront.md: every Storefront API query "
                       "and mutation declares $country and $language and carries "
                       "@inContext(country: $country, language: $language); without it the "
                       "US market is used."}),
        Fact("conv-cache", "convention", ["CacheShort"],
             ["which cache setting should a product page loader use in the cheese shop?",
              "can the cheese product pages be cached as long as the story pages?"],
             "In rindhouse, loaders for product and collection pages query with "
             "{cache: storefront.CacheShort()} because cheese stock (aged wheels, small "
             "batches) changes during the day; CacheLong is only for the editorial story "
             "pages and the menu.",
             {"task": "the new 'aged over 2 years' collection page is slow, add caching to "
                      "its loader",
              "rule": "product and collection loaders use CacheShort(), full stop. Stock on "
                      "the aged wheels changes during the day and a long cache sold a wheel "
                      "we didn't have. CacheLong is for the story pages and the menu only",
              "contrary": edit(plp, "  const {collection} = await storefront.query("
                                    "COLLECTION_QUERY, {\n    variables,\n",
                               "  const {collection} = await storefront.query("
                               "COLLECTION_QUERY, {\n    variables,\n    cache: storefront."
                               "CacheLong(),\n"),
              "follow": [edit(plp, "  const {collection} = await storefront.query("
                                   "COLLECTION_QUERY, {\n    variables,\n",
                              "  const {collection} = await storefront.query("
                              "COLLECTION_QUERY, {\n    variables,\n    // stock changes "
                              "during the day\n    cache: storefront.CacheShort(),\n"),
                         check],
              "done": "The collection loader now queries with storefront.CacheShort(), so "
                      "repeat visits are fast and stock is never more than a few minutes old. "
                      "Typecheck and tests pass.",
              "doc": ("docs/SOP-storefront.md",
                      "# SOP: storefront changes\n\n1. Preview on staging and get Bethany's "
                      "OK before production.\n2. Caching\n   2.1 Product and collection "
                      "loaders use `storefront.CacheShort()`. Stock on aged wheels changes "
                      "during the day; a long cache once sold a wheel we didn't have.\n"
                      "   2.2 `CacheLong()` only for story pages and the menu.\n"),
              "found": "Clause 2 of docs/SOP-storefront.md: product and collection loaders "
                       "use storefront.CacheShort() because stock changes during the day; "
                       "CacheLong() only for story pages and the menu."}),
        Fact("cmd-deploy", "command", ["--env staging"],
             ["how do I push the cheese shop to the staging storefront for Bethany to look at?",
              "the old env-branch flag doesn't work anymore when deploying — what's the new "
              "way?"],
             "To deploy rindhouse to its Oxygen staging environment run `npx shopify "
             "hydrogen deploy --env staging` (scripts/deploy-staging.sh); the old "
             "`--env-branch staging` flag was removed from the Shopify CLI.",
             {"goal": "put the pairing section on staging so Bethany can look at it",
              "fail": bash("npx shopify hydrogen deploy --env-branch staging",
                           "Error: Nonexistent flag: --env-branch\nSee more help with --help",
                           2),
              "note": "The CLI removed --env-branch; environments are chosen by their "
                      "handle with --env now.",
              "ok": bash("npx shopify hydrogen deploy --env staging",
                         "Building storefront...\n  dist/server/index.js  1.1 MB\nDeploying "
                         "to Oxygen... environment: Staging\nSuccessfully deployed to "
                         "Oxygen\n\n  https://staging-7f3c1a.o2.myshopify.dev"),
              "done": "Deployed to the Staging environment: https://staging-7f3c1a.o2."
                      "myshopify.dev.",
              "hint": "its `npx shopify hydrogen deploy --env staging` now, env-branch got "
                      "removed",
              "script": ("scripts/deploy-staging.sh",
                         "#!/usr/bin/env bash\nset -euo pipefail\nnpm run typecheck\nnpx "
                         "shopify hydrogen deploy --env staging\n")}),
        Fact("cmd-codegen", "command", ["hydrogen codegen"],
             ["typecheck says a field doesn't exist on my query's type after I changed the "
              "query — what do I run?",
              "how do I refresh the generated storefront types in the cheese shop?"],
             "After changing a GraphQL query in rindhouse, regenerate "
             "storefrontapi.generated.d.ts with `npx shopify hydrogen codegen` before "
             "`npm run typecheck`; outside `shopify hydrogen dev --codegen` the types don't "
             "update themselves.",
             {"goal": "typecheck the storefront, I added the age field to the product card "
                      "fragment",
              "fail": bash("npm run typecheck",
                           "> rindhouse@2.3.0 typecheck\n> tsc --noEmit\n\napp/components/"
                           "ProductCard.tsx:31:29 - error TS2339: Property 'ageMonths' does "
                           "not exist on type 'ProductCardFragment'.\n\nFound 1 error in "
                           "app/components/ProductCard.tsx:31", 2),
              "note": "The generated types are stale: storefrontapi.generated.d.ts still "
                      "has the old fragment. Regenerating them from the queries fixes it.",
              "ok": bash("npx shopify hydrogen codegen && npm run typecheck",
                         "Generated types for 14 queries and 6 fragments\n  "
                         "storefrontapi.generated.d.ts\n\n> rindhouse@2.3.0 typecheck\n> tsc "
                         "--noEmit"),
              "done": "Types regenerated; typecheck is clean.",
              "hint": "run `npx shopify hydrogen codegen` first, the generated types only "
                      "update by themselves while the dev server runs with --codegen",
              "script": ("docs/close-checklist.md",
                         "# Release checklist\n\n## Steps\n\n- [ ] Changed a query or "
                         "fragment? `npx shopify hydrogen codegen`, then `npm run "
                         "typecheck`\n- [ ] Deploy to staging, Bethany checks\n")}),
        Fact("env-store", "environment", ["tprairie-creamery"],
             ["what's the cheese shop's myshopify store handle?",
              "which Shopify store is the storefront connected to?"],
             "rindhouse is linked to the Shopify store tprairie-creamery.myshopify.com "
             "(PUBLIC_STORE_DOMAIN in .env and in the Oxygen environments), storefront "
             "\"Tamarack Cheese Shop\".",
             {"goal": "which Shopify store is this linked to? Sam's invoice mentions a store "
                      "name I don't recognise",
              "probe": [bash("grep PUBLIC_STORE_DOMAIN .env",
                             "PUBLIC_STORE_DOMAIN=tprairie-creamery.myshopify.com"),
                        bash("npx shopify hydrogen link --help >/dev/null; npx shopify "
                             "hydrogen list",
                             "Showing 1 Hydrogen storefront for the store tprairie-creamery\n"
                             "\n  Tamarack Cheese Shop  https://shop.tamarackcheese.com  "
                             "Production deployed 2 days ago")],
              "confirm": "The storefront is linked to the store tprairie-creamery "
                         "(tprairie-creamery.myshopify.com, PUBLIC_STORE_DOMAIN in .env); the "
                         "Hydrogen storefront on it is \"Tamarack Cheese Shop\", served at "
                         "shop.tamarackcheese.com.",
              "guess": "the store is tamarackcheese.myshopify.com, same as the domain",
              "asked": "Which Shopify store account holds the online shop's orders and "
                       "customer data?",
              "row": ("Shopify store", "tprairie-creamery.myshopify.com")}),
        Fact("env-node", "environment", ["20.12.2"],
             ["which Node version does the storefront repo expect locally?",
              "what version of node should I install on the new laptop for the cheese shop?"],
             "rindhouse pins Node 20.12.2 in .nvmrc (package.json engines: node >=20.12); "
             "the Hydrogen CLI's local MiniOxygen refuses Node 18.",
             {"goal": "what node does this repo want? setting up the new laptop",
              "probe": [bash("cat .nvmrc && jq .engines package.json",
                             "20.12.2\n{\n  \"node\": \">=20.12\"\n}"),
                        bash("node --version", "v18.19.0")],
              "confirm": "The repo pins Node 20.12.2 in .nvmrc (engines: >=20.12). This "
                         "laptop has Node 18.19, which the Hydrogen CLI won't run the local "
                         "worker on — `nvm install` in the repo picks up 20.12.2.",
              "guess": "it's on node 18 like the Apps Script tooling",
              "asked": "Which runtime versions does the online shop's code depend on?",
              "row": ("Runtime", "Node 20.12.2 (.nvmrc); Oxygen in production")}),
        Fact("gotcha-env", "gotcha", ["context.env"],
             ["why is process.env undefined in the storefront once it's deployed?",
              "where do the loaders get environment variables like the reviews app token?"],
             "Oxygen runs rindhouse on a worker runtime with no process.env: environment "
             "variables come from the request context — context.env in loaders and actions "
             "(filled from server.ts's fetch env) — so code reading "
             "process.env.JUDGEME_TOKEN worked in local dev but was undefined on Oxygen.",
             {"symptom": "Reviews vanished from every product page on production. Fine on my "
                         "laptop",
              "subject": "no reviews on the site??",
              "trace": "[Oxygen] GET /products/aged-cheddar-3yr 200\n[Oxygen] "
                       "Error: reviews fetch failed: 401 Unauthorized (token=undefined)\n"
                       "    at loadReviews (app/lib/reviews.ts:12)",
              "probe": [bash("grep -n 'process.env' -r app",
                             "app/lib/reviews.ts:8:const TOKEN = process.env.JUDGEME_TOKEN;")],
              "explain": "Oxygen runs the storefront as a worker, and there is no "
                         "process.env there: environment variables arrive per request, on "
                         "context.env, which server.ts fills from the worker's env. Locally "
                         "Vite shims process.env, so it worked on the laptop. The reviews "
                         "helper has to take its token from context.env in the loader.",
              "fix": [edit("app/lib/reviews.ts",
                           "const TOKEN = process.env.JUDGEME_TOKEN;\n\nexport async "
                           "function loadReviews(handle: string) {\n",
                           "export async function loadReviews(handle: string, env: Env) {\n"
                           "  const TOKEN = env.JUDGEME_TOKEN;\n"),
                      edit(pdp, "loadReviews(handle)",
                           "loadReviews(handle, context.env)")],
              "done": "Deployed to staging: reviews load again, with the token from the "
                      "request context.",
              "told": "oxygen doesn't have process.env at all, the variables come in on the "
                      "loader's context",
              "repro": "npx shopify hydrogen preview --build 2>&1 | tail -30"}),
        Fact("gotcha-cart", "gotcha", ["userErrors"],
             ["why does the add-to-cart button say added when nothing lands in the cart for "
              "the aged cheddar?",
              "the cart mutation comes back 200 but the line isn't there — what are we "
              "missing?"],
             "rindhouse's cart mutations (cartLinesAdd) return HTTP 200 even when Shopify "
             "refuses the line (e.g. a quantity over the stock of a limited wheel); the "
             "refusal is only in the response's userErrors, which the add-to-cart action "
             "ignored, so the UI said 'Added'. The action now checks userErrors and shows "
             "the message.",
             {"symptom": "A customer emailed: she added 3 of the 5-year cheddar, the button "
                         "said Added, the cart was empty",
              "subject": "FW: your website ate my order",
              "trace": "POST /cart 200\n{\"cart\":{\"id\":\"gid://shopify/Cart/c1-9f2\","
                       "\"lines\":{\"nodes\":[]}},\"userErrors\":[{\"code\":\"INVALID\","
                       "\"field\":[\"lines\",\"0\",\"quantity\"],\"message\":\"Only 2 items "
                       "were added to your cart due to availability.\"}]}",
              "probe": [bash("grep -n 'cartLinesAdd\\|Added' app/routes/cart.tsx",
                             "41:      result = await cart.addLines(inputs.lines);\n"
                             "58:  return json({status: 'Added'}, {headers});")],
              "explain": "The Storefront API answers cart mutations with HTTP 200 even when "
                         "it refuses the line — asking for more than the stock of a limited "
                         "wheel, here. The refusal is only in the response's userErrors, and "
                         "the cart action returns 'Added' without looking at them. The action "
                         "has to check result.userErrors and send the message back to the "
                         "button.",
              "fix": [edit("app/routes/cart.tsx",
                           "  return json({status: 'Added'}, {headers});\n",
                           "  if (result.userErrors?.length) {\n    return json({status: "
                           "'Error', message: result.userErrors[0].message}, {status: 422, "
                           "headers});\n  }\n  return json({status: 'Added'}, {headers});\n")],
              "done": "The button now shows Shopify's message (\"Only 2 items were added...\") "
                      "instead of Added. Tests pass.",
              "told": "the cart api says 200 even when it rejects something, the error is "
                      "tucked inside the response",
              "repro": "npx playwright test tests/e2e/cart.spec.ts --reporter=line"}),
        Fact("fals-vercel", "falsified", ["Vercel"],
             ["could the cheese shop be hosted somewhere other than Shopify's own hosting?",
              "was moving the storefront off Oxygen ever tried?"],
             "Hosting rindhouse on Vercel instead of Oxygen was tried and dropped: Oxygen is "
             "included in the Shopify plan while Vercel cost extra, the Customer Account "
             "login needed its own callback and domain setup, and the Storefront API "
             "sub-request caching the loaders rely on did nothing there, so product pages "
             "got slower. The shop stays on Oxygen.",
             {"ask": "try deploying the storefront to Vercel with the Remix preset, see how "
                     "fast the product pages are there",
              "change": [write("vercel.json", "{\n  \"framework\": \"remix\",\n  "
                                              "\"buildCommand\": \"npm run build\"\n}\n"),
                         edit("server.ts", "import {createRequestHandler} from "
                                           "'@shopify/remix-oxygen';\n",
                              "import {createRequestHandler} from '@vercel/remix';\n")],
              "broke": bash("npx lighthouse https://rindhouse-spike.vercel.app/products/"
                            "aged-cheddar-3yr --only-categories=performance --quiet "
                            "--output=json | jq '.audits[\"server-response-time\"]"
                            ".displayValue'",
                            "\"Root document took 1,840 ms\"", 1),
              "revert": bash("git checkout -- server.ts && rm vercel.json && git status "
                             "--short", ""),
              "conclusion": "Reverted. On Vercel the loaders' sub-request caching does "
                            "nothing, so every product page went to the Storefront API and "
                            "the document took 1.8 s; the Customer Account login also needed "
                            "its own callback setup, and Vercel is an extra bill while "
                            "Oxygen comes with the plan. The shop stays on Oxygen.",
              "want": "Sam says Oxygen is 'meh'. Could we host the shop somewhere faster?",
              "offer": "Hydrogen is a Remix app, so it can run on Vercel with the Remix "
                       "preset. Want me to try a spike deployment and compare?",
              "story": "Sam moved it to Vercel for a week last fall. The caching Hydrogen "
                       "does on Oxygen didn't work there, product pages got slower, the "
                       "customer login needed extra setup and it was another bill",
              "title": "Hosting the storefront on Vercel"}),
        Fact("fals-static", "falsified", ["prerender"],
             ["could we make the product pages static at build time so they load instantly?",
              "did anyone try generating the cheese pages ahead of time?"],
             "Pre-rendering rindhouse's product pages at build time (a prerender step "
             "writing static HTML) was tried and dropped: stock and prices baked in at build "
             "time went stale within hours (a sold-out wheel still showed Add to cart), and "
             "Oxygen runs the worker anyway; product pages are server-rendered.",
             {"ask": "add a prerender step for the product pages to the build and check what "
                     "a sold-out cheese looks like",
              "change": [write("scripts/prerender.ts",
                               "// render every product page to static HTML at build time\n"
                               "for (const handle of await allHandles()) {\n  await "
                               "renderToFile(`/products/${handle}`);\n}\n"),
                         edit("package.json", "\"build\": \"shopify hydrogen build\"",
                              "\"build\": \"shopify hydrogen build && tsx "
                              "scripts/prerender.ts\"")],
              "broke": bash("npx playwright test tests/e2e/soldout.spec.ts --reporter=line",
                            "  ✘ sold-out wheel shows 'Sold out' (2.1s)\n    Expected: "
                            "\"Sold out\"\n    Received: \"Add to cart\"\n  1 failed", 1),
              "revert": bash("git checkout -- package.json && rm scripts/prerender.ts && npm "
                             "run build --silent", ""),
              "conclusion": "Reverted. A prerender step bakes stock and prices in at build "
                            "time, so a wheel that sold out since still shows Add to cart "
                            "until the next build; Oxygen runs the worker for every request "
                            "anyway. Product pages stay server-rendered.",
              "want": "could the product pages be static files? they'd load instantly",
              "offer": "We could render every product page to static HTML during the build "
                       "and serve those. Want me to try it?",
              "story": "Sam added a prerender step in the spring. Stock got baked in at "
                       "build time, a sold-out wheel showed Add to cart all afternoon and "
                       "Bethany had to refund two orders",
              "title": "Prerendered product pages"}),
    ]
    chatter = [
        "vite v5.2.11 building SSR bundle for production...",
        "✓ 412 modules transformed.",
        "dist/server/index.js  1,104.22 kB",
        "MiniOxygen: worker started on http://localhost:3000",
        "[h2:info] GET / 200 (62 ms)",
        "[h2:info] GET /collections/aged 200 (88 ms)",
        "[h2:info] SF API query Collection (cache HIT)",
        "[h2:info] GET /products/smoked-gouda 200 (71 ms)",
        "[h2:info] SF API query Product (cache MISS, 140 ms)",
        "[h2:info] GET /cart 200 (35 ms)",
        "[h2:info] GET /stories/our-farms 200 (22 ms)",
        "[h2:info] GET /robots.txt 200 (3 ms)",
        "[h2:info] GET /sitemap.xml 200 (41 ms)",
        "[h2:info] POST /cart 200 (118 ms)",
    ]
    noise: list[Episode] = [
        look("How does the weight selector pick the default size?", "app/lib/weight.ts",
             "export function defaultVariant(variants: Variant[]) {\n  return "
             "variants.find(v => v.availableForSale && v.title === '8 oz') ?? variants[0];\n}\n",
             "It picks the 8 oz variant if it's available, otherwise the first variant."),
        find("Where is the age badge used?", "AgeBadge",
             ["app/components/ProductCard.tsx", "app/routes/products.$handle.tsx"],
             "On product cards and the product page."),
        tweak("Bethany wants 'Free shipping over $75' in the header, not $60",
              "app/components/Header.tsx", "Free shipping over $60", "Free shipping over $75",
              "Header text updated."),
        run("Run the unit tests", "npx vitest run",
            " Test Files  3 passed (3)\n      Tests  13 passed (13)", "All 13 pass."),
        talk("What's the difference between a Remix loader and an action, one line each?",
             "A loader runs on GET to fetch the data a route renders; an action runs on "
             "POST/PUT/DELETE from a form submission and its result re-triggers the loaders."),
        steps("What did Sam change last month?",
              [bash("git log --oneline --author=Sam --since=5.weeks",
                    "e2a1f77 header: free shipping banner\n8c3d0b2 age badge\n"
                    "41bf6e9 sitemap: include stories")],
              "A free-shipping banner, the age badge, and stories in the sitemap."),
        [Step(prompt="Bethany wants a 'ships Mon-Wed only' note somewhere. Where would "
                     "customers actually see it?"),
         Step(tools=[ask_user("Where should the shipping-days note go?", "Placement",
                              [("Cart", "Above the checkout button"),
                               ("Product page", "Under the price"),
                               ("Both", "Cart and product page")], "Both")]),
         Step(tools=[write("app/components/ShipDays.tsx",
                           "export function ShipDays() {\n  return <p className=\"ship-days"
                           "\">Cheese ships Monday to Wednesday so it never sits in a warehouse "
                           "over the weekend.</p>;\n}\n")]),
         Step(text="Added a ShipDays component for the cart and the product page."),
         Step(prompt="Make it less wordy: 'Ships Mon–Wed so it's never stuck over a weekend.'"),
         Step(tools=[edit("app/components/ShipDays.tsx",
                          "Cheese ships Monday to Wednesday so it never sits in a warehouse "
                          "over the weekend.", "Ships Mon–Wed so it's never stuck over a "
                          "weekend.")]),
         Step(text="Shortened.")],
        steps("Check the product page for accessibility problems",
              [agent("A11y review", "Read app/routes/products.$handle.tsx and its components "
                     "and list accessibility problems.",
                     "The weight selector is a row of divs with onClick, not radio buttons — "
                     "not keyboard reachable. Product images have alt text from the product "
                     "title only. The quantity input has no label.",
                     "5d0e7c9a1b34", "Explore", 5)],
              "Three issues: the weight selector isn't keyboard accessible, image alt text "
              "is thin, and the quantity input has no label."),
    ]
    return Project(
        "rindhouse", "git@github.com:tamarack-prairie/rindhouse.git",
        {"README.md": "# rindhouse\n\nThe co-op's online cheese shop (Shopify Hydrogen).\n",
         "package.json": "{\n  \"name\": \"rindhouse\",\n  \"version\": \"2.3.0\"\n}\n",
         "docs/close-checklist.md": "# Release checklist\n\n## Steps\n",
         "docs/known-issues.md": "# Known issues\n\n## Open\n"},
        _equip(facts, mates=["Sam", "Bethany"], vendor="Shopify support",
               outsider="Hruska & Lange (the external auditors)",
               checklist="docs/close-checklist.md", known="docs/known-issues.md",
               chatter=chatter,
               naive=bash("rm -rf node_modules/.vite dist && npm run build --silent",
                          "✓ built in 6.12s"),
               retro=["Shop orders reconciled to Shopify payouts on time",
                      "Keep Bethany's Monday stock count",
                      "Try a weekly check of sold-out products",
                      "Holiday gift boxes sold out fast, keep the waitlist",
                      "Try pausing ads when the aged wheels run low"],
               parked=["Cheese subscription box", "Gift cards",
                       "Wholesale price list for restaurants"]),
        noise, "stripe")


def projects() -> list[Project]:
    return [curdmill(), haybarrow(), tankwell(), rindhouse()]
