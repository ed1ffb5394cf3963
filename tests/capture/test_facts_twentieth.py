"""Capture of the twentieth pass (docs/capture.md, "Twentieth pass"): the words a user types when
turning down a tool call are a rule even without a rule's usual wording, an offer that only asks
leave ("… and hot deploy. Want me to?") is turned down by what was tried before, a time told by
the calendar or the team's own events dates an attempt, "Here's the cause." opens an
explanation, and a relative path in a transcript is named relative to the session, wherever
`rlat capture` runs."""

from __future__ import annotations

import json

import pytest
from capture_helpers import proposed, proposed_texts, session

from rlat.capture.pipeline import capture_transcript

REJECTED = ("The user doesn't want to proceed with this tool use. The tool use was rejected (eg. "
            "if it was a file edit, the new_string was NOT written to the file). To tell you how "
            "to proceed, the user said:\n")


def test_feedback_turning_a_call_down_is_a_rule_however_it_is_worded(tmp_path):
    b = session(tmp_path)
    b.prompt("add a `volunteer_count` field to the JSON the shifts controller returns")
    b.say("Making the change.")
    b.run("Bash", {"command": "perltidy -b lib/Shifts.pm"},
          REJECTED + "nope. everything goes through `tidyall -a` before you commit — it uses "
          "the repo's .perltidyrc", is_error=True)
    b.say("Right, sorry. Redoing it.")
    (rule,) = [f for f in proposed(b)["convention"] if "tidyall" in f["text"]]
    assert rule["text"].lower().startswith("everything goes through `tidyall -a`")


@pytest.mark.parametrize("feedback", ["no, wait", "not yet, let me check something first?",
                                      "hmm, maybe not now"])
def test_feedback_that_names_nothing_or_asks_is_no_rule(tmp_path, feedback):
    b = session(tmp_path)
    b.prompt("add a `volunteer_count` field to the JSON the shifts controller returns")
    b.run("Bash", {"command": "perltidy -b lib/Shifts.pm"}, REJECTED + feedback, is_error=True)
    b.say("Okay.")
    assert not proposed(b).get("convention")


@pytest.mark.parametrize("feedback", [
    "wait, first show me the diff of `shifts_controller.rb`",
    "stop. let me run `npm test` myself",
    "not now, the `deploy.sh` script is being edited by Sam",
    "nope, wrong file — I meant `config/prod.yml` not dev",
    "I don't want that change in `models.py` yet"])
def test_feedback_about_this_call_is_no_rule(tmp_path, feedback):
    # (it names code, but says what to do with this call, not how the team works)
    b = session(tmp_path)
    b.prompt("add a `volunteer_count` field to the JSON the shifts controller returns")
    b.run("Bash", {"command": "git push origin main"}, REJECTED + feedback, is_error=True)
    b.say("Okay.")
    assert not proposed(b).get("convention")


@pytest.mark.parametrize("ask", ["Want me to?", "Should I?", "Shall I go ahead?", "Try it?"])
def test_an_offer_that_only_asks_leave_is_turned_down_by_what_was_tried(tmp_path, ask):
    b = session(tmp_path)
    b.prompt("can we just crank up the number of web workers for publish day?")
    b.say(f"Easy — bump hypnotoad's workers in sorrelwick.yml to 16 and hot deploy. {ask}")
    b.prompt("been there: we went to 16 workers in january and postgres ran out of connections "
             "— every worker keeps its own pool, max_connections is 100. back to 6 until "
             "someone sets up pgbouncer")
    b.say("Thanks, that rules it out.")
    (tried,) = proposed(b)["falsified"]
    assert "16 workers in january" in tried["text"] and "max_connections" in tried["text"]


def test_an_attempt_dated_by_the_teams_own_event_turns_the_offer_down(tmp_path):
    b = session(tmp_path)
    b.prompt("pentest report says the session cookie should be samesite strict. quick win?")
    b.say("One line in lib/Sorrelwick.pm — sessions->samesite('Strict'). Should I?")
    b.prompt("no. we set SameSite=Strict before the autumn drive and every volunteer clicking "
             "'confirm shift' in their email landed logged out. we went back to Lax the next day")
    b.say("Thanks, that rules it out.")
    (tried,) = proposed(b)["falsified"]
    assert "SameSite=Strict before the autumn drive" in tried["text"]


@pytest.mark.parametrize("reply", [
    "we changed the nginx timeout in march too and nothing broke, so fine by me",
    "we changed the nginx timeout in march too, no issues since"])
def test_an_attempt_that_went_without_trouble_does_not_turn_the_offer_down(tmp_path, reply):
    b = session(tmp_path)
    b.prompt("the PDF export times out on big rotas")
    b.say("Easy — raise the gunicorn timeout in gunicorn.conf.py to 120. Should I?")
    b.prompt(reply)
    b.say("Done.")
    assert not proposed(b).get("falsified")


def test_an_offer_taken_up_is_not_turned_down(tmp_path):
    b = session(tmp_path)
    b.prompt("can we just crank up the number of web workers for publish day?")
    b.say("Easy — bump hypnotoad's workers in sorrelwick.yml to 16 and hot deploy. Want me to?")
    b.prompt("yes please. we went to 12 workers in january and it was fine")
    b.say("Done.")
    assert not proposed(b).get("falsified")


