"""The ``dev3`` split: a third set of projects to tune on, in stacks neither ``dev``, ``dev2``
nor ``heldout`` uses (a Swift / SwiftUI iOS app generated with XcodeGen, a C# / ASP.NET Core
API on EF Core and Postgres, a Scala 3 service built with sbt on cats-effect, http4s and doobie,
a Haskell / Servant service built with Stack), ten planted facts each, and phrasing templates of
its own.

A third tuning split makes a rule fitted to two splits' wording show as well: its facts are said
the ways dev and dev2 never say them (a rule read out of CONTRIBUTING.md, a rule the assistant
asked for, a rule repeated after the assistant broke it twice, a command found in the docs, an
environment fact in a table, a gotcha hit while doing something else, an approach dropped after
a review comment or a timebox). Like ``dev`` and ``dev2`` it is tuned on; ``heldout`` stays
unread.

Slots are the shared ones (``templates.py``) plus: for a command, ``docs`` (``(path, content)``:
a file of the repository that shows the command that works) and an optional ``fail2`` (a second
failed attempt); for an environment fact, ``table`` (``(label, value)`` rows the assistant
summarises its findings in, the fact first); for a gotcha, ``aside`` (the unrelated request the
gotcha turned up in).
"""

from __future__ import annotations

import random

from .templates import cap
from .transcript import bash, edit, grep, read, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3

# Colleagues named in prompts (who posted a rule, who reviewed a pull request).
COLLEAGUES = ("Priya", "Tomás", "Jonas", "Mei", "Aylin", "Kwame")


# ------------------------------------------------------------------- phrasing templates
# Conventions: mentioned in passing while reviewing, read out of CONTRIBUTING.md, given when
# the assistant asks, pasted from the team channel, or repeated after the assistant did it the
# other way twice.
def conv_in_review(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=cap(s["task"])), Step(tools=s["follow"]), Step(text=s["done"]),
            Step(prompt=f"read through the diff. the naming is a bit long but whatever - and "
                        f"good that you did it this way, {s['rule']}. lgtm"),
            Step(text="Thanks - it's ready to commit.")]


def conv_contributing(s: dict, rng: random.Random) -> Episode:
    contributing = ("# Contributing\n\n- Keep pull requests small, one topic each.\n"
                    f"- {cap(s['rule'])}.\n"
                    "- Squash-merge; the PR title becomes the commit message.\n")
    return [Step(prompt=f"{cap(s['task'])}. check CONTRIBUTING.md first, one of the house "
                        f"rules applies"),
            Step(tools=[read("CONTRIBUTING.md", contributing)]),
            Step(text=f"The rule that applies: {s['rule']}. Following it.", tools=s["follow"]),
            Step(text=s["done"])]


def conv_assistant_asks(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=cap(s["task"])),
            Step(text="Before I start: is there a convention in this repo I should follow for "
                      "this?"),
            Step(prompt=f"yes - {s['rule']}"),
            Step(text="Thanks, doing it that way.", tools=s["follow"]), Step(text=s["done"])]


def conv_team_channel(s: dict, rng: random.Random) -> Episode:
    who = rng.choice(COLLEAGUES)
    return [Step(prompt=f"{who} posted this in the team channel this morning: \"{cap(s['rule'])}"
                        f".\" keep it in mind. now: {s['task']}"),
            Step(tools=s["follow"]), Step(text=s["done"])]


def conv_broke_it_twice(s: dict, rng: random.Random) -> Episode:
    if not s.get("contrary"):
        return conv_assistant_asks(s, rng)
    return [Step(prompt=cap(s["task"])), Step(tools=[s["contrary"]]), Step(text="Done."),
            Step(prompt="hm, that's not how we want it. have another go"),
            Step(text="Let me rework it.", tools=[s["contrary"]]), Step(text="Reworked it."),
            Step(prompt=f"same thing again. second time now: {s['rule']}"),
            Step(text="Sorry, I missed the actual point. Doing it that way now.",
                 tools=s["follow"]),
            Step(text=s["done"])]


# Commands: found in the repository's docs after a failure, the failure pasted by the user,
# summed up "for next time", or explained only when the user asks why.
def cmd_read_docs(s: dict, rng: random.Random) -> Episode:
    path, content = s["docs"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text="That's not it. Let me see how the repo documents this.",
                 tools=[read(path, content)]),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_user_pasted(s: dict, rng: random.Random) -> Episode:
    fail = s["fail"]
    return [Step(prompt=f"{s['goal']}. I tried `{fail.command}` myself and got this:\n\n"
                        f"{fail.output}"),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_for_next_time(s: dict, rng: random.Random) -> Episode:
    steps: Episode = [Step(prompt=s["goal"]), Step(tools=[s["fail"]])]
    if s.get("fail2"):
        steps.append(Step(tools=[s["fail2"]]))
    steps += [Step(text="Another way.", tools=[s["ok"]]),
              Step(text=f"{s['done']}\n\nFor next time: `{s['ok'].command}` is what works "
                        f"here. {s['note']}")]
    return steps


def cmd_asked_why(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text="Trying it differently.", tools=[s["ok"]]), Step(text=s["done"]),
            Step(prompt="why didn't the first one work?"), Step(text=s["note"])]


# Environment facts: summed up in a table, probed in two looks, confirmed and marked for the
# onboarding page, or asked as the second of two requests.
def env_table(s: dict, rng: random.Random) -> Episode:
    rows = "\n".join(f"| {label} | {value} |" for label, value in s["table"])
    return [Step(prompt=s["goal"]), Step(tools=s["probe"]),
            Step(text=f"Here's what I found:\n\n| what | value |\n|---|---|\n{rows}")]


def env_two_looks(s: dict, rng: random.Random) -> Episode:
    probe = s["probe"]
    steps: Episode = [Step(prompt=s["goal"]),
                      Step(text="First, what the repo says.", tools=probe[:1])]
    if len(probe) > 1:
        steps.append(Step(text="Now checking it live.", tools=probe[1:]))
    steps.append(Step(text=cap(s["confirm"])))
    return steps


def env_onboarding(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(tools=s["probe"]), Step(text=cap(s["confirm"])),
            Step(prompt="good, that goes on the onboarding page for new people too"),
            Step(text="Makes sense - it's the kind of thing that trips people up on day one.")]


CHORES = (
    ("delete my local branches that are already merged",
     bash("git branch --merged main | grep -v 'main$' | xargs -r git branch -d",
          "Deleted branch fix-readme-typo (was 3e1f2a9).\nDeleted branch tidy-logging (was "
          "9c0d7b4)."),
     "Deleted the two merged branches."),
    ("pull the latest main",
     bash("git pull --ff-only", "Updating 4d2c1b0..8e7f6a5\nFast-forward\n 3 files changed, 41 "
                                "insertions(+), 12 deletions(-)"),
     "Pulled main (a fast-forward, 3 files)."),
    ("tell me what's in my stash",
     bash("git stash list", "stash@{0}: WIP on main: 4d2c1b0 spacing tweaks"),
     "One stash entry: spacing tweaks on main."),
)


def env_second_of_two(s: dict, rng: random.Random) -> Episode:
    chore, tool, reply = rng.choice(CHORES)
    return [Step(prompt=f"two things. first, {chore}. second: {s['goal']}"), Step(tools=[tool]),
            Step(text=f"{reply} Now the second thing.", tools=s["probe"]),
            Step(text=cap(s["confirm"]))]


# Gotchas: hit while doing something else, reported as something a colleague also saw, fixed
# first and explained when asked, or back again.
def gotcha_on_the_way(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=cap(s["aside"])), Step(text="On it.", tools=s["probe"]),
            Step(text=f"Before I can do that there's a snag. {s['explain']}",
                 tools=s.get("fix", [])),
            Step(text=s["done"])]


def gotcha_colleague_too(s: dict, rng: random.Random) -> Episode:
    who = rng.choice(COLLEAGUES)
    return [Step(prompt=f"{s['symptom']}. {who} said something similar happened to them last "
                        f"week"),
            Step(tools=s["probe"]), Step(text=s["explain"], tools=s.get("fix", [])),
            Step(text=s["done"])]


def gotcha_fix_then_explain(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["symptom"]), Step(tools=s["probe"]),
            Step(text="Found it - fixing it first.", tools=s.get("fix", [])),
            Step(text=s["done"]), Step(prompt="what was it?"), Step(text=s["explain"])]


def gotcha_again(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['symptom']} - again. didn't we fix this once?"),
            Step(text="Let me look at it properly this time.", tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])), Step(text=s["done"])]


# Falsified approaches: judged on numbers the user asked for, dropped after a review comment,
# tried on a scratch branch, or given a timebox that runs out.
def fals_numbers(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['ask']}. show me numbers before we keep it"),
            Step(tools=s["change"]), Step(text="Measuring it.", tools=[s["broke"]]),
            Step(text="The result doesn't support keeping it - see above."),
            Step(prompt="agreed, take it out"), Step(tools=[s["revert"]]),
            Step(text=s["conclusion"])]


def fals_review(s: dict, rng: random.Random) -> Episode:
    who = rng.choice(COLLEAGUES)
    return [Step(prompt=s["ask"]), Step(tools=s["change"]),
            Step(text="Pushed it as a draft PR and ran the checks.", tools=[s["broke"]]),
            Step(prompt=f"{who} reviewed it: \"we went down this road before, please drop it\" "
                        f"- and the checks are red anyway"),
            Step(text="Dropping it.", tools=[s["revert"]]), Step(text=s["conclusion"])]


def fals_scratch_branch(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"on a scratch branch: {s['ask']}"),
            Step(tools=[bash("git switch -c scratch/experiment",
                             "Switched to a new branch 'scratch/experiment'"), *s["change"]]),
            Step(tools=[s["broke"]]),
            Step(text="That isn't going to work.",
                 tools=[s["revert"], bash("git switch main && git branch -D scratch/experiment",
                                          "Switched to branch 'main'\nDeleted branch scratch/"
                                          "experiment (was 4d2c1b0).")]),
            Step(text=s["conclusion"])]


def fals_timebox(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"give this half an hour, no more: {s['ask']}"),
            Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(text="Half an hour is up and this isn't going anywhere; undoing it.",
                 tools=[s["revert"]]),
            Step(text=s["conclusion"])]


TEMPLATES = {
    "convention": [conv_in_review, conv_contributing, conv_assistant_asks, conv_team_channel,
                   conv_broke_it_twice],
    "command": [cmd_read_docs, cmd_user_pasted, cmd_for_next_time, cmd_asked_why],
    "environment": [env_table, env_two_looks, env_onboarding, env_second_of_two],
    "gotcha": [gotcha_on_the_way, gotcha_colleague_too, gotcha_fix_then_explain, gotcha_again],
    "falsified": [fals_numbers, fals_review, fals_scratch_branch, fals_timebox],
}

# Everyday requests and questions in these stacks; several share a word with some fact
# (appointments, tests, build, release, screen, database) without being about it.
UNRELATED = [
    "add pull-to-refresh to the ride history list",
    "what's the difference between a struct and a class in Swift?",
    "write a unit test for the opening-hours formatter",
    "explain IQueryable versus IEnumerable in a few sentences",
    "make the empty favourites screen look a bit friendlier",
    "how do I write a for-comprehension over two Options in Scala?",
    "what does the Maybe monad buy me over null checks?",
    "draft release notes for the 2.3 build",
    "rename the vm variable in the settings screen to something clearer",
    "explain dependency injection to a new hire in three sentences",
    "add a dark mode colour for the secondary button",
    "write a git alias that shows the log as a graph",
    "what's the difference between a lazy val and a def?",
    "turn this long if/else chain into a switch expression",
    "add an accessibility label to the share button",
    "how do I cherry-pick a commit from another branch?",
    "write a regex that validates an Austrian postcode",
    "explain eventual consistency in two sentences",
    "add a CSV export button to the appointments table",
    "what's a typeclass, in plain words?",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "ridelog": [
        "how are recorded rides uploaded?",
        "where is the HealthKit integration?",
        "which map style does the ride map use, and can riders switch to satellite imagery?",
        "is it ok to keep a ride's raw GPS points in Core Data, or do we store them as files?",
        "what does the heart-rate zones setting on the profile screen actually change?",
    ],
    "clinicbook": [
        "how do patients cancel an appointment?",
        "where are the insurance providers listed?",
        "which roles can see a patient's medical notes, and where is that authorization policy "
        "defined?",
        "is it ok to email the appointment summary PDF when it includes diagnosis codes?",
        "should video consultations be their own appointment type or a flag on Appointment?",
    ],
    "farebox": [
        "how are transfers between lines priced?",
        "where is rate limiting configured?",
        "which ticket types can the quote endpoint return, and how is a monthly pass "
        "represented?",
        "what does the school holiday calendar change when a journey's fare is worked out?",
        "should a night-bus surcharge be its own rule or folded into the base fare calculation?",
    ],
    "hedgerow": [
        "how are plant photos stored?",
        "where are customer invoices generated?",
        "which trade customers get wholesale prices, and where is that discount applied to an "
        "order?",
        "is it ok to sell plants from a batch that is still in quarantine?",
        "should delivery charges be worked out per order or per trolley of plants?",
    ],
}


