"""Capture of the eleventh pass: what the fresh splits dev14 and dev15 showed a session says
that the rules lost — an explanation's fix said only in the report after the edit, a command
the user typed without quotes, an elision read as a sentence end, a launcher shared by two
unrelated commands (docs/capture.md, "Eleventh pass")."""

from __future__ import annotations

import pytest
from capture_helpers import facts_of, session, texts

from rlat.capture.pipeline import capture_transcript

EXPLAINED = ("load_region_catalog() in pywarmlink opens and parses regions.json synchronously, "
             "and async_setup_entry calls it straight on the event loop.")
EDIT = {"file_path": "custom_components/warmlink/__init__.py",
        "old_string": "    catalog = load_region_catalog()\n",
        "new_string": "    catalog = await hass.async_add_executor_job(load_region_catalog)\n"}
REPORT = ("async_setup_entry now awaits hass.async_add_executor_job(load_region_catalog), so the "
          "file is read in the executor; the warning is gone from the log.")


def explained_then_fixed(tmp_path, *, between: str | None = None, report: str = REPORT,
                         edit: dict = EDIT):
    b = session(tmp_path)
    b.prompt("HA logs 'Detected blocking call to open inside the event loop' when the "
             "integration loads - why?")
    b.run("Bash", {"command": "grep -rn open custom_components/warmlink"},
          "custom_components/warmlink/__init__.py:12:    catalog = load_region_catalog()")
    b.say(EXPLAINED)
    if between is not None:
        b.prompt(between)
    b.run("Edit", edit, "The file custom_components/warmlink/__init__.py has been updated.")
    b.say(report)
    return capture_transcript(b.write(b.path), dry_run=True)


def test_an_explanation_is_completed_by_the_report_of_the_fix(tmp_path):
    """The cause is said first, the fix only in the report after the edit: a later question
    ("how do I do file I/O in setup?") needs the fix's name, which only the report says."""
    (fact,) = [t for t in texts(explained_then_fixed(tmp_path)) if "load_region_catalog" in t]
    assert "synchronously" in fact and "hass.async_add_executor_job" in fact, fact


def test_a_go_ahead_between_explanation_and_fix_keeps_them_together(tmp_path):
    (fact,) = [t for t in texts(explained_then_fixed(tmp_path, between="yes, fix it"))
               if "load_region_catalog" in t]
    assert "async_add_executor_job" in fact, fact


def test_a_new_request_between_them_is_another_situation(tmp_path):
    facts = texts(explained_then_fixed(
        tmp_path, between="leave that for now - add the serial number to the device info "
                          "and rename the sensor entities"))
    assert not any("synchronously" in t and "async_add_executor_job" in t for t in facts), facts


def test_a_report_of_other_work_is_not_the_fix(tmp_path):
    other = "Created tests/test_sensor.py with a fixture for the coordinator_mock."
    edit = {"file_path": "tests/test_sensor.py", "old_string": "",
            "new_string": "def coordinator_mock():\n    return make_coordinator_mock()\n"}
    facts = texts(explained_then_fixed(tmp_path, report=other, edit=edit))
    assert not any("coordinator_mock" in t for t in facts), facts


def test_an_elision_in_a_quoted_error_does_not_end_the_sentence(tmp_path):
    b = session(tmp_path)
    b.prompt("works perfectly in runClient but the club server crashes on startup")
    b.run("Bash", {"command": "tail -5 logs/latest.log"},
          "Cannot load class net.minecraft.client.MinecraftClient in environment type SERVER")
    b.say("BunsenBurnerBlock is common code, so the dedicated server loads it too, and loading "
          "the block throws 'Cannot load class ... MinecraftClient in environment type SERVER' "
          "because the server has no client classes.")
    facts = texts(capture_transcript(b.write(b.path), dry_run=True))
    assert any("MinecraftClient in environment type SERVER" in t for t in facts), facts


