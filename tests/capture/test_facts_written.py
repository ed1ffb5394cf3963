"""Capture of the thirteenth pass (docs/capture.md, "Thirteenth pass"): what the assistant
writes for the next reader outside its messages — a commit message or a pull request's
description, a comment marked in code — and what Claude Code's compaction summary says the
session learned; and names of things written in their own case ("XCover6", "sync_dist")."""

from __future__ import annotations

import pytest
from capture_helpers import facts_of, session

from rlat.capture.fact_rules import codes_of_things, names_of_things
from rlat.capture.pipeline import capture_transcript
from rlat.capture.transcript import commit_message


def captured(b) -> dict[str, list[str]]:
    report = capture_transcript(b.write(b.path), dry_run=True)
    return {kind: [f["text"] for f in found] for kind, found in facts_of(report).items()}


def heredoc(message: str) -> str:
    return f"git add -A && git commit -m \"$(cat <<'EOF'\n{message}\nEOF\n)\""


WHY = ("Rename walk fields to the field_fw_ prefix\n\nEvery field the trust defines is prefixed "
       "field_fw_. The GDPR purge and the annual export both select fields by that prefix, so "
       "unprefixed fields would be skipped silently.\n\n🤖 Generated with [Claude Code]"
       "(https://claude.com/claude-code)\n\nCo-Authored-By: Claude <noreply@anthropic.com>")


def test_the_why_of_a_commit_message_is_kept_with_its_subject(tmp_path):
    b = session(tmp_path)
    b.prompt("rename the grade and dogs fields and commit")
    b.run("Bash", {"command": heredoc(WHY)}, "[main 4f2a9c1] Rename walk fields")
    b.say("Committed.")
    (rule,) = captured(b)["convention"]
    assert rule.startswith("Rename walk fields to the field_fw_ prefix: Every field the trust "
                           "defines is prefixed field_fw_.")
    assert "Co-Authored-By" not in rule and "Generated with" not in rule


def test_a_revert_commit_is_what_was_tried_and_why_it_was_undone(tmp_path):
    b = session(tmp_path)
    b.prompt("the websocket board keeps reconnecting on staging, back it out")
    b.run("Bash", {"command": heredoc(
        'Revert "Push board updates over SignalR"\n\nThis reverts commit 5e0d7c3.\n\nThe app '
        "service runs two instances without ARR affinity, so negotiate and the socket hit "
        "different instances and the board reconnected every minute. It stays on polling.")},
        "[main 9d1e0aa] Revert")
    (tried,) = captured(b)["falsified"]
    assert tried.startswith('Reverted "Push board updates over SignalR": The app service runs')
    assert "5e0d7c3" not in tried


def test_a_pull_request_keeps_its_test_commands_and_a_message_that_only_says_what(tmp_path):
    b = session(tmp_path)
    b.prompt("open a PR for the accrual fix")
    b.run("Bash", {"command": 'gh pr create --title "INTACC: accrue at the rate in force" '
                              "--body \"$(cat <<'EOF'\n## Summary\n\nDaily accrual now looks up "
                              "the rate on each date.\n\n## Testing\n\n- `bin/cobolcheck -p "
                              "INTACC` runs the 11 accrual cases (there is no `make test`)\n"
                              "EOF\n)\""},
          "https://github.com/acme/batch/pull/12")
    b.run("Bash", {"command": 'git commit -m "Bump the copyright year"'}, "[main 1] Bump")
    found = captured(b)
    assert found["environment"] == [
        "To test (INTACC: accrue at the rate in force): `bin/cobolcheck -p INTACC` runs the 11 "
        "accrual cases (there is no `make test`)"]
    assert "convention" not in found and "gotcha" not in found  # (what changed: no why)


@pytest.mark.parametrize("command, message", [
    ('git commit -m "fix: x" -m "Because \\"y\\" breaks."', 'fix: x\n\nBecause "y" breaks.'),
    ("git commit -am 'one line'", "one line"),
    ("git log --oneline -3", ""),
    ("echo 'git commit -m' is how", ""),
])
def test_commit_messages_are_read_from_the_shapes_a_shell_writes_them_in(command, message):
    assert commit_message("Bash", {"command": command}) == message


