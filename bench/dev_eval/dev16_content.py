"""The ``dev16`` split: four projects in stacks no other split uses (a SystemVerilog design for a
Lattice ECP5 board that drives the split-flap departure board of a heritage railway station -
yosys, nextpnr-ecp5 and openFPGALoader, Verilator lint, cocotb testbenches, a Raspberry Pi in the
booking office sending the timetable over a UART; a NixOS flake for a Dutch rowing club's
clubhouse server and boat-board kiosks - colmena, agenix, disko, WireGuard, Nextcloud, Raspberry
Pi 4 kiosks running cage; a Salesforce DX project for a mountain rescue team's callouts and
volunteer rota - Apex trigger handlers and selectors, Lightning Web Components with Jest, scratch
orgs from a Dev Hub, a named credential for SMS paging; a Gleam service on the BEAM for a Faroese
fish auction's live bidding - wisp and mist, websockets, pog over Postgres with squirrel-generated
queries, a Lustre client for the hall terminals, a Docker image with an Erlang shipment), ten
planted facts each, and phrasing templates of its own.

Written in the eleventh pass by a helper that read no capture or recall code, to be read
untuned. Its theme is work in flight: the durable fact is said in passing while other work goes
on. A convention arrives while the assistant ticks items off a TodoWrite list ("before you start
on the second one: ..."); as the user's side request interrupting a running chore ("oh and while
you're there - ..."); as history with the task ("we used to ..., since ... it's ..."); as the
user scrapping the assistant's first attempt; or in the middle of a long tool stretch, answered
only by "Noted.". A command fails in a chain of several calls and the user names the step that
is wrong; fails, is parked on the todo list while other work goes on and the user comes back to
it; is handed over as history ("we used to run ..., that's dead since ..."); or is worked out by
the assistant in a long stretch and mentioned as a side note the user answers with "noted". An
environment fact is a side remark interrupting a chore; a fact the assistant reads out and the
user extends with its history; a side note the assistant drops at the end of an unrelated chore;
a finding written down while ticking a todo list. A gotcha is found while doing something else
and mentioned at the end as a side note; worked through a todo list; cut short by the user's
hunch from a past incident; or explained after a long tool stretch and met with "noted". An
approach is abandoned mid-way ("scrap that, it was a bad idea - ..."); dropped from the todo
list after it fails; ruled out up front as history before the assistant can suggest it; or was
the user's own half-done work that they ask to back out.

Slots are the shared ones (``templates.py``) plus ``chores`` (injected per project: unrelated
work in flight, each ``ask``, ``todo`` (a ``(content, activeForm)`` row), ``tools`` (three
calls) and ``report``) and ``todo`` (the fact's own todo row); for a convention ``why``,
``since`` and ``was`` (when the rule came in and how it used to be done), ``contrary`` /
``claimed`` / optional ``undo`` (the assistant doing it the other way, its report, the tools
taking it back); for a command ``pre`` (calls that succeed before the failing one), ``hint``
(the user's correction), ``since`` and ``gist`` (the assistant's one-line side note); for an
environment fact ``said`` (the user stating it in passing) and ``history`` (the user stating it
as history); for a gotcha ``hunch`` (the user remembering a past incident); for a falsified
approach ``pain``, ``idea``, ``alternative``, ``why_user`` and ``when`` (when it was tried).
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
from .transcript import Tool, bash, edit, grep, read, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3

_ORDINALS = ("first", "second", "third", "fourth", "fifth")


def _typed(command: str) -> str:
    """The command as the user remembers typing it (no output trimming)."""
    command = command.split(" | ")[0].replace(" 2>&1", "")
    return " && ".join(p for p in command.split(" && ") if not p.startswith("git "))


def _rows(rows: list[tuple[str, str]], states: list[str]) -> list[tuple[str, str, str]]:
    """Todo rows ``(content, activeForm)`` with their statuses."""
    return [(c, st, a) for (c, a), st in zip(rows, states, strict=True)]


def _stat(tools: list[Tool]) -> Tool:
    """``git diff --stat`` over the files ``tools`` wrote or edited."""
    lines, plus_all, minus_all = [], 0, 0
    for tool in tools:
        if not tool.path:
            continue
        plus = len((tool.output if tool.name == "Write" else tool.new).splitlines()) or 1
        minus = 0 if tool.name == "Write" else len(tool.old.splitlines()) or 1
        plus_all, minus_all = plus_all + plus, minus_all + minus
        lines.append(f" {tool.path} | {plus + minus} {'+' * min(plus, 20)}{'-' * min(minus, 20)}")
    n = len(lines)
    tail = f" {n} file{'s' if n != 1 else ''} changed, {plus_all} insertions(+)"
    if minus_all:
        tail += f", {minus_all} deletions(-)"
    return bash("git diff --stat", "\n".join([*lines, tail]))


# ------------------------------------------------------------------- phrasing templates
# Conventions: said while the assistant works a todo list; a side request interrupting a chore;
# history given with the task; the assistant's first attempt scrapped; a remark in the middle of
# a tool stretch, acknowledged with "Noted.".
def conv_todo_interjection(s: dict, rng: random.Random) -> Episode:
    chore = rng.choice(s["chores"])
    rows = [chore["todo"], s["todo"], ("Summarise the changes", "Summarising the changes")]
    ask = rng.choice((f"{s['task']}. also {chore['ask']}",
                      f"two things: {chore['ask']}, and {s['task']}",
                      f"{chore['ask']} - and then {s['task']}, pls"))
    first = _rows(rows, ["in_progress", "pending", "pending"])
    second = _rows(rows, ["completed", "in_progress", "pending"])
    last = _rows(rows, ["completed", "completed", "completed"])
    lead = rng.choice(("before you start on the second one:", "for the next item -", "re #2:",
                       "quick note b4 the 2nd part:", "ah, for that second todo,"))
    return [Step(prompt=ask),
            Step(text=rng.choice(("Two pieces - tracking them.", "I'll split this up.", "")),
                 tools=[todo_write(first)]),
            Step(tools=chore["tools"]),
            Step(text=chore["report"], tools=[todo_write(second, old=first)]),
            Step(prompt=f"{lead} {s['rule']}. {cap(s['why'])}"),
            Step(text=rng.choice(("Noted - doing it that way.", "Got it.",
                                  "Okay, following that.")),
                 tools=s["follow"]),
            Step(tools=[todo_write(last, old=second)]),
            Step(text=s["done"])]


def conv_while_youre_there(s: dict, rng: random.Random) -> Episode:
    chore = rng.choice(s["chores"])
    tools = chore["tools"]
    lead = rng.choice(("oh and while you're there -", "ooh, while you're in there,",
                       "side request while that's going:", "also, since you've got it open -",
                       "and when ur done with that,"))
    return [Step(prompt=chore["ask"]),
            Step(text=rng.choice(("On it.", "Sure.", "")), tools=tools[:2]),
            Step(prompt=f"{lead} can you {s['task']}? fyi {s['rule']}. {cap(s['why'])}"),
            Step(text=rng.choice(("Sure - finishing the current bit first.",
                                  "Will do, just wrapping this up.")),
                 tools=tools[2:]),
            Step(text=f"{chore['report']} "
                      f"{rng.choice(('Now the second thing.', 'On to your other request.', 'Next, the other ask.'))}",
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_history(s: dict, rng: random.Random) -> Episode:
    line = rng.choice((
        f"fyi we used to {s['was']}, but since {s['since']} {s['rule']}. {cap(s['why'])}",
        f"context: until {s['since']} we'd {s['was']}. not anymore - {s['rule']}. "
        f"{cap(s['why'])}",
        f"one thing that changed since {s['since']}: {s['rule']} (people used to {s['was']}). "
        f"{cap(s['why'])}"))
    prompt = rng.choice((f"{s['task']}\n\n{line}", f"{line}\n\nanyway: {s['task']}"))
    return [Step(prompt=prompt),
            Step(text=rng.choice(("Understood.", "Okay, the current way then.", "")),
                 tools=s["follow"]),
            Step(text=s["done"]),
            Step(prompt=rng.choice(("ty", "perfect", "cheers", "👌")))]


def conv_scrapped(s: dict, rng: random.Random) -> Episode:
    if s.get("contrary") is None:
        return conv_history(s, rng)
    scrap = rng.choice(("scrap that -", "hmm, no. scrap that bit:", "undo pls -",
                        "nope, bin that:", "wait wait. scrap that,"))
    return [Step(prompt=s["task"]),
            Step(text=rng.choice(("", "Starting.", "Okay.")), tools=[s["contrary"]]),
            Step(text=s["claimed"]),
            Step(prompt=f"{scrap} {s['rule']}. {cap(s['why'])}"),
            Step(text=rng.choice(("Fair enough, redoing it.", "Right - reworking it.",
                                  "Sorry, fixing.")),
                 tools=[*s.get("undo", []), *s["follow"]]),
            Step(text=s["done"])]


def conv_noted_mid_stretch(s: dict, rng: random.Random) -> Episode:
    chore = rng.choice(s["chores"])
    tools = chore["tools"]
    lead = rng.choice(("fyi for the second part:", "heads-up for the 2nd bit -",
                       "btw for the second part,", "for when you get to the other thing:"))
    return [Step(prompt=f"{chore['ask']}, then {s['task']}"),
            Step(text=rng.choice(("Starting with the first part.", "")), tools=tools[:2]),
            Step(prompt=f"{lead} {s['rule']}. {cap(s['why'])}"),
            Step(text="Noted.", tools=tools[2:]),
            Step(text=f"{chore['report']} Now the second part.", tools=s["follow"]),
            Step(text=s["done"])]


# Commands: a chain of calls where one step fails and the user names it; parked on the todo
# list and corrected later; given as history; worked out in a stretch and left as a side note.
def cmd_chain_wrong_step(s: dict, rng: random.Random) -> Episode:
    n = len(s["pre"]) + 1
    ordinal = _ORDINALS[n - 1]
    leads = [f"the {ordinal} step is the wrong one. {s['hint']}",
             f"ya the {ordinal} command is the culprit - {s['hint']}"]
    if n > 1:
        fine = "step 1 is fine" if n == 2 else f"steps 1-{n - 1} are fine"
        leads.append(f"{fine}, #{n} is the problem: {s['hint']}")
    return [Step(prompt=s["goal"]),
            Step(text=rng.choice(("Running through it.", "Here goes.", "")),
                 tools=[*s["pre"], s["fail"]]),
            Step(text=f"{s['note']} "
                      f"{rng.choice(('Looking for how it is meant to be run.', 'Do you know the intended invocation?', 'Checking the repo for the usual way.'))}"),
            Step(prompt=rng.choice(leads)),
            Step(text=rng.choice(("Re-running that step.", "Thanks.", "")), tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_parked_on_todo(s: dict, rng: random.Random) -> Episode:
    chore = rng.choice(s["chores"])
    rows = [s["todo"], chore["todo"]]
    first = _rows(rows, ["in_progress", "pending"])
    parked = _rows(rows, ["pending", "in_progress"])
    back = _rows(rows, ["in_progress", "completed"])
    last = _rows(rows, ["completed", "completed"])
    lead = rng.choice(("re the one that failed -", "about the first item:",
                       "for the thing that broke:", "oh, the failing one:"))
    return [Step(prompt=rng.choice((f"{s['goal']}. and {chore['ask']}",
                                    f"two things - {s['goal']}; also {chore['ask']}"))),
            Step(tools=[todo_write(first)]),
            Step(tools=[*s["pre"], s["fail"]]),
            Step(text=f"{s['note']} Parking that and moving on to the other item for now.",
                 tools=[todo_write(parked, old=first)]),
            Step(tools=chore["tools"]),
            Step(text=chore["report"], tools=[todo_write(back, old=parked)]),
            Step(prompt=f"{lead} {s['hint']}"),
            Step(text=rng.choice(("Thanks - retrying it that way.", "Ah. Trying that.")),
                 tools=[s["ok"]]),
            Step(tools=[todo_write(last, old=back)]),
            Step(text=s["done"])]


def cmd_given_as_history(s: dict, rng: random.Random) -> Episode:
    old = _typed(s["fail"].command)
    line = rng.choice((f"we used to just run `{old}` but since {s['since']} that doesn't work - "
                       f"{s['hint']}",
                       f"(historically it was `{old}`; changed after {s['since']}. {s['hint']})",
                       f"fyi `{old}` is dead since {s['since']}. {s['hint']}"))
    prompt = rng.choice((f"{s['goal']}\n\n{line}", f"{line}\n\n{s['goal']}"))
    return [Step(prompt=prompt),
            Step(text=rng.choice(("Using that.", "Okay.", "Got it.")),
                 tools=[*s["pre"], s["ok"]]),
            Step(text=s["done"])]


def cmd_side_note_in_stretch(s: dict, rng: random.Random) -> Episode:
    chore = rng.choice(s["chores"])
    return [Step(prompt=f"{chore['ask']}. after that: {s['goal']}"),
            Step(tools=chore["tools"]),
            Step(text=f"{chore['report']} Now the second part.", tools=[*s["pre"], s["fail"]]),
            Step(text=f"{s['note']} "
                      f"{rng.choice(('Adjusting the invocation.', 'Trying it another way.'))}",
                 tools=[s["ok"]]),
            Step(text=f"{s['done']}\n\n"
                      f"{rng.choice(('Side note for next time:', 'Worth remembering:', 'For the record:'))} "
                      f"{s['gist']}"),
            Step(prompt=rng.choice(("noted", "k, noted", "noted, thx", "good to know. noted")))]


# Environment facts: a side remark interrupting a chore; read out and extended with its
# history; a side note at the end of a chore; written down while ticking a todo list.
def env_side_remark(s: dict, rng: random.Random) -> Episode:
    chore = rng.choice(s["chores"])
    tools = chore["tools"]
    lead = rng.choice(("oh and while you're there -", "btw, unrelated:", "side thing:",
                       "oh, before I forget -"))
    check = rng.choice(("can you double check that against the repo?",
                        "mind confirming that's still true?",
                        "verify that when you get a sec"))
    return [Step(prompt=chore["ask"]),
            Step(text=rng.choice(("On it.", "")), tools=tools[:2]),
            Step(prompt=f"{lead} {s['said']}. {check}"),
            Step(text=rng.choice(("Sure, checking.", "Let me look.")), tools=s["probe"]),
            Step(text=s["confirm"], tools=tools[2:]),
            Step(text=chore["report"])]


def env_extended_with_history(s: dict, rng: random.Random) -> Episode:
    lead = rng.choice(("yep.", "right, and for context:", "correct. bit of history:",
                       "yes -"))
    return [Step(prompt=s["goal"]),
            Step(text=rng.choice(("Let me check.", "", "Looking at the config.")),
                 tools=s["probe"]),
            Step(text=s["confirm"]),
            Step(prompt=f"{lead} {s['history']}"),
            Step(text=rng.choice(("Good to know, thanks.", "Thanks - that explains the setup.",
                                  "Noted.")))]


def env_side_note_after_chore(s: dict, rng: random.Random) -> Episode:
    chore = rng.choice(s["chores"])
    side = rng.choice(("Side note from poking around:", "Unrelated, but I noticed while in "
                                                        "there:", "Also, for what it's worth:"))
    return [Step(prompt=chore["ask"]),
            Step(tools=chore["tools"]),
            Step(text=rng.choice(("Checking one more thing I ran into.", "")), tools=s["probe"]),
            Step(text=f"{chore['report']}\n\n{side} {s['confirm']}"),
            Step(prompt=rng.choice(("noted", "noted, thanks", "ah yes. noted",
                                    "good, that's right")))]


def env_todo_finding(s: dict, rng: random.Random) -> Episode:
    chore = rng.choice(s["chores"])
    rows = [s["todo"], chore["todo"]]
    first = _rows(rows, ["in_progress", "pending"])
    mid = _rows(rows, ["completed", "in_progress"])
    last = _rows(rows, ["completed", "completed"])
    return [Step(prompt=f"{s['goal']}\nalso {chore['ask']}"),
            Step(tools=[todo_write(first)]),
            Step(tools=s["probe"]),
            Step(text=s["confirm"], tools=[todo_write(mid, old=first)]),
            Step(tools=chore["tools"]),
            Step(text=chore["report"], tools=[todo_write(last, old=mid)])]


# Gotchas: found while doing something else and mentioned at the end; worked through a todo
# list; cut short by the user's hunch; explained after a long stretch and met with "noted".
def gotcha_found_on_the_side(s: dict, rng: random.Random) -> Episode:
    chore = rng.choice(s["chores"])
    side = rng.choice(("Unrelated, but worth knowing:", "Side note:", "Separately -",
                       "Also, something I tripped over on the way:"))
    steps: Episode = [
        Step(prompt=chore["ask"]),
        Step(tools=chore["tools"]),
        Step(text=rng.choice(("While checking that I noticed something odd - looking closer.",
                              "Hm, something unrelated caught my eye.")),
             tools=s["probe"]),
        Step(text=f"{chore['report']}\n\n{side} {s['explain']}"),
        Step(prompt=rng.choice(("oh. good catch - fix it pls", "huh. yes fix that too",
                                "wow ok, go ahead", "please fix that while you're at it")))]
    if s.get("fix"):
        steps.append(Step(text=rng.choice(("Fixing.", "On it.")), tools=s["fix"]))
    steps.append(Step(text=s["done"]))
    return steps


def gotcha_todo_investigation(s: dict, rng: random.Random) -> Episode:
    rows = [("Reproduce the problem", "Reproducing the problem"),
            ("Find the cause", "Finding the cause"),
            ("Fix and verify", "Fixing and verifying")]
    first = _rows(rows, ["in_progress", "pending", "pending"])
    mid = _rows(rows, ["completed", "completed", "in_progress"])
    last = _rows(rows, ["completed", "completed", "completed"])
    return [Step(prompt=s["symptom"]),
            Step(text=rng.choice(("Let me work through this.", "")), tools=[todo_write(first)]),
            Step(tools=s["probe"]),
            Step(text=s["explain"], tools=[todo_write(mid, old=first)]),
            Step(tools=s.get("fix", [])),
            Step(tools=[todo_write(last, old=mid)]),
            Step(text=s["done"])]


def gotcha_user_hunch(s: dict, rng: random.Random) -> Episode:
    probe = s["probe"]
    yes = rng.choice(("Yes, that's it.", "You're right.", "That's exactly it."))
    return [Step(prompt=s["symptom"]),
            Step(text=rng.choice(("Looking.", "Let me check.")), tools=probe[:1]),
            Step(prompt=s["hunch"]),
            Step(text=rng.choice(("Checking that.", "Good thought - verifying.")),
                 tools=probe[1:]),
            Step(text=f"{yes} {s['explain']}", tools=s.get("fix", [])),
            Step(text=s["done"])]


def gotcha_stretch_noted(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["symptom"]),
            Step(tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])),
            Step(text=s["done"]),
            Step(prompt=rng.choice(("noted", "noted, ty", "k noted", "ok. noted for next time")))]


# Falsified approaches: scrapped mid-way; dropped from the todo list; ruled out as history up
# front; the user's own half-done attempt backed out.
def fals_scrapped_midway(s: dict, rng: random.Random) -> Episode:
    scrap = rng.choice(("actually scrap that, it was a bad idea -", "hm, scrap that. bad idea:",
                        "wait, no - abandon that,", "stop, scrap it. just remembered:"))
    return [Step(prompt=s["ask"]),
            Step(text=rng.choice(("Making the change.", "")), tools=s["change"]),
            Step(prompt=f"{scrap} {s['why_user']}"),
            Step(text=rng.choice(("Stopping. One quick check so we have it on record.",
                                  "Okay - confirming before I revert.")),
                 tools=[s["broke"]]),
            Step(text=s["conclusion"], tools=[s["revert"]]),
            Step(text=rng.choice(("Reverted.", "Backed out.")))]


def fals_dropped_from_todo(s: dict, rng: random.Random) -> Episode:
    rows = [s["todo"], ("Measure the result", "Measuring the result")]
    first = _rows(rows, ["in_progress", "pending"])
    mid = _rows(rows, ["completed", "in_progress"])
    closed = [("Revert the experiment", "completed", "Reverting the experiment"),
              ("Note why it failed", "completed", "Noting why it failed")]
    drop = rng.choice(("drop that item, it's a dead end -", "take that off the list.",
                       "cross that one off -", "kill that todo."))
    return [Step(prompt=s["pain"]),
            Step(text=f"One option is {s['idea']}. Trying it.", tools=[todo_write(first)]),
            Step(tools=s["change"]),
            Step(tools=[todo_write(mid, old=first), s["broke"]]),
            Step(prompt=f"{drop} {s['why_user']}"),
            Step(text=rng.choice(("Dropping it.", "Okay, reverting.")),
                 tools=[s["revert"], todo_write(closed, old=mid)]),
            Step(text=f"{s['conclusion']}\n\nInstead I'd suggest: {s['alternative']}")]


def fals_ruled_out_as_history(s: dict, rng: random.Random) -> Episode:
    pre = rng.choice((f"and before you say it - we tried {s['idea']} {s['when']}. "
                      f"{cap(s['why_user'])}",
                      f"(not {s['idea']} though, that was tried {s['when']}: {s['why_user']})",
                      f"ps we already went down the road of {s['idea']} {s['when']} and "
                      f"abandoned it halfway. {cap(s['why_user'])}"))
    return [Step(prompt=f"{s['pain']}\n\n{pre}"),
            Step(text=f"{rng.choice(('Understood - ruling that out.', 'Okay, I will not go there.', 'Right, that is off the table.'))} "
                      f"{rng.choice(('What I would do instead:', 'Another way in:', 'Instead:'))} "
                      f"{s['alternative']}")]


def fals_user_wip_backed_out(s: dict, rng: random.Random) -> Episode:
    ask = rng.choice((f"I started {s['idea']} on this branch yesterday. scrap that, it was a bad "
                      f"idea - {s['why_user']}. can you back my changes out?",
                      f"my WIP here is {s['idea']}. abandoning it: {s['why_user']}. revert it "
                      f"pls"))
    return [Step(prompt=ask),
            Step(text=rng.choice(("Let me see what's there first.", "Looking at the diff.")),
                 tools=[_stat(s["change"])]),
            Step(text=rng.choice(("And confirming the failure you saw:",
                                  "Quick check of the failure before I revert:")),
                 tools=[s["broke"]]),
            Step(text=s["conclusion"], tools=[s["revert"]]),
            Step(text=rng.choice(("Your WIP is backed out.", "Reverted.")))]


TEMPLATES = {
    "convention": [conv_todo_interjection, conv_while_youre_there, conv_history, conv_scrapped,
                   conv_noted_mid_stretch],
    "command": [cmd_chain_wrong_step, cmd_parked_on_todo, cmd_given_as_history,
                cmd_side_note_in_stretch],
    "environment": [env_side_remark, env_extended_with_history, env_side_note_after_chore,
                    env_todo_finding],
    "gotcha": [gotcha_found_on_the_side, gotcha_todo_investigation, gotcha_user_hunch,
               gotcha_stretch_noted],
    "falsified": [fals_scrapped_midway, fals_dropped_from_todo, fals_ruled_out_as_history,
                  fals_user_wip_backed_out],
}

# Everyday requests and questions, ordered so that each is asked from the project it fits
# (flapboard, riemen, fellrescue, uppbod, in turn).
UNRELATED = [
    "explain the difference between a LUT and a flip-flop in an FPGA, briefly",
    "what does lib.mkDefault do in a NixOS module, in one paragraph?",
    "explain the difference between a master-detail and a lookup relationship in Salesforce",
    "what's the difference between Result and Option in Gleam?",
    "how do stepper motors keep track of their position without an encoder?",
    "write a short welcome email for new members joining the club's summer learn-to-row course",
    "write a javascript function that formats a UK mobile number like 07700 900123",
    "how does a Dutch auction differ from an English auction?",
    "what does 'timing closure' mean in FPGA work?",
    "summarise the pros and cons of WireGuard vs OpenVPN for a small club",
    "give me a checklist for a new-volunteer induction evening at a mountain rescue base",
    "write a regex that matches a Faroese postcode like FO 100",
    "write a python function that turns a 24-hour time like '1435' into '2:35 pm'",
    "how do I list my NixOS generations and roll back to the previous one?",
    "what's the governor limit on SOQL queries in one synchronous Apex transaction?",
    "write a polite reminder to skippers that landing slips must be handed in before 6am",
    "write a bash one-liner that finds the ten largest files under the current directory",
    "what's a sensible branch naming scheme for a small volunteer team?",
    "how do I undo my last git commit but keep the changes?",
    "explain what a BEAM process is to someone who knows threads",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "flapboard": [
        "does the railway want platform numbers on the board as well?",
        "what's the power budget when every flap turns at once?",
        "does the railway want delays shown in minutes or as an expected time?",
        "who at the railway signs off a new bitstream before it goes on the platform?",
        "is there a spare controller board if the one at the station dies?",
    ],
    "riemen": [
        "how much space is left on steiger's data disk?",
        "who pays for the club's domain and when does it renew?",
        "does the board want Nextcloud accounts for the junior members?",
        "how many boats are in the reservation system?",
        "is there a plan to replace the kiosk screens in the boathouse?",
    ],
    "fellrescue": [
        "how many volunteers are on the team at the moment?",
        "how long are we allowed to keep casualty records?",
        "does the team want the rota synced to people's Google calendars?",
        "how many Salesforce licences do we have left?",
        "who covers as org admin when I'm on holiday?",
    ],
    "uppbod": [
        "what commission does the auction take from the sellers?",
        "how many buyers are registered at the moment?",
        "which species have a minimum price?",
        "what time does the Monday auction start?",
        "is there a plan to let buyers bid from their phones outside the hall?",
    ],
}


# ------------------------------------------------------------------- projects
def flapboard() -> Project:
    """A SystemVerilog design for the split-flap departure board at a heritage railway's
    Kelsholme station: a Lattice ECP5 on the in-house flapctl rev2 board, built with yosys,
    nextpnr-ecp5 and ecppack, programmed with openFPGALoader, linted with Verilator and tested
    with cocotb; a Raspberry Pi in the booking office sends the timetable over a UART."""
    top = "rtl/top.sv"
    status = "rtl/status_led.sv"
    status_body = ("module status_led (\n    input  logic clk,\n    input  logic rst,\n"
                   "    input  logic feed_frame_ok,\n    output logic led_o\n);\n"
                   "    localparam int STALE = 30 * 50_000_000;\n    logic [30:0] age;\n"
                   "    logic [24:0] blink;\n\n    always_ff @(posedge clk) begin\n"
                   "        if (rst || feed_frame_ok) age <= '0;\n"
                   "        else if (age != STALE[30:0]) age <= age + 1'b1;\n"
                   "        blink <= blink + 1'b1;\n    end\n\n"
                   "    assign led_o = (age == STALE[30:0]) ? blink[24] : 1'b1;\nendmodule\n")
    chores = [
        {"ask": "bump the oss-cad-suite image in CI to the 2024-06-01 build",
         "todo": ("Bump oss-cad-suite in CI", "Bumping oss-cad-suite in CI"),
         "tools": [read(".github/workflows/ci.yml",
                        "name: ci\non: [push, pull_request]\njobs:\n  build:\n    runs-on: "
                        "ubuntu-22.04\n    container: ghcr.io/yosyshq/oss-cad-suite:2024-03-01\n"
                        "    steps:\n      - uses: actions/checkout@v4\n      - run: make lint\n"
                        "      - run: make bit\n"),
                   edit(".github/workflows/ci.yml",
                        "    container: ghcr.io/yosyshq/oss-cad-suite:2024-03-01\n",
                        "    container: ghcr.io/yosyshq/oss-cad-suite:2024-06-01\n"),
                   bash("grep -rn 'oss-cad-suite' .github/ docs/",
                        ".github/workflows/ci.yml:6:    container: "
                        "ghcr.io/yosyshq/oss-cad-suite:2024-06-01\ndocs/toolchain.md:3:We use "
                        "the oss-cad-suite nightly builds, pinned by date in CI.")],
         "report": "CI now runs in the 2024-06-01 oss-cad-suite container; nothing else in the "
                   "repo pins a date."},
        {"ask": "tidy the port list in step_gen.sv, it's a mix of tabs and spaces",
         "todo": ("Reformat step_gen.sv", "Reformatting step_gen.sv"),
         "tools": [read("rtl/step_gen.sv",
                        "module step_gen #(\n\tparameter int N = 24\n) (\n    input  logic "
                        "clk,\n\tinput  logic rst,\n    input  logic [N-1:0] advance,\n\toutput "
                        "logic [N-1:0] step_o,\n    output logic [N-1:0] dir_o\n);\n"),
                   bash("verible-verilog-format --inplace rtl/step_gen.sv && git diff --stat",
                        " rtl/step_gen.sv | 12 ++++++------\n 1 file changed, 6 insertions(+), "
                        "6 deletions(-)"),
                   bash("make lint", "verilator --lint-only -Wall -Irtl rtl/top.sv\n"
                                     "lint: 0 warnings")],
         "report": "step_gen.sv is reformatted (spaces throughout, ports aligned) and lint is "
                   "still clean."},
        {"ask": "regenerate the flap position table from docs/flaps.csv, Alan added two "
                "destinations",
         "todo": ("Regenerate the flap table", "Regenerating the flap table"),
         "tools": [bash("head -4 docs/flaps.csv",
                        "index,label\n0,(blank)\n1,Kelsholme\n2,Tarrow Bridge"),
                   bash("python tools/gen_flaps.py docs/flaps.csv > rtl/flap_table.svh",
                        "gen_flaps: 42 entries (2 new: 'Mill Lane Halt', 'Fellside')"),
                   bash("git diff --stat rtl/flap_table.svh",
                        " rtl/flap_table.svh | 2 ++\n 1 file changed, 2 insertions(+)")],
         "report": "The table is regenerated: 42 entries now, with Mill Lane Halt and Fellside "
                   "appended at the end, so the existing flap indices are unchanged."},
        {"ask": "add a README section on how the home sensors are wired",
         "todo": ("Document the home sensor wiring", "Documenting the home sensor wiring"),
         "tools": [read("rtl/home_sense.sv",
                        "// one hall-effect sensor per module, open collector, pulled up on "
                        "the board\n// low = flap drum at its home position\nmodule home_sense "
                        "#(parameter int N = 24) (\n    input  logic         clk,\n    input  "
                        "logic [N-1:0] home_n,\n    output logic [N-1:0] at_home\n);\n"),
                   bash("grep -n '^## ' README.md",
                        "3:## Building\n11:## Programming\n19:## Feed format"),
                   edit("README.md", "## Feed format\n",
                        "## Home sensors\n\nEach flap module has an open-collector hall-effect "
                        "sensor pulled up on the\nboard; it reads low when the drum is at its "
                        "home position (home_n in\nrtl/home_sense.sv).\n\n## Feed format\n")],
         "report": "Added a 'Home sensors' section to the README before 'Feed format': one "
                   "open-collector hall sensor per module, pulled up, active low at home."},
    ]
    facts = [
        Fact("conv-cdc", "convention", ["cdc_sync2"],
             ["I'm adding a new push-button input to the FPGA design - how should I bring it "
              "into the clock domain?",
              "is it ok to write my own two-flop synchroniser inside a module for an external "
              "signal?"],
             "Every asynchronous input (home sensors, UART RX, buttons, the maintenance key) "
             "goes through an instance of rtl/cdc_sync2.sv, never an inline double-flop: the "
             "Verilator lint waivers and tools/cdc_check.py match cdc_sync2 instance names.",
             {"rule": "every async input (sensor lines, the uart rx pin, buttons, switches) "
                      "goes through our cdc_sync2 module - no inline double-flop always_ff "
                      "blocks",
              "why": "the lint waivers in lint/waivers.vlt and tools/cdc_check.py match on "
                     "cdc_sync2 instance names, a hand-rolled pair just shows up as an "
                     "unsynchronised input and fails CI",
              "task": "add an input for the new maintenance key switch in the booking office, "
                      "so the board blanks every flap while it's turned",
              "todo": ("Add the maintenance key input", "Adding the maintenance key input"),
              "since": "the rev2 bring-up",
              "was": "write a two-flop always_ff right in whatever module needed the signal",
              "contrary": edit(top, "    // async inputs\n",
                               "    // async inputs\n    logic maint_q1, maint_q2;\n    "
                               "always_ff @(posedge clk) begin\n        maint_q1 <= "
                               "maint_key_n;\n        maint_q2 <= maint_q1;\n    end\n"),
              "claimed": "Added maint_key_n to top.sv with a two-flop synchroniser inline and "
                         "fed the inverted maint_q2 into flap_ctrl's blank_all input.",
              "undo": [edit(top, "    // async inputs\n    logic maint_q1, maint_q2;\n    "
                                 "always_ff @(posedge clk) begin\n        maint_q1 <= "
                                 "maint_key_n;\n        maint_q2 <= maint_q1;\n    end\n",
                            "    // async inputs\n")],
              "follow": [read("rtl/cdc_sync2.sv",
                              "module cdc_sync2 #(parameter int W = 1) "
                              "(\n    input  wire         clk,\n    input  wire [W-1:0] d,\n    "
                              "output logic [W-1:0] q\n);\n    (* async_reg = \"true\" *) logic "
                              "[W-1:0] meta;\n    always_ff @(posedge clk) {q, meta} <= {meta, "
                              "d};\nendmodule\n"),
                         edit(top, "    // async inputs\n",
                              "    // async inputs\n    logic maint_key_n_s;\n    cdc_sync2 "
                              "#(.W(1)) u_sync_maint (.clk(clk), .d(maint_key_n), "
                              ".q(maint_key_n_s));\n"),
                         edit(top, "        .blank_all (1'b0),\n",
                              "        .blank_all (~maint_key_n_s),\n"),
                         bash("make lint && python tools/cdc_check.py build/top.json",
                              "verilator --lint-only -Wall -Irtl rtl/top.sv\nlint: 0 warnings\n"
                              "cdc_check: 31 async inputs, 31 through cdc_sync2, 0 unsynchronised")],
              "done": "The maintenance key now comes in through a cdc_sync2 instance "
                      "(u_sync_maint) in top.sv and drives flap_ctrl's blank_all; lint is "
                      "clean and cdc_check counts 31 of 31 async inputs synchronised."}),
        Fact("conv-nettype", "convention", ["default_nettype none"],
             ["what boilerplate does every new SystemVerilog file need at the top in this "
              "repo?",
              "how do we make sure a misspelt signal name is an error and not a silent new "
              "wire?"],
             "Every SystemVerilog file starts with `default_nettype none` and resets to "
             "`default_nettype wire` at the end, so a typo'd port or signal name is a "
             "compile error instead of an implicit 1-bit wire.",
             {"rule": "every .sv file starts with `default_nettype none` and ends with "
                      "`default_nettype wire`",
              "why": "otherwise a typo in a port name becomes an implicit 1-bit wire and "
                     "synthesises without a word - that's how the platform 2 board showed "
                     "only 'A's for a week",
              "task": "add a small module that drives the booking-office status LED: solid "
                      "while the feed is live, blinking when the last good frame is older than "
                      "30 s",
              "todo": ("Write the status LED module", "Writing the status LED module"),
              "since": "the platform 2 incident last autumn",
              "was": "leave the net type at its default and trust the lint",
              "contrary": write(status, status_body),
              "claimed": "Wrote rtl/status_led.sv: a 30 s staleness counter at 50 MHz, reset "
                         "by feed_frame_ok, drives led_o solid or blinking at about 1.5 Hz.",
              "follow": [write(status, "`default_nettype none\n\n" + status_body
                               + "\n`default_nettype wire\n"),
                         bash("make lint", "verilator --lint-only -Wall -Irtl rtl/top.sv\n"
                                           "lint: 0 warnings")],
              "done": "rtl/status_led.sv opens with `default_nettype none` and closes with "
                      "`default_nettype wire` like the rest of rtl/; lint passes."}),
        Fact("cmd-sim", "command", ["SIM=verilator"],
             ["how do I run the testbench for a single RTL module?",
              "the cocotb tests don't even compile on my machine, it's a syntax error in the "
              "rtl - what am I doing wrong?"],
             "cocotb tests run on Verilator: `make -C tb SIM=verilator TOPLEVEL=<module> "
             "MODULE=test_<module>`; cocotb's default simulator (Icarus) can't parse the "
             "repo's SystemVerilog (`inside`, packed structs).",
             {"goal": "run the cocotb tests for uart_rx, I changed the stop-bit handling",
              "pre": [bash("make lint", "verilator --lint-only -Wall -Irtl rtl/top.sv\nlint: 0 "
                                        "warnings")],
              "fail": bash("make -C tb TOPLEVEL=uart_rx MODULE=test_uart_rx",
                           "make: Entering directory 'tb'\nrm -f results.xml\niverilog -o "
                           "sim_build/sim.vvp -D COCOTB_SIM=1 -s uart_rx -g2012 "
                           "../rtl/uart_rx.sv\n../rtl/uart_rx.sv:41: sorry: \"inside\" "
                           "expressions not supported yet.\n../rtl/uart_rx.sv:58: syntax error\n"
                           "make: *** [sim_build/sim.vvp] Error 2", 2),
              "note": "cocotb fell back to Icarus, and Icarus can't parse the `inside` "
                      "expression in uart_rx.sv.",
              "hint": "tests run on verilator here, icarus chokes on half our SV. `make -C tb "
                      "SIM=verilator TOPLEVEL=uart_rx MODULE=test_uart_rx`",
              "ok": bash("make -C tb SIM=verilator TOPLEVEL=uart_rx MODULE=test_uart_rx",
                         "make: Entering directory 'tb'\n     0.00ns INFO     cocotb.regression"
                         "                running on Verilator version 5.024\n"
                         "******************************************************************"
                         "\n** TEST                          STATUS  SIM TIME (ns)  REAL TIME "
                         "(s)\n** test_uart_rx.rx_basic           PASS       104200.00       "
                         "0.41\n** test_uart_rx.rx_two_stop_bits   PASS       121600.00       "
                         "0.44\n** test_uart_rx.rx_framing_error   PASS        86800.00       "
                         "0.38\n** test_uart_rx.rx_break           PASS        95500.00       "
                         "0.36\n** TESTS=4 PASS=4 FAIL=0 SKIP=0\n"
                         "******************************************************************"),
              "done": "On Verilator all four uart_rx tests pass, the two-stop-bit case "
                      "included.",
              "since": "we started using `inside` and packed structs",
              "gist": "the tb Makefile has to be told SIM=verilator, cocotb's default "
                      "simulator (Icarus) can't parse our SystemVerilog.",
              "todo": ("Run the uart_rx cocotb tests", "Running the uart_rx cocotb tests")}),
        Fact("cmd-flash", "command", ["--unprotect-flash"],
             ["how do I write the bitstream permanently to the board instead of just loading "
              "it into SRAM?",
              "openFPGALoader refuses to erase when I program the controller - what's missing?"],
             "Writing the bitstream to a rev2 board's SPI flash needs `openFPGALoader -c ft232 "
             "--unprotect-flash --write-flash build/flapctl.bit`: the W25Q128 ships with its "
             "block-protect bits set and a plain --write-flash fails to erase.",
             {"goal": "flash the new bitstream onto the board on my bench so it survives a "
                      "power cycle",
              "pre": [bash("make bit",
                           "yosys -q -p 'synth_ecp5 -top top -json build/top.json' ...\n"
                           "nextpnr-ecp5 ... --json build/top.json --textcfg "
                           "build/flapctl.config\nInfo: Max frequency for clock 'clk': 61.42 "
                           "MHz (PASS at 50.00 MHz)\necppack --compress build/flapctl.config "
                           "build/flapctl.bit")],
              "fail": bash("openFPGALoader -c ft232 --write-flash build/flapctl.bit",
                           "write to flash\nJEDEC ID: 0xef4018\nDetected: Winbond W25Q128 256 "
                           "sectors size: 128Mb\nflash chip protected: BP bits 0x1c\nError: "
                           "Failed to erase sector at 0x000000: write protected", 1),
              "note": "The SPI flash reports its block-protect bits as set, so the erase is "
                      "refused.",
              "hint": "the rev2 boards come with the flash write-protected, add "
                      "--unprotect-flash: `openFPGALoader -c ft232 --unprotect-flash "
                      "--write-flash build/flapctl.bit`",
              "ok": bash("openFPGALoader -c ft232 --unprotect-flash --write-flash "
                         "build/flapctl.bit",
                         "write to flash\nJEDEC ID: 0xef4018\nDetected: Winbond W25Q128 256 "
                         "sectors size: 128Mb\nunprotect flash: done\nErasing: "
                         "[==================================================] 100.00%\n"
                         "Writing: [==================================================] "
                         "100.00%\nRefresh: DONE"),
              "done": "Flashed with --unprotect-flash; after the refresh the board boots the "
                      "new bitstream from flash, so it survives a power cycle.",
              "since": "the rev2 boards arrived",
              "gist": "rev2 boards' SPI flash is write-protected from the factory, so "
                      "openFPGALoader needs --unprotect-flash along with --write-flash.",
              "todo": ("Flash the bitstream", "Flashing the bitstream")}),
        Fact("env-part", "environment", ["CABGA256"],
             ["which FPGA package and speed grade does the production controller board use?",
              "what device options do I give nextpnr for the current board revision?"],
             "The rev2 flapctl board carries an LFE5U-25F in the CABGA256 package, speed grade "
             "6 (nextpnr-ecp5 --25k --package CABGA256 --speed 6, constraints/flapctl_r2.lpf).",
             {"goal": "what exact ECP5 part is on the rev2 board? I need it for a nextpnr call "
                      "in my own scratch build",
              "probe": [bash("grep -n 'NEXTPNR\\|LPF' Makefile",
                             "4:LPF = constraints/flapctl_r2.lpf\n5:NEXTPNR_FLAGS = --25k "
                             "--package CABGA256 --speed 6 --lpf $(LPF) --freq 50"),
                        bash("head -3 constraints/flapctl_r2.lpf",
                             "# flapctl rev2 - LFE5U-25F-6BG256C\nBLOCK RESETPATHS;\n"
                             "BLOCK ASYNCPATHS;")],
              "confirm": "The rev2 board has an LFE5U-25F in the CABGA256 package, speed grade "
                         "6: the Makefile passes `--25k --package CABGA256 --speed 6` to "
                         "nextpnr-ecp5 with constraints/flapctl_r2.lpf (whose header says "
                         "LFE5U-25F-6BG256C).",
              "said": "rev2 has the 25k part in CABGA256, speed 6 - not the 381-ball one on "
                      "the dev kit",
              "history": "we prototyped on the ECP5 evaluation board with the big 85k part, "
                         "since rev2 it's the LFE5U-25F in CABGA256, speed grade 6",
              "todo": ("Check the FPGA part on rev2", "Checking the FPGA part on rev2")}),
        Fact("env-baud", "environment", ["57600"],
             ["what serial speed does the booking office Pi use for the departures feed?",
              "if I want to change the UART speed of the feed link, where is it set?"],
             "The Pi-to-FPGA feed link runs at 57600 baud 8N1, hardcoded on both sides: "
             "SERIAL_BAUD in tools/feed.py and localparam BAUD in rtl/top.sv (change both "
             "together).",
             {"goal": "what baud rate does the Pi in the booking office use to talk to the "
                      "FPGA?",
              "probe": [bash("grep -n 'BAUD' tools/feed.py rtl/top.sv",
                             "tools/feed.py:12:SERIAL_BAUD = 57600  # must match BAUD in "
                             "rtl/top.sv\ntools/feed.py:40:    port = serial.Serial("
                             "'/dev/serial0', SERIAL_BAUD, bytesize=8, parity='N', "
                             "stopbits=1)\nrtl/top.sv:14:    localparam int BAUD = 57600;\n"
                             "rtl/top.sv:15:    localparam int CLKS_PER_BIT = 50_000_000 / "
                             "BAUD;  // 868")],
              "confirm": "The feed link is 57600 baud, 8N1: tools/feed.py opens /dev/serial0 "
                         "at SERIAL_BAUD = 57600 and rtl/top.sv has localparam BAUD = 57600 "
                         "(868 core clocks per bit). Both are hardcoded, so a change has to "
                         "touch both.",
              "said": "the link from the Pi is 57600 8N1, hardcoded at both ends (feed.py and "
                      "the BAUD localparam in top.sv)",
              "history": "it was 9600 on the old relay-logic board; we went to 57600 when the "
                         "FPGA replaced it, and both ends are hardcoded",
              "todo": ("Check the feed baud rate", "Checking the feed baud rate")}),
        Fact("gotcha-rom", "gotcha", ["readmemh"],
             ["the board shows blanks on every flap after flashing but the simulation looks "
              "right - what could cause that?",
              "how should a ROM init file be referenced so synthesis actually finds it?"],
             "yosys runs from build/ and resolves a relative $readmemh file name against its "
             "own working directory, only warning when it's missing, so the ROM synthesises "
             "as zeros (blank flaps) while Verilator from the repo root is fine; the init file "
             "is passed in as an absolute path (GLYPH_HEX define from the Makefile).",
             {"symptom": "flashed the build with the new glyph ROM and every flap sits on "
                         "blank. verilator sim shows the right characters",
              "probe": [bash("make bit 2>&1 | grep -i -B1 -A1 'can not open'",
                             "-- Running command `read_verilog -sv ../rtl/glyph_rom.sv' --\n"
                             "Warning: Can not open file `glyphs.hex` for \\$readmemh. "
                             "(../rtl/glyph_rom.sv:12)\nWarning: Replacing memory \\rom with "
                             "list of registers."),
                        read("rtl/glyph_rom.sv",
                             "module glyph_rom (\n    input  wire       "
                             " clk,\n    input  wire  [5:0] idx,\n    output logic [7:0] pos\n"
                             ");\n    logic [7:0] rom [64];\n    initial $readmemh(\"glyphs.hex\", "
                             "rom);\n    always_ff @(posedge clk) pos <= rom[idx];\nendmodule\n")],
              "explain": "The Makefile runs yosys from inside build/, and $readmemh resolves a "
                         "relative file name against yosys's working directory, not the .sv "
                         "file's folder. So glyphs.hex isn't found, yosys only warns, and the "
                         "ROM synthesises as all zeros - position 0 is the blank flap. "
                         "Verilator runs from the repo root, which is why the sim looks right. "
                         "The init file has to be passed in as an absolute path.",
              "fix": [edit("rtl/glyph_rom.sv", "    initial $readmemh(\"glyphs.hex\", rom);\n",
                           "    initial $readmemh(`GLYPH_HEX, rom);\n"),
                      edit("Makefile", "YOSYS_DEFS =\n",
                           "YOSYS_DEFS = -DGLYPH_HEX=\\\"$(CURDIR)/rtl/glyphs.hex\\\"\n"),
                      bash("make bit 2>&1 | grep -ci 'can not open'", "0", 1)],
              "done": "The ROM file now comes in as an absolute GLYPH_HEX define from the "
                      "Makefile; synthesis no longer warns, and the glyphs are in the "
                      "bitstream.",
              "hunch": "hang on, didn't we have exactly this with the old charset? I think "
                       "yosys looks for the hex file relative to build/, not rtl/"}),
        Fact("gotcha-miniuart", "gotcha", ["disable-bt"],
             ["random junk characters show up on the board when the booking office Pi is "
              "busy - is that a known thing?",
              "which UART on the Raspberry Pi should the feed use and how is that set up?"],
             "The booking-office Pi must drive the feed from the PL011 UART: on the default "
             "mini UART (ttyS0) the baud rate follows the core clock and drifts under load, so "
             "the board shows garbage; /boot/firmware/config.txt has dtoverlay=disable-bt so "
             "/dev/serial0 is ttyAMA0.",
             {"symptom": "the board shows garbage characters now and then, mostly in the "
                         "afternoon when the booking office Pi is busy printing tickets",
              "probe": [bash("ssh booking-pi 'ls -l /dev/serial0; vcgencmd measure_clock core'",
                             "lrwxrwxrwx 1 root root 5 Jun  3 08:12 /dev/serial0 -> ttyS0\n"
                             "frequency(1)=400000000"),
                        bash("ssh booking-pi \"grep -E '^(enable_uart|dtoverlay|core_freq)' "
                             "/boot/firmware/config.txt\"", "enable_uart=1")],
              "explain": "/dev/serial0 points at ttyS0, the Pi's mini UART. Its baud rate is "
                         "derived from the VPU core clock, and the firmware scales that clock "
                         "with load - so when the Pi is busy printing tickets the core clock "
                         "moves, the baud rate drifts, and the FPGA's receiver samples garbage. "
                         "The full PL011 UART (ttyAMA0) has its own clock, but by default it's "
                         "given to Bluetooth. dtoverlay=disable-bt in config.txt hands the "
                         "PL011 back to serial0.",
              "fix": [bash("ssh booking-pi 'echo dtoverlay=disable-bt | sudo tee -a "
                           "/boot/firmware/config.txt && sudo systemctl disable hciuart && "
                           "sudo reboot'",
                           "dtoverlay=disable-bt\nRemoved \"/etc/systemd/system/multi-user."
                           "target.wants/hciuart.service\"."),
                      bash("ssh booking-pi 'ls -l /dev/serial0'",
                           "lrwxrwxrwx 1 root root 7 Jun  3 14:40 /dev/serial0 -> ttyAMA0")],
              "done": "After dtoverlay=disable-bt and a reboot, serial0 is the PL011 "
                      "(ttyAMA0), whose clock doesn't follow the CPU load; the feed should stay "
                      "clean while the Pi is busy.",
              "hunch": "I have a feeling it's the pi's uart and not our rtl. someone on the "
                       "forum said the mini uart wanders with the cpu clock"}),
        Fact("fals-softcpu", "falsified", ["VexRiscv"],
             ["could we do the frame parsing in C on a small CPU inside the FPGA?",
              "has anyone tried putting a soft processor core on the flap controller?"],
             "A VexRiscv soft CPU doing the feed parsing in C was tried and dropped: with the "
             "flap drivers it needs about 117% of the LFE5U-25F's slices and can't be placed; "
             "the parser stays in RTL.",
             {"ask": "let's drop the hand-written feed parser and put a small VexRiscv soft "
                     "core in the fabric, doing the frame parsing in C",
              "pain": "the feed parser FSM in rtl/feed_parse.sv gets less readable every time "
                      "the timetable format grows a field",
              "idea": "putting a small VexRiscv soft CPU in the fabric and doing the frame "
                      "parsing in C firmware",
              "todo": ("Add a VexRiscv soft core for frame parsing",
                       "Adding a VexRiscv soft core"),
              "when": "over the winter shutdown",
              "why_user": "VexRiscv plus its RAM ate more than the 25k part has - we ran out "
                          "of slices before the flap drivers were even in",
              "alternative": "Keep the parser in RTL but generate its field table from a small "
                             "spec (tools/gen_fields.py), so a new field is one line instead "
                             "of a new FSM state.",
              "change": [bash("git submodule add https://github.com/SpinalHDL/VexRiscv "
                              "third_party/VexRiscv",
                              "Cloning into 'third_party/VexRiscv'...\nremote: Enumerating "
                              "objects: 38211, done."),
                         edit("Makefile", "RTL = $(wildcard rtl/*.sv)\n",
                              "RTL = $(wildcard rtl/*.sv) third_party/VexRiscv/"
                              "VexRiscv_Min.v\n")],
              "broke": bash("make bit",
                            "Info: Device utilisation:\nInfo:          TRELLIS_SLICE: "
                            "14322/12144   117%\nInfo:                 DP16KD:    52/   56    "
                            "92%\nERROR: Unable to place cell 'u_cpu.IBusSimplePlugin_fetch"
                            "Pc_pcReg_LUT4_Z', no BELs remaining to implement cell type "
                            "'TRELLIS_SLICE'", 1),
              "revert": bash("git submodule deinit -f third_party/VexRiscv && git rm -qf "
                             "third_party/VexRiscv && git checkout -- Makefile",
                             "Cleared directory 'third_party/VexRiscv'"),
              "conclusion": "With VexRiscv and its RAM the design needs 117% of the "
                            "LFE5U-25F's slices and 92% of the block RAM, so nextpnr can't "
                            "place it. A soft core doesn't fit this part next to the flap "
                            "drivers; the parser stays in RTL."}),
        Fact("fals-oscg", "falsified", ["OSCG"],
             ["we need one more I/O pin on the controller - can we drop the external crystal "
              "and clock from something on-chip?",
              "is the FPGA's built-in oscillator accurate enough to run the design from?"],
             "Clocking the design from the ECP5's internal OSCG oscillator (to free the "
             "crystal's pin) was tried and reverted: it's only good to about ±15%, so UART bit "
             "timing drifts and a third of feed frames had framing errors; the clock stays on "
             "the crystal-fed PLL.",
             {"ask": "use the ECP5's internal oscillator (OSCG) for the core clock so the "
                     "crystal's pin is free for the second sensor bank",
              "pain": "we're one I/O short for the second bank of home sensors on the long "
                      "platform board",
              "idea": "clocking the design from the ECP5's internal OSCG oscillator instead of "
                      "the external crystal, which frees its pin",
              "todo": ("Switch the core clock to the internal OSCG",
                       "Switching the core clock to OSCG"),
              "when": "for the platform 3 extension",
              "why_user": "OSCG is only good to something like ±15%, the uart timing went all "
                          "over the place and the feed was garbled within minutes",
              "alternative": "Free a pin elsewhere: the two debug LEDs on bank 7 can move onto "
                             "the existing 74HC595 chain, which gives two spare inputs without "
                             "touching the clock.",
              "change": [edit(top, "    ecp5_pll u_pll (.clki(clk25), .clko(clk), "
                                   ".locked(pll_locked));\n",
                              "    OSCG #(.DIV(6)) u_osc (.OSC(clk));  // ~51.7 MHz nominal\n"
                              "    assign pll_locked = 1'b1;\n"),
                         edit("constraints/flapctl_r2.lpf", "LOCATE COMP \"clk25\" SITE "
                                                            "\"P3\";\n",
                              "LOCATE COMP \"home_b2[0]\" SITE \"P3\";\n")],
              "broke": bash("python tools/feed.py --port /dev/ttyUSB0 --loopback-check 200",
                            "sent 200 frames\nechoed ok: 131\nframing errors: 69\nFAIL: 34.5% "
                            "frame errors (limit 0.1%)", 1),
              "revert": bash("git checkout -- rtl/top.sv constraints/flapctl_r2.lpf", ""),
              "conclusion": "On OSCG the core clock is only nominally ~52 MHz - the ECP5's "
                            "internal oscillator is specified to roughly ±15% - so the UART's "
                            "bit timing, which assumes exactly 50 MHz, drifts: 69 of 200 "
                            "loopback frames had framing errors. Back on the crystal-fed PLL."}),
    ]
    noise = [
        _look("what does step_gen actually output per module?", "rtl/step_gen.sv",
              "    // one step pulse per advance request, 2 us wide, then 3 ms dead time\n"
              "    // dir_o is fixed: the drums only ever turn forward\n    always_ff "
              "@(posedge clk) begin\n        for (int i = 0; i < N; i++) begin\n"
              "            if (advance[i] && !busy[i]) begin\n                pulse[i] <= "
              "PULSE_W;\n                gap[i]   <= GAP_W;\n            end\n",
              "For each module it turns an advance request into one 2 µs step pulse followed "
              "by a 3 ms dead time, so a module never gets pulses faster than the motor can "
              "follow. dir_o is constant - the drums only turn forward."),
        _find("where is the flap position compared against the target?", "target_pos",
              ["rtl/flap_ctrl.sv", "tb/test_flap_ctrl.py"],
              "The comparison is in rtl/flap_ctrl.sv (target_pos vs the counted position per "
              "module); tb/test_flap_ctrl.py drives it in the tests."),
        _tweak("comment in flap_ctrl.sv says 'recieve'", "rtl/flap_ctrl.sv",
               "    // recieve a new target for each module\n",
               "    // receive a new target for each module\n"),
        _run("how full is the chip with the current build?",
             "grep -A4 'Device utilisation' build/nextpnr.log",
             "Info: Device utilisation:\nInfo:          TRELLIS_SLICE:  4211/12144    34%\n"
             "Info:             TRELLIS_IO:    71/  197    36%\nInfo:                 "
             "DP16KD:     3/   56     5%\nInfo:             EHXPLLL:     1/    2    50%",
             "About a third of the slices (4211 of 12144), 71 of 197 I/Os, 3 block RAMs and "
             "one of the two PLLs."),
        _talk("blocking vs non-blocking assignments, quick refresher?",
              "Inside always_ff use non-blocking (<=): every right-hand side is sampled "
              "before any register updates, which models flops correctly. Inside always_comb "
              "use blocking (=), which evaluates top to bottom like ordinary code. Mixing them "
              "in one block is where simulation and synthesis start to disagree."),
        _steps("add a comment header to feed_parse.sv describing the frame format",
               [read("docs/feed.md",
                     "Frame: STX, row (1 byte), 24 flap indices (1 byte each), XOR checksum, "
                     "ETX.\n"),
                edit("rtl/feed_parse.sv", "module feed_parse (\n",
                     "// Frame: STX | row | 24 x flap index | XOR checksum | ETX\n"
                     "// A frame with a bad checksum is dropped whole.\nmodule feed_parse (\n")],
               "Added a two-line header to feed_parse.sv with the frame layout from "
               "docs/feed.md."),
        _talk("how does a split-flap module know which flap is showing?",
              "It doesn't sense the flap itself: a sensor marks one home position of the drum, "
              "and the controller counts steps from there. Each flap is a fixed number of "
              "steps apart, so position = steps since home divided by steps per flap."),
        _tweak("the 'Tarrow Brige' destination has a typo in flaps.csv", "docs/flaps.csv",
               "2,Tarrow Brige\n", "2,Tarrow Bridge\n"),
    ]
    for fact in facts:
        fact.slots["chores"] = chores
    return Project(
        "flapboard", "git@github.com:tarrow-valley-railway/flapboard.git",
        {"README.md": "# flapboard\n\nFPGA controller for the Kelsholme departure board.\n",
         "Makefile": "all: bit\n"},
        facts, noise, "github")


def riemen() -> Project:
    """A NixOS flake for a Haarlem rowing club's machines: steiger, the clubhouse server
    (Nextcloud, the afschrijf boat-booking app, Caddy, restic backups), and two Raspberry Pi 4
    kiosks in the boathouse showing the boat board in cage; deployed with colmena, secrets in
    agenix, the server's disks in disko, remote access over WireGuard."""
    steiger = "hosts/steiger/default.nix"
    afschrijf = "modules/afschrijf.nix"
    kiosk = "hosts/kiosk/default.nix"
    chores = [
        {"ask": "add a redirect from /wedstrijden to the new regatta page on the club site",
         "todo": ("Add the /wedstrijden redirect", "Adding the /wedstrijden redirect"),
         "tools": [read("hosts/steiger/caddy.nix",
                        "{\n  services.caddy.virtualHosts.\"despaarne.nl\".extraConfig = ''\n"
                        "    encode gzip\n    root * /srv/www\n    file_server\n  '';\n}\n"),
                   edit("hosts/steiger/caddy.nix", "    encode gzip\n",
                        "    encode gzip\n    redir /wedstrijden /regatta/2024 permanent\n"),
                   bash("nix eval .#nixosConfigurations.steiger.config.services.caddy."
                        "virtualHosts --apply builtins.attrNames",
                        "[ \"cloud.despaarne.nl\" \"despaarne.nl\" \"boten.despaarne.nl\" ]")],
         "report": "despaarne.nl now has `redir /wedstrijden /regatta/2024 permanent`; the "
                   "config still evaluates with the same three vhosts."},
        {"ask": "add Wim's ssh key to the admin users",
         "todo": ("Add Wim's admin key", "Adding Wim's admin key"),
         "tools": [read("modules/users.nix",
                        "{\n  users.users.beheer = {\n    isNormalUser = true;\n    extraGroups "
                        "= [ \"wheel\" ];\n    openssh.authorizedKeys.keys = [\n      "
                        "\"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIF2k... marieke\"\n      "
                        "\"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBq8... joost\"\n    ];\n  };\n}\n"),
                   edit("modules/users.nix",
                        "      \"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBq8... joost\"\n",
                        "      \"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBq8... joost\"\n      "
                        "\"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIM7w... wim\"\n"),
                   bash("nix flake check --no-build 2>&1 | tail -2",
                        "checking NixOS configuration 'nixosConfigurations.kiosk-2'...\n"
                        "all checks passed!")],
         "report": "Wim's key is in the beheer user's authorized keys; the flake check "
                   "passes."},
        {"ask": "make the restic prune run weekly instead of daily",
         "todo": ("Make restic prune weekly", "Making restic prune weekly"),
         "tools": [read("hosts/steiger/backup.nix",
                        "{\n  services.restic.backups.b2 = {\n    paths = [ \"/var/lib\" "
                        "\"/srv\" ];\n    timerConfig.OnCalendar = \"03:15\";\n    pruneOpts = "
                        "[ \"--keep-daily 7\" \"--keep-weekly 5\" ];\n  };\n"
                        "  systemd.timers.restic-prune.timerConfig.OnCalendar = \"daily\";\n}\n"),
                   edit("hosts/steiger/backup.nix",
                        "  systemd.timers.restic-prune.timerConfig.OnCalendar = \"daily\";\n",
                        "  systemd.timers.restic-prune.timerConfig.OnCalendar = \"Sun 04:30\";\n"),
                   bash("nix eval .#nixosConfigurations.steiger.config.systemd.timers."
                        "restic-prune.timerConfig.OnCalendar", "\"Sun 04:30\"")],
         "report": "The prune timer fires on Sundays at 04:30 now, after the nightly backup; "
                   "the backup itself is unchanged."},
        {"ask": "the kiosk page should show tomorrow's bookings too, change the URL param",
         "todo": ("Show two days on the kiosk board", "Changing the kiosk board URL"),
         "tools": [grep("boten.despaarne.nl/bord", [kiosk]),
                   read(kiosk, "  services.cage = {\n    enable = true;\n    user = \"kiosk\";\n"
                               "    program = \"${pkgs.chromium}/bin/chromium --kiosk "
                               "https://boten.despaarne.nl/bord?dagen=1\";\n  };\n"),
                   edit(kiosk, "https://boten.despaarne.nl/bord?dagen=1",
                        "https://boten.despaarne.nl/bord?dagen=2")],
         "report": "The kiosks open /bord?dagen=2 now, so the board lists today and tomorrow. "
                   "It takes effect on their next deploy."},
    ]
    facts = [
        Fact("conv-agenix", "convention", ["age.secrets"],
             ["how do I give a service on the clubhouse server a password without it ending "
              "up in the nix store?",
              "can I just readFile the decrypted credential into the module?"],
             "Secrets reach services only through agenix: config.age.secrets.<name>.path "
             "(e.g. as a unit's EnvironmentFile), never builtins.readFile or a literal, "
             "because those copy the plaintext into the world-readable /nix/store.",
             {"rule": "secrets only ever reach a service through config.age.secrets.<name>.path "
                      "- no builtins.readFile on a decrypted file, no literals in the nix",
              "why": "readFile copies the plaintext into the world-readable /nix/store, which "
                     "is exactly how the old smtp password ended up in a binary cache",
              "task": "wire the new SMTP relay password into the afschrijf module so booking "
                      "confirmations can go out",
              "todo": ("Wire the SMTP password into afschrijf",
                       "Wiring the SMTP password into afschrijf"),
              "since": "the store leak in january",
              "was": "readFile the decrypted file from /run straight into the service config",
              "contrary": edit(afschrijf, "    environment = {\n",
                               "    environment = {\n      SMTP_PASSWORD = builtins.readFile "
                               "/run/agenix/smtp-relay;\n"),
              "claimed": "Set SMTP_PASSWORD in the afschrijf unit's environment from the "
                         "decrypted /run/agenix/smtp-relay file via builtins.readFile; it's "
                         "picked up on the next deploy.",
              "undo": [edit(afschrijf, "    environment = {\n      SMTP_PASSWORD = "
                                       "builtins.readFile /run/agenix/smtp-relay;\n",
                            "    environment = {\n")],
              "follow": [edit("secrets/secrets.nix", "in {\n",
                              "in {\n  \"smtp-relay.age\".publicKeys = admins ++ [ steiger ];\n"),
                         edit(afschrijf, "  systemd.services.afschrijf = {\n",
                              "  age.secrets.smtp-relay = {\n    file = ../secrets/"
                              "smtp-relay.age;\n    owner = \"afschrijf\";\n  };\n\n  "
                              "systemd.services.afschrijf = {\n    serviceConfig.EnvironmentFile "
                              "= config.age.secrets.smtp-relay.path;\n"),
                         bash("nix build .#nixosConfigurations.steiger.config.system.build."
                              "toplevel --dry-run 2>&1 | head -4",
                              "these 4 derivations will be built:\n  /nix/store/8qv1x9...-unit-"
                              "afschrijf.service.drv\n  /nix/store/0b7kd2...-agenix-install-"
                              "secrets.drv\n  /nix/store/m3zl0a...-etc.drv")],
              "done": "The password is an agenix secret now: age.secrets.smtp-relay (owner "
                      "afschrijf), and the unit reads it at runtime through EnvironmentFile = "
                      "config.age.secrets.smtp-relay.path, so none of it lands in the store. "
                      "secrets.nix lists steiger as a recipient; the file itself still has to "
                      "be created with agenix -e."}),
        Fact("conv-ports", "convention", ["ports.nix"],
             ["where should I put the port for a new service on the club server?",
              "is it ok to hardcode a listen port directly in a host's nix config?"],
             "Every service port is declared once in modules/ports.nix and referenced as "
             "config.club.ports.<service>; no literal port numbers in host or service modules "
             "(ports.nix asserts the numbers are unique).",
             {"rule": "port numbers live in modules/ports.nix and everything refers to them as "
                      "config.club.ports.<service>, never a literal number in a host or service "
                      "file",
              "why": "after a merge afschrijf and grafana both sat on 3000 and nothing caught "
                     "it - ports.nix asserts they're unique",
              "task": "add uptime-kuma on steiger behind caddy at status.despaarne.nl",
              "todo": ("Add uptime-kuma behind caddy", "Adding uptime-kuma behind caddy"),
              "since": "the 3000 clash last winter",
              "was": "pick any free port in whatever module needed one",
              "contrary": edit(steiger, "  services.nextcloud.enable = true;\n",
                               "  services.nextcloud.enable = true;\n\n  services.uptime-kuma = "
                               "{\n    enable = true;\n    settings.PORT = \"3001\";\n  };\n  "
                               "services.caddy.virtualHosts.\"status.despaarne.nl\".extraConfig "
                               "= \"reverse_proxy localhost:3001\";\n"),
              "claimed": "Enabled services.uptime-kuma on steiger listening on 3001 and added a "
                         "status.despaarne.nl vhost in caddy proxying to localhost:3001.",
              "undo": [bash("git checkout -- hosts/steiger/default.nix", "")],
              "follow": [read("modules/ports.nix",
                              "{ lib, config, ... }:\n{\n  options.club.ports = lib.mkOption "
                              "{ type = lib.types.attrsOf lib.types.port; };\n\n  config = {\n"
                              "    club.ports = {\n      afschrijf = 8040;\n      grafana = "
                              "3000;\n      nextcloud-notify = 7867;\n    };\n    assertions = [ "
                              "{\n      assertion = lib.allUnique (lib.attrValues "
                              "config.club.ports);\n      message = \"two services share a "
                              "port in modules/ports.nix\";\n    } ];\n  };\n}\n"),
                         edit("modules/ports.nix", "      nextcloud-notify = 7867;\n",
                              "      nextcloud-notify = 7867;\n      uptime-kuma = 3011;\n"),
                         edit(steiger, "  services.nextcloud.enable = true;\n",
                              "  services.nextcloud.enable = true;\n\n  services.uptime-kuma = "
                              "{\n    enable = true;\n    settings.PORT = toString "
                              "config.club.ports.uptime-kuma;\n  };\n  services.caddy."
                              "virtualHosts.\"status.despaarne.nl\".extraConfig =\n    "
                              "\"reverse_proxy localhost:${toString "
                              "config.club.ports.uptime-kuma}\";\n"),
                         bash("nix flake check --no-build 2>&1 | tail -1", "all checks passed!")],
              "done": "uptime-kuma gets its port from ports.nix now (uptime-kuma = 3011 there, "
                      "so the uniqueness assertion covers it); the service and the caddy vhost "
                      "both use config.club.ports.uptime-kuma. The flake check passes."}),
        Fact("cmd-deploy", "command", ["--build-on-target"],
             ["what's the right way to push a config change out to the clubhouse server from "
              "my MacBook?",
              "colmena stops and says it needs an x86_64-linux machine - how do the others "
              "deploy?"],
             "Deploy to steiger with `colmena apply --on steiger --build-on-target`: the "
             "admins' Macs (aarch64-darwin) can't build x86_64-linux closures, so the build "
             "runs on the server itself.",
             {"goal": "deploy the uptime-kuma change to steiger",
              "pre": [bash("git pull --rebase", "Already up to date."),
                      bash("nix flake check --no-build 2>&1 | tail -1", "all checks passed!")],
              "fail": bash("colmena apply --on steiger",
                           "[INFO ] Using flake: git+file:///Users/joost/src/riemen\n[INFO ] "
                           "Enumerating nodes...\n[INFO ] Selected 1 out of 3 hosts.\n"
                           "  steiger ❌ Failed: Child process exited with error code: 1\n"
                           "[ERROR] error: a 'x86_64-linux' with features {} is required to "
                           "build '/nix/store/3vxq9c...-etc.drv', but I am a 'aarch64-darwin' "
                           "with features {benchmark, big-parallel, nixos-test}", 1),
              "note": "This machine is an aarch64-darwin Mac, so it can't build the "
                      "x86_64-linux system closure locally.",
              "hint": "none of us has a linux builder, the box builds itself - `colmena apply "
                      "--on steiger --build-on-target`",
              "ok": bash("colmena apply --on steiger --build-on-target",
                         "[INFO ] Selected 1 out of 3 hosts.\n  steiger ✅ 1m 12s Evaluated "
                         "steiger\n  steiger ✅ 3m 40s Built \"/nix/store/k2x7d1...-nixos-"
                         "system-steiger\" on target node\n  steiger ✅ 18s Activation "
                         "successful\n       (...) ✅ 5m 11s All done!"),
              "done": "Deployed: steiger built its own closure and activated it; uptime-kuma "
                      "is live behind status.despaarne.nl.",
              "since": "Jeroen took his linux laptop with him",
              "gist": "from the Macs, colmena has to build on steiger itself "
                      "(--build-on-target), there's no x86_64-linux builder.",
              "todo": ("Deploy to steiger", "Deploying to steiger")}),
        Fact("cmd-rekey", "command", ["id_boathouse"],
             ["after adding a new host as a recipient, how do I re-encrypt all the secrets?",
              "agenix says no identity matched any of the recipients - which key am I "
              "supposed to use?"],
             "Rekeying the agenix secrets needs the club admin identity: `agenix -r -i "
             "~/.ssh/id_boathouse` (in secrets/); the default ~/.ssh keys aren't recipients.",
             {"goal": "I added kiosk-2's host key to secrets.nix, re-encrypt the secrets so it "
                      "can read the wifi password",
              "pre": [bash("ssh-keyscan -t ed25519 kiosk-2.lan 2>/dev/null",
                           "kiosk-2.lan ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHq0vC...")],
              "fail": bash("cd secrets && agenix -r",
                           "Decrypting secrets/wifi-psk.age...\nage: error: no identity "
                           "matched any of the recipients\nage: report unexpected or unhelpful "
                           "errors at https://filippo.io/age/report\nFailed to decrypt "
                           "wifi-psk.age", 1),
              "note": "age can't find a key to decrypt with - agenix tries ~/.ssh/id_ed25519 "
                      "and ~/.ssh/id_rsa by default, and neither is a recipient.",
              "hint": "the club admin key is its own file, agenix needs -i: `agenix -r -i "
                      "~/.ssh/id_boathouse`",
              "ok": bash("cd secrets && agenix -r -i ~/.ssh/id_boathouse",
                         "rekeying afschrijf-db.age...\nrekeying restic-b2.age...\nrekeying "
                         "smtp-relay.age...\nrekeying wifi-psk.age..."),
              "done": "All four secrets are rekeyed with the admin identity; wifi-psk.age now "
                      "has kiosk-2's host key among its recipients.",
              "since": "we rotated the admin keys after Pieter left",
              "gist": "agenix only decrypts with the club admin identity, so rekeying is "
                      "`agenix -r -i ~/.ssh/id_boathouse`.",
              "todo": ("Rekey the secrets", "Rekeying the secrets")}),
        Fact("env-wg", "environment", ["10.31.0.2"],
             ["what address do I ssh to when I'm not at the boathouse?",
              "how do I get onto the club server remotely?"],
             "From outside the clubhouse, steiger is reachable only over WireGuard, at "
             "10.31.0.2 (wg0, 10.31.0.0/24, endpoint vpn.despaarne.nl:51820); there is no "
             "ssh port forward.",
             {"goal": "how do I reach steiger from home? ssh steiger.lan just times out",
              "probe": [read("hosts/steiger/wireguard.nix",
                             "{ config, ... }:\n{\n  networking.wireguard.interfaces.wg0 = {\n"
                             "    ips = [ \"10.31.0.2/24\" ];\n    listenPort = 51820;\n    "
                             "privateKeyFile = \"/var/lib/wireguard/private\";\n    peers = "
                             "import ./wg-peers.nix;\n  };\n  networking.firewall."
                             "allowedUDPPorts = [ 51820 ];\n}\n"),
                        bash("grep -n 'forward\\|22' docs/network.md",
                             "9:No port forwards on the clubhouse router except UDP 51820 "
                             "(WireGuard).")],
              "confirm": "steiger isn't reachable from outside the clubhouse LAN except over "
                         "WireGuard: wg0 gives it 10.31.0.2 on 10.31.0.0/24 "
                         "(vpn.despaarne.nl:51820 is the only forward on the router). With "
                         "the tunnel up, `ssh beheer@10.31.0.2`.",
              "said": "from outside the clubhouse steiger is only on the wireguard, "
                      "10.31.0.2",
              "history": "it used to have an ssh port forward on the clubhouse router, but "
                         "since the brute-force flood in april it's wireguard only - "
                         "10.31.0.2 on the tunnel",
              "todo": ("Find how to reach steiger remotely",
                       "Finding how to reach steiger remotely")}),
        Fact("env-binfmt", "environment", ["emulatedSystems"],
             ["which machine builds the NixOS systems for the Pi kiosks?",
              "why can't CI build the kiosk configurations in a reasonable time?"],
             "The kiosks are Raspberry Pi 4s (aarch64-linux); their closures are built on "
             "steiger under QEMU emulation (boot.binfmt.emulatedSystems = [ \"aarch64-linux\" "
             "]), not on the GitHub runner, which has no emulation.",
             {"goal": "the kiosks are raspberry pis right? where do their builds actually "
                      "happen, CI keeps timing out on kiosk-1",
              "probe": [bash("grep -n 'binfmt\\|extra-platforms' hosts/steiger/default.nix",
                             "41:  boot.binfmt.emulatedSystems = [ \"aarch64-linux\" ];\n"
                             "42:  nix.settings.extra-platforms = [ \"aarch64-linux\" ];"),
                        bash("grep -n 'nixosConfigurations\\|runs-on' "
                             ".github/workflows/check.yml",
                             "8:    runs-on: ubuntu-22.04\n21:      - run: nix build "
                             ".#nixosConfigurations.kiosk-1.config.system.build.toplevel")],
              "confirm": "Both kiosks are Pi 4s (aarch64-linux). Their closures are meant to "
                         "be built on steiger, which emulates aarch64 through QEMU binfmt "
                         "(boot.binfmt.emulatedSystems = [ \"aarch64-linux\" ]). The GitHub "
                         "runner is plain x86_64 without emulation, so the kiosk-1 build in "
                         "check.yml can't finish there.",
              "said": "kiosk builds happen on steiger - it emulates aarch64 via "
                      "boot.binfmt.emulatedSystems, the github runner can't",
              "history": "we used to cross-compile the kiosk images on a laptop, but since "
                         "the Pi 4 swap steiger builds them under qemu "
                         "(boot.binfmt.emulatedSystems)",
              "todo": ("Find where kiosk builds run", "Finding where kiosk builds run")}),
        Fact("gotcha-untracked", "gotcha", ["git add -N"],
             ["nix claims a file I just created doesn't exist when I evaluate the flake - "
              "why?",
              "do I have to commit a new host directory before nix can see it?"],
             "A flake in a git repo only sees files git tracks, so a new untracked file "
             "makes nix report 'path ... does not exist'; stage it first (`git add -N <path>` "
             "is enough).",
             {"symptom": "nix flake check says hosts/kiosk-3/default.nix does not exist. it's "
                         "RIGHT THERE, I just made it",
              "probe": [bash("nix flake check 2>&1 | tail -3",
                             "error:\n       … while evaluating the attribute "
                             "'nixosConfigurations.kiosk-3'\n       error: path "
                             "'/nix/store/9hwx3b...-source/hosts/kiosk-3/default.nix' does not "
                             "exist"),
                        bash("git status --short hosts/", "?? hosts/kiosk-3/")],
              "explain": "In a git repository a flake only sees files git knows about: Nix "
                         "copies the tracked tree into the store as the flake's source, and "
                         "hosts/kiosk-3/ is untracked, so it isn't in that copy. It doesn't "
                         "need a commit - `git add -N` (intent to add) is enough for the flake "
                         "to include it.",
              "fix": [bash("git add -N hosts/kiosk-3 && nix flake check --no-build 2>&1 | "
                           "tail -1", "all checks passed!")],
              "done": "With the new directory staged as intent-to-add, the flake sees it and "
                      "the check passes.",
              "hunch": "wait... is it the git thing? flakes ignore files that aren't in git, "
                       "we had this with the disko config"}),
        Fact("gotcha-nextcloud", "gotcha", ["nextcloud29"],
             ["the clubhouse server's activation fails in the nextcloud setup unit after a "
              "nixpkgs bump - what's going on?",
              "how should I upgrade the Nextcloud on steiger across several versions?"],
             "Nextcloud can't skip major versions: when bumping services.nextcloud.package go "
             "one major per deploy (nextcloud28 → nextcloud29 → nextcloud30), or "
             "nextcloud-setup fails and the activation aborts.",
             {"symptom": "after bumping nixpkgs the deploy to steiger fails at activation: "
                         "nextcloud-setup.service failed",
              "probe": [bash("ssh beheer@steiger.lan journalctl -u nextcloud-setup -n 6 "
                             "--no-pager",
                             "nextcloud-setup-start[2211]: Nextcloud or one of the apps require "
                             "upgrade - only a limited number of commands are available\n"
                             "nextcloud-setup-start[2211]: Updates between multiple major "
                             "versions and downgrades are unsupported.\nnextcloud-setup-start"
                             "[2211]: Update failed\nsystemd[1]: nextcloud-setup.service: Main "
                             "process exited, code=exited, status=1/FAILURE"),
                        bash("git diff HEAD~1 -- hosts/steiger/nextcloud.nix",
                             "-    package = pkgs.nextcloud28;\n+    package = "
                             "pkgs.nextcloud30;")],
              "explain": "The installed Nextcloud is 28 and the bump set "
                         "services.nextcloud.package to pkgs.nextcloud30. Nextcloud's upgrade "
                         "refuses to skip a major version, so nextcloud-setup fails and takes "
                         "the activation with it. It has to go one major per deploy: "
                         "nextcloud29 first, let the setup service migrate, then nextcloud30.",
              "fix": [edit("hosts/steiger/nextcloud.nix", "    package = pkgs.nextcloud30;\n",
                           "    package = pkgs.nextcloud29;  # one major per deploy, 30 next\n"),
                      bash("ssh beheer@steiger.lan nextcloud-occ status",
                           "  - installed: true\n  - version: 29.0.8.1\n  - versionstring: "
                           "29.0.8\n  - maintenance: false\n  - needsDbUpgrade: false")],
              "done": "Steiger is on Nextcloud 29 with the database migrated; the next deploy "
                      "can move it to 30.",
              "hunch": "oh ffs, it's the major version thing isn't it. last time we also had "
                       "to step through one version at a time"}),
        Fact("fals-autoupgrade", "falsified", ["autoUpgrade"],
             ["could the kiosks just update themselves overnight from the git repo?",
              "why don't the Pis pull their own config updates?"],
             "system.autoUpgrade on the Pi kiosks was tried and dropped: each Pi then builds "
             "its own closure (Chromium included) and fills and wears out its SD card; kiosks "
             "get prebuilt closures pushed from steiger instead.",
             {"ask": "turn on system.autoUpgrade on the kiosks, pointing at the github flake, "
                     "so they update themselves every night",
              "pain": "deploying to the kiosks is a pain, they're usually switched off when "
                      "someone has time to run colmena",
              "idea": "enabling system.autoUpgrade on the kiosks so each Pi pulls the flake "
                      "from GitHub and rebuilds itself every night",
              "todo": ("Enable system.autoUpgrade on the kiosks",
                       "Enabling system.autoUpgrade on the kiosks"),
              "when": "last spring",
              "why_user": "with autoUpgrade the pi builds itself - it ran for hours every "
                          "night, the SD cards filled up and one wore out within a month",
              "alternative": "Keep pushing prebuilt closures from steiger, but add a timer on "
                             "steiger that deploys the kiosks at 07:00, when they're always on "
                             "for the morning crews.",
              "change": [edit(kiosk, "  services.cage = {\n",
                              "  system.autoUpgrade = {\n    enable = true;\n    flake = "
                              "\"github:despaarne/riemen\";\n    dates = \"03:00\";\n    "
                              "allowReboot = true;\n  };\n\n  services.cage = {\n")],
              "broke": bash("ssh root@kiosk-1.lan 'systemctl start nixos-upgrade; journalctl "
                            "-u nixos-upgrade -n 3 --no-pager; df -h /'",
                            "building '/nix/store/q1c8...-chromium-unwrapped-126.0.6478.126."
                            "drv'...\nerror: writing to file: No space left on device\n"
                            "nixos-upgrade.service: Failed with result 'exit-code'.\nFilesystem"
                            "      Size  Used Avail Use% Mounted on\n/dev/mmcblk0p2   29G   "
                            "29G     0 100% /", 1),
              "revert": bash("git checkout -- hosts/kiosk/default.nix && ssh root@kiosk-1.lan "
                             "'nix-collect-garbage -d | tail -1'",
                             "4127 store paths deleted, 11.82 GiB freed"),
              "conclusion": "With autoUpgrade the Pi evaluates and builds its own closure - "
                            "including a Chromium it couldn't substitute - and filled its 29 GB "
                            "SD card in a single run. Reverted and garbage-collected kiosk-1; "
                            "the kiosks keep getting prebuilt closures pushed to them."}),
        Fact("fals-impermanence", "falsified", ["impermanence"],
             ["should we wipe the root filesystem on the server at every boot to keep it "
              "clean?",
              "has anyone tried an ephemeral root on steiger?"],
             "An impermanence setup (tmpfs root, persisting listed paths) on steiger was tried "
             "and dropped: a path missed from the persist list (Nextcloud's config) makes "
             "services silently reinstall after a reboot; steiger keeps a persistent root.",
             {"ask": "set steiger up with the impermanence module - tmpfs root, and only "
                     "persist what we list",
              "pain": "steiger has piled up years of cruft in /var and /etc, nobody knows "
                      "what's load-bearing any more",
              "idea": "wiping root on every boot with the impermanence module (tmpfs /, "
                      "persisting only listed paths)",
              "todo": ("Move steiger to an impermanence tmpfs root",
                       "Moving steiger to an impermanence root"),
              "when": "during the winter reinstall",
              "why_user": "we tried impermanence and forgot one path - nextcloud's config "
                          "wasn't persisted and after a reboot it came up as a fresh install",
              "alternative": "Inventory /var and /etc first with a script that diffs them "
                             "against what the NixOS config declares, and clean up by hand "
                             "from that list.",
              "change": [edit(steiger, "  imports = [\n",
                              "  imports = [\n    inputs.impermanence.nixosModules."
                              "impermanence\n"),
                         edit(steiger, "  networking.hostName = \"steiger\";\n",
                              "  networking.hostName = \"steiger\";\n\n  fileSystems.\"/\" = "
                              "{ device = \"none\"; fsType = \"tmpfs\"; options = [ \"size=2G\" "
                              "\"mode=755\" ]; };\n  environment.persistence.\"/persist\"."
                              "directories = [\n    \"/var/lib/afschrijf\"\n    "
                              "\"/var/lib/postgresql\"\n    \"/var/lib/nextcloud/data\"\n  ];\n")],
              "broke": bash("nixos-rebuild build-vm --flake .#steiger && "
                            "./result/bin/run-steiger-vm -nographic 2>&1 | grep -m3 "
                            "nextcloud-setup",
                            "nextcloud-setup-start[812]: Nextcloud is not installed - only a "
                            "limited number of commands are available\nnextcloud-setup-start"
                            "[812]: Nextcloud was successfully installed\nnextcloud-setup-start"
                            "[812]: Warning: existing files in /var/lib/nextcloud/data are not "
                            "linked to any user"),
              "revert": bash("git checkout -- hosts/steiger/default.nix", ""),
              "conclusion": "In the VM, /var/lib/nextcloud/config wasn't on the persist list, "
                            "so after the reboot config.php was gone and nextcloud-setup ran a "
                            "fresh install next to the existing data. One missed path is "
                            "enough and nothing fails loudly. Reverted; steiger keeps a normal "
                            "persistent root."}),
    ]
    noise = [
        _look("what does modules/afschrijf.nix set up, roughly?", afschrijf,
              "{ config, pkgs, ... }:\n{\n  users.users.afschrijf = { isSystemUser = true; "
              "group = \"afschrijf\"; };\n  services.postgresql.ensureDatabases = [ "
              "\"afschrijf\" ];\n  systemd.services.afschrijf = {\n    wantedBy = [ "
              "\"multi-user.target\" ];\n    after = [ \"postgresql.service\" ];\n    "
              "serviceConfig.ExecStart = \"${pkgs.afschrijf}/bin/afschrijf serve\";\n  };\n}\n",
              "A system user, a Postgres database of the same name, and a systemd service that "
              "starts `afschrijf serve` after Postgres is up. The app itself comes from the "
              "flake's own package."),
        _find("where is disko configured?", "disko.devices", ["hosts/steiger/disks.nix"],
              "Only in hosts/steiger/disks.nix - the kiosks boot from SD cards and don't use "
              "disko."),
        _tweak("typo in the motd: 'Welkom op de steigr'", "modules/motd.nix",
               "Welkom op de steigr", "Welkom op de steiger"),
        _run("which nixpkgs revision are we on?",
             "nix flake metadata --json | jq -r '.locks.nodes.nixpkgs.locked.rev'",
             "a1b7c3f9d42e6b8f0c55d2e9a7b3c1d0e4f6a8b2",
             "nixpkgs is locked at a1b7c3f9 (see flake.lock)."),
        _talk("what's the difference between nixos-rebuild switch and boot?",
              "`switch` builds the new system, makes it the default boot entry and activates "
              "it right away (services restart). `boot` only builds it and makes it the "
              "default for the next reboot - nothing changes on the running system."),
        _steps("add a kiosk-3 entry to the hosts list in the README",
               [read("README.md", "## Hosts\n\n- steiger - clubhouse server\n- kiosk-1, kiosk-2 "
                                  "- boathouse boat board\n"),
                edit("README.md", "- kiosk-1, kiosk-2 - boathouse boat board\n",
                     "- kiosk-1, kiosk-2, kiosk-3 - boathouse boat board\n")],
               "The README lists kiosk-3 with the other boat-board kiosks."),
        _talk("is a Pi 4 with 2 GB enough for chromium in kiosk mode?",
              "Usually yes for a single mostly-static page: Chromium in kiosk mode with one "
              "tab fits in 2 GB. It gets tight with heavy animation or video; zram helps as a "
              "cheap safety margin."),
        _tweak("caddy should gzip the kiosk board too", "hosts/steiger/caddy.nix",
               "  services.caddy.virtualHosts.\"boten.despaarne.nl\".extraConfig = ''\n",
               "  services.caddy.virtualHosts.\"boten.despaarne.nl\".extraConfig = ''\n"
               "    encode gzip\n"),
    ]
    for fact in facts:
        fact.slots["chores"] = chores
    return Project(
        "riemen", "git@github.com:despaarne/riemen.git",
        {"README.md": "# riemen\n\nNixOS configuration for Roeivereniging De Spaarne.\n",
         "flake.nix": "{\n  description = \"De Spaarne machines\";\n}\n"},
        facts, noise, "aws")


