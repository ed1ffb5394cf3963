"""Capture of the sixteenth pass (docs/capture.md, "Sixteenth pass"): a command that hung
under `timeout` or asked a build for a job it does not define, recovered; the sentence that
says in code how a rule is kept; an offer turned down with how it went when it was in use;
the user's theory of a problem, once the assistant agrees with it."""

from __future__ import annotations

import pytest
from capture_helpers import proposed, session


@pytest.mark.parametrize("printed, says", [
    ("---  GUT  ---\n---- All tests finished ----\nPassing tests 41", "timed out (exit 124))"),
    # (what it printed may say why: that stays)
    ("WARNING: Specified aliases are undeclared and are not being used: [:nrepl]",
     "timed out (exit 124): WARNING: Specified aliases are undeclared"),
])
def test_a_command_that_hung_under_timeout_is_recovered_by_the_one_that_exits(tmp_path, store,
                                                                              printed, says):
    b = session(tmp_path)
    b.prompt("can you run the unit tests? i want to make sure the inventory still works")
    b.run("Bash", {"command": "timeout 300 godot --headless -s addons/gut/gut_cmdln.gd "
                              "-gdir=res://test/unit"},
          "Exit code 124\n" + printed, is_error=True)
    b.run("Bash", {"command": "godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test/unit "
                              "-gexit"},
          "---- All tests finished ----\nPassing tests 41\nRun complete, exiting with 0")
    b.say("All 41 pass.")
    (fix,) = proposed(b, store)["recovery"]  # (stored: its citations are the transcript's)
    assert fix["text"].startswith("Use `godot --headless -s addons/gut/gut_cmdln.gd "
                                  "-gdir=res://test/unit -gexit` here")
    assert says in fix["text"], fix["text"]


def test_a_build_asked_for_a_step_it_does_not_define_is_recovered(tmp_path, store):
    b = session(tmp_path)
    b.prompt("flash the board pls, its plugged in")
    b.run("Bash", {"command": "zig build flash"},
          "Exit code 1\nerror: no step named 'flash'\n  access the help menu with 'zig build -h'",
          is_error=True)
    b.run("Bash", {"command": "zig build -Doptimize=ReleaseSmall && picotool load -x "
                              "zig-out/firmware/gustlog.uf2 -f"},
          "Loading into Flash: [==============================]  100%")
    b.say("Flashed; the board rebooted into the app.")
    (fix,) = proposed(b, store)["recovery"]
    assert "picotool load" in fix["text"] and "no step named 'flash'" in fix["text"]


def test_another_job_after_a_wrapped_command_failed_on_the_code_is_no_recovery(tmp_path):
    b = session(tmp_path)
    b.prompt("run the tests")
    b.run("Bash", {"command": "timeout 60 make test"},
          "Exit code 2\nFAIL: test_parse (tests.test_cli) AssertionError: 3 != 4", is_error=True)
    b.run("Bash", {"command": "make lint"}, "All checks passed!")
    b.say("Lint is clean; one test fails on the parser.")
    assert "recovery" not in proposed(b)


def test_a_rule_keeps_the_sentence_naming_the_type_that_keeps_it(tmp_path, store):
    b = session(tmp_path)
    b.prompt("add a ring buffer for the gust samples")
    b.say("GustRing keeps its 600 samples in a static array.")
    b.prompt("ok cool. fyi no heap allocs in the firmware, ever. if something realy needs an "
             "allocator it gets a FixedBufferAllocator over a static buffer")
    b.say("Noted.")
    (rule,) = proposed(b, store)["convention"]
    assert "heap allocs" in rule["text"] and "FixedBufferAllocator" in rule["text"]


@pytest.mark.parametrize("offer, answer", [
    ("Quickest would be a small Alpine.js dropdown (x-data / x-show) on the filter button — "
     "want me to wire Alpine into app.js?",
     "no alpine. had it for a year, disaster: every liveview patch wiped its state, menus "
     "snapping shut. JS.toggle or a hook."),
    ("Godot has NavigationAgent2D with built-in avoidance, and I could give each crow an agent "
     "on a navigation mesh. Want me to try it?",
     "ooh no we actually had NavigationAgent2D on the crows for two months last year and it "
     "was a disaster, with 60 crows the frame time went way over budget"),
])
def test_an_offer_turned_down_with_how_it_went_when_in_use_is_falsified(tmp_path, store, offer,
                                                                        answer):
    b = session(tmp_path)
    b.prompt("the menus need to open on click. quickest way?")
    b.say(offer)
    b.prompt(answer)
    b.say("Thanks for the history; that rules it out.")
    (found,) = proposed(b, store)["falsified"]
    named = "Alpine" if "Alpine" in offer else "NavigationAgent2D"
    # (the offer comes with it, however briefly its last sentence asks)
    assert found["text"].count(named) >= 2 and "Turned down:" in found["text"], found


