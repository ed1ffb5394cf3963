"""Capture rules of the twenty-fourth pass (read on dev39, a genomics core's pipeline work)."""

from __future__ import annotations

import pytest
from capture_helpers import proposed, session

from rlat.capture import commands, fact_rules


def _recovery(tmp_path, failed: str, error: str, worked: str, output: str) -> list[str]:
    b = session(tmp_path)
    b.prompt("start the job for the test flow cell please")
    b.run("Bash", {"command": failed}, error, is_error=True)
    b.run("Bash", {"command": worked}, output)
    b.say("It's running now.")
    return [f["text"] for f in proposed(b).get("recovery", [])]


def test_a_profile_the_program_does_not_know_makes_the_command_the_wrong_one(tmp_path):
    texts = _recovery(
        tmp_path, "nextflow run . -profile slurm --outdir /scratch/demux -bg",
        "ERROR ~ Unknown configuration profile: 'slurm'\n\nDid you mean one of these?\n"
        "    calder",
        "nextflow run . -profile calder,apptainer --outdir /scratch/demux -bg",
        "Launching `./main.nf` [sharp_curie] DSL2 - revision: 4c1e9a2")
    assert len(texts) == 1 and texts[0].startswith(
        "Use `nextflow run . -profile calder,apptainer --outdir /scratch/demux -bg` here "
        "(`nextflow run . -profile slurm")


@pytest.mark.parametrize("error,wrong", [
    ("ERROR ~ Unknown configuration profile: 'slurm'", True),
    ("error: unknown option '--fast'", True),
    ("Unknown CMake preset 'relase'", True),
    ("KeyError: 'unknown lane 9'", False),
    ("RuntimeError: unknown error while reading the run folder", False),
    ("Error: unknown shorthand flag: 'n' in -n", True),
    # (an option a config file names, warned about, is not the command's)
    ("PytestConfigWarning: Unknown config option: asyncio_mode", False),
    ("UserWarning: Unknown distribution option: 'tests_require'", False),
])
def test_what_the_program_does_not_know_is_the_command_s_fault(error, wrong):
    assert bool(fact_rules.ENV_ERROR.search(error)) is wrong


PYTEST_OUTPUT = """\
tests/test_invoice.py .....F......                                        [100%]

=================================== FAILURES ===================================
>       assert invoice_total([Line(1, "0.105")]) == Decimal("0.11")
E       AssertionError: assert Decimal('0.10') == Decimal('0.11')

tests/test_invoice.py:41: AssertionError
=============================== warnings summary ===============================
  /usr/lib/python3/dist-packages/_pytest/config/__init__.py:1373: PytestConfigWarning: \
Unknown config option: asyncio_mode

=========================== short test summary info ============================
FAILED tests/test_invoice.py::test_total_rounding - AssertionError: assert Decimal('0.10') \
== Decimal('0.11')
==================== 1 failed, 11 passed, 1 warning in 0.31s ===================="""


def test_a_config_option_warned_about_does_not_make_a_test_run_the_wrong_one(tmp_path):
    # (the tests failed for the code; the rerun after the fix is no recovery)
    b = session(tmp_path)
    b.prompt("the invoice totals test is failing, can you fix it?")
    b.run("Bash", {"command": "pytest tests/test_invoice.py"}, PYTEST_OUTPUT, is_error=True)
    b.say("invoice_total quantizes with ROUND_HALF_EVEN, so 0.105 becomes 0.10.")
    b.run("Edit", {"file_path": "/home/user/project/billing/invoice.py",
                   "old_string": "ROUND_HALF_EVEN", "new_string": "ROUND_HALF_UP"},
          "The file has been updated.")
    b.run("Bash", {"command": "pytest tests/test_invoice.py -q"}, "12 passed in 0.20s")
    b.say("Fixed: totals round half up now; all 12 tests pass.")
    assert not proposed(b).get("recovery")


def test_a_recovery_names_the_step_of_its_chain_that_does_the_failed_job(tmp_path):
    shell = ' && python manage.py shell -c "from runs.tasks import export as t; ' \
            'print(t.delay(412).get(timeout=30))"'
    texts = _recovery(
        tmp_path, "celery -A config worker -l info --detach" + shell,
        "Traceback (most recent call last):\ncelery.exceptions.TimeoutError: The operation "
        "timed out.",
        "celery -A config control shutdown && celery -A config worker -Q default,exports "
        "-l info --detach" + shell,
        "-> celery@lt: OK\nmedia/exports/0033.csv")
    assert len(texts) == 1
    assert texts[0].startswith("Use `celery -A config control shutdown && celery -A config "
                               "worker -Q default,exports -l info --detach` here")


def test_a_chain_without_a_failed_command_to_match_is_cut_at_its_first_job():
    chain = "helm list -n notify && helm rollback notify 41 -n notify && kubectl rollout " \
            "status deploy/notify -n notify"
    assert commands.up_to_job(chain) == "helm list -n notify && helm rollback notify 41 -n notify"
    # (the failed command it recovers from picks the step that does that job)
    assert commands.up_to_job("celery -A c control shutdown && celery -A c worker -Q a,b",
                              like="celery -A c worker -l info") == \
        "celery -A c control shutdown && celery -A c worker -Q a,b"