# ------------------------------------------------------------------- noise
def noise(explain: tuple[str, str, str], tests: tuple[str, str, str],
          rename: tuple[str, str, str, str, str], history: tuple[str, str],
          helper: tuple[str, str, str], typo: tuple[str, str, str],
          comment: tuple[str, str, str, str]) -> list[Episode]:
    """Ordinary work: what a file does, a test run, a rename, where the branch stands, a small
    helper, a README typo, a doc comment, calling it a day."""
    path, content, summary = explain
    area, cmd, out = tests
    old, new, file, old_line, new_line = rename
    log, status = history
    hpath, hcontent, hwhat = helper
    readme, bad_line, good_line = typo
    cfile, cfunc, cold, cnew = comment
    return [
        [Step(prompt=f"what's going on in {path}?"), Step(tools=[read(path, content)]),
         Step(text=summary)],
        [Step(prompt=f"run the {area} tests, I want to see if anything is flaky"),
         Step(tools=[bash(cmd, out)]), Step(text=f"The {area} tests all pass, nothing flaky "
                                                 f"in this run.")],
        [Step(prompt=f"{old} -> {new}, please"), Step(tools=[grep(old, [file])]),
         Step(tools=[edit(file, old_line, new_line)]),
         Step(text=f"`{old}` is now `{new}`; {file} was the only place using it.")],
        [Step(prompt="where am I? uncommitted stuff and the last few commits"),
         Step(tools=[bash("git status --short", status), bash("git log --oneline -3", log)]),
         Step(text="That's what's uncommitted, on top of the three commits above.")],
        [Step(prompt=f"add {hwhat}"), Step(tools=[write(hpath, hcontent)]),
         Step(text=f"Added {hpath}.")],
        [Step(prompt="the README has a typo in its first paragraph"),
         Step(tools=[read("README.md", readme)]),
         Step(tools=[edit("README.md", bad_line, good_line)]), Step(text="Fixed.")],
        [Step(prompt=f"one-line doc comment on {cfunc}, please"),
         Step(tools=[edit(cfile, cold, cnew)]), Step(text="Done.")],
        [Step(prompt="thanks, calling it a day"), Step(text="Have a good evening!")],
    ]