def test_a_command_the_user_typed_without_quotes_recovers_the_failure(tmp_path):
    b = session(tmp_path)
    b.prompt("rebuild the seat-map block, I changed the legend colours")
    b.run("Bash", {"command": "npx wp-scripts build"},
          "Exit code 1\nERROR in main\nModule not found: Error: Can't resolve './src' in "
          "'/home/dev/src/stagedoor'", is_error=True)
    b.say("No luck - checking the build config.")
    b.prompt("thats not how we do it here. it's npm run build:blocks, that passes "
             "--webpack-src-dir=blocks so every block.json under blocks/ gets built")
    b.run("Bash", {"command": "npm run build:blocks"},
          "> wp-scripts build --webpack-src-dir=blocks --output-path=build/blocks\n"
          "webpack 5.91.0 compiled successfully in 6214 ms")
    b.say("Built with `npm run build:blocks`.")
    b.prompt("now run the phpunit tests for the hold expiry change")
    b.run("Bash", {"command": "npx wp-env run tests-cli vendor/bin/phpunit --filter HoldExpiry"},
          "OK (5 tests, 14 assertions)")
    facts = facts_of(capture_transcript(b.write(b.path), dry_run=True))
    recoveries = [f["text"] for f in facts.get("recovery", [])]
    # what the user said the command does is kept beside the recovery, which says less
    assert any("--webpack-src-dir=blocks" in f["text"] for f in facts.get("convention", [])), \
        facts
    assert recoveries and recoveries[0].startswith("Use `npm run build:blocks` here "
                                                   "(`npx wp-scripts build` fails"), recoveries
    # (the launcher the two npx commands share says nothing of their jobs)
    assert not any("phpunit" in r for r in recoveries), recoveries


# ------------------------------------------------------------ approaches tried before
def falsified_of(tmp_path, prompt: str) -> list[str]:
    b = session(tmp_path)
    b.prompt(prompt)
    b.run("Bash", {"command": "ls"}, "README.md src")
    b.say("Looking into it.")
    return [f["text"] for f in facts_of(capture_transcript(b.write(b.path), dry_run=True))
            .get("falsified", [])]


def test_an_approach_tried_at_another_time_with_a_verdict_is_falsified(tmp_path):
    found = falsified_of(tmp_path, (
        "some context before you start:\n\nDiscovery takes ages on the vineyard wifi.\n\n"
        "Context: we tried swapping the RMW to Fast DDS (rmw_fastrtps_cpp) back in winter and "
        "the lidar rate dropped to about 4 Hz over the wifi, so that's out.\n\nIdeas?"))
    assert any("rmw_fastrtps_cpp" in f and "4 Hz" in f for f in found), found


def test_an_approach_said_tried_in_the_passive_before_a_suggestion_is_falsified(tmp_path):
    found = falsified_of(tmp_path, (
        "Before you suggest it: push through a webhook with a Nabu Casa cloudhook was tried; "
        "the vendor allows one webhook per account and ours kicked out the app's own, so "
        "owners lost their fault alerts. What would you do?"))
    assert any("cloudhook" in f for f in found), found


def test_what_was_just_tested_and_failed_is_a_bug_not_a_dropped_approach(tmp_path):
    assert falsified_of(tmp_path, "we evaluated the new checkout on staging this morning and the "
                                  "totals don't add up for orders with a voucher") == []


def test_a_proposal_the_user_trialled_before_is_turned_down(tmp_path):
    b = session(tmp_path)
    b.prompt("the new machine-status page stutters badly on the kiosks. anything better?")
    b.say("How about replacing Cog/WPE with Chromium in kiosk mode from meta-browser "
          "(chromium-ozone-wayland)?")
    b.prompt("hard no. we trialled chromium in 2023, the 2GB boards can't hold it and it added "
             "4h to every clean build. the stutter is the css")
    b.say("Good to know - scratch that.")
    found = [f["text"] for f in facts_of(capture_transcript(b.write(b.path), dry_run=True))
             .get("falsified", [])]
    assert len(found) == 1 and "chromium-ozone-wayland" in found[0] \
        and "2GB boards" in found[0], found


