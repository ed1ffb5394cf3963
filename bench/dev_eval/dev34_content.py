"""The ``dev34`` split, "the only software person at a small hardware startup": four projects,
ten planted facts each.

Written in the twenty-first pass by a helper that read no rlat code; to be read untuned.

Heft is a five-person startup that makes a connected espresso scale. One developer owns all of
its software and half of its hardware files: the scale's firmware, the KiCad repository of its
circuit boards, the iOS companion app, and the provisioning station the contract manufacturer's
line in Shenzhen runs on Windows laptops. They jump between the four several times a day and
type to the assistant the way people do in a hurry: lower case, typos, half sentences, pasted
terminal output and serial-console logs, the odd "wtf". Around them: a hardware lead (Tomasz),
the founder who also runs TestFlight and the supplier calls (Aoife), a part-time iOS contractor
(Dani), an ex-firmware contractor whose experiments are in the git history (Ines), and the
line lead at the factory (Wen), whose questions arrive pasted from chat.

The durable facts arrive the ways such a week brings them: a rule tacked on to the end of a
request, said after the assistant did it the other way (in the permission prompt's feedback or
after the edit went in), found by the assistant in a README or header and confirmed, or relayed
from a teammate's review or chat message; a command that fails and the one that works (found in
a script or CI workflow, explained after the user pasted their own failed attempt, remembered
from what a teammate showed them, or worked out and then written into the repo's notes); an
environment fact read out of config or tool output, mentioned by the user in passing while
asking for something else, corrected after the user misremembered it, or looked up for a
teammate's question; a gotcha (a pasted error explained, the cause buried in the middle of a
long serial log, the assistant's clean rebuild changing nothing until the user says what it
is, or a teammate's diagnosis confirmed); and an approach that was tried and dropped (told as a
story when the assistant suggests it, tried in the session and reverted, written into the
decisions log at the user's request, or found by the assistant in the git history).

The projects: sedgecombe, the scale's firmware (ESP-IDF in C on an ESP32-C3, NimBLE, a NAU7802
load-cell ADC on I2C, NVS calibration, HTTPS OTA, host tests on the linux target);
tansyboard, the scale's circuit boards (KiCad 8, KiBot fab outputs, KiKit panels, JLCPCB
assembly, a shared symbol and footprint library as a submodule); burdocklane, the iOS
companion app (SwiftUI, a Tuist-generated project with SwiftPM dependencies, CoreBluetooth,
GRDB, swift-snapshot-testing, TestFlight through Xcode Cloud); and pennywort, the factory
provisioning station (a Wails 2 desktop app, Go and Svelte, that flashes the firmware with
esptool, calibrates against a reference weight and prints serial labels on a Zebra printer).

Slots, by kind (the shared names of ``templates.py`` plus this split's own):

* convention - ``task``, ``rule``, ``contrary`` (a tool doing it the other way), ``follow``,
  ``done``, ``doc`` (``(path, text)``: where the repo writes the rule down), ``found`` (the
  assistant's reading of it);
* command - ``goal``, ``fail``, ``note``, ``ok``, ``done``, ``hint`` (the user's words once they
  remember), ``script`` (``(path, text)`` holding the working command);
* environment - ``goal``, ``probe``, ``confirm``, ``aside`` (the user's request that mentions
  the fact in passing), ``guess`` (the user's wrong memory), ``asked`` (a teammate's question);
* gotcha - ``symptom``, ``trace``, ``probe``, ``explain``, ``fix``, ``done``, ``told`` (the
  diagnosis as the user or a teammate puts it), ``repro`` (a command whose long output holds the
  trace);
* falsified - ``ask``, ``change``, ``broke``, ``revert``, ``conclusion``, ``want`` (the idea as
  someone raises it), ``offer`` (the assistant suggesting it), ``story`` (the user's account),
  ``title`` (the subject of the commit that backed it out).

Every fact also carries its project's ``mates`` (the teammates who relay things), ``notes``
(the file the user keeps commands in), ``chatter`` (ordinary output lines long logs are padded
with) and ``naive`` (a clean-and-rebuild Bash tool that changes nothing).
"""

from __future__ import annotations

import random

from .templates import find, look, run, steps, talk, tweak
from .transcript import REJECTED, agent, bash, edit, read, refused, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


def _pick(rng: random.Random, *options: str) -> str:
    return rng.choice(options)


def _mate(s: dict, rng: random.Random) -> str:
    return rng.choice(s["mates"])


def _buried(trace: str, chatter: list[str], rng: random.Random) -> str:
    """``trace`` somewhere in the middle of a long run of ordinary output."""
    keep = sorted(rng.sample(range(len(chatter)), min(len(chatter), rng.randint(10, 14))))
    lines = [chatter[i] for i in keep]
    cut = rng.randint(4, len(lines) - 3)
    return "\n".join(lines[:cut] + trace.splitlines() + lines[cut:])


def _sha(rng: random.Random) -> str:
    return f"{rng.getrandbits(28):07x}"


# ------------------------------------------------------------------- phrasing templates
# convention
def conv_tacked_on(s: dict, rng: random.Random) -> Episode:
    """The rule rides along at the end of the request."""
    ask = _pick(rng, "{task}\n\noh and {rule}",
                "{task} — also fyi {rule}",
                "{task}. btw {rule}, dont forget",
                "quick one: {task}\n\n(reminder: {rule})")
    return [Step(prompt=ask.format(task=s["task"], rule=s["rule"])),
            Step(text=_pick(rng, "On it.", "Will do, keeping to that.", ""), tools=s["follow"]),
            Step(text=s["done"])]


def conv_bounced(s: dict, rng: random.Random) -> Episode:
    """The assistant does it the other way; the user says the rule, at the permission prompt or
    after reading the edit."""
    if rng.random() < 0.5:
        said = _pick(rng, "no — {rule}", "nope. {rule}", "dont do it like that, {rule}")
        first: Episode = [Step(text=_pick(rng, "Making the change.", "Adding it here:", ""),
                               tools=[refused(s["contrary"],
                                              REJECTED + said.format(rule=s["rule"]))])]
    else:
        said = _pick(rng, "hm undo that. {rule}", "ugh no, {rule}", "wait thats wrong. {rule}")
        first = [Step(text=_pick(rng, "Simple enough:", "Here it is.", ""),
                      tools=[s["contrary"]]),
                 Step(text=_pick(rng, "Done — want me to build it?", "That's in.")),
                 Step(prompt=said.format(rule=s["rule"]))]
    return [Step(prompt=s["task"]), *first,
            Step(text=_pick(rng, "Got it — redoing it that way.", "Understood, changing it.",
                            "Right."), tools=s["follow"]),
            Step(text=s["done"])]


def conv_read_it(s: dict, rng: random.Random) -> Episode:
    """The assistant finds the rule written down in the repo; the user confirms it."""
    path, text = s["doc"]
    return [Step(prompt=s["task"]),
            Step(text=_pick(rng, "Checking how the repo wants this done first.",
                            "Let me look for conventions before editing.", ""),
                 tools=[read(path, text)]),
            Step(text=f"{s['found']} I'll do it that way unless you say otherwise."),
            Step(prompt=_pick(rng, "yep thats the rule", "yes pls, always", "correct, stick to "
                              "that", "yeah. go")),
            Step(tools=s["follow"]),
            Step(text=s["done"])]


def conv_mate(s: dict, rng: random.Random) -> Episode:
    """A teammate's review remark or chat message carries the rule."""
    ask = _pick(rng, "{mate} left this on my last pr: \"{rule}\"\n\nso keep that in mind — {task}",
                "{task}\n\nper {mate}: {rule}",
                "pasting from slack so you have it:\n\n> [{hh}:{mm}] {mate}: {rule}\n\nnow, {task}")
    return [Step(prompt=ask.format(mate=_mate(s, rng), rule=s["rule"], task=s["task"],
                                   hh=rng.randint(8, 18), mm=f"{rng.randint(0, 59):02d}")),
            Step(text=_pick(rng, "Following that.", "OK, doing it the way they said.", ""),
                 tools=s["follow"]),
            Step(text=s["done"])]


# command
def cmd_worked_out(s: dict, rng: random.Random) -> Episode:
    """The first try fails; the assistant finds the command in a script or workflow."""
    path, text = s["script"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_pick(rng, "That's not how this repo does it — checking what the scripts "
                                 "run.", "Failed. Looking for the command the project uses.",
                            ""), tools=[read(path, text)]),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_pasted(s: dict, rng: random.Random) -> Episode:
    """The user pastes their own failed attempt."""
    fail = s["fail"]
    lead = _pick(rng, "{goal}. tried it myself:", "{goal} — wtf is this", "{goal}\n\ngetting "
                 "this, why")
    return [Step(prompt=lead.format(goal=s["goal"])
                 + f"\n\n```\n$ {fail.command}\n{fail.output}\n```"),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"]),
            Step(prompt=_pick(rng, "ah ok ty", "right. makes sense", "cool")),
            Step(text=_pick(rng, "Sure.", "No problem.", "👍"))]


def cmd_mate(s: dict, rng: random.Random) -> Episode:
    """The assistant's guess fails; the user remembers what a teammate showed them."""
    said = _pick(rng, "oh wait {mate} showed me this. {hint}",
                 "no thats not it, {mate} does {hint}",
                 "hmm. iirc from {mate}: {hint}")
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=_pick(rng, "That failed — see the error.", "Not that, apparently.",
                            "Hm, error.")),
            Step(prompt=said.format(mate=_mate(s, rng), hint=s["hint"])),
            Step(tools=[s["ok"]]),
            Step(text=f"{s['note']} {s['done']}")]


def cmd_noted(s: dict, rng: random.Random) -> Episode:
    """Worked out in the session, then written into the user's notes."""
    ok, notes = s["ok"], s["notes"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[ok]), Step(text=s["done"]),
            Step(prompt=_pick(rng, "put that in {notes} pls, i always forget",
                              "add it to {notes} so i stop googling this",
                              "write that down in {notes}").format(notes=notes)),
            Step(tools=[edit(notes, "## commands\n", f"## commands\n\n    {ok.command}\n")]),
            Step(text=f"Added under commands in {notes}.")]


# environment
def env_check(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=_pick(rng, "Checking rather than guessing.", "Let me look.", ""),
                 tools=s["probe"]),
            Step(text=s["confirm"])]


def env_in_passing(s: dict, rng: random.Random) -> Episode:
    """The user mentions it while asking for something else; the assistant checks."""
    return [Step(prompt=s["aside"]),
            Step(tools=s["probe"]),
            Step(text=f"{_pick(rng, 'Yes, that matches.', 'Confirmed.', 'Checked.')} "
                      f"{s['confirm']}")]


def env_misremembered(s: dict, rng: random.Random) -> Episode:
    """The user remembers it wrongly; the assistant checks and corrects them."""
    ask = _pick(rng, "isnt it the case that {guess}? need to be sure",
                "pretty sure {guess}. right?", "sanity check: {guess}")
    return [Step(prompt=ask.format(guess=s["guess"])),
            Step(tools=s["probe"]),
            Step(text=f"{_pick(rng, 'Not quite.', 'No — the repo says otherwise.')} "
                      f"{s['confirm']}"),
            Step(prompt=_pick(rng, "huh. ok good to know", "ah, ok ty", "lol ok glad i asked")),
            Step(text=_pick(rng, "Sure.", "No problem."))]


def env_mate_asks(s: dict, rng: random.Random) -> Episode:
    """A teammate asks; the assistant finds out and drafts the answer."""
    mate = _mate(s, rng)
    ask = _pick(rng, "{mate} is asking: \"{asked}\" — can you find out",
                "msg from {mate}:\n\n> {asked}\n\ncan you check the repo",
                "{mate} wants to know: {asked}")
    return [Step(prompt=ask.format(mate=mate, asked=s["asked"])),
            Step(tools=s["probe"]),
            Step(text=f"{s['confirm']}\n\nSomething you can paste to {mate}:\n\n> "
                      f"{s['confirm'][:1].lower()}{s['confirm'][1:]}"),
            Step(prompt=_pick(rng, "perfect ty", "sent", "cool, passed it on")),
            Step(text=_pick(rng, "👍", "Good.", "Great."))]


