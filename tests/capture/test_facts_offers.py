"""Capture of the twelfth pass (docs/capture.md, "Twelfth pass"): an approach the assistant
offers and the user turns down with why it was dropped before — one of the options it listed by
letter, a plan rejected at plan mode's prompt, an approach it asked about ("was X ever
tried?"); the command the user names when asked how a thing is done; what is written into
Claude Code's memory files."""

from __future__ import annotations

import pytest
from capture_helpers import facts_of, session

from rlat.capture.pipeline import capture_transcript

TWO_WAYS = ("Before writing any code, I see two ways:\n\n"
            "(a) switching on Duplicate Rules for Contact that block an insert on an exact email "
            "match\n"
            "(b) leave inserts alone and extend the nightly DonorMergeBatch to merge on a "
            "normalised email\n\n"
            "(a) looks simpler to me.")


def falsified(b) -> list[str]:
    return [f["text"] for f in facts_of(capture_transcript(b.write(b.path), dry_run=True))
            .get("falsified", [])]


def offered_two_ways(tmp_path, answer: str) -> list[str]:
    b = session(tmp_path)
    b.prompt("we've got about 900 duplicate donor contacts. can we stop new ones appearing?")
    b.say(TWO_WAYS)
    b.prompt(answer)
    b.say("Okay, (b) then.")
    return falsified(b)


@pytest.mark.parametrize("answer", [
    "not (a). the WMS upserts donors in bulk every night, and when those rules were switched on "
    "last spring 12% of its batch failed with DUPLICATES_DETECTED",
    "(a) is a no - we had those rules last spring and the nightly WMS import stalled for three "
    "nights",
    "b please. a: we tried those rules last spring, the WMS import failed with "
    "DUPLICATES_DETECTED for three nights",
])
def test_a_listed_option_the_user_turns_down_by_its_letter_is_falsified(tmp_path, answer):
    found = offered_two_ways(tmp_path, answer)
    assert len(found) == 1 and found[0].startswith("Switching on Duplicate Rules for Contact") \
        and "WMS" in found[0], found


@pytest.mark.parametrize("answer", [
    "b, and not a problem if the merge report goes out a day late",  # no letter refused
    "not (a) for now - let's start with (b) and see",  # refused, but for no reason
    "b please",
])
def test_picking_an_option_or_putting_one_off_is_no_finding(tmp_path, answer):
    assert offered_two_ways(tmp_path, answer) == []


PLAN = {"plan": "## Plan\n\n**Approach:** Turning on system.autoUpgrade on all three machines - "
                "pull the flake nightly and reboot when needed.\n\n1. Prototype it on a branch\n"
                "2. Ask for review"}
REJECTED = ("The user doesn't want to proceed with this tool use. The tool use was rejected (eg. "
            "if it was a file edit, the new_string was NOT written to the file). To tell you how "
            "to proceed, the user said:\n")


def rejected_plan(tmp_path, feedback: str) -> list[str]:
    b = session(tmp_path)
    b.prompt("deploys only happen when one of us remembers. can we automate it?")
    b.run("ExitPlanMode", PLAN, REJECTED + feedback, is_error=True)
    b.say("Okay, a different approach then.")
    return falsified(b)


def test_a_plan_rejected_with_why_it_was_dropped_before_is_falsified(tmp_path):
    found = rejected_plan(tmp_path, "not this. atrium had it in 2022. it rebooted at 04:00 the "
                                    "week people were saving at 4am and the reboot ate a "
                                    "half-saved Revit model")
    assert len(found) == 1 and found[0].startswith("Turning on system.autoUpgrade") \
        and "Revit" in found[0], found


def test_a_plan_rejected_for_another_reason_is_no_finding(tmp_path):
    assert rejected_plan(tmp_path, "no, first write the weekly update PR job, then we can talk "
                                   "about reboots") == []


def asked_if_tried(tmp_path, answer: str) -> list[str]:
    b = session(tmp_path)
    b.prompt("the board on the boathouse tablet lags - changes show up 20 s late. make it live?")
    b.say("Quick history question: was pushing board updates over a WebSocket fed by kv.watch "
          "ever tried?")
    b.prompt(answer)
    b.say("Good to know.")
    return falsified(b)


def test_an_approach_asked_about_and_answered_as_tried_and_dropped_is_falsified(tmp_path):
    found = asked_if_tried(tmp_path, "tried in the first winter. the tablets' browser kills the "
                                     "socket whenever the screen dims and never reconnects")
    assert len(found) == 1 and "WebSocket" in found[0] and "screen dims" in found[0], found
    assert not found[0].startswith("Quick history question")


