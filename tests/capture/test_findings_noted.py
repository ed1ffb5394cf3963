"""Capture of the fourteenth pass (docs/capture.md, "Fourteenth pass"): what the assistant
finds out and says in its own words — a finding it marks for later ("Note: …"), the cause of a
problem reported in three words ("the image upload is broken"), a client error reported by its
status ("webhooks from stripe get 400s")."""

from __future__ import annotations

import pytest
from capture_helpers import facts_of, session

from rlat.capture.pipeline import capture_transcript


def captured(b) -> dict[str, list[str]]:
    report = capture_transcript(b.write(b.path), dry_run=True)
    return {kind: [f["text"] for f in found] for kind, found in facts_of(report).items()
            if kind != "event"}


def test_a_finding_marked_note_is_kept_without_output_showing_it(tmp_path):
    b = session(tmp_path)
    b.prompt("add the export endpoint for invoices")
    b.run("Bash", {"command": "make lint"}, "ruff: error: unexpected argument '--output-format'",
          is_error=True)
    b.say("Done. Summary:\n- Added `GET /exports/{id}` in `api/exports.py`\n- Tests in "
          "`tests/test_exports.py`\n\nNote: `make lint` needs ruff >= 0.4 - the pinned 0.1.9 "
          "in requirements-dev.txt doesn't know `--output-format`. I bumped it.")
    (gotcha,) = captured(b)["gotcha"]
    assert gotcha.startswith("`make lint` needs ruff >= 0.4")  # (its mark left out)
    assert "--output-format" in gotcha


@pytest.mark.parametrize("mark", ["Worth knowing:", "**Heads up:**", "For future reference -",
                                  "FYI:", "One thing to watch out for:"])
def test_other_marks_for_later_say_the_same(tmp_path, mark):
    b = session(tmp_path)
    b.prompt("bump the api client to the new release")
    b.run("Edit", {"file_path": "pyproject.toml", "old_string": "apiclient==2.3",
                   "new_string": "apiclient==2.4"}, "The file has been updated.")
    b.say(f"Bumped. {mark} the sandbox API rejects requests without the `X-Tenant` header, "
          "so local runs need `TENANT_ID` exported.")
    kept = [t for texts in captured(b).values() for t in texts]
    assert any(t.startswith("The sandbox API rejects requests without the `X-Tenant` header")
               for t in kept), kept


@pytest.mark.parametrize("said", [
    "Note: I'll update the tests in a follow-up.",  # (a plan of its own)
    "Note: I added `retry=3` to the client.",  # (what it did)
    "Note: the tests pass.",  # (names nothing)
    "One warning: an unused variable in app/services/seat_service.ts line 14.",  # (a count)
])
def test_a_mark_before_a_plan_a_report_of_own_work_or_nothing_named_is_no_finding(tmp_path,
                                                                                   said):
    b = session(tmp_path)
    b.prompt("add retries to the webhook client please")
    b.run("Edit", {"file_path": "app/client.py", "old_string": "retry=0",
                   "new_string": "retry=3"}, "The file has been updated.")
    b.say(f"Done. {said}")
    assert not any(captured(b).get(kind) for kind in ("gotcha", "environment", "convention"))


@pytest.mark.parametrize("report, reply, key", [
    ("the image upload is broken",
     "nginx rejects bodies over 1 MB (`client_max_body_size 1m` in nginx/site.conf) before the "
     "request reaches the app, so phone photos fail with a 413.", "client_max_body_size"),
    ("webhooks from stripe get 400s",
     "Stripe signs the raw body, and the handler parses it with `request.json()` before "
     "verifying, so the signature check always fails.", "request.json()"),
])
def test_the_cause_of_a_problem_reported_in_three_words_is_kept(tmp_path, report, reply, key):
    b = session(tmp_path)
    b.prompt(report)
    b.run("Read", {"file_path": "nginx/site.conf"}, "client_max_body_size 1m;")
    b.say(reply)
    (gotcha,) = captured(b)["gotcha"]
    assert key in gotcha


def test_a_three_word_order_goes_on_with_the_situation_before_it(tmp_path):
    # ("regression" is a problem's word, but "run the …" is an order: like "close it and
    # clean up", it sets no situation of its own — the recovery is still the problem's)
    b = session(tmp_path)
    b.prompt("topk_agg gives garbage counts with GROUP BY, fine for a single group")
    b.run("Edit", {"file_path": "src/topk.c", "old_string": "state->n = 0;",
                   "new_string": "state->n = 0; state->k = k;"}, "The file has been updated.")
    b.prompt("run the regression tests")
    b.run("Bash", {"command": "make check"}, '"make check" is not supported.', is_error=True)
    b.run("Bash", {"command": "make installcheck"}, "All 41 tests passed.")
    b.say("All 41 pass.")
    (recovery,) = captured(b)["recovery"]
    assert "[asked: topk_agg gives garbage counts" in recovery


