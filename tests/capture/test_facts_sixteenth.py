"""Capture of the sixteenth pass (docs/capture.md, "Sixteenth pass"): a command that hung
under `timeout` or asked a build for a job it does not define, recovered; the sentence that
says in code how a rule is kept; an offer turned down with how it went when it was in use;
the user's theory of a problem, once the assistant agrees with it."""

from __future__ import annotations

import pytest
from capture_helpers import facts_of, session

from rlat.capture.pipeline import capture_transcript


def captured(b, store=None) -> dict[str, list[dict]]:
    """The facts found; with ``store``, those stored (a fact whose citations do not check out
    against the transcript is dropped, not stored)."""
    report = capture_transcript(b.write(b.path), store=store, dry_run=store is None)
    return {kind: [f for f in found if f["action"] == "proposed"]
            for kind, found in facts_of(report).items()}


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
    (fix,) = captured(b, store)["recovery"]  # (stored: its citations are the transcript's)
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
    (fix,) = captured(b, store)["recovery"]
    assert "picotool load" in fix["text"] and "no step named 'flash'" in fix["text"]


def test_another_job_after_a_wrapped_command_failed_on_the_code_is_no_recovery(tmp_path):
    b = session(tmp_path)
    b.prompt("run the tests")
    b.run("Bash", {"command": "timeout 60 make test"},
          "Exit code 2\nFAIL: test_parse (tests.test_cli) AssertionError: 3 != 4", is_error=True)
    b.run("Bash", {"command": "make lint"}, "All checks passed!")
    b.say("Lint is clean; one test fails on the parser.")
    assert "recovery" not in captured(b)


def test_a_rule_keeps_the_sentence_naming_the_type_that_keeps_it(tmp_path, store):
    b = session(tmp_path)
    b.prompt("add a ring buffer for the gust samples")
    b.say("GustRing keeps its 600 samples in a static array.")
    b.prompt("ok cool. fyi no heap allocs in the firmware, ever. if something realy needs an "
             "allocator it gets a FixedBufferAllocator over a static buffer")
    b.say("Noted.")
    (rule,) = captured(b, store)["convention"]
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
    (found,) = captured(b, store)["falsified"]
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
    assert "falsified" not in captured(b)


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
    return captured(b, store)


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