OPTIONS = {"questions": [{"question": "Which approach should I take?", "header": "Approach",
                          "multiSelect": False, "options": [
                              {"label": "minimap2 -ax sr",
                               "description": "Swap bwa-mem2 for minimap2 in short-read mode"},
                              {"label": "split the fastqs",
                               "description": "Keep bwa-mem2 and split each sample's reads"}]}]}


def answered(tmp_path, answer: str) -> list[str]:
    b = session(tmp_path)
    b.prompt("alignment is the slowest step, 5 h per plate. make it faster")
    b.run("AskUserQuestion", OPTIONS,
          f'User has answered your questions: "Which approach should I take?"="{answer}". You '
          f"can now continue with the user's answers in mind.")
    b.say("Okay - starting on that.")
    return [f["text"] for f in facts_of(capture_transcript(b.write(b.path), dry_run=True))
            .get("falsified", [])]


def test_an_offered_option_the_answer_says_was_tried_is_falsified(tmp_path):
    found = answered(tmp_path, "split the fastqs. concordance with the array genotypes dropped "
                               "to 96% when we tried minimap2, short tags map badly")
    assert any(f.startswith("minimap2 -ax sr: Swap bwa-mem2") and "96%" in f
               for f in found), found


def test_an_offered_option_the_answer_rules_out_by_name_is_falsified(tmp_path):
    found = answered(tmp_path, "not minimap2 -ax sr - the short tags near the cut sites map "
                               "badly and concordance dropped")
    assert any(f.startswith("minimap2 -ax sr:") for f in found), found


def test_an_answer_that_only_picks_an_option_turns_nothing_down(tmp_path):
    assert answered(tmp_path, "split the fastqs, and keep the chunks at two million pairs") == []


def test_a_proposal_turned_down_as_tried_without_a_reason_is_no_finding(tmp_path):
    b = session(tmp_path)
    b.prompt("the species pages are slow on first load")
    b.say("One option would be prerendering the species pages at build time, so they're "
          "served as static files.")
    b.prompt("no - Tariq tried exactly that around the spring release and we reverted it")
    b.say("Understood, something else then.")
    facts = facts_of(capture_transcript(b.write(b.path), dry_run=True))
    assert "falsified" not in facts, facts


def test_a_fix_sent_back_makes_what_was_asked_a_problem_to_explain(tmp_path):
    """"run finished green but results/bam has ONE bam" reads as no report; "still broken."
    after a first fix says it was one: the explanation that follows is the gotcha."""
    b = session(tmp_path)
    b.prompt("run finished green but results/bam has ONE bam. samplesheet for plate 16 has 96 "
             "rows")
    b.say("The samplesheet might have Windows line endings - normalising it and rerunning.")
    b.run("Bash", {"command": "dos2unix plates/plate_16.csv"}, "dos2unix: converting file")
    b.prompt("still broken.")
    b.run("Read", {"file_path": "workflows/graincall.nf"},
          "ch_fasta = Channel.fromPath(params.fasta)")
    b.say("ch_fasta is a queue channel from Channel.fromPath holding exactly one item, so "
          "BWAMEM2_MEM pairs the first sample with the only fasta and waits for a second that "
          "never comes. Reference inputs have to be value channels: "
          "Channel.value(file(params.fasta)).")
    gotchas = [f["text"] for f in facts_of(capture_transcript(b.write(b.path), dry_run=True))
               .get("gotcha", [])]
    assert any("Channel.value" in g for g in gotchas), gotchas


@pytest.mark.parametrize("said, token", [
    ("The vessel tests are Fabric GameTests, which only run in a headless server through "
     "`./gradlew runGametest` - `./gradlew test` is just the JUnit unit tests.",
     "runGametest"),
    ("The e2e tests need a build made with --mode e2e: it adds the fixture pages to the "
     "manifest, so a regular `pnpm build` can't show a tooltip there.", "--mode e2e"),
    ("colcon hides test output by default and only reports that a package had failures; the "
     "repo's test script streams it with the console_direct+ event handler.", "console_direct+"),
])
def test_the_one_way_a_thing_runs_here_is_a_gotcha(tmp_path, said, token):
    b = session(tmp_path)
    b.prompt("run the tests for the package I changed")
    b.run("Bash", {"command": "ls scripts"}, "test.sh")
    b.say(said)
    gotchas = [f["text"] for f in facts_of(capture_transcript(b.write(b.path), dry_run=True))
               .get("gotcha", [])]
    assert any(token in g for g in gotchas), gotchas


