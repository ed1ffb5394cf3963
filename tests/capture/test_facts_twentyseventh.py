"""Capture rules of the twenty-seventh pass."""

from __future__ import annotations

import pytest
from capture_helpers import proposed, proposed_texts, session

from rlat.capture import fact_rules, facts


def test_an_offer_turned_down_because_what_it_did_got_things_lost_is_falsified(tmp_path):
    # ("the real reports got dropped" is what went wrong, not "the p95 dropped" — dev45)
    b = session(tmp_path)
    b.prompt("why dont we just send crashes to a hosted error tracker instead of keeping our "
             "own table? less code")
    b.say("Sentry would do it: the bot sends each report as an event, and we get grouping and "
          "a dashboard for free. Want me to wire the bot to it?")
    b.prompt("no, we tried this in the jam build. free quota gone in 1 weekend bc one crash "
             "loop spammed 4k events and the real reports got dropped.")
    b.say("Then I'll leave it alone.")
    texts = [f["text"] for f in proposed(b).get("falsified", [])]
    assert len(texts) == 1 and texts[0].startswith("Sentry would do it") \
        and "got dropped" in texts[0], texts


@pytest.mark.parametrize(("told", "went_well"), [
    ("the real reports got dropped", False),
    ("half the events were dropped", False),
    ("the p95 dropped", True),
    ("build time dropped to 4 minutes", True),
])
def test_what_was_lost_is_not_what_fell(told, went_well):
    assert facts._went_well(told, 0) is went_well


def filed_so_nobody_tries_it_again(b, ask: str, path: str = "DECISIONS.md") -> None:
    b.prompt(ask + " from memory:\n\nworked for 2 days then valve locked the build account for "
             "5 days right before the jam deadline, we uploaded from camila's personal account. "
             "never again")
    b.run("Edit", {"file_path": path, "old_string": "## Tried already\n",
                   "new_string": "## Tried already\n\n### Steam Guard codes generated in CI "
                                 "(steam-totp)\n\nUploads keep using the cached login on the "
                                 "runner. With steam-totp each run logged in from scratch with a "
                                 "generated code, and after two days Valve locked the build "
                                 "account for five days, right before the jam deadline.\n"},
          f"The file {path} has been updated.")
    b.say(f"Recorded in {path}.")


@pytest.mark.parametrize("ask", [
    "add to DECISIONS.md so nobody (me) suggests this again.",
    "write it into DECISIONS.md so no one tries this again.",
    "put it in the decisions file so we don't go down this road again.",
])
def test_a_record_filed_so_nobody_tries_it_again_is_a_falsified_finding(tmp_path, ask):
    # (the user's story names nothing; the entry the assistant writes names what was tried —
    # dev45)
    b = session(tmp_path)
    filed_so_nobody_tries_it_again(b, ask)
    texts = [f["text"] for f in proposed(b).get("falsified", [])]
    assert len(texts) == 1 and texts[0].startswith(
        "Steam Guard codes generated in CI (steam-totp). Uploads keep using the cached login") \
        and "locked the build account" in texts[0], texts


def test_a_note_written_for_any_other_reason_is_no_falsified_finding(tmp_path):
    # (in notes, not a decision log: only the ask says the approach is given up)
    b = session(tmp_path)
    filed_so_nobody_tries_it_again(b, "add to NOTES.md so the team knows.", "NOTES.md")
    assert not proposed(b).get("falsified")


def test_a_dead_end_the_user_tells_whole_is_kept_once(tmp_path):
    # (the user's notes or the entry the assistant writes from them: one finding, not two)
    b = session(tmp_path)
    b.prompt("add to docs/decisions.md, tried-and-dropped section, so nobody suggests it again. "
             "my notes:\n\nthe 2019 intern tried OCR with tesseract on the 1990s scans. 1s read "
             "as 7s, 3s as 8s, half the contests didn't sum to the certified county totals.")
    b.run("Edit", {"file_path": "docs/decisions.md", "old_string": "## Tried and dropped\n",
                   "new_string": "## Tried and dropped\n\n### OCR with Tesseract\n\nThe 2019 "
                                 "intern's Tesseract OCR of the 1990s scans misread digits, and "
                                 "half the contests did not sum to the certified totals.\n"},
          "The file docs/decisions.md has been updated.")
    b.say("Added.")
    texts = [f["text"] for f in proposed(b).get("falsified", [])]
    assert len(texts) == 1 and "tesseract" in texts[0].lower(), texts