@pytest.mark.parametrize("answer", [
    "no alpine for now, maybe next month. JS.toggle please",  # no time in use, no reason
    "we had it for a year and it was great, but no, not this time",  # it went well
])
def test_an_offer_put_off_or_liked_is_no_finding(tmp_path, answer):
    b = session(tmp_path)
    b.prompt("the menus need to open on click. quickest way?")
    b.say("Quickest would be a small Alpine.js dropdown — want me to wire Alpine into app.js?")
    b.prompt(answer)
    b.say("Okay.")
    assert "falsified" not in proposed(b)


def theory_session(tmp_path, agreed: str, store=None):
    b = session(tmp_path)
    b.prompt("board reboots randomly, seems to happen around midnight when it rotates the log")
    b.run("Bash", {"command": "tail -4 logs/serial.txt"},
          "23:59:59.813 flash: erase 0x1a0000..0x1b0000 (16 sectors)\n"
          "00:00:00.331 boot: reset reason = WATCHDOG")
    b.say("That shows where it goes wrong but not why yet. Let me dig further.")
    b.prompt("ahh i bet its the watchdog. erasing the whole day of sectors in one go takes "
             "longer than the 500ms timeout and nothing feeds it. needs a watchdog.update() in "
             "that loop")
    b.say(agreed)
    return proposed(b, store)


def test_the_users_theory_the_assistant_agrees_with_is_the_explanation(tmp_path, store):
    found = [f["text"] for fs in theory_session(tmp_path, "Makes sense, fixing it that way.", store)
             .values() for f in fs]
    assert any("500ms timeout" in f and "watchdog.update()" in f and "[asked: board reboots"
               in f for f in found), found


def test_a_theory_the_assistant_does_not_agree_with_is_not_kept(tmp_path):
    found = [f["text"] for fs in theory_session(
        tmp_path, "I don't think so: the erase loop already yields to the watchdog task."
    ).values() for f in fs]
    assert not any("500ms timeout" in f for f in found), found


# ---------------------------------------------------------------- dev23's shapes: the assistant
# does most of the talking
CONVENTION_QUESTION = {"questions": [{
    "question": "Is there a project convention I should follow for this?", "header": "Convention",
    "multiSelect": False, "options": [{"label": "Match nearby code", "description": ""},
                                      {"label": "Your call", "description": ""}]}]}


@pytest.mark.parametrize("answer, kept", [
    ("No expect/actual classes for platform services — an interface in commonMain, and each "
     "platform binds its implementation in its platformModule() Koin module", True),
    ("Match nearby code", False),  # (a label picked: no rule of the user's own)
])
def test_the_answer_to_a_question_about_the_projects_conventions_is_a_rule(tmp_path, store,
                                                                          answer, kept):
    b = session(tmp_path)
    b.prompt("Add a haptic tick when a sighting is saved")
    b.run("AskUserQuestion", CONVENTION_QUESTION,
          f'User has answered your questions: "Is there a project convention I should follow '
          f'for this?"="{answer}". You can now continue with the user\'s answers in mind.')
    b.say("Got it.")
    rules = [f["text"] for f in proposed(b, store).get("convention", [])]
    assert any("platformModule()" in r and "[asked: Add a haptic tick" in r for r in rules) \
        if kept else rules == [], rules


def test_a_rule_given_when_asked_in_the_conversation_is_a_rule(tmp_path, store):
    b = session(tmp_path)
    b.prompt("add the retry wrapper to the mailer")
    b.say("Before I start: any house rules for how errors are wrapped here?")
    b.prompt("errors get wrapped with fmt.Errorf and %w, never errors.New inside handlers")
    b.say("Will do.")
    (rule,) = proposed(b, store)["convention"]
    assert "fmt.Errorf" in rule["text"], rule


