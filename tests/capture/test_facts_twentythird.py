"""Capture rules of the twenty-third pass: hostile input (long runs of marks) costs linear time."""

from __future__ import annotations

import time

import pytest
from capture_helpers import proposed, session

from rlat.capture import agreement, commands, fact_rules, facts
from rlat.capture.pipeline import capture_transcript
from rlat.retrieval import abstention

# Each pattern below once scanned the rest of a run from every mark or letter of it (a lead
# like ", " or "- " then ``\W*``, a space run, a dotted or ``::`` name): 0.05-0.7 s on 4,000
# characters, ~25x that on 20,000.
RUNS = ["- " * 10_000, ", " * 10_000, ": " * 10_000, "  " * 10_000, "\t" * 20_000,
        "a." * 10_000, "ab_" * 7_000]
PATTERNS = [("RULE", fact_rules.RULE.search), ("HOW_DONE", fact_rules.HOW_DONE.search),
            ("KEEP_IN_MIND", fact_rules.KEEP_IN_MIND.search),
            ("NORMATIVE", fact_rules.NORMATIVE.search),
            ("RELAYED_RULE", fact_rules.RELAYED_RULE.search),
            ("SUGGEST_LEAD", fact_rules.SUGGEST_LEAD.search),
            ("REMEDY", fact_rules.REMEDY.match), ("_TAIL_ASIDE", facts._TAIL_ASIDE.search),
            ("_CLAUSE_END", agreement._CLAUSE_END.split),
            ("TOLD_THEN_ASKED", fact_rules.TOLD_THEN_ASKED.search),
            ("_TRAILING_TRIM", commands._TRAILING_TRIM.search),
            ("CODE_NAME", abstention.CODE_NAME.findall)]


@pytest.mark.parametrize("name,scan", PATTERNS, ids=[n for n, _ in PATTERNS])
def test_a_long_run_of_marks_is_read_in_linear_time(name, scan):
    started = time.perf_counter()
    for run in RUNS:
        scan(run)
    assert time.perf_counter() - started < 1.0, name  # (quadratic: 5-30 s)


def test_a_rule_trailed_by_a_run_of_commas_is_captured_quickly_and_still_read(tmp_path):
    b = session(tmp_path)
    b.prompt("we always keep the build green and the docs up to date " + ", " * 10_000)
    b.say("Understood.")
    started = time.perf_counter()
    capture_transcript(b.write(tmp_path / "t.jsonl"), dry_run=True)
    assert time.perf_counter() - started < 2.0  # (was ~2.3 s at half this length)


@pytest.mark.parametrize("text", [
    "use tabs, no spaces anywhere in the makefiles",
    "ok - no mocks in the service layer",
    "yes:  no print() in library code",
])
def test_the_leads_still_read_a_rule(text):
    assert fact_rules.RULE.search(text)


@pytest.mark.parametrize("text,kept", [
    ("Always run make check before pushing - keep that in mind", True),
    ("Always run make check before pushing;   keep it in mind.", True),
    ("Always run make check before pushing", False),
])
def test_keep_in_mind_still_ends_a_rule(text, kept):
    assert bool(fact_rules.KEEP_IN_MIND.search(text)) is kept


def test_code_names_are_still_found_whole():
    assert abstention.CODE_NAME.findall("QLocale::c, ::Foo, umqtt.simple, io.quarkus.cache, "
                                        "config.toml") == ["QLocale::c", "::Foo", "umqtt.simple",
                                                           "io.quarkus.cache"]


def test_a_trimmed_command_still_loses_only_its_tail():
    assert commands.bare("pytest -q   2>&1 | tail -3") == "pytest -q"
    assert commands.bare("make  &&  git status --short") == "make"


def test_the_remedy_lead_still_reads_past_marks_and_lines():
    assert fact_rules.REMEDY.match("- **set** PGHOST before starting")
    assert fact_rules.REMEDY.match("\n\n> the fix is to pin the version")
    assert not fact_rules.REMEDY.match("- - the build was slow")


