"""The ``dev21`` split: "the assistant finds out".

Written in the fourteenth pass by a helper that read no rlat code; first read untuned (0.62),
tuned on since.

Four projects (buoy firmware on Zephyr, a Nextflow metagenomics pipeline, a Godot roguelike, a
JUCE reverb plugin), ten planted facts each. Unlike the earlier splits, most facts are not
dictated by the user: the assistant learns them while it works - from a grep, a failing command,
a git log, a lint bounce - and they reach the transcript in its own prose, often mid-message or
as a bullet or table row of a closing summary. A minority of facts (one convention template and
one environment template) are said by the user in passing.

Slots, by kind (the shared names of ``templates.py`` plus this split's own):

* convention - ``task``, ``probe`` (tools that show the convention), ``rule`` (the assistant's
  clause stating it, lower-case start), ``follow``, ``done``, ``said`` (the user's casual
  aside), optional ``contrary`` (tools: doing it the other way, then a check bouncing it);
* command - ``goal``, ``fail``, optional ``probe``, ``note`` (the assistant's clause on why it
  failed and what works), ``ok``, ``done``, ``howto`` (a clause restating the working command);
* environment - ``goal``, ``probe``, ``confirm`` (the assistant's answer), ``said`` (the user's
  aside), ``row`` (what, value, where);
* gotcha - ``symptom``, optional ``task`` (work during which the assistant hits it itself),
  ``probe``, optional ``source``, ``explain`` (a clause: cause and what avoids it), ``fix``,
  ``done``;
* falsified - ``ask``, ``change``, ``broke``, ``revert``, ``conclusion`` (a clause), ``history``
  (a tool showing an earlier attempt and its revert), ``recall`` (a clause read from it),
  ``row`` (tried, result, status).
"""

from __future__ import annotations

import random

from .templates import cap, find, look, run, steps, talk, tweak
from .transcript import bash, edit, grep, read, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


# ------------------------------------------------------------------- phrasing templates
def _one(rng: random.Random, options: list[str]) -> str:
    return rng.choice(options)


def conv_spotted(s: dict, rng: random.Random) -> Episode:
    """The assistant looks at neighbouring code first, then says what the house rule is."""
    look_line = _one(rng, ["Let me see how the existing code handles this first.",
                           "Checking how the rest of the tree does it before I write anything.",
                           "",
                           "Quick look at the neighbours so this matches."])
    lead = _one(rng, ["Looks like", "From what's already there,", "Worth knowing:",
                      "Checked the existing files -"])
    after = _one(rng, ["I'll follow that.", "Doing it the same way.",
                       "Writing it to match.", "So that's how I'll do it."])
    return [Step(prompt=cap(s["task"])), Step(text=look_line, tools=s["probe"]),
            Step(text=f"{lead} {s['rule']}. {after}", tools=s["follow"]),
            Step(text=s["done"])]


def conv_bounced(s: dict, rng: random.Random) -> Episode:
    """The assistant does it its own way first, a project check rejects it, it works out why."""
    if not s.get("contrary"):
        return conv_spotted(s, rng)
    dig = _one(rng, ["That check rejected it - let me see what the repo expects.",
                     "Hm, bounced. Looking at why.",
                     "The project's check doesn't like that; digging into it."])
    lead = _one(rng, ["Right, so", "OK - the reason:", "Got it:", "I see now -"])
    return [Step(prompt=cap(s["task"])), Step(tools=list(s["contrary"])),
            Step(text=dig, tools=s["probe"]),
            Step(text=f"{lead} {s['rule']}. Redoing it that way.", tools=s["follow"]),
            Step(text=s["done"])]


def conv_recap(s: dict, rng: random.Random) -> Episode:
    """Silent investigation and work, the convention only surfaces in the closing summary."""
    head = _one(rng, ["**Notes for later**", "**What I learned about the repo**",
                      "**Good to know**", "**Conventions I followed**"])
    changed = _one(rng, ["**What I changed**", "**Done**", "**Summary**"])
    return [Step(prompt=cap(s["task"])), Step(tools=s["probe"]), Step(tools=s["follow"]),
            Step(text=f"{changed}\n- {s['done']}\n\n{head}\n- {cap(s['rule'])}.")]


def conv_user_aside(s: dict, rng: random.Random) -> Episode:
    """The minority case: the user mentions the rule in passing."""
    ack = _one(rng, ["Will do.", "Noted.", "Sure thing.", "OK."])
    joint = _one(rng, [" - ", ". ", " (", ", "])
    close = ")" if joint == " (" else ""
    return [Step(prompt=f"{cap(s['task'])}{joint}{s['said']}{close}"),
            Step(text=ack, tools=s["follow"]), Step(text=s["done"])]


def cmd_recovered(s: dict, rng: random.Random) -> Episode:
    lead = _one(rng, ["Ah -", "That's expected here:", "OK, so", "Right:"])
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=f"{lead} {s['note']}.", tools=[s["ok"]]), Step(text=s["done"])]


def cmd_dug(s: dict, rng: random.Random) -> Episode:
    """The failing command, a look around, the explanation, the right one, a note for later."""
    dig = _one(rng, ["Failed - let me see how this repo expects it to be run.",
                     "Not the right invocation, apparently. Looking around.",
                     "Let me check what the project actually uses for this."])
    later = _one(rng, ["For next time:", "Worth remembering:", "Heads-up for later:"])
    out: Episode = [Step(prompt=s["goal"]), Step(tools=[s["fail"]])]
    if s.get("probe"):
        out.append(Step(text=dig, tools=s["probe"]))
    out.append(Step(text=f"Found it - {s['note']}.", tools=[s["ok"]]))
    out.append(Step(text=f"{s['done']}\n\n{later} {s['howto']}."))
    return out


def cmd_recap(s: dict, rng: random.Random) -> Episode:
    """Fail, then the working command without a word; the explanation comes in the summary."""
    head = _one(rng, ["What happened:", "Notes:", "Why the first attempt failed:"])
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]), Step(tools=[s["ok"]]),
            Step(text=f"{s['done']}\n\n{head}\n- {cap(s['note'])}.\n- In short, "
                      f"{s['howto']}.")]


def cmd_then_remember(s: dict, rng: random.Random) -> Episode:
    """The user asks afterwards what to remember; the assistant sums it up."""
    ask = _one(rng, ["ok so what's the right way to do that next time?",
                     "cool. what should I remember for the next time I do this?",
                     "so what was the trick?"])
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=f"{cap(s['note'])}.", tools=[s["ok"]]), Step(text=s["done"]),
            Step(prompt=ask), Step(text=f"{cap(s['howto'])}.")]


def env_looked(s: dict, rng: random.Random) -> Episode:
    intro = _one(rng, ["", "Let me check.", "Looking.", "One sec, grepping for it."])
    return [Step(prompt=s["goal"]), Step(text=intro, tools=s["probe"]),
            Step(text=s["confirm"])]


def env_tabled(s: dict, rng: random.Random) -> Episode:
    what, value, where = s["row"]
    head = _one(rng, ["Here's what I found:", "Summary:", "From the repo and this machine:"])
    return [Step(prompt=s["goal"]), Step(tools=s["probe"]),
            Step(text=f"{head}\n\n| Item | Value | Set in |\n|---|---|---|\n"
                      f"| {what} | {value} | {where} |\n\n{s['confirm']}")]


def env_where_written(s: dict, rng: random.Random) -> Episode:
    """The assistant answers; the user asks where that is written down."""
    ask = _one(rng, ["is that written down anywhere?", "where does that come from?",
                     "huh, where's that configured?"])
    what, value, where = s["row"]
    return [Step(prompt=s["goal"]), Step(tools=s["probe"]), Step(text=s["confirm"]),
            Step(prompt=ask),
            Step(text=f"It's set in {where} - {what} is {value} there. There's no doc page "
                      f"for it.")]


def env_user_said(s: dict, rng: random.Random) -> Episode:
    """The minority case: the user states it in passing and asks for a sanity check."""
    tail = _one(rng, ["can you double-check the repo agrees?",
                      "sanity-check that against the repo for me",
                      "make sure nothing in the repo says otherwise"])
    what, value, where = s["row"]
    return [Step(prompt=f"{s['said']} - {tail}"), Step(tools=s["probe"]),
            Step(text=f"Confirmed, it matches: {where}.")]


def gotcha_traced(s: dict, rng: random.Random) -> Episode:
    lead = _one(rng, ["Found it -", "So the reason is that", "That explains it:",
                      "Here's what's going on:"])
    out: Episode = [Step(prompt=s["symptom"]), Step(tools=s["probe"])]
    if s.get("source"):
        out.append(Step(tools=s["source"]))
    out.append(Step(text=f"{lead} {s['explain']}.", tools=s.get("fix", [])))
    out.append(Step(text=s["done"]))
    return out


def gotcha_selfhit(s: dict, rng: random.Random) -> Episode:
    """The assistant runs into the problem itself while doing something else."""
    odd = _one(rng, ["That's not what I expected - digging in before going further.",
                     "Something's off; let me find out why before I carry on.",
                     "Hm. That needs explaining first."])
    lead = _one(rng, ["Got it:", "Found the cause:", "OK, this one's subtle:"])
    fix_line = _one(rng, ["Fixing that.", "Applying the fix.", "Changing it."])
    out: Episode = [Step(prompt=cap(s.get("task") or s["symptom"])), Step(tools=s["probe"])]
    out.append(Step(text=odd, tools=s.get("source", [])) if s.get("source") else Step(text=odd))
    out.append(Step(text=f"{lead} {s['explain']}. {fix_line}", tools=s.get("fix", [])))
    out.append(Step(text=s["done"]))
    return out


def gotcha_writeup(s: dict, rng: random.Random) -> Episode:
    """Diagnosis and fix without comment, then a short write-up."""
    repro = _one(rng, ["Let me reproduce it first.", "Reproducing.", ""])
    cause = _one(rng, ["**Cause**", "**What was wrong**", "**Root cause**"])
    fixed = _one(rng, ["**Fix**", "**What I changed**", "**Result**"])
    return [Step(prompt=s["symptom"]),
            Step(text=repro, tools=s["probe"] + list(s.get("source", []))),
            Step(tools=s.get("fix", [])),
            Step(text=f"{cause}\n{cap(s['explain'])}.\n\n{fixed}\n{s['done']}")]


def gotcha_user_fixes(s: dict, rng: random.Random) -> Episode:
    """The assistant explains; the user tells it to go ahead."""
    go = _one(rng, ["huh. ok, fix it", "makes sense, go ahead", "nice catch, do it"])
    return [Step(prompt=s["symptom"]),
            Step(tools=s["probe"] + list(s.get("source", []))),
            Step(text=f"So the reason is that {s['explain']}."), Step(prompt=go),
            Step(tools=s.get("fix", [])), Step(text=s["done"])]


def fals_attempted(s: dict, rng: random.Random) -> Episode:
    lead = _one(rng, ["That doesn't work here:", "No good -", "This won't fly:",
                      "Backing this out -"])
    after = _one(rng, ["Reverting.", "Putting it back.", "Undoing the change."])
    return [Step(prompt=s["ask"]), Step(tools=list(s["change"])), Step(tools=[s["broke"]]),
            Step(text=f"{lead} {s['conclusion']}. {after}", tools=[s["revert"]]),
            Step(text="The tree is back to how it was.")]


def fals_user_pulls(s: dict, rng: random.Random) -> Episode:
    stop = _one(rng, ["ugh. roll it back", "nope, undo that", "ok that's worse, revert"])
    return [Step(prompt=s["ask"]), Step(tools=list(s["change"])), Step(tools=[s["broke"]]),
            Step(prompt=stop), Step(text="Rolling it back.", tools=[s["revert"]]),
            Step(text=f"Reverted. For the record, {s['conclusion']}.")]


def fals_history(s: dict, rng: random.Random) -> Episode:
    """The assistant finds in git history that it was tried before, and says why it failed."""
    check = _one(rng, ["Before changing anything, let me check whether this was tried already.",
                       "This smells like something someone has tried - checking the history.",
                       "Let me look at the log first."])
    lead = _one(rng, ["Turns out", "It's been tried:", "Found a previous attempt -"])
    ask = _one(rng, ["I'd rather not repeat it unless something changed. Still want me to try?",
                     "Unless you know something that's different now, I'd skip it.",
                     "Want me to try anyway, or leave it?"])
    bye = _one(rng, ["fine, leave it then", "no, skip it", "ok never mind"])
    return [Step(prompt=s["ask"]), Step(text=check, tools=[s["history"]]),
            Step(text=f"{lead} {s['recall']}. {ask}"), Step(prompt=bye),
            Step(text="Leaving it as is.")]


def fals_tabled(s: dict, rng: random.Random) -> Episode:
    tried, result, status = s["row"]
    return [Step(prompt=s["ask"]), Step(tools=list(s["change"])), Step(tools=[s["broke"]]),
            Step(tools=[s["revert"]]),
            Step(text=f"| Tried | Result | Status |\n|---|---|---|\n| {tried} | {result} | "
                      f"{status} |\n\n{cap(s['conclusion'])}.")]


TEMPLATES = {
    "convention": [conv_spotted, conv_bounced, conv_recap, conv_user_aside],
    "command": [cmd_recovered, cmd_dug, cmd_recap, cmd_then_remember],
    "environment": [env_looked, env_tabled, env_where_written, env_user_said],
    "gotcha": [gotcha_traced, gotcha_selfhit, gotcha_writeup, gotcha_user_fixes],
    "falsified": [fals_attempted, fals_user_pulls, fals_history, fals_tabled],
}

