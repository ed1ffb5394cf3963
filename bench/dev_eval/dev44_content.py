"""The ``dev44`` split, "a two-person studio that builds and runs the software of four
independent bookshops": four projects, ten planted facts each.

Written in the twenty-sixth pass by a helper that read no rlat code; to be read untuned.

Endpaper Studio is Hester Blyth and Rufus Penhallow. Hester is the developer (twenty-odd years
of it, most recently at a publisher's warehouse system she is still faintly bitter about); Rufus
does everything else: he sells the studio to shops, answers their telephones, visits them with
a tablet under his arm and writes e-mails of two or three lines that sign off with a single
"R". The studio's four shops are Wren & Lantern in Frome (Dot Fairweather), Halfpenny Books in
Whitby (Sol Greaves), Llyfrau Dyfi in Machynlleth (Gwen Pritchard, who wants everything in
Welsh as well as English) and the Salt Road Bookshop in Lewes (Ambrose Kettle). Their stock
comes from two wholesalers, Pellworth Trade and Kestrel Book Distribution, whose support desks
answer tickets with a reference number and a good deal of politeness.

Hester thinks out loud. Her messages are long, carefully punctuated paragraphs full of asides
in parentheses and hedges ("I think", "if memory serves", "unless I've dreamt it"), and now and
then what she remembers is wrong and the assistant's check puts it right. She likes things
written down: she asks for the rule, command or lesson to go into the project's NOTES.md, a
tried-and-dropped idea into docs/decisions.md, a routine job or a fact into CHECKLIST.md. She
pastes Rufus's e-mails (or a shop owner's, forwarded by him) and replies from the wholesalers'
support desks. Days later she asks about what was settled in her own words: short questions,
long musing ones, and tasks that need the answer.

The durable facts arrive the ways a small studio's weeks bring them: a convention stated in
passing inside a long request (and sometimes written into NOTES.md afterwards), given as a
correction after the assistant did it the ordinary way (at the permission prompt or after the
edit), read out of a pasted e-mail, or typed as the answer to the assistant's question; a
command that fails and the one that works (worked out by the assistant, corrected after Hester
remembers it wrong and then written into NOTES.md, pasted as her own failed attempt, or added to
CHECKLIST.md as a routine job); an environment fact looked up, corrected after a wrong memory
and written down, asked in Rufus's or a shop's e-mail that the assistant drafts a reply to, or
pinned down for the checklist; a gotcha (pasted with its error, forwarded as a shop's complaint
and reproduced from a long log, chased past Hester's own wrong theory, or solved from an
observation someone at a shop made); and an approach tried and reverted in the session, turned
down because it was tried before, written into the decisions log, or proposed in an e-mail
that the assistant helps answer.

The projects: colophon, the point-of-sale backend the shops' tills and back offices talk to
(Laravel 11 on PHP 8.3, Pest, Horizon queues on Redis, a DigitalOcean managed MySQL, deployed
with Deployer to two droplets); bookplate, the shops' web storefronts (SvelteKit with Svelte 5
on Cloudflare Pages, D1 for stock and orders, R2 for cover images, Vitest and Playwright);
pigeonhole, the Go service that pulls the two wholesalers' ONIX 3.0 stock and price feeds over
SFTP and pushes availability to the tills and storefronts (Go 1.23, pkg/sftp, a streaming
encoding/xml decoder, a systemd timer on a small Hetzner box); and shelfmark, the Flutter
tablet app the shop staff use for stocktakes, which keeps working without wifi in the back room
and syncs when it can (Flutter 3.24, Riverpod, drift, integration tests on an emulator).

Slots, by kind (the shared names of ``templates.py`` plus this split's own):

* convention - ``task``, ``musing`` (the request with the rule stated in passing), ``rule``
  (Hester's words), ``note`` (the line for NOTES.md), ``from`` and ``memo`` (an e-mail that
  carries the rule), ``contrary``, ``follow``, ``done``;
* command - ``goal``, ``musing`` (the long way of asking), ``fail``, ``note``, ``ok``,
  ``done``, ``label`` (its line in NOTES.md or CHECKLIST.md);
* environment - ``goal``, ``musing``, ``probe``, ``confirm``, ``guess`` (Hester's wrong
  memory, lower-case start), ``asker`` and ``asked`` (an e-mailed question);
* gotcha - ``symptom``, ``musing`` (the symptom with Hester's own wrong theory), ``trace``,
  ``probe``, ``explain``, ``fix``, ``done``, ``repro`` (a command whose long output holds the
  trace), ``hunch`` (``(text, tool)``: checking her theory and ruling it out), ``told`` (what
  someone at a shop noticed), ``panic`` (``(who, words)``: the complaint), ``lesson`` (the
  NOTES.md line);
* falsified - ``ask``, ``change``, ``broke``, ``revert``, ``conclusion``, ``want``, ``offer``,
  ``story`` (what happened when it was tried before, hedged), ``title``, ``pitch`` (``(who,
  words)``: an e-mail proposing it).

Every fact also carries its project's ``mates`` (people at the shops who notice things) and
``chatter`` (ordinary output lines a long log is made of).
"""

from __future__ import annotations

import random

from .templates import find, look, run, steps, talk, tweak
from .transcript import REJECTED, agent, ask_user, bash, edit, read, refused, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3
NOTES = "NOTES.md"
DECISIONS = "docs/decisions.md"
CHECKLIST = "CHECKLIST.md"

# (name, address, kind): kind is partner, shop or desk (a wholesaler's support desk).
RUFUS = ("Rufus Penhallow", "rufus@endpaper.studio", "partner")
DOT = ("Dot Fairweather", "dot@wrenandlantern.co.uk", "shop")
SOL = ("Sol Greaves", "sol@halfpennybooks.co.uk", "shop")
GWEN = ("Gwen Pritchard", "gwen@llyfraudyfi.cymru", "shop")
AMBROSE = ("Ambrose Kettle", "ambrose@saltroadbooks.co.uk", "shop")
PELLWORTH = ("Pellworth Trade Support", "tradesupport@pellworth.co.uk", "desk")
KESTREL = ("Kestrel Data Services", "datafeeds@kestrelbooks.co.uk", "desk")


def _pick(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _first(person: tuple[str, str, str]) -> str:
    return person[0].split()[0]


def _quote(text: str) -> str:
    return "\n".join(f"> {line}" if line else ">" for line in text.splitlines())


def _email(person: tuple[str, str, str], words: str, rng: random.Random) -> str:
    """An e-mail as Hester pastes it: Rufus's own, a shop's (usually forwarded by Rufus), or a
    wholesaler support desk's ticket reply."""
    name, address, kind = person
    day = _pick(rng, "Mon", "Tue", "Wed", "Thu", "Fri", "Sat")
    when = f"{day} at {rng.randint(7, 21):02d}:{rng.randrange(60):02d}"
    if kind == "desk":
        prefix = "PTS" if "pellworth" in address else "KDS"
        ticket = f"{prefix}-{rng.randint(10000, 99999)}"
        return (f"From: {name} <{address}>\nSubject: RE: [{ticket}] Endpaper Studio - data "
                f"feed query\n\nDear Endpaper Studio,\n\n{words}\n\nKind regards,\n{name}\n"
                f"Please keep {ticket} in the subject line of any reply.")
    if kind == "shop":
        lead = _pick(rng, "FYI. R\n\n", "See below - can you deal? R\n\n", "")
        return (f"{lead}---------- Forwarded message ---------\nFrom: {name} <{address}>\n"
                f"Date: {when}\nTo: Rufus Penhallow <rufus@endpaper.studio>\n\n{words}")
    style = rng.randrange(3)
    if style == 0:
        return (f"From: {name} <{address}>\nDate: {when}\nSubject: "
                f"{_pick(rng, 'quick one', '(no subject)', 'shops', 'question')}\n\n{words}")
    if style == 1:
        return f"On {when}, {name} <{address}> wrote:\n{_quote(words)}"
    return f"{words}\n\nSent from my iPhone"


def _buried(trace: str, chatter: list[str], rng: random.Random) -> str:
    """``trace`` somewhere in the middle of a long run of ordinary output lines."""
    keep = sorted(rng.sample(range(len(chatter)), min(len(chatter), rng.randint(8, 12))))
    lines = [chatter[i] for i in keep]
    cut = rng.randint(2, len(lines) - 2)
    return "\n".join(lines[:cut] + trace.splitlines() + lines[cut:])


OPENERS = ("Hello again. ", "Right. ", "Okay, next thing, and bear with me. ", "", "",
           "A slightly rambling one, I'm afraid. ")


# ------------------------------------------------------------------- phrasing templates
# convention
def conv_in_passing(s: dict, rng: random.Random) -> Episode:
    """The rule is stated in passing inside a long request; sometimes written into NOTES.md
    afterwards."""
    episode = [Step(prompt=_pick(rng, *OPENERS) + s["musing"]),
               Step(text=_pick(rng, "I'll read the neighbouring code first and then make the "
                                    "change the way you describe.",
                               "Got it; I'll follow that.",
                               "Right. Making the change, keeping to the rule you mentioned."),
                    tools=s["follow"]),
               Step(text=s["done"])]
    if rng.random() < 0.5:
        episode += [Step(prompt=_pick(rng, "Lovely. Would you write that rule into NOTES.md, "
                                           "under Conventions? I only said it in passing, and "
                                           "things I say in passing have a way of evaporating.",
                                      "Thank you. Put the rule in NOTES.md while we're here "
                                      "(the Conventions bit), please; I'd rather not depend on "
                                      "remembering to mention it next time.")),
                    Step(tools=[edit(NOTES, "## Conventions\n",
                                     f"## Conventions\n\n- {s['note']}\n")]),
                    Step(text="Added to NOTES.md under Conventions.")]
    return episode


def conv_caught(s: dict, rng: random.Random) -> Episode:
    """The assistant does it the ordinary way; Hester corrects it (at the permission prompt or
    after the edit) and has the rule written into NOTES.md."""
    if rng.random() < 0.5:
        said = _pick(rng, "Ah, no, sorry: my fault for not saying. {rule}",
                     "Not like that, I'm afraid. {rule}")
        first: Episode = [Step(text=_pick(rng, "Editing the file.", "One edit coming up.", ""),
                               tools=[refused(s["contrary"], REJECTED + said.format(
                                   rule=s["rule"]))])]
    else:
        said = _pick(rng, "Hmm. That works, but it isn't how we do it, and I should have said so "
                          "at the start. {rule}",
                     "Wait, before you run anything: I think (no, I'm sure) I never told you "
                     "this. {rule}")
        first = [Step(text=_pick(rng, "Straightforward.", "Editing now.", ""),
                      tools=[s["contrary"]]),
                 Step(text=_pick(rng, "Done. Run the tests now?",
                                 "In place. Want the suite run?")),
                 Step(prompt=said.format(rule=s["rule"]))]
    return [Step(prompt=s["task"]), *first,
            Step(text=_pick(rng, "Fair enough; redoing it your way.", "Changing it now.",
                            "Noted. Redoing it."), tools=s["follow"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "Thanks. And please add the rule to NOTES.md under "
                                   "Conventions, since apparently I only remember these things "
                                   "after the fact.",
                              "Good. Could that go into NOTES.md (Conventions)? Next time it "
                              "should be written down before anybody needs telling.")),
            Step(tools=[edit(NOTES, "## Conventions\n", f"## Conventions\n\n- {s['note']}\n")]),
            Step(text="Written into NOTES.md.")]


def conv_memo(s: dict, rng: random.Random) -> Episode:
    """An e-mail that carries the rule, pasted with the request."""
    who = s["from"]
    post = _email(who, s["memo"], rng)
    if rng.random() < 0.5:
        ask = (f"{post}\n\n(That's {_first(who)}, in characteristically few words.) "
               f"{s['task']} {s['rule']}")
    else:
        ask = (f"{s['task']}\n\nFor context, this arrived yesterday, and it's the reason for "
               f"the rule: {s['rule']}\n\n{post}")
    return [Step(prompt=ask),
            Step(text=_pick(rng, "I'll do it like that.", "Right you are.", ""),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_asked(s: dict, rng: random.Random) -> Episode:
    """The assistant asks how it should be done; Hester types the rule as the answer."""
    return [Step(prompt=_pick(rng, *OPENERS) + s["task"]),
            Step(text=_pick(rng, "Before I start, a quick question.", ""),
                 tools=[ask_user(_pick(rng, "Is there a house rule I should follow here?",
                                       "Which way would you like it?"),
                                 "Approach",
                                 [("Match nearby code", "Do what the surrounding files do"),
                                  ("Smallest change", "The least code that works; tidy later")],
                                 s["rule"])]),
            Step(text=_pick(rng, "Clear, thanks.", "Right you are.", "Will do."),
                 tools=s["follow"]),
            Step(text=s["done"])]


# command
def cmd_worked_out(s: dict, rng: random.Random) -> Episode:
    """Asked at length; the obvious command fails and the assistant finds the one that
    works."""
    return [Step(prompt=s["musing"]), Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_memory(s: dict, rng: random.Random) -> Episode:
    """Hester remembers the command wrong; it fails; the right one goes into NOTES.md."""
    fail, ok = s["fail"], s["ok"]
    lead = _pick(rng, "{goal} If memory serves it's `{cmd}`, though my memory for these things "
                      "is not what it was.",
                 "{goal} I think it's `{cmd}`? Try that, anyway.")
    return [Step(prompt=lead.format(goal=s["goal"], cmd=fail.command)),
            Step(tools=[fail]),
            Step(text=s["note"], tools=[ok]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "Well, so much for my memory. Write the right one into "
                                   "NOTES.md under Commands, would you?",
                              "Right. That's going in NOTES.md (Commands), because I will "
                              "absolutely type the wrong thing again in a month.")),
            Step(tools=[edit(NOTES, "## Commands\n",
                             f"## Commands\n\n- {s['label']}: `{ok.command}`\n")]),
            Step(text="Added under Commands in NOTES.md.")]


def cmd_pasted(s: dict, rng: random.Random) -> Episode:
    """Hester pastes her own failed attempt."""
    fail = s["fail"]
    lead = _pick(rng, "{goal} I had a go myself before bothering you, and got this:",
                 "{goal}\n\nHere's what my attempt produced (I suspect I'm holding it wrong):",
                 "{goal} Here's mine, failing:")
    return [Step(prompt=lead.format(goal=s["goal"])
                 + f"\n\n```\n$ {fail.command}\n{fail.output}\n```"
                 + _pick(rng, "\n\nWhere am I going wrong?", "", "\n\nAny idea?")),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "Ah, thanks.", "Of course it is. Thanks.",
                              "I'd have been at that all afternoon. Thanks.")),
            Step(text=_pick(rng, "Glad to help.", "Any time."))]


def cmd_checklist(s: dict, rng: random.Random) -> Episode:
    """Worked out, then added to CHECKLIST.md as a routine job."""
    ok = s["ok"]
    return [Step(prompt=_pick(rng, *OPENERS) + s["goal"]), Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[ok]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "Could you add that to CHECKLIST.md under Routine, as a "
                                   "tick-box? It's the sort of thing I do twice a year and "
                                   "forget in between.",
                              "Please put it on the checklist (CHECKLIST.md, Routine). Rufus "
                              "won't run it himself, but at least if I'm ill someone can read "
                              "it down the phone to me.")),
            Step(tools=[edit(CHECKLIST, "## Routine\n",
                             f"## Routine\n\n- [ ] {s['label']}: `{ok.command}`\n")]),
            Step(text="Added to CHECKLIST.md under Routine.")]


# environment
def env_lookup(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["musing"]),
            Step(text=_pick(rng, "Checking the real configuration rather than guessing.",
                            "One moment; checking.", ""), tools=s["probe"]),
            Step(text=s["confirm"])]


def env_wrong(s: dict, rng: random.Random) -> Episode:
    """Hester remembers it wrongly; the check corrects her and it goes into NOTES.md."""
    ask = _pick(rng, "I'm about to repeat this to someone, so sanity-check me first: if memory "
                     "serves, {guess}. Still right?",
                "Quick one, and I think I already know the answer (famous last words): "
                "{guess}, yes?",
                "{goal} I have a feeling {guess}, but my feelings about this project have been "
                "wrong before.")
    return [Step(prompt=ask.format(guess=s["guess"], goal=s["goal"])),
            Step(tools=s["probe"]),
            Step(text=_pick(rng, "Close, but no. ", "That was true once. ",
                            "Things have moved on since then. ")
                 + s["confirm"]),
            Step(prompt=_pick(rng, "Hm. Good thing I asked. Please write that into NOTES.md "
                                   "under Where things live, so I stop doing this.",
                              "Well, I'd have sworn otherwise. Put it in NOTES.md (Where things "
                              "live) before I misremember it a second time.")),
            Step(tools=[edit(NOTES, "## Where things live\n",
                             f"## Where things live\n\n- {s['confirm']}\n")]),
            Step(text="Added to NOTES.md.")]


def env_emailed(s: dict, rng: random.Random) -> Episode:
    """Rufus or a shop asks by e-mail; the assistant finds out and drafts the reply."""
    who = s["asker"]
    ask = _pick(rng, "{post}\n\nCould you find out, and draft me a reply I can send back? Short, "
                     "please; {first} reads e-mail on a phone between customers.",
                "Another one from {first}:\n\n{post}\n\nI don't know it off the top of my head "
                "(I thought I did, which is worse). Would you check and give me something to "
                "send?")
    return [Step(prompt=ask.format(first=_first(who), post=_email(who, s["asked"], rng))),
            Step(tools=s["probe"]),
            Step(text=f"{s['confirm']}\n\nA reply you could send:\n\n> Hi {_first(who)},\n>\n"
                      f"> {s['confirm']}\n>\n> Hester"),
            Step(prompt=_pick(rng, "Sent. Thanks.", "Done, it's gone.", "Sent, with a smiley "
                                                                       "face he won't deserve.")),
            Step(text=_pick(rng, "Lovely.", "Excellent."))]


def env_checklist(s: dict, rng: random.Random) -> Episode:
    """Pinned down from the live configuration for CHECKLIST.md."""
    return [Step(prompt=_pick(rng, "{goal} It's for the checklist, so please read it off the "
                                   "real configuration rather than trusting my recollection.",
                              "For CHECKLIST.md: {goal} From the actual config, please, not "
                              "from what either of us thinks it is.").format(goal=s["goal"])),
            Step(tools=s["probe"]),
            Step(text=s["confirm"]),
            Step(prompt=_pick(rng, "Thanks. Add it under Before poking production.",
                              "Lovely; that goes in the Before poking production section.")),
            Step(tools=[edit(CHECKLIST, "## Before poking production\n",
                             f"## Before poking production\n\n- [ ] {s['confirm']}\n")]),
            Step(text="Added to CHECKLIST.md.")]