# ------------------------------------------------------------------- projects
def ridelog() -> Project:
    """A Swift / SwiftUI iOS app for recording bike rides: XcodeGen, SwiftData, SwiftLint."""
    detail = "Ridelog/Features/RideDetail"
    facts = [
        Fact("conv-observable", "convention", ["@Observable"],
             ["which pattern do new view models follow in this app?",
              "the elevation chart needs a view model that pushes changes to its view - how do "
              "we wire that up nowadays?"],
             "View models are @MainActor final classes using the @Observable macro; no "
             "ObservableObject / @Published.",
             {"rule": "new view models are @MainActor final classes with the @Observable macro "
                      "- no ObservableObject or @Published any more, the iOS 17 migration is "
                      "done",
              "task": "add a view model for the ride detail screen that loads the ride and its "
                      "segments",
              "follow": [write(f"{detail}/RideDetailViewModel.swift",
                               "import Foundation\n\n@MainActor\n@Observable\nfinal class "
                               "RideDetailViewModel {\n    private(set) var ride: Ride?\n    "
                               "private(set) var segments: [Segment] = []\n    private let api: "
                               "RidesAPI\n\n    init(api: RidesAPI) {\n        self.api = api\n"
                               "    }\n\n    func load(id: Ride.ID) async throws {\n        async "
                               "let ride = api.ride(id: id)\n        async let segments = api."
                               "segments(rideID: id)\n        (self.ride, self.segments) = try "
                               "await (ride, segments)\n    }\n}\n")],
              "contrary": write(f"{detail}/RideDetailViewModel.swift",
                                "import Combine\nimport Foundation\n\nfinal class "
                                "RideDetailViewModel: ObservableObject {\n    @Published var "
                                "ride: Ride?\n    @Published var segments: [Segment] = []\n    "
                                "private let api: RidesAPI\n\n    init(api: RidesAPI) {\n        "
                                "self.api = api\n    }\n}\n"),
              "done": "Added RideDetailViewModel; RideDetailView keeps it in @State and calls "
                      "load(id:) from .task."}),
        Fact("conv-catalog", "convention", ["xcstrings"],
             ["can I just type the button title inline in the SwiftUI view?",
              "how do we handle text that has to be translated into German?"],
             "User-facing text goes in the Localizable.xcstrings string catalog via "
             "String(localized:); never hard-coded in views.",
             {"rule": "every user-facing string goes through the string catalog, "
                      "Localizable.xcstrings, via String(localized:) - no hard-coded text in "
                      "views, the translators work from the catalog",
              "task": "add an empty state to the saved routes screen: a bicycle icon and 'No "
                      "saved routes yet'",
              "follow": [edit("Ridelog/Features/Saved/SavedRoutesView.swift",
                              "        List(saved) { route in",
                              "        if saved.isEmpty {\n            ContentUnavailableView("
                              "String(localized: \"saved.empty.title\", defaultValue: \"No saved "
                              "routes yet\"), systemImage: \"bicycle\")\n        }\n        "
                              "List(saved) { route in"),
                         edit("Ridelog/Resources/Localizable.xcstrings",
                              "  \"strings\" : {\n",
                              "  \"strings\" : {\n    \"saved.empty.title\" : {\n      "
                              "\"localizations\" : {\n        \"de\" : { \"stringUnit\" : { "
                              "\"state\" : \"needs_review\", \"value\" : \"Noch keine "
                              "gespeicherten Routen\" } }\n      }\n    },\n")],
              "contrary": edit("Ridelog/Features/Saved/SavedRoutesView.swift",
                               "        List(saved) { route in",
                               "        if saved.isEmpty {\n            ContentUnavailableView("
                               "\"No saved routes yet\", systemImage: \"bicycle\")\n        }\n"
                               "        List(saved) { route in"),
              "done": "The saved routes screen has its empty state, the title in the catalog "
                      "as saved.empty.title (German marked for review)."}),
        Fact("cmd-destination", "command", ["platform=iOS Simulator"],
             ["what's the terminal incantation for the unit test suite?",
              "xcodebuild complains that tests must run on a concrete device, what am I "
              "missing?"],
             "Run the tests with `xcodebuild test -project Ridelog.xcodeproj -scheme Ridelog "
             "-destination 'platform=iOS Simulator,name=iPhone 15'`; without a destination "
             "xcodebuild fails: Tests must be run on a concrete device.",
             {"goal": "run the unit tests from the terminal, I don't want to open Xcode for "
                      "this",
              "fail": bash("xcodebuild test -project Ridelog.xcodeproj -scheme Ridelog",
                           "Command line invocation:\n    /Applications/Xcode.app/Contents/"
                           "Developer/usr/bin/xcodebuild test -project Ridelog.xcodeproj "
                           "-scheme Ridelog\n\nxcodebuild: error: Failed to build project "
                           "Ridelog with scheme Ridelog.: Cannot test target “RidelogTests” on "
                           "“Any iOS Device”: Tests must be run on a concrete device", 70),
              "fail2": bash("xcodebuild test -project Ridelog.xcodeproj -scheme Ridelog -sdk "
                            "iphonesimulator",
                            "xcodebuild: error: Failed to build project Ridelog with scheme "
                            "Ridelog.: Cannot test target “RidelogTests” on “Any iOS Simulator "
                            "Device”: Tests must be run on a concrete device", 70),
              "note": "xcodebuild needs one concrete simulator to run the tests on, named with "
                      "-destination.",
              "ok": bash("xcodebuild test -project Ridelog.xcodeproj -scheme Ridelog "
                         "-destination 'platform=iOS Simulator,name=iPhone 15' | xcbeautify",
                         "Test Suite 'RidelogTests.xctest' started\n    ✔ testMovingTimeIgnores"
                         "Stops (0.002 seconds)\n    ✔ testAverageSpeed (0.001 seconds)\n    "
                         "...\nExecuted 86 tests, with 0 failures (0 unexpected) in 4.212 (4.398)"
                         " seconds\n** TEST SUCCEEDED **"),
              "docs": ("docs/TESTING.md",
                       "# Testing\n\nUnit tests run on the simulator:\n\n    xcodebuild test "
                       "-project Ridelog.xcodeproj -scheme Ridelog \\\n      -destination "
                       "'platform=iOS Simulator,name=iPhone 15'\n\nThe UI tests are a separate "
                       "scheme (RidelogUITests) and only run nightly.\n"),
              "done": "All 86 unit tests pass on the iPhone 15 simulator."}),
        Fact("cmd-xcodegen", "command", ["xcodegen"],
             ["I just cloned the repo and there's no project file to open in Xcode",
              "I created a new swift file from the terminal but Xcode doesn't see it - how do "
              "I get it into the project?"],
             "Ridelog.xcodeproj is not committed: generate it from project.yml with `xcodegen "
             "generate` (after cloning, pulling, or adding files).",
             {"goal": "I just set up the new mac - open the project for me, I want to build it",
              "fail": bash("open Ridelog.xcodeproj",
                           "The file /Users/dev/src/ridelog/Ridelog.xcodeproj does not exist.",
                           1),
              "fail2": bash("xcodebuild -list",
                            "xcodebuild: error: The directory /Users/dev/src/ridelog does not "
                            "contain an Xcode project, workspace or package.", 66),
              "note": "The .xcodeproj isn't committed (it's in .gitignore); it's generated from "
                      "project.yml by XcodeGen.",
              "ok": bash("xcodegen generate && open Ridelog.xcodeproj",
                         "⚙️  Generating plists...\n⚙️  Generating project...\n⚙️  Writing "
                         "project...\nCreated project at /Users/dev/src/ridelog/Ridelog."
                         "xcodeproj"),
              "docs": ("project.yml",
                       "name: Ridelog\n# The Xcode project is generated - run `xcodegen "
                       "generate` after cloning,\n# pulling, or adding and removing files. "
                       "Don't commit Ridelog.xcodeproj.\noptions:\n  bundleIdPrefix: com.acme\n"
                       "  deploymentTarget:\n    iOS: \"17.0\"\ntargets:\n  Ridelog:\n    type: "
                       "application\n    sources: [Ridelog]\n"),
              "done": "The project is generated and open in Xcode."}),
        Fact("env-xcode", "environment", ["15.4"],
             ["which Xcode version should I have installed for this project?",
              "can I build the app with the Xcode that came with the latest macOS update?"],
             "The project is pinned to Xcode 15.4 (.xcode-version, CI uses the same); Xcode 16 "
             "fails the build. Switch with `xcodes select 15.4`.",
             {"goal": "since I updated my mac the build fails with errors in files nobody "
                      "touched - which Xcode are we meant to be on?",
              "probe": [bash("cat .xcode-version && xcodebuild -version",
                             "15.4\nXcode 16.0\nBuild version 16A242d")],
              "confirm": "the repo pins Xcode 15.4 in .xcode-version (CI runs the same), but "
                         "xcode-select points at Xcode 16.0, and its newer Swift compiler "
                         "rejects code that 15.4 accepts. Install 15.4 next to it with `xcodes "
                         "install 15.4` and switch with `xcodes select 15.4`.",
              "table": [("Pinned (.xcode-version)", "Xcode 15.4, the same on CI"),
                        ("Selected on this Mac", "Xcode 16.0 (16A242d)"),
                        ("To switch", "`xcodes install 15.4 && xcodes select 15.4`")]}),
        Fact("env-mock", "environment", ["4010"],
             ["what backend does the app talk to when I hit run in Xcode?",
              "the lists in the simulator come up blank - is the app pointed at the right "
              "server?"],
             "Debug builds call the local Prism mock at http://localhost:4010 (API_BASE_URL in "
             "Config/Debug.xcconfig); if it isn't running, lists stay empty.",
             {"goal": "the ride history is empty when I run the app from Xcode - where does the "
                      "debug build get its data from?",
              "probe": [read("Config/Debug.xcconfig",
                             "// Debug builds talk to the local Prism mock of the public API.\n"
                             "API_BASE_URL = http:/$()/localhost:4010\n"
                             "PRODUCT_BUNDLE_IDENTIFIER = com.acme.ridelog.debug\n"),
                        bash("lsof -nP -iTCP:4010 -sTCP:LISTEN || echo 'nothing listening'",
                             "nothing listening")],
              "confirm": "debug builds read API_BASE_URL from Config/Debug.xcconfig, which is "
                         "http://localhost:4010 - the Prism mock of the API - and nothing is "
                         "listening there right now, so the history stays empty. Start the mock "
                         "(`prism mock openapi.yaml`) and relaunch; Release and TestFlight "
                         "builds use the real API.",
              "table": [("Debug API base URL",
                         "http://localhost:4010, the Prism mock (Config/Debug.xcconfig)"),
                        ("Listening there now", "nothing"),
                        ("Release / TestFlight", "the real API")]}),
        Fact("gotcha-background", "gotcha", ["allowsBackgroundLocationUpdates"],
             ["GPS tracking pauses whenever the app goes to the background",
              "what does the location manager need so a recording survives a locked screen?"],
             "Background ride recording needs manager.allowsBackgroundLocationUpdates = true in "
             "RecordingService besides the location UIBackgroundModes entry; without it updates "
             "stop when the app is backgrounded.",
             {"symptom": "recording a ride stops as soon as I lock the phone, the track just "
                         "ends there",
              "aside": "work out why the distance of my test ride in the simulator comes out so "
                       "short - I played the Tiergarten GPX route",
              "probe": [bash("xcrun simctl spawn booted log show --last 10m --style compact "
                             "--predicate 'subsystem == \"com.acme.ridelog\"' | tail -4",
                             "10:41:02.118 Ridelog[4121] [Recording] location 52.51432,13.35011 "
                             "acc 5m\n10:41:03.120 Ridelog[4121] [Recording] location 52.51440,"
                             "13.35030 acc 5m\n10:41:03.902 Ridelog[4121] [Lifecycle] scenePhase"
                             " -> background\n10:41:03.907 Ridelog[4121] [Recording] no location "
                             "updates since 10:41:03"),
                        read("Ridelog/Recording/RecordingService.swift",
                             "final class RecordingService: NSObject, CLLocationManagerDelegate {"
                             "\n    private let manager = CLLocationManager()\n\n    func start() "
                             "{\n        manager.delegate = self\n        manager."
                             "desiredAccuracy = kCLLocationAccuracyBest\n        manager."
                             "startUpdatingLocation()\n    }\n}\n")],
              "explain": "Info.plist declares the location background mode, but that's only "
                         "half of it: each CLLocationManager also needs "
                         "allowsBackgroundLocationUpdates = true, or its updates stop the moment "
                         "the app leaves the foreground. RecordingService never sets it, so the "
                         "track ends when the screen locks.",
              "fix": [edit("Ridelog/Recording/RecordingService.swift",
                           "        manager.desiredAccuracy = kCLLocationAccuracyBest\n",
                           "        manager.desiredAccuracy = kCLLocationAccuracyBest\n        "
                           "manager.allowsBackgroundLocationUpdates = true\n        manager."
                           "pausesLocationUpdatesAutomatically = false\n")],
              "done": "Recording carries on in the background now: the simulator log keeps "
                      "showing locations after the app is backgrounded."}),
        Fact("gotcha-lintpath", "gotcha", ["/opt/homebrew/bin"],
             ["lint violations show up in my terminal but never in Xcode builds",
              "the build log says swiftlint isn't installed even though I got it with brew"],
             "Xcode build phases don't have Homebrew's /opt/homebrew/bin on PATH (Apple "
             "Silicon): the SwiftLint phase must export it, or it only warns \"SwiftLint not "
             "installed\".",
             {"symptom": "swiftlint never flags anything when I build in Xcode, but running it "
                         "in my terminal finds a dozen violations",
              "aside": "clean up the warnings in the map feature before we cut the release "
                       "branch",
              "probe": [bash("xcodebuild -project Ridelog.xcodeproj -scheme Ridelog -sdk "
                             "iphonesimulator build 2>&1 | grep -i swiftlint",
                             "warning: SwiftLint not installed, download from https://github."
                             "com/realm/SwiftLint"),
                        bash("which swiftlint", "/opt/homebrew/bin/swiftlint")],
              "explain": "The lint build phase runs with Xcode's own PATH, which doesn't "
                         "include Homebrew's /opt/homebrew/bin on Apple Silicon, so the "
                         "script's `which swiftlint` fails and it only prints a warning. "
                         "Exporting /opt/homebrew/bin at the top of the script fixes it.",
              "fix": [edit("project.yml",
                           "      - name: SwiftLint\n        script: |\n          if which "
                           "swiftlint",
                           "      - name: SwiftLint\n        script: |\n          export PATH="
                           "\"/opt/homebrew/bin:$PATH\"\n          if which swiftlint")],
              "done": "Xcode builds report the same 12 SwiftLint violations as your terminal "
                      "now."}),
        Fact("fals-concurrency", "falsified", ["strict concurrency"],
             ["are we ready for the Swift 6 language mode yet?",
              "could the compiler catch our data races at build time?"],
             "Complete strict concurrency checking (SWIFT_STRICT_CONCURRENCY=complete) was "
             "tried: 214 errors in 37 files (map and recording code); reverted until a "
             "module-by-module migration.",
             {"ask": "switch on complete strict concurrency checking, I'd like to be ready for "
                     "the Swift 6 language mode",
              "change": [edit("project.yml", "    SWIFT_VERSION: \"5.10\"\n",
                              "    SWIFT_VERSION: \"5.10\"\n    SWIFT_STRICT_CONCURRENCY: "
                              "complete\n")],
              "broke": bash("xcodebuild -project Ridelog.xcodeproj -scheme Ridelog -sdk "
                            "iphonesimulator build 2>&1 | tail -5",
                            "Ridelog/Map/MapRegionStore.swift:41:17: error: main actor-isolated "
                            "property 'region' can not be mutated from a Sendable closure\n"
                            "Ridelog/Recording/RecordingService.swift:88:9: error: capture of "
                            "'self' with non-sendable type 'RecordingService' in a `@Sendable` "
                            "closure\n\n** BUILD FAILED **\n\n(214 errors in 37 files)", 65),
              "revert": bash("git checkout -- project.yml", ""),
              "conclusion": "Turned strict concurrency back off: with "
                            "SWIFT_STRICT_CONCURRENCY=complete the app has 214 errors in 37 "
                            "files, most of them the map and recording code handing main-actor "
                            "state to Sendable closures. That's a migration of its own, module "
                            "by module, not a flag to flip."}),
        Fact("fals-snapshot", "falsified", ["snapshot tests"],
             ["could we catch visual regressions in the ride cards by comparing screenshots "
              "automatically?",
              "has anyone tried image-based UI tests here?"],
             "Snapshot tests (swift-snapshot-testing) of the ride cards were tried: references "
             "recorded on a local iOS 17.5 simulator failed 38 of 40 on CI's iOS 17.2; removed.",
             {"ask": "add snapshot tests for the ride card variants with pointfree's "
                     "swift-snapshot-testing",
              "change": [edit("Packages/RidelogUI/Package.swift", "    dependencies: [],\n",
                              "    dependencies: [\n        .package(url: \"https://github.com/"
                              "pointfreeco/swift-snapshot-testing\", from: \"1.17.0\"),\n    ],"
                              "\n"),
                         write("Packages/RidelogUI/Tests/RidelogUITests/RideCardSnapshotTests."
                               "swift",
                               "import SnapshotTesting\nimport SwiftUI\nimport XCTest\n"
                               "@testable import RidelogUI\n\nfinal class RideCardSnapshotTests: "
                               "XCTestCase {\n    func testVariants() {\n        for variant in "
                               "RideCard.Variant.allCases {\n            assertSnapshot(of: "
                               "RideCard(ride: .preview, variant: variant), as: .image(layout: "
                               ".device(config: .iPhone13)), named: \"\\(variant)\")\n        }\n"
                               "    }\n}\n")],
              "broke": bash("gh run view --log-failed | tail -3",
                            "RideCardSnapshotTests.testVariants: failed - Snapshot \"compact\" "
                            "does not match reference.\nExecuted 40 snapshot assertions, 38 "
                            "failed\nrunner: macos-14, simulator runtime iOS 17.2", 1),
              "revert": bash("git revert --no-edit HEAD",
                             "[main 5c7d1e2] Revert \"Snapshot tests for ride cards\"\n 3 files "
                             "changed, 2 insertions(+), 64 deletions(-)"),
              "conclusion": "Took the snapshot tests out again: references recorded on your "
                            "Mac's iOS 17.5 simulator don't match the CI runner's iOS 17.2 one "
                            "(text renders a pixel differently), so 38 of 40 failed on CI. "
                            "They'd only work with the same simulator runtime pinned on every "
                            "machine."}),
    ]
    return Project(
        "ridelog", "git@github.com:acme/ridelog.git",
        {"README.md": "# ridelog\n\nRecord and replay your bike rides.\n",
         ".xcode-version": "15.4\n"},
        facts,
        noise(("Packages/RidelogGeo/Sources/RidelogGeo/Haversine.swift",
               "import CoreLocation\n\nenum Haversine {\n    static let earthRadius = 6_371_000.0"
               "\n\n    static func distance(_ a: CLLocationCoordinate2D, _ b: "
               "CLLocationCoordinate2D) -> Double {\n        let dLat = (b.latitude - a.latitude) "
               "* .pi / 180\n        let dLon = (b.longitude - a.longitude) * .pi / 180\n        "
               "let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.latitude * .pi / 180) * cos(b."
               "latitude * .pi / 180) * sin(dLon / 2) * sin(dLon / 2)\n        return 2 * "
               "earthRadius * asin(min(1, sqrt(h)))\n    }\n}\n",
               "It's the haversine formula: the great-circle distance in metres between two "
               "coordinates. A ride's length is the sum of it over consecutive points."),
              ("geo", "swift test --package-path Packages/RidelogGeo",
               "Building for debugging...\n[12/12] Compiling RidelogGeoTests HaversineTests."
               "swift\nBuild complete! (3.41s)\nTest Suite 'All tests' passed at 2024-11-04 "
               "16:02:11.482.\n\t Executed 7 tests, with 0 failures (0 unexpected) in 0.011 "
               "(0.013) seconds"),
              ("elevGain", "elevationGain", f"{detail}/StatsRow.swift",
               "    let elevGain: Measurement<UnitLength>",
               "    let elevationGain: Measurement<UnitLength>"),
              ("a1b2c3d Map: cluster ride starts at low zoom\n9f8e7d6 Recording: auto-pause "
               "below 2 km/h\n5c4b3a2 Bump SwiftLint to 0.57",
               " M Ridelog/Features/RideDetail/StatsRow.swift"),
              ("Ridelog/Support/Duration+Riding.swift",
               "import Foundation\n\nextension Duration {\n    /// \"2 h 35 min\"\n    var "
               "ridingText: String {\n        formatted(.units(allowed: [.hours, .minutes], "
               "width: .abbreviated))\n    }\n}\n",
               "a helper that formats a ride's duration like \"2 h 35 min\""),
              ("# ridelog\n\nRecord and replay your bike rieds.\n",
               "Record and replay your bike rieds.", "Record and replay your bike rides."),
              ("Packages/RidelogGeo/Sources/RidelogGeo/Haversine.swift", "Haversine.distance",
               "    static func distance(_ a: CLLocationCoordinate2D, _ b: "
               "CLLocationCoordinate2D) -> Double {",
               "    /// Great-circle distance in metres.\n    static func distance(_ a: "
               "CLLocationCoordinate2D, _ b: CLLocationCoordinate2D) -> Double {")),
        "slack")