@pytest.mark.parametrize("text,ports,times", [
    ("at 7:30 pm Central it was already 00:30 on the 26th", [], ["time:00:30", "time:7:30"]),
    ("the log shows start at 1:12:07 and the kill at 1:18:07", [], ["time:1:12:07", "time:1:18:07"]),
    ("redis on localhost:6379, the api on 10.0.0.5:80 and [::1]:8080", ["port:6379", "port:80",
                                                                      "port:8080"], []),
    ("the CAMS import runs from cron at 04:30 UTC", [], ["time:04:30"]),
    # (a port mapping is none: hours past 23, a protocol after it, quotes around it)
    ("docker run -p 53:53/udp and compose's ports: - \"22:22\"", ["port:22", "port:53"], []),
])
def test_a_time_of_day_is_no_port(text, ports, times):
    # (read as ports, "7:30 pm" and "00:30" gave two unrelated facts the subject
    # environment:port:30)
    tokens = fact_rules.salient_tokens(text)
    assert sorted(t for t in tokens if t.startswith("port:")) == ports
    assert sorted(t for t in tokens if t.startswith("time:")) == times


def test_a_statement_of_when_a_job_runs_is_an_environment_fact_under_its_time(tmp_path):
    b = session(tmp_path)
    b.prompt("fyi the forecast import runs from cron on the vm at 04:30 UTC every night.")
    b.say("Noted.")
    found = proposed(b)
    assert [f["subject"] for f in found.get("environment", [])] == ["environment:time:04:30"]


def _time_zone_session(tmp_path, pointing: str):
    b = session(tmp_path)
    b.prompt("The advance posted last night with posting date the 26th. It ran at 7:30pm on the "
             "25th. Dale is not happy, at month end that's the wrong period")
    b.say("Reproducing it first.")
    b.run("Bash", {"command": "pwsh -c './scripts/Run-JobQueueEntry.ps1 -Codeunit Advance'"},
          "[09:40:51] 3 apps\n[09:40:58] Posting date 26-05 for run at 19:30 CST\n[09:41:00] done",
          is_error=True)
    b.say(pointing)
    b.run("Bash", {"command": "pwsh -c 'Get-NAVUser -UserName MILKPAY-JQ | Select TimeZone'"},
          "UserName    TimeZone\n--------    --------\nMILKPAY-JQ")
    b.say("Its time zone is blank, which means UTC, so at 7:30 pm Central it was already 00:30 on "
          "the 26th. Setting MILKPAY-JQ to Central Standard Time makes the posting date follow "
          "the Wisconsin calendar.")
    return b


@pytest.mark.parametrize("pointing", ["Most of that is normal; the lines in the middle aren't.",
                                      "Most of that is fine; the bit at the bottom isn't."])
def test_pointing_at_lines_somewhere_in_the_output_is_no_explanation(tmp_path, pointing):
    (gotcha,) = proposed(_time_zone_session(tmp_path, pointing))["gotcha"]
    assert gotcha["text"].startswith("Its time zone is blank, which means UTC")


def test_a_yes_to_what_the_assistant_proposed_is_no_problem_reported(tmp_path):
    b = session(tmp_path)
    b.prompt("Dale wants a report of members whose SCC premium changed tier this month. Options?")
    b.say("An Excel-backed query would do it, or an AL report. Which?")
    b.prompt("Yes, and only members with a tier change, not everyone")
    b.run("Write", {"file_path": "src/Reports/SccTierChanges.Query.al", "content": "query 50429"},
          "File created successfully at: src/Reports/SccTierChanges.Query.al")
    b.say("Query 50429 lists only members whose tier changed; Dale can open it in Excel from the "
          "role center.")
    assert not proposed(b).get("gotcha")


def test_an_idea_the_record_shows_tried_and_dropped_is_a_falsified_finding_with_why(tmp_path):
    b = session(tmp_path)
    b.prompt("why do we maintain our own ACH file thing? BC has a payment export built in")
    b.run("Read", {"file_path": "docs/parking-lot.md"},
          "- ~~Standard US EFT export for member ACH~~ — tried, dropped. No 705 addenda.")
    b.say("It's struck through on the parking lot — tried and dropped. The standard US EFT export "
          "writes CCD entry records with no 705 addenda records, and AgriFirst's validator "
          "rejects the whole file without them.")
    (finding,) = proposed(b)["falsified"]
    assert "tried and dropped" in finding["text"] and "no 705 addenda" in finding["text"]
    assert not proposed(b).get("environment")


