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
    how = rng.choice(("why don't we just go with", "what about", "any reason we can't do"))
    reply = rng.choice(("ah right, I forgot about that", "yeah that rings a bell",
                        f"right. {s['why_user']}"))
    return [Step(prompt=f"{_end(s['pain'])} {how} {s['idea']}?"),
            Step(text=rng.choice(("Let me check whether that's been tried before.",
                                  "Before trying it, let me see if there's history on this.")),
                 tools=s["history_probe"]),
            Step(text=s["found_history"]),
            Step(prompt=reply),
            Step(text=f"{rng.choice(('So not that.', 'Then a different route.', 'OK, scratch that.'))} "
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


# ------------------------------------------------------------------- projects
def trellisbot() -> Project:
    """A ROS 2 Humble colcon workspace for the TB-2, a vineyard spraying robot run by a
    Marlborough agritech co-op: rclcpp nodes for the spray boom (SocketCAN) and the row follower,
    Nav2, a Gazebo Fortress vineyard world, Cyclone DDS on a Jetson Orin, MCAP bags from the
    field."""
    spray = "src/trellis_spray/src/spray_controller.cpp"
    follower = "src/trellis_nav/src/row_follower.cpp"
    build_spray = bash("colcon build --packages-select trellis_spray --symlink-install",
                       "Starting >>> trellis_spray\nFinished <<< trellis_spray [48.2s]\n\n"
                       "Summary: 1 package finished [48.9s]")
    facts = [
        Fact("conv-params", "convention", ["generate_parameter_library"],
             ["I need to add a tunable to the row follower node - how should I declare it?",
              "is it fine to just call declare_parameter in the constructor for a new setting?"],
             "ROS parameters are declared with generate_parameter_library (a YAML file in the "
             "package's params/ directory, with validation bounds), never with hand-written "
             "declare_parameter calls.",
             {"rule": "parameters get declared through generate_parameter_library - a YAML file "
                      "in the package's params/ dir - never hand-written declare_parameter calls",
              "task": "add a max_pressure_bar parameter to the spray controller so we can cap the "
                      "pump pressure per block",
              "background": "The spray controller turns nozzle commands into CAN frames for the "
                            "boom. Growers asked us to cap the pump pressure per vineyard block "
                            "because the young Sauvignon blocks were getting drenched.",
              "aside": "Also Hemi is on leave till the 14th so reviews come to me.",
              "follow": [edit("src/trellis_spray/params/spray_controller.yaml",
                              "  nozzle_count:\n    type: int\n    default_value: 12\n",
                              "  nozzle_count:\n    type: int\n    default_value: 12\n"
                              "  max_pressure_bar:\n    type: double\n    default_value: 4.0\n"
                              "    description: \"Upper limit for the pump pressure setpoint\"\n"
                              "    validation:\n      bounds<>: [0.5, 8.0]\n"),
                         edit(spray, "  const double setpoint = cmd.pressure_bar;\n",
                              "  const double setpoint = std::min(cmd.pressure_bar, "
                              "params_.max_pressure_bar);\n"),
                         build_spray],
              "done": "max_pressure_bar is declared in src/trellis_spray/params/"
                      "spray_controller.yaml: generate_parameter_library produces the "
                      "declaration, the 0.5-8.0 bar bounds check and the typed params_ struct, "
                      "and the controller clamps the setpoint with it. No declare_parameter by "
                      "hand.",
              "noticed": "Every node here declares its parameters through "
                         "generate_parameter_library: each package has a params/*.yaml and the "
                         "code reads a generated params_ struct. There isn't a single "
                         "hand-written declare_parameter in the workspace.",
              "evidence": [grep("declare_parameter", []),
                           read("src/trellis_spray/CMakeLists.txt",
                                "find_package(generate_parameter_library REQUIRED)\n\n"
                                "generate_parameter_library(spray_controller_parameters\n"
                                "  params/spray_controller.yaml\n)\n\nadd_library("
                                "spray_controller_component SHARED src/spray_controller.cpp)\n"
                                "target_link_libraries(spray_controller_component "
                                "spray_controller_parameters)\n")],
              "extend": "yes, and always put bounds on it - the library validates them at "
                        "startup so a typo in a launch file fails loudly instead of spraying 40 "
                        "bar",
              "question": "do we have a rule for how parameters get declared?",
              "partial": "Each package has a params/ directory with YAML files, but I can't "
                         "tell from the code alone whether that's a rule or just how the "
                         "existing nodes happened to be written.",
              "completion": "found it in the onboarding doc: 'all parameters through "
                            "generate_parameter_library, YAML in params/, no manual "
                            "declare_parameter - the generated validation catches bad launch "
                            "values'. so that"}),
        Fact("conv-throttle", "convention", ["_THROTTLE"],
             ["I want to print the nozzle states from the spray timer callback while debugging, "
              "what's the right way to log in there?",
              "why does review keep flagging my RCLCPP_INFO inside the control loop?"],
             "In callbacks running faster than 1 Hz, log only with the RCLCPP_*_THROTTLE macros "
             "(2000 ms by default), never plain RCLCPP_INFO/WARN - the robot's journal is shipped "
             "over LTE.",
             {"rule": "anything that logs from a timer or subscription callback running faster "
                      "than 1 Hz has to use the _THROTTLE macros (2000 ms is our default), never "
                      "plain RCLCPP_INFO or RCLCPP_WARN",
              "task": "log a warning in the row follower when the lateral offset from the row "
                      "centre goes above 25 cm",
              "background": "Last week in the Wairau block the TB-2 drifted into the posts at the "
                            "end of a row and nobody could see it coming in the logs afterwards. "
                            "The row follower keeps it centred from the lidar.",
              "aside": "(the sim world has the Wairau rows if you want to try it there)",
              "follow": [edit(follower,
                              "  cmd_pub_->publish(cmd);\n",
                              "  if (std::abs(offset) > 0.25) {\n    RCLCPP_WARN_THROTTLE("
                              "get_logger(), *get_clock(), 2000,\n      \"lateral offset %.2f m "
                              "from row centre\", offset);\n  }\n  cmd_pub_->publish(cmd);\n"),
                         bash("colcon build --packages-select trellis_nav --symlink-install",
                              "Starting >>> trellis_nav\nFinished <<< trellis_nav [39.6s]\n\n"
                              "Summary: 1 package finished [40.1s]")],
              "done": "The row follower now warns through RCLCPP_WARN_THROTTLE (at most every "
                      "2000 ms) when the offset passes 0.25 m. The callback runs at 20 Hz, so a "
                      "plain RCLCPP_WARN would write twenty lines a second while it drifts.",
              "noticed": "The callbacks in this workspace that run faster than 1 Hz only log "
                         "through the _THROTTLE macros - RCLCPP_WARN_THROTTLE with 2000 ms, "
                         "mostly; plain RCLCPP_INFO and RCLCPP_WARN only show up in startup and "
                         "shutdown code.",
              "evidence": [bash("grep -rhoE 'RCLCPP_[A-Z_]+' src --include=*.cpp | sort | "
                                "uniq -c",
                                "      4 RCLCPP_ERROR\n      9 RCLCPP_ERROR_THROTTLE\n      "
                                "6 RCLCPP_INFO\n     14 RCLCPP_WARN_THROTTLE"),
                           read(spray,
                                "void SprayController::on_timer()\n{\n  if (!can_ok_) {\n    "
                                "RCLCPP_ERROR_THROTTLE(get_logger(), *get_clock(), 2000,\n      "
                                "\"CAN bus down, holding nozzles closed\");\n    return;\n  }\n"
                                "  send_nozzle_frames();\n}\n")],
              "extend": "right - the journal gets shipped over LTE from the vineyard and we once "
                        "burned a month of data in two days with a 50 Hz log line",
              "question": "is there a house rule for logging inside callbacks?",
              "partial": "Most callbacks log through rate-limited macros, but a few places in "
                         "the bringup code use plain RCLCPP_INFO, so I'm not sure where the line "
                         "is drawn.",
              "completion": "ok asked Hemi. anything faster than 1 Hz logs only with the "
                            "_THROTTLE macros, 2000 ms default. plain RCLCPP_INFO is fine at "
                            "startup/shutdown only. the journald goes over LTE and a 50Hz log "
                            "line once ate the month's data"}),
        Fact("cmd-test-output", "command", ["console_direct"],
             ["colcon test only says a package had test failures, how do I see which assertion "
              "actually failed?",
              "how do I get the gtest output to show up when I run one package's tests?"],
             "colcon hides test output: run `colcon test --packages-select <pkg> "
             "--event-handlers console_direct+` (optionally with --ctest-args -R <name>) to see "
             "the gtest failures.",
             {"goal": "run the spray package's unit tests, I touched the nozzle map",
              "fail": bash("colcon test --packages-select trellis_spray",
                           "Starting >>> trellis_spray\n--- stderr: trellis_spray\nErrors while "
                           "running CTest\n---\nFinished <<< trellis_spray [21.7s]\t[ with test "
                           "failures ]\n\nSummary: 1 package finished [22.3s]\n  1 package had "
                           "test failures: trellis_spray"),
              "note": "It reports a failure but not which test. Asking colcon for the results.",
              "fail2": bash("colcon test-result --all",
                            "build/trellis_spray/test_results/trellis_spray/test_nozzle_map."
                            "gtest.xml: 7 tests, 0 errors, 1 failure, 0 skipped\n\nSummary: 31 "
                            "tests, 0 errors, 1 failure, 0 skipped", 1),
              "ok": bash("colcon test --packages-select trellis_spray --event-handlers "
                         "console_direct+ --ctest-args -R nozzle",
                         "[ RUN      ] NozzleMap.MirrorsLeftBoom\n/ws/src/trellis_spray/test/"
                         "test_nozzle_map.cpp:58: Failure\nExpected equality of these values:\n"
                         "  map.index_for(11)\n    Which is: 11\n  0\n[  FAILED  ] NozzleMap."
                         "MirrorsLeftBoom (0 ms)\n[==========] 7 tests ran. (2 ms total)\n"
                         "[  PASSED  ] 6 tests.\n[  FAILED  ] 1 test, listed below:\n"
                         "[  FAILED  ] NozzleMap.MirrorsLeftBoom"),
              "done": "With `--event-handlers console_direct+` colcon streams the gtest output "
                      "instead of swallowing it. The failing test is NozzleMap.MirrorsLeftBoom: "
                      "index_for(11) returns 11 where the mirrored left boom expects 0.",
              "gist": "colcon hides test output by default and only reports that a package had "
                      "failures; the repo's test script streams it with the console_direct+ "
                      "event handler.",
              "recipe": ("scripts/test.sh",
                         "#!/usr/bin/env bash\n# colcon swallows gtest output unless asked\n"
                         "set -euo pipefail\nsource install/setup.bash\ncolcon test "
                         "--packages-select \"$@\" --event-handlers console_direct+\ncolcon "
                         "test-result --verbose\n"),
              "grep": "colcon test",
              "search": "test output",
              "dump_line": "Oh, and colcon eats the test output here unless you add "
                           "`--event-handlers console_direct+`, learned that the hard way.",
              "background": "I moved the nozzle map into its own class so the left boom mirrors "
                            "the right one. Tests are plain gtest through ament_cmake_gtest.",
              "hint": "colcon hides the gtest output, add --event-handlers console_direct+",
              "hint_partial": "there's a flag that makes colcon print the actual test output, "
                              "something with event handlers... give me a sec",
              "recap": "colcon test prints nothing useful on its own, always --event-handlers "
                       "console_direct+ (and -R to pick the test)"}),
        Fact("cmd-bag-mcap", "command", ["-s mcap"],
             ["ros2 bag play says no storage could be initialized for the field recordings, what "
              "am I missing?",
              "how do I replay a run that was recorded on the robot?"],
             "Bags recorded on the robot are MCAP and Humble doesn't detect that: replay with "
             "`ros2 bag play -s mcap <dir>` (the same for ros2 bag info).",
             {"goal": "replay yesterday's bag from the Wairau block so I can look at the lidar in "
                      "rviz",
              "fail": bash("ros2 bag play bags/wairau_1112",
                           "[ERROR] [1731466511.204118733] [rosbag2_storage]: No storage id "
                           "specified, and no plugin found that could open URI\nterminate called "
                           "after throwing an instance of 'std::runtime_error'\n  what():  No "
                           "storage could be initialized from the inputs.", 1),
              "note": "It can't pick a storage plugin. Checking what the bag directory holds.",
              "fail2": bash("ls bags/wairau_1112 && ros2 bag info bags/wairau_1112",
                            "metadata.yaml  wairau_1112_0.mcap\n[ERROR] [rosbag2_storage]: No "
                            "storage id specified, and no plugin found that could open URI", 1),
              "ok": bash("ros2 bag play -s mcap bags/wairau_1112",
                         "[INFO] [1731466702.551203945] [rosbag2_player]: Opened database "
                         "'bags/wairau_1112/wairau_1112_0.mcap' for READ_ONLY.\n[INFO] "
                         "[rosbag2_player]: Set rate to 1\n[INFO] [rosbag2_player]: Playback "
                         "until timestamp: -1"),
              "done": "Playing with `ros2 bag play -s mcap bags/wairau_1112`: the robot records "
                      "MCAP and Humble's player won't work that out itself, so the storage id "
                      "has to be given. /livox/lidar is publishing, rviz should show it.",
              "gist": "The recorder on the robot writes MCAP files, and Humble's rosbag2 expects "
                      "sqlite3 unless told otherwise - the storage plugin has to be named with "
                      "-s mcap.",
              "recipe": ("docs/field-logs.md",
                         "# Field logs\n\nThe robot records every run to /data/bags in MCAP.\n\n"
                         "    rsync -a tb2-01:/data/bags/ bags/\n    ros2 bag play -s mcap "
                         "bags/<run>\n\nrviz config: trellis_bringup/rviz/replay.rviz\n"),
              "grep": "bag play",
              "search": "rosbag",
              "dump_line": "Bags from the robot are MCAP, so replay them with `ros2 bag play -s "
                           "mcap <dir>` - Humble won't guess.",
              "background": "Yesterday the TB-2 wobbled at the end of row 14 in the Wairau "
                            "block, Tama thinks the lidar lost the posts for a second. I rsynced "
                            "the recording off the robot this morning.",
              "hint": "the bags are mcap and humble doesn't detect it. ros2 bag play -s mcap",
              "hint_partial": "there's an option for the storage format, the robot's recordings "
                              "aren't the default kind. can't remember the exact flag",
              "recap": "robot bags are MCAP, Humble won't detect it, so it's always ros2 bag "
                       "play -s mcap (bag info too)"}),
        Fact("env-domain", "environment", ["ROS_DOMAIN_ID=37"],
             ["ros2 topic list on my laptop doesn't see anything from the robot even though "
              "we're on the same network - what setting am I missing?",
              "which DDS domain number do the robots use?"],
             "The robots run with ROS_DOMAIN_ID=37 (trellis_bringup/config/robot.env, sourced by "
             "trellis.service); export it on a laptop to see their topics - the devcontainer's "
             "0 is only for the sim.",
             {"goal": "my laptop's on the vineyard wifi with the robot but ros2 topic list only "
                      "shows /rosout and /parameter_events - what do I need to set?",
              "probe": [read("src/trellis_bringup/config/robot.env",
                             "# sourced by trellis.service on the robot\nROS_DOMAIN_ID=37\n"
                             "RMW_IMPLEMENTATION=rmw_cyclonedds_cpp\nCYCLONEDDS_URI=file:///etc/"
                             "trellis/cyclonedds.xml\n"),
                        bash("ROS_DOMAIN_ID=37 ros2 topic list | head -5",
                             "/cmd_vel\n/diagnostics\n/gps/fix\n/livox/lidar\n/odom")],
              "confirm": "The robot runs with ROS_DOMAIN_ID=37 (src/trellis_bringup/config/"
                         "robot.env, sourced by trellis.service), while your shell is on the "
                         "default domain 0, so discovery never sees it. With ROS_DOMAIN_ID=37 "
                         "exported, /cmd_vel, /gps/fix, /livox/lidar and the rest show up.",
              "said": "the robots are on their own domain number, not the default - it's in the "
                      "bringup config somewhere",
              "background": "We've got two TB-2s at the Awatere site now and I'm setting up my "
                            "laptop to watch them from the ute.",
              "misled": [read(".devcontainer/devcontainer.json",
                              "{\n  \"name\": \"trellis-dev\",\n  \"containerEnv\": {\n    "
                              "\"ROS_DOMAIN_ID\": \"0\",\n    \"RMW_IMPLEMENTATION\": "
                              "\"rmw_cyclonedds_cpp\"\n  }\n}\n")],
              "found": "The devcontainer sets ROS_DOMAIN_ID to 0, the default, so the laptop and "
                       "the robot should already share a domain - the problem is probably "
                       "multicast on the wifi.",
              "correct": "no, the devcontainer value is just for the sim. the robots themselves "
                         "use a different domain, look in the bringup config",
              "partial": "Nothing in the repo sets the domain for the laptop side; the "
                         "devcontainer pins 0, but that's the sim setup. I can't see from here "
                         "what the robot itself runs with - can you check its environment?",
              "pasted": "```\ntama@tb2-01:~$ systemctl show trellis.service -p Environment\n"
                        "Environment=ROS_DOMAIN_ID=37 RMW_IMPLEMENTATION=rmw_cyclonedds_cpp "
                        "CYCLONEDDS_URI=file:///etc/trellis/cyclonedds.xml\n```"}),
        Fact("env-can", "environment", ["can1"],
             ["what SocketCAN interface do I candump to see the nozzle commands?",
              "which CAN bus is the sprayer hooked up to on the robot?"],
             "On the robot the spray boom is on CAN interface can1 (250 kbit/s, nodes 0x21 and "
             "0x22); can0 is the drive controller - spray.launch.py's can0 default is stale.",
             {"goal": "I'm writing a quick candump script to watch the boom's nozzle frames, "
                      "which interface is the spray boom on?",
              "probe": [read("src/trellis_bringup/config/hardware.yaml",
                             "drive:\n  can_interface: can0\n  bitrate: 500000\nspray_boom:\n  "
                             "can_interface: can1\n  bitrate: 250000\n  node_ids: [0x21, 0x22]\n"),
                        bash("ssh tb2-01 ip -details link show can1 | grep -E 'can1|bitrate'",
                             "4: can1: <NOARP,UP,LOWER_UP,ECHO> mtu 16 qdisc pfifo_fast state UP "
                             "mode DEFAULT group default qlen 10\n    bitrate 250000 sample-point "
                             "0.875")],
              "confirm": "The spray boom is on can1 at 250 kbit/s (nodes 0x21 and 0x22); can0 is "
                         "the drive controller at 500 kbit/s. So `candump can1` on the robot "
                         "shows the nozzle frames.",
              "said": "the boom isn't on can0, that one's the drive motors",
              "background": "Tama says two nozzles on the right boom click late when the robot "
                            "turns at the row ends.",
              "misled": [read("src/trellis_spray/launch/spray.launch.py",
                              "def generate_launch_description():\n    return LaunchDescription(["
                              "\n        DeclareLaunchArgument('can_interface', default_value="
                              "'can0'),\n        Node(package='trellis_spray', executable="
                              "'spray_controller',\n             parameters=[{'can_interface': "
                              "LaunchConfiguration('can_interface')}]),\n    ])\n")],
              "found": "spray.launch.py defaults can_interface to can0, so the boom frames should "
                       "be on can0.",
              "correct": "that default is old - can0 is the drive controller. the boom's on the "
                         "second interface, bringup overrides it from hardware.yaml",
              "partial": "The spray launch file takes the interface as an argument with can0 as "
                         "the default, and bringup fills it from a hardware config I can't see "
                         "the deployed copy of. Can you check on the robot which one it uses?",
              "pasted": "```\n$ ssh tb2-01 grep -A1 spray_boom /opt/trellis/config/hardware.yaml\n"
                        "spray_boom:\n  can_interface: can1\n```"}),
        Fact("gotcha-sim-time", "gotcha", ["use_sim_time"],
             ["nav2 in simulation complains about extrapolation into the past and the robot won't "
              "move, what's the usual cause?",
              "I'm adding a new node to the gazebo launch file, anything it needs so the "
              "timestamps line up?"],
             "Every node launched with the Gazebo sim needs use_sim_time: True; a node on wall "
             "time stamps with epoch time while /clock starts at 0, and Nav2/TF lookups fail with "
             "extrapolation errors.",
             {"symptom": "in the gazebo sim nav2 keeps failing with TF extrapolation errors and "
                         "the robot just sits at the start of the row",
              "probe": [bash("ros2 launch trellis_sim vineyard.launch.py 2>&1 | grep -m2 -i "
                             "extrapolation",
                             "[controller_server-7] [ERROR] [tf_help]: Transform data too old "
                             "when converting from odom to map\n[planner_server-6] [WARN] "
                             "[global_costmap.global_costmap]: Lookup would require "
                             "extrapolation into the past.  Requested time 1731501104.79 but the "
                             "latest data is at time 63.41"),
                        bash("ros2 param get /row_follower use_sim_time",
                             "Boolean value is: False"),
                        read("src/trellis_sim/launch/vineyard.launch.py",
                             "    row_follower = Node(\n        package='trellis_nav', "
                             "executable='row_follower',\n        parameters=[nav_params],\n"
                             "    )\n")],
              "explain": "Gazebo publishes /clock starting from zero, but the row follower runs "
                         "on wall time: use_sim_time is False on it because the sim launch file "
                         "doesn't pass it. So it stamps messages with 1731501104 while TF from "
                         "the sim is at 63 s, and Nav2's lookups fall outside the buffer. Every "
                         "node in a sim launch needs use_sim_time: True.",
              "fix": [edit("src/trellis_sim/launch/vineyard.launch.py",
                           "        parameters=[nav_params],\n    )\n",
                           "        # every node in the sim must follow /clock, or TF lookups "
                           "fail\n        parameters=[nav_params, {'use_sim_time': True}],\n"
                           "    )\n")],
              "done": "The sim launch file now sets use_sim_time: True on the row follower too; "
                      "Nav2 plans again and the robot drives down the first row.",
              "lesson": "anything launched next to gazebo needs use_sim_time true, otherwise its "
                        "stamps are wall clock, gazebo's clock starts at 0 and TF blows up with "
                        "extrapolation errors",
              "found": "it's the sim clock thing again isn't it. some node is on wall time "
                       "because nobody set use_sim_time on it",
              "extend": "ahh. so every new node in the sim launch needs that param, noted",
              "background": "I added the row follower to the sim launch last night; before that "
                            "only Nav2 and the spray controller were in there."}),
        Fact("gotcha-qos", "gotcha", ["SensorDataQoS"],
             ["my subscriber to the lidar point cloud never receives anything but the topic is "
              "publishing fine, what's going on?",
              "what QoS should a node use when it subscribes to the lidar or GPS topics?"],
             "Sensor topics (lidar, GPS, IMU) publish best-effort: subscribe with "
             "rclcpp::SensorDataQoS() - a default depth-10 (reliable) subscription silently never "
             "matches.",
             {"symptom": "the new obstacle filter subscribes to /livox/lidar but its callback "
                         "never fires. the topic is definitely publishing, ros2 topic hz shows "
                         "10 Hz",
              "probe": [bash("ros2 topic info -v /livox/lidar | grep -E 'Node name|Reliability'",
                             "Node name: livox_lidar_publisher\n    Reliability: BEST_EFFORT\n"
                             "Node name: obstacle_filter\n    Reliability: RELIABLE"),
                        read("src/trellis_nav/src/obstacle_filter.cpp",
                             "  sub_ = create_subscription<sensor_msgs::msg::PointCloud2>(\n"
                             "    \"/livox/lidar\", 10, std::bind(&ObstacleFilter::on_cloud, "
                             "this, _1));\n")],
              "explain": "The lidar driver publishes best-effort and the filter subscribes with "
                         "the default QoS - depth 10, which means reliable. A reliable "
                         "subscription and a best-effort publisher are incompatible, and ROS 2 "
                         "doesn't error: it just never connects them. Sensor subscriptions need "
                         "rclcpp::SensorDataQoS().",
              "fix": [edit("src/trellis_nav/src/obstacle_filter.cpp",
                           "    \"/livox/lidar\", 10, std::bind(",
                           "    // the lidar publishes best-effort: a default (reliable) QoS "
                           "silently gets nothing\n    \"/livox/lidar\", rclcpp::SensorDataQoS(), "
                           "std::bind(")],
              "done": "The filter now subscribes with rclcpp::SensorDataQoS() and on_cloud fires "
                      "at 10 Hz.",
              "lesson": "sensor topics are best effort, if you subscribe with plain depth-10 you "
                        "get reliable and it silently never matches. always SensorDataQoS for "
                        "lidar/gps/imu",
              "found": "this is QoS isn't it. the lidar is best effort and I bet the filter "
                       "subscribes with the default",
              "extend": "oh that's nasty, no warning at all. ok, sensor subs get SensorDataQoS "
                        "from now on",
              "background": "The obstacle filter is meant to drop the canopy points from the "
                            "scan so Nav2 only sees posts and people."}),
        Fact("fals-fastdds", "falsified", ["rmw_fastrtps_cpp"],
             ["would changing the ROS middleware help with the slow discovery on the farm wifi?",
              "has anyone tried a different DDS vendor on the robots?"],
             "Switching the robots to Fast DDS (rmw_fastrtps_cpp) was tried and reverted: the "
             "lidar fell from 10 Hz to about 4 Hz over the vineyard wifi; the robots stay on "
             "Cyclone DDS.",
             {"ask": "switch the robot to Fast DDS, maybe discovery over the vineyard wifi gets "
                     "better",
              "change": [edit("src/trellis_bringup/config/robot.env",
                              "RMW_IMPLEMENTATION=rmw_cyclonedds_cpp\n",
                              "RMW_IMPLEMENTATION=rmw_fastrtps_cpp\n")],
              "broke": bash("ssh tb2-01 'sudo systemctl restart trellis && sleep 60 && ros2 "
                            "topic hz /livox/lidar -w 50'",
                            "average rate: 3.912\n\tmin: 0.088s max: 1.904s std dev: 0.41210s "
                            "window: 50"),
              "revert": bash("git checkout -- src/trellis_bringup/config/robot.env && ssh tb2-01 "
                             "sudo systemctl restart trellis", ""),
              "conclusion": "With rmw_fastrtps_cpp the lidar arrives at 3.9 Hz instead of 10, "
                            "with gaps up to 1.9 s: Fast DDS fragments the big PointCloud2 "
                            "messages over the lossy wifi and recovers badly, where Cyclone with "
                            "our cyclonedds.xml copes. Discovery wasn't noticeably faster "
                            "either.",
              "why_user": "the lidar rate tanked, nav would be driving half blind",
              "lesson": "Fast DDS (rmw_fastrtps_cpp) on the robot = lidar drops to ~4 Hz over "
                        "the wifi. we stay on cyclone and fix discovery some other way",
              "history": "we tried swapping the RMW to Fast DDS (rmw_fastrtps_cpp) back in "
                         "winter and the lidar rate dropped to about 4 Hz over the wifi, so "
                         "that's out.",
              "pain": "discovery between the laptop in the ute and the robots takes ages on the "
                      "vineyard wifi, sometimes 30 s before any topics show up",
              "idea": "Fast DDS instead of Cyclone",
              "alternative": "Keep Cyclone and make discovery cheaper: list the peers explicitly "
                             "in cyclonedds.xml (the laptop and both robots) and turn multicast "
                             "off, since that's what the access points drop.",
              "history_probe": [bash("git log --oneline -i --grep='fast dds' --grep=fastrtps",
                                     "9c41e2a Revert \"bringup: switch robots to "
                                     "rmw_fastrtps_cpp\"\n3f07d18 bringup: switch robots to "
                                     "rmw_fastrtps_cpp"),
                                bash("git show -s --format=%b 9c41e2a",
                                     "Lidar fell to ~4 Hz over the vineyard wifi (big "
                                     "PointCloud2\nfragments). Back to Cyclone.")],
              "found_history": "It was tried: 3f07d18 switched the robots to rmw_fastrtps_cpp "
                               "and 9c41e2a reverted it. The revert says the lidar fell to about "
                               "4 Hz over the vineyard wifi - Fast DDS handled the large "
                               "point-cloud fragments badly on the lossy link."}),
        Fact("fals-components", "falsified", ["component_container_mt"],
             ["could we run the spray node and the obstacle filter in one process to save CPU "
              "on the Jetson?",
              "why isn't the spray controller loaded as a composable node like the Nav2 "
              "servers?"],
             "Composing the spray controller and the obstacle filter into one "
             "component_container_mt (intra-process) was tried and reverted: it segfaults, "
             "because the vendor CAN library (libkvcan) keeps non-thread-safe global state.",
             {"ask": "load the spray controller and the obstacle filter as composable nodes in "
                     "one container, intra-process should save the CPU we spend copying point "
                     "clouds",
              "change": [edit("src/trellis_bringup/launch/robot.launch.py",
                              "    spray = Node(package='trellis_spray', executable="
                              "'spray_controller')\n",
                              "    container = ComposableNodeContainer(\n        name="
                              "'trellis_container', namespace='', package='rclcpp_components',\n"
                              "        executable='component_container_mt',\n        "
                              "composable_node_descriptions=[\n            ComposableNode("
                              "package='trellis_spray', plugin='trellis::SprayController',\n"
                              "                extra_arguments=[{'use_intra_process_comms': "
                              "True}]),\n            ComposableNode(package='trellis_nav', "
                              "plugin='trellis::ObstacleFilter',\n                "
                              "extra_arguments=[{'use_intra_process_comms': True}]),\n        ])\n")],
              "broke": bash("ros2 launch trellis_bringup robot.launch.py 2>&1 | tail -3",
                            "[component_container_mt-1] [INFO] [trellis_container]: Found class: "
                            "rclcpp_components::NodeFactoryTemplate<trellis::SprayController>\n"
                            "[component_container_mt-1] [INFO] [trellis_container]: Found class: "
                            "rclcpp_components::NodeFactoryTemplate<trellis::ObstacleFilter>\n"
                            "[ERROR] [component_container_mt-1]: process has died [pid 48211, "
                            "exit code -11, cmd '/opt/ros/humble/lib/rclcpp_components/"
                            "component_container_mt --ros-args -r __node:=trellis_container']", 1),
              "revert": bash("git checkout -- src/trellis_bringup/launch/robot.launch.py", ""),
              "conclusion": "The container segfaults (exit -11) as soon as both are loaded: the "
                            "vendor CAN library, libkvcan, keeps a static socket and global "
                            "state that aren't thread-safe, and in component_container_mt "
                            "they're touched from several executor threads at once. As separate "
                            "processes nothing is shared.",
              "why_user": "the vendor CAN lib can't live in a shared multithreaded process",
              "lesson": "composable nodes in component_container_mt segfault because the vendor "
                        "CAN lib has global non-thread-safe state. the spray controller stays its "
                        "own process",
              "history": "composing them into one component_container_mt was tried last year "
                         "and segfaulted because of the vendor CAN library, so not that.",
              "pain": "the Jetson sits at 85% CPU while spraying and half of it is serialising "
                      "point clouds between processes",
              "idea": "composable nodes with intra-process comms",
              "alternative": "Cut the copying instead of the processes: have the obstacle filter "
                             "downsample with a voxel grid before it publishes, and point the "
                             "spray controller at the filtered cloud rather than the raw one - "
                             "the messages shrink about tenfold.",
              "history_probe": [bash("git log --oneline -S ComposableNodeContainer -- "
                                     "src/trellis_bringup",
                                     "b71d0c3 Revert \"bringup: compose spray + obstacle "
                                     "filter\"\n5e2a9f4 bringup: compose spray + obstacle filter"),
                                bash("git show -s --format=%b b71d0c3",
                                     "component_container_mt segfaults on load: libkvcan keeps a "
                                     "static socket\nand global state, not thread-safe. Keep the "
                                     "spray controller in its own process.")],
              "found_history": "That was tried in 5e2a9f4 and reverted in b71d0c3: loading both "
                               "into a component_container_mt segfaulted, because libkvcan - the "
                               "vendor CAN library - keeps a static socket and global state that "
                               "aren't thread-safe. The spray controller was kept in its own "
                               "process."}),
    ]
    noise = [
        _look("what does the row follower actually do with the lidar? never read it properly",
              follower,
              "void RowFollower::on_cloud(const sensor_msgs::msg::PointCloud2 & cloud)\n{\n  "
              "auto posts = extract_posts(cloud, params_.post_min_height, "
              "params_.post_max_radius);\n  auto [left, right] = fit_row_lines(posts);\n  const "
              "double offset = (right.distance - left.distance) / 2.0;\n  geometry_msgs::msg::"
              "Twist cmd;\n  cmd.linear.x = params_.cruise_speed;\n  cmd.angular.z = "
              "-params_.k_offset * offset - params_.k_heading * (left.angle + right.angle) / "
              "2.0;\n  cmd_pub_->publish(cmd);\n}\n",
              "It picks the vine posts out of each scan (points between a minimum height and a "
              "maximum radius), fits a line to the posts on each side, and steers on two errors: "
              "the lateral offset from the middle of the row and the average heading of the two "
              "lines, at a constant cruise speed. The result goes straight to cmd_vel."),
        _find("where do we use tf2_ros::Buffer", "tf2_ros::Buffer",
              [follower, "src/trellis_spray/src/boom_geometry.cpp"],
              "Two places: the row follower, to put the posts into base_link, and the boom "
              "geometry code, which maps nozzle frames onto the canopy."),
        _tweak("typo in the spray controller's startup log: 'initalised'", spray,
               "RCLCPP_INFO(get_logger(), \"spray controller initalised with %d nozzles\", "
               "nozzle_count);",
               "RCLCPP_INFO(get_logger(), \"spray controller initialised with %d nozzles\", "
               "nozzle_count);"),
        _run("lint trellis_nav please", "ament_cpplint src/trellis_nav && ament_uncrustify "
             "src/trellis_nav",
             "Done processing src/trellis_nav/src/row_follower.cpp\nDone processing "
             "src/trellis_nav/src/obstacle_filter.cpp\nTotal errors found: 0\nNo code style "
             "divergence in 6 files",
             "Clean - cpplint finds nothing and uncrustify has nothing to change."),
        _talk("whats the difference between a lifecycle node and a normal one? Tama wants the "
              "spray controller to become one",
              "A lifecycle (managed) node has explicit states - unconfigured, inactive, active, "
              "finalized - and something outside it drives the transitions: configure, "
              "activate, deactivate, cleanup. A normal node starts doing its work the moment "
              "it's constructed. For the spray controller that would mean opening the CAN "
              "socket in on_configure, starting to send nozzle frames only in on_activate, and "
              "being able to deactivate it (nozzles closed) without killing the process - handy "
              "for a safety supervisor or for bringing things up in a fixed order."),
        _steps("add a gtest that nozzle 0 is the leftmost nozzle",
               [edit("src/trellis_spray/test/test_nozzle_map.cpp",
                     "}  // namespace\n",
                     "TEST(NozzleMap, FirstIsLeftmost)\n{\n  NozzleMap map(12);\n  EXPECT_EQ("
                     "map.side_of(0), Side::Left);\n  EXPECT_EQ(map.position_on_side(0), 0);\n"
                     "}\n\n}  // namespace\n"),
                bash("colcon build --packages-select trellis_spray && ./build/trellis_spray/"
                     "test_nozzle_map --gtest_filter=NozzleMap.FirstIsLeftmost",
                     "Finished <<< trellis_spray [47.1s]\n[ RUN      ] NozzleMap.FirstIsLeftmost"
                     "\n[       OK ] NozzleMap.FirstIsLeftmost (0 ms)\n[  PASSED  ] 1 test.")],
               "Added NozzleMap.FirstIsLeftmost; it passes."),
        _talk("how do I squash my last 3 commits before pushing",
              "`git rebase -i HEAD~3`, leave the first line as `pick`, change the other two to "
              "`squash` (or `fixup` to drop their messages), save, then edit the combined "
              "message. If the branch was already pushed you'll need `git push "
              "--force-with-lease`."),
        _tweak("bump the default cruise speed in the row follower params to 0.9 m/s",
               "src/trellis_nav/params/row_follower.yaml",
               "  cruise_speed:\n    type: double\n    default_value: 0.7\n",
               "  cruise_speed:\n    type: double\n    default_value: 0.9\n",
               "The default cruise speed is now 0.9 m/s."),
    ]
    return Project(
        "trellisbot", "git@github.com:kowhai-agritech/trellisbot.git",
        {"README.md": "# trellisbot\n\nROS 2 workspace for the TB-2 vineyard sprayer.\n",
         "src/trellis_spray/package.xml": "<package format=\"3\">\n  <name>trellis_spray</name>\n"
                                          "</package>\n"},
        facts, noise, "aws")


def termlens() -> Project:
    """A Manifest V3 browser extension built with WXT for Lingua Nord, a Tallinn translation
    agency: select a word in a web CAT tool (Phrase, memoQweb) and a tooltip shows the agency's
    termbase entries. TypeScript, a Preact popup, wxt/storage, an openapi-typescript client for
    the Termbase API, Vitest and Playwright, shipped to the Chrome Web Store and Firefox AMO."""
    bg = "entrypoints/background.ts"
    content_script = "entrypoints/glossary.content.ts"
    facts = [
        Fact("conv-storage-items", "convention", ["defineItem"],
             ["I need to remember the user's preferred tooltip position between browser "
              "restarts, how do we persist settings here?",
              "can I just call chrome.storage.local.set in the content script to save a flag?"],
             "All extension storage goes through typed items declared with storage.defineItem "
             "(wxt/storage) in utils/storage.ts, each with a version for migrations - never "
             "browser.storage.local directly.",
             {"rule": "all extension storage goes through typed items made with "
                      "storage.defineItem in utils/storage.ts, with a version number - nobody "
                      "calls browser.storage.local directly",
              "task": "remember the last language pair the translator picked in the popup so "
                      "it's preselected next time",
              "background": "The popup lets the translator pick a source and target language "
                            "before looking terms up. Translators complain they re-pick et-en "
                            "every single time.",
              "aside": "The store listing screenshots are outdated too but that's for another "
                       "day.",
              "follow": [edit("utils/storage.ts",
                              "export const glossaryCache = storage.defineItem<CachedGlossary | "
                              "null>(\n",
                              "export const lastLangPair = storage.defineItem<LangPair>(\n  "
                              "'local:lastLangPair',\n  { fallback: { source: 'et', target: "
                              "'en' }, version: 1 },\n);\n\nexport const glossaryCache = "
                              "storage.defineItem<CachedGlossary | null>(\n"),
                         edit("entrypoints/popup/App.tsx",
                              "  const [pair, setPair] = useState(DEFAULT_PAIR);\n",
                              "  const [pair, setPair] = useState(DEFAULT_PAIR);\n  useEffect(() "
                              "=> { lastLangPair.getValue().then(setPair); }, []);\n  useEffect("
                              "() => { lastLangPair.setValue(pair); }, [pair]);\n"),
                         bash("pnpm vitest run utils",
                              " ✓ utils/storage.test.ts (6 tests) 41ms\n\n Test Files  1 passed "
                              "(1)\n      Tests  6 passed (6)")],
              "done": "The pair lives in a new lastLangPair item (storage.defineItem, key "
                      "local:lastLangPair, version 1, falling back to et-en) in utils/storage.ts; "
                      "the popup reads it on open and writes it on change. No direct "
                      "browser.storage.local calls.",
              "noticed": "Nothing here touches browser.storage directly: every stored value is a "
                         "typed item declared with storage.defineItem in utils/storage.ts, each "
                         "with a version for migrations, and components import those items.",
              "evidence": [grep("browser\\.storage\\.local", []),
                           read("utils/storage.ts",
                                "import { storage } from 'wxt/storage';\n\nexport const "
                                "glossaryCache = storage.defineItem<CachedGlossary | null>(\n  "
                                "'local:glossaryCache',\n  { fallback: null, version: 2, "
                                "migrations: { 2: dropLegacyTerms } },\n);\n")],
              "extend": "yep, and if you ever change an item's shape bump the version and add a "
                        "migration, old installs keep their data",
              "question": "is there a pattern for persisting stuff in this extension?",
              "partial": "There's a utils/storage.ts with a couple of typed items, but the old "
                         "options page reads chrome.storage.sync directly, so I'm not sure which "
                         "way is current.",
              "completion": "ok checked with Kadri: everything goes through storage.defineItem "
                            "in utils/storage.ts, with a version. the options page is legacy "
                            "and getting rewritten. no direct browser.storage calls"}),
        Fact("conv-optional-hosts", "convention", ["optional_host_permissions"],
             ["a client uses XTM Cloud - what do I change so the tooltip works on their site?",
              "can I just add another domain to the manifest's host list so the content script "
              "runs there?"],
             "New CAT-tool sites never go into host_permissions: add them to "
             "optional_host_permissions in wxt.config.ts and request them at runtime "
             "(browser.permissions.request) - a new required host permission disables the "
             "extension for every user and re-triggers the slow store review.",
             {"rule": "new sites never go into host_permissions - they go into "
                      "optional_host_permissions and get requested at runtime with "
                      "browser.permissions.request. a new required host permission disables the "
                      "extension for everyone until they accept, and sends us through the long "
                      "store review again",
              "task": "add support for memoQweb at *.memoq.cloud, the content script should run "
                      "there like it does on Phrase",
              "background": "The content script runs on Phrase TMS at the moment. Two of our "
                            "freelancers just moved to a client that uses memoQweb.",
              "aside": "I'll write the changelog myself.",
              "follow": [edit("wxt.config.ts",
                              "    optional_host_permissions: ['https://*.smartcat.com/*'],\n",
                              "    optional_host_permissions: ['https://*.smartcat.com/*', "
                              "'https://*.memoq.cloud/*'],\n"),
                         edit("entrypoints/popup/SitesTab.tsx",
                              "      <SiteToggle origin=\"https://*.smartcat.com/*\" label="
                              "\"Smartcat\" />\n",
                              "      <SiteToggle origin=\"https://*.smartcat.com/*\" label="
                              "\"Smartcat\" />\n      <SiteToggle origin=\"https://*.memoq.cloud/"
                              "*\" label=\"memoQweb\" />\n"),
                         bash("pnpm build",
                              "✔ Built extension in 3.41 s\n  ├─ .output/chrome-mv3/manifest."
                              "json   1.31 kB\n  └─ ...\nΣ Total size: 412.8 kB")],
              "done": "memoQweb (https://*.memoq.cloud/*) is in optional_host_permissions, not "
                      "host_permissions: the popup's Sites tab has a memoQweb toggle that calls "
                      "browser.permissions.request, and once granted the background registers the "
                      "content script there. Existing installs won't see a new permission "
                      "warning.",
              "noticed": "host_permissions only lists the Termbase API and Phrase; every other "
                         "CAT site sits in optional_host_permissions in wxt.config.ts, and the "
                         "popup asks for it with browser.permissions.request before the content "
                         "script gets registered there.",
              "evidence": [read("wxt.config.ts",
                                "export default defineConfig({\n  manifest: {\n    name: "
                                "'TermLens',\n    permissions: ['storage', 'scripting'],\n    "
                                "host_permissions: ['https://termbase.linguanord.ee/*', "
                                "'https://cloud.memsource.com/*'],\n    "
                                "optional_host_permissions: ['https://*.smartcat.com/*'],\n  },\n"
                                "});\n"),
                           grep("permissions\\.request", ["entrypoints/popup/SitesTab.tsx"])],
              "extend": "yes. a new required host permission disables the extension for everyone "
                        "until they click accept, and the store review took 3 weeks last time",
              "question": "anything I should know before adding a new site for the content "
                          "script?",
              "partial": "The manifest uses both host_permissions and optional_host_permissions: "
                         "Phrase is in the first, Smartcat in the second, and I can't see what "
                         "decides which list a new site goes in.",
              "completion": "right, found the note from the last release retro: new sites ALWAYS "
                            "go in optional_host_permissions and get requested at runtime. "
                            "adding to host_permissions disables the extension for every user "
                            "until they accept, plus the slow store review"}),
        Fact("cmd-e2e", "command", ["--mode e2e"],
             ["the playwright tests all time out waiting for the tooltip, how are they supposed "
              "to be run?",
              "what's the right way to run the end-to-end tests locally?"],
             "Run the e2e tests with `pnpm test:e2e` (= wxt build --mode e2e && playwright "
             "test): the e2e-mode build adds the localhost fixture host and the mock API, so "
             "plain playwright or a normal build fails.",
             {"goal": "run the playwright tests, I changed how the tooltip positions itself",
              "fail": bash("pnpm exec playwright test",
                           "Running 9 tests using 3 workers\n  1) [chromium] › tooltip.spec.ts:"
                           "14:5 › shows the term on selection\n    Error: ENOENT: no such file "
                           "or directory, open '.output/chrome-mv3/manifest.json'\n  9 failed",
                           1),
              "note": "The extension isn't built yet. Building, then retrying.",
              "fail2": bash("pnpm build && pnpm exec playwright test",
                            "✔ Built extension in 3.2 s\nRunning 9 tests using 3 workers\n  1) "
                            "[chromium] › tooltip.spec.ts:14:5 › shows the term on selection\n"
                            "    TimeoutError: locator.waitFor: Timeout 5000ms exceeded.\n    "
                            "waiting for locator('termlens-tooltip') to be visible\n  9 failed",
                            1),
              "ok": bash("pnpm test:e2e",
                         "> termlens@2.3.0 test:e2e\n> wxt build --mode e2e && playwright test\n"
                         "\n✔ Built extension in 3.4 s\nRunning 9 tests using 3 workers\n  9 "
                         "passed (21.8s)"),
              "done": "All 9 e2e tests pass with `pnpm test:e2e`, which first builds with `wxt "
                      "build --mode e2e`: that mode adds the localhost fixture server to the "
                      "host permissions and points the API at the mock, which is why a normal "
                      "build never shows the tooltip on the test pages.",
              "gist": "The e2e tests need a build made with --mode e2e: it adds the localhost "
                      "fixture pages to the manifest and swaps the Termbase API for the mock, so "
                      "a regular `pnpm build` can't show a tooltip there.",
              "recipe": ("package.json",
                         "{\n  \"name\": \"termlens\",\n  \"scripts\": {\n    \"dev\": \"wxt\",\n"
                         "    \"build\": \"wxt build\",\n    \"test\": \"vitest run\",\n    "
                         "\"test:e2e\": \"wxt build --mode e2e && playwright test\",\n    "
                         "\"zip\": \"wxt zip\"\n  }\n}\n"),
              "grep": "playwright test",
              "search": "fixture server",
              "dump_line": "The e2e tests only work against a build made with `--mode e2e` "
                           "(that's what `pnpm test:e2e` does), a normal build won't show the "
                           "tooltip on the fixture pages.",
              "background": "The tooltip used to sit under the selection and got clipped at the "
                            "bottom of Phrase's segment grid, so now it flips above when there's "
                            "no room.",
              "hint": "you need the e2e build, pnpm test:e2e does wxt build --mode e2e first",
              "hint_partial": "they need a special build, I never remember the incantation, one "
                              "sec",
              "recap": "e2e = pnpm test:e2e, never playwright on its own, it needs the wxt build "
                       "--mode e2e output"}),
        Fact("cmd-codegen", "command", ["codegen:termbase"],
             ["tsc says a field doesn't exist on TermEntry but the API definitely returns it, how "
              "do I update the types?",
              "how do I refresh the generated API typings after the terminology API changes?"],
             "src/api/termbase.d.ts is generated from the Termbase OpenAPI spec and gitignored: "
             "after a pull or an API change run `pnpm codegen:termbase` (openapi-typescript) "
             "before tsc.",
             {"goal": "typecheck fails since I pulled, can you fix it",
              "fail": bash("pnpm tsc --noEmit",
                           "entrypoints/background.ts:48:23 - error TS2339: Property "
                           "'domainCode' does not exist on type 'TermEntry'.\n\n48     const "
                           "domain = entry.domainCode ?? 'GEN';\n                         "
                           "~~~~~~~~~~\n\nFound 1 error in entrypoints/background.ts:48", 2),
              "note": "TermEntry doesn't know domainCode. Maybe the install is stale - "
                      "reinstalling first.",
              "fail2": bash("pnpm install && pnpm tsc --noEmit",
                            "Lockfile is up to date, resolution step is skipped\nAlready up to "
                            "date\nentrypoints/background.ts:48:23 - error TS2339: Property "
                            "'domainCode' does not exist on type 'TermEntry'.\nFound 1 error", 2),
              "ok": bash("pnpm codegen:termbase && pnpm tsc --noEmit",
                         "> termlens@2.3.0 codegen:termbase\n> openapi-typescript https://"
                         "termbase.linguanord.ee/openapi.json -o src/api/termbase.d.ts\n\n✨ "
                         "openapi-typescript 7.4.1\n🚀 https://termbase.linguanord.ee/openapi."
                         "json → src/api/termbase.d.ts [412ms]"),
              "done": "`pnpm codegen:termbase` regenerated src/api/termbase.d.ts from the "
                      "Termbase OpenAPI spec - the file is gitignored, so a pull never updates "
                      "it. TermEntry has domainCode now and tsc is clean.",
              "gist": "The Termbase API types in src/api/termbase.d.ts are generated and "
                      "gitignored, so they're only as new as the last regeneration on this "
                      "machine - and the API has since added domainCode.",
              "recipe": ("CONTRIBUTING.md",
                         "## API types\n\nsrc/api/termbase.d.ts is generated from the Termbase "
                         "OpenAPI spec and not committed.\nAfter pulling (or when tsc complains "
                         "about a TermEntry field), run\n\n    pnpm codegen:termbase\n"),
              "grep": "termbase.d.ts",
              "search": "regenerate",
              "dump_line": "After pulling you usually need `pnpm codegen:termbase`, the API types "
                           "aren't committed.",
              "background": "Kadri merged the domain filter on the API side yesterday and I "
                            "pulled main this morning.",
              "hint": "the api types are generated and not in git, run pnpm codegen:termbase",
              "hint_partial": "the types come from the API spec, there's a script that "
                              "regenerates them... the name escapes me",
              "recap": "after every pull: pnpm codegen:termbase, the termbase types are "
                       "gitignored so tsc goes red otherwise"}),
        Fact("env-ext-id", "environment", ["ogkpmnedkcfbjhliaphbclhnfkgbhmbe"],
             ["what's the Chrome ID of TermLens? the API people want to allowlist the origin",
              "which chrome-extension:// origin will requests from our extension come from?"],
             "The Chrome extension ID is ogkpmnedkcfbjhliaphbclhnfkgbhmbe (the manifest key is "
             "pinned, so dev and store builds share it).",
             {"goal": "the Termbase team needs our extension ID for their CORS allowlist, what "
                      "is it?",
              "probe": [bash("jq -r .key .output/chrome-mv3/manifest.json | base64 -d | "
                             "sha256sum | head -c32 | tr 0-9a-f a-p",
                             "ogkpmnedkcfbjhliaphbclhnfkgbhmbe"),
                        read("docs/release.md",
                             "# Releasing\n\nChrome Web Store: https://chromewebstore.google.com/"
                             "detail/termlens/ogkpmnedkcfbjhliaphbclhnfkgbhmbe\nFirefox AMO: "
                             "https://addons.mozilla.org/firefox/addon/termlens/\n")],
              "confirm": "The Chrome extension ID is ogkpmnedkcfbjhliaphbclhnfkgbhmbe: the "
                         "manifest pins a `key`, so unpacked dev builds get the same ID as the "
                         "Web Store build, and the store listing URL matches. The origin to "
                         "allowlist is chrome-extension://ogkpmnedkcfbjhliaphbclhnfkgbhmbe.",
              "said": "it should be the same ID in dev and in the store because we pin the "
                      "manifest key",
              "background": "They're locking the API down so only our extension's origin can "
                            "call it.",
              "misled": [read("e2e/fixtures.ts",
                              "// ID of the unpacked build, from chrome://extensions\nexport "
                              "const extensionId = 'hfdjpncbmegmbkkgeipfbcboealkcmaa';\n")],
              "found": "e2e/fixtures.ts hardcodes hfdjpncbmegmbkkgeipfbcboealkcmaa as the "
                       "extension ID, so that's the one to give them.",
              "correct": "that one's stale, it's from before we pinned the key. the real one's "
                         "on the store listing and dev builds have it too now",
              "partial": "The only ID in the repo is the one hardcoded in e2e/fixtures.ts, and "
                         "it looks like an old unpacked-build ID. Could you check the store "
                         "dashboard?",
              "pasted": "from the store dashboard:\n```\nItem ID: ogkpmnedkcfbjhliaphbclhnfkgbhmbe"
                        "\nStatus: Published - public\nVersion: 2.3.0\n```"}),
        Fact("env-staging-api", "environment", ["tb-staging"],
             ["is it safe to try the suggest-a-term button from a dev build, or does it write "
              "into the production termbase?",
              "what API host does the extension talk to when I run the dev server?"],
             "`pnpm dev` loads .env.development: WXT_API_BASE=https://tb-staging.linguanord.ee/"
             "api/v2 (the staging termbase); production termbase.linguanord.ee is only used by "
             "`pnpm build`.",
             {"goal": "which Termbase API does pnpm dev talk to? I don't want to write test terms "
                      "into the live termbase",
              "probe": [read(".env.development",
                             "WXT_API_BASE=https://tb-staging.linguanord.ee/api/v2\n"
                             "WXT_LOG_LEVEL=debug\n"),
                        bash("curl -s https://tb-staging.linguanord.ee/api/v2/health",
                             "{\"status\":\"ok\",\"env\":\"staging\",\"termCount\":18211}")],
              "confirm": "`pnpm dev` loads .env.development, whose WXT_API_BASE is "
                         "https://tb-staging.linguanord.ee/api/v2 - the staging termbase (its "
                         "health endpoint says env: staging, 18,211 terms). The production "
                         "host, termbase.linguanord.ee, only comes in with `pnpm build`.",
              "said": "dev builds should be hitting the staging termbase, not the live one",
              "background": "I'm about to test the 'suggest a term' button, which POSTs new "
                            "entries.",
              "misled": [read(".env", "WXT_API_BASE=https://termbase.linguanord.ee/api/v2\n")],
              "found": ".env sets WXT_API_BASE to https://termbase.linguanord.ee/api/v2, so dev "
                       "builds talk to the live termbase - careful with the suggest button.",
              "correct": "no - .env is only the fallback. dev mode loads .env.development on top "
                         "and that one points at staging",
              "partial": "There's a .env with the production URL, and WXT layers mode-specific "
                         "files on top of it, but no .env.development is tracked - it's probably "
                         "gitignored. Can you check your local copy?",
              "pasted": "```\n$ cat .env.development\nWXT_API_BASE=https://tb-staging.linguanord."
                        "ee/api/v2\nWXT_LOG_LEVEL=debug\n```"}),
        Fact("gotcha-sw-idle", "gotcha", ["storage.session"],
             ["users get logged out of the extension randomly after a minute or so of "
              "inactivity, why?",
              "where should the background script keep the auth token so it doesn't get lost?"],
             "The MV3 background is a service worker that Chrome stops after ~30 s idle, wiping "
             "module-level variables: keep the auth token (and caches) in chrome.storage.session, "
             "not in globals.",
             {"symptom": "after a while the tooltip says 'not signed in' even though I logged in "
                         "10 minutes ago. reopening the popup fixes it",
              "probe": [read(bg,
                             "let authToken: string | null = null;\nconst glossary = new "
                             "Map<string, TermEntry[]>();\n\nexport default defineBackground(() "
                             "=> {\n  onMessage('signIn', async ({ data }) => { authToken = await "
                             "login(data); });\n  onMessage('lookup', ({ data }) => authToken ? "
                             "lookup(authToken, data) : { error: 'not signed in' });\n});\n"),
                        bash("grep -n 'Service worker' ~/Downloads/termlens-console.log | tail -2",
                             "412: [sw] Service worker stopped (idle timeout)\n418: [sw] Service "
                             "worker started (message: lookup)")],
              "explain": "The token lives in a module-level variable of the background script. "
                         "In MV3 that script is a service worker, and Chrome stops it after about "
                         "30 seconds without events; the next message starts a fresh worker in "
                         "which authToken is null again. Anything that must outlive the worker "
                         "has to go into chrome.storage.session (kept in memory, cleared when the "
                         "browser closes, never written to disk).",
              "fix": [edit(bg, "let authToken: string | null = null;\n",
                           "// MV3: Chrome stops this worker after ~30 s idle and module state is "
                           "lost -\n// the token lives in storage.session (memory only, survives "
                           "worker restarts)\nconst getToken = () => storage.getItem<string>("
                           "'session:authToken');\n"),
                      edit(bg, "authToken = await login(data);",
                           "await storage.setItem('session:authToken', await login(data));")],
              "done": "The token now lives in chrome.storage.session (through wxt/storage's "
                      "session: area) instead of a module variable, so it survives the worker "
                      "being stopped; a lookup 40 s after signing in still returns terms.",
              "lesson": "MV3 background = service worker, Chrome kills it after ~30s idle and "
                        "every global is gone. anything that has to survive (token, caches) goes "
                        "in storage.session, never module-level variables",
              "found": "it's the service worker getting killed, isn't it. the token's just a "
                       "variable in background.ts",
              "extend": "oh wow, so the glossary Map in there gets wiped as well? that explains "
                        "the random slow lookups",
              "background": "Translators sign in once in the morning and leave the CAT tool open "
                            "all day, on Chrome mostly."}),
        Fact("gotcha-iframe", "gotcha", ["allFrames"],
             ["the glossary popup works on the CAT tool's dashboard but not inside its editor, "
              "why?",
              "why doesn't the content script see text I select in the segment grid?"],
             "Phrase's (and memoQweb's) segment editor is an iframe; content scripts only run in "
             "the top frame unless allFrames: true is set.",
             {"symptom": "the tooltip works on the Phrase project list but not in the actual "
                         "editor where the segments are. nothing happens when I select text "
                         "there",
              "probe": [read(content_script,
                             "export default defineContentScript({\n  matches: ['https://cloud."
                             "memsource.com/*'],\n  main(ctx) {\n    document.addEventListener("
                             "'mouseup', () => showTooltipForSelection(ctx));\n  },\n});\n"),
                        bash("grep -o '<iframe[^>]*>' ~/Downloads/phrase-editor.html",
                             "<iframe id=\"segments-frame\" src=\"/web/editor-frame/segments?"
                             "job=8fK2\">")],
              "explain": "The segment grid in Phrase's editor is inside an iframe, and a content "
                         "script only runs in the top frame unless it asks for allFrames: true. "
                         "The mouseup listener sits on the outer document, so selections inside "
                         "the segments never reach it.",
              "fix": [edit(content_script,
                           "  matches: ['https://cloud.memsource.com/*'],\n",
                           "  matches: ['https://cloud.memsource.com/*'],\n  // the editor's "
                           "segment grid is an iframe: without this we only see the top frame\n"
                           "  allFrames: true,\n")],
              "done": "The content script now runs with allFrames: true, so it's injected into "
                      "the segments iframe too; selecting a term in the editor shows the "
                      "tooltip.",
              "lesson": "content scripts only go into the top frame by default. CAT editors put "
                        "the segments in iframes, so it's allFrames: true or nothing works in the "
                        "editor",
              "found": "I bet the editor is an iframe and our script only runs in the top frame",
              "extend": "ha, of course it's an iframe. memoQweb does the same I think, keep it "
                        "in mind",
              "background": "It works fine on the project list page, which is Phrase's outer "
                            "page."}),
        Fact("fals-sidepanel", "falsified", ["sidePanel"],
             ["could the glossary live in a panel beside the page instead of the popup that "
              "keeps closing?",
              "why didn't we build a sidebar for TermLens?"],
             "Chrome's sidePanel API was tried (spike/side-panel) and dropped: Firefox doesn't "
             "have it (only sidebar_action, which behaves differently) and a third of the "
             "translators use Firefox; the popup stays.",
             {"ask": "move the glossary results from the popup into a side panel so translators "
                     "can keep it open while they work",
              "change": [edit("wxt.config.ts",
                              "    permissions: ['storage', 'scripting'],\n",
                              "    permissions: ['storage', 'scripting', 'sidePanel'],\n    "
                              "side_panel: { default_path: 'sidepanel.html' },\n"),
                         write("entrypoints/sidepanel/index.html",
                               "<!doctype html>\n<html>\n  <body>\n    <div id=\"app\"></div>\n"
                               "    <script type=\"module\" src=\"./main.tsx\"></script>\n  "
                               "</body>\n</html>\n")],
              "broke": bash("pnpm build -b firefox && pnpm exec web-ext lint -s "
                            ".output/firefox-mv3",
                            "✔ Built extension in 2.9 s\nValidation Summary:\nerrors          0\n"
                            "warnings        2\n\nWARNINGS:\nMANIFEST_FIELD_UNSUPPORTED  "
                            "\"/side_panel\" is not supported.\nUNSUPPORTED_API  "
                            "sidePanel.setOptions is not supported", 1),
              "revert": bash("git checkout -- wxt.config.ts && rm -rf entrypoints/sidepanel", ""),
              "conclusion": "Chrome's sidePanel API doesn't exist in Firefox - it has "
                            "sidebar_action instead, with a different lifecycle and no per-tab "
                            "panels - and about a third of the translators are on Firefox. A "
                            "panel for both would mean two entrypoints with different messaging.",
              "why_user": "a third of the team is on Firefox, two panel implementations isn't "
                          "happening",
              "lesson": "Chrome's sidePanel API is Chrome-only, Firefox has sidebar_action which "
                        "behaves differently. two implementations of one feature isn't worth it, "
                        "the popup stays",
              "history": "we looked at Chrome's sidePanel API in the spring, but Firefox doesn't "
                         "have it and a third of the translators use Firefox, so that's off the "
                         "table.",
              "pain": "translators hate that the popup closes every time they click back into "
                      "the editor",
              "idea": "a side panel next to the page",
              "alternative": "Keep it cross-browser: pin the results as a small draggable panel "
                             "inside the page itself, rendered by the content script in a shadow "
                             "root, so it stays open while they type.",
              "history_probe": [bash("git log --all --oneline -i --grep='side panel'",
                                     "e44b7a1 (origin/spike/side-panel) spike: glossary in a "
                                     "chrome side panel"),
                                bash("git show -s --format=%b e44b7a1",
                                     "Abandoned: sidePanel is Chrome-only. Firefox only has "
                                     "sidebar_action, with a\ndifferent lifecycle, and a third "
                                     "of the translators use Firefox.")],
              "found_history": "There's an abandoned spike for it, spike/side-panel (e44b7a1): "
                               "it used Chrome's sidePanel API and was dropped because Firefox "
                               "doesn't have that API - only sidebar_action, which works "
                               "differently - and a third of the translators are on Firefox."}),
        Fact("fals-offline-cache", "falsified", ["unlimitedStorage"],
             ["could we keep a local copy of the terminology so lookups work without a "
              "connection?",
              "has anyone looked at making TermLens work offline?"],
             "An offline copy of the whole termbase (IndexedDB + unlimitedStorage) was tried and "
             "reverted: the ~12-minute sync outlives the MV3 worker's 5-minute limit, and "
             "NDA-covered client glossaries may not be stored on freelancers' devices.",
             {"ask": "cache the whole termbase in IndexedDB so lookups work offline, it's only "
                     "about 150 MB",
              "change": [edit("wxt.config.ts",
                              "    permissions: ['storage', 'scripting'],\n",
                              "    permissions: ['storage', 'scripting', 'unlimitedStorage'],\n"),
                         write("utils/offline-cache.ts",
                               "import Dexie from 'dexie';\n\nexport const db = new Dexie("
                               "'termbase');\ndb.version(1).stores({ terms: '++id, lang, lemma' "
                               "});\n")],
              "broke": bash("node scripts/measure-sync.mjs",
                            "fetched 176,204 of 412,880 entries (64.6 MB) before the worker was "
                            "stopped at 5m00s (event exceeded time limit)\nestimated full sync: "
                            "11m42s, 151.3 MB", 1),
              "revert": bash("git checkout -- wxt.config.ts && rm utils/offline-cache.ts", ""),
              "conclusion": "The full sync needs unlimitedStorage and would take almost 12 "
                            "minutes, but MV3 stops the worker after 5 minutes on one event, so "
                            "it never finishes - it got 176k of 413k entries. Resumable chunks "
                            "could work around that, at the cost of 150 MB per install.",
              "why_user": "and the client glossaries are under NDA anyway, legal won't let them "
                          "sit on freelancers' laptops",
              "lesson": "offline termbase in IndexedDB + unlimitedStorage: the sync takes 12 min "
                        "and the worker gets killed at 5, and the NDA glossaries can't be stored "
                        "on freelancer laptops anyway. don't",
              "history": "Marta tried caching the whole termbase offline with IndexedDB and "
                         "unlimitedStorage last year; the sync never finished inside the worker's "
                         "time limit and legal vetoed keeping client glossaries locally anyway.",
              "pain": "lookups are slow on the translators' hotel wifi, up to 3 s a term",
              "idea": "an offline copy of the whole termbase",
              "alternative": "Make each lookup cheaper instead: when a segment opens, send all "
                             "its words in one batched request, and keep those results in memory "
                             "for as long as the segment is open.",
              "history_probe": [bash("git log --oneline --all -S unlimitedStorage",
                                     "7d3c0aa Revert \"offline termbase cache\"\n2b91f5e offline "
                                     "termbase cache (IndexedDB + unlimitedStorage)"),
                                bash("git show -s --format=%b 7d3c0aa",
                                     "Full sync ~12 min; the worker is stopped at 5 min so it "
                                     "never completes.\nLegal: client glossaries are under NDA "
                                     "and may not be stored on freelancer devices.")],
              "found_history": "Marta's attempt is in the history: 2b91f5e added an IndexedDB "
                               "cache with the unlimitedStorage permission and 7d3c0aa reverted "
                               "it. The full sync took about 12 minutes, MV3 stops the worker at "
                               "5, and legal ruled that NDA'd client glossaries can't be stored "
                               "on freelancers' devices."}),
    ]
    noise = [
        _look("what does utils/lemmatize.ts do? never touched it", "utils/lemmatize.ts",
              "const SUFFIXES_ET = ['dega', 'tega', 'ide', 'iga', 'ga', 'de', 'te', 'le', 'lt', "
              "'st', 's', 'd'];\n\nexport function lemmaCandidates(word: string, lang: string): "
              "string[] {\n  const w = word.toLowerCase().normalize('NFC');\n  if (lang !== 'et') "
              "return [w];\n  return [w, ...SUFFIXES_ET.filter((s) => w.endsWith(s) && w.length "
              "- s.length >= 3).map((s) => w.slice(0, -s.length))];\n}\n",
              "It turns a selected word into candidate base forms before the termbase lookup. "
              "For Estonian it strips common case and plural endings (-dega, -ga, -st, -le and "
              "so on) as long as three letters remain, returning the word plus each stripped "
              "form; for other languages it only lower-cases and NFC-normalises."),
        _find("where do we send the lookup message from", "sendMessage\\('lookup'",
              [content_script, "components/Tooltip.tsx"],
              "From the content script when a selection ends, and from the tooltip when the "
              "user switches the target language."),
        _tweak("typo in the popup header: 'Glosary'", "entrypoints/popup/App.tsx",
               "<h1>TermLens Glosary</h1>", "<h1>TermLens Glossary</h1>"),
        _run("run the unit tests", "pnpm vitest run",
             " ✓ utils/lemmatize.test.ts (11 tests) 9ms\n ✓ components/Tooltip.test.tsx (7 "
             "tests) 88ms\n ✓ utils/storage.test.ts (6 tests) 41ms\n\n Test Files  7 passed "
             "(7)\n      Tests  48 passed (48)",
             "All 48 unit tests pass."),
        _talk("explain isolated world vs main world for content scripts, quickly",
              "A content script normally runs in an isolated world: it shares the page's DOM "
              "but has its own JavaScript globals, so it can't see the page's variables or "
              "monkey-patched functions, and the page can't see its own. A script injected into "
              "the main world runs as if the page had loaded it - it can reach the page's JS "
              "objects, but it loses the extension APIs and the page can tamper with it. Stay "
              "isolated unless you need the page's own objects."),
        _steps("add a lemmatize test for 'terminitega'",
               [edit("utils/lemmatize.test.ts", "describe('lemmaCandidates', () => {\n",
                     "describe('lemmaCandidates', () => {\n  it('strips the comitative plural', "
                     "() => {\n    expect(lemmaCandidates('terminitega', 'et')).toContain("
                     "'termini');\n  });\n"),
                bash("pnpm vitest run utils/lemmatize",
                     " ✓ utils/lemmatize.test.ts (12 tests) 10ms\n\n Test Files  1 passed (1)\n"
                     "      Tests  12 passed (12)")],
               "Added the case; 'terminitega' yields 'termini' among its candidates, and the "
               "file passes."),
        _talk("how do I undo my last commit but keep the changes staged",
              "`git reset --soft HEAD~1`: the commit is gone and its changes stay staged. With "
              "`--mixed` (the default) they stay in the working tree but unstaged. If you had "
              "already pushed it, prefer `git revert` so history isn't rewritten."),
        _tweak("make the tooltip text 14px instead of 13px", "components/Tooltip.css",
               ".tooltip {\n  font: 13px/1.4 system-ui, sans-serif;\n",
               ".tooltip {\n  font: 14px/1.4 system-ui, sans-serif;\n",
               "Tooltip text is 14px now."),
    ]
    return Project(
        "termlens", "git@github.com:linguanord/termlens.git",
        {"README.md": "# TermLens\n\nTermbase lookups in web CAT tools.\n",
         "package.json": "{\n  \"name\": \"termlens\",\n  \"private\": true\n}\n"},
        facts, noise, "postgres")


def beakercraft() -> Project:
    """A Fabric mod for Minecraft 1.20.1 written for a Scottish secondary school's chemistry
    club: elements, a bunsen burner, a reaction vessel block entity, a periodic-table block.
    Java 17, Fabric Loom with Yarn mappings, Fabric API datagen, GameTests, a club server on the
    school's Pterodactyl panel."""
    pkg = "src/main/java/uk/dunmore/beakercraft"
    vessel_be = f"{pkg}/block/entity/ReactionVesselBlockEntity.java"
    burner = f"{pkg}/block/BunsenBurnerBlock.java"
    facts = [
        Fact("conv-datagen", "convention", ["src/main/generated"],
             ["how do I add a new loot table for the fume cupboard block?",
              "can I just drop a recipe json into the resources folder?"],
             "Recipes, loot tables, tags, models and lang entries are generated by the datagen "
             "providers (./gradlew runDatagen) into src/main/generated and committed - never "
             "hand-written JSON under src/main/resources/data.",
             {"rule": "recipes, loot tables, tags, models and lang entries all come from the "
                      "datagen providers - the JSON lands in src/main/generated and nobody "
                      "hand-writes JSON under src/main/resources/data",
              "task": "add a crafting recipe for the bunsen burner: iron ingot on top, copper "
                      "ingot in the middle, flint and steel at the bottom",
              "background": "The bunsen burner block exists but you can only get it from the "
                            "creative tab, and the club wants to play survival next term.",
              "aside": "Mr Okafor is updating the club server on Thursday.",
              "follow": [edit(f"{pkg}/datagen/BeakerRecipeProvider.java",
                              "    public void generate(Consumer<RecipeJsonProvider> exporter) "
                              "{\n",
                              "    public void generate(Consumer<RecipeJsonProvider> exporter) "
                              "{\n        ShapedRecipeJsonBuilder.create(RecipeCategory.TOOLS, "
                              "BeakerBlocks.BUNSEN_BURNER)\n            .pattern(\"I\")."
                              "pattern(\"C\").pattern(\"F\")\n            .input('I', Items."
                              "IRON_INGOT).input('C', Items.COPPER_INGOT).input('F', Items."
                              "FLINT_AND_STEEL)\n            .criterion(hasItem(Items."
                              "COPPER_INGOT), conditionsFromItem(Items.COPPER_INGOT))\n"
                              "            .offerTo(exporter);\n"),
                         bash("./gradlew runDatagen",
                              "> Task :runDatagen\n[Render thread/INFO] (Minecraft) "
                              "Beakercraft/Recipes: 2 new files\nBUILD SUCCESSFUL in 41s"),
                         bash("git status --short src/main/generated",
                              "?? src/main/generated/data/beakercraft/recipes/bunsen_burner."
                              "json\n?? src/main/generated/data/beakercraft/advancements/"
                              "recipes/tools/bunsen_burner.json")],
              "done": "The recipe is in BeakerRecipeProvider, and runDatagen wrote "
                      "src/main/generated/data/beakercraft/recipes/bunsen_burner.json plus its "
                      "unlock advancement - nothing hand-written under src/main/resources.",
              "noticed": "There's no hand-written JSON under src/main/resources/data: recipes, "
                         "loot tables, tags and lang entries all come from the providers in the "
                         "datagen package, and their output is checked in under "
                         "src/main/generated.",
              "evidence": [bash("find src/main/resources/data -name '*.json' | wc -l; find "
                                "src/main/generated -name '*.json' | wc -l", "0\n214"),
                           read("build.gradle",
                                "fabricApi {\n    configureDataGeneration()\n}\n\nloom {\n    "
                                "accessWidenerPath = file(\"src/main/resources/beakercraft."
                                "accesswidener\")\n}\n")],
              "extend": "yep. and commit the generated files in the same commit as the provider "
                        "change, CI checks they're in sync",
              "question": "how do recipes normally get added here?",
              "partial": "There's a datagen package with providers, but the resources folder "
                         "also has a hand-made assets/ tree with textures, so I'm not sure "
                         "whether data JSON is ever written by hand.",
              "completion": "ok, from the README's contributing bit: all data JSON comes from "
                            "datagen providers, the output goes to src/main/generated, never "
                            "hand-write JSON in resources/data. textures are the only hand-made "
                            "files"}),
        Fact("conv-elements", "convention", ["elements.csv"],
             ["the atomic mass of chlorine in the mod is wrong, where do I fix it?",
              "I'm adding a new element block - where should its colour and mass be defined?"],
             "Element properties (atomic number, mass, state, colour) come only from "
             "src/main/resources/elements.csv, loaded by ElementTable - never hardcoded in Java.",
             {"rule": "element properties (atomic number, mass, colour, state at room "
                      "temperature) only come from elements.csv through ElementTable - never "
                      "hardcode them in Java",
              "task": "add argon and neon for the noble gas lesson, they're gases so they go in "
                      "the gas canister item",
              "background": "Ms Reid wants a noble-gas lesson next week: a canister of each gas "
                            "glowing in its discharge colour.",
              "aside": "the textures are done, they're in Isla's PR",
              "follow": [edit("src/main/resources/elements.csv",
                              "9,F,Fluorine,18.998,gas,#B3FF8F\n",
                              "9,F,Fluorine,18.998,gas,#B3FF8F\n10,Ne,Neon,20.180,gas,#FF4F2E\n"),
                         edit("src/main/resources/elements.csv",
                              "17,Cl,Chlorine,35.45,gas,#1FF01F\n",
                              "17,Cl,Chlorine,35.45,gas,#1FF01F\n18,Ar,Argon,39.95,gas,"
                              "#B57EDC\n"),
                         bash("./gradlew test --tests '*ElementTableTest*'",
                              "ElementTableTest > loadsAllRows() PASSED\nElementTableTest > "
                              "gasesGetCanisters() PASSED\nBUILD SUCCESSFUL in 9s")],
              "done": "Neon (10) and argon (18) are now rows in src/main/resources/elements.csv "
                      "- mass, gas state, discharge colour - and ElementTable gives them "
                      "canisters automatically; no element data in Java. The table test passes.",
              "noticed": "Element data never appears in Java here: ElementTable loads every "
                         "property - atomic number, mass, state, colour - from "
                         "src/main/resources/elements.csv, and items and blocks are registered "
                         "from those rows.",
              "evidence": [read(f"{pkg}/element/ElementTable.java",
                                "public final class ElementTable {\n    /** Single source of "
                                "element data: one CSV row per element. */\n    private static "
                                "final String SOURCE = \"/elements.csv\";\n\n    public static "
                                "List<Element> load() {\n        return CsvRows.read(SOURCE)."
                                "map(Element::fromRow).toList();\n    }\n}\n"),
                           grep("atomicMass\\s*=\\s*[0-9]", [])],
              "extend": "correct - the physics teacher checks the csv against the data booklet "
                        "every year and she doesn't read Java",
              "question": "where do element properties live?",
              "partial": "ElementTable is where items get their properties from, but I only see "
                         "the loader, not the data itself - it might be a resource or a "
                         "generated file.",
              "completion": "found it: everything comes from src/main/resources/elements.csv "
                            "via ElementTable. never hardcode element props in Java, Ms Reid "
                            "checks the csv against the data booklet every year"}),
        Fact("cmd-gametest", "command", ["runGametest"],
             ["./gradlew test passes but it clearly didn't run the reaction vessel tests, how "
              "do I run those?",
              "how do we run the in-world tests for blocks?"],
             "Block and reaction tests are Fabric GameTests: run them with `./gradlew "
             "runGametest` (a headless server); `./gradlew test` only runs the JUnit unit tests.",
             {"goal": "run the tests for the reaction vessel, I changed how it mixes two reagents",
              "fail": bash("./gradlew test",
                           "> Task :test\n\nElementTableTest > loadsAllRows() PASSED\n"
                           "ElementTableTest > gasesGetCanisters() PASSED\n\nBUILD SUCCESSFUL in "
                           "12s"),
              "note": "That only ran the two ElementTable unit tests - nothing for the vessel. "
                      "Filtering for its tests.",
              "fail2": bash("./gradlew test --tests '*ReactionVessel*'",
                            "> Task :test FAILED\n\nExecution failed for task ':test'.\n> No "
                            "tests found for given includes: [*ReactionVessel*](--tests filter)"
                            "\n\nBUILD FAILED in 4s", 1),
              "ok": bash("./gradlew runGametest",
                         "> Task :runGametest\n[Server thread/INFO] (Minecraft) 6 required tests "
                         "are now running at position: BlockPos{x=0, y=-60, z=0}!\n[Server "
                         "thread/ERROR] (Minecraft) reactionvessel.mixes_acid_and_base failed! "
                         "Expected salt_solution in slot 0, got water\n[Server thread/INFO] "
                         "(Minecraft) 5 / 6 passed\nBUILD FAILED in 1m 8s", 1),
              "done": "The vessel tests are Fabric GameTests, which only run in a headless "
                      "server through `./gradlew runGametest` - `./gradlew test` is just the "
                      "JUnit unit tests. 5 of 6 pass; reactionvessel.mixes_acid_and_base fails "
                      "(expected salt_solution, got water), so the change broke acid + base.",
              "gist": "The vessel tests are @GameTest classes: they need a running world, so "
                      "JUnit's test task never sees them - Loom runs them in a headless server "
                      "with its runGametest task.",
              "recipe": (".github/workflows/build.yml",
                         "jobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: "
                         "actions/checkout@v4\n      - run: ./gradlew build\n      # GameTests "
                         "need a world: a headless server, not JUnit\n      - run: ./gradlew "
                         "runGametest\n"),
              "grep": "gradlew",
              "search": "gametest task",
              "dump_line": "Note the vessel/reaction tests are GameTests, they only run with "
                           "`./gradlew runGametest`, plain `test` just does the unit tests.",
              "background": "Isla reported that mixing HCl and NaOH in the vessel gives water "
                            "but no salt solution, so I rewrote the vessel's mix() to handle "
                            "the salt product.",
              "hint": "those are gametests, ./gradlew runGametest",
              "hint_partial": "they're not normal junit tests, they run inside a world somehow. "
                              "there's a gradle task for it, one sec",
              "recap": "reaction/block tests = GameTests = ./gradlew runGametest. ./gradlew test "
                       "only runs the junit stuff and happily says BUILD SUCCESSFUL"}),
        Fact("cmd-push", "command", ["push-mod.sh"],
             ["how do I deploy a new jar of the mod to the school's Minecraft server?",
              "scp to the club server says permission denied, how are we meant to upload "
              "builds?"],
             "Deploy to the club server with ./scripts/push-mod.sh (remapJar, upload over the "
             "Pterodactyl panel's SFTP on port 2022, scheduled restart) - there is no SSH or scp "
             "to the box.",
             {"goal": "put the new build on the club server, Mr Okafor wants to try the burner "
                      "on Thursday",
              "fail": bash("./gradlew build && scp build/libs/beakercraft-1.4.0.jar "
                           "mc.dunmore.sch.uk:/srv/minecraft/mods/",
                           "BUILD SUCCESSFUL in 38s\ndev@mc.dunmore.sch.uk: Permission denied "
                           "(publickey).\nscp: Connection closed", 1),
              "note": "No SSH access to the host. Trying SFTP with the club account instead.",
              "fail2": bash("sftp beaker@mc.dunmore.sch.uk",
                            "beaker@mc.dunmore.sch.uk: Permission denied (publickey,password).\n"
                            "Connection closed", 255),
              "ok": bash("./scripts/push-mod.sh",
                         "> Task :remapJar\nBUILD SUCCESSFUL in 36s\nUploading build/libs/"
                         "beakercraft-1.4.0.jar -> sftp://panel.dunmore.sch.uk:2022/mods/\n"
                         "Removed old mods/beakercraft-1.3.2.jar\nPanel: restart scheduled for "
                         "16:00 (after club)"),
              "done": "Uploaded with ./scripts/push-mod.sh: it builds the remapped jar, pushes "
                      "it through the Pterodactyl panel's SFTP on port 2022 with the bot "
                      "account, removes 1.3.2 and schedules a restart for 16:00, after club. "
                      "The server box itself doesn't take SSH.",
              "gist": "The club server runs in a Pterodactyl container with no SSH to the box: "
                      "mods go up through the panel's SFTP on port 2022 with the bot account, "
                      "and the repo's push script does that plus the restart.",
              "recipe": ("scripts/push-mod.sh",
                         "#!/usr/bin/env bash\n# The club server is a Pterodactyl container: no "
                         "ssh, upload via the panel's SFTP (2022)\nset -euo pipefail\n./gradlew "
                         "remapJar\njar=$(ls build/libs/beakercraft-*[0-9].jar)\nlftp -u "
                         "\"$PANEL_SFTP_USER\", -e \"rm mods/beakercraft-*.jar; put $jar -o "
                         "mods/; bye\" sftp://panel.dunmore.sch.uk:2022\n./scripts/panel.sh "
                         "schedule restart-after-club\n"),
              "grep": "sftp",
              "search": "deploy",
              "dump_line": "To get a build onto the server use `./scripts/push-mod.sh`, there's "
                           "no ssh to that box, everything goes through the panel.",
              "background": "The club meets Thursdays 15:00-16:00 in the physics lab; the server "
                            "lives on the school's Pterodactyl panel that IT manages.",
              "hint": "no ssh on that box, it's all through the panel. ./scripts/push-mod.sh "
                      "does the upload and the restart",
              "hint_partial": "you can't ssh into it, IT only gave us the panel. there's a "
                              "script that uploads through the panel, let me find the name",
              "recap": "builds go to the club server ONLY via ./scripts/push-mod.sh (panel sftp "
                       "+ scheduled restart), no ssh/scp to the box"}),
        Fact("env-loader", "environment", ["0.15.11"],
             ["what Fabric Loader is the school server on?",
              "I want to use a newer loader feature - is the club server's loader new enough?"],
             "The club server runs Fabric Loader 0.15.11 on Minecraft 1.20.1 with Java 17 "
             "(Temurin); gradle.properties pins loader_version=0.15.11 to match.",
             {"goal": "which Fabric Loader version does the club server run? I want to bump our "
                      "fabric-api dependency and need to stay compatible",
              "probe": [bash("./scripts/panel.sh startup",
                             "SERVER_JARFILE=fabric-server-mc.1.20.1-loader.0.15.11-launcher."
                             "1.0.1.jar\nJAVA_VERSION=17 (Temurin 17.0.11)\n"
                             "MINECRAFT_VERSION=1.20.1"),
                        read("gradle.properties",
                             "minecraft_version=1.20.1\nyarn_mappings=1.20.1+build.10\n"
                             "loader_version=0.15.11\nfabric_version=0.92.2+1.20.1\n")],
              "confirm": "The club server runs Fabric Loader 0.15.11 on Minecraft 1.20.1 with "
                         "Java 17 (Temurin 17.0.11), and gradle.properties already pins "
                         "loader_version=0.15.11 to match - any fabric-api build for 1.20.1 that "
                         "works on loader 0.15.11 is fine.",
              "said": "the server got a newer loader in the summer, same as our "
                      "gradle.properties I think",
              "background": "fabric-api 0.92.2 has a block entity renderer bug in 1.20.1 that "
                            "Isla keeps running into.",
              "misled": [read("README.md",
                              "## Requirements\n\n- Minecraft 1.20.1\n- Fabric Loader 0.14.21 "
                              "or newer\n- Fabric API\n")],
              "found": "The README says the mod needs Fabric Loader 0.14.21 or newer, so the "
                       "server should be on 0.14.21.",
              "correct": "that's just the minimum in the README, and it's ancient. the server was "
                         "upgraded in the summer, it's on a 0.15 loader - check the panel",
              "partial": "The README only states a minimum loader, and gradle.properties is for "
                         "development; nothing in the repo says what the panel actually runs. "
                         "Could you look at the server's Startup tab?",
              "pasted": "from the panel's Startup tab:\n```\nServer Jar File: "
                        "fabric-server-mc.1.20.1-loader.0.15.11-launcher.1.0.1.jar\nJava "
                        "Version: 17\n```"}),
        Fact("env-test-port", "environment", ["25566"],
             ["what's the address of the staff test Minecraft server?",
              "where can I try a build before it goes on the server the students play on?"],
             "The whitelisted test server is mc.dunmore.sch.uk:25566; 25565 on the same host is "
             "the live club server the students use.",
             {"goal": "I want to join the test server from my laptop to try the bunsen burner "
                      "before it goes on the real one - what's the address?",
              "probe": [read("docs/servers.md",
                             "| server | address | notes |\n|---|---|---|\n| club (live) | "
                             "mc.dunmore.sch.uk:25565 | Thursday club, students |\n| test | "
                             "mc.dunmore.sch.uk:25566 | staff + club devs, whitelist |\n"),
                        bash("nc -zv mc.dunmore.sch.uk 25566",
                             "Connection to mc.dunmore.sch.uk 25566 port [tcp/*] succeeded!")],
              "confirm": "The test server is mc.dunmore.sch.uk:25566 (whitelisted: staff and "
                         "club devs); 25565 on the same host is the live club server the "
                         "students use.",
              "said": "the test instance is NOT on the default port, don't put test builds on "
                      "the live one",
              "background": "Students log into the live server during club, so I never test "
                            "there.",
              "misled": [read("scripts/launch-client.sh",
                              "#!/usr/bin/env bash\n# join the club server from a dev client\n"
                              "./gradlew runClient --args=\"--quickPlayMultiplayer "
                              "mc.dunmore.sch.uk:25565\"\n")],
              "found": "scripts/launch-client.sh joins mc.dunmore.sch.uk:25565, so that's the "
                       "address.",
              "correct": "no no, 25565 is the live club server with the kids on it. the test "
                         "server is on the same host, one port up",
              "partial": "The launch script only knows the live address, mc.dunmore.sch.uk:25565; "
                         "I can't find where the test instance listens. Do you have it in your "
                         "multiplayer list or the panel?",
              "pasted": "panel says:\n```\ndunmore-test   mc.dunmore.sch.uk:25566   Running   "
                        "3/10 players\ndunmore-club   mc.dunmore.sch.uk:25565   Running   0/40 "
                        "players\n```"}),
        Fact("gotcha-client-class", "gotcha", ["MinecraftClient"],
             ["the mod loads fine in singleplayer but the dedicated server dies at startup with "
              "a 'cannot load class' error, what's wrong?",
              "is it ok to check a client option from inside a block class?"],
             "Common code (blocks, items) must never reference MinecraftClient or other "
             "net.minecraft.client classes: the dedicated server crashes with 'Cannot load class "
             "... in environment type SERVER', which runClient never shows.",
             {"symptom": "works perfectly in runClient but the club server crashes on startup "
                         "with the new build",
              "probe": [bash("./scripts/panel.sh logs | grep -m2 -E 'Exception|Caused by'",
                             "java.lang.RuntimeException: Could not execute entrypoint stage "
                             "'main' due to errors, provided by 'beakercraft'\nCaused by: "
                             "java.lang.RuntimeException: Cannot load class net.minecraft.client."
                             "MinecraftClient in environment type SERVER"),
                        grep("MinecraftClient", [burner]),
                        read(burner,
                             "    @Override\n    public void randomDisplayTick(BlockState state, "
                             "World world, BlockPos pos, Random random) {\n        if ("
                             "MinecraftClient.getInstance().options.getParticles().getValue() == "
                             "ParticlesMode.MINIMAL) return;\n        world.addParticle("
                             "ParticleTypes.FLAME, pos.getX() + 0.5, pos.getY() + 1.0, pos.getZ() "
                             "+ 0.5, 0, 0.02, 0);\n    }\n")],
              "explain": "BunsenBurnerBlock is common code - it loads on the server too - and it "
                         "references MinecraftClient to check the particle setting. The "
                         "dedicated server has no client classes, so loading the block throws "
                         "'Cannot load class ... MinecraftClient in environment type SERVER'. "
                         "runClient never notices because singleplayer's integrated server runs "
                         "inside the client, where the class exists.",
              "fix": [edit(burner,
                           "        if (MinecraftClient.getInstance().options.getParticles()."
                           "getValue() == ParticlesMode.MINIMAL) return;\n",
                           "        // no client classes here: this block also loads on the "
                           "dedicated server\n        // (the particle manager already honours "
                           "the player's setting)\n"),
                      bash("./gradlew runServer --args=nogui 2>&1 | grep -m1 'Done'",
                           "[Server thread/INFO] (Minecraft) Done (6.412s)! For help, type "
                           "\"help\"")],
              "done": "Removed the MinecraftClient reference from BunsenBurnerBlock - "
                      "randomDisplayTick only runs client-side anyway and particles already "
                      "follow the player's setting - and runServer now starts cleanly.",
              "lesson": "runClient hides it because singleplayer has the client classes. "
                        "anything in common code touching MinecraftClient (or any "
                        "net.minecraft.client class) crashes the dedicated server. runServer "
                        "before pushing",
              "found": "it's the client class thing again, something in common code is "
                       "touching MinecraftClient",
              "extend": "argh. so we need runServer in CI too, not just runClient",
              "background": "I only tested in singleplayer before pushing it to the server."}),
        Fact("gotcha-be-sync", "gotcha", ["updateListeners"],
             ["when one player changes a block entity's contents the others don't see it until "
              "they rejoin, what's missing?",
              "does markDirty send the block entity data to the clients?"],
             "markDirty() only marks a block entity for saving: to sync changes to clients, "
             "override toUpdatePacket() (BlockEntityUpdateS2CPacket.create) and call "
             "world.updateListeners(...) after each change - otherwise others only see it after "
             "a chunk reload or relog.",
             {"symptom": "the reaction vessel shows the old liquid colour on other players' "
                         "screens until they relog. the server has the right contents",
              "probe": [read(vessel_be,
                             "    public void setContents(FluidMix mix) {\n        this.contents "
                             "= mix;\n        markDirty();\n    }\n\n    @Override\n    public "
                             "NbtCompound toInitialChunkDataNbt() {\n        return "
                             "createNbt();\n    }\n"),
                        grep("updateListeners|toUpdatePacket", [])],
              "explain": "markDirty() only flags the block entity for saving - it sends nothing "
                         "to clients. The vessel does send its data when a chunk loads (that's "
                         "toInitialChunkDataNbt, which is why a relog fixes it), but a change "
                         "reaches players already nearby only if the block entity has "
                         "toUpdatePacket() and something calls world.updateListeners(...) after "
                         "the change. It has neither.",
              "fix": [edit(vessel_be,
                           "        this.contents = mix;\n        markDirty();\n",
                           "        this.contents = mix;\n        markDirty();\n        // "
                           "markDirty only saves - this is what pushes the change to clients\n"
                           "        if (world != null) world.updateListeners(pos, "
                           "getCachedState(), getCachedState(), Block.NOTIFY_LISTENERS);\n"),
                      edit(vessel_be,
                           "    @Override\n    public NbtCompound toInitialChunkDataNbt() {\n",
                           "    @Override\n    public Packet<ClientPlayPacketListener> "
                           "toUpdatePacket() {\n        return BlockEntityUpdateS2CPacket."
                           "create(this);\n    }\n\n    @Override\n    public NbtCompound "
                           "toInitialChunkDataNbt() {\n")],
              "done": "setContents now calls world.updateListeners after markDirty, and the "
                      "vessel returns BlockEntityUpdateS2CPacket.create(this) from "
                      "toUpdatePacket, so other players see the new colour straight away.",
              "lesson": "markDirty doesn't sync anything to clients, it only marks for saving. "
                        "block entity changes need toUpdatePacket + world.updateListeners, "
                        "otherwise the others only see them after a relog",
              "found": "pretty sure the block entity never sends updates - markDirty doesn't "
                       "sync to clients, right? it needs updateListeners or something",
              "extend": "so every block entity with visible state needs that. the fume cupboard "
                        "probably has the same bug",
              "background": "Only the player who poured sees the right colour, everyone else "
                            "sees the previous mix."}),
        Fact("fals-architectury", "falsified", ["Architectury"],
             ["could we make the mod run on Forge as well as Fabric?",
              "a school that uses Forge wants the mod, what would a port take?"],
             "An Architectury setup (common/fabric/forge) for a Forge build was tried and "
             "dropped: the common module can't use Fabric API (412 compile errors, i.e. a "
             "rewrite) and builds went from 40 s to about 4 min.",
             {"ask": "set the project up with Architectury so we can ship a Forge version too, "
                     "the other school in the league runs Forge",
              "change": [edit("settings.gradle", "rootProject.name = 'beakercraft'\n",
                              "rootProject.name = 'beakercraft'\ninclude 'common', 'fabric', "
                              "'forge'\n"),
                         edit("build.gradle",
                              "plugins {\n    id 'fabric-loom' version '1.6-SNAPSHOT'\n",
                              "plugins {\n    id 'architectury-plugin' version '3.4-SNAPSHOT'\n"
                              "    id 'dev.architectury.loom' version '1.6-SNAPSHOT' apply "
                              "false\n")],
              "broke": bash("./gradlew build 2>&1 | tail -5",
                            "> Task :common:compileJava FAILED\nerror: package "
                            "net.fabricmc.fabric.api.object.builder.v1.block.entity does not "
                            "exist\n412 errors\n\nBUILD FAILED in 3m 51s", 1),
              "revert": bash("git checkout -- settings.gradle build.gradle", ""),
              "conclusion": "Architectury's common module can't see Fabric API, and nearly "
                            "everything here goes through it - registries, block entity types, "
                            "item groups, the GameTests: 412 compile errors, and the build went "
                            "from about 40 s to almost 4 minutes. A Forge port would mean "
                            "rewriting half the mod against Architectury API.",
              "why_user": "builds take forever and it's basically a rewrite, not worth it for "
                          "one other school",
              "lesson": "Architectury multi-loader = rewriting everything off Fabric API + 4 min "
                        "builds. if the other school wants the mod they can run Fabric",
              "history": "we looked at Architectury to also ship for Forge last year; it meant "
                         "rewriting everything that uses Fabric API and builds went to 4 "
                         "minutes, so that's dead.",
              "pain": "the school in the league that runs Forge keeps asking for the mod",
              "idea": "a multi-loader setup so it runs on Forge as well",
              "alternative": "Make Fabric the easy path for them instead: a ready server pack "
                             "(loader, Fabric API and the mod pinned) they can drop onto their "
                             "host next to their Forge server - most panels run both.",
              "history_probe": [bash("git branch -a --list '*forge*'",
                                     "  remotes/origin/attempt/architectury-forge"),
                                bash("git log -1 --format='%h %s%n%n%b' "
                                     "origin/attempt/architectury-forge",
                                     "c0ffe91 wip: architectury common/fabric/forge split\n\n"
                                     "Abandoned: common can't use Fabric API (412 errors), build "
                                     "40s -> 3m51s.\nA Forge port is a rewrite.")],
              "found_history": "There's an abandoned branch, attempt/architectury-forge: it "
                               "split the mod into Architectury common/fabric/forge modules and "
                               "stopped there because the common module can't use Fabric API "
                               "(412 compile errors) and the build went from 40 s to nearly 4 "
                               "minutes - effectively a rewrite."}),
        Fact("fals-mcfunction", "falsified", ["mcfunction"],
             ["could the teachers edit the reaction rules as a datapack instead of Java code?",
              "why are the reactions hardcoded in Java rather than in data?"],
             "Moving the reactions into a datapack (mcfunction files on the tick tag) was tried "
             "and reverted: with 30 vessels the server fell to about 9 TPS (108 ms a tick) "
             "against 20 TPS in Java.",
             {"ask": "move the reaction rules out of Java into a datapack with functions so the "
                     "teachers can edit them without a build",
              "change": [write("src/main/resources/data/beakercraft/functions/react/tick."
                               "mcfunction",
                               "execute as @e[type=beakercraft:reagent_marker] at @s run "
                               "function beakercraft:react/check\n"),
                         write("src/main/resources/data/minecraft/tags/functions/tick.json",
                               "{\"values\": [\"beakercraft:react/tick\"]}\n")],
              "broke": bash("./scripts/bench-ticks.sh 30",
                            "30 vessels, datapack reactions: mean tick 108.4 ms -> 9.2 TPS\n30 "
                            "vessels, Java reactions:     mean tick 31.7 ms -> 20.0 TPS"),
              "revert": bash("git clean -fd src/main/resources/data",
                             "Removing src/main/resources/data/beakercraft/\nRemoving "
                             "src/main/resources/data/minecraft/"),
              "conclusion": "As mcfunction files on the tick tag, the reactions cost 108 ms a "
                            "tick with 30 vessels - the server falls to about 9 TPS, where the "
                            "Java version holds 20. The functions re-scan every marker entity "
                            "on every tick.",
              "why_user": "9 TPS with one class in the lab is unusable",
              "lesson": "reactions in a datapack (mcfunction on the tick tag) = 9 TPS with 30 "
                        "vessels. reactions stay in Java, if teachers want to edit them give "
                        "them a data file",
              "history": "somebody tried moving the reactions into datapack mcfunction files "
                         "last term and the server dropped to 9 TPS, so not that.",
              "pain": "the chemistry teachers want to tweak reactions themselves but every "
                      "change needs me to build and push",
              "idea": "a datapack with function files for the reactions",
              "alternative": "Keep the reactions in Java but load their rules from a data file "
                             "the teachers can edit - a JSON of reagents and products read by a "
                             "reload listener, so /reload picks up their changes without a "
                             "build.",
              "history_probe": [bash("git log --oneline --all -- 'src/main/resources/data/"
                                     "beakercraft/functions'",
                                     "a93e402 Revert \"reactions as datapack functions\"\n"
                                     "6d12b8c reactions as datapack functions"),
                                bash("git show -s --format=%b a93e402",
                                     "30 vessels -> 108 ms/tick, 9 TPS (Java: 20 TPS). "
                                     "Reactions stay in Java.")],
              "found_history": "It was tried: 6d12b8c moved the reactions into datapack "
                               "mcfunction files and a93e402 reverted it - with 30 vessels the "
                               "tick took 108 ms, about 9 TPS, against 20 TPS for the Java "
                               "reactions."}),
    ]
    noise = [
        _look("what does ReactionVessel.mix do exactly", f"{pkg}/reaction/ReactionVessel.java",
              "    public FluidMix mix(FluidMix a, FluidMix b) {\n        Optional<Reaction> r = "
              "reactions.find(a.species(), b.species());\n        if (r.isEmpty()) return "
              "FluidMix.combine(a, b);\n        double heat = r.get().enthalpy() * Math.min("
              "a.moles(), b.moles());\n        return r.get().products(a, b).withTemperature("
              "a.temperature() + heat / HEAT_CAPACITY);\n    }\n",
              "It looks up a reaction for the two species. If there isn't one it just combines "
              "the two mixes; if there is, it produces the reaction's products and raises the "
              "temperature by the reaction enthalpy times the limiting amount, divided by a "
              "fixed heat capacity."),
        _find("where is the periodic table block registered", "PERIODIC_TABLE",
              [f"{pkg}/block/BeakerBlocks.java", f"{pkg}/datagen/BeakerModelProvider.java"],
              "It's registered in BeakerBlocks, and its block-state model is generated in "
              "BeakerModelProvider."),
        _tweak("the burner's name shows as 'Bunsen Burnner' in game",
               f"{pkg}/datagen/BeakerLangProvider.java",
               "builder.add(BeakerBlocks.BUNSEN_BURNER, \"Bunsen Burnner\");",
               "builder.add(BeakerBlocks.BUNSEN_BURNER, \"Bunsen Burner\");",
               "Fixed in the lang provider; the next runDatagen writes it out."),
        _run("spotless check please", "./gradlew spotlessCheck",
             "> Task :spotlessJavaCheck\n> Task :spotlessCheck\nBUILD SUCCESSFUL in 6s",
             "Formatting is clean."),
        _talk("what's the difference between a Block and a BlockEntity? explaining it to a year "
              "10",
              "A Block is the kind of thing - 'reaction vessel' - and there's one object for "
              "it in the whole game; each placed copy is just a block state in the world, which "
              "can only hold a few fixed properties like facing or lit. A BlockEntity is an "
              "extra object attached to one particular placed block that can remember anything: "
              "what's inside this vessel, its temperature, a timer. Blocks are cheap, block "
              "entities cost memory and ticking, so only use them when a block has to remember "
              "something."),
        _steps("make the beaker item stack to 16 instead of 64",
               [edit(f"{pkg}/item/BeakerItems.java",
                     "new BeakerItem(new Item.Settings())",
                     "new BeakerItem(new Item.Settings().maxCount(16))"),
                bash("./gradlew compileJava", "BUILD SUCCESSFUL in 14s")],
               "Beakers now stack to 16."),
        _talk("how do I make git forget a file I already committed but keep it on disk",
              "`git rm --cached path/to/file`, then add it to .gitignore and commit. The file "
              "stays on your disk; other clones will have it deleted on their next pull, so "
              "warn anyone who relies on it."),
        _look("what's in our mixin config?", "src/main/resources/beakercraft.mixins.json",
              "{\n  \"required\": true,\n  \"package\": \"uk.dunmore.beakercraft.mixin\",\n  "
              "\"compatibilityLevel\": \"JAVA_17\",\n  \"mixins\": [\"ItemEntityMixin\"],\n  "
              "\"client\": [\"GameRendererMixin\"],\n  \"injectors\": {\"defaultRequire\": 1}\n}\n",
              "Two mixins: ItemEntityMixin on both sides and GameRendererMixin on the client "
              "only, in the uk.dunmore.beakercraft.mixin package, Java 17 compatibility, and "
              "defaultRequire 1 so a mixin that fails to apply crashes at startup rather than "
              "silently doing nothing."),
    ]
    return Project(
        "beakercraft", "git@github.com:dunmore-stem/beakercraft.git",
        {"README.md": "# Beakercraft\n\nChemistry for the Dunmore Academy chemistry club.\n",
         "gradle.properties": "minecraft_version=1.20.1\n"},
        facts, noise, "github")


def warmlink() -> Project:
    """A Home Assistant custom integration, distributed through HACS, for Fjordvarme's heat
    pumps: a config flow, one DataUpdateCoordinator polling the vendor cloud API through the
    bundled pywarmlink client, climate / water-heater / sensor / select entities; Python 3.12,
    pytest-homeassistant-custom-component, ruff, a VS Code devcontainer."""
    cc = "custom_components/warmlink"
    facts = [
        Fact("conv-coordinator", "convention", ["CoordinatorEntity"],
             ["I want a new binary sensor for the defrost state, should it call the API to get "
              "it?",
              "how do entities in this integration get their data?"],
             "Entities never call the API: they subclass CoordinatorEntity and read "
             "coordinator.data; WarmlinkCoordinator (coordinator.py) does the single poll for "
             "everything, because the cloud rate-limits per account.",
             {"rule": "entities never call the API themselves - they subclass CoordinatorEntity "
                      "and read coordinator.data, and the one WarmlinkCoordinator does all the "
                      "polling",
              "task": "add a sensor for the compressor frequency (the API calls it "
                      "compressor_hz)",
              "background": "The cloud API returns a big status blob per device on every poll. "
                            "Installers want the compressor frequency on the dashboard so they "
                            "can spot short-cycling.",
              "aside": "I'm cutting 1.6.0 on Friday.",
              "follow": [edit(f"{cc}/sensor.py",
                              "SENSORS: tuple[WarmlinkSensorDescription, ...] = (\n",
                              "SENSORS: tuple[WarmlinkSensorDescription, ...] = (\n    "
                              "WarmlinkSensorDescription(\n        key=\"compressor_hz\",\n"
                              "        native_unit_of_measurement=UnitOfFrequency.HERTZ,\n"
                              "        device_class=SensorDeviceClass.FREQUENCY,\n        "
                              "state_class=SensorStateClass.MEASUREMENT,\n        value_fn="
                              "lambda status: status.compressor_hz,\n    ),\n"),
                         bash("pytest tests/test_sensor.py -q", "......\n6 passed in 1.92s")],
              "done": "compressor_hz is a new entry in SENSORS. It's a WarmlinkSensor, which "
                      "subclasses CoordinatorEntity and reads coordinator.data - no extra API "
                      "call, it updates with the existing poll.",
              "noticed": "All entities here subclass CoordinatorEntity (through WarmlinkEntity) "
                         "and read coordinator.data; none of them calls the API client. "
                         "WarmlinkCoordinator in coordinator.py is the only place that polls.",
              "evidence": [grep("client\\.get_", [f"{cc}/coordinator.py"]),
                           read(f"{cc}/entity.py",
                                "class WarmlinkEntity(CoordinatorEntity[WarmlinkCoordinator]):\n"
                                "    \"\"\"Base for every entity: state comes from the "
                                "coordinator's last poll.\"\"\"\n\n    _attr_has_entity_name = "
                                "True\n")],
              "extend": "yes. one poll for everything - the cloud rate-limits per account and "
                        "people have 20+ entities",
              "question": "do entities here fetch their own data or is there a shared poller?",
              "partial": "There's a coordinator.py with a DataUpdateCoordinator, but climate.py "
                         "also imports the client module, so I can't tell whether entities are "
                         "allowed to call the API directly.",
              "completion": "checked the dev notes: entities NEVER call the API, everything "
                            "subclasses CoordinatorEntity and reads coordinator.data. climate "
                            "only imports the client for its exception types"}),
        Fact("conv-entity-names", "convention", ["translation_key"],
             ["how should I set the display name of a new sensor so it shows up translated?",
              "can I just set _attr_name on the new entity?"],
             "Entity names come from a translation_key plus strings.json with "
             "_attr_has_entity_name = True - never a hardcoded _attr_name (users run Home "
             "Assistant in Norwegian and Swedish).",
             {"rule": "entity names come from translation_key + strings.json, with "
                      "_attr_has_entity_name = True - no hardcoded _attr_name strings",
              "task": "add a select entity for the hot-water mode (eco / comfort / boost)",
              "background": "Fjordvarme's API exposes the tank mode as dhw_mode. About half our "
                            "users run HA in Norwegian or Swedish.",
              "aside": "The brands PR is still pending, ignore the missing icon.",
              "follow": [edit(f"{cc}/select.py",
                              "SELECTS: tuple[WarmlinkSelectDescription, ...] = (\n",
                              "SELECTS: tuple[WarmlinkSelectDescription, ...] = (\n    "
                              "WarmlinkSelectDescription(\n        key=\"dhw_mode\",\n        "
                              "translation_key=\"dhw_mode\",\n        options=[\"eco\", "
                              "\"comfort\", \"boost\"],\n        value_fn=lambda status: "
                              "status.dhw_mode,\n    ),\n"),
                         edit(f"{cc}/strings.json",
                              "    \"select\": {\n",
                              "    \"select\": {\n      \"dhw_mode\": {\n        \"name\": \"Hot "
                              "water mode\",\n        \"state\": {\"eco\": \"Eco\", \"comfort\": "
                              "\"Comfort\", \"boost\": \"Boost\"}\n      },\n"),
                         bash(f"cp {cc}/strings.json {cc}/translations/en.json && pytest "
                              "tests/test_select.py -q", "....\n4 passed in 1.33s")],
              "done": "The select uses translation_key=\"dhw_mode\" with has_entity_name, and its "
                      "name and the three option labels live in strings.json (copied to "
                      "translations/en.json), so the Norwegian and Swedish files can follow - no "
                      "hardcoded name.",
              "noticed": "None of the entities sets _attr_name: each has _attr_has_entity_name "
                         "= True and a translation_key, and names and state labels live in "
                         "strings.json.",
              "evidence": [grep("_attr_name\\b", []),
                           read(f"{cc}/strings.json",
                                "{\n  \"entity\": {\n    \"sensor\": {\n      "
                                "\"flow_temperature\": {\"name\": \"Flow temperature\"},\n      "
                                "\"outdoor_temperature\": {\"name\": \"Outdoor temperature\"}\n"
                                "    },\n    \"select\": {\n    }\n  }\n}\n")],
              "extend": "right, and the nb and sv files get filled in by Lise on Lokalise, so "
                        "just add the english",
              "question": "how do we name entities?",
              "partial": "The sensors seem to get their names from strings.json, but the "
                         "climate entity takes its name from the device, so I'm not sure what "
                         "the rule is for a new platform.",
              "completion": "ok found it in CONTRIBUTING: every entity gets _attr_has_entity_name "
                            "= True plus a translation_key, names only in strings.json. no "
                            "_attr_name anywhere, we have norwegian and swedish users"}),
        Fact("cmd-develop", "command", ["scripts/develop"],
             ["how do I run a development Home Assistant instance with this integration loaded?",
              "hass says it can't install pywarmlink when I start it locally, what's the proper "
              "way?"],
             "Run a local Home Assistant with `scripts/develop` (PYTHONPATH with lib/ and the "
             "repo root, hass --config config --skip-pip-packages pywarmlink); plain `hass -c "
             "config` fails because pywarmlink isn't on PyPI.",
             {"goal": "start a local Home Assistant with the integration loaded so I can click "
                      "through the config flow",
              "fail": bash("hass -c config",
                           "2024-11-14 10:02:11.412 ERROR (MainThread) [homeassistant.setup] "
                           "Setup failed for warmlink: Integration not found.\n2024-11-14 "
                           "10:02:11.413 INFO (MainThread) [homeassistant.bootstrap] Home "
                           "Assistant initialized in 4.21s"),
              "note": "HA starts but doesn't find the integration from config/. Linking "
                      "custom_components in.",
              "fail2": bash("ln -sfn ../custom_components config/custom_components && hass -c "
                            "config",
                            "2024-11-14 10:03:02.118 ERROR (SyncWorker_0) [homeassistant.util."
                            "package] Unable to install package pywarmlink==0.9.2: ERROR: Could "
                            "not find a version that satisfies the requirement "
                            "pywarmlink==0.9.2\n2024-11-14 10:03:02.120 ERROR (MainThread) "
                            "[homeassistant.setup] Setup failed for warmlink: Requirements for "
                            "warmlink not found: ['pywarmlink==0.9.2'].", 1),
              "ok": bash("scripts/develop",
                         "+ export PYTHONPATH=/workspaces/warmlink/lib:/workspaces/warmlink\n+ "
                         "hass --config config --debug --skip-pip-packages pywarmlink\n"
                         "2024-11-14 10:04:37.880 INFO (MainThread) [homeassistant.setup] "
                         "Setting up warmlink\n2024-11-14 10:04:38.102 INFO (MainThread) "
                         "[homeassistant.setup] Setup of domain warmlink took 0.22 seconds"),
              "done": "Running through scripts/develop: it puts lib/ (pywarmlink isn't on PyPI) "
                      "and the repo root on PYTHONPATH and starts hass on config/ with "
                      "--skip-pip-packages pywarmlink, so the integration loads. The config "
                      "flow is under Settings → Devices & services.",
              "gist": "The integration depends on pywarmlink, which only exists in this repo's "
                      "lib/ and not on PyPI, so plain hass tries to pip-install it and fails; "
                      "the repo's develop script sets PYTHONPATH and skips that install.",
              "recipe": ("scripts/develop",
                         "#!/usr/bin/env bash\nset -ex\ncd \"$(dirname \"$0\")/..\"\nmkdir -p "
                         "config\n# pywarmlink lives in lib/, not on PyPI\nexport PYTHONPATH="
                         "\"$PWD/lib:$PWD\"\nhass --config config --debug --skip-pip-packages "
                         "pywarmlink\n"),
              "grep": "hass --config",
              "search": "dev server",
              "dump_line": "Don't start hass by hand, `scripts/develop` sets up the PYTHONPATH "
                           "for the bundled client lib.",
              "background": "I reworked the config flow so it asks for the account's cloud "
                            "region first (EU or Nordic).",
              "hint": "use scripts/develop, pywarmlink isn't on pypi and plain hass tries to pip "
                      "install it",
              "hint_partial": "plain hass won't work because of the client lib... there's a "
                              "wrapper for it, I always forget what it's called",
              "recap": "local HA = scripts/develop, never plain hass (pywarmlink is bundled in "
                       "lib/, not on pypi)"}),
        Fact("cmd-hassfest", "command", ["home-assistant/hassfest"],
             ["how can I run Home Assistant's manifest validator locally before pushing?",
              "python -m script.hassfest doesn't exist in my env, how do I validate the "
              "integration like CI does?"],
             "Run hassfest locally from its Docker image: `docker run --rm -v "
             "\"$PWD\":/github/workspace ghcr.io/home-assistant/hassfest` (there's no pip "
             "package, and script.hassfest only exists in a Home Assistant core checkout).",
             {"goal": "validate the manifest before I tag 1.6.0, I added a dependency",
              "fail": bash("python -m script.hassfest",
                           "/usr/local/bin/python: No module named script.hassfest", 1),
              "note": "That module only exists in a Home Assistant core checkout. Trying a pip "
                      "package.",
              "fail2": bash("pip install hassfest",
                            "ERROR: Could not find a version that satisfies the requirement "
                            "hassfest (from versions: none)\nERROR: No matching distribution "
                            "found for hassfest", 1),
              "ok": bash("docker run --rm -v \"$PWD\":/github/workspace "
                         "ghcr.io/home-assistant/hassfest",
                         "-- Validating manifest\nIntegration warmlink:\n  [ERROR] [MANIFEST] "
                         "Manifest keys are not sorted correctly: domain, name, then "
                         "alphabetical order\nInvalid integrations: 1", 1),
              "done": "hassfest only ships as the Docker image ghcr.io/home-assistant/hassfest "
                      "(the same one the GitHub action runs). Mounted on the repo it finds one "
                      "problem: manifest keys must be domain, name, then alphabetical, and the "
                      "new \"dependencies\" entry went at the end.",
              "gist": "hassfest isn't on PyPI, and script.hassfest only exists inside a Home "
                      "Assistant core checkout - for a custom integration it runs from the "
                      "home-assistant/hassfest Docker image.",
              "recipe": (".github/workflows/validate.yml",
                         "name: Validate\non: [push, pull_request]\njobs:\n  hassfest:\n    "
                         "runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4"
                         "\n      - uses: home-assistant/actions/hassfest@master\n"),
              "grep": "hassfest",
              "search": "validate manifest",
              "dump_line": "hassfest for custom integrations is the docker image: `docker run "
                           "--rm -v \"$PWD\":/github/workspace ghcr.io/home-assistant/hassfest`",
              "background": "1.6.0 adds the bluetooth dependency so the indoor unit can be "
                            "discovered locally.",
              "hint": "hassfest is only a docker image, docker run --rm -v "
                      "\"$PWD\":/github/workspace ghcr.io/home-assistant/hassfest",
              "hint_partial": "hassfest runs in docker, I have the line saved somewhere, hang on",
              "recap": "hassfest locally = the ghcr.io/home-assistant/hassfest docker image "
                       "mounted at /github/workspace. no pip package, no script.hassfest outside "
                       "core"}),
        Fact("env-dev-port", "environment", ["8124"],
             ["which local port does the development Home Assistant run on?",
              "I can't reach the dev HA instance on the default port, where is it?"],
             "The dev Home Assistant listens on port 8124 (config/configuration.yaml "
             "http.server_port, forwarded by the devcontainer) so it doesn't clash with a real "
             "HA on 8123.",
             {"goal": "the devcontainer's Home Assistant is up but localhost:8123 shows my real "
                      "house's HA, where is the dev one?",
              "probe": [read(".devcontainer.json",
                             "{\n  \"name\": \"warmlink dev\",\n  \"image\": \"mcr.microsoft.com/"
                             "devcontainers/python:3.12\",\n  \"forwardPorts\": [8124],\n  "
                             "\"portsAttributes\": {\"8124\": {\"label\": \"Home Assistant "
                             "(dev)\"}}\n}\n"),
                        read("config/configuration.yaml",
                             "default_config:\n\nhttp:\n  server_port: 8124\n\nlogger:\n  "
                             "default: info\n  logs:\n    custom_components.warmlink: debug\n")],
              "confirm": "The dev instance listens on 8124: config/configuration.yaml sets "
                         "http.server_port to 8124 and the devcontainer forwards that port, so "
                         "it doesn't collide with a real HA on 8123. Open "
                         "http://localhost:8124.",
              "said": "the dev HA isn't on the default port because most of us run a real one "
                      "on 8123",
              "background": "I run my own HA at home on this same laptop, in docker, with the "
                            "real heat pump on it.",
              "misled": [read("README.md",
                              "## Development\n\nOpen the repo in the devcontainer and start the "
                              "dev instance; Home Assistant will be at http://localhost:8123.\n")],
              "found": "The README says the dev instance is at http://localhost:8123.",
              "correct": "that's what the README says but it's outdated, we moved the dev "
                         "instance off 8123 because of exactly this. check the config dir",
              "partial": "The README still says 8123, which can't be right since that's your "
                         "home instance, and I haven't found where the dev port is set. What "
                         "does the dev instance's startup log say?",
              "pasted": "```\n2024-11-14 10:04:41.002 INFO (MainThread) [homeassistant."
                        "components.http] Now listening on port 8124\n```"}),
        Fact("env-min-ha", "environment", ["2024.6.0"],
             ["a user on an older Home Assistant can't load the integration, what's the minimum "
              "HA release we require?",
              "which Home Assistant versions do we support?"],
             "The minimum supported Home Assistant is 2024.6.0 (the \"homeassistant\" key in "
             "hacs.json; the code uses ConfigEntry.runtime_data).",
             {"goal": "what's the oldest Home Assistant version we still support? a user on "
                      "2024.3 opened an issue",
              "probe": [read("hacs.json",
                             "{\n  \"name\": \"Warmlink (Fjordvarme heat pumps)\",\n  "
                             "\"homeassistant\": \"2024.6.0\",\n  \"render_readme\": true\n}\n"),
                        bash("grep -rn runtime_data custom_components | head -2",
                             f"{cc}/__init__.py:41:    entry.runtime_data = coordinator\n"
                             f"{cc}/sensor.py:88:    coordinator = entry.runtime_data")],
              "confirm": "The minimum is Home Assistant 2024.6.0: hacs.json declares "
                         "\"homeassistant\": \"2024.6.0\", so HACS won't offer the integration "
                         "to older installs, and the code relies on ConfigEntry.runtime_data, "
                         "which older releases lack. The user on 2024.3 needs to update.",
              "said": "I'm fairly sure our floor moved up when we started using the config "
                      "entry's runtime_data",
              "background": "The issue says the integration fails to load with AttributeError: "
                            "'ConfigEntry' object has no attribute 'runtime_data'.",
              "misled": [read(f"{cc}/manifest.json",
                              "{\n  \"domain\": \"warmlink\",\n  \"name\": \"Warmlink\",\n  "
                              "\"codeowners\": [\"@fjordvarme/dev\"],\n  \"config_flow\": true,\n"
                              "  \"iot_class\": \"cloud_polling\",\n  \"requirements\": "
                              "[\"pywarmlink==0.9.2\"],\n  \"version\": \"1.5.3\"\n}\n")],
              "found": "manifest.json doesn't declare a minimum Home Assistant version - only "
                       "the integration's own version, 1.5.3 - so nothing enforces a floor and "
                       "2024.3 should be supported.",
              "correct": "the floor isn't in the manifest, it's in hacs.json. and it's a June "
                         "release since we use runtime_data",
              "partial": "manifest.json has no minimum version, and the code uses "
                         "ConfigEntry.runtime_data, which only newer releases have - but I "
                         "haven't found where we declare the floor. Do you know where it's "
                         "pinned?",
              "pasted": "```\n$ jq .homeassistant hacs.json\n\"2024.6.0\"\n```\nthat's the "
                        "floor"}),
        Fact("gotcha-blocking", "gotcha", ["async_add_executor_job"],
             ["Home Assistant warns about a blocking call inside the event loop from our "
              "integration, how do I fix it?",
              "how should I call a synchronous function from pywarmlink in async_setup_entry?"],
             "Synchronous I/O in the integration (e.g. pywarmlink's load_region_catalog reading "
             "regions.json) must run through hass.async_add_executor_job, never directly on the "
             "event loop (HA flags 'Detected blocking call').",
             {"symptom": "HA logs 'Detected blocking call to open inside the event loop by "
                         "custom integration warmlink' every time the integration sets up",
              "probe": [bash("grep -m1 'Detected blocking call' config/home-assistant.log",
                             "2024-11-14 10:12:09.441 WARNING (MainThread) [homeassistant.util."
                             "loop] Detected blocking call to open with args ('/workspaces/"
                             "warmlink/lib/pywarmlink/regions.json',) inside the event loop by "
                             "custom integration 'warmlink' at custom_components/warmlink/"
                             "__init__.py, line 38: catalog = load_region_catalog()"),
                        read(f"{cc}/__init__.py",
                             "async def async_setup_entry(hass: HomeAssistant, entry: "
                             "WarmlinkConfigEntry) -> bool:\n    catalog = load_region_catalog()"
                             "\n    client = WarmlinkClient(async_get_clientsession(hass), "
                             "catalog.endpoint(entry.data[\"region\"]))\n")],
              "explain": "load_region_catalog() in pywarmlink opens and parses regions.json "
                         "synchronously, and async_setup_entry calls it straight on the event "
                         "loop. HA's loop checker flags any file or network I/O there because it "
                         "stalls every other integration. Synchronous calls have to go through "
                         "hass.async_add_executor_job so they run in the executor's thread "
                         "pool.",
              "fix": [edit(f"{cc}/__init__.py",
                           "    catalog = load_region_catalog()\n",
                           "    # file I/O: never on the event loop\n    catalog = await "
                           "hass.async_add_executor_job(load_region_catalog)\n")],
              "done": "async_setup_entry now awaits hass.async_add_executor_job("
                      "load_region_catalog), so the file is read in the executor; the warning "
                      "is gone from the log.",
              "lesson": "any sync I/O in async code (even just opening a json) has to go through "
                        "hass.async_add_executor_job, the loop checker flags it and newer HA "
                        "releases turn it into an error",
              "found": "it's pywarmlink reading its regions file synchronously in "
                       "async_setup_entry, isn't it?",
              "extend": "ok. grep for other sync pywarmlink calls we make from async code while "
                        "you're at it",
              "background": "It started after I added the region picker; the HACS reviewers "
                            "flagged the warning too."}),
        Fact("gotcha-unique-id", "gotcha", ["hp_serial"],
             ["after a user renames a device in the vendor app, HA creates duplicate entities - "
              "what should the unique ids be based on?",
              "what's a stable identifier for a heat pump from the cloud API?"],
             "Entity unique_ids must be built from the API's hp_serial, never the device name "
             "(users rename pumps in the Fjordvarme app, which duplicates every entity).",
             {"symptom": "a user renamed their heat pump in the Fjordvarme app and now HA shows "
                         "every entity twice, the old ones unavailable",
              "probe": [read(f"{cc}/entity.py",
                             "    def __init__(self, coordinator, device, description):\n"
                             "        super().__init__(coordinator)\n        "
                             "self.entity_description = description\n        "
                             "self._attr_unique_id = f\"{device.name}_{description.key}\"\n"),
                        bash("curl -s -H \"Authorization: Bearer $WL_TOKEN\" "
                             "https://api.fjordvarme.no/v3/devices | jq '.[0] | {name, "
                             "hp_serial, id}'",
                             "{\n  \"name\": \"Varmepumpe kjeller\",\n  \"hp_serial\": "
                             "\"FV-9A41-220817\",\n  \"id\": 4471\n}")],
              "explain": "The unique_id is built from the device name, which owners can change "
                         "in the vendor app. After a rename every entity gets a new unique_id, "
                         "so the registry creates new entities and strands the old ones, with "
                         "their history and customisations. It has to be built from something "
                         "that never changes - the API's hp_serial.",
              "fix": [edit(f"{cc}/entity.py",
                           "        self._attr_unique_id = f\"{device.name}_{description.key}\"\n",
                           "        # never the name: owners rename pumps in the app; the "
                           "serial is stable\n        self._attr_unique_id = f\"{device.hp_serial}"
                           "_{description.key}\"\n"),
                      write(f"{cc}/migrate.py",
                            "async def async_migrate_unique_ids(hass, entry, devices):\n    "
                            "\"\"\"v1 -> v2: name-based unique ids become serial-based.\"\"\"\n"
                            "    by_name = {d.name: d.hp_serial for d in devices}\n    await "
                            "er.async_migrate_entries(hass, entry.entry_id, lambda e: "
                            "_rename(e, by_name))\n")],
              "done": "Entities now use hp_serial in their unique_id, and a one-off entity "
                      "registry migration (migrate.py, config entry version 2) rewrites the old "
                      "name-based ids, so existing installs keep their entities and history.",
              "lesson": "unique_id must come from hp_serial, never the pump's name - people "
                        "rename pumps in the app and HA then duplicates every entity",
              "found": "our unique_id uses the pump's name, doesn't it? and the name is editable "
                       "in the app",
              "extend": "ugh. check the config entry's unique_id as well, it might have the "
                        "same problem",
              "background": "It's the third GitHub issue like this this month."}),
        Fact("fals-modbus", "falsified", ["Modbus"],
             ["could the integration talk to the heat pump directly on the LAN instead of "
              "through the cloud?",
              "why is there no local-only mode for the pumps?"],
             "A local Modbus TCP mode was tried and dropped: it needs Fjordvarme's optional "
             "MB-10 gateway module, and firmware 3.x keeps it locked unless a service technician "
             "enables it; cloud polling stays.",
             {"ask": "add a local mode that talks to the pump over Modbus TCP instead of the "
                     "cloud, people keep asking for local control",
              "change": [write(f"{cc}/local.py",
                               "from pymodbus.client import AsyncModbusTcpClient\n\n"
                               "REG_FLOW_TEMP = 1203\n\n\nasync def read_flow_temp(host: str) -> "
                               "float:\n    async with AsyncModbusTcpClient(host, port=502) as "
                               "c:\n        rr = await c.read_holding_registers(REG_FLOW_TEMP, "
                               "1, slave=1)\n        return rr.registers[0] / 10\n"),
                         edit(f"{cc}/manifest.json",
                              "  \"requirements\": [\"pywarmlink==0.9.2\"],\n",
                              "  \"requirements\": [\"pywarmlink==0.9.2\", "
                              "\"pymodbus==3.6.9\"],\n")],
              "broke": bash("python -c 'import asyncio; from custom_components.warmlink import "
                            "local; print(asyncio.run(local.read_flow_temp(\"192.168.1.57\")))'",
                            "pymodbus.exceptions.ConnectionException: Modbus Error: [Connection] "
                            "Failed to connect[AsyncModbusTcpClient 192.168.1.57:502]", 1),
              "revert": bash(f"git checkout -- {cc}/manifest.json && rm {cc}/local.py", ""),
              "conclusion": "Port 502 is closed on the office pump: the Modbus TCP interface "
                            "only exists with Fjordvarme's optional MB-10 gateway module, and on "
                            "firmware 3.x even that stays locked until a service technician "
                            "enables it. Most owners have neither, so a local Modbus mode would "
                            "serve almost nobody.",
              "why_user": "nobody has the MB-10 module and firmware 3 locks it anyway",
              "lesson": "local Modbus mode is a dead end: it needs the paid MB-10 gateway and "
                        "firmware 3.x locks it unless a technician enables it. cloud polling "
                        "stays",
              "history": "local control over Modbus TCP was tried in the spring - it needs the "
                         "paid MB-10 gateway that almost nobody has, and firmware 3.x locks it "
                         "anyway.",
              "pain": "users keep complaining the integration stops working whenever "
                      "Fjordvarme's cloud has an outage",
              "idea": "a local connection to the pump instead of going through the cloud",
              "alternative": "Make cloud outages hurt less: keep the last good data for a few "
                             "polls, mark entities unavailable only after several failures, and "
                             "raise a repair issue that says it's the vendor's cloud, not Home "
                             "Assistant.",
              "history_probe": [bash("gh issue list --state closed --search 'local control' "
                                     "--limit 3",
                                     "87\tCLOSED\tLocal control via Modbus TCP\tenhancement, "
                                     "wontfix\t2024-05-02"),
                                bash("gh issue view 87 --comments | tail -4",
                                     "fjordvarme-dev commented:\n  Closing: Modbus TCP needs the "
                                     "optional MB-10 gateway (few owners have it) and\n  "
                                     "firmware 3.x keeps it locked unless a service technician "
                                     "activates it.\n  Cloud polling stays the only mode.")],
              "found_history": "It was tried and closed as wontfix in issue 87: local control "
                               "over Modbus TCP needs Fjordvarme's optional MB-10 gateway, which "
                               "few owners have, and firmware 3.x keeps it locked unless a "
                               "service technician enables it."}),
        Fact("fals-cloudhook", "falsified", ["cloudhook"],
             ["can we get push updates from the heat pump cloud instead of polling?",
              "why does the integration poll rather than receive events from the vendor?"],
             "Push through a vendor webhook (a Nabu Casa cloudhook for instances not exposed to "
             "the internet) was tried and reverted: the Fjordvarme cloud allows one webhook per "
             "account, so ours replaced the app's and owners lost their fault alerts; polling "
             "stays.",
             {"ask": "instead of polling every minute, register a webhook with the Fjordvarme "
                     "cloud so it pushes changes to HA",
              "change": [edit(f"{cc}/__init__.py",
                              "    entry.runtime_data = coordinator\n",
                              "    entry.runtime_data = coordinator\n    webhook_id = "
                              "entry.data[CONF_WEBHOOK_ID]\n    webhook.async_register(hass, "
                              "DOMAIN, \"Warmlink push\", webhook_id, handle_push)\n    url = "
                              "await cloud.async_create_cloudhook(hass, webhook_id)\n    await "
                              "client.register_webhook(url)\n")],
              "broke": bash("curl -s -H \"Authorization: Bearer $WL_TOKEN\" "
                            "https://api.fjordvarme.no/v3/webhooks",
                            "[{\"id\": 912, \"url\": \"https://hooks.nabu.casa/gAAAAABm...\", "
                            "\"owner\": \"warmlink\"}]\n# replaced: {\"id\": 377, \"owner\": "
                            "\"fjordvarme-app\"}"),
              "revert": bash(f"git checkout -- {cc}/__init__.py && curl -s -X DELETE -H "
                             "\"Authorization: Bearer $WL_TOKEN\" "
                             "https://api.fjordvarme.no/v3/webhooks/912", ""),
              "conclusion": "The cloud keeps a single webhook per account: registering our "
                            "cloudhook URL replaced the one the Fjordvarme app uses (377, owner "
                            "fjordvarme-app), so the owner's phone stops getting fault alerts. "
                            "And instances not reachable from the internet can only receive "
                            "pushes through a Nabu Casa cloudhook in the first place.",
              "why_user": "killing the owner's alarm notifications is a no go, and not everyone "
                          "has Nabu Casa",
              "lesson": "push via the vendor webhook (a cloudhook for unexposed instances) "
                        "replaces the Fjordvarme app's webhook - one per account - and the owner "
                        "loses fault alerts. polling stays",
              "history": "push through a webhook with a Nabu Casa cloudhook was tried; the "
                         "vendor allows one webhook per account and ours kicked out the "
                         "Fjordvarme app's own, so owners lost their fault alerts.",
              "pain": "with polling the dashboard lags when someone changes the temperature in "
                      "the Fjordvarme app",
              "idea": "push updates from the cloud instead of polling",
              "alternative": "Shorten the lag without push: after any change made from HA ask "
                             "the coordinator for an immediate refresh, and poll faster for a "
                             "couple of minutes after a change is detected.",
              "history_probe": [bash("git log --oneline --all -i --grep=push",
                                     "d81b3e7 Revert \"push updates via cloudhook\"\n40aa9c2 "
                                     "push updates via cloudhook"),
                                bash("git show -s --format=%b d81b3e7",
                                     "Vendor allows one webhook per account; ours replaced the "
                                     "Fjordvarme app's\nand owners stopped getting fault "
                                     "alerts.")],
              "found_history": "It was tried in 40aa9c2 (push updates via a Nabu Casa "
                               "cloudhook) and reverted in d81b3e7: the vendor allows one "
                               "webhook per account, so ours replaced the Fjordvarme app's and "
                               "owners stopped getting fault alerts."}),
    ]
    noise = [
        _look("what does climate.py do when you set a temperature", f"{cc}/climate.py",
              "    async def async_set_temperature(self, **kwargs: Any) -> None:\n        target "
              "= kwargs[ATTR_TEMPERATURE]\n        await self.coordinator.async_set_setpoint("
              "self._device_id, round(target * 2) / 2)\n        await self.coordinator."
              "async_request_refresh()\n",
              "It rounds the requested temperature to the nearest half degree (the pumps only "
              "take 0.5 °C steps), sends it through the coordinator, and then asks the "
              "coordinator for an immediate refresh so the new setpoint shows up without waiting "
              "for the next poll."),
        _find("where do we use async_get_clientsession", "async_get_clientsession",
              [f"{cc}/__init__.py", f"{cc}/config_flow.py"],
              "Two places: setting up the entry, and the config flow when it validates the "
              "account credentials."),
        _tweak("typo in const.py, the comment says 'secconds'", f"{cc}/const.py",
               "# poll interval in secconds", "# poll interval in seconds"),
        _run("ruff please", "ruff check custom_components tests && ruff format --check "
             "custom_components tests",
             "All checks passed!\n23 files already formatted", "Clean."),
        _talk("difference between async_setup and async_setup_entry?",
              "async_setup runs once per integration when Home Assistant loads it, whether or "
              "not anything is configured - it's for YAML config and integration-wide services. "
              "async_setup_entry runs once per config entry (per account added in the UI) and "
              "is where that account's client, coordinator and platforms get set up; its "
              "counterpart async_unload_entry tears them down. A UI-only integration often "
              "needs only the entry pair."),
        _steps("write a test that the flow temperature sensor rounds to one decimal",
               [write("tests/test_rounding.py",
                      "from custom_components.warmlink.sensor import SENSORS\n\n\ndef "
                      "test_flow_temperature_rounds():\n    desc = next(d for d in SENSORS if "
                      "d.key == \"flow_temperature\")\n    assert desc.suggested_display_precision "
                      "== 1\n"),
                bash("pytest tests/test_rounding.py -q", ".\n1 passed in 0.41s")],
              "Added tests/test_rounding.py; it checks the flow temperature sensor's display "
              "precision is one decimal, and it passes."),
        _talk("how do I rebase my branch onto main without a merge commit",
              "`git fetch origin` then `git rebase origin/main` on your branch; fix conflicts "
              "file by file, `git add` them and `git rebase --continue`. Then push with `git "
              "push --force-with-lease`, since the branch's history changed."),
        _tweak("add @lise-fv as a codeowner in the manifest", f"{cc}/manifest.json",
               "  \"codeowners\": [\"@fjordvarme/dev\"],\n",
               "  \"codeowners\": [\"@fjordvarme/dev\", \"@lise-fv\"],\n",
               "Added @lise-fv to codeowners."),
    ]
    return Project(
        "warmlink", "git@github.com:fjordvarme/warmlink.git",
        {"README.md": "# Warmlink\n\nHome Assistant integration for Fjordvarme heat pumps.\n",
         "hacs.json": "{\n  \"name\": \"Warmlink (Fjordvarme heat pumps)\"\n}\n"},
        facts, noise, "slack")


def projects() -> list[Project]:
    return [trellisbot(), termlens(), beakercraft(), warmlink()]