def fellrescue() -> Project:
    """A Salesforce DX project for a Lake District mountain rescue team's callouts, volunteer
    rota and kit: Apex trigger handlers and selector classes, Lightning Web Components tested
    with Jest, scratch orgs from a Dev Hub, a partial-copy sandbox for releases, GitHub Actions,
    SMS paging through a named credential."""
    cls = "force-app/main/default/classes"
    lwc = "force-app/main/default/lwc"
    handler = f"{cls}/CalloutTriggerHandler.cls"
    rota_ctrl = f"{cls}/RotaBoardController.cls"
    onboarding = f"{cls}/VolunteerOnboarding.cls"
    chores = [
        {"ask": "rename the 'Kit Item' object label to just 'Kit'",
         "todo": ("Relabel Kit_Item__c", "Relabelling Kit_Item__c"),
         "tools": [read("force-app/main/default/objects/Kit_Item__c/"
                        "Kit_Item__c.object-meta.xml",
                        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<CustomObject xmlns="
                        "\"http://soap.sforce.com/2006/04/metadata\">\n    <label>Kit Item"
                        "</label>\n    <pluralLabel>Kit Items</pluralLabel>\n    <nameField>\n"
                        "        <label>Kit Item Name</label>\n        <type>Text</type>\n"
                        "    </nameField>\n</CustomObject>\n"),
                   edit("force-app/main/default/objects/Kit_Item__c/Kit_Item__c.object-meta.xml",
                        "    <label>Kit Item</label>\n    <pluralLabel>Kit Items</pluralLabel>\n",
                        "    <label>Kit</label>\n    <pluralLabel>Kit</pluralLabel>\n"),
                   bash("git diff --stat",
                        " .../objects/Kit_Item__c/Kit_Item__c.object-meta.xml | 4 ++--\n 1 file "
                        "changed, 2 insertions(+), 2 deletions(-)")],
         "report": "The object is labelled 'Kit' (plural 'Kit' too); the API name "
                   "Kit_Item__c is unchanged, so no code needs touching."},
        {"ask": "add help text to the Grid_Reference__c field on Callout__c",
         "todo": ("Add help text to Grid_Reference__c", "Adding help text to Grid_Reference__c"),
         "tools": [read("force-app/main/default/objects/Callout__c/fields/"
                        "Grid_Reference__c.field-meta.xml",
                        "<CustomField xmlns=\"http://soap.sforce.com/2006/04/metadata\">\n"
                        "    <fullName>Grid_Reference__c</fullName>\n    <label>Grid Reference"
                        "</label>\n    <length>14</length>\n    <type>Text</type>\n"
                        "</CustomField>\n"),
                   edit("force-app/main/default/objects/Callout__c/fields/"
                        "Grid_Reference__c.field-meta.xml",
                        "    <length>14</length>\n",
                        "    <inlineHelpText>OS grid reference, e.g. NY 2154 0721 (letters "
                        "plus 8 digits)</inlineHelpText>\n    <length>14</length>\n"),
                   bash("grep -c inlineHelpText force-app/main/default/objects/Callout__c/"
                        "fields/*.xml | grep -v ':0'",
                        "force-app/main/default/objects/Callout__c/fields/Grid_Reference__c."
                        "field-meta.xml:1\nforce-app/main/default/objects/Callout__c/fields/"
                        "Status__c.field-meta.xml:1")],
         "report": "Grid_Reference__c has inline help now: 'OS grid reference, e.g. NY 2154 "
                   "0721'."},
        {"ask": "run prettier over the lwc folder, the diffs are getting noisy",
         "todo": ("Run prettier on the LWCs", "Running prettier on the LWCs"),
         "tools": [bash("npx prettier --write 'force-app/main/default/lwc/**/*.{js,html}'",
                        f"{lwc}/calloutMap/calloutMap.html 31ms\n{lwc}/calloutMap/calloutMap.js "
                        f"22ms\n{lwc}/kitList/kitList.js 9ms\n{lwc}/rotaBoard/rotaBoard.html "
                        f"18ms\n{lwc}/rotaBoard/rotaBoard.js 14ms"),
                   bash("git diff --stat",
                        " .../lwc/calloutMap/calloutMap.js | 6 +++---\n .../lwc/kitList/"
                        "kitList.js | 2 +-\n 2 files changed, 4 insertions(+), 4 deletions(-)"),
                   bash("npx prettier --check 'force-app/main/default/lwc/**/*.{js,html}'",
                        "Checking formatting...\nAll matched files use Prettier code style!")],
         "report": "Prettier touched two files (calloutMap.js and kitList.js, whitespace "
                   "only); everything under lwc/ passes --check now."},
        {"ask": "bump sourceApiVersion to 61.0",
         "todo": ("Bump sourceApiVersion", "Bumping sourceApiVersion"),
         "tools": [read("sfdx-project.json",
                        "{\n  \"packageDirectories\": [{ \"path\": \"force-app\", \"default\": "
                        "true }],\n  \"name\": \"fellrescue\",\n  \"namespace\": \"\",\n  "
                        "\"sourceApiVersion\": \"60.0\"\n}\n"),
                   edit("sfdx-project.json", "  \"sourceApiVersion\": \"60.0\"\n",
                        "  \"sourceApiVersion\": \"61.0\"\n"),
                   bash("grep -rl '<apiVersion>5[0-9]' force-app | wc -l", "3")],
         "report": "sourceApiVersion is 61.0. Three metadata files still pin an apiVersion in "
                   "the 50s individually; they keep working, but I can bump them too if you "
                   "want."},
    ]
    facts = [
        Fact("conv-handler", "convention", ["TriggerHandler"],
             ["I need some automation when a callout record changes - where does that code "
              "go?",
              "can I add a second Apex trigger on Callout__c for my feature?"],
             "One trigger per object, whose body is only `new <Object>TriggerHandler().run();`; "
             "all logic lives in handler classes extending TriggerHandler (trigger order is "
             "deterministic and the bulk-import bypass works through it).",
             {"rule": "one trigger per object and it contains nothing but `new "
                      "XxxTriggerHandler().run();` - the logic goes in the handler class, "
                      "which extends TriggerHandler",
              "why": "two triggers on one object run in no defined order, and the bypass we "
                     "flip during the annual data import only works through TriggerHandler",
              "task": "when a Callout__c is closed, stamp Closed_At__c and set every attached "
                      "Rota_Slot__c back to available",
              "todo": ("Add the callout close-out logic", "Adding the callout close-out logic"),
              "since": "the double-SMS incident in 2022",
              "was": "put logic straight into the trigger body",
              "contrary": write("force-app/main/default/triggers/CalloutClose.trigger",
                                "trigger CalloutClose on Callout__c (before update, after "
                                "update) {\n    if (Trigger.isBefore) {\n        for (Callout__c "
                                "c : Trigger.new) {\n            if (c.Status__c == 'Closed' && "
                                "Trigger.oldMap.get(c.Id).Status__c != 'Closed') {\n"
                                "                c.Closed_At__c = System.now();\n            }\n"
                                "        }\n    } else {\n        RotaSlots.freeFor(Trigger."
                                "newMap.keySet());\n    }\n}\n"),
              "claimed": "Added a CalloutClose trigger on Callout__c: before update stamps "
                         "Closed_At__c when Status__c turns Closed, after update frees the "
                         "linked Rota_Slot__c records.",
              "undo": [bash("rm force-app/main/default/triggers/CalloutClose.trigger*", "")],
              "follow": [read("force-app/main/default/triggers/CalloutTrigger.trigger",
                              "trigger CalloutTrigger on Callout__c (before insert, before "
                              "update, after insert, after update) {\n    new "
                              "CalloutTriggerHandler().run();\n}\n"),
                         edit(handler, "    public override void afterInsert() {\n",
                              "    public override void beforeUpdate() {\n        for "
                              "(Callout__c c : (List<Callout__c>) Trigger.new) {\n            "
                              "if (closedNow(c)) c.Closed_At__c = System.now();\n        }\n"
                              "    }\n\n    public override void afterUpdate() {\n        "
                              "RotaSlots.freeFor(closedIds((List<Callout__c>) Trigger.new));\n"
                              "    }\n\n    public override void afterInsert() {\n"),
                         bash("sf apex run test --class-names CalloutTriggerHandlerTest "
                              "--synchronous --target-org rescue-scratch",
                              "=== Test Summary\nNAME                 VALUE\nOutcome              "
                              "Passed\nTests Ran            7\nPass Rate            100%\n"
                              "Fail Rate            0%")],
              "done": "The close-out logic lives in CalloutTriggerHandler now (beforeUpdate "
                      "stamps Closed_At__c, afterUpdate frees the Rota_Slot__c rows), called "
                      "from the existing CalloutTrigger - no second trigger. All 7 handler "
                      "tests pass."}),
        Fact("conv-selector", "convention", ["USER_MODE"],
             ["where should a new query for an LWC's Apex controller go?",
              "how do we make sure our SOQL respects field-level security?"],
             "All SOQL lives in *Selector classes (e.g. VolunteerSelector) and runs WITH "
             "USER_MODE, so FLS and sharing are enforced; controllers and handlers never "
             "query inline.",
             {"rule": "every SOQL query sits in a *Selector class and runs WITH USER_MODE",
              "why": "the security review found team members could read casualty medical "
                     "notes through our own components. USER_MODE enforces FLS and sharing, "
                     "and the selectors are the one place we check",
              "task": "the rotaBoard LWC needs the volunteers on call this weekend with their "
                      "mobile numbers - add the Apex behind it",
              "todo": ("Add the on-call Apex for rotaBoard", "Adding the on-call Apex"),
              "since": "the security review in February",
              "was": "query inline in the controller and rely on `with sharing` on the class",
              "contrary": write(rota_ctrl,
                                "public with sharing class RotaBoardController {\n    "
                                "@AuraEnabled\n    public static List<Volunteer__c> getOnCall("
                                "Date fromDay, Date toDay) {\n        return [SELECT Id, Name, "
                                "Mobile__c FROM Volunteer__c\n                WHERE Id IN "
                                "(SELECT Volunteer__c FROM Rota_Slot__c WHERE Day__c >= "
                                ":fromDay AND Day__c <= :toDay)];\n    }\n}\n"),
              "claimed": "Added RotaBoardController.getOnCall(fromDay, toDay): an @AuraEnabled "
                         "method that queries the on-call Volunteer__c records with Mobile__c "
                         "directly.",
              "follow": [read(f"{cls}/VolunteerSelector.cls",
                              "public inherited sharing class VolunteerSelector {\n    public "
                              "static List<Volunteer__c> selectByIds(Set<Id> ids) {\n        "
                              "return [SELECT Id, Name, Team_Role__c FROM Volunteer__c WHERE Id "
                              "IN :ids WITH USER_MODE];\n    }\n}\n"),
                         edit(f"{cls}/VolunteerSelector.cls", "public inherited sharing class "
                                                              "VolunteerSelector {\n",
                              "public inherited sharing class VolunteerSelector {\n    public "
                              "static List<Volunteer__c> selectOnCallBetween(Date fromDay, Date "
                              "toDay) {\n        return [SELECT Id, Name, Mobile__c FROM "
                              "Volunteer__c\n                WHERE Id IN (SELECT Volunteer__c "
                              "FROM Rota_Slot__c WHERE Day__c >= :fromDay AND Day__c <= "
                              ":toDay)\n                WITH USER_MODE];\n    }\n\n"),
                         write(rota_ctrl, "public with sharing class RotaBoardController {\n    "
                                          "@AuraEnabled\n    public static List<Volunteer__c> "
                                          "getOnCall(Date fromDay, Date toDay) {\n        "
                                          "return VolunteerSelector.selectOnCallBetween("
                                          "fromDay, toDay);\n    }\n}\n"),
                         bash("sf apex run test --class-names VolunteerSelectorTest "
                              "--synchronous --target-org rescue-scratch",
                              "=== Test Summary\nOutcome              Passed\nTests Ran       "
                              "     5\nPass Rate            100%")],
              "done": "The query is VolunteerSelector.selectOnCallBetween() now, WITH USER_MODE "
                      "like the other selectors, and RotaBoardController only calls it - "
                      "field-level security on Mobile__c applies to whoever opens the board."}),
        Fact("cmd-scratch", "command", ["rescue-hub"],
             ["how do I create a new scratch org for a feature branch?",
              "sf says there's no default dev hub when I make a scratch org - which one "
              "should I point it at?"],
             "Scratch orgs come from the Dev Hub aliased rescue-hub, passed explicitly: `sf "
             "org create scratch -f config/project-scratch-def.json -a <alias> -d 7 "
             "--target-dev-hub rescue-hub` (no default dev hub is set, on purpose).",
             {"goal": "spin up a fresh scratch org for the kit-tracking work",
              "pre": [bash("git switch -c feature/kit-tracking",
                           "Switched to a new branch 'feature/kit-tracking'")],
              "fail": bash("sf org create scratch -f config/project-scratch-def.json -a "
                           "kit-dev -d 7",
                           "Error (NoDefaultDevHubError): No default dev hub found. Use -v or "
                           "--target-dev-hub to specify an environment.", 1),
              "note": "There's no default Dev Hub configured on this machine.",
              "hint": "the dev hub alias is rescue-hub, we don't set a default on purpose "
                      "(it's prod). `sf org create scratch -f config/project-scratch-def.json "
                      "-a kit-dev -d 7 --target-dev-hub rescue-hub`",
              "ok": bash("sf org create scratch -f config/project-scratch-def.json -a kit-dev "
                         "-d 7 --target-dev-hub rescue-hub",
                         "Creating Scratch Org...\nRequestId: 2SR8d000000XyZ1GAK\nOrgId: "
                         "00D8d000006PqRkEAK\nUsername: test-7ffqj2rnt1wo@example.com\n✓ "
                         "Create Scratch Org\nYour scratch org is ready."),
              "done": "Scratch org kit-dev is up for 7 days, created from the rescue-hub Dev "
                      "Hub.",
              "since": "prod became the dev hub",
              "gist": "scratch orgs need --target-dev-hub rescue-hub, there's deliberately no "
                      "default dev hub.",
              "todo": ("Create the kit-dev scratch org", "Creating the kit-dev scratch org")}),
        Fact("cmd-lwcjest", "command", ["sfdx-lwc-jest"],
             ["how do I run the unit tests for a single Lightning web component?",
              "jest can't resolve lightning/platformShowToastEvent when I run the component "
              "tests - what's the right way?"],
             "LWC Jest tests run through the wrapper: `npx sfdx-lwc-jest -- <component>`, "
             "which maps the lightning/* modules to stubs; bare `npx jest` fails with "
             "'Cannot find module lightning/...'.",
             {"goal": "run the jest tests for the rotaBoard component",
              "pre": [bash("npm ci", "added 812 packages, and audited 813 packages in 21s")],
              "fail": bash("npx jest force-app/main/default/lwc/rotaBoard",
                           "FAIL force-app/main/default/lwc/rotaBoard/__tests__/rotaBoard."
                           "test.js\n  ● Test suite failed to run\n\n    Cannot find module "
                           "'lightning/platformShowToastEvent' from 'force-app/main/default/"
                           "lwc/rotaBoard/rotaBoard.js'", 1),
              "note": "Bare jest doesn't know the lightning/* modules; something has to map "
                      "them to stubs.",
              "hint": "go through the wrapper, it sets up the lightning stubs: `npx "
                      "sfdx-lwc-jest -- rotaBoard`",
              "ok": bash("npx sfdx-lwc-jest -- rotaBoard",
                         "PASS force-app/main/default/lwc/rotaBoard/__tests__/rotaBoard.test.js"
                         "\n  c-rota-board\n    ✓ renders one row per on-call volunteer (41 ms)"
                         "\n    ✓ shows a toast when the Apex call fails (18 ms)\n    ✓ hides "
                         "mobile numbers the user can't read (12 ms)\n\nTests:       3 passed, "
                         "3 total"),
              "done": "Through the wrapper the lightning/* imports resolve to Salesforce's "
                      "stubs and all 3 rotaBoard tests pass.",
              "since": "we dropped our own jest.config",
              "gist": "LWC tests go through sfdx-lwc-jest (`npx sfdx-lwc-jest -- <component>`); "
                      "plain jest has no lightning/* stubs.",
              "todo": ("Run the rotaBoard jest tests", "Running the rotaBoard jest tests")}),
        Fact("env-pager", "environment", ["PagerGateway"],
             ["which external service sends the pager SMS, and how is it configured in the "
              "org?",
              "where are the endpoint and API key for paging volunteers kept?"],
             "SMS paging goes out through the PagerGateway named credential "
             "(https://api.pagerbridge.co.uk, auth in the PagerBridgeAuth external "
             "credential); PagerService calls callout:PagerGateway/v2/messages.",
             {"goal": "where does the SMS paging actually go out? I need to know what the "
                      "Apex talks to",
              "probe": [bash("grep -rn 'callout:' force-app/main/default/classes",
                             "force-app/main/default/classes/PagerService.cls:18:        "
                             "req.setEndpoint('callout:PagerGateway/v2/messages');"),
                        read("force-app/main/default/namedCredentials/PagerGateway."
                             "namedCredential-meta.xml",
                             "<NamedCredential xmlns=\"http://soap.sforce.com/2006/04/metadata"
                             "\">\n    <label>PagerGateway</label>\n    <namedCredentialType>"
                             "SecuredEndpoint</namedCredentialType>\n    "
                             "<namedCredentialParameters>\n        <parameterName>Url"
                             "</parameterName>\n        <parameterType>Url</parameterType>\n"
                             "        <parameterValue>https://api.pagerbridge.co.uk"
                             "</parameterValue>\n    </namedCredentialParameters>\n    "
                             "<namedCredentialParameters>\n        <externalCredential>"
                             "PagerBridgeAuth</externalCredential>\n        <parameterType>"
                             "Authentication</parameterType>\n    </namedCredentialParameters>"
                             "\n</NamedCredential>\n")],
              "confirm": "PagerService posts to callout:PagerGateway/v2/messages; the "
                         "PagerGateway named credential points at https://api.pagerbridge.co.uk "
                         "and takes its auth from the PagerBridgeAuth external credential. "
                         "Neither the endpoint nor the key is in Apex.",
              "said": "paging goes out through the PagerGateway named credential (pagerbridge), "
                      "the key lives in the external credential, not in code",
              "history": "we used to post to twilio from a custom setting; since the switch to "
                         "pagerbridge last autumn everything goes through the PagerGateway "
                         "named credential",
              "todo": ("Find where paging goes out", "Finding where paging goes out")}),
        Fact("env-sandbox", "environment", ["ridgeline"],
             ["what's our UAT org called, and what kind of sandbox is it?",
              "where do we deploy to test a release before production?"],
             "Releases are tested in the partial-copy sandbox ridgeline "
             "(fellrescue--ridgeline.sandbox.my.salesforce.com) before production; "
             "release.yml deploys there first.",
             {"goal": "which sandbox does the team test releases in before prod?",
              "probe": [bash("sf org list --all 2>/dev/null | grep -i sandbox",
                             "     ridgeline  admin@bannerdalemrt.org.ridgeline  "
                             "00D7Q000004Lm2pUAC  Sandbox (Partial Copy)  Connected"),
                        bash("grep -n 'target-org' .github/workflows/release.yml",
                             "27:        run: sf project deploy start --target-org ridgeline "
                             "--test-level RunLocalTests --wait 30\n52:        run: sf project "
                             "deploy start --target-org production --test-level RunLocalTests "
                             "--wait 60")],
              "confirm": "Releases go to ridgeline first - a partial-copy sandbox "
                         "(fellrescue--ridgeline.sandbox.my.salesforce.com). release.yml "
                         "deploys there with RunLocalTests, and only the later job deploys to "
                         "production.",
              "said": "the uat sandbox is 'ridgeline', a partial copy - everything goes there "
                      "before prod",
              "history": "we used to test in a developer sandbox called uat, since the "
                         "partial-copy licence came in it's 'ridgeline'",
              "todo": ("Find the release test sandbox", "Finding the release test sandbox")}),
        Fact("gotcha-mixeddml", "gotcha", ["MIXED_DML_OPERATION"],
             ["my Apex throws when I insert a User right after creating a volunteer record - "
              "why?",
              "how do I create the community user during volunteer onboarding without the "
              "transaction failing?"],
             "DML on a setup object (User) and a normal object (Volunteer__c) in one "
             "transaction fails with MIXED_DML_OPERATION; portal users are created in a "
             "separate transaction (the CreatePortalUser queueable), with System.runAs in "
             "tests.",
             {"symptom": "the volunteer onboarding test started failing after I added "
                         "creating the portal user in the same method",
              "probe": [bash("sf apex run test --class-names VolunteerOnboardingTest "
                             "--synchronous --target-org rescue-scratch",
                             "=== Failures\nVolunteerOnboardingTest.createsPortalUser  "
                             "System.DmlException: Insert failed. First exception on row 0; "
                             "first error: MIXED_DML_OPERATION, DML operation on setup object "
                             "is not permitted after you have updated a non-setup object (or "
                             "vice versa): User, original object: Volunteer__c: []", 1),
                        read(onboarding,
                             "    public static Id onboard(Volunteer__c v) {\n        insert v;"
                             "\n        User portalUser = PortalUsers.build(v);\n        insert "
                             "portalUser;\n        return v.Id;\n    }\n")],
              "explain": "User is a setup object and Volunteer__c isn't, and Salesforce "
                         "refuses DML on both kinds in one transaction - MIXED_DML_OPERATION. "
                         "The portal user has to be created in a separate transaction: a "
                         "Queueable enqueued from onboard(), and in tests any setup DML goes "
                         "inside System.runAs.",
              "fix": [edit(onboarding, "        insert portalUser;\n",
                           "        System.enqueueJob(new CreatePortalUser(v.Id));\n"),
                      bash("sf apex run test --class-names VolunteerOnboardingTest "
                           "--synchronous --target-org rescue-scratch",
                           "=== Test Summary\nOutcome              Passed\nTests Ran       "
                           "     4\nPass Rate            100%")],
              "done": "Portal users are created by the CreatePortalUser queueable in their own "
                      "transaction; the test wraps it in Test.startTest/stopTest and passes.",
              "hunch": "is this the setup-object thing? I vaguely remember User inserts "
                       "needing their own transaction"}),
        Fact("gotcha-callout", "gotcha", ["AllowsCallouts"],
             ["sending the pager SMS from the trigger gives an 'uncommitted work pending' "
              "error - what's the fix?",
              "how should Apex make an HTTP request that follows a record insert?"],
             "Apex can't make a callout after uncommitted DML in the same transaction, so "
             "paging straight from the trigger fails with 'uncommitted work pending'; paging "
             "runs in PageVolunteersJob, a Queueable implementing Database.AllowsCallouts.",
             {"symptom": "paging from the callout trigger fails with 'You have uncommitted "
                         "work pending. Please commit or rollback before calling out'",
              "probe": [read(handler,
                             "    public override void afterInsert() {\n        for "
                             "(Callout__c c : (List<Callout__c>) Trigger.new) {\n            "
                             "PagerService.send(c);\n        }\n    }\n"),
                        bash("sf apex tail log --target-org rescue-scratch | grep -m2 "
                             "EXCEPTION",
                             "12:04:31.118|EXCEPTION_THROWN|[18]|System.CalloutException: You "
                             "have uncommitted work pending. Please commit or rollback before "
                             "calling out\n12:04:31.119|FATAL_ERROR|System.CalloutException")],
              "explain": "The page is sent from afterInsert, inside the same transaction that "
                         "just inserted the Callout__c, and Apex doesn't allow an HTTP callout "
                         "after uncommitted DML. The send has to be asynchronous: a Queueable "
                         "that implements Database.AllowsCallouts, enqueued from the handler, "
                         "runs after the commit and may call out.",
              "fix": [write(f"{cls}/PageVolunteersJob.cls",
                            "public class PageVolunteersJob implements Queueable, "
                            "Database.AllowsCallouts {\n    private final Set<Id> calloutIds;\n"
                            "    public PageVolunteersJob(Set<Id> ids) { calloutIds = ids; }\n"
                            "    public void execute(QueueableContext ctx) {\n        for "
                            "(Callout__c c : CalloutSelector.selectByIds(calloutIds)) {\n"
                            "            PagerService.send(c);\n        }\n    }\n}\n"),
                      edit(handler, "        for (Callout__c c : (List<Callout__c>) "
                                    "Trigger.new) {\n            PagerService.send(c);\n"
                                    "        }\n",
                           "        System.enqueueJob(new PageVolunteersJob(Trigger.newMap."
                           "keySet()));\n"),
                      bash("sf apex run test --class-names PageVolunteersJobTest --synchronous "
                           "--target-org rescue-scratch",
                           "=== Test Summary\nOutcome              Passed\nTests Ran       "
                           "     3\nPass Rate            100%")],
              "done": "Paging runs in PageVolunteersJob, enqueued from afterInsert; the insert "
                      "commits first and the callout goes out afterwards. Tests pass with a "
                      "mocked HttpCalloutMock.",
              "hunch": "I bet it's because we call out from the trigger directly. didn't the "
                       "old twilio code have a queueable for exactly this?"}),
        Fact("fals-flow", "falsified", ["record-triggered flow"],
             ["could the coordinators own the paging logic in Flow Builder instead of Apex?",
              "why isn't the paging automation built declaratively?"],
             "Moving callout paging into a record-triggered flow was tried and dropped: bulk "
             "loads (200-record batches) hit 'Apex CPU time limit exceeded'; paging stays in "
             "Apex.",
             {"ask": "rebuild the callout paging as a record-triggered flow so the "
                     "coordinators can edit the message text themselves",
              "pain": "the coordinators keep asking for changes to the page wording and every "
                      "change is a deploy",
              "idea": "moving the paging into a record-triggered flow the coordinators can "
                      "edit in Flow Builder",
              "todo": ("Rebuild paging as a record-triggered flow",
                       "Rebuilding paging as a record-triggered flow"),
              "when": "during the 2023 exercise season",
              "why_user": "the record-triggered flow blew the CPU limit on the yearly "
                          "historic-callout load, 'Apex CPU time limit exceeded' on every 200 "
                          "record batch",
              "alternative": "Keep the Apex, but move the message text into a "
                             "Page_Template__mdt custom metadata record the coordinators can "
                             "edit in Setup without a deploy.",
              "change": [write("force-app/main/default/flows/Page_On_Callout.flow-meta.xml",
                               "<Flow xmlns=\"http://soap.sforce.com/2006/04/metadata\">\n"
                               "    <label>Page On Callout</label>\n    <processType>"
                               "AutoLaunchedFlow</processType>\n    <start>\n        <object>"
                               "Callout__c</object>\n        <recordTriggerType>Create"
                               "</recordTriggerType>\n        <triggerType>RecordAfterSave"
                               "</triggerType>\n    </start>\n</Flow>\n"),
                         bash("sf project deploy start -d force-app/main/default/flows "
                              "--target-org rescue-scratch",
                              "Deployed Source\n STATE   FULL NAME        TYPE\n Created "
                              "Page_On_Callout  Flow")],
              "broke": bash("sf data import tree -p data/callout-history-plan.json "
                            "--target-org rescue-scratch",
                            "Error (ImportFailed): Callout__c batch 1 (200 records): "
                            "System.LimitException: Apex CPU time limit exceeded\n  Flow: "
                            "Page_On_Callout (after save)", 1),
              "revert": bash("sf project delete source -m Flow:Page_On_Callout --target-org "
                             "rescue-scratch --no-prompt && git rm -q force-app/main/default/"
                             "flows/Page_On_Callout.flow-meta.xml",
                             "Deleted Source\n Page_On_Callout  Flow"),
              "conclusion": "The record-triggered flow hit 'Apex CPU time limit exceeded' on "
                            "the first 200-record batch of the history load - the flow's "
                            "per-record elements share the transaction's CPU budget with "
                            "everything else. Removed it; paging stays in Apex."}),
        Fact("fals-cache", "falsified", ["cacheable=true"],
             ["can we let Lightning cache the on-call list to make the rota board faster?",
              "why isn't the rota board's Apex method cached on the client?"],
             "Marking the rota Apex @AuraEnabled(cacheable=true) was tried and reverted: the "
             "client cache showed a stale rota after swaps (someone turned up for a "
             "reassigned shift); the rota call stays uncached.",
             {"ask": "mark RotaBoardController.getOnCall as @AuraEnabled(cacheable=true) so "
                     "the board loads faster",
              "pain": "the rota board takes 2-3 seconds to load on the phones at the base and "
                      "the coordinators complain",
              "idea": "marking the rota Apex method @AuraEnabled(cacheable=true) so Lightning "
                      "caches the result on the client",
              "todo": ("Make getOnCall cacheable=true", "Making getOnCall cacheable"),
              "when": "in the summer",
              "why_user": "cacheable=true meant people saw a stale rota after a swap - "
                          "someone turned up for a shift that had been reassigned",
              "alternative": "Keep it uncached and shrink the payload: return only the five "
                             "fields the board shows and page past 50 volunteers - the slow "
                             "part is the Mobile__c formula, not the round trip.",
              "change": [edit(rota_ctrl, "    @AuraEnabled\n    public static "
                                         "List<Volunteer__c> getOnCall(",
                              "    @AuraEnabled(cacheable=true)\n    public static "
                              "List<Volunteer__c> getOnCall(")],
              "broke": bash("npm run e2e -- rota-swap.spec.ts",
                            "  ✘ rota swap shows the new volunteer on the board (5.2s)\n\n    "
                            "Expected: \"Ann Hewitt\"\n    Received: \"Dave Rigg\"\n    (board "
                            "rendered the cached getOnCall result after the swap)\n\n  1 "
                            "failed", 1),
              "revert": bash(f"git checkout -- {rota_ctrl}", ""),
              "conclusion": "With cacheable=true the board kept rendering the cached on-call "
                            "list after a swap - Lightning served the old result from its "
                            "client cache. Reverted; the rota has to be fetched fresh."}),
    ]
    noise = [
        _look("what does PagerService.format do with long messages?",
              f"{cls}/PagerService.cls",
              "    @TestVisible static String format(Callout__c c) {\n        String body = "
              "c.Incident_Type__c + ' ' + c.Grid_Reference__c + ' ' + c.Summary__c;\n        "
              "return body.length() > 160 ? body.left(157) + '...' : body;\n    }\n",
              "It builds 'type grid-ref summary' and cuts anything over one SMS (160 chars) "
              "to 157 characters plus '...'."),
        _find("where do we compute a volunteer's hours this year?", "Hours_This_Year__c",
              [f"{cls}/VolunteerHours.cls",
               "force-app/main/default/objects/Volunteer__c/fields/Hours_This_Year__c."
               "field-meta.xml"],
              "VolunteerHours.cls does the calculation; the result is stored on the "
              "Hours_This_Year__c field on Volunteer__c."),
        _tweak("label typo on the callout map: 'Incidnet location'",
               f"{lwc}/calloutMap/calloutMap.html", "Incidnet location", "Incident location"),
        _run("how many Apex classes do we have?", "ls force-app/main/default/classes/*.cls | "
                                                  "wc -l", "38",
             "38 Apex classes, tests included."),
        _talk("what's the difference between with sharing and inherited sharing?",
              "`with sharing` always enforces the running user's record sharing. `inherited "
              "sharing` takes whatever mode the caller runs in - sharing enforced if called "
              "from a `with sharing` class, not if called from `without sharing` - and "
              "defaults to enforced when it's the entry point."),
        _steps("add a test that format() truncates long messages",
               [edit(f"{cls}/PagerServiceTest.cls", "    @IsTest static void formatsShort() {\n",
                     "    @IsTest static void truncatesLong() {\n        Callout__c c = new "
                     "Callout__c(Incident_Type__c = 'Fall', Grid_Reference__c = 'NY 2154 "
                     "0721', Summary__c = 'x'.repeat(200));\n        Assert.areEqual(160, "
                     "PagerService.format(c).length());\n    }\n\n    @IsTest static void "
                     "formatsShort() {\n"),
                bash("sf apex run test --class-names PagerServiceTest --synchronous "
                     "--target-org rescue-scratch",
                     "=== Test Summary\nOutcome              Passed\nTests Ran            "
                     "3\nPass Rate            100%")],
               "Added PagerServiceTest.truncatesLong (a 200-character summary comes out at "
               "exactly 160); the class's 3 tests pass."),
        _talk("how do I explain a Queueable vs a Batchable to the new volunteer dev?",
              "A Queueable is one asynchronous job - fine for a single follow-up task, can be "
              "chained. A Batchable processes a large query in chunks (200 records by "
              "default), each chunk in its own transaction with fresh limits - for jobs over "
              "thousands of records."),
        _tweak("the kit list says 'Quanity'", f"{lwc}/kitList/kitList.html",
               "Quanity", "Quantity"),
    ]
    for fact in facts:
        fact.slots["chores"] = chores
    return Project(
        "fellrescue", "git@github.com:bannerdale-mrt/fellrescue.git",
        {"README.md": "# fellrescue\n\nSalesforce org metadata for Bannerdale MRT.\n",
         "sfdx-project.json": "{\n  \"name\": \"fellrescue\"\n}\n"},
        facts, noise, "slack")