def test_a_rule_that_forbids_keeps_the_sentence_that_says_what_to_use_instead(tmp_path):
    # (a review comment: "Please do not hard-code layer bits. Use the generated constants in
    # `PhysicsLayers` …" — the second half is the rule's answer — dev45)
    b = session(tmp_path)
    b.prompt("camila's review on my pr:\n\nPlease do not hard-code layer bits. Use the generated "
             "constants in `PhysicsLayers` (`PhysicsLayers.Hazard` here) for the mask. When I "
             "renumbered the layers in October, every literal pointed at the wrong layer.")
    b.say("Switched the hurtbox to PhysicsLayers.Hazard.")
    rules = [f["text"] for f in proposed(b).get("convention", [])]
    assert any(r.startswith("Please do not hard-code layer bits. Use the generated constants in "
                            "`PhysicsLayers`") for r in rules), rules


def test_an_order_after_a_rule_that_forbids_nothing_is_not_part_of_it(tmp_path):
    b = session(tmp_path)
    b.prompt("migrations always get a reversible down step in this repo. use the new one for "
             "the invoices table now.")
    b.say("Added the migration with its down step.")
    rules = [f["text"] for f in proposed(b).get("convention", [])]
    assert rules and not any("use the new one" in r.lower() for r in rules), rules


def test_a_call_turned_down_with_a_prohibition_then_the_way_keeps_both(tmp_path):
    # ("nao. no string literals the player sees. Tr("KEY") and add the key to …": the rule
    # says what not to do, then how — dev45)
    b = session(tmp_path)
    b.prompt("pause menu needs a return-to-checkpoint button, add it to PauseMenu.cs")
    b.run("Edit", {"file_path": "scripts/ui/PauseMenu.cs", "old_string": "// TODO\n",
                   "new_string": "_checkpointButton.Text = \"Voltar ao checkpoint\";\n"},
          "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. "
          "if it was a file edit, the new_string was NOT written to the file). To tell you how "
          "to proceed, the user said:\nnao. no string literals the player sees. Tr(\"KEY\") and "
          "add the key to i18n/textos.csv with pt_BR, en and es.", is_error=True)
    b.say("Ok, changing it.")
    rules = [f["text"] for f in proposed(b).get("convention", [])]
    assert any(r.startswith("No string literals the player sees. Tr(\"KEY\") and add the key to "
                            "i18n/textos.csv") for r in rules), rules


@pytest.mark.parametrize("said", [
    "hmm wait, thats not how we do it here, my bad for not saying.",
    "wait, that's not how we do it here.",
    "oh no, thats not how we do things here, sorry for not saying.",
])
def test_a_correction_with_its_hesitation_and_apology_says_the_rule_comes_next(said):
    assert fact_rules.CORRECTED.match(said)


def test_the_rule_after_a_correction_runs_over_its_two_sentences(tmp_path):
    # (dev45: "… anyhow only in src/main.rs. library modules (atlas, bank, index) return their
    # own error enum derived with thiserror, …")
    b = session(tmp_path)
    b.prompt("the packer should fail cleanly when a sprite is bigger than the page")
    b.run("Edit", {"file_path": "src/atlas.rs", "old_string": "for s in &sprites {\n",
                   "new_string": "for s in &sprites {\n    anyhow::ensure!(s.w <= page.w);\n"},
          "The file src/atlas.rs has been updated.")
    b.say("That's in. Should I run anything?")
    b.prompt("hmm wait, thats not how we do it here, my bad for not saying. anyhow only in "
             "src/main.rs. library modules (atlas, bank, index) return their own error enum "
             "derived with thiserror, the editor plugin matches on the variants")
    b.say("Right, redoing it that way.")
    rules = [f["text"] for f in proposed(b).get("convention", [])]
    assert any(r.startswith("Anyhow only in src/main.rs. library modules (atlas, bank, index) "
                            "return their own error enum derived with thiserror") for r in rules), \
        rules