COMPACTED = (
    "This session is being continued from a previous conversation that ran out of context. The "
    "conversation is summarized below:\n\nSummary:\n1. Primary Request and Intent:\n   Add the "
    "fee posting step to the nightly chain and make sure every failure always stops it.\n\n"
    "2. Key Technical Concepts:\n   - Scheduling: the chain runs on batch01 from the systemd "
    "timer nightly-batch.timer (01:30 Europe/London); there is no crontab\n   - Elmish board in "
    "src/Client\n\n3. Files and Code Sections:\n   - bin/run-nightly.sh - the new step with the "
    "return code check, which must never be skipped\n\n4. Errors and fixes:\n   - Writing an "
    "audit row threw 'Cannot write DateTime with Kind=Unspecified'; fixed by enabling "
    "UseNodaTime() on the data source\n\n7. Pending Tasks:\n   - Dry-run the chain again once "
    "the fee schedule file is in testdata\n")


def test_what_a_compaction_summary_says_was_learned_is_kept_not_the_work_it_lists(tmp_path):
    b = session(tmp_path)
    b.prompt(COMPACTED, isCompactSummary=True)
    b.say("Picking up with the dry run.")
    found = captured(b)
    texts = [t for kind in found.values() for t in kind]
    assert any(t.startswith("Scheduling: the chain runs on batch01 from the systemd timer "
                            "nightly-batch.timer") for t in found["environment"]), found
    assert any("UseNodaTime()" in t for t in found["gotcha"]), found
    # (the request, the files, the pending work and a concept naming nothing are not findings)
    assert not any("fee posting step" in t or "run-nightly.sh" in t or "Dry-run" in t
                   or "Elmish" in t for t in texts), texts


def test_a_summary_line_the_user_typed_is_not_read_as_one(tmp_path):
    b = session(tmp_path)
    b.prompt("notes for later:\n2. Key Technical Concepts:\n   - we run everything on batch01 "
             "from the systemd timer nightly-batch.timer, never from cron")
    b.say("Noted.")
    assert not any(t.startswith("We run everything on batch01 from the systemd timer")
                   and t.endswith("never from cron") and "Scheduling" in t
                   for kind in captured(b).values() for t in kind)


def edited(b, comment: str, path: str = "src/Board.fs") -> None:
    b.run("Edit", {"file_path": path, "old_string": "let save () =\n",
                   "new_string": comment + "let save () =\n"},
          f"The file {path} has been updated.")


def test_a_warning_written_into_code_is_a_gotcha_and_a_note_a_rule(tmp_path):
    b = session(tmp_path)
    b.prompt("saving a booking fails without any error on the board")
    edited(b, "// WARNING: never Cmd.OfAsync.perform for server calls - it silently drops\n"
              "// exceptions, so a failed save looked like a success. Use Cmd.OfAsync.either.\n")
    b.say("Done.")
    b.prompt("round the penalty the way finance wants")
    edited(b, "      *> NOTE: every money COMPUTE rounds with ROUNDED MODE IS\n"
              "      *> NEAREST-EVEN (banker's rounding, finance policy FIN-07).\n",
           path="src/INTACC.cbl")
    b.say("Done.")
    found = captured(b)
    assert any(t.startswith("Never Cmd.OfAsync.perform for server calls") for t in found["gotcha"])
    assert any(t.startswith("Every money COMPUTE rounds with ROUNDED MODE IS NEAREST-EVEN")
               for t in found["convention"]), found


def test_a_comment_saying_what_was_tried_and_reverted_is_falsified(tmp_path):
    b = session(tmp_path)
    b.prompt("why does ACCTLOAD sort the master every night?")
    edited(b, "      *> The master stays a sorted SEQUENTIAL file on purpose. An indexed\n"
              "      *> master (VBISAM, e40b3c6) was reverted in 7d21f90: killed runs\n"
              "      *> corrupted the index twice.\n", path="src/ACCTLOAD.cbl")
    b.say("Added a comment.")
    assert any("VBISAM" in t for t in captured(b)["falsified"])


