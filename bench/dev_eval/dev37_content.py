"""The ``dev37`` split, "a hospital trust's clinical-systems developer, back from leave": four
projects, ten planted facts each.

Written in the twenty-second pass by a helper that read no rlat code; to be read untuned.

The developer works in the clinical systems team of Calderbrook Teaching Hospitals NHS
Foundation Trust and has just come back from three weeks of leave. While they were away the
team kept going: a contractor covered the integration engine, a colleague took over the
runbooks, the DBA changed how database changes are released, the dashboard moved server. So
most of what they learn in these sessions is what changed, and it reaches them second hand: a
teammate's handover note pasted in, an email or Teams message forwarded into the chat, a pull
request comment, a wiki page, or the assistant reading the repository and saying what it found.
They type the way people do on a first week back with a full inbox: lower case, typos, half
sentences, long requests with the one rule that matters somewhere in the middle, pasted
terminal output and message logs, and corrections after the assistant did it the way things
used to be done. Later they ask about the same things the way someone who half remembers
asks: "there was something about ...", "what was the new way to ...".

The durable facts arrive the ways a week back brings them: a convention quoted from a handover
note, said as a correction after the assistant did it the old way (at the permission prompt or
after the edit went in), read by the assistant in the repo's docs and confirmed as new, or
buried in a long request; a command whose old form fails (the assistant finds the new one in a
script, the user pastes a teammate's email with it, the user pastes their own failed attempt,
or it is worked out and written into the team notes); an environment fact looked up, half
remembered wrongly and corrected, asked about by someone outside the team in an email, or
checked because it may have changed during the leave; a gotcha (a pasted error, a cause
buried in a long log, a restart that fixes nothing until the user remembers what a teammate
said, or a teammate's Teams diagnosis confirmed); and an approach tried and dropped (the
handover says it was tried, it is tried again in the session and reverted, written up as a
rejected decision record from a pasted email thread, or found reverted in the git history).

The projects: sorrelbridge, the trust's HL7 v2 / FHIR integration engine (Java 21, Apache
Camel 4 with MLLP listeners, HAPI HL7v2 parsing, the HAPI FHIR client posting to the trust's
FHIR R4 server, a PostgreSQL message journal, Testcontainers tests, podman on RHEL 9);
wardlowe, the nurse bank-shift rota app (.NET 8 Blazor Web App in interactive server mode,
EF Core 8 on SQL Server, MudBlazor, Entra ID sign-in, bUnit and xUnit, IIS behind an F5);
ketchmoor, the estate of Azure Automation runbooks (PowerShell 7.2, Az and Microsoft Graph
modules, a Hybrid Runbook Worker group for on-prem Active Directory, the ESR starters and
leavers feed, Pester 5 via Invoke-Build, Bicep for the automation account); and pellbeck, the
emergency department and bed-state dashboard (Python Plotly Dash with dash-bootstrap-components
over the Azure Databricks warehouse, pytest, deployed to Posit Connect).

Slots, by kind (the shared names of ``templates.py`` plus this split's own):

* convention - ``task``, ``rule``, ``contrary`` (a tool doing it the old way), ``follow``,
  ``done``, ``doc`` (``(path, text)``: where the repo now writes the rule down), ``found``
  (the assistant's reading of it);
* command - ``goal``, ``fail`` (the old or naive form, failing), ``note``, ``ok``, ``done``,
  ``hint`` (the working command in a teammate's words), ``script`` (``(path, text)`` holding
  the working command);
* environment - ``goal``, ``probe``, ``confirm``, ``guess`` (the user's wrong half memory),
  ``asked`` (a question from someone outside the team);
* gotcha - ``symptom``, ``trace``, ``probe``, ``explain``, ``fix``, ``done``, ``told`` (the
  diagnosis in a teammate's words), ``repro`` (a command whose long output holds the trace);
* falsified - ``ask``, ``change``, ``broke``, ``revert``, ``conclusion``, ``want`` (the idea as
  the user raises it), ``offer`` (the assistant suggesting it), ``story`` (what happened, as
  the handover or a teammate tells it), ``title`` (the decision record's or revert's subject).

Every fact also carries its project's ``mates`` (the teammates whose notes and messages are
relayed), ``outsider`` (someone outside the team who emails questions), ``notes`` (the team
notes file), ``chatter`` (ordinary log lines long output is padded with) and ``naive`` (a
restart or clean that changes nothing).
"""

from __future__ import annotations

import random
import re

from .templates import find, look, run, steps, talk, tweak
from .transcript import REJECTED, agent, ask_user, bash, edit, read, refused, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


def _pick(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _mate(s: dict, rng: random.Random) -> str:
    return rng.choice(s["mates"])


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def _buried(trace: str, chatter: list[str], rng: random.Random) -> str:
    """``trace`` in the middle of a long run of ordinary log lines."""
    keep = sorted(rng.sample(range(len(chatter)), min(len(chatter), rng.randint(9, 13))))
    lines = [chatter[i] for i in keep]
    cut = rng.randint(3, len(lines) - 3)
    return "\n".join(lines[:cut] + trace.splitlines() + lines[cut:])


def _sha(rng: random.Random) -> str:
    return f"{rng.getrandbits(28):07x}"


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:48].rstrip("-")


BACK = ("first week back, ", "back from leave — ", "3 weeks off, brain empty. ",
        "ok, catching up. ", "")


# ------------------------------------------------------------------- phrasing templates
# convention
def conv_handover(s: dict, rng: random.Random) -> Episode:
    """The rule is quoted from a teammate's handover note."""
    mate = _mate(s, rng)
    ask = _pick(rng,
                "{back}going through {mate}'s handover doc. this bit matters for today:\n\n"
                "> {rule}\n\nso with that in mind — {task}",
                "{task}\n\nfrom {mate}'s handover notes (pasting bc i wont remember it):\n"
                "\"{rule}\"",
                "{back}{mate} left me a handover. relevant line: {rule}\n\nanyway. {task}")
    return [Step(prompt=ask.format(back=_pick(rng, *BACK), mate=mate, rule=s["rule"],
                                   task=s["task"])),
            Step(text=_pick(rng, "Noted — doing it that way.", "OK, following the handover.",
                            ""), tools=s["follow"]),
            Step(text=s["done"])]


def conv_old_way(s: dict, rng: random.Random) -> Episode:
    """The assistant does it the way it used to be done; the user corrects it, at the
    permission prompt or after the edit went in."""
    if rng.random() < 0.5:
        said = _pick(rng, "no - that changed while i was off. {rule}",
                     "hang on, not like that anymore. {rule}",
                     "nope. apparently {rule}")
        first: Episode = [
            Step(text=_pick(rng, "Making the change:", "Here's the edit.", ""),
                 tools=[refused(s["contrary"], REJECTED + said.format(rule=s["rule"]))])]
    else:
        said = _pick(rng, "ah wait, undo that. {rule} (new since i went on leave, sorry)",
                     "hmm no, {rule}. thats how {mate} set it up while i was away",
                     "thats the old way. {rule}")
        first = [Step(text=_pick(rng, "Straightforward:", "Adding it.", ""),
                      tools=[s["contrary"]]),
                 Step(text=_pick(rng, "Done. Want me to run the tests?", "That's in.")),
                 Step(prompt=said.format(rule=s["rule"], mate=_mate(s, rng)))]
    return [Step(prompt=s["task"]), *first,
            Step(text=_pick(rng, "Understood — redoing it that way.", "Right, changing it.",
                            "Got it."), tools=s["follow"]),
            Step(text=s["done"])]


def conv_repo_says(s: dict, rng: random.Random) -> Episode:
    """The assistant finds the rule written down in the repo; it is new to the user."""
    path, text = s["doc"]
    return [Step(prompt=s["task"]),
            Step(text=_pick(rng, "Checking the repo's conventions before I touch anything.",
                            "Let me see if the docs say how this should be done.", ""),
                 tools=[read(path, text)]),
            Step(text=f"{s['found']} I'll follow that unless you say otherwise."),
            Step(prompt=_pick(rng, "huh, thats new. someone added that while i was off. yes "
                                   "follow it",
                              "oh right, {mate} mentioned that. yep",
                              "ok yes, do it that way").format(mate=_mate(s, rng))),
            Step(tools=s["follow"]),
            Step(text=s["done"])]


def conv_long_request(s: dict, rng: random.Random) -> Episode:
    """A long request with the rule somewhere in the middle."""
    filler_a = _pick(rng, "inbox is 300 emails deep and i have a cab slot thursday so lets get "
                          "this moving.",
                     "sorry this is a brain dump, still catching up on what happened while i "
                     "was away.",
                     "context: this came up in the team huddle this morning, {mate} asked me "
                     "to pick it up.")
    filler_b = _pick(rng, "keep the diff small pls, the change board reads every line.",
                     "dont bother with docs yet, ill do those after.",
                     "if anything looks weird just ask rather than guessing.")
    ask = (f"{filler_a}\n\n{s['task']}.\n\nfwiw — and this is the bit people keep getting "
           f"wrong — {s['rule']}.\n\n{filler_b}").format(mate=_mate(s, rng))
    return [Step(prompt=ask),
            Step(tools=[todo_write([(_lower(s["task"])[:70], "in_progress", "Working on it"),
                                    ("Check the result", "pending", "Checking")])]),
            Step(text=_pick(rng, "Working through it.", "Starting on it, keeping to that rule.",
                            ""), tools=s["follow"]),
            Step(text=s["done"])]


# command
def cmd_muscle_memory(s: dict, rng: random.Random) -> Episode:
    """The command the user remembers fails; the assistant finds the current one in the repo."""
    path, text = s["script"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(prompt=_pick(rng, "?? thats what i always ran. did it change",
                              "wtf, that used to work", "hm. that worked before i went off")),
            Step(text=_pick(rng, "Something changed — checking what the repo runs now.",
                            "Let me see what the scripts do these days."),
                 tools=[read(path, text)]),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_email(s: dict, rng: random.Random) -> Episode:
    """The assistant's attempt fails; the user pastes a teammate's email with the command."""
    mate = _mate(s, rng)
    said = _pick(rng, "hold on, {mate} emailed about this. pasting:\n\n> From: {mate}\n> "
                      "Subject: RE: stuff while you're off\n>\n> ...and if you need to do "
                      "that, {hint}\n> cheers",
                 "{mate} sent me this while i was off:\n\n\"{hint}\"",
                 "try what {mate} said in the handover email: {hint}")
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_pick(rng, "That failed — the error's above.", "Not that way, it seems.",
                            "Hm, that errored.")),
            Step(prompt=said.format(mate=mate, hint=s["hint"])),
            Step(tools=[s["ok"]]),
            Step(text=f"{s['note']} {s['done']}")]


def cmd_pasted(s: dict, rng: random.Random) -> Episode:
    """The user pastes their own failed attempt."""
    fail = s["fail"]
    lead = _pick(rng, "{goal}. tried it and got this:", "{goal}\n\nwhy is this failing now",
                 "{back}{goal} — ???")
    return [Step(prompt=lead.format(goal=s["goal"], back=_pick(rng, *BACK))
                 + f"\n\n```\n$ {fail.command}\n{fail.output}\n```"),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "ah ok thanks", "right, makes sense", "ok ta")),
            Step(text=_pick(rng, "No problem.", "Sure.", "👍"))]


def cmd_to_notes(s: dict, rng: random.Random) -> Episode:
    """Worked out in the session, then written into the team notes."""
    ok, notes = s["ok"], s["notes"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[ok]), Step(text=s["done"]),
            Step(prompt=_pick(rng, "stick that in {notes} so the next person back from leave "
                                   "doesnt hit it too",
                              "add it to {notes} pls",
                              "can you write that in {notes}, i'll forget by friday"
                              ).format(notes=notes)),
            Step(tools=[edit(notes, "## how do i\n", f"## how do i\n\n    {ok.command}\n")]),
            Step(text=f"Added to {notes} under \"how do i\".")]