def test_a_default_that_is_no_trap_is_no_gotcha(tmp_path):
    b = session(tmp_path)
    b.prompt("add a --verbose flag to the export command")
    b.run("Edit", {"file_path": "cli.py", "old_string": "", "new_string": "verbose = False"},
          "ok")
    b.say("Added --verbose; the export command stays quiet by default.")
    assert "gotcha" not in facts_of(capture_transcript(b.write(b.path), dry_run=True))


# ------------------------------------------------------------ what the user pastes
CONTRIBUTING = ("from CONTRIBUTING.md:\n```\n## Modules\n\n"
                "- one process per module: modules/local/<tool>_<sub>/main.nf\n"
                "- NO cpus/memory/time directives in a module. Pick a label from "
                "conf/base.config\n  (process_low, process_medium, process_high, "
                "process_high_memory); the profiles size them\n  and retries scale memory "
                "with task.attempt.\n```\n\nadd a BEAGLE_IMPUTE module that runs beagle 5.4")


def test_a_doc_the_user_shares_in_a_fence_gives_the_rules(tmp_path):
    b = session(tmp_path)
    b.prompt(CONTRIBUTING)
    b.run("Write", {"file_path": "modules/local/beagle_impute/main.nf",
                    "content": "label 'process_high_memory'"}, "File created")
    b.say("BEAGLE_IMPUTE carries label 'process_high_memory'.")
    rules = [f["text"] for f in facts_of(capture_transcript(b.write(b.path), dry_run=True))
             .get("convention", [])]
    # (a rule wrapped over three lines is one rule)
    assert any(r.startswith("Pick a label from conf/base.config (process_low")
               and "task.attempt" in r for r in rules), rules
    assert any(r.startswith("NO cpus/memory/time directives") for r in rules), rules


def test_pasted_output_in_a_fence_is_no_rule(tmp_path):
    b = session(tmp_path)
    b.prompt("the nightly job log says this:\n```\nERROR never retry a failed upload, the "
             "queue must be drained first\nexit status 3\n```\nwhy?")
    b.say("Looking.")
    assert "convention" not in facts_of(capture_transcript(b.write(b.path), dry_run=True))


def test_a_command_the_user_pastes_and_that_works_is_how_it_is_run_here(tmp_path):
    b = session(tmp_path)
    b.prompt("run the phpunit tests for the hold expiry change\n\nthis bit of README.md:\n"
             "```\n## Tests\n\n    npx wp-env start\n    npx wp-env run tests-cli "
             "--env-cwd=wp-content/plugins/stagedoor vendor/bin/phpunit\n\nDon't run "
             "bin/install-wp-tests.sh on your machine, the test lib lives in the container.\n"
             "```\nfollow that")
    b.run("Bash", {"command": "npx wp-env run tests-cli --env-cwd=wp-content/plugins/stagedoor "
                              "vendor/bin/phpunit --filter HoldExpiryTest"},
          "OK (5 tests, 14 assertions)")
    b.say("HoldExpiryTest passes inside wp-env's tests container.")
    rules = [f["text"] for f in facts_of(capture_transcript(b.write(b.path), dry_run=True))
             .get("convention", [])]
    assert any(r.startswith("Use `npx wp-env run tests-cli --env-cwd=wp-content/plugins/"
                            "stagedoor vendor/bin/phpunit` here.") and "[asked: run the "
               "phpunit tests for the hold expiry change this bit of README.md:]" in r
               for r in rules), rules
    assert any(r.startswith("Don't run bin/install-wp-tests.sh") for r in rules), rules
    # (the doc's example commands are not rules of their own)
    assert not any(r.lower().startswith("npx wp-env start") for r in rules), rules