def test_a_task_the_build_finds_ambiguous_is_recovered_by_the_one_named(tmp_path, store):
    b = session(tmp_path)
    b.prompt("how do we run the shared tests on iOS?")
    b.run("Bash", {"command": "./gradlew :shared:iosTest"},
          "Exit code 1\nFAILURE: Build failed with an exception.\n* What went wrong:\nCannot "
          "locate tasks that match ':shared:iosTest' as task 'iosTest' is ambiguous in project "
          "':shared'. Candidates are: 'iosSimulatorArm64Test', 'iosX64Test'.", is_error=True)
    b.say("That errors out — do you remember how it's meant to be run here?")
    b.prompt("on the M1 it's :shared:iosSimulatorArm64Test")
    b.run("Bash", {"command": "./gradlew :shared:iosSimulatorArm64Test"}, "BUILD SUCCESSFUL")
    b.say("They pass.")
    (fix,) = proposed(b, store)["recovery"]
    assert fix["text"].startswith("Use `./gradlew :shared:iosSimulatorArm64Test` here"), fix


def test_a_chain_that_starts_with_git_does_the_job_of_its_next_step(tmp_path, store):
    b = session(tmp_path)
    b.prompt("fresh clone — how do we configure and build?")
    b.run("Bash", {"command": "cmake -B build && cmake --build build"},
          "Exit code 1\nCMake Error at CMakeLists.txt:14 (add_subdirectory):\n  add_subdirectory "
          "given source \"extern/JUCE\" which is not an existing directory.", is_error=True)
    b.run("Bash", {"command": "git submodule update --init --recursive && cmake --preset "
                              "ninja-release && cmake --build --preset ninja-release"},
          "-- Build files have been written to: build/release")
    b.say("Built.")
    (fix,) = proposed(b, store)["recovery"]
    assert "cmake --preset ninja-release" in fix["text"] and "cmake -B build" in fix["text"]


def test_a_theory_sharing_one_word_with_the_report_is_kept_once_it_matches(tmp_path, store):
    b = session(tmp_path)
    b.prompt("iOS build fails at the link step since the SQLDelight upgrade")
    b.run("Bash", {"command": "xcodebuild -scheme iosApp build 2>&1 | tail -3"},
          "Undefined symbols for architecture arm64:\n  \"_sqlite3_open\", referenced from:")
    b.say("The output shows where it fails but not why yet. I'll keep digging.")
    b.prompt('static framework doesn\'t link sqlite3 by itself. add linkerOpts("-lsqlite3") to '
             "the framework block")
    b.say("That matches the output. Fixing it.")
    found = [f["text"] for fs in proposed(b, store).values() for f in fs]
    assert any('linkerOpts("-lsqlite3")' in f and "[asked: iOS build fails" in f
               for f in found), found


@pytest.mark.parametrize("said, rule", [
    ("ok, go. one thing: shipped CREATE TABLE statements in the .sq files are frozen, every "
     "schema change is a new numbered .sqm migration file.", ".sqm migration"),
    ("wait, no inline ingress/egress blocks in aws_security_group, every rule is its own "
     "aws_vpc_security_group_ingress_rule resource. redo it.", "aws_vpc_security_group"),
    ("every plan wants to update the api ecs service even when nothing changed", None),
    ("every test in test_api.py is failing since this morning", None),
])
def test_how_every_one_of_a_kind_is_done_in_code_is_a_rule(tmp_path, store, said, rule):
    b = session(tmp_path)
    b.prompt("Add a tide_height_cm column to sightings")
    b.say("Plan approved — anything you want done differently before I start?")
    b.prompt(said)
    b.say("Will do.")
    rules = [f["text"] for f in proposed(b, store).get("convention", [])]
    assert any(rule in r for r in rules) if rule else rules == [], rules


def test_a_summary_that_only_says_it_was_reverted_keeps_what_follows(tmp_path, store):
    b = session(tmp_path)
    b.prompt("prod plan takes 9 minutes. can you speed it up?")
    b.run("Edit", {"file_path": "/home/user/project/Makefile", "old_string": "plan",
                   "new_string": "plan -parallelism=40"}, "ok")
    b.run("Bash", {"command": "terraform -chdir=envs/prod plan -parallelism=40"},
          "Exit code 1\nError: operation error Route 53: api error Throttling: Rate exceeded",
          is_error=True)
    b.run("Bash", {"command": "git checkout -- Makefile"}, "")
    b.prompt("so where are we?")
    b.say("## Session summary\n- Tried it, it broke, reverted; the tree is back to where it "
          "started.\n- Back to Terraform's default of 10. At -parallelism=40 Route 53 throttles "
          "and the plan died after 6 minutes with 'Throttling: Rate exceeded'.")
    (found,) = proposed(b, store)["falsified"]
    assert "-parallelism=40" in found["text"] and "Tried it" not in found["text"], found