def test_an_entry_opening_with_what_was_dropped_is_a_falsified_finding(tmp_path):
    b = session(tmp_path)
    b.prompt("note the snowpipe experiment in docs/decisions.md")
    b.run("Edit", {"file_path": "docs/decisions.md", "old_string": "## Decisions\n",
                   "new_string": "## Decisions\n\n### Loading the counter files\n\nDropped "
                                 "auto-ingest after a month: re-delivered files reuse their name "
                                 "and were skipped as already loaded, so corrections never "
                                 "arrived.\n"},
          "The file docs/decisions.md has been updated.")
    b.say("Recorded.")
    texts = [f["text"] for f in proposed(b).get("falsified", [])]
    assert len(texts) == 1 and texts[0].startswith("Loading the counter files. Dropped auto-ingest"), \
        texts


@pytest.mark.parametrize(("path", "kept"), [
    ("DECISIONS.md", True),
    ("docs/decisions.md", True),
    ("docs/adr/0007-png-decoding.md", True),
    ("NOTES.md", False),
])
def test_an_entry_in_a_decision_log_that_keeps_the_old_way_is_a_falsified_finding(
        tmp_path, path, kept):
    # (the user tells the story without naming it; the entry names what was tried and says
    # what stays — dev45)
    b = session(tmp_path)
    b.prompt("bea asked about this today so it should be written down, under what we already "
             "tried. what happened:\n\nrayon on the decode, exactly that. duda's laptop froze "
             "mid pack and the oom killer took her browser")
    b.run("Edit", {"file_path": path, "old_string": "## Tried already\n",
                   "new_string": "## Tried already\n\n### Parallel PNG decoding with rayon\n\n"
                                 "Packing stays single-threaded. With rayon it ran about three "
                                 "times faster but decoded every PNG at once: peak memory went "
                                 "from 1.1 GB to 9 GB and froze a 16 GB laptop.\n"},
          f"The file {path} has been updated.")
    b.say(f"Recorded in {path}.")
    texts = [f["text"] for f in proposed(b).get("falsified", [])]
    if kept:
        assert len(texts) == 1 and texts[0].startswith(
            "Parallel PNG decoding with rayon. Packing stays single-threaded."), texts
    else:
        assert not texts, texts


def test_a_command_that_only_reads_a_files_properties_recovers_nothing(tmp_path):
    # ("cargo run -- pack bank sfx" fails reproducing a bug; `soxi -r …/sfx/….wav` reads the
    # recordings' sample rates: it shares *sfx*, and does not pack — dev45)
    b = session(tmp_path)
    b.prompt("sound effects play slowed down, third person reporting this. look pls")
    b.say("Reproducing it first.")
    b.run("Bash", {"command": "cargo run --release -- pack bank sfx --verbose"},
          "Exit code 1\nbank sfx: rate mismatch in 2 files", is_error=True)
    b.run("Bash", {"command": "soxi -r /mnt/arte/audio/sfx/onda_splash_01.wav"}, "48000")
    b.say("The bank header holds a single sample rate for the whole bank: 44100 Hz. The new "
          "recordings are 48000 Hz, so they play about 8% slower and lower.")
    assert not proposed(b).get("recovery")


@pytest.mark.parametrize(("said", "asks"), [
    ("third person reporting this. look pls", True),
    ("two testers are reporting the same, can you have a look", True),
    ("please take a look at it", True),
    ("have a look at the README and add an install section", False),
    ("look at the diff and write the changelog", False),
])
def test_a_report_passed_on_with_a_request_to_look_asks_to_investigate(said, asks):
    assert bool(fact_rules.INVESTIGATE.search(said)) is asks


