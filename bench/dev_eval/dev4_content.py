"""The ``dev4`` split: four projects in stacks no other tuned split uses (a Flutter / Dart app
with Riverpod, freezed and drift, pinned with fvm; a C++20 tile map editor built with CMake
presets and vcpkg, on SDL2 and Dear ImGui; an R / Shiny dashboard with renv and a {targets}
pipeline on DuckDB; a Ruby on Rails 7.1 app with Sidekiq, Turbo and RSpec), ten planted facts
each, and phrasing templates of its own.

Written in the fifth pass as a fresh out-of-sample reading of the system as it stands: its
facts are said the ways dev, dev2 and dev3 never say them (a rule in a hurried aside, a rule
added to the conventions doc, a rule that turns down the assistant's "common way", a command
found by reading a Makefile / justfile / Procfile, a command a colleague sends, an environment
fact written into a hand-over note, a gotcha the user diagnosed alone, an approach dropped after
a benchmark or after the user ran it themselves).

Slots are the shared ones (``templates.py``) plus: for a command, ``recipe`` (``(path,
content)``: a file of the repository showing the command that works) and an optional ``fail2``
(a second failed attempt); for an environment fact, ``short`` (the fact as a terse one-line
answer).
"""

from __future__ import annotations

import random

from .templates import cap
from .transcript import bash, edit, grep, read, write
from .world import Episode, Fact, Project, Step

CROSS_PER_PROJECT = 3

# Colleagues named in prompts (who sent a command, who proposed something, who takes over).
COLLEAGUES = ("Ines", "Dmitri", "Olu", "Hana", "Rafael", "Sunita")

_SLIPS = ((" the ", " teh "), (" and ", " adn "), (" with ", " wiht "), (" that ", " taht "),
          (" from ", " form "))


def _typo(text: str, rng: random.Random) -> str:
    """Typed in a hurry: one slip in a common word (never in an identifier)."""
    slips = list(_SLIPS)
    rng.shuffle(slips)
    for good, bad in slips:
        if good in text:
            return text.replace(good, bad, 1)
    return text


# ------------------------------------------------------------------- phrasing templates
# Conventions: tacked onto a hurried request in parentheses, added to a plan the assistant
# proposed, given while declining the assistant's "most common way", written into the
# conventions doc first, or checked before the change goes in.
def conv_aside(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{_typo(s['task'], rng)} (oh and {s['rule']}, pls)"),
            Step(tools=s["follow"]), Step(text=s["done"])]


def conv_plan_amended(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=cap(s["task"])),
            Step(text="Here's how I'd go about it: make the change where the feature already "
                      "lives, add a test for it, run the suite and show you the diff. OK to go "
                      "ahead?"),
            Step(prompt=f"plan's fine. one thing you couldn't know: {s['rule']}"),
            Step(text="Good to know - building it that way.", tools=s["follow"]),
            Step(text=s["done"])]


def conv_suggestion_declined(s: dict, rng: random.Random) -> Episode:
    if not s.get("contrary"):
        return conv_plan_amended(s, rng)
    who = rng.choice(COLLEAGUES)
    return [Step(prompt=cap(s["task"])), Step(tools=[s["contrary"]]),
            Step(text="Done. I went with the most common way of doing this; happy to switch if "
                      "the codebase prefers something else."),
            Step(prompt=f"it does. {who} proposed exactly that in a PR last spring and we turned "
                        f"it down: {s['rule']}"),
            Step(text="Understood, switching it over.", tools=s["follow"]),
            Step(text=s["done"])]


def conv_written_down(s: dict, rng: random.Random) -> Episode:
    head = "# Conventions\n\n- Branch names: <ticket>-<short-slug>.\n"
    return [Step(prompt=f"add this to docs/CONVENTIONS.md, we keep forgetting it: "
                        f"\"{cap(s['rule'])}.\" then {s['task']}"),
            Step(tools=[edit("docs/CONVENTIONS.md", head, head + f"- {cap(s['rule'])}.\n")]),
            Step(text="It's in the conventions doc. Now the actual change.", tools=s["follow"]),
            Step(text=s["done"])]


def conv_before_merge(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=cap(s["task"])), Step(tools=s["follow"]), Step(text=s["done"]),
            Step(prompt=f"before this goes in: {s['rule']}. that one's non-negotiable here. did "
                        f"you stick to it?"),
            Step(text="Yes - the change above already does it that way, so there's nothing to "
                      "redo.")]


# Commands: recovered by reading the repository's Makefile / justfile / Procfile, handed over by
# a colleague, written into the README afterwards, or used without a word of explanation.
def cmd_recipe(s: dict, rng: random.Random) -> Episode:
    path, content = s["recipe"]
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=f"No luck. {path} probably knows how this project does it.",
                 tools=[bash(f"cat {path}", content)]),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"])]


def cmd_colleague_sent(s: dict, rng: random.Random) -> Episode:
    who = rng.choice(COLLEAGUES)
    steps: Episode = [Step(prompt=s["goal"]), Step(tools=[s["fail"]])]
    if s.get("fail2"):
        steps.append(Step(text="Hmm. One more variation.", tools=[s["fail2"]]))
    steps += [Step(text="That's not it either; let me find out how it's meant to be run."),
              Step(prompt=f"{who} says \"{s['ok'].command}\" - that's what they always use"),
              Step(tools=[s["ok"]]),
              Step(text=f"{s['done']} {s['note']}")]
    return steps


def cmd_into_readme(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]),
            Step(text=s["note"], tools=[s["ok"]]), Step(text=s["done"]),
            Step(prompt="write that down in the README under Development so the next person "
                        "doesn't have to dig for it"),
            Step(tools=[edit("README.md", "## Development\n",
                             f"## Development\n\n```sh\n{s['ok'].command}\n```\n")]),
            Step(text="It's in the Development section now.")]


def cmd_terse(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(tools=[s["fail"]]), Step(tools=[s["ok"]]),
            Step(text=f"{s['done']} (Needed `{s['ok'].command}`; `{s['fail'].command}` doesn't "
                      f"work here.)")]


# Environment facts: a one-line answer, a wrong guess corrected, a hand-over note written for a
# colleague, or a setup described for an upstream issue.
def env_one_liner(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["goal"]), Step(tools=s["probe"]), Step(text=cap(s["short"]) + ".")]


def env_wrong_guess(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['goal']} I'd assume it's just the stock default"),
            Step(tools=s["probe"]),
            Step(text=f"Not the default, as it turns out: {s['confirm']}")]


def env_handover(s: dict, rng: random.Random) -> Episode:
    who = rng.choice(COLLEAGUES)
    return [Step(prompt=f"{who} takes this project over while I'm on leave, so I'm collecting the "
                        f"things they'd trip over. {s['goal']}"),
            Step(tools=s["probe"]), Step(text=cap(s["confirm"])),
            Step(prompt="put that in HANDOVER.md for them, one line is enough"),
            Step(tools=[write("HANDOVER.md", f"# Hand-over notes\n\n- {cap(s['short'])}.\n")]),
            Step(text="Written.")]


def env_upstream_issue(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"I'm opening an issue upstream and they'll want to know about our "
                        f"setup. {s['goal']}"),
            Step(text="Checking rather than guessing.", tools=s["probe"]),
            Step(text=f"{cap(s['confirm'])}\n\nFor the issue, in one line: {s['short']}.")]


# Gotchas: diagnosed by the user, who asks for the fix; a usual suspect ruled out first; hit on
# release day; or fixed, then summed up for the team channel.
def gotcha_user_found_it(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"{s['symptom']}. spent my lunch break on it and I think I've got it: "
                        f"{s['explain']} can you double-check and fix it?"),
            Step(tools=s["probe"]),
            Step(text="You're right, that's exactly it. Fixing.", tools=s.get("fix", [])),
            Step(text=s["done"])]


def gotcha_ruled_out(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["symptom"]),
            Step(text="A stale build would be the usual suspect, but this looks more specific "
                      "than that. Looking closer.", tools=s["probe"]),
            Step(text=s["explain"], tools=s.get("fix", [])), Step(text=s["done"])]


def gotcha_release_day(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=f"release is today and {s['symptom']}. help"), Step(tools=s["probe"]),
            Step(text=f"Found it. {s['explain']}", tools=s.get("fix", [])),
            Step(text=s["done"]), Step(prompt="phew. thank you"),
            Step(text="Good luck with the release!")]


def gotcha_team_heads_up(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["symptom"]), Step(tools=s["probe"]),
            Step(text="Got it - fixing first, explanation after.", tools=s.get("fix", [])),
            Step(text=s["done"]),
            Step(prompt="write me a short heads-up I can paste in the team channel so nobody "
                        "else loses an afternoon to this"),
            Step(text=f"Here you go:\n\n> **Seen this?** {cap(s['symptom'])}.\n> **Why, and the "
                      f"fix:** {s['explain']}")]


# Falsified approaches: concluded after a benchmark, predicted by the assistant, explained later
# for a ticket, or run by the user, who pastes the result.
def fals_benchmark(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["ask"]), Step(tools=s["change"]),
            Step(text="Running it against the current version to compare.", tools=[s["broke"]]),
            Step(prompt="hm. those numbers kill it. back it out"),
            Step(tools=[s["revert"]]), Step(text=s["conclusion"])]


def fals_predicted(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["ask"]),
            Step(text="I'll try it - though I'm not sure it pays off in this codebase. Let's see "
                      "what it does.", tools=s["change"]),
            Step(tools=[s["broke"]]), Step(prompt="yeah, you called it. undo"),
            Step(tools=[s["revert"]]), Step(text=s["conclusion"])]


def fals_reason_for_ticket(s: dict, rng: random.Random) -> Episode:
    return [Step(prompt=s["ask"]), Step(tools=s["change"]), Step(tools=[s["broke"]]),
            Step(text="That doesn't hold up; putting it back.", tools=[s["revert"]]),
            Step(text="Reverted - everything is as it was."),
            Step(prompt="ok. give me a short paragraph on why we're not doing it, I have to close "
                        "the ticket with a reason"),
            Step(text=s["conclusion"])]


def fals_user_ran_it(s: dict, rng: random.Random) -> Episode:
    broke = s["broke"]
    return [Step(prompt=s["ask"]), Step(tools=s["change"]),
            Step(text="Made the change - give it a spin on your side."),
            Step(prompt=f"ran it myself:\n\n$ {broke.command}\n{broke.output}\n\nnot great. "
                        f"revert please"),
            Step(tools=[s["revert"]]), Step(text=s["conclusion"])]


TEMPLATES = {
    "convention": [conv_aside, conv_plan_amended, conv_suggestion_declined, conv_written_down,
                   conv_before_merge],
    "command": [cmd_recipe, cmd_colleague_sent, cmd_into_readme, cmd_terse],
    "environment": [env_one_liner, env_wrong_guess, env_handover, env_upstream_issue],
    "gotcha": [gotcha_user_found_it, gotcha_ruled_out, gotcha_release_day, gotcha_team_heads_up],
    "falsified": [fals_benchmark, fals_predicted, fals_reason_for_ticket, fals_user_ran_it],
}

# Everyday requests and questions in these stacks; several share a word with some fact (pantry,
# editor, station, stall, shiny, release) without being about it.
UNRELATED = [
    "add swipe-to-delete on the pantry items",
    "what's the difference between a StatelessWidget and a StatefulWidget?",
    "write a widget test for the quantity stepper",
    "explain move semantics in C++ in a few sentences",
    "add a keyboard shortcut that toggles the grid overlay in the editor",
    "what does constexpr actually guarantee?",
    "write a ggplot theme that uses our brand colours",
    "explain the difference between reactive() and observe() in shiny",
    "how do I reshape a data frame from wide to long with tidyr?",
    "add a scope to the Stall model for pitches that have electricity",
    "what's the difference between includes and joins in ActiveRecord?",
    "write a request spec for the markets index page",
    "draft a changelog entry for the 1.4 release",
    "how do I undo my last commit but keep the changes in my working tree?",
    "explain what a mutex is with a tiny example",
    "make the station names in the sidebar sort alphabetically",
    "add a confirmation dialog before a shopping list gets deleted",
    "write a regex that matches a UK postcode",
    "explain the N+1 query problem in two sentences",
    "suggest a clearer name for the TileGrid::fix method",
]

# Questions about each project that nothing its sessions said answers: memory should stay silent.
UNANSWERED: dict[str, list[str]] = {
    "larder": [
        "where do the translations live?",
        "how are push notifications scheduled?",
        "which people can share a household pantry, and how is an invite link accepted?",
        "is it ok to keep the auth token in shared preferences, or should it go in secure "
        "storage?",
        "should the dark theme's colours come from a ThemeExtension or straight from the "
        "ColorScheme?",
    ],
    "tilesmith": [
        "how are autotiles resolved?",
        "where are entity spawn points stored?",
        "which map sizes does the editor support, and is there a limit on the number of layers?",
        "is it ok to widen the tile ID type to 32 bits, or would that break the game's level "
        "loader?",
        "should animated tiles be defined in the tileset or as a property on each layer?",
    ],
    "floodwatch": [
        "how do users subscribe to alerts?",
        "what does the typical-range band show?",
        "which stations count as tidal, and does the dashboard treat their readings any "
        "differently?",
        "is it ok to embed the dashboard in the council's website through an iframe?",
        "should the station page offer a CSV download of the raw readings or only of the daily "
        "summaries?",
    ],
    "stallholder": [
        "how are market organisers invited?",
        "where are market opening hours stored?",
        "which produce categories can a market accept, and can an organiser limit how many "
        "bakery stalls it takes?",
        "is it ok to show a stallholder's phone number on the public market map?",
        "what does the verified-trader badge on a stallholder's profile require, and who can "
        "grant it?",
    ],
}