def test_what_the_user_files_under_rejected_is_a_falsified_finding(tmp_path):
    b = session(tmp_path)
    b.prompt("people keep suggesting 'django-import-export for rack CSVs'. add it to "
             "docs/decisions.md under rejected, with why: we tried django-import-export when the "
             "scanner arrived. it writes row by row so a bad rack got half imported, it can't "
             "check the plate map up front")
    b.run("Edit", {"file_path": "docs/decisions.md", "old_string": "## Rejected\n",
                   "new_string": "## Rejected\n\n### django-import-export\n"}, "ok")
    b.say("Added under Rejected in docs/decisions.md.")
    (found,) = proposed(b)["falsified"]
    assert "we tried django-import-export when the scanner arrived" in found["text"]
    assert "half imported" in found["text"]


@pytest.mark.parametrize("text,label", [
    ("put it under 'Rejected': we tried x", True),
    ("rejected alternatives: a message queue", True),
    ("the PR was rejected: too big", False),
    ("Renovate rejected: the lockfile is stale", False),
])
def test_the_rejected_label_is_a_heading_things_are_filed_under(text, label):
    assert bool(fact_rules.DEAD_END_LABEL.search(text)) is label


def _ruled_out_session(tmp_path, ruled_out: str):
    b = session(tmp_path)
    b.prompt("demux died on lane 3 only.\n\nERROR: Sample sheet validation failed\nLane 3: "
             "index lengths are inconsistent (Index: 8, 10)")
    b.say("First guess is stale state — clearing it.")
    b.run("Bash", {"command": "nextflow clean -f -before last -q"}, "")
    b.say(ruled_out)
    b.run("Bash", {"command": "python bin/split_samplesheet.py --explain --lane 3 s.csv"},
          "lane 3: 96 samples\n  index 10: 88\n  index 8: 8\nwriting 1 sub-sheet for lane 3")
    b.say("Lane 3 mixes 10 bp and 8 bp indexes, and BCL Convert needs one read structure per "
          "sheet, so the splitter has to split a lane by index length and give each sub-sheet "
          "its own OverrideCycles.")
    return [f["text"] for f in proposed(b).get("gotcha", [])]


@pytest.mark.parametrize("ruled_out", [
    "That wasn't it; the error doesn't come from leftover state.",
    "No, that's not the cause - the error comes from somewhere else.",
])
def test_a_guess_ruled_out_is_no_explanation_and_the_next_one_is(tmp_path, ruled_out):
    (gotcha,) = _ruled_out_session(tmp_path, ruled_out)
    assert "OverrideCycles" in gotcha and "wasn't it" not in gotcha


@pytest.mark.parametrize("said", [
    "That wasn't it: lane 3 mixes 10 bp and 8 bp indexes, and BCL Convert needs one read "
    "structure per sheet, so the splitter has to split a lane by index length.",
    "So that's not the problem; the real problem is that lane 3 mixes 10 bp and 8 bp indexes "
    "and BCL Convert needs one read structure per sheet.",
    # (after a colon the rest is the explanation, a denial in it too: the review's open note)
    "That wasn't it: BCL Convert doesn't take two index lengths in one sheet, it needs one read "
    "structure per sheet.",
])
def test_a_guess_ruled_out_in_the_sentence_that_explains_is_still_the_explanation(tmp_path, said):
    b = session(tmp_path)
    b.prompt("demux died on lane 3 only.\n\nERROR: Sample sheet validation failed\nLane 3: "
             "index lengths are inconsistent (Index: 8, 10)")
    b.say("First guess is stale state — clearing it.")
    b.run("Bash", {"command": "nextflow clean -f -before last -q"}, "")
    b.run("Bash", {"command": "python bin/split_samplesheet.py --explain --lane 3 s.csv"},
          "lane 3: 96 samples\n  index 10: 88\n  index 8: 8\nwriting 1 sub-sheet for lane 3")
    b.say(said)
    (gotcha,) = [f["text"] for f in proposed(b).get("gotcha", [])]
    assert "one read structure per sheet" in gotcha


def test_a_remedy_said_as_what_doing_it_strips_is_kept_with_its_explanation(tmp_path):
    b = session(tmp_path)
    b.prompt("Rack imports stopped working after the scanner PC got updated. every file fails\n\n"
             "```\nTraceback (most recent call last):\n  File \"racks/importers.py\", line 57\n"
             "    rack_id = row[\"Rack ID\"]\nKeyError: 'Rack ID'\n```\n\ncan you dig in?")
    b.run("Bash", {"command": "head -c 32 tmp/FX0419.csv | xxd"},
          "00000000: efbb bf52 6163 6b20 4944 2c54 7562 6520  ...Rack ID,Tube ")
    b.say("The updated scanner software puts a UTF-8 byte-order mark at the start of every "
          "file. Read as plain utf-8 the BOM stays glued to the first header, so the column is "
          "'\\ufeffRack ID' and row['Rack ID'] raises KeyError. Opening with "
          "encoding='utf-8-sig' strips the BOM and still reads files that don't have one.")
    texts = [f["text"] for f in proposed(b).get("gotcha", [])]
    assert any("raises KeyError" in t and "utf-8-sig" in t for t in texts), texts


@pytest.mark.parametrize("text,tokens", [
    ("the export runs at 7:30pm every night on prod-db", {"time:7:30"}),
    ("the export runs at 7:30 PM every night on prod-db", {"time:7:30"}),
    ("the kiosk screens are 16:10 aspect, so the header wraps", set()),
    ("traffic goes a 20:80 split between the blue and green pools", set()),
    ("the api listens on host:8080 in the staging compose file", {"port:8080"}),
])
def test_a_time_written_with_its_pm_is_a_time_and_a_ratio_is_neither_time_nor_port(text, tokens):
    assert {t for t in fact_rules.salient_tokens(text) if t.startswith(("time:", "port:"))} \
        == tokens