def _usb_session(tmp_path, opening: str):
    b = session(tmp_path)
    b.prompt("First load this morning: 'Could not open COM3'. Cody replugged the USB adapter and it "
             "worked. Third time this month, always the first load after a quiet night\n\n"
             "04:52:10 TFlowPollThread: Could not open COM3 (error 2)")
    b.run("Bash", {"command": "powershell.exe -c \"powercfg /q SCHEME_CURRENT\" | tail -4"},
          "    Power Setting Index: 0x00000001\n  Current AC Power Setting Index: 0x00000001")
    b.say(opening + " After a quiet night Windows suspends the FTDI adapter, COM3 disappears and "
          "the poll thread can't open it until someone replugs it.")
    return b


def test_an_explanation_carries_the_condition_its_message_opens_with(tmp_path):
    (gotcha,) = proposed(_usb_session(
        tmp_path, "Windows' USB selective suspend is on in the bay PC's power plan, and the "
                  "adapter is allowed to be turned off to save power."))["gotcha"]
    assert gotcha["text"].startswith("Windows' USB selective suspend is on")
    assert "Windows suspends the FTDI adapter" in gotcha["text"]


@pytest.mark.parametrize("opening", ["Let me check the power plan next.",
                                     "Most of that is normal; the lines at the end aren't."])
def test_an_explanation_does_not_carry_narration_or_a_pointer_before_it(tmp_path, opening):
    (gotcha,) = proposed(_usb_session(tmp_path, opening))["gotcha"]
    assert gotcha["text"].startswith("After a quiet night Windows suspends the FTDI adapter")


@pytest.mark.parametrize("command,tail", [
    ("npx clasp deploy --deploymentId AKfycbw0123456789 --versionNumber 57 " + "--force " * 12
     + "--description 'pickup log fix'", "'pickup log fix'"),
    ("gh release create v1.4.2 --repo tamarack/haybarrow " + "--verify-tag " * 12
     + '--notes="pickup log fix"', '--notes="pickup log fix"'),
])
def test_a_long_command_keeps_its_last_quoted_argument_whole(command, tail):
    from rlat.capture.commands import as_said

    said = as_said(command)
    assert said.endswith(" … " + tail) and len(said) <= 160


# ------------------------------------------------------------------ review of the pass


@pytest.mark.parametrize("text,times", [
    ("the CAMS import runs from cron at 04:30.", ["time:04:30"]),
    ("it was already 00:30!", ["time:00:30"]),
    ("the backup on the nas runs at 1:12:07.", ["time:1:12:07"]),
])
def test_a_time_of_day_ending_a_sentence_is_no_port(text, times):
    # (the full stop after the minutes read as a version's dot: "04:30." was port:30 again)
    tokens = fact_rules.salient_tokens(text)
    assert sorted(t for t in tokens if t.startswith("port:")) == []
    assert sorted(t for t in tokens if t.startswith("time:")) == times


def test_two_times_ending_their_sentences_are_two_facts(tmp_path):
    b = session(tmp_path)
    b.prompt("fyi the forecast import runs from cron on the vm at 04:30. The backup job on the "
             "nas runs from cron at 01:30.")
    b.say("Noted.")
    found = proposed(b)
    assert sorted(f["subject"] for f in found.get("environment", [])) == [
        "environment:time:01:30", "environment:time:04:30"]


@pytest.mark.parametrize("said", [
    "Nobody has tried and rejected Redis for sessions here; the log has no such change.",
    "It hasn't been tried and dropped before, as far as the log goes.",
    "This was never tried and abandoned: there is no commit or ADR about it.",
])
def test_an_idea_never_tried_and_dropped_is_no_falsified_finding(tmp_path, said):
    # (the record saying it was NOT tried and dropped opened a falsified finding all the same)
    b = session(tmp_path)
    b.prompt("has anyone tried moving the session store to redis before? check the history")
    b.run("Bash", {"command": "git log --oneline --grep redis"},
          "4f2a1c1 add retry wrapper around http client")
    b.say(said + " The only related commit is 4f2a1c1, which added the retry wrapper around the "
          "HTTP client and never touched the session store.")
    assert not fact_rules.TRIED_FOUND.match(said)
    assert not proposed(b).get("falsified")