UNRELATED = [
    "what's the time complexity of inserting into a red-black tree?",
    "write an awk one-liner that sums the third column of a CSV",
    "explain what a vtable is in C++ in plain words",
    "how does copy-on-write work for fork()?",
    "give me a quick example of pattern matching in OCaml",
    "what's the difference between a spinlock and a futex?",
    "suggest a name for a CLI tool that renames photos by date",
    "write a python function that chunks a list into pieces of n",
    "what does the 'volatile' keyword actually guarantee in C?",
    "how do I undo the last git commit but keep the changes?",
    "explain tail-call optimisation with a tiny example",
    "what's a bloom filter good for?",
    "write a limerick about a segfault",
    "how do I read a file line by line in Go?",
    "summarise the Raft leader election in four sentences",
    "convert 0x7f3a to decimal and binary",
    "what is the difference between TCP keepalive and an application heartbeat?",
    "draft a polite message declining a meeting",
    "explain big-endian versus little-endian",
    "write a SQL query that finds duplicate emails in a users table",
    "what's the idiomatic way to parse command line flags in Rust?",
    "give me three tips for writing good commit messages",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "brinewatch": [
        "how long does the buoy's battery last between recoveries?",
        "what happens to telemetry frames that can't be sent when there's no LoRa gateway in "
        "range, are they queued?",
        "how is the conductivity sensor calibrated before deployment?",
        "which LoRaWAN region and data rate does the buoy use?",
        "should the GNSS fix be taken before or after the salinity sample in each cycle?",
    ],
    "lichenseq": [
        "how are negative control samples handled in the abundance tables?",
        "what minimum read quality does the filtering step keep?",
        "where does the final MultiQC report get uploaded after a run?",
        "should the new 16S amplicon branch live in this pipeline or in a separate one?",
        "how many samples can one flow cell take before we should split the run?",
    ],
    "gloamhollow": [
        "how is the dungeon layout generated for each floor?",
        "what's the plan for controller support on the Steam Deck?",
        "where are the localisation strings kept, and which languages are planned?",
        "how does the save file format handle an older version of the game?",
        "should the lantern's light radius shrink gradually or in steps as oil runs low?",
    ],
    "umbraverb": [
        "what's the maximum decay time the plate mode supports?",
        "how is the shimmer's pitch shift implemented, granular or phase vocoder?",
        "do we ship an AAX build for Pro Tools users?",
        "how are factory presets stored and loaded?",
        "should the mix knob use an equal-power or a linear crossfade?",
    ],
}