def test_a_pasted_command_that_fails_is_no_way_to_run_it(tmp_path):
    b = session(tmp_path)
    b.prompt("ok got it:\n```\n./gradlew runGametest\n```")
    b.run("Bash", {"command": "./gradlew runGametest"},
          "Exit code 1\nBUILD FAILED in 1m 8s", is_error=True)
    b.say("5 of 6 pass; reactionvessel.mixes_acid_and_base fails.")
    facts = texts(capture_transcript(b.write(b.path), dry_run=True))
    assert not any(t.startswith("Use `./gradlew runGametest`") for t in facts), facts


def test_a_report_of_work_done_is_not_completed_by_the_next_tasks_report(tmp_path):
    """The user adds a task while the first is in flight; the report of the first is no
    explanation, and the second task's report is not its fix."""
    b = session(tmp_path)
    b.prompt("make the restic prune run weekly instead of daily")
    b.run("Edit", {"file_path": "hosts/steiger/backup.nix", "old_string": "daily",
                   "new_string": "OnCalendar = \"Sun 04:30\";"}, "ok")
    b.prompt("oh and while you're there - can you add uptime-kuma on steiger behind caddy at "
             "status.example.nl")
    b.run("Bash", {"command": "nix eval .#nixosConfigurations.steiger.config.systemd.timers."
                              "restic-prune.timerConfig.OnCalendar"}, '"Sun 04:30"')
    b.say("The prune timer fires on Sundays at 04:30 now, after the nightly backup; the backup "
          "itself is unchanged.")
    b.run("Edit", {"file_path": "hosts/steiger/status.nix", "old_string": "",
                   "new_string": "services.uptime-kuma.settings.PORT = toString ports.kuma;"},
          "ok")
    b.say("uptime-kuma gets its port from ports.nix now, and the caddy vhost uses the same "
          "services.uptime-kuma.settings.PORT.")
    facts = texts(capture_transcript(b.write(b.path), dry_run=True))
    assert any(t.startswith("The prune timer fires") for t in facts), facts
    assert not any("prune timer" in t and "uptime-kuma" in t for t in facts), facts


def test_the_fix_leaves_the_cause_and_the_symptoms_words_whole(tmp_path):
    long_cause = ("The Makefile runs yosys from inside build/, and $readmemh resolves a relative "
                  "file name against yosys's working directory, not the .sv file's folder. So "
                  "glyphs.hex isn't found, yosys only warns, and the ROM synthesises as all "
                  "zeros - position 0 is the blank flap.")
    b = session(tmp_path)
    b.prompt("flashed the build with the new glyph ROM and every flap sits on blank. verilator "
             "sim shows the right characters")
    b.run("Bash", {"command": "make bit 2>&1 | grep -i 'can not open'"},
          "Warning: Can not open file `glyphs.hex` for $readmemh. (../rtl/glyph_rom.sv:12)")
    b.prompt("hang on, didn't we have exactly this with the old charset? I think yosys looks "
             "for the hex file relative to build/, not rtl/")
    b.run("Read", {"file_path": "rtl/glyph_rom.sv"}, 'initial $readmemh("glyphs.hex", rom);')
    b.say("That's exactly it. " + long_cause + " Verilator runs from the repo root, which is "
          "why the sim looks right.")
    b.run("Edit", {"file_path": "rtl/glyph_rom.sv", "old_string": '"glyphs.hex"',
                   "new_string": "`GLYPH_HEX"}, "ok")
    b.say("The ROM file now comes in as an absolute GLYPH_HEX define from the Makefile; "
          "synthesis no longer warns, and the glyphs are in the bitstream.")
    found = [t for t in texts(capture_transcript(b.write(b.path), dry_run=True))
             if "readmemh" in t]
    assert found and all(t.startswith(long_cause) and "[asked:" in t for t in found), found