@pytest.mark.parametrize("note, holds", [
    ("Separately: The plugin registers with manufacturer code Wrnb and plugin code Htn1 "
     "(juce_add_plugin in CMakeLists.txt). Don't change these.", "Htn1"),
    ("One more thing that output shows: Prod is account 519204773310; dev and staging share "
     "204118930276.", "519204773310"),
])
def test_a_finding_set_apart_after_the_answer_is_kept(tmp_path, store, note, holds):
    b = session(tmp_path)
    b.prompt("what's the company name in the plugin metadata?")
    b.run("Bash", {"command": "grep -n -E 'PLUGIN_CODE|COMPANY_NAME|account' CMakeLists.txt"},
          '33:    COMPANY_NAME "Wrenbyte Audio"\n35:    PLUGIN_CODE Htn1')
    b.say(f'COMPANY_NAME is "Wrenbyte Audio".\n\n{note}')
    found = [f["text"] for fs in proposed(b, store).values() for f in fs]
    assert any(holds in f for f in found), found


@pytest.mark.parametrize("next_prompt", [
    # a new report, naming no code
    "patients can't book slots that are clearly free - the API says the slot is taken, and the "
    "hold on it expired hours ago",
    # a request carrying someone's question (naming code, sharing the report's words: only its
    # question mark tells it from a theory)
    'reviewer on the PR asks: "why does reminders.ts need the hold at all? the API can already '
    'read it" - draft me a reply',
])
def test_a_new_report_or_request_is_no_theory_of_the_open_problem(tmp_path, store, next_prompt):
    b = session(tmp_path)
    b.prompt("the reminder for the hold goes out an hour late")
    b.run("Bash", {"command": "grep -n cron infra/reminders.ts"}, "12: schedule: '0 17 * * *'")
    b.say("The output shows where, not why yet. Still looking.")
    b.prompt(next_prompt)
    b.run("Bash", {"command": "aws dynamodb query --table-name bookings"},
          '{"sk": "HOLD#p-2291", "holdUntil": 1718091420}')
    b.say("That's it: DynamoDB's TTL deletes expired items in the background, within a day or "
          "two, so the availability query has to filter holdUntil > now itself.")
    found = [f["text"].split(" [asked:")[0].lower() for fs in proposed(b, store).values()
             for f in fs]
    # ("That's it" agrees with the explanation it gives, not with the user's message as a
    # theory of the first problem)
    assert not any(next_prompt[:30].lower() in f for f in found), found


# ------------------------------------------------------------------- dev24's shapes: handovers
@pytest.mark.parametrize("offer, answer, named", [
    ("The workmanager plugin can schedule a periodic background sync on both Android and iOS. "
     "Want me to set up an hourly task?",
     # (how it went is the next sentence)
     "we had workmanager doing an hourly sync last sprint. iOS basically never ran it and on "
     "android it ate 6% battery a day. we refresh on app resume", "workmanager"),
    ("Impeller fixes most shader-compilation jank on Android. Want me to enable it?",
     "we turned Impeller on last sprint and the Galaxy Tab A8 at the lending desk started "
     "showing blank map tiles and a vulkan device-lost error", "Impeller"),
    ("The simplest is a muted, looping autoplay video in the hero. Want me to do that?",
     # (passed on from someone else, a sentence or two in)
     "let me check with Marta first... ok, this is what they said:\n\n> we had an autoplay "
     "hero video for a week in spring. mobile LCP went from 1.8 to 4.6 seconds and lighthouse "
     "CI failed every PR.", "autoplay"),
])
def test_an_offer_turned_down_with_its_history_told_after_it(tmp_path, store, offer, answer,
                                                            named):
    b = session(tmp_path)
    b.prompt("members say their due dates are stale until they open the app, ideas?")
    b.say(offer)
    b.prompt(answer)
    b.say("Understood, I'll leave that alone.")
    (found,) = proposed(b, store)["falsified"]
    # (the offer is said with what it offers, not only "Want me to …?")
    assert found["text"].count(named) >= 2 and "Turned down:" in found["text"], found