def clinicbook() -> Project:
    """A C# / ASP.NET Core 8 appointment-booking API for clinics: EF Core on Postgres (Npgsql),
    xUnit with Testcontainers."""
    api = "src/ClinicBook.Api"
    facts = [
        Fact("conv-ct", "convention", ["CancellationToken"],
             ["what should the signature of a new async repository method look like?",
              "if a client disconnects halfway through a request, do our database queries keep "
              "running?"],
             "Every async method takes a CancellationToken as its last parameter and passes it "
             "down to EF Core (endpoints get it from the request).",
             {"rule": "every async method takes a CancellationToken as its last parameter and "
                      "passes it all the way down to EF - endpoints get it from the request for "
                      "free",
              "task": "add a repository method that lists a doctor's appointments for one day",
              "follow": [edit("src/ClinicBook.Infrastructure/Appointments/"
                              "AppointmentRepository.cs",
                              "    public async Task<Appointment?> FindAsync(Guid id, "
                              "CancellationToken ct) =>\n",
                              "    public Task<List<Appointment>> ForDoctorOnDayAsync(Guid "
                              "doctorId, DateOnly day, CancellationToken ct) =>\n        db."
                              "Appointments\n            .Where(a => a.DoctorId == doctorId && "
                              "a.Day == day)\n            .OrderBy(a => a.StartsAt)\n            "
                              ".ToListAsync(ct);\n\n    public async Task<Appointment?> "
                              "FindAsync(Guid id, CancellationToken ct) =>\n")],
              "contrary": edit("src/ClinicBook.Infrastructure/Appointments/"
                               "AppointmentRepository.cs",
                               "    public async Task<Appointment?> FindAsync(Guid id, "
                               "CancellationToken ct) =>\n",
                               "    public Task<List<Appointment>> ForDoctorOnDayAsync(Guid "
                               "doctorId, DateOnly day) =>\n        db.Appointments\n            "
                               ".Where(a => a.DoctorId == doctorId && a.Day == day)\n            "
                               ".OrderBy(a => a.StartsAt)\n            .ToListAsync();\n\n    "
                               "public async Task<Appointment?> FindAsync(Guid id, "
                               "CancellationToken ct) =>\n"),
              "done": "Added ForDoctorOnDayAsync; it takes the token and hands it to "
                      "ToListAsync."}),
        Fact("conv-nullable", "convention", ["null-forgiving"],
             ["the compiler says the patient's email might be null - what's the accepted way to "
              "make that warning go away?",
              "can I just stick an exclamation mark on it when the compiler complains about a "
              "possible null?"],
             "Nullable warnings are errors here and are never silenced with the null-forgiving "
             "operator (!): handle the null or change the type.",
             {"rule": "nullable reference types are on with warnings as errors, and we don't "
                      "silence them with the null-forgiving operator - no `!` at the end of an "
                      "expression, handle the null or change the type",
              "task": "fix the build: CS8602 in ReminderService, dereference of a possibly "
                      "null reference",
              "follow": [edit(f"{api}/Reminders/ReminderService.cs",
                              "        var email = patient.ContactEmail.Trim();",
                              "        if (patient.ContactEmail is not { } address)\n        {\n"
                              "            logger.LogInformation(\"Patient {PatientId} has no "
                              "email; no reminder\", patient.Id);\n            return;\n        }"
                              "\n        var email = address.Trim();"),
                         bash("dotnet build -warnaserror",
                              "  ClinicBook.Api -> /home/dev/src/clinicbook/src/ClinicBook.Api/"
                              "bin/Debug/net8.0/ClinicBook.Api.dll\n\nBuild succeeded.\n    0 "
                              "Warning(s)\n    0 Error(s)")],
              "contrary": edit(f"{api}/Reminders/ReminderService.cs",
                               "        var email = patient.ContactEmail.Trim();",
                               "        var email = patient.ContactEmail!.Trim();"),
              "done": "The build is clean: a patient without an email is skipped with a log "
                      "line instead of crashing the reminder run."}),
        Fact("cmd-toolrestore", "command", ["dotnet tool restore"],
             ["the ef command isn't found on my machine, how do I get it?",
              "what's the process for generating a schema migration in this solution?"],
             "dotnet-ef is a local tool: run `dotnet tool restore` first, then `dotnet ef "
             "migrations add <Name> --project src/ClinicBook.Infrastructure --startup-project "
             "src/ClinicBook.Api`.",
             {"goal": "add an EF migration for the new NoShow column on appointments",
              "fail": bash("dotnet ef migrations add AddNoShow",
                           "Could not execute because the specified command or file was not "
                           "found.\nPossible reasons for this include:\n  * You misspelled a "
                           "built-in dotnet command.\n  * You intended to execute a .NET "
                           "program, but dotnet-ef does not exist.\n  * You intended to run a "
                           "global tool, but a dotnet-prefixed executable with this name could "
                           "not be found on the PATH.", 1),
              "fail2": bash("~/.dotnet/tools/dotnet-ef migrations add AddNoShow",
                            "bash: /home/dev/.dotnet/tools/dotnet-ef: No such file or directory",
                            127),
              "note": "dotnet-ef is a local tool here, pinned in .config/dotnet-tools.json, so "
                      "it has to be restored before `dotnet ef` exists.",
              "ok": bash("dotnet tool restore && dotnet ef migrations add AddNoShow --project "
                         "src/ClinicBook.Infrastructure --startup-project src/ClinicBook.Api",
                         "Tool 'dotnet-ef' (version '8.0.8') was restored. Available commands: "
                         "dotnet-ef\n\nRestore was successful.\nBuild started...\nBuild "
                         "succeeded.\nDone. To undo this action, use 'ef migrations remove'"),
              "docs": ("docs/database.md",
                       "# Database\n\nOur tools are local (.config/dotnet-tools.json). After "
                       "cloning:\n\n    dotnet tool restore\n\nA new migration:\n\n    dotnet "
                       "ef migrations add <Name> --project src/ClinicBook.Infrastructure "
                       "--startup-project src/ClinicBook.Api\n"),
              "done": "Created the AddNoShow migration in src/ClinicBook.Infrastructure/"
                      "Migrations."}),
        Fact("cmd-filter", "command", ["FullyQualifiedName~"],
             ["how do I run a single test class instead of the whole suite?",
              "dotnet test says the project file doesn't exist when I give it a test name"],
             "Run a subset of tests with `dotnet test --filter \"FullyQualifiedName~"
             "BookingTests\"`; a bare class name is taken for a project file (MSB1009).",
             {"goal": "run only the booking tests, the whole suite takes four minutes",
              "fail": bash("dotnet test BookingTests",
                           "MSBUILD : error MSB1009: Project file does not exist.\nSwitch: "
                           "BookingTests", 1),
              "fail2": bash("dotnet test --filter BookingTests",
                            "Starting test execution, please wait...\nA total of 1 test files "
                            "matched the specified pattern.\nNo test matches the given testcase "
                            "filter `BookingTests` in /home/dev/src/clinicbook/tests/ClinicBook."
                            "Tests/bin/Debug/net8.0/ClinicBook.Tests.dll"),
              "note": "A bare word in --filter doesn't name anything; the filter needs a "
                      "property, and FullyQualifiedName~ matches part of the test's full name.",
              "ok": bash("dotnet test --filter \"FullyQualifiedName~BookingTests\"",
                         "Passed!  - Failed:     0, Passed:    23, Skipped:     0, Total:    23, "
                         "Duration: 1 s - ClinicBook.Tests.dll (net8.0)"),
              "docs": ("tests/README.md",
                       "# Tests\n\nxUnit. Run a subset with a filter expression, e.g.\n\n    "
                       "dotnet test --filter \"FullyQualifiedName~BookingTests\"\n\nThe "
                       "integration tests need Docker (Testcontainers).\n"),
              "done": "All 23 booking tests pass."}),
        Fact("env-launch", "environment", ["7241"],
             ["which local address does the api come up on when I dotnet run it?",
              "my frontend proxy gets connection refused from the backend, what port should it "
              "target?"],
             "Locally the API listens on https://localhost:7241 (https profile in "
             "launchSettings.json; plain http on 5187), not 5000.",
             {"goal": "the frontend dev server can't reach the API on localhost:5000 any more - "
                      "what does the API listen on?",
              "probe": [read(f"{api}/Properties/launchSettings.json",
                             "{\n  \"profiles\": {\n    \"https\": {\n      \"commandName\": "
                             "\"Project\",\n      \"launchBrowser\": false,\n      "
                             "\"applicationUrl\": \"https://localhost:7241;http://localhost:"
                             "5187\",\n      \"environmentVariables\": {\n        "
                             "\"ASPNETCORE_ENVIRONMENT\": \"Development\"\n      }\n    }\n  }\n"
                             "}\n"),
                        bash("curl -sk https://localhost:7241/health", "Healthy")],
              "confirm": "`dotnet run` uses the https profile from launchSettings.json: the API "
                         "is on https://localhost:7241 (plain http on 5187). Nothing listens on "
                         "5000 any more - point the frontend's proxy at 7241.",
              "table": [("API (https profile)", "https://localhost:7241"),
                        ("plain http", "http://localhost:5187"),
                        ("port 5000", "unused since the launch profile changed")]}),
        Fact("env-usersecrets", "environment", ["user-secrets"],
             ["I need to change the SMTP password for my local run - which file is it in?",
              "where does the api's local config come from if it isn't in the appsettings "
              "files?"],
             "Local connection strings and passwords live in dotnet user-secrets (UserSecretsId "
             "in the Api csproj), not in appsettings*.json.",
             {"goal": "where's the local database connection string? appsettings.Development."
                      "json doesn't have one",
              "probe": [grep("ConnectionStrings", [f"{api}/appsettings.json"]),
                        bash(f"grep -n UserSecretsId {api}/ClinicBook.Api.csproj && dotnet "
                             f"user-secrets list --project {api}",
                             "7:    <UserSecretsId>clinicbook-api-6f1c</UserSecretsId>\n"
                             "ConnectionStrings:Clinic = Host=localhost;Database=clinicbook;"
                             "Username=clinic;Password=clinic\nSmtp:Password = devmail")],
              "confirm": "it isn't in any appsettings file: local settings come from dotnet "
                         "user-secrets (the UserSecretsId in the Api .csproj), stored outside "
                         "the repo under ~/.microsoft/usersecrets/. The connection string is "
                         "ConnectionStrings:Clinic there; change it with `dotnet user-secrets "
                         "set`.",
              "table": [("ConnectionStrings:Clinic", "in dotnet user-secrets, not appsettings"),
                        ("Stored at", "~/.microsoft/usersecrets/clinicbook-api-6f1c/secrets."
                                      "json"),
                        ("Change with", "`dotnet user-secrets set \"ConnectionStrings:Clinic\" "
                                        "\"...\" --project src/ClinicBook.Api`")]}),
        Fact("gotcha-tracked", "gotcha", ["AsNoTracking"],
             ["saving an edited appointment throws because some other copy of it is already "
              "tracked",
              "why does EF complain when I update an entity I loaded a moment earlier?"],
             "EF Core throws 'another instance with the same key value is already being "
             "tracked' when a mapped copy is Update()d after the same row was read: read it with "
             "AsNoTracking() or modify the loaded entity.",
             {"symptom": "rescheduling an appointment blows up with an error about another "
                         "instance with the same key already being tracked",
              "aside": "write an endpoint test for moving an appointment to another free slot",
              "probe": [bash("dotnet test tests/ClinicBook.Tests 2>&1 | grep -A3 'Failed '",
                             "  Failed ClinicBook.Tests.Appointments.RescheduleTests."
                             "Moves_to_free_slot [212 ms]\n  Error Message:\n   System."
                             "InvalidOperationException : The instance of entity type "
                             "'Appointment' cannot be tracked because another instance with the "
                             "same key value for {'Id'} is already being tracked. When "
                             "attaching existing entities, ensure that only one entity instance "
                             "with a given key value is attached.", 1),
                        read(f"{api}/Appointments/RescheduleEndpoint.cs",
                             "var current = await db.Appointments.SingleAsync(a => a.Id == id, "
                             "ct);\nif (!await slots.IsFreeAsync(current.DoctorId, request."
                             "NewStart, ct)) return TypedResults.Conflict();\nvar moved = mapper."
                             "Map<Appointment>(request) with { Id = id };\ndb.Appointments."
                             "Update(moved);\nawait db.SaveChangesAsync(ct);\n")],
              "explain": "The endpoint reads the appointment (so the DbContext tracks it) and "
                         "then Update()s a second, mapped instance with the same Id - EF won't "
                         "track two. Either modify the loaded entity or read it with "
                         "AsNoTracking() when it's only needed for the check; here the check "
                         "only needs the doctor, so AsNoTracking() on the first read is the "
                         "smallest fix.",
              "fix": [edit(f"{api}/Appointments/RescheduleEndpoint.cs",
                           "var current = await db.Appointments.SingleAsync(",
                           "var current = await db.Appointments.AsNoTracking().SingleAsync(")],
              "done": "Rescheduling works, and the reschedule test passes."}),
        Fact("gotcha-utc", "gotcha", ["DateTimeKind.Utc"],
             ["saving a date parsed from a file throws something about postgres only "
              "supporting UTC",
              "which sort of DateTime will the npgsql driver accept for our timestamp columns?"],
             "Npgsql only writes DateTimes of Kind Utc to timestamptz: parsed values "
             "(Kind=Unspecified) must be converted and marked DateTimeKind.Utc, or the insert "
             "throws.",
             {"symptom": "the closures import tool crashes with an exception about writing a "
                         "DateTime to 'timestamp with time zone'",
              "aside": "import the holiday closures from the CSV the Graz clinic sent",
              "probe": [bash("dotnet run --project tools/ClinicBook.Import -- closures "
                             "data/graz-closures.csv",
                             "Unhandled exception. System.ArgumentException: Cannot write "
                             "DateTime with Kind=Unspecified to PostgreSQL type 'timestamp with "
                             "time zone', only UTC is supported. Note that it's not possible to "
                             "mix DateTimes with different Kinds in an array, range, or "
                             "multirange. (Parameter 'value')\n   at Npgsql.Internal.Converters."
                             "DateTimeConverterResolver`1.Get(DateTime value, Nullable`1 "
                             "expectedPgTypeId, Boolean validateOnly)", 134)],
              "explain": "Since Npgsql 6 a timestamptz column only takes DateTimes whose Kind is "
                         "Utc. DateTime.ParseExact returns Kind=Unspecified, so the insert is "
                         "refused. The CSV holds Vienna local times: convert them with "
                         "TimeZoneInfo and mark them DateTimeKind.Utc (or use DateTimeOffset).",
              "fix": [edit("tools/ClinicBook.Import/ClosureCsv.cs",
                           "    var start = DateTime.ParseExact(cols[1], \"yyyy-MM-dd HH:mm\", "
                           "CultureInfo.InvariantCulture);",
                           "    var local = DateTime.ParseExact(cols[1], \"yyyy-MM-dd HH:mm\", "
                           "CultureInfo.InvariantCulture);\n    var start = DateTime.SpecifyKind("
                           "TimeZoneInfo.ConvertTimeToUtc(local, Vienna), DateTimeKind.Utc);")],
              "done": "Imported 14 closures for Graz."}),
        Fact("fals-inmemory", "falsified", ["UseInMemoryDatabase"],
             ["could the integration tests run without docker on the build agents?",
              "is there a lighter database we could use for tests instead of a real postgres "
              "container?"],
             "EF Core's in-memory provider (UseInMemoryDatabase) for the integration tests was "
             "tried: no ExecuteUpdate or raw SQL, no unique indexes, 11 of 142 tests failed; "
             "stayed on Postgres in Testcontainers.",
             {"ask": "switch the integration tests to EF's in-memory provider so they don't "
                     "need docker",
              "change": [edit("tests/ClinicBook.Tests/ApiFactory.cs",
                              "            services.AddDbContext<ClinicDb>(o => o.UseNpgsql("
                              "postgres.GetConnectionString()));",
                              "            services.AddDbContext<ClinicDb>(o => o."
                              "UseInMemoryDatabase(\"clinic-tests\"));")],
              "broke": bash("dotnet test tests/ClinicBook.Tests",
                            "  Failed ClinicBook.Tests.Slots.ReleaseExpiredHoldsTests."
                            "Releases_holds_older_than_ten_minutes [41 ms]\n  Error Message:\n"
                            "   System.InvalidOperationException : The 'ExecuteUpdate' or "
                            "'ExecuteUpdateAsync' method is not supported by the current "
                            "database provider.\n  Failed ClinicBook.Tests.Booking."
                            "DoubleBookingTests.Second_booking_of_same_slot_is_rejected [18 ms]"
                            "\n  Error Message:\n   Assert.Throws() Failure: No exception was "
                            "thrown\n\nFailed!  - Failed:    11, Passed:   131, Skipped:     0, "
                            "Total:   142, Duration: 6 s - ClinicBook.Tests.dll (net8.0)", 1),
              "revert": bash("git checkout -- tests/ClinicBook.Tests/ApiFactory.cs", ""),
              "conclusion": "Back to Postgres in Testcontainers: the in-memory provider can't "
                            "run ExecuteUpdate or raw SQL and enforces no unique index, so 11 of "
                            "142 tests failed - the double-booking test among them, which no "
                            "longer catches a double booking. Docker is the price of tests that "
                            "mean something."}),
        Fact("fals-outputcache", "falsified", ["output caching"],
             ["can we cache the free-slots responses to take load off the database?",
              "the availability endpoint is slow at 8am - did we ever try caching it?"],
             "Output caching of the free-slots endpoint (1 minute) was tried: booked slots stayed "
             "listed as free and second bookings failed with 409; removed - the query needs "
             "fixing instead.",
             {"ask": "cache the free-slots endpoint for a minute with ASP.NET's output caching, "
                     "it's hammering the database every morning at 8",
              "change": [edit(f"{api}/Slots/SlotEndpoints.cs",
                              "        group.MapGet(\"/doctors/{doctorId:guid}/free-slots\", "
                              "GetFreeSlots);",
                              "        group.MapGet(\"/doctors/{doctorId:guid}/free-slots\", "
                              "GetFreeSlots)\n             .CacheOutput(p => p.Expire(TimeSpan."
                              "FromMinutes(1)));"),
                         edit(f"{api}/Program.cs", "builder.Services.AddProblemDetails();",
                              "builder.Services.AddProblemDetails();\nbuilder.Services."
                              "AddOutputCache();")],
              "broke": bash("dotnet test tests/ClinicBook.Tests 2>&1 | tail -6",
                            "  Failed ClinicBook.Tests.Slots.FreeSlotsTests."
                            "Booked_slot_disappears_from_free_slots [96 ms]\n  Error Message:\n"
                            "   Assert.DoesNotContain() Failure: Item found in collection\n"
                            "   Found: 2025-01-13T08:00:00+01:00\n\nFailed!  - Failed:     1, "
                            "Passed:   141, Skipped:     0, Total:   142", 1),
              "revert": bash(f"git checkout -- {api}", ""),
              "conclusion": "Removed the output caching again: a booked slot kept showing as "
                            "free for up to a minute, so two patients could pick the same 8:00 "
                            "slot and the second got a 409 at checkout - exactly what the test "
                            "caught. The morning load needs the free-slots query fixed (it "
                            "scans the whole week's appointments), not a cache in front of "
                            "it."}),
    ]
    return Project(
        "clinicbook", "git@github.com:acme/clinicbook.git",
        {"README.md": "# clinicbook\n\nAppointment booking for outpatient clinics.\n",
         "global.json": "{\n  \"sdk\": { \"version\": \"8.0.303\", \"rollForward\": "
                        "\"latestPatch\" }\n}\n"},
        facts,
        noise(("src/ClinicBook.Domain/Slots/SlotGrid.cs",
               "namespace ClinicBook.Domain.Slots;\n\npublic sealed record SlotGrid(TimeOnly "
               "Opens, TimeOnly Closes, TimeSpan Length)\n{\n    public IEnumerable<TimeOnly> "
               "Starts()\n    {\n        for (var t = Opens; t.Add(Length) <= Closes; t = t.Add("
               "Length))\n            yield return t;\n    }\n}\n",
               "SlotGrid cuts a doctor's opening hours into equal slots: every start time from "
               "opening until the last slot that still ends before closing."),
              ("domain", "dotnet test tests/ClinicBook.Domain.Tests",
               "Passed!  - Failed:     0, Passed:    38, Skipped:     0, Total:    38, Duration: "
               "212 ms - ClinicBook.Domain.Tests.dll (net8.0)"),
              ("apptSvc", "appointmentService", f"{api}/Appointments/AppointmentEndpoints.cs",
               "        IAppointmentService apptSvc,",
               "        IAppointmentService appointmentService,"),
              ("7c6b5a4 Slots: 15 minute grid for physiotherapy\n3d2e1f0 Reminders: SMS "
               "fallback\n0a1b2c3 Bump Npgsql.EntityFrameworkCore.PostgreSQL to 8.0.4",
               " M src/ClinicBook.Domain/Slots/SlotGrid.cs"),
              ("src/ClinicBook.Domain/Calendar/DateOnlyExtensions.cs",
               "namespace ClinicBook.Domain.Calendar;\n\npublic static class DateOnlyExtensions\n"
               "{\n    public static DateOnly StartOfWeek(this DateOnly day) =>\n        day."
               "AddDays(-(((int)day.DayOfWeek + 6) % 7));\n}\n",
               "a DateOnly extension that returns the Monday of its week"),
              ("# clinicbook\n\nAppointment booking for outpatient clincs.\n",
               "Appointment booking for outpatient clincs.",
               "Appointment booking for outpatient clinics."),
              ("src/ClinicBook.Domain/Slots/SlotGrid.cs", "SlotGrid.Starts",
               "    public IEnumerable<TimeOnly> Starts()",
               "    /// <summary>Every slot start from opening to the last full slot.</summary>"
               "\n    public IEnumerable<TimeOnly> Starts()")),
        "postgres")