def test_a_comment_that_explains_its_own_code_is_not_a_finding(tmp_path):
    b = session(tmp_path)
    b.prompt("add the total to the invoice footer")
    edited(b, "// Sum the line totals first, then add the delivery charge, which must be a\n"
              "// whole number of pence before it is formatted for the footer.\n")
    b.say("Done.")
    assert captured(b) == {}


@pytest.mark.parametrize("sentence, name", [
    ("The wardens carry Samsung Galaxy XCover6 Pro phones.", "XCover6"),
    ("Handlers subclass TriggerHandler here.", "TriggerHandler"),
    ("The 403s are rest_cookie_invalid_nonce.", "rest_cookie_invalid_nonce"),
    ("It redirects to https://abc.chromiumapp.org/ after login.", "https://abc.chromiumapp.org/"),
    ("There's a staging experience in places.toml.", "places.toml"),
    ("Publish to place 17402211893 instead.", "17402211893"),
])
def test_names_written_in_their_own_case_are_what_an_answer_may_name(sentence, name):
    assert "code:" + name in codes_of_things(sentence)


def test_names_in_their_own_case_do_not_make_the_assistants_commentary_a_fact(tmp_path):
    b = session(tmp_path)
    b.prompt("the contact form submits twice")
    b.run("Read", {"file_path": "src/ContactForm.tsx"}, "useEffect(() => handleSubmit(), [formState])")
    b.say("Looking closer.")
    b.prompt("ok carry on")
    b.say("The ContactForm component calls handleSubmit from a useEffect that depends on "
          "formState, and newArchEnabled is false.")
    assert "environment" not in captured(b)


def test_words_in_capitals_or_at_a_sentence_start_are_not_names():
    assert names_of_things("It is NOT safe. Always ask first, by 2026 or at 10:30.") == set()
    assert codes_of_things("Never DO that, by 2026 or at 10:30.") == set()


def test_an_answer_naming_a_model_code_in_mixed_case_is_kept(tmp_path):
    b = session(tmp_path)
    b.prompt("what phones do the wardens actually have? I want to test glove mode on the right "
             "thing")
    b.run("Read", {"file_path": "docs/fleet.md"},
          "# Device fleet\n| Samsung Galaxy XCover6 Pro | Android 14 | 58 |")
    b.say("The wardens carry Samsung Galaxy XCover6 Pro phones on Android 14 (58 of them), "
          "managed in Intune.")
    assert any("XCover6" in t for t in captured(b)["environment"])


STORIES = [
    ("we had Layout Builder on the reserve pages for about three months in 2023. every save "
     "stores the whole layout in a new revision, so the revision table hit 9 GB and the backup "
     "started timing out. we went back to paragraphs.", "Layout Builder"),
    ("lol no. we did exactly that last spring - ran a spring batch port of INTACC in parallel "
     "for a month and rolled it back. it disagreed with the cobol by a penny on ~300 accounts a "
     "night.", "spring batch port"),
]


@pytest.mark.parametrize("story, named", STORIES)
def test_a_story_of_an_approach_used_for_a_while_and_gone_back_from_is_falsified(
        tmp_path, story, named):
    b = session(tmp_path)
    b.prompt("can we get a visual page builder for the editors?\n\n" + story)
    b.say("Understood, I'll leave it.")
    (tried,) = captured(b)["falsified"]
    assert named in tried and ("went back" in tried or "rolled it back" in tried)


def test_a_story_passed_on_in_a_fenced_chat_message_is_the_teams_words(tmp_path):
    b = session(tmp_path)
    b.prompt("editors want drag and drop. before you suggest the obvious thing, Tom said:\n"
             "```\nTom  9:14 AM\nwe had Layout Builder on the reserve pages for about three "
             "months in 2023. the revision table hit 9 GB and the backup started timing out. "
             "we went back to paragraphs. please don't turn it on again\n```")
    b.say("Noted.")
    assert any("Layout Builder" in t for t in captured(b)["falsified"])