# environment
def env_lookup(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=_pick(rng, "Checking the repo rather than guessing.", "Let me look.", ""),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_half_remember(s: dict, rng: random.Random) -> Episode:
    """The user half remembers it, wrongly; the assistant checks."""
    ask = _pick(rng, "{guess}, isnt it? or something like that. three weeks off has wiped "
                     "my brain",
                "{guess} — right? need to be sure before i tell people",
                "quick sanity check, {guess}?")
    return [Step(prompt=ask.format(guess=s["guess"])),
            Step(tools=s["probe"]),
            Step(text=f"{_pick(rng, 'Not any more.', 'Not quite.', 'No — the repo says otherwise.')} "
                      f"{s['confirm']}"),
            Step(prompt=_pick(rng, "huh. ok, glad i checked", "right. must have changed while "
                              "i was out", "ok ta")),
            Step(text=_pick(rng, "Sure.", "No problem."))]


def env_email_asks(s: dict, rng: random.Random) -> Episode:
    """Someone outside the team emails a question; the assistant finds out and drafts a reply."""
    who = s["outsider"]
    ask = _pick(rng, "email from {who}:\n\n> {asked}\n\ncan you check and draft me a reply",
                "{who} is asking \"{asked}\" — what do i tell them",
                "got this from {who}, {asked}\n\nno idea tbh, can you look")
    return [Step(prompt=ask.format(who=who, asked=s["asked"])),
            Step(tools=s["probe"]),
            Step(text=f"{s['confirm']}\n\nA reply you could send:\n\n> Hi — "
                      f"{_lower(s['confirm'])}"),
            Step(prompt=_pick(rng, "perfect, sent", "ta", "great thanks")),
            Step(text=_pick(rng, "👍", "Good.", "Great."))]


def env_changed(s: dict, rng: random.Random) -> Episode:
    """The user checks whether it changed while they were away."""
    ask = _pick(rng, "{goal} — and did that change at all while i was on leave?",
                "{back}{goal}",
                "{goal}. asking because half the config seems different since i got back")
    return [Step(prompt=ask.format(goal=s["goal"], back=_pick(rng, *BACK))),
            Step(tools=s["probe"]),
            Step(text=s["confirm"]),
            Step(prompt=_pick(rng, "ok noted", "right. new to me", "fine")),
            Step(text=_pick(rng, "OK.", "👍"))]


# gotcha
def gotcha_paste(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"),
            Step(text=_pick(rng, "Looking.", "", "Let me dig in."), tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_log(s: dict, rng: random.Random) -> Episode:
    """The assistant reproduces it; the cause is in the middle of a long log."""
    return [Step(prompt=s["symptom"]),
            Step(text="Reproducing it first.",
                 tools=[bash(s["repro"], _buried(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "There's the relevant part, halfway down.",
                            "The useful lines are buried in the middle."), tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_restart(s: dict, rng: random.Random) -> Episode:
    """The assistant's restart or clean changes nothing; the user remembers what a teammate
    said."""
    said = _pick(rng, "no its not that. {mate} said something about this in the team chat "
                      "while i was off — {told}",
                 "stop, restarting wont help. {told}",
                 "hmm i think {mate} hit this. something like: {told}")
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"),
            Step(text="Could be stale state; trying a clean start first.", tools=[s["naive"]]),
            Step(text="That ran clean, but I doubt it changes anything."),
            Step(prompt=said.format(mate=_mate(s, rng), told=s["told"])),
            Step(tools=s["probe"]),
            Step(text=f"Yes, that's it. {s['explain']}", tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_teams(s: dict, rng: random.Random) -> Episode:
    """A teammate's Teams message has the diagnosis; the assistant confirms and fixes."""
    mate = _mate(s, rng)
    ask = _pick(rng, "{symptom}\n\n{mate} on teams: \"{told}\" — can you confirm and fix",
                "{symptom}. pinged {mate}, they reckon {told}")
    return [Step(prompt=ask.format(symptom=s["symptom"], mate=mate, told=s["told"])
                 + f"\n\n```\n{s['trace']}\n```"),
            Step(tools=s["probe"]),
            Step(text=f"{mate} is right. {s['explain']}", tools=s["fix"]),
            Step(text=s["done"])]


# falsified
def fals_handover_story(s: dict, rng: random.Random) -> Episode:
    """The assistant suggests it; the user finds in the handover that it was tried."""
    said = _pick(rng, "hold on — {mate}'s handover says they tried that while i was off: "
                      "{story}",
                 "no, dont. {story}",
                 "we did that already, its in the handover: {story}")
    return [Step(prompt=s["want"]), Step(text=s["offer"]),
            Step(prompt=said.format(mate=_mate(s, rng), story=s["story"])),
            Step(text=f"Then I'll leave it alone. {s['conclusion']}")]


def fals_tried_here(s: dict, rng: random.Random) -> Episode:
    undo = _pick(rng, "ugh. revert it", "ok no, put it back", "nope. back it out")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=undo),
            Step(text=_pick(rng, "Reverting.", "Backing it out.", ""), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_adr(s: dict, rng: random.Random) -> Episode:
    """A pasted email thread; the user wants a rejected decision record written."""
    mate = _mate(s, rng)
    ask = _pick(rng, "this email thread happened while i was away, pasting the gist:\n\n> "
                     "{mate}: {story}\n\ncan you write it up as a rejected ADR in docs/adr so "
                     "nobody suggests it again ({want})",
                "write an ADR, status rejected, for this pls. question was \"{want}\" and "
                "{mate}'s answer was: {story}")
    path = f"docs/adr/{rng.randint(14, 41):04d}-{_slug(s['title'])}.md"
    return [Step(prompt=ask.format(mate=mate, want=s["want"], story=s["story"])),
            Step(tools=[write(path, f"# {s['title']}\n\nStatus: rejected\n\n## Decision\n\n"
                                    f"{s['conclusion']}\n")]),
            Step(text=f"Written to {path} with status rejected.")]


def fals_git_log(s: dict, rng: random.Random) -> Episode:
    """The assistant checks the history before trying it and finds it reverted."""
    mate = _mate(s, rng)
    log = (f"{_sha(rng)} {mate} {rng.randint(2, 27)} {_pick(rng, 'Sep', 'Oct', 'Nov')}\n"
           f"Revert: {s['title']}\n\n{s['story']}\n\n{_sha(rng)} {mate} earlier\n"
           f"{_pick(rng, 'wip', 'try it', 'spike')}")
    return [Step(prompt=s["want"]),
            Step(text=_pick(rng, "Before I suggest anything — checking whether someone tried "
                                 "this already.", "Let me check the history first."),
                 tools=[bash("git log --since=6.weeks -i --grep=revert --format='%h %an %ad%n"
                             "%s%n%b' --date=format:'%d %b' | head -40", log)]),
            Step(text=f"It was tried while you were away and reverted. {s['conclusion']}"),
            Step(prompt=_pick(rng, "ah. ok leave it then", "right, skip it", "fair enough")),
            Step(text=_pick(rng, "OK.", "Leaving it."))]


TEMPLATES = {
    "convention": [conv_handover, conv_old_way, conv_repo_says, conv_long_request],
    "command": [cmd_muscle_memory, cmd_email, cmd_pasted, cmd_to_notes],
    "environment": [env_lookup, env_half_remember, env_email_asks, env_changed],
    "gotcha": [gotcha_paste, gotcha_log, gotcha_restart, gotcha_teams],
    "falsified": [fals_handover_story, fals_tried_here, fals_adr, fals_git_log],
}

UNRELATED = [
    "what's a sensible way to catch up on three weeks of slack and email without losing a day",
    "explain the difference between optimistic and pessimistic locking, with a db example",
    "how do i write a good handover note before going on leave? give me a template",
    "what does the liskov substitution principle actually mean in practice",
    "give me a regex for a uk postcode, the loose kind that accepts lowercase",
    "how does tls mutual authentication work, short version",
    "what's the difference between a process and a thread on windows",
    "write a small python function that chunks a list into batches of n",
    "is it worth learning vim motions if i mostly live in vs code",
    "how should i structure a 30 minute knowledge-sharing session for my team",
    "explain cron syntax, especially the day-of-week field",
    "what makes a good commit message body, with an example",
    "how do people usually estimate work when half of it is waiting on other teams",
    "what's the difference between authentication and authorisation, in one paragraph",
    "explain what a bloom filter is and when you'd reach for one",
    "tips for reviewing a big pull request someone else wrote while i was away",
    "how do I write a polite email pushing back on an unrealistic deadline",
    "sql: difference between where and having, with an example",
    "what is a race condition, explain it to a non-developer",
    "how do i stop git asking for my password every time on linux",
    "what's the point of semantic versioning if nobody follows it",
    "markdown table syntax reminder please",
]

UNANSWERED: dict[str, list[str]] = {
    "sorrelbridge": [
        "how many messages a day does the engine handle at peak these days?",
        "when is the pas being replaced, did the programme board pick a date?",
        "who signs off the clinical safety case for new interfaces now?",
        "is the radiology feed moving onto the engine this year?",
        "what's the budget for the integration server refresh?",
    ],
    "wardlowe": [
        "how many bank shifts got filled through the app last month?",
        "are the community nursing teams going to use the rota app too?",
        "who chairs the e-rostering steering group now?",
        "is there a mobile app version planned for the rota?",
        "what did the ward managers say in the last user feedback survey?",
    ],
    "ketchmoor": [
        "how many accounts did the leavers process disable last month?",
        "when does the trust's microsoft enterprise agreement renew?",
        "is the service desk getting another analyst this year?",
        "who audits the starters and leavers process for the dspt submission?",
        "are we moving the on-prem domain controllers into azure at some point?",
    ],
    "pellbeck": [
        "what was the four-hour performance figure for last month?",
        "does the exec board actually look at the dashboard?",
        "when is the new urgent and emergency care target coming in?",
        "how many people log into the dashboard each week?",
        "is the community hospital data going to be added to the dashboard?",
    ],
}


def _equip(facts: list[Fact], **extra) -> list[Fact]:
    for fact in facts:
        for name, value in extra.items():
            fact.slots.setdefault(name, value)
    return facts


# ------------------------------------------------------------------- sorrelbridge
def sorrelbridge() -> Project:
    pkg = "src/main/java/uk/calderbrook/sb"
    adt = f"{pkg}/routes/AdtInboundRoute.java"
    lims = f"{pkg}/routes/LimsResultsRoute.java"
    test = bash("./mvnw -q test",
                "[INFO] Tests run: 212, Failures: 0, Errors: 0, Skipped: 3\n[INFO] BUILD SUCCESS")
    facts = [
        Fact("conv-ack", "convention", ["autoAck=false"],
             ["when a new hl7 feed comes in over mllp, at what point do we send the ack back? "
              "there was a change about that",
              "what's the rule now for acknowledging inbound messages on the engine so nothing "
              "gets lost if it falls over?"],
             "In sorrelbridge (the HL7 integration engine) every inbound MLLP route sets "
             "autoAck=false on the mllp endpoint and sends the HL7 ACK only after the message "
             "is written to the journal (commit, then acknowledge): if the engine dies "
             "mid-route the sender resends instead of the message being lost.",
             {"task": "add an inbound route for the new maternity system's ADT feed, its own "
                      "mllp port (maternity.mllp.port), mapped the same as the pas adt",
              "rule": "inbound mllp routes only ack once the message is in the journal. "
                      "autoAck=false on the endpoint, then the ack goes out after the journal "
                      "insert — if we fall over mid route the sender resends instead of us "
                      "silently losing an admission",
              "contrary": write(f"{pkg}/routes/MaternityAdtRoute.java",
                                "@Component\npublic class MaternityAdtRoute extends "
                                "RouteBuilder {\n  @Override\n  public void configure() {\n"
                                "    from(\"mllp://0.0.0.0:{{maternity.mllp.port}}\")\n"
                                "      .routeId(\"maternity-adt-in\")\n      .to(\"direct:"
                                "journal-insert\")\n      .to(\"direct:adt-to-fhir\");\n  }\n}\n"),
              "follow": [write(f"{pkg}/routes/MaternityAdtRoute.java",
                               "@Component\npublic class MaternityAdtRoute extends "
                               "RouteBuilder {\n  @Override\n  public void configure() {\n"
                               "    from(\"mllp://0.0.0.0:{{maternity.mllp.port}}"
                               "?autoAck=false\")\n      .routeId(\"maternity-adt-in\")\n"
                               "      .to(\"direct:journal-insert\")\n      // ack only once "
                               "the journal row is committed\n      .process(Acks::"
                               "applicationAccept)\n      .wireTap(\"direct:adt-to-fhir\");\n"
                               "  }\n}\n"),
                         test],
              "done": "MaternityAdtRoute listens on maternity.mllp.port with autoAck=false: "
                      "the message goes into the journal first and the AA ack is sent only "
                      "after that insert commits; the FHIR mapping runs off a wire tap. Tests "
                      "pass.",
              "doc": ("docs/routes.md",
                      "# Writing routes\n\n## Inbound MLLP\n\n- Always `autoAck=false` on the "
                      "mllp endpoint.\n- Insert into the journal first (`direct:journal-"
                      "insert`), then send the ACK (`Acks::applicationAccept`).\n- Never ack "
                      "before the journal commit: if the engine dies mid-route the sender must "
                      "resend. (Bronwen, after the October incident.)\n"),
              "found": "docs/routes.md (added in October) says every inbound MLLP endpoint "
                       "uses autoAck=false, the message is inserted into the journal first, "
                       "and only then is the ACK sent."}),
        Fact("conv-logging", "convention", ["MSH-10"],
             ["what am i allowed to put in the logs when an hl7 message blows up? someone "
              "said something about patient data",
              "when a message fails on the engine, how do we identify it in the log without "
              "leaking anything?"],
             "sorrelbridge never logs HL7 message bodies or PID (patient) fields — patient "
             "data in the logs/Splunk is a reportable IG incident; a failed message is "
             "identified only by its message control ID (MSH-10) and message type, logged "
             "through Hl7Log.safe().",
             {"task": "the lims route swallows parse errors, add a warning log when a result "
                      "message fails to parse",
              "rule": "never log the body or any PID field. patient data turning up in splunk "
                      "is a reportable IG incident now (there was one while i was off). log "
                      "the control id and message type via Hl7Log.safe() and nothing else",
              "contrary": edit(lims, "      .onException(HL7Exception.class).handled(true)\n",
                               "      .onException(HL7Exception.class).handled(true)\n"
                               "        .log(LoggingLevel.WARN, \"ORU parse failed: ${body}\")\n"),
              "follow": [edit(lims, "      .onException(HL7Exception.class).handled(true)\n",
                              "      .onException(HL7Exception.class).handled(true)\n"
                              "        // MSH-10 control id + message type only, never the "
                              "body\n        .process(e -> LOG.warn(\"ORU parse failed {}\", "
                              "Hl7Log.safe(e)))\n"),
                         test],
              "done": "Parse failures on the LIMS route now log a warning with Hl7Log.safe(), "
                      "which prints only the control id (MSH-10) and the message type — no "
                      "body, no PID fields. Tests pass.",
              "doc": ("docs/logging.md",
                      "# Logging\n\nNo message bodies. No PID segment fields. Patient "
                      "identifiable data in Splunk is a reportable IG incident.\n\nIdentify a "
                      "message by its control ID (MSH-10) and type, using `Hl7Log.safe()`.\n"),
              "found": "docs/logging.md forbids logging message bodies or any PID field "
                       "(patient data in Splunk is a reportable IG incident) and says to "
                       "identify a message by its control ID, MSH-10, and type via "
                       "Hl7Log.safe()."}),
        Fact("cmd-it", "command", ["TESTCONTAINERS_RYUK_DISABLED=true"],
             ["how do i get the testcontainers tests running on my laptop now that docker "
              "desktop is gone?",
              "the engine's integration test suite says it can't find a container runtime — "
              "what does it need?"],
             "To run sorrelbridge's integration tests (Testcontainers, the -Pit profile) on "
             "the laptops, which now have rootless podman instead of Docker Desktop: "
             "`DOCKER_HOST=unix://$XDG_RUNTIME_DIR/podman/podman.sock "
             "TESTCONTAINERS_RYUK_DISABLED=true ./mvnw verify -Pit` (scripts/it.sh); "
             "without them Testcontainers finds no valid Docker environment.",
             {"goal": "run the integration tests, the ones that spin up a real postgres for "
                      "the journal",
              "fail": bash("./mvnw verify -Pit",
                           "[INFO] Running uk.calderbrook.sb.journal.JournalIT\n"
                           "ERROR o.t.d.DockerClientProviderStrategy - Could not find a valid "
                           "Docker environment. Please see logs and check configuration\n"
                           "[ERROR] Tests run: 14, Failures: 0, Errors: 14, Skipped: 0\n"
                           "[INFO] BUILD FAILURE", 1),
              "note": "The laptops went from Docker Desktop to rootless podman while you were "
                      "away. Testcontainers has to be pointed at the podman socket, and its "
                      "Ryuk cleanup container doesn't work under rootless podman, so it's "
                      "switched off.",
              "ok": bash("DOCKER_HOST=unix://$XDG_RUNTIME_DIR/podman/podman.sock "
                         "TESTCONTAINERS_RYUK_DISABLED=true ./mvnw verify -Pit",
                         "[INFO] Running uk.calderbrook.sb.journal.JournalIT\n[INFO] Tests "
                         "run: 14, Failures: 0, Errors: 0, Skipped: 0\n[INFO] BUILD SUCCESS"),
              "done": "All 14 integration tests pass against a podman-run Postgres.",
              "hint": "on the podman laptops it's `DOCKER_HOST=unix://$XDG_RUNTIME_DIR/podman/"
                      "podman.sock TESTCONTAINERS_RYUK_DISABLED=true ./mvnw verify -Pit`",
              "script": ("scripts/it.sh",
                         "#!/usr/bin/env bash\n# integration tests on the podman laptops\n"
                         "set -euo pipefail\nexport DOCKER_HOST=\"unix://$XDG_RUNTIME_DIR/"
                         "podman/podman.sock\"\nexport TESTCONTAINERS_RYUK_DISABLED=true\n"
                         "./mvnw verify -Pit \"$@\"\n")}),
        Fact("cmd-replay", "command", ["replay --journal-id"],
             ["how do i resend a message that failed going to the fhir server? the old "
              "resend thing didnt work",
              "what's the command to push a failed hl7 message through the engine again?"],
             "To re-send a failed message in sorrelbridge (e.g. after the FHIR server was "
             "down), use `bin/sbctl replay --journal-id <id> --target fhir`; the old `sbctl "
             "resend <id>` was removed in sbctl 3.",
             {"goal": "the fhir server was down for patching at 2am, journal id 4471902 "
                      "failed. push it through again",
              "fail": bash("bin/sbctl resend 4471902",
                           "sbctl 3.1.0\nUnknown command: resend\nRun 'sbctl --help' for a "
                           "list of commands.", 2),
              "note": "resend went away in sbctl 3; replaying from the journal by id is the "
                      "way now, with the target named.",
              "ok": bash("bin/sbctl replay --journal-id 4471902 --target fhir",
                         "journal 4471902 ORU^R01 LAB24-220871 -> fhir\nPOST Observation "
                         "201 Created (3 resources)\nreplayed 1 message(s), 0 failed"),
              "done": "Replayed: the ORU for LAB24-220871 went to the FHIR server and three "
                      "resources were created.",
              "hint": "`bin/sbctl replay --journal-id <id> --target fhir`. resend doesnt "
                      "exist anymore",
              "script": ("docs/runbook.md",
                         "# Runbook\n\n## A message failed to reach the FHIR server\n\n1. "
                         "Find the journal id in the dead-letter view.\n2. `bin/sbctl replay "
                         "--journal-id <id> --target fhir`\n\n(`sbctl resend` was removed in "
                         "3.0.)\n")}),
        Fact("env-port", "environment", ["6670"],
             ["what port do lab results arrive on at the engine these days?",
              "the pathology vendor wants to know where to point their results interface — "
              "which mllp port?"],
             "In sorrelbridge production the LIMS (pathology lab) results feed arrives on "
             "MLLP port 6670 (lims.mllp.port in application-prod.yaml); it moved from 2575 "
             "during the LIMS upgrade. The PAS ADT feed stays on 2575.",
             {"goal": "which port is the lims results feed on now? the lab upgrade happened "
                      "while i was away",
              "probe": [bash("grep -n 'mllp' src/main/resources/application-prod.yaml",
                             "12:  pas.mllp.port: 2575\n18:  lims.mllp.port: 6670\n"
                             "24:  maternity.mllp.port: 2580"),
                        bash("git log -1 --format='%h %an %s' -S'lims.mllp.port' -- "
                             "src/main/resources/application-prod.yaml",
                             "b81e07c Marek LIMS upgrade: results listener moves off 2575")],
              "confirm": "The LIMS results feed listens on MLLP port 6670 in production "
                         "(lims.mllp.port in application-prod.yaml); Marek moved it off 2575 "
                         "for the lab system upgrade. The PAS ADT feed is still on 2575.",
              "guess": "lab results still come in on 2575 same as the pas feed",
              "asked": "Which port on the integration engine should the new LIMS send "
                       "results to? Their engineer is on site today."}),
        Fact("env-journal", "environment", ["pgint02"],
             ["which postgres server is the hl7 message journal on in production?",
              "where do i query the engine's record of what it sent and received?"],
             "sorrelbridge's production message journal is the sbjournal PostgreSQL database "
             "on host pgint02 (jdbc:postgresql://pgint02.calderbrook.local:5432/sbjournal), "
             "not the FHIR server's database.",
             {"goal": "where does the message journal live in prod? need to run a query for "
                      "an incident review",
              "probe": [bash("grep -n 'datasource' src/main/resources/application-prod.yaml",
                             "31:  spring.datasource.url: jdbc:postgresql://pgint02."
                             "calderbrook.local:5432/sbjournal\n32:  spring.datasource."
                             "username: sb_app")],
              "confirm": "The production message journal is the sbjournal database on the "
                         "PostgreSQL host pgint02 (pgint02.calderbrook.local:5432), per "
                         "application-prod.yaml — separate from the FHIR server's database.",
              "guess": "the journal sits on the same postgres as the fhir server",
              "asked": "For the incident review I need to know which database server holds "
                       "the engine's log of messages. Can you tell me?"}),
        Fact("gotcha-charset", "gotcha", ["windows-1252"],
             ["why do accented patient names get garbled between the pas and the fhir "
              "server?",
              "what character encoding does the pas actually send its hl7 in?"],
             "The PAS sends HL7 v2 in windows-1252 (a Windows code page; MSH-18 is empty), not "
             "UTF-8: sorrelbridge's PAS MLLP endpoint must set charsetName=windows-1252 "
             "(pas.mllp.charset), otherwise accented patient names (Zoë, Ní Bhriain) turn "
             "into replacement characters on the FHIR Patient.",
             {"symptom": "names with accents are coming out mangled on the fhir side. ward "
                         "clerk raised a ticket, a patient called Zoë shows as Zo� in the epr",
              "trace": "GET /fhir/R4/Patient?identifier=M1182733\n  \"name\": [ {\n    "
                       "\"family\": \"Ní Bhriain\" -> \"N� Bhriain\",\n    \"given\": [ "
                       "\"Zo�\" ]\n  } ]",
              "probe": [bash("grep -rn -i 'charset' src/main/java src/main/resources", "", 1),
                        bash("xxd -s 0x7a -l 16 samples/adt-a08-1182733.hl7",
                             "0000007a: 5a6f eb5e 4e69 ed20 4268 7269 6169 6e5e  "
                             "Zo.^Ni. Bhriain^")],
              "explain": "The PAS sends windows-1252: the ë is the single byte 0xEB (UTF-8 "
                         "would be two bytes), but the MLLP endpoint decodes as UTF-8 by "
                         "default and MSH-18 is empty, so every non-ASCII letter becomes the "
                         "replacement character. The PAS endpoint needs "
                         "charsetName=windows-1252.",
              "fix": [edit("src/main/resources/application.yaml",
                           "pas:\n  mllp:\n    port: 2575\n",
                           "pas:\n  mllp:\n    port: 2575\n    charset: windows-1252\n"),
                      edit(adt, "{{pas.mllp.port}}?{{mllp.inbound.options}}\")",
                           "{{pas.mllp.port}}?{{mllp.inbound.options}}"
                           "&charsetName={{pas.mllp.charset}}\")")],
              "done": "Sent the sample A08 again: the FHIR Patient now reads Zoë Ní Bhriain. "
                      "Names already mangled need their A08s re-sent.",
              "told": "the pas doesnt send utf-8, its windows-1252, and nothing tells the "
                      "endpoint that",
              "repro": "bin/sbctl send-test samples/adt-a08-1182733.hl7 --follow"}),
        Fact("gotcha-bst", "gotcha", ["Europe/London"],
             ["why would lab result times be an hour off in the epr, but only for results "
              "from the summer?",
              "what timezone do we assume for hl7 timestamps that come without an offset?"],
             "The LIMS sends HL7 timestamps (OBR-7, OBX-14) as local UK wall-clock time with "
             "no offset; sorrelbridge's Hl7Time used to read them as UTC, so summer (BST) "
             "results showed an hour late in the EPR. Offset-less HL7 times are parsed in "
             "Europe/London.",
             {"symptom": "marek re-sent the backlog of august lab results and every one of "
                         "them shows in the epr an hour later than the lab says. results from "
                         "this week look fine??",
              "trace": "OBR|1||LAB24-118227|FBC^Full blood count|||20240814093500\n"
                       "  -> Observation/obs-118227 effectiveDateTime 2024-08-14T10:35:00+01:00",
              "probe": [read(f"{pkg}/hl7/Hl7Time.java",
                             "public final class Hl7Time {\n  private static final "
                             "DateTimeFormatter TS = DateTimeFormatter.ofPattern"
                             "(\"yyyyMMddHHmm[ss]\");\n\n  public static OffsetDateTime "
                             "parse(String ts) {\n    // no offset in the message: assume "
                             "UTC\n    return LocalDateTime.parse(ts, TS).atOffset(ZoneOffset."
                             "UTC);\n  }\n}\n")],
              "explain": "The LIMS sends OBR-7 and OBX-14 as UK wall-clock time with no "
                         "offset, and Hl7Time reads an offset-less timestamp as UTC. That's "
                         "right in winter (GMT equals UTC) and an hour wrong all through BST; "
                         "this week's results look fine only because the clocks went back. "
                         "Offset-less HL7 times have to be read as Europe/London.",
              "fix": [edit(f"{pkg}/hl7/Hl7Time.java",
                           "    // no offset in the message: assume UTC\n    return "
                           "LocalDateTime.parse(ts, TS).atOffset(ZoneOffset.UTC);\n",
                           "    // no offset in the message: UK wall-clock time\n    return "
                           "LocalDateTime.parse(ts, TS).atZone(UK).toOffsetDateTime();\n"),
                      edit(f"{pkg}/hl7/Hl7Time.java",
                           "public final class Hl7Time {\n",
                           "public final class Hl7Time {\n  private static final ZoneId UK = "
                           "ZoneId.of(\"Europe/London\");\n")],
              "done": "Hl7Time now reads offset-less times as UK local time, with a test for "
                      "a BST timestamp. The August results need sending again to correct "
                      "them.",
              "told": "the lab sends local time with no offset and we read it as utc, so "
                      "anything in bst lands an hour out",
              "repro": "bin/sbctl trace LAB24-118227"}),
        Fact("fals-bundle", "falsified", ["transaction bundle"],
             ["can we speed up posting lab results to the fhir server by sending them in "
              "bulk?",
              "did anyone try grouping the observations into one request to the fhir server? "
              "what happened"],
             "Posting sorrelbridge's lab results to the FHIR server as FHIR transaction "
             "bundles (50 entries each) was tried and dropped: a transaction bundle is "
             "all-or-nothing, so one invalid Observation rolled back the other 49 results and "
             "filled the dead-letter queue. Results are posted one resource per request.",
             {"ask": "try batching the lab observations into fhir transaction bundles of 50, "
                     "the overnight lims dump takes 40 minutes to post",
              "change": [edit(lims, "      .to(\"direct:post-observation\");\n",
                              "      .aggregate(constant(true), new BundleAggregator())\n"
                              "        .completionSize(50).completionTimeout(5000)\n"
                              "      .to(\"direct:post-transaction\");\n")],
              "broke": bash("./mvnw -q verify -Pit -Dit.test=LimsBatchIT",
                            "HTTP 400 Bad Request: Transaction bundle entry 17: "
                            "Observation.valueQuantity.code 'mmol/l' is not valid UCUM\n"
                            "[ERROR] LimsBatchIT.filesGoodResults: expected 49 Observations "
                            "but was 0", 1),
              "revert": bash(f"git checkout -- {lims} && ./mvnw -q test",
                             "[INFO] BUILD SUCCESS"),
              "conclusion": "Back to one resource per request. A FHIR transaction bundle is "
                            "all-or-nothing: one Observation with a bad unit code rolled back "
                            "the other 49 good results, and the whole batch lands in the "
                            "dead-letter queue. Throughput is better won with more parallel "
                            "consumers.",
              "want": "posting lab results to fhir is slow when the lab dumps a big batch "
                      "overnight, could we send them in bigger chunks?",
              "offer": "We could group each run of results into FHIR bundles of, say, 50 "
                       "entries — one POST instead of 50 round trips. Want me to try that?",
              "story": "marek ran bundles of 50 for a week. one bad observation (a unit "
                       "code the server rejected) rolled back the whole lot, 49 good results "
                       "didnt file and the dead letter queue had 50 entries to sort out every "
                       "time. went back to one per request",
              "title": "Post lab results as FHIR transaction bundles"}),
        Fact("fals-validate", "falsified", ["PV1-3"],
             ["should we reject non-conformant hl7 from the pas at the listener?",
              "was strict message validation on the admissions feed ever tried? why isn't it "
              "on"],
             "Strict HAPI validation of the PAS's inbound ADT was tried and reverted: the PAS "
             "sends a non-conformant six-component PV1-3 (assigned patient location), so "
             "every ADT was NACKed (AR) and the PAS queue backed up for three hours "
             "overnight. sorrelbridge doesn't validate whole messages; it checks only the "
             "fields it maps.",
             {"ask": "turn on hapi validation for the adt route, lets see how much junk the "
                     "pas really sends",
              "change": [edit(adt, "      .unmarshal().hl7(false)\n",
                              "      .unmarshal().hl7(true)\n")],
              "broke": bash("bin/sbctl send-test samples/adt-a01-ward12.hl7",
                            "MSH|^~\\&|SB|CALD|PAS|CALD|20241104101502||ACK^A01|A1002|P|2.4\n"
                            "MSA|AR|PAS88213\nERR|^^^207&Application internal error&HL70357|"
                            "PV1-3: too many components (6, max 4)", 1),
              "revert": bash(f"git checkout -- {adt} && ./mvnw -q test",
                             "[INFO] BUILD SUCCESS"),
              "conclusion": "Validation is off again. The PAS sends a six-component PV1-3 "
                            "(patient location), which isn't valid v2.4, so strict "
                            "validation rejects every ADT with an AR ack and the PAS queue "
                            "stalls. The engine checks only the fields it maps.",
              "want": "the pas sends some right junk sometimes. can we switch on strict hl7 "
                      "validation at the door and nack anything non-conformant?",
              "offer": "HAPI can validate each inbound message against the v2.4 structure; "
                       "enabling it on the hl7 data format would reject anything "
                       "non-conformant with an AR. Shall I switch it on?",
              "story": "we switched on hapi validation in october. the pas puts a six part "
                       "location in PV1-3 which isnt valid 2.4, so every adt got an AR nack, "
                       "the pas queue backed up for 3 hours overnight and bed management had "
                       "no admissions. its off again, we check the fields we map and that's it",
              "title": "Strict HAPI validation on the PAS ADT feed"}),
    ]
    chatter = [
        "INFO  o.a.c.c.mllp.MllpTcpServerConsumer - accepted connection from 10.41.8.22",
        "INFO  adt-in - ADT^A08 received (journal 4471811)",
        "INFO  adt-to-fhir - PUT Patient 200 OK",
        "INFO  lims-in - ORU^R01 received (journal 4471812)",
        "INFO  lims-to-fhir - POST Observation 201 Created",
        "INFO  lims-to-fhir - POST DiagnosticReport 201 Created",
        "DEBUG o.a.c.i.e.DefaultReactiveExecutor - queue size 0",
        "INFO  adt-in - ADT^A02 received (journal 4471813)",
        "INFO  adt-to-fhir - PUT Encounter 200 OK",
        "INFO  journal - 3 rows committed",
        "INFO  health - fhir 200 (41 ms), journal ok",
        "INFO  lims-in - ORU^R01 received (journal 4471814)",
        "INFO  lims-to-fhir - POST Observation 201 Created",
        "INFO  adt-in - ADT^A03 received (journal 4471815)",
        "INFO  adt-to-fhir - PUT Encounter 200 OK",
    ]
    noise: list[Episode] = [
        look("remind me what the adt to fhir mapping does with A02s",
             f"{pkg}/mapping/AdtToFhir.java",
             "switch (trigger) {\n  case \"A01\", \"A04\" -> admit(msg);\n  case \"A02\" -> "
             "transfer(msg);   // new Encounter.location, old one ended\n  case \"A03\" -> "
             "discharge(msg);\n  case \"A08\" -> updatePatient(msg);\n  default -> "
             "ignore(msg);\n}\n",
             "An A02 is a transfer: it ends the current Encounter.location entry and adds the "
             "new ward, keeping the same Encounter."),
        find("where do we build the Observation resources", "new Observation\\(",
             [f"{pkg}/mapping/OruToFhir.java", "src/test/java/uk/calderbrook/sb/mapping/"
              "OruToFhirTest.java"],
             "Only in OruToFhir.java (plus its test)."),
        tweak("the discharge mapping sets Encounter.status to 'completed' but the fhir "
              "server folks want 'finished'", f"{pkg}/mapping/AdtToFhir.java",
              "enc.setStatus(Encounter.EncounterStatus.COMPLETED);",
              "enc.setStatus(Encounter.EncounterStatus.FINISHED);",
              "Discharges now set Encounter.status to finished (R4 has no 'completed')."),
        run("what changed on main while i was away", "git log --oneline --since=3.weeks",
            "e41c9a0 maternity: stub route\nb81e07c LIMS upgrade: results listener moves\n"
            "7f20d11 deps: hapi-fhir 7.4.2\n33a9e5b docs: runbook for failed messages\n"
            "0c71b4e ack after journal insert on all inbound routes",
            "Five commits: a maternity route stub, the LIMS listener move, a HAPI FHIR bump "
            "to 7.4.2, a runbook page, and the ack-after-journal change."),
        talk("whats the practical difference between an AA and a CA ack in hl7 v2?",
             "AA (application accept) is the original-mode ack: the receiver processed it. CA "
             "(commit accept) is enhanced mode: the receiver only says it safely stored the "
             "message, and application-level acceptance may follow separately. Most feeds "
             "here use original mode, so AA/AE/AR."),
        steps("summarise what hapi fhir 7.4.2 changed that might bite us",
              [agent("HAPI FHIR 7.4 changes", "Read the HAPI FHIR 7.4.x changelog and list "
                     "client-side changes relevant to an app posting Patient, Encounter and "
                     "Observation resources.",
                     "Client-side: the default encoding is now JSON for all operations; "
                     "IGenericClient.update() with conditional URLs logs a deprecation "
                     "warning; nothing removed that the mapping code uses.", "b91f3e27a0c4",
                     "general-purpose", 7)],
              "Nothing breaking for us: JSON is the default encoding now and conditional "
              "update logs a deprecation warning."),
        [Step(prompt="plan for the maternity feed, keep it short"),
         Step(tools=[todo_write([("Route + listener", "pending", "Adding the route"),
                                 ("Mapping to Patient/Encounter", "pending", "Mapping"),
                                 ("Sample messages from the vendor", "pending", "Collecting "
                                  "samples"),
                                 ("Clinical safety sign-off", "pending", "Getting sign-off")])]),
         Step(text="Four steps: route, mapping, vendor samples, then safety sign-off."),
         Step(prompt="safety sign-off goes first actually, Sian wants the hazard log up front"),
         Step(text="Moved it to the top.")],
        run("is the engine up on int-app01", "systemctl --user status sorrelbridge --no-pager "
            "| head -5",
            "● sorrelbridge.service - sorrelbridge integration engine\n     Loaded: loaded "
            "(/home/sbapp/.config/containers/systemd/sorrelbridge.container; generated)\n"
            "     Active: active (running) since Mon 2024-11-04 06:12:44 GMT; 2 days ago",
            "Running, up since Monday morning (podman quadlet unit)."),
    ]
    return Project(
        "sorrelbridge", "git@github.com:calderbrook-clinical-systems/sorrelbridge.git",
        {"README.md": "# sorrelbridge\n\nThe trust's HL7 v2 / FHIR integration engine (Camel "
                      "4, HAPI).\n",
         "pom.xml": "<project>\n  <artifactId>sorrelbridge</artifactId>\n  <properties>\n"
                    "    <java.version>21</java.version>\n  </properties>\n</project>\n",
         "docs/team-notes.md": "# team notes\n\n## how do i\n"},
        _equip(facts, mates=["Bronwen", "Marek"], outsider="Sian (clinical safety officer)",
               notes="docs/team-notes.md", chatter=chatter,
               naive=bash("systemctl --user restart sorrelbridge && sleep 5 && systemctl "
                          "--user is-active sorrelbridge", "active")),
        noise, "github")


# ------------------------------------------------------------------- wardlowe
def wardlowe() -> Project:
    web = "src/Wardlowe.Web"
    data = "src/Wardlowe.Data"
    unit = bash("dotnet test tests/Wardlowe.Tests.Unit",
                "Passed!  - Failed:     0, Passed:   187, Skipped:     0, Total:   187, "
                "Duration: 4 s - Wardlowe.Tests.Unit.dll (net8.0)")
    facts = [
        Fact("conv-utc", "convention", ["ToWardTime"],
             ["how are we meant to show shift times to the wards? something about not using "
              "the server's local time",
              "where does the conversion from utc to uk time happen in the rota app?"],
             "In wardlowe (the nurse bank-shift rota app) shift times are UTC in the database "
             "and in every model and service; they are converted to UK ward time only for "
             "display, in the Razor markup, with IWardClock.ToWardTime() — never "
             "DateTime.Now or ToLocalTime(), because the servers' time zone isn't ours to "
             "control.",
             {"task": "the bank shift request card only shows the start time, put the end "
                      "time next to it",
              "rule": "times are utc in the db and in every model, and only the razor markup "
                      "converts them, with Clock.ToWardTime(). no DateTime.Now, no "
                      "ToLocalTime() — we dont control what timezone the iis boxes are in",
              "contrary": edit(f"{web}/Components/Shifts/ShiftCard.razor",
                               "<span>@Clock.ToWardTime(Shift.StartUtc).ToString(\"HH:mm\")"
                               "</span>\n",
                               "<span>@Clock.ToWardTime(Shift.StartUtc).ToString(\"HH:mm\")"
                               "</span>\n<span>– @Shift.EndUtc.ToLocalTime().ToString"
                               "(\"HH:mm\")</span>\n"),
              "follow": [edit(f"{web}/Components/Shifts/ShiftCard.razor",
                              "<span>@Clock.ToWardTime(Shift.StartUtc).ToString(\"HH:mm\")"
                              "</span>\n",
                              "<span>@Clock.ToWardTime(Shift.StartUtc).ToString(\"HH:mm\")"
                              "</span>\n<span>– @Clock.ToWardTime(Shift.EndUtc).ToString"
                              "(\"HH:mm\")</span>\n"),
                         unit],
              "done": "The card shows start – end, both converted in the markup with "
                      "Clock.ToWardTime(); Shift.EndUtc stays UTC in the model. Unit tests "
                      "pass.",
              "doc": ("docs/CONVENTIONS.md",
                      "# Conventions\n\n## Time\n\n- Everything stored and passed around is "
                      "UTC (`DateTime` with `Kind=Utc`, properties end in `Utc`).\n- Convert "
                      "for display only, in markup, with `IWardClock.ToWardTime()`.\n- No "
                      "`DateTime.Now`, no `ToLocalTime()`: the IIS servers' time zone is not "
                      "ours.\n"),
              "found": "docs/CONVENTIONS.md says everything is stored and passed as UTC and "
                       "converted for display only, in the markup, with "
                       "IWardClock.ToWardTime() — no DateTime.Now or ToLocalTime()."}),
        Fact("conv-migrate", "convention", ["idempotent"],
             ["how do schema changes get onto the live rota database now? i think the app "
              "doesnt do it itself anymore",
              "i've added an ef migration to the rota app — what do i hand over to the dba?"],
             "wardlowe never applies EF Core migrations itself (no Database.Migrate() at "
             "startup): after adding a migration you generate an idempotent SQL script "
             "(dotnet ef migrations script --idempotent) into db/scripts/, and Gosia (the "
             "DBA) runs it on the live database through the change process.",
             {"task": "add a Grade column to BankShift (band 5, 6 or 7), nullable for now",
              "rule": "the app doesnt migrate the database itself anymore, no Migrate() at "
                      "startup. add the migration, generate an idempotent script into "
                      "db/scripts/ and gosia runs it through the change process",
              "contrary": edit(f"{web}/Program.cs", "var app = builder.Build();\n",
                               "var app = builder.Build();\n\nusing (var scope = app.Services."
                               "CreateScope())\n    await scope.ServiceProvider."
                               "GetRequiredService<RotaDbContext>().Database.MigrateAsync();\n"),
              "follow": [edit(f"{data}/Entities/BankShift.cs",
                              "    public string WardCode { get; set; } = \"\";\n",
                              "    public string WardCode { get; set; } = \"\";\n    public "
                              "byte? Grade { get; set; }   // AfC band 5-7\n"),
                         bash(f"dotnet ef migrations add AddBankShiftGrade -p {data} -s {web}",
                              "Build started...\nBuild succeeded.\nDone. To undo this action, "
                              "use 'ef migrations remove'"),
                         bash(f"dotnet ef migrations script --idempotent -p {data} -s {web} "
                              "-o db/scripts/0031_AddBankShiftGrade.sql",
                              "Build started...\nBuild succeeded.")],
              "done": "Added the nullable Grade column and the AddBankShiftGrade migration, "
                      "and generated db/scripts/0031_AddBankShiftGrade.sql as an idempotent "
                      "script for Gosia's change request. Nothing applies migrations at "
                      "startup.",
              "doc": ("db/README.md",
                      "# Database changes\n\nThe app never migrates the database (no "
                      "`Migrate()` in Program.cs).\n\n1. Add the EF migration.\n2. Generate an "
                      "idempotent script: `dotnet ef migrations script --idempotent` into "
                      "`db/scripts/NNNN_Name.sql`.\n3. Gosia applies it to test, then live, "
                      "under a change request.\n"),
              "found": "db/README.md says the app never migrates the database: you add the "
                       "migration, generate an idempotent script into db/scripts/, and Gosia "
                       "applies it under a change request."}),
        Fact("cmd-test", "command", ["Category!=E2E"],
             ["how do i run just the unit and component tests for the rota app, without the "
              "browser ones?",
              "dotnet test falls over with a playwright error on my machine — what's the "
              "normal way to run the rota tests?"],
             "In wardlowe run the unit and bUnit component tests with `dotnet test --filter "
             "\"Category!=E2E\"`; plain `dotnet test` also runs the Playwright end-to-end "
             "project (Category=E2E), which needs installed browsers and a running site and "
             "is left to the pipeline.",
             {"goal": "run the tests before i push",
              "fail": bash("dotnet test",
                           "Passed!  - Failed:     0, Passed:   187, Skipped:     0, Total:   "
                           "187 - Wardlowe.Tests.Unit.dll (net8.0)\nPassed!  - Failed:     0, "
                           "Passed:    64, Skipped:     0, Total:    64 - Wardlowe.Tests."
                           "Components.dll (net8.0)\n  Failed ShiftSwapFlow.ManagerApproves "
                           "[212 ms]\n  Error Message:\n   Microsoft.Playwright."
                           "PlaywrightException : Executable doesn't exist at /home/dev/.cache/"
                           "ms-playwright/chromium-1134/chrome-linux/chrome\nFailed!  - "
                           "Failed:    23, Passed:     0, Skipped:     0, Total:    23 - "
                           "Wardlowe.Tests.E2E.dll (net8.0)", 1),
              "note": "The solution now includes Ellis's Playwright end-to-end project, which "
                      "needs installed browsers and a running site; the pipeline runs those. "
                      "The unit and bUnit tests are everything not tagged E2E.",
              "ok": bash("dotnet test --filter \"Category!=E2E\"",
                         "Passed!  - Failed:     0, Passed:   187, Skipped:     0, Total:   "
                         "187 - Wardlowe.Tests.Unit.dll (net8.0)\nPassed!  - Failed:     0, "
                         "Passed:    64, Skipped:     0, Total:    64 - Wardlowe.Tests."
                         "Components.dll (net8.0)"),
              "done": "251 tests pass (187 unit, 64 bUnit). The E2E project is the "
                      "pipeline's job.",
              "hint": "`dotnet test --filter \"Category!=E2E\"` — the e2e ones need playwright "
                      "browsers and a running site, the pipeline does those",
              "script": ("azure-pipelines.yml",
                         "stages:\n- stage: build\n  jobs:\n  - job: test\n    steps:\n    - "
                         "script: dotnet build -c Release\n    - script: dotnet test -c "
                         "Release --no-build --filter \"Category!=E2E\" --logger trx\n- "
                         "stage: e2e\n  dependsOn: deploy_test\n  jobs:\n  - job: playwright\n"
                         "    steps:\n    - script: pwsh bin/playwright.ps1 install --with-deps\n")}),
        Fact("cmd-run", "command", ["--launch-profile LocalNoAuth"],
             ["how do i start the rota site on my own machine without the microsoft login "
              "getting in the way?",
              "running the blazor app locally dies complaining about a missing ClientId — "
              "what's the trick?"],
             "To run wardlowe locally without Entra ID sign-in (plain dotnet run fails with "
             "IDW10106, 'ClientId' must be provided): `dotnet run --project src/Wardlowe.Web "
             "--launch-profile LocalNoAuth` — a fake authentication handler signs you in as a "
             "ward manager (RotaManager).",
             {"goal": "run the app locally so i can click through the new shift swap screen",
              "fail": bash(f"dotnet run --project {web}",
                           "Building...\nUnhandled exception. System.ArgumentNullException: "
                           "IDW10106: The 'ClientId' option must be provided. (Parameter "
                           "'ClientId')\n   at Microsoft.Identity.Web.MicrosoftIdentity"
                           "OptionsValidation.Validate(String name, MicrosoftIdentityOptions "
                           "options)", 134),
              "note": "Entra sign-in needs the app registration's client id, which isn't in "
                      "the repo. Ellis added a launch profile that swaps in a fake "
                      "authentication handler signed in as a ward manager.",
              "ok": bash(f"dotnet run --project {web} --launch-profile LocalNoAuth",
                         "Building...\ninfo: Wardlowe.Web.Auth.FakeWardUserHandler[0]\n      "
                         "signed in as test.wardmanager (RotaManager)\ninfo: Microsoft."
                         "Hosting.Lifetime[14]\n      Now listening on: https://localhost:7241"),
              "done": "It's up on https://localhost:7241, signed in as the fake ward manager.",
              "hint": "`dotnet run --project src/Wardlowe.Web --launch-profile LocalNoAuth`, "
                      "it fakes the sign in as a ward manager",
              "script": (f"{web}/Properties/launchSettings.json",
                         "{\n  \"profiles\": {\n    \"https\": {\n      \"commandName\": "
                         "\"Project\",\n      \"applicationUrl\": \"https://localhost:7241\"\n"
                         "    },\n    \"LocalNoAuth\": {\n      \"commandName\": \"Project\",\n"
                         "      \"applicationUrl\": \"https://localhost:7241\",\n      "
                         "\"environmentVariables\": {\n        \"ASPNETCORE_ENVIRONMENT\": "
                         "\"Development\",\n        \"Auth__Fake\": \"true\"\n      }\n    }\n"
                         "  }\n}\n")}),
        Fact("env-sql", "environment", ["SQLTEST03"],
             ["what's the database server for the rota app's test environment?",
              "which sql instance do i point ssms at to look at the test rota data?"],
             "wardlowe's test environment database is the named instance ROTA on SQLTEST03 "
             "(Server=SQLTEST03\\ROTA, database Wardlowe, Windows authentication), per "
             "appsettings.Test.json.",
             {"goal": "which sql server does the rota's test environment use? want to check "
                      "the grade data gosia loaded",
              "probe": [bash(f"grep -n 'Server=' {web}/appsettings.Test.json",
                             "7:    \"Rota\": \"Server=SQLTEST03\\\\ROTA;Database=Wardlowe;"
                             "Integrated Security=true;Encrypt=true\"")],
              "confirm": "The test environment uses the ROTA named instance on SQLTEST03 "
                         "(Server=SQLTEST03\\ROTA, database Wardlowe, Windows auth), from "
                         "appsettings.Test.json.",
              "guess": "test is still on the shared SQLTEST01 box with everything else",
              "asked": "Firewall ticket for the new test app server: which SQL Server does "
                       "the rota test environment talk to?"}),
        Fact("env-group", "environment", ["GRP-Rota-Managers"],
             ["how does a new ward manager get manager rights in the rota app?",
              "which security group gives someone the rota manager role?"],
             "In wardlowe the RotaManager role comes from membership of the Entra ID security "
             "group GRP-Rota-Managers (RoleGroups in appsettings.json; bank staff are "
             "GRP-Rota-Bank). The old Admins table in the database is no longer used: the "
             "service desk adds a new ward manager to the group.",
             {"goal": "which group makes someone a rota manager in the app now? new ward "
                      "manager starts monday",
              "probe": [bash(f"grep -n -A3 'RoleGroups' {web}/appsettings.json",
                             "22:  \"RoleGroups\": {\n23:    \"RotaManager\": "
                             "\"GRP-Rota-Managers\",\n24:    \"BankStaff\": \"GRP-Rota-Bank\"\n"
                             "25:  },")],
              "confirm": "The RotaManager role comes from membership of the Entra ID group "
                         "GRP-Rota-Managers (RoleGroups in appsettings.json); bank staff are "
                         "GRP-Rota-Bank. Adding the new manager to GRP-Rota-Managers is all "
                         "it takes — the old Admins table isn't read any more.",
              "guess": "you add them to the Admins table in the database like before",
              "asked": "A new ward manager starts Monday on ward 14. What do I add her to so "
                       "she can manage the rota?"}),
        Fact("gotcha-cert", "gotcha", ["TrustServerCertificate"],
             ["why does the rota app fail with a certificate chain error against my local "
              "sql server?",
              "what does the dev connection string need for the local sql container to "
              "work?"],
             "Microsoft.Data.SqlClient (4 and later, under EF Core 8 in wardlowe) encrypts "
             "connections by default and the local SQL Server container has a self-signed "
             "certificate, so connecting fails with 'The certificate chain was issued by an "
             "authority that is not trusted'. Fix: TrustServerCertificate=True in the "
             "development connection string (appsettings.Development.json) only — never in "
             "test or live.",
             {"symptom": "since i pulled main (package bumps) the integration tests and the "
                         "app both fail against my local sql container",
              "trace": "Microsoft.Data.SqlClient.SqlException (0x80131904): A connection was "
                       "successfully established with the server, but then an error occurred "
                       "during the login process. (provider: SSL Provider, error: 0 - The "
                       "certificate chain was issued by an authority that is not trusted.)",
              "probe": [bash("git diff HEAD@{3.weeks.ago} -- Directory.Packages.props | grep "
                             "SqlServer",
                             "-    <PackageVersion Include=\"Microsoft.EntityFrameworkCore."
                             "SqlServer\" Version=\"6.0.25\" />\n+    <PackageVersion Include="
                             "\"Microsoft.EntityFrameworkCore.SqlServer\" Version=\"8.0.10\" />"),
                        read(f"{web}/appsettings.Development.json",
                             "{\n  \"ConnectionStrings\": {\n    \"Rota\": \"Server=localhost,"
                             "1433;Database=Wardlowe;User Id=rota_dev\"\n  }\n}\n")],
              "explain": "The EF Core 8 bump brought Microsoft.Data.SqlClient 5, which "
                         "encrypts by default, and the local SQL Server container presents a "
                         "self-signed certificate, so the TLS handshake fails. For the local "
                         "container only, the development connection string needs "
                         "TrustServerCertificate=True; test and live have proper certificates "
                         "and must not have it.",
              "fix": [edit(f"{web}/appsettings.Development.json",
                           "Database=Wardlowe;User Id=rota_dev\"",
                           "Database=Wardlowe;User Id=rota_dev;TrustServerCertificate=True\"")],
              "done": "The integration tests connect again. Only appsettings.Development.json "
                      "has the setting.",
              "told": "new sqlclient encrypts by default and the container's cert is self "
                      "signed, so the dev connection string has to trust it",
              "repro": "dotnet test tests/Wardlowe.Tests.Integration -v n"}),
        Fact("gotcha-f5", "gotcha", ["cookie persistence"],
             ["why do nurses on the live rota keep getting the reconnecting banner and losing "
              "their edits?",
              "what does the load balancer need for the blazor site to stay connected?"],
             "Live wardlowe runs on two IIS nodes behind the F5 with no WebSocket upgrade, so "
             "Blazor's SignalR falls back to long polling; with no cookie persistence profile "
             "(sticky sessions) on the F5 pool, polls land on the other node ('No Connection "
             "with that ID'), users get the 'Attempting to reconnect' banner and lose their "
             "edits. The F5 pool needs cookie persistence (and WebSockets); test is a single "
             "node, so it never shows there.",
             {"symptom": "ward 9 says the rota page keeps showing 'Attempting to reconnect to "
                         "the server', then reloads and loses what they typed. only on live, "
                         "never on test",
              "trace": "Warning: Failed to connect via WebSockets, using the LongPolling "
                       "fallback transport.\nError: Connection disconnected with error "
                       "'Error: No Connection with that ID: Status code '404''.\nInformation: "
                       "Reconnecting...",
              "probe": [bash("for i in 1 2 3 4; do curl -s -o /dev/null -D - -X POST "
                             "'https://rota.calderbrook.nhs.uk/_blazor/negotiate?"
                             "negotiateVersion=1' | grep -i -E 'x-served-by|set-cookie'; done",
                             "x-served-by: WEBPRD07\nx-served-by: WEBPRD08\nx-served-by: "
                             "WEBPRD07\nx-served-by: WEBPRD08")],
              "explain": "Live is two IIS nodes behind the F5, and that virtual server does no "
                         "WebSocket upgrade, so SignalR falls back to long polling. With no "
                         "cookie persistence profile on the pool, requests alternate between "
                         "WEBPRD07 and WEBPRD08; the other node has never heard of the "
                         "circuit ('No Connection with that ID'), so Blazor reconnects and the "
                         "unsaved edits are gone. Test is a single node, which is why it's "
                         "fine there.",
              "fix": [write("docs/changes/f5-rota-pool.md",
                            "# Change request: rota pool on the F5\n\n- Add a cookie "
                            "persistence profile to pool_rota_prd.\n- Enable the WebSocket "
                            "profile on vs_rota_443.\n- No app change.\n")],
              "done": "Drafted the network change for Hamish's team in docs/changes/"
                      "f5-rota-pool.md.",
              "told": "its the f5. two nodes and nothing sticky, so the long polling bounces "
                      "between them and the circuit is lost",
              "repro": "dotnet run --project tools/CircuitProbe -- https://rota.calderbrook."
                       "nhs.uk --minutes 2",
              "naive": bash("pwsh -c \"Invoke-Command -ComputerName WEBPRD07,WEBPRD08 "
                            "{ Restart-WebAppPool -Name Rota }\"", "")}),
        Fact("fals-wasm", "falsified", ["InteractiveWebAssembly"],
             ["could the rota grid run client-side in the browser to take load off the "
              "servers?",
              "did anyone try moving the blazor rota grid off server mode? how did it go"],
             "Moving wardlowe's rota grid to the InteractiveWebAssembly render mode (running "
             "in the browser) was tried and dropped: on the wards' thin clients the first "
             "load took 35-40 seconds downloading the .NET runtime and the Citrix sessions "
             "ran out of memory. The app stays on interactive server rendering.",
             {"ask": "try the InteractiveWebAssembly render mode on the rota grid and see how "
                     "it does on a ward thin client",
              "change": [edit(f"{web}/Components/Rota/RotaGrid.razor",
                              "@rendermode InteractiveServer\n",
                              "@rendermode InteractiveWebAssembly\n"),
                         edit(f"{web}/Program.cs", ".AddInteractiveServerComponents();\n",
                              ".AddInteractiveServerComponents()\n    "
                              ".AddInteractiveWebAssemblyComponents();\n")],
              "broke": bash("pwsh tools/thin-client-smoke.ps1 -Profile TC-WARD",
                            "publishing... wasm payload 11.8 MB (compressed)\nfirst render on "
                            "TC-WARD profile: 38.6 s (budget 5 s)\ncitrix session memory: "
                            "1.94 GiB used of 2 GiB\nFAIL", 1),
              "revert": bash("git checkout -- src && dotnet build",
                             "Build succeeded.\n    0 Warning(s)\n    0 Error(s)"),
              "conclusion": "Back on InteractiveServer. InteractiveWebAssembly means each "
                            "thin client downloads the .NET runtime first: about 39 seconds "
                            "to first render, and the Citrix session nearly out of memory. "
                            "The grid stays server-rendered.",
              "want": "the server load from all those blazor circuits is getting silly at "
                      "shift change. could the rota grid run in the browser instead?",
              "offer": "Blazor in .NET 8 lets a single component run client-side: switch the "
                       "grid to WebAssembly rendering and it stops holding a server circuit "
                       "per user. Want me to try it on the grid?",
              "story": "ellis tried webassembly for the grid. the ward PCs are the old thin "
                       "clients, first load was 35-40 seconds pulling the runtime down and "
                       "the citrix sessions ran out of memory. went back to server mode",
              "title": "Rota grid in WebAssembly render mode"}),
        Fact("fals-temporal", "falsified", ["temporal table"],
             ["could sql server keep the history of rota changes for us automatically?",
              "why do we write our own audit rows for shift changes rather than using the "
              "database's built-in history?"],
             "SQL Server system-versioned temporal tables for wardlowe's BankShift history "
             "were tried and dropped: the grid saves on every drag, so the history table "
             "grew to 30 GB in two weeks and the availability group's replica fell behind. "
             "Changes are recorded as ShiftAudit rows written by RotaService instead.",
             {"ask": "make BankShift a temporal table, ward managers want to see who changed "
                     "what",
              "change": [edit(f"{data}/RotaDbContext.cs",
                              "        b.ToTable(\"BankShift\");\n",
                              "        b.ToTable(\"BankShift\", t => t.IsTemporal());\n")],
              "broke": bash("pwsh tools/replay-grid-load.ps1 -Minutes 10",
                            "simulating 40 wards, drag-saves at shift-change rate...\n"
                            "BankShiftHistory: 1,204,377 rows, 2.1 GB after 10 simulated "
                            "minutes\nprojected: 14 GB/day\nFAIL: over the 1 GB/day growth "
                            "budget", 1),
              "revert": bash(f"git checkout -- {data} && dotnet build",
                             "Build succeeded.\n    0 Warning(s)\n    0 Error(s)"),
              "conclusion": "Reverted. A temporal table keeps a history row for every save, "
                            "and the grid saves on every drag, so BankShift's history grows "
                            "by gigabytes a day and drags the availability group replica "
                            "behind. Who-changed-what stays as ShiftAudit rows written by "
                            "RotaService.",
              "want": "the ward managers want a history of who changed which shift. could "
                      "sql server just keep the history for us?",
              "offer": "SQL Server system-versioned tables give full row history for free, "
                       "and EF Core 8 maps them (IsTemporal()). Shall I switch BankShift "
                       "over?",
              "story": "gosia made BankShift temporal on test for a fortnight. the grid saves "
                       "on every drag so the history table hit 30 GB and the AG replica fell "
                       "behind. she turned it off, we write ShiftAudit rows from the service "
                       "instead",
              "title": "Temporal table for BankShift history"}),
    ]
    chatter = [
        "info: Microsoft.Hosting.Lifetime[0] Application started.",
        "info: Wardlowe.Web.Rota.RotaService[0] loaded 412 shifts for ward 9",
        "dbug: Microsoft.AspNetCore.SignalR.HubConnectionHandler[1] OnConnectedAsync started.",
        "info: Wardlowe.Web.Rota.RotaService[0] shift 88213 requested by bank nurse",
        "info: Microsoft.EntityFrameworkCore.Database.Command[20101] Executed DbCommand (12ms)",
        "dbug: Microsoft.AspNetCore.Components.Server.Circuits.CircuitHost[1] circuit opened",
        "info: Wardlowe.Web.Rota.RotaService[0] shift 88214 approved",
        "info: Microsoft.EntityFrameworkCore.Database.Command[20101] Executed DbCommand (8ms)",
        "dbug: Microsoft.AspNetCore.Components.RenderTree.Renderer[3] rendering RotaGrid",
        "info: Wardlowe.Web.Notifications.Mailer[0] queued 2 shift emails",
        "dbug: Microsoft.AspNetCore.Components.Server.Circuits.CircuitHost[2] circuit closed",
        "info: Wardlowe.Web.Rota.RotaService[0] loaded 377 shifts for ward 14",
        "info: Microsoft.EntityFrameworkCore.Database.Command[20101] Executed DbCommand (5ms)",
        "dbug: Microsoft.AspNetCore.SignalR.HubConnectionHandler[2] OnConnectedAsync ending.",
    ]
    noise: list[Episode] = [
        look("what does the shift swap approval do again", f"{web}/Rota/SwapService.cs",
             "public async Task ApproveAsync(int swapId, string managerId)\n{\n    var swap = "
             "await _db.Swaps.Include(s => s.From).Include(s => s.To).SingleAsync(s => s.Id "
             "== swapId);\n    (swap.From.NurseId, swap.To.NurseId) = (swap.To.NurseId, "
             "swap.From.NurseId);\n    swap.ApprovedBy = managerId;\n    await "
             "_db.SaveChangesAsync();\n}\n",
             "It swaps the two shifts' nurses in one SaveChanges and records which manager "
             "approved it."),
        find("where do we send emails from", "IShiftMailer",
             [f"{web}/Notifications/ShiftMailer.cs", f"{web}/Rota/RotaService.cs",
              f"{web}/Rota/SwapService.cs"],
             "ShiftMailer implements it; RotaService and SwapService call it."),
        tweak("the grid's ward dropdown is sorted by id, sort it by ward name",
              f"{web}/Components/Rota/WardPicker.razor",
              "@foreach (var w in Wards.OrderBy(w => w.Id))",
              "@foreach (var w in Wards.OrderBy(w => w.Name))",
              "Wards are listed by name now."),
        run("any outdated packages?", "dotnet list package --outdated",
            "Project `Wardlowe.Web` has the following updates to its packages\n   > MudBlazor  "
            "7.8.0  7.8.0  7.15.0\nProject `Wardlowe.Data` has no updates.",
            "Only MudBlazor (7.8.0 → 7.15.0). Worth reading its changelog before bumping; "
            "minor versions have renamed parameters before."),
        talk("blazor server: should the rota grid use a scoped or transient DbContext?",
             "Neither directly: a circuit lives for the whole session, so a scoped DbContext "
             "lives that long too and collects tracked entities. Use IDbContextFactory and "
             "create a short-lived context per operation."),
        steps("what changed on main while i was off",
              [bash("git log --oneline --since=3.weeks",
                    "91ac2f0 shift swap: manager approval screen\n5d3e7b1 e2e: playwright "
                    "project\n0b6f4a2 ef core 8\nc7e19d3 docs: conventions page\n"
                    "2aa8f50 auth: fake handler launch profile")],
              "The swap approval screen, a Playwright project, the EF Core 8 upgrade, a "
              "conventions page and a local launch profile for auth."),
        [Step(prompt="sister agnew wants the grid to colour unfilled night shifts. options?"),
         Step(tools=[ask_user("How should unfilled night shifts stand out?", "Highlight",
                              [("Amber row", "Background colour on the whole row"),
                               ("Icon", "A moon icon next to the time"),
                               ("Both", "Amber row plus icon")], "Amber row")]),
         Step(text="Amber background for unfilled night shifts, then."),
         Step(prompt="yes, and only if it starts after 19:00"),
         Step(tools=[edit(f"{web}/Components/Rota/RotaGrid.razor",
                          "RowClassFunc=\"@RowClass\"",
                          "RowClassFunc=\"@((s, i) => s.IsNight && s.NurseId is null ? "
                          "\"unfilled-night\" : \"\")\"")]),
         Step(text="Rows for unfilled shifts flagged IsNight (start after 19:00) get the "
                   "unfilled-night class, styled amber.")],
        steps("review the swap service for anything dodgy",
              [agent("Review SwapService", "Read src/Wardlowe.Web/Rota/SwapService.cs and "
                     "report concurrency or validation problems.",
                     "ApproveAsync doesn't check the swap is still pending, so a double click "
                     "swaps twice (back to the start). No concurrency token on BankShift, so "
                     "two managers approving at once both win.", "c0a8e41f2b97", "Explore",
                     4)],
              "Two real problems: no pending check (a double approve undoes itself) and no "
              "concurrency token on BankShift."),
    ]
    return Project(
        "wardlowe", "git@github.com:calderbrook-clinical-systems/wardlowe.git",
        {"README.md": "# wardlowe\n\nBank shift rota for nursing (Blazor, .NET 8).\n",
         "Wardlowe.sln": "Microsoft Visual Studio Solution File, Format Version 12.00\n",
         "docs/team-notes.md": "# team notes\n\n## how do i\n"},
        _equip(facts, mates=["Ellis", "Gosia"], outsider="Dev on the service desk",
               notes="docs/team-notes.md", chatter=chatter,
               naive=bash("podman restart wardlowe-sql && sleep 10 && podman ps --filter "
                          "name=wardlowe-sql --format '{{.Status}}'", "Up 10 seconds")),
        noise, "slack")


# ------------------------------------------------------------------- ketchmoor
def ketchmoor() -> Project:
    leavers = "runbooks/Disable-Leavers.ps1"
    lic = "runbooks/Set-MailboxLicences.ps1"
    lint = bash("pwsh -c 'Invoke-ScriptAnalyzer -Path runbooks -Recurse -Settings "
                "./PSScriptAnalyzerSettings.psd1'", "")
    facts = [
        Fact("conv-mi", "convention", ["Connect-AzAccount -Identity"],
             ["how should a new runbook log in to azure these days? the old run as thing is "
              "gone, right?",
              "what do the runbooks authenticate with now — is there a credential asset i "
              "should use?"],
             "In ketchmoor (the trust's Azure Automation runbooks) every runbook signs in "
             "with the automation account's system-assigned managed identity: "
             "`Connect-AzAccount -Identity`. The Run As account is retired and no credential "
             "assets (Get-AutomationPSCredential) or stored secrets are used to log in.",
             {"task": "new runbook please: nightly check of the key vault certificates, email "
                      "the team anything expiring in the next 30 days",
              "rule": "runbooks log in with the automation account's managed identity, "
                      "Connect-AzAccount -Identity, full stop. the run as account got retired "
                      "while i was off and we dont use credential assets either",
              "contrary": write("runbooks/Test-CertExpiry.ps1",
                                "param([int]$Days = 30)\n$cred = Get-AutomationPSCredential "
                                "-Name 'svc-automation'\nConnect-AzAccount -Credential $cred "
                                "-Tenant (Get-AutomationVariable -Name TenantId) | Out-Null\n"
                                "$soon = (Get-Date).AddDays($Days)\n"),
              "follow": [write("runbooks/Test-CertExpiry.ps1",
                               "param([int]$Days = 30)\n# system-assigned managed identity of "
                               "the automation account\nConnect-AzAccount -Identity | "
                               "Out-Null\n$soon = (Get-Date).AddDays($Days)\n$expiring = "
                               "Get-AzKeyVault | ForEach-Object {\n    Get-AzKeyVaultCertificate "
                               "-VaultName $_.VaultName |\n        Where-Object Expires -lt "
                               "$soon\n}\nif ($expiring) { Send-OpsMail -Subject \"Certificates "
                               "expiring within $Days days\" -Body ($expiring | Out-String) }\n"),
                         lint],
              "done": "runbooks/Test-CertExpiry.ps1 signs in with Connect-AzAccount -Identity "
                      "(the account's managed identity), lists Key Vault certificates expiring "
                      "within 30 days and mails the team with Send-OpsMail. PSScriptAnalyzer "
                      "is clean.",
              "doc": ("docs/runbook-standards.md",
                      "# Runbook standards\n\n## Signing in\n\n`Connect-AzAccount -Identity` "
                      "(system-assigned managed identity). The Run As account was retired in "
                      "October. No credential assets, no secrets in variables.\n\n## "
                      "Changes\n\nEvery runbook that changes something supports "
                      "`-WhatIf`.\n"),
              "found": "docs/runbook-standards.md says runbooks sign in with "
                       "Connect-AzAccount -Identity, the system-assigned managed identity; the "
                       "Run As account was retired in October and credential assets aren't "
                       "used."}),
        Fact("conv-leavers", "convention", ["OU=Leavers-Pending"],
             ["what happens to someone's ad account when they leave — do the runbooks "
              "delete it?",
              "where do disabled leaver accounts end up in active directory?"],
             "ketchmoor's leaver runbooks never delete AD accounts: a leaver (staff or "
             "agency contractor) is disabled and moved to OU=Leavers-Pending; deletion after "
             "90 days is a separate, manually approved job, because records management need "
             "the accounts for subject access requests.",
             {"task": "the leavers runbook should also handle contractors from the new agency "
                      "csv (agency-leavers.csv, same columns)",
              "rule": "we never delete an ad account from a runbook. leavers get disabled and "
                      "moved to OU=Leavers-Pending and the 90 day cleanup is a separate "
                      "manually approved job — records management need the accounts for "
                      "subject access requests",
              "contrary": edit(leavers, "foreach ($row in $agency) {\n",
                               "foreach ($row in $agency) {\n    $u = Get-ADUser -Filter "
                               "\"EmployeeID -eq '$($row.EmployeeNumber)'\"\n    Remove-ADUser "
                               "-Identity $u -Confirm:$false\n"),
              "follow": [edit(leavers, "foreach ($row in $agency) {\n",
                              "foreach ($row in $agency) {\n    $u = Get-ADUser -Filter "
                              "\"EmployeeID -eq '$($row.EmployeeNumber)'\"\n    if "
                              "($PSCmdlet.ShouldProcess($u.SamAccountName, 'disable')) {\n"
                              "        Disable-ADAccount -Identity $u\n        Move-ADObject "
                              "-Identity $u.DistinguishedName -TargetPath "
                              "'OU=Leavers-Pending,OU=Staff,DC=calderbrook,DC=local'\n    }\n"),
                         lint],
              "done": "Agency contractors from agency-leavers.csv are now disabled and moved to "
                      "OU=Leavers-Pending, same as staff leavers, behind ShouldProcess so "
                      "-WhatIf works. Nothing gets deleted.",
              "doc": ("docs/leavers.md",
                      "# Leavers\n\nRunbooks never delete accounts.\n\n1. Disable the "
                      "account.\n2. Move it to `OU=Leavers-Pending`.\n3. After 90 days the "
                      "cleanup job (manual approval) deletes it. Records management need the "
                      "accounts until then for subject access requests.\n"),
              "found": "docs/leavers.md says runbooks never delete accounts: leavers are "
                       "disabled and moved to OU=Leavers-Pending, and a separate manually "
                       "approved job deletes them after 90 days."}),
        Fact("cmd-pester", "command", ["Invoke-Build Test"],
             ["what's the right way to run the runbook unit tests? pester on its own blows up",
              "the runbook tests complain that Get-AutomationVariable isn't recognised — how "
              "do i run them properly?"],
             "Run ketchmoor's Pester tests with `Invoke-Build Test` (ketchmoor.build.ps1), "
             "which imports tests/stubs/AutomationStubs.psm1 first; plain Invoke-Pester fails "
             "with 'Get-AutomationVariable is not recognized' because the Automation "
             "cmdlets only exist inside Azure Automation.",
             {"goal": "run the pester tests",
              "fail": bash("pwsh -c 'Invoke-Pester ./tests'",
                           "Running tests from 'Disable-Leavers.Tests.ps1'\n[-] Disable-Leavers."
                           "disables a leaver 41ms (38ms|3ms)\n CommandNotFoundException: The "
                           "term 'Get-AutomationVariable' is not recognized as a name of a "
                           "cmdlet, function, script file, or executable program.\nTests "
                           "completed in 2.13s\nTests Passed: 12, Failed: 31, Skipped: 0", 1),
              "note": "Get-AutomationVariable and the other Automation cmdlets only exist "
                      "inside Azure Automation. The build script imports the stub module "
                      "before running Pester, so the tests go through it.",
              "ok": bash("pwsh -c 'Invoke-Build Test'",
                         "Build Test /home/dev/src/ketchmoor/ketchmoor.build.ps1\nTask "
                         "/Test/ImportStubs\nTask /Test\nTests Passed: 43, Failed: 0, Skipped: 0"
                         "\nBuild succeeded. 2 tasks, 0 errors, 0 warnings 00:00:06"),
              "done": "All 43 Pester tests pass.",
              "hint": "dont call Invoke-Pester yourself, its `Invoke-Build Test` — that loads "
                      "the automation stubs first",
              "script": ("ketchmoor.build.ps1",
                         "task ImportStubs {\n    Import-Module ./tests/stubs/"
                         "AutomationStubs.psm1 -Force\n}\n\ntask Test ImportStubs, {\n    $c "
                         "= New-PesterConfiguration\n    $c.Run.Path = './tests'\n    "
                         "$c.Run.Exit = $true\n    Invoke-Pester -Configuration $c\n}\n\ntask "
                         ". Test\n")}),
        Fact("cmd-deploy", "command", ["prd.bicepparam"],
             ["how do i deploy changes to the automation account now the arm templates are "
              "gone?",
              "what's the deployment command for the runbook infrastructure in production?"],
             "ketchmoor's infrastructure (the automation account, schedules, the hybrid "
             "worker group) is Bicep now, not ARM JSON: deploy prod with `az deployment group "
             "create -g rg-ops-automation --template-file infra/main.bicep --parameters "
             "infra/prd.bicepparam`; infra/azuredeploy.json no longer exists.",
             {"goal": "deploy the automation account changes to prod (the new 02:00 schedule "
                      "for the cert check)",
              "fail": bash("pwsh -c 'New-AzResourceGroupDeployment -ResourceGroupName "
                           "rg-ops-automation -TemplateFile infra/azuredeploy.json "
                           "-TemplateParameterFile infra/azuredeploy.parameters.prd.json'",
                           "New-AzResourceGroupDeployment: Cannot retrieve the dynamic "
                           "parameters for the cmdlet. Could not find file '/home/dev/src/"
                           "ketchmoor/infra/azuredeploy.json'.", 1),
              "note": "The ARM JSON was replaced by Bicep while you were away: infra/"
                      "main.bicep plus one .bicepparam file per environment.",
              "ok": bash("az deployment group create -g rg-ops-automation --template-file "
                         "infra/main.bicep --parameters infra/prd.bicepparam --query "
                         "properties.provisioningState -o tsv", "Succeeded"),
              "done": "Deployed (Succeeded); the 02:00 schedule is linked to the cert check.",
              "hint": "its bicep now: `az deployment group create -g rg-ops-automation "
                      "--template-file infra/main.bicep --parameters infra/prd.bicepparam`",
              "script": ("infra/README.md",
                         "# infra\n\nBicep (the ARM JSON is gone).\n\n    az deployment group "
                         "create -g rg-ops-automation --template-file infra/main.bicep "
                         "--parameters infra/prd.bicepparam\n\nUse `infra/test.bicepparam` "
                         "against the test resource group first.\n")}),
        Fact("env-hrw", "environment", ["hrw-calder-ad"],
             ["which hybrid worker group runs the active directory runbooks?",
              "what servers do the starters and leavers jobs actually execute on?"],
             "ketchmoor's Active Directory runbooks (starters, leavers) run on the Hybrid "
             "Runbook Worker group hrw-calder-ad — the on-prem servers MGTAUT01 and MGTAUT02 "
             "— set as runOn on their job schedules in infra/main.bicep; the Azure sandbox "
             "can't reach on-prem AD.",
             {"goal": "which hybrid worker group do the ad runbooks run on? the schedule's run "
                      "on field looks blank in the portal and that worries me",
              "probe": [bash("grep -n 'runOn\\|hybridWorkerGroupName' infra/main.bicep",
                             "12:param hybridWorkerGroupName string = 'hrw-calder-ad'\n"
                             "88:      runOn: hybridWorkerGroupName"),
                        bash("az automation hrwg hrw list -g rg-ops-automation "
                             "--automation-account-name \"$AA\" --hybrid-runbook-worker-group-"
                             "name hrw-calder-ad --query '[].workerName' -o tsv",
                             "MGTAUT01\nMGTAUT02")],
              "confirm": "The AD runbooks run on the Hybrid Runbook Worker group "
                         "hrw-calder-ad (the on-prem servers MGTAUT01 and MGTAUT02): "
                         "main.bicep names the group and sets it as runOn on the job "
                         "schedules. The portal's blank Run On is the runbook default; the "
                         "schedules override it.",
              "guess": "the ad stuff runs on the old hybrid group on the sccm server",
              "asked": "We're patching the management servers next week. Which hybrid worker "
                       "group and machines run your AD runbooks, so we don't reboot both at "
                       "once?"}),
        Fact("env-aa", "environment", ["aa-calder-ops-prd"],
             ["what's the name of the production automation account again?",
              "which azure subscription and resource group hold the runbooks?"],
             "ketchmoor's production Azure Automation account is aa-calder-ops-prd, in "
             "resource group rg-ops-automation (UK South), subscription "
             "Calder-Shared-Services.",
             {"goal": "whats the automation account called in prod and which subscription is "
                      "it in? for the audit spreadsheet",
              "probe": [bash("az automation account list --query \"[].{name:name, rg:"
                             "resourceGroup, location:location}\" -o table && az account show "
                             "--query name -o tsv",
                             "Name               Rg                 Location\n"
                             "-----------------  -----------------  --------\n"
                             "aa-calder-ops-prd  rg-ops-automation  uksouth\n"
                             "Calder-Shared-Services")],
              "confirm": "The production automation account is aa-calder-ops-prd, in "
                         "resource group rg-ops-automation (UK South), subscription "
                         "Calder-Shared-Services.",
              "guess": "it's still aa-ops-prod in the old infrastructure subscription",
              "asked": "I'm updating the Azure asset register — what's the automation "
                       "account that runs the leavers process called, and which "
                       "subscription is it in?"}),
        Fact("gotcha-msal", "gotcha", ["Microsoft.Graph.Authentication"],
             ["why would a runbook that uses both az and graph cmdlets crash loading an "
              "assembly?",
              "what's the module import order rule when a runbook needs graph and az "
              "together?"],
             "In ketchmoor runbooks that use both Az and Microsoft Graph, import "
             "Microsoft.Graph.Authentication (and connect to Graph) before Az.Accounts: both "
             "ship their own Microsoft.Identity.Client (MSAL) and only one version loads per "
             "session, so with Az first Connect-MgGraph fails with 'Could not load file or "
             "assembly Microsoft.Identity.Client'.",
             {"symptom": "the new mailbox licence runbook dies on the worker as soon as it "
                         "touches graph",
              "trace": "Connect-MgGraph: Could not load file or assembly 'Microsoft.Identity."
                       "Client, Version=4.61.3.0, Culture=neutral, PublicKeyToken="
                       "0a613f4dd989e8ae'. Could not find or load a specific file. "
                       "(0x80131621)",
              "probe": [bash(f"head -5 {lic}",
                             "#Requires -Modules Az.Accounts, Microsoft.Graph.Users\n"
                             "[CmdletBinding(SupportsShouldProcess)]\nparam()\nImport-Module "
                             "Az.Accounts\nImport-Module Microsoft.Graph.Users")],
              "explain": "Az.Accounts and the Graph SDK each bring their own "
                         "Microsoft.Identity.Client, and a PowerShell session can load only "
                         "one version of it. Az.Accounts is imported first here, so its older "
                         "MSAL wins and Connect-MgGraph can't load the version it was built "
                         "against. Import Microsoft.Graph.Authentication (and connect to "
                         "Graph) before Az.Accounts and the newer assembly loads first.",
              "fix": [edit(lic, "Import-Module Az.Accounts\nImport-Module Microsoft.Graph."
                                "Users\n",
                           "# Graph auth first: Az.Accounts and Graph both ship MSAL\n"
                           "Import-Module Microsoft.Graph.Authentication\nImport-Module "
                           "Microsoft.Graph.Users\nImport-Module Az.Accounts\n")],
              "done": "Reordered. A -WhatIf run on the worker gets through Graph and Az.",
              "told": "its the msal clash between az and graph — load the graph auth module "
                      "first and it goes away",
              "repro": "pwsh ./tools/Invoke-Local.ps1 -Runbook Set-MailboxLicences -WhatIf"}),
        Fact("gotcha-date", "gotcha", ["ParseExact"],
             ["why did a leaver get her account disabled weeks before her last day?",
              "how should the runbooks read the dates in the esr csv?"],
             "PowerShell's [datetime] cast parses with the invariant (US, month-first) "
             "culture whatever the locale, so ESR's day-first dates (dd/MM/yyyy, e.g. "
             "04/12/2024) were read as 12 April and leavers were disabled early; ketchmoor "
             "parses ESR dates with [datetime]::ParseExact(value, 'dd/MM/yyyy', "
             "[cultureinfo]::InvariantCulture).",
             {"symptom": "hr are on the phone. a staff nurse whose last day is 4 december got "
                         "disabled this morning and shes on shift right now",
              "trace": "EmployeeNumber,Surname,TerminationDate\n24481977,Okonjo,04/12/2024\n"
                       "Disable-Leavers: 24481977 Okonjo leaves 12/04/2024 00:00:00 -> "
                       "disabling",
              "probe": [bash(f"grep -n 'TerminationDate' {leavers}",
                             "41:    $leaveDate = [datetime]$row.TerminationDate\n"
                             "42:    if ($leaveDate -le (Get-Date).Date) {")],
              "explain": "A [datetime] cast always parses with the invariant culture — US "
                         "month-first — whatever the machine's locale, so ESR's dd/MM/yyyy "
                         "'04/12/2024' became 12 April, already past, and she was disabled. "
                         "ESR dates have to be parsed with [datetime]::ParseExact(..., "
                         "'dd/MM/yyyy', [cultureinfo]::InvariantCulture).",
              "fix": [edit(leavers, "    $leaveDate = [datetime]$row.TerminationDate\n",
                           "    # ESR dates are day-first; a [datetime] cast is month-first\n"
                           "    $leaveDate = [datetime]::ParseExact($row.TerminationDate, "
                           "'dd/MM/yyyy', [cultureinfo]::InvariantCulture)\n")],
              "done": "Fixed, with a Pester case for 04/12/2024. Her account needs enabling "
                      "and moving back by hand — want the commands?",
              "told": "the [datetime] cast ignores the uk locale, esr dates are day first so "
                      "day and month get swapped",
              "repro": "pwsh ./tools/Invoke-Local.ps1 -Runbook Disable-Leavers -WhatIf "
                       "-CsvPath ./samples/esr-leavers-20241105.csv"}),
        Fact("fals-functions", "falsified", ["Azure Functions"],
             ["could we get round automation's three hour job limit by running the scripts "
              "somewhere else?",
              "was there an attempt to move the runbooks off azure automation? what stopped "
              "it"],
             "Moving ketchmoor's runbooks to Azure Functions (PowerShell) was tried and "
             "abandoned: Functions can't reach on-prem Active Directory without VNet "
             "integration and a firewall route, which the network team wouldn't approve. The "
             "long licence job was split into batches that fit under Automation's three-hour "
             "fair-share limit instead.",
             {"ask": "spike moving Disable-Leavers into a powershell azure function, see if it "
                     "runs end to end",
              "change": [write("functions/DisableLeavers/run.ps1",
                               "param($Timer)\nImport-Module ActiveDirectory\n. "
                               "$PSScriptRoot/../../runbooks/Disable-Leavers.ps1 -WhatIf\n"),
                         write("functions/DisableLeavers/function.json",
                               "{\n  \"bindings\": [ { \"name\": \"Timer\", \"type\": "
                               "\"timerTrigger\", \"direction\": \"in\", \"schedule\": "
                               "\"0 0 2 * * *\" } ]\n}\n")],
              "broke": bash("pwsh ./tools/Invoke-FunctionSpike.ps1 -App fa-calder-ops-spike "
                            "-Function DisableLeavers",
                            "Executing 'Functions.DisableLeavers'\nERROR: Get-ADUser: Unable "
                            "to contact the server. This may be because this server does not "
                            "exist, it is currently down, or it does not have the Active "
                            "Directory Web Services running.\nExecuted 'Functions."
                            "DisableLeavers' (Failed, Duration=21044ms)", 1),
              "revert": bash("git rm -rq functions && git commit -qm 'drop functions spike' "
                             "&& git log -1 --oneline", "5e1b0c2 drop functions spike"),
              "conclusion": "Dropped. Azure Functions can't see on-prem Active Directory "
                            "without VNet integration and a route through the trust "
                            "firewall, which networks won't sign off; the runbooks stay in "
                            "Azure Automation, and the long licence job is split into "
                            "batches that finish inside the three-hour fair-share limit.",
              "want": "automation's fair share limit keeps killing the big licence job at 3 "
                      "hours. should we move the runbooks somewhere else?",
              "offer": "PowerShell function apps on a Premium plan have no three-hour cap, "
                       "deploy from this repo and can use a managed identity. Shall I sketch "
                       "a move?",
              "story": "deepa spent a week moving the leavers job into a function app. it "
                       "can't reach on-prem AD without vnet integration plus a firewall "
                       "route, and networks said no (6 week lead time and a security review). "
                       "she binned it and split the licence job into batches under the 3h "
                       "limit",
              "title": "Move runbooks to Azure Functions"}),
        Fact("fals-parallel", "falsified", ["ForEach-Object -Parallel"],
             ["can we speed up the mailbox licence job by doing the users concurrently?",
              "why is the licensing runbook still one user at a time? did someone try "
              "running it in parallel?"],
             "Running ketchmoor's licence loop with ForEach-Object -Parallel (throttle 10) was "
             "tried and reverted: Microsoft Graph throttled it (429 Too Many Requests) within "
             "minutes, the retries made it slower than the sequential loop and about 200 "
             "users were left unlicensed. Licences are assigned sequentially in Graph JSON "
             "batch requests of 20.",
             {"ask": "make the licence loop ForEach-Object -Parallel -ThrottleLimit 10 and see "
                     "how fast it goes against the test tenant",
              "change": [edit(lic, "foreach ($u in $users) {\n",
                              "$users | ForEach-Object -Parallel {\n    $u = $_\n")],
              "broke": bash("pwsh ./tools/Invoke-Local.ps1 -Runbook Set-MailboxLicences "
                            "-Tenant test",
                            "Set-MgUserLicense: Too Many Requests (429) Retry-After: 148\n"
                            "Set-MgUserLicense: Too Many Requests (429) Retry-After: 151\n"
                            "processed 812/9000 in 10m, 214 failed\nFAIL: slower than "
                            "sequential baseline (2140/10m)", 1),
              "revert": bash(f"git checkout -- {lic} && git status --short", ""),
              "conclusion": "Back to the sequential loop. With ForEach-Object -Parallel Graph "
                            "starts answering 429 within minutes, the Retry-After waits make "
                            "it slower than one at a time and a couple of hundred users end "
                            "up without a licence. The job sends Graph batch requests of 20, "
                            "one after another.",
              "want": "the licence job takes nearly 3 hours for 9000 mailboxes. can we just "
                      "parallelise it?",
              "offer": "PowerShell 7 can run the loop body in parallel runspaces with a "
                       "throttle of 10 or so, so the Graph calls overlap. Want me to change "
                       "the loop?",
              "story": "deepa tried running it in parallel, throttle 10. graph started "
                       "sending 429s after a couple of minutes, the retries made it slower "
                       "than before and ~200 users had no licence till the next night. its "
                       "sequential again with graph batches of 20",
              "title": "Licence loop in parallel runspaces"}),
    ]
    chatter = [
        "Job 3f1c… started on hybrid worker",
        "Imported ESR file esr-leavers-20241105.csv (118 rows)",
        "Skipping 24410022: termination date in the future",
        "Skipping 24413307: already disabled",
        "WhatIf: Performing the operation \"disable\" on target \"jbrennan\".",
        "Skipping 24420811: termination date in the future",
        "Graph: 20 requests in batch 1, 20 succeeded",
        "WhatIf: Performing the operation \"disable\" on target \"apatel4\".",
        "Skipping 24431190: no AD account matched EmployeeID",
        "Graph: 20 requests in batch 2, 20 succeeded",
        "Send-OpsMail: summary sent to clinical-systems team",
        "WhatIf: Performing the operation \"move\" on target \"jbrennan\".",
        "Job completed in 00:04:12",
        "Skipping 24433015: already disabled",
    ]
    noise: list[Episode] = [
        look("what does the starters runbook do with the job title", "runbooks/New-Starters.ps1",
             "$title = $row.PositionTitle -replace '\\s+', ' '\n$dept = "
             "Resolve-Department -EsrOrg $row.Organisation\nNew-ADUser -Name $display "
             "-Title $title -Department $dept -Path $dept.Ou -Enabled $false\n",
             "It tidies whitespace in the ESR position title, resolves the ESR organisation to "
             "a department (and its OU) and creates the account disabled, in that OU."),
        find("which runbooks send mail", "Send-OpsMail",
             ["runbooks/Test-CertExpiry.ps1", "runbooks/Disable-Leavers.ps1",
              "runbooks/New-Starters.ps1", "modules/CalderOps/CalderOps.psm1"],
             "Three runbooks (cert check, leavers, starters); Send-OpsMail itself lives in the "
             "CalderOps module."),
        tweak("the starters summary email subject says 'Starers', fix the typo",
              "runbooks/New-Starters.ps1", "Send-OpsMail -Subject \"Starers: $count\"",
              "Send-OpsMail -Subject \"Starters: $count\"", "Fixed the subject line."),
        run("lint everything", "pwsh -c 'Invoke-ScriptAnalyzer -Path . -Recurse'",
            "RuleName                 Severity ScriptName          Line\n"
            "--------                 -------- ----------          ----\n"
            "PSAvoidUsingWriteHost    Warning  New-Starters.ps1    77",
            "One warning: Write-Host at New-Starters.ps1:77. Write-Output or Write-Verbose "
            "would land in the job's output streams properly."),
        talk("in azure automation, what's the difference between Write-Output and "
             "Write-Verbose in a job's output?",
             "Write-Output goes to the job's Output stream (and is what a calling runbook "
             "receives). Write-Verbose only shows if verbose logging is switched on for that "
             "runbook, and it's kept in the job's streams, not its output."),
        steps("what changed in here while i was off",
              [bash("git log --oneline --since=3.weeks",
                    "a71e04d leavers: agency csv stub\n5d0c9b2 infra: bicep replaces arm\n"
                    "1e9f3a8 cert expiry check\n0fa22b6 licences: batch of 20\n"
                    "c48e2d1 docs: runbook standards")],
              "The agency CSV stub, Bicep replacing ARM, a cert expiry check, licence "
              "batching and a runbook standards page."),
        [Step(prompt="how many leavers did last night's run process? just the count"),
         Step(tools=[bash("az automation job list -g rg-ops-automation --automation-account-"
                          "name \"$AA\" --query \"[?runbook.name=='Disable-Leavers'] | [0]."
                          "jobId\" -o tsv | xargs -I{} az automation job output show "
                          "--job-id {} | tail -1", "Disabled 17, skipped 101")]),
         Step(text="17 disabled, 101 skipped."),
         Step(prompt="and the night before?"),
         Step(text="I only fetched the latest job — want me to pull the previous one too?")],
        steps("review the starters runbook for anything that could create duplicate accounts",
              [agent("Review New-Starters", "Read runbooks/New-Starters.ps1 and report "
                     "anything that could create duplicate AD accounts.",
                     "It checks SamAccountName collisions but not EmployeeID: someone "
                     "re-hired under a new surname gets a second account. The ESR file can "
                     "also list a starter twice if HR corrects a row the same day.",
                     "d47a20c9e1b3", "Explore", 5)],
              "Two ways to get duplicates: re-hires with a new surname (no EmployeeID check) "
              "and same-day corrected rows in the ESR file."),
    ]
    return Project(
        "ketchmoor", "git@github.com:calderbrook-clinical-systems/ketchmoor.git",
        {"README.md": "# ketchmoor\n\nAzure Automation runbooks for the clinical systems "
                      "team.\n",
         "ketchmoor.build.ps1": "task . Test\n",
         "docs/team-notes.md": "# team notes\n\n## how do i\n"},
        _equip(facts, mates=["Hamish", "Deepa"], outsider="Mike in infrastructure",
               notes="docs/team-notes.md", chatter=chatter,
               naive=bash("pwsh -c 'Get-Module Az.*, Microsoft.Graph.* | Remove-Module; "
                          "Update-Module Az.Accounts -Force'", "")),
        noise, "postgres")


# ------------------------------------------------------------------- pellbeck
def pellbeck() -> Project:
    tabs = "pellbeck/tabs"
    quick = bash("pytest -q tests/test_tabs.py tests/test_suppress.py",
                 "..................                                   [100%]\n18 passed in "
                 "2.41s")
    facts = [
        Fact("conv-suppress", "convention", ["suppress_small"],
             ["what's the rule about small numbers on the dashboard? i vaguely remember IG "
              "wanting something",
              "before i put patient counts on a new chart, what do i have to run them "
              "through?"],
             "In pellbeck (the ED and bed-state dashboard) every count shown goes through "
             "suppress_small() first: values from 1 to 7 are displayed as '<8' "
             "(small-number suppression signed off by Ruth in information governance, a "
             "condition of the trust-wide rollout).",
             {"task": "add a chart of ed attendances by deprivation decile to the equity tab, "
                      "weekly counts per decile",
              "rule": "every count anyone sees goes through suppress_small() first, 1 to 7 "
                      "shows as <8. ruth signed that off with IG while i was away and its a "
                      "condition of going trust-wide",
              "contrary": edit(f"{tabs}/equity.py", "def decile_figure(df):\n",
                               "def decile_figure(df):\n    weekly = df.groupby(['week', "
                               "'imd_decile']).size().reset_index(name='attendances')\n    "
                               "return px.bar(weekly, x='week', y='attendances', "
                               "color='imd_decile')\n"),
              "follow": [edit(f"{tabs}/equity.py", "def decile_figure(df):\n",
                              "def decile_figure(df):\n    weekly = df.groupby(['week', "
                              "'imd_decile']).size().reset_index(name='attendances')\n    "
                              "weekly = suppress_small(weekly, 'attendances')  # 1-7 -> <8\n"
                              "    return px.bar(weekly, x='week', y='attendances_plot', "
                              "text='attendances_label', color='imd_decile')\n"),
                         quick],
              "done": "The decile chart is on the equity tab. Weekly counts go through "
                      "suppress_small(), so anything from 1 to 7 is labelled <8 and plotted "
                      "as a blank bar. Tests pass.",
              "doc": ("docs/information-governance.md",
                      "# Information governance\n\nSigned off by Ruth (IG), October.\n\n- "
                      "Every count shown passes through `suppress_small()`: 1-7 displays as "
                      "`<8`, zero stays zero.\n- No patient-level rows in any table or "
                      "download.\n"),
              "found": "docs/information-governance.md (signed off by Ruth in October) says "
                       "every displayed count passes through suppress_small(), which shows 1 "
                       "to 7 as <8."}),
        Fact("conv-palette", "convention", ["#005EB8"],
             ["what colours am i supposed to use for a new chart on the dashboard?",
              "is there a house palette for the ed dashboard figures, or are plotly's "
              "defaults fine?"],
             "pellbeck charts take colours only from pellbeck/theme.py, the NHS identity "
             "palette: NHS Blue #005EB8 for the trust's own series, NHS Warm Yellow for "
             "comparisons; no Plotly default colours and never red against green for "
             "good/bad, because of colour-blind users.",
             {"task": "the bed occupancy chart still has plotly's default blue and red, make "
                      "it match the rest of the dashboard",
              "rule": "colours only come from theme.py — nhs blue #005EB8 for our own "
                      "numbers, warm yellow for comparison lines, and never red vs green for "
                      "good/bad, comms had complaints from colour blind staff",
              "contrary": edit(f"{tabs}/beds.py",
                               "    fig = px.line(occ, x='date', y='occupancy', "
                               "color='series')\n",
                               "    fig = px.line(occ, x='date', y='occupancy', "
                               "color='series',\n                  color_discrete_sequence="
                               "['#1f77b4', '#2ca02c', '#d62728'])\n"),
              "follow": [edit(f"{tabs}/beds.py",
                              "    fig = px.line(occ, x='date', y='occupancy', "
                              "color='series')\n",
                              "    fig = px.line(occ, x='date', y='occupancy', "
                              "color='series',\n                  color_discrete_map={"
                              "'Calderbrook': theme.NHS_BLUE,  # #005EB8\n"
                              "                                      'Peer median': "
                              "theme.NHS_WARM_YELLOW})\n"),
                         quick],
              "done": "Bed occupancy now uses theme.NHS_BLUE (#005EB8) for the trust's line "
                      "and theme.NHS_WARM_YELLOW for the peer median; no Plotly defaults "
                      "left on that tab.",
              "doc": ("pellbeck/theme.py",
                      "\"\"\"The only place chart colours come from (NHS identity palette).\n"
                      "Never red against green for good/bad: colour-blind users.\n\"\"\"\n"
                      "NHS_BLUE = \"#005EB8\"          # our own series\nNHS_WARM_YELLOW = "
                      "\"#FFB81C\"   # comparisons\nNHS_DARK_GREY = \"#425563\"\n"),
              "found": "theme.py says it is the only place chart colours come from: NHS Blue "
                       "#005EB8 for the trust's own series, warm yellow for comparisons, and "
                       "never red against green."}),
        Fact("cmd-tests", "command", ["-m \"not warehouse\""],
             ["how do i run the dashboard tests locally without a databricks token?",
              "some of the dashboard tests fail with a 401 from databricks — how am i meant "
              "to run them?"],
             "Run pellbeck's tests locally with `pytest -m \"not warehouse\"` (make test): "
             "tests marked warehouse query the real Databricks SQL warehouse and need "
             "DATABRICKS_TOKEN (without it they fail with 401); CI runs them with a service "
             "principal.",
             {"goal": "run the tests",
              "fail": bash("pytest -q",
                           "......E.E..E.............................        [100%]\n"
                           "ERROR tests/test_queries.py::test_ed_attendances_shape - "
                           "databricks.sql.exc.RequestError: Error during request to server: "
                           "401 Unauthorized\nERROR tests/test_queries.py::test_bed_state_"
                           "columns - databricks.sql.exc.RequestError: 401 Unauthorized\n"
                           "ERROR tests/test_queries.py::test_discharge_summary - databricks."
                           "sql.exc.RequestError: 401 Unauthorized\n41 passed, 3 errors in "
                           "7.90s", 1),
              "note": "The three query tests carry the warehouse marker: they hit the real "
                      "Databricks SQL warehouse and need a token, and CI runs them with a "
                      "service principal. Locally they're deselected by marker.",
              "ok": bash("pytest -q -m \"not warehouse\"",
                         ".........................................        [100%]\n41 passed, "
                         "3 deselected in 6.12s"),
              "done": "41 pass; the 3 warehouse tests are deselected.",
              "hint": "`pytest -m \"not warehouse\"` locally — the warehouse ones need a "
                      "databricks token, ci runs those",
              "script": ("Makefile",
                         "test:\n\tpytest -q -m \"not warehouse\"\n\ntest-all:  # needs "
                         "DATABRICKS_TOKEN\n\tpytest -q\n")}),
        Fact("cmd-deploy", "command", ["--entrypoint pellbeck.app:server"],
             ["what's the full command to push the dashboard to posit connect? it keeps "
              "saying it can't find the entry point",
              "how do i publish a new version of the dash app to the connect server?"],
             "Deploy pellbeck to Posit Connect with `rsconnect deploy dash . -n calder-connect "
             "--entrypoint pellbeck.app:server` (scripts/deploy.sh): the Dash app lives in "
             "the pellbeck package, so rsconnect can't guess the entry point without "
             "--entrypoint.",
             {"goal": "deploy the new equity tab to connect",
              "fail": bash("rsconnect deploy dash . -n calder-connect",
                           "Validating server...                    \t[OK]\nValidating app "
                           "mode...                  \t[OK]\nError: Could not determine the "
                           "default entry point: no app.py, application.py, main.py or "
                           "server.py in /home/dev/src/pellbeck. Use --entrypoint.", 1),
              "note": "The app lives in the pellbeck package now, so rsconnect can't guess "
                      "where it is; the entry point is the Flask server that Dash wraps, in "
                      "pellbeck/app.py.",
              "ok": bash("rsconnect deploy dash . -n calder-connect --entrypoint "
                         "pellbeck.app:server --title 'ED and bed state'",
                         "Validating server...                    \t[OK]\nMaking bundle ...  "
                         "                     \t[OK]\nDeploying bundle ...                  "
                         "  \t[OK]\nBuilding environment ...               \t[OK]\n"
                         "Application successfully deployed to https://connect.calderbrook."
                         "nhs.uk/ed-bed-state/"),
              "done": "Deployed: the equity tab is live at https://connect.calderbrook.nhs.uk/"
                      "ed-bed-state/.",
              "hint": "`rsconnect deploy dash . -n calder-connect --entrypoint "
                      "pellbeck.app:server`, it cant work out the entry point by itself",
              "script": ("scripts/deploy.sh",
                         "#!/usr/bin/env bash\nset -euo pipefail\nrsconnect deploy dash . -n "
                         "calder-connect --entrypoint pellbeck.app:server --title 'ED and bed "
                         "state'\n")}),
        Fact("env-warehouse", "environment", ["4b7e2a19c0d3f6e8"],
             ["which databricks compute does the ed dashboard run its queries on?",
              "what's the http path of the warehouse the dashboard uses?"],
             "pellbeck queries the Azure Databricks SQL warehouse 4b7e2a19c0d3f6e8 "
             "(DATABRICKS_HTTP_PATH=/sql/1.0/warehouses/4b7e2a19c0d3f6e8 on "
             "adb-5521907730412268.8.azuredatabricks.net), not the old SQL Server warehouse.",
             {"goal": "which databricks sql warehouse does the dashboard actually query? want "
                      "to run the same thing in the sql editor",
              "probe": [bash("grep -n 'DATABRICKS' .env.example pellbeck/db.py",
                             ".env.example:2:DATABRICKS_SERVER_HOSTNAME=adb-5521907730412268."
                             "8.azuredatabricks.net\n.env.example:3:DATABRICKS_HTTP_PATH=/sql/"
                             "1.0/warehouses/4b7e2a19c0d3f6e8\npellbeck/db.py:11:        "
                             "http_path=os.environ[\"DATABRICKS_HTTP_PATH\"],")],
              "confirm": "The dashboard queries the Databricks SQL warehouse with HTTP path "
                         "/sql/1.0/warehouses/4b7e2a19c0d3f6e8 on "
                         "adb-5521907730412268.8.azuredatabricks.net (.env.example); in the "
                         "SQL editor pick the warehouse whose id is 4b7e2a19c0d3f6e8.",
              "guess": "it still reads from the old sql server warehouse, CALDW01",
              "asked": "Which warehouse is your ED dashboard querying? I'd like to check my "
                       "figures against the same compute."}),
        Fact("env-python", "environment", ["3.11.9"],
             ["which python version is the dashboard running under on the server?",
              "can i use python 3.12 features in the dash app?"],
             "pellbeck runs on Python 3.11.9 on Posit Connect (the only Python on the new "
             "Connect server; .python-version pins 3.11.9 locally to match), so Python 3.12 "
             "features can't be used.",
             {"goal": "what python does connect run the dashboard on? thinking of using a 3.12 "
                      "feature",
              "probe": [bash("cat .python-version && rsconnect content search -n "
                             "calder-connect --title-contains 'ED and bed' | jq -r "
                             "'.[0].py_version'",
                             "3.11.9\n3.11.9")],
              "confirm": "Connect runs the dashboard on Python 3.11.9 — the only Python "
                         "installed on the new Connect server — and .python-version pins "
                         "3.11.9 locally to match, so 3.12-only features are out.",
              "guess": "connect picked up 3.12 when the server moved",
              "asked": "We're lining up Python versions across the team's apps — which "
                       "version does the ED dashboard run on in Connect?"}),
        Fact("gotcha-dup", "gotcha", ["prevent_initial_call"],
             ["why does dash refuse to start when two callbacks update the same output?",
              "what else does a callback need when i mark one of its outputs "
              "allow_duplicate?"],
             "In pellbeck (Dash), a callback whose Output uses allow_duplicate=True must also "
             "set prevent_initial_call=True (or 'initial_duplicate'), otherwise Dash raises "
             "DuplicateCallback and the app won't load — e.g. the date filter's reset "
             "button.",
             {"symptom": "added a reset button that clears the date filter and now the whole "
                         "app won't load",
              "trace": "dash.exceptions.DuplicateCallback: allow_duplicate requires "
                       "prevent_initial_call to be True. The order of the call is not "
                       "guaranteed to be the same on every page load.",
              "probe": [bash(f"grep -n -B2 -A3 'allow_duplicate' {tabs}/filters.py",
                             "40-@callback(\n41:    Output('date-range', 'start_date', "
                             "allow_duplicate=True),\n42-    Output('date-range', 'end_date', "
                             "allow_duplicate=True),\n43-    Input('reset-dates', 'n_clicks'),"
                             "\n44-)\n45-def reset_dates(_):")],
              "explain": "Two callbacks now write date-range's dates (the filter's own and the "
                         "reset button), so the reset one marks its outputs "
                         "allow_duplicate=True — and Dash refuses a duplicate output unless "
                         "that callback also sets prevent_initial_call=True, because the "
                         "order of initial calls isn't fixed. A reset only needs to run on a "
                         "click anyway.",
              "fix": [edit(f"{tabs}/filters.py",
                           "    Input('reset-dates', 'n_clicks'),\n)\n",
                           "    Input('reset-dates', 'n_clicks'),\n    "
                           "prevent_initial_call=True,\n)\n")],
              "done": "The app loads again and the reset button clears the dates.",
              "told": "allow_duplicate outputs need the callback to skip its first call or "
                      "dash refuses to start",
              "repro": "python -m pellbeck --debug"}),
        Fact("gotcha-cache", "gotcha", ["lru_cache"],
             ["why do two people see different 'data as of' times on the dashboard at the "
              "same moment?",
              "is it ok to cache query results in memory inside the dash app on connect?"],
             "Posit Connect runs several Python processes for pellbeck (max 3), and "
             "functools.lru_cache is per process, so each process held its own cached query "
             "results and users saw different 'data as of' times and figures. Query results "
             "are cached in a shared flask-caching filesystem cache instead of lru_cache.",
             {"symptom": "the 'data as of' time on the dashboard depends on which browser you "
                         "look in. the ops director screenshotted two different 4-hour "
                         "figures for the same hour",
              "trace": "tab A: Data as of 07:05 | 4-hr performance 71.2%\n"
                       "tab B: Data as of 05:58 | 4-hr performance 69.8%",
              "probe": [bash("grep -n -B1 'def load_' pellbeck/data.py",
                             "14-@lru_cache(maxsize=8)\n15:def load_attendances(day):\n"
                             "27-@lru_cache(maxsize=8)\n28:def load_bed_state(day):"),
                        bash("rsconnect content search -n calder-connect --title-contains "
                             "'ED and bed' | jq '.[0] | {min_processes, max_processes}'",
                             "{\n  \"min_processes\": 1,\n  \"max_processes\": 3\n}")],
              "explain": "Connect runs up to three Python processes for the app, and the "
                         "query results are cached with functools.lru_cache, which lives "
                         "inside one process. Each process filled its cache at a different "
                         "time, so the figures you see depend on which process your session "
                         "landed on. The cache has to be shared between processes: "
                         "flask-caching with a filesystem cache in the app's directory, keyed "
                         "on the day, instead of lru_cache.",
              "fix": [edit("pellbeck/data.py", "@lru_cache(maxsize=8)\ndef load_attendances"
                                               "(day):\n",
                           "@cache.memoize(timeout=600)  # shared across Connect processes\n"
                           "def load_attendances(day):\n"),
                      edit("pellbeck/data.py", "@lru_cache(maxsize=8)\ndef load_bed_state"
                                               "(day):\n",
                           "@cache.memoize(timeout=600)\ndef load_bed_state(day):\n")],
              "done": "Both loaders use the shared cache now; every process serves the same "
                      "'data as of' time.",
              "told": "it's the cache living inside each python process, connect runs "
                      "several of them and each has its own copy",
              "repro": "for i in $(seq 1 12); do curl -s https://connect.calderbrook.nhs.uk/"
                       "ed-bed-state/_health; echo; done"}),
        Fact("fals-background", "falsified", ["background callbacks"],
             ["could the slow discharge tab run its query in the background so connect "
              "doesn't time out?",
              "did anyone try dash's async job feature for the heavy tab on the dashboard?"],
             "Dash background callbacks for pellbeck's slow discharge delays tab were tried "
             "and dropped: they need a Celery broker such as Redis (DiskCache only works "
             "within one process), Connect has none, and IG wouldn't allow patient-level "
             "results cached on the shared server. The tab reads a pre-aggregated summary "
             "table (ed.discharge_delay_summary) built by the nightly warehouse job.",
             {"ask": "set up background callbacks with diskcache for the discharge delays "
                     "query and see if they survive more than one worker",
              "change": [edit("pellbeck/app.py", "app = Dash(__name__, use_pages=True)\n",
                              "cache = diskcache.Cache('./.bgcache')\napp = Dash(__name__, "
                              "use_pages=True,\n           background_callback_manager="
                              "DiskcacheManager(cache))\n"),
                         edit(f"{tabs}/discharge.py", "@callback(\n",
                              "@callback(\n    background=True,\n")],
              "broke": bash("pytest -q tests/test_discharge.py::test_background_multi_worker",
                            "F                                                  [100%]\n"
                            "E   AssertionError: job 9f2c result not found from worker 2 "
                            "(cache is local to worker 1)\n1 failed in 4.33s", 1),
              "revert": bash("git checkout -- pellbeck/ && pytest -q tests/test_discharge.py",
                             "......                                             [100%]\n"
                             "6 passed in 1.02s"),
              "conclusion": "Reverted. Background callbacks only work across Connect's "
                            "processes with a Celery broker such as Redis — DiskCache stays "
                            "inside one worker — and there's no Redis on Connect; IG also "
                            "won't have patient-level results parked in a cache on the "
                            "shared server. The tab reads ed.discharge_delay_summary, built "
                            "by the nightly warehouse job.",
              "want": "the discharge delays tab takes 40 seconds and connect times out "
                      "sometimes. can dash run the query in the background somehow?",
              "offer": "Dash can run a slow callback in a worker while the page polls for "
                       "the result, so the request itself never times out. Want me to set "
                       "that up for the discharge tab?",
              "story": "adaeze set it up with celery in october. it needs redis (the "
                       "diskcache option only works in one process), connect has no redis, "
                       "and ruth wouldnt have patient-level results sitting in a cache on a "
                       "shared box. scrapped, the tab reads a summary table the warehouse "
                       "job builds overnight now",
              "title": "Background callbacks for the discharge delays tab"}),
        Fact("fals-preload", "falsified", ["2 GB"],
             ["why don't we keep the attendances data in memory in the app so the filters are "
              "quicker?",
              "has loading the full emergency department table into pandas at startup been "
              "tried?"],
             "Loading pellbeck's whole ED attendances table into pandas at startup was tried "
             "and dropped: at about six million rows each Connect process hit its 2 GB "
             "memory limit and was OOM-killed before the app came up. Filtering happens in "
             "the warehouse, with the date range and site pushed into the query.",
             {"ask": "try loading ed.attendances into a dataframe at startup and filtering in "
                     "memory, see what connect makes of it",
              "change": [edit("pellbeck/data.py", "def load_attendances(day):\n",
                              "ATTENDANCES = read_table('ed.attendances')  # all of it, "
                              "once\n\n\ndef load_attendances(day):\n")],
              "broke": bash("systemd-run --user --scope -p MemoryMax=2G python -m pellbeck",
                            "Running scope as unit: run-r3c1.scope\nloading ed.attendances "
                            "... 3,150,000 rows\nKilled", 137),
              "revert": bash("git checkout -- pellbeck/data.py && git status --short", ""),
              "conclusion": "Reverted. The full attendances table is about six million rows; "
                            "under Connect's 2 GB per-process memory limit the load gets "
                            "OOM-killed halfway and the app never starts. Filters stay in "
                            "the warehouse, with the date range and site pushed into the "
                            "query.",
              "want": "the filters feel sluggish. could we load the whole attendances table "
                      "when the app starts so filtering is instant?",
              "offer": "We could read ed.attendances into a DataFrame at startup and filter "
                       "in memory — each filter change becomes a pandas operation instead of "
                       "a warehouse round trip. Shall I?",
              "story": "we did that in october. its ~6 million rows, each connect process "
                       "hit its 2 GB memory limit while loading and got OOM-killed, app never "
                       "came up. filters go to the warehouse with the date range pushed down",
              "title": "Preload all ED attendances in memory"}),
    ]
    chatter = [
        "[INFO] pellbeck.app: starting Dash 2.17.1",
        "[INFO] pellbeck.data: load_bed_state(2024-11-05) 0.84 s",
        "[INFO] werkzeug: GET /ed-bed-state/ 200",
        "[INFO] werkzeug: POST /ed-bed-state/_dash-update-component 200",
        "[INFO] pellbeck.data: load_attendances(2024-11-05) 1.92 s",
        "[INFO] werkzeug: GET /ed-bed-state/_dash-layout 200",
        "[INFO] werkzeug: GET /ed-bed-state/_dash-dependencies 200",
        "[INFO] pellbeck.tabs.beds: occupancy figure built (14 wards)",
        "[INFO] werkzeug: POST /ed-bed-state/_dash-update-component 200",
        "[INFO] pellbeck.tabs.equity: decile figure built",
        "[INFO] werkzeug: GET /ed-bed-state/_health 200",
        "[INFO] pellbeck.data: warehouse load marker 2024-11-05T06:41",
        "[INFO] werkzeug: POST /ed-bed-state/_dash-update-component 200",
    ]
    noise: list[Episode] = [
        look("how does the 4 hour figure get worked out again", "pellbeck/metrics.py",
             "def four_hour_performance(df):\n    \"\"\"Share of type 1 and 3 attendances "
             "with arrival-to-departure <= 240 minutes.\"\"\"\n    eligible = "
             "df[df.att_type.isin([1, 3])]\n    return (eligible.minutes_in_dept <= "
             "240).mean()\n",
             "Share of type 1 and type 3 attendances whose time in department is 240 minutes "
             "or less."),
        find("where is the site picker used", "site-picker",
             [f"{tabs}/ed.py", f"{tabs}/beds.py", "pellbeck/layout.py"],
             "The layout defines it; the ED and beds tabs read it."),
        tweak("y axis on the ed tab should say 'Attendances' not 'count'", f"{tabs}/ed.py",
              "fig.update_yaxes(title='count')", "fig.update_yaxes(title='Attendances')",
              "Axis title changed."),
        run("whats outdated in requirements", "pip list --outdated --format=columns | head -6",
            "Package     Version Latest Type\n----------- ------- ------ -----\ndash        "
            "2.17.1  2.18.2 wheel\nplotly      5.22.0  5.24.1 wheel\npandas      2.2.2   "
            "2.2.3  wheel",
            "Dash, Plotly and pandas each have minor releases out; nothing urgent."),
        talk("dash: when would i use a clientside callback instead of a normal one?",
             "When the update needs no data from the server — toggling visibility, copying "
             "one input into another, formatting — a clientside callback runs in the browser "
             "and saves a round trip. Anything that queries the warehouse stays server-side."),
        steps("what changed on main while i was off",
              [bash("git log --oneline --since=3.weeks",
                    "e0b71a4 move to new connect server\n88c3d1f equity tab: first cut\n"
                    "4a29f0e IG: small number suppression\n1f5b6c2 discharge: read summary "
                    "table\n7d03e9a theme: nhs palette")],
              "The Connect server move, a first equity tab, small-number suppression, the "
              "discharge tab reading a summary table and an NHS palette theme."),
        [Step(prompt="the ops director wants the ed tab to open on yesterday by default. "
                     "whats the least hacky way"),
         Step(text="Set the date picker's initial value from the layout function, so it's "
                   "computed per page load rather than once at import.",
              tools=[edit("pellbeck/layout.py", "def layout():\n",
                          "def layout():\n    yesterday = date.today() - timedelta(days=1)\n")]),
         Step(prompt="and if someone picks a date it should stick when they switch tabs"),
         Step(tools=[edit("pellbeck/layout.py", "dcc.DatePickerSingle(id='ed-day'",
                          "dcc.DatePickerSingle(id='ed-day', persistence=True, "
                          "persistence_type='session'")]),
         Step(text="The ED tab opens on yesterday, and a date someone picks sticks for the "
                   "browser session.")],
        steps("check the beds tab for anything slow",
              [agent("Profile beds tab", "Read pellbeck/tabs/beds.py and pellbeck/data.py and "
                     "point out anything likely to be slow.",
                     "The ward loop builds one trace per ward in Python and calls "
                     "fig.add_trace 14 times; a single px.line with color='ward' is faster. "
                     "load_bed_state selects * though only 6 columns are used.",
                     "e81c3b5a7d20", "Explore", 4)],
              "Two easy wins: one px.line instead of 14 add_trace calls, and selecting only "
              "the six columns used."),
    ]
    return Project(
        "pellbeck", "git@github.com:calderbrook-clinical-systems/pellbeck.git",
        {"README.md": "# pellbeck\n\nED and bed-state dashboard (Plotly Dash on Posit "
                      "Connect).\n",
         "pyproject.toml": "[project]\nname = \"pellbeck\"\nrequires-python = \">=3.11\"\n",
         "docs/team-notes.md": "# team notes\n\n## how do i\n"},
        _equip(facts, mates=["Adaeze", "Tariq"], outsider="Priya in the performance team",
               notes="docs/team-notes.md", chatter=chatter,
               naive=bash("rm -rf .pytest_cache __pycache__ && pip install -q -r "
                          "requirements.txt", "")),
        noise, "aws")


def projects() -> list[Project]:
    return [sorrelbridge(), wardlowe(), ketchmoor(), pellbeck()]