@pytest.mark.parametrize("answer", [
    "no, never tried. go ahead, but the tablets are cheap so don't expect much",
    "yes, we tried it last year and it worked fine - it was removed with the old host",
])
def test_an_approach_never_tried_or_that_went_well_is_no_finding(tmp_path, answer):
    assert asked_if_tried(tmp_path, answer) == []


@pytest.mark.parametrize("said", [
    "colmena, always: `colmena apply --on @office --keep-result`, so the build stays as a gc root "
    "and we can roll back even if the cache is gone",
    "how to undo last commit but keep changes",
])
def test_a_prompt_that_only_mentions_undoing_makes_the_next_report_no_finding(tmp_path, said):
    b = session(tmp_path)
    b.prompt(said)
    b.run("Bash", {"command": "colmena apply --on @office --keep-result"},
          "atrium ✅ 48s Activation successful")
    b.say("The NTP change is live on atrium, loft and porch - deployed with `colmena apply --on "
          "@office --keep-result`, and the builds are kept as GC roots in .gcroots/.")
    assert falsified(b) == []


def deploy_answered(tmp_path, *, asked: bool) -> list[str]:
    b = session(tmp_path)
    b.prompt("deploy the new NTP servers to all three machines")
    if asked:
        b.say("How are deploys normally done here - colmena, or nixos-rebuild with some flags?")
    b.prompt("colmena, always. I think it's `colmena apply --on @office --keep-result`... yes")
    b.run("Bash", {"command": "colmena apply --on @office --keep-result"},
          "atrium ✅ 48s Activation successful")
    b.say("Deployed to atrium, loft and porch.")
    return [f["text"] for f in facts_of(capture_transcript(b.write(b.path), dry_run=True))
            .get("convention", [])]


def test_a_command_the_user_names_when_asked_how_and_that_works_is_how_it_is_done(tmp_path):
    rules = deploy_answered(tmp_path, asked=True)
    assert rules == ["Use `colmena apply --on @office --keep-result` here. [asked: How are "
                     "deploys normally done here - colmena, or nixos-rebuild with some "
                     "flags?]"], rules


def test_a_command_named_unasked_is_an_order_not_how_it_is_done(tmp_path):
    assert deploy_answered(tmp_path, asked=False) == []


def test_what_is_written_into_claude_md_is_kept_line_by_line_under_its_heading(tmp_path):
    b = session(tmp_path)
    b.prompt("remember this for next time")
    b.run("Edit", {"file_path": "CLAUDE.md", "old_string": "## Commands\n",
                   "new_string": "## Commands\n- Run specs with `busted --helper=spec/love_stub.lua`"
                                 " (stubs the love global); plain busted errors on 'love' being "
                                 "nil.\n- Build.\n"}, "The file CLAUDE.md has been updated.")
    b.run("Write", {"file_path": ".claude/rules/web.md",
                    "content": "# Gotchas\n\n* Web build: browsers' autoplay policy blocks audio "
                               "until the first input - start the music on the first click.\n"},
          "File created successfully at: .claude/rules/web.md")
    b.run("Edit", {"file_path": "README.md", "old_string": "x",
                   "new_string": "Run the game with love . from the repo root, it needs LOVE 11.5 "
                                 "installed"}, "ok")
    b.say("Both are in the memory files now.")
    facts = facts_of(capture_transcript(b.write(b.path), dry_run=True))
    assert [f["text"] for f in facts.get("convention", [])] == [
        "Run specs with `busted --helper=spec/love_stub.lua` (stubs the love global); plain busted "
        "errors on 'love' being nil."], facts
    assert [f["text"] for f in facts.get("gotcha", [])] == [
        "Web build: browsers' autoplay policy blocks audio until the first input - start the "
        "music on the first click."], facts


def test_the_rule_a_plan_is_turned_down_for_is_kept_without_the_refusal(tmp_path):
    b = session(tmp_path)
    b.prompt("add a concession price to the ticket types")
    b.run("ExitPlanMode", {"plan": "## Plan\n\n1. Add a `concession_price decimal(8,2)` column"},
          REJECTED + "can't approve this - money is always integer pence - an integer `*_pence` "
                     "column, shown with formatPence() from app/helpers/money.ts. no floats.",
          is_error=True)
    b.say("Revising the plan.")
    rules = [f["text"] for f in facts_of(capture_transcript(b.write(b.path), dry_run=True))
             .get("convention", [])]
    assert rules and rules[0].startswith("Money is always integer pence - an integer `*_pence`"), \
        rules


def test_an_idea_the_user_asks_not_to_go_back_to_with_how_it_went_is_falsified(tmp_path):
    b = session(tmp_path)
    b.prompt("picking this up after a week off. can a random phone read someone's heart rate?\n\n"
             "and please don't go back to the old idea: no bonding. bonding was tried in the "
             "pilot. the straps are shared between patients, every swap meant clearing bonds on "
             "both ends, and classes started ten minutes late")
    b.say("Understood.")
    found = falsified(b)
    assert len(found) == 1 and found[0].startswith("No bonding. bonding was tried in the pilot.") \
        and "ten minutes late" in found[0], found


