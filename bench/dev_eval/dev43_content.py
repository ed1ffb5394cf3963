"""The ``dev43`` split, "a water utility's two-person OT team, the month they leave the old
SCADA historian": four projects, ten planted facts each.

Written in the twenty-sixth pass by a helper that read no rlat code; to be read untuned first.

Port Alder Water is a municipal utility: one treatment plant (Kettle Point WTP), a few
reservoirs and about forty booster pumping stations (PS01 to PS41) spread over the hills around
the city. Its operations-technology team is two people: Mira Sandoval, who talks to the
assistant, and Grady Pettersen, who has been there longer and wrote half of what they run. This
month they move off Chronowell, the twenty-year-old SCADA historian on the Windows box hist01,
whose licence runs out at the end of the month; the cutover is on the 28th. Everything they own
is in the middle of that move: the OPC UA collector that now records what Chronowell recorded,
the Grafana dashboards the operators are switching to, the Ansible that looks after the
gateways in the pump stations, and the service that pages the on-call operator when an alarm
comes in.

Mira's voice is terse. Lower-case fragments, no greetings, a lot of pasted terminal output, log
excerpts and diffs with a word or two of comment ("again", "this one", "same on ps17"), and
one-word answers to the assistant's questions ("yes", "correct", "the second one", "nope,
5433"). So most durable facts come out of the assistant's own digging (reading the repository,
running commands on the boxes) and are confirmed by her in one word, or she gives them as a
clipped correction ("no. reload, never restart"). She pastes Teams messages from Grady, from
Shauna Kerr (City IT, network and firewalls) and from Dolores Ruiz (operations
superintendent), work orders from the operators Luis Ferreira (chief operator, Kettle Point)
and Bev Dunleavy (night distribution operator), and a case from Anders Lund at Tonewire, the
telephony provider. When she is annoyed, or explaining why something was abandoned, she writes
longer, still lower-case and unpunctuated. Later she asks about what was settled days on, in
her own words, some terse and some full questions.

The durable facts arrive the ways a cutover month brings them: a convention given as a one-line
correction (at the permission prompt, or after the edit went in), spotted by the assistant in
the neighbouring code and confirmed with "yes", pasted from Grady's Teams message, or picked
from two options the assistant lays out ("the second one"); a command that fails and the one
that works (Mira pasting her failed attempt with one word, the assistant finding it in her
shell history after she says so, Grady's Teams reply, or worked out and written into the
cutover runbook); an environment fact checked on the boxes, corrected by Mira in a word when the
assistant assumes the default, asked by someone outside the team who gets a drafted reply, or
pinned down for the runbook; a gotcha (a pasted log line and one word, a long log with the cause
buried in it, a wrong first guess she waves off, or an operator's work order reproduced); and an
approach tried and reverted in the session, refused with the story of the last time, written up
as a rejected ADR, or proposed by someone else and answered.

The projects: stillwell, the OPC UA collector (Python 3.12, asyncua subscriptions against the
SCADA's OPC UA server scada-opc01, psycopg 3 into TimescaleDB on tsdb01, uv, pytest, a systemd
unit on a VM in the OT DMZ, plus the backfill from Chronowell's CSV exports); sightglass, the
Grafana dashboards as code (Jsonnet with grafonnet vendored by jsonnet-bundler, a Makefile, a
GitLab CI that renders every dashboard and diffs the JSON, file provisioning on the Grafana
server ot-dash01); stationhand, the Ansible repository for the Raspberry Pi gateways in the pump
stations (Ubuntu with a read-only overlay root, WireGuard back to the hub wg-hub01 at HQ, a
Modbus bridge to each station's PLC, LTE modems at the stations without a wired line); and
nightbell, the alarm call-out service (Rust, tokio and axum, alarms from the SCADA's MQTT
bridge, SMS and voice calls through Tonewire's API, escalation from primary to secondary, the
standby rota in a TOML file, running on callout01 behind nginx).

Slots, by kind (the shared names of ``templates.py`` plus this split's own):

* convention - ``task`` (terse), ``rule`` (Mira's one-line correction), ``contrary``,
  ``follow``, ``done``, ``evidence`` (tools showing the existing code already does it) and
  ``spotted`` (the assistant saying what it sees), ``from`` and ``memo`` (a Teams message with
  the rule), ``options`` (``(wrong, right)``, each ``(label, description)``), optional
  ``refuse_only`` (the usual way must never actually run);
* command - ``goal``, ``fail``, ``note``, ``ok``, ``done``, ``hist`` (a string her shell
  history is searched for), ``hint`` (``(who, words)``: a Teams reply with the working command),
  ``label`` (its runbook line);
* environment - ``goal``, ``probe``, ``confirm``, ``assume`` (the assistant's default
  assumption), ``terse`` (Mira's one-line correction of it), ``asker`` and ``asked``;
* gotcha - ``symptom``, ``trace``, ``nudge`` (her word or two under a pasted log), ``probe``,
  ``explain``, ``fix``, ``done``, ``repro`` (a command whose long output holds the trace),
  ``hunch`` (``(text, tool)``: a wrong first guess), ``ticket`` (``(who, words)``: a work order,
  Teams message or vendor case about it);
* falsified - ``ask``, ``change``, ``broke``, ``revert``, ``conclusion``, ``want`` (the idea,
  terse), ``offer`` (the assistant proposing it), ``story`` (what happened last time, in her
  words), ``title``, ``pitch`` (``(who, words)``: someone proposing it).

Every fact also carries its project's ``chatter`` (ordinary lines a long log is made of) and
``adrs`` (the ADR files already in its repository).
"""

from __future__ import annotations

import random
import re

from .templates import find, look, run, steps, talk, tweak
from .transcript import REJECTED, agent, ask_user, bash, edit, read, refused, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3
RUNBOOK = "docs/cutover-runbook.md"
ADR_DIR = "docs/adr"

# (name, how their words reach Mira: a Teams message, a work order, or a vendor's case)
GRADY = ("Grady Pettersen", "teams")
SHAUNA = ("Shauna Kerr", "teams")
DOLORES = ("Dolores Ruiz", "teams")
LUIS = ("Luis Ferreira", "ticket")
BEV = ("Bev Dunleavy", "ticket")
ANDERS = ("Anders Lund", "case")


def _pick(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _first(person: tuple[str, str]) -> str:
    return person[0].split()[0]


def _paste(person: tuple[str, str], words: str, rng: random.Random) -> str:
    """Someone's words as they come out when copied: a Teams message, a work order from the
    maintenance system, or a reply on a Tonewire support case."""
    name, channel = person
    if channel == "ticket":
        area = _pick(rng, "Distribution", "Treatment", "Pump stations", "SCADA")
        prio = _pick(rng, "2 - High", "3 - Normal", "2 - High")
        return (f"WO-{rng.randint(24100, 24999)} | {area} | opened by {name}\n"
                f"Priority: {prio}   Status: Open\n----\n{words}")
    if channel == "case":
        return (f"Tonewire Support | Case {rng.randint(610000, 619999)}\n{name} (Tonewire "
                f"Support) wrote:\n\n{words}\n\n--\nTonewire Support")
    hour = rng.randint(1, 11)
    stamp = f"{hour}:{rng.randrange(60):02d} {_pick(rng, 'AM', 'PM')}"
    style = rng.randrange(3)
    if style == 0:
        return f"[{stamp}] {name}\n{words}"
    if style == 1:
        day = _pick(rng, "Mon", "Tue", "Wed", "Thu", "Fri")
        return f"{name}   {day} {stamp}\n{words}"
    return f"{name}:\n" + "\n".join(f"  {line}" for line in words.splitlines())


def _buried(trace: str, chatter: list[str], rng: random.Random) -> str:
    """``trace`` somewhere in the middle of a long run of ordinary output lines."""
    keep = sorted(rng.sample(range(len(chatter)), min(len(chatter), rng.randint(8, 12))))
    lines = [chatter[i] for i in keep]
    cut = rng.randint(2, len(lines) - 2)
    return "\n".join(lines[:cut] + trace.splitlines() + lines[cut:])


def _fence(text: str) -> str:
    return f"```\n{text}\n```"


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:60].rstrip("-")


OK_WORDS = ("k", "ok", "ty", "ok. thx", "good")


# ------------------------------------------------------------------- phrasing templates
# convention
def conv_no(s: dict, rng: random.Random) -> Episode:
    """Done the usual way; Mira stops it in one line, at the permission prompt or after."""
    said = _pick(rng, "no. {rule}", "nope. {rule}", "{rule}", "no\n\n{rule}")
    if s.get("refuse_only") or rng.random() < 0.5:
        first: Episode = [Step(text=_pick(rng, "Editing it now.", "", "Small one; doing it."),
                               tools=[refused(s["contrary"],
                                              REJECTED + said.format(rule=s["rule"]))])]
    else:
        first = [Step(text=_pick(rng, "Editing it now.", ""), tools=[s["contrary"]]),
                 Step(text=_pick(rng, "Edited. Shall I run the checks?", "Changed.",
                                 "Edited — anything else on this?")),
                 Step(prompt=said.format(rule=s["rule"]))]
    return [Step(prompt=s["task"]), *first,
            Step(text=_pick(rng, "Got it — other way round, then.", "OK, switching to that.",
                            "Noted; reworking it."), tools=s["follow"]),
            Step(text=s["done"])]


def conv_spotted(s: dict, rng: random.Random) -> Episode:
    """The assistant reads the neighbouring code, says what rule it sees; Mira: yes."""
    return [Step(prompt=s["task"]),
            Step(text=_pick(rng, "Looking at how the existing ones are done first.",
                            "Checking the neighbours before adding anything.", ""),
                 tools=s["evidence"]),
            Step(text=s["spotted"] + _pick(rng, " Same for this one?", " I'll do the same — "
                                                                      "right?",
                                           " Keep to that?")),
            Step(prompt=_pick(rng, "yes", "correct", "yes. always", "yep")),
            Step(tools=s["follow"]),
            Step(text=s["done"])]


def conv_teams(s: dict, rng: random.Random) -> Episode:
    """The rule is in a Teams message pasted with the request."""
    post = _paste(s["from"], s["memo"], rng)
    first = _first(s["from"]).lower()
    ask = _pick(rng, "{post}\n\n^ this. {task}", "{task}\n\n{post}",
                "{task}. per {first}:\n\n{post}")
    return [Step(prompt=ask.format(post=post, task=s["task"], first=first)),
            Step(text=_pick(rng, "Going by that message.", f"Doing it {_first(s['from'])}'s way.",
                            "OK."), tools=s["follow"]),
            Step(text=s["done"])]


def conv_pick(s: dict, rng: random.Random) -> Episode:
    """The assistant lays out two ways; Mira picks one (by a word, or in the question box)."""
    wrong, right = s["options"]
    order = [wrong, right] if rng.random() < 0.5 else [right, wrong]
    pos = order.index(right)
    if rng.random() < 0.5:
        first: Episode = [Step(text=_pick(rng, "Quick check before editing.", ""),
                               tools=[ask_user(_pick(rng, "Which way should this go?",
                                                     "How do you want this done?"),
                                               "Approach", order, right[0])])]
    else:
        listing = "\n".join(f"{i}. **{lb}**: {d}" for i, (lb, d) in enumerate(order, 1))
        answer = (("the first one", "1", "first"), ("the second one", "2", "second"))[pos]
        first = [Step(text=f"Two ways to do this:\n\n{listing}\n\nWhich one?"),
                 Step(prompt=_pick(rng, *answer))]
    return [Step(prompt=s["task"]), *first,
            Step(text=_pick(rng, "That one, then.", "OK.", "Going with that."), tools=s["follow"]),
            Step(text=s["done"])]


# command
def cmd_again(s: dict, rng: random.Random) -> Episode:
    """Mira pastes her own failed attempt with a word."""
    fail = s["fail"]
    tail = _pick(rng, "again", "this", "??", "same as last time", "why")
    return [Step(prompt=f"{s['goal']}\n\n{_fence('$ ' + fail.command + chr(10) + fail.output)}"
                        f"\n{tail}"),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, *OK_WORDS)),
            Step(text=_pick(rng, "Sure.", "OK."))]


def cmd_history(s: dict, rng: random.Random) -> Episode:
    """The obvious command fails; Mira says it's in her shell history; it is."""
    ok = s["ok"]
    stamp = rng.randint(1_700_000_000, 1_799_999_999)
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_pick(rng, "Not the right invocation. Reading the Makefile and scripts next.",
                            "No luck; there must be a project-specific way.")),
            Step(prompt=_pick(rng, "no. it's in my history", "did it last month. history",
                              "check my shell history")),
            Step(tools=[bash(f"grep -a -- '{s['hist']}' ~/.zsh_history | tail -n 3",
                             f": {stamp}:0;{ok.command}")]),
            Step(text="That's the one you ran before. " + s["note"], tools=[ok]),
            Step(text=s["done"])]


def cmd_teams(s: dict, rng: random.Random) -> Episode:
    """The obvious command fails; Grady's Teams reply has the one that works."""
    who, words = s["hint"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_pick(rng, "Wrong invocation for this project. I'll go through the README and "
                                 "the CI file for the real one.",
                            "No good. Searching the repo for how it's meant to be called.")),
            Step(prompt=_pick(rng, "stop. {first} answered:\n\n{post}", "{post}",
                              "asked {first}\n\n{post}").format(
                first=_first(who).lower(), post=_paste(who, words, rng))),
            Step(text=_pick(rng, "That accounts for the failure; trying his version.",
                            "Makes sense. Running his."), tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_runbook(s: dict, rng: random.Random) -> Episode:
    """Worked out by the assistant, then a line in the cutover runbook."""
    ok = s["ok"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[ok]),
            Step(text=s["done"] + _pick(rng, " Worth a line in the cutover runbook?",
                                        " Add it to the runbook?")),
            Step(prompt=_pick(rng, "yes", "yes. commands", "do it")),
            Step(tools=[edit(RUNBOOK, "## Commands\n",
                             f"## Commands\n\n- {s['label']}: `{ok.command}`\n")]),
            Step(text="Runbook updated, Commands section.")]


# environment
def env_check(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=_pick(rng, "Checking on the box.", "Asking the machine rather than guessing.",
                            ""), tools=s["probe"]),
            Step(text=s["confirm"]),
            Step(prompt=_pick(rng, "k", "right", "ok", "thought so")),
            Step(text=_pick(rng, "OK.", "Sure."))]


def env_corrected(s: dict, rng: random.Random) -> Episode:
    """The assistant assumes the default; Mira corrects it in a word; the assistant checks."""
    return [Step(prompt=s["goal"]),
            Step(text=s["assume"] + _pick(rng, " Going with that unless you say otherwise.",
                                          " Shout if that's wrong.")),
            Step(prompt=s["terse"]),
            Step(text=_pick(rng, "Checking.", "Verifying on the box.", ""), tools=s["probe"]),
            Step(text=_pick(rng, "Confirmed. ", "Right. ", "Yes. ") + s["confirm"])]


def env_asked(s: dict, rng: random.Random) -> Episode:
    """Someone outside the code asks; the assistant checks and drafts the reply."""
    who = s["asker"]
    ask = _pick(rng, "{post}\n\ncheck + draft me a reply", "{post}\n\n^ {first}. reply pls",
                "from {first}:\n\n{post}\n\ndon't know offhand. check it")
    return [Step(prompt=ask.format(post=_paste(who, s["asked"], rng),
                                   first=_first(who).lower())),
            Step(tools=s["probe"]),
            Step(text=f"{s['confirm']}\n\nReply:\n\n> Hi {_first(who)},\n>\n> "
                      f"{s['confirm']}\n>\n> Mira"),
            Step(prompt=_pick(rng, "sent", "k sent", "sent. ty")),
            Step(text=_pick(rng, "Good.", "OK."))]


def env_runbook(s: dict, rng: random.Random) -> Episode:
    """Pinned down from the live config for the cutover runbook."""
    return [Step(prompt=_pick(rng, "runbook. {goal} from the box not from memory",
                              "{goal} (for the runbook, check the real thing)")
                 .format(goal=s["goal"])),
            Step(tools=s["probe"]),
            Step(text=s["confirm"] + " Add it under Where things are?"),
            Step(prompt=_pick(rng, "yes", "yep")),
            Step(tools=[edit(RUNBOOK, "## Where things are\n",
                             f"## Where things are\n\n- {s['confirm']}\n")]),
            Step(text="In the runbook now, under Where things are.")]


