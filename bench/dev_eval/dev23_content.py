"""The ``dev23`` split, "the assistant does most of the talking": four projects, ten planted
facts each.

Written in the sixteenth pass by a helper that read no rlat code; not yet read.

Long agentic sessions in which the user mostly approves, redirects in a few words or asks "how
do we …?", and the assistant plans (TodoWrite, a plan to approve, a question with options),
reads configuration, runs builds, tests, linters and CI logs, and hands work to sub-agents.
Four projects: quillwort (a Kotlin Multiplatform app for logging rock-pool sightings, Compose
on Android and SwiftUI on iOS over a shared module), skerrick (a Terraform repository for a
small company's AWS accounts), gorsebank (a Django + Celery service running a community farm's
veg-box subscriptions) and hollowtine (a JUCE tape-chorus plugin built with CMake). Durable
facts surface in tool output the assistant then comments on, in its explanation of a failure,
in a user's short correction in the middle of a run, in a command that fails and the one that
works after it, in an approach the assistant tries, breaks something with and reverts, in a
rule the user states once while approving a plan or answering the assistant's question, in a
sub-agent's report, and in the assistant's end-of-session summary.

Slots, by kind:

* convention - ``task`` (the user's short request), ``rule`` (the user's words, lower-case
  start), ``follow`` (tools obeying it), ``contrary`` (a tool doing it the other way),
  ``check`` (a passing check), ``done``;
* command - ``goal``, ``fail`` (a failing Bash tool), ``probe`` (tools reading the config that
  shows the right way), ``note`` (the assistant's explanation), ``ok`` (the working Bash
  tool), ``hint`` (the user's few words naming it), ``done``;
* environment - ``goal``, ``probe``, ``confirm`` (the assistant's statement), ``while`` (a
  neighbouring ask and its answer);
* gotcha - ``symptom``, ``probe``, ``explain`` (the assistant's diagnosis), ``told`` (the
  user's short diagnosis), ``fix``, ``verify`` (a passing tool), ``done``;
* falsified - ``ask``, ``change`` (tools), ``broke`` (a failing tool), ``revert`` (a tool),
  ``conclusion`` (the assistant's account).
"""

from __future__ import annotations

import random

from .templates import cap
from .transcript import agent, ask_user, bash, edit, exit_plan, grep, read, todo_write, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3


def _one(rng: random.Random, options: list[str]) -> str:
    return rng.choice(options)


def _hex(rng: random.Random) -> str:
    return "".join(rng.choice("0123456789abcdef") for _ in range(10))


# ------------------------------------------------------------------- phrasing templates
# convention
def conv_plan_ok(s: dict, rng: random.Random) -> Episode:
    """The assistant lays out a plan; the user approves it and states the rule once."""
    nod = _one(rng, ["ok, go. one thing: {rule}.", "fine. {rule}.", "yes. and {rule}.",
                     "go ahead — {rule}."]).format(rule=s["rule"])
    slug = _one(rng, ["quiet-heron", "amber-ladder", "brisk-otter", "tall-fennel"])
    plan = (f"## Plan\n1. {cap(s['task'])}.\n2. Build and run the project's checks.\n"
            f"3. Summarise what changed.")
    todos = [(cap(s["task"]), "in_progress", "Making the change"),
             ("Run the checks", "pending", "Running the checks"),
             ("Summarise", "pending", "Summarising")]
    done = [(c, "completed", a) for c, _, a in todos]
    return [Step(prompt=cap(s["task"])),
            Step(text=_one(rng, ["Here's how I'd approach it.", "Proposed plan below.",
                                 "Before touching anything, the plan:"]),
                 tools=[exit_plan(plan, slug)]),
            Step(text="Plan approved — anything you want done differently before I start?"),
            Step(prompt=nod),
            Step(text=_one(rng, ["Understood.", "Got it, keeping to that.", "Will do."]),
                 tools=[todo_write(todos)]),
            Step(tools=s["follow"]),
            Step(text=_one(rng, ["Now the checks.", "Running the checks.", ""]),
                 tools=[s["check"], todo_write(done, todos)]),
            Step(text=s["done"])]


def conv_cut_in(s: dict, rng: random.Random) -> Episode:
    """The assistant starts the other way; the user cuts in with the rule."""
    todos = [(cap(s["task"]), "in_progress", "Making the change"),
             ("Run the checks", "pending", "Running the checks")]
    cut = _one(rng, ["stop. {rule}.", "no — {rule}.", "wait, {rule}. redo it."])
    return [Step(prompt=cap(s["task"])),
            Step(text=_one(rng, ["On it.", "Starting with the code change.", ""]),
                 tools=[todo_write(todos)]),
            Step(tools=[s["contrary"]]),
            Step(prompt=cut.format(rule=s["rule"])),
            Step(text=_one(rng, ["Understood — redoing it that way.",
                                 "Right, undoing that and doing it properly.",
                                 "Sorry, changing it."]), tools=s["follow"]),
            Step(tools=[s["check"]]),
            Step(text=s["done"])]


def conv_asked(s: dict, rng: random.Random) -> Episode:
    """The assistant asks which way to go; the user's own answer is the rule."""
    question = _one(rng, ["Is there a project convention I should follow for this?",
                          "Before I write it — how does this repo want this done?",
                          "Any house rule here I should stick to?"])
    ask = ask_user(question, "Convention",
                   [("Match nearby code", "Copy what the neighbouring files do"),
                    ("Your call", "Use whatever you think is cleanest")], cap(s["rule"]))
    return [Step(prompt=cap(s["task"])),
            Step(text=_one(rng, ["Quick question first.", "One thing to settle first.", ""]),
                 tools=[ask]),
            Step(text=_one(rng, ["Thanks — doing it that way.", "Got it.", "OK."]),
                 tools=s["follow"]),
            Step(tools=[s["check"]]),
            Step(text=s["done"])]


def conv_recap(s: dict, rng: random.Random) -> Episode:
    """The rule rides along with the request; the closing summary repeats it."""
    joint = _one(rng, [". ", " — ", ", and "])
    head = _one(rng, ["**Summary**", "**Done**", "**What changed**"])
    notes = _one(rng, ["**Rules followed**", "**Kept to**", "**House rules**"])
    return [Step(prompt=f"{cap(s['task'])}{joint}{s['rule']}"),
            Step(tools=s["follow"]),
            Step(text=_one(rng, ["Checking it builds.", "Running the checks.", ""]),
                 tools=[s["check"]]),
            Step(text=f"{head}\n- {s['done']}\n\n{notes}\n- {cap(s['rule'])}.")]


# command
def cmd_reads_config(s: dict, rng: random.Random) -> Episode:
    """The obvious command fails; the assistant reads the config and finds the right one."""
    dig = _one(rng, ["That's not how this repo does it — checking the config.",
                     "Failed. Let me read how the project wires this up.",
                     "Hm. Looking at the build files before guessing again."])
    return [Step(prompt=s["goal"]),
            Step(text=_one(rng, ["Trying the usual way first.", "", "Let me run it."]),
                 tools=[s["fail"]]),
            Step(text=dig, tools=s["probe"]),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_nudged(s: dict, rng: random.Random) -> Episode:
    """The obvious command fails; the user names the right one in a few words."""
    stuck = _one(rng, ["That fails. I can dig through the config, unless you know the "
                       "intended invocation?",
                       "Not it. Is there a project-specific command for this?",
                       "That errors out — do you remember how it's meant to be run here?"])
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]), Step(text=stuck),
            Step(prompt=s["hint"]),
            Step(text=_one(rng, ["Thanks.", "Running that.", "Ah, right."]), tools=[s["ok"]]),
            Step(text=s["done"])]


def cmd_tracked(s: dict, rng: random.Random) -> Episode:
    """A todo list, a failure, the config, the fix, and the command restated for next time."""
    todos = [("Run it the obvious way", "in_progress", "Running it"),
             ("Find the project's way if that fails", "pending", "Reading the config"),
             ("Report back", "pending", "Reporting back")]
    done = [(c, "completed", a) for c, _, a in todos]
    later = _one(rng, ["For next time:", "Worth remembering:", "The command that works:"])
    return [Step(prompt=s["goal"]), Step(tools=[todo_write(todos)]), Step(tools=[s["fail"]]),
            Step(tools=s["probe"]),
            Step(text=s["note"], tools=[s["ok"]]),
            Step(text=f"{s['done']}\n\n{later} `{s['ok'].command}`",
                 tools=[todo_write(done, todos)]),
            Step(text=_one(rng, ["All done.", "That's everything.", "Done."]))]


# environment
def env_checked(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]),
            Step(text=_one(rng, ["Checking.", "Let me look.", ""]), tools=s["probe"]),
            Step(text=s["confirm"])]


def env_noticed(s: dict, rng: random.Random) -> Episode:
    """The fact turns up in output the assistant ran for something else."""
    ask, answer = s["while"]
    aside = _one(rng, ["Also worth noting from that output:", "Separately:",
                       "One more thing that output shows:"])
    return [Step(prompt=ask), Step(tools=s["probe"]),
            Step(text=f"{answer}\n\n{aside} {s['confirm']}")]


def env_delegated(s: dict, rng: random.Random) -> Episode:
    """A sub-agent finds it; the assistant relays in a line."""
    relay = _one(rng, ["That's the sub-agent's finding from the repo config; nothing to "
                       "change.",
                       "Summarised above by the explorer — it read the actual config, so "
                       "that's authoritative.",
                       "The report covers it."])
    return [Step(prompt=s["goal"]),
            Step(text=_one(rng, ["I'll have a sub-agent dig through the config.",
                                 "Sending an explorer to find it.", ""]),
                 tools=[agent("Find the answer in the repo",
                              f"Answer this from the repository's config and scripts: "
                              f"{s['goal']} Say where the value is set.",
                              s["confirm"], _hex(rng), "Explore", rng.randrange(3, 9))]),
            Step(text=relay)]


# gotcha
def gotcha_explained(s: dict, rng: random.Random) -> Episode:
    lead = _one(rng, ["Found it.", "That explains it.", "Here's what's going on."])
    return [Step(prompt=s["symptom"]),
            Step(text=_one(rng, ["Looking.", "Let me reproduce it.", ""]), tools=s["probe"]),
            Step(text=f"{lead} {s['explain']}", tools=s["fix"]),
            Step(tools=[s["verify"]]),
            Step(text=s["done"])]


def gotcha_user_hint(s: dict, rng: random.Random) -> Episode:
    unsure = _one(rng, ["The output shows where it fails but not why yet. I'll keep digging.",
                        "Nothing conclusive here. Let me look further before changing "
                        "anything.",
                        "Odd — that doesn't point at a cause directly."])
    agree = _one(rng, ["That matches the output. Fixing it.", "Right — applying that.",
                       "Makes sense, changing it."])
    return [Step(prompt=s["symptom"]), Step(tools=s["probe"]), Step(text=unsure),
            Step(prompt=s["told"]), Step(text=agree, tools=s["fix"]),
            Step(tools=[s["verify"]]), Step(text=s["done"])]


def gotcha_delegated(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["symptom"]), Step(tools=s["probe"]),
            Step(text=_one(rng, ["I'll have a sub-agent trace the cause while I keep the "
                                 "repro handy.", "Delegating the root-cause hunt.", ""]),
                 tools=[agent("Root-cause the failure",
                              f"Investigate: {s['symptom']} Find the root cause in the code "
                              f"and config and propose the minimal fix.",
                              s["explain"], _hex(rng), "general-purpose",
                              rng.randrange(4, 12))]),
            Step(text=_one(rng, ["Applying the fix it proposes.", "Agreed — fixing it.",
                                 "That's convincing. Changing it."]), tools=s["fix"]),
            Step(tools=[s["verify"]]), Step(text=s["done"])]