def test_a_rule_the_assistant_reads_out_of_contributing_is_a_rule(tmp_path, store):
    b = session(tmp_path)
    b.prompt("add an overdue badge to the loan card")
    b.say("CONTRIBUTING.md has a rule that applies here: no Color(0xFF...) or raw TextStyle "
          "literals in widgets: colours, radii and text styles come from the AppTokens theme "
          "extension (context.tokens). Following it.")
    (rule,) = proposed(b, store)["convention"]
    assert rule["text"].startswith("No Color(0xFF...)") and "AppTokens" in rule["text"], rule


def test_a_theory_passed_on_in_quotes_and_agreed_to_in_two_words_is_the_explanation(
        tmp_path, store):
    b = session(tmp_path)
    b.prompt("BulkQuote fails with ResourceExhausted for the big retailer upload; smaller "
             "batches go through fine")
    b.run("Bash", {"command": "go test ./... -run TestBulkQuoteLarge"},
          "--- FAIL: TestBulkQuoteLarge (0.42s)\nrpc error: code = ResourceExhausted")
    b.say("The output shows where it fails but not why. Let me keep digging.")
    b.prompt("Dana says they've seen this before: \"it's the 4 MiB default message limit. you "
             "need grpc.MaxRecvMsgSize on the server and the call option on the client, both, "
             "or it just fails on the way back\"")
    b.say("That's it. Changing it.")
    found = [f["text"] for fs in proposed(b, store).values() for f in fs]
    assert any("grpc.MaxRecvMsgSize" in f and "[asked: BulkQuote fails" in f for f in found), \
        found


# ------------------------------------------------------------- dev25's shapes: interrupted days
def said_then(tmp_path, store, said: str) -> list[str]:
    b = session(tmp_path)
    b.prompt("Log the raw and tared scale values every time a weight sample is taken")
    b.say("On it — looking at the current code first.")
    b.prompt(said)
    b.say("Understood, changing it.")
    return [f["text"] for f in proposed(b, store).get("convention", [])]


@pytest.mark.parametrize("said, rule", [
    ("back to it — and one thing about how we do it here: logging is defmt only — derive "
     "defmt::Format on whatever you want to print, no core::fmt Debug impls on the device.",
     "Logging is defmt only"),
    ("hmm, not in that form — state shared between tasks goes through embassy_sync with "
     "CriticalSectionRawMutex — a Signal or a Mutex in a static. redo that bit please",
     "State shared between tasks goes through embassy_sync"),
    ("right, the original thing. and indexes get built concurrently: op.create_index(..., "
     "postgresql_concurrently=True) inside an autocommit_block. a plain create_index locks the "
     "table and the ticket office goes down, so keep that in mind.",
     "postgresql_concurrently=True"),
    ("and remember, live updates go through turbo 8 refreshes — broadcasts_refreshes on the "
     "model and morphing in the layout.", "Live updates go through turbo 8 refreshes"),
    # (what is only for now, or an order, is no rule)
    ("the build is slow today, keep that in mind", None),
    ("remember, I'm off tomorrow so push before 5", None),
])
def test_a_rule_said_on_the_way_back_to_a_task_is_a_rule(tmp_path, store, said, rule):
    rules = said_then(tmp_path, store, said)
    assert any(rule in r for r in rules) if rule else rules == [], rules


def test_a_problem_explained_after_a_question_in_between_keeps_its_report(tmp_path, store):
    b = session(tmp_path)
    b.prompt("after bumping embassy-stm32 the build fails at link time with some undefined "
             "embassy time symbol")
    b.run("Bash", {"command": "cargo build --release"},
          "Exit code 1\nerror: linking with `rust-lld` failed\n  = note: undefined symbol: "
          "_embassy_time_now", is_error=True)
    b.prompt("leave it, one thing first: my shell says permission denied on /dev/ttyACM0, "
             "what now?")
    b.say("Your user isn't in the group that owns the serial device: `sudo usermod -aG dialout "
          "$USER`, then log out and back in.")
    b.prompt("ok, back to the original thing.")
    b.say("The bump rewrote the embassy-stm32 feature list and dropped the time driver: "
          "embassy-time only declares `now()`, and the HAL implements it only with a "
          "time-driver-* feature enabled, so `time-driver-any` has to go back in.")
    found = [f["text"] for fs in proposed(b, store).values() for f in fs]
    assert any("time-driver-any" in f and "[asked: after bumping embassy-stm32" in f
               for f in found), found