# gotcha
def gotcha_paste(s: dict, rng: random.Random) -> Episode:
    """A pasted log line and a word."""
    return [Step(prompt=f"{_fence(s['trace'])}\n{s['nudge']}"),
            Step(text=_pick(rng, "On it.", "Checking what changed underneath.", ""), tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_longlog(s: dict, rng: random.Random) -> Episode:
    """A long log pasted; the cause is a few lines in the middle."""
    return [Step(prompt=f"{s['symptom']}\n\n{_fence(_buried(s['trace'], s['chatter'], rng))}"),
            Step(text=_pick(rng, "Most of that is normal; the part that matters is in the "
                                 "middle.", "Reading past the routine lines — there's the "
                                            "cause, halfway down."), tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "k", "finally", "ok good")),
            Step(text=_pick(rng, "OK.", "Sure."))]


def gotcha_wrong(s: dict, rng: random.Random) -> Episode:
    """The assistant's first guess is wrong; Mira waves it off; the real cause is in a long
    output."""
    text, tool = s["hunch"]
    return [Step(prompt=s["symptom"]),
            Step(text=text, tools=[tool]),
            Step(text=_pick(rng, "Ruled out.", "Clean — it isn't that.")),
            Step(prompt=_pick(rng, "no. look at the log", "not that", "no")),
            Step(text=_pick(rng, "Fair. Getting the full output this time.",
                            "OK, the whole log then."),
                 tools=[bash(s["repro"], _buried(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "Buried in there is the real cause. Confirming it:",
                            "Found the odd lines among the routine ones. Checking them:"),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_ticket(s: dict, rng: random.Random) -> Episode:
    """A work order (or a Teams message, or a vendor's case) pasted; reproduced; fixed."""
    who, words = s["ticket"]
    return [Step(prompt=f"{_paste(who, words, rng)}\n\n"
                        f"{_pick(rng, 'look pls', 'this one', 'pls', '')}".rstrip()),
            Step(text=_pick(rng, "Getting it to happen here before touching anything.",
                            "Trying to see it for myself first."),
                 tools=[bash(s["repro"], _buried(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "Most of it is routine; a few lines in the middle aren't.", ""),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "ok. closing it", "k. replying to {first}",
                              "good").format(first=_first(who).lower())),
            Step(text=_pick(rng, "OK.", "Sure."))]


# falsified
def fals_revert(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=_pick(rng, "no. revert", "worse. put it back", "nope. undo all of it")),
            Step(text=_pick(rng, "Rolling it back.", "Back to how it was.", "Removing it again."),
                 tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_rant(s: dict, rng: random.Random) -> Episode:
    """The assistant proposes it; Mira, annoyed, tells what happened last time."""
    return [Step(prompt=s["want"]), Step(text=s["offer"]),
            Step(prompt=_pick(rng, "no. been there. {story}", "nope. {story}", "ugh. {story}")
                 .format(story=s["story"])),
            Step(text=_pick(rng, "Dropping the idea, then. ", "Fair — not doing that. ")
                 + s["conclusion"])]


def fals_adr(s: dict, rng: random.Random) -> Episode:
    """Written up as a rejected ADR so nobody proposes it again."""
    adrs = s["adrs"]
    number = len(adrs) + 1
    path = f"{ADR_DIR}/{number:04d}-{_slug(s['title'])}.md"
    ask = _pick(rng, "adr for this, rejected. so nobody suggests it again\n\n{story}",
                "write this up as an adr. status rejected. my notes:\n\n{story}")
    return [Step(prompt=ask.format(story=s["story"])),
            Step(tools=[bash(f"ls {ADR_DIR}", "\n".join(["README.md", *adrs]))]),
            Step(tools=[write(path, f"# {number}. {s['title']}\n\nStatus: Rejected\n\n## "
                                    f"Decision\n\n{s['conclusion']}\n")]),
            Step(text=f"Written as {path}, status Rejected.")]


def fals_pitch(s: dict, rng: random.Random) -> Episode:
    """Someone proposes it; Mira tells the story; the assistant drafts the answer."""
    who, words = s["pitch"]
    ask = _pick(rng, "{post}\n\nno. {story}\n\nreply pls, nicely",
                "{post}\n\nwe tried this. {story}\ndraft me something polite for {first}")
    return [Step(prompt=ask.format(post=_paste(who, words, rng), story=s["story"],
                                   first=_first(who).lower())),
            Step(text=f"Draft:\n\n> Hi {_first(who)},\n>\n> Thanks for the idea — we've "
                      f"tried it. {s['conclusion']}\n>\n> Mira"),
            Step(prompt=_pick(rng, "sent", "k. sent", "fine. sent")),
            Step(text=_pick(rng, "OK.", "Good."))]


TEMPLATES = {
    "convention": [conv_no, conv_spotted, conv_teams, conv_pick],
    "command": [cmd_again, cmd_history, cmd_teams, cmd_runbook],
    "environment": [env_check, env_corrected, env_asked, env_runbook],
    "gotcha": [gotcha_paste, gotcha_longlog, gotcha_wrong, gotcha_ticket],
    "falsified": [fals_revert, fals_rant, fals_adr, fals_pitch],
}

UNRELATED = [
    "4-20mA loop, 250 ohm resistor. what voltage at 12mA",
    "vim: delete every line containing a word",
    "difference between a gate valve and a butterfly valve, 2 lines",
    "how do i say no to a vendor demo without burning the bridge",
    "cidr /22, how many addresses, one line",
    "coffee in the keyboard. save it or bin it",
    "bash loop over files with spaces in the names",
    "rust: String vs &str, three lines max",
    "what's integral windup in a PID loop, short",
    "tips for a 10 minute talk to city council. they are not technical",
    "git: undo the last commit but keep the changes",
    "jq: pull two fields out of an array of objects",
    "rs-485 vs rs-232, the short version",
    "regex for an ipv4 address that isn't insane",
    "raft consensus in three sentences",
    "usb-c dock that actually works on linux?",
    "python: dedupe a list and keep the order",
    "how do i ask a coworker to stop pasting screenshots of code",
    "what does CT mean for chlorine contact, one paragraph",
    "soft boiled egg, how many minutes",
    "explain a bloom filter like i'm tired",
    "is it worth getting a ham radio license for work stuff or is that silly",
]

UNANSWERED: dict[str, list[str]] = {
    "stillwell": [
        "what did the city pay for the chronowell licence last year",
        "when does the historian vendor stop supporting the old version",
        "is dolores planning to put the wastewater plant on the collector too",
        "how many years of history does the state want us to keep",
        "how many values a day does the new collector write in total",
    ],
    "sightglass": [
        "which dashboard do the operators open the most",
        "would grafana enterprise cost much for a utility our size",
        "who designed the station dashboard layout originally",
        "is the control room getting a new display wall this year",
        "how many people use the dashboards on night shift",
    ],
    "stationhand": [
        "how much is a replacement pi with case and power supply",
        "when is the contractor done swapping the lte modems",
        "which stations get fiber next year",
        "how long do the sd cards in the gateways usually last",
        "is city it changing firewall vendors at HQ",
    ],
    "nightbell": [
        "how many call-outs went out last month",
        "what does tonewire charge us per text",
        "is the union renegotiating standby pay this year",
        "how many of february's alarms were nuisance alarms",
        "does dolores want call-outs for the wastewater side as well",
    ],
}


def _equip(facts: list[Fact], **extra) -> list[Fact]:
    for fact in facts:
        for name, value in extra.items():
            fact.slots.setdefault(name, value)
    return facts


def _files(name: str, readme: str, adrs: list[str], extra: dict[str, str]) -> dict[str, str]:
    files = {"README.md": f"# {name}\n\n{readme}\n",
             RUNBOOK: "# Cutover runbook\n\nFor whoever is on shift during the Chronowell "
                      "cutover.\n\n## Commands\n\n## Where things are\n",
             f"{ADR_DIR}/README.md": "# Architecture decision records\n\nOne file per "
                                     "decision, numbered. Rejected ones stay.\n"}
    for adr in adrs:
        files[f"{ADR_DIR}/{adr}"] = f"# {adr[5:-3].replace('-', ' ')}\n\nStatus: Accepted\n"
    files.update(extra)
    return files


# ------------------------------------------------------------------- stillwell
def stillwell() -> Project:
    tags = "config/tags.yaml"
    sink = "src/stillwell/sink.py"
    handler = "src/stillwell/handler.py"
    collector = "src/stillwell/collector.py"
    backfill = "src/stillwell/backfill.py"
    export_ini = "/mnt/hist01/Chronowell/export/chronowell-export.ini"
    f2_entry = ("- node_id: \"ns=2;s=KP/FLT2/AIT-201/PV\"\n  historian_name: KP.FLT2.AIT201\n"
                "  station: KP\n  units: NTU\n")
    facts = [
        Fact("conv-alias", "convention", ["historian_name"],
             ["adding the filter 4 level transmitters at kettle point. what goes in each yaml "
              "entry besides the node id",
              "when I put a new tag in the collector's tag list, is there a field that ties it "
              "back to the old system? some tags never got their history"],
             "stillwell (the OPC UA collector): every tag entry in config/tags.yaml carries "
             "historian_name, the tag's old Chronowell name (KP.FLT3.AIT301 style), because the "
             "backfill joins the Chronowell exports on it; an entry without it gets no history, "
             "and `stillwell check-config` rejects it.",
             {"task": "kp filter 3 turbidity, add to tags.yaml. node ns=2;s=KP/FLT3/AIT-301/PV",
              "rule": "every tag gets historian_name. the old chronowell name. backfill joins "
                      "on it, no name no history",
              "contrary": edit(tags, f2_entry,
                               f2_entry + "- node_id: \"ns=2;s=KP/FLT3/AIT-301/PV\"\n  station: "
                                          "KP\n  units: NTU\n"),
              "follow": [edit(tags, f2_entry,
                              f2_entry + "- node_id: \"ns=2;s=KP/FLT3/AIT-301/PV\"\n  "
                                         "historian_name: KP.FLT3.AIT301\n  station: KP\n  "
                                         "units: NTU\n"),
                         bash("uv run stillwell check-config config/tags.yaml",
                              "413 tags, 413 with historian_name, 0 duplicates\nok")],
              "done": "Added KP/FLT3/AIT-301/PV with historian_name KP.FLT3.AIT301 (Chronowell's "
                      "name for it), so the backfill will attach its old history. check-config "
                      "passes: 413 tags.",
              "evidence": [bash("grep -c 'node_id:' config/tags.yaml; grep -c 'historian_name:'"
                                " config/tags.yaml", "412\n412"),
                           read(tags, f2_entry)],
              "spotted": "All 412 entries pair the node_id with a historian_name — the "
                         "Chronowell tag name (KP.FLT2.AIT201 for the filter 2 analyser), which "
                         "is what the backfill matches old history on.",
              "from": GRADY,
              "memo": "heads up, anything you add to tags.yaml needs historian_name = the "
                      "chronowell tag name. backfill joins on it. no name, no history. found 6 "
                      "without it yesterday",
              "options": (("Node id only", "node_id, station and units; match it to the old "
                                           "history later"),
                          ("Node id + historian_name", "also record the Chronowell tag name so "
                                                       "the backfill attaches its history"))}),
        Fact("conv-srcts", "convention", ["SourceTimestamp"],
             ["which clock do we trust for a sample's time, ours or the plc's",
              "writing the pump run-hours sink. what time do i put on each row"],
             "stillwell: every row's time is the OPC UA DataValue's SourceTimestamp (stamped "
             "at the source, stored as timestamptz in UTC) — never the collector's receive "
             "time (datetime.now) or the ServerTimestamp, because stations buffer during radio "
             "drops and deliver twenty minutes in one burst.",
             {"task": "new sink for the flow totaliser counters. samples_counter table. same "
                      "shape as analog",
              "rule": "source time. not our clock. after a radio drop the plc buffers and it "
                      "all arrives in one go",
              "contrary": edit(sink, "class CounterSink:\n    pass\n",
                               "class CounterSink:\n    def row(self, tag_id, dv):\n        "
                               "return (tag_id, datetime.now(timezone.utc), "
                               "dv.Value.Value)\n"),
              "follow": [edit(sink, "class CounterSink:\n    pass\n",
                              "class CounterSink:\n    def row(self, tag_id, dv):\n        "
                              "return (tag_id, dv.SourceTimestamp, dv.Value.Value)\n"),
                         bash("uv run pytest -q tests/test_sink.py",
                              ".......                                   [100%]\n7 passed "
                              "in 0.41s")],
              "done": "CounterSink stamps each row with dv.SourceTimestamp, like the analog "
                      "sink, so buffered totaliser values land at the time they were counted. "
                      "7 tests pass.",
              "evidence": [read(sink, "class AnalogSink:\n    def row(self, tag_id, dv):\n"
                                      "        # time from the source: stations buffer "
                                      "during radio drops\n        return (tag_id, "
                                      "dv.SourceTimestamp, dv.Value.Value, "
                                      "dv.StatusCode.value)\n\n\nclass CounterSink:\n    pass\n")],
              "spotted": "The analog sink takes each row's time from dv.SourceTimestamp, not "
                         "the moment we receive it — the comment says stations buffer during "
                         "radio drops.",
              "from": GRADY,
              "memo": "since you're in the sink code: rows get dv.SourceTimestamp. never now(), "
                      "never ServerTimestamp. when a station radio drops the plc buffers and we "
                      "get 20 min in one burst",
              "options": (("Receive time", "stamp rows when the collector gets them; simple "
                                           "and always increasing"),
                          ("SourceTimestamp", "the time the PLC stamped, so buffered values "
                                              "land when they were measured"))}),
        Fact("cmd-bulk", "command", ["timescaledb-parallel-copy"],
             ["need to load the rest of the 2019-2021 historian dumps. what do i run",
              "what's the fast way to get a big pile of old csv exports into samples, the "
              "python import keeps dying"],
             "stillwell: bulk-load Chronowell CSV exports with timescaledb-parallel-copy "
             "(--connection 'service=tsdb-loader' --db-name ot --table samples --skip-header "
             "--copy-options 'CSV' --workers 2), not `python -m stillwell.backfill`, which reads "
             "a whole export into memory and gets OOM-killed on the two-core box.",
             {"goal": "load exports/2022/*.csv into samples. 31 files, ~6GB",
              "fail": bash("uv run python -m stillwell.backfill exports/2022/",
                           "loading exports/2022/KP_2022-01.csv ... 14880211 rows parsed\n"
                           "Killed", 137),
              "note": "The backfill module parses a whole file into memory before inserting; on "
                      "this box the first file got it OOM-killed (137). For bulk loads the tool "
                      "is timescaledb-parallel-copy, which streams COPY in batches.",
              "ok": bash("for f in exports/2022/*.csv; do timescaledb-parallel-copy "
                         "--connection 'service=tsdb-loader' --db-name ot --table samples "
                         "--file \"$f\" --skip-header --copy-options 'CSV' --workers 2 "
                         "--batch-size 20000; done",
                         "COPY 14880211\nCOPY 13902455\nCOPY 14411080\n...\nCOPY 14652317"),
              "hist": "parallel-copy",
              "done": "All 31 files are in: 441 million rows in about 40 minutes with two "
                      "workers.",
              "hint": (GRADY, "don't use the python one for big stuff. "
                              "timescaledb-parallel-copy, --workers 2 (box has 2 cores), "
                              "--skip-header, --copy-options 'CSV'. connection is the service "
                              "entry tsdb-loader"),
              "label": "bulk-load Chronowell CSV exports"}),
        Fact("cmd-browse", "command", ["uals", "SignAndEncrypt"],
             ["how do i list what's under KP on the opc server from a terminal",
              "browsing node ids on the scada server, the session keeps getting refused. what "
              "was the invocation"],
             "stillwell: browse node ids on the SCADA's OPC UA server with asyncua's uals and "
             "the collector's certificate: `uals -u opc.tcp://scada-opc01:48010 --security "
             "Basic256Sha256,SignAndEncrypt,certs/collector.der,certs/collector.key.pem -n "
             "'ns=2;s=KP' -l`; without --security the server answers "
             "BadSecurityModeRejected.",
             {"goal": "need the node ids under KP/FLT3. browse the server",
              "fail": bash("uals -u opc.tcp://scada-opc01:48010 -n 'ns=2;s=KP/FLT3' -l",
                           "Traceback (most recent call last):\n  ...\nasyncua.ua.uaerrors."
                           "_auto.BadSecurityModeRejected: \"The security mode does not meet "
                           "the requirements set by the server.\"(BadSecurityModeRejected)",
                           1),
              "note": "The server only takes secured sessions. asyncua's command-line tools "
                      "take --security as policy,mode,certificate,key, and the collector's own "
                      "certificate is already trusted on scada-opc01.",
              "ok": bash("uals -u opc.tcp://scada-opc01:48010 --security "
                         "Basic256Sha256,SignAndEncrypt,certs/collector.der,"
                         "certs/collector.key.pem -n 'ns=2;s=KP/FLT3' -l",
                         "DisplayName  NodeId                          BrowseName  Value\n"
                         "AIT-301      ns=2;s=KP/FLT3/AIT-301          AIT-301\n"
                         "FIT-301      ns=2;s=KP/FLT3/FIT-301          FIT-301\n"
                         "LIT-301      ns=2;s=KP/FLT3/LIT-301          LIT-301\n"
                         "Backwash     ns=2;s=KP/FLT3/Backwash         Backwash"),
              "hist": "uals",
              "done": "Under KP/FLT3: AIT-301, FIT-301, LIT-301 and the Backwash folder.",
              "hint": (GRADY, "it needs the cert. uals -u opc.tcp://scada-opc01:48010 "
                              "--security Basic256Sha256,SignAndEncrypt,certs/collector.der,"
                              "certs/collector.key.pem -n 'ns=2;s=KP' -l"),
              "label": "list OPC UA nodes (needs the collector cert)"}),
        Fact("env-port", "environment", ["5433"],
             ["psql to the new timeseries db from my laptop, connection details?",
              "which port is timescale listening on? the new datasource test can't connect"],
             "stillwell writes to TimescaleDB on tsdb01 port 5433 (Postgres 16 cluster 'ot', "
             "database ot); port 5432 on the same host is the old Postgres 12 'bridge' cluster "
             "behind Chronowell's SQL bridge, which goes away at cutover.",
             {"goal": "what port is timescale on tsdb01",
              "probe": [bash("ssh tsdb01 pg_lsclusters",
                             "Ver Cluster Port Status Owner    Data directory                "
                             "Log file\n12  bridge  5432 online postgres "
                             "/var/lib/postgresql/12/bridge /var/log/postgresql/"
                             "postgresql-12-bridge.log\n16  ot      5433 online postgres "
                             "/var/lib/postgresql/16/ot     /var/log/postgresql/"
                             "postgresql-16-ot.log"),
                        bash("psql 'host=tsdb01 port=5433 dbname=ot user=mira' -Atc \"select "
                             "extversion from pg_extension where extname = 'timescaledb'\"",
                             "2.14.2")],
              "confirm": "TimescaleDB is the Postgres 16 cluster 'ot' on tsdb01, port 5433 "
                         "(database ot, timescaledb 2.14.2). Port 5432 is the old Postgres 12 "
                         "'bridge' cluster Chronowell's SQL bridge uses; it goes away at "
                         "cutover.",
              "assume": "I'll point it at tsdb01 on the default Postgres port, 5432.",
              "terse": "nope, 5433. 5432 is the old bridge",
              "asker": SHAUNA,
              "asked": "Mira, firewall request from the new dashboard server to tsdb01 just "
                       "says 'postgres'. which port exactly? don't want to open both"}),
        Fact("env-host", "environment", ["ot-collect01"],
             ["which vm does the collector run on again",
              "where do i go to read the collector's journal"],
             "stillwell runs on ot-collect01 (10.30.0.21, a VM in the OT DMZ, VLAN 30) as the "
             "systemd unit stillwell.service under the stillwell user — not hist02, as the old "
             "inventory spreadsheet says; logs with journalctl -u stillwell there.",
             {"goal": "where does the collector actually run. the inventory sheet says hist02",
              "probe": [bash("cat deploy/hosts.ini",
                             "[collector]\not-collect01 ansible_host=10.30.0.21\n\n[collector:"
                             "vars]\nservice_user=stillwell"),
                        bash("ssh ot-collect01 'systemctl status stillwell --no-pager | head "
                             "-3'",
                             "● stillwell.service - OPC UA collector (stillwell)\n     Loaded: "
                             "loaded (/etc/systemd/system/stillwell.service; enabled)\n     "
                             "Active: active (running) since Mon 06:02:11 PST; 2 days ago")],
              "confirm": "It runs on ot-collect01 (10.30.0.21, OT DMZ, VLAN 30) as "
                         "stillwell.service under the stillwell user — hist02 in the sheet is "
                         "out of date. Logs: journalctl -u stillwell on ot-collect01.",
              "assume": "I'll take the sheet's word and look on hist02.",
              "terse": "no. ot-collect01. sheet's stale",
              "asker": SHAUNA,
              "asked": "patching the OT DMZ VMs thursday night. which one is your collector? "
                       "we'll hold it till you say go"}),
        Fact("gotcha-sub", "gotcha", ["status_change_notification"],
             ["collector's up, no errors, nothing new in samples for an hour. what was that "
              "last time",
              "scada server is getting rebooted for patching tonight. anything i need to do "
              "with the collector after"],
             "stillwell gotcha: when scada-opc01 restarts (patch nights), the asyncua "
             "subscription dies silently — no exception, the process stays up and just stops "
             "writing; the server's BadServerHalted/BadTimeout arrives only in the handler's "
             "status_change_notification, which now tells the main loop to rebuild the session "
             "and subscription.",
             {"symptom": "no data since 02:14. service is up. nothing in the log that says "
                         "error",
              "trace": "2024-03-05 02:14:07,118 WARNING asyncua.client.ua_client.UASocketProtoc"
                       "ol: ServiceFault (BadServerHalted) from server received in response "
                       "to PublishRequest\n2024-03-05 02:14:07,120 WARNING "
                       "asyncua.common.subscription: Subscription 14: status change "
                       "BadTimeout",
              "nudge": "again. same as the last patch night",
              "probe": [read(handler, "class SubHandler:\n    def __init__(self, queue, "
                                      "reconnect):\n        self.queue = queue\n        "
                                      "self.reconnect = reconnect\n\n    def "
                                      "datachange_notification(self, node, val, data):\n       "
                                      " self.queue.put_nowait((node.nodeid, "
                                      "data.monitored_item.Value))\n"),
                        bash("grep -rn 'status_change' src/ || echo 'no matches'",
                             "no matches")],
              "explain": "scada-opc01 restarted at 02:14. asyncua reports that only to the "
                         "subscription handler's status_change_notification (BadServerHalted, "
                         "then BadTimeout on the subscription); our SubHandler doesn't "
                         "implement it, so nothing raises, the process stays up, and it simply "
                         "never gets another data change. The handler needs "
                         "status_change_notification to wake the main loop so it rebuilds the "
                         "session and subscription.",
              "fix": [edit(handler, "    def datachange_notification(self, node, val, data):\n",
                           "    def status_change_notification(self, status):\n        # a "
                           "server restart kills the subscription without raising anything\n  "
                           "      log.warning(\"subscription status %s, reconnecting\", "
                           "status.Status)\n        self.reconnect.set()\n\n    def "
                           "datachange_notification(self, node, val, data):\n"),
                      bash("uv run pytest -q tests/test_reconnect.py",
                           "...                                       [100%]\n3 passed in "
                           "6.12s")],
              "done": "Deployed and restarted; samples are coming in again. Next time the "
                      "server restarts, the collector logs the status change and reconnects on "
                      "its own instead of stalling.",
              "repro": "uv run pytest -q tests/integration/test_server_restart.py -s",
              "hunch": ("Could be the database side: a lock would stall the writer without the "
                        "subscription noticing. Checking for waiting locks.",
                        bash("psql service=tsdb-ro -Atc \"select count(*) from pg_locks where "
                             "not granted\"", "0")),
              "ticket": (LUIS, "KP trends on the new screens went flat at 2:14 am. Old "
                               "Chronowell trends are fine. Filter 3 backwashed overnight and "
                               "I can't see it. Need it for the morning report.")}),
        Fact("gotcha-dst", "gotcha", ["ExportUTC"],
             ["backfill fell over on a duplicate key on one night in november. why again",
              "re-exporting a few old months out of chronowell. is there a setting i need on "
              "the export"],
             "stillwell gotcha: Chronowell's CSV exports are in local wall-clock time with no "
             "offset, so the November fall-back hour appears twice and the backfill hits "
             "duplicate key on samples_tag_ts_key; exports have to be made with ExportUTC=1 in "
             "the export profile (chronowell-export.ini on hist01), and the backfill now treats "
             "export times as UTC.",
             {"symptom": "backfill dies on nov 2023. duplicate key",
              "trace": "psycopg.errors.UniqueViolation: duplicate key value violates unique "
                       "constraint \"samples_tag_ts_key\"\nDETAIL:  Key (tag_id, ts)=(1187, "
                       "2023-11-05 09:00:00+00) already exists.",
              "nudge": "same on the 2022 file. nov 6",
              "probe": [bash("grep -n '^2023-11-05 01:00' exports/2023/KP_2023-11.csv | head "
                             "-4",
                             "1441:2023-11-05 01:00:00,KP.FLT2.AIT201,0.041,192\n1442:2023-11-"
                             "05 01:00:00,KP.FLT2.TIT201,11.8,192\n1501:2023-11-05 01:00:00,"
                             "KP.FLT2.AIT201,0.044,192\n1502:2023-11-05 01:00:00,KP.FLT2.TIT201,"
                             "11.8,192"),
                        bash(f"grep -n -i utc {export_ini}", "14:ExportUTC=0")],
              "explain": "Chronowell writes export timestamps in local wall-clock time with no "
                         "offset. On the November fall-back night 01:00-01:59 happens twice, "
                         "so the file has two 01:00 rows per tag that convert to the same "
                         "instant, and the second insert breaks samples_tag_ts_key. The export "
                         "profile has ExportUTC=0; with ExportUTC=1 Chronowell writes UTC and "
                         "the hour is unambiguous. The backfill then has to read the times as "
                         "UTC too.",
              "fix": [edit(export_ini, "ExportUTC=0", "ExportUTC=1"),
                      edit(backfill, "EXPORT_TZ = ZoneInfo(\"America/Los_Angeles\")\n",
                           "EXPORT_TZ = timezone.utc  # exports made with ExportUTC=1\n"),
                      bash("ssh hist01 'cwexport /profile chronowell-export.ini /from "
                           "2023-11-01 /to 2023-12-01 /out E:\\exports\\KP_2023-11.csv' && uv "
                           "run python -m stillwell.backfill exports/2023/KP_2023-11.csv",
                           "Exported 2881440 rows (time base: UTC)\nloaded 2881440 rows, 0 "
                           "conflicts")],
              "done": "November 2023 re-exported with ExportUTC=1 and loaded without a single "
                      "conflict. The backfill now refuses a file whose header doesn't say the "
                      "times are UTC.",
              "repro": "uv run python -m stillwell.backfill exports/2023/KP_2023-11.csv",
              "hunch": ("Maybe the file was loaded twice. Checking the load log.",
                        bash("grep -c KP_2023-11 logs/backfill-loaded.txt", "0", 1)),
              "ticket": (GRADY, "backfill job died overnight on nov 2023, dup key on samples. "
                                "didn't touch it, yours")}),
        Fact("fals-poll", "falsified", ["read_values"],
             ["why don't we just poll every tag once a second instead of subscriptions. "
              "easier to reason about",
              "did anyone ever try polling the scada server for the collector"],
             "stillwell: polling all ~4,000 tags once a second with client.read_values() "
             "instead of OPC UA subscriptions was tried and reverted — scada-opc01 went to 90% "
             "CPU and started refusing the operators' HMI sessions (BadTooManySessions); the "
             "collector stays on subscriptions with a 1 s publishing interval and server-side "
             "deadbands.",
             {"ask": "try polling instead of the subscription. read everything every 1s. want "
                     "to see if the gaps go away",
              "change": [edit(collector,
                              "    sub = await client.create_subscription(1000, handler)\n    "
                              "await sub.subscribe_data_change(nodes)\n",
                              "    while True:\n        values = await "
                              "client.read_values(nodes)\n        await sink.write_many(nodes, "
                              "values)\n        await asyncio.sleep(1)\n")],
              "broke": bash("uv run stillwell --config config/staging.yaml --duration 300; ssh "
                            "scada-opc-test 'typeperf \"\\Processor(_Total)\\% Processor "
                            "Time\" -sc 3'",
                            "polled 4012 nodes x 300 cycles\n\"cpu\",\"90.8\"\n\"cpu\",\"91.4\""
                            "\n\"cpu\",\"89.9\"\nWARN HMI client KPHMI02 session rejected: "
                            "BadTooManySessions", 1),
              "revert": bash("git checkout -- src/stillwell/collector.py && git status "
                             "--short", ""),
              "conclusion": "Back on subscriptions. Polling all ~4,000 tags with read_values "
                            "every second pushed the SCADA server to 90% CPU and it began "
                            "refusing HMI sessions (BadTooManySessions) — the operators' "
                            "screens matter more than our gaps. Subscriptions stay: 1 s "
                            "publishing interval, deadbands evaluated on the server.",
              "want": "gaps in the kp trends again. what if we just poll",
              "offer": "We could drop the subscription and poll: client.read_values on every "
                       "node once a second and write whatever comes back. Predictable, and a "
                       "missed cycle is obvious. Want me to switch it?",
              "story": "grady did exactly that in january. read_values on all 4000 tags every "
                       "second, the scada server went to 90% cpu and started kicking the "
                       "operators' hmi sessions. luis rang at 6am because the kp control room "
                       "screens went blank. the gaps are a radio problem not a subscription "
                       "problem",
              "title": "Polling tags with read_values instead of subscriptions",
              "pitch": (DOLORES, "Mira, the vendor at the conference said polling is more "
                                 "reliable than subscriptions for historian data. Worth a look "
                                 "before cutover?")}),
        Fact("fals-compress", "falsified", ["add_compression_policy"],
             ["tsdb01 disk is at 78%. why does compression only kick in after a month",
              "can we compress the samples chunks after a day or two"],
             "stillwell: compressing samples early (add_compression_policy with compress_after "
             "2 days instead of 30) was tried and reverted — every chunk the Chronowell "
             "backfill still writes into got compressed and its upserts failed (ON CONFLICT "
             "isn't supported on compressed chunks); compression stays at 30 days until the "
             "backfill is finished.",
             {"ask": "turn compression on at 2 days for samples. disk.",
              "change": [bash("psql service=tsdb-admin -c \"SELECT "
                              "remove_compression_policy('samples'); SELECT "
                              "add_compression_policy('samples', compress_after => INTERVAL '2 "
                              "days');\"",
                              " remove_compression_policy\n---------------------------\n t\n\n "
                              "add_compression_policy\n------------------------\n 1017")],
              "broke": bash("uv run python -m stillwell.backfill exports/2024/PS14_2024-02.csv",
                            "ERROR:  insert with ON CONFLICT or RETURNING clause is not "
                            "supported on compressed chunks\nCONTEXT:  chunk "
                            "_timescaledb_internal._hyper_1_412_chunk", 1),
              "revert": bash("psql service=tsdb-admin -c \"SELECT "
                             "remove_compression_policy('samples'); SELECT "
                             "add_compression_policy('samples', compress_after => INTERVAL '30 "
                             "days'); SELECT count(decompress_chunk(c, true)) FROM "
                             "show_chunks('samples', newer_than => INTERVAL '30 days') c;\"",
                             " count\n-------\n    26"),
              "conclusion": "Compression is back at 30 days. With add_compression_policy at "
                            "2 days, every chunk the backfill still has to write into got "
                            "compressed and its upserts failed (ON CONFLICT isn't supported on "
                            "compressed chunks); late buffered station data would hit the same "
                            "wall. Revisit once the Chronowell backfill is done; ask City IT "
                            "for disk meanwhile.",
              "want": "tsdb01 disk at 78. compression sooner?",
              "offer": "Easy win: add_compression_policy on samples with compress_after => "
                       "'2 days' instead of 30 — this kind of data usually compresses 10-20x. "
                       "Shall I change it?",
              "story": "tried it in week one. add_compression_policy at 2 days and the "
                       "backfill fell over straight away, on conflict doesn't work on "
                       "compressed chunks. grady lost a day decompressing. not until the "
                       "backfill's done. ask shauna for disk",
              "title": "Early compression of samples with add_compression_policy",
              "pitch": (SHAUNA, "hi mira, tsdb01 data volume alert at 78%. can you free space "
                                "on your side before we talk about expanding? storage budget "
                                "is tight till july")}),
    ]
    chatter = [
        "2024-03-05 02:13:02,004 INFO stillwell.sink: wrote 1198 samples (batch 88213)",
        "2024-03-05 02:13:12,007 INFO stillwell.sink: wrote 1204 samples (batch 88214)",
        "2024-03-05 02:13:22,011 INFO stillwell.sink: wrote 1187 samples (batch 88215)",
        "2024-03-05 02:13:30,552 DEBUG stillwell.collector: keepalive ok (session 7)",
        "2024-03-05 02:13:32,003 INFO stillwell.sink: wrote 1210 samples (batch 88216)",
        "2024-03-05 02:13:42,009 INFO stillwell.sink: wrote 1193 samples (batch 88217)",
        "2024-03-05 02:13:52,006 INFO stillwell.sink: wrote 1201 samples (batch 88218)",
        "2024-03-05 02:14:00,552 DEBUG stillwell.collector: keepalive ok (session 7)",
        "2024-03-05 02:14:02,005 INFO stillwell.sink: wrote 1206 samples (batch 88219)",
        "2024-03-05 02:15:00,001 INFO stillwell.stats: queue depth 0, 4012 monitored items",
        "2024-03-05 02:16:00,001 INFO stillwell.stats: queue depth 0, 4012 monitored items",
        "2024-03-05 02:17:00,002 INFO stillwell.stats: queue depth 0, 4012 monitored items",
        "2024-03-05 02:20:00,000 INFO stillwell.stats: 0 samples in the last 5 min",
        "2024-03-05 02:25:00,001 INFO stillwell.stats: 0 samples in the last 5 min",
    ]
    noise: list[Episode] = [
        look("what does the sink do with NaN", sink,
             "    if math.isnan(value):\n        stats.nan_dropped += 1\n        return None\n",
             "Drops it and counts it in stats.nan_dropped; nothing is written for that sample."),
        find("where's the station list", "STATIONS",
             ["src/stillwell/stations.py", "src/stillwell/collector.py"],
             "Defined in src/stillwell/stations.py; the collector imports it to group "
             "subscriptions per station."),
        tweak("typo in the log line. 'recieved'", "src/stillwell/collector.py",
              "    log.info(\"recieved %d changes\", n)",
              "    log.info(\"received %d changes\", n)", "Spelling fixed."),
        run("how many tags are configured", "grep -c 'node_id:' config/tags.yaml", "412",
            "412 tags in config/tags.yaml."),
        talk("opc ua sampling interval vs publishing interval. short",
             "Sampling interval: how often the server checks a value for change. Publishing "
             "interval: how often it sends the queued changes to the client. Sample fast, "
             "publish slower, and one notification carries several changes."),
        steps("what went in this week",
              [bash("git log --oneline --since='1 week ago'",
                    "b71e0c4 sink: counter table\n3a9d211 tags: KP filter 3\n90fe6b2 ci: pin "
                    "uv 0.4")],
              "Three commits: the counter sink, the KP filter 3 tags and pinning uv in CI."),
        [Step(prompt="cutover list for the collector. tags complete, backfill 2019-2023, "
                     "alarms table, hand-off to ops"),
         Step(tools=[todo_write([("All tags in tags.yaml", "pending", "Checking tags"),
                                 ("Backfill 2019-2023", "pending", "Backfilling"),
                                 ("Alarms table", "pending", "Adding the alarms table"),
                                 ("Hand-off to operations", "pending", "Handing off")])]),
         Step(text="Made the list (4)."),
         Step(prompt="tags done"),
         Step(tools=[todo_write([("All tags in tags.yaml", "completed", "Checking tags"),
                                 ("Backfill 2019-2023", "pending", "Backfilling"),
                                 ("Alarms table", "pending", "Adding the alarms table"),
                                 ("Hand-off to operations", "pending", "Handing off")])]),
         Step(text="Tags ticked; 3 remaining.")],
        steps("any tags in the yaml that aren't on the scada server anymore",
              [agent("Find stale tags",
                     "Compare the node ids in config/tags.yaml with the SCADA tag export in "
                     "exports/scada-tags.csv and list the ones missing from the export.",
                     "Two node ids in config/tags.yaml are not in the SCADA export: "
                     "ns=2;s=PS07/P2/RunFB (pump 2 was removed last year) and "
                     "ns=2;s=KP/CLW/LIT-990 (a test tag). Everything else matches.",
                     "d4e81b07c2a9", "Explore", 5)],
              "Two stale ones: PS07 pump 2's run feedback (the pump is gone) and a KP test tag. "
              "Want them removed?"),
    ]
    adrs = ["0001-timescaledb-over-influxdb.md", "0002-one-row-per-sample.md",
            "0003-asyncua-not-open62541.md"]
    return Project(
        "stillwell", "git@gitlab.portalder.gov:ot/stillwell.git",
        _files("stillwell", "OPC UA collector: subscribes to the SCADA's tags and writes them "
                            "to TimescaleDB; plus the backfill from Chronowell's exports.", adrs,
               {"pyproject.toml": "[project]\nname = \"stillwell\"\nversion = \"0.7.0\"\n"
                                  "requires-python = \">=3.12\"\ndependencies = [\"asyncua\", "
                                  "\"psycopg[binary]\", \"pyyaml\"]\n"}),
        _equip(facts, chatter=chatter, adrs=adrs),
        noise, "postgres")


# ------------------------------------------------------------------- sightglass
def sightglass() -> Project:
    levels = "dashboards/reservoir-levels.jsonnet"
    ps14 = "dashboards/ps14.jsonnet"
    panels = "lib/panels.libsonnet"
    stations = "dashboards/stations.jsonnet"
    provider = "provisioning/dashboards/sightglass.yaml"
    levels_head = ("{\n  uid: 'reservoir-levels',\n  title: 'Reservoir levels',\n  tags: "
                   "['storage', 'hmi-linked'],\n")
    facts = [
        Fact("conv-hmi", "convention", ["hmi-linked"],
             ["renaming the kp filters board and its uid to the new naming scheme. anything to "
              "watch for",
              "which dashboards can't have their uid changed, and how do i tell which ones"],
             "sightglass (Grafana dashboards as code): dashboards the SCADA HMI screens link to "
             "are tagged hmi-linked and their uid is frozen, because the HMI buttons open "
             "/d/<uid>; renaming the title is fine, changing the uid of an hmi-linked "
             "dashboard is not.",
             {"task": "rename reservoir-levels to 'Storage: reservoir levels'. uid too, make it "
                      "storage-levels",
              "rule": "uid stays. the hmi buttons open it by uid. it's hmi-linked. title only",
              "contrary": edit(levels, levels_head,
                               levels_head.replace("uid: 'reservoir-levels'",
                                                   "uid: 'storage-levels'")
                               .replace("title: 'Reservoir levels'",
                                        "title: 'Storage: reservoir levels'")),
              "follow": [edit(levels, levels_head,
                              levels_head.replace("title: 'Reservoir levels'",
                                                  "title: 'Storage: reservoir levels'")),
                         bash("make render && jq -r '.uid + \" \" + (.tags|join(\",\"))' "
                              "rendered/reservoir-levels.json",
                              "reservoir-levels storage,hmi-linked")],
              "done": "Title is now 'Storage: reservoir levels'; the uid stays reservoir-levels "
                      "because the dashboard is tagged hmi-linked and the HMI's buttons open "
                      "it by uid.",
              "evidence": [bash("grep -ln \"'hmi-linked'\" dashboards/*.jsonnet",
                                "dashboards/kp-filters.jsonnet\ndashboards/ps-overview.jsonnet"
                                "\ndashboards/reservoir-levels.jsonnet"),
                           bash("git log --oneline -S\"uid:\" -- " + levels,
                                "a41c09e reservoir-levels: put the old uid back, HMI button "
                                "404s\n5be2d70 reservoir-levels: new naming")],
              "spotted": "Three dashboards are tagged hmi-linked, reservoir-levels among them, "
                         "and the history has a commit putting its old uid back after the HMI "
                         "button started 404ing. So on an hmi-linked dashboard only the title "
                         "changes.",
              "from": GRADY,
              "memo": "if you're renaming boards: anything tagged hmi-linked keeps its uid "
                      "forever. the hmi screens have /d/<uid> in the buttons and luis's people "
                      "get a 404. title is fine",
              "options": (("Change the uid too", "keep uid and title in step and fix whatever "
                                                 "links we know about"),
                          ("Title only", "leave the uid alone: the board is hmi-linked and the "
                                         "HMI opens it by uid"))}),
        Fact("conv-limits", "convention", ["limits.libsonnet"],
             ["luis wants the high line on the ps22 suction pressure graph moved. where does "
              "that change go",
              "thresholds on panels — where are they supposed to come from"],
             "sightglass: panel thresholds (alarm and operating limit lines) come from "
             "lib/limits.libsonnet, the operating limits the chief operator signed off, keyed "
             "by tag; they are never typed inline on a panel, and a change carries the limits "
             "sheet revision in a comment.",
             {"task": "ps14 discharge pressure panel needs a hi line at 620 kPa and hihi at 690",
              "rule": "not inline. limits come from lib/limits.libsonnet, luis signs them off. "
                      "change it there",
              "contrary": edit(ps14, "    p.pressure('PS14 discharge', 'PS14.PT-102'),\n",
                               "    p.pressure('PS14 discharge', 'PS14.PT-102')\n    + "
                               "p.thresholds([{ value: 620, color: 'orange' }, { value: 690, "
                               "color: 'red' }]),\n"),
              "follow": [edit("lib/limits.libsonnet", "  'PS14.PT-102': { hi: 600, hihi: 680 },"
                                                      "\n",
                              "  'PS14.PT-102': { hi: 620, hihi: 690 },  // limits sheet rev "
                              "14, L. Ferreira\n"),
                         bash("make render && git status --short rendered/",
                              " M rendered/ps14.json")],
              "done": "PS14.PT-102 is hi 620 / hihi 690 in lib/limits.libsonnet, with the "
                      "limits-sheet revision in the comment; the PS14 board picks it up and "
                      "only rendered/ps14.json changed.",
              "evidence": [read("lib/limits.libsonnet",
                                "// Operating limits signed off by the chief operator.\n// "
                                "Change only against the current limits sheet.\n{\n  "
                                "'PS14.PT-101': { lo: 180, lolo: 150 },\n  'PS14.PT-102': { hi: "
                                "600, hihi: 680 },\n  'PS22.PT-201': { lo: 140, lolo: 120 },\n"
                                "}\n")],
              "spotted": "Limits aren't typed into dashboards here: lib/limits.libsonnet holds "
                         "the signed-off operating limits by tag (PS14.PT-102 is 600/680 now), "
                         "and the panels read their threshold lines from it.",
              "from": GRADY,
              "memo": "luis sent limits sheet rev 14. changes go in lib/limits.libsonnet, "
                      "nothing inline on panels. put the rev in the comment",
              "options": (("On the panel", "add the two threshold steps to the PS14 pressure "
                                           "panel itself"),
                          ("In the limits file", "change PS14.PT-102 in lib/limits.libsonnet, "
                                                 "which every panel reads"))}),
        Fact("cmd-render", "command", ["ext-str env"],
             ["rendering one board by hand to read its json. what's the full jsonnet line",
              "jsonnet says undefined external variable when i build a single dashboard"],
             "sightglass: render one dashboard by hand with `jsonnet -J vendor --ext-str "
             "env=prod dashboards/<name>.jsonnet` (env=test for the test Grafana) — the boards "
             "read std.extVar('env') to pick the datasource and import grafonnet from vendor/, "
             "so a bare `jsonnet file` fails.",
             {"goal": "render kp-filters to json, want to read the queries",
              "fail": bash("jsonnet dashboards/kp-filters.jsonnet",
                           "RUNTIME ERROR: undefined external variable: env\n\t"
                           "dashboards/kp-filters.jsonnet:4:13-31\tthunk <ds>\n\t"
                           "dashboards/kp-filters.jsonnet:9:15-17\tobject <anonymous>\n\t"
                           "During manifestation", 1),
              "note": "The boards take the environment as an external variable "
                      "(std.extVar('env') picks the prod or test datasource), and they import "
                      "grafonnet from vendor/.",
              "ok": bash("jsonnet -J vendor --ext-str env=prod dashboards/kp-filters.jsonnet "
                         "> /tmp/kp-filters.json && jq '.panels | length' /tmp/kp-filters.json",
                         "14"),
              "hist": "ext-str",
              "done": "Rendered to /tmp/kp-filters.json: 14 panels.",
              "hint": (GRADY, "jsonnet -J vendor --ext-str env=prod dashboards/x.jsonnet. "
                              "env=test if you want the test grafana's datasource"),
              "label": "render one dashboard by hand"}),
        Fact("cmd-diff", "command", ["BASE_REF"],
             ["how do i run the pipeline's dashboard diff on my machine before pushing",
              "the local diff target stops with a missing variable. what does it want"],
             "sightglass: run the CI's rendered-JSON diff locally with `git fetch && make diff "
             "BASE_REF=origin/main` — it renders the branch and the base and diffs them; "
             "without BASE_REF (CI passes the merge request's target) the target stops.",
             {"goal": "run the ci diff locally before i push the limits change",
              "fail": bash("make diff",
                           "scripts/diffdash.sh: line 6: BASE_REF: unbound variable\nmake: *** "
                           "[Makefile:21: diff] Error 1", 2),
              "note": "The diff target renders against a base revision, which CI passes in as "
                      "BASE_REF (the merge request's target branch).",
              "ok": bash("git fetch -q origin && make diff BASE_REF=origin/main",
                         "rendering origin/main ... 31 dashboards\nrendering HEAD ... 31 "
                         "dashboards\n--- rendered/ps14.json\n+++ rendered/ps14.json\n@@ -212,7 "
                         "+212,7 @@\n-          \"value\": 600\n+          \"value\": 620\n1 "
                         "dashboard changed"),
              "hist": "make diff",
              "done": "Same diff the pipeline will show: only ps14.json, the threshold value.",
              "hint": (GRADY, "make diff BASE_REF=origin/main. fetch first. ci sets BASE_REF "
                              "to the MR target"),
              "label": "the CI dashboard diff, locally"}),
        Fact("env-reader", "environment", ["dash_reader"],
             ["which db account does grafana log into timescale as",
              "giving grafana access to the new alarms table, who do i grant it to"],
             "sightglass: Grafana's TimescaleDB datasource (ts-ops) logs in as dash_reader, a "
             "read-only role (default_transaction_read_only on, statement_timeout 15s); any new "
             "table Grafana should read needs GRANT SELECT to dash_reader.",
             {"goal": "what db user is the ts-ops datasource",
              "probe": [read("provisioning/datasources/ts-ops.yaml",
                             "apiVersion: 1\ndatasources:\n  - name: ts-ops\n    type: "
                             "grafana-postgresql-datasource\n    uid: ts-ops\n    url: "
                             "tsdb01:${TSDB_PORT}\n    user: dash_reader\n    jsonData:\n     "
                             " database: ot\n      sslmode: require\n      timescaledb: true\n"
                             "    secureJsonData:\n      password: ${TSDB_DASH_PW}\n"),
                        bash("psql service=tsdb-ro -Atc \"select rolname, rolconfig from "
                             "pg_roles where rolname = 'dash_reader'\"",
                             "dash_reader|{default_transaction_read_only=on,"
                             "statement_timeout=15s}")],
              "confirm": "The ts-ops datasource logs in as dash_reader: read-only "
                         "(default_transaction_read_only on) with a 15 s statement_timeout. "
                         "Anything new Grafana should read needs GRANT SELECT ... TO "
                         "dash_reader.",
              "assume": "It's probably the grafana account the old Chronowell dashboards used.",
              "terse": "no. dash_reader. read only",
              "asker": GRADY,
              "asked": "which role is grafana on now? making the alarms_journal table, want to "
                       "grant it right first time"}),
        Fact("env-jump", "environment", ["ot-jump01"],
             ["grafana box from the office network. what's the route in",
              "ssh to the dashboard box times out from my desk. what's the way in"],
             "sightglass: the Grafana server ot-dash01 is in the OT DMZ and City IT's firewall "
             "drops SSH from the office VLAN; the only way in is through the jump host "
             "ot-jump01 (ssh -J ot-jump01 ot-dash01, or ProxyJump in ~/.ssh/config).",
             {"goal": "how do i get onto ot-dash01 from the office",
              "probe": [bash("ssh -F /dev/null -o ConnectTimeout=5 ot-dash01 true",
                             "ssh: connect to host ot-dash01 port 22: Connection timed out",
                             255),
                        bash("grep -A3 'Host ot-dash01' ~/.ssh/config",
                             "Host ot-dash01\n    HostName 10.30.0.40\n    ProxyJump "
                             "ot-jump01\n    User mira"),
                        bash("ssh ot-dash01 'hostname; systemctl is-active grafana-server'",
                             "ot-dash01\nactive")],
              "confirm": "ot-dash01 sits in the OT DMZ and City IT's firewall drops SSH from "
                         "the office VLAN, so a direct connection times out. The way in is the "
                         "jump host ot-jump01: ssh -J ot-jump01 ot-dash01, or the ProxyJump "
                         "line already in your ~/.ssh/config.",
              "assume": "I'll connect to it directly.",
              "terse": "won't work from here. ot-jump01",
              "asker": LUIS,
              "asked": "Our SCADA integrator is writing their support agreement and asks how "
                       "your team reaches the dashboard server when the web page is down. What "
                       "do I tell them?"}),
        Fact("gotcha-uiedit", "gotcha", ["allowUiUpdates"],
             ["bev's edit to the night flow graph vanished overnight. why does that keep "
              "happening",
              "can the operators save dashboard changes from the grafana ui or not"],
             "sightglass gotcha: the file provisioning provider had allowUiUpdates: true, so "
             "edits saved in the Grafana UI went into Grafana's database and were silently "
             "overwritten when CI next deployed the rendered JSON; it is now allowUiUpdates: "
             "false, so Grafana refuses to save a provisioned dashboard from the UI and "
             "changes go through the repo.",
             {"symptom": "bev's panel change gone again. third time",
              "trace": "logger=context userId=14 orgId=1 uname=bdunleavy t=03:12:40 level=info "
                       "msg=\"Request Completed\" method=POST path=/api/dashboards/db status=200"
                       "\nlogger=provisioning.dashboard type=file name=sightglass t=07:41:05 "
                       "level=info msg=\"dashboard updated from file\" uid=night-dist "
                       "file=night-dist.json",
              "nudge": "again. night-dist",
              "probe": [bash(f"ssh ot-dash01 'cat /etc/grafana/{provider}'",
                             "apiVersion: 1\nproviders:\n  - name: sightglass\n    type: file\n"
                             "    allowUiUpdates: true\n    updateIntervalSeconds: 30\n    "
                             "options:\n      path: /var/lib/grafana/dashboards/sightglass\n")],
              "explain": "The provisioning provider has allowUiUpdates: true. That lets Bev "
                         "save a panel from the browser — it goes into Grafana's database — "
                         "but the dashboard still belongs to the file, and when CI deployed a "
                         "new night-dist.json at 07:41 the provider replaced her version. With "
                         "allowUiUpdates: false Grafana refuses to save a provisioned dashboard "
                         "from the UI (it offers the JSON to copy instead), so nothing is "
                         "thrown away silently.",
              "fix": [edit(provider, "    allowUiUpdates: true\n", "    allowUiUpdates: false\n"),
                      edit("dashboards/night-dist.jsonnet",
                           "    p.flow('Night flow', 'DIST.NIGHTFLOW'),\n",
                           "    p.flow('Night flow', 'DIST.NIGHTFLOW') + p.yRange(0, 300),\n"),
                      bash("make deploy-provisioning",
                           "rsync provisioning/ -> ot-dash01:/etc/grafana/provisioning/\n"
                           "restarting grafana-server ... active")],
              "done": "Provisioning now has allowUiUpdates: false, and Bev's change (night flow "
                      "y-axis 0-300 L/s) is in dashboards/night-dist.jsonnet so it survives "
                      "deploys.",
              "repro": "ssh ot-dash01 'sudo journalctl -u grafana-server --since -12h "
                       "--no-pager -o cat'",
              "hunch": ("Could be CI shipping an old rendered file. Checking what last changed "
                        "night-dist.",
                        bash("git log -1 --format='%h %ar %s' -- dashboards/night-dist.jsonnet",
                             "7c2e91f 9 hours ago night-dist: add reservoir inflow row")),
              "ticket": (BEV, "Night distribution dashboard: I set the night flow panel's "
                              "y axis to 0-300 L/s and saved it. Next night it's back to auto. "
                              "Third time. Please fix or tell me how to make it stick.")}),
        Fact("gotcha-lock", "gotcha", ["jsonnetfile.lock.json"],
             ["pipeline diff says every dashboard changed and nobody touched them. what was it "
              "last time",
              "grafonnet version drifting between my laptop and ci. how is it pinned"],
             "sightglass gotcha: jsonnetfile.lock.json was in .gitignore, so CI's `jb install` "
             "fetched grafonnet's latest main and every rendered dashboard changed (field "
             "order, new defaults); the lock file is now committed, pinning grafonnet to one "
             "commit on laptops and in CI.",
             {"symptom": "pipeline diff: 31 dashboards changed. i changed one",
              "trace": "render: 31 dashboards\ndiff against target:\n  rendered/kp-filters.json"
                       "      +212 -198\n  rendered/ps-overview.json     +640 -611\n  "
                       "rendered/ps14.json            +371 -360\n  ... (28 more)\n31 dashboards "
                       "changed",
              "nudge": "this one. i only touched ps14",
              "probe": [bash("cat .gitignore", "rendered/\nvendor/\njsonnetfile.lock.json\n"),
                        bash("grep -B2 -A4 grafonnet jsonnetfile.json",
                             "      \"source\": {\n        \"git\": {\n          \"remote\": "
                             "\"https://github.com/grafana/grafonnet.git\",\n          "
                             "\"subdir\": \"gen/grafonnet-latest\"\n        }\n      },\n      "
                             "\"version\": \"main\"")],
              "explain": "jsonnetfile.lock.json is in .gitignore and jsonnetfile.json asks for "
                         "grafonnet at 'main'. With no committed lock, CI's jb install takes "
                         "whatever main is today; grafonnet's generated defaults and field "
                         "order changed since your vendor/ was filled, so every rendered board "
                         "differs although only ps14 changed. Committing the lock pins "
                         "grafonnet to one commit everywhere.",
              "fix": [edit(".gitignore", "vendor/\njsonnetfile.lock.json\n", "vendor/\n"),
                      bash("jb install && git add .gitignore jsonnetfile.lock.json && git "
                           "commit -qm 'pin grafonnet: commit jsonnetfile.lock.json' && git log "
                           "-1 --oneline",
                           "GET https://github.com/grafana/grafonnet/archive/1c56af3.tar.gz "
                           "200\ne03b7aa pin grafonnet: commit jsonnetfile.lock.json")],
              "done": "The lock file is committed, pinned to the grafonnet commit your vendor/ "
                      "already had. The pipeline re-ran and the diff shows ps14.json only.",
              "repro": "gitlab-ci-local render-diff",
              "hunch": ("Maybe a shared lib file changed on main since you branched; that "
                        "would touch every board.",
                        bash("git diff --stat origin/main...HEAD -- lib/", "")),
              "ticket": (GRADY, "your MR pipeline says all 31 boards changed. did you reformat "
                                "everything? can't review that")}),
        Fact("fals-libpanel", "falsified", ["library panels"],
             ["twelve station boards each carry their own copy of the pump panels. doesn't "
              "grafana have a way to share one",
              "why don't we use grafana's reusable panel thing for the station pump block"],
             "sightglass: Grafana library panels for the shared pump block were tried and "
             "reverted — a library panel's content lives in Grafana's database and the "
             "dashboard JSON only holds its uid, so the rendered files and the CI diff stopped "
             "showing the panel and a UI edit changed all twelve boards unreviewed; the pump "
             "block stays a jsonnet function in lib/panels.libsonnet.",
             {"ask": "try making the pump block a grafana library panel. it's in 12 boards",
              "change": [edit(panels, "  pumpBlock(station):: [\n",
                              "  pumpBlock(station):: [\n    { libraryPanel: { uid: "
                              "'pump-block', name: 'Pump block' } },\n  ],\n  "
                              "pumpBlockInline(station):: [\n")],
              "broke": bash("make render && ./scripts/lint-rendered.sh",
                            "rendered 31 dashboards\nlint: rendered/ps14.json panel 6: no "
                            "targets, libraryPanel reference only (content not in repo)\n"
                            "lint: ... 11 more\nFAIL: 12 panels not reviewable", 1),
              "revert": bash(f"git checkout -- {panels} && make render && git status --short",
                             ""),
              "conclusion": "The pump block stays a jsonnet function in lib/panels.libsonnet. "
                            "As library panels, its queries and thresholds live in Grafana's "
                            "database and the rendered boards carry only a uid, so the CI diff "
                            "can't show what changed — and anyone editing the library panel "
                            "in the browser changes twelve dashboards with no review.",
              "want": "pump block is copy-pasted in 12 boards. grafana has shared panels "
                      "right",
              "offer": "Grafana library panels do exactly that: define the pump block once "
                       "and each dashboard references it by uid; edit once, all twelve update. "
                       "Shall I convert it?",
              "story": "we had library panels for two weeks in the autumn. the dashboard json "
                       "just has a uid pointing into grafana's database so the diff in ci "
                       "showed nothing, and then somebody edited the pump block in the browser "
                       "and all twelve stations changed overnight, no review. luis noticed run "
                       "hours gone from every station. it's a function in lib, that IS the "
                       "shared thing",
              "title": "Library panels for the pump block",
              "pitch": (SHAUNA, "saw your dashboards repo. grafana 10 has library panels, "
                                "would save you all the copy paste? we use them on the IT "
                                "boards")}),
        Fact("fals-repeat", "falsified", ["repeat panels"],
             ["could all the stations be on a single overview where you pick the station from a "
              "list",
              "why are there forty separate station dashboards and not one with a variable"],
             "sightglass: one overview dashboard using repeat panels over a station variable "
             "was tried and reverted — opened with All selected it fired 480 queries at once, "
             "tsdb01 went to 100% CPU and the page took ~40 s; the station dashboards stay "
             "generated one per station from the loop in dashboards/stations.jsonnet.",
             {"ask": "try one board with repeat panels on a station variable instead of the 40 "
                     "generated ones",
              "change": [edit(stations,
                              "[\n  station.board(s)\n  for s in std.objectFields(limits)\n]\n",
                              "board.withVariable(station.variable(multi=true, "
                              "includeAll=true))\n+ board.withPanels([\n  "
                              "panels.pumpBlock('$station') + { repeat: 'station', "
                              "repeatDirection: 'h', maxPerRow: 4 },\n])\n")],
              "broke": bash("./scripts/loadtime.sh stations-all",
                            "dashboard stations-all (station=All, 40 values): 480 queries\np50 "
                            "load 38.6s\ntsdb01 cpu peak 100%\nFAIL: over the 5s budget", 1),
              "revert": bash(f"git checkout -- {stations} && make render && ls "
                             "rendered/station-*.json | wc -l", "40"),
              "conclusion": "Back to one generated dashboard per station. With repeat panels "
                            "over the station variable and All selected, the board fired 480 "
                            "queries at once (40 stations x 12 panels), tsdb01 hit 100% CPU "
                            "and the page took about 40 seconds; the per-station boards load "
                            "in under two.",
              "want": "40 station boards is silly. one board with a station dropdown?",
              "offer": "Grafana can repeat a row or panel per value of a variable: one board, "
                       "a multi-select station variable, and the pump block repeated for each "
                       "station. Want me to fold the 40 into that?",
              "story": "that's what we had before the generator. one board, repeat panels on "
                       "station, and the night operators opened it with All selected. 480 "
                       "queries, tsdb01 pinned, 40 seconds to load, and the collector's "
                       "inserts backed up behind it. the generator exists because of that",
              "title": "One overview with repeat panels per station",
              "pitch": (LUIS, "Can we get one screen with every station on it? Night shift "
                              "clicks through 40 dashboards.")}),
    ]
    chatter = [
        "jb install",
        "GET https://github.com/grafana/grafonnet/archive/main.tar.gz 200",
        "rendering dashboards/kp-filters.jsonnet",
        "rendering dashboards/ps-overview.jsonnet",
        "rendering dashboards/reservoir-levels.jsonnet",
        "rendering dashboards/night-dist.jsonnet",
        "rendering dashboards/stations.jsonnet (40 outputs)",
        "logger=infra.usagestats t=03:00:00 level=info msg=\"Usage stats are ready to report\"",
        "logger=cleanup t=03:10:00 level=info msg=\"Completed cleanup jobs\" duration=14ms",
        "logger=context userId=3 orgId=1 uname=lferreira t=06:58:11 level=info msg=\"Request "
        "Completed\" method=GET path=/d/kp-filters status=200",
        "logger=provisioning.dashboard type=file name=sightglass t=07:40:35 level=info "
        "msg=\"checking for changes\"",
        "logger=live t=07:41:00 level=info msg=\"Initialized channel handler\"",
        "Job succeeded",
        "$ make lint",
        "lint: 31 rendered dashboards ok",
    ]
    noise: list[Episode] = [
        look("what does p.flow do with units", panels,
             "  flow(title, tag)::\n    timeSeries.new(title)\n    + "
             "timeSeries.standardOptions.withUnit('litreps')\n    + self.query(tag),\n",
             "Sets the unit to litres per second (Grafana's 'litreps') and adds the query for "
             "the tag; nothing else."),
        find("which boards use the old chronowell datasource still", "chronowell-sql",
             ["dashboards/legacy-kp.jsonnet"],
             "Only dashboards/legacy-kp.jsonnet; everything else is on ts-ops."),
        tweak("ps-overview title has a typo. 'Overveiw'", "dashboards/ps-overview.jsonnet",
              "  title: 'Pump stations: Overveiw',", "  title: 'Pump stations: Overview',",
              "Fixed."),
        run("how many dashboards do we render", "ls rendered/*.json | wc -l", "71",
            "71 rendered files: 31 hand-written boards and the 40 generated station boards."),
        talk("$__interval vs $__rate_interval in grafana. short",
             "$__interval is the step Grafana picks from the time range and panel width. "
             "$__rate_interval is a Prometheus-specific safe window for rate(): at least four "
             "scrape intervals. For SQL datasources you'd use $__interval (or $__timeGroup)."),
        steps("what's merged this week",
              [bash("git log --oneline --merges --since=monday",
                    "2f0a7c1 Merge branch 'ps14-limits'\n8de19b3 Merge branch "
                    "'night-dist-inflow'")],
              "Two merges: the PS14 limits and the night distribution inflow row."),
        [Step(prompt="list for cutover boards: kp filters, night dist, reservoir levels, "
                     "legacy kp retire"),
         Step(tools=[todo_write([("KP filters on ts-ops", "pending", "Moving KP filters"),
                                 ("Night distribution", "pending", "Building night dist"),
                                 ("Reservoir levels", "pending", "Building reservoir levels"),
                                 ("Retire legacy-kp", "pending", "Retiring legacy-kp")])]),
         Step(text="Made the list (4)."),
         Step(prompt="kp filters done"),
         Step(tools=[todo_write([("KP filters on ts-ops", "completed", "Moving KP filters"),
                                 ("Night distribution", "pending", "Building night dist"),
                                 ("Reservoir levels", "pending", "Building reservoir levels"),
                                 ("Retire legacy-kp", "pending", "Retiring legacy-kp")])]),
         Step(text="Ticked; 3 remaining.")],
        steps("any panels with a hard-coded datasource uid instead of the variable",
              [agent("Find hard-coded datasources",
                     "Search dashboards/ and lib/ for datasource objects with a literal uid "
                     "rather than the ds variable, and list file and line.",
                     "One: dashboards/legacy-kp.jsonnet line 22 has datasource uid "
                     "'chronowell-sql' written out. Everything else goes through the ds "
                     "variable from lib/ds.libsonnet.",
                     "b8e30c5f1a72", "Explore", 4)],
              "Just the legacy KP board, which points at the old Chronowell datasource on "
              "purpose; it goes away at cutover."),
    ]
    adrs = ["0001-dashboards-as-jsonnet.md", "0002-file-provisioning-not-api.md",
            "0003-grafonnet-v10.md", "0004-one-board-per-station-generated.md"]
    return Project(
        "sightglass", "git@gitlab.portalder.gov:ot/sightglass.git",
        _files("sightglass", "Port Alder Water's Grafana dashboards as Jsonnet; CI renders and "
                             "diffs them, file provisioning deploys them.", adrs,
               {"jsonnetfile.json": "{\n  \"version\": 1,\n  \"dependencies\": []\n}\n",
                "Makefile": "render:\n\t./scripts/render.sh\n"}),
        _equip(facts, chatter=chatter, adrs=adrs),
        noise, "github")


# ------------------------------------------------------------------- stationhand
def stationhand() -> Project:
    inv = "inventory/stations.yml"
    hub_handlers = "roles/wg_hub/handlers/main.yml"
    bridge_tasks = "roles/modbus_bridge/tasks/main.yml"
    peers = "group_vars/hub.yml"
    ps40_peer = ("  - name: ps40\n    address: 10.77.0.140/32\n    public_key: "
                 "\"q8XfKk0vD3mN5yq2Qp1Lw7sT9bR4cE6uH0jZaGf1YkM=\"\n")
    facts = [
        Fact("conv-canary", "convention", ["limit canary"],
             ["rolling the new modbus bridge build out to the stations. how do i stage it",
              "what's the order for pushing any change to all the gateways"],
             "stationhand (Ansible for the ~40 pump-station Pi gateways): every change goes to "
             "the canary group first — ps03 and ps22, `--limit canary` — and sits for a day "
             "before the rest of the stations get it; nothing goes to all stations in one run.",
             {"task": "push the node_exporter bump to the stations",
              "rule": "canary first. --limit canary, leave it a day, then the rest",
              "refuse_only": True,
              "contrary": bash("ansible-playbook site.yml --tags node_exporter",
                               "PLAY [stations] ****\nTASK [node_exporter : install] ****"),
              "follow": [bash("ansible-playbook site.yml --tags node_exporter --limit canary",
                              "PLAY RECAP ****\nps03 : ok=6 changed=2 unreachable=0 "
                              "failed=0\nps22 : ok=6 changed=2 unreachable=0 failed=0"),
                         bash("ansible canary -a 'node_exporter --version'",
                              "ps03 | CHANGED | rc=0 >>\nnode_exporter, version 1.8.2\nps22 | "
                              "CHANGED | rc=0 >>\nnode_exporter, version 1.8.2")],
              "done": "node_exporter 1.8.2 is on the canary pair only (ps03, ps22, run with "
                      "--limit canary). The other stations get it tomorrow if both look "
                      "normal.",
              "evidence": [bash(f"grep -n -A3 '^canary:' {inv}",
                                "41:canary:\n42-  hosts:\n43-    ps03:\n44-    ps22:"),
                           bash("git log --oneline -4 --grep=canary",
                                "e1f0a3b modbus_bridge 2.3 to the rest after canary\n4c2d9e8 "
                                "modbus_bridge 2.3: --limit canary\n77b1c05 node_exporter "
                                "1.8.1 to the rest after canary\n19ae4f2 node_exporter 1.8.1:"
                                " --limit canary")],
              "spotted": "The inventory has a canary group (ps03 and ps22), and every rollout "
                         "in the log went there first with --limit canary and to the rest a "
                         "day later.",
              "from": GRADY,
              "memo": "anything to the pis: --limit canary first (ps03 + ps22), leave it 24h, "
                      "then the rest. ps22 is on lte so it catches the tunnel stuff",
              "options": (("All stations", "one run against every gateway; node_exporter is "
                                           "low-risk"),
                          ("Canary first", "ps03 and ps22 only (--limit canary), the rest "
                                           "after a day"))}),
        Fact("conv-syncconf", "convention", ["wg syncconf"],
             ["added a peer to the hub's wireguard config. how do i apply it without dropping "
              "everyone",
              "the hub's wireguard handler, what's it meant to run"],
             "stationhand: WireGuard changes on the hub (wg-hub01) are applied with `wg "
             "syncconf wg0 <(wg-quick strip wg0)` — the 'reload wireguard' handler, run under "
             "bash — never `systemctl restart wg-quick@wg0`, which drops every station's "
             "tunnel (the LTE ones take minutes to come back).",
             {"task": "ps40 is new. add its peer on the hub and apply",
              "rule": "reload, never restart. wg syncconf. a restart drops all 40 tunnels",
              "refuse_only": True,
              "contrary": bash("ssh wg-hub01 'sudo systemctl restart wg-quick@wg0'", ""),
              "follow": [edit(peers, "wg_peers:\n", "wg_peers:\n" + ps40_peer),
                         read(hub_handlers, "- name: reload wireguard\n  "
                                            "ansible.builtin.shell: wg syncconf wg0 <(wg-quick "
                                            "strip wg0)\n  args:\n    executable: /bin/bash\n"),
                         bash("ansible-playbook hub.yml --tags wg_peers",
                              "TASK [wg_hub : render wg0.conf] ****\nchanged: [wg-hub01]\n"
                              "RUNNING HANDLER [wg_hub : reload wireguard] ****\nchanged: "
                              "[wg-hub01]\nPLAY RECAP ****\nwg-hub01 : ok=4 changed=2 "
                              "failed=0")],
              "done": "ps40's peer is on wg-hub01, applied by the reload handler (wg syncconf), "
                      "so no other tunnel dropped.",
              "evidence": [read(hub_handlers, "- name: reload wireguard\n  "
                                              "ansible.builtin.shell: wg syncconf wg0 "
                                              "<(wg-quick strip wg0)\n  args:\n    executable: "
                                              "/bin/bash\n")],
              "spotted": "The hub role's handler never restarts the interface: 'reload "
                         "wireguard' runs wg syncconf wg0 <(wg-quick strip wg0) under bash, "
                         "which applies peer changes in place.",
              "from": GRADY,
              "memo": "never restart wg-quick on the hub. drops all 40 tunnels and the lte ones "
                      "take minutes to come back. the handler does wg syncconf, use that",
              "options": (("Restart wg-quick@wg0", "restart the interface so it re-reads "
                                                   "wg0.conf"),
                          ("wg syncconf", "apply the changed peers in place; existing tunnels "
                                          "stay up"))}),
        Fact("cmd-vault", "command", ["vault-keyring-client"],
             ["playbook falls over on the vault password. how do we pass it",
              "running site.yml without typing anything, what's the vault part"],
             "stationhand: run playbooks with `--vault-id ot@contrib/vault-keyring-client.py` "
             "(the vault password comes from the desktop keyring, entry 'ot'); without it "
             "anything touching group_vars/all/vault.yml fails with 'Attempting to decrypt but "
             "no vault secrets found'.",
             {"goal": "run site.yml on ps14, just the modbus role",
              "fail": bash("ansible-playbook site.yml -l ps14 --tags modbus_bridge",
                           "ERROR! Attempting to decrypt but no vault secrets found", 1),
              "note": "The shared vars are vault-encrypted. The repo carries Ansible's keyring "
                      "client script in contrib/, and the vault password is in the desktop "
                      "keyring under the vault id 'ot'.",
              "ok": bash("ansible-playbook site.yml -l ps14 --tags modbus_bridge --vault-id "
                         "ot@contrib/vault-keyring-client.py",
                         "TASK [modbus_bridge : bridge config] ****\nok: [ps14]\nPLAY RECAP "
                         "****\nps14 : ok=7 changed=0 unreachable=0 failed=0"),
              "hist": "vault-id",
              "done": "Ran on ps14; the bridge config was already as the repo has it, nothing "
                      "changed.",
              "hint": (GRADY, "--vault-id ot@contrib/vault-keyring-client.py. pw is in your "
                              "keyring as 'ot', put it there monday"),
              "label": "run a playbook (vault password from the keyring)"}),
        Fact("cmd-handshake", "command", ["latest-handshakes"],
             ["which stations' tunnels are stale right now, quickest way",
              "how did we check every wireguard peer at once"],
             "stationhand: sweep tunnel freshness with `ansible stations -b -a 'wg show wg0 "
             "latest-handshakes'` (needs -b, wg wants root); it prints each peer's last "
             "handshake as epoch seconds, 0 means never, anything older than ~3 minutes is "
             "stale.",
             {"goal": "which tunnels are down. ps14 and ps31 look dead on the board",
              "fail": bash("ansible stations -a 'wg show'",
                           "ps03 | FAILED | rc=1 >>\nUnable to access interface: Operation not "
                           "permitted\nps05 | FAILED | rc=1 >>\nUnable to access interface: "
                           "Operation not permitted\n...", 2),
              "note": "wg needs root, and for a sweep the per-peer handshake time is the useful "
                      "part.",
              "ok": bash("ansible stations -b -o -a 'wg show wg0 latest-handshakes'",
                         "ps03 | CHANGED | rc=0 | (stdout) Hk2v...=\\t1741160412\nps09 | "
                         "CHANGED | rc=0 | (stdout) Hk2v...=\\t1741159734\nps14 | CHANGED | "
                         "rc=0 | (stdout) Hk2v...=\\t0\nps31 | CHANGED | rc=0 | (stdout) "
                         "Hk2v...=\\t0\n..."),
              "hist": "handshakes",
              "done": "ps14 and ps31 have never completed a handshake since their last boot "
                      "(0); ps09's last one was 11 minutes ago; the rest are under two "
                      "minutes.",
              "hint": (GRADY, "ansible stations -b -o -a 'wg show wg0 latest-handshakes'. "
                              "needs -b. 0 = never"),
              "label": "tunnel freshness sweep"}),
        Fact("env-wgport", "environment", ["51871"],
             ["shauna wants the wireguard port for the firewall rule again",
              "what udp port does the hub listen on"],
             "stationhand: the WireGuard hub wg-hub01 listens on UDP 51871, not the default "
             "51820 (City IT's edge firewall keeps 51820 for their own VPN); tunnel subnet "
             "10.77.0.0/24, hub address 10.77.0.1.",
             {"goal": "what port is the hub on",
              "probe": [bash(f"grep -n listen_port {peers} roles/wg_hub/templates/wg0.conf.j2",
                             "group_vars/hub.yml:2:wg_listen_port: 51871\n"
                             "roles/wg_hub/templates/wg0.conf.j2:3:ListenPort = {{ "
                             "wg_listen_port }}"),
                        bash("ssh wg-hub01 'sudo wg show wg0 listen-port'", "51871")],
              "confirm": "wg-hub01 listens on UDP 51871 — not the default 51820, which City "
                         "IT's edge firewall keeps for their own VPN. Tunnel subnet "
                         "10.77.0.0/24, hub at 10.77.0.1.",
              "assume": "I'll assume the WireGuard default, UDP 51820.",
              "terse": "nope, 51871. 51820 is city it's",
              "asker": SHAUNA,
              "asked": "redoing the edge rules for the pump station links. what's the udp port "
                       "on your wireguard hub? my notes say 51820 but that's ours"}),
        Fact("env-user", "environment", ["opsadmin"],
             ["what do i log into the station pis as",
              "ssh to ps22 asks for a password for my own user. which account is it"],
             "stationhand: the gateways' login is opsadmin (key-only, passwordless sudo; "
             "ansible_user in group_vars/stations.yml); the image has no pi or ubuntu user.",
             {"goal": "what user do i ssh to the pis as",
              "probe": [bash("grep -n ansible_user group_vars/stations.yml",
                             "3:ansible_user: opsadmin"),
                        bash("ssh opsadmin@10.77.0.122 'id; getent passwd ubuntu pi || echo "
                             "none'",
                             "uid=1001(opsadmin) gid=1001(opsadmin) groups=1001(opsadmin),"
                             "27(sudo)\nnone")],
              "confirm": "opsadmin: key-only, passwordless sudo, and it's ansible_user in "
                         "group_vars/stations.yml. The image has no pi or ubuntu account.",
              "assume": "Probably the image default, ubuntu.",
              "terse": "no. opsadmin",
              "asker": SHAUNA,
              "asked": "security audit question: which local accounts exist on the raspberry "
                       "pis at the pump stations, and is password login enabled?"}),
        Fact("gotcha-rofs", "gotcha", ["overlayroot-chroot"],
             ["hand-edited a config on ps09, then the station lost power and my edit was gone. "
              "why",
              "how do i make a manual change on one of the gateways stick"],
             "stationhand gotcha: the gateways boot with overlayroot=tmpfs — the real root is "
             "read-only and every write (including an Ansible template) lands in RAM and is "
             "gone after a reboot; persistent changes go through overlayroot-chroot (the "
             "common persist.yml tasks wrap it), then check after a reboot.",
             {"symptom": "ps09 lost the modbus timeout change after the power blip",
              "trace": "ps09$ grep timeout /etc/modbus-bridge/bridge.toml\n"
                       "response_timeout_ms = 500\nps09$ uptime\n 08:12:44 up  2:03,  1 user",
              "nudge": "same on ps17",
              "probe": [bash("ansible ps09 -a 'findmnt -no SOURCE,FSTYPE,OPTIONS /'",
                             "ps09 | CHANGED | rc=0 >>\noverlayroot overlay rw,relatime,"
                             "lowerdir=/media/root-ro,upperdir=/media/root-rw/overlay"),
                        bash("ansible ps09 -a 'cat /proc/cmdline'",
                             "ps09 | CHANGED | rc=0 >>\nconsole=serial0,115200 "
                             "root=LABEL=writable overlayroot=tmpfs rootwait")],
              "explain": "Root on the gateways is an overlay: the real filesystem is mounted "
                         "read-only at /media/root-ro and every write goes to a tmpfs upper "
                         "layer in RAM (overlayroot=tmpfs on the kernel command line). The "
                         "timeout change went into RAM and the power blip wiped it. Changes "
                         "that must survive go to the lower filesystem through "
                         "overlayroot-chroot, which remounts it read-write inside a chroot.",
              "fix": [edit(bridge_tasks,
                           "- name: bridge config\n  ansible.builtin.template:\n",
                           "- name: bridge config (persisted through overlayroot-chroot)\n  "
                           "ansible.builtin.include_tasks: ../../common/persist.yml\n  vars:\n"
                           "    persist_template:\n"),
                      bash("ansible-playbook site.yml -l ps09,ps17 --tags modbus_bridge && "
                           "ansible ps09 -b -m reboot && ansible ps09 -a 'grep timeout "
                           "/etc/modbus-bridge/bridge.toml'",
                           "PLAY RECAP ****\nps09 : ok=8 changed=1\nps17 : ok=8 changed=1\n"
                           "ps09 | CHANGED | rebooted\nps09 | CHANGED | rc=0 >>\n"
                           "response_timeout_ms = 1500")],
              "done": "ps09 and ps17 have response_timeout_ms = 1500 on the real root now; "
                      "ps09 was rebooted to prove it and kept it.",
              "repro": "ansible ps09 -b -a 'journalctl -b -u modbus-bridge --no-pager -o cat'",
              "hunch": ("First guess: the bridge package puts its default config back on boot. "
                        "Checking its maintainer scripts.",
                        bash("ansible ps09 -a 'grep -c bridge.toml "
                             "/var/lib/dpkg/info/modbus-bridge.postinst'",
                             "ps09 | FAILED | rc=1 >>\n0")),
              "ticket": (BEV, "PS09 Harbor Rd: since the power bump at 6 the RTU comms alarm "
                              "flaps every 2-3 min again, same as before Grady's fix last "
                              "week.")}),
        Fact("gotcha-mtu", "gotcha", ["1380"],
             ["the cellular stations. tunnel up but ssh hangs after login. what fixed it "
              "before",
              "new lte modem going in at ps38, anything special for wireguard on it"],
             "stationhand gotcha: on the LTE stations (ps09, ps17, ps22, ps31, ps38) the "
             "carrier path is smaller than WireGuard's default 1420 assumes, so the handshake "
             "and small packets work but full-size ones vanish (SSH stalls after login, Modbus "
             "block reads time out); wg0 on the lte group runs MTU 1380 (wg_mtu in "
             "group_vars/lte.yml).",
             {"symptom": "ps31 tunnel up, ping fine, ssh hangs after the banner",
              "trace": "debug1: Authentication succeeded (publickey).\ndebug1: channel 0: new "
                       "[client-session]\ndebug1: Requesting no-more-sessions@openssh.com\n"
                       "debug1: Entering interactive session.\ndebug1: pledge: filesystem",
              "nudge": "same on ps38. new modem there too",
              "probe": [bash("ping -c2 -M do -s 1352 10.77.0.131; ping -c2 -M do -s 1392 "
                             "10.77.0.131",
                             "PING 10.77.0.131 1352(1380) bytes of data.\n1360 bytes from "
                             "10.77.0.131: icmp_seq=1 ttl=64 time=71 ms\n2 packets "
                             "transmitted, 2 received, 0% packet loss\nPING 10.77.0.131 "
                             "1392(1420) bytes of data.\n2 packets transmitted, 0 received, "
                             "100% packet loss")],
              "explain": "Small packets cross the tunnel and full-size ones don't: a 1380-byte "
                         "packet gets through, a 1420-byte one vanishes. WireGuard gives wg0 "
                         "an MTU of 1420, which assumes a 1500-byte path; the LTE carrier's "
                         "path is smaller and nothing sends back 'fragmentation needed', so "
                         "SSH gets through the key exchange and stalls on the first big "
                         "packet. The LTE stations need MTU 1380 on wg0.",
              "fix": [edit("group_vars/lte.yml", "wg_mtu: 1420\n", "wg_mtu: 1380\n"),
                      bash("ansible-playbook site.yml -l lte --tags wireguard",
                           "PLAY RECAP ****\nps09 : ok=5 changed=1\nps17 : ok=5 changed=1\n"
                           "ps22 : ok=5 changed=1\nps31 : ok=5 changed=1\nps38 : ok=5 "
                           "changed=1")],
              "done": "The lte group (ps09, ps17, ps22, ps31, ps38) runs wg0 at MTU 1380 now; "
                      "SSH to ps31 and ps38 works and a full Modbus block read came back.",
              "repro": "ansible ps31 -b -a 'journalctl -u modbus-bridge --since -1h --no-pager "
                       "-o cat'",
              "hunch": ("Maybe sshd on ps31 is wedged. Checking whether the port answers at "
                        "all.",
                        bash("nc -vz -w3 10.77.0.131 22",
                             "Connection to 10.77.0.131 22 port [tcp/ssh] succeeded!")),
              "ticket": (BEV, "PS31 Quarry Hill: screen shows COMMS OK but the flow totals "
                              "haven't updated since noon. Other values update. Contractor "
                              "swapped the cell modem this morning.")}),
        Fact("fals-pull", "falsified", ["ansible-pull"],
             ["would it be easier if the pis fetched their own config from git on a timer",
              "is there a reason we push to the gateways instead of them pulling"],
             "stationhand: ansible-pull on each gateway (a systemd timer cloning this repo) "
             "was tried and dropped — the clone and facts cache land in the RAM overlay and "
             "vanish each boot, the vault password would have to sit on forty Pis in padlocked "
             "pump houses, and LTE drops left half-applied runs; config is pushed from HQ with "
             "ansible-playbook.",
             {"ask": "try ansible-pull on ps03 from a timer, every 30 min",
              "change": [write("roles/pull/tasks/main.yml",
                               "- name: ansible-pull timer\n  ansible.builtin.template:\n    "
                               "src: ansible-pull.timer.j2\n    dest: "
                               "/etc/systemd/system/ansible-pull.timer\n- name: enable\n  "
                               "ansible.builtin.systemd:\n    name: ansible-pull.timer\n    "
                               "enabled: true\n    state: started\n"),
                         bash("ansible-playbook site.yml -l ps03 --tags pull",
                              "PLAY RECAP ****\nps03 : ok=4 changed=3")],
              "broke": bash("ansible ps03 -b -a 'journalctl -u ansible-pull --no-pager -n 6 -o "
                            "cat'",
                            "Starting Ansible pull...\nCloning into '/var/lib/ansible/local'..."
                            "\nERROR! Attempting to decrypt but no vault secrets found\n"
                            "ansible-pull.service: Main process exited, status=1/FAILURE\n"
                            "/media/root-rw: 41% of 462M used", 1),
              "revert": bash("ansible ps03 -b -a 'systemctl disable --now ansible-pull.timer' "
                             "&& rm -r roles/pull && git checkout -- site.yml && git status "
                             "--short", "ps03 | CHANGED | rc=0 >>"),
              "conclusion": "No ansible-pull; config is pushed from HQ. On ps03 the timer's "
                            "clone and facts cache went into the RAM overlay (gone every boot), "
                            "the run failed because the vault secrets aren't on the Pi — and "
                            "putting them there means the vault password on forty boxes in "
                            "padlocked pump houses — and on the LTE stations a dropped tunnel "
                            "mid-run leaves half a config.",
              "want": "pushing to 40 pis over flaky lte is slow. can't they pull",
              "offer": "ansible-pull fits that: each gateway clones the repo on a timer and "
                       "applies its own host's play, so a station that was offline catches up "
                       "when it's back. Set it up on the canary pair?",
              "story": "grady set up ansible-pull last spring. the clone lives in ram on these "
                       "things so it re-clones every boot, the vault password has to be on the "
                       "pi, and the pis are in pump houses with a padlock a bolt cutter opens. "
                       "and on the lte ones half the runs died halfway. push from here, it's "
                       "slow but we see it",
              "title": "ansible-pull on the gateways",
              "pitch": (SHAUNA, "our config management people recommend agents pulling from "
                                "git (ansible-pull) for remote devices on bad links. happy to "
                                "share our setup")}),
        Fact("fals-unattended", "falsified", ["unattended-upgrades"],
             ["can the pis just patch themselves overnight",
              "why are security updates on the gateways done by hand in a window"],
             "stationhand: unattended-upgrades on the gateways was tried and turned off — with "
             "the root on a RAM-backed overlay the downloads and unpacked packages filled the "
             "462 MB upper layer, the kernel OOM-killed the modbus bridge, and whatever "
             "installed vanished at the next reboot anyway; patching stays with the monthly "
             "maintenance playbook.",
             {"ask": "enable unattended-upgrades on ps03 and ps22, security only",
              "change": [bash("ansible ps03,ps22 -b -m apt -a 'name=unattended-upgrades "
                              "state=present'",
                              "ps03 | CHANGED => {\"changed\": true}\nps22 | CHANGED => "
                              "{\"changed\": true}")],
              "broke": bash("ansible ps22 -b -a 'df -h /media/root-rw' && ansible ps22 -b -a "
                            "'journalctl -k --since -6h -o cat' | grep -i 'out of memory'",
                            "tmpfs  462M  455M  7.0M  99% /media/root-rw\nOut of memory: "
                            "Killed process 812 (modbus-bridge) total-vm:81244kB", 1),
              "revert": bash("ansible ps03,ps22 -b -m apt -a 'name=unattended-upgrades "
                             "state=absent' && ansible ps03,ps22 -b -m reboot",
                             "ps03 | CHANGED => {\"rebooted\": true}\nps22 | CHANGED => "
                             "{\"rebooted\": true}"),
              "conclusion": "unattended-upgrades is off the gateways again. With the root on a "
                            "RAM-backed overlay, the nightly downloads and unpacked packages "
                            "filled the 462 MB upper layer, the kernel OOM-killed the modbus "
                            "bridge on ps22, and anything that did install would have vanished "
                            "at the next reboot. Patching stays with the monthly maintenance "
                            "playbook.",
              "want": "patching 40 pis by hand every month is dumb. auto updates?",
              "offer": "unattended-upgrades, security pocket only, nightly with a random "
                       "delay. Roll it to ps03 and ps22 first?",
              "story": "did that in 2023. unattended-upgrades on a ram overlay: the downloads "
                       "fill the tmpfs, ps17 oom'd at 3am and killed the modbus bridge, bev got "
                       "a comms fail on the reservoir feed, and after the reboot the updates "
                       "were gone anyway because it was all in ram. monthly window, by hand. "
                       "it's fine",
              "title": "unattended-upgrades on the gateways",
              "pitch": (SHAUNA, "security baseline says automatic security updates on all "
                                "linux endpoints. can you confirm unattended-upgrades is on "
                                "for the pump station devices?")}),
    ]
    chatter = [
        "PLAY [stations] ****",
        "TASK [Gathering Facts] ****",
        "ok: [ps03]",
        "ok: [ps05]",
        "ok: [ps07]",
        "TASK [node_exporter : install] ****",
        "ok: [ps11]",
        "modbus-bridge[812]: poll PLC 192.168.10.10:502 ok (48 registers, 22 ms)",
        "modbus-bridge[812]: poll PLC 192.168.10.10:502 ok (48 registers, 19 ms)",
        "modbus-bridge[812]: upstream session to SCADA alive",
        "modbus-bridge[812]: poll PLC 192.168.10.10:502 ok (48 registers, 24 ms)",
        "systemd[1]: Started Daily apt download activities.",
        "modbus-bridge[812]: poll PLC 192.168.10.10:502 ok (48 registers, 21 ms)",
        "modbus-bridge[812]: stats: 3600 polls, 0 errors",
    ]
    noise: list[Episode] = [
        look("what's in ps14's host vars", "host_vars/ps14.yml",
             "station_name: Cedar Hill booster\nplc_ip: 192.168.10.10\nwg_address: "
             "10.77.0.114\nmodbus_unit_id: 1\n",
             "Station name Cedar Hill booster, PLC at 192.168.10.10 (unit id 1), tunnel address "
             "10.77.0.114."),
        find("which roles touch the modbus bridge", "modbus-bridge",
             ["roles/modbus_bridge/tasks/main.yml", "roles/monitoring/templates/alerts.yml.j2"],
             "The modbus_bridge role itself and the monitoring role's alert template."),
        tweak("typo in the motd template. 'Port Alder Watr'", "roles/base/templates/motd.j2",
              "Port Alder Watr - {{ station_name }}", "Port Alder Water - {{ station_name }}",
              "Fixed."),
        run("how many stations in the inventory", "ansible-inventory --graph stations | grep "
                                                  "-c -- '--ps'", "40",
            "40 stations in the inventory."),
        talk("wireguard AllowedIPs, what does it actually do. short",
             "Two things: on the way out, it's the routing table — packets to those addresses "
             "go to that peer; on the way in, it's a filter — a packet from that peer is "
             "accepted only if its source is in the list."),
        steps("what changed in the repo this week",
              [bash("git log --oneline --since=monday",
                    "c04a19e ps40: inventory + host vars\n5b7e2d0 base: motd typo\n2e9f1a6 "
                    "monitoring: disk alert at 85%")],
              "Three commits: ps40 added, the motd typo, and the disk alert threshold."),
        [Step(prompt="list for the ps40 install. image sd card, inventory, hub peer, modbus "
                     "config, check on the board"),
         Step(tools=[todo_write([("Image SD card", "pending", "Imaging the SD card"),
                                 ("Inventory + host vars", "pending", "Adding to inventory"),
                                 ("Hub peer", "pending", "Adding the hub peer"),
                                 ("Modbus bridge config", "pending", "Configuring the bridge"),
                                 ("Check values on the board", "pending", "Checking the board")
                                 ])]),
         Step(text="Made the list (5)."),
         Step(prompt="first two done"),
         Step(tools=[todo_write([("Image SD card", "completed", "Imaging the SD card"),
                                 ("Inventory + host vars", "completed", "Adding to inventory"),
                                 ("Hub peer", "pending", "Adding the hub peer"),
                                 ("Modbus bridge config", "pending", "Configuring the bridge"),
                                 ("Check values on the board", "pending", "Checking the board")
                                 ])]),
         Step(text="Ticked; 3 remaining.")],
        steps("any host without a station_name in host_vars",
              [agent("Find hosts missing station_name",
                     "List every host in inventory/stations.yml whose host_vars file is "
                     "missing or has no station_name.",
                     "All 40 hosts have a host_vars file; ps40's has no station_name yet "
                     "(the file only has plc_ip and wg_address).",
                     "f1c93a6e20b4", "Explore", 3)],
              "Only ps40, which is new; its host_vars has no station_name yet."),
    ]
    adrs = ["0001-push-from-hq.md", "0002-overlay-root.md", "0003-wireguard-hub-and-spoke.md"]
    return Project(
        "stationhand", "git@gitlab.portalder.gov:ot/stationhand.git",
        _files("stationhand", "Ansible for the Raspberry Pi gateways in Port Alder Water's pump "
                              "stations.", adrs,
               {"ansible.cfg": "[defaults]\ninventory = inventory/stations.yml\n"
                               "host_key_checking = True\n",
                "site.yml": "- hosts: stations\n  roles:\n    - base\n    - wireguard\n    - "
                            "modbus_bridge\n    - node_exporter\n"}),
        _equip(facts, chatter=chatter, adrs=adrs),
        noise, "aws")


# ------------------------------------------------------------------- nightbell
def nightbell() -> Project:
    rota = "rota/oncall.toml"
    templates_rs = "src/templates.rs"
    voice = "src/voice.rs"
    webhook = "src/webhook.rs"
    rota_rs = "src/rota.rs"
    nginx = "deploy/nginx/nightbell.conf"
    cover_head = "# --- cover ---\n"
    facts = [
        Fact("conv-cover", "convention", ["cover_shift"],
             ["ray's standing in for bev's nights tuesday to thursday. how do i put that in the "
              "rota",
              "rota swap. do i edit the weekly pattern or what"],
             "nightbell (the alarm call-out service): standby swaps go into rota/oncall.toml as "
             "[[cover_shift]] entries (who, for_whom, from, to, reason); the [pattern] weeks "
             "are the union-agreed schedule and are never edited for a swap.",
             {"task": "deb covering ray's standby fri 18:00 to mon 07:00. put it in the rota",
              "rule": "never touch the pattern, that's the union schedule. cover_shift entry "
                      "with a reason",
              "contrary": edit(rota, "week_b = [\"ray\", \"ray\", \"ray\", \"ray\", \"ray\", "
                                     "\"ray\", \"ray\"]\n",
                               "week_b = [\"ray\", \"ray\", \"ray\", \"ray\", \"deb\", "
                               "\"deb\", \"deb\"]\n"),
              "follow": [edit(rota, cover_head,
                              cover_head + "[[cover_shift]]\nwho = \"deb\"\nfor_whom = "
                                           "\"ray\"\nfrom = 2026-03-13T18:00:00-08:00\nto = "
                                           "2026-03-16T07:00:00-07:00\nreason = \"ray: family, "
                                           "agreed with dolores\"\n\n"),
                         bash("cargo run -q --bin rota -- show --from fri --days 4",
                              "fri 18:00  deb   (cover_shift for ray)\nsat 07:00  deb   "
                              "(cover_shift for ray)\nsun 07:00  deb   (cover_shift for ray)\n"
                              "mon 07:00  bev")],
              "done": "Deb covers Ray from Friday 18:00 to Monday 07:00 as a [[cover_shift]] "
                      "entry with the reason; the pattern is untouched and `rota show` has Deb "
                      "for the weekend.",
              "evidence": [read(rota, "[pattern]\n# union-agreed standby pattern. do not edit "
                                      "without the agreement.\nhandover = \"07:00\"\nweek_a = "
                                      "[\"bev\", \"bev\", \"bev\", \"marcus\", \"marcus\", "
                                      "\"marcus\", \"marcus\"]\nweek_b = [\"ray\", \"ray\", "
                                      "\"ray\", \"ray\", \"ray\", \"ray\", \"ray\"]\n\n"
                                      + cover_head + "[[cover_shift]]\nwho = \"marcus\"\n"
                                      "for_whom = \"bev\"\nfrom = 2026-01-19T07:00:00-08:00\n"
                                      "to = 2026-01-22T07:00:00-08:00\nreason = \"bev annual "
                                      "leave\"\n")],
              "spotted": "The [pattern] is marked as the union-agreed schedule, and the earlier "
                         "swap (Marcus for Bev in January) is a [[cover_shift]] entry with a "
                         "reason under it, not an edit to the weeks.",
              "from": GRADY,
              "memo": "rota: swaps = [[cover_shift]] with who/for_whom/from/to/reason. don't "
                      "edit [pattern], dolores signs that off with the union",
              "options": (("Edit the pattern", "swap Ray and Deb in week_b of the pattern"),
                          ("cover_shift entry", "add a cover entry for the weekend with a "
                                                "reason; pattern untouched"))}),
        Fact("conv-gsm", "convention", ["fit_gsm7"],
             ["adding a reservoir temperature alarm text with a degree sign in it. anything "
              "about the text i need to do",
              "new alarm message templates. rules for the text body?"],
             "nightbell: every SMS body goes through sms::fit_gsm7(), which maps anything "
             "outside the GSM-7 alphabet (°, em dash, curly quotes) and trims to 160 "
             "characters — one non-GSM character switches the whole message to UCS-2 with "
             "70-character segments, and alarms arrived in three out-of-order pieces.",
             {"task": "new alarm text for chlorine residual low: 'KP CL2 residual low — 0.18 "
                      "mg/L (lo 0.20)'",
              "rule": "no raw strings. everything through fit_gsm7. the dash makes it ucs2 and "
                      "it arrives in 3 pieces",
              "contrary": edit(templates_rs,
                               "    // chlorine\n",
                               "    // chlorine\n    Alarm::Cl2Lo { v, lo } => format!(\"KP "
                               "CL2 residual low — {v:.2} mg/L (lo {lo:.2})\"),\n"),
              "follow": [edit(templates_rs,
                              "    // chlorine\n",
                              "    // chlorine\n    Alarm::Cl2Lo { v, lo } => "
                              "fit_gsm7(&format!(\"KP CL2 residual low — {v:.2} mg/L (lo "
                              "{lo:.2})\")),\n"),
                         bash("cargo test -q templates::",
                              "running 9 tests\n.........\ntest result: ok. 9 passed; 0 "
                              "failed")],
              "done": "The chlorine text goes through fit_gsm7: the em dash becomes '-', the "
                      "message stays GSM-7 and fits one segment.",
              "evidence": [bash("grep -rn 'fit_gsm7' src/ | head -5",
                                "src/sms.rs:12:pub fn fit_gsm7(s: &str) -> String {\n"
                                "src/templates.rs:18:    Alarm::LevelHi { .. } => "
                                "fit_gsm7(&format!(\n"
                                "src/templates.rs:24:    Alarm::PressLo { .. } => "
                                "fit_gsm7(&format!(\n"
                                "src/templates.rs:30:    Alarm::CommsFail { .. } => "
                                "fit_gsm7(&format!(")],
              "spotted": "Every existing alarm template wraps its text in sms::fit_gsm7 before "
                         "it goes to Tonewire; the function maps non-GSM characters and caps "
                         "at 160.",
              "from": GRADY,
              "memo": "sms text always through fit_gsm7. one ° or em dash and tonewire sends it "
                      "UCS-2, 70 chars a segment, bev got a high level alarm in 3 parts "
                      "backwards",
              "options": (("Send as written", "keep the text exactly as given; phones show "
                                              "Unicode fine"),
                          ("Through fit_gsm7", "map to GSM-7 and cap at 160 so it stays one "
                                               "segment"))}),
        Fact("cmd-drill", "command", ["fire-drill"],
             ["how do i test a call-out end to end without waking whoever's on standby",
              "what's the command to send myself a fake alarm through the real provider"],
             "nightbell: test the whole call-out path with `cargo run --release -- fire-drill "
             "--to <your number> --alarm PS14_LSH` — a real SMS and voice call through Tonewire "
             "to that number only, the rota is never read; the old --test-alarm flag is gone.",
             {"goal": "send a test alarm to my phone through tonewire. text + call",
              "fail": bash("cargo run --release -- --test-alarm PS14_LSH",
                           "error: unexpected argument '--test-alarm' found\n\n  tip: a "
                           "similar subcommand exists: 'fire-drill'\n\nUsage: nightbell "
                           "<COMMAND>\n\nFor more information, try '--help'.", 2),
              "note": "The old flag is gone; test sends are a subcommand that only ever goes "
                      "to the number you give it, never to the rota.",
              "ok": bash("cargo run --release -- fire-drill --to +13605550123 --alarm PS14_LSH",
                         "drill PS14_LSH -> +13605550123\n  sms    queued   id=SM8f2c41\n  "
                         "voice  placed   id=CA71d09e\n  voice  answered digits=1 (ack)\n"
                         "drill ok in 41s"),
              "hist": "fire-drill",
              "done": "Drill went through: the text and the call arrived, you pressed 1 and it "
                      "counted as the acknowledgement in 41 s. Nobody on the rota was "
                      "contacted.",
              "hint": (GRADY, "it's a subcommand now. cargo run --release -- fire-drill --to "
                              "+1yournumber --alarm PS14_LSH. only ever calls --to"),
              "label": "drill to your own phone"}),
        Fact("cmd-musl", "command", ["x86_64-unknown-linux-musl"],
             ["building the call-out binary for the server. which target",
              "new build won't start on callout01, some glibc complaint. how are we supposed "
              "to build it"],
             "nightbell: release builds for callout01 (RHEL 8, glibc 2.28) are static: `cross "
             "build --release --target x86_64-unknown-linux-musl`; a plain cargo build from a "
             "newer distro dies there with GLIBC_2.34 not found.",
             {"goal": "build release and put it on callout01",
              "fail": bash("cargo build --release && scp target/release/nightbell "
                           "callout01:/tmp/ && ssh callout01 /tmp/nightbell --version",
                           "    Finished `release` profile [optimized] target(s) in 48.20s\n"
                           "/tmp/nightbell: /lib64/libc.so.6: version `GLIBC_2.34' not found "
                           "(required by /tmp/nightbell)", 1),
              "note": "callout01 is RHEL 8 with glibc 2.28, and a binary built here links "
                      "against a newer glibc. The repo's Cross.toml is set up for a static musl "
                      "build.",
              "ok": bash("cross build --release --target x86_64-unknown-linux-musl && scp "
                         "target/x86_64-unknown-linux-musl/release/nightbell callout01:/tmp/ "
                         "&& ssh callout01 /tmp/nightbell --version",
                         "    Finished `release` profile [optimized] target(s) in 1m 52s\n"
                         "nightbell 0.9.3"),
              "hist": "cross build",
              "done": "The static musl build is on callout01 in /tmp and runs (0.9.3); it "
                      "goes live with the next install.",
              "hint": (GRADY, "callout01 is rhel 8, old glibc. cross build --release --target "
                              "x86_64-unknown-linux-musl, static binary, copy that"),
              "label": "build for callout01"}),
        Fact("env-sender", "environment", ["555-0187"],
             ["bev wants the call-out number in her contacts so it rings through at night. which "
              "number is it",
              "what's our sending number at tonewire"],
             "nightbell: alarm texts and voice call-outs come from the Tonewire number "
             "+1 (360) 555-0187 (the PAW-ALARMS campaign), not the utility's main line; "
             "standby staff save it as a contact so Do Not Disturb lets it through.",
             {"goal": "what number do the alarm texts come from",
              "probe": [bash("curl -s -u \"$TONEWIRE_SID:$TONEWIRE_TOKEN\" "
                             "https://api.tonewire.net/v2/numbers | jq '.numbers[] | {number, "
                             "friendly_name, campaign}'",
                             "{\n  \"number\": \"+13605550187\",\n  \"friendly_name\": \"(360) "
                             "555-0187\",\n  \"campaign\": \"PAW-ALARMS\"\n}")],
              "confirm": "Alarm texts and call-outs come from +1 (360) 555-0187, the Tonewire "
                         "number on the PAW-ALARMS campaign — not the main line. Saving it as a "
                         "contact lets it through Do Not Disturb.",
              "assume": "It's probably the utility's main line, since that's what the old "
                        "dialer showed.",
              "terse": "no. the tonewire one. 555-0187",
              "asker": BEV,
              "asked": "What number do the new alarm texts come from? I want my phone to ring "
                       "through do not disturb for it."}),
        Fact("env-config", "environment", ["/etc/nightbell"],
             ["where's the live config for the call-out service on the box",
              "changing the escalation delay in prod. which file"],
             "nightbell on callout01: the live config is /etc/nightbell/nightbell.toml "
             "(escalate_after and friends), passed on ExecStart; the Tonewire credentials come "
             "in as a systemd credential from /etc/nightbell/tonewire.cred; the repo's config/ "
             "only has examples.",
             {"goal": "where's the prod config on callout01",
              "probe": [bash("ssh callout01 'systemctl cat nightbell | grep -E "
                             "\"ExecStart|LoadCredential\"'",
                             "ExecStart=/usr/local/bin/nightbell serve --config "
                             "/etc/nightbell/nightbell.toml\n"
                             "LoadCredential=tonewire:/etc/nightbell/tonewire.cred"),
                        bash("ssh callout01 'sudo grep -n escalate /etc/nightbell/nightbell.toml'",
                             "8:escalate_after = \"10m\"\n9:escalate_to = \"secondary\"")],
              "confirm": "The live config is /etc/nightbell/nightbell.toml on callout01 "
                         "(ExecStart passes it; escalate_after is 10m there). The Tonewire "
                         "credentials come in as a systemd credential from "
                         "/etc/nightbell/tonewire.cred. The repo's config/ is examples only.",
              "assume": "It probably reads config/prod.toml from its checkout.",
              "terse": "no. /etc/nightbell. repo's just examples",
              "asker": GRADY,
              "asked": "where does callout01 read its config from now? want escalate_after at "
                       "8m for storm week"}),
        Fact("gotcha-proto", "gotcha", ["X-Forwarded-Proto"],
             ["standby replied ACK and it still escalated to the secondary. what was that",
              "inbound reply webhook rejects everything with a signature error after the "
              "proxy change"],
             "nightbell gotcha: Tonewire signs inbound webhooks (ACK replies) over the public "
             "https:// URL it called; behind nginx the service rebuilt the URL as http://, "
             "every signature failed, ACKs were dropped and alarms escalated; nginx now sets "
             "X-Forwarded-Proto and the webhook builds the signed URL from it.",
             {"symptom": "ray replied ACK at 02:31, still escalated to me at 02:40",
              "trace": "WARN nightbell::webhook: inbound sms rejected: signature mismatch "
                       "(from=+1360555xxxx, body=\"ACK\")\nINFO nightbell::escalate: PS22_PSL "
                       "unacknowledged after 10m -> secondary (mira)",
              "nudge": "again. ps22 last night",
              "probe": [read(webhook, "fn signed_url(req: &Request) -> String {\n    "
                                      "format!(\"http://{}{}\", host(req), req.uri())\n}\n"),
                        bash(f"grep -n proxy_set_header {nginx}",
                             "12:    proxy_set_header Host $host;\n13:    proxy_set_header "
                             "X-Forwarded-For $proxy_add_x_forwarded_for;")],
              "explain": "Tonewire signs each inbound webhook over the exact public URL it "
                         "called, https://... nginx terminates TLS and forwards plain http, "
                         "and signed_url rebuilds the URL with a hard-coded http://, so the "
                         "HMAC never matches and every reply, ACKs included, is rejected; the "
                         "alarm then escalates as if nobody answered. nginx has to pass the "
                         "original scheme in X-Forwarded-Proto and signed_url has to use it.",
              "fix": [edit(nginx, "    proxy_set_header X-Forwarded-For "
                                  "$proxy_add_x_forwarded_for;\n",
                           "    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;\n"
                           "    proxy_set_header X-Forwarded-Proto $scheme;\n"),
                      edit(webhook, "    format!(\"http://{}{}\", host(req), req.uri())\n",
                           "    let scheme = req.headers().get(\"x-forwarded-proto\")\n"
                           "        .and_then(|v| v.to_str().ok()).unwrap_or(\"http\");\n    "
                           "format!(\"{}://{}{}\", scheme, host(req), req.uri())\n"),
                      bash("cargo test -q webhook::",
                           "running 6 tests\n......\ntest result: ok. 6 passed; 0 failed")],
              "done": "Deployed and nginx reloaded. A test reply of ACK from your phone was "
                      "accepted and stopped the escalation.",
              "repro": "ssh callout01 'journalctl -u nightbell --since 02:25 --until 02:45 "
                       "--no-pager -o cat'",
              "hunch": ("Possibly Ray's reply came in after the escalation window. Checking "
                        "when it arrived.",
                        bash("ssh callout01 'journalctl -u nightbell --since 02:30 --until "
                             "02:32 -o cat | grep -c inbound'", "1")),
              "ticket": (ANDERS, "Hi Mira, we checked your account's delivery logs. Our "
                                 "webhook posts to your endpoint got HTTP 403 since Tuesday. "
                                 "Please note the signature header is computed over the full "
                                 "URL exactly as we call it, including the https scheme and "
                                 "any query string.")}),
        Fact("gotcha-voicemail", "gotcha", ["machine_detection"],
             ["the voice call counted as acknowledged but nobody actually answered it. how",
              "voicemail picking up the call-out. how do we stop that counting"],
             "nightbell gotcha: a voice call-out answered by voicemail comes back from "
             "Tonewire as status 'completed', which nightbell counted as an acknowledgement, "
             "so escalation stopped; calls are now placed with machine_detection enabled and "
             "only a keypress of 1 acknowledges — a machine answer escalates.",
             {"symptom": "cl2 alarm 03:05 marked acked by bev. bev was asleep. voicemail",
              "trace": "03:05:12 INFO nightbell::voice: call CA9e1f07 to bev status=completed "
                       "duration=31s\n03:05:12 INFO nightbell::escalate: KP_CL2_LO "
                       "acknowledged by bev (voice)",
              "nudge": "this. kp cl2 last night",
              "probe": [read(voice, "    let ack = match call.status.as_str() {\n        "
                                    "\"completed\" => Ack::Voice(person),\n        _ => "
                                    "Ack::None,\n    };\n"),
                        bash("curl -s -u \"$TONEWIRE_SID:$TONEWIRE_TOKEN\" "
                             "https://api.tonewire.net/v2/calls/CA9e1f07 | jq '{status, "
                             "answered_by, digits}'",
                             "{\n  \"status\": \"completed\",\n  \"answered_by\": null,\n  "
                             "\"digits\": null\n}")],
              "explain": "The voice path treats status 'completed' as an acknowledgement, but "
                         "'completed' only means something picked up: Bev's voicemail took the "
                         "call, recorded 31 seconds and hung up. Tonewire can tell a person "
                         "from a machine only when the call is placed with machine_detection "
                         "on (answered_by is null here because it wasn't), and the only real "
                         "proof of a person is a keypress. So: place calls with "
                         "machine_detection, acknowledge only on digits == \"1\", escalate on "
                         "a machine answer.",
              "fix": [edit(voice, "        \"completed\" => Ack::Voice(person),\n",
                           "        \"completed\" if call.answered_by.as_deref() == "
                           "Some(\"human\")\n            && call.digits.as_deref() == "
                           "Some(\"1\") => Ack::Voice(person),\n"),
                      edit(voice, "    let params = CallParams { to, twiml_url };\n",
                           "    let params = CallParams { to, twiml_url, machine_detection: "
                           "\"enable\", gather_digits: 1 };\n"),
                      bash("cargo test -q voice::",
                           "running 8 tests\n........\ntest result: ok. 8 passed; 0 failed")],
              "done": "Calls go out with machine_detection enabled and only pressing 1 "
                      "acknowledges; a voicemail answer is logged as answered_by=machine and "
                      "the alarm escalates to the secondary.",
              "repro": "ssh callout01 'journalctl -u nightbell --since 03:00 --until 03:30 "
                       "--no-pager -o cat'",
              "hunch": ("Maybe Bev's phone auto-replied to the text. Checking for an inbound "
                        "message around 03:05.",
                        bash("ssh callout01 'journalctl -u nightbell --since 03:04 --until "
                             "03:07 -o cat | grep -c inbound'", "0", 1)),
              "ticket": (BEV, "I did NOT acknowledge the chlorine alarm at 3:05, I was asleep. "
                              "Luis found it at 6. The system says acked by me. How?")}),
        Fact("fals-email", "falsified", ["email-to-SMS"],
             ["when tonewire's api is out, could the alarms go as emails to each phone "
              "company's sms address instead",
              "was there ever a backup text route that went through email"],
             "nightbell: an email-to-SMS fallback through the carriers' gateways "
             "(number@txt.att.net and so on) for Tonewire outages was tried and removed — "
             "texts arrived 20-40 minutes late or never, with no delivery status, and AT&T "
             "has shut its gateway; when Tonewire is unreachable nightbell rings the control "
             "room's desk phone over the SIP trunk instead.",
             {"ask": "add an email-to-SMS fallback for when the tonewire api errors. test it "
                     "with my number",
              "change": [write("src/fallback.rs",
                               "use lettre::{Message, SmtpTransport, Transport};\n\npub fn "
                               "send(number: &str, body: &str) -> anyhow::Result<()> {\n    let "
                               "to = format!(\"{}@txt.att.net\", number.trim_start_matches(\"+1"
                               "\"));\n    let msg = Message::builder().from(\"alarms@portalder"
                               ".gov\".parse()?).to(to.parse()?).body(body.to_string())?;\n    "
                               "SmtpTransport::relay(\"smtp.portalder.gov\")?.build()"
                               ".send(&msg)?;\n    Ok(())\n}\n")],
              "broke": bash("cargo test -q --test fallback_live -- --ignored",
                            "sent 14:02:10 -> 3605550123@txt.att.net\nwaiting for delivery "
                            "...\nreceived 14:29:47 (27m37s)\nFAIL: delivery over the 60s "
                            "budget, no delivery status available", 1),
              "revert": bash("git rm -q src/fallback.rs && git checkout -- src/main.rs "
                             "Cargo.toml && git status --short", ""),
              "conclusion": "No email-to-SMS fallback. The carrier gateway delivered the test "
                            "text 27 minutes late with no delivery status to tell us, earlier "
                            "trials lost messages outright, and AT&T has switched its gateway "
                            "off. When Tonewire is unreachable, nightbell rings the control "
                            "room's desk phone over the SIP trunk instead.",
              "want": "tonewire had an outage in the fall. fallback?",
              "offer": "A cheap fallback is email-to-SMS: US carriers have gateway addresses "
                       "(number@vtext.com, @txt.att.net, ...), so if the Tonewire API errors "
                       "we email the alarm through the city's relay. Want me to wire it in?",
              "story": "grady did that during the tonewire outage in october. texts showed up "
                       "20-40 min late, some never, no delivery receipts so you can't tell, and "
                       "at&t turned their gateway off anyway. an alarm that arrives 40 min late "
                       "is worse than none because people think it's new. if tonewire is down "
                       "it rings the control room desk phone, that's the fallback",
              "title": "Email-to-SMS fallback through carrier gateways",
              "pitch": (SHAUNA, "FYI the city mail relay can send to the carriers' text "
                                "gateways. free backup for your alerting if the phone vendor "
                                "goes down?")}),
        Fact("fals-dbrota", "falsified", ["oncall table"],
             ["why isn't the rota in a database with a web page for dolores to do swaps",
              "did the rota ever live in postgres"],
             "nightbell: keeping the rota in an oncall table in Postgres (on tsdb01) was tried "
             "and reverted — when the database was unreachable (the January storm took tsdb01 "
             "down for four hours) nightbell couldn't tell who was on standby and the outage "
             "alarms went to nobody; the rota stays a file in git, rota/oncall.toml, read at "
             "start-up and when it changes.",
             {"ask": "move the rota into postgres, an oncall table, so dolores can edit it. try "
                     "it",
              "change": [write("migrations/0001_oncall.sql",
                               "CREATE TABLE oncall (\n  person text NOT NULL,\n  starts "
                               "timestamptz NOT NULL,\n  ends timestamptz NOT NULL,\n  role "
                               "text NOT NULL CHECK (role IN ('primary', 'secondary'))\n);\n"),
                         edit(rota_rs, "    let rota = Rota::from_file(&cfg.rota_path)?;\n",
                              "    let rota = Rota::from_db(&cfg.database_url).await?;\n")],
              "broke": bash("cargo test -q --test outage",
                            "running 3 tests\ntest db_down_still_pages ... FAILED\n\n---- "
                            "db_down_still_pages stdout ----\nthread 'db_down_still_pages' "
                            "panicked at tests/outage.rs:41:10:\nno standby found: error "
                            "connecting to server: Connection refused (os error 111)\n\ntest "
                            "result: FAILED. 2 passed; 1 failed", 101),
              "revert": bash(f"git checkout -- {rota_rs} && git rm -q "
                             "migrations/0001_oncall.sql && cargo test -q --test outage",
                             "running 3 tests\n...\ntest result: ok. 3 passed; 0 failed"),
              "conclusion": "The rota stays a file in git, rota/oncall.toml, read at start-up "
                            "and whenever it changes. With an oncall table in Postgres the "
                            "outage test fails: when the database is unreachable nightbell "
                            "can't tell who's on standby, and a database outage is exactly "
                            "when alarms have to go out.",
              "want": "dolores wants to edit the rota from a web page. db?",
              "offer": "Could move it into an oncall table in Postgres with a small admin page "
                       "for Dolores; nightbell looks up the standby per alarm. Want me to?",
              "story": "we had it in an oncall table for six weeks last winter. then the "
                       "january storm took tsdb01 down for four hours and nightbell couldn't "
                       "work out who was on standby, so the alarms about the outage, the ones "
                       "that mattered, went to nobody. file in git, read at start. dolores "
                       "emails me the swaps, it's fine",
              "title": "The rota in a Postgres oncall table",
              "pitch": (DOLORES, "Mira, could the standby rota be a web form so I can do "
                                 "swaps myself? The old dialer had that.")}),
    ]
    chatter = [
        "INFO nightbell::mqtt: connected to ot-mq01:8883 (scada/alarms/#)",
        "INFO nightbell::rota: loaded rota, 4 people, handover 07:00",
        "INFO nightbell::mqtt: alarm PS07_LSH cleared (no call-out, was not active)",
        "DEBUG nightbell::mqtt: keepalive",
        "INFO nightbell::alarm: PS22_PSL raised (priority 2)",
        "INFO nightbell::sms: sent to primary (ray) id=SM1a09c2",
        "INFO nightbell::voice: call CA4f02b1 to ray placed",
        "DEBUG nightbell::mqtt: keepalive",
        "INFO nightbell::alarm: KP_CL2_LO raised (priority 1)",
        "INFO nightbell::sms: sent to primary (bev) id=SM77e310",
        "INFO nightbell::voice: call CA9e1f07 to bev placed",
        "DEBUG nightbell::http: POST /tonewire/status 204",
        "INFO nightbell::rota: rota file unchanged",
        "DEBUG nightbell::mqtt: keepalive",
    ]
    noise: list[Episode] = [
        look("what happens when the secondary doesn't answer either", "src/escalate.rs",
             "        Stage::Secondary => {\n            // last resort: the control room desk\n"
             "            notify_desk(&alarm).await?;\n            Stage::Desk\n        }\n",
             "It rings the control room desk phone and stops escalating there."),
        find("where are phone numbers validated", "parse_e164",
             ["src/phone.rs", "src/rota.rs"],
             "src/phone.rs defines parse_e164; the rota loader calls it for every person's "
             "number."),
        tweak("typo in the voice script. 'acknowlege'", "assets/voice/alarm.xml",
              "<Say>Press 1 to acknowlege.</Say>", "<Say>Press 1 to acknowledge.</Say>",
              "Fixed the spelling in the voice prompt."),
        run("clippy warnings count", "cargo clippy -q 2>&1 | grep -c '^warning'", "3",
            "Three clippy warnings."),
        talk("tokio select! — what happens to the branches that don't win",
             "They're dropped. Whatever future lost is cancelled at its last await point, so "
             "anything it half-did (a partly read buffer, a message taken off a channel) is "
             "lost unless the future is cancellation-safe."),
        steps("what's in the last release",
              [bash("git log --oneline v0.9.2..v0.9.3",
                    "a13f0e2 escalate: desk phone as last stage\n6c9b4d1 rota: reload on "
                    "change\n0e7f2aa deps: axum 0.7.5")],
              "Three changes: the desk phone as the last escalation stage, reloading the rota "
              "on change, and the axum bump."),
        [Step(prompt="list for go-live of the new call-out. drill every standby phone, rota "
                     "signed, old dialer off, tell the operators"),
         Step(tools=[todo_write([("Test every standby phone", "pending", "Testing phones"),
                                 ("Rota signed off", "pending", "Getting the rota signed"),
                                 ("Old dialer off", "pending", "Turning the old dialer off"),
                                 ("Tell the operators", "pending", "Telling the operators")])]),
         Step(text="Made the list (4)."),
         Step(prompt="rota's signed"),
         Step(tools=[todo_write([("Test every standby phone", "pending", "Testing phones"),
                                 ("Rota signed off", "completed", "Getting the rota signed"),
                                 ("Old dialer off", "pending", "Turning the old dialer off"),
                                 ("Tell the operators", "pending", "Telling the operators")])]),
         Step(text="Ticked; 3 remaining.")],
        steps("any unwrap() left outside tests",
              [agent("Find unwraps",
                     "List every .unwrap() or .expect( in src/ outside #[cfg(test)] modules, "
                     "with file and line.",
                     "Two: src/phone.rs:44 (.expect on a regex literal, fine) and "
                     "src/mqtt.rs:71 (.unwrap() on the topic split, which panics on a topic "
                     "with no '/').",
                     "a2d57c90e6f1", "Explore", 4)],
              "Two. The regex one is fine; the MQTT topic split in src/mqtt.rs would panic on "
              "a topic without a slash. Want that fixed?"),
    ]
    adrs = ["0001-rust-and-tokio.md", "0002-tonewire-as-provider.md",
            "0003-escalation-primary-secondary-desk.md"]
    return Project(
        "nightbell", "git@gitlab.portalder.gov:ot/nightbell.git",
        _files("nightbell", "Alarm call-outs for Port Alder Water: SCADA alarms in, SMS and "
                            "voice calls to the standby operator out.", adrs,
               {"Cargo.toml": "[package]\nname = \"nightbell\"\nversion = \"0.9.3\"\nedition = "
                              "\"2021\"\n",
                rota: "[pattern]\n# union-agreed standby pattern. do not edit without the "
                      "agreement.\nhandover = \"07:00\"\n\n" + cover_head}),
        _equip(facts, chatter=chatter, adrs=adrs),
        noise, "slack")


def projects() -> list[Project]:
    return [stillwell(), sightglass(), stationhand(), nightbell()]