def test_what_the_assistant_sees_all_the_code_here_do_is_a_rule(tmp_path):
    b = session(tmp_path)
    b.prompt("add a module that reads the battery voltage and logs it once a minute")
    b.run("Bash", {"command": "grep -rn LOG_MODULE_REGISTER src"},
          "src/gnss.c:11:LOG_MODULE_REGISTER(gnss, CONFIG_BRINE_LOG_LEVEL);")
    b.say("Looks like every file here registers its logger as `LOG_MODULE_REGISTER(<name>, "
          "CONFIG_BRINE_LOG_LEVEL)` instead of choosing its own level. So that's how I'll do it.")
    (rule,) = captured(b)["convention"]
    assert "CONFIG_BRINE_LOG_LEVEL" in rule


def test_got_it_then_what_no_module_does_is_a_rule(tmp_path):
    b = session(tmp_path)
    b.prompt("write a process for the assembly step with flye")
    b.run("Bash", {"command": "grep -n label modules/local/*/main.nf"},
          "modules/local/kraken2/main.nf:3:    label 'process_high'")
    b.say("Got it: no module sets cpus or memory itself - each declares a label and "
          "conf/base.config maps those labels to resources in withLabel blocks. Redoing it.")
    (rule,) = captured(b)["convention"]
    assert rule.startswith("No module sets cpus or memory itself") and "withLabel" in rule


def test_the_items_under_a_heading_of_what_was_learned_are_kept_not_what_was_done(tmp_path):
    b = session(tmp_path)
    b.prompt("write a module for seqkit stats so we get read-length summaries per sample")
    b.run("Bash", {"command": "grep -rl 'emit: versions' modules"}, "modules/local/a/main.nf")
    b.say("**Done**\n- modules/local/seqkit_stats/main.nf is in and runs after porechop.\n\n"
          "**Conventions I followed**\n- Every module also emits a versions.yml - a `path "
          "\"versions.yml\", emit: versions` output - that the workflow mixes into the report.\n"
          "- I added a test for it in tests/seqkit.nf.test.")
    (rule,) = captured(b)["convention"]
    assert rule.startswith("Every module also emits a versions.yml")  # (without its bullet)


def test_an_explanation_given_unasked_of_a_failure_met_is_a_gotcha(tmp_path):
    b = session(tmp_path)
    b.prompt("with 2x oversampling on the reverb sounds phasey on a parallel bus")
    b.run("Bash", {"command": "./build/tests/umbra_tests --gtest_filter='Latency*'"},
          "reported latency: 0 samples\nmeasured latency: 23 samples", is_error=True)
    b.say("So the reason is that turning oversampling on adds filter latency, but the plugin "
          "never reports it: nothing calls setLatencySamples when the factor changes.")
    (gotcha,) = captured(b)["gotcha"]
    assert "setLatencySamples" in gotcha


def test_a_value_told_before_a_question_is_a_fact_about_the_setup(tmp_path):
    b = session(tmp_path)
    b.prompt("app id is 2715430 if you need it - can you double-check the repo agrees?")
    b.run("Bash", {"command": "cat game/steam_appid.txt"}, "2715430")
    b.say("It matches: game/steam_appid.txt.")
    assert "App id is 2715430 if you need it" in captured(b)["environment"]


def test_a_problem_told_before_a_question_is_no_fact_about_the_setup(tmp_path):
    b = session(tmp_path)
    b.prompt("the login page on port 8080 is broken - can you look?")
    b.run("Bash", {"command": "curl -s localhost:8080/login"}, "500 Internal Server Error")
    b.say("On it.")
    assert not captured(b).get("environment")


def test_no_good_and_the_reason_is_the_verdict_on_what_was_tried(tmp_path):
    b = session(tmp_path)
    b.prompt("physics gets jittery with lots of bodies - try the Rapier 2D extension instead")
    b.run("Edit", {"file_path": "game/project.godot", "old_string": "[physics]",
                   "new_string": "[physics]\n2d/physics_engine=\"Rapier2D\""},
          "The file has been updated.")
    b.run("Bash", {"command": "godot --headless --path game res://test/platform_drop.tscn"},
          "FAIL: 3/5 one-way platforms not solid from above", is_error=True)
    b.say("No good - Rapier ignores one_way_collision on our platform shapes, so the player "
          "drops through every one-way ledge. Reverting.")
    b.run("Bash", {"command": "git checkout -- game/project.godot"}, "")
    b.say("The tree is back to how it was.")
    (tried,) = captured(b)["falsified"]
    assert "Rapier ignores one_way_collision" in tried