def uppbod() -> Project:
    """A Gleam service on the BEAM for the live bidding at a Faroese fish auction in Tórshavn:
    wisp and mist for HTTP and the buyers' websockets, an actor per lot clock, pog over Postgres
    with queries generated by squirrel, a Lustre client for the hall terminals, tests with
    gleeunit, shipped as a Docker image with an Erlang shipment."""
    lot = "src/uppbod/auction/lot.gleam"
    invoice = "src/uppbod/invoice.gleam"
    ws = "src/uppbod/ws.gleam"
    scale = "src/uppbod/scale_import.gleam"
    chores = [
        {"ask": "rename lot_no to lot_number in the lots listing JSON",
         "todo": ("Rename lot_no in the listing JSON", "Renaming lot_no in the listing JSON"),
         "tools": [grep("\"lot_no\"", ["src/uppbod/api/lots.gleam",
                                       "test/uppbod/api/lots_test.gleam"]),
                   bash("sed -i 's/\"lot_no\"/\"lot_number\"/' src/uppbod/api/lots.gleam "
                        "test/uppbod/api/lots_test.gleam && git diff --stat",
                        " src/uppbod/api/lots.gleam           | 2 +-\n test/uppbod/api/"
                        "lots_test.gleam | 2 +-\n 2 files changed, 2 insertions(+), 2 "
                        "deletions(-)"),
                   bash("gleam test", "  Compiling uppbod\n   Compiled in 2.71s\n    Running "
                                      "uppbod_test.main\n.............\n13 tests, 0 failures")],
         "report": "The listing JSON says lot_number now, in the encoder and its test; all 13 "
                   "tests pass. The hall client reads the field too, so it needs the same "
                   "rename before the next release."},
        {"ask": "add a /healthz route that returns 200 with the app version",
         "todo": ("Add /healthz", "Adding /healthz"),
         "tools": [read("src/uppbod/router.gleam",
                        "pub fn handle_request(req: Request, ctx: Context) -> Response {\n  "
                        "use req <- middleware(req, ctx)\n  case wisp.path_segments(req) {\n"
                        "    [\"api\", \"lots\"] -> lots.list(req, ctx)\n    [\"api\", \"bids\"] "
                        "-> bids.create(req, ctx)\n    _ -> wisp.not_found()\n  }\n}\n"),
                   edit("src/uppbod/router.gleam", "    _ -> wisp.not_found()\n",
                        "    [\"healthz\"] -> wisp.ok() |> wisp.string_body(ctx.version)\n"
                        "    _ -> wisp.not_found()\n"),
                   bash("gleam run & sleep 3; curl -si localhost:8000/healthz | head -1; kill %1",
                        "HTTP/1.1 200 OK")],
         "report": "GET /healthz answers 200 with the version string from the context."},
        {"ask": "update wisp and gleam_stdlib to their latest versions",
         "todo": ("Update wisp and gleam_stdlib", "Updating wisp and gleam_stdlib"),
         "tools": [bash("gleam update", "  Resolving versions\n  Downloading packages\n "
                                        "Downloaded 3 packages in 0.52s\n    Updated "
                                        "gleam_stdlib v0.39.0 -> v0.40.0\n    Updated wisp "
                                        "v1.1.0 -> v1.2.0"),
                   bash("gleam build", "  Compiling gleam_stdlib\n  Compiling wisp\n  "
                                       "Compiling uppbod\n   Compiled in 6.02s"),
                   bash("gleam test", "    Running uppbod_test.main\n.............\n13 tests, "
                                      "0 failures")],
         "report": "gleam_stdlib is at 0.40.0 and wisp at 1.2.0; it builds without warnings "
                   "and the tests pass."},
        {"ask": "format the codebase, CI complained",
         "todo": ("Format the code", "Formatting the code"),
         "tools": [bash("gleam format --check src test",
                        "src/uppbod/api/bids.gleam\nsrc/uppbod/auction/clock.gleam\nError: "
                        "Formatting check failed", 1),
                   bash("gleam format src test", ""),
                   bash("gleam format --check src test && git diff --stat",
                        " src/uppbod/api/bids.gleam      | 4 ++--\n src/uppbod/auction/"
                        "clock.gleam | 6 +++---\n 2 files changed, 5 insertions(+), 5 "
                        "deletions(-)")],
         "report": "Two files weren't formatted (bids.gleam and clock.gleam); they are now and "
                   "the format check passes."},
    ]
    facts = [
        Fact("conv-time", "convention", ["birl"],
             ["what should I use for timestamps in the Gleam backend?",
              "which timezone are lot times stored in, and where does local time get "
              "applied?"],
             "All time handling uses the birl package, stored and sent as UTC; Atlantic/Faroe "
             "is applied only in the client view (the old calendar:local_time FFI put lots an "
             "hour off at the clock change).",
             {"rule": "all time handling goes through the birl package and we store and send "
                      "UTC - Atlantic/Faroe only gets applied in the client view",
              "why": "the auction runs across the summer-time switch, and the erlang calendar "
                     "calls we had before put half a night's lots an hour off",
              "task": "add a closes_at to each lot: the lot clock should close a lot 90 "
                      "seconds after its last bid",
              "todo": ("Add closes_at to lots", "Adding closes_at to lots"),
              "since": "the october clock-change mess",
              "was": "call calendar:local_time through a little FFI function",
              "contrary": edit(lot, "pub type Lot {\n",
                               "@external(erlang, \"calendar\", \"local_time\")\nfn "
                               "local_time() -> #(#(Int, Int, Int), #(Int, Int, Int))\n\n"
                               "pub type Lot {\n"),
              "claimed": "Added closes_at to Lot, computed from calendar:local_time (through a "
                         "small @external) plus 90 s at every bid; the clock actor closes lots "
                         "whose closes_at has passed.",
              "undo": [bash(f"git checkout -- {lot}", "")],
              "follow": [bash("gleam add birl", "  Resolving versions\n  Downloading packages\n"
                                                " Downloaded 2 packages in 0.31s\n      Added "
                                                "birl v1.7.1\n      Added ranger v1.2.0"),
                         edit(lot, "    last_bid_at: Option(Time),\n",
                              "    last_bid_at: Option(birl.Time),\n    closes_at: "
                              "Option(birl.Time),\n"),
                         edit("src/uppbod/auction/clock.gleam",
                              "      let lot = Lot(..lot, last_bid_at: Some(now))\n",
                              "      let now = birl.now()\n      let lot =\n        Lot(..lot, "
                              "last_bid_at: Some(now), closes_at: Some(birl.add(now, "
                              "duration.seconds(90))))\n"),
                         bash("gleam test", "  Compiling uppbod\n   Compiled in 2.87s\n    "
                                            "Running uppbod_test.main\n..............\n14 "
                                            "tests, 0 failures")],
              "done": "Lot.closes_at is a birl.Time in UTC (last bid + duration.seconds(90)); "
                      "the clock compares it with birl.now(), and only the client converts to "
                      "Atlantic/Faroe for display. 14 tests pass, including a new one for the "
                      "close."}),
        Fact("conv-money", "convention", ["oyrur"],
             ["how should prices be represented in the Gleam types and in the API?",
              "is it ok to use Float for the bid amounts?"],
             "Money is always an Int number of oyrur (1 króna = 100 oyrur) in fields named "
             "*_oyrur, JSON included; no Float prices, because the bank settlement file must "
             "add up exactly.",
             {"rule": "money is always an Int of oyrur (1 króna = 100 oyrur) in fields ending "
                      "_oyrur - no Float prices anywhere, not even in the JSON",
              "why": "the settlement file for the bank has to add up to the last oyra, and "
                     "float sums were a few off on big auction days",
              "task": "add a buyer's premium to the invoice: 1.5% on top of the hammer price",
              "todo": ("Add the buyer's premium", "Adding the buyer's premium"),
              "since": "the settlement mismatch in May",
              "was": "keep prices as Float kroner",
              "contrary": edit(invoice, "pub type Line {\n  Line(lot: Int, hammer: Int)\n}\n",
                               "pub type Line {\n  Line(lot: Int, hammer: Int, premium: Float)"
                               "\n}\n\nfn premium(hammer: Int) -> Float {\n  int.to_float("
                               "hammer) *. 0.015\n}\n"),
              "claimed": "Invoice lines now carry premium = hammer *. 0.015 as a Float, and "
                         "the total adds it in.",
              "undo": [bash(f"git checkout -- {invoice}", "")],
              "follow": [read(invoice, "/// Amounts are Int oyrur.\npub type Line {\n  "
                                       "Line(lot: Int, hammer_oyrur: Int)\n}\n"),
                         edit(invoice, "  Line(lot: Int, hammer_oyrur: Int)\n}\n",
                              "  Line(lot: Int, hammer_oyrur: Int, premium_oyrur: Int)\n}\n\n"
                              "/// 1.5%, rounded half up to a whole oyra.\npub fn "
                              "premium_oyrur(hammer_oyrur: Int) -> Int {\n  { hammer_oyrur * "
                              "15 + 500 } / 1000\n}\n"),
                         bash("gleam test", "    Running uppbod_test.main\n..............\n14 "
                                            "tests, 0 failures")],
              "done": "premium_oyrur is an Int computed from hammer_oyrur with integer "
                      "arithmetic (×15/1000, rounded half up), so invoices and the settlement "
                      "file still add up exactly. Tests pass, with a rounding case added."}),
        Fact("cmd-bundle", "command", ["lustre/dev"],
             ["how do I produce the minified JS bundle for the bidding terminals?",
              "I built the client with gleam build but the server still serves the old UI - "
              "what's the missing step?"],
             "The hall-terminal client is bundled with Lustre's dev tools: `cd client && gleam "
             "run -m lustre/dev build app --minify --outdir=../priv/static`; plain `gleam build "
             "--target javascript` doesn't produce the bundle the server serves.",
             {"goal": "build the buyer terminal client for production, the hall wants the new "
                      "bid button layout",
              "pre": [bash("cd client && gleam deps download",
                           "  Downloading packages\n Downloaded 6 packages in 0.42s")],
              "fail": bash("cd client && gleam build --target javascript && ls -l "
                           "../priv/static/client.min.mjs",
                           "  Compiling client\n   Compiled in 1.92s\nls: cannot access "
                           "'../priv/static/client.min.mjs': No such file or directory", 2),
              "note": "gleam build only compiles the modules into build/dev/javascript - "
                      "nothing bundles them into priv/static, where the server serves the "
                      "client from.",
              "hint": "the bundle comes from lustre's dev tools: `gleam run -m lustre/dev build "
                      "app --minify --outdir=../priv/static` (in client/)",
              "ok": bash("cd client && gleam run -m lustre/dev build app --minify "
                         "--outdir=../priv/static",
                         "   Compiled in 0.41s\n    Running lustre/dev.main\n✅ Project "
                         "compiled successfully\n✅ Bundle produced at "
                         "`../priv/static/client.min.mjs`"),
              "done": "priv/static/client.min.mjs is rebuilt and minified with the new bid "
                      "button layout; the server serves it from the next deploy.",
              "since": "the client moved into its own gleam project",
              "gist": "the served client bundle is made by `gleam run -m lustre/dev build app "
                      "--minify` in client/, not by gleam build.",
              "todo": ("Build the terminal client", "Building the terminal client")}),
        Fact("cmd-squirrel", "command", ["5433"],
             ["how do I regenerate the typed query functions after adding a new .sql file?",
              "the query generator can't connect to the database on my machine - what "
              "connection settings does the dev setup use?"],
             "The dev database from docker compose listens on localhost:5433 (not 5432), so "
             "code generation is `DATABASE_URL=postgres://uppbod:uppbod@localhost:5433/uppbod "
             "gleam run -m squirrel`.",
             {"goal": "regenerate the sql module, I added a query for unsold lots in "
                      "src/uppbod/sql/unsold_lots.sql",
              "pre": [bash("docker compose up -d db",
                           "[+] Running 1/1\n ✔ Container uppbod-db-1  Started")],
              "fail": bash("gleam run -m squirrel",
                           "   Compiled in 0.38s\n    Running squirrel.main\nError: Cannot "
                           "connect\n\nI couldn't connect to the database: the connection to "
                           "localhost:5432 was refused.", 1),
              "note": "squirrel tries localhost:5432 by default and nothing listens there.",
              "hint": "compose maps the db to 5433 because half of us run a local postgres on "
                      "5432. `DATABASE_URL=postgres://uppbod:uppbod@localhost:5433/uppbod gleam "
                      "run -m squirrel`",
              "ok": bash("DATABASE_URL=postgres://uppbod:uppbod@localhost:5433/uppbod gleam "
                         "run -m squirrel",
                         "   Compiled in 0.38s\n    Running squirrel.main\n🐿️ Generated 1 "
                         "module with 14 queries\n  src/uppbod/sql.gleam"),
              "done": "src/uppbod/sql.gleam is regenerated against the compose database; "
                      "unsold_lots is in there as a typed function.",
              "since": "the dev db moved into compose",
              "gist": "the compose Postgres is on localhost:5433, so squirrel needs "
                      "DATABASE_URL pointing there.",
              "todo": ("Regenerate the sql module", "Regenerating the sql module")}),
        Fact("env-otp", "environment", ["erlang:26.2-alpine"],
             ["what Erlang/OTP release is the auction server deployed with?",
              "can I rely on OTP 27 features in production?"],
             "Production runs OTP 26.2: the Dockerfile's runtime stage is erlang:26.2-alpine "
             "(the gleam image is only the build stage).",
             {"goal": "which OTP version does production run? I want a newer stdlib function "
                      "and need to know if it's there",
              "probe": [read("Dockerfile",
                             "FROM ghcr.io/gleam-lang/gleam:v1.4.1-erlang-alpine AS build\n"
                             "WORKDIR /app\nCOPY . .\nRUN gleam export erlang-shipment\n\n"
                             "FROM erlang:26.2-alpine\nCOPY --from=build "
                             "/app/build/erlang-shipment /app\nEXPOSE 8000\nCMD "
                             "[\"/app/entrypoint.sh\", \"run\"]\n")],
              "confirm": "Production runs OTP 26.2: the runtime stage of the Dockerfile is "
                         "erlang:26.2-alpine, and the gleam erlang-alpine image is only used to "
                         "export the shipment. Anything that needs OTP 27 won't be there in "
                         "prod.",
              "said": "prod is pinned to OTP 26 - the runtime image is erlang:26.2-alpine, "
                      "whatever the build image has",
              "history": "we were on OTP 25 until the spring; the Dockerfile's runtime stage "
                         "has been erlang:26.2-alpine since",
              "todo": ("Check the production OTP version",
                       "Checking the production OTP version")}),
        Fact("env-photos", "environment", ["lot-myndir"],
             ["where do the pictures of the fish lots get stored?",
              "which object storage bucket do the weighing scales upload images to?"],
             "Lot photos live in the Cloudflare R2 bucket lot-myndir (a constant in "
             "src/uppbod/photos.gleam; R2_ENDPOINT / R2_ACCESS_KEY_ID / R2_SECRET_ACCESS_KEY "
             "come from the environment).",
             {"goal": "where are the lot photos stored? buyers say some images 404",
              "probe": [bash("grep -n 'bucket\\|R2_' src/uppbod/photos.gleam .env.example",
                             "src/uppbod/photos.gleam:9:const bucket = \"lot-myndir\"\n"
                             "src/uppbod/photos.gleam:14:  let endpoint = env(\"R2_ENDPOINT\")\n"
                             ".env.example:7:R2_ENDPOINT=https://<account>.r2.cloudflarestorage"
                             ".com\n.env.example:8:R2_ACCESS_KEY_ID=\n.env.example:9:"
                             "R2_SECRET_ACCESS_KEY=")],
              "confirm": "Lot photos are in the Cloudflare R2 bucket lot-myndir - the name is "
                         "a constant in src/uppbod/photos.gleam, and the endpoint and keys come "
                         "from R2_ENDPOINT, R2_ACCESS_KEY_ID and R2_SECRET_ACCESS_KEY. A 404 "
                         "means the object is missing there, not a path on the server.",
              "said": "photos are in R2, bucket lot-myndir - the scales upload straight into "
                      "it",
              "history": "photos used to sit on the server's disk under priv/photos; since the "
                         "new scales in March they go straight into the lot-myndir bucket on "
                         "R2",
              "todo": ("Find where lot photos live", "Finding where lot photos live")}),
        Fact("gotcha-idle", "gotcha", ["100 seconds"],
             ["terminals lose their live bidding connection during quiet lots - why?",
              "do we need a keepalive on the bidding socket, and how often should it fire?"],
             "The buyers' websockets go through the Cloudflare proxy, which closes a "
             "connection after 100 seconds without traffic; the server pings every 30 s "
             "(ws.gleam) so quiet lots don't disconnect the terminals.",
             {"symptom": "buyers on the hall terminals get kicked off the bidding websocket "
                         "when a lot is quiet for a while. reconnect works but they miss the "
                         "start of the next lot",
              "probe": [bash("grep -c 'ws closed: 1006' /var/log/uppbod/app.log && grep -m3 "
                             "'ws closed' /var/log/uppbod/app.log",
                             "218\n2024-06-12T05:41:07Z ws closed: 1006 buyer=B-114 "
                             "idle_ms=100212\n2024-06-12T05:41:07Z ws closed: 1006 buyer=B-072 "
                             "idle_ms=100148\n2024-06-12T05:52:48Z ws closed: 1006 buyer=B-114 "
                             "idle_ms=100307"),
                        read(ws, "fn on_message(state, conn, msg) {\n  case msg {\n    "
                                 "mist.Text(text) -> handle_bid(state, conn, text)\n    "
                                 "mist.Custom(Broadcast(json)) -> {\n      let assert Ok(_) = "
                                 "mist.send_text_frame(conn, json)\n      actor.continue(state)\n"
                                 "    }\n    mist.Closed | mist.Shutdown -> actor.Stop(process."
                                 "Normal)\n    _ -> actor.continue(state)\n  }\n}\n")],
              "explain": "Every drop comes after almost exactly 100 seconds without traffic. "
                         "The hall terminals connect through the Cloudflare proxy, which "
                         "closes a websocket that has been idle for 100 seconds, and our "
                         "socket only sends when there is a bid or a broadcast. The server "
                         "needs to ping well inside that window - every 30 s - so the "
                         "connection never looks idle.",
              "fix": [edit(ws, "    mist.Closed | mist.Shutdown -> actor.Stop(process."
                               "Normal)\n",
                           "    mist.Custom(Ping) -> {\n      let assert Ok(_) = "
                           "mist.send_text_frame(conn, \"{\\\"t\\\":\\\"ping\\\"}\")\n      "
                           "process.send_after(state.self, 30_000, Ping)\n      "
                           "actor.continue(state)\n    }\n    mist.Closed | mist.Shutdown -> "
                           "actor.Stop(process.Normal)\n"),
                      bash("gleam test", "    Running uppbod_test.main\n...............\n15 "
                                         "tests, 0 failures")],
              "done": "The websocket handler sends a ping frame every 30 s now, so the proxy "
                      "never sees an idle connection and quiet lots won't drop the buyers.",
              "hunch": "smells like the cloudflare idle timeout again, it kills sockets that "
                       "have been quiet for 100 seconds. the old php hall app had a keepalive "
                       "for that"}),
        Fact("gotcha-floatparse", "gotcha", ["float.parse"],
             ["why do some imported lot weights come out empty when the scale file clearly "
              "has them?",
              "how does the scale CSV import read the weight column?"],
             "Gleam's float.parse rejects numbers without a decimal point (\"196\" gives "
             "Error), so whole-kilo weights from the new scale came in missing; the importer "
             "falls back to int.parse.",
             {"symptom": "about a third of the lots from the new scale come in with the weight "
                         "missing. the CSV has the weights",
              "probe": [bash("head -4 inbox/scale_2024-06-12.csv",
                             "lot,species,boxes,weight_kg\n4411,toskur,12,287.5\n4412,hýsa,8,"
                             "196\n4413,upsi,15,402.0"),
                        read(scale, "fn weight(raw: String) -> Option(Float) {\n  "
                                    "float.parse(raw) |> option.from_result\n}\n")],
              "explain": "float.parse in Gleam's stdlib only accepts a number with a decimal "
                         "point: \"287.5\" parses, \"196\" returns Error(Nil). The new scale "
                         "drops the .0 on whole kilos, so every whole-number weight fails to "
                         "parse and comes through as None. It needs an int.parse fallback.",
              "fix": [edit(scale, "  float.parse(raw) |> option.from_result\n",
                           "  float.parse(raw)\n  |> result.lazy_or(fn() { int.parse(raw) |> "
                           "result.map(int.to_float) })\n  |> option.from_result\n"),
                      bash("gleam test", "    Running uppbod_test.main\n...............\n15 "
                                         "tests, 0 failures")],
              "done": "Whole-number weights go through the int fallback now; the 12 June file "
                      "imports with every lot's weight.",
              "hunch": "hm, could it be the whole numbers? I think I've seen gleam refuse "
                       "'196' as a float before"}),
        Fact("fals-jstarget", "falsified", ["Deno Deploy"],
             ["could we host the auction backend on a serverless JavaScript platform?",
              "is it possible to compile the server to JS and get rid of the VM?"],
             "Running the backend on Deno Deploy via Gleam's JavaScript target was tried and "
             "dropped: pog, mist and the OTP lot-clock actors are Erlang-only, so it doesn't "
             "build; the backend stays on the BEAM.",
             {"ask": "try compiling the backend to the javascript target so we can run it on "
                     "Deno Deploy instead of the VM",
              "pain": "the VM in the harbour office is one more thing to patch. could the "
                      "backend live somewhere managed?",
              "idea": "compiling the backend to Gleam's JavaScript target and running it on "
                      "Deno Deploy",
              "todo": ("Build the backend for Deno Deploy", "Building the backend for Deno "
                                                            "Deploy"),
              "when": "over the winter",
              "why_user": "half our deps are erlang-only - pog and mist don't exist on the "
                          "javascript target and the lot clocks are OTP actors. the Deno Deploy "
                          "attempt died at the first build",
              "alternative": "Stay on the BEAM and move from the VM to a managed container "
                             "host that runs the existing Docker image, so there's no OS to "
                             "patch.",
              "change": [edit("gleam.toml", "target = \"erlang\"\n",
                              "target = \"javascript\"\n\n[javascript]\nruntime = \"deno\"\n")],
              "broke": bash("gleam build",
                            "  Compiling pog\nerror: Unsupported target\n\nThe `pog` package "
                            "does not support the JavaScript target: it uses Erlang external "
                            "functions only.\n\n  Compiling mist\nerror: Unsupported target",
                            1),
              "revert": bash("git checkout -- gleam.toml", ""),
              "conclusion": "The JavaScript build fails straight away: pog and mist - and the "
                            "OTP actors behind the lot clocks - are Erlang-only, so there's no "
                            "Deno Deploy version of this backend short of rewriting the "
                            "server. Reverted; it stays on the BEAM."}),
        Fact("fals-sqlite", "falsified", ["sqlight"],
             ["could the offline hall setup just use an embedded SQLite database?",
              "what happened when we tried a file-based database for the bidding?"],
             "Swapping pog for sqlight (a local SQLite file) for the hall laptop's offline "
             "mode was tried and reverted: bid bursts from ~40 terminals fail with 'database "
             "is locked'; offline mode needs Postgres.",
             {"ask": "for the offline mode on the hall laptop, swap pog for sqlight so it runs "
                     "against a local SQLite file",
              "pain": "when the harbour's internet goes down the auction stops - the hall "
                      "laptop should be able to carry on by itself",
              "idea": "running the hall laptop against a local SQLite file through sqlight "
                      "instead of Postgres",
              "todo": ("Swap pog for sqlight on the hall laptop",
                       "Swapping pog for sqlight"),
              "when": "after the storm outage in January",
              "why_user": "with sqlight the bid burst at the start of every lot hit 'database "
                          "is locked' - one writer at a time, and forty terminals bid in the "
                          "same second",
              "alternative": "Run Postgres on the hall laptop as well - a streaming replica "
                             "of the harbour server, promoted when the link drops - and keep "
                             "pog.",
              "change": [bash("gleam add sqlight", "  Resolving versions\n      Added sqlight "
                                                   "v0.9.1"),
                         edit("src/uppbod/db.gleam", "  pog.connect(config)\n",
                              "  let assert Ok(conn) = sqlight.open(\"file:hall.db\")\n  conn\n")],
              "broke": bash("gleam run -m uppbod/loadtest -- --terminals 40 --lot-burst",
                            "    Running uppbod/loadtest.main\nburst: 40 terminals x 3 bids\n"
                            "  ok: 47\n  failed: 73 (SqlightError(Busy, \"database is "
                            "locked\", -1))\nFAIL", 1),
              "revert": bash("gleam remove sqlight && git checkout -- src/uppbod/db.gleam",
                             "  Removed sqlight"),
              "conclusion": "Under a 40-terminal opening burst 73 of 120 bids failed with "
                            "'database is locked': SQLite takes one writer at a time and "
                            "sqlight hands back the busy error rather than queueing. Reverted "
                            "to pog and Postgres."}),
    ]
    noise = [
        _look("what does the lot clock actor do when a bid arrives after closing?",
              "src/uppbod/auction/clock.gleam",
              "    Bid(buyer, amount) if state.closed -> {\n      process.send(buyer.reply, "
              "Rejected(LotClosed))\n      actor.continue(state)\n    }\n",
              "It rejects it: a bid on a closed lot gets Rejected(LotClosed) back on the "
              "buyer's reply subject and the state is left untouched."),
        _find("where do we encode bids to JSON?", "bid_to_json",
              ["src/uppbod/api/bids.gleam", "src/uppbod/ws.gleam"],
              "bid_to_json is defined in src/uppbod/api/bids.gleam and also used by ws.gleam "
              "for the broadcasts."),
        _tweak("the species list says 'hýsa' twice", "src/uppbod/species.gleam",
               "  #(\"hysa\", \"hýsa\"),\n  #(\"hysa2\", \"hýsa\"),\n",
               "  #(\"hysa\", \"hýsa\"),\n"),
        _run("how many lots were sold yesterday?",
             "psql \"$DATABASE_URL\" -tAc \"select count(*) from lots where sold_at::date = "
             "current_date - 1\"", "412", "412 lots were sold yesterday."),
        _talk("what's the difference between use and a normal function call in Gleam?",
              "`use` is sugar for passing the rest of the block as a callback: `use x <- "
              "f(a)` means `f(a, fn(x) { ...rest })`. It's handy for middleware and "
              "result.try chains; a normal call just returns a value."),
        _steps("add a test that a bid below the current price is rejected",
               [write("test/uppbod/auction/low_bid_test.gleam",
                      "import gleeunit/should\nimport uppbod/auction/clock\n\npub fn "
                      "low_bid_rejected_test() {\n  clock.new_state(price: 1000)\n  |> "
                      "clock.apply_bid(900)\n  |> should.be_error\n}\n"),
                bash("gleam test", "    Running uppbod_test.main\n..............\n14 tests, 0 "
                                   "failures")],
               "Added low_bid_test.gleam: a 900 bid against a 1000 price is an Error. It "
               "passes."),
        _talk("how do Faroese fish auctions usually run, roughly?",
              "Mostly as clock or electronic auctions: lots (by species, size grade and "
              "landing) are offered in sequence, buyers bid from terminals in the hall or "
              "remotely, and the highest bid when the lot closes wins. Settlement goes "
              "through the auction house, which pays the boat and invoices the buyer."),
        _tweak("the 404 page says 'Síðan finst ikki' but our style is sentence case with a "
               "full stop", "src/uppbod/pages.gleam", "\"Síðan finst ikki\"",
               "\"Síðan finst ikki.\""),
    ]
    for fact in facts:
        fact.slots["chores"] = chores
    return Project(
        "uppbod", "git@github.com:fiskabod-tech/uppbod.git",
        {"README.md": "# uppbod\n\nLive bidding for the Tórshavn fish auction.\n",
         "gleam.toml": "name = \"uppbod\"\nversion = \"1.0.0\"\ntarget = \"erlang\"\n"},
        facts, noise, "postgres")


def projects() -> list[Project]:
    return [flapboard(), riemen(), fellrescue(), uppbod()]