# falsified
def fals_self_revert(s: dict, rng: random.Random) -> Episode:
    todos = [("Try the change", "in_progress", "Trying the change"),
             ("Verify nothing regresses", "pending", "Verifying")]
    return [Step(prompt=s["ask"]), Step(tools=[todo_write(todos)]),
            Step(text=_one(rng, ["Trying it.", "Making the change.", ""]), tools=s["change"]),
            Step(text=_one(rng, ["Now checking it didn't break anything.", "Verifying.", ""]),
                 tools=[s["broke"]]),
            Step(text=_one(rng, ["That broke things; reverting.", "Worse — backing it out.",
                                 "Not good. Undoing it."]), tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_user_undo(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(text=_one(rng, ["That fails — looking at why.", "Hm, red.",
                                 "The check doesn't pass."])),
            Step(prompt=_one(rng, ["revert it.", "no, back it out.", "undo that."])),
            Step(text=_one(rng, ["Reverting.", "Rolling it back.", "Undoing it."]),
                 tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_session_end(s: dict, rng: random.Random) -> Episode:
    head = _one(rng, ["## Session summary", "## Wrap-up", "## Where we ended up"])
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(text=_one(rng, ["Reverting before anything else.", "Backing it out.",
                                 ""]), tools=[s["revert"]]),
            Step(prompt=_one(rng, ["ok. sum up?", "summary pls", "so where are we?"])),
            Step(text=f"{head}\n- Tried it, it broke, reverted; the tree is back to where it "
                      f"started.\n- {s['conclusion']}")]


TEMPLATES = {
    "convention": [conv_plan_ok, conv_cut_in, conv_asked, conv_recap],
    "command": [cmd_reads_config, cmd_nudged, cmd_tracked],
    "environment": [env_checked, env_noticed, env_delegated],
    "gotcha": [gotcha_explained, gotcha_user_hint, gotcha_delegated],
    "falsified": [fals_self_revert, fals_user_undo, fals_session_end],
}

UNRELATED = [
    "what's the difference between a sealed class and a sealed interface in Kotlin?",
    "write a python function that splits a list into chunks of n items",
    "how do I squash my last four commits into a single one?",
    "what's the worst-case complexity of quicksort and why?",
    "give me a regex that matches a Dutch postcode",
    "explain select_related versus prefetch_related in Django",
    "in C++, when should I reach for std::unique_ptr instead of std::shared_ptr?",
    "what is a circular buffer and when would I use one?",
    "write a bash loop that renames every .JPG file in a folder to lowercase .jpg",
    "explain eventual consistency in three short sentences",
    "how do Kotlin coroutines differ from plain threads?",
    "draft a short changelog entry for a release that fixes a crash at startup",
    "what does HTTP 429 mean and how should a client back off?",
    "how many milliseconds is 512 samples at 48 kHz?",
    "write a SQL query that returns the second highest salary from an employees table",
    "how do I list the ten biggest files under a directory?",
    "explain briefly what a Fourier transform tells you about a signal",
    "what makes a good commit message?",
    "how can I tell which python version a virtualenv was created with?",
    "explain the CAP theorem in plain words",
    "write a constexpr C++ function that converts decibels to linear gain",
    "how do I make a local git branch track a remote one?",
    "what's the difference between a terraform variable and a local value?",
    "suggest a name for a small tool that diffs two JSON files",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "quillwort": [
        "are sighting photos uploaded straight away or queued for later?",
        "which crash reporting service does the app send errors to?",
        "does the app have a dark theme yet?",
        "when two phones edit the same sighting offline, which edit wins?",
        "should the species catalogue ship inside the app or download on first launch?",
    ],
    "skerrick": [
        "how long are the database snapshots kept?",
        "who gets paged when a CloudWatch alarm goes off at night?",
        "is there a VPN into the private subnets?",
        "roughly what does the AWS bill come to each month?",
        "should the new analytics bucket live in the prod account or its own account?",
    ],
    "gorsebank": [
        "how are the delivery routes for the drivers worked out?",
        "is there a JSON API for a mobile app, or only server-rendered pages?",
        "what happens to a subscription when a card payment bounces?",
        "which staff accounts are allowed to edit what goes into a box?",
        "should the holiday pause skip weeks or push the subscription end date back?",
    ],
    "hollowtine": [
        "how are licences checked, is there copy protection?",
        "how many factory presets ship with the plugin and who made them?",
        "is there a Windows installer and how is it built?",
        "what's the plugin's retail price?",
        "should the new saturation modes be a dropdown or separate knobs?",
    ],
}


# ------------------------------------------------------------------- quillwort
def quillwort() -> Project:
    pkg = "shared/src/commonMain/kotlin/org/rockpool/quillwort"
    sq = "shared/src/commonMain/sqldelight/org/rockpool/quillwort/db/Sighting.sq"
    ios_build = ("xcodebuild -project iosApp/iosApp.xcodeproj -scheme iosApp -sdk "
                 "iphonesimulator -configuration Debug build 2>&1")
    facts = [
        Fact("conv-platform", "convention", ["platformModule"],
             ["I need the battery level on both Android and iOS — how should the "
              "platform-specific part be structured?",
              "what's our pattern for code in the shared module that differs between Android "
              "and iOS?"],
             "In quillwort, platform services are never expect/actual classes: declare an "
             "interface in commonMain and bind the Android/iOS implementation in that "
             "platform's platformModule() Koin module.",
             {"task": "add a haptic tick when a sighting is saved",
              "rule": "no expect/actual classes for platform services — an interface in "
                      "commonMain, and each platform binds its implementation in its "
                      "platformModule() Koin module",
              "follow": [write(f"{pkg}/platform/Haptics.kt",
                               "package org.rockpool.quillwort.platform\n\ninterface Haptics "
                               "{\n    fun success()\n}\n"),
                         write("shared/src/androidMain/kotlin/org/rockpool/quillwort/platform/"
                               "AndroidHaptics.kt",
                               "class AndroidHaptics(private val vibrator: Vibrator) : Haptics "
                               "{\n    override fun success() = vibrator.vibrate(\n        "
                               "VibrationEffect.createPredefined(VibrationEffect.EFFECT_TICK))"
                               "\n}\n"),
                         edit("shared/src/androidMain/kotlin/org/rockpool/quillwort/di/"
                              "PlatformModule.android.kt",
                              "    single<Clipboard> { AndroidClipboard(get()) }",
                              "    single<Clipboard> { AndroidClipboard(get()) }\n    "
                              "single<Haptics> { AndroidHaptics(get()) }"),
                         edit("shared/src/iosMain/kotlin/org/rockpool/quillwort/di/"
                              "PlatformModule.ios.kt",
                              "    single<Clipboard> { IosClipboard() }",
                              "    single<Clipboard> { IosClipboard() }\n    single<Haptics> "
                              "{ IosHaptics() }")],
              "contrary": write(f"{pkg}/platform/Haptics.kt",
                                "package org.rockpool.quillwort.platform\n\nexpect class "
                                "Haptics() {\n    fun success()\n}\n"),
              "check": bash("./gradlew :shared:compileKotlinIosSimulatorArm64 "
                            ":shared:compileDebugKotlinAndroid",
                            "> Task :shared:compileDebugKotlinAndroid\n> Task "
                            ":shared:compileKotlinIosSimulatorArm64\n\nBUILD SUCCESSFUL in 48s\n"
                            "14 actionable tasks: 6 executed, 8 up-to-date"),
              "done": "Saving a sighting now gives a short haptic tick on both platforms: "
                      "Haptics is an interface in commonMain, AndroidHaptics (EFFECT_TICK) and "
                      "IosHaptics (UINotificationFeedbackGenerator) are bound per platform, and "
                      "SaveSightingUseCase calls it after the insert."}),
        Fact("conv-sqm", "convention", [".sqm"],
             ["I need to store the water temperature on each sighting, how do I change the "
              "local database schema?",
              "what's the rule for changing the app's database tables once a version has "
              "shipped?"],
             "quillwort never edits a shipped CREATE TABLE in the SQLDelight .sq files: every "
             "schema change is a new numbered .sqm migration file under "
             "shared/src/commonMain/sqldelight/migrations (checked by "
             "verifySqlDelightMigration).",
             {"task": "add a tide_height_cm column to sightings",
              "rule": "shipped CREATE TABLE statements in the .sq files are frozen, every "
                      "schema change is a new numbered .sqm migration file",
              "follow": [write("shared/src/commonMain/sqldelight/migrations/4.sqm",
                               "ALTER TABLE sighting ADD COLUMN tide_height_cm INTEGER;\n"),
                         edit(sq, "selectRecent:\nSELECT id, species_id, pool_id, seen_at\n",
                              "selectRecent:\nSELECT id, species_id, pool_id, seen_at, "
                              "tide_height_cm\n")],
              "contrary": edit(sq, "    seen_at INTEGER NOT NULL,\n",
                               "    seen_at INTEGER NOT NULL,\n    tide_height_cm INTEGER,\n"),
              "check": bash("./gradlew :shared:verifySqlDelightMigration",
                            "> Task :shared:verifyCommonMainQuillwortDatabaseMigration\n\n"
                            "BUILD SUCCESSFUL in 21s\n3 actionable tasks: 2 executed, 1 "
                            "up-to-date"),
              "done": "migrations/4.sqm adds the column with an ALTER TABLE, selectRecent "
                      "returns it, and the migration verification passes against the schemas "
                      "of versions 1 to 3."}),
        Fact("cmd-iostest", "command", ["iosSimulatorArm64Test"],
             ["what's the gradle task for running the common tests against the iOS "
              "simulator?",
              "I changed the date parsing in shared, run the tests on the iPhone side too"],
             "Run quillwort's shared tests on iOS with `./gradlew :shared:iosSimulatorArm64Test` "
             "(the Apple Silicon simulator target); `:shared:iosTest` fails as ambiguous and "
             "iosX64Test needs a Rosetta simulator.",
             {"goal": "how do we run the shared tests on iOS?",
              "fail": bash("./gradlew :shared:iosTest",
                           "FAILURE: Build failed with an exception.\n\n* What went wrong:\n"
                           "Cannot locate tasks that match ':shared:iosTest' as task 'iosTest' "
                           "is ambiguous in project ':shared'. Candidates are: "
                           "'iosSimulatorArm64Test', 'iosX64Test'.\n\nBUILD FAILED in 3s", 1),
              "probe": [read("shared/build.gradle.kts",
                             "kotlin {\n    androidTarget()\n    iosX64()\n    iosArm64()\n    "
                             "iosSimulatorArm64()\n\n    sourceSets {\n        commonTest."
                             "dependencies {\n            implementation(libs.kotlin.test)\n"
                             "        }\n    }\n}\n")],
              "note": "Gradle can't choose between the two simulator targets. On an Apple "
                      "Silicon Mac the right one is the arm64 simulator; the x64 one needs a "
                      "Rosetta simulator runtime that isn't installed.",
              "ok": bash("./gradlew :shared:iosSimulatorArm64Test",
                         "> Task :shared:linkDebugTestIosSimulatorArm64\n> Task "
                         ":shared:iosSimulatorArm64Test\n\nBUILD SUCCESSFUL in 1m 52s\n38 "
                         "actionable tasks: 12 executed, 26 up-to-date"),
              "hint": "on the M1 it's :shared:iosSimulatorArm64Test",
              "done": "Shared tests pass on the iOS simulator: 112 tests, 0 failures."}),
        Fact("cmd-format", "command", ["spotlessApply"],
             ["the formatting check failed on my PR, which gradle task fixes the style "
              "automatically?",
              "clean up the code style in the Kotlin files I touched before I push"],
             "quillwort formats Kotlin with `./gradlew spotlessApply` (ktlint 1.3.1 runs through "
             "the Spotless plugin); there is no ktlintFormat task. CI runs spotlessCheck.",
             {"goal": "CI lint step is red. how do we auto-format kotlin here?",
              "fail": bash("./gradlew ktlintFormat",
                           "FAILURE: Build failed with an exception.\n\n* What went wrong:\n"
                           "Task 'ktlintFormat' not found in root project 'quillwort'.\n\n* "
                           "Try:\n> Run gradlew tasks to get a list of available tasks.\n\n"
                           "BUILD FAILED in 2s", 1),
              "probe": [bash("grep -n -A5 'spotless' build.gradle.kts",
                             "4:    id(\"com.diffplug.spotless\") version \"6.25.0\"\n--\n"
                             "31:spotless {\n32:    kotlin {\n33:        target(\"**/*.kt\")\n"
                             "34:        ktlint(\"1.3.1\")\n35:    }\n36:}")],
              "note": "There's no ktlint Gradle plugin here — ktlint is run by Spotless from "
                      "the root build.gradle.kts, so formatting is Spotless's apply task.",
              "ok": bash("./gradlew spotlessApply",
                         "> Task :spotlessKotlin\n> Task :spotlessApply\n\nBUILD SUCCESSFUL "
                         "in 9s\n2 actionable tasks: 2 executed"),
              "hint": "it's spotless not the ktlint plugin. ./gradlew spotlessApply",
              "done": "Three files in shared/src/commonMain reformatted; `./gradlew "
                      "spotlessCheck`, which is what the CI lint step runs, passes now."}),
        Fact("env-apiurl", "environment", ["10.0.2.2:8088"],
             ["what host and port does the emulator build expect the dev backend on?",
              "start the backend so the app in the Android emulator can talk to it"],
             "quillwort's Android debug build calls the local API at http://10.0.2.2:8088/ (the "
             "emulator's alias for the host's localhost), so the local backend must listen on "
             "port 8088; release uses https://api.quillwort.app/.",
             {"goal": "the android emulator can't reach my local api. what base url does the "
                      "debug build use?",
              "probe": [bash("grep -n 'API_BASE_URL' androidApp/build.gradle.kts",
                             "41:            buildConfigField(\"String\", \"API_BASE_URL\", "
                             "\"\\\"http://10.0.2.2:8088/\\\"\")\n47:            "
                             "buildConfigField(\"String\", \"API_BASE_URL\", "
                             "\"\\\"https://api.quillwort.app/\\\"\")")],
              "confirm": "Debug builds call http://10.0.2.2:8088/ — 10.0.2.2 is the emulator's "
                         "alias for your machine's localhost, so the local API has to listen on "
                         "port 8088. Release builds use https://api.quillwort.app/.",
              "while": ("is the release build pointed at production?",
                        "Yes — the release buildType sets API_BASE_URL to "
                        "https://api.quillwort.app/.")}),
        Fact("env-maptiler", "environment", ["maptiler.key"],
             ["the map screen shows only grey squares on my new laptop, what config am I "
              "missing?",
              "where do we keep the credentials for the map tile service on Android?"],
             "quillwort's map tiles need a MapTiler key: `maptiler.key=...` in local.properties "
             "(uncommitted) for Android, the MAPTILER_KEY build setting for iOS; without it the "
             "tiles return 403 and the map stays blank.",
             {"goal": "the map screen is blank on a fresh clone. where does the tile key come "
                      "from?",
              "probe": [bash("grep -rn -i 'maptiler' androidApp/build.gradle.kts "
                             "iosApp/Config.xcconfig",
                             "androidApp/build.gradle.kts:18:val tileKey = localProps."
                             "getProperty(\"maptiler.key\") ?: \"\"\niosApp/Config.xcconfig:3:"
                             "MAPTILER_KEY = $(MAPTILER_KEY)"),
                        bash("cat local.properties", "sdk.dir=/Users/dev/Library/Android/sdk")],
              "confirm": "The tile key is read from `maptiler.key` in local.properties, which "
                         "isn't committed; yours only has sdk.dir, so tile requests go out "
                         "without a key and get 403s. iOS reads the same key from the "
                         "MAPTILER_KEY build setting.",
              "while": ("why isn't local.properties in git?",
                        "It's in .gitignore: it holds machine-specific paths such as sdk.dir "
                        "and private keys.")}),
        Fact("gotcha-sqlite3", "gotcha", ["-lsqlite3"],
             ["xcode says undefined symbols for architecture arm64 when it links the shared "
              "framework — what's the fix?",
              "I'm adding an iOS widget target that uses the shared database, anything the "
              "linker needs?"],
             "quillwort's iOS link fails with `Undefined symbols ... _sqlite3_*` unless the "
             "shared static framework declares linkerOpts(\"-lsqlite3\") in "
             "shared/build.gradle.kts: the SQLDelight native driver needs the system library.",
             {"symptom": "iOS build fails at the link step since the SQLDelight upgrade",
              "probe": [bash(f"{ios_build} | tail -6",
                             "Undefined symbols for architecture arm64:\n  "
                             "\"_sqlite3_bind_text\", referenced from:\n      "
                             "_co_touchlab_sqliter_interop_SQLiteStatement_bindString in "
                             "Shared[arm64][5](result.o)\nld: symbol(s) not found for "
                             "architecture arm64\n** BUILD FAILED **", 65),
                        read("shared/build.gradle.kts",
                             "    listOf(iosX64(), iosArm64(), iosSimulatorArm64()).forEach {\n"
                             "        it.binaries.framework {\n            baseName = "
                             "\"Shared\"\n            isStatic = true\n        }\n    }\n")],
              "explain": "The native driver calls the system sqlite3 library, but Shared is a "
                         "static framework and nothing tells the linker to pull that library "
                         "in — the old setup got it through the CocoaPods plugin we removed. "
                         "The framework block needs linkerOpts(\"-lsqlite3\").",
              "told": "static framework doesn't link sqlite3 by itself. add "
                      "linkerOpts(\"-lsqlite3\") to the framework block",
              "fix": [edit("shared/build.gradle.kts",
                           "            isStatic = true\n        }",
                           "            isStatic = true\n            "
                           "linkerOpts(\"-lsqlite3\")\n        }")],
              "verify": bash(f"{ios_build} | tail -1", "** BUILD SUCCEEDED **"),
              "done": "The iOS app links and launches in the simulator again."}),
        Fact("gotcha-r8", "gotcha", ["proguard-rules.pro"],
             ["only the minified android build crashes when it parses JSON, why?",
              "I added a new @Serializable response class, anything to do so release builds "
              "don't break?"],
             "quillwort's minified release build crashes with 'Serializer for class ... is not "
             "found' unless androidApp/proguard-rules.pro keeps the kotlinx.serialization "
             "generated serializers: R8 strips them; debug builds are unaffected.",
             {"symptom": "release APK crashes on the species list, debug is fine",
              "probe": [bash("adb logcat -d -s AndroidRuntime | tail -4",
                             "E AndroidRuntime: FATAL EXCEPTION: main\nE AndroidRuntime: "
                             "kotlinx.serialization.SerializationException: Serializer for "
                             "class 'SpeciesDto' is not found.\nE AndroidRuntime: Please "
                             "ensure that class is marked as '@Serializable' and that the "
                             "serialization compiler plugin is applied."),
                        read("androidApp/proguard-rules.pro",
                             "# Koin\n-keep class org.koin.** { *; }\n")],
              "explain": "R8 minifies the release build and removes the generated serializer "
                         "companions of the DTOs, since nothing references them directly. "
                         "androidApp/proguard-rules.pro only keeps Koin; it needs the "
                         "kotlinx.serialization keep rules for our @Serializable classes.",
              "told": "r8 strips the serializers. keep rules go in "
                      "androidApp/proguard-rules.pro",
              "fix": [edit("androidApp/proguard-rules.pro",
                           "# Koin\n-keep class org.koin.** { *; }\n",
                           "# Koin\n-keep class org.koin.** { *; }\n\n# kotlinx.serialization"
                           "\n-keepclassmembers @kotlinx.serialization.Serializable class "
                           "org.rockpool.quillwort.** {\n    *** Companion;\n    "
                           "kotlinx.serialization.KSerializer serializer(...);\n}\n")],
              "verify": bash("./gradlew :androidApp:assembleRelease && adb install -r "
                             "androidApp/build/outputs/apk/release/androidApp-release.apk",
                             "BUILD SUCCESSFUL in 2m 4s\nPerforming Streamed Install\n"
                             "Success"),
              "done": "The release build opens the species list without crashing."}),
        Fact("fals-cio", "falsified", ["CIO"],
             ["could we simplify the networking setup by using the same http engine on "
              "Android and iOS?",
              "why do we configure two different ktor client engines?"],
             "Using Ktor's CIO engine on both platforms in quillwort was tried and reverted: "
             "CIO has no TLS on Kotlin/Native, so every HTTPS call from iOS failed. Android "
             "keeps OkHttp, iOS keeps Darwin.",
             {"ask": "can we use one ktor engine for both platforms instead of okhttp + "
                     "darwin? less config",
              "change": [edit("shared/build.gradle.kts",
                              "        androidMain.dependencies {\n            "
                              "implementation(libs.ktor.client.okhttp)\n        }\n        "
                              "iosMain.dependencies {\n            "
                              "implementation(libs.ktor.client.darwin)\n        }",
                              "        commonMain.dependencies {\n            "
                              "implementation(libs.ktor.client.cio)\n        }"),
                         edit(f"{pkg}/net/HttpClientFactory.kt",
                              "    HttpClient(engineFactory()) {",
                              "    HttpClient(CIO) {")],
              "broke": bash("xcodebuild test -project iosApp/iosApp.xcodeproj -scheme "
                            "iosAppUITests -destination 'platform=iOS Simulator,name=iPhone 15'"
                            " 2>&1 | grep -E 'error|FAILED'",
                            "SyncSmokeTest.testUploadSighting(): error: "
                            "UnsupportedOperationException: TLS sessions are not supported on "
                            "Native platform.\n** TEST FAILED **", 65),
              "revert": bash(f"git checkout -- shared/build.gradle.kts "
                             f"{pkg}/net/HttpClientFactory.kt", ""),
              "conclusion": "Back to OkHttp on Android and Darwin on iOS. Ktor's CIO engine "
                            "can't do TLS on Kotlin/Native ('TLS sessions are not supported on "
                            "Native platform'), so every HTTPS request from the iOS app failed "
                            "— the per-platform engines are there for a reason."}),
        Fact("fals-confcache", "falsified", ["org.gradle.configuration-cache"],
             ["the gradle configuration phase takes forever, is there a setting we could flip "
              "to cache it?",
              "has anyone tried making gradle skip re-configuring the project on every build?"],
             "Turning on Gradle's configuration cache (org.gradle.configuration-cache=true in "
             "gradle.properties) broke quillwort's XCFramework build (Task.project at "
             "execution time) and was reverted.",
             {"ask": "gradle spends ages configuring. can we turn on the configuration cache?",
              "change": [edit("gradle.properties", "org.gradle.caching=true",
                              "org.gradle.caching=true\norg.gradle.configuration-cache=true")],
              "broke": bash("./gradlew :shared:assembleSharedReleaseXCFramework",
                            "Configuration cache problems found in this build.\n\n2 problems "
                            "were found storing the configuration cache.\n- Task "
                            "`:shared:assembleSharedReleaseXCFramework` of type "
                            "`org.jetbrains.kotlin.gradle.tasks.XCFrameworkTask`: invocation "
                            "of 'Task.project' at execution time is unsupported.\n\nFAILURE: "
                            "Build failed with an exception.\n\nBUILD FAILED in 14s", 1),
              "revert": bash("git checkout -- gradle.properties", ""),
              "conclusion": "Switched it back off. With org.gradle.configuration-cache=true "
                            "the Kotlin plugin's XCFramework task fails while the cache is "
                            "stored (it calls Task.project at execution time), so the iOS "
                            "release build breaks. Worth another try after a Kotlin plugin "
                            "upgrade, not now."}),
    ]
    noise: list[Episode] = [
        [Step(prompt="where do we map the api dtos to domain models?"),
         Step(text="Sending an explorer.",
              tools=[agent("Find DTO mapping",
                           "Find where network DTOs are converted to domain models in the "
                           "shared module and list the mapper functions.",
                           "All mapping lives in shared/src/commonMain/kotlin/org/rockpool/"
                           "quillwort/net/mappers/: SightingMappers.kt (SightingDto."
                           "toDomain(), Sighting.toDto()) and SpeciesMappers.kt "
                           "(SpeciesDto.toDomain()). Repositories call them right after each "
                           "request; nothing maps in the UI layer.", "b27c90e1d4", "Explore",
                           5)]),
         Step(text="Mappers are in net/mappers/ (one file for sightings, one for species), "
                   "called by the repositories right after each request.")],
        [Step(prompt="plan the photo attachments feature. no code yet"),
         Step(tools=[todo_write([("Add a photo table and a repository", "pending",
                                  "Adding the photo table"),
                                 ("Camera/picker on Android (ActivityResult)", "pending",
                                  "Wiring the Android picker"),
                                 ("PHPicker on iOS", "pending", "Wiring the iOS picker"),
                                 ("Thumbnail grid on the sighting screen", "pending",
                                  "Building the grid")])]),
         Step(text="Four steps: storage, a picker per platform, then the thumbnail grid. Say "
                   "go when you want me to start.")],
        [Step(prompt="run the android unit tests"),
         Step(tools=[bash("./gradlew :shared:testDebugUnitTest",
                          "> Task :shared:testDebugUnitTest\n\nBUILD SUCCESSFUL in 37s\n29 "
                          "actionable tasks: 5 executed, 24 up-to-date")]),
         Step(text="Green: 112 tests on the JVM side.")],
        [Step(prompt="what does SightingRepository.save do exactly"),
         Step(tools=[read(f"{pkg}/data/SightingRepository.kt",
                          "suspend fun save(sighting: Sighting) = withContext(io) {\n    "
                          "queries.transaction {\n        queries.insert(sighting.toRow())\n"
                          "        outbox.enqueue(SyncOp.Upload(sighting.id))\n    }\n}\n")]),
         Step(text="It inserts the row and queues an upload operation in the outbox in one "
                   "transaction on the IO dispatcher, so a sighting is never saved without "
                   "its pending sync.")],
        [Step(prompt="who calls Clock.System.now() directly?"),
         Step(tools=[grep("Clock.System.now()",
                          [f"{pkg}/domain/SaveSightingUseCase.kt",
                           f"{pkg}/sync/SyncScheduler.kt"])]),
         Step(text="Two places: the save use case (timestamps) and the sync scheduler. Both "
                   "could take an injected Clock for tests.")],
        [Step(prompt="typo on the empty state: 'No sightngs yet'"),
         Step(tools=[edit("shared/src/commonMain/composeResources/values/strings.xml",
                          "<string name=\"empty_sightings\">No sightngs yet</string>",
                          "<string name=\"empty_sightings\">No sightings yet</string>")]),
         Step(text="Fixed.")],
        [Step(prompt="StateFlow vs SharedFlow, short version"),
         Step(text="StateFlow always has exactly one current value, replays it to new "
                   "collectors and drops equal consecutive values — made for UI state. "
                   "SharedFlow has no required value and configurable replay and buffering — "
                   "made for events that shouldn't be re-delivered or conflated.")],
        [Step(prompt="what's on my branch"),
         Step(tools=[bash("git status --short",
                          " M shared/src/commonMain/kotlin/org/rockpool/quillwort/ui/"
                          "SightingListViewModel.kt"),
                     bash("git log --oneline -3",
                          "a41d9e2 Species search: debounce 300 ms\n7c0b1f3 Pool picker "
                          "remembers last pool\n2fe8d45 Bump compose-multiplatform to "
                          "1.6.11")]),
         Step(text="One uncommitted change in SightingListViewModel.kt on top of those three "
                   "commits.")],
        [Step(prompt="which ktor version are we on"),
         Step(tools=[bash("grep -n '^ktor' gradle/libs.versions.toml",
                          "9:ktor = \"2.3.12\"")]),
         Step(text="Ktor 2.3.12, from the version catalog.")],
        [Step(prompt="remember vs rememberSaveable?"),
         Step(text="`remember` keeps a value across recompositions only; "
                   "`rememberSaveable` also survives configuration changes and process death "
                   "by writing it to the saved-instance state, so it must be Bundle-able or "
                   "have a Saver.")],
    ]
    return Project(
        "quillwort", "git@github.com:rockpool-survey/quillwort.git",
        {"README.md": "# quillwort\n\nRock-pool sighting log for Android and iOS (Kotlin "
                      "Multiplatform).\n",
         "settings.gradle.kts": "rootProject.name = \"quillwort\"\ninclude(\":shared\", "
                                "\":androidApp\")\n"},
        facts, noise, "github")


# ------------------------------------------------------------------- skerrick
def skerrick() -> Project:
    db_sg = "modules/database/security.tf"
    facts = [
        Fact("conv-prefix", "convention", ["local.name_prefix"],
             ["I'm adding an S3 bucket for report exports, how should I name it in the "
              "terraform?",
              "what's our naming scheme for AWS resources in this repo?"],
             "In skerrick every AWS resource name is built from local.name_prefix "
             "(\"skerrick-${var.env}\"), never a hand-typed name string.",
             {"task": "add an SQS queue for the label-printing jobs",
              "rule": "names always come from local.name_prefix, never a hand-typed "
                      "\"skerrick-staging-...\" string",
              "follow": [edit("modules/queues/main.tf",
                              "resource \"aws_sqs_queue\" \"invoices\" {",
                              "resource \"aws_sqs_queue\" \"labels\" {\n  name                "
                              "       = \"${local.name_prefix}-labels\"\n  "
                              "visibility_timeout_seconds = 120\n}\n\nresource "
                              "\"aws_sqs_queue\" \"invoices\" {")],
              "contrary": edit("modules/queues/main.tf",
                               "resource \"aws_sqs_queue\" \"invoices\" {",
                               "resource \"aws_sqs_queue\" \"labels\" {\n  name               "
                               "        = \"skerrick-staging-labels\"\n  "
                               "visibility_timeout_seconds = 120\n}\n\nresource "
                               "\"aws_sqs_queue\" \"invoices\" {"),
              "check": bash("terraform -chdir=envs/staging validate",
                            "Success! The configuration is valid."),
              "done": "The labels queue (120 s visibility timeout) is in modules/queues and "
                      "comes out as skerrick-staging-labels or skerrick-prod-labels depending "
                      "on the environment."}),
        Fact("conv-sgrule", "convention", ["aws_vpc_security_group_ingress_rule"],
             ["open port 443 on the load balancer's security group to the internet",
              "how do we write firewall rules for security groups in this repo?"],
             "skerrick security groups never use inline ingress/egress blocks: each rule is "
             "its own aws_vpc_security_group_ingress_rule (or egress_rule) resource.",
             {"task": "let the bastion reach postgres on the database security group",
              "rule": "no inline ingress/egress blocks in aws_security_group, every rule is "
                      "its own aws_vpc_security_group_ingress_rule or egress_rule resource",
              "follow": [edit(db_sg, "# rules\n",
                              "# rules\nresource \"aws_vpc_security_group_ingress_rule\" "
                              "\"db_from_bastion\" {\n  security_group_id            = "
                              "aws_security_group.db.id\n  referenced_security_group_id = "
                              "var.bastion_sg_id\n  ip_protocol                  = \"tcp\"\n  "
                              "from_port                    = 5432\n  to_port                "
                              "      = 5432\n  description                  = \"bastion to "
                              "postgres\"\n}\n")],
              "contrary": edit(db_sg,
                               "  vpc_id = var.vpc_id\n}",
                               "  vpc_id = var.vpc_id\n\n  ingress {\n    from_port       = "
                               "5432\n    to_port         = 5432\n    protocol        = \"tcp\""
                               "\n    security_groups = [var.bastion_sg_id]\n  }\n}"),
              "check": bash("terraform -chdir=envs/staging validate",
                            "Success! The configuration is valid."),
              "done": "The database security group now admits 5432 from the bastion's group, "
                      "as a standalone rule resource."}),
        Fact("cmd-plan", "command", ["make plan ENV"],
             ["what's the right way to see what terraform would change in prod?",
              "show me the pending infrastructure changes for the staging environment"],
             "In skerrick, plan with `make plan ENV=<env>` (e.g. ENV=staging): it runs "
             "terraform init with backends/<env>.hcl first; a bare `terraform plan` in "
             "envs/<env> fails with 'Backend initialization required'.",
             {"goal": "how do we run a plan against staging?",
              "fail": bash("cd envs/staging && terraform plan",
                           "╷\n│ Error: Backend initialization required, please run "
                           "\"terraform init\"\n│ \n│ Reason: Initial configuration of the "
                           "requested backend \"s3\"\n╵", 1),
              "probe": [read("Makefile",
                             "ENV ?= dev\nTF  := terraform -chdir=envs/$(ENV)\n\ninit:\n\t"
                             "$(TF) init -reconfigure -backend-config=../../backends/$(ENV)."
                             "hcl\n\nplan: init\n\t$(TF) plan -out=$(ENV).tfplan\n\napply:\n\t"
                             "$(TF) apply $(ENV).tfplan\n")],
              "note": "The backend settings aren't in the env directories: the Makefile "
                      "passes backends/<env>.hcl to init, and its plan target depends on init, "
                      "so the Makefile is the way in.",
              "ok": bash("make plan ENV=staging",
                         "terraform -chdir=envs/staging init -reconfigure "
                         "-backend-config=../../backends/staging.hcl\n\nTerraform has been "
                         "successfully initialized!\nterraform -chdir=envs/staging plan "
                         "-out=staging.tfplan\n\nPlan: 1 to add, 0 to change, 0 to destroy.\n\n"
                         "Saved the plan to: staging.tfplan"),
              "hint": "use the makefile. make plan ENV=staging",
              "done": "Staging plan: 1 to add, nothing changed or destroyed; saved as "
                      "envs/staging/staging.tfplan for `make apply ENV=staging`."}),
        Fact("cmd-tflint", "command", ["tflint --init"],
             ["tflint says a plugin isn't found on my new machine — what do I do?",
              "lint all the terraform modules"],
             "Before linting skerrick, run `tflint --init` once to install the AWS ruleset "
             "plugin declared in .tflint.hcl; then `tflint --recursive --config "
             "\"$(pwd)/.tflint.hcl\"`.",
             {"goal": "run the linter over the modules",
              "fail": bash("tflint --recursive",
                           "Failed to initialize plugins; Plugin \"aws\" not found. Did you "
                           "run \"tflint --init\"?", 1),
              "probe": [read(".tflint.hcl",
                             "plugin \"aws\" {\n  enabled = true\n  version = \"0.34.0\"\n  "
                             "source  = \"github.com/terraform-linters/tflint-ruleset-aws\"\n}"
                             "\n")],
              "note": "The AWS ruleset declared in .tflint.hcl isn't installed on this machine; "
                      "it has to be fetched once, and --recursive needs the config passed by "
                      "absolute path or each module dir looks for its own.",
              "ok": bash("tflint --init && tflint --recursive --config \"$(pwd)/.tflint.hcl\"",
                         "Installing \"aws\" plugin...\nInstalled \"aws\" (source: "
                         "github.com/terraform-linters/tflint-ruleset-aws, version: 0.34.0)\n"
                         "2 issue(s) found:\n\nWarning: \"t2.micro\" is previous generation "
                         "instance type. (aws_instance_previous_type)\n\n  on "
                         "modules/bastion/main.tf line 14:\n\nWarning: variable \"legacy_cidr\""
                         " is declared but not used (terraform_unused_declarations)\n\n  on "
                         "modules/network/variables.tf line 31:"),
              "hint": "needs tflint --init first for the aws ruleset. and pass --config with "
                      "the full path",
              "done": "Lint runs: two warnings — the bastion still uses t2.micro (previous "
                      "generation) and modules/network has an unused legacy_cidr variable."}),
        Fact("env-lock", "environment", ["skerrick-tf-locks"],
             ["a CI run died mid-apply and left a stale lock — which dynamodb table do I look "
              "in?",
              "where does terraform keep its state locks for this repo?"],
             "skerrick's terraform state lives in the S3 bucket skerrick-tfstate-eu and its "
             "locks in the DynamoDB table skerrick-tf-locks (eu-central-1, shared by every "
             "environment).",
             {"goal": "apply says the state is locked. where do the locks live?",
              "probe": [read("backends/prod.hcl",
                             "bucket         = \"skerrick-tfstate-eu\"\nkey            = "
                             "\"prod/terraform.tfstate\"\nregion         = \"eu-central-1\"\n"
                             "dynamodb_table = \"skerrick-tf-locks\"\nencrypt        = true\n"),
                        bash("aws dynamodb scan --table-name skerrick-tf-locks "
                             "--projection-expression LockID,Info --max-items 2",
                             "{\"Items\": [{\"LockID\": {\"S\": \"skerrick-tfstate-eu/prod/"
                             "terraform.tfstate\"}, \"Info\": {\"S\": \"{\\\"ID\\\":\\\"3f1c6a0e"
                             "\\\",\\\"Who\\\":\\\"ci@runner-7\\\"}\"}}]}")],
              "confirm": "State is in the S3 bucket skerrick-tfstate-eu and locks in the "
                         "DynamoDB table skerrick-tf-locks (eu-central-1, the same for every "
                         "env). The prod lock is held by ci@runner-7, a CI job that died "
                         "mid-apply; `terraform force-unlock 3f1c6a0e` once you're sure it's "
                         "gone.",
              "while": ("which bucket holds the prod state?",
                        "Prod state is in skerrick-tfstate-eu under prod/terraform.tfstate.")}),
        Fact("env-prodacct", "environment", ["519204773310"],
             ["what's the production aws account number?",
              "write a trust policy that lets the production account pull our images — which "
              "account id goes in the principal?"],
             "skerrick's production AWS account is 519204773310; dev and staging share "
             "204118930276 (each env pins allowed_account_ids in providers.tf).",
             {"goal": "which aws account is prod? double-checking before an apply",
              "probe": [bash("grep -n 'allowed_account_ids' envs/*/providers.tf",
                             "envs/dev/providers.tf:3:  allowed_account_ids = "
                             "[\"204118930276\"]\nenvs/prod/providers.tf:3:  "
                             "allowed_account_ids = [\"519204773310\"]\nenvs/staging/"
                             "providers.tf:3:  allowed_account_ids = [\"204118930276\"]"),
                        bash("aws sts get-caller-identity --query Account --output text",
                             "204118930276")],
              "confirm": "Prod is account 519204773310; dev and staging share 204118930276. "
                         "This shell is on 204118930276, and every env pins "
                         "allowed_account_ids, so a prod apply from here would refuse to run "
                         "rather than touch the wrong account.",
              "while": ("is my shell on the right account for staging?",
                        "Yes — the shell's account, 204118930276, is the one staging "
                        "expects.")}),
        Fact("gotcha-acm", "gotcha", ["us-east-1"],
             ["the new cloudfront distribution rejects our ssl certificate, what am I doing "
              "wrong?",
              "set up a certificate for the marketing site that will sit behind cloudfront"],
             "In skerrick, ACM certificates for CloudFront must be issued in us-east-1 (the "
             "aws.us_east_1 provider alias passed into the module); a certificate from "
             "eu-central-1 fails with InvalidViewerCertificate.",
             {"symptom": "cloudfront apply fails on the docs site certificate",
              "probe": [bash("terraform -chdir=envs/prod apply prod.tfplan 2>&1 | grep -A3 "
                             "Error",
                             "│ Error: creating CloudFront Distribution: "
                             "InvalidViewerCertificate: The specified SSL certificate doesn't "
                             "exist, isn't in us-east-1 region, isn't valid, or doesn't include "
                             "a valid certificate chain.\n│ \n│   with module.docs_site."
                             "aws_cloudfront_distribution.this,", 1),
                        read("modules/docs_site/acm.tf",
                             "resource \"aws_acm_certificate\" \"docs\" {\n  domain_name       "
                             "= \"docs.skerrick.io\"\n  validation_method = \"DNS\"\n}\n")],
              "explain": "CloudFront only accepts ACM certificates from us-east-1, whatever "
                         "region the rest of the stack is in. modules/docs_site creates the "
                         "certificate with the default provider, so it lands in eu-central-1. "
                         "The certificate needs the aliased provider aws.us_east_1, passed "
                         "into the module from the env.",
              "told": "cloudfront certs have to live in us-east-1. use the aws.us_east_1 "
                      "alias for the cert",
              "fix": [edit("modules/docs_site/acm.tf",
                           "resource \"aws_acm_certificate\" \"docs\" {\n  domain_name",
                           "resource \"aws_acm_certificate\" \"docs\" {\n  provider          "
                           "= aws.us_east_1\n  domain_name"),
                      edit("envs/prod/main.tf",
                           "module \"docs_site\" {\n  source = \"../../modules/docs_site\"",
                           "module \"docs_site\" {\n  source = \"../../modules/docs_site\"\n  "
                           "providers = {\n    aws           = aws\n    aws.us_east_1 = "
                           "aws.us_east_1\n  }")],
              "verify": bash("terraform -chdir=envs/prod apply -auto-approve 2>&1 | tail -1",
                             "Apply complete! Resources: 2 added, 0 changed, 1 destroyed."),
              "done": "The certificate is re-issued in us-east-1 and the distribution accepted "
                      "it."}),
        Fact("gotcha-ecs", "gotcha", ["ignore_changes"],
             ["terraform keeps trying to roll the api service back to an old task revision — "
              "why?",
              "I'm adding an ECS service for the worker, anything special in the terraform "
              "so deploys don't fight it?"],
             "skerrick's aws_ecs_service resources need lifecycle { ignore_changes = "
             "[task_definition] }: CI deploys new revisions with `aws ecs update-service`, and "
             "without it every plan rolls the service back.",
             {"symptom": "every plan wants to update the api ecs service even when nothing "
                         "changed",
              "probe": [bash("terraform -chdir=envs/staging plan -no-color | grep -A3 "
                             "'aws_ecs_service.api'",
                             "  # module.api.aws_ecs_service.api will be updated in-place\n  ~ "
                             "resource \"aws_ecs_service\" \"api\" {\n      ~ task_definition "
                             "= \"arn:aws:ecs:eu-central-1:204118930276:task-definition/"
                             "skerrick-staging-api:187\" -> \"arn:aws:ecs:eu-central-1:"
                             "204118930276:task-definition/skerrick-staging-api:142\""),
                        bash("grep -n 'update-service' .github/workflows/deploy-api.yml",
                             "38:          aws ecs update-service --cluster skerrick-staging "
                             "--service api --task-definition \"$NEW_TD\"")],
              "explain": "The deploy workflow registers a new task definition revision and "
                         "points the service at it with `aws ecs update-service`, outside "
                         "Terraform, which still has revision 142 in its config — so every "
                         "plan tries to roll the service back. The service needs `lifecycle { "
                         "ignore_changes = [task_definition] }` so CI owns the revision.",
              "told": "ci deploys with update-service. terraform has to ignore_changes on "
                      "task_definition",
              "fix": [edit("modules/api/ecs.tf",
                           "  desired_count   = var.desired_count\n}",
                           "  desired_count   = var.desired_count\n\n  lifecycle {\n    "
                           "ignore_changes = [task_definition]\n  }\n}")],
              "verify": bash("terraform -chdir=envs/staging plan -no-color | tail -1",
                             "No changes. Your infrastructure matches the configuration."),
              "done": "Plan is clean; Terraform no longer fights the deploy pipeline over the "
                      "task definition revision."}),
        Fact("fals-provider6", "falsified", ["~> 5.82"],
             ["dependabot opened a PR for the next major aws provider version, can I just "
              "merge it?",
              "which version of the hashicorp aws provider are we held on, and why not the "
              "newest?"],
             "skerrick stays on the AWS provider `~> 5.82`: bumping to 6.x made validate fail "
             "(removed arguments in several modules) and was reverted; the upgrade needs its "
             "own refactor.",
             {"ask": "bump the aws provider to 6.x, dependabot keeps nagging",
              "change": [edit("envs/staging/versions.tf", "      version = \"~> 5.82\"",
                              "      version = \"~> 6.0\""),
                         bash("terraform -chdir=envs/staging init -upgrade "
                              "-backend-config=../../backends/staging.hcl",
                              "- Finding hashicorp/aws versions matching \"~> 6.0\"...\n- "
                              "Installing hashicorp/aws v6.2.0...\n\nTerraform has been "
                              "successfully initialized!")],
              "broke": bash("terraform -chdir=envs/staging validate",
                            "╷\n│ Error: Unsupported argument\n│ \n│   on "
                            "../../modules/docs_site/bucket.tf line 9, in resource "
                            "\"aws_s3_bucket\" \"docs\":\n│    9:   acl = \"private\"\n│ \n│ "
                            "An argument named \"acl\" is not expected here.\n╵\n(13 more "
                            "similar errors in modules/api and modules/network)", 1),
              "revert": bash("git checkout -- envs/staging/versions.tf "
                             "envs/staging/.terraform.lock.hcl && terraform -chdir=envs/staging"
                             " init -backend-config=../../backends/staging.hcl",
                             "- Using previously-installed hashicorp/aws v5.82.2\n\nTerraform "
                             "has been successfully initialized!"),
              "conclusion": "Pinned back to `~> 5.82`. Provider 6.x drops arguments our "
                            "modules still use — validate fails with 14 errors across "
                            "docs_site, api and network — so the upgrade needs its own "
                            "refactor branch; dependabot's major-version PRs can be closed "
                            "until then."}),
        Fact("fals-parallelism", "falsified", ["-parallelism"],
             ["the prod plan is really slow, can we just let terraform make more API calls at "
              "once?",
              "what happened last time someone tried to make the terraform runs faster?"],
             "Raising terraform's -parallelism (to 40) for skerrick's slow prod plan was tried "
             "and reverted: Route 53 throttled (Throttling: Rate exceeded) and the plan "
             "failed; keep the default of 10.",
             {"ask": "prod plan takes 9 minutes. can you speed it up?",
              "change": [edit("Makefile", "\t$(TF) plan -out=$(ENV).tfplan",
                              "\t$(TF) plan -parallelism=40 -out=$(ENV).tfplan")],
              "broke": bash("time terraform -chdir=envs/prod plan -parallelism=40 "
                            "-out=prod.tfplan",
                            "╷\n│ Error: reading Route 53 Record (Z0846213ABCDEF_api.skerrick.io"
                            "_A): operation error Route 53: ListResourceRecordSets, exceeded "
                            "maximum number of attempts, 25, https response error StatusCode: "
                            "400, api error Throttling: Rate exceeded\n╵\n\nreal\t6m12s", 1),
              "revert": bash("git checkout -- Makefile", ""),
              "conclusion": "Back to Terraform's default of 10. At -parallelism=40 Route 53 "
                            "throttles (it allows about five requests a second per account) "
                            "and the plan died after 6 minutes with 'Throttling: Rate "
                            "exceeded'. The slow part is the ~300 DNS records; moving the dns "
                            "module into its own state would help more."}),
    ]
    noise: list[Episode] = [
        [Step(prompt="fmt check failing in ci"),
         Step(tools=[bash("terraform fmt -check -recursive", "modules/queues/main.tf", 3),
                     bash("terraform fmt -recursive && terraform fmt -check -recursive",
                          "modules/queues/main.tf")]),
         Step(text="Formatted modules/queues/main.tf; the check passes.")],
        [Step(prompt="any hard-coded AMI ids left?"),
         Step(tools=[grep("ami-[0-9a-f]{8,}", ["modules/bastion/main.tf"])]),
         Step(text="One: modules/bastion/main.tf. Everything else uses the aws_ami data "
                   "source.")],
        [Step(prompt="which modules use count where for_each would be safer?"),
         Step(tools=[agent("Audit count usage",
                           "List resources in modules/ that use count over a list (where "
                           "removing an element would shift indexes) and suggest for_each.",
                           "Two: modules/network/subnets.tf creates private subnets with count "
                           "= length(var.private_cidrs), and modules/queues/dlq.tf creates "
                           "dead-letter queues with count over var.queue_names. Both would "
                           "re-create resources if an element in the middle is removed; "
                           "for_each over a map keyed by AZ / queue name avoids that, with "
                           "moved blocks for the migration.", "c81f3a0b92", "Explore", 7)]),
         Step(text="Subnets and the dead-letter queues. Switching them to for_each needs moved "
                   "blocks so nothing is re-created — I can do that as a separate change.")],
        [Step(prompt="plan for replacing the bastion ssh with session manager. no code"),
         Step(tools=[todo_write([("Attach the SSM core policy to the bastion role", "pending",
                                  "Attaching the SSM policy"),
                                 ("VPC endpoints for ssm, ssmmessages, ec2messages", "pending",
                                  "Adding VPC endpoints"),
                                 ("Drop the port 22 rule", "pending", "Dropping port 22"),
                                 ("Document the port-forwarding command", "pending",
                                  "Writing docs")])]),
         Step(text="Four steps; dropping port 22 comes last so nobody is locked out. Say go "
                   "when you want it.")],
        [Step(prompt="explain the network module's cidr layout"),
         Step(tools=[read("modules/network/main.tf",
                          "locals {\n  public_cidrs  = [for i in range(3) : "
                          "cidrsubnet(var.cidr, 8, i)]\n  private_cidrs = [for i in range(3) : "
                          "cidrsubnet(var.cidr, 4, i + 1)]\n}\n")]),
         Step(text="From the VPC's /16: three small public /24s (one per AZ) for load "
                   "balancers and NAT, and three /20s for the private subnets, starting at "
                   "the second /20 so they never overlap the public ones.")],
        [Step(prompt="last few commits?"),
         Step(tools=[bash("git log --oneline -4",
                          "e90a1c4 api: bump desired_count to 3 in prod\n51b7d02 queues: "
                          "dead-letter queue for invoices\nc3f8e61 network: flow logs to S3\n"
                          "0a2d9b7 bastion: restrict ssh to office IP")]),
         Step(text="Four recent commits: api scaling in prod, an invoices DLQ, VPC flow logs "
                   "and a bastion SSH restriction.")],
        [Step(prompt="data source vs resource, one line"),
         Step(text="A resource is something Terraform creates and owns; a data source only "
                   "reads something that already exists, so Terraform never changes or "
                   "destroys it.")],
        [Step(prompt="typo in the api module: 'desried count of tasks'"),
         Step(tools=[edit("modules/api/variables.tf",
                          "  description = \"desried count of tasks\"",
                          "  description = \"desired count of tasks\"")]),
         Step(text="Fixed.")],
        [Step(prompt="what's the dev load balancer's dns name"),
         Step(tools=[bash("terraform -chdir=envs/dev output -raw alb_dns_name",
                          "skerrick-dev-alb-1203948812.eu-central-1.elb.amazonaws.com")]),
         Step(text="skerrick-dev-alb-1203948812.eu-central-1.elb.amazonaws.com.")],
        [Step(prompt="how many api images are in ecr"),
         Step(tools=[bash("aws ecr describe-images --repository-name skerrick-api --query "
                          "'length(imageDetails)'", "214")]),
         Step(text="214 images. A lifecycle policy keeping the last 50 would clear most of "
                   "them.")],
    ]
    return Project(
        "skerrick", "git@github.com:skerrick-ops/skerrick.git",
        {"README.md": "# skerrick\n\nTerraform for the dev, staging and prod AWS "
                      "accounts.\n",
         "Makefile": "ENV ?= dev\n"},
        facts, noise, "aws")


# ------------------------------------------------------------------- gorsebank
def gorsebank() -> Project:
    mig = "boxes/migrations/0027_backfill_box_size.py"
    mig_head = ("from django.db import migrations\n\nSIZES = {\"S\": \"small\", \"M\": "
                "\"medium\", \"L\": \"large\"}\n\n\ndef forwards(apps, schema_editor):\n    "
                "Box = apps.get_model(\"boxes\", \"Box\")\n    for code, size in SIZES.items():"
                "\n        Box.objects.filter(size_code=code).update(size=size)\n\n\n")
    mig_tail = ("class Migration(migrations.Migration):\n    dependencies = [(\"boxes\", "
                "\"0026_box_size\")]\n    operations = [migrations.RunPython(forwards, {})]\n")
    facts = [
        Fact("conv-reverse", "convention", ["RunPython.noop"],
             ["I'm writing a data migration that backfills delivery_day, what should its "
              "reverse function do?",
              "what are the rules for data migrations in this project?"],
             "gorsebank data migrations always get a real reverse function that undoes them; "
             "migrations.RunPython.noop is not allowed (staging gets rolled back regularly).",
             {"task": "backfill Box.size from the old size_code column",
              "rule": "data migrations always get a real reverse function, "
                      "migrations.RunPython.noop isn't allowed, we roll staging back regularly",
              "follow": [write(mig, mig_head + "def backwards(apps, schema_editor):\n    Box "
                               "= apps.get_model(\"boxes\", \"Box\")\n    for code, size in "
                               "SIZES.items():\n        Box.objects.filter(size=size).update("
                               "size_code=code)\n\n\n" + mig_tail.format("backwards"))],
              "contrary": write(mig, mig_head + mig_tail.format("migrations.RunPython.noop")),
              "check": bash("python manage.py migrate boxes 0027 && python manage.py migrate "
                            "boxes 0026 && python manage.py migrate boxes",
                            "Running migrations:\n  Applying boxes.0027_backfill_box_size... OK"
                            "\nRendering model states... DONE\n  Unapplying "
                            "boxes.0027_backfill_box_size... OK\nRunning migrations:\n  "
                            "Applying boxes.0027_backfill_box_size... OK"),
              "done": "0027 fills Box.size from size_code, and its backwards function restores "
                      "size_code; migrating forward, back and forward again works."}),
        Fact("conv-acks", "convention", ["acks_late"],
             ["write a celery task that sends the weekly invoice reminder",
              "how should background tasks be declared in this codebase?"],
             "gorsebank Celery tasks take primary keys, never model instances, and are "
             "declared with @shared_task(acks_late=True) so a crashed worker's task is "
             "redelivered.",
             {"task": "add a task that emails the packing list to the farm each morning",
              "rule": "tasks take ids, never model instances, and are declared with "
                      "acks_late=True so a worker crash redelivers them",
              "follow": [edit("deliveries/tasks.py", "from celery import shared_task\n",
                              "from celery import shared_task\n\nfrom .models import "
                              "DeliveryRound\nfrom .packing import build_packing_list\n\n\n"
                              "@shared_task(acks_late=True)\ndef email_packing_list(round_id: "
                              "int) -> None:\n    delivery_round = DeliveryRound.objects.get("
                              "pk=round_id)\n    build_packing_list(delivery_round).send()\n")],
              "contrary": edit("deliveries/tasks.py", "from celery import shared_task\n",
                               "from celery import shared_task\n\nfrom .packing import "
                               "build_packing_list\n\n\n@shared_task\ndef email_packing_list("
                               "delivery_round):\n    build_packing_list(delivery_round)."
                               "send()\n"),
              "check": bash("ruff check deliveries && python manage.py check",
                            "All checks passed!\nSystem check identified no issues (0 "
                            "silenced)."),
              "done": "email_packing_list(round_id) loads the round itself and sends the "
                      "packing list; add it to the beat schedule when you want it daily."}),
        Fact("cmd-tests", "command", ["--ds=gorsebank.settings.test"],
             ["pytest errors out trying to reach the message broker, how am I meant to run "
              "the tests?",
              "run the tests for the deliveries app"],
             "Run gorsebank's tests with `pytest --ds=gorsebank.settings.test` (add -n 4 for "
             "xdist); without it pytest-django uses the dev settings from the shell and fails "
             "trying to reach the Celery broker.",
             {"goal": "how do we run the test suite locally?",
              "fail": bash("pytest -q",
                           "ImportError while loading conftest '/app/conftest.py'.\n"
                           "conftest.py:9: in <module>\n    app.connection().ensure_connection("
                           "max_retries=1)\nkombu.exceptions.OperationalError: [Errno -3] "
                           "Temporary failure in name resolution", 4),
              "probe": [read("setup.cfg",
                             "[tool:pytest]\naddopts = -p no:cacheprovider --reuse-db\n"
                             "python_files = tests.py test_*.py\n"),
                        bash("echo $DJANGO_SETTINGS_MODULE", "gorsebank.settings.dev")],
              "note": "setup.cfg doesn't name a settings module, so pytest-django takes "
                      "DJANGO_SETTINGS_MODULE from the shell — the dev settings, which talk to "
                      "the real broker. The test settings (in-memory broker, locmem email) "
                      "have to be passed explicitly.",
              "ok": bash("pytest --ds=gorsebank.settings.test -n 4",
                         "created: 4/4 workers\n4 workers [318 items]\n\n"
                         "........................................................\n318 "
                         "passed in 41.27s"),
              "hint": "tests want the test settings. pytest --ds=gorsebank.settings.test",
              "done": "318 tests pass in 41 s with the test settings on 4 xdist workers."}),
        Fact("cmd-worker", "command", ["-A gorsebank.celery_app"],
             ["set up a celery worker on my machine so the weekly box generation actually "
              "runs",
              "what do I pass as the app argument to our celery commands?"],
             "Start a gorsebank worker with `celery -A gorsebank.celery_app worker -Q "
             "boxes,emails -l info`: the Celery app lives in gorsebank/celery_app.py "
             "(`-A gorsebank` fails), and tasks are only routed to the boxes and emails "
             "queues.",
             {"goal": "how do we start a celery worker locally?",
              "fail": bash("celery -A gorsebank worker -l info",
                           "Usage: celery [OPTIONS] COMMAND [ARGS]...\nTry 'celery --help' "
                           "for help.\n\nError: Invalid value for '-A' / '--app':\nUnable to "
                           "load celery application.\nModule 'gorsebank' has no attribute "
                           "'celery'", 2),
              "probe": [read("Procfile",
                             "web: gunicorn gorsebank.wsgi --workers 3\nworker: celery -A "
                             "gorsebank.celery_app worker -Q boxes,emails -c 4 -l info\nbeat: "
                             "celery -A gorsebank.celery_app beat -l info\n")],
              "note": "The Celery app isn't exported from the package's __init__; it lives in "
                      "its own module, which the Procfile passes to -A. The worker also has "
                      "to consume the boxes and emails queues — nothing is routed to the "
                      "default one.",
              "ok": bash("celery -A gorsebank.celery_app worker -Q boxes,emails -l info",
                         " -------------- celery@devbox v5.4.0 (opalescent)\n[queues]\n  .> "
                         "boxes   exchange=boxes(direct) key=boxes\n  .> emails  "
                         "exchange=emails(direct) key=emails\n\n[tasks]\n  . "
                         "boxes.tasks.generate_weekly_boxes\n  . "
                         "deliveries.tasks.send_delivery_reminders\n\ncelery@devbox ready."),
              "hint": "app is gorsebank.celery_app, and give it -Q boxes,emails",
              "done": "The worker is up, consuming boxes and emails, with the box generation "
                      "and delivery reminder tasks registered."}),
        Fact("env-redis", "environment", ["6380"],
             ["which port is the local redis broker published on?",
              "write the broker URL line for my .env so celery can reach the compose redis"],
             "gorsebank's local Redis (the Celery broker) is on host port 6380, not 6379: "
             "docker-compose maps 6380->6379, and CELERY_BROKER_URL=redis://localhost:6380/0.",
             {"goal": "redis-cli can't connect to the broker. which port is it on?",
              "probe": [bash("docker compose ps db redis --format 'table "
                             "{{.Service}}\\t{{.Ports}}'",
                             "SERVICE   PORTS\ndb        0.0.0.0:5433->5432/tcp\nredis     "
                             "0.0.0.0:6380->6379/tcp"),
                        bash("grep -n BROKER .env.example",
                             "4:CELERY_BROKER_URL=redis://localhost:6380/0")],
              "confirm": "Redis is published on host port 6380, not 6379 — docker-compose "
                         "maps 6380->6379 so it doesn't clash with a system Redis, and "
                         ".env.example sets CELERY_BROKER_URL=redis://localhost:6380/0. Use "
                         "`redis-cli -p 6380`.",
              "while": ("is postgres on a non-standard port too?",
                        "Yes: the compose Postgres is published on host port 5433.")}),
        Fact("env-mail", "environment", ["Mailpit"],
             ["how can I see the password reset email I just triggered on my local instance?",
              "what catches outgoing mail in the dev docker setup?"],
             "In gorsebank dev all outgoing email goes to the Mailpit container (SMTP "
             "localhost:1025); read it in the Mailpit web UI at http://localhost:8025.",
             {"goal": "where do emails go in dev? the signup confirmation never arrives",
              "probe": [bash("grep -n EMAIL gorsebank/settings/dev.py",
                             "18:EMAIL_HOST = \"localhost\"\n19:EMAIL_PORT = 1025"),
                        bash("docker compose ps mailpit --format '{{.Image}} {{.Ports}}'",
                             "axllent/mailpit:v1.18 0.0.0.0:1025->1025/tcp, "
                             "0.0.0.0:8025->8025/tcp")],
              "confirm": "Nothing leaves your machine in dev: the dev settings send SMTP to "
                         "localhost:1025, which is the Mailpit container. Its inbox is at "
                         "http://localhost:8025 — the signup confirmation will be there.",
              "while": ("does the dev setup send real emails?",
                        "No — the dev settings point SMTP at localhost:1025.")}),
        Fact("gotcha-oncommit", "gotcha", ["on_commit"],
             ["my celery task sometimes can't find the object I just created, what's going "
              "on?",
              "enqueue a welcome email task when a customer account is created"],
             "In gorsebank, tasks enqueued inside transaction.atomic must be sent with "
             "transaction.on_commit(lambda: task.delay(pk)); otherwise the worker can run "
             "before the commit and raise DoesNotExist.",
             {"symptom": "send_box_confirmation sometimes fails with Box.DoesNotExist, but the "
                         "box is in the db when I look",
              "probe": [bash("grep DoesNotExist logs/worker.log | tail -2",
                             "[ERROR/ForkPoolWorker-2] Task boxes.tasks.send_box_confirmation"
                             "[9c1e7a42] raised unexpected: DoesNotExist('Box matching query "
                             "does not exist.')\n[ERROR/ForkPoolWorker-1] Task "
                             "boxes.tasks.send_box_confirmation[0b5d33f1] raised unexpected: "
                             "DoesNotExist('Box matching query does not exist.')"),
                        read("boxes/services.py",
                             "@transaction.atomic\ndef subscribe(customer, plan):\n    box = "
                             "Box.objects.create(customer=customer, plan=plan)\n    "
                             "Delivery.objects.bulk_create(schedule_for(box))\n    "
                             "send_box_confirmation.delay(box.pk)\n    return box\n")],
              "explain": "subscribe() runs inside transaction.atomic and enqueues the task "
                         "before the transaction commits. A quick worker picks it up while the "
                         "row is still invisible to other connections — DoesNotExist — and by "
                         "the time you look, it's committed. The task must be sent with "
                         "transaction.on_commit(...) so it only goes out after the commit.",
              "told": "task fires before the transaction commits. wrap the delay in "
                      "transaction.on_commit",
              "fix": [edit("boxes/services.py", "    send_box_confirmation.delay(box.pk)",
                           "    transaction.on_commit(lambda: "
                           "send_box_confirmation.delay(box.pk))")],
              "verify": bash("ruff check boxes && python manage.py check",
                             "All checks passed!\nSystem check identified no issues (0 "
                             "silenced)."),
              "done": "Confirmations are only enqueued once the box is committed."}),
        Fact("gotcha-tz", "gotcha", ["CELERY_TIMEZONE"],
             ["a scheduled job runs an hour later than configured since the clocks changed, "
              "why?",
              "add a beat entry that sends the delivery reminders every Friday at 17:00 Irish "
              "time"],
             "gorsebank's Celery beat ignores Django's TIME_ZONE: CELERY_TIMEZONE = "
             "\"Europe/Dublin\" must be set in settings/base.py, otherwise crontab schedules "
             "are evaluated in UTC (an hour late in summer).",
             {"symptom": "the packing list email arrives at 7 in summer instead of 6",
              "probe": [read("gorsebank/settings/base.py",
                             "TIME_ZONE = \"Europe/Dublin\"\nUSE_TZ = True\n\n"
                             "CELERY_BEAT_SCHEDULE = {\n    \"packing-list\": {\n        "
                             "\"task\": \"deliveries.tasks.email_todays_packing_list\",\n      "
                             "  \"schedule\": crontab(hour=6, minute=0),\n    },\n}\n"),
                        bash("grep -rn 'TIMEZONE' gorsebank/settings/", "", 1)],
              "explain": "Django's TIME_ZONE is Europe/Dublin, but Celery doesn't read it — "
                         "it has its own setting, and with no CELERY_TIMEZONE beat evaluates "
                         "crontab(hour=6) in UTC: 06:00 in winter, 07:00 Irish summer time. "
                         "Setting CELERY_TIMEZONE in base.py fixes it.",
              "told": "celery ignores TIME_ZONE. without CELERY_TIMEZONE beat runs on utc",
              "fix": [edit("gorsebank/settings/base.py", "TIME_ZONE = \"Europe/Dublin\"",
                           "TIME_ZONE = \"Europe/Dublin\"\nCELERY_TIMEZONE = TIME_ZONE  # beat "
                           "crontabs are UTC otherwise")],
              "verify": bash("python manage.py shell -c \"from celery import current_app; "
                             "print(current_app.conf.timezone)\"", "Europe/Dublin"),
              "done": "Beat schedules in Europe/Dublin now, so the packing list goes out at "
                      "06:00 local all year."}),
        Fact("fals-sqlite", "falsified", ["SQLite"],
             ["could the tests use a lightweight file or in-memory database instead of "
              "postgres to go faster?",
              "why do the tests need the postgres container at all?"],
             "Running gorsebank's tests on SQLite (in-memory) was tried and reverted: the "
             "models use Postgres-only fields (ArrayField), so migrations fail on SQLite; the "
             "tests need Postgres.",
             {"ask": "test suite takes 40 seconds. try an in-memory database for tests?",
              "change": [write("gorsebank/settings/fasttest.py",
                               "from .test import *  # noqa: F403\n\nDATABASES = {\"default\": "
                               "{\"ENGINE\": \"django.db.backends.sqlite3\", \"NAME\": "
                               "\":memory:\"}}\n")],
              "broke": bash("pytest --ds=gorsebank.settings.fasttest -x -q",
                            "Creating test database for alias 'default'...\nE   "
                            "django.db.utils.OperationalError: near \"[\": syntax error\n    "
                            "while applying boxes.0004_box_excluded_items (ArrayField "
                            "excluded_items)\n1 error in 3.12s", 1),
              "revert": bash("rm gorsebank/settings/fasttest.py", ""),
              "conclusion": "Removed the trial settings again. The tests can't run on SQLite: "
                            "Box.excluded_items is a Postgres ArrayField (and the search uses "
                            "a search vector), so migrations fail on SQLite before a single "
                            "test runs. For speed, --reuse-db and more xdist workers against "
                            "the compose Postgres are the levers."}),
        Fact("fals-eager", "falsified", ["CELERY_TASK_ALWAYS_EAGER"],
             ["can I make celery tasks execute synchronously in development so I don't need "
              "a worker running?",
              "why don't we just run background jobs inline when developing locally?"],
             "Setting CELERY_TASK_ALWAYS_EAGER = True in gorsebank's dev settings was tried "
             "and reverted: the weekly box generation chord fails in eager mode ('Never call "
             "result.get() within a task!'); dev runs a real worker.",
             {"ask": "running a worker just to click through signup locally is annoying. can "
                     "tasks run inline in dev?",
              "change": [edit("gorsebank/settings/dev.py", "EMAIL_PORT = 1025",
                              "EMAIL_PORT = 1025\nCELERY_TASK_ALWAYS_EAGER = True")],
              "broke": bash("python manage.py generate_boxes --week 2024-W26",
                            "Traceback (most recent call last):\n  File \"/app/boxes/tasks.py\""
                            ", line 41, in generate_weekly_boxes\n    result = chord(pack.s(b) "
                            "for b in box_ids)(finalize_week.s()).get()\nRuntimeError: Never "
                            "call result.get() within a task!\nSee https://docs.celeryq.dev/en/"
                            "latest/userguide/tasks.html#avoid-launching-synchronous-subtasks",
                            1),
              "revert": bash("git checkout -- gorsebank/settings/dev.py", ""),
              "conclusion": "Took CELERY_TASK_ALWAYS_EAGER back out. In eager mode the weekly "
                            "box generation — a chord whose callback waits on its parts — runs "
                            "inside the calling task and Celery refuses ('Never call "
                            "result.get() within a task!'); eager mode also hides the retry "
                            "and transaction timing you'd want to see. Dev keeps a real "
                            "worker."}),
    ]
    noise: list[Episode] = [
        [Step(prompt="lint"),
         Step(tools=[bash("ruff check .",
                          "boxes/admin.py:3:1: F401 [*] `django.db.models.Count` imported "
                          "but unused\nFound 1 error.\n[*] 1 fixable with the `--fix` "
                          "option.", 1),
                     bash("ruff check --fix . && ruff check .",
                          "Found 1 error (1 fixed, 0 remaining).\nAll checks passed!")]),
         Step(text="One unused import in boxes/admin.py, fixed; ruff is clean.")],
        [Step(prompt="any model changes without migrations?"),
         Step(tools=[bash("python manage.py makemigrations --check --dry-run",
                          "No changes detected")]),
         Step(text="None — models and migrations agree.")],
        [Step(prompt="the box admin list is slow, find out why"),
         Step(tools=[agent("Profile the box admin",
                           "Find why the Django admin changelist for boxes.Box is slow; "
                           "look for N+1 queries in list_display and the admin class.",
                           "BoxAdmin.list_display includes customer_name and plan_label, both "
                           "methods that follow foreign keys, so each row costs two extra "
                           "queries (about 200 queries per page of 100). Adding "
                           "list_select_related = (\"customer\", \"plan\") to BoxAdmin brings "
                           "it down to 3 queries per page.", "f03b7c2e88",
                           "general-purpose", 9)]),
         Step(text="N+1: two foreign-key lookups per row in list_display. "
                   "list_select_related on customer and plan fixes it; want me to add it?")],
        [Step(prompt="plan the pause-subscription feature, no code yet"),
         Step(tools=[todo_write([("Add paused_from / paused_until to Subscription", "pending",
                                  "Adding pause fields"),
                                 ("Skip paused weeks in box generation", "pending",
                                  "Skipping paused weeks"),
                                 ("Customer-facing pause form", "pending",
                                  "Building the form"),
                                 ("Tests for overlapping pauses", "pending",
                                  "Writing tests")])]),
         Step(text="Four steps: fields, generation, the form, tests. Tell me when to start.")],
        [Step(prompt="what fields does Box have"),
         Step(tools=[read("boxes/models.py",
                          "class Box(models.Model):\n    customer = models.ForeignKey("
                          "Customer, on_delete=models.PROTECT)\n    plan = models.ForeignKey("
                          "Plan, on_delete=models.PROTECT)\n    size = models.CharField("
                          "max_length=10)\n    week = models.CharField(max_length=8)\n    "
                          "packed_at = models.DateTimeField(null=True, blank=True)\n")]),
         Step(text="customer and plan (protected foreign keys), size, the ISO week as a "
                   "string, and packed_at, null until the box is packed.")],
        [Step(prompt="where do we use select_for_update"),
         Step(tools=[grep("select_for_update", ["deliveries/services.py",
                                                "boxes/stock.py"])]),
         Step(text="Two places: assigning deliveries to rounds, and reserving stock.")],
        [Step(prompt="bulk_create vs a loop of save(), what's the catch?"),
         Step(text="bulk_create is one query instead of N, but it skips save() and the "
                   "pre_save/post_save signals, and on most backends won't set "
                   "auto-generated fields other than the primary key. If a signal or "
                   "overridden save() matters, it won't run.")],
        [Step(prompt="branch state?"),
         Step(tools=[bash("git status --short", " M boxes/admin.py"),
                     bash("git log --oneline -3",
                          "3e1f0a9 deliveries: round capacity per van\nb82c4d1 boxes: "
                          "excluded items per customer\n77ad5e0 accounts: email change "
                          "confirmation")]),
         Step(text="boxes/admin.py modified (the ruff fix), on top of three commits.")],
        [Step(prompt="typo in the order confirmation template: 'Your vegtables'"),
         Step(tools=[edit("boxes/templates/boxes/confirmation.html",
                          "<h1>Your vegtables are on the way</h1>",
                          "<h1>Your vegetables are on the way</h1>")]),
         Step(text="Fixed.")],
        [Step(prompt="web container keeps restarting, check logs"),
         Step(tools=[bash("docker compose logs web --tail 5",
                          "web-1  | django.core.exceptions.ImproperlyConfigured: The "
                          "SECRET_KEY setting must not be empty.\nweb-1 exited with code 1"),
                     bash("grep -c DJANGO_SECRET_KEY .env", "0", 1)]),
         Step(text="The web container has no SECRET_KEY: your .env lacks DJANGO_SECRET_KEY. "
                   "Copy the line from .env.example and it'll start.")],
    ]
    return Project(
        "gorsebank", "git@github.com:gorse-coop/gorsebank.git",
        {"README.md": "# gorsebank\n\nVeg-box subscriptions for the farm co-op (Django + "
                      "Celery).\n",
         "manage.py": "#!/usr/bin/env python\nimport os\nimport sys\n"},
        facts, noise, "stripe")


# ------------------------------------------------------------------- hollowtine
def hollowtine() -> Project:
    proc = "Source/PluginProcessor.cpp"
    vst3 = "build/release/Hollowtine_artefacts/Release/VST3/Hollowtine.vst3"
    bench = "./build/release/bench/hollowtine_bench --input silence --seconds 10"
    facts = [
        Fact("conv-rawparam", "convention", ["getRawParameterValue"],
             ["I'm wiring the new tone knob into the DSP, how should processBlock read its "
              "value?",
              "what's the rule for reading parameter values on the audio thread?"],
             "In hollowtine, processBlock never looks parameters up by ID string: cache the "
             "std::atomic<float>* from apvts.getRawParameterValue in the processor constructor "
             "and load() it on the audio thread.",
             {"task": "hook the new wobble knob up to the chorus depth",
              "rule": "processBlock never looks parameters up by string, cache the "
                      "std::atomic<float>* from apvts.getRawParameterValue in the constructor "
                      "and load() it",
              "follow": [edit("Source/PluginProcessor.h",
                              "    std::atomic<float>* mixParam = nullptr;",
                              "    std::atomic<float>* mixParam = nullptr;\n    "
                              "std::atomic<float>* wobbleParam = nullptr;"),
                         edit(proc, "    mixParam = apvts.getRawParameterValue (\"mix\");",
                              "    mixParam = apvts.getRawParameterValue (\"mix\");\n    "
                              "wobbleParam = apvts.getRawParameterValue (\"wobble\");"),
                         edit(proc, "    chorus.setMix (mixParam->load());",
                              "    chorus.setMix (mixParam->load());\n    "
                              "chorus.setWobbleDepth (wobbleParam->load());")],
              "contrary": edit(proc, "    chorus.setMix (mixParam->load());",
                               "    chorus.setMix (mixParam->load());\n    "
                               "chorus.setWobbleDepth (apvts.getParameter (\"wobble\")->"
                               "getValue());"),
              "check": bash("cmake --build build/release --target Hollowtine_VST3 -j8 2>&1 | "
                            "tail -1",
                            "[42/42] Linking CXX shared module Hollowtine_artefacts/Release/"
                            "VST3/Hollowtine.vst3/Contents/MacOS/Hollowtine"),
              "done": "The wobble knob now drives the chorus depth through a pointer cached in "
                      "the constructor; the VST3 builds cleanly."}),
        Fact("conv-paramid", "convention", ["ParameterID"],
             ["add a low-cut frequency parameter to the plugin",
              "what do I need to watch out for when declaring or renaming plugin parameters?"],
             "Every hollowtine parameter is declared with a versioned juce::ParameterID "
             "{ \"id\", versionHint } (the plugin version it was added in), and existing "
             "parameter IDs are never renamed: hosts store automation and presets by ID.",
             {"task": "add a tape age parameter, 0 to 1, default 0.3",
              "rule": "every parameter gets a versioned juce::ParameterID { id, version it was "
                      "added in }, and existing IDs are never renamed — hosts store automation "
                      "by ID",
              "follow": [edit("Source/Parameters.cpp", "    return layout;",
                              "    layout.add (std::make_unique<juce::AudioParameterFloat> ("
                              "\n        juce::ParameterID { \"age\", 3 }, \"Tape Age\",\n     "
                              "   juce::NormalisableRange<float> (0.0f, 1.0f), 0.3f));\n\n    "
                              "return layout;")],
              "contrary": edit("Source/Parameters.cpp", "    return layout;",
                               "    layout.add (std::make_unique<juce::AudioParameterFloat> ("
                               "\"age\", \"Tape Age\", 0.0f, 1.0f, 0.3f));\n\n    return "
                               "layout;"),
              "check": bash("ctest --test-dir build/release -R Parameters --output-on-failure",
                            "Test project build/release\n    Start 2: Parameters.Layout\n1/3 "
                            "Test #2: Parameters.Layout ........   Passed    0.02 sec\n...\n"
                            "100% tests passed, 0 tests failed out of 3"),
              "done": "Tape Age (0–1, default 0.3) is in the layout with version 3, the "
                      "release it ships in; the parameter tests pass."}),
        Fact("cmd-pluginval", "command", ["--skip-gui-tests"],
             ["pluginval segfaults on the linux runner at the editor test, what flag are we "
              "missing?",
              "validate the VST3 in the headless CI container"],
             "hollowtine's pluginval run on headless CI needs `--skip-gui-tests` (pluginval "
             "--strictness-level 8 --skip-gui-tests --validate <vst3>); otherwise the Editor "
             "test segfaults without an X11 display.",
             {"goal": "pluginval job in CI keeps crashing. how do we run it properly?",
              "fail": bash(f"pluginval --strictness-level 8 --validate {vst3}",
                           f"Started validating: {vst3}\nStarting test: pluginval / Editor..."
                           "\nX11 display could not be opened: :0\n*** FAILED: Segmentation "
                           "fault (core dumped)", 139),
              "probe": [bash("gh run view 9912034 --log-failed | tail -3",
                             "validate  pluginval  Starting test: pluginval / Editor...\n"
                             "validate  pluginval  X11 display could not be opened\nvalidate  "
                             "pluginval  ##[error]Process completed with exit code 139.")],
              "note": "The runner is headless and pluginval's Editor test tries to open the "
                      "plugin window — same crash as here. Its GUI tests have to be skipped "
                      "on machines without a display.",
              "ok": bash(f"pluginval --strictness-level 8 --skip-gui-tests --validate {vst3}",
                         f"Started validating: {vst3}\n...\nAll tests completed "
                         "successfully\nSUCCESS"),
              "hint": "no display in ci. --skip-gui-tests",
              "done": "pluginval passes at strictness 8 with the GUI tests skipped; the CI "
                      "step needs the same flag."}),
        Fact("cmd-preset", "command", ["ninja-release"],
             ["I just cloned the plugin repo on a new mac, what are the steps to get an "
              "optimised build?",
              "which cmake preset do we configure release builds with?"],
             "Build hollowtine from a fresh clone with `git submodule update --init "
             "--recursive`, then `cmake --preset ninja-release` and `cmake --build --preset "
             "ninja-release` (output in build/release); a bare `cmake -B build` fails.",
             {"goal": "fresh clone — how do we configure and build?",
              "fail": bash("cmake -B build && cmake --build build",
                           "CMake Error at CMakeLists.txt:14 (add_subdirectory):\n  "
                           "add_subdirectory given source \"extern/JUCE\" which is not an "
                           "existing directory.\n\nCMake Error at CMakeLists.txt:31 "
                           "(juce_add_plugin):\n  Unknown CMake command \"juce_add_plugin\".\n"
                           "-- Configuring incomplete, errors occurred!", 1),
              "probe": [bash("git submodule status && jq -r '.configurePresets[].name' "
                             "CMakePresets.json",
                             "-a3f19c2e8d7b61f04c5e9b2a7d3c1e0f9a8b7c6d extern/JUCE\n"
                             "-5be0d12f7a6c3e9b8d4f2a1c0e7b6d5a4f3e2d1c extern/clap-juce-"
                             "extensions\nninja-debug\nninja-release\nxcode")],
              "note": "Two things: the JUCE and clap-juce-extensions submodules aren't checked "
                      "out (the leading '-'), and the project configures through "
                      "CMakePresets.json, not a hand-made build dir.",
              "ok": bash("git submodule update --init --recursive && cmake --preset "
                         "ninja-release && cmake --build --preset ninja-release",
                         "Submodule path 'extern/JUCE': checked out "
                         "'a3f19c2e8d7b61f04c5e9b2a7d3c1e0f9a8b7c6d'\nSubmodule path "
                         "'extern/clap-juce-extensions': checked out "
                         "'5be0d12f7a6c3e9b8d4f2a1c0e7b6d5a4f3e2d1c'\n-- Build files have "
                         "been written to: build/release\n[312/312] Linking CXX executable "
                         "Hollowtine_artefacts/Release/Standalone/Hollowtine.app"),
              "hint": "submodules first, then the preset: cmake --preset ninja-release and "
                      "build with the same preset",
              "done": "Built: VST3, AU, CLAP and the standalone app are in "
                      "build/release/Hollowtine_artefacts/Release."}),
        Fact("env-code", "environment", ["Htn1"],
             ["what four-character code identifies the plugin itself to hosts?",
              "write the auval command line that validates our audio unit"],
             "hollowtine registers with plugin code Htn1 and manufacturer code Wrnb "
             "(juce_add_plugin in CMakeLists.txt; auval triple `aufx Htn1 Wrnb`); never change "
             "them, hosts identify saved instances by them.",
             {"goal": "which plugin and manufacturer codes do we register? setting up the "
                      "auval call",
              "probe": [bash("grep -n -E 'PLUGIN_CODE|PLUGIN_MANUFACTURER_CODE|COMPANY_NAME'"
                             " CMakeLists.txt",
                             "33:    COMPANY_NAME \"Wrenbyte Audio\"\n34:    "
                             "PLUGIN_MANUFACTURER_CODE Wrnb\n35:    PLUGIN_CODE Htn1")],
              "confirm": "The plugin registers with manufacturer code Wrnb and plugin code "
                         "Htn1 (juce_add_plugin in CMakeLists.txt); it's an effect, so the "
                         "auval triple is `aufx Htn1 Wrnb`. Don't change these: hosts "
                         "identify saved instances by them.",
              "while": ("what's the company name in the plugin metadata?",
                        "COMPANY_NAME is \"Wrenbyte Audio\".")}),
        Fact("env-notary", "environment", ["hollowtine-notary"],
             ["which stored credential profile does notarytool use for our releases?",
              "notarize the 1.4.0 mac zip for me"],
             "hollowtine's macOS notarization uses the notarytool keychain profile "
             "hollowtine-notary (xcrun notarytool submit <zip> --keychain-profile "
             "hollowtine-notary --wait, in scripts/release-mac.sh).",
             {"goal": "about to notarize the mac build. which credentials do we use?",
              "probe": [bash("grep -n notarytool scripts/release-mac.sh",
                             "27:xcrun notarytool submit \"$ZIP\" --keychain-profile "
                             "hollowtine-notary --wait"),
                        bash("xcrun notarytool history --keychain-profile hollowtine-notary "
                             "| head -6",
                             "Successfully received submission history.\n  history\n    "
                             "--------------------------------------------------\n    "
                             "createdDate: 2024-06-02T10:14:51.120Z\n    name: "
                             "Hollowtine-1.3.0-mac.zip\n    status: Accepted")],
              "confirm": "Notarization uses the keychain profile hollowtine-notary (an "
                         "app-specific password saved with `xcrun notarytool "
                         "store-credentials`), exactly as scripts/release-mac.sh does, and it "
                         "works on this Mac — the last submission, 1.3.0, was Accepted.",
              "while": ("when was the last mac release notarized?",
                        "Hollowtine-1.3.0-mac.zip was accepted on 2 June.")}),
        Fact("gotcha-denormals", "gotcha", ["ScopedNoDenormals"],
             ["CPU usage shoots up when the track stops but the plugin is still on, what "
              "causes that?",
              "I'm writing a new delay processor class, anything its process function must "
              "do first?"],
             "hollowtine's processBlock must start with juce::ScopedNoDenormals: without "
             "flush-to-zero the feedback and tape filters decay into denormals on silent "
             "input and the CPU cost per block jumps about tenfold.",
             {"symptom": "cpu meter jumps to 60% when the input goes silent with feedback up",
              "probe": [bash(bench,
                             "block avg: 0.41 ms (input: sine, first 2 s)\nblock avg: 3.87 ms "
                             "(input: silence after 2 s)"),
                        read(proc,
                             "void HollowtineProcessor::processBlock (juce::AudioBuffer<float>"
                             "& buffer, juce::MidiBuffer&)\n{\n    const auto numSamples = "
                             "buffer.getNumSamples();\n    chorus.process (buffer);\n    "
                             "tape.process (buffer);\n}\n")],
              "explain": "When the input goes silent, the feedback path and the tape filters "
                         "decay into denormal floats, which the CPU handles 10-100x slower — "
                         "that's the spike. processBlock never enables flush-to-zero; its "
                         "first line has to be `juce::ScopedNoDenormals noDenormals;`.",
              "told": "denormals. processBlock is missing the ScopedNoDenormals line",
              "fix": [edit(proc, "{\n    const auto numSamples = buffer.getNumSamples();",
                           "{\n    juce::ScopedNoDenormals noDenormals;\n    const auto "
                           "numSamples = buffer.getNumSamples();")],
              "verify": bash(bench,
                             "block avg: 0.39 ms (input: sine, first 2 s)\nblock avg: 0.22 ms "
                             "(input: silence after 2 s)"),
              "done": "Silence costs 0.22 ms per block now instead of 3.87."}),
        Fact("gotcha-auval", "gotcha", ["AudioComponentRegistrar"],
             ["Logic keeps loading the previous build of the AU after I reinstall it, how do "
              "I make it notice?",
              "auval doesn't list the plugin I just built, what should I try?"],
             "After rebuilding hollowtine's AU in place, macOS keeps the old registration "
             "cached: `killall -9 AudioComponentRegistrar` forces a rescan so auval and Logic "
             "see the new build.",
             {"symptom": "rebuilt the AU but Logic still loads the old one and auval can't "
                         "find the new build",
              "probe": [bash("ls -la ~/Library/Audio/Plug-Ins/Components/ | grep -i hollowtine",
                             "drwxr-xr-x  3 dev  staff  96 Jun 12 14:02 "
                             "Hollowtine.component"),
                        bash("auval -a | grep -i wrenbyte", "", 1)],
              "explain": "The component was copied in at 14:02, but macOS caches the Audio "
                         "Unit registry in the AudioComponentRegistrar process and doesn't "
                         "always rescan after an in-place rebuild. Killing that process "
                         "forces a rescan.",
              "told": "stale AU cache. kill AudioComponentRegistrar and it rescans",
              "fix": [bash("killall -9 AudioComponentRegistrar", "")],
              "verify": bash("auval -a | grep -ic wrenbyte", "1"),
              "done": "auval lists the rebuilt component again; restart Logic so it loads the "
                      "new binary."}),
        Fact("fals-iir", "falsified", ["filterHalfBandPolyphaseIIR"],
             ["can we reduce the latency the oversampler adds?",
              "why does the saturator still use the high-latency linear-phase filters?"],
             "Switching hollowtine's oversampling filter to juce::dsp::Oversampling's "
             "filterHalfBandPolyphaseIIR (for lower latency) was reverted: its non-linear "
             "phase makes the dry/wet mix comb-filter and the null test fail; the FIR "
             "equiripple filter stays.",
             {"ask": "oversampling adds 1.4 ms latency at 44.1k. can we make it lower "
                     "latency?",
              "change": [edit("Source/dsp/Saturator.cpp",
                              "juce::dsp::Oversampling<float>::filterHalfBandFIREquiripple",
                              "juce::dsp::Oversampling<float>::filterHalfBandPolyphaseIIR")],
              "broke": bash("ctest --test-dir build/release -R NullTest --output-on-failure",
                            "1/1 Test #4: NullTest.DryWetAtZeroDrive ...***Failed\n  residual "
                            "at 50% mix: -21.3 dBFS (limit -90 dBFS)\n  comb notches at 3.1 "
                            "kHz, 9.4 kHz\n0% tests passed, 1 tests failed out of 1", 8),
              "revert": bash("git checkout -- Source/dsp/Saturator.cpp", ""),
              "conclusion": "Back on the FIR equiripple filters. filterHalfBandPolyphaseIIR "
                            "does cut the latency, but its phase isn't linear, so mixing the "
                            "oversampled wet signal with the dry path combs (−21 dBFS "
                            "residual at 50% mix, notches at 3.1 and 9.4 kHz) and the dry/wet "
                            "null test fails. Lower latency would need a phase-matched dry "
                            "path, not that filter."}),
        Fact("fals-fastmath", "falsified", ["-ffast-math"],
             ["can we turn on aggressive floating-point optimisations in the release build "
              "for speed?",
              "what compiler optimisations did we rule out for the DSP code, and why?"],
             "Building hollowtine with -ffast-math was tried and reverted: it lets the "
             "compiler drop the std::isnan input guard, so NaN input passes through "
             "(Safety.NaNInputIsSilenced fails).",
             {"ask": "can we squeeze more speed out of the release build with compiler flags?",
              "change": [edit("CMakeLists.txt",
                              "target_compile_options(Hollowtine PRIVATE "
                              "$<$<CONFIG:Release>:-O3>)",
                              "target_compile_options(Hollowtine PRIVATE "
                              "$<$<CONFIG:Release>:-O3 -ffast-math>)"),
                         bash("cmake --build build/release -j8 2>&1 | tail -1",
                              "[42/42] Linking CXX shared module Hollowtine_artefacts/Release/"
                              "VST3/Hollowtine.vst3/Contents/MacOS/Hollowtine")],
              "broke": bash("ctest --test-dir build/release -R Safety --output-on-failure",
                            "1/1 Test #6: Safety.NaNInputIsSilenced ...***Failed\n  expected "
                            "finite output after NaN input, got nan at sample 0\n0% tests "
                            "passed, 1 tests failed out of 1", 8),
              "revert": bash("git checkout -- CMakeLists.txt && cmake --build build/release "
                             "-j8 2>&1 | tail -1",
                             "[42/42] Linking CXX shared module Hollowtine_artefacts/Release/"
                             "VST3/Hollowtine.vst3/Contents/MacOS/Hollowtine"),
              "conclusion": "Dropped -ffast-math again. It lets the compiler assume NaNs never "
                            "occur, so the std::isnan guard at the input was optimised away "
                            "and a NaN from the host passes straight through "
                            "(Safety.NaNInputIsSilenced fails) — one NaN on a bus can wreck a "
                            "whole mix. The ~6% speedup isn't worth that."}),
    ]
    noise: list[Episode] = [
        [Step(prompt="check nothing allocates on the audio thread"),
         Step(tools=[agent("Audit audio-thread allocations",
                           "Inspect everything reachable from processBlock in Source/ and "
                           "report heap allocations, locks or logging on the audio thread.",
                           "Clean apart from one spot: TapeModel::setAge() resizes "
                           "std::vector wowTable when the age changes, and it's called from "
                           "processBlock via parameter smoothing. Preallocating the table to "
                           "its maximum size in prepareToPlay() removes the allocation. No "
                           "locks or DBG calls on the audio path.", "e5a0c7d19b",
                           "general-purpose", 11)]),
         Step(text="One allocation: the wow table resize in TapeModel::setAge(). I'd size it "
                   "once in prepareToPlay — want that?")],
        [Step(prompt="plan a preset browser. no code yet"),
         Step(tools=[todo_write([("Preset file format (XML from the state tree)", "pending",
                                  "Defining the format"),
                                 ("Factory presets embedded as BinaryData", "pending",
                                  "Embedding factory presets"),
                                 ("User preset folder scan", "pending", "Scanning user presets"),
                                 ("Browser component in the editor header", "pending",
                                  "Building the browser")])]),
         Step(text="Four steps: format, factory presets, user folder, the browser UI. Say go "
                   "when you want it.")],
        [Step(prompt="what does ChorusLine::process do"),
         Step(tools=[read("Source/dsp/ChorusLine.cpp",
                          "void ChorusLine::process (float* x, int n)\n{\n    for (int i = 0; "
                          "i < n; ++i)\n    {\n        const float mod = lfo.next() * depth;\n"
                          "        const float d = baseDelay + mod;\n        const float y = "
                          "line.readCubic (d);\n        line.write (x[i] + y * feedback);\n"
                          "        x[i] = y;\n    }\n}\n")]),
         Step(text="A modulated delay line: an LFO swings the delay time around baseDelay, "
                   "the output is read with cubic interpolation, and the input plus scaled "
                   "feedback is written back in.")],
        [Step(prompt="any std::mutex left in Source?"),
         Step(tools=[grep("std::mutex", ["Source/ui/MeterSource.cpp"])]),
         Step(text="Only in the meter source, on the UI side — not on the audio path.")],
        [Step(prompt="format check"),
         Step(tools=[bash("clang-format --dry-run --Werror Source/**/*.cpp Source/**/*.h",
                          "Source/dsp/TapeModel.cpp:88:43: error: code should be "
                          "clang-formatted [-Wclang-format-violations]", 1),
                     bash("clang-format -i Source/dsp/TapeModel.cpp && clang-format --dry-run "
                          "--Werror Source/**/*.cpp Source/**/*.h", "")]),
         Step(text="TapeModel.cpp needed formatting; the check is clean now.")],
        [Step(prompt="recent commits?"),
         Step(tools=[bash("git log --oneline -4",
                          "9d2e4f1 Tape: wow and flutter depth follow age\n4b7a0c3 UI: "
                          "larger hit area on the mix knob\ne18f6d2 Chorus: cubic "
                          "interpolation\n0c5b9a7 CI: cache the JUCE build")]),
         Step(text="Four recent commits: tape wow/flutter, a UI tweak, cubic interpolation in "
                   "the chorus and a CI cache.")],
        [Step(prompt="how do I pass meter levels from audio to UI without a lock?"),
         Step(text="For a single value per channel, a std::atomic<float> the audio thread "
                   "stores and a UI timer loads is enough. For a stream of values, use "
                   "juce::AbstractFifo over a preallocated buffer: the audio thread writes, "
                   "the UI timer reads, neither blocks.")],
        [Step(prompt="tooltip typo on the mix knob: 'Dry/wet ballance'"),
         Step(tools=[edit("Source/ui/MainPanel.cpp",
                          "mixKnob.setTooltip (\"Dry/wet ballance\");",
                          "mixKnob.setTooltip (\"Dry/wet balance\");")]),
         Step(text="Fixed.")],
        [Step(prompt="build the standalone"),
         Step(tools=[bash("cmake --build build/release --target Hollowtine_Standalone -j8 "
                          "2>&1 | tail -1",
                          "[18/18] Linking CXX executable Hollowtine_artefacts/Release/"
                          "Standalone/Hollowtine.app/Contents/MacOS/Hollowtine")]),
         Step(text="Standalone built: build/release/Hollowtine_artefacts/Release/Standalone/"
                   "Hollowtine.app.")],
        [Step(prompt="which sample rates should the tests cover?"),
         Step(text="At least 44.1, 48 and 96 kHz, plus one odd one like 22.05 kHz; block "
                   "sizes 1, 32 and 512, and a non-power-of-two such as 441, because hosts "
                   "do send those.")],
    ]
    return Project(
        "hollowtine", "git@github.com:wrenbyte/hollowtine.git",
        {"README.md": "# hollowtine\n\nTape chorus plugin (VST3, AU, CLAP) built with JUCE.\n",
         "CMakeLists.txt": "cmake_minimum_required(VERSION 3.22)\nproject(Hollowtine "
                           "VERSION 1.4.0)\n"},
        facts, noise, "slack")


def projects() -> list[Project]:
    return [quillwort(), skerrick(), gorsebank(), hollowtine()]