@pytest.mark.parametrize("text", [
    "." * 3_000,  # (a wait loop's dots: "until pg_isready; do printf .; sleep 1; done")
    "- " + "." * 3_000,
    "Written to " + "." * 3_000 + " and more",
], ids=["dots", "bullet", "written"])
def test_a_run_of_dots_is_read_as_no_report_of_code_work_in_linear_time(text):
    # (``\S*[/.]\S*`` after ``^\W*``: each dot could end the marks, start the path or be its
    # dot — 0.5 s on 1,000 dots, 24 s for the capture of a transcript with 3,900)
    started = time.perf_counter()
    assert not fact_rules.about_code(text)
    assert time.perf_counter() - started < 0.5


@pytest.mark.parametrize("text,told", [
    (".env updated", True), ("- docs/SETUP.md updated.", True), ("`/etc/hosts` updated", True),
    ("-- ./x updated", True), ("Written to docs/postmortems/2024-05-01.md", True),
    ("Written to docs/x.md .", True), ("Saved as out.csv!", True),
    ("the docs/SETUP.md file is updated", False), ("Written to the wiki", False),
    ("- . x updated", False),
])
def test_a_report_of_where_work_went_is_still_read(text, told):
    assert fact_rules.about_code(text) is told


def test_a_transcript_with_a_line_of_wait_dots_is_captured_quickly(tmp_path):
    b = session(tmp_path)
    b.prompt("the deploy hangs on staging")
    b.say("The log shows:\n\n" + "." * 3_900 + "\n\nIt waits for the database forever.")
    started = time.perf_counter()
    capture_transcript(b.write(tmp_path / "t.jsonl"), dry_run=True)
    assert time.perf_counter() - started < 2.0


def _phone_session(tmp_path, reply):
    b = session(tmp_path)
    b.prompt("add photo upload to the incident report form")
    b.run("Write", {"file_path": "src/upload.py", "content": "def upload(): ..."},
          "File created successfully at: src/upload.py")
    b.say("Photo upload is in src/upload.py and goes to the same bucket as the report PDFs. Have "
          "you tried it on a phone yet?")
    b.prompt(reply)
    b.run("Read", {"file_path": "src/upload.py"},
          "def normalize(img):\n    return img  # no exif handling")
    b.say("The upload keeps the camera's EXIF orientation tag but never rotates the pixels, so the "
          "web map shows the raw sensor orientation while the app honours the tag. Applying "
          "ImageOps.exif_transpose before saving fixes it.")
    return b


@pytest.mark.parametrize("reply", [
    "Yes, photos attached to reports show up sideways on the council's web map. they look fine "
    "in the app",
    "yeah, on my pixel: photos attached to reports show up sideways on the council's web map. "
    "they look fine in the app",
])
def test_a_yes_answering_a_question_can_still_report_a_problem(tmp_path, reply):
    # (a yes answers "have you tried it?" as well as it accepts an offer: what follows it is a
    # report, and the explanation after it was lost to two remarks)
    (gotcha,) = proposed(_phone_session(tmp_path, reply))["gotcha"]
    assert gotcha["text"].startswith("The upload keeps the camera's EXIF orientation tag")


def test_an_approach_the_user_files_under_tried_and_dropped_is_a_falsified_finding(tmp_path):
    b = session(tmp_path)
    b.prompt("Add to the Q2 IT report under tried-and-dropped: Prerendered product pages. Sam "
             "added a prerender step in the spring. Stock got baked in at build time, a sold-out "
             "wheel showed Add to cart all afternoon and Bethany had to refund two orders")
    b.run("Edit", {"file_path": "docs/board/it-report-q2.md"}, "The file has been updated.")
    b.say("Added under \"Tried and dropped\" in docs/board/it-report-q2.md.")
    (finding,) = proposed(b)["falsified"]
    assert finding["text"].startswith("Tried-and-dropped: Prerendered product pages. Sam added a "
                                      "prerender step")


@pytest.mark.parametrize("prompt", [
    "Add a section to the report under tried-and-dropped: nothing to report this quarter, "
    "nobody has tried anything new.",
    "dead ends: ?",
])
def test_a_dead_end_label_with_no_story_after_it_is_no_finding(tmp_path, prompt):
    b = session(tmp_path)
    b.prompt(prompt)
    b.say("Done.")
    assert not proposed(b).get("falsified")