# gotcha
def gotcha_paste(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"),
            Step(text=_pick(rng, "Looking.", "", "Let me see what's going on."),
                 tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_buried(s: dict, rng: random.Random) -> Episode:
    """The assistant reproduces it; the cause is in the middle of a long log."""
    return [Step(prompt=s["symptom"]),
            Step(text="Reproducing first.",
                 tools=[bash(s["repro"], _buried(s["trace"], s["chatter"], rng), 1)]),
            Step(text=_pick(rng, "The interesting lines are in the middle of that.",
                            "There — buried in the log."), tools=s["probe"]),
            Step(text=s["explain"], tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_wrong_first(s: dict, rng: random.Random) -> Episode:
    """The assistant's clean rebuild changes nothing; the user knows the cause."""
    said = _pick(rng, "nah its not a cache thing. {told}", "stop, thats not it. {told}",
                 "clean wont fix it lol. {told}")
    return [Step(prompt=f"{s['symptom']}\n\n```\n{s['trace']}\n```"),
            Step(text="Could be stale build state; starting clean.", tools=[s["naive"]]),
            Step(text="Clean state, but I'd need to re-run to see if it's gone."),
            Step(prompt=said.format(told=s["told"])),
            Step(tools=s["probe"]),
            Step(text=f"You're right. {s['explain']}", tools=s["fix"]),
            Step(text=s["done"])]


def gotcha_mate(s: dict, rng: random.Random) -> Episode:
    ask = _pick(rng, "{symptom}. {mate} had the same thing on their desk and reckons {told}",
                "{symptom}\n\n{mate}'s theory: \"{told}\" — can you confirm + fix")
    return [Step(prompt=ask.format(symptom=s["symptom"], mate=_mate(s, rng), told=s["told"])
                 + f"\n\n```\n{s['trace']}\n```"),
            Step(tools=s["probe"]),
            Step(text=f"That's it. {s['explain']}", tools=s["fix"]),
            Step(text=s["done"])]


# falsified
def fals_turned_down(s: dict, rng: random.Random) -> Episode:
    said = _pick(rng, "no dont. {story}", "been there lol. {story}", "we tried exactly that. "
                 "{story}")
    return [Step(prompt=s["want"]), Step(text=s["offer"]),
            Step(prompt=said.format(story=s["story"])),
            Step(text=_pick(rng, "Good to know — I'll leave it alone.",
                            "Understood, that's off the table.", "OK, not going there."))]


def fals_tried_here(s: dict, rng: random.Random) -> Episode:
    undo = _pick(rng, "ugh. revert", "ok no. put it back", "back it out pls")
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(prompt=undo),
            Step(text=_pick(rng, "Reverting.", "Backing it out.", ""), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_decision_log(s: dict, rng: random.Random) -> Episode:
    """Someone raises it again; the user has the history written into the decisions log."""
    mate = _mate(s, rng)
    ask = _pick(rng, "{mate} brought this up again: \"{want}\"\n\ncan you add an entry to "
                     "docs/decisions.md so we stop going round in circles. what happened: "
                     "{story}",
                "add to docs/decisions.md pls, {mate} asked again ({want}). short version: "
                "{story}")
    return [Step(prompt=ask.format(mate=mate, want=s["want"], story=s["story"])),
            Step(tools=[edit("docs/decisions.md", "# Decisions\n",
                             f"# Decisions\n\n## {s['title']}\n\n{s['conclusion']}\n")]),
            Step(text=f"Added \"{s['title']}\" at the top of docs/decisions.md.")]


def fals_git_history(s: dict, rng: random.Random) -> Episode:
    """The assistant looks in the history before trying it and finds it was backed out."""
    mate = _mate(s, rng)
    log = (f"{_sha(rng)} {mate} {rng.randint(2, 28)} {_pick(rng, 'Mar', 'Apr', 'Sep', 'Oct')}\n"
           f"{s['title']}\n\n{s['story']}\n\n{_sha(rng)} {mate} earlier\nWIP")
    return [Step(prompt=s["want"]),
            Step(text=_pick(rng, "Before suggesting anything — checking whether it was tried.",
                            "Let me look at the history first."),
                 tools=[bash("git log --all -i --grep=revert --grep=drop --grep=back "
                             "--format='%h %an %ad%n%s%n%b' --date=format:'%d %b' | head -40",
                             log)]),
            Step(text=f"It was tried and backed out. {s['conclusion']}"),
            Step(prompt=_pick(rng, "right, forgot about that. leave it", "oh yeah. ok skip it",
                              "lol yes. never mind")),
            Step(text=_pick(rng, "OK.", "Leaving it."))]


TEMPLATES = {
    "convention": [conv_tacked_on, conv_bounced, conv_read_it, conv_mate],
    "command": [cmd_worked_out, cmd_pasted, cmd_mate, cmd_noted],
    "environment": [env_check, env_in_passing, env_misremembered, env_mate_asks],
    "gotcha": [gotcha_paste, gotcha_buried, gotcha_wrong_first, gotcha_mate],
    "falsified": [fals_turned_down, fals_tried_here, fals_decision_log, fals_git_history],
}

UNRELATED = [
    "my commit messages all say 'fix stuff' - how do I write better ones?",
    "whats the difference between a mutex and a semaphore, in plain words",
    "explain pull-up vs pull-down resistors to someone who mostly writes software",
    "i2c or spi for a sensor that needs to be read a few hundred times a second? pros and cons",
    "how does git rebase --onto actually work, with an example",
    "write a python function that debounces a noisy boolean signal",
    "how do small teams usually name git branches?",
    "explain big-endian vs little-endian with a concrete byte example",
    "whats the difference between a goroutine and an os thread",
    "how do I compute a running average without keeping every sample around?",
    "regex that matches a version string like 1.4.0-beta.2",
    "tcp or udp for streaming readings from a device on a local network?",
    "what should a README for an internal tool have in it",
    "what does volatile actually do in C and when do I need it",
    "explain ring buffers and when to reach for one",
    "least scary way to squash a few local commits before i push?",
    "async/await vs completion handlers in swift — when does it matter?",
    "how do I choose a license for code we might open source later",
    "give me a short code review checklist for a team of five",
    "how do I convert a float to fixed point in C without losing much precision",
    "bash loop that retries a command up to five times with a pause between tries",
    "makefile vs cmake in one paragraph please",
]

UNANSWERED: dict[str, list[str]] = {
    "sedgecombe": [
        "how many scales out in the field are on the latest firmware right now?",
        "is there a plan to support a second load cell for a dual-plate scale?",
        "who wrote the original adc driver and what license is it under?",
        "what battery life are we promising for the next firmware release?",
        "has anyone measured the deep sleep current on the current boards?",
    ],
    "tansyboard": [
        "what does the main board cost per unit at a thousand pieces?",
        "is the enclosure changing for the next board revision?",
        "who is reviewing the next schematic revision?",
        "did we book the CE testing lab yet?",
        "how long is the lead time on the load cells from the supplier?",
    ],
    "burdocklane": [
        "how many people have the ios app installed?",
        "is an android version planned this year?",
        "what's the app's star rating on the app store right now?",
        "who designed the app icon?",
        "are we doing an apple watch app?",
    ],
    "pennywort": [
        "how many units did the factory build yesterday?",
        "what's the first-pass yield on the line this month?",
        "when is the next factory visit?",
        "how many stations does the factory want for the christmas run?",
        "what shifts does the line team work?",
    ],
}


def _equip(facts: list[Fact], **extra) -> list[Fact]:
    for fact in facts:
        fact.slots.update(extra)
    return facts


# ------------------------------------------------------------------- sedgecombe
def sedgecombe() -> Project:
    drv = "components/nau7802/nau7802.c"
    gatt = "main/ble_gatt.c"
    build = bash("idf.py build",
                 "Executing action: all (aliases: build)\nRunning ninja in directory "
                 "/home/dev/src/sedgecombe/build\n[1034/1034] Generating binary image from "
                 "built executable\nheft_scale.bin binary size 0x10b2e0 bytes. Smallest app "
                 "partition is 0x1c0000 bytes. 0xb4d20 bytes (40%) free.\nProject build "
                 "complete.")
    flash = bash("idf.py build flash",
                 "Project build complete.\nSerial port /dev/ttyACM0\nConnecting...\nChip is "
                 "ESP32-C3 (QFN32) (revision v0.4)\nWrote 1094368 bytes at 0x00020000 in 9.8 "
                 "seconds\nHash of data verified.\nHard resetting via RTS pin...\nDone")
    facts = [
        Fact("conv-errors", "convention", ["ESP_RETURN_ON_ERROR"],
             ["in the adc driver, what should happen when an i2c write fails — is it ok to "
              "just abort?",
              "which error-handling macro do we use inside firmware components so a bad read "
              "doesn't reset the scale?"],
             "In sedgecombe (the scale firmware) driver and component code never aborts on an "
             "error: functions return esp_err_t and propagate failures with "
             "ESP_RETURN_ON_ERROR (esp_check.h); ESP_ERROR_CHECK, which aborts and reboots, is "
             "only allowed in app_main, so a flaky I2C read doesn't reset the scale mid-shot.",
             {"task": "add nau7802_set_gain() to the adc driver, the new load cell wants gain "
                      "64",
              "rule": "driver code never aborts. no ESP_ERROR_CHECK outside app_main — return "
                      "esp_err_t and bail with ESP_RETURN_ON_ERROR so a flaky i2c read doesnt "
                      "reboot the scale mid shot",
              "contrary": edit(drv, "/* ---- gain ---- */\n",
                               "/* ---- gain ---- */\nvoid nau7802_set_gain(nau7802_t *dev, "
                               "uint8_t gain)\n{\n    uint8_t ctrl1 = gain_bits(gain);\n    "
                               "ESP_ERROR_CHECK(reg_write(dev, NAU_CTRL1, ctrl1));\n}\n"),
              "follow": [edit(drv, "/* ---- gain ---- */\n",
                              "/* ---- gain ---- */\nesp_err_t nau7802_set_gain(nau7802_t *dev, "
                              "uint8_t gain)\n{\n    uint8_t ctrl1 = gain_bits(gain);\n    "
                              "ESP_RETURN_ON_ERROR(reg_write(dev, NAU_CTRL1, ctrl1), TAG, "
                              "\"gain write failed\");\n    return ESP_OK;\n}\n"),
                         build],
              "done": "nau7802_set_gain() returns esp_err_t and bails out with "
                      "ESP_RETURN_ON_ERROR if the register write fails; the caller decides what "
                      "to do. Builds clean.",
              "doc": ("components/README.md",
                      "# components\n\n## error handling\n\n- Drivers return `esp_err_t`. "
                      "Propagate failures with `ESP_RETURN_ON_ERROR` / `ESP_GOTO_ON_ERROR` "
                      "from esp_check.h.\n- `ESP_ERROR_CHECK` aborts and reboots the chip: "
                      "only in app_main during init, never in a component.\n"),
              "found": "components/README.md says drivers return esp_err_t and propagate "
                       "failures with ESP_RETURN_ON_ERROR from esp_check.h; ESP_ERROR_CHECK "
                       "(which aborts) is only for app_main."}),
        Fact("conv-units", "convention", ["decigrams"],
             ["what unit and type should a weight be when the firmware sends it over "
              "bluetooth?",
              "is a float fine for grams in the new tare field of the firmware?"],
             "sedgecombe firmware keeps every weight as an int32 in decigrams (tenths of a "
             "gram, fields named *_dg): in the BLE notify payload, in NVS and in the filter — "
             "never a float in grams.",
             {"task": "add a tare offset field to the weight notify payload",
              "rule": "weights are int32 decigrams everywhere (0.1 g) — ble payload, nvs, "
                      "filter. no floats, everything that decodes the payload expects "
                      "decigrams",
              "contrary": edit(gatt, "    uint8_t flags;\n} weight_notify_t;\n",
                               "    uint8_t flags;\n    float tare_g;\n} weight_notify_t;\n"),
              "follow": [edit(gatt, "    uint8_t flags;\n} weight_notify_t;\n",
                              "    uint8_t flags;\n    int32_t tare_dg;   /* decigrams */\n} "
                              "weight_notify_t;\n"),
                         edit(gatt, "    msg.flags = flags;\n",
                              "    msg.flags = flags;\n    msg.tare_dg = scale_tare_dg();\n"),
                         build],
              "done": "The payload has int32_t tare_dg (decigrams) after flags, filled from "
                      "scale_tare_dg(); it builds.",
              "doc": ("main/ble_gatt.h",
                      "/* Weight characteristic payload, little endian.\n * Every weight is an "
                      "int32_t in decigrams (0.1 g), suffix _dg:\n * no floats on the wire, "
                      "in NVS or in the filter.\n */\ntypedef struct __attribute__((packed)) "
                      "{\n    int32_t weight_dg;\n    uint32_t t_ms;\n    uint8_t flags;\n} "
                      "weight_notify_t;\n"),
              "found": "The header comment is explicit: every weight is an int32_t in "
                       "decigrams (0.1 g) with a _dg suffix — on the wire, in NVS and in the "
                       "filter, never a float."}),
        Fact("cmd-hosttest", "command", ["set-target linux"],
             ["how do I run the filter unit tests on my laptop without a scale plugged in?",
              "what's the build incantation for the host-side firmware tests?"],
             "sedgecombe's host-side unit tests (host_test/, e.g. the weight filter) run "
             "without a board on ESP-IDF's linux target: `cd host_test && idf.py --preview "
             "set-target linux && idf.py build && ./build/host_test.elf`.",
             {"goal": "run the unit tests for the moving average filter, no board on my desk "
                      "rn",
              "fail": bash("cd host_test && idf.py build",
                           "Executing action: all (aliases: build)\nCMake Error at "
                           "main/CMakeLists.txt:4 (message):\n  host_test only builds for the "
                           "linux target (IDF_TARGET is esp32c3)\n-- Configuring incomplete, "
                           "errors occurred!", 2),
              "note": "host_test is a host app: it's built for ESP-IDF's linux target (still "
                      "behind --preview), so that directory has to be switched to it before "
                      "building.",
              "ok": bash("cd host_test && idf.py --preview set-target linux && idf.py build && "
                         "./build/host_test.elf",
                         "Set Target to: linux, new sdkconfig will be created.\n...\nProject "
                         "build complete.\ntest_filter.c:41:test_window_converges:PASS\n"
                         "test_filter.c:58:test_step_response:PASS\n...\n"
                         "-----------------------\n18 Tests 0 Failures 0 Ignored\nOK"),
              "done": "All 18 filter tests pass on the laptop, no board needed.",
              "hint": "the host tests are for the linux target. `idf.py --preview set-target "
                      "linux` inside host_test, then build and run ./build/host_test.elf",
              "script": (".github/workflows/host-tests.yml",
                         "name: host-tests\non: [push]\njobs:\n  unity:\n    runs-on: "
                         "ubuntu-latest\n    container: ${{ vars.IDF_IMAGE }}\n    steps:\n"
                         "      - uses: actions/checkout@v4\n      - run: |\n          cd "
                         "host_test\n          idf.py --preview set-target linux\n          "
                         "idf.py build\n          ./build/host_test.elf\n")}),
        Fact("cmd-wipecal", "command", ["parttool.py"],
             ["how do I clear just the stored calibration on a dev board without reflashing "
              "everything?",
              "what's the command to reset a scale's calibration data?"],
             "To wipe only the calibration on a sedgecombe board (keeping the firmware and the "
             "OTA data), erase the nvs_cal partition with ESP-IDF's parttool.py: `parttool.py "
             "--port /dev/ttyACM0 erase_partition --partition-name=nvs_cal`; idf.py has no "
             "erase-partition command.",
             {"goal": "wipe the calibration on this board so i can redo it from scratch but "
                      "keep the firmware on it",
              "fail": bash("idf.py erase-partition nvs_cal",
                           "Usage: idf.py [OPTIONS] COMMAND1 [ARGS]... [COMMAND2 [ARGS]...]...\n"
                           "Try 'idf.py --help' for help.\n\nError: No such command "
                           "'erase-partition'.", 2),
              "note": "idf.py can only erase the whole flash or the OTA data. ESP-IDF's "
                      "parttool.py erases a single partition by name, so the app and OTA "
                      "slots stay.",
              "ok": bash("parttool.py --port /dev/ttyACM0 erase_partition "
                         "--partition-name=nvs_cal",
                         "Erasing region (offset 0x1b000, size 0x5000)...\nErase completed "
                         "successfully"),
              "done": "nvs_cal is erased (0x5000 bytes at 0x1b000); firmware and OTA slots "
                      "untouched. Next boot it'll ask for calibration.",
              "hint": "its parttool.py not idf.py: `parttool.py --port /dev/ttyACM0 "
                      "erase_partition --partition-name=nvs_cal`",
              "script": ("scripts/wipe-cal.sh",
                         "#!/bin/sh\n# wipe only the calibration, keep app + ota\nset -e\n"
                         "parttool.py --port \"${1:-/dev/ttyACM0}\" erase_partition "
                         "--partition-name=nvs_cal\n")}),
        Fact("env-otahost", "environment", ["updates.heftscale.com"],
             ["which host do the scales download firmware updates from? a customer's network "
              "needs to allow it",
              "what url does the ota code check for new firmware images?"],
             "sedgecombe firmware fetches OTA updates from "
             "https://updates.heftscale.com/c3/<channel>/manifest.json "
             "(CONFIG_HEFT_OTA_BASE_URL in sdkconfig.defaults; channels stable and beta).",
             {"goal": "where does the firmware actually fetch ota updates from? need it for the "
                      "release checklist",
              "probe": [bash("grep -n 'OTA' sdkconfig.defaults main/ota.c",
                             "sdkconfig.defaults:31:CONFIG_HEFT_OTA_BASE_URL=\"https://updates."
                             "heftscale.com/c3\"\nsdkconfig.defaults:32:CONFIG_HEFT_OTA_CHANNEL="
                             "\"stable\"\nmain/ota.c:22:    snprintf(url, sizeof url, "
                             "\"%s/%s/manifest.json\", CONFIG_HEFT_OTA_BASE_URL, channel);")],
              "confirm": "OTA manifests come from "
                         "https://updates.heftscale.com/c3/<channel>/manifest.json — the base is "
                         "CONFIG_HEFT_OTA_BASE_URL in sdkconfig.defaults, and the default "
                         "channel is stable (beta is the other one).",
              "aside": "since ota pulls from updates.heftscale.com/c3 now, can you check the "
                       "default channel in the config is still stable and not beta",
              "guess": "ota still downloads straight from the github releases page",
              "asked": "which address do the scales get firmware updates from? one cafe's "
                       "wifi blocks nearly everything and they need to whitelist it"}),
        Fact("env-idf", "environment", ["v5.2.2"],
             ["which esp-idf release is the scale firmware built against?",
              "what idf version should I install on a fresh machine for the firmware?"],
             "sedgecombe is pinned to ESP-IDF v5.2.2 (.idf-version; CI builds in the "
             "espressif/idf:v5.2.2 container); install that release, not 5.3 or master.",
             {"goal": "which idf version are we on? setting up the new laptop",
              "probe": [bash("cat .idf-version; grep -rn 'espressif/idf' .github/",
                             "v5.2.2\n.github/workflows/build.yml:9:    container: "
                             "espressif/idf:v5.2.2")],
              "confirm": "The firmware is pinned to ESP-IDF v5.2.2: .idf-version says so and "
                         "CI builds in the espressif/idf:v5.2.2 container. Install that tag "
                         "(e.g. ~/esp/esp-idf-v5.2.2), not master or 5.3.",
              "aside": "installing idf on the new thinkpad, going with v5.2.2 like ci — check "
                       "nothing in the repo expects something newer",
              "guess": "we moved to idf 5.3 when we bumped nimble",
              "asked": "what esp-idf version do I need to build the scale firmware?"}),
        Fact("gotcha-strap", "gotcha", ["GPIO9"],
             ["why do some scales boot into the bootloader when a button is held while the usb "
              "cable goes in?",
              "which pin can't the tare button stay on because of the chip's boot strapping?"],
             "On sedgecombe boards the tare button is on GPIO9, a strapping pin of the "
             "ESP32-C3: held low at power-on it makes the ROM boot into download mode "
             "(boot:0x0 DOWNLOAD, 'waiting for download'), so the scale looks dead; the "
             "button has to move off GPIO9 on the next board.",
             {"symptom": "some boards come up dead after plugging usb in, nothing on the "
                         "console past the rom banner. seems to happen when someone is "
                         "holding the tare button",
              "trace": "ESP-ROM:esp32c3-api1-20210207\nBuild:Feb  7 2021\nrst:0x1 (POWERON),"
                       "boot:0x0 (DOWNLOAD(USB/UART0/1))\nwaiting for download",
              "probe": [bash("grep -n 'TARE_BTN' main/board.h",
                             "main/board.h:14:#define TARE_BTN_GPIO   GPIO_NUM_9")],
              "explain": "GPIO9 is a strapping pin on the ESP32-C3: if it's low at reset the "
                         "ROM enters download mode (boot:0x0 DOWNLOAD) instead of starting the "
                         "app. The tare button pulls GPIO9 low, so holding it while plugging "
                         "in parks the chip in the bootloader. Firmware can't change that — "
                         "the button needs another pin on the next board.",
              "fix": [edit("main/board.h", "#define TARE_BTN_GPIO   GPIO_NUM_9\n",
                           "/* GPIO9 is a strapping pin: low at reset = download mode.\n * "
                           "Move the button on the next board. */\n#define TARE_BTN_GPIO   "
                           "GPIO_NUM_9\n")],
              "done": "Noted in board.h; for now, power-cycling without touching the button "
                      "boots normally.",
              "told": "the tare button is on gpio9 which is a strapping pin, holding it at "
                      "power on drops it into download mode",
              "repro": "idf.py -p /dev/ttyACM0 monitor --no-reset"}),
        Fact("gotcha-adc2", "gotcha", ["ADC2"],
             ["the battery percentage reads zero whenever wifi is connected — what's the "
              "cause?",
              "why do battery voltage reads time out on the c3 only while the radio is on?"],
             "In sedgecombe the battery-sense divider is on GPIO5, an ADC2 channel of the "
             "ESP32-C3; ADC2 is shared with Wi-Fi, so battery reads fail with ESP_ERR_TIMEOUT "
             "while Wi-Fi is on (battery stuck at 0%). Battery sensing belongs on an ADC1 pin; "
             "until then the firmware keeps the last good reading while Wi-Fi is up.",
             {"symptom": "battery % is stuck at 0 as soon as wifi connects. fine when its "
                         "only ble",
              "trace": "W (48211) batt: adc read failed: ESP_ERR_TIMEOUT\nW (48712) batt: adc "
                       "read failed: ESP_ERR_TIMEOUT\nI (48713) ui: battery 0%",
              "probe": [bash("grep -n 'BATT_\\|unit_id' main/board.h main/battery.c",
                             "main/board.h:18:#define BATT_SENSE_GPIO  GPIO_NUM_5\n"
                             "main/battery.c:31:        .unit_id = ADC_UNIT_2,")],
              "explain": "The battery divider sits on GPIO5, which on the C3 is an ADC2 "
                         "channel. ADC2 is shared with the Wi-Fi radio, and while Wi-Fi is "
                         "active its oneshot reads time out (ESP_ERR_TIMEOUT), so the UI shows "
                         "0%. Battery sensing needs an ADC1 channel (GPIO0–4); in firmware the "
                         "best we can do is read while Wi-Fi is off and hold the last value.",
              "fix": [edit("main/battery.c", "    if (adc_oneshot_read(adc, BATT_CH, &raw) "
                                             "!= ESP_OK) {\n        return 0;\n",
                           "    if (wifi_is_up()) {\n        return s_last_pct;  /* ADC2 "
                           "unusable while Wi-Fi runs */\n    }\n    if (adc_oneshot_read(adc, "
                           "BATT_CH, &raw) != ESP_OK) {\n        return s_last_pct;\n")],
              "done": "Battery now samples while Wi-Fi is off and holds the last good value "
                      "while it's on; the proper fix (an ADC1 pin) is for the next board.",
              "told": "the batt divider is on an ADC2 pin and wifi hogs ADC2",
              "repro": "idf.py -p /dev/ttyACM0 monitor"}),
        Fact("fals-tickless", "falsified", ["tickless"],
             ["could we save battery by letting the chip sleep automatically whenever it's "
              "idle?",
              "has anyone tried the power-management sleep mode on the scale firmware?"],
             "Automatic light sleep in sedgecombe (CONFIG_PM_ENABLE with FreeRTOS tickless "
             "idle) was tried and reverted: the weight stream stalled for about 2 s and "
             "iPhones dropped the BLE connection on supervision timeout; power-management "
             "light sleep stays off.",
             {"ask": "battery life is bad. turn on power management with automatic light sleep "
                     "(tickless idle) and lets see",
              "change": [edit("sdkconfig.defaults", "# power\n",
                              "# power\nCONFIG_PM_ENABLE=y\nCONFIG_FREERTOS_USE_TICKLESS_IDLE=y"
                              "\n"),
                         flash],
              "broke": bash("python scripts/ble_soak.py --minutes 10",
                            "connected to Heft-3F2A\n[02:13] weight stream gap 1840 ms\n[04:55] "
                            "disconnected: reason 0x08 (supervision timeout)\n[05:02] "
                            "reconnected\n[07:40] disconnected: reason 0x08 (supervision "
                            "timeout)\nFAIL: 2 disconnects, max gap 1840 ms", 1),
              "revert": bash("git checkout -- sdkconfig.defaults && idf.py build flash",
                             "Project build complete.\n...\nHash of data verified.\nDone"),
              "conclusion": "Reverted. With power management and tickless idle (automatic "
                            "light sleep) the weight stream stalled for almost two seconds and "
                            "the iPhone dropped the BLE link twice on supervision timeout. "
                            "Light sleep stays off; battery has to come from elsewhere (ADC "
                            "duty, display dimming).",
              "want": "can we get more battery life by letting the chip doze between samples?",
              "offer": "ESP-IDF can do automatic light sleep: enable CONFIG_PM_ENABLE and "
                       "FreeRTOS tickless idle, and the C3 sleeps whenever every task is idle. "
                       "Want me to turn it on?",
              "story": "Ines tried tickless idle with auto light sleep last autumn. the weight "
                       "stream got ~2 s gaps and iphones kept dropping the ble connection. "
                       "left it off since",
              "title": "Revert tickless idle / auto light sleep"}),
        Fact("fals-sps", "falsified", ["320 SPS"],
             ["could we get snappier weight readings by making the load-cell adc sample "
              "faster?",
              "why is the adc data rate on the scale set so low?"],
             "Running sedgecombe's NAU7802 at 320 SPS (instead of 80 SPS) for faster readings "
             "was tried and reverted: noise rose about 4x (0.41 g standard deviation against a "
             "0.1 g spec). It stays at 80 SPS; latency is tuned in the filter window instead.",
             {"ask": "shots feel laggy in the app. bump the nau7802 to 320 sps so we get "
                     "readings quicker",
              "change": [edit(drv, "#define NAU_RATE  NAU_CRS_80SPS\n",
                              "#define NAU_RATE  NAU_CRS_320SPS\n"),
                         flash],
              "broke": bash("python scripts/noise_check.py --seconds 30",
                            "samples: 9600\nmean: 0.02 g\nstd dev: 0.41 g (limit 0.10 g)\nFAIL: "
                            "noise 4.1x over spec", 1),
              "revert": bash(f"git checkout -- {drv} && idf.py build flash",
                             "Project build complete.\n...\nHash of data verified.\nDone"),
              "conclusion": "Back to 80 SPS. At 320 SPS the NAU7802 had 0.41 g of noise on a "
                            "still load — about four times the 0.1 g spec — which hurts "
                            "espresso more than the lag. Latency is better won in the filter "
                            "window.",
              "want": "could the scale respond faster if the adc sampled more often?",
              "offer": "The NAU7802 goes up to 320 SPS; moving from 80 to 320 SPS would give "
                       "four times as many readings. Switch it?",
              "story": "we ran 320 SPS for a week in the beta. noise went up ~4x, 0.4 g jitter "
                       "with a cup just sitting there, baristas hated it. 80 sps + a shorter "
                       "filter window is what we settled on",
              "title": "Back to 80 SPS"}),
    ]
    chatter = [
        "I (312) app_main: heft scale fw 1.4.1",
        "I (318) nau7802: ready, gain 128",
        "I (402) ble: advertising as Heft-3F2A",
        "I (415) nvs: calibration loaded (factor 412.77)",
        "I (1203) ble: connected, conn_handle=1, mtu 247",
        "I (1310) filter: window 6",
        "I (2011) ui: display on, brightness 70",
        "I (2530) weight: 0.0 g stable",
        "I (5121) weight: 18.2 g",
        "I (5322) weight: 36.9 g",
        "I (6004) ble: notify ok (14 B)",
        "I (7100) wifi: connected to cafe-guest, rssi -61",
        "I (7302) ota: no update (1.4.1 is current)",
        "I (9411) ui: shot timer 00:09",
        "I (9812) weight: 41.7 g stable",
        "I (10220) ble: notify ok (14 B)",
    ]
    noise: list[Episode] = [
        look("whats the filter doing rn, remind me", "components/scale_filter/filter.c",
             "#include \"filter.h\"\n\nint32_t filter_push(filter_t *f, int32_t x)\n{\n    "
             "f->sum += x - f->buf[f->i];\n    f->buf[f->i] = x;\n    f->i = (f->i + 1) % "
             "f->n;\n    return f->sum / f->n;\n}\n",
             "Plain moving average over a ring buffer of n samples, keeping a running sum so "
             "each push is O(1)."),
        find("where do we write to nvs", "nvs_set_",
             ["main/calibration.c", "main/settings.c"],
             "Two places: calibration.c (the factor) and settings.c (display brightness and "
             "auto-off)."),
        tweak("adv name should be Heft- plus the last 4 hex of the mac, its printing 6",
              "main/ble_gatt.c", "snprintf(name, sizeof name, \"Heft-%02X%02X%02X\", mac[3], "
              "mac[4], mac[5]);", "snprintf(name, sizeof name, \"Heft-%02X%02X\", mac[4], "
              "mac[5]);", "Now Heft- plus the last two MAC bytes, e.g. Heft-3F2A."),
        run("how big is the app now", "idf.py size",
            "Total sizes:\n Used stat D/IRAM:  118432 bytes ( 203360 remain, 36.8% used)\n"
            "Flash Code:  702118 bytes\nFlash Data:  196302 bytes\nTotal image size: 1094368 "
            "bytes (.bin may be padded larger)",
            "About 1.07 MB total, ~700 kB of code; plenty of room in the app slot."),
        talk("freertos queue or stream buffer for handing samples to the filter task?",
             "A queue of int32 samples is simplest and fine at this rate. A stream buffer only "
             "pays off for byte streams with one writer and one reader, like UART data."),
        steps("what went in since 1.4.0",
              [bash("git log --oneline v1.4.0..HEAD",
                    "9b1e2f4 display: dim after 60 s idle\n71c0a3d ble: shorter adv name\n"
                    "2e8d5b0 filter: window 8 -> 6")],
              "Display dimming after 60 s, the shorter advertising name, and the filter window "
              "going from 8 to 6."),
        [Step(prompt="make me a todo list for 1.5, the usual"),
         Step(tools=[todo_write([("Shot auto-start on first drip", "pending", "Adding "
                                  "auto-start"),
                                 ("Flow rate in notify payload", "pending", "Adding flow rate"),
                                 ("Release notes", "pending", "Writing notes")])]),
         Step(text="Three items for 1.5: auto-start, flow rate in the payload, release notes."),
         Step(prompt="flow rate first"),
         Step(text="OK, starting with the flow rate field.")],
        steps("skim the oled driver for anything obviously dumb",
              [agent("Review OLED driver", "Read components/ssd1306 and list obvious problems.",
                     "Nothing serious. One full-frame I2C write per update (1 kB at 400 kHz, "
                     "~25 ms); a dirty-rectangle update would cut that. The contrast setting "
                     "is written on every frame, which is unnecessary.", "a3c91e0d7f12",
                     "Explore", 4)],
              "Nothing broken — two easy wins: partial updates and not rewriting contrast "
              "every frame."),
    ]
    return Project(
        "sedgecombe", "git@github.com:heft-hw/sedgecombe.git",
        {"README.md": "# sedgecombe\n\nFirmware for the Heft espresso scale (ESP32-C3).\n",
         "CMakeLists.txt": "cmake_minimum_required(VERSION 3.16)\n"
                           "include($ENV{IDF_PATH}/tools/cmake/project.cmake)\n"
                           "project(heft_scale)\n",
         "NOTES.md": "# notes\n\n## commands\n"},
        _equip(facts, mates=["Tomasz", "Ines"], notes="NOTES.md", chatter=chatter,
               naive=bash("idf.py fullclean && idf.py build",
                          "Executing action: fullclean\nDone\nExecuting action: all (aliases: "
                          "build)\n...\nProject build complete.")),
        noise, "github")


# ------------------------------------------------------------------- tansyboard
def tansyboard() -> Project:
    sch = "tansy-main.kicad_sch"
    pcb = "tansy-main.kicad_pcb"
    erc = bash(f"kicad-cli sch erc {sch}",
               "Running ERC...\nFound 0 violations\nSaved ERC Report to tansy-main-erc.rpt")
    facts = [
        Fact("conv-lcsc", "convention", ["LCSC"],
             ["when I drop a new resistor into the schematic, which property does it need so "
              "the assembly house actually places it?",
              "where does the bom export get the jlc part numbers from?"],
             "In tansyboard's KiCad schematics every assembled part carries an LCSC field with "
             "its JLC/LCSC part number (the C-number, e.g. C25744); the BOM/CPL export reads "
             "that field, and a part without it is left off the JLC assembly order.",
             {"task": "add 10k pullups on sda/scl of the new i2c header and a 100n decoupling "
                      "cap next to it",
              "rule": "every part that gets assembled needs the LCSC field filled in with the "
                      "jlc part number (the C-number) — the bom export reads that field, empty "
                      "= jlc silently skips the part",
              "contrary": edit(sch, "  (symbol (lib_id \"heft:R\") (at 142.24 88.9 0)\n",
                               "  (symbol (lib_id \"heft:R\") (at 142.24 88.9 0)\n    "
                               "(property \"Reference\" \"R12\")\n    (property \"Value\" "
                               "\"10k\")\n    (property \"Footprint\" \"heft:R_0402\")\n"),
              "follow": [edit(sch, "  (symbol (lib_id \"heft:R\") (at 142.24 88.9 0)\n",
                              "  (symbol (lib_id \"heft:R\") (at 142.24 88.9 0)\n    "
                              "(property \"Reference\" \"R12\")\n    (property \"Value\" "
                              "\"10k\")\n    (property \"Footprint\" \"heft:R_0402\")\n    "
                              "(property \"LCSC\" \"C25744\")\n"),
                         edit(sch, "  (symbol (lib_id \"heft:C\") (at 149.86 93.98 0)\n",
                              "  (symbol (lib_id \"heft:C\") (at 149.86 93.98 0)\n    "
                              "(property \"Reference\" \"C14\")\n    (property \"Value\" "
                              "\"100n\")\n    (property \"LCSC\" \"C1525\")\n"),
                         erc],
              "done": "R12/R13 (10k, LCSC C25744) and C14 (100n, LCSC C1525) are placed with "
                      "their part numbers filled in; ERC is clean.",
              "doc": ("docs/bom.md",
                      "# BOM rules\n\nEvery part JLC assembles carries an `LCSC` field with the "
                      "LCSC/JLC part number (C-number, e.g. C25744). The BOM and CPL export "
                      "read that field; a part without one is dropped from the assembly order "
                      "without warning. Do-not-place parts get `DNP` instead.\n"),
              "found": "docs/bom.md says every assembled part needs an LCSC field holding the "
                       "JLC/LCSC C-number; the BOM export reads it, and parts without one are "
                       "silently dropped from assembly."}),
        Fact("conv-lib", "convention", ["heft-kicad-lib"],
             ["I need a footprint for a new connector on the pcb — can I just make one in the "
              "project folder?",
              "where are new symbols and footprints supposed to go for the board files?"],
             "tansyboard takes every symbol and footprint from the shared heft-kicad-lib "
             "submodule (lib/heft-kicad-lib); new parts are added there through a PR to that "
             "library repo, never to a project-local library or straight from KiCad's stock "
             "libraries.",
             {"task": "need a symbol + footprint for the 4 pin JST-SH connector for the load "
                      "cell flex",
              "rule": "symbols and footprints only ever go in the shared heft-kicad-lib "
                      "submodule, via a PR there. never a project-local lib, never straight "
                      "from the stock kicad libs",
              "contrary": write("tansy-local.pretty/JST_SH_4.kicad_mod",
                                "(footprint \"JST_SH_4\" (version 20240108) (generator "
                                "pcbnew)\n  (layer \"F.Cu\")\n  (pad \"1\" smd roundrect (at "
                                "-1.5 0) (size 0.6 1.55) (layers \"F.Cu\" \"F.Paste\" "
                                "\"F.Mask\"))\n)\n"),
              "follow": [bash("cd lib/heft-kicad-lib && git switch -c add-jst-sh-4",
                              "Switched to a new branch 'add-jst-sh-4'"),
                         write("lib/heft-kicad-lib/footprints/heft_conn.pretty/"
                               "JST_SH_SM04B.kicad_mod",
                               "(footprint \"JST_SH_SM04B\" (version 20240108) (generator "
                               "pcbnew)\n  (layer \"F.Cu\")\n  (pad \"1\" smd roundrect (at "
                               "-1.5 0) (size 0.6 1.55) (layers \"F.Cu\" \"F.Paste\" "
                               "\"F.Mask\"))\n)\n"),
                         edit("lib/heft-kicad-lib/symbols/heft_conn.kicad_sym",
                              "(kicad_symbol_lib (version 20231120)\n",
                              "(kicad_symbol_lib (version 20231120)\n  (symbol "
                              "\"JST_SH_SM04B\" (pin_names (offset 1.016))\n")],
              "done": "The JST-SH 4-pin symbol and footprint are on branch add-jst-sh-4 in "
                      "lib/heft-kicad-lib, ready for a PR to the library; nothing in a "
                      "project-local library.",
              "doc": ("README.md",
                      "# hardware\n\n## libraries\n\nAll symbols and footprints come from the "
                      "shared `heft-kicad-lib` submodule (lib/heft-kicad-lib). New parts go in "
                      "through a PR to that repo. No project-local libraries and no parts "
                      "straight from KiCad's stock libs.\n"),
              "found": "The README says every symbol and footprint comes from the shared "
                       "heft-kicad-lib submodule and new parts are added by PR to that repo — "
                       "no project-local libraries."}),
        Fact("cmd-kibot", "command", ["fab.kibot.yaml"],
             ["how do I produce the gerbers, bom and placement files for a board order?",
              "what's the command to regenerate the manufacturing outputs for the pcb?"],
             "tansyboard's fab outputs (gerbers, drill, JLC BOM, CPL and the zip) are made by "
             "KiBot with the config passed explicitly: `kibot -c .kibot/fab.kibot.yaml -d "
             "fab/<rev>`; bare `kibot` finds no config.",
             {"goal": "generate the fab files for the rev C order, gerbers bom cpl the lot",
              "fail": bash("kibot -d fab/revC",
                           "ERROR:No config file found (*.kibot.yaml), use -c to specify one",
                           1),
              "note": "KiBot only looks for a config in the current directory; ours lives "
                      "under .kibot/, so it has to be passed with -c.",
              "ok": bash("kibot -c .kibot/fab.kibot.yaml -d fab/revC",
                         "- 'gerbers' (Gerbers for JLC) [gerber]\n- 'drill' (Drill files) "
                         "[excellon]\n- 'jlc_bom' (BOM for JLC) [bom]\n- 'jlc_cpl' "
                         "(Placement for JLC) [position]\n- 'zip' (Fab zip) [compress]\n"
                         "INFO:Done"),
              "done": "fab/revC has gerbers, drill files, the JLC BOM and CPL, and the zip to "
                      "upload.",
              "hint": "theres a config for it: `kibot -c .kibot/fab.kibot.yaml -d fab/revC`",
              "script": ("scripts/fab.sh",
                         "#!/bin/sh\n# usage: scripts/fab.sh revC\nset -eu\nkibot -c "
                         ".kibot/fab.kibot.yaml -d \"fab/$1\"\nls -1 \"fab/$1\"\n")}),
        Fact("cmd-panel", "command", ["kikit.json"],
             ["how do I build the multi-board panel for the assembly order?",
              "what's the panelization command with our saved settings?"],
             "tansyboard's assembly panel (2x3 grid, rails, fiducials, mouse bites) is built "
             "from the saved KiKit preset: `kikit panelize -p panel/kikit.json "
             "tansy-main.kicad_pcb panel/tansy-panel.kicad_pcb`.",
             {"goal": "panelize rev C for the assembly order, same 2x3 as last time",
              "fail": bash(f"kikit panelize grid --rows 2 --cols 3 {pcb} panel.kicad_pcb",
                           "Usage: kikit panelize [OPTIONS] INPUT OUTPUT\nTry 'kikit panelize "
                           "--help' for help.\n\nError: Got unexpected extra arguments "
                           f"({pcb} panel.kicad_pcb)", 2),
              "note": "That's the old KiKit syntax. The panel settings (2×3 grid, 5 mm rails, "
                      "fiducials, mouse bites) are saved in panel/kikit.json and go in with "
                      "-p.",
              "ok": bash(f"kikit panelize -p panel/kikit.json {pcb} panel/tansy-panel.kicad_pcb",
                         "Preparing panel...\nPanel size: 100.0 x 118.0 mm\nDone."),
              "done": "panel/tansy-panel.kicad_pcb is the 2×3 panel from the saved preset.",
              "hint": "the settings are saved, use the preset: `kikit panelize -p "
                      "panel/kikit.json tansy-main.kicad_pcb panel/tansy-panel.kicad_pcb`",
              "script": ("Makefile",
                         "panel:\n\tkikit panelize -p panel/kikit.json tansy-main.kicad_pcb "
                         "panel/tansy-panel.kicad_pcb\n")}),
        Fact("env-stackup", "environment", ["JLC04101H-7628"],
             ["which layer stackup do we pick on the fab order form for the main board?",
              "what board thickness and impedance stackup did we settle on at the pcb house?"],
             "tansyboard's main board is ordered at JLCPCB as 4 layers, 1.0 mm thick, ENIG, "
             "with the JLC04101H-7628 stackup (docs/fab-notes.md) — not the default 1.6 mm.",
             {"goal": "what stackup / options do we order the main board with? filling in "
                      "the jlc form",
              "probe": [read("docs/fab-notes.md",
                             "# fab notes (JLCPCB)\n\n| option | value |\n|---|---|\n| layers "
                             "| 4 |\n| thickness | 1.0 mm |\n| stackup | JLC04101H-7628 |\n| "
                             "surface finish | ENIG |\n| min via | 0.3 / 0.15 mm |\n")],
              "confirm": "The main board goes in as 4 layers, 1.0 mm thick, ENIG, with JLC's "
                         "JLC04101H-7628 stackup (docs/fab-notes.md). The 1.0 mm is for the "
                         "slim enclosure, so don't let the form default to 1.6.",
              "aside": "filling in the jlc order, its the JLC04101H-7628 stackup right, 1.0mm? "
                       "double check against our notes",
              "guess": "we just use their default 1.6 mm four layer stackup",
              "asked": "which stackup code goes on the pcb order for the new batch?"}),
        Fact("env-ci", "environment", ["kicad8_auto"],
             ["which docker image does the hardware ci use for the kicad jobs?",
              "I want to reproduce the pcb pipeline on my machine — what container should I "
              "pull?"],
             "tansyboard's CI (the fab and DRC workflows) runs in the "
             "ghcr.io/inti-cmnb/kicad8_auto:1.8.1 container (KiCad 8 plus KiBot); pull the same "
             "image to reproduce CI locally.",
             {"goal": "i want to run the hardware ci job locally in docker, what image does it "
                      "use",
              "probe": [bash("grep -n 'container' .github/workflows/*.yml",
                             ".github/workflows/fab.yml:9:    container: "
                             "ghcr.io/inti-cmnb/kicad8_auto:1.8.1\n.github/workflows/drc.yml:9:"
                             "    container: ghcr.io/inti-cmnb/kicad8_auto:1.8.1")],
              "confirm": "Both workflows run in ghcr.io/inti-cmnb/kicad8_auto:1.8.1 (KiCad 8 "
                         "with KiBot). Locally: `docker run --rm -v $PWD:/w -w /w "
                         "ghcr.io/inti-cmnb/kicad8_auto:1.8.1 <command>`.",
              "aside": "ci runs in that kicad8_auto image right? want to pull the same one "
                       "locally, check which tag",
              "guess": "ci uses the plain kicad/kicad:8.0 image",
              "asked": "which docker image does the pcb ci use? want to reproduce a drc "
                       "failure"}),
        Fact("gotcha-3d", "gotcha", ["HEFT_3D_DIR"],
             ["the step file I exported for the enclosure designer is a bare board with no "
              "parts on it — why?",
              "what does kicad need configured so the component 3d models show up?"],
             "tansyboard footprints load their 3D models through the ${HEFT_3D_DIR} path "
             "variable; unless HEFT_3D_DIR is set (in the shell for kicad-cli, and in KiCad's "
             "Configure Paths) to ~/heft-mech/3d, the STEP export for the enclosure has no "
             "components.",
             {"symptom": "step export for the enclosure guy has no components on it, just a "
                         "bare green board",
              "trace": "Could not add 3D model to U1.\nFile not found: "
                       "${HEFT_3D_DIR}/QFN-16_3x3.step\nCould not add 3D model to J2.\nFile not "
                       "found: ${HEFT_3D_DIR}/JST_SH_SM04B.step",
              "probe": [bash(f"grep -o '(model \"[^\"]*' {pcb} | sort -u | head -3; echo "
                             "\"HEFT_3D_DIR=$HEFT_3D_DIR\"",
                             "(model \"${HEFT_3D_DIR}/JST_SH_SM04B.step\n(model "
                             "\"${HEFT_3D_DIR}/QFN-16_3x3.step\n(model "
                             "\"${HEFT_3D_DIR}/USB_C_GCT_USB4105.step\nHEFT_3D_DIR=")],
              "explain": "The footprints find their models through the ${HEFT_3D_DIR} path "
                         "variable, and it's empty in this shell (and not set in KiCad's "
                         "Configure Paths), so every model lookup fails and the STEP comes out "
                         "bare. HEFT_3D_DIR has to point at the mechanical checkout's 3D "
                         "folder, ~/heft-mech/3d.",
              "fix": [bash("export HEFT_3D_DIR=$HOME/heft-mech/3d && kicad-cli pcb export step "
                           f"--subst-models {pcb} -o mech/tansy-main.step",
                           "Exporting STEP...\nSTEP file 'mech/tansy-main.step' created.")],
              "done": "With HEFT_3D_DIR set the STEP has all 41 models. Set it in KiCad → "
                      "Preferences → Configure Paths too so the 3D viewer finds them.",
              "told": "kicad needs HEFT_3D_DIR pointing at the 3d folder and its not set on "
                      "your box",
              "repro": f"kicad-cli pcb export step --subst-models {pcb} -o "
                       "mech/tansy-main.step"}),
        Fact("gotcha-rot", "gotcha", ["rot_footprint"],
             ["the assembly house preview shows one chip turned around the wrong way — how "
              "do we fix that in our outputs?",
              "where do the per-package rotation corrections for the placement file live?"],
             "In tansyboard the JLC placement rotations come from KiBot's rot_footprint "
             "filter table (.kibot/filters.kibot.yaml); a package missing from the table (like "
             "the LDO's SOT-89) goes out 180° off at JLC, so every new package needs a "
             "rotation entry there.",
             {"symptom": "jlc placement preview has the new LDO flipped 180, every other part "
                         "looks right",
              "trace": "DFM check: U4 (SOT-89-3) polarity mismatch — pad 1 at 180.0° from "
                       "the silkscreen marker",
              "probe": [read(".kibot/filters.kibot.yaml",
                             "filters:\n  - name: fix_rotation\n    comment: 'Rotations for "
                             "JLC'\n    type: rot_footprint\n    rotations:\n      - "
                             "['^SOT-23', 180]\n      - ['^QFN', 270]\n")],
              "explain": "JLC's rotations are fixed up by KiBot's rot_footprint filter, and it "
                         "only touches packages that match its table. SOT-89 isn't in it, so "
                         "the LDO goes out with KiCad's orientation, which JLC reads as 180° "
                         "off. Every new package needs a rotation entry there.",
              "fix": [edit(".kibot/filters.kibot.yaml", "      - ['^QFN', 270]\n",
                           "      - ['^QFN', 270]\n      - ['^SOT-89', 180]\n")],
              "done": "SOT-89 gets the 180° correction now; the regenerated CPL puts U4 the "
                      "right way round in JLC's preview.",
              "told": "the rot_footprint filter has no entry for sot-89 so kibot doesnt "
                      "rotate it",
              "repro": "python3 scripts/dfm_check.py fab/revC/tansy-main-cpl.csv"}),
        Fact("fals-freerouting", "falsified", ["freerouting"],
             ["could an autorouter do the boring digital routing on the next board spin?",
              "have we ever tried automatic routing on the main pcb?"],
             "Autorouting tansyboard with freerouting (Specctra DSN export) was tried and "
             "dropped: the result came back with 200+ DRC errors, ran digital traces under "
             "the ADC's analog section and ignored the net classes; the boards are routed by "
             "hand.",
             {"ask": "routing rev D by hand is taking forever. export a dsn and let "
                     "freerouting have a go at the digital side",
              "change": [bash(f"python3 scripts/export_dsn.py {pcb} && java -jar "
                              "~/tools/freerouting-1.9.0.jar -de tansy-main.dsn -do "
                              "tansy-main.ses -mp 20",
                              "Exported tansy-main.dsn\nfreerouting: routing pass 20/20, 3 "
                              "nets unrouted\nSaved tansy-main.ses"),
                         bash(f"python3 scripts/import_ses.py {pcb} tansy-main.ses",
                              "Imported 412 tracks, 96 vias")],
              "broke": bash(f"kicad-cli pcb drc --severity-error {pcb}",
                            "Running DRC...\nFound 212 DRC violations\nFound 14 unconnected "
                            "items\n  clearance (0.09 mm) between Track [SDA] and Pad 3 [AIN+] "
                            "of U1\n  ...", 5),
              "revert": bash(f"git checkout -- {pcb} && rm -f tansy-main.dsn tansy-main.ses",
                             ""),
              "conclusion": "Back to the hand-routed board. freerouting's result came in with "
                            "212 DRC errors and 14 unconnected items, ran digital traces "
                            "through the NAU7802's analog area and ignored our net classes — "
                            "cleaning that up is slower than routing by hand.",
              "want": "could an autorouter do the boring digital nets on the next rev?",
              "offer": "You could export a Specctra DSN and let freerouting route the digital "
                       "nets, then import the session back. Want me to set it up?",
              "story": "Tomasz ran freerouting on rev B. 200-odd drc errors, it put digital "
                       "traces right under the adc's analog section and ignored our net "
                       "classes. took longer to clean up than routing by hand",
              "title": "Drop the freerouting experiment"}),
        Fact("fals-2layer", "falsified", ["2-layer"],
             ["can we make the pcb cheaper by dropping copper layers?",
              "why is the main board four layers when the circuit is so simple?"],
             "Making tansyboard a 2-layer board to save cost was tried (rev A) and dropped: "
             "without a solid ground plane under the NAU7802 the load-cell noise was about 3x "
             "worse; the main board has been 4 layers since rev B.",
             {"ask": "jlc quote for 4 layers is killing us, try collapsing the layout to "
                     "2-layer and see what drc says",
              "change": [bash("python3 scripts/collapse_layers.py --to 2 tansy-main.kicad_pcb",
                              "moved 38 tracks from In1.Cu/In2.Cu to B.Cu\nremoved zone GND "
                              "(In1.Cu)")],
              "broke": bash(f"kicad-cli pcb drc --severity-error {pcb}",
                            "Running DRC...\nFound 64 DRC violations\nFound 38 unconnected "
                            "items\n  zone GND (B.Cu) split under U1: 4 islands", 5),
              "revert": bash(f"git checkout -- {pcb}", ""),
              "conclusion": "Back to 4 layers. Squeezed onto a 2-layer board, 38 nets don't "
                            "route and the ground pour under the NAU7802 breaks into islands — "
                            "exactly what made the rev A 2-layer prototype ~3x noisier.",
              "want": "can we cut the board cost by going to fewer copper layers?",
              "offer": "A 2-layer board would cut the JLC price a lot at this size, and most "
                       "of the routing is simple. Want me to try collapsing it?",
              "story": "rev A was 2-layer. no solid ground under the nau7802 and the load cell "
                       "noise was 3x worse, never got it under spec. 4 layers since rev B, "
                       "dont go back",
              "title": "rev B: back to 4 layers"}),
    ]
    chatter = [
        "Loading board tansy-main.kicad_pcb",
        "Loaded 74 footprints, 212 nets",
        "Building connectivity...",
        "- 'gerbers' (Gerbers) [gerber]",
        "  Plotting F.Cu",
        "  Plotting In1.Cu",
        "  Plotting In2.Cu",
        "  Plotting B.Cu",
        "  Plotting F.Silkscreen",
        "  Plotting Edge.Cuts",
        "row 12: C7 100n 0402 placed (x=31.2, y=18.4, rot=90)",
        "row 13: C8 1u 0402 placed (x=33.0, y=18.4, rot=90)",
        "row 14: R3 4k7 0402 placed (x=40.6, y=22.1, rot=0)",
        "row 15: J1 USB-C placed (x=50.0, y=2.3, rot=0)",
        "checked 74 placements",
        "Saved report to fab/revC/dfm.txt",
    ]
    noise: list[Episode] = [
        look("whats on the power tree again", "docs/power-tree.md",
             "# power\n\nUSB-C 5 V -> TP4056-style charger -> 1S LiPo\nLiPo -> LDO 3.3 V (300 "
             "mA) -> ESP32-C3, ADC, OLED\nLoad cell excitation from AVDD of the ADC\n",
             "USB 5 V charges the LiPo; an LDO makes 3.3 V for the C3, ADC and OLED; the load "
             "cell is excited from the ADC's AVDD."),
        find("which footprints are still 0201", "_0201",
             ["tansy-main.kicad_pcb", "docs/bom.md"],
             "Only in the board file (and mentioned in the BOM notes) — worth moving to 0402 "
             "for assembly yield."),
        tweak("silkscreen on the bottom still says rev B", pcb, "(gr_text \"HEFT rev B\"",
              "(gr_text \"HEFT rev C\"", "Bottom silkscreen now reads rev C."),
        run("run erc on the main sheet", f"kicad-cli sch erc {sch}",
            "Running ERC...\nFound 0 violations", "ERC is clean."),
        talk("thermal reliefs on the usb-c shield pins or solid to ground?",
             "Thermal reliefs: the shield tabs are big and a solid connection to an inner "
             "plane makes them hard to hand-solder or rework. Electrically the relief spokes "
             "are plenty for a shield."),
        steps("what changed between rev B and rev C",
              [bash("git log --oneline revB..revC",
                    "c31f0a2 move OLED connector 2 mm inward\n8e9d4b1 add TVS on USB "
                    "data\n4a2c7e0 bigger battery pads")],
              "OLED connector moved 2 mm in, a TVS on the USB data lines, and bigger battery "
              "pads."),
        run("how many unique parts on the bom", "python3 scripts/bom_count.py "
            "fab/revC/tansy-main-bom.csv", "31 unique parts, 74 placements",
            "31 unique parts across 74 placements."),
        steps("have a look at the decoupling around the c3",
              [agent("Review C3 decoupling", "Check the schematic's decoupling around the "
                     "ESP32-C3 against the hardware design guidelines.",
                     "Matches the guidelines: 10 µF + 100 nF on 3V3, 100 nF on VDD3P3_RTC, 1 "
                     "µF on VDDA close to the pins. Only remark: C9 sits 6 mm from its pin; "
                     "closer would be better.", "a6b0d2e9c471", "Explore", 5)],
              "Decoupling is per the guidelines; only C9 could sit closer to its pin."),
    ]
    return Project(
        "tansyboard", "git@github.com:heft-hw/tansyboard.git",
        {"README.md": "# tansyboard\n\nKiCad sources of the Heft scale's boards.\n",
         "NOTES.md": "# notes\n\n## commands\n"},
        _equip(facts, mates=["Tomasz", "Wen"], notes="NOTES.md", chatter=chatter,
               naive=bash("rm -rf ~/.cache/kicad/8.0 && kicad-cli version", "8.0.4")),
        noise, "slack")


# ------------------------------------------------------------------- burdocklane
def burdocklane() -> Project:
    view = "Sources/Brew/BrewView.swift"
    model = "Sources/Brew/BrewViewModel.swift"
    plist = "Tuist/ProjectDescriptionHelpers/InfoPlist.swift"
    build = bash("xcodebuild build -workspace Tare.xcworkspace -scheme Tare -destination "
                 "'generic/platform=iOS Simulator' -quiet", "** BUILD SUCCEEDED **")
    facts = [
        Fact("conv-link", "convention", ["ScaleLink"],
             ["where should the code that sends a command to the scale live in the ios app — "
              "can a view do it directly?",
              "which type owns the bluetooth connection in the iphone app?"],
             "In burdocklane (the iOS app) all Bluetooth goes through the ScaleLink actor "
             "(Sources/Scale/ScaleLink.swift), which owns the CBCentralManager and the "
             "connected peripheral; views and view models never import CoreBluetooth, they "
             "call ScaleLink's async methods.",
             {"task": "add a tare button to the brew screen that zeroes the scale",
              "rule": "views never touch corebluetooth. everything ble goes through the "
                      "ScaleLink actor — add a method there and call it from the view model",
              "contrary": edit(view, "            Button(\"Start\") { model.start() }\n",
                               "            Button(\"Start\") { model.start() }\n"
                               "            Button(\"Tare\") {\n                "
                               "peripheral.writeValue(Data([0x01]), for: controlChar, type: "
                               ".withResponse)\n            }\n"),
              "follow": [edit("Sources/Scale/ScaleLink.swift", "actor ScaleLink {\n",
                              "actor ScaleLink {\n    func tare() async throws {\n        try "
                              "await send(.tare)\n    }\n\n"),
                         edit(model, "    func start() {\n",
                              "    func tare() {\n        Task { try? await link.tare() }\n    "
                              "}\n\n    func start() {\n"),
                         edit(view, "            Button(\"Start\") { model.start() }\n",
                              "            Button(\"Start\") { model.start() }\n"
                              "            Button(\"Tare\") { model.tare() }\n"),
                         build],
              "done": "Tare goes BrewView → BrewViewModel.tare() → ScaleLink.tare(), which "
                      "sends the command; the view knows nothing about CoreBluetooth. Builds.",
              "doc": ("ARCHITECTURE.md",
                      "# Architecture\n\n## Bluetooth\n\n`ScaleLink` (an actor in "
                      "Sources/Scale) owns the CBCentralManager and the connected peripheral. "
                      "Views and view models never import CoreBluetooth; they call async "
                      "methods on ScaleLink and observe its `weights` stream.\n"),
              "found": "ARCHITECTURE.md: the ScaleLink actor owns CoreBluetooth (the central "
                       "manager and the peripheral); views and view models never import "
                       "CoreBluetooth and only call ScaleLink's async methods."}),
        Fact("conv-project", "convention", ["Project.swift"],
             ["I need a new app extension target in the ios app — do I add it in xcode?",
              "where are the build settings and targets of the iphone app defined?"],
             "burdocklane's Xcode project is generated by Tuist and gitignored: add targets, "
             "build settings and dependencies in Project.swift and run `tuist generate`; never "
             "edit the .xcodeproj by hand.",
             {"task": "add a widgetkit extension target for a last shot widget",
              "rule": "never touch the xcodeproj, its generated by tuist and gitignored. "
                      "targets and settings go in Project.swift, then tuist generate",
              "contrary": edit("Tare.xcodeproj/project.pbxproj",
                               "/* Begin PBXNativeTarget section */\n",
                               "/* Begin PBXNativeTarget section */\n\t\t8A1F2C3B4D5E6F70 /* "
                               "LastShotWidget */ = {\n\t\t\tisa = PBXNativeTarget;\n\t\t\tname "
                               "= LastShotWidget;\n\t\t\tproductType = "
                               "\"com.apple.product-type.app-extension\";\n\t\t};\n"),
              "follow": [edit("Project.swift", "    targets: [\n",
                              "    targets: [\n        .target(\n            name: "
                              "\"LastShotWidget\",\n            destinations: .iOS,\n"
                              "            product: .appExtension,\n            bundleId: "
                              "\"\\(bundleId).widget\",\n            sources: "
                              "[\"Widget/Sources/**\"]\n        ),\n"),
                         bash("tuist generate --no-open",
                              "Generating workspace Tare.xcworkspace\nGenerating project "
                              "Tare\nProject generated.\nTotal time taken: 1.84s")],
              "done": "LastShotWidget is declared in Project.swift as an app extension and "
                      "tuist generate picks it up; the xcodeproj stays generated.",
              "doc": ("README.md",
                      "# Tare for iOS\n\nThe Xcode project is generated by Tuist and not "
                      "committed (Tare.xcodeproj is in .gitignore). Targets, build settings "
                      "and dependencies live in Project.swift; run `tuist generate` after "
                      "changing it. Never edit the .xcodeproj by hand.\n"),
              "found": "The README says the Xcode project is generated by Tuist and "
                       "gitignored: targets and settings belong in Project.swift, followed by "
                       "tuist generate; hand edits to the .xcodeproj get thrown away."}),
        Fact("cmd-install", "command", ["tuist install"],
             ["what do I run on a fresh clone of the ios repo before generating the xcode "
              "workspace?",
              "the project generator complains that dependencies are missing — how do I "
              "fetch them?"],
             "After cloning burdocklane (or changing Tuist/Package.swift), run `tuist install` "
             "to fetch the SwiftPM dependencies before `tuist generate`; generate on its own "
             "fails with 'could not find external dependencies'.",
             {"goal": "fresh clone on the mac mini, get it building",
              "fail": bash("tuist generate",
                           "✖ Error\n  We could not find external dependencies. Run `tuist "
                           "install` before you continue.", 1),
              "note": "The SwiftPM dependencies declared in Tuist/Package.swift have to be "
                      "fetched before the project can be generated.",
              "ok": bash("tuist install && tuist generate --no-open",
                         "Resolving and fetching dependencies.\nFetching GRDB.swift 6.27.0\n"
                         "Fetching swift-snapshot-testing 1.17.4\nPackages resolved and "
                         "fetched successfully.\nGenerating workspace Tare.xcworkspace\n"
                         "Project generated."),
              "done": "Dependencies fetched and Tare.xcworkspace generated; it builds from "
                      "there.",
              "hint": "deps first: `tuist install` then `tuist generate`",
              "script": ("scripts/bootstrap.sh",
                         "#!/bin/sh\nset -e\nmise install\ntuist install\ntuist generate "
                         "--no-open\n")}),
        Fact("cmd-snap", "command", ["SNAPSHOT_TESTING_RECORD"],
             ["a screen changed on purpose — how do I regenerate the reference images for "
              "the ui tests?",
              "how do I switch the image comparison tests into record mode from the command "
              "line?"],
             "To re-record burdocklane's snapshot references, set swift-snapshot-testing's "
             "record mode through the environment with the TEST_RUNNER_ prefix: "
             "`TEST_RUNNER_SNAPSHOT_TESTING_RECORD=failed xcodebuild test -workspace "
             "Tare.xcworkspace -scheme Tare -destination 'platform=iOS Simulator,name=iPhone "
             "15' -only-testing:TareSnapshotTests`; xcodebuild has no -record flag.",
             {"goal": "brew screen layout changed on purpose, re-record the snapshot "
                      "references",
              "fail": bash("xcodebuild test -workspace Tare.xcworkspace -scheme Tare "
                           "-destination 'platform=iOS Simulator,name=iPhone 15' -record",
                           "xcodebuild: error: invalid option '-record'", 64),
              "note": "xcodebuild has no record flag. swift-snapshot-testing reads its record "
                      "mode from an environment variable, and xcodebuild only forwards "
                      "variables prefixed TEST_RUNNER_ to the test process.",
              "ok": bash("TEST_RUNNER_SNAPSHOT_TESTING_RECORD=failed xcodebuild test "
                         "-workspace Tare.xcworkspace -scheme Tare -destination "
                         "'platform=iOS Simulator,name=iPhone 15' "
                         "-only-testing:TareSnapshotTests",
                         "Test Suite 'BrewViewSnapshotTests' started\nRecorded snapshot: "
                         "testBrewing.1.png\nRecorded snapshot: testIdle.1.png\nRecorded "
                         "snapshot: testDone.1.png\n** TEST SUCCEEDED **"),
              "done": "Re-recorded the three brew screen references under "
                      "Tests/TareSnapshotTests/__Snapshots__; check the PNG diff before "
                      "committing.",
              "hint": "theres no flag, its an env var: "
                      "`TEST_RUNNER_SNAPSHOT_TESTING_RECORD=failed xcodebuild test ...`, with "
                      "the TEST_RUNNER_ prefix so it reaches the test process",
              "script": ("scripts/record-snapshots.sh",
                         "#!/bin/sh\n# re-record failing snapshot references\n"
                         "TEST_RUNNER_SNAPSHOT_TESTING_RECORD=failed xcodebuild test "
                         "-workspace Tare.xcworkspace -scheme Tare \\\n  -destination "
                         "'platform=iOS Simulator,name=iPhone 15' "
                         "-only-testing:TareSnapshotTests\n")}),
        Fact("env-bundle", "environment", ["cc.heft.tare"],
             ["what's the ios app's bundle identifier?",
              "which bundle id do I register the push notification key against for the "
              "iphone app?"],
             "burdocklane's iOS bundle identifier is cc.heft.tare "
             "(Tuist/ProjectDescriptionHelpers/Config.swift, team 7QK4M2XH9L); extensions use "
             "cc.heft.tare.<name>.",
             {"goal": "whats the bundle id of the app again, filling in the app store connect "
                      "api thing",
              "probe": [bash("grep -rn 'bundleId\\|teamId' Tuist/ProjectDescriptionHelpers/",
                             "Tuist/ProjectDescriptionHelpers/Config.swift:4:public let bundleId "
                             "= \"cc.heft.tare\"\nTuist/ProjectDescriptionHelpers/Config.swift:5:"
                             "public let teamId = \"7QK4M2XH9L\"")],
              "confirm": "The bundle identifier is cc.heft.tare (in "
                         "Tuist/ProjectDescriptionHelpers/Config.swift), team 7QK4M2XH9L; "
                         "extensions append to it, e.g. cc.heft.tare.widget.",
              "aside": "bundle id is cc.heft.tare isnt it — need it for the push key, confirm "
                       "from the tuist helpers pls",
              "guess": "the bundle id is com.heft.scale",
              "asked": "what's the app's bundle id? setting up the App Store Connect API "
                       "key"}),
        Fact("env-testflight", "environment", ["Barista Beta"],
             ["which testflight group are the partner shops in for external betas?",
              "where do I add a new cafe that wants to try pre-release builds of the app?"],
             "burdocklane's external testers (the partner cafés) are in the TestFlight group "
             "'Barista Beta'; builds from the Xcode Cloud 'Beta' workflow are added to that "
             "group after beta review (docs/release.md).",
             {"goal": "which testflight group do the external cafe testers get builds from? "
                      "need to add two new shops",
              "probe": [read("docs/release.md",
                             "# Releasing\n\n1. Merge to release/x.y — the Xcode Cloud "
                             "workflow \"Beta\" archives and uploads.\n2. Internal testers "
                             "(the team) get it automatically.\n3. External testers (partner "
                             "cafés) are in the TestFlight group **Barista Beta**; add the "
                             "build to that group in App Store Connect after beta review.\n")],
              "confirm": "External testers — the partner cafés — are in the TestFlight group "
                         "'Barista Beta' (docs/release.md). New shops get invited there, and "
                         "each build has to be added to that group once beta review passes.",
              "aside": "adding 2 new shops to Barista Beta on testflight, thats still the "
                       "external group right? check the release doc",
              "guess": "the cafes are in the internal testers group with us",
              "asked": "which TestFlight group are the partner shops in? a new cafe wants "
                       "in"}),
        Fact("gotcha-bg", "gotcha", ["bluetooth-central"],
             ["why does the scale disconnect when the phone's screen locks during a shot?",
              "what does the app need so the bluetooth link survives while it's in the "
              "background?"],
             "burdocklane must declare bluetooth-central in UIBackgroundModes "
             "(Tuist/ProjectDescriptionHelpers/InfoPlist.swift); without it iOS suspends the "
             "app when the phone locks and the scale's BLE connection drops mid-shot.",
             {"symptom": "connection drops as soon as the phone locks mid shot, weight graph "
                         "just stops",
              "trace": "[BLE] didDisconnectPeripheral error: Error Domain=CBErrorDomain Code=7 "
                       "\"The specified device has disconnected from us.\"\n[App] scenePhase "
                       "-> background",
              "probe": [bash(f"grep -n 'UIBackgroundModes' {plist} || echo 'no background "
                             "modes declared'", "no background modes declared")],
              "explain": "The app declares no Bluetooth background mode. Without "
                         "bluetooth-central in UIBackgroundModes, iOS suspends the app soon "
                         "after the screen locks and CoreBluetooth drops the connection. With "
                         "the mode declared, the central keeps running while locked.",
              "fix": [edit(plist, "    \"UILaunchScreen\": [:],\n",
                           "    \"UILaunchScreen\": [:],\n    \"UIBackgroundModes\": "
                           "[\"bluetooth-central\"],\n")],
              "done": "With bluetooth-central in UIBackgroundModes the weight stream keeps "
                      "coming with the phone locked (tested a 40 s shot on the 13 mini).",
              "told": "we dont declare the bluetooth-central background mode so ios suspends "
                      "the app on lock",
              "repro": "idevicesyslog -m Tare"}),
        Fact("gotcha-perm", "gotcha", ["NSBluetoothAlwaysUsageDescription"],
             ["the app crashes the moment it starts looking for the scale on a fresh install "
              "— what's missing?",
              "which privacy string does the plist need before the app can use bluetooth?"],
             "burdocklane's Info.plist (generated from "
             "Tuist/ProjectDescriptionHelpers/InfoPlist.swift) must contain "
             "NSBluetoothAlwaysUsageDescription; without it iOS (TCC) kills the app the first "
             "time it starts scanning for the scale.",
             {"symptom": "fresh install crashes the instant you tap 'find my scale'",
              "trace": "Termination Reason: Namespace TCC, Code 0\nThis app has crashed "
                       "because it attempted to access privacy-sensitive data without a usage "
                       "description. The app's Info.plist must contain an "
                       "NSBluetoothAlwaysUsageDescription key with a string value explaining "
                       "to the user how the app uses this data.",
              "probe": [bash(f"grep -n 'Usage' {plist}",
                             "12:    \"NSCameraUsageDescription\": \"Scan the QR code on the "
                             "base of your scale.\",")],
              "explain": "iOS kills the app (TCC) the first time it creates a CBCentralManager "
                         "if the Info.plist has no NSBluetoothAlwaysUsageDescription. Only the "
                         "camera string made it into the Tuist helper when the Info.plist "
                         "moved there; the Bluetooth one was lost.",
              "fix": [edit(plist, "    \"NSCameraUsageDescription\":",
                           "    \"NSBluetoothAlwaysUsageDescription\": \"Tare connects to your "
                           "scale over Bluetooth to show the weight live.\",\n    "
                           "\"NSCameraUsageDescription\":")],
              "done": "The usage string is back; a fresh install now shows the Bluetooth "
                      "permission prompt instead of crashing.",
              "told": "its the bluetooth usage string missing from the plist, "
                      "NSBluetoothAlwaysUsageDescription, TCC kills it",
              "repro": "idevicesyslog -m Tare"}),
        Fact("fals-swiftdata", "falsified", ["SwiftData"],
             ["could the brew history use apple's newer persistence framework instead of "
              "hand-written sql?",
              "why is shot history still on a sqlite wrapper rather than apple's modern data "
              "layer?"],
             "Moving burdocklane's shot history from GRDB to SwiftData was tried and reverted: "
             "SwiftData requires iOS 17 while the app still supports iOS 16 (about a fifth of "
             "the cafés' phones); history stays on GRDB.",
             {"ask": "move shot history off GRDB onto SwiftData, way less boilerplate",
              "change": [edit("Sources/History/ShotStore.swift", "import GRDB\n",
                              "import SwiftData\n\n@Model\nfinal class Shot {\n    var "
                              "startedAt: Date\n    var yieldMilligrams: Int\n    init(startedAt: "
                              "Date, yieldMilligrams: Int) {\n        self.startedAt = "
                              "startedAt\n        self.yieldMilligrams = yieldMilligrams\n    "
                              "}\n}\n")],
              "broke": bash("xcodebuild build -workspace Tare.xcworkspace -scheme Tare "
                            "-destination 'generic/platform=iOS' -quiet",
                            "Sources/History/ShotStore.swift:3:2: error: 'Model()' is only "
                            "available in iOS 17.0 or newer\n** BUILD FAILED **", 65),
              "revert": bash("git checkout -- Sources/History/", ""),
              "conclusion": "Reverted to GRDB. SwiftData needs iOS 17 and the app still "
                            "supports iOS 16; wrapping every use in availability checks would "
                            "mean keeping GRDB alongside it anyway.",
              "want": "could shot history move to apple's newer persistence framework?",
              "offer": "SwiftData would replace the GRDB records and migrations with @Model "
                       "classes and a ModelContainer. Want me to port ShotStore?",
              "story": "Dani ported history to SwiftData in the spring. it needs ios 17 and "
                       "~20% of the cafe phones are still on 16, plus migrating the old grdb "
                       "file was a mess. stayed on GRDB",
              "title": "Revert SwiftData shot history"}),
        Fact("fals-wwr", "falsified", [".withoutResponse"],
             ["could tare from the phone feel faster if we stopped waiting for the scale to "
              "acknowledge?",
              "why do the app's control writes to the scale wait for an ack?"],
             "Sending burdocklane's control commands (tare and friends) as .withoutResponse "
             "writes was tried (shipped in 1.2) and reverted: about 1 in 5 tare commands were "
             "dropped; control writes stay .withResponse (acknowledged).",
             {"ask": "tare feels slow from the app. switch the control writes to "
                     ".withoutResponse, we dont need the ack",
              "change": [edit("Sources/Scale/ControlChannel.swift",
                              "        peripheral.writeValue(data, for: control, type: "
                              ".withResponse)\n",
                              "        peripheral.writeValue(data, for: control, type: "
                              ".withoutResponse)\n")],
              "broke": bash("xcodebuild test -workspace Tare.xcworkspace -scheme "
                            "TareHardwareTests -destination 'platform=iOS,name=QA iPhone' "
                            "-only-testing:TareHardwareTests/ControlSoakTests",
                            "ControlSoakTests.testTareBurst(): XCTAssertEqual failed: "
                            "(\"163\") is not equal to (\"200\") - tare commands applied\n** "
                            "TEST FAILED **", 65),
              "revert": bash("git checkout -- Sources/Scale/ControlChannel.swift", ""),
              "conclusion": "Reverted to .withResponse. With .withoutResponse the scale applied "
                            "only 163 of 200 tares in the burst: unacknowledged writes get "
                            "dropped when the scale is busy, and a missed tare is worse than a "
                            "30 ms round trip.",
              "want": "could tare feel snappier if the app didn't wait for the scale to "
                      "answer?",
              "offer": "Control writes could go out as .withoutResponse — CoreBluetooth "
                       "wouldn't wait for the ATT acknowledgement, saving a round trip per "
                       "tare. Switch them?",
              "story": "we shipped .withoutResponse in 1.2 and cafes reported tare just not "
                       "happening, like 1 in 5 taps mid shot. went back to acknowledged writes "
                       "in 1.2.1",
              "title": "Control writes back to withResponse"}),
    ]
    chatter = [
        "Tare[412] <Notice>: [App] launch, build 1.3.0 (212)",
        "Tare[412] <Notice>: [BLE] central state poweredOn",
        "Tare[412] <Notice>: [BLE] scanning",
        "Tare[412] <Notice>: [BLE] discovered Heft-3F2A rssi -52",
        "Tare[412] <Notice>: [BLE] connected Heft-3F2A",
        "Tare[412] <Notice>: [BLE] services discovered (2)",
        "Tare[412] <Notice>: [Brew] weight 0.0",
        "Tare[412] <Notice>: [Brew] shot started",
        "Tare[412] <Notice>: [Brew] weight 12.4",
        "Tare[412] <Notice>: [Brew] weight 27.9",
        "backboardd[68] <Notice>: brightness 0.42",
        "Tare[412] <Notice>: [History] saved shot #318",
        "SpringBoard[34] <Notice>: Tare scene update",
        "Tare[412] <Notice>: [App] scenePhase -> active",
        "locationd[81] <Notice>: client Tare not authorized",
        "Tare[412] <Notice>: [Brew] weight 36.1",
    ]
    noise: list[Episode] = [
        look("what does the brew view model hold these days", model,
             "@MainActor\nfinal class BrewViewModel: ObservableObject {\n    @Published var "
             "grams: Double = 0\n    @Published var elapsed: Duration = .zero\n    @Published "
             "var isRunning = false\n    let link: LinkProtocol\n}\n",
             "Weight in grams, the elapsed time, whether a shot is running, and the link it "
             "talks to through a protocol (so previews can fake it)."),
        find("where do we format grams for display", "formatGrams",
             ["Sources/Common/Formatting.swift", "Sources/Brew/BrewView.swift",
              "Sources/History/ShotRow.swift"],
             "Defined in Formatting.swift, used by the brew view and the history row."),
        tweak("typo on onboarding: 'calibarate'", "Sources/Onboarding/OnboardingView.swift",
              "Text(\"Calibarate your scale\")", "Text(\"Calibrate your scale\")",
              "Fixed the typo."),
        run("how many unit tests have we got", "xcodebuild test -workspace Tare.xcworkspace "
            "-scheme Tare -destination 'platform=iOS Simulator,name=iPhone 15' "
            "-only-testing:TareTests -quiet | tail -2",
            "Executed 142 tests, with 0 failures (0 unexpected) in 3.912 seconds\n** TEST "
            "SUCCEEDED **", "142 unit tests, all passing."),
        talk("should the shot timer start on the first drip or when they press start?",
             "Offer both: start on first weight increase by default (it's what baristas "
             "time), with a manual start for people who time from the pump."),
        steps("what landed since 1.3.0",
              [bash("git log --oneline v1.3.0..HEAD",
                    "f2a91c0 history: swipe to delete\n0d7e3b2 brew: ratio readout\n"
                    "6c5a1f8 onboarding copy fixes")],
              "Swipe-to-delete in history, a ratio readout on the brew screen, and onboarding "
              "copy fixes."),
        [Step(prompt="todo list for 1.4 pls"),
         Step(tools=[todo_write([("Ratio presets", "pending", "Adding ratio presets"),
                                 ("Export history as CSV", "pending", "Adding CSV export"),
                                 ("Dynamic Type audit", "pending", "Auditing Dynamic Type")])]),
         Step(text="Three items: ratio presets, CSV export of history, a Dynamic Type audit."),
         Step(prompt="csv first, someone asked for it twice"),
         Step(text="Starting with the CSV export.")],
        steps("find force unwraps we should get rid of",
              [agent("Find force unwraps", "List force unwraps (!) in Sources/ that could "
                     "crash at runtime.",
                     "Four worth fixing: Formatting.swift:22 (NumberFormatter result), "
                     "ShotRow.swift:41 (URL(string:)!), History/Export.swift:17 and :29 "
                     "(FileManager URLs). The rest are IBOutlet-style or test-only.",
                     "a1e7c4f02b96", "Explore", 6)],
              "Four real ones: the number formatter, a URL literal in ShotRow, and two "
              "FileManager URLs in Export."),
    ]
    return Project(
        "burdocklane", "git@github.com:heft-hw/burdocklane.git",
        {"README.md": "# burdocklane\n\nThe Heft companion app for iOS.\n",
         ".gitignore": "*.xcodeproj\n*.xcworkspace\nDerived/\n",
         "NOTES.md": "# notes\n\n## commands\n"},
        _equip(facts, mates=["Dani", "Aoife"], notes="NOTES.md", chatter=chatter,
               naive=bash("tuist clean && rm -rf ~/Library/Developer/Xcode/DerivedData/Tare-* "
                          "&& tuist generate --no-open",
                          "Successfully cleaned artifacts\nGenerating workspace "
                          "Tare.xcworkspace\nProject generated.")),
        noise, "aws")


# ------------------------------------------------------------------- pennywort
def pennywort() -> Project:
    app = "app.go"
    cal_view = "frontend/src/steps/Calibrate.svelte"
    gobuild = bash("go build ./... && go vet ./...", "")
    facts = [
        Fact("conv-events", "convention", ["EventsEmit"],
             ["the flashing step takes about 40 seconds — how should the go side tell the ui "
              "how far along it is?",
              "is it ok for a bound go method to block until a long job finishes in the "
              "station app?"],
             "In pennywort (the Wails factory station) bound Go methods on App must return "
             "immediately: slow work (flashing, calibration, printing) runs in a goroutine and "
             "reports progress with runtime.EventsEmit (\"<step>:progress\" / "
             "\"<step>:done\"), which the Svelte UI receives with EventsOn; no blocking calls "
             "and no polling methods.",
             {"task": "the flash step freezes the ui for like 40s. show progress while it runs",
              "rule": "bound methods on App never block — start the work in a goroutine, "
                      "return straight away, and report progress with runtime.EventsEmit. "
                      "svelte side listens with EventsOn. no polling",
              "contrary": edit(app, "func (a *App) Flash(port string) error {\n",
                               "func (a *App) FlashProgress() int {\n\treturn "
                               "a.progress.Load()\n}\n\nfunc (a *App) Flash(port string) error "
                               "{\n"),
              "follow": [edit(app, "func (a *App) Flash(port string) error {\n",
                              "func (a *App) StartFlash(port string) {\n\tgo func() {\n\t\terr "
                              ":= flash.Run(a.ctx, port, func(pct int) {\n\t\t\t"
                              "runtime.EventsEmit(a.ctx, \"flash:progress\", pct)\n\t\t})\n\t\t"
                              "runtime.EventsEmit(a.ctx, \"flash:done\", errText(err))\n\t}()\n"
                              "}\n\nfunc (a *App) flashBlocking(port string) error {\n"),
                         edit("frontend/src/steps/Flash.svelte", "<script>\n",
                              "<script>\n  import { EventsOn } from "
                              "'../../wailsjs/runtime/runtime'\n  let pct = 0\n  "
                              "EventsOn('flash:progress', (p) => (pct = p))\n"),
                         gobuild],
              "done": "StartFlash returns at once; the goroutine emits flash:progress "
                      "(0–100) and flash:done through runtime.EventsEmit, and Flash.svelte "
                      "draws the bar from EventsOn.",
              "doc": ("docs/station-architecture.md",
                      "# Station architecture\n\n## Go ↔ UI\n\nBound methods on `App` must "
                      "return quickly. Anything slow (flashing, calibration, printing) runs in "
                      "a goroutine and reports with `runtime.EventsEmit(ctx, "
                      "\"<step>:progress\", ...)` and `\"<step>:done\"`; Svelte subscribes "
                      "with `EventsOn`. No polling methods.\n"),
              "found": "docs/station-architecture.md: bound App methods return quickly; slow "
                       "steps run in a goroutine and report with runtime.EventsEmit "
                       "(<step>:progress / <step>:done), which Svelte picks up with EventsOn "
                       "— no polling methods."}),
        Fact("conv-i18n", "convention", ["zh-CN"],
             ["the station needs a new error message for the operators — which languages, "
              "and where do the strings go?",
              "can I type english text straight into a svelte component of the factory app?"],
             "pennywort's station UI is bilingual: every visible string is a key in "
             "frontend/src/lib/i18n/zh-CN.json and en.json, rendered with $t('key'); zh-CN "
             "(Chinese, for the line operators) is the default locale, and .svelte files carry "
             "no literal text.",
             {"task": "add an error screen for when the reference weight reading is out of "
                      "tolerance",
              "rule": "every string on the station exists in zh-CN and en under "
                      "frontend/src/lib/i18n — the operators read chinese, english is just "
                      "for us. no literal text in svelte files",
              "contrary": edit(cal_view, "{#if outOfTol}\n",
                               "{#if outOfTol}\n  <p class=\"err\">Reference weight out of "
                               "tolerance. Re-seat the weight and retry.</p>\n"),
              "follow": [edit("frontend/src/lib/i18n/en.json", "  \"cal.title\":",
                              "  \"cal.outOfTol\": \"Reference weight out of tolerance. Re-seat "
                              "the weight and retry.\",\n  \"cal.title\":"),
                         edit("frontend/src/lib/i18n/zh-CN.json", "  \"cal.title\":",
                              "  \"cal.outOfTol\": \"砝码读数超出公差，请重新放置砝码后重试。\","
                              "\n  \"cal.title\":"),
                         edit(cal_view, "{#if outOfTol}\n",
                              "{#if outOfTol}\n  <p class=\"err\">{$t('cal.outOfTol')}</p>\n")],
              "done": "cal.outOfTol exists in zh-CN.json and en.json and Calibrate.svelte "
                      "renders it with $t; Chinese shows by default on the line.",
              "doc": ("frontend/README.md",
                      "# station UI\n\nOperators on the line read Chinese. Every visible "
                      "string exists in `src/lib/i18n/zh-CN.json` and `src/lib/i18n/en.json` "
                      "and is rendered with `$t('key')`; zh-CN is the default locale. No "
                      "literal text in .svelte files.\n"),
              "found": "frontend/README.md: every visible string lives in both "
                       "src/lib/i18n/zh-CN.json and en.json and is rendered with $t('key'); "
                       "zh-CN is the default because the operators read Chinese."}),
        Fact("cmd-build", "command", ["windows/amd64"],
             ["how do I build the station installer for the factory laptops from my macbook?",
              "what's the wails build command for the line's pcs?"],
             "pennywort's installer for the line laptops is built on a Mac with `wails build "
             "-platform windows/amd64 -nsis`; without -platform, wails targets darwin and the "
             "NSIS installer step fails.",
             {"goal": "build the station installer for the line laptops, from my mac",
              "fail": bash("wails build -nsis",
                           "Wails CLI v2.9.1\n\n# Build Options\n\nPlatform(s)      | "
                           "darwin/arm64\nCompiler         | go1.22.5\n\nERROR: NSIS installer "
                           "can only be built for windows targets", 1),
              "note": "On the Mac wails targets darwin by default; the NSIS installer only "
                      "exists for a Windows target, so the platform has to be named.",
              "ok": bash("wails build -platform windows/amd64 -nsis",
                         "Wails CLI v2.9.1\n\n# Build Options\n\nPlatform(s)      | "
                         "windows/amd64\n\n  • Generating bindings: Done.\n  • Compiling "
                         "frontend: Done.\n  • Compiling application: Done.\n  • Building "
                         "Installer: Done.\nBuilt 'build/bin/HeftStation-amd64-installer.exe' "
                         "in 48.2s."),
              "done": "build/bin/HeftStation-amd64-installer.exe is the installer for the "
                      "line laptops.",
              "hint": "on a mac you have to name the platform: `wails build -platform "
                      "windows/amd64 -nsis`",
              "script": ("scripts/release.sh",
                         "#!/bin/sh\nset -eu\nwails build -clean -platform windows/amd64 "
                         "-nsis\nshasum -a 256 build/bin/*installer.exe\n")}),
        Fact("cmd-mock", "command", ["mockserial"],
             ["how can I run the station ui on my laptop with no scale connected?",
              "is there a fake-device mode for working on the factory app's screens?"],
             "To run pennywort (the station app) without a board attached, start it with the "
             "fake serial port build tag: `wails dev -tags mockserial` (a fake unit "
             "HF-0000-TEST); plain `wails dev` panics opening the serial port.",
             {"goal": "run the station app locally so i can work on the label screen, no "
                      "board here",
              "fail": bash("wails dev",
                           "Wails CLI v2.9.1\nExecuting: go mod tidy\n  • Generating "
                           "bindings: Done.\npanic: serial: open /dev/cu.usbmodem1101: no such "
                           "file or directory\n\ngoroutine 1 [running]:\n"
                           "main.(*App).startup(...)\n\t/home/dev/app.go:41", 1),
              "note": "The station opens the serial port in startup. There's a build tag that "
                      "swaps in a fake scale for UI work.",
              "ok": bash("wails dev -tags mockserial",
                         "Wails CLI v2.9.1\nExecuting: go mod tidy\n  • Generating bindings: "
                         "Done.\nmockserial: fake unit HF-0000-TEST attached\nUsing DevServer "
                         "URL: http://localhost:34115"),
              "done": "It's up at localhost:34115 with a fake unit (HF-0000-TEST), so the label "
                      "screen can be worked on without hardware.",
              "hint": "theres a build tag for a fake board: `wails dev -tags mockserial`",
              "script": ("internal/serialport/mock.go",
                         "//go:build mockserial\n\npackage serialport\n\n// Fake scale for UI "
                         "work without hardware:\n//\n//\twails dev -tags mockserial\nfunc "
                         "Open(string) (Port, error) { return newFake(\"HF-0000-TEST\"), nil "
                         "}\n")}),
        Fact("env-printer", "environment", ["192.168.50.21"],
             ["what's the ip address of the label printer on the production line?",
              "where does the station send its zpl to print the serial labels?"],
             "pennywort's label printer on the factory line is a Zebra ZD421 at "
             "192.168.50.21, raw ZPL over TCP port 9100 (internal/label/zebra.go).",
             {"goal": "where's the label printer on the line network? labels arent coming out "
                      "and i want to ping it",
              "probe": [bash("grep -rn '9100' internal/label/",
                             "internal/label/zebra.go:14:const defaultPrinter = "
                             "\"192.168.50.21:9100\" // ZD421 on line 2, raw ZPL")],
              "confirm": "The Zebra ZD421 is at 192.168.50.21, raw ZPL on TCP 9100 "
                         "(internal/label/zebra.go). `nc -vz 192.168.50.21 9100` from a "
                         "station tells you whether it's reachable.",
              "aside": "labels not printing again. printer is 192.168.50.21 on the line lan "
                       "right? check what the code actually sends to",
              "guess": "the zebra is plugged into the station laptop over usb",
              "asked": "what IP does the label printer need to keep? they're replacing the "
                       "router on line 2"}),
        Fact("env-config", "environment", ["station.toml"],
             ["where are the per-laptop settings like the line number stored on the factory "
              "station?",
              "which config file do I edit on a line pc to change its station id?"],
             "pennywort keeps each factory laptop's settings (line_id, station number, printer "
             "override) in C:\\HeftStation\\station.toml (internal/config/config.go); edit it "
             "and restart the app.",
             {"goal": "where does the station keep its per-laptop settings? need to change the "
                      "line id on the spare laptop",
              "probe": [bash("grep -n -A2 'func ConfigPath' internal/config/config.go",
                             "18:func ConfigPath() string {\n19:\treturn "
                             "filepath.Join(`C:\\HeftStation`, \"station.toml\")\n20:}")],
              "confirm": "Each laptop's settings are in C:\\HeftStation\\station.toml "
                         "(internal/config/config.go): line_id, station number and the "
                         "printer override. Change line_id there and restart the app.",
              "aside": "spare laptop needs line_id = 3, thats in "
                       "C:\\HeftStation\\station.toml yeah? check config.go reads it from "
                       "there",
              "guess": "the settings are in the registry under HKCU\\Software\\Heft",
              "asked": "where is the per-station settings file? the spare laptop shows the "
                       "wrong line number"}),
        Fact("gotcha-vidpid", "gotcha", ["303A:1001"],
             ["after flashing, the calibration step can't find the board until it's "
              "replugged — why?",
              "how should the station locate the unit's serial port again after it resets?"],
             "On pennywort's Windows stations the ESP32-C3's USB-Serial-JTAG re-enumerates "
             "after flashing and can get a new COM number, so the station must find the unit "
             "again by USB VID:PID 303A:1001 after every reset instead of reusing the old COM "
             "port.",
             {"symptom": "after flashing, the calibration step says no device. unplug/replug "
                         "fixes it",
              "trace": "flash: done (Hash of data verified.)\ncal: open COM7: The system "
                       "cannot find the file specified.",
              "probe": [bash("powershell -c \"Get-PnpDevice -PresentOnly | ? InstanceId -like "
                             "'USB\\VID_303A*' | select FriendlyName\"",
                             "FriendlyName\n------------\nUSB JTAG/serial debug unit (COM9)")],
              "explain": "The C3's USB-Serial-JTAG drops off the bus when the chip resets "
                         "after flashing, and Windows may give it a new COM number when it "
                         "comes back (COM7 → COM9 here). The station keeps using the old name. "
                         "It has to look the unit up again by USB VID:PID 303A:1001 "
                         "(Espressif's USB-JTAG) after every reset.",
              "fix": [edit("internal/flow/flow.go", "\tport := st.Port\n",
                           "\tport, err := serialport.FindByVIDPID(\"303A:1001\", 5*time.Second)"
                           "\n\tif err != nil {\n\t\treturn err\n\t}\n")],
              "done": "After flashing, the flow waits up to 5 s for the unit to reappear and "
                      "picks up its new COM port; calibration starts without a replug.",
              "told": "windows hands the board a new COM number after the reset, we have to "
                      "look it up again by 303A:1001",
              "repro": "go test ./internal/flow -run TestFlashThenCal -v -hw"}),
        Fact("gotcha-webview", "gotcha", ["WebView2"],
             ["the station app won't open at all on brand-new laptops at the factory — "
              "what's missing?",
              "what runtime does the factory app need on windows besides the exe itself?"],
             "pennywort is a Wails app and needs Microsoft's WebView2 runtime; the factory's "
             "Windows 10 LTSC laptops don't ship it, so the bare .exe does nothing on start — "
             "install through the NSIS installer (which bootstraps WebView2) or install the "
             "runtime first.",
             {"symptom": "station app wont start on the 3 new laptops at the factory. double "
                         "click, nothing. old ones fine",
              "trace": "Faulting application name: HeftStation.exe\nException code: "
                       "0x80070002\nwails: unable to find the WebView2 runtime",
              "probe": [bash("reg query \"HKLM\\SOFTWARE\\WOW6432Node\\Microsoft\\EdgeUpdate\\"
                             "Clients\\{F3017226-FE2A-4295-8BDF-00C3A9A7E4C5}\" /v pv",
                             "ERROR: The system was unable to find the specified registry key "
                             "or value.", 1)],
              "explain": "Wails renders through Microsoft's WebView2 runtime. The new laptops "
                         "run Windows 10 LTSC, which doesn't include it, and the app was "
                         "copied over as a bare .exe, so nothing installed the runtime. The "
                         "NSIS installer bundles the WebView2 bootstrapper; ship that "
                         "instead.",
              "fix": [edit("scripts/pack-usb.ps1", "Copy-Item build\\bin\\HeftStation.exe $usb\n",
                           "Copy-Item build\\bin\\HeftStation-amd64-installer.exe $usb\n")],
              "done": "The USB pack now carries the installer; on a fresh LTSC laptop it "
                      "installs the runtime and the app opens.",
              "told": "the new laptops are LTSC without WebView2 and they just copied the exe "
                      "over",
              "repro": "ssh line2-spare \"C:\\HeftStation\\HeftStation.exe --loglevel debug\""}),
        Fact("fals-baud", "falsified", ["460800"],
             ["could we flash units faster by bumping the serial speed?",
              "why is the flashing baud rate left where it is on the station?"],
             "Raising pennywort's esptool flashing baud from 460800 to 2000000 was tried and "
             "reverted: over the C3's native USB-Serial-JTAG it made no difference (about 40 s "
             "either way) and line 3's older jig with a CH340 adapter timed out; it stays at "
             "460800.",
             {"ask": "flashing takes 40s a unit, crank esptool up to 2000000 baud",
              "change": [edit("internal/flash/flash.go", "\t\t\"--baud\", \"460800\",\n",
                              "\t\t\"--baud\", \"2000000\",\n")],
              "broke": bash("go test ./internal/flash -run TestFlashTiming -v -hw",
                            "flash @ 2000000: 39.8s (was 40.1s)\n--- line 3 jig (CH340) ---\n"
                            "A fatal error occurred: Failed to write to target RAM (result was "
                            "01070000: Operation timed out)\nFAIL", 1),
              "revert": bash("git checkout -- internal/flash/flash.go", ""),
              "conclusion": "Reverted to 460800. The C3 flashes over its native USB-Serial-JTAG, "
                            "where the baud setting does nothing (39.8 s vs 40.1 s), and line "
                            "3's older jig with a CH340 adapter timed out at 2 Mbaud. The time "
                            "goes into erase and write, not the link.",
              "want": "could each unit flash quicker with a higher serial speed?",
              "offer": "flash.go passes esptool --baud 460800; 2000000 often halves the flash "
                       "time. Bump it?",
              "story": "Wen's team tried 2 Mbaud in march. on native usb it made zero "
                       "difference and the line 3 jig with the ch340 just timed out. we stayed "
                       "on 460800",
              "title": "Revert esptool baud bump"}),
        Fact("fals-pyqt", "falsified", ["PyInstaller"],
             ["would a python gui have been quicker to build for the factory station?",
              "why isn't the station app written in python?"],
             "A Python (PyQt/PySide) version of the station packaged with PyInstaller came "
             "before pennywort's Wails app and was dropped: Windows Defender on the factory "
             "laptops quarantined the PyInstaller exe as a trojan and the factory's IT "
             "wouldn't whitelist it.",
             {"ask": "what if we do the station in python instead, i iterate faster there. "
                     "package it with pyinstaller and ill send it to the spare laptop",
              "change": [bash("pip install pyinstaller pyside6 pyserial && pyinstaller "
                              "--onefile --windowed station_py/main.py",
                              "INFO: PyInstaller: 6.6.0\n...\nINFO: Building EXE from "
                              "EXE-00.toc completed successfully.")],
              "broke": bash("scp dist/main.exe line2-spare: && ssh line2-spare main.exe "
                            "--version",
                            "main.exe                   100%   38MB\n'main.exe' is not "
                            "recognized: Operation did not complete successfully because the "
                            "file contains a virus or potentially unwanted software.", 1),
              "revert": bash("rm -rf station_py dist main.spec", ""),
              "conclusion": "Dropped it. The PyInstaller one-file exe gets quarantined by "
                            "Defender on the factory laptops (a common false positive for "
                            "PyInstaller's bootloader), and the factory won't whitelist "
                            "unsigned tools. The station stays a Wails app.",
              "want": "would a python gui be quicker to iterate on for the station than "
                      "wails?",
              "offer": "A PySide6 app packaged with PyInstaller would let you iterate in "
                       "Python; pyserial and the label code are easy to port. Want a "
                       "prototype?",
              "story": "the very first station was pyqt + PyInstaller. defender on the factory "
                       "laptops flagged the exe as a trojan every other build and their IT "
                       "wouldnt whitelist it. thats why its wails",
              "title": "Remove the python station prototype"}),
    ]
    chatter = [
        "station: line 2 / station 1 ready",
        "serial: unit attached on COM7",
        "flash: erasing 0x00020000..0x0012c000",
        "flash: writing 12% ...",
        "flash: writing 48% ...",
        "flash: writing 91% ...",
        "cal: place the reference weight",
        "cal: raw 1648210 (stable 1.2 s)",
        "cal: factor 412.77 written",
        "label: HF-2431-00417 sent (ZPL 612 B)",
        "upload: result 00417 queued",
        "upload: 3 results synced",
        "ui: step -> done",
        "station: next unit",
        "serial: unit detached",
        "ui: step -> flash",
    ]
    noise: list[Episode] = [
        look("what does the label template look like", "internal/label/label.zpl",
             "^XA\n^CF0,28\n^FO20,20^FDHeft Scale^FS\n^FO20,60^BQN,2,4^FDQA,{{.Serial}}^FS\n"
             "^FO160,70^FD{{.Serial}}^FS\n^XZ\n",
             "A 28-dot title, a QR code of the serial, and the serial in text next to it."),
        find("where do we upload results", "UploadResult",
             ["internal/upload/client.go", "internal/flow/flow.go",
              "internal/upload/client_test.go"],
             "The client defines it, the flow calls it after labelling, and there's a test."),
        tweak("serial on the label is too small, bump the font", "internal/label/label.zpl",
              "^FO160,70^FD{{.Serial}}^FS", "^FO160,70^A0N,36,36^FD{{.Serial}}^FS",
              "Serial text now at 36 dots."),
        run("go vet everything", "go vet ./...", "", "Clean."),
        talk("sqlite or just a csv for the station's local result log?",
             "SQLite: the station already needs to query unsent results for upload and look "
             "units up by serial, which a CSV makes awkward; modernc.org/sqlite keeps it "
             "cgo-free."),
        steps("what changed since the last line release",
              [bash("git log --oneline line-2024.06..HEAD",
                    "a9c3e10 cal: retry once on unstable reading\n41b7f2d ui: bigger step "
                    "indicators\n0e2d5c8 upload: backoff on 503")],
              "A calibration retry, bigger step indicators, and upload backoff on 503s."),
        [Step(prompt="how many units did the spare laptop do in its test run"),
         Step(tools=[bash("sqlite3 results.db \"select count(*), sum(passed) from units where "
                          "station = 'spare'\"", "48|47")]),
         Step(text="48 units, 47 passed."),
         Step(prompt="which one failed"),
         Step(tools=[bash("sqlite3 results.db \"select serial, reason from units where "
                          "station = 'spare' and passed = 0\"", "HF-2431-00388|cal unstable")]),
         Step(text="HF-2431-00388, unstable calibration reading.")],
        steps("review error handling in the calibration step",
              [agent("Review cal error handling", "Read internal/cal and check every error is "
                     "handled and reported to the UI.",
                     "Two gaps: cal.go:77 ignores the error from port.Flush(), and a timeout "
                     "in waitStable returns a bare error without the step name, so the UI "
                     "shows 'context deadline exceeded'.", "a58e1b3c9d04", "Explore", 5)],
              "Two gaps: an ignored Flush error and a timeout that reaches the UI as a raw "
              "'context deadline exceeded'."),
    ]
    return Project(
        "pennywort", "git@github.com:heft-hw/pennywort.git",
        {"README.md": "# pennywort\n\nThe provisioning station for the factory line (Wails).\n",
         "NOTES.md": "# notes\n\n## commands\n"},
        _equip(facts, mates=["Wen", "Aoife"], notes="NOTES.md", chatter=chatter,
               naive=bash("go clean -cache && wails build -clean",
                          "Wails CLI v2.9.1\n  • Cleaning build directory: Done.\n  • "
                          "Compiling application: Done.\nBuilt 'build/bin/HeftStation.app' in "
                          "31.0s.")),
        noise, "postgres")


def projects() -> list[Project]:
    return [sedgecombe(), tansyboard(), burdocklane(), pennywort()]