def test_a_mark_inside_brackets_or_backticks_ends_no_sentence():
    from rlat.capture.facts import sentences

    text = ("The schedule's cron(0 18 * * ? *) has no timezone, so it runs at 18:00 UTC. Run "
            "`git commit -m 'wip. later' --no-verify` only on your branch.")
    assert [text[a:b] for a, b in sentences(text)] == [
        "The schedule's cron(0 18 * * ? *) has no timezone, so it runs at 18:00 UTC.",
        "Run `git commit -m 'wip. later' --no-verify` only on your branch."]


def test_a_rule_said_for_next_time_is_kept_without_its_lead(tmp_path):
    b = session(tmp_path)
    b.prompt("level 7 is too easy - move the second anchor peg two tiles left. before you start, "
             "because I know you'll forget: levels only ever get edited in Tiled - the .tmx "
             "files in maps/ - and exported to levels/*.lua with `make levels`.")
    b.run("Edit", {"file_path": "maps/level07.tmx", "old_string": "x=\"96\"",
                   "new_string": "x=\"64\""}, "ok")
    b.say("Done - one thing worth keeping for next time: Transactional mail = Postmark, stream "
          "tickets-outbound, from boxoffice@wendover.org.uk.")
    rules = [f["text"] for f in facts_of(capture_transcript(b.write(b.path), dry_run=True))
             .get("convention", [])]
    assert rules == ["Levels only ever get edited in Tiled - the .tmx files in maps/ - and "
                     "exported to levels/*.lua with `make levels`.",
                     "Transactional mail = Postmark, stream tickets-outbound, from "
                     "boxoffice@wendover.org.uk."], rules


def test_a_report_said_like_a_gotcha_gives_way_to_its_explanation(tmp_path):
    b = session(tmp_path)
    b.prompt("the new build hangs right after boot on the straps - last log line is 'enabling "
             "softdevice' - but the same build is fine on the DK")
    b.run("Bash", {"command": "git log -3 --oneline -- firmware/src/main.rs"},
          "4be1c0a clock: use the 32 kHz crystal for the SoftDevice")
    b.say("A recent commit set the SoftDevice to the 32 kHz crystal, which the DK has and the "
          "straps don't, so it waits forever because the crystal never starts. Switching back "
          "to NRF_CLOCK_LF_SRC_RC.")
    gotchas = [f["text"] for f in facts_of(capture_transcript(b.write(b.path), dry_run=True))
               .get("gotcha", [])]
    assert len(gotchas) == 1 and gotchas[0].startswith("A recent commit set the SoftDevice"), \
        gotchas


def test_a_whole_memory_file_written_at_once_is_a_document_not_a_note(tmp_path):
    b = session(tmp_path)
    b.prompt("/init")
    lines = "\n".join(f"- The {name} module lives in src/{name}/ and has its own tests in tests/"
                      for name in ("billing", "auth", "search", "orders", "mail", "export", "api"))
    b.run("Write", {"file_path": "CLAUDE.md", "content": f"# Project\n\n{lines}\n"},
          "File created successfully at: CLAUDE.md")
    b.say("Wrote CLAUDE.md.")
    assert facts_of(capture_transcript(b.write(b.path), dry_run=True)) == {}


# What a hostile read of the rules above found them taking wrongly (twelfth pass's review).
def test_answers_to_numbered_questions_or_plan_steps_turn_no_option_down(tmp_path):
    b = session(tmp_path)
    b.prompt("add a CSV export of the orders")
    b.say("A few questions first:\n1. Should the export include archived rows?\n2. Comma or "
          "semicolon?\n3. Should it run nightly?")
    b.prompt("1: no, archived rows are deleted after 30 days anyway. 2: comma. 3: yes")
    b.say("Plan:\n1. Add a `reports_export` Celery task\n2. Add an export button\n3. Write "
          "tests for the task")
    b.prompt("looks good. 3: skip the tests for now, the CI runner is broken until monday")
    b.say("Starting.")
    assert falsified(b) == []


@pytest.mark.parametrize("order", ["that's slower now, we need to revert it",
                                   "hmm worse. I want to roll it back"])
def test_an_order_to_revert_said_with_need_or_want_is_still_one(tmp_path, order):
    b = session(tmp_path)
    b.prompt("make the search results load faster")
    b.run("Edit", {"file_path": "app/search.py", "old_string": "q = Item.query",
                   "new_string": "q = Item.query.options(selectinload(Item.tags))"}, "ok")
    b.say("Added selectinload for the tags.")
    b.prompt(order)
    b.run("Edit", {"file_path": "app/search.py",
                   "old_string": "q = Item.query.options(selectinload(Item.tags))",
                   "new_string": "q = Item.query"}, "ok")
    b.say("Reverted. The selectinload made it slower because it issues a second query per "
          "page of results.")
    assert any("selectinload made it slower" in f for f in falsified(b))