def test_the_explanation_of_a_report_passed_on_in_another_language_is_a_gotcha(tmp_path):
    # (the player's words are Portuguese; "third person reporting this. look pls" says it is a
    # problem to look into — dev45)
    b = session(tmp_path)
    b.prompt("ghostfrevo — Today at 10:29 PM\nnão sei se é bug ou estilo mas o barulho da onda "
             "tão lento, tipo câmera lenta. o resto ok\n\nthird person reporting this. look pls")
    b.say("Reproducing it first.")
    b.run("Bash", {"command": "soxi -r assets/sfx/onda_splash_01.wav"}, "48000")
    b.say("The bank header holds a single sample rate for the whole bank, taken from the first "
          "file: 44100 Hz. The new splash recordings are 48000 Hz, so they play about 8% slower "
          "and lower.")
    texts = [f["text"] for f in proposed(b).get("gotcha", [])]
    assert any("48000 Hz, so they play about 8% slower" in t for t in texts), texts


def noted(b, ask: str, path: str = "COLA.md") -> None:
    b.prompt("the packer exe for windows, build it from my linux box")
    b.run("Bash", {"command": "cargo build --release --target x86_64-pc-windows-msvc"},
          "error: linker `link.exe` not found", is_error=True)
    b.run("Bash", {"command": "cargo xwin build --release --target x86_64-pc-windows-msvc"},
          "Finished `release` profile [optimized] target(s) in 41.2s")
    b.say("Built with cargo-xwin: target/x86_64-pc-windows-msvc/release/fardo.exe.")
    b.prompt(ask)
    b.run("Edit", {"file_path": path, "old_string": "## comandos\n",
                   "new_string": "## comandos\n\n- exe de windows a partir do linux: `cargo xwin "
                                 "build --release --target x86_64-pc-windows-msvc`\n"},
          f"The file {path} has been updated.")
    b.say("Added.")


@pytest.mark.parametrize("ask", [
    "putz, i always get that one wrong. put the right one in COLA.md under comandos",
    "write that down in the notes before i forget again",
    "massa, put it in the doc",
])
def test_what_the_user_asks_to_have_written_down_is_kept_as_written(tmp_path, ask):
    # (the short line the assistant adds to the notes at the user's request is the fact, in
    # the words chosen to be kept — dev45)
    b = session(tmp_path)
    noted(b, ask)
    texts = proposed_texts(proposed(b))
    assert any(t.startswith("Exe de windows a partir do linux: `cargo xwin build") for t in texts), \
        texts


def test_a_note_the_user_did_not_ask_for_is_read_as_before(tmp_path):
    b = session(tmp_path)
    noted(b, "ok and the linux one too")
    texts = proposed_texts(proposed(b))
    assert not any(t.startswith("Exe de windows a partir do linux") for t in texts), texts


@pytest.mark.parametrize(("said", "ruled_out"), [
    ("That theory doesn't hold up. Running the full reproduction:", True),
    ("Your hypothesis does not hold: the GET endpoint reads the primary.", True),
    ("The theory holds: the replica lags by 2 s.", False),
])
def test_a_theory_that_does_not_hold_is_ruled_out_not_explained(said, ruled_out):
    # (dev46: kept as the explanation, it left the real one unread)
    assert bool(fact_rules.RULED_OUT.match(said)) is ruled_out


def test_what_happened_twice_is_a_problem_whose_explanation_is_a_gotcha(tmp_path):
    # ("Finance reports every entry of 6 November booked twice." — dev46)
    b = session(tmp_path)
    b.prompt("Finance reports every entry of 6 November booked twice. The bank sent a corrected "
             "statement for that day on the morning of the 7th.")
    b.run("Bash", {"command": "grep -o '<ElctrncSeqNb>[0-9]*' /tmp/stmt_20251106*.xml"},
          "/tmp/stmt_20251106.xml:<ElctrncSeqNb>2211\n/tmp/stmt_20251106_v2.xml:<ElctrncSeqNb>2211")
    b.say("The intake deduplicates on file name plus MsgId. A corrected re-delivery has a new "
          "file name and a new MsgId, but it is the same statement: the ElctrncSeqNb is 2211 in "
          "both, so it was taken as new and all 418 entries were booked again.")
    texts = [f["text"] for f in proposed(b).get("gotcha", [])]
    assert any("ElctrncSeqNb" in t for t in texts), texts