def test_a_command_the_user_runs_themselves_after_a_failure_is_the_recovery(tmp_path, store):
    b = session(tmp_path)
    b.prompt("flash the release build onto the board on my desk")
    b.run("Bash", {"command": "cargo run --release"},
          "Exit code 1\nError: Connecting to the chip was unsuccessful.", is_error=True)
    b.say("That errors out — do you know how it's meant to be invoked here?")
    b.prompt("<bash-input>probe-rs run --chip STM32WL55JCIx --connect-under-reset "
             "target/thumbv7em-none-eabi/release/hivethrum</bash-input>")
    b.prompt("<bash-stdout>Programming ✔ 100%\n0.000000 INFO  hivethrum 0.4.2 booting"
             "</bash-stdout><bash-stderr></bash-stderr>")
    b.prompt("there, that one works. take it from there")
    b.say("Flashed 0.4.2; it boots.")
    (fix,) = proposed(b, store)["recovery"]
    assert "--connect-under-reset" in fix["text"] and "`cargo run --release` fails" in fix["text"]


def test_an_offer_turned_down_as_the_first_prototype_is_falsified(tmp_path, store):
    b = session(tmp_path)
    b.prompt("the backend folks keep complaining about decoding the binary uplink")
    b.say("We could serialize the reading as JSON on the device with serde-json-core (no_std, "
          "no allocator). Want me to try it?")
    b.prompt("been there — serde-json-core uplinks were the first prototype. 78 bytes, and the "
             "far hives sit at SF12 where you get 51, so they just stopped reporting.")
    b.say("Thanks for the history, that rules it out.")
    (found,) = proposed(b, store)["falsified"]
    assert "Turned down:" in found["text"] and "51" in found["text"], found


def test_a_theory_seen_before_and_agreed_to_after_a_word_is_the_explanation(tmp_path, store):
    b = session(tmp_path)
    b.prompt("staging is throwing 500s on maybe 5% of requests, something about prepared "
             "statements")
    b.run("Bash", {"command": "kubectl logs deploy/api | tail -2"},
          'asyncpg.exceptions.DuplicatePreparedStatementError: prepared statement '
          '"__asyncpg_stmt_1a__" already exists')
    b.say("That shows where it fails but not why yet — let me dig further.")
    b.prompt("seen this before: pgbouncer in transaction mode vs asyncpg's prepared statement "
             "cache. connect_args statement_cache_size 0 on the engine and it goes away")
    b.say("Right, that fits the output. Changing it.")
    found = [f["text"] for fs in proposed(b, store).values() for f in fs]
    assert any(f.startswith("Pgbouncer in transaction mode") and "statement_cache_size" in f
               for f in found), found


# ------------------------------------------- what an adversarial review of these rules found
def ran(tmp_path, store, failed: tuple[str, str], worked: tuple[str, str]) -> dict:
    b = session(tmp_path)
    b.prompt("run the order tests")
    b.run("Bash", {"command": failed[0]}, failed[1], is_error=True)
    b.run("Bash", {"command": worked[0]}, worked[1])
    b.say("Done.")
    return proposed(b, store)


@pytest.mark.parametrize("failed, worked", [
    # (a chain that changes the tree first tests another tree, it does not fix the command)
    (("pytest -q tests/test_orders.py", "Exit code 1\nFAILED tests/test_orders.py::test_total"),
     ("git stash && pytest -q tests/test_orders.py", "3 passed")),
    # (the code's error, in a database's words)
    (("psql -f reports/monthly.sql", 'Exit code 1\nERROR:  column reference "id" is ambiguous'),
     ("psql -f reports/monthly_v2.sql", "SELECT 12")),
    # (what hung, run on less)
    (("timeout 120 pytest -q", "Exit code 124"), ("pytest -q -x tests/unit", "40 passed")),
])
def test_what_looks_like_a_recovery_but_is_not(tmp_path, store, failed, worked):
    assert "recovery" not in ran(tmp_path, store, failed, worked)