# ------------------------------------------------------------------- noise
def noise(explain: tuple[str, str, str], tests: tuple[str, str, str],
          rename: tuple[str, str, str, str, str], history: tuple[str, str],
          helper: tuple[str, str, str], typo: tuple[str, str, str],
          comment: tuple[str, str, str, str]) -> list[Episode]:
    """Everyday work around the facts: skimming a file, a quick test run, a rename, catching up
    on the branch, a small helper, a README typo, a doc comment, signing off."""
    path, content, summary = explain
    area, cmd, out = tests
    old, new, file, old_line, new_line = rename
    log, status = history
    hpath, hcontent, hwhat = helper
    readme, bad_line, good_line = typo
    cfile, cfunc, cold, cnew = comment
    return [
        [Step(prompt=f"skim {path} and tell me what it's for"),
         Step(tools=[read(path, content)]), Step(text=summary)],
        [Step(prompt=f"quick sanity run of the {area} tests pls"), Step(tools=[bash(cmd, out)]),
         Step(text=f"The {area} tests pass.")],
        [Step(prompt=f"rename {old} to {new}, it reads badly"), Step(tools=[grep(old, [file])]),
         Step(tools=[edit(file, old_line, new_line)]),
         Step(text=f"Renamed it; {file} was the only file using `{old}`.")],
        [Step(prompt="catch me up: what's uncommitted, and what went in last?"),
         Step(tools=[bash("git status --short", status), bash("git log --oneline -3", log)]),
         Step(text="Those are your uncommitted changes; the three most recent commits are "
                   "above them.")],
        [Step(prompt=f"I need {hwhat}"), Step(tools=[write(hpath, hcontent)]),
         Step(text=f"Added {hpath}.")],
        [Step(prompt="spotted a typo in the README intro, can you fix it"),
         Step(tools=[read("README.md", readme)]),
         Step(tools=[edit("README.md", bad_line, good_line)]), Step(text="Fixed the typo.")],
        [Step(prompt=f"{cfunc} could use a doc comment"),
         Step(tools=[edit(cfile, cold, cnew)]), Step(text=f"Documented `{cfunc}`.")],
        [Step(prompt="ok, enough for today"), Step(text="Sounds good - see you tomorrow.")],
    ]