def test_a_command_said_not_to_work_as_that_command_is_recovered(tmp_path):
    # ("That command doesn't work." names the command just run — dev46)
    b = session(tmp_path)
    b.prompt("regenerate our client. run `npx orval`, then report")
    b.run("Bash", {"command": "npx orval"}, "Exit code 1\nError: Request failed with status "
          "code 401 (https://api.stg.example.eu/v3/api-docs)", is_error=True)
    b.say("That command doesn't work. orval.config.ts reads the spec from staging, which needs a "
          "bearer token. The package script fetches it first:")
    b.run("Bash", {"command": "npm run api:generate"}, "fetched openapi.json\nDone")
    b.say("The client is regenerated.")
    texts = [f["text"] for f in proposed(b).get("recovery", [])]
    assert texts and texts[0].startswith("Use `npm run api:generate` here (`npx orval` fails"), \
        texts


def test_a_question_told_of_is_no_rule_for_the_we_in_it(tmp_path):
    # ("Noordhaven support asks which IPs we call them from" — dev46)
    b = session(tmp_path)
    b.prompt("#payments-oncall\n\nMateusz Wróbel  10:05 AM\nNoordhaven support asks which IPs we "
             "call them from, for the new sandbox allowlist. anyone know?\n\nCan you check this "
             "and draft a reply?")
    b.run("Bash", {"command": "gcloud compute addresses list --filter='name~^nat-egress'"},
          "NAME          ADDRESS       REGION\nnat-egress-1  34.90.211.47  europe-west4")
    b.say("Production egress leaves from the static address 34.90.211.47 (nat-egress-1 in "
          "europe-west4).")
    found = proposed(b)
    assert not found.get("convention"), found
    # (nor a remark: it asks, and the answer is the finding)
    assert not any("asks which IPs" in t for t in proposed_texts(found)), found


def test_an_offer_answered_with_a_rejected_decision_record_is_falsified(tmp_path):
    # ("We've been there. Pasting the ADR so it's on record: … **Status:** Rejected …" — dev46)
    b = session(tmp_path)
    b.prompt("Finance asks why the payments API keeps two instances running all night. Could it "
             "scale to zero when nobody is using it?")
    b.say("Cloud Run supports it: min_instance_count = 0 and you pay nothing while idle, at the "
          "price of a cold start. Shall I change it in both environments?")
    b.prompt("We've been there. Pasting the ADR so it's on record:\n\n> ## ADR-0011: Scale the "
             "payments API to zero when idle\n>\n> **Status:** Rejected\n>\n> ### Context and "
             "outcome\n> We set the minimum to zero in January. Every status webhook after a "
             "quiet period hit a cold start of 15 seconds against their 10-second timeout.")
    b.say("Leaving it at two.")
    texts = [f["text"] for f in proposed(b).get("falsified", [])]
    assert len(texts) == 1 and texts[0].startswith("Cloud Run supports it: min_instance_count = 0") \
        and "Rejected" in texts[0], texts


SPEC = ("## Context\nThe bank includes entries booked the day after the statement period. Finance "
        "wants them flagged (REC-1544).\n\n## Requirements\n1. Detect entries whose booking date "
        "is outside FrDt..ToDt.\n2. Log a warning with the entry reference.\n\n## Constraints\n"
        "- No behaviour change to matching outside the scope of this ticket.\n- Use the module "
        "versions already pinned; no upgrades in the same PR.\n- Log only via logctx.From(ctx) "
        "(slog, carries stmt_ref); no log.Printf or package-level slog calls.\n\n## Acceptance "
        "criteria\n- [ ] No change in match results.\n- [ ] go test ./... passes.")