def test_using_something_for_a_while_without_going_back_is_no_story(tmp_path):
    b = session(tmp_path)
    b.prompt("we've had Layout Builder on the reserve pages for about three months now and the "
             "editors love it. add it to the news pages too.")
    b.say("Will do.")
    assert "falsified" not in captured(b)


def test_the_users_answer_to_a_question_about_the_setup_is_kept_with_the_question(tmp_path):
    b = session(tmp_path)
    b.prompt("use the popover attribute for the trip details on the driver screen")
    b.say("Happy to - one check first: the popover attribute needs Chrome 114+. What do the "
          "drivers' tablets run?")
    b.prompt("the drivers tabs are stuck on chrome 109, intune pins it and the IT volunteer "
             "wont touch it till the tabs get replaced")
    b.say("Okay, going by that.")
    (fact,) = captured(b)["environment"]
    assert fact.startswith("The drivers tabs are stuck on chrome 109") \
        and fact.endswith("[asked: use the popover attribute for the trip details on the driver "
                          "screen — What do the drivers' tablets run?]"), fact


@pytest.mark.parametrize("question, answer", [
    ("What do the drivers' tablets run?", "not sure tbh, ask Dave when he's back on monday"),
    ("What do the drivers' tablets run?", "just use the modal then, forget the popover"),
    ("Shall I also update the tests?", "yes and the docs page for the driver screen too"),
    ("Which of the two do you prefer?", "the second one, it keeps the board readable"),
])
def test_a_doubt_an_order_or_an_answer_to_a_go_ahead_is_no_setup_fact(tmp_path, question,
                                                                       answer):
    b = session(tmp_path)
    b.prompt("use the popover attribute for the trip details on the driver screen")
    b.say("One check first. " + question)
    b.prompt(answer)
    b.say("Okay.")
    assert "environment" not in captured(b)


def test_a_teammates_message_passed_on_gives_its_rules_and_facts(tmp_path):
    b = session(tmp_path)
    b.prompt("add a 'needs wheelchair lift' flag to bookings. Ines posted this earlier:\n\n"
             "Ines in #wct-dev:\n\"reminder for anyone touching src/Shared: changes to the "
             "remoting API records are additive only. every booking gets pushed to Beacon CRM "
             "by the fellwatch_crm queue worker.\"")
    b.say("Will do, keeping the records additive.")
    found = captured(b)
    assert any(t.startswith("For anyone touching src/Shared: changes to the remoting API "
                            "records are additive only.") for t in found["convention"]), found
    assert any("Beacon CRM" in t for kind in found.values() for t in kind)


def test_a_prompt_pasting_failed_output_reports_a_problem_the_explanation_answers(tmp_path):
    b = session(tmp_path)
    b.prompt("its the streaming thing again i think\n\n```\n14:02:11.337  Harbour:14: attempt to "
             "index nil with 'Position'\n14:02:11.338  Stack End\n```\n\nfix pls")
    b.run("Read", {"file_path": "src/client/Harbour.client.luau"}, "local dock = workspace.Dock")
    b.say("Yes, that's it. The place has StreamingEnabled on, so a client only has the parts "
          "near its character when the script starts.")
    assert any("StreamingEnabled" in t for t in captured(b)["gotcha"])


def test_a_prompt_pasting_output_that_went_fine_reports_nothing(tmp_path):
    b = session(tmp_path)
    b.prompt("here's the schema\n\n```\nCREATE TABLE trips (id serial primary key);\n```\n\n"
             "add a legs table next to it")
    b.run("Read", {"file_path": "migrations/0030.sql"}, "CREATE TABLE trips")
    b.say("The trips table has no legs yet, so the new table references it by id.")
    assert "gotcha" not in captured(b)


def test_dont_hardcode_written_as_one_word_is_a_rule(tmp_path):
    b = session(tmp_path)
    b.prompt("make the lifeboat faster, 40 instead of 28")
    b.say("Bumped TOP_SPEED in the boat controller from 28 to 40.")
    b.prompt("nope, dont hardcode it in the controller, all the tuning numbers live in "
             "src/shared/Config/Tuning.luau so jess can tweak them in studio")
    b.say("Okay.")
    assert any("Tuning.luau" in t for t in captured(b)["convention"])