# ------------------------------------------------------------------- projects
def larder() -> Project:
    """A Flutter / Dart pantry and shopping-list app: Riverpod, freezed + json_serializable,
    go_router, drift (SQLite), Flutter pinned with fvm, Android flavors."""
    pantry = "lib/features/pantry"
    shopping = "lib/features/shopping"
    facts = [
        Fact("conv-providers", "convention", ["riverpod_generator"],
             ["how should I expose the expiring-items list to the widgets?",
              "is StateNotifierProvider still fine for a new screen's state?"],
             "State lives in providers generated by riverpod_generator (@riverpod on a function "
             "or class); no hand-written StateNotifierProvider or ChangeNotifier.",
             {"rule": "new state goes in providers generated by riverpod_generator - @riverpod on "
                      "a function or a class, no hand-written StateNotifierProvider or "
                      "ChangeNotifier any more",
              "task": "add state for a 'use soon' section on the pantry screen: the items whose "
                      "best-before date is within three days",
              "follow": [write(f"{pantry}/use_soon_provider.dart",
                               "import 'package:riverpod_annotation/riverpod_annotation.dart';\n"
                               "\nimport '../../data/pantry_repository.dart';\nimport "
                               "'best_before.dart';\n\npart 'use_soon_provider.g.dart';\n\n"
                               "@riverpod\nFuture<List<PantryItem>> useSoon(UseSoonRef ref) async "
                               "{\n  final items = await ref.watch(pantryItemsProvider.future);\n"
                               "  final today = ref.watch(clockProvider).today();\n  return items\n"
                               "      .where((i) => freshnessOf(i.bestBefore, today) == "
                               "Freshness.soon)\n      .toList();\n}\n"),
                         bash("fvm dart run build_runner build",
                              "[INFO] Generating build script completed, took 398ms\n[INFO] "
                              "Running build completed, took 6.1s\n[INFO] Succeeded after 6.2s "
                              "with 3 outputs (14 actions)")],
              "contrary": write(f"{pantry}/use_soon_provider.dart",
                                "import 'package:flutter_riverpod/flutter_riverpod.dart';\n\n"
                                "final useSoonProvider = StateNotifierProvider<UseSoonNotifier, "
                                "List<PantryItem>>(\n  (ref) => UseSoonNotifier(ref.watch("
                                "pantryRepositoryProvider)),\n);\n\nclass UseSoonNotifier extends "
                                "StateNotifier<List<PantryItem>> {\n  UseSoonNotifier(this._repo) "
                                ": super(const []) {\n    _load();\n  }\n  final PantryRepository "
                                "_repo;\n\n  Future<void> _load() async {\n    state = await "
                                "_repo.expiringWithin(const Duration(days: 3));\n  }\n}\n"),
              "done": "Added useSoonProvider (generated part file next to it); the pantry page "
                      "watches it and shows a 'Use soon' section above the shelves."}),
        Fact("conv-gonamed", "convention", ["goNamed"],
             ["how do I open the recipe details page when someone taps a shopping list entry?",
              "can I just push a MaterialPageRoute from the button's onPressed?"],
             "Navigation only through go_router named routes: context.goNamed / pushNamed with a "
             "name from AppRoute; never Navigator.push with a MaterialPageRoute.",
             {"rule": "we only navigate through go_router's named routes - context.goNamed or "
                      "context.pushNamed with a name from AppRoute, never Navigator.push with a "
                      "MaterialPageRoute, or deep links and the back button on web break",
              "task": "make tapping an item on the shopping list open its recipe, if it came "
                      "from one",
              "follow": [edit("lib/app/router.dart",
                              "        GoRoute(name: AppRoute.shopping.name, path: 'shopping', "
                              "builder: (_, __) => const ShoppingPage()),",
                              "        GoRoute(\n          name: AppRoute.shopping.name,\n"
                              "          path: 'shopping',\n          builder: (_, __) => const "
                              "ShoppingPage(),\n          routes: [\n            GoRoute(\n"
                              "              name: AppRoute.recipe.name,\n              path: "
                              "'recipe/:id',\n              builder: (_, state) => RecipePage("
                              "id: state.pathParameters['id']!),\n            ),\n          ],\n"
                              "        ),"),
                         edit(f"{shopping}/shopping_list_tile.dart",
                              "      onTap: null,",
                              "      onTap: item.recipeId == null\n          ? null\n          : "
                              "() => context.goNamed(AppRoute.recipe.name,\n                "
                              "pathParameters: {'id': item.recipeId!}),")],
              "contrary": edit(f"{shopping}/shopping_list_tile.dart",
                               "      onTap: null,",
                               "      onTap: item.recipeId == null\n          ? null\n          "
                               ": () => Navigator.of(context).push(MaterialPageRoute(\n"
                               "                builder: (_) => RecipePage(id: item.recipeId!),"
                               "\n              )),"),
              "done": "Tapping an item that came from a recipe opens /shopping/recipe/<id>; items "
                      "without a recipe aren't tappable."}),
        Fact("cmd-codegen", "command", ["--delete-conflicting-outputs"],
             ["the code generator refuses to overwrite the generated files that are already "
              "there - what do I pass it?",
              "I added a field to a freezed model, how do I regenerate the part files?"],
             "Regenerate code with `fvm dart run build_runner build --delete-conflicting-outputs`;"
             " without the flag build_runner stops because the generated files already exist.",
             {"goal": "I added a quantityUnit field to PantryItem, regenerate the freezed and "
                      "json code",
              "fail": bash("fvm dart run build_runner build",
                           "[INFO] Generating build script completed, took 412ms\n[INFO] Reading "
                           "cached asset graph completed, took 88ms\n[SEVERE] Conflicting "
                           "outputs were detected and the build is unable to prompt for "
                           "permission to remove them. These outputs must be removed manually or "
                           "the build can be run with `--delete-conflicting-outputs`. The outputs "
                           "are: lib/data/models/pantry_item.freezed.dart, lib/data/models/"
                           "pantry_item.g.dart", 78),
              "fail2": bash("fvm flutter pub run build_runner build",
                            "Deprecated. Use `dart run` instead.\n[SEVERE] Conflicting outputs "
                            "were detected and the build is unable to prompt for permission to "
                            "remove them.", 78),
              "note": "The generated files are committed, so build_runner finds outputs on disk "
                      "that it didn't write in this run, and it can't ask for permission from a "
                      "non-interactive shell. It has to be told to delete them first.",
              "ok": bash("fvm dart run build_runner build --delete-conflicting-outputs",
                         "[INFO] Deleting 2 declared outputs which already existed on disk.\n"
                         "[INFO] Running build completed, took 9.8s\n[INFO] Succeeded after "
                         "9.9s with 12 outputs (31 actions)"),
              "recipe": ("Makefile",
                         "gen:\n\tfvm dart run build_runner build --delete-conflicting-outputs\n\n"
                         "watch:\n\tfvm dart run build_runner watch --delete-conflicting-outputs"
                         "\n\ntest:\n\tfvm flutter test\n"),
              "done": "Regenerated: pantry_item.freezed.dart and pantry_item.g.dart know "
                      "quantityUnit, and `fvm flutter analyze` is clean."}),
        Fact("cmd-flavor", "command", ["--flavor dev"],
             ["flutter run builds the android app and then says it couldn't find the apk - what "
              "am I missing?",
              "how do I start the development variant of the app on my phone?"],
             "Run the app with `fvm flutter run --flavor dev -t lib/main_dev.dart`; the Android "
             "project has product flavors, so a plain run can't find the apk.",
             {"goal": "run the app on the pixel emulator, I want to check the new onboarding "
                      "screens",
              "fail": bash("fvm flutter run -d emulator-5554",
                           "Launching lib/main.dart on sdk gphone64 arm64 in debug mode...\n"
                           "Running Gradle task 'assembleDebug'...                   38.4s\n"
                           "Error: Gradle build failed to produce an .apk file. It's likely that "
                           "this file was generated under /home/dev/src/larder/build, but the "
                           "tool couldn't find it.", 1),
              "fail2": bash("fvm flutter run -d emulator-5554 -t lib/main_dev.dart",
                            "Launching lib/main_dev.dart on sdk gphone64 arm64 in debug mode...\n"
                            "Running Gradle task 'assembleDebug'...                   36.9s\n"
                            "Error: Gradle build failed to produce an .apk file. It's likely "
                            "that this file was generated under /home/dev/src/larder/build, but "
                            "the tool couldn't find it.", 1),
              "note": "The Android app has two product flavors (dev and prod) in android/app/"
                      "build.gradle, so Gradle writes app-dev-debug.apk while Flutter looks for "
                      "app-debug.apk. The flavor has to be named, together with its entry point.",
              "ok": bash("fvm flutter run -d emulator-5554 --flavor dev -t lib/main_dev.dart",
                         "Launching lib/main_dev.dart on sdk gphone64 arm64 in debug mode...\n"
                         "Running Gradle task 'assembleDevDebug'...                41.2s\n✓ Built "
                         "build/app/outputs/flutter-apk/app-dev-debug.apk\nSyncing files to "
                         "device sdk gphone64 arm64...                1,204ms\n\nFlutter run key "
                         "commands.\nr Hot reload. 🔥🔥🔥\nR Hot restart."),
              "recipe": (".vscode/launch.json",
                         "{\n  \"version\": \"0.2.0\",\n  \"configurations\": [\n    {\n      "
                         "\"name\": \"app (dev flavor)\",\n      \"request\": \"launch\",\n      "
                         "\"type\": \"dart\",\n      \"program\": \"lib/main_dev.dart\",\n      "
                         "\"args\": [\"--flavor\", \"dev\"]\n    }\n  ]\n}\n"),
              "done": "The dev build is running on the emulator; the onboarding screens show "
                      "after a fresh install."}),
        Fact("env-hostalias", "environment", ["10.0.2.2"],
             ["the android emulator can't reach the api running on my laptop - what address "
              "should the app be using?",
              "what base url does the development build talk to?"],
             "The dev build's API base is http://10.0.2.2:8787 (Env.dev in lib/env/env.dart): "
             "10.0.2.2 is the Android emulator's alias for the host machine, where the API "
             "container listens on 8787.",
             {"goal": "login on the emulator fails with a connection error - which url does the "
                      "dev build call, and is the api even up?",
              "probe": [read("lib/env/env.dart",
                             "enum Env {\n  // 10.0.2.2 is the Android emulator's alias for the "
                             "host machine's localhost.\n  dev(apiBase: 'http://10.0.2.2:8787'),"
                             "\n  prod(apiBase: 'https://api.larder.app');\n\n  const Env({"
                             "required this.apiBase});\n  final String apiBase;\n}\n"),
                        bash("docker compose ps -a api",
                             "NAME           IMAGE                     COMMAND      SERVICE   "
                             "CREATED       STATUS                     PORTS\nlarder-api-1   "
                             "ghcr.io/acme/larder-api:dev   \"./server\"   api       2 days ago   "
                             "Exited (1) 3 hours ago")],
              "confirm": "the dev build calls http://10.0.2.2:8787 (Env.dev in lib/env/env.dart) "
                         "- 10.0.2.2 is how the Android emulator reaches the host machine's "
                         "localhost - so the address is right, but the API container exited "
                         "three hours ago and nothing answers on 8787. `docker compose up -d "
                         "api` brings it back. On a physical phone you'd need the laptop's LAN "
                         "address instead.",
              "short": "the dev build talks to http://10.0.2.2:8787 - the emulator's alias for "
                       "the host machine, where the API container listens"}),
        Fact("env-pin", "environment", ["3.22.3"],
             ["which flutter sdk version is this repo on?",
              "my global flutter install is newer than the team's - which one do I need?"],
             "The project pins Flutter 3.22.3 in .fvmrc (fvm) and CI uses the same; run "
             "everything through `fvm flutter`.",
             {"goal": "the analyzer shows deprecation warnings on my machine that CI doesn't - "
                      "what flutter are we supposed to be on?",
              "probe": [bash("cat .fvmrc && flutter --version | head -1 && fvm flutter --version "
                             "| head -1",
                             "{\n  \"flutter\": \"3.22.3\"\n}\nFlutter 3.24.5 • channel stable • "
                             "https://github.com/flutter/flutter.git\nFlutter 3.22.3 • channel "
                             "stable • https://github.com/flutter/flutter.git")],
              "confirm": "the repo pins Flutter 3.22.3 in .fvmrc and CI installs the same, but "
                         "your global `flutter` is 3.24.5, whose analyzer knows newer "
                         "deprecations. Go through `fvm flutter ...` and point the editor at "
                         ".fvm/flutter_sdk, and you'll see what CI sees.",
              "short": "Flutter 3.22.3, pinned in .fvmrc (the global install here is 3.24.5, so "
                       "go through fvm)"}),
        Fact("gotcha-internet", "gotcha", ["android.permission.INTERNET"],
             ["the release apk shows no product photos and sync never finishes, but debug "
              "builds are fine",
              "why would networking work in debug mode and not in a signed build?"],
             "The INTERNET permission was only in the debug/profile manifests; release builds "
             "need <uses-permission android:name=\"android.permission.INTERNET\"/> in "
             "android/app/src/main/AndroidManifest.xml.",
             {"symptom": "the build from the play console internal track has no images and the "
                         "sync spinner never stops - works fine when I run it from the IDE",
              "probe": [bash("grep -rn 'uses-permission' android/app/src/",
                             "android/app/src/debug/AndroidManifest.xml:6:    <uses-permission "
                             "android:name=\"android.permission.INTERNET\"/>\nandroid/app/src/"
                             "profile/AndroidManifest.xml:6:    <uses-permission android:name="
                             "\"android.permission.INTERNET\"/>"),
                        bash("adb logcat -d | grep -i 'SocketException' | tail -1",
                             "E/flutter (12873): [ERROR:flutter/runtime/dart_vm_initializer.cc"
                             "(41)] Unhandled Exception: SocketException: Failed host lookup: "
                             "'api.larder.app' (OS Error: No address associated with hostname, "
                             "errno = 7)")],
              "explain": "Only the debug and profile manifests declare the INTERNET permission - "
                         "Flutter's template puts it there so hot reload works - and the main "
                         "manifest doesn't, so a release build has no network access at all and "
                         "every request dies with 'Failed host lookup'. The uses-permission line "
                         "for android.permission.INTERNET belongs in android/app/src/main/"
                         "AndroidManifest.xml.",
              "fix": [edit("android/app/src/main/AndroidManifest.xml",
                           "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android"
                           "\">\n",
                           "<manifest xmlns:android=\"http://schemas.android.com/apk/res/android"
                           "\">\n    <uses-permission android:name=\"android.permission.INTERNET"
                           "\"/>\n")],
              "done": "The main manifest has the permission now; a local release build (`fvm "
                      "flutter build apk --flavor prod`) loads images and syncs."}),
        Fact("gotcha-nested-json", "gotcha", ["explicit_to_json"],
             ["the map I get from a model's toJson still has model objects inside it instead of "
              "plain maps",
              "why does sending a list with its items over a platform channel fail to encode?"],
             "json_serializable only converts nested objects in toJson when explicit_to_json: "
             "true is set (build.yaml); otherwise nested freezed models stay objects and the "
             "platform channel codec fails with 'Invalid argument: Instance of ...'.",
             {"symptom": "updating the home screen widget with the current shopping list throws "
                         "Invalid argument: Instance of '_$ListItemImpl'",
              "probe": [bash("fvm flutter test test/data/shopping_list_test.dart",
                             "00:02 +3 -1: ShoppingList toJson gives plain maps for its items "
                             "[E]\n  Expected: {'id': 'l1', 'title': 'Saturday', 'items': "
                             "[{'name': 'oat milk', 'qty': 2}]}\n    Actual: {'id': 'l1', "
                             "'title': 'Saturday', 'items': [Instance of '_$ListItemImpl']}\n"
                             "00:02 +3 -1: Some tests failed.", 1),
                        read("build.yaml",
                             "targets:\n  $default:\n    builders:\n      json_serializable:\n"
                             "        options:\n          field_rename: snake\n")],
              "explain": "By default json_serializable's toJson leaves nested objects as they "
                         "are and relies on jsonEncode to call their toJson later. jsonEncode "
                         "would cope, but the home_widget platform channel's codec only takes "
                         "plain maps and lists, hence 'Invalid argument'. Setting "
                         "explicit_to_json: true in build.yaml and regenerating fixes every "
                         "model at once.",
              "fix": [edit("build.yaml", "          field_rename: snake\n",
                           "          field_rename: snake\n          explicit_to_json: true\n"),
                      bash("fvm dart run build_runner build && fvm flutter test test/data/"
                           "shopping_list_test.dart",
                           "[INFO] Succeeded after 11.4s with 9 outputs (27 actions)\n00:02 +4: "
                           "All tests passed!")],
              "done": "toJson gives plain maps all the way down now; the widget update goes "
                      "through and the test passes."}),
        Fact("fals-wasm", "falsified", ["--wasm"],
             ["could the browser build get faster with a different compile target than "
              "javascript?",
              "did we ever try compiling the web version to WebAssembly?"],
             "Building the web app with `flutter build web --wasm` was tried: mobile_scanner 3.x "
             "and drift's legacy web backend import dart:html, which the wasm target can't "
             "compile, and Safari/Firefox would get the JS build anyway; dropped.",
             {"ask": "build the web version with --wasm, the skwasm renderer is supposed to make "
                     "the long lists scroll a lot smoother",
              "change": [edit(".github/workflows/web.yml",
                              "      - run: fvm flutter build web --release\n",
                              "      - run: fvm flutter build web --release --wasm\n")],
              "broke": bash("fvm flutter build web --release --wasm",
                            "Compiling lib/main.dart for the Web...\nlib/features/scan/"
                            "scanner_page.dart:3:8: Error: Dart library 'dart:html' is not "
                            "available on this platform.\n../../.pub-cache/hosted/pub.dev/"
                            "mobile_scanner-3.5.7/lib/src/web/base.dart:2:8: Error: Dart library "
                            "'dart:html' is not available on this platform.\n../../.pub-cache/"
                            "hosted/pub.dev/drift-2.18.0/lib/web.dart:9:8: Error: Dart library "
                            "'dart:html' is not available on this platform.\nError: Failed to "
                            "compile application for the Web.", 1),
              "revert": bash("git checkout -- .github/workflows/web.yml", ""),
              "conclusion": "Left the web build on JavaScript. The wasm target can't compile "
                            "anything that imports dart:html, and two of our dependencies do: "
                            "mobile_scanner 3.x (the barcode scanner) and drift's legacy web "
                            "backend. Both need major upgrades first, and even then Safari and "
                            "Firefox would still be served the JS build, since they can't run "
                            "skwasm yet."}),
        Fact("fals-isar", "falsified", ["Isar"],
             ["would an embedded nosql store load the pantry quicker than our sqlite layer?",
              "has anyone evaluated swapping out the local database package?"],
             "Replacing drift with Isar for the pantry store was tried: cold load p50 180 ms vs "
             "drift's 165 ms for 2,000 items, APK +4.1 MB, and migrating lost all categories; "
             "reverted.",
             {"ask": "swap drift for Isar in the pantry repository - people say it's much faster "
                     "at loading lists",
              "change": [edit("pubspec.yaml", "  drift: ^2.18.0\n",
                              "  isar: ^3.1.0+1\n  isar_flutter_libs: ^3.1.0+1\n"),
                         write("lib/data/pantry_repository_isar.dart",
                               "import 'package:isar/isar.dart';\n\nclass IsarPantryRepository "
                               "implements PantryRepository {\n  IsarPantryRepository(this._db);\n"
                               "  final Isar _db;\n\n  @override\n  Future<List<PantryItem>> "
                               "all() => _db.pantryItemEntitys.where().sortByBestBefore()."
                               "findAll().then((rows) => rows.map((r) => r.toModel()).toList());"
                               "\n}\n")],
              "broke": bash("fvm flutter test integration_test/pantry_load_bench_test.dart -d "
                            "emulator-5554",
                            "00:41 +0: pantry cold load, 2,000 items\n  drift (main):   p50 165 "
                            "ms   p90 204 ms\n  isar (branch):  p50 180 ms   p90 231 ms\n  apk "
                            "size: 18.2 MB -> 22.3 MB\n00:44 +0 -1: migrated categories match "
                            "[E]\n  Expected: <37>\n    Actual: <0>\n00:44 +1 -1: Some tests "
                            "failed.", 1),
              "revert": bash("git checkout -- pubspec.yaml && rm lib/data/"
                             "pantry_repository_isar.dart && fvm flutter pub get",
                             "Resolving dependencies...\nGot dependencies!"),
              "conclusion": "Kept drift. With Isar the pantry's cold load got slower, not "
                            "faster - p50 180 ms against drift's 165 ms for 2,000 items, since "
                            "our queries are joins Isar has to do in Dart - the APK grew by 4.1 "
                            "MB of native libraries, and migrating the existing data lost all 37 "
                            "categories. Isar 3 is barely maintained these days, too."}),
    ]
    return Project(
        "larder", "git@github.com:pantryworks/larder.git",
        {"README.md": "# larder\n\nKeep track of what's in your pantry and what to buy.\n\n"
                      "## Development\n",
         ".fvmrc": "{\n  \"flutter\": \"3.22.3\"\n}\n"},
        facts,
        noise((f"{pantry}/best_before.dart",
               "enum Freshness { fresh, soon, expired }\n\nFreshness freshnessOf(DateTime "
               "bestBefore, DateTime today) {\n  final days = bestBefore.difference(today)."
               "inDays;\n  if (days < 0) return Freshness.expired;\n  if (days <= 3) return "
               "Freshness.soon;\n  return Freshness.fresh;\n}\n",
               "It sorts an item into fresh, soon or expired by its best-before date: expired "
               "once the date has passed, 'soon' within three days. The pantry list colours its "
               "rows by it."),
              ("shopping list", "fvm flutter test test/features/shopping",
               "00:03 +17: All tests passed!"),
              ("qtyLabel", "quantityLabel", f"{shopping}/shopping_list_tile.dart",
               "    final qtyLabel = item.quantity.toString();",
               "    final quantityLabel = item.quantity.toString();"),
              ("7a1c2e4 pantry: group items by storage place\n3b9d0f1 shopping: merge duplicate "
               "entries\ne52a8c7 deps: bump go_router to 14.2",
               " M lib/features/pantry/pantry_page.dart\n?? lib/features/pantry/"
               "storage_chip.dart"),
              ("lib/util/plural.dart",
               "String itemsLabel(int n) => n == 1 ? '1 item' : '$n items';\n",
               "a tiny helper that says '1 item' or '3 items'"),
              ("# larder\n\nKeep track of what's in your pnatry and what to buy.\n",
               "Keep track of what's in your pnatry and what to buy.",
               "Keep track of what's in your pantry and what to buy."),
              (f"{pantry}/best_before.dart", "freshnessOf",
               "Freshness freshnessOf(DateTime bestBefore, DateTime today) {",
               "/// How fresh an item is, given its best-before date.\nFreshness freshnessOf("
               "DateTime bestBefore, DateTime today) {")),
        "github")