# ------------------------------------------------------------------- brinewatch
def brinewatch() -> Project:
    by_id = ("lrwxrwxrwx 1 root root 13 Jun  3 09:12 usb-Arm_DAPLink_CMSIS-DAP_0240000034544e45"
             "-if01 -> ../../ttyACM0\nlrwxrwxrwx 1 root root 13 Jun  3 09:12 usb-SaltmarshLabs_"
             "Brinewatch_Console_E66138B1-if00 -> ../../ttyACM1")
    facts = [
        Fact("conv-logging", "convention", ["CONFIG_BRINE_LOG_LEVEL"],
             ["I'm adding a driver for the new turbidity sensor - how should its log output be "
              "set up?",
              "can I sprinkle printk calls through the uart code while I debug it, or is there "
              "a house style for logging?"],
             "Every brinewatch source file registers its logger with LOG_MODULE_REGISTER(<name>, "
             "CONFIG_BRINE_LOG_LEVEL); printk is not allowed (scripts/check_style.py rejects it).",
             {"task": "add a small module that reads the battery voltage through the SAADC and "
                      "logs it once a minute",
              "probe": [bash("grep -rn 'LOG_MODULE_REGISTER' src/ | head -4",
                             "src/ec_sensor.c:14:LOG_MODULE_REGISTER(ec_sensor, "
                             "CONFIG_BRINE_LOG_LEVEL);\nsrc/gnss.c:11:LOG_MODULE_REGISTER(gnss, "
                             "CONFIG_BRINE_LOG_LEVEL);\nsrc/lora_link.c:19:LOG_MODULE_REGISTER("
                             "lora_link, CONFIG_BRINE_LOG_LEVEL);\nsrc/main.c:9:"
                             "LOG_MODULE_REGISTER(main, CONFIG_BRINE_LOG_LEVEL);"),
                        read("scripts/check_style.py",
                             "BANNED = {\n    \"printk(\": \"printk() is not allowed, use the "
                             "module logger (LOG_INF/LOG_WRN)\",\n    \"k_panic(\": \"use "
                             "__ASSERT or a fault code\",\n}\n")],
              "rule": "every file here registers its logger as `LOG_MODULE_REGISTER(<name>, "
                      "CONFIG_BRINE_LOG_LEVEL)` instead of choosing its own level, and "
                      "scripts/check_style.py fails on any `printk`, so new code logs through "
                      "the module logger only",
              "follow": [write("src/battery.c",
                               "#include <zephyr/drivers/adc.h>\n#include <zephyr/logging/log."
                               "h>\n\nLOG_MODULE_REGISTER(battery, CONFIG_BRINE_LOG_LEVEL);\n\n"
                               "static const struct adc_dt_spec vbat = ADC_DT_SPEC_GET(DT_PATH("
                               "zephyr_user));\n\nstatic void battery_work_fn(struct k_work "
                               "*work)\n{\n\tint32_t mv = battery_sample_mv(&vbat);\n\n\t"
                               "LOG_INF(\"vbat %d mV\", mv);\n\tk_work_reschedule(k_work_"
                               "delayable_from_work(work), K_SECONDS(60));\n}\n"),
                         edit("CMakeLists.txt", "target_sources(app PRIVATE src/main.c",
                              "target_sources(app PRIVATE src/main.c src/battery.c")],
              "done": "Added src/battery.c: it samples the battery divider on AIN5 every 60 s "
                      "and logs the millivolts; it's in CMakeLists.txt too.",
              "said": "oh and every file logs via LOG_MODULE_REGISTER(name, "
                      "CONFIG_BRINE_LOG_LEVEL), no printk, the style script rejects it",
              "contrary": [write("src/battery.c",
                                 "#include <zephyr/drivers/adc.h>\n#include <zephyr/sys/printk.h>"
                                 "\n\nstatic void battery_work_fn(struct k_work *work)\n{\n\t"
                                 "int32_t mv = battery_sample_mv(&vbat);\n\n\tprintk(\"vbat %d "
                                 "mV\\n\", mv);\n}\n"),
                           bash("python3 scripts/check_style.py src/battery.c",
                                "src/battery.c:8: printk() is not allowed, use the module "
                                "logger (LOG_INF/LOG_WRN)\n1 style error", 1)]}),
        Fact("conv-fixedpoint", "convention", ["milli-units"],
             ["what type should the water temperature field in the new telemetry frame be?",
              "can I just use a float for the conductivity-to-salinity calculation?"],
             "Buoy sensor readings and telemetry frame fields (salinity, conductivity, water "
             "temperature) use the type int32_t in milli-units (milli-PSU, milli-degC), never "
             "float: prj.conf disables the FPU (CONFIG_FPU=n) to save power.",
             {"task": "add the water temperature to the telemetry frame we send over LoRa",
              "probe": [read("src/telemetry.h",
                             "struct telemetry_frame {\n\tuint32_t seq;\n\tint32_t "
                             "salinity_mpsu;   /* milli-PSU */\n\tint32_t cond_uscm;\n\t"
                             "uint16_t batt_mv;\n} __packed;\n"),
                        bash("grep -n FPU prj.conf", "41:CONFIG_FPU=n")],
              "rule": "readings travel as int32_t milli-units everywhere (salinity_mpsu is "
                      "milli-PSU) and prj.conf sets CONFIG_FPU=n to keep the core asleep "
                      "longer, so floats are out and a temperature goes in as milli-degC",
              "follow": [edit("src/telemetry.h", "\tuint16_t batt_mv;",
                              "\tint32_t water_temp_mdegc; /* milli-degC */\n\tuint16_t "
                              "batt_mv;"),
                         edit("src/telemetry.c", "\tf->batt_mv = batt_mv;",
                              "\tf->water_temp_mdegc = thermistor_mdegc();\n\tf->batt_mv = "
                              "batt_mv;")],
              "done": "The frame now carries water_temp_mdegc (int32, milli-degC) from the "
                      "thermistor channel; it grew from 14 to 18 bytes, well under the LoRa "
                      "payload limit.",
              "said": "keep it integer btw, everything's int32 milli-units here because the "
                      "FPU is off",
              "contrary": [edit("src/telemetry.h", "\tuint16_t batt_mv;",
                                "\tfloat water_temp_c;\n\tuint16_t batt_mv;"),
                           bash("python3 scripts/check_style.py src/telemetry.h",
                                "src/telemetry.h:7: float in firmware data (CONFIG_FPU=n), "
                                "use int32 milli-units\n1 style error", 1)]}),
        Fact("cmd-boardroot", "command", ["BOARD_ROOT"],
             ["west says the buoy board doesn't exist when I try to compile - what am I "
              "missing?",
              "give me the full build invocation for the buoy firmware"],
             "The full build invocation for the buoy firmware is `west build -b brinewatch_v3 "
             "app -- -DBOARD_ROOT=$PWD`: the board is out-of-tree (boards/arm) and without "
             "BOARD_ROOT west/CMake says the board doesn't exist ('Invalid BOARD').",
             {"goal": "build the firmware for the buoy board, I want to check the image size",
              "fail": bash("west build -b brinewatch_v3 app",
                           "-- Board: brinewatch_v3\nNo board named 'brinewatch_v3' found.\n\n"
                           "CMake Error at /home/dev/zephyrproject/zephyr/cmake/modules/boards."
                           "cmake:196 (message):\n  Invalid BOARD; see above.\n-- Configuring "
                           "incomplete, errors occurred!\nFATAL ERROR: command exited with "
                           "status 1: /usr/bin/cmake -B/home/dev/src/brinewatch/build -GNinja "
                           "-DBOARD=brinewatch_v3 -S/home/dev/src/brinewatch/app", 1),
              "probe": [bash("ls boards/arm/brinewatch_v3",
                             "board.cmake  brinewatch_v3.dts  brinewatch_v3.yaml  "
                             "brinewatch_v3_defconfig  Kconfig.board")],
              "note": "the board definition is out-of-tree under boards/arm/brinewatch_v3, and "
                      "Zephyr only searches there when BOARD_ROOT points at the repo "
                      "(`-DBOARD_ROOT=$PWD` after the `--`); without it CMake has never heard "
                      "of the board",
              "ok": bash("west build -b brinewatch_v3 app -- -DBOARD_ROOT=$PWD",
                         "-- Board: brinewatch_v3\n-- Configuring done (6.2s)\n[214/214] "
                         "Linking C executable zephyr/zephyr.elf\nMemory region         Used "
                         "Size  Region Size  %age Used\n           FLASH:      391204 B       "
                         "448 KB     85.27%\n             RAM:       97436 B       256 KB     "
                         "37.17%"),
              "done": "The image is 391 KB, about 85% of the 448 KB slot.",
              "howto": "the buoy builds with `west build -b brinewatch_v3 app -- "
                       "-DBOARD_ROOT=$PWD`: the board lives out-of-tree, so BOARD_ROOT has to "
                       "be set"}),
        Fact("cmd-pyocd", "command", ["runner pyocd"],
             ["flashing dies complaining about a missing nrfjprog - how do I get the image onto "
              "the board?",
              "what's the right way to program the buoy from my laptop?"],
             "To program (flash) the buoy board from a laptop use `west flash --runner pyocd` "
             "(the carrier has a CMSIS-DAP probe); plain `west flash` fails because nrfjprog "
             "is not installed.",
             {"goal": "flash the build onto the board on my desk",
              "fail": bash("west flash",
                           "-- west flash: rebuilding\nninja: no work to do.\n-- west flash: "
                           "using runner nrfjprog\nFATAL ERROR: required program nrfjprog not "
                           "found; install it or add its location to PATH", 1),
              "note": "west defaults to the nrfjprog runner, but this carrier board is "
                      "programmed through its CMSIS-DAP probe, so it has to go through pyOCD "
                      "with `west flash --runner pyocd`",
              "ok": bash("west flash --runner pyocd",
                         "-- west flash: using runner pyocd\n-- runners.pyocd: Flashing file: "
                         "build/zephyr/zephyr.hex\n0001749 I Loading build/zephyr/zephyr.hex "
                         "[load_cmd]\n[==================================================] "
                         "100%\n0004873 I 391204 bytes programmed in 3.1 s [loader]"),
              "done": "Flashed; the board rebooted into the new image.",
              "howto": "program the board with `west flash --runner pyocd`; nrfjprog isn't "
                       "part of this setup"}),
        Fact("env-console", "environment", ["ttyACM1"],
             ["I want to poke at the buoy's shell over USB - what device node do I open?",
              "picocom shows gibberish when I connect to the board, which port should I be on?"],
             "The brinewatch Zephyr shell console is /dev/ttyACM1 (the board's USB CDC-ACM, "
             "115200 baud); /dev/ttyACM0 is the debug probe's virtual COM port.",
             {"goal": "which serial device is the zephyr shell on? I keep getting garbage on "
                      "the one I opened",
              "probe": [bash("ls -l /dev/serial/by-id/", by_id)],
              "confirm": "The shell is on /dev/ttyACM1 - that's the board's own USB CDC-ACM "
                         "console. ttyACM0 belongs to the DAPLink probe and only carries the "
                         "bootloader's output at 1 Mbaud, hence the garbage. `picocom -b "
                         "115200 /dev/ttyACM1` gets you the shell.",
              "said": "fyi on my machine the shell is /dev/ttyACM1, ACM0 is the probe",
              "row": ("Zephyr shell", "/dev/ttyACM1 (115200)",
                      "board USB CDC-ACM; ttyACM0 is the probe's VCOM")}),
        Fact("env-sdk", "environment", ["zephyr-sdk-0.16.8"],
             ["which toolchain version does the firmware build expect?",
              "set up my shell so the firmware compiles with the same compiler CI uses"],
             "The firmware is built with Zephyr SDK 0.16.8 (/opt/zephyr-sdk-0.16.8, set via "
             "ZEPHYR_SDK_INSTALL_DIR like CI); left unset, CMake picks the newer 0.17.0.",
             {"goal": "CI builds fine but my local build throws different warnings - what "
                      "toolchain is this supposed to use?",
              "probe": [bash("grep -n SDK .github/workflows/build.yml; echo \"local: "
                             "${ZEPHYR_SDK_INSTALL_DIR:-unset}\"; ls /opt",
                             "12:      ZEPHYR_SDK_INSTALL_DIR: /opt/zephyr-sdk-0.16.8\nlocal: "
                             "unset\nzephyr-sdk-0.16.8  zephyr-sdk-0.17.0")],
              "confirm": "CI pins the toolchain to /opt/zephyr-sdk-0.16.8 through "
                         "ZEPHYR_SDK_INSTALL_DIR. Your shell doesn't set it, so CMake picks "
                         "the newest SDK it finds (0.17.0) and you get its compiler's "
                         "warnings. `export ZEPHYR_SDK_INSTALL_DIR=/opt/zephyr-sdk-0.16.8` "
                         "and reconfigure.",
              "said": "we're pinned to /opt/zephyr-sdk-0.16.8 like CI, don't let it grab the "
                      "0.17 one",
              "row": ("Zephyr SDK", "/opt/zephyr-sdk-0.16.8",
                      ".github/workflows/build.yml (ZEPHYR_SDK_INSTALL_DIR)")}),
        Fact("gotcha-initprio", "gotcha", ["CONFIG_ATLAS_EC_INIT_PRIORITY"],
             ["the EC probe fails to initialise at power-up but works when I re-init it by "
              "hand - what's going on?",
              "I'm adding a second I2C sensor driver; anything about startup order I need to "
              "get right?"],
             "The Atlas EC sensor driver must init after the I2C bus: set "
             "CONFIG_ATLAS_EC_INIT_PRIORITY=91 (its default 40 is below "
             "CONFIG_I2C_INIT_PRIORITY 50, so it reports 'not ready' / -ENODEV at boot).",
             {"symptom": "the conductivity sensor says 'not ready' on every boot, but if I "
                         "re-init it from the shell it works fine",
              "task": "add a shell command that prints the raw conductivity reading, and try "
                      "it on the board",
              "probe": [bash("tio -b 115200 /dev/serial/by-id/usb-SaltmarshLabs_Brinewatch_"
                             "Console_E66138B1-if00 --timestamp | head -5",
                             "*** Booting Zephyr OS build v3.6.0 ***\n[00:00:00.004,211] <err> "
                             "ec_sensor: i2c@40003000 not ready\n[00:00:00.004,236] <err> "
                             "ec_sensor: init failed: -19\n[00:00:00.118,530] <inf> main: "
                             "brinewatch fw 2.3.1 starting"),
                        bash("grep -n 'INIT_PRIORITY' build/zephyr/.config",
                             "212:CONFIG_KERNEL_INIT_PRIORITY_DEFAULT=40\n388:CONFIG_I2C_INIT_"
                             "PRIORITY=50\n401:CONFIG_SENSOR_INIT_PRIORITY=90\n517:CONFIG_ATLAS_"
                             "EC_INIT_PRIORITY=40")],
              "source": [read("drivers/sensor/atlas_ec/Kconfig",
                              "config ATLAS_EC_INIT_PRIORITY\n\tint \"Atlas EC init "
                              "priority\"\n\tdefault 40\n")],
              "explain": "the out-of-tree EC driver defaults CONFIG_ATLAS_EC_INIT_PRIORITY to "
                         "40, below CONFIG_I2C_INIT_PRIORITY (50), so at boot the sensor "
                         "initialises before its I2C bus exists and gives up with -ENODEV; by "
                         "the time you poke it from the shell the bus is up, which is why a "
                         "manual re-init works. The sensor's priority has to be higher than the "
                         "bus's - 91 also keeps it after the stock sensors",
              "fix": [edit("prj.conf", "CONFIG_ATLAS_EC=y",
                           "CONFIG_ATLAS_EC=y\nCONFIG_ATLAS_EC_INIT_PRIORITY=91")],
              "done": "With the priority at 91 the boot log shows `ec_sensor: probe ok` and "
                      "readings arrive from the first cycle."}),
        Fact("gotcha-dtr", "gotcha", ["UART_LINE_CTRL_DTR"],
             ["the unit out on battery never transmits anything even though the same firmware "
              "is fine on my desk - why?",
              "deployed buoy boots to nothing: no radio, no LED, but no crash either. what "
              "should I check first?"],
             "brinewatch main() waits for UART_LINE_CTRL_DTR on the USB console; with no USB "
             "host (on battery, deployed) DTR never asserts and boot silently hangs - guard the "
             "wait with CONFIG_BRINE_WAIT_FOR_CONSOLE and a timeout.",
             {"symptom": "the buoy works perfectly on the bench but the one running on battery "
                         "never sends a single telemetry packet - no LED blink either",
              "task": "do a boot timing run on the PPK2 with the board powered from it, no USB "
                      "cable - I want reset-to-first-frame time",
              "probe": [bash("python3 tools/ppk_capture.py --source-mode --voltage 3700 "
                             "--seconds 60",
                             "PPK2 on /dev/ttyACM2, source mode 3700 mV\nsampling 60 s @ 100 "
                             "kS/s...\navg 2.14 mA  max 2.9 mA  no TX bursts (>40 mA) detected"
                             "\nno telemetry frame observed", 1),
                        grep("uart_line_ctrl_get", ["src/main.c"])],
              "source": [read("src/main.c",
                              "\t/* wait for the host to open the console */\n\tuint32_t dtr "
                              "= 0;\n\n\twhile (!dtr) {\n\t\tuart_line_ctrl_get(console, "
                              "UART_LINE_CTRL_DTR, &dtr);\n\t\tk_sleep(K_MSEC(100));\n\t}\n\n\t"
                              "sensors_start();\n")],
              "explain": "main() spins waiting for UART_LINE_CTRL_DTR on the USB console before "
                         "it starts the sensor thread. On the bench a terminal has the port "
                         "open, so DTR is asserted and boot carries on; on battery there is no "
                         "USB host, DTR never goes high, and the firmware waits forever without "
                         "any error - a flat ~2 mA with no radio bursts is exactly that. The "
                         "wait may only happen in debug builds, and with a timeout",
              "fix": [edit("src/main.c", "\twhile (!dtr) {",
                           "\tint64_t until = k_uptime_get() + 3000;\n\n\twhile (IS_ENABLED("
                           "CONFIG_BRINE_WAIT_FOR_CONSOLE) && !dtr && k_uptime_get() < until) "
                           "{"),
                      bash("ninja -C build && python3 tools/ppk_capture.py --source-mode "
                           "--voltage 3700 --seconds 60",
                           "[3/3] Linking C executable zephyr/zephyr.elf\nPPK2 on /dev/ttyACM2,"
                           " source mode 3700 mV\nfirst TX burst at 4.21 s\ntelemetry frame "
                           "seq=1 observed")],
              "done": "Boot no longer waits for a console unless CONFIG_BRINE_WAIT_FOR_CONSOLE "
                      "is set (and then for at most 3 s); on PPK2 power the first frame goes "
                      "out 4.2 s after reset."}),
        Fact("fals-newlib", "falsified", ["newlib"],
             ["I'd like %f to work in the debug shell output - can we swap the C library for "
              "that?",
              "why does the firmware still link against the minimal C library?"],
             "Swapping the C library to newlib so %f float formatting works in printf / the "
             "debug shell overflows flash by ~14 KB; reverted, the firmware stays on the "
             "minimal libc.",
             {"ask": "can we get float formatting in snprintf for the debug shell? switch the C "
                     "library so %f works",
              "change": [edit("prj.conf", "CONFIG_MINIMAL_LIBC=y",
                              "CONFIG_NEWLIB_LIBC=y\nCONFIG_NEWLIB_LIBC_FLOAT_PRINTF=y")],
              "broke": bash("ninja -C build",
                            "[187/214] Linking C executable zephyr/zephyr_pre0.elf\n"
                            "arm-zephyr-eabi/bin/ld.bfd: zephyr/zephyr_pre0.elf section `text' "
                            "will not fit in region `FLASH'\narm-zephyr-eabi/bin/ld.bfd: region "
                            "`FLASH' overflowed by 14212 bytes\ncollect2: error: ld returned 1 "
                            "exit status\nninja: build stopped: subcommand failed.", 1),
              "revert": bash("git checkout -- prj.conf && ninja -C build",
                             "[214/214] Linking C executable zephyr/zephyr.elf"),
              "conclusion": "newlib with float printf costs about 14 KB and the image already "
                            "fills 85% of its 448 KB slot (the rest of flash is MCUboot's "
                            "secondary slot), so the link overflows FLASH. We stay on the "
                            "minimal libc; the shell can print values as %d.%03d instead",
              "history": bash("git log --oneline -i --grep=libc",
                              "b71e0c4 Revert \"build: switch to newlib for float printf\"\n"
                              "9a3d2f7 build: switch to newlib for float printf\n4c02e88 build:"
                              " minimal libc, drop unused heap"),
              "recall": "the switch to newlib was made in 9a3d2f7 and reverted in b71e0c4; the "
                        "revert says float printf overflowed the FLASH region by ~14 KB, since "
                        "the image shares flash with MCUboot's secondary slot",
              "row": ("newlib + float printf", "FLASH overflowed by 14 KB", "reverted")}),
        Fact("fals-immediate", "falsified", ["LOG_MODE_IMMEDIATE"],
             ["logs right before a crash go missing - can we make logging synchronous?",
              "was unbuffered logging ever tried on the buoy, and what happened?"],
             "Immediate logging (CONFIG_LOG_MODE_IMMEDIATE) made the SX1262 radio miss its "
             "TX-done timing (BUSY timeouts in the HIL test); reverted to deferred logging - "
             "use log_panic() in the fault handler instead.",
             {"ask": "we lose the last log lines before a hard fault. make logging immediate so "
                     "nothing sits in a buffer",
              "change": [edit("prj.conf", "CONFIG_LOG_MODE_DEFERRED=y",
                              "CONFIG_LOG_MODE_IMMEDIATE=y")],
              "broke": bash("ninja -C build && python3 tools/hil.py radio --loops 20",
                            "[9/9] Linking C executable zephyr/zephyr.elf\nloop 3: SX1262 BUSY "
                            "timeout after TX (tx-done irq late by 38 ms)\nloop 7: SX1262 BUSY "
                            "timeout after TX (tx-done irq late by 41 ms)\n...\n7/20 loops "
                            "failed", 1),
              "revert": bash("git checkout -- prj.conf", ""),
              "conclusion": "with LOG_MODE_IMMEDIATE every LOG_* call formats and pushes bytes "
                            "out of the UART inside the caller - including the SX1262 interrupt "
                            "path - so TX-done handling runs tens of ms late and the radio's "
                            "BUSY line times out. Deferred logging has to stay; for crash "
                            "forensics, calling log_panic() in the fault handler flushes the "
                            "buffer instead",
              "history": bash("git log --oneline -S LOG_MODE_IMMEDIATE",
                              "e402b19 Revert \"log: immediate mode so faults don't eat logs\"\n"
                              "61cc8a0 log: immediate mode so faults don't eat logs"),
              "recall": "LOG_MODE_IMMEDIATE went in with 61cc8a0 and was reverted in e402b19 - "
                        "synchronous logging in the SX1262 interrupt path delayed TX-done "
                        "handling and the radio hit BUSY timeouts",
              "row": ("LOG_MODE_IMMEDIATE", "SX1262 BUSY timeouts, 7/20 HIL loops failed",
                      "reverted")}),
    ]
    noise = [
        look("what does src/gnss.c do?", "src/gnss.c",
             "static int gnss_wait_fix(k_timeout_t budget)\n{\n\tint64_t end = k_uptime_get() + "
             "k_ticks_to_ms_floor64(budget.ticks);\n\n\twhile (k_uptime_get() < end) {\n\t\tif "
             "(nmea_has_fix(&parser)) {\n\t\t\treturn 0;\n\t\t}\n\t\tk_sleep(K_MSEC(250));\n\t}"
             "\n\treturn -ETIMEDOUT;\n}\n",
             "It powers the GNSS module, feeds its NMEA stream to a parser and waits up to a "
             "time budget for a position fix, returning -ETIMEDOUT if none arrives; the rest of "
             "the file puts the module back to sleep afterwards."),
        run("run the ring buffer unit tests on native_sim",
            "west twister -T tests/unit/ringbuf -p native_sim",
            "INFO    - Using Ninja..\nINFO    - 4 test scenarios (4 configurations) selected\n"
            "INFO    - 4 of 4 executed test configurations passed (100.00%)\nINFO    - 19 of 19 "
            "executed test cases passed (100.00%)",
            "All 19 ring buffer test cases pass on native_sim."),
        tweak("the telemetry interval is 600 seconds, drop the default to 300",
              "app/Kconfig", "config BRINE_TX_INTERVAL_S\n\tint \"Telemetry interval (s)\"\n\t"
              "default 600", "config BRINE_TX_INTERVAL_S\n\tint \"Telemetry interval (s)\"\n\t"
              "default 300",
              "The default interval is 300 s now; boards that override it in their defconfig "
              "keep their own value."),
        steps("what's on my branch so far?",
              [bash("git status --short", " M src/lora_link.c\n M app/Kconfig\n?? notes.txt"),
               bash("git log --oneline -3",
                    "8d41c0a lora: retry join with backoff\n2e7fb13 gnss: shorter fix budget "
                    "at night\n0c9a6d2 docs: wiring diagram")],
              "Two modified files (lora_link.c and the Kconfig) plus an untracked notes.txt, on "
              "top of the LoRa join backoff commit."),
        talk("quick one - k_sleep vs k_busy_wait, when would I ever want the busy one?",
             "k_sleep hands the CPU to the scheduler (and lets the SoC idle), so it's the "
             "default. k_busy_wait spins without yielding; it's only for very short, precise "
             "delays - a few microseconds between GPIO toggles or a sensor's conversion time - "
             "or in contexts where you can't sleep, like before the kernel is up."),
        find("where do we handle the case where the GNSS never gets a fix?",
             "ETIMEDOUT", ["src/gnss.c", "src/cycle.c"],
             "gnss.c returns -ETIMEDOUT and cycle.c catches it: it sends the frame anyway with "
             "the last known position and sets the stale-fix flag."),
        tweak("fix the typo in the README first line", "README.md",
              "# brinewatch\n\nFirmware for the drifitng salinity buoy.",
              "# brinewatch\n\nFirmware for the drifting salinity buoy.",
              "Fixed \"drifitng\" in the README."),
        tweak("add a comment above ec_compensate saying what it does", "src/ec_sensor.c",
              "static int32_t ec_compensate(int32_t raw, int32_t temp_mdegc)",
              "/* Temperature-compensate a raw EC reading to 25 degC (2 %/degC slope). */\n"
              "static int32_t ec_compensate(int32_t raw, int32_t temp_mdegc)",
              "Added a one-line comment above `ec_compensate`."),
        run("how much RAM does the current build use?", "ninja -C build ram_report | tail -4",
            "zephyr/kernel                     18244\nsrc                               21980\n"
            "modules/loramac                   30112\nTotal                             97436",
            "About 95 KB of the 256 KB RAM; the LoRaMAC stack is the biggest consumer at 30 KB."),
        talk("ok that's enough for today, cheers",
             "Cheers - the branch is as you left it, nothing uncommitted from me."),
    ]
    return Project(
        "brinewatch", "git@gitlab.com:saltmarsh-labs/brinewatch.git",
        {"README.md": "# brinewatch\n\nFirmware for the drifting salinity buoy (nRF52840, "
                      "Zephyr).\n",
         "west.yml": "manifest:\n  projects:\n    - name: zephyr\n      revision: v3.6.0\n"},
        facts, noise, "github")