LOG = """players in the eu room say the turn timer shows -2147483 seconds. only on the server side,
client math is fine. log:

```
[Room 41] turn deadline=-1894211560 now=-1894241112 remaining=29552
[Room 41] turn deadline=-1894181560 now=1759132770 remaining=-3653314330
```"""


@pytest.mark.parametrize("lead", ["Here's the cause.", "Found the issue:", "Here is the root cause:"])
def test_heres_the_cause_opens_the_explanation(tmp_path, lead):
    b = session(tmp_path)
    b.prompt(LOG)
    b.run("Bash", {"command": "grep -n deadline src/server/Room.hx"},
          "22:  var deadline:Int;\n88:    deadline = Std.int(Date.now().getTime()) + turnMs;")
    b.say(f"{lead} On HashLink Int is a 32-bit integer, and a millisecond epoch timestamp is "
          "~1.7e12, so Std.int() wraps and the deadline goes negative. The browser client runs "
          "on JS, where numbers are doubles, so it never shows. Server-side timestamps have to "
          "be haxe.Int64 (or Float), never Int.")
    b.run("Edit", {"file_path": "src/server/Room.hx", "old_string": "  var deadline:Int;\n",
                   "new_string": "  var deadline:haxe.Int64;\n"}, "updated")
    b.say("Room.hx keeps the deadline as haxe.Int64 now; the test for a 30-second turn passes.")
    assert any("haxe.Int64" in t for t in proposed_texts(proposed(b)))


def test_a_relative_path_is_named_relative_to_the_session_wherever_capture_runs(
        tmp_path, monkeypatch):
    b = session(tmp_path)
    b.prompt("set the inactivity timeout to 120 in the app config please")
    b.run("Edit", {"file_path": "conf/app.yml", "old_string": "proxy: 1\n",
                   "new_string": "proxy: 1\ninactivity_timeout: 120\n"}, "updated")
    b.say("Done: conf/app.yml sets inactivity_timeout to 120.")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    report = capture_transcript(b.write(b.path), dry_run=True)
    (record,) = [c for c in report.claims if c["type"] == "event"]
    assert "Changed: conf/app.yml" in record["text"], record["text"]
    assert str(elsewhere) not in json.dumps(report.claims)


NGINX = """marta says the month rota PDF fails every time for the big food bank. nginx log:

```
2025/03/11 09:14:52 [error] 1187#1187: *5521 upstream prematurely closed connection while reading response header from upstream
```"""


def test_a_guess_put_as_a_tag_question_keeps_the_problem_open_for_its_explanation(tmp_path):
    b = session(tmp_path)
    b.prompt(NGINX)
    b.run("Bash", {"command": "grep -A8 '^hypnotoad' sorrelwick.yml"}, "hypnotoad:\n  workers: 6")
    b.run("Bash", {"command": "time curl -s -o /dev/null https://rota.example.org/rota.pdf"},
          "000\n\nreal\t0m15.012s")
    b.say("Hm, the code itself looks fine.")
    b.prompt("dies at 15s flat? that's hypnotoad's idle timeout, isn't it")
    b.say("Right — that fits. hypnotoad drops any connection that's silent for 15 seconds — its "
          "default inactivity_timeout — and the PDF takes ~40s to render before the first byte. "
          "Setting inactivity_timeout: 120 under hypnotoad in sorrelwick.yml lets it finish.")
    b.run("Edit", {"file_path": "sorrelwick.yml", "old_string": "  proxy: 1\n",
                   "new_string": "  proxy: 1\n  inactivity_timeout: 120\n"}, "updated")
    b.say("Config changed; it takes effect with the next deploy.")
    found = proposed_texts(proposed(b))
    assert any("inactivity_timeout: 120" in t and "silent for 15 seconds" in t
               for t in found), found
    assert not any(t.startswith("dies at 15s") for t in found), found


@pytest.mark.parametrize("aside", ["side thing:", "fyi", "oh, before I forget -", "btw"])
def test_a_fact_told_in_passing_is_kept(tmp_path, aside):
    b = session(tmp_path)
    b.prompt("update wisp and gleam_stdlib to their latest versions")
    b.say("Updated both.")
    b.prompt(f"{aside} photos are in R2, bucket lot-myndir - the scales upload straight into "
             "it. verify that when you get a sec")
    b.say("Checked: the upload handler writes to lot-myndir.")
    assert any("bucket lot-myndir" in t for t in proposed_texts(proposed(b)))


@pytest.mark.parametrize("said", ["ps shows two gunicorn masters running under supervisor",
                                  "ps -ef lists two gunicorn masters running under supervisor"])
def test_the_ps_command_is_no_postscript(tmp_path, said):
    b = session(tmp_path)
    b.prompt("update wisp and gleam_stdlib to their latest versions")
    b.say("Updated both.")
    b.prompt(said)
    b.say("Ok.")
    assert not any("gunicorn masters" in t for t in proposed_texts(proposed(b)))


def test_a_question_or_an_order_told_in_passing_is_no_fact(tmp_path):
    b = session(tmp_path)
    b.prompt("update wisp and gleam_stdlib to their latest versions")
    b.say("Updated both.")
    b.prompt("side thing: can you check which bucket the photos go to in R2?")
    b.say("lot-myndir.")
    b.prompt("fyi: move the photos to the lot-myndir-2 bucket when you get a chance")
    b.say("Will do.")
    assert not any("myndir" in t for t in proposed_texts(proposed(b)))