def farebox() -> Project:
    """A Scala 3 fare-calculation service for a transit agency: sbt, cats-effect, http4s,
    doobie on Postgres, circe."""
    core = "modules/core/src/main/scala/farebox"
    server = "modules/server/src/main/scala/farebox"
    facts = [
        Fact("conv-fareerror", "convention", ["FareError"],
             ["how should the tariff lookup report a route it doesn't cover?",
              "is it ok to throw an exception from the pricing code when the input is bad?"],
             "Fare logic never throws: failures are FareError enum cases returned in an "
             "Either.",
             {"rule": "domain failures are values, not exceptions - add a case to the FareError "
                      "enum and return it in an Either, never throw from the fare logic",
              "task": "make the zone lookup cope with a stop id we don't know",
              "follow": [edit(f"{core}/zones/ZoneLookup.scala",
                              "  def zoneOf(stop: StopId): Zone =\n    zones(stop)",
                              "  def zoneOf(stop: StopId): Either[FareError, Zone] =\n    zones."
                              "get(stop).toRight(FareError.UnknownStop(stop))"),
                         edit(f"{core}/FareError.scala", "enum FareError:\n",
                              "enum FareError:\n  case UnknownStop(stop: StopId)\n")],
              "contrary": edit(f"{core}/zones/ZoneLookup.scala",
                               "  def zoneOf(stop: StopId): Zone =\n    zones(stop)",
                               "  def zoneOf(stop: StopId): Zone =\n    zones.getOrElse(stop, "
                               "throw UnknownStopException(stop))"),
              "done": "zoneOf returns Either[FareError, Zone] now, and the quote route maps "
                      "UnknownStop to a 404."}),
        Fact("conv-unsafe", "convention", ["unsafeRunSync"],
             ["I need the result of an effect inside a plain helper - can I just block on it?",
              "what's the rule for running an IO outside of the main app?"],
             "No unsafeRunSync outside tests: effects stay in IO up to the IOApp, even if a "
             "signature has to change.",
             {"rule": "no unsafeRunSync anywhere outside tests - stay in IO all the way up to "
                      "the IOApp, even if it means changing a signature",
              "task": "the discount rules loader needs the current tariff version from the "
                      "database",
              "follow": [edit(f"{core}/discounts/DiscountRules.scala",
                              "  def load(config: DiscountConfig): DiscountRules =\n    "
                              "DiscountRules(config.rules)",
                              "  def load(config: DiscountConfig, tariffs: TariffRepo[IO]): "
                              "IO[DiscountRules] =\n    tariffs.currentVersion.map(v => "
                              "DiscountRules(config.rules.filter(_.validFor(v))))"),
                         edit(f"{server}/Main.scala",
                              "      rules = DiscountRules.load(cfg.discounts)",
                              "      rules <- Resource.eval(DiscountRules.load(cfg.discounts, "
                              "tariffs))")],
              "contrary": edit(f"{core}/discounts/DiscountRules.scala",
                               "  def load(config: DiscountConfig): DiscountRules =\n    "
                               "DiscountRules(config.rules)",
                               "  def load(config: DiscountConfig, tariffs: TariffRepo[IO]): "
                               "DiscountRules =\n    val v = tariffs.currentVersion."
                               "unsafeRunSync()\n    DiscountRules(config.rules.filter(_."
                               "validFor(v)))"),
              "done": "DiscountRules.load returns IO[DiscountRules] now, and Main sequences it "
                      "in the resource block."}),
        Fact("cmd-testonly", "command", ["core/testOnly"],
             ["how do I run a single spec with sbt without waiting for everything?",
              "sbt runs the entire suite and then says not a valid command when I pass it a "
              "spec name"],
             "Run one spec with `sbt \"core/testOnly farebox.fares.FareCalculatorSpec\"` "
             "(quoted, fully qualified); unquoted, sbt runs every test and then fails with Not a "
             "valid command.",
             {"goal": "run just the FareCalculatorSpec, the server specs take ages",
              "fail": bash("sbt testOnly FareCalculatorSpec",
                           "[info] welcome to sbt 1.10.1 (Eclipse Adoptium Java 17.0.12)\n"
                           "[info] loading project definition from /home/dev/src/farebox/"
                           "project\n...\n[info] Passed: Total 412, Failed 0, Errors 0, Passed "
                           "412\n[success] Total time: 384 s (06:24)\n[error] Not a valid "
                           "command: FareCalculatorSpec\n[error] FareCalculatorSpec\n[error]"
                           "                   ^", 1),
              "fail2": bash("sbt \"testOnly FareCalculatorSpec\"",
                            "[info] No tests to run for server / Test / testOnly\n[info] No "
                            "tests to run for core / Test / testOnly\n[info] No tests were "
                            "executed."),
              "note": "sbt takes every shell argument as a command of its own, so the spec has "
                      "to be inside the quotes - and testOnly matches fully qualified names, so "
                      "it needs the package (or a leading *).",
              "ok": bash("sbt \"core/testOnly farebox.fares.FareCalculatorSpec\"",
                         "[info] FareCalculatorSpec:\n[info] + peak fare across two zones "
                         "0.012s\n[info] + off-peak discount applies after 19:00 0.001s\n[info] "
                         "+ capped at the daily maximum 0.001s\n[info] Passed: Total 17, Failed "
                         "0, Errors 0, Passed 17\n[success] Total time: 9 s"),
              "docs": ("CONTRIBUTING.md",
                       "## Running tests\n\n- Everything: `sbt test` (slow: the server specs "
                       "start Postgres)\n- One spec: `sbt \"core/testOnly farebox.fares."
                       "FareCalculatorSpec\"` - quotes included\n"),
              "done": "FareCalculatorSpec passes, 17 of 17."}),
        Fact("cmd-publishlocal", "command", ["Docker/publishLocal"],
             ["how do I build an image of the service locally? there's no Dockerfile",
              "what produces the container that staging deploys?"],
             "Build the service image with `sbt server/Docker/publishLocal` "
             "(sbt-native-packager); the repo has no Dockerfile.",
             {"goal": "build a container image of the service so I can try it in my local "
                      "cluster",
              "fail": bash("docker build -t farebox:dev .",
                           "[+] Building 0.0s (0/0)\nERROR: failed to solve: failed to read "
                           "dockerfile: open Dockerfile: no such file or directory", 1),
              "note": "There's no Dockerfile: the image is built by sbt-native-packager from the "
                      "server module's settings.",
              "ok": bash("sbt server/Docker/publishLocal",
                         "[info] Sending build context to Docker daemon  71.3MB\n[info] Step "
                         "1/21 : FROM eclipse-temurin:17-jre as stage0\n...\n[info] Successfully "
                         "tagged farebox-server:0.14.2-SNAPSHOT\n[info] Built image "
                         "farebox-server with tags [0.14.2-SNAPSHOT]\n[success] Total time: 48 "
                         "s"),
              "docs": ("project/plugins.sbt",
                       "addSbtPlugin(\"com.github.sbt\" % \"sbt-native-packager\" % \"1.10.4\")"
                       "\naddSbtPlugin(\"org.scalameta\" % \"sbt-scalafmt\" % \"2.5.2\")\n// "
                       "images: sbt server/Docker/publishLocal (there is no Dockerfile)\n"),
              "done": "The image is farebox-server:0.14.2-SNAPSHOT in your local Docker."}),
        Fact("env-gtfs", "environment", ["acme-transit-gtfs"],
             ["where does the service load the stops and fare zones from?",
              "a station that opened last month doesn't exist for the quote API - which data "
              "are we reading?"],
             "Stops and zones come from the GTFS feed in s3://acme-transit-gtfs/<yyyy-mm>/"
             "feed.zip, the drop pinned in application.conf (gtfs.source).",
             {"goal": "the zone list looks out of date, the new Nordhafen stop is missing - "
                      "where does the stop and zone data come from?",
              "probe": [read("modules/server/src/main/resources/application.conf",
                             "farebox {\n  http.port = 8080\n  gtfs {\n    source = \"s3://"
                             "acme-transit-gtfs/2024-09/feed.zip\"\n    refresh = 24 hours\n  }"
                             "\n}\n"),
                        bash("aws s3 ls s3://acme-transit-gtfs/",
                             "                           PRE 2024-06/\n                          "
                             " PRE 2024-09/\n                           PRE 2024-12/")],
              "confirm": "stops and zones are loaded from the GTFS feed in the S3 bucket "
                         "acme-transit-gtfs, and application.conf pins the 2024-09 drop. "
                         "Nordhafen is in the 2024-12 feed, which is already in the bucket - "
                         "bump the path to 2024-12 to pick it up.",
              "table": [("GTFS source", "s3://acme-transit-gtfs/2024-09/feed.zip "
                                        "(application.conf)"),
                        ("Newest feed in the bucket", "2024-12/"),
                        ("Refresh", "every 24 hours, same path")]}),
        Fact("env-scala", "environment", ["3.3.3"],
             ["which scala compiler version does this build use?",
              "my IDE can't figure out the language version of this project, what should it "
              "be?"],
             "The build uses Scala 3.3.3 (the 3.3 LTS line) with sbt 1.10.1 (build.sbt, "
             "project/build.properties).",
             {"goal": "metals shows red squiggles everywhere about the compiler version - what "
                      "scala are we on?",
              "probe": [bash("grep -n scalaVersion build.sbt && cat project/build.properties",
                             "3:ThisBuild / scalaVersion := \"3.3.3\"\nsbt.version=1.10.1")],
              "confirm": "the build is on Scala 3.3.3, the 3.3 LTS line, with sbt 1.10.1. Metals "
                         "imported the build with an older bloop; run \"Import build\" again "
                         "and it picks up 3.3.3.",
              "table": [("Scala", "3.3.3 (LTS line)"), ("sbt", "1.10.1"),
                        ("Set in", "build.sbt (ThisBuild / scalaVersion), "
                                   "project/build.properties")]}),
        Fact("gotcha-metaspace", "gotcha", ["MaxMetaspaceSize"],
             ["sbt keeps crashing with an out of memory error after a while of watching files",
              "the build tool runs out of memory after a few reloads even though I gave it 4 "
              "gigs of heap"],
             "sbt died with OutOfMemoryError: Metaspace after repeated compiles because "
             ".jvmopts capped -XX:MaxMetaspaceSize at 512m; it is 2G now.",
             {"symptom": "the sbt shell dies with an OutOfMemoryError after I've been working "
                         "in it for a while",
              "aside": "keep sbt running with ~compile while I edit the tariff rules and tell "
                       "me when something breaks",
              "probe": [bash("sbt ~compile",
                             "[info] 12. Monitoring source files for farebox/compile...\n[info] "
                             "Build triggered by /home/dev/src/farebox/modules/core/src/main/"
                             "scala/farebox/tariffs/Rules.scala. Running 'compile'.\n[info] "
                             "compiling 1 Scala source ...\n[error] ## Exception when compiling "
                             "1 sources\n[error] java.lang.OutOfMemoryError: Metaspace\n[error] "
                             "Use 'last' for the full log.", 1),
                        bash("cat .jvmopts", "-Xms1G\n-Xmx4G\n-Xss8M\n"
                                             "-XX:MaxMetaspaceSize=512m")],
              "explain": "The repo's .jvmopts caps metaspace at 512m (-XX:MaxMetaspaceSize="
                         "512m), a leftover from the Scala 2 days. Every compile round loads "
                         "compiler classes again, and after a dozen rounds the 512 MB are "
                         "gone - the heap size doesn't matter. Raising MaxMetaspaceSize to 2G "
                         "fixes it; restarting sbt only postpones it.",
              "fix": [edit(".jvmopts", "-XX:MaxMetaspaceSize=512m", "-XX:MaxMetaspaceSize=2G")],
              "done": "sbt stays up through repeated compiles now: 30 rounds of ~compile "
                      "without a crash."}),
        Fact("gotcha-pgenum", "gotcha", ["pgEnumString"],
             ["writing a scala enum into a postgres enum column with doobie fails with a type "
              "error",
              "postgres says I need to rewrite or cast the expression when I insert a rider "
              "category"],
             "Postgres enum columns (rider_class) need doobie's pgEnumString Meta; a "
             "Meta[String] mapping fails: column is of type rider_class but expression is of "
             "type character varying.",
             {"symptom": "inserting a fare rule fails with 'column \"rider_class\" is of type "
                         "rider_class but expression is of type character varying'",
              "aside": "seed the staging database with the senior and student fare rules",
              "probe": [bash("sbt \"server/runMain farebox.tools.SeedRules staging\"",
                             "[error] org.postgresql.util.PSQLException: ERROR: column "
                             "\"rider_class\" is of type rider_class but expression is of type "
                             "character varying\n[error]   Hint: You will need to rewrite or "
                             "cast the expression.\n[error]   Position: 71", 1),
                        read(f"{server}/db/FareRuleRepo.scala",
                             "given Meta[RiderClass] = Meta[String].timap(RiderClass.valueOf)(_."
                             "toString)\n\ndef insert(r: FareRule): ConnectionIO[Int] =\n  sql\""
                             "insert into fare_rules (name, rider_class, pct_off) values (${r."
                             "name}, ${r.riderClass}, ${r.pctOff})\".update.run\n")],
              "explain": "The Meta instance sends RiderClass as a varchar, and Postgres won't "
                         "cast varchar to the rider_class enum type by itself. doobie's "
                         "postgres module has pgEnumString for exactly this: it sends the value "
                         "typed as the enum.",
              "fix": [edit(f"{server}/db/FareRuleRepo.scala",
                           "given Meta[RiderClass] = Meta[String].timap(RiderClass.valueOf)(_."
                           "toString)",
                           "given Meta[RiderClass] = pgEnumString(\"rider_class\", RiderClass."
                           "valueOf, _.toString)")],
              "done": "Seeded the two fare rules (senior, student) on staging."}),
        Fact("fals-jsoniter", "falsified", ["jsoniter"],
             ["would a faster json library speed up the quote endpoint?",
              "has anyone tried replacing circe?"],
             "Replacing circe with jsoniter-scala was tried: only ~6% faster encoding, and it "
             "broke the API contract (null fields dropped, amounts as numbers); reverted.",
             {"ask": "swap circe for jsoniter-scala on the quote endpoint, JSON encoding shows "
                     "up in the flame graph",
              "change": [edit(f"{server}/http/QuoteRoutes.scala",
                              "import org.http4s.circe.CirceEntityCodec.given",
                              "import com.github.plokhotnyuk.jsoniter_scala.core.*\nimport "
                              "farebox.http.JsoniterEntityCodec.given")],
              "broke": bash("sbt \"server/testOnly farebox.http.QuoteContractSpec\"",
                            "[info] QuoteContractSpec:\n[info] - quote response matches the "
                            "published contract *** FAILED ***\n[info]   missing field "
                            "\"discount\" (expected null); \"fare.amount\": expected string "
                            "\"3.40\", got number 3.4\n[error] Failed: Total 9, Failed 4, "
                            "Errors 0, Passed 5", 1),
              "revert": bash("git checkout -- modules/server", ""),
              "conclusion": "Back on circe: jsoniter-scala broke the published contract - it "
                            "drops null fields and writes BigDecimal amounts as numbers, so 4 of "
                            "9 contract specs failed - and in the JMH bench it encoded quotes "
                            "only about 6% faster (412 vs 388 ops/ms). Not worth custom codecs "
                            "for every type."}),
        Fact("fals-matrix", "falsified", ["fare matrix"],
             ["could we calculate every possible journey price ahead of time instead of per "
              "request?",
              "was a lookup table of all stop-to-stop prices ever considered?"],
             "A precomputed fare matrix of all stop pairs (2.2 million) was tried: about 3.1 GB "
             "of heap, OutOfMemoryError with the pod's 2 GB; dropped, quotes are computed per "
             "request (0.3 ms).",
             {"ask": "precompute a fare matrix for every stop pair at startup so a quote is "
                     "just a map lookup",
              "change": [write(f"{core}/fares/FareMatrix.scala",
                               "package farebox.fares\n\nfinal class FareMatrix(prices: Map[("
                               "StopId, StopId), Money]):\n  def apply(from: StopId, to: "
                               "StopId): Option[Money] = prices.get(from -> to)\n\nobject "
                               "FareMatrix:\n  def build(stops: Vector[StopId], calc: "
                               "FareCalculator): FareMatrix =\n    FareMatrix((for a <- stops; b "
                               "<- stops yield (a, b) -> calc.base(a, b)).toMap)\n")],
              "broke": bash("sbt -J-Xmx2G server/run",
                            "[info] running farebox.Main\nINFO  farebox.Main - building fare "
                            "matrix for 1482 stops (2196324 pairs)\n[error] Exception in thread "
                            "\"io-compute-3\" java.lang.OutOfMemoryError: Java heap space\n"
                            "[error]   at scala.collection.immutable.HashMap.updated(HashMap."
                            "scala:142)", 1),
              "revert": bash(f"rm {core}/fares/FareMatrix.scala && git checkout -- "
                             f"modules/server", ""),
              "conclusion": "Dropped the precomputed fare matrix: 1,482 stops make 2.2 million "
                            "pairs, about 3.1 GB of heap as a Scala map - more than the pod's "
                            "2 GB - and building it took 41 s before it died. A quote computed "
                            "per request takes 0.3 ms, so there was little to win anyway."}),
    ]
    return Project(
        "farebox", "git@github.com:acme/farebox.git",
        {"README.md": "# farebox\n\nFare calculation for the regional transit network.\n",
         "build.sbt": "ThisBuild / organization := \"com.acme\"\n"},
        facts,
        noise((f"{core}/Money.scala",
               "package farebox\n\nopaque type Money = Long\n\nobject Money:\n  def cents(c: "
               "Long): Money = c\n  extension (m: Money)\n    def +(o: Money): Money = m + o\n"
               "    def times(n: Int): Money = m * n\n    def show: String = f\"${m / 100}%d."
               "${m % 100}%02d\"\n",
               "Money is an opaque type over Long cents: no floating point anywhere, adding and "
               "multiplying stay in cents, and show formats it as euros and cents."),
              ("core", "sbt core/test",
               "[info] ZoneLookupSpec:\n[info] + neighbouring zones 0.004s\n[info] "
               "MoneySpec:\n[info] + shows cents with two digits 0.001s\n[info] Passed: Total "
               "64, Failed 0, Errors 0, Passed 64\n[success] Total time: 14 s"),
              ("calcBase", "baseFare", f"{core}/fares/FareCalculator.scala",
               "  def calcBase(from: StopId, to: StopId): Money =",
               "  def baseFare(from: StopId, to: StopId): Money ="),
              ("e5f6a7b zones: ring zones for the airport line\nb8c9d0e http: ETag on /tariffs"
               "\n1f2a3b4 Bump http4s to 0.23.27",
               " M modules/core/src/main/scala/farebox/fares/FareCalculator.scala"),
              (f"{core}/MoneyRounding.scala",
               "package farebox\n\nobject MoneyRounding:\n  extension (m: Money)\n    def "
               "toNearest5Cents: Money = Money.cents(((m: Long) + 2) / 5 * 5)\n",
               "an extension that rounds Money to the nearest 5 cents"),
              ("# farebox\n\nFare caluclation for the regional transit network.\n",
               "Fare caluclation for the regional transit network.",
               "Fare calculation for the regional transit network."),
              (f"{core}/fares/FareCalculator.scala", "FareCalculator.calcBase",
               "  def calcBase(from: StopId, to: StopId): Money =",
               "  /** The fare before discounts and caps, from the zones crossed. */\n  def "
               "calcBase(from: StopId, to: StopId): Money =")),
        "aws")