def test_where_a_kind_of_thing_goes_and_not_is_a_rule_inside_an_order(tmp_path):
    b = session(tmp_path)
    b.prompt("make the skeleton archers less punishing - lower their damage, numbers go in "
             "data/balance.tres, not in the scripts")
    b.run("Edit", {"file_path": "game/data/balance.tres", "old_string": "archer_damage = 14",
                   "new_string": "archer_damage = 10"}, "The file has been updated.")
    b.say("Archers do 10 damage now.")
    (rule,) = captured(b)["convention"]
    assert "data/balance.tres, not in the scripts" in rule


def test_no_luck_while_looking_is_where_a_search_stands_not_a_verdict(tmp_path):
    b = session(tmp_path)
    b.prompt("rebuild the seat-map block, I changed the legend colours")
    b.run("Edit", {"file_path": "blocks/seat-map/style.css", "old_string": "#333",
                   "new_string": "#0a0"}, "The file has been updated.")
    b.run("Bash", {"command": "npx wp-scripts build"}, "Module not found: Can't resolve './src'",
          is_error=True)
    b.say("No luck - checking the build config.")
    assert not captured(b).get("falsified")


def test_a_value_told_before_asking_to_check_it_is_a_fact_about_the_setup(tmp_path):
    b = session(tmp_path)
    b.prompt("the db on the server is /srv/refdb/kraken2/k2_pluspf_16gb btw - sanity-check that "
             "against the repo for me")
    b.run("Bash", {"command": "grep -n kraken_db conf/cluster.config"},
          "9:    kraken_db = '/srv/refdb/kraken2/k2_pluspf_16gb'")
    b.say("It matches conf/cluster.config (kraken_db).")
    (told,) = [t for t in captured(b)["environment"] if "k2_pluspf_16gb" in t]
    assert told.startswith("The db on the server is /srv/refdb/kraken2/k2_pluspf_16gb")


def test_why_the_first_attempt_failed_is_kept_beside_the_recovery(tmp_path):
    b = session(tmp_path)
    b.prompt("build the firmware for the buoy board, I want to check the image size")
    b.run("Bash", {"command": "west build -b brinewatch_v3 app"},
          "No board named 'brinewatch_v3' found.\nFATAL ERROR: command exited with status 1",
          is_error=True)
    b.run("Bash", {"command": "west build -b brinewatch_v3 app -- -DBOARD_ROOT=$PWD"},
          "Memory region Used Size\nFLASH: 391204 B")
    b.say("The image is 391 KB.\n\nWhy the first attempt failed:\n- The board definition is "
          "out-of-tree under boards/arm/brinewatch_v3, and Zephyr only searches there when "
          "BOARD_ROOT points at the repo.")
    kept = [t for texts in captured(b).values() for t in texts]
    assert any(t.startswith("The board definition is out-of-tree") for t in kept), kept


def test_what_did_not_happen_is_a_problem_and_an_abbreviation_ends_no_sentence(tmp_path):
    b = session(tmp_path)
    b.prompt("the backup didn't run on sunday")
    b.run("Read", {"file_path": "deploy/crontab"}, "0 3 * * 1-6 /opt/backup.sh")
    b.say("The crontab entry is `0 3 * * 1-6`, i.e. Monday to Saturday only, so Sunday was "
          "never scheduled.")
    (gotcha,) = captured(b)["gotcha"]
    assert gotcha.startswith("The crontab entry is `0 3 * * 1-6`, i.e. Monday to Saturday")


def test_one_gotcha_is_a_mark_for_later(tmp_path):
    b = session(tmp_path)
    b.prompt("set up logical replication to the analytics db")
    b.run("Bash", {"command": "psql -c 'CREATE PUBLICATION p FOR ALL TABLES'"},
          "ERROR:  logical decoding requires wal_level >= logical", is_error=True)
    b.say("One gotcha: the primary runs with `wal_level = replica`, and changing it to `logical` "
          "needs a restart, so this has to wait for the maintenance window.")
    (gotcha,) = captured(b)["gotcha"]
    assert gotcha.startswith("The primary runs with `wal_level = replica`")


# An adversarial review of this pass's rules (hand-built sessions in Claude Code's usual words):
# each finding is a case below.
def _done_after_edit(tmp_path, reply: str, prompt: str = "add the csv export endpoint"):
    b = session(tmp_path)
    b.prompt(prompt)
    b.run("Edit", {"file_path": "src/app/export.py", "old_string": "pass",
                   "new_string": "return rows"}, "The file has been updated.")
    b.run("Bash", {"command": "pytest -q tests/test_export.py"}, "FAILED test_csv - NameError",
          is_error=True)
    b.say(reply)
    return [t for kind, texts in captured(b).items() for t in texts]