def test_a_summarys_problem_solving_and_an_abandoned_approach_anywhere_are_read(tmp_path):
    b = session(tmp_path)
    b.prompt("This session is being continued from a previous conversation that ran out of "
             "context. The conversation is summarized below:\n\nSummary:\n1. Primary Request and "
             "Intent:\n   Show new lambs sooner on the board.\n\n2. Key Technical Concepts:\n\n"
             "3. Files and Code Sections:\n   - `.github/workflows/release.yml`\n      - iOS jobs "
             "only run on the self-hosted Mac mini in the depot office (runner label "
             "`mac-depot`)\n\n5. Problem Solving:\n   The highlight works. Also settled: pushing "
             "updates with SignalR was prototyped and abandoned: the shed's 4G router drops "
             "websocket connections every few minutes.\n", isCompactSummary=True)
    b.say("Continuing.")
    found = captured(b)
    assert any("SignalR was prototyped and abandoned" in t for t in found["falsified"]), found
    assert any("mac-depot" in t for t in found["gotcha"]), found


@pytest.mark.parametrize("sections", [
    "2. Key Technical Concepts:\n4. Errors and fixes:\n5. Problem Solving:\n",
    "2. Key Technical Concepts:\n   no bullets here, just a line of prose about things\n",
    "4. Errors and fixes:\n   -\n   - \n",
])
def test_a_summary_with_empty_or_odd_sections_captures_without_failing(tmp_path, sections):
    b = session(tmp_path)
    b.prompt("This session is being continued from a previous conversation that ran out of "
             "context. The conversation is summarized below:\n\nSummary:\n" + sections,
             isCompactSummary=True)
    b.say("Continuing.")
    b.prompt("from now on we always run the nightly chain through bin/run-nightly.sh, never "
             "by hand")
    b.say("Understood.")
    # (nothing raised on the way, and what the session says after the summary is kept)
    assert any("bin/run-nightly.sh" in t for t in captured(b)["convention"])


@pytest.mark.parametrize("told, named", [
    ("and to save you the suggestion: we started with UCableComponent in the prototype. looks "
     "fine but it's only visual - it doesn't carry any load, so the spreader swung like nothing "
     "held it.", "UCableComponent"),
    ("context: we did Layout Builder with overrides two years ago. within six months half the "
     "plant pages had their own layout and the revisions tables were 40 GB. took ines a month "
     "to unpick it all.", "Layout Builder"),
])
def test_an_approach_told_to_spare_a_suggestion_or_unpicked_after_a_while_is_falsified(
        tmp_path, told, named):
    b = session(tmp_path)
    b.prompt("the rope chain eats 2 ms of physics on the rigs. can we make it cheaper?\n\n" + told)
    b.say("Understood.")
    assert any(named in t for t in captured(b)["falsified"])


def test_sparing_a_suggestion_for_what_nobody_tried_is_no_finding(tmp_path):
    b = session(tmp_path)
    b.prompt("the rope chain eats 2 ms of physics. to save you the suggestion: nobody has tried "
             "UCableComponent here and I don't want to start now, it looks wrong to me.")
    b.say("Understood.")
    assert "falsified" not in captured(b)


def test_a_revert_says_why_in_whatever_words_and_a_wrapped_body_is_one_paragraph(tmp_path):
    b = session(tmp_path)
    b.prompt("the yard runs at 24 fps with Lumen, revert it")
    b.run("Bash", {"command": heredoc(
        'Revert "render(lighting): switch to Lumen GI and reflections"\n\nThis reverts commit '
        "1f3888e.\n\nLumen GI and reflections take the container yard to ~24 fps on the\n"
        "TrainingPC profile, far below the 60 fps target. Back to baked\nlighting.")}, "[main 2]")
    (tried,) = captured(b)["falsified"]
    assert tried == ('Reverted "render(lighting): switch to Lumen GI and reflections": Lumen GI '
                     "and reflections take the container yard to ~24 fps on the TrainingPC "
                     "profile, far below the 60 fps target. Back to baked lighting.")


