"""The ``dev14`` split: four projects in stacks no other split uses (a ROS 2 Humble colcon
workspace for a vineyard spraying robot in Marlborough - rclcpp nodes, Nav2, SocketCAN nozzle
control, a Gazebo Fortress simulation, Cyclone DDS, MCAP bags; a Manifest V3 browser extension
built with WXT for a Tallinn translation agency's terminology lookups - TypeScript, Preact,
wxt/storage, an openapi-typescript client, Vitest and Playwright, Chrome and Firefox; a Fabric mod
for Minecraft 1.20.1 used by a Scottish school's chemistry club - Java 17, Fabric Loom and Yarn,
datagen, GameTests, a Pterodactyl-hosted server; a Home Assistant custom integration for a
Norwegian heat-pump maker's cloud API - config flow, DataUpdateCoordinator, HACS, hassfest,
pytest-homeassistant-custom-component, a devcontainer), ten planted facts each, and phrasing
templates of its own.

Written in the eleventh pass by a helper that read no capture or recall code, to be read
untuned. Its theme is context dumps and assistant-led discovery. Users who open with a long
multi-paragraph message or a markdown bullet list that mixes the task, background and a durable
fact buried in the middle ("some context before you start: ..."); facts the assistant works out
itself by reading files and running tools, says in its own words, and the user confirms with a
word, corrects in one detail, or extends; facts that come out over several turns (a question, a
partial answer, the completion two turns later, often pasted from a terminal or shell history);
gotchas and dropped approaches summed up in a retrospective at the end ("ok to sum up what we
learned: ...") or in a frustrated aside.

A convention arrives buried in a context dump; as one bullet of a markdown task list; read out
of the code by the assistant and confirmed or extended; asked about, half answered, and completed
by the user two turns later. A command is in the user's context dump and the assistant misses it
first; dug out of a repository file after a failure; pasted from the user's shell history after
a partial hint and a fruitless search; given in a frustrated aside and summed up at the end. An
environment fact is buried in a dump; read from config by the assistant and confirmed with a
word; read wrongly and corrected in one detail; or pasted from a terminal after the assistant
could not find it. A gotcha is fixed and explained in the user's retrospective; explained by
the assistant and met with a frustrated aside; investigated and confirmed or extended before the
fix; brought as a markdown bug report with a hunch. An approach is tried, reverted and summed up
in a retrospective; mentioned in a dump as already tried; tried and dropped in frustration;
found in the git or issue history by the assistant before anyone tries it again.

Slots are the shared ones (``templates.py``) plus ``background`` (a few sentences of context the
user puts around the ask) and: for a convention, ``aside`` (an unrelated remark in the same
message), ``evidence`` (tools showing the rule in the code), ``noticed`` (the assistant stating
it), ``extend`` (the user's confirmation with something added), ``question``, ``partial`` and
``completion`` (a question about the rule, the assistant's incomplete answer, the user's later
answer); for a command, ``dump_line`` (the command as the user mentions it in a dump), ``gist``
(why the plain way fails), ``recipe`` (``(path, content)``: a repository file showing the
command that works), optional ``grep`` (the pattern that finds it), ``search`` (a pattern that
finds nothing), ``hint_partial`` (the user half remembering), ``hint`` (the trick in the user's
words) and ``recap`` (the user's summary); for an environment fact, ``said`` (the user stating
it in passing), ``misled`` / ``found`` / ``correct`` (tools reading a stale value, the
assistant's wrong reading, the user's correction), ``partial`` (what the assistant could not
find) and ``pasted`` (the user's terminal paste showing it); for a gotcha, ``lesson`` (the
user's retrospective), ``found`` (the cause as the user suspects it) and ``extend``; for a
falsified approach, ``why_user``, ``lesson``, ``history`` (the attempt as the user mentions it),
``pain``, ``idea``, ``alternative``, ``history_probe`` (tools finding the old attempt) and
``found_history`` (the assistant's account of it).
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
from .transcript import bash, edit, grep, read, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


def _typed(command: str) -> str:
    """The command as a person would paste it from their shell (no output trimming)."""
    command = command.split(" | ")[0].replace(" 2>&1", "")
    return " && ".join(p for p in command.split(" && ") if not p.startswith("git "))


def _end(text: str) -> str:
    return text if text.rstrip()[-1:] in ".?!:)" else text.rstrip() + "."


def _fumble(text: str, rng: random.Random) -> str:
    """Now and then one fat-fingered word (two letters swapped) in free prose."""
    if rng.random() > 0.35:
        return text
    words = text.split(" ")
    spots = [i for i, w in enumerate(words) if w.isalpha() and w.islower() and len(w) > 5]
    if not spots:
        return text
    i = rng.choice(spots)
    w = words[i]
    j = rng.randrange(1, len(w) - 2)
    words[i] = w[:j] + w[j + 1] + w[j] + w[j + 2:]
    return " ".join(words)


_OPENERS = ("some context before you start:", "Before you dive in, a bit of background.",
            "ok, long message, sorry. context first.",
            "Context dump incoming, the actual ask is at the bottom.",
            "hi! a few things first so you don't have to guess:",
            "Morning. Bit of a brain dump before the task:")
_ASKS = ("What I need today:", "The ask:", "So, the actual task:", "anyway, what i need:",
         "Task for this session:", "What I'd like you to do:")
_RETRO = ("ok to sum up what we learned:", "so, recap for future me:", "lesson of the day:",
          "to sum up for next time:", "tl;dr for whoever hits this next:",
          "alright, writing this down so we remember:")
_YES = ("yep", "correct", "yes, keep to that", "yup 👍", "exactly that", "yes")


# ------------------------------------------------------------------- phrasing templates
# Conventions: buried in a context dump; one bullet in a markdown task; read out of the code by
# the assistant, then confirmed or extended; asked about, half answered, completed two turns on.
def conv_context_dump(s: dict, rng: random.Random) -> Episode:
    middle = rng.choice(("A couple of things that trip people up here: ", "Things to know: ",
                         "Also worth knowing - ", "one thing ppl get wrong: ",
                         "House rules, briefly: "))
    paras = [rng.choice(_OPENERS), _fumble(s["background"], rng),
             f"{middle}{_end(s['rule'])} {s['aside']}", f"{rng.choice(_ASKS)} {_end(s['task'])}"]
    return [Step(prompt="\n\n".join(paras)),
            Step(text=rng.choice(("Thanks for the context - starting on it.",
                                  "Got it. I'll keep to that while I do this.",
                                  "Understood, going ahead.")),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_bullets(s: dict, rng: random.Random) -> Episode:
    filler = rng.choice(("no rush, it's for next sprint", "CI has to stay green",
                         "keep the diff small pls", "ping me if something's unclear",
                         "I'll review it tonight"))
    notes = rng.choice(((s["aside"], s["rule"], filler), (filler, s["rule"], s["aside"])))
    head_task, head_notes = rng.choice((("## Task", "## Notes"), ("**todo**", "**context**"),
                                        ("### what", "### things to keep in mind")))
    body = "\n".join(f"- {n}" for n in notes)
    return [Step(prompt=f"{head_task}\n{cap(_end(s['task']))}\n\n{head_notes}\n{body}"),
            Step(text=rng.choice(("On it - I'll keep to the notes.", "Starting with the change.",
                                  "Okay, working through it.")),
                 tools=s["follow"]),
            Step(text=s["done"])]


def conv_discovered(s: dict, rng: random.Random) -> Episode:
    reply = rng.choice(_YES) if rng.random() < 0.45 else s["extend"]
    return [Step(prompt=s["task"]),
            Step(text=rng.choice(("Before writing anything, let me see how the existing code "
                                  "does this.", "Let me look at the conventions in the code "
                                  "first.", "Checking how this is done elsewhere first.")),
                 tools=s["evidence"]),
            Step(text=f"{s['noticed']} {rng.choice(('I will do the same, unless you say otherwise.', 'Is that deliberate? I would follow it.', 'Following that pattern.'))}"),
            Step(prompt=reply),
            Step(tools=s["follow"]),
            Step(text=s["done"])]


def conv_multi_turn(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['task']}. {rng.choice(('btw', 'oh and', 'also, before you start -'))} "
                        f"{s['question']}"),
            Step(text=s["partial"] + rng.choice((" Do you know?", " Is there a rule for it?",
                                                 " I'll hold that part until you've checked."))),
            Step(prompt=rng.choice(("hmm not 100% sure, let me check. hold on",
                                    "good q. give me a min, checking",
                                    "one sec, I'll look it up", "not sure tbh. lemme ask"))),
            Step(text=rng.choice(("Sure - I'll wait for that before writing it.",
                                  "No problem, take your time."))),
            Step(prompt=s["completion"]),
            Step(text=rng.choice(("Thanks - doing it that way.", "Perfect, that settles it.",
                                  "Great, following that.")),
                 tools=s["follow"]),
            Step(text=s["done"])]


# Commands: in the user's context dump, missed by the assistant the first time; dug out of a
# repository file after a failure; pasted from shell history after a half-remembered hint and a
# fruitless search; given in a frustrated aside and summed up at the end.
def cmd_dump_missed(s: dict, rng: random.Random) -> Episode:
    paras = [rng.choice(_OPENERS), _fumble(s["background"], rng), s["dump_line"],
             f"{rng.choice(_ASKS)} {_end(s['goal'])}"]
    steps: Episode = [Step(prompt="\n\n".join(paras)), Step(tools=[s["fail"]])]
    if rng.random() < 0.5:
        steps += [Step(prompt=rng.choice(("did you read my msg? 🙂 the command's in there",
                                          "scroll up, I mentioned how to run it",
                                          "see the note in my message, that's exactly why"))),
                  Step(text=rng.choice(("You're right, sorry - you said so above.",
                                        "My mistake, you did mention it.")),
                       tools=[s["ok"]])]
    else:
        steps.append(Step(text=rng.choice(("That fails - which is what your note was about. "
                                           "Running it your way.",
                                           "Failed, and you'd already told me why. Using the "
                                           "command from your message.")),
                          tools=[s["ok"]]))
    steps.append(Step(text=s["done"]))
    return steps


def cmd_investigated(s: dict, rng: random.Random) -> Episode:
    path, content = s["recipe"]
    pattern = s.get("grep") or s["fail"].command.split()[0]
    closer = rng.choice(("yep that's the one", "yes - should've told you, sorry",
                         "ah right, forgot that file existed", "correct. thanks for digging"))
    return [Step(prompt=s["goal"]),
            Step(tools=[s["fail"]]),
            Step(text=rng.choice(("That fails. Let me see how the repo itself does it.",
                                  "Failed - looking for how CI or the scripts run this.")),
                 tools=[grep(pattern, [path]), read(path, content)]),
            Step(text=f"{s['gist']} {rng.choice(('Running it that way:', 'So:', 'Trying that.'))}",
                 tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt=closer),
            Step(text=rng.choice(("Good.", "No worries.", "👍")))]


def cmd_over_turns(s: dict, rng: random.Random) -> Episode:
    steps: Episode = [Step(prompt=s["goal"]), Step(tools=[s["fail"]])]
    if s.get("fail2") is not None:
        steps.append(Step(text=s["note"], tools=[s["fail2"]]))
    history = rng.choice(("found it, from my shell history:", "here, ctrl-r to the rescue:",
                          "ok got it:", "this is what I ran last time:"))
    steps += [Step(text=rng.choice(("Still no luck. Is there a project-specific way to run this?",
                                    "That doesn't work either - how do you usually run it?"))),
              Step(prompt=s["hint_partial"]),
              Step(text=rng.choice(("I'll search the repo in the meantime.",
                                    "Meanwhile, let me look.")),
                   tools=[grep(s["search"], [])]),
              Step(text=rng.choice(("Nothing under that name in the repo, so I'll wait for "
                                    "yours.", "No hits here - it may not be written down."))),
              Step(prompt=f"{history}\n```\n{_typed(s['ok'].command)}\n```"),
              Step(tools=[s["ok"]]),
              Step(text=s["done"])]
    return steps


def cmd_retro(s: dict, rng: random.Random) -> Episode:
    steps: Episode = [Step(prompt=s["goal"]), Step(tools=[s["fail"]])]
    if s.get("fail2") is not None:
        steps.append(Step(text=s["note"], tools=[s["fail2"]]))
    sigh = rng.choice(("ugh, I always forget this one.", "argh, right, this thing.",
                       "oh ffs, yes.", "ah wait, I know this one."))
    steps += [Step(prompt=f"{sigh} {s['hint']}"),
              Step(tools=[s["ok"]]),
              Step(text=s["done"]),
              Step(prompt=f"{rng.choice(_RETRO)} {s['recap']}"),
              Step(text=rng.choice(("Agreed - that's the one to remember.",
                                    "Noted. Happy to add a line to the README if you want.",
                                    "Makes sense.")))]
    return steps


# Environment facts: buried in a dump; read from config and confirmed with a word; read wrongly
# and corrected in one detail; not findable by the assistant, pasted by the user later.
def env_dump(s: dict, rng: random.Random) -> Episode:
    lead = rng.choice(("fwiw", "Also,", "Side note:", "btw", "(unrelated-ish)"))
    paras = [rng.choice(_OPENERS), f"{_fumble(s['background'], rng)} {lead} {_end(s['said'])}",
             f"{rng.choice(_ASKS)} {_end(s['goal'])}"]
    return [Step(prompt="\n\n".join(paras)),
            Step(text=rng.choice(("Let me verify that while I'm at it.", "Checking.", "")),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_found_confirmed(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=rng.choice(("Let me check.", "Looking at the config.", "")),
                 tools=s["probe"]),
            Step(text=f"{s['confirm']} {rng.choice(('Does that match what you know?', 'Right?', 'Can you confirm?'))}"),
            Step(prompt=rng.choice(("yep", "correct", "yes that's it", "👍 yes", "yes, right"))),
            Step(text=rng.choice(("Good.", "Great, carrying on then.", "Okay.")))]


def env_found_corrected(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(tools=s["misled"]),
            Step(text=s["found"]),
            Step(prompt=s["correct"]),
            Step(text=rng.choice(("Ah - checking.", "Let me look there.", "")), tools=s["probe"]),
            Step(text=f"{rng.choice(('You are right.', 'Good catch.', 'Right, my mistake.'))} "
                      f"{s['confirm']}")]


def env_over_turns(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(tools=s["misled"]),
            Step(text=s["partial"]),
            Step(prompt=rng.choice(("one sec, checking", "hang on, let me look",
                                    "gimme a minute"))),
            Step(text=rng.choice(("Sure.", "Okay, waiting."))),
            Step(prompt=s["pasted"]),
            Step(text=s["confirm"])]


# Gotchas: fixed, then explained in the user's retrospective; explained by the assistant and met
# with a frustrated aside; investigated, confirmed or extended, then fixed; a markdown bug report
# with a hunch.
def gotcha_retro(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["symptom"]),
            Step(tools=s["probe"]),
            Step(text=rng.choice(("Found it - fixing.", "Got it, here's the fix.",
                                  "That's the culprit.")),
                 tools=s.get("fix", [])),
            Step(text=s["done"]),
            Step(prompt=f"{rng.choice(_RETRO)} {s['lesson']}"),
            Step(text=rng.choice(("Exactly. I left a comment next to the fix saying the same.",
                                  "Yes - that's the whole story.", "Agreed, well put.")))]


def gotcha_frustrated(s: dict, rng: random.Random) -> Episode:
    groan = rng.choice(("ugh.", "this is driving me nuts.", "third time this month 😩",
                        "FFS.", "pls help"))
    return [Step(prompt=f"{_end(s['symptom'])} {groan}"),
            Step(tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])),
            Step(text=s["done"]),
            Step(prompt=f"{rng.choice(('of course.', 'argh, knew it.', 'bloody hell.', 'sigh.'))} "
                        f"{s['found']}"),
            Step(text=rng.choice(("Yes, that's exactly it.",
                                  "That's the one - and there's a comment by the fix now.")))]


def gotcha_discovered(s: dict, rng: random.Random) -> Episode:
    reply = (rng.choice(("yes pls fix", "go ahead", "do it", "makes sense, fix it"))
             if rng.random() < 0.45 else f"{s['extend']} - {rng.choice(('go ahead', 'fix it'))}")
    return [Step(prompt=s["symptom"]),
            Step(text=rng.choice(("Let me dig in.", "Investigating.", "")), tools=s["probe"]),
            Step(text=f"{s['explain']} {rng.choice(('Want me to fix it that way?', 'Shall I fix it?'))}"),
            Step(prompt=reply),
            Step(tools=s.get("fix", [])),
            Step(text=s["done"])]


def gotcha_dump(s: dict, rng: random.Random) -> Episode:
    h = rng.choice((("**What's happening:**", "**Background:**", "**My hunch:**"),
                    ("### symptom", "### context", "### theory"),
                    ("Problem:", "Context:", "Suspect:")))
    sep = " " if h[0].endswith(":") else "\n"
    body = (f"{h[0]}{sep}{_end(s['symptom'])}\n\n{h[1]}{sep}{_fumble(s['background'], rng)}\n\n"
            f"{h[2]}{sep}{_end(s['found'])}\n\n"
            f"{rng.choice(('Can you confirm and fix?', 'see if I am right pls', 'Thoughts?'))}")
    return [Step(prompt=body),
            Step(text=rng.choice(("Checking your hunch.", "Let me verify that.")),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])),
            Step(text=s["done"])]


# Falsified approaches: tried, reverted and summed up in a retrospective; mentioned in a dump as
# tried already; tried and dropped in frustration; found in the history before trying again.
def fals_retro(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["ask"]),
            Step(text=rng.choice(("Trying it.", "OK, making the change.", "")), tools=s["change"]),
            Step(tools=[s["broke"]]),
            Step(text=s["conclusion"]),
            Step(prompt=rng.choice(("ok revert it", "meh. revert", "yeah no, undo that"))),
            Step(tools=[s["revert"]]),
            Step(text="Reverted."),
            Step(prompt=f"{rng.choice(_RETRO)} {s['lesson']}"),
            Step(text=rng.choice(("Agreed.", "Yes - not worth another attempt unless those "
                                  "constraints change.", "Right, noted.")))]


def fals_dump(s: dict, rng: random.Random) -> Episode:
    lead = rng.choice(("For the record, ", "Context: ", "Before you suggest it: ", "NB: "))
    paras = [rng.choice(_OPENERS), _end(cap(s["pain"])), f"{lead}{s['history']}",
             rng.choice(("Ideas?", "What would you do?", "Any suggestions that avoid that?"))]
    return [Step(prompt="\n\n".join(paras)),
            Step(text=f"{rng.choice(('Understood, that one is out.', 'OK - leaving that aside.', 'Then I would try something else.'))} "
                      f"{s['alternative']}")]


def fals_frustrated(s: dict, rng: random.Random) -> Episode:
    ugh = rng.choice(("ugh, of course.", "argh.", "ffs.", "great. just great."))
    return [Step(prompt=s["ask"]),
            Step(tools=s["change"]),
            Step(tools=[s["broke"]]),
            Step(prompt=f"{ugh} {s['why_user']}. revert it"),
            Step(text=rng.choice(("Reverting.", "Rolling it back.")), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_found_history(s: dict, rng: random.Random) -> Episode:
    how = rng.choice(("why don't we just try", "could we not just use", "what about"))
    reply = rng.choice(("ah right, I forgot about that", "yeah that rings a bell",
                        f"right. {s['why_user']}"))
    return [Step(prompt=f"{_end(s['pain'])} {how} {s['idea']}?"),
            Step(text=rng.choice(("Let me check whether that's been tried before.",
                                  "Before trying it, let me see if there's history on this.")),
                 tools=s["history_probe"]),
            Step(text=s["found_history"]),
            Step(prompt=reply),
            Step(text=f"{rng.choice(('So not that.', 'Then a different route.', 'In that case:'))} "
                      f"{s['alternative']}")]


TEMPLATES = {
    "convention": [conv_context_dump, conv_bullets, conv_discovered, conv_multi_turn],
    "command": [cmd_dump_missed, cmd_investigated, cmd_over_turns, cmd_retro],
    "environment": [env_dump, env_found_confirmed, env_found_corrected, env_over_turns],
    "gotcha": [gotcha_retro, gotcha_frustrated, gotcha_discovered, gotcha_dump],
    "falsified": [fals_retro, fals_dump, fals_frustrated, fals_found_history],
}

# Everyday requests and questions, ordered so that each is asked from the project it fits
# (trellisbot, termlens, beakercraft, warmlink, in turn).
UNRELATED = [
    "add a service on the spray controller that returns how many litres were sprayed today",
    "add a keyboard shortcut (alt+T) that opens the tooltip for the current selection",
    "add a pH indicator item that changes colour depending on what's in the vessel",
    "add a diagnostic sensor with the pump's firmware version",
    "what's the difference between a ROS 2 action and a service?",
    "difference between chrome.scripting.executeScript and a declared content script?",
    "what's the difference between a mixin @Inject and @Redirect?",
    "what's the difference between a config entry and YAML configuration in Home Assistant?",
    "write a python function that converts GPS lat/lon to UTM coordinates",
    "write a typescript debounce helper with a leading-call option",
    "write a java method that converts a hex colour string like #FF8800 to an ARGB int",
    "write a python function that computes a heat pump's COP from heat output and power input",
    "explain how Nav2's behaviour trees decide when to replan",
    "explain how CSS anchor positioning works and whether it would help with tooltips",
    "explain how Minecraft's game tick works and what a TPS drop actually means",
    "explain asyncio.TaskGroup vs asyncio.gather in plain words",
    "how do I find which process is holding a serial port open on linux",
    "write a polite reply to a translator who asked for a feature we won't build",
    "give me three ideas for a fun first club session for year 8s using the mod",
    "translate to norwegian: 'the heat pump is offline, check your internet connection'",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "trellisbot": [
        "how many litres does the tank on the TB-2 hold?",
        "what spray rate per hectare do the growers want for the young blocks?",
        "who's allowed to start the robot in autonomous mode on site?",
        "does the robot stop spraying by itself when the wind gets too strong?",
        "how often do the nozzles get recalibrated?",
    ],
    "termlens": [
        "which browsers besides Chrome and Firefox do we officially support?",
        "how long do we keep the translators' lookup history?",
        "who approves the new terms translators suggest from the extension?",
        "is there a maximum number of glossaries a translator can enable at once?",
        "do we show a different tooltip for forbidden terms?",
    ],
    "beakercraft": [
        "how many students are on the club server's whitelist?",
        "which year groups use the mod in actual lessons?",
        "is there a plan to add organic chemistry reactions?",
        "did the school agree to us publishing the mod on Modrinth?",
        "what happens to the students' builds at the end of the school year?",
    ],
    "warmlink": [
        "which Fjordvarme models does the integration support?",
        "how many active installations of the integration are there?",
        "does the cloud API give daily energy consumption per pump?",
        "are we planning to submit the integration to Home Assistant core?",
        "what does the integration do when the account's password changes?",
    ],
}