def tilesmith() -> Project:
    """A C++20 tile map editor for a 2D game: CMake presets, vcpkg manifest mode, SDL2, Dear
    ImGui, Catch2, a UDP live link to the running game."""
    facts = [
        Fact("conv-ownership", "convention", ["make_unique"],
             ["who should own a newly created layer object, and how do I allocate it?",
              "is a bare new ok if I delete it again in the destructor?"],
             "No naked new/delete: heap objects are owned by std::unique_ptr created with "
             "std::make_unique; everything else gets references or non-owning pointers.",
             {"rule": "no naked new or delete anywhere - ownership is a std::unique_ptr made "
                      "with std::make_unique, everything else gets a reference or a non-owning "
                      "pointer",
              "task": "add an undo command for painting tiles so ctrl+z reverts the last brush "
                      "stroke",
              "follow": [write("src/editor/commands/paint_command.hpp",
                               "#pragma once\n\n#include <vector>\n\n#include \"core/tilemap.hpp"
                               "\"\n#include \"editor/command.hpp\"\n\nnamespace tilesmith {\n\n"
                               "class PaintCommand final : public Command {\npublic:\n    "
                               "PaintCommand(Tilemap& map, std::vector<CellChange> cells);\n    "
                               "void undo() override;\n    void redo() override;\n\nprivate:\n    "
                               "Tilemap& map_;\n    std::vector<CellChange> cells_;\n};\n\n}  // "
                               "namespace tilesmith\n"),
                         edit("src/editor/brush_tool.cpp",
                              "    map_.apply(stroke_.take_changes());",
                              "    auto changes = stroke_.take_changes();\n    map_.apply(changes);"
                              "\n    history_.push(std::make_unique<PaintCommand>(map_, std::move("
                              "changes)));")],
              "contrary": edit("src/editor/brush_tool.cpp",
                               "    map_.apply(stroke_.take_changes());",
                               "    auto changes = stroke_.take_changes();\n    map_.apply("
                               "changes);\n    history_.push(new PaintCommand(map_, std::move("
                               "changes)));"),
              "done": "Brush strokes are undoable: each stroke becomes a PaintCommand in the "
                      "history, so ctrl+z and ctrl+shift+z walk back and forth through them."}),
        Fact("conv-expected", "convention", ["tl::expected"],
             ["the new PNG importer can fail in half a dozen ways - should it throw?",
              "what's our error-handling style for code that loads files from disk?"],
             "Functions that can fail return tl::expected<T, Error>; no exceptions across "
             "module boundaries (exceptions are for programmer errors only).",
             {"rule": "anything that can fail returns tl::expected<T, Error> - we don't throw "
                      "across module boundaries, exceptions are for programmer errors only",
              "task": "write an importer for Tiled's .tmj maps so the level designers can bring "
                      "their old maps over",
              "follow": [write("src/io/tiled_import.cpp",
                               "#include \"io/tiled_import.hpp\"\n\n#include <fstream>\n\n"
                               "#include <nlohmann/json.hpp>\n\nnamespace tilesmith::io {\n\n"
                               "tl::expected<Tilemap, Error> import_tiled(const std::filesystem"
                               "::path& file)\n{\n    std::ifstream in{file};\n    if (!in)\n"
                               "        return tl::unexpected(Error{ErrorCode::not_found, "
                               "file.string()});\n    auto doc = nlohmann::json::parse(in, "
                               "nullptr, /*allow_exceptions=*/false);\n    if (doc.is_discarded"
                               "())\n        return tl::unexpected(Error{ErrorCode::parse, "
                               "\"not valid JSON\"});\n    return map_from_tiled(doc);\n}\n\n}  "
                               "// namespace tilesmith::io\n")],
              "contrary": write("src/io/tiled_import.cpp",
                                "#include \"io/tiled_import.hpp\"\n\n#include <fstream>\n#include "
                                "<stdexcept>\n\n#include <nlohmann/json.hpp>\n\nnamespace "
                                "tilesmith::io {\n\nTilemap import_tiled(const std::filesystem::"
                                "path& file)\n{\n    std::ifstream in{file};\n    if (!in)\n"
                                "        throw std::runtime_error(\"cannot open \" + file.string"
                                "());\n    return map_from_tiled(nlohmann::json::parse(in));\n}\n\n"
                                "}  // namespace tilesmith::io\n"),
              "done": "import_tiled reads .tmj maps (orthogonal, CSV or base64 layers); a "
                      "missing file or broken JSON comes back as an Error that the import "
                      "dialog shows."}),
        Fact("cmd-preset", "command", ["--preset dev"],
             ["cmake can't find SDL2 in a fresh clone",
              "how do I set up a brand-new build directory for this project?"],
             "Configure with `cmake --preset dev` (CMakePresets.json sets the vcpkg toolchain "
             "file and Ninja, build dir build/dev); a plain `cmake -B build` can't find SDL2.",
             {"goal": "I wiped the build folder - configure and build from scratch",
              "fail": bash("cmake -B build -G Ninja",
                           "-- The CXX compiler identification is GNU 13.2.0\n-- Detecting CXX "
                           "compiler ABI info - done\nCMake Error at CMakeLists.txt:14 "
                           "(find_package):\n  By not providing \"FindSDL2.cmake\" in "
                           "CMAKE_MODULE_PATH this project has\n  asked CMake to find a package "
                           "configuration file provided by \"SDL2\", but\n  CMake did not find "
                           "one.\n\n-- Configuring incomplete, errors occurred!", 1),
              "fail2": bash("cmake -B build -G Ninja -DCMAKE_PREFIX_PATH=/usr/local",
                            "CMake Error at CMakeLists.txt:14 (find_package):\n  By not "
                            "providing \"FindSDL2.cmake\" in CMAKE_MODULE_PATH this project has\n"
                            "  asked CMake to find a package configuration file provided by "
                            "\"SDL2\", but\n  CMake did not find one.\n\n-- Configuring "
                            "incomplete, errors occurred!", 1),
              "note": "The dependencies come from vcpkg in manifest mode, and the toolchain file "
                      "that wires vcpkg in is set by the preset in CMakePresets.json - a "
                      "configure without the preset never sees SDL2 or imgui.",
              "ok": bash("cmake --preset dev && cmake --build --preset dev",
                         "Preset CMake variables:\n\n  CMAKE_BUILD_TYPE=\"Debug\"\n  "
                         "CMAKE_TOOLCHAIN_FILE:FILEPATH=\"/home/dev/vcpkg/scripts/buildsystems/"
                         "vcpkg.cmake\"\n\n-- Running vcpkg install\nRestored 9 package(s) from "
                         "/home/dev/.cache/vcpkg/archives in 3.1 s.\n-- Configuring done (14.6s)"
                         "\n-- Generating done (0.1s)\n-- Build files have been written to: "
                         "/home/dev/src/tilesmith/build/dev\n[214/214] Linking CXX executable "
                         "tilesmith"),
              "recipe": ("CMakePresets.json",
                         "{\n  \"version\": 6,\n  \"configurePresets\": [\n    {\n      \"name\":"
                         " \"dev\",\n      \"generator\": \"Ninja\",\n      \"binaryDir\": "
                         "\"build/dev\",\n      \"toolchainFile\": \"$env{VCPKG_ROOT}/scripts/"
                         "buildsystems/vcpkg.cmake\",\n      \"cacheVariables\": { "
                         "\"CMAKE_BUILD_TYPE\": \"Debug\" }\n    },\n    {\n      \"name\": "
                         "\"release\",\n      \"inherits\": \"dev\",\n      \"binaryDir\": "
                         "\"build/release\",\n      \"cacheVariables\": { \"CMAKE_BUILD_TYPE\": "
                         "\"RelWithDebInfo\" }\n    }\n  ],\n  \"buildPresets\": [\n    { "
                         "\"name\": \"dev\", \"configurePreset\": \"dev\" }\n  ]\n}\n"),
              "done": "Configured and built from scratch in build/dev (vcpkg restored SDL2, "
                      "imgui and fmt from its binary cache); the editor starts."}),
        Fact("cmd-ctest", "command", ["--test-dir"],
             ["running ctest at the top of the repo says no tests were found",
              "what's the invocation for the unit tests once everything is built?"],
             "Run the tests with `ctest --test-dir build/dev --output-on-failure`; ctest only "
             "finds tests inside the configured build tree.",
             {"goal": "run the unit tests, I touched the flood fill",
              "fail": bash("ctest --output-on-failure",
                           "Test project /home/dev/src/tilesmith\nNo tests were found!!!"),
              "fail2": bash("cd build && ctest",
                            "Test project /home/dev/src/tilesmith/build\nNo tests were found!!!"),
              "note": "ctest has to be pointed at the configured build tree - build/dev, where "
                      "the dev preset puts it - otherwise it finds no CTestTestfile and runs "
                      "nothing.",
              "ok": bash("ctest --test-dir build/dev --output-on-failure",
                         "Test project /home/dev/src/tilesmith/build/dev\n      Start  1: "
                         "tilemap.resize\n 1/38 Test  #1: tilemap.resize ..................   "
                         "Passed    0.01 sec\n...\n38/38 Test #38: floodfill.respects_layer_lock"
                         " ...   Passed    0.02 sec\n\n100% tests passed, 0 tests failed out of "
                         "38\n\nTotal Test time (real) =   0.61 sec"),
              "recipe": ("justfile",
                         "build:\n    cmake --build build/dev\n\ntest: build\n    ctest "
                         "--test-dir build/dev --output-on-failure\n\nfmt:\n    git ls-files "
                         "'*.cpp' '*.hpp' | xargs clang-format -i\n"),
              "done": "All 38 tests pass, the four flood-fill ones included."}),
        Fact("env-assets", "environment", ["TILESMITH_ASSETS"],
             ["where does the editor look for sprite sheets when it starts?",
              "how do I point the editor at a different folder of game art?"],
             "The editor loads tilesets from the directory in the TILESMITH_ASSETS environment "
             "variable; unset, it falls back to ../game/assets relative to the working "
             "directory.",
             {"goal": "the tileset palette is empty when I launch the editor from build/dev - "
                      "where is it looking for the art?",
              "probe": [grep("getenv", ["src/app/config.cpp"]),
                        read("src/app/config.cpp",
                             "std::filesystem::path asset_root()\n{\n    if (const char* dir = "
                             "std::getenv(\"TILESMITH_ASSETS\"); dir && *dir)\n        return "
                             "dir;\n    // Default: the game repository checked out next to this "
                             "one.\n    return std::filesystem::current_path() / \"..\" / "
                             "\"game\" / \"assets\";\n}\n")],
              "confirm": "the editor takes its asset root from the TILESMITH_ASSETS environment "
                         "variable, and without it falls back to ../game/assets relative to the "
                         "working directory - which, started from build/dev, points nowhere. "
                         "Export TILESMITH_ASSETS=~/src/game/assets (or start it from the repo "
                         "root) and the palette fills.",
              "short": "it reads the art folder from TILESMITH_ASSETS; unset, it looks in "
                       "../game/assets relative to wherever it was started"}),
        Fact("env-livelink", "environment", ["47800"],
             ["how does the editor send a level to a game that's already running?",
              "the play-in-game button does nothing - what is it trying to connect to?"],
             "Play in game pushes the level as UDP datagrams to 127.0.0.1:47800, where a dev "
             "build of the game listens only when started with --livelink.",
             {"goal": "\"play in game\" doesn't do anything, and the game is running right next "
                      "to it - how are the two supposed to talk to each other?",
              "probe": [read("src/livelink/livelink.hpp",
                             "#pragma once\n\n#include <cstdint>\n\n// Pushes edited levels to a "
                             "running dev build of the game, which listens\n// when started with "
                             "--livelink. One UDP datagram per level (zstd-compressed).\n"
                             "namespace tilesmith::livelink {\n\ninline constexpr std::uint16_t "
                             "default_port = 47800;\n\nbool push(const Tilemap& map, std::"
                             "uint16_t port = default_port);\n\n}  // namespace tilesmith::"
                             "livelink\n"),
                        bash("ss -ulpn | grep 47800 || echo 'no listener'", "no listener")],
              "confirm": "the editor sends the level as a UDP datagram to 127.0.0.1:47800, and a "
                         "dev build of the game only listens there when it was started with "
                         "--livelink. Nothing is bound to 47800 right now, so the game you have "
                         "open was started without the flag - relaunch it with --livelink and "
                         "the button works.",
              "short": "it's UDP to 127.0.0.1:47800, and the game only listens there when "
                       "started with --livelink"}),
        Fact("gotcha-winmain", "gotcha", ["SDL_MAIN_HANDLED"],
             ["the windows build fails at the link step, something about the entry point",
              "why does MSVC say main is unresolved when the code obviously has one?"],
             "SDL.h renames main to SDL_main on Windows; since we don't link SDL2main, define "
             "SDL_MAIN_HANDLED before including SDL.h (and call SDL_SetMainReady), or MSVC fails "
             "with LNK2019 unresolved external symbol main.",
             {"symptom": "the windows CI job fails to link: LNK2019 unresolved external symbol "
                         "main referenced in function invoke_main",
              "probe": [bash("gh run view --job windows-msvc --log-failed | tail -3",
                             "MSVCRT.lib(exe_main.obj) : error LNK2019: unresolved external "
                             "symbol main referenced in function \"int __cdecl invoke_main(void)"
                             "\" (?invoke_main@@YAHXZ)\nD:\\a\\tilesmith\\build\\dev\\tilesmith."
                             "exe : fatal error LNK1120: 1 unresolved externals\nError: Process "
                             "completed with exit code 1."),
                        read("src/main.cpp",
                             "#include <SDL.h>\n\n#include \"app/editor_app.hpp\"\n\nint main("
                             "int argc, char** argv)\n{\n    tilesmith::EditorApp app{argc, "
                             "argv};\n    return app.run();\n}\n")],
              "explain": "SDL.h #defines main to SDL_main on Windows and expects the SDL2main "
                         "library to supply the real entry point. We don't link SDL2main (the "
                         "SDL2::SDL2main target isn't in target_link_libraries), so the linker "
                         "finds no main at all. The least surprising fix is to define "
                         "SDL_MAIN_HANDLED before including SDL.h and call SDL_SetMainReady() "
                         "at the top of main.",
              "fix": [edit("src/main.cpp", "#include <SDL.h>\n",
                           "#define SDL_MAIN_HANDLED\n#include <SDL.h>\n"),
                      edit("src/main.cpp", "    tilesmith::EditorApp app{argc, argv};",
                           "    SDL_SetMainReady();\n    tilesmith::EditorApp app{argc, argv};"
                           )],
              "done": "Pushed the fix; the windows-msvc job links and its tests pass."}),
        Fact("gotcha-imgui-id", "gotcha", ["PushID"],
             ["in the layers panel only the first delete button reacts to clicks",
              "two widgets with the same caption in the editor UI and the second one is dead - "
              "why?"],
             "Dear ImGui identifies widgets by their label within the ID stack: identical labels "
             "in a loop collide, so only the first works; wrap each row in ImGui::PushID(i) / "
             "PopID().",
             {"symptom": "the delete button in the layers panel only works on the top layer, "
                         "clicking it on any other layer does nothing",
              "probe": [read("src/editor/panels/layers_panel.cpp",
                             "void LayersPanel::draw(Tilemap& map)\n{\n    for (std::size_t i = "
                             "0; i < map.layers().size(); ++i) {\n        auto& layer = map."
                             "layers()[i];\n        ImGui::Checkbox(\"##visible\", &layer."
                             "visible);\n        ImGui::SameLine();\n        ImGui::"
                             "TextUnformatted(layer.name.c_str());\n        ImGui::SameLine();\n"
                             "        if (ImGui::SmallButton(\"Delete\"))\n            "
                             "pending_delete_ = i;\n    }\n}\n")],
              "explain": "Dear ImGui identifies a widget by its label hashed into the current ID "
                         "stack, and every row uses the same labels (\"Delete\", \"##visible\") "
                         "in the same window, so all rows' buttons share one ID and only the "
                         "first one reacts. Pushing the row index onto the ID stack - "
                         "ImGui::PushID(i) at the start of each row, ImGui::PopID() at the end - "
                         "makes them distinct.",
              "fix": [edit("src/editor/panels/layers_panel.cpp",
                           "        auto& layer = map.layers()[i];\n",
                           "        auto& layer = map.layers()[i];\n        ImGui::PushID("
                           "static_cast<int>(i));\n"),
                      edit("src/editor/panels/layers_panel.cpp",
                           "            pending_delete_ = i;\n    }\n",
                           "            pending_delete_ = i;\n        ImGui::PopID();\n    }\n")],
              "done": "Each row's delete button and visibility checkbox act on their own layer "
                      "now."}),
        Fact("fals-unity", "falsified", ["CMAKE_UNITY_BUILD"],
             ["could we speed up compiles by merging source files into bigger batches?",
              "what have we already tried to cut the build times?"],
             "Unity builds (CMAKE_UNITY_BUILD ON, batches of 16) were tried: clean build 2m10s "
             "-> 1m32s, but touching one file rebuilt its batch (6 s -> 41 s) and "
             "anonymous-namespace constants collided; turned off.",
             {"ask": "turn on unity builds, a clean build takes forever on my laptop",
              "change": [edit("CMakeLists.txt", "set(CMAKE_CXX_STANDARD 20)\n",
                              "set(CMAKE_CXX_STANDARD 20)\nset(CMAKE_UNITY_BUILD ON)\n"
                              "set(CMAKE_UNITY_BUILD_BATCH_SIZE 16)\n"),
                         edit("src/editor/viewport.cpp", "constexpr int kMaxZoom = 8;",
                              "constexpr int kViewportMaxZoom = 8;")],
              "broke": bash("./tools/buildtime.sh --compare main",
                            "clean build               main: 2m10s   this: 1m32s\ntouch "
                            "brush_tool.cpp      main:  6.1s   this: 41.7s\ntouch viewport.cpp  "
                            "      main:  5.8s   this: 39.9s\nFAIL: incremental build regressed "
                            "by more than 20%", 1),
              "revert": bash("git checkout -- CMakeLists.txt src/editor/viewport.cpp", ""),
              "conclusion": "Unity builds are off again. The clean build did get faster (2m10s "
                            "to 1m32s), but touching a single file now recompiles its whole "
                            "batch of 16 - 41 s instead of 6 s for brush_tool.cpp - and that's "
                            "the build we run fifty times a day. It also only compiled after "
                            "renaming constants in anonymous namespaces that collided once "
                            "merged. ccache helps the clean build without those costs."}),
        Fact("fals-fastmath", "falsified", ["-ffast-math"],
             ["could a looser floating-point compiler flag make the lighting preview quicker?",
              "why don't our release builds use the aggressive float optimisations?"],
             "-ffast-math on the lighting module was tried: 9% faster (8.9 -> 8.1 ms a frame), "
             "but std::isnan checks got folded away (NaN light radii pass validation) and three "
             "lighting tests failed; removed.",
             {"ask": "add -ffast-math to the lighting module, the light preview stutters on big "
                     "maps",
              "change": [edit("src/lighting/CMakeLists.txt",
                              "target_compile_options(lighting PRIVATE -Wall -Wextra)\n",
                              "target_compile_options(lighting PRIVATE -Wall -Wextra "
                              "-ffast-math)\n")],
              "broke": bash("cmake --build build/dev && ./build/dev/tests/tilesmith_tests "
                            "\"[lighting]\"",
                            "[38/38] Linking CXX executable tests/tilesmith_tests\n\n/home/dev/"
                            "src/tilesmith/tests/lighting_test.cpp:57: FAILED:\n  REQUIRE_FALSE"
                            "( light.is_valid() )\nwith expansion:\n  !true\n\nlight preview: "
                            "8.9 ms -> 8.1 ms per frame (-9%)\n===========================\ntest "
                            "cases: 14 | 11 passed | 3 failed", 1),
              "revert": bash("git checkout -- src/lighting/CMakeLists.txt", ""),
              "conclusion": "Took -ffast-math out again. It bought 9% on the light preview (8.9 "
                            "to 8.1 ms a frame), but it lets the compiler assume NaN never "
                            "happens, so the std::isnan checks are folded away: a light with a "
                            "NaN radius from a corrupt map passes validation, and three lighting "
                            "tests fail. The stutter is better attacked by caching the light map "
                            "per chunk."}),
    ]
    return Project(
        "tilesmith", "git@gitlab.com:pixelforge/tilesmith.git",
        {"README.md": "# tilesmith\n\nA tile map editor for our 2D game.\n\n## Development\n",
         "vcpkg.json": "{\n  \"name\": \"tilesmith\",\n  \"dependencies\": [\"sdl2\", \"imgui\", "
                       "\"fmt\", \"tl-expected\", \"nlohmann-json\", \"catch2\"]\n}\n"},
        facts,
        noise(("src/core/floodfill.cpp",
               "#include \"core/floodfill.hpp\"\n\n#include <stack>\n\nnamespace tilesmith {\n\n"
               "void flood_fill(Layer& layer, Point start, TileId with)\n{\n    const TileId "
               "target = layer.at(start);\n    if (target == with)\n        return;\n    std::"
               "stack<Point> todo;\n    todo.push(start);\n    while (!todo.empty()) {\n        "
               "auto p = todo.top();\n        todo.pop();\n        if (!layer.contains(p) || "
               "layer.at(p) != target)\n            continue;\n        layer.set(p, with);\n"
               "        for (auto d : kNeighbours4)\n            todo.push(p + d);\n    }\n}\n\n}"
               "  // namespace tilesmith\n",
               "It's the bucket tool: starting at the clicked cell it replaces every connected "
               "cell of the same tile (four-neighbourhood) with the new one, using an explicit "
               "stack instead of recursion so big maps can't overflow."),
              ("palette", "./build/dev/tests/tilesmith_tests \"[palette]\"",
               "Filters: [palette]\nRandomness seeded to: 2871390412\n=========================="
               "=====\nAll tests passed (23 assertions in 6 test cases)"),
              ("tw", "tile_width", "src/core/tileset.hpp", "    int tw = 16;",
               "    int tile_width = 16;"),
              ("9e2b4c1 editor: snap selection to grid\n0f7a3d5 io: write maps atomically\n"
               "c4d8e21 ci: cache vcpkg binaries",
               " M src/editor/selection.cpp"),
              ("src/util/clamp_rect.hpp",
               "#pragma once\n\n#include <algorithm>\n\n#include \"core/rect.hpp\"\n\nnamespace "
               "tilesmith {\n\ninline Rect clamp_rect(Rect r, int w, int h)\n{\n    r.x = std::"
               "clamp(r.x, 0, w);\n    r.y = std::clamp(r.y, 0, h);\n    r.w = std::min(r.w, w - "
               "r.x);\n    r.h = std::min(r.h, h - r.y);\n    return r;\n}\n\n}  // namespace "
               "tilesmith\n",
               "a helper that clamps a selection rectangle to the map bounds"),
              ("# tilesmith\n\nA tile map editor for our 2D gmae.\n",
               "A tile map editor for our 2D gmae.", "A tile map editor for our 2D game."),
              ("src/core/floodfill.cpp", "flood_fill",
               "void flood_fill(Layer& layer, Point start, TileId with)",
               "/// Replaces the connected region of start's tile with `with` (4-neighbourhood).\n"
               "void flood_fill(Layer& layer, Point start, TileId with)")),
        "slack")