def test_a_why_too_long_for_one_fact_is_kept_in_two_whole_sentence_parts(tmp_path):
    first = ("The iOS app's background refresh calls arrivals() from a BGAppRefreshTask and "
             "crashed with \"Calling Kotlin suspend functions from Swift/Objective-C is currently "
             "supported only on main thread\" every single night on every device we tested.")
    second = ("SKIE doesn't lift that restriction; the Kotlin/Native binary option "
              "kotlin.native.binary.objcExportSuspendFunctionLaunchThreadRestriction does, now "
              "set to `none` in gradle.properties.")
    b = session(tmp_path)
    b.prompt("commit the threading fix")
    b.run("Bash", {"command": heredoc("Allow suspend calls from background threads\n\n"
                                      + first + "\n" + second)}, "[main 3]")
    texts = [t for kind in captured(b).values() for t in kind]
    lead = "Allow suspend calls from background threads: "
    assert lead + first in texts and lead + second in texts, texts


def test_a_heads_up_comment_is_a_gotcha(tmp_path):
    b = session(tmp_path)
    b.prompt("the flowering block on the homepage never updates for visitors")
    edited(b, "// Heads up: page_cache ignores max-age for anonymous visitors, so a max-age\n"
              "// here never refreshes the homepage for them; the cache tag is invalidated.\n",
           path="src/FloweringNowBlock.php")
    b.say("Done.")
    assert any("page_cache ignores max-age" in t for t in captured(b)["gotcha"])


def test_a_relayed_rule_pointing_back_is_kept_with_what_it_points_at(tmp_path):
    b = session(tmp_path)
    b.prompt("add a table for pregnancy scanning results. read this from Morag first:\n\n"
             "Morag Sinclair  10:10 AM\none thing for the scanning table - the number down the "
             "left of the printout is the management tag. DON'T key anything on it, we reuse "
             "those every year.")
    b.say("Will key the table on the EID.")
    assert any(t.startswith("One thing for the scanning table - the number down the left of "
                            "the printout is the management tag. DON'T key anything on it")
               for t in captured(b)["convention"])


def asked_in_a_form(b, question: str, labels: list[str], answer: str) -> None:
    b.run("AskUserQuestion", {"questions": [{"question": question, "header": "Setup",
                                             "multiSelect": False,
                                             "options": [{"label": x, "description": "d"}
                                                         for x in labels]}]},
          f'User has answered your questions: "{question}"="{answer}". You can now continue '
          "with the user's answers in mind.")


def test_an_answer_typed_into_a_question_form_about_the_setup_is_kept(tmp_path):
    b = session(tmp_path)
    b.prompt("run the tests, I changed how the withdrawal end date is calculated")
    asked_in_a_form(b, "How do you run the test suites here?", ["dotnet test", "Each project"],
                    "dotnet run -- RunTests from root. does the client ones too")
    b.run("Bash", {"command": "dotnet run -- RunTests"}, "Passed: 242")
    b.say("Everything passes.")
    assert any(t.startswith("Dotnet run -- RunTests from root.")
               and "[asked: run the tests" in t and "How do you run the test suites here?]" in t
               for t in captured(b)["environment"])


def test_a_label_picked_from_a_question_form_is_a_choice_not_a_fact(tmp_path):
    b = session(tmp_path)
    b.prompt("run the tests, I changed how the withdrawal end date is calculated")
    asked_in_a_form(b, "How do you run the test suites here?",
                    ["dotnet test from the solution root", "Each project"],
                    "dotnet test from the solution root")
    b.say("Running them.")
    assert "environment" not in captured(b)


def test_a_guess_the_assistant_cannot_confirm_yet_is_no_explanation(tmp_path):
    b = session(tmp_path)
    b.prompt("ellen says on rig 3 the spreader goes mental after a few minutes - starts swinging "
             "and never stops")
    b.run("Bash", {"command": "git log --oneline -5 -- Source/Cranewise/Physics"},
          "4d2e9a1 turn substepping off")
    b.say("The one suspicious thing is 4d2e9a1 turning physics substepping off for frame rate, "
          "but I don't know how rig 3's frame rate compares with this machine's, so I can't "
          "tell yet whether that's it.")
    assert "gotcha" not in captured(b)