def test_a_spec_prompts_constraints_are_rules_and_its_criteria_are_not(tmp_path):
    # (dev46: "No change in match results." under "Acceptance criteria" was kept as a rule,
    # "… outside the scope of this ticket" too, and the logging rule was not)
    b = session(tmp_path)
    b.prompt(SPEC)
    b.say("Entries booked outside FrDt..ToDt now log a warning through logctx.From(ctx).")
    rules = [f["text"] for f in proposed(b).get("convention", [])]
    assert any(r.startswith("Log only via logctx.From(ctx)") for r in rules), rules
    assert not any("match results" in r or "this ticket" in r for r in rules), rules


def test_a_list_item_is_a_rule_of_its_own(tmp_path):
    # (the next item named code, so it was glued onto this one)
    b = session(tmp_path)
    b.prompt("## Constraints\n- Migrations always get a reversible down step.\n- No secret "
             "material in Terraform: no google_secret_manager_secret_version, no values in "
             "tfvars.\n\nAdd the webhook secret.")
    b.say("Added the secret and its IAM binding.")
    rules = [f["text"] for f in proposed(b).get("convention", [])]
    assert "Migrations always get a reversible down step." in rules, rules


@pytest.mark.parametrize(("ask", "path", "items"), [
    # (a to-do list the user asked to have the follow-ups written in: tasks, not rules)
    ("add the follow-ups to TODO.md", "TODO.md",
     "- Add an integration test for the webhook retry with a fake Stripe timeout\n"
     "- Audit the other Stripe calls for missing idempotency keys\n"),
    ("write that down in the notes", "NOTES.md",
     "- [ ] Add an integration test for the webhook retry with a fake Stripe timeout\n"
     "- [ ] Audit the other Stripe calls for missing idempotency keys\n"),
])
def test_tasks_written_down_as_asked_are_no_facts(tmp_path, ask, path, items):
    b = session(tmp_path)
    b.prompt("the webhook retry double-charged customers when stripe timed out")
    b.say("Fixed: the retry now sends an idempotency key.")
    b.prompt(ask)
    b.run("Edit", {"file_path": path, "old_string": "## Next\n",
                   "new_string": "## Next\n\n" + items},
          f"The file {path} has been updated.")
    b.say("Done.")
    texts = proposed_texts(proposed(b))
    assert not any("integration test" in t or "Audit the other" in t for t in texts), texts


def test_a_fix_written_down_so_nobody_goes_hunting_for_it_again_is_no_dead_end(tmp_path):
    # ("so we don't go hunting for it again" files a way that works; "go down this road again"
    # an approach given up)
    assert not fact_rules.NOT_AGAIN_FILED.search(
        "write it up in RUNBOOK.md so we don't go hunting for it again")
    b = session(tmp_path)
    b.prompt("the nightly export died again with a disk full error on the worker")
    b.say("The tmp dir on the worker fills with old parquet chunks; clearing /var/tmp/export "
          "fixed it.")
    b.prompt("write it up in RUNBOOK.md so we don't go hunting for it again")
    b.run("Edit", {"file_path": "RUNBOOK.md", "old_string": "## Export\n",
                   "new_string": "## Export\n\n### Nightly export fails with disk full\n\nThe "
                                 "export writes parquet chunks to /var/tmp/export on the worker "
                                 "and never deletes them. Clear the directory and rerun the job "
                                 "with `make export-nightly`.\n"},
          "The file RUNBOOK.md has been updated.")
    b.say("Done.")
    assert not proposed(b).get("falsified")


def test_an_adopted_decision_in_a_decision_log_is_no_falsified_finding(tmp_path):
    # (the review: "We dropped npm for the frontend" drops the old way, not the entry's)
    b = session(tmp_path)
    b.prompt("record the pnpm switch in docs/decisions.md")
    b.run("Edit", {"file_path": "docs/decisions.md", "old_string": "## Decisions\n",
                   "new_string": "## Decisions\n\n### Frontend packages move to pnpm\n\nWe "
                                 "dropped npm for the frontend: pnpm's store cut CI installs from "
                                 "4 minutes to 50 seconds and its strict node_modules caught two "
                                 "undeclared imports.\n"},
          "The file docs/decisions.md has been updated.")
    b.say("Recorded.")
    assert not proposed(b).get("falsified")