def hedgerow() -> Project:
    """A Haskell stock service for a plant nursery: Stack, Servant, persistent on Postgres,
    hspec."""
    facts = [
        Fact("conv-qualified", "convention", ["import qualified"],
             ["how should I bring Data.Map into the new module?",
              "filter is ambiguous between Map and the Prelude in my module - what's our "
              "import style?"],
             "Data.Map, Data.Set and Data.Text are always imported qualified (import qualified "
             "Data.Map.Strict as Map), never unqualified.",
             {"rule": "Data.Map, Data.Set and Data.Text are always imported qualified - import "
                      "qualified Data.Map.Strict as Map, and so on - never unqualified, the "
                      "names clash with the Prelude",
              "task": "group the stock batches by species in the availability report",
              "follow": [edit("src/Hedgerow/Report/Availability.hs", "import Hedgerow.Types\n",
                              "import qualified Data.Map.Strict as Map\nimport Hedgerow.Types"
                              "\n"),
                         edit("src/Hedgerow/Report/Availability.hs",
                              "availability :: [Batch] -> Int\navailability = sum . map "
                              "batchCount",
                              "availability :: [Batch] -> Map.Map SpeciesId Int\navailability "
                              "= Map.fromListWith (+) . map (\\b -> (batchSpecies b, batchCount"
                              " b))")],
              "contrary": edit("src/Hedgerow/Report/Availability.hs", "import Hedgerow.Types\n",
                               "import Data.Map.Strict\nimport Hedgerow.Types\n"),
              "done": "The availability report returns a Map from species to stock count."}),
        Fact("conv-partial", "convention", ["partial functions"],
             ["is it fine to just take the head of the batches list here?",
              "what's the house rule on functions that crash on an empty list?"],
             "No partial functions (head, tail, fromJust, !!) in library code: pattern match or "
             "use NonEmpty; hlint flags them.",
             {"rule": "no partial functions in library code - no head, tail, fromJust or !! - "
                      "pattern match or use NonEmpty, hlint is set up to flag them",
              "task": "the reorder job should use the supplier's first price tier",
              "follow": [edit("src/Hedgerow/Reorder.hs",
                              "reorderPrice :: Supplier -> Price\nreorderPrice = "
                              "supplierListPrice",
                              "reorderPrice :: Supplier -> Maybe Price\nreorderPrice supplier = "
                              "case supplierTiers supplier of\n  []       -> Nothing\n  tier : _ "
                              "-> Just (tierPrice tier)")],
              "contrary": edit("src/Hedgerow/Reorder.hs",
                               "reorderPrice :: Supplier -> Price\nreorderPrice = "
                               "supplierListPrice",
                               "reorderPrice :: Supplier -> Price\nreorderPrice = tierPrice . "
                               "head . supplierTiers"),
              "done": "reorderPrice returns Maybe Price; the job skips suppliers without tiers "
                      "and logs them."}),
        Fact("cmd-ta", "command", ["--ta"],
             ["how do I run just one group of hspec tests?",
              "stack rejects the match flag I give it for filtering specs"],
             "Pass hspec flags through stack's --ta: `stack test --ta '--match "
             "\"/Hedgerow.Inventory/\"'`; `stack test --match` is an invalid option.",
             {"goal": "run only the inventory specs, I don't need the whole suite",
              "fail": bash("stack test --match Inventory",
                           "Invalid option `--match'\n\nDid you mean one of these?\n    --hpack"
                           "\n    --haddock\n\nUsage: stack test [TARGET] [--dry-run] "
                           "[--pedantic] [--fast] ...", 1),
              "fail2": bash("stack test hedgerow:test:spec --match Inventory",
                            "Invalid option `--match'", 1),
              "note": "Flags for the test executable itself (hspec's --match) have to go "
                      "through stack's --ta, short for --test-arguments.",
              "ok": bash("stack test --ta '--match \"/Hedgerow.Inventory/\"'",
                         "hedgerow> test (suite: spec, args: --match /Hedgerow.Inventory/)\n\n"
                         "Hedgerow.Inventory\n  reserve\n    refuses to reserve more than is in "
                         "stock [✔]\n    releases a reservation on cancel [✔]\n  ...\nFinished "
                         "in 0.0412 seconds\n14 examples, 0 failures\n\nhedgerow> Test suite "
                         "spec passed"),
              "docs": ("docs/DEVELOPING.md",
                       "## Tests\n\nhspec, run through stack. hspec's own flags go through "
                       "--ta:\n\n    stack test --ta '--match \"/Hedgerow.Inventory/\"'\n"),
              "done": "The 14 inventory examples pass."}),
        Fact("cmd-admin", "command", ["hedgerow-admin"],
             ["how do I bring my local database schema up to date?",
              "the server binary says migrate is an invalid argument"],
             "Schema migrations run through the admin executable: `stack run hedgerow-admin -- "
             "migrate`; the server binary (hedgerow) has no migrate command.",
             {"goal": "apply the new migration for supplier lead times to my local database",
              "fail": bash("stack exec hedgerow -- migrate",
                           "Invalid argument `migrate'\n\nUsage: hedgerow [--port PORT]", 1),
              "fail2": bash("stack run -- migrate",
                            "Invalid argument `migrate'\n\nUsage: hedgerow [--port PORT]", 1),
              "note": "The server binary only serves; migrations are a command of the separate "
                      "admin executable.",
              "ok": bash("stack run hedgerow-admin -- migrate",
                         "Migrating: ALTER TABLE \"supplier\" ADD COLUMN \"lead_time_days\" INT8 "
                         "NOT NULL DEFAULT 14\nMigration complete (1 statement)."),
              "docs": ("admin/Main.hs",
                       "-- | hedgerow-admin: operational commands, kept out of the server "
                       "binary.\n--   stack run hedgerow-admin -- migrate | import-suppliers "
                       "FILE | reindex\nmodule Main (main) where\n"),
              "done": "Your local database has the lead_time_days column now."}),
        Fact("env-lts", "environment", ["lts-22.28"],
             ["which GHC version does this project compile with?",
              "my editor's haskell language server won't load this project, which compiler "
              "should it target?"],
             "stack.yaml pins the lts-22.28 snapshot: GHC 9.6.6 (HLS must support 9.6.6).",
             {"goal": "HLS keeps saying it doesn't support the GHC version of this project - "
                      "what GHC do we build with?",
              "probe": [bash("grep resolver stack.yaml && stack exec -- ghc --numeric-version",
                             "resolver: lts-22.28\n9.6.6")],
              "confirm": "stack.yaml pins the lts-22.28 snapshot, which means GHC 9.6.6. Your HLS "
                         "binary was built for other GHCs; `ghcup install hls` with a version "
                         "that lists 9.6.6 fixes it.",
              "table": [("Snapshot (stack.yaml)", "lts-22.28"),
                        ("GHC", "9.6.6, installed by stack"),
                        ("HLS", "needs a build supporting 9.6.6 (`ghcup install hls`)")]}),
        Fact("env-dburl", "environment", ["HEDGEROW_DB_URL"],
             ["where does the server pick up its database connection from?",
              "is there a config file I should edit to aim the app at another postgres?"],
             "hedgerow has no config file: it reads HEDGEROW_DB_URL (a libpq connection string) "
             "and HEDGEROW_PORT (default 8081) from the environment (envparse).",
             {"goal": "I want to run my local server against the staging copy of the database "
                      "- where does it read the connection settings from?",
              "probe": [grep("HEDGEROW_", ["src/Hedgerow/Config.hs", "docker-compose.yml"]),
                        read("src/Hedgerow/Config.hs",
                             "data Config = Config\n  { cfgDbUrl :: ByteString\n  , cfgPort  :: "
                             "Int\n  }\n\nloadConfig :: IO Config\nloadConfig = Env.parse ("
                             "header \"hedgerow\") $\n  Config <$> var (str <=< nonempty) "
                             "\"HEDGEROW_DB_URL\" (help \"libpq connection string\")\n         "
                             "<*> var auto \"HEDGEROW_PORT\" (def 8081 <> help \"HTTP port\")\n")],
              "confirm": "there's no config file: the server reads everything from environment "
                         "variables via envparse - the database from HEDGEROW_DB_URL (a libpq "
                         "connection string), the port from HEDGEROW_PORT (default 8081). "
                         "Export HEDGEROW_DB_URL with the staging copy's URL and start it.",
              "table": [("Database", "HEDGEROW_DB_URL (libpq connection string, required)"),
                        ("Port", "HEDGEROW_PORT, default 8081"),
                        ("Config file", "none - environment variables only (envparse)")]}),
        Fact("gotcha-hpack", "gotcha", ["package.yaml"],
             ["I listed a library in the cabal file but ghc still says the package is hidden",
              "where do I declare a new dependency for the haskell project?"],
             "hedgerow.cabal is generated by hpack: dependencies go in package.yaml, not the "
             ".cabal file (edits there are overwritten and the module stays hidden).",
             {"symptom": "I added aeson to the build-depends in hedgerow.cabal but the import "
                         "still fails with a hidden package error",
              "aside": "add a JSON export of the species catalogue for the website people",
              "probe": [bash("stack build",
                             "hedgerow> /home/dev/src/hedgerow/src/Hedgerow/Export.hs:5:1: "
                             "error:\n    Could not load module ‘Data.Aeson’\n    It is a member "
                             "of the hidden package ‘aeson-2.1.2.1’.\n    Perhaps you need to "
                             "add ‘aeson’ to the build-depends in your .cabal file.\n  |\n5 | "
                             "import Data.Aeson (encode)\n  | ^^^^^^^^^^^^^^^^^^^^^^^^^^", 1),
                        bash("head -n 3 hedgerow.cabal",
                             "cabal-version: 2.2\n\n-- This file has been generated from "
                             "package.yaml by hpack version 0.36.0.")],
              "explain": "hedgerow.cabal is generated by hpack from package.yaml on every stack "
                         "build, so changes to the .cabal file are overwritten (or, once stack "
                         "notices a manual edit, it stops regenerating it). The dependency has "
                         "to go into package.yaml.",
              "fix": [edit("package.yaml", "dependencies:\n- base >= 4.7 && < 5\n",
                           "dependencies:\n- base >= 4.7 && < 5\n- aeson\n"),
                      bash("git checkout -- hedgerow.cabal && stack build",
                           "hedgerow> configure (lib + exe)\nhedgerow> build (lib + exe)\n"
                           "Completed 2 action(s).")],
              "done": "It builds again, and Export.hs can import Data.Aeson."}),
        Fact("gotcha-libpq", "gotcha", ["brew install libpq"],
             ["the postgres binding package won't compile on a fresh macbook",
              "stack stops with a Setup error saying a required program can't be found"],
             "On macOS postgresql-libpq needs pg_config: `brew install libpq` and put "
             "/opt/homebrew/opt/libpq/bin on PATH (libpq is keg-only).",
             {"symptom": "stack build fails on my new mac with a setup error about pg_config "
                         "while building postgresql-libpq",
              "aside": "set the project up on my new laptop and make sure the tests pass",
              "probe": [bash("stack build",
                             "postgresql-libpq> configure\npostgresql-libpq> Error: Setup: The "
                             "program 'pg_config' is required but it could not be found.\n\n"
                             "Error: [S-7282]\n       Stack failed to execute the build plan.",
                             1),
                        bash("which pg_config; brew --prefix", "pg_config not found\n"
                                                                "/opt/homebrew")],
              "explain": "postgresql-libpq's Setup needs pg_config to find the client library, "
                         "and a fresh Mac has none (Postgres itself runs in docker here). `brew "
                         "install libpq` provides it, but Homebrew keeps libpq keg-only, so its "
                         "bin directory has to go on PATH as well.",
              "fix": [bash("brew install libpq && export PATH=\"/opt/homebrew/opt/libpq/bin:"
                           "$PATH\" && stack build",
                           "==> Pouring libpq--16.4.arm64_sonoma.bottle.tar.gz\n🍺  /opt/homebrew"
                           "/Cellar/libpq/16.4: 2,383 files, 29.9MB\npostgresql-libpq> "
                           "configure\npostgresql-libpq> build\nCompleted 41 action(s).")],
              "done": "Everything builds. Put the PATH line in your shell profile, or the next "
                      "shell loses pg_config again."}),
        Fact("fals-nix", "falsified", ["--nix"],
             ["could we make the build environment reproducible across everyone's machines?",
              "did we ever try pinning the system libraries with a functional package "
              "manager?"],
             "Stack's nix integration (stack --nix) was tried: 38 minutes building 212 "
             "derivations, then libiconv failed to build on macOS; turned off.",
             {"ask": "try stack's nix integration so everyone gets the same system libraries - "
                     "native dependencies on the macs keep biting people",
              "change": [edit("stack.yaml", "packages:\n- .\n",
                              "packages:\n- .\nnix:\n  enable: true\n  packages: [postgresql, "
                              "zlib]\n")],
              "broke": bash("time stack --nix build",
                            "these 212 derivations will be built:\n  /nix/store/"
                            "0c4h8x1k2m9p-libiconv-107.drv\n  ...\nerror: builder for '/nix/"
                            "store/0c4h8x1k2m9p-libiconv-107.drv' failed with exit code 2;\n"
                            "       last 1 log lines:\n       > ld: library not found for "
                            "-lSystem\n\nreal\t38m12.404s", 1),
              "revert": bash("git checkout -- stack.yaml", ""),
              "conclusion": "Turned the nix integration off again: the first `stack --nix "
                            "build` spent 38 minutes building 212 derivations from source and "
                            "then failed on macOS (libiconv can't link against the system SDK). "
                            "For one native dependency, a documented setup step is far "
                            "cheaper."}),
        Fact("fals-th", "falsified", ["deriveJSON"],
             ["would splice-generated json instances compile quicker than generics?",
              "is there a faster way to derive serialisation for all our record types?"],
             "Template Haskell deriveJSON instead of Generic JSON instances was tried: the full "
             "build went from 3m08s to 3m41s and the field names changed; reverted.",
             {"ask": "switch the JSON instances from Generic deriving to Template Haskell "
                     "deriveJSON - I read it compiles faster",
              "change": [edit("src/Hedgerow/Types.hs",
                              "  } deriving (Generic)\n\ninstance ToJSON Species where\n  "
                              "toJSON = genericToJSON jsonOptions\n",
                              "  }\n\n$(deriveJSON defaultOptions ''Species)\n")],
              "broke": bash("stack build 2>&1 | tail -1 && stack test",
                            "Total build time: 3m41s (was 3m08s)\n\nHedgerow.Api.Json\n  "
                            "Species\n    encodes with snake_case fields [✘]\n\nFailures:\n\n  "
                            "test/Hedgerow/Api/JsonSpec.hs:21:5:\n  1) Hedgerow.Api.Json.Species "
                            "encodes with snake_case fields\n       expected: {\"latin\":"
                            "\"Quercus robur\",\"stock_level\":12}\n        but got: {"
                            "\"speciesLatin\":\"Quercus robur\",\"speciesStockLevel\":12}\n\n38 "
                            "examples, 1 failure", 1),
              "revert": bash("git checkout -- src/Hedgerow/Types.hs", ""),
              "conclusion": "Back to Generic: with deriveJSON the full build got slower, not "
                            "faster (3m41s against 3m08s - the splices make every module that "
                            "imports Types recompile), and the splice used defaultOptions, so "
                            "the API lost its snake_case field names. Not worth it."}),
    ]
    return Project(
        "hedgerow", "git@github.com:acme/hedgerow.git",
        {"README.md": "# hedgerow\n\nStock and orders for the nursery.\n",
         "stack.yaml": "resolver: lts-22.28\npackages:\n- .\n"},
        facts,
        noise(("src/Hedgerow/Pricing.hs",
               "module Hedgerow.Pricing (unitPrice) where\n\nimport Hedgerow.Types\n\n"
               "unitPrice :: PotSize -> Cents -> Cents\nunitPrice P9 base  = base\nunitPrice P12 "
               "base = base * 3 `div` 2\nunitPrice C3 base  = base * 3\n",
               "unitPrice scales a species' base price by pot size: 9 cm pots at the base "
               "price, 12 cm at one and a half times, 3-litre containers at three times."),
              ("pricing", "stack test --fast",
               "hedgerow> test (suite: spec)\n\nHedgerow.Pricing\n  unitPrice\n    keeps the "
               "base price for 9 cm pots [✔]\n    triples it for 3 litre containers [✔]\n\n"
               "Finished in 0.0103 seconds\n9 examples, 0 failures"),
              ("qty", "quantity", "src/Hedgerow/Orders.hs", "  , lineQty :: Int",
               "  , lineQuantity :: Int"),
              ("c1d2e3f Orders: reserve stock on checkout\n4a5b6c7 Species: add hardiness "
               "zone\n8d9e0f1 CI: cache ~/.stack",
               " M src/Hedgerow/Orders.hs"),
              ("src/Hedgerow/Money.hs",
               "module Hedgerow.Money (showEuros) where\n\nimport Text.Printf (printf)\n\n"
               "showEuros :: Int -> String\nshowEuros c = printf \"%d.%02d €\" (c `div` 100) "
               "(c `mod` 100)\n",
               "a function that shows a price in cents as euros, like 12.50 €"),
              ("# hedgerow\n\nStock and orders for the nursrey.\n",
               "Stock and orders for the nursrey.", "Stock and orders for the nursery."),
              ("src/Hedgerow/Pricing.hs", "unitPrice",
               "unitPrice :: PotSize -> Cents -> Cents",
               "-- | Price of one plant in the given pot size.\nunitPrice :: PotSize -> Cents -> "
               "Cents")),
        "github")


def projects() -> list[Project]:
    return [ridelog(), clinicbook(), farebox(), hedgerow()]
