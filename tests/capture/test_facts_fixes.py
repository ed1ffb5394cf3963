"""Capture of the eleventh pass: what the fresh splits dev14 and dev15 showed a session says
that the rules lost — an explanation's fix said only in the report after the edit, a command
the user typed without quotes, an elision read as a sentence end, a launcher shared by two
unrelated commands (docs/capture.md, "Eleventh pass")."""

from __future__ import annotations

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
    recoveries = [f["text"] for f in facts_of(capture_transcript(b.write(b.path), dry_run=True))
                  .get("recovery", [])]
    assert recoveries and recoveries[0].startswith("Use `npm run build:blocks` here "
                                                   "(`npx wp-scripts build` fails"), recoveries
    # (the launcher the two npx commands share says nothing of their jobs)
    assert not any("phpunit" in r for r in recoveries), recoveries