# ------------------------------------------------------------------- lichenseq
def lichenseq() -> Project:
    facts = [
        Fact("conv-labels", "convention", ["withLabel"],
             ["I'm writing a new process for the assembly step - how do I give it more CPUs "
              "and memory?",
              "where should the resource requests for a pipeline step be declared?"],
             "Resource requests (CPUs, memory) for a lichenseq pipeline step are never "
             "hardcoded in the process: each declares a label (process_low/medium/high) and "
             "conf/base.config sets resources per label with withLabel blocks.",
             {"task": "add a process that runs flye to assemble the reads per sample",
              "probe": [bash("grep -n \"label\\|cpus\\|memory\" modules/local/*/main.nf",
                             "modules/local/kraken2/main.nf:3:    label 'process_high'\n"
                             "modules/local/porechop/main.nf:3:    label 'process_medium'\n"
                             "modules/local/nanoplot/main.nf:3:    label 'process_low'"),
                        read("conf/base.config",
                             "process {\n    withLabel: process_low    { cpus = 2;  memory = "
                             "4.GB;   time = 2.h  }\n    withLabel: process_medium { cpus = 8;"
                             "  memory = 24.GB;  time = 8.h  }\n    withLabel: process_high   "
                             "{ cpus = 32; memory = 120.GB; time = 24.h }\n}\n")],
              "rule": "no module sets cpus or memory itself - each declares a label "
                      "(process_low, process_medium or process_high) and conf/base.config maps "
                      "those labels to resources in withLabel blocks, so a profile can rescale "
                      "everything in one place",
              "follow": [write("modules/local/flye/main.nf",
                               "process FLYE {\n    tag \"$meta.id\"\n    label 'process_high'\n"
                               "\n    input:\n    tuple val(meta), path(reads)\n\n    output:\n"
                               "    tuple val(meta), path(\"${meta.id}.assembly.fasta\"), emit: "
                               "fasta\n\n    script:\n    \"\"\"\n    flye --nano-hq $reads "
                               "--out-dir out --threads $task.cpus\n    mv out/assembly.fasta "
                               "${meta.id}.assembly.fasta\n    \"\"\"\n}\n")],
              "done": "Added modules/local/flye/main.nf (label process_high, `--nano-hq`, "
                      "threads from task.cpus) and wired it after porechop in "
                      "workflows/lichenseq.nf.",
              "said": "give it a label like the others, resources come from withLabel in "
                      "conf/base.config - never hardcode cpus",
              "contrary": [write("modules/local/flye/main.nf",
                                 "process FLYE {\n    tag \"$meta.id\"\n    cpus 16\n    memory "
                                 "'64 GB'\n\n    input:\n    tuple val(meta), path(reads)\n}\n"),
                           bash("python3 bin/check_modules.py",
                                "modules/local/flye/main.nf: hardcoded 'cpus' directive - use a "
                                "resource label (see conf/base.config)\nmodules/local/flye/main."
                                "nf: hardcoded 'memory' directive\n1 module failed", 1)]}),
        Fact("conv-versions", "convention", ["versions.yml"],
             ["I'm adding a module for minimap2 - what outputs does every module have to "
              "provide besides its results?",
              "how do tool versions end up in the pipeline's final report?"],
             "Every lichenseq module must emit a versions.yml (`path \"versions.yml\", emit: "
             "versions`, written with an END_VERSIONS heredoc) that the workflow collects into "
             "the software versions report.",
             {"task": "write a module for seqkit stats so we get read-length summaries per "
                      "sample",
              "probe": [grep("emit: versions", ["modules/local/kraken2/main.nf",
                                                "modules/local/nanoplot/main.nf",
                                                "modules/local/porechop/main.nf"]),
                        read("modules/local/nanoplot/main.nf",
                             "    output:\n    tuple val(meta), path(\"*.html\"), emit: html\n"
                             "    path \"versions.yml\"               , emit: versions\n\n    "
                             "script:\n    \"\"\"\n    NanoPlot --fastq $reads -t $task.cpus "
                             "-o .\n\n    cat <<-END_VERSIONS > versions.yml\n    "
                             "\"${task.process}\":\n        nanoplot: \\$(NanoPlot --version | "
                             "sed 's/NanoPlot //')\n    END_VERSIONS\n    \"\"\"\n")],
              "rule": "every module also emits a versions.yml - a `path \"versions.yml\", "
                      "emit: versions` output filled by an END_VERSIONS heredoc at the end of "
                      "the script - and the workflow mixes those into the final software "
                      "versions report",
              "follow": [write("modules/local/seqkit_stats/main.nf",
                               "process SEQKIT_STATS {\n    tag \"$meta.id\"\n    label "
                               "'process_low'\n\n    input:\n    tuple val(meta), path(reads)\n\n"
                               "    output:\n    tuple val(meta), path(\"*.tsv\"), emit: stats\n"
                               "    path \"versions.yml\"            , emit: versions\n\n    "
                               "script:\n    \"\"\"\n    seqkit stats -a -T $reads > "
                               "${meta.id}.seqkit.tsv\n\n    cat <<-END_VERSIONS > versions.yml"
                               "\n    \"${task.process}\":\n        seqkit: \\$(seqkit version "
                               "| sed 's/seqkit v//')\n    END_VERSIONS\n    \"\"\"\n}\n")],
              "done": "modules/local/seqkit_stats/main.nf is in and runs after porechop; its "
                      "tables land in results/qc/seqkit/.",
              "said": "and don't forget the versions.yml output every module has",
              "contrary": [write("modules/local/seqkit_stats/main.nf",
                                 "process SEQKIT_STATS {\n    tag \"$meta.id\"\n    label "
                                 "'process_low'\n\n    output:\n    tuple val(meta), path(\"*.tsv"
                                 "\"), emit: stats\n}\n"),
                           bash("nf-test test tests/modules/seqkit_stats/main.nf.test",
                                "Test Process SEQKIT_STATS\n  Test [5c1e9a2f] 'seqkit stats - "
                                "fastq' FAILED (9.4s)\n\n  Assertion failed:\n  assert "
                                "process.out.versions\n         |       |   |\n         |       "
                                "|   null\n\nFAILURE: Executed 1 tests in 9.5s (1 failed)", 1)]}),
        Fact("cmd-profile", "command", ["test_minimal"],
             ["nextflow says it doesn't know the test profile - how do I smoke-test the "
              "pipeline locally?",
              "kick off the small sample-data run of the pipeline for me before I push"],
             "Quick local runs use `nextflow run . -profile test_minimal,docker --outdir <dir>` "
             "(small test dataset); there is no plain 'test' profile (Unknown configuration "
             "profile).",
             {"goal": "do a quick test run of the pipeline on my laptop before I push",
              "fail": bash("nextflow run . -profile test,docker --outdir /tmp/ls-out",
                           "Unknown configuration profile: 'test'\n\nDid you mean one of "
                           "these?\n    test_minimal\n    test_full\n", 1),
              "probe": [bash("ls conf/",
                             "base.config  cluster.config  modules.config  test_full.config  "
                             "test_minimal.config")],
              "note": "there's no plain `test` profile in this repo - conf/ has test_minimal "
                      "(three tiny ONT samples, a few minutes) and test_full (the 40 GB "
                      "benchmark set), so a pre-push check is `-profile test_minimal,docker`",
              "ok": bash("nextflow run . -profile test_minimal,docker --outdir /tmp/ls-out",
                         "executor >  local (23)\n[4b/2a91c3] LICHENSEQ:PORECHOP (S01)   "
                         "[100%] 3 of 3 ✔\n[a0/55e1d7] LICHENSEQ:KRAKEN2 (S01)    [100%] 3 of 3 "
                         "✔\n[7e/01b2aa] LICHENSEQ:NANOPLOT (S03)   [100%] 3 of 3 ✔\nDuration    "
                         ": 6m 12s\nSucceeded   : 23"),
              "done": "The quick run passes: 23 tasks in about 6 minutes.",
              "howto": "quick local runs use `nextflow run . -profile test_minimal,docker "
                       "--outdir <dir>`; there is no `test` profile"}),
        Fact("cmd-snapshot", "command", ["update-snapshot"],
             ["a module test fails only because the output md5 changed after an intentional "
              "change - how do I refresh the stored expectations?",
              "the kraken module's output legitimately changed; refresh its saved test "
              "expectations"],
             "When a module's output changes intentionally, regenerate its nf-test snapshot "
             "with `nf-test test <path> --update-snapshot` and commit the .nf.test.snap file.",
             {"goal": "the nf-test for the bracken module started failing after I bumped its "
                      "container, can you sort it out?",
              "fail": bash("nf-test test tests/modules/bracken/main.nf.test",
                           "Test Process BRACKEN\n  Test [3f0c2a11] 'bracken - kraken report' "
                           "FAILED (18.2s)\n\n  java.lang.RuntimeException: Different Snapshot:"
                           "\n  [\n      {\n          \"0\": [\n  -            \"S01.bracken."
                           "tsv:md5,7e1c0a9d53f2b6e4\"\n  +            \"S01.bracken.tsv:md5,"
                           "c41f88ab02d9e713\"\n          ]\n      }\n  ]\n\nFAILURE: Executed 1 "
                           "tests in 18.3s (1 failed)", 1),
              "probe": [bash("diff <(cut -f1-6 old/S01.bracken.tsv | head -3) <(cut -f1-6 "
                             ".nf-test/tests/3f0c2a11/output/S01.bracken.tsv | head -3)",
                             "2c2\n< Bradyrhizobium\t374\tG\t18412\t0\t18412\t0.08401\n---\n> "
                             "Bradyrhizobium\t374\tG\t18412\t0\t18412\t0.084012")],
              "note": "the only difference is the md5 of the abundance table - the new bracken "
                      "container writes one more decimal in the fraction column, so the output "
                      "changed on purpose. The stored snapshot has to be regenerated, which is "
                      "`nf-test test <test> --update-snapshot`",
              "ok": bash("nf-test test tests/modules/bracken/main.nf.test --update-snapshot",
                         "Test Process BRACKEN\n  Test [3f0c2a11] 'bracken - kraken report' "
                         "PASSED (17.9s)\n  Snapshots:\n    1 updated [bracken - kraken report]"
                         "\n\nSUCCESS: Executed 1 tests in 18.0s"),
              "done": "Snapshot regenerated; commit tests/modules/bracken/main.nf.test.snap "
                      "together with the container bump.",
              "howto": "when a module's output changes on purpose, regenerate its snapshot "
                       "with `nf-test test <test> --update-snapshot` and commit the .snap"}),
        Fact("env-refdb", "environment", ["k2_pluspf_16gb_20240112"],
             ["which taxonomic classification database does the cluster profile point at?",
              "I need the path of the reference database on the analysis box for a one-off "
              "classification run"],
             "On the analysis server the Kraken2 database is "
             "/srv/refdb/kraken2/k2_pluspf_16gb_20240112 (PlusPF 16 GB, Jan 2024), set as "
             "kraken_db in conf/cluster.config.",
             {"goal": "where does the kraken database live on the analysis server? the param "
                      "default looks like a placeholder",
              "probe": [bash("grep -n kraken_db nextflow.config conf/cluster.config",
                             "nextflow.config:18:    kraken_db = null\nconf/cluster.config:9:  "
                             "  kraken_db = '/srv/refdb/kraken2/k2_pluspf_16gb_20240112'"),
                        bash("ls /srv/refdb/kraken2/k2_pluspf_16gb_20240112",
                             "database100mers.kmer_distrib  database150mers.kmer_distrib  "
                             "database300mers.kmer_distrib  hash.k2d  opts.k2d  taxo.k2d")],
              "confirm": "On the server the Kraken2 database is /srv/refdb/kraken2/"
                         "k2_pluspf_16gb_20240112 - the PlusPF 16 GB build from January 2024 - "
                         "set as kraken_db in conf/cluster.config. The null in nextflow.config "
                         "is only the default for the other profiles, so runs outside the "
                         "cluster profile have to pass --kraken_db themselves.",
              "said": "the db on the server is /srv/refdb/kraken2/k2_pluspf_16gb_20240112 btw",
              "row": ("Kraken2 DB", "/srv/refdb/kraken2/k2_pluspf_16gb_20240112",
                      "conf/cluster.config (kraken_db)")}),
        Fact("env-nxf", "environment", ["23.10.1"],
             ["what Nextflow release is the pipeline locked to?",
              "the new analysis VM won't launch the workflow because of its Nextflow version - "
              "sort out my setup"],
             "The lichenseq pipeline is locked to Nextflow release 23.10.1 (strict "
             "manifest.nextflowVersion; NXF_VER=23.10.1 in .envrc); on a machine or VM without "
             "direnv the workflow won't launch with another Nextflow version - export "
             "NXF_VER=23.10.1.",
             {"goal": "the pipeline refuses to start on the new VM with some version error",
              "probe": [bash("grep -n nextflowVersion nextflow.config; cat .envrc; nextflow "
                             "-version | grep version",
                             "7:    nextflowVersion = '!>=23.10.1'\nexport NXF_VER=23.10.1\n"
                             "export NXF_OPTS='-Xms1g -Xmx4g'\n      version 24.04.4 build "
                             "5917"),
                        bash("which direnv", "", 1)],
              "confirm": "The pipeline is pinned to Nextflow 23.10.1: .envrc exports "
                         "NXF_VER=23.10.1 and the manifest's nextflowVersion is strict. The new "
                         "VM has no direnv, so the launcher runs its own 24.04.4. `export "
                         "NXF_VER=23.10.1` before `nextflow run` and the launcher fetches the "
                         "pinned release.",
              "said": "we're pinned to nextflow 23.10.1, the new VM probably just needs NXF_VER",
              "row": ("Nextflow", "23.10.1 (strict)",
                      "NXF_VER in .envrc + manifest.nextflowVersion")}),
        Fact("gotcha-bracken", "gotcha", ["bracken_read_len"],
             ["the genus abundance files are missing for every sample although the workflow "
              "reported success - what's the cause?",
              "I'm about to run a batch of long-read samples; is there a setting I need to get "
              "right so the abundance re-estimation step actually produces output?"],
             "BRACKEN has errorStrategy 'ignore': unless params.bracken_read_len matches a "
             "kmer_distrib in the DB (100/150/300; use 300 for ONT) it fails and samples "
             "silently get no abundance table while the run reports success.",
             {"symptom": "the nanopore run finished green but there are no abundance tables for "
                         "any sample",
              "task": "run the pipeline on the PromethION batch from last week and summarise "
                      "the top genera per sample",
              "probe": [bash("ls results/bracken/ | wc -l; grep BRACKEN results/pipeline_info/"
                             "execution_trace_*.txt | head -2",
                             "0\n41\t3e/9a0b1c\tLICHENSEQ:BRACKEN (P07)\tFAILED\t1\tignored\n"
                             "42\t8d/11f0e4\tLICHENSEQ:BRACKEN (P02)\tFAILED\t1\tignored"),
                        bash("cat work/3e/9a0b1c*/.command.err",
                             " >> Checking for Valid Options...\n ERROR: /db/database1000mers."
                             "kmer_distrib does not exist\n        Run bracken-build to "
                             "generate the kmer distribution file.")],
              "source": [read("modules/local/bracken/main.nf",
                              "process BRACKEN {\n    tag \"$meta.id\"\n    label 'process_low'"
                              "\n    errorStrategy 'ignore'\n\n    script:\n    \"\"\"\n    "
                              "bracken -d /db -i $report -o ${meta.id}.bracken.tsv -r "
                              "${params.bracken_read_len} -l G\n    \"\"\"\n}\n")],
              "explain": "BRACKEN runs with errorStrategy 'ignore', so when it fails the run "
                         "still ends green and the sample just has no table. It fails because "
                         "params.bracken_read_len defaults to 1000 for ONT, while the database "
                         "only ships kmer distributions for 100, 150 and 300 bp - Bracken needs "
                         "one matching -r exactly. Unless bracken_read_len is one of those (300 "
                         "for long reads with this DB), every sample silently drops out",
              "fix": [edit("nextflow.config", "    bracken_read_len = 1000",
                           "    bracken_read_len = 300"),
                      bash("nextflow run . -profile cluster -resume --input samplesheets/"
                           "promethion_0611.csv",
                           "[c2/1e7f90] LICHENSEQ:BRACKEN (P07)  [100%] 12 of 12 ✔\nSucceeded  "
                           " : 12\nCached      : 84")],
              "done": "All 12 samples have abundance tables now, and the default is changed so "
                      "the next run doesn't repeat it."}),
        Fact("gotcha-sifcache", "gotcha", ["NXF_SINGULARITY_CACHEDIR"],
             ["jobs on the HPC fail right away with a quota error while pulling containers - "
              "how do I stop that?",
              "what do I need to export before launching on slurm so container images aren't "
              "downloaded into my home directory?"],
             "On the SLURM cluster set NXF_SINGULARITY_CACHEDIR to shared scratch "
             "(/scratch/shared/singularity); otherwise every node pulls singularity images "
             "under $HOME and jobs fail with disk quota exceeded.",
             {"symptom": "on the cluster half the jobs die at the start with 'disk quota "
                         "exceeded', locally everything's fine",
              "task": "launch the full run on the slurm cluster for the new soil batch",
              "probe": [bash("nextflow run . -profile cluster --input samplesheets/"
                             "soil_batch9.csv",
                             "executor >  slurm (41)\nERROR ~ Error executing process > "
                             "'LICHENSEQ:PORECHOP (S103)'\n\nCaused by:\n  Failed to pull "
                             "singularity image\n  command: singularity pull --name quay.io-"
                             "biocontainers-porechop-0.2.4--py39h7cff6ad_2.img.pulling docker://"
                             "quay.io/biocontainers/porechop:0.2.4--py39h7cff6ad_2\n  status : "
                             "255\n  message:\n    FATAL:   While making image from oci "
                             "registry: write /home/dev/.singularity/cache/blob/sha256/9f1c: "
                             "disk quota exceeded", 1),
                        bash("quota -s | tail -1",
                             "  /dev/mapper/home  10240M*  10240M  11264M   6days")],
              "explain": "this only bites on the cluster: with NXF_SINGULARITY_CACHEDIR unset, "
                         "each job pulls its image itself and singularity keeps the layer cache "
                         "under $HOME, so nodes pulling the same images in parallel blow "
                         "through the 10 GB home quota. Locally you use docker, so it never "
                         "shows up. Exporting NXF_SINGULARITY_CACHEDIR to shared scratch makes "
                         "the images get pulled once and reused by every node",
              "fix": [edit("conf/cluster.config", "singularity.enabled = true",
                           "singularity.enabled  = true\nsingularity.cacheDir = System.getenv("
                           "'NXF_SINGULARITY_CACHEDIR') ?: '/scratch/shared/singularity'"),
                      bash("export NXF_SINGULARITY_CACHEDIR=/scratch/shared/singularity && "
                           "nextflow run . -profile cluster --input samplesheets/soil_batch9.csv"
                           " -resume",
                           "executor >  slurm (41)\nPulling Singularity image docker://quay.io/"
                           "biocontainers/porechop:0.2.4--py39h7cff6ad_2 [cache /scratch/"
                           "shared/singularity/quay.io-biocontainers-porechop-0.2.4--"
                           "py39h7cff6ad_2.img]\n[6a/0d2f11] LICHENSEQ:PORECHOP (S103) [ 21%] 8 "
                           "of 38")],
              "done": "Images now go to /scratch/shared/singularity once; the run is going and "
                      "no job has failed at the container pull."}),
        Fact("fals-bowtie2", "falsified", ["bowtie2"],
             ["could we use a faster aligner than minimap2 to strip out host reads?",
              "has anyone tried replacing the host-depletion aligner, and how did it go?"],
             "Swapping minimap2 for bowtie2 in host-read removal failed: bowtie2 (a short-read "
             "aligner) leaves ~99.9% of ONT reads unaligned, so host reads aren't removed; "
             "reverted to minimap2 -x map-ont.",
             {"ask": "host read removal with minimap2 is the slowest step - swap it for bowtie2, "
                     "that should be quicker",
              "change": [edit("workflows/lichenseq.nf",
                              "include { MINIMAP2_HOST } from '../modules/local/minimap2_host/"
                              "main'",
                              "include { BOWTIE2_HOST } from '../modules/local/bowtie2_host/"
                              "main'"),
                         edit("workflows/lichenseq.nf", "MINIMAP2_HOST(PORECHOP.out.reads, "
                              "host_index)", "BOWTIE2_HOST(PORECHOP.out.reads, host_index)")],
              "broke": bash("nf-test test tests/workflows/host_removal.nf.test",
                            "Test Workflow HOST_REMOVAL\n  Test [81aa0e3c] 'removes host reads'"
                            " FAILED (41.7s)\n\n  assert host_fraction > 0.30\n         |      "
                            "       |\n         0.0008        false\n  bowtie2: 99.92% of reads"
                            " unaligned (read lengths 1.8-42 kb)", 1),
              "revert": bash("git checkout -- workflows/lichenseq.nf", ""),
              "conclusion": "bowtie2 is built for short reads: on our nanopore reads (kilobases "
                            "long, a few percent error) it aligns almost nothing, so the "
                            "removed host fraction fell from ~34% to 0.08% and host DNA would "
                            "leak into classification. minimap2 with -x map-ont stays",
              "history": bash("git log --oneline -i --grep=host",
                              "d2e9b41 Revert \"host: use bowtie2 for host depletion\"\n7c10f3e"
                              " host: use bowtie2 for host depletion\n5a8e2d0 host: add plant "
                              "host index"),
              "recall": "host depletion was moved to bowtie2 in 7c10f3e and reverted in d2e9b41 "
                        "- the revert says bowtie2 left 99.9% of the ONT reads unaligned "
                        "because it is a short-read aligner, so almost no host DNA got removed",
              "row": ("bowtie2 for host removal", "0.08% host reads removed (was ~34%)",
                      "reverted")}),
        Fact("fals-scratch", "falsified", ["process.scratch"],
             ["the shared work directory is slow - can tasks run on the compute nodes' local "
              "disk instead?",
              "why don't our cluster jobs use node-local temporary storage?"],
             "Turning on process.scratch (node-local /tmp) on the cluster made KRAKEN2 fail "
             "with No space left on device (/tmp is 20 GB); reverted, tasks stay in the shared "
             "work dir.",
             {"ask": "the shared filesystem is slow - make the tasks run in node-local scratch",
              "change": [edit("conf/cluster.config", "process.executor = 'slurm'",
                              "process.executor = 'slurm'\nprocess.scratch  = true")],
              "broke": bash("nextflow run . -profile cluster --input samplesheets/"
                            "soil_batch9.csv -resume",
                            "ERROR ~ Error executing process > 'LICHENSEQ:KRAKEN2 (S104)'\n\n"
                            "Caused by:\n  Process `LICHENSEQ:KRAKEN2 (S104)` terminated with an"
                            " error exit status (1)\n\nCommand error:\n  kraken2: error writing "
                            "/tmp/nxf.XJ3kq0/S104.kraken2.out: No space left on device", 1),
              "revert": bash("git checkout -- conf/cluster.config", ""),
              "conclusion": "with process.scratch = true every task runs in the node's /tmp, "
                            "which is only 20 GB on the compute nodes, and KRAKEN2's per-read "
                            "output for a PromethION sample is bigger than that, so tasks die "
                            "with No space left on device. Tasks stay in the shared work dir",
              "history": bash("git log --oneline -- conf/cluster.config | head -3",
                              "f08c3d7 Revert \"cluster: run tasks in node-local tmp\"\n2bd41e9 "
                              "cluster: run tasks in node-local tmp\n91ce0b2 cluster: slurm "
                              "queue per label"),
              "recall": "process.scratch was switched on in 2bd41e9 and reverted in f08c3d7 - "
                        "node-local /tmp is only 20 GB and KRAKEN2's per-read output filled it "
                        "(No space left on device)",
              "row": ("process.scratch = true", "KRAKEN2 filled the 20 GB /tmp", "reverted")}),
    ]
    noise = [
        look("what does modules/local/porechop/main.nf do?", "modules/local/porechop/main.nf",
             "process PORECHOP {\n    tag \"$meta.id\"\n    label 'process_medium'\n\n    input:"
             "\n    tuple val(meta), path(reads)\n\n    output:\n    tuple val(meta), path(\"*."
             "trimmed.fastq.gz\"), emit: reads\n",
             "It trims adapters off each sample's nanopore reads with porechop and emits the "
             "trimmed fastq per sample, keyed by the sample's meta map."),
        run("run the python tests for the helper scripts in bin/", "pytest tests/bin -q",
            "........................                                                 [100%]\n"
            "24 passed in 1.87s",
            "All 24 helper-script tests pass."),
        tweak("the samplesheet validator should accept lowercase barcodes too",
              "bin/check_samplesheet.py", "BARCODE = re.compile(r\"^BC\\d{2}$\")",
              "BARCODE = re.compile(r\"^BC\\d{2}$\", re.IGNORECASE)",
              "Barcodes like `bc07` now pass validation as well."),
        steps("what did I commit this week?",
              [bash("git log --oneline --since='7 days ago'",
                    "a7d1e02 summarise: add genus-level pie chart\n3f9b8c4 samplesheet: allow "
                    "comments\n0e5a2d1 nanoplot: bump to 1.42")],
              "Three commits this week: the genus pie chart, comments in samplesheets and the "
              "NanoPlot bump."),
        talk("what does the kraken2 --confidence option actually do?",
             "It's the fraction of a read's k-mers that must support a taxon (or its "
             "descendants) for the read to be assigned there; otherwise the read moves up the "
             "tree until the threshold is met or it stays unclassified. Higher values trade "
             "sensitivity for fewer false positives - 0.1 to 0.2 is a common range."),
        find("where are the pipeline parameters validated?", "validateParameters",
             ["main.nf", "nextflow_schema.json"],
             "main.nf calls validateParameters() from the nf-schema plugin at startup, which "
             "checks params against nextflow_schema.json."),
        tweak("fix the typo in the README intro", "README.md",
              "# lichenseq\n\nNanopore shotgun metagenomics for soil and lichen smaples.",
              "# lichenseq\n\nNanopore shotgun metagenomics for soil and lichen samples.",
              "Fixed \"smaples\" in the README intro."),
        tweak("add a docstring to top_genera in bin/summarise_taxa.py",
              "bin/summarise_taxa.py", "def top_genera(table, n=10):",
              "def top_genera(table, n=10):\n    \"\"\"The n most abundant genera of one sample, "
              "as (name, fraction) pairs.\"\"\"",
              "Added a docstring to `top_genera`."),
        run("is the nextflow code formatted? run the formatter check",
            "pre-commit run prettier --all-files", "prettier.................................."
            "................................Passed",
            "Formatting check passes, nothing to change."),
        talk("thanks, that'll do for now", "Sure - nothing left running on my side."),
    ]
    return Project(
        "lichenseq", "git@github.com:fenwater-genomics/lichenseq.git",
        {"README.md": "# lichenseq\n\nNanopore shotgun metagenomics for soil and lichen "
                      "samples (Nextflow DSL2).\n",
         "main.nf": "nextflow.enable.dsl = 2\n\ninclude { LICHENSEQ } from './workflows/"
                    "lichenseq'\n"},
        facts, noise, "aws")


