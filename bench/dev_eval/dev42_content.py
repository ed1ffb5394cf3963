"""The ``dev42`` split, "a small law firm's only developer, the month the courts' new e-filing
system goes live": four projects, ten planted facts each.

Written in the twenty-fifth pass by a helper that read no rlat code; to be read untuned.

Owen Hale is the one developer at Harcourt Lyle LLP, a firm of about twenty-five people (two
litigation partners, a property team, a private-client team, a practice manager and a cashier).
The courts' new e-filing system, Courtway, goes live on Monday 2 March; from the Friday after,
the old e-mail and post routes close for civil claims, and everything Owen looks after has to be
ready for it: the document-assembly service the fee earners generate letters and court documents
with, the integration that files bundles with Courtway, the export that turns the practice
management system's time records into LEDES bills for insurers, and the client intake site new
enquiries come through. His days are broken up by partners, the practice manager, the cashier,
the firm's outsourced IT supplier and the Courtway service desk.

He talks to the assistant in two voices. Much of the time he dictates with speech-to-text while
he reads something else, so his messages come out as run-on sentences with little punctuation,
the odd repeated word, a literal "full stop", homophones ("their" for "there", "right" for
"write") and misheard tool names ("pie test" for pytest, "sequel server" for SQL Server, "get
hub" for GitHub, "court way" for Courtway, "kiss Ely" for Kysely, "leads files" for LEDES files,
"dot net" for .NET). The rest of the time he types, and then it is formal, careful British
English. He pastes e-mails from the partners (Margaret Pryce, managing partner; Daniel Okonjo,
litigation; Ruth Abernethy, property), from Sunita Bhatt (practice manager), Helen Marsh
(cashier), Tom Reilly (trainee), Craig Dunmore of Northgate IT, the contractors who wrote parts
of the code before him (Martin Kell, Anil Shah, Jess Okoro), and passages from Courtway's
technical bulletins. Every planted fact's answer is spelt correctly somewhere in the session
(the assistant's commands, edits and replies), whatever the dictation made of it. Later he asks
about what was settled days on, in his own words, some typed and some dictated.

The durable facts arrive the ways a go-live month brings them: a convention dictated in one
breath with the request, pasted from a partner's e-mail or a Courtway bulletin, given as a
correction after the assistant did it the ordinary way (refused at the permission prompt, or
after the edit went in), or typed as the answer to the assistant's clarifying question; a
command that fails and the one that works (worked out by the assistant, pasted by Owen with his
own failed attempt, supplied in an e-mail from whoever wrote that part, or written afterwards
into the "if Owen is off" cover notes the IT supplier would use); an environment fact looked up,
asked about in someone's e-mail that the assistant drafts a reply to, pinned down for the cover
notes, or corrected when Owen remembers it wrong; a gotcha (pasted with its error, reported in a
partner's unhappy e-mail and reproduced from a long log, chased through a wrong first guess, or
diagnosed by a colleague and confirmed); and an approach tried and reverted in the session,
turned down because it was tried before, written into the decisions file from old notes, or
proposed by a partner or the IT supplier in an e-mail that the assistant helps answer.

The projects: deedloom, the document-assembly service (C# on .NET 8, an ASP.NET Core minimal
API filling Word .docx precedents with the Open XML SDK and Scriban expressions in content
controls, xUnit with Verify snapshot tests, in-process under IIS on the Windows server hl-app01);
sealpost, the Courtway filing integration (Java 21 on Helidon 4 SE, an Apache CXF client
generated from Courtway's SOAP WSDL plus its REST status API, mutual TLS with the firm's
court-issued certificate, Maven wrapper, JUnit 5 and WireMock, a systemd service on the Ubuntu
VM hl-efile01); tallystick, the time-and-billing export (Python 3.12 with uv, pyodbc reading the
Quillon practice-management system's SQL Server database, LEDES 1998B / 1998BI files uploaded to
insurers' e-billing portals, pytest, run nightly by Task Scheduler on hl-app01); and porchlight, the
client intake site (Astro 5 with the Node adapter inside an Express server, Astro Actions, Zod,
Kysely over Postgres 16, Playwright, Docker Compose behind Caddy on a VPS in London).

Slots, by kind (the shared names of ``templates.py`` plus this split's own):

* convention - ``task`` (typed), ``said`` (the request and the rule dictated in one go),
  ``rule`` (typed), ``from`` and ``memo`` (who e-mailed the rule, or the bulletin, and its
  words), ``contrary``, ``follow``, ``done``;
* command - ``goal`` (typed), ``said`` (dictated), ``fail``, ``note``, ``ok``, ``done``,
  ``hint`` (``(who, words)``: an e-mail with the working command), ``label`` (its line in the
  cover notes);
* environment - ``goal`` (typed), ``said`` (dictated), ``probe``, ``confirm``, ``guess`` (Owen's
  out-of-date belief), ``asker`` and ``asked`` (someone's e-mailed question);
* gotcha - ``symptom`` (typed), ``said`` (dictated), ``trace``, ``probe``, ``explain``, ``fix``,
  ``done``, ``repro`` (a command whose long output holds the trace), ``hunch`` (``(text,
  tool)``: a wrong first guess and the check that rules it out), ``told`` (a colleague's
  diagnosis), ``panic`` (``(who, words)``: an unhappy e-mail about it);
* falsified - ``ask``, ``change``, ``broke``, ``revert``, ``conclusion``, ``want`` (the idea as
  Owen raises it), ``offer`` (the assistant proposing it), ``story`` (what happened when it was
  tried before), ``title``, ``pitch`` (``(who, words)``: someone's e-mail proposing it).

Every fact also carries its project's ``mates`` (people who might diagnose something) and
``chatter`` (ordinary output lines a long log is made of).
"""

from __future__ import annotations

import random

from .templates import find, look, run, steps, talk, tweak
from .transcript import REJECTED, agent, ask_user, bash, edit, read, refused, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3
COVER = "docs/if-owen-is-off.md"
DECISIONS = "docs/decisions.md"

# (name, address, role); BULLETIN is Courtway's technical bulletin, not a person.
MARGARET = ("Margaret Pryce", "m.pryce@harcourtlyle.co.uk", "Managing Partner")
DANIEL = ("Daniel Okonjo", "d.okonjo@harcourtlyle.co.uk", "Partner, Litigation")
RUTH = ("Ruth Abernethy", "r.abernethy@harcourtlyle.co.uk", "Partner, Property")
SUNITA = ("Sunita Bhatt", "s.bhatt@harcourtlyle.co.uk", "Practice Manager")
HELEN = ("Helen Marsh", "h.marsh@harcourtlyle.co.uk", "Cashier")
TOM = ("Tom Reilly", "t.reilly@harcourtlyle.co.uk", "Trainee Solicitor")
CRAIG = ("Craig Dunmore", "craig.dunmore@northgate-it.co.uk", "Northgate IT")
MARTIN = ("Martin Kell", "martin@kellsoftware.co.uk", "Kell Software")
ANIL = ("Anil Shah", "anil.shah.dev@outlook.com", "")
JESS = ("Jess Okoro", "jess@fernhillstudio.co.uk", "Fernhill Studio")
DESK = ("Courtway Service Desk", "servicedesk@courtway.courtsdigital.uk",
        "Courts Digital Service")
BULLETIN = ("Courtway Technical Bulletin", "", "bulletin")