def test_a_gotcha_said_in_a_report_stays_beside_its_explanation(tmp_path):
    b = session(tmp_path)
    b.prompt("the mobile app can't log in against staging since this morning. fyi the staging "
             "API only works when you're on the VPN, the public endpoint is firewalled.")
    b.run("Bash", {"command": "git log -1 --oneline"}, "9f1c2aa rotate staging API keys")
    b.say("The app can't log in to the staging API because this morning's commit rotated the "
          "staging API keys and the app still ships the old one.")
    gotchas = [f["text"] for f in facts_of(capture_transcript(b.write(b.path), dry_run=True))
               .get("gotcha", [])]
    assert any("only works when you're on the VPN" in g for g in gotchas), gotchas


@pytest.mark.parametrize("answer", [
    "it's intended to be temporary, we'll switch it to toLocaleTimeString next month",
    "intended? no, it's a leftover from the old kiosk page, switch it",
    "intentional for now - it's a workaround until the redis upgrade lands",
])
def test_an_answer_that_the_odd_pattern_is_temporary_or_a_leftover_is_no_rule(tmp_path, answer):
    b = session(tmp_path)
    b.prompt("add the launch time to the shout page")
    b.say("The helper in lib/time.ts prints four digits with no colon. Is there a reason for "
          "that, or is it historical?")
    b.prompt(answer)
    b.say("Okay.")
    assert "convention" not in facts_of(capture_transcript(b.write(b.path), dry_run=True))


@pytest.mark.parametrize("answer", [
    "Did you check the ticket? it says the rates change every few minutes, so no point",
    "maybe tried, I honestly don't remember, ask Sam - he'd know why it's not there",
])
def test_a_reply_to_was_it_ever_tried_that_does_not_say_so_is_no_finding(tmp_path, answer):
    b = session(tmp_path)
    b.prompt("the invoice page is slow")
    b.say("The slow part is the per-row currency lookup. Has anyone ever tried caching the "
          "exchange rates per day?")
    b.prompt(answer)
    b.say("Okay.")
    assert falsified(b) == []


@pytest.mark.parametrize("feedback", [
    "no, the column already exists - I added it in the last PR, just wire up the form",
    "nope, I ran it locally and it's not what I want: put the price on the ticket, not the type",
])
def test_a_plan_turned_down_for_what_is_not_a_past_trial_is_no_finding(tmp_path, feedback):
    b = session(tmp_path)
    b.prompt("add a concession price")
    b.run("ExitPlanMode", {"plan": "## Plan\n\n**Approach:** Add a `concession_price` column "
                                   "to ticket_types and show it on the booking page."},
          REJECTED + feedback, is_error=True)
    b.say("Revising.")
    assert falsified(b) == []


def test_work_put_off_for_next_time_is_no_rule(tmp_path):
    b = session(tmp_path)
    b.prompt("park the dark mode work for next time: first get the release notes for 2.4 "
             "written up")
    b.say("Okay.")
    assert "convention" not in facts_of(capture_transcript(b.write(b.path), dry_run=True))


def test_a_command_named_after_a_yes_no_question_is_an_order_not_the_way(tmp_path):
    b = session(tmp_path)
    b.prompt("commit the export work")
    b.say("Committed. Want me to push the branch too?")
    b.prompt("yes, `git push -u origin feat/csv-export`")
    b.run("Bash", {"command": "git push -u origin feat/csv-export"}, "branch set up to track")
    b.say("Pushed.")
    assert "convention" not in facts_of(capture_transcript(b.write(b.path), dry_run=True))


def test_a_memory_files_fences_comments_and_front_matter_are_no_rules(tmp_path):
    b = session(tmp_path)
    b.prompt("write the payment rules down")
    b.run("Write", {"file_path": ".claude/rules/payments.md", "content": (
        "---\ndescription: Conventions for the payment service request handlers\n---\n"
        "<!-- keep this section short, it is loaded every session -->\n"
        "- Always run `make lint` before pushing, because the CI lint job is\n"
        "  stricter than the local pre-commit hook.\n```\ndocker compose up -d postgres redis\n"
        "```\n")}, "File created successfully at: .claude/rules/payments.md")
    b.say("Written.")
    rules = [f["text"] for f in facts_of(capture_transcript(b.write(b.path), dry_run=True))
             .get("convention", [])]
    assert rules == ["Always run `make lint` before pushing, because the CI lint job is "
                     "stricter than the local pre-commit hook."], rules