# ------------------------------------------------------------------- gloamhollow
def gloamhollow() -> Project:
    facts = [
        Fact("conv-signals", "convention", ["past tense"],
             ["what should I call the signal the treasure chest fires when the player opens "
              "it?",
              "hook the boss's phase-change event up to the music manager the way the rest of "
              "the game does it"],
             "Godot signals/events in gloamhollow are named in past tense (health_depleted, "
             "door_unlocked) and hooked up (connected) in code in _ready(), never in the "
             "editor (no [connection] entries in .tscn files).",
             {"task": "make the lantern emit a signal when its oil runs out so the HUD can "
                      "flash",
              "probe": [bash("grep -rhn '^signal ' game/scripts | head -5",
                             "signal health_depleted\nsignal damage_taken(amount: int)\nsignal "
                             "door_unlocked(door_id: StringName)\nsignal loot_dropped(items: "
                             "Array[ItemData])\nsignal floor_cleared(floor: int)"),
                        bash("grep -rl '^\\[connection' game/scenes | wc -l", "0")],
              "rule": "signals here are always named in past tense, for something that already "
                      "happened (health_depleted, door_unlocked, loot_dropped), and none are "
                      "wired up in the editor - there are zero [connection] entries in the "
                      "scenes, everything is connected in _ready() in code",
              "follow": [edit("game/scripts/items/lantern.gd",
                              "signal fuel_changed(ratio: float)",
                              "signal fuel_changed(ratio: float)\nsignal oil_depleted"),
                         edit("game/scripts/ui/hud.gd", "func _ready() -> void:",
                              "func _ready() -> void:\n\tlantern.oil_depleted.connect("
                              "_flash_lantern_icon)")],
              "done": "The lantern emits `oil_depleted` once when fuel hits zero; the HUD "
                      "connects to it in `_ready()` and flashes the icon for 1.5 s.",
              "said": "name it in past tense like the rest and connect it in code, we never "
                      "hook signals up in the editor",
              "contrary": [edit("game/scripts/items/lantern.gd",
                                "signal fuel_changed(ratio: float)",
                                "signal fuel_changed(ratio: float)\nsignal on_oil_empty"),
                           bash("gdlint game/scripts/items/lantern.gd",
                                "game/scripts/items/lantern.gd:7: Error: Signal name "
                                "\"on_oil_empty\" is not valid (signal-name)\nFailure: 1 "
                                "problem found", 1)]}),
        Fact("conv-balance", "convention", ["balance.tres"],
             ["the goblins hit way too hard, where do I tune their damage?",
              "I'm adding a new enemy with its own speed and health values - where should "
              "those numbers go?"],
             "Gameplay tunables (damage, fire rates, health, speeds) live in the BalanceSheet "
             "resource res://data/balance.tres, read via a preloaded BALANCE constant - never "
             "as literals or consts in scripts.",
             {"task": "make the skeleton archers a bit less punishing - lower their damage and "
                      "fire rate",
              "probe": [grep("archer_arrow_damage", ["game/data/balance.tres",
                                                     "game/scripts/enemies/skeleton_archer.gd"]),
                        read("game/scripts/enemies/skeleton_archer.gd",
                             "extends Enemy\n\nconst BALANCE: BalanceSheet = preload(\"res://"
                             "data/balance.tres\")\n\nfunc _fire() -> void:\n\tvar arrow := "
                             "ARROW.instantiate()\n\tarrow.damage = BALANCE."
                             "archer_arrow_damage\n\t_cooldown = BALANCE.archer_fire_interval\n")],
              "rule": "gameplay numbers don't live in the scripts here - every tunable is an "
                      "exported field of the BalanceSheet resource in res://data/balance.tres "
                      "and scripts only read it through a preloaded BALANCE constant, so it can "
                      "be tweaked in the inspector without touching code",
              "follow": [edit("game/data/balance.tres",
                              "archer_arrow_damage = 14\narcher_fire_interval = 1.6",
                              "archer_arrow_damage = 10\narcher_fire_interval = 2.1")],
              "done": "Archer arrows do 10 damage now (was 14) and they fire every 2.1 s (was "
                      "1.6); no script changes needed.",
              "said": "numbers go in data/balance.tres, not in the scripts",
              "contrary": [edit("game/scripts/enemies/skeleton_archer.gd",
                                "\tarrow.damage = BALANCE.archer_arrow_damage",
                                "\tarrow.damage = 10"),
                           bash("godot --headless --path game --script res://tools/"
                                "check_literals.gd",
                                "skeleton_archer.gd:9: literal 10 assigned to 'damage' - "
                                "gameplay values belong in balance.tres\n1 problem", 1)]}),
        Fact("cmd-gut", "command", ["gut_cmdln"],
             ["godot can't load the project when I try to run the test suite from the "
              "terminal - what's the right invocation?",
              "run the GUT tests from the command line for me"],
             "Run the unit tests with `godot --headless --path game -s addons/gut/gut_cmdln.gd "
             "-gdir=res://test/unit -gexit` (the project is in game/; without --path Godot "
             "can't load the project data).",
             {"goal": "run the unit tests headless",
              "fail": bash("godot --headless -s addons/gut/gut_cmdln.gd",
                           "ERROR: Couldn't load project data at path \".\". Is the .pck file "
                           "missing?\nIf you've renamed the executable, the associated .pck "
                           "file should also be renamed to match the executable's name "
                           "(without the extension).", 1),
              "probe": [bash("ls", "README.md  build  docs  game  tools")],
              "note": "the Godot project lives in game/, not at the repo root, so godot needs "
                      "`--path game`; and gut_cmdln.gd only quits by itself with -gexit, "
                      "otherwise it idles after the run",
              "ok": bash("godot --headless --path game -s addons/gut/gut_cmdln.gd "
                         "-gdir=res://test/unit -gexit",
                         "--- Gut ---\nRunning tests in res://test/unit\n...\nTotals\n  "
                         "Scripts:          14\n  Tests:            96\n  Passing tests     96"
                         "\n\n---- All tests passed! ----"),
              "done": "96 unit tests, all passing.",
              "howto": "unit tests run with `godot --headless --path game -s addons/gut/"
                       "gut_cmdln.gd -gdir=res://test/unit -gexit`"}),
        Fact("cmd-export", "command", ["linux-steam"],
             ["the export fails with an invalid preset name - which preset should the Linux "
              "build use?",
              "produce a Linux build of the game for the Steam playtest branch"],
             "Export the Linux build with the storefront preset: `godot --headless --path game "
             "--export-release linux-steam <out>` (presets are linux-steam, windows-steam, "
             "linux-itch; 'Linux/X11' is an invalid preset name).",
             {"goal": "make a linux release build so I can send it to the playtesters",
              "fail": bash("godot --headless --path game --export-release \"Linux/X11\" ../"
                           "build/gloamhollow.x86_64",
                           "ERROR: Invalid export preset name: Linux/X11.\n   at: "
                           "_start_export (editor/editor_node.cpp:1012)", 1),
              "probe": [bash("grep -n '^name=' game/export_presets.cfg",
                             "3:name=\"linux-steam\"\n27:name=\"windows-steam\"\n51:name="
                             "\"linux-itch\"")],
              "note": "export presets here are named per storefront, not per platform - "
                      "export_presets.cfg has linux-steam, windows-steam and linux-itch, and "
                      "playtest builds go out on the Steam beta branch, so it's "
                      "`--export-release linux-steam`",
              "ok": bash("godot --headless --path game --export-release linux-steam ../build/"
                         "gloamhollow.x86_64 && ls -sh build/",
                         "savepack: begin: Packing\nsavepack: step 2: Storing File: res://"
                         "levels/level_01.scn\n...\nsavepack: end\ntotal 212M\n 71M "
                         "gloamhollow.x86_64\n141M gloamhollow.pck"),
              "done": "The build is in build/ (binary plus .pck, 212 MB together).",
              "howto": "release exports use the storefront preset names, e.g. "
                       "`--export-release linux-steam`"}),
        Fact("env-godot", "environment", ["4.2.2"],
             ["which editor release do I need to open the game project without it migrating "
              "scenes?",
              "install the engine version the game is actually built with"],
             "The gloamhollow game project is built with the Godot engine/editor release "
             "4.2.2 stable (.godot-version, CI GODOT_VERSION); opening it in 4.3 migrates the "
             "scenes' TileMaps to TileMapLayer, which 4.2.2 can't read.",
             {"goal": "I just opened the project in Godot 4.3 and it wants to convert all the "
                      "tilemaps. which engine version should I actually be on?",
              "probe": [bash("cat .godot-version; grep -n GODOT_VERSION .github/workflows/"
                             "export.yml",
                             "4.2.2.stable\n14:      GODOT_VERSION: 4.2.2")],
              "confirm": "The project is on Godot 4.2.2 stable - .godot-version and the CI "
                         "export job both pin it. Letting 4.3 convert the TileMap nodes to "
                         "TileMapLayer makes the scenes unreadable for 4.2.2, so close it "
                         "without saving and open it with 4.2.2.",
              "said": "we're still on godot 4.2.2, don't let the editor upgrade anything",
              "row": ("Godot", "4.2.2.stable", ".godot-version and CI GODOT_VERSION")}),
        Fact("env-appid", "environment", ["2715430"],
             ["what's our Steam application ID?",
              "set up the steamworks config for the new demo build - same app as the main game "
              "for now"],
             "gloamhollow's Steam application ID (Steamworks app id) is 2715430 "
             "(game/steam_appid.txt, APP_ID in steam_boot.gd).",
             {"goal": "the steam overlay doesn't show up when I run from the editor - is the "
                      "steam app id even set up?",
              "probe": [bash("cat game/steam_appid.txt; grep -n APP_ID game/scripts/autoload/"
                             "steam_boot.gd",
                             "2715430\n9:const APP_ID := 2715430\n21:\tvar ok := Steam."
                             "steamInitEx(false, APP_ID)")],
              "confirm": "It is: the Steam app id is 2715430, in game/steam_appid.txt and as "
                         "APP_ID in steam_boot.gd. Run from the editor, the Steam client also "
                         "has to be running and logged into an account that owns 2715430, "
                         "otherwise steamInitEx fails quietly and there's no overlay.",
              "said": "app id is 2715430 if you need it",
              "row": ("Steam app id", "2715430", "game/steam_appid.txt, APP_ID in "
                      "steam_boot.gd")}),
        Fact("gotcha-remap", "gotcha", ["remap"],
             ["levels show up when I play from the editor but the shipped build lists none - "
              "why?",
              "I'm writing a loader that scans a res:// folder for item scenes; anything that "
              "behaves differently once the game is exported?"],
             "In exported Godot builds DirAccess lists scenes as `*.tscn.remap`, so filtering "
             "res://levels by .tscn finds nothing (works only in the editor); strip the .remap "
             "suffix before filtering.",
             {"symptom": "in the exported build the level select is empty, but in the editor "
                         "all 12 levels show up",
              "task": "smoke-test the exported linux build in build/ - launch it and check the "
                      "level select",
              "probe": [bash("./build/gloamhollow.x86_64 --headless -- --smoke-test",
                             "[smoke] main menu ok\n[smoke] level select: 0 levels found\n"
                             "[smoke] FAILED: expected >= 1 level", 1)],
              "source": [read("game/scripts/ui/level_select.gd",
                              "func _list_levels() -> PackedStringArray:\n\tvar out := "
                              "PackedStringArray()\n\tfor f in DirAccess.get_files_at(\"res://"
                              "levels\"):\n\t\tif f.ends_with(\".tscn\"):\n\t\t\tout.append(f."
                              "get_basename())\n\treturn out\n")],
              "explain": "in an exported build the .tscn files are converted to binary and "
                         "DirAccess lists them as `level_01.tscn.remap`, so the "
                         "`ends_with(\".tscn\")` filter matches nothing - in the editor the raw "
                         ".tscn files exist, which is why it only breaks after export. The "
                         "listing has to strip a trailing .remap before filtering",
              "fix": [edit("game/scripts/ui/level_select.gd",
                           "\t\tif f.ends_with(\".tscn\"):",
                           "\t\tf = f.trim_suffix(\".remap\")\n\t\tif f.ends_with(\".tscn\"):")],
              "done": "The level select lists all 12 levels in exported builds too; the smoke "
                      "test passes after a re-export."}),
        Fact("gotcha-autoload", "gotcha", ["SettingsStore"],
             ["the save system crashes with a null base error on startup after I touched the "
              "project settings - what's wrong?",
              "I'm adding an achievements autoload that reads the player's settings when it "
              "starts; where does it go in the list?"],
             "Godot autoloads init in [autoload] order: SettingsStore must be listed before "
             "SaveSlots (SaveSlots._ready reads SettingsStore), else startup crashes with "
             "'Invalid get index ... on base: Nil'.",
             {"symptom": "game crashes on launch with \"Invalid get index 'volume_master' (on "
                         "base: 'Nil')\" from save_slots.gd since I reorganised the autoloads",
              "task": "register the new save_slots.gd as an autoload and make sure the game "
                      "still boots",
              "probe": [bash("godot --headless --path game --quit-after 120",
                             "SCRIPT ERROR: Invalid get index 'volume_master' (on base: "
                             "'Nil').\n          at: SaveSlots._ready (res://scripts/autoload/"
                             "save_slots.gd:18)", 1),
                        bash("sed -n '/\\[autoload\\]/,/^$/p' game/project.godot",
                             "[autoload]\n\nSaveSlots=\"*res://scripts/autoload/save_slots.gd\""
                             "\nSettingsStore=\"*res://scripts/autoload/settings_store.gd\"\n"
                             "AudioBus=\"*res://scripts/autoload/audio_bus.gd\"")],
              "explain": "autoloads are created in the order they're listed under [autoload] in "
                         "project.godot, and SaveSlots._ready() reads SettingsStore."
                         "volume_master - with SaveSlots first, SettingsStore doesn't exist yet "
                         "when that runs, so it's Nil. Anything that reads another autoload in "
                         "_ready has to come after it, so SettingsStore must stay above "
                         "SaveSlots",
              "fix": [edit("game/project.godot",
                           "SaveSlots=\"*res://scripts/autoload/save_slots.gd\"\nSettingsStore="
                           "\"*res://scripts/autoload/settings_store.gd\"",
                           "SettingsStore=\"*res://scripts/autoload/settings_store.gd\"\n"
                           "SaveSlots=\"*res://scripts/autoload/save_slots.gd\"")],
              "done": "Reordered the autoloads; the game boots to the title screen again."}),
        Fact("fals-rapier", "falsified", ["Rapier"],
             ["can we swap Godot's built-in 2D physics for a third-party engine to fix the "
              "jitter?",
              "did we ever try a different physics backend, and what broke?"],
             "Replacing Godot's 2D physics with the Rapier physics extension (Rapier2D) broke "
             "one-way platforms (the player falls through them); reverted to the built-in "
             "engine.",
             {"ask": "physics gets jittery with lots of bodies on screen - try the Rapier 2D "
                     "extension instead of the built-in engine",
              "change": [bash("cp -r ~/Downloads/godot-rapier-2d/addons/godot-rapier2d game/"
                              "addons/", ""),
                         edit("game/project.godot",
                              "[physics]\n\ncommon/physics_ticks_per_second=60",
                              "[physics]\n\ncommon/physics_ticks_per_second=60\n2d/"
                              "physics_engine=\"Rapier2D\"")],
              "broke": bash("godot --headless --path game res://test/scenes/platform_drop.tscn "
                            "--quit-after 600",
                            "[platform_drop] player fell through one-way platform at frame 212"
                            "\n[platform_drop] FAIL: 3/5 one-way platforms not solid from "
                            "above", 1),
              "revert": bash("git checkout -- game/project.godot && rm -rf game/addons/"
                             "godot-rapier2d", ""),
              "conclusion": "Rapier ignores one_way_collision on our platform shapes, so the "
                            "player drops through every one-way ledge, and the dungeons are "
                            "full of them. The jitter is better chased with fewer active bodies "
                            "or physics interpolation",
              "history": bash("git log --oneline -i --grep=rapier",
                              "a8c03e1 Revert \"physics: try Rapier2D\"\n55b7d9e physics: try "
                              "Rapier2D"),
              "recall": "the Rapier physics extension was tried in 55b7d9e and reverted in "
                        "a8c03e1 - the revert notes say one-way platforms stopped being solid from above, which "
                        "breaks most level layouts",
              "row": ("Rapier physics (Rapier2D)", "player falls through one-way platforms",
                      "reverted")}),
        Fact("fals-navagent", "falsified", ["NavigationAgent2D"],
             ["could enemy pathfinding use Godot's built-in navigation agents instead of our "
              "grid code?",
              "why do enemies still path with a hand-written grid search?"],
             "Switching enemy pathfinding from AStarGrid2D to NavigationAgent2D failed: the "
             "navmesh is baked once so doors opened at runtime stay blocked (enemies get stuck) "
             "and queries were 4-5x slower; reverted.",
             {"ask": "replace the hand-rolled AStarGrid2D pathing in enemy_brain.gd with "
                     "navigation agents, should be less code",
              "change": [edit("game/scripts/enemies/enemy_brain.gd",
                              "var _grid := AStarGrid2D.new()",
                              "@onready var _agent: NavigationAgent2D = $NavigationAgent2D")],
              "broke": bash("godot --headless --path game res://test/scenes/door_chase.tscn "
                            "--quit-after 900",
                            "[door_chase] 9/12 enemies stuck at door tiles (agent target "
                            "unreachable)\n[door_chase] avg path query 0.41 ms (grid baseline "
                            "0.09 ms)\n[door_chase] FAIL", 1),
              "revert": bash("git checkout -- game/scripts/enemies/enemy_brain.gd", ""),
              "conclusion": "with NavigationAgent2D the navmesh is baked once from the TileMap, "
                            "so doors that open at runtime never become walkable - enemies park "
                            "at the door tiles - and path queries were 4-5x slower than the "
                            "grid. AStarGrid2D stays, since it can flip door cells solid or "
                            "open as doors change",
              "history": bash("git log --oneline -S NavigationAgent2D",
                              "3e7a9f2 Revert \"enemies: use NavigationAgent2D\"\nc4d1b08 "
                              "enemies: use NavigationAgent2D"),
              "recall": "enemies were moved onto NavigationAgent2D in c4d1b08 and that was "
                        "reverted in 3e7a9f2 - the navmesh is baked up front, so doors opened "
                        "at runtime stayed blocked and enemies got stuck, while AStarGrid2D can "
                        "flip door cells as they open",
              "row": ("NavigationAgent2D pathing", "enemies stuck at opened doors, 4-5x "
                      "slower queries", "reverted")}),
    ]
    noise = [
        look("what does player.gd do in _physics_process?", "game/scripts/player/player.gd",
             "func _physics_process(delta: float) -> void:\n\tvar dir := Input.get_vector("
             "\"left\", \"right\", \"up\", \"down\")\n\tvelocity = velocity.move_toward(dir * "
             "SPEED, ACCEL * delta)\n\tif _jump_buffer > 0.0 and is_on_floor():\n\t\t_jump()\n\t"
             "move_and_slide()\n",
             "It reads the movement input, eases the velocity toward the target speed, fires a "
             "buffered jump if the player is on the floor, then moves with move_and_slide()."),
        run("lint the enemy scripts", "gdlint game/scripts/enemies/",
            "Success: no problems found", "gdlint is clean for the enemy scripts."),
        tweak("the jump buffer feels too short, make it 0.15 s", "game/scripts/player/player.gd",
              "const JUMP_BUFFER := 0.1", "const JUMP_BUFFER := 0.15",
              "Jump buffer is 0.15 s now."),
        steps("what have I got uncommitted?",
              [bash("git status --short", " M game/scripts/player/player.gd\n M game/scenes/"
                    "levels/level_04.tscn"),
               bash("git log --oneline -3", "b02f7c1 level 4: second key room\n6d8e0a4 hud: "
                    "show oil gauge\n19c3b5e player: coyote time")],
              "Two modified files: player.gd and level 4's scene, on top of the key-room "
              "commit."),
        talk("remind me, _process vs _physics_process - which one for moving a kinematic body?",
             "_physics_process: it runs at the fixed physics tick, so movement and collisions "
             "stay consistent regardless of frame rate. _process runs once per rendered frame "
             "and suits visuals - animations, UI, camera smoothing."),
        find("where are loot tables rolled?", "roll_loot",
             ["game/scripts/items/loot_table.gd", "game/scripts/items/chest.gd"],
             "loot_table.gd has roll_loot() (weighted picks per rarity) and chest.gd calls it "
             "when a chest opens."),
        tweak("fix the README typo", "README.md",
              "# gloamhollow\n\nA lantern-lit roguelike dungeon crawelr.",
              "# gloamhollow\n\nA lantern-lit roguelike dungeon crawler.",
              "Fixed \"crawelr\" in the README."),
        tweak("comment what _spawn_wave is for", "game/scripts/world/spawner.gd",
              "func _spawn_wave(floor: int) -> void:",
              "# Spawns one wave of enemies scaled to the floor's depth.\nfunc _spawn_wave("
              "floor: int) -> void:",
              "Added a comment above `_spawn_wave`."),
        run("check the gdscript formatting", "gdformat --check game/scripts",
            "62 files would be left unchanged", "Formatting is clean - 62 files unchanged."),
        talk("ok, calling it a day", "Sounds good - nothing of mine is left half-done."),
    ]
    return Project(
        "gloamhollow", "git@github.com:mothlight-games/gloamhollow.git",
        {"README.md": "# gloamhollow\n\nA lantern-lit roguelike dungeon crawler (Godot, "
                      "GDScript).\n",
         "game/icon.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"},
        facts, noise, "slack")