# gotcha
def gotcha_paste(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"),
            Step(text=_pick(rng, "On it.", "Having a look.", ""), tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_forwarded(s: dict, rng: random.Random) -> Episode:
    """A shop's complaint, forwarded; reproduced from a long log; written up in NOTES.md."""
    who, words = s["panic"]
    return [Step(prompt=_pick(rng, "{post}\n\nCould you look at this before anything else, "
                                   "please?",
                              "This has just landed.\n\n{post}\n\nI'd like to have an answer "
                              "for {first} by lunchtime, if that's at all possible.")
                 .format(first=_first(who), post=_email(who, words, rng))),
            Step(text="First, reproducing it.",
                 tools=[bash(s["repro"], _buried(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "The interesting part is in the middle.", ""),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "Thank you. Write it up in NOTES.md under Things that bit us "
                                   "(briefly; future me has the attention span of a wasp in "
                                   "September).",
                              "Marvellous. Please put a line in NOTES.md, Things that bit us, "
                              "and I'll go and tell {first}.").format(first=_first(who))),
            Step(tools=[edit(NOTES, "## Things that bit us\n",
                             f"## Things that bit us\n\n- {s['lesson']}\n")]),
            Step(text="Added to NOTES.md.")]


def gotcha_theory(s: dict, rng: random.Random) -> Episode:
    """Hester's own theory is checked and ruled out; the cause shows halfway down a long
    output."""
    text, tool = s["hunch"]
    return [Step(prompt=s["musing"]),
            Step(text=text, tools=[tool]),
            Step(text=_pick(rng, "So it isn't that. Running the full reproduction:",
                            "That theory doesn't hold, I'm afraid. I'll run the full thing and "
                            "read every line."),
                 tools=[bash(s["repro"], _buried(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "There, about halfway down.", "The cause is buried in the "
                                                               "middle there."),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "Well. I was confidently wrong, then. Thanks for persisting.",
                              "Huh. I'd never have looked there.",
                              "That's a morning I won't get back, but thank you.")),
            Step(text=_pick(rng, "Not an easy one to spot.", "Yes, that one hid well."))]


def gotcha_noticed(s: dict, rng: random.Random) -> Episode:
    """Someone at a shop noticed a pattern; it turns out to be the clue."""
    mate = rng.choice(s["mates"])
    ask = _pick(rng, "{symptom}\n\nFor what it's worth, {mate} noticed something (it may be "
                     "nothing): {told}",
                "{symptom} {mate} mentioned, in passing, that {told_l} I don't know whether "
                "that's a clue or a coincidence.")
    told = s["told"]
    return [Step(prompt=ask.format(symptom=s["symptom"], mate=mate, told=told,
                                   told_l=told[:1].lower() + told[1:])),
            Step(tools=s["probe"]),
            Step(text=f"{mate}'s observation is the clue. {s['explain']}", tools=s["fix"]),
            Step(text=s["done"])]


# falsified
def fals_tried(s: dict, rng: random.Random) -> Episode:
    undo = _pick(rng, "No. That's worse than what we had; please put it back.",
                 "Well, that answers that. Revert the lot, would you?",
                 "Okay, I've seen enough; roll it back.")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=undo),
            Step(text=_pick(rng, "Undoing the changes.", "Restoring the original.", ""),
                 tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_been_there(s: dict, rng: random.Random) -> Episode:
    said = _pick(rng, "No, let's not, and here's why. {story}",
                 "Ah. I'd rather we didn't. {story}",
                 "We've been down that road. {story}")
    return [Step(prompt=s["want"]), Step(text=s["offer"]),
            Step(prompt=said.format(story=s["story"])),
            Step(text=f"Then I'll leave it alone. {s['conclusion']}")]


def fals_log(s: dict, rng: random.Random) -> Episode:
    """Written into the decisions log from Hester's recollection."""
    ask = _pick(rng, "This keeps coming up, so please write it into {path} under Tried and "
                     "dropped, so that the next time one of us has the idea there's a record. "
                     "From my notes (such as they are):\n\n{story}",
                "Could you add an entry to the decisions log ({path}, Tried and dropped) for "
                "this? Here's what happened, as best I remember it:\n\n{story}")
    return [Step(prompt=ask.format(story=s["story"], path=DECISIONS)),
            Step(tools=[edit(DECISIONS, "## Tried and dropped\n",
                             f"## Tried and dropped\n\n### {s['title']}\n\n"
                             f"{s['conclusion']}\n")]),
            Step(text=f"Recorded under Tried and dropped in {DECISIONS}.")]


def fals_pitched(s: dict, rng: random.Random) -> Episode:
    """Someone proposes it by e-mail; Hester tells the story and the assistant drafts the
    reply."""
    who, words = s["pitch"]
    ask = _pick(rng, "{post}\n\nThis one has history. {story}\n\nCould you draft a reply to "
                     "{first} explaining why not, kindly and without jargon?",
                "{post}\n\nSigh. It's not a silly idea, which is the trouble. {story} Please "
                "write {first} a short, friendly no.")
    return [Step(prompt=ask.format(post=_email(who, words, rng), story=s["story"],
                                   first=_first(who))),
            Step(text=f"A draft:\n\n> Hi {_first(who)},\n>\n> Thanks for the idea. We tried it "
                      f"once, and it went badly. {s['conclusion']}\n>\n> Hester"),
            Step(prompt=_pick(rng, "That'll do. Sent.", "Sent. Much obliged.",
                              "Sent, and I feel only slightly guilty.")),
            Step(text=_pick(rng, "Right.", "Makes sense."))]


TEMPLATES = {
    "convention": [conv_in_passing, conv_caught, conv_memo, conv_asked],
    "command": [cmd_worked_out, cmd_memory, cmd_pasted, cmd_checklist],
    "environment": [env_lookup, env_wrong, env_emailed, env_checklist],
    "gotcha": [gotcha_paste, gotcha_forwarded, gotcha_theory, gotcha_noticed],
    "falsified": [fals_tried, fals_been_there, fals_log, fals_pitched],
}

UNRELATED = [
    "A customer asked Dot, Dot asked Rufus, and Rufus (naturally) asked me: what is the actual "
    "difference between an ISBN-10 and an ISBN-13, and can every old one be converted?",
    "Could you explain, in plain terms, what a mutex is? I'm trying to explain to Rufus why two "
    "tills selling the last copy at the same moment is a real problem and not me being "
    "dramatic.",
    "What's a sensible hourly rate for a senior freelance developer outside London these days? "
    "I suspect we've been undercharging since roughly 2019.",
    "how do I get git to forget a file I committed by accident without deleting it from my disk",
    "I have to give a ten-minute talk to a booksellers' association meeting about 'technology "
    "for small shops'. How would you structure it so that nobody falls asleep (including me)?",
    "What's the difference between VAT being zero-rated and being exempt? I've been nodding "
    "along to our accountant for years without, I think, really knowing.",
    "Is there a kind way to tell a client that 'can it just also do X' is three weeks of work?",
    "Explain what a Bloom filter is, with an example that isn't about spell-checking.",
    "Suggest a name for a tiny newsletter the studio could send the shops each month, something "
    "bookish without being twee (Rufus's suggestions so far have all been puns).",
    "What's the difference between a process and a thread? An analogy with a bookshop would "
    "delight Rufus.",
    "How do people keep a decent work log when they bill by the hour and hate timesheets?",
    "What exactly is a race condition, and is 'race' a metaphor or an acronym? I realise I've "
    "never checked.",
    "Give me a regex for a UK postcode that's strict enough to catch typos but doesn't reject "
    "real ones.",
    "Is it worth getting a standing desk, or is that one of those purchases that ends up as a "
    "very expensive shelf?",
    "what does idempotent actually mean, in one sentence, for someone who nods at it in meetings",
    "How should a two-person company think about holiday cover when only one of them can fix "
    "anything?",
    "What's the real difference between a wholesaler and a distributor in publishing? I use the "
    "words interchangeably and I suspect I shouldn't.",
    "Write me a bash one-liner that finds the ten largest files under the current directory.",
    "Explain public-key cryptography with an analogy that would survive being retold by Rufus.",
    "I keep a paper notebook for ideas and then never look at it again. Any system that "
    "actually works for people who write things down and forget them?",
    "What's the difference between UTF-8 and Latin-1 in two sentences?",
    "How do I stop my Mac asking me to update every single morning?",
]

UNANSWERED: dict[str, list[str]] = {
    "colophon": [
        "How much did Wren & Lantern take over the Christmas fortnight compared with last year?",
        "Is Halfpenny thinking of opening a second shop in Scarborough?",
        "which of the shops sells the most stationery as opposed to books",
        "Did Rufus ever agree a new monthly fee with Salt Road for the till system?",
        "What card terminal provider will the new shop in Hay want to use?",
    ],
    "bookplate": [
        "How many orders did the storefronts take online in February?",
        "Does Ambrose want a separate page for signed first editions this spring?",
        "what proportion of online orders are click and collect versus posted",
        "Is Llyfrau Dyfi planning to sell ebooks through its website?",
        "Who designed Halfpenny's logo, and do we have the original files anywhere?",
    ],
    "pigeonhole": [
        "What discount does Pellworth give the shops compared with Kestrel?",
        "Is Kestrel being bought by one of the big distributors, as the rumour goes?",
        "how many titles are in Pellworth's full catalogue at the moment",
        "Will either wholesaler start supplying audiobooks in their feeds?",
        "When does Rufus plan to renegotiate the Kestrel data agreement?",
    ],
    "shelfmark": [
        "How long did the last full stocktake at Wren & Lantern take?",
        "Is Gwen planning to do a stocktake before or after the summer season this year?",
        "how much stock do the shops usually find missing at a stocktake",
        "Are the shops going to want the app on their phones as well as the tablets?",
        "Who at Salt Road is in charge of stocktakes now that the old manager has left?",
    ],
}


def _equip(facts: list[Fact], **extra) -> list[Fact]:
    for fact in facts:
        for name, value in extra.items():
            fact.slots.setdefault(name, value)
    return facts


def _files(name: str, readme: str, extra: dict[str, str]) -> dict[str, str]:
    return {"README.md": f"# {name}\n\n{readme}\n",
            NOTES: f"# {name}: notes\n\nHester's working notes. Short, or nobody reads them.\n\n"
                   "## Conventions\n\n## Commands\n\n## Where things live\n\n"
                   "## Things that bit us\n",
            DECISIONS: "# Decisions\n\n## Settled\n\n## Tried and dropped\n",
            CHECKLIST: "# Checklist\n\n## Routine\n\n## Before poking production\n",
            **extra}


# ------------------------------------------------------------------- colophon
def colophon() -> Project:
    voucher = "app/Models/GiftVoucher.php"
    special = "app/Models/SpecialOrder.php"
    migration = "database/migrations/2025_02_24_101500_create_special_orders_table.php"
    normaliser = "app/Support/IsbnNormaliser.php"
    voucher_model = ("<?php\n\nnamespace App\\Models;\n\nuse Illuminate\\Database\\Eloquent\\"
                     "Factories\\HasFactory;\nuse Illuminate\\Database\\Eloquent\\Model;\n\n"
                     "class GiftVoucher extends Model\n{\n    use HasFactory;\n\n    protected "
                     "$fillable = ['code', 'value', 'balance', 'expires_on', 'shop_id'];\n}\n")
    facts = [
        Fact("conv-shop", "convention", ["BelongsToShop"],
             ["Please add a SpecialOrder model and migration for the 'could you get this in for me'"
              " slips: customer name, telephone, ISBN, a note, and the shop that took the order. Do"
              " it the way the other shop-owned models are done.",
              "remind me how each shop's data is kept walled off from the others in the back "
              "office, what does a new model need"],
             "colophon (the point-of-sale backend): every model that belongs to a shop uses the "
             "BelongsToShop trait, which adds the shop_id global scope and fills shop_id on "
             "create; nobody writes where('shop_id', ...) filters by hand in controllers.",
             {"task": "Wren & Lantern want to sell gift vouchers at the till before Easter. "
                      "Could you add a GiftVoucher model and migration (a code, the value and "
                      "the remaining balance, an expiry date, and the shop that issued it), with "
                      "a factory?",
              "musing": "Wren & Lantern want to sell gift vouchers at the till before Easter "
                        "(Dot has already had the cards printed, which is a very Dot way of "
                        "setting a deadline), so I need a GiftVoucher model, a migration and a "
                        "factory: a code, the value and the remaining balance, an expiry date, "
                        "and which shop issued it. I think the balance should live on the "
                        "voucher rather than being summed from redemptions every time, though "
                        "I'm open to argument. And the usual thing, which I only mention "
                        "because it has bitten us: anything that belongs to a shop gets the "
                        "BelongsToShop trait, which scopes every query to the current shop and "
                        "fills in shop_id on create, rather than somebody writing "
                        "where('shop_id', ...) by hand in a controller. The one time we did it "
                        "by hand, Halfpenny's back office showed Salt Road's takings for an "
                        "entire afternoon, and Ambrose still brings it up.",
              "rule": "Anything that belongs to a shop gets the BelongsToShop trait (it scopes "
                      "every query to the current shop and fills shop_id on create); nobody "
                      "writes where('shop_id', ...) by hand. The one time we did, Halfpenny's "
                      "back office showed Salt Road's takings for an afternoon.",
              "note": "Every model that belongs to a shop uses the BelongsToShop trait (shop_id "
                      "global scope, shop_id filled on create); no hand-written "
                      "where('shop_id', ...) anywhere.",
              "from": AMBROSE,
              "memo": "Rufus,\n\nDot tells me Hester is building gift vouchers. Ours will be in "
                      "the same system, yes? Then please make very sure nobody else can see "
                      "them, or our sales. I'd rather not have a repeat of last April.\n\n"
                      "Ambrose",
              "contrary": write(voucher, voucher_model),
              "follow": [write(voucher, voucher_model.replace(
                                 "use Illuminate\\Database\\Eloquent\\Factories\\HasFactory;",
                                 "use App\\Models\\Concerns\\BelongsToShop;\nuse Illuminate\\"
                                 "Database\\Eloquent\\Factories\\HasFactory;").replace(
                                 "    use HasFactory;", "    use BelongsToShop, HasFactory;")),
                         bash("php artisan test --filter=GiftVoucher",
                              "\n   PASS  Tests\\Feature\\GiftVoucherTest\n  ✓ it issues a "
                              "voucher at the current shop                      0.21s\n  ✓ it "
                              "redeems part of a voucher                              0.08s\n  ✓ "
                              "it cannot find another shop's voucher                     0.06s\n"
                              "\n  Tests:    3 passed (9 assertions)\n  Duration: 0.61s")],
              "done": "GiftVoucher uses BelongsToShop, so every query on it is scoped to the "
                      "current shop and shop_id is filled in on create; the migration has "
                      "shop_id with a foreign key, the factory picks a shop, and the three new "
                      "tests pass, including one that a voucher issued by another shop can't "
                      "be found."}),
        Fact("conv-pence", "convention", ["MoneyInPence"],
             ["Add a booking fee to Salt Road's author evenings (the events table) and make the "
              "model hand it back properly; you know how we do money here, or at least one of us "
              "does.",
              "before I add a price column to anything in the till backend and regret it, remind me"
              " what type money is supposed to be and how the model hands it back"],
             "colophon: money is always whole pence in an unsigned integer column, read "
             "through the MoneyInPence cast (the model returns a Money object); no decimal "
             "columns and no floats.",
             {"task": "Special orders need a postage charge, for customers who'd rather have "
                      "the book posted than come in for it. Please add it to the special_orders "
                      "table and the SpecialOrder model, and print it on the order slip.",
              "musing": "Special orders need a postage charge now (Halfpenny has started "
                        "posting books to customers up the coast, which I think is a lovely "
                        "idea and Sol thinks is a logistical nightmare; they're both right). "
                        "Could you add it to the special_orders table and the SpecialOrder "
                        "model, and print it on the order slip? And before you reach for a "
                        "decimal column, which is what everyone reaches for: money here is "
                        "always whole pence in an unsigned integer column, read through the "
                        "MoneyInPence cast so the model hands back a Money object, never a "
                        "float. We had the VAT rounding argument with the accountant in 2023, "
                        "and I've no wish to have it twice.",
              "rule": "Money is always whole pence in an integer column, cast with "
                      "MoneyInPence so the model hands back a Money object. No decimal columns "
                      "and no floats; one VAT rounding argument with the accountant was "
                      "enough.",
              "note": "Money is integer pence (unsigned integer columns) cast with "
                      "MoneyInPence, which returns a Money object; no decimal columns, no "
                      "floats.",
              "from": RUFUS,
              "memo": "H - accountant again. Says Halfpenny's February VAT is out by 3p and "
                      "can we explain. I said you'd know. Sorry. R",
              "contrary": edit(migration,
                               "            $table->string('status')->default('requested');\n",
                               "            $table->string('status')->default('requested');\n"
                               "            $table->decimal('postage', 8, 2)->default(0);\n"),
              "follow": [edit(migration,
                              "            $table->string('status')->default('requested');\n",
                              "            $table->string('status')->default('requested');\n"
                              "            $table->unsignedInteger('postage_pence')->default(0);"
                              "\n"),
                         edit(special,
                              "        'deposit_pence' => MoneyInPence::class,\n",
                              "        'deposit_pence' => MoneyInPence::class,\n        "
                              "'postage_pence' => MoneyInPence::class,\n"),
                         bash("php artisan test --filter=SpecialOrder",
                              "\n   PASS  Tests\\Feature\\SpecialOrderTest\n  ✓ it prints "
                              "postage on the slip                             0.19s\n  ✓ it "
                              "prints free postage as 'Collect in shop'              0.07s\n\n  "
                              "Tests:    6 passed (14 assertions)\n  Duration: 0.74s")],
              "done": "postage_pence is an unsigned integer column (default 0) cast with "
                      "MoneyInPence, so $order->postage_pence comes back as a Money object and "
                      "the slip prints it with ->format() ('£3.20'). The special order tests "
                      "pass, including one for an order that's collected in the shop."}),
        Fact("cmd-recreate", "command", ["--recreate-databases"],
             ["I've just added the migration for author events, and the parallel test run is "
              "falling over with missing tables on one worker again. Sort it out, please.",
              "how do I get the parallel test run to throw away and rebuild its per-worker test "
              "databases after I've added a migration"],
             "colophon: after adding a migration, run the suite once with `php artisan test "
             "--parallel --recreate-databases`; the per-process test databases "
             "(colophon_test_1, colophon_test_2) are kept between runs and otherwise lack the "
             "new tables.",
             {"goal": "The test suite has gone red since the gift voucher migration, but only "
                      "in parallel, and only on some workers. Could you get it green?",
              "musing": "Something odd. Since the gift voucher migration went in, the test "
                        "suite fails when I run it in parallel (which is the only way I run it, "
                        "life being short), but not all of it: just tests on some of the "
                        "workers, complaining that tables don't exist. My first thought was "
                        "that RefreshDatabase had stopped doing its job, but I think that's "
                        "wrong, because run one at a time everything passes. Could you get the "
                        "parallel run green again and tell me what the trick is?",
              "fail": bash("php artisan test --parallel",
                           "\n  FAILED  Tests\\Feature\\GiftVoucherTest > it redeems part of a "
                           "voucher\n  QueryException\n  SQLSTATE[42S02]: Base table or view not "
                           "found: 1146 Table 'colophon_test_2.gift_vouchers' doesn't exist\n\n"
                           "  Tests:    7 failed, 212 passed (688 assertions)\n  Duration: "
                           "41.07s\n  Parallel: 2 processes", 1),
              "note": "Each parallel process has its own test database (colophon_test_1, "
                      "colophon_test_2), and Laravel keeps them between runs to save time, so "
                      "they still have the old schema; a serial run uses colophon_test, which "
                      "was migrated. Telling the runner to drop and rebuild them:",
              "ok": bash("php artisan test --parallel --recreate-databases",
                         "\n  Tests:    219 passed (702 assertions)\n  Duration: 44.90s\n  "
                         "Parallel: 2 processes"),
              "done": "Green: 219 tests on two processes. The per-process databases have the "
                      "new schema now, so plain --parallel works again until the next "
                      "migration.",
              "label": "parallel tests after a new migration"}),
        Fact("cmd-zreport", "command", ["pos:zreport"],
             ["Ambrose says Salt Road's end-of-day report for last Saturday never arrived. Please "
              "send it to them again.",
              "what's the artisan command that produces a shop's end of day till summary for a "
              "given date, the one the scheduler normally runs at night"],
             "colophon: a shop's end-of-day (Z) report is produced, and e-mailed with --email, "
             "by `php artisan pos:zreport --shop=<slug> --date=YYYY-MM-DD --email`; the "
             "scheduler runs it for every shop at 23:10. There is no report:z command.",
             {"goal": "Halfpenny never got Monday's end-of-day report e-mail (Sol noticed this "
                      "morning). Could you produce it again and send it?",
              "musing": "Sol rang Rufus first thing (Sol keeps Whitby fishing-town hours and is "
                        "up at five) to say Halfpenny never got Monday's end-of-day report "
                        "e-mail. I think the scheduler did run, because the other three shops "
                        "got theirs, so it's probably a one-off mail hiccup; could you produce "
                        "Halfpenny's again for Monday the 3rd and send it? I'm fairly sure "
                        "there's an artisan command for it, but I couldn't tell you its name "
                        "to save my life.",
              "fail": bash("php artisan report:z halfpenny",
                           "\n  ERROR  Command \"report:z\" is not defined. Did you mean one of "
                           "these?\n\n  ⇂ pos:float-check\n  ⇂ pos:receipts:resend\n  ⇂ "
                           "pos:zreport\n", 1),
              "note": "There's no report:z. The end-of-day report is pos:zreport, the same "
                      "command the scheduler runs at 23:10 for each shop (routes/console.php); "
                      "it takes the shop's slug and a date, and --email sends it to the shop's "
                      "report address:",
              "ok": bash("php artisan pos:zreport --shop=halfpenny --date=2025-03-03 --email",
                         "Z report: Halfpenny Books, Monday 3 March 2025\n  Sales: 84   "
                         "Refunds: 2   Net takings: £1,412.60\n  Cash £318.00 · Card "
                         "£1,094.60\n  Emailed to shop@halfpennybooks.co.uk"),
              "done": "Sent: Halfpenny's Monday report went to shop@halfpennybooks.co.uk (84 "
                      "sales, £1,412.60 net). The mail log shows the original bounced with a "
                      "temporary 451 from their provider, so it was a one-off.",
              "label": "re-send a shop's end-of-day report"}),
        Fact("env-dbport", "environment", ["25060"],
             ["I'm trying to connect a database client to the live till backend from my laptop "
              "(read-only, I promise, before you ask), and the usual port just hangs; I had a vague"
              " idea the database lived on the web droplet, but I suspect that's two migrations out"
              " of date. Where is it, and on which port?",
              "I want to point TablePlus at the live till database this afternoon. Which host and "
              "port do I give it, and is it still on the web droplet?"],
             "colophon's production database is DigitalOcean's managed MySQL cluster "
             "endpaper-mysql (lon1), reached on port 25060 with TLS required; it is not on the "
             "web droplet and not on 3306.",
             {"goal": "Which host and port does the production database connection use?",
              "musing": "I want to point TablePlus at the production database this afternoon "
                        "(read-only, I promise; mostly to see how many vouchers Dot has "
                        "actually sold), and I realise I've no idea what port it's on any more. "
                        "I think it's the usual one, on the web droplet, but we moved it "
                        "somewhere at some point last year and I've lost track. Could you check "
                        "what the live app actually connects to?",
              "probe": [bash("ssh deploy@octavo 'grep -E \"^DB_(HOST|PORT|DATABASE)|SSL_CA\" "
                             "/var/www/colophon/shared/.env'",
                             "DB_HOST=endpaper-mysql-do-user-1482-0.b.db.ondigitalocean.com\n"
                             "DB_PORT=25060\nDB_DATABASE=colophon\nMYSQL_ATTR_SSL_CA=/etc/ssl/"
                             "certs/do-mysql-ca.crt"),
                        bash("doctl databases list --format Name,Engine,Region,Port",
                             "Name              Engine    Region    Port\nendpaper-mysql    "
                             "mysql     lon1      25060")],
              "confirm": "Production uses DigitalOcean's managed MySQL cluster endpaper-mysql in "
                         "lon1, on port 25060 with TLS required (the CA certificate is "
                         "/etc/ssl/certs/do-mysql-ca.crt on the droplets). It isn't on the web "
                         "droplet and it isn't on 3306.",
              "guess": "production MySQL is on the standard 3306, on the web droplet itself",
              "asker": RUFUS,
              "asked": "H - Salt Road's accountant wants 'read access to the database' for year "
                       "end. No idea what that means. Do we give them a port or something? R"}),
        Fact("env-horizon", "environment", ["quarto"],
             ["Which droplet do the queue workers actually run on? I went looking for Horizon on "
              "the web box and it wasn't there.",
              "The receipts queue has backed up again (Dot's customers are getting their receipts "
              "after they've got home). Please restart the queue workers, on whichever box they "
              "actually live."],
             "colophon: Horizon (the queue workers, under supervisor) runs on the worker "
             "droplet quarto, alongside Redis; the web droplet octavo only serves HTTP. Restart "
             "the workers with ssh deploy@quarto 'supervisorctl restart horizon'.",
             {"goal": "Where does Horizon run in production?",
              "musing": "The receipts queue was slow yesterday afternoon (Dot said e-mailed "
                        "receipts were arriving ten minutes after the customer had left, which "
                        "rather defeats the point), and when I went to look at Horizon on the "
                        "web droplet I found, well, nothing: no supervisor program, no horizon "
                        "process. I think we split the workers off onto their own box at some "
                        "point, but I honestly can't remember which. Could you find out where "
                        "Horizon actually runs?",
              "probe": [bash("ssh deploy@octavo 'pgrep -a -f horizon || echo none'", "none"),
                        bash("grep -n -A2 \"^host(\" deploy.php",
                             "14:host('octavo')\n15-    ->set('hostname', '167.99.200.14')\n"
                             "16-    ->set('labels', ['role' => 'web']);\n--\n18:host('quarto')"
                             "\n19-    ->set('hostname', '167.99.203.81')\n20-    ->set("
                             "'labels', ['role' => 'worker']);"),
                        bash("ssh deploy@quarto 'supervisorctl status; redis-cli ping'",
                             "horizon                          RUNNING   pid 1184, uptime 12 "
                             "days, 3:41:07\nPONG")],
              "confirm": "Horizon runs on quarto, the worker droplet (supervisor program "
                         "horizon, up twelve days), alongside Redis; octavo, the web droplet, "
                         "only serves HTTP. To restart the workers: ssh deploy@quarto "
                         "'supervisorctl restart horizon'.",
              "guess": "Horizon runs on the web droplet next to the app, under supervisor",
              "asker": RUFUS,
              "asked": "Dot says the email receipts are slow again. Is it a thing I can "
                       "restart? Which computer is it on? R"}),
        Fact("gotcha-addon", "gotcha", ["EAN-5"],
             ["Why did some of Halfpenny's American paperbacks come up as 'product not found' at "
              "the till even though they were on the shelf?",
              "a handful of books won't scan at the till but typing the ISBN in by hand works "
              "fine, what was going on last time that happened"],
             "colophon gotcha: many books print a 5-digit price add-on (EAN-5) beside the ISBN "
             "barcode, and the shops' scanners were set to transmit it, so the till sent 18 "
             "digits and the lookup failed with 'Product not found'; IsbnNormaliser now keeps "
             "the 13-digit ISBN of an 18- or 15-digit scan.",
             {"symptom": "Some books won't scan at Halfpenny's till: 'Product not found', "
                         "although they're in stock and typing the ISBN in by hand finds them "
                         "straight away.",
              "musing": "Something to chew on. At Halfpenny some books won't scan at the till "
                        "(it says 'Product not found'), although they're in stock and typing "
                        "the ISBN in by hand finds them at once. I think, though I'm honestly "
                        "not sure, that the scanner is dropping the leading 978: they're cheap "
                        "scanners (Rufus bought them in a job lot), and I have a vague memory "
                        "of one truncating barcodes before. Could you have a look?",
              "trace": "[2025-03-04 11:42:19] production.INFO: till.scan {\"shop\":\"halfpenny"
                       "\",\"till\":2,\"raw\":\"978030734813752499\"}\n[2025-03-04 11:42:19] "
                       "production.WARNING: Product not found {\"shop\":\"halfpenny\",\"code\":"
                       "\"978030734813752499\",\"length\":18}",
              "probe": [bash("ssh deploy@octavo \"grep -h 'Product not found' /var/www/colophon/"
                             "shared/storage/logs/laravel-2025-03-0*.log | grep -o "
                             "'length.:[0-9]*' | sort | uniq -c\"",
                             "     23 length\":18\n      2 length\":15"),
                        read(normaliser,
                             "<?php\n\nnamespace App\\Support;\n\nfinal class IsbnNormaliser\n{\n"
                             "    public static function normalise(string $raw): string\n    {\n"
                             "        return preg_replace('/[\\s-]/', '', $raw);\n    }\n}\n")],
              "explain": "The barcodes aren't being truncated; they're too long. Many books, "
                         "American paperbacks especially, print a small second barcode beside "
                         "the ISBN: a 5-digit price add-on (EAN-5; 52499 means $24.99), and "
                         "now and then a 2-digit one. Halfpenny's scanners are set to transmit "
                         "the add-on, so the till sends the 13-digit ISBN with the supplement "
                         "glued on, 18 digits (or 15), and the ISBN lookup finds nothing. "
                         "IsbnNormaliser only strips spaces and hyphens; it should keep the "
                         "first 13 digits when a 978/979 code arrives with an add-on.",
              "fix": [edit(normaliser,
                           "        return preg_replace('/[\\s-]/', '', $raw);\n",
                           "        $digits = preg_replace('/[\\s-]/', '', $raw);\n        // a "
                           "price add-on (EAN-5 or EAN-2) scanned with the ISBN: keep the ISBN\n"
                           "        if (preg_match('/^(97[89]\\d{10})(\\d{2}|\\d{5})$/', "
                           "$digits, $m)) {\n            return $m[1];\n        }\n\n        "
                           "return $digits;\n"),
                      bash("php artisan test --filter=IsbnNormaliser",
                           "\n   PASS  Tests\\Unit\\IsbnNormaliserTest\n  ✓ it keeps the isbn "
                           "of a scan with a five digit add-on             0.01s\n  ✓ it keeps "
                           "the isbn of a scan with a two digit add-on              0.01s\n\n"
                           "  Tests:    5 passed (5 assertions)")],
              "done": "Scans with an add-on resolve now: the tests cover 18- and 15-digit "
                      "codes, and replaying this morning's 25 failed scans through the "
                      "normaliser finds every one of the books.",
              "repro": "php artisan till:replay-scans --shop=halfpenny --since='today 09:00' -v",
              "hunch": ("Checking your theory first: if the scanner dropped the 978, the failed "
                        "codes wouldn't start with it.",
                        bash("ssh deploy@octavo \"grep -h 'Product not found' /var/www/colophon/"
                             "shared/storage/logs/laravel-2025-03-04.log | grep -c "
                             "'code.:.97[89]'\"", "25")),
              "told": "It only seems to happen with the American paperbacks, the ones with a "
                      "second little barcode next to the main one.",
              "panic": (SOL, "Rufus,\n\nTill keeps saying Product not found on books we have. "
                             "Staff typing ISBNs in by hand, queue out the door on Saturday. "
                             "Not good.\n\nSol"),
              "lesson": "Some books carry an EAN-5 price add-on beside the ISBN and the "
                        "scanners send it: an 18- or 15-digit scan is the ISBN plus the add-on, "
                        "and IsbnNormaliser keeps the first 13 digits."}),
        Fact("gotcha-twice", "gotcha", ["retry_after"],
             ["Why did a big delivery for Wren & Lantern get booked into stock twice last "
              "month, with every quantity doubled?",
              "if a long queued job looks as though it ran twice in Horizon, which setting do I "
              "check first? I know we've been bitten by this before"],
             "colophon gotcha: the redis queue connection's retry_after in config/queue.php "
             "(90 s) was shorter than the delivery import's run time (the imports supervisor's "
             "Horizon timeout is 300 s), so Redis handed the still-running job to a second "
             "worker and the delivery was booked in twice; retry_after must exceed the longest "
             "job timeout (now 360).",
             {"symptom": "Wren & Lantern's Pellworth delivery on Tuesday (a big one, 1,900 "
                         "lines, the spring frontlist) was booked into stock twice; every "
                         "line's quantity is doubled.",
              "musing": "Dot's stock figures are wrong in a very particular way: Tuesday's "
                        "Pellworth delivery (a big one, the spring frontlist, about 1,900 "
                        "lines) was booked in twice, so every quantity is doubled. My theory, "
                        "for what it's worth, is that Dot pressed the import button twice (it "
                        "doesn't grey out while it works, which is my fault), but she swears she "
                        "didn't, and to be fair to Dot she usually knows what she's pressed. "
                        "Could you work out what actually happened?",
              "trace": "[2025-03-04 10:02:11] App\\Jobs\\ImportDeliveryNote (delivery 8841) "
                       "....... RUNNING\n[2025-03-04 10:03:41] App\\Jobs\\ImportDeliveryNote "
                       "(delivery 8841) ....... RUNNING\n[2025-03-04 10:05:07] App\\Jobs\\"
                       "ImportDeliveryNote (delivery 8841) ....... 176s DONE\n[2025-03-04 "
                       "10:06:29] App\\Jobs\\ImportDeliveryNote (delivery 8841) ....... 168s "
                       "DONE",
              "probe": [bash("grep -n retry_after config/queue.php",
                             "73:            'retry_after' => 90,"),
                        bash("grep -n -A5 \"'supervisor-imports'\" config/horizon.php",
                             "41:        'supervisor-imports' => [\n42-            'connection' "
                             "=> 'redis',\n43-            'queue' => ['imports'],\n44-            "
                             "'timeout' => 300,\n45-            'tries' => 1,")],
              "explain": "The import was dispatched once; the same job then started twice, 90 "
                         "seconds apart, on two workers. The redis connection's retry_after in "
                         "config/queue.php is 90 seconds: if a job hasn't finished by then, the "
                         "queue assumes its worker died and hands it to another one. A "
                         "1,900-line delivery takes about three minutes to import, so a second "
                         "worker picked it up while the first was still going and both booked "
                         "the delivery in. The imports supervisor's Horizon timeout is 300; "
                         "retry_after has to be longer than the longest job's timeout, not "
                         "shorter.",
              "fix": [edit("config/queue.php", "            'retry_after' => 90,\n",
                           "            // must exceed the longest Horizon timeout (imports: "
                           "300)\n            'retry_after' => 360,\n"),
                      bash("php artisan stock:reverse-delivery 8841 --duplicate-only",
                           "Reversed the duplicate booking of delivery 8841: 1,903 lines, "
                           "quantities restored.")],
              "done": "The duplicate booking is reversed, and Wren & Lantern's quantities match "
                      "the delivery note again. retry_after is 360 now, above the imports "
                      "supervisor's 300-second timeout; it takes effect when Horizon restarts "
                      "with the next deploy.",
              "repro": "ssh colophon-worker 'tail -n 400 /var/www/colophon/shared/storage/logs/"
                       "horizon.log'",
              "hunch": ("Checking how many times the import was dispatched, to see whether it "
                        "was a double click.",
                        bash("ssh colophon-worker \"grep -c 'dispatch ImportDeliveryNote "
                             "delivery=8841' /var/www/colophon/shared/storage/logs/laravel-"
                             "2025-03-04.log\"", "1")),
              "told": "It only ever happens with the really big deliveries; the small weekly "
                      "ones have never doubled.",
              "panic": (DOT, "Rufus, the stock is all wrong since Tuesday. It says we've two of "
                             "everything from Pellworth. We haven't! I've not touched anything. "
                             "Dot"),
              "lesson": "retry_after on the redis queue connection must be longer than the "
                        "longest job's Horizon timeout, or a still-running job is handed to a "
                        "second worker (a big delivery import was booked in twice). Now 360 "
                        "against the imports supervisor's 300."}),
        Fact("fals-octane", "falsified", ["Octane"],
             ["I've been reading about keeping a Laravel application booted between requests rather"
              " than starting PHP from scratch each time (the numbers people quote are impressive, "
              "though I suspect they don't run tills in Whitby), and I've a nagging feeling we "
              "tried something of the sort. Did we, and what happened?",
              "didn't we once try one of those long-running PHP application servers to speed the "
              "tills up, and what went wrong with it"],
             "colophon: running the app under Laravel Octane (Swoole) to speed up till "
             "requests was tried and reverted: with the app alive between requests, the "
             "current shop leaked from one request to the next on a worker (a Salt Road till "
             "got Wren & Lantern's prices); it stays on PHP-FPM.",
             {"ask": "The tills feel sluggish at busy times (Saturday lunchtimes at Salt Road, "
                     "mainly; a sale takes the best part of a second to go through). I gather "
                     "Laravel Octane keeps the application booted between requests, which ought "
                     "to shave a good chunk off. Could you try it (Swoole rather than "
                     "RoadRunner, I think, though I've no strong feeling) and run the tests and "
                     "the till load script?",
              "change": [bash("composer require laravel/octane && php artisan octane:install "
                              "--server=swoole",
                              "./composer.json has been updated\n  - Installing laravel/octane "
                              "(v2.6.1): Extracting archive\n\n   INFO  Octane installed "
                              "successfully."),
                         write("deploy/supervisor/octane.conf",
                               "[program:octane]\ncommand=php /var/www/colophon/current/artisan "
                               "octane:start --server=swoole --workers=4 --port=8000\n"
                               "autorestart=true\nuser=deploy\n")],
              "broke": bash("php artisan test --filter=TillIsolation && ./scripts/till-load.sh "
                            "--concurrency 8",
                            "\n  FAILED  Tests\\Feature\\TillIsolationTest > consecutive "
                            "requests from different shops are scoped\n  Expected shop_id 4 "
                            "(saltroad), got 1 (wren-lantern) on request 2\n\n  Tests:    1 "
                            "failed, 3 passed (11 assertions)", 1),
              "revert": bash("composer remove laravel/octane && rm -f config/octane.php "
                             "deploy/supervisor/octane.conf && git status --short", ""),
              "conclusion": "We stay on PHP-FPM. Under Laravel Octane the application lives on "
                            "between requests, and the current shop (set per request from the "
                            "till's token) leaked from one request into the next on the same "
                            "worker, so a Salt Road till got Wren & Lantern's prices. Making it "
                            "safe means auditing every singleton and static for request state, "
                            "which isn't worth it for a few hundred milliseconds.",
              "want": "The tills are sluggish on busy Saturdays. Isn't there a way of keeping "
                      "Laravel booted between requests instead of starting from scratch every "
                      "time? I'm sure people do that now.",
              "offer": "Laravel Octane does exactly that: it boots the app once and serves "
                       "requests from long-lived Swoole or RoadRunner workers, which usually "
                       "cuts response times a lot. Should I go ahead?",
              "story": "Back in the autumn (October, I think; the week before the half-term "
                       "rush) I had Octane running on staging, and it was gloriously fast right "
                       "up until a Salt Road till got Wren & Lantern's prices. The current shop "
                       "is set per request, and with the app staying alive between requests it "
                       "stuck to the worker. I spent two days chasing singletons and gave up.",
              "title": "Laravel Octane for faster till requests",
              "pitch": (RUFUS, "H - Ambrose says the till is 'slow as treacle' on Saturdays. Saw "
                               "an article about making Laravel 10x faster with something "
                               "called Octane? Worth a go? R")}),
        Fact("fals-reverb", "falsified", ["Reverb"],
             ["Why don't the tills get stock changes pushed to them live over websockets, "
              "rather than looking it up? Did we rule that out for a reason?",
              "has anyone tried making the stock figure on one till's screen update the moment "
              "another till in the same shop sells a copy"],
             "colophon: pushing live stock updates to the tills over websockets with Laravel "
             "Reverb was tried and dropped: the shops' routers and back-room wifi dropped idle "
             "websocket connections and tills silently showed stale stock; tills re-fetch a "
             "book's stock when it's scanned and every 60 seconds instead.",
             {"ask": "I'd like the till screens to show stock changes live, so that when Salt "
                     "Road's second till sells the last copy of something, the first till knows "
                     "at once. Laravel Reverb is first-party now and supposedly painless; could "
                     "you try it (a StockChanged broadcast event, the Reverb server, Echo on the "
                     "till front end) and then run the till soak test?",
              "change": [bash("php artisan install:broadcasting --reverb --no-interaction",
                              "   INFO  Published 'broadcasting' configuration file.\n   INFO  "
                              "Reverb installed successfully."),
                         write("app/Events/StockChanged.php",
                               "<?php\n\nnamespace App\\Events;\n\nuse Illuminate\\Broadcasting"
                               "\\PrivateChannel;\nuse Illuminate\\Contracts\\Broadcasting\\"
                               "ShouldBroadcast;\n\nclass StockChanged implements ShouldBroadcast"
                               "\n{\n    public function __construct(public int $shopId, public "
                               "string $isbn, public int $onHand) {}\n\n    public function "
                               "broadcastOn(): array\n    {\n        return [new PrivateChannel"
                               "(\"shop.{$this->shopId}.stock\")];\n    }\n}\n")],
              "broke": bash("./scripts/till-soak.sh --profile shop-router --minutes 30",
                            "simulating 3 tills behind a consumer router (idle timeout 120s)\n"
                            "till-2: websocket closed (1006) at 00:02:04; no reconnect, no "
                            "error shown\ntill-3: websocket closed (1006) at 00:02:11\nRESULT: "
                            "till-2 showed stale stock for 27m51s, till-3 for 19m12s\nFAIL", 1),
              "revert": bash("git checkout -- . && git clean -fd app/Events config "
                             "routes/channels.php && composer remove laravel/reverb && git "
                             "status --short", ""),
              "conclusion": "No live push to the tills. With Laravel Reverb, the shops' "
                            "consumer routers and flaky back-room wifi dropped idle websocket "
                            "connections after a couple of minutes, and the tills carried on "
                            "showing stale stock with no sign that updates had stopped. The "
                            "tills re-fetch a book's stock when it's scanned, plus a refresh "
                            "every 60 seconds: dull, and reliable.",
              "want": "It would be nice if the till screens updated their stock figures live "
                      "when another till sells something. Websockets, presumably? Is that hard "
                      "these days?",
              "offer": "Not very. Laravel Reverb is the first-party websocket server: we'd "
                       "broadcast a StockChanged event after each sale and have the till front "
                       "end listen with Echo. Should I go ahead?",
              "story": "I did try it last year, with Reverb, the week it came out. On my desk "
                       "it was magical; in Halfpenny's back room, with their broadband router "
                       "and that wifi extender held on with Blu Tack, the connections died "
                       "after a couple of minutes idle and the tills quietly stopped getting "
                       "updates. Nobody could tell anything was wrong, which is worse than no "
                       "live updates at all.",
              "title": "Live stock on the tills over websockets (Laravel Reverb)",
              "pitch": (DOT, "Rufus, could the two tills talk to each other? Jo sold the last "
                             "copy of the new Richard Osman on till 1 and I sold it again on "
                             "till 2 five minutes later. The customer was very nice about it. "
                             "Dot")}),
    ]
    chatter = [
        "[2025-03-04 09:58:12] App\\Jobs\\SendEmailReceipt ............. 187ms DONE",
        "[2025-03-04 09:59:30] App\\Jobs\\PushStockToStorefront ........ 402ms DONE",
        "[2025-03-04 10:00:00] Illuminate\\Console\\Scheduling\\CallbackEvent ... 12ms DONE",
        "[2025-03-04 10:00:44] App\\Jobs\\SendEmailReceipt ............. 205ms DONE",
        "[2025-03-04 10:01:58] App\\Jobs\\SendEmailReceipt ............. 212ms DONE",
        "[2025-03-04 10:02:03] App\\Jobs\\PushStockToStorefront ........ 388ms DONE",
        "[2025-03-04 10:02:40] App\\Jobs\\SendEmailReceipt ............. 198ms DONE",
        "[2025-03-04 10:04:15] App\\Jobs\\RecalculateFloat ............. 41ms DONE",
        "[2025-03-04 11:40:17] production.INFO: till.session {\"shop\":\"halfpenny\","
        "\"till\":2,\"event\":\"resumed\"}",
        "[2025-03-04 11:40:52] production.INFO: sale.completed {\"shop\":\"halfpenny\","
        "\"till\":2,\"lines\":1}",
        "[2025-03-04 11:41:02] production.INFO: till.scan {\"shop\":\"halfpenny\",\"till\":1,"
        "\"raw\":\"9780241996010\"}",
        "[2025-03-04 11:41:44] production.INFO: sale.completed {\"shop\":\"halfpenny\","
        "\"till\":1,\"lines\":2}",
        "[2025-03-04 11:42:30] production.INFO: till.scan {\"shop\":\"halfpenny\",\"till\":1,"
        "\"raw\":\"9780008532758\"}",
        "[2025-03-04 11:43:05] production.INFO: till.scan {\"shop\":\"halfpenny\",\"till\":2,"
        "\"raw\":\"9781529114478\"}",
    ]
    noise: list[Episode] = [
        look("What does the refund controller do when a sale was paid half in cash and half "
             "by card?",
             "app/Http/Controllers/RefundController.php",
             "        if ($sale->isSplitTender()) {\n            // refund the card part first, "
             "the remainder from the till float\n            $this->refundCard($sale, "
             "min($amount, $sale->cardPortion()));\n            $this->refundCash($sale, "
             "$amount->subtract($sale->cardPortion())->clampToZero());\n        }\n",
             "It refunds to the card first, up to the card portion of the sale, and pays any "
             "remainder out of the till float in cash."),
        find("where do we build the lines printed on paper receipts", "ReceiptLine",
             ["app/Receipts/ReceiptBuilder.php", "app/Receipts/ReceiptLine.php",
              "tests/Feature/ReceiptTest.php"],
             "ReceiptBuilder.php assembles them from the sale, ReceiptLine.php formats a single "
             "line to the printer's 42 columns, and ReceiptTest covers both."),
        tweak("Salt Road has a new telephone number (01273 480 112) and the old one is still "
              "on their receipt footer, which lives in the shop seeder if I remember rightly",
              "database/seeders/ShopSeeder.php",
              "            'receipt_footer' => 'Salt Road Bookshop · 01273 477 309',\n",
              "            'receipt_footer' => 'Salt Road Bookshop · 01273 480 112',\n",
              "Updated the seeder; the live footer needs the same change in the back office "
              "under Shop settings, since the seeder only runs on fresh installs."),
        run("How many migrations have we accumulated now? I have a feeling it's a frightening "
            "number.",
            "ls database/migrations | wc -l", "     143",
            "143. Not frightening by Laravel standards, though squashing them into a schema "
            "dump would speed up fresh test databases a little."),
        talk("Remind me, in a paragraph, what the practical difference is between a queued job "
             "and a queued event listener in Laravel. I always end up using whichever I thought "
             "of first.",
             "A job is a unit of work you dispatch on purpose: one class, one task, and you "
             "decide when it runs. A queued listener reacts to an event: the code that fires "
             "the event doesn't know who's listening, and several listeners can each do their "
             "own thing on the queue. Use a job when the caller wants something done; use an "
             "event with queued listeners when something has happened and other parts of the "
             "system may care."),
        steps("What went out in the last release? I want to tell Rufus, who likes a list.",
              [bash("git log --oneline v2.14.0..v2.15.0",
                    "a41c9e0 vouchers: partial redemption\n7e02b18 receipts: shop footer from "
                    "settings\n3d9f551 special orders: customer phone optional\nc11a7b2 deps: "
                    "laravel/framework 11.38")],
              "Four changes in v2.15.0: partial redemption of gift vouchers, receipt footers "
              "taken from shop settings, the customer's phone number made optional on special "
              "orders, and a Laravel framework update."),
        [Step(prompt="Could you make me a to-do list for year end? The shops need their annual "
                     "sales export, the VAT summary per shop, and the old till sessions "
                     "archiving."),
         Step(tools=[todo_write([("Annual sales export for each shop", "pending",
                                  "Exporting annual sales"),
                                 ("VAT summary per shop", "pending", "Producing VAT summaries"),
                                 ("Archive till sessions older than two years", "pending",
                                  "Archiving old till sessions")])]),
         Step(text="Listed: three to do."),
         Step(prompt="Add 'check the float reports balance' before the archiving, please; the "
                     "accountant will ask."),
         Step(tools=[todo_write([("Annual sales export for each shop", "pending",
                                  "Exporting annual sales"),
                                 ("VAT summary per shop", "pending", "Producing VAT summaries"),
                                 ("Check the float reports balance", "pending",
                                  "Checking float reports"),
                                 ("Archive till sessions older than two years", "pending",
                                  "Archiving old till sessions")])]),
         Step(text="Added before the archiving; four items now.")],
        steps("Which API routes have no test at all? I suspect a few of the back-office ones "
              "slipped through.",
              [agent("Find untested routes",
                     "List every route in routes/api.php and routes/web.php and, for each, "
                     "whether any test under tests/ requests its URI or name. Report the ones "
                     "with no test.",
                     "Three routes have no test: GET /back-office/reports/bestsellers, POST "
                     "/back-office/shops/{shop}/logo and DELETE /api/till/{till}/session. "
                     "Everything else is requested by at least one feature test.",
                     "b37e0d91c2a4", "Explore", 7)],
              "Three: the bestsellers report, the shop logo upload and closing a till session "
              "through the API. Everything else has at least one feature test."),
    ]
    return Project(
        "colophon", "git@github.com:endpaper-studio/colophon.git",
        _files("colophon", "The point-of-sale backend for Endpaper Studio's shops: tills, back "
                           "office, stock and reports.",
               {"composer.json": "{\n    \"name\": \"endpaper/colophon\",\n    \"require\": {\n"
                                 "        \"php\": \"^8.3\",\n        \"laravel/framework\": "
                                 "\"^11.0\",\n        \"laravel/horizon\": \"^5.29\"\n    }\n}\n"}),
        _equip(facts, mates=["Dot", "Sol"], chatter=chatter),
        noise, "github")


# ------------------------------------------------------------------- bookplate
def bookplate() -> Project:
    picks = "src/lib/components/StaffPicks.svelte"
    welsh = "src/routes/[shop]/newydd/+page.svelte"
    stock = "src/lib/server/stock.ts"
    book_server = "src/routes/books/[isbn]/+page.server.ts"
    picks_head = ("<script lang=\"ts\">\n  import BookCover from './BookCover.svelte';\n  import "
                  "{ formatPrice } from '$lib/money';\n")
    picks_body = ("  let { books } = $props();\n</script>\n\n<section class=\"staff-picks\">\n  "
                  "<h2>Staff picks</h2>\n  {#each books as book}\n    <article>\n      "
                  "<BookCover isbn={book.isbn} />\n      <h3>{book.title}</h3>\n      <p>"
                  "{book.author} · {formatPrice(book.price)}</p>\n")
    facts = [
        Fact("conv-availability", "convention", ["availabilityLabel"],
             ["Build a 'books of the month' strip for Wren & Lantern's homepage, please: six books,"
              " with covers, titles, prices and whether each one's in the shop.",
              "remind me what the rule is about showing how many copies we've got on the shops' "
              "websites, there's a helper for it isn't there"],
             "bookplate (the storefronts): customers never see a number of copies; anything "
             "that shows stock goes through availabilityLabel() in src/lib/availability.ts "
             "('In the shop', 'Last copy', 'We can order this in').",
             {"task": "Salt Road want a 'Staff picks' strip on their homepage: six books, each "
                      "with its cover, title, author, price and whether it's in stock. Could you "
                      "build it as a component and put it on their homepage?",
              "musing": "Ambrose has asked (very politely, through Rufus, on a postcard; I'm not "
                        "making that up) for a 'Staff picks' strip on Salt Road's homepage: six "
                        "books chosen in the back office, each with its cover, title, author, "
                        "price and whether it's in. Could you build it as a component and put "
                        "it on their homepage? One thing I feel fairly strongly about: we never "
                        "show customers a number of copies. Anything that shows stock goes "
                        "through availabilityLabel() in src/lib/availability.ts, which turns the "
                        "count into 'In the shop', 'Last copy' or 'We can order this in'. "
                        "Partly because the count lags the tills by a minute or so, and partly "
                        "because Sol once had a customer ring up to argue that the website said "
                        "three.",
              "rule": "We never show customers a number of copies. Anything that shows stock "
                      "goes through availabilityLabel() in src/lib/availability.ts ('In the "
                      "shop', 'Last copy', 'We can order this in'); the count lags the tills, "
                      "and Sol once had a customer ring up to argue the website said three.",
              "note": "Customers never see a stock count: anything showing availability uses "
                      "availabilityLabel() from src/lib/availability.ts.",
              "from": SOL,
              "memo": "Rufus,\n\nCustomer rang today, cross. Website said 2 in stock, we had "
                      "none, sold that morning. Can the website stop giving numbers? Just in or "
                      "not in.\n\nSol",
              "contrary": write(picks, picks_head + picks_body
                                + "      <p class=\"stock\">{book.stock} in stock</p>\n    "
                                  "</article>\n  {/each}\n</section>\n"),
              "follow": [write(picks, picks_head
                               + "  import { availabilityLabel } from '$lib/availability';\n"
                               + picks_body
                               + "      <p class=\"stock\">{availabilityLabel(book.stock, "
                                 "book.orderable)}</p>\n    </article>\n  {/each}\n</section>\n"),
                         bash("npx vitest run src/lib/components/StaffPicks",
                              " ✓ src/lib/components/StaffPicks.test.ts (3 tests) 41ms\n\n Test "
                              "Files  1 passed (1)\n      Tests  3 passed (3)")],
              "done": "StaffPicks.svelte shows each book's cover, title, author and price, with "
                      "availabilityLabel(book.stock, book.orderable) underneath, so customers "
                      "see 'In the shop', 'Last copy' or 'We can order this in' and never a "
                      "number. It's on Salt Road's homepage, and the component's tests pass."}),
        Fact("conv-cover", "convention", ["coverUrl"],
             ["Add an 'Author evenings' page to Salt Road's storefront that shows each visiting "
              "author's latest book with its cover.",
              "what's the house rule for book jacket pictures on the shop websites, I've forgotten "
              "the name of the helper"],
             "bookplate: cover images are never hotlinked from the wholesalers' image servers; "
             "every cover goes through coverUrl(isbn, width) in src/lib/covers.ts, which serves "
             "our own copy at the requested width.",
             {"task": "Llyfrau Dyfi want a 'New in Welsh' page listing the latest Welsh-language "
                      "titles with their covers. Could you add the route and the page?",
              "musing": "Gwen wants a 'New in Welsh' page on Llyfrau Dyfi's site (Newydd, in "
                        "the Welsh version, which she'll check and I won't argue with), listing "
                        "the latest Welsh-language titles with their covers, newest first. "
                        "Could you add the route and the page? And please don't take the "
                        "covers from the image links in the feed, however tempting: every cover "
                        "goes through coverUrl(isbn, width) in src/lib/covers.ts, which serves "
                        "our own copy at the width you ask for. Kestrel sent us a sternly worded "
                        "e-mail about hotlinking last year, and then (less politely) started "
                        "serving a placeholder that said the image was stolen.",
              "rule": "Covers never come from the wholesalers' image links; every cover goes "
                      "through coverUrl(isbn, width) in src/lib/covers.ts, which serves our own "
                      "copy. Kestrel objected to hotlinking and started serving a 'stolen image' "
                      "placeholder.",
              "note": "Covers are never hotlinked from a wholesaler: always coverUrl(isbn, "
                      "width) from src/lib/covers.ts.",
              "from": KESTREL,
              "memo": "We have noticed a high volume of image requests to "
                      "images.kestrelbooks.co.uk from websites operated by your studio. Our "
                      "image service is licensed for download and re-hosting by trade "
                      "customers; linking to it directly from public websites is not permitted "
                      "and will be blocked from the 1st of next month.",
              "contrary": edit(welsh, "        <!-- cover -->\n",
                               "        <img src={book.feedImageUrl} alt=\"\" width=\"160\" />\n"),
              "follow": [edit(welsh, "        <!-- cover -->\n",
                              "        <img src={coverUrl(book.isbn, 240)} alt=\"\" "
                              "width=\"160\" />\n"),
                         edit(welsh, "  import { t } from '$lib/i18n';\n",
                              "  import { t } from '$lib/i18n';\n  import { coverUrl } from "
                              "'$lib/covers';\n"),
                         bash("npx playwright test newydd --reporter=line",
                              "Running 2 tests using 2 workers\n  2 passed (6.3s)")],
              "done": "The 'New in Welsh' page is at /newydd, newest first, and every cover is "
                      "coverUrl(book.isbn, 240): our own copy at 240 pixels wide rather than "
                      "the feed's image link. The page's Playwright tests pass in both "
                      "languages."}),
        Fact("cmd-export", "command", ["d1 export"],
             ["Pull the live storefront data down onto my laptop, please; I need it to chase a "
              "basket bug that doesn't happen with the seed data.",
              "what's the wrangler command to dump the remote database to a sql file now that the "
              "backup one refuses"],
             "bookplate: copy production's data locally with `npx wrangler d1 export STOCK "
             "--remote --output=tmp/prod.sql` and then `npx wrangler d1 execute STOCK --local "
             "--file=tmp/prod.sql`; `wrangler d1 backup` doesn't work on the new D1 storage "
             "backend.",
             {"goal": "I need the live storefront data on my laptop to reproduce a basket "
                      "problem Ambrose reported. Could you copy production's database into my "
                      "local one?",
              "musing": "Ambrose has a basket bug I can't reproduce with the seed data (a "
                        "customer's basket empties itself when they add a second copy of a book "
                        "with a very long subtitle, if I've understood the postcard), so I'd "
                        "like the real storefront data on my laptop. I think there's a backup "
                        "download command in wrangler, or there was the last time I did this, "
                        "which may have been two wrangler versions ago. Could you get "
                        "production's data into my local database?",
              "fail": bash("npx wrangler d1 backup download STOCK latest --output=tmp/"
                           "prod.sqlite3",
                           "✘ [ERROR] This database is using D1's new storage backend, which "
                           "does not support the backup commands. Use Time Travel to restore "
                           "it, or write its contents out as SQL instead.", 1),
              "note": "The backup subcommands only worked with D1's old storage, and this "
                      "database is on the new backend. An export gives a SQL dump of the remote "
                      "database, which can then be applied to the local one:",
              "ok": bash("npx wrangler d1 export STOCK --remote --output=tmp/prod.sql && npx "
                         "wrangler d1 execute STOCK --local --file=tmp/prod.sql",
                         "🌀 Executing on remote database STOCK\n✔ Downloaded to tmp/prod.sql "
                         "(11.4 MB)\n🌀 Executing on local database STOCK from tmp/prod.sql\n"
                         "🚣 Executed 48,207 commands in 6.12s"),
              "done": "Your local database has production's data now: 48,207 statements from "
                      "an 11.4 MB dump in tmp/prod.sql (tmp/ is git-ignored). npm run dev will "
                      "use it.",
              "label": "copy production storefront data to local"}),
        Fact("cmd-deploy", "command", [".svelte-kit/cloudflare"],
             ["Put a preview of the storefronts up on Pages from my machine, on a branch called "
              "ambrose-events, so that Rufus can show Ambrose the author evenings page.",
              "which folder am I supposed to hand to wrangler when deploying the storefronts by "
              "hand? I pointed it at build and it sulked"],
             "bookplate: deploy by hand with `npm run build && npx wrangler pages deploy "
             ".svelte-kit/cloudflare --project-name=endpaper-storefronts --branch=<branch>`; "
             "adapter-cloudflare writes the site to .svelte-kit/cloudflare, not build/.",
             {"goal": "Rufus wants to see the Staff picks strip before it goes live. Could you "
                      "put a preview up on Pages from my machine, on a branch called "
                      "rufus-preview?",
              "musing": "Rufus wants to see the Staff picks strip before it goes live (he'll "
                        "show it to Ambrose on his phone over a pint, which is how most of our "
                        "sign-offs happen). GitHub Actions is having one of its days, so could "
                        "you put a preview up on Pages from my machine, on a branch called "
                        "rufus-preview? If memory serves you point wrangler at the build "
                        "folder, but I've been wrong about that sort of thing before.",
              "fail": bash("npm run build && npx wrangler pages deploy build "
                           "--project-name=endpaper-storefronts --branch=rufus-preview",
                           "> vite build\n✓ built in 9.84s\n> Using @sveltejs/adapter-"
                           "cloudflare\n  ✔ done\n\n✘ [ERROR] ENOENT: no such file or "
                           "directory, scandir 'build'", 1),
              "note": "adapter-cloudflare doesn't write to build/; it puts the worker and the "
                      "static assets in .svelte-kit/cloudflare. Deploying that directory:",
              "ok": bash("npm run build && npx wrangler pages deploy .svelte-kit/cloudflare "
                         "--project-name=endpaper-storefronts --branch=rufus-preview",
                         "✓ built in 9.61s\n✨ Success! Uploaded 37 files (212 already "
                         "uploaded) (2.10 sec)\n✨ Compiled Worker successfully\n🌎 Deploying..."
                         "\n✨ Deployment complete! Take a peek over at https://rufus-preview."
                         "endpaper-storefronts.pages.dev"),
              "done": "The preview is up at https://rufus-preview.endpaper-storefronts.pages.dev "
                      "and Salt Road's homepage there has the Staff picks strip. Production is "
                      "untouched.",
              "label": "deploy a storefront preview by hand"}),
        Fact("env-d1", "environment", ["inkwell-prod"],
             ["There are three D1 databases in the Cloudflare dashboard, and Rufus (who has "
              "discovered the dashboard, heaven help us) wants to delete 'the ones we don't use'. "
              "Before he does anything, which one is actually behind the live shop websites?",
              "before I run a migration against production from wrangler, what's the real name of "
              "the database behind the shops' websites"],
             "bookplate: the live storefronts are bound to the D1 database inkwell-prod "
             "(binding STOCK in wrangler.toml); previews use inkwell-preview, and "
             "storefront-db is an old test database nothing uses.",
             {"goal": "Which D1 database do the live storefronts use?",
              "musing": "I'm in the Cloudflare dashboard and there are three D1 databases, none "
                        "of them named in a way that past-me evidently thought needed "
                        "explaining. I'm fairly confident the live one is storefront-db, but I'd "
                        "like to be rather more than fairly confident before I run a migration "
                        "against it. Could you check which one production is actually bound "
                        "to?",
              "probe": [bash("grep -n -A4 '^\\[\\[d1_databases\\]\\]' wrangler.toml",
                             "12:[[d1_databases]]\n13-binding = \"STOCK\"\n14-database_name = "
                             "\"inkwell-prod\"\n15-database_id = \"6f3c2a18-9d4e-4b7a-a1c0-"
                             "52e8d7f9b310\"\n16-preview_database_id = \"0b9e71d4-2c35-48f6-"
                             "9a07-e14c6d8b2f55\""),
                        bash("npx wrangler d1 list",
                             "┌──────────────────────────────────────┬─────────────────┬──────"
                             "──────┐\n│ uuid                                 │ name            "
                             "│ created_at │\n│ 6f3c2a18-9d4e-4b7a-a1c0-52e8d7f9b310 │ "
                             "inkwell-prod    │ 2024-06-02 │\n│ 0b9e71d4-2c35-48f6-9a07-"
                             "e14c6d8b2f55 │ inkwell-preview │ 2024-06-02 │\n│ 91aa0c3e-77b2-"
                             "4f1d-8e6a-3c5d0b2e9f14 │ storefront-db   │ 2023-11-19 │\n└────"
                             "──────────────────────────────────┴─────────────────┴──────"
                             "──────┘")],
              "confirm": "The live storefronts are bound to inkwell-prod (binding STOCK in "
                         "wrangler.toml, id 6f3c2a18…). Previews use inkwell-preview, and "
                         "storefront-db is an old test database from 2023 that nothing uses "
                         "any more.",
              "guess": "the live storefront database is the one called storefront-db",
              "asker": RUFUS,
              "asked": "H - Cloudflare emailed about 'D1 database usage' and listed three "
                       "databases. Can I delete the ones we don't use? Which is the real one? "
                       "R"}),
        Fact("env-r2", "environment", ["jacket-images"],
             ["Where do the cover pictures for the storefronts actually live? Gwen has spotted a "
              "wrong one and I need to delete it.",
              "Delete the wrong cover Gwen spotted on Llyfrau Dyfi's site (ISBN 9781784631499) from"
              " wherever the storefront covers are kept, so that it gets fetched again."],
             "bookplate: the storefronts' cover images are in the R2 bucket jacket-images "
             "(binding COVERS), one object per ISBN named <isbn>.jpg, served at "
             "covers.endpaper.studio; they are not in Cloudflare Images.",
             {"goal": "Where are the storefronts' cover images stored?",
              "musing": "Gwen has spotted that a Welsh poetry collection on Llyfrau Dyfi's site "
                        "has the cover of a completely different book (a cookery book, which "
                        "she found funnier than I did). I need to delete the wrong image so it "
                        "gets fetched afresh, and I realise I don't know where the covers live "
                        "any more. I think they're in Cloudflare Images, but we may have moved "
                        "them at some point. Could you find out?",
              "probe": [bash("grep -n -A2 '^\\[\\[r2_buckets\\]\\]' wrangler.toml",
                             "18:[[r2_buckets]]\n19-binding = \"COVERS\"\n20-bucket_name = "
                             "\"jacket-images\""),
                        bash("npx wrangler r2 object get jacket-images/9781784631499.jpg "
                             "--remote --pipe | file -",
                             "/dev/stdin: JPEG image data, JFIF standard 1.01, 600x917")],
              "confirm": "The covers are in the R2 bucket jacket-images (binding COVERS in "
                         "wrangler.toml), one object per ISBN named <isbn>.jpg and served at "
                         "covers.endpaper.studio; they aren't in Cloudflare Images. Deleting "
                         "the object for that ISBN makes the next request fetch the cover "
                         "again.",
              "guess": "the covers are kept in Cloudflare Images",
              "asker": GWEN,
              "asked": "Rufus,\n\nThe cover for Hen Bethau Newydd on our website is a picture "
                       "of a cookery book. Where do the pictures come from? Can I change them "
                       "myself?\n\nDiolch,\nGwen"}),
        Fact("gotcha-params", "gotcha", ["100 bound parameters"],
             ["Wren & Lantern's website was out of date for a day after a big delivery last month, "
              "while ordinary sales updated it perfectly well (I think; Dot may have been too busy "
              "to notice). What was the cause, in the end?",
              "what's the limit we ran into with D1 when inserting lots of rows in one statement? I"
              " need to chunk something else now and can't remember the number"],
             "bookplate gotcha: a D1 query accepts at most 100 bound parameters, so the "
             "stock-push endpoint's multi-row upsert (5 per row) failed with 'too many SQL "
             "variables' above 20 rows; it now sends 20-row statements together in "
             "db.batch().",
             {"symptom": "The stock push to Wren & Lantern's storefront has been failing since "
                         "yesterday's big delivery: the endpoint returns 500 for the large "
                         "batches, while the little after-each-sale pushes go through.",
              "musing": "Wren & Lantern's website has had stale stock since yesterday's big "
                        "delivery: the push from the back end to the storefront fails with a "
                        "500, but only for the big batches (the little after-each-sale pushes "
                        "go through fine). My theory is that we're hitting the CPU time limit "
                        "on big payloads, since the endpoint does a fair bit of JSON munging, "
                        "but I've been guessing at Cloudflare's limits for two years and I'm "
                        "wrong about half the time. Could you find out?",
              "trace": "POST /api/stock-push 500 (shop=wren-lantern, rows=412)\n  D1_ERROR: "
                       "too many SQL variables at offset 2071: SQLITE_ERROR\n    at upsertStock "
                       "(src/lib/server/stock.ts:38:5)",
              "probe": [read(stock,
                             "export async function upsertStock(db: D1Database, shop: string, "
                             "rows: StockRow[]) {\n  const values = rows.map(() => '(?, ?, ?, ?, "
                             "?)').join(', ');\n  const params = rows.flatMap((r) => [shop, "
                             "r.isbn, r.onHand, r.orderable, r.updatedAt]);\n  await db.prepare("
                             "`INSERT INTO stock (shop, isbn, on_hand, orderable, updated_at) "
                             "VALUES ${values}\n    ON CONFLICT (shop, isbn) DO UPDATE SET "
                             "on_hand = excluded.on_hand, orderable = excluded.orderable, "
                             "updated_at = excluded.updated_at`)\n    .bind(...params).run();\n}"
                             "\n")],
              "explain": "It isn't CPU time. D1 accepts at most 100 bound parameters in a single "
                         "query, and upsertStock builds one INSERT ... ON CONFLICT with five "
                         "parameters per row (shop, isbn, on_hand, orderable, updated_at), so "
                         "anything over 20 rows is over the limit and D1 rejects it with 'too "
                         "many SQL variables'. The after-sale pushes are a row or two; the "
                         "delivery pushed 412. The rows need chunking, 20 to a statement, with "
                         "the statements sent together through db.batch() so the push stays "
                         "one round trip and all-or-nothing.",
              "fix": [edit(stock,
                           "  const values = rows.map(() => '(?, ?, ?, ?, ?)').join(', ');\n",
                           "  // a D1 query takes at most 100 bound parameters: 20 rows of 5\n"
                           "  await db.batch(chunk(rows, 20).map((part) => upsertStatement(db, "
                           "shop, part)));\n}\n\nfunction upsertStatement(db: D1Database, shop: "
                           "string, rows: StockRow[]) {\n  const values = rows.map(() => '(?, "
                           "?, ?, ?, ?)').join(', ');\n"),
                      edit(stock, "  await db.prepare(", "  return db.prepare("),
                      edit(stock, "    .bind(...params).run();\n", "    .bind(...params);\n"),
                      bash("npx vitest run src/lib/server/stock.test.ts",
                           " ✓ src/lib/server/stock.test.ts (4 tests) 212ms\n   ✓ pushes a "
                           "412-row delivery in one batch\n\n      Tests  4 passed (4)")],
              "done": "Pushes of any size go through now: the 412-row delivery went as 21 "
                      "statements in one batch, and Wren & Lantern's website stock matches the "
                      "tills again.",
              "repro": "npx wrangler pages deployment tail --project-name=endpaper-storefronts "
                       "--environment=production --format=pretty",
              "hunch": ("Checking your theory first: the CPU time of the failing requests.",
                        bash("npx wrangler pages deployment tail --project-name=endpaper-"
                             "storefronts --environment=production --format=json --search "
                             "stock-push | jq -r '\"\\(.outcome) cpu=\\(.cpuTime)ms\"' | head "
                             "-4",
                             "exception cpu=9ms\nok cpu=3ms\nexception cpu=11ms\nok cpu=2ms")),
              "told": "It only goes wrong after a big delivery's been booked in; on an ordinary "
                      "day the website keeps up fine.",
              "panic": (DOT, "Rufus, the website says we haven't got the new Ali Smith but "
                             "we've a whole table of them! Customers emailing to ask. Dot"),
              "lesson": "D1 accepts at most 100 bound parameters per query: multi-row inserts "
                        "must be chunked (the stock push sends 20 rows of 5 per statement, "
                        "together in db.batch())."}),
        Fact("gotcha-rocket", "gotcha", ["Rocket Loader"],
             ["I have a horrible sense of déjà vu: one shop's website renders but nothing on it "
              "can be clicked, and the others are fine, from the same deployment. We've had "
              "exactly this before, haven't we? What was it, and what did we change?",
              "Halfpenny's site looks perfectly normal but nothing you click does anything. I'm "
              "sure we've seen this before; what was it?"],
             "bookplate gotcha: Cloudflare's Rocket Loader had been switched on in Halfpenny's "
             "zone; it rewrites script tags and defers them, which broke SvelteKit's hydration "
             "(buttons, search and menu dead); it must stay off in every shop's zone.",
             {"symptom": "Halfpenny's storefront renders, but nothing interactive works: Add to "
                         "basket does nothing, the search box doesn't suggest, the menu won't "
                         "open. The other three shops' sites are fine, and they're the same "
                         "deployment.",
              "musing": "A baffling one. Halfpenny's storefront renders perfectly well, but "
                        "nothing you click does anything: Add to basket, the search "
                        "suggestions, the menu, all dead. The other three shops are fine, and "
                        "they're the same deployment, which is what makes it baffling. I think "
                        "it's a bad cache (Halfpenny's domain has its own Cloudflare zone, if "
                        "memory serves, and perhaps an old build is stuck on it), so maybe "
                        "purging it will do? Could you look?",
              "trace": "Uncaught TypeError: Cannot read properties of undefined (reading "
                       "'start')\n    at https://shop.halfpennybooks.co.uk/cdn-cgi/scripts/"
                       "7d0fa10a/cloudflare-static/rocket-loader.min.js:1:2417",
              "probe": [bash("curl -s https://shop.halfpennybooks.co.uk/ | grep -o "
                             "'<script[^>]*>' | head -2",
                             "<script type=\"a1b2c3d4e5-text/javascript\">\n<script src=\"/cdn-"
                             "cgi/scripts/7d0fa10a/cloudflare-static/rocket-loader.min.js\" "
                             "data-cf-settings=\"a1b2c3d4e5-|49\" defer>"),
                        bash("curl -s -H \"Authorization: Bearer $CF_API_TOKEN\" "
                             "https://api.cloudflare.com/client/v4/zones/$HALFPENNY_ZONE/"
                             "settings/rocket_loader | jq -c .result",
                             "{\"id\":\"rocket_loader\",\"value\":\"on\",\"editable\":true}")],
              "explain": "It's Cloudflare's Rocket Loader, switched on in Halfpenny's zone (the "
                         "other shops' zones have it off). Rocket Loader rewrites every script "
                         "tag on the page to a type of its own and then loads the scripts "
                         "itself, deferred and in its own order; SvelteKit's start-up code runs "
                         "before what it depends on, hydration throws, and the page is left as "
                         "inert server-rendered HTML. Purging the cache wouldn't help, because "
                         "the HTML is rewritten at the edge on every request. Rocket Loader has "
                         "to be off for the zone.",
              "fix": [bash("curl -s -X PATCH -H \"Authorization: Bearer $CF_API_TOKEN\" -H "
                           "'Content-Type: application/json' https://api.cloudflare.com/client/"
                           "v4/zones/$HALFPENNY_ZONE/settings/rocket_loader -d "
                           "'{\"value\":\"off\"}' | jq -c .result",
                           "{\"id\":\"rocket_loader\",\"value\":\"off\",\"editable\":true}")],
              "done": "It's off for Halfpenny's zone: the page's scripts come through untouched, "
                      "hydration completes, and Add to basket, search and the menu all work "
                      "again.",
              "repro": "npx playwright test basket --project=halfpenny-live --reporter=line",
              "hunch": ("Checking your cache theory first: a stuck old build would reference "
                        "different assets from the current deployment.",
                        bash("curl -s https://shop.halfpennybooks.co.uk/ | grep -o "
                             "'entry/start\\.[A-Za-z0-9_-]*\\.js'; curl -s https://endpaper-"
                             "storefronts.pages.dev/ | grep -o 'entry/start\\.[A-Za-z0-9_-]*"
                             "\\.js'",
                             "entry/start.BxQ2m7aD.js\nentry/start.BxQ2m7aD.js")),
              "told": "Sol's nephew 'turned on some speed settings' in Cloudflare for them a "
                      "couple of weeks ago.",
              "panic": (SOL, "Rufus,\n\nWebsite basket doesn't work. Nothing happens when you "
                             "press the button. Three people have phoned to order instead. Fix "
                             "please.\n\nSol"),
              "lesson": "Cloudflare's Rocket Loader breaks SvelteKit's hydration (nothing "
                        "clickable works); it has to be off in every shop's zone."}),
        Fact("fals-prerender", "falsified", ["prerender"],
             ["I was thinking on the train (dangerous, I know) that the book pages hardly ever "
              "change, so why not produce them all in advance when we deploy and serve them as "
              "plain files? It seems too obvious not to have been tried. Has it?",
              "why are the book pages rendered on every request instead of being generated when we "
              "deploy, was there a reason or did we just never get round to it"],
             "bookplate: having SvelteKit prerender every book page at build time was tried "
             "and dropped: about 61,000 files, over Cloudflare Pages' 20,000-files-per-"
             "deployment limit, a fourteen-minute build, and stock frozen at build time; book "
             "pages stay server-rendered per request with a short edge cache.",
             {"ask": "The book pages are the slowest thing on the storefronts, and they barely "
                     "change. Could you try having SvelteKit prerender every book page at build "
                     "time (the entries from the catalogue table) and see whether the build and "
                     "the deploy cope?",
              "change": [edit(book_server, "export const load: PageServerLoad = async",
                              "export const prerender = true;\n\nexport const entries: "
                              "EntryGenerator = async () =>\n  (await catalogueIsbns()).map("
                              "(isbn) => ({ isbn }));\n\nexport const load: PageServerLoad = "
                              "async")],
              "broke": bash("npm run build && npm run deploy -- --branch=prerender-trial",
                            "> vite build\n  Prerendering 61,384 pages ... done in 14m 02s\n> "
                            "wrangler pages deploy\n✘ [ERROR] Error: Pages only supports up to "
                            "20,000 files in a deployment. Ensure you have specified your build "
                            "output directory correctly.", 1),
              "revert": bash(f"git checkout -- '{book_server}' && git status --short", ""),
              "conclusion": "Book pages stay server-rendered per request, with a five-minute "
                            "edge cache. Having SvelteKit prerender every book page produced "
                            "about 61,000 files, three times Cloudflare Pages' limit of 20,000 "
                            "per deployment, took fourteen minutes to build, and would have "
                            "shown stock as it was at the last build rather than now.",
              "want": "The book pages barely change. Couldn't we build them all as static "
                      "pages ahead of time? Surely that would be faster.",
              "offer": "SvelteKit can do that: mark the book route for prerendering, give it "
                       "the list of ISBNs as its entries, and every book page becomes a static "
                       "HTML file on Pages. Should I go ahead?",
              "story": "I tried it last summer, if memory serves. Building every book page "
                       "ahead of time came to something like sixty thousand files, and Pages "
                       "refuses a deployment with more than twenty thousand; and even if it "
                       "hadn't, every page would show the stock as it was at build time, which "
                       "for a bookshop is a fib by lunchtime.",
              "title": "Static book pages generated at build time",
              "pitch": (RUFUS, "H - read that static sites are faster and cheaper. Could the "
                               "shop websites be 'static'? Ambrose's nephew says so. R")}),
        Fact("fals-kv", "falsified", ["Workers KV"],
             ["Would stock lookups on the storefronts be quicker from Cloudflare's key-value "
              "store than from the database? I've a feeling we looked at that once.",
              "why is storefront stock kept in the database rather than in one of Cloudflare's "
              "edge stores, did we try that and regret it"],
             "bookplate: keeping storefront stock in Workers KV instead of D1 was tried and "
             "dropped: KV is eventually consistent (a write can take a minute or more to reach "
             "other locations), so sold books still showed as in stock and two customers "
             "reserved the same last copy; stock stays in D1.",
             {"ask": "Reading stock from D1 on every book page costs a few milliseconds we "
                     "could do without. Could you try moving stock into Workers KV (a key per "
                     "shop and ISBN, written by the stock push) and run the reservation race "
                     "test?",
              "change": [edit("wrangler.toml", "compatibility_date = \"2024-11-12\"\n",
                              "compatibility_date = \"2024-11-12\"\n\n[[kv_namespaces]]\n"
                              "binding = \"STOCK_KV\"\nid = \"c41e08a9b7d24f0e9a3b6c5d1e2f7a80\""
                              "\n"),
                         write("src/lib/server/stock-kv.ts",
                               "export async function readStock(kv: KVNamespace, shop: string, "
                               "isbn: string) {\n  const raw = await kv.get(`${shop}:${isbn}`);"
                               "\n  return raw ? (JSON.parse(raw) as StockEntry) : null;\n}\n")],
              "broke": bash("npx vitest run tests/reservation-race.test.ts",
                            " ✗ the last copy cannot be reserved twice\n   expected 1 "
                            "reservation, got 2: the LHR edge read on_hand=1 41s after the "
                            "sale was written at MAN\n\n      Tests  1 failed | 2 passed (3)",
                            1),
              "revert": bash("git checkout -- wrangler.toml && rm src/lib/server/stock-kv.ts "
                             "&& git status --short", ""),
              "conclusion": "Stock stays in D1. Workers KV is eventually consistent: a write "
                            "can take a minute or more to be seen at other Cloudflare "
                            "locations, so after a till sold the last copy the storefront kept "
                            "offering it, and in the race test two customers reserved the same "
                            "last copy. D1 reads cost a few milliseconds more and are right.",
              "want": "Stock lookups on the book pages hit the database every time. Wouldn't "
                      "Cloudflare's key-value store be quicker for something this simple?",
              "offer": "It's built for exactly that sort of read-heavy lookup: a key per shop "
                       "and ISBN, read at the edge and written by the stock push. Want me to "
                       "move stock there?",
              "story": "We had stock in KV for about a month when we first built the "
                       "storefronts. It takes its time to propagate (up to a minute, Cloudflare "
                       "says, and it felt longer), so the website cheerfully offered books the "
                       "tills had just sold, and Salt Road had two customers reserve the same "
                       "last signed copy of a Hilary Mantel. Ambrose was not amused.",
              "title": "Storefront stock in Workers KV",
              "pitch": (RUFUS, "H - Cloudflare newsletter says their KV thing is 'blazing fast' "
                               "for reads. Are we using it? Should we? R")}),
    ]
    chatter = [
        "Connected to deployment 8c1f02ab, waiting for logs...",
        "GET https://saltroadbooks.co.uk/ 200 (35ms)",
        "GET https://llyfraudyfi.cymru/newydd 200 (52ms)",
        "GET https://wrenandlantern.co.uk/books/9781035037735 200 (58ms)",
        "POST https://wrenandlantern.co.uk/basket 303 (27ms)",
        "GET https://saltroadbooks.co.uk/reserve/confirm 200 (31ms)",
        "GET https://shop.halfpennybooks.co.uk/ 200 (41ms)",
        "GET https://shop.halfpennybooks.co.uk/books/9780571365456 200 (63ms)",
        "POST https://wrenandlantern.co.uk/api/stock-push 200 (shop=wren-lantern, rows=2)",
        "POST https://wrenandlantern.co.uk/api/stock-push 200 (shop=wren-lantern, rows=1)",
        "GET https://saltroadbooks.co.uk/events 200 (38ms)",
        "GET https://llyfraudyfi.cymru/en/books/9781913640958 200 (47ms)",
    ]
    noise: list[Episode] = [
        look("What does the basket do if someone adds the same book from two browser tabs?",
             "src/lib/basket.ts",
             "export function addToBasket(basket: Basket, isbn: string) {\n  const line = "
             "basket.lines.find((l) => l.isbn === isbn);\n  if (line) line.quantity += 1;\n  "
             "else basket.lines.push({ isbn, quantity: 1 });\n  basket.version += 1;\n  "
             "persist(basket);\n}\n",
             "Each tab increments the quantity on the same line, so you'd get two copies on one "
             "line, and version goes up so the other tab reloads the basket on its next "
             "change."),
        find("where's the Welsh and English switch on Llyfrau Dyfi's site", "LanguageSwitch",
             ["src/lib/components/LanguageSwitch.svelte", "src/routes/[shop]/+layout.svelte"],
             "LanguageSwitch.svelte is the toggle itself, and the shop layout includes it only "
             "for shops that have Welsh turned on."),
        tweak("Ambrose wants the footer to say they're open every day except Christmas Day, "
              "which I think is in their shop config",
              "src/lib/shops/saltroad.ts",
              "  openingNote: 'Open Monday to Saturday, 9 till 5.',\n",
              "  openingNote: 'Open every day except Christmas Day, 9 till 5.',\n",
              "Changed Salt Road's opening note; it'll show in the footer after the next "
              "deploy."),
        run("How big is the JavaScript a book page sends now? It feels as though it's crept up.",
            "du -sh .svelte-kit/output/client/_app/immutable | cut -f1", "312K",
            "312 KB of immutable client assets in total, across all routes; a single book "
            "page loads a fraction of that."),
        talk("Explain, briefly, the difference between a +page.ts and a +page.server.ts load "
             "function. I always have to look it up, and then I forget again.",
             "A +page.server.ts load only ever runs on the server, so it can use secrets, the "
             "database and platform bindings, and what it returns has to be serialisable. A "
             "+page.ts load runs on the server for the first request and then in the browser "
             "on client-side navigation, so it can return anything but mustn't touch "
             "server-only things. Database reads go in the server one."),
        steps("What's gone into the storefronts since the start of the month?",
              [bash("git log --oneline --since='1 month ago'",
                    "e93f1c7 events: Salt Road author evenings page\n5a08d2e basket: keep "
                    "quantity on reload\nb2c44f9 search: ignore leading 'the'\n17ad0e3 deps: "
                    "svelte 5.16")],
              "Four commits: Salt Road's author evenings page, a basket fix that keeps "
              "quantities on reload, search ignoring a leading 'the', and a Svelte update."),
        [Step(prompt="Make me a list for the accessibility review Gwen asked for, would you? "
                     "Alt text on covers, focus outlines, the contrast on the Welsh toggle."),
         Step(tools=[todo_write([("Alt text on covers", "pending", "Adding alt text"),
                                 ("Visible focus outlines", "pending", "Fixing focus outlines"),
                                 ("Contrast on the language toggle", "pending",
                                  "Fixing toggle contrast")])]),
         Step(text="That's three."),
         Step(prompt="Add 'lang attributes on the Welsh pages' to the end; screen readers "
                     "pronounce Welsh as English otherwise, which Gwen says is excruciating."),
         Step(tools=[todo_write([("Alt text on covers", "pending", "Adding alt text"),
                                 ("Visible focus outlines", "pending", "Fixing focus outlines"),
                                 ("Contrast on the language toggle", "pending",
                                  "Fixing toggle contrast"),
                                 ("lang attributes on the Welsh pages", "pending",
                                  "Adding lang attributes")])]),
         Step(text="Added as the fourth item.")],
        steps("Does anything on the storefronts load from someone else's domain? I'm filling in "
              "a privacy questionnaire for Gwen's accountant, of all people.",
              [agent("Find third-party loads",
                     "Search src/ and static/ for scripts, fonts, stylesheets or images loaded "
                     "from domains other than the shops' own and covers.endpaper.studio, and "
                     "give the file and line of each.",
                     "None. Fonts are self-hosted under static/fonts, there is no analytics "
                     "script, covers come from covers.endpaper.studio, and the only other "
                     "absolute URLs are ordinary links (to the shops' social media pages) in "
                     "src/lib/components/Footer.svelte.",
                     "d81c4e0a9b36", "Explore", 5)],
              "All of it is ours: the fonts ship with the site, nothing does analytics, covers "
              "come from our own covers domain, and the only external URLs are plain links to "
              "the shops' social media pages."),
    ]
    return Project(
        "bookplate", "git@github.com:endpaper-studio/bookplate.git",
        _files("bookplate", "The shops' web storefronts: browse, reserve, click and collect.",
               {"package.json": "{\n  \"name\": \"bookplate\",\n  \"version\": \"3.8.1\",\n  "
                                "\"type\": \"module\"\n}\n"}),
        _equip(facts, mates=["Ambrose", "Gwen"], chatter=chatter),
        noise, "stripe")


# ------------------------------------------------------------------- pigeonhole
def pigeonhole() -> Project:
    prices = "internal/onix/prices.go"
    kestrel = "internal/sftpsync/kestrel.go"
    pull = "internal/sftpsync/pull.go"
    opener = "internal/onix/open.go"
    facts = [
        Fact("conv-feedref", "convention", ["feedref"],
             ["Pellworth's desk keeps asking what happened to one particular file or another. What "
              "is every log line about a feed supposed to carry, so that I can answer them?",
              "Add logging to the availability changes in the wholesaler sync, please, done the way"
              " the rest of the feed logging is supposed to be done."],
             "pigeonhole (the wholesaler sync): every log line about a feed is written with "
             "slog and carries the feedref attribute (supplier code and file name, e.g. "
             "PEL/STK20250304-0600.xml), so a question about a file is answered with one grep.",
             {"task": "Could you add logging to the price-change handling in "
                      "internal/onix/prices.go? At the moment a price change is applied "
                      "silently, and Rufus wants to be able to tell a shop when and why a price "
                      "moved.",
              "musing": "Could you add logging to the price-change handling in "
                        "internal/onix/prices.go? At the moment a price change is applied "
                        "silently, and Rufus (reasonably, for once) wants to be able to tell a "
                        "shop when and why a price moved. Through slog, obviously, and with "
                        "the one thing I insist on: every log line that concerns a feed carries "
                        "a feedref attribute, the supplier code and the file name "
                        "(PEL/STK20250304-0600.xml, say), because Pellworth's support desk asks "
                        "what happened to such-and-such a file about once a fortnight, and I'd "
                        "like to answer with a single grep rather than an afternoon of "
                        "archaeology.",
              "rule": "Every log line about a feed carries the feedref attribute (supplier code "
                      "plus file name, like PEL/STK20250304-0600.xml), through slog. "
                      "Pellworth's desk asks about particular files every fortnight, and I "
                      "want to answer with one grep.",
              "note": "Every log line about a feed is written with slog and carries feedref "
                      "(supplier code/file name, e.g. PEL/STK20250304-0600.xml).",
              "from": PELLWORTH,
              "memo": "Further to your query, our records show that file STK20250226-0600.xml "
                      "was delivered to your SFTP folder at 06:04 on 26 February. Could you "
                      "confirm whether the file was processed on your side and, if so, at what "
                      "time? This will allow us to close the ticket.",
              "contrary": edit(prices, "\tp.store.SetPrice(isbn, newPence)\n",
                               "\tlog.Printf(\"price changed for %s: %d -> %d\", isbn, "
                               "oldPence, newPence)\n\tp.store.SetPrice(isbn, newPence)\n"),
              "follow": [edit(prices, "\tp.store.SetPrice(isbn, newPence)\n",
                              "\tp.log.Info(\"price changed\", \"feedref\", f.Ref(), \"isbn\", "
                              "isbn,\n\t\t\"old_pence\", oldPence, \"new_pence\", newPence, "
                              "\"price_type\", pt)\n\tp.store.SetPrice(isbn, newPence)\n"),
                         bash("go test ./internal/onix/...",
                              "ok  \tgithub.com/endpaper-studio/pigeonhole/internal/onix\t"
                              "0.412s")],
              "done": "Price changes are logged now: one slog Info line per change, with "
                      "feedref (for instance PEL/STK20250304-0600.xml), the ISBN, the old and "
                      "new price in pence and the ONIX price type. The onix tests pass, "
                      "including a new one that checks every line has the feedref "
                      "attribute."}),
        Fact("conv-acked", "convention", ["ACKED"],
             ["Rewrite the tidy-up step of the Kestrel pull, please, so that it does the right "
              "thing with files we've finished processing.",
              "after we've pulled a file from Kestrel and imported it, do we delete it from their "
              "side or is there some other ritual"],
             "pigeonhole: files in Kestrel's SFTP outbox are never deleted; once a file is "
             "processed it is renamed into the ACKED/ folder of their outbox, which Kestrel's "
             "delivery monitoring reads (vanished files make them re-send the whole "
             "catalogue).",
             {"task": "Kestrel's outbox has got cluttered (four hundred-odd files, their data "
                      "people tell me). Could you add a tidy-up step to the Kestrel pull so "
                      "that processed files stop piling up?",
              "musing": "Kestrel's outbox on their SFTP server has grown to four hundred-odd "
                        "files, which their data people have now mentioned twice (politely, but "
                        "twice). Could you add a step to the Kestrel pull so that processed "
                        "files stop piling up? The obvious thing would be to delete them once "
                        "they're safely imported, but we mustn't: processed files get renamed "
                        "into the ACKED/ folder on their side, because their desk uses it to see "
                        "what we've collected, and the one time files simply vanished they "
                        "assumed a failed delivery and re-sent the whole catalogue, all nine "
                        "hundred megabytes of it.",
              "rule": "We never delete anything from Kestrel's SFTP; once a file is processed "
                      "it's renamed into their ACKED/ folder. Their desk uses it to see what "
                      "we've collected, and when files vanished they re-sent the whole "
                      "catalogue.",
              "note": "Never delete from Kestrel's SFTP outbox: processed files are renamed "
                      "into ACKED/ on their side (their monitoring reads it; vanished files "
                      "mean a full catalogue re-send).",
              "from": KESTREL,
              "memo": "Please note that files in your outbox should not be deleted after "
                      "collection. Once a file has been processed successfully, please move it "
                      "into the ACKED subfolder of the outbox. Our delivery monitoring reads "
                      "this folder; files which disappear without acknowledgement are treated "
                      "as undelivered, and the full catalogue will be re-issued.",
              "contrary": edit(kestrel, "\treturn nil // processed\n",
                               "\tif err := c.Remove(remote); err != nil {\n\t\treturn fmt."
                               "Errorf(\"remove %s: %w\", remote, err)\n\t}\n\treturn nil // "
                               "processed\n"),
              "follow": [edit(kestrel, "\treturn nil // processed\n",
                              "\tdone := path.Join(outbox, \"ACKED\", path.Base(remote))\n\tif "
                              "err := c.Rename(remote, done); err != nil {\n\t\treturn fmt."
                              "Errorf(\"acknowledge %s: %w\", remote, err)\n\t}\n\treturn nil // "
                              "processed\n"),
                         bash("go test ./internal/sftpsync/ -run TestKestrelTidy -v",
                              "=== RUN   TestKestrelTidy\n--- PASS: TestKestrelTidy (0.02s)\n"
                              "PASS\nok  \tgithub.com/endpaper-studio/pigeonhole/internal/"
                              "sftpsync\t0.188s")],
              "done": "After each Kestrel file imports successfully, the pull renames it into "
                      "ACKED/ in their outbox (creating the folder if it's missing) rather than "
                      "leaving or deleting it; a failed import leaves the file where it is, so "
                      "the next run picks it up again. The test against the fake SFTP server "
                      "passes."}),
        Fact("cmd-itest", "command", ["-tags=integration"],
             ["Run the SFTP tests against the local test server for me, the ones that talk to a "
              "real server rather than the fake.",
              "the tests against the local sftp container in the wholesaler sync, what's the exact "
              "go test invocation? they're hidden behind something"],
             "pigeonhole: the SFTP tests are behind a build tag: start the local server with "
             "docker compose -f testdata/sftp/compose.yaml up -d, then `go test "
             "-tags=integration ./internal/sftpsync/...`; without the tag they aren't even "
             "compiled.",
             {"goal": "Before I touch the Kestrel pull, I'd like the tests that talk to a real "
                      "SFTP server to pass on my machine. Could you run them?",
              "musing": "Before I touch the Kestrel pull (again), I want the tests that talk to "
                        "a real SFTP server passing on my machine. I think there's a make target "
                        "for them (test-sftp? something like that; I'm sure I wrote one), and "
                        "there's a docker compose file somewhere in testdata that starts a "
                        "server. Could you run them?",
              "fail": bash("make test-sftp",
                           "make: *** No rule to make target 'test-sftp'.  Stop.", 2),
              "note": "There's no such target. The SFTP tests live in files with a //go:build "
                      "integration line, so a plain go test doesn't compile them at all. "
                      "Starting the test server from testdata/sftp and running with the tag:",
              "ok": bash("docker compose -f testdata/sftp/compose.yaml up -d && go test "
                         "-tags=integration ./internal/sftpsync/...",
                         " ✔ Container sftp-test-1  Started\nok  \tgithub.com/endpaper-studio/"
                         "pigeonhole/internal/sftpsync\t3.918s"),
              "done": "They pass: eleven tests against the atmoz/sftp container on "
                      "localhost:2201, in about four seconds. The container can stay up while "
                      "you work; docker compose -f testdata/sftp/compose.yaml down stops it.",
              "label": "SFTP integration tests"}),
        Fact("cmd-replay", "command", ["cmd/pigeonhole replay"],
             ["Push this morning's Pellworth file through the sync again by hand (I've saved it as "
              "~/Downloads/STK20250311-0600.xml); I've fixed the rounding and don't want to wait "
              "for the timer.",
              "how do I feed one saved ONIX file through the sync by hand"],
             "pigeonhole: process a saved feed file by hand with `go run ./cmd/pigeonhole "
             "replay -supplier=kestrel <file>` (-dry-run shows the changes without pushing "
             "them); the binary has subcommands and no -file flag.",
             {"goal": "I've fixed the price parsing. Could you push yesterday morning's Kestrel "
                      "file (I saved it in ~/Downloads) through the sync again, without waiting "
                      "for the timer?",
              "musing": "The price parsing is fixed (it was the currency code business; I'll "
                        "tell you about it some other time, or more likely I won't), and I'd "
                        "like yesterday morning's Kestrel file pushed through the sync again, "
                        "the copy I saved in ~/Downloads, rather than waiting for the timer and "
                        "hoping. If memory serves the binary takes a -file flag, but I've a "
                        "nasty feeling that was the old Python script we had before. Could you "
                        "do it?",
              "fail": bash("go run ./cmd/pigeonhole -file ~/Downloads/KES_STK_20250303.xml",
                           "flag provided but not defined: -file\nUsage: pigeonhole <command> "
                           "[flags]\n  pull     collect and process new files from every "
                           "supplier\n  replay   process saved feed files\n  -config string\n"
                           "    \tconfig file (default \"/etc/pigeonhole/config.toml\")\nexit "
                           "status 2", 1),
              "note": "There's no -file flag: the binary has subcommands, and replay is the one "
                      "that processes saved files. It needs the supplier, because the two feeds "
                      "are mapped differently:",
              "ok": bash("go run ./cmd/pigeonhole replay -supplier=kestrel "
                         "~/Downloads/KES_STK_20250303.xml",
                         "replaying KES_STK_20250303.xml (kestrel): 18,211 products\nprices "
                         "changed: 1,432\navailability changed: 87\npushed to tills and "
                         "storefronts"),
              "done": "Done: 18,211 products read, with 1,432 price changes and 87 availability "
                      "changes pushed to the tills and storefronts. Add -dry-run next time to "
                      "see the changes without pushing them.",
              "label": "re-process a saved feed file"}),
        Fact("env-port", "environment", ["2222"],
             ["What port is Pellworth's SFTP server on? My connection just times out.",
              "Write me the connection details for Pellworth's feed server for the handover notes: "
              "host, port and user, as the sync actually uses them."],
             "pigeonhole: Pellworth's SFTP server is sftp.pellworth.co.uk on port 2222 (user "
             "endpaper, key authentication); port 22 is firewalled on their side.",
             {"goal": "What host and port does the sync use for Pellworth's SFTP server?",
              "musing": "I'm trying to connect to Pellworth's SFTP from my laptop to look at "
                        "this morning's file by hand, and it just times out. I'm fairly sure "
                        "it's on the standard port, and our office IP is on their allow list "
                        "(unless they've lost it again, which has happened). Could you check "
                        "what the sync actually uses?",
              "probe": [bash("grep -n -A4 '^\\[suppliers.pellworth\\]' config/production.toml",
                             "9:[suppliers.pellworth]\n10-host = \"sftp.pellworth.co.uk\"\n11-"
                             "port = 2222\n12-user = \"endpaper\"\n13-key = \"/etc/pigeonhole/"
                             "keys/pellworth_ed25519\""),
                        bash("nc -vz -w5 sftp.pellworth.co.uk 2222",
                             "Connection to sftp.pellworth.co.uk port 2222 [tcp/*] "
                             "succeeded!")],
              "confirm": "Pellworth's SFTP is sftp.pellworth.co.uk on port 2222, user endpaper, "
                         "with our ed25519 key; port 22 is firewalled on their side, which is "
                         "why your connection timed out. From a terminal: sftp -P 2222 "
                         "endpaper@sftp.pellworth.co.uk.",
              "guess": "Pellworth's SFTP is on the standard port 22, same as Kestrel's",
              "asker": RUFUS,
              "asked": "H - Pellworth want us to 'confirm the connection details' for their "
                       "records before some upgrade. What should I say? R"}),
        Fact("env-host", "environment", ["lamplight"],
             ["Which machine does the wholesaler sync actually run on? I want to look at its logs.",
              "Rufus wants to know 'where the wholesaler thing lives' (Kestrel have asked him which"
              " server collects their files), and I'd like to answer with more than a confident "
              "wave of the hand this time: which machine is it on, and how often does it run?"],
             "pigeonhole runs on lamplight, the small Hetzner box (ssh alias pigeon), as a "
             "systemd timer: pigeonhole.timer every 20 minutes from 06:00 to 22:00; logs with "
             "journalctl -u pigeonhole there. Not cron, not on the till backend's droplets.",
             {"goal": "Where does pigeonhole run in production, and how is it scheduled?",
              "musing": "Rufus asked me this morning where 'the wholesaler thing' lives, and I "
                        "realised my answer would have been a confident wave of the hand. I "
                        "think it's a cron job on the same droplet as the till backend's queue "
                        "workers, but I may be conflating it with something else entirely. "
                        "Could you find out where it runs and how often?",
              "probe": [bash("grep -n -A2 '^Host pigeon' ~/.ssh/config",
                             "14:Host pigeon\n15-  HostName lamplight.endpaper.studio\n16-  "
                             "User deploy"),
                        bash("ssh pigeon 'hostname; systemctl list-timers pigeonhole.timer "
                             "--no-pager; systemctl cat pigeonhole.timer | grep OnCalendar'",
                             "lamplight\nNEXT                        LEFT  LAST             "
                             "           PASSED     UNIT             ACTIVATES\nTue 2025-03-04 "
                             "10:40:00 UTC 7min  Tue 2025-03-04 10:20:00 UTC 12min ago "
                             "pigeonhole.timer pigeonhole.service\nOnCalendar=*-*-* "
                             "06..22:00/20")],
              "confirm": "The sync runs on lamplight, the small Hetzner box (ssh alias pigeon), "
                         "as a systemd timer: pigeonhole.timer starts pigeonhole.service every 20 "
                         "minutes from 06:00 to 22:00. It isn't cron and it's nowhere near the "
                         "till backend's droplets. Logs: ssh pigeon 'journalctl -u "
                         "pigeonhole'.",
              "guess": "the sync runs from cron on the same droplet as the till backend's queue "
                       "workers",
              "asker": RUFUS,
              "asked": "H - where does the wholesaler thing actually live? Kestrel asked which "
                       "'server' collects their files. R"}),
        Fact("gotcha-short", "gotcha", ["short tags"],
             ["One morning a while ago the Kestrel import processed a perfectly ordinary-sized file"
              " and found nothing in it at all, with no error, and I remember we went down a wrong "
              "path before finding out why. Remind me what it was?",
              "the ONIX file looked perfectly healthy but the parser found nothing in it. Remind me"
              " what the catch was?"],
             "pigeonhole gotcha: Kestrel switched its ONIX 3.0 feed to short tags (<product>, "
             "<a001>, <b244> rather than <Product>, <RecordReference>, <IDValue>), so the "
             "decoder, which matched reference names, found 0 products without an error; it now "
             "maps short tags to reference names and treats a non-empty file with no products "
             "as an error.",
             {"symptom": "This morning's Kestrel run imported nothing: it reports 0 products, "
                         "with no error, but the file is its usual 38 MB.",
              "musing": "Odd one. This morning's Kestrel run says it processed 0 products, with "
                        "no error, and yet the file is its usual thirty-odd megabytes. My guess "
                        "is that the download was truncated (the pull doesn't check sizes, which "
                        "I've been meaning to fix for roughly a year), so we parsed the header "
                        "and then hit the end. Could you look?",
              "trace": "time=2025-03-04T06:21:07Z level=INFO msg=\"file done\" supplier=kestrel "
                       "file=KES_STK_20250304.xml bytes=39874112 products=0 changed=0",
              "probe": [bash("head -c 420 /var/lib/pigeonhole/inbox/kestrel/"
                             "KES_STK_20250304.xml",
                             "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ONIXmessage release="
                             "\"3.0\" xmlns=\"http://ns.editeur.org/onix/3.0/short\">\n<header>"
                             "<sender><x298>Kestrel Book Distribution</x298></sender><x307>"
                             "20250304</x307></header>\n<product><a001>KES-9780241998984</a001>"
                             "<x409>03</x409><productidentifier><b221>15</b221><b244>"
                             "9780241998984</b244></productidentifier>"),
                        bash("grep -n 'case \"' internal/onix/decoder.go | head -4",
                             "41:\tcase \"Product\":\n57:\tcase \"RecordReference\":\n63:\tcase "
                             "\"ProductIdentifier\":\n71:\tcase \"IDValue\":")],
              "explain": "The file is complete; it's in the other dialect. ONIX 3.0 comes in "
                         "two forms, reference names (<Product>, <RecordReference>, <IDValue>) "
                         "and short tags (<product>, <a001>, <b244>), and since this morning "
                         "Kestrel's file uses short tags: look at the root element's "
                         ".../onix/3.0/short namespace. Our decoder matches reference names "
                         "only, so it walked 38 MB of elements it didn't recognise, never met a "
                         "<Product>, and reported 0 products without complaint. It needs to map "
                         "short tags to their reference names as it reads (EDItEUR publishes "
                         "the table), and a non-empty file with no products should be an error "
                         "rather than a quiet success.",
              "fix": [write("internal/onix/shorttags.go",
                            "package onix\n\n// shortTags maps ONIX 3.0 short tags to reference "
                            "names (EDItEUR's table).\nvar shortTags = map[string]string{\n\t"
                            "\"product\":           \"Product\",\n\t\"a001\":              "
                            "\"RecordReference\",\n\t\"productidentifier\": \"ProductIdentifier"
                            "\",\n\t\"b221\":              \"ProductIDType\",\n\t\"b244\":      "
                            "        \"IDValue\",\n\t// ... and the rest of the table\n}\n"),
                      bash("go test ./internal/onix/ -run 'TestShortTag|TestEmptyResult' -v",
                           "=== RUN   TestShortTagFixture\n    decoder_test.go:131: 18304 "
                           "products\n--- PASS: TestShortTagFixture (1.84s)\n=== RUN   "
                           "TestEmptyResultIsAnError\n--- PASS: TestEmptyResultIsAnError "
                           "(0.00s)\nPASS")],
              "done": "Files with short tags parse now: the fixture cut from this morning's "
                      "file reads 18,304 products, and a non-empty file that yields nothing is "
                      "an error, so this can't pass quietly again. The 10:20 run picked "
                      "today's file up properly.",
              "repro": "ssh pigeon 'journalctl -u pigeonhole --since today --no-pager -o cat'",
              "hunch": ("Checking the truncation theory first: comparing our copy's size with "
                        "the one on Kestrel's server.",
                        bash("ssh pigeon 'stat -c %s /var/lib/pigeonhole/inbox/kestrel/"
                             "KES_STK_20250304.xml' && echo 'ls -l outbox/KES_STK_20250304.xml' "
                             "| sftp -q -b - kestrel-feed",
                             "39874112\n-rw-r--r--    1 0        0        39874112 Mar  4 06:04 "
                             "outbox/KES_STK_20250304.xml")),
              "told": "Kestrel's newsletter last month said something about 'making the feed "
                      "files smaller'.",
              "panic": (RUFUS, "H - Gwen says the tills have no prices for anything new from "
                               "Kestrel today. She's writing them on stickers. R"),
              "lesson": "Kestrel's ONIX 3.0 feed can arrive with short tags (<product>, <a001>, "
                        "<b244>); the decoder maps them to reference names, and a non-empty "
                        "file with 0 products is an error."}),
        Fact("gotcha-1252", "gotcha", ["Windows-1252"],
             ["Why did one of Pellworth's files stop with an 'invalid UTF-8' error at an "
              "author's name last month?",
              "a wholesaler's file claimed to be utf-8 and fell over on accented letters. What "
              "was it really, and what did we do about it?"],
             "pigeonhole gotcha: Pellworth's file declared UTF-8 but was really Windows-1252 "
             "(ë as the single byte 0xEB), so the XML decoder stopped with 'invalid UTF-8' at "
             "the first accented name; Pellworth files are checked with utf8.Valid and read as "
             "Windows-1252 when they aren't valid UTF-8.",
             {"symptom": "Pellworth's 06:00 file failed to import: the decoder stops with "
                         "'invalid UTF-8' about a third of the way through.",
              "musing": "Pellworth's six o'clock file failed this morning with 'invalid UTF-8' "
                        "about a third of the way through. I think (without much evidence) that "
                        "the file is corrupt, that their export died halfway and wrote "
                        "garbage, which happened once with Kestrel in 2023. Could you look? If "
                        "it is corrupt I'll raise a ticket with their desk.",
              "trace": "time=2025-03-04T06:03:12Z level=ERROR msg=\"decode failed\" "
                       "supplier=pellworth file=STK20250304-0600.xml err=\"XML syntax error "
                       "on line 48213: invalid UTF-8\"",
              "probe": [bash("sed -n '48213p' /var/lib/pigeonhole/inbox/pellworth/"
                             "STK20250304-0600.xml | xxd | head -2",
                             "00000000: 3c50 6572 736f 6e4e 616d 653e 5a6f eb20  <PersonName>"
                             "Zo. \n00000010: 4861 726b 696e 3c2f 5065 7273 6f6e 4e61  "
                             "Harkin</PersonNa"),
                        bash("head -c 60 /var/lib/pigeonhole/inbox/pellworth/"
                             "STK20250304-0600.xml",
                             "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<ONIXMessage")],
              "explain": "It isn't corrupt; it's mislabelled. The XML declaration says UTF-8, "
                         "but the bytes are Windows-1252: 'Zoë' is Z, o and the single byte "
                         "0xEB, where UTF-8 would have two bytes (C3 AB). Go's XML decoder "
                         "believes the declaration, meets 0xEB and stops with 'invalid UTF-8'; "
                         "everything before line 48,213 happened to be plain ASCII. "
                         "Pellworth's export has evidently changed. We shouldn't trust the "
                         "declaration: check the bytes, and when a Pellworth file isn't valid "
                         "UTF-8, read it as Windows-1252 (golang.org/x/text's charmap).",
              "fix": [edit(opener, "\treturn xml.NewDecoder(r), nil\n",
                           "\t// Pellworth label Windows-1252 files as UTF-8: check the bytes\n"
                           "\tif supplier == \"pellworth\" && !utf8.Valid(body) {\n\t\tr = "
                           "charmap.Windows1252.NewDecoder().Reader(bytes.NewReader(body))\n\t}"
                           "\n\treturn xml.NewDecoder(r), nil\n"),
                      bash("go test ./internal/onix/ -run TestPellworthMislabelled -v",
                           "=== RUN   TestPellworthMislabelled\n--- PASS: "
                           "TestPellworthMislabelled (0.03s)\nPASS")],
              "done": "This morning's file imports now: it's read as Windows-1252, so Zoë "
                      "Harkin and the 212 other accented names come out correctly, and the "
                      "next timer run processed it. It's worth telling Pellworth's desk that "
                      "their declaration is wrong, though we no longer depend on them fixing "
                      "it.",
              "repro": "ssh pigeon 'journalctl -u pigeonhole --since 06:00 --no-pager -o cat'",
              "hunch": ("Checking the corruption theory first: an export that died halfway "
                        "would leave the file cut off.",
                        bash("tail -c 40 /var/lib/pigeonhole/inbox/pellworth/"
                             "STK20250304-0600.xml",
                             "</Product>\n</ONIXMessage>\n")),
              "told": "Every book whose price didn't update seems to have an author with an "
                      "accent in their name (a Zoë gave it away).",
              "panic": (AMBROSE, "Rufus,\n\nPellworth prices on the till are last week's again. "
                                 "We've been undercharging for the new hardbacks all "
                                 "morning.\n\nAmbrose"),
              "lesson": "Pellworth's files can declare UTF-8 and really be Windows-1252: the "
                        "decoder checks utf8.Valid and reads an invalid Pellworth file as "
                        "Windows-1252 instead of trusting the declaration."}),
        Fact("fals-xsd", "falsified", ["XSD"],
             ["I'm adding yet another composite to our ONIX decoder by hand and, not for the first "
              "time, wondering whether we should simply generate Go types for the whole standard "
              "and unmarshal into them. I have a faint memory of somebody (possibly me) trying. Did"
              " it end badly?",
              "why do we pick through the onix files element by element instead of unmarshalling "
              "them into structs, was that deliberate"],
             "pigeonhole: generating Go structs for ONIX 3.0 from EDItEUR's XSD and "
             "unmarshalling whole files was tried and dropped: the full Kestrel catalogue "
             "(~900 MB) peaked at 6.3 GB of heap against the production box's 2 GB, plus "
             "40,000 lines of generated code; the decoder streams Product by Product.",
             {"ask": "Our ONIX decoder is a hand-rolled streaming thing, and every time a "
                     "wholesaler adds a composite I have to teach it by hand. Could you try "
                     "generating Go types for the whole of ONIX 3.0 from EDItEUR's XSD (xgen, "
                     "I think, is the tool) and unmarshalling the files into them, then run it "
                     "against the full Kestrel catalogue fixture?",
              "change": [bash("go install github.com/xuri/xgen/cmd/xgen@latest && xgen -i "
                              "schema/ONIX_BookProduct_3.0_reference.xsd -o internal/onixgen "
                              "-l Go -p onixgen",
                              "done: 1 file(s), 40112 lines written to internal/onixgen"),
                         edit("internal/onix/decoder.go",
                              "func Decode(r io.Reader, each func(Product) error) error {\n",
                              "func Decode(r io.Reader, each func(Product) error) error {\n\t"
                              "var msg onixgen.ONIXMessage\n\tif err := xml.NewDecoder(r)."
                              "Decode(&msg); err != nil {\n\t\treturn err\n\t}\n")],
              "broke": bash("go test ./internal/onix/ -run TestFullCatalogue -timeout 20m",
                            "--- FAIL: TestFullCatalogue (212.40s)\n    decoder_test.go:88: "
                            "KES_FULL_20250301.xml (912 MB): peak heap 6.3 GB, budget 1.5 GB "
                            "(the production box has 2 GB)\nFAIL\nFAIL\tgithub.com/endpaper-"
                            "studio/pigeonhole/internal/onix\t212.611s", 1),
              "revert": bash("rm -rf internal/onixgen && git checkout -- internal/onix/"
                             "decoder.go go.mod go.sum && git status --short", ""),
              "conclusion": "The decoder keeps streaming. Structs generated from the ONIX 3.0 "
                            "XSD meant unmarshalling a whole file at once, and the full Kestrel "
                            "catalogue (about 900 MB) peaked at 6.3 GB of heap against the 2 GB "
                            "the production box has, on top of 40,000 lines of generated code "
                            "nobody wants to read. Reading Product by Product with encoding/xml "
                            "tokens stays under 60 MB.",
              "want": "Every time a wholesaler adds a new composite to their feed I have to "
                      "teach our parser about it by hand. Couldn't we generate the types from "
                      "the official ONIX schema and be done with it?",
              "offer": "We could: run xgen over EDItEUR's ONIX 3.0 schema to get Go structs "
                       "for every composite, and unmarshal each file into them. Shall I try?",
              "story": "I did exactly that in the first version, if memory serves: generated "
                       "structs, unmarshal the whole file. Forty thousand lines of generated Go, "
                       "and the first time Kestrel sent a full catalogue (the best part of a "
                       "gigabyte) the process wanted six gigabytes of memory, and the box, "
                       "which has two, killed it at ten past six in the morning.",
              "title": "Go types generated from the ONIX schema",
              "pitch": (RUFUS, "H - met a developer at the booksellers' conference who says you "
                               "can 'auto-generate' all the ONIX code from the official schema. "
                               "Saves you time? R")}),
        Fact("fals-parallel", "falsified", ["fail2ban"],
             ["The Monday Pellworth pull took fifty minutes today, and I'm tempted to have it fetch"
              " several files at once. Before I do: I've a feeling that's been tried and that Rufus"
              " had to make a phone call afterwards. What happened?",
              "why does the pull from the wholesalers fetch one file at a time? it seems painfully "
              "slow on a Monday"],
             "pigeonhole: downloading from Pellworth over several parallel SFTP connections "
             "was tried and dropped: Pellworth allow one session per account, the extra "
             "connections counted as failed logins and their fail2ban banned our IP for 24 "
             "hours; pulls stay sequential over one connection.",
             {"ask": "On Monday mornings the Pellworth pull takes forty minutes, because the "
                     "weekend's files queue up. Could you try fetching them in parallel (say "
                     "four connections with an errgroup) and run it against their server once "
                     "to see the difference?",
              "change": [edit(pull, "\tfor _, f := range files {\n",
                              "\tg, ctx := errgroup.WithContext(ctx)\n\tg.SetLimit(4)\n\tfor _, "
                              "f := range files {\n")],
              "broke": bash("go run ./cmd/pigeonhole pull -supplier=pellworth -v",
                            "connecting to sftp.pellworth.co.uk ... ok (session 1)\nconnecting "
                            "to sftp.pellworth.co.uk ... ssh: handshake failed: EOF\nconnecting "
                            "to sftp.pellworth.co.uk ... ssh: handshake failed: EOF\nconnecting "
                            "to sftp.pellworth.co.uk ... dial tcp 185.41.22.7: connect: "
                            "connection refused\nerror: 3 of 4 workers failed", 1),
              "revert": bash(f"git checkout -- {pull} && git status --short", ""),
              "conclusion": "Pulls stay sequential over one connection. Pellworth's server "
                            "allows one SFTP session per account: the extra connections were "
                            "refused, counted as failed logins, and their fail2ban banned our "
                            "IP for 24 hours, which meant no Pellworth stock or prices for a "
                            "day. Forty minutes on a Monday is the lesser evil.",
              "want": "The Monday morning Pellworth pull takes forty minutes. Couldn't we "
                      "download the files in parallel?",
              "offer": "Easily enough: an errgroup with a limit of four, each worker with its "
                       "own SFTP connection, would bring it down to ten minutes or so. Want me "
                       "to do it?",
              "story": "A year or so ago I had it fetching four at a time (Rufus will "
                       "remember, because he had to ring them). Pellworth only allow one "
                       "session per account; the extra "
                       "connections looked like failed logins to them, and their fail2ban "
                       "banned our IP for a whole day, so every shop had Sunday's prices until "
                       "Tuesday morning. I'd rather wait forty minutes.",
              "title": "Parallel SFTP downloads from Pellworth",
              "pitch": (RUFUS, "H - Ambrose says the Pellworth prices don't arrive till 10 on "
                               "Mondays. Can we make it go faster? Doesn't have to be clever. "
                               "R")}),
    ]
    chatter = [
        "time=2025-03-04T06:00:02Z level=INFO msg=\"pull started\" supplier=pellworth",
        "time=2025-03-04T06:00:04Z level=INFO msg=\"connected\" supplier=pellworth",
        "time=2025-03-04T06:00:09Z level=INFO msg=\"downloaded\" supplier=pellworth "
        "file=PRC20250304-0600.xml bytes=1184220",
        "time=2025-03-04T06:00:41Z level=INFO msg=\"file done\" supplier=pellworth "
        "file=PRC20250304-0600.xml products=2211 changed=140",
        "time=2025-03-04T06:01:02Z level=INFO msg=\"pushed\" target=tills changed=140",
        "time=2025-03-04T06:01:03Z level=INFO msg=\"pushed\" target=storefronts changed=140",
        "time=2025-03-04T06:20:02Z level=INFO msg=\"pull started\" supplier=kestrel",
        "time=2025-03-04T06:20:05Z level=INFO msg=\"connected\" supplier=kestrel",
        "time=2025-03-04T06:20:51Z level=INFO msg=\"downloaded\" supplier=kestrel "
        "file=KES_AVL_20250304.xml bytes=822310",
        "time=2025-03-04T06:21:33Z level=INFO msg=\"file done\" supplier=kestrel "
        "file=KES_AVL_20250304.xml products=6120 changed=45",
        "time=2025-03-04T06:21:34Z level=INFO msg=\"pull finished\" supplier=kestrel "
        "files=2 seconds=92",
        "Started pigeonhole.service - Endpaper wholesaler sync.",
        "pigeonhole.service: Deactivated successfully.",
        "Finished pigeonhole.service - Endpaper wholesaler sync.",
    ]
    noise: list[Episode] = [
        look("What does the availability mapping do with ONIX availability code 31?",
             "internal/onix/availability.go",
             "func mapAvailability(code string) Availability {\n\tswitch code {\n\tcase \"20\", "
             "\"21\":\n\t\treturn InStock\n\tcase \"31\", \"32\":\n\t\treturn Reprinting\n\tcase "
             "\"40\", \"41\", \"43\":\n\t\treturn NotAvailable\n\tdefault:\n\t\treturn Unknown\n"
             "\t}\n}\n",
             "31 (out of stock with the supplier) maps to Reprinting, the same as 32, so the "
             "tills show 'temporarily unavailable' rather than 'not available'."),
        find("where do we turn the feeds' prices into pence", "toPence",
             ["internal/onix/prices.go", "internal/onix/money.go", "internal/onix/money_test.go"],
             "money.go defines toPence, prices.go calls it for every PriceAmount, and "
             "money_test.go covers the rounding."),
        tweak("Kestrel's data team has a new contact address (data@kestrelbooks.co.uk); the old "
              "one's in the README, I think",
              "README.md",
              "Kestrel data contact: feeds@kestrelbooks.co.uk\n",
              "Kestrel data contact: data@kestrelbooks.co.uk\n",
              "Updated the contact in the README."),
        run("How many lines of Go are there in the repository now, roughly? Rufus asked and I "
            "said 'lots'.",
            "find . -name '*.go' -not -path './vendor/*' | xargs wc -l | tail -1",
            "   9412 total",
            "About 9,400 lines of Go, tests included. 'Lots' was defensible."),
        talk("Remind me, briefly, what an ONIX code list is. I'm explaining the feeds to Rufus "
             "and I'd like to sound as though I know.",
             "ONIX uses numbered code lists, maintained by EDItEUR, for every field with a fixed "
             "set of values: list 65 is product availability, list 58 is price type, list 5 is "
             "product identifier type, and so on. A feed says '21' rather than 'available', and "
             "the code list says what 21 means, so every wholesaler and shop reads it the same "
             "way. EDItEUR issues new versions of the lists a few times a year."),
        steps("What's changed in the sync since the new year?",
              [bash("git log --oneline --since=2025-01-01",
                    "3f8a2d1 prices: round half up to the penny\n9b01ce4 pull: skip zero-byte "
                    "files\n66d7e20 onix: code list 65 issue 68\n0c4e5a9 deps: go 1.23.5")],
              "Four commits: price rounding to the penny, skipping zero-byte files in the pull, "
              "the availability code list update, and a Go toolchain bump."),
        [Step(prompt="Kestrel are changing their price format in April. Make me a to-do list: "
                     "read their spec, add the new price type, update the fixtures."),
         Step(tools=[todo_write([("Read Kestrel's April spec", "pending", "Reading the spec"),
                                 ("Add the new price type", "pending", "Adding the price type"),
                                 ("Update the Kestrel fixtures", "pending",
                                  "Updating fixtures")])]),
         Step(text="That's three."),
         Step(prompt="The spec's read; tick it off, would you."),
         Step(tools=[todo_write([("Read Kestrel's April spec", "completed", "Reading the spec"),
                                 ("Add the new price type", "pending", "Adding the price type"),
                                 ("Update the Kestrel fixtures", "pending",
                                  "Updating fixtures")])]),
         Step(text="Ticked; two to go.")],
        steps("Are there any places where we ignore an error from the SFTP client?",
              [agent("Find ignored SFTP errors",
                     "Search internal/ and cmd/ for calls on the pkg/sftp client or its files "
                     "whose error result is discarded (assigned to _ or not assigned), and "
                     "give the file and line of each.",
                     "Two: internal/sftpsync/pull.go:88 discards the error from f.Close() after "
                     "a download, and internal/sftpsync/list.go:41 ignores the error from "
                     "c.Stat() when sorting files by modification time.",
                     "e4a7c0b19d52", "Explore", 5)],
              "Two: a Close() after each download in pull.go and a Stat() when sorting files in "
              "list.go. The Close one matters more, since a failed close can mean a partial "
              "file."),
    ]
    return Project(
        "pigeonhole", "git@github.com:endpaper-studio/pigeonhole.git",
        _files("pigeonhole", "Pulls Pellworth's and Kestrel's ONIX 3.0 feeds over SFTP and "
                             "pushes stock and prices to the tills and storefronts.\n\n"
                             "Kestrel data contact: feeds@kestrelbooks.co.uk",
               {"go.mod": "module github.com/endpaper-studio/pigeonhole\n\ngo 1.23\n"}),
        _equip(facts, mates=["Gwen", "Ambrose"], chatter=chatter),
        noise, "aws")


# ------------------------------------------------------------------- shelfmark
def shelfmark() -> Project:
    controller = "lib/counting/count_controller.dart"
    count_page = "lib/scan/count_page.dart"
    merge = "lib/sync/merge.dart"
    facts = [
        Fact("conv-events", "convention", ["CountEvent"],
             ["Add a 'correct this count' action to the stocktake app, for when a shelf turns out "
              "to have been miscounted.",
              "remind me how counts are kept on the tablets, do we ever change a stored quantity "
              "directly"],
             "shelfmark (the stocktake app): every count, correction or undo is recorded as a "
             "new append-only CountEvent row (an undo is a negative delta); quantities are never "
             "updated in place, because the event log is what syncs and merges.",
             {"task": "The staff need an 'undo last scan' button on the counting screen; at the "
                      "moment a double scan means counting the shelf again. Could you add it?",
              "musing": "Dot's staff (well, Jo, mostly; Jo is fast, and therefore a prolific "
                        "double-scanner) need an 'undo last scan' button on the counting "
                        "screen, because at the moment a double scan means counting the whole "
                        "shelf again. Could you add it? The obvious way is to decrement the "
                        "quantity for that book, but please don't: every count, correction or "
                        "undo is a new CountEvent row, append-only, with a negative delta for "
                        "an undo. We never update a quantity in place, because the event log is "
                        "the thing that syncs, and two tablets counting the same bay only merge "
                        "sensibly if nobody has rewritten history.",
              "rule": "Every count, correction or undo is a new CountEvent row, append-only (an "
                      "undo is a negative delta); we never update a quantity in place. The "
                      "event log is what syncs, and two tablets only merge sensibly if nobody "
                      "rewrites history.",
              "note": "Counts are append-only CountEvent rows (an undo is a negative delta); "
                      "never update a quantity in place.",
              "from": DOT,
              "memo": "Rufus,\n\nJo and Priti both counted the travel section yesterday and now "
                      "the app says we have half as many as we do. Can it add them up rather "
                      "than one wiping out the other?\n\nDot",
              "contrary": edit(controller, "  Future<void> undoLast() async {\n",
                               "  Future<void> undoLast() async {\n    final last = "
                               "_lastScan!;\n    await (db.update(db.shelfCounts)\n          "
                               "..where((c) => c.isbn.equals(last.isbn)))\n        .write("
                               "ShelfCountsCompanion(quantity: Value(last.quantity - 1)));\n"),
              "follow": [edit(controller, "  Future<void> undoLast() async {\n",
                              "  Future<void> undoLast() async {\n    final last = "
                              "_lastScan!;\n    await db.into(db.countEvents).insert("
                              "CountEventsCompanion.insert(\n      sectionId: last.sectionId,\n"
                              "      isbn: last.isbn,\n      delta: -1,\n      kind: "
                              "CountKind.undo,\n      deviceId: device.id,\n      at: clock."
                              "now(),\n    ));\n"),
                         bash("flutter test test/counting/",
                              "00:04 +9: All tests passed!")],
              "done": "The counting screen has an 'Undo last scan' button. It appends a "
                      "CountEvent with delta -1 (kind undo) for the last book scanned in the "
                      "section, rather than changing a stored quantity, so the undo syncs like "
                      "any other event. The counting tests pass, including one where two "
                      "tablets count and undo in the same bay."}),
        Fact("conv-welsh", "convention", ["app_cy.arb"],
             ["Add a 'section finished' message to the stocktake app, shown when the last bay of a "
              "section is closed.",
              "what's the rule for new strings in the tablet app? Gwen will be cross if I forget "
              "something"],
             "shelfmark: every user-facing string goes into lib/l10n/app_cy.arb (Welsh, for "
             "Llyfrau Dyfi) as well as lib/l10n/app_en.arb in the same change, with a "
             "@description so Gwen can check the Welsh.",
             {"task": "Could you add a confirmation dialog for when someone marks a section as "
                      "finished? 'Mark Travel as finished? You won't be able to add more counts "
                      "to it.', with Cancel and Finish.",
              "musing": "Could you add a confirmation dialog for when someone marks a section "
                        "as finished? Something like 'Mark Travel as finished? You won't be "
                        "able to add more counts to it.', with Cancel and Finish (a misplaced "
                        "tap on Finish at Halfpenny last month cost them a whole bay). And the "
                        "thing I always have to remind myself of: every new string goes into "
                        "lib/l10n/app_cy.arb as well as the English file, in the same change, "
                        "with a description for Gwen, who checks the Welsh. She's patient with "
                        "my Welsh, which is to say nonexistent, but she is not patient with "
                        "English turning up in the Welsh app.",
              "rule": "Every new string goes into lib/l10n/app_cy.arb as well as app_en.arb, in "
                      "the same change, with a @description so Gwen can check the Welsh; "
                      "English turning up in the Welsh app is the one thing she won't "
                      "forgive.",
              "note": "Every user-facing string goes into both lib/l10n/app_en.arb and "
                      "lib/l10n/app_cy.arb in the same change, with a @description for Gwen.",
              "from": GWEN,
              "memo": "Rufus,\n\nThe new 'sync complete' message on the tablets is in English "
                      "only, even when the app is in Welsh. The staff noticed straight away. "
                      "Please can every message be in both.\n\nDiolch,\nGwen",
              "contrary": edit("lib/l10n/app_en.arb", "  \"sectionFinish\": \"Finish\",\n",
                               "  \"sectionFinish\": \"Finish\",\n  \"finishSectionQuestion\": "
                               "\"Mark {section} as finished? You won't be able to add more "
                               "counts to it.\",\n"),
              "follow": [edit("lib/l10n/app_en.arb", "  \"sectionFinish\": \"Finish\",\n",
                              "  \"sectionFinish\": \"Finish\",\n  \"finishSectionQuestion\": "
                              "\"Mark {section} as finished? You won't be able to add more "
                              "counts to it.\",\n  \"@finishSectionQuestion\": {\"description\": "
                              "\"Confirmation before a section is closed for counting\"},\n"),
                         edit("lib/l10n/app_cy.arb", "  \"sectionFinish\": \"Gorffen\",\n",
                              "  \"sectionFinish\": \"Gorffen\",\n  \"finishSectionQuestion\": "
                              "\"Marcio {section} fel wedi'i orffen? Fyddwch chi ddim yn gallu "
                              "ychwanegu rhagor o gyfrifon ato.\",\n"),
                         bash("flutter gen-l10n && flutter test test/l10n_test.dart",
                              "00:01 +2: All tests passed!")],
              "done": "The dialog is in. Its question uses the existing Cancel and Finish "
                      "strings, and the new one is in both lib/l10n/app_en.arb and "
                      "lib/l10n/app_cy.arb, with a description; the Welsh is a best effort and "
                      "worth Gwen's eye. gen-l10n ran cleanly and the test that every English "
                      "key has a Welsh one passes."}),
        Fact("cmd-flavor", "command", ["--flavor shops"],
             ["Build the release APK for the shop tablets, please; 2.4.1 needs to go out before "
              "Wren & Lantern count on Sunday.",
              "how do I build the android release for the shop tablets, I remember there's a "
              "flavour involved somewhere"],
             "shelfmark: the tablets' release build is `flutter build apk --release --flavor "
             "shops -t lib/main_shops.dart`; the app has product flavours (shops, demo), so a "
             "plain flutter build apk can't find its output.",
             {"goal": "Could you build a release APK for the shops' tablets? Version 2.4.0 needs "
                      "to go out before Halfpenny's stocktake on Sunday.",
              "musing": "Version 2.4.0 needs to go onto the shops' tablets before Halfpenny's "
                        "stocktake on Sunday (Sol has booked extra staff, which for Sol is an "
                        "event on the scale of a royal visit). Could you build the release APK? "
                        "I did it myself in January with a plain flutter build apk, I think, and "
                        "I don't remember it being any trouble, though that may be selective "
                        "memory.",
              "fail": bash("flutter build apk --release",
                           "Running Gradle task 'assembleRelease'...                84.2s\n"
                           "Gradle build failed to produce an .apk file. It's likely that this "
                           "file was generated under /Users/hester/src/shelfmark/build, but "
                           "the tool couldn't find it.", 1),
              "note": "The Android project defines two product flavours, shops and demo (the "
                      "demo one points at the sandbox, for Rufus's sales visits), so Gradle "
                      "builds app-shops-release.apk and app-demo-release.apk and the tool can't "
                      "find the plain name it expects. Building the shops flavour with its own "
                      "entry point:",
              "ok": bash("flutter build apk --release --flavor shops -t lib/main_shops.dart",
                         "Running Gradle task 'assembleShopsRelease'...           91.7s\n✓ "
                         "Built build/app/outputs/flutter-apk/app-shops-release.apk (24.8MB)"),
              "done": "Built: build/app/outputs/flutter-apk/app-shops-release.apk, 24.8 MB, "
                      "version 2.4.0 (build 41). It's the shops flavour, so it syncs with the "
                      "live server rather than the sandbox.",
              "label": "release APK for the shop tablets"}),
        Fact("cmd-codegen", "command", ["--delete-conflicting-outputs"],
             ["After I change a drift table, the code generation refuses to run and complains "
              "about files that already exist. What's the flag?",
              "how do I regenerate the database code in the stocktake app when build_runner "
              "won't overwrite the generated files"],
             "shelfmark: regenerate drift code with `dart run build_runner build "
             "--delete-conflicting-outputs`; without the flag build_runner refuses because the "
             "generated *.g.dart files are checked in.",
             {"goal": "I've added a notes column to the sections table. Could you regenerate the "
                      "drift code?",
              "musing": "I've added a notes column to the sections table in drift (Gwen wants to "
                        "jot 'top shelf behind the Welsh history, ask Huw' against a section, "
                        "which is fair), and the generated code needs redoing. I think it's "
                        "flutter pub run build_runner build, although I've a feeling that was "
                        "renamed at some point. Could you run the generation?",
              "fail": bash("dart run build_runner build",
                           "[INFO] Generating build script completed, took 412ms\n[INFO] "
                           "Reading cached asset graph completed, took 88ms\n[SEVERE] "
                           "Conflicting outputs were detected and the build is unable to "
                           "prompt for permission to remove them. These outputs must be "
                           "removed manually or the build can be run with "
                           "`--delete-conflicting-outputs`. The outputs are: "
                           "lib/data/db.g.dart", 78),
              "note": "build_runner won't overwrite generated files it didn't write in this run "
                      "(lib/data/db.g.dart is checked in) unless it's told to:",
              "ok": bash("dart run build_runner build --delete-conflicting-outputs",
                         "[INFO] Deleting 1 declared outputs which already existed on disk.\n"
                         "[INFO] Running build completed, took 18.3s\n[INFO] Succeeded after "
                         "18.4s with 14 outputs (61 actions)"),
              "done": "Regenerated: db.g.dart has the notes column, and flutter analyze is "
                      "clean. (flutter pub run still works, but dart run is the current "
                      "spelling.)",
              "label": "regenerate the drift code"}),
        Fact("env-tablet", "environment", ["Tab M9"],
             ["Which tablets do the shops actually have? I need to know before I choose a minimum "
              "Android version for the next release.",
              "Rufus needs to buy a replacement tablet for Salt Road (tea, again). Tell him exactly"
              " which model to get so that it matches the others."],
             "shelfmark: the shops' tablets (nine enrolled in the MDM) are all Lenovo Tab M9 "
             "(TB310FU) on Android 13, API 33; the old Samsung tablets are gone.",
             {"goal": "Which tablets, and which Android version, are the shops' devices?",
              "musing": "I want to raise the minimum Android version for the next release of "
                        "the stocktake app (the camera plugin wants something newer), and I'd "
                        "like to know what the shops actually have first. If memory serves "
                        "they're the Samsung Galaxy Tab A8s Rufus bought when we started, on "
                        "Android 12, but I've a suspicion some were replaced after the Great Tea "
                        "Incident at Salt Road. Could you check what's actually enrolled?",
              "probe": [bash("adb devices -l",
                             "List of devices attached\nHA1K9Z2Q       device product:TB310FU "
                             "model:TB310FU device:TB310FU transport_id:3"),
                        bash("curl -s -H \"Authorization: Bearer $MDM_TOKEN\" "
                             "https://endpaper.hexnodemdm.com/api/v1/devices/ | jq -r "
                             "'.results[] | \"\\(.model_name) Android \\(.os_version)\"' | sort "
                             "| uniq -c",
                             "      9 Lenovo Tab M9 (TB310FU) Android 13")],
              "confirm": "All nine shop tablets enrolled in the MDM are Lenovo Tab M9s (model "
                         "TB310FU) on Android 13, API level 33; the Samsung tablets have gone. "
                         "A minimum of API 33 would cover every shop device.",
              "guess": "the shops are all on those Samsung Galaxy Tab A8s, on Android 12",
              "asker": RUFUS,
              "asked": "H - Ambrose's tablet is broken (tea). Which one do I buy so it's the "
                       "same as the others? R"}),
        Fact("env-sync", "environment", ["sync.endpaper.studio"],
             ["What address do the tablets send their counts to when they sync? I need it for "
              "the firewall note for Salt Road's new router.",
              "which server and path does the stocktake app sync against in the shops build"],
             "shelfmark: the shops build syncs to https://sync.endpaper.studio/stocktake/v2 "
             "(lib/config/shops.dart); the demo flavour uses sync-sandbox.endpaper.studio; "
             "tablets need outbound HTTPS to that host.",
             {"goal": "What URL does the shops build of the app sync to?",
              "musing": "Salt Road have a new router (Ambrose's nephew again; that family is "
                        "the bane of my life), and the installer wants a list of addresses the "
                        "tablets need to reach so that he can 'lock it down'. I think the app "
                        "syncs straight to the till backend's API domain, but there was talk of "
                        "a separate sync host at some point and I genuinely can't remember "
                        "whether we did it. Could you check what the shops build actually "
                        "uses?",
              "probe": [bash("grep -rn 'syncBaseUrl' lib/config/",
                             "lib/config/shops.dart:4:const syncBaseUrl = 'https://sync."
                             "endpaper.studio/stocktake/v2';\nlib/config/demo.dart:4:const "
                             "syncBaseUrl = 'https://sync-sandbox.endpaper.studio/stocktake/"
                             "v2';"),
                        bash("curl -s -o /dev/null -w '%{http_code}\\n' https://sync.endpaper."
                             "studio/stocktake/v2/health", "200")],
              "confirm": "The shops build syncs to https://sync.endpaper.studio/stocktake/v2 "
                         "(lib/config/shops.dart); the demo flavour uses "
                         "sync-sandbox.endpaper.studio. For the router, the tablets need "
                         "outbound HTTPS (443) to sync.endpaper.studio; it isn't the till "
                         "backend's API domain.",
              "guess": "the tablets sync straight to the till backend's API domain",
              "asker": AMBROSE,
              "asked": "Rufus,\n\nThe man installing our new router asks what internet "
                       "addresses the stocktake tablets need. Can Hester tell me?\n\n"
                       "Ambrose"}),
        Fact("gotcha-clock", "gotcha", ["server_seq"],
             ["Something from Halfpenny's stocktake is nagging at me: one tablet's counts vanished "
              "after syncing, and I'm fairly sure my own theory at the time was wrong. What "
              "actually caused it, and what did we change in the merge?",
              "what do we order the synced count events by when we merge them? I remember it used "
              "to be something else and it went wrong"],
             "shelfmark gotcha: merging count events by the tablet's own timestamp lost the "
             "counts of a tablet whose clock was hours slow (its scans sorted before the "
             "section's reset and were dropped); events are merged in server_seq order, the "
             "sequence number the sync server assigns on receipt.",
             {"symptom": "At Halfpenny's stocktake one tablet's counts vanished after it "
                         "synced: about 300 scans in Poetry and Local History are simply gone "
                         "from the totals.",
              "musing": "Halfpenny's stocktake on Sunday went well apart from one thing: one "
                        "tablet's counts vanished after it synced, about three hundred scans "
                        "across Poetry and Local History, simply gone from the totals. My "
                        "theory is that the upload failed halfway and the app marked the batch "
                        "as sent anyway (I've always been slightly suspicious of that "
                        "acknowledgement code). Could you dig in?",
              "trace": "sync: device=hp-tab-3 uploaded=312 accepted=312\nmerge: section=poetry "
                       "dropped 187 events older than reset at 2025-03-02T09:14:05Z\nmerge: "
                       "section=local-history dropped 125 events older than reset at "
                       "2025-03-02T09:20:41Z",
              "probe": [bash("sqlite3 ~/Downloads/hp-tab-3.sqlite \"select min(at), max(at) "
                             "from count_events where device_id = 'hp-tab-3'\"",
                             "2025-03-02T05:31:12Z|2025-03-02T06:48:50Z"),
                        bash(f"grep -n 'orderBy' {merge}",
                             "58:    ..orderBy([(e) => OrderingTerm.asc(e.at)])")],
              "explain": "The upload didn't fail: all 312 events were accepted, and the merge "
                         "then threw them away. hp-tab-3's clock was about three and a half "
                         "hours slow (its scans are stamped 05:31 to 06:48 for a stocktake "
                         "that started after nine; automatic time had been switched off after "
                         "a reset), and merge.dart orders events by the tablet's own "
                         "timestamp. So its scans sorted before the 'reset section' events the "
                         "other tablets made when Poetry and Local History were started, and "
                         "the merge dropped them as older than the reset. Device clocks can't "
                         "be trusted for ordering: the sync server should give every event a "
                         "sequence number as it receives it, server_seq, and the merge should "
                         "order by that.",
              "fix": [edit(merge, "    ..orderBy([(e) => OrderingTerm.asc(e.at)])",
                           "    // device clocks drift: order by the sequence the server "
                           "assigned on receipt\n    ..orderBy([(e) => OrderingTerm.asc("
                           "e.serverSeq)])"),
                      bash("flutter test test/sync/merge_test.dart",
                           "00:03 +7: All tests passed!")],
              "done": "The merge orders by the server's sequence now, and re-merging Sunday's "
                      "events restores hp-tab-3's 312 scans to Poetry and Local History. The "
                      "new test has a tablet three hours slow, and its counts survive.",
              "repro": "flutter test integration_test/stocktake_replay_test.dart "
                       "--dart-define=REPLAY=halfpenny-2025-03-02 -d emulator-5554",
              "hunch": ("Checking your theory first: whether the server accepted the whole "
                        "batch.",
                        bash("grep 'device=hp-tab-3 uploaded' ~/Downloads/sync-2025-03-02.log",
                             "sync: device=hp-tab-3 uploaded=312 accepted=312")),
              "told": "The tablet that lost its counts had been sitting in a drawer since the "
                      "autumn, and its clock showed the wrong time when they switched it on.",
              "panic": (SOL, "Rufus,\n\nStocktake numbers for Poetry and Local History are way "
                             "down. We counted them! Took Lily all morning. Where have they "
                             "gone?\n\nSol"),
              "lesson": "Device clocks drift (a tablet three and a half hours slow lost 312 "
                        "scans): count events are merged in server_seq order, assigned by the "
                        "sync server on receipt, never by the tablet's timestamp."}),
        Fact("gotcha-scanner", "gotcha", ["HardwareKeyboard"],
             ["Why did the Bluetooth ring scanners stop registering on the counting screen "
              "once the on-screen keyboard had gone away?",
              "the scanners at Wren & Lantern beep but nothing shows up in the app. Remind me "
              "what the problem was last time?"],
             "shelfmark gotcha: the ring scanners are Bluetooth keyboards; when the on-screen "
             "keyboard was dismissed the scan TextField lost focus and every scan was dropped; "
             "the counting page now reads scans with a page-level HardwareKeyboard handler "
             "(digits until Enter) instead of relying on a focused field.",
             {"symptom": "Wren & Lantern's ring scanners beep, but nothing arrives in the "
                         "counting screen, apart from the very first scan after a section is "
                         "opened.",
              "musing": "Dot's staff say the Bluetooth ring scanners beep happily but nothing "
                        "turns up in the counting screen, except for the first scan after they "
                        "open a section. I think the scanners are losing their pairing and "
                        "reconnecting (the batteries are elderly, and the first-scan thing fits "
                        "a reconnect, sort of), but that's more hope than diagnosis. Could you "
                        "look?",
              "trace": "I/flutter (12044): scan: section=travel isbn=9780241995204 (focus: "
                       "scanField)\nI/flutter (12044): keyboard: soft keyboard hidden, focus -> "
                       "null\nW/InputMethodManager(12044): Ignoring onKeyDown: no focused view "
                       "(KEYCODE_9)",
              "probe": [read(count_page,
                             "      TextField(\n        focusNode: _scanFocus,\n        "
                             "autofocus: true,\n        decoration: InputDecoration(labelText: "
                             "l10n.scanOrType),\n        onSubmitted: _onScan,\n      ),\n")],
              "explain": "The scanners are fine. Ring scanners pair as Bluetooth keyboards and "
                         "'type' the ISBN followed by Enter. The counting screen catches that "
                         "with an autofocused TextField, which works for the first scan; but "
                         "when the staff tap 'done' on the on-screen keyboard (or it hides "
                         "itself), the field loses focus, nothing has focus at all, and every "
                         "keystroke after that is dropped ('no focused view'). Relying on a "
                         "focused text field is the mistake: the page should listen for "
                         "hardware key events itself, through a HardwareKeyboard handler, "
                         "collect digits until Enter, and treat that as a scan whatever has "
                         "focus.",
              "fix": [edit(count_page, "  void initState() {\n    super.initState();\n",
                           "  void initState() {\n    super.initState();\n    // ring scanners "
                           "are keyboards: read them whatever has focus\n    HardwareKeyboard."
                           "instance.addHandler(_onHardwareKey);\n"),
                      bash("flutter test test/scan/", "00:02 +5: All tests passed!")],
              "done": "Scans arrive whatever has focus: the counting page registers a handler "
                      "that collects digits until Enter, and the text field is only for typing "
                      "an ISBN by hand. Tested with a simulated scanner, including after the "
                      "on-screen keyboard is dismissed.",
              "repro": "adb -s HA1K9Z2Q logcat -d -s flutter:I InputMethodManager:W",
              "hunch": ("Checking the pairing theory first: a reconnecting scanner would show "
                        "up as the input device being removed and added again.",
                        bash("adb -s HA1K9Z2Q logcat -d | grep -c 'InputReader: Device "
                             "removed'", "0")),
              "told": "If they tap in the box at the top of the screen first, the scans come "
                      "through again.",
              "panic": (DOT, "Rufus, the scanners don't work in the stocktake app! They beep "
                             "but nothing goes in. We're counting on Sunday. Dot"),
              "lesson": "Ring scanners are keyboards: don't rely on a focused TextField (it "
                        "loses focus when the on-screen keyboard hides); read scans with a "
                        "page-level HardwareKeyboard handler."}),
        Fact("fals-firestore", "falsified", ["Firestore"],
             ["I'm in one of my moods about our sync code again, and I wonder whether we ought to "
              "give up and let a hosted database with offline support do the syncing for us. Rufus "
              "says we 'already looked at that', which from Rufus could mean anything. Did we?",
              "why do we maintain our own sync for the tablets when Google has that offline "
              "database thing"],
             "shelfmark: replacing our own event sync with Cloud Firestore's offline "
             "persistence was tried and dropped: Firestore merges per document, last write "
             "wins, so two tablets counting one section offline overwrote each other (214 "
             "became 94), and the shops' data would have left our UK hosting; we keep the "
             "drift event log and our own sync.",
             {"ask": "Our sync code is the part of the app I trust least. Could you try "
                     "replacing it with Cloud Firestore's offline persistence (a document per "
                     "section, with the counts in it) and run the two-tablet stocktake test?",
              "change": [bash("flutter pub add cloud_firestore firebase_core",
                              "Resolving dependencies...\n+ cloud_firestore 5.6.0\n+ "
                              "firebase_core 3.9.0\nChanged 14 dependencies!"),
                         write("lib/sync/firestore_sync.dart",
                               "import 'package:cloud_firestore/cloud_firestore.dart';\n\n"
                               "class FirestoreSync {\n  FirestoreSync(this.shop);\n  final "
                               "String shop;\n\n  Future<void> saveSection(Section s) =>\n      "
                               "FirebaseFirestore.instance.doc('shops/$shop/sections/${s.id}')"
                               ".set(s.toJson());\n}\n")],
              "broke": bash("flutter test integration_test/two_tablets_test.dart -d "
                            "emulator-5554",
                            "00:41 +0 -1: two tablets count the same section offline [E]\n  "
                            "Expected: Travel total 214 (tablet A 120 + tablet B 94)\n    "
                            "Actual: 94\n00:41 +0 -1: Some tests failed.", 1),
              "revert": bash("flutter pub remove cloud_firestore firebase_core && rm "
                             "lib/sync/firestore_sync.dart && git status --short", ""),
              "conclusion": "We keep our own event log and sync. Firestore's offline "
                            "persistence merges per document, last write wins, so when two "
                            "tablets counted the same section offline the second to sync "
                            "replaced the first one's counts (214 became 94 in the test). "
                            "Making it work would mean rebuilding our event log inside "
                            "Firestore anyway, and the shops' stock data would live with Google "
                            "rather than on our UK hosting.",
              "want": "I'm tired of maintaining our own sync. Isn't there a hosted database "
                      "with offline support we could just use? Google's, say?",
              "offer": "Cloud Firestore's offline persistence would do most of it: the app "
                       "writes locally and Firebase syncs when there's a connection. Shall I "
                       "swap our sync for it?",
              "story": "We tried it in the very first version, if memory serves. Its idea of "
                       "merging is last write wins, per document, so two tablets counting the "
                       "same bay offline simply overwrote each other, and Wren & Lantern's "
                       "first stocktake came out with half the travel section missing. Also, "
                       "Rufus had promised the shops their data stays in the UK, which "
                       "Firebase made awkward.",
              "title": "Cloud Firestore offline sync instead of our own",
              "pitch": (RUFUS, "H - Sol's nephew (a different nephew) says we should use "
                               "'Firebase' for the tablet app, everyone does. Is he right? "
                               "R")}),
        Fact("fals-isar", "falsified", ["Isar"],
             ["Would a faster local database than drift be worth it for the stocktake app? "
              "Someone recommended one at a meetup, and I've a feeling we've been there.",
              "did we ever move the tablet app's local storage off drift onto one of the NoSQL "
              "ones, and why not"],
             "shelfmark: moving local storage from drift to Isar was tried and abandoned: "
             "Isar's maintainer stopped work on it and its Android library doesn't build with "
             "the current Android Gradle plugin (no namespace in isar_flutter_libs), so release "
             "builds failed; storage stays on drift.",
             {"ask": "The counting screen stutters when a section has thousands of events. "
                     "Could you try moving local storage from drift to Isar (people say it's "
                     "much faster for this sort of thing) and build a release APK to see how it "
                     "behaves?",
              "change": [bash("flutter pub add isar isar_flutter_libs && flutter pub add -d "
                              "isar_generator",
                              "+ isar 3.1.0+1\n+ isar_flutter_libs 3.1.0+1\n+ isar_generator "
                              "3.1.0+1\nChanged 9 dependencies!"),
                         write("lib/data/isar_store.dart",
                               "import 'package:isar/isar.dart';\n\npart 'isar_store.g.dart';\n"
                               "\n@collection\nclass CountRecord {\n  Id id = Isar.autoIncrement;"
                               "\n  late String sectionId;\n  late String isbn;\n  late int "
                               "delta;\n}\n")],
              "broke": bash("flutter build apk --release --flavor demo -t lib/main_demo.dart",
                            "FAILURE: Build failed with an exception.\n\n* What went wrong:\n"
                            "A problem occurred configuring project ':isar_flutter_libs'.\n> "
                            "Could not create an instance of type com.android.build.api."
                            "variant.impl.LibraryVariantBuilderImpl.\n   > Namespace not "
                            "specified. Specify a namespace in the module's build file.", 1),
              "revert": bash("flutter pub remove isar isar_flutter_libs isar_generator && rm "
                             "lib/data/isar_store.dart && git status --short", ""),
              "conclusion": "Local storage stays on drift. Isar's maintainer stopped working on "
                            "it, and its Android library doesn't build with the current Android "
                            "Gradle plugin (no namespace in isar_flutter_libs), so the release "
                            "build fails and no fix is coming. The stutter is better fixed with "
                            "an index and a per-section summary table in drift.",
              "want": "The counting screen stutters in big sections. I keep hearing that Isar "
                      "is much faster than drift; would it be worth switching?",
              "offer": "It is fast for this kind of workload, and its queries are type-safe "
                       "like drift's. I could move the count events across and compare. Shall "
                       "I?",
              "story": "I tried that last spring. It was faster, I'll give it that, but then "
                       "its maintainer wandered off, the Android build broke with the new "
                       "Gradle plugin (something about a namespace in its native library), and "
                       "there was nobody left to fix it. I spent a weekend moving everything "
                       "back.",
              "title": "Isar instead of drift for local storage",
              "pitch": (RUFUS, "H - chap at the Bristol Flutter meetup (yes I went, don't "
                               "laugh) says Isar is 10x faster than what we use. Worth it? R")}),
    ]
    chatter = [
        "Resolving dependencies...",
        "Got dependencies!",
        "00:00 +0: loading /Users/hester/src/shelfmark/test/counting/count_test.dart",
        "00:01 +3: count_test.dart: scanning a book adds one to the section",
        "00:02 +5: section_test.dart: a finished section refuses new counts",
        "I/flutter (12044): sync: device=wl-tab-1 uploaded=48 accepted=48",
        "I/flutter (12044): section opened: travel (bay 4)",
        "I/flutter (12044): scan: section=travel isbn=9781784742997 (focus: scanField)",
        "D/EGL_emulation(12044): app_time_stats: avg=16.52ms min=8.11ms max=41.02ms count=60",
        "I/flutter (12044): sync: queued 3 events, waiting for network",
        "I/flutter (12044): sync: device=wl-tab-1 uploaded=3 accepted=3",
        "Running Gradle task 'assembleDebug'...",
        "✓ Built build/app/outputs/flutter-apk/app-demo-debug.apk",
        "I/flutter (12044): section closed: travel (612 books)",
    ]
    noise: list[Episode] = [
        look("What does the section list show for a section nobody has started counting yet?",
             "lib/sections/section_tile.dart",
             "    final status = switch (section.state) {\n      SectionState.notStarted => "
             "l10n.sectionNotStarted,\n      SectionState.counting => l10n.sectionCounting("
             "section.scanned),\n      SectionState.finished => l10n.sectionFinished,\n    };\n",
             "It shows the 'not started' label, with no count; a section being counted shows how "
             "many books have been scanned so far."),
        find("where do we play the beep when a scan is accepted", "playScanBeep",
             ["lib/scan/feedback.dart", "lib/scan/count_page.dart"],
             "feedback.dart defines it (a short tone plus a haptic tick) and the counting page "
             "calls it after each accepted scan."),
        tweak("Finished sections are shown in a green that Gwen says is impossible to read in "
              "the back room; make it the darker one from the theme",
              "lib/sections/section_tile.dart",
              "      color: Colors.green.shade300,\n",
              "      color: theme.colorScheme.tertiary,\n",
              "Finished sections use the theme's darker tertiary colour now."),
        run("How many tests have we got in the app now?",
            "grep -rhoE \"^\\s*(test|testWidgets)\\(\" test integration_test | wc -l", "     87",
            "87 tests, counting widget tests and the integration tests."),
        talk("Explain, in a paragraph, the difference between a Riverpod Provider and a "
             "NotifierProvider. I wrote half the app with them and I still reach for the wrong "
             "one.",
             "A Provider exposes a value computed from other providers and has no way of being "
             "changed from outside: it recomputes when what it watches changes. A "
             "NotifierProvider wraps a Notifier class that holds state and has methods to "
             "change it, and widgets rebuild when it assigns new state. If the UI needs to do "
             "something to the state, it's a Notifier; if it only reads a derived value, a "
             "Provider."),
        steps("What went into the last release of the app?",
              [bash("git log --oneline v2.3.0..v2.3.2",
                    "71bc0a4 sections: bay numbers on the list\n2e9d513 scan: louder beep\n"
                    "c08f6e1 deps: flutter 3.24.5")],
              "Three commits between 2.3.0 and 2.3.2: bay numbers on the section list, a louder "
              "scan beep, and a Flutter update."),
        [Step(prompt="Could you make me a list for the Wren & Lantern stocktake prep? Charge "
                     "the tablets, pair the scanners, set up the sections."),
         Step(tools=[todo_write([("Charge the tablets", "pending", "Charging tablets"),
                                 ("Pair the ring scanners", "pending", "Pairing scanners"),
                                 ("Set up the sections", "pending", "Setting up sections")])]),
         Step(text="That's three."),
         Step(prompt="Add 'print the bay map' first; Dot likes paper."),
         Step(tools=[todo_write([("Print the bay map", "pending", "Printing the bay map"),
                                 ("Charge the tablets", "pending", "Charging tablets"),
                                 ("Pair the ring scanners", "pending", "Pairing scanners"),
                                 ("Set up the sections", "pending", "Setting up sections")])]),
         Step(text="Added at the top; four items.")],
        steps("Are there any widgets that still build their own TextStyle instead of taking it "
              "from the theme?",
              [agent("Find hard-coded text styles",
                     "Search lib/ for TextStyle( constructors that aren't derived from "
                     "Theme.of(context).textTheme, and give the file and line of each.",
                     "Three: lib/sections/section_tile.dart:44 (bay number, fontSize 12), "
                     "lib/scan/count_page.dart:131 (the big running total, fontSize 48) and "
                     "lib/settings/about_page.dart:22 (version line). Everything else uses the "
                     "theme's text styles.",
                     "f2c9a6e031b7", "Explore", 4)],
              "Three: the bay number on the section tile, the big running total on the counting "
              "page, and the version line on the About page."),
    ]
    return Project(
        "shelfmark", "git@github.com:endpaper-studio/shelfmark.git",
        _files("shelfmark", "The stocktake app for the shops' tablets: count by section, work "
                            "offline, sync when there's signal.",
               {"pubspec.yaml": "name: shelfmark\nversion: 2.4.0+41\nenvironment:\n  sdk: "
                                "^3.5.0\n"}),
        _equip(facts, mates=["Dot", "Sol"], chatter=chatter),
        noise, "slack")


def projects() -> list[Project]:
    return [colophon(), bookplate(), pigeonhole(), shelfmark()]