@pytest.mark.parametrize("heading", [
    "## Caveats\n\nThe endpoint streams rows, so very large exports are fine.",  # (no bullets)
    "**Gotchas**\n1. `pytest` must be run from the repo root or `conftest.py` isn't found.",
    "Gotchas:\n```\nDATABASE_URL must be set\n```",
    "**Caveats**\nNone that I know of.",
])
def test_a_learned_heading_without_bullets_never_stops_the_capture(tmp_path, heading):
    kept = _done_after_edit(tmp_path, f"Done.\n\n{heading}")
    assert isinstance(kept, list)  # (it raised, and the session was lost, before)
    if heading.startswith("**Gotchas**"):  # (a numbered item is an item)
        assert any(t.startswith("`pytest` must be run from the repo root") for t in kept)


@pytest.mark.parametrize("reply", [
    "So all 42 tests pass in the repo now.",
    "Looks like nothing here has changed since the last commit.",
    "Got it: nothing else to change then, I'll open the PR.",
    "Got it: all three tests need updating for the new `ExportRow` shape.",
    "Noted: each of the 14 warnings is in `src/legacy/vendor.py`.",
    "Done. Note: `npm run build` now passes with 0 errors and 3 warnings.",
    "Done. FYI: the branch `feature/csv-export` is pushed to origin, PR #482 is open.",
    "Done. Note: the remaining 3 failures in `tests/e2e/` are pre-existing.",
    "Done. Note: you may want to add `EXPORT_BUCKET` to your `.env.example` as well.",
    "Done.\n\n### Notes for later\n- TODO: wire `/api/export` into the `ExportButton` component."
    "\n- Consider adding pagination to `list_invoices()` in a follow-up PR.",
    "Done.\n\n**Caveats:**\n- I didn't test this on Windows or with `PYTHONUTF8=0`.",
    "Turns out I forgot to import `csv` in `src/app/export.py`, because the linter was off.",
    "No good - still failing with the same `AssertionError` in `test_csv`, trying `--no-cache` "
    "next.",
])
def test_a_report_of_the_work_a_plan_or_its_own_slip_is_no_finding(tmp_path, reply):
    assert _done_after_edit(tmp_path, reply) == []


@pytest.mark.parametrize("prompt", [
    "today's file is /tmp/upload_8812.csv - can you import it?",
    "the sentry dsn is https://a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4@o12345.ingest.sentry.io/678 - "
    "please wire it up",
    "the bug lives in src/parser.rs, not the lexer - can you fix it?",
    "i'll go through the diff tonight, not now - just push the branch",
    "the fix goes in the 2.4 release, not 2.3 - hold off on merging",
])
def test_a_value_of_the_moment_a_credential_or_a_plan_told_before_an_ask_is_not_kept(tmp_path,
                                                                                      prompt):
    b = session(tmp_path)
    b.prompt(prompt)
    b.run("Bash", {"command": "git status --short"}, " M src/app.py")
    b.say("On it.")
    assert not any(captured(b).get(kind) for kind in ("environment", "convention"))


def test_a_rule_told_before_the_order_that_follows_it_is_kept_alone(tmp_path):
    b = session(tmp_path)
    b.prompt("every DAO method in app/data is a suspend fun - can you fix InvoiceDao to match?")
    b.run("Edit", {"file_path": "app/data/InvoiceDao.kt", "old_string": "fun all()",
                   "new_string": "suspend fun all()"}, "The file has been updated.")
    b.say("InvoiceDao.all() is a suspend fun now.")
    assert captured(b)["convention"] == ["Every DAO method in app/data is a suspend fun"]


@pytest.mark.parametrize("report, reply", [
    ("the importer got 412 rows", "The CSV has 412 data rows because the header row is "
                                  "skipped by `csv.DictReader`, so that matches."),
    ("wrong file lol", "Sorry - the handler is in `src/api/export.py` because `src/app/` only "
                       "holds the models, so I moved the change there."),
])
def test_a_count_or_a_reaction_is_no_problem_reported(tmp_path, report, reply):
    b = session(tmp_path)
    b.prompt("add the csv export to the importer")
    b.run("Edit", {"file_path": "src/app/export.py", "old_string": "pass",
                   "new_string": "return rows"}, "The file has been updated.")
    b.say("Added.")
    b.prompt(report)
    b.run("Bash", {"command": "wc -l data/in.csv"}, "413 data/in.csv")
    b.say(reply)
    assert not captured(b).get("gotcha")


def test_visual_studio_and_the_esp_chip_end_their_sentences():
    from rlat.capture.facts import sentences

    text = "Flash it to the ESP. Then `idf.py monitor` shows the boot log. Open it in VS. Done."
    assert [text[a:b] for a, b in sentences(text)][:2] == [
        "Flash it to the ESP.", "Then `idf.py monitor` shows the boot log."]