# ---- what the thirteenth pass's adversarial review found, each now a test

@pytest.mark.parametrize("message", [
    "Refactor config loader\n\nMove the loader into its own module so the CLI and the server "
    "share it.",
    "Fix lint errors\n\n- Remove unused imports because ruff complained\n- Rename the helper",
    "WIP: half-done parser\n\nStill need to handle the nested case because it always breaks.",
    "fixup! parse dates\n\nShould always pass now.",
    "Merge branch 'main' into feature/upload\n\nConflicts resolved because main moved the client.",
    "chore(deps): bump lodash from 4.17.20 to 4.17.21\n\nBecause of CVE-2021-23337.",
])
def test_a_commit_message_that_only_says_what_changed_is_no_finding(tmp_path, message):
    b = session(tmp_path)
    b.prompt("commit it")
    b.run("Bash", {"command": heredoc(message)}, "[main 5]")
    assert captured(b) == {}


def test_claude_codes_default_pull_request_body_gives_its_test_plan_only(tmp_path):
    b = session(tmp_path)
    b.prompt("open a PR")
    b.run("Bash", {"command": 'gh pr create --title "Stream uploads" --body "$(cat <<\'EOF\'\n'
                              "## Summary\n- Switch the upload client to streaming so large files "
                              "fit in memory\n- Add a retry on 503\n\n## Test plan\n- [ ] Run "
                              "`pytest tests/upload -k stream`\n\n🤖 Generated with [Claude Code]"
                              "(https://claude.com/claude-code)\nEOF\n)\""}, "https://x/pull/3")
    assert captured(b) == {"environment": [
        "To test (Stream uploads): Run `pytest tests/upload -k stream`"]}


def test_a_script_run_after_a_commit_is_not_its_message():
    command = "git commit -m 'Fix the parser' && python - <<'PY'\nprint('because')\nPY"
    assert commit_message("Bash", {"command": command}) == "Fix the parser"
    assert commit_message("Bash", {"command": "git -C sub commit -m 'x y'"}) == "x y"
    assert commit_message("Bash", {"command": "git commit-tree abc -m 'no'"}) == ""


@pytest.mark.parametrize("section", [
    "4. Errors and fixes:\n   - User feedback: the user said the test name was wrong, so I "
    "renamed it to test_upload_retries.\n",
    "4. Errors and fixes:\n   - TypeScript error TS2345 in session.ts: I fixed it by adding a "
    "type annotation to the handler.\n",
    "5. Problem Solving:\n   The tests are still failing because the mock store is not updated "
    "yet.\n",
    "2. Key Technical Concepts:\n   - React 18 with TypeScript and the useEffect hook for data "
    "fetching\n",
])
def test_a_summarys_account_of_the_work_is_no_finding(tmp_path, section):
    b = session(tmp_path)
    b.prompt("This session is being continued from a previous conversation that ran out of "
             "context. The conversation is summarized below:\n\nSummary:\n" + section,
             isCompactSummary=True)
    b.say("Continuing.")
    assert captured(b) == {}


@pytest.mark.parametrize("question, answer", [
    ("What do you think?", "Looks good to me, the layout is clean and the colours work well"),
    ("How many rows can a report have?", "Hmm good question, let me check with the data team "
                                          "and get back to you"),
    ("Which database does the report read from?", "whatever is already installed on the box "
                                                  "is fine by me"),
    ("Where should the button go?", "next to the export link at the top right of the page"),
])
def test_an_opinion_a_put_off_or_a_design_choice_is_no_setup_fact(tmp_path, question, answer):
    b = session(tmp_path)
    b.prompt("add an export button to the monthly report page")
    b.say("One question first. " + question)
    b.prompt(answer)
    b.say("Okay.")
    assert "environment" not in captured(b)