# ------------------------------------------------------------------- umbraverb
def umbraverb() -> Project:
    process_sig = ("void UmbraverbProcessor::processBlock (juce::AudioBuffer<float>& buffer, "
                   "juce::MidiBuffer&)\n{")
    facts = [
        Fact("conv-realtime", "convention", ["prepareToPlay"],
             ["the shimmer pitch shifter needs a work buffer - where and when should it be "
              "allocated?",
              "is it fine to resize a std::vector inside the audio callback for the new "
              "modulation code?"],
             "Nothing in Umbraverb's audio callback (processBlock) may allocate, resize a "
             "std::vector or lock: allocate all buffers and delay lines in prepareToPlay; CI "
             "runs RealtimeSanitizer (-fsanitize=realtime), which fails on malloc in the audio "
             "thread.",
             {"task": "add a pre-delay line in front of the tank, up to 250 ms",
              "probe": [read("source/PluginProcessor.cpp",
                             "void UmbraverbProcessor::prepareToPlay (double sampleRate, int "
                             "samplesPerBlock)\n{\n    // RT rule: everything the audio thread "
                             "touches is sized here.\n    tank.prepare ({ sampleRate, (juce::"
                             "uint32) samplesPerBlock, 2 });\n    scratch.setSize (2, "
                             "samplesPerBlock);\n}\n"),
                        bash("grep -n 'realtime\\|rtsan' CMakeLists.txt .github/workflows/ci.yml",
                             "CMakeLists.txt:58:    target_compile_options(umbra_tests PRIVATE "
                             "-fsanitize=realtime)\n.github/workflows/ci.yml:41:      - run: "
                             "ctest --preset rtsan --output-on-failure")],
              "rule": "nothing on the audio thread allocates or takes a lock - every buffer "
                      "and delay line is sized in prepareToPlay, and CI runs the tests under "
                      "RealtimeSanitizer (-fsanitize=realtime), which aborts on any malloc "
                      "inside processBlock",
              "follow": [edit("source/PluginProcessor.cpp",
                              "    scratch.setSize (2, samplesPerBlock);",
                              "    scratch.setSize (2, samplesPerBlock);\n    preDelay.prepare "
                              "({ sampleRate, (juce::uint32) samplesPerBlock, 2 });\n    "
                              "preDelay.setMaximumDelayInSamples ((int) std::ceil (0.25 * "
                              "sampleRate));"),
                         edit("source/PluginProcessor.cpp", "    tank.process (ctx);",
                              "    preDelay.setDelay (preDelayMs->load() * 0.001f * (float) "
                              "getSampleRate());\n    preDelay.process (ctx);\n    tank.process "
                              "(ctx);")],
              "done": "Pre-delay (0-250 ms) sits ahead of the tank; its memory is reserved "
                      "once for the maximum time, so the callback only moves the read "
                      "position.",
              "said": "remember nothing allocates in processBlock, size everything in "
                      "prepareToPlay, CI runs rtsan",
              "contrary": [edit("source/PluginProcessor.cpp", "    tank.process (ctx);",
                                "    delayBuf.resize ((size_t) (preDelayMs->load() * 48));\n    "
                                "tank.process (ctx);"),
                           bash("ctest --preset rtsan -R PreDelay --output-on-failure",
                                "==12873==ERROR: RealtimeSanitizer: unsafe-library-call\n"
                                "Intercepted call to real-time unsafe function `malloc` in "
                                "real-time context!\n    #0 malloc\n    #1 std::vector<float>::"
                                "_M_default_append\n    #2 UmbraverbProcessor::processBlock\n"
                                "1/1 Test #7: PreDelayTest .....***Failed    0.41 sec", 8)]}),
        Fact("conv-paramids", "convention", ["ParameterID"],
             ["I'm adding a 'damping' control - how should its parameter identifier be "
              "declared?",
              "can I rename the 'size' parameter to 'room_size' to make the code clearer?"],
             "A new Umbraverb parameter/control declares its identifier as juce::ParameterID "
             "{ id, kVersionHint } with the current version hint (3); never rename an existing "
             "parameter ID (saved automation and sessions use it).",
             {"task": "add a 'freeze' toggle parameter that holds the tail indefinitely",
              "probe": [read("source/Parameters.cpp",
                             "// IDs are stored in sessions: never rename one.\nconstexpr int "
                             "kVersionHint = 3;\n\nlayout.add (std::make_unique<juce::"
                             "AudioParameterFloat> (juce::ParameterID { \"decay\", 1 }, "
                             "\"Decay\", decayRange, 2.5f));\nlayout.add (std::make_unique<juce"
                             "::AudioParameterFloat> (juce::ParameterID { \"shimmer\", 2 }, "
                             "\"Shimmer\", 0.0f, 1.0f, 0.0f));\n")],
              "rule": "each parameter is declared with a juce::ParameterID carrying a version "
                      "hint, existing IDs are never renamed (hosts keep automation and "
                      "sessions by ID), and a new parameter gets the current hint, "
                      "kVersionHint = 3, which is how AU/VST3 hosts tell new parameters from "
                      "old ones",
              "follow": [edit("source/Parameters.cpp",
                              "\"Shimmer\", 0.0f, 1.0f, 0.0f));",
                              "\"Shimmer\", 0.0f, 1.0f, 0.0f));\nlayout.add (std::make_unique<"
                              "juce::AudioParameterBool> (juce::ParameterID { \"freeze\", "
                              "kVersionHint }, \"Freeze\", false));")],
              "done": "Added the `freeze` bool parameter: when on, the tank's feedback goes to "
                      "1.0 and the input into the tank is muted.",
              "said": "new params get a juce::ParameterID with the current version hint, and "
                      "never rename existing ids",
              "contrary": [edit("source/Parameters.cpp",
                                "\"Shimmer\", 0.0f, 1.0f, 0.0f));",
                                "\"Shimmer\", 0.0f, 1.0f, 0.0f));\nlayout.add (std::make_unique"
                                "<juce::AudioParameterBool> (\"freeze\", \"Freeze\", false));"),
                           bash("./build/tests/umbra_tests --gtest_filter='ParamIds*'",
                                "[ RUN      ] ParamIds.AllHaveVersionHints\nsource/tests/"
                                "ParamIdTest.cpp:22: Failure\nparameter 'freeze' has no version "
                                "hint\n[  FAILED  ] ParamIds.AllHaveVersionHints", 1)]}),
        Fact("cmd-preset", "command", ["linux-clang"],
             ["cmake can't find the JUCE package config when I configure a fresh build "
              "directory - what do I run instead?",
              "do a clean rebuild of the plugin on my linux box"],
             "Configure and build with the CMake preset: `cmake --preset linux-clang && cmake "
             "--build --preset linux-clang`; a plain `cmake -B build` fails to find JUCE "
             "(JUCEConfig.cmake).",
             {"goal": "configure and build the plugin from scratch, my build dir is a mess",
              "fail": bash("rm -rf build && cmake -B build -G Ninja",
                           "-- The CXX compiler identification is GNU 13.2.0\nCMake Error at "
                           "CMakeLists.txt:21 (find_package):\n  Could not find a package "
                           "configuration file provided by \"JUCE\" with any of\n  the "
                           "following names:\n\n    JUCEConfig.cmake\n    juce-config.cmake\n\n"
                           "-- Configuring incomplete, errors occurred!", 1),
              "probe": [bash("cmake --list-presets",
                             "Available configure presets:\n\n  \"linux-clang\" - Linux / "
                             "clang-17 / Ninja\n  \"macos-xcode\" - macOS / Xcode universal\n  "
                             "\"rtsan\"       - clang-20 + RealtimeSanitizer")],
              "note": "the build expects the pinned JUCE install under extern/juce-install, "
                      "and only the configure presets put that on CMAKE_PREFIX_PATH (and pick "
                      "clang-17); on Linux that's the linux-clang preset",
              "ok": bash("cmake --preset linux-clang && cmake --build --preset linux-clang",
                         "-- Configuring done (4.1s)\n-- Build files have been written to: "
                         "/home/dev/src/umbraverb/build/linux-clang\n[412/412] Linking CXX "
                         "shared module Umbraverb_artefacts/Release/VST3/Umbraverb.vst3/"
                         "Contents/x86_64-linux/Umbraverb.so"),
              "done": "Clean build done: VST3 and CLAP are in build/linux-clang/"
                      "Umbraverb_artefacts/Release/.",
              "howto": "configure and build with `cmake --preset linux-clang && cmake --build "
                       "--preset linux-clang`; a bare `cmake -B build` can't find JUCE"}),
        Fact("cmd-xvfb", "command", ["xvfb-run"],
             ["pluginval crashes saying it can't open a display on the build server - how do "
              "I run it?",
              "validate the plugin at max strictness on the CI box (no monitor attached)"],
             "Run pluginval under a virtual display on headless machines: `xvfb-run -a "
             "pluginval --strictness-level 10 --validate <plugin>.vst3` (it opens the editor; "
             "otherwise 'Unable to open X display').",
             {"goal": "run pluginval on the VST3 before I tag the release",
              "fail": bash("pluginval --strictness-level 10 --validate ~/.vst3/Umbraverb.vst3",
                           "Started validating: /home/dev/.vst3/Umbraverb.vst3\nUnable to open "
                           "X display.\nterminate called after throwing an instance of 'std::"
                           "runtime_error'\n  what():  Failed to connect to the X server", 134),
              "note": "this box is headless and pluginval opens the plugin's editor at level "
                      "10, so it needs a display; `xvfb-run -a` gives it a virtual X server",
              "ok": bash("xvfb-run -a pluginval --strictness-level 10 --validate ~/.vst3/"
                         "Umbraverb.vst3",
                         "Started validating: /home/dev/.vst3/Umbraverb.vst3\n...\n"
                         "Testing: Editor\nTesting: Automation\nAll tests completed "
                         "successfully\n\nFinished validating: /home/dev/.vst3/Umbraverb.vst3\n"
                         "ALL TESTS PASSED"),
              "done": "pluginval passes at strictness 10.",
              "howto": "on headless machines pluginval runs under `xvfb-run -a pluginval "
                       "--strictness-level 10 --validate <plugin>`"}),
        Fact("env-juce", "environment", ["7.0.12"],
             ["what framework version is the plugin compiled against?",
              "a fix landed on the JUCE 8 branch - do we already have it?"],
             "The Umbraverb plugin is compiled against the JUCE framework version 7.0.12 "
             "(extern/JUCE submodule at tag 7.0.12), not JUCE 8 - fixes only on the JUCE 8 "
             "branch are not in.",
             {"goal": "which JUCE version are we building against? I want to know whether a "
                      "fix from the forum is in",
              "probe": [bash("git -C extern/JUCE describe --tags; ls extern/juce-install/lib/"
                             "cmake",
                             "7.0.12\nJUCE-7.0.12")],
              "confirm": "It's JUCE 7.0.12: the extern/JUCE submodule sits on the 7.0.12 tag "
                         "and the prebuilt package in extern/juce-install is the same version. "
                         "We're not on JUCE 8, so anything fixed only there isn't in.",
              "said": "we're on JUCE 7.0.12 (the submodule), not 8",
              "row": ("JUCE", "7.0.12", "extern/JUCE submodule tag")}),
        Fact("env-daw", "environment", ["REAPER"],
             ["which host application do we use to audition builds of the reverb by ear?",
              "open the listening-test session so I can hear the new freeze mode"],
             "To audition reverb builds by ear, the host application (DAW) is the portable "
             "REAPER install in ~/opt/reaper with the listening-test session "
             "tests/daw/umbraverb-smoke.RPP (it scans ~/.vst3).",
             {"goal": "how do you usually listen to the plugin in a DAW here? I want to hear "
                      "the new build",
              "probe": [bash("ls ~/opt/reaper tests/daw; grep -n vst ~/opt/reaper/reaper.ini",
                             "/home/dev/opt/reaper:\nreaper  reaper.ini  UserPlugins\n\n"
                             "tests/daw:\numbraverb-smoke.RPP  impulse_48k.wav  drums_96bpm.wav"
                             "\n31:vstpath64=/home/dev/.vst3")],
              "confirm": "Listening tests run in the portable REAPER install at ~/opt/reaper "
                         "with the session tests/daw/umbraverb-smoke.RPP (an impulse and a "
                         "drum loop through the plugin). Its reaper.ini scans ~/.vst3, so a "
                         "fresh build installed there shows up after a rescan.",
              "said": "I listen in the portable REAPER under ~/opt/reaper with "
                      "tests/daw/umbraverb-smoke.RPP",
              "row": ("Test DAW", "REAPER, portable in ~/opt/reaper",
                      "tests/daw/umbraverb-smoke.RPP")}),
        Fact("gotcha-denormal", "gotcha", ["ScopedNoDenormals"],
             ["the plugin's CPU use shoots up after playback stops with long reverb times - "
              "what causes it?",
              "I'm writing a new feedback delay effect; what do I need at the start of the "
              "audio callback so silence doesn't get expensive?"],
             "Feedback effects in Umbraverb must start the audio callback (processBlock) with "
             "juce::ScopedNoDenormals (FTZ/DAZ); otherwise CPU use shoots up on silence, as "
             "the decaying tail turns into denormals after playback stops.",
             {"symptom": "the CPU meter in the DAW spikes to ~40% a few seconds after I stop "
                         "playback, then drops. only with a long decay",
              "task": "profile the plugin with a long decay setting, I want numbers for the "
                      "release notes",
              "probe": [bash("./build/bench/umbra_bench --decay 20 --input impulse --seconds 30",
                             "t=  0-2 s   cpu/block  11.8 us\nt=  2-8 s   cpu/block  12.1 us\n"
                             "t= 8-14 s   cpu/block 412.6 us   (tail below -300 dBFS)\n"
                             "t=14-30 s   cpu/block 398.0 us"),
                        grep("ScopedNoDenormals", [])],
              "explain": "the cost jumps only once the tail decays into the denormal range: the "
                         "feedback network keeps multiplying tiny values, and on x86 denormal "
                         "floats are up to ~100x slower. processBlock never enables "
                         "flush-to-zero - there's no juce::ScopedNoDenormals anywhere - so "
                         "whenever the input goes silent and the tail fades, the CPU spikes. A "
                         "ScopedNoDenormals at the top of processBlock turns on FTZ/DAZ for the "
                         "callback",
              "fix": [edit("source/PluginProcessor.cpp", process_sig,
                           process_sig + "\n    juce::ScopedNoDenormals noDenormals;"),
                      bash("./build/bench/umbra_bench --decay 20 --input impulse --seconds 30",
                           "t=  0-2 s   cpu/block  11.9 us\nt=  2-8 s   cpu/block  12.0 us\n"
                           "t= 8-14 s   cpu/block  11.4 us\nt=14-30 s   cpu/block  11.2 us")],
              "done": "Steady at about 12 us per block for the whole 30 s, silent tail "
                      "included."}),
        Fact("gotcha-latency", "gotcha", ["setLatencySamples"],
             ["enabling oversampling makes the reverb sound phasey when it's blended on a send "
              "- what's wrong?",
              "I'm adding a lookahead limiter stage to the plugin; how do I make sure hosts "
              "compensate for the delay it adds?"],
             "When oversampling (or any stage adding delay) changes, Umbraverb must call "
             "setLatencySamples with the oversampler's latency; otherwise hosts don't "
             "compensate and the wet signal combs against the dry on parallel buses.",
             {"symptom": "with 2x oversampling on, blending the reverb on a parallel bus "
                         "sounds phasey, like a comb filter - with oversampling off it's fine",
              "task": "add 4x oversampling as an option next to the 2x and check it against "
                      "the tests",
              "probe": [bash("./build/tests/umbra_tests --gtest_filter='Latency*'",
                             "[ RUN      ] LatencyTest.ReportedMatchesActual\n  reported "
                             "latency: 0 samples\n  measured latency: 23 samples (os=2x)\n[  "
                             "FAILED  ] LatencyTest.ReportedMatchesActual", 1)],
              "source": [read("source/PluginProcessor.cpp",
                              "void UmbraverbProcessor::parameterChanged (const juce::String& "
                              "id, float v)\n{\n    if (id == \"oversampling\")\n        "
                              "osIndex.store ((int) v);   // picks a preallocated oversampler\n"
                              "}\n")],
              "explain": "turning oversampling on adds filter latency (23 samples at 2x), but "
                         "the plugin never reports it: nothing calls setLatencySamples when the "
                         "factor changes. The host therefore doesn't delay-compensate the wet "
                         "path, and mixed against the dry signal on a parallel bus it combs. "
                         "Every change of oversampling factor has to be followed by "
                         "setLatencySamples with that oversampler's latency, from the message "
                         "thread",
              "fix": [edit("source/PluginProcessor.cpp",
                           "        osIndex.store ((int) v);   // picks a preallocated "
                           "oversampler",
                           "    {\n        osIndex.store ((int) v);\n        "
                           "triggerAsyncUpdate();   // -> handleAsyncUpdate: "
                           "setLatencySamples\n    }"),
                      bash("./build/tests/umbra_tests --gtest_filter='Latency*'",
                           "[       OK ] LatencyTest.ReportedMatchesActual (os=1x,2x,4x)\n[  "
                           "PASSED  ] 1 test.")],
              "done": "The latency test passes at 1x, 2x and 4x, and hosts now compensate the "
                      "wet path, so parallel blending lines up."}),
        Fact("fals-convolution", "falsified", ["dsp::Convolution"],
             ["could the early reflections use a sampled impulse response instead of delay "
              "taps?",
              "was an IR-based approach ever tried for the reverb's first reflections?"],
             "An IR-based approach (impulse response convolution with juce::dsp::Convolution) "
             "for the reverb's early/first reflections was tried: it added 512 samples of "
             "latency and took 6.8% CPU (budget 4%); reverted to delay-tap early reflections.",
             {"ask": "the early reflections sound a bit fake - use an impulse response for them "
                     "instead, with juce's convolution",
              "change": [edit("source/EarlyReflections.h", "    TapDelay taps;",
                              "    juce::dsp::Convolution irConv { juce::dsp::Convolution::"
                              "NonUniform { 512 } };")],
              "broke": bash("cmake --build build && ./build/tests/umbra_tests "
                            "--gtest_filter='Latency*:CpuBudget*'",
                            "[  FAILED  ] LatencyTest.ReportedMatchesActual\n  measured "
                            "latency: 512 samples (reported 0)\n[  FAILED  ] CpuBudget."
                            "FortyEightKStereo\n  6.8% of one core (budget 4%, was 1.9%)", 1),
              "revert": bash("git checkout -- source/EarlyReflections.h source/"
                             "EarlyReflections.cpp", ""),
              "conclusion": "juce::dsp::Convolution with non-uniform partitioning adds 512 "
                            "samples of latency and more than triples the CPU (1.9% to 6.8%, "
                            "budget 4%) - too much for a plugin people put on every bus. The "
                            "tapped-delay early reflections stay",
              "history": bash("git log --oneline -i --grep=convolution",
                              "0f5e7c2 Revert \"er: convolution-based early reflections\"\n"
                              "8b21d94 er: convolution-based early reflections"),
              "recall": "convolution early reflections with juce::dsp::Convolution went in "
                        "with 8b21d94 and were reverted in 0f5e7c2: 512 samples of added "
                        "latency and the CPU budget blown (6.8% against 4%)",
              "row": ("dsp::Convolution early reflections", "+512 samples latency, 6.8% CPU "
                      "(budget 4%)", "reverted")}),
        Fact("fals-fastmath", "falsified", ["ffast-math"],
             ["can we turn on aggressive floating-point compiler optimisations to speed up the "
              "DSP?",
              "why isn't the plugin compiled with fast math flags?"],
             "Compiling the plugin's DSP with fast math flags (-ffast-math, aggressive "
             "floating-point optimisation) broke the NaN guard (finite-math-only folds "
             "std::isnan away, so NaN input latches the output); reverted.",
             {"ask": "turn on -ffast-math for the DSP code, free speed",
              "change": [edit("CMakeLists.txt",
                              "target_compile_options(Umbraverb PRIVATE -O3)",
                              "target_compile_options(Umbraverb PRIVATE -O3 -ffast-math)")],
              "broke": bash("cmake --build build && ./build/tests/umbra_tests "
                            "--gtest_filter='Safety*'",
                            "[ RUN      ] SafetyTest.NanInputIsMuted\nsource/tests/SafetyTest."
                            "cpp:41: Failure\nExpected: output silent after NaN input\n  "
                            "Actual: 512 NaN samples in output\n[  FAILED  ] SafetyTest."
                            "NanInputIsMuted", 1),
              "revert": bash("git checkout -- CMakeLists.txt", ""),
              "conclusion": "-ffast-math implies -ffinite-math-only, so the compiler assumes "
                            "NaNs can't happen and folds the std::isnan guard in the input "
                            "stage to false - one NaN from a misbehaving host then circulates "
                            "in the feedback network and the output stays NaN for good",
              "history": bash("git log --oneline -S ffast-math",
                              "72d1aa0 Revert \"build: -ffast-math for dsp\"\n1c9e4f5 build: "
                              "-ffast-math for dsp"),
              "recall": "-ffast-math was enabled in 1c9e4f5 and reverted in 72d1aa0: with "
                        "finite-math-only the std::isnan guard was optimised away and NaN "
                        "input latched the tank into NaN output",
              "row": ("-ffast-math", "NaN guard optimised out, NaN output latched",
                      "reverted")}),
    ]
    noise = [
        look("what does Tank.h contain?", "source/Tank.h",
             "class Tank\n{\npublic:\n    void setDecay (float seconds);\n    void process "
             "(const juce::dsp::ProcessContextReplacing<float>& ctx);\nprivate:\n    std::array"
             "<Allpass, 4> diffusers;\n    std::array<juce::dsp::DelayLine<float>, 8> lines;\n"
             "    juce::dsp::Matrix<float> feedback { 8, 8 };\n};\n",
             "It's the reverb core: four input diffusers feeding an 8-line feedback delay "
             "network mixed through an 8x8 feedback matrix, with the decay time setting the "
             "feedback gain."),
        run("run the unit tests", "./build/tests/umbra_tests --gtest_brief=1",
            "[==========] 58 tests from 11 test suites ran. (2214 ms total)\n[  PASSED  ] 58 "
            "tests.",
            "All 58 tests pass."),
        tweak("make the default decay 3 seconds instead of 2.5",
              "source/Parameters.cpp", "\"Decay\", decayRange, 2.5f));",
              "\"Decay\", decayRange, 3.0f));",
              "The decay parameter now defaults to 3 s."),
        steps("where am I on this branch?",
              [bash("git status --short", " M source/Tank.cpp\n M source/PluginEditor.cpp"),
               bash("git log --oneline -3", "c91e2a7 editor: bigger decay knob\n4b0d3f8 tank: "
                    "modulate line lengths\n0aa71e9 ci: cache ccache dir")],
              "Tank.cpp and PluginEditor.cpp are modified, on top of the bigger-decay-knob "
              "commit."),
        talk("what's the practical difference between a Schroeder reverb and an FDN?",
             "A Schroeder design chains parallel combs into series allpasses; it's cheap but "
             "the combs ring metallically. A feedback delay network mixes all its delay lines "
             "through a (usually unitary) matrix every pass, so echo density builds much faster "
             "and the tail sounds smoother for similar cost."),
        find("where does the editor paint the output meters?", "paintMeter",
             ["source/PluginEditor.cpp", "source/ui/MeterComponent.cpp"],
             "MeterComponent::paintMeter draws them, and PluginEditor refreshes the levels "
             "from a 30 Hz timer."),
        tweak("fix the README typo", "README.md",
              "# umbraverb\n\nA dark plate and shimmer reverb plguin.",
              "# umbraverb\n\nA dark plate and shimmer reverb plugin.",
              "Fixed \"plguin\" in the README."),
        tweak("comment what computeFeedbackGain does", "source/Tank.cpp",
              "float Tank::computeFeedbackGain (float seconds) const",
              "// Gain per pass so the tail falls 60 dB in `seconds` (RT60).\nfloat Tank::"
              "computeFeedbackGain (float seconds) const",
              "Added a comment above `computeFeedbackGain`."),
        run("check the clang-format of the source dir",
            "clang-format --dry-run --Werror source/*.cpp source/*.h", "",
            "clang-format reports nothing - the sources are formatted."),
        talk("that's all, thanks", "You're welcome - nothing pending on my side."),
    ]
    return Project(
        "umbraverb", "git@github.com:nightjar-audio/umbraverb.git",
        {"README.md": "# umbraverb\n\nA dark plate and shimmer reverb plugin (VST3/CLAP), "
                      "built with JUCE.\n",
         "source/PluginProcessor.h": "#pragma once\n\nclass UmbraverbProcessor;\n"},
        facts, noise, "stripe")


def projects() -> list[Project]:
    return [brinewatch(), lichenseq(), gloamhollow(), umbraverb()]