def _pick(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


PROPER = {"Word", "Courtway", "Quillon", "Google", "Astro", "Caddy", "Java", "Postgres",
          "Owen", "Margaret", "Daniel", "Ruth", "Sunita", "Helen", "Tom", "Craig", "Martin",
          "Anil", "Jess", "Priya", "Halden", "Carrow", "I"}


def _lower(text: str) -> str:
    """Lower-case the first letter unless the first word is a name or an acronym."""
    word = text.split(" ", 1)[0].strip(".,:;'\"")
    if word in PROPER or word.startswith("I'") or any(ch.isupper() for ch in word[1:]):
        return text
    return text[:1].lower() + text[1:]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _dictated(text: str, rng: random.Random) -> str:
    """What the speech-to-text produced: a spoken lead-in, or the sentence capitalised."""
    lead = rng.choice(UM)
    return lead + text if lead else _cap(text)


def _first(person: tuple[str, str, str]) -> str:
    return person[0].split()[0]


def _paste(person: tuple[str, str, str], words: str, rng: random.Random) -> str:
    """An e-mail as it comes out when copied from Outlook (or a bulletin's passage)."""
    name, address, role = person
    if role == "bulletin":
        number = rng.randint(5, 12)
        return (f"COURTWAY TECHNICAL BULLETIN No. {number}\nCourts Digital Service - for "
                f"filers and software suppliers\n\n{words}\n\nQueries about this bulletin: "
                f"servicedesk@courtway.courtsdigital.uk")
    day = _pick(rng, "Monday", "Tuesday", "Wednesday", "Thursday", "Friday")
    stamp = f"{day} {rng.randint(7, 18):02d}:{rng.randrange(60):02d}"
    style = rng.randrange(3)
    if style == 0:
        sign = f"\n\n{name}\n{role} | Harcourt Lyle LLP" if role and "@harcourtlyle" in address \
            else (f"\n\n{name}\n{role}" if role else f"\n\n{name}")
        return (f"From: {name} <{address}>\nSent: {stamp}\nTo: Owen Hale "
                f"<o.hale@harcourtlyle.co.uk>\nSubject: {_pick(rng, 'Courtway', 'Quick one', 'RE: Courtway go-live', 'Important')}"
                f"\n\n{words}{sign}")
    if style == 1:
        return f"-----Original Message-----\nFrom: {name}\nSent: {stamp}\n\n{words}"
    return f"> {name} wrote ({stamp}):\n> " + words.replace("\n", "\n> ")


def _buried(trace: str, chatter: list[str], rng: random.Random) -> str:
    """``trace`` in the middle of a long run of ordinary output lines."""
    keep = sorted(rng.sample(range(len(chatter)), min(len(chatter), rng.randint(8, 12))))
    lines = [chatter[i] for i in keep]
    cut = rng.randint(2, len(lines) - 2)
    return "\n".join(lines[:cut] + trace.splitlines() + lines[cut:])


# Dictation: how the speech-to-text starts and joins what he says.
UM = ("Okay so ", "Right so ", "So ", "Okay um ", "Right ", "")
FORMAL = ("Good morning. ", "", "", "A request, if I may. ", "Morning. ")


# ------------------------------------------------------------------- phrasing templates
# convention
def conv_dictated(s: dict, rng: random.Random) -> Episode:
    """The request and the rule dictated in one breath; the assistant reads it back."""
    readback = _pick(rng, "Let me make sure I've understood the dictation correctly before I "
                          "start; I'll follow the rule you gave as well as making the change.",
                     "Understood - doing the change, and doing it the way you described.",
                     "Got it. Reading through the current code first.")
    return [Step(prompt=_dictated(s["said"], rng)),
            Step(text=readback, tools=s["follow"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "Great thanks", "Brilliant thank you", "Okay perfect")),
            Step(text=_pick(rng, "You're welcome.", "No problem."))]


def conv_email(s: dict, rng: random.Random) -> Episode:
    """The rule is in an e-mail (or a bulletin) pasted alongside the request."""
    post = _paste(s["from"], s["memo"], rng)
    if rng.random() < 0.5:
        ask = (f"{_pick(rng, *FORMAL)}{s['task']}\n\nPlease bear the following in mind; it "
               f"arrived this morning:\n\n{post}")
    else:
        ask = (f"{post}\n\n{_pick(rng, 'In light of the above: ', 'With that in mind, ', '')}"
               f"{_lower(s['task'])}")
    return [Step(prompt=ask),
            Step(text=_pick(rng, "Doing it that way.", "Following that.", "Understood."),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_corrected(s: dict, rng: random.Random) -> Episode:
    """The assistant does it the ordinary way; Owen corrects it, at the permission prompt or
    after the edit went in."""
    if rng.random() < 0.5:
        said = _pick(rng, "No, I'm afraid that isn't how we do it here. {Rule}",
                     "Please don't. {Rule}",
                     "no no no not like that {rule}")
        first: Episode = [Step(text=_pick(rng, "Making the change.", "Here's the edit.", ""),
                               tools=[refused(s["contrary"], REJECTED + said.format(
                                   rule=s["rule"], Rule=_cap(s["rule"])))])]
    else:
        said = _pick(rng, "I should have said at the outset, sorry: {rule} Would you redo it, "
                          "please?",
                     "That works, but it will land me in trouble. {Rule}",
                     "Hang on that's not right {rule}")
        first = [Step(text=_pick(rng, "That's a small change.", "Making the change.", ""),
                      tools=[s["contrary"]]),
                 Step(text=_pick(rng, "Done. Shall I run the tests?",
                                 "That's in. Want the tests run?")),
                 Step(prompt=said.format(rule=s["rule"], Rule=_cap(s["rule"])))]
    return [Step(prompt=_pick(rng, *FORMAL) + s["task"]), *first,
            Step(text=_pick(rng, "Understood, redoing it.", "Right, changing it.", "Noted."),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_asked(s: dict, rng: random.Random) -> Episode:
    """The assistant asks how it should be done; Owen types the rule as the answer."""
    return [Step(prompt=_pick(rng, *FORMAL) + s["task"]),
            Step(text=_pick(rng, "One question before I write anything.", ""),
                 tools=[ask_user(_pick(rng, "Is there a firm rule I should follow here?",
                                       "How would you like this handled?"),
                                 "Approach",
                                 [("Follow existing code", "Copy what the neighbouring code "
                                                           "does"),
                                  ("Simplest change", "The smallest change that works; tidy "
                                                      "up after go-live")],
                                 _cap(s["rule"]))]),
            Step(text=_pick(rng, "Thank you, that's clear.", "Understood.", "Doing that."),
                 tools=s["follow"]),
            Step(text=s["done"])]


# command
def cmd_tried(s: dict, rng: random.Random) -> Episode:
    """Dictated; the obvious command fails and the assistant finds the one that works."""
    return [Step(prompt=_dictated(s["said"], rng)), Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_own_paste(s: dict, rng: random.Random) -> Episode:
    """Owen pastes his own failed attempt."""
    fail = s["fail"]
    lead = _pick(rng, "{goal} I tried it myself first and got this:",
                 "{goal}\n\nThis is what happens when I try:",
                 "{goal} My attempt:")
    return [Step(prompt=lead.format(goal=s["goal"])
                 + f"\n\n```\n$ {fail.command}\n{fail.output}\n```"
                 + _pick(rng, "\n\nWhat am I missing?", "", "\n\nAny ideas?")),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "Thank you.", "Thanks I would never have got that",
                              "Marvellous, thank you.")),
            Step(text=_pick(rng, "You're welcome.", "No problem."))]


def cmd_emailed(s: dict, rng: random.Random) -> Episode:
    """The obvious command fails; whoever wrote that part replies to Owen's e-mail with the
    one that works."""
    who, words = s["hint"]
    return [Step(prompt=_pick(rng, *FORMAL) + s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_pick(rng, "That isn't it. I'll look at how the repository expects this "
                                 "to be run.", "That failed; checking the project's setup.")),
            Step(prompt=_pick(rng, "Don't worry, I e-mailed {first} and he has replied:",
                              "Hold on. {first} has just answered my e-mail:",
                              "Stop there I asked {first} and this is what came back")
                 .format(first=_first(who)) + f"\n\n{_paste(who, words, rng)}"),
            Step(text=_pick(rng, "That fits the error. Running it that way.",
                            "That explains it."), tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_cover_notes(s: dict, rng: random.Random) -> Episode:
    """Worked out, then written into the cover notes Northgate would use if Owen is away."""
    ok = s["ok"]
    return [Step(prompt=_dictated(s["said"], rng)), Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[ok]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "Please add that to the cover notes under Doing things; if I "
                                   "am ill, Craig will need it.",
                              "Can you put that in the if Owen is off notes under doing things "
                              "I'll never remember it")),
            Step(tools=[edit(COVER, "## Doing things\n",
                             f"## Doing things\n\n- {s['label']}: `{ok.command}`\n")]),
            Step(text=f"Added to {COVER} under Doing things.")]


# environment
def env_look(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=_dictated(s["said"], rng)),
            Step(text=_pick(rng, "Checking the actual configuration.", "Let me look.",
                            "Looking it up rather than guessing."), tools=s["probe"]),
            Step(text=s["confirm"])]


def env_email_q(s: dict, rng: random.Random) -> Episode:
    """Someone e-mails a question; the assistant finds out and drafts the reply."""
    who = s["asker"]
    ask = _pick(rng, "{post}\n\nCould you find out and draft me a reply, please?",
                "E-mail from {first}:\n\n{post}\n\nI don't know off the top of my head. Please "
                "check and give me something I can send back.",
                "{first} is asking this can you check and write me a reply\n\n{post}")
    return [Step(prompt=ask.format(first=_first(who), post=_paste(who, s["asked"], rng))),
            Step(tools=s["probe"]),
            Step(text=f"{s['confirm']}\n\nA reply you could send:\n\n> Dear {_first(who)},\n>\n"
                      f"> {s['confirm']}\n>\n> Kind regards,\n> Owen"),
            Step(prompt=_pick(rng, "Sent, thank you.", "Perfect sent", "Lovely, sent.")),
            Step(text=_pick(rng, "Good.", "Great."))]


def env_cover_notes(s: dict, rng: random.Random) -> Episode:
    """Pinned down from the real configuration for the cover notes."""
    return [Step(prompt=_pick(rng, "{goal} It is for the cover notes, so please check the live "
                                   "configuration rather than relying on what we think it is.",
                              "For the if-Owen-is-off notes: {goal} From the real config, "
                              "please.").format(goal=s["goal"])),
            Step(tools=s["probe"]),
            Step(text=s["confirm"]),
            Step(prompt=_pick(rng, "Thank you. Please add that under Where things are.",
                              "Add that to the notes where things are section")),
            Step(tools=[edit(COVER, "## Where things are\n",
                             f"## Where things are\n\n- {s['confirm']}\n")]),
            Step(text=f"Added to {COVER}.")]


def env_misremembered(s: dict, rng: random.Random) -> Episode:
    """Owen remembers it wrongly; the assistant checks."""
    ask = _pick(rng, "{guess} can you just double check that before I tell anyone",
                "I believe {guess_l}. Would you confirm that before I put it in writing?",
                "{guess} or has that changed")
    return [Step(prompt=ask.format(guess=_cap(s["guess"]), guess_l=_lower(s["guess"]))),
            Step(tools=s["probe"]),
            Step(text=_pick(rng, "Not any more. ", "That's out of date. ", "Not quite. ")
                 + s["confirm"]),
            Step(prompt=_pick(rng, "Good job I asked.", "Oh okay glad I checked",
                              "Nobody tells me anything. Thank you.")),
            Step(text=_pick(rng, "Worth checking.", "Yes."))]


# gotcha
def gotcha_paste(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"),
            Step(text=_pick(rng, "Looking.", "Let me dig in.", ""), tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_complaint(s: dict, rng: random.Random) -> Episode:
    """An unhappy e-mail from a partner; the assistant reproduces it from a long log."""
    who, words = s["panic"]
    return [Step(prompt=_pick(rng, "{post}\n\nPlease look at this before anything else.",
                              "From {first} just now\n\n{post}\n\ncan you look at this now "
                              "please").format(first=_first(who),
                                               post=_paste(who, words, rng))),
            Step(text="Reproducing it first.",
                 tools=[bash(s["repro"], _buried(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "The lines that matter are in the middle of that.", ""),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "Thank you. I'll write to {first}.",
                              "Okay I'll let {first} know thank you").format(first=_first(who))),
            Step(text=_pick(rng, "Good luck.", "Sure."))]


def gotcha_false_lead(s: dict, rng: random.Random) -> Episode:
    """Dictated; a wrong first guess, ruled out; the cause shows halfway down a long output."""
    text, tool = s["hunch"]
    return [Step(prompt=_dictated(s["said"], rng)),
            Step(text=text, tools=[tool]),
            Step(text=_pick(rng, "Not that. Reproducing it properly:",
                            "That rules that out. Running the whole thing and reading all of "
                            "it."),
                 tools=[bash(s["repro"], _buried(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "There, halfway down.", "Found it in the middle of that."),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "Well I'd never have found that", "Splendid. Thank you.",
                              "Okay great one less thing")),
            Step(text=_pick(rng, "It wasn't an obvious one.", "A sneaky one, yes."))]


def gotcha_suggested(s: dict, rng: random.Random) -> Episode:
    """A colleague's diagnosis, confirmed and fixed."""
    mate = rng.choice(s["mates"])
    ask = _pick(rng, "{symptom}\n\n{mate} thinks {told}. Is that right? Fix it if so, please.",
                "{symptom} {mate} reckons {told}. Please confirm before we change anything.")
    return [Step(prompt=ask.format(symptom=s["symptom"], mate=mate, told=_lower(s["told"]))),
            Step(tools=s["probe"]),
            Step(text=f"{mate} is right. {s['explain']}", tools=s["fix"]),
            Step(text=s["done"])]


# falsified
def fals_tried(s: dict, rng: random.Random) -> Episode:
    undo = _pick(rng, "No that's worse put it back", "Right, that settles it. Please revert it.",
                 "Okay no undo all of that")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=undo),
            Step(text=_pick(rng, "Reverting.", "Putting it back.", "Undoing it."),
                 tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_been_there(s: dict, rng: random.Random) -> Episode:
    said = _pick(rng, "No. We have been there. {Story}", "no no we tried that {story}",
                 "I'm afraid we tried that once. {Story}")
    return [Step(prompt=s["want"]), Step(text=s["offer"]),
            Step(prompt=said.format(story=s["story"], Story=_cap(s["story"]))),
            Step(text=f"Understood, leaving it as it is. {s['conclusion']}")]


def fals_decision_log(s: dict, rng: random.Random) -> Episode:
    """Old notes written up as a rejected option in the decisions file."""
    ask = _pick(rng, "I am tidying my notes before go-live. This one keeps coming up, so please "
                     "record it in {path} under Tried and rejected:\n\n{story}",
                "Add this to {path} tried and rejected section so nobody suggests it again "
                "here are my notes\n\n{story}")
    return [Step(prompt=ask.format(story=s["story"], path=DECISIONS)),
            Step(tools=[edit(DECISIONS, "## Tried and rejected\n",
                             f"## Tried and rejected\n\n### {s['title']}\n\n"
                             f"{s['conclusion']}\n")]),
            Step(text=f"Recorded under \"Tried and rejected\" in {DECISIONS}.")]


def fals_pitched(s: dict, rng: random.Random) -> Episode:
    """Someone proposes it by e-mail; Owen tells the story and the assistant drafts the
    reply."""
    who, words = s["pitch"]
    ask = _pick(rng, "{post}\n\nWe tried this. {Story}\n\nPlease draft a polite reply to "
                     "{first} explaining why not.",
                "{post}\n\nokay so we did try this before {story} can you write a reply to "
                "{first} saying why we're not doing it nicely")
    return [Step(prompt=ask.format(post=_paste(who, words, rng), story=s["story"],
                                   Story=_cap(s["story"]), first=_first(who))),
            Step(text=f"Here's a draft:\n\n> Dear {_first(who)},\n>\n> Thank you for the "
                      f"suggestion. We have tried it before. {s['conclusion']}\n>\n> Kind "
                      f"regards,\n> Owen"),
            Step(prompt=_pick(rng, "Good, sent.", "Thats fine sent it", "Sent. Thank you.")),
            Step(text=_pick(rng, "Good.", "OK."))]


TEMPLATES = {
    "convention": [conv_dictated, conv_email, conv_corrected, conv_asked],
    "command": [cmd_tried, cmd_own_paste, cmd_emailed, cmd_cover_notes],
    "environment": [env_look, env_email_q, env_cover_notes, env_misremembered],
    "gotcha": [gotcha_paste, gotcha_complaint, gotcha_false_lead, gotcha_suggested],
    "falsified": [fals_tried, fals_been_there, fals_decision_log, fals_pitched],
}

UNRELATED = [
    "What is the difference between a solicitor and a barrister, in a sentence each? A new "
    "starter asked me and I fumbled it.",
    "how do I stop my dictation software typing the words full stop instead of putting one in",
    "Could you explain, in plain terms, what a race condition is? I need to explain one to the "
    "managing partner without a whiteboard.",
    "whats the windows shortcut to snap a window to one half of the screen",
    "A regular expression for a UK postcode that is strict enough but not absurd, please.",
    "how do I politely say no to fixing a partners printer when I'm the developer not IT",
    "Explain big-O notation in two sentences, as if to a trainee solicitor.",
    "what's the actual difference between git fetch and git pull",
    "Is there a British English spell-check for VS Code? It keeps flagging 'colour' and "
    "'organise'.",
    "how many hours of sleep does a person actually need I've been on about five all week",
    "What is a sensible branch-naming scheme when there is only one developer?",
    "In SQL, what is the difference between a LEFT JOIN and an INNER JOIN? One short example "
    "each.",
    "suggest a name for the firm's internal wiki something that isn't cringe",
    "What does 'without prejudice' actually mean? The partners put it on half their letters.",
    "explain what a UUID is and whether two of them can ever come out the same",
    "Could you recommend a standing-desk converter for under two hundred pounds?",
    "whats the shortcut in word to show all the formatting marks paragraph symbols and so on",
    "How do I tell a partner, diplomatically, that 'can you just make it do X' is two weeks of "
    "work?",
    "explain the difference between a process and a thread using a kitchen as the analogy",
    "How should I prepare for an appraisal when the person appraising me isn't technical?",
    "is it worth learning to touch type properly at thirty five the dictation is making me lazy",
    "What is the difference between hashing and encryption? Two sentences for a non-technical "
    "audience.",
]

UNANSWERED: dict[str, list[str]] = {
    "deedloom": [
        "How many documents did the assembly service generate last month?",
        "which precedents do the property team use the most",
        "Does the private-client team want will precedents added to the service this year?",
        "how much did the firm pay Martin to build the document service in the first place",
        "Is there a plan to let clients fill in their own details for engagement letters?",
    ],
    "sealpost": [
        "How many filings did we make through Courtway in its first week?",
        "is court way going to cover the family court next year as well",
        "What did the firm spend on court fees last quarter?",
        "Will the Court of Appeal move onto the same filing system?",
        "how much time is the e-filing saving the litigation team compared with couriering "
        "bundles",
    ],
    "tallystick": [
        "How much did the firm bill Halden Mutual last year in total?",
        "which other insurers are going to start insisting on electronic bills",
        "When is Quillon's next major version due?",
        "How many fee earners record their time daily rather than at the end of the week?",
        "is the firm thinking about changing practice management systems",
    ],
    "porchlight": [
        "How many enquiries did the intake site receive in February?",
        "what percentage of people who enquire online end up instructing the firm",
        "Is the firm planning to offer fixed-fee wills through the intake site?",
        "who designed the logo on the enquiry pages",
        "Does the property team want a separate enquiry form for conveyancing quotes?",
    ],
}


def _equip(facts: list[Fact], **extra) -> list[Fact]:
    for fact in facts:
        for name, value in extra.items():
            fact.slots.setdefault(name, value)
    return facts


def _files(name: str, readme: str, extra: dict[str, str]) -> dict[str, str]:
    return {"README.md": f"# {name}\n\n{readme}\n",
            COVER: "# If Owen is off\n\nFor Northgate IT and whoever covers.\n\n## Doing things"
                   "\n\n## Where things are\n",
            DECISIONS: "# Decisions\n\n## Settled\n\n## Tried and rejected\n",
            **extra}


# ------------------------------------------------------------------- deedloom
def deedloom() -> Project:
    ws = "src/Deedloom.Api/Assembly/WitnessStatementAssembler.cs"
    norm = "src/Deedloom.Api/Assembly/TemplateNormaliser.cs"
    sig = "src/Deedloom.Api/Assembly/SignatureBlock.cs"
    program = "src/Deedloom.Api/Program.cs"
    facts = [
        Fact("conv-dates", "convention", ["LegalDate"],
             ["A letter we generated yesterday has 03/02/2026 in the body. How are dates "
              "supposed to be written in our documents?",
              "when I add a new date to one of the precedents what do I use to format it so it "
              "comes out the way the partners like"],
             "deedloom (the document-assembly service): every date written into a generated "
             "letter or court document goes through LegalDate.Long(), the long British form "
             "with an ordinal ('2nd March 2026'); never ToString(\"d\") or figures like "
             "03/02/2026, and any new date field in a precedent is formatted with it too.",
             {"task": "Courtway requires the date of a witness statement on every page, so "
                      "please add the statement date to the footer of the witness statement "
                      "(it is only in the heading at present).",
              "said": "the witness statement needs the date of the statement in the footer as "
                      "well as at the top court way wants it on every page apparently and the "
                      "date has to be right out the long way with the ordinal like 2nd March "
                      "2026 not in figures the partners hate figures there's a helper for that "
                      "already so don't just do to string on it",
              "rule": "dates in anything that leaves this building are written out in full "
                      "with the ordinal - 2nd March 2026 - never in figures and never the "
                      "American way round. There is a helper for it; please use that rather "
                      "than ToString.",
              "from": MARGARET,
              "memo": "Owen,\n\nA reminder, since everything is about to go through the new "
                      "court system: dates in correspondence and court documents are written "
                      "in full (2nd March 2026) and never in figures. Daniel has had a "
                      "statement queried by a district judge's clerk who could not tell "
                      "whether 03/02 meant February or March. Please make sure the system does "
                      "this everywhere.\n\nMargaret",
              "contrary": edit(ws,
                               "        footer.Append(Para($\"Statement of {w.FullName}\"));\n",
                               "        footer.Append(Para($\"Statement of {w.FullName}, dated "
                               "{w.StatementDate.ToString(\"d\")}\"));\n"),
              "follow": [edit(ws,
                              "        footer.Append(Para($\"Statement of {w.FullName}\"));\n",
                              "        footer.Append(Para($\"Statement of {w.FullName}, dated "
                              "{LegalDate.Long(w.StatementDate)}\"));\n"),
                         bash("dotnet test --filter FullyQualifiedName~WitnessStatement",
                              "  Determining projects to restore...\n  All projects are "
                              "up-to-date for restore.\n[xUnit.net 00:00:00.38]   Starting:    "
                              "Deedloom.Tests\n  Passed Deedloom.Tests.WitnessStatementTests."
                              "Footer_carries_statement_date [144 ms]\n\nPassed!  - Failed:     "
                              "0, Passed:     6, Skipped:     0, Total:     6")],
              "done": "The statement date is now in the footer as well as the heading, both "
                      "through LegalDate.Long(), so every page reads 'dated 2nd March 2026'. "
                      "The six witness statement tests pass."}),
        Fact("conv-register", "convention", ["precedents.json"],
             ["Priya has reworded paragraph 4 of the client care letter. Apart from replacing "
              "the template file itself, what else needs changing?",
              "if I swap in a new version of one of the standard templates is there some sort "
              "of register I have to update as well"],
             "deedloom: every change to a precedent template (the .docx files under "
             "Precedents/) bumps that template's version in precedents.json, the precedent "
             "register, and records the partner who approved the new wording in approved_by; "
             "the register test fails if a template changes without it.",
             {"task": "Priya has sent over the revised client care letter (the new price "
                      "transparency wording in paragraph 4). Please put it in place of the "
                      "current one; it is at ~/Downloads/client-care-letter-v7.docx.",
              "said": "Priya's done a new client care letter it's in my downloads folder "
                      "client care letter v7 can you swap it in for the current one and don't "
                      "forget the register Jason file has to go up a version with who approved "
                      "it which was Margaret otherwise we can't show which wording a client got",
              "rule": "whenever a precedent changes, its entry in precedents.json goes up a "
                      "version, with the approving partner in approved_by. Otherwise we cannot "
                      "say which wording a client received.",
              "from": MARGARET,
              "memo": "Dear Owen,\n\nFollowing last year's SRA visit we must be able to show "
                      "which version of any precedent went to a client on a given date. Every "
                      "change to a template is to be recorded in the register together with "
                      "the name of the partner who approved it. For the record, I approved "
                      "Priya's revised client care letter this morning.\n\nRegards,\nMargaret",
              "contrary": bash("cp ~/Downloads/client-care-letter-v7.docx "
                               "Precedents/client-care-letter.docx && git status --short",
                               " M Precedents/client-care-letter.docx"),
              "follow": [bash("cp ~/Downloads/client-care-letter-v7.docx "
                              "Precedents/client-care-letter.docx", ""),
                         edit("precedents.json",
                              "  \"client-care-letter\": { \"version\": 6, \"approved_by\": "
                              "\"Daniel Okonjo\", \"approved_on\": \"2025-09-12\" },\n",
                              "  \"client-care-letter\": { \"version\": 7, \"approved_by\": "
                              "\"Margaret Pryce\", \"approved_on\": \"2026-02-23\" },\n"),
                         bash("dotnet test --filter FullyQualifiedName~PrecedentRegister",
                              "  Passed Deedloom.Tests.PrecedentRegisterTests.Hashes_match_"
                              "register [61 ms]\n\nPassed!  - Failed:     0, Passed:     3, "
                              "Skipped:     0, Total:     3")],
              "done": "The revised letter is in Precedents/client-care-letter.docx and its "
                      "precedents.json entry is now version 7, approved_by Margaret Pryce, "
                      "today's date. The register test, which compares each template's hash "
                      "with precedents.json, passes."}),
        Fact("cmd-verify", "command", ["dotnet verify accept"],
             ["The snapshot tests fail because I deliberately changed the engagement letter. "
              "How do I approve all the new output in one go?",
              "I've got about thirty received files after the footer change how do I make "
              "them the approved versions"],
             "deedloom: after an intended change to generated documents, accept every pending "
             "Verify snapshot (the *.received.* files become *.verified.*) in one go with "
             "`dotnet verify accept -y` from the repository root (the verify.tool global "
             "tool); `dotnet test` has no accept switch.",
             {"goal": "The footer change has turned all the snapshot tests red, which is "
                      "expected. Please accept the new snapshots as the approved versions.",
              "said": "the footer change has made all the snapshot tests go red when I run dot "
                      "net test which is what I expected can you accept all the new snapshots so they're the approved "
                      "ones now",
              "fail": bash("dotnet test --accept",
                           "MSBUILD : error MSB1001: Unknown switch.\n    Full command line: "
                           "'/usr/local/share/dotnet/sdk/8.0.404/MSBuild.dll -maxcpucount "
                           "--verbosity:m -restore -target:VSTest --accept'\nSwitch: --accept",
                           1),
              "note": "dotnet test has no such switch. Verify leaves a *.received.* file next "
                      "to each *.verified.* one it disagrees with, and its command-line tool "
                      "(verify.tool, installed globally here) moves them over.",
              "ok": bash("dotnet verify accept -y",
                         "Accepting 31 pending snapshots\n  EngagementLetterTests.Renders_"
                         "standard.verified.docx\n  WitnessStatementTests.Footer_carries_"
                         "statement_date.verified.docx\n  ... (29 more)\nDone."),
              "done": "All 31 snapshots are accepted and dotnet test is green again.",
              "hint": (MARTIN, "Hi Owen,\n\nThere's no switch on dotnet test for that. The "
                               "Verify tool is installed globally on your machine (dotnet tool "
                               "install -g verify.tool if not); from the repo root `dotnet "
                               "verify accept -y` takes every pending received file.\n\n"
                               "Cheers,\nMartin"),
              "label": "accept changed document snapshots"}),
        Fact("cmd-publish", "command", ["PublishProfile=app01"],
             ["I have a fix for the assembly service that needs to go onto the server. What is "
              "the command that builds and deploys it?",
              "how do I publish the document service to the app server again the publish from "
              "the top folder keeps complaining about the output option"],
             "deedloom: deploy to the IIS server hl-app01 with `dotnet publish "
             "src/Deedloom.Api -c Release -p:PublishProfile=app01` (the app01 folder profile "
             "publishes win-x64 to the deploy share and takes the site offline while it "
             "copies); publishing the solution with -o fails with NETSDK1194.",
             {"goal": "Please publish the current main to the application server; the footer "
                      "change must be live before Daniel's bundle goes in on Thursday.",
              "said": "can you publish the latest to the app server the footer change needs "
                      "to be live before Daniel's bundle goes in on Thursday",
              "fail": bash("dotnet publish -c Release -o /Volumes/deploy/deedloom",
                           "/usr/local/share/dotnet/sdk/8.0.404/Sdks/Microsoft.NET.Sdk/targets/"
                           "Microsoft.NET.Sdk.Before.targets(114,5): error NETSDK1194: The "
                           "\"--output\" option isn't supported when building a solution. "
                           "Specifying a solution-level output path results in all projects "
                           "copying outputs to the same directory, which can lead to "
                           "inconsistent builds.", 1),
              "note": "Publishing the whole solution with -o is refused (NETSDK1194). The API "
                      "project has a folder publish profile, app01.pubxml, which targets "
                      "win-x64, writes to hl-app01's deploy share (mounted at "
                      "/Volumes/deploy) and drops app_offline.htm first so IIS lets go of the "
                      "DLLs.",
              "ok": bash("dotnet publish src/Deedloom.Api -c Release -p:PublishProfile=app01",
                         "  Deedloom.Api -> /Users/owen/src/deedloom/src/Deedloom.Api/bin/"
                         "Release/net8.0/win-x64/Deedloom.Api.dll\n  Deedloom.Api -> "
                         "/Volumes/deploy/deedloom/"),
              "done": "Published. The health endpoint on hl-app01 reports commit 4e1a9c2, the "
                      "footer change.",
              "hint": (MARTIN, "Owen,\n\nDon't use -o on the solution, .NET 8 refuses. There's "
                               "a publish profile for the server: `dotnet publish "
                               "src/Deedloom.Api -c Release -p:PublishProfile=app01`. It drops "
                               "app_offline.htm first so IIS releases the DLLs.\n\nMartin"),
              "label": "deploy to hl-app01"}),
        Fact("env-logs", "environment", ["D:\\Logs\\deedloom"],
             ["Where do I find the document service's log files on the server?",
              "the assembly service fell over at lunchtime where would its logs be on the app "
              "server"],
             "deedloom's logs on the server: Serilog writes daily rolling files to "
             "D:\\Logs\\deedloom on hl-app01 (deedloom-YYYYMMDD.log, 30 days kept); nothing goes "
             "to the Windows Event Log apart from IIS start-up failures.",
             {"goal": "Where does the document service write its logs on hl-app01?",
              "said": "where does the document service actually write its logs on the app "
                      "server I want to see what happened at lunchtime",
              "probe": [bash("grep -n -A4 '\"File\"' src/Deedloom.Api/appsettings.Production.json",
                             "14:        \"Name\": \"File\",\n15:        \"Args\": {\n16:"
                             "          \"path\": \"D:\\\\Logs\\\\deedloom\\\\deedloom-.log\",\n"
                             "17:          \"rollingInterval\": \"Day\",\n18:          "
                             "\"retainedFileCountLimit\": 30"),
                        bash("ssh hl-app01 powershell -NoProfile -c \"Get-ChildItem "
                             "D:\\Logs\\deedloom | Select-Object -Last 2 Name,Length\"",
                             "Name                  Length\n----                  ------\n"
                             "deedloom-20260223.log  88412\ndeedloom-20260224.log  40117")],
              "confirm": "Serilog writes daily files to D:\\Logs\\deedloom on hl-app01, named "
                         "deedloom-YYYYMMDD.log and kept for 30 days; today's is "
                         "deedloom-20260224.log. Nothing goes to the Event Log except IIS "
                         "start-up failures.",
              "guess": "The document service logs to the Windows event log on the app server "
                       "doesn't it",
              "asker": CRAIG,
              "asked": "Hi Owen,\n\nI'm setting up the backup exclusions and disk alerts on "
                       "hl-app01. Which folder does your document service write its logs to, "
                       "and how long does it keep them?\n\nThanks,\nCraig"}),
        Fact("env-pool", "environment", ["svc-deedloom"],
             ["Which Windows account does the assembly service run under on the server?",
              "Craig needs to know what user the document service runs as so he can give it "
              "access to the new share what do I tell him"],
             "deedloom runs on hl-app01 in the IIS application pool 'deedloom' under the group "
             "managed service account HARCOURT\\svc-deedloom$ (not ApplicationPoolIdentity); "
             "that is the account to grant share or database rights to.",
             {"goal": "Which account does the document service's application pool run as on "
                      "hl-app01?",
              "said": "which account does the document service run as on the app server is "
                      "it the app pool identity thing",
              "probe": [bash("ssh hl-app01 powershell -NoProfile -c \"Import-Module "
                             "WebAdministration; Get-ItemProperty IIS:\\AppPools\\deedloom "
                             "-Name processModel | Select-Object identityType,userName\"",
                             "identityType userName\n------------ --------\nSpecificUser "
                             "HARCOURT\\svc-deedloom$"),
                        bash("ssh hl-app01 powershell -NoProfile -c \"Test-ADServiceAccount "
                             "svc-deedloom\"", "True")],
              "confirm": "The deedloom application pool runs as the group managed service "
                         "account HARCOURT\\svc-deedloom$, not ApplicationPoolIdentity, and the "
                         "account is installed and working on hl-app01. Rights on the new "
                         "share should go to HARCOURT\\svc-deedloom$.",
              "guess": "The document service just runs as the default app pool identity",
              "asker": CRAIG,
              "asked": "Owen,\n\nWe're moving the precedents to a new share on hl-fs02 next "
                       "week. Which account does your document service run as, so I can give "
                       "it read access?\n\nCraig"}),
        Fact("gotcha-runs", "gotcha", ["proofErr"],
             ["A field in the new lease precedent isn't being filled in, although the name is "
              "right when I look at it in Word. What causes that?",
              "why would the merge leave a placeholder untouched in a template when it's spelt "
              "correctly in word"],
             "deedloom gotcha: Word splits a typed placeholder such as {{tenant_name}} across "
             "several runs (w:proofErr spell-check markers, a new rsid when it was retyped), so "
             "a placeholder that looks right in Word is never matched and stays in the output; "
             "TemplateNormaliser merges adjacent runs and drops proofErr before the merge.",
             {"symptom": "The new residential lease precedent comes out with {{tenant_name}} "
                         "left in the first paragraph, although the field is spelt correctly; "
                         "I have checked it letter by letter in Word.",
              "said": "the new lease precedent is coming out with the tenant name placeholder "
                      "still in it the curly brackets and everything and I've checked the "
                      "spelling in word about five times it's right",
              "trace": "warn: Deedloom.Api.Assembly.Merger[7]\n      Unfilled placeholder "
                       "remains in output: '{{tenant_name}}' (template residential-lease.docx, "
                       "paragraph 1)",
              "probe": [bash("unzip -p Precedents/residential-lease.docx word/document.xml | "
                             "grep -o '{{tenant_.\\{0,260\\}'",
                             "{{tenant_</w:t></w:r><w:proofErr w:type=\"spellStart\"/><w:r "
                             "w:rsidR=\"00A41F2C\"><w:t>name</w:t></w:r><w:proofErr "
                             "w:type=\"spellEnd\"/><w:r><w:t>}}</w:t></w:r>")],
              "explain": "Word has stored the placeholder as three separate runs, "
                         "'{{tenant_', 'name' and '}}', with w:proofErr spell-check markers "
                         "between them and a different rsid on the middle run from when it was "
                         "retyped. The merger looks for placeholders run by run, so "
                         "'{{tenant_name}}' never appears as one piece of text. The runs have "
                         "to be joined back up before the merge: merge adjacent runs with the "
                         "same formatting and drop the proofErr elements.",
              "fix": [edit(norm, "    public static void Normalise(Body body)\n    {\n",
                           "    public static void Normalise(Body body)\n    {\n        // Word "
                           "splits typed placeholders across runs (spell-check proofErr marks,\n"
                           "        // rsids): drop the marks and merge runs with identical "
                           "formatting.\n        foreach (var p in body.Descendants<ProofError>()"
                           ".ToList()) p.Remove();\n        MergeAdjacentRuns(body);\n"),
                      bash("dotnet test --filter FullyQualifiedName~TemplateNormaliser",
                           "  Passed Deedloom.Tests.TemplateNormaliserTests.Placeholder_split_"
                           "by_proofErr_is_filled [38 ms]\n\nPassed!  - Failed:     0, Passed:"
                           "     4, Skipped:     0, Total:     4")],
              "done": "The lease now fills tenant_name. TemplateNormaliser runs on every "
                      "template before the merge, and there is a test for a placeholder split "
                      "by proofErr marks.",
              "repro": "dotnet test --filter FullyQualifiedName~PrecedentSmokeTests "
                       "--logger 'console;verbosity=detailed'",
              "hunch": ("It may be the lease's field map rather than the document. Checking "
                        "that tenant_name is mapped.",
                        bash("grep -n tenant_name Precedents/residential-lease.fields.json",
                             "3:  \"tenant_name\": { \"source\": \"matter.client.full_name\" "
                             "},")),
              "told": "Word has broken the placeholder into several pieces inside the file",
              "panic": (RUTH, "Owen,\n\nThe tenancy agreement for Mr and Mrs Adeyemi went out "
                              "this morning with {{tenant_name}} in the first line. Tom "
                              "noticed before they signed, thankfully. Please can this not "
                              "happen again.\n\nRuth")}),
        Fact("gotcha-ids", "gotcha", ["docPr"],
             ["The statement with three people signing opens with a message about unreadable "
              "content. What was behind that?",
              "word keeps offering to recover the contents whenever a document has more than "
              "one signature box what was the cause"],
             "deedloom gotcha: cloning the signature block (with its signature-line image) for "
             "each signatory duplicated the drawing's wp:docPr id, so Word said it 'found "
             "unreadable content' and offered to recover the document; SignatureBlock.Clone now "
             "gives every docPr a new unique id.",
             {"symptom": "Any document with more than one signatory now opens in Word with "
                         "'Word found unreadable content' and an offer to recover the "
                         "contents. With a single signatory it is fine.",
              "said": "any document with more than one signatory now opens in word with the "
                      "unreadable content message and asks if you want to recover it with one "
                      "signatory it's fine",
              "trace": "DocCheck out/witness-statement-marchetti.docx\n  ERROR duplicate "
                       "drawing id: wp:docPr id=\"1\" appears 3 times (word/document.xml)\n  "
                       "1 error(s)",
              "probe": [bash("unzip -p out/witness-statement-marchetti.docx word/document.xml "
                             "| grep -o '<wp:docPr id=\"[0-9]*\"' | sort | uniq -c",
                             "      3 <wp:docPr id=\"1\""),
                        read(sig,
                             "    public static Table Clone(Table template, Signatory s)\n    {"
                             "\n        var copy = (Table)template.CloneNode(true);\n        "
                             "Fill(copy, s);\n        return copy;\n    }\n")],
              "explain": "Each signatory's block is a deep clone of the first one, signature-"
                         "line picture included, and a clone keeps the picture's wp:docPr id. "
                         "Word needs every drawing's docPr id to be unique in the document; "
                         "with three copies of id 1 it decides the file is damaged, reports "
                         "unreadable content and offers to repair it. One signatory means one "
                         "drawing, so that case was fine. Clone has to give each docPr a fresh "
                         "id.",
              "fix": [edit(sig,
                           "        var copy = (Table)template.CloneNode(true);\n",
                           "        var copy = (Table)template.CloneNode(true);\n        // "
                           "every drawing needs its own wp:docPr id or Word calls the file "
                           "corrupt\n        foreach (var d in copy.Descendants<DocProperties>"
                           "())\n            d.Id = DrawingIds.Next();\n"),
                      bash("dotnet test --filter FullyQualifiedName~SignatureBlock",
                           "  Passed Deedloom.Tests.SignatureBlockTests.Three_signatories_have_"
                           "unique_drawing_ids [52 ms]\n\nPassed!  - Failed:     0, Passed:     "
                           "5, Skipped:     0, Total:     5")],
              "done": "The Marchetti statement opens cleanly now: its three docPr ids are 1, 2 "
                      "and 3, and DocCheck reports no errors.",
              "repro": "dotnet run --project tools/DocCheck -- out/",
              "hunch": ("First thought: the Open XML SDK upgrade changed something. Checking "
                        "the version we build with.",
                        bash("dotnet list src/Deedloom.Api package | grep OpenXml",
                             "   > DocumentFormat.OpenXml      3.1.0       3.1.0")),
              "told": "two of the pictures inside the file have the same ID number",
              "panic": (DANIEL, "Owen,\n\nThe witness statement for the Marchetti claim (three "
                                "witnesses signing) opens with an error saying Word found "
                                "unreadable content. I am not filing something that has to be "
                                "'recovered'. The bundle is due on Thursday.\n\nDaniel")}),
        Fact("fals-word", "falsified", ["Interop"],
             ["Why don't we have Microsoft Word itself produce the documents on the server? "
              "Surely the layout would then be exactly right.",
              "did somebody once try running actual word on the app server to make the "
              "documents and what happened"],
             "deedloom: having Microsoft Word itself render documents on the server (Office "
             "automation through Microsoft.Office.Interop.Word) was tried and abandoned — "
             "Microsoft doesn't support Office automation from a service; under the IIS app "
             "pool Word failed to start or hung, WINWORD.EXE processes piled up and the server "
             "ran out of memory; documents are built with the Open XML SDK only.",
             {"ask": "The numbered paragraphs in the lease still restart slightly differently "
                     "from how Word does it by hand. Could we try having Word itself render the "
                     "documents on the server - open the template, fill it and save - and see "
                     "whether the numbering comes out right?",
              "change": [bash("dotnet add src/Deedloom.Api package Microsoft.Office.Interop.Word "
                              "--version 15.0.4797.1004",
                              "info : PackageReference for package 'Microsoft.Office.Interop."
                              "Word' version '15.0.4797.1004' added to file 'src/Deedloom.Api/"
                              "Deedloom.Api.csproj'."),
                         write("src/Deedloom.Api/Rendering/WordRenderer.cs",
                               "using Word = Microsoft.Office.Interop.Word;\n\nnamespace "
                               "Deedloom.Api.Rendering;\n\npublic sealed class WordRenderer\n{\n"
                               "    public void Render(string template, string output, "
                               "IDictionary<string, string> fields)\n    {\n        var app = "
                               "new Word.Application { Visible = false };\n        var doc = "
                               "app.Documents.Open(template);\n        Fill(doc, fields);\n"
                               "        doc.SaveAs2(output);\n        app.Quit();\n    }\n}\n")],
              "broke": bash("ssh hl-app01 powershell -NoProfile -c \"Invoke-RestMethod "
                            "-Method Post http://localhost/deedloom/render/test-lease; "
                            "(Get-Process WINWORD -ErrorAction SilentlyContinue).Count\"",
                            "Invoke-RestMethod : {\"title\":\"Internal Server Error\",\"detail\":"
                            "\"System.Runtime.InteropServices.COMException (0x80080005): "
                            "Retrieving the COM class factory for component with CLSID "
                            "{000209FF-0000-0000-C000-000000000046} failed due to the following "
                            "error: 80080005 Server execution failed\"}\n4", 1),
              "revert": bash("git checkout -- src/Deedloom.Api/Deedloom.Api.csproj && rm "
                             "src/Deedloom.Api/Rendering/WordRenderer.cs && ssh hl-app01 "
                             "powershell -c \"Stop-Process -Name WINWORD -Force\" && git status "
                             "--short", ""),
              "conclusion": "Documents stay on the Open XML SDK. Driving Word through "
                            "Microsoft.Office.Interop.Word from a service isn't supported by "
                            "Microsoft: under the IIS app pool there is no interactive desktop, "
                            "Word's COM server fails to start or hangs, and each failed render "
                            "leaves a WINWORD.EXE process behind until the server runs out of "
                            "memory. The numbering restarts get fixed in the numbering part "
                            "instead.",
              "want": "Honestly the numbering would just be right if Word made the documents "
                      "itself couldn't we run Word on the server and let it do the merge",
              "offer": "That's possible: Word's object model, over COM, can open the template, "
                       "fill the content controls and save, so the layout would be Word's own. "
                       "It needs Word installed on hl-app01. Shall I set it up?",
              "story": "Martin did exactly that in 2023 with the Word interop library. Office "
                       "automation isn't supported from a service, Word kept hanging under the "
                       "app pool, and one Monday there were forty WINWORD processes and the "
                       "server had run out of memory. Craig had to reboot it on a completion "
                       "day.",
              "title": "Rendering documents with Word automation on the server",
              "pitch": (MARGARET, "Owen,\n\nRuth tells me the paragraph numbering on the lease "
                                  "is still not quite right. Would it not be simpler to have "
                                  "Word itself produce the documents, since that is what we all "
                                  "use? I would rather pay for another Office licence than have "
                                  "lawyers correcting numbering by hand.\n\nM")}),
        Fact("fals-pdf", "falsified", ["LibreOffice"],
             ["Is there a reason we don't produce the PDFs for court automatically on the "
              "server when a document is generated?",
              "has anyone tried converting the generated word files to PDF automatically as "
              "part of the assembly"],
             "deedloom: converting generated .docx files to PDF on the server with LibreOffice "
             "(soffice --headless --convert-to pdf) was tried and dropped — it substituted the "
             "firm's fonts (Book Antiqua) and re-flowed the pages, so page counts and "
             "paragraph/page references no longer matched the Word original; fee earners save "
             "the PDF for court from Word themselves.",
             {"ask": "court way only takes PDFs so can you make the service produce a PDF as "
                     "well as the word document use LibreOffice headless or something and try it "
                     "on the Marchetti statement and compare it with the one Tom saved out of "
                     "word",
              "change": [bash("brew install --cask libreoffice",
                              "==> Downloading https://download.documentfoundation.org/"
                              "libreoffice/stable/24.8.4/mac/aarch64/LibreOffice_24.8.4_MacOS_"
                              "aarch64.dmg\n🍺  libreoffice was successfully installed!"),
                         edit(program,
                              "app.MapPost(\"/render/{precedent}\", Render.Docx);\n",
                              "app.MapPost(\"/render/{precedent}\", Render.Docx);\n"
                              "app.MapPost(\"/render/{precedent}/pdf\", Render.PdfViaSoffice);"
                              "\n")],
              "broke": bash("dotnet test --filter Category=PdfParity",
                            "  Failed Deedloom.Tests.PdfParityTests.Statement_matches_word_"
                            "export [4 s]\n  Error Message:\n   page count: expected 7 (Word), "
                            "got 9\n   font substitution: 'Book Antiqua' -> 'DejaVu Serif'\n   "
                            "paragraph 14 starts on page 6 (Word: page 5)\n\nFailed!  - "
                            "Failed:     1, Passed:     0, Skipped:     0, Total:     1", 1),
              "revert": bash("git checkout -- src/Deedloom.Api/Program.cs && git status "
                             "--short", ""),
              "conclusion": "No PDF conversion on the server. LibreOffice substitutes fonts it "
                            "doesn't have (Book Antiqua became DejaVu Serif) and lays the pages "
                            "out its own way, so a seven-page statement came out at nine and the "
                            "paragraph and page references stopped matching the Word original. "
                            "Fee earners save the PDF from Word, as before.",
              "want": "Courtway will only take PDFs. Could the service not simply produce the "
                      "PDF at the same time as the Word document?",
              "offer": "I could add a PDF endpoint that runs LibreOffice headless (soffice "
                       "--convert-to pdf) on the generated .docx, so each render returns both. "
                       "Want me to?",
              "story": "last spring Martin had LibreOffice converting on the "
                       "server and the fonts got swapped because it hasn't got Book Antiqua so "
                       "a seven page statement came out at nine pages and the page references "
                       "in Daniel's skeleton argument pointed at the wrong pages he was not "
                       "amused",
              "title": "Server-side PDF conversion with LibreOffice",
              "pitch": (DANIEL, "Owen,\n\nCourtway will only take PDFs. Could the system not "
                                "produce the PDF at the same time as the Word document? It "
                                "would save the trainees an hour a day.\n\nDaniel")}),
    ]
    chatter = [
        "  Determining projects to restore...",
        "  All projects are up-to-date for restore.",
        "  Deedloom.Api -> /Users/owen/src/deedloom/src/Deedloom.Api/bin/Debug/net8.0/"
        "Deedloom.Api.dll",
        "[xUnit.net 00:00:00.41]   Starting:    Deedloom.Tests",
        "  Passed Deedloom.Tests.EngagementLetterTests.Renders_standard [212 ms]",
        "  Passed Deedloom.Tests.ClientCareLetterTests.Fee_table_has_vat_column [97 ms]",
        "  Passed Deedloom.Tests.PrecedentSmokeTests.Letter_before_action [130 ms]",
        "info: Deedloom.Api.Render[0]",
        "      Rendering client-care-letter for matter HL-2025-0412",
        "info: Microsoft.Hosting.Lifetime[14]",
        "      Now listening on: http://localhost:5180",
        "  Passed Deedloom.Tests.PrecedentSmokeTests.Residential_lease_short_form [188 ms]",
        "[xUnit.net 00:00:02.97]   Finished:    Deedloom.Tests",
        "checking out/letter-before-action-okafor.docx ... ok",
    ]
    noise: list[Episode] = [
        look("What does the engagement letter do when there's no fixed fee on the matter?",
             "src/Deedloom.Api/Assembly/EngagementLetterAssembler.cs",
             "        if (matter.FixedFee is null)\n        {\n            RemoveBlock(doc, "
             "\"fixed-fee\");\n            KeepBlock(doc, \"hourly-rates\");\n        }\n",
             "It drops the fixed-fee block and keeps the hourly-rates block, so the letter "
             "explains charging by the hour instead."),
        find("where do we read the fee earner's direct dial from", "DirectDial",
             ["src/Deedloom.Api/Matters/FeeEarner.cs",
              "src/Deedloom.Api/Assembly/LetterheadBlock.cs"],
             "FeeEarner.cs maps it from the matter API and LetterheadBlock.cs puts it under the "
             "fee earner's name in the letterhead."),
        tweak("the letterhead still says Solicitors and Notaries we haven't had a notary "
              "since Geoffrey retired can you take that out",
              "src/Deedloom.Api/Assembly/LetterheadBlock.cs",
              "    const string Strapline = \"Solicitors and Notaries\";",
              "    const string Strapline = \"Solicitors\";",
              "Done: the strapline now just says Solicitors."),
        run("How many precedents are there in the folder at the moment?",
            "ls Precedents/*.docx | wc -l", "      38",
            "38 .docx precedents."),
        talk("whats the difference between a content control and a merge field in word in "
             "simple terms",
             "A merge field is an instruction Word evaluates when it runs a mail merge: it's a "
             "field code with a name, and the result is just text. A content control is a "
             "named, typed box in the document (plain text, date, drop-down, repeating "
             "section) with a tag code can find; it survives editing better and can hold "
             "structure, which is why assembly tools prefer them."),
        steps("what's changed since the last deploy and is it all pushed up to get hub",
              [bash("git fetch -q && git status -sb | head -1 && git log --oneline -5",
                    "## main...origin/main\n4e1a9c2 witness statement: date in footer\n91bd0e7 "
                    "letterhead: drop notaries\n2c70f5a engagement letter: hourly rates block\n"
                    "0a9e613 ci: cache nuget packages\n7d41c2b tests: letter before action "
                    "smoke test")],
              "Everything is pushed: main is level with origin/main on GitHub. The last five "
              "commits are the footer date, the letterhead strapline, the hourly-rates block, a "
              "CI cache tweak and a new smoke test."),
        [Step(prompt="Before go-live I need a list of the precedents Courtway affects. Please "
                     "make me a to-do list: witness statement, statement of case, letter "
                     "before action, and the N244 cover letter."),
         Step(tools=[todo_write([("Witness statement: page footer", "pending",
                                  "Updating the witness statement"),
                                 ("Statement of case: header block", "pending",
                                  "Updating the statement of case"),
                                 ("Letter before action: Courtway wording", "pending",
                                  "Updating the letter before action"),
                                 ("N244 cover letter", "pending", "Updating the N244 letter")])]),
         Step(text="Four items on the list."),
         Step(prompt="the witness statement ones done mark it off"),
         Step(tools=[todo_write([("Witness statement: page footer", "completed",
                                  "Updating the witness statement"),
                                 ("Statement of case: header block", "pending",
                                  "Updating the statement of case"),
                                 ("Letter before action: Courtway wording", "pending",
                                  "Updating the letter before action"),
                                 ("N244 cover letter", "pending", "Updating the N244 letter")])]),
         Step(text="Marked the witness statement as done; three to go.")],
        steps("Are there any precedents that still use old-style mail merge fields instead of "
              "content controls?",
              [agent("Find legacy merge fields",
                     "Look through every .docx under Precedents/ and list the ones whose "
                     "word/document.xml still contains MERGEFIELD instructions, with a count "
                     "per file.",
                     "Two files still use MERGEFIELD: Precedents/statutory-declaration.docx (4 "
                     "fields) and Precedents/power-of-attorney-cover.docx (2 fields). Every "
                     "other precedent uses content controls only.",
                     "a6f09c21d7e4", "Explore", 6)],
              "Two: the statutory declaration (four merge fields) and the power of attorney "
              "cover letter (two). Everything else uses content controls."),
    ]
    return Project(
        "deedloom", "git@github.com:harcourt-lyle/deedloom.git",
        _files("deedloom", "Harcourt Lyle's document-assembly service: fills the firm's Word "
                           "precedents for a matter.",
               {"Deedloom.sln": "Microsoft Visual Studio Solution File, Format Version 12.00\n",
                "src/Deedloom.Api/Deedloom.Api.csproj":
                    "<Project Sdk=\"Microsoft.NET.Sdk.Web\">\n  <PropertyGroup>\n    "
                    "<TargetFramework>net8.0</TargetFramework>\n  </PropertyGroup>\n"
                    "</Project>\n"}),
        _equip(facts, mates=["Priya", "Martin"], chatter=chatter),
        noise, "github")


# ------------------------------------------------------------------- sealpost
def sealpost() -> Project:
    pkg = "src/main/java/uk/co/harcourtlyle/sealpost"
    listener = f"{pkg}/bundles/BundleReadyListener.java"
    envelope = f"{pkg}/filing/EnvelopeBuilder.java"
    gateway = f"{pkg}/filing/FilingGateway.java"
    mapper = f"{pkg}/status/StatusMapper.java"
    unit = "deploy/sealpost.service"
    facts = [
        Fact("conv-signoff", "convention", ["AWAITING_SIGNOFF"],
             ["The Marchetti bundle is assembled. Can the integration send it to the court the "
              "moment it's ready?",
              "what has to happen on our side before a filing actually goes off to the court"],
             "sealpost (the Courtway e-filing integration): before any filing goes off to the "
             "court, a qualified fee earner has to sign it off — a ready bundle only creates a "
             "submission in the AWAITING_SIGNOFF state, and the sender files it with the court "
             "once a fee earner has approved it (signed_off_by set); nothing is ever sent to "
             "the court automatically the moment it is ready.",
             {"task": "Now that bundles can be marked ready, please wire the ready event up to "
                      "the Courtway submission.",
              "said": "now the bundle assembler works can you wire it up so when a bundle is "
                      "marked ready it goes to court way but it must not actually go until a "
                      "solicitor has signed it off so it has to sit and weight for the sign off "
                      "first there's a state for that",
              "rule": "nothing goes to the court without a solicitor's sign-off. A new "
                      "submission waits in AWAITING_SIGNOFF until a fee earner approves it on "
                      "the case screen, and only then does the sender pick it up.",
              "from": DANIEL,
              "memo": "Owen,\n\nOne point I want to be completely clear about before Courtway "
                      "goes live: no document is to be filed by the system without a qualified "
                      "fee earner having approved it. The court treats a filing as made by the "
                      "firm, and if the wrong version goes in it is my name on the statement "
                      "of truth. Please make sure the system cannot send anything that hasn't "
                      "been signed off.\n\nDaniel",
              "contrary": edit(listener,
                               "    public void onReady(Bundle bundle) {\n        log.info("
                               "\"bundle {} ready\", bundle.id());\n",
                               "    public void onReady(Bundle bundle) {\n        log.info("
                               "\"bundle {} ready\", bundle.id());\n        filingClient."
                               "submit(bundle);\n"),
              "follow": [edit(listener,
                              "    public void onReady(Bundle bundle) {\n        log.info("
                              "\"bundle {} ready\", bundle.id());\n",
                              "    public void onReady(Bundle bundle) {\n        log.info("
                              "\"bundle {} ready\", bundle.id());\n        // nothing is filed "
                              "without a fee earner's sign-off\n        submissions.create("
                              "bundle, SubmissionState.AWAITING_SIGNOFF);\n"),
                         bash("./mvnw -q test -Dtest=SubmissionFlowTest",
                              "[INFO] Tests run: 6, Failures: 0, Errors: 0, Skipped: 0, Time "
                              "elapsed: 1.208 s - in uk.co.harcourtlyle.sealpost."
                              "SubmissionFlowTest")],
              "done": "A ready bundle now creates a submission in AWAITING_SIGNOFF and stops "
                      "there; the sender only picks up submissions with signed_off_by set. The "
                      "flow test checks that a ready bundle is never sent by itself."}),
        Fact("conv-ref", "convention", ["ClientSubmissionRef"],
             ["If the court's gateway times out in the middle of a filing and we send it again, "
              "what stops it being filed twice?",
              "how is the reference we give the court for each submission worked out"],
             "sealpost: the reference we give the court with each submission, the "
             "ClientSubmissionRef, is worked out from the matter number plus the bundle's "
             "SHA-256 (SubmissionRefs.of), never a random UUID — so if the court's gateway times "
             "out mid-filing and we send the same bundle again, it carries the same reference "
             "and Courtway returns the original receipt instead of filing it twice (and "
             "charging the fee twice).",
             {"task": "Please fill in the submission reference in EnvelopeBuilder for the v2 "
                      "SOAP call; the new WSDL makes it mandatory.",
              "said": "can you fill in the submission reference in the envelope builder the "
                      "new wisdom file makes it mandatory and make it out of the matter number "
                      "and a hash of the bundle not a random one because if we resend after a "
                      "time out the court uses it to spot the duplicate otherwise it gets "
                      "filed twice and we pay twice",
              "rule": "the reference must be built from the matter number and a hash of the "
                      "bundle, never a random UUID. If we resend the same bundle after a "
                      "timeout, the court uses that reference to recognise the duplicate; "
                      "otherwise it is filed twice and we pay the fee twice.",
              "from": BULLETIN,
              "memo": "3. Repeated submissions\n\nThe ClientSubmissionRef supplied by the filer "
                      "is used to detect repeated submissions. A submission bearing a "
                      "ClientSubmissionRef already received from the same filer within 72 "
                      "hours is not filed again; the receipt for the original is returned. "
                      "Filers should therefore derive the reference from the content being "
                      "filed rather than generating a new value for each attempt. Fees are "
                      "charged per accepted submission.",
              "contrary": edit(envelope,
                               "            .clientSubmissionRef(null) // TODO\n",
                               "            .clientSubmissionRef(UUID.randomUUID().toString())"
                               "\n"),
              "follow": [edit(envelope,
                              "            .clientSubmissionRef(null) // TODO\n",
                              "            // same bundle, same reference: Courtway "
                              "de-duplicates on it\n            .clientSubmissionRef("
                              "SubmissionRefs.of(matter.number(), bundle.sha256()))\n"),
                         bash("./mvnw -q test -Dtest=EnvelopeBuilderTest",
                              "[INFO] Tests run: 5, Failures: 0, Errors: 0, Skipped: 0, Time "
                              "elapsed: 0.377 s - in uk.co.harcourtlyle.sealpost.filing."
                              "EnvelopeBuilderTest")],
              "done": "The envelope's ClientSubmissionRef is now SubmissionRefs.of(matter "
                      "number, bundle SHA-256), e.g. HL-2024-0193-5f0c1e9a, so a resent bundle "
                      "carries the same reference and Courtway hands back the original receipt "
                      "rather than filing it again."}),
        Fact("cmd-wsdl", "command", ["mvnw -Pwsdl"],
             ["Courtway have published a new version of their service definition. How do I "
              "regenerate our client classes from it?",
              "after a clean the compile says the court's filing package doesn't exist what do "
              "I run to get the generated soap classes back"],
             "sealpost: the SOAP client classes (uk.courtway.filing.v2) are generated from the "
             "Courtway WSDL by cxf-codegen-plugin only in the Maven profile 'wsdl': run "
             "`./mvnw -Pwsdl generate-sources` after a clean or when Courtway publish a new "
             "WSDL; an ordinary compile doesn't generate them.",
             {"goal": "Courtway have issued WSDL 2.3. Please regenerate our client from it and "
                      "check that everything still compiles.",
              "said": "court way have put out a new wisdom file version 2.3 can you regenerate "
                      "the client from it and make sure it all still compiles",
              "fail": bash("./mvnw clean compile",
                           "[INFO] --- compiler:3.13.0:compile (default-compile) @ sealpost ---"
                           "\n[ERROR] /Users/owen/src/sealpost/src/main/java/uk/co/harcourtlyle/"
                           "sealpost/filing/FilingGateway.java:[12,31] package "
                           "uk.courtway.filing.v2 does not exist\n[ERROR] cannot find symbol\n"
                           "  symbol:   class FilingServicePort\n[INFO] BUILD FAILURE", 1),
              "note": "The generated client isn't part of the ordinary build: pom.xml binds "
                      "cxf-codegen-plugin only inside a profile called wsdl, so everyday builds "
                      "don't need the WSDL, and clean wiped target/generated-sources.",
              "ok": bash("./mvnw -Pwsdl generate-sources && ./mvnw -q compile",
                         "[INFO] --- cxf-codegen:4.0.5:wsdl2java (generate-courtway) @ sealpost "
                         "---\n[INFO] Generating from wsdl/courtway-filing-v2.3.wsdl\n[INFO] "
                         "BUILD SUCCESS"),
              "done": "Regenerated from courtway-filing-v2.3.wsdl and it compiles; the new "
                      "optional HearingDate element is on FilingEnvelope.",
              "hint": (MARTIN, "Owen,\n\nThe generated classes only come from the wsdl "
                               "profile; I didn't want every build depending on the WSDL. "
                               "`./mvnw -Pwsdl generate-sources`, then build as normal.\n\n"
                               "Martin"),
              "label": "regenerate the Courtway SOAP client"}),
        Fact("cmd-p12", "command", ["pkcs12 -legacy"],
             ["I need to see when our court certificate expires but openssl won't open the "
              ".p12 file. What's the trick?",
              "openssl says unsupported algorithm when I try to read the court certificate "
              "what do I type instead"],
             "sealpost: the court-issued client certificate bundle (.p12) uses old RC2-40 "
             "encryption, which OpenSSL 3 refuses ('unsupported ... RC2-40-CBC'); read it with "
             "`openssl pkcs12 -legacy -in certs/hl-courtway.p12 -nokeys | openssl x509 -noout "
             "-enddate`.",
             {"goal": "Please check when our Courtway client certificate expires; it is "
                      "certs/hl-courtway.p12 and the password is in COURTWAY_P12_PASS.",
              "said": "can you check when our court certificate runs out it's the P twelve "
                      "file in certs and the password's in the environment variable",
              "fail": bash("openssl pkcs12 -in certs/hl-courtway.p12 -nokeys -passin "
                           "env:COURTWAY_P12_PASS | openssl x509 -noout -enddate",
                           "Error outputting keys and certificates\n40E7B1F8:error:0308010C:"
                           "digital envelope routines:inner_evp_generic_fetch:unsupported:"
                           "crypto/evp/evp_fetch.c:355:Global default library context, "
                           "Algorithm (RC2-40-CBC : 0), Properties ()\nCould not read "
                           "certificate from <stdin>\nUnable to load certificate", 1),
              "note": "The court issued the .p12 with RC2-40 encryption, which OpenSSL 3 will "
                      "only read through its legacy provider.",
              "ok": bash("openssl pkcs12 -legacy -in certs/hl-courtway.p12 -nokeys -passin "
                         "env:COURTWAY_P12_PASS | openssl x509 -noout -subject -enddate",
                         "subject=C = GB, O = Harcourt Lyle LLP, OU = Courtway Filer, CN = "
                         "HARCOURT-LYLE-FILER-0193\nnotAfter=Mar 31 23:59:59 2027 GMT"),
              "done": "It's the firm's filer certificate (CN HARCOURT-LYLE-FILER-0193), valid "
                      "until 31 March 2027.",
              "hint": (CRAIG, "Hi Owen,\n\nThe court's .p12 files are in the old format; with "
                              "OpenSSL 3 you need -legacy: `openssl pkcs12 -legacy -in "
                              "hl-courtway.p12 -nokeys`.\n\nRegards,\nCraig"),
              "label": "read the court certificate's expiry"}),
        Fact("env-pba", "environment", ["PBA0734125"],
             ["Which of the firm's accounts are Courtway's court fees charged to?",
              "Helen is asking which fee account number the court takes the filing fees from"],
             "sealpost: the court takes Courtway filing fees from the firm's fee account, "
             "Payment by Account number PBA0734125 ('HARCOURT LYLE LLP - OFFICE', organisation "
             "ORG-44871), set as COURTWAY_PBA in /etc/sealpost/sealpost.env on hl-efile01 — "
             "court fees are charged to that PBA account, not to a card.",
             {"goal": "Which PBA account do our filings charge the court fees to? I should "
                      "like to be certain before the first live filing on Monday.",
              "said": "which account does court way take the court fees from when we file I "
                      "want to be sure before Monday",
              "probe": [bash("ssh hl-efile01 'sudo grep -E \"^COURTWAY_(ORG|PBA)\" "
                             "/etc/sealpost/sealpost.env'",
                             "COURTWAY_ORG=ORG-44871\nCOURTWAY_PBA=PBA0734125"),
                        bash("./mvnw -q exec:java -Dexec.mainClass=uk.co.harcourtlyle.sealpost."
                             "tools.ListAccounts",
                             "ORG-44871  PBA0734125  HARCOURT LYLE LLP - OFFICE  ACTIVE")],
              "confirm": "Court fees are charged by Payment by Account to PBA0734125, which "
                         "Courtway lists as 'HARCOURT LYLE LLP - OFFICE' (active) under the "
                         "firm's organisation ORG-44871. It's COURTWAY_PBA in "
                         "/etc/sealpost/sealpost.env on hl-efile01.",
              "guess": "The fees go on the firm's credit card the one Sunita keeps",
              "asker": HELEN,
              "asked": "Dear Owen,\n\nWhen the new court system starts taking fees, which "
                       "account will they be drawn from? I need to set up the reconciliation "
                       "before the month end.\n\nMany thanks,\nHelen"}),
        Fact("env-ip", "environment", ["212.69.41.86"],
             ["The court's service desk wants the IP address our filings come from. What do I "
              "tell them?",
              "what public address does the filing server go out to the internet on"],
             "sealpost's traffic to Courtway leaves from 212.69.41.86, the firm's static IP on "
             "the office leased line (hl-efile01 goes out through the office firewall's NAT, "
             "not Northgate's data centre); that is the address on Courtway's allow list.",
             {"goal": "Which public IP address do our filings reach Courtway from?",
              "said": "what IP address does the filing server go out on court way need it for "
                      "their allow list",
              "probe": [bash("ssh hl-efile01 'curl -s https://ifconfig.me; echo; ip route | "
                             "head -1'",
                             "212.69.41.86\ndefault via 10.20.0.1 dev eth0 proto static"),
                        bash("ssh hl-efile01 'curl -s -o /dev/null -w \"%{http_code}\\n\" "
                             "https://uat-gw.courtway.courtsdigital.uk/filing/v2?wsdl'", "200")],
              "confirm": "Filings leave from 212.69.41.86: hl-efile01 routes through the office "
                         "firewall (10.20.0.1), which NATs everything to the firm's static "
                         "address on the leased line. That's the one for Courtway's allow "
                         "list.",
              "guess": "The filing server goes out through Northgate's data centre so it'll be "
                       "their IP address",
              "asker": DESK,
              "asked": "Dear Filer,\n\nAhead of live service, please confirm the public IP "
                       "address(es) from which your organisation will connect to the Courtway "
                       "gateway so that they can be added to the allow list.\n\nCourtway "
                       "Service Desk"}),
        Fact("gotcha-mtom", "gotcha", ["MTOM"],
             ["Large bundles are refused by the court's gateway with a 413 while small ones go "
              "through. What was the cause?",
              "why did the bigger filings fail with request entity too large when the bundle "
              "was well under the court's size limit"],
             "sealpost gotcha: with MTOM off, the CXF client sends the bundle PDFs base64-"
             "inlined in the SOAP body (a third larger), so a 19.6 MB bundle became a 26 MB "
             "request and Courtway answered 413 Request Entity Too Large; FilingGateway enables "
             "MTOM (SOAPBinding.setMTOMEnabled(true)) so attachments go as binary MIME parts.",
             {"symptom": "The Marchetti bundle is being rejected by Courtway's UAT gateway "
                         "with a 413. It is 19.6 MB, and their limit is 25 MB.",
              "said": "the Marchetti bundle keeps getting rejected by court way with a 413 "
                      "it's only 19 and a half meg and the the limit is 25",
              "trace": "jakarta.xml.ws.WebServiceException: Could not send Message.\n\tat "
                       "org.apache.cxf.jaxws.JaxWsClientProxy.invoke(JaxWsClientProxy.java:"
                       "183)\nCaused by: org.apache.cxf.transport.http.HTTPException: HTTP "
                       "response '413: Request Entity Too Large' when communicating with "
                       "https://uat-gw.courtway.courtsdigital.uk/filing/v2",
              "probe": [bash("grep -m1 -E 'Content-(Type|Length)' logs/cxf-outbound.log",
                             "Content-Type: text/xml; charset=UTF-8  Content-Length: 26197716"),
                        bash("du -cb out/bundles/HL-2024-0188/*.pdf | tail -1",
                             "19634201\ttotal")],
              "explain": "The PDFs add up to 19.6 MB, but the request on the wire is 26.2 MB and "
                         "plain text/xml: without MTOM, CXF base64-encodes the attachments into "
                         "the SOAP body, which adds a third. Courtway's WSDL declares the "
                         "document element as base64Binary with an expected content type, i.e. "
                         "it expects MTOM; once the client switches MTOM on, the PDFs travel as "
                         "binary MIME parts and the request is roughly the size of the bundle.",
              "fix": [edit(gateway,
                           "        FilingServicePort port = service.getFilingServicePort();\n",
                           "        FilingServicePort port = service.getFilingServicePort();\n"
                           "        // send documents as binary MIME parts, not base64 in the "
                           "body\n        ((SOAPBinding) ((BindingProvider) port).getBinding())"
                           ".setMTOMEnabled(true);\n"),
                      bash("./mvnw -q verify -Dit.test=LargeBundleIT",
                           "[INFO] Tests run: 2, Failures: 0, Errors: 0, Skipped: 0 - in "
                           "uk.co.harcourtlyle.sealpost.LargeBundleIT")],
              "done": "The Marchetti bundle went through UAT: a 19.7 MB multipart request, "
                      "receipt CW-UAT-55120.",
              "repro": "./mvnw -q verify -Dit.test=LargeBundleIT -Dcourtway.env=uat",
              "hunch": ("Could be the office proxy capping request size. Sending a large dummy "
                        "body through it to a test endpoint.",
                        bash("head -c 30000000 /dev/zero | curl -s -o /dev/null -w "
                             "'%{http_code}\\n' -x http://proxy.harcourtlyle.local:3128 "
                             "--data-binary @- https://httpbin.org/post", "200")),
              "told": "the PDFs are going inside the XML as text and that makes them bigger",
              "panic": (DANIEL, "Owen,\n\nCourtway has bounced the Marchetti bundle twice with "
                                "'Request Entity Too Large'. It is 19 MB; their own guidance "
                                "says 25 MB. We have until 4pm.\n\nDaniel")}),
        Fact("gotcha-deemed", "gotcha", ["deemedFiledDate"],
             ["Our case screen said a document was filed on the 27th, but the court says the "
              "2nd. Why would they differ?",
              "what date should the lawyers see as the filing date the one we sent it or the "
              "court's"],
             "sealpost gotcha: Courtway treats anything received after 16:00, or on a weekend "
             "or bank holiday, as filed on the next working day; the status API's "
             "deemedFiledDate is the legal filing date (not our submission time, receivedAt), "
             "and the case screen shows deemedFiledDate.",
             {"symptom": "A curious discrepancy: we submitted the Okafor defence at 16:42 on "
                         "Friday and the case screen says filed on Friday, but the court's "
                         "acknowledgement says it was filed on Monday. Which is right?",
              "said": "the case screen says the Okafor defence was filed on Friday but the "
                      "court's letter says Monday which one is right we sent it about quarter "
                      "to five",
              "trace": "GET /status/v1/submissions/CW-7781203\n{\"submissionId\":\"CW-7781203\","
                       "\"status\":\"ACCEPTED\",\"receivedAt\":\"2026-02-27T16:42:19Z\","
                       "\"deemedFiledDate\":\"2026-03-02\",\"caseNumber\":\"K00CL417\"}",
              "probe": [read(mapper,
                             "    static FilingStatus map(SubmissionStatus s) {\n        return "
                             "new FilingStatus(s.submissionId(), s.status(),\n                "
                             "s.receivedAt().atZone(LONDON).toLocalDate());\n    }\n")],
              "explain": "Only the court's date counts. Courtway applies its filing cut-off: "
                         "anything received after 16:00, or on a weekend or bank holiday, is "
                         "deemed filed on the next working day, and the status response "
                         "carries that as deemedFiledDate. StatusMapper shows the date of "
                         "receivedAt, which is just when we sent it. For deadlines and "
                         "limitation the deemedFiledDate is the filing date, so that is what "
                         "the case screen should show.",
              "fix": [edit(mapper,
                           "                s.receivedAt().atZone(LONDON).toLocalDate());\n",
                           "                // the court's cut-off decides the filing date, not "
                           "our clock\n                s.deemedFiledDate());\n"),
                      bash("./mvnw -q test -Dtest=StatusMapperTest",
                           "[INFO] Tests run: 3, Failures: 0, Errors: 0, Skipped: 0 - in "
                           "uk.co.harcourtlyle.sealpost.status.StatusMapperTest")],
              "done": "The case screen now shows the court's date: the Okafor defence reads "
                      "filed 2 March 2026.",
              "repro": "./mvnw -q exec:java -Dexec.mainClass=uk.co.harcourtlyle.sealpost.tools."
                       "PollOnce -Dexec.args=--verbose",
              "hunch": ("First suspicion: a timezone slip, since receivedAt is in UTC. "
                        "Checking the London offset that day.",
                        bash("TZ=Europe/London date -d '2026-02-27T16:42:19Z'",
                             "Fri 27 Feb 16:42:19 GMT 2026")),
              "told": "the court counts anything after four o'clock as the next working day",
              "panic": (DANIEL, "Owen,\n\nThe case screen told me the Okafor defence was filed "
                                "on Friday 27th. The court's acknowledgement says 2nd March. "
                                "Had we been relying on the screen for a limitation date, this "
                                "would be a negligence claim. Please explain.\n\nD")}),
        Fact("fals-jvm-keystore", "falsified", ["javax.net.ssl.keyStore"],
             ["Couldn't we give the court certificate to the JVM with the standard system "
              "properties instead of building our own SSL context?",
              "why does the filing client set up its own SSL context rather than just using "
              "the normal java key store flags on the command line"],
             "sealpost: handing the Courtway client certificate to the whole JVM through the "
             "javax.net.ssl.keyStore system property was tried and reverted — it changed the default "
             "SSLContext for every outbound TLS connection, so the Microsoft Graph calls that "
             "e-mail receipts failed their handshake and everything else would present the "
             "court certificate; it is loaded only into the filing client's own SSLContext "
             "(CourtwayTls).",
             {"ask": "CourtwayTls is a lot of boilerplate. Could we simply pass the .p12 to "
                     "the JVM with the javax.net.ssl.keyStore system properties in the service "
                     "unit, delete the class, and run the integration tests?",
              "change": [edit(unit,
                              "ExecStart=/opt/java/jdk-21/bin/java -jar /opt/sealpost/"
                              "sealpost.jar\n",
                              "ExecStart=/opt/java/jdk-21/bin/java \\\n  "
                              "-Djavax.net.ssl.keyStore=/etc/sealpost/hl-courtway.p12 \\\n  "
                              "-Djavax.net.ssl.keyStoreType=PKCS12 \\\n  "
                              "-Djavax.net.ssl.keyStorePassword=${COURTWAY_P12_PASS} \\\n  -jar "
                              "/opt/sealpost/sealpost.jar\n"),
                         bash(f"git rm -q {pkg}/filing/CourtwayTls.java", "")],
              "broke": bash("./mvnw -q verify -Pit",
                            "[ERROR] Tests run: 9, Failures: 0, Errors: 1, Skipped: 0\n[ERROR] "
                            "ReceiptMailerIT.sends_receipt_to_fee_earner:44 » SSLHandshake "
                            "Received fatal alert: certificate_unknown (graph.microsoft.com)\n"
                            "[INFO] BUILD FAILURE", 1),
              "revert": bash(f"git checkout HEAD -- {unit} {pkg}/filing/CourtwayTls.java && git "
                             "status --short", ""),
              "conclusion": "The court certificate stays in CourtwayTls, the filing client's "
                            "own SSLContext. Setting javax.net.ssl.keyStore on the JVM changes "
                            "the default SSLContext for every TLS connection the service makes: "
                            "the Microsoft Graph calls that e-mail receipts to fee earners "
                            "failed their handshake, and anything else outbound would offer the "
                            "court's client certificate to whoever asked. Scoping it to the one "
                            "client is the point of the boilerplate.",
              "want": "honestly the SSL context code in the filing gateway is a lot of "
                      "boilerplate can't we just give Java the P twelve on the command line "
                      "like normal and delete it",
              "offer": "The JVM's standard keystore system properties would do it: point them "
                       "at the .p12 in the systemd unit and delete CourtwayTls. Shall I?",
              "story": "Martin did that first. The properties change the default SSL context "
                       "for everything in the JVM, so the Graph calls that e-mail receipts to "
                       "the fee earners broke the same afternoon, and we'd have been showing "
                       "the court certificate to every server we talk to.",
              "title": "Court certificate via JVM-wide keystore properties",
              "pitch": (CRAIG, "Owen,\n\nTidying the server config. Couldn't sealpost just take "
                               "the court certificate via the standard Java keystore options "
                               "in the service file? Saves you maintaining code for it.\n\n"
                               "Craig")}),
        Fact("fals-pdfa", "falsified", ["Ghostscript"],
             ["Courtway prefer archival PDFs. Could the integration convert bundles to that "
              "format itself before uploading?",
              "was there a reason we don't turn the bundle into PDF A automatically before it "
              "goes to the court"],
             "sealpost: converting bundles to PDF/A with Ghostscript (gs -dPDFA) before upload "
             "was tried and reverted — it stripped the bundle's bookmarks and the index "
             "hyperlinks, which Courtway requires (bundles without bookmarks are rejected), "
             "while PDF/A is only 'preferred'; bundles go up as the bookmarked PDF the "
             "assembler produces.",
             {"ask": "court way's bulletin says they prefer PDF A so can you add a step that "
                     "converts the bundle to PDF A before we upload it use ghost script or "
                     "whatever and run the bundle checks on the Marchetti one",
              "change": [write(f"{pkg}/bundles/PdfaConverter.java",
                               "package uk.co.harcourtlyle.sealpost.bundles;\n\nfinal class "
                               "PdfaConverter {\n    static Path toPdfa(Path in) throws "
                               "Exception {\n        Path out = in.resolveSibling(\"pdfa-\" + "
                               "in.getFileName());\n        new ProcessBuilder(\"gs\", "
                               "\"-dPDFA=2\", \"-dBATCH\", \"-dNOPAUSE\",\n                "
                               "\"-sColorConversionStrategy=RGB\", \"-sDEVICE=pdfwrite\",\n"
                               "                \"-o\", out.toString(), in.toString())."
                               "inheritIO().start().waitFor();\n        return out;\n    }\n}\n")],
              "broke": bash("./mvnw -q exec:java -Dexec.mainClass=uk.co.harcourtlyle.sealpost."
                            "tools.CheckBundle -Dexec.args=out/bundles/HL-2024-0188",
                            "pdfa-bundle.pdf: PDF/A-2b OK\npdfa-bundle.pdf: bookmarks: 0 "
                            "(expected 23)\npdfa-bundle.pdf: index hyperlinks: 0 (expected 23)"
                            "\nFAIL: Courtway requires a bookmark per document (bulletin 4, "
                            "para 2.1)", 1),
              "revert": bash(f"rm {pkg}/bundles/PdfaConverter.java && git status --short", ""),
              "conclusion": "Bundles go up as the assembler's bookmarked PDF, not PDF/A. "
                            "Ghostscript's PDF/A conversion rewrote the file and dropped all 23 "
                            "bookmarks and the index hyperlinks; Courtway rejects a bundle "
                            "without a bookmark per document, whereas PDF/A is only preferred.",
              "want": "Courtway's bulletin says they prefer PDF/A. Should we convert bundles "
                      "before upload?",
              "offer": "Ghostscript can convert to PDF/A-2b in one step (gs -dPDFA=2 ... "
                       "-sDEVICE=pdfwrite). I could run every bundle through it before upload. "
                       "Want that?",
              "story": "Martin tried Ghostscript for that during the pilot. It produced a "
                       "lovely PDF/A with no bookmarks and none of the index links, and the "
                       "court bounced it, because bookmarks are required and PDF/A is only "
                       "preferred.",
              "title": "Converting bundles to PDF/A before upload",
              "pitch": (TOM, "Hi Owen,\n\nThe Courtway training said PDF/A is preferred. Is "
                             "there any way the system could convert bundles automatically? "
                             "I've been doing it by hand in Acrobat.\n\nThanks,\nTom")}),
    ]
    chatter = [
        "[INFO] Scanning for projects...",
        "[INFO] Building sealpost 1.4.0",
        "[INFO] --- surefire:3.2.5:test (default-test) @ sealpost ---",
        "[INFO] Running uk.co.harcourtlyle.sealpost.bundles.BundleIndexTest",
        "[INFO] Tests run: 4, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.412 s",
        "2026.02.24 10:14:07 INFO io.helidon.webserver.LoomServer: Started all channels in 41 "
        "milliseconds",
        "2026.02.24 10:14:07 INFO StatusPoller: 3 submissions in flight",
        "2026.02.24 10:14:08 INFO StatusPoller: CW-7781190 ACCEPTED",
        "2026.02.24 10:14:08 INFO StatusPoller: CW-7781195 RECEIVED",
        "[WireMock] Request received: GET /status/v1/submissions/CW-7781190",
        "[INFO] Running uk.co.harcourtlyle.sealpost.status.StatusPollerTest",
        "2026.02.24 10:15:02 INFO ReceiptMailer: receipt for CW-7781190 sent to d.okonjo",
        "[INFO] Results:",
        "[WARNING] Tests run: 31, Failures: 0, Errors: 0, Skipped: 2",
    ]
    noise: list[Episode] = [
        look("What does the status poller do when the court returns REJECTED?",
             f"{pkg}/status/StatusPoller.java",
             "            case REJECTED -> {\n                submissions.markRejected(s.id(), "
             "status.reasons());\n                mailer.rejection(s.feeEarner(), "
             "status.reasons());\n            }\n",
             "It marks the submission rejected with the court's reasons and e-mails them to "
             "the fee earner on the matter."),
        find("where do we build the bundle index page", "IndexPage",
             [f"{pkg}/bundles/IndexPage.java", f"{pkg}/bundles/BundleAssembler.java"],
             "IndexPage.java draws it, and BundleAssembler.java puts it first in the bundle."),
        tweak("the rejection email says Dear Fee Earner can it use their first name",
              f"{pkg}/mail/ReceiptMailer.java",
              "        body.append(\"Dear Fee Earner,\\n\\n\");",
              "        body.append(\"Dear \").append(feeEarner.firstName()).append(\",\\n\\n\");",
              "It now opens with the fee earner's first name."),
        run("How many submissions are waiting on the court at the moment?",
            "ssh hl-efile01 'sudo -u sealpost sqlite3 /var/lib/sealpost/sealpost.db \"select "
            "status, count(*) from submissions group by status\"'",
            "ACCEPTED|14\nRECEIVED|2\nREJECTED|1",
            "Two are with the court (RECEIVED), fourteen accepted and one rejected."),
        talk("what is the actual difference between soap and rest in one paragraph I need to "
             "explain to Daniel why the court uses both",
             "SOAP is a protocol: every call is an XML envelope sent to one endpoint, and the "
             "service publishes a WSDL that describes every operation and type exactly, so "
             "clients can be generated from it; it also has standards for attachments and "
             "signing. REST is a style: resources at URLs, ordinary HTTP verbs, usually JSON. "
             "Courts tend to use SOAP for submissions, where a strict contract matters, and "
             "REST for lighter things like checking a status."),
        steps("What went in this week?",
              [bash("git log --oneline --since=monday",
                    "b7e2d01 receipts: first name in greeting\n5a91c3e status: poll every 2 "
                    "min during court hours\n30fe8d2 bundles: index page numbering")],
              "Three commits: the greeting, polling every two minutes in court hours, and the "
              "index page numbering."),
        [Step(prompt="go live plan for Monday can you make me a list first thing switch the "
                     "endpoint to live then one test filing then tell Daniel"),
         Step(tools=[todo_write([("Switch endpoint to live", "pending",
                                  "Switching the endpoint"),
                                 ("Make one test filing", "pending", "Making a test filing"),
                                 ("Tell Daniel", "pending", "Telling Daniel")])]),
         Step(text="Three steps on the list."),
         Step(prompt="Please add 'check the receipt e-mail arrives' before telling Daniel."),
         Step(tools=[todo_write([("Switch endpoint to live", "pending",
                                  "Switching the endpoint"),
                                 ("Make one test filing", "pending", "Making a test filing"),
                                 ("Check the receipt e-mail arrives", "pending",
                                  "Checking the receipt e-mail"),
                                 ("Tell Daniel", "pending", "Telling Daniel")])]),
         Step(text="Added it before telling Daniel.")],
        steps("Does anything in the code still point at the pilot environment?",
              [agent("Find references to the pilot",
                     "Search the repository (code, config, deploy files) for references to "
                     "Courtway's pilot environment (hostnames containing 'pilot', or the "
                     "PILOT profile) and list them with file and line.",
                     "Two leftovers: src/main/resources/application-pilot.yaml (the whole "
                     "profile, unused since January) and a comment in deploy/README.md line "
                     "12. Nothing in the Java code refers to the pilot.",
                     "e30b7f4a91c2", "Explore", 5)],
              "Only an unused profile file (application-pilot.yaml) and a comment in "
              "deploy/README.md; no code."),
    ]
    return Project(
        "sealpost", "git@github.com:harcourt-lyle/sealpost.git",
        _files("sealpost", "Files court bundles with Courtway (the courts' e-filing system) "
                           "and tracks their status.",
               {"pom.xml": "<project>\n  <groupId>uk.co.harcourtlyle</groupId>\n  <artifactId>"
                           "sealpost</artifactId>\n  <version>1.4.0</version>\n</project>\n"}),
        _equip(facts, mates=["Martin", "Craig"], chatter=chatter),
        noise, "aws")


# ------------------------------------------------------------------- tallystick
def tallystick() -> Project:
    lines = "tallystick/lines.py"
    extract = "sql/time_entries.sql"
    ledes = "tallystick/ledes.py"
    db = "tallystick/db.py"
    facts = [
        Fact("conv-pence", "convention", ["ROUND_HALF_UP"],
             ["An insurer's portal rejected an invoice because the line totals were a penny "
              "out. How are we meant to round money in the billing export?",
              "when I work out the amount on a line in the billing files how do I round it"],
             "tallystick (the time-and-billing LEDES export): money is Decimal throughout, "
             "never float; each line amount is rounded to the penny with quantize(Decimal("
             "'0.01'), rounding=ROUND_HALF_UP), and invoice totals are the sum of the already-"
             "rounded lines, exactly as Quillon does, so insurers' portals agree to the penny.",
             {"task": "Please add the VAT amount to each line (LINE_ITEM_TAX_TOTAL) in the "
                      "1998BI files for Halden Mutual; their portal now requires it.",
              "said": "Halden Mutual's portal wants the VAT on every line now the line item tax "
                      "total field can you add it and the money has to be done properly "
                      "decimal not float and every line rounded to the penny half up before "
                      "you add anything up that's how Quill on does it and the portal checks to "
                      "the penny",
              "rule": "money is Decimal throughout, never float, and each line is rounded to "
                      "the penny, half up, before it is added to anything; the invoice total is "
                      "the sum of the rounded lines. That is what Quillon does, and the portals "
                      "check to the penny.",
              "from": HELEN,
              "memo": "Owen,\n\nThree invoices to Halden Mutual were rejected last month "
                      "because the total was 1p different from the sum of the lines. Quillon "
                      "rounds each line to the nearest penny (halves go up) and then adds "
                      "them. Could the export please do exactly the same? Otherwise I correct "
                      "them by hand.\n\nHelen",
              "contrary": edit(lines,
                               "def tax_total(line: Line) -> Decimal:\n    ...\n",
                               "def tax_total(line: Line) -> float:\n    return round("
                               "float(line.total) * 0.2, 2)\n"),
              "follow": [edit(lines,
                              "def tax_total(line: Line) -> Decimal:\n    ...\n",
                              "PENNY = Decimal(\"0.01\")\n\n\ndef tax_total(line: Line) -> "
                              "Decimal:\n    # per line, to the penny, halves up - as Quillon "
                              "does\n    return (line.total * line.vat_rate).quantize(PENNY, "
                              "rounding=ROUND_HALF_UP)\n"),
                         bash("uv run pytest tests/test_lines.py -q",
                              "........\n8 passed in 0.09s")],
              "done": "LINE_ITEM_TAX_TOTAL is each line's total times its VAT rate as a "
                      "Decimal, quantized to 0.01 with ROUND_HALF_UP; the invoice tax total "
                      "is the sum of those rounded lines. It matches Quillon on the three "
                      "February invoices Helen flagged."}),
        Fact("conv-narrative", "convention", ["narrative_client"],
             ["What text goes in each time entry's description when we send a bill to an "
              "insurer?",
              "some of the time entries have the lawyers private notes in them which bit of "
              "the entry are we allowed to send out"],
             "tallystick: LEDES line descriptions come only from narrative_client, the "
             "narrative approved for the client at billing, never from the fee earner's raw "
             "time-entry narrative (narrative_internal), which can hold privileged notes; "
             "entries with no approved narrative are held back for billing, not exported.",
             {"task": "LINE_ITEM_DESCRIPTION is empty for a good many entries on the Halden "
                      "files. Please fill it from the time entry's narrative.",
              "said": "the line item description is empty for loads of entries on the Halden "
                      "files can you fill it from the time entry but only the approved one for "
                      "the client never the raw one the fee earner typed because the raw one "
                      "has things like call with D about the weak points in our case",
              "rule": "the description has to come from the narrative approved for the "
                      "client, never the raw narrative the fee earner typed. The raw ones "
                      "contain things like 'call with D re weak points in our case'. If there "
                      "isn't an approved one, hold the entry back.",
              "from": MARGARET,
              "memo": "Owen,\n\nIt has come to my attention that an invoice file sent to an "
                      "insurer last year contained a fee earner's internal note. That is a "
                      "potential breach of privilege and must not recur. Only narratives "
                      "approved for the client at billing may leave the firm.\n\nMargaret",
              "contrary": edit(extract, "    te.entry_date,\n",
                               "    te.entry_date,\n    te.narrative AS description,\n"),
              "follow": [edit(extract, "    te.entry_date,\n",
                              "    te.entry_date,\n    -- only the billing-approved narrative "
                              "ever leaves the firm\n    te.narrative_client AS description,\n"),
                         edit("tallystick/export.py",
                              "    rows = fetch_entries(conn, invoice)\n",
                              "    rows = fetch_entries(conn, invoice)\n    held = [r for r in "
                              "rows if r.description is None]\n    write_held(held, "
                              "out_dir / \"held_entries.csv\")\n    rows = [r for r in rows if "
                              "r.description is not None]\n"),
                         bash("uv run pytest tests/test_export.py -q -k description",
                              "...\n3 passed, 11 deselected in 0.21s")],
              "done": "LINE_ITEM_DESCRIPTION now comes only from narrative_client. Fourteen "
                      "Halden entries have no approved narrative; they're listed in "
                      "held_entries.csv for billing and left out of the file, rather than "
                      "going out with the raw text."}),
        Fact("cmd-offline", "command", ["not mssql"],
             ["How do I run the export's test suite on my laptop when I'm not on the office "
              "network?",
              "pie test hangs for ages and then says login timeout expired when I'm at home "
              "how do I run just the tests that don't need the database"],
             "tallystick: tests marked mssql need the office SQL Server; away from the office "
             "network run `uv run pytest -m \"not mssql\"` (a plain `uv run pytest` hangs and "
             "fails with 'Login timeout expired').",
             {"goal": "I'm working from home today. Please run the test suite.",
              "said": "can you run the pie tests I'm working from home today",
              "fail": bash("uv run pytest",
                           "tests/test_extract.py::test_reads_february_entries FAILED\nE   "
                           "pyodbc.OperationalError: ('HYT00', '[HYT00] [Microsoft][ODBC Driver "
                           "18 for SQL Server]Login timeout expired (0) (SQLDriverConnect)')\n"
                           "========== 9 failed, 31 passed in 212.40s (0:03:32) ==========", 1),
              "note": "All nine failures are tests marked mssql: they connect to the office SQL "
                      "Server, which isn't reachable from home. pyproject.toml registers the "
                      "marker, so the rest can run on their own.",
              "ok": bash("uv run pytest -m \"not mssql\"",
                         "31 passed, 9 deselected in 1.84s"),
              "done": "31 pass; the 9 mssql tests need the office network or the VPN.",
              "hint": (ANIL, "Hi Owen,\n\nThe database tests are marked mssql. From home run "
                             "`uv run pytest -m \"not mssql\"`, otherwise each one sits there "
                             "until the login times out.\n\nAnil"),
              "label": "run the tests away from the office"}),
        Fact("cmd-rosetta", "command", ["linux/amd64"],
             ["The local SQL Server container won't start on my new MacBook. How did I get "
              "round that?",
              "docker says there's no matching manifest for the sequel server image on the mac "
              "what's the command that works"],
             "tallystick: Microsoft's SQL Server 2022 image has no arm64 build, so on the "
             "Apple-silicon MacBook start the local test database with "
             "`DOCKER_DEFAULT_PLATFORM=linux/amd64 docker compose up -d mssql` (emulated "
             "through Rosetta); a plain `docker compose up` fails with 'no matching manifest "
             "for linux/arm64/v8'.",
             {"goal": "Please start the local test database from docker-compose.yml; this is "
                      "the first time on the new MacBook.",
              "said": "can you start the local test database the docker one it's the first "
                      "time on the new MacBook",
              "fail": bash("docker compose up -d mssql",
                           "[+] Running 0/1\n ⠿ mssql Pulling\nno matching manifest for "
                           "linux/arm64/v8 in the manifest list entries", 1),
              "note": "Microsoft only publish the SQL Server 2022 image for x86-64, and the new "
                      "MacBook is Apple silicon. Docker Desktop can run it under Rosetta "
                      "emulation if the platform is forced.",
              "ok": bash("DOCKER_DEFAULT_PLATFORM=linux/amd64 docker compose up -d mssql",
                         "[+] Running 2/2\n ✔ Network tallystick_default    Created\n ✔ "
                         "Container tallystick-mssql-1  Started"),
              "done": "The container is up (emulated, so the first start takes a minute); the "
                      "tests marked mssql can use it on localhost,1433.",
              "hint": (ANIL, "Owen,\n\nThe SQL Server image is Intel only. On an M-series Mac: "
                             "`DOCKER_DEFAULT_PLATFORM=linux/amd64 docker compose up -d mssql` "
                             "and make sure Rosetta is ticked in Docker Desktop.\n\nAnil"),
              "label": "start the local test database on the Mac"}),
        Fact("env-driver", "environment", ["ODBC Driver 17"],
             ["Which SQL Server ODBC driver is installed on the server where the billing job "
              "runs?",
              "the connection works on my laptop but not on the app server is it a different "
              "driver version over there"],
             "tallystick: the only SQL Server ODBC driver installed on hl-app01, the server "
             "where the nightly billing export runs, is 'ODBC Driver 17 for SQL Server' (plus "
             "the ancient built-in 'SQL Server' driver), not 18 as on the laptop, so the "
             "production connection names ODBC Driver 17, set by PMS_ODBC_DRIVER in the "
             "server's environment.",
             {"goal": "Which ODBC driver for SQL Server is installed on hl-app01, where the "
                      "export runs?",
              "said": "which sequel server driver is on the app server where the export runs",
              "probe": [bash("ssh hl-app01 powershell -NoProfile -c \"Get-OdbcDriver -Name "
                             "'*SQL Server*' | Format-Table Name,Platform\"",
                             "Name                          Platform\n----                   "
                             "       --------\nSQL Server                    32-bit\nODBC "
                             "Driver 17 for SQL Server 64-bit\nSQL Server                    "
                             "64-bit"),
                        bash("ssh hl-app01 powershell -NoProfile -c \"[Environment]::"
                             "GetEnvironmentVariable('PMS_ODBC_DRIVER','Machine')\"",
                             "ODBC Driver 17 for SQL Server")],
              "confirm": "hl-app01 has ODBC Driver 17 for SQL Server (64-bit) and the old "
                         "built-in 'SQL Server' driver, and no Driver 18. Your laptop has 18, "
                         "so on the server the connection must name ODBC Driver 17 for SQL "
                         "Server, which PMS_ODBC_DRIVER in the machine environment does.",
              "guess": "the app server's got the same driver as my laptop hasn't it eighteen",
              "asker": CRAIG,
              "asked": "Owen,\n\nWe're patching hl-app01 this weekend and tidying old "
                       "software. Which SQL Server ODBC driver does your billing job depend "
                       "on, so I don't remove the wrong one?\n\nCraig"}),
        Fact("env-pmsdb", "environment", ["QuillonPMS"],
             ["Which database, on which server, does the billing export read from?",
              "Craig wants to know which database the billing job reads from so he can check "
              "it's in the backups"],
             "The billing export (tallystick) reads from the database QuillonPMS, the Quillon "
             "practice-management system's SQL Server database on the server HL-SQL01 (named "
             "instance HL-SQL01\\QUILLON), as the read-only login tallystick_ro that can only "
             "select from the rpt views; that is the database the billing job depends on "
             "(and the one to include in backups).",
             {"goal": "Which server, instance and database does the export read from in "
                      "production?",
              "said": "which database does the export actually read from in production and "
                      "on which server",
              "probe": [bash("ssh hl-app01 powershell -NoProfile -c \"'PMS_SERVER','PMS_"
                             "DATABASE','PMS_USER' | % { $_ + '=' + [Environment]::"
                             "GetEnvironmentVariable($_,'Machine') }\"",
                             "PMS_SERVER=HL-SQL01\\QUILLON\nPMS_DATABASE=QuillonPMS\n"
                             "PMS_USER=tallystick_ro"),
                        read(db,
                             "def connect() -> pyodbc.Connection:\n    return pyodbc.connect("
                             "\n        driver=settings.odbc_driver, server=settings.server,\n"
                             "        database=settings.database, uid=settings.user,\n        "
                             "pwd=settings.password, readonly=True)\n")],
              "confirm": "It reads the QuillonPMS database on HL-SQL01\\QUILLON (the named "
                         "instance Quillon's installer created), as the SQL login "
                         "tallystick_ro, which is read-only and can only select from the rpt "
                         "views.",
              "guess": "The export reads the Quillon reporting copy on the SQL01 default "
                       "instance I think",
              "asker": CRAIG,
              "asked": "Owen,\n\nDoing the quarterly backup check. Which database does your "
                       "billing export read, and on which instance? I want to be sure it's in "
                       "the Veeam job.\n\nCraig"}),
        Fact("gotcha-pipes", "gotcha", ["clean_field"],
             ["An insurer's portal said some lines in one of our billing files had the wrong "
              "number of fields. What causes that?",
              "a leads file got bounced saying the field count was wrong on one line what was "
              "the cause of that again"],
             "tallystick gotcha: LEDES 1998B is pipe-delimited with [] line endings, so a "
             "narrative containing '|' (or a line break) shifted the fields and the portal "
             "rejected the file for a wrong field count; every text field goes through "
             "ledes.clean_field(), which replaces pipes and newlines before writing.",
             {"symptom": "Carrow Insurance's portal has rejected February's invoice file, "
                         "complaining about the number of fields on line 47.",
              "said": "Carrow's portal has rejected the February leads file again something "
                      "about the field count on line 47",
              "trace": "BillRight validation report - HL_20260228_CARROW.txt\nLine 47: "
                       "expected 24 fields, found 25\nLine 47: LINE_ITEM_UNIT_COST '0.50' is "
                       "not a valid amount\nFile rejected (2 errors)",
              "probe": [bash("sed -n 47p out/HL_20260228_CARROW.txt",
                             "20260228|HL-4471|CARROW|HL-2025-0377|2184.00|20260201|20260228|"
                             "Professional services|12|F|0.50|0.00|110.00|20260211|L120||A104|"
                             "TR|Review of title | plans from Land Registry|HARCOURTLYLE|220.00|"
                             "Tom Reilly|TR|CAR-88120[]")],
              "explain": "The description on line 47 is 'Review of title | plans from Land "
                         "Registry': the fee earner typed a pipe, and LEDES 1998B uses the pipe "
                         "as its field separator, so the line has 25 fields and everything "
                         "after the description is shifted one place (hence 0.50 landing in "
                         "the unit-cost column). A line break in a narrative would break the "
                         "line the same way. Every text field needs cleaning before it is "
                         "written: a clean_field() in ledes.py that replaces pipes and "
                         "newlines.",
              "fix": [edit(ledes, "def write_line(out, fields: list[str]) -> None:\n",
                           "def clean_field(value: str) -> str:\n    \"\"\"LEDES fields can't "
                           "hold the separator or a line break.\"\"\"\n    return "
                           "value.replace(\"|\", \"/\").replace(\"\\r\", \" \").replace(\"\\n\", "
                           "\" \").replace(\"[]\", \"\")\n\n\ndef write_line(out, fields: "
                           "list[str]) -> None:\n    fields = [clean_field(f) for f in fields]\n"),
                      bash("uv run pytest tests/test_ledes.py -q",
                           "......\n6 passed in 0.05s")],
              "done": "Regenerated: line 47 now has 24 fields ('Review of title / plans from "
                      "Land Registry') and the file passes BillRight's validator.",
              "repro": "uv run tallystick validate out/HL_20260228_CARROW.txt --verbose",
              "hunch": ("Perhaps the file has Windows line endings the portal dislikes. "
                        "Checking.",
                        bash("file out/HL_20260228_CARROW.txt",
                             "out/HL_20260228_CARROW.txt: ASCII text, with CRLF line "
                             "terminators")),
              "told": "someone has typed the separator character into a time entry",
              "panic": (HELEN, "Owen,\n\nCarrow have rejected February's bill again. Their "
                               "portal says 'expected 24 fields, found 25' on one line. This "
                               "is the second month running and they won't pay until it's "
                               "resubmitted.\n\nHelen")}),
        Fact("gotcha-cert", "gotcha", ["TrustServerCertificate"],
             ["Since the driver upgrade, connecting to the practice database fails with a "
              "certificate error. What was the fix?",
              "I'm getting SSL provider certificate verify failed connecting to the practice "
              "management database what did we do about that"],
             "tallystick gotcha: ODBC Driver 18 for SQL Server defaults to Encrypt=yes and "
             "HL-SQL01 presents a self-signed certificate, so connections failed with 'SSL "
             "Provider: ... certificate verify failed'; the connection sets "
             "TrustServerCertificate=yes (encryption stays on).",
             {"symptom": "Since ODBC Driver 18 went onto my laptop, the export cannot "
                         "connect to the practice database; it fails with an SSL error.",
              "said": "since I put the new driver on my laptop the export can't connect to the "
                      "practice database at all it says something about SSL",
              "trace": "pyodbc.OperationalError: ('08001', '[08001] [Microsoft][ODBC Driver 18 "
                       "for SQL Server]SSL Provider: [error:0A000086:SSL routines::certificate "
                       "verify failed:self-signed certificate] (-1) (SQLDriverConnect)')",
              "probe": [bash("openssl s_client -connect hl-sql01.harcourtlyle.local:1433 "
                             "-starttls mssql </dev/null 2>/dev/null | grep -E 'subject=|issuer='",
                             "subject=CN = SSL_Self_Signed_Fallback\nissuer=CN = "
                             "SSL_Self_Signed_Fallback"),
                        read(db,
                             "def conn_str() -> str:\n    return (f\"Driver={{{settings.odbc_"
                             "driver}}};Server={settings.server};\"\n            f\"UID="
                             "{settings.user};PWD={settings.password};\")\n")],
              "explain": "Driver 18 changed the default to Encrypt=yes, and it verifies the "
                         "server's certificate. HL-SQL01 only has SQL Server's "
                         "self-signed fallback certificate (SSL_Self_Signed_Fallback), which "
                         "nothing trusts, so the handshake fails. Driver 17 on the server "
                         "never encrypted by default, which is why production is fine. Keeping "
                         "encryption but adding TrustServerCertificate=yes to the connection "
                         "string accepts that certificate; a proper certificate on HL-SQL01 "
                         "would be the long-term fix.",
              "fix": [edit(db,
                           "            f\"UID={settings.user};PWD={settings.password};\")\n",
                           "            f\"UID={settings.user};PWD={settings.password};\"\n"
                           "            # HL-SQL01 only has the self-signed fallback "
                           "certificate\n            \"Encrypt=yes;TrustServerCertificate="
                           "yes;\")\n"),
                      bash("uv run python -c 'from tallystick.db import connect; "
                           "print(connect().getinfo(2))'", "HL-SQL01\\QUILLON")],
              "done": "Connected from the laptop with Driver 18, encryption on and "
                      "TrustServerCertificate=yes. I've noted in the code that a real "
                      "certificate on HL-SQL01 would let us drop it.",
              "repro": "uv run pytest -m mssql -x -q",
              "hunch": ("Maybe the VPN isn't up and this is a network problem. Checking the "
                        "port is reachable.",
                        bash("nc -vz hl-sql01.harcourtlyle.local 1433",
                             "Connection to hl-sql01.harcourtlyle.local port 1433 [tcp/ms-sql-s]"
                             " succeeded!")),
              "told": "the new driver insists on encryption and our SQL server only has a "
                      "home-made certificate",
              "panic": (HELEN, "Owen,\n\nThe billing export didn't produce anything this "
                               "morning and I have the Halden bills due today. Tom said you'd "
                               "changed something on your laptop yesterday?\n\nHelen")}),
        Fact("fals-pandas", "falsified", ["pandas"],
             ["Wouldn't it be much less code to load the time entries into a dataframe and "
              "write the billing file from that?",
              "has anybody tried doing the billing export with data frames instead of all the "
              "hand written loops"],
             "tallystick: rewriting the export with pandas (read_sql into a DataFrame, to_csv "
             "with sep='|') was tried and reverted — amounts became float64 so line totals "
             "drifted by a penny against Quillon, and to_csv can't write LEDES's [] line "
             "endings; the export stays plain Python rows with Decimal.",
             {"ask": "can you try rewriting the export using pandas read sequel into a data "
                     "frame and write it out with to CSV with a pipe separator it'd be a third "
                     "of the code and run the ledes tests",
              "change": [bash("uv add pandas", "Resolved 14 packages in 412ms\n + pandas==2.2.3"
                              "\n + numpy==2.2.3"),
                         write("tallystick/ledes_df.py",
                               "import pandas as pd\n\n\ndef write_invoice(conn, invoice, path):"
                               "\n    df = pd.read_sql(ENTRIES_SQL, conn, params=[invoice.id])\n"
                               "    df[\"LINE_ITEM_TOTAL\"] = df.units * df.rate\n    "
                               "df.to_csv(path, sep=\"|\", index=False)\n")],
              "broke": bash("uv run pytest tests/test_ledes.py -q",
                            "FAILED tests/test_ledes.py::test_invoice_total_matches_quillon - "
                            "assert Decimal('2184.01') == Decimal('2184.00')\nFAILED "
                            "tests/test_ledes.py::test_lines_end_with_brackets - "
                            "AssertionError: line 3 does not end with '[]'\n2 failed, 4 passed "
                            "in 0.88s", 1),
              "revert": bash("uv remove pandas && rm tallystick/ledes_df.py && git status "
                             "--short", "Resolved 12 packages in 208ms\n - numpy==2.2.3\n - "
                             "pandas==2.2.3"),
              "conclusion": "The export stays plain Python with Decimal. With pandas the "
                            "amounts become float64, so line totals drift by a penny against "
                            "Quillon's (2184.01 against 2184.00) and the insurers' portals "
                            "reject the invoice; and to_csv can't end each line with LEDES's "
                            "[] terminator without post-processing the file anyway.",
              "want": "Would it not be considerably less code to load the entries into a "
                      "dataframe and write the file from that?",
              "offer": "pandas could do most of it: read_sql into a DataFrame, compute the "
                       "line totals as columns, to_csv with sep='|'. Probably a third of the "
                       "code. Shall I try it?",
              "story": "Anil rewrote it with pandas two years ago. The money turned into "
                       "floats, the totals were a penny out on about one invoice in ten and "
                       "Helen spent a month fixing rejections by hand, and to_csv couldn't do "
                       "the square brackets at the end of each line anyway. He put the loops "
                       "back.",
              "title": "Writing the LEDES files with pandas",
              "pitch": (ANIL, "Hi Owen,\n\nSaw you've taken over the billing export. If you "
                              "ever fancy a rewrite, a dataframe would get rid of most of those "
                              "loops.\n\nAnil")}),
        Fact("fals-agent-job", "falsified", ["SSIS"],
             ["Could the billing files be produced by a job inside SQL Server itself rather "
              "than by a Python script?",
              "why isn't the billing export just a scheduled job on the database server"],
             "tallystick: making the billing export a scheduled job on the database server "
             "itself (an SSIS package run by SQL Server Agent on HL-SQL01) was tried by the "
             "previous IT firm and dropped — "
             "Quillon's support contract forbids custom jobs or objects on its instance, the "
             "package broke on every Quillon upgrade and nobody could maintain it; the export "
             "is a Python job on hl-app01 reading the read-only rpt views.",
             {"ask": "Please try creating the export as a SQL Server Agent job on HL-SQL01 "
                     "running an SSIS package, so it sits next to the data; the job script is "
                     "in sql/agent. Then check it registers.",
              "change": [write("sql/agent/ledes_export_job.sql",
                               "USE msdb;\nEXEC dbo.sp_add_job @job_name = N'LEDES export';\nEXEC "
                               "dbo.sp_add_jobstep @job_name = N'LEDES export', @step_name = "
                               "N'run package',\n    @subsystem = N'SSIS', @command = N'/ISSERVER "
                               "\"\\SSISDB\\Billing\\LedesExport\\Export.dtsx\"';\n")],
              "broke": bash("sqlcmd -S \"$PMS_SERVER\" -U \"$PMS_ADMIN_USER\" -i "
                            "sql/agent/ledes_export_job.sql",
                            "Msg 229, Level 14, State 5, Procedure sp_add_job, Line 1\nThe "
                            "EXECUTE permission was denied on the object 'sp_add_job', "
                            "database 'msdb', schema 'dbo'.", 1),
              "revert": bash("rm -r sql/agent && git status --short", ""),
              "conclusion": "The export stays a Python job on hl-app01. Quillon's support "
                            "contract doesn't allow custom jobs or objects on its SQL Server "
                            "instance (which is why we have no rights in msdb), and the SSIS "
                            "package the previous IT firm built there broke on every Quillon "
                            "upgrade and nobody could maintain it. Reading the rpt views from "
                            "outside keeps us clear of their instance.",
              "want": "why don't we have the database server produce the billing files itself "
                      "as a scheduled job it's where the data is",
              "offer": "SQL Server Agent could run an SSIS package on a schedule on HL-SQL01 "
                       "itself, right next to the data. Want me to set that up?",
              "story": "the IT company before Northgate built exactly that an SSIS package run "
                       "by the agent on the Quillon server it broke on every Quillon upgrade "
                       "nobody could open it and Quillon's support people told us their "
                       "contract doesn't allow custom jobs on their instance at all",
              "title": "Producing the LEDES files with an SSIS package in SQL Server Agent",
              "pitch": (CRAIG, "Owen,\n\nWhile we're patching HL-SQL01: would it not be tidier "
                               "to run your billing export as an agent job on the SQL box "
                               "itself, rather than a scheduled task on hl-app01?\n\nCraig")}),
    ]
    chatter = [
        "============================= test session starts ==============================",
        "platform darwin -- Python 3.12.8, pytest-8.3.4, pluggy-1.5.0",
        "rootdir: /Users/owen/src/tallystick",
        "configfile: pyproject.toml",
        "collected 40 items",
        "tests/test_lines.py ........",
        "tests/test_export.py ..........",
        "2026-02-28 02:00:04 INFO  invoice HL-4470 HALDEN 31 lines",
        "2026-02-28 02:00:04 INFO  invoice HL-4471 CARROW 27 lines",
        "2026-02-28 02:00:05 INFO  invoice HL-4472 HALDEN 12 lines",
        "2026-02-28 02:00:05 WARN  invoice HL-4473 has no approved lines, skipped",
        "2026-02-28 02:00:06 INFO  wrote 3 files to out/",
        "checking HL_20260228_HALDEN.txt ... ok (31 lines)",
        "uploading to BillRight sftp ... skipped (--dry-run)",
    ]
    noise: list[Episode] = [
        look("What does the export do with disbursements that have no VAT?",
             lines,
             "def expense_line(d: Disbursement) -> Line:\n    vat_rate = d.vat_rate or "
             "Decimal(\"0\")\n    return Line(kind=\"E\", code=d.expense_code, total=d.net, "
             "vat_rate=vat_rate)\n",
             "They go out as expense lines (type E) with a VAT rate of zero, so court fees and "
             "other zero-rated disbursements carry no tax."),
        find("where do we map Quillon's activity codes to the UTBMS ones", "UTBMS",
             ["tallystick/codes.py", "data/utbms_map.csv"],
             "codes.py loads data/utbms_map.csv, which maps each Quillon activity code to a "
             "UTBMS task and activity code."),
        tweak("the log says 'Invocie' somewhere", "tallystick/export.py",
              "log.info(\"Invocie %s %s %d lines\", inv.number, inv.client, len(rows))",
              "log.info(\"invoice %s %s %d lines\", inv.number, inv.client, len(rows))",
              "Fixed the spelling."),
        run("How many invoices went out in the last run?",
            "ls out/*.txt | wc -l", "       3",
            "Three files in out/ from the last run."),
        talk("what's UTBMS in one sentence Helen asked and I waffled",
             "UTBMS (the Uniform Task-Based Management System) is a standard set of codes for "
             "what legal work was done (task codes like L120 'analysis/strategy') and how "
             "(activity codes like A104 'review'), so insurers can compare bills from "
             "different firms line by line."),
        steps("What changed since the last release?",
              [bash("git log --oneline v1.6.0..HEAD",
                    "e1c09a4 export: skip invoices with no approved lines\n7b3f2d8 codes: add "
                    "L250 mapping\n52aa0c1 ci: run on 3.12")],
              "Three commits since v1.6.0: skipping invoices with no approved lines, a new "
              "L250 mapping, and CI moved to Python 3.12."),
        [Step(prompt="Please make me a list for month end: run the export, check the files, "
                     "upload to the portals, tell Helen."),
         Step(tools=[todo_write([("Run the export", "pending", "Running the export"),
                                 ("Check the files", "pending", "Checking the files"),
                                 ("Upload to the portals", "pending", "Uploading"),
                                 ("Tell Helen", "pending", "Telling Helen")])]),
         Step(text="Four steps."),
         Step(prompt="the export's done tick it off"),
         Step(tools=[todo_write([("Run the export", "completed", "Running the export"),
                                 ("Check the files", "pending", "Checking the files"),
                                 ("Upload to the portals", "pending", "Uploading"),
                                 ("Tell Helen", "pending", "Telling Helen")])]),
         Step(text="Export ticked off; three to go.")],
        steps("Which fee earners have time entries with no task code this month?",
              [agent("Find entries without task codes",
                     "Using the February extract in out/extract_202602.csv, list the fee "
                     "earners with time entries that have an empty task code, with a count "
                     "each.",
                     "Three fee earners: TR (Tom Reilly) 9 entries, PN (Priya Nair) 4 entries, "
                     "DO (Daniel Okonjo) 1 entry. All other entries have task codes.",
                     "b81d4c07f2e9", "general-purpose", 3)],
              "Tom has nine, Priya four and Daniel one; everyone else's entries are coded."),
    ]
    return Project(
        "tallystick", "git@github.com:harcourt-lyle/tallystick.git",
        _files("tallystick", "Exports time and disbursements from Quillon as LEDES bills for "
                             "insurers' e-billing portals.",
               {"pyproject.toml": "[project]\nname = \"tallystick\"\nversion = \"1.6.0\"\n"
                                  "requires-python = \">=3.12\"\n"}),
        _equip(facts, mates=["Anil", "Craig"], chatter=chatter),
        noise, "slack")


# ------------------------------------------------------------------- porchlight
def porchlight() -> Project:
    form = "src/components/EnquiryForm.astro"
    actions = "src/actions/index.ts"
    purge = "src/jobs/purge.ts"
    facts = [
        Fact("conv-retention", "convention", ["retain_until"],
             ["I'm adding a table for callback requests to the enquiry site. Is there anything "
              "it must have for data protection?",
              "how long do we keep enquiries from people who never become clients and how "
              "does the database know when to get rid of them"],
             "porchlight (the client intake site): enquiries from people who never instruct "
             "the firm are kept for six months after the last contact, and the database knows "
             "when to get rid of them because every table holding personal data has a "
             "retain_until column, set when the row is written; the nightly purge job deletes "
             "rows past it, so a new table with personal data must add retain_until and be "
             "listed in the purge.",
             {"task": "Please add a 'call me back' option to the enquiry page: name, telephone "
                      "number and a convenient time, stored in a new table.",
              "said": "can you add a call me back thing to the enquiry page name phone number "
                      "and a time that suits them in a new table full stop and it needs the "
                      "retain until "
                      "date like everything else with personal data in it six months from when "
                      "they contacted us and the purge job has to know about the table",
              "rule": "every table holding personal data must have a retain_until date, set "
                      "when the row is written, and the nightly purge deletes anything past it. "
                      "For enquiries it is six months from the last contact unless they "
                      "instruct us. Sunita will ask about this at the data-protection review.",
              "from": SUNITA,
              "memo": "Hi Owen,\n\nAhead of our data protection review: the retention schedule "
                      "says enquiry data from people who don't instruct us is kept for six "
                      "months and then deleted. Please could you make sure anything new on the "
                      "website follows this? I'll need to show the reviewer how it's done.\n\n"
                      "Thanks,\nSunita",
              "contrary": write("src/db/migrations/2026_02_23_callback_requests.ts",
                                "import { Kysely, sql } from 'kysely';\n\nexport async function "
                                "up(db: Kysely<any>) {\n  await db.schema.createTable("
                                "'callback_requests')\n    .addColumn('id', 'serial', (c) => "
                                "c.primaryKey())\n    .addColumn('name', 'text', (c) => "
                                "c.notNull())\n    .addColumn('phone', 'text', (c) => c.notNull())"
                                "\n    .addColumn('preferred_time', 'text')\n    .addColumn("
                                "'created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql"
                                "`now()`))\n    .execute();\n}\n"),
              "follow": [write("src/db/migrations/2026_02_23_callback_requests.ts",
                               "import { Kysely, sql } from 'kysely';\n\nexport async function "
                               "up(db: Kysely<any>) {\n  await db.schema.createTable("
                               "'callback_requests')\n    .addColumn('id', 'serial', (c) => "
                               "c.primaryKey())\n    .addColumn('name', 'text', (c) => "
                               "c.notNull())\n    .addColumn('phone', 'text', (c) => "
                               "c.notNull())\n    .addColumn('preferred_time', 'text')\n    "
                               ".addColumn('created_at', 'timestamptz', (c) => c.notNull()."
                               "defaultTo(sql`now()`))\n    // personal data: the nightly purge "
                               "deletes rows past this\n    .addColumn('retain_until', "
                               "'timestamptz', (c) => c.notNull().defaultTo(sql`now() + "
                               "interval '6 months'`))\n    .execute();\n}\n"),
                         edit(purge, "export const PURGE_TABLES = ['enquiries', "
                                     "'enquiry_parties'] as const;",
                              "export const PURGE_TABLES = ['enquiries', 'enquiry_parties', "
                              "'callback_requests'] as const;"),
                         bash("npm test -- purge",
                              " ✓ test/purge.test.ts (4 tests) 212ms\n\n Test Files  1 passed "
                              "(1)\n      Tests  4 passed (4)")],
              "done": "callback_requests has retain_until (six months from when the row is "
                      "written), and it's in PURGE_TABLES, so the nightly purge removes "
                      "expired callback requests along with old enquiries."}),
        Fact("conv-copy", "convention", ["src/content/copy"],
             ["Margaret wants different wording on the enquiry confirmation page. Where do I "
              "change it?",
              "where is the text for the intake pages kept if I need to change what it says "
              "to the public"],
             "porchlight: to change any wording members of the public see on the enquiry "
             "pages (the form, notices, the confirmation / thank-you page), edit its Markdown "
             "file in the Astro content collection under src/content/copy; each has an "
             "approved_by field for the partner (usually Margaret) who approves the wording, "
             "and components never hard-code client-facing text.",
             {"task": "Please add a short notice to the enquiry form asking people not to send "
                      "original documents through it.",
              "said": "can you add a little notice to the enquiry form telling people not to "
                      "send us their original documents and don't put the words in the "
                      "component itself all the wording lives in the copy markdown files so "
                      "Margaret can approve it there's an approved by thing at the top of each",
              "rule": "wording the public sees never goes into a component. It lives in the "
                      "copy Markdown files, each with approved_by at the top, so Margaret can "
                      "read and approve it without touching code.",
              "from": MARGARET,
              "memo": "Owen,\n\nFor the avoidance of doubt: any wording a member of the public "
                      "sees on our website is publicity under the SRA's rules and must be "
                      "approved by a partner before it goes live. Please keep it somewhere I "
                      "can read it without learning to program.\n\nM",
              "contrary": edit(form, "  <form method=\"POST\" action={actions.enquire}>\n",
                               "  <p class=\"notice\">Please do not send original documents "
                               "through this form.</p>\n  <form method=\"POST\" "
                               "action={actions.enquire}>\n"),
              "follow": [write("src/content/copy/enquiry-no-originals.md",
                               "---\ntitle: No original documents\napproved_by: pending\n---\n"
                               "Please don't send us original documents through this form. "
                               "If we need originals, we'll tell you how to get them to us "
                               "safely.\n"),
                         edit(form, "  <form method=\"POST\" action={actions.enquire}>\n",
                              "  <Copy id=\"enquiry-no-originals\" />\n  <form method=\"POST\" "
                              "action={actions.enquire}>\n"),
                         bash("npx astro check",
                              "Result (38 files):\n- 0 errors\n- 0 warnings\n- 0 hints")],
              "done": "The notice is src/content/copy/enquiry-no-originals.md, with approved_by: "
                      "pending until Margaret signs it off, and EnquiryForm.astro renders it "
                      "through the Copy component from the copy collection."}),
        Fact("cmd-migrate", "command", ["kysely migrate:latest"],
             ["I've written a new migration for the enquiry database. What's the command to "
              "apply it?",
              "there's no migrate script in the intake site's package file so how do I run "
              "the database migrations"],
             "porchlight: database migrations (src/db/migrations) run with kysely-ctl: `npx "
             "kysely migrate:latest` (it reads kysely.config.ts and DATABASE_URL); there is no "
             "npm run migrate script.",
             {"goal": "Please apply the new callback_requests migration to my local database.",
              "said": "can you run the new migration on my local database the callback "
                      "requests one with kiss Ely or whatever it is",
              "fail": bash("npm run migrate",
                           "npm error Missing script: \"migrate\"\nnpm error\nnpm error To see "
                           "a list of scripts, run:\nnpm error   npm run", 1),
              "note": "There's no migrate script. The migrations in src/db/migrations are "
                      "Kysely ones, and kysely.config.ts at the root is kysely-ctl's config, "
                      "so its CLI runs them.",
              "ok": bash("npx kysely migrate:latest",
                         "◐ Starting migration to latest\n✔ Migrated 2026_02_23_callback_"
                         "requests\n✔ Migration complete"),
              "done": "Applied 2026_02_23_callback_requests; nothing else is pending.",
              "hint": (JESS, "Hi Owen,\n\nWe never added an npm script for it, sorry. It's "
                             "kysely-ctl: `npx kysely migrate:latest` from the repo root, with "
                             "DATABASE_URL set.\n\nJess"),
              "label": "apply database migrations"}),
        Fact("cmd-serve", "command", ["node server.mjs"],
             ["How do I run the production build of the intake site locally to check it "
              "before deploying?",
              "astro preview throws an error about the adapter what's the right way to start "
              "the built site on my machine"],
             "porchlight: the Astro Node adapter runs in middleware mode inside server.mjs "
             "(Express with helmet and the rate limiter), so `astro preview` doesn't work; "
             "check a production build locally with `npm run build && node server.mjs` (port "
             "4321).",
             {"goal": "Before I deploy, please run the production build locally so I can click "
                      "through it.",
              "said": "before I deploy can you run the production build locally so I can have "
                      "a click through it",
              "fail": bash("npm run build && npx astro preview",
                           "11:02:14 [build] Complete!\n[preview] The @astrojs/node adapter "
                           "does not support the preview command in middleware mode.", 1),
              "note": "astro.config.mjs runs the Node adapter in middleware mode, and "
                      "server.mjs mounts the built handler in Express (helmet, the rate limiter), "
                      "so there's no standalone server for preview to start; the Express "
                      "server is what runs in production.",
              "ok": bash("npm run build && node server.mjs",
                         "11:03:40 [build] Complete!\nIntake listening on "
                         "http://localhost:4321"),
              "done": "The production build is running on http://localhost:4321, exactly as "
                      "it runs behind Caddy.",
              "hint": (JESS, "Owen,\n\nPreview won't work, the adapter's in middleware mode "
                             "because of the Express wrapper. `npm run build && node "
                             "server.mjs` is the production setup.\n\nJess"),
              "label": "run the production build locally"}),
        Fact("env-host", "environment", ["intake-lon1"],
             ["Where is the client intake website actually hosted?",
              "Sunita's filling in the data protection register and needs to know where the "
              "enquiry site's server is and who runs it"],
             "Where the intake / enquiry site's server is and who runs it: porchlight is "
             "hosted on intake-lon1, a VPS run by the hosting company Mythic Beasts in London "
             "(Ubuntu 24.04, Docker Compose with Caddy in front), so for data protection "
             "records the enquiry data is held in the UK by Mythic Beasts, not on the firm's "
             "own servers or in Microsoft 365.",
             {"goal": "Where exactly is the intake site hosted, and with whom?",
              "said": "where's the intake site actually hosted and who with",
              "probe": [bash("ssh intake 'hostnamectl | grep -E \"Static hostname|Operating "
                             "System\"; curl -s ipinfo.io | grep -E \"city|org\"'",
                             " Static hostname: intake-lon1\nOperating System: Ubuntu 24.04.1 "
                             "LTS\n  \"city\": \"London\",\n  \"org\": \"AS44684 Mythic Beasts "
                             "Ltd\","),
                        bash("ssh intake 'docker compose -f /srv/porchlight/compose.yaml ps "
                             "--format \"{{.Service}} {{.Status}}\"'",
                             "caddy Up 3 weeks\nweb Up 2 days\ndb Up 3 weeks")],
              "confirm": "The intake site runs on intake-lon1, a Mythic Beasts VPS in London "
                         "(Ubuntu 24.04), as Docker Compose services (Caddy, the web app and "
                         "Postgres). So enquiry data is held in the UK, by Mythic Beasts, not "
                         "on the firm's own servers.",
              "guess": "The intake site's on the same server as everything else in the office "
                       "isn't it",
              "asker": SUNITA,
              "asked": "Hi Owen,\n\nI'm updating the record of processing activities. For the "
                       "website enquiry form, where is the data actually held, and by which "
                       "company?\n\nThanks,\nSunita"}),
        Fact("env-mailbox", "environment", ["newmatters"],
             ["Where do the notification e-mails for new enquiries end up?",
              "Tom says he never sees the new enquiry emails which inbox do they actually go "
              "to"],
             "porchlight's new enquiry emails (notification e-mails) go to the shared inbox "
             "newmatters@harcourtlyle.co.uk (NOTIFY_TO in /srv/porchlight/.env, sent through "
             "the Microsoft 365 relay), not to anyone's own inbox; people only see them if "
             "they have been given access to that shared mailbox.",
             {"goal": "Which mailbox do the new-enquiry notifications go to?",
              "said": "which inbox do the new enquiry notifications get sent to",
              "probe": [bash("ssh intake 'grep -E \"^(SMTP_HOST|NOTIFY_TO)=\" "
                             "/srv/porchlight/.env'",
                             "SMTP_HOST=harcourtlyle-co-uk.mail.protection.outlook.com\n"
                             "NOTIFY_TO=newmatters@harcourtlyle.co.uk"),
                        bash("ssh intake 'docker compose -f /srv/porchlight/compose.yaml logs "
                             "web --since 24h | grep -c \"notification sent\"'", "6")],
              "confirm": "Notifications go to the shared mailbox "
                         "newmatters@harcourtlyle.co.uk, through the firm's Microsoft 365 "
                         "relay; six went out in the last day. Anyone who should see them needs "
                         "access to that shared mailbox in Microsoft 365.",
              "guess": "I'm fairly sure the enquiry e-mails go to Sunita's own inbox",
              "asker": TOM,
              "asked": "Hi Owen,\n\nDaniel says enquiries from the website are e-mailed to "
                       "the team, but I've never seen one. Which inbox do they go to?\n\nThanks,"
                       "\nTom"}),
        Fact("gotcha-static", "gotcha", ["prerender = false"],
             ["The callback form returned a 405 on the live site although it worked on the "
              "dev server. What was the reason?",
              "why would a form that works fine in astro dev break once it's built and "
              "deployed"],
             "porchlight gotcha: Astro prerenders pages by default, so a page that handles its "
             "own POST works under `astro dev` but is built as a static HTML file and the POST "
             "fails in production (405 Method Not Allowed); pages that handle form posts need "
             "`export const prerender = false` in their frontmatter.",
             {"symptom": "The new callback page works perfectly with the dev server, but on "
                         "the live site submitting it gives '405 Method Not Allowed'.",
              "said": "the callback page works fine when I run it locally but on the live site "
                      "when you submit it you get 405 method not allowed",
              "trace": "POST https://enquiries.harcourtlyle.co.uk/callback\nHTTP/2 405\nallow: "
                       "GET, HEAD\ncontent-type: text/html\nserver: Caddy",
              "probe": [bash("ls dist/client/callback/",
                             "index.html"),
                        read("src/pages/callback.astro",
                             "---\nimport Layout from '../layouts/Layout.astro';\nif "
                             "(Astro.request.method === 'POST') {\n  const data = await "
                             "Astro.request.formData();\n  await saveCallback(data);\n  return "
                             "Astro.redirect('/callback/thanks');\n}\n---\n")],
              "explain": "Astro prerenders every page unless the page opts out. Under astro "
                         "dev each request runs the page, so the POST branch works; but the "
                         "build turned callback.astro into dist/client/callback/index.html, a "
                         "static file that the server only answers GET and HEAD for, hence the "
                         "405. A page that handles its own POST has to opt out with `export "
                         "const prerender = false` in its frontmatter so it is rendered on "
                         "demand.",
              "fix": [edit("src/pages/callback.astro",
                           "---\nimport Layout from '../layouts/Layout.astro';\n",
                           "---\n// handles its own POST, so render on demand\nexport const "
                           "prerender = false;\nimport Layout from '../layouts/Layout.astro';\n"),
                      bash("npm run build && npx playwright test callback",
                           "Running 3 tests using 3 workers\n  3 passed (6.1s)")],
              "done": "After the rebuild /callback is rendered on demand (no index.html for it "
                      "in dist/client), and the Playwright callback tests pass against the "
                      "production build.",
              "repro": "npx playwright test --project=production-build",
              "hunch": ("Possibly Caddy is refusing POSTs on that path. Checking the "
                        "Caddyfile.",
                        bash("grep -n -A3 'enquiries.harcourtlyle.co.uk' deploy/Caddyfile",
                             "1:enquiries.harcourtlyle.co.uk {\n2:\tencode zstd gzip\n3:\t"
                             "reverse_proxy web:4321\n4:}")),
              "told": "the page has been built as a plain HTML file instead of running on the "
                      "server",
              "panic": (SUNITA, "Hi Owen,\n\nA client rang to say the 'call me back' form on "
                                "the website gives an error when she presses Send. She's the "
                                "third today. Could you take a look?\n\nSunita")}),
        Fact("gotcha-origin", "gotcha", ["checkOrigin"],
             ["Form submissions on the intake site were being rejected as cross-site even "
              "though they came from our own page. What was going on?",
              "after we put the site behind the new proxy every enquiry got a 403 forbidden "
              "what was the fix"],
             "porchlight gotcha: Astro's checkOrigin CSRF check compares the form's Origin "
             "header with the URL the Node server sees; behind Caddy the app saw plain http, "
             "so every POST got 403 'Cross-site POST form submissions are forbidden'. The fix "
             "lists the public host in security.allowedDomains so the adapter honours "
             "X-Forwarded-Proto/Host; checkOrigin stays on.",
             {"symptom": "Since the move behind Caddy, every enquiry submission fails with "
                         "'403 Cross-site POST form submissions are forbidden', although the "
                         "form is on our own site.",
              "said": "ever since we moved behind the new proxy every single enquiry fails "
                      "with 403 cross site post form submissions are forbidden and it's our "
                      "own form",
              "trace": "POST /enquiry 403 2ms - origin=https://enquiries.harcourtlyle.co.uk "
                       "url=http://enquiries.harcourtlyle.co.uk/enquiry\nCross-site POST form "
                       "submissions are forbidden",
              "probe": [read("astro.config.mjs",
                             "export default defineConfig({\n  output: 'server',\n  adapter: "
                             "node({ mode: 'middleware' }),\n  security: { checkOrigin: true "
                             "},\n});\n"),
                        bash("ssh intake 'docker compose -f /srv/porchlight/compose.yaml logs "
                             "web --since 10m | grep -m2 403'",
                             "POST /enquiry 403 2ms - origin=https://enquiries.harcourtlyle.co."
                             "uk url=http://enquiries.harcourtlyle.co.uk/enquiry")],
              "explain": "Astro's checkOrigin protection compares the browser's Origin header "
                         "(https://enquiries...) with the URL of the request as the Node "
                         "server sees it. Caddy terminates TLS and forwards plain http, so the "
                         "app sees http://enquiries..., the two don't match, and every POST is "
                         "treated as cross-site. The adapter only believes X-Forwarded-Proto "
                         "and X-Forwarded-Host for domains listed in security.allowedDomains; "
                         "listing the public hostname there fixes it without turning "
                         "checkOrigin off.",
              "fix": [edit("astro.config.mjs",
                           "  security: { checkOrigin: true },\n",
                           "  security: {\n    checkOrigin: true,\n    // behind Caddy: trust "
                           "its X-Forwarded-* for our own host only\n    allowedDomains: "
                           "[{ hostname: 'enquiries.harcourtlyle.co.uk', protocol: 'https' }],"
                           "\n  },\n")],
              "done": "Enquiries go through again: the last test submission got a 303 to the "
                      "thank-you page, and a cross-site POST from another origin still gets "
                      "403.",
              "repro": "npx playwright test enquiry --project=behind-proxy",
              "hunch": ("It might be Caddy stripping the Origin header. Checking what reaches "
                        "the app.",
                        bash("ssh intake 'docker compose -f /srv/porchlight/compose.yaml logs "
                             "web --since 10m | grep -c \"origin=https\"'", "17")),
              "told": "the app thinks it's on http because the proxy handles the https",
              "panic": (MARGARET, "Owen,\n\nI have just tried to submit a test enquiry on "
                                  "our website, as a client would, and received a message "
                                  "saying 'Forbidden'. We are paying for advertising that "
                                  "points at that form.\n\nMargaret")}),
        Fact("fals-captcha", "falsified", ["reCAPTCHA"],
             ["We're getting spam through the enquiry form again. Why don't we just put one "
              "of Google's 'are you a robot' checks on it?",
              "did we ever have one of those prove you're not a robot things on the enquiry "
              "form and why did it go"],
             "porchlight: putting Google reCAPTCHA on the enquiry form was tried and removed — "
             "it sends enquirers' data to Google, which the firm's privacy notice and data "
             "protection assessment don't allow, and older clients couldn't get through the "
             "challenges (enquiries fell by a third); spam is handled by the honeypot field "
             "and the per-IP rate limit.",
             {"ask": "The spam is getting silly. Please try adding Google reCAPTCHA v3 to the "
                     "enquiry form and run the end-to-end tests.",
              "change": [bash("npm install react-google-recaptcha-v3",
                              "added 2 packages, and audited 612 packages in 3s"),
                         edit(form, "  <form method=\"POST\" action={actions.enquire}>\n",
                              "  <script src=\"https://www.google.com/recaptcha/api.js?render="
                              "6LcQx...\" is:inline></script>\n  <form method=\"POST\" "
                              "action={actions.enquire}>\n")],
              "broke": bash("npx playwright test enquiry",
                            "  ✘ enquiry.spec.ts:41 › no third-party requests from the form "
                            "(privacy)\n    Error: request to https://www.google.com/recaptcha/"
                            "api.js is not on the allow list in tests/privacy-allowlist.json\n"
                            "  ✘ enquiry.spec.ts:58 › keyboard-only user can submit\n  2 "
                            "failed, 9 passed (14.2s)", 1),
              "revert": bash("git checkout -- package.json package-lock.json "
                             f"{form} && npm install --silent && git status --short", ""),
              "conclusion": "No reCAPTCHA on the enquiry form. It sends enquirers' data to "
                            "Google, which the firm's privacy notice and Sunita's data "
                            "protection assessment don't allow, and when it was live for a "
                            "fortnight older clients couldn't get past the challenges and "
                            "enquiries fell by about a third. Spam is handled by the honeypot "
                            "field and the per-IP rate limit in the Express wrapper.",
              "want": "the spam through the enquiry form is getting ridiculous can't we just "
                      "put a captcha on it like everyone else",
              "offer": "Google reCAPTCHA v3 is the usual answer: invisible for most people, a "
                       "score per submission, and we reject the low scores. Shall I add it?",
              "story": "Jess put reCAPTCHA on it when the site launched. Sunita's data "
                       "protection assessment said we couldn't send enquirers' data to Google, "
                       "and in the fortnight it was up, enquiries fell by a third because our "
                       "older clients couldn't do the picture puzzles. It came off again.",
              "title": "reCAPTCHA on the enquiry form",
              "pitch": (MARGARET, "Owen,\n\nSunita tells me we had forty spam enquiries last "
                                  "week. Other firms' websites make you tick a box to prove "
                                  "you are not a robot. Could we not do the same?\n\nM")}),
        Fact("fals-uploads", "falsified", ["bytea"],
             ["Wouldn't it be simpler to keep the documents clients upload in the database "
              "alongside their enquiry?",
              "did we ever store the uploaded files inside postgres itself and what went "
              "wrong"],
             "porchlight: storing clients' uploaded documents inside Postgres (a bytea column "
             "on enquiry_documents) was tried and reverted — the database grew by gigabytes, "
             "the nightly pg_dump overran its window and restores took hours; uploads stay as "
             "files on the encrypted /srv/porchlight/uploads volume with only their metadata "
             "in Postgres.",
             {"ask": "Please try keeping uploaded documents in Postgres itself, in the "
                     "enquiry_documents table, instead of files on disk, so everything about "
                     "an enquiry is in one place; then run the backup check.",
              "change": [write("src/db/migrations/2026_02_25_documents_in_db.ts",
                               "import { Kysely } from 'kysely';\n\nexport async function up(db: "
                               "Kysely<any>) {\n  await db.schema.alterTable('enquiry_documents')"
                               "\n    .addColumn('content', 'bytea')\n    .execute();\n}\n"),
                         edit(actions, "    await saveUpload(file, `${UPLOAD_DIR}/${id}`);\n",
                              "    await db.updateTable('enquiry_documents').set({ content: "
                              "Buffer.from(await file.arrayBuffer()) })\n      .where('id', "
                              "'=', id).execute();\n")],
              "broke": bash("npm run check:backup -- --with-fixture-uploads",
                            "loading 1,900 fixture uploads (4.1 GB) ... done\npg_dump "
                            "porchlight: 38m12s (budget 10m)\nrestore into scratch db: 1h04m\n"
                            "FAIL: backup window exceeded", 1),
              "revert": bash("rm src/db/migrations/2026_02_25_documents_in_db.ts && git "
                             f"checkout -- {actions} && git status --short", ""),
              "conclusion": "Uploads stay as files on the encrypted /srv/porchlight/uploads "
                            "volume, with only their name, size and checksum in Postgres. "
                            "Putting the documents in a bytea column made the database "
                            "gigabytes bigger, so the nightly pg_dump took 38 minutes against "
                            "a 10-minute window and a restore took over an hour.",
              "want": "Should uploaded documents not just live in the database with the "
                      "enquiry? Then it's all in one place.",
              "offer": "Postgres can hold them in a bytea column on enquiry_documents, so an "
                       "enquiry and its files are backed up and deleted together. Shall I "
                       "move them?",
              "story": "Jess had them in the database at the start in a bytea column and "
                       "within three months the database was six gig the nightly dump ran "
                       "into the morning and a test restore took most of a day so they went "
                       "back to files on the encrypted volume",
              "title": "Uploaded documents in Postgres",
              "pitch": (CRAIG, "Owen,\n\nFor the backup review: could the website's uploaded "
                               "documents go into its database rather than a folder? One thing "
                               "to back up instead of two.\n\nCraig")}),
    ]
    chatter = [
        "> porchlight@2.3.0 build",
        "> astro check && astro build",
        "11:02:01 [types] Generated 212ms",
        "11:02:03 [build] output: \"server\"",
        "11:02:03 [build] adapter: @astrojs/node",
        "11:02:09 [vite] ✓ 118 modules transformed.",
        "11:02:14 [build] Server built in 13.02s",
        "Running 11 tests using 4 workers",
        "  ✓  enquiry.spec.ts:12 › shows the enquiry form (1.1s)",
        "  ✓  enquiry.spec.ts:23 › validates the telephone number (0.9s)",
        "  ✓  thanks.spec.ts:8 › thank-you page has no tracking (0.4s)",
        "{\"level\":\"info\",\"ts\":1740389012.41,\"logger\":\"http.log.access\",\"msg\":"
        "\"handled request\",\"status\":200}",
        "GET /enquiry 200 18ms",
        "GET /thanks 200 6ms",
    ]
    noise: list[Episode] = [
        look("What does the enquiry action do with the 'how did you hear about us' answer?",
             actions,
             "    const source = input.heardFrom ?? 'not given';\n    await db.insertInto("
             "'enquiry_sources').values({ enquiry_id: id, source }).execute();\n",
             "It stores it in enquiry_sources against the enquiry, or 'not given' if the "
             "person skipped the question."),
        find("where's the list of practice areas on the form", "PRACTICE_AREAS",
             ["src/lib/practiceAreas.ts", form],
             "src/lib/practiceAreas.ts defines it and EnquiryForm.astro builds the drop-down "
             "from it."),
        tweak("the drop down still has Notarial Services we stopped doing that take it out",
              "src/lib/practiceAreas.ts",
              "  'Wills and Probate',\n  'Notarial Services',\n",
              "  'Wills and Probate',\n",
              "Removed Notarial Services from the list."),
        run("How many enquiries are in my local database?",
            "psql \"$DATABASE_URL\" -Atc 'select count(*) from enquiries'", "57",
            "57 enquiries locally."),
        talk("What's the difference between Astro islands and a normal single-page app, "
             "briefly?",
             "A single-page app ships one JavaScript bundle that renders the whole page in the "
             "browser. Astro renders pages to HTML on the server and ships JavaScript only for "
             "the interactive bits you mark as islands (client:load and so on), each hydrated "
             "on its own; everything else stays plain HTML. For a form-heavy site it means far "
             "less JavaScript."),
        steps("what went into the site this week",
              [bash("git log --oneline --since=monday",
                    "f2a07c3 practice areas: drop notarial\n9c81e44 thanks page: plain "
                    "language\n14bd6a0 deps: astro 5.4")],
              "Three commits: dropping notarial services, plainer wording on the thank-you "
              "page, and the Astro 5.4 upgrade."),
        [Step(prompt="Please make a list for the accessibility fixes: contrast on the submit "
                     "button, labels on the date fields, focus outline."),
         Step(tools=[todo_write([("Submit button contrast", "pending", "Fixing contrast"),
                                 ("Labels on the date fields", "pending", "Adding labels"),
                                 ("Visible focus outline", "pending", "Fixing the focus "
                                                                      "outline")])]),
         Step(text="Three items."),
         Step(prompt="add error messages read out by screen readers to the end"),
         Step(tools=[todo_write([("Submit button contrast", "pending", "Fixing contrast"),
                                 ("Labels on the date fields", "pending", "Adding labels"),
                                 ("Visible focus outline", "pending", "Fixing the focus "
                                                                      "outline"),
                                 ("Error messages announced to screen readers", "pending",
                                  "Announcing errors")])]),
         Step(text="Added it as the fourth item.")],
        steps("Is there anything in the site that loads from a third-party domain?",
              [agent("Find third-party requests",
                     "Search src/ and public/ for URLs or imports that load scripts, fonts, "
                     "images or styles from domains other than enquiries.harcourtlyle.co.uk, "
                     "and list them with file and line.",
                     "None in src/ or public/: fonts are self-hosted under public/fonts, there "
                     "is no analytics script, and the only absolute URLs are links (not loads) "
                     "to the SRA's website in src/components/Footer.astro.",
                     "c5e91a0d37b8", "Explore", 4)],
              "Nothing loads from elsewhere: fonts are self-hosted, there's no analytics, and "
              "the only outside URLs are ordinary links to the SRA in the footer."),
    ]
    return Project(
        "porchlight", "git@github.com:harcourt-lyle/porchlight.git",
        _files("porchlight", "Harcourt Lyle's client enquiry site: the enquiry form, call-back "
                             "requests and uploads.",
               {"package.json": "{\n  \"name\": \"porchlight\",\n  \"version\": \"2.3.0\",\n  "
                                "\"type\": \"module\"\n}\n"}),
        _equip(facts, mates=["Jess", "Craig"], chatter=chatter),
        noise, "postgres")


def projects() -> list[Project]:
    return [deedloom(), sealpost(), tallystick(), porchlight()]