@pytest.mark.parametrize("comment", [
    "# NOTE: this is a temporary hack until we migrate to the new API client next quarter.\n",
    "# Note: this function returns the sum of all line totals for the invoice, in pence.\n",
    "# Two retries were tried in the loop below, one with backoff and one without it.\n",
])
def test_a_note_restating_the_code_a_temporary_hack_or_a_bare_trial_is_no_finding(
        tmp_path, comment):
    b = session(tmp_path)
    b.prompt("tidy the invoice module")
    b.run("Edit", {"file_path": "invoice.py", "old_string": "def total(lines):\n",
                   "new_string": comment + "def total(lines):\n"}, "ok")
    b.say("Done.")
    assert captured(b) == {}


def test_code_pasted_to_refactor_is_no_reported_failure(tmp_path):
    b = session(tmp_path)
    b.prompt("refactor this function\n\n```\ntry:\n    send(batch)\nexcept Exception:\n    "
             "log.info('Registered error handler')\n```")
    b.run("Read", {"file_path": "worker.py"}, "def flush(batch): ...")
    b.say("The handler swallows every exception, so failures never reach the caller.")
    assert "gotcha" not in captured(b)


@pytest.mark.parametrize("said", [
    "we've had Redis caching on the API for two months and it's been great. can you add it to "
    "the search endpoint too? we went back to the docs to check the TTL.",
    "The deploy failed for three days straight last week. please not again - add a retry to "
    "the upload step.",
    "I tried the new parser yesterday and went back to the old branch to compare the output.",
    "before you suggest it: just use the existing date helper in utils, we already have it.",
])
def test_what_only_sounds_like_a_story_of_going_back_is_no_finding(tmp_path, said):
    b = session(tmp_path)
    b.prompt(said)
    b.say("Will do.")
    assert "falsified" not in captured(b)


@pytest.mark.parametrize("prompt", [
    "notes for the week:\nMonday  9:30\nWe should probably look at the flaky upload tests at some "
    "point next sprint.",
    "Sam in #dev:\n\"lol the deploy bot posted twelve times, someone should buy it a coffee\"",
    "Ines in #dev:\n\"hi all, is anyone around to review my PR this afternoon? every reviewer "
    "is off\"\n\nMy own note: the review queue is long this week, every team says so.",
])
def test_small_talk_a_question_or_the_users_own_note_after_a_chat_is_no_rule(tmp_path, prompt):
    b = session(tmp_path)
    b.prompt(prompt)
    b.say("Noted.")
    assert "convention" not in captured(b)


def test_half_an_emoji_in_a_rule_does_not_stop_capture(tmp_path):
    b = session(tmp_path)
    # (a lone surrogate, as JSON can carry it: hashing the cited excerpt raised before)
    b.raw('{"type":"user","uuid":"u-1","parentUuid":null,"isSidechain":false,'
          '"sessionId":"11111111-2222-3333-4444-555555555555","cwd":"/home/user/project",'
          '"timestamp":"2026-03-01T08:00:00.000Z","message":{"role":"user","content":'
          '"from now on we always deploy with `make ship` \\ud83e, never by hand"}}')
    b.say("Understood.")
    b.run("Bash", {"command": "make ship"}, "shipped")
    assert any("make ship" in t for t in captured(b)["convention"])


def test_a_rule_the_assistant_reads_out_of_a_decision_record_is_a_convention(tmp_path):
    b = session(tmp_path)
    b.prompt("make the hoist slower when the spreader carries a load")
    b.run("Read", {"file_path": "docs/adr/0003-tuning-in-data-assets.md"}, "# Tuning lives in data")
    b.say("ADR 0003 is clear on this: the factor goes into the UCraneTuning data asset, with "
          "clamps, and the hoist component reads it at BeginPlay.")
    assert any(t.startswith("The factor goes into the UCraneTuning data asset")
               for t in captured(b)["convention"])


def test_a_relayed_rule_about_anything_of_a_kind_is_a_convention(tmp_path):
    b = session(tmp_path)
    b.prompt("one sec - fwd from Priya:\n\nPriya in #mobile:\n> anything public that can fail "
             "returns FareResult (Success/Failure), same as arrivals.")
    b.say("Makes sense.")
    assert any("FareResult" in t for t in captured(b)["convention"])