def test_a_summary_item_after_a_bare_verdict_that_is_a_plan_is_no_finding(tmp_path, store):
    b = session(tmp_path)
    b.prompt("prod plan takes 9 minutes. can you speed it up?")
    b.run("Edit", {"file_path": "/home/user/project/Makefile", "old_string": "plan",
                   "new_string": "plan -parallelism=40"}, "ok")
    b.run("Bash", {"command": "git checkout -- Makefile"}, "")
    b.prompt("so where are we?")
    b.say("## Session summary\n- Tried it, it broke, reverted; the tree is back to where it "
          "started.\n- Next up: I'll look at splitting envs/prod into two state files.")
    found = [f["text"] for f in proposed(b, store).get("falsified", [])]
    assert not any("splitting envs/prod" in f for f in found), found


@pytest.mark.parametrize("said, agreed", [
    ("i think we should also add a regression test in test_rotate.py", "Makes sense, adding it."),
    ("ahh i bet its the watchdog, erasing outlasts the 500ms timeout. it needs a "
     "watchdog.update() in that loop",
     "That matches what the log says. But the erase is only 80ms, so something else resets it."),
    ("ahh i bet its the watchdog, erasing outlasts the 500ms timeout. it needs a "
     "watchdog.update() in that loop",
     "Makes sense. Let me confirm with a timing trace first."),
])
def test_a_plan_or_a_doubted_theory_is_not_the_explanation(tmp_path, store, said, agreed):
    b = session(tmp_path)
    b.prompt("board reboots randomly, seems to happen around midnight when it rotates the log")
    b.run("Bash", {"command": "tail -2 logs/serial.txt"}, "boot: reset reason = WATCHDOG")
    b.say("That shows where it goes wrong but not why yet.")
    b.prompt(said)
    b.say(agreed)
    found = [f["text"].lower() for fs in proposed(b, store).values() for f in fs]
    # (the theory's end, which stays in whatever part of it were kept)
    assert not any(said[-20:].lower() in f for f in found), found


@pytest.mark.parametrize("offer, answer", [
    ("Pull-to-refresh would fix the stale dates. Want me to add it?",
     "yes please, go for it. we had it for two weeks last year and it broke the list scroll, so "
     "watch that"),
    ("As far as I could tell, the dates come from the local Hive cache.",
     "we had that cache for two years and it was never a problem"),
    ("The nightly job failed at 02:00. Want me to look at its logs?",
     "the nightly job ran for three years without issues, it broke last week"),
])
def test_an_offer_taken_a_finding_or_an_offer_to_look_is_not_turned_down(tmp_path, store, offer,
                                                                         answer):
    b = session(tmp_path)
    b.prompt("members say their due dates are stale until they open the app")
    b.say(offer)
    b.prompt(answer)
    b.say("Okay.")
    assert "falsified" not in proposed(b, store)


@pytest.mark.parametrize("answer", [
    "can you also fix the flaky mailer test",  # an order
    "the mailer is actually timing out on prod since tuesday",  # a problem
    "Sam wrote them up somewhere, ask him",  # a pointer to someone
    "Yep looks right",
])
def test_an_answer_to_a_conventions_question_that_says_none_is_no_rule(tmp_path, store, answer):
    b = session(tmp_path)
    b.prompt("add the retry wrapper to the mailer")
    b.say("I followed the naming convention of the other wrappers. Any house rules I should "
          "know for the mailer?")
    b.prompt(answer)
    b.say("Okay.")
    assert "convention" not in proposed(b, store)


@pytest.mark.parametrize("said", [
    "no heap allocs in the firmware, ever. btw the SampleRingBuffer tests are failing again",
    "each PR has like 40 files changed because of the .lock churn",
])
def test_a_report_is_not_read_as_part_of_a_rule_or_as_one(tmp_path, store, said):
    b = session(tmp_path)
    b.prompt("add a ring buffer for the gust samples")
    b.say("Added.")
    b.prompt(said)
    b.say("Noted.")
    rules = [f["text"] for f in proposed(b, store).get("convention", [])]
    assert not any("SampleRingBuffer" in r or "40 files" in r for r in rules), rules


def test_where_the_output_of_what_hung_goes_is_no_narrowing(tmp_path, store):
    found = ran(tmp_path, store, ("timeout 20 clojure -M:nrepl", "Exit code 124\nWARNING: "
                                  "Specified aliases are undeclared: [:nrepl]"),
                ("clojure -M:dev:cider > /tmp/repl.log 2>&1 & sleep 25; cat /tmp/repl.log",
                 "nREPL server started on port 41277"))
    (fix,) = found["recovery"]
    assert fix["text"].startswith("Use `clojure -M:dev:cider"), fix