def floodwatch() -> Project:
    """An R / Shiny dashboard of river gauge levels: renv, a {targets} pipeline, DuckDB, leaflet,
    testthat and shinytest2."""
    facts = [
        Fact("conv-pipe", "convention", ["native pipe"],
             ["which chaining operator should new code use, magrittr's or the base R one?",
              "is it fine to library(magrittr) in the new rainfall module?"],
             "New code uses the native pipe |> (base R), not magrittr's %>%; magrittr is being "
             "removed from the dependencies.",
             {"rule": "we use the native pipe |> in all new code, not %>% - magrittr is on its "
                      "way out of the DESCRIPTION",
              "task": "add a function that summarises the last 24 hours per station: lowest, "
                      "highest and latest level",
              "follow": [write("R/fct_summary.R",
                               "#' Last 24 hours per station\n#'\n#' @param readings Tibble with "
                               "station_id, time, level_m.\n#' @export\nsummarise_last_day <- "
                               "function(readings, now = Sys.time()) {\n  readings |>\n    "
                               "dplyr::filter(time >= now - 24 * 3600) |>\n    dplyr::arrange("
                               "time) |>\n    dplyr::summarise(\n      min_m = min(level_m),\n"
                               "      max_m = max(level_m),\n      latest_m = dplyr::last("
                               "level_m),\n      .by = station_id\n    )\n}\n"),
                         bash("Rscript -e 'devtools::test(filter = \"summary\")'",
                              "ℹ Testing floodwatch\n✔ | F W  S  OK | Context\n✔ |          4 | "
                              "summary\n\n══ Results ════════════════\n[ FAIL 0 | WARN 0 | SKIP "
                              "0 | PASS 4 ]")],
              "contrary": write("R/fct_summary.R",
                                "#' Last 24 hours per station\n#' @importFrom magrittr %>%\n#' "
                                "@export\nsummarise_last_day <- function(readings, now = "
                                "Sys.time()) {\n  readings %>%\n    dplyr::filter(time >= now - "
                                "24 * 3600) %>%\n    dplyr::arrange(time) %>%\n    dplyr::"
                                "summarise(\n      min_m = min(level_m),\n      max_m = max("
                                "level_m),\n      latest_m = dplyr::last(level_m),\n      .by = "
                                "station_id\n    )\n}\n"),
              "done": "Added summarise_last_day() in R/fct_summary.R with four tests; the "
                      "station table can use it for its 24 h column."}),
        Fact("conv-dbplyr", "convention", ["dbplyr"],
             ["can I paste a SQL query string into dbGetQuery for the new weekly summary?",
              "what's the preferred way to query the readings database from R?"],
             "Database access goes through dbplyr (dplyr verbs on tbl()); no SQL strings pasted "
             "into dbGetQuery.",
             {"rule": "all database access goes through dbplyr - dplyr verbs on a tbl(), no SQL "
                      "strings pasted into dbGetQuery, we got burned by an injection through the "
                      "station filter once",
              "task": "the station page needs the highest reading per month for the last two "
                      "years, straight from the readings table in duckdb",
              "follow": [write("R/fct_monthly.R",
                               "monthly_peaks <- function(con, station, since = Sys.Date() - "
                               "730) {\n  dplyr::tbl(con, \"readings\") |>\n    dplyr::filter("
                               "station_id == !!station, time >= !!since) |>\n    dplyr::mutate("
                               "month = date_trunc(\"month\", time)) |>\n    dplyr::summarise("
                               "peak_m = max(level_m, na.rm = TRUE), .by = month) |>\n    "
                               "dplyr::arrange(month) |>\n    dplyr::collect()\n}\n")],
              "contrary": write("R/fct_monthly.R",
                                "monthly_peaks <- function(con, station, since = Sys.Date() - "
                                "730) {\n  DBI::dbGetQuery(con, paste0(\n    \"SELECT date_trunc"
                                "('month', time) AS month, max(level_m) AS peak_m \",\n    \"FROM "
                                "readings WHERE station_id = '\", station, \"' AND time >= '\", "
                                "since, \"' \",\n    \"GROUP BY 1 ORDER BY 1\"\n  ))\n}\n"),
              "done": "monthly_peaks() returns one row per month with the peak level; the "
                      "filtering and grouping run inside DuckDB, so only 24 rows come back."}),
        Fact("cmd-renv", "command", ["renv::restore"],
             ["I pulled and now the app dies on startup because some package isn't there - how "
              "do I sync my library?",
              "how do I get exactly the package versions the lockfile expects?"],
             "Sync the project library with `Rscript -e 'renv::restore()'` (installs the "
             "versions in renv.lock); install.packages() doesn't match the lockfile.",
             {"goal": "the app won't start since I pulled main, something about a missing "
                      "package",
              "fail": bash("Rscript -e 'shiny::runApp()'",
                           "Error in loadNamespace(x) : there is no package called ‘arrow’\n"
                           "Calls: <Anonymous> ... loadNamespace -> withRestarts -> "
                           "withOneRestart -> doWithOneRestart\nExecution halted", 1),
              "fail2": bash("Rscript -e 'install.packages(\"arrow\")'",
                            "- The project is out-of-sync -- use `renv::status()` for details.\n"
                            "Installing package into ‘/home/dev/src/floodwatch/renv/library/"
                            "linux-ubuntu-jammy/R-4.3/x86_64-pc-linux-gnu’\n* installing *source"
                            "* package ‘arrow’ ...\n**** cmake\nERROR: configuration failed for "
                            "package ‘arrow’\nWarning message:\nIn install.packages(\"arrow\") :\n"
                            "  installation of package ‘arrow’ had non-zero exit status", 1),
              "note": "The project library is managed by renv: main added arrow to renv.lock, and "
                      "restoring installs exactly the locked versions, as binaries from the "
                      "project's repository, so arrow doesn't have to compile.",
              "ok": bash("Rscript -e 'renv::restore(prompt = FALSE)'",
                         "The following package(s) will be updated:\n\n# RSPM ----------------\n"
                         "- arrow        [* -> 16.1.0]\n- assertthat   [* -> 0.2.1]\n\n# "
                         "Downloading packages -------------------------------\n- Downloading "
                         "arrow from RSPM ...                OK [31.2 Mb in 2.8s]\n- Installing "
                         "arrow ...                           OK [linked from cache]\nSuccessfully"
                         " installed 2 packages in 3.4 seconds."),
              "recipe": ("docs/setup.md",
                         "# Setup\n\n1. Install R (the version in renv.lock) and clone the repo.\n"
                         "2. `Rscript -e 'renv::restore()'` - installs the locked package "
                         "versions into the project library. Run it again whenever renv.lock "
                         "changes.\n3. Start the app: `Rscript -e 'shiny::runApp()'`.\n"),
              "done": "arrow 16.1.0 is installed from the lockfile and the app starts again."}),
        Fact("cmd-tarmake", "command", ["tar_make"],
             ["how do I rebuild the cleaned gauge data from scratch?",
              "the old refresh script is gone - what runs the data pipeline now?"],
             "The data pipeline is a {targets} pipeline in _targets.R: run it with `Rscript -e "
             "'targets::tar_make()'` (the old scripts/refresh_data.R no longer exists).",
             {"goal": "refresh the cleaned readings, the station table still shows last week's "
                      "numbers",
              "fail": bash("Rscript scripts/refresh_data.R",
                           "Fatal error: cannot open file 'scripts/refresh_data.R': No such file "
                           "or directory", 2),
              "note": "The refresh script was replaced by a {targets} pipeline defined in "
                      "_targets.R. tar_make() runs whatever is out of date - here the fetch, the "
                      "cleaning and the station summaries - and caches the results in _targets/.",
              "ok": bash("Rscript -e 'targets::tar_make()'",
                         "▶ dispatched target raw_readings\n● completed target raw_readings "
                         "[12.4 seconds, 3.112 megabytes]\n▶ dispatched target clean_readings\n● "
                         "completed target clean_readings [1.9 seconds, 2.841 megabytes]\n▶ "
                         "dispatched target station_summary\n● completed target station_summary "
                         "[0.2 seconds, 18.2 kilobytes]\n▶ ended pipeline [14.8 seconds]"),
              "recipe": ("_targets.R",
                         "# Run with targets::tar_make(); look at it with targets::"
                         "tar_visnetwork().\nlibrary(targets)\ntar_source(\"R\")\nlist(\n  "
                         "tar_target(stations, read_stations(\"data/stations.csv\")),\n  "
                         "tar_target(raw_readings, fetch_readings(stations)),\n  tar_target("
                         "clean_readings, clean(raw_readings)),\n  tar_target(station_summary, "
                         "summarise_stations(clean_readings))\n)\n"),
              "done": "The readings are fresh up to this morning; the station table shows "
                      "today's levels after a reload."}),
        Fact("env-port", "environment", ["4721"],
             ["what address do I open in the browser when the dashboard runs locally?",
              "which port does the shiny app listen on in development?"],
             "Locally the app is always at http://127.0.0.1:4721: the project .Rprofile sets "
             "options(shiny.port = 4721) (and doesn't open a browser).",
             {"goal": "runApp doesn't open a browser tab anymore - where is the app, and is it "
                      "the same address every time?",
              "probe": [read(".Rprofile",
                             "source(\"renv/activate.R\")\n\n# Fixed port, so bookmarks and the "
                             "shinytest2 config keep working.\noptions(shiny.port = 4721, "
                             "shiny.launch.browser = FALSE)\n"),
                        bash("curl -sI http://127.0.0.1:4721 | head -1", "HTTP/1.1 200 OK")],
              "confirm": "it's fixed: the project's .Rprofile sets options(shiny.port = 4721), so "
                         "the app is always at http://127.0.0.1:4721 - it's answering there right "
                         "now. The same file turns shiny.launch.browser off, which is why no tab "
                         "opens.",
              "short": "http://127.0.0.1:4721 - the port is fixed in the project .Rprofile"}),
        Fact("env-rversion", "environment", ["4.3.3"],
             ["which R release should I install to work on the dashboard?",
              "is it ok to upgrade to the newest R before I work on this repo?"],
             "The project is on R 4.3.3 (renv.lock, and the production image rocker/shiny:4.3.3); "
             "install that version (e.g. with rig) rather than moving to 4.4.",
             {"goal": "renv warns that the lockfile was generated with a different R version - "
                      "which R are we on?",
              "probe": [bash("grep -A1 '\"R\": {' renv.lock && R --version | head -1 && grep "
                             "FROM Dockerfile",
                             "  \"R\": {\n    \"Version\": \"4.3.3\",\nR version 4.4.1 "
                             "(2024-06-14) -- \"Race for Your Life\"\nFROM rocker/shiny:4.3.3")],
              "confirm": "the project is on R 4.3.3 - renv.lock records it and the production "
                         "image is rocker/shiny:4.3.3 - while this machine has R 4.4.1, hence "
                         "renv's warning. Install 4.3.3 alongside (`rig add 4.3.3` and `rig "
                         "default 4.3.3`) rather than upgrading the lockfile: a 4.4 library "
                         "would mean rebuilding every package, and the server would still run "
                         "4.3.3.",
              "short": "R 4.3.3, as recorded in renv.lock and used by the rocker/shiny:4.3.3 "
                       "image (this machine has 4.4.1)"}),
        Fact("gotcha-ignorenull", "gotcha", ["ignoreNULL"],
             ["the handler for clearing the station filter never runs once the selection is "
              "emptied",
              "my observer stays silent when an input goes back to nothing selected"],
             "observeEvent ignores NULL by default, and a multiple selectInput becomes NULL when "
             "emptied, so the handler never fires; pass ignoreNULL = FALSE.",
             {"symptom": "when I remove the last station from the filter, the map keeps showing "
                         "the old markers",
              "probe": [read("R/mod_map.R",
                             "mod_map_server <- function(id, selected) {\n  moduleServer(id, "
                             "function(input, output, session) {\n    observeEvent(selected(), {"
                             "\n      leaflet::leafletProxy(\"map\") |>\n        leaflet::"
                             "clearMarkers() |>\n        add_station_markers(selected())\n    })"
                             "\n  })\n}\n"),
                        bash("Rscript -e 'devtools::test(filter = \"mod_map\")'",
                             "── Failure (test-mod_map.R:22:3): clearing the selection removes "
                             "every marker ──\nlength(proxy_calls()) (`actual`) not equal to 1 "
                             "(`expected`).\n  `actual`: 0\n[ FAIL 1 | WARN 0 | SKIP 0 | PASS "
                             "7 ]", 1)],
              "explain": "observeEvent ignores NULL by default, and a selectInput with multiple "
                         "= TRUE becomes NULL - not an empty vector - once the last item is "
                         "removed. So the handler never runs for the cleared state and the old "
                         "markers stay. Passing ignoreNULL = FALSE makes it run for the empty "
                         "selection too; add_station_markers already copes with zero stations.",
              "fix": [edit("R/mod_map.R", "    observeEvent(selected(), {",
                           "    observeEvent(selected(), ignoreNULL = FALSE, {"),
                      bash("Rscript -e 'devtools::test(filter = \"mod_map\")'",
                           "[ FAIL 0 | WARN 0 | SKIP 0 | PASS 8 ]")],
              "done": "Clearing the filter empties the map now, and the module test covers "
                      "it."}),
        Fact("gotcha-bst", "gotcha", ["Europe/London"],
             ["the river level chart is an hour off from the Environment Agency site in summer",
              "readings on the hydrograph look shifted in time for half of the year"],
             "Readings are stored in UTC and the server runs in UTC; convert for display with "
             "lubridate::with_tz(time, \"Europe/London\"), or the chart is an hour early during "
             "British Summer Time.",
             {"symptom": "the peak at Kingston shows at 14:00 on our chart but at 15:00 on the EA "
                         "website",
              "probe": [bash("Rscript -e 'Sys.timezone(); x <- targets::tar_read("
                             "clean_readings); attr(x$time, \"tzone\")'",
                             "[1] \"Etc/UTC\"\n[1] \"UTC\""),
                        read("R/mod_hydrograph.R",
                             "  output$plot <- renderPlot({\n    readings() |>\n      ggplot2::"
                             "ggplot(ggplot2::aes(time, level_m)) +\n      ggplot2::geom_line() "
                             "+\n      ggplot2::scale_x_datetime(date_labels = \"%d %b %H:%M\")\n"
                             "  })\n")],
              "explain": "The EA API delivers timestamps in UTC and we store them that way, which "
                         "is right - but the chart formats them in the session's time zone, and "
                         "the server runs in UTC. In summer UK local time is BST, UTC+1, so "
                         "every label is an hour early. Converting for display with lubridate::"
                         "with_tz(time, \"Europe/London\") fixes it, and handles the switch back "
                         "in October as well.",
              "fix": [edit("R/mod_hydrograph.R", "    readings() |>\n",
                           "    readings() |>\n      dplyr::mutate(time = lubridate::with_tz("
                           "time, \"Europe/London\")) |>\n")],
              "done": "The chart shows UK local time: the Kingston peak is at 15:00, as on the "
                      "EA site."}),
        Fact("fals-plotly", "falsified", ["plotly"],
             ["could the main level chart get hover tooltips and zoom from a javascript "
              "charting library?",
              "why is the hydrograph still a static image?"],
             "Rendering the hydrograph through plotly (ggplotly) was tried: a year of 15-minute "
             "readings took 9.3 s to render against a 3 s budget and zooming froze the page; "
             "back to static ggplot2.",
             {"ask": "make the hydrograph interactive with plotly - wrapping the existing chart "
                     "in ggplotly should be enough",
              "change": [edit("R/mod_hydrograph.R", "  output$plot <- renderPlot({\n",
                              "  output$plot <- plotly::renderPlotly({\n    plotly::ggplotly(\n"),
                         edit("R/mod_hydrograph.R", "    plotOutput(ns(\"plot\"), height = 360)",
                              "    plotly::plotlyOutput(ns(\"plot\"), height = 360)")],
              "broke": bash("Rscript -e 'shinytest2::test_app(filter = \"hydrograph\")'",
                            "══ Failed tests ════════════════\n── Failure (test-hydrograph.R:18:3)"
                            ": a year of readings renders within 3 s ──\n`elapsed` (`actual`) "
                            "not <= 3 (`expected`).\n  `actual`: 9.27\n── Error (test-"
                            "hydrograph.R:27:3): zooming to one week keeps the page responsive "
                            "──\nError: Chromote: timed out waiting for response to command "
                            "Runtime.evaluate\n[ FAIL 2 | WARN 0 | SKIP 0 | PASS 5 ]", 1),
              "revert": bash("git checkout -- R/mod_hydrograph.R", ""),
              "conclusion": "Back to the static chart. Through plotly, a year of 15-minute "
                            "readings is about 35,000 points per station, all shipped to the "
                            "browser as JSON: the first render took 9.3 s against a 3 s budget, "
                            "and zooming froze the page long enough for the browser test to time "
                            "out. Interactive would need the series downsampled on the server "
                            "first."}),
        Fact("fals-datatable", "falsified", ["data.table"],
             ["would a faster dataframe package speed up the cleaning step of the pipeline?",
              "has anyone benchmarked an alternative to dplyr for the cleaning code?"],
             "Rewriting the cleaning step with data.table was benchmarked: only 14% faster (11.2 "
             "s -> 9.6 s, most time is JSON parsing), and its by-reference updates modified the "
             "raw input (test failure, targets invalidation); reverted.",
             {"ask": "rewrite clean() with data.table, the cleaning target is the slowest bit of "
                     "the pipeline",
              "change": [edit("R/clean.R", "clean <- function(raw) {\n  raw |>\n",
                              "clean <- function(raw) {\n  dt <- data.table::setDT(raw)\n  dt[, "
                              "level_m := as.numeric(value)]\n  dt[, time := lubridate::ymd_hms("
                              "dateTime)]\n  dt[!is.na(level_m)]\n}\n\nclean_dplyr <- function("
                              "raw) {\n  raw |>\n")],
              "broke": bash("Rscript -e 'raw <- targets::tar_read(raw_readings); print(bench::"
                            "mark(dplyr = clean_dplyr(raw), dt = clean(raw), check = FALSE, "
                            "iterations = 5)[, 1:4]); devtools::test(filter = \"clean\")'",
                            "# A tibble: 2 × 4\n  expression      min   median `itr/sec`\n  "
                            "<bch:expr> <bch:tm> <bch:tm>     <dbl>\n1 dplyr         11.1s    "
                            "11.2s    0.0893\n2 dt             9.5s     9.6s    0.104\n── Failure "
                            "(test-clean.R:31:3): clean() leaves its input untouched ──\n`raw` "
                            "has changed: gained columns `level_m`, `time`\n[ FAIL 1 | WARN 0 | "
                            "SKIP 0 | PASS 17 ]", 1),
              "revert": bash("git checkout -- R/clean.R", ""),
              "conclusion": "Reverted to dplyr. data.table made the cleaning step only 14% "
                            "faster (9.6 s against 11.2 s - most of the time goes into parsing "
                            "the API's JSON, not the transformation), and its by-reference "
                            "updates changed the raw readings in place, which breaks the "
                            "input-untouched test and would make targets think the upstream "
                            "target changed. Not worth a second idiom in the codebase."}),
    ]
    return Project(
        "floodwatch", "git@github.com:riverdata/floodwatch.git",
        {"README.md": "# floodwatch\n\nRiver levels for the catchment, at a glance.\n\n"
                      "## Development\n",
         "DESCRIPTION": "Package: floodwatch\nTitle: River Level Dashboard\nVersion: 0.9.2\n"
                        "Imports: shiny, bslib, leaflet, dplyr, duckdb, DBI, targets\n"},
        facts,
        noise(("R/fct_trend.R",
               "trend_arrow <- function(levels, window = 4) {\n  recent <- utils::tail(levels, "
               "window)\n  delta <- recent[length(recent)] - recent[1]\n  dplyr::case_when(\n"
               "    delta > 0.05 ~ \"rising\",\n    delta < -0.05 ~ \"falling\",\n    .default = "
               "\"steady\"\n  )\n}\n",
               "It labels a station's trend from its last four readings - an hour at 15-minute "
               "intervals: rising or falling if the level moved more than 5 cm, otherwise "
               "steady. The station table shows it as an arrow."),
              ("trend", "Rscript -e 'devtools::test(filter = \"trend\")'",
               "ℹ Testing floodwatch\n✔ | F W  S  OK | Context\n✔ |          6 | trend\n\n══ "
               "Results ════════════════\n[ FAIL 0 | WARN 0 | SKIP 0 | PASS 6 ]"),
              ("lvl", "level_now", "R/mod_table.R", "      lvl = round(latest_m, 2),",
               "      level_now = round(latest_m, 2),"),
              ("5d1e8a2 map: cluster stations below zoom 9\nb73f0c4 pipeline: skip stations with "
               "no readings\n2a6c9e1 ui: bslib theme",
               " M R/mod_table.R"),
              ("R/utils_format.R", "format_level <- function(m) sprintf(\"%.2f m\", m)\n",
               "a helper that formats a level like '1.23 m'"),
              ("# floodwatch\n\nRiver levels for the catchmnet, at a glance.\n",
               "River levels for the catchmnet, at a glance.",
               "River levels for the catchment, at a glance."),
              ("R/fct_trend.R", "trend_arrow",
               "trend_arrow <- function(levels, window = 4) {",
               "#' Rising, falling or steady, from the last `window` readings.\ntrend_arrow <- "
               "function(levels, window = 4) {")),
        "aws")


def stallholder() -> Project:
    """A Ruby on Rails 7.1 app for booking farmers' market stalls: Postgres, Sidekiq on Redis,
    Hotwire / Turbo, Tailwind, RSpec, strong_migrations."""
    facts = [
        Fact("conv-services", "convention", ["ApplicationService"],
             ["where should the refund calculation for cancelled bookings live?",
              "the bookings controller is getting fat - how do we usually pull logic out of "
              "it?"],
             "Business logic lives in service objects under app/services that inherit from "
             "ApplicationService and are invoked with .call; controllers and models stay thin.",
             {"rule": "business logic goes into a service object in app/services that inherits "
                      "from ApplicationService and gets invoked with .call - controllers and "
                      "models stay thin",
              "task": "when a market day is cancelled, every booking on it should be refunded "
                      "in full and the stallholder emailed",
              "follow": [write("app/services/market_days/cancel.rb",
                               "module MarketDays\n  class Cancel < ApplicationService\n    def "
                               "initialize(market_day, reason:)\n      @market_day = market_day\n"
                               "      @reason = reason\n    end\n\n    def call\n      bookings = "
                               "@market_day.bookings.confirmed.to_a\n      MarketDay.transaction "
                               "do\n        @market_day.update!(status: :cancelled, "
                               "cancellation_reason: @reason)\n        bookings.each { |b| "
                               "Bookings::Refund.call(b, amount_cents: b.total_cents) }\n      "
                               "end\n      bookings.each { |b| BookingMailer.market_cancelled(b)."
                               "deliver_later }\n    end\n  end\nend\n"),
                         edit("app/controllers/admin/market_days_controller.rb",
                              "  def cancel\n    @market_day.update!(status: :cancelled)\n",
                              "  def cancel\n    MarketDays::Cancel.call(@market_day, reason: "
                              "params.require(:reason))\n")],
              "contrary": edit("app/models/market_day.rb",
                               "class MarketDay < ApplicationRecord\n",
                               "class MarketDay < ApplicationRecord\n  def cancel!(reason)\n    "
                               "confirmed = bookings.confirmed.to_a\n    transaction do\n      "
                               "update!(status: :cancelled, cancellation_reason: reason)\n      "
                               "confirmed.each { |b| b.refund!(b.total_cents) }\n    end\n    "
                               "confirmed.each { |b| BookingMailer.market_cancelled(b)."
                               "deliver_later }\n  end\n\n"),
              "done": "Cancelling a market day (admin, market days, cancel) refunds every "
                      "confirmed booking in full and queues a cancellation email to each "
                      "stallholder."}),
        Fact("conv-concurrent-index", "convention", ["algorithm: :concurrently"],
             ["how do I add an index to the bookings table without locking it in production?",
              "anything special I need to do in a migration that touches one of the big "
              "tables?"],
             "Indexes on existing tables are added with algorithm: :concurrently and "
             "disable_ddl_transaction! (strong_migrations enforces it); never a plain add_index.",
             {"rule": "indexes on existing tables always get algorithm: :concurrently plus "
                      "disable_ddl_transaction! - strong_migrations complains otherwise, and "
                      "bookings is big enough to lock up market morning",
              "task": "searching bookings by stall number in the admin is slow, add an index "
                      "for it",
              "follow": [write("db/migrate/20241118093000_index_bookings_on_stall_number.rb",
                               "class IndexBookingsOnStallNumber < ActiveRecord::Migration[7.1]\n"
                               "  disable_ddl_transaction!\n\n  def change\n    add_index "
                               ":bookings, :stall_number, algorithm: :concurrently\n  end\nend\n"),
                         bash("bin/rails db:migrate",
                              "== 20241118093000 IndexBookingsOnStallNumber: migrating ======\n"
                              "-- add_index(:bookings, :stall_number, {:algorithm=>:concurrently"
                              "})\n   -> 0.0312s\n== 20241118093000 IndexBookingsOnStallNumber: "
                              "migrated (0.0313s) =====")],
              "contrary": write("db/migrate/20241118093000_index_bookings_on_stall_number.rb",
                                "class IndexBookingsOnStallNumber < ActiveRecord::Migration[7.1]"
                                "\n  def change\n    add_index :bookings, :stall_number\n  end\n"
                                "end\n"),
              "done": "Added the index; the admin search by stall number uses it now (an index "
                      "scan, 2 ms instead of 340 ms)."}),
        Fact("cmd-replant", "command", ["db:seed:replant"],
             ["running the seeds a second time blows up with a duplicate key error - how do I "
              "reset the sample data?",
              "how do I get a fresh set of demo markets and stalls into my local database?"],
             "Reload the development sample data with `bin/rails db:seed:replant` (truncates the "
             "tables, then seeds); a second db:seed fails on unique indexes and db:reset can't "
             "drop a database in use.",
             {"goal": "reload the demo data, I made a mess of the bookings in my local db while "
                      "testing",
              "fail": bash("bin/rails db:seed",
                           "bin/rails aborted!\nActiveRecord::RecordNotUnique: PG::"
                           "UniqueViolation: ERROR:  duplicate key value violates unique "
                           "constraint \"index_markets_on_slug\"\nDETAIL:  Key (slug)=(riverside-"
                           "saturday) already exists.\n/home/dev/src/stallholder/db/seeds.rb:4:in"
                           " `<main>'\nTasks: TOP => db:seed\n(See full trace by running task "
                           "with --trace)", 1),
              "fail2": bash("bin/rails db:reset",
                            "bin/rails aborted!\nActiveRecord::StatementInvalid: PG::ObjectInUse: "
                            "ERROR:  database \"stallholder_development\" is being accessed by "
                            "other users\nDETAIL:  There are 2 other sessions using the "
                            "database.\nTasks: TOP => db:reset => db:drop:_unsafe", 1),
              "note": "The seeds create markets with fixed slugs, so they only run on empty "
                      "tables, and dropping the database fails while the server and Sidekiq "
                      "hold connections. db:seed:replant truncates the tables and seeds again "
                      "without dropping anything.",
              "ok": bash("bin/rails db:seed:replant",
                         "Seeded 3 markets, 42 stalls, 12 market days, 180 bookings."),
              "recipe": ("bin/setup",
                         "#!/usr/bin/env ruby\nrequire \"fileutils\"\n\nAPP_ROOT = File."
                         "expand_path(\"..\", __dir__)\n\ndef system!(*args)\n  system(*args, "
                         "exception: true)\nend\n\nFileUtils.chdir APP_ROOT do\n  puts \"== "
                         "Installing dependencies ==\"\n  system! \"bundle check || bundle "
                         "install\"\n\n  puts \"\\n== Preparing database ==\"\n  system! "
                         "\"bin/rails db:prepare\"\n\n  # Sample data. To reload it later "
                         "without dropping the database:\n  #   bin/rails db:seed:replant\n  "
                         "puts \"\\n== Loading sample data ==\"\n  system! \"bin/rails "
                         "db:seed\"\nend\n"),
              "done": "The local database has the demo data again: 3 markets, 42 stalls, 12 "
                      "market days and 180 bookings."}),
        Fact("cmd-bindev", "command", ["bin/dev"],
             ["the pages come up without any styling when I start the server - what's the right "
              "way to boot the app locally?",
              "how do I start the web server, the css watcher and the background workers in one "
              "go?"],
             "Start the app locally with `bin/dev` (foreman runs Procfile.dev: web, Tailwind "
             "watcher, Sidekiq); `bin/rails server` alone has no compiled CSS.",
             {"goal": "start the app so I can click through the new booking flow",
              "fail": bash("bin/rails server",
                           "=> Booting Puma\n=> Rails 7.1.3.4 application starting in "
                           "development\n* Listening on http://127.0.0.1:3000\nStarted GET \"/\" "
                           "for 127.0.0.1\nActionView::Template::Error (The asset \"tailwind.css"
                           "\" is not present in the asset pipeline.\n):\n    7:     <%= "
                           "stylesheet_link_tag \"tailwind\", \"data-turbo-track\": \"reload\" "
                           "%>", 1),
              "note": "The stylesheet is built by the Tailwind watcher and jobs need Sidekiq; "
                      "Procfile.dev runs all three processes (web, css, worker) under foreman, "
                      "and bin/dev is what starts it.",
              "ok": bash("bin/dev",
                         "11:02:14 web.1    | started with pid 48121\n11:02:14 css.1    | "
                         "started with pid 48122\n11:02:14 worker.1 | started with pid 48123\n"
                         "11:02:15 css.1    | Rebuilding...\n11:02:16 css.1    | Done in 412ms.\n"
                         "11:02:16 web.1    | * Listening on http://127.0.0.1:3000\n11:02:17 "
                         "worker.1 | INFO: Booted Rails 7.1.3.4 application in development "
                         "environment"),
              "recipe": ("Procfile.dev",
                         "# Started by bin/dev (foreman).\nweb: bin/rails server -p 3000\ncss: "
                         "bin/rails tailwindcss:watch\nworker: bundle exec sidekiq -C config/"
                         "sidekiq.yml\n"),
              "done": "The app is up on http://127.0.0.1:3000 with its styles, and the worker "
                      "runs, so the booking flow's jobs get processed too."}),
        Fact("env-redis", "environment", ["6380"],
             ["where does sidekiq expect redis in development?",
              "which port is the job queue's backing store on locally?"],
             "In development Redis runs in docker compose on host port 6380 (6380:6379, to avoid "
             "a local Redis); REDIS_URL=redis://localhost:6380/0.",
             {"goal": "sidekiq keeps logging connection refused - is redis even running, and "
                      "where?",
              "probe": [bash("docker compose ps",
                             "NAME                     IMAGE            SERVICE    STATUS        "
                             "          PORTS\nstallholder-postgres-1   postgres:16      "
                             "postgres   Up 2 hours (healthy)   0.0.0.0:5433->5432/tcp\n"
                             "stallholder-redis-1      redis:7-alpine   redis      Up 2 hours    "
                             "         0.0.0.0:6380->6379/tcp"),
                        bash("grep REDIS_URL .env.example .env",
                             ".env.example:REDIS_URL=redis://localhost:6380/0\n.env:REDIS_URL="
                             "redis://localhost:6379/0")],
              "confirm": "Redis is running - in docker compose, published on host port 6380 "
                         "(6380:6379, so it doesn't collide with a Redis installed on the "
                         "machine). .env.example has REDIS_URL=redis://localhost:6380/0, but the "
                         ".env here still says 6379, where nothing listens. Change it to 6380 "
                         "and restart the worker.",
              "short": "Redis runs in docker compose on localhost:6380 (6379 inside the "
                       "container), so REDIS_URL is redis://localhost:6380/0"}),
        Fact("env-mail", "environment", ["letter_opener"],
             ["where can I see the confirmation email a stallholder would get when I try a "
              "booking locally?",
              "do emails actually get sent to anyone from my dev setup?"],
             "In development mail isn't delivered: delivery_method is :letter_opener_web and "
             "the messages are at http://localhost:3000/letter_opener.",
             {"goal": "I booked a stall locally with my own address but no confirmation ever "
                      "arrived - does dev send mail at all?",
              "probe": [bash("grep -n 'delivery_method\\|LetterOpener' config/environments/"
                             "development.rb config/routes.rb",
                             "config/environments/development.rb:41:  config.action_mailer."
                             "delivery_method = :letter_opener_web\nconfig/routes.rb:12:  mount "
                             "LetterOpenerWeb::Engine, at: \"/letter_opener\" if Rails.env."
                             "development?"),
                        bash("curl -s localhost:3000/letter_opener | grep -o '<td class=\"subject"
                             "\">[^<]*' | head -2",
                             "<td class=\"subject\">Your stall at Riverside Saturday is booked\n"
                             "<td class=\"subject\">Your stall at Riverside Saturday is booked")],
              "confirm": "dev doesn't send real mail: development.rb sets delivery_method to "
                         ":letter_opener_web, which keeps every message instead of delivering "
                         "it, and the inbox is at http://localhost:3000/letter_opener. The "
                         "confirmation is there - twice, since two stalls were booked.",
              "short": "nothing leaves the machine - dev mail is caught by letter_opener_web and "
                       "readable at http://localhost:3000/letter_opener"}),
        Fact("gotcha-422", "gotcha", ["unprocessable_entity"],
             ["the booking form just sits there after I submit invalid data, no error messages "
              "appear",
              "why does turbo ignore the re-rendered form when a save fails?"],
             "With Turbo, a failed form submission must re-render with status: "
             ":unprocessable_entity (422); a 200 response to a form POST is ignored and the "
             "errors never show.",
             {"symptom": "submitting the booking form without picking a stall does nothing at "
                         "all - no errors, no redirect",
              "probe": [bash("tail -n 6 log/development.log",
                             "Started POST \"/bookings\" for 127.0.0.1 at 2024-11-14 10:12:03 "
                             "+0000\nProcessing by BookingsController#create as TURBO_STREAM\n"
                             "  Parameters: {\"booking\"=>{\"market_day_id\"=>\"7\", \"stall_id\""
                             "=>\"\"}}\n  Rendering bookings/new.html.erb within layouts/"
                             "application\n  Rendered bookings/new.html.erb within layouts/"
                             "application (Duration: 14.2ms)\nCompleted 200 OK in 31ms (Views: "
                             "18.9ms | ActiveRecord: 4.1ms)"),
                        read("app/controllers/bookings_controller.rb",
                             "  def create\n    @booking = current_user.bookings.build("
                             "booking_params)\n    if @booking.save\n      redirect_to @booking, "
                             "notice: \"Stall booked.\"\n    else\n      render :new\n    end\n"
                             "  end\n")],
              "explain": "The controller re-renders the form with a 200. After a form "
                         "submission Turbo Drive only renders the response if it's a redirect or "
                         "an error status; a 200 HTML answer to a POST is ignored, so the "
                         "validation errors never appear. Rendering with status: "
                         ":unprocessable_entity (422) fixes it - the Rails 7 scaffolds do exactly "
                         "that.",
              "fix": [edit("app/controllers/bookings_controller.rb", "      render :new\n",
                           "      render :new, status: :unprocessable_entity\n")],
              "done": "Submitting without a stall shows \"Stall must be chosen\" above the form "
                      "now."}),
        Fact("gotcha-aftercommit", "gotcha", ["after_commit"],
             ["the confirmation job sometimes can't find the booking it was queued for",
              "background work fails with record not found right after a reservation is "
              "created"],
             "Jobs enqueued from after_save run inside the transaction and Sidekiq can pick them "
             "up before the commit (DeserializationError, Couldn't find Booking); enqueue them "
             "from after_commit instead.",
             {"symptom": "sidekiq shows a pile of SendBookingConfirmationJob failures: "
                         "ActiveJob::DeserializationError, Couldn't find Booking with 'id'=...",
              "probe": [bash("grep -A1 'DeserializationError' log/sidekiq.log | tail -3",
                             "2024-11-16T07:02:11.490Z pid=48123 tid=2d3f class="
                             "SendBookingConfirmationJob jid=6c1e9b0d WARN: ActiveJob::"
                             "DeserializationError: Error while trying to deserialize arguments: "
                             "Couldn't find Booking with 'id'=9312\n2024-11-16T07:02:13.901Z "
                             "pid=48123 tid=2d3f class=SendBookingConfirmationJob jid=6c1e9b0d "
                             "INFO: start\n2024-11-16T07:02:13.944Z pid=48123 tid=2d3f class="
                             "SendBookingConfirmationJob jid=6c1e9b0d INFO: done: 0.043 sec"),
                        read("app/models/booking.rb",
                             "class Booking < ApplicationRecord\n  belongs_to :stall\n  "
                             "belongs_to :market_day\n  belongs_to :user\n\n  after_save "
                             ":send_confirmation, if: :saved_change_to_status?\n\n  private\n\n"
                             "  def send_confirmation\n    SendBookingConfirmationJob."
                             "perform_later(self) if confirmed?\n  end\nend\n")],
              "explain": "send_confirmation runs in after_save, which is still inside the "
                         "transaction. Sidekiq picks the job up within milliseconds, before the "
                         "transaction commits, so the booking isn't visible to it yet and the "
                         "first attempt fails; the retry a few seconds later works, which is why "
                         "people do get their emails eventually. Enqueueing from after_commit "
                         "waits until the row is really there.",
              "fix": [edit("app/models/booking.rb",
                           "  after_save :send_confirmation, if: :saved_change_to_status?\n",
                           "  after_commit :send_confirmation, on: %i[create update], if: "
                           ":saved_change_to_status?\n")],
              "done": "The job is only enqueued once the booking is committed; booking a dozen "
                      "stalls in a row gives no more deserialization failures in the Sidekiq "
                      "log."}),
        Fact("fals-countercache", "falsified", ["counter_cache"],
             ["could we keep the number of bookings on the market day row instead of counting "
              "them each time?",
              "was storing the booking totals in a column ever tried?"],
             "A counter_cache of bookings on market_days was tried: on market morning every "
             "booking updates the same market_days row, so in the load test p95 went 240 ms -> "
             "1.9 s with 17 deadlocks; removed.",
             {"ask": "add a counter_cache for bookings on market days, the market list does a "
                     "COUNT per row",
              "change": [edit("app/models/booking.rb", "  belongs_to :market_day\n",
                              "  belongs_to :market_day, counter_cache: true\n"),
                         write("db/migrate/20241120101500_add_bookings_count_to_market_days.rb",
                               "class AddBookingsCountToMarketDays < ActiveRecord::Migration[7.1]"
                               "\n  def change\n    add_column :market_days, :bookings_count, "
                               ":integer, null: false, default: 0\n  end\nend\n")],
              "broke": bash("bin/rails runner script/load/market_morning.rb",
                            "simulating 400 stallholders booking at 07:00 (concurrency 40)...\n"
                            "main:    p50 88 ms    p95 240 ms   errors 0\nbranch:  p50 410 ms   "
                            "p95 1.9 s    errors 17 (ActiveRecord::Deadlocked: PG::"
                            "TRDeadlockDetected)\nFAIL: p95 above the 500 ms budget", 1),
              "revert": bash("git checkout -- app/models/booking.rb && rm db/migrate/"
                             "20241120101500_add_bookings_count_to_market_days.rb", ""),
              "conclusion": "Dropped the counter cache. Every booking for a market day updates "
                            "that day's single market_days row, and on market morning that's "
                            "hundreds of bookings for the same day within minutes: in the load "
                            "test p95 went from 240 ms to 1.9 s and 17 bookings died on "
                            "deadlocks. The COUNT per row is better fixed with one grouped query "
                            "for the whole list."}),
        Fact("fals-parallel", "falsified", ["parallel_tests"],
             ["can we spread the spec suite over all cpu cores to make it finish sooner?",
              "has anyone tried running the specs concurrently?"],
             "The parallel_tests gem was tried: 4:12 -> 3:51 on 8 processes (system specs still "
             "queue for one Chrome) and 6 random failures from the shared Redis (Rack::Attack "
             "counters); removed.",
             {"ask": "set up the parallel_tests gem so the specs run on all cores, four minutes "
                     "is too long",
              "change": [edit("Gemfile", "group :development, :test do\n",
                              "group :development, :test do\n  gem \"parallel_tests\"\n"),
                         edit("config/database.yml", "  database: stallholder_test\n",
                              "  database: stallholder_test<%= ENV['TEST_ENV_NUMBER'] %>\n"),
                         bash("bundle install && bin/rails parallel:setup",
                              "Bundle complete! 61 Gemfile dependencies, 148 gems now installed."
                              "\nCreated database 'stallholder_test'\nCreated database "
                              "'stallholder_test2'\n...\nCreated database 'stallholder_test8'")],
              "broke": bash("time bundle exec parallel_rspec spec/",
                            "8 processes for 214 spec files, ~ 26 spec files per process\n...\n"
                            "Failures:\n  1) Booking flow lets a stallholder book two stalls\n"
                            "     Failure/Error: expect(page).to have_content(\"Stall booked\")\n"
                            "       expected to find text \"Stall booked\" in \"Retry later "
                            "(429)\"\n...\n1204 examples, 6 failures\n\nTook 231 seconds (03:51)"
                            "\n\nreal\t3m51.402s", 1),
              "revert": bash("git checkout -- Gemfile Gemfile.lock config/database.yml", ""),
              "conclusion": "Took parallel_tests out. On 8 processes the suite went from 4:12 to "
                            "3:51 only, because the system specs - most of the time - still "
                            "queue up for one Chrome, and 6 specs failed at random: all "
                            "processes share one Redis, so Rack::Attack's throttle counters add "
                            "up across them and bookings get a 429. A Redis database per process "
                            "and splitting out the system specs would come first, and even then "
                            "the gain is small."}),
    ]
    return Project(
        "stallholder", "git@github.com:marketfolk/stallholder.git",
        {"README.md": "# stallholder\n\nBook a pitch at your local farmers' market.\n\n"
                      "## Development\n",
         ".ruby-version": "3.3.4\n"},
        facts,
        noise(("app/models/stall.rb",
               "class Stall < ApplicationRecord\n  belongs_to :market\n  has_many :bookings\n\n"
               "  enum :size, { small: 0, standard: 1, double: 2 }\n\n  def price_for(market_day)"
               "\n    base = market.base_price_cents\n    base *= 2 if double?\n    base += "
               "market.electricity_surcharge_cents if electricity?\n    market_day.weekend? ? "
               "(base * 1.2).round : base\n  end\nend\n",
               "A stall belongs to a market and has many bookings. price_for works out the "
               "pitch fee for one market day: the market's base price, doubled for a double "
               "pitch, plus the electricity surcharge if the pitch has power, and 20% more on "
               "weekends."),
              ("stall pricing", "bundle exec rspec spec/models/stall_spec.rb",
               "........\n\nFinished in 0.41 seconds (files took 1.92 seconds to load)\n8 "
               "examples, 0 failures"),
              ("amt", "amount_cents", "app/helpers/bookings_helper.rb",
               "  def price_label(amt)", "  def price_label(amount_cents)"),
              ("e8c4a17 bookings: waitlist when a market day is full\n41b0d9c admin: export "
               "bookings as CSV\n9a3f6e2 deps: rails 7.1.3.4",
               " M app/views/bookings/_form.html.erb"),
              ("app/helpers/market_days_helper.rb",
               "module MarketDaysHelper\n  def market_day_label(day)\n    \"#{day.market.name}, "
               "#{l(day.date, format: :long)}\"\n  end\nend\n",
               "a view helper that labels a market day like 'Riverside Saturday, 16 November "
               "2024'"),
              ("# stallholder\n\nBook a pitch at your local farmers' makret.\n",
               "Book a pitch at your local farmers' makret.",
               "Book a pitch at your local farmers' market."),
              ("app/models/stall.rb", "price_for", "  def price_for(market_day)",
               "  # Pitch fee in cents for one market day (weekends +20%).\n  def price_for("
               "market_day)")),
        "stripe")


def projects() -> list[Project]:
    return [larder(), tilesmith(), floodwatch(), stallholder()]
